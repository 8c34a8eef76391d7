//! Damaged Moscow '41 files give a clear message naming the file, the place and the problem.

use eastfront_moscow41::board::Board;
use eastfront_moscow41::data::*;

fn load(map: &str, blocks: &str, setups: &str) -> String {
    ScenarioData::from_strs(map, blocks, setups)
        .expect_err("damaged data must be refused")
        .to_string()
}

#[test]
fn truncated_file_names_file_and_line() {
    let cut = &MAP_RON[..MAP_RON.len() / 2];
    let e = load(cut, BLOCKS_RON, SETUPS_RON);
    assert!(e.starts_with("map.ron, line "), "{e}");
    assert!(e.contains("column"), "{e}");
}

#[test]
fn wrong_value_names_file_line_and_value() {
    let bad = BLOCKS_RON.replacen("role: Combat", "role: Dragon", 1);
    let e = load(MAP_RON, &bad, SETUPS_RON);
    assert!(e.starts_with("blocks.ron, line "), "{e}");
    assert!(e.contains("Dragon"), "{e}");
    let bad = SETUPS_RON.replacen("weather: Good", "weather: Sunny", 1);
    let e = load(MAP_RON, BLOCKS_RON, &bad);
    assert!(e.starts_with("setups.ron, line "), "{e}");
    assert!(e.contains("Sunny"), "{e}");
}

#[test]
fn unknown_area_in_a_border_is_named() {
    let bad = MAP_RON.replacen("(a: \"1\", b: \"2\")", "(a: \"1\", b: \"999\")", 1);
    assert_ne!(bad, MAP_RON, "the map has a 1-2 border");
    let e = load(&bad, BLOCKS_RON, SETUPS_RON);
    assert!(e.contains("map.ron") && e.contains("999"), "{e}");
}

#[test]
fn border_listed_twice_or_both_ways_is_refused() {
    let bad = MAP_RON.replacen(
        "    edges: [\n",
        "    edges: [\n        (a: \"2\", b: \"1\"),\n",
        1,
    );
    let e = load(&bad, BLOCKS_RON, SETUPS_RON);
    assert!(e.contains("map.ron") && e.contains("listed twice"), "{e}");
}

#[test]
fn duplicate_area_is_refused() {
    let bad = MAP_RON.replacen("(id: \"2\",", "(id: \"1\",", 1);
    let e = load(&bad, BLOCKS_RON, SETUPS_RON);
    assert!(
        e.contains("map.ron") && e.contains("area 1 is listed twice"),
        "{e}"
    );
}

#[test]
fn duplicate_block_and_broken_references_are_named() {
    let bad = BLOCKS_RON.replacen("id: \"g_hq_2a\"", "id: \"g_hitler\"", 1);
    let e = load(MAP_RON, &bad, SETUPS_RON);
    assert!(e.contains("blocks.ron") && e.contains("g_hitler"), "{e}");
    let bad = SETUPS_RON.replacen("Named([\"g_hitler\"])", "Named([\"g_nobody\"])", 1);
    let e = load(MAP_RON, BLOCKS_RON, &bad);
    assert!(e.contains("setups.ron") && e.contains("g_nobody"), "{e}");
    let bad = SETUPS_RON.replacen("Area(\"128\")", "Area(\"Atlantis\")", 1);
    let e = load(MAP_RON, BLOCKS_RON, &bad);
    assert!(e.contains("setups.ron") && e.contains("Atlantis"), "{e}");
    let bad = BLOCKS_RON.replacen("owner: \"g_8fk\"", "owner: \"g_hitler\"", 1);
    let e = load(MAP_RON, &bad, SETUPS_RON);
    assert!(e.contains("blocks.ron") && e.contains("Luftwaffe"), "{e}");
}

#[test]
fn impossible_block_is_refused() {
    let bad = BLOCKS_RON.replacen("max_strength: 1,", "max_strength: 2,", 1);
    let e = load(MAP_RON, &bad, SETUPS_RON);
    assert!(e.contains("blocks.ron") && e.contains("dot colours"), "{e}");
}

#[test]
fn road_must_have_ten_boxes() {
    let bad = MAP_RON.replacen("\"Pskov\", \"Luga\", ", "\"Pskov\", ", 1);
    let e = load(&bad, BLOCKS_RON, SETUPS_RON);
    assert!(e.contains("map.ron") && e.contains("Road"), "{e}");
}

#[test]
fn missing_folder_names_the_file() {
    let e = Board::from_dir(std::path::Path::new("/nonexistent/moscow41"))
        .expect_err("no such folder")
        .to_string();
    assert!(e.contains("map.ron") && e.contains("cannot open"), "{e}");
}
