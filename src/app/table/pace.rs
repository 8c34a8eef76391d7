//! Watching the computer play (UX.md "When the AI plays"): the AI speed setting (Slow, Normal,
//! Fast, Instant), "Skip to my turn", and the computer's moves of the last change played back
//! one at a time — a caption, the spaces ringed, the moved pieces held at their origin until
//! their step, then sliding in. A rules engine may run a whole enemy turn in one action (the
//! Stalingrad solitaire Soviet); the playback splits it by the events' cues.
//!
//! Headless tests set no speed and see every action at once.

use super::desc::Cue;
use super::eyes::Eyes;
use super::session::{GameLog, TableStatus};
use super::{table_open, TableSet};
use crate::app::rest::Redraw;
use crate::app::screens::Screen;
use bevy::prelude::*;
use bevy_egui::{egui, EguiContexts};
use eastfront_kernel::{Side, SpaceId, Viewer};

/// How long each computer action stays on screen.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Hash)]
pub enum AiSpeed {
    Slow,
    #[default]
    Normal,
    Fast,
    Instant,
}

impl AiSpeed {
    pub const ALL: [AiSpeed; 4] = [
        AiSpeed::Slow,
        AiSpeed::Normal,
        AiSpeed::Fast,
        AiSpeed::Instant,
    ];

    pub fn label(self) -> &'static str {
        match self {
            AiSpeed::Slow => "Slow",
            AiSpeed::Normal => "Normal",
            AiSpeed::Fast => "Fast",
            AiSpeed::Instant => "Instant",
        }
    }

    /// Seconds per computer action.
    pub fn seconds(self) -> f64 {
        match self {
            AiSpeed::Slow => 1.6,
            AiSpeed::Normal => 0.8,
            AiSpeed::Fast => 0.3,
            AiSpeed::Instant => 0.0,
        }
    }

    pub fn from_label(s: &str) -> Option<AiSpeed> {
        AiSpeed::ALL.into_iter().find(|x| x.label() == s)
    }
}

/// The speed setting and the "skip" switch (also read by the AI driver between its moves).
/// Present only with a window: headless, the computer plays without pauses.
#[derive(Resource, Default)]
pub struct AiPace {
    pub speed: AiSpeed,
    /// "Skip to my turn": no pauses until a human must decide.
    pub skipping: bool,
}

impl AiPace {
    pub fn seconds(&self) -> f64 {
        if self.skipping {
            0.0
        } else {
            self.speed.seconds()
        }
    }
}

/// One computer action being shown.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayStep {
    pub text: String,
    pub side: Side,
    pub from: Option<SpaceId>,
    pub to: SpaceId,
    /// A battle starts here (red ring) rather than a move.
    pub attack: bool,
    /// Pieces that moved in this step.
    pub count: usize,
    /// The log line it came with: the log and the dice show up to it.
    pub line: usize,
}

/// The computer's actions of the latest change, played back one by one.
#[derive(Resource, Default, Debug)]
pub struct Playback {
    revision: u64,
    pub steps: Vec<PlayStep>,
    /// The step on screen now; every step before it is done.
    pub at: usize,
    shown_at: f64,
}

impl Playback {
    pub fn active(&self) -> bool {
        self.at < self.steps.len()
    }
    pub fn current(&self) -> Option<&PlayStep> {
        self.steps.get(self.at)
    }
    pub fn skip(&mut self) {
        self.at = self.steps.len();
    }
    /// The log lines the player may read now: all of them, or up to the step on screen.
    pub fn lines_shown(&self, log: &GameLog) -> usize {
        match self.current() {
            Some(s) => s.line + 1,
            None => log.lines.len(),
        }
    }
}

/// Run condition: no computer actions are being played back.
pub fn playback_idle(p: Option<Res<Playback>>) -> bool {
    p.is_none_or(|p| !p.active())
}

/// The steps a change shows: the moves and battles of the sides no human at this screen plays.
pub fn steps_of(log: &GameLog, humans: &[Side], reader: Option<Viewer>) -> Vec<PlayStep> {
    let mut side = log.latest_side.unwrap_or(Side::German);
    let mut steps = Vec::new();
    for (line, cue) in &log.cues {
        let step = match cue {
            Cue::TurnOf(s) => {
                side = *s;
                None
            }
            Cue::Move {
                from, to, count, ..
            } => Some((*from, *to, false, *count)),
            Cue::Battle { at } => Some((None, *at, true, 0)),
            _ => None,
        };
        if let Some((from, to, attack, count)) = step.filter(|_| !humans.contains(&side)) {
            steps.push(PlayStep {
                text: log
                    .lines
                    .get(*line)
                    .map(|l| l.text_for(reader).to_string())
                    .unwrap_or_default(),
                side,
                from,
                to,
                attack,
                count,
                line: *line,
            });
        }
    }
    steps
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Playback>()
        .add_systems(OnExit(Screen::Table), |mut p: ResMut<Playback>| {
            *p = Playback::default()
        })
        .add_systems(
            Update,
            (build_playback, advance_playback)
                .chain()
                .after(TableSet::Act)
                .before(TableSet::View)
                .run_if(in_state(Screen::Table).and_then(table_open)),
        );
}

/// The caption: only with a window.
pub fn ui_plugin(app: &mut App) {
    app.init_resource::<AiPace>().add_systems(
        bevy_egui::EguiPrimaryContextPass,
        caption.run_if(in_state(Screen::Table).and_then(table_open)),
    );
}

fn build_playback(
    status: Res<TableStatus>,
    log: Res<GameLog>,
    eyes: Res<Eyes>,
    pace: Option<ResMut<AiPace>>,
    mut playback: ResMut<Playback>,
    time: Res<Time>,
) {
    if playback.revision == status.revision {
        return;
    }
    *playback = Playback {
        revision: status.revision,
        shown_at: time.elapsed_secs_f64(),
        ..default()
    };
    let Some(mut pace) = pace else {
        return;
    };
    // A human decides now: the skip is over.
    if status.active_seat.is_some_and(|s| status.is_human(s)) {
        pace.skipping = false;
    }
    if pace.seconds() == 0.0 {
        return;
    }
    let humans: Vec<Side> = status
        .human_seats()
        .into_iter()
        .filter_map(|s| status.seat_side(s))
        .collect();
    let reader = eyes
        .seat
        .and_then(|s| status.seat_side(s))
        .map(Viewer::Side);
    playback.steps = steps_of(&log, &humans, reader);
}

fn advance_playback(
    pace: Option<Res<AiPace>>,
    mut playback: ResMut<Playback>,
    time: Res<Time>,
    mut redraw: Redraw,
) {
    if !playback.active() {
        return;
    }
    let seconds = pace.map_or(0.0, |p| p.seconds());
    let now = time.elapsed_secs_f64();
    if seconds == 0.0 {
        playback.skip();
    } else if now - playback.shown_at >= seconds {
        playback.at += 1;
        playback.shown_at = now;
    }
    // The next step comes on a timer: a frame then (and now, for the step shown).
    redraw.request();
    redraw.request_in(playback.shown_at + seconds - now);
}

/// The caption over the map: whose action, which one of how many, and what it was.
fn caption(
    mut contexts: EguiContexts,
    mut playback: ResMut<Playback>,
    mut pace: ResMut<AiPace>,
    eyes: Res<Eyes>,
    status: Res<super::TableStatus>,
) -> Result {
    if eyes.curtain_for.is_some() {
        return Ok(());
    }
    let Some(step) = playback.current().cloned() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let mut skip = false;
    egui::Area::new(egui::Id::new("ai-caption"))
        .order(egui::Order::Foreground)
        .anchor(egui::Align2::CENTER_BOTTOM, egui::vec2(-190.0, -18.0))
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.horizontal(|ui| {
                    ui.label(
                        egui::RichText::new(format!(
                            "{} · {}/{}",
                            status.side_name(step.side),
                            playback.at + 1,
                            playback.steps.len()
                        ))
                        .strong(),
                    );
                    ui.label(egui::RichText::new(&step.text).size(15.0));
                    if ui.button(status.skip_words()).clicked() {
                        skip = true;
                    }
                });
            });
        });
    if skip {
        playback.skip();
        pace.skipping = true;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::table::session::LogLine;

    #[test]
    fn only_the_computer_sides_moves_are_played_back() {
        let mut log = GameLog {
            lines: (0..4)
                .map(|i| LogLine::note(1, format!("line {i}")))
                .collect(),
            latest_side: Some(Side::German),
            ..default()
        };
        log.cues = vec![
            (
                0,
                Cue::Move {
                    from: Some(SpaceId(1)),
                    to: SpaceId(2),
                    count: 1,
                    piece: None,
                },
            ),
            (1, Cue::TurnOf(Side::Soviet)),
            (
                2,
                Cue::Move {
                    from: None,
                    to: SpaceId(5),
                    count: 2,
                    piece: None,
                },
            ),
            (3, Cue::Battle { at: SpaceId(6) }),
        ];
        let steps = steps_of(&log, &[Side::German], Some(Viewer::Side(Side::German)));
        assert_eq!(steps.len(), 2, "{steps:?}");
        assert_eq!(steps[0].to, SpaceId(5));
        assert_eq!(steps[0].side, Side::Soviet);
        assert_eq!(steps[0].text, "line 2");
        assert!(steps[1].attack);
    }
}
