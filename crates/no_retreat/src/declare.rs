//! Declaring battles (10.1–10.3): the Target/Counterblow marker pool, which hexes may be
//! targeted or counterblown, which units may attack, and whether a battle's grouping is legal.

use crate::board::{Board, BorderKind};
use crate::combat::TurnWeather;
use crate::data::{TrackFile, TurnEvent};
use crate::supply::Position;
use eastfront_kernel::{Side, SpaceId};

/// 10.0 marker limit: 5 per player; the Axis 3 in extreme winter (13.1) and from turn 20,
/// 1 from turn 26 (13.5).
pub fn marker_pool(track: &TrackFile, side: Side, turn: u8, weather: TurnWeather) -> u8 {
    if side == Side::Soviet {
        return 5;
    }
    let mut n = 5;
    for t in track.turns.iter().filter(|t| t.turn <= turn) {
        for e in &t.events {
            if let TurnEvent::GermanTargets(k) = e {
                n = n.min(*k);
            }
        }
    }
    if weather == TurnWeather::ExtremeWinter {
        n = n.min(3);
    }
    n
}

fn units_of(pos: &Position, side: Side, at: SpaceId) -> bool {
    pos.pieces.iter().any(|p| p.side == side && p.at == at)
}

/// Two spaces border through a permitted hexside (not lake or sea).
pub fn permitted_border(board: &Board, a: SpaceId, b: SpaceId) -> bool {
    board.border(a, b).is_some_and(|k| k != BorderKind::Lake)
}

/// 10.1: a hex holding the passive side's units, next to one of the active side's through a
/// permitted hexside. (A hex with a Counterblow marker is not offered: the caller's markers.)
pub fn possible_target(board: &Board, pos: &Position, active: Side, hex: SpaceId) -> bool {
    units_of(pos, active.other(), hex)
        && board
            .borders(hex)
            .iter()
            .any(|b| b.kind != BorderKind::Lake && units_of(pos, active, b.to))
}

/// What the declaration rules need to know of a unit in a hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fighter {
    pub at: SpaceId,
    pub side: Side,
    /// Strength printed in white (fortified infantry, cadres), 2.3.
    pub white: bool,
    pub disorganized: bool,
    /// No strength ("X") or immobile garrison that cannot attack at all.
    pub strength: u8,
}

/// 10.1.1: a unit that may attack voluntarily: not Disorganized, not white-strength, with
/// some strength.
pub fn may_attack_voluntarily(f: &Fighter) -> bool {
    !f.disorganized && !f.white && f.strength > 0
}

/// 10.1.2: the passive side may put a Counterblow on a hex of its own units next to active
/// units, not on a Target hex, not on a hex of white-strength units only.
pub fn possible_counterblow(
    board: &Board,
    fighters: &[Fighter],
    passive: Side,
    hex: SpaceId,
    targeted: bool,
) -> bool {
    // Cheapest tests first (speed): own units that are not white-strength only, then an
    // active unit across a permitted hexside.
    !targeted
        && fighters
            .iter()
            .any(|f| f.side == passive && f.at == hex && !f.white)
        && board.borders(hex).iter().any(|b| {
            b.kind != BorderKind::Lake
                && fighters
                    .iter()
                    .any(|f| f.side == passive.other() && f.at == b.to)
        })
}

/// The spaces holding units of `side`, in space order: the only spaces where
/// [`possible_target`] (of the other side) or [`possible_counterblow`] can hold.
pub fn spaces_of(pos: &Position, side: Side) -> Vec<SpaceId> {
    let mut v: Vec<SpaceId> = pos
        .pieces
        .iter()
        .filter(|p| p.side == side)
        .map(|p| p.at)
        .collect();
    v.sort_unstable();
    v.dedup();
    v
}

/// 10.3.3, 10.3.4: a battle is legal if it has attackers and targets, every attacking hex is
/// next to every target hex through a permitted hexside, and no target hex was attacked
/// already this phase. (That no unit fights twice is the caller's bookkeeping.)
pub fn legal_grouping(
    board: &Board,
    attackers: &[SpaceId],
    targets: &[SpaceId],
    already_attacked: &[SpaceId],
) -> bool {
    !attackers.is_empty()
        && !targets.is_empty()
        && targets.iter().all(|t| !already_attacked.contains(t))
        && attackers
            .iter()
            .all(|a| targets.iter().all(|t| permitted_border(board, *a, *t)))
}
