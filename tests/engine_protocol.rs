//! The engine protocol (docs/protocol.md): a round trip through every command, and bad input
//! that must get an error line, never a crash.

use eastfront::cli::engine::Engine;
use serde_json::Value;

fn send(e: &mut Engine, line: &str) -> Value {
    e.handle(line).0
}

#[test]
fn protocol_round_trip_new_legal_apply_view_save_load_undo_quit() {
    let mut e = Engine::new();
    let r = send(
        &mut e,
        r#"{"cmd":"new","game":"stalingrad","scenario":"standard","seed":5}"#,
    );
    assert_eq!(r["ok"], true, "{r}");
    assert_eq!(r["active_side"], "German");
    let legal = send(&mut e, r#"{"cmd":"legal"}"#);
    let actions = legal["actions"].as_array().unwrap().clone();
    assert!(actions.iter().any(|a| a == "CallReinforcements"));
    // Apply a Short Move given in full, then undo it (no die, no draw, same side).
    let short = actions
        .iter()
        .find(|a| a.get("ShortMove").is_some())
        .expect("a short move")
        .clone();
    let r = send(&mut e, &format!(r#"{{"cmd":"apply","action":{short}}}"#));
    assert_eq!(r["ok"], true, "{r}");
    assert_eq!(r["can_undo"], true, "{r}");
    let r = send(&mut e, r#"{"cmd":"undo"}"#);
    assert_eq!(r["ok"], true, "{r}");
    // The German view hides Soviet blocks; the omniscient view does not.
    let v = send(&mut e, r#"{"cmd":"view","side":"German"}"#);
    let blocks = v["view"]["blocks"].as_array().unwrap();
    assert!(blocks
        .iter()
        .filter(|b| b["side"] == "Soviet")
        .all(|b| b["face"].is_null()));
    let all = send(&mut e, r#"{"cmd":"view","side":"all"}"#);
    assert!(all["view"]["blocks"]
        .as_array()
        .unwrap()
        .iter()
        .all(|b| !b["face"].is_null()));
    // Scripted dice, then a Call for Reinforcements by index.
    let r = send(&mut e, r#"{"cmd":"dice","values":[1,2,3,4,5,6]}"#);
    assert_eq!(r["ok"], true, "{r}");
    let r = send(&mut e, r#"{"cmd":"apply","action":"CallReinforcements"}"#);
    assert_eq!(r["ok"], true, "{r}");
    let text = r["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect::<Vec<_>>()
        .join("\n");
    assert!(text.contains("rolled 1 2 3 4 5 6"), "{text}");
    // Play a few more steps by index, save, load, and compare the views.
    for _ in 0..5 {
        let r = send(&mut e, r#"{"cmd":"apply","index":0}"#);
        if r["ok"] != true {
            break;
        }
    }
    let dir = std::env::temp_dir().join(format!("eastfront-protocol-{}", std::process::id()));
    let path = dir.join("g.ron");
    let before = send(&mut e, r#"{"cmd":"view","side":"all"}"#);
    let r = send(
        &mut e,
        &format!(r#"{{"cmd":"save","path":"{}"}}"#, path.display()),
    );
    assert_eq!(r["ok"], true, "{r}");
    let mut e2 = Engine::new();
    let r = send(
        &mut e2,
        &format!(r#"{{"cmd":"load","path":"{}"}}"#, path.display()),
    );
    assert_eq!(r["ok"], true, "{r}");
    let after = send(&mut e2, r#"{"cmd":"view","side":"all"}"#);
    assert_eq!(before, after);
    let (bye, quit) = e.handle(r#"{"cmd":"quit"}"#);
    assert!(quit);
    assert_eq!(bye["ok"], true);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn invalid_input_gets_an_error_line() {
    let mut e = Engine::new();
    for bad in [
        "not json",
        "{}",
        r#"{"cmd":"fly"}"#,
        r#"{"cmd":"legal"}"#,
        r#"{"cmd":"apply","index":0}"#,
        r#"{"cmd":"new","game":"chess"}"#,
        r#"{"cmd":"new","scenario":"nowhere"}"#,
        r#"{"cmd":"load","path":"/definitely/not/here.ron"}"#,
    ] {
        let r = send(&mut e, bad);
        assert_eq!(r["ok"], false, "{bad} → {r}");
        assert!(r["error"].as_str().unwrap().len() > 5, "{r}");
    }
    send(&mut e, r#"{"cmd":"new"}"#);
    for bad in [
        r#"{"cmd":"apply","action":"Nonsense"}"#,
        r#"{"cmd":"apply","index":99999}"#,
        r#"{"cmd":"apply","action":{"Choose":{"unit":3}}}"#,
        r#"{"cmd":"apply","seat":1,"action":"CallReinforcements"}"#,
        r#"{"cmd":"dice","values":[7]}"#,
        r#"{"cmd":"view","side":"Martian"}"#,
        r#"{"cmd":"undo"}"#,
    ] {
        let r = send(&mut e, bad);
        assert_eq!(r["ok"], false, "{bad} → {r}");
    }
    // Still alive and well.
    assert_eq!(send(&mut e, r#"{"cmd":"legal"}"#)["ok"], true);
}

/// Moscow '41 through the same protocol: a new scenario game, legal actions, an action by
/// index and in full, the German view hiding every Soviet block, and a save that loads back.
#[test]
fn moscow41_round_trip_and_fog_of_war() {
    let mut e = Engine::new();
    let r = send(
        &mut e,
        r#"{"cmd":"new","game":"moscow41","scenario":"sc3","seed":3}"#,
    );
    assert_eq!(r["ok"], true, "{r}");
    assert_eq!(r["game"], "moscow41", "{r}");
    let legal = send(&mut e, r#"{"cmd":"legal"}"#);
    let actions = legal["actions"].as_array().unwrap().clone();
    assert!(!actions.is_empty());
    let first = actions[0].clone();
    let r = send(&mut e, &format!(r#"{{"cmd":"apply","action":{first}}}"#));
    assert_eq!(r["ok"], true, "{r}");
    for _ in 0..20 {
        let r = send(&mut e, r#"{"cmd":"apply","index":0}"#);
        assert_eq!(r["ok"], true, "{r}");
        let _ = send(&mut e, r#"{"cmd":"legal"}"#);
    }
    let v = send(&mut e, r#"{"cmd":"view","side":"German"}"#);
    let blocks = v["view"]["blocks"].as_array().unwrap();
    let soviet: Vec<_> = blocks.iter().filter(|b| b["side"] == "Soviet").collect();
    assert!(!soviet.is_empty());
    assert!(
        soviet
            .iter()
            .all(|b| b["face"].is_null() || b["revealed"] == true),
        "a hidden Soviet block shows its face to the German"
    );
    let dir = std::env::temp_dir().join(format!("eastfront-m41-protocol-{}", std::process::id()));
    let path = dir.join("m.ron");
    let before = send(&mut e, r#"{"cmd":"view","side":"all"}"#);
    let r = send(
        &mut e,
        &format!(r#"{{"cmd":"save","path":"{}"}}"#, path.display()),
    );
    assert_eq!(r["ok"], true, "{r}");
    let mut e2 = Engine::new();
    let r = send(
        &mut e2,
        &format!(r#"{{"cmd":"load","path":"{}"}}"#, path.display()),
    );
    assert_eq!(r["ok"], true, "{r}");
    let after = send(&mut e2, r#"{"cmd":"view","side":"all"}"#);
    assert_eq!(before["view"], after["view"]);
    std::fs::remove_dir_all(&dir).ok();
}

/// Moscow '41 move paths read and write as lists of areas; a path longer than any block's MP
/// allows (5 areas) is a bad request, and the engine goes on.
#[test]
fn moscow41_move_paths_in_the_protocol() {
    let mut e = Engine::new();
    let r = send(
        &mut e,
        r#"{"cmd":"new","game":"moscow41","scenario":"sc3","seed":3}"#,
    );
    assert_eq!(r["ok"], true, "{r}");
    let mut found = None;
    for _ in 0..500 {
        let legal = send(&mut e, r#"{"cmd":"legal"}"#);
        let actions = legal["actions"].as_array().unwrap().clone();
        if let Some(m) = actions.iter().find(|a| a.get("Move").is_some()) {
            found = Some(m.clone());
            break;
        }
        let r = send(&mut e, r#"{"cmd":"apply","index":0}"#);
        assert_eq!(r["ok"], true, "{r}");
    }
    let m = found.expect("a move is offered");
    let path = m["Move"]["path"].as_array().unwrap();
    assert!((1..=5).contains(&path.len()), "{m}");
    let block = &m["Move"]["block"];
    let long = format!(
        r#"{{"cmd":"apply","action":{{"Move":{{"block":{block},"path":[1,2,3,4,5,6]}}}}}}"#
    );
    let r = send(&mut e, &long);
    assert_eq!(r["ok"], false, "{r}");
    let error = r["error"].as_str().unwrap();
    assert!(
        error.starts_with("bad request") && error.contains("a path of 6 areas"),
        "{error}"
    );
    // The listed move, sent back in full, is applied.
    let r = send(&mut e, &format!(r#"{{"cmd":"apply","action":{m}}}"#));
    assert_eq!(r["ok"], true, "{r}");
}

/// A failed `load` — a missing file, a damaged one, a save of no game we have — keeps the game
/// in progress: the next command acts on it as before.
#[test]
fn a_failed_load_keeps_the_game_in_progress() {
    let mut e = Engine::new();
    let r = send(
        &mut e,
        r#"{"cmd":"new","game":"moscow41","scenario":"sc1","seed":3}"#,
    );
    assert_eq!(r["ok"], true, "{r}");
    let r = send(&mut e, r#"{"cmd":"apply","index":0}"#);
    assert_eq!(r["ok"], true, "{r}");
    let before = send(&mut e, r#"{"cmd":"view","side":"all"}"#);
    let dir = std::env::temp_dir().join(format!("eastfront-engine-load-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // A real save, cut in the middle.
    let good = dir.join("good.ron");
    let r = send(
        &mut e,
        &format!(r#"{{"cmd":"save","path":"{}"}}"#, good.display()),
    );
    assert_eq!(r["ok"], true, "{r}");
    let text = std::fs::read_to_string(&good).unwrap();
    let damaged = dir.join("damaged.ron");
    std::fs::write(&damaged, &text[..text.len() / 2]).unwrap();
    let foreign = dir.join("foreign.ron");
    std::fs::write(&foreign, text.replace("moscow41", "race_for_berlin")).unwrap();
    for path in [dir.join("missing.ron"), damaged, foreign] {
        let r = send(
            &mut e,
            &format!(r#"{{"cmd":"load","path":"{}"}}"#, path.display()),
        );
        assert_eq!(r["ok"], false, "{r}");
        let err = r["error"].as_str().unwrap();
        assert!(
            err.contains(path.file_name().unwrap().to_str().unwrap()),
            "{err}"
        );
        // The game goes on: the same position, still Moscow '41, still playable.
        let now = send(&mut e, r#"{"cmd":"view","side":"all"}"#);
        assert_eq!(now, before, "the game in progress is untouched");
        let legal = send(&mut e, r#"{"cmd":"legal"}"#);
        assert_eq!(legal["ok"], true, "{legal}");
    }
    let r = send(&mut e, r#"{"cmd":"apply","index":0}"#);
    assert_eq!(r["ok"], true, "{r}");
    assert_eq!(r["game"], "moscow41");
    let _ = std::fs::remove_dir_all(&dir);
}
