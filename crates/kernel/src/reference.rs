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

// ---------------------------------------------------------------- finding references

/// Finds the rule references written in `text`, in order. Recognised forms:
///
/// - `§6.7.1`, `§ 9`, `rules §9.2` (the `rules ` is part of the range);
/// - `R 10.12.5`, `R 10.0` (id `"10"`), `RO 14.8` (id `"14.8"`) — `R`/`RO` as a word, then a space;
/// - `rule 6.7` / `rules 10.11` with a dotted number;
/// - lists and ranges after any of those: `R 4.1, 10.8`, `R 10.2/10.6`, `R 13.2 and 13.3`,
///   `R 10.11–10.15`, `§6.8–§6.12` — each number is its own reference (a range gives its two
///   ends). A number continuing a list without its own `§`/`R` must be dotted, so `R 2.5, 4
///   blocks` gives one reference;
/// - scenario labels `SC.C`, `SC.1` … as whole words.
///
/// Bare numbers are never references ("hex 56", "seed 1942", "2/9", "23.08.1942"), nor is a
/// number glued to letters (`R 2nd`, `§6.7a`).
pub fn find_rule_refs(text: &str) -> Vec<RuleRef> {
    let bytes = text.as_bytes();
    let mut refs = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if !text.is_char_boundary(i) {
            i += 1;
            continue;
        }
        if let Some((found, end)) = scenario_ref(text, i) {
            refs.push(found);
            i = end;
            continue;
        }
        if let Some(end) = reference_at(text, i, &mut refs) {
            i = end;
            continue;
        }
        i += 1;
    }
    refs
}

/// Tries a `§`/`R`/`RO`/`rule(s)` reference (and what continues it) starting at `start`; pushes
/// the references found and returns where scanning resumes.
fn reference_at(text: &str, start: usize, refs: &mut Vec<RuleRef>) -> Option<usize> {
    if !word_start(text, start) && !text[start..].starts_with('§') {
        return None;
    }
    let mut pos = start;
    let mut prefixed = false;
    let bytes = &text.as_bytes()[start..];
    for word in ["rules", "rule"] {
        if bytes
            .get(..word.len())
            .is_some_and(|b| b.eq_ignore_ascii_case(word.as_bytes()))
        {
            let after = start + word.len();
            if !word_end(text, after) {
                continue;
            }
            let spaced = skip_spaces(text, after);
            if spaced > after {
                pos = spaced;
                prefixed = true;
            }
            break;
        }
    }
    let (marker_end, marked) = match marker(text, pos) {
        Some(end) => (end, true),
        None if prefixed => (pos, false),
        None => return None,
    };
    let (number, num_end) = rule_number(text, marker_end)?;
    if !marked && !number.contains('.') {
        return None;
    }
    refs.push(RuleRef {
        range: start..num_end,
        id: canonical_id(&number),
    });
    // Lists and ranges.
    let mut pos = num_end;
    while let Some(item_start) = separator(text, pos) {
        let (item_marker_end, item_marked) = match marker(text, item_start) {
            Some(end) => (end, true),
            None => (item_start, false),
        };
        let Some((number, end)) = rule_number(text, item_marker_end) else {
            break;
        };
        if !item_marked && !number.contains('.') {
            break;
        }
        refs.push(RuleRef {
            range: item_start..end,
            id: canonical_id(&number),
        });
        pos = end;
    }
    Some(pos)
}

/// `§` (then optional spaces), or the word `R`/`RO` then spaces: the end of the marker.
fn marker(text: &str, pos: usize) -> Option<usize> {
    let rest = &text[pos..];
    if let Some(after) = rest.strip_prefix('§') {
        return Some(skip_spaces(text, pos + (rest.len() - after.len())));
    }
    if !word_start(text, pos) {
        return None;
    }
    for word in ["RO", "R"] {
        if rest.starts_with(word) {
            let after = pos + word.len();
            let spaced = skip_spaces(text, after);
            if spaced > after {
                return Some(spaced);
            }
        }
    }
    None
}

/// A list or range separator after a reference: `,` `/` `–` `—` `-` `and` `&` with spaces.
fn separator(text: &str, pos: usize) -> Option<usize> {
    let p = skip_spaces(text, pos);
    let rest = &text[p..];
    for sep in [",", "/", "–", "—", "-", "&"] {
        if let Some(after) = rest.strip_prefix(sep) {
            return Some(skip_spaces(text, p + (rest.len() - after.len())));
        }
    }
    if p > pos && rest.starts_with("and") && word_end(text, p + 3) {
        let after = skip_spaces(text, p + 3);
        if after > p + 3 {
            return Some(after);
        }
    }
    None
}

/// A rule number at `pos` (`10`, `10.12.5`): digits, and `.digits` groups; not glued to a
/// following letter or digit. Returns the number as written and its end.
fn rule_number(text: &str, pos: usize) -> Option<(String, usize)> {
    let bytes = text.as_bytes();
    let mut end = pos;
    while end < bytes.len() && bytes[end].is_ascii_digit() {
        end += 1;
    }
    if end == pos {
        return None;
    }
    while end + 1 < bytes.len() && bytes[end] == b'.' && bytes[end + 1].is_ascii_digit() {
        end += 1;
        while end < bytes.len() && bytes[end].is_ascii_digit() {
            end += 1;
        }
    }
    if !word_end(text, end) {
        return None;
    }
    Some((text[pos..end].to_string(), end))
}

/// `SC.C`, `SC.1` … as a whole word.
fn scenario_ref(text: &str, pos: usize) -> Option<(RuleRef, usize)> {
    let rest = &text[pos..];
    if !rest.starts_with("SC.") || !word_start(text, pos) {
        return None;
    }
    let label_start = pos + 3;
    let bytes = text.as_bytes();
    let mut end = label_start;
    while end < bytes.len() && (bytes[end].is_ascii_digit() || bytes[end].is_ascii_uppercase()) {
        end += 1;
    }
    if end == label_start || !word_end(text, end) {
        return None;
    }
    Some((
        RuleRef {
            range: pos..end,
            id: text[pos..end].to_string(),
        },
        end,
    ))
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// No word character right before `pos`.
fn word_start(text: &str, pos: usize) -> bool {
    !text[..pos].chars().next_back().is_some_and(is_word_char)
}

/// No word character right at `pos`.
fn word_end(text: &str, pos: usize) -> bool {
    !text[pos..].chars().next().is_some_and(is_word_char)
}

/// Skips spaces and no-break spaces (not line breaks).
fn skip_spaces(text: &str, mut pos: usize) -> usize {
    while let Some(c) = text[pos..].chars().next() {
        if c == ' ' || c == '\u{a0}' || c == '\u{202f}' {
            pos += c.len_utf8();
        } else {
            break;
        }
    }
    pos
}

// ---------------------------------------------------------------- Rust string literals

/// The string literals of a Rust source file, escapes processed (`\n`, `\"`, `\u{..}`, line
/// continuations), comments skipped. The game crates' tests run [`find_rule_refs`] over them to
/// check that every rule their prompts, buttons and log lines cite has an entry.
pub fn rust_string_literals(source: &str) -> Vec<String> {
    let chars: Vec<char> = source.chars().collect();
    let n = chars.len();
    let mut out = Vec::new();
    let mut i = 0;
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    while i < n {
        let c = chars[i];
        if c == '/' && i + 1 < n && chars[i + 1] == '/' {
            while i < n && chars[i] != '\n' {
                i += 1;
            }
            continue;
        }
        if c == '/' && i + 1 < n && chars[i + 1] == '*' {
            let mut depth = 0usize;
            while i < n {
                if chars[i] == '/' && i + 1 < n && chars[i + 1] == '*' {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && i + 1 < n && chars[i + 1] == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            continue;
        }
        let prev_ident = i > 0 && ident(chars[i - 1]);
        // Raw strings: r"..", r#".."#, br"..".
        if !prev_ident && (c == 'r' || (c == 'b' && i + 1 < n && chars[i + 1] == 'r')) {
            let mut j = if c == 'b' { i + 2 } else { i + 1 };
            let mut hashes = 0;
            while j < n && chars[j] == '#' {
                hashes += 1;
                j += 1;
            }
            if j < n && chars[j] == '"' {
                let body = j + 1;
                let mut k = body;
                let closes = |k: usize| {
                    chars[k] == '"' && (1..=hashes).all(|h| k + h < n && chars[k + h] == '#')
                };
                while k < n && !closes(k) {
                    k += 1;
                }
                out.push(chars[body..k.min(n)].iter().collect());
                i = k + 1 + hashes;
                continue;
            }
        }
        if c == '"' {
            let mut s = String::new();
            let mut k = i + 1;
            while k < n && chars[k] != '"' {
                if chars[k] == '\\' && k + 1 < n {
                    k += 1;
                    match chars[k] {
                        'n' => s.push('\n'),
                        't' => s.push('\t'),
                        'r' => s.push('\r'),
                        '0' => s.push('\0'),
                        '\n' => {
                            while k + 1 < n && chars[k + 1].is_whitespace() {
                                k += 1;
                            }
                        }
                        'u' if k + 1 < n && chars[k + 1] == '{' => {
                            let close = (k + 2..n).find(|&m| chars[m] == '}').unwrap_or(n - 1);
                            let hex: String = chars[k + 2..close].iter().collect();
                            if let Some(ch) = u32::from_str_radix(&hex.replace('_', ""), 16)
                                .ok()
                                .and_then(char::from_u32)
                            {
                                s.push(ch);
                            }
                            k = close;
                        }
                        'x' if k + 2 < n => {
                            let hex: String = chars[k + 1..k + 3].iter().collect();
                            if let Some(ch) =
                                u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32)
                            {
                                s.push(ch);
                            }
                            k += 2;
                        }
                        other => s.push(other),
                    }
                } else {
                    s.push(chars[k]);
                }
                k += 1;
            }
            out.push(s);
            i = k + 1;
            continue;
        }
        if c == '\'' {
            // A char literal ('a', '"', '\'', '\u{a7}') or a lifetime ('a, 'static).
            if i + 1 < n && chars[i + 1] == '\\' {
                let mut k = i + 3;
                while k < n && chars[k] != '\'' {
                    k += 1;
                }
                i = k + 1;
                continue;
            }
            if i + 2 < n && chars[i + 2] == '\'' {
                i += 3;
                continue;
            }
            i += 1;
            continue;
        }
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
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
        let text =
            "SC.1: the R 1.7 Sudden Death also applies; SC.C, SC.2 and SC.3 (not SC.x, DISC.1)";
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
}
