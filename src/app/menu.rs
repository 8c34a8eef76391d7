//! The main menu (egui): the game, its scenario, who plays what, the Designer's Variant, the
//! seed; Continue, Load, About/Sources and Quit.

use super::board::hex_corners;
use super::panels::apply_style_once;
use super::saves::{list_saves_in, saves_folder, LoadFailure, LoadRequest, SaveEntry, SavesFolder};
use super::screens::Screen;
use super::table::{Notice, PlayMode, Rules, TableSetup};
use bevy::prelude::*;
use bevy_egui::{egui, EguiContexts, EguiPrimaryContextPass};
use eastfront_kernel::Game;
use eastfront_stalingrad::data::Terrain;
use eastfront_stalingrad::Level;

/// Where the data of the map and blocks came from (written alongside the data).
pub const STALINGRAD_SOURCES: &str = include_str!("../../scenarios/stalingrad/SOURCES.md");

#[derive(Resource, Default)]
struct MenuState {
    show_sources: bool,
    show_loads: bool,
    /// The folder the Load list and Continue read: the app's [`SavesFolder`] when one is set
    /// (tests, a portable install), else the per-user folder — the one saves are written to.
    folder: Option<std::path::PathBuf>,
    saves: Vec<SaveEntry>,
}

impl MenuState {
    fn reread_saves(&mut self) {
        self.saves = self
            .folder
            .as_deref()
            .map(list_saves_in)
            .unwrap_or_default();
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MenuState>()
        .add_systems(OnEnter(Screen::Menu), refresh_saves)
        .add_systems(
            EguiPrimaryContextPass,
            (apply_style_once, menu_ui, load_failure_window)
                .chain()
                .run_if(in_state(Screen::Menu)),
        );
}

fn refresh_saves(mut state: ResMut<MenuState>, folder: Option<Res<SavesFolder>>) {
    state.folder = saves_folder(folder.as_deref());
    state.reread_saves();
}

fn variant_label(v: Option<Level>) -> &'static str {
    match v {
        None => "Not used",
        Some(Level::Normal) => "Normal",
        Some(Level::GermanEasy) => "German Easy",
        Some(Level::SovietEasy) => "Soviet Easy",
        Some(Level::GermanImpossible) => "German Impossible",
    }
}

#[allow(clippy::too_many_arguments)]
fn menu_ui(
    mut contexts: EguiContexts,
    mut setup: ResMut<TableSetup>,
    mut state: ResMut<MenuState>,
    rules: Res<Rules>,
    mut notice: ResMut<Notice>,
    mut next: ResMut<NextState<Screen>>,
    mut load: MessageWriter<LoadRequest>,
    mut exit: MessageWriter<AppExit>,
    mut moscow: super::moscow41::menu::MoscowMenu,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = egui::Ui::new(
        ctx.clone(),
        "menu".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    let game = rules.0;
    egui::CentralPanel::default()
        .frame(egui::Frame::new().fill(egui::Color32::from_rgb(52, 45, 38)))
        .show(&mut root, |ui| {
            // A centred column, whatever the window's width.
            let width = ui.available_width().min(1240.0);
            let margin = (ui.available_width() - width) / 2.0;
            ui.horizontal_top(|ui| {
                ui.add_space(margin);
                ui.vertical(|ui| {
                    ui.set_width(width);
                    menu_body(
                        ui,
                        game,
                        &mut setup,
                        &mut state,
                        &notice,
                        &mut next,
                        &mut load,
                        &mut exit,
                        &mut moscow,
                    );
                });
            });
        });
    windows(ctx, &mut state, &mut load);
    if notice.text.is_some() && !notice.is_error {
        // Table notices (e.g. "Saved") are not for the menu.
        notice.text = None;
    }
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn menu_body(
    ui: &mut egui::Ui,
    game: &eastfront_stalingrad::Stalingrad,
    setup: &mut TableSetup,
    state: &mut MenuState,
    notice: &Notice,
    next: &mut NextState<Screen>,
    load: &mut MessageWriter<LoadRequest>,
    exit: &mut MessageWriter<AppExit>,
    moscow: &mut super::moscow41::menu::MoscowMenu,
) {
    ui.vertical_centered(|ui| {
        ui.add_space(18.0);
        ui.label(
            egui::RichText::new("eastfront")
                .size(44.0)
                .strong()
                .color(egui::Color32::from_rgb(240, 230, 205)),
        );
        ui.label(
            egui::RichText::new("Eastern Front board wargames, by their printed rules")
                .size(16.0)
                .color(egui::Color32::from_rgb(200, 188, 165)),
        );
        ui.add_space(14.0);
    });
    // The game tabs; Moscow '41 draws its own card and form when chosen.
    if !moscow.show(ui, next) {
        ui.columns(2, |cols| {
            game_card(&mut cols[0], game);
            new_game_form(&mut cols[1], game, setup, next);
        });
    }
    ui.add_space(10.0);
    ui.separator();
    ui.horizontal(|ui| {
        let autosave = state.saves.iter().find(|s| s.is_autosave).cloned();
        if let Some(a) = autosave {
            if ui
                .add(egui::Button::new(
                    egui::RichText::new("Continue").size(17.0),
                ))
                .on_hover_text("Resume the last autosaved game")
                .clicked()
            {
                load.write(LoadRequest(a.path.clone()));
            }
        }
        if ui
            .add(egui::Button::new(
                egui::RichText::new("Load a save…").size(17.0),
            ))
            .clicked()
        {
            state.reread_saves();
            state.show_loads = !state.show_loads;
        }
        if ui
            .add(egui::Button::new(
                egui::RichText::new("About / Sources").size(17.0),
            ))
            .clicked()
        {
            state.show_sources = !state.show_sources;
        }
        if ui
            .add(egui::Button::new(egui::RichText::new("Quit").size(17.0)))
            .clicked()
        {
            exit.write(AppExit::Success);
        }
    });
    if let Some(text) = &notice.text {
        let colour = if notice.is_error {
            egui::Color32::from_rgb(255, 140, 120)
        } else {
            egui::Color32::from_rgb(200, 230, 190)
        };
        ui.colored_label(colour, text);
    }
}

fn windows(ctx: &egui::Context, state: &mut MenuState, load: &mut MessageWriter<LoadRequest>) {
    if state.show_loads {
        let mut open = true;
        egui::Window::new("Load a save")
            .open(&mut open)
            .default_width(560.0)
            .pivot(egui::Align2::CENTER_TOP)
            .default_pos(ctx.viewport_rect().center_top() + egui::vec2(0.0, 120.0))
            .show(ctx, |ui| {
                if state.saves.is_empty() {
                    ui.label("No saves yet. Ctrl+S at the table saves a game.");
                }
                if let Some(dir) = &state.folder {
                    ui.small(format!("Folder: {}", dir.display()));
                }
                egui::ScrollArea::vertical()
                    .max_height(420.0)
                    .show(ui, |ui| {
                        for s in &state.saves {
                            let when = s
                                .modified
                                .elapsed()
                                .map(|d| ago(d.as_secs()))
                                .unwrap_or_default();
                            let mode = s.mode.as_deref().unwrap_or("mode not recorded");
                            let title = if s.is_autosave { "Autosave" } else { &s.name };
                            let game = &s.game;
                            if ui
                                .button(format!("{game}  ·  {title}  ·  {mode}  ·  {when}"))
                                .clicked()
                            {
                                load.write(LoadRequest(s.path.clone()));
                            }
                        }
                    });
            });
        state.show_loads = open;
    }
    if state.show_sources {
        let mut open = true;
        egui::Window::new("About / Sources")
            .open(&mut open)
            .default_size([760.0, 640.0])
            .pivot(egui::Align2::CENTER_TOP)
            .default_pos(ctx.viewport_rect().center_top() + egui::vec2(0.0, 60.0))
            .show(ctx, |ui| {
                ui.label(
                    "eastfront plays each game by its printed rules; the rules text lost its \
                     pictures, so the map, blocks and cards were rebuilt. This is where every \
                     value came from (scenarios/stalingrad/SOURCES.md):",
                );
                ui.separator();
                egui::ScrollArea::vertical().show(ui, |ui| {
                    show_markdown(ui, STALINGRAD_SOURCES);
                });
            });
        state.show_sources = open;
    }
}

/// Just enough Markdown for SOURCES.md: headings, paragraphs and list items re-flowed to the
/// window's width, tables in monospace.
fn show_markdown(ui: &mut egui::Ui, text: &str) {
    let clean = |s: &str| s.replace("**", "").replace('`', "");
    let mut paragraph = String::new();
    let flush = |ui: &mut egui::Ui, p: &mut String| {
        if !p.is_empty() {
            ui.label(clean(p));
            p.clear();
        }
    };
    for line in text.lines() {
        let trimmed = line.trim_start();
        let starts_item = trimmed.starts_with("- ")
            || trimmed
                .split_once(". ")
                .is_some_and(|(n, _)| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
        if line.trim().is_empty() {
            flush(ui, &mut paragraph);
        } else if let Some(h) = line.strip_prefix('#') {
            flush(ui, &mut paragraph);
            let level = h.chars().take_while(|c| *c == '#').count();
            let size = [20.0, 17.0, 15.5][level.min(2)];
            ui.add_space(6.0);
            ui.label(
                egui::RichText::new(clean(h.trim_start_matches('#').trim()))
                    .size(size)
                    .strong(),
            );
        } else if trimmed.starts_with('|') {
            flush(ui, &mut paragraph);
            ui.label(egui::RichText::new(line).monospace().size(12.0));
        } else if starts_item {
            flush(ui, &mut paragraph);
            paragraph.push_str(if line.starts_with(' ') { "    " } else { "" });
            paragraph.push_str(trimmed);
        } else {
            if !paragraph.is_empty() {
                paragraph.push(' ');
            }
            paragraph.push_str(trimmed);
        }
    }
    flush(ui, &mut paragraph);
}

fn ago(secs: u64) -> String {
    match secs {
        0..=59 => "just now".into(),
        60..=3599 => format!("{} min ago", secs / 60),
        3600..=86_399 => format!("{} h ago", secs / 3600),
        _ => format!("{} days ago", secs / 86_400),
    }
}

/// The game's card: a thumbnail of the board drawn from the map data, and what it is.
fn game_card(ui: &mut egui::Ui, game: &eastfront_stalingrad::Stalingrad) {
    egui::Frame::group(ui.style())
        .fill(egui::Color32::from_rgb(66, 58, 49))
        .show(ui, |ui| {
            ui.label(
                egui::RichText::new(game.title())
                    .size(22.0)
                    .strong()
                    .color(egui::Color32::from_rgb(245, 235, 210)),
            );
            ui.label("23 August – 19 November 1942 · VentoNuovo Games (2018)");
            ui.add_space(6.0);
            let (rect, _) = ui.allocate_exact_size(egui::vec2(440.0, 250.0), egui::Sense::hover());
            draw_thumbnail(ui.painter(), rect, game);
            ui.add_space(6.0);
            ui.label(
                "Street by street from the Volga: 109 hexes, 93 wooden blocks with fog of war, \
                 card decks and rubble. The Soviet deck is the clock; the official solitaire \
                 rules play the defenders.",
            );
        });
}

fn draw_thumbnail(
    painter: &egui::Painter,
    rect: egui::Rect,
    game: &eastfront_stalingrad::Stalingrad,
) {
    use super::board::hex_to_world;
    let board = &game.board;
    let mut min = egui::pos2(f32::MAX, f32::MAX);
    let mut max = egui::pos2(f32::MIN, f32::MIN);
    let pts: Vec<egui::Pos2> = board
        .hexes
        .iter()
        .map(|h| hex_to_world(h.hex))
        .chain(board.volga.iter().map(|h| hex_to_world(*h)))
        .map(|p| egui::pos2(p.x, -p.y))
        .collect();
    for p in &pts {
        min = min.min(*p);
        max = max.max(*p);
    }
    let size = super::board::HEX_SIZE;
    let span = (max - min) + egui::vec2(2.0 * size, 2.0 * size);
    let scale = (rect.width() / span.x).min(rect.height() / span.y);
    let origin = rect.center() - (min.to_vec2() + (max - min) / 2.0) * scale;
    painter.rect_filled(rect, 4.0, egui::Color32::from_rgb(226, 216, 192));
    let to_screen = |p: egui::Pos2| origin + p.to_vec2() * scale;
    let corners = hex_corners(size * scale * 0.98);
    let hexagon = |c: egui::Pos2| -> Vec<egui::Pos2> {
        corners.iter().map(|k| c + egui::vec2(k.x, -k.y)).collect()
    };
    for h in &board.volga {
        let p = hex_to_world(*h);
        painter.add(egui::Shape::convex_polygon(
            hexagon(to_screen(egui::pos2(p.x, -p.y))),
            egui::Color32::from_rgb(120, 163, 204),
            egui::Stroke::NONE,
        ));
    }
    for h in &board.hexes {
        let p = hex_to_world(h.hex);
        let fill = match h.terrain {
            Terrain::Clear => egui::Color32::from_rgb(235, 224, 189),
            Terrain::Difficult => egui::Color32::from_rgb(158, 158, 97),
            Terrain::Urban => egui::Color32::from_rgb(160, 158, 154),
        };
        painter.add(egui::Shape::convex_polygon(
            hexagon(to_screen(egui::pos2(p.x, -p.y))),
            fill,
            egui::Stroke::new(0.6, egui::Color32::from_rgb(92, 82, 66)),
        ));
    }
}

fn new_game_form(
    ui: &mut egui::Ui,
    game: &eastfront_stalingrad::Stalingrad,
    setup: &mut TableSetup,
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
            for p in PlayMode::ALL {
                ui.radio_value(&mut setup.play, p, p.label())
                    .on_hover_text(p.brief());
            }
            ui.small(setup.play.brief());
            ui.add_space(6.0);
            ui.horizontal(|ui| {
                ui.strong("Designer's Variant (rules §9.4)");
                egui::ComboBox::from_id_salt("variant")
                    .selected_text(variant_label(setup.variant))
                    .show_ui(ui, |ui| {
                        for v in [
                            None,
                            Some(Level::Normal),
                            Some(Level::GermanEasy),
                            Some(Level::SovietEasy),
                            Some(Level::GermanImpossible),
                        ] {
                            ui.selectable_value(&mut setup.variant, v, variant_label(v));
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
                        .unwrap_or(1942);
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
                next.set(Screen::Table);
            }
        });
}

fn load_failure_window(mut contexts: EguiContexts, mut failure: ResMut<LoadFailure>) -> Result {
    let Some(message) = failure.0.clone() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let mut close = false;
    egui::Window::new("This save cannot be loaded")
        .collapsible(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .show(ctx, |ui| {
            ui.label(egui::RichText::new(&message).color(egui::Color32::from_rgb(255, 150, 130)));
            ui.label("Your other saves are untouched.");
            if ui.button("OK").clicked() {
                close = true;
            }
        });
    if close {
        failure.0 = None;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::MenuState;
    use crate::app::saves::SavesFolder;

    /// The Load list and Continue read the folder saves go to: the app's `SavesFolder` when
    /// one is set, never another.
    #[test]
    fn the_load_list_reads_the_saves_folder_set_for_the_app() {
        use crate::app::moscow41::session::{M41Rules, M41Setup, M41Table};
        let dir = std::env::temp_dir().join(format!("eastfront-menu-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let table = M41Table::new(M41Rules::leak_builtin(), &M41Setup::default()).unwrap();
        crate::app::moscow41::saves::save_to(&table, &dir.join("listed.ron")).unwrap();
        // The menu's system that reads the list on entering the menu.
        use bevy::ecs::system::RunSystemOnce;
        let mut world = bevy::prelude::World::new();
        world.init_resource::<MenuState>();
        world.insert_resource(SavesFolder(dir.clone()));
        world.run_system_once(super::refresh_saves).unwrap();
        let state = world.resource::<MenuState>();
        assert_eq!(state.folder.as_deref(), Some(dir.as_path()));
        assert_eq!(state.saves.len(), 1);
        assert_eq!(state.saves[0].name, "listed");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
