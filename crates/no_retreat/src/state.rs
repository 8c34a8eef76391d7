//! The game state: one plain serialisable value (DESIGN.md "The rules API"), dice included.
//! The sequence of play is spec §5: Turn Management (A, B, C), then the Axis player turn,
//! then the Soviet player turn, each of seven phases.

use crate::combat::{BattleKind, TurnWeather};
use crate::data::{Code, Weather};
use crate::deck::Deck;
use crate::vp::VpState;
use crate::weather::MarkerState;
use eastfront_kernel::{Dice, Outcome, Side, SpaceId};
use serde::{Deserialize, Serialize};

/// Where a unit is (spec §2.8).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Loc {
    Map(SpaceId),
    /// 7.7, 8.4.3, 10.7.6: back free, Disorganized, in the next Reorganization phase.
    Shattered,
    /// 10.7.1: eliminated while supplied; replaced for 1 card (7.9).
    Destroyed,
    /// 10.7.1, 11.1: eliminated while Unsupplied; replaced for 2 cards, VP to the enemy.
    Surrendered,
    /// 14.9.1: a cadre waiting to be placed.
    CadreAvailable,
    /// 9.1: in the owner's Rail Movement box.
    Rail,
    /// On the Turn Track, arriving on this turn (reinforcements 7.8, returning allies and
    /// cadres 14.2, 14.9.3, 14.10).
    Track(u8),
    /// Arrived this turn: placed in the owner's Reorganization phase (7.8).
    Arriving,
    /// Waiting for its conditional event (13.5: Oil, GG, Warsaw).
    Awaiting(Code),
    /// Withdrawn or removed for good (13.5, 14.1, 14.11).
    OutOfGame,
    /// An optional unit whose rule is not in play.
    Unused,
}

/// One counter's state, by the board's unit index.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnitState {
    pub loc: Loc,
    /// Reduced face (German), brown basic face (Soviet Front), regional face.
    pub reduced: bool,
    pub unsupplied: bool,
    pub disorganized: bool,
}

/// The seven phases of a player turn (4.0, spec §5.3).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Step {
    Card,
    Supply,
    Reorganization,
    Movement,
    Combat,
    Removal,
    RailUnloading,
}

/// Where the game stands in the sequence of play.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Turn Management (4.0 A–C), done by both players together.
    TurnManagement,
    Player {
        side: Side,
        step: Step,
    },
    Over,
}

/// A decision the rules owe a player before play goes on.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pending {
    /// Discard this many cards of the player's choice (5.1; the opening hand, LP U2; a red
    /// event's discard, 13.4 [EXT]).
    Discard { side: Side, count: u8 },
    /// 8.4.3: the owner removes units of his choice from an over-stacked hex.
    Overstack { side: Side, at: SpaceId },
    /// Inexperienced Soviet Officers: `side` may cancel the event just played
    /// (`State::cancel_play`) or let it act.
    Cancel { side: Side },
    /// A passive player's event window in the enemy's phase (Maskirovka in the Axis Movement
    /// phase): `side` may play such a card or pass.
    Window { side: Side },
}

/// The steps of the Reorganization phase (7.0 A–C).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ReorgStep {
    Flip,
    Place,
    Reorganize,
}

/// The steps of the Combat phase (10.1, 10.2).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CombatStep {
    /// 10.1.1: the active player places Target markers.
    Targets,
    /// 10.1.2: the passive player places Counterblow markers (1 card each).
    Counterblows,
    /// 10.2: the active player picks and fights the battles.
    Battles,
}

/// What a battle waits for after its die (10.7).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub enum BattleStage {
    /// CA: the defender counterattacks or ends the battle (10.7.2).
    Counterattack,
    /// CB: the active player marks one of his participating hexes (10.7.3).
    MarkCounterblow,
    /// Step losses still owed: (side, how many), each from the side's participants.
    Losses(Vec<(Side, u8)>),
    /// 14.9.2: the owner may put a cadre where this unit was eliminated by a step loss.
    Cadre { side: Side, at: SpaceId },
    /// 10.7.5: these defending units retreat, one at a time; `shatter`: then the Shattered box.
    Retreats { units: Vec<usize>, shatter: bool },
    /// 10.8: the attackers may advance into the emptied hexes.
    Advance {
        vacated: Vec<SpaceId>,
        done: Vec<usize>,
    },
    /// 10.5 step 2: this side may play one event card for the battle (or pass).
    Commit(Side),
    /// 10.5 step 5: the die is rolled (no decision).
    Roll,
    /// After the roll: this side may play a card that changes the roll or the result.
    AfterRoll(Side),
    /// 10.5 step 6: the result is applied (no decision).
    Apply,
    /// Before the advance: this side may play a card that changes it (5.0 example).
    AdvanceCards(Side),
    /// Experienced Commanders: two dice were rolled; this side picks the one to use.
    ChooseDie(Side, [u8; 2]),
}

/// A card's change to an advance after combat, applied in the order played (5.0, E1).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum AdvanceCard {
    /// One more hex (General Staff).
    PlusOne,
    /// At most one hex (Rasputitsa).
    LimitOne,
}

/// A battle in progress (10.5).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct BattleRun {
    pub attacker: Side,
    pub kind: BattleKind,
    pub attackers: Vec<usize>,
    /// The attacked hexes.
    pub targets: Vec<SpaceId>,
    /// The defending units that fight (all units in the target hexes, but a counterattack's
    /// may be fewer: the others are uncommitted and only retreat, 10.7.2).
    pub defenders: Vec<usize>,
    pub uncommitted: Vec<usize>,
    /// The units of the battle as first fought: a counterattack may use only these (10.7.2).
    pub original: Vec<usize>,
    /// What the battle still waits for, the first one now.
    pub stages: Vec<BattleStage>,
    /// A support marker is committed (10.6.2).
    pub support: bool,
    /// Column shifts from event cards (10.5 step 2).
    pub card_shifts: Vec<(String, i8)>,
    /// A result an event card imposes without a die (Heinz Guderian, Elastic Defense).
    pub imposed: Option<crate::data::CombatResult>,
    /// The final column and CRT of the roll, and its result.
    pub column: Option<crate::data::Column>,
    pub crt: Option<Side>,
    pub result: Option<crate::data::CombatResult>,
    pub rolled: bool,
    /// Sides that played their card for this battle, per window.
    pub played: Vec<(Side, u8)>,
    pub advance_cards: Vec<AdvanceCard>,
    /// Experienced Commanders: this side rolls two dice and uses either.
    pub two_dice: Option<Side>,
    /// Erich von Manstein: units whose strength is doubled in this battle.
    #[serde(default)]
    pub doubled: Vec<usize>,
    /// No Mercy!: each side loses one more step after the result (Reconstructed).
    #[serde(default)]
    pub no_mercy: bool,
    /// The dice rolled for the battle so far, in order (the CRT die, a second die, re-rolls).
    #[serde(default)]
    pub dice: Vec<u8>,
}

/// The Combat phase's bookkeeping.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct CombatState {
    pub step: CombatStep,
    /// Hexes with a Target marker not yet attacked.
    pub targets: Vec<SpaceId>,
    /// Hexes the active player must attack as counterblows (10.1.2, 10.7.3), not yet attacked.
    pub counterblows: Vec<SpaceId>,
    /// Hexes attacked this phase (10.3.4).
    pub attacked_hexes: Vec<SpaceId>,
    /// Units that fought this phase (10.3.4).
    pub fought: Vec<usize>,
    /// The battle being fought.
    pub battle: Option<BattleRun>,
}

/// What a player turn keeps track of; cleared when the next player turn begins.
#[derive(Serialize, Deserialize, Clone, Debug, Default, PartialEq, Eq)]
pub struct Scratch {
    pub reorg: Option<ReorgStep>,
    pub free_upgrades_left: u8,
    /// The Card phase's discard was asked for (5.1) and its draw done (5.2).
    pub discard_asked: bool,
    pub drawn: bool,
    /// Units that moved or embarked this Movement phase (8.0 [INF]).
    pub moved: Vec<usize>,
    pub embarked: u8,
    pub combat: Option<CombatState>,
    /// VP hexes captured this turn (9.2: no unloading route may end there).
    pub captured: Vec<SpaceId>,
    /// Units paid for this Reorganization phase and waiting to be placed (7.9).
    pub replaced: Vec<usize>,
    /// The Strategic Reserve marker was set this Rail Unloading phase (14.12.1).
    pub reserve_set: bool,
    /// 15.1, 15.2: the once-per-turn split was made this Reorganization phase.
    #[serde(default)]
    pub split_done: bool,
    /// 15.1, 15.2: the units a split created, each waiting to be placed in the split unit's
    /// hex or next to it.
    #[serde(default)]
    pub split_place: Vec<(usize, SpaceId)>,
    /// 15.3.1: the Movement phase is over; the Local Combat Support marker may be placed.
    #[serde(default)]
    pub support_step: bool,
    /// The passive player's window in this Movement phase was offered (Maskirovka).
    #[serde(default)]
    pub passive_window_done: bool,
    /// Major Offensive was played this player turn (its Target markers and penalty).
    #[serde(default)]
    pub major_offensive: bool,
}

/// 15.9: where the Paratroopers / Partisans marker is.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Paratroopers {
    /// The option is not in play.
    #[default]
    Off,
    /// On the Turn Track, arriving in the Soviet Rail box on this turn.
    Track(u8),
    /// In the Soviet Rail Movement box (it takes one of its places [INF]).
    Rail,
    /// On the map on this hex until the Axis marker-removal phase.
    Map(SpaceId),
}

/// The conditional turn events of 13.5: the turn each was triggered on.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Triggers {
    /// The Soviets first controlled the Romanian oil fields.
    pub ploesti: Option<u8>,
    /// The Soviets crossed into Greater Germany or Romania.
    pub greater_germany: Option<u8>,
    /// The Soviets first controlled Warsaw.
    pub warsaw: Option<u8>,
}

/// Optional rules of §15 in play (15.10 is never used).
#[derive(Serialize, Deserialize, Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    pub abteilungen: bool,
    pub fortified_fronts: bool,
    pub local_combat_support: bool,
    pub no_variable_weather: bool,
    pub quick_reorganization: bool,
    pub no_surrender: bool,
    pub joker: bool,
    pub rezervy: bool,
    pub paratroopers: bool,
    /// `true`: the Axis keeps its own CRT in snow, as the Spanish text is silent; the default
    /// `false` plays 13.1 [EXT], the Axis on the Soviet CRT in Snow and Extreme Winter.
    pub axis_own_crt_in_snow: bool,
    /// SB (evidence §6): "any scenario can instead start a Campaign Game to the end of turn 22
    /// with the standard victory conditions": the scenario's set-up and first turn, then the
    /// campaign's rules of victory (Objectives, sudden death, 12.4 at turn 23 and 1945) and
    /// its last turn. No effect on the Campaign Game itself.
    #[serde(default)]
    pub play_on_as_campaign: bool,
}

/// The whole game.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct State {
    pub scenario: String,
    pub last_turn: u8,
    pub turn: u8,
    pub phase: Phase,
    pub options: Options,
    /// By the board's unit index.
    pub units: Vec<UnitState>,
    /// Per space: who controls it (VP hexes and Finland; None elsewhere or nobody).
    pub control: Vec<Option<Side>>,
    pub deck: Deck,
    /// Cards in hand, German then Soviet.
    pub hands: [Vec<u8>; 2],
    /// 15.7: who holds the Joker.
    pub joker: Option<Side>,
    /// 15.7: the Joker's card number (in its holder's hand), when the option is in play.
    #[serde(default)]
    pub joker_card: Option<u8>,
    /// 15.6: cards fewer each side draws from now on (at most 2).
    #[serde(default)]
    pub no_surrender_penalty: [u8; 2],
    pub weather_markers: Vec<MarkerState>,
    /// The weather of this turn (13.1) and of the previous one.
    pub weather: TurnWeather,
    pub last_weather: Option<Weather>,
    pub vp: VpState,
    /// Blitz! (German) and Shock! (Soviet) markers left this turn (13.3).
    pub support: [u8; 2],
    pub triggers: Triggers,
    /// Red-event discards the Axis owes after drawing this turn (13.4 [EXT]).
    pub axis_discards_due: u8,
    /// 13.5 turns 16, 18: the Axis draws one fewer this turn.
    pub axis_card_penalty: bool,
    /// 5.0 "once is enough": the card halves executed as events this game turn.
    pub executed: Vec<(u8, Side)>,
    /// 10.6.2 [EXT]: the first Snow turn of the game (Shock! gives 2R).
    pub first_snow_turn: Option<u8>,
    /// 14.13: a card cancelled the next sudden-death check.
    pub no_sudden_death: bool,
    /// The first Axis player turn skips Card, Supply and Reorganization (LP U2).
    pub skip_first_phases: bool,
    pub pending: Vec<Pending>,
    /// Counterblow markers placed by CB results (10.7.3): the hex and the side whose units
    /// are under it; the other side must attack them in its next Combat phase.
    pub cb_markers: Vec<(SpaceId, Side)>,
    /// 14.12: the Soviet unit in the Rail box carrying the Strategic Reserve marker.
    pub strategic_reserve: Option<usize>,
    /// 15.3: the unit carrying each side's Local Combat Support marker (German, Soviet).
    #[serde(default)]
    pub local_support: [Option<usize>; 2],
    /// 15.9: the Paratroopers / Partisans marker.
    #[serde(default)]
    pub paratroopers: Paratroopers,
    /// A Soviet event held while the Axis may cancel it (Inexperienced Soviet Officers).
    #[serde(default)]
    pub cancel_play: Option<(Side, crate::rules::Action)>,
    pub scratch: Scratch,
    pub outcome: Option<Outcome>,
    pub dice: Dice,
}

/// Index of a side in per-side arrays.
pub fn side_index(side: Side) -> usize {
    match side {
        Side::German => 0,
        Side::Soviet => 1,
    }
}

impl State {
    pub fn hand(&self, side: Side) -> &Vec<u8> {
        &self.hands[side_index(side)]
    }
    pub fn hand_mut(&mut self, side: Side) -> &mut Vec<u8> {
        &mut self.hands[side_index(side)]
    }
    /// The units on the map, with their space.
    pub fn on_map(&self) -> impl Iterator<Item = (usize, SpaceId)> + '_ {
        self.units
            .iter()
            .enumerate()
            .filter_map(|(i, u)| match u.loc {
                Loc::Map(s) => Some((i, s)),
                _ => None,
            })
    }
}
