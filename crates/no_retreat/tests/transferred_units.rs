//! Transferred Units (Axis half of card 3, CZ): in the Axis Reorganization phase, replace one
//! unit from the Destroyed or Surrendered box, the only way to do so before turn 5 (7.9.1).

use eastfront_kernel::{Game, Seat, Side};
use eastfront_no_retreat::state::*;
use eastfront_no_retreat::{Action, NoRetreat, Options};

const AXIS: Seat = Seat(0);
const GOTT_MIT_UNS: u8 = 2;
const TRANSFERRED_UNITS: u8 = 3;

fn idx(g: &NoRetreat, id: &str) -> usize {
    g.board
        .data
        .units
        .units
        .iter()
        .position(|u| u.id == id)
        .unwrap()
}

/// Turn 2, the Axis Reorganization phase's placement step, the 9th Army destroyed.
fn placement_step(g: &NoRetreat) -> (State, usize) {
    let mut st = g.setup("campaign", &Options::default(), 4).unwrap();
    st.pending.clear();
    st.turn = 2;
    st.phase = Phase::Player {
        side: Side::German,
        step: Step::Reorganization,
    };
    st.scratch.reorg = Some(ReorgStep::Place);
    let u = idx(g, "ge_9a");
    st.units[u].loc = Loc::Destroyed;
    st.units[u].reduced = false;
    (st, u)
}

#[test]
fn r7_9_1_transferred_units_replaces_a_destroyed_unit_before_turn_5() {
    let g = NoRetreat::new();
    let (mut st, u) = placement_step(&g);
    st.hands[0] = vec![TRANSFERRED_UNITS];
    let legal = g.legal_actions(&st, AXIS);
    // 7.9.1: no paid replacement before turn 5; the event is the way.
    assert!(!legal.iter().any(|a| matches!(a, Action::Replace { .. })));
    let play = Action::PlayEventFor {
        card: TRANSFERRED_UNITS,
        units: vec![u],
    };
    assert!(legal.contains(&play), "{legal:?}");
    g.apply(&mut st, AXIS, &play).unwrap();
    // 7.9.2: a two-step unit comes back reduced, to be placed now (7.6).
    assert_eq!(st.units[u].loc, Loc::Arriving);
    assert!(st.units[u].reduced);
    assert_eq!(st.deck.top_discard(), Some(TRANSFERRED_UNITS));
    assert!(st.executed.contains(&(TRANSFERRED_UNITS, Side::German)));
    let legal = g.legal_actions(&st, AXIS);
    assert!(legal
        .iter()
        .any(|a| matches!(a, Action::Place { unit, .. } if *unit == u)));
    assert!(
        !legal.contains(&Action::End),
        "the replaced unit must be placed"
    );
}

#[test]
fn r5_3_1_transferred_units_only_in_the_own_placement_step() {
    let g = NoRetreat::new();
    let (mut st, u) = placement_step(&g);
    st.hands[0] = vec![TRANSFERRED_UNITS];
    st.scratch.reorg = Some(ReorgStep::Flip);
    let play = Action::PlayEventFor {
        card: TRANSFERRED_UNITS,
        units: vec![u],
    };
    assert!(!g.legal_actions(&st, AXIS).contains(&play));
    st.scratch.reorg = Some(ReorgStep::Place);
    st.phase = Phase::Player {
        side: Side::German,
        step: Step::Movement,
    };
    assert!(!g.legal_actions(&st, AXIS).contains(&play));
}

#[test]
fn r5_0_gott_mit_uns_plays_transferred_units_from_the_discard_pile() {
    let g = NoRetreat::new();
    let (mut st, u) = placement_step(&g);
    st.hands[0] = vec![GOTT_MIT_UNS];
    st.deck.discard.push(TRANSFERRED_UNITS);
    let play = Action::PlayEventFor {
        card: GOTT_MIT_UNS,
        units: vec![u],
    };
    assert!(g.legal_actions(&st, AXIS).contains(&play));
    g.apply(&mut st, AXIS, &play).unwrap();
    assert_eq!(st.units[u].loc, Loc::Arriving);
    // 5.0 "once is enough": the borrowed event is spent for the turn.
    assert!(st.executed.contains(&(TRANSFERRED_UNITS, Side::German)));
}
