//! The log for the table: every event's places (the kernel's `EventKind::places`) and the
//! battle edges (`battle_edge`: Some(true) when a battle opens, Some(false) when it closes).

use eastfront_kernel::{EventKind as _, Game, LogEvent, Seat, Side};
use eastfront_no_retreat::combat::TurnWeather;
use eastfront_no_retreat::state::*;
use eastfront_no_retreat::{Action, EventKind, NoRetreat, Options};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const AXIS: Seat = Seat(0);
const SOVIET: Seat = Seat(1);

fn idx(g: &NoRetreat, id: &str) -> usize {
    g.board
        .data
        .units
        .units
        .iter()
        .position(|u| u.id == id)
        .unwrap()
}

#[test]
fn r10_5_a_battle_opens_and_closes_on_its_target_hexes_and_moves_name_their_hexes() {
    let g = NoRetreat::new();
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
    st.hands = [vec![], vec![]];
    let a = idx(&g, "ge_9a");
    let d = idx(&g, "so_west");
    let from = g.board.place("-2,5").unwrap();
    let target = g.board.place("-1,5").unwrap();
    st.units[a].loc = Loc::Map(from);
    st.units[d].loc = Loc::Map(target);
    st.units[d].reduced = true;
    st.dice.script(&[6]).unwrap();
    // 8.0: a move names where it left and where it ends.
    let other = idx(&g, "ge_4a");
    let start = g.board.place("-3,4").unwrap();
    st.units[other].loc = Loc::Map(start);
    let mv = g
        .legal_actions(&st, AXIS)
        .into_iter()
        .find(|x| matches!(x, Action::Move { unit, .. } if *unit == other))
        .unwrap();
    let Action::Move { to, .. } = mv else {
        unreachable!()
    };
    let ev = g.apply(&mut st, AXIS, &mv).unwrap();
    let moved = ev
        .iter()
        .find(|e| *e.kind.base() == EventKind::Moved)
        .unwrap();
    assert_eq!(moved.places(), vec![start, to]);
    g.apply(&mut st, AXIS, &Action::End).unwrap();
    let ev = g
        .apply(&mut st, AXIS, &Action::Target { hex: target })
        .unwrap();
    assert_eq!(ev[0].places(), vec![target]);
    g.apply(&mut st, AXIS, &Action::End).unwrap();
    g.apply(&mut st, SOVIET, &Action::End).unwrap();
    let mut log = g
        .apply(
            &mut st,
            AXIS,
            &Action::Attack {
                targets: vec![target],
                units: vec![a],
                support: false,
            },
        )
        .unwrap();
    // 1:1, die 6: DR; the Soviet retreats (or is eliminated) and the Axis may advance.
    while st.outcome.is_none()
        && st
            .scratch
            .combat
            .as_ref()
            .is_some_and(|c| c.battle.is_some())
    {
        let seat = g.active(&st).unwrap();
        let first = g.legal_actions(&st, seat)[0].clone();
        log.extend(g.apply(&mut st, seat, &first).unwrap());
    }
    let edges: Vec<(usize, bool)> = log
        .iter()
        .enumerate()
        .filter_map(|(i, e)| e.battle_edge().map(|b| (i, b)))
        .collect();
    assert_eq!(edges.len(), 2, "{log:#?}");
    assert!(edges[0].1 && !edges[1].1);
    assert_eq!(log[edges[0].0].places(), vec![target]);
    assert_eq!(log[edges[1].0].places(), vec![target]);
    assert_eq!(
        log[edges[0].0].kind,
        EventKind::BattleStart { at: vec![target] }
    );
    // The roll is inside the battle.
    let roll = log
        .iter()
        .position(|e| e.kind == EventKind::Battle)
        .unwrap();
    assert!(edges[0].0 < roll && roll < edges[1].0);
    // The retreat or the elimination names the defender's hex.
    assert!(log[edges[0].0..edges[1].0].iter().any(|e| matches!(
        e.kind.base(),
        EventKind::Retreated | EventKind::Eliminated
    ) && e.places().contains(&target)));
}

#[test]
fn r10_5_battle_edges_pair_up_in_random_games() {
    let g = NoRetreat::new();
    for seed in 0..3u64 {
        let mut st = g.setup("barbarossa", &Options::default(), seed).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut open = false;
        let mut battles = 0;
        for _ in 0..3000 {
            let Some(seat) = g.active(&st) else { break };
            let legal = g.legal_actions(&st, seat);
            let a = legal[rng.random_range(0..legal.len())].clone();
            for e in g.apply(&mut st, seat, &a).unwrap() {
                match e.kind.battle_edge() {
                    Some(true) => {
                        assert!(!open, "a battle opens inside another");
                        assert!(!e.places().is_empty());
                        open = true;
                        battles += 1;
                    }
                    Some(false) => {
                        assert!(open, "a battle closes that never opened");
                        open = false;
                    }
                    None => {}
                }
                if matches!(e.kind.base(), EventKind::Moved | EventKind::Control) {
                    assert!(!e.places().is_empty(), "{e:?}");
                }
            }
        }
        assert!(battles > 0);
    }
}
