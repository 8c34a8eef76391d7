//! The schema of `setups.ron` ([`SetupsFile`]): the campaign and the scenarios, their
//! deployment steps, victory conditions and initiative.

use super::*;

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
