//! The battle report, for every game that has no battle window of its own: each battle of the
//! log (its lines from the opening to the close, with both sides' dice and the hits) opens over
//! the map when it is fought — during the computer's playback when the playback reaches it —
//! and stays until the player closes it. Earlier battles are a click away. When the computer
//! plays every side (the watch mode) nobody is there to close it: it closes by itself once
//! another side acts or the turn ends.

use super::dice::dice_row;
use super::text::{linked, Look};
use super::{Ctx, Out};
use crate::app::table::session::BattleSpan;
use bevy_egui::egui;
use eastfront_kernel::Side;

/// Which battle the report shows, and the last one the player has seen.
#[derive(Default, Debug)]
pub struct BattleReport {
    /// The battle on screen (an index into the log's battles); None: closed.
    pub open: Option<usize>,
    /// Battles up to here have been opened once (a new one opens by itself).
    pub seen: usize,
    /// The table's first frame has been seen: the battles of a loaded game are old news.
    pub started: bool,
    /// When the battle opened by itself (the watch mode closes it once that moment is past).
    pub opened_during: Option<Moment>,
}

/// Who acted, in which turn: what the watch mode's battle windows outlive (this report and
/// the games' own battle windows).
#[derive(Clone, Debug, PartialEq)]
pub struct Moment {
    pub side: Option<Side>,
    /// None: the turn is not part of the moment (a window that closes on the side alone).
    pub turn: Option<u32>,
}

impl Moment {
    /// The moment on screen: the computer's playback step while it plays back (the game
    /// itself is already past it), else whoever is to act; the turn of the newest line shown.
    fn of(c: &Ctx, shown: usize) -> Self {
        Moment {
            side: c.playback.current().map(|s| s.side).or(c.frame.side_to_act),
            turn: c.log.lines[..shown.min(c.log.lines.len())]
                .last()
                .map(|l| l.turn),
        }
    }
}

/// A watch-mode battle window closes by itself once another side acts or the turn ends (the
/// rulebook's solitaire Soviet of Stalingrad is no side that acts): a spectator has nobody to
/// close it and the map under it has moved on.
pub fn outlived(watching: bool, opened_during: Option<&Moment>, now: &Moment) -> bool {
    watching
        && opened_during.is_some_and(|then| {
            (now.side.is_some() && now.side != then.side) || now.turn != then.turn
        })
}

/// How many battles are over with their last line shown (the playback has reached it).
fn finished(battles: &[BattleSpan], shown: usize) -> usize {
    battles
        .iter()
        .take_while(|b| b.last.is_some_and(|l| l < shown))
        .count()
}

/// Opens the report on a newly finished battle and draws it.
pub fn battle_report(ctx: &egui::Context, c: &Ctx, report: &mut BattleReport, out: &mut Out) {
    let shown = c.lines_shown.min(c.log.shown().len());
    // The battles the player may read now: closed, and their last line shown.
    let done = finished(&c.log.battles, shown);
    if !report.started {
        report.started = true;
        report.seen = done;
    }
    if done > report.seen {
        report.open = Some(done - 1);
        report.seen = done;
        report.opened_during = Some(Moment::of(c, shown));
    }
    if outlived(
        c.status.watching(),
        report.opened_during.as_ref(),
        &Moment::of(c, shown),
    ) {
        report.open = None;
        report.opened_during = None;
    }
    if done < report.seen {
        // An earlier step of a replay: forget what comes after it.
        report.seen = done;
        report.open = report.open.filter(|i| *i < done);
    }
    let Some(i) = report.open else {
        return;
    };
    let Some(span) = c.log.battles.get(i) else {
        report.open = None;
        return;
    };
    let last = span.last.unwrap_or(span.first).min(shown.saturating_sub(1));
    let mut close = false;
    egui::Window::new(format!("Battle {} of {}", i + 1, done))
        .id(egui::Id::new("battle-report"))
        .collapsible(false)
        .resizable(false)
        .default_width(420.0)
        .anchor(egui::Align2::LEFT_TOP, egui::vec2(12.0, 110.0))
        .show(ctx, |ui| {
            ui.set_max_width(440.0);
            for line in &c.log.lines[span.first..=last] {
                if let Some(rule) = linked(ui, line.text_for(c.frame.reader()), Look::body()) {
                    out.rule = Some(rule);
                }
                if let Some(roll) = &line.roll {
                    ui.horizontal(|ui| {
                        let (who, colour) = match roll.by {
                            Some(side) => {
                                (c.status.side_name(side), super::style::side_colour(side))
                            }
                            None => ("Dice".to_string(), ui.visuals().text_color()),
                        };
                        ui.colored_label(colour, egui::RichText::new(who).strong());
                        dice_row(ui, &roll.values, 24.0);
                    });
                }
                ui.add_space(2.0);
            }
            ui.separator();
            ui.horizontal(|ui| {
                if ui
                    .add_enabled(i > 0, egui::Button::new("◀ Earlier"))
                    .clicked()
                {
                    report.open = Some(i - 1);
                }
                if ui
                    .add_enabled(i + 1 < done, egui::Button::new("Later ▶"))
                    .clicked()
                {
                    report.open = Some(i + 1);
                }
                if ui.button(egui::RichText::new("Close").strong()).clicked() {
                    close = true;
                }
            });
        });
    if close {
        report.open = None;
        report.opened_during = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_battle_is_reported_once_the_playback_shows_its_last_line() {
        let battles = [
            BattleSpan {
                first: 2,
                last: Some(5),
                places: Vec::new(),
            },
            BattleSpan {
                first: 7,
                last: None,
                places: Vec::new(),
            },
        ];
        assert_eq!(finished(&battles, 5), 0, "line 5 not shown yet");
        assert_eq!(finished(&battles, 6), 1);
        assert_eq!(finished(&battles, 20), 1, "the second is still fought");
    }

    #[test]
    fn the_watch_modes_report_closes_when_another_side_acts_or_the_turn_ends() {
        let at = |side: Option<Side>, turn: u32| Moment {
            side,
            turn: Some(turn),
        };
        let (g, s) = (Some(Side::German), Some(Side::Soviet));
        let opened = at(g, 3);
        assert!(
            !outlived(true, Some(&opened), &at(g, 3)),
            "the side still acts"
        );
        assert!(
            outlived(true, Some(&opened), &at(s, 3)),
            "the other side acts"
        );
        assert!(
            !outlived(true, Some(&opened), &at(None, 3)),
            "the rules act"
        );
        assert!(outlived(true, Some(&opened), &at(g, 4)), "the next turn");
        assert!(
            !outlived(false, Some(&opened), &at(s, 4)),
            "a player closes it"
        );
        assert!(!outlived(true, None, &at(s, 4)), "opened by hand: stays");
        // A window that closes on the side alone (Moscow '41's, opened for the attacker).
        let side_only = |side| Moment { side, turn: None };
        let attacker = side_only(g);
        assert!(
            outlived(true, Some(&attacker), &side_only(s)),
            "the defender's impulse"
        );
        assert!(
            !outlived(true, Some(&attacker), &side_only(g)),
            "the attacker still acts"
        );
        assert!(
            !outlived(true, Some(&attacker), &side_only(None)),
            "between turns"
        );
    }
}
