//! Placing things inside an area's outline, for area maps: the width of a line of map text,
//! how far a rectangle keeps inside a polygon and clear of what is already drawn, and the best
//! anchor for a group of rectangles on a grid refined round the best point. A game says what
//! its label group is and how to score it; the search and the geometry are here.

use super::geometry::point_in_polygon;
use bevy::prelude::*;

/// DejaVu Sans advance widths (em) of the characters map names use.
fn advance(c: char, bold: bool) -> f32 {
    let (r, b) = match c {
        ' ' => (0.3179, 0.348),
        '-' => (0.361, 0.415),
        '.' => (0.3179, 0.380),
        '\'' => (0.275, 0.306),
        '0'..='9' => (0.636, 0.696),
        'I' | 'J' => (0.295, 0.372),
        'M' => (0.863, 0.995),
        'W' => (0.989, 1.103),
        'A'..='Z' => (0.69, 0.77),
        'f' => (0.352, 0.435),
        'i' | 'j' | 'l' => (0.278, 0.343),
        'm' => (0.974, 1.042),
        'r' => (0.411, 0.493),
        't' => (0.392, 0.478),
        'w' => (0.818, 0.924),
        's' | 'z' => (0.523, 0.589),
        'c' => (0.550, 0.593),
        _ => (0.62, 0.70),
    };
    if bold {
        b
    } else {
        r
    }
}

/// The width of a line of map text at `size` (DejaVu Sans metrics; unknown letters count as
/// a wide lower-case letter).
pub fn text_width(text: &str, size: f32, bold: bool) -> f32 {
    text.chars().map(|c| advance(c, bold)).sum::<f32>() * size
}

fn segment_distance(p: Vec2, a: Vec2, b: Vec2) -> f32 {
    let d = b - a;
    let len2 = d.length_squared();
    let t = if len2 > 0.0 {
        ((p - a).dot(d) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    p.distance(a + d * t)
}

/// Distance from `p` to the polygon's outline: positive inside, negative outside.
pub fn signed_distance(p: Vec2, poly: &[Vec2]) -> f32 {
    let n = poly.len();
    let d = (0..n)
        .map(|i| segment_distance(p, poly[i], poly[(i + 1) % n]))
        .fold(f32::MAX, f32::min);
    if point_in_polygon(p, poly) {
        d
    } else {
        -d
    }
}

/// The gap between two rectangles (negative: how deep they overlap).
pub fn rect_gap(a: Rect, b: Rect) -> f32 {
    let sx = (a.min.x - b.max.x).max(b.min.x - a.max.x);
    let sy = (a.min.y - b.max.y).max(b.min.y - a.max.y);
    if sx > 0.0 || sy > 0.0 {
        Vec2::new(sx.max(0.0), sy.max(0.0)).length()
    } else {
        sx.max(sy)
    }
}

/// An area's outline, ready for many distance queries.
pub struct Outline<'a> {
    points: &'a [Vec2],
    /// For a convex outline: each edge's inward unit normal and offset (`n·p - d` is the
    /// distance inside that edge).
    edges: Option<Vec<(Vec2, f32)>>,
    /// The spacing of the points sampled along a rectangle's edges on a concave outline.
    sample: f32,
}

impl<'a> Outline<'a> {
    pub fn new(points: &'a [Vec2], sample: f32) -> Self {
        let n = points.len();
        let turn = |i: usize| {
            let (a, b, c) = (points[i], points[(i + 1) % n], points[(i + 2) % n]);
            (b - a).perp_dot(c - b)
        };
        let turns: Vec<f32> = (0..n).map(turn).collect();
        let ccw = turns.iter().all(|t| *t >= -1e-3);
        let cw = turns.iter().all(|t| *t <= 1e-3);
        let edges = (n >= 3 && (ccw || cw)).then(|| {
            (0..n)
                .filter_map(|i| {
                    let (a, b) = (points[i], points[(i + 1) % n]);
                    let d = (b - a).normalize_or_zero();
                    if d == Vec2::ZERO {
                        return None;
                    }
                    let inward = if ccw { d.perp() } else { -d.perp() };
                    Some((inward, inward.dot(a)))
                })
                .collect()
        });
        Outline {
            points,
            edges,
            sample,
        }
    }

    pub fn contains(&self, p: Vec2) -> bool {
        match &self.edges {
            Some(edges) => edges.iter().all(|(n, d)| n.dot(p) >= *d),
            None => point_in_polygon(p, self.points),
        }
    }

    /// How far a rectangle keeps inside the outline (negative: how far it pokes out): at its
    /// corners for a convex outline, else at points along its edges.
    pub fn clearance(&self, r: Rect) -> f32 {
        if let Some(edges) = &self.edges {
            let corners = [
                r.min,
                r.max,
                Vec2::new(r.min.x, r.max.y),
                Vec2::new(r.max.x, r.min.y),
            ];
            return corners
                .iter()
                .flat_map(|c| edges.iter().map(move |(n, d)| n.dot(*c) - d))
                .fold(f32::MAX, f32::min);
        }
        let nx = (r.width() / self.sample).ceil().max(1.0) as usize;
        let ny = (r.height() / self.sample).ceil().max(1.0) as usize;
        let mut worst = f32::MAX;
        for i in 0..=nx {
            let x = r.min.x + r.width() * i as f32 / nx as f32;
            for y in [r.min.y, r.max.y] {
                worst = worst.min(signed_distance(Vec2::new(x, y), self.points));
            }
        }
        for j in 1..ny {
            let y = r.min.y + r.height() * j as f32 / ny as f32;
            for x in [r.min.x, r.max.x] {
                worst = worst.min(signed_distance(Vec2::new(x, y), self.points));
            }
        }
        worst
    }

    /// How far a rectangle keeps inside the outline and at least `margin` clear of the
    /// obstacles.
    pub fn clearance_from(&self, r: Rect, obstacles: &[Rect], margin: f32) -> f32 {
        obstacles
            .iter()
            .map(|o| rect_gap(r, *o) - margin)
            .fold(self.clearance(r), f32::min)
    }

    /// The best anchor inside the outline: `score(at, floor)` gives an anchor's score (higher
    /// is better) with what it decided there, or None when it cannot beat `floor`. Tries
    /// `start`, then a grid of `coarse` steps over the outline's bounds, then a 7×7 grid of
    /// `fine` steps round the best point so far.
    pub fn best_anchor<T: Copy>(
        &self,
        start: Vec2,
        coarse: f32,
        fine: f32,
        fallback: T,
        mut score: impl FnMut(Vec2, f32) -> Option<(f32, T)>,
    ) -> (Vec2, T) {
        let (mut lo, mut hi) = (Vec2::MAX, Vec2::MIN);
        for p in self.points {
            lo = lo.min(*p);
            hi = hi.max(*p);
        }
        let mut best = (f32::MIN, start, fallback);
        let mut consider = |at: Vec2, best: &mut (f32, Vec2, T)| {
            if !self.contains(at) {
                return;
            }
            if let Some((s, t)) = score(at, best.0) {
                *best = (s, at, t);
            }
        };
        consider(start, &mut best);
        let mut y = lo.y;
        while y <= hi.y {
            let mut x = lo.x;
            while x <= hi.x {
                consider(Vec2::new(x, y), &mut best);
                x += coarse;
            }
            y += coarse;
        }
        let around = best.1;
        for j in -3..=3 {
            for i in -3..=3 {
                consider(around + Vec2::new(i as f32, j as f32) * fine, &mut best);
            }
        }
        (best.1, best.2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn l_shape() -> Vec<Vec2> {
        [
            (0.0, 0.0),
            (7.0, 0.0),
            (7.0, 4.0),
            (1.5, 4.0),
            (1.5, 9.0),
            (0.0, 9.0),
        ]
        .map(|(x, y)| Vec2::new(x, y))
        .to_vec()
    }

    #[test]
    fn signed_distance_is_positive_inside_and_negative_outside() {
        let l = l_shape();
        assert!((signed_distance(Vec2::new(3.5, 2.0), &l) - 2.0).abs() < 1e-5);
        assert!((signed_distance(Vec2::new(3.5, 5.0), &l) + 1.0).abs() < 1e-5);
    }

    #[test]
    fn rect_gap_measures_apart_and_overlap() {
        let a = Rect::new(0.0, 0.0, 1.0, 1.0);
        assert!((rect_gap(a, Rect::new(4.0, 5.0, 6.0, 6.0)) - 5.0).abs() < 1e-5);
        assert!((rect_gap(a, Rect::new(0.5, 0.0, 2.0, 1.0)) + 0.5).abs() < 1e-5);
    }

    #[test]
    fn convex_and_sampled_clearance_agree_on_a_square() {
        let square = [(0.0, 0.0), (4.0, 0.0), (4.0, 4.0), (0.0, 4.0)].map(|(x, y)| Vec2::new(x, y));
        let convex = Outline::new(&square, 0.1);
        assert!(convex.edges.is_some());
        let r = Rect::new(1.0, 1.5, 2.0, 3.5);
        assert!((convex.clearance(r) - 0.5).abs() < 1e-5);
        let concave = l_shape();
        let sampled = Outline::new(&concave, 0.1);
        assert!(sampled.edges.is_none(), "an L is not convex");
        assert!((sampled.clearance(Rect::new(2.0, 1.0, 3.0, 2.0)) - 1.0).abs() < 1e-4);
        assert!(
            sampled.clearance(Rect::new(1.0, 5.0, 3.0, 6.0)) < 0.0,
            "pokes out"
        );
    }

    #[test]
    fn the_best_anchor_leaves_a_thin_arm_for_the_roomy_foot() {
        let l = l_shape();
        let outline = Outline::new(&l, 0.1);
        let (at, ()) = outline.best_anchor(Vec2::new(0.75, 7.0), 0.3, 0.1, (), |at, floor| {
            let s = outline.clearance(Rect::from_center_size(at, Vec2::splat(2.0)));
            (s > floor).then_some((s, ()))
        });
        assert!(at.y < 4.0, "the 2×2 square goes into the foot: {at}");
        assert!(outline.clearance(Rect::from_center_size(at, Vec2::splat(2.0))) > 0.9);
    }
}
