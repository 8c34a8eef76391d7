//! A heuristic German player for Stalingrad, built from the rules: take the Soviet
//! reinforcement hexes (the German victory condition, rules §6.18), attack with superior
//! strength, keep stacks together, call reinforcements while the table has units.
//! It reads only the German view: Soviet blocks are counted, never identified.

use eastfront_kernel::{Side, SpaceId};
use eastfront_stalingrad::data::{CardEffect, Terrain};
use eastfront_stalingrad::view::View;
use eastfront_stalingrad::{Action, Board};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// Expected strength of a hidden Soviet block (random edge of a ~3.5-pip block).
const HIDDEN_SOVIET_STRENGTH: f32 = 2.2;

struct Ctx<'a> {
    board: &'a Board,
    view: &'a View,
    german: Vec<f32>,
    soviet: Vec<f32>,
    /// Breadth-first distance to the nearest objective (a Soviet reinforcement hex not yet ours).
    dist: Vec<u32>,
}

impl<'a> Ctx<'a> {
    fn new(board: &'a Board, view: &'a View) -> Self {
        let mut german = vec![0.0; board.hexes.len()];
        let mut soviet = vec![0.0; board.hexes.len()];
        for b in &view.blocks {
            let s = b
                .face
                .as_ref()
                .map(|f| f.strength.max(1) as f32)
                .unwrap_or(HIDDEN_SOVIET_STRENGTH);
            match b.side {
                Side::German => german[b.hex.index()] += s,
                Side::Soviet => soviet[b.hex.index()] += s,
            }
        }
        let mut dist = vec![u32::MAX; board.hexes.len()];
        let mut queue = std::collections::VecDeque::new();
        for h in &board.srh {
            if view.hexes[h.index()].control != Side::German {
                dist[h.index()] = 0;
                queue.push_back(*h);
            }
        }
        while let Some(h) = queue.pop_front() {
            for n in board.topo.neighbours(h) {
                if dist[n.index()] == u32::MAX {
                    dist[n.index()] = dist[h.index()] + 1;
                    queue.push_back(n);
                }
            }
        }
        for d in dist.iter_mut() {
            if *d == u32::MAX {
                *d = 0;
            }
        }
        Ctx {
            board,
            view,
            german,
            soviet,
            dist,
        }
    }

    /// Steps to the nearest Soviet reinforcement hex not yet German (through the map).
    fn objective_distance(&self, h: SpaceId) -> u32 {
        self.dist[h.index()]
    }

    fn objective_value(&self, h: SpaceId) -> f32 {
        let hx = self.board.hex(h);
        let mut v = 0.0;
        if hx.soviet_reinforcement && self.view.hexes[h.index()].control != Side::German {
            v += 12.0;
        }
        if hx.coast {
            v += 1.0;
        }
        v
    }
}

fn unit_strength(view: &View, u: eastfront_stalingrad::UnitId) -> f32 {
    view.blocks
        .iter()
        .filter_map(|b| b.face.as_ref())
        .find(|f| f.unit == u)
        .map(|f| f.strength as f32)
        .unwrap_or(2.0)
}

fn score(ctx: &Ctx, a: &Action) -> f32 {
    let board = ctx.board;
    match a {
        Action::PlannedAttack {
            target,
            from,
            cards,
        } => {
            let att: f32 = from.iter().map(|h| ctx.german[h.index()]).sum();
            let def = ctx.soviet[target.index()].max(0.5);
            let mut ratio = att / def;
            let terrain = board.terrain(*target);
            if terrain == Terrain::Urban {
                ratio *= 0.7; // the defender fires first
            }
            if ctx.view.hexes[target.index()].rubble {
                ratio *= 0.6; // Double Defense
            }
            let card_bonus: f32 = cards
                .iter()
                .map(|c| match board.card(*c).effect {
                    CardEffect::Bombard { dice, .. } => dice as f32 * 0.5,
                    CardEffect::GermanSniper | CardEffect::Pak => 1.0,
                    _ => 0.0,
                })
                .sum();
            // Cards are a finite resource: spend them on the decisive attacks.
            let card_weight = if ctx.objective_value(*target) > 5.0 || ratio < 2.5 {
                1.0
            } else {
                0.3
            };
            let progress = from
                .iter()
                .map(|h| ctx.objective_distance(*h) as f32)
                .fold(0.0, f32::max)
                - ctx.objective_distance(*target) as f32;
            (ratio - 1.6).min(3.0) * 6.0
                + ctx.objective_value(*target)
                + card_bonus * card_weight
                + from.len() as f32 * 0.5
                + progress * 2.0
        }
        Action::QuickAttack { units, to, target } => {
            let moving: f32 = units.iter().map(|u| unit_strength(ctx.view, *u)).sum();
            let att = moving + ctx.german[to.index()];
            let def = ctx.soviet[target.index()].max(0.5);
            let mut ratio = att / def;
            if board.terrain(*target) == Terrain::Urban {
                ratio *= 0.7;
            }
            let progress =
                ctx.objective_distance(*to) as f32 - ctx.objective_distance(*target) as f32;
            (ratio - 1.8).min(3.0) * 6.0 + ctx.objective_value(*target) + progress * 2.0 + 1.0
        }
        Action::CallReinforcements => {
            let on_table: usize = ctx.view.table.iter().map(|r| r.face_down).sum();
            let german_on_map = ctx
                .view
                .blocks
                .iter()
                .filter(|b| b.side == Side::German)
                .count();
            if on_table == 0 {
                -5.0
            } else if german_on_map < 14 {
                6.0 - german_on_map as f32 * 0.2
            } else {
                1.0
            }
        }
        Action::LongMove { from, path } => {
            let to = *path.last().expect("path");
            let gain = ctx.objective_distance(*from) as f32 - ctx.objective_distance(to) as f32;
            gain * 1.6 + ctx.objective_value(to) * 0.5 - 0.5
        }
        Action::ShortMove { units, to } => {
            let Some(from) = ctx
                .view
                .blocks
                .iter()
                .find(|b| b.face.as_ref().map(|f| f.unit) == Some(units[0]))
                .map(|b| b.hex)
            else {
                return -1.0;
            };
            let gain = ctx.objective_distance(from) as f32 - ctx.objective_distance(*to) as f32;
            // Prefer moving whole stacks: strength wins battles.
            gain * 1.2 + units.len() as f32 * 0.3 + ctx.objective_value(*to) * 0.5 - 0.8
        }
        Action::EndShortMoves => 0.0,
        Action::Place { hex, .. } => {
            -(ctx.objective_distance(*hex) as f32) - ctx.german[hex.index()] * 0.1
        }
        Action::EndPlacement => -50.0,
        Action::Advance { unit } => 5.0 + unit_strength(ctx.view, *unit),
        Action::EndAdvance => 0.0,
        Action::Blitz { to, .. } => {
            ctx.objective_value(*to) + 0.5 - ctx.objective_distance(*to) as f32 * 0.1
        }
        Action::EndBlitz => 0.0,
        Action::Choose { unit } => {
            // Hits: lose steps on the blocks that matter least (not R units, lower maximum).
            let face = ctx
                .view
                .blocks
                .iter()
                .filter_map(|b| b.face.as_ref())
                .find(|f| f.unit == *unit);
            match face {
                Some(f) if f.r_unit => -2.0,
                Some(f) => -(f.max_strength as f32) * 0.1,
                None => 0.0,
            }
        }
        _ => 0.0,
    }
}

/// The German choice: the best-scoring legal action, ties broken at random.
pub fn choose(board: &Board, view: &View, legal: &[Action], rng: &mut ChaCha8Rng) -> Action {
    let ctx = Ctx::new(board, view);
    let mut best: Vec<(f32, &Action)> = Vec::new();
    for a in legal {
        let s = score(&ctx, a) + rng.random_range(0.0..0.05);
        best.push((s, a));
    }
    best.sort_by(|a, b| b.0.partial_cmp(&a.0).unwrap_or(std::cmp::Ordering::Equal));
    best[0].1.clone()
}

/// For decisions of other seats (the human-Soviet seat, when a computer takes it): prefer
/// attacks and moves toward the Germans' objectives' defence; otherwise random.
pub fn choose_generic(
    _board: &Board,
    _view: &View,
    legal: &[Action],
    rng: &mut ChaCha8Rng,
) -> Action {
    let attack = legal
        .iter()
        .find(|a| matches!(a, Action::SovietAttack { .. }));
    if let Some(a) = attack {
        if rng.random_range(0..3) > 0 {
            return a.clone();
        }
    }
    legal[rng.random_range(0..legal.len())].clone()
}
