//! Computer seats and the hint, both on a background thread so the window never freezes. A
//! computer seat chooses from its own side's view and legal actions (never the hidden state)
//! at the menu's level, the searching one for the player's thinking time; its moves are
//! applied one at a time at the AI speed. "What would the AI do?" (Ctrl+H) asks the game's
//! search about the human's own view and shows the answer in words with its estimate of who
//! wins; Enter then plays it. While either thinks the side panel shows its progress
//! (`thinking.rs`), and a search nobody waits for any more is told to stop.

use super::game::TableGame;
use super::pace::{AiPace, Playback};
use super::session::{GameLog, Table};
use super::thinking::{Thinking, ThinkingTime};
use super::{table_open, Notice, TableSet};
use crate::app::rest::{Redraw, THREAD_POLL};
use crate::app::screens::Screen;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use eastfront_kernel::{Seat, Side, Viewer};
use std::thread::JoinHandle;

/// What the computer is doing, for the "AI is thinking…" line.
#[derive(Resource, Default)]
pub struct AiStatus {
    pub thinking_for: Option<Side>,
    /// The decision in the works and its progress (None between decisions and while a
    /// finished one waits for its turn to be shown).
    pub thinking: Option<Thinking>,
}

/// Asks for a hint for the player at the screen.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct HintRequest;

/// The hint: thinking, or the answer for one table revision.
#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub struct Hint {
    /// The search while it thinks (its progress), None once it has answered.
    pub thinking: Option<Thinking>,
    /// The answer in words, and the index of its action in the frame's legal actions.
    pub answer: Option<(String, usize)>,
    /// The computer player's estimate of each side's chance of winning ([German, Soviet]),
    /// where its game has one.
    pub chance: Option<[f64; 2]>,
    /// The table revision it is about.
    pub revision: u64,
}

#[derive(Resource)]
struct AiWork<G: TableGame> {
    task: Option<AiTask<G>>,
    last_move_at: f64,
}

impl<G: TableGame> Default for AiWork<G> {
    fn default() -> Self {
        AiWork {
            task: None,
            last_move_at: f64::NEG_INFINITY,
        }
    }
}

struct AiTask<G: TableGame> {
    seat: Seat,
    /// The table revision the choice was made for; a stale answer is dropped.
    revision: u64,
    handle: JoinHandle<G::Action>,
    fallback: G::Action,
    thinking: Thinking,
}

/// Drops a decision in the works; its search is told to stop (its answer is never read).
fn abandon<G: TableGame>(task: &mut Option<AiTask<G>>) {
    if let Some(t) = task.take() {
        t.thinking.answer_now();
    }
}

/// What the hint's thread brings back: the choice and the estimate of who wins.
type HintAnswer<G> = (<G as eastfront_kernel::Game>::Action, Option<[f64; 2]>);

/// A hint in the works: for which table revision and seat, its thread and its search.
struct HintTask<G: TableGame> {
    revision: u64,
    seat: Seat,
    handle: JoinHandle<HintAnswer<G>>,
    thinking: Thinking,
}

#[derive(Resource)]
struct HintWork<G: TableGame> {
    task: Option<HintTask<G>>,
}

impl<G: TableGame> Default for HintWork<G> {
    fn default() -> Self {
        HintWork { task: None }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AiStatus>()
        .init_resource::<Hint>()
        .add_message::<HintRequest>()
        .add_systems(
            OnExit(Screen::Table),
            |mut s: ResMut<AiStatus>, mut h: ResMut<Hint>| {
                *s = AiStatus::default();
                *h = Hint::default();
            },
        )
        .add_systems(
            Update,
            forget_old_hint.run_if(in_state(Screen::Table).and_then(table_open)),
        );
}

pub(super) fn build<G: TableGame>(app: &mut App) {
    app.init_resource::<AiWork<G>>()
        .init_resource::<HintWork<G>>()
        .add_systems(
            OnExit(Screen::Table),
            |mut w: ResMut<AiWork<G>>, mut h: ResMut<HintWork<G>>| {
                // A running thread is told to stop and finishes on its own; its answer is
                // never read.
                abandon(&mut w.task);
                if let Some(t) = h.task.take() {
                    t.thinking.answer_now();
                }
            },
        )
        .add_systems(
            Update,
            (
                drive::<G>.in_set(TableSet::Act),
                hint::<G>.after(TableSet::Act),
            )
                .run_if(in_state(Screen::Table).and_then(resource_exists::<Table<G>>)),
        );
}

/// A seed different per decision and reproducible for a given game.
fn decision_seed<G: TableGame>(table: &Table<G>) -> u64 {
    table.session.seed ^ (table.session.record().len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// When the computer may move: the AI speed, the playback on screen, the replay, the clock;
/// and how long it may think.
#[derive(SystemParam)]
struct AiClock<'w> {
    pace: Option<ResMut<'w, AiPace>>,
    playback: Option<Res<'w, Playback>>,
    replay: Option<Res<'w, super::replay::ReplayState>>,
    time: Res<'w, Time>,
    thinking_time: Res<'w, ThinkingTime>,
    redraw: Redraw<'w>,
}

fn drive<G: TableGame>(
    mut table: ResMut<Table<G>>,
    mut log: ResMut<GameLog>,
    mut work: ResMut<AiWork<G>>,
    mut status: ResMut<AiStatus>,
    clock: AiClock,
) {
    let AiClock {
        pace,
        playback,
        replay,
        time,
        thinking_time,
        mut redraw,
    } = clock;
    if replay.is_some_and(|r| r.active) {
        return;
    }
    let now = time.elapsed_secs_f64();
    let Some(seat) = computer_seat(&table) else {
        // A human decides now (or the game is over): "Skip to my turn" is over.
        if let Some(mut p) = pace {
            if p.skipping && table.active_seat().is_some() {
                p.skipping = false;
            }
        }
        abandon(&mut work.task);
        if status.thinking_for.is_some() || status.thinking.is_some() {
            *status = AiStatus::default();
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
        abandon(&mut work.task);
    }
    if work.task.is_none() {
        let game = table.game();
        let state = table.session.state();
        let legal = game.legal_actions(state, seat);
        let Some(fallback) = legal.first().cloned() else {
            table.last_error = Some(format!(
                "The rules offer the {} no legal action.",
                game.seat_name(&table.session.options, seat)
            ));
            return;
        };
        let view = game.view(state, Viewer::Side(side));
        let seed = decision_seed(&table);
        let level = game.computer_level(&table.seating.level);
        let budget = thinking_time.budget();
        let thinking = Thinking::start(
            now,
            G::searches(level).then(|| budget.time(level)).flatten(),
        );
        let signals = thinking.signals.clone();
        let handle = std::thread::spawn(move || {
            game.advise(level, &view, &legal, seed, budget, &signals)
                .action
        });
        status.thinking = Some(thinking.clone());
        work.task = Some(AiTask {
            seat,
            revision: table.revision,
            handle,
            fallback,
            thinking,
        });
        redraw.request_in(THREAD_POLL);
        return;
    }
    let ready = work.task.as_ref().is_some_and(|t| t.handle.is_finished());
    if ready && status.thinking.is_some() {
        // Decided: what is left is its turn to be shown.
        status.thinking = None;
    }
    // The speed setting paces the moves; the last one's playback ends first (and asks for
    // its own frames).
    let pause = pace.as_ref().map_or(0.0, |p| p.seconds());
    let showing = playback.is_some_and(|p| p.active());
    if !ready {
        redraw.request_in(THREAD_POLL);
        return;
    }
    if showing {
        return;
    }
    if now - work.last_move_at < pause {
        redraw.request_in(work.last_move_at + pause - now);
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
    if let Err(e) = table.apply(task.seat, action, &mut log) {
        table.last_error = Some(format!("The AI's choice was refused by the rules: {e}"));
    }
    // The side panel drawn this frame already shows the next side to act: the status follows
    // it now, not a frame later (it named the side that had just moved).
    status.thinking_for = computer_seat(&table).map(|s| table.side_of(s));
}

/// The seat the computer plays, when it is that seat's turn.
fn computer_seat<G: TableGame>(table: &Table<G>) -> Option<Seat> {
    table.active_seat().filter(|s| !table.is_human(*s))
}

/// Starts a hint on request; reads its answer when the thread is done.
#[allow(clippy::too_many_arguments)]
fn hint<G: TableGame>(
    mut requests: MessageReader<HintRequest>,
    table: Res<Table<G>>,
    eyes: Res<super::Eyes>,
    thinking_time: Res<ThinkingTime>,
    mut work: ResMut<HintWork<G>>,
    mut hint: ResMut<Hint>,
    mut notice: ResMut<Notice>,
    mut redraw: Redraw,
) {
    let asked = requests.read().count() > 0;
    let seat = table
        .active_seat()
        .filter(|s| table.is_human(*s) && eyes.seat == Some(*s) && eyes.curtain_for.is_none());
    if asked && work.task.is_none() {
        let Some(seat) = seat else {
            notice.info("There is nothing for you to decide now.", redraw.now());
            return;
        };
        let game = table.game();
        let state = table.session.state();
        let legal = game.legal_actions(state, seat);
        if legal.is_empty() {
            return;
        }
        let view = game.view(state, Viewer::Side(table.side_of(seat)));
        let seed = decision_seed(&table);
        let level = game.hint_level();
        let budget = thinking_time.budget();
        let thinking = Thinking::start_estimate(redraw.now(), budget.time(level));
        let signals = thinking.signals.clone();
        let handle = std::thread::spawn(move || {
            let report = game.advise(level, &view, &legal, seed, budget, &signals);
            (report.action, report.win_chance)
        });
        work.task = Some(HintTask {
            revision: table.revision,
            seat,
            handle,
            thinking: thinking.clone(),
        });
        *hint = Hint {
            thinking: Some(thinking),
            answer: None,
            chance: None,
            revision: table.revision,
        };
        redraw.request_in(THREAD_POLL);
        return;
    }
    if let Some(t) = work.task.as_ref().filter(|t| t.revision != table.revision) {
        // The position moved on: nobody waits for this answer any more.
        t.thinking.answer_now();
    }
    if !work.task.as_ref().is_some_and(|t| t.handle.is_finished()) {
        if work.task.is_some() {
            redraw.request_in(THREAD_POLL);
        }
        return;
    }
    let Some(HintTask {
        revision,
        seat,
        handle,
        ..
    }) = work.task.take()
    else {
        return;
    };
    hint.thinking = None;
    let Ok((action, chance)) = handle.join() else {
        notice.error("The AI failed while thinking; no hint.", redraw.now());
        return;
    };
    if revision != table.revision {
        return;
    }
    let game = table.game();
    let state = table.session.state();
    let legal = game.legal_actions(state, seat);
    let view = game.view(state, Viewer::Side(table.side_of(seat)));
    if let Some(i) = legal.iter().position(|a| *a == action) {
        let words = game.action_words(&view, &action);
        notice.about_position(
            format!("The AI would choose: {words}. (Enter plays it.)"),
            redraw.now(),
            revision,
        );
        hint.answer = Some((words, i));
        hint.chance = chance;
    }
}

/// A hint is about one position: it goes as soon as the game moves on.
fn forget_old_hint(status: Res<super::TableStatus>, mut hint: ResMut<Hint>) {
    if hint.revision != status.revision && (hint.answer.is_some() || hint.thinking.is_some()) {
        *hint = Hint::default();
    }
}
