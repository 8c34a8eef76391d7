//! The turn machine ([`run`]): the end of the German turn, the Soviet turn, and victory
//! (§6.18).

use super::*;

/// Runs everything automatic until a seat must decide or the game ends.
pub fn run(board: &Board, st: &mut State, ev: &mut Vec<Event>) {
    let mut guard = 0;
    loop {
        guard += 1;
        if guard > 10_000 {
            game_over(st, None, "internal: the turn machine did not settle", ev);
        }
        if st.outcome.is_some() {
            st.phase = Phase::GameOver;
            st.combat = None;
            return;
        }
        if let Some(mut c) = st.combat.take() {
            let done = c.run(board, st, ev);
            if !done {
                st.combat = Some(c);
                return;
            }
            if st.outcome.is_some() {
                continue;
            }
            match st.phase {
                Phase::Combat => end_german_turn(board, st, ev),
                Phase::SovietMoves { .. } => crate::soviet::human_hex_done(board, st, ev),
                _ => {}
            }
            continue;
        }
        match st.phase.clone() {
            Phase::SovietSweep { .. } => {
                if !crate::soviet::sweep_step(board, st, ev) {
                    end_soviet_turn(board, st, ev);
                }
            }
            Phase::SovietMoves { remaining } if remaining.is_empty() => {
                end_soviet_turn(board, st, ev)
            }
            _ => return,
        }
    }
}

pub fn end_german_turn(board: &Board, st: &mut State, ev: &mut Vec<Event>) {
    st.turn += 1;
    if check_victory(board, st, Side::German, ev) {
        return;
    }
    if let Some(extra) = st.okh_extra_turns {
        // OKH extension: consecutive German turns (§6.14.5, default reading §11.13).
        if extra <= 1 {
            st.okh_extra_turns = Some(0);
            game_over(
                st,
                Some(Side::Soviet),
                "Last Card: the OKH extra turns are used up (rules §6.14.5)",
                ev,
            );
        } else {
            st.okh_extra_turns = Some(extra - 1);
            info(
                ev,
                format!("OKH extension: {} extra German turn(s) left.", extra - 1),
            );
            st.phase = Phase::GermanAction;
        }
        return;
    }
    start_soviet_turn(board, st, ev);
}

fn start_soviet_turn(board: &Board, st: &mut State, ev: &mut Vec<Event>) {
    event(
        ev,
        EventKind::TurnStart { side: Side::Soviet },
        "Soviet turn (ACCIONES SOVIÉTICAS).",
    );
    if st.options.mode.soviet_is_ai() {
        crate::soviet::ai_turn(board, st, ev);
    } else {
        st.phase = Phase::SovietChoice;
        crate::soviet::human_turn_start(board, st, ev);
    }
}

pub fn end_soviet_turn(board: &Board, st: &mut State, ev: &mut Vec<Event>) {
    st.turn += 1;
    if check_victory(board, st, Side::Soviet, ev) {
        return;
    }
    if st.options.mode.two_germans() {
        // §9.1 rule 5: Yellow, Soviet, Blue, Soviet, ...
        st.german_player = 1 - st.german_player;
    }
    st.phase = Phase::GermanAction;
    let who = if st.options.mode.two_germans() {
        if st.german_player == 0 {
            "Yellow (6th Army)"
        } else {
            "Blue (4th Panzer Army)"
        }
    } else {
        "German"
    };
    event(
        ev,
        EventKind::TurnStart { side: Side::German },
        format!("{who} turn: choose one action (LAS ACCIONES)."),
    );
}

/// Stalingrad: CÓMO SE GANA LA PARTIDA (§6.18), checked at the end of every turn. If both
/// sides qualify, the side whose turn just ended wins (§11.14).
pub fn check_victory(board: &Board, st: &mut State, ended: Side, ev: &mut Vec<Event>) -> bool {
    let okh = leader_in_play(board, st, CardEffect::Okh);
    let soviets_on_map = st.units.iter().enumerate().any(|(i, u)| {
        board.unit_side[i] == Side::Soviet
            && matches!(u.loc, Location::Map(_))
            && board.units[i].kind != UnitKind::General
    });
    let german_a = if okh {
        board.data.setup.okh_hexes.iter().all(|h| {
            board
                .hex_id(h)
                .map(|h| st.control[h.index()] == Side::German)
                .unwrap_or(false)
        })
    } else {
        board
            .srh
            .iter()
            .all(|h| st.control[h.index()] == Side::German)
    };
    let german = if german_a {
        Some(if okh {
            "the Germans control every hex 1–19 (OKH, rules §6.14.5)"
        } else {
            "the Germans control all six Soviet reinforcement hexes (rules §6.18 A)"
        })
    } else if !soviets_on_map {
        Some("no Soviet unit remains on the map (rules §6.18 B)")
    } else {
        None
    };
    let soviet = (casualty_score(board, st) >= 10)
        .then_some("ten German units destroyed, R units counting double (rules §6.18)");
    let (winner, reason) = match (german, soviet) {
        (Some(g), Some(s)) => {
            if ended == Side::German {
                (Side::German, g)
            } else {
                (Side::Soviet, s)
            }
        }
        (Some(g), None) => (Side::German, g),
        (None, Some(s)) => (Side::Soviet, s),
        (None, None) => return false,
    };
    let mut reason = reason.to_string();
    if winner == Side::German && st.options.mode.two_germans() {
        reason.push_str(&coop_individual_winner(board, st));
    }
    game_over(st, Some(winner), &reason, ev);
    true
}

/// §9.1 rule 11: the German player controlling more Soviet reinforcement hexes wins
/// individually; ownership is the colour that last entered the hex (§11.17).
fn coop_individual_winner(board: &Board, st: &State) -> String {
    let mut n = [0; 2];
    for h in &board.srh {
        if st.control[h.index()] == Side::German {
            if let Some(c) = st.hex_owner[h.index()] {
                n[c as usize] += 1;
            }
        }
    }
    match n[0].cmp(&n[1]) {
        std::cmp::Ordering::Greater => {
            format!("; individual winner: Yellow ({} to {})", n[0], n[1])
        }
        std::cmp::Ordering::Less => format!("; individual winner: Blue ({} to {})", n[1], n[0]),
        std::cmp::Ordering::Equal => {
            format!("; the two German players share the win ({} each)", n[0])
        }
    }
}
