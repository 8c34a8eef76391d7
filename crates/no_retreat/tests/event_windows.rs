//! Events that name units or hexes, and the windows they need: Erich von Manstein (card 1),
//! Inexperienced Soviet Officers (9), No Mercy! (14), Maskirovka (19), Combat Initiative (20).

use eastfront_kernel::{Game, Side};
use eastfront_no_retreat::combat::TurnWeather;
use eastfront_no_retreat::state::*;
use eastfront_no_retreat::{Action, NoRetreat, Options};

mod common;
use common::*;

const VON_MANSTEIN: u8 = 1;
const INEXPERIENCED_OFFICERS: u8 = 9;
const NO_MERCY: u8 = 14;
const MASKIROVKA: u8 = 19;
const COMBAT_INITIATIVE: u8 = 20;

/// An empty map on turn 8, clear weather, `side`'s Movement phase.
fn empty(g: &NoRetreat, side: Side, hands: [Vec<u8>; 2], dice: &[u8]) -> State {
    let mut st = g.setup("campaign", &Options::default(), 5).unwrap();
    for u in st.units.iter_mut() {
        u.loc = Loc::OutOfGame;
    }
    st.pending.clear();
    st.turn = 8;
    st.weather = TurnWeather::Clear;
    st.phase = Phase::Player {
        side,
        step: Step::Movement,
    };
    st.scratch = Scratch::default();
    st.hands = hands;
    st.dice.script(dice).unwrap();
    st
}

/// The 9th Army at (-2,5) against the reduced West Front at (-1,5), the Target marked, the
/// Battles step of the Axis Combat phase.
fn duel(g: &NoRetreat, axis: Vec<u8>, soviet: Vec<u8>, dice: &[u8]) -> (State, usize, usize) {
    let mut st = empty(g, Side::German, [axis, soviet], dice);
    let a = idx(g, "ge_9a");
    let d = idx(g, "so_west");
    st.units[a].loc = Loc::Map(place(g, "-2,5"));
    st.units[d].loc = Loc::Map(place(g, "-1,5"));
    st.units[d].reduced = true;
    act(g, &mut st, AXIS, Action::End);
    let target = place(g, "-1,5");
    act(g, &mut st, AXIS, Action::Target { hex: target });
    act(g, &mut st, AXIS, Action::End);
    act(g, &mut st, SOVIET, Action::End);
    (st, a, d)
}

fn attack(g: &NoRetreat, st: &mut State, a: usize) -> Vec<eastfront_no_retreat::Event> {
    act(
        g,
        st,
        AXIS,
        Action::Attack {
            targets: vec![place(g, "-1,5")],
            units: vec![a],
            support: false,
        },
    )
}

#[test]
fn r5_3_von_manstein_doubles_one_supplied_german_unit_in_an_axis_battle() {
    let g = NoRetreat::new();
    let (mut st, a, _) = duel(&g, vec![VON_MANSTEIN], vec![], &[1]);
    attack(&g, &mut st, a);
    let legal = g.legal_actions(&st, AXIS);
    let play = Action::PlayEventOn {
        card: VON_MANSTEIN,
        units: vec![a],
        hexes: vec![],
    };
    assert!(legal.contains(&play), "{legal:?}");
    assert!(!legal.contains(&Action::PlayEvent { card: VON_MANSTEIN }));
    let events = act(&g, &mut st, AXIS, play);
    // The 9th Army's 4 doubled: 8 against the West Front.
    let battle = events
        .iter()
        .find(|e| matches!(e.kind, eastfront_no_retreat::EventKind::Battle))
        .expect("the battle is fought");
    assert!(battle.public.contains("8 vs"), "{}", battle.public);
    assert!(st.executed.contains(&(VON_MANSTEIN, Side::German)));
    assert_eq!(st.deck.top_discard(), Some(VON_MANSTEIN));
}

#[test]
fn r10_1_2_von_manstein_places_two_counterblow_markers_at_most_2_hexes_apart() {
    let g = NoRetreat::new();
    let mut st = empty(&g, Side::Soviet, [vec![VON_MANSTEIN], vec![]], &[]);
    let x = place(&g, "-2,5");
    let y = place(&g, "-1,5");
    let z = g
        .board
        .neighbours(y)
        .find(|s| *s != x && !g.board.is_lake(*s) && g.board.border(x, *s).is_some())
        .unwrap();
    st.units[idx(&g, "ge_9a")].loc = Loc::Map(x);
    st.units[idx(&g, "ge_4a")].loc = Loc::Map(z);
    st.units[idx(&g, "so_west")].loc = Loc::Map(y);
    act(&g, &mut st, SOVIET, Action::End);
    act(&g, &mut st, SOVIET, Action::End);
    assert!(matches!(
        st.scratch.combat.as_ref().map(|c| c.step),
        Some(CombatStep::Counterblows)
    ));
    let mut pair = vec![x, z];
    pair.sort();
    let play = Action::PlayEventOn {
        card: VON_MANSTEIN,
        units: vec![],
        hexes: pair.clone(),
    };
    let legal = g.legal_actions(&st, AXIS);
    assert!(legal.contains(&play), "{legal:?}");
    act(&g, &mut st, AXIS, play);
    let c = st.scratch.combat.as_ref().unwrap();
    assert_eq!(c.counterblows, pair);
    assert!(st.hands[0].is_empty(), "no other card is spent");
}

/// §16 steps 2–3: the Soviet plays Maskirovka in the Axis Movement phase; the Axis may cancel
/// it with Inexperienced Soviet Officers.
fn maskirovka(g: &NoRetreat) -> (State, usize) {
    let mut st = empty(
        g,
        Side::German,
        [vec![INEXPERIENCED_OFFICERS], vec![MASKIROVKA]],
        &[],
    );
    st.units[idx(g, "ge_9a")].loc = Loc::Map(place(g, "-2,5"));
    st.units[idx(g, "so_west")].loc = Loc::Map(place(g, "-1,5"));
    let u = idx(g, "so_central");
    st.units[u].loc = Loc::Rail;
    act(g, &mut st, AXIS, Action::End);
    assert_eq!(
        st.pending.first(),
        Some(&Pending::Window { side: Side::Soviet })
    );
    let legal = g.legal_actions(&st, SOVIET);
    assert!(legal.contains(&Action::Pass));
    let play = legal
        .iter()
        .find(|a| matches!(a, Action::PlayEventOn { card: MASKIROVKA, units, .. } if units == &vec![u]))
        .cloned()
        .expect("Maskirovka is offered");
    act(g, &mut st, SOVIET, play.clone());
    assert_eq!(
        st.pending.first(),
        Some(&Pending::Cancel { side: Side::German })
    );
    // The Axis sees the card played before he decides.
    let v = g.view(&st, eastfront_kernel::Viewer::Side(Side::German));
    assert_eq!(v.held_play, Some((Side::Soviet, play)));
    assert_eq!(
        g.legal_actions(&st, AXIS),
        vec![
            Action::PlayEvent {
                card: INEXPERIENCED_OFFICERS
            },
            Action::Pass
        ]
    );
    (st, u)
}

/// Worked example E13 (§16, steps 2–3): Inexperienced Soviet Officers cancel Maskirovka; the unit goes back to the Rail box.
#[test]
fn r16_inexperienced_soviet_officers_cancel_maskirovka() {
    let g = NoRetreat::new();
    let (mut st, u) = maskirovka(&g);
    act(
        &g,
        &mut st,
        AXIS,
        Action::PlayEvent {
            card: INEXPERIENCED_OFFICERS,
        },
    );
    // The unit stays in the Rail box; both cards are spent.
    assert_eq!(st.units[u].loc, Loc::Rail);
    assert!(st.hands[0].is_empty() && st.hands[1].is_empty());
    assert!(st.deck.discard.contains(&MASKIROVKA));
    assert_eq!(st.deck.top_discard(), Some(INEXPERIENCED_OFFICERS));
    assert!(st.pending.is_empty() && st.cancel_play.is_none());
    // The Axis Movement phase goes on; the window is not offered twice.
    assert_eq!(g.active(&st), Some(AXIS));
    act(&g, &mut st, AXIS, Action::End);
    assert!(matches!(
        st.phase,
        Phase::Player {
            step: Step::Combat,
            ..
        }
    ));
}

#[test]
fn r16_maskirovka_brings_a_rail_unit_onto_the_map_in_the_axis_movement_phase() {
    let g = NoRetreat::new();
    let (mut st, u) = maskirovka(&g);
    act(&g, &mut st, AXIS, Action::Pass);
    assert!(matches!(st.units[u].loc, Loc::Map(_)));
    assert_eq!(st.hands[0], vec![INEXPERIENCED_OFFICERS]);
    assert!(st.executed.contains(&(MASKIROVKA, Side::Soviet)));
}

#[test]
fn r5_3_no_mercy_adds_a_step_loss_to_both_sides() {
    let g = NoRetreat::new();
    // Axis 1:1, die 6: DR (events.rs E1); with No Mercy! each side loses a step as well.
    let (mut st, a, d) = duel(&g, vec![], vec![NO_MERCY], &[6]);
    attack(&g, &mut st, a);
    assert!(g
        .legal_actions(&st, SOVIET)
        .contains(&Action::PlayEvent { card: NO_MERCY }));
    act(&g, &mut st, SOVIET, Action::PlayEvent { card: NO_MERCY });
    assert!(st.units[a].reduced, "the attacker lost a step on a DR");
    assert!(
        !matches!(st.units[d].loc, Loc::Map(_)) || st.units[d].reduced,
        "the defender lost a step"
    );
}

#[test]
fn r5_3_combat_initiative_moves_an_axis_unit_that_has_not_fought() {
    let g = NoRetreat::new();
    let (mut st, a, _) = duel(&g, vec![COMBAT_INITIATIVE], vec![], &[]);
    let other = idx(&g, "ge_4a");
    st.units[other].loc = Loc::Map(place(&g, "-3,5"));
    let legal = g.legal_actions(&st, AXIS);
    let play = legal
        .iter()
        .find(|x| matches!(x, Action::PlayEventOn { units, .. } if units == &vec![other]))
        .cloned()
        .expect("Combat Initiative is offered between battles");
    let Action::PlayEventOn { hexes, .. } = &play else {
        unreachable!()
    };
    let to = hexes[0];
    act(&g, &mut st, AXIS, play);
    assert_eq!(st.units[other].loc, Loc::Map(to));
    assert!(st.executed.contains(&(COMBAT_INITIATIVE, Side::German)));
    // The unit that fought may not (10.3.4 bookkeeping).
    let _ = a;
}
