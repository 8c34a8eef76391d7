//! The spec's test oracles (`shared/rules/no-retreat.md` §11) that no other test file checked and
//! that need whole turns of play (declarations, battles, results, Removal), each named after its
//! oracle number and rule; the supply and movement ones are in `oracles_more.rs`, with the index
//! check.

use eastfront_kernel::{Game, Side, SpaceId};
use eastfront_no_retreat::combat::*;
use eastfront_no_retreat::data::TurnEvent;
use eastfront_no_retreat::state::*;
use eastfront_no_retreat::{Action, EventKind, NoRetreat};

mod common;
use common::*;

/// Units of `names` on every space around `at`.
fn ring(g: &NoRetreat, st: &mut State, at: &str, names: &[&str]) -> Vec<usize> {
    let around: Vec<SpaceId> = g.board.borders(place(g, at)).iter().map(|b| b.to).collect();
    let mut out = Vec::new();
    for (n, h) in names.iter().zip(&around) {
        let u = idx(g, n);
        st.units[u].loc = Loc::Map(*h);
        out.push(u);
    }
    out
}

const AXIS_RING: [&str; 6] = ["ge_4a", "ge_6a", "ge_9a", "ge_11a", "ge_16a", "ge_17a"];
const SOVIET_RING: [&str; 6] = [
    "so_west",
    "so_south",
    "so_kalinin",
    "so_volkhov",
    "so_northwest",
    "so_bryansk",
];

/// Oracle 37 (10.3.4): no unit attacks twice in one Combat phase, and no hex is attacked twice.
#[test]
fn o37_r10_3_4_no_unit_and_no_hex_fights_twice() {
    let g = NoRetreat::new();
    let mut st = blank(&g, 8, Side::German, Step::Movement);
    st.weather = TurnWeather::Mud;
    let nine = put(&g, &mut st, "ge_9a", "-2,5", false);
    let four = put(&g, &mut st, "ge_4a", "-3,7", false);
    put(&g, &mut st, "so_west", "-1,5", true);
    put(&g, &mut st, "so_south", "-2,6", true);
    let (hx, hy) = (place(&g, "-1,5"), place(&g, "-2,6"));
    // 4 vs 4 in mud: 1:1, die 3: no effect.
    st.dice.script(&[3]).unwrap();
    act(&g, &mut st, AXIS, Action::End);
    act(&g, &mut st, AXIS, Action::Target { hex: hx });
    act(&g, &mut st, AXIS, Action::Target { hex: hy });
    act(&g, &mut st, AXIS, Action::End);
    act(&g, &mut st, SOVIET, Action::End);
    // Before the first battle the 9th Army may fight for either hex.
    let before = g.legal_actions(&st, AXIS);
    assert!(before.contains(&Action::Attack {
        targets: vec![hy],
        units: vec![nine],
        support: false
    }));
    act(
        &g,
        &mut st,
        AXIS,
        Action::Attack {
            targets: vec![hx],
            units: vec![nine],
            support: false,
        },
    );
    let after = g.legal_actions(&st, AXIS);
    assert!(after.contains(&Action::Attack {
        targets: vec![hy],
        units: vec![four],
        support: false
    }));
    for a in &after {
        if let Action::Attack { targets, units, .. } = a {
            assert!(!units.contains(&nine), "the 9th fought already: {a:?}");
            assert!(!targets.contains(&hx), "(-1,5) was attacked: {a:?}");
        }
    }
}

/// Oracle 49 (10.7.2): after a CA the counterattack uses only the battle's units, roles reversed, with no terrain shifts, and the attacker's committed Blitz! is gone.
#[test]
fn o49_r10_7_2_the_counterattack_uses_the_battles_units_only() {
    let g = NoRetreat::new();
    let mut st = blank(&g, 8, Side::German, Step::Movement);
    st.weather = TurnWeather::Mud;
    st.support = [1, 0];
    let a = put(&g, &mut st, "ge_9a", "-2,5", false);
    let d = put(&g, &mut st, "so_west", "-1,5", true);
    // A Soviet unit beside the 9th Army that is not in the battle.
    let other = put(&g, &mut st, "so_south", "-2,6", true);
    let hx = place(&g, "-1,5");
    // 4 vs 4 with Blitz!: 3:2, die 1: CA. The counterattack 4 vs 4: 1:1, die 3: CB.
    st.dice.script(&[1, 3]).unwrap();
    act(&g, &mut st, AXIS, Action::End);
    act(&g, &mut st, AXIS, Action::Target { hex: hx });
    act(&g, &mut st, AXIS, Action::End);
    act(&g, &mut st, SOVIET, Action::End);
    let ev = act(
        &g,
        &mut st,
        AXIS,
        Action::Attack {
            targets: vec![hx],
            units: vec![a],
            support: true,
        },
    );
    let first = ev.iter().find(|e| e.kind == EventKind::Battle).unwrap();
    assert!(first.public.ends_with("CA"), "{}", first.public);
    assert_eq!(st.support[0], 0, "the Blitz! marker is spent");
    let offered = g.legal_actions(&st, SOVIET);
    assert!(offered.contains(&Action::Counterattack {
        units: vec![d],
        support: false
    }));
    for x in &offered {
        if let Action::Counterattack { units, .. } = x {
            assert!(!units.contains(&other), "{x:?}");
        }
    }
    let ev = act(
        &g,
        &mut st,
        SOVIET,
        Action::Counterattack {
            units: vec![d],
            support: false,
        },
    );
    let ca = ev.iter().find(|e| e.kind == EventKind::Battle).unwrap();
    assert!(
        ca.public.starts_with("Soviet attacks") && ca.public.contains("4 vs 4, 1:1;"),
        "no Blitz!, no terrain: {}",
        ca.public
    );
}

/// Oracle 52 (10.8.2/13.5): a Soviet tank unit gets the 3rd-hex advance only from turn 11 and only in clear weather.
#[test]
fn o52_r10_8_2_soviet_tanks_advance_a_third_hex_from_turn_11_in_clear() {
    let g = NoRetreat::new();
    // The engine reads the turn from the Turn Track's event.
    let first = g
        .board
        .data
        .track
        .turns
        .iter()
        .find(|t| t.events.contains(&TurnEvent::SovietTankAdvance))
        .map(|t| t.turn);
    assert_eq!(first, Some(11));
    // A Soviet tank army that wins a DR on turn 10, then on turn 11, in clear weather.
    let hexes = |turn: u8, weather: TurnWeather| {
        let mut st = blank(&g, turn, Side::Soviet, Step::Movement);
        st.vp.initiative = Side::Soviet;
        st.weather = weather;
        let tank = put(&g, &mut st, "so_reserve", "-1,6", false);
        put(&g, &mut st, "ge_9a", "-1,5", true);
        let hx = place(&g, "-1,5");
        st.dice.script(&[6]).unwrap();
        act(&g, &mut st, SOVIET, Action::End);
        act(&g, &mut st, SOVIET, Action::Target { hex: hx });
        act(&g, &mut st, SOVIET, Action::End);
        act(&g, &mut st, AXIS, Action::End);
        act(
            &g,
            &mut st,
            SOVIET,
            Action::Attack {
                targets: vec![hx],
                units: vec![tank],
                support: false,
            },
        );
        while g.active(&st) == Some(AXIS) {
            let r = g.legal_actions(&st, AXIS)[0].clone();
            act(&g, &mut st, AXIS, r);
        }
        let ends: Vec<SpaceId> = g
            .legal_actions(&st, SOVIET)
            .iter()
            .filter_map(|a| match a {
                Action::Advance { unit, to } if *unit == tank => Some(*to),
                _ => None,
            })
            .collect();
        ends.iter()
            .filter_map(|e| g.board.topo.distance(hx, *e))
            .max()
    };
    assert_eq!(
        hexes(10, TurnWeather::Clear),
        Some(1),
        "2 hexes before turn 11"
    );
    assert_eq!(
        hexes(11, TurnWeather::Clear),
        Some(2),
        "3 hexes from turn 11"
    );
    assert_eq!(hexes(11, TurnWeather::Snow), Some(1), "not in snow");
}

/// Oracle 53 (11.1): in the Removal phase a two-step unit on its reduced face that still cannot trace supply goes to the Surrendered box.
#[test]
fn o53_r11_1_a_reduced_unit_still_cut_off_surrenders() {
    let g = NoRetreat::new();
    let mut st = blank(&g, 8, Side::Soviet, Step::Movement);
    st.vp.initiative = Side::German;
    let a = put(&g, &mut st, "ge_4a", "-1,5", true);
    st.units[a].unsupplied = true;
    // A friendly cadre waits: 14.9.2 gives it no place after a loss for lack of supply.
    let kg = idx(&g, "ge_kg1");
    st.units[kg].loc = Loc::CadreAvailable;
    ring(&g, &mut st, "-1,5", &SOVIET_RING);
    for seat in [SOVIET, SOVIET, AXIS] {
        act(&g, &mut st, seat, Action::End);
    }
    assert_eq!(st.units[a].loc, Loc::Surrendered);
    assert_eq!(st.units[kg].loc, Loc::CadreAvailable);
    assert_eq!(st.vp.round, -1, "12.7.5: a Soviet VP (Axis initiative)");
}

/// Oracle 54 (12.7.5/12.8): a Soviet unit surrendering under Axis initiative adds +1 to the Axis round marker; replacing it later does not take the VP back.
#[test]
fn o54_r12_7_5_replacing_a_surrendered_unit_keeps_the_vp() {
    let g = NoRetreat::new();
    let mut st = blank(&g, 3, Side::German, Step::Movement);
    let sov = put(&g, &mut st, "so_south", "-1,5", true);
    st.units[sov].unsupplied = true;
    ring(&g, &mut st, "-1,5", &AXIS_RING);
    let round = st.vp.round;
    for seat in [AXIS, AXIS, SOVIET] {
        act(&g, &mut st, seat, Action::End);
    }
    assert_eq!(st.units[sov].loc, Loc::Surrendered);
    assert_eq!(st.vp.round, round + 1);
    // Later, the Soviet replaces it (2 cards) in his Reorganization phase.
    st.phase = Phase::Player {
        side: Side::Soviet,
        step: Step::Reorganization,
    };
    st.scratch = Scratch::default();
    st.scratch.reorg = Some(ReorgStep::Place);
    st.pending.clear();
    st.hands[1] = vec![1, 2, 3];
    act(
        &g,
        &mut st,
        SOVIET,
        Action::Replace {
            unit: sov,
            cards: vec![1, 2],
        },
    );
    act(
        &g,
        &mut st,
        SOVIET,
        Action::Place {
            unit: sov,
            at: place(&g, "Moscow"),
        },
    );
    assert_eq!(st.units[sov].loc, Loc::Map(place(&g, "Moscow")));
    assert_eq!(st.vp.round, round + 1, "the VP stays");
}

/// Oracle 63 (14.9.2): a cadre may be placed only where a friendly non-cadre unit was just eliminated by an EX/DD step loss, not after an elimination for failure to retreat.
#[test]
fn o63_r14_9_2_cadres_come_only_after_a_step_loss() {
    let g = NoRetreat::new();
    let cadre_offered = |st: &State| {
        g.legal_actions(st, SOVIET)
            .iter()
            .any(|a| matches!(a, Action::PlaceCadre { cadre: Some(_) }))
    };
    // EX: 4 vs 4 in mud, 1:1, die 5. The one-step West Front is eliminated by the step loss.
    let mut st = blank(&g, 8, Side::German, Step::Movement);
    st.weather = TurnWeather::Mud;
    let ost = idx(&g, "so_ostatky1");
    st.units[ost].loc = Loc::CadreAvailable;
    let a = put(&g, &mut st, "ge_9a", "-2,5", false);
    let d = put(&g, &mut st, "so_west", "-1,5", true);
    let hx = place(&g, "-1,5");
    st.dice.script(&[5]).unwrap();
    act(&g, &mut st, AXIS, Action::End);
    act(&g, &mut st, AXIS, Action::Target { hex: hx });
    act(&g, &mut st, AXIS, Action::End);
    act(&g, &mut st, SOVIET, Action::End);
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
    assert_eq!(st.units[d].loc, Loc::Destroyed);
    assert!(cadre_offered(&st));
    act(&g, &mut st, SOVIET, Action::PlaceCadre { cadre: Some(ost) });
    assert_eq!(st.units[ost].loc, Loc::Map(hx));
    // A DR with no retreat path (Axis units all around): eliminated, but no cadre.
    let mut st = blank(&g, 8, Side::German, Step::Movement);
    st.weather = TurnWeather::Clear;
    st.units[ost].loc = Loc::CadreAvailable;
    let d = put(&g, &mut st, "so_west", "-1,5", true);
    let mut attackers = ring(&g, &mut st, "-1,5", &AXIS_RING);
    attackers.sort();
    // All six armies: 6:1 or 5:1, die 1: DR.
    st.dice.script(&[1]).unwrap();
    act(&g, &mut st, AXIS, Action::End);
    act(&g, &mut st, AXIS, Action::Target { hex: hx });
    act(&g, &mut st, AXIS, Action::End);
    act(&g, &mut st, SOVIET, Action::End);
    let ev = act(
        &g,
        &mut st,
        AXIS,
        Action::Attack {
            targets: vec![hx],
            units: attackers,
            support: false,
        },
    );
    let battle = ev.iter().find(|e| e.kind == EventKind::Battle).unwrap();
    assert!(battle.public.ends_with("DR"), "{}", battle.public);
    assert!(matches!(st.units[d].loc, Loc::Destroyed | Loc::Surrendered));
    assert!(!cadre_offered(&st));
    assert_eq!(st.units[ost].loc, Loc::CadreAvailable);
}

/// Oracle 64 (14.2): an Italian, Romanian or Hungarian unit eliminated in combat goes to the Turn Track, and no VP is scored.
#[test]
fn o64_r14_2_axis_allies_go_to_the_turn_track_without_vp() {
    let g = NoRetreat::new();
    let mut st = blank(&g, 8, Side::Soviet, Step::Movement);
    st.weather = TurnWeather::Clear;
    st.vp.initiative = Side::German;
    // A Romanian army, marked Unsupplied and surrounded: it cannot retreat.
    let ro = put(&g, &mut st, "ro_3", "-1,5", false);
    st.units[ro].unsupplied = true;
    let mut fronts = ring(&g, &mut st, "-1,5", &SOVIET_RING);
    fronts.sort();
    let hx = place(&g, "-1,5");
    st.dice.script(&[6]).unwrap();
    act(&g, &mut st, SOVIET, Action::End);
    act(&g, &mut st, SOVIET, Action::Target { hex: hx });
    act(&g, &mut st, SOVIET, Action::End);
    act(&g, &mut st, AXIS, Action::End);
    act(
        &g,
        &mut st,
        SOVIET,
        Action::Attack {
            targets: vec![hx],
            units: fronts,
            support: false,
        },
    );
    assert!(
        matches!(st.units[ro].loc, Loc::Track(t) if t > 8),
        "{:?}",
        st.units[ro].loc
    );
    assert_eq!(st.vp.round, 0, "no VP");
}

/// Oracle 72 (13.5 Oil): from the turn after the Soviets first control the Romanian oil fields, non-SS Panzers lose the 10.6.3 shift and the 10.8.2 advance bonus.
#[test]
fn o72_r13_5_after_ploesti_non_ss_panzers_lose_their_bonuses() {
    let g = NoRetreat::new();
    // The 3rd Panzer Army and an infantry army against the West Front on a clear hex, turn 16.
    let fight = |ploesti: Option<u8>, panzer: &str| {
        let mut st = blank(&g, 16, Side::German, Step::Movement);
        st.weather = TurnWeather::Clear;
        st.vp.initiative = Side::Soviet;
        st.triggers.ploesti = ploesti;
        let pz = put(&g, &mut st, panzer, "-2,5", false);
        let inf = put(&g, &mut st, "ge_9a", "-1,4", false);
        put(&g, &mut st, "so_west", "-1,5", true);
        let hx = place(&g, "-1,5");
        st.dice.script(&[6]).unwrap();
        act(&g, &mut st, AXIS, Action::End);
        act(&g, &mut st, AXIS, Action::Target { hex: hx });
        act(&g, &mut st, AXIS, Action::End);
        act(&g, &mut st, SOVIET, Action::End);
        let ev = act(
            &g,
            &mut st,
            AXIS,
            Action::Attack {
                targets: vec![hx],
                units: if pz < inf {
                    vec![pz, inf]
                } else {
                    vec![inf, pz]
                },
                support: false,
            },
        );
        let battle = ev
            .iter()
            .find(|e| e.kind == EventKind::Battle)
            .unwrap()
            .public
            .clone();
        while g.active(&st) == Some(SOVIET) {
            let r = g.legal_actions(&st, SOVIET)[0].clone();
            act(&g, &mut st, SOVIET, r);
        }
        let far = g
            .legal_actions(&st, AXIS)
            .iter()
            .filter_map(|a| match a {
                Action::Advance { unit, to } if *unit == pz => g.board.topo.distance(hx, *to),
                _ => None,
            })
            .max();
        (battle.contains("armor"), far)
    };
    // Ploesti fell this turn: the bonuses hold until next turn.
    assert_eq!(fight(Some(16), "ge_3pz"), (true, Some(2)));
    // It fell last turn: no shift, no third hex for a non-SS Panzer; the SS keep both (14.5).
    assert_eq!(fight(Some(15), "ge_3pz"), (false, Some(1)));
    assert_eq!(fight(Some(15), "ge_sspz").1, Some(2));
}

/// Oracle 40 (10.6.2): Blitz! is offered to the attacker only with a marker left, and not for an attack made only by Unsupplied units.
#[test]
fn o40_r10_6_2_blitz_only_with_a_marker_and_a_supplied_attacker() {
    let g = NoRetreat::new();
    let offered = |support: u8, unsupplied: bool| {
        let mut st = blank(&g, 8, Side::German, Step::Movement);
        st.weather = TurnWeather::Mud;
        st.support = [support, 1];
        let a = put(&g, &mut st, "ge_9a", "-2,5", false);
        st.units[a].unsupplied = unsupplied;
        put(&g, &mut st, "so_west", "-1,5", true);
        let hx = place(&g, "-1,5");
        act(&g, &mut st, AXIS, Action::End);
        act(&g, &mut st, AXIS, Action::Target { hex: hx });
        act(&g, &mut st, AXIS, Action::End);
        act(&g, &mut st, SOVIET, Action::End);
        let acts = g.legal_actions(&st, AXIS);
        assert!(acts.contains(&Action::Attack {
            targets: vec![hx],
            units: vec![a],
            support: false
        }));
        acts.contains(&Action::Attack {
            targets: vec![hx],
            units: vec![a],
            support: true,
        })
    };
    assert!(offered(1, false));
    assert!(!offered(0, false), "no marker left");
    assert!(!offered(1, true), "only Unsupplied attackers");
}

/// Worked example E6 (10.1.2, counterblows): in the Soviet turn a white-strength unit (the Leningrad Front) may attack the Axis counterblow-marked hex.
#[test]
fn e6_r10_1_2_white_strength_units_answer_a_counterblow() {
    let g = NoRetreat::new();
    let mut st = blank(&g, 8, Side::Soviet, Step::Movement);
    let nine = place(&g, "-9,10");
    put(&g, &mut st, "ge_9a", "-9,10", false);
    let len = put(&g, &mut st, "so_leningrad", "Leningrad", false);
    assert!(g.board.data.units.units[len].face(false).white);
    st.cb_markers = vec![(nine, Side::German)];
    act(&g, &mut st, SOVIET, Action::End);
    // No voluntary Target there (a counterblow hex; white units never attack voluntarily).
    assert!(!g
        .legal_actions(&st, SOVIET)
        .contains(&Action::Target { hex: nine }));
    act(&g, &mut st, SOVIET, Action::End);
    act(&g, &mut st, AXIS, Action::End);
    assert!(g.legal_actions(&st, SOVIET).contains(&Action::Attack {
        targets: vec![nine],
        units: vec![len],
        support: false
    }));
}
