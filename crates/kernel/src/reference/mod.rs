//! A game's rules reference: the project's own short summary of every rule, keyed by the rule's
//! number, shipped per game as RON data (`scenarios/<game>/reference.ron`), plus the pieces a
//! rules panel needs — look-up with fallback to the parent rule, word search, and finding the rule
//! references written in prompts, buttons and log lines so they can become links.
//!
//! # Key scheme
//!
//! An entry's `id` is the rule number alone, as the game's rules file numbers it, with no prefix:
//!
//! - dot-separated segments, each a number without leading zeros (`"6"`, `"6.7.1"`, `"10.12.5.1"`);
//! - a chapter is a single number: `"10"`, never `"10.0"` (the Moscow '41 rulebook prints chapters
//!   as `10.0`; a written `R 10.0` is looked up as `"10"`);
//! - the prefix a text uses is *how* a reference is written, not part of the key: Stalingrad's
//!   `§6.7.1` and `rules §9.2`, Moscow '41's `R 10.12.5` and `RO 14.8` give `"6.7.1"`, `"9.2"`,
//!   `"10.12.5"` and `"14.8"`. Moscow's optional rules are the rulebook's chapter 14, which holds
//!   nothing else, so `RO 14.8` and `R 14.8` name the same rule;
//! - scenario setups that a rulebook leaves unnumbered may be keyed `"SC"` (the group) and
//!   `"SC.C"`, `"SC.1"`, … (segments of capital letters and digits), as Moscow '41's rules file
//!   labels them.
//!
//! Entries are listed in rule order (segment by segment, numbers before words: `2` < `2.1` <
//! `2.1.1` < `2.2` < `10` < `SC` < `SC.1` < `SC.C`), and every entry's parent (`"6.7"` for
//! `"6.7.1"`) has an entry too, so the list is also a tree.

use crate::data::{parse_ron, DataError};
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;
use std::collections::HashSet;
use std::ops::Range;

mod literals;
mod refs;
#[cfg(test)]
mod tests;

pub use literals::*;
pub use refs::*;

/// One game's rules reference (`scenarios/<game>/reference.ron`).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct RulesReference {
    /// The game's id (`"stalingrad"`, `"moscow41"`).
    pub game: String,
    /// The panel's title.
    pub title: String,
    /// Every rule, in rule order.
    pub entries: Vec<RuleEntry>,
}

/// One rule: its number, its heading and the project's own 1–4 sentence summary.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct RuleEntry {
    /// The rule number (see the module documentation for the key scheme).
    pub id: String,
    pub title: String,
    pub summary: String,
    /// Ids of rules that interlock with this one; each must have its own entry.
    #[serde(default)]
    pub see_also: Vec<String>,
}

/// A rule reference found in a text: where it is written and which entry it names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleRef {
    /// Byte range, in the searched text, of the reference as written (`§6.7.1`, `rules §9.2`,
    /// `R 10.12.5`, `RO 14.8`; in a list such as `R 4.1, 10.8` the first range includes the `R `
    /// and the later ones cover their number alone).
    pub range: Range<usize>,
    /// The key to look up ([`RulesReference::get`]).
    pub id: String,
}

/// The result of a look-up: the entry found and how many parent levels were climbed to find it
/// (0 = the rule itself has an entry).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Resolved<'a> {
    pub entry: &'a RuleEntry,
    pub fallback: usize,
}

impl RulesReference {
    /// Parses and validates a reference file. Errors name the file, the line when known and the
    /// problem: RON syntax, an invalid or non-canonical id, an empty title or summary, a
    /// duplicate id, entries out of rule order, a rule whose parent has no entry, or a `see_also`
    /// that names no entry.
    pub fn parse(file: &str, text: &str) -> Result<Self, DataError> {
        let reference: RulesReference = parse_ron(file, text)?;
        reference.validate(file, text)?;
        Ok(reference)
    }

    fn validate(&self, file: &str, text: &str) -> Result<(), DataError> {
        let whole = |problem: String| DataError::invalid(file, problem);
        if self.game.trim().is_empty() {
            return Err(whole("the reference has no game id".into()));
        }
        if self.title.trim().is_empty() {
            return Err(whole("the reference has no title".into()));
        }
        if self.entries.is_empty() {
            return Err(whole("the reference has no entries".into()));
        }
        let at = |id: &str, nth: usize, problem: String| DataError {
            file: file.to_string(),
            line: entry_line(text, id, nth),
            column: None,
            problem,
        };
        let mut seen: HashSet<&str> = HashSet::new();
        let mut previous: Option<(&str, Vec<Segment>)> = None;
        for entry in &self.entries {
            let id = entry.id.as_str();
            let key = parse_key(id).ok_or_else(|| {
                at(
                    id,
                    0,
                    format!(
                        "\"{id}\" is not a rule number (dot-separated numbers such as \"6.7.1\", \
                         or \"SC.1\"-style scenario labels)"
                    ),
                )
            })?;
            if canonical_id(id) != id {
                return Err(at(
                    id,
                    0,
                    format!("write the rule \"{id}\" as \"{}\"", canonical_id(id)),
                ));
            }
            if !seen.insert(id) {
                return Err(at(id, 1, format!("the rule \"{id}\" has two entries")));
            }
            if entry.title.trim().is_empty() {
                return Err(at(id, 0, format!("the rule \"{id}\" has no title")));
            }
            if entry.summary.trim().is_empty() {
                return Err(at(id, 0, format!("the rule \"{id}\" has no summary")));
            }
            if let Some((prev_id, prev_key)) = &previous {
                if key.cmp(prev_key) != Ordering::Greater {
                    return Err(at(
                        id,
                        0,
                        format!("the rule \"{id}\" is listed after \"{prev_id}\": keep rule order"),
                    ));
                }
            }
            if let Some(parent) = parent_id(id) {
                if !seen.contains(parent.as_str()) {
                    return Err(at(
                        id,
                        0,
                        format!(
                            "the rule \"{id}\" has no parent entry \"{parent}\" before it (every \
                             level has its own entry)"
                        ),
                    ));
                }
            }
            previous = Some((id, key));
        }
        for entry in &self.entries {
            for target in &entry.see_also {
                if target == &entry.id {
                    return Err(at(
                        &entry.id,
                        0,
                        format!("the rule \"{}\" lists itself in see_also", entry.id),
                    ));
                }
                if !seen.contains(target.as_str()) {
                    return Err(at(
                        &entry.id,
                        0,
                        format!(
                            "the rule \"{}\" has see_also \"{target}\", which has no entry",
                            entry.id
                        ),
                    ));
                }
            }
        }
        Ok(())
    }

    /// The entry with exactly this id (after [`canonical_id`]), with no fallback.
    pub fn get_exact(&self, id: &str) -> Option<&RuleEntry> {
        let id = canonical_id(id);
        self.entries.iter().find(|e| e.id == id)
    }

    /// The entry for `id`, or for its nearest parent that has one (`"10.12.5"` → `"10.12"` →
    /// `"10"`), so a reference to an unsummarised sub-rule still opens the right place. The id may
    /// be written as in a text (`"§6.7.1"`, `"R 10.0"`, `"RO 14.8"`).
    pub fn get(&self, id: &str) -> Option<&RuleEntry> {
        self.resolve(id).map(|r| r.entry)
    }

    /// Like [`get`](Self::get), and says how many parent levels it climbed.
    pub fn resolve(&self, id: &str) -> Option<Resolved<'_>> {
        let mut current = canonical_id(id);
        let mut fallback = 0;
        loop {
            if let Some(entry) = self.entries.iter().find(|e| e.id == current) {
                return Some(Resolved { entry, fallback });
            }
            current = parent_id(&current)?;
            fallback += 1;
        }
    }

    /// Entries whose id, title or summary contain every word of `query` (case-insensitive), best
    /// first: the rule named by an id in the query, then its sub-rules, then title matches, then
    /// summary-only matches; rule order within each rank. Rule references in the query (`§6.9`,
    /// `R 10.16`, `RO 14.5`) count as ids. An empty query returns every entry.
    pub fn search(&self, query: &str) -> Vec<&RuleEntry> {
        let words = query_words(query);
        if words.is_empty() {
            return self.entries.iter().collect();
        }
        let mut hits: Vec<(u8, usize, &RuleEntry)> = Vec::new();
        for (index, entry) in self.entries.iter().enumerate() {
            let id = entry.id.to_lowercase();
            let title = entry.title.to_lowercase();
            let summary = entry.summary.to_lowercase();
            let mut rank = 3u8;
            let mut all = true;
            for word in &words {
                let word_id = canonical_id(word).to_lowercase();
                let exact = id == word_id;
                let sub = id.starts_with(&format!("{word_id}."));
                let in_title = title.contains(word.as_str());
                let in_summary = summary.contains(word.as_str());
                if !(exact || sub || in_title || in_summary) {
                    all = false;
                    break;
                }
                let word_rank = if exact {
                    0
                } else if sub {
                    1
                } else if in_title {
                    2
                } else {
                    3
                };
                rank = rank.min(word_rank);
            }
            if all {
                hits.push((rank, index, entry));
            }
        }
        hits.sort_by_key(|&(rank, index, _)| (rank, index));
        hits.into_iter().map(|(_, _, entry)| entry).collect()
    }
}

/// The key an id written in a text stands for: without a `§`, `R ` or `RO ` prefix, without
/// surrounding spaces, and without the trailing `.0` of a chapter (`"R 10.0"` → `"10"`).
pub fn canonical_id(id: &str) -> String {
    let mut s = id.trim();
    if let Some(rest) = s.strip_prefix('§') {
        s = rest.trim_start();
    } else if let Some(rest) = s.strip_prefix("RO ").or_else(|| s.strip_prefix("R ")) {
        s = rest.trim_start();
    }
    let mut out = s.to_string();
    while out.ends_with(".0") && out.len() > 2 {
        out.truncate(out.len() - 2);
    }
    out
}

/// The parent rule's key (`"10.12.5"` → `"10.12"`, `"5.0.1"` → `"5"`), or None for a chapter.
pub fn parent_id(id: &str) -> Option<String> {
    let id = canonical_id(id);
    let (head, _) = id.rsplit_once('.')?;
    Some(canonical_id(head))
}

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Segment {
    Num(u32),
    Word(String),
}

/// The sort key of a well-formed id, or None.
fn parse_key(id: &str) -> Option<Vec<Segment>> {
    id.split('.')
        .map(|seg| {
            if seg.is_empty() {
                None
            } else if seg.bytes().all(|b| b.is_ascii_digit()) {
                if seg.len() > 1 && seg.starts_with('0') {
                    None
                } else {
                    seg.parse().ok().map(Segment::Num)
                }
            } else if seg
                .bytes()
                .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit())
            {
                Some(Segment::Word(seg.to_string()))
            } else {
                None
            }
        })
        .collect()
}

/// The 1-based line of the `nth` (0-based) entry written `id: "<id>"` in the RON text.
fn entry_line(text: &str, id: &str, nth: usize) -> Option<usize> {
    let quoted = format!("\"{id}\"");
    text.lines()
        .enumerate()
        .filter(|(_, line)| {
            line.split_once("id:").is_some_and(|(before, after)| {
                !before.ends_with('_') && after.trim_start().starts_with(&quoted)
            })
        })
        .nth(nth)
        .map(|(n, _)| n + 1)
}

/// The search words of a query: rule references become their ids, the rest is split on white
/// space, lower-cased and stripped of surrounding punctuation.
fn query_words(query: &str) -> Vec<String> {
    let refs = find_rule_refs(query);
    let mut words: Vec<String> = refs.iter().map(|r| r.id.to_lowercase()).collect();
    let mut rest = String::new();
    let mut last = 0;
    for r in &refs {
        rest.push_str(&query[last..r.range.start]);
        rest.push(' ');
        last = r.range.end;
    }
    rest.push_str(&query[last..]);
    for word in rest.split_whitespace() {
        let w = word
            .trim_start_matches('§')
            .trim_matches(|c: char| !c.is_alphanumeric())
            .to_lowercase();
        if !w.is_empty() {
            words.push(w);
        }
    }
    words
}
