//! Moscow '41 AI: the plans (`moscow41::model::Plan`): what today's utility AI plays for
//! beyond the reference that issue 16 measures it against (docs/ai-moscow41.md, fifth to
//! eighth rounds).

use eastfront_ai::moscow41::model::{FromIndex, Model, Plan};
use eastfront_ai::moscow41::{choose_with_plan, Level};
use eastfront_kernel::{Game, Side, Viewer};
use eastfront_moscow41::data::Role;
use eastfront_moscow41::{Action, AreaId, BlockId, Loc, Moscow41, Phase, State};

mod common;
use common::{play_until, sc1_objectives_german};

/// SC.1 (two ways to win: German lines in Yelnia and Yartsevo, or Chernigov and Romny):
/// the German aims at Chernigov and Romny alone (`Plan::Current`, measured the stronger) until
/// the lines are in reach — one stands, or one can go up now — and then at both. The
/// reference (`Plan::Reference`) and the Soviet always see both; the other scenarios are alike.
#[test]
fn sc1_german_aims_at_chernigov_and_romny_until_a_line_is_in_reach() {
    let game = Moscow41::new();
    let b = &game.board;
    let sorted = |mut v: Vec<usize>| {
        v.sort();
        v
    };
    let names = |m: &Model| sorted(m.objectives());
    let areas = |ns: &[&str]| sorted(ns.iter().map(|n| b.place(n).unwrap().index()).collect());
    let st = play_until(&game, "sc1", 8, |st| {
        st.phase == Phase::ImpulseChoice && st.active == Side::German
    });
    let german = game.view(&st, Viewer::Side(Side::German));
    let soviet = game.view(&st, Viewer::Side(Side::Soviet));
    let all = areas(&["Chernigov", "Romny", "Yartsevo", "Yelnia"]);
    assert_eq!(
        names(&Model::for_play(b, &german, Plan::Current)),
        areas(&["Chernigov", "Romny"])
    );
    assert_eq!(names(&Model::for_play(b, &german, Plan::Reference)), all);
    assert_eq!(names(&Model::for_play(b, &soviet, Plan::Current)), all);
    // A line of the other condition stands: both conditions count again.
    let mut lined = st.clone();
    let yartsevo = b.place("Yartsevo").unwrap();
    lined.dl[yartsevo.index()] = [true, false];
    let view = game.view(&lined, Viewer::Side(Side::German));
    let yelnia = b.place("Yelnia").unwrap().index();
    assert!(names(&Model::for_play(b, &view, Plan::Current)).contains(&yelnia));
    // Yelnia and Yartsevo German and clear (a line can go up now): the same.
    let mut clear = st.clone();
    sc1_objectives_german(&game, &mut clear);
    let view = game.view(&clear, Viewer::Side(Side::German));
    assert!(Model::for_play(b, &view, Plan::Current).cache.goal_dl.len() == 2);
    // Moscow is the whole aim in SC.2 either way.
    let sc2 = play_until(&game, "sc2", 8, |st| st.active == Side::German);
    let view = game.view(&sc2, Viewer::Side(Side::German));
    assert_eq!(
        Model::for_play(b, &view, Plan::Current).objectives(),
        Model::for_play(b, &view, Plan::Reference).objectives()
    );
}

/// SC.3 (the German wins by taking Moscow): today's Soviet values a combat block, its steps
/// and his line in Moscow beside Stalin (a Victory Area stacks Stalin and one block, R 2.4.3):
/// 300 for the block and 30 a step, over what the reference Soviet sees.
#[test]
fn sc3_soviet_keeps_a_garrison_in_moscow() {
    let game = Moscow41::new();
    let b = &game.board;
    let moscow = b.place("Moscow").unwrap();
    let st = play_until(&game, "sc3", 8, |st| st.active == Side::Soviet);
    let combat = |x: &BlockId| b.block(*x).role == Role::Combat;
    let mut bare = st.clone();
    for x in b.side_blocks(Side::Soviet).filter(combat) {
        if bare.blocks[x.index()].loc == Loc::Space(moscow) {
            bare.blocks[x.index()].loc = Loc::ForcePool;
        }
    }
    let army = b
        .side_blocks(Side::Soviet)
        .find(|x| combat(x) && b.block(*x).max_strength >= 4)
        .unwrap();
    let mut held = bare.clone();
    held.blocks[army.index()].loc = Loc::Space(moscow);
    held.blocks[army.index()].strength = 4;
    let value = |st: &State, plan| {
        let view = game.view(st, Viewer::Side(Side::Soviet));
        Model::for_play(b, &view, plan).value(true)
    };
    let gain = |plan| value(&held, plan) - value(&bare, plan);
    let garrison = gain(Plan::Current) - gain(Plan::Reference);
    assert!(
        (garrison - (300.0 + 30.0 * 4.0)).abs() < 1e-2,
        "the garrison is worth {garrison}"
    );
    // SC.3 is November and December: an area around Moscow left without a combat block
    // costs 300 more.
    assert!(st.turn >= 5);
    let ring = b.neighbours(moscow).find(|nb| {
        b.is_area(*nb)
            && b.side_blocks(Side::Soviet)
                .filter(combat)
                .any(|x| held.blocks[x.index()].loc == Loc::Space(*nb))
    });
    let ring = ring.expect("a Soviet combat block beside Moscow");
    let mut open = held.clone();
    for x in b.side_blocks(Side::Soviet).filter(combat) {
        if open.blocks[x.index()].loc == Loc::Space(ring) {
            open.blocks[x.index()].loc = Loc::ForcePool;
        }
    }
    let gain = |plan| value(&held, plan) - value(&open, plan);
    let guard = gain(Plan::Current) - gain(Plan::Reference);
    assert!((guard - 300.0).abs() < 1e-2, "the ring is worth {guard}");
}

/// SC.1, today's plan: the drive toward Chernigov and Romny pulls the 14 German combat blocks
/// nearest them (80 an area, by size) and leaves the rest nearly free (5 an area) to hold the
/// line and its supply; the reference pulls the 8 nearest to all four objectives and the
/// rest at 15. In SC.2 every block is pulled toward Moscow at 80.
#[test]
fn sc1_german_drive_pulls_the_fourteen_nearest() {
    let game = Moscow41::new();
    let b = &game.board;
    // What one area of distance is worth to the drive for the German combat block `rank`
    // places from the nearest (0 the nearest), over the block's size: the nearest is moved
    // one area nearer its objective, any other one area farther (so that it stays behind
    // the nearest).
    let pull = |st: &State, plan, rank: usize| {
        let view = game.view(st, Viewer::Side(Side::German));
        let m = Model::for_play(b, &view, plan);
        let mut blocks: Vec<(u32, usize, usize)> = Vec::new();
        for (a, us) in m.units.iter().enumerate() {
            for (i, u) in us.iter().enumerate() {
                if u.side == Side::German && u.role == Some(Role::Combat) {
                    blocks.push((m.dist_objective[a], a, i));
                }
            }
        }
        blocks.sort();
        let (d, a, i) = blocks[rank];
        assert!(
            rank > 0 || d >= 1,
            "the nearest block stands on its objective"
        );
        let to = if rank == 0 { d - 1 } else { d + 1 };
        let next = b
            .neighbours(AreaId::from_index(a))
            .map(|n| n.index())
            .find(|n| b.is_area(AreaId::from_index(*n)) && m.dist_objective[*n] == to)
            .expect("a neighbour one area nearer or farther");
        let size = 0.5 + m.units[a][i].strength / 4.0;
        let mut moved = m.clone();
        let u = moved.units[a].remove(i);
        moved.units[next].push(u);
        (moved.drive_value() - m.drive_value()).abs() / size
    };
    // The opening: the German to choose his first impulse.
    let st = game.setup("sc1", &Default::default(), 8).unwrap();
    assert!(st.phase == Phase::ImpulseChoice && st.active == Side::German);
    let on_map = b
        .side_blocks(Side::German)
        .filter(|x| b.block(*x).role == Role::Combat)
        .filter(|x| matches!(st.blocks[x.index()].loc, Loc::Space(s) if b.is_area(s)))
        .count();
    assert!(on_map > 16, "{on_map} German combat blocks on the map");
    let last = on_map - 1;
    let close = |x: f32, want: f32| (x - want).abs() < 1e-3;
    let far = pull(&st, Plan::Current, last);
    assert!(
        close(far, 5.0),
        "today's plan pulls the farthest block {far} an area"
    );
    let far = pull(&st, Plan::Reference, last);
    assert!(
        close(far, 15.0),
        "the reference pulls the farthest block {far} an area"
    );
    let near = pull(&st, Plan::Current, 0);
    assert!(
        close(near, 80.0),
        "today's plan pulls the nearest {near} an area"
    );
    // SC.2: Moscow pulls every block alike, in either plan.
    let sc2 = play_until(&game, "sc2", 8, |st| {
        st.phase == Phase::ImpulseChoice && st.active == Side::German
    });
    for plan in [Plan::Current, Plan::Reference] {
        let far = pull(&sc2, plan, 20);
        assert!(close(far, 80.0), "SC.2 pulls a far block {far} an area");
    }
}

/// SC.2's first Logistic Phase (October, rules §4.3: Hitler deploys at "2", every German HQ
/// at "2" or "3"): today's Hard German activates Hitler (R 7.2: his Logistic Value in HQ
/// steps, replacement steps and reinforcements) where the reference pauses to restore him
/// (R 7.1). The Soviet, without the Initiative, has chosen first.
#[test]
fn sc2_german_spends_the_logistic_value_in_october() {
    let game = Moscow41::new();
    let st = play_until(&game, "sc2", 8, |st| {
        st.active == Side::German
            && game.active(st).is_some_and(|seat| {
                game.legal_actions(st, seat)
                    .contains(&Action::ActivateLeader)
            })
    });
    let legal = game.legal_actions(&st, game.active(&st).unwrap());
    assert!(legal.contains(&Action::LogisticPause));
    let view = game.view(&st, Viewer::Side(Side::German));
    let hitler = view
        .blocks
        .iter()
        .filter(|b| b.side == Side::German)
        .filter_map(|b| b.face.as_ref())
        .find(|f| f.role == Role::Leader)
        .expect("Hitler in the German's view");
    assert_eq!(hitler.strength, 2, "SC.2 deploys Hitler at 2");
    for seed in 0..4 {
        let pick = |plan| choose_with_plan(&game, &view, &legal, Level::Hard, plan, seed);
        assert_eq!(pick(Plan::Current), Action::ActivateLeader);
        assert_eq!(pick(Plan::Reference), Action::LogisticPause);
    }
}

/// The campaign's first impulse (July: the 4th Panzer Group's L blocks are still in the Force
/// Pool, SC.C G13): Hoepner, alone in Pskov, would roll for nothing — he advances at most one
/// box per block with him (R 10.9) — and lose a step at deactivation. Today's Hard leaves
/// him there; the reference activates him. With the XLI Panzer Corps beside him, both do.
#[test]
fn r10_9_hoepner_is_not_activated_without_blocks_on_the_road() {
    let game = Moscow41::new();
    let b = &game.board;
    let hoepner = b.block_by_key("g_hq_4pg").unwrap();
    let mut st = game.setup("campaign", &Default::default(), 8).unwrap();
    assert!(st.phase == Phase::ImpulseChoice && st.active == Side::German);
    let seat = game.active(&st).unwrap();
    game.apply(&mut st, seat, &Action::Tactical).unwrap();
    let pskov = match st.blocks[hoepner.index()].loc {
        Loc::Space(s) => s,
        other => panic!("Hoepner starts in {other:?}"),
    };
    assert!(b.road_index(pskov).is_some(), "Hoepner starts on the Road");
    // The German's activations for this impulse, one after the other, until he ends them.
    let activations = |st: &State, plan| {
        let mut st = st.clone();
        let mut chosen = Vec::new();
        while st.phase == Phase::Activation && st.active == Side::German {
            let seat = game.active(&st).unwrap();
            let legal = game.legal_actions(&st, seat);
            let view = game.view(&st, Viewer::Side(Side::German));
            let a = choose_with_plan(&game, &view, &legal, Level::Hard, plan, 3);
            if let Action::Activate { hq, .. } = &a {
                chosen.push(*hq);
            }
            game.apply(&mut st, seat, &a).unwrap();
        }
        chosen
    };
    let first = activations(&st, Plan::Current);
    assert!(!first.is_empty(), "today's Hard activates an HQ on the map");
    assert!(
        !first.contains(&hoepner),
        "Hoepner activated without a block beside him: {first:?}"
    );
    assert!(activations(&st, Plan::Reference).contains(&hoepner));
    // The XLI Panzer Corps joins him in Pskov: a roll can take them a box on.
    let mut escorted = st.clone();
    let pzk41 = b.block_by_key("g_pzk41").unwrap();
    escorted.blocks[pzk41.index()].loc = Loc::Space(pskov);
    escorted.blocks[pzk41.index()].strength = 4;
    assert!(activations(&escorted, Plan::Current).contains(&hoepner));
}
