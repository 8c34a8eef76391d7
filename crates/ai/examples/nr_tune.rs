//! The self-play search that set No Retreat!'s `hard` weights: a (1+1) evolution strategy over
//! `Weights`, each candidate judged by seeded games for one seat against `normal`.
//! `cargo run --release -p eastfront-ai --example nr_tune -- SIDE SCENARIOS SEED0 ITERS RNG
//! [START]`: SIDE `axis` (the Axis's attacking weights), `axis-hold` (its holding weights, see
//! `Posture`) or `soviet`; in the other posture the side plays the current hard weights.
//! SCENARIOS like `campaign:80,barbarossa:100` (games per scenario, seeds SEED0..); START a
//! file of `name = value` lines, or `normal` (default: the hard weights).
//! Fitness: the side's wins, plus 0.2 × its mean final VP margin as a tie-break.
use eastfront_ai::no_retreat::{choose, choose_with, Level, Posture, Weights};
use eastfront_kernel::{Game, Side, Viewer};
use eastfront_no_retreat::{NoRetreat, Options};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The side tuned and the posture whose weights are tuned.
type Seat = (Side, Posture);

fn play(g: &NoRetreat, sc: &str, seed: u64, seat: Seat, w: Option<&Weights>) -> (bool, f32) {
    let (side, posture) = seat;
    let mut st = g.setup(sc, &Options::default(), seed).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x9e37_79b9_7f4a_7c15);
    while let Some(seat) = g.active(&st) {
        let legal = g.legal_actions(&st, seat);
        let s = g.side_of(&st, seat);
        let view = g.view(&st, Viewer::Side(s));
        let act = match w {
            Some(w) if s == side => {
                let p = Posture::of(s, &view);
                let w = if p == posture || s == Side::Soviet {
                    w
                } else {
                    Weights::hard(s, p)
                };
                choose_with(g, &view, &legal, w, 0.01, rng.random())
            }
            _ => choose(g, &view, &legal, Level::Normal, rng.random()),
        };
        g.apply(&mut st, seat, &act).unwrap();
    }
    let won = st.outcome.as_ref().and_then(|o| o.winner) == Some(side);
    let v = g.view(&st, Viewer::Omniscient);
    let margin = if v.vp.initiative == side {
        v.score as f32
    } else {
        -(v.score as f32)
    };
    (won, margin)
}

fn fitness(
    g: &NoRetreat,
    plan: &[(String, u64)],
    seed0: u64,
    seat: Seat,
    w: Option<&Weights>,
) -> (f32, u32) {
    let (mut wins, mut margin, mut n) = (0u32, 0.0f32, 0u32);
    for (sc, games) in plan {
        for i in 0..*games {
            let (won, m) = play(g, sc, seed0 + i, seat, w);
            wins += u32::from(won);
            margin += m;
            n += 1;
        }
    }
    (wins as f32 + 0.2 * margin / n.max(1) as f32, wins)
}

fn gauss(rng: &mut ChaCha8Rng) -> f32 {
    let u: f32 = rng.random_range(1e-6..1.0);
    let v: f32 = rng.random();
    (-2.0 * u.ln()).sqrt() * (std::f32::consts::TAU * v).cos()
}

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let seat = match a[1].as_str() {
        "axis" => (Side::German, Posture::Attack),
        "axis-hold" => (Side::German, Posture::Hold),
        _ => (Side::Soviet, Posture::Attack),
    };
    let plan: Vec<(String, u64)> = a[2]
        .split(',')
        .map(|p| {
            let (s, n) = p.split_once(':').unwrap();
            (s.to_string(), n.parse().unwrap())
        })
        .collect();
    let seed0: u64 = a[3].parse().unwrap();
    let iters: u32 = a[4].parse().unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(a[5].parse().unwrap());
    let mut best = Weights::hard(seat.0, seat.1).clone();
    if a.get(6).is_some_and(|p| p == "normal") {
        best = Weights::NORMAL;
    } else if let Some(path) = a.get(6) {
        let text = std::fs::read_to_string(path).unwrap();
        let mut v = best.to_vec();
        for line in text.lines() {
            if let Some((k, x)) = line.split_once('=') {
                if let Some(i) = Weights::NAMES.iter().position(|n| *n == k.trim()) {
                    v[i] = x.trim().parse().unwrap();
                }
            }
        }
        best.set(&v);
    }
    let g = NoRetreat::new();
    let (base, base_wins) = fitness(&g, &plan, seed0, seat, None);
    println!("baseline normal: fitness {base:.2} wins {base_wins}");
    let (mut fbest, wbest) = fitness(&g, &plan, seed0, seat, Some(&best));
    println!("start: fitness {fbest:.2} wins {wbest}");
    for it in 0..iters {
        let mut v = best.to_vec();
        let k = rng.random_range(1..=3);
        let mut changed = Vec::new();
        for _ in 0..k {
            let i = rng.random_range(0..v.len());
            let old = v[i];
            v[i] = if old.abs() > 0.05 {
                old * (0.4 * gauss(&mut rng)).exp()
            } else {
                0.4 * gauss(&mut rng)
            };
            changed.push(format!("{} {:.3}->{:.3}", Weights::NAMES[i], old, v[i]));
        }
        let mut cand = best.clone();
        cand.set(&v);
        let (f, wins) = fitness(&g, &plan, seed0, seat, Some(&cand));
        let keep = f >= fbest;
        println!(
            "it {it}: fitness {f:.2} wins {wins} (best {fbest:.2}) {} [{}]",
            if keep { "KEEP" } else { "drop" },
            changed.join(", ")
        );
        if keep {
            fbest = f;
            best = cand;
            let text: String = Weights::NAMES
                .iter()
                .zip(best.to_vec())
                .map(|(n, x)| format!("{n} = {x}\n"))
                .collect();
            std::fs::write(format!("/tmp/nrtune-{}.txt", a[1]), text).unwrap();
        }
    }
}
