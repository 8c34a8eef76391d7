//! Watching the computer play (UX.md "When the AI plays"). In solitaire the rules run the whole
//! Soviet turn inside one `apply`, so its moves arrive together as events; this plays them back
//! one at a time — a caption, rings on the hexes and the moved blocks held at their origin until
//! their turn, then sliding in — at the chosen speed. "Skip to my turn" ends the show and lets
//! computer seats act without a pause until a human must decide.
//!
//! Only the window uses it; headless tests see every action at once.

use super::board::{hex_to_world, HighlightKind};
use super::hotseat::Eyes;
use super::pieces::{stack_offset, BlockPiece, RestingPlace, Slide};
use super::screens::Screen;
use super::table::{Rules, Table, TableSet, TableView};
use bevy::prelude::*;
use bevy_egui::{egui, EguiContexts, EguiPrimaryContextPass};
use eastfront_kernel::{Side, SpaceId};
use eastfront_stalingrad::EventKind;

/// How long each computer action stays on screen.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
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
}

/// The speed setting and the "skip" switch (also read by the AI driver between its moves).
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
#[derive(Clone, Debug)]
pub struct PlayStep {
    pub text: String,
    pub side: Side,
    pub from: Option<SpaceId>,
    pub to: SpaceId,
    /// A battle starts here (red ring) rather than a move (green ring).
    pub attack: bool,
    /// Blocks that moved in this step.
    pub units: usize,
}

/// The computer's actions of the latest change, played back one by one.
#[derive(Resource, Default)]
pub struct AiPlayback {
    revision: u64,
    pub steps: Vec<PlayStep>,
    /// The step on screen now; every step before it is done.
    pub at: usize,
    shown_at: f64,
    /// For each event of `Table::latest`, the step it belongs with (effects such as a step loss
    /// wait until then).
    event_step: Vec<usize>,
}

impl AiPlayback {
    pub fn active(&self) -> bool {
        self.at < self.steps.len()
    }

    pub fn current(&self) -> Option<&PlayStep> {
        self.steps.get(self.at)
    }

    /// Whether the effects of event `i` of the latest action may be shown yet.
    pub fn reached(&self, event: usize) -> bool {
        !self.active() || self.event_step.get(event).is_none_or(|s| *s <= self.at)
    }

    pub fn skip(&mut self) {
        self.at = self.steps.len();
    }
}

/// Run condition: no computer actions are being played back.
pub fn playback_idle(p: Option<Res<AiPlayback>>) -> bool {
    p.is_none_or(|p| !p.active())
}

/// A block that moved in a step still to be shown (it waits at its origin).
#[derive(Component)]
struct HeldBack {
    step: usize,
    from: Option<Vec2>,
    started: bool,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AiPace>()
        .init_resource::<AiPlayback>()
        .add_systems(OnExit(Screen::Table), |mut p: ResMut<AiPlayback>| {
            *p = AiPlayback::default()
        })
        .add_systems(
            Update,
            (build_playback, advance_playback)
                .chain()
                .after(TableSet::Act)
                .before(TableSet::View)
                .run_if(in_state(Screen::Table).and_then(resource_exists::<Table>)),
        )
        .add_systems(
            Update,
            (hold_back_blocks, show_held_blocks)
                .chain()
                .after(TableSet::Draw)
                .run_if(in_state(Screen::Table)),
        )
        .add_systems(
            EguiPrimaryContextPass,
            caption.run_if(in_state(Screen::Table).and_then(resource_exists::<Table>)),
        );
}

/// Splits the latest events into steps: those taken while a computer side had the turn.
fn build_playback(
    table: Res<Table>,
    eyes: Res<Eyes>,
    mut pace: ResMut<AiPace>,
    mut playback: ResMut<AiPlayback>,
    time: Res<Time>,
) {
    if playback.revision == table.revision {
        return;
    }
    playback.revision = table.revision;
    *playback = AiPlayback {
        revision: table.revision,
        shown_at: time.elapsed_secs_f64(),
        ..default()
    };
    // A human decides now: the skip is over.
    if table.active_seat().is_some_and(|s| table.is_human(s)) {
        pace.skipping = false;
    }
    if pace.seconds() == 0.0 {
        return;
    }
    let human: Vec<Side> = table
        .human_seats()
        .into_iter()
        .map(|s| table.side_of(s))
        .collect();
    let viewer = eyes.seat.map(|s| table.side_of(s));
    let earlier = table.log.len().saturating_sub(table.latest.len());
    let mut side = table.log[..earlier]
        .iter()
        .rev()
        .find_map(|e| match e.event.kind {
            EventKind::TurnStart { side } => Some(side),
            _ => None,
        })
        .unwrap_or(Side::German);
    for e in &table.latest {
        if let EventKind::TurnStart { side: s } = e.kind {
            side = s;
        }
        let step = match e.kind {
            EventKind::Moved { from, to, units } => Some((from, to, false, units)),
            EventKind::CombatStart { target } => Some((None, target, true, 0)),
            _ => None,
        };
        if let Some((from, to, attack, units)) = step.filter(|_| !human.contains(&side)) {
            playback.steps.push(PlayStep {
                text: e.text_for(viewer).to_string(),
                side,
                from,
                to,
                attack,
                units,
            });
        }
        let n = playback.steps.len().saturating_sub(1);
        playback.event_step.push(n);
    }
}

fn advance_playback(pace: Res<AiPace>, mut playback: ResMut<AiPlayback>, time: Res<Time>) {
    if !playback.active() {
        return;
    }
    let now = time.elapsed_secs_f64();
    if pace.seconds() == 0.0 {
        playback.skip();
    } else if now - playback.shown_at >= pace.seconds() {
        playback.at += 1;
        playback.shown_at = now;
    }
}

/// Rings for the step on screen (the input's highlight system adds them).
pub fn step_rings(playback: &AiPlayback) -> Vec<(SpaceId, HighlightKind)> {
    let Some(s) = playback.current() else {
        return Vec::new();
    };
    let mut v = Vec::new();
    if let Some(f) = s.from {
        v.push((f, HighlightKind::Preview));
    }
    let kind = if s.attack {
        HighlightKind::Attack
    } else {
        HighlightKind::Move
    };
    v.push((s.to, kind));
    v
}

/// After the blocks are rebuilt, marks those that moved in steps still to come: the top
/// blocks of the mover's side in the destination hex, as many as moved.
fn hold_back_blocks(
    mut commands: Commands,
    playback: Res<AiPlayback>,
    rules: Res<Rules>,
    shown: Res<TableView>,
    pieces: Query<(Entity, &BlockPiece), Without<HeldBack>>,
) {
    if !shown.is_changed() && !playback.is_changed() {
        return;
    }
    if !playback.active() || !shown.is_changed() {
        return;
    }
    let board = &rules.0.board;
    let mut taken: Vec<Entity> = Vec::new();
    for (k, step) in playback.steps.iter().enumerate().skip(playback.at) {
        if step.attack {
            continue;
        }
        let mut here: Vec<(Entity, &BlockPiece)> = pieces
            .iter()
            .filter(|(e, p)| p.hex == step.to && p.side == step.side && !taken.contains(e))
            .collect();
        here.sort_by_key(|(_, p)| std::cmp::Reverse(p.stack_index));
        for (e, p) in here.into_iter().take(step.units) {
            taken.push(e);
            let from = step.from.map(|f| {
                hex_to_world(board.hexes[f.index()].hex) + stack_offset(p.stack_index, p.stack_size)
            });
            commands.entity(e).insert(HeldBack {
                step: k,
                from,
                started: false,
            });
        }
    }
}

/// Held blocks wait at their origin (or out of sight, for new arrivals), then slide in and
/// stand out while their step is on screen.
fn show_held_blocks(
    mut commands: Commands,
    playback: Res<AiPlayback>,
    mut q: Query<(
        Entity,
        &mut HeldBack,
        &RestingPlace,
        &mut Transform,
        &mut Visibility,
    )>,
) {
    for (e, mut held, rest, mut tf, mut vis) in &mut q {
        if !playback.active() || playback.at > held.step {
            tf.scale = Vec3::ONE;
            commands.entity(e).remove::<HeldBack>();
            continue;
        }
        if playback.at < held.step {
            match held.from {
                Some(p) => {
                    tf.translation.x = p.x;
                    tf.translation.y = p.y;
                }
                None => *vis = Visibility::Hidden,
            }
            continue;
        }
        if !held.started {
            held.started = true;
            let from = held.from.unwrap_or(rest.0);
            commands.entity(e).insert(Slide::from(from));
        }
        tf.scale = Vec3::splat(1.18);
    }
}

/// The caption over the map: whose action, which one of how many, and what it was.
fn caption(
    mut contexts: EguiContexts,
    mut playback: ResMut<AiPlayback>,
    mut pace: ResMut<AiPace>,
    eyes: Res<Eyes>,
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
                            step.side.name(),
                            playback.at + 1,
                            playback.steps.len()
                        ))
                        .strong(),
                    );
                    ui.label(egui::RichText::new(&step.text).size(15.0));
                    if ui.button("Skip to my turn").clicked() {
                        skip = true;
                    }
                });
            });
        });
    ctx.request_repaint();
    if skip {
        playback.skip();
        pace.skipping = true;
    }
    Ok(())
}
