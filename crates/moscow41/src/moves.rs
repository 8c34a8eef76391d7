//! Movement (R 10.8, Appendix A.3): path legality, the canonical path to every reachable
//! destination (one legal action per destination), and carrying a move out (control flips
//! when passing through empty enemy areas, R 2.5; River Crossing cubes, R 2.4.6).

use crate::board::{AreaId, BlockId, Board};
use crate::query::*;
use crate::state::*;
use eastfront_kernel::Side;

/// Why a path is refused, or the MP it costs.
pub fn check_path(
    board: &Board,
    st: &State,
    b: BlockId,
    path: &[AreaId],
    mode: MoveMode,
) -> Result<u8, String> {
    let side = board.block(b).side;
    let Some(mut at) = space_of(st, b) else {
        return Err("the block is not on the map".into());
    };
    if path.is_empty() {
        return Err("an empty move".into());
    }
    if !board.is_area(at) {
        return Err("blocks on the Road to Leningrad move only by R 10.9".into());
    }
    let budget = mp_of(board, st, b);
    let mut spent: u8 = 0;
    let engaged_start = has_units(board, st, at, side.other());
    for (i, &to) in path.iter().enumerate() {
        if !board.adjacent(at, to) {
            return Err(format!(
                "{} is not adjacent to {}",
                board.place_label(to),
                board.place_label(at)
            ));
        }
        if !passable(board, to, side) {
            return Err(format!(
                "{} cannot be entered (R 2.4.4, 2.6)",
                board.place_label(to)
            ));
        }
        let mut cost = entry_cost(board, st, b, to);
        if i == 0 && engaged_start {
            // R 10.8: disengaging costs 1 MP more and must enter an own, undisputed area.
            cost += 1;
            if st.control[to.index()] != side || has_units(board, st, to, side.other()) {
                return Err(
                    "a disengaging block must enter an own-controlled, undisputed area (R 10.8)"
                        .into(),
                );
            }
        }
        spent = spent.saturating_add(cost);
        if spent > budget {
            return Err(format!(
                "the move costs {spent} MP, the block has {budget} (R 10.8)"
            ));
        }
        let enemy = has_units(board, st, to, side.other());
        if enemy {
            if mode != MoveMode::Command {
                return Err("no engaging in a Pass, an HQ activation or an Exploitation (R 10.1, 10.18, 12.0)".into());
            }
            if i + 1 != path.len() {
                return Err(format!(
                    "a block entering {} (enemy units) must stop there (R 10.8)",
                    board.place_label(to)
                ));
            }
        }
        at = to;
    }
    if !stacking_ok_with(board, st, at, side, 1) {
        return Err(format!(
            "{} would be overstacked at the end of the move (R 2.7)",
            board.place_label(at)
        ));
    }
    Ok(spent)
}

/// One canonical path per reachable destination: cheapest, ties broken towards a final step
/// that does not cross a river (R 10.12.5.1) and then by area order.
pub fn destinations(
    board: &Board,
    st: &State,
    b: BlockId,
    mode: MoveMode,
) -> Vec<(AreaId, Vec<AreaId>)> {
    let side = board.block(b).side;
    let Some(start) = space_of(st, b) else {
        return Vec::new();
    };
    if !board.is_area(start) {
        return Vec::new();
    }
    let budget = mp_of(board, st, b);
    let n = board.topo.len();
    let pres = presence(board, st);
    let enemy = |a: AreaId| pres[a.index()][side_index(side.other())];
    let engaged_start = enemy(start);
    // Dijkstra over areas with small integer costs: (cost, river_last).
    let mut best: Vec<Option<(u8, bool)>> = vec![None; n];
    let mut prev: Vec<Option<AreaId>> = vec![None; n];
    best[start.index()] = Some((0, false));
    let mut frontier: Vec<AreaId> = vec![start];
    let mut done = vec![false; n];
    loop {
        // pick the cheapest unfinished
        let mut pick: Option<(AreaId, (u8, bool))> = None;
        for &a in &frontier {
            if done[a.index()] {
                continue;
            }
            let c = best[a.index()].unwrap();
            if pick.is_none_or(|(_, pc)| c < pc) {
                pick = Some((a, c));
            }
        }
        let Some((a, (cost, _))) = pick else { break };
        done[a.index()] = true;
        // Cannot continue out of an area with enemy units (R 10.8 stop), except the start.
        if a != start && enemy(a) {
            continue;
        }
        for to in board.neighbours(a) {
            if !passable(board, to, side) || to == start {
                continue;
            }
            let mut c = entry_cost(board, st, b, to);
            if a == start && engaged_start {
                if st.control[to.index()] != side || enemy(to) {
                    continue;
                }
                c += 1;
            }
            let total = cost + c;
            if total > budget {
                continue;
            }
            if enemy(to) && mode != MoveMode::Command {
                continue;
            }
            let key = (total, board.river_between(a, to));
            if best[to.index()].is_none_or(|old| key < old) {
                best[to.index()] = Some(key);
                prev[to.index()] = Some(a);
                frontier.push(to);
            }
        }
    }
    let mut out = Vec::new();
    let mut counts = vec![0usize; n];
    for (i, bs) in st.blocks.iter().enumerate() {
        if let Loc::Space(x) = bs.loc {
            if board.blocks[i].side == side {
                counts[x.index()] += 1;
            }
        }
    }
    for a in board.area_ids() {
        if a == start || best[a.index()].is_none() {
            continue;
        }
        // R 2.7: stacking at the end of the move.
        if stack_limit(board, a).is_some_and(|lim| counts[a.index()] + 1 > lim) {
            continue;
        }
        let mut path = vec![a];
        let mut at = a;
        while let Some(p) = prev[at.index()] {
            if p == start {
                break;
            }
            path.push(p);
            at = p;
        }
        path.reverse();
        out.push((a, path));
    }
    out
}

/// Carries out a checked move: flips empty enemy areas passed through or entered (R 2.5),
/// marks a River Crossing cube when the block engages across a river into a newly disputed
/// area (R 2.4.6). Returns the final area.
pub fn do_move(
    board: &Board,
    st: &mut State,
    b: BlockId,
    path: &[AreaId],
    ev: &mut Vec<Event>,
) -> AreaId {
    let side = board.block(b).side;
    let from = space_of(st, b).expect("checked");
    let mut at = from;
    for &to in path {
        let enemy = has_units(board, st, to, side.other());
        if !enemy && st.control[to.index()] != side {
            st.control[to.index()] = side;
            ev.push(Event {
                kind: EventKind::Control { area: to, side },
                rule: "R 2.5".into(),
                public: format!(
                    "{} passes to {} control.",
                    board.place_label(to),
                    side.name()
                ),
                private: None,
            });
        }
        if enemy {
            let newly = st
                .impulse
                .as_ref()
                .is_some_and(|imp| !imp.disputed_at_start[to.index()]);
            if newly && board.river_between(at, to) && !st.weather.snowy() {
                if let Some(imp) = st.impulse.as_mut() {
                    if !imp.river.contains(&b) {
                        imp.river.push(b);
                    }
                }
            }
        }
        at = to;
    }
    st.blocks[b.index()].loc = Loc::Space(at);
    let name = board.block(b).name.clone();
    ev.push(Event {
        kind: EventKind::Moved {
            from: Some(from),
            to: at,
        },
        rule: "R 10.8".into(),
        public: format!(
            "A {} block moves from {} to {}.",
            side.name(),
            board.place_label(from),
            board.place_label(at)
        ),
        private: Some((
            side,
            format!(
                "{name} moves from {} to {}.",
                board.place_label(from),
                board.place_label(at)
            ),
        )),
    });
    at
}

/// Rail Movement destinations (RO 14.4): any distance through own, undisputed areas; no
/// engaging or disengaging.
pub fn rail_destinations(board: &Board, st: &State, b: BlockId) -> Vec<AreaId> {
    let side = board.block(b).side;
    let Some(start) = space_of(st, b) else {
        return Vec::new();
    };
    if !board.is_area(start) || disputed(board, st, start) {
        return Vec::new();
    }
    let disp = disputed_all(board, st);
    let ok =
        |a: AreaId| passable(board, a, side) && st.control[a.index()] == side && !disp[a.index()];
    let mut seen = vec![false; board.topo.len()];
    seen[start.index()] = true;
    let mut q = std::collections::VecDeque::from([start]);
    let mut out = Vec::new();
    while let Some(a) = q.pop_front() {
        for n in board.neighbours(a) {
            if !seen[n.index()] && ok(n) {
                seen[n.index()] = true;
                q.push_back(n);
                if stacking_ok_with(board, st, n, side, 1) {
                    out.push(n);
                }
            }
        }
    }
    out
}

pub fn side_of(board: &Board, b: BlockId) -> Side {
    board.block(b).side
}
