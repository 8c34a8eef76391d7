//! The Reorganization phase (7.0): A. flips (7.1, 7.2, 7.5), B. placements (7.6–7.9, 13.5,
//! 14.9.4), C. reorganization (7.10, 15.5).

use super::arrivals::Arrivals;
use super::helpers::{card_combos, data, enter, pay, unit_name, units_at};
use super::{log, Action, Event, EventKind};
use crate::board::Board;
use crate::data::{Steps, TurnEvent};
use crate::reorg::{
    fortify_cost, placement_spaces, recovery_cost, replacement_cost, replacement_reduced,
    upgrade_cost, Placing,
};
use crate::state::*;
use crate::supply::Supply;
use crate::turn::{elimination_box, position};
use eastfront_kernel::{Side, SpaceId};

fn own_on_map(board: &Board, st: &State, side: Side) -> Vec<(usize, SpaceId)> {
    st.on_map()
        .filter(|(u, _)| data(board, *u).side == side)
        .collect()
}

fn paid(
    unit: usize,
    hand: &[u8],
    cost: u8,
    make: impl Fn(usize, Vec<u8>) -> Action,
) -> Vec<Action> {
    card_combos(hand, usize::from(cost))
        .into_iter()
        .map(|cards| make(unit, cards))
        .collect()
}

/// The units the owner still must place (7.7: shattered units; 7.8: reinforcements), when
/// they have somewhere to go.
pub(super) fn placements_owed(board: &Board, st: &State, supply: &Supply, side: Side) -> bool {
    let arrivals = Arrivals::new(board, st, supply);
    st.units.iter().enumerate().any(|(u, s)| {
        data(board, u).side == side
            && matches!(s.loc, Loc::Arriving | Loc::Shattered)
            && !arrivals.spaces(u).is_empty()
    })
}

/// 7.0 A: the flips offered for one of the side's units on the map at `at` (7.1, 7.2, 7.5).
pub(super) fn flips(
    board: &Board,
    st: &State,
    supply: &Supply,
    hand: &[u8],
    u: usize,
    at: SpaceId,
) -> Vec<Action> {
    let track = &board.data.track;
    let side = data(board, u).side;
    let mut out = Vec::new();
    let d = data(board, u);
    let us = st.units[u];
    // 7.0 A, 6.5.1: a land line and no Unsupplied marker to recover or train.
    let land = !us.unsupplied && supply.has_land_line(side, at);
    if land && d.steps != Steps::RegionalFortified {
        if let Some(c) = recovery_cost(track, d, us.reduced, st.turn) {
            out.extend(paid(u, hand, c, |unit, cards| Action::Recover {
                unit,
                cards,
            }));
        }
    }
    if land && d.steps == Steps::SovietFront && us.reduced {
        if st.scratch.free_upgrades_left > 0 {
            out.push(Action::Upgrade {
                unit: u,
                cards: vec![],
            });
        }
        if let Some(c) = upgrade_cost(track, d, us.reduced, st.turn) {
            out.extend(paid(u, hand, c, |unit, cards| Action::Upgrade {
                unit,
                cards,
            }));
        }
    }
    // 14.8: the Yugoslav armies take their fortified face only in the Balkans.
    let balkans = board
        .area(at)
        .is_some_and(|a| a.kind != crate::data::AreaKind::Finland);
    let may_fortify = d.nation != crate::data::Nation::Yugoslav || balkans;
    if let Some(c) = fortify_cost(track, d, us.reduced, st.turn).filter(|_| may_fortify) {
        out.extend(paid(u, hand, c, |unit, cards| Action::Fortify {
            unit,
            cards,
        }));
    }
    if d.steps == Steps::RegionalFortified && !us.reduced && d.side == Side::Soviet {
        out.push(Action::Regionalize { unit: u });
    }
    out
}

pub(crate) fn legal(board: &Board, st: &State, side: Side) -> Vec<Action> {
    let track = &board.data.track;
    let pos = position(board, st);
    let supply = Supply::new(board, &pos);
    let hand = st.hand(side).clone();
    let mut out = Vec::new();
    match st.scratch.reorg {
        Some(ReorgStep::Flip) => {
            for (u, at) in own_on_map(board, st, side) {
                out.extend(flips(board, st, &supply, &hand, u, at));
            }
            out.push(Action::End);
        }
        Some(ReorgStep::Place) => {
            let arrivals = Arrivals::new(board, st, &supply);
            // `placements_owed`, from the same lists.
            let mut owed = false;
            for (u, s) in st.units.iter().enumerate() {
                let d = data(board, u);
                if d.side != side {
                    continue;
                }
                match s.loc {
                    Loc::Arriving | Loc::Shattered => {
                        let spaces = arrivals.spaces(u);
                        owed |= !spaces.is_empty();
                        out.extend(spaces.into_iter().map(|at| Action::Place { unit: u, at }));
                    }
                    Loc::Destroyed | Loc::Surrendered => {
                        if let Some(c) = replacement_cost(track, d, s.loc, st.turn) {
                            out.extend(paid(u, &hand, c, |unit, cards| Action::Replace {
                                unit,
                                cards,
                            }));
                        }
                    }
                    Loc::OutOfGame if ss_may_return(board, st, u) => out.push(Action::ReturnSs),
                    _ => {}
                }
            }
            if !owed {
                out.push(Action::End);
            }
        }
        Some(ReorgStep::Reorganize) => {
            let dis: Vec<usize> = own_on_map(board, st, side)
                .into_iter()
                .filter(|(u, _)| st.units[*u].disorganized)
                .map(|(u, _)| u)
                .collect();
            let mut cards = hand.clone();
            cards.sort_unstable();
            cards.dedup();
            for &c in &cards {
                for &u in &dis {
                    out.push(Action::Reorganize {
                        units: vec![u],
                        card: c,
                    });
                }
                // 15.5: a card with the current initiative symbol on one's own half removes two.
                if st.options.quick_reorganization
                    && initiative_card(board, c, side, st.vp.initiative)
                {
                    for (i, &a) in dis.iter().enumerate() {
                        for &b in &dis[i + 1..] {
                            out.push(Action::Reorganize {
                                units: vec![a, b],
                                card: c,
                            });
                        }
                    }
                }
            }
            out.push(Action::End);
        }
        None => {}
    }
    out
}

fn initiative_card(board: &Board, card: u8, side: Side, initiative: Side) -> bool {
    board.data.cards.cards.iter().any(|c| {
        c.number == card
            && match side {
                Side::German => c.axis.as_ref(),
                Side::Soviet => c.soviet.as_ref(),
            }
            .is_some_and(|h| h.initiative == Some(initiative))
    })
}

/// 13.5 turn 23: the SS Panzer Army, withdrawn on turn 18, may return on a 1945 turn.
fn ss_may_return(board: &Board, st: &State, unit: usize) -> bool {
    let d = data(board, unit);
    let by = |e: &TurnEvent| {
        board
            .data
            .track
            .turns
            .iter()
            .filter(|t| t.turn <= st.turn)
            .any(|t| t.events.contains(e))
    };
    d.ss && d.front.kind.is_armor() && by(&TurnEvent::SsReturn)
}

pub(crate) fn perform(
    board: &Board,
    st: &mut State,
    side: Side,
    a: &Action,
    events: &mut Vec<Event>,
) {
    let track = &board.data.track;
    match a {
        Action::Recover { unit, cards } | Action::Fortify { unit, cards } => {
            pay(st, side, cards);
            st.units[*unit].reduced = false;
            let rule = if matches!(a, Action::Recover { .. }) {
                "7.1"
            } else {
                "7.5"
            };
            log(
                events,
                EventKind::Reorganized,
                rule,
                format!(
                    "{} is flipped to full strength",
                    unit_name(board, st, *unit)
                ),
            );
        }
        Action::Upgrade { unit, cards } => {
            if cards.is_empty() {
                st.scratch.free_upgrades_left = st.scratch.free_upgrades_left.saturating_sub(1);
            } else {
                pay(st, side, cards);
            }
            st.units[*unit].reduced = false;
            log(
                events,
                EventKind::Reorganized,
                "7.2",
                format!("{} is upgraded", unit_name(board, st, *unit)),
            );
        }
        Action::Regionalize { unit } => {
            st.units[*unit].reduced = true;
            log(
                events,
                EventKind::Reorganized,
                "7.5",
                format!("{} becomes regional", unit_name(board, st, *unit)),
            );
        }
        Action::Replace { unit, cards } => {
            pay(st, side, cards);
            let was = st.units[*unit].reduced;
            st.units[*unit].reduced = replacement_reduced(track, data(board, *unit), was, st.turn);
            st.units[*unit].loc = Loc::Arriving;
            st.scratch.replaced.push(*unit);
            log(
                events,
                EventKind::Reorganized,
                "7.9",
                format!("{} is replaced", unit_name(board, st, *unit)),
            );
        }
        Action::ReturnSs => {
            if let Some(u) = (0..st.units.len())
                .find(|u| ss_may_return(board, st, *u) && st.units[*u].loc == Loc::OutOfGame)
            {
                st.vp.add_event_vp(Side::Soviet, 1, track.round_marker_cap);
                st.units[u].loc = Loc::Arriving;
                st.units[u].reduced = false;
                log(
                    events,
                    EventKind::Reorganized,
                    "13.5",
                    "The SS Panzer Army returns for 1 VP".into(),
                );
            }
        }
        Action::Place { unit, at } => {
            let u = *unit;
            let shattered = st.units[u].loc == Loc::Shattered;
            let replaced = st.scratch.replaced.contains(&u);
            // 14.9.4: a replacement placed with a cadre sends the cadre to the Turn Track.
            if replaced {
                let cadres: Vec<usize> = units_at(st, *at)
                    .into_iter()
                    .filter(|c| data(board, *c).cadre && data(board, *c).side == side)
                    .collect();
                let in_place = placement_spaces(
                    board,
                    &Supply::new(board, &position(board, st)),
                    side,
                    Placing::Replacement,
                );
                if !in_place.contains(at) {
                    if let Some(c) = cadres.first() {
                        st.units[*c].loc = elimination_box(board, st, *c);
                    }
                }
                st.scratch.replaced.retain(|x| *x != u);
            }
            st.units[u].loc = Loc::Map(*at);
            // 7.7, 7.9: recovered and replaced units are Disorganized.
            st.units[u].disorganized = shattered || replaced;
            enter(board, st, side, *at, events);
            log(
                events,
                EventKind::Reorganized,
                "7.6",
                format!(
                    "{} is placed in {}",
                    unit_name(board, st, u),
                    board.name(*at)
                ),
            );
        }
        Action::Reorganize { units, card } => {
            pay(st, side, &[*card]);
            for u in units {
                st.units[*u].disorganized = false;
            }
            log(
                events,
                EventKind::Reorganized,
                "7.10",
                format!("{} Disorganized marker(s) removed", units.len()),
            );
        }
        _ => {}
    }
}
