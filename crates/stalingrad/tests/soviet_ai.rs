//! The official Soviet solitaire AI (rules §8; oracles T22–T32; examples E11–E16).

mod common;
use common::*;
use eastfront_kernel::{Game, Side, SpaceId};
use eastfront_stalingrad::data::{Reserve, UnitKind};
use eastfront_stalingrad::*;

fn srh(g: &Stalingrad) -> Vec<SpaceId> {
    ["3", "19", "9", "15", "13", "7"]
        .iter()
        .map(|h| hex(g, h))
        .collect()
}

fn hand_and_deck(st: &State) -> (usize, usize) {
    (st.soviet_hand.len(), st.soviet_deck.len())
}

#[test]
fn t22_no_reinforcement_hex_controlled_draws_one_card_and_nothing_else() {
    let g = game();
    let mut st = empty(&g, Options::default());
    for h in srh(&g) {
        st.control[h.index()] = Side::German;
    }
    let u = add_soviet(&g, &mut st, UnitKind::RifleInfantry, hex(&g, "50"));
    let mut ev = Vec::new();
    soviet::ai_turn(&g.board, &mut st, &mut ev);
    rules::run(&g.board, &mut st, &mut ev);
    assert_eq!(hand_and_deck(&st), (1, 27));
    assert_eq!(
        st.units[u.0 as usize].loc,
        Location::Map(hex(&g, "50")),
        "nothing moves"
    );
}

#[test]
fn t23_t29_full_reinforcement_action_deploys_six_infantry_and_three_tanks() {
    let g = game();
    let mut st = empty(&g, Options::default());
    // |L| = 7 single-unit stacks > |C| = 6 → Reinforcement Action.
    for h in ["40", "41", "42", "43", "44", "45", "46"] {
        add_soviet(&g, &mut st, UnitKind::RifleInfantry, hex(&g, h));
    }
    let mut ev = Vec::new();
    soviet::ai_turn(&g.board, &mut st, &mut ev);
    let count = |h: &str, r: Reserve| {
        rules::units_in(&g.board, &st, hex(&g, h))
            .iter()
            .filter(|u| g.board.unit(**u).reserve() == r)
            .count()
    };
    for (h, inf, tank) in [
        ("3", 1, 1),
        ("19", 1, 1),
        ("9", 1, 0),
        ("15", 1, 0),
        ("13", 2, 0),
        ("7", 0, 1),
    ] {
        assert_eq!(
            (count(h, Reserve::Infantry), count(h, Reserve::Tank)),
            (inf, tank),
            "hex {h}"
        );
    }
    assert_eq!(hand_and_deck(&st).0, 0, "no card drawn");
}

#[test]
fn e16_t30_stacking_exceptions_in_the_reinforcement_action() {
    let g = game();
    let mut st = empty(&g, Options::default());
    for _ in 0..3 {
        add_soviet(&g, &mut st, UnitKind::RifleInfantry, hex(&g, "13"));
        add_soviet(&g, &mut st, UnitKind::RifleInfantry, hex(&g, "3"));
    }
    for _ in 0..4 {
        add_soviet(&g, &mut st, UnitKind::RifleInfantry, hex(&g, "9"));
    }
    let mut ev = Vec::new();
    soviet::reinforcement_action(&g.board, &mut st, &mut ev);
    let n = |h: &str| rules::count_side(&g.board, &st, hex(&g, h), Side::Soviet);
    assert_eq!(n("3"), 4, "hex 3 with 3 units gets one Infantry");
    assert_eq!(n("13"), 4, "hex 13 with 3 units gets one Infantry");
    assert_eq!(n("9"), 4, "hex 9 at the limit gets nothing");
    assert_eq!(st.soviet_hand.len(), 1, "only the full hex 9 costs a card");
    let tank_in_3 = rules::units_in(&g.board, &st, hex(&g, "3"))
        .iter()
        .any(|u| g.board.unit(*u).kind == UnitKind::Tank);
    assert!(!tank_in_3, "no Tank for hex 3");
}

#[test]
fn e15_t31_each_missing_tank_costs_a_card() {
    let g = game();
    let mut st = empty(&g, Options::default());
    for u in rules::reserve_units(&g.board, &st, Reserve::Tank) {
        st.units[u.0 as usize].loc = Location::Aside;
    }
    let mut ev = Vec::new();
    soviet::reinforcement_action(&g.board, &mut st, &mut ev);
    assert_eq!(st.soviet_hand.len(), 3, "tanks missing for 3, 19 and 7");
    assert_eq!(
        rules::count_side(&g.board, &st, hex(&g, "3"), Side::Soviet),
        1,
        "the Infantry still comes"
    );
}

#[test]
fn e11_roll_order_north_first_then_nearest_the_volga() {
    let g = game();
    let mut st = empty(&g, Options::default());
    for h in ["25", "9", "7"] {
        for _ in 0..3 {
            add_soviet(&g, &mut st, UnitKind::RifleInfantry, hex(&g, h));
        }
    }
    let l = soviet::largest_stacks(&g.board, &st);
    let names: Vec<&str> = l.iter().map(|h| g.board.hex_name(*h)).collect();
    assert_eq!(names, vec!["7", "9", "25"]);
}

/// E12/E13 setup: Largest Stack hexes with chosen dice.
fn sweep(g: &Stalingrad, st: &mut State, dice: &[(&str, u8)]) -> Vec<Event> {
    let mut ev = Vec::new();
    st.phase = Phase::SovietSweep {
        dice: dice.iter().map(|(h, d)| (hex(g, h), *d)).collect(),
        value: 1,
    };
    rules::run(&g.board, st, &mut ev);
    ev
}

#[test]
fn e12_t24_duplicate_dice_draw_a_card_each_and_only_the_single_die_acts() {
    let g = game();
    let mut st = empty(&g, Options::default());
    let hexes = ["40", "42", "44", "46", "48", "50"];
    for h in hexes {
        for _ in 0..2 {
            add_soviet(&g, &mut st, UnitKind::RifleInfantry, hex(&g, h));
        }
    }
    let dice = [1, 1, 6, 6, 3, 1];
    let plan: Vec<(&str, u8)> = hexes.iter().copied().zip(dice).collect();
    let before = rules::count_side(&g.board, &st, hex(&g, "48"), Side::Soviet);
    sweep(&g, &mut st, &plan);
    assert_eq!(st.soviet_hand.len(), 5, "three 1s and two 6s");
    assert_eq!(
        rules::count_side(&g.board, &st, hex(&g, "48"), Side::Soviet),
        before - 1,
        "the 3 moves one unit"
    );
    for h in ["40", "42", "44", "46", "50"] {
        assert_eq!(
            rules::count_side(&g.board, &st, hex(&g, h), Side::Soviet),
            2,
            "hex {h} did not move"
        );
    }
}

#[test]
fn e13_t25_t26_t28_sweep_order_card_then_attack_then_move() {
    let g = game();
    let mut st = empty(&g, Options::default());
    for h in ["7", "9", "25"] {
        for _ in 0..3 {
            add_soviet(&g, &mut st, UnitKind::RifleInfantry, hex(&g, h));
        }
    }
    let german = add_german(&g, &mut st, UnitKind::Infantry, hex(&g, "24"));
    st.dice.script(&[1; 60]).unwrap();
    let ev = sweep(&g, &mut st, &[("7", 6), ("9", 1), ("25", 5)]);
    let texts: Vec<&str> = ev.iter().map(|e| e.public.as_str()).collect();
    let draw = texts
        .iter()
        .position(|t| t.contains("Soviets draw a card"))
        .expect("the 1 draws a card");
    let attack = texts
        .iter()
        .position(|t| t.contains("against hex 24"))
        .expect("25 attacks 24 (compass 5)");
    assert!(
        draw < attack,
        "the card for the 1 is drawn before the attack"
    );
    assert!(texts[attack].contains("Soviet Quick Attack"));
    // S1 of that combat played the card just drawn (the hand held exactly that one).
    assert!(texts
        .iter()
        .any(|t| t.contains("S1: the Soviets play a random card")));
    assert_eq!(
        rules::count_side(&g.board, &st, hex(&g, "6"), Side::Soviet),
        1,
        "a unit of 7 moves to 6 (compass 6)"
    );
    let _ = german;
}

#[test]
fn e14_with_chuikov_every_adjacent_stack_joins() {
    let g = game();
    let mut st = empty(&g, Options::default());
    for h in ["25", "7", "8"] {
        add_soviet(&g, &mut st, UnitKind::RifleInfantry, hex(&g, h));
    }
    add_german(&g, &mut st, UnitKind::Infantry, hex(&g, "24"));
    let chuikov = (0..g.board.cards.len())
        .map(|i| CardId(i as u8))
        .find(|c| g.board.card(*c).effect == data::CardEffect::Chuikov)
        .unwrap();
    st.soviet_deck.retain(|c| *c != chuikov);
    st.leaders_in_play.push(chuikov);
    st.dice.script(&[1; 60]).unwrap();
    let ev = sweep(&g, &mut st, &[("25", 5)]);
    let start = ev
        .iter()
        .find(|e| matches!(e.kind, EventKind::CombatStart { .. }))
        .unwrap();
    assert!(
        start.public.contains("Soviet Planned Attack"),
        "{}",
        start.public
    );
    assert!(
        start.public.contains("3 attacking unit(s)"),
        "{}",
        start.public
    );
    assert!(
        !ev.iter().any(|e| e.public.contains("Rubble Roll")),
        "never a Soviet Rubble Roll"
    );
}

#[test]
fn t27_emptied_hex_or_full_target_draws_a_card() {
    let g = game();
    let mut st = empty(&g, Options::default());
    add_soviet(&g, &mut st, UnitKind::RifleInfantry, hex(&g, "40"));
    let t = g.board.topo.neighbour_in_dir(hex(&g, "40"), 2).unwrap();
    for _ in 0..4 {
        add_soviet(&g, &mut st, UnitKind::RifleInfantry, t);
    }
    // "40" rolls 3 towards a full hex; the empty "60" rolls 4.
    sweep(&g, &mut st, &[("40", 3), ("60", 4)]);
    assert_eq!(st.soviet_hand.len(), 2);
}

#[test]
fn t32_the_last_card_ends_the_game_at_once() {
    let g = game();
    let mut st = empty(&g, Options::default());
    add_soviet(&g, &mut st, UnitKind::RifleInfantry, hex(&g, "40"));
    let keep = st.soviet_deck.pop().unwrap();
    st.discards.append(&mut st.soviet_deck);
    st.soviet_deck.push(keep);
    let ev = sweep(&g, &mut st, &[("40", 1), ("42", 1)]);
    let o = g.outcome(&st).expect("game over");
    assert_eq!(o.winner, Some(Side::Soviet));
    assert!(o.reason.contains("Last Card"));
    assert_eq!(st.soviet_hand.len(), 1, "the second draw never happened");
    assert!(ev.iter().any(|e| matches!(e.kind, EventKind::GameOver)));
}
