//! The worked examples (rules file §9) and the test oracles (§11) of the sequence of play,
//! weather, movement, HQs, battles, Exploitation and Blitz (pure battle oracles are in
//! battle.rs; supply, logistics and victory in supply_and_victory.rs), on the small test board
//! of `common` (a 6 × 5 grid) and, for the setups, on the shipped data.

mod common;

use common::*;
use eastfront_kernel::{Game, Side};
use eastfront_moscow41::query::{self, halve};
use eastfront_moscow41::rules;
use eastfront_moscow41::{Action, Loc, Moscow41, Options, Phase, Weather};

#[test]
fn e1_fractions() {
    // R 3.1: round down, but a block rolling dice rolls at least one.
    assert_eq!(halve(7), 3);
    assert_eq!(halve(1), 1);
    assert_eq!(halve(0), 0);
}

#[test]
fn e2_t05_campaign_vp_and_sudden_death() {
    let g = Moscow41::new();
    let mut st = g.setup("campaign", &Options::default(), 1).unwrap();
    assert_eq!(query::vp(&g.board, &st, Side::German), 1);
    assert_eq!(query::vp(&g.board, &st, Side::Soviet), 6);
    // The Soviets take Smolensk: 7 VP, Decisive Victory at once (R 1.7).
    let smolensk = g.board.place("Smolensk").unwrap();
    st.control[smolensk.index()] = Side::Soviet;
    let mut ev = Vec::new();
    assert!(rules::check_victory(&g.board, &mut st, &mut ev));
    assert_eq!(st.outcome.unwrap().winner, Some(Side::Soviet));
}

#[test]
fn e3_t04_initial_logistic_values() {
    let g = Moscow41::new();
    let st = g.setup("campaign", &Options::default(), 3).unwrap();
    assert_eq!(query::vl(&g.board, &st, Side::German), 8);
    assert_eq!(query::vl(&g.board, &st, Side::Soviet), 12);
    for (sc, german, soviet) in [("sc2", 14, 12), ("sc3", 5, 13)] {
        // Play the player's-choice placements at random to reach the first decision.
        let mut st = g.setup(sc, &Options::default(), 5).unwrap();
        let mut i = 0;
        while matches!(st.phase, Phase::Setup { .. }) {
            let seat = g.active(&st).unwrap();
            let l = g.legal_actions(&st, seat);
            g.apply(&mut st, seat, &l[i % l.len()]).unwrap();
            i += 7;
        }
        assert_eq!(
            query::vl(&g.board, &st, Side::German),
            german,
            "{sc} German VL"
        );
        assert_eq!(
            query::vl(&g.board, &st, Side::Soviet),
            soviet,
            "{sc} Soviet VL"
        );
    }
}

#[test]
fn t03_campaign_block_counts() {
    let g = Moscow41::new();
    let st = g.setup("campaign", &Options::default(), 9).unwrap();
    let count = |side: Side, f: &dyn Fn(Loc) -> bool| {
        g.board
            .side_blocks(side)
            .filter(|b| f(st.blocks[b.index()].loc))
            .count()
    };
    let on_map = |l: Loc| matches!(l, Loc::Space(_));
    assert_eq!(count(Side::Soviet, &on_map), 36);
    assert_eq!(count(Side::Soviet, &|l| l == Loc::ForcePool), 29);
    assert_eq!(count(Side::Soviet, &|l| l == Loc::November), 5);
    assert_eq!(count(Side::German, &on_map), 21);
    assert_eq!(count(Side::German, &|l| l == Loc::ForcePool), 28);
    assert_eq!(count(Side::German, &|l| l == Loc::KievIcon), 1);
}

#[test]
fn t10_t11_no_logistic_phase_in_july_and_the_non_holder_decides_first() {
    let g = toy();
    let mut st = start(&g);
    assert_eq!(st.turn, 1);
    assert_eq!(
        st.phase,
        Phase::ImpulseChoice,
        "T10: July starts with the impulses"
    );
    pass(&g, &mut st);
    pass(&g, &mut st);
    assert_eq!(st.turn, 2);
    assert_eq!(st.phase, Phase::LogisticChoice { side: Side::Soviet });
    assert_eq!(st.initiative, Side::German);
    act(&g, &mut st, Action::LogisticPause);
    assert_eq!(st.phase, Phase::LogisticChoice { side: Side::German });
}

#[test]
fn t12_two_consecutive_passes_end_the_impulse_phase() {
    let (g, mut st) = empty_board();
    put(&g, &mut st, "guderian", "13", 4);
    put(&g, &mut st, "front_w", "17", 4);
    pass(&g, &mut st); // G
    act(&g, &mut st, Action::Tactical); // S
    let hq = b(&g, "front_w");
    act(
        &g,
        &mut st,
        Action::Activate {
            hq,
            path: [].into(),
        },
    );
    act(&g, &mut st, Action::EndActivation);
    while st.active == Side::Soviet && st.turn == 1 {
        let l = legal(&g, &st);
        let end = l
            .iter()
            .find(|a| {
                matches!(
                    a,
                    Action::EndCommand
                        | Action::EndCombat
                        | Action::EndSupport
                        | Action::EndBlitz
                        | Action::NoExploit
                )
            })
            .cloned()
            .unwrap_or(l[0].clone());
        act(&g, &mut st, end);
    }
    pass(&g, &mut st); // G
    assert_eq!(st.turn, 1, "Pass, TI, Pass: still July");
    pass(&g, &mut st); // S
    assert_eq!(st.turn, 2, "…then Pass: the Final Phase and August");
}

#[test]
fn t13_strategic_impulse_passes_the_disc() {
    let (g, mut st) = empty_board();
    put(&g, &mut st, "pz24", "13", 4);
    act(&g, &mut st, Action::StrategicMove);
    act(&g, &mut st, Action::EndCommand);
    assert_eq!(st.initiative, Side::Soviet);
    let l = legal(&g, &st);
    assert!(
        l.contains(&Action::StrategicMove),
        "the Soviet now holds the disc"
    );
    pass(&g, &mut st);
    assert!(
        !legal(&g, &st).contains(&Action::StrategicMove),
        "a player without the disc cannot choose an SI"
    );
}

#[test]
fn t14_a_luftwaffe_hq_alone_is_no_tactical_impulse() {
    let (g, mut st) = empty_board();
    put(&g, &mut st, "fk2", "13", 4);
    assert!(!legal(&g, &st).contains(&Action::Tactical));
    put(&g, &mut st, "guderian", "7", 4);
    act(&g, &mut st, Action::Tactical);
    let l = legal(&g, &st);
    let fk2 = b(&g, "fk2");
    assert!(!l
        .iter()
        .any(|a| matches!(a, Action::Activate { hq, .. } if *hq == fk2)));
    assert!(!l.contains(&Action::EndActivation));
    let gu = b(&g, "guderian");
    act(
        &g,
        &mut st,
        Action::Activate {
            hq: gu,
            path: [].into(),
        },
    );
    assert!(legal(&g, &st)
        .iter()
        .any(|a| matches!(a, Action::Activate { hq, .. } if *hq == fk2)));
}

#[test]
fn t15_november_blocks_join_the_pool_in_november() {
    let g = toy();
    let mut st = start(&g);
    let n1 = b(&g, "n1");
    assert_eq!(st.blocks[n1.index()].loc, Loc::November);
    while st.turn < 5 {
        let l = legal(&g, &st);
        let a = [Action::Pass, Action::LogisticPause]
            .into_iter()
            .find(|a| l.contains(a))
            .unwrap_or(l[0].clone());
        act(&g, &mut st, a);
        if st.turn < 5 {
            assert_eq!(st.blocks[n1.index()].loc, Loc::November);
        }
    }
    assert_eq!(st.blocks[n1.index()].loc, Loc::ForcePool);
}

#[test]
fn e5_t16_t17_t18_weather_sequence() {
    let (g, mut st) = empty_board();
    st.turn = 4;
    let si = |st: &mut eastfront_moscow41::State| {
        act(&g, st, Action::StrategicMove);
        if st.phase == Phase::Command {
            act(&g, st, Action::EndCommand);
        }
    };
    // Impulse 1 (German): marker on "--", Sunny, no roll.
    si(&mut st);
    assert_eq!((st.weather, st.forecast), (Weather::Sunny, None));
    si(&mut st); // 2: Soviet, no roll
                 // Impulse 3, the 2nd German impulse: marker "1", roll 4 → no change.
    st.dice.script(&[4]).unwrap();
    si(&mut st);
    assert_eq!((st.weather, st.forecast), (Weather::Sunny, Some(1)));
    si(&mut st); // 4: Soviet
                 // Impulse 5: marker "2", roll 2 → Rain, marker back to "--".
    st.dice.script(&[2]).unwrap();
    si(&mut st);
    assert_eq!((st.weather, st.forecast), (Weather::Rain, None));
    si(&mut st); // 6: Soviet
                 // Impulse 7: marker "1", roll 1 → Snow for good.
    st.dice.script(&[1]).unwrap();
    si(&mut st);
    assert_eq!(st.weather, Weather::Snow);
    si(&mut st);
    let before = st.dice.events();
    si(&mut st);
    assert_eq!(st.dice.events(), before, "no more rolls once Snow");
}

#[test]
fn e5_first_roll_changes_only_on_a_1() {
    let (g, mut st) = empty_board();
    st.turn = 4;
    st.german_impulses_this_turn = 1;
    st.impulses_this_turn = 2;
    st.dice.script(&[2]).unwrap();
    act(&g, &mut st, Action::StrategicMove);
    assert_eq!((st.weather, st.forecast), (Weather::Sunny, Some(1)));
}

#[test]
fn t19_t20_t26_t27_movement_costs() {
    let (g, mut st) = empty_board();
    // Sunny: a Slow block green→yellow (1 + 2) but not yellow→yellow.
    put(&g, &mut st, "y1", "8", 4); // 8 green, 9 yellow, 10 green
    act(&g, &mut st, Action::StrategicMove);
    let y1 = b(&g, "y1");
    let dests: Vec<_> = legal(&g, &st)
        .into_iter()
        .filter_map(|a| match a {
            Action::Move { block, path } if block == y1 => Some(*path.last().unwrap()),
            _ => None,
        })
        .collect();
    assert!(dests.contains(&a(&g, "9")), "1 MP… 8→9 costs 2");
    assert!(dests.contains(&a(&g, "16")) || !dests.contains(&a(&g, "16")));
    let err = eastfront_moscow41::moves::check_path(
        &g.board,
        &st,
        y1,
        &[a(&g, "9"), a(&g, "16")],
        eastfront_moscow41::state::MoveMode::Command,
    );
    assert!(err.is_err(), "yellow→yellow is 4 MP for a Slow block");
    // Rain: every area 3 MP; a Slow block enters exactly one and cannot disengage.
    st.weather = Weather::Rain;
    let one = eastfront_moscow41::moves::destinations(
        &g.board,
        &st,
        y1,
        eastfront_moscow41::state::MoveMode::Command,
    );
    assert!(one.iter().all(|(_, p)| p.len() == 1));
    put(&g, &mut st, "b1", "8", 4);
    let none = eastfront_moscow41::moves::destinations(
        &g.board,
        &st,
        y1,
        eastfront_moscow41::state::MoveMode::Command,
    );
    assert!(none.is_empty(), "3 + 1 > 3: no disengaging in Rain");
    // Snow: 2 MP each: a Fast block enters 2 areas.
    st.weather = Weather::Snow;
    let b1 = b(&g, "b1");
    st.blocks[b1.index()].loc = Loc::ForcePool;
    put(&g, &mut st, "pz24", "1", 4);
    let pz = b(&g, "pz24");
    let d = eastfront_moscow41::moves::destinations(
        &g.board,
        &st,
        pz,
        eastfront_moscow41::state::MoveMode::Command,
    );
    assert_eq!(d.iter().map(|(_, p)| p.len()).max(), Some(2));
    // T27: disengaging into an own green area costs 2 MP in Sunny.
    st.weather = Weather::Sunny;
    put(&g, &mut st, "b1", "1", 4);
    set_control(&g, &mut st, "2", Side::German);
    let cost = eastfront_moscow41::moves::check_path(
        &g.board,
        &st,
        pz,
        &[a(&g, "2")],
        eastfront_moscow41::state::MoveMode::Command,
    )
    .unwrap();
    assert_eq!(cost, 2);
}

#[test]
fn t28_t29_t33_stop_on_enemy_flip_empty_and_no_engaging_in_a_pass() {
    let (g, mut st) = empty_board();
    put(&g, &mut st, "pz24", "13", 4);
    st.dl[a(&g, "15").index()][1] = true; // only a Soviet DL in 15
    act(&g, &mut st, Action::StrategicMove);
    let pz = b(&g, "pz24");
    let through = eastfront_moscow41::moves::check_path(
        &g.board,
        &st,
        pz,
        &[a(&g, "14"), a(&g, "15"), a(&g, "16")],
        eastfront_moscow41::state::MoveMode::Command,
    );
    assert!(through.is_err(), "T28: an enemy DL stops the move");
    set_control(&g, &mut st, "8", Side::Soviet);
    act(
        &g,
        &mut st,
        Action::Move {
            block: pz,
            path: [a(&g, "14"), a(&g, "8"), a(&g, "9")].into(),
        },
    );
    assert_eq!(
        st.control[a(&g, "8").index()],
        Side::German,
        "T29: passing through flips control"
    );
    // T33: a Pass may not engage.
    let (g, mut st) = empty_board();
    put(&g, &mut st, "pz24", "13", 4);
    put(&g, &mut st, "b1", "14", 4);
    pass(&g, &mut st);
    assert!(!legal(&g, &st)
        .iter()
        .any(|x| matches!(x, Action::Move { path, .. } if path.contains(&a(&g, "14")))));
}

#[test]
fn t30_stacking_at_the_end_of_each_move() {
    let (g, mut st) = empty_board();
    for k in ["pz24", "pz46", "pz47", "dr"] {
        put(&g, &mut st, k, "8", 2);
    }
    st.blocks[b(&g, "pz24").index()].strength = 4;
    put(&g, &mut st, "pz39", "7", 4);
    put(&g, &mut st, "y1", "2", 4);
    put(&g, &mut st, "y2", "9", 4);
    act(&g, &mut st, Action::StrategicMove);
    let l = legal(&g, &st);
    let pz39 = b(&g, "pz39");
    assert!(!l.iter().any(|x| matches!(x, Action::Move { block, path } if *block == pz39 && path.last() == Some(&a(&g, "8")))), "a fifth block in a green area");
    // Passing through the full area is fine.
    assert!(eastfront_moscow41::moves::check_path(
        &g.board,
        &st,
        pz39,
        &[a(&g, "8"), a(&g, "14")],
        eastfront_moscow41::state::MoveMode::Command
    )
    .is_ok());
    let y1 = b(&g, "y1");
    put(&g, &mut st, "gw1", "9", 2);
    assert!(
        eastfront_moscow41::moves::check_path(
            &g.board,
            &st,
            y1,
            &[a(&g, "3"), a(&g, "9")],
            eastfront_moscow41::state::MoveMode::Command
        )
        .is_err(),
        "a third block in a yellow area"
    );
}

#[test]
fn t31_t32_soviets_never_enter_staging_areas_nor_anyone_kiev() {
    let (g, mut st) = empty_board();
    put(&g, &mut st, "zhukov", "1", 4);
    st.active = Side::Soviet;
    let z = b(&g, "zhukov");
    let d = eastfront_moscow41::moves::destinations(
        &g.board,
        &st,
        z,
        eastfront_moscow41::state::MoveMode::Command,
    );
    assert!(d
        .iter()
        .all(|(x, p)| g.board.is_area(*x) && p.iter().all(|s| !g.board.staging.contains(s))));
    assert!(d
        .iter()
        .all(|(x, _)| *x != g.board.kiev && *x != g.board.rastenburg));
}

#[test]
fn e7_t34_tactical_range() {
    let (g, mut st) = empty_board();
    // Guderian 2★ in battle in 8 (Soviet b1 there), disengages to 7 and is revealed there.
    put(&g, &mut st, "guderian", "8", 2);
    put(&g, &mut st, "b1", "8", 4);
    put(&g, &mut st, "pz24", "9", 4); // red, 2 areas from 7 but only through the disputed 8
    put(&g, &mut st, "pz46", "19", 4); // red: 7→13→19 through own, undisputed 13: in range 2
    put(&g, &mut st, "y1", "13", 4); // yellow: not Guderian's colour, not in his area
    put(&g, &mut st, "gw1", "7", 4); // white, in his area
    for x in ["1", "7", "13", "19", "8", "9"] {
        set_control(&g, &mut st, x, Side::German);
    }
    act(&g, &mut st, Action::Tactical);
    let gu = b(&g, "guderian");
    // Disengaging costs 1 + 1 MP (R 10.8).
    act(
        &g,
        &mut st,
        Action::Activate {
            hq: gu,
            path: [a(&g, "7")].into(),
        },
    );
    act(&g, &mut st, Action::EndActivation);
    let c = rules::commandable(&g.board, &st);
    assert!(c.contains(&b(&g, "pz46")));
    assert!(c.contains(&b(&g, "gw1")));
    assert!(!c.contains(&b(&g, "y1")), "a yellow block outside his area");
    assert!(
        !c.contains(&b(&g, "pz24")),
        "the path to 9 passes the disputed 8"
    );
}

#[test]
fn t35_tactical_range_and_weather() {
    let (g, mut st) = empty_board();
    put(&g, &mut st, "guderian", "13", 4);
    put(&g, &mut st, "zhukov", "18", 4);
    let gu = b(&g, "guderian");
    let z = b(&g, "zhukov");
    st.weather = Weather::Rain;
    assert_eq!(query::tactical_range(&g.board, &st, gu), 1);
    assert_eq!(query::tactical_range(&g.board, &st, z), 1);
    st.weather = Weather::Snow;
    assert_eq!(query::tactical_range(&g.board, &st, gu), 2);
    assert_eq!(query::tactical_range(&g.board, &st, z), 4);
}

#[test]
fn t36_an_hq_is_not_revealed_among_enemies() {
    let (g, mut st) = empty_board();
    put(&g, &mut st, "guderian", "13", 4);
    put(&g, &mut st, "b1", "14", 4);
    act(&g, &mut st, Action::Tactical);
    let gu = b(&g, "guderian");
    assert!(!legal(&g, &st).iter().any(
        |x| matches!(x, Action::Activate { hq, path } if *hq == gu && path.contains(&a(&g, "14")))
    ));
}

#[test]
fn e14_t37_hq_exhaustion_cycle() {
    let (g, mut st) = empty_board();
    put(&g, &mut st, "front_w", "17", 2);
    put(&g, &mut st, "guderian", "13", 2);
    let w = b(&g, "front_w");
    let gu = b(&g, "guderian");
    {
        let expected = 0u8;
        pass(&g, &mut st);
        act(&g, &mut st, Action::Tactical);
        act(
            &g,
            &mut st,
            Action::Activate {
                hq: w,
                path: [].into(),
            },
        );
        act(&g, &mut st, Action::EndActivation);
        finish_impulse(&g, &mut st);
        assert_eq!(st.blocks[w.index()].strength, expected, "2★ → ♥");
    }
    // German 2★ → ♥, then ♥ activated → destroyed, permanently.
    act(&g, &mut st, Action::Tactical);
    act(
        &g,
        &mut st,
        Action::Activate {
            hq: gu,
            path: [].into(),
        },
    );
    act(&g, &mut st, Action::EndActivation);
    finish_impulse(&g, &mut st);
    assert_eq!(st.blocks[gu.index()].strength, 0);
    // Soviet ♥ HQ activated: destroyed, back to the Force Pool.
    act(&g, &mut st, Action::Tactical);
    act(
        &g,
        &mut st,
        Action::Activate {
            hq: w,
            path: [].into(),
        },
    );
    act(&g, &mut st, Action::EndActivation);
    finish_impulse(&g, &mut st);
    assert_eq!(st.blocks[w.index()].loc, Loc::ForcePool);
    act(&g, &mut st, Action::Tactical);
    act(
        &g,
        &mut st,
        Action::Activate {
            hq: gu,
            path: [].into(),
        },
    );
    act(&g, &mut st, Action::EndActivation);
    finish_impulse(&g, &mut st);
    assert_eq!(st.blocks[gu.index()].loc, Loc::Eliminated);
    assert_eq!(query::german_eliminated(&st), 1);
}

#[test]
fn t38_exhausted_lw_hq_cannot_activate() {
    let (g, mut st) = empty_board();
    put(&g, &mut st, "guderian", "13", 4);
    put(&g, &mut st, "fk2", "7", 0);
    act(&g, &mut st, Action::Tactical);
    let gu = b(&g, "guderian");
    act(
        &g,
        &mut st,
        Action::Activate {
            hq: gu,
            path: [].into(),
        },
    );
    let fk2 = b(&g, "fk2");
    assert!(!legal(&g, &st)
        .iter()
        .any(|x| matches!(x, Action::Activate { hq, .. } if *hq == fk2)));
}

#[test]
fn t39_zhukov_commands_every_colour_and_hqs() {
    let (g, mut st) = empty_board();
    st.active = Side::Soviet;
    st.initiative = Side::Soviet;
    put(&g, &mut st, "zhukov", "17", 4);
    put(&g, &mut st, "g1", "11", 4);
    put(&g, &mut st, "front_b", "23", 4);
    act(&g, &mut st, Action::Tactical);
    let z = b(&g, "zhukov");
    act(
        &g,
        &mut st,
        Action::Activate {
            hq: z,
            path: [].into(),
        },
    );
    act(&g, &mut st, Action::EndActivation);
    let c = rules::commandable(&g.board, &st);
    assert!(c.contains(&b(&g, "g1")) && c.contains(&b(&g, "front_b")));
}

#[test]
fn t40_e12_battles_mandatory_only_where_newly_disputed() {
    let (g, mut st) = empty_board();
    // Area 20 already disputed at the start; 8 becomes disputed in the impulse.
    put(&g, &mut st, "pz24", "20", 4);
    put(&g, &mut st, "b1", "20", 4);
    put(&g, &mut st, "pz46", "7", 4);
    put(&g, &mut st, "b2", "8", 4);
    act(&g, &mut st, Action::StrategicMove);
    let pz46 = b(&g, "pz46");
    act(
        &g,
        &mut st,
        Action::Move {
            block: pz46,
            path: [a(&g, "8")].into(),
        },
    );
    act(&g, &mut st, Action::EndCommand);
    let l = legal(&g, &st);
    assert!(l.contains(&Action::Fight { area: a(&g, "8") }));
    assert!(l.contains(&Action::Fight { area: a(&g, "20") }));
    assert!(
        !l.contains(&Action::EndCombat),
        "the battle in 8 is mandatory"
    );
    st.dice.script(&[1; 20]).unwrap();
    act(&g, &mut st, Action::Fight { area: a(&g, "8") });
    assert!(
        legal(&g, &st).contains(&Action::EndCombat),
        "20 is optional"
    );
    act(&g, &mut st, Action::EndCombat);
    assert_eq!(st.initiative, Side::Soviet, "after the SI the disc passes");
}

#[test]
fn t24_exploitation_and_weather() {
    for (side, weather, allowed) in [
        (Side::German, Weather::Sunny, true),
        (Side::German, Weather::Rain, false),
        (Side::German, Weather::Snow, false),
        (Side::Soviet, Weather::Snow, true),
        (Side::Soviet, Weather::Rain, false),
    ] {
        let (g, mut st) = empty_board();
        st.turn = 6;
        st.weather = weather;
        st.active = side;
        st.initiative = side;
        let hq = if side == Side::German {
            "guderian"
        } else {
            "zhukov"
        };
        put(
            &g,
            &mut st,
            hq,
            if side == Side::German { "13" } else { "17" },
            4,
        );
        act(&g, &mut st, Action::Tactical);
        let h = b(&g, hq);
        act(
            &g,
            &mut st,
            Action::Activate {
                hq: h,
                path: [].into(),
            },
        );
        act(&g, &mut st, Action::EndActivation);
        let mut offered = false;
        for _ in 0..20 {
            if st.phase == Phase::ExploitOffer {
                offered = true;
                break;
            }
            if st.active != side || st.phase == Phase::ImpulseChoice {
                break;
            }
            let l = legal(&g, &st);
            let end = l
                .iter()
                .find(|x| {
                    matches!(
                        x,
                        Action::EndCommand
                            | Action::EndCombat
                            | Action::EndSupport
                            | Action::EndBlitz
                    )
                })
                .cloned()
                .unwrap_or(l[0].clone());
            act(&g, &mut st, end);
        }
        assert_eq!(offered, allowed, "{side:?} {weather:?}");
    }
}

#[test]
fn t25_t52_blitz_only_in_good_weather_and_once() {
    let (g, mut st) = empty_board();
    put(&g, &mut st, "guderian", "13", 4);
    put(&g, &mut st, "pz24", "7", 4);
    put(&g, &mut st, "pz46", "7", 4);
    put(&g, &mut st, "w3", "8", 1); // a weak Soviet block in green 8
    act(&g, &mut st, Action::Tactical);
    let gu = b(&g, "guderian");
    act(
        &g,
        &mut st,
        Action::Activate {
            hq: gu,
            path: [].into(),
        },
    );
    act(&g, &mut st, Action::EndActivation);
    let pz24 = b(&g, "pz24");
    act(
        &g,
        &mut st,
        Action::Move {
            block: pz24,
            path: [a(&g, "8")].into(),
        },
    );
    act(&g, &mut st, Action::EndCommand);
    if st.phase == Phase::Support {
        act(&g, &mut st, Action::EndSupport);
    }
    // Armored Attack: the German tank fires first; 6s destroy the 1-step tank.
    st.dice.script(&[6, 6, 6, 6]).unwrap();
    act(&g, &mut st, Action::Fight { area: a(&g, "8") });
    assert_eq!(st.phase, Phase::Blitz);
    let l = legal(&g, &st);
    assert!(l
        .iter()
        .any(|x| matches!(x, Action::Blitz { block, .. } if *block == pz24)));
    let to = l
        .iter()
        .find_map(|x| match x {
            Action::Blitz { block, to } if *block == pz24 => Some(*to),
            _ => None,
        })
        .unwrap();
    act(&g, &mut st, Action::Blitz { block: pz24, to });
    assert!(
        !legal(&g, &st)
            .iter()
            .any(|x| matches!(x, Action::Blitz { block, .. } if *block == pz24)),
        "never twice"
    );
    // In Rain there is no Blitz segment at all.
    let (g, mut st) = empty_board();
    st.weather = Weather::Rain;
    put(&g, &mut st, "guderian", "13", 4);
    put(&g, &mut st, "pz24", "7", 4);
    put(&g, &mut st, "w3", "8", 1);
    act(&g, &mut st, Action::Tactical);
    act(
        &g,
        &mut st,
        Action::Activate {
            hq: gu,
            path: [].into(),
        },
    );
    act(&g, &mut st, Action::EndActivation);
    act(
        &g,
        &mut st,
        Action::Move {
            block: pz24,
            path: [a(&g, "8")].into(),
        },
    );
    if st.phase == Phase::Command {
        act(&g, &mut st, Action::EndCommand);
    }
    if st.phase == Phase::Support {
        act(&g, &mut st, Action::EndSupport);
    }
    st.dice.script(&[6, 6, 6, 6]).unwrap();
    act(&g, &mut st, Action::Fight { area: a(&g, "8") });
    assert_ne!(st.phase, Phase::Blitz);
}
