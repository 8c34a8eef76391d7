//! Invariants that hold after every step of every game (checked by the fuzz tests and
//! `eastfront selfplay --check`).

use crate::board::Board;
use crate::data::UnitKind;
use crate::state::{Location, State};
use eastfront_kernel::{Side, Viewer};

/// Returns a description of the first broken invariant.
pub fn check(board: &Board, st: &State) -> Result<(), String> {
    // Stacking ≤ 4 per hex (rules §6.4) and never both sides in one hex.
    let mut occ = vec![(0usize, 0usize); board.hexes.len()];
    for (i, u) in st.units.iter().enumerate() {
        if board.units[i].kind == UnitKind::General {
            continue;
        }
        if let Location::Map(h) = u.loc {
            match board.unit_side[i] {
                Side::German => occ[h.index()].0 += 1,
                Side::Soviet => occ[h.index()].1 += 1,
            }
        }
        // Strength within the block's edges (an index past them is a blank edge: only hidden
        // Soviet blocks may show one).
        if u.face as usize >= 4 {
            return Err(format!("{} has face {}", board.units[i].id, u.face));
        }
        let blank = u.face as usize >= board.units[i].faces.len();
        if blank && (board.unit_side[i] == Side::German || u.revealed) {
            return Err(format!(
                "{} shows a blank edge while {}",
                board.units[i].id,
                if u.revealed { "revealed" } else { "German" }
            ));
        }
        if board.unit_side[i] == Side::German && matches!(u.loc, Location::SovietReserve(_)) {
            return Err(format!("German {} in a Soviet reserve", board.units[i].id));
        }
        if board.unit_side[i] == Side::Soviet
            && matches!(
                u.loc,
                Location::Table(_) | Location::Casualties | Location::Eliminated(_)
            )
        {
            return Err(format!("Soviet {} on a German display", board.units[i].id));
        }
    }
    for (h, (g, s)) in occ.iter().enumerate() {
        if *g > 4 || *s > 4 {
            return Err(format!(
                "hex {} holds {g} German and {s} Soviet units",
                board.hexes[h].id
            ));
        }
        if *g > 0 && *s > 0 {
            return Err(format!("hex {} holds both sides", board.hexes[h].id));
        }
    }
    // The table holds exactly the units located on it.
    let on_table: usize = st.table.iter().map(|r| r.len()).sum();
    let located = st
        .units
        .iter()
        .filter(|u| matches!(u.loc, Location::Table(_)))
        .count();
    if on_table != located {
        return Err(format!(
            "table lists {on_table} units but {located} are located there"
        ));
    }
    for (r, row) in st.table.iter().enumerate() {
        for u in row {
            if st.units[u.0 as usize].loc != Location::Table(r as u8 + 1) {
                return Err(format!(
                    "{} listed on row {} but is elsewhere",
                    board.unit(*u).id,
                    r + 1
                ));
            }
        }
    }
    // Cards are conserved: every card is in exactly one place.
    let mut seen = vec![0u8; board.cards.len()];
    for c in st
        .german_deck
        .iter()
        .chain(&st.german_hand)
        .chain(&st.soviet_deck)
        .chain(&st.soviet_hand)
        .chain(&st.leaders_in_play)
        .chain(&st.discards)
    {
        seen[c.0 as usize] += 1;
    }
    // Cards played into a combat are held by it until S7 discards them (Leaders go into play).
    if let Some(c) = st
        .combat
        .as_ref()
        .filter(|c| c.step < crate::combat::Step::S8OpportunityFire)
    {
        for card in c.soviet_card.iter().chain(&c.german_cards) {
            seen[card.0 as usize] += 1;
        }
    }
    if let Some(i) = seen.iter().position(|n| *n != 1) {
        return Err(format!(
            "card {} ({}) appears {} times",
            i, board.cards[i].name, seen[i]
        ));
    }
    // Hidden means hidden: the German view holds no hidden Soviet identity, hand or reserve order.
    let v = crate::view::build_view(board, st, Viewer::Side(Side::German), String::new());
    for b in &v.blocks {
        if b.side == Side::Soviet && b.face.is_some() && !b.revealed {
            return Err("the German view shows a hidden Soviet block".into());
        }
    }
    if !v.soviet_hand.is_empty() {
        return Err("the German view shows the Soviet hand".into());
    }
    let v = crate::view::build_view(board, st, Viewer::Side(Side::Soviet), String::new());
    for b in &v.blocks {
        if b.side == Side::German && b.face.is_some() && !b.revealed {
            return Err("the Soviet view shows a hidden German block".into());
        }
    }
    if !v.german_hand.is_empty() {
        return Err("the Soviet view shows the German hand".into());
    }
    Ok(())
}
