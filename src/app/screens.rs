//! The app's screens (Loading → Menu → Table) and, inside the Table, a sub-state that mirrors
//! the game's phase so input systems run only where they apply (DESIGN.md "The app").

use super::hotseat::Eyes;
use super::table::{Table, TableSet};
use bevy::prelude::*;
use eastfront_stalingrad::Phase;

#[derive(States, Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Screen {
    #[default]
    Loading,
    Menu,
    Table,
    /// The Moscow '41 table (`app::moscow41`).
    Moscow41,
}

/// What the table waits for, as the player sees it. Mirrored from the rules' `Phase` and the
/// seat to act every frame; never decided here.
#[derive(SubStates, Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[source(Screen = Screen::Table)]
pub enum TablePhase {
    /// The session is being opened.
    #[default]
    Setup,
    /// A German player chooses an action or makes Short Moves.
    GermanAction,
    /// A German player deploys the units of a Call for Reinforcements.
    Placement,
    /// A human decides inside a combat (hits, cards, advance, Blitz).
    Combat,
    /// The human Soviet player's turn.
    SovietTurn,
    /// A computer seat is choosing.
    AiTurn,
    /// The hot-seat curtain is up: nobody may act until the next player clicks.
    Handoff,
    GameOver,
}

impl TablePhase {
    /// Phases in which a human at the screen may act on the map.
    pub fn human_may_act(self) -> bool {
        matches!(
            self,
            TablePhase::GermanAction
                | TablePhase::Placement
                | TablePhase::Combat
                | TablePhase::SovietTurn
        )
    }
}

/// Run condition: a human at the screen may act now.
pub fn human_may_act(phase: Option<Res<State<TablePhase>>>) -> bool {
    phase.is_some_and(|p| p.get().human_may_act())
}

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Screen>()
        .add_sub_state::<TablePhase>()
        .add_systems(
            Update,
            mirror_phase
                .in_set(TableSet::Mirror)
                .run_if(in_state(Screen::Table).and_then(resource_exists::<Table>)),
        );
}

/// The phase the table is in now, from the rules state, the seat to act and the curtain.
pub fn phase_of(table: &Table, eyes: &Eyes) -> TablePhase {
    if eyes.curtain_for.is_some() {
        return TablePhase::Handoff;
    }
    let Some(seat) = table.active_seat() else {
        return TablePhase::GameOver;
    };
    if !table.is_human(seat) {
        return TablePhase::AiTurn;
    }
    let state = table.session.state();
    if state.combat.is_some() {
        return TablePhase::Combat;
    }
    match state.phase {
        Phase::GermanAction | Phase::ShortMoves { .. } => TablePhase::GermanAction,
        Phase::PlaceReinforcements { .. } => TablePhase::Placement,
        Phase::SovietChoice | Phase::SovietMoves { .. } => TablePhase::SovietTurn,
        Phase::Combat | Phase::SovietSweep { .. } => TablePhase::Combat,
        Phase::GameOver => TablePhase::GameOver,
    }
}

fn mirror_phase(
    table: Res<Table>,
    eyes: Res<Eyes>,
    current: Res<State<TablePhase>>,
    mut next: ResMut<NextState<TablePhase>>,
) {
    let want = phase_of(&table, &eyes);
    if *current.get() != want {
        next.set(want);
    }
}
