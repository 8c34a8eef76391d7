//! Call for Reinforcements (§6.7.1) and placing the units it brings.

use super::*;

/// Stalingrad: 1. PEDIR REFUERZOS (§6.7.1): draw, roll six dice, take the leftmost unit of each
/// die's row; dice on empty rows Eliminate the row's unit (after all takes); then deploy.
pub(super) fn call_for_reinforcements(board: &Board, st: &mut State, ev: &mut Vec<Event>) {
    info(
        ev,
        "The German calls for reinforcements (1. PEDIR REFUERZOS).",
    );
    let n = if leader_in_play(board, st, CardEffect::Paulus) {
        2
    } else {
        1
    };
    draw_german(board, st, n, ev);
    let dice = st.dice.roll(6);
    dice_event(ev, Side::German, "Reinforcement Table", &dice);
    let mut taken = Vec::new();
    let mut pending = Vec::new();
    for &d in &dice {
        let row = &mut st.table[d as usize - 1];
        if row.is_empty() {
            pending.push(d);
        } else {
            let u = row.remove(0);
            taken.push(u);
        }
    }
    let mut raus_due = false;
    for d in pending {
        let r = d as usize - 1;
        if st.advantages.contains(&Advantage::SixthPanzer) && d == 6 && !st.raus_arrived {
            // §9.4.5: Raus arrives instead; his three units join the table after this call.
            st.raus_arrived = true;
            raus_due = true;
            info(ev, "A 6 on the empty row 6: Erhard Raus arrives with the 6th Panzer Division (§9.4.5).");
            continue;
        }
        if st.row_eliminated[r] {
            continue;
        }
        let Some(u) = board.data.setup.elimination_units[r]
            .as_ref()
            .and_then(|k| board.unit_by_key(k))
        else {
            continue;
        };
        let on_map = matches!(st.units[u.0 as usize].loc, Location::Map(_));
        let just_taken = taken.contains(&u);
        if on_map || just_taken {
            taken.retain(|x| *x != u);
            st.units[u.0 as usize].loc = Location::Eliminated(d);
            st.units[u.0 as usize].revealed = false;
            st.row_eliminated[r] = true;
            info(ev, format!("A {d} on an empty row: {} is Eliminated and laid on its icon (1. PEDIR REFUERZOS).", board.unit(u).name));
            if let Some(extra) = st.okh_extra_turns.as_mut() {
                if board.unit(u).r_unit && *extra < 5 {
                    *extra += 1;
                    info(ev, "OKH: an R unit Eliminated after the Soviet deck ran out gives one more extra turn (rules §6.14.5).");
                }
            }
        } else {
            info(
                ev,
                format!(
                    "A {d} on an empty row: {} is not on the map, no effect.",
                    board.unit(u).name
                ),
            );
        }
    }
    for &u in &taken {
        st.units[u.0 as usize].loc = Location::Aside;
    }
    if raus_due {
        let axe: Vec<UnitId> = board.unit_ids().filter(|u| board.unit(*u).axe).collect();
        for u in axe {
            return_to_table(board, st, u, ev);
        }
    }
    let labels: Vec<String> = taken.iter().map(|u| board.unit(*u).name.clone()).collect();
    ev.push(Event {
        rule: String::new(),
        roll: None,
        kind: EventKind::Info,
        public: format!(
            "The German takes {} unit(s) from the Reinforcement Table.",
            taken.len()
        ),
        private: Some((
            Side::German,
            format!(
                "Taken: {}.",
                if labels.is_empty() {
                    "none".into()
                } else {
                    labels.join(", ")
                }
            ),
        )),
    });
    st.phase = Phase::PlaceReinforcements { units: taken };
    finish_placement_if_done(board, st, ev);
}

pub(super) fn finish_placement_if_done(board: &Board, st: &mut State, ev: &mut Vec<Event>) {
    let Phase::PlaceReinforcements { units } = &st.phase else {
        return;
    };
    if !placements(board, st, &units.clone()).is_empty() {
        return;
    }
    for u in units.clone() {
        return_to_table(board, st, u, ev);
    }
    end_german_turn(board, st, ev);
}

/// A unit that cannot deploy goes back, face down, to the row with the fewest units (lowest
/// row on ties), as the next unit to be taken from it (§6.7.1 step 4, E3).
pub fn return_to_table(board: &Board, st: &mut State, u: UnitId, ev: &mut Vec<Event>) {
    let row = (0..6)
        .min_by_key(|r| (st.table[*r].len(), *r))
        .expect("six rows");
    st.table[row].insert(0, u);
    st.units[u.0 as usize] = UnitState {
        loc: Location::Table(row as u8 + 1),
        face: 0,
        revealed: false,
    };
    ev.push(Event {
        rule: String::new(),
        roll: None,
        kind: EventKind::Info,
        public: format!(
            "A German unit returns to row {} of the Reinforcement Table.",
            row + 1
        ),
        private: Some((
            Side::German,
            format!(
                "{} returns to row {} of the Reinforcement Table.",
                board.unit(u).name,
                row + 1
            ),
        )),
    });
}
