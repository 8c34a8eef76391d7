//! The scores of the other kinds of action: Tactical Blitz, Strategic Impulses, Exploitation,
//! battles and their support, bombers, leaders, regeneration and replacement, deployment,
//! Defensive Lines, and passing.

use super::*;

pub(super) fn score_tactical(ctx: &mut Ctx) -> f32 {
    let b = best_activation(ctx);
    if b == f32::MIN {
        -1.0
    } else {
        // Own blocks cut off now lose a step at the end of this impulse unless their LOC
        // is reopened (R 9.3): an impulse with HQs is the chance to reopen it.
        b + 0.6 * pocket_value(&ctx.m)
    }
}

/// What the own blocks out of supply stand to lose (the evaluator's supply term).
pub(super) fn pocket_value(m: &Model) -> f32 {
    let me = m.me;
    let sup = m.supplied(me);
    let mut v = 0.0;
    for (a, us) in m.units.iter().enumerate() {
        if !m.board.is_area(AreaId::from_index(a)) || m.in_supply(a, me, &sup) {
            continue;
        }
        for u in us.iter().filter(|u| u.side == me && u.counts_for_control()) {
            v += m.cut_off_cost(u.strength);
        }
    }
    v
}

pub(super) fn my_side_view<'c>(ctx: &'c Ctx) -> Option<&'c eastfront_moscow41::view::SideView> {
    ctx.view.sides.iter().find(|s| s.side == ctx.me())
}

pub(super) fn disc_cost(ctx: &Ctx) -> f32 {
    // The disc gives the next turn's first impulse (R 3.2.1), and once spent it is the
    // enemy's: he may spend it on a Strategic Impulse of his own (R 11.0) — as many
    // reinforcements or moves as his Logistic Value (rules file §8.4 heuristic 8). His VL is
    // estimated from public facts: his VP, his HQs on the map, a Leader at half strength.
    let en = ctx.me().other();
    let en_pool = ctx
        .view
        .sides
        .iter()
        .find(|s| s.side == en)
        .map(|s| s.force_pool)
        .unwrap_or(0) as f32;
    let en_hqs = ctx
        .view
        .blocks
        .iter()
        .filter(|b| b.side == en)
        .count()
        .min(60) as f32;
    let _ = en_hqs;
    let en_vl = ctx.m.vp(en) as f32 + 4.0;
    let per = if en == Side::Soviet { 14.0 } else { 10.0 };
    let gift = en_vl.min(en_pool.max(en_vl * 0.5)) * per;
    let base = if ctx.me() == Side::German && ctx.m.weather.is_good() {
        70.0
    } else {
        55.0
    };
    // Threatened (the enemy's sweep would cut own blocks): the disc is his second impulse in
    // a row, the one that closes the pocket.
    // (Capped: the sweep assumes every enemy block moves, which he cannot.)
    let danger = if ctx.full && ctx.me() == Side::German {
        (0.5 * ctx.m.sweep_cut().0).min(60.0)
    } else {
        0.0
    };
    // In the last month there is no next turn for the disc to open (R 3.2.1): only the
    // enemy's use of it this month is at stake.
    if months_left(ctx) == 0 {
        return 0.25 * (gift + danger);
    }
    base + gift + danger
}

/// SI option A (R 11.0): VL blocks move without an HQ step.
pub(super) fn score_si_move(ctx: &mut Ctx) -> f32 {
    let vl = my_side_view(ctx).and_then(|s| s.vl).unwrap_or(0) as usize;
    let me = ctx.me();
    let mut vals: Vec<f32> = Vec::new();
    for (a, us) in ctx.m.units.iter().enumerate() {
        for u in us.iter().filter(|u| u.side == me) {
            vals.push(usefulness(&ctx.m, a, u));
        }
    }
    vals.sort_by(|x, y| y.total_cmp(x));
    let sum: f32 = vals.iter().take(vl).sum();
    sum * 0.75 - disc_cost(ctx)
}

/// SI option B (R 11.0): VL reinforcements.
pub(super) fn score_si_reinforce(ctx: &mut Ctx) -> f32 {
    let Some(sv) = my_side_view(ctx) else {
        return -1.0;
    };
    let vl = sv.vl.unwrap_or(0) as usize;
    let pool = sv.force_pool;
    let n = vl.min(pool) as f32;
    let per = if ctx.me() == Side::German { 30.0 } else { 22.0 };
    n * per * 0.8 - disc_cost(ctx) - 20.0
}

/// Exploitation offer (R 10.18): spend the disc if fast blocks can take valuable ground.
pub(super) fn score_exploit(ctx: &mut Ctx) -> f32 {
    let me = ctx.me();
    let en = me.other();
    let vl = my_side_view(ctx).and_then(|s| s.vl).unwrap_or(0) as usize;
    let mut gains: Vec<f32> = Vec::new();
    for (a, us) in ctx.m.units.iter().enumerate() {
        if !ctx.m.board.is_area(AreaId::from_index(a)) {
            continue;
        }
        for u in us
            .iter()
            .filter(|u| u.side == me && u.fast && !u.isolated && u.role == Some(Role::Combat))
        {
            let _ = u;
            // Reachable empty enemy areas within 2 steps, not through enemy stacks.
            let mut best: f32 = 0.0;
            for nb in ctx.m.board.neighbours(AreaId::from_index(a)) {
                let j = nb.index();
                if ctx.m.has_units(j, en) || !ctx.m.passable(j, me) {
                    continue;
                }
                if ctx.m.control[j] == en {
                    best = best.max(ctx.m.importance(j) + 6.0);
                }
                for nb2 in ctx.m.board.neighbours(nb) {
                    let k = nb2.index();
                    if !ctx.m.has_units(k, en) && ctx.m.control[k] == en && ctx.m.passable(k, me) {
                        best = best.max(ctx.m.importance(k) + 4.0);
                    }
                }
            }
            gains.push(best);
        }
    }
    gains.sort_by(|x, y| y.total_cmp(x));
    let sum: f32 = gains.iter().take(vl).sum();
    sum - disc_cost(ctx)
}

pub(super) fn score_fight(ctx: &mut Ctx, a: usize) -> f32 {
    let m = ctx.m.clone();
    let mandatory = !ctx.m.disputed_at_start[a];
    let v = ctx.battle_value(&m, a, ctx.me(), &[]);
    if mandatory {
        1000.0 + v
    } else {
        v
    }
}

/// Artillery (R 10.4): dice at 5–6 where the attacker will fight.
pub(super) fn score_support(ctx: &mut Ctx, hq: BlockId, a: usize) -> f32 {
    let s = ctx.m.unit(hq).map(|u| u.strength).unwrap_or(0.0);
    let dice = crate::moscow41::model::support_dice(ctx.m.weather, ctx.me(), s);
    support_gain(ctx, a, &vec![1.0 / 3.0; dice])
}

/// What `extra` support dice add to the battle in `a` (R 10.12.2, 10.12.4): the battle's
/// value with them minus without; 0 where no battle will be fought.
pub(super) fn support_gain(ctx: &mut Ctx, a: usize, extra: &[f32]) -> f32 {
    let me = ctx.me();
    if extra.is_empty() || !ctx.m.has_units(a, me) || !ctx.m.has_units(a, me.other()) {
        return -1.0;
    }
    let m = ctx.m.clone();
    let without = ctx.battle_value_with(&m, a, me, &[], &[]);
    let with = ctx.battle_value_with(&m, a, me, &[], extra);
    let mandatory = !ctx.m.disputed_at_start[a];
    if with <= 0.0 && !mandatory {
        return -1.0;
    }
    (with - without).max(0.0) + 2.0
}

/// Bombers (R 10.10, 10.12.3): their dice against the AA they draw.
pub(super) fn score_bomber(ctx: &mut Ctx, bomber: eastfront_moscow41::BomberId, a: usize) -> f32 {
    let data = &ctx.m.board.bombers()[bomber.0 as usize];
    let p = crate::moscow41::model::p_hit(data.kind.firepower());
    let s = ctx
        .m
        .board
        .block_by_key(&data.owner)
        .and_then(|o| ctx.m.unit(o))
        .map(|u| u.strength)
        .unwrap_or(2.0);
    let dice = crate::moscow41::model::support_dice(ctx.m.weather, Side::German, s);
    let en = ctx.me().other();
    // Every defending unit rolls one AA die (R 10.12.3): the chance this bomber is hit.
    let aa: f32 = ctx
        .m
        .blocks_of(a, en)
        .filter(|u| u.fights())
        .map(|u| u.p)
        .sum::<f32>()
        + if ctx.m.dl[a][idx(en)] { 1.0 / 6.0 } else { 0.0 };
    let gain = support_gain(ctx, a, &vec![p; dice]);
    if gain <= 0.0 {
        return -1.0;
    }
    gain * (1.0 - aa.min(1.0) * 0.5) - aa * 6.0
}

pub(super) fn leader_strength(ctx: &Ctx) -> u8 {
    let me = ctx.me();
    ctx.view
        .blocks
        .iter()
        .filter(|b| b.side == me)
        .filter_map(|b| b.face.as_ref())
        .find(|f| f.role == Role::Leader)
        .map(|f| f.strength)
        .unwrap_or(0)
}

/// Months after this one before the game ends (0 in the last).
pub(super) fn months_left(ctx: &Ctx) -> u8 {
    ctx.m
        .board
        .setup(&ctx.view.scenario)
        .map(|s| s.end_turn.saturating_sub(ctx.m.turn))
        .unwrap_or(6)
}

/// Logistic Phase (R 7.0–7.2): activate while the Leader is strong, pause to restore him.
pub(super) fn score_activate_leader(ctx: &mut Ctx) -> f32 {
    // The last month: the Leader's strength buys nothing later (R 7.2).
    if months_left(ctx) == 0 {
        return 60.0;
    }
    // A German who must meet his objectives within the scenario (SC.1–SC.3, today's plan)
    // spends his Logistic Value now. In SC.2's first Logistic Phase (Hitler at "2") the
    // older rule below paused, restoring 2 steps of a Leader worth 1 VL a month in the snow
    // (R 7.2.1.1); activating him regenerates 14 HQ steps (nearly every HQ to full: up to
    // two more activations each, four bombers from each LW HQ, R 10.10), replaces 14 steps
    // and deploys the pool (R 7.2). As the German against today's Hard Soviet, SC.2: 14 → 51
    // wins in 100 (seeds 7000–7099), 12 → 42 (7100–7199); the campaign's German always
    // activating won none of 40, as before (docs/ai-moscow41.md "seventh round").
    if ctx.me() == Side::German && ctx.m.plan == Plan::Current && ctx.m.has_scenario_goal() {
        return 60.0;
    }
    let l = leader_strength(ctx);
    let pool = my_side_view(ctx).map(|s| s.force_pool).unwrap_or(0);
    let late = ctx.m.turn >= 5;
    if l >= 3 || (l >= 2 && (late || pool >= 6)) || (late && pool > 0) {
        60.0
    } else {
        -60.0
    }
}

/// Regeneration (R 7.2.2): one step for an HQ, worth most where the blocks it commands
/// have work to do (a ♥ HQ cannot be activated without dying: it commands nothing).
pub(super) fn score_regenerate(ctx: &mut Ctx, hq: BlockId) -> f32 {
    let Some(u) = ctx.m.unit(hq) else {
        return 5.0;
    };
    let strength = u.strength as u8;
    let base = match strength {
        0 => 30.0,
        2 => 20.0,
        _ => 10.0,
    };
    let (Some(at), Some(next)) = (
        ctx.m.area_of(hq),
        eastfront_moscow41::query::raised(ctx.m.board, hq, strength),
    ) else {
        return base;
    };
    if !ctx.m.board.is_area(AreaId::from_index(at))
        || ctx.m.board.block(hq).role != Role::TacticalHq
    {
        return base;
    }
    let now = if strength == 0 {
        0.0
    } else {
        command_value(&ctx.m, hq, at, strength, &[])
    };
    base + 0.5 * (command_value(&ctx.m, hq, at, next, &[]) - now).max(0.0)
}

pub(super) fn score_replace(ctx: &mut Ctx, b: BlockId) -> f32 {
    let Some(a) = ctx.m.area_of(b) else {
        return 1.0;
    };
    let Some(u) = ctx.m.unit(b) else {
        return 1.0;
    };
    let front = ctx
        .m
        .board
        .neighbours(AreaId::from_index(a))
        .any(|nb| ctx.m.has_units(nb.index(), ctx.me().other()));
    let d = ctx.m.board.block(b);
    let s = u.strength as usize;
    let cost = d
        .dots
        .get(s)
        .map(|f| f.replacement_cost() as f32)
        .unwrap_or(3.0);
    (if front { 12.0 } else { 6.0 }) + ctx.m.importance(a) * 0.05 + 4.0 / cost
}

/// Where a reinforcement (or a setup block) goes: the position with it there.
pub(super) fn score_deploy(ctx: &mut Ctx, b: BlockId, a: usize) -> f32 {
    let d = ctx.m.board.block(b);
    let me = ctx.me();
    let s = d.deploy_strength().max(1) as f32;
    let p = if d.role == Role::Combat {
        crate::moscow41::model::p_hit(d.dots[(s as usize).min(d.dots.len()) - 1])
    } else {
        1.0 / 3.0
    };
    let mut m = ctx.m.clone();
    m.units[a].push(Unit {
        side: me,
        id: Some(b),
        strength: s,
        p,
        steps: s,
        tank: 0.0,
        fast: false,
        role: Some(d.role),
        isolated: false,
    });
    m.settle(a);
    let mut v = m.value(ctx.full) - ctx.base;
    if me == Side::German {
        v -= m.dist_objective.get(a).copied().unwrap_or(0).min(12) as f32 * 2.0;
    }
    v + 1.0
}

pub(super) fn score_place_dl(ctx: &mut Ctx, a: usize) -> f32 {
    let mut m = ctx.m.clone();
    m.dl[a][idx(ctx.me())] = true;
    m.value(ctx.full) - ctx.base + ctx.m.importance(a) * 0.1
}

/// A Pass right after the enemy's ends the month (R 6.0: two consecutive passes); in the
/// last month that ends the game, so pass only if the result then is a win.
pub(super) fn score_pass(ctx: &Ctx) -> f32 {
    // SC.1: a Pass may reduce one combat block to build a DL (R 12.0) — no HQ needed. When
    // that line is the last one the German needs, the Pass wins at once (sudden death).
    if ctx.me() == Side::German && winning_line_by_pass(ctx) {
        return 6000.0;
    }
    let last_turn = ctx
        .m
        .board
        .setup(&ctx.view.scenario)
        .is_some_and(|s| ctx.m.turn >= s.end_turn);
    if ctx.view.public.consecutive_passes == 0 {
        return 0.0;
    }
    if !last_turn {
        // This Pass ends the month (R 6.0): the German, racing the weather and his
        // objectives, gives away the impulses still in it (rules file §8.4 heuristic 6).
        return if ctx.me() == Side::German {
            if ctx.m.has_scenario_goal() {
                -80.0
            } else {
                -30.0
            }
        } else {
            0.0
        };
    }
    if ctx.m.wins_at_end() {
        5000.0
    } else {
        -5000.0
    }
}

/// SC.1: the objective area where one German block could build the line that completes the
/// victory condition — every other objective area already fortified, a line left in the box,
/// and the Pass's supply check leaving the builder able to act (R 9.3: an isolated block
/// builds nothing).
pub(super) fn winning_line_by_pass(ctx: &Ctx) -> bool {
    let m = &ctx.m;
    let mut open = m.goals_unfortified();
    let (Some(a), None) = (open.next(), open.next()) else {
        return false;
    };
    my_side_view(ctx).is_some_and(|s| s.dls_in_box > 0)
        && m.goal_to_fortify(a)
        && m.in_supply(a, Side::German, &m.supplied(Side::German))
        && m.blocks_of(a, Side::German).any(|u| u.can_build_line())
}
