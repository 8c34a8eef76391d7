//! Major Offensive (card 17, Soviet half; cards.ron): played in the Soviet Reorganization
//! phase (LP U69); fewer than 4 Target markers placed and attacked cost the Soviets 2 VP (LP
//! U69, U71). Its benefit is lost: reconstructed as 2 Target markers beyond the limit of 10.0
//! (SOURCES.md, "Cards").

use eastfront_kernel::{Game, Seat, Side};
use eastfront_no_retreat::state::*;
use eastfront_no_retreat::vp::score;
use eastfront_no_retreat::{Action, Event, NoRetreat, Options};

const SOVIET: Seat = Seat(1);
const MAJOR_OFFENSIVE: u8 = 17;

fn idx(g: &NoRetreat, id: &str) -> usize {
    g.board
        .data
        .units
        .units
        .iter()
        .position(|u| u.id == id)
        .unwrap()
}

/// Turn 10, the Soviet Reorganization phase: seven German units on column 4 of rows -1..5,
/// seven Soviet Fronts beside them on column 5; the Soviet holds `hand`.
fn front(g: &NoRetreat, hand: Vec<u8>) -> State {
    let mut st = g.setup("campaign", &Options::default(), 17).unwrap();
    for u in st.units.iter_mut() {
        u.loc = Loc::OutOfGame;
    }
    st.pending.clear();
    st.turn = 10;
    st.phase = Phase::Player {
        side: Side::Soviet,
        step: Step::Reorganization,
    };
    st.scratch = Scratch {
        reorg: Some(ReorgStep::Flip),
        ..Scratch::default()
    };
    st.hands = [vec![], hand];
    let axis = [
        "ge_4a", "ge_6a", "ge_9a", "ge_11a", "ge_17a", "ge_2a", "ge_4pz",
    ];
    let soviet = [
        "so_west",
        "so_southwest",
        "so_central",
        "so_south",
        "so_kalinin",
        "so_volkhov",
        "so_voronezh",
    ];
    for (k, r) in (-1..=5).enumerate() {
        let a = idx(g, axis[k]);
        let s = idx(g, soviet[k]);
        st.units[a].loc = Loc::Map(g.board.place(&format!("{r},4")).unwrap());
        st.units[s].loc = Loc::Map(g.board.place(&format!("{r},5")).unwrap());
    }
    for city in ["Kharkov", "Kiev"] {
        st.control[g.board.place(city).unwrap().index()] = Some(Side::German);
    }
    st
}

fn act(g: &NoRetreat, st: &mut State, a: Action) -> Vec<Event> {
    let seat = g.active(st).unwrap();
    g.apply(st, seat, &a)
        .unwrap_or_else(|e| panic!("{a:?}: {e}"))
}

/// Ends the Reorganization and Movement phases: the Combat phase's Target step.
fn to_targets(g: &NoRetreat, st: &mut State) {
    while !matches!(
        st.phase,
        Phase::Player {
            step: Step::Combat,
            ..
        }
    ) {
        act(g, st, Action::End);
    }
}

fn target_choices(g: &NoRetreat, st: &State) -> Vec<Action> {
    g.legal_actions(st, SOVIET)
        .into_iter()
        .filter(|a| matches!(a, Action::Target { .. }))
        .collect()
}

/// Places Target markers while the rules offer them; returns how many.
fn place_all_targets(g: &NoRetreat, st: &mut State) -> usize {
    let mut n = 0;
    while let Some(a) = target_choices(g, st).into_iter().next() {
        act(g, st, a);
        n += 1;
    }
    n
}

fn penalty_logged(events: &[Event]) -> bool {
    events
        .iter()
        .any(|e| e.public.contains("Major Offensive") && e.public.contains("lose 2 VP"))
}

#[test]
fn major_offensive_is_played_in_the_soviet_reorganization_phase_only() {
    let g = NoRetreat::new();
    let mut st = front(&g, vec![MAJOR_OFFENSIVE]);
    let play = Action::PlayEvent {
        card: MAJOR_OFFENSIVE,
    };
    assert!(g.legal_actions(&st, SOVIET).contains(&play));
    // Not in the Movement phase (its window is the Reorganization phase, LP U69).
    let mut later = st.clone();
    while !matches!(
        later.phase,
        Phase::Player {
            step: Step::Movement,
            ..
        }
    ) {
        act(&g, &mut later, Action::End);
    }
    assert!(!g.legal_actions(&later, SOVIET).contains(&play));
    act(&g, &mut st, play);
    assert!(st.scratch.major_offensive);
    assert!(st.deck.discard.contains(&MAJOR_OFFENSIVE));
}

#[test]
fn r10_0_five_target_markers_and_two_more_with_major_offensive() {
    let g = NoRetreat::new();
    // Without the card: the limit of 10.0, 5 markers, though 7 hexes could be targets.
    let mut st = front(&g, vec![MAJOR_OFFENSIVE]);
    to_targets(&g, &mut st);
    assert_eq!(place_all_targets(&g, &mut st), 5);
    // With it (Reconstructed benefit): 7.
    let mut st = front(&g, vec![MAJOR_OFFENSIVE]);
    act(
        &g,
        &mut st,
        Action::PlayEvent {
            card: MAJOR_OFFENSIVE,
        },
    );
    to_targets(&g, &mut st);
    assert_eq!(place_all_targets(&g, &mut st), 7);
}

#[test]
fn major_offensive_without_four_attacks_costs_the_soviets_2_vp() {
    let g = NoRetreat::new();
    let mut st = front(&g, vec![MAJOR_OFFENSIVE]);
    act(
        &g,
        &mut st,
        Action::PlayEvent {
            card: MAJOR_OFFENSIVE,
        },
    );
    to_targets(&g, &mut st);
    let before = score(&g.board, &st.control, &st.vp, Side::Soviet);
    // Three Target markers only, then on through the battles to the end of the phase.
    let mut events = Vec::new();
    for _ in 0..3 {
        let a = target_choices(&g, &st).remove(0);
        events.extend(act(&g, &mut st, a));
    }
    events.extend(fight_out(&g, &mut st));
    assert!(penalty_logged(&events));
    let after = score(&g.board, &st.control, &st.vp, Side::Soviet);
    // 12.7.4: the round marker; no unit surrendered here (both sides supplied).
    assert_eq!(after, before - 2);
    assert!(!st.scratch.major_offensive);
}

#[test]
fn major_offensive_with_four_targets_attacked_costs_nothing() {
    let g = NoRetreat::new();
    let mut st = front(&g, vec![MAJOR_OFFENSIVE]);
    act(
        &g,
        &mut st,
        Action::PlayEvent {
            card: MAJOR_OFFENSIVE,
        },
    );
    to_targets(&g, &mut st);
    let mut events = Vec::new();
    for _ in 0..4 {
        let a = target_choices(&g, &st).remove(0);
        events.extend(act(&g, &mut st, a));
    }
    events.extend(fight_out(&g, &mut st));
    assert!(!penalty_logged(&events));
}

#[test]
fn the_penalty_is_only_for_the_turn_the_card_was_played() {
    let g = NoRetreat::new();
    let mut st = front(&g, vec![MAJOR_OFFENSIVE]);
    to_targets(&g, &mut st);
    let events = fight_out(&g, &mut st);
    assert!(!penalty_logged(&events));
}

/// Ends the declarations and fights every battle with the first choice offered (attacks
/// first), until the Soviet Combat phase is over.
fn fight_out(g: &NoRetreat, st: &mut State) -> Vec<Event> {
    let mut events = Vec::new();
    for _ in 0..2000 {
        if !matches!(
            st.phase,
            Phase::Player {
                side: Side::Soviet,
                step: Step::Combat
            }
        ) {
            return events;
        }
        let seat = g.active(st).unwrap();
        let acts = g.legal_actions(st, seat);
        let a = acts
            .iter()
            .find(|a| matches!(a, Action::Attack { .. }))
            .or_else(|| {
                acts.iter()
                    .find(|a| !matches!(a, Action::Target { .. } | Action::PlayEvent { .. }))
            })
            .unwrap_or(&acts[0])
            .clone();
        events.extend(g.apply(st, seat, &a).unwrap());
    }
    panic!("the Combat phase did not end");
}
