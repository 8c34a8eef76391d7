//! The worked examples and test oracles of isolation and supply (R 9), the Logistic Phase,
//! Defensive Lines, Leningrad, Kiev and Moscow, the scenarios' victory and disc limits, aborted
//! bombers and hidden blocks, on the toy board of `common`.

mod common;

use common::*;
use eastfront_kernel::{Game, Side};
use eastfront_moscow41::query::{self};
use eastfront_moscow41::rules;
use eastfront_moscow41::{
    Action, BomberState, ImpulseKind, Loc, Moscow41, Options, Phase, Weather,
};

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
