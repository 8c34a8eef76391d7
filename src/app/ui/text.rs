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

/// Lays out `text` wrapping at the panel's edge, its rule references as links. Returns the
/// rule clicked, if one was.
pub fn linked(ui: &mut egui::Ui, text: &str, look: Look) -> Option<String> {
    let refs = find_rule_refs(text);
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
                .on_hover_text("Open the rules reference here (F1)");
            if link.clicked() {
                clicked = Some(r.id.clone());
            }
            at = r.range.end;
        }
        if at < text.len() {
            ui.label(rich(&text[at..], look));
        }
    });
    clicked
}
