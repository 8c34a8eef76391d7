//! The end of the game (UX.md "End of game"): who won and by which condition (the rule comes
//! with the engine's outcome), rounds played, losses per side, Soviet Reinforcement Hexes held,
//! a chart over the rounds, and Review / Rematch / Main menu.
//!
//! The history is rebuilt by replaying the session's record from its seed, so a game loaded
//! from a save has its whole history too. The summary and the rematch run headless; only the
//! window needs egui.

use super::screens::Screen;
use super::table::{LoadedTable, Notice, Table, TableSet};
use bevy::prelude::*;
use eastfront_kernel::{Game, Outcome, Record, Session, Side, Viewer};
use eastfront_stalingrad::{EventKind, View};

/// The board at the end of one round (and at the very end).
#[derive(Clone, Debug, PartialEq)]
pub struct RoundStats {
    pub round: u32,
    pub german_blocks: usize,
    pub soviet_blocks: usize,
    /// Soviet Reinforcement Hexes under Soviet control.
    pub srh_soviet: usize,
    pub casualty_score: u32,
}

/// Steps lost and units destroyed by one side over the game.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Losses {
    pub steps: u32,
    pub destroyed: u32,
}

/// Everything the result panel shows.
#[derive(Resource, Clone, Debug)]
pub struct GameSummary {
    pub outcome: Outcome,
    pub rounds: u32,
    pub german: Losses,
    pub soviet: Losses,
    pub srh_soviet: usize,
    pub srh_total: usize,
    pub casualty_score: u32,
    pub history: Vec<RoundStats>,
    /// The table revision it was made for.
    pub revision: u64,
}

/// "Rematch": the same mode and options, a new seed.
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
        })
        .add_systems(
            Update,
            (summarize_at_game_over, rematch)
                .chain()
                .after(TableSet::Act)
                .before(TableSet::Eyes)
                .run_if(in_state(Screen::Table).and_then(resource_exists::<Table>)),
        );
}

fn stats_of(view: &View, srh: &[eastfront_kernel::SpaceId]) -> RoundStats {
    let count = |side| view.blocks.iter().filter(|b| b.side == side).count();
    RoundStats {
        round: view.round,
        german_blocks: count(Side::German),
        soviet_blocks: count(Side::Soviet),
        srh_soviet: srh
            .iter()
            .filter(|h| view.hexes[h.index()].control == Side::Soviet)
            .count(),
        casualty_score: view.casualty_score,
    }
}

/// Replays the table's record from its seed and gathers the result. None while the game goes on
/// (or if the record no longer replays, which a loaded save has already ruled out).
pub fn summarize(table: &Table) -> Option<GameSummary> {
    let game = table.game();
    let outcome = game.outcome(table.session.state())?;
    let board = &game.board;
    let mut s = Session::new(
        game,
        &table.session.scenario,
        table.session.options.clone(),
        table.session.seed,
    )
    .ok()?;
    let mut german = Losses::default();
    let mut soviet = Losses::default();
    let mut history = vec![stats_of(
        &game.view(s.state(), Viewer::Omniscient),
        &board.srh,
    )];
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
            let (unit, destroyed) = match e.kind {
                EventKind::StepLost { unit } => (unit, false),
                EventKind::Destroyed { unit } => (unit, true),
                _ => continue,
            };
            let l = match board.unit_side[unit.0 as usize] {
                Side::German => &mut german,
                Side::Soviet => &mut soviet,
            };
            if destroyed {
                l.destroyed += 1;
            } else {
                l.steps += 1;
            }
        }
        let now = stats_of(&game.view(s.state(), Viewer::Omniscient), &board.srh);
        // One point per round: the last state seen in it.
        match history.last_mut() {
            Some(last) if last.round == now.round => *last = now,
            _ => history.push(now),
        }
    }
    let end = game.view(table.session.state(), Viewer::Omniscient);
    let last = stats_of(&end, &board.srh);
    Some(GameSummary {
        outcome,
        rounds: end.round,
        german,
        soviet,
        srh_soviet: last.srh_soviet,
        srh_total: board.srh.len(),
        casualty_score: end.casualty_score,
        history,
        revision: table.revision,
    })
}

fn summarize_at_game_over(
    mut commands: Commands,
    table: Res<Table>,
    summary: Option<Res<GameSummary>>,
) {
    if table.active_seat().is_some() {
        if summary.is_some() {
            // Undo is closed after the end, but a new game may replace the table.
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

/// Opens a new table with the same scenario, mode and options and a fresh seed.
fn rematch(
    mut requests: MessageReader<RematchRequest>,
    mut commands: Commands,
    table: Res<Table>,
    mut notice: ResMut<Notice>,
    mut next: ResMut<NextState<Screen>>,
    time: Res<Time>,
) {
    if requests.read().count() == 0 {
        return;
    }
    let old = &table.session;
    // A new seed that differs from the old one and from the clock, reproducible from the log.
    let clock = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    let mut seed = (old.seed ^ clock).wrapping_mul(0x9E37_79B9_7F4A_7C15) % 1_000_000;
    if seed == old.seed {
        seed += 1;
    }
    match Session::new(old.game, &old.scenario, old.options.clone(), seed) {
        Ok(session) => {
            commands.insert_resource(LoadedTable(Some(Table::from_session(session, table.play))));
            // Leaving and entering the Table screen again rebuilds every entity and panel.
            next.set(Screen::Table);
        }
        Err(e) => notice.error(
            format!("Cannot start a rematch: {e}"),
            time.elapsed_secs_f64(),
        ),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn chart_scale_is_never_zero() {
        assert_eq!(super::chart_top(&[]), 1);
    }
}

/// The largest value the chart must show (at least 1).
fn chart_top(history: &[RoundStats]) -> usize {
    history
        .iter()
        .map(|r| r.german_blocks.max(r.soviet_blocks).max(r.srh_soviet))
        .max()
        .unwrap_or(0)
        .max(1)
}

/// The window, with a renderer only.
pub mod window {
    use super::*;
    use bevy_egui::{egui, EguiContexts, EguiPrimaryContextPass};

    pub(in crate::app) fn plugin(app: &mut App) {
        app.add_systems(
            EguiPrimaryContextPass,
            result_window.run_if(in_state(Screen::Table).and_then(resource_exists::<Table>)),
        );
    }

    const GERMAN: egui::Color32 = egui::Color32::from_rgb(190, 198, 194);
    const SOVIET: egui::Color32 = egui::Color32::from_rgb(235, 90, 70);
    const SRH: egui::Color32 = egui::Color32::from_rgb(250, 205, 90);

    fn result_window(
        mut contexts: EguiContexts,
        summary: Option<Res<GameSummary>>,
        mut window: ResMut<ResultWindow>,
        mut rematch: MessageWriter<RematchRequest>,
        mut next: ResMut<NextState<Screen>>,
    ) -> Result {
        let Some(summary) = summary else {
            return Ok(());
        };
        let ctx = contexts.ctx_mut()?;
        if window.closed {
            // A small button brings the result back while reviewing the board.
            egui::Area::new(egui::Id::new("result-reopen"))
                .anchor(egui::Align2::CENTER_BOTTOM, egui::vec2(-190.0, -16.0))
                .show(ctx, |ui| {
                    if ui
                        .button(egui::RichText::new("Show the result").size(16.0))
                        .clicked()
                    {
                        window.closed = false;
                    }
                });
            return Ok(());
        }
        let mut close = ctx.input(|i| i.key_pressed(egui::Key::Escape));
        egui::Window::new("The game is over")
            .id(egui::Id::new("result"))
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, egui::vec2(-190.0, 0.0))
            .show(ctx, |ui| {
                ui.set_width(520.0);
                let (title, colour) = match summary.outcome.winner {
                    Some(Side::German) => ("German victory".to_string(), GERMAN),
                    Some(Side::Soviet) => ("Soviet victory".to_string(), SOVIET),
                    None => ("A draw".to_string(), SRH),
                };
                ui.label(egui::RichText::new(title).size(30.0).strong().color(colour));
                ui.label(egui::RichText::new(&summary.outcome.reason).size(16.0));
                ui.add_space(6.0);
                egui::Grid::new("result-grid")
                    .striped(true)
                    .num_columns(3)
                    .show(ui, |ui| {
                        ui.label(format!("Rounds played: {}", summary.rounds));
                        ui.strong("German");
                        ui.strong("Soviet");
                        ui.end_row();
                        ui.label("Steps lost");
                        ui.label(summary.german.steps.to_string());
                        ui.label(summary.soviet.steps.to_string());
                        ui.end_row();
                        ui.label("Units destroyed");
                        ui.label(summary.german.destroyed.to_string());
                        ui.label(summary.soviet.destroyed.to_string());
                        ui.end_row();
                        ui.label("Blocks on the map at the end");
                        let last = summary.history.last();
                        ui.label(last.map_or(0, |l| l.german_blocks).to_string());
                        ui.label(last.map_or(0, |l| l.soviet_blocks).to_string());
                        ui.end_row();
                    });
                ui.label(format!(
                    "Soviet Reinforcement Hexes held by the Soviets: {} of {} · casualty score {} (rules §6.18)",
                    summary.srh_soviet, summary.srh_total, summary.casualty_score
                ));
                ui.add_space(6.0);
                chart(ui, &summary.history);
                ui.add_space(8.0);
                match result_buttons(ui) {
                    Some(ResultChoice::Review) => close = true,
                    Some(ResultChoice::Rematch) => {
                        rematch.write(RematchRequest);
                    }
                    Some(ResultChoice::MainMenu) => next.set(Screen::Menu),
                    None => {}
                }
            });
        if close {
            window.closed = true;
        }
        Ok(())
    }

    /// A button of the result window.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum ResultChoice {
        Review,
        Rematch,
        MainMenu,
    }

    /// The result window's buttons. Only a click of the pointer counts: a button that has the
    /// keyboard focus would otherwise take Space/Enter as a click, and a key meant for the
    /// table (Space/Enter confirm) must never throw the finished game away for a new one.
    pub fn result_buttons(ui: &mut egui::Ui) -> Option<ResultChoice> {
        let clicked = |r: egui::Response| r.clicked_by(egui::PointerButton::Primary);
        let mut choice = None;
        ui.horizontal(|ui| {
            if clicked(
                ui.button("Review the board")
                    .on_hover_text("Every block face up on the map (Esc)"),
            ) {
                choice = Some(ResultChoice::Review);
            }
            if clicked(
                ui.button("Rematch")
                    .on_hover_text("The same mode and options with a new seed"),
            ) {
                choice = Some(ResultChoice::Rematch);
            }
            if clicked(
                ui.button("Main menu")
                    .on_hover_text("Leave this game (it stays in the autosave)"),
            ) {
                choice = Some(ResultChoice::MainMenu);
            }
        });
        choice
    }

    /// Lines over the rounds: German blocks, Soviet blocks, SRHs the Soviets hold.
    fn chart(ui: &mut egui::Ui, history: &[RoundStats]) {
        ui.horizontal(|ui| {
            for (c, what) in [
                (GERMAN, "German blocks on the map"),
                (SOVIET, "Soviet blocks on the map"),
                (SRH, "SRHs held by the Soviets"),
            ] {
                let (r, _) = ui.allocate_exact_size(egui::vec2(18.0, 10.0), egui::Sense::hover());
                ui.painter()
                    .rect_filled(r.shrink2(egui::vec2(0.0, 3.0)), 1.0, c);
                ui.label(egui::RichText::new(what).small());
            }
        });
        let (rect, _) = ui.allocate_exact_size(
            egui::vec2(ui.available_width(), 170.0),
            egui::Sense::hover(),
        );
        let p = ui.painter_at(rect);
        p.rect_filled(rect, 4.0, egui::Color32::from_rgb(34, 31, 27));
        let plot = rect.shrink2(egui::vec2(30.0, 18.0));
        let top = chart_top(history) as f32;
        let n = history.len().max(2) - 1;
        let at = |i: usize, v: usize| {
            egui::pos2(
                plot.left() + plot.width() * i as f32 / n as f32,
                plot.bottom() - plot.height() * v as f32 / top,
            )
        };
        let grid = egui::Stroke::new(1.0, egui::Color32::from_gray(70));
        for k in 0..=4 {
            let v = (top * k as f32 / 4.0).round() as usize;
            let y = at(0, v).y;
            p.line_segment(
                [egui::pos2(plot.left(), y), egui::pos2(plot.right(), y)],
                grid,
            );
            p.text(
                egui::pos2(plot.left() - 4.0, y),
                egui::Align2::RIGHT_CENTER,
                v.to_string(),
                egui::FontId::proportional(10.0),
                egui::Color32::from_gray(160),
            );
        }
        for (i, r) in history.iter().enumerate() {
            if history.len() <= 12 || i % 2 == 0 || i + 1 == history.len() {
                p.text(
                    egui::pos2(at(i, 0).x, plot.bottom() + 3.0),
                    egui::Align2::CENTER_TOP,
                    format!("R{}", r.round),
                    egui::FontId::proportional(10.0),
                    egui::Color32::from_gray(160),
                );
            }
        }
        for (colour, value) in [
            (
                GERMAN,
                (|r: &RoundStats| r.german_blocks) as fn(&RoundStats) -> usize,
            ),
            (SOVIET, |r: &RoundStats| r.soviet_blocks),
            (SRH, |r: &RoundStats| r.srh_soviet),
        ] {
            let points: Vec<egui::Pos2> = history
                .iter()
                .enumerate()
                .map(|(i, r)| at(i, value(r)))
                .collect();
            p.add(egui::Shape::line(
                points.clone(),
                egui::Stroke::new(2.2, colour),
            ));
            for pt in points {
                p.circle_filled(pt, 2.5, colour);
            }
        }
    }
}
