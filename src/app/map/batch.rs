//! The map's decoration gathered into a few meshes. A board is thousands of small shapes
//! (outlines, buildings, river banks, badges); one entity each is one draw call each, and the
//! frame time grows with them. The painter adds every static shape here instead, with its
//! colour as a vertex colour and its transform applied, and the shapes of one depth become one
//! mesh, drawn in the order they were painted.

use super::geometry::Triangles;
use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;
use std::collections::BTreeMap;

/// The shapes of one depth, merged.
#[derive(Default, Debug)]
pub struct Layer {
    positions: Vec<[f32; 3]>,
    colours: Vec<[f32; 4]>,
    indices: Vec<u32>,
}

impl Layer {
    pub fn is_empty(&self) -> bool {
        self.indices.is_empty()
    }

    /// One mesh with vertex colours (a white material shows them as they are).
    pub fn mesh(self) -> Mesh {
        let count = self.positions.len();
        Mesh::new(
            PrimitiveTopology::TriangleList,
            RenderAssetUsages::default(),
        )
        .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, self.positions)
        .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, vec![[0.0, 0.0, 1.0]; count])
        .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, vec![[0.0, 0.0]; count])
        .with_inserted_attribute(Mesh::ATTRIBUTE_COLOR, self.colours)
        .with_inserted_indices(Indices::U32(self.indices))
    }
}

/// Shapes by depth (the depth in ten-thousandths, so equal depths meet exactly).
#[derive(Default, Debug)]
pub struct Batches {
    layers: BTreeMap<i64, Layer>,
}

fn depth_key(z: f32) -> i64 {
    (z as f64 * 10_000.0).round() as i64
}

impl Batches {
    /// Adds `shape` in `colour`, moved by `tf` (its depth chooses the layer).
    pub fn add(&mut self, shape: &Triangles, colour: Color, tf: &Transform) {
        if shape.indices.is_empty() {
            return;
        }
        let layer = self.layers.entry(depth_key(tf.translation.z)).or_default();
        let base = layer.positions.len() as u32;
        let flat = Transform {
            translation: tf.translation.with_z(0.0),
            ..*tf
        };
        let c = colour.to_linear().to_f32_array();
        for p in &shape.positions {
            let q = flat.transform_point(p.extend(0.0));
            layer.positions.push([q.x, q.y, 0.0]);
            layer.colours.push(c);
        }
        layer.indices.extend(shape.indices.iter().map(|i| base + i));
    }

    /// The layers, deepest first, with their depth.
    pub fn into_layers(self) -> impl Iterator<Item = (f32, Layer)> {
        self.layers
            .into_iter()
            .filter(|(_, l)| !l.is_empty())
            .map(|(k, l)| ((k as f64 / 10_000.0) as f32, l))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::map::geometry::polygon_fill;

    fn square() -> Triangles {
        polygon_fill(&[
            Vec2::new(0.0, 0.0),
            Vec2::new(1.0, 0.0),
            Vec2::new(1.0, 1.0),
            Vec2::new(0.0, 1.0),
        ])
    }

    #[test]
    fn shapes_of_one_depth_share_a_mesh_in_the_order_painted() {
        let mut b = Batches::default();
        b.add(&square(), Color::WHITE, &Transform::from_xyz(0.0, 0.0, 0.5));
        b.add(
            &square(),
            Color::BLACK,
            &Transform::from_xyz(10.0, 0.0, 0.5).with_scale(Vec3::splat(2.0)),
        );
        b.add(&square(), Color::WHITE, &Transform::from_xyz(0.0, 0.0, 0.8));
        let layers: Vec<(f32, Layer)> = b.into_layers().collect();
        assert_eq!(layers.len(), 2, "two depths, two meshes");
        let (z, first) = &layers[0];
        assert!((z - 0.5).abs() < 1e-6);
        assert_eq!(first.positions.len(), 8);
        let shifted: Vec<u32> = square().indices.iter().map(|i| i + 4).collect();
        assert_eq!(
            first.indices[6..],
            shifted[..],
            "the second shape follows the first"
        );
        assert_eq!(first.positions[6], [12.0, 2.0, 0.0], "moved and scaled");
        assert_eq!(first.colours[4], LinearRgba::BLACK.to_f32_array());
    }
}
