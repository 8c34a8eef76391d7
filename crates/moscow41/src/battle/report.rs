//! What a battle tells the engine: its log and events, the choices it stops for
//! ([`PendingChoice`]), its progress, its errors and its result ([`BattleResult`]).

use super::*;

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
