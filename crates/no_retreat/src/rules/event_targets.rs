//! Events that name units or hexes (`Action::PlayEventOn`) and the windows the basic sequence
//! has no place for: Erich von Manstein (a unit doubled in an Axis battle, or Counterblow
//! markers in the Soviet Combat phase), Maskirovka (the passive Soviet's card in the Axis
//! Movement phase), Combat Initiative (a move in the Axis Combat phase) and Inexperienced
//! Soviet Officers (cancelling a Soviet event as it is played). Texts: `cards.ron`.

use super::battle::{settle, take_battle};
use super::combat_phase::at;
use super::events::{borrowed, event, fits, in_window, Ev, Window};
use super::helpers::{data, enter, pay, room, unit_name};
use super::{log, Action, Event, EventKind};
use crate::board::Board;
use crate::declare::possible_counterblow;
use crate::declare::{marker_pool, Fighter};
use crate::reorg::unload_spaces;
use crate::state::*;
use crate::supply::Supply;
use crate::turn::position;
use eastfront_kernel::{Side, SpaceId};

/// von Manstein's Counterblow markers are at most this many hexes apart (CZ).
pub const MANSTEIN_MARKER_DISTANCE: u32 = 2;

/// The targeted event of `card` for `side` now (itself, or through Gott Mit Uns).
fn targeted_event(board: &Board, st: &State, side: Side, card: u8) -> Option<Ev> {
    match event(board, st, side, card)? {
        Ev::GottMitUns => borrowed(board, st).map(|(_, e)| e),
        e => Some(e),
    }
    .filter(|e| super::events::targeted(*e))
}

fn fighters(board: &Board, st: &State) -> Vec<Fighter> {
    st.on_map()
        .map(|(u, s)| Fighter {
            at: s,
            side: data(board, u).side,
            white: super::helpers::face(board, st, u).white,
            disorganized: st.units[u].disorganized,
            strength: super::helpers::strength(board, st, u),
        })
        .collect()
}

/// The `PlayEventOn` actions of `side` in window `w` (one card per side per battle window).
pub(crate) fn targeted_legal(
    board: &Board,
    st: &State,
    side: Side,
    w: Window,
    b: Option<&BattleRun>,
) -> Vec<Action> {
    if b.is_some_and(|b| b.played.contains(&(side, w as u8))) {
        return vec![];
    }
    let mut cards = st.hand(side).clone();
    cards.sort_unstable();
    cards.dedup();
    let mut out = Vec::new();
    for card in cards {
        let Some(ev) = targeted_event(board, st, side, card) else {
            continue;
        };
        if !in_window(ev, w) || !fits(board, ev, b) {
            continue;
        }
        let on =
            |units: Vec<usize>, hexes: Vec<SpaceId>| Action::PlayEventOn { card, units, hexes };
        match (ev, w) {
            // von Manstein: one supplied German attacker of this Axis battle.
            (Ev::VonManstein, Window::Commit) => {
                let Some(b) = b else { continue };
                for &u in &b.attackers {
                    let d = data(board, u);
                    let german = d.nation == crate::data::Nation::German;
                    if german && !st.units[u].unsupplied && at(st, u).is_some() {
                        out.push(on(vec![u], vec![]));
                    }
                }
            }
            // von Manstein: one or two Counterblow markers, at most 2 hexes apart, within the
            // marker pool (10.0 [AMB]).
            (Ev::VonManstein, Window::Counterblows) => {
                let Some(c) = &st.scratch.combat else {
                    continue;
                };
                let pool = usize::from(marker_pool(&board.data.track, side, st.turn, st.weather));
                let room_left = pool.saturating_sub(c.counterblows.len());
                let fs = fighters(board, st);
                // 10.1.2: only a hex of the side's own units.
                let hexes: Vec<SpaceId> = crate::declare::spaces_of(&position(board, st), side)
                    .into_iter()
                    .filter(|h| {
                        !c.counterblows.contains(h)
                            && possible_counterblow(board, &fs, side, *h, c.targets.contains(h))
                    })
                    .collect();
                for (i, &h1) in hexes.iter().enumerate() {
                    if room_left >= 1 {
                        out.push(on(vec![], vec![h1]));
                    }
                    if room_left >= 2 {
                        for &h2 in &hexes[i + 1..] {
                            let near = board
                                .topo
                                .hex_distance(h1, h2)
                                .is_some_and(|d| d <= MANSTEIN_MARKER_DISTANCE);
                            if near {
                                out.push(on(vec![], vec![h1, h2]));
                            }
                        }
                    }
                }
            }
            // Maskirovka: a Soviet unit from the Rail box to a space it could unload in (9.2).
            (Ev::Maskirovka, Window::EnemyMovement) => {
                let pos = position(board, st);
                let supply = Supply::new(board, &pos);
                let spaces = unload_spaces(board, &supply, side, &st.scratch.captured);
                for u in 0..st.units.len() {
                    if st.units[u].loc != Loc::Rail || data(board, u).side != side {
                        continue;
                    }
                    for &s in &spaces {
                        if room(board, st, side, s) {
                            out.push(on(vec![u], vec![s]));
                        }
                    }
                }
            }
            // Combat Initiative: an Axis unit that has not fought this phase moves again.
            (Ev::CombatInitiative, Window::CombatPhase) => {
                let fought = st
                    .scratch
                    .combat
                    .as_ref()
                    .map(|c| c.fought.clone())
                    .unwrap_or_default();
                for (u, _) in st.on_map().filter(|(u, _)| data(board, *u).side == side) {
                    if fought.contains(&u) {
                        continue;
                    }
                    for to in super::move_phase::destinations(board, st, side, u) {
                        out.push(on(vec![u], vec![to]));
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// Plays a `PlayEventOn` card: to the discard pile (5.3), executed once this turn (5.0), and
/// its effect on the named units and hexes.
#[allow(clippy::too_many_arguments)]
pub(crate) fn play_targeted(
    board: &Board,
    st: &mut State,
    side: Side,
    card: u8,
    units: &[usize],
    hexes: &[SpaceId],
    b: Option<&mut BattleRun>,
    events: &mut Vec<Event>,
) {
    let Some(ev) = targeted_event(board, st, side, card) else {
        return;
    };
    if event(board, st, side, card) == Some(Ev::GottMitUns) {
        if let Some((top, _)) = borrowed(board, st) {
            st.executed.push((top, Side::German));
        }
    }
    pay(st, side, &[card]);
    st.executed.push((card, side));
    match ev {
        Ev::VonManstein if hexes.is_empty() => {
            if let (Some(b), Some(&u)) = (b, units.first()) {
                b.played.push((side, Window::Commit as u8));
                b.doubled.push(u);
                log(
                    events,
                    EventKind::Cards,
                    "5.3",
                    format!(
                        "Erich von Manstein: {} fights at double strength",
                        unit_name(board, st, u)
                    ),
                );
            }
        }
        Ev::VonManstein => {
            if let Some(c) = st.scratch.combat.as_mut() {
                c.counterblows.extend(hexes.iter().copied());
            }
            for h in hexes {
                log(
                    events,
                    EventKind::Declared.located(vec![*h]),
                    "10.1.2",
                    format!("Erich von Manstein: Counterblow on {}", board.name(*h)),
                );
            }
        }
        Ev::Maskirovka => {
            if let (Some(&u), Some(&to)) = (units.first(), hexes.first()) {
                if st.strategic_reserve == Some(u) {
                    st.strategic_reserve = None;
                }
                st.units[u].loc = Loc::Map(to);
                enter(board, st, side, to, events);
                log(
                    events,
                    EventKind::Moved.located(vec![to]),
                    "5.3",
                    format!(
                        "Maskirovka: {} comes off the Rail box into {}",
                        unit_name(board, st, u),
                        board.name(to)
                    ),
                );
            }
        }
        Ev::CombatInitiative => {
            if let (Some(&u), Some(&to)) = (units.first(), hexes.first()) {
                super::move_phase::move_unit(board, st, side, u, to, "5.3", events);
            }
        }
        _ => {}
    }
}

/// Inexperienced Soviet Officers: whether the Axis may cancel a Soviet event now.
pub(crate) fn may_cancel(board: &Board, st: &State, side: Side, a: &Action) -> bool {
    let card_play = matches!(
        a,
        Action::PlayEvent { .. } | Action::PlayEventFor { .. } | Action::PlayEventOn { .. }
    );
    side == Side::Soviet
        && card_play
        && st.cancel_play.is_none()
        && !super::events::playable(board, st, Side::German, Window::Cancel, None).is_empty()
}

/// The card of an event play.
fn card_of(a: &Action) -> Option<u8> {
    match a {
        Action::PlayEvent { card }
        | Action::PlayEventFor { card, .. }
        | Action::PlayEventOn { card, .. } => Some(*card),
        _ => None,
    }
}

/// The Axis cancels the held Soviet event with `card`: both cards go to the discard pile, the
/// Soviet event has no effect (it counts as played: its window closes).
pub(crate) fn cancel(board: &Board, st: &mut State, card: u8, events: &mut Vec<Event>) {
    st.pending.retain(|p| !matches!(p, Pending::Cancel { .. }));
    let Some((side, a)) = st.cancel_play.take() else {
        return;
    };
    if let Some(c) = card_of(&a) {
        pay(st, side, &[c]);
        st.executed.push((c, side));
        log(
            events,
            EventKind::Cards,
            "5.3",
            format!("Inexperienced Soviet Officers cancel the Soviet card {c}"),
        );
    }
    super::events::play(board, st, Side::German, card, None, events);
    // In a battle's card window the Soviet's card was his one card there.
    let soviet_window = st
        .scratch
        .combat
        .as_ref()
        .and_then(|c| c.battle.as_ref())
        .and_then(|b| b.stages.first())
        .is_some_and(|s| {
            matches!(
                s,
                BattleStage::Commit(x) | BattleStage::AfterRoll(x) | BattleStage::AdvanceCards(x)
                    if *x == side
            )
        });
    if soviet_window {
        if let Some(mut b) = take_battle(st) {
            b.stages.remove(0);
            settle(board, st, b, events);
        }
    }
}
