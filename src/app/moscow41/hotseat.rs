//! The Moscow '41 handoff curtain: a full-window opaque curtain whenever the side to act passes
//! to the other human (the seat logic is `session::call_next_player`). While it is up the view
//! is empty, so no block entity exists and none carries a face; the next player's view is built
//! only after their click (UX.md "Handoff"; the idea of `app::hotseat`).

use super::super::screens::Screen;
use super::session::{M41Eyes, M41Table};
use bevy::prelude::*;
use bevy_egui::{egui, EguiContexts, EguiPrimaryContextPass};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw_curtain.run_if(in_state(Screen::Moscow41)),
    );
}

fn draw_curtain(
    mut contexts: EguiContexts,
    mut eyes: ResMut<M41Eyes>,
    table: Option<Res<M41Table>>,
    keys: Res<ButtonInput<KeyCode>>,
) -> Result {
    let (Some(seat), Some(table)) = (eyes.curtain_for, table) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let screen = ctx.viewport_rect();
    let side = table.side_of(seat);
    let state = table.session.state();
    let mut ready = keys.just_pressed(KeyCode::Space) || keys.just_pressed(KeyCode::Enter);
    egui::Area::new(egui::Id::new("m41-curtain"))
        .order(egui::Order::Foreground)
        .fixed_pos(screen.min)
        .show(ctx, |ui| {
            let painter = ui.painter().clone();
            painter.rect_filled(screen, 0.0, egui::Color32::from_rgb(38, 36, 33));
            let response = ui.allocate_rect(screen, egui::Sense::click());
            let centre = screen.center();
            let accent = match side {
                eastfront_kernel::Side::German => egui::Color32::from_rgb(200, 205, 200),
                eastfront_kernel::Side::Soviet => egui::Color32::from_rgb(235, 110, 90),
            };
            painter.text(
                centre - egui::vec2(0.0, 70.0),
                egui::Align2::CENTER_CENTER,
                format!(
                    "Moscow '41 · Turn {} · {} 1941",
                    state.turn,
                    eastfront_moscow41::rules::month(state.turn)
                ),
                egui::FontId::proportional(20.0),
                egui::Color32::from_rgb(190, 180, 160),
            );
            painter.text(
                centre - egui::vec2(0.0, 25.0),
                egui::Align2::CENTER_CENTER,
                format!("Pass to the {} player", side.name()),
                egui::FontId::proportional(40.0),
                accent,
            );
            painter.text(
                centre + egui::vec2(0.0, 25.0),
                egui::Align2::CENTER_CENTER,
                "click when ready",
                egui::FontId::proportional(22.0),
                egui::Color32::from_rgb(200, 190, 170),
            );
            painter.text(
                centre + egui::vec2(0.0, 65.0),
                egui::Align2::CENTER_CENTER,
                "No block of either side is drawn until then (R 1.5 Fog of War).",
                egui::FontId::proportional(15.0),
                egui::Color32::from_rgb(150, 140, 125),
            );
            if response.clicked() {
                ready = true;
            }
        });
    if ready {
        eyes.lift_curtain();
    }
    Ok(())
}
