//! One search tree: nodes in an arena, edges keyed by action, UCB1 with availability counts,
//! progressive widening, playouts cut off by the game's evaluation.

use super::{Config, Domain};
use eastfront_kernel::{Game, Side};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// One root action's statistics.
#[derive(Clone, Debug, PartialEq)]
pub struct RootStat<A> {
    /// Its index in the legal actions the search was given.
    pub index: usize,
    pub action: A,
    pub visits: u32,
    /// The searching side's mean value (its chance of winning) after this action.
    pub value: f64,
}

struct Edge<A> {
    action: A,
    /// The root's edges: the index into the legal actions.
    index: usize,
    child: Option<usize>,
    visits: u32,
    /// Sum of the values for the side that chose this edge.
    total: f64,
    /// Iterations in which this edge was legal when its node was reached.
    avail: u32,
    /// The game's preference (progressive bias).
    prior: f64,
}

struct Node<A> {
    visits: u32,
    edges: Vec<Edge<A>>,
}

pub(super) struct Tree<'a, G: Game, D> {
    game: &'a G,
    domain: &'a D,
    config: &'a Config,
    /// The root's legal actions and the order to try them in.
    legal: &'a [G::Action],
    order: &'a [usize],
    nodes: Vec<Node<G::Action>>,
}

impl<'a, G: Game, D: Domain<G>> Tree<'a, G, D> {
    pub fn new(
        game: &'a G,
        domain: &'a D,
        config: &'a Config,
        legal: &'a [G::Action],
        order: &'a [usize],
    ) -> Self {
        Tree {
            game,
            domain,
            config,
            legal,
            order,
            nodes: vec![Node {
                visits: 0,
                edges: Vec::new(),
            }],
        }
    }

    fn widen(&self, visits: u32) -> usize {
        (self.config.widen_base + (visits as f64).powf(self.config.widen_power)) as usize
    }

    /// One iteration from the sampled state `st`.
    pub fn iterate(&mut self, mut st: G::State, rng: &mut ChaCha8Rng) {
        let game = self.game;
        let mut path: Vec<(usize, usize, Side)> = Vec::new();
        let mut node = Some(0usize);
        let mut forced = 0u32;
        while let (Some(n), Some(seat)) = (node, game.active(&st)) {
            let side = game.side_of(&st, seat);
            let legal = if n == 0 {
                self.legal.to_vec()
            } else {
                game.legal_actions(&st, seat)
            };
            if legal.is_empty() {
                return;
            }
            if legal.len() == 1 && n != 0 {
                // A forced step makes no node; a loop of them is cut off like a playout.
                forced += 1;
                if forced > 10_000 || game.apply(&mut st, seat, &legal[0]).is_err() {
                    return;
                }
                continue;
            }
            let (edge, expand) = self.select(n, &st, seat, &legal, rng);
            let action = self.nodes[n].edges[edge].action.clone();
            if game.apply(&mut st, seat, &action).is_err() {
                // Not legal in this sample after all (a root action the sample refuses).
                return;
            }
            path.push((n, edge, side));
            node = if expand {
                let child = self.nodes.len();
                self.nodes.push(Node {
                    visits: 0,
                    edges: Vec::new(),
                });
                self.nodes[n].edges[edge].child = Some(child);
                None
            } else {
                self.nodes[n].edges[edge].child
            };
        }
        let value = self.playout(&mut st, rng);
        for (n, e, side) in path {
            let node = &mut self.nodes[n];
            node.visits += 1;
            let edge = &mut node.edges[e];
            edge.visits += 1;
            edge.total += match side {
                Side::German => value,
                Side::Soviet => 1.0 - value,
            };
        }
    }

    /// The edge to follow from node `n` (adding one if the node may widen): (edge, new).
    fn select(
        &mut self,
        n: usize,
        st: &G::State,
        seat: eastfront_kernel::Seat,
        legal: &[G::Action],
        rng: &mut ChaCha8Rng,
    ) -> (usize, bool) {
        let root = n == 0;
        let width = self.widen(self.nodes[n].visits);
        let node = &mut self.nodes[n];
        let mut available = Vec::with_capacity(node.edges.len());
        for (i, e) in node.edges.iter_mut().enumerate() {
            if root || legal.contains(&e.action) {
                e.avail += 1;
                available.push(i);
            }
        }
        if node.edges.len() < width || available.is_empty() {
            let untried = if root {
                let rank = node.edges.len();
                self.order
                    .get(rank)
                    .map(|&i| (i, self.legal[i].clone(), 1.0 / (1.0 + rank as f64)))
            } else {
                let known = |a: &G::Action| node.edges.iter().any(|e| &e.action == a);
                let favourite = self.domain.playout(self.game, st, seat, legal, rng);
                if !known(&favourite) {
                    Some((0, favourite, 1.0))
                } else {
                    // A random untried action.
                    let start = rng.random_range(0..legal.len());
                    (0..legal.len())
                        .map(|k| &legal[(start + k) % legal.len()])
                        .find(|a| !known(a))
                        .map(|a| (0, a.clone(), 0.5))
                }
            };
            if let Some((index, action, prior)) = untried {
                node.edges.push(Edge {
                    action,
                    index,
                    child: None,
                    visits: 0,
                    total: 0.0,
                    avail: 1,
                    prior,
                });
                return (node.edges.len() - 1, true);
            }
        }
        let (c, bias) = (self.config.exploration, self.config.prior_weight);
        let best = available
            .iter()
            .copied()
            .max_by(|&a, &b| {
                let ucb = |i: usize| {
                    let e = &node.edges[i];
                    if e.visits == 0 {
                        return f64::INFINITY;
                    }
                    e.total / e.visits as f64
                        + c * ((e.avail.max(1) as f64).ln() / e.visits as f64).sqrt()
                        + bias * e.prior / (e.visits + 1) as f64
                };
                ucb(a).total_cmp(&ucb(b)).then(b.cmp(&a))
            })
            .expect("an available edge");
        (best, false)
    }

    /// Plays on with the playout policy; the German's value of where it ends.
    fn playout(&self, st: &mut G::State, rng: &mut ChaCha8Rng) -> f64 {
        play_out(self.game, self.domain, self.config, st, rng)
    }

    pub fn root_stats(&self) -> Vec<RootStat<G::Action>> {
        self.nodes[0]
            .edges
            .iter()
            .map(|e| RootStat {
                index: e.index,
                action: e.action.clone(),
                visits: e.visits,
                value: if e.visits == 0 {
                    0.0
                } else {
                    e.total / e.visits as f64
                },
            })
            .collect()
    }
}

/// The roots of several trees as one: visits summed, values weighted by visits; in the
/// order of the legal actions.
pub(super) fn merge<A: Clone>(trees: Vec<Vec<RootStat<A>>>) -> Vec<RootStat<A>> {
    let mut all: Vec<RootStat<A>> = Vec::new();
    for stat in trees.into_iter().flatten() {
        match all.iter_mut().find(|s| s.index == stat.index) {
            Some(s) => {
                let v = s.visits + stat.visits;
                if v > 0 {
                    s.value =
                        (s.value * s.visits as f64 + stat.value * stat.visits as f64) / v as f64;
                }
                s.visits = v;
            }
            None => all.push(stat),
        }
    }
    all.sort_by_key(|s| s.index);
    all
}

/// Plays on from `st` with the game's playout policy for the config's `playout_depth`
/// decisions (forced steps do not count) and up to `quiet_cap` more until the game calls
/// the position quiet; the German's value of where it ends: the outcome, or the game's
/// evaluation.
pub(super) fn play_out<G: Game, D: Domain<G>>(
    game: &G,
    domain: &D,
    config: &Config,
    st: &mut G::State,
    rng: &mut ChaCha8Rng,
) -> f64 {
    let (depth, cap) = (config.playout_depth, config.quiet_cap);
    let mut decisions = 0;
    let mut steps = 0u32;
    while let Some(seat) = game.active(st) {
        let cut = decisions >= depth
            && (decisions >= depth.saturating_add(cap) || domain.quiet(game, st));
        if cut || steps > 100_000 {
            return domain.evaluate(game, st);
        }
        steps += 1;
        let legal = game.legal_actions(st, seat);
        let action = match legal.len() {
            0 => return domain.evaluate(game, st),
            1 => legal[0].clone(),
            _ => {
                decisions += 1;
                domain.playout(game, st, seat, &legal, rng)
            }
        };
        if game.apply(st, seat, &action).is_err() {
            return domain.evaluate(game, st);
        }
    }
    match game.outcome(st).and_then(|o| o.winner) {
        Some(Side::German) => 1.0,
        Some(Side::Soviet) => 0.0,
        None => 0.5,
    }
}
