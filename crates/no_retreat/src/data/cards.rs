//! `scenarios/no_retreat/cards.ron`: the 55 event cards (2.6, 5.0–5.5, spec §7.6).

use super::Prov;
use eastfront_kernel::Side;
use serde::{Deserialize, Serialize};

/// When one half of a card may be played as an event (5.3.1 "proper timing"), as far as the
/// sources tell.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Timing {
    /// The text gives no moment: any time (5.3.1).
    AnyTime,
    /// The owner's Card phase.
    CardPhase,
    /// The owner's Reorganization phase.
    Reorganization,
    /// During a Movement phase (either side's, as the text says).
    Movement,
    /// A battle's Commitment step (10.5 step 2), before the die.
    Commitment,
    /// After the combat die is rolled.
    AfterRoll,
    /// After combat, for the advance.
    Advance,
    /// Revealed from the draw pile: resolved at once, cannot be cancelled (14.14.2).
    PlayImmediately,
}

/// One half of a card: the grey Axis text above the line or the red Soviet text below it
/// (5.3).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct EventHalf {
    pub title: String,
    /// The initiative symbol beside it: German = Balkenkreuz (only under "Drang Nach
    /// Osten!"), Soviet = red star (only under "Na Berlin!"), None = always (5.3.3).
    #[serde(default)]
    pub initiative: Option<Side>,
    pub timing: Timing,
    /// Our summary of the event text; None = the text is lost (the half is then played only
    /// as currency, 5.4).
    #[serde(default)]
    pub text: Option<String>,
    pub prov: Prov,
}

/// One card.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct CardData {
    /// 1..=54; the Joker (15.7) is 55.
    pub number: u8,
    #[serde(default)]
    pub axis: Option<EventHalf>,
    #[serde(default)]
    pub soviet: Option<EventHalf>,
    /// A variable-weather card played on reveal (14.14; cards 32–35 and General Mud, 12).
    #[serde(default)]
    pub weather: Option<WeatherCard>,
    /// A weather card's title (it has no event halves).
    #[serde(default)]
    pub title: Option<String>,
    /// Red "prohibited 45": removed from the game at the Na Berlin! deployment (5.5).
    #[serde(default)]
    pub no_1945: bool,
    /// Green "45": kept out until turn 23 (5.5).
    #[serde(default)]
    pub green_45: bool,
    /// The optional two-coloured Joker (15.7), never in the deck.
    #[serde(default)]
    pub joker: bool,
    /// Provenance of the number and symbols.
    pub prov: Prov,
}

/// What a weather card does to the next variable-weather turn (14.14).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WeatherCard {
    /// Flip the next variable marker to Mud (the card-12 erratum).
    ToMud,
    /// Flip the next variable marker to Snow.
    ToSnow,
    /// Flip the next variable marker to its other face.
    Flip,
    /// Flip the next variable marker to Clear.
    ToClear,
}

/// `scenarios/no_retreat/cards.ron`.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct CardsFile {
    pub cards: Vec<CardData>,
}
