//! The map skins: a game's [`MapDesc`] drawn as one pickable entity per space — hexes on
//! hexx's [`hexx::HexLayout`], areas and boxes as polygons — plus the game's own decoration
//! (names, rivers, boxes) through the [`MapPainter`], the overlay tints, the markers of the
//! view (kept by key and updated in place) and the highlight rings the input asks for.
//!
//! The logical components (a space's id and outline) exist with or without a renderer, so the
//! headless tests see the same entities; meshes, materials and text only where one exists.

pub mod art;
pub mod batch;
pub mod cache;
pub mod camera;
pub mod catch_up;
pub mod geometry;
pub mod markers;
pub mod painter;
pub mod placement;

pub use art::{layer, Art, MapArt};
pub use painter::MapPainter;

use crate::app::input::{Highlights, Lit};
use crate::app::screens::Screen;
use crate::app::table::desc::{MapDesc, SpaceShape, StackLayout};
use crate::app::table::frame::Frame;
use crate::app::table::{Table, TableGame, TableSet, TableStatus};
use crate::app::ui::palette::Palette;
use bevy::picking::Pickable;
use bevy::prelude::*;
use eastfront_kernel::{Mark, SpaceId};

/// One space of the map (a hex, an area, a box): pickable, with its outline in world units.
#[derive(Component, Clone, Debug, PartialEq)]
pub struct SpaceEntity(pub SpaceId);

/// A space's outline and centre, for hit tests, rings and tints.
#[derive(Component, Clone, Debug)]
pub struct SpaceOutline {
    pub points: Vec<Vec2>,
    pub centre: Vec2,
}

/// The map of the open table (the camera fits it, the pieces are placed by it).
#[derive(Resource, Clone, Debug)]
pub struct MapShown {
    pub desc: MapDesc,
    /// The table it was built for.
    pub table_id: u64,
}

impl MapShown {
    /// A space's outline in world units.
    pub fn outline(&self, id: SpaceId) -> Vec<Vec2> {
        self.desc
            .space(id)
            .map(|s| outline_of(&self.desc, &s.shape))
            .unwrap_or_default()
    }

    /// Where piece `slot` of `of` stands in a space.
    pub fn slot(&self, id: SpaceId, slot: usize, of: usize) -> Vec2 {
        let Some(s) = self.desc.space(id) else {
            return Vec2::ZERO;
        };
        s.anchor + slot_offset(s.layout, slot, of, self.desc.piece_pitch)
    }
}

/// The offset of piece `index` of `count` from a space's anchor.
pub fn slot_offset(layout: StackLayout, index: usize, count: usize, pitch: f32) -> Vec2 {
    match layout {
        StackLayout::Pile => {
            let fan = Vec2::new(pitch * 0.153, -pitch * 0.13);
            let mid = (count as f32 - 1.0) / 2.0;
            fan * (index as f32 - mid)
        }
        StackLayout::Area => {
            let cols = if count <= 4 {
                count.max(1)
            } else {
                4.max(count.div_ceil(3))
            };
            grid_offset(index, count, cols, pitch)
        }
        StackLayout::Row { cols } => grid_offset(index, count, cols.max(1), pitch),
    }
}

fn grid_offset(index: usize, count: usize, cols: usize, pitch: f32) -> Vec2 {
    let (row, col) = (index / cols, index % cols);
    let in_row = (count - row * cols).min(cols);
    let x = (col as f32 - (in_row as f32 - 1.0) / 2.0) * pitch;
    Vec2::new(x, -(row as f32) * pitch)
}

/// Offset of piece `index` of `count` when its stack is fanned out side by side.
pub fn fanned_offset(index: usize, count: usize, pitch: f32) -> Vec2 {
    let mid = (count as f32 - 1.0) / 2.0;
    Vec2::new((index as f32 - mid) * pitch, 0.0)
}

/// A space's outline in world units.
pub fn outline_of(map: &MapDesc, shape: &SpaceShape) -> Vec<Vec2> {
    match shape {
        SpaceShape::Hex(h) => map
            .hex_layout
            .as_ref()
            .map(|l| l.hex_corners(*h).to_vec())
            .unwrap_or_default(),
        SpaceShape::Polygon(p) => p.clone(),
    }
}

/// The centre of an outline (its vertices' mean; good enough for rings and arrows).
pub fn centre_of(points: &[Vec2]) -> Vec2 {
    if points.is_empty() {
        return Vec2::ZERO;
    }
    points.iter().copied().sum::<Vec2>() / points.len() as f32
}

/// The ring colour of a lit space, in the player's palette (`ui::palette`).
pub fn lit_colour(lit: Lit, palette: Palette) -> Color {
    if palette == Palette::ColourBlindSafe {
        return safe_lit_colour(lit);
    }
    match lit {
        Lit::Selected => Color::srgba(1.0, 0.86, 0.2, 0.95),
        Lit::Mark(Mark::Move) => Color::srgba(0.25, 0.85, 0.35, 0.9),
        Lit::Mark(Mark::LongMove) => Color::srgba(0.25, 0.55, 1.0, 0.9),
        Lit::Mark(Mark::Attack) => Color::srgba(0.95, 0.2, 0.15, 0.95),
        Lit::Mark(Mark::Act) => Color::srgba(1.0, 0.6, 0.15, 0.95),
        Lit::Preview => Color::srgba(0.55, 0.85, 1.0, 0.9),
        Lit::AiFrom => Color::srgba(0.9, 0.9, 0.9, 0.8),
        Lit::AiTo => Color::srgba(1.0, 0.85, 0.2, 0.95),
        Lit::AiBattle => Color::srgba(0.95, 0.2, 0.15, 0.95),
    }
}

/// The colour-blind-safe rings: Okabe and Ito's colours (yellow, sky blue, blue, vermillion,
/// reddish purple, bluish green), told apart by lightness as well as hue.
fn safe_lit_colour(lit: Lit) -> Color {
    let okabe_ito = |r: u8, g: u8, b: u8, a: f32| Color::srgba_u8(r, g, b, (a * 255.0) as u8);
    match lit {
        Lit::Selected | Lit::AiTo => okabe_ito(240, 228, 66, 0.95),
        Lit::Mark(Mark::Move) => okabe_ito(86, 180, 233, 0.95),
        Lit::Mark(Mark::LongMove) => okabe_ito(0, 114, 178, 0.95),
        Lit::Mark(Mark::Attack) | Lit::AiBattle => okabe_ito(213, 94, 0, 0.95),
        Lit::Mark(Mark::Act) => okabe_ito(204, 121, 167, 0.95),
        Lit::Preview => okabe_ito(0, 158, 115, 0.9),
        Lit::AiFrom => okabe_ito(20, 20, 20, 0.85),
    }
}

/// What a ring of this colour means, for the legend strip.
pub fn lit_words(lit: Lit) -> &'static str {
    match lit {
        Lit::Selected => "held here / chosen",
        Lit::Mark(Mark::Move) => "a move",
        Lit::Mark(Mark::LongMove) => "a long move",
        Lit::Mark(Mark::Attack) => "engages the enemy: an attack",
        Lit::Mark(Mark::Act) => "an action there",
        Lit::Preview => "what the pointed button or log line is about",
        Lit::AiFrom => "the computer's move: from",
        Lit::AiTo => "the computer's move: to",
        Lit::AiBattle => "the computer's attack",
    }
}

/// A ring drawn around a lit space.
#[derive(Component)]
pub struct HighlightRing;

/// An overlay tint over a space.
#[derive(Component)]
pub struct Tint;

/// The hover ring.
#[derive(Component)]
pub struct HoverRing;

pub fn plugin(app: &mut App) {
    app.add_systems(Startup, art::make_map_art)
        .add_systems(OnExit(Screen::Table), |mut commands: Commands| {
            commands.remove_resource::<MapShown>();
        })
        .add_systems(
            Update,
            (
                sync_highlights,
                sync_tints,
                markers::sync_markers,
                painter::crisp_text,
            )
                .in_set(TableSet::Draw)
                .run_if(in_state(Screen::Table)),
        );
}

/// The per-game part: spawning its map when its table opens.
pub fn build<G: TableGame>(app: &mut App) {
    app.add_systems(
        Update,
        spawn_map::<G>
            .before(TableSet::Draw)
            .run_if(in_state(Screen::Table).and_then(resource_exists::<Table<G>>)),
    );
}

/// Spawns one entity per space and the game's decoration, once per table.
fn spawn_map<G: TableGame>(
    mut commands: Commands,
    status: Res<TableStatus>,
    shown: Option<Res<MapShown>>,
    table: Res<Table<G>>,
    mut art: Art,
) {
    if shown.is_some_and(|s| s.table_id == table.id) || status.table_id != table.id {
        return;
    }
    let game = table.game();
    let desc = game.map();
    commands.insert_resource(MapShown {
        desc: desc.clone(),
        table_id: table.id,
    });
    let mut painter = MapPainter::new(&mut commands, &mut art);
    for s in &desc.spaces {
        let points = outline_of(&desc, &s.shape);
        let centre = match s.shape {
            SpaceShape::Hex(h) => desc
                .hex_layout
                .as_ref()
                .map(|l| l.hex_to_world_pos(h))
                .unwrap_or_default(),
            SpaceShape::Polygon(_) => centre_of(&points),
        };
        painter.space(s, &points, centre);
    }
    game.decorate(&mut painter);
    painter.finish();
}

/// A ring of a lit space, or the hover ring.
#[derive(Component)]
pub struct Ring;

/// The rings of the lit spaces (few: rebuilt when they change).
/// What the rings are drawn from: the lit spaces, the hovered one, the frame and the palette.
#[derive(bevy::ecs::system::SystemParam)]
struct Lighting<'w> {
    highlights: Res<'w, Highlights>,
    frame: Res<'w, Frame>,
    hovered: Res<'w, crate::app::input::Hovered>,
    palette: Res<'w, Palette>,
}

impl Lighting<'_> {
    fn changed(&self) -> bool {
        self.highlights.is_changed()
            || self.hovered.is_changed()
            || self.frame.is_changed()
            || self.palette.is_changed()
    }
}

fn sync_highlights(
    mut commands: Commands,
    lighting: Lighting,
    shown: Option<Res<MapShown>>,
    old: Query<Entity, With<Ring>>,
    mut art: Art,
) {
    if !lighting.changed() {
        return;
    }
    let Lighting {
        highlights,
        frame,
        hovered,
        palette,
    } = lighting;
    for e in &old {
        commands.entity(e).despawn();
    }
    let (Some(shown), Some((art, meshes, materials))) = (shown, art.parts()) else {
        return;
    };
    if !frame.visible {
        return;
    }
    let width = shown.desc.piece_size * 0.16;
    let mut drawn: Vec<SpaceId> = Vec::new();
    for (space, lit) in &highlights.rings {
        // One ring per space: the first kind asked for wins (a selection over a destination).
        if drawn.contains(space) {
            continue;
        }
        drawn.push(*space);
        let outline = shown.outline(*space);
        let inner = shrink(&outline, width * 1.2);
        let mesh = meshes.add(geometry::ring_mesh(&outline, &inner));
        commands.spawn((
            Mesh2d(mesh),
            MeshMaterial2d(art.colour(materials, lit_colour(*lit, *palette))),
            Transform::from_xyz(0.0, 0.0, layer::HIGHLIGHT),
            HighlightRing,
            Ring,
            Pickable::IGNORE,
            DespawnOnExit(Screen::Table),
        ));
    }
    if let Some((from, to)) = highlights.arrow {
        let (a, b) = (
            centre_of(&shown.outline(from)),
            centre_of(&shown.outline(to)),
        );
        let mesh = meshes.add(geometry::arrow(a, b, width * 1.2).mesh());
        commands.spawn((
            Mesh2d(mesh),
            MeshMaterial2d(art.colour(materials, Color::srgba(1.0, 0.75, 0.1, 0.85))),
            Transform::from_xyz(0.0, 0.0, layer::HIGHLIGHT + 0.5),
            Ring,
            Pickable::IGNORE,
            DespawnOnExit(Screen::Table),
        ));
    }
    if let Some(h) = hovered.space.filter(|h| !drawn.contains(h)) {
        let outline = shown.outline(h);
        let inner = shrink(&outline, width * 0.4);
        let mesh = meshes.add(geometry::ring_mesh(&outline, &inner));
        commands.spawn((
            Mesh2d(mesh),
            MeshMaterial2d(art.colour(materials, Color::srgba(1.0, 1.0, 1.0, 0.7))),
            Transform::from_xyz(0.0, 0.0, layer::HIGHLIGHT),
            HoverRing,
            Ring,
            Pickable::IGNORE,
            DespawnOnExit(Screen::Table),
        ));
    }
}

/// An outline moved `by` world units towards its centre (per point, along the centre ray).
pub fn shrink(outline: &[Vec2], by: f32) -> Vec<Vec2> {
    let c = centre_of(outline);
    outline
        .iter()
        .map(|p| {
            let d = *p - c;
            let len = d.length();
            if len <= by {
                c
            } else {
                c + d * ((len - by) / len)
            }
        })
        .collect()
}

/// The overlay tints (control, supply, command range): a translucent fill over each space.
fn sync_tints(
    mut commands: Commands,
    frame: Res<Frame>,
    shown: Option<Res<MapShown>>,
    old: Query<Entity, With<Tint>>,
    mut art: Art,
    mut drawn: Local<Vec<(SpaceId, [u8; 4])>>,
) {
    if !frame.is_changed() {
        return;
    }
    let want: Vec<(SpaceId, [u8; 4])> = if frame.visible {
        frame
            .tints
            .iter()
            .map(|(s, c)| (*s, c.to_srgba().to_u8_array()))
            .collect()
    } else {
        Vec::new()
    };
    if *drawn == want {
        return;
    }
    *drawn = want;
    for e in &old {
        commands.entity(e).despawn();
    }
    let (Some(shown), Some((art, meshes, materials))) = (shown, art.parts()) else {
        return;
    };
    for (space, colour) in &frame.tints {
        let outline = shown.outline(*space);
        if outline.len() < 3 {
            continue;
        }
        commands.spawn((
            Mesh2d(meshes.add(geometry::polygon_fill_mesh(&outline))),
            MeshMaterial2d(art.colour(materials, *colour)),
            Transform::from_xyz(0.0, 0.0, layer::TINT),
            Tint,
            Pickable::IGNORE,
            DespawnOnExit(Screen::Table),
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_area_holds_four_in_a_row_then_more_rows() {
        let p = 10.0;
        let four: Vec<Vec2> = (0..4)
            .map(|i| slot_offset(StackLayout::Area, i, 4, p))
            .collect();
        assert!(four.iter().all(|v| v.y == 0.0), "one row");
        assert_eq!(four[0].x, -15.0);
        let nine = slot_offset(StackLayout::Area, 8, 9, p);
        assert!(nine.y < 0.0, "a later row is lower");
    }

    #[test]
    fn a_pile_is_centred_on_the_anchor() {
        let a = slot_offset(StackLayout::Pile, 0, 3, 40.0);
        let c = slot_offset(StackLayout::Pile, 2, 3, 40.0);
        assert!((a + c).length() < 1e-4, "{a} {c}");
    }

    #[test]
    fn shrink_moves_points_toward_the_centre() {
        let sq = [
            Vec2::new(-10.0, -10.0),
            Vec2::new(10.0, -10.0),
            Vec2::new(10.0, 10.0),
            Vec2::new(-10.0, 10.0),
        ];
        let s = shrink(&sq, 2.0_f32.sqrt() * 2.0);
        assert!((s[2] - Vec2::new(8.0, 8.0)).length() < 1e-4);
    }
}
