//! Root-only ("flat") Monte Carlo over the game's shortlist, with common random numbers.
//!
//! The first `k` actions of the game's order (the utility AI's ranking) are the candidates.
//! Each sample draws one determinisation (hidden facts and the dice generator) and one
//! playout generator, and plays *every* candidate from that same sample with the same
//! generators: the candidates are compared on the same guesses and the same dice, so the
//! noise they share cancels in their difference. The game's first choice is kept unless
//! another candidate beats it, paired sample by sample, by more than a margin and by more
//! than `z` standard errors of the mean difference: the search only overrules its prior on
//! evidence.

use super::tree::{play_out, RootStat};
use super::{Config, Domain, Flat, Signals};
use eastfront_kernel::{Game, Side};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// Per candidate: the sum of its values and of its paired differences to the first
/// candidate (and their squares), over the samples.
#[derive(Clone, Debug, Default)]
struct Sums {
    n: u32,
    value: f64,
    diff: f64,
    diff2: f64,
}

/// The generator of sample `s`: a function of the seed and the sample's number only, so the
/// result does not depend on which thread played it.
fn sample_rng(seed: u64, s: u64) -> ChaCha8Rng {
    let mut z = seed ^ (s.wrapping_add(1)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    ChaCha8Rng::seed_from_u64(z ^ (z >> 31))
}

/// Decisions searched and decisions where the search overruled the game's first choice,
/// since the program started (for the match tools' reports).
static SEARCHED: AtomicU64 = AtomicU64::new(0);
static OVERRULED: AtomicU64 = AtomicU64::new(0);

/// (decisions searched, decisions where another candidate than the game's first was played).
pub fn overruled() -> (u64, u64) {
    (
        SEARCHED.load(Ordering::Relaxed),
        OVERRULED.load(Ordering::Relaxed),
    )
}

/// What the flat search found: every candidate's statistics, and the index (into `legal`)
/// of the action it plays.
pub(super) struct Found<A> {
    pub root: Vec<RootStat<A>>,
    pub chosen: usize,
}

#[allow(clippy::too_many_arguments)]
pub(super) fn search<G: Game + Sync, D: Domain<G>>(
    game: &G,
    domain: &D,
    view: &G::View,
    legal: &[G::Action],
    order: &[usize],
    seed: u64,
    config: &Config,
    flat: Flat,
    deadline: Option<Instant>,
    signals: &Signals,
) -> Found<G::Action>
where
    G::State: Send,
    G::Action: Send + Sync,
    G::View: Sync,
{
    let side = domain.viewer(view);
    let cands = domain.shortlist(view, legal, order, flat.k.max(1));
    let cands = &cands[..];
    let k = cands.len();
    // The budget counts playouts: each sample plays every candidate once.
    let samples = config.iterations.div_ceil(k as u32).max(1) as u64;
    let threads = config.threads.max(1) as u64;
    let run = |t: u64| {
        let mut sums = vec![Sums::default(); k];
        let mut s = t;
        while s < samples {
            if signals.stop.load(Ordering::Relaxed) || deadline.is_some_and(|d| Instant::now() >= d)
            {
                break;
            }
            let mut rng = sample_rng(seed, s);
            s += threads;
            let Some(base) = domain.determinise(game, view, &mut rng) else {
                continue;
            };
            let mut values = Vec::with_capacity(k);
            for &c in cands {
                let mut st = base.clone();
                let mut r = rng.clone();
                let seat = game.active(&st);
                let ok = seat.is_some_and(|seat| game.apply(&mut st, seat, &legal[c]).is_ok());
                if !ok {
                    break;
                }
                let german = play_out(game, domain, config, &mut st, &mut r);
                values.push(match side {
                    Side::German => german,
                    Side::Soviet => 1.0 - german,
                });
            }
            signals.iterations.fetch_add(k as u32, Ordering::Relaxed);
            if values.len() < k {
                // A candidate the sample refuses: the sample compares nothing.
                continue;
            }
            for (j, v) in values.iter().enumerate() {
                let d = v - values[0];
                let e = &mut sums[j];
                e.n += 1;
                e.value += v;
                e.diff += d;
                e.diff2 += d * d;
            }
        }
        sums
    };
    let per_thread: Vec<Vec<Sums>> = if threads == 1 {
        vec![run(0)]
    } else {
        std::thread::scope(|sc| {
            let handles: Vec<_> = (0..threads).map(|t| sc.spawn(move || run(t))).collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("a search thread panicked"))
                .collect()
        })
    };
    let mut sums = vec![Sums::default(); k];
    for t in per_thread {
        for (a, b) in sums.iter_mut().zip(t) {
            a.n += b.n;
            a.value += b.value;
            a.diff += b.diff;
            a.diff2 += b.diff2;
        }
    }
    let mut chosen = 0;
    let mut best = 0.0;
    for (j, e) in sums.iter().enumerate().skip(1) {
        if e.n < 2 {
            continue;
        }
        let n = e.n as f64;
        let mean = e.diff / n;
        let var = (e.diff2 / n - mean * mean).max(0.0) * n / (n - 1.0);
        let se = (var / n).sqrt();
        if mean > flat.margin && mean > flat.z * se && mean > best {
            best = mean;
            chosen = j;
        }
    }
    if chosen != 0 && std::env::var_os("EASTFRONT_FLAT_TRACE").is_some() {
        let mean = |e: &Sums| e.value / e.n.max(1) as f64;
        eprintln!(
            "overrule: {:?} ({:.3}) -> {:?} ({:.3}, +{:.3} over {})",
            legal[cands[0]],
            mean(&sums[0]),
            legal[cands[chosen]],
            mean(&sums[chosen]),
            best,
            sums[chosen].n
        );
    }
    SEARCHED.fetch_add(1, Ordering::Relaxed);
    OVERRULED.fetch_add(u64::from(chosen != 0), Ordering::Relaxed);
    let root = cands
        .iter()
        .zip(&sums)
        .map(|(&c, e)| RootStat {
            index: c,
            action: legal[c].clone(),
            visits: e.n,
            value: if e.n == 0 { 0.0 } else { e.value / e.n as f64 },
        })
        .collect();
    Found {
        root,
        chosen: cands[chosen],
    }
}
