//! Looking at the map, for every game: the wheel zooms toward the cursor (only over the map: a
//! wheel over a panel scrolls the panel), a right- or middle-drag or the arrow keys pan, `F`
//! fits the board into the part of the window the panels leave free. The table opens on the
//! whole board, or — for a board whose shape wastes the window (Moscow's portrait map) — on a
//! closer view around the pieces of the player at the screen; it opens so again after the
//! hot-seat curtain.

use super::MapShown;
use crate::app::picking::over_map;
use crate::app::rest::{Redraw, MAX_ANIMATION_STEP};
use crate::app::screens::Screen;
use crate::app::table::{Eyes, Frame, TableSet};
use bevy::camera::visibility::RenderLayers;
use bevy::ecs::system::SystemParam;
use bevy::input::mouse::{AccumulatedMouseScroll, MouseScrollUnit};
use bevy::prelude::*;
use bevy::render::renderer::RenderAdapterInfo;
use bevy::window::PrimaryWindow;
use bevy_egui::input::EguiWantsInput;

/// Screen space (logical pixels) the egui panels cover at each edge, so "fit" and the pointer
/// tests know where the map shows.
#[derive(Resource, Default, Clone, Copy, PartialEq, Debug)]
pub struct PanelInsets {
    pub left: f32,
    pub right: f32,
    pub top: f32,
    pub bottom: f32,
}

/// Set to fit the whole board on the next frame (`F`, the Fit button).
#[derive(Resource, Default)]
pub struct FitRequested(pub bool);

/// Set to open the starting view on the next frame the panels are up.
#[derive(Resource, Default)]
pub struct OpeningView(pub bool);

/// The right/middle button drag in progress, to tell a pan from a right click.
#[derive(Resource, Default)]
pub struct Drag {
    pub last: Option<Vec2>,
    pub travelled: f32,
}

/// Centre the map on this world point on the next frame (a place name clicked in the log).
#[derive(Resource, Default)]
pub struct FocusOn(pub Option<Vec2>);

#[derive(Component)]
pub struct MapCamera;

const MIN_SCALE: f32 = 0.2;
const MAX_SCALE: f32 = 4.0;
/// How much closer than the whole board the opening view may come.
const OPENING_ZOOM_MAX: f32 = 1.6;

pub fn plugin(app: &mut App) {
    app.init_resource::<PanelInsets>()
        .init_resource::<FitRequested>()
        .init_resource::<OpeningView>()
        .init_resource::<Drag>()
        .init_resource::<FocusOn>()
        .add_systems(Startup, spawn_camera)
        .add_systems(OnEnter(Screen::Table), |mut o: ResMut<OpeningView>| {
            o.0 = true
        })
        .add_systems(
            Update,
            (zoom, pan, keys, refit_after_curtain, fit, focus)
                .chain()
                .after(TableSet::View)
                .run_if(in_state(Screen::Table)),
        );
}

fn spawn_camera(
    mut commands: Commands,
    adapter: Option<Res<RenderAdapterInfo>>,
    cache: Option<Res<super::cache::BoardCache>>,
) {
    // wgpu's DeviceType is not re-exported by Bevy: its name tells a CPU (software) adapter.
    let software = adapter.is_some_and(|a| format!("{:?}", a.device_type) == "Cpu");
    let msaa = edge_smoothing(std::env::var("EASTFRONT_MSAA").ok().as_deref(), software);
    info!("map edges: {msaa:?} (software rendering: {software})");
    // With the board picture the map camera draws only what moves; without it, the board too.
    let layers = if cache.is_some_and(|c| c.0) {
        RenderLayers::layer(0)
    } else {
        RenderLayers::from_layers(&[0, super::cache::BOARD_LAYER])
    };
    commands.spawn((Camera2d, MapCamera, msaa, layers));
}

/// Multisampling for the map's edges. On a GPU 4× costs next to nothing and smooths every
/// hex side and area border; on a software renderer (llvmpipe, lavapipe: a machine without a
/// GPU driver) it multiplies the cost of every pixel and more than doubles the frame time, so
/// there the edges stay hard. `EASTFRONT_MSAA` (`off`, `2`, `4`) overrides the choice.
fn edge_smoothing(asked: Option<&str>, software: bool) -> Msaa {
    match asked.map(str::trim) {
        Some("off" | "0" | "1") => Msaa::Off,
        Some("2") => Msaa::Sample2,
        Some("4") => Msaa::Sample4,
        _ if software => Msaa::Off,
        _ => Msaa::Sample4,
    }
}

fn zoom(
    scroll: Res<AccumulatedMouseScroll>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&mut Transform, &mut Projection), With<MapCamera>>,
    insets: Res<PanelInsets>,
    wants: Option<Res<EguiWantsInput>>,
) {
    if scroll.delta.y == 0.0 || !over_map(&window, &insets, &wants) {
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
    insets: Res<PanelInsets>,
    wants: Option<Res<EguiWantsInput>>,
) {
    let cursor = window.cursor_position();
    let held = buttons.pressed(MouseButton::Right) || buttons.pressed(MouseButton::Middle);
    let started =
        buttons.just_pressed(MouseButton::Right) || buttons.just_pressed(MouseButton::Middle);
    if started {
        // A drag that starts over a panel belongs to the panel.
        drag.last = if over_map(&window, &insets, &wants) {
            cursor
        } else {
            None
        };
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
    mut redraw: Redraw,
) {
    if wants.as_ref().is_some_and(|w| w.wants_any_keyboard_input()) {
        return;
    }
    if keys.just_pressed(KeyCode::KeyF) && !crate::app::input::ctrl_held(&keys) {
        fit.0 = true;
    }
    let (mut tf, projection) = camera.into_inner();
    let scale = match projection {
        Projection::Orthographic(o) => o.scale,
        _ => 1.0,
    };
    let mut dir = Vec2::ZERO;
    for (k, d) in [
        (KeyCode::ArrowLeft, Vec2::NEG_X),
        (KeyCode::ArrowRight, Vec2::X),
        (KeyCode::ArrowUp, Vec2::Y),
        (KeyCode::ArrowDown, Vec2::NEG_Y),
    ] {
        if keys.pressed(k) {
            dir += d;
        }
    }
    // Held keys send no events between their repeats: keep drawing while one pans.
    redraw.request_if(dir != Vec2::ZERO);
    let step = dir * 600.0 * scale * time.delta_secs().min(MAX_ANIMATION_STEP);
    tf.translation.x += step.x;
    tf.translation.y += step.y;
}

/// The next player's view opens again on their pieces when the curtain lifts.
fn refit_after_curtain(eyes: Res<Eyes>, mut opening: ResMut<OpeningView>, mut was_up: Local<bool>) {
    let up = eyes.curtain_for.is_some();
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

/// Where the player at the screen has pieces on the map (their centre), or all pieces when
/// everything is face up.
fn own_pieces_centre(frame: &Frame, map: &MapShown) -> Option<Vec2> {
    let points: Vec<Vec2> = frame
        .pieces
        .iter()
        .filter(|p| frame.viewer.is_none_or(|s| s == p.side))
        .filter_map(|p| p.space())
        .filter_map(|s| map.desc.space(s).map(|d| d.anchor))
        .collect();
    if points.is_empty() {
        return None;
    }
    Some(points.iter().copied().sum::<Vec2>() / points.len() as f32)
}

/// What the camera is asked to show.
#[derive(SystemParam)]
struct Asked<'w> {
    fit: ResMut<'w, FitRequested>,
    opening: ResMut<'w, OpeningView>,
}

fn fit(
    mut asked: Asked,
    map: Option<Res<MapShown>>,
    frame: Res<Frame>,
    insets: Res<PanelInsets>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&mut Transform, &mut Projection), With<MapCamera>>,
) {
    let Asked { fit, opening } = &mut asked;
    // The panels appear a frame after the table: fit to the space they leave, once they are.
    let Some(map) = map else { return };
    if !(fit.0 || opening.0) || insets.right == 0.0 || !frame.visible {
        return;
    }
    let free = Vec2::new(
        window.width() - insets.left - insets.right,
        window.height() - insets.top - insets.bottom,
    );
    if free.x < 50.0 || free.y < 50.0 {
        return;
    }
    let bounds = map.desc.bounds;
    let focus = (opening.0 && !fit.0 && map.desc.open_on_own_pieces)
        .then(|| own_pieces_centre(&frame, &map).unwrap_or(bounds.center()));
    fit.0 = false;
    opening.0 = false;
    let (scale, centre) = framing(bounds, free, focus);
    let (mut tf, mut projection) = camera.into_inner();
    let Projection::Orthographic(ortho) = projection.as_mut() else {
        return;
    };
    ortho.scale = scale.clamp(MIN_SCALE, MAX_SCALE);
    // The free space's centre is offset from the window's centre by half the inset difference.
    let offset = Vec2::new(
        (insets.left - insets.right) / 2.0,
        (insets.top - insets.bottom) / 2.0,
    );
    tf.translation.x = centre.x - offset.x * ortho.scale;
    tf.translation.y = centre.y + offset.y * ortho.scale;
}

/// Centres the map on a point asked for (a place named in the log).
fn focus(
    mut focus: ResMut<FocusOn>,
    insets: Res<PanelInsets>,
    camera: Single<(&mut Transform, &Projection), With<MapCamera>>,
) {
    let Some(p) = focus.0.take() else { return };
    let (mut tf, projection) = camera.into_inner();
    let scale = match projection {
        Projection::Orthographic(o) => o.scale,
        _ => 1.0,
    };
    tf.translation.x = p.x - (insets.left - insets.right) / 2.0 * scale;
    tf.translation.y = p.y + (insets.top - insets.bottom) / 2.0 * scale;
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

    #[test]
    fn edges_are_smoothed_on_a_gpu_and_hard_on_a_software_renderer_unless_asked() {
        assert_eq!(edge_smoothing(None, false), Msaa::Sample4);
        assert_eq!(edge_smoothing(None, true), Msaa::Off);
        assert_eq!(edge_smoothing(Some("4"), true), Msaa::Sample4);
        assert_eq!(edge_smoothing(Some("off"), false), Msaa::Off);
        assert_eq!(edge_smoothing(Some("nonsense"), false), Msaa::Sample4);
    }

    /// A world with the zoom system, a 1600×1000 window with a 400 px side panel on the right
    /// and one wheel notch at `cursor`; returns the camera's scale after the frame.
    fn scale_after_a_wheel_notch_at(cursor: Vec2) -> f32 {
        let mut app = App::new();
        app.insert_resource(AccumulatedMouseScroll {
            unit: MouseScrollUnit::Line,
            delta: Vec2::new(0.0, 1.0),
        })
        .insert_resource(PanelInsets {
            right: 400.0,
            top: 60.0,
            ..default()
        })
        .add_systems(Update, zoom);
        let mut window = Window {
            resolution: (1600, 1000).into(),
            ..default()
        };
        window.set_cursor_position(Some(cursor));
        app.world_mut().spawn((window, PrimaryWindow));
        let camera = app
            .world_mut()
            .spawn((
                MapCamera,
                Transform::default(),
                Projection::Orthographic(OrthographicProjection::default_2d()),
            ))
            .id();
        app.update();
        match app.world().get::<Projection>(camera) {
            Some(Projection::Orthographic(o)) => o.scale,
            _ => panic!("an orthographic camera"),
        }
    }

    #[test]
    fn the_wheel_over_a_panel_leaves_the_map_where_it_is() {
        assert_eq!(scale_after_a_wheel_notch_at(Vec2::new(1400.0, 500.0)), 1.0);
        assert_eq!(scale_after_a_wheel_notch_at(Vec2::new(600.0, 30.0)), 1.0);
        assert!(scale_after_a_wheel_notch_at(Vec2::new(600.0, 500.0)) < 1.0);
    }
}
