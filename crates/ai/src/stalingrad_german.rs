//! A heuristic German player for Stalingrad, built from the rules: take the Soviet
//! reinforcement hexes (the German victory condition, rules §6.18) before the Soviet deck runs
//! out, attack where a quick Monte Carlo estimate of the combat (rules §6.8–§6.10, with the
//! hidden Soviet blocks drawn from the printed roster) gives good odds, bring the rear stacks
//! forward with Long and Short Moves, and call reinforcements only while they can still reach
//! the front.
//!
//! It reads only the German [`View`] and public facts (the board, the printed blocks and card
//! counts): hidden Soviet blocks are counted, never identified; a combat estimate draws them
//! from the roster at a random edge, exactly as the Soviet AI deploys them (§6.20.1).

use eastfront_kernel::blocks::Firepower;
use eastfront_kernel::{Side, SpaceId};
use eastfront_stalingrad::data::{CardEffect, Terrain, UnitKind};
use eastfront_stalingrad::view::View;
use eastfront_stalingrad::{Action, Board, CardId, UnitId};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Samples per combat estimate.
const SAMPLES: usize = 32;
/// Value of taking a Soviet reinforcement hex (the victory condition).
const SRH_VALUE: f32 = 50.0;
/// Value of one hex of progress toward an objective for a full-strength stack.
const HEX_PROGRESS: f32 = 3.0;
/// Soviet cards drawn per Soviet turn, measured over many games (the game clock).
const SOVIET_DRAWS_PER_TURN: f32 = 1.3;
/// German turns a reinforcement needs to reach the fighting from X, Y or Z.
const REINFORCEMENT_LEAD: f32 = 7.0;

/// A German block known to the German player.
#[derive(Clone, Copy)]
struct GUnit {
    id: UnitId,
    strength: u8,
}

struct Ctx<'a> {
    board: &'a Board,
    view: &'a View,
    /// Known German units per hex.
    german: Vec<Vec<GUnit>>,
    /// Soviet block counts per hex.
    soviet: Vec<u8>,
    /// Breadth-first distance to the nearest Soviet reinforcement hex not yet German.
    dist: Vec<u32>,
    /// Printed Soviet blocks that may be hidden on the map: the prior for a hidden block.
    soviet_prior: Vec<&'a [(u8, Firepower)]>,
    soviet_tanks: Vec<&'a [(u8, Firepower)]>,
    soviet_infantry: Vec<&'a [(u8, Firepower)]>,
    hoth: bool,
    richthofen: bool,
    chuikov: bool,
    khrushchev: bool,
    zaytsev: bool,
    /// Expected German turns left before the Last Card.
    turns_left: f32,
}

impl<'a> Ctx<'a> {
    fn new(board: &'a Board, view: &'a View) -> Self {
        let n = board.hexes.len();
        let mut german = vec![Vec::new(); n];
        let mut soviet = vec![0u8; n];
        for b in &view.blocks {
            match b.side {
                Side::German => {
                    if let Some(f) = &b.face {
                        german[b.hex.index()].push(GUnit {
                            id: f.unit,
                            strength: f.strength,
                        });
                    }
                }
                Side::Soviet => {
                    let general = b.face.as_ref().map(|f| f.kind) == Some(UnitKind::General);
                    if !general {
                        soviet[b.hex.index()] += 1;
                    }
                }
            }
        }
        let mut dist = vec![u32::MAX; n];
        let mut queue = std::collections::VecDeque::new();
        for h in &board.srh {
            if view.hexes[h.index()].control != Side::German {
                dist[h.index()] = 0;
                queue.push_back(*h);
            }
        }
        while let Some(h) = queue.pop_front() {
            for nb in board.topo.neighbours(h) {
                if dist[nb.index()] == u32::MAX {
                    dist[nb.index()] = dist[h.index()] + 1;
                    queue.push_back(nb);
                }
            }
        }
        for d in dist.iter_mut() {
            if *d == u32::MAX {
                *d = 0;
            }
        }
        let mut soviet_prior = Vec::new();
        let mut soviet_tanks = Vec::new();
        let mut soviet_infantry = Vec::new();
        for u in board.unit_ids() {
            let def = board.unit(u);
            if board.unit_side[u.0 as usize] != Side::Soviet
                || matches!(def.kind, UnitKind::General | UnitKind::Marine)
                || def.faces.is_empty()
            {
                continue;
            }
            soviet_prior.push(def.faces.as_slice());
            if def.kind == UnitKind::Tank {
                soviet_tanks.push(def.faces.as_slice());
            } else {
                soviet_infantry.push(def.faces.as_slice());
            }
        }
        let leader_effect = |e: CardEffect| {
            view.leaders_in_play
                .iter()
                .any(|c| board.card(c.card).effect == e)
        };
        let turns_left = view.soviet_deck as f32 / SOVIET_DRAWS_PER_TURN;
        Ctx {
            board,
            view,
            german,
            soviet,
            dist,
            soviet_prior,
            soviet_tanks,
            soviet_infantry,
            hoth: leader_effect(CardEffect::Hoth),
            richthofen: leader_effect(CardEffect::VonRichthofen),
            chuikov: leader_effect(CardEffect::Chuikov),
            khrushchev: leader_effect(CardEffect::Khrushchev),
            zaytsev: leader_effect(CardEffect::Zaytsev),
            turns_left,
        }
    }

    fn is_objective(&self, h: SpaceId) -> bool {
        self.board.hex(h).soviet_reinforcement && self.view.hexes[h.index()].control != Side::German
    }

    fn hex_of(&self, u: UnitId) -> Option<SpaceId> {
        self.view
            .blocks
            .iter()
            .find(|b| b.face.as_ref().map(|f| f.unit) == Some(u))
            .map(|b| b.hex)
    }

    fn strength_of(&self, u: UnitId) -> u8 {
        self.german
            .iter()
            .flatten()
            .find(|g| g.id == u)
            .map(|g| g.strength)
            .unwrap_or_else(|| self.board.unit(u).max_strength())
    }

    /// Weight of a group of units for movement: a full stack of fresh blocks is 1.
    fn weight(&self, units: &[UnitId]) -> f32 {
        units
            .iter()
            .map(|u| self.strength_of(*u) as f32)
            .sum::<f32>()
            / 14.0
    }

    fn adjacent_to_soviet(&self, h: SpaceId) -> bool {
        self.board
            .topo
            .neighbours(h)
            .any(|n| self.soviet[n.index()] > 0)
    }

    /// Soviet blocks adjacent to any of `hexes` (Opportunity Fire, §6.16.1), the target included.
    fn opportunity_firers(&self, target: SpaceId, hexes: &[SpaceId]) -> u32 {
        let mut n = self.soviet[target.index()] as u32;
        for h in self.board.topo.ids() {
            if h == target || self.soviet[h.index()] == 0 {
                continue;
            }
            if hexes.iter().any(|a| self.board.topo.adjacent(*a, h)) {
                n += self.soviet[h.index()] as u32;
            }
        }
        n
    }
}

// ------------------------------------------------------------------ combat estimate

#[derive(Clone, Copy)]
struct SimUnit<'a> {
    faces: &'a [(u8, Firepower)],
    idx: u8,
    armor: bool,
    infantry: bool,
    r: bool,
    /// Panzer or Panzergrenadier (Rubble Roll modifier, §6.9).
    pz: bool,
}

impl SimUnit<'_> {
    fn alive(&self) -> bool {
        (self.idx as usize) < self.faces.len()
    }
    fn strength(&self) -> u8 {
        if self.alive() {
            self.faces[self.idx as usize].0
        } else {
            0
        }
    }
    fn threshold(&self) -> u8 {
        if self.alive() {
            self.faces[self.idx as usize].1.hits_on()
        } else {
            7
        }
    }
}

/// A hidden Soviet block: a random printed block of the pool at a random edge, a blank edge
/// counting as its minimum (rules §6.20.1, §6.20.2).
fn sample_soviet<'b>(
    rng: &mut ChaCha8Rng,
    pool: &[&'b [(u8, Firepower)]],
    tank: bool,
) -> SimUnit<'b> {
    let faces = pool[rng.random_range(0..pool.len())];
    let idx = rng.random_range(0..4u8).min(faces.len() as u8 - 1);
    SimUnit {
        faces,
        idx,
        armor: tank,
        infantry: !tank,
        r: false,
        pz: false,
    }
}

/// One hit on the strongest unit matching `filter` (rules §6.5). Returns false if none.
fn hit(units: &mut [SimUnit], filter: impl Fn(&SimUnit) -> bool) -> bool {
    let mut best: Option<usize> = None;
    for (i, u) in units.iter().enumerate() {
        if u.alive() && filter(u) && best.is_none_or(|b| u.strength() > units[b].strength()) {
            best = Some(i);
        }
    }
    match best {
        Some(i) => {
            units[i].idx += 1;
            true
        }
        None => false,
    }
}

fn hits_on(units: &mut [SimUnit], n: u32) {
    for _ in 0..n {
        if !hit(units, |_| true) {
            return;
        }
    }
}

fn roll_hits(rng: &mut ChaCha8Rng, dice: u32, need: u8) -> u32 {
    (0..dice)
        .filter(|_| rng.random_range(1..=6u8) >= need)
        .count() as u32
}

fn fire(rng: &mut ChaCha8Rng, units: &[SimUnit], bonus: u8) -> u32 {
    let mut hits = 0;
    for u in units.iter().filter(|u| u.alive()) {
        let need = u.threshold().saturating_sub(bonus).max(2);
        hits += roll_hits(rng, u.strength() as u32, need);
    }
    hits
}

#[derive(Default, Clone, Copy)]
struct Estimate {
    /// Probability that the target hex is cleared with attackers left to advance.
    win: f32,
    /// Expected German steps lost.
    loss: f32,
    /// Expected casualty score (R units double) added.
    casualties: f32,
    /// Expected Soviet steps destroyed.
    kills: f32,
}

#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Quick,
    Planned,
}

/// Monte Carlo estimate of a German attack (rules §6.8): `attackers` from `from` hexes against
/// the hidden stack in `target`, with the German `cards`.
fn estimate(
    ctx: &Ctx,
    attackers: &[UnitId],
    from: &[SpaceId],
    target: SpaceId,
    kind: Kind,
    cards: &[CardId],
    rng: &mut ChaCha8Rng,
) -> Estimate {
    let board = ctx.board;
    let terrain = board.terrain(target);
    let rubble0 = ctx.view.hexes[target.index()].rubble;
    let fortified = ctx.view.hexes[target.index()].fortified;
    let coast = board.hex(target).coast;
    let n_def = ctx.soviet[target.index()] as usize;
    let g0: Vec<SimUnit> = attackers
        .iter()
        .map(|u| {
            let def = board.unit(*u);
            let s = ctx.strength_of(*u);
            let idx = def.faces.iter().position(|f| f.0 == s).unwrap_or(0) as u8;
            SimUnit {
                faces: def.faces.as_slice(),
                idx,
                armor: def.kind.is_armor(),
                infantry: def.kind.is_infantry(),
                r: def.r_unit,
                pz: matches!(def.kind, UnitKind::Panzer | UnitKind::Panzergrenadier),
            }
        })
        .collect();
    let g_steps0: u32 = g0.iter().map(|u| u.faces.len() as u32 - u.idx as u32).sum();
    let air = cards
        .iter()
        .any(|c| matches!(board.card(*c).effect, CardEffect::Bombard { air: true, .. }));
    let opp_firers = if ctx.chuikov {
        ctx.opportunity_firers(target, from)
    } else {
        0
    };
    let soviet_has_card = ctx.view.soviet_hand_size > 0;
    let mut est = Estimate::default();
    for _ in 0..SAMPLES {
        let mut g = g0.clone();
        let mut s: Vec<SimUnit> = (0..n_def)
            .map(|_| {
                let tank = rng.random_range(0..ctx.soviet_prior.len()) < ctx.soviet_tanks.len();
                let pool = if tank {
                    &ctx.soviet_tanks
                } else {
                    &ctx.soviet_infantry
                };
                sample_soviet(rng, pool, tank)
            })
            .collect();
        let s_steps0: u32 = s.iter().map(|u| u.faces.len() as u32 - u.idx as u32).sum();
        let mut rubble = rubble0;
        let mut air_cancelled = false;
        // S1/S5: a random Soviet card from the hand (28 cards: 3 leaders and 25 support).
        if soviet_has_card {
            match rng.random_range(0..28u8) {
                0..=1 => hits_on(&mut g, roll_hits(rng, 2, 5)), // Tommy Gunner
                // Flotilla: gunboat fire when the Soviet hex is on the coast.
                2..=6 if coast => hits_on(&mut g, roll_hits(rng, 3, 5)),
                7..=10 => air_cancelled = air, // AA
                11..=15 => {
                    for _ in 0..(1 + ctx.zaytsev as u8) {
                        hit(&mut g, |u| u.infantry);
                    }
                }
                16..=17 => {
                    hit(&mut g, |u| u.armor);
                }
                // Infiltration and T-34 Dug In join the defenders if there is room.
                18..=21 if s.len() < 4 => s.push(sample_soviet(rng, &ctx.soviet_infantry, false)),
                22..=24 if s.len() < 4 => s.push(sample_soviet(rng, &ctx.soviet_tanks, true)),
                // A Leader (effect from the next combat on), a landing elsewhere, a full hex.
                _ => {}
            }
        }
        // S6: German cards.
        let mut rubble_mod = 0u32;
        for c in cards {
            match board.card(*c).effect {
                CardEffect::Bombard {
                    dice,
                    rubble: rm,
                    air: is_air,
                    ..
                } => {
                    if is_air && air_cancelled {
                        continue;
                    }
                    let double = is_air && ctx.richthofen;
                    let n = dice as u32 * if double { 2 } else { 1 };
                    rubble_mod += rm as u32 * if double { 2 } else { 1 };
                    let h = roll_hits(rng, n, 4);
                    hits_on(&mut s, if rubble { h / 2 } else { h });
                }
                CardEffect::GermanSniper => {
                    hit(&mut s, |u| u.infantry);
                }
                CardEffect::Pak => {
                    hit(&mut s, |u| u.armor);
                }
                _ => {}
            }
        }
        // S8: Opportunity Fire with Chuikov (§6.16.1).
        if opp_firers > 0 {
            let need = if ctx.khrushchev { 5 } else { 6 };
            hits_on(&mut g, roll_hits(rng, opp_firers, need));
        }
        // S9: Rubble Roll (Planned Attacks on Urban hexes only).
        if kind == Kind::Planned && terrain == Terrain::Urban && !rubble {
            let hexes = from.len() as u32;
            let armour = g.iter().filter(|u| u.alive() && u.pz).count() as u32;
            let m = rubble_mod + hexes + armour;
            let roll: u32 = (0..3).map(|_| rng.random_range(1..=6u32)).sum();
            if roll + m > 18 {
                rubble = true;
            }
        }
        // S10: Close Combat.
        let s_bonus = ctx.khrushchev as u8 + fortified as u8;
        if g.iter().any(|u| u.alive()) && s.iter().any(|u| u.alive()) {
            let g_inf = g.iter().any(|u| u.alive() && u.infantry);
            let g_arm = g.iter().any(|u| u.alive() && u.armor);
            let s_inf = s.iter().any(|u| u.alive() && u.infantry);
            let s_arm = s.iter().any(|u| u.alive() && u.armor);
            let germans_first =
                terrain == Terrain::Clear && ctx.hoth && g_inf && g_arm && !(s_inf && s_arm);
            if terrain == Terrain::Urban {
                let h = fire(rng, &s, s_bonus);
                hits_on(&mut g, h);
                let h = fire(rng, &g, 0);
                hits_on(&mut s, if rubble { h / 2 } else { h });
            } else if germans_first {
                let h = fire(rng, &g, 0);
                hits_on(&mut s, h);
                let h = fire(rng, &s, s_bonus);
                hits_on(&mut g, h);
            } else {
                let hg = fire(rng, &g, 0);
                let hs = fire(rng, &s, s_bonus);
                hits_on(&mut g, hs);
                hits_on(&mut s, if rubble { hg / 2 } else { hg });
            }
        }
        let g_alive = g.iter().any(|u| u.alive());
        let s_alive = s.iter().any(|u| u.alive());
        if g_alive && !s_alive {
            est.win += 1.0;
        }
        let g_steps: u32 = g
            .iter()
            .map(|u| (u.faces.len() as u32).saturating_sub(u.idx as u32))
            .sum();
        est.loss += (g_steps0 - g_steps) as f32;
        est.casualties += g
            .iter()
            .filter(|u| !u.alive())
            .map(|u| if u.r { 2.0 } else { 1.0 })
            .sum::<f32>();
        let s_steps: u32 = s
            .iter()
            .map(|u| (u.faces.len() as u32).saturating_sub(u.idx as u32))
            .sum();
        est.kills += s_steps0.saturating_sub(s_steps) as f32;
    }
    let k = SAMPLES as f32;
    est.win /= k;
    est.loss /= k;
    est.casualties /= k;
    est.kills /= k;
    est
}

// ------------------------------------------------------------------ scoring

/// Value of a German attack on `target` from `from` with `attackers` (expected gain).
fn attack_value(
    ctx: &Ctx,
    attackers: &[UnitId],
    from: &[SpaceId],
    target: SpaceId,
    kind: Kind,
    cards: &[CardId],
    rng: &mut ChaCha8Rng,
) -> f32 {
    let est = estimate(ctx, attackers, from, target, kind, cards, rng);
    let mut gain = 0.0;
    if ctx.is_objective(target) {
        gain += SRH_VALUE;
    }
    // The advancing units (up to four, the strongest) move into the target.
    let before = from.iter().map(|h| ctx.dist[h.index()]).min().unwrap_or(0) as f32;
    let progress = before - ctx.dist[target.index()] as f32;
    let mut strongest: Vec<u8> = attackers.iter().map(|u| ctx.strength_of(*u)).collect();
    strongest.sort_unstable_by(|a, b| b.cmp(a));
    let adv_w = strongest.iter().take(4).map(|s| *s as f32).sum::<f32>() / 14.0;
    gain += progress * HEX_PROGRESS * adv_w;
    // The casualty threat grows as the Soviets near their 10 points (rules §6.18).
    let danger = 1.0 + (ctx.view.casualty_score as f32 / 4.0).powi(2);
    let card_cost: f32 = cards.len() as f32 * (0.5 + ctx.turns_left * 0.08);
    est.win * gain + est.kills * 0.8 - est.loss * 0.3 - est.casualties * 2.0 * danger - card_cost
}

fn call_value(ctx: &Ctx) -> f32 {
    let rows = ctx.view.table.iter().filter(|r| r.face_down > 0).count() as f32;
    if rows == 0.0 {
        return -10.0;
    }
    // Room in the German reinforcement hexes we hold.
    let room: usize = ctx
        .board
        .topo
        .ids()
        .filter(|h| ctx.board.hex(*h).german_reinforcement.is_some())
        .filter(|h| ctx.view.hexes[h.index()].control == Side::German)
        .map(|h| 4usize.saturating_sub(ctx.german[h.index()].len()))
        .sum();
    // Six dice, one unit per die on a row that still has units.
    let expected = rows.min(room as f32);
    let useful = ((ctx.turns_left - REINFORCEMENT_LEAD) / ctx.turns_left.max(1.0)).max(0.0);
    let on_map: usize = ctx.german.iter().map(|v| v.len()).sum();
    let need = if on_map < 8 { 1.5 } else { 1.0 };
    expected * useful * 0.7 * need
}

fn move_value(ctx: &Ctx, units: &[UnitId], from: SpaceId, to: SpaceId) -> f32 {
    let gain = ctx.dist[from.index()] as f32 - ctx.dist[to.index()] as f32;
    let w = ctx.weight(units);
    let left = ctx.german[from.index()].len() - units.len().min(ctx.german[from.index()].len());
    // Keep stacks whole: a fragment left behind is a weak stack.
    let split = if left > 0 { 0.3 } else { 0.0 };
    // Joining a friendly stack makes a stronger one.
    let join = if !ctx.german[to.index()].is_empty() {
        0.2
    } else {
        0.0
    };
    gain * HEX_PROGRESS * w - split + join
}

fn unit_hex(ctx: &Ctx, units: &[UnitId]) -> Option<SpaceId> {
    units.first().and_then(|u| ctx.hex_of(*u))
}

fn units_in(ctx: &Ctx, hexes: &[SpaceId]) -> Vec<UnitId> {
    hexes
        .iter()
        .flat_map(|h| ctx.german[h.index()].iter().map(|g| g.id))
        .collect()
}

/// Crude odds for pre-selection: German pips against expected Soviet pips.
fn crude(ctx: &Ctx, attackers: &[UnitId], target: SpaceId) -> f32 {
    let att: f32 = attackers.iter().map(|u| ctx.strength_of(*u) as f32).sum();
    let def = ctx.soviet[target.index()] as f32 * 2.3 + 0.5;
    let mut r = att / def;
    if ctx.board.terrain(target) == Terrain::Urban {
        r *= 0.75;
    }
    if ctx.view.hexes[target.index()].rubble {
        r *= 0.6;
    }
    r + if ctx.is_objective(target) { 1.0 } else { 0.0 } - ctx.dist[target.index()] as f32 * 0.05
}

/// The German choice at the top of the turn: the best action by expected value.
fn choose_action_phase(ctx: &Ctx, legal: &[Action], rng: &mut ChaCha8Rng) -> Action {
    fn consider<'l>(v: f32, a: &'l Action, best: &mut (f32, Option<&'l Action>)) {
        if v > best.0 {
            *best = (v, Some(a));
        }
    }
    // Attacks: pre-select by crude odds, then estimate.
    let mut planned: Vec<(f32, &Action)> = Vec::new();
    let mut quick: Vec<(f32, &Action)> = Vec::new();
    let mut best_ref: (f32, Option<&Action>) = (f32::MIN, None);
    for a in legal {
        match a {
            Action::PlannedAttack {
                target,
                from,
                cards,
            } if cards.is_empty() => {
                planned.push((crude(ctx, &units_in(ctx, from), *target), a));
            }
            Action::QuickAttack { units, to, target } => {
                let mut all = units.clone();
                all.extend(
                    ctx.german[to.index()]
                        .iter()
                        .map(|g| g.id)
                        .filter(|u| !units.contains(u)),
                );
                quick.push((crude(ctx, &all, *target) + 0.1 * all.len() as f32, a));
            }
            Action::CallReinforcements => consider(call_value(ctx), a, &mut best_ref),
            Action::EndShortMoves => consider(0.0, a, &mut best_ref),
            Action::LongMove { from, path } => {
                let to = *path.last().expect("path");
                let units = units_in(ctx, &[*from]);
                // Two hexes in one action; a Long Move cannot end next to the Soviets, so it
                // sets up a Quick Attack next turn.
                consider(move_value(ctx, &units, *from, to) + 0.2, a, &mut best_ref);
            }
            Action::ShortMove { units, to } => {
                if let Some(from) = unit_hex(ctx, units) {
                    // A second Short Move usually follows: count this one at full value.
                    consider(move_value(ctx, units, from, *to), a, &mut best_ref);
                }
            }
            _ => {}
        }
    }
    let cmp = |a: &(f32, &Action), b: &(f32, &Action)| {
        b.0.partial_cmp(&a.0).unwrap_or(std::cmp::Ordering::Equal)
    };
    planned.sort_by(cmp);
    quick.sort_by(cmp);
    let mut best_planned: Vec<(f32, SpaceId, Vec<SpaceId>)> = Vec::new();
    for (_, a) in planned.iter().take(6) {
        if let Action::PlannedAttack { target, from, .. } = a {
            let att = units_in(ctx, from);
            let v = attack_value(ctx, &att, from, *target, Kind::Planned, &[], rng);
            consider(v, a, &mut best_ref);
            best_planned.push((v, *target, from.clone()));
        }
    }
    best_planned.sort_by(|a, b| b.0.partial_cmp(&a.0).unwrap_or(std::cmp::Ordering::Equal));
    // Cards only for the two most promising Planned Attacks.
    for (_, t, f) in best_planned.iter().take(2) {
        // With Linden the Pioneers combinations multiply: the first few suffice.
        let mut tried = 0;
        for a in legal {
            if tried >= 8 {
                break;
            }
            if let Action::PlannedAttack {
                target,
                from,
                cards,
            } = a
            {
                if !cards.is_empty() && target == t && from == f {
                    tried += 1;
                    let att = units_in(ctx, from);
                    let v = attack_value(ctx, &att, from, *target, Kind::Planned, cards, rng);
                    consider(v, a, &mut best_ref);
                }
            }
        }
    }
    for (_, a) in quick.iter().take(6) {
        if let Action::QuickAttack { units, to, target } = a {
            let mut all = units.clone();
            all.extend(
                ctx.german[to.index()]
                    .iter()
                    .map(|g| g.id)
                    .filter(|u| !units.contains(u)),
            );
            let mut v = attack_value(ctx, &all, &[*to], *target, Kind::Quick, &[], rng);
            // The move itself is progress even if the attack fails.
            if let Some(from) = unit_hex(ctx, units) {
                v += move_value(ctx, units, from, *to);
            }
            consider(v, a, &mut best_ref);
        }
    }
    best_ref.1.unwrap_or(&legal[0]).clone()
}

/// Small decisions: hits, advances, Blitz, deployment.
fn score_small(ctx: &Ctx, a: &Action) -> f32 {
    match a {
        Action::Place { hex, .. } => {
            let n = ctx.german[hex.index()].len() as f32;
            -(ctx.dist[hex.index()] as f32) + if n > 0.0 { 0.3 } else { 0.0 }
        }
        Action::EndPlacement => -50.0,
        Action::Advance { unit } => 5.0 + ctx.strength_of(*unit) as f32,
        Action::EndAdvance => 0.0,
        Action::Blitz { to, .. } => {
            if ctx.is_objective(*to) {
                20.0
            } else {
                let target = ctx.view.combat.as_ref().map(|c| c.target);
                let from_d = target.map(|t| ctx.dist[t.index()]).unwrap_or(0) as f32;
                let gain = from_d - ctx.dist[to.index()] as f32;
                if gain > 0.0 && !ctx.adjacent_to_soviet(*to) {
                    gain - 0.5
                } else {
                    -1.0
                }
            }
        }
        Action::EndBlitz => 0.0,
        Action::Choose { unit } => {
            // Hits: lose steps on the blocks that matter least (not R units, lower maximum).
            let face = ctx
                .view
                .blocks
                .iter()
                .filter_map(|b| b.face.as_ref())
                .chain(ctx.view.combat.iter().flat_map(|c| c.german.iter()))
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

/// The German choice: at the top of a turn (or a second Short Move) the best action by
/// expected value; inside a combat or deployment the best-scoring small decision.
pub fn choose(board: &Board, view: &View, legal: &[Action], rng: &mut ChaCha8Rng) -> Action {
    let ctx = Ctx::new(board, view);
    let top = legal.iter().any(|a| {
        matches!(
            a,
            Action::CallReinforcements
                | Action::EndShortMoves
                | Action::ShortMove { .. }
                | Action::LongMove { .. }
                | Action::PlannedAttack { .. }
                | Action::QuickAttack { .. }
        )
    });
    if top {
        let mut sim = ChaCha8Rng::seed_from_u64(rng.random());
        return choose_action_phase(&ctx, legal, &mut sim);
    }
    let mut best: Vec<(f32, &Action)> = legal
        .iter()
        .map(|a| (score_small(&ctx, a) + rng.random_range(0.0..0.05), a))
        .collect();
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
