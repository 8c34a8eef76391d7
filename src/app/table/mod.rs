//! The one table every game is played on. A game brings a [`TableGame`] (its rules' words,
//! its map and pieces as data, its own panels); the table brings everything else, once:
//!
//! - [`session`]: the rules' session, who plays which seat, the log.
//! - [`frame`]: what the player at the screen sees, as plain data (the board and the panels
//!   read this, never the game's state).
//! - [`eyes`]: whose eyes are on the screen, and the hot-seat curtain.
//! - [`phase`]: the table's phase (setup, a human to act, the AI's turn, handoff, game over,
//!   replay) as Bevy states that gate the input and panel systems.
//! - [`ai`]: computer seats and the "What would the AI do?" hint, both on a thread.
//! - [`pace`]: the AI speed setting and the AI's moves played back one at a time.
//! - [`thinking`]: the thinking-time setting and the progress of a search in flight.
//! - [`saves`]: save, autosave, load, the Load list.
//! - [`game_over`]: the result (winner, chart, dice luck, losses), Review and Rematch.
//! - [`replay`]: step through a finished or saved game from either side or all revealed.
//! - [`bridge`]: the per-game systems that turn a [`TableGame`] into the plain data above.

pub mod ai;
pub mod bridge;
pub mod desc;
pub mod eyes;
pub mod frame;
pub mod game;
pub mod game_over;
pub mod pace;
pub mod panel;
pub mod phase;
pub mod replay;
pub mod rule_switch;
pub mod saves;
pub mod session;
pub mod thinking;

pub use eyes::Eyes;
pub use frame::{Frame, Overlays};
pub use game::{Controller, NewGame, Seating, TableGame};
pub use phase::TablePhase;
pub use session::{GameLog, LogLine, Table, TableStatus};

use super::screens::Screen;
use bevy::prelude::*;
use eastfront_kernel::Seat;

/// A decision of the player at the screen: the `index`-th legal action of `seat` in the frame
/// of table revision `revision` (a click, a button or a key). A stale choice is dropped.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayerChoice {
    pub seat: Seat,
    pub index: usize,
    pub revision: u64,
}

/// "Take back the last action" (button or Ctrl+Z).
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct UndoRequest;

/// The game a menu choice or a load opens next (consumed when the table opens).
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct PendingTable {
    pub game: &'static str,
    pub new: NewGame,
}

/// Order of the table's systems within a frame: act, decide who looks, rebuild the frame,
/// then the board and pieces follow it.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TableSet {
    Act,
    Eyes,
    View,
    Mirror,
    Draw,
}

/// A message for the player that is not part of the game (saved, load failed, ...).
#[derive(Resource, Default)]
pub struct Notice {
    pub text: Option<String>,
    pub is_error: bool,
    pub shown_at: f64,
    /// A notice about one position (the AI's hint) holds the table revision it was made for
    /// and is cleared as soon as the game moves on.
    pub for_revision: Option<u64>,
}

impl Notice {
    pub fn info(&mut self, text: impl Into<String>, now: f64) {
        self.text = Some(text.into());
        self.is_error = false;
        self.shown_at = now;
        self.for_revision = None;
    }
    pub fn error(&mut self, text: impl Into<String>, now: f64) {
        self.text = Some(text.into());
        self.is_error = true;
        self.shown_at = now;
        self.for_revision = None;
    }
    /// A notice that holds only while the table stays at `revision`.
    pub fn about_position(&mut self, text: impl Into<String>, now: f64, revision: u64) {
        self.info(text, now);
        self.for_revision = Some(revision);
    }
    /// Clears a notice about a position the game has left.
    pub fn expire(&mut self, revision: u64) {
        if self.for_revision.is_some_and(|r| r != revision) {
            self.text = None;
            self.for_revision = None;
        }
    }
}

/// Run condition: a table of any game is open.
pub fn table_open(status: Option<Res<TableStatus>>) -> bool {
    status.is_some_and(|s| !s.game.is_empty())
}

/// What every game's table shares: the plain-data resources, the curtain, the phase, the AI
/// pace, saves' keys and the result window. Per-game systems come from [`TablePlugin`].
pub fn plugin(app: &mut App) {
    app.init_resource::<Frame>()
        .init_resource::<GameLog>()
        .init_resource::<TableStatus>()
        .init_resource::<Eyes>()
        .init_resource::<Overlays>()
        .init_resource::<Notice>()
        .add_message::<PlayerChoice>()
        .add_message::<UndoRequest>()
        .configure_sets(
            Update,
            (
                TableSet::Act,
                TableSet::Eyes,
                TableSet::View,
                TableSet::Mirror,
                TableSet::Draw,
            )
                .chain(),
        )
        .add_systems(OnExit(Screen::Table), close_table)
        .add_systems(
            Update,
            (
                eyes::call_next_player.in_set(TableSet::Eyes),
                expire_position_notices.after(TableSet::Act),
            )
                .run_if(in_state(Screen::Table).and_then(table_open)),
        )
        .add_plugins((
            phase::plugin,
            ai::plugin,
            pace::plugin,
            thinking::plugin,
            saves::plugin,
            game_over::plugin,
            replay::plugin,
        ));
}

/// The window-only parts: the curtain.
pub fn ui_plugin(app: &mut App) {
    app.add_systems(
        bevy_egui::EguiPrimaryContextPass,
        eyes::draw_curtain.run_if(in_state(Screen::Table).and_then(table_open)),
    );
}

fn close_table(mut commands: Commands) {
    commands.insert_resource(Frame::default());
    commands.insert_resource(GameLog::default());
    commands.insert_resource(TableStatus::default());
    commands.insert_resource(Eyes::default());
}

/// The AI's hint and other notices about one position go once the game state changes.
fn expire_position_notices(status: Res<TableStatus>, mut notice: ResMut<Notice>) {
    if notice.for_revision.is_some_and(|r| r != status.revision) {
        notice.expire(status.revision);
    }
}

/// One game's systems at the table: opening it, applying choices, the frame, the AI, saves,
/// the summary and replay, all generic over the game.
pub struct TablePlugin<G: TableGame>(std::marker::PhantomData<G>);

impl<G: TableGame> Default for TablePlugin<G> {
    fn default() -> Self {
        TablePlugin(std::marker::PhantomData)
    }
}

impl<G: TableGame> Plugin for TablePlugin<G> {
    fn build(&self, app: &mut App) {
        bridge::build::<G>(app);
    }
}
