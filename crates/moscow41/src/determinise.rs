//! Determinisation for look-ahead (rules file §8.2): a complete, legal [`State`] consistent
//! with one side's [`View`], the hidden enemy facts drawn at random among those the view does
//! not rule out. An AI that plays the game forward from such a state reads no hidden fact and
//! no future die.
//!
//! What is copied, what is drawn:
//! - Everything public is copied from the view: the map (control, DLs and their white cubes,
//!   every block's place, white cube and whether it is face up), the faces the viewer sees
//!   (its own blocks everywhere, enemy blocks face up, lost or out of the game), the bombers,
//!   the turn, weather, discs, the phase with its bookkeeping ([`PublicState`]: the impulse's
//!   lists, the Logistic Phase, the battle waiting for a choice, the setup step).
//! - Each hidden enemy block (blank on the map, in the Force Pool, drawn and waiting, in the
//!   November box, on the Kiev icon, not yet placed) gets an identity drawn from the enemy
//!   blocks the view does not rule out: not seen face up, not lost, not out of the game, and
//!   able to stand there (a Leader only where the scenario sets it up — Hitler in
//!   Rastenburg, Stalin in Moscow —; nothing else in Rastenburg or the Kiev box; only the 4th
//!   Panzer Group on the Road to Leningrad and only Zhukov in the Leningrad box; no Soviet
//!   block in a Staging Area; only "N" blocks in the November box and the Panzer-bonus block
//!   on the Kiev icon; enemy blocks still to place in a setup step match that step). Blocks
//!   whose identity the viewer saw this impulse (activated HQs, blocks revealed in a battle,
//!   the blocks of the battle in progress) are put back where the view says. The draw is a
//!   random perfect matching of blocks to places (uniform choices in random order, not a
//!   posterior over the game's history: a view has no history).
//! - A hidden block on the map gets a strength on its ladder: half the time the strength it
//!   enters play with, otherwise any step of its ladder with equal chance. Off the map:
//!   the strength it enters play with (a drawn reinforcement has exactly that, R 5.0), and 0
//!   for a block not yet placed (as the setup leaves it) unless the current setup step has
//!   picked it (that step's strength).
//! - A hidden enemy block that the impulse's lists name only by its area (it moved, carries a
//!   River Crossing cube…) is one of the blank enemy blocks in that area, at random.
//! - The dice are a fresh generator seeded from the caller's rng: no future die is known.
//!
//! The result is checked before it is returned: its view for the same viewer is the view
//! given, and `invariants::check` holds. An Omniscient view gives back the state itself (but
//! the dice).

use crate::board::{AreaId, BlockId, Board};
use crate::data::{Destination, Letter, Role, Selector};
use crate::invariants;
use crate::query::{is_fourth_pzg, is_zhukov, ladder, passable};
use crate::setup;
use crate::state::*;
use crate::view::{build_view_with, ImpulseList, View};
use eastfront_kernel::{Dice, Side, Viewer};
use rand::seq::SliceRandom;
use rand::Rng;

/// A hidden block whose identity is public, where it stands, and its strength and white
/// cube when they are known.
type Pinned = (BlockId, Loc, Option<(u8, bool)>);

/// A place a hidden enemy block fills.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Slot {
    /// A blank block on the map (its area and white cube).
    Map { area: AreaId, isolated: bool },
    /// Off the map: `ForcePool`, `Drawn`, `November`, `KievIcon` or `Unplaced`.
    Off(Loc),
    /// Not yet placed, and picked by the current player's-choice setup step.
    SetupTodo,
}

/// A complete, legal state consistent with `view` (see the module's text), or why there is
/// none (a view not made by this board, or inconsistent).
pub fn determinise<R: Rng + ?Sized>(
    board: &Board,
    view: &View,
    rng: &mut R,
) -> Result<State, String> {
    let viewer = match view.viewer {
        Viewer::Side(s) => Some(s),
        Viewer::Omniscient => None,
    };
    let own = |side: Side| viewer.is_none_or(|v| v == side);
    let Some(scenario) = board.setup(&view.scenario) else {
        return Err(format!("no scenario \"{}\" on this board", view.scenario));
    };
    let n = board.topo.len();
    let p = &view.public;
    if view.areas.len() != n || p.dl_isolated.len() != n || view.sides.len() != 2 {
        return Err("the view is not of this board".into());
    }
    if view.bombers.len() != board.bombers().len() {
        return Err("the view's bombers are not this board's".into());
    }
    let mut st = State {
        scenario: view.scenario.clone(),
        options: p.options.clone(),
        dice: Dice::new(rng.random()),
        blocks: vec![
            BlockState {
                loc: Loc::Unplaced,
                strength: 0,
                revealed: false,
                isolated: false,
            };
            board.blocks.len()
        ],
        control: view.areas.iter().map(|a| a.control).collect(),
        dl: view.areas.iter().map(|a| a.dl).collect(),
        dl_isolated: p.dl_isolated.clone(),
        bombers: view.bombers.clone(),
        turn: view.turn,
        phase: p.phase.clone(),
        active: p.active,
        initiative: view.initiative,
        disc_uses: p.disc_uses,
        disc_uses_month: p.disc_uses_month,
        weather: view.weather,
        forecast: view.forecast,
        impulses_this_turn: p.impulses_this_turn,
        german_impulses_this_turn: p.german_impulses_this_turn,
        consecutive_passes: p.consecutive_passes,
        disc_shlisselburg: view.discs[0],
        disc_leningrad: view.discs[1],
        disc_kiev: view.discs[2],
        stalin_dead: view.stalin_dead,
        impulse: p.impulse.clone(),
        logistics: p.logistics.clone(),
        drawn: Vec::new(),
        batch_areas: p.batch_areas.clone(),
        setup_todo: p.setup_todo.clone(),
        setup_dls_todo: p.setup_dls_todo,
        setup_used: p.setup_used.clone(),
        battle: p.battle.clone(),
        outcome: view.outcome.clone(),
    };

    // ---- what the viewer sees: placed as it is
    let mut known = vec![false; board.blocks.len()];
    let put = |st: &mut State, known: &mut [bool], b: BlockId, bs: BlockState| {
        if b.index() >= known.len() {
            return Err(format!("block #{} is not on this board", b.0));
        }
        if std::mem::replace(&mut known[b.index()], true) {
            return Err(format!("{} is in the view twice", board.block(b).id));
        }
        st.blocks[b.index()] = bs;
        Ok(())
    };
    let at = |loc: Loc, strength: u8, revealed: bool, isolated: bool| BlockState {
        loc,
        strength,
        revealed,
        isolated,
    };
    // Hidden places, per side.
    let mut slots: [Vec<Slot>; 2] = [Vec::new(), Vec::new()];
    for bv in &view.blocks {
        match &bv.face {
            Some(f) => put(
                &mut st,
                &mut known,
                f.block,
                at(Loc::Space(bv.area), f.strength, bv.revealed, bv.isolated),
            )?,
            None if own(bv.side) => return Err("an own block without its face".into()),
            None => slots[side_index(bv.side)].push(Slot::Map {
                area: bv.area,
                isolated: bv.isolated,
            }),
        }
    }
    for sv in &view.sides {
        let side = sv.side;
        let lost = if side == Side::German {
            Loc::Eliminated
        } else {
            Loc::Surrendered
        };
        for f in &sv.lost {
            put(
                &mut st,
                &mut known,
                f.block,
                at(lost, f.strength, false, f.isolated),
            )?;
        }
        for o in &sv.off_map {
            match &o.face {
                Some(f) => put(
                    &mut st,
                    &mut known,
                    f.block,
                    at(o.loc, f.strength, false, f.isolated),
                )?,
                None if own(side) => return Err("an own block off the map without its face".into()),
                None => slots[side_index(side)].push(Slot::Off(o.loc)),
            }
        }
        if own(side) {
            let pool = sv
                .force_pool_blocks
                .as_ref()
                .ok_or("the viewer's own Force Pool is not in the view")?;
            if pool.len() != sv.force_pool || sv.drawn.len() != sv.drawn_count {
                return Err("the view's counts do not match its blocks".into());
            }
            for f in pool {
                put(
                    &mut st,
                    &mut known,
                    f.block,
                    at(Loc::ForcePool, f.strength, false, f.isolated),
                )?;
            }
            for f in &sv.drawn {
                put(
                    &mut st,
                    &mut known,
                    f.block,
                    at(Loc::Drawn, f.strength, false, f.isolated),
                )?;
                st.drawn.push(f.block);
            }
        } else {
            let s = &mut slots[side_index(side)];
            s.extend(std::iter::repeat_n(
                Slot::Off(Loc::ForcePool),
                sv.force_pool,
            ));
            s.extend(std::iter::repeat_n(Slot::Off(Loc::Drawn), sv.drawn_count));
        }
    }

    // ---- hidden blocks whose identity is public: back where the view says
    let mut pinned: Vec<Pinned> = Vec::new();
    for &(b, loc) in &p.named_hidden {
        pinned.push((b, loc, None));
    }
    if let Some(battle) = &p.battle {
        let area = view.battle_choice.as_ref().map(|c| c.area).or_else(|| {
            battle.setup().units.iter().find_map(|u| {
                let b = BlockId(u.id as u8);
                match st.blocks.get(b.index()).map(|x| x.loc) {
                    Some(Loc::Space(a)) if known[b.index()] => Some(a),
                    _ => None,
                }
            })
        });
        let area = area.ok_or("the battle's area is unknown")?;
        for u in &battle.setup().units {
            let b = BlockId(u.id as u8);
            if b.index() < known.len() && !known[b.index()] {
                pinned.retain(|x| x.0 != b);
                pinned.push((b, Loc::Space(area), Some((u.strength, u.isolated))));
            }
        }
    }
    for (b, loc, facts) in pinned {
        if b.index() >= known.len() {
            return Err(format!("block #{} is not on this board", b.0));
        }
        let side = board.block(b).side;
        let s = &mut slots[side_index(side)];
        let k = s
            .iter()
            .position(|x| match (*x, loc) {
                (Slot::Map { area, isolated }, Loc::Space(a)) => {
                    area == a && facts.is_none_or(|f| f.1 == isolated)
                }
                (Slot::Off(l), _) => l == loc,
                _ => false,
            })
            .ok_or_else(|| {
                format!(
                    "no hidden place for {}, which the view puts in {loc:?}",
                    board.block(b).id
                )
            })?;
        let slot = s.swap_remove(k);
        let (strength, isolated) = match (facts, slot) {
            (Some(f), _) => f,
            (None, Slot::Map { isolated, .. }) => (map_strength(board, b, rng), isolated),
            (None, _) => (board.block(b).deploy_strength(), false),
        };
        put(&mut st, &mut known, b, at(loc, strength, false, isolated))?;
    }

    // ---- the enemy setup step's blocks still to place
    if p.setup_todo_hidden > 0 {
        let Phase::Setup { step } = st.phase else {
            return Err("blocks to place outside the setup".into());
        };
        let side = scenario
            .deploy
            .get(step)
            .map(|d| d.side)
            .ok_or("no such setup step")?;
        let s = &mut slots[side_index(side)];
        for _ in 0..p.setup_todo_hidden {
            let k = s
                .iter()
                .position(|x| *x == Slot::Off(Loc::Unplaced))
                .ok_or("more blocks to place than blocks not placed")?;
            s[k] = Slot::SetupTodo;
        }
    }

    // ---- the other hidden blocks: a random perfect matching
    let own_drawn = st.drawn.len();
    let mut todo: Vec<BlockId> = Vec::new();
    for side in [Side::German, Side::Soviet] {
        let blocks: Vec<BlockId> = board
            .side_blocks(side)
            .filter(|b| !known[b.index()])
            .collect();
        let s = &slots[side_index(side)];
        if blocks.len() != s.len() {
            return Err(format!(
                "{} hidden {} places for {} {} blocks not in the view",
                s.len(),
                side.name(),
                blocks.len(),
                side.name()
            ));
        }
        let matched = {
            let fits = |b: BlockId, slot: Slot| fits(board, &st, scenario, b, slot);
            random_matching(&blocks, s, fits, rng)
        };
        let matched = matched.ok_or_else(|| {
            format!(
                "the {} blocks not in the view cannot fill its hidden places",
                side.name()
            )
        })?;
        for (b, slot) in matched {
            let bs = match slot {
                Slot::Map { area, isolated } => at(
                    Loc::Space(area),
                    map_strength(board, b, rng),
                    false,
                    isolated,
                ),
                Slot::Off(Loc::Unplaced) => at(Loc::Unplaced, 0, false, false),
                Slot::SetupTodo => {
                    todo.push(b);
                    let Phase::Setup { step } = st.phase else {
                        unreachable!("checked above")
                    };
                    let strength = setup::strength_for(board, b, scenario.deploy[step].strength);
                    at(Loc::Unplaced, strength, false, false)
                }
                Slot::Off(loc) => {
                    if loc == Loc::Drawn {
                        st.drawn.push(b);
                    }
                    at(loc, board.block(b).deploy_strength(), false, false)
                }
            };
            put(&mut st, &mut known, b, bs)?;
        }
    }
    // The enemy's drawn blocks and blocks to place, in a random order.
    st.drawn[own_drawn..].shuffle(rng);
    todo.shuffle(rng);
    st.setup_todo.extend(todo);

    // ---- the impulse's lists: hidden blocks named by their area only
    if let Some(i) = st.impulse.as_mut() {
        for &(list, area) in &p.impulse_hidden {
            let candidates: Vec<BlockId> = board
                .block_ids()
                .filter(|b| {
                    let bs = &st.blocks[b.index()];
                    bs.loc == Loc::Space(area)
                        && !own(board.block(*b).side)
                        && !bs.revealed
                        && !i.activated.contains(b)
                        && !i.revealed_now.contains(b)
                })
                .filter(|b| match list {
                    ImpulseList::Acted => !i.acted.contains(b),
                    ImpulseList::River => !i.river.contains(b),
                    ImpulseList::BlitzEligible => !i.blitz_eligible.contains(b),
                    ImpulseList::Blitzed => !i.blitzed.contains(b),
                })
                .collect();
            let v = match list {
                ImpulseList::Acted => &mut i.acted,
                ImpulseList::River => &mut i.river,
                ImpulseList::BlitzEligible => &mut i.blitz_eligible,
                ImpulseList::Blitzed => &mut i.blitzed,
            };
            let k = candidates.len();
            if k == 0 {
                return Err(format!(
                    "no hidden block in {} for the impulse's {list:?} list",
                    board.place_label(area)
                ));
            }
            v.push(candidates[rng.random_range(0..k)]);
        }
    }

    // ---- checked: the same view, and a legal state
    let text = !view.phase.is_empty();
    let again = build_view_with(board, &st, view.viewer, text);
    if again != *view {
        return Err(format!(
            "the state rebuilt from the view does not give the same view ({})",
            first_difference(&again, view)
        ));
    }
    invariants::check(board, &st)?;
    Ok(st)
}

/// A hidden block's strength on the map: half the time what it enters play with, otherwise
/// any step of its ladder.
fn map_strength<R: Rng + ?Sized>(board: &Board, b: BlockId, rng: &mut R) -> u8 {
    let l = ladder(board, b);
    let deploy = board.block(b).deploy_strength();
    if l.contains(&deploy) && rng.random_bool(0.5) {
        deploy
    } else {
        l[rng.random_range(0..l.len())]
    }
}

/// Where the scenario's setup puts a Leader (they never move, R 4.2.4).
fn leader_home(board: &Board, scenario: &crate::data::SetupData, b: BlockId) -> Option<AreaId> {
    let id = &board.block(b).id;
    scenario.deploy.iter().find_map(|d| match &d.what {
        Selector::Named(ids) if ids.contains(id) => match &d.to {
            Destination::Area(p) => board.place(p),
            Destination::Rastenburg => Some(board.rastenburg),
            _ => None,
        },
        _ => None,
    })
}

/// May block `b` be the one in this hidden place (see the module's text)?
fn fits(
    board: &Board,
    st: &State,
    scenario: &crate::data::SetupData,
    b: BlockId,
    slot: Slot,
) -> bool {
    let d = board.block(b);
    let leader = d.role == Role::Leader;
    let home = if leader {
        leader_home(board, scenario, b)
    } else {
        None
    };
    match slot {
        Slot::Map { area, .. } => {
            if leader {
                return home.is_none_or(|h| h == area);
            }
            if area == board.rastenburg || area == board.kiev {
                return false;
            }
            if board.road_index(area).is_some() {
                return match d.side {
                    Side::German => is_fourth_pzg(board, b),
                    Side::Soviet => area == board.leningrad && is_zhukov(board, b),
                };
            }
            !(d.side == Side::Soviet && board.is_area(area) && !passable(board, area, d.side))
        }
        Slot::Off(Loc::ForcePool) | Slot::Off(Loc::Drawn) => home.is_none(),
        Slot::Off(Loc::November) => d.letter == Some(Letter::N),
        Slot::Off(Loc::KievIcon) => d.letter == Some(Letter::PanzerBonus),
        Slot::Off(Loc::Unplaced) => true,
        Slot::Off(_) => false,
        Slot::SetupTodo => {
            let Phase::Setup { step } = st.phase else {
                return false;
            };
            let Some(step) = scenario.deploy.get(step) else {
                return false;
            };
            match &step.what {
                Selector::Named(ids) => ids.contains(&d.id),
                Selector::All(f) | Selector::Draw { filter: f, .. } => {
                    setup::matches(board, b, step.side, f)
                }
                Selector::Dls(_) => false,
            }
        }
    }
}

/// A perfect matching of `blocks` to `slots` (as many of each) where `fits`, found by
/// augmenting paths over a random order; None if there is none.
fn random_matching<R: Rng + ?Sized>(
    blocks: &[BlockId],
    slots: &[Slot],
    fits: impl Fn(BlockId, Slot) -> bool,
    rng: &mut R,
) -> Option<Vec<(BlockId, Slot)>> {
    let m = slots.len();
    let mut cands: Vec<Vec<usize>> = slots
        .iter()
        .map(|s| {
            let mut c: Vec<usize> = (0..blocks.len()).filter(|&i| fits(blocks[i], *s)).collect();
            c.shuffle(rng);
            c
        })
        .collect();
    // The most constrained places first, ties at random.
    let mut order: Vec<usize> = (0..m).collect();
    order.shuffle(rng);
    order.sort_by_key(|&s| cands[s].len());
    let mut slot_of: Vec<Option<usize>> = vec![None; blocks.len()];
    fn augment(
        s: usize,
        cands: &[Vec<usize>],
        slot_of: &mut [Option<usize>],
        seen: &mut [bool],
    ) -> bool {
        for &b in &cands[s] {
            if std::mem::replace(&mut seen[b], true) {
                continue;
            }
            if slot_of[b].is_none_or(|t| augment(t, cands, slot_of, seen)) {
                slot_of[b] = Some(s);
                return true;
            }
        }
        false
    }
    for &s in &order {
        let mut seen = vec![false; blocks.len()];
        if !augment(s, &cands, &mut slot_of, &mut seen) {
            return None;
        }
    }
    cands.clear();
    Some(
        blocks
            .iter()
            .zip(slot_of)
            .map(|(b, s)| (*b, slots[s.expect("a perfect matching")]))
            .collect(),
    )
}

/// Names the first part of two views that differs (for the error message).
fn first_difference(a: &View, b: &View) -> String {
    macro_rules! field {
        ($x:expr, $y:expr; $($f:ident),*) => {
            $(if $x.$f != $y.$f {
                return format!("{}: {:?} vs {:?}", stringify!($f), $x.$f, $y.$f);
            })*
        };
    }
    field!(
        a, b;
        viewer,
        scenario,
        turn,
        month,
        weather,
        forecast,
        initiative,
        active_side,
        phase,
        prompt,
        areas,
        blocks,
        sides,
        bombers,
        discs,
        stalin_dead,
        activated,
        artillery,
        outcome,
        battle_choice
    );
    let (a, b) = (&a.public, &b.public);
    field!(
        a, b;
        options,
        phase,
        active,
        disc_uses,
        disc_uses_month,
        impulses_this_turn,
        german_impulses_this_turn,
        consecutive_passes,
        dl_isolated,
        impulse,
        impulse_hidden,
        named_hidden,
        logistics,
        batch_areas,
        setup_todo,
        setup_todo_hidden,
        setup_dls_todo,
        setup_used,
        battle
    );
    "nothing".into()
}
