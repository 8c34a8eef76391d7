//! How to win (12.0–12.10), with the spec's examples E8, E9 and E10.

use eastfront_kernel::Side;
use eastfront_no_retreat::board::Board;
use eastfront_no_retreat::supply::{initial_control, Position, Supply};
use eastfront_no_retreat::vp::*;

fn board() -> Board {
    Board::standard()
}

#[test]
fn r12_7_map_vp_at_the_start() {
    let b = board();
    let c = initial_control(&b, &[]);
    assert_eq!(
        map_vp(&b, &c, Side::German, false),
        11,
        "10 cities and the Romanian oil"
    );
    assert_eq!(
        map_vp(&b, &c, Side::Soviet, false),
        23,
        "22 cities and the Caucasus oil"
    );
    // Finland counts +1 for whoever controls it (12.7.2).
    let mut c2 = c.clone();
    c2[b.place("Finland").unwrap().index()] = Some(Side::German);
    assert_eq!(map_vp(&b, &c2, Side::German, false), 12);
    // 1945: Greater Germany hexes only (no Romania, no Finland).
    assert_eq!(map_vp(&b, &c2, Side::German, true), 9);
}

/// Worked example E8 (12.8, VP bookkeeping): the round marker at −1; 14 map VP put the marker in box 13; a retaken city counts at once.
#[test]
fn r12_8_vp_bookkeeping_e8() {
    // Turn 10, Axis initiative: 3 red events (−3), 2 Soviet VP cards (−2), a German event
    // played by the Soviets (+1), 3 Soviet surrenders (+3): the round marker is −1.
    let mut vp = VpState::start();
    for _ in 0..3 {
        vp.add_event_vp(Side::Soviet, 1, 6);
    }
    for _ in 0..2 {
        vp.add_event_vp(Side::Soviet, 1, 6);
    }
    vp.add_event_vp(Side::German, 1, 6);
    for _ in 0..3 {
        vp.surrender(Side::Soviet, 6);
    }
    assert_eq!(vp.round, -1);
    // 14 map VP: the Drang Nach Osten! marker in box 13.
    let b = board();
    let mut c = initial_control(&b, &[]);
    for city in ["Minsk", "Riga", "Lvov"] {
        c[b.place(city).unwrap().index()] = Some(Side::German);
    }
    assert_eq!(map_vp(&b, &c, Side::German, false), 14);
    assert_eq!(score(&b, &c, &vp, Side::German), 13);
    // Turn 5: the Soviets retake a city: the Axis score drops by one at once.
    c[b.place("Riga").unwrap().index()] = Some(Side::Soviet);
    assert_eq!(score(&b, &c, &vp, Side::German), 12);
}

/// Oracle 55 (12.7.4): the round marker never shows more than 6.
#[test]
fn r12_7_4_the_round_marker_never_passes_six() {
    let mut vp = VpState::start();
    for _ in 0..9 {
        vp.surrender(Side::Soviet, 6);
    }
    assert_eq!(vp.round, 6);
    for _ in 0..14 {
        vp.add_event_vp(Side::Soviet, 1, 6);
    }
    assert_eq!(vp.round, -6);
}

/// Oracle 56 (12.2): on turn 6 the Axis mark 23: 24 wins, 23 does not.
/// Worked example E9 (12.2, sudden death): the turn-6 mark.
#[test]
fn r12_2_sudden_death_e9() {
    let d = board().data;
    assert!(!sudden_death(&d.track, 6, Side::German, 23));
    assert!(sudden_death(&d.track, 6, Side::German, 24));
    assert!(
        !sudden_death(&d.track, 5, Side::German, 30),
        "no skull on turn 5"
    );
    assert!(
        !sudden_death(&d.track, 6, Side::Soviet, 30),
        "the Axis mark only"
    );
}

/// Oracle 57 (12.3): a Soviet score of 34 is a Soviet total victory.
#[test]
fn r12_3_soviet_total_victory() {
    let d = board().data;
    assert!(!soviet_total_victory(&d.track, 33));
    assert!(soviet_total_victory(&d.track, 34));
}

/// Oracle 59 (12.4): High Tide > Na Berlin! wins for the Axis; otherwise the game goes on with Greater Germany VP only.
/// Worked example E10 (12.10/12.4, turn 12 initiative change): High Tide, round marker 0, Na Berlin!, the turn-23 check.
#[test]
fn r12_10_initiative_change_e10_and_12_4_tactical_victory() {
    let b = board();
    let mut c = initial_control(&b, &[]);
    for city in ["Minsk", "Riga", "Lvov", "Kiev", "Smolensk"] {
        c[b.place(city).unwrap().index()] = Some(Side::German);
    }
    let mut vp = VpState::start();
    vp.add_event_vp(Side::German, 2, 6);
    let axis = score(&b, &c, &vp, Side::German);
    assert_eq!(axis, 16 + 2);
    let soviet = change_initiative(&b, &c, &mut vp);
    assert_eq!(vp.high_tide, Some(18), "High Tide on the Axis score");
    assert_eq!(
        (vp.initiative, vp.round),
        (Side::Soviet, 0),
        "round marker removed"
    );
    assert_eq!(soviet, 18, "Soviet cities and oil fields");
    // 12.4: High Tide 18 vs Na Berlin! 18: the game goes on into 1945 (GG hexes only).
    assert!(!tactical_victory_check(&b, &c, &mut vp));
    assert!(vp.greater_germany_only);
    // With Kharkov too (High Tide 19) the Soviets hold only 17: the Axis wins outright.
    let mut vp2 = VpState::start();
    vp2.add_event_vp(Side::German, 2, 6);
    let mut c2 = c.clone();
    c2[b.place("Kharkov").unwrap().index()] = Some(Side::German);
    change_initiative(&b, &c2, &mut vp2);
    assert!(tactical_victory_check(&b, &c2, &mut vp2));
}

#[test]
fn r12_1_objective_victory() {
    let b = board();
    let mut c = initial_control(&b, &[]);
    let pos = Position {
        pieces: vec![],
        control: c.clone(),
    };
    let s = Supply::new(&b, &pos);
    assert_eq!(objectives_held(&b, &s, Side::German), 0);
    assert_eq!(objective_winner(&b, &s, Side::German), None);
    // The Axis holds Moscow, Leningrad and Stalingrad and traces west from each: 3 of 5.
    for obj in ["Moscow", "Leningrad", "Stalingrad"] {
        c[b.place(obj).unwrap().index()] = Some(Side::German);
    }
    let pos = Position {
        pieces: vec![],
        control: c.clone(),
    };
    let s = Supply::new(&b, &pos);
    assert_eq!(objectives_held(&b, &s, Side::German), 3);
    assert_eq!(objective_winner(&b, &s, Side::German), Some(Side::German));
    // Without the initiative the Axis needs 4.
    assert_eq!(objective_winner(&b, &s, Side::Soviet), None);
    assert_eq!(objectives_needed(Side::Soviet, Side::German), 3);
}
