//! Damaged No Retreat! files give a clear message naming the file, the place and the problem,
//! and never panic.

use eastfront_no_retreat::data::*;

fn files() -> [&'static str; 6] {
    [
        MAP_RON, UNITS_RON, CARDS_RON, TABLES_RON, TRACK_RON, SETUPS_RON,
    ]
}

/// Loads the built-in files with file `i` replaced by `text`; returns the error's words.
fn load_with(i: usize, text: &str) -> String {
    let mut t = files();
    t[i] = text;
    ScenarioData::from_strs(t)
        .expect_err("damaged data must be refused")
        .to_string()
}

fn replaced(src: &str, from: &str, to: &str) -> String {
    assert!(src.contains(from), "the data holds {from:?}");
    src.replacen(from, to, 1)
}

#[test]
fn the_builtin_files_load() {
    let d = ScenarioData::from_strs(files()).expect("built-in data is valid");
    assert_eq!(d.map.hexes.len(), 382);
}

#[test]
fn truncated_files_name_file_line_and_column() {
    for (i, name) in FILES.iter().enumerate() {
        let text = files()[i];
        let e = load_with(i, &text[..text.len() / 2]);
        assert!(e.starts_with(&format!("{name}, line ")), "{e}");
        assert!(e.contains("column"), "{e}");
    }
}

#[test]
fn a_wrong_value_is_named_with_its_line() {
    let e = load_with(0, &replaced(MAP_RON, "terrain: Forest", "terrain: Jungle"));
    assert!(
        e.starts_with("map.ron, line ") && e.contains("Jungle"),
        "{e}"
    );
    let e = load_with(1, &replaced(UNITS_RON, "kind: Armor", "kind: Cavalry"));
    assert!(
        e.starts_with("units.ron, line ") && e.contains("Cavalry"),
        "{e}"
    );
    let e = load_with(
        3,
        &replaced(
            TABLES_RON,
            "[CA, CA, CA, CA, NoEffect",
            "[CA, XX, CA, CA, NoEffect",
        ),
    );
    assert!(
        e.starts_with("tables.ron, line ") && e.contains("XX"),
        "{e}"
    );
    let e = load_with(4, &replaced(TRACK_RON, "weather: Clear", "weather: Sunny"));
    assert!(
        e.starts_with("track.ron, line ") && e.contains("Sunny"),
        "{e}"
    );
}

#[test]
fn broken_map_references_are_named() {
    let e = load_with(
        0,
        &replaced(
            MAP_RON,
            "(a: (-9, -4), b: (-8, -5)",
            "(a: (-9, -4), b: (-30, -5)",
        ),
    );
    assert!(e.contains("map.ron") && e.contains("(-30, -5)"), "{e}");
    let e = load_with(0, &replaced(MAP_RON, "(at: (-10, 9),", "(at: (-10, 8),"));
    assert!(e.contains("map.ron") && e.contains("listed twice"), "{e}");
    let e = load_with(
        0,
        &replaced(MAP_RON, "neighbours: [(-10, 12)", "neighbours: [(40, 40)"),
    );
    assert!(
        e.contains("map.ron") && e.contains("Finland") && e.contains("(40, 40)"),
        "{e}"
    );
    let e = load_with(
        0,
        &replaced(MAP_RON, "city: Some(\"Riga\")", "city: Some(\"Berlin\")"),
    );
    assert!(
        e.contains("map.ron") && e.contains("Berlin") && e.contains("twice"),
        "{e}"
    );
}

#[test]
fn broken_unit_card_and_track_references_are_named() {
    let e = load_with(1, &replaced(UNITS_RON, "id: \"ge_2pz\"", "id: \"ge_1pz\""));
    assert!(
        e.contains("units.ron") && e.contains("ge_1pz") && e.contains("twice"),
        "{e}"
    );
    let e = load_with(
        1,
        &replaced(UNITS_RON, "code: Some(Turn(2))", "code: Some(Turn(40))"),
    );
    assert!(e.contains("units.ron") && e.contains("turn 40"), "{e}");
    let e = load_with(2, &replaced(CARDS_RON, "number: 2,", "number: 1,"));
    assert!(e.contains("cards.ron") && e.contains("card 1"), "{e}");
    let e = load_with(4, &replaced(TRACK_RON, "unit: \"it_8\"", "unit: \"it_99\""));
    assert!(e.contains("track.ron") && e.contains("it_99"), "{e}");
    let e = load_with(
        3,
        &replaced(
            TABLES_RON,
            "[CB, EX, DR, DR, DS, DS, DD, DD, DD],",
            "[CB, EX],",
        ),
    );
    assert!(e.contains("tables.ron") && e.contains("axis_crt"), "{e}");
}

#[test]
fn broken_setups_are_named() {
    let e = load_with(
        5,
        &replaced(SETUPS_RON, "unit: \"ge_16a\"", "unit: \"ge_99a\""),
    );
    assert!(e.contains("setups.ron") && e.contains("ge_99a"), "{e}");
    let e = load_with(5, &replaced(SETUPS_RON, "Hex((-6, 1))", "Hex((-9, 8))"));
    assert!(
        e.contains("setups.ron") && e.contains("ge_16a") && e.contains("(-9, 8)"),
        "{e}"
    );
    let e = load_with(
        5,
        &replaced(SETUPS_RON, "Named(\"Kalinin\")", "Named(\"Atlantis\")"),
    );
    assert!(e.contains("setups.ron") && e.contains("Atlantis"), "{e}");
    let e = load_with(5, &replaced(SETUPS_RON, "last_turn: 5,", "last_turn: 29,"));
    assert!(e.contains("setups.ron") && e.contains("barbarossa"), "{e}");
}

#[test]
fn garbage_and_empty_input_never_panic() {
    for (i, name) in FILES.iter().enumerate() {
        for junk in [
            "",
            "(",
            "\u{0}\u{1}",
            "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]",
        ] {
            let e = load_with(i, junk);
            assert!(e.starts_with(name), "{e}");
        }
    }
}
