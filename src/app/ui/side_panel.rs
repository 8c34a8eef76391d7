//! The side panel, the same for every game: who decides and the prompt with its rule links;
//! the AI thinking or its turn being shown; the piece held and what it may do; the legal
//! choices as numbered buttons (1–9); the pieces to pick from the panel; the spaces the map
//! offers as buttons too; undo and "What would the AI do?"; then the game's own sections, the
//! dice tray and the log. It reads the frame, never a game's state.

use super::dice::{dice_row, dice_tray};
use super::text::{linked, Look};
use super::{Ctx, Out, PanelMemory};
use crate::app::input::Selection;
use crate::app::table::session::LogLine;
use crate::app::table::thinking;
use bevy_egui::egui;
use eastfront_kernel::{LogTopic, Mark, Need, PieceId};

/// The head of the panel: whose decision, the prompt, the AI, errors and notices.
pub fn head(ui: &mut egui::Ui, c: &Ctx, out: &mut Out) {
    let f = c.frame;
    let whose = if c.replaying {
        "Replay".to_string()
    } else {
        match (f.acting_seat, f.side_to_act) {
            (Some(seat), _) => format!("{} — your decision", c.status.seat_name(seat)),
            (None, Some(s)) => format!("Waiting for the {}", c.status.side_name(s)),
            (None, None) => "Game over".into(),
        }
    };
    if let Some(step) = c.playback.current() {
        ui.label(
            egui::RichText::new(format!("Watching the {}", c.status.side_name(step.side)))
                .strong()
                .size(16.0),
        );
        if let Some(rule) = linked(ui, &step.text, Look::body()) {
            out.rule = Some(rule);
        }
        return;
    }
    ui.label(egui::RichText::new(whose).strong().size(16.0));
    if let Some(rule) = linked(ui, &f.prompt, Look::body()) {
        out.rule = Some(rule);
    }
    if let Some(side) = c.ai.thinking_for.filter(|_| !c.replaying) {
        ui.horizontal(|ui| {
            ui.add(egui::Spinner::new());
            // Decided and waiting for its turn to be shown (the AI speed's pause): moving.
            let doing = if c.ai.thinking.is_some() {
                "is thinking…"
            } else {
                "is moving…"
            };
            ui.colored_label(
                super::style::side_colour(side),
                format!("The {} AI {doing}", c.status.side_name(side)),
            );
        });
        if let Some(t) = &c.ai.thinking {
            thinking::progress(ui, t, c.now, "Move now");
        }
    }
    if let Some(e) = &c.status.last_error {
        ui.colored_label(egui::Color32::from_rgb(255, 140, 120), e);
    }
}

/// The piece held, and the actions of it that are buttons (build a line, regenerate…).
fn held_piece(ui: &mut egui::Ui, c: &Ctx, out: &mut Out) {
    let Some(p) = out.sel.held() else {
        if !out.sel.pieces.is_empty() {
            ui.horizontal_wrapped(|ui| {
                let names: Vec<String> = out
                    .sel
                    .pieces
                    .iter()
                    .map(|p| c.frame.piece_name(*p))
                    .collect();
                ui.label(egui::RichText::new(format!("Picked up: {}", names.join(", "))).strong());
                if ui.small_button("Put down (Esc)").clicked() {
                    *out.sel = Selection::default();
                }
            });
        }
        return;
    };
    ui.horizontal_wrapped(|ui| {
        ui.label(egui::RichText::new(format!("Holding: {}", c.frame.piece_name(p))).strong());
        if ui.small_button("Put down (Esc)").clicked() {
            *out.sel = Selection::default();
        }
    });
    let mine: Vec<usize> = (0..c.frame.actions.len())
        .filter(|i| {
            let a = &c.frame.actions[*i];
            a.piece() == Some(p) && a.gesture.as_ref().is_some_and(|g| g.clicks.is_empty())
        })
        .collect();
    let open = crate::app::input::open_gestures(c.frame, out.sel);
    if !out.sel.path.is_empty() && !open.is_empty() {
        next_clicks(ui, c, &open, out);
        return;
    }
    let moves = open.len();
    if moves > 0 {
        // The colours are the palette's (`ui::palette`): the legend over the map names them.
        ui.small("Click a lit space on the map: the legend at the bottom left says what each colour means.");
    } else if mine.is_empty() {
        ui.label(egui::RichText::new("No legal move for exactly these pieces.").weak());
    }
}

/// An action of several clicks under way: what the next click finishes, as buttons too.
fn next_clicks(
    ui: &mut egui::Ui,
    c: &Ctx,
    open: &[(usize, &eastfront_kernel::Gesture)],
    out: &mut Out,
) {
    let done = out.sel.path.len();
    ui.label(
        egui::RichText::new(format!(
            "Click {} of {} made: click a lit space to finish, or choose (Esc steps back):",
            done,
            open.iter()
                .map(|(_, g)| g.clicks.len())
                .max()
                .unwrap_or(done + 1)
        ))
        .strong(),
    );
    for (i, g) in open.iter().filter(|(_, g)| g.clicks.len() == done + 1) {
        let r = ui.button(&c.frame.actions[*i].words);
        if r.hovered() {
            out.preview.extend(g.clicks.last().map(|s| (*s, g.mark)));
        }
        if r.clicked() {
            out.request = Some(*i);
        }
    }
    let longer = open
        .iter()
        .filter(|(_, g)| g.clicks.len() > done + 1)
        .count();
    if longer > 0 {
        ui.small(format!(
            "…or click on: {longer} longer ways go through a lit space."
        ));
    }
}

/// The legal actions that are buttons, numbered so that 1–9 pick them. A button that names a
/// rule has the rule beside it as a link.
fn buttons(ui: &mut egui::Ui, c: &Ctx, out: &mut Out) {
    let mut n = 0;
    for (i, a) in c.frame.actions.iter().enumerate() {
        if !a.listed || a.gesture.is_some() {
            continue;
        }
        n += 1;
        let label = if n <= 9 {
            format!("{n}. {}", a.words)
        } else {
            a.words.clone()
        };
        let rules = eastfront_kernel::find_rule_refs(&a.words);
        ui.horizontal(|ui| {
            let link_w = if rules.is_empty() { 0.0 } else { 44.0 };
            let button = egui::Button::new(egui::RichText::new(label).size(15.0));
            let mut r = ui.add_sized([ui.available_width() - link_w, 28.0], button);
            if !a.preview.is_empty() {
                r = r.on_hover_text(a.preview.join("\n"));
            }
            let key = number_key(n);
            let pressed =
                key.is_some_and(|k| ui.input(|inp| inp.key_pressed(k) && !inp.modifiers.any()));
            if r.clicked() || pressed {
                out.request = Some(i);
            }
            if let Some(rule) = rules.first() {
                if ui
                    .link(egui::RichText::new("rule").small())
                    .on_hover_text(format!(
                        "Open {} in the rules reference",
                        &a.words[rule.range.clone()]
                    ))
                    .clicked()
                {
                    out.rule = Some(rule.id.clone());
                }
            }
        });
    }
}

/// The pieces a panel list offers (off the map: reinforcements to deploy, bombers), and the
/// viewer's pieces on the map that can act (a way to find them without Tab).
fn piece_lists(ui: &mut egui::Ui, c: &Ctx, out: &mut Out) {
    let mut panel: Vec<PieceId> = Vec::new();
    let mut on_map: Vec<PieceId> = Vec::new();
    for a in &c.frame.actions {
        let Some(g) = &a.gesture else { continue };
        match &g.need {
            Need::FromPanel(p) if !panel.contains(p) => panel.push(*p),
            Need::Piece(p) if !on_map.contains(p) => on_map.push(*p),
            _ => {}
        }
    }
    if !panel.is_empty() {
        ui.strong("To place or assign (pick one, then click a lit space):");
        ui.horizontal_wrapped(|ui| {
            for p in panel {
                let on = out.sel.panel == Some(p);
                if ui.selectable_label(on, c.frame.piece_name(p)).clicked() {
                    *out.sel = if on {
                        Selection::default()
                    } else {
                        Selection::from_panel(p)
                    };
                }
            }
        });
    }
    if !on_map.is_empty() {
        egui::CollapsingHeader::new(format!("Pieces that can act ({})", on_map.len()))
            .id_salt("pieces-that-can-act")
            .show(ui, |ui| {
                ui.horizontal_wrapped(|ui| {
                    for p in on_map {
                        let on = out.sel.held() == Some(p) && out.sel.panel.is_none();
                        if ui.selectable_label(on, c.frame.piece_name(p)).clicked() {
                            *out.sel = if on {
                                Selection::default()
                            } else {
                                Selection::one(c.frame.piece_space(p), p)
                            };
                        }
                    }
                });
            });
    }
}

/// The actions made by a click on a space alone (fight there, build there, dismantle there),
/// as buttons too: the map lights them, the list names them.
fn space_actions(ui: &mut egui::Ui, c: &Ctx, out: &mut Out) {
    let list: Vec<usize> = (0..c.frame.actions.len())
        .filter(|i| {
            let a = &c.frame.actions[*i];
            a.listed && a.gesture.as_ref().is_some_and(|g| g.need == Need::Nothing)
        })
        .collect();
    if list.is_empty() {
        return;
    }
    egui::CollapsingHeader::new(format!("On the map ({}): also as buttons", list.len()))
        .id_salt("space-actions")
        .show(ui, |ui| {
            for i in list {
                let a = &c.frame.actions[i];
                let r = ui.button(&a.words);
                if r.hovered() {
                    if let Some(g) = &a.gesture {
                        out.preview.extend(g.clicks.iter().map(|s| (*s, g.mark)));
                    }
                }
                if r.clicked() {
                    out.request = Some(i);
                }
            }
        });
}

/// What the player at the screen may do now.
pub fn choices(ui: &mut egui::Ui, c: &Ctx, out: &mut Out) {
    if c.replaying {
        ui.label(egui::RichText::new("Step through the game with the bar under the map.").weak());
        return;
    }
    if c.playback.active() {
        ui.label(
            egui::RichText::new(format!(
                "Watching the computer's turn… ({} below the map)",
                c.status.skip_words()
            ))
            .weak(),
        );
        return;
    }
    if c.frame.acting_seat.is_none() {
        if c.frame.outcome.is_none() {
            ui.label(egui::RichText::new("Nothing to decide now.").weak());
        }
        return;
    }
    // The buttons first: they stay where they are whether or not a piece is held (a click
    // meant for the phase's end must not land on what moved into its place).
    buttons(ui, c, out);
    held_piece(ui, c, out);
    piece_lists(ui, c, out);
    space_actions(ui, c, out);
    ui.horizontal_wrapped(|ui| {
        let why = c
            .status
            .undo_blocked_by
            .clone()
            .unwrap_or_else(|| "Take back the last action".into());
        if ui
            .add_enabled(c.status.can_undo, egui::Button::new("Undo (Ctrl+Z)"))
            .on_disabled_hover_text(why)
            .clicked()
        {
            out.undo = true;
        }
        if ui
            .add_enabled(c.hint.thinking.is_none(), egui::Button::new("What would the AI do? (Ctrl+H)"))
            .on_hover_text("The computer player looks at your view (nothing hidden from you, nothing more) and says what it would choose")
            .clicked()
        {
            out.hint = true;
        }
    });
    if let Some(t) = &c.hint.thinking {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label("The AI is considering your position…");
        });
        thinking::progress(ui, t, c.now, "Answer now");
    } else if let Some((words, i)) = &c.hint.answer {
        egui::Frame::group(ui.style())
            .fill(egui::Color32::from_rgb(52, 60, 70))
            .show(ui, |ui| {
                ui.label(egui::RichText::new(format!("The AI would: {words}")).strong());
                if let Some([german, soviet]) = c.hint.chance {
                    ui.label(format!(
                        "Its estimate of who wins from here: {} {:.0}% · {} {:.0}%",
                        c.status.side_name(eastfront_kernel::Side::German),
                        german * 100.0,
                        c.status.side_name(eastfront_kernel::Side::Soviet),
                        soviet * 100.0
                    ))
                    .on_hover_text("The computer's own reckoning from your view (its search's playouts, or for Moscow '41 a judgement learned from games between computer players): a rough guide, not a promise");
                }
                if ui.button("Play it (Enter)").clicked() {
                    out.request = Some(*i);
                }
            });
    }
}

/// The dice tray and the log, newest at the bottom.
pub fn dice_and_log(ui: &mut egui::Ui, c: &Ctx, memory: &mut PanelMemory, out: &mut Out) {
    let lines = &c.log.shown()[..c.lines_shown.min(c.log.shown().len())];
    ui.separator();
    dice_tray(ui, lines, c.frame.reader(), &mut memory.tray, c.now, |s| {
        c.status.side_name(s)
    });
    ui.separator();
    ui.horizontal(|ui| {
        ui.strong("Log");
        ui.add_space(8.0);
        for (topic, words) in LOG_FILTERS {
            ui.selectable_value(&mut memory.log_filter, topic, words);
        }
    });
    egui::ScrollArea::vertical()
        .id_salt("log-scroll")
        .stick_to_bottom(true)
        .auto_shrink([false, false])
        .show(ui, |ui| log_lines(ui, c, lines, memory.log_filter, out));
}

/// The log's filters: everything, or the lines of one topic.
const LOG_FILTERS: [(Option<LogTopic>, &str); 4] = [
    (None, "All"),
    (Some(LogTopic::Combat), "Combat"),
    (Some(LogTopic::Movement), "Moves"),
    (Some(LogTopic::Cards), "Cards"),
];

/// The log's lines, oldest first (the last 300 the filter lets through). Pointing at a line
/// lights its places on the map; a click centres the map on them.
fn log_lines(
    ui: &mut egui::Ui,
    c: &Ctx,
    lines: &[LogLine],
    filter: Option<LogTopic>,
    out: &mut Out,
) {
    let kept: Vec<&LogLine> = lines
        .iter()
        .filter(|l| filter.is_none_or(|t| l.topic == t))
        .collect();
    let start = kept.len().saturating_sub(300);
    for line in &kept[start..] {
        let row = ui.scope_builder(egui::UiBuilder::new().sense(egui::Sense::click()), |ui| {
            log_line(ui, c, line, out);
        });
        let response = row.response;
        if line.places.is_empty() {
            continue;
        }
        if response.hovered() {
            out.preview
                .extend(line.places.iter().map(|p| (*p, Mark::Act)));
            ui.ctx().set_cursor_icon(egui::CursorIcon::PointingHand);
        }
        if response.clicked() {
            out.focus = line.places.last().copied();
        }
    }
}

fn log_line(ui: &mut egui::Ui, c: &Ctx, line: &LogLine, out: &mut Out) {
    ui.horizontal_wrapped(|ui| {
        ui.label(
            egui::RichText::new(format!("T{}", line.turn))
                .small()
                .weak(),
        );
        let look = Look {
            struck: line.undone,
            colour: line.undone.then_some(egui::Color32::from_gray(140)),
            ..Look::small()
        };
        let mut text = line.text_for(c.frame.reader()).to_string();
        if !line.rule.is_empty() && !text.contains(&line.rule) {
            text = format!("{text} ({})", line.rule);
        }
        if let Some(rule) = linked(ui, &text, look) {
            out.rule = Some(rule);
        }
    })
    .response
    .on_hover_text(line.detail.clone().unwrap_or_default());
    // The dice on their own row under the words, so that many dice wrap across the panel.
    if let Some(roll) = &line.roll {
        ui.horizontal(|ui| {
            ui.add_space(22.0);
            dice_row(ui, &roll.values, 18.0);
        });
    }
}

fn number_key(n: usize) -> Option<egui::Key> {
    use egui::Key::*;
    [Num1, Num2, Num3, Num4, Num5, Num6, Num7, Num8, Num9]
        .get(n.wrapping_sub(1))
        .copied()
}
