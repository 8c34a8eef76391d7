//! The river hexsides form rivers: lines along the hexsides that run on from corner to corner,
//! meet at a few junctions and end at a sea, a lake or the map's edge — not scattered sides or
//! hexes ringed by water. A wrong direction table in `tools/no_retreat_map.py` (the ZB
//! transcription lists each river side as a neighbour offset) would scatter them; this checks
//! the generated `map.ron` as a whole (evidence §4.2: 478 entries, each side listed from both
//! hexes but four).

use eastfront_no_retreat::board::{Board, BorderKind};
use std::collections::{HashMap, HashSet};

/// A hex corner, in units of the hex's outer radius (rounded so that neighbours agree).
type Corner = (i64, i64);

/// The six corners of the pointy-top hex at axial (row, column).
fn corners((r, c): (i32, i32)) -> Vec<Corner> {
    let x = 3f64.sqrt() * (c as f64 + r as f64 / 2.0);
    let y = 1.5 * r as f64;
    (0..6)
        .map(|i| {
            let a = (60.0 * i as f64 - 30.0).to_radians();
            (
                ((x + a.cos()) * 1000.0).round() as i64,
                ((y + a.sin()) * 1000.0).round() as i64,
            )
        })
        .collect()
}

#[test]
fn r3_river_hexsides_run_as_lines_from_corner_to_corner() {
    let b = Board::standard();
    let mut degree: HashMap<Corner, usize> = HashMap::new();
    let mut per_hex: HashMap<usize, usize> = HashMap::new();
    let mut sides = 0;
    for a in 0..b.n_hexes {
        let a = eastfront_kernel::SpaceId(a as _);
        for n in b.neighbours(a) {
            if n.0 <= a.0 || b.is_area(n) || b.border(a, n) != Some(BorderKind::River) {
                continue;
            }
            sides += 1;
            *per_hex.entry(a.0 as usize).or_default() += 1;
            *per_hex.entry(n.0 as usize).or_default() += 1;
            let ca: HashSet<Corner> = corners(b.coord(a)).into_iter().collect();
            let shared: Vec<Corner> = corners(b.coord(n))
                .into_iter()
                .filter(|p| ca.contains(p))
                .collect();
            assert_eq!(shared.len(), 2, "{a:?} and {n:?} share a hexside");
            for p in shared {
                *degree.entry(p).or_default() += 1;
            }
        }
    }
    assert!(sides >= 230, "about 240 river hexsides, found {sides}");
    // Rivers meet three at a junction at most (a fourth would need a corner of four hexsides).
    assert!(degree.values().all(|&d| d <= 3));
    // A river winds along a hex (up to four sides), it does not ring it.
    let ringed: Vec<_> = per_hex.iter().filter(|(_, &n)| n > 4).collect();
    assert!(ringed.is_empty(), "hexes ringed by river: {ringed:?}");
    // Lines, not scattered sides: most corners on a river carry it on (two sides), few end it.
    let ends = degree.values().filter(|&&d| d == 1).count();
    assert!(
        ends * 4 < degree.len(),
        "{ends} river ends among {} corners",
        degree.len()
    );
}
