//! Profiling harness (docs/no_retreat.md, "Speed"): plays random campaigns and prints the time
//! spent listing legal actions per phase and applying each kind of action.
//! `cargo run --release -p eastfront-no-retreat --example nrprof -- GAMES` (5 by default); run
//! under `perf stat -e task-clock` for CPU time on a loaded machine.

use eastfront_kernel::Game;
use eastfront_no_retreat::state::Phase;
use eastfront_no_retreat::{NoRetreat, Options};
use std::collections::BTreeMap;
use std::time::Instant;

fn main() {
    let g = NoRetreat::new();
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(5);
    let mut legal_t: BTreeMap<String, (f64, usize)> = BTreeMap::new();
    let mut apply_t: BTreeMap<String, (f64, usize)> = BTreeMap::new();
    let mut rng: u64 = 12345;
    for seed in 0..n {
        let mut st = g.setup("campaign", &Options::default(), seed).unwrap();
        while let Some(seat) = g.active(&st) {
            let ph = match st.phase {
                Phase::Player { step, .. } => format!("{step:?} p{}", st.pending.len()),
                p => format!("{p:?}"),
            };
            let t = Instant::now();
            let acts = g.legal_actions(&st, seat);
            let e = legal_t.entry(ph).or_default();
            e.0 += t.elapsed().as_secs_f64();
            e.1 += 1;
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let a = acts[(rng % acts.len() as u64) as usize].clone();
            let k = format!("{a:?}")
                .split([' ', '{', '('])
                .next()
                .unwrap()
                .to_string();
            let t = Instant::now();
            g.apply(&mut st, seat, &a).unwrap();
            let e = apply_t.entry(k).or_default();
            e.0 += t.elapsed().as_secs_f64();
            e.1 += 1;
        }
    }
    let tot: f64 =
        legal_t.values().map(|x| x.0).sum::<f64>() + apply_t.values().map(|x| x.0).sum::<f64>();
    println!("total {tot:.3}s");

    for (k, (t, c)) in &legal_t {
        println!(
            "legal {k:30} {:6.1}% {c:7} {:8.1}us",
            t / tot * 100.0,
            t / *c as f64 * 1e6
        );
    }
    for (k, (t, c)) in &apply_t {
        println!(
            "apply {k:30} {:6.1}% {c:7} {:8.1}us",
            t / tot * 100.0,
            t / *c as f64 * 1e6
        );
    }
}
