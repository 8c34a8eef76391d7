//! Finding the rule references written in a text ([`find_rule_refs`]): `R 10.8`, `§6.7.1`,
//! `RO 14.8`, scenario setups, with the markers and separators they are written with.

use super::*;

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
