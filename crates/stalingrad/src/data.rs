//! The Stalingrad scenario files (`scenarios/stalingrad/*.ron`): their schema, loading and
//! validation. Everything here is plain data; provenance is in `scenarios/stalingrad/SOURCES.md`.

use eastfront_kernel::{DataError, Side};
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};
use std::path::Path;

/// Stalingrad: TIPOS DE HEXÁGONOS (rules §3.3).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Terrain {
    Clear,
    Difficult,
    Urban,
}

/// German army colour (deployment colour). Stalingrad: ACCIONES ALEMANAS 1.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Army {
    Yellow,
    Blue,
    White,
}

/// Pip colour: FS black (6), FD white (5–6), FT red (4–6). Stalingrad: Potencia de Fuego.
/// Shared with the other block games (`eastfront_kernel::blocks`).
pub use eastfront_kernel::blocks::Firepower;

/// Impossible-level fortification discs (rules §9.4.9).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FortColour {
    Brown,
    Red,
}

/// Every kind of block in the box. Stalingrad: LAS UNIDADES.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnitKind {
    // German
    Panzer,
    Panzergrenadier,
    MotorizedInfantry,
    Infantry,
    // Soviet
    RifleInfantry,
    GuardsInfantry,
    SovietMotorized,
    Workers,
    AntiAircraft1077,
    AntiTank20,
    Tank,
    Marine,
    // Designer's Variant generals
    General,
}

impl UnitKind {
    /// Armor for Combined Arms, PAK and Anti-tank (rules §6.14.2, §6.15, §6.17.5).
    pub fn is_armor(self) -> bool {
        matches!(
            self,
            UnitKind::Panzer | UnitKind::Panzergrenadier | UnitKind::Tank
        )
    }
    /// Infantry for Combined Arms and Snipers. A Panzergrenadier is both (rules §2.2).
    pub fn is_infantry(self) -> bool {
        !matches!(self, UnitKind::Panzer | UnitKind::Tank | UnitKind::General)
    }
    /// Blitz units: Panzer, Panzergrenadier, Motorized Infantry (rules §6.14.2).
    pub fn is_blitz(self) -> bool {
        matches!(
            self,
            UnitKind::Panzer | UnitKind::Panzergrenadier | UnitKind::MotorizedInfantry
        )
    }
    pub fn side(self) -> Side {
        match self {
            UnitKind::Panzer
            | UnitKind::Panzergrenadier
            | UnitKind::MotorizedInfantry
            | UnitKind::Infantry => Side::German,
            _ => Side::Soviet,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            UnitKind::Panzer => "Panzer",
            UnitKind::Panzergrenadier => "Panzergrenadier",
            UnitKind::MotorizedInfantry => "Motorized Infantry",
            UnitKind::Infantry => "Infantry",
            UnitKind::RifleInfantry => "Infantry",
            UnitKind::GuardsInfantry => "Guards Infantry",
            UnitKind::SovietMotorized => "Motorized Infantry",
            UnitKind::Workers => "Workers' Battalion",
            UnitKind::AntiAircraft1077 => "Anti-Aircraft Regiment",
            UnitKind::AntiTank20 => "Anti-tank Brigade",
            UnitKind::Tank => "Tank",
            UnitKind::Marine => "Marine Infantry",
            UnitKind::General => "General",
        }
    }
}

/// Which Soviet reinforcement reserve a block belongs to (rules §6.20.1).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reserve {
    Infantry,
    Tank,
    Marine,
}

// ---------------------------------------------------------------- map.ron

/// `scenarios/stalingrad/map.ron`.
///
/// Coordinates are axial `(q, r)` on a flat-top grid as seen from the German seat: `q` grows
/// to the right (north → south), `r` grows downwards (east → west); the six neighbours of
/// `(q, r)` are `(q, r-1)` up, `(q+1, r-1)` up-right, `(q+1, r)` down-right, `(q, r+1)` down,
/// `(q-1, r+1)` down-left, `(q-1, r)` up-left.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct MapFile {
    pub name: String,
    /// Soviet Compass: the axial offset selected by die 1..=6 (rules §3.6, §7.7).
    pub compass: [(i32, i32); 6],
    pub hexes: Vec<HexDef>,
    /// Non-playable Volga hexes (drawn as water; the bank is the edge between them and the coast).
    pub volga: Vec<(i32, i32)>,
}

#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct HexDef {
    /// "1".."105", "W", "X", "Y", "Z".
    pub id: String,
    pub q: i32,
    pub r: i32,
    pub terrain: Terrain,
    #[serde(default)]
    pub coast: bool,
    #[serde(default)]
    pub soviet_reinforcement: bool,
    #[serde(default)]
    pub german_reinforcement: Option<Army>,
    /// Pink rectangular deployment icon (setup step 7).
    #[serde(default)]
    pub soviet_start: bool,
    /// Hexes the Germans control at the start (W, X, Y, Z).
    #[serde(default)]
    pub german_control: bool,
    #[serde(default)]
    pub landmark: Option<String>,
    #[serde(default)]
    pub fortification: Option<FortColour>,
    #[serde(default)]
    pub factory: bool,
    #[serde(default)]
    pub docks: u8,
}

// ---------------------------------------------------------------- units.ron

/// `scenarios/stalingrad/units.ron`.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct UnitsFile {
    pub german: Vec<BlockDef>,
    pub soviet: Vec<BlockDef>,
    /// Raus and Chuikov (Designer's Variant).
    pub generals: Vec<BlockDef>,
}

#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct BlockDef {
    /// Unique short id used by setup files and saves, e.g. "pzg64".
    pub id: String,
    /// Full name, e.g. "64th Panzergrenadier Regiment".
    pub name: String,
    /// Short label printed on the block, e.g. "64 PzG".
    pub label: String,
    pub kind: UnitKind,
    /// The printed edges in rotation order, strongest first: (pips, colour). Edges past the
    /// end of this list are blank. One to four entries (rules §2.4).
    pub faces: Vec<(u8, Firepower)>,
    #[serde(default)]
    pub army: Option<Army>,
    /// "R" units count double for the Soviet victory (rules §6.18).
    #[serde(default)]
    pub r_unit: bool,
    /// Yellow-axe units of the 6th Panzer Division (Designer's Variant).
    #[serde(default)]
    pub axe: bool,
    #[serde(default)]
    pub formation: String,
}

impl BlockDef {
    pub fn max_strength(&self) -> u8 {
        self.faces.first().map(|f| f.0).unwrap_or(0)
    }
    pub fn min_strength(&self) -> u8 {
        self.faces.last().map(|f| f.0).unwrap_or(0)
    }
    pub fn reserve(&self) -> Reserve {
        match self.kind {
            UnitKind::Tank => Reserve::Tank,
            UnitKind::Marine => Reserve::Marine,
            _ => Reserve::Infantry,
        }
    }
}

// ---------------------------------------------------------------- setup.ron

/// One entry of a German starting stack (setup step 9).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum StartUnit {
    Unit(String),
    RandomInfantry(Army),
}

/// `scenarios/stalingrad/setup.ron`: the standard setup (rules §4.1) and the fixed tables.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct SetupFile {
    /// Setup step 9.
    pub german_start: Vec<(String, Vec<StartUnit>)>,
    /// Setup step 10: number of White infantry placed in the last column, one per row.
    pub white_last_column: usize,
    /// Boxes per row of the German Reinforcement Table.
    pub boxes_per_row: usize,
    /// The unit "shown at the right" of each row 1..=6 (Elimination target), or None.
    pub elimination_units: [Option<String>; 6],
    /// Setup step 5: tanks put in the Tank reserve.
    pub soviet_tanks_in_reserve: usize,
    /// Setup step 6: random infantry mixed with the Guards in the Infantry reserve.
    pub soviet_infantry_in_reserve: usize,
    /// Setup step 11.
    pub german_opening_hand: usize,
    /// Soviet Reinforcement Action schedule, in order (rules §7.6).
    pub soviet_reinforcements: Vec<(String, Vec<Reserve>)>,
    /// Alternative reading of the 13/7 split (flag `reinf_13_inf_tank_7_inf`).
    pub soviet_reinforcements_alt: Vec<(String, Vec<Reserve>)>,
    /// Maximum Rubble markers (rules §6.9).
    pub rubble_markers: usize,
    /// Hexes 1–19: the OKH victory area.
    pub okh_hexes: Vec<String>,
}

// ---------------------------------------------------------------- cards.ron

#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CardEffect {
    // German leaders (§6.14)
    Paulus,
    Hoth,
    VonRichthofen,
    Linden,
    Okh,
    // German support (§6.15)
    Bombard {
        dice: u8,
        rubble: u8,
        air: bool,
        pioneer: bool,
        needs_linden: bool,
    },
    GermanSniper,
    Pak,
    // Soviet leaders (§6.16)
    Chuikov,
    Zaytsev,
    Khrushchev,
    // Soviet support (§6.17)
    TommyGunner {
        dice: u8,
    },
    VolgaFlotilla {
        dice: u8,
    },
    AntiAir,
    SovietSniper,
    AntiTank,
    Infiltration,
    T34DugIn,
}

impl CardEffect {
    pub fn is_leader(self) -> bool {
        matches!(
            self,
            CardEffect::Paulus
                | CardEffect::Hoth
                | CardEffect::VonRichthofen
                | CardEffect::Linden
                | CardEffect::Okh
                | CardEffect::Chuikov
                | CardEffect::Zaytsev
                | CardEffect::Khrushchev
        )
    }
}

#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct CardDef {
    pub id: String,
    pub name: String,
    pub effect: CardEffect,
    pub count: u8,
    /// Rules text in our words.
    pub text: String,
    /// AA cards: the hex printed on each copy (one entry per copy).
    #[serde(default)]
    pub printed_hexes: Vec<String>,
}

/// `scenarios/stalingrad/cards.ron`.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct CardsFile {
    pub german: Vec<CardDef>,
    pub soviet: Vec<CardDef>,
}

// ---------------------------------------------------------------- loading

/// All Stalingrad data, validated.
#[derive(Clone, Debug)]
pub struct ScenarioData {
    pub map: MapFile,
    pub units: UnitsFile,
    pub setup: SetupFile,
    pub cards: CardsFile,
}

/// The data compiled into the binary, so the game runs from any folder.
pub const MAP_RON: &str = include_str!("../../../scenarios/stalingrad/map.ron");
pub const UNITS_RON: &str = include_str!("../../../scenarios/stalingrad/units.ron");
pub const SETUP_RON: &str = include_str!("../../../scenarios/stalingrad/setup.ron");
pub const CARDS_RON: &str = include_str!("../../../scenarios/stalingrad/cards.ron");

impl ScenarioData {
    /// The data shipped with the program.
    pub fn builtin() -> ScenarioData {
        Self::from_strs(MAP_RON, UNITS_RON, SETUP_RON, CARDS_RON)
            .unwrap_or_else(|e| panic!("built-in Stalingrad data is invalid: {e}"))
    }

    pub fn from_strs(map: &str, units: &str, setup: &str, cards: &str) -> Result<Self, DataError> {
        let data = ScenarioData {
            map: eastfront_kernel::parse_ron("map.ron", map)?,
            units: eastfront_kernel::parse_ron("units.ron", units)?,
            setup: eastfront_kernel::parse_ron("setup.ron", setup)?,
            cards: eastfront_kernel::parse_ron("cards.ron", cards)?,
        };
        data.validate()?;
        Ok(data)
    }

    /// Loads the four files from a folder (a player's corrected copy, for instance).
    pub fn load_dir(dir: &Path) -> Result<Self, DataError> {
        let read = |name: &str| eastfront_kernel::read_text_file(&dir.join(name));
        Self::from_strs(
            &read("map.ron")?,
            &read("units.ron")?,
            &read("setup.ron")?,
            &read("cards.ron")?,
        )
    }

    /// Cross-file checks: every reference resolves, every count the rules state holds.
    pub fn validate(&self) -> Result<(), DataError> {
        let bad = |file: &str, msg: String| Err(DataError::invalid(file, msg));
        // map
        let mut ids = HashSet::new();
        let mut coords = HashSet::new();
        for h in &self.map.hexes {
            if !ids.insert(h.id.as_str()) {
                return bad("map.ron", format!("hex {} is listed twice", h.id));
            }
            if !coords.insert((h.q, h.r)) {
                return bad(
                    "map.ron",
                    format!("hex {} reuses the position ({}, {})", h.id, h.q, h.r),
                );
            }
            if h.fortification.is_some() && h.terrain == Terrain::Clear && h.landmark.is_none() {
                return bad(
                    "map.ron",
                    format!("hex {}: fortification without a landmark", h.id),
                );
            }
        }
        for v in &self.map.volga {
            if coords.contains(v) {
                return bad(
                    "map.ron",
                    format!("Volga position ({}, {}) is also a playable hex", v.0, v.1),
                );
            }
        }
        let dirs: HashSet<_> = self.map.compass.iter().collect();
        let valid_dirs = [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)];
        if dirs.len() != 6 || !self.map.compass.iter().all(|d| valid_dirs.contains(d)) {
            return bad(
                "map.ron",
                "compass must name each of the six neighbour offsets once".into(),
            );
        }
        // units
        let mut unit_ids = HashMap::new();
        for (list, side) in [
            (&self.units.german, Side::German),
            (&self.units.soviet, Side::Soviet),
            (&self.units.generals, Side::German),
        ] {
            for b in list {
                if unit_ids.insert(b.id.as_str(), b).is_some() {
                    return bad("units.ron", format!("unit id {} is used twice", b.id));
                }
                if b.faces.is_empty() || b.faces.len() > 4 {
                    return bad(
                        "units.ron",
                        format!("unit {}: a block has 1 to 4 printed edges", b.id),
                    );
                }
                if b.faces.windows(2).any(|w| w[1].0 >= w[0].0)
                    || b.faces.iter().any(|f| f.0 == 0 || f.0 > 4)
                {
                    return bad(
                        "units.ron",
                        format!(
                            "unit {}: edges must go down one pip at a time, 4 at most",
                            b.id
                        ),
                    );
                }
                if b.kind != UnitKind::General && b.kind.side() != side {
                    return bad(
                        "units.ron",
                        format!("unit {} is a {:?} in the wrong side's list", b.id, b.kind),
                    );
                }
                if side == Side::German && b.kind != UnitKind::General && b.army.is_none() {
                    return bad(
                        "units.ron",
                        format!("German unit {} has no army colour", b.id),
                    );
                }
            }
        }
        // setup
        for (hex, units) in &self.setup.german_start {
            if !ids.contains(hex.as_str()) {
                return bad("setup.ron", format!("german_start names unknown hex {hex}"));
            }
            for u in units {
                if let StartUnit::Unit(id) = u {
                    if !unit_ids.contains_key(id.as_str()) {
                        return bad("setup.ron", format!("german_start names unknown unit {id}"));
                    }
                }
            }
        }
        for id in self.setup.elimination_units.iter().flatten() {
            if !unit_ids.contains_key(id.as_str()) {
                return bad(
                    "setup.ron",
                    format!("elimination_units names unknown unit {id}"),
                );
            }
        }
        for (hex, _) in self
            .setup
            .soviet_reinforcements
            .iter()
            .chain(&self.setup.soviet_reinforcements_alt)
        {
            if !ids.contains(hex.as_str()) {
                return bad(
                    "setup.ron",
                    format!("soviet_reinforcements names unknown hex {hex}"),
                );
            }
        }
        for hex in &self.setup.okh_hexes {
            if !ids.contains(hex.as_str()) {
                return bad("setup.ron", format!("okh_hexes names unknown hex {hex}"));
            }
        }
        // cards
        let mut card_ids = HashSet::new();
        for c in self.cards.german.iter().chain(&self.cards.soviet) {
            if !card_ids.insert(c.id.as_str()) {
                return bad("cards.ron", format!("card id {} is used twice", c.id));
            }
            if !c.printed_hexes.is_empty() && c.printed_hexes.len() != c.count as usize {
                return bad(
                    "cards.ron",
                    format!("card {}: one printed hex per copy is needed", c.id),
                );
            }
            for h in &c.printed_hexes {
                if !ids.contains(h.as_str()) {
                    return bad("cards.ron", format!("card {} prints unknown hex {h}", c.id));
                }
            }
        }
        Ok(())
    }
}
