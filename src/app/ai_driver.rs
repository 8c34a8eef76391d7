//! Computer seats: when the seat to act is not a human's, the AI chooses on a background thread
//! from that seat's own view and legal actions (never the hidden state), so the window keeps
//! drawing; its moves are applied one at a time with a short pause so they can be followed.

use super::ai_pace::{AiPace, AiPlayback};
use super::screens::Screen;
use super::table::{Table, TableSet};
use bevy::prelude::*;
use eastfront_kernel::{Game, Seat, Viewer};
use eastfront_stalingrad::Action;
use std::thread::JoinHandle;

/// Pause between two AI moves when no speed is set (headless): none.
const NO_PAUSE: f64 = 0.0;

/// What the AI is doing, for the "AI is thinking…" line.
#[derive(Resource, Default)]
pub struct AiStatus {
    pub thinking_for: Option<Seat>,
}

#[derive(Resource, Default)]
struct AiWork {
    task: Option<AiTask>,
    last_move_at: f64,
}

struct AiTask {
    seat: Seat,
    /// The table revision the choice was made for; a stale answer is dropped.
    revision: u64,
    handle: JoinHandle<Action>,
    fallback: Action,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AiStatus>()
        .init_resource::<AiWork>()
        .add_systems(OnExit(Screen::Table), forget_work)
        .add_systems(
            Update,
            drive_ai
                .in_set(TableSet::Act)
                .run_if(in_state(Screen::Table).and_then(resource_exists::<Table>)),
        );
}

fn forget_work(mut work: ResMut<AiWork>, mut status: ResMut<AiStatus>) {
    // A running thread finishes on its own; its answer is simply never read.
    work.task = None;
    status.thinking_for = None;
}

fn drive_ai(
    mut table: ResMut<Table>,
    mut work: ResMut<AiWork>,
    mut status: ResMut<AiStatus>,
    time: Res<Time>,
    pace: Option<Res<AiPace>>,
    playback: Option<Res<AiPlayback>>,
) {
    let now = time.elapsed_secs_f64();
    let active = table.active_seat().filter(|s| !table.is_human(*s));
    let Some(seat) = active else {
        work.task = None;
        if status.thinking_for.is_some() {
            status.thinking_for = None;
        }
        return;
    };
    if status.thinking_for != Some(seat) {
        status.thinking_for = Some(seat);
    }
    let stale = work
        .task
        .as_ref()
        .is_some_and(|t| t.revision != table.revision || t.seat != seat);
    if stale {
        work.task = None;
    }
    if work.task.is_none() {
        let game = table.game();
        let state = table.session.state();
        let legal = game.legal_actions(state, seat);
        let Some(fallback) = legal.first().cloned() else {
            table.last_error = Some(format!(
                "The rules offer the {} no legal action.",
                table.seat_name(seat)
            ));
            return;
        };
        let view = game.view(state, Viewer::Side(table.side_of(seat)));
        // Different per decision, reproducible for a given game.
        let seed = table.session.seed
            ^ (table.session.record().len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let handle =
            std::thread::spawn(move || eastfront_ai::choose_action(game, &view, &legal, seed));
        work.task = Some(AiTask {
            seat,
            revision: table.revision,
            handle,
            fallback,
        });
        return;
    }
    let ready = work.task.as_ref().is_some_and(|t| t.handle.is_finished());
    // The speed setting paces the moves; the last one's playback ends first.
    let pause = pace.map_or(NO_PAUSE, |p| p.seconds());
    let showing = playback.is_some_and(|p| p.active());
    if !ready || showing || now - work.last_move_at < pause {
        return;
    }
    let Some(task) = work.task.take() else { return };
    let action = match task.handle.join() {
        Ok(a) => a,
        Err(_) => {
            table.last_error =
                Some("The AI failed while choosing; it played its first legal action.".into());
            task.fallback
        }
    };
    work.last_move_at = now;
    if let Err(e) = table.apply(task.seat, action) {
        table.last_error = Some(format!("The AI's choice was refused by the rules: {e}"));
    }
}
