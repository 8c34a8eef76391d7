//! The whole Stalingrad game state as one plain value, and the actions, events and options.

use crate::board::{CardId, UnitId};
use crate::data::Reserve;
use eastfront_kernel::{Dice, LogTopic, Outcome, Seat, Side, SpaceId};
use serde::{Deserialize, Serialize};

/// Who plays which side (rules §1, §9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Mode {
    /// One German player against the Soviet solitaire AI (the default).
    #[default]
    Solitaire,
    /// Two German players (Yellow, Blue) against the Soviet AI (rules §9.1).
    Cooperative,
    /// One German against one human Soviet player (rules §9.2).
    OneVsOne,
    /// Two Germans against one human Soviet player (rules §9.3).
    TwoVsOne,
}

impl Mode {
    pub fn soviet_is_ai(self) -> bool {
        matches!(self, Mode::Solitaire | Mode::Cooperative)
    }
    pub fn two_germans(self) -> bool {
        matches!(self, Mode::Cooperative | Mode::TwoVsOne)
    }
    pub fn name(self) -> &'static str {
        match self {
            Mode::Solitaire => "Solitaire (German vs the Soviet AI)",
            Mode::Cooperative => "Cooperative (two Germans vs the Soviet AI)",
            Mode::OneVsOne => "1 vs 1 (German vs Soviet)",
            Mode::TwoVsOne => "2 vs 1 (two Germans vs Soviet)",
        }
    }
}

/// Designer's Variant difficulty levels (rules §9.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Level {
    Normal,
    GermanEasy,
    SovietEasy,
    GermanImpossible,
}

/// Designer's Variant Advantages (rules §7.9, §9.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Advantage {
    Paulus,
    Hoth,
    VonRichthofen,
    Linden,
    Okh,
    SixthPanzer,
    Chuikov,
    Khrushchev,
    Zaytsev,
    EnhancedMarines,
    DelayedDeployment,
    ImmortalGuard,
}

impl Advantage {
    pub const GERMAN: [Advantage; 6] = [
        Advantage::Paulus,
        Advantage::Hoth,
        Advantage::VonRichthofen,
        Advantage::Linden,
        Advantage::Okh,
        Advantage::SixthPanzer,
    ];
    pub const SOVIET: [Advantage; 6] = [
        Advantage::Chuikov,
        Advantage::Khrushchev,
        Advantage::Zaytsev,
        Advantage::EnhancedMarines,
        Advantage::DelayedDeployment,
        Advantage::ImmortalGuard,
    ];
    /// The leader card an advantage puts on top of its deck.
    pub fn leader(self) -> Option<crate::data::CardEffect> {
        use crate::data::CardEffect as C;
        Some(match self {
            Advantage::Paulus => C::Paulus,
            Advantage::Hoth => C::Hoth,
            Advantage::VonRichthofen => C::VonRichthofen,
            Advantage::Linden => C::Linden,
            Advantage::Okh => C::Okh,
            Advantage::Chuikov => C::Chuikov,
            Advantage::Khrushchev => C::Khrushchev,
            Advantage::Zaytsev => C::Zaytsev,
            _ => return None,
        })
    }
}

/// Readings of ambiguous rules that a group may switch (rules file §11 flags).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct RuleFlags {
    /// §6.7.4: a stack that starts adjacent to a Soviet stack may not Short-Move.
    #[serde(default)]
    pub short_move_origin_must_be_free: bool,
    /// §7.6: hex 13 receives Infantry + Tank and hex 7 Infantry.
    #[serde(default)]
    pub reinf_13_inf_tank_7_inf: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Options {
    #[serde(default)]
    pub mode: Mode,
    /// The Designer's Variant and its level, if used.
    #[serde(default)]
    pub variant: Option<Level>,
    #[serde(default)]
    pub flags: RuleFlags,
}

/// Where a block is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Location {
    Map(SpaceId),
    /// Face down on the German Reinforcement Table, row 1..=6.
    Table(u8),
    /// Eliminated: face up on its row's icon (never returns).
    Eliminated(u8),
    /// German Casualty Register (destroyed in combat).
    Casualties,
    SovietReserve(Reserve),
    /// Set aside (Designer's Variant units when not in use).
    Aside,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitState {
    pub loc: Location,
    /// Edge on top, 0 = strongest printed edge; an index past the printed edges is blank.
    pub face: u8,
    /// Laid face up in a Confrontation (rules §6.1); hidden again at S13.
    pub revealed: bool,
}

/// The whole game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct State {
    pub options: Options,
    pub dice: Dice,
    pub units: Vec<UnitState>,
    /// Face-down units per table row (row 1 first), leftmost first.
    pub table: [Vec<UnitId>; 6],
    /// Rows whose Elimination unit has been eliminated already.
    pub row_eliminated: [bool; 6],
    pub control: Vec<Side>,
    pub rubble: Vec<bool>,
    pub fortified: Vec<bool>,
    pub german_deck: Vec<CardId>,
    pub german_hand: Vec<CardId>,
    /// Cooperative modes: which German player (0 Yellow, 1 Blue) holds each card (§9.1 rule 6).
    pub german_card_owner: Vec<u8>,
    pub soviet_deck: Vec<CardId>,
    pub soviet_hand: Vec<CardId>,
    pub leaders_in_play: Vec<CardId>,
    pub discards: Vec<CardId>,
    /// Completed turns (German and Soviet each count one).
    pub turn: u32,
    /// Which German player acts next in the cooperative modes (0 Yellow, 1 Blue).
    pub german_player: u8,
    pub phase: Phase,
    pub combat: Option<Box<crate::combat::Combat>>,
    /// OKH extension: extra German turns left after the Soviet deck ran out (rules §6.14.5).
    pub okh_extra_turns: Option<u8>,
    /// Cooperative §9.1 rule 11: which German colour last entered each hex.
    pub hex_owner: Vec<Option<u8>>,
    /// Designer's Variant: advantages drawn at setup, Raus arrived, Chuikov's HQ.
    pub advantages: Vec<Advantage>,
    pub raus_arrived: bool,
    pub chuikov_hq: Option<SpaceId>,
    pub outcome: Option<Outcome>,
}

/// What the game waits for (the printed sequence of play as a state machine, rules §5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// The German chooses one of the five actions (rules §5.2).
    GermanAction,
    /// Second Short Move or stop (rules §6.7.4).
    ShortMoves {
        moved: Vec<UnitId>,
    },
    /// Deploying the units taken by a Call for Reinforcements (rules §6.7.1 step 4).
    PlaceReinforcements {
        units: Vec<UnitId>,
    },
    /// A combat is being resolved (`State::combat`).
    Combat,
    /// The human Soviet player's turn (1 vs 1, 2 vs 1; rules §9.2).
    SovietChoice,
    /// The human Soviet Movement Action: hexes that still must act (rules §9.2.3).
    SovietMoves {
        remaining: Vec<SpaceId>,
    },
    /// The Soviet AI's Movement Action sweep, resumable across combats (rules §8.5).
    SovietSweep {
        dice: Vec<(SpaceId, u8)>,
        value: u8,
    },
    GameOver,
}

/// Everything a seat can do. Hexes and units are indices into the board.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    // German actions (rules §6.7)
    CallReinforcements,
    LongMove {
        from: SpaceId,
        path: Vec<SpaceId>,
    },
    ShortMove {
        units: Vec<UnitId>,
        to: SpaceId,
    },
    /// Ends the Short Moves action (with zero moves: a pass).
    EndShortMoves,
    QuickAttack {
        units: Vec<UnitId>,
        to: SpaceId,
        target: SpaceId,
    },
    PlannedAttack {
        target: SpaceId,
        from: Vec<SpaceId>,
        cards: Vec<CardId>,
    },
    Place {
        unit: UnitId,
        hex: SpaceId,
    },
    /// Units not placed go back to the table (rules §6.7.1 step 4).
    EndPlacement,
    // Decisions inside a combat
    /// Which of the equally strong units takes the hit / advances (German's choice, §6.5, §6.11).
    Choose {
        unit: UnitId,
    },
    SovietCard {
        card: Option<CardId>,
    },
    Advance {
        unit: UnitId,
    },
    EndAdvance,
    Blitz {
        unit: UnitId,
        to: SpaceId,
    },
    EndBlitz,
    // Human Soviet (rules §9.2)
    SovietReinforce,
    SovietMovement,
    SovietDraw,
    SovietMove {
        unit: UnitId,
        to: SpaceId,
    },
    SovietAttack {
        from: SpaceId,
        target: SpaceId,
    },
}

/// Something that happened, for the log and the animations: the kernel's one event type with
/// Stalingrad's kinds. `private` texts are for one side only (they name hidden blocks);
/// everyone else reads `public`; a die roll carries its dice in `roll`.
pub type Event = eastfront_kernel::Event<EventKind>;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum EventKind {
    Info,
    TurnStart {
        side: Side,
    },
    CardDrawn {
        side: Side,
    },
    CardPlayed {
        card: CardId,
    },
    Reveal {
        units: Vec<UnitId>,
    },
    Hide,
    Moved {
        from: Option<SpaceId>,
        to: SpaceId,
        units: usize,
    },
    StepLost {
        unit: UnitId,
    },
    Destroyed {
        unit: UnitId,
    },
    Captured {
        hex: SpaceId,
        by: Side,
    },
    Rubble {
        hex: SpaceId,
    },
    CombatStart {
        target: SpaceId,
    },
    CombatEnd,
    GameOver,
}

impl eastfront_kernel::EventKind for EventKind {
    fn reveals_or_draws(&self) -> bool {
        matches!(self, EventKind::CardDrawn { .. } | EventKind::Reveal { .. })
    }
    fn topic(&self) -> LogTopic {
        match self {
            EventKind::CombatStart { .. }
            | EventKind::CombatEnd
            | EventKind::StepLost { .. }
            | EventKind::Destroyed { .. }
            | EventKind::Rubble { .. } => LogTopic::Combat,
            EventKind::Moved { .. } | EventKind::Captured { .. } => LogTopic::Movement,
            EventKind::CardDrawn { .. } | EventKind::CardPlayed { .. } => LogTopic::Cards,
            EventKind::Info
            | EventKind::TurnStart { .. }
            | EventKind::Reveal { .. }
            | EventKind::Hide
            | EventKind::GameOver => LogTopic::Other,
        }
    }
    fn places(&self) -> Vec<SpaceId> {
        match self {
            EventKind::Moved { from, to, .. } => from.iter().copied().chain([*to]).collect(),
            EventKind::Captured { hex, .. } | EventKind::Rubble { hex } => vec![*hex],
            EventKind::CombatStart { target } => vec![*target],
            _ => Vec::new(),
        }
    }
    fn battle_edge(&self) -> Option<bool> {
        match self {
            EventKind::CombatStart { .. } => Some(true),
            EventKind::CombatEnd => Some(false),
            _ => None,
        }
    }
}

/// Seats: 0 German (Yellow in the cooperative modes), 1 Blue German or Soviet, 2 Soviet.
pub fn soviet_seat(mode: Mode) -> Seat {
    if mode.two_germans() {
        Seat(2)
    } else {
        Seat(1)
    }
}
