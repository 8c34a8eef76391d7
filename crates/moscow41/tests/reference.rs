//! The rules reference (`scenarios/moscow41/reference.ron`): it parses, every rule reference the
//! crate's own text cites resolves to an entry, and every rule the rules file
//! (`shared/rules/moscow-41.md`, beside the project) numbers — rulebook rules 1.0–14.0, the
//! optional rules RO 14.1–14.8 and the setups SC.C, SC.1–SC.3 — has an entry and nothing else does.

use eastfront_kernel::reference::{canonical_id, find_rule_refs, rust_string_literals};
use eastfront_kernel::RulesReference;
use eastfront_moscow41::reference;
use eastfront_moscow41::reference::REFERENCE_RON;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

const RULES_FILE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../../shared/rules/moscow-41.md"
);

#[test]
fn the_built_in_reference_parses_and_validates() {
    let parsed =
        RulesReference::parse("reference.ron", REFERENCE_RON).unwrap_or_else(|e| panic!("{e}"));
    let r = reference();
    assert_eq!(&parsed, r);
    assert_eq!(r.game, "moscow41");
    assert!(!r.title.is_empty());
    for e in &r.entries {
        let sentences = e.summary.matches(". ").count() + 1;
        assert!(
            sentences <= 5 && e.summary.len() <= 520,
            "{}: keep summaries to a few sentences",
            e.id
        );
    }
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

/// Every `R x.y`, `RO 14.x` and `SC.x` written in a string literal of `src/` (prompts, buttons,
/// log lines, errors) has an entry of its own or, at worst, one for its direct parent; `§x.y`
/// (the rules file's own section numbers, which clash with the rulebook's) is refused.
#[test]
fn every_rule_cited_in_the_source_resolves() {
    let mut files = Vec::new();
    rust_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut files,
    );
    let r = reference();
    let mut cited = 0;
    let mut missing = Vec::new();
    for file in &files {
        let source = std::fs::read_to_string(file).expect("source file");
        for literal in rust_string_literals(&source) {
            for found in find_rule_refs(&literal) {
                cited += 1;
                let written = &literal[found.range.clone()];
                if written.contains('§') {
                    // In this crate `§` means a section of the rules file itself, whose numbers
                    // are not the rulebook's: a link would open the wrong rule.
                    missing.push(format!(
                        "{}: \"{written}\" cites the rules file's own numbering; write R x.y",
                        file.display()
                    ));
                    continue;
                }
                match r.resolve(&found.id) {
                    Some(res) if res.fallback <= 1 => {}
                    other => missing.push(format!(
                        "{}: \"{}\" → {:?}",
                        file.display(),
                        written,
                        other.map(|o| &o.entry.id)
                    )),
                }
            }
        }
    }
    assert!(cited >= 50, "only {cited} rule references found in src/");
    assert!(
        missing.is_empty(),
        "unresolved rule references:\n{}",
        missing.join("\n")
    );
}

/// The rule numbers the rules file defines: the numbered headings of its section 6 ("The rules,
/// section by section": `### 10.12 …`, `#### RO 14.8 …`), and the setup labels `[SC.x]` of the
/// headings of its section 4.
fn rules_file_rules() -> BTreeSet<String> {
    let text = std::fs::read_to_string(RULES_FILE).unwrap_or_else(|e| {
        panic!("{RULES_FILE}: {e} (the rules files live in shared/ beside the project)")
    });
    let mut in_code = false;
    let mut chapter = String::new();
    let mut ids = BTreeSet::new();
    for line in text.lines() {
        if line.starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code || !line.starts_with('#') {
            continue;
        }
        if let Some(title) = line.strip_prefix("## ") {
            chapter = title.split_whitespace().next().unwrap_or("").to_string();
            continue;
        }
        let rest = line.trim_start_matches('#').trim_start();
        if chapter == "6." {
            let rest = rest.strip_prefix("RO ").unwrap_or(rest);
            let token = rest.split_whitespace().next().unwrap_or("");
            if !token.is_empty() && token.chars().all(|c| c.is_ascii_digit() || c == '.') {
                ids.insert(canonical_id(token));
            }
        } else if chapter == "4." {
            for found in find_rule_refs(rest) {
                if found.id.starts_with("SC.") {
                    ids.insert(found.id);
                }
            }
        }
    }
    ids
}

#[test]
fn every_rule_of_the_rules_file_has_an_entry() {
    let mut rules = rules_file_rules();
    assert!(rules.len() >= 100, "{} rules found", rules.len());
    assert!(rules.contains("14.8") && rules.contains("SC.C") && rules.contains("4.2.3.1"));
    // The group entry above the setups.
    rules.insert("SC".to_string());
    let r = reference();
    let missing: Vec<_> = rules
        .iter()
        .filter(|id| r.get_exact(id).is_none())
        .collect();
    assert!(missing.is_empty(), "rules without an entry: {missing:?}");
    let invented: Vec<_> = r
        .entries
        .iter()
        .filter(|e| !rules.contains(&e.id))
        .map(|e| &e.id)
        .collect();
    assert!(
        invented.is_empty(),
        "entries that are no rule of the rules file: {invented:?}"
    );
}

#[test]
fn the_rules_file_citations_resolve() {
    // The rules file cites the rulebook as [R x.y] / RO 14.x; each must find its entry or its
    // direct parent's.
    let text = std::fs::read_to_string(RULES_FILE).expect("rules file");
    let r = reference();
    let bad: BTreeSet<_> = find_rule_refs(&text)
        .into_iter()
        .filter(|f| !text[f.range.clone()].contains('§'))
        .filter(|f| r.resolve(&f.id).is_none_or(|res| res.fallback > 1))
        .map(|f| f.id)
        .collect();
    assert!(bad.is_empty(), "citations with no entry: {bad:?}");
}

#[test]
fn search_finds_the_rules_a_player_looks_for() {
    let r = reference();
    let ids = |q: &str| r.search(q).iter().map(|e| e.id.clone()).collect::<Vec<_>>();
    let blitz = ids("blitz");
    assert_eq!(
        blitz.first().map(String::as_str),
        Some("10.16"),
        "{blitz:?}"
    );
    assert!(blitz.contains(&"10.6".to_string()));
    assert_eq!(ids("R 10.12.5")[0], "10.12.5");
    assert_eq!(ids("RO 14.8")[0], "14.8");
    assert_eq!(ids("Operation Crusader")[0], "14.8");
    assert_eq!(ids("sudden death")[0], "1.7");
    assert_eq!(ids("typhoon")[0], "SC.2");
    assert_eq!(r.get("R 10.0").map(|e| e.id.as_str()), Some("10"));
    assert_eq!(r.get("R 5.0.1").map(|e| e.id.as_str()), Some("5"));
}
