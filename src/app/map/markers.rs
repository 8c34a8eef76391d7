//! The markers of the view — control, rubble, lines, cubes, discs — as entities kept by their
//! key: a marker that stays is left alone, one that changes is redrawn in place, one that goes
//! is despawned. They carry what they are ([`MarkerEntity`]) for the hover text.

use super::art::layer;
use super::geometry::star_points;
use super::painter::map_text;
use crate::app::screens::Screen;
use crate::app::table::desc::{MarkerDesc, MarkerShape};
use crate::app::table::frame::Frame;
use bevy::picking::Pickable;
use bevy::platform::collections::HashMap;
use bevy::prelude::*;

/// A marker on the map, as the view describes it.
#[derive(Component, Clone, Debug, PartialEq)]
pub struct MarkerEntity(pub MarkerDesc);

pub(super) fn sync_markers(
    mut commands: Commands,
    frame: Res<Frame>,
    existing: Query<(Entity, &MarkerEntity)>,
    mut art: super::Art,
) {
    if !frame.is_changed() {
        return;
    }
    let want: &[MarkerDesc] = if frame.visible { &frame.markers } else { &[] };
    let mut by_key: HashMap<u64, (Entity, &MarkerEntity)> =
        existing.iter().map(|(e, m)| (m.0.key, (e, m))).collect();
    for m in want {
        match by_key.remove(&m.key) {
            Some((_, old)) if old.0 == *m => {}
            Some((e, _)) => {
                commands.entity(e).despawn();
                spawn(&mut commands, m, &mut art);
            }
            None => spawn(&mut commands, m, &mut art),
        }
    }
    for (e, _) in by_key.into_values() {
        commands.entity(e).despawn();
    }
}

fn spawn(commands: &mut Commands, m: &MarkerDesc, art: &mut super::Art) {
    let font = art.assets.as_ref().map(|a| a.font_bold.clone());
    let mut e = commands.spawn((
        MarkerEntity(m.clone()),
        Transform::from_translation(m.at.extend(layer::MARKER)),
        Visibility::default(),
        Pickable::IGNORE,
        DespawnOnExit(Screen::Table),
    ));
    let Some((art, meshes, materials)) = art.parts() else {
        return;
    };
    let fill = MeshMaterial2d(art.colour(materials, m.fill));
    let rim = m.rim.map(|c| MeshMaterial2d(art.colour(materials, c)));
    let text_colour = if m.fill.to_srgba().red + m.fill.to_srgba().green > 1.1 {
        Color::BLACK
    } else {
        Color::WHITE
    };
    let disc = art.disc.clone();
    let square = art.square.clone();
    e.with_children(|p| match &m.shape {
        MarkerShape::Disc { radius } => {
            if let Some(rim) = rim {
                p.spawn((
                    Mesh2d(disc.clone()),
                    rim,
                    Transform::from_xyz(0.0, 0.0, -0.01).with_scale(Vec3::splat(radius * 1.25)),
                ));
            }
            p.spawn((
                Mesh2d(disc),
                fill,
                Transform::from_scale(Vec3::splat(*radius)),
            ));
        }
        MarkerShape::Ring { radius, width } => {
            let outer: Vec<Vec2> = (0..32)
                .map(|k| Vec2::from_angle(k as f32 / 32.0 * std::f32::consts::TAU) * *radius)
                .collect();
            let inner: Vec<Vec2> = outer.iter().map(|v| *v * (1.0 - width / radius)).collect();
            p.spawn((
                Mesh2d(meshes.add(super::geometry::ring_mesh(&outer, &inner))),
                fill,
            ));
        }
        MarkerShape::Square { size } => {
            if let Some(rim) = rim {
                p.spawn((
                    Mesh2d(square.clone()),
                    rim,
                    Transform::from_xyz(0.0, 0.0, -0.01)
                        .with_scale((*size + Vec2::splat(size.min_element() * 0.25)).extend(1.0)),
                ));
            }
            p.spawn((
                Mesh2d(square),
                fill,
                Transform::from_scale(size.extend(1.0)),
            ));
        }
        MarkerShape::Star { radius } => {
            if let Some(rim) = rim {
                p.spawn((
                    Mesh2d(meshes.add(super::geometry::polygon_fill_mesh(&star_points(
                        radius * 1.2,
                    )))),
                    rim,
                    Transform::from_xyz(0.0, 0.0, -0.01),
                ));
            }
            p.spawn((
                Mesh2d(meshes.add(super::geometry::polygon_fill_mesh(&star_points(*radius)))),
                fill,
            ));
        }
        MarkerShape::Outline { points, width } => {
            p.spawn((
                Mesh2d(meshes.add(super::geometry::polyline_mesh(points, *width, true))),
                fill,
            ));
        }
        MarkerShape::Text { text, size } => {
            p.spawn(map_text(
                text.clone(),
                *size,
                m.fill,
                font.as_ref(),
                Vec3::ZERO,
            ));
        }
        MarkerShape::Chit { size, text } => {
            if let Some(rim) = rim {
                p.spawn((
                    Mesh2d(square.clone()),
                    rim,
                    Transform::from_xyz(0.0, 0.0, -0.01).with_scale(Vec3::new(
                        size * 1.12,
                        size * 1.12,
                        1.0,
                    )),
                ));
            }
            p.spawn((
                Mesh2d(square),
                fill,
                Transform::from_scale(Vec3::new(*size, *size, 1.0)),
            ));
            p.spawn(map_text(
                text.clone(),
                size * 0.42,
                text_colour,
                font.as_ref(),
                Vec3::new(0.0, 0.0, 0.02),
            ));
        }
    });
}
