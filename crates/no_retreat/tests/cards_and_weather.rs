//! The deck (5.0–5.5, spec §7.9) and the weather (13.1, 14.14), with the spec's example E7.

use eastfront_kernel::{Dice, Side};
use eastfront_no_retreat::combat::TurnWeather;
use eastfront_no_retreat::data::*;
use eastfront_no_retreat::deck::*;
use eastfront_no_retreat::weather::*;

fn data() -> ScenarioData {
    ScenarioData::builtin()
}

/// Worked example E7 (14.14.1, variable weather): cards 32–35 are in the deck.
#[test]
fn r5_5_the_deck_starts_without_the_1945_cards_and_the_joker() {
    let d = data();
    let mut dice = Dice::new(3);
    let deck = Deck::new(&d.cards, &mut dice);
    assert_eq!(deck.draw.len(), 55 - 13 - 1);
    assert_eq!(deck.held_for_1945.len(), 13);
    // 14.14.1 (E7): the weather cards 32-35 are in the deck.
    for n in 32..=35 {
        assert!(deck.draw.contains(&n), "card {n}");
    }
    assert!(
        !deck.draw.contains(&55),
        "15.7: the Joker is never in the deck"
    );
    // Seeded: the same seed gives the same order.
    let again = Deck::new(&d.cards, &mut Dice::new(3));
    assert_eq!(deck, again);
}

/// Oracle 4 (5.0): with one card left in the draw pile, it is reshuffled with the discards before any card is dealt.
#[test]
fn r5_0_the_last_card_is_shuffled_back_not_dealt() {
    let mut dice = Dice::new(9);
    let mut deck = Deck {
        draw: vec![7],
        discard: vec![1, 2, 3],
        ..Deck::default()
    };
    let c = deck.draw_one(&mut dice).unwrap();
    assert_eq!(
        deck.draw.len() + 1,
        4,
        "the last card joined the discard pile"
    );
    assert!(deck.discard.is_empty());
    assert!([1, 2, 3, 7].contains(&c));
    // An empty deck and discard: no card.
    let mut empty = Deck::default();
    assert_eq!(empty.draw_one(&mut dice), None);
    // Discards go face up on top.
    deck.discard(12);
    assert_eq!(deck.top_discard(), Some(12));
}

/// Oracle 7 (5.5): after the Na Berlin! deployment no red prohibited-45 card is in a hand or a pile, and every green-45 card is in the draw pile.
#[test]
fn r5_5_na_berlin_deployment() {
    let d = data();
    let mut dice = Dice::new(5);
    let mut deck = Deck::new(&d.cards, &mut dice);
    let old: Vec<u8> = d
        .cards
        .cards
        .iter()
        .filter(|c| c.no_1945)
        .map(|c| c.number)
        .collect();
    let mut hands = vec![vec![old[0], 2], vec![4]];
    deck.draw.retain(|c| *c != old[0] && *c != 2 && *c != 4);
    deck.discard.push(deck.draw.pop().unwrap());
    deck.na_berlin_deployment(&d.cards, &mut hands, &mut dice);
    assert_eq!(
        hands,
        vec![vec![2], vec![4]],
        "the players keep their other cards"
    );
    assert!(deck.discard.is_empty() && deck.held_for_1945.is_empty());
    for n in &old {
        assert!(!deck.draw.contains(n) && deck.removed.contains(n));
    }
    let green = d.cards.cards.iter().filter(|c| c.green_45).count();
    assert_eq!(
        deck.draw.len(),
        55 - 1 - old.len() - 2,
        "all but the Joker, the old and the hands"
    );
    assert!(deck.draw.len() > green);
    for c in d.cards.cards.iter().filter(|c| c.green_45) {
        let held = hands.iter().any(|h| h.contains(&c.number));
        assert!(
            held || deck.draw.contains(&c.number),
            "green-45 card {}",
            c.number
        );
    }
    for h in &hands {
        assert!(h.iter().all(|c| !old.contains(c)));
    }
}

/// Oracle 2 (5.2): the Soviet draws 3 with Moscow Axis-held and the Caucasus oil fields not.
/// Oracle 3 (5.2): the Axis draws 3 with the Romanian oil fields Soviet; 4 on turns 8 and 9.
#[test]
fn r5_2_cards_drawn_and_spec_7_9_modifiers() {
    let d = data();
    let t = &d.track;
    let none = DrawSituation::default();
    assert_eq!(cards_to_draw(t, Side::German, 3, &none), 4);
    assert_eq!(cards_to_draw(t, Side::Soviet, 3, &none), 4);
    let moscow = DrawSituation {
        axis_holds_moscow: true,
        ..none
    };
    assert_eq!(cards_to_draw(t, Side::Soviet, 3, &moscow), 3);
    let both = DrawSituation {
        axis_holds_caucasus_oil: true,
        ..moscow
    };
    assert_eq!(
        cards_to_draw(t, Side::Soviet, 3, &both),
        2,
        "cumulative [AMB]"
    );
    let ploesti = DrawSituation {
        soviets_hold_romanian_oil: true,
        ..none
    };
    assert_eq!(cards_to_draw(t, Side::German, 14, &ploesti), 3);
    assert_eq!(cards_to_draw(t, Side::German, 8, &ploesti), 4, "3 + 1");
    assert_eq!(cards_to_draw(t, Side::German, 9, &ploesti), 4, "3 + 1");
    // 13.5: turns 8 and 9 the Axis draws one more.
    assert_eq!(cards_to_draw(t, Side::German, 8, &none), 5);
    assert_eq!(cards_to_draw(t, Side::German, 9, &none), 5);
    assert_eq!(cards_to_draw(t, Side::German, 10, &none), 4);
    // 13.5: turns 16 and 18, one fewer if the unit is already gone or unsupplied.
    let gone = DrawSituation {
        removed_unit_gone_or_unsupplied: true,
        ..none
    };
    assert_eq!(cards_to_draw(t, Side::German, 16, &gone), 3);
    assert_eq!(cards_to_draw(t, Side::German, 18, &gone), 3);
    assert_eq!(cards_to_draw(t, Side::German, 16, &none), 4);
    // 13.5: from turn 21 the Soviets draw one more; turn 23 the Axis draws only one.
    assert_eq!(cards_to_draw(t, Side::Soviet, 20, &none), 4);
    assert_eq!(cards_to_draw(t, Side::Soviet, 21, &none), 5);
    assert_eq!(cards_to_draw(t, Side::Soviet, 27, &none), 5);
    assert_eq!(cards_to_draw(t, Side::German, 23, &ploesti), 1);
    // 15.6 penalties, capped at 2; never below 0.
    let pen = DrawSituation {
        no_surrender_penalty: 5,
        axis_holds_moscow: true,
        axis_holds_caucasus_oil: true,
        ..none
    };
    assert_eq!(cards_to_draw(t, Side::Soviet, 3, &pen), 0);
}

#[test]
fn r5_1_keep_two_cards_the_joker_aside() {
    assert_eq!(discards_needed(&[1, 2, 3, 4], None), 2);
    assert_eq!(discards_needed(&[1, 2], None), 0);
    assert_eq!(
        discards_needed(&[1, 2, 55], Some(55)),
        0,
        "15.7: outside the hand limit"
    );
}

/// Worked example E7 (14.14.1, variable weather set-up): Mud on turn 3, Snow on turn 4, Mud on turn 6.
#[test]
fn r14_14_1_variable_weather_setup_e7() {
    let d = data();
    let m = initial_markers(&d.track, 1);
    let at = |p: WeatherPeriod| m.iter().find(|x| x.period == p).unwrap();
    assert_eq!(
        (
            at(WeatherPeriod::SepOct).turn,
            at(WeatherPeriod::SepOct).face
        ),
        (Some(3), Weather::Mud)
    );
    assert_eq!(
        (
            at(WeatherPeriod::NovDec).turn,
            at(WeatherPeriod::NovDec).face
        ),
        (Some(4), Weather::Snow)
    );
    assert_eq!(
        (
            at(WeatherPeriod::MarApr).turn,
            at(WeatherPeriod::MarApr).face
        ),
        (Some(6), Weather::Mud)
    );
    assert_eq!(weather_of(&d.track, &m, 4), Weather::Snow);
    assert_eq!(
        weather_of(&d.track, &m, 5),
        Weather::Snow,
        "13.3: turn 5 is Snow"
    );
}

#[test]
fn r14_14_weather_cards_flip_the_next_variable_turn() {
    let d = data();
    let mut m = initial_markers(&d.track, 1);
    // Revealed on turn 1: turn 2 is not variable, no effect (LP U1).
    assert!(!apply_weather_card(&d.track, &mut m, WeatherCard::Flip, 1));
    // General Mud on turn 3: turn 4 becomes Mud (the erratum; LP U20).
    assert!(apply_weather_card(&d.track, &mut m, WeatherCard::ToMud, 3));
    assert_eq!(weather_of(&d.track, &m, 4), Weather::Mud);
    // Already Mud: no change.
    assert!(!apply_weather_card(&d.track, &mut m, WeatherCard::ToMud, 3));
    // After turn 4 the Nov/Dec marker moves to turn 10, printed face up.
    advance_markers(&d.track, &mut m, 4);
    let nd = m
        .iter()
        .find(|x| x.period == WeatherPeriod::NovDec)
        .unwrap();
    assert_eq!((nd.turn, nd.face), (Some(10), Weather::Snow));
    // Sep/Oct has no Snow face: General Winter does nothing to it.
    advance_markers(&d.track, &mut m, 3);
    assert!(!apply_weather_card(
        &d.track,
        &mut m,
        WeatherCard::ToSnow,
        8
    ));
}

/// Oracle 24 (8.2): an MA-5 unit has 3 MP in mud and 4 in snow; an MA-3 unit 3 in snow.
#[test]
fn r13_1_extreme_winter_and_8_2_movement_caps() {
    assert_eq!(
        turn_weather(Weather::Snow, Some(Weather::Snow)),
        TurnWeather::ExtremeWinter
    );
    assert_eq!(
        turn_weather(Weather::Snow, Some(Weather::Mud)),
        TurnWeather::Snow
    );
    assert_eq!(turn_weather(Weather::Snow, None), TurnWeather::Snow);
    assert_eq!(
        turn_weather(Weather::Mud, Some(Weather::Snow)),
        TurnWeather::Mud
    );
    // The campaign: turn 5 follows a Snow turn 4, so it is extreme winter (IT turn 5).
    let d = data();
    let m = initial_markers(&d.track, 1);
    let w4 = weather_of(&d.track, &m, 4);
    assert_eq!(
        turn_weather(weather_of(&d.track, &m, 5), Some(w4)),
        TurnWeather::ExtremeWinter
    );
    // 8.2, 13.1, 6.5.2.
    assert_eq!(movement_cap(6, TurnWeather::Clear, false), 6);
    assert_eq!(movement_cap(6, TurnWeather::Mud, false), 3);
    assert_eq!(
        movement_cap(6, TurnWeather::Snow, false),
        4,
        "E3: MA capped at 4"
    );
    assert_eq!(movement_cap(6, TurnWeather::ExtremeWinter, false), 4);
    assert_eq!(
        movement_cap(6, TurnWeather::Snow, true),
        3,
        "the lowest cap applies"
    );
    assert_eq!(movement_cap(2, TurnWeather::Mud, true), 2);
    // Oracle 24: MA 5 in mud 3, in snow 4; MA 3 in snow 3.
    assert_eq!(movement_cap(5, TurnWeather::Mud, false), 3);
    assert_eq!(movement_cap(5, TurnWeather::Snow, false), 4);
    assert_eq!(movement_cap(3, TurnWeather::Snow, false), 3);
}
