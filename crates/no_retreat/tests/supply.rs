//! Zones of control and supply (8.5, 6.0–6.4, 11.1) on the real map, with the spec's supply
//! example E2 (rule 6.4) rebuilt around Leningrad, Riga and Lake Peipus.

use eastfront_kernel::{Side, SpaceId};
use eastfront_no_retreat::board::Board;
use eastfront_no_retreat::supply::*;

fn board() -> Board {
    Board::standard()
}

/// A piece of `unit` (full face, or reduced) at a place ("row,col" or a name).
fn piece(b: &Board, unit: &str, at: &str, reduced: bool) -> Piece {
    let idx = b
        .data
        .units
        .units
        .iter()
        .position(|u| u.id == unit)
        .unwrap_or_else(|| panic!("no unit {unit}"));
    let u = &b.data.units.units[idx];
    Piece {
        unit: idx,
        side: u.side,
        at: b.place(at).unwrap_or_else(|| panic!("no place {at}")),
        zoc_face: !u.face(reduced).no_zoc,
        unsupplied: false,
        nation: u.nation,
    }
}

fn position(b: &Board, pieces: Vec<Piece>) -> Position {
    Position {
        pieces,
        control: initial_control(b, &[]),
    }
}

/// E2: the 16th Army four hexes from Riga with the line through Lake Peipus, the 18th beside
/// it with no line of its own, the 4th Panzer beside the 18th only, a Soviet unit whose ZOC
/// closes the southern roads, the Kalinin Front east of Ladoga and the Finns in Finland.
fn e2(b: &Board, with_kalinin: bool, finland: &str) -> Position {
    let mut p = vec![
        piece(b, "ge_16a", "-9,10", false),
        piece(b, "ge_18a", "-8,10", true),
        piece(b, "ge_4pz", "-7,10", false),
        piece(b, "so_west", "-7,8", true),
        piece(b, "so_leningrad", "Leningrad", false),
        piece(b, finland, "Finland", false),
    ];
    if with_kalinin {
        p.push(piece(b, "so_kalinin", "-9,12", true));
    }
    Position {
        pieces: p,
        // Riga is an Axis-friendly city in the example.
        control: initial_control(b, &[("Riga".into(), Side::German)]),
    }
}

fn status_of(b: &Board, pos: &Position, unit: &str) -> SupplyStatus {
    let s = Supply::new(b, pos);
    let p = pos
        .pieces
        .iter()
        .find(|p| b.data.units.units[p.unit].id == unit)
        .unwrap();
    s.status(p)
}

/// Oracle 9 (6.2): a unit supplied only through an adjacent unit supplies no third unit (the 4th Panzer).
/// Worked example E2 (6.4, supply tracing): the 16th, 18th, 4th Panzer, Kalinin Front and Leningrad.
#[test]
fn r6_4_supply_example_e2() {
    let b = board();
    let pos = e2(&b, true, "fi_army");
    let s = Supply::new(&b, &pos);
    let at16 = b.place("-9,10").unwrap();
    // 16th Army: a land line of 4 hexes to Riga, through the prohibited Lake Peipus.
    let line = s
        .land_line(Side::German, at16)
        .expect("the 16th has a land line");
    assert_eq!(line.len(), 4);
    assert_eq!(line.last(), b.place("Riga").as_ref());
    assert!(
        line.contains(&b.place("Lake Peipus").unwrap()),
        "6.3: the lake does not block"
    );
    assert_eq!(status_of(&b, &pos, "ge_16a"), SupplyStatus::Land);
    // 18th Army: only the alternative source of the adjacent 16th (6.2).
    assert!(s
        .land_line(Side::German, b.place("-8,10").unwrap())
        .is_none());
    assert_eq!(status_of(&b, &pos, "ge_18a"), SupplyStatus::Alternative);
    // 4th Panzer Army: no chaining through the 18th.
    assert_eq!(status_of(&b, &pos, "ge_4pz"), SupplyStatus::Unsupplied);
    // Kalinin Front: a land line to the east edge.
    assert_eq!(status_of(&b, &pos, "so_kalinin"), SupplyStatus::Land);
    // Leningrad: a supplied city; the Finns project no ZOC.
    assert!(s.supplied_friendly_city(Side::Soviet, b.place("Leningrad").unwrap()));
}

/// Oracle 13 (6.3/8.5.4): an EZOC hex on a supply path blocks it unless a friendly unit is in it.
#[test]
fn r6_3_a_friendly_unit_negates_the_ezoc_for_supply() {
    let b = board();
    // A German army in Finland (8.6) puts Ladoga and the hex east of it in its ZOC.
    let with = e2(&b, true, "ge_9a");
    let s = Supply::new(&b, &with);
    let east = b.place("-9,12").unwrap();
    assert!(s.zones.in_ezoc(Side::Soviet, east));
    assert!(
        !s.blocked(Side::Soviet, east),
        "the Kalinin Front negates it"
    );
    assert!(s.supplied_friendly_city(Side::Soviet, b.place("Leningrad").unwrap()));
    // Without the Kalinin Front every eastward route from Leningrad is in EZOC.
    let without = e2(&b, false, "ge_9a");
    let s = Supply::new(&b, &without);
    assert!(s.blocked(Side::Soviet, east));
    assert!(s.blocked(Side::Soviet, b.place("Lake Ladoga").unwrap()));
    assert!(!s.supplied_friendly_city(Side::Soviet, b.place("Leningrad").unwrap()));
}

/// Oracle 29 (8.5): Unsupplied units and parenthesized strengths exert no ZOC.
/// Worked example E3 (8.5, negative test): the fortified unit flipped to regional gains a ZOC.
#[test]
fn r8_5_zoc_rules() {
    let b = board();
    // Parenthesized strengths (the Finns, fortified faces) and unsupplied units have no ZOC.
    let mut pos = e2(&b, true, "fi_army");
    let z = Zones::new(&b, &pos);
    let fin_nb = b.place("-9,10").unwrap();
    assert!(
        !z.in_ezoc(Side::German, b.place("-9,12").unwrap()),
        "the Finns: no ZOC"
    );
    // The Leningrad fortress (fortified face) has no ZOC: the 16th beside it is not in EZOC.
    assert!(!z.in_ezoc(Side::German, fin_nb));
    // Its regional face has one (8.5 example).
    let len = pos
        .pieces
        .iter_mut()
        .find(|p| b.place("Leningrad") == Some(p.at))
        .unwrap();
    len.zoc_face = true;
    assert!(Zones::new(&b, &pos).in_ezoc(Side::German, fin_nb));
    // An Unsupplied marker removes the ZOC (6.5.3).
    for p in pos.pieces.iter_mut().filter(|p| p.side == Side::Soviet) {
        p.unsupplied = true;
    }
    assert!(!Zones::new(&b, &pos).in_ezoc(Side::German, fin_nb));
}

/// Oracle 29 (8.5): ZOC never extends across a lake or sea hexside.
#[test]
fn r8_5_zoc_does_not_cross_lake_hexsides() {
    let b = board();
    // (-8,8) and (-8,7) share a lake hexside (the shore of Lake Peipus).
    let pos = position(&b, vec![piece(&b, "so_west", "-8,8", true)]);
    let z = Zones::new(&b, &pos);
    assert!(!z.in_ezoc(Side::German, b.place("-8,7").unwrap()));
    assert!(z.in_ezoc(Side::German, b.place("-8,9").unwrap()));
}

#[test]
fn r6_1_city_routes_run_one_way() {
    let b = board();
    let pos = position(&b, vec![]);
    let s = Supply::new(&b, &pos);
    // Every Axis city traces west to the Axis edge, every Soviet city east to its edges,
    // on the empty map.
    for (i, h) in b.data.map.hexes.iter().enumerate() {
        if h.city.is_some() {
            let id = SpaceId(i as u16);
            let owner = pos.control[i].unwrap();
            assert!(s.city_route(owner, id), "{} traces to its edge", b.name(id));
        }
    }
    // Moscow cannot trace west to the Axis edge as if it were Axis (Smolensk and Minsk are
    // Soviet cities in the way only if... here: the direction alone decides).
    let moscow = b.place("Moscow").unwrap();
    assert!(s.city_route(Side::Soviet, moscow));
    // A Soviet city route may not go west: Riga's only eastward route is cut by an Axis
    // unit line in front of it.
    let riga = b.place("Riga").unwrap();
    let east_of_riga: Vec<Piece> = b
        .borders(riga)
        .iter()
        .filter(|x| x.dir.is_some_and(|d| d.eastward()))
        .map(|x| Piece {
            unit: 0,
            side: Side::German,
            at: x.to,
            zoc_face: true,
            unsupplied: false,
            nation: eastfront_no_retreat::data::Nation::German,
        })
        .collect();
    let cut = position(&b, east_of_riga);
    assert!(!Supply::new(&b, &cut).city_route(Side::Soviet, riga));
}

#[test]
fn r6_2_seas_and_minor_countries() {
    let b = board();
    // A Soviet unit cut off in Odessa draws on the Black Sea; on the Sea of Azov shore it
    // could not (no hex carries Azov), on the Baltic only with Leningrad supplied.
    let odessa = b.place("Odessa").unwrap();
    let ring: Vec<Piece> = b
        .borders(odessa)
        .iter()
        .map(|x| Piece {
            unit: 0,
            side: Side::German,
            at: x.to,
            zoc_face: true,
            unsupplied: false,
            nation: eastfront_no_retreat::data::Nation::German,
        })
        .collect();
    let mut pieces = ring;
    pieces.push(piece(&b, "so_south", "Odessa", true));
    let pos = position(&b, pieces);
    assert_eq!(status_of(&b, &pos, "so_south"), SupplyStatus::Alternative);
    // The Finns are always supplied in Finland (14.1), even cut off.
    let pos = position(&b, vec![piece(&b, "fi_army", "Finland", false)]);
    assert_eq!(status_of(&b, &pos, "fi_army"), SupplyStatus::Alternative);
    // A German unit in Finland has no such source: supply cannot be traced through Finland.
    let pos = position(&b, vec![piece(&b, "ge_9a", "Finland", false)]);
    let s = Supply::new(&b, &pos);
    assert!(s.blocked(Side::German, b.place("Finland").unwrap()));
}

#[test]
fn r6_4_supply_phase_marks_the_active_side_first() {
    let b = board();
    let mut pos = e2(&b, true, "fi_army");
    let ids: Vec<String> = pos
        .pieces
        .iter()
        .map(|p| b.data.units.units[p.unit].id.clone())
        .collect();
    let idx = |u: &str| ids.iter().position(|x| x == u).unwrap();
    let st = supply_phase(&b, &mut pos, Side::German);
    assert_eq!(st[idx("ge_4pz")], SupplyStatus::Unsupplied);
    assert!(pos.pieces[idx("ge_4pz")].unsupplied);
    assert!(!pos.pieces[idx("ge_16a")].unsupplied);
    // 11.1: the 4th Panzer is still cut off in the Removal phase: it is eliminated.
    let r = resupply_or_surrender(&b, &mut pos, Side::German);
    assert_eq!(r, vec![(idx("ge_4pz"), false)]);
    // A marked unit that traces supply again loses its marker.
    let mut pos2 = e2(&b, true, "fi_army");
    let i4 = pos2
        .pieces
        .iter()
        .position(|p| b.data.units.units[p.unit].id == "ge_16a")
        .unwrap();
    pos2.pieces[i4].unsupplied = true;
    let r = resupply_or_surrender(&b, &mut pos2, Side::German);
    assert!(r.contains(&(i4, true)));
    assert!(!pos2.pieces[i4].unsupplied);
}

#[test]
fn r3_9_initial_control() {
    let b = board();
    let c = initial_control(&b, &[]);
    let at = |n: &str| c[b.place(n).unwrap().index()];
    assert_eq!(at("Berlin"), Some(Side::German));
    assert_eq!(at("Romanian oil fields"), Some(Side::German));
    assert_eq!(at("Moscow"), Some(Side::Soviet));
    assert_eq!(at("Lvov"), Some(Side::Soviet));
    assert_eq!(
        at("Finland"),
        None,
        "12.7.2: nobody controls Finland at the start"
    );
    let c = initial_control(&b, &[("Minsk".into(), Side::German)]);
    assert_eq!(c[b.place("Minsk").unwrap().index()], Some(Side::German));
}
