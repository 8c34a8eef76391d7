//! `scenarios/no_retreat/setups.ron`: the campaign and the Scenario Book's scenarios as far as
//! the evidence reconstructs them (spec §4.2–4.3; evidence §6).

use super::map::Coord;
use super::Prov;
use eastfront_kernel::Side;
use serde::{Deserialize, Serialize};

/// Where a unit starts.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum Place {
    /// A hex by its coordinates.
    Hex(Coord),
    /// A city, oil field or lake hex by name, or an area by name.
    Named(String),
}

/// One unit's starting place and face.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Placement {
    pub unit: String,
    pub at: Place,
    /// Starts on its reduced face (German) / brown basic face (Soviet Front) / regional face.
    #[serde(default)]
    pub reduced: bool,
}

/// A unit that starts off the map (a later scenario's losses and withdrawals).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum OffMap {
    /// 10.7.1: eliminated while supplied; replaced for 1 card (7.9).
    Destroyed,
    /// 10.7.1, 11.1: eliminated while Unsupplied; replaced for 2 cards.
    Surrendered,
    /// 14.9.1: a cadre waiting to be placed.
    CadreAvailable,
    /// On the Turn Track, arriving on this turn (14.2: a returning ally).
    Track(u8),
    /// Withdrawn for good (13.5, 14.1).
    OutOfGame,
}

/// One unit that starts off the map.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Boxed {
    pub unit: String,
    pub at: OffMap,
}

/// How the scenario is won (12.0; SB per scenario).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum Victory {
    /// The campaign's conditions (12.1–12.6).
    Campaign,
    /// At the end: the Axis wins with at least this many VP (SB A: 24).
    AxisVpAtEnd(u8),
    /// At the end: the Axis wins controlling `all` and at least one of `any` (SB A: Moscow
    /// and one other strategic objective).
    AxisObjectivesAtEnd { all: Vec<String>, any: Vec<String> },
    /// At the end: the Soviets win with at least this many VP (scenarios C, E: reconstructed).
    SovietVpAtEnd(u8),
}

/// A scenario.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct SetupData {
    pub id: String,
    pub name: String,
    pub brief: String,
    pub first_turn: u8,
    pub last_turn: u8,
    /// The side whose player turn starts the game.
    pub first_side: Side,
    /// 5.1 [EXT] (LP U2): the first Axis player turn skips the Card, Supply and
    /// Reorganization phases.
    pub skip_first_phases: bool,
    /// The Axis draws this many cards before the start, resolving weather cards at once and
    /// drawing replacements, then discards down to `axis_hand_kept` (LP U1, U2).
    pub axis_opening_draw: u8,
    pub axis_hand_kept: u8,
    /// Cards the Soviet holds at the start (not recovered; 0 = fills in his first Card phase).
    pub soviet_opening_draw: u8,
    /// Who holds the optional Joker (15.7; SB).
    pub joker: Side,
    /// Who has the initiative at the start (12.9; 15.7: the Joker's holder). None: the Axis
    /// until turn 12, the Soviets from then on (12.10).
    #[serde(default)]
    pub initiative: Option<Side>,
    /// The round turn-event VP marker at the start, signed for the initiative side (12.7.4;
    /// SB A: box 0).
    #[serde(default)]
    pub round: i8,
    pub victory: Vec<Victory>,
    /// Starting control of the VP hexes and Finland that differ from the default (the
    /// default: USSR hexes Soviet, Greater Germany and Romania German, Finland nobody's).
    #[serde(default)]
    pub control: Vec<(String, Side)>,
    pub placements: Vec<Placement>,
    /// Units that start off the map in a box or on the Turn Track (later scenarios).
    #[serde(default)]
    pub boxed: Vec<Boxed>,
    pub prov: Prov,
}

/// `scenarios/no_retreat/setups.ron`.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct SetupsFile {
    pub setups: Vec<SetupData>,
}
