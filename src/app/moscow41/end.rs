//! The end of a Moscow '41 game (UX.md "End of game"): who won and by which condition (the
//! engine's outcome carries its rule), the victory points, the turn it ended on and the blocks
//! each side lost; then "Review the board" (the result window closes and every block lies face
//! up: the table shows the omniscient view once the game is over), "Rematch" (same scenario,
//! mode and level, a new seed) and "Main menu". Only pointer clicks count on these buttons:
//! Space/Enter never throw a finished game away.

use super::super::game_over::window::{result_buttons, ResultChoice};
use super::super::screens::Screen;
use super::super::table::TableSet;
use super::session::{M41Setup, M41Table};
use bevy::prelude::*;
use bevy_egui::egui;
use eastfront_kernel::Side;
use eastfront_moscow41::View;

/// "Rematch": the same scenario, mode and level with a new seed.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct M41Rematch;

/// The result window was closed to review the board (the top bar opens it again).
#[derive(Resource, Default)]
pub struct M41ResultWindow {
    pub closed: bool,
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<M41Rematch>()
        .init_resource::<M41ResultWindow>()
        .add_systems(
            OnEnter(Screen::Moscow41),
            |mut w: ResMut<M41ResultWindow>| w.closed = false,
        )
        .add_systems(
            Update,
            rematch
                .after(TableSet::Act)
                .run_if(in_state(Screen::Moscow41).and_then(resource_exists::<M41Table>)),
        );
}

/// A new seed unlike the old one (reproducible from the log, which records it).
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

fn rematch(
    mut requests: MessageReader<M41Rematch>,
    table: Res<M41Table>,
    mut setup: ResMut<M41Setup>,
    mut next: ResMut<NextState<Screen>>,
) {
    if requests.read().count() == 0 {
        return;
    }
    *setup = M41Setup {
        play: table.play,
        scenario: table.session.scenario.clone(),
        level: table.level,
        seed: new_seed(table.session.seed),
    };
    // Leaving and entering the screen again rebuilds the table, its entities and panels.
    next.set(Screen::Moscow41);
}

/// The result window; returns the player's choice (clicks only).
pub fn result_window(
    ctx: &egui::Context,
    board: &eastfront_moscow41::Board,
    view: &View,
    table: &M41Table,
) -> Option<ResultChoice> {
    let o = view.outcome.as_ref()?;
    let mut choice = None;
    egui::Window::new("The game is over")
        .id(egui::Id::new("m41-result"))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(-180.0, 0.0))
        .show(ctx, |ui| {
            let who = o
                .winner
                .map(|s| format!("The {} player wins", s.name()))
                .unwrap_or_else(|| "A draw".into());
            ui.label(egui::RichText::new(who).size(26.0).strong());
            ui.label(egui::RichText::new(&o.reason).size(16.0));
            ui.add_space(6.0);
            ui.label(format!(
                "Ended in turn {} · {} 1941 · {} actions played · seed {}",
                view.turn,
                view.month,
                table.session.record().len(),
                table.session.seed
            ));
            ui.add_space(4.0);
            egui::Grid::new("m41-result-grid")
                .striped(true)
                .spacing([18.0, 4.0])
                .show(ui, |ui| {
                    ui.strong("");
                    ui.strong("VP");
                    ui.strong("Blocks lost");
                    ui.strong("Their steps");
                    ui.strong("On the map");
                    ui.end_row();
                    for sv in &view.sides {
                        let colour = match sv.side {
                            Side::German => egui::Color32::from_rgb(190, 196, 192),
                            Side::Soviet => egui::Color32::from_rgb(240, 120, 100),
                        };
                        ui.colored_label(colour, sv.side.name());
                        ui.label(sv.vp.to_string());
                        ui.label(sv.lost.len().to_string());
                        let steps: u32 = sv.lost.iter().map(|f| f.max_strength as u32).sum();
                        ui.label(steps.to_string());
                        let on_map = view.blocks.iter().filter(|b| b.side == sv.side).count();
                        ui.label(on_map.to_string());
                        ui.end_row();
                    }
                });
            let lost: Vec<String> = view
                .sides
                .iter()
                .filter(|s| !s.lost.is_empty())
                .map(|s| {
                    let names: Vec<&str> = s.lost.iter().map(|f| f.name.as_str()).collect();
                    format!("{}: {}", s.side.name(), names.join(", "))
                })
                .collect();
            if !lost.is_empty() {
                ui.collapsing("Blocks lost, by name", |ui| {
                    for l in lost {
                        ui.small(l);
                    }
                });
            }
            let _ = board;
            ui.add_space(8.0);
            choice = result_buttons(ui);
        });
    choice
}
