//! The map painter: what a game's [`super::super::table::TableGame::decorate`] draws with —
//! filled polygons, rings, thick lines, discs, stars, rectangles and map text kept sharp at
//! every zoom — and the spawning of the spaces themselves. Every entity it makes belongs to the
//! table screen. Without a renderer it spawns only the spaces' logical entities.

use super::art::{layer, MapArt};
use super::batch::Batches;
use super::camera::MapCamera;
use super::geometry::{
    polygon_fill, polygon_fill_mesh, polyline, regular_points, ring, rounded_rect_points,
    star_points, Triangles,
};
use super::{SpaceEntity, SpaceOutline};
use crate::app::loading::GameAssets;
use crate::app::screens::Screen;
use crate::app::table::desc::SpaceDesc;
use bevy::picking::Pickable;
use bevy::prelude::*;

/// Map text and its size in world units, rastered near its size on screen by [`crisp_text`].
#[derive(Component, Clone, Copy, Debug)]
pub struct MapText(pub f32);

/// A square of side 1 round the origin (scaled to a rectangle where used).
const UNIT_SQUARE: [Vec2; 4] = [
    Vec2::new(-0.5, -0.5),
    Vec2::new(0.5, -0.5),
    Vec2::new(0.5, 0.5),
    Vec2::new(-0.5, 0.5),
];

/// The sides of a painted disc (a circle at map scale).
const DISC_SIDES: usize = 32;

/// Something drawn by the painter (not a space, piece or marker).
#[derive(Component)]
pub struct Decor;

pub struct MapPainter<'a, 'w, 's> {
    commands: &'a mut Commands<'w, 's>,
    art: Option<(
        &'a mut MapArt,
        &'a mut Assets<Mesh>,
        &'a mut Assets<ColorMaterial>,
    )>,
    font: Option<Handle<Font>>,
    font_bold: Option<Handle<Font>>,
    paper: Option<Handle<Image>>,
    /// Every static shape painted, merged by depth; spawned by [`MapPainter::finish`].
    batches: Batches,
}

impl<'a, 'w, 's> MapPainter<'a, 'w, 's> {
    pub fn new(commands: &'a mut Commands<'w, 's>, art: &'a mut super::art::Art) -> Self {
        let assets: Option<&GameAssets> = art.assets.as_deref();
        let (font, font_bold, paper) = (
            assets.map(|a| a.font.clone()),
            assets.map(|a| a.font_bold.clone()),
            assets.map(|a| a.paper.clone()),
        );
        MapPainter {
            commands,
            art: art.parts(),
            font,
            font_bold,
            paper,
            batches: Batches::default(),
        }
    }

    /// Spawns the painted shapes: one mesh per depth, in the order they were painted.
    pub fn finish(mut self) {
        let Some((_, meshes, materials)) = self.art.as_mut() else {
            return;
        };
        let white = materials.add(ColorMaterial {
            color: Color::WHITE,
            alpha_mode: bevy::sprite_render::AlphaMode2d::Blend,
            ..default()
        });
        for (z, layer) in std::mem::take(&mut self.batches).into_layers() {
            self.commands.spawn((
                Mesh2d(meshes.add(layer.mesh())),
                MeshMaterial2d(white.clone()),
                Transform::from_xyz(0.0, 0.0, z),
                Decor,
                Pickable::IGNORE,
                DespawnOnExit(Screen::Table),
            ));
        }
    }

    /// Whether anything but logical entities is drawn (a renderer exists).
    pub fn draws(&self) -> bool {
        self.art.is_some()
    }

    fn shape(&mut self, shape: Triangles, colour: Color, tf: Transform) {
        if self.art.is_some() {
            self.batches.add(&shape, colour, &tf);
        }
    }

    /// A space: its pickable fill and its outline.
    pub fn space(&mut self, s: &SpaceDesc, points: &[Vec2], centre: Vec2) {
        let mut e = self.commands.spawn((
            SpaceEntity(s.id),
            SpaceOutline {
                points: points.to_vec(),
                centre,
            },
            Transform::from_xyz(0.0, 0.0, layer::SPACE),
            Visibility::default(),
            DespawnOnExit(Screen::Table),
        ));
        if let Some((art, meshes, materials)) = self.art.as_mut() {
            e.insert((
                Mesh2d(meshes.add(polygon_fill_mesh(points))),
                MeshMaterial2d(art.colour(materials, s.fill)),
                Pickable::default(),
            ));
        }
        let (colour, width) = s.outline;
        if width > 0.0 {
            self.polyline(points, width, colour, true, layer::SPACE + 0.05);
        }
    }

    /// The paper texture under `rect`, tiled, for the printed-map feel (nothing without it).
    pub fn paper(&mut self, rect: Rect, z: f32) {
        let Some(image) = self.paper.clone() else {
            return;
        };
        self.commands.spawn((
            Sprite {
                image,
                custom_size: Some(rect.size()),
                image_mode: SpriteImageMode::Tiled {
                    tile_x: true,
                    tile_y: true,
                    stretch_value: 1.0,
                },
                ..default()
            },
            Transform::from_translation(rect.center().extend(z)),
            Decor,
            Pickable::IGNORE,
            DespawnOnExit(Screen::Table),
        ));
    }

    /// A filled polygon (convex or not).
    pub fn polygon(&mut self, points: &[Vec2], colour: Color, z: f32) {
        if points.len() >= 3 {
            self.shape(
                polygon_fill(points),
                colour,
                Transform::from_xyz(0.0, 0.0, z),
            );
        }
    }

    /// A line `width` world units wide through `points`.
    pub fn polyline(&mut self, points: &[Vec2], width: f32, colour: Color, closed: bool, z: f32) {
        if points.len() >= 2 {
            self.shape(
                polyline(points, width, closed),
                colour,
                Transform::from_xyz(0.0, 0.0, z),
            );
        }
    }

    /// The band between two outlines with as many points each.
    pub fn ring(&mut self, outer: &[Vec2], inner: &[Vec2], colour: Color, z: f32) {
        self.shape(ring(outer, inner), colour, Transform::from_xyz(0.0, 0.0, z));
    }

    pub fn disc(&mut self, at: Vec2, radius: f32, colour: Color, z: f32) {
        self.shape(
            polygon_fill(&regular_points(DISC_SIDES, 1.0)),
            colour,
            Transform::from_translation(at.extend(z)).with_scale(Vec3::splat(radius)),
        );
    }

    pub fn star(&mut self, at: Vec2, radius: f32, colour: Color, z: f32) {
        self.shape(
            polygon_fill(&star_points(1.0)),
            colour,
            Transform::from_translation(at.extend(z)).with_scale(Vec3::splat(radius)),
        );
    }

    /// A rectangle of `size` centred at `at`, turned by `angle` radians.
    pub fn rect(&mut self, at: Vec2, size: Vec2, angle: f32, colour: Color, z: f32) {
        self.shape(
            polygon_fill(&UNIT_SQUARE),
            colour,
            Transform::from_translation(at.extend(z))
                .with_rotation(Quat::from_rotation_z(angle))
                .with_scale(size.extend(1.0)),
        );
    }

    /// A rounded rectangle of `size` centred at `at`, corner radius `r`.
    pub fn rounded(&mut self, at: Vec2, size: Vec2, r: f32, colour: Color, z: f32) {
        self.shape(
            polygon_fill(&rounded_rect_points(size.x, size.y, r)),
            colour,
            Transform::from_translation(at.extend(z)),
        );
    }

    /// Map text centred at `at`, `size` world units high, kept sharp at every zoom.
    pub fn text(
        &mut self,
        text: impl Into<String>,
        at: Vec2,
        size: f32,
        colour: Color,
        bold: bool,
        z: f32,
    ) {
        if self.art.is_none() {
            return;
        }
        let font = if bold { &self.font_bold } else { &self.font };
        self.commands.spawn((
            map_text(text, size, colour, font.as_ref(), at.extend(z)),
            Decor,
            DespawnOnExit(Screen::Table),
        ));
    }
}

/// Text on the map: `size` world units at `at`, kept sharp by [`crisp_text`].
pub fn map_text(
    text: impl Into<String>,
    size: f32,
    colour: Color,
    font: Option<&Handle<Font>>,
    at: Vec3,
) -> impl Bundle {
    let mut tf = TextFont::from_font_size(size);
    if let Some(f) = font {
        tf = tf.with_font(f.clone());
    }
    (
        Text2d::new(text),
        tf,
        TextColor(colour),
        Transform::from_translation(at),
        MapText(size),
    )
}

/// The factor map text is rastered at for a camera showing `scale` world units per pixel: the
/// smallest power of √2 at or above the pixels per unit, so the raster is between one and √2
/// times the size on screen.
pub fn raster_factor(scale: f32) -> f32 {
    let per_unit = 1.0 / scale.max(1e-3);
    let steps = (per_unit.ln() / std::f32::consts::SQRT_2.ln()).ceil();
    std::f32::consts::SQRT_2.powf(steps).clamp(0.25, 8.0)
}

/// Re-rasters the map's text when the zoom crosses a step (and new text as it appears).
pub fn crisp_text(
    camera: Query<&Projection, With<MapCamera>>,
    mut texts: Query<(Ref<MapText>, &mut TextFont, &mut Transform)>,
    mut last: Local<f32>,
) {
    let Some(Projection::Orthographic(ortho)) = camera.iter().next() else {
        return;
    };
    let f = raster_factor(ortho.scale);
    let zoom_changed = f != *last;
    *last = f;
    for (text, mut font, mut tf) in &mut texts {
        if !zoom_changed && !text.is_added() {
            continue;
        }
        let size = FontSize::Px(text.0 * f);
        if font.font_size != size {
            font.font_size = size;
        }
        let s = Vec3::splat(1.0 / f);
        if tf.scale != s {
            tf.scale = s;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::raster_factor;

    #[test]
    fn text_is_rastered_between_one_and_root_two_times_its_screen_size() {
        for scale in [0.2f32, 0.5, 0.9, 1.0, 1.7, 3.0] {
            let f = raster_factor(scale);
            let on_screen = 1.0 / scale;
            assert!(
                f >= on_screen * 0.999 && f <= on_screen * 1.4143,
                "{scale}: {f}"
            );
        }
    }
}
