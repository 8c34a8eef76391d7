//! The interface size (UX.md "Look": UI scale in settings): the panels, the text and the
//! windows drawn larger or smaller, chosen in the menu and remembered between runs. The board
//! keeps its own zoom (the wheel); the panels' room on the screen follows the size
//! (`PanelInsets` are egui's sizes times the zoom).

use bevy::prelude::*;
use bevy_egui::{egui, EguiContexts, EguiPrimaryContextPass};

/// The sizes offered, as egui zoom factors.
pub const SIZES: [(f32, &str); 6] = [
    (0.8, "80%"),
    (0.9, "90%"),
    (1.0, "100%"),
    (1.15, "115%"),
    (1.3, "130%"),
    (1.5, "150%"),
];

/// The interface size chosen (1.0: as designed).
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct InterfaceSize(pub f32);

impl Default for InterfaceSize {
    fn default() -> Self {
        InterfaceSize(1.0)
    }
}

impl InterfaceSize {
    /// The nearest size offered (a settings file edited by hand cannot set a strange one).
    pub fn nearest(z: f32) -> InterfaceSize {
        let best = SIZES
            .iter()
            .min_by(|a, b| (a.0 - z).abs().total_cmp(&(b.0 - z).abs()))
            .map_or(1.0, |s| s.0);
        InterfaceSize(best)
    }
    pub fn label(self) -> &'static str {
        SIZES.iter().find(|s| s.0 == self.0).map_or("100%", |s| s.1)
    }
}

/// Gives egui the size when it changes (egui's own Ctrl+Plus/Minus still work in between).
fn apply(mut contexts: EguiContexts, size: Res<InterfaceSize>) -> Result {
    if size.is_changed() {
        contexts.ctx_mut()?.set_zoom_factor(size.0);
    }
    Ok(())
}

/// The menu's chooser; returns the size picked, if one was.
pub fn chooser(ui: &mut egui::Ui, now: InterfaceSize) -> Option<InterfaceSize> {
    let mut picked = None;
    ui.label("Interface size");
    egui::ComboBox::from_id_salt("interface-size")
        .selected_text(now.label())
        .show_ui(ui, |ui| {
            for (z, label) in SIZES {
                if ui.selectable_label(now.0 == z, label).clicked() {
                    picked = Some(InterfaceSize(z));
                }
            }
        });
    picked
}

pub fn plugin(app: &mut App) {
    app.init_resource::<InterfaceSize>()
        .add_systems(EguiPrimaryContextPass, apply);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_size_from_the_settings_file_snaps_to_one_offered() {
        assert_eq!(InterfaceSize::nearest(1.27), InterfaceSize(1.3));
        assert_eq!(InterfaceSize::nearest(7.0), InterfaceSize(1.5));
        assert_eq!(InterfaceSize::nearest(1.0).label(), "100%");
    }
}
