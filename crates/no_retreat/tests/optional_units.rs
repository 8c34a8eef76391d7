//! Optional rules of §15 that act in the sequence of play: 15.1 Abteilungen, 15.2 fortified
//! fronts, 15.3 Local Combat Support, 15.8 Rezervy, 15.9 Paratroopers / Partisans.

use eastfront_kernel::{Game, Seat, Side, SpaceId, Viewer};
use eastfront_no_retreat::combat::{BattleKind, TurnWeather};
use eastfront_no_retreat::state::*;
use eastfront_no_retreat::supply::Zones;
use eastfront_no_retreat::turn::position;
use eastfront_no_retreat::{Action, NoRetreat, Options};

const AXIS: Seat = Seat(0);
const SOVIET: Seat = Seat(1);

fn idx(g: &NoRetreat, id: &str) -> usize {
    g.board
        .data
        .units
        .units
        .iter()
        .position(|u| u.id == id)
        .unwrap()
}

fn all_options() -> Options {
    Options {
        abteilungen: true,
        fortified_fronts: true,
        local_combat_support: true,
        rezervy: true,
        paratroopers: true,
        ..Options::default()
    }
}

/// A campaign with every optional unit rule on, an empty map, `side`'s phase `step`.
fn empty_map(g: &NoRetreat, options: &Options, turn: u8, side: Side, step: Step) -> State {
    let mut st = g.setup("campaign", options, 4).unwrap();
    st.pending.clear();
    for u in st.units.iter_mut() {
        if matches!(u.loc, Loc::Map(_)) {
            u.loc = Loc::OutOfGame;
        }
    }
    st.turn = turn;
    st.phase = Phase::Player { side, step };
    st.scratch = Scratch::default();
    if step == Step::Reorganization {
        st.scratch.reorg = Some(ReorgStep::Place);
    }
    st
}

fn put(st: &mut State, u: usize, at: SpaceId) {
    st.units[u] = UnitState {
        loc: Loc::Map(at),
        reduced: false,
        unsupplied: false,
        disorganized: false,
    };
}

fn hex(g: &NoRetreat, name: &str) -> SpaceId {
    g.board.place(name).unwrap()
}

fn land_neighbours(g: &NoRetreat, at: SpaceId) -> Vec<SpaceId> {
    g.board
        .neighbours(at)
        .filter(|s| !g.board.is_lake(*s) && !g.board.is_area(*s))
        .collect()
}

#[test]
fn r15_1_a_full_strength_4_4_army_splits_into_two_abteilungen_from_turn_8() {
    let g = NoRetreat::new();
    let army = idx(&g, "ge_4a");
    let (a, b) = (idx(&g, "ge_abt_a"), idx(&g, "ge_abt_b"));
    let warsaw = hex(&g, "Warsaw");
    let mut st = empty_map(&g, &all_options(), 7, Side::German, Step::Reorganization);
    put(&mut st, army, warsaw);
    assert_eq!(st.units[a].loc, Loc::Unused);
    // Not before turn 8.
    assert!(!g
        .legal_actions(&st, AXIS)
        .contains(&Action::Split { unit: army }));
    st.turn = 8;
    let legal = g.legal_actions(&st, AXIS);
    assert!(legal.contains(&Action::Split { unit: army }), "{legal:?}");
    g.apply(&mut st, AXIS, &Action::Split { unit: army })
        .unwrap();
    // Eliminated for good; the two 3-3 detachments go in its hex or next to it.
    assert_eq!(st.units[army].loc, Loc::OutOfGame);
    let legal = g.legal_actions(&st, AXIS);
    let mut spaces: Vec<SpaceId> = legal
        .iter()
        .map(|x| match x {
            Action::Place { unit, at } if *unit == a => *at,
            other => panic!("only the detachment's placement is legal, not {other:?}"),
        })
        .collect();
    spaces.sort();
    let mut expected: Vec<SpaceId> = std::iter::once(warsaw)
        .chain(land_neighbours(&g, warsaw))
        .collect();
    expected.sort();
    assert_eq!(spaces, expected);
    let next = land_neighbours(&g, warsaw)[0];
    g.apply(
        &mut st,
        AXIS,
        &Action::Place {
            unit: a,
            at: warsaw,
        },
    )
    .unwrap();
    g.apply(&mut st, AXIS, &Action::Place { unit: b, at: next })
        .unwrap();
    assert_eq!(st.units[a].loc, Loc::Map(warsaw));
    assert_eq!(st.units[b].loc, Loc::Map(next));
    assert!(!st.units[a].reduced && !st.units[b].reduced);
    // Once per turn.
    let army2 = idx(&g, "ge_9a");
    put(&mut st, army2, hex(&g, "Berlin"));
    assert!(!g
        .legal_actions(&st, AXIS)
        .iter()
        .any(|x| matches!(x, Action::Split { .. })));
}

#[test]
fn r15_1_only_a_supplied_unstacked_full_strength_army_and_only_with_the_option() {
    let g = NoRetreat::new();
    let army = idx(&g, "ge_4a");
    let other = idx(&g, "ge_9a");
    let warsaw = hex(&g, "Warsaw");
    let split = Action::Split { unit: army };
    let fresh = |opts: &Options| {
        let mut st = empty_map(&g, opts, 8, Side::German, Step::Reorganization);
        put(&mut st, army, warsaw);
        st
    };
    assert!(!g
        .legal_actions(&fresh(&Options::default()), AXIS)
        .contains(&split));
    let mut st = fresh(&all_options());
    st.units[army].unsupplied = true;
    assert!(!g.legal_actions(&st, AXIS).contains(&split));
    let mut st = fresh(&all_options());
    st.units[army].reduced = true;
    assert!(!g.legal_actions(&st, AXIS).contains(&split));
    let mut st = fresh(&all_options());
    put(&mut st, other, warsaw);
    assert!(!g.legal_actions(&st, AXIS).contains(&split));
    // Only in the placement step (7.0 B).
    let mut st = fresh(&all_options());
    st.scratch.reorg = Some(ReorgStep::Flip);
    assert!(!g.legal_actions(&st, AXIS).contains(&split));
}

#[test]
fn r15_1_the_new_units_are_not_placed_in_an_enemy_zoc_next_to_the_hex() {
    let g = NoRetreat::new();
    let army = idx(&g, "ge_4a");
    let a = idx(&g, "ge_abt_a");
    let smolensk = hex(&g, "Smolensk");
    let mut st = empty_map(&g, &all_options(), 8, Side::German, Step::Reorganization);
    put(&mut st, army, smolensk);
    // A Soviet Front two hexes away puts some neighbours in its ZOC.
    let n1 = land_neighbours(&g, smolensk)[0];
    let far = land_neighbours(&g, n1)
        .into_iter()
        .find(|s| *s != smolensk && !land_neighbours(&g, smolensk).contains(s))
        .unwrap();
    put(&mut st, idx(&g, "so_west"), far);
    g.apply(&mut st, AXIS, &Action::Split { unit: army })
        .unwrap();
    let pos = position(&g.board, &st);
    let zones = Zones::new(&g.board, &pos);
    let spaces: Vec<SpaceId> = g
        .legal_actions(&st, AXIS)
        .iter()
        .filter_map(|x| match x {
            Action::Place { unit, at } if *unit == a => Some(*at),
            _ => None,
        })
        .collect();
    assert!(spaces.contains(&smolensk));
    assert!(!spaces.contains(&n1), "n1 is in the Soviet ZOC");
    assert!(spaces
        .iter()
        .all(|s| *s == smolensk || !zones.in_ezoc(Side::German, *s)));
}

#[test]
fn r15_1_a_panzer_army_loses_a_step_for_the_mechanized_abteilung() {
    let g = NoRetreat::new();
    let panzer = idx(&g, "ge_1pz");
    let mech = idx(&g, "ge_abt_mech");
    let warsaw = hex(&g, "Warsaw");
    let mut st = empty_map(&g, &all_options(), 9, Side::German, Step::Reorganization);
    put(&mut st, panzer, warsaw);
    g.apply(&mut st, AXIS, &Action::Split { unit: panzer })
        .unwrap();
    assert_eq!(st.units[panzer].loc, Loc::Map(warsaw));
    assert!(st.units[panzer].reduced);
    let legal = g.legal_actions(&st, AXIS);
    assert!(legal.contains(&Action::Place {
        unit: mech,
        at: warsaw
    }));
    g.apply(
        &mut st,
        AXIS,
        &Action::Place {
            unit: mech,
            at: warsaw,
        },
    )
    .unwrap();
    assert_eq!(st.units[mech].loc, Loc::Map(warsaw));
    assert!(st.scratch.split_place.is_empty());
}

#[test]
fn r15_2_a_fortified_front_splits_in_two_3_2_fronts_from_turn_5() {
    let g = NoRetreat::new();
    let front = idx(&g, "so_fortified_front");
    let (a, b) = (
        idx(&g, "so_fortified_front_a"),
        idx(&g, "so_fortified_front_b"),
    );
    let moscow = hex(&g, "Moscow");
    // With the option, the 4-3 front waits on the Turn Track for turn 5 (Reconstructed).
    let st0 = g.setup("campaign", &all_options(), 4).unwrap();
    assert_eq!(st0.units[front].loc, Loc::Track(5));
    let st_off = g.setup("campaign", &Options::default(), 4).unwrap();
    assert_eq!(st_off.units[front].loc, Loc::Unused);
    let mut st = empty_map(&g, &all_options(), 4, Side::Soviet, Step::Reorganization);
    put(&mut st, front, moscow);
    let split = Action::Split { unit: front };
    assert!(!g.legal_actions(&st, SOVIET).contains(&split));
    st.turn = 5;
    assert!(g.legal_actions(&st, SOVIET).contains(&split));
    g.apply(&mut st, SOVIET, &split).unwrap();
    assert_eq!(st.units[front].loc, Loc::OutOfGame);
    g.apply(
        &mut st,
        SOVIET,
        &Action::Place {
            unit: a,
            at: moscow,
        },
    )
    .unwrap();
    // The second goes where the stacking limit leaves room (8.4.1).
    let place_b = g.legal_actions(&st, SOVIET)[0].clone();
    let Action::Place { unit, at } = place_b else {
        panic!("{place_b:?}")
    };
    assert_eq!(unit, b);
    assert!(at == moscow || land_neighbours(&g, moscow).contains(&at));
    g.apply(&mut st, SOVIET, &place_b).unwrap();
    assert_eq!(st.units[a].loc, Loc::Map(moscow));
    assert_eq!(st.units[b].loc, Loc::Map(at));
    assert!(!g.legal_actions(&st, SOVIET).contains(&split));
}

#[test]
fn r15_3_the_marker_goes_on_a_supplied_unit_at_the_end_of_movement_and_adds_strength() {
    let g = NoRetreat::new();
    let army = idx(&g, "ge_4a");
    let hungry = idx(&g, "ge_9a");
    let front = idx(&g, "so_west");
    let smolensk = hex(&g, "Smolensk");
    let next = land_neighbours(&g, smolensk)[0];
    let mut st = empty_map(&g, &all_options(), 2, Side::German, Step::Movement);
    put(&mut st, army, next);
    put(&mut st, hungry, next);
    st.units[hungry].unsupplied = true;
    put(&mut st, front, smolensk);
    g.apply(&mut st, AXIS, &Action::End).unwrap();
    // 15.3.1: still the Movement phase: the support step.
    assert_eq!(
        st.phase,
        Phase::Player {
            side: Side::German,
            step: Step::Movement
        }
    );
    let legal = g.legal_actions(&st, AXIS);
    assert!(legal.contains(&Action::LocalSupport { unit: army }));
    assert!(!legal.contains(&Action::LocalSupport { unit: hungry }));
    assert!(legal.contains(&Action::End));
    g.apply(&mut st, AXIS, &Action::LocalSupport { unit: army })
        .unwrap();
    assert_eq!(st.local_support[0], Some(army));
    assert!(matches!(
        st.phase,
        Phase::Player {
            step: Step::Combat,
            ..
        }
    ));
    // 15.3.3: +2 strength for the Axis unit in a battle (before the turn-11 flip).
    let plain = {
        let mut s = st.clone();
        s.local_support = [None, None];
        attack_strength(&g, &mut s, vec![army], smolensk)
    };
    let supported = attack_strength(&g, &mut st, vec![army], smolensk);
    assert_eq!(supported, plain + 2);
    // The View shows it to both sides.
    let v = g.view(&st, Viewer::Side(Side::Soviet));
    assert_eq!(v.local_support[0], Some(army));
    assert_eq!(v.local_support_value, [2, 1]);
}

/// The attack strength the table shows for a battle of `units` against `target`.
fn attack_strength(g: &NoRetreat, st: &mut State, units: Vec<usize>, target: SpaceId) -> u32 {
    let defenders = eastfront_no_retreat::rules::units_at(st, target);
    st.phase = Phase::Player {
        side: Side::German,
        step: Step::Combat,
    };
    st.scratch.combat = Some(CombatState {
        step: CombatStep::Battles,
        targets: vec![target],
        counterblows: vec![],
        attacked_hexes: vec![],
        fought: vec![],
        battle: Some(BattleRun {
            attacker: Side::German,
            kind: BattleKind::Voluntary,
            attackers: units.clone(),
            targets: vec![target],
            defenders: defenders.clone(),
            uncommitted: vec![],
            original: units,
            stages: vec![BattleStage::Commit(Side::German)],
            support: false,
            card_shifts: vec![],
            imposed: None,
            column: None,
            crt: None,
            result: None,
            rolled: false,
            played: vec![],
            advance_cards: vec![],
            two_dice: None,
            doubled: vec![],
            no_mercy: false,
            dice: vec![],
        }),
    });
    g.view(st, Viewer::Side(Side::German))
        .battle
        .unwrap()
        .attack
}

#[test]
fn r15_3_3_the_markers_flip_on_turn_11() {
    let g = NoRetreat::new();
    use eastfront_no_retreat::rules::support_value;
    assert_eq!(support_value(&g.board, Side::German, 10), 2);
    assert_eq!(support_value(&g.board, Side::Soviet, 10), 1);
    assert_eq!(support_value(&g.board, Side::German, 11), 1);
    assert_eq!(support_value(&g.board, Side::Soviet, 11), 2);
}

#[test]
fn r15_3_4_the_marker_stays_until_the_owners_next_movement_phase_or_the_units_elimination() {
    let g = NoRetreat::new();
    let army = idx(&g, "ge_4a");
    let warsaw = hex(&g, "Warsaw");
    let mut st = empty_map(&g, &all_options(), 2, Side::German, Step::Reorganization);
    st.scratch.reorg = Some(ReorgStep::Reorganize);
    put(&mut st, army, warsaw);
    st.local_support[0] = Some(army);
    // Not removed before the Movement phase begins (it defended in the Soviet turn).
    assert_eq!(st.local_support[0], Some(army));
    g.apply(&mut st, AXIS, &Action::End).unwrap();
    assert_eq!(
        st.phase,
        Phase::Player {
            side: Side::German,
            step: Step::Movement
        }
    );
    assert_eq!(st.local_support[0], None);
    // Eliminated: set aside.
    st.local_support[0] = Some(army);
    st.units[army].loc = Loc::Destroyed;
    g.apply(&mut st, AXIS, &Action::End).unwrap();
    assert_eq!(st.local_support[0], None);
    // 15.3.5: the marker is no unit: nothing but units take step losses (TakeLoss names units).
    assert!(eastfront_no_retreat::rules::support_bonus(&g.board, &st, army) == 0);
}

#[test]
fn r15_8_rezervy_left_alone_at_the_end_of_movement_goes_to_the_destroyed_box() {
    let g = NoRetreat::new();
    let rez = idx(&g, "so_rezervy");
    let front = idx(&g, "so_west");
    let moscow = hex(&g, "Moscow");
    let kiev = hex(&g, "Kiev");
    // 15.8: it appears in the Destroyed box on turn 5.
    let st0 = g.setup("campaign", &all_options(), 4).unwrap();
    assert_eq!(st0.units[rez].loc, Loc::Track(5));
    let mut st = empty_map(&g, &all_options(), 6, Side::Soviet, Step::Movement);
    st.options.local_combat_support = false;
    put(&mut st, rez, moscow);
    put(&mut st, front, moscow);
    g.apply(&mut st, SOVIET, &Action::End).unwrap();
    assert_eq!(st.units[rez].loc, Loc::Map(moscow), "stacked: it stays");
    let mut st = empty_map(&g, &all_options(), 6, Side::Soviet, Step::Movement);
    st.options.local_combat_support = false;
    put(&mut st, rez, kiev);
    put(&mut st, front, moscow);
    g.apply(&mut st, SOVIET, &Action::End).unwrap();
    assert_eq!(st.units[rez].loc, Loc::Destroyed);
}

#[test]
fn r15_8_rezervy_never_attacks_and_does_not_count_for_stacking() {
    let g = NoRetreat::new();
    let rez = idx(&g, "so_rezervy");
    let front = idx(&g, "so_west");
    let army = idx(&g, "ge_4a");
    let smolensk = hex(&g, "Smolensk");
    let next = land_neighbours(&g, smolensk)[0];
    let mut st = empty_map(&g, &all_options(), 6, Side::Soviet, Step::Combat);
    put(&mut st, rez, smolensk);
    put(&mut st, front, smolensk);
    put(&mut st, army, next);
    st.scratch.combat = Some(CombatState {
        step: CombatStep::Battles,
        targets: vec![next],
        counterblows: vec![],
        attacked_hexes: vec![],
        fought: vec![],
        battle: None,
    });
    let legal = g.legal_actions(&st, SOVIET);
    assert!(legal
        .iter()
        .any(|a| matches!(a, Action::Attack { units, .. } if units.contains(&front))));
    assert!(!legal
        .iter()
        .any(|a| matches!(a, Action::Attack { units, .. } if units.contains(&rez))));
    assert!(!eastfront_no_retreat::losses::counts_for_stacking(
        &g.board.data.units.units[rez]
    ));
}

#[test]
fn r15_9_paratroopers_arrive_on_turn_4_and_shatter_an_axis_unit_in_the_ussr() {
    let g = NoRetreat::new();
    let st0 = g.setup("campaign", &all_options(), 4).unwrap();
    assert_eq!(st0.paratroopers, Paratroopers::Track(4));
    let army = idx(&g, "ge_4a");
    let front = idx(&g, "so_west");
    let smolensk = hex(&g, "Smolensk");
    let next = land_neighbours(&g, smolensk)
        .into_iter()
        .find(|s| g.board.hex(*s).unwrap().region == eastfront_no_retreat::data::Region::Ussr)
        .unwrap();
    let mut st = empty_map(&g, &all_options(), 4, Side::Soviet, Step::RailUnloading);
    st.paratroopers = Paratroopers::Rail;
    st.weather = TurnWeather::Snow;
    put(&mut st, army, smolensk);
    put(&mut st, front, next);
    let drop = Action::Paratroopers { unit: army };
    // Not in a Clear turn; not next to an unsupplied unit only.
    st.weather = TurnWeather::Clear;
    assert!(!g.legal_actions(&st, SOVIET).contains(&drop));
    st.weather = TurnWeather::Snow;
    st.units[front].unsupplied = true;
    assert!(!g.legal_actions(&st, SOVIET).contains(&drop));
    st.units[front].unsupplied = false;
    assert!(g.legal_actions(&st, SOVIET).contains(&drop));
    g.apply(&mut st, SOVIET, &drop).unwrap();
    assert_eq!(st.units[army].loc, Loc::Shattered);
    assert_eq!(st.paratroopers, Paratroopers::Map(smolensk));
    assert!(!g.legal_actions(&st, SOVIET).contains(&drop));
    // Removed in the Axis marker-removal phase; back 4 turns later.
    g.apply(&mut st, SOVIET, &Action::End).unwrap();
    let turn = st.turn;
    assert_eq!(turn, 5);
    let mut guard = 0;
    while st.phase
        != (Phase::Player {
            side: Side::German,
            step: Step::RailUnloading,
        })
    {
        let seat = g.active(&st).unwrap();
        let a = g
            .legal_actions(&st, seat)
            .into_iter()
            .find(|a| matches!(a, Action::End | Action::Pass))
            .or_else(|| g.legal_actions(&st, seat).into_iter().next())
            .unwrap();
        g.apply(&mut st, seat, &a).unwrap();
        guard += 1;
        assert!(guard < 200);
    }
    assert_eq!(st.paratroopers, Paratroopers::Track(turn + 4));
}

#[test]
fn r15_9_the_marker_takes_a_place_in_the_rail_box() {
    let g = NoRetreat::new();
    let mut st = empty_map(&g, &all_options(), 4, Side::Soviet, Step::Movement);
    st.options.local_combat_support = false;
    let moscow = hex(&g, "Moscow");
    let cap = usize::from(g.board.data.track.rail_box_capacity);
    let fronts: Vec<usize> = ["so_west", "so_central", "so_south", "so_bryansk"]
        .iter()
        .map(|id| idx(&g, id))
        .collect();
    for f in &fronts[..cap - 1] {
        st.units[*f].loc = Loc::Rail;
    }
    put(&mut st, fronts[cap], moscow);
    st.hands[1] = vec![10, 11, 13];
    let embark = |st: &State| {
        g.legal_actions(st, SOVIET)
            .iter()
            .any(|a| matches!(a, Action::Embark { .. }))
    };
    st.paratroopers = Paratroopers::Off;
    assert!(embark(&st));
    st.paratroopers = Paratroopers::Rail;
    assert!(!embark(&st));
}
