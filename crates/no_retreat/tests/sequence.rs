//! The sequence of play through `eastfront_kernel::Game` (4.0, spec §5): phases in order,
//! the Card phase (5.1, 5.2), movement and control (8.0, 12.7.1), battles with scripted dice
//! (10.5–10.8), counterattacks (10.7.2), surrender (11.1), killing Hitler (12.5) and views.

use eastfront_kernel::{Game, Side, SpaceId, Viewer};
use eastfront_no_retreat::data::CombatResult;
use eastfront_no_retreat::state::*;
use eastfront_no_retreat::{Action, EventKind, NoRetreat, Options};

mod common;
use common::*;

fn game() -> NoRetreat {
    NoRetreat::new()
}

#[test]
fn r4_0_the_phases_follow_in_order() {
    let g = game();
    let mut st = g.setup("campaign", &Options::default(), 3).unwrap();
    // The opening hand: the Axis discards two (LP U2), then starts at Movement.
    assert_eq!(g.active(&st), Some(AXIS));
    for _ in 0..2 {
        let card = st.hand(Side::German)[0];
        act(&g, &mut st, AXIS, Action::Discard { card });
    }
    assert_eq!(st.hand(Side::German).len(), 4);
    assert_eq!(
        st.phase,
        Phase::Player {
            side: Side::German,
            step: Step::Movement
        }
    );
    act(&g, &mut st, AXIS, Action::End);
    assert_eq!(
        st.phase,
        Phase::Player {
            side: Side::German,
            step: Step::Combat
        }
    );
    act(&g, &mut st, AXIS, Action::End);
    // 10.1.2: the Soviet declares counterblows.
    assert_eq!(g.active(&st), Some(SOVIET));
    act(&g, &mut st, SOVIET, Action::End);
    // No battle: Removal runs by itself; then the Axis Rail Unloading phase.
    assert_eq!(
        st.phase,
        Phase::Player {
            side: Side::German,
            step: Step::RailUnloading
        }
    );
    act(&g, &mut st, AXIS, Action::End);
    // The Soviet player turn: Card (draws 4, 5.2), Supply, then Reorganization.
    assert_eq!(
        st.phase,
        Phase::Player {
            side: Side::Soviet,
            step: Step::Reorganization
        }
    );
    assert_eq!(st.hand(Side::Soviet).len(), 4);
    for _ in 0..3 {
        act(&g, &mut st, SOVIET, Action::End);
    }
    assert_eq!(
        st.phase,
        Phase::Player {
            side: Side::Soviet,
            step: Step::Movement
        }
    );
    act(&g, &mut st, SOVIET, Action::End);
    act(&g, &mut st, SOVIET, Action::End);
    act(&g, &mut st, AXIS, Action::End);
    assert_eq!(
        st.phase,
        Phase::Player {
            side: Side::Soviet,
            step: Step::RailUnloading
        }
    );
    act(&g, &mut st, SOVIET, Action::End);
    // Turn 2: Turn Management ran; the Axis Card phase asks for discards down to two (5.1).
    assert_eq!(st.turn, 2);
    assert_eq!(
        st.pending,
        vec![Pending::Discard {
            side: Side::German,
            count: 2
        }]
    );
    for _ in 0..2 {
        let card = st.hand(Side::German)[0];
        act(&g, &mut st, AXIS, Action::Discard { card });
    }
    assert_eq!(st.hand(Side::German).len(), 6, "kept 2, drew 4");
    assert_eq!(
        st.phase,
        Phase::Player {
            side: Side::German,
            step: Step::Reorganization
        }
    );
}

#[test]
fn r12_7_1_moving_through_a_city_takes_it() {
    let g = game();
    let mut st = blank_seeded(&g, 3, Side::German, Step::Movement, 11);
    let pz = put(&g, &mut st, "ge_3pz", "-4,1", false);
    // Minsk (-4,3) is two hexes east; the panzer passes through it to (-4,4).
    let events = act(
        &g,
        &mut st,
        AXIS,
        Action::Move {
            unit: pz,
            to: place(&g, "-4,4"),
        },
    );
    assert_eq!(st.control[place(&g, "Minsk").index()], Some(Side::German));
    // The log tells the move first, then the city it took on the way.
    let kinds: Vec<String> = events.iter().map(|e| format!("{:?}", e.kind)).collect();
    let moved = kinds.iter().position(|k| k.contains("kind: Moved"));
    let taken = kinds.iter().position(|k| k.contains("kind: Control"));
    assert!(
        moved.is_some() && taken.is_some() && moved < taken,
        "{kinds:?}"
    );
    // A unit moves once per phase (8.0 [INF]).
    let moves = g.legal_actions(&st, AXIS);
    assert!(!moves
        .iter()
        .any(|a| matches!(a, Action::Move { unit, .. } if *unit == pz)));
}

/// Oracle 47 (10.7.6): a unit with a DS result that can retreat ends in the Shattered box.
#[test]
fn r10_5_a_battle_with_a_scripted_die() {
    let g = game();
    let mut st = blank_seeded(&g, 3, Side::German, Step::Movement, 11);
    st.weather = eastfront_no_retreat::combat::TurnWeather::Clear;
    let pz = put(&g, &mut st, "ge_3pz", "-2,5", false);
    let inf = put(&g, &mut st, "ge_9a", "-1,4", false);
    let west = put(&g, &mut st, "so_west", "-1,5", true);
    let target = place(&g, "-1,5");
    st.dice.script(&[5]).unwrap();
    act(&g, &mut st, AXIS, Action::End); // the Movement phase ends
    assert!(g
        .legal_actions(&st, AXIS)
        .contains(&Action::Target { hex: target }));
    act(&g, &mut st, AXIS, Action::Target { hex: target });
    act(&g, &mut st, AXIS, Action::End);
    act(&g, &mut st, SOVIET, Action::End);
    // 6 + 4 = 10 vs 4: 2:1; the armor bonus (clear hex, infantry defender): 3:1; die 5: DS.
    let events = act(
        &g,
        &mut st,
        AXIS,
        Action::Attack {
            targets: vec![target],
            units: vec![pz, inf],
            support: false,
        },
    );
    let battle = events.iter().find(|e| e.kind == EventKind::Battle).unwrap();
    assert!(
        battle.public.contains("3:1") && battle.public.ends_with("DS"),
        "{}",
        battle.public
    );
    assert_eq!(battle.roll.as_ref().unwrap().values, vec![5]);
    assert_eq!(
        st.units[west].loc,
        Loc::Shattered,
        "10.7.6: retreated, then shattered"
    );
    // 10.8: the attackers may advance into the emptied hex.
    let adv = g.legal_actions(&st, AXIS);
    assert!(adv.contains(&Action::Advance {
        unit: pz,
        to: target
    }));
    act(
        &g,
        &mut st,
        AXIS,
        Action::Advance {
            unit: pz,
            to: target,
        },
    );
    assert_eq!(st.units[pz].loc, Loc::Map(target));
    act(&g, &mut st, AXIS, Action::End);
    // The phase ends (no marked hex left): Removal ran, now Rail Unloading.
    assert_eq!(
        st.phase,
        Phase::Player {
            side: Side::German,
            step: Step::RailUnloading
        }
    );
    let _ = CombatResult::DS;
}

#[test]
fn r10_7_2_a_counterattack_after_ca() {
    let g = game();
    let mut st = blank_seeded(&g, 3, Side::German, Step::Movement, 11);
    st.weather = eastfront_no_retreat::combat::TurnWeather::Mud;
    let a = put(&g, &mut st, "ge_9a", "-1,4", false);
    let d = put(&g, &mut st, "so_west", "-1,5", true);
    let target = place(&g, "-1,5");
    // Axis 4 vs 4 = 1:1 (no shifts in mud), die 1: CA; the Soviet counterattacks 4 vs 4
    // on the Soviet CRT, die 5: EX.
    st.dice.script(&[1, 5]).unwrap();
    act(&g, &mut st, AXIS, Action::End);
    act(&g, &mut st, AXIS, Action::Target { hex: target });
    act(&g, &mut st, AXIS, Action::End);
    act(&g, &mut st, SOVIET, Action::End);
    act(
        &g,
        &mut st,
        AXIS,
        Action::Attack {
            targets: vec![target],
            units: vec![a],
            support: false,
        },
    );
    assert_eq!(g.active(&st), Some(SOVIET), "the defender decides");
    let acts = g.legal_actions(&st, SOVIET);
    assert!(acts.contains(&Action::Counterattack {
        units: vec![],
        support: false
    }));
    let events = act(
        &g,
        &mut st,
        SOVIET,
        Action::Counterattack {
            units: vec![d],
            support: false,
        },
    );
    let b = events.iter().find(|e| e.kind == EventKind::Battle).unwrap();
    assert!(
        b.public.starts_with("Soviet attacks") && b.public.ends_with("EX"),
        "{}",
        b.public
    );
    // EX: each side loses a step; the one-step Soviet Front is eliminated, the 9th reduced.
    assert_eq!(st.units[d].loc, Loc::Destroyed);
    assert!(st.units[a].reduced);
}

/// Oracle 60 (12.5/13.5): the Soviet elimination of the Berlin Garrison is an immediate Soviet victory (the turn-28 removal: oracles.rs).
#[test]
fn r11_1_encircled_units_surrender_and_12_5_killing_hitler() {
    let g = game();
    let mut st = blank_seeded(&g, 24, Side::Soviet, Step::Movement, 11);
    st.vp.initiative = Side::Soviet;
    let berlin = put(&g, &mut st, "ge_berlin", "Berlin", false);
    st.units[berlin].unsupplied = true;
    // Soviet units all around Berlin cut every line.
    let ring: Vec<SpaceId> = g
        .board
        .borders(place(&g, "Berlin"))
        .iter()
        .map(|b| b.to)
        .collect();
    let fronts = [
        "so_west",
        "so_south",
        "so_kalinin",
        "so_volkhov",
        "so_northwest",
        "so_bryansk",
    ];
    for (f, h) in fronts.iter().zip(&ring) {
        let u = idx(&g, f);
        st.units[u].loc = Loc::Map(*h);
    }
    st.control[place(&g, "Berlin").index()] = Some(Side::German);
    for seat in [SOVIET, SOVIET, AXIS] {
        act(&g, &mut st, seat, Action::End);
    }
    // Removal: still cut off, the Garrison is eliminated: the Soviets win (12.5).
    let o = st.outcome.clone().expect("the game is over");
    assert_eq!(o.winner, Some(Side::Soviet));
    assert!(o.reason.starts_with("12.5"));
    assert_eq!(g.active(&st), None);
}

/// Oracle 54 (12.7.5): a Soviet surrender under Axis initiative adds +1 to the round marker (the replacement: oracles_play.rs).
#[test]
fn r11_1_a_surrender_scores_for_the_other_side() {
    let g = game();
    let mut st = blank_seeded(&g, 3, Side::German, Step::Movement, 11);
    let sov = put(&g, &mut st, "so_south", "-1,5", true);
    st.units[sov].unsupplied = true;
    for h in g
        .board
        .borders(place(&g, "-1,5"))
        .iter()
        .map(|b| b.to)
        .take(2)
        .collect::<Vec<_>>()
    {
        let _ = h;
    }
    // Axis units around it (two per hex) cut its lines.
    let ring: Vec<SpaceId> = g
        .board
        .borders(place(&g, "-1,5"))
        .iter()
        .map(|b| b.to)
        .collect();
    let axis = ["ge_4a", "ge_6a", "ge_9a", "ge_11a", "ge_16a", "ge_17a"];
    for (a, h) in axis.iter().zip(&ring) {
        let u = idx(&g, a);
        st.units[u].loc = Loc::Map(*h);
    }
    let round = st.vp.round;
    for seat in [AXIS, AXIS, SOVIET] {
        act(&g, &mut st, seat, Action::End);
    }
    assert_eq!(st.units[sov].loc, Loc::Surrendered);
    assert_eq!(
        st.vp.round,
        round + 1,
        "12.7.5: +1 for the Axis, which has the initiative"
    );
}

#[test]
fn views_hide_the_other_hand() {
    let g = game();
    let st = g.setup("campaign", &Options::default(), 5).unwrap();
    let v = g.view(&st, Viewer::Side(Side::Soviet));
    assert_eq!(v.hand.as_deref(), Some(st.hand(Side::Soviet).as_slice()));
    assert!(v.other_hand.is_none());
    assert_eq!(v.hand_sizes, [6, 0]);
    let json = serde_json::to_string(&v).unwrap();
    assert!(
        !json.contains("\"draw\""),
        "the draw pile's order is not in a view"
    );
    let all = g.view(&st, Viewer::Omniscient);
    assert_eq!(
        all.other_hand.as_deref(),
        Some(st.hand(Side::Soviet).as_slice())
    );
}

#[test]
fn games_replay_from_the_seed() {
    let g = game();
    let run = || {
        let mut st = g.setup("barbarossa", &Options::default(), 21).unwrap();
        let mut n = 0usize;
        while let Some(seat) = g.active(&st) {
            let acts = g.legal_actions(&st, seat);
            let a = acts[n * 7919 % acts.len()].clone();
            g.apply(&mut st, seat, &a).unwrap();
            n += 1;
        }
        st
    };
    assert_eq!(run(), run());
}

fn reorganizing(g: &NoRetreat, turn: u8, free: u8) -> State {
    let mut st = blank_seeded(g, turn, Side::Soviet, Step::Reorganization, 11);
    st.scratch.reorg = Some(ReorgStep::Flip);
    st.scratch.free_upgrades_left = free;
    st.hands[1] = vec![1, 2, 3];
    st
}

#[test]
fn r7_2_free_and_paid_upgrades() {
    let g = game();
    let mut st = reorganizing(&g, 6, 1);
    let kal = put(&g, &mut st, "so_kalinin", "Kalinin", true);
    let acts = g.legal_actions(&st, SOVIET);
    assert!(
        acts.contains(&Action::Upgrade {
            unit: kal,
            cards: vec![]
        }),
        "free (7.2)"
    );
    assert!(
        acts.contains(&Action::Upgrade {
            unit: kal,
            cards: vec![1]
        }),
        "paid (13.5 turn 3)"
    );
    act(
        &g,
        &mut st,
        SOVIET,
        Action::Upgrade {
            unit: kal,
            cards: vec![],
        },
    );
    assert!(!st.units[kal].reduced);
    assert_eq!(st.scratch.free_upgrades_left, 0);
    assert_eq!(
        st.hand(Side::Soviet).len(),
        3,
        "the free upgrade costs no card"
    );
}

#[test]
fn r14_8_yugoslavs_fortify_only_in_the_balkans() {
    let g = game();
    let mut st = reorganizing(&g, 18, 0);
    let yu = put(&g, &mut st, "yu_1", "-1,5", true);
    assert!(!g
        .legal_actions(&st, SOVIET)
        .iter()
        .any(|a| matches!(a, Action::Fortify { .. })));
    st.units[yu].loc = Loc::Map(place(&g, "Western Balkans"));
    assert!(g.legal_actions(&st, SOVIET).contains(&Action::Fortify {
        unit: yu,
        cards: vec![1]
    }));
}

/// Oracle 19 (7.5/13.5): converting a regional unit to fortified costs 1 card and is illegal before turn 3.
#[test]
fn r7_5_regional_units_fortify_from_turn_3() {
    let g = game();
    let mut st = reorganizing(&g, 2, 0);
    let len = put(&g, &mut st, "so_leningrad", "Leningrad", true);
    assert!(!g
        .legal_actions(&st, SOVIET)
        .iter()
        .any(|a| matches!(a, Action::Fortify { .. })));
    st.turn = 3;
    act(
        &g,
        &mut st,
        SOVIET,
        Action::Fortify {
            unit: len,
            cards: vec![2],
        },
    );
    assert!(!st.units[len].reduced);
    assert_eq!(
        st.deck.top_discard(),
        Some(2),
        "5.4: spent cards go on the discard pile"
    );
}

/// Oracle 33 (10.1): no Target marker on a Counterblow hex, no Counterblow on a Target hex.
/// Worked example E6 (10.7, counterblows and counterattacks): a paid counterblow, a CB marker on the active side's hex, and the next turn's forced attack by every adjacent unit.
#[test]
fn r10_7_3_counterblows_declared_and_from_results_e6() {
    let g = game();
    let mut st = blank_seeded(&g, 8, Side::German, Step::Movement, 11);
    st.weather = eastfront_no_retreat::combat::TurnWeather::Clear;
    st.hands[1] = vec![21, 22];
    let a = put(&g, &mut st, "ge_9a", "-2,5", false);
    let b = put(&g, &mut st, "ge_4a", "-3,7", false);
    let x = put(&g, &mut st, "so_west", "-1,5", true);
    let y = put(&g, &mut st, "so_south", "-2,6", true);
    let (hx, hy, ha) = (place(&g, "-1,5"), place(&g, "-2,6"), place(&g, "-2,5"));
    // Axis 1:1 die 4: CB; Axis 1:1 die 1: CA.
    st.dice.script(&[4, 1]).unwrap();
    act(&g, &mut st, AXIS, Action::End);
    act(&g, &mut st, AXIS, Action::Target { hex: hx });
    act(&g, &mut st, AXIS, Action::End);
    // 10.1.2: the Soviet pays a card to make the Axis attack the South Front too; not on the
    // Target hex.
    let cb = g.legal_actions(&st, SOVIET);
    assert!(cb.contains(&Action::Counterblow { hex: hy, card: 21 }));
    assert!(!cb
        .iter()
        .any(|x| matches!(x, Action::Counterblow { hex, .. } if *hex == hx)));
    act(
        &g,
        &mut st,
        SOVIET,
        Action::Counterblow { hex: hy, card: 21 },
    );
    act(&g, &mut st, SOVIET, Action::End);
    assert_eq!(st.hand(Side::Soviet), &vec![22]);
    // Both hexes must be attacked: only attacks are offered, no End.
    let battles = g.legal_actions(&st, AXIS);
    assert!(!battles.contains(&Action::End));
    act(
        &g,
        &mut st,
        AXIS,
        Action::Attack {
            targets: vec![hx],
            units: vec![a],
            support: false,
        },
    );
    // CB: the Axis marks its own participating hex.
    assert_eq!(
        g.legal_actions(&st, AXIS),
        vec![Action::MarkCounterblow { hex: ha }]
    );
    act(&g, &mut st, AXIS, Action::MarkCounterblow { hex: ha });
    assert_eq!(st.cb_markers, vec![(ha, Side::German)]);
    let ev = act(
        &g,
        &mut st,
        AXIS,
        Action::Attack {
            targets: vec![hy],
            units: vec![b],
            support: false,
        },
    );
    let battle = ev.iter().find(|e| e.kind == EventKind::Battle).unwrap();
    assert!(battle.public.contains("4 vs 3, 1:1;"), "{}", battle.public);
    // CA: the Soviet declines.
    act(
        &g,
        &mut st,
        SOVIET,
        Action::Counterattack {
            units: vec![],
            support: false,
        },
    );
    assert_eq!(
        st.phase,
        Phase::Player {
            side: Side::German,
            step: Step::RailUnloading
        }
    );
    act(&g, &mut st, AXIS, Action::End);
    // The Soviet player turn: the counterblow marker on the 9th Army must be attacked.
    while st.phase
        != (Phase::Player {
            side: Side::Soviet,
            step: Step::Movement,
        })
    {
        if !st.pending.is_empty() {
            let card = st.hand(Side::Soviet)[0];
            act(&g, &mut st, SOVIET, Action::Discard { card });
        } else {
            act(&g, &mut st, SOVIET, Action::End);
        }
    }
    act(&g, &mut st, SOVIET, Action::End);
    let c = st.scratch.combat.as_ref().unwrap();
    assert_eq!(c.counterblows, vec![ha]);
    assert!(st.cb_markers.is_empty());
    // 10.1: no Target marker on the Counterblow hex.
    assert!(!g
        .legal_actions(&st, SOVIET)
        .contains(&Action::Target { hex: ha }));
    act(&g, &mut st, SOVIET, Action::End);
    act(&g, &mut st, AXIS, Action::End);
    let must = g.legal_actions(&st, SOVIET);
    assert!(!must.is_empty());
    assert!(must
        .iter()
        .all(|m| matches!(m, Action::Attack { targets, .. } if targets == &vec![ha])));
    assert!(must.contains(&Action::Attack {
        targets: vec![ha],
        units: vec![x, y],
        support: false
    }));
}
