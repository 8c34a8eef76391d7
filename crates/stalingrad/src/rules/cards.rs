//! Card draws (rules §6.13, §11.15), the Soviet deck running out and the Last Card
//! (§8.8), and the end of the game.

use super::*;

/// The German draws `n` cards; a Leader goes into play at once (rules §6.13). An empty
/// German deck gives nothing (§11.15).
pub fn draw_german(board: &Board, st: &mut State, n: usize, ev: &mut Vec<Event>) {
    for _ in 0..n {
        let Some(c) = st.german_deck.pop() else {
            info(
                ev,
                "The German deck is empty: no card drawn (rules §11.15).",
            );
            return;
        };
        let info_c = board.card(c);
        if info_c.effect.is_leader() {
            st.leaders_in_play.push(c);
            event(
                ev,
                EventKind::CardDrawn { side: Side::German },
                format!(
                    "German draws {}: the Leader goes into play (German Leader cards).",
                    info_c.name
                ),
            );
        } else {
            st.german_hand.push(c);
            // §9.1 rule 6: a support card belongs to the German player who draws it.
            st.german_card_owner[c.0 as usize] = st.german_player;
            ev.push(Event {
                rule: String::new(),
                roll: None,
                kind: EventKind::CardDrawn { side: Side::German },
                public: "German draws a card.".into(),
                private: Some((Side::German, format!("German draws {}.", info_c.name))),
            });
        }
    }
}

/// The Soviets draw `n` cards into their hidden hand. The draw that empties the deck ends the
/// game at once — the Last Card — unless OKH is in play (rules §8.8, §6.14.5).
pub fn draw_soviet(board: &Board, st: &mut State, n: usize, why: &str, ev: &mut Vec<Event>) {
    for _ in 0..n {
        if st.outcome.is_some() {
            return;
        }
        let Some(c) = st.soviet_deck.pop() else {
            return; // only during the OKH extension: a no-op
        };
        st.soviet_hand.push(c);
        // Designer's Variant Chuikov advantage: his HQ is set up when the card is drawn (§9.4.4).
        if board.card(c).effect == CardEffect::Chuikov
            && st.advantages.contains(&Advantage::Chuikov)
        {
            crate::soviet::chuikov_headquarters(board, st, c, ev);
        }
        ev.push(Event {
            rule: String::new(),
            roll: None,
            kind: EventKind::CardDrawn { side: Side::Soviet },
            public: format!(
                "Soviets draw a card ({why}); {} left in the Soviet deck.",
                st.soviet_deck.len()
            ),
            private: Some((
                Side::Soviet,
                format!(
                    "Soviets draw {} ({why}); {} left in the deck.",
                    board.card(c).name,
                    st.soviet_deck.len()
                ),
            )),
        });
        if st.soviet_deck.is_empty() {
            soviet_deck_exhausted(board, st, ev);
        }
    }
}

fn soviet_deck_exhausted(board: &Board, st: &mut State, ev: &mut Vec<Event>) {
    if leader_in_play(board, st, CardEffect::Okh) {
        let r = eliminated_r_units(board, st);
        if r == 0 {
            game_over(st, Some(Side::Soviet), "Last Card: the Soviet deck is exhausted and OKH has no Eliminated R unit (rules §6.14.5)", ev);
        } else {
            // The German turn in progress, if any, is not one of the extra turns.
            let in_german_turn = matches!(
                st.phase,
                Phase::GermanAction
                    | Phase::ShortMoves { .. }
                    | Phase::PlaceReinforcements { .. }
                    | Phase::Combat
            );
            st.okh_extra_turns = Some(r + in_german_turn as u8);
            info(ev, format!("The last Soviet card is drawn, but OKH gives the German {r} extra turn(s) (rules §6.14.5)."));
        }
    } else {
        game_over(
            st,
            Some(Side::Soviet),
            "Last Card: the Soviet deck is exhausted — Operation Uranus begins (rules §6.18)",
            ev,
        );
    }
}

fn eliminated_r_units(board: &Board, st: &State) -> u8 {
    board
        .unit_ids()
        .filter(|u| {
            board.unit(*u).r_unit && matches!(st.units[u.0 as usize].loc, Location::Eliminated(_))
        })
        .count()
        .min(5) as u8
}

pub fn game_over(st: &mut State, winner: Option<Side>, reason: &str, ev: &mut Vec<Event>) {
    if st.outcome.is_some() {
        return;
    }
    st.outcome = Some(Outcome {
        winner,
        reason: reason.to_string(),
    });
    st.phase = Phase::GameOver;
    let who = winner
        .map(|s| format!("{} Decisive Victory", s.name()))
        .unwrap_or_else(|| "Draw".into());
    event(
        ev,
        EventKind::GameOver,
        format!("Game over — {who}: {reason}."),
    );
}
