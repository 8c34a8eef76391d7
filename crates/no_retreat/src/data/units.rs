//! `units.rs` ↔ `scenarios/no_retreat/units.ron`: the counters (spec §2.3–2.5) and the markers.

use super::Prov;
use eastfront_kernel::Side;
use serde::{Deserialize, Serialize};

/// Who raised the unit (2.3: German grey/green, Axis allies blue, Soviet brown/red, and the
/// Soviet-controlled allies of 13.5).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Nation {
    German,
    Finnish,
    Romanian,
    Hungarian,
    Italian,
    Soviet,
    Polish,
    Yugoslav,
    /// The Soviet-allied Romanian unit (13.5 "Oil").
    SovietRomanian,
}

/// The unit type symbol (2.3). Infantry types: Infantry, Regional, Fortified, Shock;
/// Mechanized = Panzergrenadier / mechanized infantry (moves as "Other", 14.4); Armor =
/// Panzer / Tank (its own TEC column, 14.3).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnitType {
    Infantry,
    Regional,
    Fortified,
    Shock,
    Mechanized,
    Armor,
}

impl UnitType {
    /// Pays the TEC's armor column (14.3).
    pub fn is_armor(self) -> bool {
        self == UnitType::Armor
    }
    /// An infantry-type defender lets the attacker's armor bonus apply (10.6.3); mechanized
    /// infantry and armor do not (14.4).
    pub fn is_infantry_type(self) -> bool {
        matches!(
            self,
            UnitType::Infantry | UnitType::Regional | UnitType::Fortified | UnitType::Shock
        )
    }
}

/// One printed face of a counter.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Face {
    /// The designation printed on this face (a Soviet counter's two faces name two Fronts).
    pub name: String,
    pub kind: UnitType,
    /// Combat strength; None = "X", no strength (15.8 Rezervy).
    pub strength: Option<u8>,
    /// Movement allowance; 0 = none printed, an immobile unit (2.3).
    pub movement: u8,
    /// Printed in white: cannot attack voluntarily (2.3, 10.1.1).
    #[serde(default)]
    pub white: bool,
    /// Strength in parentheses: no Zone of Control (2.3, 8.5).
    #[serde(default)]
    pub no_zoc: bool,
}

/// How the two faces relate (2.3 step model).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Steps {
    /// Two steps: `front` full strength, `back` reduced (German units, Finns, fortified).
    Two,
    /// A Soviet Front: `back` = brown basic face, `front` = red upgraded face; one step
    /// before turn 17 (upgrade = flip, 7.2), two steps (red full, brown reduced) from turn 17
    /// (7.3).
    SovietFront,
    /// A regional/fortified counter (2.3, 14.1): `front` = fortified (2 steps), `back` =
    /// regional (1 step); loses a step by flipping to regional.
    RegionalFortified,
    /// One step: the back carries instructions, not a second strength (7.4, 14.2, 14.9).
    One,
}

/// Where an eliminated unit goes (10.7.1, the back of the counter: 14.1, 14.2, 14.9, 14.10).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OnElimination {
    /// The Destroyed box (Surrendered if it was Unsupplied), 10.7.1.
    Boxes,
    /// The Turn Track, to return free this many turns later (Axis allies, Luftwaffe).
    TurnTrack(u8),
    /// The next turn with no friendly cadre scheduled (14.9.3).
    CadreTrack,
    /// Out of the game for good (German fortified units 14.1, Volkssturm 14.11).
    Permanent,
}

/// The set-up or reinforcement code printed on the counter (2.3).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Code {
    /// Arrives on this turn (7.8); a cadre's underlined turn sends it to the Cadre
    /// Available box instead (14.9.1).
    Turn(u8),
    /// "Oil": the turn after the Soviets first control the Romanian oil fields (13.5).
    Oil,
    /// "GG": the turn after the Soviets cross into Greater Germany or Romania (13.5).
    Gg,
    /// "Warsaw": the turn after the Soviets first control Warsaw (13.5).
    Warsaw,
}

/// One counter.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct UnitData {
    /// Stable key ("ge_4pz", "so_kalinin").
    pub id: String,
    pub side: Side,
    pub nation: Nation,
    pub steps: Steps,
    pub front: Face,
    /// None for a one-step unit (its back holds instructions).
    #[serde(default)]
    pub back: Option<Face>,
    #[serde(default)]
    pub ss: bool,
    #[serde(default)]
    pub cadre: bool,
    /// The reinforcement / set-up code; None = placed by the scenario set-up.
    #[serde(default)]
    pub code: Option<Code>,
    pub on_elimination: OnElimination,
    /// The optional rule that brings it into play ("15.1"), if any.
    #[serde(default)]
    pub optional: Option<String>,
    pub prov: Prov,
}

impl UnitData {
    /// The face a unit shows at full strength / reduced: for a Soviet Front the red face
    /// is `front`.
    pub fn face(&self, reduced: bool) -> &Face {
        match (&self.back, reduced) {
            (Some(b), true) => b,
            _ => &self.front,
        }
    }
}

/// Marker counts and faces (2.5).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct MarkerData {
    pub id: String,
    pub name: String,
    /// Per side, or for both (None).
    #[serde(default)]
    pub side: Option<Side>,
    pub count: u8,
    pub faces: Vec<String>,
    /// A square marker (VP, High Tide, Weather); the others are round (2.1: 56 round).
    #[serde(default)]
    pub square: bool,
    pub prov: Prov,
}

/// `scenarios/no_retreat/units.ron`.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct UnitsFile {
    pub units: Vec<UnitData>,
    pub markers: Vec<MarkerData>,
}
