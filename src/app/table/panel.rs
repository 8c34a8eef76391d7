//! What a game's own panels get from the table ([`PanelCtx`]: its typed view and legal actions,
//! the frame, the log, the selection) and what they may ask of it ([`PanelOut`]: take an
//! action, light spaces, pick up a piece, open a rule). The table carries the request out, with
//! the same "are you sure?" and the same keys for every game.

use super::frame::Frame;
use super::game::TableGame;
use super::session::{GameLog, TableStatus};
use crate::app::input::Selection;
use bevy::prelude::*;
use eastfront_kernel::{Mark, SpaceId};

/// The typed view and legal actions of the player at the screen (what the frame was built
/// from), for the game's own panels. None behind the curtain.
#[derive(Resource)]
pub struct Shown<G: TableGame> {
    pub view: Option<G::View>,
    pub legal: Vec<G::Action>,
    pub revision: u64,
}

impl<G: TableGame> Default for Shown<G> {
    fn default() -> Self {
        Shown {
            view: None,
            legal: Vec::new(),
            revision: 0,
        }
    }
}

/// What a game's panel code reads.
pub struct PanelCtx<'a, G: TableGame> {
    pub game: &'static G,
    pub view: &'a G::View,
    /// The legal actions of the player at the screen (empty when it is not their turn).
    pub legal: &'a [G::Action],
    pub frame: &'a Frame,
    pub status: &'a TableStatus,
    pub log: &'a GameLog,
    /// The events of the last action (a battle's dice, the cards drawn).
    pub latest: &'a [G::Event],
    /// Every event since the setup, with the record step that made it.
    pub history: &'a [(usize, G::Event)],
    pub selection: &'a Selection,
    /// Seconds since the program started (for short animations in the panels).
    pub now: f64,
}

impl<G: TableGame> PanelCtx<'_, G> {
    /// The index of `action` among the legal actions (for [`PanelOut::choose`]).
    pub fn index_of(&self, action: &G::Action) -> Option<usize> {
        self.legal.iter().position(|a| a == action)
    }
}

/// What a panel asks of the table this frame.
#[derive(Default, Debug, Clone, PartialEq)]
pub struct PanelOut {
    /// Take this legal action (by index), asking first when it leaves work undone.
    pub choose: Option<usize>,
    /// Spaces to light while the pointer is over a button.
    pub preview: Vec<(SpaceId, Mark)>,
    /// Pick up (or put down) pieces.
    pub select: Option<Selection>,
    /// Open the rules reference at this rule.
    pub rule: Option<String>,
    /// Centre the map on this space.
    pub focus: Option<SpaceId>,
}

impl PanelOut {
    /// Asks for `action` if it is legal now.
    pub fn choose_action<G: TableGame>(&mut self, ctx: &PanelCtx<G>, action: &G::Action) {
        if let Some(i) = ctx.index_of(action) {
            self.choose = Some(i);
        }
    }
}
