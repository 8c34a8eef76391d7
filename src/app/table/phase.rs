//! The table's phase as the player sees it, mirrored every frame from the table's status, the
//! curtain and the replay, so input and panel systems run only where they apply
//! (`run_if(in_state(TablePhase::Human))`, DESIGN.md "The app").

use super::eyes::Eyes;
use super::replay::ReplayState;
use super::session::TableStatus;
use super::{table_open, TableSet};
use crate::app::screens::Screen;
use bevy::prelude::*;

/// What the table waits for.
#[derive(SubStates, Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[source(Screen = Screen::Table)]
pub enum TablePhase {
    /// The table is being opened.
    #[default]
    Setup,
    /// A human at the screen decides.
    Human,
    /// A computer seat is choosing (or its moves are being played back).
    AiTurn,
    /// The hot-seat curtain is up: nobody may act until the next player is ready.
    Handoff,
    GameOver,
    /// Stepping through the game's record.
    Replay,
}

impl TablePhase {
    /// The phase for a table's status, the eyes and the replay.
    pub fn of(status: &TableStatus, eyes: &Eyes, replaying: bool) -> TablePhase {
        if status.game.is_empty() {
            return TablePhase::Setup;
        }
        if replaying {
            return TablePhase::Replay;
        }
        if eyes.curtain_for.is_some() {
            return TablePhase::Handoff;
        }
        match status.active_seat {
            None => TablePhase::GameOver,
            Some(s) if status.is_human(s) => TablePhase::Human,
            Some(_) => TablePhase::AiTurn,
        }
    }
}

/// Run condition: a human at the screen may act now.
pub fn human_may_act(phase: Option<Res<State<TablePhase>>>) -> bool {
    phase.is_some_and(|p| *p.get() == TablePhase::Human)
}

pub(super) fn plugin(app: &mut App) {
    app.add_sub_state::<TablePhase>().add_systems(
        Update,
        mirror
            .in_set(TableSet::Mirror)
            .run_if(in_state(Screen::Table).and_then(table_open)),
    );
}

fn mirror(
    status: Res<TableStatus>,
    eyes: Res<Eyes>,
    replay: Option<Res<ReplayState>>,
    current: Res<State<TablePhase>>,
    mut next: ResMut<NextState<TablePhase>>,
) {
    let want = TablePhase::of(&status, &eyes, replay.is_some_and(|r| r.active));
    if *current.get() != want {
        next.set(want);
    }
}
