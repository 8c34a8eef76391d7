//! The game state: one plain serialisable value (DESIGN.md "The rules API"), dice included.
//! The sequence of play is spec §5: Turn Management (A, B, C), then the Axis player turn,
//! then the Soviet player turn, each of seven phases.

use crate::combat::TurnWeather;
use crate::data::{Code, Weather};
use crate::deck::Deck;
use crate::vp::VpState;
use crate::weather::MarkerState;
use eastfront_kernel::{Dice, Outcome, Side, SpaceId};
use serde::{Deserialize, Serialize};

/// Where a unit is (spec §2.8).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Loc {
    Map(SpaceId),
    /// 7.7, 8.4.3, 10.7.6: back free, Disorganized, in the next Reorganization phase.
    Shattered,
    /// 10.7.1: eliminated while supplied; replaced for 1 card (7.9).
    Destroyed,
    /// 10.7.1, 11.1: eliminated while Unsupplied; replaced for 2 cards, VP to the enemy.
    Surrendered,
    /// 14.9.1: a cadre waiting to be placed.
    CadreAvailable,
    /// 9.1: in the owner's Rail Movement box.
    Rail,
    /// On the Turn Track, arriving on this turn (reinforcements 7.8, returning allies and
    /// cadres 14.2, 14.9.3, 14.10).
    Track(u8),
    /// Arrived this turn: placed in the owner's Reorganization phase (7.8).
    Arriving,
    /// Waiting for its conditional event (13.5: Oil, GG, Warsaw).
    Awaiting(Code),
    /// Withdrawn or removed for good (13.5, 14.1, 14.11).
    OutOfGame,
    /// An optional unit whose rule is not in play.
    Unused,
}

/// One counter's state, by the board's unit index.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnitState {
    pub loc: Loc,
    /// Reduced face (German), brown basic face (Soviet Front), regional face.
    pub reduced: bool,
    pub unsupplied: bool,
    pub disorganized: bool,
}

/// The seven phases of a player turn (4.0, spec §5.3).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Step {
    Card,
    Supply,
    Reorganization,
    Movement,
    Combat,
    Removal,
    RailUnloading,
}

/// Where the game stands in the sequence of play.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Turn Management (4.0 A–C), done by both players together.
    TurnManagement,
    Player {
        side: Side,
        step: Step,
    },
    Over,
}

/// A decision the rules owe a player before play goes on.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pending {
    /// Discard this many cards of the player's choice (5.1; the opening hand, LP U2; a red
    /// event's discard, 13.4 [EXT]).
    Discard { side: Side, count: u8 },
}

/// The conditional turn events of 13.5: the turn each was triggered on.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Triggers {
    /// The Soviets first controlled the Romanian oil fields.
    pub ploesti: Option<u8>,
    /// The Soviets crossed into Greater Germany or Romania.
    pub greater_germany: Option<u8>,
    /// The Soviets first controlled Warsaw.
    pub warsaw: Option<u8>,
}

/// Optional rules of §15 in play (15.10 is never used).
#[derive(Serialize, Deserialize, Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    pub abteilungen: bool,
    pub fortified_fronts: bool,
    pub local_combat_support: bool,
    pub no_variable_weather: bool,
    pub quick_reorganization: bool,
    pub no_surrender: bool,
    pub joker: bool,
    pub rezervy: bool,
    pub paratroopers: bool,
    /// `true`: the Axis keeps its own CRT in snow, as the Spanish text is silent; the default
    /// `false` plays 13.1 [EXT], the Axis on the Soviet CRT in Snow and Extreme Winter.
    pub axis_own_crt_in_snow: bool,
}

/// The whole game.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct State {
    pub scenario: String,
    pub last_turn: u8,
    pub turn: u8,
    pub phase: Phase,
    pub options: Options,
    /// By the board's unit index.
    pub units: Vec<UnitState>,
    /// Per space: who controls it (VP hexes and Finland; None elsewhere or nobody).
    pub control: Vec<Option<Side>>,
    pub deck: Deck,
    /// Cards in hand, German then Soviet.
    pub hands: [Vec<u8>; 2],
    /// 15.7: who holds the Joker.
    pub joker: Option<Side>,
    pub weather_markers: Vec<MarkerState>,
    /// The weather of this turn (13.1) and of the previous one.
    pub weather: TurnWeather,
    pub last_weather: Option<Weather>,
    pub vp: VpState,
    /// Blitz! (German) and Shock! (Soviet) markers left this turn (13.3).
    pub support: [u8; 2],
    pub triggers: Triggers,
    /// Red-event discards the Axis owes after drawing this turn (13.4 [EXT]).
    pub axis_discards_due: u8,
    /// 13.5 turns 16, 18: the Axis draws one fewer this turn.
    pub axis_card_penalty: bool,
    /// 14.13: a card cancelled the next sudden-death check.
    pub no_sudden_death: bool,
    /// The first Axis player turn skips Card, Supply and Reorganization (LP U2).
    pub skip_first_phases: bool,
    pub pending: Vec<Pending>,
    pub outcome: Option<Outcome>,
    pub dice: Dice,
}

/// Index of a side in per-side arrays.
pub fn side_index(side: Side) -> usize {
    match side {
        Side::German => 0,
        Side::Soviet => 1,
    }
}

impl State {
    pub fn hand(&self, side: Side) -> &Vec<u8> {
        &self.hands[side_index(side)]
    }
    pub fn hand_mut(&mut self, side: Side) -> &mut Vec<u8> {
        &mut self.hands[side_index(side)]
    }
    /// The units on the map, with their space.
    pub fn on_map(&self) -> impl Iterator<Item = (usize, SpaceId)> + '_ {
        self.units
            .iter()
            .enumerate()
            .filter_map(|(i, u)| match u.loc {
                Loc::Map(s) => Some((i, s)),
                _ => None,
            })
    }
}
