//! Shared meshes and a material cache, present only where a renderer is (the headless tests
//! spawn the same logical entities without them).

use super::geometry::{polygon_fill_mesh, star_points};
use crate::app::loading::GameAssets;
use bevy::ecs::system::SystemParam;
use bevy::platform::collections::HashMap;
use bevy::prelude::*;

/// Depths (z) of the layers on the table.
pub mod layer {
    pub const PAPER: f32 = -10.0;
    pub const WATER: f32 = -1.0;
    pub const SPACE: f32 = 0.0;
    pub const DECOR: f32 = 0.5;
    pub const TINT: f32 = 0.7;
    pub const TEXT: f32 = 0.8;
    pub const MARKER: f32 = 1.0;
    pub const HIGHLIGHT: f32 = 2.0;
    pub const PIECE: f32 = 5.0;
    /// A piece lifted or sliding: above every other piece.
    pub const LIFTED: f32 = 9.0;
}

/// Unit meshes (scaled where used) and one material per colour.
#[derive(Resource)]
pub struct MapArt {
    /// A disc of radius 1.
    pub disc: Handle<Mesh>,
    /// A square of side 1.
    pub square: Handle<Mesh>,
    /// A five-pointed star of radius 1.
    pub star: Handle<Mesh>,
    materials: HashMap<[u8; 4], Handle<ColorMaterial>>,
}

impl MapArt {
    /// A flat material of this colour, shared by everything of the same colour.
    pub fn colour(
        &mut self,
        materials: &mut Assets<ColorMaterial>,
        c: Color,
    ) -> Handle<ColorMaterial> {
        let key = c.to_srgba().to_u8_array();
        self.materials
            .entry(key)
            .or_insert_with(|| materials.add(ColorMaterial::from_color(c)))
            .clone()
    }
}

impl MapArt {
    pub fn new(meshes: &mut Assets<Mesh>) -> MapArt {
        MapArt {
            disc: meshes.add(Circle::new(1.0)),
            square: meshes.add(Rectangle::new(1.0, 1.0)),
            star: meshes.add(polygon_fill_mesh(&star_points(1.0))),
            materials: HashMap::default(),
        }
    }
}

pub(super) fn make_map_art(mut commands: Commands, meshes: Option<ResMut<Assets<Mesh>>>) {
    let Some(mut meshes) = meshes else {
        return;
    };
    commands.insert_resource(MapArt::new(&mut meshes));
}

/// What drawing on the table needs, all absent without a renderer (the headless tests): the
/// shared meshes and materials, the mesh and material stores, the fonts and the paper.
#[derive(SystemParam)]
pub struct Art<'w> {
    pub map: Option<ResMut<'w, MapArt>>,
    pub meshes: Option<ResMut<'w, Assets<Mesh>>>,
    pub materials: Option<ResMut<'w, Assets<ColorMaterial>>>,
    pub assets: Option<Res<'w, GameAssets>>,
}

impl Art<'_> {
    /// The three stores together, when a renderer exists.
    pub fn parts(
        &mut self,
    ) -> Option<(&mut MapArt, &mut Assets<Mesh>, &mut Assets<ColorMaterial>)> {
        match (
            self.map.as_deref_mut(),
            self.meshes.as_deref_mut(),
            self.materials.as_deref_mut(),
        ) {
            (Some(a), Some(m), Some(c)) => Some((a, m, c)),
            _ => None,
        }
    }
}
