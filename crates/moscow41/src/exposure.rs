//! Victory areas left open to the enemy (R 1.7, R 2.5): a player about to move the last of his
//! blocks out of a victory area he controls is told when an enemy block could reach it in its
//! next impulse — entering an empty area takes its control, passing through is enough (R 2.5),
//! and one VP more may be Sudden Death (R 1.7). Read from the mover's own view: the enemy's
//! blocks are counted where they stand, their hidden faces assumed the fastest of their side.

use crate::board::{AreaId, Board};
use crate::data::{Speed, Terrain};
use crate::query::passable;
use crate::state::{Action, Weather};
use crate::view::View;
use eastfront_kernel::{Side, Viewer};

/// The MP an enemy block may have to reach an area, from where the enemy blocks stand (one
/// entry per area; `u8::MAX` where none can come). The cheapest entry cost of each area under
/// the weather (R 2.6, 8.0), through areas free of `side`'s blocks (entering them stops a move).
pub fn enemy_reach(board: &Board, view: &View, side: Side) -> Vec<u8> {
    let n = board.topo.len();
    let mut ours = vec![false; n];
    for b in view.blocks.iter().filter(|b| b.side == side) {
        ours[b.area.index()] = true;
    }
    let mut cost = vec![u8::MAX; n];
    let mut queue: Vec<AreaId> = Vec::new();
    for b in view.blocks.iter().filter(|b| b.side != side) {
        if b.area.index() < n && cost[b.area.index()] != 0 {
            cost[b.area.index()] = 0;
            queue.push(b.area);
        }
    }
    let budget = fastest(board, side.other());
    // Small graph, small costs: relax until nothing improves.
    while let Some(a) = queue.pop() {
        let here = cost[a.index()];
        if here > 0 && ours[a.index()] {
            continue;
        }
        for to in board.neighbours(a) {
            let Some(terrain) = board
                .terrain(to)
                .filter(|_| passable(board, to, side.other()))
            else {
                continue;
            };
            let step = entry(terrain, view.weather);
            let c = here.saturating_add(step);
            if c <= budget && c < cost[to.index()] {
                cost[to.index()] = c;
                queue.push(to);
            }
        }
    }
    cost
}

/// The most MP any block of `side` has (R 4.2: fast blocks).
fn fastest(board: &Board, side: Side) -> u8 {
    board
        .block_ids()
        .filter(|b| board.block(*b).side == side)
        .map(|b| board.block(b).speed.mp())
        .max()
        .unwrap_or(Speed::Slow.mp())
}

/// The least an area may cost to enter (R 2.6, 8.0; cavalry's 2 in Rain, RO 14.6): the
/// lowest of `query::entry_cost` over every block, which needs a block and the State.
fn entry(terrain: Terrain, weather: Weather) -> u8 {
    match weather {
        Weather::Sunny => terrain.mp_cost(),
        Weather::Rain | Weather::Snow | Weather::Blizzard => 2,
    }
}

/// The victory areas `side` controls with none of its blocks in them that an enemy block could
/// reach in its next impulse.
pub fn open_victory_areas(board: &Board, view: &View, side: Side) -> Vec<AreaId> {
    let reach = enemy_reach(board, view, side);
    board
        .area_ids()
        .filter(|a| board.terrain(*a) == Some(Terrain::Victory))
        .filter(|a| view.areas.get(a.index()).is_some_and(|v| v.control == side))
        .filter(|a| !view.blocks.iter().any(|b| b.side == side && b.area == *a))
        .filter(|a| reach[a.index()] != u8::MAX)
        .collect()
}

/// The warning for `action` when it moves the last of the viewer's blocks out of a victory
/// area it controls and an enemy block could then reach it.
pub fn exposure_warning(board: &Board, view: &View, action: &Action) -> Option<String> {
    let Viewer::Side(side) = view.viewer else {
        return None;
    };
    let (block, path) = match action {
        Action::Move { block, path } => (*block, path.as_slice().to_vec()),
        Action::Activate { hq, path } if !path.as_slice().is_empty() => {
            (*hq, path.as_slice().to_vec())
        }
        Action::Rail { block, to } => (*block, vec![*to]),
        _ => return None,
    };
    let from = view
        .blocks
        .iter()
        .find(|b| b.face.as_ref().is_some_and(|f| f.block == block))?
        .area;
    if board.terrain(from) != Some(Terrain::Victory)
        || view
            .areas
            .get(from.index())
            .is_none_or(|v| v.control != side)
        || path.last() == Some(&from)
    {
        return None;
    }
    let others = view
        .blocks
        .iter()
        .filter(|b| b.side == side && b.area == from)
        .count();
    if others > 1 {
        return None;
    }
    // The view after the move: the block stands at the end of its path.
    let mut after = view.clone();
    if let Some(b) = after
        .blocks
        .iter_mut()
        .find(|b| b.face.as_ref().is_some_and(|f| f.block == block))
    {
        b.area = *path.last()?;
    }
    if !open_victory_areas(board, &after, side).contains(&from) {
        return None;
    }
    let enemy_vp = view
        .sides
        .iter()
        .find(|s| s.side == side.other())
        .map(|s| s.vp)
        .unwrap_or(0);
    let name = board.place_label(from);
    let mut words = format!(
        "This leaves {name} empty: an enemy block can reach it and take it by passing through (R 2.5)."
    );
    if view.sudden_death_vp.is_some_and(|n| enemy_vp + 1 >= n) {
        words.push_str(&format!(
            " The {} would then have {} VP: Sudden Death (R 1.7).",
            side.other().name(),
            enemy_vp + 1
        ));
    }
    Some(words)
}
