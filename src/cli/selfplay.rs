//! `eastfront selfplay` and `eastfront bench`, the same for every game in the registry: games
//! played to their end by random legal actions, the game's computer players at a level (each
//! sees only its side's view; `eastfront_ai::levels`) or the rules' own player (`official`:
//! Stalingrad's solitaire Soviet), the win rates per side and the computer's time per decision.

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
    /// Who plays each side: "random", "ai" (the game's default level), "official" (the
    /// rules play it) or a level id (`eastfront_ai::levels`).
    pub german: String,
    pub soviet: String,
    /// Search iterations per decision instead of the levels' thinking time (reproducible).
    pub budget: Option<u32>,
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
    /// The rules play this side (no seat of it is ever asked).
    Official,
}

fn player<G: TableGame>(game: &G, who: &str, budget: Option<u32>) -> Result<Player<G>, String> {
    match who {
        "random" => Ok(Player::Random),
        "official" => Ok(Player::Official),
        // The menu's default level (a level word the game does not know plays it).
        "ai" => Ok(Player::Ai(game.opponent(""))),
        level => G::computer(level, budget.into())
            .map(Player::Ai)
            .ok_or_else(|| {
                format!(
                    "unknown player \"{level}\" for {} (random, ai, official, {})",
                    game.title(),
                    eastfront_ai::levels::LEVELS.join(", ")
                )
            }),
    }
}

/// The sides the rules play in a mode: no seat of theirs is ever asked (seen over a few
/// hundred random steps from the setup).
fn official_sides<G: TableGame>(game: &G, mode: &str) -> Option<[bool; 2]> {
    let spec = game.setup_spec();
    let options = options_for_mode(game, Some(mode)).ok()?;
    let mut st = game.setup(&spec.scenarios.first()?.id, &options, 1).ok()?;
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut acts = [false; 2];
    for _ in 0..400 {
        let Some(seat) = game.active(&st) else { break };
        acts[(game.side_of(&st, seat) == Side::Soviet) as usize] = true;
        let legal = game.legal_actions(&st, seat);
        if legal.is_empty() {
            break;
        }
        let a = legal[rng.random_range(0..legal.len())].clone();
        game.apply(&mut st, seat, &a).ok()?;
    }
    Some([!acts[0], !acts[1]])
}

/// The mode to play: the one asked for, or the first whose rules play exactly the sides
/// named "official"; an error if the players and the mode do not fit.
fn mode_for<G: TableGame>(game: &G, args: &SelfplayArgs) -> Result<Option<String>, String> {
    let want = [args.german == "official", args.soviet == "official"];
    let spec = game.setup_spec();
    if let Some(m) = &args.mode {
        let id = spec
            .modes
            .iter()
            .find(|x| x.choice.id == m || x.aliases.contains(&m.as_str()))
            .map(|x| x.choice.id);
        if let Some(sides) = id.and_then(|id| official_sides(game, id)) {
            for (i, side) in [Side::German, Side::Soviet].into_iter().enumerate() {
                if want[i] && !sides[i] {
                    return Err(format!(
                        "in mode {m} the rules do not play the {}",
                        side.name()
                    ));
                }
            }
        }
        return Ok(Some(m.clone()));
    }
    if want == [false, false]
        && official_sides(game, spec.modes[0].choice.id) != Some([false, false])
    {
        // Both sides asked of players: a mode with a seat for each, if the game has one.
        if let Some(m) = spec
            .modes
            .iter()
            .find(|m| official_sides(game, m.choice.id) == Some([false, false]))
        {
            return Ok(Some(m.choice.id.to_string()));
        }
        return Ok(None);
    }
    match spec
        .modes
        .iter()
        .find(|m| official_sides(game, m.choice.id) == Some(want))
    {
        Some(m) => Ok(Some(m.choice.id.to_string())),
        None if want == [false, false] => Ok(None),
        None => Err(format!(
            "{} has no mode in which the rules play the side named \"official\"",
            game.title()
        )),
    }
}

/// Plays one game to its end (or `max_steps`); returns the result and the seconds each
/// computer decision took, per side.
fn play_one<G: TableGame>(
    game: &G,
    scenario: &str,
    options: &G::Options,
    seed: u64,
    players: &[Player<G>; 2],
    max_steps: u64,
) -> (GameResult, [Vec<f64>; 2]) {
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
    let mut times = [Vec::new(), Vec::new()];
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
        let s = (side == Side::Soviet) as usize;
        let action = match &players[s] {
            Player::Random => legal[rng.random_range(0..legal.len())].clone(),
            Player::Ai(ai) => {
                let t = Instant::now();
                let view = game.view(&st, Viewer::Side(side));
                let a = ai.choose(game, &view, &legal, rng.random());
                times[s].push(t.elapsed().as_secs_f64());
                a
            }
            Player::Official => {
                let e = format!("the rules do not play the {} here", side.name());
                return (result(steps, Some(e)), times);
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
    let mode = match mode_for(game, args) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    let options = match options_for_mode(game, mode.as_deref()) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    let players = match (
        player(game, &args.german, args.budget),
        player(game, &args.soviet, args.budget),
    ) {
        (Ok(g), Ok(s)) => [g, s],
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    let (mut german, mut soviet, mut unfinished, mut errors, mut total_steps) =
        (0u64, 0u64, 0u64, 0u64, 0u64);
    let mut times = [Vec::new(), Vec::new()];
    let start = Instant::now();
    for i in 0..args.games {
        let s = args.seed.wrapping_add(i);
        let sc = args
            .scenario
            .clone()
            .unwrap_or_else(|| all[i as usize % all.len()].clone());
        let (r, [g, so]) = play_one(game, &sc, &options, s, &players, args.max_steps);
        times[0].extend(g);
        times[1].extend(so);
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
        mode.as_deref().unwrap_or("default mode"),
        args.german,
        args.soviet,
        pct(german, args.games),
        pct(soviet, args.games),
        total_steps as f64 / args.games.max(1) as f64,
        secs
    );
    if let Some(b) = args.budget {
        println!("  search budget: {b} iterations per decision");
    }
    for (side, t) in [Side::German, Side::Soviet].into_iter().zip(&mut times) {
        if let Some((median, worst)) = median_worst(t) {
            println!(
                "  {} computer time per decision: median {median:.3} ms, worst {worst:.1} ms over {} decisions",
                side.name(),
                t.len()
            );
        }
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
    // The Easy players: the search levels think for their time budget by design.
    let ai = |who: &str| player(game, who, None).ok();
    let (Some(g), Some(s)) = (ai("easy"), ai("easy")) else {
        return;
    };
    let both = [g, s];
    let mut times = Vec::new();
    for i in 0..4u64 {
        let sc = &all[i as usize % all.len()];
        let [g, s] = play_one(game, sc, &options, seed + i, &both, 100_000).1;
        times.extend(g);
        times.extend(s);
    }
    if let Some((median, worst)) = median_worst(&mut times) {
        println!(
            "  computer players per decision: median {median:.3} ms, worst {worst:.1} ms over {} decisions",
            times.len()
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::games::{moscow41::Moscow41, stalingrad::Stalingrad};

    fn args(german: &str, soviet: &str, mode: Option<&str>) -> SelfplayArgs {
        SelfplayArgs {
            games: 1,
            seed: 1,
            scenario: None,
            mode: mode.map(String::from),
            german: german.into(),
            soviet: soviet.into(),
            budget: Some(8),
            max_steps: 100,
            verbose: false,
        }
    }

    #[test]
    fn official_picks_the_mode_whose_rules_play_that_side() {
        let st = Stalingrad::builtin();
        assert_eq!(
            mode_for(st, &args("hard", "official", None)).unwrap(),
            Some("solitaire".into())
        );
        // Both sides asked of players: the mode with a seat for each.
        let both = mode_for(st, &args("hard", "easy", None)).unwrap().unwrap();
        assert_eq!(official_sides(st, &both), Some([false, false]));
        assert!(mode_for(st, &args("official", "hard", None)).is_err());
        assert!(mode_for(st, &args("hard", "official", Some("1v1"))).is_err());
        let m41 = Moscow41::builtin();
        let m = mode_for(m41, &args("hard", "utility-hard", None))
            .unwrap()
            .unwrap();
        assert_eq!(official_sides(m41, &m), Some([false, false]));
    }

    #[test]
    fn levels_and_budgets_make_players() {
        let m41 = Moscow41::builtin();
        for who in ["random", "easy", "normal", "hard", "utility-hard"] {
            assert!(player(m41, who, Some(8)).is_ok(), "{who}");
        }
        let e = player(m41, "grandmaster", None).err().unwrap();
        assert!(e.contains("grandmaster") && e.contains("hard"), "{e}");
    }
}
