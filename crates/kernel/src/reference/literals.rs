//! The string literals of a Rust source file ([`rust_string_literals`]), for the game
//! crates' tests that check every rule a source cites.

/// The string literals of a Rust source file, escapes processed (`\n`, `\"`, `\u{..}`, line
/// continuations), comments skipped. The game crates' tests run
/// [`find_rule_refs`](super::find_rule_refs) over them to check that every rule their prompts,
/// buttons and log lines cite has an entry.
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
