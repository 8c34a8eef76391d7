//! A Bevy picking backend for the pieces: which pieces lie under a pointer, from their top
//! faces' squares.
//!
//! Pieces at rest are drawn into the board picture ([`super::map::cache`]) by a camera that
//! renders to an image, so Bevy's mesh backend (which casts from the window's cameras through
//! what they render) does not see them. A piece's top face is a square of the map's piece size
//! around its transform, so the test is exact and cheap: the pointer's world point taken into
//! each piece's local frame (its growth, lift, fan-out and turn included).

use super::map::camera::MapCamera;
use super::map::MapShown;
use super::pieces::PieceEntity;
use bevy::camera::NormalizedRenderTarget;
use bevy::ecs::entity::ContainsEntity;
use bevy::picking::backend::prelude::*;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

pub fn plugin(app: &mut App) {
    app.add_systems(PreUpdate, piece_hits.in_set(PickingSystems::Backend));
}

/// Whether a world point falls on the top face (a square of side `size`) of a piece drawn
/// with `transform`.
pub fn on_face(transform: &GlobalTransform, size: f32, world: Vec2) -> bool {
    let local = transform
        .affine()
        .inverse()
        .transform_point3(world.extend(transform.translation().z));
    local.x.abs() <= size * 0.5 && local.y.abs() <= size * 0.5
}

/// Reports, per pointer over the window, every shown piece whose face is under it; the nearest
/// (highest in the stack) has the smallest depth.
fn piece_hits(
    pointers: Query<(&PointerId, &PointerLocation)>,
    camera: Query<(Entity, &Camera, &GlobalTransform), With<MapCamera>>,
    window: Query<Entity, With<PrimaryWindow>>,
    map: Option<Res<MapShown>>,
    pieces: Query<(Entity, &GlobalTransform, &InheritedVisibility), With<PieceEntity>>,
    mut hits: MessageWriter<PointerHits>,
) {
    let (Some(map), Ok((cam_entity, camera, cam_tf)), Ok(window)) =
        (map, camera.single(), window.single())
    else {
        return;
    };
    let size = map.desc.piece_size;
    for (pointer, location) in &pointers {
        let Some(location) = &location.location else {
            continue;
        };
        let on_window =
            matches!(location.target, NormalizedRenderTarget::Window(w) if w.entity() == window);
        if !on_window {
            continue;
        }
        let Ok(world) = camera.viewport_to_world_2d(cam_tf, location.position) else {
            continue;
        };
        let picks: Vec<(Entity, HitData)> = pieces
            .iter()
            .filter(|(_, tf, vis)| vis.get() && on_face(tf, size, world))
            .map(|(e, tf, _)| {
                let z = tf.translation().z;
                // Depth from the camera: the higher piece is the nearer.
                let depth = cam_tf.translation().z - z;
                (
                    e,
                    HitData::new(cam_entity, depth, Some(world.extend(z)), Some(Vec3::Z)),
                )
            })
            .collect();
        if !picks.is_empty() {
            hits.write(PointerHits::new(*pointer, picks, camera.order as f32));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::on_face;
    use bevy::prelude::*;

    #[test]
    fn a_point_is_on_a_piece_face_by_its_grown_and_turned_square() {
        let at = GlobalTransform::from(Transform::from_xyz(100.0, 50.0, 5.0));
        assert!(on_face(&at, 20.0, Vec2::new(109.0, 41.0)));
        assert!(!on_face(&at, 20.0, Vec2::new(111.0, 50.0)));
        // Grown 1.5× (a zoomed-out board): the face reaches 15 units out.
        let grown = GlobalTransform::from(
            Transform::from_xyz(100.0, 50.0, 5.0).with_scale(Vec3::splat(1.5)),
        );
        assert!(on_face(&grown, 20.0, Vec2::new(114.0, 50.0)));
        assert!(!on_face(&grown, 20.0, Vec2::new(116.0, 50.0)));
        // A quarter-turned square at 45°: its corner reaches further along the axis.
        let turned = GlobalTransform::from(
            Transform::from_xyz(0.0, 0.0, 5.0)
                .with_rotation(Quat::from_rotation_z(std::f32::consts::FRAC_PI_4)),
        );
        assert!(on_face(&turned, 20.0, Vec2::new(13.0, 0.0)));
        assert!(!on_face(&turned, 20.0, Vec2::new(10.0, 10.0)));
    }
}
