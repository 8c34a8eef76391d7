//! Text with its rule references as links (`§6.7.1`, `R 10.12.5`, `RO 14.8`): a click opens
//! the game's rules reference at that rule. Used by the prompt, the buttons' hover texts and
//! the log, for every game.

use bevy_egui::egui;
use eastfront_kernel::reference::find_rule_refs;

/// How a linked text looks.
#[derive(Clone, Copy, Debug)]
pub struct Look {
    pub size: f32,
    pub strong: bool,
    pub colour: Option<egui::Color32>,
    pub struck: bool,
}

impl Look {
    pub fn body() -> Look {
        Look {
            size: 15.0,
            strong: false,
            colour: None,
            struck: false,
        }
    }
    pub fn prompt() -> Look {
        Look {
            size: 16.0,
            strong: true,
            ..Look::body()
        }
    }
    pub fn small() -> Look {
        Look {
            size: 12.5,
            ..Look::body()
        }
    }
}

fn rich(text: &str, look: Look) -> egui::RichText {
    let mut r = egui::RichText::new(text).size(look.size);
    if look.strong {
        r = r.strong();
    }
    if let Some(c) = look.colour {
        r = r.color(c);
    }
    if look.struck {
        r = r.strikethrough();
    }
    r
}

/// Lays out `text` wrapping at the panel's edge, its rule references as links. The rulebook's
/// own headings quoted in it ("(SECUENCIA DE COMBATE)", in the original's language) are taken
/// out of the line and shown on its links' hover instead. Returns the rule clicked, if one was.
pub fn linked(ui: &mut egui::Ui, text: &str, look: Look) -> Option<String> {
    let (plain, headings) = rulebook_headings(text);
    let text = plain.as_str();
    let hover = if headings.is_empty() {
        "Open the rules reference here (F1)".to_string()
    } else {
        format!(
            "Open the rules reference here (F1)\nRulebook heading: {}",
            headings.join(" · ")
        )
    };
    let refs = find_rule_refs(text);
    let linkless = refs.is_empty();
    let mut clicked = None;
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 0.0;
        let mut at = 0;
        for r in refs {
            if r.range.start > at {
                ui.label(rich(&text[at..r.range.start], look));
            }
            let link = ui
                .link(rich(&text[r.range.clone()], look))
                .on_hover_text(&hover);
            if link.clicked() {
                clicked = Some(r.id.clone());
            }
            at = r.range.end;
        }
        if at < text.len() {
            let rest = ui.label(rich(&text[at..], look));
            if linkless && !headings.is_empty() {
                rest.on_hover_text(format!("Rulebook heading: {}", headings.join(" · ")));
            }
        }
    });
    clicked
}

/// `text` without the rulebook headings it quotes, and those headings. A heading is a
/// parenthesised run with no lower-case letter and a word of four capitals or more
/// ("(4. UN ATAQUE RÁPIDO)", "(RUINAS)"), or a Spanish title in mixed case ("(Captura de un
/// Hexágono de Refuerzos Enemigo)", "(Bonificación por Armas Combinadas)"); a rule number
/// ("(R 10.4)", "(§6.7.1)") or English words ("(Urban)", "(the first)") are not.
pub fn rulebook_headings(text: &str) -> (String, Vec<String>) {
    let mut plain = String::with_capacity(text.len());
    let mut headings = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('(') {
        let Some(close) = rest[open..].find(')').map(|c| open + c) else {
            break;
        };
        let inside = &rest[open + 1..close];
        if is_heading(inside) {
            plain.push_str(rest[..open].trim_end_matches(' '));
            headings.push(inside.trim().to_string());
        } else {
            plain.push_str(&rest[..=close]);
        }
        rest = &rest[close + 1..];
    }
    plain.push_str(rest);
    (plain, headings)
}

fn is_heading(inside: &str) -> bool {
    let capitals = !inside.chars().any(char::is_lowercase)
        && inside
            .split(|c: char| !c.is_alphabetic())
            .any(|w| w.chars().count() >= 4);
    capitals || is_spanish_title(inside)
}

/// A title of the Spanish rulebook in mixed case: it starts with a capital, has three words or
/// more, and has a Spanish function word or a Spanish accent, and no English function word.
fn is_spanish_title(inside: &str) -> bool {
    const SPANISH: [&str; 12] = [
        "de", "del", "la", "las", "el", "los", "un", "una", "y", "por", "con", "al",
    ];
    const ENGLISH: [&str; 9] = ["the", "of", "a", "an", "and", "to", "in", "on", "with"];
    let words: Vec<&str> = inside
        .split(|c: char| !c.is_alphabetic())
        .filter(|w| !w.is_empty())
        .collect();
    let starts_capital = inside.trim().chars().next().is_some_and(char::is_uppercase);
    let spanish = words.iter().any(|w| SPANISH.contains(w))
        || inside.chars().any(|c| "áéíóúñÁÉÍÓÚÑ".contains(c));
    let english = words
        .iter()
        .any(|w| ENGLISH.contains(&w.to_lowercase().as_str()));
    starts_capital && words.len() >= 3 && spanish && !english
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mixed_case_spanish_titles_are_headings_too_and_english_words_are_not() {
        let (plain, headings) = rulebook_headings(
            "The Soviets take hex 56 (Captura de un Hexágono de Refuerzos Enemigo) (§6.2).",
        );
        assert_eq!(plain, "The Soviets take hex 56 (§6.2).");
        assert_eq!(headings, ["Captura de un Hexágono de Refuerzos Enemigo"]);
        for english in [
            "(Urban)",
            "(the first of two)",
            "(Difficult terrain, no Long Moves)",
            "(R 10.4)",
            "(2 blocks + 1 DL)",
        ] {
            let (plain, headings) = rulebook_headings(english);
            assert_eq!(plain, english);
            assert!(headings.is_empty(), "{english}");
        }
        assert_eq!(
            rulebook_headings("a bonus (Bonificación por Armas Combinadas).").1,
            ["Bonificación por Armas Combinadas"]
        );
    }

    #[test]
    fn the_rulebook_headings_leave_the_line_for_its_hover() {
        let (plain, headings) = rulebook_headings(
            "Quick Attack (4. UN ATAQUE RÁPIDO) from 72 against hex 56 (Urban): 2 attacking (SECUENCIA DE COMBATE).",
        );
        assert_eq!(
            plain,
            "Quick Attack from 72 against hex 56 (Urban): 2 attacking."
        );
        assert_eq!(headings, ["4. UN ATAQUE RÁPIDO", "SECUENCIA DE COMBATE"]);
    }

    #[test]
    fn rule_numbers_and_english_asides_stay() {
        for text in [
            "Move up to VL blocks (R 11.0 A)",
            "Call for Reinforcements (§6.7.1)",
            "Smolensk (GAP-11) is held (8.0, T4, T5, RO 14.5)",
            "a die (unmatched",
        ] {
            assert_eq!(
                rulebook_headings(text),
                (text.to_string(), vec![]),
                "{text}"
            );
        }
    }
}
