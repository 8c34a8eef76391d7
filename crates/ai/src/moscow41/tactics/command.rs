//! The HQs' scores: Tactical Range (R 10.3), what an HQ commands, the cost of its steps, and
//! the value of activating one where it stands or after a move.

use super::*;

/// Tactical Range areas of an HQ standing in `from` (R 10.3), on the model.
pub(super) fn range_from(m: &Model, from: usize, side: Side, range: u32) -> Vec<bool> {
    let n = m.n();
    let mut dist = vec![u32::MAX; n];
    dist[from] = 0;
    let mut q = std::collections::VecDeque::from([from]);
    while let Some(a) = q.pop_front() {
        let d = dist[a];
        if d >= range {
            continue;
        }
        if a != from && (m.control[a] != side || m.disputed(a)) {
            continue;
        }
        for nb in m.board.neighbours(AreaId::from_index(a)) {
            let j = nb.index();
            if dist[j] == u32::MAX && m.passable(j, side) {
                dist[j] = d + 1;
                q.push_back(j);
            }
        }
    }
    dist.iter().map(|d| *d != u32::MAX).collect()
}

pub(super) fn hq_range(m: &Model, hq: BlockId, strength: u8) -> u32 {
    let side = m.board.block(hq).side;
    let s = strength as u32;
    match m.weather {
        Weather::Sunny => s,
        Weather::Rain => s.min(1),
        Weather::Snow | Weather::Blizzard => {
            if side == Side::German {
                if s == 0 {
                    0
                } else {
                    (s / 2).max(1)
                }
            } else {
                s
            }
        }
    }
}

pub(super) fn commands(m: &Model, hq: BlockId, b: BlockId) -> bool {
    let h = m.board.block(hq);
    let d = m.board.block(b);
    if h.side != d.side || h.role != Role::TacticalHq {
        return false;
    }
    if h.side == Side::Soviet && h.colour.is_none() {
        return d.role != Role::Leader; // Zhukov commands every Soviet block (R 10.6)
    }
    d.role == Role::Combat
        && (d.colour == Some(Colour::White) || (d.colour.is_some() && d.colour == h.colour))
}

/// How much a block would gain from being commanded this impulse (from where it stands).
pub(super) fn usefulness(m: &Model, a: usize, u: &Unit) -> f32 {
    if u.isolated || !m.board.is_area(AreaId::from_index(a)) || u.role == Some(Role::Leader) {
        return 0.0;
    }
    let me = m.me;
    let en = me.other();
    let id = AreaId::from_index(a);
    let mut v: f32 = 1.0;
    let mut adj_enemy = false;
    let mut adj_empty_enemy = false;
    for nb in m.board.neighbours(id) {
        let j = nb.index();
        if m.has_units(j, en) {
            adj_enemy = true;
        } else if m.control[j] == en && m.passable(j, me) {
            adj_empty_enemy = true;
        }
    }
    if m.has_units(a, en) {
        v += 8.0 + 3.0 * u.strength;
    }
    if adj_enemy {
        v += 6.0 + 3.0 * u.strength;
    }
    if adj_empty_enemy {
        v += if me == Side::German { 10.0 } else { 5.0 };
    }
    if me == Side::German {
        // SC.1: a block that can fortify an objective area (R 4.1, 10.8: a combat block
        // above its minimum of 1, in an own undisputed area without an own line) is the one
        // to command; with the other area's line already built, its line wins at once.
        if u.can_build_line() && m.goal_to_fortify(a) {
            let rest_built = m.goals_unfortified().all(|g| g == a);
            v += if rest_built { 400.0 } else { 40.0 };
        }
        let d = m.dist_objective.get(a).copied().unwrap_or(0).min(8) as f32;
        if m.has_control_goal() {
            // One objective is the whole game (SC.2, SC.3): the blocks that can reach it
            // this impulse or the next are the ones to command; fights far from it matter
            // little.
            let near = ((8.0 - d) / 6.0).clamp(0.25, 1.0);
            v = 1.0 + (v - 1.0) * near + (6.0 - d.min(6.0)) * 4.0;
        } else {
            v += d * 1.5;
        }
    }
    if u.role != Some(Role::Combat) {
        v *= 0.4;
    }
    v
}

pub(super) fn hq_step_cost(ctx: &Ctx, hq: BlockId, strength: u8) -> f32 {
    // HQ stamina (rules file §8.4 heuristic 5): every activation costs a step; a ♥ HQ no
    // longer counts for the VL, and activating it destroys it (R 10.5, 10.17) — for the
    // German for good.
    let german = ctx.me() == Side::German;
    let lw = ctx.m.board.block(hq).role == Role::LuftwaffeHq;
    // The steps matter for the months still to come: in the last one an HQ is worth only
    // what it does now.
    let left = months_left(ctx);
    if left == 0 {
        return match strength {
            0 => 15.0,
            _ => 4.0,
        };
    }
    // A German who must take his objectives before the end (SC.1–SC.3) keeps steps only
    // for the months he still has to use them in.
    let k = match left {
        1 if german && ctx.m.has_scenario_goal() => 0.35,
        2 if german && ctx.m.has_scenario_goal() => 0.6,
        1 => 0.7,
        _ => 1.0,
    };
    k * match strength {
        0 => {
            if german {
                5000.0
            } else {
                400.0
            }
        }
        2 => {
            if lw {
                40.0
            } else {
                80.0
            }
        }
        _ => {
            if lw {
                25.0
            } else {
                40.0
            }
        }
    }
}

/// Blocks already commanded by the HQs activated earlier in this impulse.
pub(super) fn covered_by_activated(ctx: &Ctx) -> Vec<BlockId> {
    let me = ctx.me();
    let mut v = Vec::new();
    for &h in &ctx.view.activated {
        let d = ctx.m.board.block(h);
        if d.side != me || d.role != Role::TacticalHq {
            continue;
        }
        let (Some(ha), Some(hu)) = (ctx.m.area_of(h), ctx.m.unit(h)) else {
            continue;
        };
        let reach = range_from(&ctx.m, ha, me, hq_range(&ctx.m, h, hu.strength as u8));
        for (a, us) in ctx.m.units.iter().enumerate() {
            for u in us.iter().filter(|u| u.side == me) {
                if let Some(b) = u.id {
                    if a == ha || (reach[a] && commands(&ctx.m, h, b)) {
                        v.push(b);
                    }
                }
            }
        }
    }
    v
}

/// HQ activation (R 10.1–10.6): the blocks it would command from where it is revealed,
/// its artillery, against the step it loses (R 10.17).
pub(super) fn score_activate(ctx: &mut Ctx, hq: BlockId, path: &[AreaId]) -> f32 {
    let Some(hu) = own(ctx, hq) else {
        return -1.0;
    };
    let Some(cur) = ctx.m.area_of(hq) else {
        return -1.0;
    };
    let dest = path.last().map(area).unwrap_or(cur);
    let strength = hu.strength as u8;
    let cost = hq_step_cost(ctx, hq, strength);
    let d = ctx.m.board.block(hq);
    let me = ctx.me();
    // Hoepner on the Road to Leningrad (R 10.9): a roll toward Leningrad. He advances at
    // most one box per block with him, so today's plan sees no roll while his blocks are
    // still in the Force Pool (the campaign's July): the activation would cost a step for
    // nothing. (He still takes it where a Tactical Impulse has no other HQ to activate: the
    // legal list then holds nothing better.)
    if !ctx.m.board.is_area(AreaId::from_index(cur)) {
        let hoepner_road = ctx.m.board.road_index(AreaId::from_index(cur)).is_some();
        let escort = ctx
            .m
            .blocks_of(cur, me)
            .filter(|u| u.id != Some(hq))
            .count();
        let no_roll = ctx.m.plan == Plan::Current && escort == 0;
        return if hoepner_road && ctx.m.discs[1] && !no_roll {
            110.0 - cost
        } else {
            -cost
        };
    }
    if d.role == Role::LuftwaffeHq {
        // Bombers for this impulse's battles: worth it where enemy stacks touch ours.
        let s = strength as u32;
        let mut targets: f32 = 0.0;
        for a in 0..ctx.m.board.n_areas {
            if !ctx.m.has_units(a, me.other()) {
                continue;
            }
            let near = ctx.m.disputed(a)
                || ctx
                    .m
                    .board
                    .neighbours(AreaId::from_index(a))
                    .any(|nb| ctx.m.blocks_of(nb.index(), me).any(|u| u.fights()));
            if near
                && ctx
                    .m
                    .board
                    .topo
                    .distance(AreaId::from_index(dest), AreaId::from_index(a))
                    .is_some_and(|x| x <= s)
            {
                targets += 1.0;
            }
        }
        let bombers = ctx
            .view
            .bombers
            .iter()
            .enumerate()
            .filter(|(k, b)| {
                **b == eastfront_moscow41::BomberState::Available
                    && ctx.m.board.block_by_key(&ctx.m.board.bombers()[*k].owner) == Some(hq)
            })
            .count() as f32;
        return (targets.min(3.0) * 6.0 * bombers.min(s as f32)).min(60.0) - cost;
    }
    let mut m = ctx.m.clone();
    if dest != cur {
        m.move_unit(hq, &[dest]);
    }
    let covered = covered_by_activated(ctx);
    let mut sum = command_value(&m, hq, dest, strength, &covered);
    // Artillery: an adjacent enemy stack to shell (R 10.4).
    // Where a battle is already joined next to it, what its marker adds to that battle;
    // elsewhere a battle it may support once the blocks have moved.
    let art = m
        .board
        .neighbours(AreaId::from_index(dest))
        .any(|nb| m.has_units(nb.index(), me.other()));
    if art && strength > 0 {
        let dice = crate::moscow41::model::support_dice(m.weather, me, strength as f32);
        let shells = vec![1.0 / 3.0; dice];
        let joined: Vec<usize> = m
            .board
            .neighbours(AreaId::from_index(dest))
            .map(|nb| nb.index())
            .filter(|&j| m.has_units(j, me) && m.has_units(j, me.other()))
            .collect();
        let mut best: f32 = 8.0;
        for j in joined {
            best = best.max(support_gain(ctx, j, &shells));
        }
        sum += best;
    }
    // An HQ revealed next to enemy stacks is exposed.
    let exposed = m
        .board
        .neighbours(AreaId::from_index(dest))
        .filter(|nb| m.blocks_of(nb.index(), me.other()).count() > 0)
        .count() as f32;
    let alone = m.blocks_of(dest, me).count() <= 1;
    if alone {
        sum -= exposed * 3.0;
    }
    // The German's HQs follow the drive on Moscow (SC.2, SC.3): their range must cover the
    // blocks that will attack it.
    let d = |x: usize| m.dist_objective.get(x).copied().unwrap_or(0).min(12) as f32;
    if me == Side::German && dest != cur && m.has_control_goal() {
        sum += (d(cur) - d(dest)) * 6.0;
    }
    // SC.1: an HQ must stand near Yelnia and Yartsevo (or Chernigov and Romny) to command the
    // blocks that fortify them once they are taken (its range falls with every activation,
    // R 10.3): activations far from them cost more. Measured against random play (German,
    // seeds 1–200 / 1001–1200 / 2001–2200): Normal 89 / 88 / 89% → 94 / 90 / 93.5%, Hard
    // 91.5 / 90.5 / 93.5% → 93 / 92 / 95%.
    if me == Side::German && !m.cache.goal_dl.is_empty() {
        sum -= d(dest) * 20.0;
    }
    sum * 0.9 - cost
}

/// What the blocks `hq` would command from `at` at `strength` gain from it (the blocks
/// other activated HQs command already left out).
pub(super) fn command_value(
    m: &Model,
    hq: BlockId,
    at: usize,
    strength: u8,
    covered: &[BlockId],
) -> f32 {
    let me = m.me;
    let range = hq_range(m, hq, strength);
    let reach = range_from(m, at, me, range);
    let mut vals: Vec<f32> = Vec::new();
    for (a, us) in m.units.iter().enumerate() {
        for u in us.iter().filter(|u| u.side == me) {
            let Some(b) = u.id else { continue };
            if b == hq || covered.contains(&b) {
                continue;
            }
            if a == at || (reach[a] && commands(m, hq, b)) {
                vals.push(usefulness(m, a, u));
            }
        }
    }
    vals.sort_by(|x, y| y.total_cmp(x));
    let mut sum = 0.0;
    for (k, v) in vals.iter().enumerate() {
        sum += v * if k < 6 { 1.0 } else { 0.5 };
    }
    sum
}

/// Best activation this side could make now, estimated before declaring the impulse.
pub(super) fn best_activation(ctx: &mut Ctx) -> f32 {
    let me = ctx.me();
    let hqs: Vec<BlockId> = ctx
        .m
        .units
        .iter()
        .flat_map(|us| us.iter())
        .filter(|u| u.side == me && u.role == Some(Role::TacticalHq) && !u.isolated)
        .filter_map(|u| u.id)
        .collect();
    let mut best = f32::MIN;
    for h in hqs {
        let s = score_activate(ctx, h, &[]);
        best = best.max(s);
    }
    best
}
