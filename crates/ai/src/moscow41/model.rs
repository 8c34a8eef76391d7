//! The AI's picture of the table, built only from its side's [`View`]: own blocks with their
//! faces, enemy blocks as counts with estimated strength (revealed faces where the View shows
//! them), control, disputes, Defensive Lines, supply networks and distances. The position
//! evaluator (`value`) and the battle estimate live here too; the tactics score actions by
//! how they change this model.

#![allow(clippy::needless_range_loop)]

use eastfront_kernel::{Side, Viewer};
use eastfront_moscow41::data::{CombatType, Firepower, Role, SupplyEdge, Terrain};
use eastfront_moscow41::view::View;
use eastfront_moscow41::{AreaId, BlockId, Board, Weather};
use std::collections::VecDeque;
use std::rc::Rc;

/// Probability that one die hits with this firepower (R 4.2.2, T3).
pub fn p_hit(f: Firepower) -> f32 {
    (7.0 - f.hits_on() as f32) / 6.0
}

/// A unit on the map as the AI knows it.
#[derive(Clone, Debug)]
pub struct Unit {
    pub side: Side,
    /// Known identity (own blocks, revealed enemy blocks).
    pub id: Option<BlockId>,
    /// Strength (dice); estimated for hidden enemy blocks.
    pub strength: f32,
    /// Expected hits per die.
    pub p: f32,
    /// Steps it can lose before it is destroyed (estimated for hidden blocks).
    pub steps: f32,
    pub tank: f32,
    pub fast: bool,
    pub role: Option<Role>,
    pub isolated: bool,
}

impl Unit {
    pub fn fights(&self) -> bool {
        !matches!(self.role, Some(Role::Leader) | Some(Role::LuftwaffeHq))
    }
    /// A block that could reduce itself to build a DL (R 4.1, 10.8: a combat block above its
    /// minimum of 1; R 9.3: not isolated).
    pub fn can_build_line(&self) -> bool {
        self.role == Some(Role::Combat) && self.strength > 1.0 && !self.isolated
    }
    pub fn counts_for_control(&self) -> bool {
        self.role != Some(Role::Leader)
    }
}

/// Prior for a hidden enemy block: the average of the enemy blocks the View does not show.
#[derive(Clone, Copy, Debug)]
pub struct Prior {
    pub strength: f32,
    pub p: f32,
    pub steps: f32,
    pub tank: f32,
}

#[derive(Clone)]
pub struct Model<'a> {
    pub board: &'a Board,
    pub me: Side,
    pub weather: Weather,
    pub control: Vec<Side>,
    pub dl: Vec<[bool; 2]>,
    pub units: Vec<Vec<Unit>>,
    /// Areas disputed at the time the model was built (for river and mandatory-battle rules).
    pub disputed_at_start: Vec<bool>,
    pub discs: [bool; 3],
    pub prior: Prior,
    pub turn: u8,
    /// Weight of the enemy's sweep (`sweep_cut`) in the evaluation. 0 at every level for now:
    /// at 0.4 for the German it cost Normal a third of its German wins against random play
    /// (13/20) for a small gain against an AI Soviet (mean last turn 3.4 → 3.9).
    pub sweep_w: f32,
    /// Distance (areas) to the nearest objective of the German drive.
    pub dist_objective: Rc<Vec<u32>>,
    /// Facts fixed for one decision (the enemy does not move while we choose).
    pub cache: Rc<Cache>,
    /// Dice already committed this impulse to the battle in each area by the side to move:
    /// artillery markers (R 10.4, 10.12.2) and bombers (R 10.12.4), as chances to hit.
    pub support: Vec<Vec<f32>>,
    /// Whose support `support` is (the side to move).
    pub support_side: Side,
}

/// Per-decision facts: enemy fire that can reach each area, distance to the nearest enemy
/// stack, each area's importance, Kiev's special cities.
pub struct Cache {
    pub threat: Vec<f32>,
    pub dist_enemy: Vec<u32>,
    pub imp: Vec<f32>,
    pub specials: Vec<usize>,
    /// The scenario's German objectives (SC.1–SC.3): areas to control, areas to fortify.
    pub goal_control: Vec<usize>,
    pub goal_dl: Vec<usize>,
    /// Own strength that loses its LOC if the enemy takes this area (supply chokepoints).
    pub crit: Vec<f32>,
}

pub fn idx(s: Side) -> usize {
    match s {
        Side::German => 0,
        Side::Soviet => 1,
    }
}

impl<'a> Model<'a> {
    pub fn from_view(board: &'a Board, view: &View) -> Model<'a> {
        let me = match view.viewer {
            Viewer::Side(s) => s,
            Viewer::Omniscient => view.active_side.unwrap_or(Side::German),
        };
        let n = board.topo.len();
        let prior = enemy_prior(board, view, me);
        let mut units: Vec<Vec<Unit>> = vec![Vec::new(); n];
        for bv in &view.blocks {
            let u = match &bv.face {
                Some(f) => {
                    let d = board.block(f.block);
                    let p = if d.role == Role::Combat && f.strength > 0 {
                        p_hit(d.dots[(f.strength as usize).min(d.dots.len()) - 1])
                    } else if d.role == Role::TacticalHq {
                        1.0 / 3.0
                    } else {
                        0.0
                    };
                    let steps = match d.role {
                        Role::Combat => f.strength as f32,
                        Role::Leader => 99.0,
                        _ => {
                            if f.strength >= 2 {
                                (f.strength - 1) as f32 + 1.0
                            } else {
                                1.0
                            }
                        }
                    };
                    Unit {
                        side: bv.side,
                        id: Some(f.block),
                        strength: f.strength as f32,
                        p,
                        steps,
                        tank: if d.combat_type == Some(CombatType::Tank) {
                            1.0
                        } else {
                            0.0
                        },
                        fast: d.speed == eastfront_moscow41::data::Speed::Fast,
                        role: Some(d.role),
                        isolated: f.isolated,
                    }
                }
                None => Unit {
                    side: bv.side,
                    id: None,
                    strength: prior.strength,
                    p: prior.p,
                    steps: prior.steps,
                    tank: prior.tank,
                    fast: false,
                    role: None,
                    isolated: false,
                },
            };
            units[bv.area.index()].push(u);
        }
        // R 4.2.4: Stalin never leaves Moscow (nor Hitler Rastenburg), so while he lives one
        // blank Soviet block in Moscow is Stalin — public knowledge, not a peek. He has no
        // firepower, takes no hits and does not hold the area (GAP-11).
        if me == Side::German && !view.stalin_dead {
            let moscow = board.moscow.index();
            let known_stalin = units[moscow]
                .iter()
                .any(|u| u.side == Side::Soviet && u.role == Some(Role::Leader));
            if !known_stalin {
                if let Some(u) = units[moscow]
                    .iter_mut()
                    .find(|u| u.side == Side::Soviet && u.id.is_none())
                {
                    *u = Unit {
                        side: Side::Soviet,
                        id: None,
                        strength: 0.0,
                        p: 0.0,
                        steps: 0.0,
                        tank: 0.0,
                        fast: false,
                        role: Some(Role::Leader),
                        isolated: false,
                    };
                }
            }
        }
        let control: Vec<Side> = view.areas.iter().map(|a| a.control).collect();
        // Support already placed this impulse (public: the markers and bombers are on the map).
        let mut support: Vec<Vec<f32>> = vec![Vec::new(); n];
        let active = view.active_side.unwrap_or(me);
        for &(hq, area) in &view.artillery {
            if board.block(hq).side != active {
                continue;
            }
            let s = units
                .iter()
                .flatten()
                .find(|u| u.id == Some(hq))
                .map(|u| u.strength)
                .unwrap_or(0.0);
            let dice = support_dice(view.weather, board.block(hq).side, s);
            support[area.index()].extend(std::iter::repeat_n(1.0 / 3.0, dice));
        }
        for (k, b) in view.bombers.iter().enumerate() {
            if let eastfront_moscow41::BomberState::Committed(area) = b {
                let data = &board.bombers()[k];
                let s = board
                    .block_by_key(&data.owner)
                    .and_then(|o| units.iter().flatten().find(|u| u.id == Some(o)))
                    .map(|u| u.strength)
                    .unwrap_or(0.0);
                let dice = support_dice(view.weather, Side::German, s);
                support[area.index()]
                    .extend(std::iter::repeat_n(p_hit(data.kind.firepower()), dice));
            }
        }
        let dl: Vec<[bool; 2]> = view.areas.iter().map(|a| a.dl).collect();
        let disputed_at_start = view.areas.iter().map(|a| a.disputed).collect();
        let mut m = Model {
            board,
            me,
            weather: view.weather,
            control,
            dl,
            units,
            disputed_at_start,
            discs: view.discs,
            prior,
            turn: view.turn,
            sweep_w: 0.0,
            dist_objective: Rc::new(Vec::new()),
            cache: Rc::new(Cache {
                threat: Vec::new(),
                dist_enemy: Vec::new(),
                imp: Vec::new(),
                specials: Vec::new(),
                goal_control: Vec::new(),
                goal_dl: Vec::new(),
                crit: Vec::new(),
            }),
            support,
            support_side: view.active_side.unwrap_or(me),
        };
        let (goal_control, goal_dl) = scenario_goals(board, &view.scenario);
        m.cache = Rc::new(Cache {
            threat: Vec::new(),
            dist_enemy: Vec::new(),
            imp: Vec::new(),
            specials: Vec::new(),
            goal_control: goal_control.clone(),
            goal_dl: goal_dl.clone(),
            crit: Vec::new(),
        });
        m.dist_objective = Rc::new(m.objective_distances());
        let en = me.other();
        let imp: Vec<f32> = (0..n).map(|a| m.importance_raw(a)).collect();
        // Enemy fire that can reach each area: adjacent stacks in full, stacks two or three
        // areas away (fast blocks, a second impulse) in part.
        let mut threat = vec![0.0f32; n];
        for src in 0..m.board.n_areas {
            let fire: f32 = m
                .blocks_of(src, en)
                .filter(|u| u.fights() && !u.isolated)
                .map(|u| u.strength * u.p.max(0.2))
                .sum();
            if fire <= 0.0 {
                continue;
            }
            let mut seen = vec![src];
            let mut ring = vec![src];
            for (depth, w) in [(1, 1.0f32), (2, 0.45), (3, 0.2)] {
                let _ = depth;
                let mut next = Vec::new();
                for &a in &ring {
                    for nb in m.board.neighbours(AreaId::from_index(a)) {
                        let j = nb.index();
                        if !seen.contains(&j) && m.board.is_area(nb) {
                            seen.push(j);
                            next.push(j);
                            threat[j] += fire * w;
                        }
                    }
                }
                ring = next;
            }
            threat[src] += fire;
        }
        let enemy_areas: Vec<usize> = (0..m.board.n_areas)
            .filter(|a| m.has_units(*a, en))
            .collect();
        let dist_enemy = m.distances(&enemy_areas);
        let specials = (0..m.board.n_areas)
            .filter(|a| {
                m.board
                    .area(AreaId::from_index(*a))
                    .and_then(|x| x.city.as_ref())
                    .is_some_and(|c| c.special)
            })
            .collect();
        let crit = m.chokepoints();
        m.cache = Rc::new(Cache {
            threat,
            dist_enemy,
            imp,
            specials,
            goal_control,
            goal_dl,
            crit,
        });
        m
    }

    /// For each own area on the supply network: own strength cut off if the enemy took it.
    fn chokepoints(&self) -> Vec<f32> {
        let me = self.me;
        let n = self.n();
        let mut crit = vec![0.0; n];
        let sup = self.supplied(me);
        let out = |m: &Model, sup: &[bool]| -> f32 {
            let mut x = 0.0;
            for (a, us) in m.units.iter().enumerate() {
                if !m.board.is_area(AreaId::from_index(a)) || m.in_supply(a, me, sup) {
                    continue;
                }
                x += us
                    .iter()
                    .filter(|u| u.side == me && u.counts_for_control())
                    .map(|u| 1.0 + u.strength * 0.5)
                    .sum::<f32>();
            }
            x
        };
        let base = out(self, &sup);
        let mut probe = self.clone();
        for a in 0..self.board.n_areas {
            if !sup[a] || self.is_source(a, me) || !self.passable(a, me.other()) {
                continue;
            }
            // The enemy entering here goes on through the empty own areas next to it
            // (passing through flips them, R 2.5): cut them all.
            let mut taken = vec![a];
            for nb in self.board.neighbours(AreaId::from_index(a)) {
                let j = nb.index();
                if sup[j]
                    && !self.is_source(j, me)
                    && self.passable(j, me.other())
                    && !self.has_units(j, me)
                {
                    taken.push(j);
                }
            }
            let keep: Vec<Side> = taken.iter().map(|&t| probe.control[t]).collect();
            for &t in &taken {
                probe.control[t] = me.other();
            }
            let s2 = probe.supplied(me);
            crit[a] = (out(&probe, &s2) - base).max(0.0);
            for (&t, k) in taken.iter().zip(keep) {
                probe.control[t] = k;
            }
        }
        crit
    }

    pub fn n(&self) -> usize {
        self.control.len()
    }

    pub fn has_units(&self, a: usize, side: Side) -> bool {
        self.dl[a][idx(side)]
            || self.units[a]
                .iter()
                .any(|u| u.side == side && u.counts_for_control())
    }

    pub fn disputed(&self, a: usize) -> bool {
        self.has_units(a, Side::German) && self.has_units(a, Side::Soviet)
    }

    /// SC.1: an objective area where a German line could still be built (R 4.1: own,
    /// undisputed, without a German line).
    pub fn goal_to_fortify(&self, a: usize) -> bool {
        self.cache.goal_dl.contains(&a)
            && self.control[a] == Side::German
            && !self.disputed(a)
            && !self.dl[a][idx(Side::German)]
    }

    /// SC.1: the objective areas still without a German line.
    pub fn goals_unfortified(&self) -> impl Iterator<Item = usize> + '_ {
        self.cache
            .goal_dl
            .iter()
            .copied()
            .filter(|&g| !self.dl[g][idx(Side::German)])
    }

    pub fn blocks_of(&self, a: usize, side: Side) -> impl Iterator<Item = &Unit> {
        self.units[a].iter().filter(move |u| u.side == side)
    }

    /// Expected hits a side's blocks in `a` would score as defenders (plus a DL's die).
    pub fn defence_hits(&self, a: usize, side: Side) -> f32 {
        let mut h: f32 = self
            .blocks_of(a, side)
            .filter(|u| u.fights())
            .map(|u| u.strength * u.p)
            .sum();
        if self.dl[a][idx(side)] {
            h += 1.0 / 6.0;
        }
        h
    }

    pub fn steps_of(&self, a: usize, side: Side) -> f32 {
        self.blocks_of(a, side)
            .filter(|u| u.counts_for_control())
            .map(|u| u.steps)
            .sum()
    }

    /// Is `a` a supply source for `side` (R 2.1, 9.2, 13.2–13.3.1), from public facts.
    pub fn is_source(&self, a: usize, side: Side) -> bool {
        let Some(area) = self.board.area(AreaId::from_index(a)) else {
            return false;
        };
        match side {
            Side::German => area.terrain == Terrain::Staging,
            Side::Soviet => match area.supply {
                Some(SupplyEdge::East) | Some(SupplyEdge::South) => true,
                Some(SupplyEdge::SouthOrange) => self.discs[2],
                Some(SupplyEdge::NorthLightBlue) => self.discs[0] && self.discs[1],
                Some(SupplyEdge::NorthBlue) => self.discs[1],
                None => false,
            },
        }
    }

    pub fn passable(&self, a: usize, side: Side) -> bool {
        match self.board.terrain(AreaId::from_index(a)) {
            None => false,
            Some(Terrain::Staging) => side == Side::German,
            Some(_) => true,
        }
    }

    /// Areas from which `side` traces a LOC (R 9.2).
    pub fn supplied(&self, side: Side) -> Vec<bool> {
        let n = self.n();
        let ok = |a: usize| {
            self.board.is_area(AreaId::from_index(a))
                && self.passable(a, side)
                && self.control[a] == side
                && !self.disputed(a)
        };
        let mut seen = vec![false; n];
        let mut q = VecDeque::new();
        for a in 0..self.board.n_areas {
            if ok(a) && self.is_source(a, side) {
                seen[a] = true;
                q.push_back(a);
            }
        }
        while let Some(a) = q.pop_front() {
            for nb in self.board.neighbours(AreaId::from_index(a)) {
                let j = nb.index();
                if !seen[j] && ok(j) {
                    seen[j] = true;
                    q.push_back(j);
                }
            }
        }
        seen
    }

    /// Cost to enter `a` (R 2.6, 8.0).
    pub fn mp_cost(&self, a: usize) -> u32 {
        match self.weather {
            Weather::Rain => 3,
            Weather::Snow | Weather::Blizzard => 2,
            Weather::Sunny => match self.board.terrain(AreaId::from_index(a)) {
                Some(Terrain::Yellow) | Some(Terrain::Victory) => 2,
                _ => 1,
            },
        }
    }

    /// The enemy's sweep on the coming impulse (R 10.8, 2.5): from every enemy stack that
    /// can move, the areas his blocks could enter with their MP. Own empty areas passed
    /// through flip to him; own areas held by a single block (or none that fights) become
    /// disputed. Returns the own strength (weighted per side) that would then lose its LOC,
    /// and the own VP lost — how exposed the position is to an encirclement.
    pub fn sweep_cut(&self) -> (f32, f32) {
        let me = self.me;
        let (control, sup) = self.sweep();
        let sup_now = self.supplied(me);
        let mut cut = 0.0;
        for (a, us) in self.units.iter().enumerate() {
            if !self.board.is_area(AreaId::from_index(a)) {
                continue;
            }
            if !self.in_supply(a, me, &sup_now) {
                continue; // already cut: the supply term counts it
            }
            if Self::supplied_after(self.board, a, &sup) {
                continue;
            }
            for u in us.iter().filter(|u| u.side == me && u.counts_for_control()) {
                cut += self.cut_off_cost(u.strength)
                    // A German block at its last step surrenders after one impulse cut off
                    // (R 9.3), for good.
                    + if me == Side::German && u.strength <= 1.0 {
                        40.0
                    } else {
                        0.0
                    };
            }
        }
        let mut vp_lost = 0.0;
        for a in 0..self.board.n_areas {
            if self.control[a] == me
                && control[a] != me
                && self.board.is_victory(AreaId::from_index(a))
            {
                vp_lost += 1.0;
            }
        }
        (cut, vp_lost)
    }

    /// What one own block of `strength` cut off from supply stands to lose (Isolation
    /// attrition, R 9.3). German losses are permanent (R 10.14.3): his pockets cost more.
    pub fn cut_off_cost(&self, strength: f32) -> f32 {
        if self.me == Side::German {
            50.0 + 16.0 * strength
        } else {
            18.0 + 8.0 * strength
        }
    }

    /// Whether area `a` traces a LOC in the supply `sup` (itself or a neighbour supplied: a
    /// LOC may start in a disputed area, R 9.2).
    fn supplied_after(board: &Board, a: usize, sup: &[bool]) -> bool {
        sup[a]
            || board
                .neighbours(AreaId::from_index(a))
                .any(|nb| sup[nb.index()])
    }

    /// The enemy's sweep next impulse, every block that can move moving through the empty
    /// own areas in its reach (passing through flips them, R 2.5; a thin garrison it stops
    /// in is disputed): the control after it and the own supply left.
    fn sweep(&self) -> (Vec<Side>, Vec<bool>) {
        let me = self.me;
        let en = me.other();
        let n = self.n();
        let mut control = self.control.clone();
        let mut blocked: Vec<bool> = (0..n).map(|a| self.disputed(a)).collect();
        let mut best = vec![u32::MAX; n];
        let mut q: VecDeque<(usize, u32)> = VecDeque::new();
        for src in 0..self.board.n_areas {
            // Hidden blocks: about a third of the Soviet blocks are fast; a stack of two
            // hidden blocks likely holds one.
            let mut mp = 0;
            let mut hidden = 0;
            for u in self.blocks_of(src, en) {
                if u.fights() && !u.isolated && u.role != Some(Role::TacticalHq) {
                    if u.id.is_none() {
                        hidden += 1;
                    }
                    mp = mp.max(if u.fast { 5 } else { 3 });
                }
            }
            if hidden > 0 {
                mp = mp.max(if hidden >= 2 { 5 } else { 4 });
            }
            if mp == 0 {
                continue;
            }
            // Leaving an area with own units costs one more MP (R 10.8).
            let left = if self.has_units(src, me) { mp - 1 } else { mp };
            q.push_back((src, left));
        }
        while let Some((a, left)) = q.pop_front() {
            for nb in self.board.neighbours(AreaId::from_index(a)) {
                let j = nb.index();
                if !self.board.is_area(nb) || !self.passable(j, en) {
                    continue;
                }
                let c = self.mp_cost(j);
                if c > left {
                    continue;
                }
                let rest = left - c;
                if self.has_units(j, me) {
                    // He stops there: a thin garrison is disputed (its LOC broken).
                    let held = self
                        .blocks_of(j, me)
                        .filter(|u| u.role == Some(Role::Combat))
                        .count();
                    if held <= 1 {
                        blocked[j] = true;
                    }
                    continue;
                }
                control[j] = en;
                if best[j] == u32::MAX || rest > best[j] {
                    best[j] = rest;
                    q.push_back((j, rest));
                }
            }
        }
        // Own supply in the swept position.
        let ok = |a: usize| {
            self.board.is_area(AreaId::from_index(a))
                && self.passable(a, me)
                && control[a] == me
                && !blocked[a]
        };
        let mut sup = vec![false; n];
        let mut qq = VecDeque::new();
        for a in 0..self.board.n_areas {
            if ok(a) && self.is_source(a, me) {
                sup[a] = true;
                qq.push_back(a);
            }
        }
        while let Some(a) = qq.pop_front() {
            for nb in self.board.neighbours(AreaId::from_index(a)) {
                let j = nb.index();
                if !sup[j] && ok(j) {
                    sup[j] = true;
                    qq.push_back(j);
                }
            }
        }
        (control, sup)
    }

    pub fn in_supply(&self, a: usize, side: Side, sup: &[bool]) -> bool {
        if !self.board.is_area(AreaId::from_index(a)) || sup[a] {
            return true;
        }
        if self.control[a] == side && !self.disputed(a) {
            return false;
        }
        self.board
            .neighbours(AreaId::from_index(a))
            .any(|nb| sup[nb.index()])
    }

    /// VP held by `side` (R 1.7): Victory Areas by control, Kiev and Leningrad by disc.
    pub fn vp(&self, side: Side) -> u32 {
        let mut n = 0;
        for a in 0..self.board.n_areas {
            if self.board.is_victory(AreaId::from_index(a)) && self.control[a] == side {
                n += 1;
            }
        }
        let kiev = if self.discs[2] {
            Side::Soviet
        } else {
            Side::German
        };
        let len = if self.discs[1] {
            Side::Soviet
        } else {
            Side::German
        };
        n + (kiev == side) as u32 + (len == side) as u32
    }

    /// A scenario the German wins only by meeting its objectives (SC.1–SC.3): anything
    /// else is a Soviet victory, so every impulse the German does not use is time lost.
    pub fn has_scenario_goal(&self) -> bool {
        !self.cache.goal_control.is_empty() || !self.cache.goal_dl.is_empty()
    }

    /// A scenario won only by taking areas (Moscow in SC.2 and SC.3; SC.1 also counts
    /// Defensive Lines).
    pub fn has_control_goal(&self) -> bool {
        !self.cache.goal_control.is_empty() && self.cache.goal_dl.is_empty()
    }

    /// Whether `self.me` wins if the game ends now (the last Final Phase): a scenario with
    /// German objectives is the Soviet's unless they were met (SC.1–SC.3, they end the game
    /// at once); otherwise most VP (R 1.7 B), Kiev going German if Chernigov and Romny are
    /// German at the Final Phase (R 13.2).
    pub fn wins_at_end(&self) -> bool {
        if self.has_scenario_goal() {
            return self.me == Side::Soviet;
        }
        let mut german = self.vp(Side::German);
        if self.discs[2]
            && !self.cache.specials.is_empty()
            && self
                .cache
                .specials
                .iter()
                .all(|a| self.control[*a] == Side::German && !self.disputed(*a))
        {
            german += 1;
        }
        let german_wins = german * 2 > 7;
        german_wins == (self.me == Side::German)
    }

    /// The German drive's objectives: Victory Areas not German, and Chernigov / Romny while
    /// Kiev is Soviet (R 13.2).
    pub fn objectives(&self) -> Vec<usize> {
        let mut v = Vec::new();
        // A scenario with its own victory conditions (SC.1–SC.3) is won only there: Victory
        // Areas count for nothing but the 7-VP Sudden Death, out of reach in one month.
        let scenario_goals = self.has_scenario_goal();
        if scenario_goals {
            for &g in &self.cache.goal_control {
                if self.control[g] != Side::German {
                    v.push(g);
                }
            }
            for &g in &self.cache.goal_dl {
                if !v.contains(&g) && (self.control[g] != Side::German || !self.dl[g][0]) {
                    v.push(g);
                }
            }
            return v;
        }
        for a in 0..self.board.n_areas {
            let id = AreaId::from_index(a);
            let special = self
                .board
                .area(id)
                .and_then(|x| x.city.as_ref())
                .is_some_and(|c| c.special);
            if (self.board.is_victory(id) || (special && self.discs[2]))
                && self.control[a] != Side::German
            {
                v.push(a);
            }
        }
        for &g in self.cache.goal_control.iter().chain(&self.cache.goal_dl) {
            if !v.contains(&g) && (self.control[g] != Side::German || !self.dl[g][0]) {
                v.push(g);
            }
        }
        v
    }

    fn objective_distances(&self) -> Vec<u32> {
        let targets = self.objectives();
        self.distances(&targets)
    }

    /// Graph distance (areas) from the nearest of `targets`, over map areas.
    pub fn distances(&self, targets: &[usize]) -> Vec<u32> {
        let n = self.n();
        let mut d = vec![u32::MAX; n];
        let mut q = VecDeque::new();
        for &t in targets {
            d[t] = 0;
            q.push_back(t);
        }
        while let Some(a) = q.pop_front() {
            for nb in self.board.neighbours(AreaId::from_index(a)) {
                let j = nb.index();
                if d[j] == u32::MAX && self.board.is_area(nb) {
                    d[j] = d[a] + 1;
                    q.push_back(j);
                }
            }
        }
        d
    }

    /// How much an area matters to hold (VP, cities, Kiev's special cities).
    pub fn importance(&self, a: usize) -> f32 {
        self.cache.imp.get(a).copied().unwrap_or(0.0)
    }

    fn importance_raw(&self, a: usize) -> f32 {
        let id = AreaId::from_index(a);
        let Some(area) = self.board.area(id) else {
            return 0.0;
        };
        let mut v = 4.0;
        if area.terrain == Terrain::Victory {
            v += 120.0;
            // The last VP the holder's enemy needs for Sudden Death (R 1.7).
            let holder = self.control[a];
            if self.vp(holder.other()) >= 6 {
                v += 1500.0;
            }
        }
        if let Some(c) = &area.city {
            v += if c.special && self.discs[2] {
                60.0
            } else {
                12.0
            };
        }
        if area.terrain == Terrain::Staging {
            v += 30.0;
        }
        if self.cache.goal_control.contains(&a) || self.cache.goal_dl.contains(&a) {
            v += 150.0;
        }
        v
    }

    // ------------------------------------------------------------ changes

    /// Moves an own unit (by id) along a path: control flips in empty enemy areas passed
    /// through (R 2.5); the area left may fall to the enemy if he is there.
    pub fn move_unit(&mut self, id: BlockId, path: &[usize]) {
        let Some((from, k)) = self.find(id) else {
            return;
        };
        let u = self.units[from].remove(k);
        let side = u.side;
        self.settle(from);
        for &a in path {
            if !self.has_units(a, side.other()) {
                self.control[a] = side;
            }
        }
        if let Some(&to) = path.last() {
            self.units[to].push(u);
            self.settle(to);
        }
    }

    pub fn find(&self, id: BlockId) -> Option<(usize, usize)> {
        for (a, us) in self.units.iter().enumerate() {
            if let Some(k) = us.iter().position(|u| u.id == Some(id)) {
                return Some((a, k));
            }
        }
        None
    }

    pub fn unit(&self, id: BlockId) -> Option<&Unit> {
        self.find(id).map(|(a, k)| &self.units[a][k])
    }

    pub fn area_of(&self, id: BlockId) -> Option<usize> {
        self.find(id).map(|(a, _)| a)
    }

    /// Control after units came or went (R 2.5).
    pub fn settle(&mut self, a: usize) {
        let g = self.has_units(a, Side::German);
        let s = self.has_units(a, Side::Soviet);
        match (g, s) {
            (true, false) => self.control[a] = Side::German,
            (false, true) => self.control[a] = Side::Soviet,
            _ => {}
        }
    }

    /// The defender of `a` is wiped out: the attacker takes it.
    pub fn clear(&mut self, a: usize, loser: Side) {
        self.units[a].retain(|u| u.side != loser || !u.counts_for_control());
        self.dl[a][idx(loser)] = false;
        self.settle(a);
    }

    // ------------------------------------------------------------ evaluation

    /// The value of the position for `self.me` (higher is better). `full` adds the supply
    /// and front-line terms (Normal and Hard); Easy plays with the short form.
    pub fn value(&self, full: bool) -> f32 {
        let me = self.me;
        let en = me.other();
        let mut v = 0.0;
        let my_vp = self.vp(me) as f32;
        let en_vp = self.vp(en) as f32;
        v += 400.0 * (my_vp - en_vp);
        if my_vp >= 7.0 {
            v += 100_000.0;
        }
        if en_vp >= 7.0 {
            v -= 100_000.0;
        }
        // Kiev: Chernigov and Romny German at a Final Phase (R 13.2).
        if self.discs[2] {
            let held = self
                .cache
                .specials
                .iter()
                .filter(|a| self.control[**a] == Side::German)
                .count() as f32;
            let s = 60.0 * held + if held >= 2.0 { 200.0 } else { 0.0 };
            v += if me == Side::German { s } else { -s };
        }
        // The scenario's own objectives (SC.1–SC.3).
        {
            let c = &self.cache;
            let mut g = 0.0;
            if !c.goal_control.is_empty() {
                let held = c
                    .goal_control
                    .iter()
                    .filter(|a| self.control[**a] == Side::German && !self.disputed(**a))
                    .count();
                g += 300.0 * held as f32;
                if held == c.goal_control.len() {
                    g += 50_000.0;
                }
            }
            if !c.goal_dl.is_empty() {
                let forts = c.goal_dl.iter().filter(|a| self.dl[**a][0]).count();
                let held = c
                    .goal_dl
                    .iter()
                    .filter(|a| self.control[**a] == Side::German)
                    .count();
                // A line is built only in an undisputed area (R 4.1): clear it first.
                let clear = c
                    .goal_dl
                    .iter()
                    .filter(|a| self.control[**a] == Side::German && !self.disputed(**a))
                    .count();
                g += 250.0 * forts as f32 + 80.0 * held as f32 + 150.0 * clear as f32;
                if forts == c.goal_dl.len() {
                    g += 50_000.0;
                }
            }
            v += if me == Side::German { g } else { -g };
        }
        // The last VP the enemy needs for Sudden Death: a full garrison and a DL (R 1.7).
        if en_vp >= 6.0 {
            for a in 0..self.board.n_areas {
                if self.control[a] == me && self.board.is_victory(AreaId::from_index(a)) {
                    let n = self
                        .blocks_of(a, me)
                        .filter(|u| u.role == Some(Role::Combat))
                        .count();
                    v -= 300.0 * 2usize.saturating_sub(n) as f32;
                    if !self.dl[a][idx(me)] {
                        v -= 120.0;
                    }
                }
            }
        }
        // The German wins only by going for his objectives: VP in December in the campaign
        // (R 1.7 B), Moscow in SC.2 and SC.3. Ground and the Soviet pockets weigh more for
        // him there, and in SC.2/SC.3 holding his own line weighs less (measured over two
        // ranges of 200 seeds, docs/moscow41.md: the campaign against the Easy Soviet 35% /
        // 32% → 51% / 45%, SC.2 against the Normal Soviet 1.5% → 7–15%). SC.1's German must
        // hold Yelnia and Yartsevo to fortify them: he keeps the plain weights (these cost
        // him five points against random play there).
        let raider = me == Side::German && self.cache.goal_dl.is_empty();
        let take_moscow = me == Side::German && self.has_control_goal();
        // Territory (a weak tie-break: ground is supply and room).
        let ground = if raider { 0.9 } else { 0.3 };
        for a in 0..self.board.n_areas {
            if self.control[a] == me {
                v += ground;
            }
        }
        // The German drive: combat blocks close to the objectives.
        if me == Side::German {
            let scenario_goal = self.has_scenario_goal();
            let fortify = !self.cache.goal_dl.is_empty();
            let w = if scenario_goal { 80.0 } else { 15.0 };
            // (distance to the nearest objective, the block's size), kept only in SC.1
            let mut nearest_first: Vec<(f32, f32)> = Vec::new();
            for (a, us) in self.units.iter().enumerate() {
                let d = self.dist_objective.get(a).copied().unwrap_or(0).min(12) as f32;
                for u in us
                    .iter()
                    .filter(|u| u.side == me && u.role == Some(Role::Combat))
                {
                    let size = 0.5 + u.strength / 4.0;
                    if fortify {
                        nearest_first.push((d, size));
                    } else {
                        // A scenario's objective (Moscow in SC.2/SC.3) is the whole game:
                        // the drive toward it dominates.
                        v -= w * d * size;
                    }
                }
            }
            // SC.1: the drive pulls only the 8 blocks nearest the objectives (two full
            // stacks in Yelnia and Yartsevo, R 2.7); the rest guard the supply lines behind
            // them, whose cut isolates the garrisons that must build the lines (R 9.3).
            // Measured against random play (German, seeds 1–200 / 1001–1200 / 2001–2200):
            // Normal 93.5 / 88.5 / 94.5% → 97 / 95.5 / 95%, Hard 93.5 / 93 / 95.5% →
            // 97.5 / 98 / 97.5%; against the AIs it wins more too (docs/moscow41.md).
            nearest_first.sort_by(|x, y| x.0.total_cmp(&y.0));
            for (k, (d, size)) in nearest_first.iter().enumerate() {
                v -= if k < 8 { 80.0 } else { 15.0 } * d * size;
            }
        }
        if !full {
            return v;
        }
        // Supply (R 9): isolated blocks lose steps and surrender (R 9.3).
        let sup_me = self.supplied(me);
        let sup_en = self.supplied(en);
        let en_cut_w = if raider { 3.0 } else { 1.0 };
        for (a, us) in self.units.iter().enumerate() {
            if !self.board.is_area(AreaId::from_index(a)) {
                continue;
            }
            let mine_ok = self.in_supply(a, me, &sup_me);
            let en_ok = self.in_supply(a, en, &sup_en);
            for u in us {
                if !u.counts_for_control() {
                    continue;
                }
                if u.side == me && !mine_ok {
                    v -= self.cut_off_cost(u.strength);
                } else if u.side == en && !en_ok {
                    v += en_cut_w
                        * (if me == Side::German { 30.0 } else { 16.0 } + 6.0 * u.strength);
                }
            }
        }
        // The enemy's sweep next impulse: pockets and Victory Areas he could cut or take.
        if self.sweep_w > 0.0 {
            let (cut, vp_lost) = self.sweep_cut();
            v -= self.sweep_w * (cut + 250.0 * vp_lost);
        }
        // Hold the line: own areas next to enemy blocks must not be left open.
        let hold_w = if take_moscow { 0.2 } else { 1.0 };
        for a in 0..self.board.n_areas {
            if self.control[a] != me || !self.passable(a, en) {
                continue;
            }
            let threat = self.cache.threat[a];
            if threat <= 0.0 {
                continue;
            }
            let imp = self.importance(a)
                + if sup_me[a] { 3.0 } else { 0.0 }
                + self.cache.crit.get(a).copied().unwrap_or(0.0)
                    * if me == Side::German { 25.0 } else { 10.0 };
            let def = self.defence_hits(a, me) + self.steps_of(a, me) * 0.35;
            if def <= 0.0 {
                v -= hold_w * imp * 0.8 * threat.min(1.0);
            } else {
                let ratio = (threat / (def * 2.0 + 0.5)).min(1.5);
                v -= hold_w * imp * 0.3 * ratio;
            }
        }
        // The Soviet's blocks should stand in front of the Germans, not deep in the rear.
        if me == Side::Soviet {
            let d = &self.cache.dist_enemy;
            for (a, us) in self.units.iter().enumerate() {
                let da = d[a].min(8) as f32;
                for u in us
                    .iter()
                    .filter(|u| u.side == me && u.role == Some(Role::Combat))
                {
                    v -= 1.0 * da * (0.5 + u.strength / 4.0);
                }
            }
        }
        v
    }

    /// Expected result of `attacker` fighting one round in `a` (R 10.12–10.14), as a value
    /// for `self.me`, plus the probability that the defender is cleared. Analytic estimate.
    pub fn battle_estimate(&self, a: usize, attacker: Side, river_ids: &[BlockId]) -> Battle {
        self.battle_estimate_with(a, attacker, river_ids, &[])
    }

    /// [`Model::battle_estimate`] with `extra` support dice (chances to hit) besides those
    /// already committed: artillery and air fire before the ground combat, so the
    /// defender's fire does not thin them.
    pub fn battle_estimate_with(
        &self,
        a: usize,
        attacker: Side,
        river_ids: &[BlockId],
        extra: &[f32],
    ) -> Battle {
        let def = attacker.other();
        let id = AreaId::from_index(a);
        let terrain = self.board.terrain(id);
        let controls = self.control[a] == def;
        let mut absorb: f32 = 0.0;
        if terrain == Some(Terrain::Yellow) {
            absorb += 1.0;
        }
        if controls {
            if terrain == Some(Terrain::Victory) {
                absorb += 2.0;
            } else if self.board.has_city(id) {
                absorb += 1.0;
            }
            if self.dl[a][idx(def)] {
                absorb += 1.0;
            }
        }
        let absorb: f32 = absorb.min(3.0);
        let dl_hp = if self.dl[a][idx(def)] { 1.0 } else { 0.0 };
        let weather = self.weather;
        // Each attacking die: its chance to hit (R 10.12.5; weather R 8.0; rivers 10.12.5.1).
        let mut dice: Vec<f32> = Vec::new();
        let mut att_steps = 0.0;
        let mut att_tank = false;
        for u in self
            .blocks_of(a, attacker)
            .filter(|u| u.fights() && !u.isolated)
        {
            let mut n = u.strength;
            if weather == Weather::Rain {
                n = n.min(1.0);
            } else if weather.snowy() && attacker == Side::German {
                n = (n / 2.0).floor().max(1.0);
            }
            if u.id.is_some_and(|b| river_ids.contains(&b)) && !weather.snowy() {
                n = n.min(1.0);
            }
            for _ in 0..(n.round() as usize) {
                dice.push(u.p);
            }
            att_steps += u.steps;
            if u.tank > 0.5 {
                att_tank = true;
            }
        }
        let def_hits = self.defence_hits(a, def);
        let def_steps = self.steps_of(a, def);
        let def_tank: f32 = self
            .blocks_of(a, def)
            .map(|u| u.tank)
            .fold(0.0, |acc: f32, t| acc.max(t));
        let armored = weather.is_good()
            && terrain == Some(Terrain::Green)
            && !self.dl[a][idx(def)]
            && !(controls && self.board.has_city(id))
            && att_tank;
        let p_armored = if armored { 1.0 - def_tank } else { 0.0 };
        // Defender first (unless Armored Attack): the attacker's losses thin his fire.
        let att_loss = def_hits;
        let thin = 1.0 - (att_loss / att_steps.max(1.0)).min(1.0) * 0.7;
        let keep = p_armored + (1.0 - p_armored) * thin;
        // The distribution of the attacker's hits (a sum of unequal dice), then the
        // absorption pool, the DL's hit and the blocks' steps in that order (R 10.13, 10.14).
        let support: &[f32] = if attacker == self.support_side {
            &self.support[a]
        } else {
            &[]
        };
        let dist = hit_distribution(
            dice.iter()
                .map(|p| p * keep)
                .chain(support.iter().copied())
                .chain(extra.iter().copied()),
        );
        let shield = absorb + dl_hp;
        let mut def_loss = 0.0;
        let mut dl_kill = 0.0;
        for (h, ph) in dist.iter().enumerate() {
            let h = h as f32;
            def_loss += ph * (h - shield).clamp(0.0, def_steps);
            if dl_hp > 0.0 && h > absorb {
                dl_kill += ph;
            }
        }
        // Cleared: every step and the DL gone; a hidden stack's steps are an estimate, so
        // the threshold is read between its neighbouring whole numbers.
        let need = shield + def_steps;
        let at_least = |k: usize| -> f32 { dist.iter().skip(k).sum() };
        let lo = need.floor() as usize;
        let frac = need - need.floor();
        let clear = if def_steps <= 0.0 && dl_hp == 0.0 {
            1.0
        } else {
            let hi = if frac > 0.0 { lo + 1 } else { lo };
            at_least(lo.max(1)) * (1.0 - frac) + at_least(hi.max(1)) * frac
        };
        // When the attacker fires first, the defender's reply is weakened.
        let att_loss = att_loss * (1.0 - p_armored * (def_loss / def_steps.max(1.0)).min(1.0));
        Battle {
            att_loss,
            def_loss,
            clear,
            dl_kill,
        }
    }
}

/// Dice an HQ of this strength rolls for Artillery Fire or an LW HQ's bombers each roll
/// (R 10.4, 10.10, 8.0): 1 in Rain, German halved in Snow (at least 1), none when Exhausted.
pub fn support_dice(weather: Weather, side: Side, strength: f32) -> usize {
    let s = strength.round() as usize;
    if s == 0 {
        return 0;
    }
    match weather {
        Weather::Rain => 1,
        Weather::Snow | Weather::Blizzard if side == Side::German => (s / 2).max(1),
        _ => s,
    }
}

/// The chance of each number of hits from dice with these chances to hit (a Poisson
/// binomial): `out[k]` = P(k hits).
pub fn hit_distribution(dice: impl Iterator<Item = f32>) -> Vec<f32> {
    let mut d = vec![1.0f32];
    for p in dice {
        let p = p.clamp(0.0, 1.0);
        d.push(0.0);
        for k in (0..d.len()).rev() {
            let stay = d[k] * (1.0 - p);
            let up = if k > 0 { d[k - 1] * p } else { 0.0 };
            d[k] = stay + up;
        }
    }
    d
}

/// An estimated battle round.
#[derive(Clone, Copy, Debug)]
pub struct Battle {
    pub att_loss: f32,
    pub def_loss: f32,
    pub clear: f32,
    /// Chance the defender's DL is destroyed (R 4.1: two hits past the rest of the pool).
    pub dl_kill: f32,
}

/// Average strength, firepower and tank share of the enemy blocks this View does not show
/// (neither face up on the map nor lost): the prior for every hidden enemy block.
fn enemy_prior(board: &Board, view: &View, me: Side) -> Prior {
    let en = me.other();
    let mut seen: Vec<BlockId> = view
        .blocks
        .iter()
        .filter(|b| b.side == en)
        .filter_map(|b| b.face.as_ref().map(|f| f.block))
        .collect();
    for s in &view.sides {
        if s.side == en {
            seen.extend(s.lost.iter().map(|f| f.block));
        }
    }
    let mut n = 0.0;
    let (mut s, mut p, mut t) = (0.0, 0.0, 0.0);
    for b in board.side_blocks(en) {
        if seen.contains(&b) {
            continue;
        }
        let d = board.block(b);
        if d.role == Role::Leader || d.role == Role::LuftwaffeHq {
            continue;
        }
        // Blocks in play are often reduced: count three quarters of full strength.
        let st = (d.max_strength as f32 * 0.75).max(d.deploy_strength() as f32);
        let fp = if d.role == Role::Combat {
            p_hit(d.dots[(st.round() as usize).clamp(1, d.dots.len()) - 1])
        } else {
            1.0 / 3.0
        };
        n += 1.0;
        s += st;
        p += fp;
        if d.combat_type == Some(CombatType::Tank) {
            t += 1.0;
        }
    }
    if n == 0.0 {
        return Prior {
            strength: 2.5,
            p: 0.25,
            steps: 2.5,
            tank: 0.2,
        };
    }
    Prior {
        strength: s / n,
        p: p / n,
        steps: s / n,
        tank: t / n,
    }
}

/// `SpaceId` from a plain index.
pub trait FromIndex {
    fn from_index(i: usize) -> Self;
}

impl FromIndex for AreaId {
    fn from_index(i: usize) -> Self {
        eastfront_kernel::SpaceId(i as u16)
    }
}

/// The scenario's German objectives from its victory conditions (public data).
fn scenario_goals(board: &Board, scenario: &str) -> (Vec<usize>, Vec<usize>) {
    use eastfront_moscow41::data::VictoryCondition;
    let mut control = Vec::new();
    let mut dl = Vec::new();
    if let Some(s) = board.setup(scenario) {
        for v in &s.victory {
            match v {
                VictoryCondition::GermanControlsAll(ps) => {
                    control.extend(ps.iter().filter_map(|p| board.place(p)).map(|a| a.index()))
                }
                VictoryCondition::GermanDlsIn(ps) => {
                    dl.extend(ps.iter().filter_map(|p| board.place(p)).map(|a| a.index()))
                }
                _ => {}
            }
        }
    }
    (control, dl)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two even dice: 0, 1 or 2 hits with 1/4, 1/2, 1/4.
    #[test]
    fn hit_distribution_of_two_even_dice() {
        let d = hit_distribution([0.5f32, 0.5].into_iter());
        assert_eq!(d.len(), 3);
        for (got, want) in d.iter().zip([0.25, 0.5, 0.25]) {
            assert!((got - want).abs() < 1e-6, "{d:?}");
        }
    }

    /// Heuristic 1 (rules file §8.4): 16 Single-Fire dice (hits on 6) against a City with a
    /// DL (pool 2 + the DL's own hit): the DL falls on 3 hits or more, binomially
    /// 1 − P(0) − P(1) − P(2) ≈ 0.487.
    #[test]
    fn hit_distribution_matches_the_binomial() {
        let d = hit_distribution(std::iter::repeat_n(1.0f32 / 6.0, 16));
        let total: f32 = d.iter().sum();
        assert!((total - 1.0).abs() < 1e-5);
        let q: f64 = 5.0 / 6.0;
        let p: f64 = 1.0 / 6.0;
        let p0 = q.powi(16);
        let p1 = 16.0 * p * q.powi(15);
        let p2 = 120.0 * p * p * q.powi(14);
        let at_least_3: f32 = d.iter().skip(3).sum();
        assert!((at_least_3 as f64 - (1.0 - p0 - p1 - p2)).abs() < 1e-4);
    }

    /// Artillery and bomber dice follow the HQ's weather-adjusted strength (R 10.4, 10.10):
    /// 1 in Rain, German halved in Snow (at least 1), none when Exhausted.
    #[test]
    fn support_dice_follow_the_weather() {
        assert_eq!(support_dice(Weather::Sunny, Side::German, 3.0), 3);
        assert_eq!(support_dice(Weather::Rain, Side::Soviet, 4.0), 1);
        assert_eq!(support_dice(Weather::Snow, Side::German, 3.0), 1);
        assert_eq!(support_dice(Weather::Snow, Side::German, 4.0), 2);
        assert_eq!(support_dice(Weather::Snow, Side::Soviet, 4.0), 4);
        assert_eq!(support_dice(Weather::Sunny, Side::German, 0.0), 0);
    }
}
