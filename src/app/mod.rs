//! The desktop table: Bevy + egui. It shows the rules' `View` and asks the rules for legal
//! actions; it never decides a rule. One plugin per feature, one file each (modelled on the
//! `bevy_new_2d` template):
//!
//! - [`screens`]: Loading → Menu → Table, and the table's phase mirrored as a sub-state.
//! - [`loading`]: font and paper texture (bevy_asset_loader).
//! - [`menu`]: new game, load, about/sources, quit.
//! - [`table`]: the session, seats, log and the view of the player at the screen.
//! - [`board`]: the map drawn from the scenario data, markers and highlight rings.
//! - [`pieces`]: wooden blocks as entities that hold only what the viewer may see.
//! - [`camera`]: zoom toward the cursor, pan, fit.
//! - [`input`]: selecting blocks and clicking legal destinations.
//! - [`panels`]: egui top bar, prompt and choices, log, dice, tables, battle window.
//! - [`hotseat`]: who is at the screen, and the handoff curtain.
//! - [`saves`]: save, load, autosave, undo keys.
//! - [`ai_driver`]: computer seats think on a background thread.
//! - [`ai_pace`]: the AI speed setting, "Skip to my turn", and the AI's moves played back.
//! - [`game_over`]: the result panel (winner, losses, chart), Review and Rematch.

pub mod ai_driver;
pub mod ai_pace;
pub mod board;
pub mod camera;
pub mod game_over;
pub mod hotseat;
pub mod input;
pub mod loading;
pub mod menu;
pub mod moscow41;
pub mod panels;
pub mod pieces;
pub mod saves;
pub mod screens;
pub mod table;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;

/// Opens the game window.
pub fn run() {
    build_app(false).run();
}

/// The window's size: 1600 × 1000, or `EASTFRONT_WINDOW=WxH` (to look at the table in a
/// smaller window, e.g. `1280x800`).
fn window_size() -> (u32, u32) {
    std::env::var("EASTFRONT_WINDOW")
        .ok()
        .and_then(|v| {
            let (w, h) = v.split_once('x')?;
            Some((w.trim().parse().ok()?, h.trim().parse().ok()?))
        })
        .filter(|&(w, h): &(u32, u32)| w >= 640 && h >= 480)
        .unwrap_or((1600, 1000))
}

/// The whole app. `headless`: no window, renderer, input or egui — only the logic and the
/// entities (the board, the pieces, the hot-seat state), for tests.
pub fn build_app(headless: bool) -> App {
    let mut app = App::new();
    if headless {
        app.add_plugins((MinimalPlugins, StatesPlugin));
    } else {
        app.add_plugins(
            DefaultPlugins
                .set(WindowPlugin {
                    primary_window: Some(Window {
                        title: "eastfront — Eastern Front board wargames".into(),
                        resolution: window_size().into(),
                        ..default()
                    }),
                    ..default()
                })
                .set(AssetPlugin {
                    file_path: loading::asset_folder(),
                    ..default()
                }),
        )
        .add_plugins(bevy_egui::EguiPlugin::default())
        .insert_resource(ClearColor(board::colours::TABLE));
    }
    app.add_plugins((
        screens::plugin,
        table::plugin,
        hotseat::plugin,
        board::plugin,
        pieces::plugin,
        ai_driver::plugin,
        game_over::plugin,
        saves::table_plugin,
        moscow41::plugin,
    ));
    if headless {
        // Nothing to load without a renderer: straight to the menu.
        app.add_systems(
            OnEnter(screens::Screen::Loading),
            |mut next: ResMut<NextState<screens::Screen>>| next.set(screens::Screen::Menu),
        );
    } else {
        app.add_plugins((
            loading::plugin,
            camera::plugin,
            input::plugin,
            menu::plugin,
            panels::plugin,
            saves::plugin,
            ai_pace::plugin,
            game_over::window::plugin,
            moscow41::ui_plugin,
        ));
    }
    app
}
