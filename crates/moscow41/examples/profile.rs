//! Random-play profile of the Moscow '41 engine: plays N seeded random games per scenario and
//! times `legal_actions`, `apply`, `view` and the invariants separately.
//!
//! `cargo run --release -p eastfront-moscow41 --example profile -- [games per scenario] [--invariants] [--view] [--hashes] [--legal] [--phases] [--only SCENARIO]`
//!
//! The policy is the fuzz test's (uniform, an action that ends a step redrawn 4 times in 5;
//! every other seed with all optional rules on). `--hashes` prints one line per game (scenario,
//! seed, steps, hash of the action sequence and of the final state): the determinism baseline;
//! `--legal` adds per game a hash of every legal action list, in order (a stricter check), and
//! with `--view` of every view (both sides and omniscient).

use eastfront_kernel::session::state_hash;
use eastfront_kernel::{Game, Side, Viewer};
use eastfront_moscow41::{invariants, Action, Moscow41, Options};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::{Duration, Instant};

#[derive(Default)]
struct Times {
    legal: Duration,
    apply: Duration,
    view: Duration,
    inv: Duration,
    steps: u64,
    /// Per phase name: (steps, time in legal_actions + apply).
    phases: std::collections::BTreeMap<&'static str, (u64, Duration, u64)>,
}

fn ends_something(a: &Action) -> bool {
    matches!(
        a,
        Action::Pass
            | Action::EndCommand
            | Action::EndActivation
            | Action::EndCombat
            | Action::EndSupport
            | Action::EndBlitz
            | Action::NoExploit
            | Action::EndExploitation
            | Action::EndRegeneration
            | Action::EndReplacement
    )
}

fn options(seed: u64, zhukov_hoepner: bool) -> Options {
    let mut o = Options::default();
    if seed % 2 == 1 {
        let r = &mut o.optional;
        r.ignore_army_colour = true;
        r.zhukov_hoepner = zhukov_hoepner;
        r.moscow_supply = true;
        r.rail = true;
        r.blizzard = true;
        r.cavalry = true;
        r.infantry_divisions = true;
        r.crusader = true;
    }
    o
}

fn fnv(h: &mut u64, bytes: &[u8]) {
    for b in bytes {
        *h ^= *b as u64;
        *h = h.wrapping_mul(0x100000001b3);
    }
}

/// What each step also does besides playing: the invariants, the views, the state hash.
#[derive(Clone, Copy)]
struct Checks {
    inv: bool,
    view: bool,
    hash: bool,
}

/// One game; returns (steps, action-sequence hash, final-state hash).
fn play(
    game: &Moscow41,
    scenario: &str,
    options: &Options,
    seed: u64,
    t: &mut Times,
    checks: Checks,
    legal_hash: &mut Option<u64>,
) -> (u64, u64, u64, Option<Side>) {
    let Checks { inv, view, hash } = checks;
    let mut st = game.setup(scenario, options, seed).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut steps = 0u64;
    let mut h = 0xcbf29ce484222325u64;
    while let Some(seat) = game.active(&st) {
        let phase = eastfront_moscow41::rules::phase_name(&st.phase);
        let c0 = Instant::now();
        let c = Instant::now();
        let legal = game.legal_actions(&st, seat);
        t.legal += c.elapsed();
        if let Some(lh) = legal_hash.as_mut() {
            fnv(lh, format!("{legal:?}").as_bytes());
            if view {
                for v in [
                    Viewer::Side(Side::German),
                    Viewer::Side(Side::Soviet),
                    Viewer::Omniscient,
                ] {
                    fnv(lh, format!("{:?}", game.view(&st, v)).as_bytes());
                }
            }
        }
        if view {
            let c = Instant::now();
            let v = game.view(&st, Viewer::Side(game.side_of(&st, seat)));
            std::hint::black_box(&v);
            t.view += c.elapsed();
        }
        let mut a = legal[rng.random_range(0..legal.len())].clone();
        if ends_something(&a) && legal.len() > 1 && rng.random_bool(0.8) {
            a = legal[rng.random_range(0..legal.len())].clone();
        }
        if hash {
            fnv(&mut h, format!("{a:?}").as_bytes());
        }
        let c = Instant::now();
        game.apply(&mut st, seat, &a)
            .unwrap_or_else(|e| panic!("{scenario} {seed}: {a:?} refused: {e}"));
        t.apply += c.elapsed();
        let e = t.phases.entry(phase).or_default();
        e.0 += 1;
        e.1 += c0.elapsed();
        e.2 += legal.len() as u64;
        if inv {
            let c = Instant::now();
            invariants::check(&game.board, &st)
                .unwrap_or_else(|e| panic!("{scenario} {seed} after {a:?}: {e}"));
            t.inv += c.elapsed();
        }
        steps += 1;
    }
    t.steps += steps;
    let sh = if hash { state_hash(&st) } else { 0 };
    (steps, h, sh, game.outcome(&st).and_then(|o| o.winner))
}

/// CPU time of this process so far (Linux `/proc/self/schedstat`), in seconds: the machine
/// may be shared, so the games/s per core are reported on CPU time too.
fn cpu_secs() -> f64 {
    std::fs::read_to_string("/proc/self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<f64>().ok())
        .map(|ns| ns / 1e9)
        .unwrap_or(0.0)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let n: u64 = args.iter().find_map(|a| a.parse().ok()).unwrap_or(20);
    let inv = args.iter().any(|a| a == "--invariants");
    let view = args.iter().any(|a| a == "--view");
    let hashes = args.iter().any(|a| a == "--hashes");
    // `--legal`: also hash every legal action list (in order), one line per game.
    let legal = args.iter().any(|a| a == "--legal");
    // Golden hashes leave RO 14.2 off (its implementation changes those games).
    let zh = !hashes;
    let game = Moscow41::new();
    // `--only campaign`: one scenario.
    let only = args
        .iter()
        .position(|a| a == "--only")
        .and_then(|i| args.get(i + 1));
    let scenarios: Vec<String> = game
        .scenarios()
        .into_iter()
        .map(|s| s.id)
        .filter(|id| only.is_none_or(|o| o == id))
        .collect();
    let mut total = Times::default();
    let mut total_games = 0;
    let all = Instant::now();
    let cpu_all = cpu_secs();
    for sc in &scenarios {
        let mut t = Times::default();
        let start = Instant::now();
        let cpu0 = cpu_secs();
        for seed in 0..n {
            let mut lh = legal.then_some(0xcbf29ce484222325u64);
            let (steps, h, sh, w) = play(
                &game,
                sc,
                &options(seed, zh),
                seed,
                &mut t,
                Checks {
                    inv,
                    view,
                    hash: hashes,
                },
                &mut lh,
            );
            if hashes {
                println!("{sc} {seed} {steps} {h:016x} {sh:016x} {w:?}");
            }
            if let Some(lh) = lh {
                println!("{sc} {seed} legal {lh:016x}");
            }
        }
        let secs = start.elapsed().as_secs_f64();
        let cpu = cpu_secs() - cpu0;
        let parts = (t.legal + t.apply + t.view + t.inv).as_secs_f64().max(1e-9);
        eprintln!(
            "{sc:9} {n} games {:7} steps {secs:7.2}s (cpu {cpu:7.2}s) {:7.1} games/s {:8.0} steps/s (per cpu s) | legal {:4.1}% apply {:4.1}% view {:4.1}% inv {:4.1}%",
            t.steps,
            n as f64 / cpu,
            t.steps as f64 / cpu,
            100.0 * t.legal.as_secs_f64() / parts,
            100.0 * t.apply.as_secs_f64() / parts,
            100.0 * t.view.as_secs_f64() / parts,
            100.0 * t.inv.as_secs_f64() / parts,
        );
        for (k, (n, d, l)) in t.phases {
            let e = total.phases.entry(k).or_default();
            e.0 += n;
            e.1 += d;
            e.2 += l;
        }
        total.legal += t.legal;
        total.apply += t.apply;
        total.view += t.view;
        total.inv += t.inv;
        total.steps += t.steps;
        total_games += n;
    }
    let secs = all.elapsed().as_secs_f64();
    let cpu = cpu_secs() - cpu_all;
    if args.iter().any(|a| a == "--phases") {
        for (k, (n, d, l)) in &total.phases {
            eprintln!(
                "  {k:24} {n:8} steps {:8.3}s {:7.1} µs/step {:7.1} legal actions/step",
                d.as_secs_f64(),
                1e6 * d.as_secs_f64() / *n as f64,
                *l as f64 / *n as f64
            );
        }
    }
    eprintln!(
        "all       {total_games} games {:7} steps {secs:7.2}s (cpu {cpu:7.2}s) {:7.1} games/s {:8.0} steps/s (per cpu s)",
        total.steps,
        total_games as f64 / cpu,
        total.steps as f64 / cpu
    );
}
