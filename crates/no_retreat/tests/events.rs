//! Event cards played as events (5.0–5.3) in their windows: the card-ordering example E1,
//! automatic results, re-rolls, the initiative symbols (5.3.3), "once is enough" (5.0) and a
//! Card-phase event.

use eastfront_kernel::{Game, Side};
use eastfront_no_retreat::combat::TurnWeather;
use eastfront_no_retreat::state::*;
use eastfront_no_retreat::{Action, EventKind, NoRetreat, Options};

mod common;
use common::*;

const GENERAL_STAFF: u8 = 10;
const RASPUTITSA: u8 = 20;
const GUDERIAN: u8 = 8;
const HEROES: u8 = 18;

/// The 9th Army at (-2,5) next to the West Front at (-1,5), Axis Combat phase, turn 8, clear.
fn duel(
    g: &NoRetreat,
    axis_hand: Vec<u8>,
    soviet_hand: Vec<u8>,
    dice: &[u8],
) -> (State, usize, usize) {
    let mut st = g.setup("campaign", &Options::default(), 5).unwrap();
    for u in st.units.iter_mut() {
        u.loc = Loc::OutOfGame;
    }
    st.pending.clear();
    st.turn = 8;
    st.weather = TurnWeather::Clear;
    st.phase = Phase::Player {
        side: Side::German,
        step: Step::Movement,
    };
    st.scratch = Scratch::default();
    st.hands = [axis_hand, soviet_hand];
    let a = idx(g, "ge_9a");
    let d = idx(g, "so_west");
    st.units[a].loc = Loc::Map(place(g, "-2,5"));
    st.units[d].loc = Loc::Map(place(g, "-1,5"));
    st.units[d].reduced = true;
    st.dice.script(dice).unwrap();
    act(g, &mut st, AXIS, Action::End);
    act(
        g,
        &mut st,
        AXIS,
        Action::Target {
            hex: place(g, "-1,5"),
        },
    );
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

/// Let the Soviet retreat (first offered hex) until the advance begins.
fn retreat(g: &NoRetreat, st: &mut State) {
    while g.active(st) == Some(SOVIET) {
        let r = g.legal_actions(st, SOVIET)[0].clone();
        assert!(matches!(r, Action::Retreat { .. }), "{r:?}");
        act(g, st, SOVIET, r);
    }
}

fn advance_hexes(g: &NoRetreat, st: &State, a: usize) -> usize {
    g.legal_actions(st, AXIS)
        .iter()
        .filter(|x| matches!(x, Action::Advance { unit, .. } if *unit == a))
        .count()
}

/// Worked example E1 (5.0, card conflicts) case A: General Staff then Rasputitsa → 1 hex.
#[test]
fn e1_r5_0_the_later_card_prevails_general_staff_then_rasputitsa() {
    let g = NoRetreat::new();
    // Axis 1:1, die 6: DR.
    let (mut st, a, _) = duel(&g, vec![GENERAL_STAFF], vec![RASPUTITSA], &[6]);
    attack(&g, &mut st, a);
    retreat(&g, &mut st);
    act(
        &g,
        &mut st,
        AXIS,
        Action::PlayEvent {
            card: GENERAL_STAFF,
        },
    );
    act(&g, &mut st, SOVIET, Action::PlayEvent { card: RASPUTITSA });
    // Case A: the advance is limited to the vacated hex.
    assert_eq!(advance_hexes(&g, &st, a), 1);
    assert!(st.executed.contains(&(GENERAL_STAFF, Side::German)));
}

/// Worked example E1 (5.0, card conflicts) case B: Rasputitsa then General Staff → 2 hexes.
#[test]
fn e1_r5_0_the_later_card_prevails_rasputitsa_then_general_staff() {
    let g = NoRetreat::new();
    let (mut st, a, _) = duel(&g, vec![GENERAL_STAFF], vec![RASPUTITSA], &[6]);
    attack(&g, &mut st, a);
    retreat(&g, &mut st);
    act(&g, &mut st, AXIS, Action::Pass);
    act(&g, &mut st, SOVIET, Action::PlayEvent { card: RASPUTITSA });
    act(
        &g,
        &mut st,
        AXIS,
        Action::PlayEvent {
            card: GENERAL_STAFF,
        },
    );
    // Case B: 1 + 1 = 2 hexes: the vacated hex and the hexes beyond it.
    assert!(advance_hexes(&g, &st, a) > 1);
}

/// Oracle 6 (5.3.3): a Balkenkreuz event (Rasputitsa) is illegal while the VP marker shows Na Berlin! (Soviet initiative).
#[test]
fn r5_3_3_the_balkenkreuz_needs_the_axis_initiative() {
    let g = NoRetreat::new();
    let (mut st, a, _) = duel(&g, vec![], vec![RASPUTITSA], &[6]);
    st.vp.initiative = Side::Soviet;
    attack(&g, &mut st, a);
    retreat(&g, &mut st);
    // No Rasputitsa window for the Soviet: the Axis advances at once.
    assert_eq!(g.active(&st), Some(AXIS));
    assert!(!g.legal_actions(&st, AXIS).contains(&Action::Pass));
}

/// Worked example E13 (§16, battle B): Heinz Guderian makes an automatic DR.
#[test]
fn r16_heinz_guderian_makes_an_automatic_dr() {
    let g = NoRetreat::new();
    let (mut st, a, d) = duel(&g, vec![GUDERIAN], vec![], &[]);
    attack(&g, &mut st, a);
    assert!(g
        .legal_actions(&st, AXIS)
        .contains(&Action::PlayEvent { card: GUDERIAN }));
    let ev = act(&g, &mut st, AXIS, Action::PlayEvent { card: GUDERIAN });
    let battle = ev.iter().find(|e| e.kind == EventKind::Battle).unwrap();
    assert!(
        battle.public.ends_with("DR") && battle.roll.is_none(),
        "{}",
        battle.public
    );
    retreat(&g, &mut st);
    assert_ne!(
        st.units[d].loc,
        Loc::Map(place(&g, "-1,5")),
        "the defender retreated"
    );
    assert_eq!(st.deck.top_discard(), Some(GUDERIAN));
}

/// Worked example E13 (§16, step 10): Heroes of the Soviet Union re-rolls; the second roll stands.
#[test]
fn r16_heroes_of_the_soviet_union_re_roll() {
    let g = NoRetreat::new();
    // Axis 1:1: die 6 = DR; the Soviet re-rolls: 1 = CA.
    let (mut st, a, _) = duel(&g, vec![], vec![HEROES], &[6, 1]);
    attack(&g, &mut st, a);
    assert_eq!(g.active(&st), Some(SOVIET));
    let ev = act(&g, &mut st, SOVIET, Action::PlayEvent { card: HEROES });
    let reroll = ev.iter().rfind(|e| e.kind == EventKind::Battle).unwrap();
    assert_eq!(reroll.roll.as_ref().unwrap().values, vec![1]);
    // CA: the Soviet may counterattack now.
    assert!(g
        .legal_actions(&st, SOVIET)
        .contains(&Action::Counterattack {
            units: vec![],
            support: false
        }));
}

#[test]
fn r5_3_1_das_vaterland_in_the_card_phase() {
    let g = NoRetreat::new();
    let mut st = g.setup("campaign", &Options::default(), 9).unwrap();
    // Keep Das Vaterland (18) in the opening hand.
    st.hands[0] = vec![18, 21, 22, 23, 24, 25];
    st.deck
        .draw
        .retain(|c| ![18, 21, 22, 23, 24, 25].contains(c));
    st.deck.discard.clear();
    for card in [23, 24] {
        act(&g, &mut st, AXIS, Action::Discard { card });
    }
    // Through to the Axis Card phase of turn 2 with Das Vaterland still in hand.
    for seat in [AXIS, AXIS, SOVIET, AXIS] {
        act(&g, &mut st, seat, Action::End);
    }
    while st.turn == 1 {
        let seat = g.active(&st).unwrap();
        let acts = g.legal_actions(&st, seat);
        let a = acts
            .iter()
            .find(|a| matches!(a, Action::End))
            .cloned()
            .unwrap_or_else(|| acts[0].clone());
        act(&g, &mut st, seat, a);
    }
    for card in [21, 22] {
        act(&g, &mut st, AXIS, Action::Discard { card });
    }
    // Kept 18 and 25, drew 4; Das Vaterland may be played: two more cards.
    assert_eq!(st.hand(Side::German).len(), 6);
    assert!(g
        .legal_actions(&st, AXIS)
        .contains(&Action::PlayEvent { card: 18 }));
    act(&g, &mut st, AXIS, Action::PlayEvent { card: 18 });
    assert_eq!(st.hand(Side::German).len(), 7);
    assert!(!g
        .legal_actions(&st, AXIS)
        .contains(&Action::PlayEvent { card: 18 }));
}

#[test]
fn stavka_takes_the_top_discard_at_any_time() {
    let g = NoRetreat::new();
    const STAVKA: u8 = 1;
    let mut st = g.setup("campaign", &Options::default(), 4).unwrap();
    st.pending.clear();
    st.phase = Phase::Player {
        side: Side::Soviet,
        step: Step::Movement,
    };
    st.hands[1] = vec![STAVKA];
    st.deck.discard = vec![30, 31];
    assert!(g
        .legal_actions(&st, SOVIET)
        .contains(&Action::PlayEvent { card: STAVKA }));
    act(&g, &mut st, SOVIET, Action::PlayEvent { card: STAVKA });
    assert_eq!(st.hand(Side::Soviet), &vec![31]);
    assert_eq!(st.deck.discard, vec![30, STAVKA]);
    // Not with an empty discard pile, and not in the other side's phase.
    st.hands[1] = vec![STAVKA];
    st.executed.clear();
    st.deck.discard.clear();
    assert!(!g
        .legal_actions(&st, SOVIET)
        .contains(&Action::PlayEvent { card: STAVKA }));
}

#[test]
fn gott_mit_uns_plays_the_top_discards_axis_event() {
    let g = NoRetreat::new();
    const GOTT_MIT_UNS: u8 = 2;
    const LUFTWAFFE_SUPPORT: u8 = 5;
    // 4 vs 4 = 1:1; with Luftwaffe Support through Gott Mit Uns: 3:2; die 3 on the Axis CRT: CB.
    let (mut st, a, _) = duel(&g, vec![GOTT_MIT_UNS], vec![], &[3]);
    st.deck.discard.push(LUFTWAFFE_SUPPORT);
    attack(&g, &mut st, a);
    assert!(g
        .legal_actions(&st, AXIS)
        .contains(&Action::PlayEvent { card: GOTT_MIT_UNS }));
    let ev = act(&g, &mut st, AXIS, Action::PlayEvent { card: GOTT_MIT_UNS });
    let battle = ev.iter().find(|e| e.kind == EventKind::Battle).unwrap();
    assert!(
        battle.public.contains("3:2 (Luftwaffe Support 1R"),
        "{}",
        battle.public
    );
    assert!(
        st.executed.contains(&(LUFTWAFFE_SUPPORT, Side::German)),
        "5.0: that event is used this turn"
    );
}

#[test]
fn experienced_commanders_roll_two_dice_and_use_either() {
    let g = NoRetreat::new();
    const EXPERIENCED: u8 = 4;
    // Axis 1:1: dice 6 (DR) and 2 (CA); the Axis picks.
    let (mut st, a, d) = duel(&g, vec![EXPERIENCED], vec![], &[6, 2]);
    attack(&g, &mut st, a);
    let ev = act(&g, &mut st, AXIS, Action::PlayEvent { card: EXPERIENCED });
    let battle = ev.iter().find(|e| e.kind == EventKind::Battle).unwrap();
    assert_eq!(battle.roll.as_ref().unwrap().values, vec![6, 2]);
    let choices = g.legal_actions(&st, AXIS);
    assert_eq!(
        choices,
        vec![Action::ChooseDie { die: 6 }, Action::ChooseDie { die: 2 }]
    );
    act(&g, &mut st, AXIS, Action::ChooseDie { die: 2 });
    // CA: the Soviet may counterattack; the West Front stays.
    assert_eq!(g.active(&st), Some(SOVIET));
    assert_eq!(st.units[d].loc, Loc::Map(place(&g, "-1,5")));
}

#[test]
fn human_reserves_move_two_units_from_the_boxes_to_the_rail_box() {
    let g = NoRetreat::new();
    const HUMAN_RESERVES: u8 = 2;
    let mut st = g.setup("campaign", &Options::default(), 4).unwrap();
    st.pending.clear();
    st.phase = Phase::Player {
        side: Side::Soviet,
        step: Step::Movement,
    };
    st.hands[1] = vec![HUMAN_RESERVES];
    let (a, b) = (idx(&g, "so_kalinin"), idx(&g, "so_west"));
    st.units[a].loc = Loc::Surrendered;
    st.units[b].loc = Loc::Shattered;
    let pick = Action::PlayEventFor {
        card: HUMAN_RESERVES,
        units: vec![a.min(b), a.max(b)],
    };
    let a_only = Action::PlayEventFor {
        card: HUMAN_RESERVES,
        units: vec![a],
    };
    let acts = g.legal_actions(&st, SOVIET);
    assert!(acts.contains(&pick) && acts.contains(&a_only));
    act(&g, &mut st, SOVIET, pick);
    assert_eq!((st.units[a].loc, st.units[b].loc), (Loc::Rail, Loc::Rail));
    assert!(st.hand(Side::Soviet).is_empty());
}

/// Oracle 5 (5.0): an event executed this turn cannot run again this turn, even from the discard pile.
#[test]
fn oracle_5_r5_0_an_event_runs_once_per_turn_even_from_the_discard_pile() {
    let g = NoRetreat::new();
    const GOTT_MIT_UNS: u8 = 2;
    const LUFTWAFFE_SUPPORT: u8 = 5;
    let (mut st, a, _) = duel(&g, vec![LUFTWAFFE_SUPPORT, GOTT_MIT_UNS], vec![], &[3]);
    attack(&g, &mut st, a);
    act(
        &g,
        &mut st,
        AXIS,
        Action::PlayEvent {
            card: LUFTWAFFE_SUPPORT,
        },
    );
    assert_eq!(st.deck.top_discard(), Some(LUFTWAFFE_SUPPORT));
    // Later this turn Gott Mit Uns could play the top discard's event, but it ran already.
    let mut later = st.clone();
    later.scratch.combat = None;
    let b = eastfront_no_retreat::state::BattleRun {
        attacker: Side::German,
        kind: eastfront_no_retreat::combat::BattleKind::Voluntary,
        attackers: vec![a],
        targets: vec![place(&g, "-1,5")],
        defenders: vec![],
        uncommitted: vec![],
        original: vec![],
        stages: vec![BattleStage::Commit(Side::German)],
        support: false,
        card_shifts: vec![],
        imposed: None,
        column: None,
        crt: None,
        result: None,
        rolled: false,
        played: vec![],
        advance_cards: vec![],
        two_dice: None,
        doubled: vec![],
        no_mercy: false,
        dice: vec![],
    };
    later.scratch.combat = Some(CombatState {
        step: CombatStep::Battles,
        targets: vec![],
        counterblows: vec![],
        attacked_hexes: vec![],
        fought: vec![],
        battle: Some(b),
    });
    assert!(!g
        .legal_actions(&later, AXIS)
        .contains(&Action::PlayEvent { card: GOTT_MIT_UNS }));
    // On a new turn it may run again.
    later.executed.clear();
    assert!(g
        .legal_actions(&later, AXIS)
        .contains(&Action::PlayEvent { card: GOTT_MIT_UNS }));
}
