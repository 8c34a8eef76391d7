//! `eastfront selfplay` and `eastfront bench`, the same for every game in the registry: games
//! played to their end by random legal actions or the game's computer players (each sees only
//! its side's view), the win rates per side and the computer's time per decision.

use crate::app::table::bridge::options_for_mode;
use crate::app::table::TableGame;
use eastfront_kernel::{Opponent, Side, Viewer};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::Instant;

/// What `selfplay` plays.
#[derive(Clone, Debug, PartialEq)]
pub struct SelfplayArgs {
    pub games: u64,
    pub seed: u64,
    /// A scenario id; None: every scenario in turn.
    pub scenario: Option<String>,
    /// A mode id or alias of the game (its rules options); None: the game's first mode.
    pub mode: Option<String>,
    /// Who plays each side: "random", "ai" (the game's default level) or a level id.
    pub german: String,
    pub soviet: String,
    pub max_steps: u64,
    pub verbose: bool,
}

pub struct GameResult {
    pub winner: Option<Side>,
    pub reason: String,
    pub steps: u64,
    pub error: Option<String>,
}

/// One side's player.
enum Player<G: TableGame> {
    Random,
    Ai(Box<dyn Opponent<G>>),
}

fn player<G: TableGame>(game: &G, who: &str) -> Result<Player<G>, String> {
    let spec = game.setup_spec();
    match who {
        "random" => Ok(Player::Random),
        "ai" => {
            let default = spec.levels.get(1).or(spec.levels.first()).map(|l| l.id);
            Ok(Player::Ai(game.opponent(default.unwrap_or(""))))
        }
        level if spec.levels.iter().any(|l| l.id == level) => Ok(Player::Ai(game.opponent(level))),
        other => {
            let levels: Vec<&str> = spec.levels.iter().map(|l| l.id).collect();
            Err(format!(
                "unknown player \"{other}\" for {} (random, ai{}{})",
                game.title(),
                if levels.is_empty() { "" } else { ", " },
                levels.join(", ")
            ))
        }
    }
}

/// Plays one game to its end (or `max_steps`); returns the result and the seconds each
/// computer decision took.
fn play_one<G: TableGame>(
    game: &G,
    scenario: &str,
    options: &G::Options,
    seed: u64,
    players: &[Player<G>; 2],
    max_steps: u64,
) -> (GameResult, Vec<f64>) {
    let result = |steps, error: Option<String>| GameResult {
        winner: None,
        reason: if error.is_none() {
            "step limit".into()
        } else {
            String::new()
        },
        steps,
        error,
    };
    let mut times = Vec::new();
    let mut st = match game.setup(scenario, options, seed) {
        Ok(s) => s,
        Err(e) => return (result(0, Some(e.0)), times),
    };
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x9e37_79b9_7f4a_7c15);
    let mut steps = 0;
    while let Some(seat) = game.active(&st) {
        if steps >= max_steps {
            return (result(steps, None), times);
        }
        let legal = game.legal_actions(&st, seat);
        if legal.is_empty() {
            return (
                result(steps, Some(format!("no legal action for seat {}", seat.0))),
                times,
            );
        }
        let side = game.side_of(&st, seat);
        let action = match &players[(side == Side::Soviet) as usize] {
            Player::Random => legal[rng.random_range(0..legal.len())].clone(),
            Player::Ai(ai) => {
                let t = Instant::now();
                let view = game.view(&st, Viewer::Side(side));
                let a = ai.choose(game, &view, &legal, rng.random());
                times.push(t.elapsed().as_secs_f64());
                a
            }
        };
        if let Err(e) = game.apply(&mut st, seat, &action) {
            return (
                result(
                    steps,
                    Some(format!("legal action refused: {e} ({action:?})")),
                ),
                times,
            );
        }
        steps += 1;
    }
    let o = game.outcome(&st);
    (
        GameResult {
            winner: o.as_ref().and_then(|o| o.winner),
            reason: o.map(|o| o.reason).unwrap_or_default(),
            steps,
            error: None,
        },
        times,
    )
}

fn pct(n: u64, d: u64) -> f64 {
    if d == 0 {
        0.0
    } else {
        100.0 * n as f64 / d as f64
    }
}

/// The median and worst of some timings, in ms.
fn median_worst(times: &mut [f64]) -> Option<(f64, f64)> {
    times.sort_by(f64::total_cmp);
    Some((*times.get(times.len() / 2)? * 1e3, *times.last()? * 1e3))
}

pub fn selfplay<G: TableGame>(args: &SelfplayArgs) -> i32 {
    let game = G::builtin();
    let all: Vec<String> = game.scenarios().into_iter().map(|s| s.id).collect();
    if let Some(sc) = &args.scenario {
        if !all.contains(sc) {
            eprintln!(
                "error: {} has no scenario \"{sc}\" (it has: {})",
                game.title(),
                all.join(", ")
            );
            return 2;
        }
    }
    let options = match options_for_mode(game, args.mode.as_deref()) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    let players = match (player(game, &args.german), player(game, &args.soviet)) {
        (Ok(g), Ok(s)) => [g, s],
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    let (mut german, mut soviet, mut unfinished, mut errors, mut total_steps) =
        (0u64, 0u64, 0u64, 0u64, 0u64);
    let mut times = Vec::new();
    let start = Instant::now();
    for i in 0..args.games {
        let s = args.seed.wrapping_add(i);
        let sc = args
            .scenario
            .clone()
            .unwrap_or_else(|| all[i as usize % all.len()].clone());
        let (r, t) = play_one(game, &sc, &options, s, &players, args.max_steps);
        times.extend(t);
        total_steps += r.steps;
        match (&r.error, r.winner) {
            (Some(e), _) => {
                errors += 1;
                println!(
                    "game {i} ({sc}, seed {s}): ERROR after {} steps: {e}",
                    r.steps
                );
            }
            (None, Some(Side::German)) => german += 1,
            (None, Some(Side::Soviet)) => soviet += 1,
            (None, None) => unfinished += 1,
        }
        if args.verbose && r.error.is_none() {
            println!(
                "game {i} ({sc}, seed {s}): {} in {} steps — {}",
                r.winner.map(|w| w.name()).unwrap_or("unfinished"),
                r.steps,
                r.reason
            );
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{}: {} games ({}, {}, German {} vs Soviet {}): German wins {german} ({:.1}%), Soviet wins {soviet} ({:.1}%), unfinished {unfinished}, errors {errors}; {total_steps} steps, {:.1} steps/game, {:.1}s",
        game.id(),
        args.games,
        args.scenario.as_deref().unwrap_or("all scenarios"),
        args.mode.as_deref().unwrap_or("default mode"),
        args.german,
        args.soviet,
        pct(german, args.games),
        pct(soviet, args.games),
        total_steps as f64 / args.games.max(1) as f64,
        secs
    );
    if let Some((median, worst)) = median_worst(&mut times) {
        println!(
            "  computer time per decision: median {median:.3} ms, worst {worst:.1} ms over {} decisions",
            times.len()
        );
    }
    i32::from(errors > 0)
}

pub fn bench<G: TableGame>(games: u64, seed: u64) {
    let game = G::builtin();
    let all: Vec<String> = game.scenarios().into_iter().map(|s| s.id).collect();
    let options = options_for_mode(game, None).unwrap_or_default();
    let random = [Player::<G>::Random, Player::<G>::Random];
    let start = Instant::now();
    let mut steps = 0;
    for i in 0..games {
        let sc = &all[i as usize % all.len()];
        steps += play_one(game, sc, &options, seed + i, &random, 1_000_000)
            .0
            .steps;
    }
    let secs = start.elapsed().as_secs_f64().max(1e-9);
    println!(
        "{} random play: {games} games ({}), {steps} steps in {secs:.2}s on one core",
        game.id(),
        if all.len() > 1 {
            "all scenarios"
        } else {
            "its scenario"
        }
    );
    println!(
        "  {:.1} games/s, {:.0} steps/s",
        games as f64 / secs,
        steps as f64 / secs
    );
    // The computer players on every side they can play: time per decision.
    let ai = |who: &str| player(game, who).ok();
    let (Some(g), Some(s)) = (ai("ai"), ai("ai")) else {
        return;
    };
    let both = [g, s];
    let mut times = Vec::new();
    for i in 0..4u64 {
        let sc = &all[i as usize % all.len()];
        times.extend(play_one(game, sc, &options, seed + i, &both, 100_000).1);
    }
    if let Some((median, worst)) = median_worst(&mut times) {
        println!(
            "  computer players per decision: median {median:.3} ms, worst {worst:.1} ms over {} decisions",
            times.len()
        );
    }
}
