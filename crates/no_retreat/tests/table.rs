//! The table's traits (kernel `ViewFace`, `TableRules`) and what a view carries for the table:
//! every counter with its printed face and place, the viewer's cards only, the battle's odds,
//! and the rules reference the help panel shows.

use eastfront_kernel::{find_rule_refs, Game, Need, Side, TableRules, ViewFace, Viewer};
use eastfront_no_retreat::reference::reference;
use eastfront_no_retreat::state::{Loc, State};
use eastfront_no_retreat::table::{panel_action, unit_piece};
use eastfront_no_retreat::{Action, NoRetreat, Options};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[test]
fn the_rules_reference_loads_and_every_chapter_has_an_entry() {
    let r = reference();
    assert_eq!(r.game, "no_retreat");
    for ch in 1..=16 {
        assert!(r.get_exact(&ch.to_string()).is_some(), "chapter {ch}");
    }
    for id in [
        "5.3.1", "6.5.4", "10.7.1", "10.7.5", "12.2", "14.14.2", "15.7",
    ] {
        assert!(r.get_exact(id).is_some(), "{id}");
    }
}

#[test]
fn r3_the_1941_setup_view_lists_every_counter_at_its_hex() {
    let g = NoRetreat::new();
    let st = g.setup("campaign", &Options::default(), 7).unwrap();
    let v = g.view(&st, Viewer::Side(Side::German));
    let setup = g
        .board
        .data
        .setups
        .setups
        .iter()
        .find(|s| s.id == "campaign")
        .unwrap();
    assert!(!setup.placements.is_empty());
    for p in &setup.placements {
        let at = g.board.resolve(&p.at).expect("a placement resolves");
        let c = v
            .counters
            .iter()
            .find(|c| c.id == p.unit)
            .unwrap_or_else(|| panic!("{} is not in the view", p.unit));
        assert_eq!(c.loc, Loc::Map(at), "{}", p.unit);
        assert_eq!(c.reduced, p.reduced, "{}", p.unit);
        let data = g
            .board
            .data
            .units
            .units
            .iter()
            .find(|u| u.id == p.unit)
            .unwrap();
        let face = data.face(p.reduced);
        assert_eq!(c.side, data.side);
        assert_eq!(c.nation, data.nation);
        assert_eq!(c.strength, face.strength);
        assert_eq!(c.movement, face.movement);
        assert_eq!(c.name, face.name);
    }
    let on_map = v
        .counters
        .iter()
        .filter(|c| matches!(c.loc, Loc::Map(_)))
        .count();
    assert_eq!(on_map, setup.placements.len());
    assert_eq!(v.turn_label(), "Turn 1 · Jun 1941");
    assert!(
        v.phase_label().starts_with("Axis · "),
        "{}",
        v.phase_label()
    );
    assert_eq!(v.side_to_act(), Some(Side::German));
    assert!(!v.prompt().is_empty());
    assert!(v.sudden_death.iter().any(|s| s.turn == 6));
}

fn with_soviet_hand(st: &State, hand: Vec<u8>) -> State {
    let mut other = st.clone();
    other.hands[1] = hand;
    other
}

#[test]
fn r5_the_view_hides_the_other_hand_and_the_draw_pile() {
    let g = NoRetreat::new();
    let st = g.setup("campaign", &Options::default(), 11).unwrap();
    let v = g.view(&st, Viewer::Side(Side::German));
    assert!(v.other_hand.is_none());
    assert_eq!(v.hand.as_ref(), Some(&st.hands[0]));
    assert_eq!(
        v.hand_cards.iter().map(|c| c.number).collect::<Vec<_>>(),
        st.hands[0]
    );
    assert!(v.hand_cards.iter().all(|c| !c.title().is_empty()));
    // Two states that differ only in the Soviet hand and the draw pile's order look the same
    // to the Axis, apart from the hand's size.
    let mut a = with_soviet_hand(&st, vec![1, 2, 3]);
    let mut b = with_soviet_hand(&st, vec![40, 41, 42]);
    a.deck.draw.reverse();
    let ja = serde_json::to_string(&g.view(&a, Viewer::Side(Side::German))).unwrap();
    let jb = serde_json::to_string(&g.view(&b, Viewer::Side(Side::German))).unwrap();
    assert_eq!(ja, jb);
    b.hands[1].pop();
    let jc = serde_json::to_string(&g.view(&b, Viewer::Side(Side::German))).unwrap();
    assert_ne!(ja, jc, "the hand's size is shown");
    // The review after the game shows both.
    let all = g.view(&st, Viewer::Omniscient);
    assert_eq!(all.other_hand.as_ref(), Some(&st.hands[1]));
}

/// Plays random legal games and checks, at every decision, that each legal action has words,
/// and a gesture or a panel place, and that every rule the prompt cites is in the reference.
#[test]
fn every_legal_action_in_random_games_has_words_and_a_gesture_or_a_panel() {
    let g = NoRetreat::new();
    let r = reference();
    let mut battles_seen = 0;
    for seed in 0..3u64 {
        let mut st = g.setup("barbarossa", &Options::default(), seed).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..1500 {
            let Some(seat) = g.active(&st) else { break };
            let side = g.side_of(&st, seat);
            let v = g.view(&st, Viewer::Side(side));
            assert_eq!(v.side_to_act(), Some(side));
            for rf in find_rule_refs(v.prompt()) {
                assert!(r.resolve(&rf.id).is_some(), "{} in {}", rf.id, v.prompt());
            }
            if let Some(b) = &v.battle {
                battles_seen += 1;
                assert!(!b.targets.is_empty());
                if b.result.is_none() {
                    assert!(
                        b.attack > 0,
                        "a battle before its die has an attack strength"
                    );
                    assert!(!b.shifts.iter().any(|s| !s.contains('(')), "{:?}", b.shifts);
                }
            }
            let acts = g.legal_actions(&st, seat);
            for a in &acts {
                let w = g.action_words(&v, a);
                assert!(!w.is_empty() && !w.contains("unit 9999"), "{a:?}");
                let gest = g.gesture(&v, a);
                assert!(
                    gest.is_some() || panel_action(a),
                    "{a:?} has neither a gesture nor a panel"
                );
                if let Some(gest) = gest {
                    assert!(!gest.clicks.is_empty(), "{a:?}");
                    if let Action::Move { unit, .. } = a {
                        assert_eq!(gest.need, Need::Piece(unit_piece(*unit)));
                    }
                }
            }
            let a = acts[rng.random_range(0..acts.len())].clone();
            g.apply(&mut st, seat, &a).unwrap();
        }
    }
    assert!(battles_seen > 0, "the sample fought no battle");
}

#[test]
fn ending_movement_with_units_left_asks_first() {
    let g = NoRetreat::new();
    let mut st = g.setup("campaign", &Options::default(), 3).unwrap();
    // The opening discard (LP U2) first.
    while !st.pending.is_empty() {
        let seat = g.active(&st).unwrap();
        let a = g.legal_actions(&st, seat)[0].clone();
        g.apply(&mut st, seat, &a).unwrap();
    }
    let seat = g.active(&st).unwrap();
    let v = g.view(&st, Viewer::Side(Side::German));
    let legal = g.legal_actions(&st, seat);
    assert!(legal.iter().any(|a| matches!(a, Action::Move { .. })));
    let w = g.work_left(&v, &legal, &Action::End).unwrap();
    assert!(w.contains("could still move"), "{w}");
    assert_eq!(g.work_left(&v, &[Action::End], &Action::End), None);
    assert_eq!(
        g.seat_name(&Options::default(), eastfront_kernel::Seat(0)),
        "Axis"
    );
    let moscow = g.board.place("Moscow").unwrap();
    assert!(g.space_name(moscow).starts_with("Moscow ("));
}
