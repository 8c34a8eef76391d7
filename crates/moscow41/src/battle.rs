//! One battle of Moscow '41, rules 10.11–10.15 (`shared/rules/moscow-41.md` §6, Appendix A.2).
//!
//! The module knows nothing of the engine's `State`: the engine describes the battle in a
//! [`BattleSetup`] (the area, the weather, the blocks of both sides with their current strength
//! and printed ladder, DLs, artillery markers and committed bombers), and drives a [`Battle`]:
//!
//! ```text
//! let mut battle = Battle::new(setup)?;
//! loop {
//!     match battle.run(&mut state.dice) {
//!         Progress::Finished => break,
//!         Progress::NeedsChoice(side) => {
//!             // offer battle.pending_choice().options to `side` as actions; later:
//!             battle.choose(option)?;
//!         }
//!     }
//! }
//! let result = battle.result().unwrap(); // strengths, losses and where they go, bombers, …
//! ```
//!
//! Sequence (10.12): 1 Deployment (every block revealed), 2 Artillery Fire, 3 the Defender's AA,
//! 4 Air Attack, 5 Ground Combat (the Defender fires first unless under Armored Attack; each
//! side's hits are applied before the other side fires). Hits on the Defender first use up the
//! Absorption Bonus of the whole battle (10.13), then the Defender's DL, then the strongest
//! blocks (10.14). Where the owner of tied blocks, or the German with AA hits, must choose, the
//! battle stops and lists the legal options; `choose` takes one and `run` goes on.

use eastfront_kernel::blocks::{count_hits, lose_step, Firepower, StepLoss};
use eastfront_kernel::{Dice, Side};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A block's id as the engine knows it (opaque here).
pub type UnitId = u16;
/// A bomber disc's id as the engine knows it (opaque here).
pub type BomberId = u16;

/// The battle area's terrain (T1). `Box` gives no Absorption Bonus (10.13).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Terrain {
    Green,
    Yellow,
    Victory,
    Box,
}

/// Weather of the impulse (8.0; Blizzard is optional rule 14.5).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Weather {
    Sunny,
    Rain,
    Snow,
    Blizzard,
}

impl Weather {
    /// Rivers are frozen in Snow (8.0) and so in Blizzard ("treated as Snow", RO 14.5).
    pub fn rivers_frozen(self) -> bool {
        matches!(self, Weather::Snow | Weather::Blizzard)
    }
}

/// RO 14.5: German blocks' dice in Blizzard are divided by these (the printed fractions are
/// lost, GAP-8: default ½ defending, ¼ attacking; never below 1 die, 3.1).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BlizzardDivisors {
    pub defending: u8,
    pub attacking: u8,
}

impl Default for BlizzardDivisors {
    fn default() -> Self {
        BlizzardDivisors {
            defending: 2,
            attacking: 4,
        }
    }
}

/// What a block is in battle (4.2).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// Infantry, motorized infantry, cavalry, tank (4.2.5).
    Combat,
    /// A Tactical HQ in the battle area fires its stars with FD (10.4); ♥ = no dice.
    TacticalHq,
    /// A Luftwaffe HQ: no firepower in ground combat (10.10), but it can take hits.
    LwHq,
    /// Hitler or Stalin: no firepower (4.2.4); never takes hits (GAP-11).
    Leader,
}

/// One block in the battle area.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct BattleUnit {
    pub id: UnitId,
    /// Shown in the log; may be empty ("block #id" is used then).
    pub name: String,
    pub side: Side,
    pub role: Role,
    pub is_tank: bool,
    /// Fast (5 MP) block: an attacking Fast combat block that clears a Green area stays
    /// revealed to show it may Blitz (10.15).
    pub is_fast: bool,
    /// Current strength: dots, or stars (♥ = 0).
    pub strength: u8,
    /// The printed strengths in rotation order, strongest first, each with its dot colour;
    /// the last entry is the minimum. HQs and leaders: `[4, 3, 2, 0]` (or its lower part), FD.
    pub ladder: Vec<(u8, Firepower)>,
    /// Marked Isolated (white cube): an isolated attacker does not fire (10.11, GAP-33).
    pub isolated: bool,
    /// Engaged into this area across a river (blue cube, 2.4.6, 10.12.5.1).
    pub across_river: bool,
    /// The Spanish Blue Division (RO 14.7): no Snow penalty; only halved attacking in Blizzard.
    pub blue_division: bool,
}

impl BattleUnit {
    /// A combat block at full strength: ladder `max, max-1, …, 1`, every step `fp`.
    pub fn combat(id: UnitId, side: Side, max: u8, fp: Firepower) -> Self {
        BattleUnit {
            id,
            name: String::new(),
            side,
            role: Role::Combat,
            is_tank: false,
            is_fast: false,
            strength: max,
            ladder: (1..=max).rev().map(|s| (s, fp)).collect(),
            isolated: false,
            across_river: false,
            blue_division: false,
        }
    }

    /// An HQ (or leader) with the ladder `4★, 3★, 2★, ♥` from `max` down, FD (4.2.2).
    pub fn hq(id: UnitId, side: Side, role: Role, max: u8, stars: u8) -> Self {
        let ladder = [4u8, 3, 2, 0]
            .into_iter()
            .filter(|s| *s <= max)
            .map(|s| (s, Firepower::Double))
            .collect();
        BattleUnit {
            role,
            strength: stars,
            ladder,
            is_fast: role == Role::TacticalHq,
            ..BattleUnit::combat(id, side, 0, Firepower::Double)
        }
    }

    pub fn named(mut self, name: &str) -> Self {
        self.name = name.to_string();
        self
    }
    pub fn tank(mut self) -> Self {
        self.is_tank = true;
        self.is_fast = true;
        self
    }
    pub fn fast(mut self) -> Self {
        self.is_fast = true;
        self
    }
    pub fn slow(mut self) -> Self {
        self.is_fast = false;
        self
    }
    /// At this current strength (it must be on the ladder).
    pub fn at(mut self, strength: u8) -> Self {
        self.strength = strength;
        self
    }
    pub fn isolated(mut self) -> Self {
        self.isolated = true;
        self
    }
    pub fn across_river(mut self) -> Self {
        self.across_river = true;
        self
    }
    pub fn blue_division(mut self) -> Self {
        self.blue_division = true;
        self
    }

    fn rung(&self) -> Option<usize> {
        self.ladder.iter().position(|(s, _)| *s == self.strength)
    }

    /// Firepower of the current step; HQ stars are white (FD, 4.2.2).
    pub fn firepower(&self) -> Option<Firepower> {
        match self.role {
            Role::Combat => self
                .rung()
                .map(|r| self.ladder[r].1)
                .filter(|_| self.strength > 0),
            Role::TacticalHq if self.strength > 0 => Some(Firepower::Double),
            _ => None,
        }
    }

    /// ♥-level HQ (10.5): no strength, no firepower, no AA.
    pub fn exhausted(&self) -> bool {
        matches!(self.role, Role::TacticalHq | Role::LwHq | Role::Leader) && self.strength == 0
    }

    fn label(&self) -> String {
        if self.name.is_empty() {
            format!("block #{}", self.id)
        } else {
            self.name.clone()
        }
    }
}

/// An Artillery Fire marker on the battle area (10.4, 10.12.2): dice = the HQ's stars, FD.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct Artillery {
    pub hq: UnitId,
    /// Shown in the log; may be empty.
    pub name: String,
    /// The HQ's current stars (♥ = 0: no Artillery Fire, 10.5).
    pub strength: u8,
}

#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BomberKind {
    /// Heinkel He-111: FD (10.10.1).
    He111,
    /// Junkers Ju-87 Stuka: FT; only 8 FK commits them; may follow a Blitz (10.10.1, 10.16).
    Stuka,
}

impl BomberKind {
    pub fn firepower(self) -> Firepower {
        match self {
            BomberKind::He111 => Firepower::Double,
            BomberKind::Stuka => Firepower::Triple,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            BomberKind::He111 => "He-111",
            BomberKind::Stuka => "Stuka",
        }
    }
}

/// A bomber committed to this battle (10.10): it rolls dice = its LW HQ's strength.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct Bomber {
    pub id: BomberId,
    pub kind: BomberKind,
    /// The commanding LW HQ (2 FK / 8 FK).
    pub lw_hq: UnitId,
    /// That LW HQ's current strength (before weather).
    pub lw_strength: u8,
}

/// Everything the battle needs to know, taken from the engine's state when the Attacker
/// declares the battle.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct BattleSetup {
    /// The active player (GAP-34: the Defender is always the other one).
    pub attacker: Side,
    pub terrain: Terrain,
    /// The area has a City (Chernigov and Romny included).
    pub city: bool,
    /// The Defender controls the area (the Original Defender of a disputed area, 2.5).
    pub defender_controls: bool,
    pub weather: Weather,
    /// Used only in Blizzard.
    pub blizzard: BlizzardDivisors,
    /// The area became disputed in this impulse (river rule 10.12.5.1; Armored Attack).
    pub newly_disputed: bool,
    /// A DL of the Attacker in the area (GAP-17: takes the first hit, never fires).
    pub attacker_dl: bool,
    /// A DL of the Defender in the area (4.1).
    pub defender_dl: bool,
    pub artillery: Vec<Artillery>,
    pub bombers: Vec<Bomber>,
    /// Both sides' blocks in the area, in the order they roll.
    pub units: Vec<BattleUnit>,
    /// A Blitz battle (10.16): only Stukas may support it.
    pub blitz: bool,
}

impl BattleSetup {
    /// A battle in `terrain` in good weather, newly disputed, with no DL, artillery or bombers.
    pub fn new(attacker: Side, terrain: Terrain) -> Self {
        BattleSetup {
            attacker,
            terrain,
            city: false,
            defender_controls: true,
            weather: Weather::Sunny,
            blizzard: BlizzardDivisors::default(),
            newly_disputed: true,
            attacker_dl: false,
            defender_dl: false,
            artillery: Vec::new(),
            bombers: Vec::new(),
            units: Vec::new(),
            blitz: false,
        }
    }

    pub fn defender(&self) -> Side {
        self.attacker.other()
    }

    /// The Defender's Absorption Bonus for the whole battle (10.13, T7): Yellow 1 (controlled
    /// or not); a controlled City 1 or a controlled Victory Area 2 (never both); a controlled
    /// area with the Defender's DL 1; at most 3; none in a box.
    pub fn absorption(&self) -> u32 {
        if self.terrain == Terrain::Box {
            return 0;
        }
        let yellow = (self.terrain == Terrain::Yellow) as u32;
        let urban = if !self.defender_controls {
            0
        } else if self.terrain == Terrain::Victory {
            2
        } else {
            self.city as u32
        };
        let dl = (self.defender_controls && self.defender_dl) as u32;
        (yellow + urban + dl).min(3)
    }

    fn validate(&self) -> Result<(), BattleError> {
        let bad = |s: String| Err(BattleError::InvalidSetup(s));
        let mut ids: Vec<UnitId> = self.units.iter().map(|u| u.id).collect();
        ids.sort_unstable();
        if ids.windows(2).any(|w| w[0] == w[1]) {
            return bad("two blocks share an id".into());
        }
        for u in &self.units {
            if u.ladder.is_empty() || u.rung().is_none() {
                return bad(format!(
                    "{}: strength {} is not on its ladder {:?}",
                    u.label(),
                    u.strength,
                    u.ladder
                ));
            }
            if u.ladder.windows(2).any(|w| w[1].0 >= w[0].0) {
                return bad(format!("{}: the ladder must go down", u.label()));
            }
            if u.role == Role::LwHq && u.side != Side::German {
                return bad(format!("{}: only the Germans have LW HQs", u.label()));
            }
        }
        let fighting = |side: Side| {
            self.units
                .iter()
                .any(|u| u.side == side && u.role != Role::Leader)
        };
        if !fighting(self.attacker) {
            return bad("artillery and bombers cannot attack alone (10.11)".into());
        }
        if !fighting(self.defender()) && !self.defender_dl {
            return bad("a battle needs units of both players (10.11)".into());
        }
        if !self.bombers.is_empty() && self.attacker != Side::German {
            return bad("only the German attacker commits bombers (10.10)".into());
        }
        if self.blitz && self.bombers.iter().any(|b| b.kind != BomberKind::Stuka) {
            return bad("only Stukas follow a Blitz (10.16)".into());
        }
        let mut bids: Vec<BomberId> = self.bombers.iter().map(|b| b.id).collect();
        bids.sort_unstable();
        if bids.windows(2).any(|w| w[0] == w[1]) {
            return bad("two bombers share an id".into());
        }
        Ok(())
    }
}

/// Where something fired from, for the log and the dice panel.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum FireSource {
    /// An Artillery Fire marker of this HQ (10.12.2).
    Artillery { hq: UnitId },
    /// AA of a defending block, or of the Defender's DL (`None`) (10.12.3).
    AntiAircraft { unit: Option<UnitId> },
    /// A bomber's Air Attack (10.12.4).
    Bomber { bomber: BomberId },
    /// Ground fire of a block, or of a DL (`None`) (10.12.5).
    Ground { unit: Option<UnitId> },
}

/// Where a block destroyed in battle goes (10.14.3, T14).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LossDestination {
    /// German: eliminated for good, on the Soviet OOB's box; counts toward the Soviet bonus
    /// (+1 Logistic Point per 10).
    EliminatedPermanently,
    /// Soviet: back to the Soviet Force Pool, may return as a reinforcement.
    ForcePool,
}

impl LossDestination {
    pub fn of(side: Side) -> Self {
        match side {
            Side::German => LossDestination::EliminatedPermanently,
            Side::Soviet => LossDestination::ForcePool,
        }
    }
}

/// What AA did to a bomber (10.12.3, 10.14.3, T12).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BomberFate {
    /// Survived AA and made its Air Attack.
    Attacked,
    /// One AA hit: off the board, on the German OOB; back from the next German impulse.
    Aborted,
    /// Two AA hits: on the Soviet OOB; back from the next turn.
    Destroyed,
}

/// One line of the battle log: the rule, words for the player, and the fact itself.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct BattleLog {
    pub rule: String,
    pub text: String,
    pub event: BattleEvent,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub enum BattleEvent {
    /// 10.12.1: these blocks are laid face-up.
    Revealed {
        units: Vec<UnitId>,
    },
    /// Dice rolled and the hits they scored.
    Roll {
        side: Side,
        source: FireSource,
        firepower: Firepower,
        dice: Vec<u8>,
        hits: u32,
    },
    /// Hits taken by the Absorption Bonus; `left` is what is left of it for this battle.
    Absorbed {
        hits: u32,
        left: u32,
    },
    DlDestroyed {
        side: Side,
    },
    StepLost {
        unit: UnitId,
        strength: u8,
    },
    Destroyed {
        unit: UnitId,
        destination: LossDestination,
    },
    BomberAborted {
        bomber: BomberId,
    },
    BomberDestroyed {
        bomber: BomberId,
    },
    /// Hits (or AA hits) left with nothing to take them (10.14.2).
    ExcessLost {
        side: Side,
        hits: u32,
    },
    /// 10.12.5.2: the Attacker fires first.
    ArmoredAttack,
    /// Who opens the ground combat.
    FiresFirst {
        side: Side,
    },
    /// Anything else worth a line (a block without dice, an empty step…).
    Note,
}

/// One legal answer to a [`PendingChoice`].
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BattleOption {
    /// AA: one hit aborts this bomber (10.12.3).
    AbortBomber(BomberId),
    /// AA: two hits destroy this bomber (10.12.3).
    DestroyBomber(BomberId),
    /// Losses: this block (one of the tied strongest) takes the next hit (10.14.1).
    HitBlock(UnitId),
}

impl fmt::Display for BattleOption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BattleOption::AbortBomber(b) => write!(f, "abort bomber #{b}"),
            BattleOption::DestroyBomber(b) => write!(f, "bomber #{b} is destroyed"),
            BattleOption::HitBlock(u) => write!(f, "block #{u} takes the hit"),
        }
    }
}

/// A decision the battle waits for.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct PendingChoice {
    /// Who decides: the German for AA results, the owner of the tied blocks for losses.
    pub side: Side,
    pub rule: String,
    pub prompt: String,
    /// Hits still to place (this choice places one or two of them).
    pub hits_left: u32,
    pub options: Vec<BattleOption>,
}

#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// This side must answer `pending_choice()`.
    NeedsChoice(Side),
    Finished,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BattleError {
    #[error("invalid battle: {0}")]
    InvalidSetup(String),
    #[error("the battle is not waiting for a choice")]
    NoChoicePending,
    #[error("{0} is not a legal choice now")]
    IllegalOption(BattleOption),
}

/// What happened to one block.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct UnitOutcome {
    pub id: UnitId,
    pub side: Side,
    pub strength_before: u8,
    /// Strength after the battle (its last strength if destroyed).
    pub strength: u8,
    pub steps_lost: u8,
    /// Destroyed, and where it goes.
    pub destroyed: Option<LossDestination>,
    /// Still face-up after the battle (10.15).
    pub revealed: bool,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct BattleResult {
    pub attacker: Side,
    /// Every block of the setup, in setup order.
    pub units: Vec<UnitOutcome>,
    pub attacker_dl_destroyed: bool,
    pub defender_dl_destroyed: bool,
    /// Every committed bomber, in setup order.
    pub bombers: Vec<(BomberId, BomberFate)>,
    /// Hits scored by each side (artillery and air count for the Attacker).
    pub attacker_hits: u32,
    pub defender_hits: u32,
    /// Hits the Absorption Bonus took.
    pub absorbed: u32,
    pub armored_attack: bool,
    pub first_to_fire: Side,
    /// The side with no unit (block or DL) left in the area, if any (10.15).
    pub wiped_out: Option<Side>,
    /// Attacking Fast combat blocks that cleared a Green area in good weather: they stay
    /// revealed and may Blitz (10.15, 10.16; the Blitz HQ's range and "not twice" are the
    /// engine's to check).
    pub may_blitz: Vec<UnitId>,
}

impl BattleResult {
    pub fn unit(&self, id: UnitId) -> Option<&UnitOutcome> {
        self.units.iter().find(|u| u.id == id)
    }
    pub fn bomber(&self, id: BomberId) -> Option<BomberFate> {
        self.bombers.iter().find(|b| b.0 == id).map(|b| b.1)
    }
}

/// Where the step machine stands.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    Deployment,
    /// Artillery marker `i` fires next.
    Artillery(usize),
    AntiAircraft,
    /// The German places AA hits on bombers.
    AaResults {
        hits_left: u32,
    },
    AirAttack,
    GroundStart,
    /// `i`-th side to fire (0 first, 1 second).
    GroundFire(usize),
    Done,
}

/// Hits waiting to be applied to one side (10.13, 10.14).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
struct HitQueue {
    side: Side,
    hits: u32,
}

/// One battle in progress; plain data, so it can live inside the engine's state and be saved.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct Battle {
    setup: BattleSetup,
    /// Live copies of the blocks (strength changes as hits land).
    units: Vec<BattleUnit>,
    destroyed: Vec<bool>,
    attacker_dl: bool,
    defender_dl: bool,
    absorption_left: u32,
    absorbed: u32,
    bombers: Vec<Option<BomberFate>>,
    step: Step,
    queue: Option<HitQueue>,
    first: Side,
    armored: bool,
    attacker_hits: u32,
    defender_hits: u32,
    log: Vec<BattleLog>,
    result: Option<BattleResult>,
}

fn halve_min1(x: u32, divisor: u32) -> u32 {
    if x == 0 {
        0
    } else {
        (x / divisor.max(1)).max(1)
    }
}

impl Battle {
    pub fn new(setup: BattleSetup) -> Result<Battle, BattleError> {
        setup.validate()?;
        let pool = setup.absorption();
        Ok(Battle {
            units: setup.units.clone(),
            destroyed: vec![false; setup.units.len()],
            attacker_dl: setup.attacker_dl,
            defender_dl: setup.defender_dl,
            absorption_left: pool,
            absorbed: 0,
            bombers: vec![None; setup.bombers.len()],
            step: Step::Deployment,
            queue: None,
            first: setup.defender(),
            armored: false,
            attacker_hits: 0,
            defender_hits: 0,
            log: Vec::new(),
            result: None,
            setup,
        })
    }

    pub fn setup(&self) -> &BattleSetup {
        &self.setup
    }

    /// The blocks as they stand now (strengths after the hits so far).
    pub fn units(&self) -> impl Iterator<Item = &BattleUnit> {
        self.units
            .iter()
            .zip(&self.destroyed)
            .filter(|(_, d)| !**d)
            .map(|(u, _)| u)
    }

    /// Every line so far, oldest first.
    pub fn log(&self) -> &[BattleLog] {
        &self.log
    }

    /// What is left of the Absorption Bonus.
    pub fn absorption_left(&self) -> u32 {
        self.absorption_left
    }

    pub fn is_finished(&self) -> bool {
        self.result.is_some()
    }

    pub fn result(&self) -> Option<&BattleResult> {
        self.result.as_ref()
    }

    /// The decision the battle waits for, with every legal option.
    pub fn pending_choice(&self) -> Option<PendingChoice> {
        if let Some(q) = self.queue {
            let options = self.tie_options(q.side, q.hits)?;
            return Some(PendingChoice {
                side: q.side,
                rule: "10.14.1".into(),
                prompt: format!(
                    "{} {}: blocks of equal strength are the strongest; choose which takes the next hit.",
                    q.hits,
                    if q.hits == 1 { "hit" } else { "hits" }
                ),
                hits_left: q.hits,
                options,
            });
        }
        if let Step::AaResults { hits_left } = self.step {
            let options = self.aa_options(hits_left);
            if options.len() > 1 {
                return Some(PendingChoice {
                    side: Side::German,
                    rule: "10.12.3".into(),
                    prompt: format!(
                        "{hits_left} AA {} against the bombers: each hit aborts a bomber, two hits may destroy one instead.",
                        if hits_left == 1 { "hit" } else { "hits" }
                    ),
                    hits_left,
                    options,
                });
            }
        }
        None
    }

    /// Answers the pending choice; then call [`Battle::run`] again.
    pub fn choose(&mut self, option: BattleOption) -> Result<(), BattleError> {
        let pending = self.pending_choice().ok_or(BattleError::NoChoicePending)?;
        if !pending.options.contains(&option) {
            return Err(BattleError::IllegalOption(option));
        }
        self.apply_option(option);
        Ok(())
    }

    fn apply_option(&mut self, option: BattleOption) {
        match option {
            BattleOption::HitBlock(id) => {
                let i = self.index(id).expect("a listed block");
                self.hit_block(i);
                let q = self.queue.as_mut().expect("a hit queue");
                q.hits -= 1;
            }
            BattleOption::AbortBomber(b) | BattleOption::DestroyBomber(b) => {
                let destroy = matches!(option, BattleOption::DestroyBomber(_));
                self.bomber_result(b, destroy);
                if let Step::AaResults { hits_left } = &mut self.step {
                    *hits_left -= if destroy { 2 } else { 1 };
                }
            }
        }
    }

    /// Advances until a player must choose or the battle is over.
    pub fn run(&mut self, dice: &mut Dice) -> Progress {
        loop {
            if self.queue.is_some() {
                if let Some(side) = self.apply_queue() {
                    return Progress::NeedsChoice(side);
                }
                continue;
            }
            match self.step {
                Step::Deployment => self.deployment(),
                Step::Artillery(i) => self.artillery(i, dice),
                Step::AntiAircraft => self.anti_aircraft(dice),
                Step::AaResults { hits_left } => {
                    if let Some(p) = self.pending_choice() {
                        return Progress::NeedsChoice(p.side);
                    }
                    self.aa_auto(hits_left);
                }
                Step::AirAttack => self.air_attack(dice),
                Step::GroundStart => self.ground_start(),
                Step::GroundFire(i) => self.ground_fire(i, dice),
                Step::Done => {
                    if self.result.is_none() {
                        self.finish();
                    }
                    return Progress::Finished;
                }
            }
        }
    }

    // ---- log helpers ----

    fn push_log(&mut self, rule: &str, text: String, event: BattleEvent) {
        self.log.push(BattleLog {
            rule: rule.to_string(),
            text,
            event,
        });
    }

    fn note(&mut self, rule: &str, text: String) {
        self.push_log(rule, text, BattleEvent::Note);
    }

    fn roll(
        &mut self,
        dice: &mut Dice,
        rule: &str,
        source: FireSource,
        firepower: Firepower,
        n: u32,
        what: String,
    ) -> u32 {
        let side = match source {
            FireSource::Artillery { .. } | FireSource::Bomber { .. } => self.setup.attacker,
            FireSource::AntiAircraft { .. } | FireSource::Ground { unit: None } => {
                self.setup.defender()
            }
            FireSource::Ground { unit: Some(id) } => {
                self.units
                    .iter()
                    .find(|u| u.id == id)
                    .expect("a block")
                    .side
            }
        };
        let rolled = dice.roll(n as usize);
        let hits = count_hits(&rolled, firepower);
        self.push_log(
            rule,
            format!(
                "{what}: {n} {} {} → {:?}: {hits} {}.",
                if n == 1 { "die" } else { "dice" },
                firepower.short(),
                rolled,
                if hits == 1 { "hit" } else { "hits" }
            ),
            BattleEvent::Roll {
                side,
                source,
                firepower,
                dice: rolled,
                hits,
            },
        );
        hits
    }

    fn index(&self, id: UnitId) -> Option<usize> {
        self.units
            .iter()
            .zip(&self.destroyed)
            .position(|(u, d)| u.id == id && !*d)
    }

    fn alive(&self, side: Side) -> impl Iterator<Item = usize> + '_ {
        (0..self.units.len()).filter(move |&i| !self.destroyed[i] && self.units[i].side == side)
    }

    fn dl(&self, side: Side) -> bool {
        if side == self.setup.attacker {
            self.attacker_dl
        } else {
            self.defender_dl
        }
    }

    /// Units (blocks other than leaders, and DLs) of `side` still in the area.
    fn has_units(&self, side: Side) -> bool {
        self.dl(side) || self.alive(side).any(|i| self.units[i].role != Role::Leader)
    }

    // ---- 10.12.1 Deployment ----

    fn deployment(&mut self) {
        let ids: Vec<UnitId> = self.units.iter().map(|u| u.id).collect();
        let names: Vec<String> = self
            .units
            .iter()
            .map(|u| format!("{} {} ({})", u.side.name(), u.label(), u.strength))
            .collect();
        self.push_log(
            "10.12.1",
            format!(
                "Deployment: both sides reveal their blocks: {}.",
                names.join(", ")
            ),
            BattleEvent::Revealed { units: ids },
        );
        let pool = self.absorption_left;
        self.note(
            "10.13",
            format!(
                "The Defender's Absorption Bonus for this battle: {pool}{}.",
                if pool == 0 { " (none)" } else { "" }
            ),
        );
        self.step = Step::Artillery(0);
    }

    // ---- weather (8.0, T4, T5, RO 14.5) ----

    /// Dice of an attacking HQ's artillery or an LW HQ (Rain 1; German halved in Snow and
    /// Blizzard — T5 "as Snow").
    fn attacker_support_dice(&self, strength: u8, german: bool) -> u32 {
        let s = strength as u32;
        match self.setup.weather {
            Weather::Sunny => s,
            Weather::Rain => s.min(1),
            Weather::Snow | Weather::Blizzard if german => halve_min1(s, 2),
            Weather::Snow | Weather::Blizzard => s,
        }
    }

    /// Dice of a block in ground combat (T4): its strength, weather-adjusted; 1 for an
    /// attacker that engaged across a river into a newly disputed area (10.12.5.1).
    fn ground_dice(&self, u: &BattleUnit) -> u32 {
        let s = match u.role {
            Role::Combat | Role::TacticalHq => u.strength as u32,
            Role::LwHq | Role::Leader => 0,
        };
        if s == 0 {
            return 0;
        }
        let german = u.side == Side::German;
        let bd = &self.setup.blizzard;
        if u.side == self.setup.attacker {
            if u.isolated {
                return 0;
            }
            let s = match self.setup.weather {
                Weather::Sunny => s,
                Weather::Rain => 1,
                Weather::Snow if german && !u.blue_division => halve_min1(s, 2),
                Weather::Snow => s,
                Weather::Blizzard if german && u.blue_division => halve_min1(s, 2),
                Weather::Blizzard if german => halve_min1(s, bd.attacking as u32),
                Weather::Blizzard => s,
            };
            if self.river_bound(u) {
                s.min(1)
            } else {
                s
            }
        } else {
            match self.setup.weather {
                Weather::Blizzard if german && !u.blue_division => {
                    halve_min1(s, bd.defending as u32)
                }
                _ => s,
            }
        }
    }

    /// 10.12.5.1: an attacking block with a blue cube in a newly disputed area, rivers not frozen.
    fn river_bound(&self, u: &BattleUnit) -> bool {
        u.side == self.setup.attacker
            && u.across_river
            && self.setup.newly_disputed
            && !self.setup.weather.rivers_frozen()
    }

    // ---- 10.12.2 Artillery ----

    fn artillery(&mut self, i: usize, dice: &mut Dice) {
        let Some(a) = self.setup.artillery.get(i).cloned() else {
            self.step = Step::AntiAircraft;
            return;
        };
        self.step = Step::Artillery(i + 1);
        if !self.has_units(self.setup.defender()) {
            return;
        }
        let name = if a.name.is_empty() {
            format!("HQ #{}", a.hq)
        } else {
            a.name.clone()
        };
        let n = self.attacker_support_dice(a.strength, self.setup.attacker == Side::German);
        if n == 0 {
            self.note("10.5", format!("{name} is Exhausted: no Artillery Fire."));
            return;
        }
        let hits = self.roll(
            dice,
            "10.12.2",
            FireSource::Artillery { hq: a.hq },
            Firepower::Double,
            n,
            format!("Artillery Fire of {name}"),
        );
        self.attacker_hits += hits;
        self.queue_hits(self.setup.defender(), hits);
    }

    // ---- 10.12.3 AA ----

    fn anti_aircraft(&mut self, dice: &mut Dice) {
        self.step = Step::AirAttack;
        if self.setup.bombers.is_empty() {
            return;
        }
        let defender = self.setup.defender();
        let mut hits = 0;
        if self.defender_dl {
            hits += self.roll(
                dice,
                "10.12.3",
                FireSource::AntiAircraft { unit: None },
                Firepower::Single,
                1,
                "AA of the Defensive Line".into(),
            );
        }
        let shooters: Vec<usize> = self.alive(defender).collect();
        for i in shooters {
            let u = self.units[i].clone();
            match u.firepower() {
                Some(fp) => {
                    hits += self.roll(
                        dice,
                        "10.12.3",
                        FireSource::AntiAircraft { unit: Some(u.id) },
                        fp,
                        1,
                        format!("AA of {}", u.label()),
                    )
                }
                None => self.note("10.12.3", format!("{} has no firepower: no AA.", u.label())),
            }
        }
        self.defender_hits += hits;
        self.note(
            "10.12.3",
            format!(
                "AA: {hits} {} against {} {}.",
                if hits == 1 { "hit" } else { "hits" },
                self.setup.bombers.len(),
                if self.setup.bombers.len() == 1 {
                    "bomber"
                } else {
                    "bombers"
                }
            ),
        );
        self.step = Step::AaResults { hits_left: hits };
    }

    fn live_bombers(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.setup.bombers.len()).filter(|&i| self.bombers[i].is_none())
    }

    /// Legal AA placements: every hit must land while a bomber can take it (one hit aborts,
    /// two destroy; a bomber takes at most two). So an abort is legal only while the hits
    /// left are fewer than twice the bombers left; one option per kind of bomber (same type
    /// and LW HQ).
    fn aa_options(&self, hits_left: u32) -> Vec<BattleOption> {
        let live: Vec<usize> = self.live_bombers().collect();
        if hits_left == 0 || live.is_empty() {
            return Vec::new();
        }
        let mut reps: Vec<usize> = Vec::new();
        for &i in &live {
            let b = &self.setup.bombers[i];
            if !reps.iter().any(|&r| {
                let o = &self.setup.bombers[r];
                o.kind == b.kind && o.lw_hq == b.lw_hq && o.lw_strength == b.lw_strength
            }) {
                reps.push(i);
            }
        }
        let mut options = Vec::new();
        if hits_left >= 2 {
            options.extend(
                reps.iter()
                    .map(|&i| BattleOption::DestroyBomber(self.setup.bombers[i].id)),
            );
        }
        if hits_left < 2 * live.len() as u32 {
            options.extend(
                reps.iter()
                    .map(|&i| BattleOption::AbortBomber(self.setup.bombers[i].id)),
            );
        }
        options
    }

    /// No choice left: apply the only option, or finish the AA step.
    fn aa_auto(&mut self, hits_left: u32) {
        let options = self.aa_options(hits_left);
        match options.first() {
            Some(&o) => self.apply_option(o),
            None => {
                if hits_left > 0 {
                    self.push_log(
                        "10.12.3",
                        format!("{hits_left} AA hit(s) left with no bomber to take them."),
                        BattleEvent::ExcessLost {
                            side: Side::German,
                            hits: hits_left,
                        },
                    );
                }
                self.step = Step::AirAttack;
            }
        }
    }

    fn bomber_result(&mut self, id: BomberId, destroy: bool) {
        let i = self
            .setup
            .bombers
            .iter()
            .position(|b| b.id == id)
            .expect("a listed bomber");
        let kind = self.setup.bombers[i].kind.name();
        if destroy {
            self.bombers[i] = Some(BomberFate::Destroyed);
            self.push_log(
                "10.12.3",
                format!("{kind} #{id} is Destroyed (two AA hits): back from the next turn."),
                BattleEvent::BomberDestroyed { bomber: id },
            );
        } else {
            self.bombers[i] = Some(BomberFate::Aborted);
            self.push_log(
                "10.12.3",
                format!("{kind} #{id} is Aborted: back from the next German impulse."),
                BattleEvent::BomberAborted { bomber: id },
            );
        }
    }

    // ---- 10.12.4 Air Attack ----

    fn air_attack(&mut self, dice: &mut Dice) {
        self.step = Step::GroundStart;
        let live: Vec<usize> = self.live_bombers().collect();
        let mut hits = 0;
        for i in live {
            self.bombers[i] = Some(BomberFate::Attacked);
            if !self.has_units(self.setup.defender()) {
                continue;
            }
            let b = self.setup.bombers[i].clone();
            let n = self.attacker_support_dice(b.lw_strength, true);
            if n == 0 {
                self.note(
                    "10.12.4",
                    format!("{} #{}: its LW HQ has no strength.", b.kind.name(), b.id),
                );
                continue;
            }
            hits += self.roll(
                dice,
                "10.12.4",
                FireSource::Bomber { bomber: b.id },
                b.kind.firepower(),
                n,
                format!("Air Attack of {} #{}", b.kind.name(), b.id),
            );
        }
        self.attacker_hits += hits;
        if hits > 0 {
            self.queue_hits(self.setup.defender(), hits);
        }
    }

    // ---- 10.12.5 Ground combat ----

    /// 10.12.5.2, evaluated after the Air Attack: good weather, Green area, the Defender has no
    /// DL and no City it controls (GAP-18), the Attacker has a (firing) tank and the Defender
    /// none; not when the area is newly disputed and every attacking tank crossed a river.
    pub fn armored_attack_now(&self) -> bool {
        let s = &self.setup;
        let attacker_tanks: Vec<&BattleUnit> = self
            .alive(s.attacker)
            .map(|i| &self.units[i])
            .filter(|u| u.is_tank && !u.isolated)
            .collect();
        let defender_tanks = self.alive(s.defender()).any(|i| self.units[i].is_tank);
        let all_across = s.newly_disputed && attacker_tanks.iter().all(|u| u.across_river);
        let defender_city = s.city && s.defender_controls;
        let conditions = [
            s.weather == Weather::Sunny,
            s.terrain == Terrain::Green,
            !self.defender_dl && !defender_city,
            !attacker_tanks.is_empty() && !defender_tanks,
        ];
        conditions.iter().all(|c| *c) && !all_across
    }

    fn ground_start(&mut self) {
        self.armored = self.armored_attack_now();
        self.first = if self.armored {
            self.push_log(
                "10.12.5.2",
                "Armored Attack! The Attacker fires before the Defender.".into(),
                BattleEvent::ArmoredAttack,
            );
            self.setup.attacker
        } else {
            self.setup.defender()
        };
        let first = self.first;
        self.push_log(
            "10.12.5",
            format!("Ground combat: the {} fires first.", first.name()),
            BattleEvent::FiresFirst { side: first },
        );
        self.step = Step::GroundFire(0);
    }

    fn ground_fire(&mut self, i: usize, dice: &mut Dice) {
        if i >= 2 {
            self.step = Step::Done;
            return;
        }
        self.step = Step::GroundFire(i + 1);
        let side = if i == 0 {
            self.first
        } else {
            self.first.other()
        };
        let target = side.other();
        if !self.has_units(side) {
            return;
        }
        if !self.has_units(target) {
            self.note(
                "10.12.5",
                format!("The {} has no target left and does not fire.", side.name()),
            );
            return;
        }
        let attacker = side == self.setup.attacker;
        let mut hits = 0;
        if !attacker && self.defender_dl {
            hits += self.roll(
                dice,
                "4.1",
                FireSource::Ground { unit: None },
                Firepower::Single,
                1,
                "Defensive Line".into(),
            );
        }
        let shooters: Vec<usize> = self.alive(side).collect();
        for j in shooters {
            let u = self.units[j].clone();
            let n = self.ground_dice(&u);
            let fp = u.firepower();
            match (n, fp) {
                (n, Some(fp)) if n > 0 => {
                    let rule = if self.river_bound(&u) {
                        "10.12.5.1"
                    } else {
                        "10.12.5"
                    };
                    hits += self.roll(
                        dice,
                        rule,
                        FireSource::Ground { unit: Some(u.id) },
                        fp,
                        n,
                        u.label(),
                    );
                }
                _ => {
                    let why = if attacker && u.isolated {
                        ("10.11", "is Isolated and cannot attack")
                    } else if u.role == Role::Leader {
                        ("4.2.4", "is a Leader: no firepower")
                    } else if u.role == Role::LwHq {
                        ("10.10", "is an LW HQ: no ground firepower")
                    } else {
                        ("10.5", "is Exhausted: no firepower")
                    };
                    self.note(why.0, format!("{} {}.", u.label(), why.1));
                }
            }
        }
        if attacker {
            self.attacker_hits += hits;
        } else {
            self.defender_hits += hits;
        }
        if hits > 0 {
            self.queue_hits(target, hits);
        }
    }

    // ---- 10.13–10.14 applying hits ----

    /// Hits on `side`: the Defender's first go to the Absorption Bonus left (10.13).
    fn queue_hits(&mut self, side: Side, hits: u32) {
        let mut hits = hits;
        if side == self.setup.defender() && self.absorption_left > 0 && hits > 0 {
            let a = hits.min(self.absorption_left);
            self.absorption_left -= a;
            self.absorbed += a;
            hits -= a;
            let left = self.absorption_left;
            self.push_log(
                "10.13",
                format!(
                    "The Absorption Bonus takes {a} {} ({left} left).",
                    if a == 1 { "hit" } else { "hits" }
                ),
                BattleEvent::Absorbed { hits: a, left },
            );
        }
        if hits > 0 {
            self.queue = Some(HitQueue { side, hits });
        }
    }

    /// Blocks of `side` that may take hits (not leaders, GAP-11).
    fn sinks(&self, side: Side) -> Vec<usize> {
        self.alive(side)
            .filter(|&i| self.units[i].role != Role::Leader)
            .collect()
    }

    /// The tied strongest blocks when the owner must choose (fewer hits than tied blocks).
    fn tie_options(&self, side: Side, hits: u32) -> Option<Vec<BattleOption>> {
        if self.dl(side) || hits == 0 {
            return None;
        }
        let sinks = self.sinks(side);
        let top = sinks.iter().map(|&i| self.units[i].strength).max()?;
        let tied: Vec<usize> = sinks
            .into_iter()
            .filter(|&i| self.units[i].strength == top)
            .collect();
        if tied.len() < 2 || hits as usize >= tied.len() {
            return None;
        }
        Some(
            tied.iter()
                .map(|&i| BattleOption::HitBlock(self.units[i].id))
                .collect(),
        )
    }

    /// Applies queued hits until done or a choice is needed (10.14): the side's DL first
    /// (GAP-17 for the Attacker's), then the strongest block, one hit at a time; excess lost.
    fn apply_queue(&mut self) -> Option<Side> {
        while let Some(q) = self.queue {
            if q.hits == 0 {
                self.queue = None;
                break;
            }
            let side = q.side;
            if self.dl(side) {
                if side == self.setup.attacker {
                    self.attacker_dl = false;
                } else {
                    self.defender_dl = false;
                }
                self.push_log(
                    if side == self.setup.attacker {
                        "10.14"
                    } else {
                        "4.1"
                    },
                    format!(
                        "The {} Defensive Line takes a hit and is destroyed.",
                        side.name()
                    ),
                    BattleEvent::DlDestroyed { side },
                );
                self.queue.as_mut().unwrap().hits -= 1;
                continue;
            }
            let sinks = self.sinks(side);
            let Some(top) = sinks.iter().map(|&i| self.units[i].strength).max() else {
                self.push_log(
                    "10.14.2",
                    format!(
                        "{} excess {} on the {} lost: no unit left.",
                        q.hits,
                        if q.hits == 1 { "hit" } else { "hits" },
                        side.name()
                    ),
                    BattleEvent::ExcessLost { side, hits: q.hits },
                );
                self.queue = None;
                break;
            };
            let tied: Vec<usize> = sinks
                .into_iter()
                .filter(|&i| self.units[i].strength == top)
                .collect();
            if tied.len() > 1 && (q.hits as usize) < tied.len() {
                return Some(side);
            }
            // Every tied block takes one hit (order does not matter) or the one strongest.
            let n = tied.len().min(q.hits as usize);
            for &i in &tied[..n] {
                self.hit_block(i);
            }
            self.queue.as_mut().unwrap().hits -= n as u32;
        }
        None
    }

    /// One step off block `i` (4.2.3.1): rotate down its ladder, or destroyed at its minimum.
    fn hit_block(&mut self, i: usize) {
        let u = &self.units[i];
        let rung = u.rung().expect("validated ladder");
        match lose_step(u.ladder.len(), rung) {
            StepLoss::Reduced(r) => {
                let s = u.ladder[r].0;
                let text = format!("{} loses a step (now {s}).", u.label());
                let id = u.id;
                self.units[i].strength = s;
                self.push_log(
                    "10.14",
                    text,
                    BattleEvent::StepLost {
                        unit: id,
                        strength: s,
                    },
                );
            }
            StepLoss::Eliminated => {
                let destination = LossDestination::of(u.side);
                let text = format!(
                    "{} is destroyed{}.",
                    u.label(),
                    match destination {
                        LossDestination::EliminatedPermanently =>
                            " and eliminated permanently (Soviet OOB box)",
                        LossDestination::ForcePool => " and returns to the Soviet Force Pool",
                    }
                );
                let id = u.id;
                self.destroyed[i] = true;
                self.push_log(
                    "10.14.3",
                    text,
                    BattleEvent::Destroyed {
                        unit: id,
                        destination,
                    },
                );
            }
        }
    }

    // ---- 10.15 ----

    fn finish(&mut self) {
        let s = &self.setup;
        let attacker = s.attacker;
        let wiped_out = [attacker, s.defender()]
            .into_iter()
            .find(|&side| !self.has_units(side));
        let may_blitz: Vec<UnitId> = if wiped_out == Some(s.defender())
            && s.terrain == Terrain::Green
            && s.weather == Weather::Sunny
        {
            self.alive(attacker)
                .map(|i| &self.units[i])
                .filter(|u| u.role == Role::Combat && u.is_fast && !u.isolated)
                .map(|u| u.id)
                .collect()
        } else {
            Vec::new()
        };
        let units: Vec<UnitOutcome> = self
            .units
            .iter()
            .zip(&s.units)
            .zip(&self.destroyed)
            .map(|((now, before), &dead)| {
                let steps = before.rung().unwrap_or(0);
                let steps_lost = if dead {
                    (before.ladder.len() - steps) as u8
                } else {
                    (now.rung().unwrap_or(0) - steps) as u8
                };
                let revealed = !dead
                    && match wiped_out {
                        Some(_) => may_blitz.contains(&now.id),
                        None => now.side == attacker,
                    };
                UnitOutcome {
                    id: now.id,
                    side: now.side,
                    strength_before: before.strength,
                    strength: now.strength,
                    steps_lost,
                    destroyed: dead.then(|| LossDestination::of(now.side)),
                    revealed,
                }
            })
            .collect();
        let result = BattleResult {
            attacker,
            units,
            attacker_dl_destroyed: s.attacker_dl && !self.attacker_dl,
            defender_dl_destroyed: s.defender_dl && !self.defender_dl,
            bombers: s
                .bombers
                .iter()
                .zip(&self.bombers)
                .map(|(b, f)| (b.id, f.unwrap_or(BomberFate::Attacked)))
                .collect(),
            attacker_hits: self.attacker_hits,
            defender_hits: self.defender_hits,
            absorbed: self.absorbed,
            armored_attack: self.armored,
            first_to_fire: self.first,
            wiped_out,
            may_blitz: may_blitz.clone(),
        };
        let text = match wiped_out {
            Some(side) if side == s.defender() => {
                if may_blitz.is_empty() {
                    "The Defender is wiped out; the remaining blocks are hidden again.".to_string()
                } else {
                    "The Defender is wiped out; the attacking Fast blocks that cleared this Green area stay revealed: they may Blitz.".to_string()
                }
            }
            Some(_) => "The Attacker is wiped out; the remaining blocks are hidden again.".to_string(),
            None => "The area stays disputed: the attacking blocks stay revealed, the defending blocks are hidden again.".to_string(),
        };
        self.note("10.15", text);
        self.result = Some(result);
    }
}
