//! The Combat phase (10.0–10.8): declaring Target and Counterblow markers, choosing and
//! fighting battles, counterattacks, counterblow results, step losses, cadres, retreats and
//! advances.

use super::helpers::{
    check_stacking, data, eliminate, enter, face, lose_step, pay, room, strength, unit_name,
    units_at,
};
use super::move_phase::{access, mover};
use super::{log, Action, Event, EventKind};
use crate::board::{Board, BorderKind};
use crate::combat::{self, AttackingUnit, Battle, BattleKind, DefendingUnit, TargetHex};
use crate::data::{CombatResult, Nation, TurnEvent, UnitType};
use crate::declare::{marker_pool, possible_counterblow, possible_target, Fighter};
use crate::losses::{effects, loss_candidates, Defender, Loser};
use crate::movement::{advance_ends, advance_limit, retreat_ends};
use crate::state::*;
use crate::supply::{Supply, Zones};
use crate::turn::position;
use eastfront_kernel::{Roll, Side, SpaceId};

fn side_of(board: &Board, u: usize) -> Side {
    data(board, u).side
}

fn at(st: &State, u: usize) -> Option<SpaceId> {
    match st.units[u].loc {
        Loc::Map(s) => Some(s),
        _ => None,
    }
}

fn fighters(board: &Board, st: &State) -> Vec<Fighter> {
    st.on_map()
        .map(|(u, s)| Fighter {
            at: s,
            side: side_of(board, u),
            white: face(board, st, u).white,
            disorganized: st.units[u].disorganized,
            strength: strength(board, st, u),
        })
        .collect()
}

fn permitted(board: &Board, a: SpaceId, b: SpaceId) -> bool {
    board.border(a, b).is_some_and(|k| k != BorderKind::Lake)
}

fn active_side(st: &State) -> Side {
    match st.phase {
        Phase::Player { side, .. } => side,
        _ => Side::German,
    }
}

/// 10.0, 10.7.3: the phase begins; Counterblow markers left by CB results on the passive side's
/// units become hexes the active side must attack.
pub(crate) fn begin(board: &Board, st: &mut State, events: &mut Vec<Event>) {
    let passive = active_side(st).other();
    let mut carried = Vec::new();
    st.cb_markers.retain(|(hex, owner)| {
        let mine = *owner == passive;
        if mine {
            carried.push(*hex);
        }
        !mine
    });
    carried.retain(|h| {
        units_at(st, *h)
            .iter()
            .any(|u| side_of(board, *u) == passive)
    });
    for h in &carried {
        log(
            events,
            EventKind::Declared,
            "10.7.3",
            format!("Counterblow marker on {}", board.name(*h)),
        );
    }
    st.scratch.combat = Some(CombatState {
        step: CombatStep::Targets,
        targets: vec![],
        counterblows: carried,
        attacked_hexes: vec![],
        fought: vec![],
        battle: None,
    });
}

/// Who decides in a battle now.
pub(crate) fn battle_decider(b: &BattleRun, active: Side) -> Side {
    match b.stages.first() {
        Some(BattleStage::Counterattack) | Some(BattleStage::Retreats { .. }) => b.attacker.other(),
        Some(BattleStage::MarkCounterblow) | None => active,
        Some(BattleStage::Losses(l)) => l.first().map(|x| x.0).unwrap_or(active),
        Some(BattleStage::Cadre { side, .. }) => *side,
        Some(BattleStage::Advance { .. }) => b.attacker,
    }
}

/// Units of `side` that may fight against every hex of `targets` in a battle of `kind`:
/// voluntary battles exclude Disorganized and white-strength units (10.1.1); any adjacent unit
/// may answer a counterblow (10.1.2); adjacency through permitted hexsides (10.3.3); one battle
/// per unit (10.3.4).
fn eligible(
    board: &Board,
    st: &State,
    side: Side,
    targets: &[SpaceId],
    kind: BattleKind,
) -> Vec<usize> {
    let fought = st
        .scratch
        .combat
        .as_ref()
        .map(|c| c.fought.clone())
        .unwrap_or_default();
    st.on_map()
        .filter(|(u, s)| {
            side_of(board, *u) == side
                && !fought.contains(u)
                && strength(board, st, *u) > 0
                && targets.iter().all(|t| permitted(board, *s, *t))
                && (kind != BattleKind::Voluntary
                    || (!st.units[*u].disorganized && !face(board, st, *u).white))
        })
        .map(|(u, _)| u)
        .collect()
}

fn subsets(items: &[usize]) -> Vec<Vec<usize>> {
    let n = items.len().min(10);
    (1u32..(1 << n))
        .map(|mask| {
            (0..n)
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| items[i])
                .collect()
        })
        .collect()
}

/// The marked hexes still to attack, with their kind.
fn marked(st: &State) -> Vec<(SpaceId, BattleKind)> {
    let Some(c) = &st.scratch.combat else {
        return vec![];
    };
    c.targets
        .iter()
        .map(|h| (*h, BattleKind::Voluntary))
        .chain(c.counterblows.iter().map(|h| (*h, BattleKind::Counterblow)))
        .filter(|(h, _)| !c.attacked_hexes.contains(h))
        .collect()
}

/// The marked hexes some unused unit can still attack.
fn attackable(board: &Board, st: &State) -> Vec<(SpaceId, BattleKind)> {
    let side = active_side(st);
    marked(st)
        .into_iter()
        .filter(|(h, k)| !eligible(board, st, side, &[*h], *k).is_empty())
        .collect()
}

/// The phase is over when no battle runs and no marked hex can still be attacked (a marked hex
/// no unit can reach has no effect, 10.7 "CB" note B).
pub(crate) fn finished(board: &Board, st: &State) -> bool {
    let Some(c) = &st.scratch.combat else {
        return true;
    };
    c.step == CombatStep::Battles && c.battle.is_none() && attackable(board, st).is_empty()
}

/// The Target markers return; Counterblow markers from CB results stay (10.7.3).
pub(crate) fn finish(st: &mut State) {
    st.scratch.combat = None;
}

/// `End` during the declarations: Targets → Counterblows → Battles.
pub(crate) fn end_declaration(st: &mut State) {
    if let Some(c) = st.scratch.combat.as_mut() {
        c.step = match c.step {
            CombatStep::Targets => CombatStep::Counterblows,
            _ => CombatStep::Battles,
        };
    }
}

/// Candidate target sets: each marked hex alone, and groups of marked hexes of one kind that
/// an unused unit borders together (10.3.2).
fn target_sets(board: &Board, st: &State) -> Vec<(Vec<SpaceId>, BattleKind)> {
    let side = active_side(st);
    let m = attackable(board, st);
    let mut sets: Vec<(Vec<SpaceId>, BattleKind)> = m.iter().map(|(h, k)| (vec![*h], *k)).collect();
    for (_, s) in st.on_map().filter(|(u, _)| side_of(board, *u) == side) {
        for kind in [BattleKind::Voluntary, BattleKind::Counterblow] {
            let near: Vec<SpaceId> = m
                .iter()
                .filter(|(h, k)| *k == kind && permitted(board, s, *h))
                .map(|(h, _)| *h)
                .collect();
            let n = near.len();
            for mask in 1u32..(1 << n) {
                if mask.count_ones() < 2 {
                    continue;
                }
                let mut t: Vec<SpaceId> = (0..n)
                    .filter(|i| mask & (1 << i) != 0)
                    .map(|i| near[i])
                    .collect();
                t.sort();
                if !sets.contains(&(t.clone(), kind)) {
                    sets.push((t, kind));
                }
            }
        }
    }
    sets
}

pub(crate) fn legal(board: &Board, st: &State, deciding: Side) -> Vec<Action> {
    let Some(c) = &st.scratch.combat else {
        return vec![];
    };
    let active = active_side(st);
    let mut out = Vec::new();
    if let Some(b) = &c.battle {
        return battle_legal(board, st, b, deciding);
    }
    let pos = position(board, st);
    match c.step {
        CombatStep::Targets => {
            let pool = usize::from(marker_pool(&board.data.track, active, st.turn, st.weather));
            if c.targets.len() < pool {
                for i in 0..board.topo.len() {
                    let h = SpaceId(i as u16);
                    let can = possible_target(board, &pos, active, h)
                        && !c.targets.contains(&h)
                        && !c.counterblows.contains(&h)
                        && !eligible(board, st, active, &[h], BattleKind::Voluntary).is_empty();
                    if can {
                        out.push(Action::Target { hex: h });
                    }
                }
            }
            out.push(Action::End);
        }
        CombatStep::Counterblows => {
            let passive = active.other();
            let pool = usize::from(marker_pool(&board.data.track, passive, st.turn, st.weather));
            let fs = fighters(board, st);
            let mut hand = st.hand(passive).clone();
            hand.sort_unstable();
            hand.dedup();
            if c.counterblows.len() < pool {
                for i in 0..board.topo.len() {
                    let h = SpaceId(i as u16);
                    if !c.counterblows.contains(&h)
                        && possible_counterblow(board, &fs, passive, h, c.targets.contains(&h))
                    {
                        for &card in &hand {
                            out.push(Action::Counterblow { hex: h, card });
                        }
                    }
                }
            }
            out.push(Action::End);
        }
        CombatStep::Battles => {
            let supports = st.support[side_index(active)] > 0;
            for (targets, kind) in target_sets(board, st) {
                let units = eligible(board, st, active, &targets, kind);
                for group in subsets(&units) {
                    let any_supplied = group.iter().any(|u| !st.units[*u].unsupplied);
                    out.push(Action::Attack {
                        targets: targets.clone(),
                        units: group.clone(),
                        support: false,
                    });
                    if supports && any_supplied {
                        out.push(Action::Attack {
                            targets: targets.clone(),
                            units: group,
                            support: true,
                        });
                    }
                }
            }
        }
    }
    out
}

fn battle_legal(board: &Board, st: &State, b: &BattleRun, side: Side) -> Vec<Action> {
    let mut out = Vec::new();
    match b.stages.first() {
        Some(BattleStage::Counterattack) => {
            let units: Vec<usize> = b
                .defenders
                .iter()
                .chain(&b.uncommitted)
                .copied()
                .filter(|u| {
                    b.original.contains(u) && at(st, *u).is_some() && strength(board, st, *u) > 0
                })
                .collect();
            let supports = st.support[side_index(side)] > 0;
            for g in subsets(&units) {
                let any_supplied = g.iter().any(|u| !st.units[*u].unsupplied);
                out.push(Action::Counterattack {
                    units: g.clone(),
                    support: false,
                });
                if supports && any_supplied {
                    out.push(Action::Counterattack {
                        units: g,
                        support: true,
                    });
                }
            }
            out.push(Action::Counterattack {
                units: vec![],
                support: false,
            });
        }
        Some(BattleStage::MarkCounterblow) => {
            let mut hexes: Vec<SpaceId> = b
                .attackers
                .iter()
                .chain(&b.defenders)
                .filter(|u| side_of(board, **u) == side)
                .filter_map(|u| at(st, *u))
                .collect();
            hexes.sort();
            hexes.dedup();
            out.extend(hexes.into_iter().map(|hex| Action::MarkCounterblow { hex }));
        }
        Some(BattleStage::Losses(l)) => {
            if let Some((s, _)) = l.first() {
                out.extend(
                    loss_units(board, st, b, *s)
                        .into_iter()
                        .map(|unit| Action::TakeLoss { unit }),
                );
            }
        }
        Some(BattleStage::Cadre { side: s, .. }) => {
            for u in 0..st.units.len() {
                if st.units[u].loc == Loc::CadreAvailable && side_of(board, u) == *s {
                    out.push(Action::PlaceCadre { cadre: Some(u) });
                }
            }
            out.push(Action::PlaceCadre { cadre: None });
        }
        Some(BattleStage::Retreats { units, .. }) => {
            if let Some(&u) = units.first() {
                for to in retreat_options(board, st, b, u) {
                    out.push(Action::Retreat { unit: u, to });
                }
            }
        }
        Some(BattleStage::Advance { vacated, done }) => {
            for &u in &b.attackers {
                if done.contains(&u) {
                    continue;
                }
                for to in advance_options(board, st, b, u, vacated) {
                    out.push(Action::Advance { unit: u, to });
                }
            }
            out.push(Action::End);
        }
        None => {}
    }
    out
}

/// The participants of `side` that may take its step loss (10.7.1, 14.5–14.7).
fn loss_units(board: &Board, st: &State, b: &BattleRun, side: Side) -> Vec<usize> {
    let attacking = b.attacker == side;
    let pool: Vec<usize> = if attacking {
        &b.attackers
    } else {
        &b.defenders
    }
    .iter()
    .copied()
    .filter(|u| at(st, *u).is_some() && side_of(board, *u) == side)
    .collect();
    let losers: Vec<Loser> = pool
        .iter()
        .map(|u| {
            let f = face(board, st, *u);
            Loser {
                ss: data(board, *u).ss,
                kind: f.kind,
                shock: f.kind == UnitType::Shock,
            }
        })
        .collect();
    loss_candidates(&losers, attacking)
        .into_iter()
        .map(|i| pool[i])
        .collect()
}

fn sources(board: &Board, st: &State, side: Side) -> Vec<SpaceId> {
    let pos = position(board, st);
    let s = Supply::new(board, &pos);
    (0..board.n_hexes)
        .map(|i| SpaceId(i as u16))
        .filter(|x| {
            board.hex(*x).is_some_and(|h| h.edge == Some(side))
                || s.supplied_friendly_city(side, *x)
        })
        .collect()
}

fn retreat_options(board: &Board, st: &State, b: &BattleRun, u: usize) -> Vec<SpaceId> {
    let Some(m) = mover(board, st, u) else {
        return vec![];
    };
    let pos = position(board, st);
    let zones = Zones::new(board, &pos);
    retreat_ends(
        board,
        &zones,
        &m,
        &b.targets,
        &sources(board, st, m.side),
        access(st),
    )
}

fn advance_options(
    board: &Board,
    st: &State,
    b: &BattleRun,
    u: usize,
    vacated: &[SpaceId],
) -> Vec<SpaceId> {
    let Some(m) = mover(board, st, u) else {
        return vec![];
    };
    let f = face(board, st, u);
    // 10.8: fortified units never advance; 10.7.3: nor white-strength or Disorganized units
    // after a counterblow battle.
    if f.movement == 0
        || (b.kind == BattleKind::Counterblow && (f.white || st.units[u].disorganized))
    {
        return vec![];
    }
    let track = &board.data.track;
    let by = |e: TurnEvent| {
        track
            .turns
            .iter()
            .any(|t| t.turn <= st.turn && t.events.contains(&e))
    };
    let romania_out = st.triggers.ploesti.is_some_and(|t| t < st.turn);
    let bonus = f.kind.is_armor()
        && match m.side {
            Side::German => data(board, u).ss || !romania_out,
            Side::Soviet => by(TurnEvent::SovietTankAdvance),
        };
    let limit = advance_limit(st.weather, st.units[u].unsupplied, bonus);
    let pos = position(board, st);
    let zones = Zones::new(board, &pos);
    let mut out = Vec::new();
    for v in vacated {
        if permitted(board, m.at, *v) {
            out.extend(advance_ends(
                board,
                &board.data.tables.tec,
                &zones,
                &m,
                *v,
                limit,
                access(st),
            ));
        }
    }
    out.sort();
    out.dedup();
    out.retain(|s| *s != m.at && room(board, st, m.side, *s));
    out
}

fn target_hex(board: &Board, h: SpaceId) -> TargetHex {
    match board.hex(h) {
        Some(x) => TargetHex {
            terrain: x.terrain,
            city: x.city.is_some(),
            objective: x.objective.is_some(),
            oil: x.oil.is_some(),
            area: false,
        },
        None => TargetHex {
            terrain: crate::data::Terrain::Clear,
            city: false,
            objective: false,
            oil: false,
            area: true,
        },
    }
}

/// 10.4–10.6: the battle as combat arithmetic sees it, with the terrain of `terrain_hex`.
fn describe(
    board: &Board,
    st: &State,
    b: &BattleRun,
    terrain_hex: SpaceId,
    support: bool,
) -> Battle {
    let attackers = b
        .attackers
        .iter()
        .filter_map(|u| {
            let s = at(st, *u)?;
            let f = face(board, st, *u);
            Some(AttackingUnit {
                kind: f.kind,
                strength: f.strength.unwrap_or(0),
                supplied: !st.units[*u].unsupplied,
                ss: data(board, *u).ss,
                shock_front: f.kind == UnitType::Shock,
                finnish: data(board, *u).nation == Nation::Finnish,
                across_river: board.border(s, terrain_hex) == Some(BorderKind::River),
            })
        })
        .collect();
    let defenders = b
        .defenders
        .iter()
        .filter(|u| at(st, **u).is_some())
        .map(|u| {
            let f = face(board, st, *u);
            DefendingUnit {
                kind: f.kind,
                strength: f.strength.unwrap_or(0),
                unsupplied: st.units[*u].unsupplied,
                ss: data(board, *u).ss,
            }
        })
        .collect();
    let track = &board.data.track;
    Battle {
        attacker: b.attacker,
        kind: b.kind,
        attackers,
        defenders,
        target: target_hex(board, terrain_hex),
        weather: st.weather,
        double_winter_penalty: track
            .turns
            .iter()
            .any(|t| t.turn == st.turn && t.events.contains(&TurnEvent::DoubleWinterPenalty)),
        first_snow_turn: st.first_snow_turn == Some(st.turn),
        support,
        romania_surrendered: st.triggers.ploesti.is_some_and(|t| t < st.turn),
        card_shifts: vec![],
    }
}

/// 10.5 steps 1–5 and the result (10.7): the odds (the defender's best terrain hex, 10.6.1),
/// the die on the attacker's CRT, then the stages the result calls for.
fn fight(board: &Board, st: &mut State, mut b: BattleRun, support: bool, events: &mut Vec<Event>) {
    if support {
        let i = side_index(b.attacker);
        st.support[i] = st.support[i].saturating_sub(1);
    }
    let tec = &board.data.tables.tec;
    let odds = b
        .targets
        .iter()
        .map(|h| combat::odds(&describe(board, st, &b, *h, support), tec))
        .min_by_key(|o| o.final_column.map(|c| c.index() as i32).unwrap_or(-1))
        .expect("a battle has a target");
    let crt_side = combat::crt_side(b.attacker, st.weather, !st.options.axis_own_crt_in_snow);
    let crt = combat::crt(&board.data.tables, crt_side);
    let (die, result) = combat::roll(crt, &odds, &mut st.dice);
    let shifts: Vec<String> = odds.shifts.iter().map(|s| s.describe()).collect();
    let col = odds.final_column.map(|c| c.label()).unwrap_or("below 1:3");
    let text = format!(
        "{} attacks {}: {} vs {}, {}{}; {}",
        b.attacker.name(),
        b.targets
            .iter()
            .map(|h| board.name(*h))
            .collect::<Vec<_>>()
            .join(", "),
        odds.attack,
        odds.defence,
        col,
        if shifts.is_empty() {
            String::new()
        } else {
            format!(" ({})", shifts.join(", "))
        },
        result.label()
    );
    let mut ev = Event::new(EventKind::Battle, "10.5", text);
    if let Some(d) = die {
        ev = ev.with_roll(Roll::d6(
            Some(b.attacker),
            format!("{crt_side:?} CRT"),
            &[d],
        ));
    }
    events.push(ev);
    apply_result(board, st, &mut b, result, events);
    settle(board, st, b, events);
}

/// 10.7: the stages a result calls for.
fn apply_result(
    board: &Board,
    st: &mut State,
    b: &mut BattleRun,
    result: CombatResult,
    events: &mut Vec<Event>,
) {
    let in_targets: Vec<usize> = b.targets.iter().flat_map(|h| units_at(st, *h)).collect();
    let defs: Vec<Defender> = in_targets
        .iter()
        .map(|u| Defender {
            fortified: face(board, st, *u).kind == UnitType::Fortified,
            volkssturm: data(board, *u).id.starts_with("ge_vs_"),
        })
        .collect();
    let e = effects(result, &defs);
    let def_side = b.attacker.other();
    if e.remove_volkssturm {
        for u in in_targets
            .iter()
            .filter(|u| data(board, **u).id.starts_with("ge_vs_"))
        {
            st.units[*u].loc = Loc::OutOfGame;
            log(
                events,
                EventKind::Eliminated,
                "14.11",
                format!("{} is removed", unit_name(board, st, *u)),
            );
        }
    }
    if e.counterattack {
        b.stages.push(BattleStage::Counterattack);
    }
    if e.counterblow {
        b.stages.push(BattleStage::MarkCounterblow);
    }
    if e.exchange {
        b.stages
            .push(BattleStage::Losses(vec![(def_side, 1), (b.attacker, 1)]));
    }
    if e.each_defender_loses_step {
        for u in b.defenders.clone() {
            if at(st, u).is_none() {
                continue;
            }
            let hex = at(st, u);
            let gone = lose_step(board, st, u, events);
            if gone && !data(board, u).cadre {
                if let Some(h) = hex {
                    b.stages.push(BattleStage::Cadre {
                        side: def_side,
                        at: h,
                    });
                }
            }
        }
    }
    if e.retreat {
        let mut units: Vec<usize> = b.targets.iter().flat_map(|h| units_at(st, *h)).collect();
        units.sort();
        b.stages.push(BattleStage::Retreats {
            units,
            shatter: e.shatter,
        });
    }
    if matches!(
        result,
        CombatResult::DR | CombatResult::DS | CombatResult::DD
    ) {
        b.stages.push(BattleStage::Advance {
            vacated: vec![],
            done: vec![],
        });
    }
}

/// Runs the stages that need no decision; ends the battle when none is left.
fn settle(board: &Board, st: &mut State, mut b: BattleRun, events: &mut Vec<Event>) {
    loop {
        match b.stages.first_mut() {
            None => {
                end_battle(board, st, &b);
                return;
            }
            Some(BattleStage::Counterattack) => {
                let can = b.defenders.iter().chain(&b.uncommitted).any(|u| {
                    b.original.contains(u) && at(st, *u).is_some() && strength(board, st, *u) > 0
                });
                if can {
                    break;
                }
                b.stages.remove(0);
            }
            Some(BattleStage::MarkCounterblow) => {
                let active = active_side(st);
                let any = b
                    .attackers
                    .iter()
                    .chain(&b.defenders)
                    .any(|u| side_of(board, *u) == active && at(st, *u).is_some());
                if any {
                    break;
                }
                b.stages.remove(0);
            }
            Some(BattleStage::Losses(l)) => {
                let Some(&(s, n)) = l.first() else {
                    b.stages.remove(0);
                    continue;
                };
                if n == 0 || loss_units(board, st, &b, s).is_empty() {
                    if let Some(BattleStage::Losses(l)) = b.stages.first_mut() {
                        l.remove(0);
                        if l.is_empty() {
                            b.stages.remove(0);
                        }
                    }
                    continue;
                }
                break;
            }
            Some(BattleStage::Cadre { side, .. }) => {
                let s = *side;
                if (0..st.units.len())
                    .any(|u| st.units[u].loc == Loc::CadreAvailable && side_of(board, u) == s)
                {
                    break;
                }
                b.stages.remove(0);
            }
            Some(BattleStage::Retreats { units, shatter }) => {
                units.retain(|u| at(st, *u).is_some());
                let Some(&u) = units.first() else {
                    b.stages.remove(0);
                    continue;
                };
                let shatter = *shatter;
                let options = retreat_options(board, st, &b, u);
                if options.is_empty() {
                    // 10.7.5, 10.7.6: no legal retreat: eliminated at once.
                    log(
                        events,
                        EventKind::Retreated,
                        "10.7.5",
                        format!("{} cannot retreat", unit_name(board, st, u)),
                    );
                    eliminate(board, st, u, events);
                } else if shatter {
                    // 10.7.6: it retreats, then goes to the Shattered box.
                    st.units[u].loc = Loc::Shattered;
                    log(
                        events,
                        EventKind::Retreated,
                        "10.7.6",
                        format!("{} is shattered", unit_name(board, st, u)),
                    );
                } else {
                    break;
                }
                if let Some(BattleStage::Retreats { units, .. }) = b.stages.first_mut() {
                    units.retain(|x| *x != u);
                }
            }
            Some(BattleStage::Advance { vacated, done }) => {
                // 10.8: only when the target hexes are empty.
                let empty: Vec<SpaceId> = b
                    .targets
                    .iter()
                    .copied()
                    .filter(|h| units_at(st, *h).is_empty())
                    .collect();
                *vacated = empty.clone();
                let done = done.clone();
                let any = !empty.is_empty()
                    && b.attackers.iter().any(|u| {
                        !done.contains(u) && !advance_options(board, st, &b, *u, &empty).is_empty()
                    });
                if any {
                    break;
                }
                b.stages.remove(0);
            }
        }
    }
    if let Some(c) = st.scratch.combat.as_mut() {
        c.battle = Some(b);
    }
}

fn end_battle(board: &Board, st: &mut State, _b: &BattleRun) {
    if let Some(c) = st.scratch.combat.as_mut() {
        c.battle = None;
    }
    super::helpers::refresh_finland(board, st);
    check_stacking(board, st);
}

fn take_battle(st: &mut State) -> Option<BattleRun> {
    st.scratch.combat.as_mut().and_then(|c| c.battle.take())
}

pub(crate) fn perform(
    board: &Board,
    st: &mut State,
    side: Side,
    a: &Action,
    events: &mut Vec<Event>,
) {
    match a {
        Action::Target { hex } => {
            if let Some(c) = st.scratch.combat.as_mut() {
                c.targets.push(*hex);
            }
            log(
                events,
                EventKind::Declared,
                "10.1.1",
                format!("Target: {}", board.name(*hex)),
            );
        }
        Action::Counterblow { hex, card } => {
            pay(st, side, &[*card]);
            if let Some(c) = st.scratch.combat.as_mut() {
                c.counterblows.push(*hex);
            }
            log(
                events,
                EventKind::Declared,
                "10.1.2",
                format!("Counterblow: {}", board.name(*hex)),
            );
        }
        Action::Attack {
            targets,
            units,
            support,
        } => {
            let kind = if st
                .scratch
                .combat
                .as_ref()
                .is_some_and(|c| c.counterblows.contains(&targets[0]))
            {
                BattleKind::Counterblow
            } else {
                BattleKind::Voluntary
            };
            let mut defenders: Vec<usize> = targets.iter().flat_map(|h| units_at(st, *h)).collect();
            // 10.1.2 [AMB]: in a counterblow battle the passive side's white-strength units
            // are uncommitted: no strength, no losses, but they retreat.
            let uncommitted: Vec<usize> = if kind == BattleKind::Counterblow {
                defenders
                    .iter()
                    .copied()
                    .filter(|u| face(board, st, *u).white)
                    .collect()
            } else {
                vec![]
            };
            defenders.retain(|u| !uncommitted.contains(u));
            if let Some(c) = st.scratch.combat.as_mut() {
                c.attacked_hexes.extend(targets.iter().copied());
                c.fought.extend(units.iter().copied());
            }
            let mut original = units.clone();
            original.extend(defenders.iter().chain(&uncommitted));
            let b = BattleRun {
                attacker: side,
                kind,
                attackers: units.clone(),
                targets: targets.clone(),
                defenders,
                uncommitted,
                original,
                stages: vec![],
            };
            fight(board, st, b, *support, events);
        }
        Action::Counterattack { units, support } => {
            let Some(mut b) = take_battle(st) else { return };
            b.stages.remove(0);
            if units.is_empty() {
                log(
                    events,
                    EventKind::Result,
                    "10.7.2",
                    "No counterattack".into(),
                );
                settle(board, st, b, events);
                return;
            }
            // 10.7.2: a new battle, the same units, no terrain shifts; the uncommitted units
            // of the counterattacking side only share its retreats.
            let old_attackers: Vec<usize> = b
                .attackers
                .iter()
                .copied()
                .filter(|u| at(st, *u).is_some())
                .collect();
            let mut targets: Vec<SpaceId> =
                old_attackers.iter().filter_map(|u| at(st, *u)).collect();
            targets.sort();
            targets.dedup();
            let uncommitted: Vec<usize> = b
                .defenders
                .iter()
                .chain(&b.uncommitted)
                .copied()
                .filter(|u| !units.contains(u))
                .collect();
            let nb = BattleRun {
                attacker: side,
                kind: BattleKind::Counterattack,
                attackers: units.clone(),
                targets,
                defenders: old_attackers,
                uncommitted,
                original: b.original.clone(),
                stages: vec![],
            };
            fight(board, st, nb, *support, events);
        }
        Action::MarkCounterblow { hex } => {
            let Some(mut b) = take_battle(st) else { return };
            b.stages.remove(0);
            st.cb_markers.push((*hex, side));
            log(
                events,
                EventKind::Result,
                "10.7.3",
                format!("Counterblow marker on {}", board.name(*hex)),
            );
            settle(board, st, b, events);
        }
        Action::TakeLoss { unit } => {
            let Some(mut b) = take_battle(st) else { return };
            let hex = at(st, *unit);
            let gone = lose_step(board, st, *unit, events);
            if let Some(BattleStage::Losses(l)) = b.stages.first_mut() {
                if let Some(first) = l.first_mut() {
                    first.1 = first.1.saturating_sub(1);
                }
                l.retain(|x| x.1 > 0);
                if l.is_empty() {
                    b.stages.remove(0);
                }
            }
            // 14.9.2: a cadre may take the place of a non-cadre unit eliminated by an EX step.
            if gone && !data(board, *unit).cadre {
                if let Some(h) = hex {
                    b.stages.insert(0, BattleStage::Cadre { side, at: h });
                }
            }
            settle(board, st, b, events);
        }
        Action::PlaceCadre { cadre } => {
            let Some(mut b) = take_battle(st) else { return };
            if let Some(BattleStage::Cadre { at: h, .. }) = b.stages.first().cloned() {
                if let Some(c) = cadre {
                    st.units[*c].loc = Loc::Map(h);
                    // It stands with the defending stack and retreats with it ([AMB] 14.9.2).
                    if let Some(BattleStage::Retreats { units, .. }) = b
                        .stages
                        .iter_mut()
                        .find(|s| matches!(s, BattleStage::Retreats { .. }))
                    {
                        units.push(*c);
                    }
                    log(
                        events,
                        EventKind::Reorganized,
                        "14.9.2",
                        format!(
                            "{} takes the field in {}",
                            unit_name(board, st, *c),
                            board.name(h)
                        ),
                    );
                }
            }
            b.stages.remove(0);
            settle(board, st, b, events);
        }
        Action::Retreat { unit, to } => {
            let Some(mut b) = take_battle(st) else { return };
            if let Some(from) = at(st, *unit) {
                let mid = board.borders(from).iter().map(|x| x.to).find(|m| {
                    board.border(*m, *to).is_some()
                        && units_at(st, *m).iter().all(|u| side_of(board, *u) == side)
                });
                st.units[*unit].loc = Loc::Map(*to);
                if let Some(m) = mid {
                    enter(board, st, side, m, events);
                }
                enter(board, st, side, *to, events);
            }
            log(
                events,
                EventKind::Retreated,
                "10.7.5",
                format!(
                    "{} retreats to {}",
                    unit_name(board, st, *unit),
                    board.name(*to)
                ),
            );
            if let Some(BattleStage::Retreats { units, .. }) = b.stages.first_mut() {
                units.retain(|x| x != unit);
            }
            settle(board, st, b, events);
        }
        Action::Advance { unit, to } => {
            let Some(mut b) = take_battle(st) else { return };
            if let (Some(from), Some(BattleStage::Advance { vacated, done })) =
                (at(st, *unit), b.stages.first_mut())
            {
                // The first hex entered is a vacated one (10.8.1).
                let first = vacated.iter().copied().find(|v| {
                    *v == *to
                        || (board.border(from, *v).is_some() && board.border(*v, *to).is_some())
                });
                done.push(*unit);
                st.units[*unit].loc = Loc::Map(*to);
                if let Some(v) = first {
                    enter(board, st, side, v, events);
                }
                enter(board, st, side, *to, events);
            }
            log(
                events,
                EventKind::Advanced,
                "10.8",
                format!(
                    "{} advances to {}",
                    unit_name(board, st, *unit),
                    board.name(*to)
                ),
            );
            settle(board, st, b, events);
        }
        _ => {}
    }
}

/// `End` while the attackers advance: the battle is over.
pub(crate) fn end_advance(board: &Board, st: &mut State, events: &mut Vec<Event>) -> bool {
    let advancing = st
        .scratch
        .combat
        .as_ref()
        .and_then(|c| c.battle.as_ref())
        .is_some_and(|b| matches!(b.stages.first(), Some(BattleStage::Advance { .. })));
    if !advancing {
        return false;
    }
    if let Some(mut b) = take_battle(st) {
        b.stages.remove(0);
        settle(board, st, b, events);
    }
    true
}
