//! The table's own schedules run their systems one after another on the main thread rather
//! than on Bevy's multi-threaded executor.
//!
//! Why: a frame at the table runs about 120 small systems of its own (`Update`, the state
//! transitions, the egui pass: the rules bridge, the panels, the pieces, the input), each a few
//! microseconds of work; the multi-threaded executor spends more than that per system deciding
//! what may run beside what and handing it to a thread (measured with `perf`: the scheduler's
//! share of a table frame was about a third more than the bare window's). Bevy's own schedules
//! (`PreUpdate`, `PostUpdate`, `Last`: input, transforms, visibility) keep the default, as in the
//! bare window (`examples/bare_window.rs`). `EASTFRONT_EXECUTOR=multi` restores the default
//! everywhere, to compare.

use bevy::ecs::schedule::{ScheduleLabel, SingleThreadedExecutor};
use bevy::prelude::*;
use bevy::state::state::StateTransition;
use bevy_egui::EguiPrimaryContextPass;

pub fn plugin(app: &mut App) {
    if std::env::var("EASTFRONT_EXECUTOR").is_ok_and(|v| v.trim() == "multi") {
        return;
    }
    single_threaded(app, Update);
    single_threaded(app, StateTransition);
    single_threaded(app, EguiPrimaryContextPass);
}

fn single_threaded(app: &mut App, label: impl ScheduleLabel) {
    app.edit_schedule(label, |schedule| {
        schedule.set_executor(SingleThreadedExecutor::new());
    });
}
