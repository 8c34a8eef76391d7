//! The hard level's own heuristics, on top of the utility scores with its tuned weights
//! (`Weights::hard`): the gaps a move leaves in (or closes in) the line of zones of control
//! near the enemy, and the distance to the Objective hexes (12.1) the side still lacks.

use super::model::Model;
use eastfront_kernel::SpaceId;

/// Whether a gap at `h` matters: a space near the enemy (1 or 2 hexes), not held by him.
fn in_zone(m: &Model, h: SpaceId) -> bool {
    let d = m.to_enemy[h.index()];
    (1..=2).contains(&d) && !m.board.is_lake(h)
}

/// How many more spaces near the enemy are left with no own zone of control on or next to
/// them (8.5) once `unit` moves from `from` to `to` (negative: gaps closed).
pub fn gap_delta(m: &Model, unit: usize, from: Option<SpaceId>, to: SpaceId) -> f32 {
    if m.cover.is_empty() || m.counter(unit).is_none_or(|c| c.no_zoc) {
        return 0.0;
    }
    let leaves = from.filter(|f| m.own_zoc[f.index()] == 1);
    let arrives = m.own_zoc[to.index()] == 0;
    let near = |a: SpaceId, b: SpaceId| a == b || m.board.neighbours(a).any(|x| x == b);
    let mut spaces: Vec<SpaceId> = Vec::with_capacity(14);
    for c in from.into_iter().chain(std::iter::once(to)) {
        spaces.push(c);
        spaces.extend(m.board.neighbours(c));
    }
    spaces.sort();
    spaces.dedup();
    let mut delta = 0i32;
    for h in spaces {
        if !in_zone(m, h) {
            continue;
        }
        let before = i32::from(m.cover[h.index()]);
        let mut after = before;
        if leaves.is_some_and(|f| near(f, h)) {
            after -= 1;
        }
        if arrives && near(to, h) {
            after += 1;
        }
        delta += i32::from(after == 0) - i32::from(before == 0);
    }
    delta as f32
}
