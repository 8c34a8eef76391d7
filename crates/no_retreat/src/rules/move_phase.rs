//! The Movement phase (8.0–8.7, 9.1, 14.12.2).

use super::helpers::{card_combos, data, enter, face, pay, unit_name};
use super::move_lists::with_reach;
use super::{log, Action, Event, EventKind};
use crate::board::Board;
use crate::data::Nation;
use crate::movement::{Access, Mover};
use crate::reorg::{embark_cost, unload_spaces, Embark};
use crate::state::*;
use crate::supply::Supply;
use crate::turn::position;
use crate::weather::movement_cap;
use eastfront_kernel::{Side, SpaceId};

/// 8.7, 13.5: the Balkans open the turn after the Soviets take the Romanian oil.
pub(crate) fn access(st: &State) -> Access {
    Access {
        balkans_open: st.triggers.ploesti.is_some_and(|t| t < st.turn),
    }
}

pub(crate) fn mover(board: &Board, st: &State, unit: usize) -> Option<Mover> {
    let Loc::Map(at) = st.units[unit].loc else {
        return None;
    };
    let d = data(board, unit);
    Some(Mover {
        side: d.side,
        nation: d.nation,
        armor: face(board, st, unit).kind.is_armor(),
        at,
    })
}

/// 8.1, 8.2, 6.5.2: the unit's MP this phase.
pub(crate) fn allowance(board: &Board, st: &State, unit: usize) -> u8 {
    movement_cap(
        face(board, st, unit).movement,
        st.weather,
        st.units[unit].unsupplied,
    )
}

fn reserve_may_unload(st: &State, side: Side) -> bool {
    side == Side::Soviet
        && st.strategic_reserve.is_some()
        && st.scratch.moved.is_empty()
        && st.scratch.embarked == 0
}

pub(crate) fn legal(board: &Board, st: &State, side: Side) -> Vec<Action> {
    let rooms = super::helpers::Room::new(board, st, side);
    let mut out = Vec::with_capacity(LIST_HINT.get());
    // 14.12.2: the Strategic Reserve unloads at the start of the Soviet Movement phase.
    if reserve_may_unload(st, side) {
        let pos = position(board, st);
        let supply = Supply::new(board, &pos);
        for at in unload_spaces(board, &supply, side, &st.scratch.captured) {
            if rooms.ok(at) {
                out.push(Action::ReleaseReserve { at });
            }
        }
    }
    let in_rail = super::optional::rail_used(board, st, side);
    // The ways to pay each price, found once per list.
    let mut combos: Vec<(u8, Vec<Vec<u8>>)> = Vec::new();
    let mut spaces: Vec<SpaceId> = Vec::with_capacity(64);
    let mut prices: [Option<Option<u8>>; 4] = [None; 4];
    with_reach(board, st, side, |reach| {
        for (u, _) in st.on_map().filter(|(u, _)| data(board, *u).side == side) {
            if st.scratch.moved.contains(&u) {
                continue;
            }
            // Ending a move over the stacking limit would only put units in the Shattered
            // box at the end of the phase (8.4.3): such moves are not offered.
            // (Filtered first, so that the actions are written in one sized pass.)
            spaces.clear();
            spaces.extend(
                reach
                    .of(u)
                    .iter()
                    .map(|f| SpaceId(f.0))
                    .filter(|to| rooms.ok(*to)),
            );
            out.extend(spaces.iter().map(|&to| Action::Move { unit: u, to }));
            // The price depends on the unit only through these two (asked once per list).
            let supplied = !st.units[u].unsupplied;
            let mobile =
                face(board, st, u).movement > 0 && data(board, u).nation != Nation::Finnish;
            let k = usize::from(supplied) * 2 + usize::from(mobile);
            let price = *prices[k].get_or_insert_with(|| embark_price(board, st, side, u, in_rail));
            debug_assert_eq!(price, embark_price(board, st, side, u, in_rail));
            if let Some(c) = price {
                let i = match combos.iter().position(|x| x.0 == c) {
                    Some(i) => i,
                    None => {
                        combos.push((c, card_combos(st.hand(side), usize::from(c))));
                        combos.len() - 1
                    }
                };
                for cards in &combos[i].1 {
                    out.push(Action::Embark {
                        unit: u,
                        cards: cards.clone(),
                    });
                }
            }
        }
    });
    out.push(Action::End);
    LIST_HINT.set(out.len());
    out
}

thread_local! {
    /// The last list's length (speed: the next one is allocated once).
    static LIST_HINT: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// 9.1: the cards `side`'s unit `u` (on the map, not yet moved) pays to embark now, if it
/// may; `in_rail`: the units in the side's Rail box.
pub(super) fn embark_price(
    board: &Board,
    st: &State,
    side: Side,
    u: usize,
    in_rail: usize,
) -> Option<u8> {
    let e = Embark {
        side,
        turn: st.turn,
        embarked_this_phase: st.scratch.embarked,
        in_rail_box: in_rail,
        supplied: !st.units[u].unsupplied,
        mobile: face(board, st, u).movement > 0 && data(board, u).nation != Nation::Finnish,
    };
    embark_cost(&board.data.track, &e)
}

/// 8.0–8.5: where `unit` may move now with its allowance, within the stacking limit.
pub(crate) fn destinations(board: &Board, st: &State, side: Side, unit: usize) -> Vec<SpaceId> {
    let rooms = super::helpers::Room::new(board, st, side);
    with_reach(board, st, side, |reach| {
        reach
            .of(unit)
            .iter()
            .map(|f| SpaceId(f.0))
            .filter(|to| rooms.ok(*to))
            .collect()
    })
}

/// When `to` is among `unit`'s [`destinations`]: the cheapest path there (speed: `apply`
/// checks a move and finds its path in one look at the unit's answer).
pub(crate) fn planned_path(
    board: &Board,
    st: &State,
    side: Side,
    unit: usize,
    to: SpaceId,
) -> Option<Vec<SpaceId>> {
    if !super::helpers::room(board, st, side, to) {
        return None;
    }
    with_reach(board, st, side, |reach| reach.path(unit, to))
}

/// A move `apply` has checked ([`planned_path`]), as [`perform`] makes it.
pub(crate) fn perform_planned(
    board: &Board,
    st: &mut State,
    side: Side,
    unit: usize,
    path: Vec<SpaceId>,
    events: &mut Vec<Event>,
) {
    move_along(board, st, side, unit, path, "8.0", events);
    st.scratch.moved.push(unit);
}

/// Moves `unit` to `to` by its cheapest path, entering every space on it (12.7.1).
pub(crate) fn move_unit(
    board: &Board,
    st: &mut State,
    side: Side,
    unit: usize,
    to: SpaceId,
    rule: &str,
    events: &mut Vec<Event>,
) {
    if !matches!(st.units[unit].loc, Loc::Map(_)) {
        return;
    }
    let path =
        with_reach(board, st, side, |reach| reach.path(unit, to)).unwrap_or_else(|| vec![to]);
    move_along(board, st, side, unit, path, rule, events);
}

/// Moves `unit` along `path` (its last space the destination), entering every space on it.
fn move_along(
    board: &Board,
    st: &mut State,
    side: Side,
    unit: usize,
    path: Vec<SpaceId>,
    rule: &str,
    events: &mut Vec<Event>,
) {
    let (Loc::Map(from), Some(&to)) = (st.units[unit].loc, path.last()) else {
        return;
    };
    st.units[unit].loc = Loc::Map(to);
    // The hexes taken on the way are logged after the move that took them.
    let mut taken = Vec::new();
    for s in &path {
        enter(board, st, side, *s, &mut taken);
    }
    log(
        events,
        EventKind::Moved.located(vec![from, to]),
        rule,
        format!("{} moves to {}", unit_name(board, st, unit), board.name(to)),
    );
    events.extend(taken);
}

pub(crate) fn perform(
    board: &Board,
    st: &mut State,
    side: Side,
    a: &Action,
    events: &mut Vec<Event>,
) {
    match a {
        Action::Move { unit, to } => {
            move_unit(board, st, side, *unit, *to, "8.0", events);
            st.scratch.moved.push(*unit);
        }
        Action::Embark { unit, cards } => {
            pay(st, side, cards);
            let was_at = super::helpers::hex_of(st, *unit);
            st.units[*unit].loc = Loc::Rail;
            st.scratch.moved.push(*unit);
            st.scratch.embarked += 1;
            super::helpers::refresh_finland(board, st);
            log(
                events,
                EventKind::Moved.located(was_at),
                "9.1",
                format!("{} embarks on rail", unit_name(board, st, *unit)),
            );
        }
        Action::ReleaseReserve { at } => {
            if let Some(u) = st.strategic_reserve.take() {
                st.units[u].loc = Loc::Map(*at);
                enter(board, st, side, *at, events);
                log(
                    events,
                    EventKind::Moved.located(vec![*at]),
                    "14.12.2",
                    format!(
                        "The Strategic Reserve {} unloads in {}",
                        unit_name(board, st, u),
                        board.name(*at)
                    ),
                );
            }
        }
        _ => {}
    }
}
