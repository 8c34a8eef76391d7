//! Impulses' command: whether a Tactical impulse can be played, which HQs may activate
//! (R 10), which blocks they command ([`commandable`]) and the Defensive Lines (built,
//! their sites, dismantled).

use super::*;

pub(super) fn can_play_tactical(board: &Board, st: &State, side: Side) -> bool {
    // R 10.0: at least one Tactical HQ must be activated; R 9.1: judged with the supply
    // check the impulse will make. That check marks an HQ that cannot trace a LOC and leaves
    // an HQ's cube on (only an Isolation check takes it off, R 9.1, 9.3), unless the reading
    // in which the start check also clears cubes is chosen.
    let occ = Occupancy::new(board, st);
    let sup = supplied_areas_with(board, st, &occ, side);
    let cube_cleared = st.options.readings.supply_check_clears_cubes;
    board.side_blocks(side).any(|h| {
        board.block(h).role == Role::TacticalHq
            && space_of(st, h).is_some_and(|a| in_supply_occ(board, a, side, &sup, st, &occ))
            && can_activate_ignoring_order(board, st, &occ, h, cube_cleared)
    })
}

/// `ignore_isolation`: judge the HQ as if it had no white cube (the coming supply check).
fn can_activate_ignoring_order(
    board: &Board,
    st: &State,
    occ: &Occupancy,
    hq: BlockId,
    ignore_isolation: bool,
) -> bool {
    let d = board.block(hq);
    let bs = &st.blocks[hq.index()];
    let Loc::Space(a) = bs.loc else { return false };
    if !d.is_hq() || (bs.isolated && !ignore_isolation) {
        return false; // R 9.1: Isolated HQs cannot be activated
    }
    if d.role == Role::LuftwaffeHq && bs.strength == 0 {
        return false; // R 10.5
    }
    if !board.is_area(a) {
        // R 10.1: only Hoepner, in his Road box.
        return is_hoepner(board, hq) && board.road_index(a).is_some();
    }
    if reveal_ok_with(board, st, occ, hq, a) {
        return true;
    }
    // It must move away to be revealed (disengaging if engaged).
    any_destination(board, st, occ, hq, MoveMode::NoEngage, |to| {
        reveal_ok_with(board, st, occ, hq, to)
    })
}

pub(super) fn can_activate_with(board: &Board, st: &State, occ: &Occupancy, hq: BlockId) -> bool {
    let Some(i) = st.impulse.as_ref() else {
        return false;
    };
    if i.activated.contains(&hq) {
        return false;
    }
    // R 10.0: an LW HQ only after a Tactical HQ.
    if board.block(hq).role == Role::LuftwaffeHq
        && !i
            .activated
            .iter()
            .any(|h| board.block(*h).role == Role::TacticalHq)
    {
        return false;
    }
    can_activate_ignoring_order(board, st, occ, hq, false)
}

/// R 10.1: an HQ is revealed in an area without enemy units where it is not overstacked;
/// German HQs may be revealed in Staging Areas.
pub(super) fn reveal_ok_with(
    board: &Board,
    st: &State,
    occ: &Occupancy,
    hq: BlockId,
    a: AreaId,
) -> bool {
    let side = board.block(hq).side;
    if !board.is_area(a) {
        return is_hoepner(board, hq) && board.road_index(a).is_some();
    }
    if occ.has_units(a, side.other()) {
        return false;
    }
    let here = space_of(st, hq) == Some(a);
    occ.stacking_ok_with(board, a, side, if here { 0 } else { 1 })
}

pub(super) fn command_mode(st: &State) -> MoveMode {
    match st.impulse.as_ref().map(|i| i.kind) {
        Some(ImpulseKind::Pass) => MoveMode::NoEngage,
        _ if st.phase == Phase::Exploitation => MoveMode::Exploitation,
        _ => MoveMode::Command,
    }
}

pub(super) fn rail_allowed(st: &State) -> bool {
    st.options.optional.rail
        && matches!(
            st.impulse.as_ref().map(|i| i.kind),
            Some(ImpulseKind::Pass) | Some(ImpulseKind::StrategicMove)
        )
}

/// Blocks the active player may still command now (R 10.7, 10.8, 11.0 A, 12.0, 10.18).
pub fn commandable(board: &Board, st: &State) -> Vec<BlockId> {
    commandable_with(board, st, &Occupancy::new(board, st))
}

/// [`commandable`] with the occupancy already counted.
pub fn commandable_with(board: &Board, st: &State, occ: &Occupancy) -> Vec<BlockId> {
    match Commanders::new(board, st, occ) {
        Some(c) => board.side_blocks(c.i.side).filter(|b| c.can(*b)).collect(),
        None => Vec::new(),
    }
}

/// Is `b` in [`commandable`]? (Without listing the others.)
pub(super) fn can_command(board: &Board, st: &State, occ: &Occupancy, b: BlockId) -> bool {
    b.index() < board.blocks.len() && Commanders::new(board, st, occ).is_some_and(|c| c.can(b))
}

/// Is [`commandable`] not empty? (Stops at the first block.)
pub(super) fn any_commandable(board: &Board, st: &State) -> bool {
    let occ = Occupancy::new(board, st);
    Commanders::new(board, st, &occ).is_some_and(|c| board.side_blocks(c.i.side).any(|b| c.can(b)))
}

/// [`commandable`] asked block by block: a Tactical HQ's range (R 10.3) is traced only once a
/// block needs it.
struct Commanders<'a> {
    board: &'a Board,
    st: &'a State,
    occ: &'a Occupancy,
    i: &'a Impulse,
    exploit: bool,
    /// One bit per block that may not act (again): it acted, or it is an HQ activated in
    /// this Tactical Impulse (GAP-19).
    done: [u64; 4],
    /// The activated Tactical HQs on the map: (HQ, its area, its range once traced).
    hqs: Vec<(BlockId, AreaId, std::cell::OnceCell<Vec<bool>>)>,
}

impl<'a> Commanders<'a> {
    /// None when nobody may be commanded (no impulse, no action left, SI option B).
    fn new(board: &'a Board, st: &'a State, occ: &'a Occupancy) -> Option<Self> {
        let i = st.impulse.as_ref()?;
        if i.actions_left == Some(0) {
            return None;
        }
        let exploit = st.phase == Phase::Exploitation;
        if !exploit && i.kind == ImpulseKind::StrategicReinforce {
            return None;
        }
        let hqs = if !exploit && i.kind == ImpulseKind::Tactical {
            i.activated
                .iter()
                .filter(|h| board.block(**h).role == Role::TacticalHq)
                .filter_map(|h| {
                    let a = space_of(st, *h)?;
                    // Hoepner on the Road commands nobody on the map.
                    board
                        .is_area(a)
                        .then(|| (*h, a, std::cell::OnceCell::new()))
                })
                .collect()
        } else {
            Vec::new()
        };
        let mut done = [0u64; 4];
        let gap19 = i.kind == ImpulseKind::Tactical && !exploit;
        for b in i.acted.iter().chain(i.activated.iter().filter(|_| gap19)) {
            done[b.index() / 64] |= 1 << (b.index() % 64);
        }
        Some(Commanders {
            board,
            st,
            occ,
            i,
            exploit,
            done,
            hqs,
        })
    }

    fn can(&self, b: BlockId) -> bool {
        let (board, st, i) = (self.board, self.st, self.i);
        let d = board.block(b);
        let bs = &st.blocks[b.index()];
        let Loc::Space(a) = bs.loc else {
            return false;
        };
        let base = d.side == i.side
            && d.role != Role::Leader
            && !bs.isolated
            && self.done[b.index() / 64] & (1 << (b.index() % 64)) == 0
            && board.is_area(a);
        if !base {
            return false;
        }
        if self.exploit {
            // R 10.18: Fast blocks (HQs included).
            return is_fast(board, b);
        }
        match i.kind {
            ImpulseKind::Tactical => self.hqs.iter().any(|(h, ha, range)| {
                // R 10.2.2: any block in the HQ's own area; R 10.2.1/10.6: by colour in range.
                *ha == a
                    || (commands_colour(board, st, *h, b)
                        && range.get_or_init(|| {
                            let r = tactical_range(board, st, *h);
                            range_areas_with(board, st, self.occ, *ha, i.side, r)
                        })[a.index()])
            }),
            ImpulseKind::StrategicMove | ImpulseKind::Pass => true,
            ImpulseKind::StrategicReinforce => false,
        }
    }
}

/// How many Defensive Lines `side` has on the map, and how many it owns (R 4.1: 10 German,
/// 20 Soviet).
pub(super) fn dls_used_of(board: &Board, st: &State, side: Side) -> (usize, usize) {
    let total = if side == Side::German {
        board.data.blocks.german_dls
    } else {
        board.data.blocks.soviet_dls
    } as usize;
    let used = st.dl.iter().filter(|x| x[side_index(side)]).count();
    (used, total)
}

/// R 4.1, 10.8: a combat block not at minimum, in an own undisputed area without an own DL,
/// with a DL left in the box; not in an Exploitation or SI option B.
pub(super) fn can_build_dl_with(board: &Board, st: &State, occ: &Occupancy, b: BlockId) -> bool {
    let (used, total) = dls_used_of(board, st, board.block(b).side);
    used < total && dl_site_ok(board, st, occ, b)
}

/// Everything R 4.1 and 10.8 ask of a block building a DL, except a line left in the box.
pub(super) fn dl_site_ok(board: &Board, st: &State, occ: &Occupancy, b: BlockId) -> bool {
    let d = board.block(b);
    let side = d.side;
    let Some(a) = space_of(st, b) else {
        return false;
    };
    d.role == Role::Combat
        && st.phase == Phase::Command
        && board.is_area(a)
        && board.terrain(a) != Some(Terrain::Staging)
        && !at_minimum(board, st, b)
        && st.control[a.index()] == side
        && !occ.disputed(a)
        && !st.dl[a.index()][side_index(side)]
}

/// R 4.1 dismantling: while all of a side's lines are on the map and one of the commanded
/// `builders` could build one, each own line in an undisputed area may be taken off (a lone
/// line in a disputed area keeps that area disputed, so it stays: docs/moscow41.md).
pub(super) fn dismantle_actions(
    board: &Board,
    st: &State,
    occ: &Occupancy,
    builders: &[BlockId],
) -> Vec<Action> {
    let Some(first) = builders.first() else {
        return Vec::new();
    };
    let side = board.block(*first).side;
    let (used, total) = dls_used_of(board, st, side);
    if used < total || !builders.iter().any(|b| dl_site_ok(board, st, occ, *b)) {
        return Vec::new();
    }
    board
        .area_ids()
        .filter(|a| st.dl[a.index()][side_index(side)] && !occ.disputed(*a))
        .map(|area| Action::DismantleDl { area })
        .collect()
}
