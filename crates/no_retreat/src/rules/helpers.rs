//! Shared pieces of the state machine: legal-action dispatch, card payments, units and their
//! faces, entering spaces (control and the conditional events, 12.7.1, 13.5), eliminations
//! (10.7.1) and stacking (8.4.3).

use super::{combat_phase, end_phases, log, move_phase, reorg_phase, Action, Event, EventKind};
use crate::board::Board;
use crate::data::{AreaKind, Face, Nation, Region, UnitData};
use crate::deck::{cards_to_draw, DrawSituation};
use crate::losses::{overstacked, stacking_limit};
use crate::state::*;
use crate::turn::elimination_box;
use eastfront_kernel::{Side, SpaceId};

pub(crate) fn data(board: &Board, unit: usize) -> &UnitData {
    &board.data.units.units[unit]
}

pub(crate) fn face<'a>(board: &'a Board, st: &State, unit: usize) -> &'a Face {
    data(board, unit).face(st.units[unit].reduced)
}

pub(crate) fn unit_name(board: &Board, st: &State, unit: usize) -> String {
    face(board, st, unit).name.clone()
}

pub(crate) fn strength(board: &Board, st: &State, unit: usize) -> u8 {
    face(board, st, unit).strength.unwrap_or(0)
}

/// The units at a space, in unit order.
pub fn units_at(st: &State, at: SpaceId) -> Vec<usize> {
    st.on_map()
        .filter(|(_, s)| *s == at)
        .map(|(i, _)| i)
        .collect()
}

/// The hex a unit is on, for an event's places (none when off the map).
pub(crate) fn hex_of(st: &State, unit: usize) -> Vec<SpaceId> {
    match st.units[unit].loc {
        Loc::Map(s) => vec![s],
        _ => vec![],
    }
}

/// Every way to pick `n` cards from a hand (payments, 5.4), each in hand order.
pub fn card_combos(hand: &[u8], n: usize) -> Vec<Vec<u8>> {
    let mut sorted: Vec<u8> = hand.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    let mut out = Vec::new();
    let mut pick = Vec::new();
    fn go(cards: &[u8], n: usize, start: usize, pick: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        if pick.len() == n {
            out.push(pick.clone());
            return;
        }
        for i in start..cards.len() {
            pick.push(cards[i]);
            go(cards, n, i + 1, pick, out);
            pick.pop();
        }
    }
    go(&sorted, n, 0, &mut pick, &mut out);
    out
}

/// Spends cards: out of the hand, face up on the discard pile (5.0, 5.4). The Joker (15.7)
/// is not discarded: it is flipped and handed to the opponent.
pub(crate) fn pay(st: &mut State, side: Side, cards: &[u8]) {
    for c in cards {
        let hand = st.hand_mut(side);
        if let Some(i) = hand.iter().position(|x| x == c) {
            hand.remove(i);
            if st.joker_card == Some(*c) {
                st.hand_mut(side.other()).push(*c);
                st.joker = Some(side.other());
            } else {
                st.deck.discard(*c);
            }
        }
    }
}

/// 5.2, 13.5, spec §7.9: this Card phase's draw.
pub(crate) fn draw_count(board: &Board, st: &State, side: Side) -> u8 {
    let held = |name: &str, by: Side| {
        board
            .place(name)
            .is_some_and(|id| st.control[id.index()] == Some(by))
    };
    let s = DrawSituation {
        axis_holds_moscow: held("Moscow", Side::German),
        axis_holds_caucasus_oil: held("Caucasus oil fields", Side::German),
        soviets_hold_romanian_oil: held("Romanian oil fields", Side::Soviet),
        removed_unit_gone_or_unsupplied: st.axis_card_penalty,
        no_surrender_penalty: st.no_surrender_penalty[side_index(side)],
    };
    cards_to_draw(&board.data.track, side, st.turn, &s)
}

/// A unit of `side` enters or passes through a space: VP hexes become its side's (12.7.1),
/// the first Soviet control of the Romanian oil and of Warsaw, and the Soviet crossing into
/// Greater Germany or Romania, are noted for next turn's events (13.5); Finland's control is
/// refreshed (12.7.2).
pub(crate) fn enter(
    board: &Board,
    st: &mut State,
    side: Side,
    at: SpaceId,
    events: &mut Vec<Event>,
) {
    if let Some(h) = board.hex(at) {
        if h.is_vp() && st.control[at.index()] != Some(side) {
            st.control[at.index()] = Some(side);
            st.scratch.captured.push(at);
            log(
                events,
                EventKind::Control.located(vec![at]),
                "12.7.1",
                format!("{} takes {}", crate::table::side_word(side), board.name(at)),
            );
        }
        if side == Side::Soviet {
            let t = st.turn;
            if h.oil.as_deref() == Some("Romanian oil fields") && st.triggers.ploesti.is_none() {
                st.triggers.ploesti = Some(t);
            }
            if h.city.as_deref() == Some("Warsaw") && st.triggers.warsaw.is_none() {
                st.triggers.warsaw = Some(t);
            }
            if h.region != Region::Ussr && st.triggers.greater_germany.is_none() {
                st.triggers.greater_germany = Some(t);
            }
        }
    }
    refresh_finland(board, st);
}

/// 12.7.2: Finland is controlled by a side with a unit in it that is neither a cadre nor an
/// Axis-allied minor unit (the Finns included), and no enemy unit there.
pub(crate) fn refresh_finland(board: &Board, st: &mut State) {
    let Some(fin) = board
        .data
        .map
        .areas
        .iter()
        .position(|a| a.kind == AreaKind::Finland)
        .map(|i| SpaceId((board.n_hexes + i) as u16))
    else {
        return;
    };
    let sides: Vec<Side> = units_at(st, fin)
        .into_iter()
        .filter(|u| {
            let d = data(board, *u);
            !d.cadre && matches!(d.nation, Nation::German | Nation::Soviet)
        })
        .map(|u| data(board, u).side)
        .collect();
    let holder = match (sides.contains(&Side::German), sides.contains(&Side::Soviet)) {
        (true, false) => Some(Side::German),
        (false, true) => Some(Side::Soviet),
        _ => None,
    };
    st.control[fin.index()] = holder;
}

/// 10.7.1, 11.1 and the counters' backs: the unit leaves the map for its box; a surrender
/// scores 1 VP for the other side (12.7.5) unless the unit never surrenders (14.2, 14.9.3).
pub(crate) fn eliminate(board: &Board, st: &mut State, unit: usize, events: &mut Vec<Event>) {
    let dest = elimination_box(board, st, unit);
    let was_at = hex_of(st, unit);
    let d = data(board, unit);
    if dest == Loc::Surrendered {
        st.vp.surrender(d.side, board.data.track.round_marker_cap);
    }
    if st.strategic_reserve == Some(unit) {
        st.strategic_reserve = None;
    }
    st.units[unit].loc = dest;
    st.units[unit].unsupplied = false;
    st.units[unit].disorganized = false;
    log(
        events,
        EventKind::Eliminated.located(was_at),
        "10.7.1",
        format!("{} is eliminated ({dest:?})", d.front.name),
    );
    refresh_finland(board, st);
    // 12.5: the Soviets eliminate the Berlin Garrison: Hitler is dead, the Soviets win.
    if d.id == "ge_berlin" {
        let o = eastfront_kernel::Outcome {
            winner: Some(Side::Soviet),
            reason: "12.5: the Berlin Garrison is eliminated: Hitler is killed".into(),
        };
        log(events, EventKind::Victory, "12.5", o.reason.clone());
        st.outcome = Some(o);
        st.phase = Phase::Over;
    }
}

/// A step loss (10.7.1, 14.1, 7.3): reduce, fortified → regional, or eliminate. Returns
/// whether the unit was eliminated.
pub(crate) fn lose_step(
    board: &Board,
    st: &mut State,
    unit: usize,
    events: &mut Vec<Event>,
) -> bool {
    use crate::losses::{soviet_two_steps, step_loss, StepLoss};
    let two = soviet_two_steps(&board.data.track, st.turn);
    match step_loss(data(board, unit), st.units[unit].reduced, two) {
        StepLoss::Reduce | StepLoss::ToRegional => {
            st.units[unit].reduced = true;
            log(
                events,
                EventKind::StepLost.located(hex_of(st, unit)),
                "10.7.1",
                format!("{} loses a step", unit_name(board, st, unit)),
            );
            false
        }
        StepLoss::Eliminate => {
            eliminate(board, st, unit, events);
            true
        }
    }
}

/// 8.4.3: every hex over its owner's limit becomes a decision for its owner.
pub(crate) fn check_stacking(board: &Board, st: &mut State) {
    let mut hexes: Vec<(SpaceId, Side)> = Vec::new();
    for (u, at) in st.on_map().collect::<Vec<_>>() {
        let side = data(board, u).side;
        if !hexes.contains(&(at, side)) {
            hexes.push((at, side));
        }
    }
    for (at, side) in hexes {
        let here: Vec<&UnitData> = units_at(st, at)
            .into_iter()
            .map(|u| data(board, u))
            .filter(|d| d.side == side)
            .collect();
        let limit = stacking_limit(&board.data.track, side, st.turn);
        let pending = Pending::Overstack { side, at };
        if overstacked(&here, limit) > 0 && !st.pending.contains(&pending) {
            st.pending.push(pending);
        }
    }
}

/// Whether `side` could add one more unit to `at` within its stacking limit (8.4.1).
pub(crate) fn room(board: &Board, st: &State, side: Side, at: SpaceId) -> bool {
    // `overstacked` of the side's units there against one less than the limit, counted
    // without collecting them (speed).
    let here = st
        .on_map()
        .filter(|(u, s)| {
            *s == at && {
                let d = data(board, *u);
                d.side == side && crate::losses::counts_for_stacking(d)
            }
        })
        .count();
    let limit = stacking_limit(&board.data.track, side, st.turn);
    here <= limit.saturating_sub(1)
}

/// `room` for every space at once: the units of one side counted per space (8.4.1, 8.4.2),
/// for the legal-action lists that ask about many spaces.
pub(crate) struct Room {
    counts: Vec<u16>,
    limit: usize,
}

impl Room {
    pub(crate) fn new(board: &Board, st: &State, side: Side) -> Room {
        let mut counts = vec![0u16; board.topo.len()];
        for (u, at) in st.on_map() {
            let d = data(board, u);
            if d.side == side && crate::losses::counts_for_stacking(d) {
                counts[at.index()] += 1;
            }
        }
        Room {
            counts,
            limit: stacking_limit(&board.data.track, side, st.turn),
        }
    }
    /// The same answer as [`room`].
    pub(crate) fn ok(&self, at: SpaceId) -> bool {
        usize::from(self.counts[at.index()]) <= self.limit.saturating_sub(1)
    }
}

/// Every legal action of the deciding side.
pub(crate) fn legal(board: &Board, st: &State, side: Side) -> Vec<Action> {
    if let Some(p) = st.pending.first() {
        return match p {
            Pending::Discard { .. } => {
                // 15.7: the Joker is always in the hand; it is never discarded.
                let mut h: Vec<u8> = st
                    .hand(side)
                    .iter()
                    .copied()
                    .filter(|c| Some(*c) != st.joker_card)
                    .collect();
                h.sort_unstable();
                h.dedup();
                h.into_iter().map(|card| Action::Discard { card }).collect()
            }
            Pending::Cancel { .. } => {
                let w = super::events::Window::Cancel;
                let mut v: Vec<Action> = super::events::playable(board, st, side, w, None)
                    .into_iter()
                    .map(|card| Action::PlayEvent { card })
                    .collect();
                v.push(Action::Pass);
                v
            }
            Pending::Window { .. } => {
                let w = super::events::Window::EnemyMovement;
                let mut v = super::event_targets::targeted_legal(board, st, side, w, None);
                v.push(Action::Pass);
                v
            }
            Pending::Overstack { at, .. } => units_at(st, *at)
                .into_iter()
                .filter(|u| data(board, *u).side == side)
                .map(|unit| Action::Unstack { unit })
                .collect(),
        };
    }
    // 15.1, 15.2: a split's units are placed before anything else; 15.3.1: the support step.
    if !st.scratch.split_place.is_empty() {
        return super::optional::split_place_legal(board, st);
    }
    if st.scratch.support_step {
        return super::optional::support_legal(board, st, side);
    }
    let mut any_time: Vec<Action> = Vec::new();
    if let Phase::Player { side: owner, step } = st.phase {
        let own = owner == side
            && matches!(
                step,
                Step::Card | Step::Reorganization | Step::Movement | Step::RailUnloading
            );
        if own {
            any_time =
                super::events::playable(board, st, side, super::events::Window::AnyTime, None)
                    .into_iter()
                    .map(|card| Action::PlayEvent { card })
                    .collect();
            any_time.extend(
                super::events::human_reserves(board, st, side)
                    .into_iter()
                    .map(|(card, units)| Action::PlayEventFor { card, units }),
            );
            // 7.0: events played in the owner's Reorganization phase (Major Offensive).
            if step == Step::Reorganization {
                any_time.extend(
                    super::events::playable(
                        board,
                        st,
                        side,
                        super::events::Window::Reorganization,
                        None,
                    )
                    .into_iter()
                    .map(|card| Action::PlayEvent { card }),
                );
            }
            any_time.extend(
                super::events::transferred_units(board, st, side)
                    .into_iter()
                    .map(|(card, units)| Action::PlayEventFor { card, units }),
            );
        }
    }
    let mut out = legal_in_phase(board, st, side);
    if !out.is_empty() {
        out.extend(any_time);
    }
    out
}

fn legal_in_phase(board: &Board, st: &State, side: Side) -> Vec<Action> {
    match st.phase {
        Phase::Player {
            step: Step::Reorganization,
            ..
        } => {
            let mut v = reorg_phase::legal(board, st, side);
            v.extend(super::optional::split_legal(board, st, side));
            v
        }
        Phase::Player {
            step: Step::Movement,
            ..
        } => move_phase::legal(board, st, side),
        Phase::Player {
            step: Step::Combat, ..
        } => combat_phase::legal(board, st, side),
        Phase::Player {
            step: Step::RailUnloading,
            ..
        } => {
            let mut v = end_phases::legal(board, st, side);
            v.extend(super::optional::paratroopers_legal(board, st, side));
            v
        }
        Phase::Player {
            step: Step::Card, ..
        } => {
            let mut v: Vec<Action> =
                super::events::playable(board, st, side, super::events::Window::CardPhase, None)
                    .into_iter()
                    .map(|card| Action::PlayEvent { card })
                    .collect();
            v.push(Action::End);
            v
        }
        _ => vec![],
    }
}

/// Carries out a legal action. A Soviet event the Axis may cancel (Inexperienced Soviet
/// Officers) waits for the Axis decision first.
pub(crate) fn perform(
    board: &Board,
    st: &mut State,
    side: Side,
    a: &Action,
    events: &mut Vec<Event>,
) {
    match (st.pending.first(), a) {
        (Some(Pending::Cancel { .. }), Action::PlayEvent { card }) => {
            super::event_targets::cancel(board, st, *card, events);
            return;
        }
        (Some(Pending::Cancel { .. }), Action::Pass) => {
            st.pending.remove(0);
            if let Some((s, held)) = st.cancel_play.take() {
                perform_now(board, st, s, &held, events);
            }
            return;
        }
        (Some(Pending::Window { .. }), Action::Pass) => {
            st.pending.remove(0);
            return;
        }
        (Some(Pending::Window { .. }), Action::PlayEventOn { .. }) => {
            st.pending.remove(0);
        }
        _ => {}
    }
    if super::event_targets::may_cancel(board, st, side, a) {
        if let Action::PlayEvent { card }
        | Action::PlayEventFor { card, .. }
        | Action::PlayEventOn { card, .. } = a
        {
            log(
                events,
                EventKind::Cards,
                "5.3",
                format!(
                    "The {} play card {card}; the Axis may cancel it",
                    crate::table::side_word(side)
                ),
            );
        }
        st.cancel_play = Some((side, a.clone()));
        st.pending.insert(0, Pending::Cancel { side: Side::German });
        return;
    }
    perform_now(board, st, side, a, events);
}

fn perform_now(board: &Board, st: &mut State, side: Side, a: &Action, events: &mut Vec<Event>) {
    match a {
        Action::Discard { card } => {
            pay(st, side, &[*card]);
            log(
                events,
                EventKind::Cards,
                "5.1",
                format!("{} discards card {card}", crate::table::side_word(side)),
            );
            if let Some(Pending::Discard { count, .. }) = st.pending.first_mut() {
                *count = count.saturating_sub(1);
                if *count == 0 || st.hand(side).is_empty() {
                    st.pending.remove(0);
                }
            }
        }
        Action::Unstack { unit } => {
            let to = if st.units[*unit].unsupplied {
                Loc::Destroyed
            } else {
                Loc::Shattered
            };
            let was_at = hex_of(st, *unit);
            st.units[*unit].loc = to;
            log(
                events,
                EventKind::Eliminated.located(was_at),
                "8.4.3",
                format!(
                    "{} leaves the over-stacked hex ({to:?})",
                    unit_name(board, st, *unit)
                ),
            );
            st.pending.remove(0);
            check_stacking(board, st);
        }
        Action::End if st.scratch.support_step => super::end_movement_phase(st, side),
        Action::End => super::end_step(board, st, events),
        Action::Place { unit, at } if !st.scratch.split_place.is_empty() => {
            super::optional::perform_split_place(board, st, *unit, *at, events)
        }
        Action::Split { unit } => super::optional::perform_split(board, st, *unit, events),
        Action::LocalSupport { unit } => {
            super::optional::perform_support(board, st, *unit, events);
            super::end_movement_phase(st, side);
        }
        Action::PlayEventOn { card, units, hexes }
            if st
                .scratch
                .combat
                .as_ref()
                .is_none_or(|c| c.battle.is_none()) =>
        {
            super::event_targets::play_targeted(board, st, side, *card, units, hexes, None, events)
        }
        Action::Paratroopers { unit } => {
            super::optional::perform_paratroopers(board, st, *unit, events)
        }
        Action::PlayEventFor { card, units } => match units.as_slice() {
            [unit] if super::events::is_transferred_units(board, st, side, *card) => {
                super::events::play_transferred_units(board, st, side, *card, *unit, events)
            }
            _ => super::events::play_human_reserves(st, side, *card, units, events),
        },
        Action::PlayEvent { card }
            if matches!(
                st.phase,
                Phase::Player {
                    step: Step::Card | Step::Reorganization | Step::Movement | Step::RailUnloading,
                    ..
                }
            ) =>
        {
            super::events::play(board, st, side, *card, None, events)
        }
        Action::Recover { .. }
        | Action::Upgrade { .. }
        | Action::Fortify { .. }
        | Action::Regionalize { .. }
        | Action::Place { .. }
        | Action::Replace { .. }
        | Action::ReturnSs
        | Action::Reorganize { .. } => reorg_phase::perform(board, st, side, a, events),
        Action::Move { .. } | Action::Embark { .. } | Action::ReleaseReserve { .. } => {
            move_phase::perform(board, st, side, a, events)
        }
        Action::Unload { .. } | Action::AssignReserve { .. } => {
            end_phases::perform(board, st, side, a, events)
        }
        _ => combat_phase::perform(board, st, side, a, events),
    }
}
