//! The menu's game choice ("Stalingrad" / "Moscow '41") and Moscow's new-game form: the
//! campaign or a scenario (SC.C, SC.1–SC.3), who plays (hot-seat, German or Soviet against the
//! AI), the AI level and the seed. The shared menu (`app::menu`) asks [`MoscowMenu::show`] to
//! draw this in place of Stalingrad's card when Moscow is chosen.

use super::super::screens::Screen;
use super::geometry::{to_world, CM};
use super::session::{AiLevel, M41Play, M41Rules, M41Setup};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;
use eastfront_kernel::Game;
use eastfront_moscow41::data::Terrain;

/// Which game the menu is setting up.
#[derive(Resource, Default, Clone, Copy, PartialEq, Eq, Debug)]
pub enum GameChoice {
    #[default]
    Stalingrad,
    Moscow41,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<GameChoice>();
}

/// What the shared menu needs to show Moscow's part.
#[derive(SystemParam)]
pub struct MoscowMenu<'w> {
    choice: ResMut<'w, GameChoice>,
    setup: ResMut<'w, M41Setup>,
    rules: Res<'w, M41Rules>,
}

impl MoscowMenu<'_> {
    /// Draws the game tabs, and Moscow's card and form when it is chosen. Returns true when it
    /// drew the game's part (the caller then skips Stalingrad's).
    pub fn show(&mut self, ui: &mut egui::Ui, next: &mut NextState<Screen>) -> bool {
        ui.horizontal(|ui| {
            ui.label(egui::RichText::new("Game").size(17.0).strong());
            for (c, label) in [
                (GameChoice::Stalingrad, "Stalingrad: Inferno on the Volga"),
                (GameChoice::Moscow41, "Moscow '41"),
            ] {
                let text = egui::RichText::new(label).size(17.0);
                if ui.selectable_label(*self.choice == c, text).clicked() {
                    *self.choice = c;
                }
            }
        });
        ui.add_space(6.0);
        if *self.choice != GameChoice::Moscow41 {
            return false;
        }
        let game = self.rules.0;
        let setup = &mut *self.setup;
        ui.columns(2, |cols| {
            card(&mut cols[0], game);
            form(&mut cols[1], game, setup, next);
        });
        true
    }
}

fn card(ui: &mut egui::Ui, game: &eastfront_moscow41::Moscow41) {
    egui::Frame::group(ui.style())
        .fill(egui::Color32::from_rgb(66, 58, 49))
        .show(ui, |ui| {
            ui.label(
                egui::RichText::new("Moscow '41")
                    .size(22.0)
                    .strong()
                    .color(egui::Color32::from_rgb(245, 235, 210)),
            );
            ui.label("July – December 1941 · VentoNuovo Games (2016)");
            ui.add_space(6.0);
            let (rect, _) = ui.allocate_exact_size(egui::vec2(300.0, 330.0), egui::Sense::hover());
            thumbnail(ui.painter(), rect, game);
            ui.add_space(6.0);
            ui.label(
                "Army Group Centre against the Soviet Fronts on the road to Moscow: 175 areas, \
                 120 wooden blocks with fog of war, HQ activation, impulses, weather and supply, \
                 the Luftwaffe and the Road to Leningrad.",
            );
        });
}

/// The area map in miniature, drawn from map.ron.
fn thumbnail(painter: &egui::Painter, rect: egui::Rect, game: &eastfront_moscow41::Moscow41) {
    let map = &game.board.data.map;
    painter.rect_filled(rect, 4.0, egui::Color32::from_rgb(226, 216, 192));
    let scale = (rect.width() / (map.width * CM)).min(rect.height() / (map.height * CM));
    let origin =
        rect.center() - egui::vec2(map.width * CM * scale / 2.0, map.height * CM * scale / 2.0);
    let to_screen = |p: (f32, f32)| {
        let w = to_world(p);
        origin + egui::vec2(w.x * scale, -w.y * scale)
    };
    for a in &map.areas {
        let pts: Vec<egui::Pos2> = a.polygon.iter().map(|p| to_screen(*p)).collect();
        let fill = match a.terrain {
            Terrain::Green => egui::Color32::from_rgb(204, 214, 163),
            Terrain::Yellow => egui::Color32::from_rgb(199, 184, 120),
            Terrain::Victory => egui::Color32::from_rgb(200, 60, 50),
            Terrain::Staging => egui::Color32::from_rgb(170, 170, 175),
        };
        // egui fills convex shapes only; the outline reads well enough for a thumbnail.
        painter.add(egui::Shape::convex_polygon(
            pts.clone(),
            fill,
            egui::Stroke::NONE,
        ));
        painter.add(egui::Shape::closed_line(
            pts,
            egui::Stroke::new(0.5, egui::Color32::from_rgb(92, 82, 66)),
        ));
    }
}

fn form(
    ui: &mut egui::Ui,
    game: &eastfront_moscow41::Moscow41,
    setup: &mut M41Setup,
    next: &mut NextState<Screen>,
) {
    egui::Frame::group(ui.style())
        .fill(egui::Color32::from_rgb(66, 58, 49))
        .show(ui, |ui| {
            ui.heading("New game");
            ui.add_space(4.0);
            ui.strong("Scenario");
            for s in game.scenarios() {
                ui.radio_value(&mut setup.scenario, s.id.clone(), &s.name)
                    .on_hover_text(&s.brief);
                ui.small(&s.brief);
            }
            ui.add_space(6.0);
            ui.strong("Who plays");
            for p in M41Play::ALL {
                ui.radio_value(&mut setup.play, p, p.label())
                    .on_hover_text(p.brief());
            }
            ui.small(setup.play.brief());
            ui.add_space(6.0);
            ui.add_enabled_ui(setup.play != M41Play::HotSeat, |ui| {
                ui.horizontal(|ui| {
                    ui.strong("AI level");
                    for l in AiLevel::ALL {
                        ui.radio_value(&mut setup.level, l, l.label());
                    }
                });
            });
            ui.horizontal(|ui| {
                ui.strong("Seed");
                ui.add(egui::DragValue::new(&mut setup.seed).speed(1.0));
                if ui
                    .button("New seed")
                    .on_hover_text("The same seed and choices replay the same dice")
                    .clicked()
                {
                    setup.seed = std::time::SystemTime::now()
                        .duration_since(std::time::UNIX_EPOCH)
                        .map(|d| d.as_nanos() as u64 % 1_000_000)
                        .unwrap_or(1941);
                }
            });
            ui.add_space(10.0);
            if ui
                .add_sized(
                    [220.0, 40.0],
                    egui::Button::new(egui::RichText::new("Start the game").size(20.0).strong()),
                )
                .clicked()
            {
                next.set(Screen::Moscow41);
            }
        });
}
