//! Loading screen: the font and the paper texture from `assets/` (bevy_asset_loader), then the
//! menu. A missing or broken asset does not stop the program: it goes on to the menu and the
//! table is drawn with Bevy's built-in font and without paper.

use super::screens::Screen;
use bevy::prelude::*;
use bevy_asset_loader::prelude::*;
use bevy_egui::{egui, EguiContexts, EguiPrimaryContextPass};

#[derive(AssetCollection, Resource)]
pub struct GameAssets {
    #[asset(path = "fonts/DejaVuSans.ttf")]
    pub font: Handle<Font>,
    #[asset(path = "fonts/DejaVuSans-Bold.ttf")]
    pub font_bold: Handle<Font>,
    #[asset(path = "textures/paper.png")]
    pub paper: Handle<Image>,
}

/// The same font for egui, compiled in so the panels never depend on the asset folder.
pub const UI_FONT: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
pub const UI_FONT_BOLD: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf");

/// Where `assets/` is: next to the working folder when run from the project, else next to
/// the executable, else where it was built (a development checkout).
pub fn asset_folder() -> String {
    let candidates = [
        std::env::current_dir().ok().map(|d| d.join("assets")),
        std::env::current_exe()
            .ok()
            .and_then(|e| e.parent().map(|p| p.join("assets"))),
        Some(std::path::PathBuf::from(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/assets"
        ))),
    ];
    candidates
        .into_iter()
        .flatten()
        .find(|p| p.join("fonts/DejaVuSans.ttf").is_file())
        .map(|p| p.display().to_string())
        .unwrap_or_else(|| "assets".into())
}

pub(super) fn plugin(app: &mut App) {
    app.add_loading_state(
        LoadingState::new(Screen::Loading)
            .continue_to_state(Screen::Menu)
            .on_failure_continue_to_state(Screen::Menu)
            .load_collection::<GameAssets>(),
    )
    .add_systems(
        EguiPrimaryContextPass,
        loading_screen.run_if(in_state(Screen::Loading)),
    );
}

fn loading_screen(mut contexts: EguiContexts) -> Result {
    let ctx = contexts.ctx_mut()?;
    egui::Area::new(egui::Id::new("loading"))
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .show(ctx, |ui| {
            ui.heading("Setting up the table…");
        });
    Ok(())
}
