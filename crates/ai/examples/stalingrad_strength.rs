//! Measures the German AI against the official Soviet solitaire AI (rules §8).
//!
//! ```sh
//! CARGO_TARGET_DIR=/tmp/tgt-ai cargo run --release -p eastfront-ai --example stalingrad_strength -- \
//!     --games 400 --seed 0 [--level normal|german-easy|soviet-easy|impossible] [--random]
//! ```
//!
//! Prints German wins, the end reasons, Soviet reinforcement hexes held at the end, and the
//! AI's time per decision (median and worst).

use eastfront_kernel::{Game, Side, Viewer};
use eastfront_stalingrad::{Level, Options, Stalingrad};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1).cloned())
    };
    let games: u64 = arg("--games").and_then(|s| s.parse().ok()).unwrap_or(400);
    let seed0: u64 = arg("--seed").and_then(|s| s.parse().ok()).unwrap_or(0);
    let random = args.iter().any(|a| a == "--random");
    let variant = match arg("--level").as_deref() {
        None | Some("none") => None,
        Some("normal") => Some(Level::Normal),
        Some("german-easy") => Some(Level::GermanEasy),
        Some("soviet-easy") => Some(Level::SovietEasy),
        Some("impossible") => Some(Level::GermanImpossible),
        Some(other) => panic!("unknown level {other}"),
    };
    let options = Options {
        variant,
        ..Options::default()
    };
    let game = Stalingrad::new();
    let mut wins = 0;
    let mut held = 0;
    let mut reasons: BTreeMap<String, usize> = BTreeMap::new();
    let mut times: Vec<f64> = Vec::new();
    // Decisions at the top of a German turn (the five actions), the expensive ones.
    let mut top_times: Vec<f64> = Vec::new();
    let mut german_turns = 0u64;
    let mut max_held_sum = 0usize;
    let mut draws: BTreeMap<String, usize> = BTreeMap::new();
    let mut soviet_turns = 0usize;
    let mut soviet_reinf = 0usize;
    for seed in seed0..seed0 + games {
        let mut st = game.setup("standard", &options, seed).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut steps = 0u64;
        let mut max_held = 0;
        while let Some(seat) = game.active(&st) {
            let now = game
                .board
                .srh
                .iter()
                .filter(|h| st.control[h.index()] == Side::German)
                .count();
            max_held = max_held.max(now);
            let legal = game.legal_actions(&st, seat);
            let a = if random {
                eastfront_ai::random_action(&legal, &mut rng)
            } else {
                let t = Instant::now();
                let view = game.view(&st, Viewer::Side(game.side_of(&st, seat)));
                let a = eastfront_ai::choose_action(&game, &view, &legal, seed * 100_000 + steps);
                let ms = t.elapsed().as_secs_f64() * 1e3;
                times.push(ms);
                if legal.contains(&eastfront_stalingrad::Action::CallReinforcements) {
                    top_times.push(ms);
                }
                a
            };
            let evs = game.apply(&mut st, seat, &a).unwrap();
            for e in &evs {
                if let eastfront_stalingrad::EventKind::CardDrawn { side: Side::Soviet } = e.kind {
                    let why = e
                        .public
                        .split('(')
                        .nth(1)
                        .and_then(|x| x.split(')').next())
                        .unwrap_or("?");
                    let why: String = why
                        .chars()
                        .map(|c| if c.is_ascii_digit() { '#' } else { c })
                        .collect();
                    *draws.entry(why).or_default() += 1;
                }
                if e.public.starts_with("Soviet turn") {
                    soviet_turns += 1;
                }
                if e.public.contains("Reinforcement Action (A.") {
                    soviet_reinf += 1;
                }
            }
            steps += 1;
            assert!(steps < 50_000, "game {seed} does not end");
        }
        max_held_sum += max_held;
        german_turns += (st.turn as u64).div_ceil(2);
        let o = game.outcome(&st).unwrap();
        if o.winner == Some(Side::German) {
            wins += 1;
        }
        let key: String = o
            .reason
            .split(':')
            .next()
            .unwrap_or("")
            .chars()
            .take(60)
            .collect();
        *reasons.entry(format!("{:?}: {key}", o.winner)).or_default() += 1;
        held += game
            .board
            .srh
            .iter()
            .filter(|h| st.control[h.index()] == Side::German)
            .count();
    }
    println!(
        "{} German vs Soviet AI, {games} games from seed {seed0}, level {variant:?}",
        if random { "random" } else { "AI" }
    );
    println!(
        "German wins {wins}/{games} ({:.1}%), SRHs held at the end {:.2}/game, German turns {:.1}/game",
        100.0 * wins as f64 / games as f64,
        held as f64 / games as f64,
        german_turns as f64 / games as f64
    );
    println!(
        "most SRHs held at once {:.2}/game",
        max_held_sum as f64 / games as f64
    );
    for (r, n) in &reasons {
        println!("  {n:5}  {r}");
    }
    if std::env::var("DRAWS").is_ok() {
        println!("Soviet turns {:.1}/game, of them Reinforcement Actions {:.1}/game; Soviet draws by reason (per game):", soviet_turns as f64 / games as f64, soviet_reinf as f64 / games as f64);
        let mut v: Vec<_> = draws.iter().collect();
        v.sort_by_key(|x| std::cmp::Reverse(*x.1));
        for (r, n) in v {
            println!("  {:6.2}  {r}", *n as f64 / games as f64);
        }
    }
    if !top_times.is_empty() {
        top_times.sort_by(|a, b| a.partial_cmp(b).unwrap());
        println!(
            "turn decisions: median {:.3} ms, worst {:.3} ms over {}",
            top_times[top_times.len() / 2],
            top_times[top_times.len() - 1],
            top_times.len()
        );
    }
    if !times.is_empty() {
        times.sort_by(|a, b| a.partial_cmp(b).unwrap());
        println!(
            "decision time: median {:.4} ms, p99 {:.3} ms, worst {:.3} ms over {} decisions",
            times[times.len() / 2],
            times[times.len() * 99 / 100],
            times[times.len() - 1],
            times.len()
        );
    }
}
