//! Invariants that hold after every step of every game (checked by the fuzz test and
//! `eastfront selfplay`): blocks conserved, stacking (R 2.7), strengths on their ladders
//! (R 4.2.3), DL and bomber counts (R 4.1, 10.10), and no hidden fact in the other side's view
//! (R 1.5).

use crate::battle::BattleOption;
use crate::board::{BlockId, Board};
use crate::data::Role;
use crate::query::*;
use crate::state::*;
use crate::view::View;
use eastfront_kernel::{Side, Viewer};

/// Returns a description of the first broken invariant.
pub fn check(board: &Board, st: &State) -> Result<(), String> {
    if st.blocks.len() != board.blocks.len() {
        return Err(format!(
            "{} block states for {} blocks",
            st.blocks.len(),
            board.blocks.len()
        ));
    }
    let setting_up = matches!(st.phase, Phase::Setup { .. });
    for b in board.block_ids() {
        let d = board.block(b);
        let bs = &st.blocks[b.index()];
        if bs.loc == Loc::Unplaced && !setting_up {
            return Err(format!("{} is unplaced after the setup", d.id));
        }
        if let Loc::Space(a) = bs.loc {
            if !on_ladder(board, b, bs.strength) {
                return Err(format!(
                    "{} has strength {} off its ladder",
                    d.id, bs.strength
                ));
            }
            // R 2.2, 2.7: boxes.
            if a == board.kiev {
                return Err(format!("{} is in the Kiev box", d.id));
            }
            if a == board.rastenburg && d.role != Role::Leader {
                return Err(format!("{} is in Rastenburg", d.id));
            }
            if board.road_index(a).is_some() && d.side == Side::German && !is_fourth_pzg(board, b) {
                return Err(format!("{} is on the Road to Leningrad", d.id));
            }
            if d.side == Side::Soviet && !passable(board, a, Side::Soviet) && board.is_area(a) {
                return Err(format!("Soviet {} in a Staging Area", d.id));
            }
        }
        if d.side == Side::German && bs.loc == Loc::Surrendered {
            return Err(format!(
                "German {} surrendered (German losses are eliminated)",
                d.id
            ));
        }
        if d.side == Side::Soviet && bs.loc == Loc::Eliminated {
            return Err(format!(
                "Soviet {} eliminated (Soviet losses go to the pool or surrender)",
                d.id
            ));
        }
    }
    // Stacking at rest (R 2.7): checked outside a move; setups obey it too.
    let occ = Occupancy::new(board, st);
    if !setting_up {
        for a in board.topo.ids() {
            let Some(n) = stack_limit(board, a) else {
                continue;
            };
            for side in [Side::German, Side::Soviet] {
                let c = occ.stack_count(a, side);
                if c > n {
                    return Err(format!(
                        "{} holds {c} {} blocks (limit {n})",
                        board.place_label(a),
                        side.name()
                    ));
                }
            }
        }
    }
    // DLs (R 4.1, 2.7): within the box counts, never in boxes.
    for (side, total) in [
        (Side::German, board.data.blocks.german_dls),
        (Side::Soviet, board.data.blocks.soviet_dls),
    ] {
        let n = st.dl.iter().filter(|x| x[side_index(side)]).count();
        if n > total as usize {
            return Err(format!(
                "{n} {} DLs on the map (at most {total})",
                side.name()
            ));
        }
    }
    for a in board.topo.ids() {
        if !board.is_area(a) && (st.dl[a.index()][0] || st.dl[a.index()][1]) {
            return Err(format!("a DL in the box {}", board.place_label(a)));
        }
    }
    if st.bombers.len() != board.bombers().len() {
        return Err("bomber count changed".into());
    }
    // Control: a space with units of one side only belongs to that side (R 2.5).
    if !setting_up && st.battle.is_none() {
        // (`Occupancy::units` is `presence`.)
        for (i, pr) in occ.units.iter().enumerate() {
            let owner = match pr {
                [true, false] => Side::German,
                [false, true] => Side::Soviet,
                _ => continue,
            };
            if st.control[i] != owner {
                return Err(format!(
                    "{} holds only {} units but is {} controlled",
                    board.place_label(eastfront_kernel::SpaceId(i as u16)),
                    owner.name(),
                    st.control[i].name()
                ));
            }
        }
    }
    // VP always total 7 (R 1.7).
    let total = vp(board, st, Side::German) + vp(board, st, Side::Soviet);
    let expected = board.victory_areas().len() as u8 + 2;
    if total != expected {
        return Err(format!("VP total {total}, expected {expected}"));
    }
    // Hidden means hidden.
    for viewer in [Side::German, Side::Soviet] {
        let v = crate::view::build_view_with(board, st, Viewer::Side(viewer), false);
        for b in &v.blocks {
            if b.side != viewer && b.face.is_some() && !b.revealed {
                return Err(format!(
                    "the {} view shows a hidden enemy block",
                    viewer.name()
                ));
            }
        }
        for s in &v.sides {
            if s.side != viewer && (s.force_pool_blocks.is_some() || !s.drawn.is_empty()) {
                return Err(format!(
                    "the {} view shows the enemy Force Pool",
                    viewer.name()
                ));
            }
            if s.side != viewer
                && s.off_map
                    .iter()
                    .any(|o| o.face.is_some() && o.loc != Loc::Removed)
            {
                return Err(format!(
                    "the {} view shows an enemy block off the map",
                    viewer.name()
                ));
            }
        }
        // The listing's order says nothing about hidden identities: blank blocks of one side
        // in one area come first, ordered by their white cube only.
        for w in v.blocks.windows(2) {
            let (x, y) = (&w[0], &w[1]);
            if x.area == y.area
                && x.side == y.side
                && (x.face.is_some() && y.face.is_none()
                    || x.face.is_none() && y.face.is_none() && x.isolated && !y.isolated)
            {
                return Err(format!(
                    "the {} view lists the blocks in {} out of order",
                    viewer.name(),
                    board.place_label(x.area)
                ));
            }
        }
        check_public(board, st, &v, viewer)?;
    }
    Ok(())
}

/// The view's battle choice and public facts name no hidden enemy block.
fn check_public(board: &Board, st: &State, v: &View, viewer: Side) -> Result<(), String> {
    let who = viewer.name();
    let pending = st.battle.as_ref().and_then(|b| b.pending_choice());
    match (&v.battle_choice, &pending, st.battle.as_deref()) {
        (None, None, _) => {}
        (Some(c), Some(p), Some(b)) => {
            if c.side != p.side || c.choices != p.options || c.options.len() != c.choices.len() {
                return Err(format!(
                    "the {who} view's battle choice is not the battle's"
                ));
            }
            for o in &c.choices {
                let ok = match *o {
                    BattleOption::HitBlock(u) => b.units().any(|x| x.id == u && x.side == c.side),
                    BattleOption::AbortBomber(id) | BattleOption::DestroyBomber(id) => {
                        b.setup().bombers.iter().any(|x| x.id == id)
                    }
                };
                if !ok {
                    return Err(format!(
                        "the {who} view's battle choice names {o}, not in the battle"
                    ));
                }
            }
        }
        _ => {
            return Err(format!(
                "the {who} view's battle choice does not match the battle"
            ))
        }
    }
    let p = &v.public;
    let knows = |b: BlockId| crate::view::knows(board, st, Viewer::Side(viewer), b);
    if let Some(i) = &p.impulse {
        let named = |b: &BlockId| i.activated.contains(b) || i.revealed_now.contains(b);
        for b in i
            .acted
            .iter()
            .chain(&i.river)
            .chain(&i.blitz_eligible)
            .chain(&i.blitzed)
        {
            if !knows(*b) && !named(b) {
                return Err(format!(
                    "the {who} view's impulse names the hidden enemy {}",
                    board.block(*b).id
                ));
            }
        }
        if p.named_hidden.iter().any(|(b, _)| !named(b)) {
            return Err(format!(
                "the {who} view places an enemy block not seen this impulse"
            ));
        }
    } else if !p.impulse_hidden.is_empty() || !p.named_hidden.is_empty() {
        return Err(format!(
            "the {who} view names impulse blocks without an impulse"
        ));
    }
    if p.setup_todo.iter().any(|b| !knows(*b)) {
        return Err(format!(
            "the {who} view names the enemy blocks still to place"
        ));
    }
    Ok(())
}
