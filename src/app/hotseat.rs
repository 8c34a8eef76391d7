//! Hot-seat: who is looking at the screen, and the handoff curtain. When the seat to act
//! changes hands between two humans, a full-window opaque curtain goes up; while it is up the
//! view is empty (no block entity exists, so none carries a face) and only the curtain is
//! drawn. The next player's view is built only after their click (UX.md "Handoff").

use super::screens::Screen;
use super::table::{Table, TableSet};
use bevy::prelude::*;
use bevy_egui::{egui, EguiContexts, EguiPrimaryContextPass};
use eastfront_kernel::Seat;

/// The player at the screen.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct Eyes {
    /// Whose player sits at the screen now (their side's view is shown).
    pub seat: Option<Seat>,
    /// The curtain is up, waiting for this seat's player to click.
    pub curtain_for: Option<Seat>,
}

impl Eyes {
    /// With one human the screen is theirs; with several, the first player is called to the
    /// screen behind the curtain, so the opening view is not shown to the wrong person.
    pub fn for_new_table(table: &Table) -> Eyes {
        let humans = table.human_seats();
        match humans.as_slice() {
            [only] => Eyes {
                seat: Some(*only),
                curtain_for: None,
            },
            _ => Eyes {
                seat: None,
                curtain_for: table
                    .active_seat()
                    .filter(|s| table.is_human(*s))
                    .or(humans.first().copied()),
            },
        }
    }

    /// The player at the screen clicks "ready": their view may be drawn.
    pub fn lift_curtain(&mut self) {
        if let Some(seat) = self.curtain_for.take() {
            self.seat = Some(seat);
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Eyes>()
        .add_systems(
            Update,
            call_next_player
                .in_set(TableSet::Eyes)
                .run_if(in_state(Screen::Table).and_then(resource_exists::<Table>)),
        )
        .add_systems(
            EguiPrimaryContextPass,
            draw_curtain.run_if(in_state(Screen::Table)),
        );
}

/// Raises the curtain when the seat to act belongs to another human than the one looking.
fn call_next_player(table: Res<Table>, mut eyes: ResMut<Eyes>) {
    if !table.is_changed() && !eyes.is_changed() {
        return;
    }
    let Some(active) = table.active_seat() else {
        return;
    };
    if !table.is_human(active) || eyes.curtain_for.is_some() {
        return;
    }
    let humans = table.human_seats();
    if humans.len() < 2 {
        if eyes.seat != Some(active) {
            eyes.seat = Some(active);
        }
        return;
    }
    if eyes.seat != Some(active) {
        eyes.seat = None;
        eyes.curtain_for = Some(active);
    }
}

fn draw_curtain(
    mut contexts: EguiContexts,
    mut eyes: ResMut<Eyes>,
    table: Option<Res<Table>>,
    keys: Res<ButtonInput<KeyCode>>,
) -> Result {
    let (Some(seat), Some(table)) = (eyes.curtain_for, table) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let screen = ctx.viewport_rect();
    let who = table.seat_name(seat);
    let mut ready = keys.just_pressed(KeyCode::Space) || keys.just_pressed(KeyCode::Enter);
    egui::Area::new(egui::Id::new("handoff-curtain"))
        .order(egui::Order::Foreground)
        .fixed_pos(screen.min)
        .show(ctx, |ui| {
            let painter = ui.painter().clone();
            painter.rect_filled(screen, 0.0, egui::Color32::from_rgb(38, 36, 33));
            let response = ui.allocate_rect(screen, egui::Sense::click());
            let centre = screen.center();
            painter.text(
                centre - egui::vec2(0.0, 40.0),
                egui::Align2::CENTER_CENTER,
                format!("Pass to the {who} player"),
                egui::FontId::proportional(40.0),
                egui::Color32::from_rgb(240, 232, 210),
            );
            painter.text(
                centre + egui::vec2(0.0, 20.0),
                egui::Align2::CENTER_CENTER,
                "click when ready",
                egui::FontId::proportional(22.0),
                egui::Color32::from_rgb(200, 190, 170),
            );
            painter.text(
                centre + egui::vec2(0.0, 60.0),
                egui::Align2::CENTER_CENTER,
                "Nothing of either side is shown until then.",
                egui::FontId::proportional(15.0),
                egui::Color32::from_rgb(150, 140, 125),
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
