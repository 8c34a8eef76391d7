//! `eastfront selfplay` and `eastfront bench`.

use super::{PlayerArg, SidePlayerArg};
use eastfront_kernel::{Game, Seat, Side, Viewer};
use eastfront_stalingrad::{Mode, Options, Stalingrad, State};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::Instant;

pub struct GameResult {
    pub winner: Option<Side>,
    pub reason: String,
    pub steps: u64,
    pub error: Option<String>,
}

/// Plays one game of any game to its end (or `max_steps`), asking `pick` for each decision
/// (it gets the state, the seat to act, the legal actions, the step number and a generator
/// seeded from `seed`).
fn play_game<G: Game>(
    game: &G,
    scenario: &str,
    options: &G::Options,
    seed: u64,
    max_steps: u64,
    mut pick: impl FnMut(&G::State, Seat, &[G::Action], u64, &mut ChaCha8Rng) -> G::Action,
) -> GameResult
where
    G::Action: std::fmt::Debug,
{
    let result = |steps, reason: &str, error: Option<String>| GameResult {
        winner: None,
        reason: reason.into(),
        steps,
        error,
    };
    let mut st = match game.setup(scenario, options, seed) {
        Ok(s) => s,
        Err(e) => return result(0, "", Some(e.0)),
    };
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x9e37_79b9_7f4a_7c15);
    let mut steps = 0;
    while let Some(seat) = game.active(&st) {
        if steps >= max_steps {
            return result(steps, "step limit", None);
        }
        let legal = game.legal_actions(&st, seat);
        if legal.is_empty() {
            let e = format!("no legal action for seat {}", seat.0);
            return result(steps, "", Some(e));
        }
        let action = pick(&st, seat, &legal, steps, &mut rng);
        if let Err(e) = game.apply(&mut st, seat, &action) {
            let e = format!("legal action refused: {e} ({action:?})");
            return result(steps, "", Some(e));
        }
        steps += 1;
    }
    let o = game.outcome(&st);
    GameResult {
        winner: o.as_ref().and_then(|o| o.winner),
        reason: o.map(|o| o.reason).unwrap_or_default(),
        steps,
        error: None,
    }
}

/// Plays one Stalingrad game to its end (or `max_steps`).
pub fn play_one(
    game: &Stalingrad,
    options: &Options,
    seed: u64,
    players: PlayerArg,
    max_steps: u64,
) -> GameResult {
    play_game(
        game,
        "standard",
        options,
        seed,
        max_steps,
        |st: &State, seat, legal, steps, rng| match players {
            PlayerArg::Random => eastfront_ai::random_action(legal, rng),
            PlayerArg::Ai => {
                let view = game.view(st, Viewer::Side(game.side_of(st, seat)));
                eastfront_ai::choose_action(game, &view, legal, seed.wrapping_add(steps))
            }
        },
    )
}

pub fn selfplay(
    games: u64,
    seed: u64,
    mode: Mode,
    players: PlayerArg,
    max_steps: u64,
    verbose: bool,
) -> i32 {
    let game = Stalingrad::new();
    let options = Options {
        mode,
        ..Options::default()
    };
    let (mut german, mut soviet, mut unfinished, mut errors, mut total_steps) =
        (0u64, 0u64, 0u64, 0u64, 0u64);
    let start = Instant::now();
    for i in 0..games {
        let s = seed.wrapping_add(i);
        let r = play_one(&game, &options, s, players, max_steps);
        total_steps += r.steps;
        match (&r.error, r.winner) {
            (Some(e), _) => {
                errors += 1;
                println!("game {i} (seed {s}): ERROR after {} steps: {e}", r.steps);
            }
            (None, Some(Side::German)) => german += 1,
            (None, Some(Side::Soviet)) => soviet += 1,
            (None, None) => unfinished += 1,
        }
        if verbose && r.error.is_none() {
            println!(
                "game {i} (seed {s}): {} in {} steps — {}",
                r.winner.map(|w| w.name()).unwrap_or("unfinished"),
                r.steps,
                r.reason
            );
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{games} games ({mode:?}, {players:?} players): German wins {german} ({:.1}%), Soviet wins {soviet} ({:.1}%), unfinished {unfinished}, errors {errors}; {total_steps} steps, {:.1} steps/game, {:.1}s",
        pct(german, games),
        pct(soviet, games),
        total_steps as f64 / games.max(1) as f64,
        secs
    );
    if errors > 0 {
        1
    } else {
        0
    }
}

fn pct(n: u64, d: u64) -> f64 {
    if d == 0 {
        0.0
    } else {
        100.0 * n as f64 / d as f64
    }
}

pub fn bench(games: u64, seed: u64) -> i32 {
    let game = Stalingrad::new();
    let options = Options::default();
    let start = Instant::now();
    let mut steps = 0;
    for i in 0..games {
        steps += play_one(&game, &options, seed + i, PlayerArg::Random, 10_000).steps;
    }
    let secs = start.elapsed().as_secs_f64().max(1e-9);
    println!("stalingrad random play: {games} games, {steps} steps in {secs:.2}s on one core");
    println!(
        "  {:.1} games/s, {:.0} steps/s",
        games as f64 / secs,
        steps as f64 / secs
    );
    // The AI's time per decision.
    let mut st = game.setup("standard", &options, seed).expect("setup");
    let mut times = Vec::new();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    while let Some(seat) = game.active(&st) {
        let legal = game.legal_actions(&st, seat);
        let t = Instant::now();
        let view = game.view(&st, Viewer::Side(game.side_of(&st, seat)));
        let a = eastfront_ai::choose_action(&game, &view, &legal, times.len() as u64);
        times.push(t.elapsed().as_secs_f64() * 1000.0);
        let _ = &mut rng;
        if game.apply(&mut st, seat, &a).is_err() || times.len() > 5000 {
            break;
        }
    }
    times.sort_by(|a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal));
    if !times.is_empty() {
        println!(
            "  German AI per decision: median {:.3} ms, worst {:.3} ms over {} decisions",
            times[times.len() / 2],
            times[times.len() - 1],
            times.len()
        );
    }
    let _ = Seat(0);
    bench_moscow41(games, seed);
    0
}

/// Random legal actions until the game ends (any game).
fn play_random<G: Game>(
    game: &G,
    scenario: &str,
    options: &G::Options,
    seed: u64,
    max_steps: u64,
) -> GameResult
where
    G::Action: std::fmt::Debug,
{
    play_game(
        game,
        scenario,
        options,
        seed,
        max_steps,
        |_, _, legal, _, rng| legal[rng.random_range(0..legal.len())].clone(),
    )
}

/// One Moscow '41 game with a random or AI player per side (German, Soviet). The AI sees
/// only its own side's view. Returns the result and, per AI side, the seconds each impulse's
/// decisions took (consecutive decisions of one side).
fn play_moscow41(
    game: &eastfront_moscow41::Moscow41,
    scenario: &str,
    options: &eastfront_moscow41::Options,
    seed: u64,
    players: [SidePlayerArg; 2],
    max_steps: u64,
) -> (GameResult, Vec<f64>) {
    use eastfront_ai::moscow41::Level;
    // Seconds per impulse: an AI side's consecutive decisions, summed.
    let mut impulse_times = Vec::new();
    let mut run: Option<(Side, f64)> = None;
    let r = play_game(
        game,
        scenario,
        options,
        seed,
        max_steps,
        |st, seat, legal, _, rng| {
            let side = game.side_of(st, seat);
            let level = match players[if side == Side::German { 0 } else { 1 }] {
                SidePlayerArg::Random => None,
                SidePlayerArg::Easy => Some(Level::Easy),
                SidePlayerArg::Normal => Some(Level::Normal),
                SidePlayerArg::Hard => Some(Level::Hard),
            };
            let Some(level) = level else {
                impulse_times.extend(run.take().map(|(_, t)| t));
                return legal[rng.random_range(0..legal.len())].clone();
            };
            let t = Instant::now();
            let view = game.view(st, Viewer::Side(side));
            let a = eastfront_ai::moscow41::choose(game, &view, legal, level, rng.random());
            let secs = t.elapsed().as_secs_f64();
            match &mut run {
                Some((s, total)) if *s == side => *total += secs,
                _ => {
                    impulse_times.extend(run.take().map(|(_, t)| t));
                    run = Some((side, secs));
                }
            }
            a
        },
    );
    impulse_times.extend(run.map(|(_, t)| t));
    (r, impulse_times)
}

/// `eastfront selfplay --game moscow41`: random or AI (three levels) on each side; prints
/// the win rates per side and the AI's time per impulse.
pub fn selfplay_moscow41(
    games: u64,
    seed: u64,
    scenario: Option<&str>,
    players: [SidePlayerArg; 2],
    max_steps: u64,
    verbose: bool,
) -> i32 {
    let game = eastfront_moscow41::Moscow41::new();
    let all: Vec<String> = game.scenarios().into_iter().map(|s| s.id).collect();
    if let Some(sc) = scenario {
        if !all.iter().any(|s| s == sc) {
            eprintln!(
                "error: Moscow '41 has no scenario \"{sc}\" (it has: {})",
                all.join(", ")
            );
            return 2;
        }
    }
    let options = eastfront_moscow41::Options::default();
    let (mut german, mut soviet, mut unfinished, mut errors, mut total_steps) =
        (0u64, 0u64, 0u64, 0u64, 0u64);
    let start = Instant::now();
    let mut times: Vec<f64> = Vec::new();
    for i in 0..games {
        let s = seed.wrapping_add(i);
        let sc = scenario.unwrap_or(&all[i as usize % all.len()]);
        let (r, t) = play_moscow41(&game, sc, &options, s, players, max_steps);
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
        if verbose && r.error.is_none() {
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
        "moscow41: {games} games ({}, German {:?} vs Soviet {:?}): German wins {german} ({:.1}%), Soviet wins {soviet} ({:.1}%), unfinished {unfinished}, errors {errors}; {total_steps} steps, {:.1} steps/game, {:.1}s",
        scenario.unwrap_or("all scenarios"),
        players[0],
        players[1],
        pct(german, games),
        pct(soviet, games),
        total_steps as f64 / games.max(1) as f64,
        secs
    );
    if !times.is_empty() {
        times.sort_by(f64::total_cmp);
        println!(
            "  AI time per impulse: median {:.1} ms, worst {:.1} ms over {} impulses",
            times[times.len() / 2] * 1e3,
            times[times.len() - 1] * 1e3,
            times.len()
        );
    }
    if errors > 0 {
        1
    } else {
        0
    }
}

fn bench_moscow41(games: u64, seed: u64) {
    let game = eastfront_moscow41::Moscow41::new();
    let all: Vec<String> = game.scenarios().into_iter().map(|s| s.id).collect();
    let options = eastfront_moscow41::Options::default();
    let start = Instant::now();
    let mut steps = 0;
    for i in 0..games {
        let sc = &all[i as usize % all.len()];
        steps += play_random(&game, sc, &options, seed + i, 1_000_000).steps;
    }
    let secs = start.elapsed().as_secs_f64().max(1e-9);
    println!("moscow41 random play: {games} games (all scenarios), {steps} steps in {secs:.2}s on one core");
    println!(
        "  {:.1} games/s, {:.0} steps/s",
        games as f64 / secs,
        steps as f64 / secs
    );
    // The AI at its default level on both sides: time per impulse (its decisions in a row).
    let mut times = Vec::new();
    for (i, sc) in ["sc1", "sc3", "sc1", "sc3"].into_iter().enumerate() {
        let normal = SidePlayerArg::Normal;
        let (_, t) = play_moscow41(
            &game,
            sc,
            &options,
            seed + i as u64,
            [normal, normal],
            100_000,
        );
        times.extend(t);
    }
    times.sort_by(f64::total_cmp);
    if let (Some(median), Some(worst)) = (times.get(times.len() / 2), times.last()) {
        println!(
            "moscow41 AI (Normal, both sides, sc1 and sc3): median {:.1} ms, worst {:.1} ms per impulse over {} impulses",
            median * 1e3,
            worst * 1e3,
            times.len()
        );
    }
}
