//! Computer seats for Moscow '41: when the side to act is not a human's, the AI chooses on a
//! background thread from that side's own `View` and legal actions (never the hidden state), so
//! the window keeps drawing and shows "thinking"; its moves are applied one at a time with a
//! short pause so they can be followed.

use super::super::ai_pace::AiPace;
use super::super::screens::Screen;
use super::super::table::TableSet;
use super::session::{AiLevel, M41Table};
use bevy::prelude::*;
use eastfront_kernel::{Game, Seat, Side, Viewer};
use eastfront_moscow41::{Action, View};
use std::thread::JoinHandle;

/// What the AI is doing, for the "thinking" line.
#[derive(Resource, Default)]
pub struct M41AiStatus {
    pub thinking_for: Option<Side>,
}

#[derive(Resource, Default)]
struct M41AiWork {
    task: Option<Task>,
    last_move_at: f64,
}

struct Task {
    seat: Seat,
    revision: u64,
    handle: JoinHandle<Action>,
    fallback: Action,
}

/// The Moscow '41 computer player (`eastfront_ai::moscow41`): it sees only its side's view
/// and the legal actions.
pub fn choose(
    game: &eastfront_moscow41::Moscow41,
    view: &View,
    legal: &[Action],
    level: AiLevel,
    seed: u64,
) -> Action {
    use eastfront_ai::moscow41::Level;
    let level = match level {
        AiLevel::Easy => Level::Easy,
        AiLevel::Normal => Level::Normal,
        AiLevel::Hard => Level::Hard,
    };
    eastfront_ai::moscow41::choose(game, view, legal, level, seed)
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<M41AiStatus>()
        .init_resource::<M41AiWork>()
        .add_systems(OnExit(Screen::Moscow41), forget)
        .add_systems(
            Update,
            drive
                .in_set(TableSet::Act)
                .run_if(in_state(Screen::Moscow41).and_then(resource_exists::<M41Table>)),
        );
}

fn forget(mut work: ResMut<M41AiWork>, mut status: ResMut<M41AiStatus>) {
    // A running thread finishes on its own; its answer is never read.
    work.task = None;
    status.thinking_for = None;
}

fn drive(
    mut table: ResMut<M41Table>,
    mut work: ResMut<M41AiWork>,
    mut status: ResMut<M41AiStatus>,
    pace: Option<ResMut<AiPace>>,
    time: Res<Time>,
) {
    let now = time.elapsed_secs_f64();
    // Seconds between two AI moves: the table's AI speed setting (shared with Stalingrad's
    // table, `app::ai_pace`); none headless, where there is no window to watch.
    let pause = pace.as_ref().map(|p| p.seconds()).unwrap_or(0.0);
    let Some(seat) = table.active_seat().filter(|s| !table.is_human(*s)) else {
        // A human decides now: "Skip to my turn" is over.
        if let Some(mut p) = pace {
            if p.skipping && table.active_seat().is_some() {
                p.skipping = false;
            }
        }
        work.task = None;
        if status.thinking_for.is_some() {
            status.thinking_for = None;
        }
        return;
    };
    let side = table.side_of(seat);
    if status.thinking_for != Some(side) {
        status.thinking_for = Some(side);
    }
    if work
        .task
        .as_ref()
        .is_some_and(|t| t.revision != table.revision || t.seat != seat)
    {
        work.task = None;
    }
    if work.task.is_none() {
        let game = table.game();
        let state = table.session.state();
        let legal = game.legal_actions(state, seat);
        let Some(fallback) = legal.first().cloned() else {
            table.last_error = Some(format!(
                "The rules offer the {} AI no legal action.",
                side.name()
            ));
            return;
        };
        let view = game.view(state, Viewer::Side(side));
        let level = table.level;
        // Different per decision, reproducible for a given game.
        let seed = table.session.seed
            ^ (table.session.record().len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let handle = std::thread::spawn(move || choose(game, &view, &legal, level, seed));
        work.task = Some(Task {
            seat,
            revision: table.revision,
            handle,
            fallback,
        });
        return;
    }
    let ready = work.task.as_ref().is_some_and(|t| t.handle.is_finished());
    if !ready || now - work.last_move_at < pause {
        return;
    }
    let Some(task) = work.task.take() else { return };
    let action = task.handle.join().unwrap_or_else(|_| {
        table.last_error =
            Some("The AI failed while choosing; it played its first legal action.".into());
        task.fallback.clone()
    });
    work.last_move_at = now;
    if let Err(e) = table.apply(task.seat, action) {
        table.last_error = Some(format!("The AI's choice was refused by the rules: {e}"));
    }
}
