//! The board drawn once, not every frame: the spaces, the painted decoration, the names, the
//! overlay tints, the markers, the lit spaces' rings and the pieces at rest are rendered by a
//! second camera into a picture the size of the window, and the map camera shows that picture
//! as one quad under what moves: a piece sliding or turning, and the hover ring.
//!
//! A frame of a full board shades every pixel of the map several times (paper, fills,
//! borders, rivers, names); with the picture it shades each once. The picture is redrawn only
//! when it would look different: the camera moved or zoomed, the window changed size, or
//! something on the board layer was added, moved, re-rastered or removed (an overlay toggled,
//! the map of a new table). `EASTFRONT_BOARD_CACHE=off` draws the board directly every frame
//! (to compare, or should a driver mishandle the picture).
//!
//! Nothing in the picture is pickable through Bevy's mesh backend (it is drawn by a camera that
//! renders to an image, not to the window): a space under the pointer is found from its
//! outline ([`crate::app::picking`]), a piece from its face ([`crate::app::piece_picking`]).

use super::camera::{MapCamera, PanelInsets};
use super::markers::MarkerEntity;
use super::painter::Decor;
use super::{HoverRing, Ring, SpaceEntity, Tint};
use crate::app::pieces::{PieceEntity, Slide, Turning};
use crate::app::rest::Redraw;
use crate::app::screens::Screen;
use bevy::camera::visibility::RenderLayers;
use bevy::camera::RenderTarget;
use bevy::ecs::system::SystemParam;
use bevy::image::ImageSampler;
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

/// How many frames the board camera has drawn the picture (the diagnostic's report line).
#[derive(Resource, Default, Debug)]
pub struct BoardRedraws(pub u64);

/// What the picture was last drawn for, and how many more frames it is drawn.
#[derive(Default)]
struct Drawn {
    camera: Option<(Vec3, f32)>,
    size: UVec2,
    frames_left: u8,
    /// Until when (the frame's time) the picture is drawn again while the renderer catches up
    /// after a change ([`super::catch_up`]): a pipeline that never compiles must not keep a
    /// resting table drawing.
    catch_up_until: f64,
}

/// How long after a change the picture follows the renderer catching up.
const CATCH_UP_SECONDS: f64 = 10.0;

pub fn plugin(app: &mut App) {
    let on = cache_wanted(std::env::var("EASTFRONT_BOARD_CACHE").ok().as_deref());
    app.insert_resource(BoardCache(on))
        .init_resource::<BoardRedraws>()
        .add_systems(
            PostUpdate,
            (put_on_board, pieces_on_board).before(TransformSystems::Propagate),
        );
    if on {
        app.add_plugins(super::catch_up::plugin)
            .add_systems(OnEnter(Screen::Table), spawn_board_camera)
            .add_systems(
                PostUpdate,
                redraw_when_changed
                    .after(put_on_board)
                    .after(pieces_on_board)
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
/// decoration, the tints, the markers with their parts (a marker changes only with the view,
/// and is then respawned) and the lit spaces' rings and arrow (they change with the selection).
/// The hover ring follows the pointer from space to space: it stays with the map camera, so
/// that pointing does not redraw the picture. Without the picture the map camera sees both
/// layers (see [`super::camera`]), so the same entities draw directly.
#[allow(clippy::type_complexity)]
fn put_on_board(
    mut commands: Commands,
    new: Query<
        Entity,
        (
            Or<(
                Added<SpaceEntity>,
                Added<Decor>,
                Added<Tint>,
                Added<MarkerEntity>,
                Added<Ring>,
            )>,
            Without<HoverRing>,
        ),
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

/// Pieces at rest are drawn into the picture with the board, parts and all (a skin redrawn on
/// a change of look brings new parts: they follow). A piece sliding or turning leaves it for
/// its animation and is drawn by the map camera over the picture, so an animation does not
/// redraw the whole board every frame; it returns when it comes to rest.
fn pieces_on_board(
    mut commands: Commands,
    pieces: Query<(Entity, Has<Slide>, Has<Turning>), With<PieceEntity>>,
    children: Query<&Children>,
    on_board: Query<Has<OnBoard>>,
) {
    for (piece, sliding, turning) in &pieces {
        let want = !sliding && !turning;
        for part in std::iter::once(piece).chain(children.iter_descendants(piece)) {
            if on_board.get(part).is_ok_and(|has| has == want) {
                continue;
            }
            if want {
                commands
                    .entity(part)
                    .insert((OnBoard, RenderLayers::layer(BOARD_LAYER)));
            } else {
                commands.entity(part).remove::<(OnBoard, RenderLayers)>();
            }
        }
    }
}

/// The board camera (rendering before the map camera) and the picture, when a table opens
/// with a renderer and a window.
fn spawn_board_camera(
    mut commands: Commands,
    images: Option<ResMut<Assets<Image>>>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    map_camera: Option<Single<(&Camera, &Msaa), With<MapCamera>>>,
) {
    let (Some(mut images), Some(window), Some(map_camera)) = (images, window, map_camera) else {
        return;
    };
    let (_, msaa) = map_camera.into_inner();
    let size = physical_size(&window);
    let mut picture =
        Image::new_target_texture(size.x, size.y, TextureFormat::Rgba8UnormSrgb, None);
    // The picture's pixels meet the window's one to one: the nearest texel is the exact one,
    // and a software renderer fetches one texel a pixel instead of four.
    picture.sampler = ImageSampler::nearest();
    let image = images.add(picture);
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

/// What tells the picture it is out of date: a board entity changed or gone, an asset arrived,
/// or the renderer still catching up.
#[derive(SystemParam)]
struct Changes<'w, 's> {
    changed: BoardChanged<'w, 's>,
    removed: RemovedComponents<'w, 's, OnBoard>,
    arrived: super::catch_up::AssetsArrived<'w, 's>,
    waiting: Res<'w, super::catch_up::PipelinesWaiting>,
}

/// The board camera, the quad that shows its picture, and the picture itself.
#[derive(SystemParam)]
struct Picture<'w, 's> {
    board: BoardView<'w, 's>,
    quad: PictureQuad<'w, 's>,
    images: ResMut<'w, Assets<Image>>,
}

/// The window and the part of it the panels leave to the map.
#[derive(SystemParam)]
struct MapArea<'w, 's> {
    window: Single<'w, 's, &'static Window, With<PrimaryWindow>>,
    insets: Res<'w, PanelInsets>,
}

/// The part of the picture the map shows between the panels: its rectangle in the picture's
/// pixels, its size in logical pixels, and its centre's offset from the window's centre in
/// logical pixels (y down). The quad shows only this part: the panels cover the rest, and a
/// software renderer pays for every pixel the quad covers.
pub fn shown_part(window: Vec2, scale_factor: f32, insets: PanelInsets) -> (Rect, Vec2, Vec2) {
    // A pixel of overlap under each panel, so no seam of table colour shows at its edge.
    let min = Vec2::new(insets.left - 1.0, insets.top - 1.0).max(Vec2::ZERO);
    let max = Vec2::new(
        window.x - insets.right + 1.0,
        window.y - insets.bottom + 1.0,
    )
    .min(window)
    .max(min + Vec2::ONE);
    let logical = Rect::from_corners(min, max);
    let pixels = Rect::from_corners(min * scale_factor, max * scale_factor);
    (pixels, logical.size(), logical.center() - window * 0.5)
}

/// Follows the map camera, resizes the picture with the window, and lets the board camera draw
/// only for the frames after a change.
fn redraw_when_changed(
    map_camera: MapView,
    picture: Picture,
    area: MapArea,
    mut changes: Changes,
    mut drawn: Local<Drawn>,
    mut redraw: Redraw,
    mut redraws: ResMut<BoardRedraws>,
) {
    let Picture {
        mut board,
        quad: mut picture,
        mut images,
    } = picture;
    let Ok((mut camera, mut board_tf, mut board_projection, target)) = board.single_mut() else {
        return;
    };
    let (map_tf, map_projection) = *map_camera;
    let scale = match map_projection {
        Projection::Orthographic(o) => o.scale,
        _ => 1.0,
    };
    let mut dirty = !changes.changed.is_empty() || changes.removed.read().count() > 0;
    let arrived = changes.arrived.any();

    let window = &area.window;
    let size = physical_size(window);
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
        let (pixels, size, offset) = shown_part(window.size(), window.scale_factor(), *area.insets);
        // Logical pixels are world units at the camera's zoom (y up in the world).
        let at = map_tf.translation.truncate() + Vec2::new(offset.x, -offset.y) * scale;
        let want = Transform::from_translation(at.extend(PICTURE_Z))
            .with_scale(Vec3::new(scale, scale, 1.0));
        if *tf != want {
            *tf = want;
        }
        if sprite.custom_size != Some(size) || sprite.rect != Some(pixels) {
            sprite.custom_size = Some(size);
            sprite.rect = Some(pixels);
        }
    }

    let time = redraw.now();
    if dirty || arrived {
        drawn.catch_up_until = time + CATCH_UP_SECONDS;
    }
    if dirty || arrived || (changes.waiting.now() && time < drawn.catch_up_until) {
        drawn.frames_left = SETTLE_FRAMES;
    }
    let active = drawn.frames_left > 0;
    if active {
        redraws.0 += 1;
    }
    if camera.is_active != active {
        camera.is_active = active;
    }
    drawn.frames_left = drawn.frames_left.saturating_sub(1);
    redraw.request_if(drawn.frames_left > 0);
}

#[cfg(test)]
mod tests {
    use super::{cache_wanted, shown_part, PanelInsets};
    use bevy::math::{Rect, Vec2};

    #[test]
    fn the_picture_is_on_unless_switched_off() {
        assert!(cache_wanted(None));
        assert!(cache_wanted(Some("on")));
        assert!(!cache_wanted(Some("off")));
        assert!(!cache_wanted(Some(" 0 ")));
    }

    #[test]
    fn the_quad_shows_only_the_map_between_the_panels() {
        let insets = PanelInsets {
            left: 0.0,
            right: 400.0,
            top: 60.0,
            bottom: 0.0,
        };
        // A 1600×1000 window at scale factor 2: the picture has 3200×2000 pixels.
        let (pixels, size, offset) = shown_part(Vec2::new(1600.0, 1000.0), 2.0, insets);
        assert_eq!(size, Vec2::new(1201.0, 941.0));
        assert_eq!(pixels, Rect::new(0.0, 118.0, 2402.0, 2000.0));
        // Left of the centre (the side panel is on the right) and below it (the top bar).
        assert_eq!(offset, Vec2::new(-199.5, 29.5));
        // No panels: the whole window.
        let (pixels, size, offset) =
            shown_part(Vec2::new(800.0, 600.0), 1.0, PanelInsets::default());
        assert_eq!(
            (pixels, size, offset),
            (
                Rect::new(0.0, 0.0, 800.0, 600.0),
                Vec2::new(800.0, 600.0),
                Vec2::ZERO
            )
        );
    }
}
