//! The rules reference (`scenarios/stalingrad/reference.ron`): it parses, every rule reference the
//! crate's own text cites resolves to an entry, and every numbered section of the rules file
//! (`shared/rules/stalingrad.md`, beside the project) has an entry and nothing else does.

use eastfront_kernel::reference::{canonical_id, find_rule_refs, rust_string_literals};
use eastfront_kernel::RulesReference;
use eastfront_stalingrad::reference;
use eastfront_stalingrad::reference::REFERENCE_RON;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

const RULES_FILE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../../shared/rules/stalingrad.md"
);

#[test]
fn the_built_in_reference_parses_and_validates() {
    let parsed =
        RulesReference::parse("reference.ron", REFERENCE_RON).unwrap_or_else(|e| panic!("{e}"));
    let r = reference();
    assert_eq!(&parsed, r);
    assert_eq!(r.game, "stalingrad");
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

/// Every `§x.y` written in a string literal of `src/` (prompts, buttons, log lines, errors) has an
/// entry of its own or, at worst, one for its direct parent; other reference styles are refused.
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
                if !written.contains('§') {
                    // This game's keys are the rules file's § sections; an `R x.y` or `SC.x`
                    // would be looked up in the wrong numbering.
                    missing.push(format!(
                        "{}: \"{written}\" is not a § reference",
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
    assert!(cited >= 15, "only {cited} rule references found in src/");
    assert!(
        missing.is_empty(),
        "unresolved rule references:\n{}",
        missing.join("\n")
    );
}

/// The numbers of the rules file's numbered headings (`## 6. Rules`, `#### 6.7.1 …`).
fn rules_file_sections() -> BTreeSet<String> {
    let text = std::fs::read_to_string(RULES_FILE).unwrap_or_else(|e| {
        panic!("{RULES_FILE}: {e} (the rules files live in shared/ beside the project)")
    });
    let mut in_code = false;
    let mut ids = BTreeSet::new();
    for line in text.lines() {
        if line.starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code || !line.starts_with('#') {
            continue;
        }
        let rest = line.trim_start_matches('#');
        let Some(token) = rest
            .strip_prefix(' ')
            .and_then(|t| t.split_whitespace().next())
        else {
            continue;
        };
        let token = token.trim_end_matches('.');
        if !token.is_empty() && token.chars().all(|c| c.is_ascii_digit() || c == '.') {
            ids.insert(canonical_id(token));
        }
    }
    ids
}

#[test]
fn every_section_of_the_rules_file_has_an_entry() {
    let sections = rules_file_sections();
    assert!(sections.len() >= 150, "{} sections found", sections.len());
    let r = reference();
    let missing: Vec<_> = sections
        .iter()
        .filter(|id| r.get_exact(id).is_none())
        .collect();
    assert!(missing.is_empty(), "sections without an entry: {missing:?}");
    let invented: Vec<_> = r
        .entries
        .iter()
        .filter(|e| !sections.contains(&e.id))
        .map(|e| &e.id)
        .collect();
    assert!(
        invented.is_empty(),
        "entries that are no section of the rules file: {invented:?}"
    );
}

#[test]
fn the_rules_file_cross_references_resolve() {
    // The rules file cites its own sections as §x.y; each must name a section with an entry.
    let text = std::fs::read_to_string(RULES_FILE).expect("rules file");
    let r = reference();
    let bad: BTreeSet<_> = find_rule_refs(&text)
        .into_iter()
        .filter(|f| text[f.range.clone()].contains('§') && r.get_exact(&f.id).is_none())
        .map(|f| f.id)
        .collect();
    assert!(bad.is_empty(), "§ references with no entry: {bad:?}");
}

#[test]
fn search_finds_the_rules_a_player_looks_for() {
    let r = reference();
    let ids = |q: &str| r.search(q).iter().map(|e| e.id.clone()).collect::<Vec<_>>();
    let rubble = ids("rubble");
    assert_eq!(
        rubble.first().map(String::as_str),
        Some("6.9"),
        "{rubble:?}"
    );
    assert!(rubble.contains(&"7.3".to_string()));
    assert_eq!(ids("§6.14.5")[0], "6.14.5");
    assert_eq!(ids("OKH")[0], "6.14.5");
    assert_eq!(ids("Chuikov")[0], "6.16.1");
    assert!(ids("blitz").contains(&"6.14.2".to_string()));
    assert_eq!(r.get("§6.7.1.3").map(|e| e.id.as_str()), Some("6.7.1"));
}
