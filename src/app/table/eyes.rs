//! Hot-seat: whose eyes are on the screen, and the handoff curtain. When the seat to act
//! changes hands between two humans, a full-window opaque curtain goes up; while it is up the
//! frame is empty (no piece entity exists, so none carries a face) and only the curtain is
//! drawn. The next player's view is built only after their click or Space (UX.md "Handoff").

use super::session::TableStatus;
use bevy::prelude::*;
use bevy_egui::{egui, EguiContexts};
use eastfront_kernel::Seat;

/// The player at the screen.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct Eyes {
    /// Whose player sits at the screen now (their side's view is shown).
    pub seat: Option<Seat>,
    /// The curtain is up, waiting for this seat's player.
    pub curtain_for: Option<Seat>,
}

impl Eyes {
    /// With one human the screen is theirs; with several, the first player is called to the
    /// screen behind the curtain, so the opening view is not shown to the wrong person.
    /// A finished game hides nothing (the board lies face up), so it needs no curtain.
    pub fn for_new_table(status: &TableStatus) -> Eyes {
        let humans = status.human_seats();
        if status.outcome.is_some() {
            return Eyes {
                seat: humans.first().copied(),
                curtain_for: None,
            };
        }
        match humans.as_slice() {
            [only] => Eyes {
                seat: Some(*only),
                curtain_for: None,
            },
            _ => Eyes {
                seat: None,
                curtain_for: status
                    .active_seat
                    .filter(|s| status.is_human(*s))
                    .or(humans.first().copied()),
            },
        }
    }

    /// The player at the screen says "ready": their view may be drawn.
    pub fn lift_curtain(&mut self) {
        if let Some(seat) = self.curtain_for.take() {
            self.seat = Some(seat);
        }
    }

    /// Who must look next: raises the curtain when the seat to act belongs to another human
    /// than the one looking (every change of hands in hot-seat, battles included).
    pub fn follow(&mut self, status: &TableStatus) {
        let Some(active) = status.active_seat else {
            return;
        };
        if !status.is_human(active) || self.curtain_for.is_some() {
            return;
        }
        if status.human_seats().len() < 2 {
            if self.seat != Some(active) {
                self.seat = Some(active);
            }
            return;
        }
        if self.seat != Some(active) {
            self.seat = None;
            self.curtain_for = Some(active);
        }
    }
}

/// Raises the curtain when the next human to act is not the one at the screen.
pub(super) fn call_next_player(status: Res<TableStatus>, mut eyes: ResMut<Eyes>) {
    if !status.is_changed() && !eyes.is_changed() {
        return;
    }
    let mut next = eyes.clone();
    next.follow(&status);
    if next != *eyes {
        *eyes = next;
    }
}

/// The curtain: nothing of the game, the next player's name, "click when ready".
pub(super) fn draw_curtain(
    mut contexts: EguiContexts,
    mut eyes: ResMut<Eyes>,
    status: Res<TableStatus>,
    keys: Res<ButtonInput<KeyCode>>,
) -> Result {
    let Some(seat) = eyes.curtain_for else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let screen = ctx.viewport_rect();
    let who = status.player_call(seat);
    let mut ready = keys.just_pressed(KeyCode::Space) || keys.just_pressed(KeyCode::Enter);
    egui::Area::new(egui::Id::new("handoff-curtain"))
        .order(egui::Order::Foreground)
        .fixed_pos(screen.min)
        .show(ctx, |ui| {
            let painter = ui.painter().clone();
            painter.rect_filled(screen, 0.0, egui::Color32::from_rgb(38, 36, 33));
            let response = ui.allocate_rect(screen, egui::Sense::click());
            let centre = screen.center();
            let line = |dy: f32, text: &str, size: f32, grey: u8| {
                painter.text(
                    centre + egui::vec2(0.0, dy),
                    egui::Align2::CENTER_CENTER,
                    text,
                    egui::FontId::proportional(size),
                    egui::Color32::from_rgb(grey, grey - 8, grey - 30),
                );
            };
            line(-40.0, &format!("Pass to {who}"), 40.0, 240);
            line(20.0, "click or press Space when ready", 22.0, 200);
            line(
                60.0,
                "Nothing of either side is shown until then.",
                15.0,
                150,
            );
            if response.clicked() {
                ready = true;
            }
        });
    if ready {
        eyes.lift_curtain();
    }
    Ok(())
}
