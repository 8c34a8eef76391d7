//! Every fact the Stalingrad rules text states about the lost map (§3: hexes, control,
//! terrain, special hexes, the Compass; T45), checked against `scenarios/stalingrad/map.ron`.
//! Neighbours are computed here from the axial offsets, not taken from the loader.

mod facts_kit;

use eastfront_stalingrad::data::*;
use facts_kit::*;
use std::collections::BTreeSet;

// ------------------------------------------------------------------------------- §3 map

/// T45: map data invariants.
#[test]
fn t45_map_invariants() {
    let d = data();
    let m = Map::new(&d);
    assert_eq!(d.map.hexes.len(), 109, "109 playable hexes");
    let mut expected: BTreeSet<String> = range(1, 105).into_iter().collect();
    expected.extend(set(&["W", "X", "Y", "Z"]));
    assert_eq!(
        m.ids_where(|_| true),
        expected,
        "ids are 1..105, W, X, Y, Z"
    );
    let coast: BTreeSet<String> = range(3, 19).into_iter().collect();
    assert_eq!(m.ids_where(|h| h.coast), coast, "coast exactly 3..19");
    let urban = m.ids_where(|h| h.terrain == Terrain::Urban);
    assert_eq!(urban.len(), 27, "27 Urban hexes");
    for h in ["7", "9", "26", "32"] {
        assert!(urban.contains(h), "hex {h} is Urban");
    }
    assert_eq!(
        m.ids_where(|h| h.soviet_start).len(),
        23,
        "23 Soviet start hexes"
    );
    assert_eq!(m.compass("7", 6), Some("6"), "compass(7, 6) = 6");
    assert_eq!(m.compass("25", 5), Some("24"), "compass(25, 5) = 24");
    for h in ["7", "8", "25"] {
        assert!(m.adjacent("24", h), "24 is adjacent to {h}");
    }
}

/// §3.2: hex inventory and initial control.
#[test]
fn r3_2_hex_inventory_and_control() {
    let d = data();
    let m = Map::new(&d);
    assert_eq!(
        m.ids_where(|h| h.german_control),
        set(&["W", "X", "Y", "Z"]),
        "the Germans control W, X, Y, Z at the start; the Soviets 1-105"
    );
    // Water is never playable.
    for v in &d.map.volga {
        assert!(
            !m.by_pos.contains_key(v),
            "Volga position {v:?} is playable"
        );
    }
    // The playable map is one connected piece.
    let mut seen = BTreeSet::from(["1".to_string()]);
    let mut todo = vec!["1"];
    while let Some(h) = todo.pop() {
        for n in m.neighbours(h) {
            if seen.insert(n.to_string()) {
                todo.push(n);
            }
        }
    }
    assert_eq!(seen.len(), 109, "every playable hex is reachable");
}

/// §3.3: hex types.
#[test]
fn r3_3_terrain() {
    let d = data();
    let m = Map::new(&d);
    assert_eq!(
        m.ids_where(|h| h.terrain == Terrain::Urban).len(),
        27,
        "RUINAS: 15 of the 27 Urban hexes"
    );
    for h in ["4", "21", "28"] {
        assert_eq!(
            m.hex(h).terrain,
            Terrain::Difficult,
            "[INFERRED] hill {h} is Difficult terrain"
        );
    }
}

/// §3.4: special hexes.
#[test]
fn r3_4_special_hexes() {
    let d = data();
    let m = Map::new(&d);
    assert_eq!(
        m.ids_where(|h| h.soviet_reinforcement),
        set(&["3", "7", "9", "13", "15", "19"]),
        "Soviet reinforcement hexes"
    );
    assert_eq!(m.hex("X").german_reinforcement, Some(Army::Yellow));
    assert_eq!(m.hex("Y").german_reinforcement, Some(Army::Yellow));
    assert_eq!(m.hex("Z").german_reinforcement, Some(Army::Blue));
    assert_eq!(
        m.ids_where(|h| h.german_reinforcement.is_some()),
        set(&["X", "Y", "Z"]),
        "W is not a reinforcement hex"
    );
    let reinf = m.ids_where(|h| h.soviet_reinforcement || h.german_reinforcement.is_some());
    assert_eq!(reinf.len(), 9, "nine reinforcement hexes in total");
    assert_eq!(m.ids_where(|h| h.factory), set(&["7"]), "factory on 7");
    let mut docks: Vec<(String, u8)> = d
        .map
        .hexes
        .iter()
        .filter(|h| h.docks > 0)
        .map(|h| (h.id.clone(), h.docks))
        .collect();
    docks.sort();
    assert_eq!(
        docks,
        vec![("13".into(), 2), ("15".into(), 1), ("9".into(), 1)],
        "docks: 9, 15 and two on 13"
    );
    assert_eq!(
        docks.iter().map(|d| d.1 as u32).sum::<u32>(),
        4,
        "four red plates"
    );
    for (h, c) in [
        ("4", FortColour::Brown),
        ("21", FortColour::Brown),
        ("28", FortColour::Brown),
        ("26", FortColour::Red),
        ("32", FortColour::Red),
    ] {
        assert_eq!(m.hex(h).fortification, Some(c), "fortification disc on {h}");
    }
    assert_eq!(
        m.ids_where(|h| h.fortification.is_some()).len(),
        5,
        "5 discs"
    );
    for (h, name) in [
        ("4", "Big Mushroom"),
        ("21", "Little Mushroom"),
        ("26", "Martin Blast Furnace"),
        ("28", "Mamayev Kurgan"),
        ("32", "Grain Elevator"),
    ] {
        assert_eq!(m.hex(h).landmark.as_deref(), Some(name), "landmark of {h}");
    }
    // Landing hexes 3..18 (sum of 3d6) and Chuikov HQ hexes are all playable; landing
    // hexes are coast hexes.
    for n in 3..=18 {
        assert!(
            m.hex(&n.to_string()).coast,
            "landing hex {n} is a coast hex"
        );
    }
}

/// §3.5: every hex fact stated in the text.
#[test]
fn r3_5_hex_facts() {
    let d = data();
    let m = Map::new(&d);
    for h in ["1", "2"] {
        assert!(!m.hex(h).coast, "hex {h} is not a coast hex");
    }
    assert!(m.adjacent("6", "7"), "6 is adjacent to 7");
    assert!(m.adjacent("7", "24"), "7 is adjacent to 24");
    assert!(m.adjacent("8", "24"), "8 is adjacent to 24");
    assert!(m.adjacent("24", "25"), "24 is adjacent to 25");
    assert!(!m.adjacent("9", "24"), "[INFERRED] 9 is not adjacent to 24");
    assert!(
        m.neighbours("9").len() >= 4,
        "four German stacks can surround hex 9"
    );
    assert_eq!(m.hex("7").terrain, Terrain::Urban, "7 is Urban (AA rubble)");
    assert_eq!(m.hex("9").terrain, Terrain::Urban, "Urban hex 9");
    assert_eq!(m.hex("26").terrain, Terrain::Urban);
    assert_eq!(m.hex("32").terrain, Terrain::Urban);
    // Latitude: 7 is the northernmost of 7, 9, 25; 9 and 25 share a latitude and 9 is
    // nearer the Volga (the roll-order example).
    assert!(m.pos("7").0 < m.pos("9").0, "7 is north of 9");
    assert!(m.pos("7").0 < m.pos("25").0, "7 is north of 25");
    assert_eq!(m.pos("9").0, m.pos("25").0, "9 and 25 share a latitude");
    assert!(
        m.y_down("9") < m.y_down("25"),
        "9 is nearer the Volga than 25"
    );
    // Long Move example "1" -> "3" [AMBIGUOUS]: two Clear hexes away over a Clear hex.
    assert_eq!(m.distance("1", "3"), 2, "[INFERRED] 1 is two hexes from 3");
    assert_eq!(m.hex("1").terrain, Terrain::Clear);
    assert_eq!(m.hex("3").terrain, Terrain::Clear);
    assert!(
        m.neighbours("1")
            .into_iter()
            .any(|n| m.adjacent(n, "3") && m.hex(n).terrain == Terrain::Clear),
        "[INFERRED] a Clear path 1 -> 3"
    );
    // Each coast hex borders the Volga; no other hex does.
    let water: BTreeSet<(i32, i32)> = d.map.volga.iter().copied().collect();
    for h in &d.map.hexes {
        let touches = OFFSETS
            .iter()
            .any(|o| water.contains(&(h.q + o.0, h.r + o.1)));
        assert_eq!(
            touches, h.coast,
            "hex {}: coast iff it borders the Volga",
            h.id
        );
    }
}

/// §3.6: the Soviet Compass.
#[test]
fn r3_6_compass_facts() {
    let d = data();
    let m = Map::new(&d);
    let dirs: BTreeSet<(i32, i32)> = d.map.compass.iter().copied().collect();
    assert_eq!(
        dirs,
        OFFSETS.iter().copied().collect(),
        "six distinct directions"
    );
    assert_eq!(
        m.compass("7", 6),
        Some("6"),
        "from 7, direction 6 leads to 6"
    );
    assert_eq!(
        m.compass("25", 5),
        Some("24"),
        "from 25, direction 5 leads to 24"
    );
    // Direction 1 is "backwards", toward the Volga [INFERRED]: up on the board, and
    // from every coast hex it points into the river.
    assert_eq!(
        d.map.compass[0],
        (0, -1),
        "[INFERRED] die 1 points at the Volga"
    );
    let water: BTreeSet<(i32, i32)> = d.map.volga.iter().copied().collect();
    for n in 3..=19 {
        let (q, r) = m.pos(&n.to_string());
        let d1 = d.map.compass[0];
        assert!(
            water.contains(&(q + d1.0, r + d1.1)),
            "[INFERRED] die 1 from coast hex {n} points into the Volga"
        );
    }
    // The roll-order example resolves 5 from 25 against 24, and Chuikov brings in the
    // stacks in 7 and 8: both touch 24.
    assert!(m.adjacent("7", "24") && m.adjacent("8", "24"));
}
