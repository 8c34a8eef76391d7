//! The spec's test oracles (`shared/rules/no-retreat.md` §11) that no other test file checked,
//! each named after its oracle number and rule, and the index check: every oracle 1–72 is named
//! by a `/// Oracle N (rule): …` doc comment on some test in this folder (the table is in
//! `docs/no_retreat.md`, "Test oracles and worked examples → tests").

use eastfront_kernel::{Side, SpaceId};
use eastfront_no_retreat::board::{Board, BorderKind};
use eastfront_no_retreat::combat::*;
use eastfront_no_retreat::data::{Nation, ScenarioData, Sea, UnitType};
use eastfront_no_retreat::declare::marker_pool;
use eastfront_no_retreat::movement::*;
use eastfront_no_retreat::reorg::{embark_cost, unload_spaces, Embark};
use eastfront_no_retreat::supply::*;
use eastfront_no_retreat::weather::{movement_cap, turn_weather};

fn piece(side: Side, at: SpaceId) -> Piece {
    Piece {
        unit: 0,
        side,
        at,
        zoc_face: true,
        unsupplied: false,
        nation: if side == Side::German {
            Nation::German
        } else {
            Nation::Soviet
        },
    }
}

/// Pieces of `side` on every land space around `at`.
fn ring_pieces(b: &Board, side: Side, at: SpaceId) -> Vec<Piece> {
    b.borders(at)
        .iter()
        .map(|x| x.to)
        .filter(|s| b.hex(*s).is_some() && !b.is_lake(*s))
        .map(|s| piece(side, s))
        .collect()
}

/// Oracle 10 (6.2): a Soviet unit in a Baltic coastal hex draws on the sea only while Leningrad is Soviet and supplied; an Axis unit there always does.
#[test]
fn o10_r6_2_baltic_sea_supply_needs_a_soviet_supplied_leningrad() {
    let b = Board::standard();
    let coast = b.place("-8,4").unwrap();
    assert_eq!(b.hex(coast).unwrap().sea, Some(Sea::Baltic));
    let len = b.place("Leningrad").unwrap();
    let status = |pieces: Vec<Piece>, control: Vec<Option<Side>>| {
        let pos = Position { pieces, control };
        let s = Supply::new(&b, &pos);
        (
            s.status(&pos.pieces[0]),
            s.supplied_friendly_city(Side::Soviet, len),
        )
    };
    // A Soviet unit cut off on the coast by Axis units all around it.
    let mut cut = vec![piece(Side::Soviet, coast)];
    cut.extend(ring_pieces(&b, Side::German, coast));
    let control = initial_control(&b, &[]);
    assert_eq!(
        status(cut.clone(), control.clone()),
        (SupplyStatus::Alternative, true),
        "Leningrad Soviet and supplied"
    );
    // Leningrad in Axis hands: no sea supply.
    let mut axis_len = control.clone();
    axis_len[len.index()] = Some(Side::German);
    assert_eq!(
        status(cut.clone(), axis_len).0,
        SupplyStatus::Unsupplied,
        "Leningrad Axis"
    );
    // Leningrad Soviet but cut off itself (Axis units all around it): no sea supply.
    let mut both = cut.clone();
    both.extend(ring_pieces(&b, Side::German, len));
    assert_eq!(
        status(both, control.clone()),
        (SupplyStatus::Unsupplied, false),
        "Leningrad unsupplied"
    );
    // An Axis unit cut off in the same hex: always supplied by the sea, even with Leningrad
    // Soviet.
    let mut axis = vec![piece(Side::German, coast)];
    axis.extend(ring_pieces(&b, Side::Soviet, coast));
    assert_eq!(status(axis, control).0, SupplyStatus::Alternative);
}

/// Oracle 11 (6.2): a unit in a Sea of Azov coastal hex gets no sea supply.
#[test]
fn o11_r6_2_no_sea_supply_on_the_sea_of_azov() {
    for side in [Side::German, Side::Soviet] {
        assert!(!Sea::Azov.supplies(side, true), "{side:?}");
        assert!(Sea::Black.supplies(side, true), "{side:?}");
    }
    // A German unit cut off deep in Russia (oracle 8's hex): on an Azov shore it stays
    // unsupplied; were the shore the Black Sea's it would be supplied.
    let with_sea = |sea: Sea| {
        let mut d = ScenarioData::builtin();
        let h = d.map.hexes.iter_mut().find(|h| h.at == (-1, 7)).unwrap();
        h.sea = Some(sea);
        let b = Board::new(d).unwrap();
        let at = b.place("-1,7").unwrap();
        let pos = Position {
            pieces: vec![piece(Side::German, at)],
            control: initial_control(&b, &[]),
        };
        let s = Supply::new(&b, &pos);
        s.status(&pos.pieces[0])
    };
    assert_eq!(with_sea(Sea::Azov), SupplyStatus::Unsupplied);
    assert_eq!(with_sea(Sea::Black), SupplyStatus::Alternative);
}

/// Oracle 12 (6.3): a supply path may cross a lake hex, but not an enemy-occupied hex, an enemy-controlled city, Finland or a Balkans area.
#[test]
fn o12_r6_3_what_blocks_a_supply_path() {
    let b = Board::standard();
    let sov = b.place("-2,8").unwrap();
    let pos = Position {
        pieces: vec![piece(Side::Soviet, sov)],
        control: initial_control(&b, &[]),
    };
    let s = Supply::new(&b, &pos);
    let p = |k: &str| b.place(k).unwrap();
    assert!(!s.blocked(Side::German, p("Lake Peipus")), "a lake hex");
    assert!(!s.blocked(Side::German, p("Lake Ladoga")), "a lake hex");
    assert!(s.blocked(Side::German, sov), "an enemy-occupied hex");
    assert!(s.blocked(Side::German, p("Minsk")), "a Soviet city");
    assert!(!s.blocked(Side::Soviet, p("Minsk")), "a friendly city");
    assert!(s.blocked(Side::Soviet, p("Warsaw")), "an Axis city");
    for area in ["Finland", "Western Balkans", "Southern Balkans"] {
        assert!(s.blocked(Side::German, p(area)), "{area}");
        assert!(s.blocked(Side::Soviet, p(area)), "{area}");
    }
    assert!(!s.blocked(Side::German, p("-4,5")), "an empty open hex");
}

/// Oracle 14 (6.4/6.5.3): the active player's units are checked first in the Supply phase; an active unit marked Unsupplied at once stops its ZOC blocking the passive player's supply paths.
#[test]
fn o14_r6_4_the_active_side_is_checked_first() {
    let b = Board::standard();
    // An Axis army cut off east of Leningrad, whose ZOC closes Leningrad's route east; a
    // Soviet unit in Leningrad.
    let pieces = vec![
        piece(Side::German, b.place("-7,11").unwrap()),
        piece(Side::Soviet, b.place("Leningrad").unwrap()),
    ];
    // The Axis player's Supply phase: the army is marked first, then Leningrad traces east.
    let mut pos = Position {
        pieces: pieces.clone(),
        control: initial_control(&b, &[]),
    };
    let st = supply_phase(&b, &mut pos, Side::German);
    assert_eq!(st[0], SupplyStatus::Unsupplied);
    assert_ne!(st[1], SupplyStatus::Unsupplied);
    assert!(pos.pieces[0].unsupplied && !pos.pieces[1].unsupplied);
    // The Soviet player's Supply phase: the Soviet unit is checked while the ZOC still blocks.
    let mut pos = Position {
        pieces,
        control: initial_control(&b, &[]),
    };
    let st = supply_phase(&b, &mut pos, Side::Soviet);
    assert_eq!(st, vec![SupplyStatus::Unsupplied, SupplyStatus::Unsupplied]);
    assert!(pos.pieces[0].unsupplied && pos.pieces[1].unsupplied);
}

/// Oracle 15 (6.5.2): an Unsupplied unit with printed MA 5 has MA 3 in clear weather and cannot embark on rail.
#[test]
fn o15_r6_5_2_unsupplied_ma_5_moves_3_and_cannot_embark() {
    assert_eq!(movement_cap(5, TurnWeather::Clear, false), 5);
    assert_eq!(movement_cap(5, TurnWeather::Clear, true), 3);
    let t = &ScenarioData::builtin().track;
    let e = Embark {
        side: Side::German,
        turn: 8,
        embarked_this_phase: 0,
        in_rail_box: 0,
        supplied: true,
        mobile: true,
    };
    assert_eq!(embark_cost(t, &e), Some(0));
    assert_eq!(
        embark_cost(
            t,
            &Embark {
                supplied: false,
                ..e
            }
        ),
        None
    );
}

/// Oracle 25 (8.3): a unit with MA ≥ 1 that has not moved may always enter one adjacent hex, even one costing more than its MA, but not EZOC to EZOC without a friendly unit there.
#[test]
fn o25_r8_3_one_hex_always_but_never_ezoc_to_ezoc() {
    let b = Board::standard();
    let tec = b.data.tables.tec.clone();
    let zones = |pieces: Vec<Piece>| {
        Zones::new(
            &b,
            &Position {
                pieces,
                control: initial_control(&b, &[]),
            },
        )
    };
    let p = |k: &str| b.place(k).unwrap();
    let armor = |at: SpaceId| Mover {
        side: Side::German,
        nation: Nation::German,
        armor: true,
        at,
    };
    let cost = |r: &[(SpaceId, u8)], to: SpaceId| r.iter().find(|x| x.0 == to).map(|x| x.1);
    // An armor unit with 1 MP enters the adjacent marsh (4 MP for armor).
    let r = reachable(
        &b,
        &tec,
        &zones(vec![]),
        &armor(p("-1,-1")),
        1,
        Access::default(),
    );
    assert_eq!(cost(&r, p("-1,0")), Some(4));
    // E3's hexes: the 4th Panzer at (-3,7) and the forest (-4,7) both in the Kalinin Front's
    // ZOC. With 1 MP: not into the empty EZOC forest.
    let kal = piece(Side::Soviet, p("-4,8"));
    let pz = piece(Side::German, p("-3,7"));
    let z = zones(vec![kal.clone(), pz.clone()]);
    assert!(z.in_ezoc(Side::German, p("-3,7")) && z.in_ezoc(Side::German, p("-4,7")));
    let r = reachable(&b, &tec, &z, &armor(p("-3,7")), 1, Access::default());
    assert_eq!(cost(&r, p("-4,7")), None);
    // With a friendly unit in the forest: the one-hex move, 3 MP, is legal.
    let z = zones(vec![kal, pz, piece(Side::German, p("-4,7"))]);
    let r = reachable(&b, &tec, &z, &armor(p("-3,7")), 1, Access::default());
    assert_eq!(cost(&r, p("-4,7")), Some(3));
}

/// Oracle 32 (9.2): a unit unloaded onto a non-city hex must be within 3 hexes of a supplied friendly city or friendly edge, by a land route not ending at a city captured this turn.
#[test]
fn o32_r9_2_unloading_within_three_hexes_not_from_a_city_captured_this_turn() {
    let b = Board::standard();
    let minsk = b.place("Minsk").unwrap();
    let pos = Position {
        pieces: vec![],
        control: initial_control(&b, &[("Minsk".into(), Side::German)]),
    };
    let s = Supply::new(&b, &pos);
    // Every Axis land source other than Minsk.
    let others: Vec<SpaceId> = (0..b.topo.len())
        .map(|i| SpaceId(i as u16))
        .filter(|x| *x != minsk && s.land_source(Side::German, *x))
        .collect();
    let far = |x: SpaceId, d: u32| others.iter().all(|o| b.topo.distance(*o, x) > Some(d));
    let three = b.place("-4,6").unwrap();
    let four = b.place("-4,7").unwrap();
    assert_eq!(b.topo.distance(minsk, three), Some(3));
    assert_eq!(b.topo.distance(minsk, four), Some(4));
    assert!(
        far(three, 3) && far(four, 4),
        "Minsk is the only source near"
    );
    let un = unload_spaces(&b, &s, Side::German, &[]);
    assert!(un.contains(&three), "3 hexes from Minsk");
    assert!(!un.contains(&four), "4 hexes from Minsk");
    // Minsk captured this turn: no route may end there.
    let un = unload_spaces(&b, &s, Side::German, &[minsk]);
    assert!(!un.contains(&three));
    // Every non-city hex offered is within 3 of a source.
    let all = unload_spaces(&b, &s, Side::German, &[]);
    for x in all {
        if b.hex(x).is_some_and(|h| h.city.is_none()) {
            assert!(
                (0..b.topo.len()).any(|i| {
                    let src = SpaceId(i as u16);
                    s.land_source(Side::German, src) && b.topo.distance(src, x) <= Some(3)
                }),
                "{}",
                b.name(x)
            );
        }
    }
}

/// Oracle 51 (10.8.1): an advancing unit stops on entering forest, marsh or mountain; crossing a river hexside does not stop it.
#[test]
fn o51_r10_8_1_a_river_does_not_stop_an_advance() {
    let b = Board::standard();
    let tec = b.data.tables.tec.clone();
    let clear = |s: SpaceId| {
        b.hex(s).is_some_and(|h| {
            h.terrain == eastfront_no_retreat::data::Terrain::Clear && h.city.is_none()
        })
    };
    let z = Zones::new(
        &b,
        &Position {
            pieces: vec![],
            control: initial_control(&b, &[]),
        },
    );
    // A clear vacated hex with a river hexside to a clear hex beyond, entered from an open side.
    let mut checked = 0;
    for i in 0..b.topo.len() {
        let vac = SpaceId(i as u16);
        if !clear(vac) {
            continue;
        }
        let Some(river) = b
            .borders(vac)
            .iter()
            .find(|x| x.kind == BorderKind::River && clear(x.to))
        else {
            continue;
        };
        let Some(from) = b
            .borders(vac)
            .iter()
            .find(|x| x.kind == BorderKind::Open && clear(x.to))
        else {
            continue;
        };
        let m = Mover {
            side: Side::German,
            nation: Nation::German,
            armor: true,
            at: from.to,
        };
        // A clear hex on past the river, two hexes from the vacated one.
        let beyond: Vec<SpaceId> = b
            .borders(river.to)
            .iter()
            .filter(|x| x.kind == BorderKind::Open && clear(x.to))
            .map(|x| x.to)
            .filter(|y| b.topo.distance(vac, *y) == Some(2))
            .collect();
        // Only through the river hex: the one hex next to both.
        let beyond: Vec<SpaceId> = beyond
            .into_iter()
            .filter(|y| {
                b.borders(vac)
                    .iter()
                    .filter(|x| b.topo.distance(x.to, *y) == Some(1))
                    .count()
                    == 1
            })
            .collect();
        if beyond.is_empty() {
            continue;
        }
        let ends = advance_ends(&b, &tec, &z, &m, vac, 3, Access::default());
        assert!(ends.contains(&river.to), "across the river");
        assert!(
            beyond.iter().all(|y| ends.contains(y)),
            "on past the river from {}",
            b.name(vac)
        );
        checked += 1;
        if checked == 5 {
            break;
        }
    }
    assert!(checked > 0, "the map has rivers between clear hexes");
}

/// Oracle 67 (13.1): a snow turn right after a snow turn is extreme winter: Axis at most 3 Target markers, no armor shift, advance only into the vacated hex.
#[test]
fn o67_r13_1_extreme_winter() {
    use eastfront_no_retreat::data::Weather;
    let w = turn_weather(Weather::Snow, Some(Weather::Snow));
    assert_eq!(w, TurnWeather::ExtremeWinter);
    let t = &ScenarioData::builtin().track;
    assert_eq!(marker_pool(t, Side::German, 8, TurnWeather::Snow), 5);
    assert_eq!(marker_pool(t, Side::German, 8, w), 3);
    let tec = ScenarioData::builtin().tables.tec;
    let b = Battle {
        attacker: Side::German,
        kind: BattleKind::Voluntary,
        attackers: vec![AttackingUnit {
            kind: UnitType::Armor,
            strength: 8,
            supplied: true,
            ss: false,
            shock_front: false,
            finnish: false,
            across_river: false,
        }],
        defenders: vec![DefendingUnit {
            kind: UnitType::Infantry,
            strength: 4,
            unsupplied: false,
            ss: false,
        }],
        target: TargetHex {
            terrain: eastfront_no_retreat::data::Terrain::Clear,
            city: false,
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
    let shifts = |b: &Battle| -> Vec<ShiftReason> {
        odds(b, &tec)
            .shifts
            .iter()
            .map(|s| s.reason.clone())
            .collect()
    };
    assert!(shifts(&b).contains(&ShiftReason::ArmorBonus), "snow: yes");
    let ew = Battle { weather: w, ..b };
    assert!(
        !shifts(&ew).contains(&ShiftReason::ArmorBonus),
        "extreme winter: no"
    );
    assert_eq!(advance_limit(TurnWeather::Snow, false, true), 2);
    assert_eq!(advance_limit(w, false, true), 1);
}

/// Every oracle of the spec's §11 is named by a doc comment on a test in this folder.
#[test]
fn every_oracle_1_to_72_names_a_test() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut text = String::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "rs") {
            text.push_str(&std::fs::read_to_string(&path).unwrap());
        }
    }
    let missing: Vec<u32> = (1..=72)
        .filter(|n| !text.contains(&format!("/// Oracle {n} (")))
        .collect();
    assert!(
        missing.is_empty(),
        "oracles with no named test: {missing:?}"
    );
    for e in 1..=13 {
        assert!(
            text.contains(&format!("/// Worked example E{e} (")),
            "worked example E{e} names no test"
        );
    }
}
