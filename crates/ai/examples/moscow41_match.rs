//! Moscow '41 AI matches: `cargo run --release -p eastfront-ai --example moscow41_match --
//! [--games N] [--seed S] [--scenario campaign|sc1|sc2|sc3] [--a normal] [--b random]
//! [--threads 2]`. Player A takes the Germans in games with an even seed offset and the
//! Soviets in the others; prints A's win rate per side and the AI's time per impulse.

use eastfront_ai::moscow41::{choose, random_action, Level};
use eastfront_kernel::{Game, Side, Viewer};
use eastfront_moscow41::{Action, Moscow41};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::time::Instant;

#[derive(Clone, Copy, Debug)]
enum Player {
    Random,
    Ai(Level),
}

impl Player {
    fn parse(s: &str) -> Player {
        if s == "random" {
            Player::Random
        } else {
            Player::Ai(Level::parse(s).unwrap_or_else(|| panic!("unknown player {s}")))
        }
    }
    fn name(self) -> String {
        match self {
            Player::Random => "random".into(),
            Player::Ai(l) => l.name().into(),
        }
    }
}

struct GameResult {
    a_side: Side,
    winner: Option<Side>,
    /// AI time per impulse (seconds), per player index 0 = A, 1 = B.
    impulse_times: [Vec<f64>; 2],
    steps: usize,
    turn: u8,
    /// German VP at the end (R 1.7).
    german_vp: u8,
}

fn play(game: &Moscow41, scenario: &str, seed: u64, a: Player, b: Player) -> GameResult {
    let a_side = if seed.is_multiple_of(2) {
        Side::German
    } else {
        Side::Soviet
    };
    let mut st = game.setup(scenario, &Default::default(), seed).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xabcdef);
    let mut times: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    let mut current: [Option<f64>; 2] = [None, None];
    let mut steps = 0;
    while let Some(seat) = game.active(&st) {
        let side = game.side_of(&st, seat);
        let who = if side == a_side { 0 } else { 1 };
        let p = if who == 0 { a } else { b };
        let legal = game.legal_actions(&st, seat);
        let t = Instant::now();
        let act = match p {
            Player::Random => random_action(&legal, &mut rng),
            Player::Ai(level) => {
                let view = game.view(&st, Viewer::Side(side));
                choose(
                    game,
                    &view,
                    &legal,
                    level,
                    seed.wrapping_mul(7919) + steps as u64,
                )
            }
        };
        let dt = t.elapsed().as_secs_f64();
        if std::env::var("M41_PROFILE").is_ok() && !matches!(p, Player::Random) {
            let kind = format!("{:?}", legal[0]);
            let kind = kind.split([' ', '{']).next().unwrap_or("").to_string();
            eprintln!("PROF {kind} {} {:.3}", legal.len(), dt * 1e3);
        }
        if matches!(
            act,
            Action::Tactical | Action::StrategicMove | Action::StrategicReinforce | Action::Pass
        ) {
            if let Some(x) = current[who].take() {
                times[who].push(x);
            }
            current[who] = Some(0.0);
        }
        if let Some(x) = current[who].as_mut() {
            *x += dt;
        }
        let evs = game.apply(&mut st, seat, &act).expect("legal action");
        if std::env::var("M41_TRACE").is_ok() {
            let label = |a: &eastfront_moscow41::AreaId| game.board.place_label(*a);
            let txt = match &act {
                Action::Move { block, path } => format!(
                    "Move {} -> {}",
                    game.board.block(*block).label,
                    path.iter().map(label).collect::<Vec<_>>().join(",")
                ),
                Action::Activate { hq, path } => format!(
                    "Activate {} {}",
                    game.board.block(*hq).label,
                    path.iter().map(label).collect::<Vec<_>>().join(",")
                ),
                Action::Fight { area } => format!("Fight {}", label(area)),
                other => format!("{other:?}"),
            };
            eprintln!("T{} {:?} {}", st.turn, side, txt);
            if matches!(act, Action::Tactical | Action::Pass) {
                let hqs: Vec<String> = game
                    .board
                    .side_blocks(side)
                    .filter(|b| game.board.block(*b).is_hq())
                    .filter(|b| {
                        matches!(st.blocks[b.index()].loc, eastfront_moscow41::Loc::Space(_))
                    })
                    .map(|b| {
                        format!(
                            "{}:{}",
                            game.board.block(b).label,
                            st.blocks[b.index()].strength
                        )
                    })
                    .collect();
                let n = game
                    .board
                    .side_blocks(side)
                    .filter(|b| {
                        matches!(st.blocks[b.index()].loc, eastfront_moscow41::Loc::Space(_))
                    })
                    .count();
                eprintln!("    HQs {} ; blocks on map {n}", hqs.join(" "));
            }
            for e in evs {
                if matches!(
                    e.kind,
                    eastfront_moscow41::EventKind::Control { .. }
                        | eastfront_moscow41::EventKind::Surrendered { .. }
                        | eastfront_moscow41::EventKind::GameOver
                ) {
                    eprintln!("    {}", e.public);
                }
            }
        }
        steps += 1;
        if steps > 50_000 {
            break;
        }
    }
    for (who, c) in current.iter().enumerate() {
        if let Some(x) = c {
            times[who].push(*x);
        }
    }
    if matches!(a, Player::Random) {
        times[0].clear();
    }
    if matches!(b, Player::Random) {
        times[1].clear();
    }
    GameResult {
        a_side,
        winner: game.outcome(&st).and_then(|o| o.winner),
        impulse_times: times,
        steps,
        turn: st.turn,
        german_vp: eastfront_moscow41::query::vp(&game.board, &st, Side::German),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let get = |k: &str, d: &str| -> String {
        args.iter()
            .position(|x| x == k)
            .and_then(|i| args.get(i + 1).cloned())
            .unwrap_or_else(|| d.to_string())
    };
    let games: u64 = get("--games", "20").parse().unwrap();
    let seed: u64 = get("--seed", "1").parse().unwrap();
    let scenario = get("--scenario", "campaign");
    let a = Player::parse(&get("--a", "normal"));
    let b = Player::parse(&get("--b", "random"));
    let threads: u64 = get("--threads", "2").parse().unwrap();
    let t0 = Instant::now();
    let results: Vec<GameResult> = std::thread::scope(|s| {
        let hs: Vec<_> = (0..threads)
            .map(|k| {
                let scenario = scenario.clone();
                s.spawn(move || {
                    let game = Moscow41::new();
                    (0..games)
                        .filter(|g| g % threads == k)
                        .map(|g| play(&game, &scenario, seed + g, a, b))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        hs.into_iter().flat_map(|h| h.join().unwrap()).collect()
    });
    let mut wins = [[0u32; 2]; 2]; // [a as German, a as Soviet][won, played]
    let mut all_times: Vec<f64> = Vec::new();
    let mut steps = 0;
    let mut gvp = [0.0f64; 2];
    let mut gturn = [0.0f64; 2];
    for r in &results {
        gvp[if r.a_side == Side::German { 0 } else { 1 }] += r.german_vp as f64;
        gturn[if r.a_side == Side::German { 0 } else { 1 }] += r.turn as f64;
        let k = if r.a_side == Side::German { 0 } else { 1 };
        wins[k][1] += 1;
        if r.winner == Some(r.a_side) {
            wins[k][0] += 1;
        }
        steps += r.steps;
        let _ = r.turn;
        for t in &r.impulse_times {
            all_times.extend(t);
        }
    }
    all_times.sort_by(|x, y| x.total_cmp(y));
    let med = all_times.get(all_times.len() / 2).copied().unwrap_or(0.0);
    let p95 = all_times
        .get(all_times.len() * 95 / 100)
        .copied()
        .unwrap_or(0.0);
    let worst = all_times.last().copied().unwrap_or(0.0);
    let total_won = wins[0][0] + wins[1][0];
    let total = wins[0][1] + wins[1][1];
    println!(
        "{scenario}: A={} vs B={}, {total} games (seeds {seed}..{}), A wins {total_won}/{total} ({:.1}%): as German {}/{} , as Soviet {}/{}",
        a.name(),
        b.name(),
        seed + games - 1,
        100.0 * total_won as f64 / total.max(1) as f64,
        wins[0][0],
        wins[0][1],
        wins[1][0],
        wins[1][1]
    );
    println!(
        "mean German VP at the end: A German {:.2}, B German {:.2}; mean last turn: A German {:.2}, B German {:.2}",
        gvp[0] / wins[0][1].max(1) as f64,
        gvp[1] / wins[1][1].max(1) as f64,
        gturn[0] / wins[0][1].max(1) as f64,
        gturn[1] / wins[1][1].max(1) as f64
    );
    println!(
        "AI time per impulse: median {:.1} ms, p95 {:.1} ms, worst {:.1} ms over {} impulses; {} steps; wall {:.1} s",
        med * 1e3,
        p95 * 1e3,
        worst * 1e3,
        all_times.len(),
        steps,
        t0.elapsed().as_secs_f64()
    );
}
