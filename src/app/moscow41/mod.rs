//! Moscow '41 at the table: the same shape as the Stalingrad table (one plugin per feature, one
//! file each), for an area map instead of a hex map. The game runs in `Screen::Moscow41`; the
//! Stalingrad systems (gated on `Screen::Table`) stay out of the way.
//!
//! - [`session`]: the rules, the session, seats, the log, the view of the player at the screen.
//! - [`board`]: the area map drawn from `map.ron`, the off-map boxes, markers and overlays.
//! - [`labels`]: where each area's number, name, markers and blocks go; map text kept sharp.
//! - [`pieces`]: the wooden blocks (only what the viewer may see).
//! - [`input`]: picking pieces and clicking legal destinations.
//! - [`panels`]: top bar, tracks, side panel, battle window, hover info.
//! - [`hotseat`]: the handoff curtain.
//! - [`ai`]: computer seats on a background thread.
//! - [`menu`]: the menu's game choice and Moscow's new-game form.
//! - [`view_fit`]: fitting the camera to the area map.
//! - [`end`]: the result window, Review, Rematch and Main menu.
//! - [`hint`]: "What would the AI do?" for the human side (Ctrl+H).
//! - [`motion`]: moved blocks slide and their area is ringed, at the AI speed setting.
//! - [`saves`]: save, autosave and load (the menu's Load list and Continue).

pub mod ai;
pub mod board;
pub mod end;
pub mod geometry;
pub mod hint;
pub mod hotseat;
pub mod input;
pub mod labels;
pub mod menu;
pub mod motion;
pub mod panels;
pub mod pieces;
pub mod saves;
pub mod session;
pub mod view_fit;

use bevy::prelude::*;

/// What runs with or without a window: the session, the map and block entities, the AI.
pub fn plugin(app: &mut App) {
    app.add_plugins((
        session::plugin,
        board::plugin,
        pieces::plugin,
        ai::plugin,
        menu::plugin,
        saves::plugin,
        hint::plugin,
        end::plugin,
    ));
}

/// What needs a window: input, egui panels, the curtain, the camera fit.
pub fn ui_plugin(app: &mut App) {
    app.add_plugins((
        input::plugin,
        panels::plugin,
        hotseat::plugin,
        view_fit::plugin,
        motion::plugin,
    ));
}
