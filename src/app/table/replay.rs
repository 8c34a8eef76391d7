//! Replay, for every game: step through a game's record — forward, back, jump to a turn — from
//! either side's view or with everything revealed, the log and the dice in step. Opened from the
//! result window of a finished game, or from the menu for any save (a save holds the whole
//! game anyway). The live game is untouched: replay rebuilds positions from the record, with a
//! snapshot every few steps so a jump costs little.

use super::frame::{frame_of, Frame, Overlays};
use super::game::TableGame;
use super::session::{GameLog, Table};
use super::{table_open, TableSet};
use crate::app::screens::Screen;
use bevy::prelude::*;
use eastfront_kernel::{Record, Session, Side, Viewer};

/// Replay's place in the record and whose eyes it uses.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct ReplayState {
    pub active: bool,
    /// Record entries applied (0: the setup).
    pub step: usize,
    pub total: usize,
    pub viewer: Viewer,
    /// The first step of each turn, with its label, for "jump to a turn".
    pub turns: Vec<(usize, String)>,
    /// The live game's log while the replay shows its own.
    stashed: Option<GameLog>,
}

impl Default for ReplayState {
    fn default() -> Self {
        ReplayState {
            active: false,
            step: 0,
            total: 0,
            viewer: Viewer::Omniscient,
            turns: Vec::new(),
            stashed: None,
        }
    }
}

impl ReplayState {
    /// The replay bar's words for a viewer, with the sides named as the game names them.
    pub fn viewer_label(v: Viewer, side_name: impl Fn(Side) -> String) -> String {
        match v {
            Viewer::Side(side) => format!("{} view", side_name(side)),
            Viewer::Omniscient => "All revealed".into(),
        }
    }
}

/// Asks to start (at the first step) or leave the replay.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplayRequest {
    Start,
    Exit,
}

/// A replay to start as soon as the table opens (the menu's "Replay" on a save).
#[derive(Resource, Default)]
pub struct ReplayOnOpen(pub bool);

/// Snapshots of one game's replay and the view at the current step.
#[derive(Resource)]
pub struct ReplayView<G: TableGame> {
    /// (step, state) every [`SNAPSHOT_EVERY`] steps, from the setup.
    snapshots: Vec<(usize, G::State)>,
    pub view: Option<G::View>,
    shown: Option<(usize, Viewer)>,
}

impl<G: TableGame> Default for ReplayView<G> {
    fn default() -> Self {
        ReplayView {
            snapshots: Vec::new(),
            view: None,
            shown: None,
        }
    }
}

const SNAPSHOT_EVERY: usize = 25;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ReplayState>()
        .init_resource::<ReplayOnOpen>()
        .add_message::<ReplayRequest>()
        .add_systems(OnExit(Screen::Table), |mut r: ResMut<ReplayState>| {
            *r = ReplayState::default()
        });
}

pub(super) fn build<G: TableGame>(app: &mut App) {
    app.init_resource::<ReplayView<G>>().add_systems(
        Update,
        (start_or_exit::<G>, show_step::<G>)
            .chain()
            .in_set(TableSet::View)
            .run_if(
                in_state(Screen::Table)
                    .and_then(table_open)
                    .and_then(resource_exists::<Table<G>>),
            ),
    );
}

/// The state after `step` record entries, from the nearest snapshot before it.
fn state_at<G: TableGame>(
    table: &Table<G>,
    snapshots: &[(usize, G::State)],
    step: usize,
) -> Option<G::State> {
    let (from, state) = snapshots.iter().rev().find(|(s, _)| *s <= step)?;
    let game = table.game();
    let mut st = state.clone();
    let mut applied = *from;
    for entry in &table.session.record()[*from..step] {
        match entry {
            Record::Act { seat, action } => {
                game.apply(&mut st, *seat, action).ok()?;
            }
            Record::ScriptDice(v) => game.dice(&mut st).script(v).ok()?,
            Record::ScriptPicks(v) => game.dice(&mut st).script_picks(v),
        }
        applied += 1;
    }
    (applied == step).then_some(st)
}

fn start_or_exit<G: TableGame>(
    mut requests: MessageReader<ReplayRequest>,
    mut on_open: ResMut<ReplayOnOpen>,
    table: Res<Table<G>>,
    mut state: ResMut<ReplayState>,
    mut view: ResMut<ReplayView<G>>,
    mut log: ResMut<GameLog>,
) {
    let mut wants: Option<ReplayRequest> = requests.read().last().copied();
    if on_open.0 {
        on_open.0 = false;
        wants = Some(ReplayRequest::Start);
    }
    match wants {
        Some(ReplayRequest::Start) if !state.active => {
            let s = &table.session;
            let Ok(fresh) = Session::new(s.game, &s.scenario, s.options.clone(), s.seed) else {
                return;
            };
            // Snapshots along the record, and the log as it was written, step by step.
            let mut snapshots = vec![(0, fresh.state().clone())];
            let mut st = fresh.state().clone();
            let game = table.game();
            for (i, entry) in s.record().iter().enumerate() {
                let ok = match entry {
                    Record::Act { seat, action } => game.apply(&mut st, *seat, action).is_ok(),
                    Record::ScriptDice(v) => game.dice(&mut st).script(v).is_ok(),
                    Record::ScriptPicks(v) => {
                        game.dice(&mut st).script_picks(v);
                        true
                    }
                };
                if !ok {
                    return;
                }
                if (i + 1) % SNAPSHOT_EVERY == 0 {
                    snapshots.push((i + 1, st.clone()));
                }
            }
            let full = table
                .replayed_log(&super::bridge::opening_line(&table))
                .unwrap_or_default();
            let mut turns: Vec<(usize, String)> = Vec::new();
            for l in &full.lines {
                let Some(step) = l.step else { continue };
                if turns
                    .last()
                    .is_none_or(|(_, t)| *t != format!("Turn {}", l.turn))
                {
                    turns.push((step, format!("Turn {}", l.turn)));
                }
            }
            *view = ReplayView {
                snapshots,
                view: None,
                shown: None,
            };
            let stashed = std::mem::replace(&mut *log, full);
            *state = ReplayState {
                active: true,
                step: 0,
                total: s.record().len(),
                viewer: if table.active_seat().is_none() {
                    Viewer::Omniscient
                } else {
                    state.viewer
                },
                turns,
                stashed: Some(stashed),
            };
        }
        Some(ReplayRequest::Exit) if state.active => {
            if let Some(live) = state.stashed.take() {
                *log = live;
            }
            *state = ReplayState::default();
            *view = ReplayView::default();
        }
        _ => {}
    }
}

/// Rebuilds the frame for the replay's step and viewer.
fn show_step<G: TableGame>(
    table: Res<Table<G>>,
    state: Res<ReplayState>,
    overlays: Res<Overlays>,
    mut view: ResMut<ReplayView<G>>,
    mut frame: ResMut<Frame>,
    mut log: ResMut<GameLog>,
) {
    if !state.active {
        return;
    }
    let key = (state.step, state.viewer);
    if view.shown == Some(key) && !overlays.is_changed() {
        return;
    }
    let Some(st) = state_at(&table, &view.snapshots, state.step) else {
        return;
    };
    let game = table.game();
    let v = game.view(&st, state.viewer);
    let mut f = frame_of(game, &v, &[], None, &overlays.0);
    f.revision = table.revision;
    *frame = f;
    view.view = Some(v);
    view.shown = Some(key);
    // The log up to this step: the lines written by the entries already applied.
    log.shown_until = Some(
        log.lines
            .iter()
            .position(|l| l.step.is_some_and(|s| s >= state.step))
            .unwrap_or(log.lines.len()),
    );
}
