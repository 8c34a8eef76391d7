//! Moscow '41 (VentoNuovo, 2016): the data (`data`, `board`) and the rules engine, as a pure
//! state machine. No Bevy here. Rules are cited by the rulebook's numbers as in
//! `shared/rules/moscow-41.md` ("R 10.8", "SC.2", "GAP-19"); readings of ambiguous rules are
//! listed in `docs/moscow41.md`.
//!
//! Entry point: [`Moscow41`], which implements [`eastfront_kernel::Game`]. Seat 0 is the
//! German player, seat 1 the Soviet player.

pub mod battle;
pub mod board;
pub mod data;
pub mod determinise;
pub mod exposure;
pub mod invariants;
pub mod moves;
pub mod path;
pub mod preview;
pub mod query;
pub mod reference;
pub mod rules;
pub mod setup;
pub mod state;
pub mod table;
pub mod victory;
pub mod view;

pub use board::{AreaId, BlockId, Board, BomberId};
pub use determinise::determinise;
pub use path::{AreaPath, PathTooLong, MAX_PATH};
pub use reference::reference;
pub use state::{
    Action, BlockState, BomberState, Event, EventKind, ImpulseKind, Loc, OptionalRules, Options,
    Phase, Readings, State, Weather,
};
pub use view::View;

use eastfront_kernel::{Dice, Game, Outcome, RuleError, ScenarioInfo, Seat, Side, Viewer};
use std::sync::Arc;

/// The game: the board (immutable scenario data) plus the rules.
#[derive(Clone)]
pub struct Moscow41 {
    pub board: Arc<Board>,
}

impl Default for Moscow41 {
    fn default() -> Self {
        Self::new()
    }
}

impl Moscow41 {
    /// With the data shipped in `scenarios/moscow41/`.
    pub fn new() -> Self {
        Moscow41 {
            board: Arc::new(Board::standard()),
        }
    }
    pub fn with_board(board: Board) -> Self {
        Moscow41 {
            board: Arc::new(board),
        }
    }
}

impl Game for Moscow41 {
    type State = State;
    type Action = Action;
    type Event = Event;
    type View = View;
    type Options = Options;

    fn id(&self) -> &'static str {
        "moscow41"
    }
    fn title(&self) -> &'static str {
        "Moscow '41"
    }
    /// 2: the Blitz battle is always fought (R 10.16) and isolation cubes stay on their
    /// blocks until a later check clears them (R 9.0–9.3): games recorded by version 1 that
    /// met either case play out differently.
    fn rules_version(&self) -> u32 {
        2
    }
    fn scenarios(&self) -> Vec<ScenarioInfo> {
        self.board
            .data
            .setups
            .setups
            .iter()
            .map(|s| ScenarioInfo {
                id: s.id.clone(),
                name: s.name.clone(),
                brief: format!(
                    "{} ({} to {})",
                    s.spanish_name,
                    rules::month(s.start_turn),
                    rules::month(s.end_turn)
                ),
            })
            .collect()
    }
    fn setup(&self, scenario: &str, options: &Options, seed: u64) -> Result<State, RuleError> {
        let mut st = setup::new_state(&self.board, scenario, options, seed)?;
        let mut ev = Vec::new();
        rules::run(&self.board, &mut st, &mut ev);
        Ok(st)
    }
    fn active(&self, st: &State) -> Option<Seat> {
        rules::active_seat(st)
    }
    fn side_of(&self, _st: &State, seat: Seat) -> Side {
        if seat == Seat(0) {
            Side::German
        } else {
            Side::Soviet
        }
    }
    fn legal_actions(&self, st: &State, seat: Seat) -> Vec<Action> {
        if rules::active_seat(st) != Some(seat) {
            return Vec::new();
        }
        rules::legal_actions(&self.board, st)
    }
    fn apply(&self, st: &mut State, seat: Seat, action: &Action) -> Result<Vec<Event>, RuleError> {
        rules::apply(&self.board, st, seat, action)
    }
    fn view(&self, st: &State, viewer: Viewer) -> View {
        view::build_view(&self.board, st, viewer)
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
