//! The event-card deck (5.0–5.5): the draw pile with its one-card reshuffle, the discard, the
//! hand limit, the cards drawn each Card phase (5.2, 13.5, spec §7.9) and the Na Berlin!
//! deployment of 1945 (5.5). Every shuffle goes through the kernel's `Dice`.

use crate::data::{CardsFile, TrackFile, TurnEvent};
use eastfront_kernel::{Dice, Side};
use serde::{Deserialize, Serialize};

/// 5.1: cards a player may keep before drawing.
pub const HAND_KEPT: usize = 2;
/// 5.2: cards drawn each Card phase before modifiers.
pub const BASE_DRAW: i32 = 4;

/// The cards outside the hands, by number.
#[derive(Serialize, Deserialize, Clone, Debug, Default, PartialEq, Eq)]
pub struct Deck {
    pub draw: Vec<u8>,
    /// Face up; the last card is the top (§16 reads it).
    pub discard: Vec<u8>,
    /// Green-45 cards kept out until the Na Berlin! deployment (5.5).
    pub held_for_1945: Vec<u8>,
    /// Cards out of the game (the prohibited-45 cards after 1945).
    pub removed: Vec<u8>,
}

impl Deck {
    /// 2.1, 5.5, 15.7: every card but the green-45 cards and the Joker, shuffled.
    pub fn new(cards: &CardsFile, dice: &mut Dice) -> Deck {
        let mut deck = Deck {
            draw: cards
                .cards
                .iter()
                .filter(|c| !c.green_45 && !c.joker)
                .map(|c| c.number)
                .collect(),
            held_for_1945: cards
                .cards
                .iter()
                .filter(|c| c.green_45)
                .map(|c| c.number)
                .collect(),
            ..Deck::default()
        };
        dice.shuffle(&mut deck.draw);
        deck
    }

    /// 5.0: draws one card. When only one card is left in the draw pile it is not dealt: it is
    /// shuffled with the discard pile into a new draw pile first. None if no card is left.
    pub fn draw_one(&mut self, dice: &mut Dice) -> Option<u8> {
        if self.draw.len() <= 1 {
            self.draw.append(&mut self.discard);
            dice.shuffle(&mut self.draw);
        }
        self.draw.pop()
    }

    /// 5.0: a played or spent card goes face up on the discard pile.
    pub fn discard(&mut self, card: u8) {
        self.discard.push(card);
    }

    /// The top of the discard pile (face up).
    pub fn top_discard(&self) -> Option<u8> {
        self.discard.last().copied()
    }

    /// 5.5 "Na Berlin!" deployment: every prohibited-45 card leaves the game, from the hands,
    /// the draw pile and the discard; the purged draw pile, the discard and the green-45 cards
    /// are shuffled into a new draw pile. The players keep their other cards.
    pub fn na_berlin_deployment(
        &mut self,
        cards: &CardsFile,
        hands: &mut [Vec<u8>],
        dice: &mut Dice,
    ) {
        let old = |n: &u8| cards.cards.iter().any(|c| c.number == *n && c.no_1945);
        let mut out = Vec::new();
        for pile in hands.iter_mut().chain([&mut self.draw, &mut self.discard]) {
            out.extend(pile.iter().copied().filter(old));
            pile.retain(|n| !old(n));
        }
        self.removed.extend(out);
        self.draw.append(&mut self.discard);
        self.draw.append(&mut self.held_for_1945);
        dice.shuffle(&mut self.draw);
    }
}

/// What the draw modifiers need to know of the game (spec §7.9).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DrawSituation {
    pub axis_holds_moscow: bool,
    pub axis_holds_caucasus_oil: bool,
    pub soviets_hold_romanian_oil: bool,
    /// 13.5 turns 16 and 18: the unit to be removed is already eliminated or unsupplied.
    pub removed_unit_gone_or_unsupplied: bool,
    /// 15.6 (optional) penalty on this side: 0, 1 or 2.
    pub no_surrender_penalty: u8,
}

/// 5.2, 13.5, spec §7.9: how many cards `side` draws in the Card phase of `turn` (at least 0).
/// The two Soviet penalties (Moscow, the Caucasus oil) add up ([AMB], the spec's reading).
pub fn cards_to_draw(track: &TrackFile, side: Side, turn: u8, s: &DrawSituation) -> u8 {
    let events: Vec<&TurnEvent> = track
        .turns
        .iter()
        .filter(|t| t.turn == turn)
        .flat_map(|t| t.events.iter())
        .collect();
    // 13.5 turn 23: the Axis draws only one card.
    if side == Side::German && events.contains(&&TurnEvent::DefensesOfTheReich) {
        return 1;
    }
    let mut n = BASE_DRAW;
    match side {
        Side::Soviet => {
            n -= i32::from(s.axis_holds_moscow) + i32::from(s.axis_holds_caucasus_oil);
            // 13.5 turn 21: one more card from then on.
            let extra = track
                .turns
                .iter()
                .any(|t| t.turn <= turn && t.events.contains(&TurnEvent::SovietExtraCard));
            n += i32::from(extra);
        }
        Side::German => {
            n -= i32::from(s.soviets_hold_romanian_oil);
            let penalty = events.iter().any(|e| {
                matches!(
                    e,
                    TurnEvent::RemoveUnit {
                        card_penalty: true,
                        ..
                    }
                )
            });
            n -= i32::from(penalty && s.removed_unit_gone_or_unsupplied);
        }
    }
    for e in &events {
        if let TurnEvent::ExtraCards(who, k) = e {
            if *who == side {
                n += i32::from(*k);
            }
        }
    }
    n -= i32::from(s.no_surrender_penalty.min(2));
    u8::try_from(n.max(0)).unwrap_or(0)
}

/// 5.1: how many cards must be discarded to keep at most two (the Joker does not count).
pub fn discards_needed(hand: &[u8], joker: Option<u8>) -> usize {
    let counted = hand.iter().filter(|c| Some(**c) != joker).count();
    counted.saturating_sub(HAND_KEPT)
}
