//! Every fact the rules state about the No Retreat! map, tables, track and set-ups, checked
//! against `scenarios/no_retreat` (rule numbers as in `shared/rules/no-retreat.md`; §3.6–3.9
//! and §7 of that spec). Counters and cards: `data_counters.rs`.

use eastfront_kernel::{Side, SpaceId};
use eastfront_no_retreat::board::{Board, BorderKind};
use eastfront_no_retreat::data::*;
use std::collections::{HashMap, HashSet};

fn board() -> Board {
    Board::standard()
}

fn id(b: &Board, key: &str) -> SpaceId {
    b.place(key).unwrap_or_else(|| panic!("no place {key}"))
}

fn hex<'a>(b: &'a Board, key: &str) -> &'a HexData {
    b.hex(id(b, key))
        .unwrap_or_else(|| panic!("{key} is not a hex"))
}

#[test]
fn the_repo_folder_and_the_builtin_data_agree() {
    let from_dir = Board::from_dir(&Board::source_dir()).expect("scenarios/no_retreat loads");
    assert_eq!(from_dir.data, board().data);
}

#[test]
fn grid_hexes_areas_and_cities_r2_1_r3_1() {
    let b = board();
    let m = &b.data.map;
    // 383 ZB hexes, less the three areas, plus Lake Ladoga and the hex east of it.
    assert_eq!(m.hexes.len(), 382);
    assert_eq!(m.areas.len(), 3);
    let cities: HashSet<&str> = m.hexes.iter().filter_map(|h| h.city.as_deref()).collect();
    assert_eq!(cities.len(), 32);
    for c in [
        "Moscow",
        "Berlin",
        "Stalingrad",
        "Leningrad",
        "Riga",
        "Smolensk",
        "Kiev",
        "Odessa",
        "Bucharest",
        "Budapest",
        "Warsaw",
        "Sevastopol",
        "Minsk",
        "Kharkov",
        "Rostov",
        "Vienna",
        "Prague",
    ] {
        assert!(cities.contains(c), "{c}");
    }
    // Every hex has the six compass neighbours' directions available (3.1 [INF]).
    let k = id(&b, "Kiev");
    let dirs: HashSet<Dir> = b.borders(k).iter().filter_map(|x| x.dir).collect();
    assert_eq!(dirs.len(), 6);
}

#[test]
fn r3_6_named_locations() {
    let b = board();
    let moscow = hex(&b, "Moscow");
    assert_eq!(
        moscow.objective,
        Some(Side::German),
        "Moscow: an Axis Objective (12.1)"
    );
    let berlin = hex(&b, "Berlin");
    assert_eq!(
        berlin.objective,
        Some(Side::Soviet),
        "Berlin: a Soviet Objective"
    );
    assert_eq!(berlin.region, Region::GreaterGermany);
    assert!(hex(&b, "Stalingrad").objective.is_some(), "10.6 example");
    assert_eq!(hex(&b, "Leningrad").objective, Some(Side::German), "LP U30");
    assert_eq!(hex(&b, "Smolensk").objective, None, "LP U64: city only");
    assert_eq!(hex(&b, "Lake Ladoga").terrain, Terrain::Lake);
    assert_eq!(hex(&b, "Lake Peipus").terrain, Terrain::Lake);
    assert_eq!(
        hex(&b, "Odessa").sea,
        Some(Sea::Black),
        "Odessa is a port (9.1)"
    );
    assert_eq!(hex(&b, "Leningrad").sea, Some(Sea::Baltic));
    assert_eq!(hex(&b, "Bucharest").region, Region::Romania);
    assert_eq!(hex(&b, "Romanian oil fields").region, Region::Romania);
    assert!(hex(&b, "Romanian oil fields").oil.is_some());
    assert!(hex(&b, "Caucasus oil fields").oil.is_some());
    for area in ["Finland", "Western Balkans", "Southern Balkans"] {
        assert!(b.area(id(&b, area)).is_some(), "{area}");
    }
}

#[test]
fn r3_7_adjacency_and_distance_facts() {
    let b = board();
    let len = id(&b, "Leningrad");
    let ladoga = id(&b, "Lake Ladoga");
    // 1. Ladoga adjacent to Leningrad.
    assert!(b.border(len, ladoga).is_some());
    // 2. The Kalinin Front's hex (6.4 example) borders Ladoga and reaches the east edge.
    let kalinin_hex = b
        .borders(ladoga)
        .iter()
        .map(|x| x.to)
        .find(|&s| {
            b.hex(s)
                .is_some_and(|h| h.terrain != Terrain::Lake && h.city.is_none())
        })
        .expect("a land hex beside Ladoga");
    let edge = b.spaces_where(|h| h.edge == Some(Side::Soviet));
    assert!(edge
        .iter()
        .any(|&e| b.topo.distance(kalinin_hex, e).is_some_and(|d| d <= 4)));
    // 3. A hex within 4 of Riga along a path through Lake Peipus (the 16th Army's).
    let riga = id(&b, "Riga");
    let peipus = id(&b, "Lake Peipus");
    let via = b.borders(peipus).iter().map(|x| x.to).find(|&s| {
        // one step into Peipus, then at most 3 to Riga: 4 hexes in all
        s != riga && !b.is_lake(s) && b.topo.distance(peipus, riga).is_some_and(|d| d <= 3)
    });
    assert!(via.is_some());
    // 5. The Romanian oil fields adjacent to Bucharest.
    assert!(b
        .border(id(&b, "Bucharest"), id(&b, "Romanian oil fields"))
        .is_some());
    // 6. A hex south-east of Kiev borders Kiev.
    let kiev = hex(&b, "Kiev").at;
    assert!(b.at((kiev.0 + 1, kiev.1)).is_some());
    // 7. Odessa has a river on its west side (attacked across it from the west, §16).
    let od = id(&b, "Odessa");
    let west = b
        .borders(od)
        .iter()
        .find(|x| x.dir == Some(Dir::W))
        .unwrap();
    assert_eq!(west.kind, BorderKind::River);
    // 8. Stalingrad lies behind rivers (10.6 example).
    let st = id(&b, "Stalingrad");
    let rivers = b
        .borders(st)
        .iter()
        .filter(|x| x.kind == BorderKind::River)
        .count();
    assert!(rivers >= 3, "{rivers}");
    // 9. Finland: three land hexes border it (8.6).
    let fin = b.area(id(&b, "Finland")).unwrap();
    let land = fin
        .neighbours
        .iter()
        .filter(|c| b.at(**c).is_some_and(|s| !b.is_lake(s)))
        .count();
    assert_eq!(land, 3);
    assert!(fin.neighbours.contains(&hex(&b, "Leningrad").at));
    // 10. Each Balkans area borders Greater Germany hexes (8.7).
    for a in ["Western Balkans", "Southern Balkans"] {
        let area = b.area(id(&b, a)).unwrap();
        assert!(area.neighbours.len() >= 3);
        for c in &area.neighbours {
            assert_eq!(
                b.hex(b.at(*c).unwrap()).unwrap().region,
                Region::GreaterGermany
            );
        }
    }
    // 11. The Caucasus oil fields on the south-east (Soviet) edge.
    let cau = hex(&b, "Caucasus oil fields");
    assert_eq!(cau.edge, Some(Side::Soviet));
    let max_row = b.data.map.hexes.iter().map(|h| h.at.0).max().unwrap();
    assert_eq!(cau.at.0, max_row);
}

#[test]
fn r6_4_leningrad_supply_route_runs_east_through_ladoga() {
    // 6.1, 6.4: Leningrad -> Lake Ladoga -> the Kalinin Front's hex, each step eastward.
    let b = board();
    let len = id(&b, "Leningrad");
    let ladoga = id(&b, "Lake Ladoga");
    let step = b.borders(len).iter().find(|x| x.to == ladoga).unwrap();
    assert!(step.dir.unwrap().eastward());
    assert!(b
        .borders(ladoga)
        .iter()
        .any(|x| x.dir.is_some_and(Dir::eastward) && !b.is_lake(x.to) && b.hex(x.to).is_some()));
}

#[test]
fn r3_8_victory_hexes() {
    let b = board();
    let hexes = &b.data.map.hexes;
    let obj = |s| hexes.iter().filter(|h| h.objective == Some(s)).count();
    assert_eq!(obj(Side::German), 5, "5 grey Objectives (12.1)");
    assert_eq!(obj(Side::Soviet), 4, "4 red Objectives (12.1)");
    assert!(hexes.iter().all(|h| h.objective.is_none() || h.is_vp()));
    assert_eq!(
        hexes.iter().filter(|h| h.is_vp()).count(),
        34,
        "32 cities, 2 oil fields"
    );
}

#[test]
fn r3_4_map_edges_and_r3_5_seas() {
    let b = board();
    let hexes = &b.data.map.hexes;
    let min_row = hexes.iter().map(|h| h.at.0).min().unwrap();
    assert!(
        hexes
            .iter()
            .filter(|h| h.at.0 == min_row)
            .all(|h| h.edge.is_none()),
        "the north edge is nobody's"
    );
    for h in hexes.iter().filter(|h| h.edge == Some(Side::German)) {
        assert_eq!(
            h.region,
            Region::GreaterGermany,
            "the Axis west edge {:?}",
            h.at
        );
    }
    for h in hexes.iter().filter(|h| h.edge == Some(Side::Soviet)) {
        assert_eq!(
            h.region,
            Region::Ussr,
            "the Soviet east/south edge {:?}",
            h.at
        );
    }
    // 6.2: who may draw supply from each sea.
    assert!(
        Sea::Caspian.supplies(Side::Soviet, false) && !Sea::Caspian.supplies(Side::German, true)
    );
    assert!(Sea::Baltic.supplies(Side::German, false));
    assert!(!Sea::Baltic.supplies(Side::Soviet, false) && Sea::Baltic.supplies(Side::Soviet, true));
    assert!(Sea::Black.supplies(Side::German, false) && Sea::Black.supplies(Side::Soviet, false));
    assert!(!Sea::Azov.supplies(Side::German, true) && !Sea::Azov.supplies(Side::Soviet, true));
    assert!(hexes.iter().any(|h| h.sea == Some(Sea::Caspian)));
}

#[test]
fn r3_2_lakes_are_prohibited_but_supply_crosses_them() {
    let b = board();
    let ladoga = id(&b, "Lake Ladoga");
    // The kernel topology's neighbours are for movement; Board::borders keeps the lake.
    assert!(b
        .borders(ladoga)
        .iter()
        .any(|x| x.to == id(&b, "Leningrad")));
    let lake_sides: Vec<_> = b
        .data
        .map
        .hexsides
        .iter()
        .filter(|s| s.kind == HexsideKind::Lake)
        .collect();
    assert!(!lake_sides.is_empty());
    for s in lake_sides {
        let (x, y) = (b.at(s.a).unwrap(), b.at(s.b).unwrap());
        assert_eq!(b.border(x, y), Some(BorderKind::Lake));
        assert!(
            !b.topo.adjacent(x, y),
            "no movement across a lake hexside (8.5)"
        );
    }
}

#[test]
fn r8_6_areas_border_exactly_their_listed_spaces() {
    let b = board();
    for a in &b.data.map.areas {
        let me = id(&b, &a.name);
        let mut want: HashSet<SpaceId> = a.neighbours.iter().map(|c| b.at(*c).unwrap()).collect();
        want.extend(a.areas.iter().map(|n| id(&b, n)));
        for o in &b.data.map.areas {
            if o.areas.contains(&a.name) {
                want.insert(id(&b, &o.name));
            }
        }
        let have: HashSet<SpaceId> = b.borders(me).iter().map(|x| x.to).collect();
        assert_eq!(have, want, "{}", a.name);
    }
}

#[test]
fn r7_1_stated_crt_cells() {
    let b = board();
    let (ax, so) = (&b.data.tables.axis_crt, &b.data.tables.soviet_crt);
    use Column::*;
    use CombatResult::*;
    // Spec §7.1 (rulebook examples).
    assert_eq!(ax.result(OneTwo, 1), CA, "10.7 ex., §16");
    assert_eq!(ax.result(OneOne, 2), CA, "10.7 ex.");
    assert_eq!(ax.result(ThreeTwo, 3), CB, "10.7 ex.");
    assert_eq!(ax.result(FiveOne, 3), DS, "§16");
    assert_eq!(so.result(OneOne, 2), CA, "§16 re-roll");
    assert_eq!(so.result(OneOne, 3), CB, "§16 step 9 (kept over LP U77)");
    assert_eq!(so.result(OneTwo, 5), CB, "10.7 ex.");
    assert_eq!(so.result(OneOne, 5), EX, "§16 'even a 5'; LP U8");
    // Evidence §1.5 oracles.
    assert_eq!(ax.result(TwoOne, 4), DR, "LP U93, CN");
    assert_eq!(so.result(TwoOne, 4), EX, "LP U68: the Axis in snow");
    assert_eq!(so.result(FourOne, 2), EX);
    assert_eq!(so.result(FourOne, 3), DR);
    assert_eq!(so.result(ThreeOne, 1), CB);
    assert_eq!(so.result(OneThree, 5), NoEffect);
    // Every cell marked observed is what the sources saw (evidence §1.2).
    let observed_axis = [
        (OneOne, 1, CA),
        (TwoOne, 2, CB),
        (TwoOne, 6, DS),
        (ThreeOne, 5, DS),
        (FiveOne, 1, DR),
        (FiveOne, 4, DS),
    ];
    for (c, d, r) in observed_axis {
        assert_eq!(ax.result(c, d), r, "Axis {} {d}", c.label());
        assert_eq!(ax.source(c, d), CellSource::O);
    }
    let observed_soviet = [
        (OneThree, 1, CA),
        (OneThree, 2, CA),
        (OneThree, 3, CA),
        (OneThree, 6, CB),
        (OneTwo, 3, CA),
        (OneOne, 1, CA),
        (ThreeTwo, 2, NoEffect),
        (ThreeTwo, 6, DR),
        (TwoOne, 2, CB),
        (TwoOne, 3, EX),
        (ThreeOne, 2, EX),
        (ThreeOne, 5, DR),
    ];
    for (c, d, r) in observed_soviet {
        assert_eq!(so.result(c, d), r, "Soviet {} {d}", c.label());
        assert_eq!(so.source(c, d), CellSource::O);
    }
    // 34 observed cells in all (evidence: 13 Axis incl. constraints, 21 Soviet).
    let count = |crt: &Crt| {
        crt.sources
            .iter()
            .flatten()
            .filter(|s| **s == CellSource::O)
            .count()
    };
    assert_eq!(count(ax), 11);
    assert_eq!(count(so), 21);
}

#[test]
fn r7_3_terrain_effects_chart() {
    let b = board();
    let t = &b.data.tables.tec;
    let row = |x| t.row(x).unwrap();
    assert_eq!(
        (row(Terrain::Clear).armor_mp, row(Terrain::Clear).other_mp),
        (Some(1), Some(1))
    );
    assert_eq!(row(Terrain::Clear).defence_shift, 0);
    assert!(!row(Terrain::Clear).stops_advance);
    assert_eq!(row(Terrain::Forest).armor_mp, Some(2), "8.5 example");
    assert_eq!(row(Terrain::Marsh).other_mp, Some(2), "8.5 example");
    for x in [Terrain::Forest, Terrain::Marsh, Terrain::Mountain] {
        assert!(row(x).stops_advance, "10.8.1 {x:?}");
    }
    assert_eq!(
        (row(Terrain::Lake).armor_mp, row(Terrain::Lake).other_mp),
        (None, None)
    );
    assert_eq!((t.city_shift, t.objective_shift, t.river_shift), (1, 1, 1));
    assert_eq!(t.leave_ezoc_mp, 1, "8.5.2");
}

#[test]
fn r4_5_turn_track() {
    let b = board();
    let tr = &b.data.track;
    assert_eq!(tr.turns.len(), 28);
    let t = |n: u8| b.data.turn(n).unwrap();
    assert_eq!(
        (t(5).weather, t(5).blitz, t(5).shock),
        (Weather::Snow, 0, 3),
        "13.3, 13.5"
    );
    assert_eq!(
        (t(3).weather, t(3).variable),
        (Weather::Mud, Some(WeatherPeriod::SepOct))
    );
    assert_eq!(
        (t(4).weather, t(4).variable),
        (Weather::Snow, Some(WeatherPeriod::NovDec))
    );
    assert_eq!(
        (t(6).weather, t(6).variable),
        (Weather::Mud, Some(WeatherPeriod::MarApr))
    );
    assert_eq!(
        t(2).weather,
        Weather::Clear,
        "§16: the clear-weather advance bonus on turn 2"
    );
    assert!(t(6).skull && t(12).skull, "12.2");
    let sd = &tr.sudden_death;
    assert!(sd
        .iter()
        .any(|s| s.turn == 6 && s.side == Side::German && s.above == 23));
    assert_eq!((tr.soviet_total_victory, tr.round_marker_cap), (34, 6));
    assert_eq!(tr.rail_box_capacity, 3, "9.1.2");
    let has = |n: u8, e: TurnEvent| t(n).events.contains(&e);
    assert!(has(1, TurnEvent::LimitedRail) && has(2, TurnEvent::LimitedRail));
    assert!((1..=4).all(|n| has(n, TurnEvent::NoGermanReplacements)));
    assert!(!has(5, TurnEvent::NoGermanReplacements));
    assert!(has(3, TurnEvent::SovietFortificationBegins));
    assert!(has(5, TurnEvent::DoubleWinterPenalty));
    assert!(has(6, TurnEvent::FreeSovietUpgrades(1)) && has(13, TurnEvent::FreeSovietUpgrades(2)));
    assert!(
        has(8, TurnEvent::ExtraCards(Side::German, 1))
            && has(9, TurnEvent::ExtraCards(Side::German, 1))
    );
    assert!(has(11, TurnEvent::SovietTankAdvance) && has(12, TurnEvent::NaBerlin));
    let removed = |n: u8, unit: &str, card_penalty: bool| {
        has(
            n,
            TurnEvent::RemoveUnit {
                unit: unit.into(),
                card_penalty,
            },
        )
    };
    assert!(removed(15, "it_8", false) && removed(16, "ge_2pz", true));
    assert!(removed(18, "ge_sspz", true) && removed(28, "ge_berlin", false));
    assert!(has(17, TurnEvent::SovietTwoSteps) && has(20, TurnEvent::GermanTargets(3)));
    assert!(has(21, TurnEvent::SovietExtraCard) && has(26, TurnEvent::GermanTargets(1)));
    for e in [
        TurnEvent::SovietStacking(2),
        TurnEvent::DefensesOfTheReich,
        TurnEvent::NaBerlinCards,
        TurnEvent::TacticalVictoryCheck,
        TurnEvent::SsReturn,
    ] {
        assert!(has(23, e.clone()), "{e:?}");
    }
    assert!(has(24, TurnEvent::NoGermanRecovery) && has(28, TurnEvent::LastTurn));
    let red: HashMap<u8, &str> = tr
        .turns
        .iter()
        .filter_map(|t| t.red_event.as_ref().map(|r| (t.turn, r.name.as_str())))
        .collect();
    assert_eq!(red.get(&4), Some(&"Pearl Harbor"));
    assert_eq!(red.get(&7), Some(&"Midway"));
    assert_eq!(red.get(&10), Some(&"El Alamein"));
}

#[test]
fn r4_2_campaign_and_barbarossa_setups() {
    let b = board();
    let camp = b.data.setup("campaign").unwrap();
    assert_eq!((camp.first_turn, camp.last_turn), (1, 28));
    assert_eq!(camp.first_side, Side::German);
    assert_eq!(camp.joker, Side::German, "15.7, SB");
    let a = b.data.setup("barbarossa").unwrap();
    assert_eq!((a.first_turn, a.last_turn), (1, 5));
    assert!(a.victory.contains(&Victory::AxisVpAtEnd(24)));
    for s in [camp, a] {
        let mut per_hex: HashMap<SpaceId, (Side, usize)> = HashMap::new();
        for p in &s.placements {
            let u = b.data.unit(&p.unit).unwrap();
            let at = b.resolve(&p.at).unwrap();
            assert!(!b.is_lake(at));
            let e = per_hex.entry(at).or_insert((u.side, 0));
            assert_eq!(e.0, u.side, "{}: enemies share a hex", p.unit);
            e.1 += 1;
            if let Some(h) = b.hex(at) {
                // 22 June 1941: the Axis outside the USSR, the Soviets inside it.
                assert_eq!(
                    h.region == Region::Ussr,
                    u.side == Side::Soviet,
                    "{}",
                    p.unit
                );
            }
            assert!(u.code.is_none(), "{} arrives by its code", p.unit);
        }
        for (at, (side, n)) in per_hex {
            let limit = if side == Side::German { 2 } else { 1 };
            assert!(n <= limit, "8.4.1 stacking at {}", b.name(at));
        }
    }
}

#[test]
fn r12_7_initial_vp_fit_the_lp_turn_2_count() {
    // LP U9: the Axis had 13 map VP at the start of turn 2, after taking Minsk and Lvov on
    // turn 1 (both fell in the first two weeks): so it starts with 11 (derived).
    let b = board();
    let axis: Vec<&HexData> = b
        .data
        .map
        .hexes
        .iter()
        .filter(|h| h.is_vp() && h.region != Region::Ussr)
        .collect();
    assert_eq!(axis.len(), 11);
    assert!(hex(&b, "Minsk").region == Region::Ussr && hex(&b, "Lvov").region == Region::Ussr);
}
