//! `eastfront selfplay`'s loop for No Retreat! without the app (same seeds, same players):
//! `cargo run --release -p eastfront-ai --example nr_pair -- GERMAN SOVIET SCENARIO GAMES SEED`,
//! each player `random`, `easy`, `normal` or `hard`. Prints the wins and the AI's time per decision.
use eastfront_ai::no_retreat::{choose, Level};
use eastfront_kernel::{Game, Side, Viewer};
use eastfront_no_retreat::{NoRetreat, Options};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let lv = |s: &str| Level::parse(s);
    let players = [lv(&a[1]), lv(&a[2])];
    let sc = &a[3];
    let games: u64 = a[4].parse().unwrap();
    let seed0: u64 = a[5].parse().unwrap();
    let g = NoRetreat::new();
    let mut wins = [0; 2];
    let mut times: Vec<f64> = Vec::new();
    for i in 0..games {
        let seed = seed0 + i;
        let mut st = g.setup(sc, &Options::default(), seed).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x9e37_79b9_7f4a_7c15);
        while let Some(seat) = g.active(&st) {
            let legal = g.legal_actions(&st, seat);
            let side = g.side_of(&st, seat);
            let s = (side == Side::Soviet) as usize;
            let act = match players[s] {
                None => legal[rng.random_range(0..legal.len())].clone(),
                Some(l) => {
                    let t = std::time::Instant::now();
                    let a = choose(
                        &g,
                        &g.view(&st, Viewer::Side(side)),
                        &legal,
                        l,
                        rng.random(),
                    );
                    times.push(t.elapsed().as_secs_f64() * 1e3);
                    a
                }
            };
            g.apply(&mut st, seat, &act).unwrap();
        }
        match st.outcome.and_then(|o| o.winner) {
            Some(Side::German) => wins[0] += 1,
            Some(Side::Soviet) => wins[1] += 1,
            None => {}
        }
    }
    times.sort_by(f64::total_cmp);
    let med = times.get(times.len() / 2).copied().unwrap_or(0.0);
    let worst = times.last().copied().unwrap_or(0.0);
    println!("{} {} {sc}: German {} Soviet {} of {games}; decision median {med:.3} ms, worst {worst:.1} ms over {}", a[1], a[2], wins[0], wins[1], times.len());
}
