//! Stalingrad: Inferno on the Volga (VentoNuovo 2018) — the rules, exactly as printed, as a pure
//! state machine. Rule references in comments and tests name the rulebook headings and the
//! sections of `shared/rules/stalingrad.md`.
//!
//! Entry point: [`Stalingrad`], which implements [`eastfront_kernel::Game`].

pub mod board;
pub mod combat;
pub mod data;
pub mod determinise;
pub mod invariants;
pub mod preview;
pub mod reference;
pub mod rules;
pub mod setup;
pub mod soviet;
pub mod state;
pub mod table;
pub mod view;

pub use board::{Board, CardId, UnitId};
pub use reference::reference;
pub use state::{
    Action, Advantage, Event, EventKind, Level, Location, Mode, Options, Phase, RuleFlags, State,
    UnitState,
};
pub use view::{Step, View};

use eastfront_kernel::{Dice, Game, Outcome, RuleError, ScenarioInfo, Seat, Side, Viewer};
use std::sync::Arc;

/// The game: the board (immutable scenario data) plus the rules.
#[derive(Clone)]
pub struct Stalingrad {
    pub board: Arc<Board>,
}

impl Default for Stalingrad {
    fn default() -> Self {
        Self::new()
    }
}

impl Stalingrad {
    /// With the data shipped in `scenarios/stalingrad/`.
    pub fn new() -> Self {
        Stalingrad {
            board: Arc::new(Board::new(data::ScenarioData::builtin())),
        }
    }
    pub fn with_data(data: data::ScenarioData) -> Self {
        Stalingrad {
            board: Arc::new(Board::new(data)),
        }
    }
}

impl Game for Stalingrad {
    type State = State;
    type Action = Action;
    type Event = Event;
    type View = View;
    type Options = Options;

    fn id(&self) -> &'static str {
        "stalingrad"
    }
    fn title(&self) -> &'static str {
        "Stalingrad: Inferno on the Volga"
    }
    fn scenarios(&self) -> Vec<ScenarioInfo> {
        vec![ScenarioInfo {
            id: "standard".into(),
            name: "23 August – 19 November 1942".into(),
            brief: "The 6th Army and 4th Panzer Army storm the city before Operation Uranus; the Soviet deck is the clock.".into(),
        }]
    }
    fn setup(&self, scenario: &str, options: &Options, seed: u64) -> Result<State, RuleError> {
        if scenario != "standard" {
            return Err(RuleError(format!(
                "Stalingrad has no scenario \"{scenario}\" (it has: standard)"
            )));
        }
        Ok(setup::setup(&self.board, options, seed))
    }
    fn active(&self, st: &State) -> Option<Seat> {
        rules::active_seat(st)
    }
    fn side_of(&self, st: &State, seat: Seat) -> Side {
        if seat == state::soviet_seat(st.options.mode) {
            Side::Soviet
        } else {
            Side::German
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
        let prompt = rules::prompt(&self.board, st);
        view::build_view(&self.board, st, viewer, prompt)
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
