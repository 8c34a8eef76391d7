//! Determinisation for look-ahead: a complete [`State`] consistent with one side's [`View`],
//! the facts that side cannot see drawn at random among those the view does not rule out. A
//! search that plays on from such a state reads no hidden fact and no future die.
//!
//! What is hidden in No Retreat! (`view.rs`): only cards. Every counter, marker, box and track
//! is on the table for both players; the cards are not:
//! - the other side's hand, but its size (5.0: a player's cards are his own; the view counts
//!   them);
//! - the draw pile's order and content (5.0: drawn face down), but its size;
//! - the discard pile below its top card (5.0: "the discard pile may not be examined"), but
//!   its size.
//!
//! What is copied, what is drawn:
//! - Copied from the view: every counter with its markers, control, the VP track, the weather,
//!   the support markers, the phase with its pending decisions, the battle in progress, and
//!   the bookkeeping of [`crate::view::PublicState`] (the green-45 cards set aside and the
//!   cards out of the game, both face up, 5.5; the Joker's card, 15.7; the events executed
//!   this turn, 5.0; the player turn's scratch).
//! - Pinned in the other hand: the Joker when the other side holds it (15.7: it changes hands
//!   face up), and a Soviet card being played while the Axis may cancel it (Inexperienced
//!   Soviet Officers: the card is shown as it is played and stays in hand until it acts).
//! - Drawn: every card whose place the viewer does not know (not in its hand, not the top of
//!   the discard pile, not set aside, not out of the game, not pinned) is dealt uniformly at
//!   random into the other hand's free places, the discard pile below its top card and the
//!   draw pile, in a random order. A view has no history: a card seen played earlier may be
//!   dealt into the other hand or the draw pile, exactly as the view cannot rule it out.
//! - The dice: a fresh generator seeded from the caller's rng: no future die is known.
//!
//! The result is checked before it is returned: its view for the same viewer is the view
//! given (otherwise an error, and the sample is not used). An Omniscient view knows both
//! hands: only the draw pile and the discard below its top are drawn.

use crate::board::Board;
use crate::deck::Deck;
use crate::rules::Action;
use crate::state::*;
use crate::view::View;
use eastfront_kernel::{Dice, Side, Viewer};
use rand::seq::SliceRandom;
use rand::Rng;

/// The card a held play (Inexperienced Soviet Officers' window) is for.
fn held_card(a: &Action) -> Option<u8> {
    match a {
        Action::PlayEvent { card }
        | Action::PlayEventFor { card, .. }
        | Action::PlayEventOn { card, .. } => Some(*card),
        _ => None,
    }
}

/// A complete state consistent with `view` (see the module's text), or why there is none (a
/// view not made by this board, or inconsistent).
pub fn determinise<R: Rng + ?Sized>(
    board: &Board,
    view: &View,
    rng: &mut R,
) -> Result<State, String> {
    let p = &view.public;
    // The hands the viewer knows, German then Soviet.
    let known_hands: [Option<Vec<u8>>; 2] = match view.viewer {
        Viewer::Side(s) => {
            let own = view.hand.clone().ok_or("a side's view without its hand")?;
            let mut h = [None, None];
            h[side_index(s)] = Some(own);
            h
        }
        Viewer::Omniscient => [view.hand.clone(), view.other_hand.clone()],
    };
    // Every card of the game: all but the Joker, and the Joker when it is in play (15.7).
    let mut unknown: Vec<u8> = board
        .data
        .cards
        .cards
        .iter()
        .filter(|c| !c.joker || p.joker_card == Some(c.number))
        .map(|c| c.number)
        .collect();
    let mut take = |card: u8, what: &str| -> Result<(), String> {
        let i = unknown
            .iter()
            .position(|&c| c == card)
            .ok_or_else(|| format!("card {card} ({what}) is not a card of this game or twice"))?;
        unknown.swap_remove(i);
        Ok(())
    };
    for h in known_hands.iter().flatten() {
        for &c in h {
            take(c, "in a known hand")?;
        }
    }
    let top = view.discard_top;
    if let Some(c) = top {
        take(c, "the discard's top")?;
    }
    for &c in p.held_for_1945.iter().chain(&p.removed) {
        take(c, "set aside or out of the game")?;
    }
    // What the viewer knows of a hand it does not see.
    let mut pinned: [Vec<u8>; 2] = [Vec::new(), Vec::new()];
    for side in [Side::German, Side::Soviet] {
        let i = side_index(side);
        if known_hands[i].is_some() {
            continue;
        }
        if let (Some(j), Some(holder)) = (p.joker_card, view.joker) {
            if holder == side {
                pinned[i].push(j);
            }
        }
        if let Some((s, a)) = &view.held_play {
            if *s == side {
                pinned[i].extend(held_card(a).filter(|c| !pinned[i].contains(c)));
            }
        }
        for &c in &pinned[i] {
            take(c, "shown from a hidden hand")?;
        }
    }
    unknown.sort_unstable();
    unknown.shuffle(rng);
    let mut deal = |n: usize| -> Result<Vec<u8>, String> {
        if n > unknown.len() {
            return Err("fewer unknown cards than hidden places".into());
        }
        Ok(unknown.split_off(unknown.len() - n))
    };
    let mut hands: [Vec<u8>; 2] = [Vec::new(), Vec::new()];
    for i in 0..2 {
        hands[i] = match &known_hands[i] {
            Some(h) => h.clone(),
            None => {
                let free = view.hand_sizes[i]
                    .checked_sub(pinned[i].len())
                    .ok_or("a hand smaller than the cards it is known to hold")?;
                let mut h = std::mem::take(&mut pinned[i]);
                h.extend(deal(free)?);
                h.shuffle(rng);
                h
            }
        };
    }
    let below_top = view.discard_pile.saturating_sub(usize::from(top.is_some()));
    let mut discard = deal(below_top)?;
    discard.extend(top);
    let draw = deal(view.draw_pile)?;
    if !unknown.is_empty() {
        return Err(format!("{} cards have no place in the view", unknown.len()));
    }

    let st = State {
        scenario: view.scenario.clone(),
        last_turn: view.last_turn,
        turn: view.turn,
        phase: view.phase,
        options: view.options.clone(),
        units: view.units.clone(),
        control: view.control.clone(),
        deck: Deck {
            draw,
            discard,
            held_for_1945: p.held_for_1945.clone(),
            removed: p.removed.clone(),
        },
        hands,
        joker: view.joker,
        joker_card: p.joker_card,
        no_surrender_penalty: p.no_surrender_penalty,
        weather_markers: view.weather_markers.clone(),
        weather: view.weather,
        last_weather: p.last_weather,
        vp: view.vp,
        support: view.support,
        triggers: p.triggers,
        axis_discards_due: p.axis_discards_due,
        axis_card_penalty: p.axis_card_penalty,
        executed: p.executed.clone(),
        first_snow_turn: view.first_snow_turn,
        no_sudden_death: view.no_sudden_death,
        skip_first_phases: p.skip_first_phases,
        pending: view.pending.clone(),
        cb_markers: view.cb_markers.clone(),
        strategic_reserve: view.strategic_reserve,
        local_support: p.local_support,
        paratroopers: view.paratroopers,
        cancel_play: view.held_play.clone(),
        scratch: p.scratch.clone(),
        outcome: view.outcome.clone(),
        dice: Dice::new(rng.random()),
    };
    let again = View::of(board, &st, view.viewer);
    if again != *view {
        return Err(format!(
            "the sample's view differs: {}",
            first_difference(&again, view)
        ));
    }
    Ok(st)
}

/// The first field two views differ in, for the error message.
fn first_difference(a: &View, b: &View) -> String {
    macro_rules! field {
        ($($f:ident),*) => {
            $(if a.$f != b.$f {
                return format!("{}: {:?} vs {:?}", stringify!($f), a.$f, b.$f);
            })*
        };
    }
    field!(
        viewer,
        scenario,
        turn,
        phase,
        prompt,
        side_to_act,
        units,
        counters,
        control,
        hand,
        other_hand,
        hand_sizes,
        draw_pile,
        discard_top,
        discard_pile,
        joker,
        pending,
        combat,
        battle,
        public
    );
    "another field".into()
}
