//! Matches between the levels of `eastfront_ai::levels`, without the app:
//! `cargo run --release -p eastfront-ai --example search_match -- --game moscow41 --a hard
//! --b utility-hard [--games N] [--seed S] [--budget ITERATIONS] [--scenario ID] [--a-side
//! german|soviet] [--value learned]`. Player A takes the Germans in even seeds and the Soviets
//! in odd ones (or always `--a-side`); `--b official` is Stalingrad's solitaire Soviet (A plays
//! the German). `--value learned` gives a Moscow '41 search the learned leaf value.
//! `--game no_retreat --a search|search-hard --b hard --scenario saturn`: No Retreat!'s search
//! against its utility AI (`--playout easy|normal|hard` its playout level, `--scale` its
//! logistic units per VP; `--a hard` plays the utility Hard in its place, the baseline).
//! Prints A's wins per side and A's time per decision (median and worst).

use eastfront_ai::moscow41::Level;
use eastfront_ai::no_retreat::Level as NrLevel;
use eastfront_ai::search::moscow41::Playout;
use eastfront_ai::search::{self, Config};
use eastfront_ai::{levels, ComputerPlayers};
use eastfront_kernel::{Game, Opponent, Side, Viewer};
use eastfront_moscow41::Moscow41;
use eastfront_no_retreat::NoRetreat;
use eastfront_stalingrad::{Mode, Options, Stalingrad};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::Instant;

struct Args {
    game: String,
    a: String,
    b: String,
    games: u64,
    seed: u64,
    budget: Option<u32>,
    scenario: Option<String>,
    a_side: Option<Side>,
    /// Player A's playout depth and playout policy, instead of its level's.
    depth: Option<u32>,
    playout: Option<String>,
    /// Player A's progressive bias and widening (base, power), instead of its level's.
    bias: Option<f64>,
    widen: Option<(f64, f64)>,
    /// Player A's flat search (k, margin, z) instead of the tree, and its threads.
    flat: Option<search::Flat>,
    threads: Option<usize>,
    quiet: Option<u32>,
    any_kind: bool,
    /// Player A's evaluator scale (points per logistic unit).
    scale: Option<f64>,
    /// Player A's leaf value: "evaluator" (the default) or "learned".
    value: Option<String>,
}

fn args() -> Args {
    let mut a = Args {
        game: "moscow41".into(),
        a: "hard".into(),
        b: "utility-hard".into(),
        games: 20,
        seed: 1,
        budget: None,
        scenario: None,
        a_side: None,
        depth: None,
        playout: None,
        bias: None,
        widen: None,
        flat: None,
        threads: None,
        quiet: None,
        any_kind: false,
        scale: None,
        value: None,
    };
    let v: Vec<String> = std::env::args().skip(1).collect();
    for w in v.chunks(2) {
        let val = w.get(1).cloned().unwrap_or_default();
        match w[0].as_str() {
            "--game" => a.game = val,
            "--a" => a.a = val,
            "--b" => a.b = val,
            "--games" => a.games = val.parse().expect("--games N"),
            "--seed" => a.seed = val.parse().expect("--seed S"),
            "--budget" => a.budget = Some(val.parse().expect("--budget N")),
            "--scenario" => a.scenario = Some(val),
            "--depth" => a.depth = Some(val.parse().expect("--depth D")),
            "--playout" => a.playout = Some(val),
            "--bias" => a.bias = Some(val.parse().expect("--bias B")),
            "--widen" => {
                let (b, p) = val.split_once(',').expect("--widen BASE,POWER");
                a.widen = Some((b.parse().expect("base"), p.parse().expect("power")));
            }
            "--flat" => {
                let f: Vec<f64> = val
                    .split(',')
                    .map(|x| x.parse().expect("--flat K,MARGIN,Z"))
                    .collect();
                a.flat = Some(search::Flat {
                    k: f[0] as usize,
                    margin: f.get(1).copied().unwrap_or(0.0),
                    z: f.get(2).copied().unwrap_or(0.0),
                });
            }
            "--value" => a.value = Some(val),
            "--scale" => a.scale = Some(val.parse().expect("--scale S")),
            "--quiet" => a.quiet = Some(val.parse().expect("--quiet CAP")),
            "--any-kind" => a.any_kind = val == "1",
            "--threads" => a.threads = Some(val.parse().expect("--threads N")),
            "--a-side" => {
                a.a_side = Some(if val == "soviet" {
                    Side::Soviet
                } else {
                    Side::German
                })
            }
            other => panic!("unknown argument {other}"),
        }
    }
    a
}

/// One game: the winner and A's decision times.
fn play<G: Game>(
    game: &G,
    mut st: G::State,
    players: [Option<&dyn Opponent<G>>; 2],
    a_index: usize,
    seed: u64,
) -> (Option<Side>, Vec<f64>) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    let mut times = Vec::new();
    let mut steps = 0;
    while let Some(seat) = game.active(&st) {
        steps += 1;
        if steps > 200_000 {
            return (None, times);
        }
        let side = game.side_of(&st, seat);
        let i = (side == Side::Soviet) as usize;
        let legal = game.legal_actions(&st, seat);
        let p = players[i].expect("the rules play this side");
        let view = game.view(&st, Viewer::Side(side));
        let t = Instant::now();
        let a = p.choose(game, &view, &legal, rng.random());
        if i == a_index && legal.len() > 1 {
            times.push(t.elapsed().as_secs_f64());
        }
        game.apply(&mut st, seat, &a).expect("a legal action");
    }
    (game.outcome(&st).and_then(|o| o.winner), times)
}

fn run<G: Game + ComputerPlayers>(
    game: &G,
    args: &Args,
    options: G::Options,
    a: Box<dyn Opponent<G>>,
) {
    let b = (args.b != "official")
        .then(|| G::computer(&args.b, args.budget.into()).expect("B's level"));
    let scenarios: Vec<String> = match &args.scenario {
        Some(s) => vec![s.clone()],
        None => game.scenarios().into_iter().map(|s| s.id).collect(),
    };
    let (mut wins, mut played) = ([0u32; 2], [0u32; 2]);
    let mut times = Vec::new();
    let start = Instant::now();
    for k in 0..args.games {
        let seed = args.seed + k;
        let a_side = args
            .a_side
            .unwrap_or(if b.is_none() || seed.is_multiple_of(2) {
                Side::German
            } else {
                Side::Soviet
            });
        let ai = (a_side == Side::Soviet) as usize;
        let mut players: [Option<&dyn Opponent<G>>; 2] = [None, None];
        players[ai] = Some(a.as_ref());
        players[1 - ai] = b.as_deref();
        let sc = &scenarios[k as usize % scenarios.len()];
        let st = game.setup(sc, &options, seed).expect("setup");
        let (winner, t) = play(game, st, players, ai, seed);
        times.extend(t);
        played[ai] += 1;
        wins[ai] += u32::from(winner == Some(a_side));
    }
    times.sort_by(f64::total_cmp);
    let pct = |w: u32, n: u32| 100.0 * w as f64 / n.max(1) as f64;
    println!(
        "{} {}: A={} vs B={} budget={:?} {} seeds {}..{}: A wins {:.1}% ({} / {}); as German {} / {} ({:.1}%), as Soviet {} / {} ({:.1}%); A per decision median {:.1} ms, worst {:.0} ms over {}; {:.0}s",
        game.id(),
        args.scenario.as_deref().unwrap_or("all"),
        args.a,
        args.b,
        args.budget,
        std::env::args().skip(1).collect::<Vec<_>>().join(" "),
        args.seed,
        args.seed + args.games,
        pct(wins[0] + wins[1], played[0] + played[1]),
        wins[0] + wins[1],
        played[0] + played[1],
        wins[0],
        played[0],
        pct(wins[0], played[0]),
        wins[1],
        played[1],
        pct(wins[1], played[1]),
        times.get(times.len() / 2).copied().unwrap_or(0.0) * 1e3,
        times.last().copied().unwrap_or(0.0) * 1e3,
        times.len(),
        start.elapsed().as_secs_f64()
    );
    let (searched, overruled) = search::overruled();
    if searched > 0 {
        println!("flat search: {overruled} of {searched} decisions overruled the first choice");
    }
}

/// A No Retreat! search's settings: its level's, with the command line's changes.
fn no_retreat_config(args: &Args) -> Config {
    let short = if args.a == "search" { "normal" } else { "hard" };
    let mut c = levels::thinking(
        short,
        args.budget.into(),
        search::no_retreat::config(&args.a),
    );
    if let Some(d) = args.depth {
        c.playout_depth = d;
    }
    if let Some(b) = args.bias {
        c.prior_weight = b;
    }
    if let Some((b, p)) = args.widen {
        (c.widen_base, c.widen_power) = (b, p);
    }
    if args.flat.is_some() {
        c.flat = args.flat;
    }
    if let Some(q) = args.quiet {
        c.quiet_cap = q;
    }
    if let Some(t) = args.threads {
        c.threads = t;
    }
    c
}

fn main() {
    let args = args();
    match args.game.as_str() {
        "stalingrad" => {
            let mode = if args.b == "official" {
                Mode::Solitaire
            } else {
                Mode::OneVsOne
            };
            let options = Options {
                mode,
                ..Default::default()
            };
            let a = match args.depth {
                Some(d) => Box::new(search::stalingrad::search_ai(
                    &args.a,
                    Config {
                        playout_depth: d,
                        ..levels::thinking(
                            &args.a,
                            args.budget.into(),
                            search::stalingrad::config(&args.a),
                        )
                    },
                )),
                None => Stalingrad::computer(&args.a, args.budget.into()).expect("A's level"),
            };
            run(&Stalingrad::new(), &args, options, a)
        }
        "no_retreat" => {
            let a: Box<dyn Opponent<NoRetreat>> = if args.a.starts_with("search") {
                let mut ai = search::no_retreat::search_ai(&args.a, no_retreat_config(&args));
                if let Some(p) = args.playout.as_deref().and_then(NrLevel::parse) {
                    ai.domain.playout = p;
                }
                if let Some(sc) = args.scale {
                    ai.domain.vp_scale = sc;
                }
                ai.domain.same_kind = !args.any_kind;
                Box::new(ai)
            } else {
                NoRetreat::computer(&args.a, args.budget.into()).expect("A's level")
            };
            run(
                &NoRetreat::new(),
                &args,
                eastfront_no_retreat::Options::default(),
                a,
            )
        }
        _ => {
            let tuned = args.depth.is_some()
                || args.playout.is_some()
                || args.bias.is_some()
                || args.widen.is_some()
                || args.flat.is_some()
                || args.threads.is_some()
                || args.scale.is_some()
                || args.value.is_some()
                || args.quiet.is_some();
            let a: Box<dyn Opponent<Moscow41>> = if tuned {
                let mut ai = search::moscow41::search_ai(
                    &args.a,
                    levels::thinking(
                        &args.a,
                        args.budget.into(),
                        search::moscow41::config(&args.a),
                    ),
                );
                if let Some(d) = args.depth {
                    ai.config.playout_depth = d;
                }
                if let Some(b) = args.bias {
                    ai.config.prior_weight = b;
                }
                if let Some((b, p)) = args.widen {
                    (ai.config.widen_base, ai.config.widen_power) = (b, p);
                }
                if args.flat.is_some() {
                    ai.config.flat = args.flat;
                }
                if let Some(sc) = args.scale {
                    ai.domain.scale = sc;
                }
                ai.domain.same_kind = !args.any_kind;
                if args.value.as_deref() == Some("learned") {
                    ai.domain.value = search::moscow41::Value::Learned;
                }
                if let Some(q) = args.quiet {
                    ai.config.quiet_cap = q;
                }
                if let Some(t) = args.threads {
                    ai.config.threads = t;
                }
                if let Some(p) = args.playout.as_deref().and_then(Level::parse) {
                    ai.domain.playout = Playout::Utility(p);
                }
                Box::new(ai)
            } else {
                Moscow41::computer(&args.a, args.budget.into()).expect("A's level")
            };
            run(&Moscow41::new(), &args, Default::default(), a)
        }
    }
}
