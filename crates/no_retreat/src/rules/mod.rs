//! The sequence of play as a state machine (4.0, spec §5): the actions a player takes, the
//! automatic steps between them, and `eastfront_kernel::Game`. The phases' own rules are in the
//! sibling modules; the pure rule functions they call are in the crate's other modules.
//!
//! Event cards: the ones whose text the sources give and whose window is built (`events.rs`);
//! the others are spent as currency only (5.4). Optional rules of §15 other than 15.4 and 15.5
//! and the Joker's holder are not built.

mod arrivals;
pub(crate) mod battle;
mod combat_phase;
mod end_phases;
mod event_targets;
mod events;
mod helpers;
mod legality;
mod move_lists;
mod move_phase;
mod optional;
mod reorg_phase;

pub(crate) use battle::battle_odds;
pub use helpers::{card_combos, units_at};
pub use optional::{support_bonus, support_value};

use crate::board::Board;
use crate::setup::{draw_cards, Drawn};
use crate::state::*;
use crate::supply::supply_phase;
use crate::turn::{position, turn_management, TurnNote};
use crate::view::View;
use eastfront_kernel::{Dice, Game, Outcome, RuleError, ScenarioInfo, Seat, Side, SpaceId, Viewer};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// A player's decision. Card payments name the cards spent (5.4).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Discard a card of one's choice (5.1, the opening hand, red events).
    Discard {
        card: u8,
    },
    /// End the current phase or step.
    End,
    /// Play this card's event (5.3), in its window.
    PlayEvent {
        card: u8,
    },
    /// Play no (more) event card in this window of a battle.
    Pass,
    /// Experienced Commanders: use this one of the two dice rolled.
    ChooseDie {
        die: u8,
    },
    /// Play an event that names units (Human Reserves: up to two units from the boxes).
    PlayEventFor {
        card: u8,
        units: Vec<usize>,
    },
    /// Play an event that names units and hexes (Maskirovka: a unit and its hex; Combat
    /// Initiative: a unit and where it moves; von Manstein: the unit doubled, or the hexes of
    /// its Counterblow markers).
    PlayEventOn {
        card: u8,
        units: Vec<usize>,
        hexes: Vec<SpaceId>,
    },
    // Reorganization (7.0).
    /// 7.1: flip a reduced unit to full strength.
    Recover {
        unit: usize,
        cards: Vec<u8>,
    },
    /// 7.2: flip a brown Soviet Front to red, free (no cards) or paid.
    Upgrade {
        unit: usize,
        cards: Vec<u8>,
    },
    /// 7.5: regional → fortified.
    Fortify {
        unit: usize,
        cards: Vec<u8>,
    },
    /// 7.5, 14.1: fortified → regional, free.
    Regionalize {
        unit: usize,
    },
    /// 7.6–7.8: place an arriving or shattered unit.
    Place {
        unit: usize,
        at: SpaceId,
    },
    /// 7.9: pay to replace a unit from the Destroyed or Surrendered box (then `Place` it).
    Replace {
        unit: usize,
        cards: Vec<u8>,
    },
    /// 13.5 turn 23: the SS Panzer Army returns at full strength for 1 VP (then `Place` it).
    ReturnSs,
    /// 7.10, 15.5: remove Disorganized markers for a card.
    Reorganize {
        units: Vec<usize>,
        card: u8,
    },
    // Movement (8.0, 9.1, 14.12).
    Move {
        unit: usize,
        to: SpaceId,
    },
    Embark {
        unit: usize,
        cards: Vec<u8>,
    },
    ReleaseReserve {
        at: SpaceId,
    },
    // Combat (10.0).
    Target {
        hex: SpaceId,
    },
    Counterblow {
        hex: SpaceId,
        card: u8,
    },
    /// 10.3: fight a battle: these units against these marked hexes; `support`: commit a
    /// Blitz!/Shock! marker (10.6.2).
    Attack {
        targets: Vec<SpaceId>,
        units: Vec<usize>,
        support: bool,
    },
    /// 10.7.2: counterattack with these units, or (empty) end the battle.
    Counterattack {
        units: Vec<usize>,
        support: bool,
    },
    /// 10.7.3: put the Counterblow marker on this hex of one's own participating units.
    MarkCounterblow {
        hex: SpaceId,
    },
    /// 10.7.1: this participating unit takes the step loss.
    TakeLoss {
        unit: usize,
    },
    /// 14.9.2: place this cadre (or none) where the unit was eliminated.
    PlaceCadre {
        cadre: Option<usize>,
    },
    Retreat {
        unit: usize,
        to: SpaceId,
    },
    Advance {
        unit: usize,
        to: SpaceId,
    },
    /// 8.4.3: remove this unit from an over-stacked hex.
    Unstack {
        unit: usize,
    },
    // Rail Unloading (9.2, 14.12).
    Unload {
        unit: usize,
        at: SpaceId,
    },
    AssignReserve {
        unit: Option<usize>,
    },
    // Optional rules (15.0).
    /// 15.1, 15.2: split this army, Panzer army or fortified front in the placement step
    /// (then `Place` the units it makes).
    Split {
        unit: usize,
    },
    /// 15.3.1: put the Local Combat Support marker on this unit at the end of Movement.
    LocalSupport {
        unit: usize,
    },
    /// 15.9: drop the Paratroopers / Partisans marker on this Axis unit.
    Paratroopers {
        unit: usize,
    },
}

/// What an event is about (for the log and the table's cues).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub enum EventKind {
    Phase,
    /// A card went into a hand (hidden from the other side).
    Drawn,
    Cards,
    Weather,
    Supply,
    Reorganized,
    Moved,
    Declared,
    Battle,
    Result,
    StepLost,
    Retreated,
    Advanced,
    Eliminated,
    Control,
    Victory,
    /// A battle opens on these hexes (its target hexes): the lines up to its `BattleEnd` are
    /// that battle's.
    BattleStart {
        at: Vec<SpaceId>,
    },
    /// The battle on these hexes is over.
    BattleEnd {
        at: Vec<SpaceId>,
    },
    /// An event of `kind` that concerns these spaces (a move's start and end, a captured
    /// hex, a unit's hex).
    Located {
        kind: Box<EventKind>,
        at: Vec<SpaceId>,
    },
}

impl EventKind {
    /// This kind, pointed at `at` (no spaces: the kind itself).
    pub fn located(self, at: Vec<SpaceId>) -> EventKind {
        if at.is_empty() {
            self
        } else {
            EventKind::Located {
                kind: Box::new(self),
                at,
            }
        }
    }
    /// The kind without its spaces.
    pub fn base(&self) -> &EventKind {
        match self {
            EventKind::Located { kind, .. } => kind.base(),
            k => k,
        }
    }
}

impl eastfront_kernel::EventKind for EventKind {
    fn reveals_or_draws(&self) -> bool {
        *self.base() == EventKind::Drawn
    }
    fn places(&self) -> Vec<SpaceId> {
        match self {
            EventKind::Located { at, .. }
            | EventKind::BattleStart { at }
            | EventKind::BattleEnd { at } => at.clone(),
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
    fn topic(&self) -> eastfront_kernel::LogTopic {
        use eastfront_kernel::LogTopic;
        match self.base() {
            EventKind::BattleStart { .. } | EventKind::BattleEnd { .. } => LogTopic::Combat,
            EventKind::Located { .. } => LogTopic::Other,
            EventKind::Declared
            | EventKind::Battle
            | EventKind::Result
            | EventKind::StepLost
            | EventKind::Retreated
            | EventKind::Advanced
            | EventKind::Eliminated => LogTopic::Combat,
            EventKind::Moved | EventKind::Control => LogTopic::Movement,
            EventKind::Drawn | EventKind::Cards | EventKind::Reorganized => LogTopic::Cards,
            EventKind::Phase | EventKind::Weather | EventKind::Supply | EventKind::Victory => {
                LogTopic::Other
            }
        }
    }
}

pub type Event = eastfront_kernel::Event<EventKind>;

/// The game: the board plus the rules.
#[derive(Clone)]
pub struct NoRetreat {
    pub board: Arc<Board>,
}

impl Default for NoRetreat {
    fn default() -> Self {
        Self::new()
    }
}

impl NoRetreat {
    pub fn new() -> Self {
        NoRetreat {
            board: Arc::new(Board::standard()),
        }
    }
    pub fn with_board(board: Board) -> Self {
        NoRetreat {
            board: Arc::new(board),
        }
    }
}

/// Seat 0 is the Axis player, seat 1 the Soviet player.
pub fn seat_of(side: Side) -> Seat {
    match side {
        Side::German => Seat(0),
        Side::Soviet => Seat(1),
    }
}

/// The side that must decide now.
pub fn deciding_side(st: &State) -> Option<Side> {
    if st.outcome.is_some() {
        return None;
    }
    if let Some(p) = st.pending.first() {
        return Some(match p {
            Pending::Discard { side, .. }
            | Pending::Overstack { side, .. }
            | Pending::Cancel { side }
            | Pending::Window { side } => *side,
        });
    }
    let Phase::Player { side, step } = st.phase else {
        return None;
    };
    if step == Step::Combat {
        if let Some(c) = &st.scratch.combat {
            if c.step == CombatStep::Counterblows {
                return Some(side.other());
            }
            if let Some(b) = &c.battle {
                return Some(combat_phase::battle_decider(b, side));
            }
        }
    }
    Some(side)
}

fn log(events: &mut Vec<Event>, kind: EventKind, rule: &str, text: String) {
    events.push(Event::new(kind, rule, text));
}

pub(crate) fn drawn_events(board: &Board, side: Side, drawn: &[Drawn], events: &mut Vec<Event>) {
    for d in drawn {
        match d {
            Drawn::Card(c) => events.push(
                Event::new(
                    EventKind::Drawn,
                    "5.2",
                    format!("{} draws a card", crate::table::side_word(side)),
                )
                .with_private(side, format!("You draw card {c}")),
            ),
            Drawn::Weather { card, changed } => {
                let title = board
                    .data
                    .cards
                    .cards
                    .iter()
                    .find(|x| x.number == *card)
                    .and_then(|x| x.title.clone())
                    .unwrap_or_else(|| format!("card {card}"));
                let what = if *changed {
                    "changes next turn's weather"
                } else {
                    "has no effect"
                };
                log(
                    events,
                    EventKind::Weather,
                    "14.14.2",
                    format!("Weather card {title} revealed: it {what}"),
                );
            }
            Drawn::NoCard => log(events, EventKind::Cards, "5.0", "The deck is empty".into()),
        }
    }
}

fn turn_events(board: &Board, notes: &[TurnNote], events: &mut Vec<Event>) {
    for n in notes {
        let (rule, text) = match n {
            TurnNote::Turn(t) => ("4.0", format!("Turn {t} begins")),
            TurnNote::ParatroopersArrive => (
                "15.9",
                "The Paratroopers / Partisans marker enters the Soviet Rail box".into(),
            ),
            TurnNote::Weather(w) => ("13.1", format!("Weather: {w:?}")),
            TurnNote::Support { blitz, shock } => {
                ("13.3", format!("Support: {blitz} Blitz!, {shock} Shock!"))
            }
            TurnNote::Arrived(u) => (
                "7.8",
                format!("{} arrives", board.data.units.units[*u].front.name),
            ),
            TurnNote::Withdrawn { unit, .. } => (
                "13.5",
                format!("{} is withdrawn", board.data.units.units[*unit].front.name),
            ),
            TurnNote::NaBerlinDeployment => ("5.5", "Na Berlin! card deployment".into()),
            TurnNote::RedEvent(e) => ("13.4", format!("{e}: +1 Soviet VP")),
            TurnNote::InitiativeChanged {
                high_tide,
                soviet_score,
            } => (
                "12.10",
                format!("Na Berlin! High Tide at {high_tide}; the Soviets have {soviet_score} VP"),
            ),
            TurnNote::IntoNineteenFortyFive => ("12.4", "The war goes on into 1945".into()),
            TurnNote::NoSurrender {
                side,
                discarded,
                penalty,
            } => (
                "15.6",
                format!(
                    "No surrender: the {} {}and draws {penalty} card(s) fewer from now on",
                    crate::table::side_word(*side),
                    if *discarded {
                        "discards a card at random "
                    } else {
                        ""
                    }
                ),
            ),
            TurnNote::GameOver(o) => ("12.0", o.reason.clone()),
        };
        log(events, EventKind::Phase, rule, text);
    }
}

/// Starts `side`'s player turn at its Card phase (or at Movement for the first Axis turn of
/// a scenario that skips the first phases, LP U2).
fn start_player_turn(st: &mut State, side: Side) {
    st.scratch = Scratch::default();
    let skip = st.skip_first_phases && side == Side::German;
    st.skip_first_phases = false;
    st.phase = Phase::Player {
        side,
        step: if skip { Step::Movement } else { Step::Card },
    };
    if skip {
        optional::begin_movement(st, side);
    }
}

/// Runs the automatic steps until a player must decide or the game ends.
pub(crate) fn run(board: &Board, st: &mut State, events: &mut Vec<Event>) {
    run_steps(board, st, events);
    // 15.3.4: a marker whose unit left the map is set aside.
    optional::tidy_support(st);
}

fn run_steps(board: &Board, st: &mut State, events: &mut Vec<Event>) {
    optional::tidy_support(st);
    for _ in 0..64 {
        if st.outcome.is_some() {
            st.phase = Phase::Over;
            return;
        }
        if !st.pending.is_empty() {
            return;
        }
        let Phase::Player { side, step } = st.phase else {
            return;
        };
        match step {
            Step::Card => {
                if !st.scratch.drawn {
                    // 5.1: first discard down to two cards.
                    if !st.scratch.discard_asked {
                        st.scratch.discard_asked = true;
                        let extra = crate::deck::discards_needed(st.hand(side), st.joker_card);
                        if extra > 0 {
                            let count = u8::try_from(extra).unwrap_or(u8::MAX);
                            st.pending.push(Pending::Discard { side, count });
                            continue;
                        }
                    }
                    // 5.2: then draw.
                    let n = helpers::draw_count(board, st, side);
                    let drawn = draw_cards(board, st, side, n);
                    drawn_events(board, side, &drawn, events);
                    st.scratch.drawn = true;
                    // 13.4 [EXT]: a red event's discard comes after the draw.
                    if side == Side::German && st.axis_discards_due > 0 {
                        let discardable = st
                            .hand(side)
                            .iter()
                            .filter(|c| Some(**c) != st.joker_card)
                            .count();
                        let count = st
                            .axis_discards_due
                            .min(u8::try_from(discardable).unwrap_or(u8::MAX));
                        st.axis_discards_due = 0;
                        if count > 0 {
                            st.pending.push(Pending::Discard { side, count });
                            continue;
                        }
                    }
                }
                // 5.3.1: events whose timing is the Card phase (End moves on).
                if !events::playable(board, st, side, events::Window::CardPhase, None).is_empty() {
                    return;
                }
                st.phase = Phase::Player {
                    side,
                    step: Step::Supply,
                };
            }
            Step::Supply => {
                let mut pos = position(board, st);
                let status = supply_phase(board, &mut pos, side);
                for (p, s) in pos.pieces.iter().zip(status) {
                    if p.unsupplied && !st.units[p.unit].unsupplied {
                        st.units[p.unit].unsupplied = true;
                        log(
                            events,
                            EventKind::Supply.located(vec![p.at]),
                            "6.4",
                            format!("{} is out of supply", helpers::unit_name(board, st, p.unit)),
                        );
                    }
                    let _ = s;
                }
                st.phase = Phase::Player {
                    side,
                    step: Step::Reorganization,
                };
                st.scratch.reorg = Some(ReorgStep::Flip);
                st.scratch.free_upgrades_left = if side == Side::Soviet {
                    crate::reorg::free_upgrades(&board.data.track, st.turn)
                } else {
                    0
                };
            }
            Step::Combat => {
                if st.scratch.combat.is_none() {
                    combat_phase::begin(board, st, events);
                }
                if combat_phase::finished(board, st) {
                    combat_phase::finish(board, st, events);
                    st.phase = Phase::Player {
                        side,
                        step: Step::Removal,
                    };
                } else {
                    return;
                }
            }
            Step::Removal => {
                end_phases::removal(board, st, side, events);
                st.phase = Phase::Player {
                    side,
                    step: Step::RailUnloading,
                };
            }
            Step::Reorganization | Step::Movement | Step::RailUnloading => return,
        }
    }
}

/// The Movement phase is over: on to Combat.
fn end_movement_phase(st: &mut State, side: Side) {
    st.scratch.support_step = false;
    st.phase = Phase::Player {
        side,
        step: Step::Combat,
    };
}

/// Ends the current phase or step (the `End` action) and moves on.
fn end_step(board: &Board, st: &mut State, events: &mut Vec<Event>) {
    let Phase::Player { side, step } = st.phase else {
        return;
    };
    match step {
        Step::Reorganization => match st.scratch.reorg {
            Some(ReorgStep::Flip) => st.scratch.reorg = Some(ReorgStep::Place),
            Some(ReorgStep::Place) => st.scratch.reorg = Some(ReorgStep::Reorganize),
            _ => {
                st.scratch.reorg = None;
                st.phase = Phase::Player {
                    side,
                    step: Step::Movement,
                };
                optional::begin_movement(st, side);
            }
        },
        Step::Movement => {
            // Maskirovka: the passive Soviet's window before the Axis Movement phase ends; the
            // Axis may go on moving after it.
            if side == Side::German && !st.scratch.passive_window_done && !st.scratch.support_step {
                st.scratch.passive_window_done = true;
                let w = events::Window::EnemyMovement;
                if !event_targets::targeted_legal(board, st, Side::Soviet, w, None).is_empty() {
                    st.pending.insert(0, Pending::Window { side: Side::Soviet });
                    return;
                }
            }
            if !optional::end_movement(board, st, side, events) {
                end_movement_phase(st, side);
            }
        }
        Step::Combat => {
            if !combat_phase::end_advance(board, st, events) {
                combat_phase::end_declaration(st);
            }
        }
        Step::RailUnloading => {
            if side == Side::German {
                start_player_turn(st, Side::Soviet);
            } else {
                let notes = turn_management(board, st, true);
                turn_events(board, &notes, events);
                if st.outcome.is_none() {
                    start_player_turn(st, Side::German);
                }
            }
        }
        Step::Card => {
            st.phase = Phase::Player {
                side,
                step: Step::Supply,
            };
        }
        Step::Supply | Step::Removal => {}
    }
}

impl Game for NoRetreat {
    type State = State;
    type Action = Action;
    type Event = Event;
    type View = View;
    type Options = Options;

    fn id(&self) -> &'static str {
        "no_retreat"
    }
    fn title(&self) -> &'static str {
        "No Retreat! The Russian Front"
    }
    fn scenarios(&self) -> Vec<ScenarioInfo> {
        crate::setup::scenarios(&self.board)
            .into_iter()
            .map(|(id, name, brief)| ScenarioInfo { id, name, brief })
            .collect()
    }
    fn setup(&self, scenario: &str, options: &Options, seed: u64) -> Result<State, RuleError> {
        let mut st = crate::setup::setup(&self.board, scenario, options, seed)?;
        let mut events = Vec::new();
        run(&self.board, &mut st, &mut events);
        Ok(st)
    }
    fn active(&self, st: &State) -> Option<Seat> {
        deciding_side(st).map(seat_of)
    }
    fn side_of(&self, _st: &State, seat: Seat) -> Side {
        if seat == Seat(0) {
            Side::German
        } else {
            Side::Soviet
        }
    }
    fn legal_actions(&self, st: &State, seat: Seat) -> Vec<Action> {
        match deciding_side(st) {
            Some(side) if seat_of(side) == seat => helpers::legal(&self.board, st, side),
            _ => vec![],
        }
    }
    fn apply(&self, st: &mut State, seat: Seat, action: &Action) -> Result<Vec<Event>, RuleError> {
        let Some(side) = deciding_side(st) else {
            return Err(RuleError("the game is over".into()));
        };
        if seat_of(side) != seat {
            return Err(RuleError(format!(
                "it is the {} player's decision",
                crate::table::side_word(side)
            )));
        }
        let illegal = || Err(RuleError(format!("not a legal action now: {action:?}")));
        let mut events = Vec::new();
        // Speed: a move is checked and its path found in one look (`legality::quick_move`).
        match legality::quick_move(&self.board, st, side, action) {
            Some(Some(path)) => {
                let Action::Move { unit, .. } = action else {
                    return illegal();
                };
                move_phase::perform_planned(&self.board, st, side, *unit, path, &mut events);
            }
            Some(None) => return illegal(),
            None => {
                if !legality::is_legal(&self.board, st, side, action) {
                    return illegal();
                }
                helpers::perform(&self.board, st, side, action, &mut events);
            }
        }
        run(&self.board, st, &mut events);
        Ok(events)
    }
    fn view(&self, st: &State, viewer: Viewer) -> View {
        View::of(&self.board, st, viewer)
    }
    fn outcome(&self, st: &State) -> Option<Outcome> {
        st.outcome.clone()
    }
    fn dice<'a>(&self, st: &'a mut State) -> &'a mut Dice {
        &mut st.dice
    }
    fn dice_ref<'a>(&self, st: &'a State) -> &'a Dice {
        &st.dice
    }
}
