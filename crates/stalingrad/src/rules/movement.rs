//! Movement and control: entering a hex (§6.2, §6.6), moving stacks, the cooperative
//! game's colours, and the subsets of a stack.

use super::*;

/// A unit of `side` enters `h`: control changes at once (rules §6.2); capturing an enemy
/// reinforcement hex draws a card (§6.6; two with Paulus); a German entering a fortified hex
/// destroys the fortification (§9.4.9); Chuikov's HQ falls if the Germans enter it (§9.4.4).
pub fn enter_hex(
    board: &Board,
    st: &mut State,
    h: SpaceId,
    side: Side,
    colour: Option<u8>,
    ev: &mut Vec<Event>,
) {
    if side == Side::German {
        if let Some(c) = colour {
            st.hex_owner[h.index()] = Some(c);
        }
        if st.fortified[h.index()] {
            st.fortified[h.index()] = false;
            info(
                ev,
                format!(
                    "The Germans enter hex {}: its fortification is destroyed (rules §9.4.9).",
                    board.hex_name(h)
                ),
            );
        }
        if st.chuikov_hq == Some(h) {
            crate::soviet::chuikov_hq_lost(board, st, ev);
        }
    }
    if st.control[h.index()] == side {
        return;
    }
    st.control[h.index()] = side;
    let hx = board.hex(h);
    event(
        ev,
        EventKind::Captured { hex: h, by: side },
        format!("{} take control of hex {}.", side.name(), hx.id),
    );
    match side {
        Side::German if hx.soviet_reinforcement => {
            let n = if leader_in_play(board, st, CardEffect::Paulus) {
                2
            } else {
                1
            };
            info(ev, format!("Soviet reinforcement hex {} captured: the German draws {n} (Captura de un Hexágono de Refuerzos Enemigo).", hx.id));
            draw_german(board, st, n, ev);
        }
        Side::Soviet if hx.german_reinforcement.is_some() => {
            draw_soviet(
                board,
                st,
                1,
                &format!("capture of German reinforcement hex {}", hx.id),
                ev,
            );
        }
        _ => {}
    }
}

pub(super) fn move_units(
    board: &Board,
    st: &mut State,
    units: &[UnitId],
    to: SpaceId,
    ev: &mut Vec<Event>,
) {
    let from = units
        .first()
        .and_then(|u| match st.units[u.0 as usize].loc {
            Location::Map(h) => Some(h),
            _ => None,
        });
    for u in units {
        st.units[u.0 as usize].loc = Location::Map(to);
    }
    let side = units
        .first()
        .map(|u| side_of_unit(board, *u))
        .unwrap_or(Side::German);
    let names: Vec<String> = units.iter().map(|u| board.unit(*u).label.clone()).collect();
    ev.push(Event {
        rule: String::new(),
        roll: None,
        kind: EventKind::Moved {
            from,
            to,
            units: units.len(),
        },
        public: format!(
            "{} {} from {} to {}.",
            side.name(),
            if units.len() == 1 {
                "block moves".to_string()
            } else {
                format!("{} blocks move", units.len())
            },
            from.map(|h| board.hex_name(h).to_string())
                .unwrap_or_default(),
            board.hex_name(to)
        ),
        private: Some((
            side,
            format!(
                "{} move from {} to {}.",
                names.join(", "),
                from.map(|h| board.hex_name(h).to_string())
                    .unwrap_or_default(),
                board.hex_name(to)
            ),
        )),
    });
    let colour = german_colour_of(board, units);
    enter_hex(board, st, to, side, colour, ev);
}

/// Cooperative modes: 0 = Yellow, 1 = Blue stack; White-only stacks belong to neither (§9.1).
pub(super) fn german_colour_of(board: &Board, units: &[UnitId]) -> Option<u8> {
    units.iter().find_map(|u| match board.unit(*u).army {
        Some(Army::Yellow) => Some(0),
        Some(Army::Blue) => Some(1),
        _ => None,
    })
}

pub(super) fn stack_colour(board: &Board, st: &State, h: SpaceId) -> Option<u8> {
    german_colour_of(board, &units_in(board, st, h))
}

/// Cooperative §9.1 rules 1–4: a German stack never mixes Yellow and Blue units, and a player
/// moves only stacks of his colour.
pub(super) fn coop_mix_ok(board: &Board, st: &State, moving: &[UnitId], to: SpaceId) -> bool {
    if !st.options.mode.two_germans() {
        return true;
    }
    let a = german_colour_of(board, moving);
    let b = stack_colour(board, st, to);
    !(matches!((a, b), (Some(x), Some(y)) if x != y))
}

/// `units`: the whole stack the movers come from (a Yellow stack's White units are Yellow's).
pub(super) fn coop_owns(board: &Board, st: &State, units: &[UnitId]) -> bool {
    !st.options.mode.two_germans() || german_colour_of(board, units) == Some(st.german_player)
}

/// All non-empty subsets of a stack (at most 4 units: 15 subsets).
pub fn subsets(units: &[UnitId]) -> Vec<Vec<UnitId>> {
    let n = units.len();
    (1u32..(1 << n))
        .map(|m| {
            (0..n)
                .filter(|i| m & (1 << i) != 0)
                .map(|i| units[i])
                .collect()
        })
        .collect()
}
