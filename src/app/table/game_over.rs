//! The end of the game (UX.md "End of game"), for every game: who won and by which condition
//! (the rule comes with the rules' outcome), a chart over the turns of what the game counts
//! (victory points, losses, ground held), dice luck per side from the structured rolls, the
//! steps and pieces each side lost, the game's own result lines; then Review (the board with
//! everything revealed), Replay, Rematch or the menu.
//!
//! The history is rebuilt by replaying the record from its seed (a loaded game has its whole
//! history too), with omniscient views: the game is over, nothing is hidden any more.

use super::bridge::Loaded;
use super::desc::Cue;
use super::game::TableGame;
use super::session::{GameLog, LogLine, Table};
use super::{Notice, TableSet};
use crate::app::screens::Screen;
use bevy::prelude::*;
use eastfront_kernel::{Outcome, Record, Session, Side, ViewFace, Viewer};

/// Steps lost and pieces destroyed by one side over the game.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Losses {
    pub steps: u32,
    pub destroyed: u32,
}

/// The dice one side rolled over the game.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct DiceLuck {
    pub dice: u32,
    pub pips: u32,
    pub sixes: u32,
}

impl DiceLuck {
    /// The average roll (3.5 is a fair die's).
    pub fn average(&self) -> f64 {
        if self.dice == 0 {
            0.0
        } else {
            self.pips as f64 / self.dice as f64
        }
    }
}

/// One point of the chart: a turn and the game's counts at its end.
#[derive(Clone, Debug, PartialEq)]
pub struct ChartPoint {
    pub turn: String,
    pub values: Vec<f32>,
}

/// Everything the result window shows.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct GameSummary {
    pub outcome: Outcome,
    pub ended: String,
    pub actions: usize,
    pub seed: u64,
    /// The chart's series: name and side (for the colour).
    pub series: Vec<(String, Option<Side>)>,
    pub history: Vec<ChartPoint>,
    pub german: Losses,
    pub soviet: Losses,
    pub luck: [DiceLuck; 2],
    /// The game's own lines (victory points, hexes held).
    pub lines: Vec<String>,
    /// The table revision it was made for.
    pub revision: u64,
}

impl GameSummary {
    pub fn losses(&self, side: Side) -> Losses {
        match side {
            Side::German => self.german,
            Side::Soviet => self.soviet,
        }
    }
}

/// "Rematch": the same scenario, options and seating, a new seed.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct RematchRequest;

/// The result window was closed to review the board (it can be opened again).
#[derive(Resource, Default)]
pub struct ResultWindow {
    pub closed: bool,
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<RematchRequest>()
        .init_resource::<ResultWindow>()
        .add_systems(OnEnter(Screen::Table), |mut commands: Commands| {
            commands.remove_resource::<GameSummary>();
            commands.insert_resource(ResultWindow::default());
        });
}

pub(super) fn build<G: TableGame>(app: &mut App) {
    app.add_systems(
        Update,
        (summarize_at_game_over::<G>, rematch::<G>)
            .chain()
            .after(TableSet::Act)
            .before(TableSet::Eyes)
            .run_if(in_state(Screen::Table).and_then(resource_exists::<Table<G>>)),
    );
}

/// Replays the table's record from its seed and gathers the result. None while the game goes
/// on (or if the record no longer replays, which a loaded save has already ruled out).
pub fn summarize<G: TableGame>(table: &Table<G>) -> Option<GameSummary> {
    let game = table.game();
    let outcome = game.outcome(table.session.state())?;
    let mut s = Session::new(
        game,
        &table.session.scenario,
        table.session.options.clone(),
        table.session.seed,
    )
    .ok()?;
    let first = game.view(s.state(), Viewer::Omniscient);
    let series: Vec<(String, Option<Side>)> = game
        .score_series(&first)
        .into_iter()
        .map(|(n, side, _)| (n.to_string(), side))
        .collect();
    let point = |v: &G::View| ChartPoint {
        turn: v.turn_label(),
        values: game.score_series(v).into_iter().map(|x| x.2).collect(),
    };
    let mut history = vec![point(&first)];
    let (mut german, mut soviet) = (Losses::default(), Losses::default());
    let mut luck = [DiceLuck::default(); 2];
    for entry in table.session.record() {
        let events = match entry {
            Record::Act { seat, action } => s.apply(*seat, action.clone()).ok()?,
            Record::ScriptDice(v) => {
                s.script_dice(v.clone()).ok()?;
                continue;
            }
            Record::ScriptPicks(v) => {
                s.script_picks(v.clone());
                continue;
            }
        };
        for e in &events {
            if let Some(roll) = eastfront_kernel::LogEvent::roll(e) {
                if let Some(by) = roll.by {
                    let l = &mut luck[(by == Side::Soviet) as usize];
                    l.dice += roll.values.len() as u32;
                    l.pips += roll.values.iter().map(|v| *v as u32).sum::<u32>();
                    l.sixes += roll.values.iter().filter(|v| **v == roll.faces).count() as u32;
                }
            }
            for cue in game.cues(e) {
                let (side, destroyed) = match cue {
                    Cue::StepLost { side, .. } => (side, false),
                    Cue::Destroyed { side, .. } => (side, true),
                    _ => continue,
                };
                let l = if side == Side::German {
                    &mut german
                } else {
                    &mut soviet
                };
                if destroyed {
                    l.destroyed += 1;
                } else {
                    l.steps += 1;
                }
            }
        }
        let now = point(&game.view(s.state(), Viewer::Omniscient));
        // One point per turn: the last position seen in it.
        match history.last_mut() {
            Some(last) if last.turn == now.turn => *last = now,
            _ => history.push(now),
        }
    }
    let end = game.view(table.session.state(), Viewer::Omniscient);
    Some(GameSummary {
        outcome,
        ended: format!("{} · {}", end.turn_label(), end.phase_label()),
        actions: table.session.record().len(),
        seed: table.session.seed,
        series,
        history,
        german,
        soviet,
        luck,
        lines: game.result_lines(&end),
        revision: table.revision,
    })
}

fn summarize_at_game_over<G: TableGame>(
    mut commands: Commands,
    table: Res<Table<G>>,
    summary: Option<Res<GameSummary>>,
) {
    if table.active_seat().is_some() {
        if summary.is_some() {
            commands.remove_resource::<GameSummary>();
        }
        return;
    }
    if summary.is_some_and(|s| s.revision == table.revision) {
        return;
    }
    if let Some(s) = summarize(&table) {
        commands.insert_resource(s);
    }
}

/// A new seed that differs from the old one and from the clock.
pub fn new_seed(old: u64) -> u64 {
    let clock = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    let mut seed = (old ^ clock).wrapping_mul(0x9E37_79B9_7F4A_7C15) % 1_000_000;
    if seed == old {
        seed += 1;
    }
    seed
}

/// Opens a new table with the same scenario, options and seating and a fresh seed.
fn rematch<G: TableGame>(
    mut requests: MessageReader<RematchRequest>,
    mut commands: Commands,
    table: Res<Table<G>>,
    mut notice: ResMut<Notice>,
    mut next: ResMut<NextState<Screen>>,
    time: Res<Time>,
) {
    if requests.read().count() == 0 {
        return;
    }
    let old = &table.session;
    let seed = new_seed(old.seed);
    match Session::new(old.game, &old.scenario, old.options.clone(), seed) {
        Ok(session) => {
            let fresh = Table::new(session, table.seating.clone());
            let log = GameLog {
                lines: vec![LogLine::note(
                    fresh.turn(),
                    super::bridge::opening_line(&fresh),
                )],
                ..default()
            };
            commands.insert_resource(Loaded::<G>(Some((fresh, log))));
            // Leaving and entering the Table screen again rebuilds every entity and panel.
            next.set(Screen::Table);
        }
        Err(e) => notice.error(
            format!("Cannot start a rematch: {e}"),
            time.elapsed_secs_f64(),
        ),
    }
}
