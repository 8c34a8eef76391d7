//! Speed benchmark (docs/no_retreat.md, "Speed"): plays random games (uniform random legal
//! actions, both sides, seeds 0..GAMES, the bench's own generator) of one scenario on one
//! thread. `cargo run --release -p eastfront-no-retreat --example nrbench -- [SCENARIO]
//! [GAMES]` (campaign, 20 by default); run under `perf stat -e task-clock` for CPU time.

use eastfront_kernel::Game;
use eastfront_no_retreat::{NoRetreat, Options};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn main() {
    let mut args = std::env::args().skip(1);
    let scenario = args.next().unwrap_or_else(|| "campaign".into());
    let n: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(20);
    let g = NoRetreat::new();
    let start = std::time::Instant::now();
    let (mut actions, mut turns) = (0usize, 0usize);
    for seed in 0..n {
        let mut st = g
            .setup(&scenario, &Options::default(), seed)
            .expect("setup");
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while let Some(seat) = g.active(&st) {
            let acts = g.legal_actions(&st, seat);
            let a = acts[rng.random_range(0..acts.len())].clone();
            g.apply(&mut st, seat, &a).unwrap();
            actions += 1;
        }
        turns += usize::from(st.turn);
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{n} random {scenario} games in {secs:.2} s: {:.1} games/s, {actions} actions, {:.1} turns per game",
        n as f64 / secs,
        turns as f64 / n as f64
    );
}
