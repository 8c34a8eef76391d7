//! The Logistic Phase (R 7): regeneration and replacement, where reinforcements may
//! deploy, the transfers from the Road boxes (RO 14.2), drawing reinforcements and
//! returning those that cannot deploy.

use super::*;

pub(super) fn can_regenerate(board: &Board, st: &State, occ: &Occupancy, b: BlockId) -> bool {
    let Some(l) = st.logistics.as_ref() else {
        return false;
    };
    let d = board.block(b);
    let bs = &st.blocks[b.index()];
    // R 7.2.2: HQs on the map (or a box), not engaged, not Isolated, below full; 1 point/step.
    d.is_hq()
        && l.regeneration_left >= 1
        && matches!(bs.loc, Loc::Space(a) if !occ.disputed(a))
        && !bs.isolated
        && bs.strength < d.max_strength
}

pub(super) fn replace_cost(board: &Board, st: &State, b: BlockId) -> u8 {
    let d = board.block(b);
    let s = st.blocks[b.index()].strength as usize;
    let fp = d
        .dots
        .get(s)
        .copied()
        .unwrap_or(crate::data::Firepower::Single);
    crate::data::ReplacementCost::replacement_cost(fp)
}

pub(super) fn can_replace(board: &Board, st: &State, occ: &Occupancy, b: BlockId) -> bool {
    let Some(l) = st.logistics.as_ref() else {
        return false;
    };
    let d = board.block(b);
    let bs = &st.blocks[b.index()];
    // R 7.2.2: combat blocks; cost by the colour of the step restored (1/2/3).
    d.role == Role::Combat
        && matches!(bs.loc, Loc::Space(a) if !occ.disputed(a))
        && !bs.isolated
        && bs.strength < d.max_strength
        && replace_cost(board, st, b) <= l.replacement_left
}

/// Where a drawn reinforcement may enter (R 5.0, 11.0 B; Appendix A.6).
pub fn reinforcement_areas(board: &Board, st: &State, b: BlockId) -> Vec<AreaId> {
    let d = board.block(b);
    match d.side {
        Side::German => {
            if d.letter == Some(Letter::L) && st.disc_leningrad {
                // The "L" blocks join Hoepner on the Road (R 5.0.1); GAP-14.
                let hoepner_box = board
                    .side_blocks(Side::German)
                    .find(|h| is_hoepner(board, *h))
                    .and_then(|h| space_of(st, h))
                    .filter(|a| board.road_index(*a).is_some());
                if let Some(a) = hoepner_box {
                    return if stacking_ok_with(board, st, a, Side::German, 1) {
                        vec![a]
                    } else {
                        Vec::new()
                    };
                }
                if st.options.readings.l_blocks_need_hoepner {
                    return Vec::new();
                }
            }
            let staging_for = match d.colour {
                Some(Colour::Brown) => Some("16A"),
                Some(Colour::Pink) => Some("9A"),
                Some(Colour::LightBlue) => Some("4A"),
                Some(Colour::Yellow) => Some("2A"),
                _ => None,
            };
            match staging_for.and_then(|k| board.place(k)) {
                Some(a) => vec![a],
                // White blocks, LW HQs and others: any Staging Area (R 5.0, GAP-13).
                None => board.staging.clone(),
            }
        }
        Side::Soviet => {
            let occ = Occupancy::new(board, st);
            let sup = supplied_areas_with(board, st, &occ, Side::Soviet);
            board
                .area_ids()
                .filter(|a| {
                    (board.is_victory(*a) || board.has_city(*a))
                        && st.control[a.index()] == Side::Soviet
                        && !occ.disputed(*a)
                        && sup[a.index()]
                        && occ.stacking_ok_with(board, *a, Side::Soviet, 1)
                        && !st.batch_areas.contains(a)
                })
                .chain(zhukov_to_leningrad(board, st, &occ, b).then_some(board.leningrad))
                .collect()
        }
    }
}

/// RO 14.2 (b): Zhukov drawn from the Force Pool may deploy in the Leningrad box instead
/// (while the Road is in play and Leningrad has not fallen; R 2.7: at most 4 blocks a box).
fn zhukov_to_leningrad(board: &Board, st: &State, occ: &Occupancy, b: BlockId) -> bool {
    st.options.optional.zhukov_hoepner
        && is_zhukov(board, b)
        && st.disc_leningrad
        && board.setup(&st.scenario).is_some_and(|s| s.road_in_play)
        && occ.stacking_ok_with(board, board.leningrad, Side::Soviet, 1)
        && !st.batch_areas.contains(&board.leningrad)
}

/// RO 14.2 transfers allowed now, as (block, area), offered as `Move { block, path: [area] }`:
/// only in the Command segment of a Pass or an SI option A, while blocks may still act (each
/// transfer counts against the limit, GAP-35).
/// (a) German: once all four 4th Panzer Group blocks have been deployed (none is in the Force
/// Pool or waiting to deploy), each of them still on the Road may go to any German-controlled,
/// undisputed, supplied map area where it does not overstack; it never goes back.
/// (b) Soviet: Zhukov in the Leningrad box may come back to any Soviet-controlled, undisputed,
/// supplied area adjacent to Moscow where he does not overstack.
pub fn transfers(board: &Board, st: &State) -> Vec<(BlockId, AreaId)> {
    let mut out = Vec::new();
    if !st.options.optional.zhukov_hoepner || st.phase != Phase::Command {
        return out;
    }
    let Some(i) = st.impulse.as_ref() else {
        return out;
    };
    if !matches!(i.kind, ImpulseKind::Pass | ImpulseKind::StrategicMove)
        || i.actions_left == Some(0)
    {
        return out;
    }
    let side = i.side;
    // Only when a block could transfer (the supply trace is the costly part).
    let candidate = match side {
        Side::German => board.side_blocks(Side::German).any(|b| {
            is_fourth_pzg(board, b)
                && space_of(st, b).is_some_and(|a| board.road_index(a).is_some())
        }),
        Side::Soviet => board
            .side_blocks(Side::Soviet)
            .any(|z| is_zhukov(board, z) && space_of(st, z) == Some(board.leningrad)),
    };
    if !candidate {
        return out;
    }
    let occ = Occupancy::new(board, st);
    let sup = supplied_areas_with(board, st, &occ, side);
    let target = |a: AreaId| {
        board.is_area(a)
            && passable(board, a, side)
            && st.control[a.index()] == side
            && !occ.disputed(a)
            && sup[a.index()]
            && occ.stacking_ok_with(board, a, side, 1)
    };
    match side {
        Side::German => {
            let group: Vec<BlockId> = board
                .side_blocks(Side::German)
                .filter(|b| is_fourth_pzg(board, *b))
                .collect();
            let all_deployed = group.iter().all(|b| {
                !matches!(
                    st.blocks[b.index()].loc,
                    Loc::Unplaced | Loc::ForcePool | Loc::Drawn | Loc::November | Loc::KievIcon
                )
            });
            if !all_deployed {
                return out;
            }
            let areas: Vec<AreaId> = board.area_ids().filter(|a| target(*a)).collect();
            for b in group {
                if space_of(st, b).is_some_and(|a| board.road_index(a).is_some()) {
                    out.extend(areas.iter().map(|a| (b, *a)));
                }
            }
        }
        Side::Soviet => {
            for z in board.side_blocks(Side::Soviet) {
                if is_zhukov(board, z) && space_of(st, z) == Some(board.leningrad) {
                    let mut areas: Vec<AreaId> = board
                        .neighbours(board.moscow)
                        .filter(|a| target(*a))
                        .collect();
                    areas.sort();
                    out.extend(areas.into_iter().map(|a| (z, a)));
                }
            }
        }
    }
    out
}

pub(super) fn draw_reinforcements(
    board: &Board,
    st: &mut State,
    side: Side,
    n: u8,
    ev: &mut Vec<Event>,
) {
    let mut pool: Vec<BlockId> = board
        .side_blocks(side)
        .filter(|b| st.blocks[b.index()].loc == Loc::ForcePool)
        .collect();
    let mut drawn = Vec::new();
    for _ in 0..n {
        if pool.is_empty() {
            break;
        }
        let i = st.dice.pick(pool.len());
        drawn.push(pool.remove(i));
    }
    for &b in &drawn {
        st.blocks[b.index()].loc = Loc::Drawn;
        st.blocks[b.index()].strength = board.block(b).deploy_strength();
        st.blocks[b.index()].isolated = false;
        st.blocks[b.index()].revealed = false;
    }
    let names: Vec<&str> = drawn
        .iter()
        .map(|b| board.block(*b).name.as_str())
        .collect();
    private(
        ev,
        EventKind::ReinforcementsDrawn {
            side,
            count: drawn.len() as u8,
        },
        "R 5.0",
        format!("{} draws {} reinforcements.", side.name(), drawn.len()),
        side,
        format!("{} draws: {}.", side.name(), names.join(", ")),
    );
    st.drawn = drawn;
    st.batch_areas.clear();
}

/// Returns drawn blocks that cannot enter to the Force Pool (R 5.0: no substitute is drawn).
pub(super) fn return_undeployable(board: &Board, st: &mut State, ev: &mut Vec<Event>) {
    while let Some(&b) = st.drawn.first() {
        if !reinforcement_areas(board, st, b).is_empty() {
            return;
        }
        st.drawn.remove(0);
        st.blocks[b.index()].loc = Loc::ForcePool;
        let side = board.block(b).side;
        private(
            ev,
            EventKind::Info,
            "R 5.0",
            format!(
                "A {} reinforcement cannot deploy and returns to the Force Pool.",
                side.name()
            ),
            side,
            format!(
                "{} cannot deploy and returns to the Force Pool.",
                board.block(b).name
            ),
        );
    }
}
