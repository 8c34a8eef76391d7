//! Speed (docs/no_retreat.md, "Speed"): whether one action is legal, decided without listing
//! every legal action where the list's own rules can be asked about that action alone. Each
//! answer is the one `legal(..).contains(a)` gives; debug builds check that on every call.

use super::helpers::{card_combos, data, legal, room};
use super::{move_phase, reorg_phase, Action};
use crate::board::Board;
use crate::state::*;
use crate::supply::Supply;
use crate::turn::position;
use eastfront_kernel::Side;

/// Whether `a` is among `legal(board, st, side)`.
pub(crate) fn is_legal(board: &Board, st: &State, side: Side, a: &Action) -> bool {
    let answer = match quick(board, st, side, a) {
        Some(x) => x,
        None => legal(board, st, side).contains(a),
    };
    debug_assert_eq!(answer, legal(board, st, side).contains(a), "{a:?}");
    answer
}

/// For a move `quick` decides: its path when it is legal, None when it is not.
pub(crate) fn quick_move(
    board: &Board,
    st: &State,
    side: Side,
    a: &Action,
) -> Option<Option<Vec<eastfront_kernel::SpaceId>>> {
    let Action::Move { unit, to } = a else {
        return None;
    };
    let Phase::Player { side: owner, step } = st.phase else {
        return None;
    };
    if !plain(st) || step != Step::Movement || owner != side {
        return None;
    }
    let ok = *unit < st.units.len()
        && data(board, *unit).side == side
        && matches!(st.units[*unit].loc, Loc::Map(_))
        && !st.scratch.moved.contains(unit);
    let path = ok
        .then(|| move_phase::planned_path(board, st, side, *unit, *to))
        .flatten();
    debug_assert_eq!(path.is_some(), legal(board, st, side).contains(a), "{a:?}");
    Some(path)
}

fn plain(st: &State) -> bool {
    st.pending.is_empty()
        && st.scratch.split_place.is_empty()
        && !st.scratch.support_step
        && st.outcome.is_none()
}

/// The answer for the actions whose rules can be asked alone; None for the others.
fn quick(board: &Board, st: &State, side: Side, a: &Action) -> Option<bool> {
    let Phase::Player { side: owner, step } = st.phase else {
        return None;
    };
    if !plain(st) {
        return None;
    }
    let own_unit = |u: usize| u < st.units.len() && data(board, u).side == side;
    Some(match (step, a) {
        // 8.0–8.5: that unit's destinations.
        (Step::Movement, Action::Move { unit, to }) if owner == side => {
            own_unit(*unit)
                && matches!(st.units[*unit].loc, Loc::Map(_))
                && !st.scratch.moved.contains(unit)
                && move_phase::destinations(board, st, side, *unit).contains(to)
        }
        // 9.1: that unit's price, paid with one of the ways to pick that many cards.
        (Step::Movement, Action::Embark { unit, cards }) if owner == side => {
            own_unit(*unit)
                && matches!(st.units[*unit].loc, Loc::Map(_))
                && !st.scratch.moved.contains(unit)
                && {
                    let in_rail = super::optional::rail_used(board, st, side);
                    move_phase::embark_price(board, st, side, *unit, in_rail)
                        .is_some_and(|c| card_combos(st.hand(side), usize::from(c)).contains(cards))
                }
        }
        // 9.2: that space.
        (Step::RailUnloading, Action::Unload { unit, at }) if owner == side => {
            own_unit(*unit)
                && st.units[*unit].loc == Loc::Rail
                && at.index() < board.n_hexes
                && room(board, st, side, *at)
                && {
                    let pos = position(board, st);
                    let supply = Supply::new(board, &pos);
                    crate::reorg::unload_ok(board, &supply, side, &st.scratch.captured, *at)
                }
        }
        // Ending a step: the Card, Movement and Rail Unloading lists always offer it.
        (Step::Card | Step::Movement | Step::RailUnloading, Action::End) => true,
        (Step::Supply | Step::Removal, Action::End) => false,
        // 7.0: A and C may always end; B once no unit owes a placement (7.7, 7.8).
        (Step::Reorganization, Action::End) => match st.scratch.reorg {
            Some(ReorgStep::Flip) | Some(ReorgStep::Reorganize) => true,
            Some(ReorgStep::Place) => {
                let pos = position(board, st);
                let supply = Supply::new(board, &pos);
                !reorg_phase::placements_owed(board, st, &supply, side)
            }
            None => false,
        },
        // 10.0: the declarations end by End, a battle's advance (10.8) too.
        (Step::Combat, Action::End) => match &st.scratch.combat {
            None => false,
            Some(c) => match &c.battle {
                Some(b) => matches!(b.stages.first(), Some(BattleStage::Advance { .. })),
                None => matches!(c.step, CombatStep::Targets | CombatStep::Counterblows),
            },
        },
        // 7.0 A: that unit's flips.
        (
            Step::Reorganization,
            Action::Recover { unit, .. }
            | Action::Upgrade { unit, .. }
            | Action::Fortify { unit, .. }
            | Action::Regionalize { unit },
        ) => {
            let Loc::Map(at) = st.units.get(*unit)?.loc else {
                return Some(false);
            };
            st.scratch.reorg == Some(ReorgStep::Flip) && own_unit(*unit) && {
                let pos = position(board, st);
                let supply = Supply::new(board, &pos);
                reorg_phase::flips(board, st, &supply, st.hand(side), *unit, at).contains(a)
            }
        }
        // 7.6–7.8: that unit's arrival spaces.
        (Step::Reorganization, Action::Place { unit, at }) => {
            st.scratch.reorg == Some(ReorgStep::Place)
                && own_unit(*unit)
                && matches!(st.units[*unit].loc, Loc::Arriving | Loc::Shattered)
                && {
                    let pos = position(board, st);
                    let supply = Supply::new(board, &pos);
                    super::arrivals::arrival_spaces(board, st, &supply, *unit).contains(at)
                }
        }
        _ => return None,
    })
}
