//! Every fact the Stalingrad rules text states about the lost map, roster, tables and card
//! faces, checked against the built-in data (`scenarios/stalingrad/*.ron`).
//!
//! One test per rule group, named after the rules-file section (`/work/shared/rules/
//! stalingrad.md`) or test oracle (T45, T46). Facts the rules only infer are marked
//! `[INFERRED]` in the assertion message; the reconstruction satisfies them too.
//! Neighbours are computed here from the axial offsets, not taken from the loader.

mod facts_kit;

use eastfront_kernel::Side;
use eastfront_stalingrad::data::*;
use facts_kit::*;
use std::collections::{BTreeSet, HashSet};

// ------------------------------------------------------------------------------- §2 units

/// §2.1 / §2.2: the German blocks.
#[test]
fn r2_2_german_roster_counts() {
    let d = data();
    let g = &d.units.german;
    assert_eq!(g.len(), 40, "40 German blocks");
    assert_eq!(count_kind(g, UnitKind::Panzer), 4, "Panzer x4");
    assert_eq!(
        count_kind(g, UnitKind::Panzergrenadier),
        6,
        "Panzergrenadier x6"
    );
    assert_eq!(
        count_kind(g, UnitKind::MotorizedInfantry),
        3,
        "Motorized Infantry x3"
    );
    assert_eq!(
        count_kind(g, UnitKind::Infantry),
        27,
        "the other 27 are infantry"
    );
    assert_eq!(
        g.iter().filter(|u| u.kind.is_blitz()).count(),
        13,
        "13 Blitz units"
    );
    for u in g {
        assert!(matches!(u.kind.side(), Side::German), "{} is German", u.id);
        assert!(u.army.is_some(), "German unit {} has an army colour", u.id);
    }
    // Yellow-axe units: three, set aside, White when they enter.
    let axe: Vec<&BlockDef> = g.iter().filter(|u| u.axe).collect();
    assert_eq!(axe.len(), 3, "three yellow-axe units");
    for u in &axe {
        assert_eq!(
            u.army,
            Some(Army::White),
            "axe unit {} counts as White",
            u.id
        );
    }
    // R units.
    let r: Vec<&BlockDef> = g.iter().filter(|u| u.r_unit).collect();
    assert_eq!(r.len(), 5, "five R units");
    assert!(
        r.iter().all(|u| !u.axe),
        "[INFERRED] the axe units are not R units"
    );
    // Named units.
    for id in ["pz2", "ir15", "pzg79", "mot120"] {
        assert!(matches!(unit(&d, id).kind.side(), Side::German));
    }
    assert_eq!(
        unit(&d, "pzg64").kind,
        UnitKind::Panzergrenadier,
        "64th PzGr Rgt"
    );
    assert!(unit(&d, "pz2").name.contains('2'));
    assert!(unit(&d, "ir15").name.contains("15"));
    assert!(unit(&d, "pzg79").name.contains("79"));
    assert!(unit(&d, "mot120").name.contains("120"));
    assert!(unit(&d, "pzg64").name.contains("64"));
    // Army colours: at least 6 White and 3 Yellow infantry (setup steps 9, 10).
    let inf = |a: Army| {
        g.iter()
            .filter(|u| u.kind == UnitKind::Infantry && u.army == Some(a) && !u.axe)
            .count()
    };
    assert!(inf(Army::White) >= 6, "at least 6 White infantry");
    let yellow_random = g
        .iter()
        .filter(|u| {
            u.kind == UnitKind::Infantry
                && u.army == Some(Army::Yellow)
                && !["pz2", "ir15", "pzg79", "mot120"].contains(&u.id.as_str())
        })
        .count();
    assert!(
        yellow_random >= 3,
        "at least 3 Yellow infantry to draw for X and Y"
    );
    // The W/X/Y start units deploy there, so they are not Blue [INFERRED Yellow].
    for id in ["pz2", "ir15", "pzg79", "mot120"] {
        assert_eq!(unit(&d, id).army, Some(Army::Yellow), "{id} is Yellow");
    }
}

/// §2.3: the Soviet blocks.
#[test]
fn r2_3_soviet_roster_counts() {
    let d = data();
    let s = &d.units.soviet;
    assert_eq!(s.len(), 53, "53 Soviet blocks");
    for u in s {
        assert!(matches!(u.kind.side(), Side::Soviet), "{} is Soviet", u.id);
        assert!(
            u.army.is_none() && !u.r_unit && !u.axe,
            "{}: German-only flags",
            u.id
        );
    }
    let infantry = s
        .iter()
        .filter(|u| u.reserve() == Reserve::Infantry)
        .count();
    assert_eq!(
        infantry, 38,
        "38 Infantry (Guards, Workers, Motorized, 1077th, 20th included)"
    );
    assert_eq!(
        count_kind(s, UnitKind::GuardsInfantry),
        4,
        "4 Guards Infantry"
    );
    assert_eq!(count_kind(s, UnitKind::Tank), 13, "13 Tanks");
    assert_eq!(count_kind(s, UnitKind::Marine), 2, "2 Marine Infantry");
    assert_eq!(
        count_kind(s, UnitKind::AntiAircraft1077),
        1,
        "one 1077th AA Regiment"
    );
    assert_eq!(
        count_kind(s, UnitKind::AntiTank20),
        1,
        "one 20th Anti-tank Brigade"
    );
    assert_eq!(unit(&d, "aa1077").kind, UnitKind::AntiAircraft1077);
    assert_eq!(unit(&d, "at20").kind, UnitKind::AntiTank20);
    assert!(unit(&d, "aa1077").name.contains("1077"));
    assert!(unit(&d, "at20").name.contains("20"));
    assert!(
        count_kind(s, UnitKind::Workers) >= 1,
        "Workers' Battalions exist"
    );
    assert!(
        count_kind(s, UnitKind::SovietMotorized) >= 1,
        "Motorized Infantry exist"
    );
    for u in s {
        assert!(!u.kind.is_blitz(), "Soviet tanks cannot Blitz ({})", u.id);
        if u.kind != UnitKind::Tank {
            assert!(u.kind.is_infantry(), "{} is infantry for Snipers", u.id);
        }
    }
    // Delayed Deployment (§9.4.8): 18 Infantry Divisions of 4 strength points.
    let div4 = s
        .iter()
        .filter(|u| u.kind == UnitKind::RifleInfantry && u.max_strength() == 4)
        .count();
    assert!(
        div4 >= 18,
        "only {div4} rifle divisions of 4 strength points"
    );
    // Close combat example: four Soviet units can show 8 pips as 5 black + 3 white, so
    // Soviet blocks carry both black and white pips.
    let colours: HashSet<Firepower> = s.iter().flat_map(|u| u.faces.iter().map(|f| f.1)).collect();
    assert!(colours.contains(&Firepower::Single) && colours.contains(&Firepower::Double));
}

/// §2.4: block attributes.
#[test]
fn r2_4_block_attributes() {
    let d = data();
    for u in d
        .units
        .german
        .iter()
        .chain(&d.units.soviet)
        .chain(&d.units.generals)
    {
        assert!(
            (1..=4).contains(&u.faces.len()),
            "{}: one to four printed edges",
            u.id
        );
        assert!(
            (1..=4).contains(&u.max_strength()),
            "{}: strength 1-4",
            u.id
        );
        for w in u.faces.windows(2) {
            assert_eq!(w[1].0 + 1, w[0].0, "{}: each step loses one pip", u.id);
        }
        assert_eq!(
            u.min_strength(),
            1,
            "{}: minimum strength 1 (default)",
            u.id
        );
        assert!(!u.label.is_empty() && !u.name.is_empty());
    }
    // German units always enter at full strength; a Panzer with red pips is the
    // strongest block (reviews); Panzers are Blitz tanks.
    for u in d.units.german.iter().filter(|u| u.kind == UnitKind::Panzer) {
        assert_eq!(u.max_strength(), 4, "{}", u.id);
        assert_eq!(u.faces[0].1, Firepower::Triple, "{}: red pips", u.id);
    }
    // Two oversized generals for the Designer's Variant.
    let gens: BTreeSet<&str> = d.units.generals.iter().map(|u| u.id.as_str()).collect();
    assert_eq!(gens, BTreeSet::from(["raus", "chuikov"]));
    assert!(d.units.generals.iter().all(|u| u.kind == UnitKind::General));
    assert!(unit(&d, "raus").name.contains("Raus"));
    assert!(unit(&d, "chuikov").name.contains("Chuikov"));
}

// ------------------------------------------------------------------------------- §4 setup

/// §4.1 and T46: setup counts.
#[test]
fn r4_1_setup_counts() {
    let d = data();
    let m = Map::new(&d);
    let s = &d.setup;
    let g = &d.units.german;
    // Step 9.
    let start: Vec<(&str, &Vec<StartUnit>)> = s
        .german_start
        .iter()
        .map(|(h, u)| (h.as_str(), u))
        .collect();
    assert_eq!(start.len(), 3);
    assert_eq!(start[0].0, "W");
    assert_eq!(
        start[0].1,
        &vec![
            StartUnit::Unit("pz2".into()),
            StartUnit::Unit("ir15".into()),
            StartUnit::Unit("pzg79".into())
        ],
        "the 2nd, 15th and 79th Regiments in W"
    );
    assert_eq!(start[1].0, "X");
    assert_eq!(
        start[1].1,
        &vec![
            StartUnit::Unit("mot120".into()),
            StartUnit::RandomInfantry(Army::Yellow)
        ],
        "the 120th Regiment and one random Yellow infantry in X"
    );
    assert_eq!(start[2].0, "Y");
    assert_eq!(
        start[2].1,
        &vec![
            StartUnit::RandomInfantry(Army::Yellow),
            StartUnit::RandomInfantry(Army::Yellow)
        ],
        "two random Yellow infantry in Y"
    );
    let on_map: usize = s.german_start.iter().map(|(_, u)| u.len()).sum();
    assert_eq!(on_map, 7, "7 German units start on the map");
    // Step 1 and 10: 3 axe + 7 on the map + 30 on the table = 40.
    let axe = g.iter().filter(|u| u.axe).count();
    let table = g.len() - axe - on_map;
    assert_eq!(table, 30, "30 German units on the Reinforcement Table");
    assert_eq!(table, 6 * s.boxes_per_row, "6 rows x 5 boxes");
    assert_eq!(
        s.white_last_column, 6,
        "6 White infantry in the last column"
    );
    let white_inf = g
        .iter()
        .filter(|u| u.kind == UnitKind::Infantry && u.army == Some(Army::White) && !u.axe)
        .count();
    assert!(white_inf >= s.white_last_column);
    // Step 11.
    assert_eq!(s.german_opening_hand, 3, "three German cards");
    // Steps 3-7: 2 Marines + 6 Tanks + 22 Infantry in the reserves, 23 on the map.
    let sov = &d.units.soviet;
    let tanks = count_kind(sov, UnitKind::Tank);
    let guards = count_kind(sov, UnitKind::GuardsInfantry);
    let infantry = sov
        .iter()
        .filter(|u| u.reserve() == Reserve::Infantry)
        .count();
    let marines = count_kind(sov, UnitKind::Marine);
    assert_eq!(
        sov.len() - marines,
        51,
        "51 Soviet units left after the Marines"
    );
    assert_eq!(s.soviet_tanks_in_reserve, 6, "6 Tanks in the Tank reserve");
    assert_eq!(
        s.soviet_infantry_in_reserve, 18,
        "18 Infantry mixed with the Guards"
    );
    assert_eq!(
        guards + s.soviet_infantry_in_reserve,
        22,
        "22 in the Infantry reserve"
    );
    let tanks_on_map = tanks - s.soviet_tanks_in_reserve;
    let inf_on_map = infantry - guards - s.soviet_infantry_in_reserve;
    assert_eq!(
        (tanks_on_map, inf_on_map),
        (7, 16),
        "7 Tanks and 16 Infantry deploy"
    );
    let starts = m.ids_where(|h| h.soviet_start);
    assert_eq!(
        tanks_on_map + inf_on_map,
        starts.len(),
        "one unit per pink icon"
    );
    assert_eq!(
        marines + s.soviet_tanks_in_reserve + 22 + starts.len(),
        53,
        "2 + 6 + 22 + 23 = 53"
    );
    // The Germans control W..Z; the pink icons are Soviet hexes.
    for h in &starts {
        assert!(
            !m.hex(h).german_control,
            "start hex {h} is Soviet-controlled"
        );
    }
    // Every German start hex exists and is German-controlled.
    for (h, _) in &s.german_start {
        assert!(m.hex(h).german_control, "{h} is German at the start");
    }
}

// ------------------------------------------------------------------------------- §6 rules data

/// §6.9: at most 15 Rubble markers, only in Urban hexes (15 of the 27).
#[test]
fn r6_9_rubble_limit() {
    let d = data();
    let m = Map::new(&d);
    assert_eq!(d.setup.rubble_markers, 15, "at most 15 Rubble markers");
    let urban = m.ids_where(|h| h.terrain == Terrain::Urban).len();
    assert!(d.setup.rubble_markers <= urban, "15 of the 27 Urban hexes");
    // Every hex an AA card prints takes Rubble, so it is Urban; one shows hex 7.
    let aa: Vec<&CardDef> = d
        .cards
        .soviet
        .iter()
        .filter(|c| c.effect == CardEffect::AntiAir)
        .collect();
    let printed: Vec<&String> = aa.iter().flat_map(|c| &c.printed_hexes).collect();
    assert_eq!(printed.len(), 4, "one printed hex per AA card");
    assert!(
        printed.iter().any(|h| h.as_str() == "7"),
        "an AA card shows hex 7"
    );
    for h in printed {
        assert_eq!(m.hex(h).terrain, Terrain::Urban, "AA hex {h} is Urban");
    }
}

/// §6.14.5: the OKH area is hexes 1-19.
#[test]
fn r6_14_5_okh_area() {
    let d = data();
    assert_eq!(d.setup.okh_hexes, range(1, 19), "OKH: all 19 hexes 1-19");
}

// ------------------------------------------------------------------------------- §7 tables

/// §7.4 (and §2.5, §6.14, §6.15): the German deck.
#[test]
fn r7_4_german_deck() {
    let d = data();
    let g = &d.cards.german;
    for leader in [
        CardEffect::Paulus,
        CardEffect::Hoth,
        CardEffect::VonRichthofen,
        CardEffect::Linden,
        CardEffect::Okh,
    ] {
        assert_eq!(card_count(g, |e| *e == leader), 1, "{leader:?} x1");
        assert!(leader.is_leader());
    }
    let bombard = |dice: u8, rubble: u8, air: bool, pioneer: bool, linden: bool| {
        card_count(g, |e| {
            *e == CardEffect::Bombard {
                dice,
                rubble,
                air,
                pioneer,
                needs_linden: linden,
            }
        })
    };
    assert_eq!(
        bombard(6, 3, true, false, false),
        4,
        "Heinkel 111 x4: 6 dice, +3"
    );
    assert_eq!(bombard(5, 2, true, false, false), 4, "Stuka x4: 5 dice, +2");
    assert_eq!(
        bombard(6, 2, false, false, false),
        4,
        "Howitzer x4: 6 dice, +2"
    );
    assert_eq!(
        bombard(5, 1, false, true, false),
        4,
        "Pioneers x4: 5 dice, +1"
    );
    assert_eq!(
        card_count(g, |e| *e == CardEffect::GermanSniper),
        3,
        "Sniper x3"
    );
    assert_eq!(card_count(g, |e| *e == CardEffect::Pak), 2, "PAK x2");
    // 672nd Pioneers: only with Linden (provisional effect, §11.7).
    let linden_only: Vec<&CardDef> = g
        .iter()
        .filter(|c| {
            matches!(
                c.effect,
                CardEffect::Bombard {
                    needs_linden: true,
                    ..
                }
            )
        })
        .collect();
    assert_eq!(linden_only.len(), 1, "the 672nd Pioneers card");
    assert!(linden_only[0].name.contains("672"));
    let leaders = card_count(g, |e| e.is_leader());
    assert_eq!(leaders, 5, "5 German Leaders");
    let support = card_count(g, |e| !e.is_leader());
    assert_eq!(
        support,
        21 + linden_only[0].count as u32,
        "21 Support + the 672nd"
    );
    // No German card is a Soviet effect.
    for c in g {
        assert!(!matches!(
            c.effect,
            CardEffect::Chuikov
                | CardEffect::Zaytsev
                | CardEffect::Khrushchev
                | CardEffect::TommyGunner { .. }
                | CardEffect::VolgaFlotilla { .. }
                | CardEffect::AntiAir
                | CardEffect::SovietSniper
                | CardEffect::AntiTank
                | CardEffect::Infiltration
                | CardEffect::T34DugIn
        ));
    }
}

/// §7.5 (and §2.5, §6.16, §6.17): the Soviet deck, the game clock.
#[test]
fn r7_5_soviet_deck() {
    let d = data();
    let s = &d.cards.soviet;
    for leader in [
        CardEffect::Chuikov,
        CardEffect::Zaytsev,
        CardEffect::Khrushchev,
    ] {
        assert_eq!(card_count(s, |e| *e == leader), 1, "{leader:?} x1");
    }
    assert_eq!(
        card_count(s, |e| *e == CardEffect::TommyGunner { dice: 2 }),
        2,
        "Tommy Gunner x2, 2 dice"
    );
    assert_eq!(
        card_count(s, |e| *e == CardEffect::VolgaFlotilla { dice: 3 }),
        5,
        "Volga River Flotilla x5, 3 dice"
    );
    assert_eq!(card_count(s, |e| *e == CardEffect::AntiAir), 4, "AA x4");
    assert_eq!(
        card_count(s, |e| *e == CardEffect::SovietSniper),
        5,
        "Sniper x5"
    );
    assert_eq!(
        card_count(s, |e| *e == CardEffect::AntiTank),
        2,
        "Anti-tank x2"
    );
    assert_eq!(
        card_count(s, |e| *e == CardEffect::Infiltration),
        4,
        "Infiltration x4"
    );
    assert_eq!(
        card_count(s, |e| *e == CardEffect::T34DugIn),
        3,
        "T-34 Dug In x3"
    );
    assert_eq!(card_count(s, |e| e.is_leader()), 3, "3 Soviet Leaders");
    assert_eq!(card_count(s, |_| true), 28, "28 Soviet cards");
    for c in s {
        assert!(!matches!(
            c.effect,
            CardEffect::Paulus
                | CardEffect::Hoth
                | CardEffect::VonRichthofen
                | CardEffect::Linden
                | CardEffect::Okh
                | CardEffect::Bombard { .. }
                | CardEffect::GermanSniper
                | CardEffect::Pak
        ));
    }
    // Card ids are unique across both decks.
    let ids: Vec<&str> = d
        .cards
        .german
        .iter()
        .chain(s)
        .map(|c| c.id.as_str())
        .collect();
    let unique: BTreeSet<&str> = ids.iter().copied().collect();
    assert_eq!(unique.len(), ids.len(), "card ids are unique");
}

/// §7.6: the Soviet Reinforcement Action schedule.
#[test]
fn r7_6_reinforcement_schedule_totals() {
    let d = data();
    let m = Map::new(&d);
    for (name, sch) in [
        ("default", &d.setup.soviet_reinforcements),
        ("alt", &d.setup.soviet_reinforcements_alt),
    ] {
        let order: Vec<&str> = sch.iter().map(|(h, _)| h.as_str()).collect();
        assert_eq!(
            order,
            ["3", "19", "9", "15", "13", "7"],
            "{name}: placement order"
        );
        let all: Vec<Reserve> = sch.iter().flat_map(|(_, u)| u.iter().copied()).collect();
        let n = |r: Reserve| all.iter().filter(|x| **x == r).count();
        assert_eq!(
            (n(Reserve::Infantry), n(Reserve::Tank), n(Reserve::Marine)),
            (6, 3, 0),
            "{name}: at most six Infantry and three Tanks, never Marines"
        );
        let get = |h: &str| &sch.iter().find(|(x, _)| x == h).unwrap().1;
        // The example: Tanks are due in 3 and 19.
        assert!(get("3").contains(&Reserve::Tank) && get("19").contains(&Reserve::Tank));
        // The 3-unit exception names 3, 13 and 19: they receive two units, one of them
        // Infantry; the others receive one. 9 and 15 share one icon group.
        for h in ["3", "13", "19"] {
            assert_eq!(get(h).len(), 2, "{name}: {h} receives two units");
            assert!(get(h).contains(&Reserve::Infantry));
        }
        for h in ["9", "15", "7"] {
            assert_eq!(get(h).len(), 1, "{name}: {h} receives one unit");
        }
        assert_eq!(get("9"), get("15"), "{name}: 9 and 15 receive the same");
        for h in &order {
            assert!(m.hex(h).soviet_reinforcement, "{h} is an SRH");
        }
    }
    // The default follows the setup markers: factory (one Tank) on 7, two docks
    // (two Infantry) on 13 [INFERRED].
    let get = |h: &str| {
        &d.setup
            .soviet_reinforcements
            .iter()
            .find(|(x, _)| x == h)
            .unwrap()
            .1
    };
    assert_eq!(get("7"), &vec![Reserve::Tank]);
    assert_eq!(get("13"), &vec![Reserve::Infantry, Reserve::Infantry]);
}

/// §7.8: the German Reinforcement Table.
#[test]
fn r7_8_reinforcement_table() {
    let d = data();
    let e = &d.setup.elimination_units;
    assert_eq!(
        e[0].as_deref(),
        Some("pzg64"),
        "row 1 = 64th Panzergrenadier Regiment"
    );
    let rows: BTreeSet<&str> = e.iter().flatten().map(|s| s.as_str()).collect();
    assert_eq!(
        rows.len(),
        e.iter().flatten().count(),
        "rows name different units"
    );
    for id in &rows {
        let u = unit(&d, id);
        assert!(matches!(u.kind.side(), Side::German), "{id}");
        assert!(!u.axe, "{id}: the axe units are not on the table at setup");
    }
    // [INFERRED §11.4] the five R units are the Elimination units of rows 1-5; row 6
    // has none in the base game (Raus's box).
    let r: BTreeSet<&str> = d
        .units
        .german
        .iter()
        .filter(|u| u.r_unit)
        .map(|u| u.id.as_str())
        .collect();
    assert_eq!(rows, r, "[INFERRED] rows 1-5 carry the five R units");
    assert!(e[5].is_none(), "[INFERRED] no Elimination unit on row 6");
}
