//! The Stalingrad map, drawn from `scenarios/stalingrad/map.ron` on hexx's flat-top layout:
//! each hex a space (terrain-coloured), its number, landmark, reinforcement rings, factory and
//! docks; Difficult hexes' scrub and Urban hexes' streets; the Volga and its bank; the paper.

use super::Stalingrad;
use crate::app::map::{layer, MapPainter};
use crate::app::table::desc::{MapDesc, SpaceDesc, SpaceShape, StackLayout};
use bevy::prelude::*;
use eastfront_kernel::{EdgeFeature, SpaceId};
use eastfront_stalingrad::data::{Army, Terrain};
use hexx::{Hex, HexLayout};

/// Distance from a hex's centre to a corner, in world units.
pub const HEX_SIZE: f32 = 48.0;
/// Side of a block's top face.
pub const BLOCK_SIZE: f32 = HEX_SIZE * 0.8;
const SQRT3: f32 = 1.732_050_8;

pub mod colours {
    use bevy::prelude::Color;
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

/// The map's hex layout: flat-top, `map.ron`'s q to the right and r downwards (Bevy's y points
/// up, hence the inverted y axis).
pub fn layout() -> HexLayout {
    let mut l = HexLayout::flat().with_hex_size(HEX_SIZE);
    l.invert_y();
    l
}

/// The map's extent in world units, margins included.
pub fn bounds(game: &Stalingrad) -> Rect {
    let l = layout();
    let mut rect = Rect::EMPTY;
    for h in game
        .board
        .hexes
        .iter()
        .map(|h| h.hex)
        .chain(game.board.volga.iter().copied())
    {
        rect = rect.union_point(l.hex_to_world_pos(h));
    }
    rect.inflate(HEX_SIZE * 0.75)
}

fn fill(t: Terrain) -> Color {
    match t {
        Terrain::Clear => colours::CLEAR,
        Terrain::Difficult => colours::DIFFICULT_EDGE,
        Terrain::Urban => colours::URBAN,
    }
}

pub fn map_desc(game: &Stalingrad) -> MapDesc {
    let l = layout();
    MapDesc {
        spaces: game
            .board
            .hexes
            .iter()
            .enumerate()
            .map(|(i, h)| SpaceDesc {
                id: SpaceId(i as u16),
                shape: SpaceShape::Hex(h.hex),
                fill: fill(h.terrain),
                outline: (colours::HEX_LINE, 1.4),
                anchor: l.hex_to_world_pos(h.hex) + Vec2::new(0.0, -HEX_SIZE * 0.06),
                layout: StackLayout::Pile,
            })
            .collect(),
        hex_layout: Some(l),
        bounds: bounds(game),
        piece_size: BLOCK_SIZE,
        piece_pitch: BLOCK_SIZE + 4.0,
        open_on_own_pieces: false,
    }
}

/// The corners of a hexagon of circumradius `size` around `c`.
fn hexagon(c: Vec2, size: f32) -> Vec<Vec2> {
    (0..6)
        .map(|i| {
            let a = std::f32::consts::PI / 3.0 * i as f32;
            c + Vec2::new(size * a.cos(), size * a.sin())
        })
        .collect()
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
    let mut n = (seed as u32)
        .wrapping_mul(2_654_435_761)
        .wrapping_add(12345);
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

/// Everything printed on the board that is not a space or a marker.
pub fn decorate(game: &Stalingrad, p: &mut MapPainter) {
    let board = &game.board;
    let l = layout();
    p.paper(bounds(game), layer::PAPER);
    for (i, info) in board.hexes.iter().enumerate() {
        let c = l.hex_to_world_pos(info.hex);
        match info.terrain {
            Terrain::Difficult => {
                // The darker band is the outer part of the fill; the inner hex is lighter.
                p.polygon(
                    &hexagon(c, HEX_SIZE * 0.84),
                    colours::DIFFICULT,
                    layer::DECOR,
                );
                for (k, (dx, dy)) in SCRUB.iter().enumerate() {
                    let r = 2.2 + (k % 3) as f32 * 0.6;
                    p.disc(
                        c + Vec2::new(dx * HEX_SIZE, dy * HEX_SIZE),
                        r,
                        colours::DIFFICULT_SCRUB,
                        layer::DECOR + 0.05,
                    );
                }
            }
            Terrain::Urban => {
                for (dx, dy, w, h) in buildings(i) {
                    p.rect(
                        c + Vec2::new(dx, dy),
                        Vec2::new(w, h),
                        0.0,
                        colours::URBAN_BUILDING,
                        layer::DECOR,
                    );
                }
            }
            Terrain::Clear => {}
        }
        let ring = |p: &mut MapPainter, colour: Color| {
            p.ring(
                &hexagon(c, HEX_SIZE * 0.93),
                &hexagon(c, HEX_SIZE * 0.85),
                colour,
                layer::DECOR + 0.1,
            );
        };
        if info.soviet_reinforcement {
            ring(p, colours::SOVIET_RED);
        }
        if let Some(army) = info.german_reinforcement {
            ring(p, army_colour(army));
        }
        p.text(
            info.id.clone(),
            c + Vec2::new(0.0, HEX_SIZE * 0.66),
            11.0,
            colours::NUMBER,
            info.number.is_none(),
            layer::TEXT,
        );
        if let Some(name) = &info.landmark {
            let (text, lines) = wrap_name(name, 13);
            p.text(
                text,
                c + Vec2::new(0.0, -HEX_SIZE * 0.7 + (lines - 1) as f32 * 4.5),
                7.5,
                colours::LANDMARK,
                false,
                layer::TEXT,
            );
        }
        if info.factory {
            let at = c + Vec2::new(HEX_SIZE * 0.52, HEX_SIZE * 0.52);
            for (dx, dy, w, h) in [
                (0.0, 0.0, 11.0, 5.0),
                (-3.5, 4.5, 2.0, 6.0),
                (1.0, 4.0, 2.0, 5.0),
            ] {
                p.rect(
                    at + Vec2::new(dx, dy),
                    Vec2::new(w, h),
                    0.0,
                    colours::OUTLINE_DARK,
                    layer::TEXT,
                );
            }
        }
        if info.docks > 0 {
            p.text(
                "⚓".repeat(info.docks as usize),
                c + Vec2::new(-HEX_SIZE * 0.52, HEX_SIZE * 0.5),
                9.0,
                colours::BANK,
                false,
                layer::TEXT,
            );
        }
    }
    for h in &board.volga {
        p.polygon(
            &hexagon(l.hex_to_world_pos(*h), HEX_SIZE * 1.02),
            colours::WATER,
            layer::WATER,
        );
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
            .map(|h| l.hex_to_world_pos(*h))
            .collect();
        let centre = here.iter().copied().sum::<Vec2>() / here.len().max(1) as f32;
        p.text(
            "V O L G A",
            centre,
            15.0,
            Color::srgba(0.90, 0.95, 1.0, 0.85),
            true,
            layer::TEXT,
        );
    }
    // The river bank: a heavy line on every border between a playable hex and the Volga.
    for id in board.topo.ids() {
        let here_hex = board.hexes[id.index()].hex;
        let here = l.hex_to_world_pos(here_hex);
        for edge in board.topo.edges(id) {
            if edge.feature != EdgeFeature::RiverBank {
                continue;
            }
            let Some(dir) = edge.dir else { continue };
            let off = board.data.map.compass[dir as usize];
            let there = l.hex_to_world_pos(here_hex + Hex::new(off.0, off.1));
            let mid = (here + there) / 2.0;
            let along = (there - here).perp().normalize();
            p.rect(
                mid,
                Vec2::new(HEX_SIZE + 2.0, 4.0),
                along.y.atan2(along.x),
                colours::BANK,
                layer::DECOR + 0.2,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The hexx layout puts every hex where the printed map's axial layout does: q to the
    /// right by 1.5 sizes, r downwards by √3 sizes (half a row per column).
    #[test]
    fn the_hex_layout_matches_the_printed_axial_layout() {
        let l = layout();
        for (q, r) in [(0, 0), (1, 0), (0, 1), (3, -2), (-4, 5)] {
            let h = Hex::new(q, r);
            let x = 1.5 * q as f32 * HEX_SIZE;
            let y = -(SQRT3 * (r as f32 + q as f32 / 2.0) * HEX_SIZE);
            let p = l.hex_to_world_pos(h);
            assert!((p - Vec2::new(x, y)).length() < 1e-3, "{q},{r}: {p}");
            assert_eq!(l.world_pos_to_hex(p + Vec2::new(3.0, -2.0)), h);
        }
    }
}
