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

mod battle;
mod changes;
mod goals;
mod supply;
mod value;
pub use battle::{hit_distribution, support_dice, Battle};

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
    /// How this model's player plays ([`Plan`]).
    pub plan: Plan,
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
    /// The scenario offers the German two victory conditions, areas to take and areas to
    /// fortify (SC.1, rules §4.2), whichever of them his plan plays for.
    pub two_conditions: bool,
    /// Own strength that loses its LOC if the enemy takes this area (supply chokepoints).
    pub crit: Vec<f32>,
}

pub fn idx(s: Side) -> usize {
    match s {
        Side::German => 0,
        Side::Soviet => 1,
    }
}

/// How the utility AI plays, measured against the AI as issue 16 found it (docs/ai-moscow41.md
/// "fifth round").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Plan {
    /// Today's play. SC.1 offers the German two ways to win (two German DLs in Yelnia and
    /// Yartsevo, or control of Chernigov and Romny; rules §4.2): going for both split his
    /// attack and won 2–6% against the Soviet utility Hard; he goes for Chernigov and Romny
    /// alone until the lines are in reach (23–35%). The Soviet keeps a garrison and a line in
    /// each German objective of SC.1–SC.3 ([`Model::value`]).
    #[default]
    Current,
    /// The utility AI before the fifth round of issue 16: the reference a search is measured
    /// against, and the learned value's features.
    Reference,
}

impl<'a> Model<'a> {
    /// The model a player of `plan` plays from.
    pub fn for_play(board: &'a Board, view: &View, plan: Plan) -> Model<'a> {
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
                two_conditions: false,
                crit: Vec::new(),
            }),
            support,
            support_side: view.active_side.unwrap_or(me),
            plan,
        };
        let (goal_control, mut goal_dl) = scenario_goals(board, &view.scenario);
        let two_conditions = !goal_control.is_empty() && !goal_dl.is_empty();
        // SC.1's German goes for Chernigov and Romny (Plan::Current): the Yelnia and Yartsevo
        // lines drop out of his objectives, his drive and his HQs' placing — until that
        // condition is in reach (a line of it stands, he holds both areas, or one is his and
        // clear so a line can go up now): then he plays for both, as the reference does.
        if plan == Plan::Current && me == Side::German && !goal_control.is_empty() {
            let lines = goal_dl.iter().any(|a| m.dl[*a][0]);
            let all_held = goal_dl.iter().all(|a| m.control[*a] == Side::German);
            let one_clear = goal_dl
                .iter()
                .any(|a| m.control[*a] == Side::German && !m.disputed(*a));
            let in_reach = lines || all_held || one_clear;
            if !in_reach {
                goal_dl.clear();
            }
        }
        m.cache = Rc::new(Cache {
            threat: Vec::new(),
            dist_enemy: Vec::new(),
            imp: Vec::new(),
            specials: Vec::new(),
            goal_control: goal_control.clone(),
            goal_dl: goal_dl.clone(),
            two_conditions,
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
            two_conditions,
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
