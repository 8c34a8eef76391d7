//! Set-up helpers shared by the test files that build positions by hand: a unit's index, a
//! place by its key, a blank campaign state at a phase, a unit put on the map, an action applied
//! (failing with the legal list when refused).
// Each test file uses only some of these.
#![allow(dead_code)]

use eastfront_kernel::{Game, Seat, Side, SpaceId};
use eastfront_no_retreat::state::*;
use eastfront_no_retreat::{Action, NoRetreat, Options};

pub const AXIS: Seat = Seat(0);
pub const SOVIET: Seat = Seat(1);

pub fn idx(g: &NoRetreat, id: &str) -> usize {
    g.board
        .data
        .units
        .units
        .iter()
        .position(|u| u.id == id)
        .unwrap_or_else(|| panic!("no unit {id}"))
}

pub fn place(g: &NoRetreat, key: &str) -> SpaceId {
    g.board
        .place(key)
        .unwrap_or_else(|| panic!("no place {key}"))
}

/// The campaign's state with every unit off the map, no cards in hand (no event windows unless
/// a test deals some), at this phase.
pub fn blank(g: &NoRetreat, turn: u8, side: Side, step: Step) -> State {
    blank_seeded(g, turn, side, step, 17)
}

/// [`blank`] with the set-up's seed chosen (the dice the test does not script).
pub fn blank_seeded(g: &NoRetreat, turn: u8, side: Side, step: Step, seed: u64) -> State {
    let mut st = g.setup("campaign", &Options::default(), seed).unwrap();
    for u in st.units.iter_mut() {
        u.loc = Loc::OutOfGame;
        u.reduced = false;
    }
    st.pending.clear();
    st.hands = [vec![], vec![]];
    st.turn = turn;
    st.phase = Phase::Player { side, step };
    st.scratch = Scratch::default();
    st
}

pub fn put(g: &NoRetreat, st: &mut State, unit: &str, at: &str, reduced: bool) -> usize {
    let u = idx(g, unit);
    st.units[u].loc = Loc::Map(place(g, at));
    st.units[u].reduced = reduced;
    u
}

pub fn act(
    g: &NoRetreat,
    st: &mut State,
    seat: Seat,
    a: Action,
) -> Vec<eastfront_no_retreat::Event> {
    g.apply(st, seat, &a)
        .unwrap_or_else(|e| panic!("{a:?}: {e} LEGAL {:?}", g.legal_actions(st, seat)))
}

/// 5.0, 15.7: every card in exactly one place (the draw pile, the discard, the 1945 set-aside,
/// out of the game, a hand): the deck's 54 and the Joker when it is in play, the Joker in its
/// holder's hand.
pub fn cards_conserved(st: &State) -> Result<(), String> {
    let mut all: Vec<u8> = st
        .deck
        .draw
        .iter()
        .chain(&st.deck.discard)
        .chain(&st.deck.held_for_1945)
        .chain(&st.deck.removed)
        .chain(&st.hands[0])
        .chain(&st.hands[1])
        .copied()
        .collect();
    all.sort_unstable();
    let n = all.len();
    all.dedup();
    if all.len() != n {
        return Err("a card in two places".into());
    }
    if n != 54 + usize::from(st.joker_card.is_some()) {
        return Err(format!("{n} cards"));
    }
    if let (Some(j), Some(holder)) = (st.joker_card, st.joker) {
        if !st.hand(holder).contains(&j) {
            return Err("the Joker is not in its holder's hand".into());
        }
    }
    Ok(())
}
