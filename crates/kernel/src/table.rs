//! What every table needs of a game beyond the rules API, so one table serves every game: the
//! common face of a view (who looks, the prompt, the turn and phase, the side to act, the
//! outcome) and, for each legal action, its words, how it is made on the map (the piece it
//! moves and the spaces clicked) and whether taking it now leaves work undone. The wording
//! lives with the rules; the table only shows it.

use crate::event::LogEvent;
use crate::game::{Game, Outcome, Seat, Side, Viewer};
use crate::topology::SpaceId;
use serde::{Deserialize, Serialize};

/// The common face of a game's view.
pub trait ViewFace {
    /// Whose eyes the view is for.
    fn viewer(&self) -> Viewer;
    /// What the side to act must do now, with the rule ("Choose one action (§6.7)").
    fn prompt(&self) -> &str;
    /// The turn as the printed track says it ("Turn 3 · September 1941", "Round 4").
    fn turn_label(&self) -> String;
    /// The phase as a player says it ("Soviet impulse · Movement", "German action").
    fn phase_label(&self) -> String;
    /// The side that decides now (None once the game is over).
    fn side_to_act(&self) -> Option<Side>;
    fn outcome(&self) -> Option<&Outcome>;
    /// The turn number of the game's state (the engine protocol reports it).
    fn turn_number(&self) -> u32;
    /// The turn the log dates events by, as the players count it (the printed track, or the
    /// round where there is none).
    fn log_turn(&self) -> u32 {
        self.turn_number()
    }
}

/// A piece the viewer knows by its identity (its own, or one revealed to it): the game's index
/// of the block or counter. A hidden piece has no `PieceId` in a view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct PieceId(pub u32);

/// What the player must hold before the clicks of a gesture.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Need {
    /// Nothing: the first click on the map acts (fight the battle there, place a line there).
    Nothing,
    /// Exactly this one piece, picked up on the map.
    Piece(PieceId),
    /// Exactly these pieces (sorted), picked up together from one stack.
    Pieces(Vec<PieceId>),
    /// Any of the viewer's pieces in this space (the whole stack acts).
    StackAt(SpaceId),
    /// This piece, chosen from a panel list (off the map: reinforcements, bombers).
    FromPanel(PieceId),
}

/// How a destination is lit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    /// A move (or a placement) that does not engage the enemy.
    Move,
    /// A move of a whole stack along a longer road (Stalingrad's Long Move).
    LongMove,
    /// A move that engages the enemy, an attack or a fire mission.
    Attack,
    /// An action taken on the space itself (fight the battle there, build a line there).
    Act,
}

/// The mouse button that makes the last click of a gesture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Button {
    #[default]
    Primary,
    /// A right-click on the space (e.g. dismantle the own line there, R 4.1).
    Secondary,
}

/// A legal action as a map gesture: hold `need`, then click `clicks` in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Gesture {
    pub need: Need,
    pub clicks: Vec<SpaceId>,
    pub mark: Mark,
    /// The spaces the move passes through, for drawing its path (may be empty).
    pub path: Vec<SpaceId>,
    /// Among actions with the same need and clicks, the lowest rank is the one a click takes
    /// (the shortest of several paths to one space); equal ranks are asked about.
    pub rank: u32,
    pub button: Button,
}

impl Gesture {
    /// A gesture of one click with the primary button.
    pub fn click(need: Need, to: SpaceId, mark: Mark) -> Gesture {
        Gesture {
            need,
            clicks: vec![to],
            mark,
            path: Vec::new(),
            rank: 0,
            button: Button::Primary,
        }
    }
    pub fn with_path(mut self, path: Vec<SpaceId>) -> Gesture {
        self.rank = path.len() as u32;
        self.path = path;
        self
    }
}

/// The rules' side of the table: what every table asks of a game. Implemented by each game
/// crate; the app draws its panels from this alone.
pub trait TableRules: Game<View: ViewFace, Event: LogEvent> {
    /// The action in a player's words, for a button or the log ("Move 9 Pz to hex 56").
    fn action_words(&self, view: &Self::View, action: &Self::Action) -> String;
    /// How the action is made on the map; None for an action offered only as a button.
    fn gesture(&self, view: &Self::View, action: &Self::Action) -> Option<Gesture>;
    /// Taking `action` now would end a segment while pieces could still act: the question to
    /// ask first ("2 HQs could still be activated."). None when nothing is left undone.
    fn work_left(
        &self,
        view: &Self::View,
        legal: &[Self::Action],
        action: &Self::Action,
    ) -> Option<String>;
    /// Taking `action` exposes something the player may not have seen (a victory area left
    /// open to the enemy): the warning to give first. None by default.
    fn risk(&self, _view: &Self::View, _action: &Self::Action) -> Option<String> {
        None
    }
    /// The battle `action` would open, as the viewer can know it before committing: the
    /// strengths or dice on each side, what hits, the terrain and markers, the odds column
    /// with every shift ("3 blocks, 8 dice, FD: about 2.7 hits"). Empty for an action that
    /// opens no battle (the default).
    fn preview(&self, _view: &Self::View, _action: &Self::Action) -> Vec<String> {
        Vec::new()
    }
    /// A seat's name for the players ("German", "Yellow German", "Soviet").
    fn seat_name(&self, options: &Self::Options, seat: Seat) -> String;
    /// Every seat the game may ask, in the order the players sit.
    fn seats(&self, options: &Self::Options) -> Vec<Seat>;
    /// A space's name for the players ("hex 56", "Smolensk (66)").
    fn space_name(&self, space: SpaceId) -> String;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_ranks_its_gesture_by_length() {
        let g = Gesture::click(Need::Piece(PieceId(3)), SpaceId(9), Mark::Move)
            .with_path(vec![SpaceId(4), SpaceId(9)]);
        assert_eq!(g.rank, 2);
        assert_eq!(g.clicks, vec![SpaceId(9)]);
        assert_eq!(g.button, Button::Primary);
    }
}
