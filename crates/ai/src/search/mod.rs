//! Information-set Monte Carlo tree search (Cowling, Powley & Whitehouse, "Information Set
//! Monte Carlo Tree Search", IEEE TCIAIG 2012: the single-observer variant, SO-ISMCTS), generic
//! over [`eastfront_kernel::Game`]. docs/ai.md explains it for the players and for whoever
//! plugs in a new game.
//!
//! Each iteration
//! 1. samples a full state consistent with the searching side's own [`Game::View`]
//!    ([`Domain::determinise`]: hidden blocks, hands, decks drawn from what remains possible,
//!    and a fresh dice generator, so no future die is known);
//! 2. walks the tree from the root, at each decision choosing among the children whose
//!    action is legal in *this* sample by UCB1 with availability counts (a child's
//!    exploration term counts the iterations in which it could have been chosen);
//! 3. expands one new child — widening progressively: a node visited `n` times may have
//!    about `2 + √n` children, the first ones the game's own favourites ([`Domain::candidates`]
//!    at the root, the playout policy's choice below it);
//! 4. plays out with the game's playout policy for a number of decisions, then takes the
//!    outcome or, if the game is not over, the game's evaluation ([`Domain::evaluate`]);
//! 5. backs the value up: each edge keeps the chance of winning for the side that chose it.
//!
//! Chance (dice, draws) is whatever the sampled state's fresh generator gives: a node holds
//! every outcome of the chance events after its action. A decision with one legal action
//! makes no node. The search is deterministic for a seed and an iteration budget; with a time
//! budget it stops at the deadline. Root parallelism: each thread grows its own tree from its
//! own seed, and the roots' statistics are summed.

mod flat;
pub use flat::overruled;
mod tree;

use eastfront_kernel::{Game, Seat, Side};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::time::{Duration, Instant};
pub use tree::RootStat;

/// What one game brings to the search: everything here is that game's own knowledge.
pub trait Domain<G: Game>: Send + Sync {
    /// A full state the searching side's `view` cannot tell apart from the truth, drawn at
    /// random among those possible. None where the game cannot sample one at this step: the
    /// search then plays [`Domain::fallback`].
    fn determinise(&self, game: &G, view: &G::View, rng: &mut ChaCha8Rng) -> Option<G::State>;
    /// The playout policy: an action for `seat` in a sampled full state (its own view of the
    /// sample is all it needs, but it may read the sample: the sample is the search's guess).
    fn playout(
        &self,
        game: &G,
        st: &G::State,
        seat: Seat,
        legal: &[G::Action],
        rng: &mut ChaCha8Rng,
    ) -> G::Action;
    /// Whether `st` is a fair place to cut a playout off and evaluate (Moscow '41: between
    /// impulses, not halfway through a move, a battle or a reinforcement). Default: always.
    fn quiet(&self, _game: &G, _st: &G::State) -> bool {
        true
    }
    /// The German's chance of winning from `st`, where a playout is cut off (0..=1).
    fn evaluate(&self, game: &G, st: &G::State) -> f64;
    /// The root's actions in the order the search should try them (indices into `legal`,
    /// best first); the search may widen to all of them. Default: all, in the rules' order.
    fn candidates(
        &self,
        _game: &G,
        _view: &G::View,
        legal: &[G::Action],
        _rng: &mut ChaCha8Rng,
    ) -> Vec<usize> {
        (0..legal.len()).collect()
    }
    /// The flat search's candidates (`order` is [`Domain::candidates`]'s): by default its
    /// first `k`. A game may leave out what its evaluation cannot judge after a short
    /// playout (Moscow '41: ending a segment early, whose cost is the weather clock's).
    fn shortlist(
        &self,
        _view: &G::View,
        legal: &[G::Action],
        order: &[usize],
        k: usize,
    ) -> Vec<usize> {
        let _ = legal;
        order.iter().copied().take(k).collect()
    }
    /// The action without a search (a step the determiniser does not cover).
    fn fallback(&self, game: &G, view: &G::View, legal: &[G::Action], seed: u64) -> G::Action;
    /// The side the view belongs to.
    fn viewer(&self, view: &G::View) -> Side;
}

/// How long and how the search thinks.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// Iterations in all (shared among the threads). The search is reproducible when it stops
    /// on this rather than on `time`.
    pub iterations: u32,
    /// Stop at this thinking time even if iterations are left.
    pub time: Option<Duration>,
    /// Root-parallel trees (one per thread).
    pub threads: usize,
    /// UCB1's exploration constant.
    pub exploration: f64,
    /// Decisions a playout plays before the evaluation is taken…
    pub playout_depth: u32,
    /// …and up to this many more to reach a quiet position ([`Domain::quiet`]).
    pub quiet_cap: u32,
    /// Progressive widening: a node visited n times has at most `widen_base + n^widen_power`
    /// children.
    pub widen_base: f64,
    pub widen_power: f64,
    /// Progressive bias (Chaslot et al. 2008): a child's score gains `prior_weight × prior /
    /// (visits + 1)`, its prior being `1 / (1 + rank)` in the game's order at the root and 1
    /// for the playout policy's choice below it (½ for the others). Evidence outweighs it as
    /// the visits grow; until then the game's favourites are the search's.
    pub prior_weight: f64,
    /// Root-only Monte Carlo over the game's shortlist instead of the tree (`flat.rs`).
    pub flat: Option<Flat>,
}

/// The flat search's settings: the first `k` actions of the game's order are compared on
/// common samples, and the first is kept unless another beats it, sample by sample, by more
/// than `margin` (in chance of winning) and by more than `z` standard errors.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Flat {
    pub k: usize,
    pub margin: f64,
    pub z: f64,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            iterations: 1000,
            time: None,
            threads: 1,
            exploration: 0.7,
            playout_depth: 40,
            quiet_cap: 0,
            widen_base: 2.0,
            widen_power: 0.5,
            prior_weight: 0.0,
            flat: None,
        }
    }
}

/// What the search decided and why: for the hint and the progress indicator.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchReport<A> {
    pub action: A,
    /// The search's estimate of each side's chance of winning ([German, Soviet]) after this
    /// action, from its own view; None when no search was made (one legal action unless
    /// [`Signals::wants_estimate`], or a step the game cannot sample).
    pub win_chance: Option<[f64; 2]>,
    /// Iterations made (all threads).
    pub iterations: u32,
    /// Every root action tried: visits and the searching side's mean value.
    pub root: Vec<RootStat<A>>,
}

/// Live signals between the search and whoever waits for it: iterations done (for a progress
/// bar) and a stop request (the window closing, the player taking the hint back).
#[derive(Debug, Default)]
pub struct Signals {
    pub iterations: AtomicU32,
    pub stop: AtomicBool,
    /// Whoever waits reads the estimate of who wins (the hint): a decision with one legal
    /// action is searched too, and a level that does not search still gives its game's
    /// estimate where it has one. A computer seat does not: it plays a forced action at once
    /// and spends nothing on an estimate nobody shows.
    pub wants_estimate: bool,
}

impl Signals {
    /// Signals for the hint: the estimate is wanted, a forced action's too.
    pub fn for_estimate() -> Signals {
        Signals {
            wants_estimate: true,
            ..Default::default()
        }
    }
}

/// Searches from `view` (the side to move's own view) and returns the chosen legal action.
pub fn search<G: Game + Sync, D: Domain<G>>(
    game: &G,
    domain: &D,
    view: &G::View,
    legal: &[G::Action],
    seed: u64,
    config: &Config,
    signals: Option<&Signals>,
) -> SearchReport<G::Action>
where
    G::State: Send,
    G::Action: Send + Sync,
    G::View: Sync,
{
    assert!(!legal.is_empty(), "search needs at least one legal action");
    // The thinking time counts from here: the priors' ranking is part of it.
    let deadline = config.time.map(|t| Instant::now() + t);
    let plain = |action: G::Action| SearchReport {
        action,
        win_chance: None,
        iterations: 0,
        root: Vec::new(),
    };
    if legal.len() == 1 && !signals.is_some_and(|s| s.wants_estimate) {
        return plain(legal[0].clone());
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    if domain.determinise(game, view, &mut rng).is_none() {
        return plain(domain.fallback(game, view, legal, seed));
    }
    let order = domain.candidates(game, view, legal, &mut rng);
    let side = domain.viewer(view);
    let threads = config.threads.max(1);
    let local = Signals::default();
    let signals = signals.unwrap_or(&local);
    signals.iterations.store(0, Ordering::Relaxed);
    if let Some(flat) = config.flat {
        let found = flat::search(
            game, domain, view, legal, &order, seed, config, flat, deadline, signals,
        );
        let iterations = signals.iterations.load(Ordering::Relaxed);
        let stat = found.root.iter().find(|s| s.index == found.chosen);
        let Some(stat) = stat.filter(|s| s.visits > 0) else {
            return plain(legal[found.chosen].clone());
        };
        let mine = stat.value.clamp(0.0, 1.0);
        return SearchReport {
            action: legal[found.chosen].clone(),
            win_chance: Some(match side {
                Side::German => [mine, 1.0 - mine],
                Side::Soviet => [1.0 - mine, mine],
            }),
            iterations,
            root: found.root,
        };
    }
    let share = |t: usize| {
        config.iterations / threads as u32
            + u32::from((t as u32) < config.iterations % threads as u32)
    };
    let run = |t: usize| {
        let mut tree = tree::Tree::new(game, domain, config, legal, &order);
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ (0x9e37_79b9 * (t as u64 + 1)));
        for _ in 0..share(t) {
            if signals.stop.load(Ordering::Relaxed) || deadline.is_some_and(|d| Instant::now() >= d)
            {
                break;
            }
            if let Some(st) = domain.determinise(game, view, &mut rng) {
                tree.iterate(st, &mut rng);
            }
            signals.iterations.fetch_add(1, Ordering::Relaxed);
        }
        tree.root_stats()
    };
    let per_thread: Vec<Vec<RootStat<G::Action>>> = if threads == 1 {
        vec![run(0)]
    } else {
        std::thread::scope(|s| {
            let handles: Vec<_> = (0..threads).map(|t| s.spawn(move || run(t))).collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("a search thread panicked"))
                .collect()
        })
    };
    let root = tree::merge(per_thread);
    let iterations = signals.iterations.load(Ordering::Relaxed);
    let Some(best) = root.iter().max_by(|a, b| {
        a.visits
            .cmp(&b.visits)
            .then(a.value.total_cmp(&b.value))
            .then(b.index.cmp(&a.index))
    }) else {
        return plain(domain.fallback(game, view, legal, seed));
    };
    let mine = best.value.clamp(0.0, 1.0);
    let win_chance = match side {
        Side::German => [mine, 1.0 - mine],
        Side::Soviet => [1.0 - mine, mine],
    };
    SearchReport {
        action: best.action.clone(),
        win_chance: Some(win_chance),
        iterations,
        root,
    }
}

/// A computer player that searches: a game's [`Domain`] with a thinking budget. It implements
/// [`eastfront_kernel::Opponent`]; [`SearchAi::report`] gives the hint its win chances.
pub struct SearchAi<D> {
    pub domain: D,
    pub config: Config,
    pub label: String,
    /// Progress of the search in flight (iterations) and a stop request.
    pub signals: std::sync::Arc<Signals>,
}

impl<D> SearchAi<D> {
    pub fn new(domain: D, config: Config, label: impl Into<String>) -> Self {
        SearchAi {
            domain,
            config,
            label: label.into(),
            signals: Default::default(),
        }
    }

    /// The search's decision with its estimate of who wins.
    pub fn report<G>(
        &self,
        game: &G,
        view: &G::View,
        legal: &[G::Action],
        seed: u64,
    ) -> SearchReport<G::Action>
    where
        G: Game + Sync,
        D: Domain<G>,
        G::State: Send,
        G::Action: Send + Sync,
        G::View: Sync,
    {
        self.signals.stop.store(false, Ordering::Relaxed);
        search(
            game,
            &self.domain,
            view,
            legal,
            seed,
            &self.config,
            Some(&self.signals),
        )
    }
}

impl<G, D> eastfront_kernel::Opponent<G> for SearchAi<D>
where
    G: Game + Sync,
    D: Domain<G>,
    G::State: Send,
    G::Action: Send + Sync,
    G::View: Sync,
{
    fn choose(&self, game: &G, view: &G::View, legal: &[G::Action], seed: u64) -> G::Action {
        self.report(game, view, legal, seed).action
    }
    fn name(&self) -> String {
        self.label.clone()
    }
}

/// The side a view belongs to (`Domain::viewer`): its viewer's, or for an all-seeing view the
/// side to act (the German when nobody is).
pub fn viewer_side(viewer: eastfront_kernel::Viewer, to_act: Option<Side>) -> Side {
    match viewer {
        eastfront_kernel::Viewer::Side(s) => s,
        eastfront_kernel::Viewer::Omniscient => to_act.unwrap_or(Side::German),
    }
}

/// A flat search's shortlist: the game's first choice, then up to `k - 1` more of `order` that
/// `keep(first, other)` admits (`Domain::shortlist` for Moscow '41 and No Retreat!).
pub fn shortlist_from(
    order: &[usize],
    k: usize,
    keep: impl Fn(usize, usize) -> bool,
) -> Vec<usize> {
    let Some(&first) = order.first() else {
        return Vec::new();
    };
    let mut out = vec![first];
    out.extend(
        order[1..]
            .iter()
            .copied()
            .filter(|&i| keep(first, i))
            .take(k.saturating_sub(1)),
    );
    out
}

/// Whether two actions are of the same kind (the same variant: which move, which battle, not
/// whether to move or to fight).
pub fn same_kind<A>(a: &A, b: &A) -> bool {
    std::mem::discriminant(a) == std::mem::discriminant(b)
}

/// The logistic curve: turns an evaluation's score into a chance of winning.
pub fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Both cores of this machine, or what the system offers.
pub fn all_cores() -> usize {
    std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
}

pub mod moscow41;
pub mod no_retreat;
pub mod stalingrad;

#[cfg(test)]
mod shortlist_tests {
    use super::{same_kind, shortlist_from};

    enum Act {
        Move,
        Fight,
    }

    #[test]
    fn the_shortlist_keeps_the_first_choice_and_what_the_game_admits() {
        let legal = [Act::Fight, Act::Move, Act::Move, Act::Fight];
        let order = [1, 0, 3, 2];
        // Same kind as the first choice (a move): the other move only.
        let kind = shortlist_from(&order, 4, |f, i| same_kind(&legal[f], &legal[i]));
        assert_eq!(kind, [1, 2]);
        // Everything admitted, but no more than k.
        assert_eq!(shortlist_from(&order, 3, |_, _| true), [1, 0, 3]);
        assert!(shortlist_from(&[], 3, |_, _| true).is_empty());
    }
}
