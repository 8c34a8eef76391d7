//! Call for Reinforcements (rules §6.7.1; oracles T19–T21; examples E1–E3, E19) and victory
//! (§6.18; T33, T34).

mod common;
use common::*;
use eastfront_kernel::{Game, Side};
use eastfront_stalingrad::data::{Army, CardEffect, UnitKind};
use eastfront_stalingrad::*;

/// Moves row 1's face-down units to row 6.
fn empty_row_one(st: &mut State) {
    let row1 = std::mem::take(&mut st.table[0]);
    for u in row1 {
        st.table[5].push(u);
        st.units[u.0 as usize].loc = Location::Table(6);
    }
}

fn call(g: &Stalingrad, st: &mut State, dice: &[u8]) -> Vec<Event> {
    st.dice.script(dice).unwrap();
    g.apply(st, german_seat(), &Action::CallReinforcements)
        .unwrap()
}

#[test]
fn e1_t19_each_die_takes_the_leftmost_unit_of_its_row() {
    let g = game();
    let mut st = g.setup("standard", &Options::default(), 11).unwrap();
    // Without Paulus (he doubles the draw, tested below).
    if let Some(i) = st
        .leaders_in_play
        .iter()
        .position(|c| g.board.card(*c).effect == CardEffect::Paulus)
    {
        let p = st.leaders_in_play.remove(i);
        st.german_deck.insert(0, p);
    }
    let expect = [
        st.table[1][0],
        st.table[2][0],
        st.table[3][0],
        st.table[4][0],
        st.table[4][1],
        st.table[4][2],
    ];
    let hand = st.german_hand.len() + st.leaders_in_play.len();
    call(&g, &mut st, &[2, 3, 4, 5, 5, 5]);
    assert_eq!(
        st.german_hand.len() + st.leaders_in_play.len(),
        hand + 1,
        "one card drawn first"
    );
    let Phase::PlaceReinforcements { units } = &st.phase else {
        panic!("placing: {:?}", st.phase)
    };
    let mut got = units.clone();
    got.sort();
    let mut want = expect.to_vec();
    want.sort();
    assert_eq!(got, want);
    // Blue only in Z, Yellow only in X/Y, White anywhere (T19).
    for a in legal(&g, &st) {
        if let Action::Place { unit, hex } = a {
            let gr = g
                .board
                .hex(hex)
                .german_reinforcement
                .expect("a German reinforcement hex");
            match g.board.unit(unit).army {
                Some(Army::Blue) => assert_eq!(gr, Army::Blue),
                Some(Army::Yellow) => assert_eq!(gr, Army::Yellow),
                _ => {}
            }
        }
    }
}

#[test]
fn paulus_doubles_the_draw() {
    let g = game();
    let mut st = g.setup("standard", &Options::default(), 11).unwrap();
    let paulus = (0..g.board.cards.len())
        .map(|i| CardId(i as u8))
        .find(|c| g.board.card(*c).effect == CardEffect::Paulus)
        .unwrap();
    st.german_deck.retain(|c| *c != paulus);
    st.german_hand.retain(|c| *c != paulus);
    if !st.leaders_in_play.contains(&paulus) {
        st.leaders_in_play.push(paulus);
    }
    let deck = st.german_deck.len();
    call(&g, &mut st, &[1, 2, 3, 4, 5, 6]);
    assert_eq!(st.german_deck.len(), deck - 2);
}

#[test]
fn e2_t20_empty_row_eliminates_its_unit_once() {
    let g = game();
    let mut st = g.setup("standard", &Options::default(), 11).unwrap();
    let pzg64 = unit(&g, "pzg64");
    // Row 1 empty; the 64th on the map.
    empty_row_one(&mut st);
    st.table.iter_mut().for_each(|r| r.retain(|u| *u != pzg64));
    st.units[pzg64.0 as usize] = UnitState {
        loc: Location::Map(hex(&g, "W")),
        face: 0,
        revealed: false,
    };
    call(&g, &mut st, &[1, 1, 2, 2, 3, 3]);
    assert_eq!(st.units[pzg64.0 as usize].loc, Location::Eliminated(1));
    assert!(st.row_eliminated[0]);
    assert_eq!(
        rules::casualty_score(&g.board, &st),
        0,
        "an Eliminated unit is not destroyed"
    );
}

#[test]
fn e2_elimination_has_no_effect_when_the_unit_is_not_on_the_map() {
    let g = game();
    let mut st = g.setup("standard", &Options::default(), 11).unwrap();
    let pzg64 = unit(&g, "pzg64");
    empty_row_one(&mut st);
    // The 64th is face down on row 6 now (not on the map): nothing happens, the row stays armed.
    assert!(matches!(st.units[pzg64.0 as usize].loc, Location::Table(_)));
    call(&g, &mut st, &[1, 2, 2, 3, 3, 4]);
    assert!(matches!(
        st.units[pzg64.0 as usize].loc,
        Location::Table(_) | Location::Aside
    ));
    assert!(!st.row_eliminated[0]);
}

#[test]
fn e3_t21_returned_units_go_to_the_row_with_fewest_units() {
    let g = game();
    let mut st = g.setup("standard", &Options::default(), 11).unwrap();
    let mut ev = Vec::new();
    // Rows hold 0, 2, 1, 3, 1, 4 units.
    let all: Vec<UnitId> = st.table.iter().flatten().copied().collect();
    let sizes = [0usize, 2, 1, 3, 1, 4];
    let mut it = all.iter();
    for (r, n) in sizes.iter().enumerate() {
        st.table[r] = it.by_ref().take(*n).copied().collect();
    }
    for u in it {
        st.units[u.0 as usize].loc = Location::Aside;
    }
    for (r, row) in st.table.iter().enumerate() {
        for u in row {
            st.units[u.0 as usize].loc = Location::Table(r as u8 + 1);
        }
    }
    let blue: Vec<UnitId> = g
        .board
        .unit_ids()
        .filter(|u| {
            g.board.unit(*u).army == Some(Army::Blue)
                && st.units[u.0 as usize].loc == Location::Aside
        })
        .take(2)
        .collect();
    rules::return_to_table(&g.board, &mut st, blue[0], &mut ev);
    assert_eq!(st.units[blue[0].0 as usize].loc, Location::Table(1));
    // Now rows 1, 3, 5 hold one unit each: the lowest-numbered wins.
    rules::return_to_table(&g.board, &mut st, blue[1], &mut ev);
    assert_eq!(st.units[blue[1].0 as usize].loc, Location::Table(1));
    assert_eq!(
        st.table[0][0], blue[1],
        "placed as the next unit to be taken"
    );
}

#[test]
fn e19_no_deployment_into_a_soviet_held_hex_or_a_full_one() {
    let g = game();
    let mut st = g.setup("standard", &Options::default(), 11).unwrap();
    let y = hex(&g, "Y");
    let x = hex(&g, "X");
    for u in rules::units_in(&g.board, &st, y) {
        st.units[u.0 as usize].loc = Location::Aside;
    }
    st.control[y.index()] = Side::Soviet;
    while rules::count_side(&g.board, &st, x, Side::German) < 4 {
        add_german(&g, &mut st, UnitKind::Infantry, x);
    }
    call(&g, &mut st, &[1, 2, 3, 4, 5, 6]);
    for a in legal(&g, &st) {
        if let Action::Place { hex, .. } = a {
            assert_eq!(hex, hex_z(&g), "only Z is open");
        }
    }
}

fn hex_z(g: &Stalingrad) -> eastfront_kernel::SpaceId {
    hex(g, "Z")
}

#[test]
fn t34_german_wins_with_all_six_reinforcement_hexes() {
    let g = game();
    let mut st = empty(&g, Options::default());
    add_soviet(&g, &mut st, UnitKind::RifleInfantry, hex(&g, "50"));
    for h in ["3", "7", "9", "13", "15", "19"] {
        st.control[hex(&g, h).index()] = Side::German;
    }
    let mut ev = Vec::new();
    assert!(rules::check_victory(
        &g.board,
        &mut st,
        Side::German,
        &mut ev
    ));
    assert_eq!(g.outcome(&st).unwrap().winner, Some(Side::German));
}

#[test]
fn t34_okh_replaces_condition_a_with_hexes_1_to_19() {
    let g = game();
    let mut st = empty(&g, Options::default());
    add_soviet(&g, &mut st, UnitKind::RifleInfantry, hex(&g, "50"));
    let okh = (0..g.board.cards.len())
        .map(|i| CardId(i as u8))
        .find(|c| g.board.card(*c).effect == CardEffect::Okh)
        .unwrap();
    st.german_deck.retain(|c| *c != okh);
    st.leaders_in_play.push(okh);
    for h in ["3", "7", "9", "13", "15", "19"] {
        st.control[hex(&g, h).index()] = Side::German;
    }
    let mut ev = Vec::new();
    assert!(
        !rules::check_victory(&g.board, &mut st, Side::German, &mut ev),
        "six SRHs are not enough under OKH"
    );
    for n in 1..=19 {
        st.control[hex(&g, &n.to_string()).index()] = Side::German;
    }
    assert!(rules::check_victory(
        &g.board,
        &mut st,
        Side::German,
        &mut ev
    ));
}

#[test]
fn t33_soviet_wins_at_ten_casualty_points_r_units_double() {
    let g = game();
    let mut st = empty(&g, Options::default());
    add_soviet(&g, &mut st, UnitKind::RifleInfantry, hex(&g, "50"));
    let r: Vec<UnitId> = g
        .board
        .unit_ids()
        .filter(|u| g.board.unit(*u).r_unit)
        .collect();
    let plain: Vec<UnitId> = g
        .board
        .unit_ids()
        .filter(|u| g.board.unit_side[u.0 as usize] == Side::German && !g.board.unit(*u).r_unit)
        .collect();
    for u in r.iter().take(4).chain(plain.iter().take(1)) {
        st.units[u.0 as usize].loc = Location::Casualties;
    }
    let mut ev = Vec::new();
    assert_eq!(rules::casualty_score(&g.board, &st), 9);
    assert!(!rules::check_victory(
        &g.board,
        &mut st,
        Side::Soviet,
        &mut ev
    ));
    st.units[plain[1].0 as usize].loc = Location::Casualties;
    assert!(rules::check_victory(
        &g.board,
        &mut st,
        Side::Soviet,
        &mut ev
    ));
    assert_eq!(g.outcome(&st).unwrap().winner, Some(Side::Soviet));
}
