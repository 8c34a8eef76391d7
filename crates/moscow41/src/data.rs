//! The Moscow '41 scenario files (`scenarios/moscow41/*.ron`): their schema, loading and
//! validation. Everything here is plain data; provenance is in `scenarios/moscow41/SOURCES.md`.
//! Rule numbers are the rulebook's, as cited in `shared/rules/moscow-41.md` (`R 2.4` = rulebook
//! rule 2.4; `SC.C`, `SC.1`..`SC.3` = the campaign and scenario setups).
//!
//! Three files:
//! - `map.ron` ([`MapFile`]): the 175 areas with terrain, features, board geometry and the
//!   borders between them (with rivers), and the 12 off-map boxes.
//! - `blocks.ron` ([`BlocksFile`]): the 120 blocks, the 8 bombers, Defensive Line and
//!   artillery-marker counts.
//! - `setups.ron` ([`SetupsFile`]): the campaign and the three scenarios, deployment as data.

use eastfront_kernel::{DataError, Side};
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};
use std::path::Path;

// ---------------------------------------------------------------- shared enums

/// Area terrain (R 2.4). Staging = the four German Staging Areas 16A, 9A, 4A, 2A (R 2.4.4).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Terrain {
    /// Green circle: 1 MP, 4 blocks + 1 DL per player, absorption 0.
    Green,
    /// Yellow circle (forest, swamp, hills): 2 MP, 2 blocks + 1 DL, absorption 1.
    Yellow,
    /// Big star (Smolensk, Kursk, Tula, Voronezh, Moscow): 2 MP, 2 blocks + 1 DL, absorption 2
    /// if the defender controls it, 1 VP to its controller.
    Victory,
    /// German Staging Area: Germans only, unlimited stacking, German supply source.
    Staging,
}

impl Terrain {
    /// Blocks per player (R 2.7); None = unlimited (Staging Areas).
    pub fn stacking(self) -> Option<u8> {
        match self {
            Terrain::Green => Some(4),
            Terrain::Yellow | Terrain::Victory => Some(2),
            Terrain::Staging => None,
        }
    }
    /// Entry cost in good weather (R 2.6, T2).
    pub fn mp_cost(self) -> u8 {
        match self {
            Terrain::Green | Terrain::Staging => 1,
            Terrain::Yellow | Terrain::Victory => 2,
        }
    }
}

/// Army / Front colour of a block or a map icon (sticker background colour, OOB list).
/// German: Yellow = 2nd Army, LightBlue = 4th Army, Pink = 9th Army, Brown = 16th Army,
/// Red = 2nd Panzer Group, Green = 3rd Panzer Group, Blue = 4th Panzer Group, White = reserve.
/// Soviet: Green = Bryansk, LightBlue = Central, Red = Kalinin, Blue = West,
/// Yellow = Northwest, White = reserve.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    Yellow,
    LightBlue,
    Pink,
    Brown,
    Red,
    Green,
    Blue,
    White,
}

/// Dot colour = firepower of one strength step (R 4.2.2): Black = Single Fire (hits on 6,
/// 1 Replacement Point), White = Double Fire (5–6, 2 RP), Red = Triple Fire (4–6, 3 RP).
/// The same firepower as Stalingrad's pips: one shared type in the kernel.
pub use eastfront_kernel::blocks::Firepower;

/// Moscow '41's price of a step by its colour.
pub trait ReplacementCost {
    /// Replacement points to restore one step of this colour (R 7.2.2): 1 / 2 / 3.
    fn replacement_cost(self) -> u8;
}

impl ReplacementCost for Firepower {
    fn replacement_cost(self) -> u8 {
        match self {
            Firepower::Single => 1,
            Firepower::Double => 2,
            Firepower::Triple => 3,
        }
    }
}

// ---------------------------------------------------------------- map.ron

/// Which stretch of a red (Soviet supply) map edge an area lies on (R 2.1, 2.2, 9.2, 13.2–13.3.1).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SupplyEdge {
    /// North edge, west half, light-blue icon: lost at once when Shlisselburg is German.
    NorthLightBlue,
    /// North edge, blue icon: lost (with the light-blue ones) when Leningrad falls.
    NorthBlue,
    /// East edge: always a Soviet source.
    East,
    /// South edge, orange icon: lost when Kiev falls.
    SouthOrange,
    /// South edge without an orange icon (GAP-25: stays valid after Kiev falls).
    South,
}

/// A city inside an area (R 2.4.5): white box with its name; Soviet reinforcement entry point;
/// +1 absorption when the defender controls the area.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct City {
    pub name: String,
    /// Special City (red name, small star): Chernigov and Romny (R 2.4.5, 13.2).
    #[serde(default)]
    pub special: bool,
}

/// A point on the board, in centimetres from the top-left corner (x east, y south).
pub type Point = (f32, f32);

/// One of the 175 areas.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct AreaData {
    /// "1".."171", "16A", "9A", "4A", "2A".
    pub id: String,
    /// Place name printed on the map (town, city or district), if any.
    #[serde(default)]
    pub name: Option<String>,
    pub terrain: Terrain,
    #[serde(default)]
    pub city: Option<City>,
    #[serde(default)]
    pub supply: Option<SupplyEdge>,
    /// Balkan cross: German-controlled at the start of the campaign (SC.C; 66, 67, 89, 90, 100).
    #[serde(default)]
    pub balkan_cross: bool,
    /// Red star icon: Soviet-controlled but disputed at the start of SC.3 (4, 15, 17, 31).
    #[serde(default)]
    pub red_star: bool,
    /// Soviet campaign deployment icon and its colour (Yellow, LightBlue or White; SC.C step 8).
    #[serde(default)]
    pub campaign_icon: Option<Colour>,
    /// Side of the white dashed line (SC.2 front) the area lies on.
    pub sc2_side: Side,
    /// Side of the red dashed line (SC.3 front) the area lies on.
    pub sc3_side: Side,
    /// Where the area's number/circle is drawn.
    pub centre: Point,
    /// The area's outline, clockwise or anticlockwise, not closed (last point ≠ first).
    pub polygon: Vec<Point>,
}

/// A border between two areas. Every pair of areas sharing a border is listed exactly once.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct EdgeData {
    pub a: String,
    pub b: String,
    /// A river runs along this border (R 2.4.6, 10.12.5.1): affects combat, not movement.
    #[serde(default)]
    pub river: bool,
    #[serde(default)]
    pub river_name: Option<String>,
}

/// What an off-map box is (R 2.2).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoxKind {
    /// Hitler's box: German-controlled, Hitler only.
    Rastenburg,
    /// South edge; no units ever; 1 VP.
    Kiev,
    /// One of the ten Road to Leningrad boxes (1 = Pskov .. 10 = Leningrad).
    Road,
}

/// One of the 12 off-map boxes.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct BoxData {
    /// "Rastenburg", "Kiev", "Pskov", ..., "Leningrad".
    pub id: String,
    pub kind: BoxKind,
    /// Drawing rectangle: top-left corner and size (cm).
    pub pos: Point,
    pub size: Point,
}

/// A named polygon drawn on the board (Lake Ilmen: the only lake with a game effect, R 2.4;
/// it is not an area, and no two areas border each other across it).
#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct LakeData {
    pub name: String,
    pub polygon: Vec<Point>,
}

/// A river drawn on the board (the game effect is the `river` flag on [`EdgeData`]).
#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct RiverData {
    pub name: String,
    pub points: Vec<Point>,
}

/// A text label drawn on the board (no game effect).
#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct LabelData {
    pub text: String,
    pub pos: Point,
}

/// `scenarios/moscow41/map.ron`.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct MapFile {
    pub name: String,
    /// Board size in centimetres: the 86 × 62 cm map (R 1.1) is portrait, north up, so
    /// width 62 and height 86 (geography §2.1). x grows east, y grows south. Areas fill
    /// y 3..83; the strips above and below hold the boxes.
    pub width: f32,
    pub height: f32,
    /// All 175 areas: "1".."171" then "16A", "9A", "4A", "2A".
    pub areas: Vec<AreaData>,
    /// Borders between areas (each pair once).
    pub edges: Vec<EdgeData>,
    /// The 12 boxes: Rastenburg, Kiev and the ten Road to Leningrad boxes.
    pub boxes: Vec<BoxData>,
    /// The Road to Leningrad box ids in order: Pskov first, Leningrad last, Novgorod
    /// immediately before Pushkin (R 2.2, 10.9).
    pub road_to_leningrad: Vec<String>,
    /// Box id of Shlisselburg (one of the Road boxes, R 13.3.1; position GAP-5).
    pub shlisselburg: String,
    /// Where the 48th Panzer Corps waits next to the Kiev box (SC.C step 12).
    pub kiev_icon: Point,
    pub lakes: Vec<LakeData>,
    #[serde(default)]
    pub rivers: Vec<RiverData>,
    #[serde(default)]
    pub labels: Vec<LabelData>,
}

// ---------------------------------------------------------------- blocks.ron

/// Block role (R 4.2).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// Supreme Leader: Hitler, Stalin (R 4.2.4). Cannot move.
    Leader,
    /// Tactical HQ: German armies and Panzer Groups, Soviet Fronts and Zhukov (R 4.2.6, 10.2).
    TacticalHq,
    /// 2 FK and 8 FK (R 10.10).
    LuftwaffeHq,
    Combat,
}

impl Role {
    pub fn is_hq(self) -> bool {
        matches!(self, Role::TacticalHq | Role::LuftwaffeHq)
    }
}

/// Combat block type (R 4.2.5).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CombatType {
    Infantry,
    MotorizedInfantry,
    Cavalry,
    Tank,
}

/// Movement capability (R 4.2.1): Fast 5 MP, Slow 3 MP.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Speed {
    Fast,
    Slow,
}

impl Speed {
    pub const fn mp(self) -> u8 {
        match self {
            Speed::Fast => 5,
            Speed::Slow => 3,
        }
    }
}

/// The white letter in a coloured circle (R 5.1).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Letter {
    /// "L": Road to Leningrad only (41st, 56th Panzer Corps, SS Totenkopf).
    L,
    /// "N": enters the Soviet Force Pool at the start of November.
    N,
    /// Panzer-bonus symbol: the 48th Panzer Corps, available when Kiev falls.
    PanzerBonus,
}

/// One wooden block.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct BlockData {
    /// Unique short id used by setups and saves, e.g. "g_pzk24", "s_hq_w".
    pub id: String,
    /// Full name, e.g. "XXIV Panzer Corps".
    pub name: String,
    /// Short text printed on the sticker, e.g. "24", "2Pg", "W", "1G".
    pub label: String,
    pub side: Side,
    pub role: Role,
    /// For combat blocks only.
    #[serde(default)]
    pub combat_type: Option<CombatType>,
    /// Army / Front colour; None for Hitler, Stalin, Zhukov and the LW HQs.
    #[serde(default)]
    pub colour: Option<Colour>,
    /// Full strength: dots for combat blocks (1–4), stars for HQs (2–4), 4 for leaders.
    pub max_strength: u8,
    /// Colour of each dot/star, step 1 first (`dots.len() == max_strength`). A block's
    /// firepower is the colour of its current top step; replacing step n costs `dots[n-1]`.
    pub dots: Vec<Firepower>,
    pub speed: Speed,
    /// Soviet "Reduced" symbol on the first step: always deploys at minimum strength.
    #[serde(default)]
    pub reduced: bool,
    #[serde(default)]
    pub letter: Option<Letter>,
    /// Yellow lightning icon: Blitz-capable HQ (Zhukov, Guderian, Hoth; R 10.16).
    #[serde(default)]
    pub blitz_hq: bool,
    /// One of the six German infantry divisions of RO 14.7 (4 MP with that rule).
    #[serde(default)]
    pub infantry_division: bool,
    /// The Spanish Blue Division (RO 14.7).
    #[serde(default)]
    pub blue_division: bool,
    /// Some value of this row is reconstructed, not stated (see SOURCES.md).
    #[serde(default)]
    pub provisional: bool,
}

impl BlockData {
    /// Lowest level before destruction: 1 for combat blocks, 0 (♥ Heart) for HQs and leaders.
    pub fn min_strength(&self) -> u8 {
        match self.role {
            Role::Combat => 1,
            _ => 0,
        }
    }
    pub fn is_hq(&self) -> bool {
        self.role.is_hq()
    }
    /// Strength a setup "full unless Reduced" gives.
    pub fn deploy_strength(&self) -> u8 {
        if self.reduced {
            self.min_strength()
        } else {
            self.max_strength
        }
    }
}

/// Bomber type (R 10.10.1).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BomberKind {
    /// He-111: FD.
    He111,
    /// Ju-87 Stuka: FT, can Blitz, only 8 FK commits them.
    Stuka,
}

impl BomberKind {
    pub fn firepower(self) -> Firepower {
        match self {
            BomberKind::He111 => Firepower::Double,
            BomberKind::Stuka => Firepower::Triple,
        }
    }
}

#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct BomberData {
    pub id: String,
    pub kind: BomberKind,
    /// The LW HQ block id it is listed with on the OOB (GAP-9).
    pub owner: String,
}

/// `scenarios/moscow41/blocks.ron`.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct BlocksFile {
    /// All 120 blocks, German first.
    pub blocks: Vec<BlockData>,
    pub bombers: Vec<BomberData>,
    /// Defensive Lines in the box (R 4.1): German 10, Soviet 20.
    pub german_dls: u8,
    pub soviet_dls: u8,
    /// Artillery Fire markers: one per Tactical HQ (German 7, Soviet 6; R 10.4).
    pub german_artillery: u8,
    pub soviet_artillery: u8,
}

// ---------------------------------------------------------------- setups.ron

/// Start phase of a setup.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    Logistic,
    Impulse,
}

/// Weather at the start (R 8.0).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Weather {
    Good,
    Rain,
    Snow,
    Blizzard,
}

/// How often each player may use the Initiative Disc.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum InitiativeLimit {
    Unlimited,
    /// SC.1: once in the scenario, per player.
    OncePerGame,
    /// SC.3: once per month, per player.
    OncePerMonth,
}

/// Initial area control (besides Rastenburg and the Staging Areas, always German).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ControlRule {
    /// SC.C / SC.1: German = Balkan-cross areas + Pskov box; Soviet everything else.
    BalkanCrosses,
    /// SC.2: each area by its `sc2_side` (white dashed line).
    WhiteLine,
    /// SC.3: each area by its `sc3_side` (red dashed line).
    RedLine,
}

/// How a setup ends in victory (checked by the engine).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum VictoryCondition {
    /// R 1.7: a side reaching this many VP wins at once (Decisive).
    SuddenDeathVp(u8),
    /// R 1.7: most VP after the last Final Phase (Marginal).
    MostVpAtEnd,
    /// SC.1 (a): German DLs in every one of these areas (names or ids) ⇒ German win at once.
    GermanDlsIn(Vec<String>),
    /// German control of every one of these areas ⇒ German win at once (SC.1 (b), SC.2/3).
    GermanControlsAll(Vec<String>),
    /// Anything else at the end = Soviet victory.
    OtherwiseSoviet,
}

/// Which blocks a deployment step takes. Selectors apply to the side's blocks not yet placed
/// by an earlier step.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum Selector {
    /// These blocks, by id.
    Named(Vec<String>),
    /// `count` blocks drawn at random among those matching `filter`.
    Draw { count: u8, filter: Filter },
    /// Every block matching `filter`.
    All(Filter),
    /// Defensive Lines (not blocks).
    Dls(u8),
}

/// Block filter for [`Selector`]; every set field must match.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
pub struct Filter {
    #[serde(default)]
    pub colour: Option<Colour>,
    #[serde(default)]
    pub role: Option<Role>,
    #[serde(default)]
    pub combat_type: Option<CombatType>,
    /// Only blocks without a letter (excludes "N", "L" and the Panzer bonus).
    #[serde(default)]
    pub no_letter: bool,
}

/// Where a deployment step puts what it selected.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum Destination {
    /// All in this one area (id or place name).
    Area(String),
    /// One in each of these areas, in any order (as many areas as blocks/DLs).
    OneEach(Vec<String>),
    /// In the area of this (already placed) block, e.g. its HQ.
    WithBlock(String),
    /// One each in distinct areas adjacent to this block's area.
    AdjacentToBlock(String),
    /// Any of: this block's area or an adjacent area (several per area allowed).
    WithOrAdjacentToBlock(String),
    /// Any own-controlled area adjacent to an enemy-controlled one (GAP-24).
    AlongFront,
    /// Any own-controlled area (occupied or not).
    AnyControlled,
    /// Soviet campaign icons of the block's colour, one per icon (SC.C step 8).
    CampaignIcons,
    /// The side's Force Pool (may be drawn as reinforcements).
    ForcePool,
    /// The Soviet OOB box for November (the "N" blocks).
    November,
    /// Eliminated for good (surrendered Soviet blocks, counted for German VL, R 7.2.1).
    Surrendered,
    Rastenburg,
    /// A Road to Leningrad box by number (1 = Pskov).
    RoadBox(u8),
    /// The Panzer-bonus icon next to the Kiev box (SC.C step 12).
    KievIcon,
}

/// At what strength the blocks deploy (Scenario Preparation 3).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strength {
    Full,
    Minimum,
    Fixed(u8),
    /// Minimum if the block is Reduced, otherwise full (the default of the rules).
    FullUnlessReduced,
}

/// Who picks the blocks' exact places when a destination offers a choice.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placer {
    /// Random: blocks drawn and placed by lot (e.g. "one each in 4, 15, 17").
    Random,
    /// The owning player chooses.
    Player,
}

/// One deployment instruction.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct DeployStep {
    pub side: Side,
    pub what: Selector,
    pub to: Destination,
    #[serde(default = "default_strength")]
    pub strength: Strength,
    #[serde(default = "default_placer")]
    pub placer: Placer,
    /// Deployed face-up (SC.3 German whites in the red-star areas).
    #[serde(default)]
    pub face_up: bool,
    /// Rule reference and remarks.
    #[serde(default)]
    pub note: String,
}

fn default_strength() -> Strength {
    Strength::FullUnlessReduced
}
fn default_placer() -> Placer {
    Placer::Random
}

/// The control discs still on the map at the start (present = the place is Soviet and its
/// supply edge is valid; R 2.2, 13.2–13.3.1).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Discs {
    pub shlisselburg: bool,
    pub leningrad: bool,
    pub kiev: bool,
}

/// The campaign or a scenario.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct SetupData {
    /// "campaign", "sc1", "sc2", "sc3".
    pub id: String,
    pub name: String,
    /// The rulebook's Spanish title.
    pub spanish_name: String,
    /// Turn 1 = July .. 6 = December.
    pub start_turn: u8,
    pub start_phase: Phase,
    /// Last turn played (its Final Phase ends the game).
    pub end_turn: u8,
    pub weather: Weather,
    /// SC.3: the weather stays Snow for the whole game (no weather rolls).
    #[serde(default)]
    pub weather_fixed: bool,
    pub initiative: Side,
    pub initiative_limit: InitiativeLimit,
    pub control: ControlRule,
    /// SC.3: the red-star areas start disputed (Soviet-controlled, one Soviet DL, German blocks).
    #[serde(default)]
    pub red_stars_disputed: bool,
    pub discs: Discs,
    /// Whether the Road to Leningrad is in play (and Leningrad can be conquered).
    pub road_in_play: bool,
    /// SC.2/SC.3: Hoepner can give Artillery Fire.
    #[serde(default)]
    pub hoepner_artillery: bool,
    /// Bombers available at the start (GAP-37).
    pub bombers_available: u8,
    /// Logistic Values printed in the setup, for checking (before any weather halving:
    /// `german_vl_printed` is the printed number, e.g. 11 for "11/2").
    pub soviet_vl_printed: u8,
    pub german_vl_printed: u8,
    /// The printed VL is halved for the Germans (SC.3, Snow).
    #[serde(default)]
    pub german_vl_halved: bool,
    /// VP held at the start, as the setup text lists them (for checking).
    pub soviet_vp_printed: u8,
    pub german_vp_printed: u8,
    pub victory: Vec<VictoryCondition>,
    /// In order; the side without the Initiative deploys first (R 3.2.1).
    pub deploy: Vec<DeployStep>,
}

/// `scenarios/moscow41/setups.ron`.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct SetupsFile {
    pub setups: Vec<SetupData>,
}

// ---------------------------------------------------------------- loading

/// All Moscow '41 data, parsed and validated.
#[derive(Clone, Debug)]
pub struct ScenarioData {
    pub map: MapFile,
    pub blocks: BlocksFile,
    pub setups: SetupsFile,
}

/// The data compiled into the binary, so the game runs from any folder.
pub const MAP_RON: &str = include_str!("../../../scenarios/moscow41/map.ron");
pub const BLOCKS_RON: &str = include_str!("../../../scenarios/moscow41/blocks.ron");
pub const SETUPS_RON: &str = include_str!("../../../scenarios/moscow41/setups.ron");
/// Provenance of every value (shown in the app's About panel).
pub const SOURCES_MD: &str = include_str!("../../../scenarios/moscow41/SOURCES.md");

impl ScenarioData {
    /// The data shipped with the program.
    pub fn builtin() -> ScenarioData {
        Self::from_strs(MAP_RON, BLOCKS_RON, SETUPS_RON)
            .unwrap_or_else(|e| panic!("built-in Moscow '41 data is invalid: {e}"))
    }

    pub fn from_strs(map: &str, blocks: &str, setups: &str) -> Result<Self, DataError> {
        let data = ScenarioData {
            map: eastfront_kernel::parse_ron("map.ron", map)?,
            blocks: eastfront_kernel::parse_ron("blocks.ron", blocks)?,
            setups: eastfront_kernel::parse_ron("setups.ron", setups)?,
        };
        data.validate()?;
        Ok(data)
    }

    /// Loads the three files from a folder (a player's corrected copy, for instance).
    pub fn load_dir(dir: &Path) -> Result<Self, DataError> {
        let read = |name: &str| eastfront_kernel::read_text_file(&dir.join(name));
        Self::from_strs(
            &read("map.ron")?,
            &read("blocks.ron")?,
            &read("setups.ron")?,
        )
    }

    /// Structural checks: ids unique, references resolve, borders symmetric and single,
    /// strengths consistent. The rule-stated facts are checked by `tests/data_facts.rs`.
    pub fn validate(&self) -> Result<(), DataError> {
        self.validate_map()?;
        self.validate_blocks()?;
        self.validate_setups()
    }

    fn validate_map(&self) -> Result<(), DataError> {
        let bad = |msg: String| Err(DataError::invalid("map.ron", msg));
        let m = &self.map;
        let mut ids: HashSet<&str> = HashSet::new();
        for a in &m.areas {
            if !ids.insert(a.id.as_str()) {
                return bad(format!("area {} is listed twice", a.id));
            }
            if a.polygon.len() < 3 {
                return bad(format!(
                    "area {}: its outline has {} points, at least 3 needed",
                    a.id,
                    a.polygon.len()
                ));
            }
            if (a.terrain == Terrain::Staging) != a.id.ends_with('A') {
                return bad(format!(
                    "area {}: only 16A, 9A, 4A and 2A are Staging Areas",
                    a.id
                ));
            }
        }
        let mut box_ids: HashSet<&str> = HashSet::new();
        for b in &m.boxes {
            if ids.contains(b.id.as_str()) || !box_ids.insert(b.id.as_str()) {
                return bad(format!("box {} is listed twice", b.id));
            }
        }
        let mut pairs: HashSet<(&str, &str)> = HashSet::new();
        for e in &m.edges {
            for x in [&e.a, &e.b] {
                if !ids.contains(x.as_str()) {
                    return bad(format!("border {}–{}: there is no area {x}", e.a, e.b));
                }
            }
            if e.a == e.b {
                return bad(format!(
                    "border {}–{}: an area cannot border itself",
                    e.a, e.b
                ));
            }
            let key = if e.a < e.b {
                (e.a.as_str(), e.b.as_str())
            } else {
                (e.b.as_str(), e.a.as_str())
            };
            if !pairs.insert(key) {
                return bad(format!(
                    "border {}–{} is listed twice (list each pair once; borders work both ways)",
                    e.a, e.b
                ));
            }
            if e.river_name.is_some() && !e.river {
                return bad(format!(
                    "border {}–{} names a river but has river: false",
                    e.a, e.b
                ));
            }
        }
        if m.road_to_leningrad.len() != 10 {
            return bad(format!(
                "road_to_leningrad lists {} boxes, the Road has 10",
                m.road_to_leningrad.len()
            ));
        }
        for r in &m.road_to_leningrad {
            match m.boxes.iter().find(|b| &b.id == r) {
                Some(b) if b.kind == BoxKind::Road => {}
                _ => return bad(format!("road_to_leningrad: {r} is not a Road box")),
            }
        }
        if !m.road_to_leningrad.contains(&m.shlisselburg) {
            return bad(format!(
                "shlisselburg: {} is not on the Road to Leningrad",
                m.shlisselburg
            ));
        }
        Ok(())
    }

    fn validate_blocks(&self) -> Result<(), DataError> {
        let bad = |msg: String| Err(DataError::invalid("blocks.ron", msg));
        let mut ids: HashSet<&str> = HashSet::new();
        for b in &self.blocks.blocks {
            if !ids.insert(b.id.as_str()) {
                return bad(format!("block {} is listed twice", b.id));
            }
            if b.dots.len() != b.max_strength as usize {
                return bad(format!(
                    "block {}: max_strength {} but {} dot colours",
                    b.id,
                    b.max_strength,
                    b.dots.len()
                ));
            }
            if !(1..=4).contains(&b.max_strength) {
                return bad(format!(
                    "block {}: max_strength {} (blocks have 1 to 4)",
                    b.id, b.max_strength
                ));
            }
            if (b.role == Role::Combat) != b.combat_type.is_some() {
                return bad(format!(
                    "block {}: combat blocks (and only they) have a combat_type",
                    b.id
                ));
            }
            if b.reduced && b.side != Side::Soviet {
                return bad(format!("block {}: only Soviet blocks are Reduced", b.id));
            }
        }
        for bo in &self.blocks.bombers {
            match self.blocks.blocks.iter().find(|b| b.id == bo.owner) {
                Some(b) if b.role == Role::LuftwaffeHq => {}
                _ => {
                    return bad(format!(
                        "bomber {}: owner {} is not a Luftwaffe HQ",
                        bo.id, bo.owner
                    ))
                }
            }
        }
        Ok(())
    }

    fn validate_setups(&self) -> Result<(), DataError> {
        let bad = |msg: String| Err(DataError::invalid("setups.ron", msg));
        let blocks: HashMap<&str, &BlockData> = self
            .blocks
            .blocks
            .iter()
            .map(|b| (b.id.as_str(), b))
            .collect();
        let place_ok = |p: &str| self.area_by_name_or_id(p).is_some();
        let mut seen = HashSet::new();
        for s in &self.setups.setups {
            if !seen.insert(s.id.as_str()) {
                return bad(format!("setup {} is listed twice", s.id));
            }
            if !(1..=6).contains(&s.start_turn) || !(s.start_turn..=6).contains(&s.end_turn) {
                return bad(format!(
                    "setup {}: turns {}..{} (turns are 1 = July .. 6 = December)",
                    s.id, s.start_turn, s.end_turn
                ));
            }
            for (i, st) in s.deploy.iter().enumerate() {
                let at = format!("setup {} step {}", s.id, i + 1);
                if let Selector::Named(ids) = &st.what {
                    for id in ids {
                        match blocks.get(id.as_str()) {
                            Some(b) if b.side == st.side => {}
                            Some(_) => {
                                return bad(format!("{at}: block {id} is not {:?}", st.side))
                            }
                            None => return bad(format!("{at}: there is no block {id}")),
                        }
                    }
                }
                match &st.to {
                    Destination::Area(p) if !place_ok(p) => {
                        return bad(format!("{at}: there is no area {p}"))
                    }
                    Destination::OneEach(ps) => {
                        for p in ps {
                            if !place_ok(p) {
                                return bad(format!("{at}: there is no area {p}"));
                            }
                        }
                    }
                    Destination::WithBlock(b)
                    | Destination::AdjacentToBlock(b)
                    | Destination::WithOrAdjacentToBlock(b)
                        if !blocks.contains_key(b.as_str()) =>
                    {
                        return bad(format!("{at}: there is no block {b}"))
                    }
                    Destination::RoadBox(n) if !(1..=10).contains(n) => {
                        return bad(format!("{at}: Road boxes are 1..10, not {n}"))
                    }
                    _ => {}
                }
                for v in &s.victory {
                    if let VictoryCondition::GermanDlsIn(ps)
                    | VictoryCondition::GermanControlsAll(ps) = v
                    {
                        for p in ps {
                            if !place_ok(p) && !self.map.boxes.iter().any(|b| &b.id == p) {
                                return bad(format!(
                                    "setup {}: victory names unknown place {p}",
                                    s.id
                                ));
                            }
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// The area with this id ("63") or this printed name / city name ("Moscow").
    pub fn area_by_name_or_id(&self, key: &str) -> Option<&AreaData> {
        self.map.areas.iter().find(|a| a.id == key).or_else(|| {
            self.map.areas.iter().find(|a| {
                a.name.as_deref() == Some(key)
                    || a.city.as_ref().map(|c| c.name.as_str()) == Some(key)
            })
        })
    }
}
