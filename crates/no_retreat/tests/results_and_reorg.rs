//! Combat results applied (10.7.1–10.7.6, 14.x), stacking (8.4), declaring battles (10.1–10.3),
//! reorganization (7.x) and rail (9.x), with the spec's examples E6, E11 and E12.

use eastfront_kernel::{Side, SpaceId};
use eastfront_no_retreat::board::Board;
use eastfront_no_retreat::combat::TurnWeather;
use eastfront_no_retreat::data::{CombatResult, Nation, ScenarioData, UnitData, UnitType};
use eastfront_no_retreat::declare::*;
use eastfront_no_retreat::losses::*;
use eastfront_no_retreat::reorg::*;
use eastfront_no_retreat::state::Loc;
use eastfront_no_retreat::supply::{initial_control, Piece, Position, Supply};

fn data() -> ScenarioData {
    ScenarioData::builtin()
}

fn unit<'a>(d: &'a ScenarioData, id: &str) -> &'a UnitData {
    d.unit(id).unwrap_or_else(|| panic!("no unit {id}"))
}

/// Worked example E6 (10.7.1, counterblows and counterattacks): the EX flips the 4th Army; the red 1st Baltic Front is eliminated.
#[test]
fn r10_7_1_step_losses_by_counter() {
    let d = data();
    // E6: the 4th Army flips to reduced; the 1st Baltic Front (red, before turn 17) is
    // eliminated, to the Destroyed box on its red face.
    assert_eq!(step_loss(unit(&d, "ge_4a"), false, false), StepLoss::Reduce);
    assert_eq!(
        step_loss(unit(&d, "ge_4a"), true, false),
        StepLoss::Eliminate
    );
    assert_eq!(
        step_loss(unit(&d, "so_kalinin"), false, false),
        StepLoss::Eliminate
    );
    // 7.3: from turn 17 a red Front flips to brown; Ostatky stay one step.
    assert!(!soviet_two_steps(&d.track, 16) && soviet_two_steps(&d.track, 17));
    assert_eq!(
        step_loss(unit(&d, "so_kalinin"), false, true),
        StepLoss::Reduce
    );
    assert_eq!(
        step_loss(unit(&d, "so_kalinin"), true, true),
        StepLoss::Eliminate
    );
    assert_eq!(
        step_loss(unit(&d, "so_ostatky1"), false, true),
        StepLoss::Eliminate
    );
    // 14.1: a fortified unit losing a step becomes regional; the regional face is one step.
    assert_eq!(
        step_loss(unit(&d, "so_leningrad"), false, false),
        StepLoss::ToRegional
    );
    assert_eq!(
        step_loss(unit(&d, "so_leningrad"), true, false),
        StepLoss::Eliminate
    );
    // 14.2: Axis allies have one step.
    assert_eq!(
        step_loss(unit(&d, "ro_3"), false, false),
        StepLoss::Eliminate
    );
}

/// Oracle 44 (10.7.4): against a fortified unit's hex DR → no effect, DS → EX, DD → step losses, no retreat.
/// Oracle 45 (14.11): against a Volkssturm hex DR → no effect and the Volkssturm leaves; stacked units are unaffected.
#[test]
fn r10_7_results_and_10_7_4_fortified_hexes() {
    use CombatResult::*;
    let open = [Defender {
        fortified: false,
        volkssturm: false,
    }];
    let fort = [
        Defender {
            fortified: true,
            volkssturm: false,
        },
        Defender {
            fortified: false,
            volkssturm: false,
        },
    ];
    let vs = [Defender {
        fortified: false,
        volkssturm: true,
    }];
    assert_eq!(effects(NoEffect, &open), Effects::default());
    assert!(effects(CA, &open).counterattack && effects(CB, &open).counterblow);
    assert!(effects(EX, &open).exchange);
    let dr = effects(DR, &open);
    assert!(dr.retreat && !dr.shatter);
    let ds = effects(DS, &open);
    assert!(ds.retreat && ds.shatter);
    let dd = effects(DD, &open);
    assert!(dd.retreat && dd.each_defender_loses_step);
    // 10.7.4: DR → no effect, DS → EX, DD without the retreat, for every unit in the hex.
    assert_eq!(effects(DR, &fort), Effects::default());
    assert_eq!(
        effects(DS, &fort),
        Effects {
            exchange: true,
            ..Effects::default()
        }
    );
    let ddf = effects(DD, &fort);
    assert!(ddf.each_defender_loses_step && !ddf.retreat);
    // 14.11: Volkssturm turns a DR into no effect and leaves the game; no advance follows.
    let v = effects(DR, &vs);
    assert!(v.remove_volkssturm && !v.retreat);
    // Stacked with another unit: that unit neither retreats nor loses a step.
    let vs_stack = [vs[0], open[0]];
    let vst = effects(DR, &vs_stack);
    assert!(vst.remove_volkssturm && !vst.retreat && !vst.each_defender_loses_step);
}

/// Oracle 69 (14.7): on an EX a Shock army must take the attacker's step loss.
/// Oracle 70 (14.6): in an EX or DD the SS Panzergrenadier takes the loss, unless attacking with an SS Panzer.
#[test]
fn r14_5_to_14_7_who_takes_the_loss() {
    let inf = Loser {
        ss: false,
        kind: UnitType::Infantry,
        shock: false,
    };
    let sspz = Loser {
        ss: true,
        kind: UnitType::Armor,
        shock: false,
    };
    let sspg = Loser {
        ss: true,
        kind: UnitType::Mechanized,
        shock: false,
    };
    let shock = Loser {
        ss: false,
        kind: UnitType::Shock,
        shock: true,
    };
    assert_eq!(
        loss_candidates(&[inf, inf], true),
        vec![0, 1],
        "the owner chooses (10.7.1)"
    );
    assert_eq!(loss_candidates(&[inf, sspz], true), vec![1], "14.5");
    assert_eq!(loss_candidates(&[shock, inf], true), vec![0], "14.7");
    assert_eq!(
        loss_candidates(&[inf, sspg], false),
        vec![1],
        "14.6 defending"
    );
    assert_eq!(
        loss_candidates(&[inf, sspg], true),
        vec![1],
        "14.6 attacking alone"
    );
    assert_eq!(
        loss_candidates(&[sspg, sspz], true),
        vec![1],
        "with an SS Panzer it need not"
    );
}

/// Oracle 26 (8.4.1): two Soviet units are over-stacked before turn 23, legal from 23; three Axis units always over-stacked.
#[test]
fn r8_4_stacking() {
    let d = data();
    assert_eq!(stacking_limit(&d.track, Side::German, 1), 2);
    assert_eq!(
        stacking_limit(&d.track, Side::German, 23),
        2,
        "3 Axis units: always over"
    );
    assert_eq!(stacking_limit(&d.track, Side::German, 28), 2);
    assert_eq!(stacking_limit(&d.track, Side::Soviet, 22), 1);
    assert_eq!(
        stacking_limit(&d.track, Side::Soviet, 23),
        2,
        "13.5 turn 23"
    );
    let (a, b, r) = (
        unit(&d, "so_west"),
        unit(&d, "so_south"),
        unit(&d, "so_rezervy"),
    );
    assert_eq!(overstacked(&[a, b], 1), 1);
    assert_eq!(overstacked(&[a, r], 1), 0, "15.8: Rezervy stacks free");
}

fn pos(b: &Board, pieces: &[(Side, &str, bool)]) -> Position {
    Position {
        pieces: pieces
            .iter()
            .map(|(side, at, zoc)| Piece {
                unit: 0,
                side: *side,
                at: b.place(at).unwrap(),
                zoc_face: *zoc,
                unsupplied: false,
                nation: if *side == Side::German {
                    Nation::German
                } else {
                    Nation::Soviet
                },
            })
            .collect(),
        control: initial_control(b, &[]),
    }
}

/// Oracle 33 (10.1): no Counterblow on a Target hex or on white-strength units only (the Target side: sequence.rs).
/// Oracle 66 (13.5 t20, t26; 13.1): the Axis marker pool is 3 from turn 20 and in extreme winter, 1 from turn 26.
#[test]
fn r10_1_markers_targets_and_counterblows() {
    let b = Board::standard();
    let t = &b.data.track;
    assert_eq!(marker_pool(t, Side::German, 1, TurnWeather::Clear), 5);
    assert_eq!(
        marker_pool(t, Side::German, 5, TurnWeather::ExtremeWinter),
        3,
        "13.1"
    );
    assert_eq!(
        marker_pool(t, Side::German, 20, TurnWeather::Clear),
        3,
        "13.5 turn 20"
    );
    assert_eq!(
        marker_pool(t, Side::German, 26, TurnWeather::ExtremeWinter),
        1,
        "13.5 turn 26"
    );
    assert_eq!(
        marker_pool(t, Side::Soviet, 26, TurnWeather::ExtremeWinter),
        5
    );
    // A target: enemy units next to the attacker through a permitted hexside.
    let p = pos(
        &b,
        &[
            (Side::German, "-2,5", true),
            (Side::Soviet, "-2,6", true),
            (Side::Soviet, "-2,8", true),
        ],
    );
    assert!(possible_target(
        &b,
        &p,
        Side::German,
        b.place("-2,6").unwrap()
    ));
    assert!(
        !possible_target(&b, &p, Side::German, b.place("-2,8").unwrap()),
        "not adjacent"
    );
    // Not across a lake hexside: (-8,7) and (-8,8).
    let p = pos(
        &b,
        &[(Side::German, "-8,7", true), (Side::Soviet, "-8,8", true)],
    );
    assert!(!possible_target(
        &b,
        &p,
        Side::German,
        b.place("-8,8").unwrap()
    ));
    // 10.1.2: counterblows: not on a Target hex, not on white-strength units only (E6: the
    // Leningrad Front).
    let f = |at: &str, side, white| Fighter {
        at: b.place(at).unwrap(),
        side,
        white,
        disorganized: false,
        strength: 3,
    };
    let fighters = [
        f("-9,10", Side::German, false),
        f("Leningrad", Side::Soviet, true),
        f("-8,10", Side::Soviet, false),
    ];
    let len = b.place("Leningrad").unwrap();
    let other = b.place("-8,10").unwrap();
    assert!(
        !possible_counterblow(&b, &fighters, Side::Soviet, len, false),
        "white only"
    );
    assert!(possible_counterblow(
        &b,
        &fighters,
        Side::Soviet,
        other,
        false
    ));
    assert!(
        !possible_counterblow(&b, &fighters, Side::Soviet, other, true),
        "a Target hex"
    );
    // 10.1.1: disorganized and white-strength units do not attack voluntarily.
    assert!(may_attack_voluntarily(&fighters[0]));
    assert!(!may_attack_voluntarily(&fighters[1]));
    let dis = Fighter {
        disorganized: true,
        ..fighters[0]
    };
    assert!(!may_attack_voluntarily(&dis));
}

/// Oracle 36 (10.3.3): a battle with an attacker not adjacent to every target hex is illegal.
#[test]
fn r10_3_every_attacker_adjacent_to_every_target() {
    let b = Board::standard();
    let at = |s: &str| b.place(s).unwrap();
    // (-2,6) and (-1,5) both border (-1,6); (-2,4) does not.
    assert!(legal_grouping(
        &b,
        &[at("-2,6"), at("-1,5")],
        &[at("-1,6")],
        &[]
    ));
    assert!(
        !legal_grouping(&b, &[at("-2,4"), at("-1,5")], &[at("-1,6")], &[]),
        "10.3.3"
    );
    assert!(
        !legal_grouping(&b, &[at("-2,6")], &[at("-1,6")], &[at("-1,6")]),
        "10.3.4"
    );
    assert!(!legal_grouping(&b, &[], &[at("-1,6")], &[]));
}

/// Oracle 17 (7.1): an Axis non-SS flip costs 2 cards, SS Panzer or SS Panzergrenadier 1; illegal on turns 1–4 and from 24.
/// Oracle 18 (7.2/7.2.1/7.3.1): free Soviet upgrades: 0 on turn 5, 1 on 6–12, 2 on 13–17, 0 from 18.
/// Worked example E12 (15.5, quick reorganization): one card removes two Disorganized markers.
#[test]
fn r7_1_to_7_10_reorganization_costs() {
    let d = data();
    let t = &d.track;
    // 7.1: the Axis pays 2 (SS 1), not on turns 1-4 nor from turn 24.
    assert_eq!(recovery_cost(t, unit(&d, "ge_4a"), true, 4), None);
    assert_eq!(recovery_cost(t, unit(&d, "ge_4a"), true, 5), Some(2));
    assert_eq!(recovery_cost(t, unit(&d, "ge_sspz"), true, 12), Some(1));
    assert_eq!(recovery_cost(t, unit(&d, "ge_sspg"), true, 12), Some(1));
    assert_eq!(recovery_cost(t, unit(&d, "ge_sspz"), true, 24), None);
    assert_eq!(recovery_cost(t, unit(&d, "ge_4a"), true, 24), None);
    assert_eq!(
        recovery_cost(t, unit(&d, "ge_4a"), false, 10),
        None,
        "already full"
    );
    // Soviet: before 17 only regional → fortified (7.5, from turn 3); from 17 any brown Front.
    assert_eq!(recovery_cost(t, unit(&d, "so_kalinin"), true, 16), None);
    assert_eq!(recovery_cost(t, unit(&d, "so_kalinin"), true, 17), Some(1));
    assert_eq!(
        recovery_cost(t, unit(&d, "so_southwest"), true, 17),
        Some(2),
        "Shock: 2"
    );
    assert_eq!(fortify_cost(t, unit(&d, "so_leningrad"), true, 2), None);
    assert_eq!(fortify_cost(t, unit(&d, "so_leningrad"), true, 3), Some(1));
    // 7.2: free upgrades 1 from turn 6, 2 from 13, none from 18; paid ones 1 card (Shock 2)
    // from turn 6 until turn 17.
    assert_eq!(
        (
            free_upgrades(t, 5),
            free_upgrades(t, 6),
            free_upgrades(t, 13),
            free_upgrades(t, 18)
        ),
        (0, 1, 2, 0)
    );
    assert_eq!((free_upgrades(t, 12), free_upgrades(t, 17)), (1, 2));
    assert_eq!(upgrade_cost(t, unit(&d, "so_kalinin"), true, 5), None);
    assert_eq!(upgrade_cost(t, unit(&d, "so_kalinin"), true, 6), Some(1));
    assert_eq!(upgrade_cost(t, unit(&d, "so_crimean"), true, 6), Some(2));
    assert_eq!(upgrade_cost(t, unit(&d, "so_kalinin"), true, 17), None);
    // 7.9: Destroyed 1 (Soviet Shock 2), Surrendered 2; the Axis not before turn 5.
    assert_eq!(
        replacement_cost(t, unit(&d, "so_kalinin"), Loc::Destroyed, 3),
        Some(1)
    );
    assert_eq!(
        replacement_cost(t, unit(&d, "so_crimean"), Loc::Destroyed, 3),
        Some(2)
    );
    assert_eq!(
        replacement_cost(t, unit(&d, "so_kalinin"), Loc::Surrendered, 3),
        Some(2)
    );
    assert_eq!(
        replacement_cost(t, unit(&d, "ge_4a"), Loc::Destroyed, 4),
        None
    );
    assert_eq!(
        replacement_cost(t, unit(&d, "ge_4a"), Loc::Surrendered, 5),
        Some(2)
    );
    // 7.10 and 15.5 (E12): one card per marker; with quick reorganization one card, two.
    assert_eq!(
        (
            disorganized_cards(2, false),
            disorganized_cards(2, true),
            disorganized_cards(3, true)
        ),
        (2, 1, 2)
    );
}

/// Oracle 22 (7.9.2): a two-step unit returning as a replacement comes back reduced.
/// Worked example E11 (7.3/7.9.2, fragile Soviet unit): red before turn 17, brown from turn 17.
#[test]
fn r7_9_2_replacement_faces_e11() {
    let d = data();
    let t = &d.track;
    // E11: a red one-step Front eliminated on turn 16 comes back red before turn 17, brown on 17.
    assert!(!replacement_reduced(t, unit(&d, "so_kalinin"), false, 16));
    assert!(replacement_reduced(t, unit(&d, "so_kalinin"), false, 17));
    assert!(
        replacement_reduced(t, unit(&d, "ge_4a"), false, 10),
        "two-step: reduced"
    );
}

#[test]
fn r7_6_placement_and_9_2_unloading() {
    let b = Board::standard();
    let p = pos(
        &b,
        &[(Side::German, "-4,8", true), (Side::German, "-3,12", true)],
    );
    let s = Supply::new(&b, &p);
    let axis = placement_spaces(&b, &s, Side::German, Placing::Reinforcement);
    assert!(axis.contains(&b.place("Berlin").unwrap()));
    assert!(!axis.contains(&b.place("Minsk").unwrap()), "a Soviet city");
    let shattered = placement_spaces(&b, &s, Side::German, Placing::Shattered);
    let west_edge: Vec<SpaceId> = b.spaces_where(|h| h.edge == Some(Side::German));
    assert!(west_edge.iter().all(|e| shattered.contains(e)));
    let sov = placement_spaces(&b, &s, Side::Soviet, Placing::Reinforcement);
    assert!(
        sov.contains(&b.place("Moscow").unwrap()),
        "a city, even in EZOC"
    );
    assert!(sov.contains(&b.place("Astrakhan").unwrap()));
    // East-edge hexes: not in EZOC only.
    assert!(
        !sov.contains(&b.place("-3,13").unwrap()),
        "an edge hex in EZOC"
    );
    assert!(sov.contains(&b.place("0,12").unwrap()));
    // 9.2: unloading in Moscow (a friendly city with a land line) or within 3 of a source.
    let un = unload_spaces(&b, &s, Side::Soviet, &[]);
    assert!(un.contains(&b.place("Moscow").unwrap()));
    assert!(!un.contains(&b.place("-4,9").unwrap()), "in EZOC");
    let riga = b.place("Riga").unwrap();
    assert!(un.contains(&riga));
}

/// Oracle 30 (9.1.2): no 4th unit into a Rail box that holds 3.
/// Oracle 31 (9.1.3): on turns 1–2 the Axis embarks none; the Soviet one, free, and may not pay for more.
#[test]
fn r9_1_rail_embarking() {
    let d = data();
    let t = &d.track;
    let e = Embark {
        side: Side::Soviet,
        turn: 1,
        embarked_this_phase: 0,
        in_rail_box: 0,
        supplied: true,
        mobile: true,
    };
    assert_eq!(embark_cost(t, &e), Some(0), "one free move, even on turn 1");
    assert_eq!(
        embark_cost(
            t,
            &Embark {
                embarked_this_phase: 1,
                ..e
            }
        ),
        None,
        "9.1.3: no extra on turns 1-2"
    );
    assert_eq!(
        embark_cost(
            t,
            &Embark {
                embarked_this_phase: 1,
                turn: 3,
                ..e
            }
        ),
        Some(1),
        "9.1.1"
    );
    assert_eq!(
        embark_cost(
            t,
            &Embark {
                side: Side::German,
                ..e
            }
        ),
        None,
        "9.1.3: no Axis rail"
    );
    assert_eq!(
        embark_cost(
            t,
            &Embark {
                side: Side::German,
                turn: 3,
                ..e
            }
        ),
        Some(0)
    );
    assert_eq!(
        embark_cost(
            t,
            &Embark {
                in_rail_box: 3,
                turn: 3,
                ..e
            }
        ),
        None,
        "9.1.2"
    );
    assert_eq!(
        embark_cost(
            t,
            &Embark {
                supplied: false,
                turn: 3,
                ..e
            }
        ),
        None,
        "6.5.2"
    );
    assert_eq!(
        embark_cost(
            t,
            &Embark {
                mobile: false,
                turn: 3,
                ..e
            }
        ),
        None,
        "fortified"
    );
}
