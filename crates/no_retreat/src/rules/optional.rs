//! The optional rules of §15 that act in the sequence of play: 15.1 Abteilungen and 15.2
//! fortified fronts (a split in the owner's placement step), 15.3 Local Combat Support (a
//! marker placed at the end of the Movement phase), 15.8 Rezervy (back to the Destroyed box
//! when left alone) and 15.9 Paratroopers / Partisans (dropped in the Soviet Rail Unloading
//! phase). Each acts only when its option is on (`Options`). 15.4–15.7 live where they change
//! the basic rules (weather, reorganization, sudden death, the Joker).

use super::helpers::{data, face, room, unit_name, units_at};
use super::{log, Action, Event, EventKind};
use crate::board::Board;
use crate::combat::TurnWeather;
use crate::data::{Nation, Region, UnitType};
use crate::state::*;
use crate::supply::Zones;
use crate::turn::position;
use eastfront_kernel::{Side, SpaceId};

/// The turn from which 15.1 (Abteilungen) and 15.2 (fortified fronts) may be used.
pub const ABTEILUNG_FROM_TURN: u8 = 8;
pub const FORTIFIED_FRONT_FROM_TURN: u8 = 5;
/// 15.3: the Local Combat Support markers flip to their other face on this turn.
pub const SUPPORT_FLIP_TURN: u8 = 11;
/// 15.9: the Paratroopers marker returns this many turns after its removal.
pub const PARATROOPERS_RETURN_TURNS: u8 = 4;

fn unused(board: &Board, st: &State, id: &str) -> Option<usize> {
    let u = board.data.units.units.iter().position(|u| u.id == id)?;
    (st.units[u].loc == Loc::Unused).then_some(u)
}

/// What a split of `unit` makes (15.1, 15.2): the units created, and whether the split unit
/// only loses a step (the Panzer army of 15.1) instead of leaving the game.
fn split_of(board: &Board, st: &State, unit: usize) -> Option<(Vec<usize>, bool)> {
    let d = data(board, unit);
    let f = face(board, st, unit);
    let s = &st.units[unit];
    let Loc::Map(at) = s.loc else {
        return None;
    };
    // "Full strength, supplied and unstacked" (15.1; 15.2 "supplied and unstacked").
    if s.unsupplied || units_at(st, at).len() != 1 {
        return None;
    }
    match d.side {
        Side::German => {
            if !st.options.abteilungen
                || st.turn < ABTEILUNG_FROM_TURN
                || s.reduced
                || d.nation != Nation::German
                || d.optional.is_some()
                || d.cadre
            {
                return None;
            }
            // 15.1: a 4-4 German infantry army → two 3-3 Abteilungen.
            if f.kind == UnitType::Infantry && f.strength == Some(4) && f.movement == 4 {
                let a = unused(board, st, "ge_abt_a")?;
                let b = unused(board, st, "ge_abt_b")?;
                return Some((vec![a, b], false));
            }
            // 15.1 [AMB]: a full-strength Panzer army (not the SS, 14.5) loses one step and one
            // 2-5 mechanized Abteilung is placed.
            if f.kind == UnitType::Armor && !d.ss && d.back.is_some() {
                let m = unused(board, st, "ge_abt_mech")?;
                return Some((vec![m], true));
            }
            None
        }
        Side::Soviet => {
            // 15.2: the 4-3 fortified front → two 3-2 fortified fronts.
            if !st.options.fortified_fronts
                || st.turn < FORTIFIED_FRONT_FROM_TURN
                || d.id != "so_fortified_front"
            {
                return None;
            }
            let a = unused(board, st, "so_fortified_front_a")?;
            let b = unused(board, st, "so_fortified_front_b")?;
            Some((vec![a, b], false))
        }
    }
}

/// 15.1, 15.2: the `Split` actions of `side` in its placement step (7.0 B), once per turn.
pub(crate) fn split_legal(board: &Board, st: &State, side: Side) -> Vec<Action> {
    let in_place_step = st.phase
        == Phase::Player {
            side,
            step: Step::Reorganization,
        }
        && st.scratch.reorg == Some(ReorgStep::Place);
    if !in_place_step || st.scratch.split_done || !st.scratch.split_place.is_empty() {
        return vec![];
    }
    st.on_map()
        .filter(|(u, _)| data(board, *u).side == side)
        .filter(|(u, _)| split_of(board, st, *u).is_some())
        .map(|(unit, _)| Action::Split { unit })
        .collect()
}

/// 15.1, 15.2: where a unit created by a split may go: the split unit's hex, or an adjacent
/// land hex not in an enemy ZOC and free of enemy units, within the stacking limit.
pub(crate) fn split_spaces(board: &Board, st: &State, unit: usize, from: SpaceId) -> Vec<SpaceId> {
    let side = data(board, unit).side;
    let pos = position(board, st);
    let zones = Zones::new(board, &pos);
    let mut out: Vec<SpaceId> = std::iter::once(from)
        .chain(
            board
                .neighbours(from)
                .filter(|s| !board.is_lake(*s) && !zones.in_ezoc(side, *s)),
        )
        .filter(|s| zones.occupant(*s) != Some(side.other()) && room(board, st, side, *s))
        .collect();
    out.sort();
    out.dedup();
    out
}

/// The placements a split still owes (only these are legal until they are made).
pub(crate) fn split_place_legal(board: &Board, st: &State) -> Vec<Action> {
    let Some(&(unit, from)) = st.scratch.split_place.first() else {
        return vec![];
    };
    split_spaces(board, st, unit, from)
        .into_iter()
        .map(|at| Action::Place { unit, at })
        .collect()
}

/// Drops the owed placements that have nowhere to go (the counter stays out of play).
fn prune_split(board: &Board, st: &mut State) {
    while let Some(&(unit, from)) = st.scratch.split_place.first() {
        if split_spaces(board, st, unit, from).is_empty() {
            st.scratch.split_place.remove(0);
        } else {
            break;
        }
    }
}

/// 15.1, 15.2: the split: the army or fortified front leaves the game for good (the Panzer
/// army loses a step instead), and the new units wait to be placed (`Place`).
pub(crate) fn perform_split(board: &Board, st: &mut State, unit: usize, events: &mut Vec<Event>) {
    let Some((made, reduce_only)) = split_of(board, st, unit) else {
        return;
    };
    let Loc::Map(at) = st.units[unit].loc else {
        return;
    };
    let name = unit_name(board, st, unit);
    let rule = if data(board, unit).side == Side::German {
        "15.1"
    } else {
        "15.2"
    };
    if reduce_only {
        st.units[unit].reduced = true;
    } else {
        st.units[unit].loc = Loc::OutOfGame;
    }
    st.scratch.split_done = true;
    st.scratch.split_place = made.iter().map(|u| (*u, at)).collect();
    log(
        events,
        EventKind::Reorganized,
        rule,
        format!(
            "{name} {} into {}",
            if reduce_only {
                "loses a step and splits off"
            } else {
                "is split"
            },
            made.iter()
                .map(|u| data(board, *u).front.name.clone())
                .collect::<Vec<_>>()
                .join(" and ")
        ),
    );
    prune_split(board, st);
}

/// Places the first unit a split owes.
pub(crate) fn perform_split_place(
    board: &Board,
    st: &mut State,
    unit: usize,
    at: SpaceId,
    events: &mut Vec<Event>,
) {
    if st.scratch.split_place.first().map(|x| x.0) != Some(unit) {
        return;
    }
    st.scratch.split_place.remove(0);
    st.units[unit] = UnitState {
        loc: Loc::Map(at),
        reduced: false,
        unsupplied: false,
        disorganized: false,
    };
    let side = data(board, unit).side;
    super::helpers::enter(board, st, side, at, events);
    log(
        events,
        EventKind::Reorganized.located(vec![at]),
        if side == Side::German { "15.1" } else { "15.2" },
        format!(
            "{} is placed in {}",
            unit_name(board, st, unit),
            board.name(at)
        ),
    );
    prune_split(board, st);
}

/// 15.3.3: the strength a side's Local Combat Support marker adds now: its first face until
/// the flip on turn 11, then the other (the marker faces of `units.ron`).
pub fn support_value(board: &Board, side: Side, turn: u8) -> u8 {
    let id = match side {
        Side::German => "local_support_axis",
        Side::Soviet => "local_support_soviet",
    };
    let Some(m) = board.data.units.markers.iter().find(|m| m.id == id) else {
        return 0;
    };
    let i = usize::from(turn >= SUPPORT_FLIP_TURN);
    m.faces
        .get(i)
        .and_then(|f| f.trim().trim_start_matches('+').parse().ok())
        .unwrap_or(0)
}

/// 15.3: the strength `unit` gets from a Local Combat Support marker on it (0 without one).
pub fn support_bonus(board: &Board, st: &State, unit: usize) -> u8 {
    let side = data(board, unit).side;
    let on = st.local_support[side_index(side)] == Some(unit)
        && matches!(st.units[unit].loc, Loc::Map(_));
    if on {
        support_value(board, side, st.turn)
    } else {
        0
    }
}

/// 15.3.4: a marker whose unit left the map (eliminated, shattered, embarked) is set aside.
pub(crate) fn tidy_support(st: &mut State) {
    for i in 0..2 {
        if let Some(u) = st.local_support[i] {
            if !matches!(st.units[u].loc, Loc::Map(_)) {
                st.local_support[i] = None;
            }
        }
    }
}

/// 15.3.4: the owner's Movement phase begins: his marker comes off its unit.
pub(crate) fn begin_movement(st: &mut State, side: Side) {
    st.local_support[side_index(side)] = None;
}

/// 15.3.1: the units that may receive the marker: every supplied friendly unit on the map.
pub(crate) fn support_legal(board: &Board, st: &State, side: Side) -> Vec<Action> {
    let mut out: Vec<Action> = st
        .on_map()
        .filter(|(u, _)| data(board, *u).side == side && !st.units[*u].unsupplied)
        .map(|(u, _)| Action::LocalSupport { unit: u })
        .collect();
    out.push(Action::End);
    out
}

/// The end of `side`'s Movement phase. 15.8: a Rezervy not stacked with another friendly
/// unit goes to the Destroyed box. 15.3.1: then, with the option, the Local Combat Support
/// step. Returns whether that step begins (the phase is not over yet).
pub(crate) fn end_movement(
    board: &Board,
    st: &mut State,
    side: Side,
    events: &mut Vec<Event>,
) -> bool {
    if st.scratch.support_step {
        return false;
    }
    if st.options.rezervy {
        for (u, at) in st.on_map().collect::<Vec<_>>() {
            let d = data(board, u);
            if d.side != side || d.optional.as_deref() != Some("15.8") {
                continue;
            }
            let alone = !units_at(st, at)
                .iter()
                .any(|x| *x != u && data(board, *x).side == side);
            if alone {
                st.units[u].loc = Loc::Destroyed;
                st.units[u].unsupplied = false;
                st.units[u].disorganized = false;
                log(
                    events,
                    EventKind::Eliminated,
                    "15.8",
                    format!(
                        "{} is not stacked with a unit: to the Destroyed box",
                        d.front.name
                    ),
                );
            }
        }
    }
    let can = st.options.local_combat_support
        && st
            .on_map()
            .any(|(u, _)| data(board, u).side == side && !st.units[u].unsupplied);
    if can {
        st.scratch.support_step = true;
    }
    can
}

/// 15.3.2: the marker goes on `unit`.
pub(crate) fn perform_support(board: &Board, st: &mut State, unit: usize, events: &mut Vec<Event>) {
    let side = data(board, unit).side;
    st.local_support[side_index(side)] = Some(unit);
    log(
        events,
        EventKind::Reorganized,
        "15.3.2",
        format!(
            "Local Combat Support (+{}) on {}",
            support_value(board, side, st.turn),
            unit_name(board, st, unit)
        ),
    );
}

/// 15.9: the Axis units the Paratroopers marker may drop on in this Soviet Rail Unloading
/// phase: in a Mud, Snow or Extreme Winter turn, an Axis unit in the USSR adjacent to a
/// supplied Soviet unit.
pub(crate) fn paratroopers_legal(board: &Board, st: &State, side: Side) -> Vec<Action> {
    let weather_ok = matches!(
        st.weather,
        TurnWeather::Mud | TurnWeather::Snow | TurnWeather::ExtremeWinter
    );
    if side != Side::Soviet || st.paratroopers != Paratroopers::Rail || !weather_ok {
        return vec![];
    }
    let soviet_supplied: Vec<SpaceId> = st
        .on_map()
        .filter(|(u, _)| data(board, *u).side == Side::Soviet && !st.units[*u].unsupplied)
        .map(|(_, s)| s)
        .collect();
    st.on_map()
        .filter(|(u, at)| {
            data(board, *u).side == Side::German
                && board.hex(*at).is_some_and(|h| h.region == Region::Ussr)
                && soviet_supplied
                    .iter()
                    .any(|s| board.border(*at, *s).is_some())
        })
        .map(|(unit, _)| Action::Paratroopers { unit })
        .collect()
}

/// 15.9 [AMB, the spec's reading]: the marker is placed on the unit's hex and the Axis unit
/// is treated as Shattered: to the Shattered box, back free and Disorganized in the next Axis
/// Reorganization phase (7.7).
pub(crate) fn perform_paratroopers(
    board: &Board,
    st: &mut State,
    unit: usize,
    events: &mut Vec<Event>,
) {
    let Loc::Map(at) = st.units[unit].loc else {
        return;
    };
    st.paratroopers = Paratroopers::Map(at);
    let name = unit_name(board, st, unit);
    st.units[unit].loc = Loc::Shattered;
    st.units[unit].unsupplied = false;
    tidy_support(st);
    super::helpers::refresh_finland(board, st);
    log(
        events,
        EventKind::Eliminated.located(vec![at]),
        "15.9",
        format!("Paratroopers in {}: {name} is shattered", board.name(at)),
    );
}

/// 15.9: in the Axis marker-removal phase the marker leaves the map and returns as a
/// reinforcement 4 turns later.
pub(crate) fn paratroopers_removal(st: &mut State, active: Side, events: &mut Vec<Event>) {
    if active == Side::German {
        if let Paratroopers::Map(_) = st.paratroopers {
            let back = st.turn.saturating_add(PARATROOPERS_RETURN_TURNS);
            st.paratroopers = Paratroopers::Track(back);
            log(
                events,
                EventKind::Phase,
                "15.9",
                format!("The Paratroopers marker is removed; it returns on turn {back}"),
            );
        }
    }
}

/// 9.1.2: the places of `side`'s Rail Movement box taken: its units, and the Paratroopers
/// marker while it waits there (15.9 [INF]).
pub(crate) fn rail_used(board: &Board, st: &State, side: Side) -> usize {
    let units = st
        .units
        .iter()
        .enumerate()
        .filter(|(u, s)| s.loc == Loc::Rail && data(board, *u).side == side)
        .count();
    units + usize::from(side == Side::Soviet && st.paratroopers == Paratroopers::Rail)
}
