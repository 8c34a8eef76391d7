//! The tactics: each legal action gets a score from game-specific evaluators over the
//! [`Model`] (hold the line, cut supply, encircle, take victory areas, counter-attack weak
//! areas, battle odds, HQ activation, impulse type, logistics, reinforcements, support,
//! Blitz and Exploitation). The highest score wins; ending a segment scores 0.

use super::{Level, Profile};
use crate::moscow41::model::{idx, FromIndex, Model, Plan, Unit};
use eastfront_kernel::Side;
use eastfront_moscow41::data::{Colour, ReplacementCost, Role, Terrain};
use eastfront_moscow41::view::View;
use eastfront_moscow41::{Action, AreaId, BlockId, Weather};
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use std::collections::HashMap;

mod command;
mod others;
use command::*;
use others::*;

/// What one decision knows: the model, its value now, the level and the legal list.
pub struct Ctx<'a, 'v> {
    pub m: Model<'a>,
    pub view: &'v View,
    pub level: Level,
    /// How this level plays this side (noise, the evaluator, the activity bias).
    pub profile: Profile,
    pub base: f32,
    pub full: bool,
    /// Blocks with a legal move ending in each area (to plan an attack by several blocks).
    pub reachers: HashMap<usize, Vec<BlockId>>,
    /// Value of clearing an area (computed once per area).
    capture: HashMap<usize, f32>,
}

impl<'a, 'v> Ctx<'a, 'v> {
    pub fn new(m: Model<'a>, view: &'v View, level: Level, legal: &[Action]) -> Self {
        let profile = Profile::of(level, m.me);
        let full = profile.full_evaluation;
        let base = m.value(full);
        let mut reachers: HashMap<usize, Vec<BlockId>> = HashMap::new();
        for a in legal {
            if let Action::Move { block, path } = a {
                if let Some(to) = path.last() {
                    reachers.entry(to.index()).or_default().push(*block);
                }
            }
        }
        Ctx {
            m,
            view,
            level,
            profile,
            base,
            full,
            reachers,
            capture: HashMap::new(),
        }
    }

    pub fn me(&self) -> Side {
        self.m.me
    }

    /// Value of one enemy step destroyed and one own step lost.
    pub fn w_kill(&self) -> f32 {
        if self.me() == Side::German {
            14.0
        } else {
            24.0
        }
    }
    pub fn w_loss(&self) -> f32 {
        if self.me() == Side::German {
            22.0
        } else {
            9.0
        }
    }

    /// Gain for `self.me` if the enemy is cleared out of `a` (in position `m`).
    fn capture_value(&mut self, m: &Model, a: usize) -> f32 {
        if let Some(v) = self.capture.get(&a) {
            return *v;
        }
        let v = if self.full {
            let mut c = m.clone();
            c.clear(a, self.me().other());
            (c.value(true) - m.value(true)).max(0.0) + 10.0
        } else {
            m.importance(a) * 3.0
        };
        self.capture.insert(a, v);
        v
    }

    /// Value of a battle round `attacker` would fight in `a` in position `m` (from
    /// `self.me`'s side).
    pub fn battle_value(&mut self, m: &Model, a: usize, attacker: Side, river: &[BlockId]) -> f32 {
        self.battle_value_with(m, a, attacker, river, &[])
    }

    /// [`Ctx::battle_value`] with `extra` support dice for the attacker.
    pub fn battle_value_with(
        &mut self,
        m: &Model,
        a: usize,
        attacker: Side,
        river: &[BlockId],
        extra: &[f32],
    ) -> f32 {
        if !m.has_units(a, attacker) || !m.has_units(a, attacker.other()) {
            return 0.0;
        }
        let b = m.battle_estimate_with(a, attacker, river, extra);
        let cap = if attacker == self.me() {
            self.capture_value(m, a)
        } else {
            0.0
        };
        // A DL is a step's work, an absorption bonus and a 2-hit shield (R 4.1): destroying
        // one opens the area for the next round.
        let dl_value = 20.0 + m.importance(a) * 0.1;
        if attacker == self.me() {
            b.def_loss * self.w_kill() - b.att_loss * self.w_loss()
                + b.clear * cap
                + b.dl_kill * dl_value
        } else {
            b.att_loss * self.w_kill()
                - b.def_loss * self.w_loss()
                - b.clear * 80.0
                - b.dl_kill * dl_value
        }
    }
}

fn area(a: &AreaId) -> usize {
    a.index()
}

// ------------------------------------------------------------------ scoring

/// Score one legal action (higher is better; the "end" actions score about 0).
pub fn score(ctx: &mut Ctx, a: &Action, rng: &mut ChaCha8Rng) -> f32 {
    let s = match a {
        Action::Move { block, path } => score_move(ctx, *block, path),
        Action::Blitz { block, to } => score_move(ctx, *block, std::slice::from_ref(to)),
        Action::BuildDl { block } => score_dl(ctx, *block),
        // R 4.1: only worth it to rebuild elsewhere; left to the DL scoring of the next pick.
        Action::DismantleDl { .. } => -1.0,
        Action::Rail { block, to } => score_move(ctx, *block, std::slice::from_ref(to)) - 5.0,
        Action::Activate { hq, path } => score_activate(ctx, *hq, path),
        Action::Tactical => score_tactical(ctx),
        // Easy plays impulse by impulse: it does not weigh the Initiative Disc's economy.
        Action::StrategicMove | Action::StrategicReinforce | Action::Exploit
            if !ctx.profile.disc_economy =>
        {
            -40.0
        }
        Action::StrategicMove => score_si_move(ctx),
        Action::StrategicReinforce => score_si_reinforce(ctx),
        Action::Pass => score_pass(ctx),
        Action::Fight { area: x } => score_fight(ctx, area(x)),
        Action::Artillery { hq, area: x } => score_support(ctx, *hq, area(x)),
        Action::Bomber { bomber, area: x } => score_bomber(ctx, *bomber, area(x)),
        Action::Exploit => score_exploit(ctx),
        Action::LogisticPause => 0.0,
        Action::ActivateLeader => score_activate_leader(ctx),
        Action::Regenerate { hq } => score_regenerate(ctx, *hq),
        Action::Replace { block } => score_replace(ctx, *block),
        Action::Deploy { block, area: x } | Action::Place { block, area: x } => {
            score_deploy(ctx, *block, area(x))
        }
        Action::PlaceDl { area: x } => score_place_dl(ctx, area(x)),
        Action::BattleChoice { option } => -(*option as f32) * 0.01,
        Action::EndActivation
        | Action::EndCommand
        | Action::EndSupport
        | Action::EndCombat
        | Action::EndBlitz
        | Action::NoExploit
        | Action::EndExploitation
        | Action::EndRegeneration
        | Action::EndReplacement => 0.0,
    };
    // Keeping the initiative: ending a segment while blocks could still act is a choice
    // made only for a reason (see `Profile::end_penalty`).
    let s = if matches!(
        a,
        Action::EndActivation
            | Action::EndCommand
            | Action::EndSupport
            | Action::EndCombat
            | Action::EndBlitz
    ) {
        s - ctx.profile.end_penalty
    } else {
        s
    };
    let noise = match a {
        Action::Move { .. } | Action::Rail { .. } | Action::Blitz { .. } => ctx.profile.move_noise,
        _ => ctx.profile.noise,
    };
    if noise > 0.0 {
        s + rng.random_range(-noise..noise)
    } else {
        s
    }
}

/// Own unit (from the model) for a block id.
fn own(ctx: &Ctx, b: BlockId) -> Option<Unit> {
    ctx.m.unit(b).cloned()
}

/// Move (Command, Pass, Exploitation, Blitz, Rail): the position after it, plus the battle
/// it starts (the battle is mandatory in a newly disputed area, R 10.11).
pub fn score_move(ctx: &mut Ctx, b: BlockId, path: &[AreaId]) -> f32 {
    let Some(from) = ctx.m.area_of(b) else {
        return -1.0;
    };
    let Some(to) = path.last().map(area) else {
        return -1.0;
    };
    let me = ctx.me();
    let en = me.other();
    let path_i: Vec<usize> = path.iter().map(area).collect();
    let mut m = ctx.m.clone();
    m.move_unit(b, &path_i);
    let mut s = m.value(ctx.full) - ctx.base;
    if ctx.m.has_units(to, en) {
        // Engaging: the battle's value with this block, against the best group that could
        // join it this impulse, minus what was there before.
        let prev = if path_i.len() >= 2 {
            path_i[path_i.len() - 2]
        } else {
            from
        };
        let river = if ctx
            .m
            .board
            .river_between(AreaId::from_index(prev), AreaId::from_index(to))
            && !ctx.m.disputed_at_start[to]
        {
            vec![b]
        } else {
            vec![]
        };
        let before = if ctx.m.has_units(to, me) {
            let base_m = ctx.m.clone();
            ctx.battle_value(&base_m, to, me, &[]).max(0.0)
        } else {
            0.0
        };
        let with = ctx.battle_value(&m, to, me, &river);
        let mut group = m.clone();
        let others: Vec<BlockId> = ctx
            .reachers
            .get(&to)
            .map(|v| v.iter().copied().filter(|x| *x != b).collect())
            .unwrap_or_default();
        let limit = match ctx.m.board.terrain(AreaId::from_index(to)) {
            Some(Terrain::Green) => 4,
            _ => 2,
        };
        let mut count = group.blocks_of(to, me).count();
        for o in others {
            if count >= limit {
                break;
            }
            if let Some((oa, _)) = group.find(o) {
                if oa != to {
                    group.move_unit(o, &[to]);
                    count += 1;
                }
            }
        }
        let with_group = ctx.battle_value(&group, to, me, &river) * 0.8;
        s += with.max(with_group) - before;
        // Blocks leaving a battle they were in: they no longer fight there.
    }
    if ctx.m.has_units(from, en) && from != to {
        // Disengaging: the area is left to the enemy if nobody stays.
        s -= 5.0;
    }
    s
}

/// A cheap first look at a move, to shortlist the ones worth the full evaluation.
pub fn quick_move_score(ctx: &Ctx, a: &Action) -> f32 {
    let Action::Move { block, path } = a else {
        return 0.0;
    };
    let m = &ctx.m;
    let me = ctx.me();
    let en = me.other();
    let Some(from) = m.area_of(*block) else {
        return -100.0;
    };
    let Some(to) = path.last().map(area) else {
        return -100.0;
    };
    let mut s = 0.0;
    if m.has_units(to, en) {
        s += 40.0 + m.importance(to) * 0.2;
    }
    for p in path {
        let j = area(p);
        if m.control[j] == en && !m.has_units(j, en) {
            s += 6.0 + m.importance(j) * 0.3;
        }
    }
    let th_to = m.cache.threat[to];
    let th_from = m.cache.threat[from];
    if th_to > 0.0 && m.control[to] == me {
        s += m.importance(to) * 0.3 + 5.0;
    }
    if th_from > 0.0 && m.blocks_of(from, me).count() <= 1 {
        s -= m.importance(from) * 0.3 + 5.0;
    }
    if me == Side::German {
        let d0 = m.dist_objective.get(from).copied().unwrap_or(0).min(12) as f32;
        let d1 = m.dist_objective.get(to).copied().unwrap_or(0).min(12) as f32;
        s += (d0 - d1) * 6.0;
    } else {
        let d0 = m.cache.dist_enemy[from].min(8) as f32;
        let d1 = m.cache.dist_enemy[to].min(8) as f32;
        s += (d0 - d1) * 3.0;
    }
    s
}

/// Building a DL: a step for an absorption bonus and a 2-hit shield (R 4.1), worth it where
/// the enemy is close and the area matters.
fn score_dl(ctx: &mut Ctx, b: BlockId) -> f32 {
    let Some(a) = ctx.m.area_of(b) else {
        return -1.0;
    };
    let en = ctx.me().other();
    let id = AreaId::from_index(a);
    let threat: f32 = ctx
        .m
        .board
        .neighbours(id)
        .map(|nb| ctx.m.blocks_of(nb.index(), en).count() as f32)
        .sum();
    if ctx.me() == Side::German && ctx.m.cache.goal_dl.contains(&a) {
        // SC.1: a line here is half the victory (the position's value says when it is all).
        let mut m = ctx.m.clone();
        m.dl[a][0] = true;
        return 600.0 + (m.value(ctx.full) - ctx.base).max(0.0);
    }
    if threat == 0.0 {
        return -5.0;
    }
    let imp = ctx.m.importance(a);
    let step = ctx.w_loss();
    imp * 0.25 + threat * 4.0 - step * 0.8
}
