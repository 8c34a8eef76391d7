//! Stronger versions of weak test oracles (T58, E4, T63, E15, T66, T38, T36, T52, T40, T26)
//! and the audit's findings (each rule the engine once did not follow as written, now a test),
//! on the toy board of `common` (rules file `shared/rules/moscow-41.md`).

mod common;

use common::*;
use eastfront_kernel::{Game, Side, Viewer};
use eastfront_moscow41::data::ReplacementCost;
use eastfront_moscow41::query;
use eastfront_moscow41::rules;
use eastfront_moscow41::{Action, EventKind, Loc, Phase, Weather};

// ------------------------------------------------------------------ stronger versions of weak oracles

/// Oracle 58 [R 7.2.1]: 10 surrendered Soviet blocks ⇒ German +1 (9 ⇒ 0); 12 German blocks
/// eliminated ⇒ Soviet +1 (rules.rs's t58 only reaches 7 surrenders, so it checks 0 = 0).
#[test]
fn t58_vl_bonuses_10_surrendered_and_12_eliminated() {
    let (g, mut st) = empty_board();
    let g0 = query::raw_vl(&g.board, &st, Side::German);
    let s0 = query::raw_vl(&g.board, &st, Side::Soviet);
    // The toy roster is small: mark block states directly (the count is all that matters).
    let soviet: Vec<_> = g
        .board
        .side_blocks(Side::Soviet)
        .filter(|x| g.board.block(*x).role == eastfront_moscow41::data::Role::Combat)
        .collect();
    let german: Vec<_> = g
        .board
        .side_blocks(Side::German)
        .filter(|x| g.board.block(*x).role == eastfront_moscow41::data::Role::Combat)
        .collect();
    assert!(soviet.len() >= 10 && german.len() >= 12);
    for s in soviet.iter().take(10) {
        st.blocks[s.index()].loc = Loc::Surrendered;
    }
    for s in german.iter().take(12) {
        st.blocks[s.index()].loc = Loc::Eliminated;
    }
    assert_eq!(query::soviet_surrendered(&st), 10);
    assert_eq!(query::german_eliminated(&st), 12);
    assert_eq!(query::raw_vl(&g.board, &st, Side::German), g0 + 1);
    assert_eq!(query::raw_vl(&g.board, &st, Side::Soviet), s0 + 1, "12 ⇒ 1");
    // (21 ⇒ 2 needs more Soviet blocks than the toy roster has; the floor is checked at 9.)
    st.blocks[soviet[0].index()].loc = Loc::ForcePool;
    assert_eq!(query::raw_vl(&g.board, &st, Side::German), g0, "9 ⇒ 0");
}

/// E4 [R 7.2.2 example] in full: Soviet Pause first, German VL = ⌊(0 + 4 + 3 + 2) / 2⌋ = 4;
/// ♥→4★ costs 3, a red step 3, a black step 1; Hitler stays ♥.
#[test]
fn e4_november_logistic_phase_exact_values() {
    let (g, mut st) = empty_board();
    st.turn = 5;
    st.weather = Weather::Snow;
    st.blocks[b(&g, "hitler").index()].strength = 0;
    st.blocks[b(&g, "stalin").index()].strength = 2;
    // 4 non-exhausted German HQs, one of them at 3★, and a ♥ one (not counted).
    put(&g, &mut st, "guderian", "13", 3);
    put(&g, &mut st, "hoth", "7", 4);
    put(&g, &mut st, "weichs", "2A", 4);
    put(&g, &mut st, "hoepner", "Pskov", 4);
    put(&g, &mut st, "fk2", "19", 0);
    // German VP 3: Smolensk, Tula, Kursk.
    for k in ["Tula", "Kursk"] {
        set_control(&g, &mut st, k, Side::German);
    }
    // The example's 21 surrenders (+2) exceed the toy roster: 10 surrenders (+1) and one more
    // VP (Voronezh) keep the raw sum at 0 + 4 + 4 + 1 = 9.
    let soviet: Vec<_> = g
        .board
        .side_blocks(Side::Soviet)
        .filter(|x| g.board.block(*x).role == eastfront_moscow41::data::Role::Combat)
        .take(10)
        .collect();
    for s in &soviet {
        st.blocks[s.index()].loc = Loc::Surrendered;
    }
    set_control(&g, &mut st, "Voronezh", Side::German);
    assert_eq!(query::raw_vl(&g.board, &st, Side::German), 9);
    // A red (Triple) step and a black step to replace.
    put(&g, &mut st, "pz24", "1", 3);
    put(&g, &mut st, "y1", "19", 3);
    st.phase = Phase::LogisticChoice { side: Side::Soviet };
    st.active = Side::Soviet;
    act(&g, &mut st, Action::LogisticPause);
    assert_eq!(st.blocks[b(&g, "stalin").index()].strength, 4, "R 7.1");
    assert_eq!(st.phase, Phase::LogisticChoice { side: Side::German });
    act(&g, &mut st, Action::ActivateLeader);
    assert_eq!(st.logistics.as_ref().unwrap().vl, 4, "⌊9 / 2⌋ in Snow");
    act(
        &g,
        &mut st,
        Action::Regenerate {
            hq: b(&g, "guderian"),
        },
    );
    for _ in 0..3 {
        act(&g, &mut st, Action::Regenerate { hq: b(&g, "fk2") });
    }
    assert_eq!(
        st.blocks[b(&g, "fk2").index()].strength,
        4,
        "♥ → 4★ = 3 points"
    );
    assert!(
        !legal(&g, &st)
            .iter()
            .any(|x| matches!(x, Action::Regenerate { .. })),
        "4 Regeneration Points spent"
    );
    act(&g, &mut st, Action::EndRegeneration);
    // The toy data has no red step: the table gives 3 (R 7.2.2); a black step costs 1.
    assert_eq!(
        eastfront_moscow41::data::Firepower::Triple.replacement_cost(),
        3
    );
    assert_eq!(
        eastfront_moscow41::data::Firepower::Single.replacement_cost(),
        1
    );
    act(&g, &mut st, Action::Replace { block: b(&g, "y1") });
    assert_eq!(st.logistics.as_ref().unwrap().replacement_left, 3);
    act(&g, &mut st, Action::EndReplacement);
    while matches!(st.phase, Phase::Reinforce { .. }) {
        let l = legal(&g, &st);
        act(&g, &mut st, l[0].clone());
    }
    assert_eq!(st.blocks[b(&g, "hitler").index()].strength, 0, "♥ stays ♥");
}

/// Oracle 63 [R 10.9]: Hoepner 4★, Sunny, 2 blocks with him, 3 hits ⇒ advance 2 boxes; with
/// no block ⇒ 0. (rules.rs's e8_t63 only plays E8.)
#[test]
fn t63_road_advance_is_capped_by_the_blocks_with_hoepner() {
    for (with, expect) in [(&["pz41", "pz56"][..], "Luga"), (&[][..], "Pskov")] {
        let (g, mut st) = empty_board();
        put(&g, &mut st, "hoepner", "Pskov", 4);
        for k in with {
            put(&g, &mut st, k, "Pskov", 4);
        }
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
        st.dice.script(&[6, 5, 5, 1]).unwrap(); // 4 dice (FD), 3 hits
        let ev = act(&g, &mut st, Action::EndActivation);
        assert!(ev
            .iter()
            .any(|e| e.roll.as_ref().is_some_and(|r| r.values.len() == 4)));
        assert_eq!(st.blocks[h.index()].loc, Loc::Space(a(&g, expect)));
        for k in with {
            assert_eq!(st.blocks[b(&g, k).index()].loc, Loc::Space(a(&g, expect)));
        }
    }
}

/// E15 [R 13.3], the Leningrad half: Hoepner in the Leningrad box ⇒ at the next Final Phase
/// German +1 VP, the whole north edge lost, the 4th Panzer Group to the German Force Pool.
#[test]
fn e15_leningrad_falls_in_the_final_phase() {
    let (g, mut st) = empty_board();
    put(&g, &mut st, "hoepner", "Leningrad", 2);
    put(&g, &mut st, "tt", "Leningrad", 1);
    st.control[g.board.leningrad.index()] = Side::German;
    assert!(st.disc_leningrad, "not before the Final Phase");
    assert_eq!(query::vp(&g.board, &st, Side::German), 1);
    pass(&g, &mut st);
    pass(&g, &mut st);
    assert!(!st.disc_leningrad);
    assert_eq!(query::vp(&g.board, &st, Side::German), 2);
    for k in ["1", "4", "5"] {
        assert!(
            !query::is_source(&g.board, &st, a(&g, k), Side::Soviet),
            "north edge {k}"
        );
    }
    for k in ["hoepner", "tt"] {
        assert_eq!(st.blocks[b(&g, k).index()].loc, Loc::ForcePool, "{k}");
    }
}

/// Oracle 66 [R 4.2.4], second half: after Moscow falls the Soviet has no Logistic Phase.
#[test]
fn t66_no_soviet_logistic_phase_after_moscow_falls() {
    let (g, mut st) = empty_board();
    st.stalin_dead = true;
    st.blocks[b(&g, "stalin").index()].loc = Loc::Removed;
    st.control[g.board.moscow.index()] = Side::German;
    // German VP would be 2 (Smolensk + Moscow); no sudden death.
    pass(&g, &mut st);
    pass(&g, &mut st);
    assert_eq!(st.turn, 2);
    assert_eq!(
        st.phase,
        Phase::LogisticChoice { side: Side::German },
        "the Soviet (first, without the disc) is skipped"
    );
    act(&g, &mut st, Action::LogisticPause);
    assert_eq!(st.phase, Phase::ImpulseChoice);
    // Tula, Kursk, Voronezh, Kiev, Leningrad; no Stalin, no HQ.
    assert_eq!(
        query::raw_vl(&g.board, &st, Side::Soviet),
        5,
        "no Stalin term"
    );
}

/// Oracle 38 [R 10.5] second half: an Exhausted Tactical HQ can be activated, with range 0
/// (own area only) and no Artillery Fire.
#[test]
fn t38_exhausted_tactical_hq_range_zero_and_no_artillery() {
    let (g, mut st) = empty_board();
    put(&g, &mut st, "guderian", "13", 0);
    put(&g, &mut st, "pz24", "13", 4);
    put(&g, &mut st, "pz46", "7", 4); // red, 1 area away: out of range 0
    put(&g, &mut st, "pz47", "14", 4);
    put(&g, &mut st, "b1", "14", 4); // a battle next door for artillery
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
    assert_eq!(query::tactical_range(&g.board, &st, gu), 0);
    let c = rules::commandable(&g.board, &st);
    assert!(c.contains(&b(&g, "pz24")));
    assert!(!c.contains(&b(&g, "pz46")));
    act(&g, &mut st, Action::EndCommand);
    assert!(!legal(&g, &st)
        .iter()
        .any(|x| matches!(x, Action::Artillery { .. })));
}

/// Oracle 36 [R 10.1] second half: no reveal where the HQ would overstack.
#[test]
fn t36_an_hq_is_not_revealed_where_it_would_overstack() {
    let (g, mut st) = empty_board();
    put(&g, &mut st, "guderian", "13", 4);
    put(&g, &mut st, "y1", "9", 4); // yellow 9: 2 blocks already
    put(&g, &mut st, "y2", "9", 4);
    for x in ["7", "8", "9", "13", "14"] {
        set_control(&g, &mut st, x, Side::German);
    }
    act(&g, &mut st, Action::Tactical);
    let gu = b(&g, "guderian");
    let l = legal(&g, &st);
    assert!(l.iter().any(
        |x| matches!(x, Action::Activate { hq, path } if *hq == gu && path.last() == Some(&a(&g, "8")))
    ));
    assert!(!l.iter().any(
        |x| matches!(x, Action::Activate { hq, path } if *hq == gu && path.last() == Some(&a(&g, "9")))
    ));
}

/// Oracle 52 [R 10.16] middle part: no Blitz out of a Yellow (or Victory) battle.
#[test]
fn t52_no_blitz_from_a_yellow_battle() {
    let (g, mut st) = empty_board();
    put(&g, &mut st, "guderian", "13", 4);
    put(&g, &mut st, "pz24", "15", 4);
    put(&g, &mut st, "w3", "16", 1); // yellow 16 (Vyazma)
    for x in ["13", "14", "15"] {
        set_control(&g, &mut st, x, Side::German);
    }
    act(&g, &mut st, Action::Tactical);
    act(
        &g,
        &mut st,
        Action::Activate {
            hq: b(&g, "guderian"),
            path: [].into(),
        },
    );
    act(&g, &mut st, Action::EndActivation);
    act(
        &g,
        &mut st,
        Action::Move {
            block: b(&g, "pz24"),
            path: [a(&g, "16")].into(),
        },
    );
    if st.phase == Phase::Command {
        act(&g, &mut st, Action::EndCommand);
    }
    if st.phase == Phase::Support {
        act(&g, &mut st, Action::EndSupport);
    }
    // Defender first (no Armored Attack in yellow): the 1-step tank misses; 4 German dice hit
    // on 5-6 against 1 (yellow) + 1 (city) absorption + 1 step.
    st.dice.script(&[1, 6, 6, 6, 6]).unwrap();
    act(&g, &mut st, Action::Fight { area: a(&g, "16") });
    assert!(!query::has_units(&g.board, &st, a(&g, "16"), Side::Soviet));
    assert!(!legal(&g, &st)
        .iter()
        .any(|x| matches!(x, Action::Blitz { .. })));
}

/// Oracle 40 [R 10.11] last part: no battle in a Pass (the impulse ends after the move).
#[test]
fn t40_no_battle_in_a_pass() {
    let (g, mut st) = empty_board();
    put(&g, &mut st, "pz24", "8", 4);
    put(&g, &mut st, "b1", "8", 4);
    act(&g, &mut st, Action::Pass);
    assert!(!legal(&g, &st)
        .iter()
        .any(|x| matches!(x, Action::Fight { .. })));
    act(&g, &mut st, Action::EndCommand);
    assert_eq!(st.active, Side::Soviet);
    assert_eq!(st.phase, Phase::ImpulseChoice);
}

/// Oracle 26 [R 2.6] as stated: a Slow block moves green → yellow (1 + 2 = 3 MP).
#[test]
fn t26_slow_block_green_then_yellow() {
    let (g, mut st) = empty_board();
    put(&g, &mut st, "y1", "7", 4); // 7 → 8 (green, 1) → 9 (yellow, 2)
    for x in ["7", "8", "9"] {
        set_control(&g, &mut st, x, Side::German);
    }
    act(&g, &mut st, Action::StrategicMove);
    let cost = eastfront_moscow41::moves::check_path(
        &g.board,
        &st,
        b(&g, "y1"),
        &[a(&g, "8"), a(&g, "9")],
        eastfront_moscow41::state::MoveMode::Command,
    );
    assert_eq!(cost, Ok(3));
    assert!(legal(&g, &st).iter().any(
        |x| matches!(x, Action::Move { block, path } if *block == b(&g, "y1") && path.last() == Some(&a(&g, "9")))
    ));
}

// ------------------------------------------------------------------ audit findings (BUG)

/// T5 [RO 14.5, R 10.3]: Blizzard "is treated as Snow, except" the German blocks' dice; the
/// rules file's T5 gives Tactical Range "as Snow" (German 4★ ⇒ 2). The engine divides by the
/// Blizzard attack divisor (4 ⇒ 1) via `attack_strength`.
#[test]

fn bug_blizzard_tactical_range_is_as_snow() {
    let (g, mut st) = empty_board();
    put(&g, &mut st, "guderian", "13", 4);
    let gu = b(&g, "guderian");
    st.weather = Weather::Snow;
    assert_eq!(query::tactical_range(&g.board, &st, gu), 2);
    st.weather = Weather::Blizzard;
    assert_eq!(query::tactical_range(&g.board, &st, gu), 2, "as Snow");
}

/// T5 [RO 14.5, R 10.9]: Hoepner's Road dice in Blizzard are "as Snow" (4★ ⇒ 2 dice).
#[test]

fn bug_blizzard_road_dice_are_as_snow() {
    let (g, mut st) = empty_board();
    st.weather = Weather::Blizzard;
    put(&g, &mut st, "hoepner", "Pskov", 4);
    put(&g, &mut st, "pz41", "Pskov", 4);
    act(&g, &mut st, Action::Tactical);
    act(
        &g,
        &mut st,
        Action::Activate {
            hq: b(&g, "hoepner"),
            path: [].into(),
        },
    );
    st.dice.script(&[1, 1, 1, 1]).unwrap();
    let ev = act(&g, &mut st, Action::EndActivation);
    let n = ev
        .iter()
        .filter(|e| e.rule == "R 10.9")
        .find_map(|e| e.roll.as_ref().map(|r| r.values.len()))
        .unwrap();
    assert_eq!(n, 2);
}

/// T5, T11 [RO 14.5, R 10.10]: LW HQ bombers committable in Blizzard are "as Snow" (4★ ⇒ 2).
#[test]

fn bug_blizzard_bombers_committable_are_as_snow() {
    let (g, mut st) = empty_board();
    st.weather = Weather::Blizzard;
    put(&g, &mut st, "guderian", "13", 4);
    put(&g, &mut st, "fk2", "13", 4);
    put(&g, &mut st, "pz24", "14", 4);
    put(&g, &mut st, "b1", "14", 4);
    act(&g, &mut st, Action::Tactical);
    for k in ["guderian", "fk2"] {
        act(
            &g,
            &mut st,
            Action::Activate {
                hq: b(&g, k),
                path: [].into(),
            },
        );
    }
    act(&g, &mut st, Action::EndActivation);
    if st.phase == Phase::Command {
        act(&g, &mut st, Action::EndCommand);
    }
    assert_eq!(st.phase, Phase::Support);
    let mut committed = 0;
    while let Some(x) = legal(&g, &st)
        .into_iter()
        .find(|x| matches!(x, Action::Bomber { .. }))
    {
        act(&g, &mut st, x);
        committed += 1;
    }
    assert_eq!(committed, 2);
}

/// R 4.1: "a player may at any moment voluntarily dismantle one [DL] in order to build it
/// again". With all 10 German DLs on the map, the engine offers no way to build another
/// (no dismantle action; `can_build_dl` needs a DL left in the box).
#[test]
fn r4_1_dl_can_be_dismantled_to_build_again() {
    let (g, mut st) = empty_board();
    let ten = ["1", "2", "7", "8", "13", "14", "19", "20", "25", "26"];
    for x in ten {
        set_control(&g, &mut st, x, Side::German);
        st.dl[a(&g, x).index()][0] = true;
    }
    set_control(&g, &mut st, "3", Side::German);
    put(&g, &mut st, "y3", "3", 4);
    act(&g, &mut st, Action::StrategicMove);
    let l = legal(&g, &st);
    assert!(
        l.contains(&Action::BuildDl { block: b(&g, "y3") })
            || l.iter().any(|x| format!("{x:?}").contains("Dismantle")),
        "the German may dismantle one of his 10 DLs to build in 3"
    );
    // Dismantling is free: the line leaves 1 and y3 may then build in 3.
    act(&g, &mut st, Action::DismantleDl { area: a(&g, "1") });
    assert!(!st.dl[a(&g, "1").index()][0]);
    assert_eq!(st.blocks[b(&g, "y3").index()].strength, 4);
    let l = legal(&g, &st);
    assert!(l.contains(&Action::BuildDl { block: b(&g, "y3") }));
    assert!(
        !l.iter().any(|x| matches!(x, Action::DismantleDl { .. })),
        "with a line back in the box there is nothing more to dismantle"
    );
    act(&g, &mut st, Action::BuildDl { block: b(&g, "y3") });
    assert!(st.dl[a(&g, "3").index()][0]);
    assert_eq!(
        st.blocks[b(&g, "y3").index()].strength,
        3,
        "R 4.1: one step"
    );
}

/// R 1.5 Fog of War: attrition of a hidden block is logged with a private text, but the
/// event's kind `StepLost { block }` names the block for everyone who reads the events.
#[test]

fn bug_attrition_event_does_not_name_a_hidden_block() {
    let (g, mut st) = empty_board();
    st.active = Side::Soviet;
    st.initiative = Side::Soviet;
    // w1 cut off in 13, every neighbour German.
    for x in ["7", "12", "14", "19", "8", "20"] {
        set_control(&g, &mut st, x, Side::German);
    }
    set_control(&g, &mut st, "13", Side::Soviet);
    put(&g, &mut st, "w1", "13", 4);
    for x in g.board.area_ids() {
        if g.board.is_area(x) && x != a(&g, "13") && x != g.board.moscow {
            st.control[x.index()] = Side::German;
        }
    }
    let w1 = b(&g, "w1");
    let ev = pass(&g, &mut st);
    assert_eq!(st.blocks[w1.index()].strength, 3, "attrition happened");
    assert!(!st.blocks[w1.index()].revealed);
    let german_view = g.view(&st, Viewer::Side(Side::German));
    assert!(german_view
        .blocks
        .iter()
        .filter(|v| v.side == Side::Soviet)
        .all(|v| v.face.is_none()));
    assert!(
        !ev.iter()
            .any(|e| matches!(e.kind, EventKind::StepLost { block } if block == w1)),
        "the event kind identifies the hidden w1"
    );
}

/// RO 14.2 (b): with the optional rule, Zhukov drawn from the Force Pool "may deploy on the
/// Road to Leningrad" (the Leningrad box). `reinforcement_areas` offers only City/Victory areas.
#[test]

fn bug_ro14_2_zhukov_may_deploy_in_leningrad() {
    let (g, mut st) = empty_board();
    st.options.optional.zhukov_hoepner = true;
    st.active = Side::Soviet;
    st.initiative = Side::Soviet;
    let z = b(&g, "zhukov");
    for s in g.board.side_blocks(Side::Soviet) {
        if s != z && g.board.block(s).role != eastfront_moscow41::data::Role::Leader {
            st.blocks[s.index()].loc = Loc::Surrendered;
        }
    }
    act(&g, &mut st, Action::StrategicReinforce);
    assert_eq!(st.drawn, vec![z]);
    assert!(legal(&g, &st).contains(&Action::Deploy {
        block: z,
        area: g.board.leningrad
    }));
}

/// RO 14.2 (a): in a Pass or an SI the German may move the 4th Panzer Group from the Road to
/// any German-controlled, supplied, undisputed map area once all four are on the Road.
/// `commandable` skips blocks in boxes, so no action is offered.
#[test]

fn bug_ro14_2_fourth_panzer_group_transfer_to_the_map() {
    let (g, mut st) = empty_board();
    st.options.optional.zhukov_hoepner = true;
    for k in ["hoepner", "pz41", "pz56", "tt"] {
        let s = g.board.block(b(&g, k)).max_strength;
        put(&g, &mut st, k, "Luga", s);
    }
    act(&g, &mut st, Action::Pass);
    let h = format!("{:?}", b(&g, "hoepner"));
    assert!(
        legal(&g, &st).iter().any(|x| format!("{x:?}").contains(&h)),
        "some action moves Hoepner to the map"
    );
}
