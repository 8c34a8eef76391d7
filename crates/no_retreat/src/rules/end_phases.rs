//! The Marker and Unit Removal phase (11.0–11.3) and the Rail Unloading phase (9.2, 14.12.1).

use super::helpers::{check_stacking, data, eliminate, enter, refresh_finland, unit_name};
use super::{log, Action, Event, EventKind};
use crate::board::Board;
use crate::data::Nation;
use crate::reorg::unload_spaces;
use crate::state::*;
use crate::supply::{resupply_or_surrender, Supply};
use crate::turn::position;
use eastfront_kernel::Side;

/// 11.1–11.3 and 8.4.3, automatic: units still Unsupplied re-trace supply (the active side's
/// first); those that fail are eliminated (to the Surrendered box, or as their counter says);
/// the active side's Disorganized markers come off (11.2, 7.10); the Romanians leave once a
/// Soviet unit holds the Romanian oil fields (11.3).
pub(crate) fn removal(board: &Board, st: &mut State, active: Side, events: &mut Vec<Event>) {
    let mut pos = position(board, st);
    for (i, ok) in resupply_or_surrender(board, &mut pos, active) {
        let u = pos.pieces[i].unit;
        if ok {
            st.units[u].unsupplied = false;
            log(
                events,
                EventKind::Supply.located(super::helpers::hex_of(st, u)),
                "11.1",
                format!("{} is supplied again", unit_name(board, st, u)),
            );
        } else {
            log(
                events,
                EventKind::Supply.located(super::helpers::hex_of(st, u)),
                "11.1",
                format!("{} surrenders for lack of supply", unit_name(board, st, u)),
            );
            eliminate(board, st, u, events);
        }
    }
    for (u, _) in st.on_map().collect::<Vec<_>>() {
        if data(board, u).side == active {
            st.units[u].disorganized = false;
        }
    }
    let ploesti_held = board.place("Romanian oil fields").is_some_and(|p| {
        st.on_map()
            .any(|(u, at)| at == p && data(board, u).side == Side::Soviet)
    });
    if ploesti_held {
        for u in 0..st.units.len() {
            if data(board, u).nation == Nation::Romanian && st.units[u].loc != Loc::OutOfGame {
                st.units[u].loc = Loc::OutOfGame;
                log(
                    events,
                    EventKind::Eliminated,
                    "11.3",
                    format!("{} leaves: Romania surrenders", data(board, u).front.name),
                );
            }
        }
    }
    super::optional::paratroopers_removal(st, active, events);
    refresh_finland(board, st);
    check_stacking(board, st);
}

pub(crate) fn legal(board: &Board, st: &State, side: Side) -> Vec<Action> {
    let pos = position(board, st);
    let supply = Supply::new(board, &pos);
    let spaces = unload_spaces(board, &supply, side, &st.scratch.captured);
    let mut out = Vec::new();
    let in_box: Vec<usize> = (0..st.units.len())
        .filter(|u| st.units[*u].loc == Loc::Rail && data(board, *u).side == side)
        .collect();
    let rooms = super::helpers::Room::new(board, st, side);
    for &u in &in_box {
        for &at in &spaces {
            if rooms.ok(at) {
                out.push(Action::Unload { unit: u, at });
            }
        }
    }
    // 14.12.1: from turn 4 the Soviet may put (or move) the Strategic Reserve marker.
    if side == Side::Soviet && st.turn >= 4 && !st.scratch.reserve_set {
        for &u in &in_box {
            if st.strategic_reserve != Some(u) {
                out.push(Action::AssignReserve { unit: Some(u) });
            }
        }
        if st.strategic_reserve.is_some() {
            out.push(Action::AssignReserve { unit: None });
        }
    }
    out.push(Action::End);
    out
}

pub(crate) fn perform(
    board: &Board,
    st: &mut State,
    side: Side,
    a: &Action,
    events: &mut Vec<Event>,
) {
    match a {
        Action::Unload { unit, at } => {
            if st.strategic_reserve == Some(*unit) {
                st.strategic_reserve = None;
            }
            st.units[*unit].loc = Loc::Map(*at);
            enter(board, st, side, *at, events);
            log(
                events,
                EventKind::Moved.located(vec![*at]),
                "9.2",
                format!(
                    "{} unloads in {}",
                    unit_name(board, st, *unit),
                    board.name(*at)
                ),
            );
        }
        Action::AssignReserve { unit } => {
            st.strategic_reserve = *unit;
            st.scratch.reserve_set = true;
            let what = unit
                .map(|u| unit_name(board, st, u))
                .unwrap_or_else(|| "no unit".into());
            log(
                events,
                EventKind::Moved,
                "14.12.1",
                format!("Strategic Reserve: {what}"),
            );
        }
        _ => {}
    }
}
