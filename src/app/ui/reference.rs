//! The rules reference, one click away (F1, or any rule number in a prompt, a button or the
//! log): a searchable window of the game's own rule summaries, in the project's words, keyed
//! by rule number (`scenarios/<game>/reference.ron`). Opening it at a rule shows that rule
//! first, its parents above and its links below.

use bevy::prelude::*;
use bevy_egui::egui;
use eastfront_kernel::RulesReference;

/// The reference window: open or not, the search, the rule it was opened at.
#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub struct ReferenceWindow {
    pub open: bool,
    pub query: String,
    /// The rule asked for (a link clicked), shown first until the search changes.
    pub at: Option<String>,
}

impl ReferenceWindow {
    /// Opens the window at `rule`.
    pub fn show(&mut self, rule: &str) {
        self.open = true;
        self.at = Some(rule.to_string());
        self.query.clear();
    }
}

/// The entries the window lists for its state: the rule asked for and its neighbourhood, or
/// the search's results, or everything.
pub fn listed<'a>(
    reference: &'a RulesReference,
    w: &ReferenceWindow,
) -> Vec<&'a eastfront_kernel::RuleEntry> {
    if w.query.trim().is_empty() {
        if let Some(at) = &w.at {
            if let Some(e) = reference.get(at) {
                let mut v = vec![e];
                for s in &e.see_also {
                    if let Some(x) = reference.get_exact(s) {
                        if !v.iter().any(|y| y.id == x.id) {
                            v.push(x);
                        }
                    }
                }
                // Its sub-rules follow it.
                let prefix = format!("{}.", e.id);
                v.extend(
                    reference
                        .entries
                        .iter()
                        .filter(|x| x.id.starts_with(&prefix)),
                );
                return v;
            }
        }
        return reference.entries.iter().collect();
    }
    reference.search(&w.query)
}

/// Draws the window; a rule link inside it opens that rule.
pub fn window(ctx: &egui::Context, reference: &RulesReference, w: &mut ReferenceWindow) {
    if !w.open {
        return;
    }
    let mut open = true;
    let mut follow: Option<String> = None;
    egui::Window::new(format!("Rules reference — {}", reference.title))
        .id(egui::Id::new("rules-reference"))
        .open(&mut open)
        .default_size([520.0, 560.0])
        .pivot(egui::Align2::CENTER_CENTER)
        .default_pos(ctx.viewport_rect().center() - egui::vec2(200.0, 0.0))
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                ui.label("Search");
                let r = ui.text_edit_singleline(&mut w.query);
                if r.changed() {
                    w.at = None;
                }
                if ui.button("All rules").clicked() {
                    w.query.clear();
                    w.at = None;
                }
            });
            ui.small(
                "Short summaries in our own words, keyed by rule number — the printed rulebook decides.",
            );
            ui.separator();
            let list = listed(reference, w);
            if list.is_empty() {
                ui.label("No rule matches.");
            }
            egui::ScrollArea::vertical()
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    for (k, e) in list.iter().enumerate() {
                        let first = k == 0 && w.at.is_some();
                        let title = egui::RichText::new(format!("{} {}", e.id, e.title))
                            .strong()
                            .size(if first { 17.0 } else { 15.0 });
                        ui.label(title);
                        ui.label(&e.summary);
                        if !e.see_also.is_empty() {
                            ui.horizontal_wrapped(|ui| {
                                ui.small("See also:");
                                for s in &e.see_also {
                                    if ui.small_button(s).clicked() {
                                        follow = Some(s.clone());
                                    }
                                }
                            });
                        }
                        ui.add_space(6.0);
                    }
                });
        });
    if let Some(s) = follow {
        w.show(&s);
    }
    if !open {
        w.open = false;
    }
}
