//! The Moscow '41 area map, drawn from `scenarios/moscow41/map.ron`: each area a space (its
//! polygon filled by terrain) with its printed circle or victory star and number, its city box
//! or place name and supply-edge icon; rivers along the borders that carry them, Lake Ilmen,
//! the names printed on the map; the off-map boxes (Rastenburg, Kiev, the Road to Leningrad)
//! as spaces; and, beside the map, each side's Force Pool and eliminated boxes.
//!
//! Each area's number, name, markers and blocks are laid out as one group where it fits the
//! area ([`super::labels`]), the number and name drawn above every marker and highlight.

use super::labels::{
    layout_area, AreaLayout, Badge, LabelSpec, BADGE_R, NAME_FONT, NUMBER_FONT, STAGING_FONT,
    STAGING_HALF, STAR_R, SUPPLY_R,
};
use super::{terrain_words, to_world, Moscow41, BLOCK, CM, PITCH};
use crate::app::map::geometry::shared_border;
use crate::app::map::placement::text_width;
use crate::app::map::MapPainter;
use crate::app::table::desc::{MapDesc, SpaceDesc, SpaceShape, StackLayout};
use bevy::prelude::*;
use eastfront_kernel::{Side, SpaceId};
use eastfront_moscow41::data::{BoxKind, MapFile, SupplyEdge, Terrain};
use eastfront_moscow41::{Board, View};
use std::sync::OnceLock;

/// Font size of the names printed on the map beside the areas' own (rivers, lakes, places).
const DECOR_FONT: f32 = 0.42 * CM;

/// Depths of Moscow's own drawing, between the table's layers.
pub mod layer {
    pub const PAPER: f32 = -10.0;
    pub const LAKE: f32 = 0.2;
    pub const BORDER: f32 = 0.3;
    pub const RIVER: f32 = 0.4;
    pub const DECOR: f32 = 0.6;
    pub const TEXT: f32 = 0.8;
    /// Area numbers and names (their badge and box, then the text): above every marker,
    /// tint and highlight, below the blocks.
    pub const LABEL_BACK: f32 = 3.0;
    pub const LABEL: f32 = 3.1;
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
    pub const COMMAND: Color = Color::srgb(0.45, 0.30, 0.85);
    pub const SUPPLIED: Color = Color::srgb(0.30, 0.75, 0.35);
    pub const UNSUPPLIED: Color = Color::srgb(0.60, 0.10, 0.60);
}

pub fn side_colour(s: Side) -> Color {
    match s {
        Side::German => colours::GERMAN,
        Side::Soviet => colours::SOVIET,
    }
}

pub fn terrain_fill(t: Terrain) -> Color {
    match t {
        Terrain::Green => colours::GREEN_AREA,
        Terrain::Yellow => colours::YELLOW_AREA,
        Terrain::Victory => colours::VICTORY_AREA,
        Terrain::Staging => colours::STAGING_AREA,
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
pub fn bounds(board: &Board) -> Rect {
    let m = &board.data.map;
    let mut r = Rect::from_corners(Vec2::ZERO, Vec2::new(m.width * CM, -m.height * CM));
    for (_, _, b, _) in pool_boxes(board) {
        r = r.union(b);
    }
    r.inflate(CM)
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

/// An area's label layout and, on a map edge, its supply icon and where it goes.
pub type Placed = (AreaLayout, Option<(SupplyEdge, Vec2)>);

/// Each area's label layout: the number, the name (city box or place name), the markers and
/// the blocks as one group where it fits the outline, clear of the supply-edge icon and the
/// names printed on the map; and the supply icon's place.
pub fn area_layouts(map: &MapFile) -> Vec<Placed> {
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

/// The built-in map's label layouts, computed once (they take a moment).
pub fn layouts(game: &Moscow41) -> Vec<Placed> {
    static BUILTIN: OnceLock<Vec<Placed>> = OnceLock::new();
    let map = &game.board.data.map;
    if std::ptr::eq(game, <Moscow41 as crate::app::table::TableGame>::builtin()) {
        BUILTIN.get_or_init(|| area_layouts(map)).clone()
    } else {
        area_layouts(map)
    }
}

/// A box's rectangle.
fn box_rect(bx: &eastfront_moscow41::data::BoxData) -> Rect {
    Rect::from_corners(
        to_world(bx.pos),
        to_world((bx.pos.0 + bx.size.0, bx.pos.1 + bx.size.1)),
    )
}

fn rect_points(r: Rect) -> Vec<Vec2> {
    vec![
        Vec2::new(r.min.x, r.min.y),
        Vec2::new(r.max.x, r.min.y),
        Vec2::new(r.max.x, r.max.y),
        Vec2::new(r.min.x, r.max.y),
    ]
}

/// The spaces: the 175 areas (their blocks under their label), then the boxes.
pub fn map_desc(game: &Moscow41) -> MapDesc {
    let board = &game.board;
    let map = &board.data.map;
    let layouts = layouts(game);
    let mut spaces: Vec<SpaceDesc> = map
        .areas
        .iter()
        .zip(board.area_ids())
        .zip(&layouts)
        .map(|((a, id), (layout, _))| SpaceDesc {
            id,
            shape: SpaceShape::Polygon(a.polygon.iter().map(|p| to_world(*p)).collect()),
            fill: terrain_fill(a.terrain),
            outline: (colours::BORDER, 1.6),
            anchor: layout.blocks,
            layout: StackLayout::Area,
        })
        .collect();
    for (k, bx) in map.boxes.iter().enumerate() {
        let r = box_rect(bx);
        spaces.push(SpaceDesc {
            id: SpaceId((board.n_areas + k) as u16),
            shape: SpaceShape::Polygon(rect_points(r)),
            fill: colours::BOX_FILL,
            outline: (colours::BORDER, 2.0),
            anchor: r.center() + Vec2::new(0.0, -0.15 * CM),
            layout: StackLayout::Row { cols: 6 },
        });
    }
    MapDesc {
        hex_layout: None,
        spaces,
        bounds: bounds(board),
        piece_size: BLOCK,
        piece_pitch: PITCH,
        open_on_own_pieces: true,
    }
}

/// Everything printed on the board that is not a space or a marker.
pub fn decorate(game: &Moscow41, p: &mut MapPainter) {
    let board = &game.board;
    let map = &board.data.map;
    if !p.draws() {
        return;
    }
    // The paper the map is printed on, and a frame round the map itself.
    let b = bounds(board);
    p.rect(b.center(), b.size(), 0.0, colours::PAPER, layer::PAPER);
    let frame = rect_points(Rect::from_corners(
        Vec2::ZERO,
        Vec2::new(map.width * CM, -map.height * CM),
    ));
    p.polyline(&frame, 3.0, colours::BORDER, true, layer::BORDER);
    let layouts = layouts(game);
    for (a, (layout, supply)) in map.areas.iter().zip(&layouts) {
        badge(p, a.terrain, &a.id, layout);
        let name = a.city.as_ref().map(|c| c.name.clone()).or(a.name.clone());
        if let (Some(text), Some(r)) = (name, layout.name) {
            let special = a.city.as_ref().is_some_and(|c| c.special);
            if a.city.is_some() {
                p.rect(
                    r.center(),
                    r.size() + 2.5,
                    0.0,
                    colours::TEXT,
                    layer::LABEL_BACK,
                );
                p.rect(
                    r.center(),
                    r.size(),
                    0.0,
                    Color::WHITE,
                    layer::LABEL_BACK + 0.01,
                );
            } else {
                p.rounded(
                    r.center(),
                    r.size(),
                    0.2 * CM,
                    colours::NAME_BACKING,
                    layer::LABEL_BACK,
                );
            }
            let col = if special {
                colours::STAR
            } else {
                colours::TEXT
            };
            p.text(text, r.center(), NAME_FONT, col, false, layer::LABEL);
        }
        if let Some((edge, at)) = supply {
            p.disc(*at, SUPPLY_R + 1.0, colours::TEXT, layer::DECOR);
            p.disc(*at, SUPPLY_R, supply_colour(*edge), layer::DECOR + 0.01);
            p.text("S", *at, SUPPLY_R, Color::WHITE, true, layer::TEXT);
        }
    }
    // Rivers along the borders that carry them (R 2.4.6): the game effect is the border.
    let outlines: Vec<Vec<Vec2>> = map
        .areas
        .iter()
        .map(|a| a.polygon.iter().map(|q| to_world(*q)).collect())
        .collect();
    let index = |id: &str| map.areas.iter().position(|a| a.id == id);
    for edge in map.edges.iter().filter(|e| e.river) {
        let (Some(a), Some(b)) = (index(&edge.a), index(&edge.b)) else {
            continue;
        };
        for run in shared_border(&outlines[a], &outlines[b], 0.05 * CM) {
            p.polyline(&run, 0.16 * CM, colours::RIVER, false, layer::RIVER);
        }
    }
    // Lake Ilmen (no area borders another across it, R 2.4).
    for lake in &map.lakes {
        let pts: Vec<Vec2> = lake.polygon.iter().map(|q| to_world(*q)).collect();
        p.polygon(&pts, colours::WATER, layer::LAKE);
    }
    for (text, at, col) in decor_names(map) {
        p.text(text, at, DECOR_FONT, col, false, layer::TEXT);
    }
    // The off-map boxes' titles: Rastenburg, Kiev and the Road to Leningrad (R 2.2).
    for (k, bx) in map.boxes.iter().enumerate() {
        let id = SpaceId((board.n_areas + k) as u16);
        let r = box_rect(bx);
        let title = match (bx.kind, board.road_index(id)) {
            (BoxKind::Road, Some(n)) => format!("{n}. {}", bx.id),
            (BoxKind::Kiev, _) => "Kiev (1 VP)".to_string(),
            _ => bx.id.clone(),
        };
        p.text(
            title,
            Vec2::new(r.center().x, r.max.y - 0.36 * CM),
            0.46 * CM,
            colours::TEXT,
            true,
            layer::TEXT,
        );
    }
    // Each side's holding boxes beside the map.
    for (side, _, rect, title) in pool_boxes(board) {
        p.rect(
            rect.center(),
            rect.size(),
            0.0,
            side_colour(side),
            layer::BORDER,
        );
        p.rect(
            rect.center(),
            rect.size() - Vec2::splat(6.0),
            0.0,
            colours::POOL_FILL,
            layer::BORDER + 0.01,
        );
        p.text(
            title,
            Vec2::new(rect.center().x, rect.max.y - 0.45 * CM),
            0.46 * CM,
            Color::srgb(0.95, 0.92, 0.85),
            false,
            layer::TEXT,
        );
    }
}

/// The printed circle (green / yellow; a pill for three digits), the victory star or the
/// staging box, and the number on it.
fn badge(p: &mut MapPainter, terrain: Terrain, number: &str, layout: &AreaLayout) {
    let at = layout.number;
    let z = layer::LABEL_BACK;
    match layout.badge {
        Badge::Circle { half_w } => {
            let col = if terrain == Terrain::Green {
                colours::GREEN_CIRCLE
            } else {
                colours::YELLOW_CIRCLE
            };
            if half_w <= BADGE_R {
                p.disc(at, BADGE_R + 1.2, colours::TEXT, z);
                p.disc(at, BADGE_R, col, z + 0.01);
            } else {
                let size = Vec2::new(2.0 * half_w, 2.0 * BADGE_R);
                let ring = size + Vec2::splat(2.4);
                p.rounded(at, ring, ring.y / 2.0, colours::TEXT, z);
                p.rounded(at, size, BADGE_R, col, z + 0.01);
            }
        }
        Badge::Star => {
            p.star(at, STAR_R + 2.5, colours::TEXT, z);
            p.star(at, STAR_R, colours::STAR, z + 0.01);
            // The number on a round red centre, so it never runs onto the pale ground.
            p.disc(at, BADGE_R * 0.92, colours::STAR, z + 0.02);
        }
        Badge::Staging => {
            p.rect(at, 2.0 * STAGING_HALF + 2.0, 0.0, colours::TEXT, z);
            p.rect(
                at,
                2.0 * STAGING_HALF - Vec2::splat(1.0),
                0.0,
                colours::STAGING_AREA,
                z + 0.01,
            );
        }
    }
    let colour = match terrain {
        Terrain::Green | Terrain::Victory => Color::WHITE,
        _ => colours::TEXT,
    };
    let size = if terrain == Terrain::Staging {
        STAGING_FONT
    } else {
        NUMBER_FONT
    };
    // DejaVu's digits sit a little high in their line box.
    p.text(
        number,
        at - Vec2::new(0.0, 0.02 * CM),
        size,
        colour,
        true,
        layer::LABEL,
    );
}

/// What the pointer over a space shows.
pub fn hover(game: &Moscow41, view: &View, a: SpaceId) -> Vec<String> {
    let board = &game.board;
    let mut lines = vec![board.place_label(a)];
    if let Some(d) = board.area(a) {
        lines.push(terrain_words(d.terrain).into());
        if let Some(c) = &d.city {
            lines.push(format!(
                "City: {}{} (+1 absorption for its holder, Soviet reinforcement entry, R 2.4.5)",
                c.name,
                if c.special {
                    " (Special City, R 13.2)"
                } else {
                    ""
                }
            ));
        }
        if let Some(e) = d.supply {
            lines.push(format!("Supply edge: {}", supply_words(e)));
        }
    } else if let Some(b) = board.box_data(a) {
        lines.push(
            match b.kind {
                BoxKind::Rastenburg => "Hitler's box (R 2.2)",
                BoxKind::Kiev => "Kiev: no units ever; 1 VP (R 2.2, 13.2)",
                BoxKind::Road => "Road to Leningrad box (R 2.2, 10.9)",
            }
            .into(),
        );
    }
    if let Some(av) = view.areas.get(a.index()).filter(|_| board.is_area(a)) {
        let mut line = format!("Controlled by the {}", av.control.name());
        if av.disputed {
            line.push_str(" · disputed (a battle is due, R 10.11)");
        }
        lines.push(line);
        for (k, s) in [Side::German, Side::Soviet].iter().enumerate() {
            if av.dl[k] {
                lines.push(format!("{} Defensive Line (R 4.1)", s.name()));
            }
        }
    }
    let viewer = match view.viewer {
        eastfront_kernel::Viewer::Side(s) => Some(s),
        _ => None,
    };
    for b in view.blocks.iter().filter(|b| b.area == a) {
        lines.push(match &b.face {
            Some(f) => format!(
                "{} ({}) · strength {}/{}{}{}",
                f.name,
                f.label,
                f.strength,
                f.max_strength,
                if f.isolated { " · Isolated" } else { "" },
                if b.revealed { " · face up" } else { "" }
            ),
            None if Some(b.side) != viewer => format!(
                "{} block (hidden){}",
                b.side.name(),
                if b.isolated { " · Isolated" } else { "" }
            ),
            None => format!("{} block", b.side.name()),
        });
    }
    lines
}
