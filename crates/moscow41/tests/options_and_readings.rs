//! The optional rules (RO 14.2: the 4th Panzer Group, Zhukov) and the readings of unclear
//! rules the code makes (R 10.16 the last Blitz block, R 9.1 the isolation cube), on the toy
//! board of `common`.

mod common;

use common::*;
use eastfront_kernel::{Game, Side};
use eastfront_moscow41::query::{self};
use eastfront_moscow41::{Action, AreaId, BomberState, Loc, Moscow41, Options, Phase};

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
