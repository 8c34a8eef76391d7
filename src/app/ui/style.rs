//! The panels' look: DejaVu Sans for every egui text (compiled in, so the panels never depend
//! on the asset folder) and a warm, muted theme; set once per program.

use crate::app::loading::{UI_FONT, UI_FONT_BOLD};
use bevy::prelude::*;
use bevy_egui::{egui, EguiContexts};
use std::sync::Arc;

pub fn apply_style_once(mut contexts: EguiContexts, mut done: Local<bool>) -> Result {
    if *done {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut fonts = egui::FontDefinitions::default();
    fonts.font_data.insert(
        "dejavu".into(),
        Arc::new(egui::FontData::from_static(UI_FONT)),
    );
    fonts.font_data.insert(
        "dejavu-bold".into(),
        Arc::new(egui::FontData::from_static(UI_FONT_BOLD)),
    );
    if let Some(f) = fonts.families.get_mut(&egui::FontFamily::Proportional) {
        f.insert(0, "dejavu".into());
    }
    fonts.families.insert(
        egui::FontFamily::Name("bold".into()),
        vec!["dejavu-bold".into(), "dejavu".into()],
    );
    ctx.set_fonts(fonts);
    let mut visuals = egui::Visuals::dark();
    visuals.panel_fill = egui::Color32::from_rgb(44, 40, 35);
    visuals.window_fill = egui::Color32::from_rgb(52, 47, 41);
    visuals.extreme_bg_color = egui::Color32::from_rgb(34, 31, 27);
    visuals.override_text_color = Some(egui::Color32::from_rgb(232, 224, 206));
    visuals.selection.bg_fill = egui::Color32::from_rgb(150, 110, 40);
    visuals.hyperlink_color = egui::Color32::from_rgb(214, 178, 110);
    // Unticked radio buttons and checkboxes must stand out from the panel.
    visuals.widgets.inactive.bg_fill = egui::Color32::from_rgb(88, 80, 68);
    visuals.widgets.inactive.weak_bg_fill = egui::Color32::from_rgb(72, 65, 56);
    visuals.widgets.hovered.weak_bg_fill = egui::Color32::from_rgb(100, 90, 74);
    ctx.set_visuals(visuals);
    ctx.all_styles_mut(|style| {
        for (text_style, font) in style.text_styles.iter_mut() {
            font.size = match text_style {
                egui::TextStyle::Heading => 21.0,
                egui::TextStyle::Body | egui::TextStyle::Button => 15.0,
                egui::TextStyle::Small => 12.5,
                egui::TextStyle::Monospace => 14.0,
                _ => font.size,
            };
        }
        style.spacing.button_padding = egui::vec2(8.0, 4.0);
        style.spacing.item_spacing = egui::vec2(8.0, 6.0);
    });
    *done = true;
    Ok(())
}

/// A side's colour in the panels.
pub fn side_colour(side: eastfront_kernel::Side) -> egui::Color32 {
    match side {
        eastfront_kernel::Side::German => egui::Color32::from_rgb(190, 196, 192),
        eastfront_kernel::Side::Soviet => egui::Color32::from_rgb(240, 120, 100),
    }
}

/// An egui colour from a Bevy one.
pub fn egui_colour(c: Color) -> egui::Color32 {
    let [r, g, b, a] = c.to_srgba().to_u8_array();
    egui::Color32::from_rgba_unmultiplied(r, g, b, a)
}

/// A battle window's column head: the side, and whether it attacks or defends.
pub fn battle_side(
    ui: &mut egui::Ui,
    side: eastfront_kernel::Side,
    attacker: eastfront_kernel::Side,
) {
    let role = if side == attacker {
        "attacker"
    } else {
        "defender"
    };
    ui.colored_label(
        side_colour(side),
        egui::RichText::new(format!("{} ({role})", side.name())).strong(),
    );
}

/// A side's block wood and lettering in the panels (the battle windows' small blocks).
pub fn wood_colours(side: eastfront_kernel::Side) -> (egui::Color32, egui::Color32) {
    match side {
        eastfront_kernel::Side::German => {
            (egui::Color32::from_rgb(84, 92, 89), egui::Color32::WHITE)
        }
        eastfront_kernel::Side::Soviet => (
            egui::Color32::from_rgb(184, 31, 26),
            egui::Color32::from_rgb(255, 224, 77),
        ),
    }
}
