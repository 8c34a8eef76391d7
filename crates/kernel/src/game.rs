//! The game trait: the same shape for all five games (DESIGN.md "The rules API").

use crate::Dice;
use serde::{de::DeserializeOwned, Deserialize, Serialize};
use std::fmt::Debug;

/// The two sides of every game here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Side {
    German,
    Soviet,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::German => Side::Soviet,
            Side::Soviet => Side::German,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Side::German => "German",
            Side::Soviet => "Soviet",
        }
    }
}

/// A chair at the table. Several seats may play one side (Stalingrad's two German players).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Seat(pub u8);

/// Who is looking: one side, or everyone (the review after the game).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Viewer {
    Side(Side),
    Omniscient,
}

/// How a finished game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub winner: Option<Side>,
    /// The victory condition, with its rule reference.
    pub reason: String,
}

/// An action refused by the rules, with the reason a player can read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RuleError(pub String);

impl std::fmt::Display for RuleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}
impl std::error::Error for RuleError {}

/// A scenario a game offers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScenarioInfo {
    pub id: String,
    pub name: String,
    pub brief: String,
}

/// What the session needs to know of an event.
pub trait GameEvent {
    /// Card draws and block reveals end the chance to undo (dice are detected by the session).
    fn clears_undo(&self) -> bool;
}

/// One game's rules. The whole game state is one plain serialisable value; everything else is
/// a function of it. `&self` carries the immutable scenario data (map, pieces, tables).
pub trait Game {
    type State: Clone + Debug + PartialEq + Serialize + DeserializeOwned;
    type Action: Clone + Debug + PartialEq + Serialize + DeserializeOwned;
    type Event: Clone + Debug + Serialize + GameEvent;
    type View: Clone + Debug + Serialize;
    type Options: Clone + Debug + Default + PartialEq + Serialize + DeserializeOwned;

    /// Stable id used in saves and on the command line ("stalingrad").
    fn id(&self) -> &'static str;
    fn title(&self) -> &'static str;
    /// The version of these rules as far as saves are concerned: raised whenever a change
    /// makes an old record play out differently (another draw order, a rule corrected), so a
    /// save that no longer replays is refused with the version it was written by.
    fn rules_version(&self) -> u32 {
        1
    }
    fn scenarios(&self) -> Vec<ScenarioInfo>;

    fn setup(
        &self,
        scenario: &str,
        options: &Self::Options,
        seed: u64,
    ) -> Result<Self::State, RuleError>;
    /// Who must decide now; `None` once the game is over.
    fn active(&self, state: &Self::State) -> Option<Seat>;
    /// The side a seat plays.
    fn side_of(&self, state: &Self::State, seat: Seat) -> Side;
    fn legal_actions(&self, state: &Self::State, seat: Seat) -> Vec<Self::Action>;
    /// Applies a legal action; anything else is refused with the reason and changes nothing.
    fn apply(
        &self,
        state: &mut Self::State,
        seat: Seat,
        action: &Self::Action,
    ) -> Result<Vec<Self::Event>, RuleError>;
    /// What `viewer` may know. Hidden facts are absent from the value, not merely unset.
    fn view(&self, state: &Self::State, viewer: Viewer) -> Self::View;
    fn outcome(&self, state: &Self::State) -> Option<Outcome>;
    fn dice<'a>(&self, state: &'a mut Self::State) -> &'a mut Dice;
    fn dice_ref<'a>(&self, state: &'a Self::State) -> &'a Dice;
}
