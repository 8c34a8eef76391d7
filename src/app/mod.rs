//! The desktop table: Bevy + egui, one table for every game. It shows the rules' views and asks
//! the rules for legal actions; it never decides a rule. Laid out so the folders show it:
//!
//! - [`screens`], [`loading`], [`menu`], [`settings`]: the program around the table.
//! - [`table`]: the one table — session, seats, frame, curtain, phase, AI, saves, replay, game
//!   over — generic over a game's [`table::TableGame`].
//! - [`map`]: the map skins (hexes on hexx's layout, areas as polygons), markers, camera.
//! - [`pieces`]: the piece skins (wooden block, printed counter), entities that persist.
//! - [`input`], [`picking`]: clicks and hovers on the map, through Bevy picking.
//! - [`ui`]: the panel kit (top bar, side panel, dice, log, confirm, rules reference).
//! - [`games`]: what is each game's own (`games/<game>/`).

pub mod diag;
pub mod executor;
pub mod games;
pub mod input;
pub mod loading;
pub mod map;
pub mod menu;
pub mod picking;
pub mod piece_picking;
pub mod pieces;
pub mod rest;
pub mod screens;
pub mod settings;
pub mod table;
pub mod ui;

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

/// The table's background colour (the table the map lies on).
pub const TABLE_COLOUR: Color = Color::srgb(0.20, 0.18, 0.16);

/// The whole app. `headless`: no window, renderer, input or egui — only the logic and the
/// entities (the spaces, the pieces, the hot-seat state), for tests.
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
        // The pieces are found by their faces' squares (they are drawn into the board
        // picture, out of the mesh backend's sight); the spaces by their outlines.
        .add_plugins(piece_picking::plugin)
        .insert_resource(ClearColor(TABLE_COLOUR));
    }
    app.add_plugins((
        screens::plugin,
        table::plugin,
        input::plugin,
        map::plugin,
        pieces::plugin,
        ui::plugin,
    ));
    for game in crate::registry::GAMES {
        game.install(&mut app);
    }
    if headless {
        // Nothing to load without a renderer: straight to the menu.
        app.add_systems(
            OnEnter(screens::Screen::Loading),
            |mut next: ResMut<NextState<screens::Screen>>| next.set(screens::Screen::Menu),
        );
    } else {
        app.add_plugins((
            loading::plugin,
            map::cache::plugin,
            map::camera::plugin,
            input::ui_plugin,
            menu::plugin,
            table::ui_plugin,
            table::pace::ui_plugin,
            // Draw only when something happens; `EASTFRONT_DIAG` measures the frames.
            rest::plugin,
            diag::DiagPlugin,
            diag::open_table::plugin,
            executor::plugin,
        ))
        .add_systems(Startup, settings::restore)
        .add_systems(
            Update,
            ui::toggle_pieces.run_if(in_state(screens::Screen::Table)),
        );
    }
    app
}
