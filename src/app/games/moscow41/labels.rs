//! Where each area's label goes, and text that stays sharp at every zoom.
//!
//! An area shows its number (the printed green / yellow circle, the red victory star or the
//! grey staging box), its name (the white city box or a plain name on a light backing), the
//! control marker and Defensive Line bars beside the number, and its blocks. They are laid out
//! as one group, top to bottom: name, number row (control marker · number · DL bars), blocks.
//! The group is placed where it fits the area's outline best ([`layout_area`]): the printed
//! centre is only a starting point, as many areas are too small or too oddly shaped for the
//! group centred on it, and a label reaching into a neighbour gets covered by its blocks.
//! The search and the geometry are the area skin's ([`crate::app::map::placement`]).
//!
//! Map text is kept sharp by the table's map painter (`app::map::painter::crisp_text`).

use super::{BLOCK, CM, PITCH};
use crate::app::map::placement::text_width;
use crate::app::map::placement::Outline;
use bevy::prelude::*;

/// Font size of an area's number (bold), world units.
pub const NUMBER_FONT: f32 = 0.6 * CM;
/// Font size of a staging area's number (bold).
pub const STAGING_FONT: f32 = 0.55 * CM;
/// Font size of an area's name.
pub const NAME_FONT: f32 = 0.58 * CM;
/// Height of the name's box or backing.
pub const NAME_H: f32 = 0.76 * CM;
/// Padding left and right of the name in its box.
const NAME_PAD: f32 = 0.18 * CM;
/// Radius of the number circle.
pub const BADGE_R: f32 = 0.55 * CM;
/// Outer radius of the victory star round the number's disc.
pub const STAR_R: f32 = 1.65 * BADGE_R;
/// Half size of the staging box.
pub const STAGING_HALF: Vec2 = Vec2::new(0.8 * CM, 0.4 * CM);
/// Radius of the control marker.
pub const CONTROL_R: f32 = 0.19 * CM;
/// Size of one Defensive Line bar.
pub const DL_SIZE: Vec2 = Vec2::new(0.75 * CM, 0.22 * CM);
/// Gap between the number row and the name above it / the blocks below it.
const GAP: f32 = 0.1 * CM;
/// Radius of a supply-edge icon.
pub const SUPPLY_R: f32 = 0.3 * CM;

/// The shape that carries an area's number.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Badge {
    /// The printed circle, stretched to a pill for a three-digit number: its half width.
    Circle { half_w: f32 },
    /// The victory star round a disc.
    Star,
    /// The grey staging box.
    Staging,
}

impl Badge {
    /// The badge for a number on green / yellow ground, on a victory area, or a staging area.
    pub fn for_number(number: &str, victory: bool, staging: bool) -> Self {
        if staging {
            Badge::Staging
        } else if victory {
            Badge::Star
        } else {
            let w = text_width(number, NUMBER_FONT, true);
            Badge::Circle {
                half_w: BADGE_R.max(w / 2.0 + 0.08 * CM),
            }
        }
    }
    /// How far the badge reaches above and below its centre.
    fn top_bottom(self) -> (f32, f32) {
        match self {
            Badge::Circle { .. } => (BADGE_R, BADGE_R),
            Badge::Star => (STAR_R, 0.81 * STAR_R),
            Badge::Staging => (STAGING_HALF.y, STAGING_HALF.y),
        }
    }
    /// Half the width the control marker and the DL bars keep clear on either side.
    pub fn marker_half_w(self) -> f32 {
        match self {
            Badge::Circle { half_w } => half_w,
            Badge::Star => 0.85 * STAR_R,
            Badge::Staging => STAGING_HALF.x,
        }
    }
}

/// Where the control marker goes, from the badge's centre (left of the number).
pub fn control_offset(badge: Badge) -> Vec2 {
    Vec2::new(-(badge.marker_half_w() + 0.12 * CM + CONTROL_R), 0.0)
}

/// Where the German (k = 0) and Soviet (k = 1) Defensive Line bars go, from the badge's
/// centre (right of the number, one above the other).
pub fn dl_offset(badge: Badge, k: usize) -> Vec2 {
    Vec2::new(
        badge.marker_half_w() + 0.12 * CM + DL_SIZE.x / 2.0,
        (0.5 - k as f32) * 0.3 * CM,
    )
}

/// What an area's label holds, to lay it out.
#[derive(Clone, Debug)]
pub struct LabelSpec {
    pub badge: Badge,
    /// The width of the name's box (None: an unnamed area).
    pub name_w: Option<f32>,
    /// What is already drawn there and should stay visible: a supply-edge icon, a river's
    /// name, a place printed on the map.
    pub obstacles: Vec<Rect>,
}

impl LabelSpec {
    pub fn new(number: &str, name: Option<&str>, victory: bool, staging: bool) -> Self {
        LabelSpec {
            badge: Badge::for_number(number, victory, staging),
            name_w: name.map(|n| text_width(n, NAME_FONT, false) + 2.0 * NAME_PAD),
            obstacles: Vec::new(),
        }
    }
}

/// Where an area's label, markers and blocks go (world units).
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct AreaLayout {
    pub badge: Badge,
    /// The centre of the number's badge.
    pub number: Vec2,
    /// The centre of the name's box, and its size.
    pub name: Option<Rect>,
    /// The centre of the top row of blocks.
    pub blocks: Vec2,
}

/// The rectangles a label group covers, for an anchor at the origin: the name (with the best
/// horizontal shift chosen separately), the number row with its markers, and the first row
/// of blocks (two wide).
struct Group {
    name: Option<Rect>,
    row: Rect,
    blocks: Rect,
}

fn group(spec: &LabelSpec) -> Group {
    let b = spec.badge;
    let (top, bottom) = b.top_bottom();
    let hw = b.marker_half_w();
    let row = Rect::new(
        -(hw + 0.12 * CM + 2.0 * CONTROL_R + 0.06 * CM),
        -bottom,
        hw + 0.12 * CM + DL_SIZE.x + 0.06 * CM,
        top,
    );
    let name = spec.name_w.map(|w| {
        Rect::from_center_size(
            Vec2::new(0.0, top + GAP + NAME_H / 2.0),
            Vec2::new(w, NAME_H),
        )
    });
    let blocks = Rect::from_center_size(
        Vec2::new(0.0, blocks_below(b)),
        Vec2::new(BLOCK + PITCH, BLOCK),
    );
    Group { name, row, blocks }
}

/// The top row of blocks' centre, from the badge's centre.
fn blocks_below(b: Badge) -> f32 {
    -(b.top_bottom().1 + GAP + 0.04 * CM + BLOCK / 2.0)
}

/// How far a rectangle keeps inside the outline and clear of the obstacles.
fn clearance(r: Rect, outline: &Outline, obstacles: &[Rect]) -> f32 {
    outline.clearance_from(r, obstacles, 0.05 * CM)
}

/// The name box's horizontal shifts tried (the name may sit off the number's axis where the
/// area is narrow on one side).
const NAME_SHIFTS: [f32; 9] = [0.0, -0.25, 0.25, -0.5, 0.5, -0.75, 0.75, -1.0, 1.0];

/// The score of an anchor (higher is better) and the name's shift there; None when it cannot
/// beat `floor`.
fn score(
    at: Vec2,
    g: &Group,
    outline: &Outline,
    spec: &LabelSpec,
    centre: Vec2,
    floor: f32,
) -> Option<(f32, f32)> {
    // Other things equal, stay near the printed centre.
    let drift = 0.03 * at.distance(centre);
    let mut worst = clearance(g.row.translate(at), outline, &spec.obstacles);
    // Blocks may reach a little past the border before it counts: they stand on top.
    worst = worst.min(clearance(g.blocks.translate(at), outline, &spec.obstacles) + 0.25 * CM);
    if worst - drift <= floor {
        return None;
    }
    let mut shift = 0.0;
    if let Some(name) = g.name {
        let mut best = f32::MIN;
        for dx in NAME_SHIFTS {
            let r = name.translate(at + Vec2::new(dx * CM, 0.0));
            let c = clearance(r, outline, &spec.obstacles) - 0.05 * dx.abs() * CM;
            if c > best {
                (best, shift) = (c, dx * CM);
            }
        }
        worst = worst.min(best);
    }
    (worst - drift > floor).then_some((worst - drift, shift))
}

/// Where an area's label group fits its outline best: the anchor (the number's centre) that
/// keeps the name, the number row and the first row of blocks furthest inside the outline
/// and clear of the obstacles, found on a coarse grid and refined round the best point.
pub fn layout_area(poly: &[Vec2], centre: Vec2, spec: &LabelSpec) -> AreaLayout {
    let g = group(spec);
    let outline = Outline::new(poly, 0.3 * CM);
    let (at, shift) = outline.best_anchor(centre, 0.3 * CM, 0.1 * CM, 0.0, |at, floor| {
        score(at, &g, &outline, spec, centre, floor)
    });
    AreaLayout {
        badge: spec.badge,
        number: at,
        name: g.name.map(|r| r.translate(at + Vec2::new(shift, 0.0))),
        blocks: at + Vec2::new(0.0, blocks_below(spec.badge)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::map::geometry::point_in_polygon;
    use crate::app::map::placement::signed_distance;

    fn square(side: f32) -> Vec<Vec2> {
        vec![
            Vec2::new(0.0, 0.0),
            Vec2::new(side, 0.0),
            Vec2::new(side, side),
            Vec2::new(0.0, side),
        ]
    }

    #[test]
    fn a_label_fits_inside_a_roomy_area_even_from_an_off_centre_point() {
        let poly = square(6.0 * CM);
        let spec = LabelSpec::new("68", Some("Yartsevo"), false, false);
        // The printed centre near the top: the group moves down into the room below.
        let l = layout_area(&poly, Vec2::new(3.0 * CM, 5.5 * CM), &spec);
        let name = l.name.expect("a named area");
        for c in [name.min, name.max] {
            assert!(point_in_polygon(c, &poly), "the name lies inside");
        }
        assert!(
            name.min.y > l.number.y + BADGE_R,
            "the name above the number"
        );
        assert!(
            l.blocks.y + BLOCK / 2.0 < l.number.y - BADGE_R,
            "the blocks below the number"
        );
        assert!(signed_distance(l.blocks - Vec2::new(0.0, BLOCK / 2.0), &poly) > 0.0);
    }

    #[test]
    fn a_concave_area_keeps_its_label_in_its_widest_part() {
        // An L: a wide foot and a thin upright; the printed centre in the upright.
        let l = [
            Vec2::new(0.0, 0.0),
            Vec2::new(7.0, 0.0),
            Vec2::new(7.0, 4.0),
            Vec2::new(1.5, 4.0),
            Vec2::new(1.5, 9.0),
            Vec2::new(0.0, 9.0),
        ]
        .map(|p| p * CM);
        let spec = LabelSpec::new("12", Some("Staraya Russa"), false, false);
        let out = layout_area(&l, Vec2::new(0.75, 7.0) * CM, &spec);
        let name = out.name.unwrap();
        assert!(out.number.y < 4.0 * CM, "the group moves into the foot");
        for c in [name.min, name.max] {
            assert!(signed_distance(c, &l) > 0.0, "the name lies inside");
        }
    }

    #[test]
    fn the_star_stays_below_the_name_and_the_markers_beside_it() {
        let spec = LabelSpec::new("90", Some("Smolensk"), true, false);
        let l = layout_area(&square(6.0 * CM), Vec2::splat(3.0 * CM), &spec);
        let name = l.name.unwrap();
        assert!(
            name.min.y >= l.number.y + STAR_R,
            "the star's top point under the name"
        );
        let control = l.number + control_offset(l.badge);
        assert!(control.x + CONTROL_R < l.number.x - 0.7 * STAR_R);
        let dl = l.number + dl_offset(l.badge, 0);
        assert!(dl.x - DL_SIZE.x / 2.0 > l.number.x + 0.7 * STAR_R);
    }

    #[test]
    fn three_digit_numbers_get_a_wider_badge() {
        let Badge::Circle { half_w: two } = Badge::for_number("90", false, false) else {
            panic!()
        };
        let Badge::Circle { half_w: three } = Badge::for_number("175", false, false) else {
            panic!()
        };
        assert_eq!(two, BADGE_R);
        assert!(three > BADGE_R && 2.0 * three > text_width("175", NUMBER_FONT, true));
    }

    /// The rectangles an area's own label covers: its name's box and its number's badge.
    fn label_rects(l: &AreaLayout) -> Vec<Rect> {
        let (top, bottom) = l.badge.top_bottom();
        let at = l.number;
        let badge = |hw: f32, bottom: f32, top: f32| {
            Rect::new(at.x - hw, at.y - bottom, at.x + hw, at.y + top)
        };
        let badges = match l.badge {
            Badge::Circle { half_w } => vec![badge(half_w, bottom, top)],
            Badge::Staging => vec![badge(STAGING_HALF.x, bottom, top)],
            // The star: its upright body, and the band of its two side arms.
            Badge::Star => vec![
                badge(0.6 * STAR_R, bottom, top),
                badge(0.95 * STAR_R, 0.13 * STAR_R, 0.31 * STAR_R),
            ],
        };
        l.name.into_iter().chain(badges).collect()
    }

    /// The control marker and the two Defensive Line bars of an area.
    fn marker_rects(l: &AreaLayout) -> Vec<Rect> {
        let control =
            Rect::from_center_half_size(l.number + control_offset(l.badge), Vec2::splat(CONTROL_R));
        let dls = (0..2).map(|k| Rect::from_center_size(l.number + dl_offset(l.badge, k), DL_SIZE));
        std::iter::once(control).chain(dls).collect()
    }

    #[test]
    fn on_the_map_no_label_lies_under_another_label_a_marker_or_a_block() {
        let rules = eastfront_moscow41::Moscow41::new();
        let map = &rules.board.data.map;
        let started = std::time::Instant::now();
        let layouts: Vec<AreaLayout> = super::super::board::area_layouts(map)
            .into_iter()
            .map(|(l, _)| l)
            .collect();
        eprintln!("{} area layouts in {:?}", layouts.len(), started.elapsed());
        let mut problems = Vec::new();
        for (i, a) in layouts.iter().enumerate() {
            let id = &map.areas[i].id;
            let poly: Vec<Vec2> = map.areas[i]
                .polygon
                .iter()
                .map(|p| super::super::to_world(*p))
                .collect();
            if !point_in_polygon(a.number, &poly) {
                problems.push(format!("{id}: the number outside its area"));
            }
            if let Some(name) = a.name {
                let (top, _) = a.badge.top_bottom();
                if name.min.y < a.number.y + top {
                    problems.push(format!("{id}: the name overlaps its own number or star"));
                }
            }
            // A lone block in every other area, on its first slot.
            for (j, b) in layouts.iter().enumerate() {
                let theirs: Vec<Rect> = if i == j {
                    marker_rects(b)
                } else {
                    let block = Rect::from_center_size(b.blocks, Vec2::splat(BLOCK));
                    label_rects(b)
                        .into_iter()
                        .chain(marker_rects(b))
                        .chain([block])
                        .collect()
                };
                for r in label_rects(a) {
                    for t in &theirs {
                        if !r.intersect(*t).is_empty() {
                            problems.push(format!("{id}: its label under {}", map.areas[j].id));
                        }
                    }
                }
            }
        }
        problems.dedup();
        assert!(problems.is_empty(), "{problems:#?}");
    }
}
