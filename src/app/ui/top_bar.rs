//! The top bar, the same for every game: the turn and phase as the printed track says them and
//! who is to act on the left, the game's own state (tracks, decks, victory points) on a second row,
//! and the table's commands on the right — laid out first so they are always in view: Menu,
//! Save, Result, Rules (F1), Fit (F), the overlays, the AI menu (speed and thinking time) and
//! "Skip to my turn".

use super::{Ctx, Out};
use crate::app::table::desc::Overlay;
use crate::app::table::pace::AiSpeed;
use bevy_egui::egui;

/// The commands on the right of the bar.
pub fn commands(
    ui: &mut egui::Ui,
    c: &Ctx,
    overlays: &[Overlay],
    on: &[bool],
    speed: Option<AiSpeed>,
    out: &mut Out,
) {
    if ui
        .button("Menu")
        .on_hover_text("Back to the main menu (the game is autosaved)")
        .clicked()
    {
        out.menu = true;
    }
    if ui
        .button("Save")
        .on_hover_text("Ctrl+S: a new save in the saves folder (an autosave follows every action)")
        .clicked()
    {
        out.save = true;
    }
    if c.frame.outcome.is_some() && c.result_closed && ui.button("Result").clicked() {
        out.show_result = true;
    }
    if ui
        .button("Rules")
        .on_hover_text("F1: the rules reference")
        .clicked()
    {
        out.rule = Some(String::new());
    }
    if ui
        .button("Fit")
        .on_hover_text("F: the whole board")
        .clicked()
    {
        out.fit = true;
    }
    for (k, o) in overlays.iter().enumerate().rev() {
        let is_on = on.get(k).copied().unwrap_or(false);
        if ui
            .selectable_label(is_on, o.name)
            .on_hover_text(format!(
                "{}: show or hide the {} overlay",
                o.key_name, o.name
            ))
            .clicked()
        {
            out.toggle_overlay = Some(k);
        }
    }
    if let Some(speed) = speed.filter(|_| c.status.has_computer()) {
        ui.separator();
        let mut chosen = speed;
        let mut thinking = c.thinking_time;
        egui::ComboBox::from_id_salt("ai-speed")
            .selected_text(format!("AI: {}", speed.label()))
            // Tall enough for both lists without scrolling.
            .height(480.0)
            .show_ui(ui, |ui| {
                ui.small("Speed of play");
                for s in AiSpeed::ALL {
                    ui.selectable_value(&mut chosen, s, s.label())
                        .on_hover_text("How long each of the computer's actions stays on screen");
                }
                ui.separator();
                ui.small("Thinking time (Search level, hint)");
                crate::app::table::thinking::choices(ui, &mut thinking);
            })
            .response
            .on_hover_text(format!(
                "How long each of the computer's actions stays on screen, and how long its \
                 Search level thinks ({} a decision)",
                c.thinking_time.label()
            ));
        if chosen != speed {
            out.speed = Some(chosen);
        }
        if thinking != c.thinking_time {
            out.thinking_time = Some(thinking);
        }
        let busy = c.playback.active() || c.ai.thinking_for.is_some();
        if c.frame.outcome.is_none()
            && ui
                .add_enabled(busy, egui::Button::new(c.status.skip_words()))
                .on_hover_text("No pauses until you must decide")
                .clicked()
        {
            out.skip = true;
        }
    }
}

/// The turn the screen shows: while the computer's moves are played back, the turn of the
/// step on screen (its log line's date) when the moves go on into a later turn; the view's own
/// label otherwise.
pub fn turn_on_screen(c: &Ctx) -> String {
    let dated = |line: usize| c.log.lines.get(line).map(|l| l.turn);
    if let Some(step) = c.playback.current() {
        let (now, last) = (dated(step.line), c.log.lines.last().map(|l| l.turn));
        if let Some(now) = now.filter(|n| Some(*n) != last) {
            return format!("Turn {now}");
        }
    }
    c.frame.turn_label.clone()
}

/// The turn, the phase and who acts (the left of the bar).
pub fn state(ui: &mut egui::Ui, c: &Ctx, compact: bool) {
    let f = c.frame;
    ui.label(egui::RichText::new(turn_on_screen(c)).size(17.0).strong())
        .on_hover_text(
            c.status
                .seating
                .as_ref()
                .map(|s| s.mode_label.clone())
                .unwrap_or_default(),
        );
    // While the computer's moves are played back the header tells of the step on screen,
    // not of the position they lead to (whose turn it will be when they are done).
    if let Some(step) = c.playback.current() {
        ui.label("·");
        ui.colored_label(
            super::style::side_colour(step.side),
            egui::RichText::new(format!(
                "{} moving · {} of {}",
                c.status.side_name(step.side),
                c.playback.at + 1,
                c.playback.steps.len()
            ))
            .size(16.0),
        );
        return;
    }
    if !f.phase_label.is_empty() && !compact {
        ui.label("·");
        ui.label(egui::RichText::new(&f.phase_label).size(16.0));
    }
    if let Some(seat) = c.status.active_seat.filter(|_| !c.replaying) {
        ui.label("·");
        let side = c.status.seat_side(seat);
        let colour = side.map(super::style::side_colour).unwrap_or_default();
        ui.colored_label(colour, format!("{} to act", c.status.seat_name(seat)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::table::pace::{PlayStep, Playback};
    use crate::app::table::session::{GameLog, LogLine};
    use crate::app::table::{Frame, TableStatus};
    use eastfront_kernel::{Side, SpaceId};

    /// Issue 14 item 6: while the computer's moves of the last turn are played back, the header
    /// names that turn, not the one they lead to.
    #[test]
    fn the_header_dates_a_played_back_step_by_its_own_turn() {
        let frame = Frame {
            turn_label: "Turn 4 · October 1941".into(),
            ..Default::default()
        };
        let log = GameLog {
            lines: [3, 3, 4].map(|t| LogLine::note(t, "a line")).to_vec(),
            ..Default::default()
        };
        let step = |line| PlayStep {
            text: String::new(),
            side: Side::Soviet,
            from: None,
            to: SpaceId(0),
            attack: false,
            count: 1,
            line,
        };
        let mut playback = Playback::default();
        playback.steps = vec![step(1), step(2)];
        let (status, hint, ai) = (
            TableStatus::default(),
            Default::default(),
            Default::default(),
        );
        let header = |playback: &Playback| {
            turn_on_screen(&Ctx {
                frame: &frame,
                status: &status,
                log: &log,
                lines_shown: 3,
                hint: &hint,
                ai: &ai,
                playback,
                replaying: false,
                result_closed: false,
                now: 0.0,
                thinking_time: Default::default(),
            })
        };
        assert_eq!(header(&playback), "Turn 3");
        playback.at = 1;
        assert_eq!(header(&playback), "Turn 4 · October 1941");
        playback.at = 2;
        assert_eq!(header(&playback), "Turn 4 · October 1941", "playback over");
    }
}
