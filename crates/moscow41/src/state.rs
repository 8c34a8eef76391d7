//! The whole Moscow '41 game as one plain value, and the actions, events and options.
//! Rule numbers are the rulebook's (`shared/rules/moscow-41.md`, "R x.y" there).

use crate::board::{AreaId, BlockId, BomberId};
pub use crate::path::AreaPath;
use eastfront_kernel::{Dice, LogTopic, Outcome, Side, SpaceId};
use serde::{Deserialize, Serialize};

/// Optional rules (R 14.1–14.8), all off by default.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct OptionalRules {
    /// RO 14.1: any Tactical HQ commands blocks of any colour.
    #[serde(default)]
    pub ignore_army_colour: bool,
    /// RO 14.2: Zhukov and Hoepner (Hoepner to the map, Zhukov to Leningrad).
    #[serde(default)]
    pub zhukov_hoepner: bool,
    /// RO 14.3: Moscow is a Soviet supply source while Soviet and undisputed.
    #[serde(default)]
    pub moscow_supply: bool,
    /// RO 14.4: Rail Movement in a Pass or an SI.
    #[serde(default)]
    pub rail: bool,
    /// RO 14.5: Blizzard from the 2nd German impulse of December.
    #[serde(default)]
    pub blizzard: bool,
    /// RO 14.6: cavalry pays 2 MP instead of 3 in Rain.
    #[serde(default)]
    pub cavalry: bool,
    /// RO 14.7: German infantry divisions 4 MP; the Blue Division ignores Snow.
    #[serde(default)]
    pub infantry_divisions: bool,
    /// RO 14.8: Operation Crusader (LW HQs and bombers leave in November's Final Phase).
    #[serde(default)]
    pub crusader: bool,
}

/// The readings of AMBIGUOUS rules that can be switched (rules file §10.3; docs/moscow41.md).
/// The defaults are the rules file's recommendations.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Readings {
    /// SC.1: the R 1.7 7-VP Sudden Death also applies (rules file §4.2).
    #[serde(default = "yes")]
    pub sc1_seven_vp: bool,
    /// GAP-8: Blizzard divides German dice when defending by this…
    #[serde(default = "two")]
    pub blizzard_defend_divisor: u8,
    /// …and when attacking by this.
    #[serde(default = "four")]
    pub blizzard_attack_divisor: u8,
    /// GAP-14: "L" blocks drawn while Hoepner is not on the Road return to the pool (true), or
    /// enter in any Staging Area (false).
    #[serde(default = "yes")]
    pub l_blocks_need_hoepner: bool,
    /// R 9.1: the start-of-impulse supply check also takes the white cube off a unit that
    /// traces a LOC again ("Isolated for the whole impulse" read as a fresh judgment at each
    /// start). Off (the default): the start check only marks, and a cube comes off only at an
    /// end-of-impulse Isolation check (R 9.1 "hasta que puedan trazar una LdC en cualquier
    /// Comprobación de Aislamiento (9.3) futura", R 9.3). Left out of a save while off.
    #[serde(default, skip_serializing_if = "is_false")]
    pub supply_check_clears_cubes: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn yes() -> bool {
    true
}
fn two() -> u8 {
    2
}
fn four() -> u8 {
    4
}

impl Default for Readings {
    fn default() -> Self {
        Readings {
            sc1_seven_vp: true,
            blizzard_defend_divisor: 2,
            blizzard_attack_divisor: 4,
            l_blocks_need_hoepner: true,
            supply_check_clears_cubes: false,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Options {
    #[serde(default)]
    pub optional: OptionalRules,
    #[serde(default)]
    pub readings: Readings,
}

/// Current weather (R 8.0): Sunny is good weather; Rain and Snow (and Blizzard, RO 14.5) bad.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Weather {
    Sunny,
    Rain,
    Snow,
    Blizzard,
}

impl Weather {
    pub fn is_good(self) -> bool {
        self == Weather::Sunny
    }
    pub fn snowy(self) -> bool {
        matches!(self, Weather::Snow | Weather::Blizzard)
    }
}

/// Where a block is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Loc {
    /// Not placed yet (during setup).
    Unplaced,
    /// In an area or an off-map box (Rastenburg, a Road to Leningrad box).
    Space(AreaId),
    /// The side's Force Pool (R 5.0).
    ForcePool,
    /// The Soviet OOB box for November (the "N" blocks, R 5.1).
    November,
    /// The German Panzer-bonus icon next to Kiev (48th PzK, SC.C step 12; R 13.2).
    KievIcon,
    /// Drawn as a reinforcement, waiting to be deployed (R 5.0).
    Drawn,
    /// German block eliminated (any cause): permanently out, on the Soviet OOB (R 10.14.3).
    Eliminated,
    /// Soviet block surrendered in attrition: permanently out, on the German OOB (R 9.3).
    Surrendered,
    /// Taken out of the game without counting as a loss: Stalin when Moscow falls (R 4.2.4),
    /// the LW HQs under Operation Crusader (RO 14.8).
    Removed,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BlockState {
    pub loc: Loc,
    /// Current strength: dots for combat blocks, stars for HQs (0 = ♥ Exhausted).
    pub strength: u8,
    /// Laid face up (R 1.5.1): activated HQ, battle, SC.3 whites.
    pub revealed: bool,
    /// White cube: Isolated at its owner's last supply check (R 9.1).
    pub isolated: bool,
}

/// Where a bomber disc is (R 10.10, 10.12.3, 13.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BomberState {
    Available,
    /// Committed to an Air Attack on this area this impulse.
    Committed(AreaId),
    /// Back from the next German impulse.
    Aborted,
    /// Back after the Final Phase.
    Destroyed,
    /// Operation Crusader (RO 14.8).
    Removed,
}

/// What the active player declared for his impulse (R 3.0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ImpulseKind {
    Tactical,
    /// Strategic Impulse option A: move up to VL blocks, then battles (R 11.0 A).
    StrategicMove,
    /// Strategic Impulse option B: reinforcements, then battles (R 11.0 B).
    StrategicReinforce,
    Pass,
}

/// Which movement rules a move follows (Appendix A.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MoveMode {
    /// Tactical Impulse command or SI option A: may engage.
    Command,
    /// Pass (R 12.0) and HQ activation (R 10.1): may disengage, never engage.
    NoEngage,
    /// Exploitation (R 10.18): Fast blocks, no engaging.
    Exploitation,
}

/// The per-impulse bookkeeping (markers that live for one impulse).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Impulse {
    pub side: Side,
    pub kind: ImpulseKind,
    /// The Initiative Disc was spent in this impulse (SI or Exploitation, R 3.2.1).
    pub disc_spent: bool,
    /// Areas disputed when the impulse began (R 10.11: battles elsewhere are mandatory).
    pub disputed_at_start: Vec<bool>,
    /// HQs activated in the Activation segment (R 10.1), in order.
    pub activated: Vec<BlockId>,
    /// Blocks that already acted (moved or built a DL) in this impulse's Command segment.
    pub acted: Vec<BlockId>,
    /// How many blocks may still act (SI: VL, Pass: 1); None = by command range (TI).
    pub actions_left: Option<u8>,
    /// Artillery markers placed: (HQ, target area) (R 10.4).
    pub artillery: Vec<(BlockId, AreaId)>,
    /// Blocks marked with a blue River Crossing cube (R 2.4.6).
    pub river: Vec<BlockId>,
    /// Areas where a battle round was fought this impulse (R 10.15: one round).
    pub battled: Vec<AreaId>,
    /// Fast combat blocks that may Blitz (fought in a Green area now cleared, R 10.16).
    pub blitz_eligible: Vec<BlockId>,
    /// Blocks that blitzed (R 10.16: never twice).
    pub blitzed: Vec<BlockId>,
    /// Areas disputed at the start of the Blitz segment.
    pub disputed_at_blitz: Vec<bool>,
    /// Areas entered by Blitz moves (their battles are mandatory).
    pub blitz_areas: Vec<AreaId>,
    /// Stukas that fought in the Combat segment and survived (may follow a Blitz).
    pub stukas_survived: Vec<BomberId>,
    /// In the Blitz segment.
    pub blitz: bool,
    /// The Road to Leningrad roll was made (R 10.9).
    pub road_rolled: bool,
    /// Blocks laid face up during this impulse (hidden again at its end, R 10.15, 10.17).
    pub revealed_now: Vec<BlockId>,
}

/// The Logistic Phase of one player (R 7.0–7.2.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Logistics {
    pub side: Side,
    /// Logistic Value computed once at the activation (GAP-21).
    pub vl: u8,
    pub regeneration_left: u8,
    pub replacement_left: u8,
}

/// What the game waits for: the printed sequence of play (R 6.0; rules file §5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// A "player's choice" deployment step (Scenario Preparation; Placer::Player).
    Setup {
        step: usize,
    },
    /// Logistic Phase: Pause or activate the Leader (R 7.0).
    LogisticChoice {
        side: Side,
    },
    /// Spend Regeneration Points on HQ steps (R 7.2.2).
    Regeneration,
    /// Spend Replacement Points on combat-block steps (R 7.2.2).
    Replacement,
    /// Deploy the drawn reinforcements (R 5.0; Logistic Phase or SI option B).
    Reinforce {
        logistic: bool,
    },
    /// The active player declares TI / SI / Pass (R 3.0).
    ImpulseChoice,
    /// HQ Activation segment (R 10.1).
    Activation,
    /// Command segment (R 10.7): TI, SI option A, Pass.
    Command,
    /// Artillery markers and bomber missions (R 10.4, 10.10; GAP-10: after the Command
    /// segment, before the first battle). Also in the Blitz segment (R 10.16).
    Support,
    /// The attacker picks the next battle or ends the Combat segment (R 10.11).
    Battles,
    /// A battle waits for a choice (losses among equals, AA results).
    Battle,
    /// Blitz moves (R 10.16).
    Blitz,
    /// Spend the Initiative Disc for an Exploitation Move? (R 10.18)
    ExploitOffer,
    /// Exploitation moves (R 10.18).
    Exploitation,
    GameOver,
}

/// Everything a player can decide. Areas and blocks are indices into the board.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    // ---- setup (player's-choice deployment steps)
    /// Put a block of the current step in an area.
    Place {
        block: BlockId,
        area: AreaId,
    },
    /// Put one Defensive Line of the current step in an area.
    PlaceDl {
        area: AreaId,
    },
    // ---- Logistic Phase (R 7.0–7.2)
    LogisticPause,
    ActivateLeader,
    /// One Regeneration Point: one HQ step (R 7.2.2).
    Regenerate {
        hq: BlockId,
    },
    EndRegeneration,
    /// One combat-block step, costing 1/2/3 Replacement Points by its colour (R 7.2.2).
    Replace {
        block: BlockId,
    },
    EndReplacement,
    /// Deploy a drawn reinforcement (R 5.0, 11.0 B).
    Deploy {
        block: BlockId,
        area: AreaId,
    },
    // ---- impulse declaration (R 3.0)
    Tactical,
    StrategicMove,
    StrategicReinforce,
    Pass,
    // ---- HQ Activation segment (R 10.1)
    /// Activate an HQ: move it along `path` (possibly empty) and reveal it there.
    Activate {
        hq: BlockId,
        path: AreaPath,
    },
    EndActivation,
    // ---- Command segment (R 10.7, 10.8), Pass (R 12.0), Exploitation (R 10.18)
    /// Move a block along `path` (the areas entered, in order).
    Move {
        block: BlockId,
        path: AreaPath,
    },
    /// Rail Movement (RO 14.4).
    Rail {
        block: BlockId,
        to: AreaId,
    },
    /// Reduce a combat block one step to build a Defensive Line in its area (R 4.1).
    BuildDl {
        block: BlockId,
    },
    /// Take one of one's own Defensive Lines off the map so it can be built again elsewhere
    /// (R 4.1: "may at any moment voluntarily dismantle one in order to build it again").
    /// Offered while every line is on the map and a block could build one; free.
    DismantleDl {
        area: AreaId,
    },
    EndCommand,
    // ---- Combat segment (R 10.4, 10.10, 10.11)
    Artillery {
        hq: BlockId,
        area: AreaId,
    },
    Bomber {
        bomber: BomberId,
        area: AreaId,
    },
    EndSupport,
    /// Resolve the battle in this area (R 10.11).
    Fight {
        area: AreaId,
    },
    EndCombat,
    /// A choice inside a battle (loss among equally strong blocks, AA results), by the
    /// index of the option the battle offers.
    BattleChoice {
        option: u8,
    },
    // ---- Blitz segment (R 10.16)
    Blitz {
        block: BlockId,
        to: AreaId,
    },
    EndBlitz,
    // ---- Exploitation (R 10.18)
    Exploit,
    NoExploit,
    EndExploitation,
}

/// Something that happened, for the log and the animations: the kernel's one event type with
/// Moscow '41's kinds. `rule` is the rule that made it happen ("R 10.17"); `private` texts are
/// for one side only (they name hidden blocks); a die roll carries its dice in `roll`.
pub type Event = eastfront_kernel::Event<EventKind>;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum EventKind {
    Info,
    TurnStart {
        turn: u8,
    },
    ImpulseStart {
        side: Side,
        kind: ImpulseKind,
    },
    Weather {
        weather: Weather,
    },
    Reveal {
        blocks: Vec<BlockId>,
    },
    Hide,
    Moved {
        from: Option<AreaId>,
        to: AreaId,
    },
    Control {
        area: AreaId,
        side: Side,
    },
    StepLost {
        block: BlockId,
    },
    Destroyed {
        block: BlockId,
    },
    Surrendered {
        block: BlockId,
    },
    DlBuilt {
        area: AreaId,
        side: Side,
    },
    DlDestroyed {
        area: AreaId,
        side: Side,
    },
    /// A battle opens; `attacker` is the side whose impulse it belongs to (R 10.11).
    BattleStart {
        area: AreaId,
        attacker: Side,
    },
    /// The blocks of a battle laid face up at Deployment and the strength each fights at
    /// (R 10.12.1): the battle is public.
    BattleBlocks {
        blocks: Vec<(BlockId, u8)>,
    },
    /// A block of a battle lost a step: its strength now (R 10.14).
    BattleHit {
        block: BlockId,
        strength: u8,
    },
    BattleEnd {
        area: AreaId,
    },
    ReinforcementsDrawn {
        side: Side,
        count: u8,
    },
    GameOver,
}

impl eastfront_kernel::EventKind for EventKind {
    fn reveals_or_draws(&self) -> bool {
        matches!(
            self,
            EventKind::Reveal { .. } | EventKind::ReinforcementsDrawn { .. }
        )
    }
    fn topic(&self) -> LogTopic {
        match self {
            EventKind::BattleStart { .. }
            | EventKind::BattleBlocks { .. }
            | EventKind::BattleHit { .. }
            | EventKind::BattleEnd { .. }
            | EventKind::StepLost { .. }
            | EventKind::Destroyed { .. }
            | EventKind::Surrendered { .. } => LogTopic::Combat,
            EventKind::Moved { .. }
            | EventKind::Control { .. }
            | EventKind::DlBuilt { .. }
            | EventKind::DlDestroyed { .. } => LogTopic::Movement,
            EventKind::ReinforcementsDrawn { .. } => LogTopic::Cards,
            EventKind::Info
            | EventKind::TurnStart { .. }
            | EventKind::ImpulseStart { .. }
            | EventKind::Weather { .. }
            | EventKind::Reveal { .. }
            | EventKind::Hide
            | EventKind::GameOver => LogTopic::Other,
        }
    }
    fn places(&self) -> Vec<SpaceId> {
        match self {
            EventKind::Moved { from, to } => from.iter().copied().chain([*to]).collect(),
            EventKind::Control { area, .. }
            | EventKind::DlBuilt { area, .. }
            | EventKind::DlDestroyed { area, .. }
            | EventKind::BattleStart { area, .. }
            | EventKind::BattleEnd { area } => vec![*area],
            _ => Vec::new(),
        }
    }
    fn battle_edge(&self) -> Option<bool> {
        match self {
            EventKind::BattleStart { .. } => Some(true),
            EventKind::BattleEnd { .. } => Some(false),
            _ => None,
        }
    }
}

/// The whole game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct State {
    /// "campaign", "sc1", "sc2", "sc3".
    pub scenario: String,
    pub options: Options,
    pub dice: Dice,
    pub blocks: Vec<BlockState>,
    /// Controller of every space (areas then boxes), R 2.5.
    pub control: Vec<Side>,
    /// Defensive Lines per space: [German, Soviet] (R 4.1, 2.7).
    pub dl: Vec<[bool; 2]>,
    /// White cube on a DL (R 9.1).
    pub dl_isolated: Vec<[bool; 2]>,
    pub bombers: Vec<BomberState>,
    /// Turn 1 = July .. 6 = December (R 1.4).
    pub turn: u8,
    pub phase: Phase,
    /// Whose decision it is (meaningful outside GameOver).
    pub active: Side,
    /// Holder of the Initiative Disc (R 3.2).
    pub initiative: Side,
    /// Disc uses per side: in the whole game and in the current month (SC.1, SC.3 limits).
    pub disc_uses: [u8; 2],
    pub disc_uses_month: [u8; 2],
    pub weather: Weather,
    /// Weather Forecast marker: None = "--" (R 8.1).
    pub forecast: Option<u8>,
    /// Impulses played this turn, and German ones (R 8.1 counts German impulses).
    pub impulses_this_turn: u16,
    pub german_impulses_this_turn: u16,
    /// Consecutive Passes (two end the Impulse Phase, R 3.0).
    pub consecutive_passes: u8,
    /// Control discs still on the map (Soviet-held): Shlisselburg, Leningrad, Kiev (R 2.2).
    pub disc_shlisselburg: bool,
    pub disc_leningrad: bool,
    pub disc_kiev: bool,
    /// Stalin died when Moscow fell (R 4.2.4).
    pub stalin_dead: bool,
    pub impulse: Option<Impulse>,
    pub logistics: Option<Logistics>,
    /// Reinforcements drawn and waiting to deploy, with the areas already used by this batch.
    pub drawn: Vec<BlockId>,
    pub batch_areas: Vec<AreaId>,
    /// Setup: blocks / DLs still to place in the current player's-choice step.
    pub setup_todo: Vec<BlockId>,
    pub setup_dls_todo: u8,
    /// Setup: areas already used by a "one each" step.
    pub setup_used: Vec<AreaId>,
    /// A battle being resolved (the battle module's state).
    pub battle: Option<Box<crate::battle::Battle>>,
    pub outcome: Option<Outcome>,
}

pub fn side_index(s: Side) -> usize {
    match s {
        Side::German => 0,
        Side::Soviet => 1,
    }
}
