//! "Are you sure?" — one window for every game: ending a segment while pieces could still act
//! asks first (UX.md). Enter says yes, Esc keeps playing.

use bevy_egui::egui;

/// Asks `why`; returns Some(true) for yes, Some(false) for no, None while it waits.
pub fn are_you_sure(ctx: &egui::Context, id: &str, why: &str, yes: &str) -> Option<bool> {
    let mut answer = None;
    egui::Window::new("Are you sure?")
        .id(egui::Id::new(id))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(-190.0, -80.0))
        .show(ctx, |ui| {
            ui.label(egui::RichText::new(why).size(16.0));
            ui.add_space(6.0);
            ui.horizontal(|ui| {
                let yes = format!("{yes} (Enter)");
                if ui.button(egui::RichText::new(yes).strong()).clicked() {
                    answer = Some(true);
                }
                if ui.button("Keep playing (Esc)").clicked() {
                    answer = Some(false);
                }
            });
        });
    ctx.input(|i| {
        if i.key_pressed(egui::Key::Enter) {
            answer = Some(true);
        } else if i.key_pressed(egui::Key::Escape) {
            answer = Some(false);
        }
    });
    answer
}
