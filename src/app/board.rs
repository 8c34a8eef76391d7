//! The map, drawn from the scenario data: one entity per hex (terrain-coloured hexagon, number,
//! landmark, reinforcement rings, factory and docks), the Volga and its bank, and the markers
//! that follow the view (control, rubble, fortifications), plus the highlight rings the input
//! asks for. The logical components are spawned always; meshes, materials and text only where a
//! renderer exists ([`MapArt`]), so the headless test builds the same entities.

use super::loading::GameAssets;
use super::screens::Screen;
use super::table::{Rules, TableSet, TableView};
use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use eastfront_kernel::{EdgeFeature, Side, SpaceId};
use eastfront_stalingrad::data::{Army, FortColour, Terrain};
use hexx::Hex;

/// Distance from a hex's centre to a corner, in world units.
pub const HEX_SIZE: f32 = 48.0;
const SQRT3: f32 = 1.732_050_8;
/// Text is laid out at this multiple of its size and scaled down, so it stays sharp when zoomed.
pub const TEXT_SUPERSAMPLE: f32 = 3.0;

/// Depths (z) of the layers on the table.
pub mod layer {
    pub const PAPER: f32 = -10.0;
    pub const WATER: f32 = -1.0;
    pub const HEX: f32 = 0.0;
    pub const HEX_DECOR: f32 = 0.5;
    pub const HEX_TEXT: f32 = 0.8;
    pub const MARKER: f32 = 1.0;
    pub const HIGHLIGHT: f32 = 2.0;
    pub const BLOCK: f32 = 5.0;
}

/// World position of a hex centre. Flat-top axial layout as in `map.ron`: q to the right, r
/// downwards; Bevy's y points up, hence the minus.
pub fn hex_to_world(h: Hex) -> Vec2 {
    let x = 1.5 * h.x as f32 * HEX_SIZE;
    let y_down = SQRT3 * (h.y as f32 + h.x as f32 / 2.0) * HEX_SIZE;
    Vec2::new(x, -y_down)
}

/// The hex under a world position (cube rounding of the fractional axial coordinates).
pub fn world_to_hex(p: Vec2) -> Hex {
    let q = (2.0 / 3.0 * p.x) / HEX_SIZE;
    let r = (-p.x / 3.0 + SQRT3 / 3.0 * -p.y) / HEX_SIZE;
    let s = -q - r;
    let (mut rq, mut rr, rs) = (q.round(), r.round(), s.round());
    let (dq, dr, ds) = ((rq - q).abs(), (rr - r).abs(), (rs - s).abs());
    if dq > dr && dq > ds {
        rq = -rr - rs;
    } else if dr > ds {
        rr = -rq - rs;
    }
    Hex::new(rq as i32, rr as i32)
}

/// The six corners of a flat-top hex of circumradius `size` around the origin.
pub fn hex_corners(size: f32) -> [Vec2; 6] {
    std::array::from_fn(|i| {
        let a = std::f32::consts::PI / 3.0 * i as f32;
        Vec2::new(size * a.cos(), size * a.sin())
    })
}

/// The map's extent in world units (min, max corners), margins included.
pub fn board_bounds(rules: &Rules) -> Rect {
    let mut rect = Rect::EMPTY;
    for h in &rules.0.board.hexes {
        rect = rect.union_point(hex_to_world(h.hex));
    }
    for h in &rules.0.board.volga {
        rect = rect.union_point(hex_to_world(*h));
    }
    rect.inflate(HEX_SIZE * 0.75)
}

/// One playable hex of the map.
#[derive(Component, Clone, Copy, Debug)]
pub struct HexTile {
    pub id: SpaceId,
    pub hex: Hex,
}

/// A non-playable Volga hex (drawn as water).
#[derive(Component)]
pub struct RiverHex;

/// A marker that follows the view (control, rubble, fortification).
#[derive(Component)]
pub struct HexMarker;

/// A ring the input layer asked for (legal destination, hover, selection).
#[derive(Component)]
pub struct HighlightRing;

/// Kinds of highlighted hexes, each with its own colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HighlightKind {
    /// The selected stack's hex.
    Selected,
    /// A Short Move or a single-unit move (also Soviet moves, Blitz, placement).
    Move,
    /// A Long Move of the whole stack.
    LongMove,
    /// An attack target, or a hex to move into to attack.
    Attack,
    /// Hexes of a choice the pointer is over in the side panel.
    Preview,
}

/// Hexes to ring, set by the input and panels.
#[derive(Resource, Default, PartialEq)]
pub struct Highlights {
    pub rings: Vec<(SpaceId, HighlightKind)>,
    pub hovered: Option<SpaceId>,
}

/// Meshes and a material cache, present only when a renderer is.
#[derive(Resource)]
pub struct MapArt {
    pub hex_fill: Handle<Mesh>,
    pub hex_inner: Handle<Mesh>,
    pub hex_ring: Handle<Mesh>,
    pub reinforcement_ring: Handle<Mesh>,
    pub highlight_ring: Handle<Mesh>,
    pub hover_ring: Handle<Mesh>,
    pub disc: Handle<Mesh>,
    pub square: Handle<Mesh>,
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

/// A filled convex polygon mesh.
pub fn polygon_mesh(points: &[Vec2]) -> Mesh {
    Mesh::from(ConvexPolygon::new_unchecked(points.iter().copied()))
}

/// A ring between two concentric outlines with the same number of points (e.g. hexagons).
pub fn ring_mesh(outer: &[Vec2], inner: &[Vec2]) -> Mesh {
    let n = outer.len() as u32;
    let mut positions: Vec<[f32; 3]> = Vec::new();
    for p in outer.iter().chain(inner) {
        positions.push([p.x, p.y, 0.0]);
    }
    let mut indices = Vec::new();
    for i in 0..n {
        let j = (i + 1) % n;
        indices.extend_from_slice(&[i, j, n + i, j, n + j, n + i]);
    }
    let count = positions.len();
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, vec![[0.0, 0.0, 1.0]; count])
    .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, vec![[0.0, 0.0]; count])
    .with_inserted_indices(Indices::U32(indices))
}

/// A rounded rectangle outline (for blocks), `w`×`h` with corner radius `r`.
pub fn rounded_rect_points(w: f32, h: f32, r: f32) -> Vec<Vec2> {
    let (hw, hh) = (w / 2.0 - r, h / 2.0 - r);
    let mut pts = Vec::new();
    for (cx, cy, start) in [
        (hw, hh, 0.0),
        (-hw, hh, 90.0),
        (-hw, -hh, 180.0),
        (hw, -hh, 270.0),
    ] {
        for k in 0..=5 {
            let a = (start + 18.0 * k as f32).to_radians();
            pts.push(Vec2::new(cx + r * a.cos(), cy + r * a.sin()));
        }
    }
    pts
}

/// Text drawn on the map at `size` world units, kept sharp by supersampling.
pub fn map_text(
    text: impl Into<String>,
    size: f32,
    colour: Color,
    font: Option<&Handle<Font>>,
    at: Vec3,
) -> impl Bundle {
    let mut tf = TextFont::from_font_size(size * TEXT_SUPERSAMPLE);
    if let Some(f) = font {
        tf = tf.with_font(f.clone());
    }
    (
        Text2d::new(text),
        tf,
        TextColor(colour),
        Transform::from_translation(at).with_scale(Vec3::splat(1.0 / TEXT_SUPERSAMPLE)),
    )
}

pub mod colours {
    use bevy::prelude::Color;
    pub const TABLE: Color = Color::srgb(0.20, 0.17, 0.14);
    pub const CLEAR: Color = Color::srgb(0.92, 0.88, 0.74);
    pub const DIFFICULT: Color = Color::srgb(0.62, 0.62, 0.38);
    pub const DIFFICULT_EDGE: Color = Color::srgb(0.40, 0.39, 0.20);
    pub const DIFFICULT_SCRUB: Color = Color::srgb(0.45, 0.46, 0.25);
    pub const URBAN: Color = Color::srgb(0.70, 0.69, 0.67);
    pub const URBAN_BUILDING: Color = Color::srgb(0.50, 0.49, 0.48);
    pub const HEX_LINE: Color = Color::srgb(0.36, 0.32, 0.26);
    pub const WATER: Color = Color::srgb(0.47, 0.64, 0.80);
    pub const BANK: Color = Color::srgb(0.16, 0.30, 0.52);
    pub const NUMBER: Color = Color::srgb(0.22, 0.18, 0.13);
    pub const LANDMARK: Color = Color::srgb(0.30, 0.22, 0.16);
    pub const SOVIET_RED: Color = Color::srgb(0.75, 0.12, 0.10);
    pub const GERMAN_YELLOW: Color = Color::srgb(0.93, 0.76, 0.10);
    pub const GERMAN_BLUE: Color = Color::srgb(0.16, 0.38, 0.78);
    pub const GERMAN_WHITE: Color = Color::srgb(0.95, 0.95, 0.93);
    pub const CONTROL_GERMAN: Color = Color::srgb(0.18, 0.18, 0.18);
    pub const CONTROL_SOVIET: Color = Color::srgb(0.80, 0.10, 0.08);
    pub const RUBBLE: Color = Color::srgb(0.97, 0.97, 0.95);
    pub const FORT_BROWN: Color = Color::srgb(0.48, 0.30, 0.14);
    pub const FORT_RED: Color = Color::srgb(0.72, 0.16, 0.12);
    pub const OUTLINE_DARK: Color = Color::srgb(0.10, 0.09, 0.08);
}

pub fn army_colour(a: Army) -> Color {
    match a {
        Army::Yellow => colours::GERMAN_YELLOW,
        Army::Blue => colours::GERMAN_BLUE,
        Army::White => colours::GERMAN_WHITE,
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Highlights>()
        .add_systems(Startup, make_map_art)
        .add_systems(OnEnter(Screen::Table), spawn_map)
        .add_systems(
            Update,
            (sync_markers, sync_highlights)
                .in_set(TableSet::Draw)
                .run_if(in_state(Screen::Table)),
        );
}

/// Creates the shared meshes, only where meshes can be drawn.
fn make_map_art(mut commands: Commands, meshes: Option<ResMut<Assets<Mesh>>>) {
    let Some(mut meshes) = meshes else {
        return;
    };
    let outline = hex_corners(HEX_SIZE);
    commands.insert_resource(MapArt {
        hex_fill: meshes.add(polygon_mesh(&hex_corners(HEX_SIZE - 1.2))),
        hex_inner: meshes.add(polygon_mesh(&hex_corners(HEX_SIZE * 0.84))),
        hex_ring: meshes.add(ring_mesh(&outline, &hex_corners(HEX_SIZE - 1.4))),
        reinforcement_ring: meshes.add(ring_mesh(
            &hex_corners(HEX_SIZE * 0.93),
            &hex_corners(HEX_SIZE * 0.85),
        )),
        highlight_ring: meshes.add(ring_mesh(
            &hex_corners(HEX_SIZE * 0.96),
            &hex_corners(HEX_SIZE * 0.78),
        )),
        hover_ring: meshes.add(ring_mesh(&outline, &hex_corners(HEX_SIZE * 0.95))),
        disc: meshes.add(Circle::new(1.0)),
        square: meshes.add(Rectangle::new(1.0, 1.0)),
        materials: HashMap::default(),
    });
}

/// A shape of `mesh` in `colour`, scaled, at `at` relative to its parent.
pub fn shape(
    art: &mut MapArt,
    materials: &mut Assets<ColorMaterial>,
    mesh: impl Fn(&MapArt) -> &Handle<Mesh>,
    colour: Color,
    at: Vec3,
    scale: Vec2,
) -> impl Bundle {
    (
        Mesh2d(mesh(art).clone()),
        MeshMaterial2d(art.colour(materials, colour)),
        Transform::from_translation(at).with_scale(scale.extend(1.0)),
    )
}

fn spawn_map(
    mut commands: Commands,
    rules: Res<Rules>,
    mut art: Option<ResMut<MapArt>>,
    mut materials: Option<ResMut<Assets<ColorMaterial>>>,
    assets: Option<Res<GameAssets>>,
) {
    let board = &rules.0.board;
    let font = assets.as_ref().map(|a| &a.font);
    let bold = assets.as_ref().map(|a| &a.font_bold);

    // Paper under the map, for the printed-map feel.
    if let Some(assets) = &assets {
        let bounds = board_bounds(&rules);
        commands.spawn((
            Sprite {
                image: assets.paper.clone(),
                custom_size: Some(bounds.size()),
                image_mode: SpriteImageMode::Tiled {
                    tile_x: true,
                    tile_y: true,
                    stretch_value: 1.0,
                },
                ..default()
            },
            Transform::from_translation(bounds.center().extend(layer::PAPER)),
            DespawnOnExit(Screen::Table),
        ));
    }

    for (i, info) in board.hexes.iter().enumerate() {
        let id = SpaceId(i as u16);
        let centre = hex_to_world(info.hex);
        let mut tile = commands.spawn((
            HexTile { id, hex: info.hex },
            Name::new(format!("hex {}", info.id)),
            Transform::from_translation(centre.extend(layer::HEX)),
            Visibility::default(),
            DespawnOnExit(Screen::Table),
        ));
        let (Some(art), Some(materials)) = (art.as_deref_mut(), materials.as_deref_mut()) else {
            continue;
        };
        tile.with_children(|p| {
            let one = Vec2::ONE;
            p.spawn(shape(
                art,
                materials,
                |a: &MapArt| &a.hex_ring,
                colours::HEX_LINE,
                Vec3::ZERO,
                one,
            ));
            let fill = match info.terrain {
                Terrain::Clear => colours::CLEAR,
                Terrain::Difficult => colours::DIFFICULT_EDGE,
                Terrain::Urban => colours::URBAN,
            };
            p.spawn(shape(
                art,
                materials,
                |a: &MapArt| &a.hex_fill,
                fill,
                Vec3::ZERO,
                one,
            ));
            match info.terrain {
                Terrain::Difficult => {
                    // The darker band is the outer part of the fill; the inner hex is lighter.
                    p.spawn(shape(
                        art,
                        materials,
                        |a: &MapArt| &a.hex_inner,
                        colours::DIFFICULT,
                        Vec3::Z * 0.1,
                        one,
                    ));
                    for (k, (dx, dy)) in SCRUB.iter().enumerate() {
                        let r = 2.2 + (k % 3) as f32 * 0.6;
                        p.spawn(shape(
                            art,
                            materials,
                            |a: &MapArt| &a.disc,
                            colours::DIFFICULT_SCRUB,
                            Vec3::new(dx * HEX_SIZE, dy * HEX_SIZE, layer::HEX_DECOR),
                            Vec2::splat(r),
                        ));
                    }
                }
                Terrain::Urban => {
                    for (dx, dy, w, h) in buildings(i) {
                        p.spawn(shape(
                            art,
                            materials,
                            |a: &MapArt| &a.square,
                            colours::URBAN_BUILDING,
                            Vec3::new(dx, dy, layer::HEX_DECOR),
                            Vec2::new(w, h),
                        ));
                    }
                }
                Terrain::Clear => {}
            }
            if info.soviet_reinforcement {
                p.spawn(shape(
                    art,
                    materials,
                    |a: &MapArt| &a.reinforcement_ring,
                    colours::SOVIET_RED,
                    Vec3::Z * 0.6,
                    one,
                ));
            }
            if let Some(army) = info.german_reinforcement {
                p.spawn(shape(
                    art,
                    materials,
                    |a: &MapArt| &a.reinforcement_ring,
                    army_colour(army),
                    Vec3::Z * 0.6,
                    one,
                ));
            }
            let number_font = if info.number.is_some() { font } else { bold };
            p.spawn(map_text(
                info.id.clone(),
                11.0,
                colours::NUMBER,
                number_font,
                Vec3::new(0.0, HEX_SIZE * 0.66, layer::HEX_TEXT),
            ));
            if let Some(name) = &info.landmark {
                let (text, lines) = wrap_name(name, 13);
                p.spawn(map_text(
                    text,
                    7.5,
                    colours::LANDMARK,
                    font,
                    Vec3::new(
                        0.0,
                        -HEX_SIZE * 0.7 + (lines - 1) as f32 * 4.5,
                        layer::HEX_TEXT,
                    ),
                ));
            }
            if info.factory {
                let at = Vec2::new(HEX_SIZE * 0.52, HEX_SIZE * 0.52);
                for (dx, dy, w, h) in [
                    (0.0, 0.0, 11.0, 5.0),
                    (-3.5, 4.5, 2.0, 6.0),
                    (1.0, 4.0, 2.0, 5.0),
                ] {
                    p.spawn(shape(
                        art,
                        materials,
                        |a: &MapArt| &a.square,
                        colours::OUTLINE_DARK,
                        Vec3::new(at.x + dx, at.y + dy, layer::HEX_TEXT),
                        Vec2::new(w, h),
                    ));
                }
            }
            if info.docks > 0 {
                p.spawn(map_text(
                    "⚓".repeat(info.docks as usize),
                    9.0,
                    colours::BANK,
                    font,
                    Vec3::new(-HEX_SIZE * 0.52, HEX_SIZE * 0.5, layer::HEX_TEXT),
                ));
            }
        });
    }

    let (Some(art), Some(materials)) = (art.as_deref_mut(), materials.as_deref_mut()) else {
        return;
    };
    for h in &board.volga {
        let centre = hex_to_world(*h);
        commands.spawn((
            RiverHex,
            shape(
                art,
                materials,
                |a: &MapArt| &a.hex_fill,
                colours::WATER,
                centre.extend(layer::WATER),
                Vec2::splat(HEX_SIZE / (HEX_SIZE - 1.2) * 1.02),
            ),
            DespawnOnExit(Screen::Table),
        ));
    }
    // The river's name, printed in the water as on a paper map.
    let mut columns: Vec<i32> = board.volga.iter().map(|h| h.x).collect();
    columns.sort();
    columns.dedup();
    for q in columns.iter().skip(2).step_by(6) {
        let here: Vec<Vec2> = board
            .volga
            .iter()
            .filter(|h| h.x == *q)
            .map(|h| hex_to_world(*h))
            .collect();
        let centre = here.iter().copied().sum::<Vec2>() / here.len().max(1) as f32;
        commands.spawn((
            map_text(
                "V O L G A",
                15.0,
                Color::srgba(0.90, 0.95, 1.0, 0.85),
                bold,
                centre.extend(layer::HEX_TEXT),
            ),
            DespawnOnExit(Screen::Table),
        ));
    }
    // The river bank: a heavy line on every border between a playable hex and the Volga.
    let bank = art.colour(materials, colours::BANK);
    for id in board.topo.ids() {
        let here = hex_to_world(board.hexes[id.index()].hex);
        for edge in board.topo.edges(id) {
            if edge.feature != EdgeFeature::RiverBank {
                continue;
            }
            let Some(dir) = edge.dir else { continue };
            let off = board.data.map.compass[dir as usize];
            let there = hex_to_world(board.hexes[id.index()].hex + Hex::new(off.0, off.1));
            let mid = (here + there) / 2.0;
            let along = (there - here).perp().normalize();
            commands.spawn((
                Mesh2d(art.square.clone()),
                MeshMaterial2d(bank.clone()),
                Transform::from_translation(mid.extend(layer::HEX_DECOR))
                    .with_rotation(Quat::from_rotation_z(along.y.atan2(along.x)))
                    .with_scale(Vec3::new(HEX_SIZE + 2.0, 4.0, 1.0)),
                DespawnOnExit(Screen::Table),
            ));
        }
    }
}

/// Splits a place name into lines of about `width` characters, so it stays inside its hex.
fn wrap_name(name: &str, width: usize) -> (String, usize) {
    let mut lines: Vec<String> = Vec::new();
    for word in name.split_whitespace() {
        match lines.last_mut() {
            Some(line) if line.len() + 1 + word.len() <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    let n = lines.len().max(1);
    (lines.join("\n"), n)
}

/// Scrub dots of Difficult hexes, as fractions of the hex size.
const SCRUB: [(f32, f32); 9] = [
    (-0.45, 0.25),
    (-0.30, -0.40),
    (0.42, 0.22),
    (0.30, -0.45),
    (-0.55, -0.05),
    (0.58, -0.10),
    (-0.10, -0.62),
    (0.12, 0.45),
    (-0.20, 0.42),
];

/// Small building blocks of an Urban hex: a street grid with a little per-hex variation.
fn buildings(seed: usize) -> Vec<(f32, f32, f32, f32)> {
    let mut out = Vec::new();
    let mut n = seed as u32 * 2_654_435_761 + 12345;
    let mut next = || {
        n ^= n << 13;
        n ^= n >> 17;
        n ^= n << 5;
        (n % 1000) as f32 / 1000.0
    };
    let step = 13.0;
    for gy in -3..=2 {
        for gx in -3..=3 {
            let x = gx as f32 * step + if gy % 2 == 0 { 0.0 } else { step / 2.0 };
            let y = gy as f32 * step;
            // Inside the hex, clear of the number at the top.
            let inside = y.abs() < HEX_SIZE * 0.72 && x.abs() + y.abs() / SQRT3 < HEX_SIZE * 0.8;
            if !inside || y > HEX_SIZE * 0.45 || next() < 0.2 {
                continue;
            }
            out.push((x, y, 7.0 + next() * 3.0, 5.0 + next() * 3.0));
        }
    }
    out
}

/// Control, rubble and fortification markers, rebuilt from the view when it changes.
fn sync_markers(
    mut commands: Commands,
    shown: Res<TableView>,
    rules: Res<Rules>,
    old: Query<Entity, With<HexMarker>>,
    mut art: Option<ResMut<MapArt>>,
    mut materials: Option<ResMut<Assets<ColorMaterial>>>,
    assets: Option<Res<GameAssets>>,
) {
    if !shown.is_changed() {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    let (Some(view), Some(art), Some(materials)) = (
        shown.view.as_ref(),
        art.as_deref_mut(),
        materials.as_deref_mut(),
    ) else {
        return;
    };
    let font = assets.as_ref().map(|a| &a.font_bold);
    let board = &rules.0.board;
    for (i, hv) in view.hexes.iter().enumerate() {
        let info = &board.hexes[i];
        let centre = hex_to_world(info.hex);
        let start = if info.german_control {
            Side::German
        } else {
            Side::Soviet
        };
        if hv.control != start {
            let (fill, ring) = match hv.control {
                Side::German => (colours::CONTROL_GERMAN, colours::GERMAN_WHITE),
                Side::Soviet => (colours::CONTROL_SOVIET, colours::GERMAN_YELLOW),
            };
            let at = centre + Vec2::new(-HEX_SIZE * 0.68, 0.0);
            spawn_disc_marker(&mut commands, art, materials, at, ring, fill, 7.5, 6.0);
        }
        if hv.rubble {
            let at = centre + Vec2::new(HEX_SIZE * 0.66, 0.0);
            spawn_disc_marker(
                &mut commands,
                art,
                materials,
                at,
                colours::OUTLINE_DARK,
                colours::RUBBLE,
                9.0,
                8.0,
            );
            commands.spawn((
                HexMarker,
                map_text(
                    "R",
                    8.0,
                    colours::OUTLINE_DARK,
                    font,
                    at.extend(layer::MARKER + 0.02),
                ),
                DespawnOnExit(Screen::Table),
            ));
        }
        if hv.fortified {
            let colour = match info.fortification {
                Some(FortColour::Red) => colours::FORT_RED,
                _ => colours::FORT_BROWN,
            };
            let at = centre + Vec2::new(-HEX_SIZE * 0.42, -HEX_SIZE * 0.5);
            spawn_disc_marker(
                &mut commands,
                art,
                materials,
                at,
                colours::OUTLINE_DARK,
                colour,
                7.0,
                6.0,
            );
        }
    }
}

/// A marker disc (control, rubble, fortification): a coloured disc on a slightly larger ring.
#[allow(clippy::too_many_arguments)]
fn spawn_disc_marker(
    commands: &mut Commands,
    art: &mut MapArt,
    materials: &mut Assets<ColorMaterial>,
    at: Vec2,
    ring: Color,
    fill: Color,
    ring_size: f32,
    fill_size: f32,
) {
    for (colour, size, z) in [(ring, ring_size, 0.0), (fill, fill_size, 0.01)] {
        commands.spawn((
            HexMarker,
            shape(
                art,
                materials,
                |a: &MapArt| &a.disc,
                colour,
                at.extend(layer::MARKER + z),
                Vec2::splat(size),
            ),
            DespawnOnExit(Screen::Table),
        ));
    }
}

/// Highlight rings for legal destinations, the selection and the hovered hex.
fn sync_highlights(
    mut commands: Commands,
    highlights: Res<Highlights>,
    rules: Res<Rules>,
    old: Query<Entity, With<HighlightRing>>,
    mut art: Option<ResMut<MapArt>>,
    mut materials: Option<ResMut<Assets<ColorMaterial>>>,
) {
    if !highlights.is_changed() {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    let (Some(art), Some(materials)) = (art.as_deref_mut(), materials.as_deref_mut()) else {
        return;
    };
    let board = &rules.0.board;
    for (id, kind) in &highlights.rings {
        let colour = match kind {
            HighlightKind::Selected => Color::srgba(1.0, 0.95, 0.55, 0.95),
            HighlightKind::Move => Color::srgba(0.10, 0.62, 0.20, 0.85),
            HighlightKind::LongMove => Color::srgba(0.12, 0.42, 0.85, 0.85),
            HighlightKind::Attack => Color::srgba(0.85, 0.10, 0.10, 0.9),
            HighlightKind::Preview => Color::srgba(0.95, 0.55, 0.05, 0.9),
        };
        let centre = hex_to_world(board.hexes[id.index()].hex);
        commands.spawn((
            HighlightRing,
            shape(
                art,
                materials,
                |a: &MapArt| &a.highlight_ring,
                colour,
                centre.extend(layer::HIGHLIGHT),
                Vec2::ONE,
            ),
            DespawnOnExit(Screen::Table),
        ));
    }
    if let Some(id) = highlights.hovered {
        let centre = hex_to_world(board.hexes[id.index()].hex);
        commands.spawn((
            HighlightRing,
            shape(
                art,
                materials,
                |a: &MapArt| &a.hover_ring,
                Color::srgba(0.12, 0.10, 0.08, 0.8),
                centre.extend(layer::HIGHLIGHT + 0.1),
                Vec2::ONE,
            ),
            DespawnOnExit(Screen::Table),
        ));
    }
}
