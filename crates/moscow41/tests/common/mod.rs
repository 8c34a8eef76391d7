//! A small synthetic Moscow '41 board for rules tests: the rules do not depend on the real
//! map's shape, and tests that set up positions by hand read better on a 6 × 5 grid.
//!
//! ```text
//!  x:   0     1      2      3      4      5
//! y0:   1     2      3      4      5      6      (north edge: 1-3 light blue, 4-6 blue)
//! y1:   7     8      9     10     11     12
//! y2:  13  14 Smol  15     16     17   18 Moscow  (east edge: 6, 12, 18, 24, 30)
//! y3:  19    20     21     22   23 Tula  24
//! y4:  25  26 Cher 27 Rom 28 Kursk 29  30 Vor    (south edge: 25-27 orange, 28-30 plain)
//! ```
//! Staging Areas 16A, 9A, 4A, 2A border areas 1, 7, 13, 19. Yellow: 9, 16, 21 (16 has the
//! city Vyazma). Rivers: 14–15, 8–9. Cities: Chernigov (26), Romny (27), Vyazma (16), Kaluga (11).
#![allow(dead_code, clippy::too_many_arguments)]

use eastfront_kernel::{Game, Seat, Side};
use eastfront_moscow41::{Action, AreaId, BlockId, Board, Loc, Moscow41, Options, Phase, State};

pub mod play;
#[allow(unused_imports)] // Only the files that drive the sequence use them.
pub use play::*;
mod toy_map;
pub use toy_map::*;

pub fn toy() -> Moscow41 {
    Moscow41::with_board(Board::new(toy_data()).expect("toy board"))
}

pub fn b(g: &Moscow41, key: &str) -> BlockId {
    g.board
        .block_by_key(key)
        .unwrap_or_else(|| panic!("no block {key}"))
}

pub fn a(g: &Moscow41, key: &str) -> AreaId {
    g.board
        .place(key)
        .unwrap_or_else(|| panic!("no place {key}"))
}

/// The toy campaign at the start of the German first impulse.
pub fn start(g: &Moscow41) -> State {
    g.setup("toy", &Options::default(), 1).unwrap()
}

/// Empties the board (every block to its Force Pool, no DLs); control unchanged.
pub fn clear(g: &Moscow41, st: &mut State) {
    for bs in st.blocks.iter_mut() {
        bs.loc = Loc::ForcePool;
        bs.revealed = false;
        bs.isolated = false;
    }
    for d in st.dl.iter_mut() {
        *d = [false, false];
    }
    let h = b(g, "hitler");
    st.blocks[h.index()].loc = Loc::Space(g.board.rastenburg);
    let s = b(g, "stalin");
    st.blocks[s.index()].loc = Loc::Space(g.board.moscow);
}

pub fn put(g: &Moscow41, st: &mut State, key: &str, place: &str, strength: u8) {
    let bl = b(g, key);
    st.blocks[bl.index()].loc = Loc::Space(a(g, place));
    st.blocks[bl.index()].strength = strength;
}

pub fn set_control(g: &Moscow41, st: &mut State, place: &str, side: Side) {
    let ar = a(g, place);
    st.control[ar.index()] = side;
}

pub fn seat(side: Side) -> Seat {
    match side {
        Side::German => Seat(0),
        Side::Soviet => Seat(1),
    }
}

pub fn act(g: &Moscow41, st: &mut State, action: Action) -> Vec<eastfront_moscow41::Event> {
    let side = st.active;
    let s = g.active(st).unwrap_or(seat(side));
    g.apply(st, s, &action)
        .unwrap_or_else(|e| panic!("{action:?} refused in {:?}: {e}", st.phase))
}

pub fn legal(g: &Moscow41, st: &State) -> Vec<Action> {
    match g.active(st) {
        Some(s) => g.legal_actions(st, s),
        None => Vec::new(),
    }
}

pub fn in_phase(st: &State, p: Phase) -> bool {
    st.phase == p
}
