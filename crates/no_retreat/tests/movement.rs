//! Movement with ZOC (8.0–8.7), retreats (10.7.5) and advances (10.8), with the spec's
//! movement example E3 (8.5) rebuilt west of Moscow.

use eastfront_kernel::{Side, SpaceId};
use eastfront_no_retreat::board::Board;
use eastfront_no_retreat::combat::{column_for, TurnWeather};
use eastfront_no_retreat::data::{Column, Nation, Tec};
use eastfront_no_retreat::movement::*;
use eastfront_no_retreat::supply::{initial_control, Piece, Position, Zones};

fn board() -> Board {
    Board::standard()
}

fn tec(b: &Board) -> Tec {
    b.data.tables.tec.clone()
}

fn at(b: &Board, key: &str) -> SpaceId {
    b.place(key).unwrap_or_else(|| panic!("no place {key}"))
}

fn unit(side: Side, space: SpaceId, zoc: bool) -> Piece {
    Piece {
        unit: 0,
        side,
        at: space,
        zoc_face: zoc,
        unsupplied: false,
        nation: if side == Side::German {
            Nation::German
        } else {
            Nation::Soviet
        },
    }
}

fn zones(b: &Board, pieces: Vec<Piece>) -> Zones {
    Zones::new(
        b,
        &Position {
            pieces,
            control: initial_control(b, &[]),
        },
    )
}

fn mover(side: Side, space: SpaceId, armor: bool) -> Mover {
    Mover {
        side,
        nation: if side == Side::German {
            Nation::German
        } else {
            Nation::Soviet
        },
        armor,
        at: space,
    }
}

fn cost_to(list: &[(SpaceId, u8)], to: SpaceId) -> Option<u8> {
    list.iter().find(|(s, _)| *s == to).map(|(_, c)| *c)
}

/// Oracle 28 (8.5.2): a unit starting in EZOC pays +1 MP to leave.
/// Worked example E3 (8.5, movement with EZOC): 3 MP with the 9th Army in the forest; illegal before it moves.
#[test]
fn r8_5_movement_example_e3() {
    // The Kalinin Front at (-4,8); the 4th Panzer Army at (-3,7) in its ZOC; the forest hex
    // (-4,7) is in its ZOC too. Snow: MA 4.
    let b = board();
    let t = tec(&b);
    let kal = unit(Side::Soviet, at(&b, "-4,8"), true);
    let pz = at(&b, "-3,7");
    let forest = at(&b, "-4,7");
    let ma = eastfront_no_retreat::weather::movement_cap(6, TurnWeather::Snow, false);
    assert_eq!(ma, 4);
    // Before the 9th Army moves in, the direct EZOC-to-EZOC step into the empty forest is
    // illegal (8.5.3): only the detour through the open hex (-3,6), out of the EZOC, gets
    // there, for 1 + 1 + 2 = 4 MP; with 3 MP not at all.
    let z = zones(&b, vec![kal.clone(), unit(Side::German, pz, true)]);
    assert!(!z.in_ezoc(Side::German, at(&b, "-3,6")));
    let m = mover(Side::German, pz, true);
    let r = reachable(&b, &t, &z, &m, ma, Access::default());
    assert_eq!(cost_to(&r, forest), Some(4));
    let r = reachable(&b, &t, &z, &m, 3, Access::default());
    assert_eq!(cost_to(&r, forest), None);
    // With the 9th Army there: leave the EZOC (+1) and enter the forest (2 for armor) = 3 MP.
    let z = zones(
        &b,
        vec![
            kal,
            unit(Side::German, pz, true),
            unit(Side::German, forest, true),
        ],
    );
    let r = reachable(
        &b,
        &t,
        &z,
        &mover(Side::German, pz, true),
        ma,
        Access::default(),
    );
    assert_eq!(cost_to(&r, forest), Some(3));
    // 15 vs 4 is an initial 3:1.
    assert_eq!(column_for(4 + 5 + 3 + 3, 4), Some(Column::ThreeOne));
}

/// Oracle 28 (8.5.1): a unit entering an EZOC hex stops at once.
#[test]
fn r8_5_1_a_unit_stops_in_the_first_ezoc_hex() {
    let b = board();
    let t = tec(&b);
    // A Soviet unit at (-4,10); a German infantry army four hexes west at (-4,6).
    let sov = unit(Side::Soviet, at(&b, "-4,10"), true);
    let start = at(&b, "-4,6");
    let z = zones(&b, vec![sov]);
    let r = reachable(
        &b,
        &t,
        &z,
        &mover(Side::German, start, false),
        6,
        Access::default(),
    );
    // (-4,9) is in its ZOC: reachable, but nothing beyond it through it; the Soviet hex never.
    assert!(cost_to(&r, at(&b, "-4,9")).is_some());
    assert_eq!(
        cost_to(&r, at(&b, "-4,10")),
        None,
        "8.4: no entering enemy units"
    );
    assert!(z.in_ezoc(Side::German, at(&b, "-4,9")));
}

#[test]
fn r8_5_zoc_of_fortified_units_and_8_3_terrain_costs() {
    let b = board();
    let t = tec(&b);
    // A fortified Soviet unit (no ZOC) does not stop movement beside it.
    let fort = unit(Side::Soviet, at(&b, "Moscow"), false);
    let z = zones(&b, vec![fort]);
    let start = at(&b, "-3,7");
    let r = reachable(
        &b,
        &t,
        &z,
        &mover(Side::German, start, false),
        4,
        Access::default(),
    );
    // (-3,8) forest beside Moscow: 1 MP for infantry (TEC "Other"); beyond it (-2,9) too.
    assert_eq!(cost_to(&r, at(&b, "-3,8")), Some(1));
    // Armor pays 2 for the forest.
    let r = reachable(
        &b,
        &t,
        &z,
        &mover(Side::German, start, true),
        4,
        Access::default(),
    );
    assert_eq!(cost_to(&r, at(&b, "-3,8")), Some(2));
    // Lakes are prohibited (3.2).
    assert_eq!(entry_cost(&b, &t, false, at(&b, "Lake Ladoga")), None);
}

/// Oracle 25 (8.3): a unit that has not moved may always enter one adjacent hex (the EZOC side: oracles_more.rs).
#[test]
fn r8_3_a_unit_may_always_move_one_hex() {
    let b = board();
    let t = tec(&b);
    // An armor unit with 1 MP (unsupplied in mud... capped) can still enter an adjacent
    // marsh (4 MP for armor): the whole move.
    let start = at(&b, "-1,-1");
    let marsh = at(&b, "-1,0");
    let z = zones(&b, vec![]);
    let r = reachable(
        &b,
        &t,
        &z,
        &mover(Side::German, start, true),
        1,
        Access::default(),
    );
    assert_eq!(cost_to(&r, marsh), Some(4));
    // But no further.
    assert_eq!(cost_to(&r, at(&b, "-1,1")), None);
    // An immobile unit (no MA) does not move at all.
    assert!(reachable(
        &b,
        &t,
        &z,
        &mover(Side::German, start, true),
        0,
        Access::default()
    )
    .is_empty());
}

#[test]
fn r8_6_and_8_7_who_may_enter_finland_and_the_balkans() {
    let b = board();
    let fin = at(&b, "Finland");
    let wb = at(&b, "Western Balkans");
    let m = |n: Nation| Mover {
        side: Side::German,
        nation: n,
        armor: false,
        at: at(&b, "-9,10"),
    };
    assert!(may_enter(&b, &m(Nation::German), fin, Access::default()));
    assert!(!may_enter(&b, &m(Nation::Romanian), fin, Access::default()));
    assert!(
        !may_enter(&b, &m(Nation::German), wb, Access::default()),
        "closed before Ploesti falls"
    );
    let open = Access { balkans_open: true };
    assert!(may_enter(&b, &m(Nation::German), wb, open));
    assert!(!may_enter(&b, &m(Nation::Hungarian), wb, open));
    let finn = Mover {
        nation: Nation::Finnish,
        at: fin,
        ..m(Nation::Finnish)
    };
    assert!(
        !may_enter(&b, &finn, at(&b, "-9,10"), open),
        "14.1: the Finns never leave Finland"
    );
}

/// Oracle 46 (10.7.5): a defender with no legal 2-hex retreat path is eliminated (the box: oracles.rs).
#[test]
fn r10_7_5_retreat_two_hexes_away_toward_supply() {
    let b = board();
    // A Soviet unit in (-2,6) (open country south-west of Moscow) attacked from the west.
    let def = at(&b, "-2,6");
    let z = zones(
        &b,
        vec![
            unit(Side::Soviet, def, true),
            unit(Side::German, at(&b, "-2,5"), true),
        ],
    );
    let sources = b.spaces_where(|h| h.edge == Some(Side::Soviet));
    let ends = retreat_ends(
        &b,
        &z,
        &mover(Side::Soviet, def, false),
        &[def],
        &sources,
        Access::default(),
    );
    assert!(!ends.is_empty());
    for e in &ends {
        assert_eq!(b.topo.distance(def, *e), Some(2), "no zig-zag");
        assert!(!z.in_ezoc(Side::Soviet, *e));
        // East, toward the Soviet edge: further from the German attacker.
        assert!(b.coord(*e).1 > b.coord(def).1);
    }
    // Surrounded by German ZOC: no retreat, the unit is eliminated (10.7.1).
    let ring: Vec<Piece> = b
        .borders(def)
        .iter()
        .map(|x| x.to)
        .filter(|s| b.hex(*s).is_some())
        .take(6)
        .flat_map(|s| b.borders(s).iter().map(|y| y.to).collect::<Vec<_>>())
        .filter(|s| *s != def && b.topo.distance(def, *s) == Some(2))
        .map(|s| unit(Side::German, s, true))
        .collect();
    let mut pieces = ring;
    pieces.push(unit(Side::Soviet, def, true));
    let z = zones(&b, pieces);
    assert!(retreat_ends(
        &b,
        &z,
        &mover(Side::Soviet, def, false),
        &[def],
        &sources,
        Access::default()
    )
    .is_empty());
}

/// Oracle 50 (10.8): in clear weather a Panzer may advance 3 hexes, an infantry army 2; in mud only into the vacated hex.
#[test]
fn r10_8_advance_after_combat() {
    let b = board();
    let t = tec(&b);
    assert_eq!(advance_limit(TurnWeather::Mud, false, true), 1);
    assert_eq!(advance_limit(TurnWeather::ExtremeWinter, false, true), 1);
    assert_eq!(
        advance_limit(TurnWeather::Snow, false, true),
        2,
        "no third hex in snow"
    );
    assert_eq!(advance_limit(TurnWeather::Clear, false, false), 2);
    assert_eq!(advance_limit(TurnWeather::Clear, false, true), 3, "10.8.2");
    assert_eq!(advance_limit(TurnWeather::Clear, true, true), 1, "6.5.4");
    // From (-2,4) into the vacated open hex (-2,5), then on; EZOC has no effect.
    let from = at(&b, "-2,4");
    let vac = at(&b, "-2,5");
    let z = zones(&b, vec![unit(Side::Soviet, at(&b, "-2,7"), true)]);
    let m = mover(Side::German, from, true);
    let one = advance_ends(&b, &t, &z, &m, vac, 1, Access::default());
    assert_eq!(one, vec![vac]);
    let two = advance_ends(&b, &t, &z, &m, vac, 2, Access::default());
    assert!(
        two.contains(&at(&b, "-2,6")),
        "into the EZOC hex beside the Soviet unit"
    );
    assert!(!two.contains(&at(&b, "-2,7")), "never into an enemy unit");
    // A vacated forest hex stops the advance there (10.8.1).
    let forest = at(&b, "-3,8");
    let m2 = mover(Side::German, at(&b, "-3,7"), true);
    assert_eq!(
        advance_ends(&b, &t, &z, &m2, forest, 3, Access::default()),
        vec![forest]
    );
}
