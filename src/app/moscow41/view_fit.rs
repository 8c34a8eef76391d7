//! Fitting the camera to the Moscow map (on entering the table, after the curtain, and on `F`).
//! Zoom and pan are the shared camera's (`app::camera`); only the bounds differ.

use super::super::camera::{FitRequested, MapCamera, PanelInsets};
use super::super::screens::Screen;
use super::board::m41_bounds;
use super::session::{M41Eyes, M41Rules};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(Screen::Moscow41),
        |mut fit: ResMut<FitRequested>| fit.0 = true,
    )
    .add_systems(
        Update,
        (refit_after_curtain, fit)
            .chain()
            .run_if(in_state(Screen::Moscow41)),
    );
}

fn refit_after_curtain(
    eyes: Option<Res<M41Eyes>>,
    mut fit: ResMut<FitRequested>,
    mut was_up: Local<bool>,
) {
    let up = eyes.is_some_and(|e| e.curtain_for.is_some());
    if *was_up && !up {
        fit.0 = true;
    }
    *was_up = up;
}

fn fit(
    mut fit: ResMut<FitRequested>,
    rules: Res<M41Rules>,
    insets: Res<PanelInsets>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&mut Transform, &mut Projection), With<MapCamera>>,
) {
    // The panels appear a frame after the table: fit to the space they leave, once they are.
    if !fit.0 || insets.right == 0.0 {
        return;
    }
    let free = Vec2::new(
        window.width() - insets.left - insets.right,
        window.height() - insets.top - insets.bottom,
    );
    if free.x < 50.0 || free.y < 50.0 {
        return;
    }
    fit.0 = false;
    let bounds = m41_bounds(&rules.0.board);
    let (mut tf, mut projection) = camera.into_inner();
    let Projection::Orthographic(ortho) = projection.as_mut() else {
        return;
    };
    ortho.scale = (bounds.width() / free.x).max(bounds.height() / free.y);
    let offset = Vec2::new(
        (insets.left - insets.right) / 2.0,
        (insets.top - insets.bottom) / 2.0,
    );
    let c = bounds.center();
    tf.translation.x = c.x - offset.x * ortho.scale;
    tf.translation.y = c.y + offset.y * ortho.scale;
}
