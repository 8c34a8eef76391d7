//! Looking at the map: the wheel zooms toward the cursor, a right- or middle-drag or the arrow
//! keys pan, `F` fits the board into the part of the window the panels leave free.

use super::board::board_bounds;
use super::screens::Screen;
use super::table::Rules;
use bevy::input::mouse::{AccumulatedMouseScroll, MouseScrollUnit};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::EguiWantsInput;

/// Screen space (logical pixels) the egui panels cover at each edge, so "fit" and the
/// pointer tests know where the map shows.
#[derive(Resource, Default, Clone, Copy, PartialEq)]
pub struct PanelInsets {
    pub left: f32,
    pub right: f32,
    pub top: f32,
    pub bottom: f32,
}

/// Set to fit the board on the next frame (entering the table, `F`).
#[derive(Resource, Default)]
pub struct FitRequested(pub bool);

/// The right/middle button drag in progress, to tell a pan from a right click.
#[derive(Resource, Default)]
pub struct Drag {
    pub last: Option<Vec2>,
    pub travelled: f32,
}

#[derive(Component)]
pub struct MapCamera;

const MIN_SCALE: f32 = 0.25;
const MAX_SCALE: f32 = 3.0;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PanelInsets>()
        .init_resource::<FitRequested>()
        .init_resource::<Drag>()
        .add_systems(Startup, spawn_camera)
        .add_systems(OnEnter(Screen::Table), |mut fit: ResMut<FitRequested>| {
            fit.0 = true
        })
        .add_systems(
            Update,
            (zoom, pan, keys, fit)
                .chain()
                .run_if(in_state(Screen::Table)),
        )
        // The Moscow table zooms and pans the same way; it fits to its own map.
        .add_systems(
            Update,
            (zoom, pan, keys).chain().run_if(in_state(Screen::Moscow41)),
        );
}

fn spawn_camera(mut commands: Commands) {
    commands.spawn((Camera2d, MapCamera));
}

fn pointer_free(wants: &Option<Res<EguiWantsInput>>) -> bool {
    !wants
        .as_ref()
        .is_some_and(|w| w.wants_any_pointer_input() || w.is_pointer_over_area())
}

fn zoom(
    scroll: Res<AccumulatedMouseScroll>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&mut Transform, &mut Projection), With<MapCamera>>,
    wants: Option<Res<EguiWantsInput>>,
) {
    if scroll.delta.y == 0.0 || !pointer_free(&wants) {
        return;
    }
    let Some(cursor) = window.cursor_position() else {
        return;
    };
    let (mut tf, mut projection) = camera.into_inner();
    let Projection::Orthographic(ortho) = projection.as_mut() else {
        return;
    };
    let notches = match scroll.unit {
        MouseScrollUnit::Line => scroll.delta.y,
        MouseScrollUnit::Pixel => scroll.delta.y / 40.0,
    };
    let old = ortho.scale;
    let new = (old * 0.87f32.powf(notches)).clamp(MIN_SCALE, MAX_SCALE);
    // Keep the world point under the cursor where it is.
    let from_centre = Vec2::new(
        cursor.x - window.width() / 2.0,
        window.height() / 2.0 - cursor.y,
    );
    let under = tf.translation.truncate() + from_centre * old;
    let moved = under - from_centre * new;
    tf.translation.x = moved.x;
    tf.translation.y = moved.y;
    ortho.scale = new;
}

fn pan(
    buttons: Res<ButtonInput<MouseButton>>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&mut Transform, &Projection), With<MapCamera>>,
    mut drag: ResMut<Drag>,
    wants: Option<Res<EguiWantsInput>>,
) {
    let cursor = window.cursor_position();
    let held = buttons.pressed(MouseButton::Right) || buttons.pressed(MouseButton::Middle);
    let started =
        buttons.just_pressed(MouseButton::Right) || buttons.just_pressed(MouseButton::Middle);
    if started {
        // A drag that starts over a panel belongs to the panel.
        drag.last = if pointer_free(&wants) { cursor } else { None };
        drag.travelled = 0.0;
        return;
    }
    if !held {
        drag.last = None;
        return;
    }
    let (Some(last), Some(now)) = (drag.last, cursor) else {
        return;
    };
    let (mut tf, projection) = camera.into_inner();
    let scale = match projection {
        Projection::Orthographic(o) => o.scale,
        _ => 1.0,
    };
    let delta = now - last;
    drag.travelled += delta.length();
    tf.translation.x -= delta.x * scale;
    tf.translation.y += delta.y * scale;
    drag.last = Some(now);
}

fn keys(
    keys: Res<ButtonInput<KeyCode>>,
    time: Res<Time>,
    camera: Single<(&mut Transform, &Projection), With<MapCamera>>,
    mut fit: ResMut<FitRequested>,
    wants: Option<Res<EguiWantsInput>>,
) {
    if wants.as_ref().is_some_and(|w| w.wants_any_keyboard_input()) {
        return;
    }
    if keys.just_pressed(KeyCode::KeyF) {
        fit.0 = true;
    }
    let (mut tf, projection) = camera.into_inner();
    let scale = match projection {
        Projection::Orthographic(o) => o.scale,
        _ => 1.0,
    };
    let mut dir = Vec2::ZERO;
    if keys.pressed(KeyCode::ArrowLeft) {
        dir.x -= 1.0;
    }
    if keys.pressed(KeyCode::ArrowRight) {
        dir.x += 1.0;
    }
    if keys.pressed(KeyCode::ArrowUp) {
        dir.y += 1.0;
    }
    if keys.pressed(KeyCode::ArrowDown) {
        dir.y -= 1.0;
    }
    let step = dir * 600.0 * scale * time.delta_secs();
    tf.translation.x += step.x;
    tf.translation.y += step.y;
}

/// Fits the whole board into the free part of the window.
fn fit(
    mut fit: ResMut<FitRequested>,
    rules: Res<Rules>,
    insets: Res<PanelInsets>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&mut Transform, &mut Projection), With<MapCamera>>,
) {
    // The side panel appears a frame after the table (or after the hot-seat curtain): fit to
    // the space it leaves, once it is there.
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
    let bounds = board_bounds(&rules);
    let (mut tf, mut projection) = camera.into_inner();
    let Projection::Orthographic(ortho) = projection.as_mut() else {
        return;
    };
    let scale = (bounds.width() / free.x).max(bounds.height() / free.y);
    ortho.scale = scale.clamp(MIN_SCALE, MAX_SCALE);
    // The free area's centre is offset from the window's centre by half the inset difference.
    let offset = Vec2::new(
        (insets.left - insets.right) / 2.0,
        (insets.top - insets.bottom) / 2.0,
    );
    let c = bounds.center();
    tf.translation.x = c.x - offset.x * ortho.scale;
    tf.translation.y = c.y + offset.y * ortho.scale;
}
