//! `EASTFRONT_DIAG_OFFSCREEN=1`: the window's frames are drawn into an image of the window's
//! size instead of the window, with everything else as it is (the window, its size and scale,
//! the cameras, egui).
//!
//! Why: a GPU machine with no display can run the app in a virtual X server, but its Vulkan
//! driver cannot present to that server (no DRI3: NVIDIA's driver reports no present modes), so
//! the table's frame time on a GPU can only be measured with the frames drawn off screen. The
//! bare window (`examples/bare_window.rs`) draws off screen the same way, so the two stay
//! comparable: both leave out only the present.
//!
//! How: the window never gets a drawing surface (its raw handle is taken off as soon as winit
//! puts it on, before the renderer sees it), and every camera aimed at a window is aimed at the
//! image. `EASTFRONT_DIAG_OFFSCREEN_PNG=FILE` saves the image once, when counting begins, to see
//! that the frames drawn are the table's.

use bevy::camera::RenderTarget;
use bevy::image::Image;
use bevy::prelude::*;
use bevy::render::render_resource::TextureFormat;
use bevy::render::view::screenshot::{save_to_disk, Screenshot};
use bevy::window::{PrimaryWindow, RawHandleWrapper};

/// Whether the environment asks for frames drawn off screen.
pub fn asked() -> bool {
    std::env::var("EASTFRONT_DIAG_OFFSCREEN").is_ok_and(|v| !v.is_empty() && v != "0")
}

/// The image the frames are drawn into, made when the first camera needs it.
#[derive(Resource, Default)]
pub(super) struct OffscreenTarget(Option<Handle<Image>>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<OffscreenTarget>()
        .add_observer(no_surface)
        .add_observer(aim_at_image);
}

/// Takes the raw window handle off as soon as it is put on: without it the renderer makes no
/// surface for the window (and asks the driver for no present modes).
fn no_surface(insert: On<Insert, RawHandleWrapper>, mut commands: Commands) {
    commands.entity(insert.entity).remove::<RawHandleWrapper>();
}

/// Aims a camera that would draw into a window at the image instead.
fn aim_at_image(
    insert: On<Insert, RenderTarget>,
    mut targets: Query<&mut RenderTarget>,
    windows: Query<&Window, With<PrimaryWindow>>,
    mut images: ResMut<Assets<Image>>,
    mut target: ResMut<OffscreenTarget>,
) {
    let Ok(mut aim) = targets.get_mut(insert.entity) else {
        return;
    };
    if !matches!(*aim, RenderTarget::Window(_)) {
        return;
    }
    let handle = target
        .0
        .get_or_insert_with(|| {
            let (w, h) = windows
                .iter()
                .next()
                .map(|w| (w.physical_width(), w.physical_height()))
                .unwrap_or((1600, 1000));
            images.add(Image::new_target_texture(
                w.max(1),
                h.max(1),
                TextureFormat::Rgba8UnormSrgb,
                None,
            ))
        })
        .clone();
    *aim = RenderTarget::from(handle);
}

/// Saves the image to `EASTFRONT_DIAG_OFFSCREEN_PNG`, if set (called once, when counting begins).
pub(super) fn save_picture(commands: &mut Commands, target: Option<&OffscreenTarget>) {
    let (Some(path), Some(handle)) = (
        std::env::var_os("EASTFRONT_DIAG_OFFSCREEN_PNG").filter(|p| !p.is_empty()),
        target.and_then(|t| t.0.clone()),
    ) else {
        return;
    };
    commands
        .spawn(Screenshot::image(handle))
        .observe(save_to_disk(std::path::PathBuf::from(path)));
}
