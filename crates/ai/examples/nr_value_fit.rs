//! Fits the No Retreat! search's evaluation (`search::no_retreat`: the VP margin over the
//! square root of the turns left, the German share of the strength on the map, and an
//! intercept per scenario) to the outcomes of utility Hard-vs-Hard games: a logistic
//! regression over quiet positions. Every fifth game (seed ≡ 0 mod 5) is held out: the fit
//! never sees it, and the report judges both the fit and the domain's present weights on it,
//! with each scenario's win rate against the chance the value gives at its first position.
//!
//! `cargo run --release -p eastfront-ai --example nr_value_fit -- GAMES_PER_SCENARIO [CAMPAIGN_GAMES]`
use eastfront_ai::no_retreat::{choose, Level};
use eastfront_ai::search::no_retreat::NoRetreatDomain;
use eastfront_ai::search::Domain;
use eastfront_kernel::{Game, Side, Viewer};
use eastfront_no_retreat::{NoRetreat, Options};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const SCENARIOS: [&str; 6] = [
    "barbarossa",
    "fall_blau",
    "saturn",
    "citadel",
    "bagration",
    "campaign",
];

/// One quiet position: its scenario, its features, the turns left, the outcome, whether held
/// out, and whether it is its game's first.
struct Row {
    scenario: usize,
    f: [f64; 2],
    turns_left: f64,
    y: f64,
    held_out: bool,
    first: bool,
}

/// The fitted weights: the margin's, the share's, and per scenario an intercept and units per
/// turn left. (A margin weight per scenario was tried too: the same held-out log-loss.)
#[derive(Clone, Copy)]
struct Weights {
    margin: f64,
    share: f64,
    b: [f64; SCENARIOS.len()],
    t: [f64; SCENARIOS.len()],
}

impl Weights {
    fn chance(&self, r: &Row) -> f64 {
        let z = self.margin * r.f[0]
            + self.share * r.f[1]
            + self.b[r.scenario]
            + self.t[r.scenario] * r.turns_left;
        1.0 / (1.0 + (-z).exp())
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let n: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(100);
    let n_campaign: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(n / 4);
    let g = NoRetreat::new();
    let d = NoRetreatDomain::default();
    let mut rows: Vec<Row> = Vec::new();
    let mut rates = [(0u32, 0u32); SCENARIOS.len()];
    for (k, sc) in SCENARIOS.iter().enumerate() {
        let games = if *sc == "campaign" { n_campaign } else { n };
        for seed in 0..games {
            let mut st = g.setup(sc, &Options::default(), 10_000 + seed).unwrap();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut feats = Vec::new();
            while let Some(seat) = g.active(&st) {
                // The first quiet position always (the scenario's start, as the hint sees it),
                // then one in eight.
                if d.quiet(&g, &st) && (feats.is_empty() || rng.random_range(0..8) == 0) {
                    let turns_left = f64::from(st.last_turn.saturating_sub(st.turn));
                    feats.push((d.features(&g, &st), turns_left));
                }
                let side = g.side_of(&st, seat);
                let legal = g.legal_actions(&st, seat);
                let view = g.view(&st, Viewer::Side(side));
                let a = choose(&g, &view, &legal, Level::Hard, rng.random());
                g.apply(&mut st, seat, &a).unwrap();
            }
            let y = f64::from(st.outcome.and_then(|o| o.winner) == Some(Side::German));
            let held_out = seed % 5 == 0;
            if !held_out {
                rates[k].0 += y as u32;
                rates[k].1 += 1;
            }
            rows.extend(
                feats
                    .into_iter()
                    .enumerate()
                    .map(|(i, (f, turns_left))| Row {
                        scenario: k,
                        f,
                        turns_left,
                        y,
                        held_out,
                        first: i == 0,
                    }),
            );
        }
        println!(
            "{sc}: German wins {} of {} training games",
            rates[k].0, rates[k].1
        );
    }
    let train: Vec<&Row> = rows.iter().filter(|r| !r.held_out).collect();
    let test: Vec<&Row> = rows.iter().filter(|r| r.held_out).collect();
    let fitted = fit(&train);
    let present = Weights {
        margin: d.vp_scale,
        share: d.material_scale,
        b: std::array::from_fn(|k| d.scenario_term(SCENARIOS[k]).1),
        t: std::array::from_fn(|k| d.scenario_term(SCENARIOS[k]).2),
    };
    println!(
        "{} positions ({} held out): vp_scale {:.3} material_scale {:.3}; (scenario, bias, per turn left):",
        rows.len(),
        test.len(),
        fitted.margin,
        fitted.share
    );
    for (k, sc) in SCENARIOS.iter().enumerate() {
        println!("  (\"{sc}\", {:.3}, {:.3}),", fitted.b[k], fitted.t[k]);
    }
    for (name, w) in [("fitted", fitted), ("present", present)] {
        println!(
            "{name}: held-out log-loss {:.3} (train {:.3})",
            log_loss(&test, &w),
            log_loss(&train, &w)
        );
    }
    println!("scenario: held-out German wins / games; the chance at the start: fitted / present");
    for (k, sc) in SCENARIOS.iter().enumerate() {
        let firsts: Vec<&&Row> = test.iter().filter(|r| r.first && r.scenario == k).collect();
        let m = firsts.len().max(1) as f64;
        let wins = firsts.iter().filter(|r| r.y > 0.5).count();
        let mean = |w: &Weights| firsts.iter().map(|r| w.chance(r)).sum::<f64>() / m;
        println!(
            "  {sc}: {wins} / {}; {:.2} / {:.2}",
            firsts.len(),
            mean(&fitted),
            mean(&present)
        );
    }
}

/// Mean negative log-likelihood.
fn log_loss(rows: &[&Row], w: &Weights) -> f64 {
    rows.iter()
        .map(|r| {
            let p = w.chance(r).clamp(1e-9, 1.0 - 1e-9);
            -(r.y * p.ln() + (1.0 - r.y) * (1.0 - p).ln())
        })
        .sum::<f64>()
        / rows.len().max(1) as f64
}

/// Logistic regression by gradient descent (the share's step scaled up: its feature is small).
fn fit(rows: &[&Row]) -> Weights {
    let mut w = Weights {
        margin: 0.0,
        share: 0.0,
        b: [0.0; SCENARIOS.len()],
        t: [0.0; SCENARIOS.len()],
    };
    let mut count = [0.0f64; SCENARIOS.len()];
    for r in rows {
        count[r.scenario] += 1.0;
    }
    for _ in 0..6_000 {
        let (mut gm, mut gs) = (0.0, 0.0);
        let mut gb = [0.0; SCENARIOS.len()];
        let mut gt = [0.0; SCENARIOS.len()];
        for r in rows {
            let e = w.chance(r) - r.y;
            gs += e * r.f[1];
            gm += e * r.f[0];
            gb[r.scenario] += e;
            gt[r.scenario] += e * r.turns_left;
        }
        w.margin -= 0.5 * gm / rows.len() as f64;
        w.share -= 5.0 * gs / rows.len() as f64;
        for s in 0..SCENARIOS.len() {
            // Each intercept at its own scenario's rate, so a small scenario moves as fast.
            w.b[s] -= 0.5 * gb[s] / count[s].max(1.0);
            // Turns left run to 28 in the campaign: a smaller step.
            w.t[s] -= 0.02 * gt[s] / count[s].max(1.0);
        }
    }
    w
}
