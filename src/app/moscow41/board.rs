//! The Moscow '41 area map, drawn from `scenarios/moscow41/map.ron`: one entity per area (its
//! polygon filled by terrain, the green/yellow circle or victory star with the area number, the
//! city box, the place name, supply-edge icons), rivers along the borders that carry them, Lake
//! Ilmen, the off-map boxes (Rastenburg, Kiev, the ten Road to Leningrad boxes) and, beside the
//! map, each side's Force Pool and eliminated boxes. Markers that follow the view (control,
//! Defensive Lines, overlays, legal-move highlights) are rebuilt when it changes.
//!
//! Each area's number, name, markers and blocks are laid out as one group where it fits the
//! area (`labels`), the number and name drawn above every marker and highlight so nothing
//! covers them.
//!
//! Logical components are spawned always, meshes and text only where a renderer exists, so the
//! headless test sees the same entities (as in `app::board`).

use super::super::board::{polygon_mesh, rounded_rect_points, MapArt};
use super::super::loading::GameAssets;
use super::super::screens::Screen;
use super::super::table::TableSet;
use super::geometry::{
    point_in_polygon, polygon_fill_mesh, polyline_mesh, shared_border, star_points, to_world, CM,
};
use super::labels::{
    control_offset, crisp_text, dl_offset, label_text, layout_area, text_width, AreaLayout, Badge,
    LabelSpec, BADGE_R, CONTROL_R, DL_SIZE, NAME_FONT, NUMBER_FONT, STAGING_FONT, STAGING_HALF,
    STAR_R, SUPPLY_R,
};
use super::session::{M41Rules, M41Shown, M41Table};
use bevy::prelude::*;
use eastfront_kernel::Side;
use eastfront_moscow41::data::{BoxKind, MapFile, SupplyEdge, Terrain};
use eastfront_moscow41::{query, AreaId, Board};

/// Font size of the names printed on the map beside the areas' own (rivers, lakes, places).
const DECOR_FONT: f32 = 0.42 * CM;

/// Depths (z) of the Moscow layers.
pub mod layer {
    pub const PAPER: f32 = -10.0;
    pub const AREA: f32 = 0.0;
    pub const TINT: f32 = 0.1;
    pub const LAKE: f32 = 0.2;
    pub const BORDER: f32 = 0.3;
    pub const RIVER: f32 = 0.4;
    pub const DECOR: f32 = 0.6;
    pub const TEXT: f32 = 0.8;
    pub const MARKER: f32 = 1.0;
    pub const HIGHLIGHT: f32 = 2.0;
    /// Area numbers and names (their badge and box, then the text): above every marker,
    /// tint and highlight, below the blocks.
    pub const LABEL_BACK: f32 = 3.0;
    pub const LABEL: f32 = 3.1;
    pub const BLOCK: f32 = 5.0;
}

pub mod colours {
    use bevy::prelude::Color;
    pub const PAPER: Color = Color::srgb(0.90, 0.86, 0.74);
    pub const GREEN_AREA: Color = Color::srgb(0.80, 0.84, 0.64);
    pub const YELLOW_AREA: Color = Color::srgb(0.78, 0.72, 0.47);
    pub const VICTORY_AREA: Color = Color::srgb(0.86, 0.84, 0.70);
    pub const STAGING_AREA: Color = Color::srgb(0.70, 0.70, 0.72);
    pub const GREEN_CIRCLE: Color = Color::srgb(0.20, 0.52, 0.22);
    pub const YELLOW_CIRCLE: Color = Color::srgb(0.93, 0.78, 0.15);
    pub const STAR: Color = Color::srgb(0.78, 0.10, 0.10);
    pub const BORDER: Color = Color::srgb(0.33, 0.28, 0.22);
    pub const WATER: Color = Color::srgb(0.47, 0.64, 0.80);
    pub const RIVER: Color = Color::srgb(0.20, 0.42, 0.75);
    pub const TEXT: Color = Color::srgb(0.18, 0.14, 0.10);
    /// Behind a place name that has no city box.
    pub const NAME_BACKING: Color = Color::srgba(0.98, 0.96, 0.89, 0.85);
    pub const BOX_FILL: Color = Color::srgb(0.86, 0.81, 0.68);
    pub const POOL_FILL: Color = Color::srgb(0.36, 0.32, 0.27);
    pub const GERMAN: Color = Color::srgb(0.22, 0.24, 0.24);
    pub const SOVIET: Color = Color::srgb(0.78, 0.12, 0.10);
    pub const DISPUTED: Color = Color::srgb(0.98, 0.55, 0.05);
    pub const MOVE: Color = Color::srgb(0.10, 0.62, 0.95);
    pub const ATTACK: Color = Color::srgb(0.92, 0.22, 0.12);
    pub const SELECTED: Color = Color::srgb(1.0, 0.85, 0.20);
    pub const COMMAND: Color = Color::srgb(0.45, 0.30, 0.85);
    pub const SUPPLIED: Color = Color::srgb(0.30, 0.75, 0.35);
    pub const UNSUPPLIED: Color = Color::srgb(0.60, 0.10, 0.60);
}

/// One of the 175 areas.
#[derive(Component, Clone, Copy, Debug)]
pub struct M41Area {
    pub id: AreaId,
}

/// A place a block can stand or be sent to (area or off-map box), with its outline in world
/// units for the pointer test.
#[derive(Component, Clone, Debug)]
pub struct M41Space {
    pub id: AreaId,
    pub outline: Vec<Vec2>,
    pub centre: Vec2,
    /// The centre of the first row of blocks standing here (under the area's number, where
    /// the label layout leaves room; in a box, under its title).
    pub blocks_at: Vec2,
}

/// The filled polygon of an area, kept so the overlays can tint it without rebuilding it.
#[derive(Component, Clone)]
pub struct AreaFill(pub Handle<Mesh>);

/// A marker rebuilt from the view (control, DLs, overlays, highlights).
#[derive(Component)]
pub struct M41Marker;

/// How an area is highlighted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum M41Highlight {
    /// The selected block's area.
    Selected,
    /// A legal destination (move, deploy, place).
    Move,
    /// A legal destination that starts a battle, or a battle to fight / a target to support.
    Attack,
}

/// Set by the input and the panels: which spaces to ring.
#[derive(Resource, Default, PartialEq, Clone)]
pub struct M41Highlights {
    pub rings: Vec<(AreaId, M41Highlight)>,
    pub hovered: Option<AreaId>,
}

/// Map overlays the player toggles (top bar or keys C, S, R).
#[derive(Resource, Default, PartialEq, Clone, Copy)]
pub struct M41Overlays {
    pub control: bool,
    pub supply: bool,
    pub command: bool,
}

/// The off-map holding boxes beside the map, drawn by the board and filled by the pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PoolKind {
    ForcePool,
    November,
    Lost,
}

/// Where each side's holding boxes lie (world rectangles), to the right of the map.
pub fn pool_boxes(board: &Board) -> Vec<(Side, PoolKind, Rect, &'static str)> {
    let x0 = (board.data.map.width + 1.0) * CM;
    let w = 12.0 * CM;
    let rect = |top: f32, h: f32| {
        Rect::from_corners(Vec2::new(x0, -top * CM), Vec2::new(x0 + w, -(top + h) * CM))
    };
    vec![
        (
            Side::German,
            PoolKind::ForcePool,
            rect(3.0, 16.0),
            "German Force Pool",
        ),
        (
            Side::German,
            PoolKind::Lost,
            rect(20.0, 12.0),
            "German eliminated (on the Soviet OOB)",
        ),
        (
            Side::Soviet,
            PoolKind::ForcePool,
            rect(35.0, 18.0),
            "Soviet Force Pool",
        ),
        (
            Side::Soviet,
            PoolKind::November,
            rect(54.0, 8.0),
            "Soviet November OOB",
        ),
        (
            Side::Soviet,
            PoolKind::Lost,
            rect(63.0, 14.0),
            "Soviet eliminated / surrendered",
        ),
    ]
}

/// Everything drawn, margins and holding boxes included (for "fit").
pub fn m41_bounds(board: &Board) -> Rect {
    let m = &board.data.map;
    let mut r = Rect::from_corners(Vec2::ZERO, Vec2::new(m.width * CM, -m.height * CM));
    for (_, _, b, _) in pool_boxes(board) {
        r = r.union(b);
    }
    r.inflate(CM)
}

/// The space under a world point (boxes first: they lie outside the areas).
pub fn space_at(spaces: &[(AreaId, &[Vec2])], p: Vec2) -> Option<AreaId> {
    spaces
        .iter()
        .find(|(_, outline)| point_in_polygon(p, outline))
        .map(|(id, _)| *id)
}

pub fn terrain_fill(t: Terrain) -> Color {
    match t {
        Terrain::Green => colours::GREEN_AREA,
        Terrain::Yellow => colours::YELLOW_AREA,
        Terrain::Victory => colours::VICTORY_AREA,
        Terrain::Staging => colours::STAGING_AREA,
    }
}

pub fn side_colour(s: Side) -> Color {
    match s {
        Side::German => colours::GERMAN,
        Side::Soviet => colours::SOVIET,
    }
}

/// The icon colour of a supply edge (R 2.1, 2.2).
pub fn supply_colour(e: SupplyEdge) -> Color {
    match e {
        SupplyEdge::NorthLightBlue => Color::srgb(0.55, 0.80, 0.97),
        SupplyEdge::NorthBlue => Color::srgb(0.12, 0.32, 0.80),
        SupplyEdge::East | SupplyEdge::South => Color::srgb(0.80, 0.10, 0.10),
        SupplyEdge::SouthOrange => Color::srgb(0.96, 0.55, 0.10),
    }
}

pub fn supply_words(e: SupplyEdge) -> &'static str {
    match e {
        SupplyEdge::NorthLightBlue => "north edge, light-blue icon: lost when Shlisselburg falls",
        SupplyEdge::NorthBlue => "north edge, blue icon: lost when Leningrad falls",
        SupplyEdge::East => "east edge: always a Soviet source",
        SupplyEdge::SouthOrange => "south edge, orange icon: lost when Kiev falls",
        SupplyEdge::South => "south edge",
    }
}

/// Meshes shared by the markers, present only with a renderer.
#[derive(Resource)]
pub struct M41Art {
    pub disc: Handle<Mesh>,
    pub square: Handle<Mesh>,
    pub star: Handle<Mesh>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<M41Highlights>()
        .init_resource::<M41Overlays>()
        .add_systems(Startup, make_art)
        .add_systems(OnEnter(Screen::Moscow41), spawn_map)
        .add_systems(
            Update,
            (
                sync_markers.in_set(TableSet::Draw),
                crisp_text.after(TableSet::Draw),
            )
                .run_if(in_state(Screen::Moscow41)),
        );
}

fn make_art(mut commands: Commands, meshes: Option<ResMut<Assets<Mesh>>>) {
    let Some(mut meshes) = meshes else {
        return;
    };
    commands.insert_resource(M41Art {
        disc: meshes.add(Circle::new(1.0)),
        square: meshes.add(Rectangle::new(1.0, 1.0)),
        star: meshes.add(polygon_fill_mesh(&star_points(1.0))),
    });
}

/// Spawns one part of an area's drawing under the area's entity.
type ChildDraw = Box<dyn FnOnce(&mut ChildSpawnerCommands)>;

/// A flat coloured mesh placed on the table.
type Shape = (Mesh2d, MeshMaterial2d<ColorMaterial>, Transform);

/// Renderer handles, bundled so the spawning code reads simply.
struct Painter<'a> {
    meshes: &'a mut Assets<Mesh>,
    materials: &'a mut Assets<ColorMaterial>,
    map_art: &'a mut MapArt,
    art: &'a M41Art,
    font: Option<Handle<Font>>,
}

impl Painter<'_> {
    fn mat(&mut self, c: Color) -> MeshMaterial2d<ColorMaterial> {
        MeshMaterial2d(self.map_art.colour(self.materials, c))
    }
    fn mesh(&mut self, m: Mesh) -> Mesh2d {
        Mesh2d(self.meshes.add(m))
    }
    fn disc(&mut self, c: Color, at: Vec2, z: f32, r: f32) -> Shape {
        (
            Mesh2d(self.art.disc.clone()),
            self.mat(c),
            Transform::from_translation(at.extend(z)).with_scale(Vec3::splat(r)),
        )
    }
    fn rect(&mut self, c: Color, at: Vec2, z: f32, size: Vec2) -> Shape {
        (
            Mesh2d(self.art.square.clone()),
            self.mat(c),
            Transform::from_translation(at.extend(z)).with_scale(size.extend(1.0)),
        )
    }
    fn text(&self, t: impl Into<String>, size: f32, c: Color, at: Vec2, z: f32) -> impl Bundle {
        label_text(t, size, c, self.font.as_ref(), at.extend(z))
    }
    /// A rounded rectangle `size` at `at` (corner radius `r`).
    fn rounded(&mut self, c: Color, at: Vec2, z: f32, size: Vec2, r: f32) -> Shape {
        (
            self.mesh(polygon_mesh(&rounded_rect_points(size.x, size.y, r))),
            self.mat(c),
            Transform::from_translation(at.extend(z)),
        )
    }
}

/// The names printed on the map besides the areas' own (places off the areas, lakes, the
/// rivers' names by the middle of their course): text, place and colour.
fn decor_names(map: &MapFile) -> Vec<(String, Vec2, Color)> {
    map.labels
        .iter()
        .map(|label| {
            let water = label.text.starts_with("Lake") || label.text.ends_with("Sea");
            let col = if water {
                colours::RIVER
            } else {
                colours::TEXT.with_alpha(0.7)
            };
            (label.text.clone(), to_world(label.pos), col)
        })
        .chain(map.rivers.iter().filter_map(|r| {
            let mid = r.points.get(r.points.len() / 2)?;
            Some((
                r.name.clone(),
                to_world(*mid) + Vec2::new(0.0, 0.3 * CM),
                colours::RIVER,
            ))
        }))
        .collect()
}

/// Where a supply-edge icon goes: toward the map edge the area lies on (R 2.1).
fn supply_icon_at(edge: SupplyEdge, outline: &[Vec2], c: Vec2) -> Vec2 {
    let (maxx, miny, maxy) = outline
        .iter()
        .fold((f32::MIN, f32::MAX, f32::MIN), |(b, c2, d), q| {
            (b.max(q.x), c2.min(q.y), d.max(q.y))
        });
    match edge {
        SupplyEdge::NorthLightBlue | SupplyEdge::NorthBlue => {
            Vec2::new(c.x + 1.2 * CM, maxy - 0.45 * CM)
        }
        SupplyEdge::East => Vec2::new(maxx - 0.45 * CM, c.y - 1.0 * CM),
        SupplyEdge::South | SupplyEdge::SouthOrange => Vec2::new(c.x + 1.2 * CM, miny + 0.45 * CM),
    }
}

/// Each area's label layout (app::moscow41::labels): the number, the name (city box or place
/// name), the markers and the blocks as one group where it fits the outline, clear of the
/// supply-edge icon and the names printed on the map; and the supply icon's place.
pub fn area_layouts(map: &MapFile) -> Vec<(AreaLayout, Option<(SupplyEdge, Vec2)>)> {
    let decor: Vec<Rect> = decor_names(map)
        .iter()
        .map(|(text, at, _)| {
            Rect::from_center_size(
                *at,
                Vec2::new(text_width(text, DECOR_FONT, false), DECOR_FONT * 1.2),
            )
        })
        .collect();
    map.areas
        .iter()
        .map(|a| {
            let outline: Vec<Vec2> = a.polygon.iter().map(|p| to_world(*p)).collect();
            let centre = to_world(a.centre);
            let supply = a
                .supply
                .map(|edge| (edge, supply_icon_at(edge, &outline, centre)));
            let name = a
                .city
                .as_ref()
                .map(|c| c.name.as_str())
                .or(a.name.as_deref());
            let mut spec = LabelSpec::new(
                &a.id,
                name,
                a.terrain == Terrain::Victory,
                a.terrain == Terrain::Staging,
            );
            let bounds = outline
                .iter()
                .fold(Rect::from_center_size(centre, Vec2::ZERO), |r, q| {
                    r.union_point(*q)
                })
                .inflate(CM);
            spec.obstacles = decor
                .iter()
                .filter(|r| !r.intersect(bounds).is_empty())
                .copied()
                .chain(supply.map(|(_, at)| Rect::from_center_half_size(at, Vec2::splat(SUPPLY_R))))
                .collect();
            (layout_area(&outline, centre, &spec), supply)
        })
        .collect()
}

#[allow(clippy::too_many_arguments)]
fn spawn_map(
    mut commands: Commands,
    rules: Res<M41Rules>,
    meshes: Option<ResMut<Assets<Mesh>>>,
    materials: Option<ResMut<Assets<ColorMaterial>>>,
    map_art: Option<ResMut<MapArt>>,
    art: Option<Res<M41Art>>,
    assets: Option<Res<GameAssets>>,
) {
    let board = &rules.0.board;
    let map = &board.data.map;
    let outlines: Vec<Vec<Vec2>> = map
        .areas
        .iter()
        .map(|a| a.polygon.iter().map(|p| to_world(*p)).collect())
        .collect();
    let mut painter = match (meshes, materials, map_art, art.as_deref()) {
        (Some(meshes), Some(materials), Some(map_art), Some(art)) => Some(Painter {
            meshes: meshes.into_inner(),
            materials: materials.into_inner(),
            map_art: map_art.into_inner(),
            art,
            font: assets.as_ref().map(|a| a.font.clone()),
        }),
        _ => None,
    };
    let bold = assets.as_ref().map(|a| a.font_bold.clone());

    // The paper the map is printed on, and a frame round the map itself.
    if let Some(p) = painter.as_mut() {
        let bounds = m41_bounds(board);
        let paper = p.rect(colours::PAPER, bounds.center(), layer::PAPER, bounds.size());
        commands.spawn((paper, DespawnOnExit(Screen::Moscow41)));
        let frame = [
            Vec2::ZERO,
            Vec2::new(map.width * CM, 0.0),
            Vec2::new(map.width * CM, -map.height * CM),
            Vec2::new(0.0, -map.height * CM),
        ];
        let mesh = p.mesh(polyline_mesh(&frame, 3.0, true));
        let mat = p.mat(colours::BORDER);
        commands.spawn((
            mesh,
            mat,
            Transform::from_xyz(0.0, 0.0, layer::BORDER),
            DespawnOnExit(Screen::Moscow41),
        ));
    }

    let decor = decor_names(map);
    let layouts = area_layouts(map);

    for (i, a) in map.areas.iter().enumerate() {
        let id = board.area_ids().nth(i).expect("areas come first");
        let outline = outlines[i].clone();
        let centre = to_world(a.centre);
        let (layout, supply_at) = layouts[i];
        let mut e = commands.spawn((
            M41Area { id },
            M41Space {
                id,
                outline: outline.clone(),
                centre,
                blocks_at: layout.blocks,
            },
            layout,
            Transform::default(),
            Visibility::default(),
            DespawnOnExit(Screen::Moscow41),
        ));
        let Some(p) = painter.as_mut() else {
            continue;
        };
        let fill_mesh = p.meshes.add(polygon_fill_mesh(&outline));
        let fill = p.mat(terrain_fill(a.terrain));
        let border = p.mesh(polyline_mesh(&outline, 1.6, true));
        let border_mat = p.mat(colours::BORDER);
        e.insert(AreaFill(fill_mesh.clone()));
        let mut children: Vec<ChildDraw> = Vec::new();
        let fill_b = (
            Mesh2d(fill_mesh),
            fill,
            Transform::from_xyz(0.0, 0.0, layer::AREA),
        );
        let border_b = (
            border,
            border_mat,
            Transform::from_xyz(0.0, 0.0, layer::BORDER),
        );
        children.push(Box::new(move |s| {
            s.spawn(fill_b);
            s.spawn(border_b);
        }));
        // The printed circle (green / yellow; a pill for three digits), the victory star, or
        // the staging box: above the markers and highlights, so nothing covers the number.
        let at = layout.number;
        let z = layer::LABEL_BACK;
        let mut shapes: Vec<Shape> = Vec::new();
        match layout.badge {
            Badge::Circle { half_w } => {
                let col = if a.terrain == Terrain::Green {
                    colours::GREEN_CIRCLE
                } else {
                    colours::YELLOW_CIRCLE
                };
                if half_w <= BADGE_R {
                    shapes.push(p.disc(colours::TEXT, at, z, BADGE_R + 1.2));
                    shapes.push(p.disc(col, at, z + 0.01, BADGE_R));
                } else {
                    let size = Vec2::new(2.0 * half_w, 2.0 * BADGE_R);
                    let ring = size + Vec2::splat(2.4);
                    shapes.push(p.rounded(colours::TEXT, at, z, ring, ring.y / 2.0));
                    shapes.push(p.rounded(col, at, z + 0.01, size, BADGE_R));
                }
            }
            Badge::Star => {
                let star = |p: &mut Painter, c: Color, r: f32, z: f32| -> Shape {
                    (
                        Mesh2d(p.art.star.clone()),
                        p.mat(c),
                        Transform::from_translation(at.extend(z)).with_scale(Vec3::splat(r)),
                    )
                };
                shapes.push(star(p, colours::TEXT, STAR_R + 2.5, z));
                shapes.push(star(p, colours::STAR, STAR_R, z + 0.01));
                // The number on a round red centre, so it never runs onto the pale ground.
                shapes.push(p.disc(colours::STAR, at, z + 0.02, BADGE_R * 0.92));
            }
            Badge::Staging => {
                shapes.push(p.rect(colours::TEXT, at, z, 2.0 * STAGING_HALF + 2.0));
                shapes.push(p.rect(
                    colours::STAGING_AREA,
                    at,
                    z + 0.01,
                    2.0 * STAGING_HALF - Vec2::splat(1.0),
                ));
            }
        }
        let num_colour = match a.terrain {
            Terrain::Green | Terrain::Victory => Color::WHITE,
            _ => colours::TEXT,
        };
        let num = label_text(
            a.id.clone(),
            if a.terrain == Terrain::Staging {
                STAGING_FONT
            } else {
                NUMBER_FONT
            },
            num_colour,
            bold.as_ref(),
            // DejaVu's digits sit a little high in their line box.
            (at - Vec2::new(0.0, 0.02 * CM)).extend(layer::LABEL),
        );
        // The city box (white, framed, R 2.4.5; red name for the Special Cities) or the
        // place name on a light backing that keeps it readable over borders and rivers.
        let mut name_parts: Vec<Shape> = Vec::new();
        let mut name = None;
        let name_text = a.city.as_ref().map(|c| c.name.clone()).or(a.name.clone());
        if let (Some(text), Some(r)) = (name_text, layout.name) {
            let special = a.city.as_ref().is_some_and(|c| c.special);
            if a.city.is_some() {
                name_parts.push(p.rect(colours::TEXT, r.center(), z, r.size() + 2.5));
                name_parts.push(p.rect(Color::WHITE, r.center(), z + 0.01, r.size()));
            } else {
                name_parts.push(p.rounded(
                    colours::NAME_BACKING,
                    r.center(),
                    z,
                    r.size(),
                    0.2 * CM,
                ));
            }
            let col = if special {
                colours::STAR
            } else {
                colours::TEXT
            };
            name = Some(p.text(text, NAME_FONT, col, r.center(), layer::LABEL));
        }
        children.push(Box::new(move |s| {
            for b in shapes.into_iter().chain(name_parts) {
                s.spawn(b);
            }
            s.spawn(num);
            if let Some(n) = name {
                s.spawn(n);
            }
        }));
        if let Some((edge, at)) = supply_at {
            let ring = p.disc(colours::TEXT, at, layer::DECOR, SUPPLY_R + 1.0);
            let icon = p.disc(supply_colour(edge), at, layer::DECOR + 0.01, SUPPLY_R);
            let letter = p.text("S", SUPPLY_R, Color::WHITE, at, layer::TEXT);
            children.push(Box::new(move |s| {
                s.spawn(ring);
                s.spawn(icon);
                s.spawn(letter);
            }));
        }
        e.with_children(|s| {
            for f in children {
                f(s);
            }
        });
    }

    // Rivers along the borders that carry them (R 2.4.6): the game effect is the border.
    if let Some(p) = painter.as_mut() {
        let index = |id: &str| map.areas.iter().position(|a| a.id == id);
        for edge in map.edges.iter().filter(|e| e.river) {
            let (Some(a), Some(b)) = (index(&edge.a), index(&edge.b)) else {
                continue;
            };
            for run in shared_border(&outlines[a], &outlines[b]) {
                let mesh = p.mesh(polyline_mesh(&run, 0.16 * CM, false));
                let mat = p.mat(colours::RIVER);
                commands.spawn((
                    mesh,
                    mat,
                    Transform::from_xyz(0.0, 0.0, layer::RIVER),
                    DespawnOnExit(Screen::Moscow41),
                ));
            }
        }
        // Lake Ilmen (no area borders another across it, R 2.4).
        for lake in &map.lakes {
            let pts: Vec<Vec2> = lake.polygon.iter().map(|q| to_world(*q)).collect();
            let mesh = p.mesh(polygon_fill_mesh(&pts));
            let mat = p.mat(colours::WATER);
            commands.spawn((
                mesh,
                mat,
                Transform::from_xyz(0.0, 0.0, layer::LAKE),
                DespawnOnExit(Screen::Moscow41),
            ));
        }
        for (text, at, col) in decor {
            let t = p.text(text, DECOR_FONT, col, at, layer::TEXT);
            commands.spawn((t, DespawnOnExit(Screen::Moscow41)));
        }
    }

    // The off-map boxes: Rastenburg, Kiev and the Road to Leningrad (R 2.2).
    for (k, bx) in map.boxes.iter().enumerate() {
        let id = eastfront_kernel::SpaceId((board.n_areas + k) as u16);
        let tl = to_world(bx.pos);
        let br = to_world((bx.pos.0 + bx.size.0, bx.pos.1 + bx.size.1));
        let rect = Rect::from_corners(tl, br);
        let outline = vec![
            Vec2::new(rect.min.x, rect.min.y),
            Vec2::new(rect.max.x, rect.min.y),
            Vec2::new(rect.max.x, rect.max.y),
            Vec2::new(rect.min.x, rect.max.y),
        ];
        let mut e = commands.spawn((
            M41Space {
                id,
                outline: outline.clone(),
                centre: rect.center(),
                blocks_at: rect.center() + Vec2::new(0.0, -0.15 * CM),
            },
            Transform::default(),
            Visibility::default(),
            DespawnOnExit(Screen::Moscow41),
        ));
        let Some(p) = painter.as_mut() else {
            continue;
        };
        let fill = p.rect(colours::BOX_FILL, rect.center(), layer::AREA, rect.size());
        let border = (
            p.mesh(polyline_mesh(&outline, 2.0, true)),
            p.mat(colours::BORDER),
            Transform::from_xyz(0.0, 0.0, layer::BORDER),
        );
        let title = match (bx.kind, board.road_index(id)) {
            (BoxKind::Road, Some(n)) => format!("{n}. {}", bx.id),
            (BoxKind::Kiev, _) => "Kiev (1 VP)".to_string(),
            _ => bx.id.clone(),
        };
        let name = label_text(
            title,
            0.46 * CM,
            colours::TEXT,
            bold.as_ref(),
            Vec3::new(rect.center().x, rect.max.y - 0.36 * CM, layer::TEXT),
        );
        e.with_children(|s| {
            s.spawn(fill);
            s.spawn(border);
            s.spawn(name);
        });
    }
    // Each side's holding boxes beside the map.
    if let Some(p) = painter.as_mut() {
        for (side, _, rect, title) in pool_boxes(board) {
            let edge = p.rect(side_colour(side), rect.center(), layer::AREA, rect.size());
            let fill = p.rect(
                colours::POOL_FILL,
                rect.center(),
                layer::AREA + 0.01,
                rect.size() - Vec2::splat(6.0),
            );
            let t = p.text(
                title,
                0.46 * CM,
                Color::srgb(0.95, 0.92, 0.85),
                Vec2::new(rect.center().x, rect.max.y - 0.45 * CM),
                layer::TEXT,
            );
            commands.spawn((edge, DespawnOnExit(Screen::Moscow41)));
            commands.spawn((fill, DespawnOnExit(Screen::Moscow41)));
            commands.spawn((t, DespawnOnExit(Screen::Moscow41)));
        }
    }
}

/// Rebuilds the markers that follow the view: control cubes, disputed rings, Defensive Lines,
/// the overlays and the highlight rings.
#[allow(clippy::too_many_arguments)]
fn sync_markers(
    mut commands: Commands,
    shown: Res<M41Shown>,
    highlights: Res<M41Highlights>,
    overlays: Res<M41Overlays>,
    rules: Res<M41Rules>,
    table: Option<Res<M41Table>>,
    old: Query<Entity, With<M41Marker>>,
    spaces: Query<(&M41Space, Option<&AreaFill>, Option<&AreaLayout>)>,
    materials: Option<ResMut<Assets<ColorMaterial>>>,
    map_art: Option<ResMut<MapArt>>,
    meshes: Option<ResMut<Assets<Mesh>>>,
    art: Option<Res<M41Art>>,
) {
    if !shown.is_changed() && !highlights.is_changed() && !overlays.is_changed() {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    let (Some(view), Some(meshes), Some(materials), Some(map_art), Some(art)) = (
        shown.view.as_ref(),
        meshes,
        materials,
        map_art,
        art.as_deref(),
    ) else {
        return;
    };
    let board = &rules.0.board;
    let mut p = Painter {
        meshes: meshes.into_inner(),
        materials: materials.into_inner(),
        map_art: map_art.into_inner(),
        art,
        font: None,
    };
    let mut spawn = |b: Shape| {
        commands.spawn((b, M41Marker, DespawnOnExit(Screen::Moscow41)));
    };
    // Supply for the overlay comes from the rules' own query on public facts (control, the
    // supply edges, disputed areas), never from hidden blocks.
    let supplied = match (overlays.supply, shown.viewer_side, table.as_ref()) {
        (true, Some(side), Some(t)) => {
            Some((side, query::supplied_areas(board, t.session.state(), side)))
        }
        _ => None,
    };
    // Command range of the activated HQs (they are face up, so public; R 10.2).
    let mut in_range = vec![false; board.topo.len()];
    if overlays.command {
        if let Some(t) = table.as_ref() {
            let st = t.session.state();
            for hq in &view.activated {
                if let Some(a) = query::space_of(st, *hq).filter(|a| board.is_area(*a)) {
                    let side = board.block(*hq).side;
                    let r = query::tactical_range(board, st, *hq);
                    for (i, x) in query::range_areas(board, st, a, side, r).iter().enumerate() {
                        in_range[i] |= *x;
                    }
                }
            }
        }
    }
    for (space, fill, layout) in &spaces {
        let i = space.id.index();
        let Some(av) = view.areas.get(i) else {
            continue;
        };
        let c = space.centre;
        let is_area = board.is_area(space.id);
        let tint = |col: Color, alpha: f32, p: &mut Painter| {
            fill.map(|f| {
                (
                    Mesh2d(f.0.clone()),
                    p.mat(col.with_alpha(alpha)),
                    Transform::from_xyz(0.0, 0.0, layer::TINT),
                )
            })
        };
        if overlays.control && is_area {
            if let Some(b) = tint(side_colour(av.control), 0.28, &mut p) {
                spawn(b);
            }
        }
        if let Some((side, sup)) = &supplied {
            if is_area && av.control == *side {
                let col = if sup[i] {
                    colours::SUPPLIED
                } else {
                    colours::UNSUPPLIED
                };
                if let Some(b) = tint(col, 0.35, &mut p) {
                    spawn(b);
                }
            }
        }
        if in_range[i] {
            if let Some(b) = tint(colours::COMMAND, 0.30, &mut p) {
                spawn(b);
            }
        }
        // The number's place and badge (the label layout); boxes have none.
        let number = layout.map(|l| (l.number, l.badge));
        if let (true, Some((num_at, badge))) = (is_area, number) {
            // The control marker left of the number (the printed cube, R 2.5), drawn as a
            // small disc so it is not taken for a block: dark grey German, red Soviet.
            let at = num_at + control_offset(badge);
            spawn(p.disc(Color::WHITE, at, layer::MARKER, CONTROL_R + 1.0));
            spawn(p.disc(side_colour(av.control), at, layer::MARKER + 0.01, CONTROL_R));
            if av.disputed {
                let ring = polyline_mesh(&space.outline, 0.12 * CM, true);
                spawn((
                    p.mesh(ring),
                    p.mat(colours::DISPUTED),
                    Transform::from_xyz(0.0, 0.0, layer::MARKER),
                ));
            }
        }
        // Defensive Lines: a bar in the owner's colour right of the number (R 4.1).
        for (k, side) in [Side::German, Side::Soviet].into_iter().enumerate() {
            if av.dl[k] {
                let at = match number {
                    Some((num_at, badge)) => num_at + dl_offset(badge, k),
                    None => c + dl_offset(Badge::Staging, k),
                };
                spawn(p.rect(Color::WHITE, at, layer::MARKER, DL_SIZE + 2.0));
                spawn(p.rect(side_colour(side), at, layer::MARKER + 0.01, DL_SIZE));
            }
        }
    }
    // Highlight rings (legal destinations from the engine's legal actions only).
    let mut rings = highlights.rings.clone();
    if let Some(h) = highlights.hovered {
        rings.push((h, M41Highlight::Selected));
    }
    for (id, kind) in rings {
        let Some((space, fill, _)) = spaces.iter().find(|(s, _, _)| s.id == id) else {
            continue;
        };
        let (col, width) = match kind {
            M41Highlight::Selected => (colours::SELECTED, 0.14 * CM),
            M41Highlight::Move => (colours::MOVE, 0.16 * CM),
            M41Highlight::Attack => (colours::ATTACK, 0.16 * CM),
        };
        let hovered = highlights.hovered == Some(id) && kind == M41Highlight::Selected;
        let ring = polyline_mesh(
            &space.outline,
            if hovered { 0.08 * CM } else { width },
            true,
        );
        spawn((
            p.mesh(ring),
            p.mat(if hovered {
                Color::srgba(1.0, 1.0, 1.0, 0.9)
            } else {
                col
            }),
            Transform::from_xyz(0.0, 0.0, layer::HIGHLIGHT),
        ));
        if !hovered {
            if let Some(f) = fill {
                spawn((
                    Mesh2d(f.0.clone()),
                    p.mat(col.with_alpha(0.22)),
                    Transform::from_xyz(0.0, 0.0, layer::TINT + 0.05),
                ));
            }
        }
    }
}
