//! eastfront's pure rules kernel: what every game shares.
//!
//! - [`topology`]: hex maps (via `hexx`) and area graphs behind one API — neighbours, distances,
//!   movement costs and paths, edge features.
//! - [`dice`]: the seeded, portable generator kept inside the game state, with scripted dice.
//! - [`game`]: the game trait every rules crate implements (setup, active seat, legal actions,
//!   apply, per-side view, outcome, events).
//! - [`session`]: undo (cleared by dice, draws, reveals and side changes), replay and saves.
//! - [`event`]: the one log-event type (public and private words, structured dice).
//! - [`table`]: what every table needs of a game (the view's face, an action's words and
//!   gesture, "ending now leaves work undone").
//! - [`opponent`]: the computer player's trait.
//! - [`blocks`]: block mechanics the block games share (firepower colours, hits, steps).
//! - [`data`]: loading RON data and save files with clear errors.
//!
//! No Bevy here: rules crates and their tests build in seconds.

pub mod blocks;
pub mod data;
pub mod dice;
pub mod event;
pub mod game;
pub mod opponent;
pub mod reference;
pub mod session;
pub mod table;
pub mod topology;

pub use blocks::{count_hits, lose_step, Firepower, StepLoss};
pub use data::{parse_ron, read_text_file, DataError};
pub use dice::Dice;
pub use event::{Event, EventKind, LogEvent, LogTopic, Roll};
pub use game::{Game, GameEvent, Outcome, RuleError, ScenarioInfo, Seat, Side, Viewer};
pub use opponent::Opponent;
pub use reference::{find_rule_refs, RuleEntry, RuleRef, RulesReference};
pub use session::{
    LoadError, Record, SaveFile, SaveHeader, Session, UndoEnd, SAVE_FORMAT, SAVE_VERSION,
};
pub use table::{Button, Gesture, Mark, Need, PieceId, TableRules, ViewFace};
pub use topology::{Edge, EdgeFeature, SpaceId, Topology};
