//! The wooden block skin: a thick rounded block seen from above. Standing, its shadow and
//! wooden side give it depth; the owner reads its face — strength pips along the top edge
//! (dots coloured by firepower, stars for HQs), the unit symbol, the label, the army band —
//! and the opponent sees plain wood. A revealed block lies flat with a light rim for both
//! sides. Moscow's white Isolated cube sits on its corner, blank or not (it is public).

use super::symbol;
use crate::app::map::geometry::{polygon_fill_mesh, rounded_rect_points};
use crate::app::map::painter::map_text;
use crate::app::map::MapArt;
use crate::app::table::desc::BlockLook;
use bevy::prelude::*;

/// What a skin draws with.
pub struct Kit<'a> {
    pub art: &'a mut MapArt,
    pub meshes: &'a mut Assets<Mesh>,
    pub materials: &'a mut Assets<ColorMaterial>,
    pub font: Option<Handle<Font>>,
    /// The side of the piece's top face, world units.
    pub size: f32,
}

impl Kit<'_> {
    pub fn mat(&mut self, c: Color) -> MeshMaterial2d<ColorMaterial> {
        MeshMaterial2d(self.art.colour(self.materials, c))
    }
    /// A rounded square the size of the piece (scaled by `k`).
    pub fn body(&mut self, k: f32) -> Mesh2d {
        let s = self.size * k;
        Mesh2d(
            self.meshes
                .add(polygon_fill_mesh(&rounded_rect_points(s, s, s * 0.12))),
        )
    }
}

/// Draws the block on its entity: the top face is the entity's own (pickable) mesh, the rest
/// are children.
pub fn draw(ec: &mut EntityCommands, kit: &mut Kit, b: &BlockLook) {
    let size = kit.size;
    let top = kit.body(1.0);
    let top_mat = kit.mat(b.top);
    ec.insert((top, top_mat));
    let shadow = (kit.body(1.0), kit.mat(Color::srgba(0.0, 0.0, 0.0, 0.35)));
    let side = (kit.body(1.0), kit.mat(b.edge));
    let rim = (kit.body(1.1), kit.mat(Color::srgb(0.98, 0.90, 0.55)));
    let text = kit.mat(b.text.with_alpha(0.9));
    let disc = kit.art.disc.clone();
    let star = kit.art.star.clone();
    let square = kit.art.square.clone();
    let pips: Vec<(
        MeshMaterial2d<ColorMaterial>,
        MeshMaterial2d<ColorMaterial>,
        bool,
    )> = b
        .face
        .as_ref()
        .map(|f| {
            f.pips
                .iter()
                .map(|p| (kit.mat(p.fill), kit.mat(p.ring), p.star))
                .collect()
        })
        .unwrap_or_default();
    let band = b.face.as_ref().and_then(|f| f.band).map(|c| kit.mat(c));
    let white = kit.mat(Color::WHITE);
    let font = kit.font.clone();
    let k = size / 38.0;
    ec.with_children(|p| {
        if b.revealed {
            // Lying face up: flat on the map, a light rim instead of the wooden side.
            p.spawn((
                shadow.0,
                shadow.1,
                Transform::from_xyz(1.5 * k, -1.5 * k, -0.03).with_scale(Vec3::splat(1.1)),
            ));
            p.spawn((rim.0, rim.1, Transform::from_xyz(0.0, 0.0, -0.02)));
        } else {
            // Standing upright: the shadow and the wooden side give it thickness.
            p.spawn((
                shadow.0,
                shadow.1,
                Transform::from_xyz(3.0 * k, -3.5 * k, -0.03),
            ));
            p.spawn((
                side.0,
                side.1,
                Transform::from_xyz(1.2 * k, -1.5 * k, -0.02),
            ));
        }
        if b.cube {
            p.spawn((
                Mesh2d(square.clone()),
                white,
                Transform::from_xyz(size / 2.0 - 3.0 * k, size / 2.0 - 3.0 * k, 0.06)
                    .with_scale(Vec3::splat(6.0 * k)),
            ));
        }
        let Some(face) = &b.face else {
            return;
        };
        // Strength along the top edge.
        let n = pips.len();
        let spacing = 6.2 * k;
        for (i, (fill, ring, is_star)) in pips.into_iter().enumerate() {
            let x = (i as f32 - (n as f32 - 1.0) / 2.0) * spacing;
            let y = size / 2.0 - 5.3 * k;
            if is_star {
                p.spawn((
                    Mesh2d(star.clone()),
                    fill,
                    Transform::from_xyz(x, y, 0.03).with_scale(Vec3::splat(3.3 * k)),
                ));
            } else {
                p.spawn((
                    Mesh2d(disc.clone()),
                    ring,
                    Transform::from_xyz(x, y, 0.02).with_scale(Vec3::splat(2.6 * k)),
                ));
                p.spawn((
                    Mesh2d(disc.clone()),
                    fill,
                    Transform::from_xyz(x, y, 0.03).with_scale(Vec3::splat(2.0 * k)),
                ));
            }
        }
        symbol::draw(p, &square, &text, face.symbol, size, 1.2 * k);
        p.spawn(map_text(
            face.label.clone(),
            7.8 * k,
            b.text,
            font.as_ref(),
            Vec3::new(0.0, -size * 0.26, 0.05),
        ));
        if let Some(band) = band {
            p.spawn((
                Mesh2d(square.clone()),
                band,
                Transform::from_xyz(0.0, -size / 2.0 + 2.8 * k, 0.02).with_scale(Vec3::new(
                    size - 10.0 * k,
                    2.2 * k,
                    1.0,
                )),
            ));
        }
        if let Some(c) = &face.corner {
            p.spawn(map_text(
                c.clone(),
                6.0 * k,
                b.text,
                font.as_ref(),
                Vec3::new(size / 2.0 - 5.0 * k, size / 2.0 - 13.0 * k, 0.05),
            ));
        }
    });
}
