//! The No Retreat! map, drawn from `scenarios/no_retreat/map.ron` on hexx's pointy-top layout:
//! each hex a space coloured by its terrain (clear, forest, marsh, mountain, the Kerch Strait,
//! the lakes), the seas beside the coastal hexes, the major rivers and the lake shores on their
//! hexsides, the borders of Greater Germany and Romania, the cities with their names, the oil
//! fields, the Objectives' thick borders (grey for the Axis, red for the Soviets, 12.1), the
//! friendly map edges (6.1), the off-grid areas (Finland and the Balkans, 8.6, 8.7) and, below
//! the map, the holding boxes the counters wait in.

use super::NoRetreat;
use crate::app::map::{layer, MapPainter};
use crate::app::table::desc::{MapDesc, SpaceDesc, SpaceShape, StackLayout};
use bevy::prelude::*;
use eastfront_kernel::{Side, SpaceId};
use eastfront_no_retreat::data::map::{Coord, HexsideKind, Region, Terrain};
use hexx::{Hex, HexLayout};

/// Distance from a hex's centre to a corner, in world units.
pub const HEX_SIZE: f32 = 40.0;
/// Side of a counter: it leaves the hex's top point free for the Target and Counterblow
/// markers and its right edge for Unsupplied and Disorganized (the table grows counters that
/// would be too small to read).
pub const COUNTER_SIZE: f32 = HEX_SIZE * 0.95;

pub mod colours {
    use bevy::prelude::Color;
    pub const CLEAR: Color = Color::srgb(0.90, 0.87, 0.72);
    pub const FOREST: Color = Color::srgb(0.55, 0.68, 0.42);
    pub const MARSH: Color = Color::srgb(0.66, 0.76, 0.66);
    pub const MOUNTAIN: Color = Color::srgb(0.70, 0.58, 0.44);
    pub const WATER: Color = Color::srgb(0.55, 0.72, 0.86);
    pub const RIVER: Color = Color::srgb(0.22, 0.45, 0.78);
    pub const SHORE: Color = Color::srgb(0.30, 0.50, 0.72);
    pub const HEX_LINE: Color = Color::srgba(0.35, 0.30, 0.22, 0.55);
    pub const BORDER: Color = Color::srgb(0.45, 0.16, 0.30);
    pub const CITY: Color = Color::srgb(0.12, 0.11, 0.10);
    pub const NAME: Color = Color::srgb(0.15, 0.12, 0.10);
    pub const AXIS_OBJECTIVE: Color = Color::srgb(0.30, 0.32, 0.34);
    pub const SOVIET_OBJECTIVE: Color = Color::srgb(0.78, 0.10, 0.08);
    pub const AREA: Color = Color::srgb(0.80, 0.80, 0.74);
    pub const BOX: Color = Color::srgb(0.84, 0.81, 0.70);
    pub const BOX_EDGE: Color = Color::srgb(0.30, 0.26, 0.20);
}

/// The hex layout: pointy-top, the map's column to the right and its row downwards (Bevy's y
/// points up, hence the inverted axis), so E = (0,+1) and NE = (−1,+1) as the data says.
pub fn layout() -> HexLayout {
    let mut l = HexLayout::pointy().with_hex_size(HEX_SIZE);
    l.invert_y();
    l
}

/// The hex of a (row, column) coordinate.
pub fn hex(c: Coord) -> Hex {
    Hex::new(c.1, c.0)
}

/// A coordinate's centre in world units.
pub fn centre(c: Coord) -> Vec2 {
    layout().hex_to_world_pos(hex(c))
}

/// The holding boxes under the map (rules 2.8): (the box's words, its side; a place in
/// [`box_slot`]).
pub const BOXES: [&str; 7] = [
    "Arriving",
    "Turn Track",
    "Rail",
    "Shattered",
    "Destroyed",
    "Surrendered",
    "Cadres",
];
const BOX_W: f32 = COUNTER_SIZE * 4.4;
const BOX_H: f32 = COUNTER_SIZE * 3.4;
const BOX_GAP: f32 = COUNTER_SIZE * 0.5;

/// The map's grid extent (hexes and areas), without the boxes.
fn grid_rect(game: &NoRetreat) -> Rect {
    let d = &game.board.data.map;
    let mut rect = Rect::EMPTY;
    for c in d
        .hexes
        .iter()
        .map(|h| h.at)
        .chain(d.areas.iter().map(|a| a.at))
    {
        rect = rect.union_point(centre(c));
    }
    rect.inflate(HEX_SIZE * 1.2)
}

/// The top-left corner of a side's box `index` (Axis row first, then Soviet).
fn box_corner(game: &NoRetreat, side: Side, index: usize) -> Vec2 {
    let g = grid_rect(game);
    let row = if side == Side::German { 0.0 } else { 1.0 };
    Vec2::new(
        g.min.x + index as f32 * (BOX_W + BOX_GAP),
        g.min.y - BOX_GAP - row * (BOX_H + BOX_GAP),
    )
}

/// Where the `slot`th counter of a box stands (rows of four under the title, then piled).
pub fn box_slot(game: &NoRetreat, side: Side, index: usize, slot: usize) -> Vec2 {
    let corner = box_corner(game, side, index);
    let per_row = 4;
    let rows = 2;
    let (row, col) = ((slot / per_row) % rows, slot % per_row);
    let pile = (slot / (per_row * rows)) as f32 * 3.0;
    corner
        + Vec2::new(
            COUNTER_SIZE * (0.7 + col as f32 * 1.0) + pile,
            -COUNTER_SIZE * (1.2 + row as f32 * 1.05) - pile,
        )
}

/// The map's extent in world units, boxes and margins included.
pub fn bounds(game: &NoRetreat) -> Rect {
    let g = grid_rect(game);
    let low = box_corner(game, Side::Soviet, 0).y - BOX_H;
    let right = box_corner(game, Side::German, BOXES.len() - 1).x + BOX_W;
    Rect::from_corners(
        Vec2::new(g.min.x, low - BOX_GAP),
        Vec2::new(g.max.x.max(right), g.max.y),
    )
}

pub fn terrain_colour(t: Terrain) -> Color {
    match t {
        Terrain::Clear => colours::CLEAR,
        Terrain::Forest => colours::FOREST,
        Terrain::Marsh => colours::MARSH,
        Terrain::Mountain => colours::MOUNTAIN,
        Terrain::Strait | Terrain::Lake => colours::WATER,
    }
}

pub fn map_desc(game: &NoRetreat) -> MapDesc {
    let board = &game.board;
    let l = layout();
    let mut spaces = Vec::new();
    for id in (0..board.topo.len()).map(|i| SpaceId(i as u16)) {
        let at = board.coord(id);
        let (shape, fill) = match board.hex(id) {
            Some(h) => (SpaceShape::Hex(hex(h.at)), terrain_colour(h.terrain)),
            None => (
                SpaceShape::Polygon(hexagon(centre(at), HEX_SIZE * 0.98)),
                colours::AREA,
            ),
        };
        spaces.push(SpaceDesc {
            id,
            shape,
            fill,
            outline: (colours::HEX_LINE, 1.0),
            anchor: l.hex_to_world_pos(hex(at)) + Vec2::new(0.0, -HEX_SIZE * 0.08),
            layout: StackLayout::Pile,
        });
    }
    MapDesc {
        spaces,
        hex_layout: Some(l),
        bounds: bounds(game),
        piece_size: COUNTER_SIZE,
        piece_pitch: COUNTER_SIZE + 4.0,
        open_on_own_pieces: false,
    }
}

/// The corners of a pointy-top hexagon of circumradius `size` around `c`.
fn hexagon(c: Vec2, size: f32) -> Vec<Vec2> {
    (0..6)
        .map(|i| {
            let a = std::f32::consts::PI / 6.0 + std::f32::consts::PI / 3.0 * i as f32;
            c + Vec2::new(size * a.cos(), size * a.sin())
        })
        .collect()
}

/// The two corners two neighbouring hexes share.
fn shared_side(a: Coord, b: Coord) -> Option<(Vec2, Vec2)> {
    let (ca, cb) = (hexagon(centre(a), HEX_SIZE), hexagon(centre(b), HEX_SIZE));
    let shared: Vec<Vec2> = ca
        .into_iter()
        .filter(|p| cb.iter().any(|q| q.distance(*p) < 0.5))
        .collect();
    (shared.len() == 2).then(|| (shared[0], shared[1]))
}

/// A line along a hexside, `width` wide, slightly shorter than the side.
fn hexside(p: &mut MapPainter, a: Coord, b: Coord, width: f32, colour: Color, z: f32) {
    if let Some((u, v)) = shared_side(a, b) {
        let d = v - u;
        p.rect(
            (u + v) / 2.0,
            Vec2::new(d.length() + width * 0.5, width),
            d.y.atan2(d.x),
            colour,
            z,
        );
    }
}

/// Everything printed on the board that is not a space or a marker.
pub fn decorate(game: &NoRetreat, p: &mut MapPainter) {
    let board = &game.board;
    let map = &board.data.map;
    p.paper(bounds(game), layer::PAPER);
    let on_grid = |c: Coord| board.at(c).is_some();
    // The seas: every empty neighbour of a coastal hex is water.
    let mut sea: Vec<Coord> = Vec::new();
    for h in map.hexes.iter().filter(|h| h.sea.is_some()) {
        for (dr, dc) in [(0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1), (1, 0)] {
            let c = (h.at.0 + dr, h.at.1 + dc);
            if !on_grid(c) && !sea.contains(&c) {
                sea.push(c);
            }
        }
    }
    for c in &sea {
        p.polygon(
            &hexagon(centre(*c), HEX_SIZE * 1.02),
            colours::WATER,
            layer::WATER,
        );
    }
    for h in &map.hexes {
        let c = centre(h.at);
        match h.terrain {
            Terrain::Forest => {
                for (dx, dy) in [(-0.4, 0.2), (0.35, 0.3), (-0.1, -0.45), (0.45, -0.25)] {
                    p.disc(
                        c + Vec2::new(dx, dy) * HEX_SIZE,
                        HEX_SIZE * 0.09,
                        Color::srgb(0.38, 0.52, 0.30),
                        layer::DECOR,
                    );
                }
            }
            Terrain::Marsh => {
                for k in 0..3 {
                    p.rect(
                        c + Vec2::new(0.0, (k as f32 - 1.0) * HEX_SIZE * 0.28),
                        Vec2::new(HEX_SIZE * 0.55, 1.6),
                        0.0,
                        Color::srgb(0.36, 0.52, 0.50),
                        layer::DECOR,
                    );
                }
            }
            Terrain::Mountain => {
                for dx in [-0.3f32, 0.25] {
                    p.polygon(
                        &[
                            c + Vec2::new(dx - 0.22, -0.15) * HEX_SIZE,
                            c + Vec2::new(dx + 0.22, -0.15) * HEX_SIZE,
                            c + Vec2::new(dx, 0.2) * HEX_SIZE,
                        ],
                        Color::srgb(0.50, 0.40, 0.30),
                        layer::DECOR,
                    );
                }
            }
            _ => {}
        }
        if let Some(side) = h.objective {
            let colour = match side {
                Side::German => colours::AXIS_OBJECTIVE,
                Side::Soviet => colours::SOVIET_OBJECTIVE,
            };
            p.ring(
                &hexagon(c, HEX_SIZE * 0.97),
                &hexagon(c, HEX_SIZE * 0.84),
                colour,
                layer::DECOR + 0.1,
            );
        }
        if let Some(side) = h.edge {
            let colour = match side {
                Side::German => Color::srgba(0.30, 0.32, 0.34, 0.45),
                Side::Soviet => Color::srgba(0.78, 0.10, 0.08, 0.35),
            };
            p.ring(
                &hexagon(c, HEX_SIZE * 0.84),
                &hexagon(c, HEX_SIZE * 0.76),
                colour,
                layer::DECOR + 0.05,
            );
        }
        if h.city.is_some() {
            p.rect(
                c + Vec2::new(0.0, HEX_SIZE * 0.45),
                Vec2::splat(HEX_SIZE * 0.2),
                0.0,
                colours::CITY,
                layer::DECOR + 0.2,
            );
        }
        if h.oil.is_some() {
            p.polygon(
                &[
                    c + Vec2::new(-0.12, 0.3) * HEX_SIZE,
                    c + Vec2::new(0.12, 0.3) * HEX_SIZE,
                    c + Vec2::new(0.0, 0.62) * HEX_SIZE,
                ],
                colours::CITY,
                layer::DECOR + 0.2,
            );
        }
        if let Some(name) = h.label() {
            p.text(
                name.to_string(),
                c + Vec2::new(0.0, -HEX_SIZE * 0.68),
                8.5,
                colours::NAME,
                h.objective.is_some(),
                layer::TEXT,
            );
        }
    }
    // Hexsides: the major rivers and the lake and sea shores.
    for s in &map.hexsides {
        let (width, colour) = match s.kind {
            HexsideKind::River => (3.2, colours::RIVER),
            HexsideKind::Lake => (4.0, colours::SHORE),
        };
        hexside(p, s.a, s.b, width, colour, layer::DECOR + 0.3);
    }
    // The borders of Greater Germany and Romania with the USSR.
    for h in &map.hexes {
        for (dr, dc) in [(0, 1), (1, -1), (1, 0)] {
            let c = (h.at.0 + dr, h.at.1 + dc);
            let Some(other) = board.at(c).and_then(|id| board.hex(id)) else {
                continue;
            };
            if other.region != h.region && (h.region, other.region) != (Region::Ussr, Region::Ussr)
            {
                hexside(p, h.at, c, 2.0, colours::BORDER, layer::DECOR + 0.25);
            }
        }
    }
    for a in &map.areas {
        p.text(
            a.name.replace(' ', "\n"),
            centre(a.at),
            9.0,
            colours::NAME,
            true,
            layer::TEXT,
        );
    }
    boxes(game, p);
}

/// The holding boxes under the map, one row per side.
fn boxes(game: &NoRetreat, p: &mut MapPainter) {
    for side in [Side::German, Side::Soviet] {
        let who = if side == Side::German {
            "Axis"
        } else {
            "Soviet"
        };
        for (i, title) in BOXES.iter().enumerate() {
            let corner = box_corner(game, side, i);
            let centre = corner + Vec2::new(BOX_W / 2.0, -BOX_H / 2.0);
            p.rounded(
                centre,
                Vec2::new(BOX_W + 3.0, BOX_H + 3.0),
                6.0,
                colours::BOX_EDGE,
                layer::DECOR,
            );
            p.rounded(
                centre,
                Vec2::new(BOX_W, BOX_H),
                5.0,
                colours::BOX,
                layer::DECOR + 0.05,
            );
            p.text(
                format!("{who} · {title}"),
                corner + Vec2::new(BOX_W / 2.0, -COUNTER_SIZE * 0.35),
                9.0,
                colours::NAME,
                true,
                layer::TEXT,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The data's directions land where a pointy-top map puts them: E to the right, NE up and
    /// to the right, SE down and to the right (spec §3.1).
    #[test]
    fn the_data_directions_point_where_the_map_draws_them() {
        let o = centre((0, 0));
        let e = centre((0, 1)) - o;
        let ne = centre((-1, 1)) - o;
        let se = centre((1, 0)) - o;
        assert!(e.x > 0.0 && e.y.abs() < 1e-3, "{e}");
        assert!(ne.x > 0.0 && ne.y > 0.0, "{ne}");
        assert!(se.x > 0.0 && se.y < 0.0, "{se}");
        for n in [e, ne, se] {
            assert!((n.length() - HEX_SIZE * 3f32.sqrt()).abs() < 1e-3);
        }
    }

    #[test]
    fn neighbours_share_exactly_one_side() {
        assert!(shared_side((0, 0), (0, 1)).is_some());
        assert!(shared_side((0, 0), (1, -1)).is_some());
        assert!(shared_side((0, 0), (2, 0)).is_none());
    }

    /// Moscow is east of Warsaw and north of Rostov on the drawn map, as on the real one.
    #[test]
    fn cities_sit_in_their_real_order() {
        let game = NoRetreat::new();
        let at = |name: &str| {
            let h = game
                .board
                .data
                .map
                .hexes
                .iter()
                .find(|h| h.city.as_deref() == Some(name))
                .unwrap_or_else(|| panic!("{name} on the map"));
            centre(h.at)
        };
        assert!(at("Moscow").x > at("Warsaw").x);
        assert!(at("Moscow").y > at("Rostov").y);
        assert!(at("Leningrad").y > at("Moscow").y);
    }
}
