//! Plane geometry for the map skins: polygon triangulation (areas are not convex, so Bevy's
//! `ConvexPolygon` will not do), rings, thick polylines, rounded rectangles, stars, shared
//! borders and the point-in-polygon test. Pure functions, tested below.

use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;

/// Twice the signed area (positive: anticlockwise in a y-up frame).
fn signed_area2(pts: &[Vec2]) -> f32 {
    let n = pts.len();
    (0..n)
        .map(|i| {
            let (a, b) = (pts[i], pts[(i + 1) % n]);
            a.x * b.y - b.x * a.y
        })
        .sum()
}

fn cross(o: Vec2, a: Vec2, b: Vec2) -> f32 {
    (a - o).perp_dot(b - o)
}

fn in_triangle(p: Vec2, a: Vec2, b: Vec2, c: Vec2) -> bool {
    let (d1, d2, d3) = (cross(a, b, p), cross(b, c, p), cross(c, a, p));
    let neg = d1 < 0.0 || d2 < 0.0 || d3 < 0.0;
    let pos = d1 > 0.0 || d2 > 0.0 || d3 > 0.0;
    !(neg && pos)
}

/// Triangle indices of a simple polygon, by ear clipping (O(n³), fine for a few dozen
/// points). A degenerate remainder is closed with a fan so no area is ever left undrawn.
pub fn triangulate(pts: &[Vec2]) -> Vec<u32> {
    let n = pts.len();
    if n < 3 {
        return Vec::new();
    }
    let mut idx: Vec<usize> = (0..n).collect();
    if signed_area2(pts) < 0.0 {
        idx.reverse();
    }
    let mut out = Vec::with_capacity((n - 2) * 3);
    let mut guard = 0;
    while idx.len() > 3 && guard < n * n {
        guard += 1;
        let m = idx.len();
        let mut clipped = false;
        for i in 0..m {
            let (ia, ib, ic) = (idx[(i + m - 1) % m], idx[i], idx[(i + 1) % m]);
            let (a, b, c) = (pts[ia], pts[ib], pts[ic]);
            if cross(a, b, c) <= 1e-6 {
                continue; // reflex or flat corner: not an ear
            }
            let blocked = idx
                .iter()
                .any(|&j| j != ia && j != ib && j != ic && in_triangle(pts[j], a, b, c));
            if blocked {
                continue;
            }
            out.extend_from_slice(&[ia as u32, ib as u32, ic as u32]);
            idx.remove(i);
            clipped = true;
            break;
        }
        if !clipped {
            break;
        }
    }
    for k in 1..idx.len().saturating_sub(1) {
        out.extend_from_slice(&[idx[0] as u32, idx[k] as u32, idx[k + 1] as u32]);
    }
    out
}

/// Flat triangles: the corners and, three by three, the corners of each triangle.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Triangles {
    pub positions: Vec<Vec2>,
    pub indices: Vec<u32>,
}

impl Triangles {
    /// The triangles as a mesh.
    pub fn mesh(self) -> Mesh {
        triangles_mesh(self.positions, self.indices)
    }
}

/// A flat mesh of arbitrary triangles.
pub fn triangles_mesh(positions: Vec<Vec2>, indices: Vec<u32>) -> Mesh {
    let count = positions.len();
    let pos: Vec<[f32; 3]> = positions.iter().map(|p| [p.x, p.y, 0.0]).collect();
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, pos)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, vec![[0.0, 0.0, 1.0]; count])
    .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, vec![[0.0, 0.0]; count])
    .with_inserted_indices(Indices::U32(indices))
}

/// A filled simple polygon (convex or not).
pub fn polygon_fill(pts: &[Vec2]) -> Triangles {
    Triangles {
        positions: pts.to_vec(),
        indices: triangulate(pts),
    }
}

pub fn polygon_fill_mesh(pts: &[Vec2]) -> Mesh {
    polygon_fill(pts).mesh()
}

/// A polyline of the given width (one quad per segment plus a square at each joint, which
/// hides the gaps of the corners well enough at map scale).
pub fn polyline(pts: &[Vec2], width: f32, closed: bool) -> Triangles {
    let mut positions = Vec::new();
    let mut indices = Vec::new();
    let h = width / 2.0;
    let n = pts.len();
    let segments = if closed { n } else { n.saturating_sub(1) };
    for i in 0..segments {
        let (a, b) = (pts[i], pts[(i + 1) % n]);
        let d = (b - a).normalize_or_zero();
        let nrm = d.perp() * h;
        let (a, b) = (a - d * h * 0.5, b + d * h * 0.5);
        let base = positions.len() as u32;
        positions.extend_from_slice(&[a + nrm, a - nrm, b - nrm, b + nrm]);
        indices.extend_from_slice(&[base, base + 1, base + 2, base, base + 2, base + 3]);
    }
    Triangles { positions, indices }
}

pub fn polyline_mesh(pts: &[Vec2], width: f32, closed: bool) -> Mesh {
    polyline(pts, width, closed).mesh()
}

/// An arrow from `from` to `to`: a shaft `width` wide and a head three times as wide, its
/// tip at `to`.
pub fn arrow(from: Vec2, to: Vec2, width: f32) -> Triangles {
    let d = (to - from).normalize_or_zero();
    let head = (width * 3.0).min((to - from).length() * 0.5);
    let neck = to - d * head;
    let mut t = polyline(&[from, neck], width, false);
    let base = t.positions.len() as u32;
    let side = d.perp() * head * 0.75;
    t.positions
        .extend_from_slice(&[neck + side, to, neck - side]);
    t.indices.extend_from_slice(&[base, base + 1, base + 2]);
    t
}

/// A ring between two outlines with the same number of points (e.g. two hexagons).
pub fn ring(outer: &[Vec2], inner: &[Vec2]) -> Triangles {
    let n = outer.len() as u32;
    let positions: Vec<Vec2> = outer.iter().chain(inner).copied().collect();
    let mut indices = Vec::new();
    for i in 0..n {
        let j = (i + 1) % n;
        indices.extend_from_slice(&[i, j, n + i, j, n + j, n + i]);
    }
    Triangles { positions, indices }
}

pub fn ring_mesh(outer: &[Vec2], inner: &[Vec2]) -> Mesh {
    ring(outer, inner).mesh()
}

/// The corners of a regular polygon of `n` sides and radius `r` (a disc for `n` large).
pub fn regular_points(n: usize, r: f32) -> Vec<Vec2> {
    (0..n)
        .map(|k| {
            let a = k as f32 * std::f32::consts::TAU / n as f32;
            Vec2::new(r * a.cos(), r * a.sin())
        })
        .collect()
}

/// A rounded rectangle outline (a block's top), `w`×`h` with corner radius `r`.
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

/// A five-pointed star (victory areas), outer radius `r`.
pub fn star_points(r: f32) -> Vec<Vec2> {
    (0..10)
        .map(|k| {
            let a = std::f32::consts::FRAC_PI_2 + k as f32 * std::f32::consts::PI / 5.0;
            let rr = if k % 2 == 0 { r } else { r * 0.42 };
            Vec2::new(rr * a.cos(), rr * a.sin())
        })
        .collect()
}

/// Is `p` inside the polygon (even-odd rule)?
pub fn point_in_polygon(p: Vec2, pts: &[Vec2]) -> bool {
    let mut inside = false;
    let n = pts.len();
    let mut j = n.wrapping_sub(1);
    for i in 0..n {
        let (a, b) = (pts[i], pts[j]);
        if (a.y > p.y) != (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x {
            inside = !inside;
        }
        j = i;
    }
    inside
}

/// The stretches of border two polygons share: runs of consecutive points of `a` that are also
/// points of `b` (within `tolerance`; a map generator writes shared corners identically). Used
/// to draw a river exactly along the border that carries it.
pub fn shared_border(a: &[Vec2], b: &[Vec2], tolerance: f32) -> Vec<Vec<Vec2>> {
    let on_b = |p: Vec2| b.iter().any(|q| q.distance(p) < tolerance);
    let n = a.len();
    let shared: Vec<bool> = a.iter().map(|p| on_b(*p)).collect();
    let mut runs = Vec::new();
    if shared.iter().all(|s| *s) {
        return vec![a.to_vec()];
    }
    // Start just after a point that is not shared, so no run wraps round the start.
    let Some(start) = shared.iter().position(|s| !*s) else {
        return runs;
    };
    let mut run: Vec<Vec2> = Vec::new();
    for k in 1..=n {
        let i = (start + k) % n;
        if shared[i] {
            run.push(a[i]);
        } else if !run.is_empty() {
            if run.len() >= 2 {
                runs.push(std::mem::take(&mut run));
            }
            run.clear();
        }
    }
    if run.len() >= 2 {
        runs.push(run);
    }
    runs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_l_shape_is_triangulated_into_its_area() {
        let l = [
            Vec2::new(0.0, 0.0),
            Vec2::new(2.0, 0.0),
            Vec2::new(2.0, 1.0),
            Vec2::new(1.0, 1.0),
            Vec2::new(1.0, 2.0),
            Vec2::new(0.0, 2.0),
        ];
        let tris = triangulate(&l);
        assert_eq!(tris.len(), 12, "four triangles");
        let area: f32 = tris
            .chunks(3)
            .map(|t| {
                let (a, b, c) = (l[t[0] as usize], l[t[1] as usize], l[t[2] as usize]);
                cross(a, b, c).abs() / 2.0
            })
            .sum();
        assert!((area - 3.0).abs() < 1e-4);
        assert!(point_in_polygon(Vec2::new(0.5, 1.5), &l));
        assert!(!point_in_polygon(Vec2::new(1.5, 1.5), &l));
    }

    #[test]
    fn shared_border_finds_the_common_edge() {
        let a = [
            Vec2::new(0.0, 0.0),
            Vec2::new(30.0, 0.0),
            Vec2::new(30.0, 30.0),
            Vec2::new(0.0, 30.0),
        ];
        let b = [
            Vec2::new(30.0, 0.0),
            Vec2::new(60.0, 0.0),
            Vec2::new(60.0, 30.0),
            Vec2::new(30.0, 30.0),
        ];
        let runs = shared_border(&a, &b, 1.5);
        assert_eq!(
            runs,
            vec![vec![Vec2::new(30.0, 0.0), Vec2::new(30.0, 30.0)]]
        );
    }

    #[test]
    fn an_arrow_ends_in_a_point_at_its_target() {
        let t = arrow(Vec2::ZERO, Vec2::new(100.0, 0.0), 4.0);
        let tip = t.positions.iter().map(|p| p.x).fold(f32::MIN, f32::max);
        assert_eq!(tip, 100.0);
        assert_eq!(t.indices.len() % 3, 0);
        assert!(t.indices.iter().all(|i| (*i as usize) < t.positions.len()));
    }
}
