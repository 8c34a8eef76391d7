//! `scenarios/no_retreat/track.ron`: the Turn Track (spec §4.5, 13.x), the VP track's
//! sudden-death marks (12.2) and the holding boxes (spec §2.8).

use super::Prov;
use eastfront_kernel::Side;
use serde::{Deserialize, Serialize};

/// Weather printed on the track (13.1). Extreme Winter is not printed: it is a Snow turn
/// after a Snow turn.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Weather {
    Clear,
    Mud,
    Snow,
}

/// The three variable-weather markers (14.14).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WeatherPeriod {
    MarApr,
    SepOct,
    NovDec,
}

/// An effect printed in a Turn Track box (13.5), applied or noted in Turn Management.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum TurnEvent {
    /// 9.1.3: the Axis may not rail; the Soviets may not buy extra rail moves.
    LimitedRail,
    /// 7.9.1: no German replacements or recoveries.
    NoGermanReplacements,
    /// 7.5: Soviet regional → fortified conversion begins.
    SovietFortificationBegins,
    /// 13.5 turn 5: the Axis attacks at a further 1L (2L in all) in Snow.
    DoubleWinterPenalty,
    /// Free Soviet upgrades per turn from now on (7.2: 1 from 6, 2 from 13, 0 from 18).
    FreeSovietUpgrades(u8),
    /// Cards drawn by a side this turn (+/-) (13.5 turns 8–9, 21 onward is `SovietExtraCard`).
    ExtraCards(Side, i8),
    /// 13.5 turn 21: the Soviet draws one more card every turn from now on.
    SovietExtraCard,
    /// 10.8.2 / 13.5 turn 11: Soviet armor gets the advance bonus.
    SovietTankAdvance,
    /// 12.10: the initiative passes to the Soviets in this turn's victory phase.
    NaBerlin,
    /// Withdraw a unit (11.3, 13.5); `card_penalty`: the Axis draws 1 fewer if it is
    /// already eliminated or unsupplied (turns 16, 18).
    RemoveUnit { unit: String, card_penalty: bool },
    /// 7.3: Soviet units become two-step.
    SovietTwoSteps,
    /// 13.5 turn 20 / 26 (and 13.1): German Target markers per turn.
    GermanTargets(u8),
    /// 8.4.1 / 13.5 turn 23: Soviet stacking becomes 2.
    SovietStacking(u8),
    /// 13.5 turn 23: the Berlin Garrison and the Volkssturm arrive; the Axis draws 1 card.
    DefensesOfTheReich,
    /// 5.5: the Na Berlin! card deployment.
    NaBerlinCards,
    /// 12.4: the German tactical victory check.
    TacticalVictoryCheck,
    /// 13.5 turn 23: the SS Panzer Army may return for 1 VP.
    SsReturn,
    /// 7.1 / 13.5 turn 24: no more German recoveries.
    NoGermanRecovery,
    /// 12.6: the last turn.
    LastTurn,
}

/// A red "other theater" event (13.4): +1 Soviet VP; the Axis discards a card (13.4 [EXT]).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct RedEvent {
    pub name: String,
    pub axis_discards: bool,
    pub prov: Prov,
}

/// One Turn Track box.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct TurnData {
    pub turn: u8,
    /// "Jun 1941", "Jul–Aug 1941", …
    pub period: String,
    pub weather: Weather,
    /// The variable-weather marker that starts on this turn (14.14.1), if any.
    #[serde(default)]
    pub variable: Option<WeatherPeriod>,
    pub blitz: u8,
    pub shock: u8,
    /// A skull: sudden death is checked this turn (12.2, 13.2).
    #[serde(default)]
    pub skull: bool,
    #[serde(default)]
    pub red_event: Option<RedEvent>,
    #[serde(default)]
    pub events: Vec<TurnEvent>,
    /// Where weather, support markers and the skull come from.
    pub prov: Prov,
}

/// A "T<n>" mark on the VP track: on skull turn `turn`, the initiative side wins at a score
/// above `above` (12.2: "T6" in box 23, the Axis wins with 24).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct SuddenDeath {
    pub turn: u8,
    pub side: Side,
    pub above: u8,
    pub prov: Prov,
}

/// The holding boxes (spec §2.8).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HoldingBox {
    Shattered,
    Destroyed,
    Surrendered,
    CadreAvailable,
    Rail,
    UnusedMarkers,
}

/// One of the three variable-weather markers and its two faces (14.14): `printed` is the
/// face it is set on (the track's weather for its turns), `other` the face a card can flip it to.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct WeatherMarkerData {
    pub period: WeatherPeriod,
    pub printed: Weather,
    pub other: Weather,
    pub prov: Prov,
}

/// `scenarios/no_retreat/track.ron`.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct TrackFile {
    pub turns: Vec<TurnData>,
    pub weather_markers: Vec<WeatherMarkerData>,
    pub sudden_death: Vec<SuddenDeath>,
    /// 12.3: the Soviets win at this score or more in a victory phase.
    pub soviet_total_victory: u8,
    /// 12.7.4: the round turn-event VP marker's magnitude limit.
    pub round_marker_cap: u8,
    /// Boxes per side (one each) or shared.
    pub boxes: Vec<HoldingBox>,
    /// 9.1.2: units in a Rail box at most.
    pub rail_box_capacity: u8,
}
