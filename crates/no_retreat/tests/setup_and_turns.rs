//! Scenario set-up (3.0, spec §4.2) and Turn Management (4.0 A–C): weather, support markers,
//! arrivals and removals of 13.5, red events (13.4), and every victory check of 12.x.

use eastfront_kernel::Side;
use eastfront_no_retreat::board::Board;
use eastfront_no_retreat::combat::TurnWeather;
use eastfront_no_retreat::data::{Code, Weather};
use eastfront_no_retreat::setup::*;
use eastfront_no_retreat::state::*;
use eastfront_no_retreat::turn::*;

fn board() -> Board {
    Board::standard()
}

fn idx(b: &Board, id: &str) -> usize {
    b.data
        .units
        .units
        .iter()
        .position(|u| u.id == id)
        .unwrap_or_else(|| panic!("no unit {id}"))
}

fn campaign(b: &Board, seed: u64) -> State {
    setup(b, "campaign", &Options::default(), seed).expect("the campaign sets up")
}

/// Advances Turn Management to `turn` (no player turns in between).
fn run_to(b: &Board, s: &mut State, turn: u8) -> Vec<TurnNote> {
    let mut notes = Vec::new();
    while s.turn < turn && s.outcome.is_none() {
        notes = turn_management(b, s, true);
    }
    notes
}

fn set_control(b: &Board, s: &mut State, places: &[&str], side: Side) {
    for p in places {
        s.control[b.place(p).unwrap().index()] = Some(side);
    }
}

#[test]
fn r3_0_campaign_setup() {
    let b = board();
    let s = campaign(&b, 1);
    assert_eq!((s.turn, s.last_turn), (1, 28));
    assert_eq!(
        s.phase,
        Phase::Player {
            side: Side::German,
            step: Step::Movement
        },
        "LP U2"
    );
    let loc = |id: &str| s.units[idx(&b, id)].loc;
    assert_eq!(loc("ge_4pz"), Loc::Map(b.place("Koenigsberg").unwrap()));
    assert_eq!(loc("ge_2a"), Loc::Track(2), "a turn-2 reinforcement (7.8)");
    assert_eq!(loc("so_don"), Loc::Track(9));
    assert_eq!(loc("ge_age"), Loc::Awaiting(Code::Oil));
    assert_eq!(loc("hu_gg1"), Loc::Awaiting(Code::Gg));
    assert_eq!(loc("pl_1"), Loc::Awaiting(Code::Warsaw));
    assert_eq!(loc("ge_abt_a"), Loc::Unused, "optional 15.1 is off");
    assert_eq!(loc("so_rezervy"), Loc::Unused);
    assert!(s.units[idx(&b, "so_kalinin")].reduced, "brown face");
    assert!(s.units[idx(&b, "so_leningrad")].reduced, "regional face");
    assert_eq!(s.joker, None, "15.7 is off");
    // 4.2: Drang Nach Osten!, round marker 0; turn 1 Clear with 3 Blitz!.
    assert_eq!((s.vp.initiative, s.vp.round), (Side::German, 0));
    assert_eq!((s.weather, s.support), (TurnWeather::Clear, [3, 0]));
    // LP U1, U2: the Axis holds 6 cards and owes 2 discards; the Soviet hand is empty.
    assert_eq!(s.hand(Side::German).len(), 6);
    assert_eq!(
        s.pending,
        vec![Pending::Discard {
            side: Side::German,
            count: 2
        }]
    );
    assert!(s.hand(Side::Soviet).is_empty());
    // The deck: 41 cards less the 6 in hand and any weather cards played.
    assert_eq!(s.deck.draw.len() + s.deck.discard.len(), 41 - 6);
    assert_eq!(s.deck.held_for_1945.len(), 13);
    // E7: the variable-weather markers.
    let turns: Vec<(Option<u8>, Weather)> =
        s.weather_markers.iter().map(|m| (m.turn, m.face)).collect();
    assert_eq!(
        turns,
        vec![
            (Some(3), Weather::Mud),
            (Some(4), Weather::Snow),
            (Some(6), Weather::Mud)
        ]
    );
    // The Joker with the Axis when 15.7 is played.
    let opts = Options {
        joker: true,
        ..Options::default()
    };
    assert_eq!(
        setup(&b, "campaign", &opts, 1).unwrap().joker,
        Some(Side::German)
    );
    assert!(setup(&b, "nowhere", &opts, 1).is_err());
}

#[test]
fn setup_is_seeded() {
    let b = board();
    assert_eq!(campaign(&b, 7), campaign(&b, 7));
    let hands: std::collections::HashSet<Vec<u8>> = (0..8)
        .map(|seed| campaign(&b, seed).hand(Side::German).clone())
        .collect();
    assert!(hands.len() > 1, "the seed decides the deal");
}

#[test]
fn r14_14_2_weather_cards_are_played_on_reveal_and_replaced() {
    let b = board();
    let mut s = campaign(&b, 1);
    s.hand_mut(Side::Soviet).clear();
    s.deck.draw = vec![9, 5, 12, 3];
    s.deck.discard.clear();
    let drawn = draw_cards(&b, &mut s, Side::Soviet, 2);
    assert_eq!(
        drawn,
        vec![
            Drawn::Card(3),
            Drawn::Weather {
                card: 12,
                changed: false
            },
            Drawn::Card(5)
        ]
    );
    assert_eq!(s.hand(Side::Soviet), &vec![3, 5]);
    assert_eq!(
        (s.deck.discard.clone(), s.deck.draw.clone()),
        (vec![12], vec![9])
    );
    // General Mud revealed on turn 3 turns turn 4 to Mud.
    s.turn = 3;
    s.deck.draw = vec![8, 12];
    let drawn = draw_cards(&b, &mut s, Side::Soviet, 1);
    assert_eq!(
        drawn[0],
        Drawn::Weather {
            card: 12,
            changed: true
        }
    );
    turn_management(&b, &mut s, true);
    assert_eq!((s.turn, s.weather), (4, TurnWeather::Mud));
    // 15.4: weather cards are ignored and replaced.
    let mut s = setup(
        &b,
        "campaign",
        &Options {
            no_variable_weather: true,
            ..Options::default()
        },
        1,
    )
    .unwrap();
    s.turn = 3;
    s.deck.draw = vec![8, 12];
    let drawn = draw_cards(&b, &mut s, Side::Soviet, 1);
    assert_eq!(
        drawn[0],
        Drawn::Weather {
            card: 12,
            changed: false
        }
    );
}

#[test]
fn r4_0_turn_management_weather_support_and_arrivals() {
    let b = board();
    let mut s = campaign(&b, 2);
    let notes = run_to(&b, &mut s, 2);
    assert!(notes.contains(&TurnNote::Arrived(idx(&b, "ge_2a"))));
    assert_eq!(s.units[idx(&b, "ge_2a")].loc, Loc::Arriving);
    assert_eq!((s.weather, s.support), (TurnWeather::Clear, [3, 0]));
    run_to(&b, &mut s, 3);
    assert_eq!(s.weather, TurnWeather::Mud);
    // Turn 4: Snow; Pearl Harbor (13.4): +1 Soviet on the round marker, an Axis discard.
    let notes = run_to(&b, &mut s, 4);
    assert_eq!(s.weather, TurnWeather::Snow);
    assert!(notes.contains(&TurnNote::RedEvent("Pearl Harbor".into())));
    assert_eq!((s.vp.round, s.axis_discards_due), (-1, 1));
    // Turn 5: Snow after Snow = extreme winter (13.1); 0 Blitz!, 3 Shock! (13.3).
    let notes = run_to(&b, &mut s, 5);
    assert_eq!((s.weather, s.support), (TurnWeather::ExtremeWinter, [0, 3]));
    // The KG 1 cadre goes to the Cadre Available box (14.9.1).
    assert!(notes.contains(&TurnNote::Arrived(idx(&b, "ge_kg1"))));
    assert_eq!(s.units[idx(&b, "ge_kg1")].loc, Loc::CadreAvailable);
}

/// Oracle 65 (13.5 t15, t16, t18): the Italian 8th, the 2nd Panzer and the SS Panzer Army leave on turns 15, 16 and 18; a 2nd Panzer already gone costs a card.
#[test]
fn r13_5_scheduled_removals_and_conditional_events() {
    let b = board();
    let mut s = campaign(&b, 3);
    s.turn = 14;
    s.vp.initiative = Side::Soviet; // past turn 12
    let it8 = idx(&b, "it_8");
    s.units[it8].loc = Loc::Map(b.place("Kharkov").unwrap());
    turn_management(&b, &mut s, true);
    assert_eq!(
        (s.turn, s.units[it8].loc),
        (15, Loc::OutOfGame),
        "Italy surrenders"
    );
    // Turn 16: the 2nd Panzer Army already eliminated: the Axis draws one card fewer.
    let pz2 = idx(&b, "ge_2pz");
    s.units[pz2].loc = Loc::Destroyed;
    let notes = turn_management(&b, &mut s, true);
    assert!(notes.contains(&TurnNote::Withdrawn {
        unit: pz2,
        card_penalty: true
    }));
    assert!(s.axis_card_penalty);
    // Oil: triggered on turn 16, the Oil units arrive on turn 17.
    s.triggers.ploesti = Some(16);
    turn_management(&b, &mut s, true);
    assert_eq!(s.units[idx(&b, "ge_age")].loc, Loc::Arriving);
    assert_eq!(s.units[idx(&b, "yu_1")].loc, Loc::Arriving);
    assert_eq!(s.units[idx(&b, "hu_gg1")].loc, Loc::Awaiting(Code::Gg));
    assert!(!s.axis_card_penalty, "only on its own turn");
    // Turn 18: the SS Panzer Army leaves, wherever it is.
    let ss = idx(&b, "ge_sspz");
    s.units[ss].loc = Loc::Map(b.place("Kharkov").unwrap());
    turn_management(&b, &mut s, true);
    assert_eq!((s.turn, s.units[ss].loc), (18, Loc::OutOfGame));
}

/// Oracle 7 (5.5): the turn-23 Na Berlin! deployment empties the 1945 holding pile into play.
#[test]
fn r5_5_na_berlin_card_deployment_on_turn_23() {
    let b = board();
    let mut s = campaign(&b, 4);
    s.turn = 22;
    s.vp.initiative = Side::Soviet;
    s.vp.high_tide = Some(0);
    let notes = turn_management(&b, &mut s, true);
    assert!(notes.contains(&TurnNote::NaBerlinDeployment));
    assert!(notes.contains(&TurnNote::IntoNineteenFortyFive));
    assert!(s.deck.held_for_1945.is_empty());
    assert!(
        s.vp.greater_germany_only,
        "12.4: 1945 counts Greater Germany only"
    );
    assert_eq!(
        s.units[idx(&b, "ge_berlin")].loc,
        Loc::Arriving,
        "Defenses of the Reich"
    );
}

/// Oracle 56 (12.2): on turn 6 with Axis initiative, 24 wins for the Axis, 23 does not (a whole Turn Management).
/// Worked example E9 (12.2, sudden death): 23 → no win, 24 → the Axis wins at once.
#[test]
fn r12_2_sudden_death_on_turn_6() {
    let b = board();
    let mut s = campaign(&b, 5);
    // 11 at the start; 24 needs 13 more cities.
    let gains = [
        "Minsk",
        "Riga",
        "Lvov",
        "Kiev",
        "Smolensk",
        "Odessa",
        "Kharkov",
        "Dnepropetrovsk",
        "Stalino",
        "Rostov",
        "Sevastopol",
        "Kalinin",
        "Tula",
        "Voronezh",
    ];
    set_control(&b, &mut s, &gains[..13], Side::German);
    run_to(&b, &mut s, 6);
    // 11 + 13 cities, less Pearl Harbor's point on the round marker: 23, no win (E9).
    assert_eq!(s.outcome, None, "23 VP: no win (E9)");
    let mut s = campaign(&b, 5);
    set_control(&b, &mut s, &gains, Side::German);
    run_to(&b, &mut s, 6);
    let o = s.outcome.clone().expect("24 VP wins");
    assert_eq!(o.winner, Some(Side::German));
    assert!(o.reason.starts_with("12.2"), "{}", o.reason);
    assert_eq!(s.phase, Phase::Over);
}

#[test]
fn r12_2_a_no_sudden_death_marker_cancels_one_check() {
    let b = board();
    let mut s = campaign(&b, 5);
    let gains = [
        "Minsk",
        "Riga",
        "Lvov",
        "Kiev",
        "Smolensk",
        "Odessa",
        "Kharkov",
        "Dnepropetrovsk",
        "Stalino",
        "Rostov",
        "Sevastopol",
        "Kalinin",
        "Tula",
        "Voronezh",
    ];
    set_control(&b, &mut s, &gains, Side::German);
    s.no_sudden_death = true;
    run_to(&b, &mut s, 6);
    assert_eq!(s.outcome, None);
    assert!(!s.no_sudden_death, "used up");
}

/// Oracle 58 (12.10): on turn 12 High Tide goes on the Axis score, the round marker to 0, the initiative to the Soviets, for good.
#[test]
fn r12_10_the_initiative_changes_on_turn_12() {
    let b = board();
    let mut s = campaign(&b, 6);
    set_control(&b, &mut s, &["Minsk", "Riga", "Lvov", "Kiev"], Side::German);
    s.turn = 11;
    turn_management(&b, &mut s, true);
    assert_eq!(s.vp.initiative, Side::Soviet);
    assert_eq!(s.vp.high_tide, Some(15));
    assert_eq!(s.vp.round, 0);
    // It never returns to the Axis.
    for _ in 0..3 {
        turn_management(&b, &mut s, true);
        assert_eq!(s.vp.initiative, Side::Soviet, "turn {}", s.turn);
    }
}

/// Oracle 57 (12.3): a Soviet score of 34 in a victory phase ends the game with a Soviet win (a whole Turn Management).
#[test]
fn r12_1_objective_and_12_3_total_victory() {
    let b = board();
    let mut s = campaign(&b, 7);
    // The Soviet army gone from the map, the Axis holding three Objectives it can supply.
    for (i, u) in b.data.units.units.iter().enumerate() {
        if u.side == Side::Soviet && matches!(s.units[i].loc, Loc::Map(_)) {
            s.units[i].loc = Loc::Destroyed;
        }
    }
    set_control(
        &b,
        &mut s,
        &["Moscow", "Leningrad", "Sevastopol"],
        Side::German,
    );
    turn_management(&b, &mut s, true);
    assert_eq!(
        s.outcome.as_ref().and_then(|o| o.winner),
        Some(Side::German)
    );
    let mut s = campaign(&b, 7);
    let axis: Vec<&str> = [
        "Berlin",
        "Warsaw",
        "Budapest",
        "Romanian oil fields",
        "Prague",
        "Vienna",
        "Breslau",
        "Poznan",
        "Koenigsberg",
        "Belgrade",
        "Bucharest",
    ]
    .to_vec();
    // 11 Axis VP hexes become Soviet: 34 (and 3 Soviet Objectives: Objective victory first).
    set_control(&b, &mut s, &axis, Side::Soviet);
    turn_management(&b, &mut s, true);
    assert_eq!(
        s.outcome.as_ref().and_then(|o| o.winner),
        Some(Side::Soviet)
    );
}

#[test]
fn scenario_a_barbarossa_ends_after_turn_5() {
    let b = board();
    let mut s = setup(&b, "barbarossa", &Options::default(), 8).unwrap();
    assert_eq!(s.last_turn, 5);
    set_control(&b, &mut s, &["Moscow", "Sevastopol"], Side::German);
    run_to(&b, &mut s, 5);
    assert_eq!(
        s.outcome, None,
        "no sudden death or Objectives in a scenario"
    );
    turn_management(&b, &mut s, true);
    let o = s.outcome.clone().unwrap();
    assert_eq!(
        o.winner,
        Some(Side::German),
        "Moscow and another strategic objective"
    );
    let mut s = setup(&b, "barbarossa", &Options::default(), 8).unwrap();
    run_to(&b, &mut s, 5);
    turn_management(&b, &mut s, true);
    assert_eq!(
        s.outcome.unwrap().winner,
        Some(Side::Soviet),
        "no ties (SB)"
    );
}

#[test]
fn r12_6_the_campaign_ends_after_turn_28() {
    let b = board();
    let mut s = campaign(&b, 9);
    s.turn = 28;
    s.vp.initiative = Side::Soviet;
    turn_management(&b, &mut s, true);
    let o = s.outcome.unwrap();
    assert_eq!(o.winner, Some(Side::German));
    assert!(o.reason.starts_with("12.6"));
}

/// Oracle 62 (14.9.3): two cadres eliminated in one turn are scheduled one per turn, never to the Surrendered box.
/// Oracle 64 (14.2): an Axis ally eliminated goes to the Turn Track (the no-VP side: oracles_play.rs).
#[test]
fn r10_7_1_and_14_where_eliminated_units_go() {
    let b = board();
    let mut s = campaign(&b, 10);
    s.turn = 8;
    let u = idx(&b, "so_kalinin");
    assert_eq!(elimination_box(&b, &s, u), Loc::Destroyed);
    s.units[u].unsupplied = true;
    assert_eq!(elimination_box(&b, &s, u), Loc::Surrendered);
    assert_eq!(
        elimination_box(&b, &s, idx(&b, "hu_2")),
        Loc::Track(10),
        "14.2, LP U72"
    );
    assert_eq!(
        elimination_box(&b, &s, idx(&b, "ge_vs_breslau")),
        Loc::OutOfGame,
        "14.11"
    );
    // 14.9.3: a cadre returns on the next turn with no friendly cadre scheduled.
    s.units[idx(&b, "ge_kg2")].loc = Loc::Track(9);
    assert_eq!(elimination_box(&b, &s, idx(&b, "ge_kg1")), Loc::Track(10));
    s.units[idx(&b, "ge_kg1")].unsupplied = true;
    assert_eq!(
        elimination_box(&b, &s, idx(&b, "ge_kg1")),
        Loc::Track(10),
        "never surrendered"
    );
    assert_eq!(
        elimination_box(&b, &s, idx(&b, "so_ostatky1")),
        Loc::Track(9),
        "per side"
    );
}
