//! The worked examples (rules file §9) and the test oracles (§11) that are not pure battle
//! oracles (those are in battle.rs), on the small test board of `common` (a 6 × 5 grid) and,
//! for the setups, on the shipped data.

mod common;

use common::*;
use eastfront_kernel::{Game, Side};
use eastfront_moscow41::query::{self, halve};
use eastfront_moscow41::rules;
use eastfront_moscow41::{
    Action, AreaId, BomberState, ImpulseKind, Loc, Moscow41, Options, Phase, Weather,
};

/// The toy campaign, cleared, at the German's first impulse choice.
fn empty_board() -> (Moscow41, eastfront_moscow41::State) {
    let g = toy();
    let mut st = start(&g);
    clear(&g, &mut st);
    assert_eq!(st.phase, Phase::ImpulseChoice);
    (g, st)
}

/// A Pass that moves nothing (R 12.0).
fn pass(g: &Moscow41, st: &mut eastfront_moscow41::State) {
    act(g, st, Action::Pass);
    if st.phase == Phase::Command {
        act(g, st, Action::EndCommand);
    }
}

#[allow(dead_code)]
fn run(g: &Moscow41, st: &mut eastfront_moscow41::State) {
    let mut ev = Vec::new();
    rules::run(&g.board, st, &mut ev);
}

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

/// Ends the current impulse choosing "end" options.
fn finish_impulse(g: &Moscow41, st: &mut eastfront_moscow41::State) {
    let side = st.active;
    for _ in 0..100 {
        if st.active != side || st.phase == Phase::ImpulseChoice {
            return;
        }
        let l = legal(g, st);
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
                        | Action::EndExploitation
                )
            })
            .cloned()
            .unwrap_or(l[0].clone());
        act(g, st, end);
    }
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

#[test]
fn e6_t55_t56_t57_isolation_attrition() {
    let (g, mut st) = empty_board();
    st.active = Side::Soviet;
    st.initiative = Side::Soviet;
    // Cut area 13 (1 step Soviet infantry + DL, German cavalry) and DL alone with a German in 20.
    put(&g, &mut st, "w2", "13", 1);
    st.dl[a(&g, "13").index()][1] = true;
    put(&g, &mut st, "dr", "13", 2);
    st.dl[a(&g, "20").index()][1] = true;
    put(&g, &mut st, "y1", "20", 4);
    // DL alone, undisputed, isolated in 1 (German land around).
    st.dl[a(&g, "1").index()][1] = true;
    for x in [
        "1", "7", "13", "19", "25", "14", "20", "8", "2", "26", "21", "15", "9", "3",
    ] {
        set_control(&g, &mut st, x, Side::German);
    }
    set_control(&g, &mut st, "13", Side::Soviet);
    set_control(&g, &mut st, "20", Side::Soviet);
    set_control(&g, &mut st, "1", Side::Soviet);
    pass(&g, &mut st);
    let w2 = b(&g, "w2");
    assert_eq!(
        st.blocks[w2.index()].loc,
        Loc::Surrendered,
        "case 3: surrenders"
    );
    assert!(
        st.dl[a(&g, "13").index()][1],
        "case 3: the DL was not alone when judged"
    );
    assert!(
        !st.dl[a(&g, "20").index()][1],
        "case 4: a DL alone in a disputed area is destroyed"
    );
    assert!(
        st.dl[a(&g, "1").index()][1],
        "case 2: an undisputed DL stays"
    );
    assert_eq!(query::soviet_surrendered(&st), 1);
}

#[test]
fn t54_loc_starts_in_a_disputed_area_but_not_through_one() {
    let (g, mut st) = empty_board();
    put(&g, &mut st, "b1", "17", 4);
    put(&g, &mut st, "pz24", "17", 4);
    let sup = query::supplied_areas(&g.board, &st, Side::Soviet);
    assert!(query::in_supply_with(
        &g.board,
        a(&g, "17"),
        Side::Soviet,
        &sup,
        &st
    ));
    assert!(
        !sup[a(&g, "17").index()],
        "nothing traces through the disputed 17"
    );
}

#[test]
fn t58_vl_bonuses() {
    let (g, mut st) = empty_board();
    let soviet: Vec<_> = g.board.side_blocks(Side::Soviet).collect();
    for s in soviet
        .iter()
        .take(11)
        .filter(|x| g.board.block(**x).role == eastfront_moscow41::data::Role::Combat)
    {
        st.blocks[s.index()].loc = Loc::Surrendered;
    }
    let n = query::soviet_surrendered(&st);
    let base = query::raw_vl(&g.board, &st, Side::German);
    for s in soviet.iter() {
        st.blocks[s.index()].loc = Loc::ForcePool;
    }
    let stalin = b(&g, "stalin");
    st.blocks[stalin.index()].loc = Loc::Space(g.board.moscow);
    assert_eq!(
        base - query::raw_vl(&g.board, &st, Side::German),
        (n / 10) as u8
    );
}

#[test]
fn t23_vl_in_snow() {
    let (g, mut st) = empty_board();
    st.weather = Weather::Snow;
    let raw = query::raw_vl(&g.board, &st, Side::Soviet);
    assert_eq!(
        query::vl(&g.board, &st, Side::Soviet),
        raw,
        "Moscow and Leningrad held"
    );
    let raw = query::raw_vl(&g.board, &st, Side::German);
    assert_eq!(query::vl(&g.board, &st, Side::German), raw / 2);
}

#[test]
fn e4_t59_t60_logistic_activation() {
    let (g, mut st) = empty_board();
    st.turn = 5;
    put(&g, &mut st, "guderian", "13", 3);
    put(&g, &mut st, "hoth", "7", 0);
    put(&g, &mut st, "pz24", "19", 3);
    put(&g, &mut st, "y1", "1", 2);
    put(&g, &mut st, "y2", "14", 2);
    put(&g, &mut st, "b1", "14", 4); // y2 engaged: no replacement
    st.phase = Phase::LogisticChoice { side: Side::German };
    st.active = Side::German;
    act(&g, &mut st, Action::ActivateLeader);
    let vl = st.logistics.as_ref().unwrap().vl;
    assert!(vl >= 4);
    let gu = b(&g, "guderian");
    let hoth = b(&g, "hoth");
    act(&g, &mut st, Action::Regenerate { hq: gu });
    for _ in 0..3 {
        act(&g, &mut st, Action::Regenerate { hq: hoth });
    }
    assert_eq!(st.blocks[hoth.index()].strength, 4, "♥ → 4★ costs 3");
    act(&g, &mut st, Action::EndRegeneration);
    let l = legal(&g, &st);
    assert!(
        !l.contains(&Action::Replace { block: b(&g, "y2") }),
        "engaged blocks get none"
    );
    let before = st.logistics.as_ref().unwrap().replacement_left;
    act(
        &g,
        &mut st,
        Action::Replace {
            block: b(&g, "pz24"),
        },
    );
    assert_eq!(
        before - st.logistics.as_ref().unwrap().replacement_left,
        2,
        "a white step costs 2"
    );
    act(&g, &mut st, Action::Replace { block: b(&g, "y1") });
    assert_eq!(
        before - st.logistics.as_ref().unwrap().replacement_left,
        3,
        "a black step costs 1"
    );
}

#[test]
fn t61_undeployable_soviet_reinforcement_returns() {
    let (g, mut st) = empty_board();
    st.active = Side::Soviet;
    st.initiative = Side::Soviet;
    // Every Soviet city/victory area German or engaged: nowhere to enter.
    for x in ["11", "16", "26", "27", "23", "28", "30"] {
        set_control(&g, &mut st, x, Side::German);
    }
    put(&g, &mut st, "y1", "18", 2); // Moscow disputed
    put(&g, &mut st, "w1", "18", 2);
    let pool_before = g
        .board
        .side_blocks(Side::Soviet)
        .filter(|x| st.blocks[x.index()].loc == Loc::ForcePool)
        .count();
    act(&g, &mut st, Action::StrategicReinforce);
    let pool_after = g
        .board
        .side_blocks(Side::Soviet)
        .filter(|x| st.blocks[x.index()].loc == Loc::ForcePool)
        .count();
    assert_eq!(pool_before, pool_after);
    assert!(st.drawn.is_empty());
}

#[test]
fn t62_dl_building_conditions() {
    let (g, mut st) = empty_board();
    put(&g, &mut st, "y1", "7", 1); // at minimum
    put(&g, &mut st, "y2", "1", 4);
    put(&g, &mut st, "guderian", "13", 4);
    put(&g, &mut st, "pz24", "14", 4);
    put(&g, &mut st, "b1", "14", 4); // disputed
    st.dl[a(&g, "1").index()][0] = true; // already a DL
    act(&g, &mut st, Action::StrategicMove);
    let l = legal(&g, &st);
    for k in ["y1", "y2", "guderian", "pz24"] {
        assert!(!l.contains(&Action::BuildDl { block: b(&g, k) }), "{k}");
    }
    put(&g, &mut st, "y3", "19", 4);
    assert!(legal(&g, &st).contains(&Action::BuildDl { block: b(&g, "y3") }));
}

#[test]
fn e8_t63_road_to_leningrad() {
    let (g, mut st) = empty_board();
    st.weather = Weather::Snow;
    st.turn = 5;
    let novgorod = a(&g, "Novgorod");
    put(&g, &mut st, "hoepner", "Novgorod", 4);
    put(&g, &mut st, "tt", "Novgorod", 2);
    act(&g, &mut st, Action::Tactical);
    let h = b(&g, "hoepner");
    act(
        &g,
        &mut st,
        Action::Activate {
            hq: h,
            path: [].into(),
        },
    );
    st.dice.script(&[5, 6]).unwrap();
    act(&g, &mut st, Action::EndActivation);
    let pushkin = a(&g, "Pushkin");
    assert_eq!(st.blocks[h.index()].loc, Loc::Space(pushkin));
    assert_eq!(st.blocks[b(&g, "tt").index()].loc, Loc::Space(pushkin));
    assert_eq!(st.blocks[h.index()].strength, 3, "deactivated: 4★ → 3★");
    let _ = novgorod;
}

#[test]
fn e15_t64_t65_shlisselburg_kiev_and_leningrad() {
    let (g, mut st) = empty_board();
    // Shlisselburg: immediately.
    put(&g, &mut st, "hoepner", "Sinyavino", 4);
    put(&g, &mut st, "pz41", "Sinyavino", 4);
    act(&g, &mut st, Action::Tactical);
    let h = b(&g, "hoepner");
    act(
        &g,
        &mut st,
        Action::Activate {
            hq: h,
            path: [].into(),
        },
    );
    st.dice.script(&[6, 6, 6, 6]).unwrap();
    act(&g, &mut st, Action::EndActivation);
    finish_impulse(&g, &mut st);
    assert!(!st.disc_shlisselburg);
    assert!(
        !query::is_source(&g.board, &st, a(&g, "1"), Side::Soviet),
        "light-blue edge lost"
    );
    assert!(
        query::is_source(&g.board, &st, a(&g, "5"), Side::Soviet),
        "blue edge still valid"
    );
    // Kiev: only in a Final Phase, with Chernigov and Romny German.
    set_control(&g, &mut st, "Chernigov", Side::German);
    set_control(&g, &mut st, "Romny", Side::German);
    assert!(st.disc_kiev);
    pass(&g, &mut st);
    pass(&g, &mut st);
    assert!(!st.disc_kiev);
    assert_eq!(st.blocks[b(&g, "pz48").index()].loc, Loc::ForcePool);
    assert!(!query::is_source(&g.board, &st, a(&g, "25"), Side::Soviet));
    assert!(
        query::is_source(&g.board, &st, a(&g, "29"), Side::Soviet),
        "south edge without orange icon"
    );
    set_control(&g, &mut st, "Chernigov", Side::Soviet);
    assert!(!st.disc_kiev, "permanent");
}

#[test]
fn t66_moscow_falls_stalin_dies() {
    let (g, mut st) = empty_board();
    put(&g, &mut st, "pz24", "17", 4);
    for x in ["13", "14", "15", "16", "17"] {
        set_control(&g, &mut st, x, Side::German);
    }
    act(&g, &mut st, Action::StrategicMove);
    let pz = b(&g, "pz24");
    act(
        &g,
        &mut st,
        Action::Move {
            block: pz,
            path: [a(&g, "18")].into(),
        },
    );
    assert!(st.stalin_dead);
    assert_eq!(st.blocks[b(&g, "stalin").index()].loc, Loc::Removed);
}

#[test]
fn t08_sc1_sudden_deaths() {
    let g = toy();
    let mut st = g.setup("toy1", &Options::default(), 2).unwrap();
    set_control(&g, &mut st, "Chernigov", Side::German);
    set_control(&g, &mut st, "Romny", Side::German);
    let mut ev = Vec::new();
    assert!(rules::check_victory(&g.board, &mut st, &mut ev));
    assert_eq!(st.outcome.as_ref().unwrap().winner, Some(Side::German));
    // Without it, July's Final Phase ends it for the Soviets.
    let mut st = g.setup("toy1", &Options::default(), 2).unwrap();
    pass(&g, &mut st);
    pass(&g, &mut st);
    assert_eq!(st.outcome.as_ref().unwrap().winner, Some(Side::Soviet));
}

#[test]
fn t09_sc2_sc3_moscow_wins_for_the_germans() {
    let g = toy();
    let mut st = g.setup("toy3", &Options::default(), 2).unwrap();
    set_control(&g, &mut st, "Moscow", Side::German);
    let mut ev = Vec::new();
    assert!(rules::check_victory(&g.board, &mut st, &mut ev));
    assert_eq!(st.outcome.unwrap().winner, Some(Side::German));
}

#[test]
fn sc1_and_sc3_disc_limits() {
    let g = toy();
    let mut st = g.setup("toy1", &Options::default(), 2).unwrap();
    act(&g, &mut st, Action::StrategicMove);
    finish_impulse(&g, &mut st);
    act(&g, &mut st, Action::StrategicMove); // Soviet uses it once
    finish_impulse(&g, &mut st);
    assert_eq!(st.initiative, Side::German);
    assert!(
        !legal(&g, &st).contains(&Action::StrategicMove),
        "SC.1: once per player"
    );
}

#[test]
fn t50_aborted_bombers_return_next_german_impulse() {
    let (g, mut st) = empty_board();
    st.bombers[0] = BomberState::Aborted;
    st.bombers[1] = BomberState::Destroyed;
    pass(&g, &mut st);
    assert_eq!(st.bombers[0], BomberState::Available);
    assert_eq!(st.bombers[1], BomberState::Destroyed);
    pass(&g, &mut st);
    assert_eq!(
        st.bombers[1],
        BomberState::Available,
        "after the Final Phase"
    );
}

#[test]
fn hidden_blocks_stay_hidden_in_the_other_view() {
    let g = Moscow41::new();
    let st = g.setup("campaign", &Options::default(), 4).unwrap();
    let v = g.view(&st, eastfront_kernel::Viewer::Side(Side::German));
    assert!(v
        .blocks
        .iter()
        .all(|b| b.side == Side::German || b.face.is_none()));
    let soviet = v.sides.iter().find(|s| s.side == Side::Soviet).unwrap();
    assert!(soviet.force_pool_blocks.is_none() && soviet.force_pool > 0);
    let _ = ImpulseKind::Pass;
}

/// RO 14.2 (a): in a Pass the 4th Panzer Group may leave the Road for a German-controlled,
/// undisputed, supplied map area, once all four blocks have been deployed; it keeps its
/// strength, counts against the Pass's one block (GAP-35) and never goes back.
#[test]
fn ro14_2a_fourth_panzer_group_leaves_the_road_in_a_pass() {
    let (g, mut st) = empty_board();
    st.options.optional.zhukov_hoepner = true;
    for k in ["hoepner", "pz41", "pz56", "tt"] {
        put(
            &g,
            &mut st,
            k,
            "Novgorod",
            if k == "hoepner" { 3 } else { 2 },
        );
    }
    set_control(&g, &mut st, "7", Side::German);
    set_control(&g, &mut st, "8", Side::Soviet);
    let h = b(&g, "hoepner");
    let transfers = |st: &eastfront_moscow41::State| -> Vec<(u8, u16)> {
        legal(&g, st)
            .into_iter()
            .filter_map(|x| match x {
                Action::Move { block, path }
                    if g.board
                        .road_index(query::space_of(st, block).unwrap())
                        .is_some() =>
                {
                    Some((block.0, path[0].0))
                }
                _ => None,
            })
            .collect()
    };
    // Not in a Tactical Impulse (only a Pass or an SI).
    let mut ti = st.clone();
    act(&g, &mut ti, Action::Tactical);
    assert!(transfers(&ti).is_empty());
    // Not while an "L" block is still in the Force Pool.
    let mut early = st.clone();
    early.blocks[b(&g, "pz56").index()].loc = Loc::ForcePool;
    act(&g, &mut early, Action::Pass);
    assert!(transfers(&early).is_empty());
    // Not without the optional rule.
    let mut off = st.clone();
    off.options.optional.zhukov_hoepner = false;
    act(&g, &mut off, Action::Pass);
    assert!(transfers(&off).is_empty());

    act(&g, &mut st, Action::Pass);
    let t = transfers(&st);
    let seven = a(&g, "7");
    let eight = a(&g, "8");
    assert!(t.contains(&(h.0, seven.0)), "{t:?}");
    assert!(!t.iter().any(|(_, x)| *x == eight.0), "a Soviet area");
    assert_eq!(t.iter().filter(|(x, _)| *x == h.0).count() * 4, t.len());
    act(
        &g,
        &mut st,
        Action::Move {
            block: h,
            path: [seven].into(),
        },
    );
    assert_eq!(st.blocks[h.index()].loc, Loc::Space(seven));
    assert_eq!(st.blocks[h.index()].strength, 3, "keeps his strength");
    // GAP-35: the transfer was the Pass's one block.
    assert_ne!(st.phase, Phase::Command);
    // Hoepner on the map provides Artillery Fire and Blitz (RO 14.2).
    assert!(query::has_artillery(&g.board, &st, h));
    assert!(query::is_blitz_hq(&g.board, &st, h));
}

/// RO 14.2 (b): Zhukov drawn from the Force Pool may deploy in the Leningrad box; from there he
/// commands nobody, and in a Pass comes back next to Moscow keeping his strength.
#[test]
fn ro14_2b_zhukov_to_leningrad_and_back_next_to_moscow() {
    let (g, mut st) = empty_board();
    st.options.optional.zhukov_hoepner = true;
    let z = b(&g, "zhukov");
    pass(&g, &mut st); // German Pass
    assert_eq!(st.active, Side::Soviet);
    let mut deploy = st.clone();
    deploy.initiative = Side::Soviet;
    act(&g, &mut deploy, Action::StrategicReinforce);
    // Whatever was drawn, Zhukov is the next to deploy.
    for x in deploy.drawn.clone() {
        deploy.blocks[x.index()].loc = Loc::ForcePool;
    }
    deploy.drawn = vec![z];
    deploy.blocks[z.index()].loc = Loc::Drawn;
    deploy.phase = Phase::Reinforce { logistic: false };
    let l = legal(&g, &deploy);
    let len = g.board.leningrad;
    assert!(
        l.contains(&Action::Deploy {
            block: z,
            area: len
        }),
        "{l:?}"
    );
    let mut off = deploy.clone();
    off.options.optional.zhukov_hoepner = false;
    assert!(!legal(&g, &off).contains(&Action::Deploy {
        block: z,
        area: len
    }));
    act(
        &g,
        &mut deploy,
        Action::Deploy {
            block: z,
            area: len,
        },
    );
    assert_eq!(deploy.blocks[z.index()].loc, Loc::Space(len));

    // In the box, in a Soviet Pass: back to an area adjacent to Moscow only.
    put(&g, &mut st, "zhukov", "Leningrad", 3);
    set_control(&g, &mut st, "17", Side::Soviet);
    set_control(&g, &mut st, "12", Side::German);
    act(&g, &mut st, Action::Pass);
    let back: Vec<AreaId> = legal(&g, &st)
        .into_iter()
        .filter_map(|x| match x {
            Action::Move { block, path } if block == z => Some(path[0]),
            _ => None,
        })
        .collect();
    let seventeen = a(&g, "17");
    assert!(back.contains(&seventeen), "{back:?}");
    assert!(!back.contains(&a(&g, "12")), "German-controlled");
    for x in &back {
        assert!(g.board.adjacent(*x, g.board.moscow));
    }
    act(
        &g,
        &mut st,
        Action::Move {
            block: z,
            path: [seventeen].into(),
        },
    );
    assert_eq!(st.blocks[z.index()].loc, Loc::Space(seventeen));
    assert_eq!(st.blocks[z.index()].strength, 3);
}

/// R 10.16: "Si al realizar Blitz un Bloque Rápido mueve a un Área bajo control enemigo, es
/// obligatorio resolver el Combate." The only block able to Blitz moves into an enemy-held
/// area: the Blitz moves are over, yet the battle there must still be fought — with the Blitz
/// HQ's second Artillery Fire and the Stukas (not the He-111s) that survived the first battle
/// — before the HQ Deactivation segment (R 10.17). (Before the fix the impulse ended at once:
/// no battle, Guderian deactivated.)
#[test]
fn r10_16_last_blitz_block_into_enemy_area_still_fights_the_battle() {
    let (g, mut st) = empty_board();
    for x in ["1", "7"] {
        set_control(&g, &mut st, x, Side::German);
    }
    for x in ["2", "8"] {
        set_control(&g, &mut st, x, Side::Soviet);
    }
    put(&g, &mut st, "guderian", "1", 4);
    put(&g, &mut st, "fk8", "1", 4);
    put(&g, &mut st, "pz24", "7", 4);
    put(&g, &mut st, "w3", "8", 1); // a 1-step Soviet tank in green 8
    put(&g, &mut st, "b1", "2", 1); // a 1-step Soviet infantry in green 2, Soviet-held
    let (gu, fk8, pz24) = (b(&g, "guderian"), b(&g, "fk8"), b(&g, "pz24"));
    let (he4, stuka0) = (
        eastfront_moscow41::BomberId(4),
        eastfront_moscow41::BomberId(6),
    );
    let (two, eight) = (a(&g, "2"), a(&g, "8"));
    act(&g, &mut st, Action::Tactical);
    for hq in [gu, fk8] {
        act(
            &g,
            &mut st,
            Action::Activate {
                hq,
                path: [].into(),
            },
        );
    }
    act(&g, &mut st, Action::EndActivation);
    act(
        &g,
        &mut st,
        Action::Move {
            block: pz24,
            path: [eight].into(),
        },
    );
    if st.phase == Phase::Command {
        act(&g, &mut st, Action::EndCommand);
    }
    assert_eq!(st.phase, Phase::Support);
    // R 10.10: an He-111 and a Stuka of 8th Fliegerkorps over 8.
    for bomber in [he4, stuka0] {
        act(
            &g,
            &mut st,
            Action::Bomber {
                bomber,
                area: eight,
            },
        );
    }
    act(&g, &mut st, Action::EndSupport);
    // AA: the tank's die misses (1); the He-111 misses (1s), the Stuka's first die destroys
    // the 1-step tank: nothing is left to shoot at. Both bombers survive.
    st.dice.script(&[1, 1, 1, 1, 1, 6, 1, 1, 1]).unwrap();
    act(&g, &mut st, Action::Fight { area: eight });
    assert_eq!(st.blocks[b(&g, "w3").index()].loc, Loc::ForcePool);
    assert_eq!(st.phase, Phase::Blitz);
    assert_eq!(
        st.bombers[he4.0 as usize],
        BomberState::Committed(eight),
        "the He-111 survived"
    );
    assert!(legal(&g, &st).contains(&Action::Blitz {
        block: pz24,
        to: two
    }));
    // The last (only) block able to Blitz enters the Soviet-held 2.
    act(
        &g,
        &mut st,
        Action::Blitz {
            block: pz24,
            to: two,
        },
    );
    // R 10.16: the Blitz battle is still to come; the HQs are not deactivated yet.
    assert_eq!(
        st.phase,
        Phase::Support,
        "the Blitz battle must be fought, not skipped"
    );
    assert_eq!(st.active, Side::German);
    assert_eq!(st.blocks[gu.index()].strength, 4, "not deactivated yet");
    let l = legal(&g, &st);
    assert!(
        l.contains(&Action::Artillery { hq: gu, area: two }),
        "the Blitz HQ fires again: {l:?}"
    );
    assert!(
        l.contains(&Action::Bomber {
            bomber: stuka0,
            area: two
        }),
        "the surviving Stuka follows: {l:?}"
    );
    assert!(
        !l.iter()
            .any(|x| matches!(x, Action::Bomber { bomber, .. } if *bomber == he4)),
        "no He-111 follows a Blitz: {l:?}"
    );
    act(&g, &mut st, Action::Artillery { hq: gu, area: two });
    act(
        &g,
        &mut st,
        Action::Bomber {
            bomber: stuka0,
            area: two,
        },
    );
    if st.phase == Phase::Support {
        act(&g, &mut st, Action::EndSupport);
    }
    // The battle is mandatory: the only choice is to fight it.
    assert_eq!(legal(&g, &st), vec![Action::Fight { area: two }]);
    // Artillery (Guderian, 4★) hits with its first die: the infantry is destroyed.
    st.dice.script(&[6, 1, 1, 1]).unwrap();
    let ev = act(&g, &mut st, Action::Fight { area: two });
    assert!(ev.iter().any(
        |e| matches!(e.kind, eastfront_moscow41::EventKind::BattleStart { area, .. } if area == two)
    ));
    assert_eq!(st.blocks[b(&g, "b1").index()].loc, Loc::ForcePool);
    assert_eq!(st.control[two.index()], Side::German);
    // Then, and only then, HQ Deactivation (R 10.17).
    assert_eq!(st.blocks[gu.index()].strength, 3);
    assert!(!st.blocks[gu.index()].revealed);
}

/// R 9.0, 9.1, 9.3: the white cube belongs to the block. The start-of-impulse check marks
/// the units that cannot trace a LOC; a marked unit stays Isolated — no move, no attack, no
/// DL — "hasta que puedan trazar una LdC en cualquier Comprobación de Aislamiento (9.3)
/// futura", and only that end-of-impulse check takes the cube off. A block that entered the
/// cut-off area after the check is not marked by it. (Before the fix the next start check
/// recomputed every cube from the area, so the marked block lost its cube and could move.)
#[test]
fn r9_1_isolated_block_keeps_its_cube_until_a_later_check() {
    let (g, mut st) = r9_pocket();
    let (y1, gw1, y2) = (b(&g, "y1"), b(&g, "gw1"), b(&g, "y2"));
    let three = a(&g, "3");
    let cube = |st: &eastfront_moscow41::State, x: eastfront_moscow41::BlockId| {
        st.blocks[x.index()].isolated
    };

    // German Pass. R 9.1: y1 in 3 cannot trace (2 is disputed, 4 and 9 Soviet): marked.
    act(&g, &mut st, Action::Pass);
    assert!(cube(&st, y1), "R 9.1: marked at the start");
    assert!(!cube(&st, gw1) && !cube(&st, y2), "2 traces through 1");
    // gw1 disengages from 2 into the cut-off 3 after the check (R 12.0).
    act(
        &g,
        &mut st,
        Action::Move {
            block: gw1,
            path: [three].into(),
        },
    );
    // R 9.3 at the end: y1 is still cut off (attrition 4 → 3, the cube stays); gw1 was not
    // marked at the start, so this check does not apply to it.
    assert_eq!(st.active, Side::Soviet);
    assert_eq!(st.blocks[y1.index()].strength, 3);
    assert!(cube(&st, y1), "R 9.3: still isolated, keeps the cube");
    assert_eq!(
        st.blocks[gw1.index()].strength,
        4,
        "no attrition: not marked"
    );
    assert!(
        !cube(&st, gw1),
        "not marked until a check that applies to it"
    );

    // Soviet Strategic Impulse (A): b1 disengages from 2, which is German and undisputed
    // again: 3 traces a LOC through 2 and 1 to the Staging Area.
    soviet_si_moves_b1_out(&g, &mut st);
    assert_eq!(st.active, Side::German);
    let sup = query::supplied_areas(&g.board, &st, Side::German);
    assert!(query::in_supply_with(
        &g.board,
        three,
        Side::German,
        &sup,
        &st
    ));

    // German Pass. R 9.1: the start check marks; it does not take y1's cube off. Two blocks
    // in one area differ: y1 keeps its cube and may not move, gw1 has none and may.
    act(&g, &mut st, Action::Pass);
    assert_eq!(st.phase, Phase::Command);
    assert!(cube(&st, y1), "R 9.1: isolated until a future 9.3 check");
    assert!(!cube(&st, gw1));
    let movers: Vec<_> = legal(&g, &st)
        .into_iter()
        .filter_map(|x| match x {
            Action::Move { block, .. } => Some(block),
            _ => None,
        })
        .collect();
    assert!(
        !movers.contains(&y1),
        "R 9.1: an isolated block does not move"
    );
    assert!(movers.contains(&gw1));
    // The Soviet sees the white cube on y1's (hidden) block in 3.
    let v = g.view(&st, eastfront_kernel::Viewer::Side(Side::Soviet));
    let in3: Vec<bool> = v
        .blocks
        .iter()
        .filter(|x| x.area == three && x.side == Side::German)
        .map(|x| x.isolated)
        .collect();
    assert_eq!(in3.iter().filter(|c| **c).count(), 1, "{in3:?}");
    act(&g, &mut st, Action::EndCommand);
    // R 9.3: y1 traces a LOC at the end-of-impulse check: the cube comes off, no attrition.
    assert_eq!(st.active, Side::Soviet);
    assert!(!cube(&st, y1), "R 9.3: the later check clears it");
    assert_eq!(st.blocks[y1.index()].strength, 3);
}

/// The position of the R 9.1 test: German y1 alone in 3, cut off (2 disputed by the Soviet
/// b1 against y2 and gw1; 4 and 9 Soviet); 1 German next to its Staging Area. German to act.
fn r9_pocket() -> (Moscow41, eastfront_moscow41::State) {
    let (g, mut st) = empty_board();
    for x in ["1", "2", "3", "7"] {
        set_control(&g, &mut st, x, Side::German);
    }
    for x in ["4", "5", "6", "8", "9", "10", "11", "12"] {
        set_control(&g, &mut st, x, Side::Soviet);
    }
    put(&g, &mut st, "y1", "3", 4);
    put(&g, &mut st, "y2", "2", 4);
    put(&g, &mut st, "gw1", "2", 4);
    put(&g, &mut st, "b1", "2", 4);
    st.initiative = Side::Soviet; // for the Soviet's Strategic Impulse
    (g, st)
}

/// The Soviet spends the disc on a Strategic Impulse (A, R 11.0) in which b1 leaves 2 for 8.
fn soviet_si_moves_b1_out(g: &Moscow41, st: &mut eastfront_moscow41::State) {
    assert_eq!(st.active, Side::Soviet);
    act(g, st, Action::StrategicMove);
    act(
        g,
        st,
        Action::Move {
            block: b(g, "b1"),
            path: [a(g, "8")].into(),
        },
    );
    if st.phase == Phase::Command {
        act(g, st, Action::EndCommand);
    }
    if st.phase == Phase::Battles {
        act(g, st, Action::EndCombat);
    }
    assert_eq!(st.active, Side::German);
}

/// R 9.1, the other reading (`Readings::supply_check_clears_cubes`): "Isolated for the whole
/// impulse" read as a fresh judgment at each start-of-impulse check, which then also takes
/// the cube off a unit that traces a LOC again.
#[test]
fn r9_1_reading_the_start_check_clears_the_cube() {
    let (g, mut st) = r9_pocket();
    st.options.readings.supply_check_clears_cubes = true;
    let y1 = b(&g, "y1");
    pass(&g, &mut st);
    assert!(st.blocks[y1.index()].isolated);
    assert_eq!(st.blocks[y1.index()].strength, 3);
    soviet_si_moves_b1_out(&g, &mut st);
    act(&g, &mut st, Action::Pass);
    assert!(!st.blocks[y1.index()].isolated, "cleared at the start");
    assert!(legal(&g, &st)
        .iter()
        .any(|x| matches!(x, Action::Move { block, .. } if *block == y1)));
}

/// Old saves and hashes: the R 9.1 reading switch is written only when on, and a save written
/// before it existed reads with it off (the default reading).
#[test]
fn r9_1_reading_switch_is_left_out_of_saves_while_off() {
    let off = Options::default();
    let text = ron::to_string(&off).unwrap();
    // The text is the one written before the switch existed, and reads back with it off.
    assert!(!text.contains("supply_check_clears_cubes"), "{text}");
    assert_eq!(ron::from_str::<Options>(&text).unwrap(), off);
    let mut on = Options::default();
    on.readings.supply_check_clears_cubes = true;
    let text = ron::to_string(&on).unwrap();
    assert!(text.contains("supply_check_clears_cubes:true"), "{text}");
    assert_eq!(ron::from_str::<Options>(&text).unwrap(), on);
}
