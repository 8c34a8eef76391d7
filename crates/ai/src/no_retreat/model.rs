//! The No Retreat! AI's picture of the table, built from its side's View alone: where every
//! counter stands (all counters are public, 2.3), who controls the VP hexes, distances to the
//! enemy and to the enemy's VP hexes, the value of a hex for a unit, and a battle's expected
//! value on the CRT (10.5, 10.6 through the rules crate's own odds arithmetic).

use eastfront_kernel::{Side, SpaceId, Viewer};
use eastfront_no_retreat::combat::{
    self, AttackingUnit, Battle, BattleKind, DefendingUnit, TargetHex, TurnWeather,
};
use eastfront_no_retreat::data::{CombatResult, TurnEvent, UnitType};
use eastfront_no_retreat::state::Loc;
use eastfront_no_retreat::view::{Counter, View};
use eastfront_no_retreat::{Board, BorderKind};
use std::collections::VecDeque;

use super::weights::Weights;

/// Distances beyond the board.
pub const FAR: u16 = 99;

/// The AI's picture of the table for one side.
pub struct Model<'a> {
    pub board: &'a Board,
    pub view: &'a View,
    pub me: Side,
    /// Per space: the counters on it (indices into `view.counters`).
    pub at: Vec<Vec<usize>>,
    /// Per space: hexes to the nearest enemy counter.
    pub to_enemy: Vec<u16>,
    /// Per space: hexes to the nearest VP hex the enemy controls.
    pub to_goal: Vec<u16>,
    /// The weights the scores use.
    pub w: &'a Weights,
    /// Per space: hexes to the nearest own Objective hex (12.1) the enemy controls (hard
    /// level; empty unless its weight is set).
    pub to_objective: Vec<u16>,
    /// Per space: own counters on it that exert a ZOC (empty unless the gap weight is set).
    pub own_zoc: Vec<u8>,
    /// Per space: spaces of its closed neighbourhood holding such a counter (same).
    pub cover: Vec<u8>,
}

fn bfs(board: &Board, starts: &[SpaceId]) -> Vec<u16> {
    let n = board.topo.len();
    let mut d = vec![FAR; n];
    let mut q = VecDeque::new();
    for s in starts {
        if d[s.index()] != 0 {
            d[s.index()] = 0;
            q.push_back(*s);
        }
    }
    while let Some(s) = q.pop_front() {
        let next = d[s.index()] + 1;
        for n in board.neighbours(s) {
            if board.is_lake(n) {
                continue;
            }
            if d[n.index()] > next {
                d[n.index()] = next;
                q.push_back(n);
            }
        }
    }
    d
}

/// What a result is worth to the attacker, in steps and ground (10.7).
pub fn result_value(w: &Weights, r: CombatResult) -> f32 {
    match r {
        CombatResult::NoEffect => 0.0,
        CombatResult::CA => w.res_ca,
        CombatResult::CB => w.res_cb,
        CombatResult::DR => w.res_dr,
        CombatResult::DS => w.res_ds,
        CombatResult::DD => w.res_dd,
        CombatResult::EX => w.res_ex,
    }
}

impl<'a> Model<'a> {
    /// The model with the `normal` weights.
    pub fn new(board: &'a Board, view: &'a View) -> Model<'a> {
        Model::with(board, view, &Weights::NORMAL)
    }

    /// The model with the given weights.
    pub fn with(board: &'a Board, view: &'a View, w: &'a Weights) -> Model<'a> {
        let me = match view.viewer {
            Viewer::Side(s) => s,
            Viewer::Omniscient => view.side_to_act.unwrap_or(Side::German),
        };
        let n = board.topo.len();
        let mut at = vec![Vec::new(); n];
        let mut enemies = Vec::new();
        for (i, c) in view.counters.iter().enumerate() {
            if let Loc::Map(s) = c.loc {
                at[s.index()].push(i);
                if c.side != me {
                    enemies.push(s);
                }
            }
        }
        let goals: Vec<SpaceId> = (0..board.n_hexes)
            .map(|i| SpaceId(i as u16))
            .filter(|s| {
                board.hex(*s).is_some_and(|h| h.is_vp())
                    && view.control.get(s.index()).copied().flatten() == Some(me.other())
            })
            .collect();
        let to_objective = if w.objective_dist != 0.0 {
            let objectives: Vec<SpaceId> = (0..board.n_hexes)
                .map(|i| SpaceId(i as u16))
                .filter(|s| {
                    board.hex(*s).is_some_and(|h| h.objective == Some(me))
                        && view.control.get(s.index()).copied().flatten() != Some(me)
                })
                .collect();
            bfs(board, &objectives)
        } else {
            Vec::new()
        };
        let (own_zoc, cover) = if w.zoc_gap != 0.0 {
            let mut own = vec![0u8; n];
            for c in &view.counters {
                if let Loc::Map(s) = c.loc {
                    if c.side == me && !c.no_zoc {
                        own[s.index()] = own[s.index()].saturating_add(1);
                    }
                }
            }
            let cover = (0..n)
                .map(|i| {
                    let s = SpaceId(i as u16);
                    u8::from(own[i] > 0)
                        + board.neighbours(s).filter(|x| own[x.index()] > 0).count() as u8
                })
                .collect();
            (own, cover)
        } else {
            (Vec::new(), Vec::new())
        };
        Model {
            board,
            view,
            me,
            to_enemy: bfs(board, &enemies),
            to_goal: bfs(board, &goals),
            at,
            w,
            to_objective,
            own_zoc,
            cover,
        }
    }

    pub fn counter(&self, unit: usize) -> Option<&'a Counter> {
        self.view.counter(unit)
    }

    pub fn counters_at(&self, s: SpaceId) -> impl Iterator<Item = &'a Counter> + '_ {
        self.at[s.index()].iter().map(|i| &self.view.counters[*i])
    }

    fn side_at(&self, s: SpaceId) -> Option<Side> {
        self.counters_at(s).next().map(|c| c.side)
    }

    /// Adjacent spaces holding `side`'s counters.
    pub fn adjacent(&self, s: SpaceId, side: Side) -> usize {
        self.board
            .neighbours(s)
            .filter(|n| self.side_at(*n) == Some(side))
            .count()
    }

    fn vp_hex(&self, s: SpaceId) -> bool {
        self.board.hex(s).is_some_and(|h| h.is_vp())
    }

    fn controller(&self, s: SpaceId) -> Option<Side> {
        self.view.control.get(s.index()).copied().flatten()
    }

    /// What standing on `s` is worth to `unit` (which stands on `from`, or is off the map):
    /// taking enemy VP hexes, closing on them, holding threatened own VP hexes, not standing
    /// alone among enemies.
    pub fn hex_value(&self, unit: usize, s: SpaceId, from: Option<SpaceId>) -> f32 {
        let me = self.me;
        let w = self.w;
        let strength = self
            .counter(unit)
            .and_then(|c| c.strength)
            .map(f32::from)
            .unwrap_or(1.0);
        let mut v = 0.0;
        if self.vp_hex(s) && self.controller(s) == Some(me.other()) {
            v += w.enemy_vp;
            if self.board.hex(s).is_some_and(|h| h.objective.is_some()) {
                v += w.objective;
            }
        }
        // Closing on the enemy's VP hexes (12.7.1, the scenarios' VP goals): weighed so that
        // the Axis reaches Barbarossa's 24 VP (0.45 left it short in 1 game of 20).
        v -= w.goal_dist * f32::from(self.to_goal[s.index()].min(30));
        if w.objective_dist != 0.0 {
            v -= w.objective_dist * f32::from(self.to_objective[s.index()].min(30));
        }
        let others_here = self
            .counters_at(s)
            .filter(|c| c.unit != unit && c.side == me)
            .count();
        if self.vp_hex(s) && self.controller(s) == Some(me) && self.to_enemy[s.index()] <= 2 {
            v += if others_here == 0 || from == Some(s) {
                w.hold_vp
            } else {
                w.hold_vp_more
            };
        }
        let friends = self.adjacent(s, me) as f32;
        let foes = self.adjacent(s, me.other()) as f32;
        v += w.friends * friends.min(3.0);
        // A weak unit alone against many enemies is a loss waiting to happen.
        if foes > friends + 1.0 {
            v -= w.alone * (foes - friends - 1.0) * (4.0 / strength.max(1.0));
        }
        v
    }

    fn weather(&self) -> TurnWeather {
        self.view.weather
    }

    fn target_hex(&self, s: SpaceId) -> TargetHex {
        match self.board.hex(s) {
            Some(h) => TargetHex {
                terrain: h.terrain,
                city: h.city.is_some(),
                objective: h.objective.is_some(),
                oil: h.oil.is_some(),
                area: false,
            },
            None => TargetHex {
                terrain: eastfront_no_retreat::data::Terrain::Clear,
                city: false,
                objective: false,
                oil: false,
                area: true,
            },
        }
    }

    /// The battle as the rules' odds arithmetic sees it, from public facts (the odds panel
    /// the table shows is the same arithmetic).
    pub fn battle(
        &self,
        attacker: Side,
        kind: BattleKind,
        units: &[usize],
        targets: &[SpaceId],
        support: bool,
    ) -> Option<(Battle, SpaceId)> {
        let target = *targets.first()?;
        let attackers = units
            .iter()
            .filter_map(|u| {
                let c = self.counter(*u)?;
                let Loc::Map(from) = c.loc else { return None };
                Some(AttackingUnit {
                    kind: c.kind,
                    strength: c.strength.unwrap_or(0),
                    supplied: !c.unsupplied,
                    ss: c.ss,
                    shock_front: c.kind == UnitType::Shock,
                    finnish: c.nation == eastfront_no_retreat::data::Nation::Finnish,
                    across_river: self.board.border(from, target) == Some(BorderKind::River),
                })
            })
            .collect();
        let defenders = targets
            .iter()
            .flat_map(|t| self.counters_at(*t))
            .filter(|c| c.side != attacker)
            .map(|c| DefendingUnit {
                kind: c.kind,
                strength: c.strength.unwrap_or(0),
                unsupplied: c.unsupplied,
                ss: c.ss,
            })
            .collect();
        let track = &self.board.data.track;
        Some((
            Battle {
                attacker,
                kind,
                attackers,
                defenders,
                target: self.target_hex(target),
                weather: self.weather(),
                double_winter_penalty: track.turns.iter().any(|t| {
                    t.turn == self.view.turn && t.events.contains(&TurnEvent::DoubleWinterPenalty)
                }),
                first_snow_turn: false,
                support,
                romania_surrendered: false,
                card_shifts: vec![],
            },
            target,
        ))
    }

    /// The expected value of a battle to its attacker over the six faces of the die, on the
    /// CRT the attacker rolls on (13.1 [EXT]); a VP hex taken counts extra.
    pub fn battle_value(
        &self,
        attacker: Side,
        kind: BattleKind,
        units: &[usize],
        targets: &[SpaceId],
        support: bool,
    ) -> f32 {
        let Some((b, target)) = self.battle(attacker, kind, units, targets, support) else {
            return -5.0;
        };
        let tables = &self.board.data.tables;
        let odds = combat::odds(&b, &tables.tec);
        let crt_side = combat::crt_side(
            attacker,
            self.weather(),
            !self.view.options.axis_own_crt_in_snow,
        );
        let crt = combat::crt(tables, crt_side);
        let ev = match odds.final_column {
            None => result_value(self.w, CombatResult::CA),
            Some(col) => {
                (1..=6u8)
                    .map(|d| result_value(self.w, crt.result(col, d)))
                    .sum::<f32>()
                    / 6.0
            }
        };
        let prize = targets
            .iter()
            .filter(|t| self.vp_hex(**t) && self.controller(**t) != Some(attacker))
            .count() as f32;
        let _ = target;
        ev * (1.0 + self.w.prize * prize)
    }

    /// Own counters that could attack `hex` now: adjacent, not white, not Disorganized.
    pub fn possible_attackers(&self, hex: SpaceId) -> Vec<usize> {
        self.board
            .neighbours(hex)
            .flat_map(|n| self.counters_at(n))
            .filter(|c| c.side == self.me && !c.white && !c.disorganized)
            .filter(|c| c.strength.unwrap_or(0) > 0)
            .map(|c| c.unit)
            .collect()
    }
}
