//! Moscow '41 AI matches: `cargo run --release -p eastfront-ai --example moscow41_match --
//! [--games N] [--seed S] [--scenario campaign|sc1|sc2|sc3] [--a normal] [--b random]
//! [--threads 2] [--a-side german|soviet] [--data DIR]`. Player A takes the Germans in games
//! with an even seed and the Soviets in the others (or always the `--a-side`); prints A's win
//! rate per side, the mean losses and the AI's time per impulse. A player is `random`, a
//! level (`easy`, `normal`, `hard`) or `reference-LEVEL` (the level as issue 16 found it,
//! `model::Plan::Reference`). `--data DIR` plays on the map, blocks and setups of another
//! folder (a copy of `scenarios/moscow41` with a reconstructed value corrected, to see what the
//! correction does to the balance).
//!
//! For looking into games: `M41_TRACE=1` prints every action (`M41_TRACE=2` also every
//! event), `M41_DIAG=1` one line per impulse on the scenario's objectives (control, DLs,
//! garrisons, the nearest German combat block), `M41_PROFILE=1` the AI's time per decision, `M41_LOST=1` the seeds player A lost.

use eastfront_ai::moscow41::model::Plan;
use eastfront_ai::moscow41::{choose_with_plan, random_action, Level};
use eastfront_kernel::{Game, Side, Viewer};
use eastfront_moscow41::{Action, Moscow41};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::time::Instant;

#[derive(Clone, Copy, Debug)]
enum Player {
    Random,
    Ai(Level, Plan),
}

impl Player {
    fn parse(s: &str) -> Player {
        // `reference-LEVEL`: the level as issue 16 found it (model::Plan::Reference).
        if s == "random" {
            return Player::Random;
        }
        let (reference, word) = match s.strip_prefix("reference-") {
            Some(l) => (true, l),
            None => (false, s),
        };
        let level = Level::parse(word).unwrap_or_else(|| panic!("unknown player {s}"));
        Player::Ai(
            level,
            if reference {
                Plan::Reference
            } else {
                level.plan()
            },
        )
    }
    fn name(self) -> String {
        match self {
            Player::Random => "random".into(),
            Player::Ai(l, plan) if plan == l.plan() => l.name().into(),
            Player::Ai(l, _) => format!("reference-{}", l.name()),
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
    /// Steps lost per side (0 German, 1 Soviet): [in battle, other combat-block steps, surrenders, HQ steps].
    losses: [[u32; 4]; 2],
}

fn play(
    game: &Moscow41,
    scenario: &str,
    seed: u64,
    a: Player,
    b: Player,
    a_side: Option<Side>,
) -> GameResult {
    let a_side = a_side.unwrap_or(if seed.is_multiple_of(2) {
        Side::German
    } else {
        Side::Soviet
    });
    let mut st = game.setup(scenario, &Default::default(), seed).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xabcdef);
    let mut times: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    let mut current: [Option<f64>; 2] = [None, None];
    let mut steps = 0;
    let mut losses = [[0u32; 4]; 2];
    let mut in_battle = false;
    while let Some(seat) = game.active(&st) {
        let side = game.side_of(&st, seat);
        let who = if side == a_side { 0 } else { 1 };
        let p = if who == 0 { a } else { b };
        let legal = game.legal_actions(&st, seat);
        let t = Instant::now();
        let act = match p {
            Player::Random => random_action(&legal, &mut rng),
            Player::Ai(level, plan) => {
                let view = game.view(&st, Viewer::Side(side));
                choose_with_plan(
                    game,
                    &view,
                    &legal,
                    level,
                    plan,
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
        if std::env::var("M41_DIAG").is_ok()
            && matches!(
                act,
                Action::Tactical
                    | Action::Pass
                    | Action::StrategicMove
                    | Action::StrategicReinforce
            )
        {
            diag(game, &st, side, &act);
        }
        for e in &evs {
            use eastfront_moscow41::EventKind as K;
            let owner = |b: &eastfront_moscow41::BlockId| match game.board.block(*b).side {
                Side::German => 0,
                _ => 1,
            };
            match &e.kind {
                K::BattleStart { .. } => in_battle = true,
                K::BattleEnd { .. } => in_battle = false,
                K::StepLost { block } | K::Destroyed { block } => {
                    let k = if game.board.block(*block).is_hq() {
                        3
                    } else if in_battle {
                        0
                    } else {
                        1
                    };
                    losses[owner(block)][k] += 1
                }
                K::Surrendered { block } => losses[owner(block)][2] += 1,
                _ => {}
            }
        }
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
                if std::env::var("M41_TRACE").as_deref() == Ok("2")
                    || matches!(
                        e.kind,
                        eastfront_moscow41::EventKind::Control { .. }
                            | eastfront_moscow41::EventKind::Surrendered { .. }
                            | eastfront_moscow41::EventKind::GameOver
                    )
                {
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
    if std::env::var("M41_LOST").is_ok() && game.outcome(&st).and_then(|o| o.winner) != Some(a_side)
    {
        eprintln!("LOST seed {seed} as {a_side:?} (turn {})", st.turn);
    }
    GameResult {
        a_side,
        winner: game.outcome(&st).and_then(|o| o.winner),
        impulse_times: times,
        steps,
        turn: st.turn,
        german_vp: eastfront_moscow41::query::vp(&game.board, &st, Side::German),
        losses,
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
    // `--a-side german|soviet`: A always plays that side (default: alternate by seed).
    let a_side = match get("--a-side", "").as_str() {
        "german" => Some(Side::German),
        "soviet" => Some(Side::Soviet),
        _ => None,
    };
    let game = match args.iter().position(|x| x == "--data") {
        Some(i) => {
            let dir = std::path::Path::new(args.get(i + 1).expect("--data DIR"));
            let board = eastfront_moscow41::board::Board::from_dir(dir)
                .unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
            Moscow41::with_board(board)
        }
        None => Moscow41::new(),
    };
    let game = &game;
    let t0 = Instant::now();
    let results: Vec<GameResult> = std::thread::scope(|s| {
        let hs: Vec<_> = (0..threads)
            .map(|k| {
                let scenario = scenario.clone();
                s.spawn(move || {
                    (0..games)
                        .filter(|g| g % threads == k)
                        .map(|g| play(game, &scenario, seed + g, a, b, a_side))
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
    let n = results.len().max(1) as f64;
    let mean = |side: usize, k: usize| {
        results
            .iter()
            .map(|r| r.losses[side][k] as f64)
            .sum::<f64>()
            / n
    };
    println!(
        "mean losses per game: German {:.1} steps in battle, {:.1} other, {:.1} surrenders, {:.1} HQ steps; Soviet {:.1} / {:.1} / {:.1} / {:.1}",
        mean(0, 0), mean(0, 1), mean(0, 2), mean(0, 3), mean(1, 0), mean(1, 1), mean(1, 2), mean(1, 3)
    );
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

/// One line per impulse: per goal area, control, DLs, blocks and the nearest German block.
fn diag(game: &Moscow41, st: &eastfront_moscow41::State, side: Side, act: &Action) {
    use eastfront_moscow41::query;
    let b = &game.board;
    let goals: &[&str] = if st.scenario == "sc1" {
        &["Yartsevo", "Yelnia", "Chernigov", "Romny"]
    } else if st.scenario == "campaign" {
        &["Smolensk", "Moscow"]
    } else {
        &["Moscow"]
    };
    let mut out = String::new();
    for g in goals {
        let a = b.place(g).unwrap();
        let mut near = u32::MAX;
        for id in b.side_blocks(Side::German) {
            if b.block(id).role != eastfront_moscow41::data::Role::Combat {
                continue;
            }
            if let Some(x) = query::space_of(st, id) {
                if let Some(d) = b.distance(x, a) {
                    near = near.min(d);
                }
            }
        }
        out += &format!(
            " | {g}: {:?} dl{:?} G{:?} S{} near{}",
            st.control[a.index()],
            st.dl[a.index()],
            query::side_blocks_in(b, st, a, Side::German)
                .iter()
                .map(|x| (st.blocks[x.index()].strength, st.blocks[x.index()].isolated))
                .collect::<Vec<_>>(),
            query::side_blocks_in(b, st, a, Side::Soviet).len(),
            near
        );
    }
    println!(
        "DIAG T{} {:?} {:?} {:?}{out}",
        st.turn, st.weather, side, act
    );
}
