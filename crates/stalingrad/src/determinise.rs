//! Determinisation for look-ahead: a complete [`State`] consistent with one side's [`View`],
//! the facts that side cannot see drawn at random among those the view does not rule out. A
//! search that plays on from such a state reads no hidden fact and no future die.
//!
//! What is copied, what is drawn (rules §6.1 Fog of War, §6.20):
//! - Copied from the view: every hex (control, rubble, fortification), every block the viewer
//!   sees (its own, the enemy's laid face up) with its edge, the Casualty Register, the
//!   Eliminated units, the viewer's own hand, the leaders in play, the turn, the rows'
//!   Elimination marks, OKH's extra turns.
//! - Drawn: the identity of each blank enemy block on the map among the enemy blocks the view
//!   does not place (a Soviet block at a uniformly random edge, as the solitaire rules deploy
//!   them, §6.20.1; a German one at any of its edges); the Soviet reserves from the Soviet
//!   blocks left, each reserve getting blocks of its kind; the German Reinforcement Table's
//!   rows from the German blocks left, as many per row as the view counts (the German does not
//!   know his own face-down rows either); the enemy hand and both decks from the cards the
//!   view does not show (a view has no history: cards played earlier may be drawn again in a
//!   sample, exactly as the view cannot rule them out); a fresh dice generator.
//! - Blocks no place is left for are set aside (Designer's Variant units, removed leaders).
//!
//! Covered: the top of a German turn (the five actions) and the human Soviet's choice, in the
//! one-German modes without the Designer's Variant; elsewhere (inside a combat, a deployment,
//! the cooperative modes) it answers None and a searching player plays its fallback. The
//! result is checked: its view for the same viewer is the view given, and
//! [`crate::invariants::check`] holds.

use crate::board::{Board, CardId, UnitId};
use crate::data::UnitKind;
use crate::state::*;
use crate::view::{build_view, BlockFace, Step, View};
use eastfront_kernel::{Dice, Side, Viewer};
use rand::seq::SliceRandom;
use rand::Rng;

/// A complete, legal state consistent with `view`, or None where the view is of a step this
/// determiniser does not cover (see the module's text) or is not of this board.
pub fn determinise<R: Rng + ?Sized>(board: &Board, view: &View, rng: &mut R) -> Option<State> {
    let viewer = match view.viewer {
        Viewer::Side(s) => s,
        Viewer::Omniscient => return None,
    };
    if view.mode.two_germans() || view.combat.is_some() || view.outcome.is_some() {
        return None;
    }
    let phase = match view.step {
        Step::GermanAction => Phase::GermanAction,
        Step::SovietChoice => Phase::SovietChoice,
        _ => return None,
    };
    let n_hex = board.hexes.len();
    if view.hexes.len() != n_hex || view.table.len() != 6 {
        return None;
    }
    let mut st = crate::setup::setup(
        board,
        &Options {
            mode: view.mode,
            variant: None,
            flags: Default::default(),
        },
        0,
    );
    st.dice = Dice::new(rng.random());
    st.phase = phase;
    st.turn = view.turn;
    st.german_player = view.german_player;
    st.okh_extra_turns = view.okh_extra_turns;
    st.combat = None;
    st.outcome = None;
    st.control = view.hexes.iter().map(|h| h.control).collect();
    st.rubble = view.hexes.iter().map(|h| h.rubble).collect();
    st.fortified = view.hexes.iter().map(|h| h.fortified).collect();
    for (r, row) in view.table.iter().enumerate() {
        st.row_eliminated[r] = row.eliminated;
        st.table[r].clear();
    }
    let n_units = board.units.len();
    let mut known = vec![false; n_units];
    for u in &mut st.units {
        *u = UnitState {
            loc: Location::Aside,
            face: 0,
            revealed: false,
        };
    }
    let mut place = |st: &mut State, f: &BlockFace, loc: Location, revealed: bool| -> Option<()> {
        let i = f.unit.0 as usize;
        if i >= n_units || std::mem::replace(&mut known[i], true) {
            return None;
        }
        st.units[i] = UnitState {
            loc,
            face: face_index(board, f)?,
            revealed,
        };
        Some(())
    };
    // Hidden blocks on the map, per side: their hexes.
    let mut blank: [Vec<eastfront_kernel::SpaceId>; 2] = [Vec::new(), Vec::new()];
    for b in &view.blocks {
        match &b.face {
            Some(f) => place(&mut st, f, Location::Map(b.hex), b.revealed)?,
            None if b.side == viewer => return None,
            None => blank[(b.side == Side::Soviet) as usize].push(b.hex),
        }
    }
    for f in &view.casualties {
        place(&mut st, f, Location::Casualties, false)?;
    }
    for f in &view.eliminated {
        let row = board
            .data
            .setup
            .elimination_units
            .iter()
            .position(|k| k.as_ref().and_then(|k| board.unit_by_key(k)) == Some(f.unit))
            .unwrap_or(0);
        place(&mut st, f, Location::Eliminated(row as u8 + 1), false)?;
    }
    // The blocks the view does not place, per side, in a random order.
    let mut left = |side: Side| -> Vec<UnitId> {
        let mut v: Vec<UnitId> = board
            .unit_ids()
            .filter(|u| !known[u.0 as usize] && board.unit_side[u.0 as usize] == side)
            .collect();
        v.shuffle(rng);
        v
    };
    let mut soviet = left(Side::Soviet);
    let mut german = left(Side::German);
    // Soviet reserves: blocks of the reserve's kind.
    for &(r, count) in &view.soviet_reserves {
        for _ in 0..count {
            let k = soviet.iter().position(|u| {
                board.unit(*u).kind != UnitKind::General && board.unit(*u).reserve() == r
            })?;
            let u = soviet.remove(k);
            st.units[u.0 as usize].loc = Location::SovietReserve(r);
        }
    }
    let faces = |u: UnitId, rng: &mut R| -> u8 {
        let printed = board.unit(u).faces.len().max(1);
        if board.unit_side[u.0 as usize] == Side::Soviet {
            rng.random_range(0..4u8)
        } else {
            rng.random_range(0..printed) as u8
        }
    };
    for (s, hexes) in blank.iter().enumerate() {
        let pool = if s == 1 { &mut soviet } else { &mut german };
        for &h in hexes {
            let k = pool
                .iter()
                .position(|u| board.unit(*u).kind != UnitKind::General)?;
            let u = pool.remove(k);
            let face = faces(u, rng);
            st.units[u.0 as usize] = UnitState {
                loc: Location::Map(h),
                face,
                revealed: false,
            };
        }
    }
    // The German Reinforcement Table: as many face-down blocks per row as the view counts.
    for (r, row) in view.table.iter().enumerate() {
        for _ in 0..row.face_down {
            let k = german
                .iter()
                .position(|u| board.unit(*u).kind != UnitKind::General && !board.unit(*u).axe)?;
            let u = german.remove(k);
            st.units[u.0 as usize].loc = Location::Table(r as u8 + 1);
            st.table[r].push(u);
        }
    }
    // Cards.
    let known_cards: Vec<CardId> = view
        .german_hand
        .iter()
        .chain(&view.soviet_hand)
        .chain(&view.leaders_in_play)
        .map(|c| c.card)
        .collect();
    let mut unseen = |side: Side| -> Vec<CardId> {
        let mut v: Vec<CardId> = (0..board.cards.len())
            .map(|i| CardId(i as u8))
            .filter(|c| board.card(*c).side == side && !known_cards.contains(c))
            .collect();
        v.shuffle(rng);
        v
    };
    let mut g_cards = unseen(Side::German);
    let mut s_cards = unseen(Side::Soviet);
    let take = |pool: &mut Vec<CardId>, n: usize| -> Option<Vec<CardId>> {
        (pool.len() >= n).then(|| pool.drain(..n).collect())
    };
    st.leaders_in_play = view.leaders_in_play.iter().map(|c| c.card).collect();
    st.german_hand = match viewer {
        Side::German => view.german_hand.iter().map(|c| c.card).collect(),
        Side::Soviet => take(&mut g_cards, view.german_hand_size)?,
    };
    st.soviet_hand = match viewer {
        Side::Soviet => view.soviet_hand.iter().map(|c| c.card).collect(),
        Side::German => take(&mut s_cards, view.soviet_hand_size)?,
    };
    st.german_deck = take(&mut g_cards, view.german_deck)?;
    st.soviet_deck = take(&mut s_cards, view.soviet_deck)?;
    st.discards = g_cards.into_iter().chain(s_cards).collect();
    st.german_card_owner = vec![0; board.cards.len()];
    st.hex_owner = vec![None; n_hex];
    let again = build_view(board, &st, view.viewer, view.prompt.clone());
    if again != *view {
        return None;
    }
    crate::invariants::check(board, &st).ok()?;
    Some(st)
}

/// The edge a face shows: the printed edge with its pips and colour, or the first blank edge.
fn face_index(board: &Board, f: &BlockFace) -> Option<u8> {
    let faces = &board.unit(f.unit).faces;
    if f.strength == 0 {
        return Some(faces.len() as u8);
    }
    faces
        .iter()
        .position(|e| e.0 == f.strength && Some(e.1) == f.firepower)
        .map(|i| i as u8)
}
