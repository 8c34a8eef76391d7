//! The table's floating windows, the same for every game: the "which one?" menu when a click
//! fits several actions, the notice toast, the hover box next to the pointer, the banner while
//! pieces are hidden, the overlay legend, the result window and the replay bar.

use super::{Ctx, Out};
use crate::app::input::{HoverLines, Hovered, Lit, PendingChoices};
use crate::app::map::{lit_colour, lit_words};
use crate::app::table::desc::Overlay;
use crate::app::table::game_over::GameSummary;
use crate::app::table::replay::ReplayState;
use crate::app::table::Notice;
use bevy_egui::egui;
use eastfront_kernel::{Side, Viewer};

/// How long a notice ("Saved to …") stays on the map.
/// How long a notice stays up (seconds).
pub const NOTICE_SECS: f64 = 6.0;
/// How long the pointer rests on a space before its hover box opens.
/// How long the pointer rests on a place before its hover box opens (seconds).
pub const HOVER_DELAY: f64 = 0.35;

/// Several actions fit one click: a small menu at the pointer asks which.
pub fn pending(ctx: &egui::Context, c: &Ctx, pending: &mut PendingChoices, out: &mut Out) {
    if pending.actions.is_empty() {
        return;
    }
    let mut close = false;
    egui::Area::new(egui::Id::new("pending-choices"))
        .order(egui::Order::Foreground)
        .fixed_pos(egui::pos2(pending.screen.x + 12.0, pending.screen.y + 8.0))
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.strong("Which one?");
                for (k, i) in pending.actions.iter().enumerate() {
                    let Some(a) = c.frame.actions.get(*i) else {
                        continue;
                    };
                    if ui.button(format!("{}. {}", k + 1, a.words)).clicked() {
                        out.request = Some(*i);
                        close = true;
                    }
                }
                if ui.small_button("Cancel (Esc)").clicked() {
                    close = true;
                }
            });
        });
    if close {
        pending.actions.clear();
    }
}

/// The notice for a few seconds, at the map's top left: over the map, so the side panel's
/// buttons never move under the pointer when it comes or goes.
pub fn notice(ctx: &egui::Context, notice: &mut Notice, top: f32, now: f64) {
    let Some(text) = notice.text.clone() else {
        return;
    };
    if now - notice.shown_at >= NOTICE_SECS {
        notice.text = None;
        return;
    }
    let colour = if notice.is_error {
        egui::Color32::from_rgb(255, 140, 120)
    } else {
        egui::Color32::from_rgb(170, 220, 160)
    };
    egui::Area::new(egui::Id::new("notice"))
        .order(egui::Order::Foreground)
        .fixed_pos(egui::pos2(10.0, top + 8.0))
        .interactable(false)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.set_max_width(520.0);
                ui.colored_label(colour, text);
            });
        });
    // It goes on a timer: wake up then.
    ctx.request_repaint_after(std::time::Duration::from_secs_f64(NOTICE_SECS));
}

/// The hover box next to the pointer, after a short rest; gone when the pointer leaves the map.
pub fn hover(ctx: &egui::Context, hovered: &Hovered, lines: &HoverLines, now: f64) {
    if hovered.space.is_none() || lines.space != hovered.space || lines.lines.is_empty() {
        return;
    }
    let waited = now - hovered.since;
    if waited < HOVER_DELAY {
        ctx.request_repaint_after(std::time::Duration::from_secs_f64(HOVER_DELAY - waited));
        return;
    }
    egui::Area::new(egui::Id::new("hover-box"))
        .order(egui::Order::Tooltip)
        .fixed_pos(egui::pos2(hovered.screen.x + 18.0, hovered.screen.y + 18.0))
        .interactable(false)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.set_max_width(340.0);
                for (k, l) in lines.lines.iter().enumerate() {
                    if k == 0 {
                        ui.label(egui::RichText::new(l).strong());
                    } else {
                        ui.label(egui::RichText::new(l).small());
                    }
                }
            });
        });
}

/// While the pieces are hidden (Shift+H) a banner over the map says so, with a Show button.
pub fn hidden_banner(ctx: &egui::Context, hidden: &mut bool, map_centre: f32, top: f32) {
    if !*hidden {
        return;
    }
    egui::Area::new(egui::Id::new("pieces-hidden"))
        .order(egui::Order::Foreground)
        .anchor(egui::Align2::CENTER_TOP, egui::vec2(map_centre, top + 10.0))
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style())
                .fill(egui::Color32::from_rgb(120, 70, 30))
                .show(ui, |ui| {
                    ui.horizontal(|ui| {
                        ui.label(
                            egui::RichText::new("Pieces hidden — press Shift+H to show them")
                                .size(17.0)
                                .strong(),
                        );
                        if ui.button("Show").clicked() {
                            *hidden = false;
                        }
                    });
                });
        });
}

/// What the colours of the overlays switched on, and of the rings lit now, mean.
pub fn legend(
    ctx: &egui::Context,
    overlays: &[Overlay],
    on: &[bool],
    lit: &[Lit],
    palette: super::palette::Palette,
    bottom: f32,
) {
    let mut shown: Vec<Overlay> = overlays
        .iter()
        .zip(on)
        .filter(|(_, on)| **on)
        .map(|(o, _)| o.clone())
        .collect();
    let mut kinds: Vec<Lit> = Vec::new();
    for l in lit {
        if !kinds.contains(l) {
            kinds.push(*l);
        }
    }
    if !kinds.is_empty() {
        shown.push(Overlay {
            name: "Lit spaces",
            key: bevy::prelude::KeyCode::Escape,
            key_name: "Esc clears",
            legend: kinds
                .iter()
                .map(|l| (lit_colour(*l, palette), lit_words(*l)))
                .collect(),
        });
    }
    if shown.is_empty() {
        return;
    }
    egui::Area::new(egui::Id::new("overlay-legend"))
        .order(egui::Order::Foreground)
        .fixed_pos(egui::pos2(
            10.0,
            bottom - 40.0 - 22.0 * shown.iter().map(|o| o.legend.len()).sum::<usize>() as f32,
        ))
        .interactable(false)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                for o in &shown {
                    ui.label(egui::RichText::new(format!("{} ({})", o.name, o.key_name)).strong());
                    for (colour, words) in &o.legend {
                        ui.horizontal(|ui| {
                            let (r, _) = ui
                                .allocate_exact_size(egui::vec2(14.0, 14.0), egui::Sense::hover());
                            ui.painter()
                                .rect_filled(r, 2.0, super::style::egui_colour(*colour));
                            ui.small(*words);
                        });
                    }
                }
            });
        });
}

/// The buttons under a result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultChoice {
    Review,
    Replay,
    Rematch,
    MainMenu,
}

/// The result: who won and why, the chart over the turns, dice luck, losses, the game's lines.
/// The result window; `side_name` gives each side as its game names it (the Axis).
pub fn result(
    ctx: &egui::Context,
    s: &GameSummary,
    side_name: impl Fn(Side) -> String,
) -> Option<ResultChoice> {
    let mut choice = None;
    egui::Window::new("The game is over")
        .id(egui::Id::new("result"))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(-180.0, 0.0))
        .show(ctx, |ui| {
            let who = s
                .outcome
                .winner
                .map(|w| format!("The {} player wins", side_name(w)))
                .unwrap_or_else(|| "A draw".into());
            ui.label(egui::RichText::new(who).size(26.0).strong());
            ui.label(egui::RichText::new(&s.outcome.reason).size(16.0));
            ui.add_space(4.0);
            ui.label(format!(
                "Ended: {} · {} actions · seed {}",
                s.ended, s.actions, s.seed
            ));
            for l in &s.lines {
                ui.label(l);
            }
            ui.add_space(4.0);
            egui::Grid::new("result-grid")
                .striped(true)
                .spacing([18.0, 4.0])
                .show(ui, |ui| {
                    ui.strong("");
                    ui.strong("Steps lost");
                    ui.strong("Destroyed");
                    ui.strong("Dice rolled");
                    ui.strong("Average roll")
                        .on_hover_text("A fair die averages 3.5: above it, the dice were kind");
                    ui.end_row();
                    for (k, side) in [Side::German, Side::Soviet].into_iter().enumerate() {
                        let l = s.losses(side);
                        let luck = s.luck[k];
                        ui.colored_label(super::style::side_colour(side), side_name(side));
                        ui.label(l.steps.to_string());
                        ui.label(l.destroyed.to_string());
                        ui.label(luck.dice.to_string());
                        ui.label(if luck.dice > 0 {
                            format!("{:.2}", luck.average())
                        } else {
                            "—".into()
                        });
                        ui.end_row();
                    }
                });
            if s.history.len() > 1 && !s.series.is_empty() {
                ui.add_space(6.0);
                chart(ui, s);
            }
            ui.add_space(8.0);
            choice = result_buttons(ui);
        });
    choice
}

/// The result's buttons. Only a click of the pointer presses them: Space and Enter, which
/// play the game, never start a new one or leave it by accident.
pub fn result_buttons(ui: &mut egui::Ui) -> Option<ResultChoice> {
    let clicked = |r: egui::Response| r.clicked_by(egui::PointerButton::Primary);
    let mut choice = None;
    ui.horizontal(|ui| {
        if clicked(
            ui.button("Review the board")
                .on_hover_text("Close this window: every piece is face up"),
        ) {
            choice = Some(ResultChoice::Review);
        }
        if clicked(
            ui.button("Replay")
                .on_hover_text("Step through the game from either side or all revealed"),
        ) {
            choice = Some(ResultChoice::Replay);
        }
        if clicked(
            ui.button("Rematch")
                .on_hover_text("The same game, a new seed"),
        ) {
            choice = Some(ResultChoice::Rematch);
        }
        if clicked(
            ui.button("Main menu")
                .on_hover_text("Leave this game (it stays in the autosave)"),
        ) {
            choice = Some(ResultChoice::MainMenu);
        }
    });
    choice
}

/// A line per series over the turns.
fn chart(ui: &mut egui::Ui, s: &GameSummary) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(460.0, 140.0), egui::Sense::hover());
    let p = ui.painter();
    p.rect_filled(rect, 3.0, egui::Color32::from_rgb(36, 33, 29));
    let top = s
        .history
        .iter()
        .flat_map(|h| h.values.iter().copied())
        .fold(1.0f32, f32::max);
    let n = s.history.len().max(2) - 1;
    let palette = [
        egui::Color32::from_rgb(200, 205, 200),
        egui::Color32::from_rgb(240, 120, 100),
        egui::Color32::from_rgb(230, 200, 90),
        egui::Color32::from_rgb(120, 180, 230),
    ];
    for (k, (name, side)) in s.series.iter().enumerate() {
        let colour = match side {
            Some(Side::German) if k < 2 => palette[0],
            Some(Side::Soviet) if k < 2 => palette[1],
            _ => palette[k % palette.len()],
        };
        let pts: Vec<egui::Pos2> = s
            .history
            .iter()
            .enumerate()
            .map(|(i, h)| {
                let v = h.values.get(k).copied().unwrap_or(0.0);
                egui::pos2(
                    rect.left() + 8.0 + (rect.width() - 16.0) * i as f32 / n as f32,
                    rect.bottom() - 8.0 - (rect.height() - 24.0) * v / top,
                )
            })
            .collect();
        p.add(egui::Shape::line(pts, egui::Stroke::new(2.0, colour)));
        p.text(
            egui::pos2(rect.left() + 8.0 + 120.0 * k as f32, rect.top() + 4.0),
            egui::Align2::LEFT_TOP,
            name,
            egui::FontId::proportional(11.0),
            colour,
        );
    }
}

/// The replay's controls under the map: step, jump to a turn, whose view, leave.
pub fn replay_bar(
    ctx: &egui::Context,
    r: &ReplayState,
    side_name: impl Fn(Side) -> String,
    bottom_centre: egui::Pos2,
) -> Option<ReplayMove> {
    let mut mv = None;
    egui::Area::new(egui::Id::new("replay-bar"))
        .order(egui::Order::Foreground)
        .pivot(egui::Align2::CENTER_BOTTOM)
        .fixed_pos(bottom_centre - egui::vec2(0.0, 12.0))
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.horizontal(|ui| {
                    ui.label(egui::RichText::new("Replay").strong());
                    if ui.button("⏮").on_hover_text("The setup (Home)").clicked() {
                        mv = Some(ReplayMove::To(0));
                    }
                    if ui.button("◀").on_hover_text("One step back ([)").clicked() {
                        mv = Some(ReplayMove::To(r.step.saturating_sub(1)));
                    }
                    ui.label(format!("{} / {}", r.step, r.total));
                    if ui.button("▶").on_hover_text("One step on (])").clicked() {
                        mv = Some(ReplayMove::To((r.step + 1).min(r.total)));
                    }
                    if ui.button("⏭").on_hover_text("The end (End)").clicked() {
                        mv = Some(ReplayMove::To(r.total));
                    }
                    let mut step = r.step;
                    if ui
                        .add(egui::Slider::new(&mut step, 0..=r.total).show_value(false))
                        .changed()
                    {
                        mv = Some(ReplayMove::To(step));
                    }
                    let current = r
                        .turns
                        .iter()
                        .rev()
                        .find(|(s, _)| *s <= r.step)
                        .map(|(_, t)| t.clone())
                        .unwrap_or_else(|| "Setup".into());
                    egui::ComboBox::from_id_salt("replay-turn")
                        .selected_text(current)
                        .show_ui(ui, |ui| {
                            for (s, t) in &r.turns {
                                if ui.selectable_label(false, t).clicked() {
                                    mv = Some(ReplayMove::To(*s));
                                }
                            }
                        });
                    for v in [
                        Viewer::Side(Side::German),
                        Viewer::Side(Side::Soviet),
                        Viewer::Omniscient,
                    ] {
                        if ui
                            .selectable_label(
                                r.viewer == v,
                                ReplayState::viewer_label(v, &side_name),
                            )
                            .clicked()
                        {
                            mv = Some(ReplayMove::View(v));
                        }
                    }
                    if ui.button("Leave the replay").clicked() {
                        mv = Some(ReplayMove::Exit);
                    }
                });
            });
        });
    ctx.input(|i| {
        if i.key_pressed(egui::Key::OpenBracket) {
            mv = Some(ReplayMove::To(r.step.saturating_sub(1)));
        } else if i.key_pressed(egui::Key::CloseBracket) {
            mv = Some(ReplayMove::To((r.step + 1).min(r.total)));
        } else if i.key_pressed(egui::Key::Home) {
            mv = Some(ReplayMove::To(0));
        } else if i.key_pressed(egui::Key::End) {
            mv = Some(ReplayMove::To(r.total));
        }
    });
    mv
}

/// A move asked of the replay.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ReplayMove {
    To(usize),
    View(Viewer),
    Exit,
}
