//! Fits the No Retreat! search's evaluation (`search::no_retreat`: the VP margin over the
//! square root of the turns left, and the German share of the strength on the map) to the
//! outcomes of utility Hard-vs-Hard games: a logistic regression over quiet positions.
//! `cargo run --release -p eastfront-ai --example nr_value_fit -- GAMES_PER_SCENARIO`
use eastfront_ai::no_retreat::{choose, Level};
use eastfront_ai::search::no_retreat::NoRetreatDomain;
use eastfront_ai::search::Domain;
use eastfront_kernel::{Game, Side, Viewer};
use eastfront_no_retreat::{NoRetreat, Options};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100);
    let g = NoRetreat::new();
    let d = NoRetreatDomain::default();
    let mut rows: Vec<([f64; 2], f64)> = Vec::new();
    for sc in ["barbarossa", "fall_blau", "saturn", "citadel", "bagration"] {
        let mut wins = 0;
        for seed in 0..n {
            let mut st = g.setup(sc, &Options::default(), 10_000 + seed).unwrap();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut feats = Vec::new();
            while let Some(seat) = g.active(&st) {
                if d.quiet(&g, &st) && rng.random_range(0..8) == 0 {
                    feats.push(d.features(&g, &st));
                }
                let side = g.side_of(&st, seat);
                let legal = g.legal_actions(&st, seat);
                let a = choose(
                    &g,
                    &g.view(&st, Viewer::Side(side)),
                    &legal,
                    Level::Hard,
                    rng.random(),
                );
                g.apply(&mut st, seat, &a).unwrap();
            }
            let y = f64::from(st.outcome.and_then(|o| o.winner) == Some(Side::German));
            wins += y as u32;
            rows.extend(feats.into_iter().map(|f| (f, y)));
        }
        println!("{sc}: German wins {wins} of {n}");
    }
    // Logistic regression by gradient descent: w0 margin, w1 share, b.
    let (mut w, mut b) = ([0.0f64; 2], 0.0f64);
    for _ in 0..4000 {
        let (mut gw, mut gb) = ([0.0; 2], 0.0);
        for (f, y) in &rows {
            let p = 1.0 / (1.0 + (-(w[0] * f[0] + w[1] * f[1] + b)).exp());
            gw[0] += (p - y) * f[0];
            gw[1] += (p - y) * f[1];
            gb += p - y;
        }
        let k = 0.5 / rows.len() as f64;
        w[0] -= k * gw[0];
        w[1] -= k * 10.0 * gw[1];
        b -= k * gb;
    }
    let ll: f64 = rows
        .iter()
        .map(|(f, y)| {
            let p = 1.0 / (1.0 + (-(w[0] * f[0] + w[1] * f[1] + b)).exp());
            if *y > 0.5 {
                p.max(1e-9).ln()
            } else {
                (1.0 - p).max(1e-9).ln()
            }
        })
        .sum::<f64>()
        / rows.len() as f64;
    println!(
        "{} positions: vp_scale {:.3} material_scale {:.3} bias {:.3}; mean log-likelihood {ll:.3}",
        rows.len(),
        w[0],
        w[1],
        b
    );
}
