//! Tests of the rules reference: loading, look-up, search and finding references.

use super::*;

const SAMPLE: &str = r#"(
    game: "test",
    title: "Test rules",
    entries: [
        (id: "1", title: "Intro", summary: "About the game."),
        (id: "6", title: "Rules", summary: "The rules.", see_also: ["6.9"]),
        (id: "6.7", title: "German actions", summary: "Five actions."),
        (id: "6.7.1", title: "Call for Reinforcements", summary: "Roll six dice on the table."),
        (id: "6.9", title: "Rubble", summary: "Rubble doubles the defence of an Urban hex."),
        (id: "10", title: "Tactical Impulse", summary: "Activate an HQ; blitz later."),
        (id: "10.12", title: "Combat sequence", summary: "Five steps."),
        (id: "14", title: "Optional rules", summary: "Pick any."),
        (id: "14.8", title: "Operation Crusader", summary: "The Luftwaffe leaves."),
        (id: "SC", title: "Scenarios", summary: "Setups."),
        (id: "SC.1", title: "Beyond the Dnieper", summary: "July."),
        (id: "SC.C", title: "Campaign", summary: "July to December."),
    ],
)"#;

fn sample() -> RulesReference {
    RulesReference::parse("sample.ron", SAMPLE).expect("sample parses")
}

fn ids(refs: &[RuleRef]) -> Vec<&str> {
    refs.iter().map(|r| r.id.as_str()).collect()
}

fn written<'a>(text: &'a str, refs: &[RuleRef]) -> Vec<&'a str> {
    refs.iter().map(|r| &text[r.range.clone()]).collect()
}

#[test]
fn parses_and_finds_exact_entries() {
    let r = sample();
    assert_eq!(r.game, "test");
    assert_eq!(r.entries.len(), 12);
    assert_eq!(r.get("6.7.1").unwrap().title, "Call for Reinforcements");
    assert_eq!(r.get("§6.9").unwrap().title, "Rubble");
    assert_eq!(r.get("RO 14.8").unwrap().title, "Operation Crusader");
    assert_eq!(r.get("R 10.0").unwrap().id, "10");
    assert_eq!(r.get("SC.C").unwrap().title, "Campaign");
    assert!(r.get_exact("6.7.2").is_none());
    assert_eq!(r.entries[1].see_also, vec!["6.9".to_string()]);
    assert!(r.entries[0].see_also.is_empty());
}

#[test]
fn get_falls_back_to_the_nearest_parent() {
    let r = sample();
    assert_eq!(r.get("10.12.5").unwrap().id, "10.12");
    assert_eq!(r.resolve("10.12.5").unwrap().fallback, 1);
    assert_eq!(r.get("10.3").unwrap().id, "10");
    assert_eq!(r.resolve("10.12.5.1").unwrap().fallback, 2);
    assert_eq!(r.resolve("6.7.1").unwrap().fallback, 0);
    assert_eq!(r.get("6.7.4.2").unwrap().id, "6.7");
    assert_eq!(r.get("5.0.1"), None);
    assert_eq!(r.get("99"), None);
    assert_eq!(r.get("SC.3"), Some(&r.entries[9]));
    assert_eq!(r.get(""), None);
}

#[test]
fn canonical_ids_and_parents() {
    assert_eq!(canonical_id("§ 6.7.1"), "6.7.1");
    assert_eq!(canonical_id("R 10.0"), "10");
    assert_eq!(canonical_id("RO 14.8"), "14.8");
    assert_eq!(canonical_id("0"), "0");
    assert_eq!(canonical_id("6.0"), "6");
    assert_eq!(parent_id("10.12.5"), Some("10.12".into()));
    assert_eq!(parent_id("5.0.1"), Some("5".into()));
    assert_eq!(parent_id("10"), None);
    assert_eq!(parent_id("SC.1"), Some("SC".into()));
}

fn parse_err(text: &str) -> DataError {
    RulesReference::parse("bad.ron", text).expect_err("must be refused")
}

#[test]
fn syntax_errors_name_file_and_line() {
    let e = parse_err("(\n game: \"x\",\n title: \"y\",\n entries: [ (id: 1) ],\n)");
    assert_eq!(e.file, "bad.ron");
    assert_eq!(e.line, Some(4));
    let e = parse_err("(game: \"x\", title: \"y\")");
    assert!(e.problem.contains("entries"), "{e}");
}

fn one(entries: &str) -> String {
    format!("(\n game: \"x\",\n title: \"y\",\n entries: [\n{entries}\n ],\n)")
}

#[test]
fn duplicate_ids_are_refused_at_their_line() {
    let e = parse_err(&one(
            "  (id: \"1\", title: \"a\", summary: \"s\"),\n  (id: \"1\", title: \"b\", summary: \"s\"),",
        ));
    assert!(e.problem.contains("two entries"), "{e}");
    assert_eq!(e.line, Some(6));
}

#[test]
fn out_of_order_entries_are_refused() {
    let e = parse_err(&one(
            "  (id: \"2\", title: \"a\", summary: \"s\"),\n  (id: \"1\", title: \"b\", summary: \"s\"),",
        ));
    assert!(e.problem.contains("rule order"), "{e}");
    assert_eq!(e.line, Some(6));
    // Numeric, not textual, order: 2 < 10, 6.9 < 6.10.
    let ok = one(concat!(
        "  (id: \"2\", title: \"a\", summary: \"s\"),\n",
        "  (id: \"6\", title: \"a\", summary: \"s\"),\n",
        "  (id: \"6.9\", title: \"a\", summary: \"s\"),\n",
        "  (id: \"6.10\", title: \"a\", summary: \"s\"),\n",
        "  (id: \"10\", title: \"a\", summary: \"s\"),",
    ));
    assert!(RulesReference::parse("ok.ron", &ok).is_ok());
}

#[test]
fn see_also_must_resolve() {
    let e = parse_err(&one(
        "  (id: \"1\", title: \"a\", summary: \"s\", see_also: [\"1.2\"]),",
    ));
    assert!(e.problem.contains("see_also \"1.2\""), "{e}");
    assert_eq!(e.line, Some(5));
    let e = parse_err(&one(
        "  (id: \"1\", title: \"a\", summary: \"s\", see_also: [\"1\"]),",
    ));
    assert!(e.problem.contains("itself"), "{e}");
}

#[test]
fn malformed_ids_missing_parents_and_empty_text_are_refused() {
    for (entries, needle) in [
        (
            "  (id: \"§6\", title: \"a\", summary: \"s\"),",
            "not a rule number",
        ),
        (
            "  (id: \"6..1\", title: \"a\", summary: \"s\"),",
            "not a rule number",
        ),
        (
            "  (id: \"06\", title: \"a\", summary: \"s\"),",
            "not a rule number",
        ),
        (
            "  (id: \"10.0\", title: \"a\", summary: \"s\"),",
            "as \"10\"",
        ),
        ("  (id: \"6.1\", title: \"a\", summary: \"s\"),", "parent"),
        ("  (id: \"6\", title: \" \", summary: \"s\"),", "no title"),
        ("  (id: \"6\", title: \"a\", summary: \"\"),", "no summary"),
    ] {
        let e = parse_err(&one(entries));
        assert!(e.problem.contains(needle), "{entries}: {e}");
        assert_eq!(e.file, "bad.ron");
    }
    assert!(parse_err(&one("")).problem.contains("no entries"));
}

#[test]
fn finds_stalingrad_style_references() {
    let text = "Hex 7 is not Soviet-controlled (§9.4.4). See rules §6.14.5, and §6.18 A.";
    let refs = find_rule_refs(text);
    assert_eq!(ids(&refs), ["9.4.4", "6.14.5", "6.18"]);
    assert_eq!(written(text, &refs), ["§9.4.4", "rules §6.14.5", "§6.18"]);
    let text = "Soviet player (MODO 1 vs. 1, §9.2.5); the whole of §8 and § 11.";
    assert_eq!(ids(&find_rule_refs(text)), ["9.2.5", "8", "11"]);
    let text = "(§6.5, the German chooses) §3.5/§3.6 §6.8–§6.12 §6.8.1.";
    assert_eq!(
        ids(&find_rule_refs(text)),
        ["6.5", "3.5", "3.6", "6.8", "6.12", "6.8.1"]
    );
}

#[test]
fn finds_moscow_style_references() {
    let text = "{side}: Blitz moves (R 10.16). Rail (RO 14.4) and R 10.0; R 11.";
    let refs = find_rule_refs(text);
    assert_eq!(ids(&refs), ["10.16", "14.4", "10", "11"]);
    assert_eq!(
        written(text, &refs),
        ["R 10.16", "RO 14.4", "R 10.0", "R 11"]
    );

    let text = "no engaging (R 10.1, 10.18, 12.0); R 4.2.1, R 10.8; R 10.2.1/10.6";
    let refs = find_rule_refs(text);
    assert_eq!(
        ids(&refs),
        ["10.1", "10.18", "12", "4.2.1", "10.8", "10.2.1", "10.6"]
    );
    assert_eq!(
        written(text, &refs),
        ["R 10.1", "10.18", "12.0", "R 4.2.1", "R 10.8", "R 10.2.1", "10.6"]
    );

    let text = "rules 10.11–10.15 and R 7.0–7.2.2, R 14.1–14.8, R 13.2 and 13.3";
    let refs = find_rule_refs(text);
    assert_eq!(
        ids(&refs),
        ["10.11", "10.15", "7", "7.2.2", "14.1", "14.8", "13.2", "13.3"]
    );
    assert_eq!(written(text, &refs)[0], "rules 10.11");
    assert_eq!(written(text, &refs)[1], "10.15");
}

#[test]
fn finds_scenario_labels() {
    let text = "SC.1: the R 1.7 Sudden Death also applies; SC.C, SC.2 and SC.3 (not SC.x, DISC.1)";
    let refs = find_rule_refs(text);
    assert_eq!(ids(&refs), ["SC.1", "1.7", "SC.C", "SC.2", "SC.3"]);
}

#[test]
fn ignores_what_is_not_a_rule_reference() {
    for text in [
        "hex 56",
        "seed 1942",
        "on 23.08.1942",
        "2/9 of the dice",
        "version 0.3.1",
        "R units count double",
        "the R 2nd impulse",
        "§6.7a",
        "CAR 10.8",
        "rule 10 of the cooperative mode",
        "rules: 1 vs 1",
        "[R: 1. PEDIR REFUERZOS]",
        "GAP-19, T2, E13",
        "R\n10.8",
    ] {
        assert!(
            find_rule_refs(text).is_empty(),
            "{text}: {:?}",
            find_rule_refs(text)
        );
    }
    // A list goes on only with dotted numbers or its own marker.
    assert_eq!(ids(&find_rule_refs("R 2.5, 4 blocks")), ["2.5"]);
    assert_eq!(ids(&find_rule_refs("§8.5.1, 3 dice")), ["8.5.1"]);
    assert_eq!(ids(&find_rule_refs("R 2.5 - 3 blocks")), ["2.5"]);
}

#[test]
fn ranges_are_char_boundaries_in_unicode_text() {
    let text = "Ataque — véase §6.9… «R 10.13»";
    let refs = find_rule_refs(text);
    assert_eq!(written(text, &refs), ["§6.9", "R 10.13"]);
}

#[test]
fn search_ranks_id_then_title_then_summary() {
    let r = sample();
    let ids = |q: &str| {
        r.search(q)
            .iter()
            .map(|e| e.id.as_str())
            .collect::<Vec<_>>()
    };
    assert_eq!(ids("rubble"), ["6.9"]);
    assert_eq!(ids("RUBBLE"), ["6.9"]);
    // A summary-only match counts too.
    assert_eq!(ids("blitz"), ["10"]);
    assert_eq!(ids("campaign"), ["SC.C"]);
    assert_eq!(ids("july"), ["SC.1", "SC.C"]);
    // The id first, then its sub-rules, then text mentioning it.
    assert_eq!(ids("6.7"), ["6.7", "6.7.1"]);
    assert_eq!(ids("§6.7"), ["6.7", "6.7.1"]);
    assert_eq!(ids("R 10.0"), ["10", "10.12"]);
    assert_eq!(ids("RO 14.8"), ["14.8"]);
    // Every word must match somewhere.
    assert_eq!(ids("rubble urban"), ["6.9"]);
    assert_eq!(ids("rubble tanks"), Vec::<&str>::new());
    // Title beats summary across entries.
    assert_eq!(ids("rules"), ["6", "14"]);
    assert_eq!(
        ids("  "),
        r.entries.iter().map(|e| e.id.as_str()).collect::<Vec<_>>()
    );
}

#[test]
fn string_literals_of_rust_source() {
    let src = r####"
            // "not this" (§1.1)
            /* nor "this" /* nested "x" */ */
            let a = "R 10.8"; let b = 'x'; let q = '"'; let e = '\'';
            fn f<'a>(s: &'a str) {}
            let raw = r#"raw "§6.9""#; let plain = r"p";
            let esc = "a \"quoted\" \u{a7}6.5 \
                       continued";
            /// doc "comment"
            let bytes = b"bytes";
        "####;
    assert_eq!(
        rust_string_literals(src),
        [
            "R 10.8",
            "raw \"§6.9\"",
            "p",
            "a \"quoted\" §6.5 continued",
            "bytes",
        ]
    );
}
