//! The tactics: each legal action gets a score from game-specific evaluators over the
//! [`Model`] (hold the line, cut supply, encircle, take victory areas, counter-attack weak
//! areas, battle odds, HQ activation, impulse type, logistics, reinforcements, support,
//! Blitz and Exploitation). The highest score wins; ending a segment scores 0.

use super::model::{idx, FromIndex, Model, Unit};
use super::{Level, Profile};
use eastfront_kernel::Side;
use eastfront_moscow41::data::{Colour, ReplacementCost, Role, Terrain};
use eastfront_moscow41::view::View;
use eastfront_moscow41::{Action, AreaId, BlockId, Weather};
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use std::collections::HashMap;

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

/// Tactical Range areas of an HQ standing in `from` (R 10.3), on the model.
fn range_from(m: &Model, from: usize, side: Side, range: u32) -> Vec<bool> {
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

fn hq_range(m: &Model, hq: BlockId, strength: u8) -> u32 {
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

fn commands(m: &Model, hq: BlockId, b: BlockId) -> bool {
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
fn usefulness(m: &Model, a: usize, u: &Unit) -> f32 {
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

fn hq_step_cost(ctx: &Ctx, hq: BlockId, strength: u8) -> f32 {
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
fn covered_by_activated(ctx: &Ctx) -> Vec<BlockId> {
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
fn score_activate(ctx: &mut Ctx, hq: BlockId, path: &[AreaId]) -> f32 {
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
    // Hoepner on the Road to Leningrad (R 10.9): a roll toward Leningrad.
    if !ctx.m.board.is_area(AreaId::from_index(cur)) {
        let hoepner_road = ctx.m.board.road_index(AreaId::from_index(cur)).is_some();
        return if hoepner_road && ctx.m.discs[1] {
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
        let dice = super::model::support_dice(m.weather, me, strength as f32);
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
fn command_value(m: &Model, hq: BlockId, at: usize, strength: u8, covered: &[BlockId]) -> f32 {
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
fn best_activation(ctx: &mut Ctx) -> f32 {
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

fn score_tactical(ctx: &mut Ctx) -> f32 {
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
fn pocket_value(m: &Model) -> f32 {
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

fn my_side_view<'c>(ctx: &'c Ctx) -> Option<&'c eastfront_moscow41::view::SideView> {
    ctx.view.sides.iter().find(|s| s.side == ctx.me())
}

fn disc_cost(ctx: &Ctx) -> f32 {
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
fn score_si_move(ctx: &mut Ctx) -> f32 {
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
fn score_si_reinforce(ctx: &mut Ctx) -> f32 {
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
fn score_exploit(ctx: &mut Ctx) -> f32 {
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

fn score_fight(ctx: &mut Ctx, a: usize) -> f32 {
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
fn score_support(ctx: &mut Ctx, hq: BlockId, a: usize) -> f32 {
    let s = ctx.m.unit(hq).map(|u| u.strength).unwrap_or(0.0);
    let dice = super::model::support_dice(ctx.m.weather, ctx.me(), s);
    support_gain(ctx, a, &vec![1.0 / 3.0; dice])
}

/// What `extra` support dice add to the battle in `a` (R 10.12.2, 10.12.4): the battle's
/// value with them minus without; 0 where no battle will be fought.
fn support_gain(ctx: &mut Ctx, a: usize, extra: &[f32]) -> f32 {
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
fn score_bomber(ctx: &mut Ctx, bomber: eastfront_moscow41::BomberId, a: usize) -> f32 {
    let data = &ctx.m.board.bombers()[bomber.0 as usize];
    let p = super::model::p_hit(data.kind.firepower());
    let s = ctx
        .m
        .board
        .block_by_key(&data.owner)
        .and_then(|o| ctx.m.unit(o))
        .map(|u| u.strength)
        .unwrap_or(2.0);
    let dice = super::model::support_dice(ctx.m.weather, Side::German, s);
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

fn leader_strength(ctx: &Ctx) -> u8 {
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

/// Logistic Phase (R 7.0–7.2): activate while the Leader is strong, pause to restore him.
/// Months after this one before the game ends (0 in the last).
fn months_left(ctx: &Ctx) -> u8 {
    ctx.m
        .board
        .setup(&ctx.view.scenario)
        .map(|s| s.end_turn.saturating_sub(ctx.m.turn))
        .unwrap_or(6)
}

fn score_activate_leader(ctx: &mut Ctx) -> f32 {
    let l = leader_strength(ctx);
    let pool = my_side_view(ctx).map(|s| s.force_pool).unwrap_or(0);
    // The last month: the Leader's strength buys nothing later (R 7.2).
    if months_left(ctx) == 0 {
        return 60.0;
    }
    let late = ctx.m.turn >= 5;
    if l >= 3 || (l >= 2 && (late || pool >= 6)) || (late && pool > 0) {
        60.0
    } else {
        -60.0
    }
}

/// Regeneration (R 7.2.2): one step for an HQ, worth most where the blocks it commands
/// have work to do (a ♥ HQ cannot be activated without dying: it commands nothing).
fn score_regenerate(ctx: &mut Ctx, hq: BlockId) -> f32 {
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

fn score_replace(ctx: &mut Ctx, b: BlockId) -> f32 {
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
fn score_deploy(ctx: &mut Ctx, b: BlockId, a: usize) -> f32 {
    let d = ctx.m.board.block(b);
    let me = ctx.me();
    let s = d.deploy_strength().max(1) as f32;
    let p = if d.role == Role::Combat {
        super::model::p_hit(d.dots[(s as usize).min(d.dots.len()) - 1])
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

fn score_place_dl(ctx: &mut Ctx, a: usize) -> f32 {
    let mut m = ctx.m.clone();
    m.dl[a][idx(ctx.me())] = true;
    m.value(ctx.full) - ctx.base + ctx.m.importance(a) * 0.1
}

/// A Pass right after the enemy's ends the month (R 6.0: two consecutive passes); in the
/// last month that ends the game, so pass only if the result then is a win.
fn score_pass(ctx: &Ctx) -> f32 {
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
fn winning_line_by_pass(ctx: &Ctx) -> bool {
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
