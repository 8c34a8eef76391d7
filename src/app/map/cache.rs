//! The board drawn once, not every frame: the spaces, the painted decoration, the names, the
//! overlay tints and the markers are rendered by a second camera into a picture the size of the window, and
//! the map camera shows that picture as one quad under the markers, rings and pieces.
//!
//! A frame of a full board shades every pixel of the map several times (paper, fills,
//! borders, rivers, names); with the picture it shades each once. The picture is redrawn only
//! when it would look different: the camera moved or zoomed, the window changed size, or
//! something on the board layer was added, moved, re-rastered or removed (an overlay toggled,
//! the map of a new table). `EASTFRONT_BOARD_CACHE=off` draws the board directly every frame
//! (to compare, or should a driver mishandle the picture).
//!
//! The board's spaces are not pickable through Bevy's mesh backend any more (they are drawn by
//! a camera that renders to the picture, not to the window): a space under the pointer is
//! found from its outline ([`crate::app::picking`]).

use super::camera::MapCamera;
use super::markers::MarkerEntity;
use super::painter::Decor;
use super::{SpaceEntity, Tint};
use crate::app::rest::Redraw;
use crate::app::screens::Screen;
use bevy::camera::visibility::RenderLayers;
use bevy::camera::RenderTarget;
use bevy::picking::Pickable;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureFormat};
use bevy::transform::TransformSystems;
use bevy::window::PrimaryWindow;

/// The render layer of what the board camera draws into the picture.
pub const BOARD_LAYER: usize = 1;
/// The picture's depth, under everything the map camera draws itself.
const PICTURE_Z: f32 = -500.0;
/// Frames the board camera keeps drawing after a change, so that what follows from it a frame
/// later (text laid out, a glyph atlas filled) reaches the picture too.
const SETTLE_FRAMES: u8 = 3;

/// Something drawn into the board picture.
#[derive(Component)]
pub struct OnBoard;

/// The camera that draws the board into the picture.
#[derive(Component)]
pub struct BoardCamera;

/// The quad that shows the picture in the map camera's view.
#[derive(Component)]
pub struct BoardPicture;

/// Whether the board is drawn through the picture (read once at start).
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardCache(pub bool);

/// What the picture was last drawn for, and how many more frames it is drawn.
#[derive(Default)]
struct Drawn {
    camera: Option<(Vec3, f32)>,
    size: UVec2,
    frames_left: u8,
}

pub fn plugin(app: &mut App) {
    let on = cache_wanted(std::env::var("EASTFRONT_BOARD_CACHE").ok().as_deref());
    app.insert_resource(BoardCache(on))
        .add_systems(PostUpdate, put_on_board.before(TransformSystems::Propagate));
    if on {
        app.add_systems(OnEnter(Screen::Table), spawn_board_camera)
            .add_systems(OnExit(Screen::Table), clear_behind_other_screens)
            .add_systems(
                PostUpdate,
                redraw_when_changed
                    .after(put_on_board)
                    .before(TransformSystems::Propagate)
                    .run_if(in_state(Screen::Table)),
            );
    }
}

/// `EASTFRONT_BOARD_CACHE`: anything but `off`/`0`/`no` keeps the picture.
fn cache_wanted(asked: Option<&str>) -> bool {
    !matches!(asked.map(str::trim), Some("off" | "0" | "no"))
}

/// Puts the board's entities on the board layer as they appear: the spaces, the painted
/// decoration, the tints, and the markers with their parts (a marker changes only with the
/// view, and is then respawned). Without the picture the map camera sees both layers (see
/// [`super::camera`]), so the same entities draw directly.
#[allow(clippy::type_complexity)]
fn put_on_board(
    mut commands: Commands,
    new: Query<
        Entity,
        Or<(
            Added<SpaceEntity>,
            Added<Decor>,
            Added<Tint>,
            Added<MarkerEntity>,
        )>,
    >,
    children: Query<&Children>,
) {
    for e in &new {
        for part in std::iter::once(e).chain(children.iter_descendants(e)) {
            commands
                .entity(part)
                .insert((OnBoard, RenderLayers::layer(BOARD_LAYER)));
        }
    }
}

/// The board camera (rendering before the map camera) and the picture, when a table opens
/// with a renderer and a window.
fn spawn_board_camera(
    mut commands: Commands,
    images: Option<ResMut<Assets<Image>>>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    map_camera: Option<Single<(&mut Camera, &Msaa), With<MapCamera>>>,
) {
    let (Some(mut images), Some(window), Some(map_camera)) = (images, window, map_camera) else {
        return;
    };
    let (mut map_camera, msaa) = map_camera.into_inner();
    // The picture covers the window: clearing it first would shade every pixel once more.
    map_camera.clear_color = ClearColorConfig::None;
    let size = physical_size(&window);
    let image = images.add(Image::new_target_texture(
        size.x,
        size.y,
        TextureFormat::Rgba8UnormSrgb,
        None,
    ));
    commands.spawn((
        Camera2d,
        Camera {
            order: -1,
            is_active: true,
            ..default()
        },
        RenderTarget::Image(bevy::camera::ImageRenderTarget {
            handle: image.clone(),
            scale_factor: window.scale_factor(),
        }),
        *msaa,
        RenderLayers::layer(BOARD_LAYER),
        BoardCamera,
        DespawnOnExit(Screen::Table),
    ));
    commands.spawn((
        Sprite {
            image,
            custom_size: Some(window.size()),
            ..default()
        },
        Transform::from_xyz(0.0, 0.0, PICTURE_Z),
        BoardPicture,
        Pickable::IGNORE,
        DespawnOnExit(Screen::Table),
    ));
}

/// Other screens have no picture under them: the map camera clears again.
fn clear_behind_other_screens(mut map_camera: Query<&mut Camera, With<MapCamera>>) {
    for mut camera in &mut map_camera {
        camera.clear_color = ClearColorConfig::Default;
    }
}

fn physical_size(window: &Window) -> UVec2 {
    UVec2::new(
        window.physical_width().max(1),
        window.physical_height().max(1),
    )
}

/// The board's entities that changed in a way the picture shows.
#[allow(clippy::type_complexity)]
type BoardChanged<'w, 's> = Query<
    'w,
    's,
    (),
    (
        With<OnBoard>,
        Without<BoardCamera>,
        Without<BoardPicture>,
        Or<(
            Added<OnBoard>,
            Changed<Transform>,
            Changed<Visibility>,
            Changed<TextFont>,
            Changed<Text2d>,
        )>,
    ),
>;

type MapView<'w, 's> = Single<
    'w,
    's,
    (&'static Transform, &'static Projection),
    (With<MapCamera>, Without<BoardCamera>),
>;
type BoardView<'w, 's> = Query<
    'w,
    's,
    (
        &'static mut Camera,
        &'static mut Transform,
        &'static mut Projection,
        &'static RenderTarget,
    ),
    (With<BoardCamera>, Without<MapCamera>),
>;
type PictureQuad<'w, 's> = Query<
    'w,
    's,
    (&'static mut Transform, &'static mut Sprite),
    (With<BoardPicture>, Without<MapCamera>, Without<BoardCamera>),
>;

/// Follows the map camera, resizes the picture with the window, and lets the board camera draw
/// only for the frames after a change.
#[allow(clippy::too_many_arguments)]
fn redraw_when_changed(
    map_camera: MapView,
    mut board: BoardView,
    mut picture: PictureQuad,
    window: Single<&Window, With<PrimaryWindow>>,
    mut images: ResMut<Assets<Image>>,
    changed: BoardChanged,
    mut removed: RemovedComponents<OnBoard>,
    mut drawn: Local<Drawn>,
    mut redraw: Redraw,
) {
    let Ok((mut camera, mut board_tf, mut board_projection, target)) = board.single_mut() else {
        return;
    };
    let (map_tf, map_projection) = *map_camera;
    let scale = match map_projection {
        Projection::Orthographic(o) => o.scale,
        _ => 1.0,
    };
    let mut dirty = !changed.is_empty() || removed.read().count() > 0;

    let size = physical_size(&window);
    if size != drawn.size {
        if let Some(mut image) = target.as_image().and_then(|h| images.get_mut(h)) {
            image.resize(Extent3d {
                width: size.x,
                height: size.y,
                depth_or_array_layers: 1,
            });
        }
        drawn.size = size;
        dirty = true;
    }
    let now = (map_tf.translation, scale);
    if drawn.camera != Some(now) {
        drawn.camera = Some(now);
        *board_tf = *map_tf;
        *board_projection = map_projection.clone();
        dirty = true;
    }
    if let Ok((mut tf, mut sprite)) = picture.single_mut() {
        // The window's logical size, in world units at the camera's zoom.
        let want = Transform::from_xyz(map_tf.translation.x, map_tf.translation.y, PICTURE_Z)
            .with_scale(Vec3::new(scale, scale, 1.0));
        if *tf != want {
            *tf = want;
        }
        if sprite.custom_size != Some(window.size()) {
            sprite.custom_size = Some(window.size());
        }
    }

    if dirty {
        drawn.frames_left = SETTLE_FRAMES;
    }
    let active = drawn.frames_left > 0;
    if camera.is_active != active {
        camera.is_active = active;
    }
    drawn.frames_left = drawn.frames_left.saturating_sub(1);
    redraw.request_if(drawn.frames_left > 0);
}

#[cfg(test)]
mod tests {
    use super::cache_wanted;

    #[test]
    fn the_picture_is_on_unless_switched_off() {
        assert!(cache_wanted(None));
        assert!(cache_wanted(Some("on")));
        assert!(!cache_wanted(Some("off")));
        assert!(!cache_wanted(Some(" 0 ")));
    }
}
