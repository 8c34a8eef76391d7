//! Training data for Moscow '41's learned value (`eastfront_ai::moscow41::learned`):
//! `cargo run --release -p eastfront-ai --example value_data -- --games N --seed S --out FILE
//! [--noise P]`. Game `k` (seed `S + k`) plays the scenario `k mod 4` (campaign, SC.1, SC.2,
//! SC.3) between utility levels drawn from the seed (Easy, Normal or Hard on each side, each
//! playing its level's plan or, for one side in two, `model::Plan::Reference`), and with
//! probability `P` (default 0.03) a decision is a random legal action that does not end
//! a segment, so that positions vary. At every impulse choice (a quiet point: between
//! impulses) both sides' features are recorded, each from that side's own View, and every
//! row is labelled with the game's result (1 German win, 0 Soviet win, 0.5 draw).
//! CSV: seed, scenario, viewer (0 German, 1 Soviet), label, German and Soviet player (a
//! level, `reference-LEVEL` where the reference plan is not the level's own),
//! then the features in `learned::NAMES` order. Deterministic for its arguments.

use eastfront_ai::moscow41::model::Plan;
use eastfront_ai::moscow41::{choose_with_plan, learned, Level};
use eastfront_kernel::{Game, Side, Viewer};
use eastfront_moscow41::{Action, Moscow41, Phase};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::io::Write;

const SCENARIOS: [&str; 4] = ["campaign", "sc1", "sc2", "sc3"];

fn ends(a: &Action) -> bool {
    matches!(
        a,
        Action::EndRegeneration
            | Action::EndReplacement
            | Action::Pass
            | Action::EndActivation
            | Action::EndCommand
            | Action::EndSupport
            | Action::EndCombat
            | Action::EndBlitz
            | Action::NoExploit
            | Action::EndExploitation
    )
}

fn main() {
    let (mut games, mut seed, mut out, mut noise) = (40u64, 1u64, String::from("value.csv"), 0.03);
    let v: Vec<String> = std::env::args().skip(1).collect();
    for w in v.chunks(2) {
        let val = w.get(1).cloned().unwrap_or_default();
        match w[0].as_str() {
            "--games" => games = val.parse().expect("--games N"),
            "--seed" => seed = val.parse().expect("--seed S"),
            "--out" => out = val,
            "--noise" => noise = val.parse().expect("--noise P"),
            other => panic!("unknown argument {other}"),
        }
    }
    let game = Moscow41::new();
    let mut f = std::io::BufWriter::new(std::fs::File::create(&out).expect("--out file"));
    let (mut rows, mut german_wins) = (0usize, 0u32);
    let start = std::time::Instant::now();
    for k in 0..games {
        let s = seed + k;
        let sc = SCENARIOS[(k % 4) as usize];
        let mut rng = ChaCha8Rng::seed_from_u64(s ^ 0x7a1e);
        let levels = [
            Level::ALL[rng.random_range(0..3)],
            Level::ALL[rng.random_range(0..3)],
        ];
        // Each side plays its level's plan or, one side in two, the reference plan: the
        // positions of both (today's SC.1 German rarely builds the Yelnia and Yartsevo
        // lines the reference goes for, and a player may).
        let plans = levels.map(|l| {
            if rng.random_bool(0.5) {
                Plan::Reference
            } else {
                l.plan()
            }
        });
        let player = |i: usize| match plans[i] {
            Plan::Reference if levels[i].plan() != Plan::Reference => {
                format!("reference-{}", levels[i].name())
            }
            _ => levels[i].name().to_string(),
        };
        let mut st = game.setup(sc, &Default::default(), s).expect("setup");
        let mut records: Vec<(usize, [f64; learned::NF])> = Vec::new();
        let mut steps = 0;
        while let Some(seat) = game.active(&st) {
            steps += 1;
            if steps > 200_000 {
                break;
            }
            if st.phase == Phase::ImpulseChoice {
                for side in [Side::German, Side::Soviet] {
                    let view = game.view(&st, Viewer::Side(side));
                    records.push((
                        (side == Side::Soviet) as usize,
                        learned::features(&game.board, &view),
                    ));
                }
            }
            let side = game.side_of(&st, seat);
            let legal = game.legal_actions(&st, seat);
            let i = (side == Side::Soviet) as usize;
            let a = if legal.len() > 1 && rng.random_bool(noise) {
                let open: Vec<&Action> = legal.iter().filter(|a| !ends(a)).collect();
                if open.is_empty() {
                    legal[rng.random_range(0..legal.len())].clone()
                } else {
                    open[rng.random_range(0..open.len())].clone()
                }
            } else {
                let view = game.view(&st, Viewer::Side(side));
                choose_with_plan(&game, &view, &legal, levels[i], plans[i], rng.random())
            };
            game.apply(&mut st, seat, &a).expect("a legal action");
        }
        let winner = game.outcome(&st).and_then(|o| o.winner);
        let label = match winner {
            Some(Side::German) => 1.0,
            Some(Side::Soviet) => 0.0,
            None => 0.5,
        };
        german_wins += u32::from(winner == Some(Side::German));
        for (viewer, x) in &records {
            let xs: Vec<String> = x.iter().map(|v| format!("{v:.5}")).collect();
            writeln!(
                f,
                "{s},{sc},{viewer},{label},{},{},{}",
                player(0),
                player(1),
                xs.join(",")
            )
            .expect("write");
        }
        rows += records.len();
        if (k + 1) % 20 == 0 {
            eprintln!(
                "{} games, {rows} rows, German wins {german_wins}, {:.0}s",
                k + 1,
                start.elapsed().as_secs_f64()
            );
        }
    }
    println!(
        "{games} games (seeds {seed}..{}), {rows} rows, German wins {german_wins}, {:.0}s",
        seed + games,
        start.elapsed().as_secs_f64()
    );
}
