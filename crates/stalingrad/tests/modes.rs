//! The other modes (rules §9): cooperative play (two Germans), 1 vs 1 with a human Soviet, and
//! the Designer's Variant levels.

mod common;
use common::*;
use eastfront_kernel::{Game, Seat};
use eastfront_stalingrad::data::{Army, CardEffect, UnitKind};
use eastfront_stalingrad::*;

fn coop() -> Options {
    Options {
        mode: Mode::Cooperative,
        ..Options::default()
    }
}

#[test]
fn r9_1_yellow_plays_first_then_blue_after_the_soviets() {
    let g = game();
    let mut st = g.setup("standard", &coop(), 4).unwrap();
    assert_eq!(g.active(&st), Some(Seat(0)), "Yellow first (rule 5)");
    g.apply(&mut st, Seat(0), &Action::EndShortMoves).unwrap();
    if st.outcome.is_none() {
        assert_eq!(
            g.active(&st),
            Some(Seat(1)),
            "then Blue, after the Soviet turn"
        );
    }
}

#[test]
fn r9_1_stacks_never_mix_yellow_and_blue_and_players_move_only_their_own() {
    let g = game();
    let mut st = empty(&g, coop());
    let (a, b, _) = clear_line(&g);
    let yellow = g
        .board
        .unit_ids()
        .find(|u| {
            g.board.unit(*u).army == Some(Army::Yellow)
                && g.board.unit(*u).kind == UnitKind::Infantry
        })
        .unwrap();
    let blue = g
        .board
        .unit_ids()
        .find(|u| {
            g.board.unit(*u).army == Some(Army::Blue) && g.board.unit(*u).kind == UnitKind::Infantry
        })
        .unwrap();
    place(&g, &mut st, yellow, a, 0);
    place(&g, &mut st, blue, b, 0);
    keep_soviets_alive(&g, &mut st, a);
    let moves = rules::short_moves(&g.board, &st, &[]);
    assert!(
        !moves.iter().any(
            |m| matches!(m, Action::ShortMove { units, to } if units.contains(&yellow) && *to == b)
        ),
        "Yellow may not join a Blue stack"
    );
    assert!(
        !moves
            .iter()
            .any(|m| matches!(m, Action::ShortMove { units, .. } if units.contains(&blue))),
        "Yellow's turn: the Blue stack is not his"
    );
}

#[test]
fn r9_1_support_cards_belong_to_the_player_who_drew_them() {
    let g = game();
    let mut st = g.setup("standard", &coop(), 4).unwrap();
    // The opening hand is Yellow's (rule 5).
    assert!(st
        .german_hand
        .iter()
        .all(|c| st.german_card_owner[c.0 as usize] == 0));
    st.german_player = 1;
    let choices = rules::german_card_choices(&g.board, &st);
    assert_eq!(
        choices,
        vec![Vec::<CardId>::new()],
        "Blue cannot play Yellow's cards"
    );
}

fn one_v_one() -> Options {
    Options {
        mode: Mode::OneVsOne,
        ..Options::default()
    }
}

#[test]
fn r9_2_human_soviet_chooses_movement_or_draw() {
    let g = game();
    let mut st = empty(&g, one_v_one());
    for h in ["40", "42"] {
        for _ in 0..2 {
            add_soviet(&g, &mut st, UnitKind::RifleInfantry, hex(&g, h));
        }
    }
    add_german(&g, &mut st, UnitKind::Infantry, hex(&g, "W"));
    g.apply(&mut st, Seat(0), &Action::EndShortMoves).unwrap();
    assert_eq!(g.active(&st), Some(Seat(1)), "the Soviet player acts");
    let legal = legal(&g, &st);
    assert_eq!(legal, vec![Action::SovietMovement, Action::SovietDraw]);
    let deck = st.soviet_deck.len();
    let mut draw = st.clone();
    g.apply(&mut draw, Seat(1), &Action::SovietDraw).unwrap();
    assert_eq!(draw.soviet_deck.len(), deck - 1);
    assert_eq!(
        g.active(&draw),
        Some(Seat(0)),
        "the Draw Action ends the turn"
    );
    g.apply(&mut st, Seat(1), &Action::SovietMovement).unwrap();
    let moves = legal_soviet(&g, &st);
    assert!(moves
        .iter()
        .all(|a| matches!(a, Action::SovietMove { .. } | Action::SovietAttack { .. })));
    // One unit from each Largest Stack hex, in the order the player likes.
    let first = moves
        .iter()
        .find(|a| matches!(a, Action::SovietMove { .. }))
        .unwrap()
        .clone();
    g.apply(&mut st, Seat(1), &first).unwrap();
    let second = legal_soviet(&g, &st).into_iter().next().unwrap();
    g.apply(&mut st, Seat(1), &second).unwrap();
    assert_eq!(
        g.active(&st),
        Some(Seat(0)),
        "both hexes acted: the German's turn"
    );
}

fn legal_soviet(g: &Stalingrad, st: &State) -> Vec<Action> {
    g.legal_actions(st, Seat(1))
}

#[test]
fn r9_2_5_the_human_soviet_may_play_no_card() {
    let g = game();
    let mut st = empty(&g, one_v_one());
    let (c_hex, a_hex, _) = clear_line(&g);
    add_soviet(&g, &mut st, UnitKind::RifleInfantry, c_hex);
    add_soviet(&g, &mut st, UnitKind::RifleInfantry, hex(&g, "19"));
    add_german(&g, &mut st, UnitKind::Infantry, a_hex);
    let card = st.soviet_deck.pop().unwrap();
    st.soviet_hand.push(card);
    g.apply(
        &mut st,
        Seat(0),
        &Action::PlannedAttack {
            target: c_hex,
            from: vec![a_hex],
            cards: vec![],
        },
    )
    .unwrap();
    assert_eq!(g.active(&st), Some(Seat(1)), "the Soviet chooses his card");
    let legal = legal_soviet(&g, &st);
    assert!(legal.contains(&Action::SovietCard { card: None }));
    assert!(legal.contains(&Action::SovietCard { card: Some(card) }));
    st.dice.script(&[1; 30]).unwrap();
    g.apply(&mut st, Seat(1), &Action::SovietCard { card: None })
        .unwrap();
    assert!(st.soviet_hand.contains(&card), "not obliged to play");
}

#[test]
fn r9_4_german_easy_starts_with_three_leaders_linden_on_top_okh_at_the_bottom() {
    let g = game();
    let st = g
        .setup(
            "standard",
            &Options {
                variant: Some(Level::GermanEasy),
                ..Options::default()
            },
            9,
        )
        .unwrap();
    let in_play: Vec<CardEffect> = st
        .leaders_in_play
        .iter()
        .map(|c| g.board.card(*c).effect)
        .collect();
    for e in [
        CardEffect::Paulus,
        CardEffect::Hoth,
        CardEffect::VonRichthofen,
        CardEffect::Linden,
    ] {
        assert!(
            in_play.contains(&e),
            "{e:?} in play (Linden was the first card drawn)"
        );
    }
    assert_eq!(
        g.board.card(st.german_deck[0]).effect,
        CardEffect::Okh,
        "OKH is the last card"
    );
}

#[test]
fn r9_4_soviet_easy_puts_the_three_soviet_leaders_on_top() {
    let g = game();
    let st = g
        .setup(
            "standard",
            &Options {
                variant: Some(Level::SovietEasy),
                ..Options::default()
            },
            9,
        )
        .unwrap();
    let top: Vec<CardEffect> = st
        .soviet_deck
        .iter()
        .rev()
        .take(3)
        .map(|c| g.board.card(*c).effect)
        .collect();
    for e in [
        CardEffect::Chuikov,
        CardEffect::Zaytsev,
        CardEffect::Khrushchev,
    ] {
        assert!(top.contains(&e));
    }
}

#[test]
fn r9_4_9_impossible_level_places_the_five_fortifications() {
    let g = game();
    let st = g
        .setup(
            "standard",
            &Options {
                variant: Some(Level::GermanImpossible),
                ..Options::default()
            },
            9,
        )
        .unwrap();
    let forts: Vec<&str> = g
        .board
        .topo
        .ids()
        .filter(|h| st.fortified[h.index()])
        .map(|h| g.board.hex_name(h))
        .collect();
    let mut forts = forts;
    forts.sort();
    assert_eq!(forts, vec!["21", "26", "28", "32", "4"]);
}

#[test]
fn e18_normal_level_gives_each_side_its_die_in_distinct_advantages() {
    let g = game();
    for seed in 0..30 {
        let st = g
            .setup(
                "standard",
                &Options {
                    variant: Some(Level::Normal),
                    ..Options::default()
                },
                seed,
            )
            .unwrap();
        let s = st
            .advantages
            .iter()
            .filter(|a| Advantage::SOVIET.contains(a))
            .count();
        let gm = st
            .advantages
            .iter()
            .filter(|a| Advantage::GERMAN.contains(a))
            .count();
        assert!((1..=6).contains(&s) && (1..=6).contains(&gm));
        let mut dedup = st.advantages.clone();
        dedup.dedup();
        assert_eq!(dedup.len(), st.advantages.len());
    }
}
