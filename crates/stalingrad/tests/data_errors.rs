//! Damaged scenario files give a clear message naming the file, the place and the problem.

use eastfront_stalingrad::data::*;

fn load(map: &str, units: &str, setup: &str, cards: &str) -> String {
    ScenarioData::from_strs(map, units, setup, cards)
        .expect_err("damaged data must be refused")
        .to_string()
}

#[test]
fn truncated_file_names_file_and_line() {
    let cut = &MAP_RON[..MAP_RON.len() / 2];
    let e = load(cut, UNITS_RON, SETUP_RON, CARDS_RON);
    assert!(e.starts_with("map.ron, line "), "{e}");
}

#[test]
fn wrong_value_names_file_and_line() {
    let bad = UNITS_RON.replacen("kind: Panzer,", "kind: Dragon,", 1);
    let e = load(MAP_RON, &bad, SETUP_RON, CARDS_RON);
    assert!(e.starts_with("units.ron, line "), "{e}");
    assert!(e.contains("Dragon"), "{e}");
}

#[test]
fn broken_reference_is_named() {
    let bad = SETUP_RON.replacen("Unit(\"pz2\")", "Unit(\"pz999\")", 1);
    let e = load(MAP_RON, UNITS_RON, &bad, CARDS_RON);
    assert!(e.contains("setup.ron") && e.contains("pz999"), "{e}");
    let bad = CARDS_RON.replacen("\"7\"", "\"777\"", 1);
    let e = load(MAP_RON, UNITS_RON, SETUP_RON, &bad);
    assert!(e.contains("cards.ron") && e.contains("777"), "{e}");
}

#[test]
fn impossible_block_is_refused() {
    let bad = UNITS_RON.replacen(
        "faces: [(4, Triple), (3, Triple)",
        "faces: [(4, Triple), (5, Triple)",
        1,
    );
    let e = load(MAP_RON, &bad, SETUP_RON, CARDS_RON);
    assert!(
        e.contains("units.ron") && e.contains("one pip at a time"),
        "{e}"
    );
}

#[test]
fn duplicate_hex_is_refused() {
    let first_id = MAP_RON.find("id: \"2\"").expect("hex 2");
    let bad = format!(
        "{}id: \"1\"{}",
        &MAP_RON[..first_id],
        &MAP_RON[first_id + 7..]
    );
    let e = load(&bad, UNITS_RON, SETUP_RON, CARDS_RON);
    assert!(e.contains("map.ron") && e.contains("listed twice"), "{e}");
}

#[test]
fn load_dir_reports_a_missing_file() {
    let dir = std::env::temp_dir().join(format!("eastfront-data-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("map.ron"), MAP_RON).unwrap();
    let e = ScenarioData::load_dir(&dir).err().unwrap().to_string();
    assert!(e.contains("units.ron") && e.contains("cannot open"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}
