//! The spec's test oracles (`shared/rules/no-retreat.md` §11) that the other test files do not
//! already check, each named after its oracle number and rule. (Oracles 5 and 6 are in
//! `events.rs`; the rest of the index is in `oracles_more.rs` and `docs/no_retreat.md`.)

use eastfront_kernel::{Game, Side, SpaceId};
use eastfront_no_retreat::combat::*;
use eastfront_no_retreat::data::{ScenarioData, Terrain, UnitType};
use eastfront_no_retreat::state::*;
use eastfront_no_retreat::supply::{initial_control, Piece, Position, Supply};
use eastfront_no_retreat::{Action, NoRetreat, Options};

mod common;
use common::*;

/// Oracle 1 (5.1/5.2): a player holding 5 cards discards 3 and draws 4, ending with 6.
#[test]
fn oracle_1_r5_1_five_cards_discard_three_then_draw_four() {
    let g = NoRetreat::new();
    let mut st = g.setup("campaign", &Options::default(), 2).unwrap();
    for _ in 0..2 {
        let card = st.hand(Side::German)[0];
        act(&g, &mut st, AXIS, Action::Discard { card });
    }
    // Give the Soviet five cards before his first Card phase.
    let five: Vec<u8> = st.deck.draw.drain(..5).collect();
    st.hands[1] = five;
    for seat in [AXIS, AXIS, SOVIET, AXIS] {
        act(&g, &mut st, seat, Action::End);
    }
    assert_eq!(
        st.pending,
        vec![Pending::Discard {
            side: Side::Soviet,
            count: 3
        }]
    );
    for _ in 0..3 {
        let card = st.hand(Side::Soviet)[0];
        act(&g, &mut st, SOVIET, Action::Discard { card });
    }
    assert_eq!(st.hand(Side::Soviet).len(), 6);
}

/// Oracle 8 (6.1): a unit 5 hexes from every friendly source is unsupplied.
#[test]
fn oracle_8_r6_1_five_hexes_from_any_source_is_unsupplied() {
    let g = NoRetreat::new();
    let b = &g.board;
    // An Axis unit deep in Russia at (-1,7), every Axis city and the west edge more than
    // 4 hexes away: no land line, and no alternative source.
    let at = place(&g, "-1,7");
    let pos = Position {
        pieces: vec![Piece {
            unit: idx(&g, "ge_9a"),
            side: Side::German,
            at,
            zoc_face: true,
            unsupplied: false,
            nation: eastfront_no_retreat::data::Nation::German,
        }],
        control: initial_control(b, &[]),
    };
    let s = Supply::new(b, &pos);
    assert!(s.land_line(Side::German, at).is_none());
    assert_eq!(
        s.status(&pos.pieces[0]),
        eastfront_no_retreat::supply::SupplyStatus::Unsupplied
    );
}

/// Oracle 20 (7.7): a shattered unit returns free, on the side it was removed with, Disorganized.
#[test]
fn oracle_20_r7_7_shattered_units_return_free_and_disorganized() {
    let g = NoRetreat::new();
    let mut st = blank(&g, 6, Side::German, Step::Reorganization);
    st.scratch.reorg = Some(ReorgStep::Place);
    let u = idx(&g, "ge_4a");
    st.units[u].loc = Loc::Shattered;
    st.units[u].reduced = true;
    let hand = st.hand(Side::German).clone();
    // A shattered unit must come back: End is not offered while it can.
    let acts = g.legal_actions(&st, AXIS);
    assert!(!acts.contains(&Action::End));
    let berlin = place(&g, "Berlin");
    act(
        &g,
        &mut st,
        AXIS,
        Action::Place {
            unit: u,
            at: berlin,
        },
    );
    assert_eq!(st.units[u].loc, Loc::Map(berlin));
    assert!(st.units[u].reduced, "on the side it was removed with");
    assert!(st.units[u].disorganized);
    assert_eq!(st.hand(Side::German), &hand, "at no cost");
}

/// Oracle 21 (7.9): a Surrendered unit costs 2 cards to replace and comes back Disorganized (the Destroyed costs: results_and_reorg.rs).
#[test]
fn oracle_21_r7_9_replacements_cost_cards_and_come_back_disorganized() {
    let g = NoRetreat::new();
    let mut st = blank(&g, 6, Side::Soviet, Step::Reorganization);
    st.scratch.reorg = Some(ReorgStep::Place);
    st.hands[1] = vec![1, 2, 3];
    let kal = idx(&g, "so_kalinin");
    st.units[kal].loc = Loc::Surrendered;
    let acts = g.legal_actions(&st, SOVIET);
    assert!(acts.contains(&Action::Replace {
        unit: kal,
        cards: vec![1, 2]
    }));
    assert!(!acts
        .iter()
        .any(|a| matches!(a, Action::Replace { cards, .. } if cards.len() == 1)));
    act(
        &g,
        &mut st,
        SOVIET,
        Action::Replace {
            unit: kal,
            cards: vec![1, 2],
        },
    );
    act(
        &g,
        &mut st,
        SOVIET,
        Action::Place {
            unit: kal,
            at: place(&g, "Moscow"),
        },
    );
    assert!(st.units[kal].disorganized);
    assert_eq!(st.hand(Side::Soviet), &vec![3]);
}

/// Oracle 23 (7.6): a Soviet replacement may go into a supplied Soviet city in EZOC; an Axis one may not.
#[test]
fn oracle_23_r7_6_soviet_cities_in_ezoc_axis_cities_not() {
    let g = NoRetreat::new();
    let mut st = blank(&g, 6, Side::Soviet, Step::Reorganization);
    st.scratch.reorg = Some(ReorgStep::Place);
    let kal = idx(&g, "so_kalinin");
    st.units[kal].loc = Loc::Arriving;
    put(&g, &mut st, "ge_9a", "-3,8", false); // next to Moscow
    assert!(g.legal_actions(&st, SOVIET).contains(&Action::Place {
        unit: kal,
        at: place(&g, "Moscow")
    }));
    let mut st = blank(&g, 6, Side::German, Step::Reorganization);
    st.scratch.reorg = Some(ReorgStep::Place);
    let a = idx(&g, "ge_4a");
    st.units[a].loc = Loc::Arriving;
    put(&g, &mut st, "so_west", "-6,-1", true); // next to Warsaw (-5,-1)
    let acts = g.legal_actions(&st, AXIS);
    assert!(!acts.contains(&Action::Place {
        unit: a,
        at: place(&g, "Warsaw")
    }));
    assert!(acts.contains(&Action::Place {
        unit: a,
        at: place(&g, "Berlin")
    }));
}

/// Oracle 27 (8.4.3): over-stacked excess goes to the Shattered box, an Unsupplied one to the Destroyed box.
#[test]
fn oracle_27_r8_4_3_unsupplied_excess_goes_to_the_destroyed_box() {
    let g = NoRetreat::new();
    let mut st = blank(&g, 6, Side::Soviet, Step::Movement);
    let a = put(&g, &mut st, "so_west", "-1,5", true);
    let b2 = put(&g, &mut st, "so_south", "-1,5", true);
    st.units[b2].unsupplied = true;
    st.pending.push(Pending::Overstack {
        side: Side::Soviet,
        at: place(&g, "-1,5"),
    });
    act(&g, &mut st, SOVIET, Action::Unstack { unit: b2 });
    assert_eq!(st.units[b2].loc, Loc::Destroyed);
    assert_eq!(st.units[a].loc, Loc::Map(place(&g, "-1,5")));
    assert!(st.pending.is_empty());
    // A supplied excess unit goes to the Shattered box.
    let c = put(&g, &mut st, "so_south", "-1,5", true);
    st.units[c].unsupplied = false;
    st.pending.push(Pending::Overstack {
        side: Side::Soviet,
        at: place(&g, "-1,5"),
    });
    act(&g, &mut st, SOVIET, Action::Unstack { unit: c });
    assert_eq!(st.units[c].loc, Loc::Shattered);
}

/// Oracle 34 (10.1.1): a Disorganized unit may not attack voluntarily, but may attack a counterblow hex.
#[test]
fn oracle_34_r10_1_1_disorganized_units_answer_counterblows_only() {
    let g = NoRetreat::new();
    let mut st = blank(&g, 8, Side::German, Step::Movement);
    st.hands[1] = vec![9];
    let a = put(&g, &mut st, "ge_9a", "-2,5", false);
    st.units[a].disorganized = true;
    put(&g, &mut st, "so_west", "-1,5", true);
    let hx = place(&g, "-1,5");
    act(&g, &mut st, AXIS, Action::End);
    assert!(!g
        .legal_actions(&st, AXIS)
        .contains(&Action::Target { hex: hx }));
    act(&g, &mut st, AXIS, Action::End);
    act(
        &g,
        &mut st,
        SOVIET,
        Action::Counterblow { hex: hx, card: 9 },
    );
    act(&g, &mut st, SOVIET, Action::End);
    assert!(g.legal_actions(&st, AXIS).contains(&Action::Attack {
        targets: vec![hx],
        units: vec![a],
        support: false
    }));
}

/// Oracle 35 (10.1.2): a counterblow battle gives no terrain shifts, but the snow shift against the Axis stays.
#[test]
fn oracle_35_r10_1_2_counterblow_battles_keep_the_snow_shift() {
    let tec = ScenarioData::builtin().tables.tec;
    let b = Battle {
        attacker: Side::German,
        kind: BattleKind::Counterblow,
        attackers: vec![AttackingUnit {
            kind: UnitType::Infantry,
            strength: 8,
            supplied: true,
            ss: false,
            shock_front: false,
            finnish: false,
            across_river: true,
        }],
        defenders: vec![DefendingUnit {
            kind: UnitType::Infantry,
            strength: 4,
            unsupplied: false,
            ss: false,
        }],
        target: TargetHex {
            terrain: Terrain::Forest,
            city: true,
            objective: false,
            oil: false,
            area: false,
        },
        weather: TurnWeather::Snow,
        double_winter_penalty: false,
        first_snow_turn: false,
        support: false,
        romania_surrendered: false,
        card_shifts: vec![],
    };
    let o = odds(&b, &tec);
    assert_eq!(o.shifts.len(), 1);
    assert_eq!(o.shifts[0].reason, ShiftReason::Winter);
    assert_eq!(
        o.final_column,
        Some(eastfront_no_retreat::data::Column::ThreeTwo)
    );
}

/// Oracle 46 (10.7.5): a defender with no retreat path is eliminated, to the Surrendered box if Unsupplied.
#[test]
fn oracle_46_r10_7_5_no_retreat_unsupplied_surrenders() {
    let g = NoRetreat::new();
    let mut st = blank(&g, 8, Side::German, Step::Movement);
    st.weather = TurnWeather::Clear;
    let d = put(&g, &mut st, "so_west", "-1,5", true);
    st.units[d].unsupplied = true;
    // Axis units on every side but one, whose ZOC covers every retreat path.
    let ring: Vec<SpaceId> = g
        .board
        .borders(place(&g, "-1,5"))
        .iter()
        .map(|b| b.to)
        .collect();
    let names = ["ge_4a", "ge_6a", "ge_9a", "ge_11a", "ge_16a", "ge_17a"];
    let mut attackers = Vec::new();
    for (n, h) in names.iter().zip(&ring) {
        let u = idx(&g, n);
        st.units[u].loc = Loc::Map(*h);
        attackers.push(u);
    }
    let hx = place(&g, "-1,5");
    // 4 vs 4 with the unsupplied defender's 2R: 2:1; die 4 on the Axis CRT: DR.
    st.dice.script(&[4]).unwrap();
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
            units: vec![attackers[0]],
            support: false,
        },
    );
    assert_eq!(st.units[d].loc, Loc::Surrendered);
}

/// Oracle 48 (10.7.3): a CB from the passive player's counterattack puts the active player's marker on an active hex; it survives Removal.
#[test]
fn oracle_48_r10_7_3_a_cb_from_a_counterattack_marks_the_active_side() {
    let g = NoRetreat::new();
    let mut st = blank(&g, 8, Side::German, Step::Movement);
    st.weather = TurnWeather::Mud;
    let a = put(&g, &mut st, "ge_9a", "-2,5", false);
    let d = put(&g, &mut st, "so_west", "-1,5", true);
    let hx = place(&g, "-1,5");
    // Axis 1:1 die 1: CA; the Soviet counterattack 4 vs 4 on the Soviet CRT, die 4: CB.
    st.dice.script(&[1, 4]).unwrap();
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
    act(
        &g,
        &mut st,
        SOVIET,
        Action::Counterattack {
            units: vec![d],
            support: false,
        },
    );
    // The active (Axis) player marks its own hex, and the marker survives Removal.
    assert_eq!(g.active(&st), Some(AXIS));
    act(
        &g,
        &mut st,
        AXIS,
        Action::MarkCounterblow {
            hex: place(&g, "-2,5"),
        },
    );
    assert_eq!(st.cb_markers, vec![(place(&g, "-2,5"), Side::German)]);
    assert_eq!(
        st.phase,
        Phase::Player {
            side: Side::German,
            step: Step::RailUnloading
        }
    );
    assert_eq!(st.cb_markers.len(), 1);
}

/// Oracle 60 (12.5/13.5): the Berlin Garrison's turn-28 removal is no victory.
#[test]
fn oracle_60_r13_5_the_turn_28_removal_of_the_garrison_is_no_victory() {
    let g = NoRetreat::new();
    let mut st = blank(&g, 27, Side::Soviet, Step::RailUnloading);
    st.vp.initiative = Side::Soviet;
    st.vp.greater_germany_only = true;
    let gar = put(&g, &mut st, "ge_berlin", "Berlin", false);
    act(&g, &mut st, SOVIET, Action::End);
    assert_eq!(st.turn, 28);
    assert_eq!(st.units[gar].loc, Loc::OutOfGame);
    assert!(st.outcome.is_none(), "{:?}", st.outcome);
}

/// Oracle 61 (12.1): both sides meeting their Objective conditions → the initiative side wins.
#[test]
fn oracle_61_r12_1_both_objective_wins_go_to_the_initiative_side() {
    let g = NoRetreat::new();
    let b = &g.board;
    let mut c = initial_control(b, &[]);
    for o in ["Moscow", "Leningrad", "Stalingrad", "Sevastopol"] {
        c[b.place(o).unwrap().index()] = Some(Side::German);
    }
    for o in ["Berlin", "Warsaw", "Budapest"] {
        c[b.place(o).unwrap().index()] = Some(Side::Soviet);
    }
    let pos = Position {
        pieces: vec![],
        control: c,
    };
    let s = Supply::new(b, &pos);
    use eastfront_no_retreat::vp::objective_winner;
    assert_eq!(objective_winner(b, &s, Side::German), Some(Side::German));
    assert_eq!(objective_winner(b, &s, Side::Soviet), Some(Side::Soviet));
}

/// Oracle 71 (8.6/12.7.2): a Finnish unit alone does not control Finland; a German army there does.
#[test]
fn oracle_71_r12_7_2_the_finns_alone_do_not_control_finland() {
    let g = NoRetreat::new();
    let mut st = blank(&g, 3, Side::German, Step::Movement);
    put(&g, &mut st, "fi_army", "Finland", false);
    let ge = put(&g, &mut st, "ge_18a", "-9,10", false);
    let other = put(&g, &mut st, "ge_16a", "-4,1", false);
    let fin = place(&g, "Finland");
    st.control[fin.index()] = Some(Side::German);
    // Any move re-reads control: the Finns alone do not hold Finland.
    act(
        &g,
        &mut st,
        AXIS,
        Action::Move {
            unit: other,
            to: place(&g, "-4,2"),
        },
    );
    assert_eq!(st.control[fin.index()], None);
    // A German army moves in: now the Axis controls Finland.
    act(&g, &mut st, AXIS, Action::Move { unit: ge, to: fin });
    assert_eq!(st.control[fin.index()], Some(Side::German));
}
