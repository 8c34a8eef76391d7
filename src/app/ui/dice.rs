//! Dice drawn as dice with pips, and the dice tray: the latest roll (who rolled, for what),
//! tumbling for a moment when it is new, beside the log line it came with. It reads the
//! structured rolls of the log, never its text.

use crate::app::table::session::LogLine;
use bevy_egui::egui;

/// One die face at `rect`.
pub fn draw_die(p: &egui::Painter, rect: egui::Rect, value: u8) {
    p.rect_filled(
        rect,
        rect.width() * 0.18,
        egui::Color32::from_rgb(245, 241, 230),
    );
    p.rect_stroke(
        rect,
        rect.width() * 0.18,
        egui::Stroke::new(1.0, egui::Color32::from_gray(60)),
        egui::StrokeKind::Inside,
    );
    let c = rect.center();
    let d = rect.width() * 0.26;
    let spots: &[(f32, f32)] = match value {
        1 => &[(0.0, 0.0)],
        2 => &[(-1.0, -1.0), (1.0, 1.0)],
        3 => &[(-1.0, -1.0), (0.0, 0.0), (1.0, 1.0)],
        4 => &[(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)],
        5 => &[
            (-1.0, -1.0),
            (1.0, -1.0),
            (0.0, 0.0),
            (-1.0, 1.0),
            (1.0, 1.0),
        ],
        _ => &[
            (-1.0, -1.0),
            (1.0, -1.0),
            (-1.0, 0.0),
            (1.0, 0.0),
            (-1.0, 1.0),
            (1.0, 1.0),
        ],
    };
    for (x, y) in spots {
        p.circle_filled(
            c + egui::vec2(x * d, y * d),
            rect.width() * 0.09,
            egui::Color32::from_gray(25),
        );
    }
}

/// A row of dice.
pub fn dice_row(ui: &mut egui::Ui, values: &[u8], size: f32) {
    ui.horizontal_wrapped(|ui| {
        for v in values {
            let (rect, _) = ui.allocate_exact_size(egui::vec2(size, size), egui::Sense::hover());
            draw_die(ui.painter(), rect, *v);
        }
    });
}

/// The tray's memory: the last roll seen and when it came.
#[derive(Default, Clone, Debug)]
pub struct Tray {
    seen: usize,
    rolled_at: f64,
}

/// The latest roll among the lines shown: who rolled, for what, the dice (tumbling for 0.6 s
/// when new).
pub fn dice_tray(
    ui: &mut egui::Ui,
    lines: &[LogLine],
    reader: Option<eastfront_kernel::Viewer>,
    tray: &mut Tray,
    now: f64,
    side_name: impl Fn(eastfront_kernel::Side) -> String,
) {
    let Some((i, line, roll)) = lines
        .iter()
        .enumerate()
        .rev()
        .find_map(|(i, l)| l.roll.as_ref().filter(|_| !l.undone).map(|r| (i, l, r)))
    else {
        return;
    };
    if i + 1 != tray.seen {
        tray.seen = i + 1;
        tray.rolled_at = now;
    }
    let rolling = now - tray.rolled_at < 0.6;
    let who = roll
        .by
        .map(|s| format!("{} · ", side_name(s)))
        .unwrap_or_default();
    ui.label(egui::RichText::new(format!("{who}{}", roll.purpose)).strong());
    ui.horizontal_wrapped(|ui| {
        for (k, v) in roll.values.iter().enumerate() {
            let (rect, _) = ui.allocate_exact_size(egui::vec2(30.0, 30.0), egui::Sense::hover());
            let shown = if rolling {
                ((now * 23.0) as usize + k * 5) % 6 + 1
            } else {
                *v as usize
            };
            draw_die(ui.painter(), rect, shown as u8);
        }
    });
    ui.label(egui::RichText::new(line.text_for(reader)).small());
    if rolling {
        ui.ctx().request_repaint();
    }
}
