//! A table that rests when nothing moves (issue "One table for every game", item 8): the window
//! is drawn only when something happens, not every frame.
//!
//! - Bevy's reactive update mode: a frame runs on input (keys, the mouse over the window), on a
//!   [`RequestRedraw`] message, on egui's repaint requests (bevy_egui turns them into
//!   `RequestRedraw` and wakes the loop), and otherwise every [`FOCUSED_WAIT`] (a safety net
//!   for anything timed that asks for no wake of its own).
//! - What moves asks for the next frame while it moves, through [`Redraw`]: block slides and
//!   turns, the AI's playback, an AI or hint thread being waited for, the camera while an arrow
//!   key is held. Each of those systems says so where it runs.
//! - What is due at a time asks to be woken then ([`Wakes`]): a notice ("Saved …") that must
//!   go after a few seconds. A small thread sleeps until the earliest such time and wakes the
//!   loop through winit's event-loop proxy, as bevy_egui does for egui's own requests.
//! - bevy_egui passes egui the state of the modifier keys as an input event on every frame,
//!   which makes egui ask for the next frame, for ever: only real changes are passed on.
//! - A screen or phase change, or a fit of the camera that waits for the panels, draws a few
//!   more frames so that what follows from it (the panels a frame later, the fit after them)
//!   is drawn too.
//!
//! `Time` (virtual) follows the wall clock across the rests (each frame's time is the instant it
//! starts, and a rest is not cut to Bevy's 0.25 s maximum step), so "6 seconds" is six seconds
//! whether or not frames were drawn in between; systems that step an animation by the frame's
//! delta cap it ([`MAX_ANIMATION_STEP`]) so that the first frame after a rest does not jump.

use super::input::Hovered;
use super::map::camera::{FitRequested, OpeningView};
use super::screens::Screen;
use super::table::{Notice, TablePhase};
use super::ui::windows::{HOVER_DELAY, NOTICE_SECS};
use bevy::ecs::system::SystemParam;
use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use bevy::state::state::FreelyMutableState;
use bevy::time::{TimeSystems, TimeUpdateStrategy};
use bevy::window::RequestRedraw;
use bevy::winit::{
    EventLoopProxy, EventLoopProxyWrapper, UpdateMode, WinitSettings, WinitUserEvent,
};
use bevy_egui::{egui, EguiInput, EguiInputSet, EguiPreUpdateSet};
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

/// With the window focused and nothing happening, a frame is drawn this often anyway: a
/// safety net only, since everything timed asks for its own frame ([`Redraw::request_in`]).
/// Bevy's runner counts the wait from the last frame the wait itself woke, not from the last
/// frame drawn, so a short net draws at that period however busy the table was. A frame of a
/// full board costs about 0.3-0.8 s of CPU with software rendering: at 5 minutes, 0.3% of a
/// core.
pub const FOCUSED_WAIT: Duration = Duration::from_secs(300);
/// The same when another window has the focus (only events on this window wake it).
pub const UNFOCUSED_WAIT: Duration = Duration::from_secs(600);
/// Frames drawn after a screen or phase change.
const SETTLE_FRAMES: u8 = 3;
/// The most an animation advances in one frame (seconds): after a rest the frame's delta is
/// the length of the rest.
pub const MAX_ANIMATION_STEP: f32 = 0.1;

/// The window's reactive update mode and the wakes (window only: headless apps have no loop
/// to wake).
pub fn plugin(app: &mut App) {
    app.insert_resource(WinitSettings {
        focused_mode: UpdateMode::reactive(FOCUSED_WAIT),
        unfocused_mode: UpdateMode::reactive_low_power(UNFOCUSED_WAIT),
    })
    .init_resource::<Wakes>()
    .add_systems(Startup, time_follows_the_clock)
    .add_systems(First, clock_at_frame_start.before(TimeSystems))
    .add_systems(FixedFirst, no_fixed_catch_up)
    .add_systems(
        PreUpdate,
        drop_unchanged_modifiers
            .after(EguiInputSet::WriteEguiEvents)
            .before(EguiPreUpdateSet::BeginPass),
    )
    .add_systems(
        Last,
        (
            settle_after_changes,
            keep_loading,
            wake_for_notice,
            wake_for_hover,
            arm_wake,
        )
            .chain(),
    );
}

/// Asks for a frame: the next one, or one in a while (nothing headless, where there is no
/// window). A system that animates writes `redraw.request()` on every frame while its
/// animation runs; one that waits for a time or a thread asks for a frame then.
#[derive(SystemParam)]
pub struct Redraw<'w> {
    writer: Option<MessageWriter<'w, RequestRedraw>>,
    wakes: Option<ResMut<'w, Wakes>>,
    time: Res<'w, Time>,
}

impl Redraw<'_> {
    pub fn request(&mut self) {
        if let Some(w) = self.writer.as_mut() {
            w.write(RequestRedraw);
        }
    }

    /// `request()` when `moving`.
    pub fn request_if(&mut self, moving: bool) {
        if moving {
            self.request();
        }
    }

    /// The frame's time (`Time::elapsed_secs_f64`).
    pub fn now(&self) -> f64 {
        self.time.elapsed_secs_f64()
    }

    /// A frame in `seconds` (now when they are up).
    pub fn request_in(&mut self, seconds: f64) {
        if seconds <= 0.0 {
            self.request();
        } else if let Some(w) = self.wakes.as_mut() {
            w.at(self.time.elapsed_secs_f64() + seconds);
        }
    }

    /// A frame at `time` (seconds of [`Self::now`]) if it is still to come.
    pub fn request_at(&mut self, time: f64) {
        let left = time - self.now();
        if left > 0.0 {
            self.request_in(left);
        }
    }
}

/// How often a system waiting for a thread (the AI, a hint) looks whether it is done.
pub const THREAD_POLL: f64 = 0.05;

/// Times (in seconds of [`Time::elapsed_secs_f64`]) at which a frame must be drawn though
/// nothing else may wake the window. A system adds its time every frame while it waits
/// (`wakes.at(t)`); the earliest one is armed at the end of the frame and the list cleared.
#[derive(Resource, Default)]
pub struct Wakes {
    next: Option<f64>,
}

impl Wakes {
    pub fn at(&mut self, elapsed_secs: f64) {
        self.next = Some(self.next.map_or(elapsed_secs, |n| n.min(elapsed_secs)));
    }
}

/// bevy_egui 0.42 gives egui a `ModifiersChanged` event on every frame
/// (`write_egui_input_system`), and egui asks for a repaint whenever a frame has any input
/// event (`InputState::wants_repaint_after`): the window would never rest. Only a real change
/// of the modifier keys is passed on (egui keeps the last state it was given).
fn drop_unchanged_modifiers(
    mut inputs: Query<(Entity, &mut EguiInput)>,
    mut last: Local<HashMap<Entity, egui::Modifiers>>,
) {
    for (entity, mut input) in &mut inputs {
        input.events.retain(|e| match e {
            egui::Event::ModifiersChanged(m) => last.insert(entity, *m) != Some(*m),
            _ => true,
        });
    }
}

/// By default `Time` advances at most 0.25 s per frame; across a rest it must advance as much
/// as the clock did.
fn time_follows_the_clock(mut time: ResMut<Time<Virtual>>) {
    time.set_max_delta(UNFOCUSED_WAIT * 2);
}

/// The fixed-step schedules (64 steps a second; only Bevy's gizmos use them here, and Bevy
/// updates messages after them) would otherwise catch up a whole rest on the next frame: a
/// thousand runs after a 30 s rest. They catch up at most what Bevy's default 0.25 s limit on
/// `Time<Virtual>` allowed.
fn no_fixed_catch_up(mut fixed: ResMut<Time<Fixed>>) {
    const CATCH_UP: Duration = Duration::from_millis(250);
    let over = fixed.overstep();
    if over > CATCH_UP {
        fixed.discard_overstep(over - CATCH_UP);
    }
}

/// By default a frame's `Time` is the instant the render world finished the previous frame:
/// after a rest, the frame that wakes would still see the time before the rest (a notice due
/// now would stay up, and the next frame would then see the whole rest at once). Each frame's
/// time is the instant it starts instead.
fn clock_at_frame_start(mut strategy: ResMut<TimeUpdateStrategy>) {
    *strategy = TimeUpdateStrategy::ManualInstant(bevy::platform::time::Instant::now());
}

/// What changes the table's layout: the screen, the phase, a fit of the camera.
#[derive(SystemParam)]
struct LayoutChanges<'w> {
    screen: Option<Res<'w, State<Screen>>>,
    next_screen: Option<Res<'w, NextState<Screen>>>,
    phase: Option<Res<'w, State<TablePhase>>>,
    next_phase: Option<Res<'w, NextState<TablePhase>>>,
    fit: Option<Res<'w, FitRequested>>,
    opening: Option<Res<'w, OpeningView>>,
}

impl LayoutChanges<'_> {
    fn any(&self) -> bool {
        self.screen.as_ref().is_some_and(|s| s.is_changed())
            || pending(self.next_screen.as_deref())
            || self.phase.as_ref().is_some_and(|p| p.is_changed())
            || pending(self.next_phase.as_deref())
            || self.fit.as_ref().is_some_and(|f| f.is_changed() && f.0)
            || self.opening.as_ref().is_some_and(|o| o.is_changed() && o.0)
    }
}

fn settle_after_changes(changes: LayoutChanges, mut left: Local<u8>, mut redraw: Redraw) {
    if changes.any() {
        *left = SETTLE_FRAMES;
    }
    if *left > 0 {
        *left -= 1;
        redraw.request();
    }
}

fn pending<S: FreelyMutableState>(next: Option<&NextState<S>>) -> bool {
    next.is_some_and(|n| !matches!(n, NextState::Unchanged))
}

/// The loading screen waits for the assets: keep drawing until they are in.
fn keep_loading(screen: Option<Res<State<Screen>>>, mut redraw: Redraw) {
    redraw.request_if(screen.is_some_and(|s| *s.get() == Screen::Loading));
}

/// A notice goes [`NOTICE_SECS`] after it was shown: a frame must be drawn then.
fn wake_for_notice(notice: Option<Res<Notice>>, mut redraw: Redraw) {
    let Some(notice) = notice.filter(|n| n.text.is_some()) else {
        return;
    };
    redraw.request_at(notice.shown_at + NOTICE_SECS);
}

/// The hover box opens after the pointer has rested [`HOVER_DELAY`] on a place: a frame must
/// be drawn then (bevy_egui wakes the loop only for egui's immediate repaints).
fn wake_for_hover(hovered: Option<Res<Hovered>>, mut redraw: Redraw) {
    let Some(h) = hovered.filter(|h| h.space.is_some()) else {
        return;
    };
    redraw.request_at(h.since + HOVER_DELAY);
}

/// Hands the earliest wake to the waker thread (started the first time one is needed).
fn arm_wake(
    mut wakes: ResMut<Wakes>,
    time: Res<Time>,
    proxy: Option<Res<EventLoopProxyWrapper>>,
    mut waker: Local<Option<Sender<Instant>>>,
    mut armed: Local<Option<Instant>>,
) {
    let Some(due) = wakes.next.take() else {
        return;
    };
    let ahead = due - time.elapsed_secs_f64();
    if ahead <= 0.0 {
        return;
    }
    // `Time` is the frame's start; a little late is right (the check at `due` must pass).
    let when = Instant::now() + Duration::from_secs_f64(ahead + 0.05);
    // Already armed for about then (the same wake is asked for on every frame).
    if armed.is_some_and(|a| a > Instant::now() && a <= when + Duration::from_millis(100)) {
        return;
    }
    let Some(proxy) = proxy else { return };
    let sender = waker.get_or_insert_with(|| spawn_waker((**proxy).clone()));
    if sender.send(when).is_ok() {
        *armed = Some(when);
    }
}

/// A thread that sleeps until the earliest time it was sent, then wakes the event loop.
fn spawn_waker(proxy: EventLoopProxy<WinitUserEvent>) -> Sender<Instant> {
    let (tx, rx) = mpsc::channel::<Instant>();
    let spawned = std::thread::Builder::new()
        .name("eastfront-waker".into())
        .spawn(move || {
            let mut next: Option<Instant> = None;
            loop {
                let got = match next {
                    Some(t) => rx.recv_timeout(t.saturating_duration_since(Instant::now())),
                    None => rx.recv().map_err(|_| RecvTimeoutError::Disconnected),
                };
                match got {
                    Ok(t) => next = Some(next.map_or(t, |n| n.min(t))),
                    Err(RecvTimeoutError::Timeout) => {
                        next = None;
                        if proxy.send_event(WinitUserEvent::WakeUp).is_err() {
                            return;
                        }
                    }
                    Err(RecvTimeoutError::Disconnected) => return,
                }
            }
        });
    if let Err(e) = spawned {
        warn!("no waker thread ({e}): timed wakes fall back to the reactive wait");
    }
    tx
}
