//! Fitting the camera to the Moscow map. Zoom and pan are the shared camera's (`app::camera`);
//! only the bounds and the opening view differ.
//!
//! The board is portrait (62 × 86 cm, the holding boxes beside it) and the window landscape,
//! so the whole board fitted into the space between the panels leaves wide empty margins and
//! small areas. On entering the table and after the hot-seat curtain the camera therefore
//! opens on a closer view: the board fills the free width (at most 1.6 × the whole-board
//! scale), centred on the blocks of the player at the screen, its edges kept inside the
//! window. `F` and the Fit button show the whole board.

use super::super::camera::{FitRequested, MapCamera, PanelInsets};
use super::super::screens::Screen;
use super::super::table::TableSet;
use super::board::{m41_bounds, M41Space};
use super::session::{M41Eyes, M41Rules, M41Shown};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

/// Set to open the closer starting view on the next frame the panels are up.
#[derive(Resource, Default)]
pub struct M41OpeningView(pub bool);

/// How much closer than the whole board the opening view may come.
const OPENING_ZOOM_MAX: f32 = 1.6;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<M41OpeningView>()
        .add_systems(
            OnEnter(Screen::Moscow41),
            |mut opening: ResMut<M41OpeningView>| opening.0 = true,
        )
        .add_systems(
            Update,
            (refit_after_curtain, fit)
                .chain()
                .after(TableSet::View)
                .run_if(in_state(Screen::Moscow41)),
        );
}

fn refit_after_curtain(
    eyes: Option<Res<M41Eyes>>,
    mut opening: ResMut<M41OpeningView>,
    mut was_up: Local<bool>,
) {
    let up = eyes.is_some_and(|e| e.curtain_for.is_some());
    if *was_up && !up {
        opening.0 = true;
    }
    *was_up = up;
}

/// The camera scale and the world point at the centre of the free space for a view of
/// `bounds` in a free space of `free` pixels: the whole board, or the opening view around
/// `focus` (the board filling the free width or height, whichever it fills first).
pub fn framing(bounds: Rect, free: Vec2, focus: Option<Vec2>) -> (f32, Vec2) {
    let whole = (bounds.width() / free.x).max(bounds.height() / free.y);
    let Some(focus) = focus else {
        return (whole, bounds.center());
    };
    let cover = (bounds.width() / free.x).min(bounds.height() / free.y);
    let scale = cover.max(whole / OPENING_ZOOM_MAX);
    // Keep the board's edges at or beyond the free space's edges where the board is larger.
    let half = free * scale / 2.0;
    let clamp = |v: f32, lo: f32, hi: f32, mid: f32| {
        if lo <= hi {
            v.clamp(lo, hi)
        } else {
            mid
        }
    };
    let c = bounds.center();
    let centre = Vec2::new(
        clamp(focus.x, bounds.min.x + half.x, bounds.max.x - half.x, c.x),
        clamp(focus.y, bounds.min.y + half.y, bounds.max.y - half.y, c.y),
    );
    (scale, centre)
}

/// Where the player at the screen has blocks on the map (their centre), or all shown blocks
/// when the game is over and everything is face up.
fn own_blocks_centre(
    shown: &M41Shown,
    rules: &M41Rules,
    spaces: &Query<&M41Space>,
) -> Option<Vec2> {
    let view = shown.view.as_ref()?;
    let board = &rules.0.board;
    let points: Vec<Vec2> = view
        .blocks
        .iter()
        .filter(|b| board.is_area(b.area))
        .filter(|b| shown.viewer_side.is_none_or(|s| s == b.side))
        .filter_map(|b| spaces.iter().find(|s| s.id == b.area).map(|s| s.centre))
        .collect();
    if points.is_empty() {
        return None;
    }
    Some(points.iter().copied().sum::<Vec2>() / points.len() as f32)
}

#[allow(clippy::too_many_arguments)]
fn fit(
    mut fit: ResMut<FitRequested>,
    mut opening: ResMut<M41OpeningView>,
    rules: Res<M41Rules>,
    shown: Res<M41Shown>,
    spaces: Query<&M41Space>,
    insets: Res<PanelInsets>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&mut Transform, &mut Projection), With<MapCamera>>,
) {
    // The panels appear a frame after the table: fit to the space they leave, once they are.
    if !(fit.0 || opening.0) || insets.right == 0.0 {
        return;
    }
    let free = Vec2::new(
        window.width() - insets.left - insets.right,
        window.height() - insets.top - insets.bottom,
    );
    if free.x < 50.0 || free.y < 50.0 {
        return;
    }
    let focus = if opening.0 {
        Some(
            own_blocks_centre(&shown, &rules, &spaces)
                .unwrap_or_else(|| m41_bounds(&rules.0.board).center()),
        )
    } else {
        None
    };
    fit.0 = false;
    opening.0 = false;
    let (scale, centre) = framing(m41_bounds(&rules.0.board), free, focus);
    let (mut tf, mut projection) = camera.into_inner();
    let Projection::Orthographic(ortho) = projection.as_mut() else {
        return;
    };
    ortho.scale = scale;
    // The free space's centre is offset from the window's centre by half the inset difference.
    let offset = Vec2::new(
        (insets.left - insets.right) / 2.0,
        (insets.top - insets.bottom) / 2.0,
    );
    tf.translation.x = centre.x - offset.x * scale;
    tf.translation.y = centre.y + offset.y * scale;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_portrait_board_opens_filling_the_free_width_around_the_focus() {
        let bounds = Rect::new(0.0, -2600.0, 2300.0, 0.0);
        let free = Vec2::new(1200.0, 940.0);
        let (whole, c) = framing(bounds, free, None);
        assert_eq!(c, bounds.center());
        assert!(bounds.height() / whole <= free.y + 0.01);
        let (scale, centre) = framing(bounds, free, Some(Vec2::new(1000.0, -100.0)));
        assert!(scale < whole, "closer than the whole board");
        assert!(
            (bounds.width() / scale - free.x).abs() < 0.5,
            "fills the width"
        );
        // The focus near the top edge: the view stops at the board's top.
        assert!((centre.y + free.y * scale / 2.0 - bounds.max.y).abs() < 0.5);
        assert_eq!(centre.x, bounds.center().x);
    }
}
