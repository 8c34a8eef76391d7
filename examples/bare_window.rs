//! A bare Bevy + egui window, the baseline for the table's frame time: the same Bevy features
//! (this package's own `bevy` and `bevy_egui` dependencies), the same window size, a 2D camera
//! and an egui side panel with some text, and the same frame-time diagnostic
//! (`eastfront::app::diag`, see its docs for `EASTFRONT_DIAG`).
//!
//! ```sh
//! EASTFRONT_DIAG=continuous EASTFRONT_DIAG_SKIP=5 EASTFRONT_DIAG_SECONDS=20 \
//!     cargo run --release --example bare_window
//! ```
//!
//! Or `tools/measure_frames.sh --path none -- target/release/examples/bare_window`.

use bevy::prelude::*;
use bevy_egui::{egui, EguiContexts, EguiPlugin, EguiPrimaryContextPass};
use eastfront::app::diag::DiagPlugin;

fn main() {
    App::new()
        .add_plugins(DefaultPlugins.set(WindowPlugin {
            primary_window: Some(Window {
                title: "bare Bevy + egui window".into(),
                resolution: (1600, 1000).into(),
                ..default()
            }),
            ..default()
        }))
        .add_plugins(EguiPlugin::default())
        .add_plugins(DiagPlugin)
        .insert_resource(ClearColor(Color::srgb(0.16, 0.17, 0.15)))
        .add_systems(Startup, |mut commands: Commands| {
            // The table's choice of multisampling (src/app/map/camera.rs) is made from the
            // adapter; here `EASTFRONT_MSAA=off` matches a table on a software renderer.
            let off = std::env::var("EASTFRONT_MSAA").is_ok_and(|v| v == "off");
            commands.spawn((Camera2d, if off { Msaa::Off } else { Msaa::Sample4 }));
        })
        .add_systems(EguiPrimaryContextPass, side_panel)
        .run();
}

fn side_panel(mut contexts: EguiContexts, mut frames: Local<u64>) -> Result {
    *frames += 1;
    let ctx = contexts.ctx_mut()?;
    // As the table does: a root Ui over the window, the panel inside it.
    let mut root = egui::Ui::new(
        ctx.clone(),
        "bare".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    egui::Panel::right("side")
        .default_size(380.0)
        .show(&mut root, |ui| {
            ui.heading("A bare window");
            ui.label("Bevy and egui with the table's features, and nothing else.");
            ui.separator();
            ui.label(format!("Frames drawn: {}", *frames));
            for i in 1..=12 {
                ui.label(format!("Line {i} of some text in the side panel."));
            }
        });
    Ok(())
}
