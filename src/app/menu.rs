//! The main menu (egui), the same for every game of the registry: the game tabs, the chosen
//! game's card (a thumbnail drawn from its map data, what it is) and its new-game form (the
//! scenario, who plays, the computer's level, a variant, the seed); then Continue (the
//! autosave), Load and Replay a save, About / Sources and Quit.

use super::screens::Screen;
use super::settings::{saves_folder, SavesFolder};
use super::table::desc::{MapDesc, SpaceShape};
use super::table::game::{NewGame, SetupSpec};
use super::table::replay::ReplayOnOpen;
use super::table::rule_switch::Toggle;
use super::table::saves::{list_saves_in, LoadFailure, LoadRequest, SaveEntry};
use super::table::{Notice, PendingTable};
use super::ui::interface_size::{self, InterfaceSize};
use super::ui::palette::{self, Palette};
use crate::app::table::thinking::{self, ThinkingTime};
use crate::registry::{GameEntry, GAMES};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{egui, EguiContexts, EguiPrimaryContextPass};

#[derive(Resource, Default)]
struct MenuState {
    /// The game tab chosen (index into the registry).
    game: usize,
    /// Each game's form, kept while the player switches tabs.
    forms: Vec<NewGame>,
    /// Each game's thumbnail outlines, made once.
    thumbs: Vec<Option<Thumb>>,
    show_sources: bool,
    show_loads: bool,
    /// The folder the Load list and Continue read: the app's [`SavesFolder`] when one is set
    /// (tests, a portable install), else the per-user folder — the one saves are written to.
    folder: Option<std::path::PathBuf>,
    saves: Vec<SaveEntry>,
}

/// A game's board in miniature: each space's outline and colour, and the bounds.
struct Thumb {
    spaces: Vec<(Vec<Vec2>, egui::Color32)>,
    bounds: Rect,
}

impl Thumb {
    fn of(map: &MapDesc) -> Thumb {
        let spaces = map
            .spaces
            .iter()
            .map(|s| {
                let pts = crate::app::map::outline_of(map, &s.shape);
                let pts = match s.shape {
                    SpaceShape::Hex(_) => pts,
                    SpaceShape::Polygon(_) => pts,
                };
                (pts, super::ui::style::egui_colour(s.fill))
            })
            .collect();
        Thumb {
            spaces,
            bounds: map.bounds,
        }
    }

    fn draw(&self, painter: &egui::Painter, rect: egui::Rect) {
        painter.rect_filled(rect, 4.0, egui::Color32::from_rgb(226, 216, 192));
        let b = self.bounds;
        let scale = (rect.width() / b.width()).min(rect.height() / b.height());
        let to_screen = |p: Vec2| {
            rect.center() + egui::vec2((p.x - b.center().x) * scale, -(p.y - b.center().y) * scale)
        };
        for (pts, fill) in &self.spaces {
            let pts: Vec<egui::Pos2> = pts.iter().map(|p| to_screen(*p)).collect();
            // egui fills convex shapes only; the outline reads well enough for a thumbnail.
            painter.add(egui::Shape::convex_polygon(
                pts.clone(),
                *fill,
                egui::Stroke::NONE,
            ));
            painter.add(egui::Shape::closed_line(
                pts,
                egui::Stroke::new(0.5, egui::Color32::from_rgb(92, 82, 66)),
            ));
        }
    }
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

/// The first choice of each kind a game offers: its form before the player changes it.
pub fn default_form(spec: &SetupSpec) -> NewGame {
    NewGame {
        scenario: spec
            .scenarios
            .first()
            .map(|s| s.id.clone())
            .unwrap_or_default(),
        mode: spec
            .modes
            .first()
            .map(|m| m.choice.id.to_string())
            .unwrap_or_default(),
        level: spec
            .levels
            .get(1)
            .or(spec.levels.first())
            .map(|l| l.id.to_string())
            .unwrap_or_default(),
        variant: spec
            .variants
            .first()
            .map(|v| v.id.to_string())
            .unwrap_or_default(),
        changed_rules: Vec::new(),
        names: Default::default(),
        seed: spec.default_seed,
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MenuState>()
        .add_systems(OnEnter(Screen::Menu), refresh_saves)
        .add_systems(
            EguiPrimaryContextPass,
            (menu_ui, load_failure_window)
                .chain()
                .after(super::ui::style::apply_style_once)
                .run_if(in_state(Screen::Menu)),
        );
}

fn refresh_saves(mut state: ResMut<MenuState>, folder: Option<Res<SavesFolder>>) {
    state.folder = saves_folder(folder.as_deref());
    state.reread_saves();
    if state.forms.len() != GAMES.len() {
        state.forms = GAMES
            .iter()
            .map(|g| default_form(&g.setup_spec()))
            .collect();
        state.thumbs = GAMES.iter().map(|_| None).collect();
    }
}

/// What the menu asks for this frame.
#[derive(Default)]
struct Asked {
    start: Option<(&'static str, NewGame)>,
    load: Option<std::path::PathBuf>,
    replay: Option<std::path::PathBuf>,
    quit: bool,
    /// The interface size shown now, and the one picked.
    size_now: InterfaceSize,
    size: Option<InterfaceSize>,
    /// The highlight palette shown now, and the one picked.
    palette_now: Palette,
    palette: Option<Palette>,
    /// The computer's thinking time shown now, and the one picked.
    thinking_now: ThinkingTime,
    thinking: Option<ThinkingTime>,
}

/// Where the menu's answers go: the table to open, a save to load or replay, quitting.
#[derive(SystemParam)]
struct MenuOut<'w, 's> {
    commands: Commands<'w, 's>,
    next: ResMut<'w, NextState<Screen>>,
    load: MessageWriter<'w, LoadRequest>,
    replay_on_open: ResMut<'w, ReplayOnOpen>,
    exit: MessageWriter<'w, AppExit>,
    size: ResMut<'w, InterfaceSize>,
    palette: ResMut<'w, Palette>,
    thinking: ResMut<'w, ThinkingTime>,
}

fn menu_ui(
    mut contexts: EguiContexts,
    mut state: ResMut<MenuState>,
    mut notice: ResMut<Notice>,
    mut out: MenuOut,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if state.forms.len() != GAMES.len() {
        state.forms = GAMES
            .iter()
            .map(|g| default_form(&g.setup_spec()))
            .collect();
        state.thumbs = GAMES.iter().map(|_| None).collect();
    }
    let mut root = egui::Ui::new(
        ctx.clone(),
        "menu".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    let mut asked = Asked {
        size_now: *out.size,
        palette_now: *out.palette,
        thinking_now: *out.thinking,
        ..default()
    };
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
                    body(ui, &mut state, &notice, &mut asked);
                });
            });
        });
    windows(ctx, &mut state, &mut asked);
    if notice.text.is_some() && !notice.is_error {
        // Table notices (e.g. "Saved") are not for the menu.
        notice.text = None;
    }
    if let Some((game, new)) = asked.start {
        out.commands.insert_resource(PendingTable { game, new });
        out.next.set(Screen::Table);
    }
    if let Some(path) = asked.load {
        out.load.write(LoadRequest(path));
    }
    if let Some(path) = asked.replay {
        out.replay_on_open.0 = true;
        out.load.write(LoadRequest(path));
    }
    if asked.quit {
        out.exit.write(AppExit::Success);
    }
    if let Some(size) = asked.size {
        *out.size = size;
        super::settings::remember(|s| s.interface_size = Some(size.0));
    }
    if let Some(palette) = asked.palette {
        *out.palette = palette;
        super::settings::remember(|s| s.palette = Some(palette.word().into()));
    }
    if let Some(time) = asked.thinking {
        *out.thinking = time;
        super::settings::remember(|s| s.thinking_ms = Some(time.millis()));
    }
    Ok(())
}

fn body(ui: &mut egui::Ui, state: &mut MenuState, notice: &Notice, asked: &mut Asked) {
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
    // The game tabs, one per game of the registry.
    ui.horizontal(|ui| {
        ui.label(egui::RichText::new("Game").size(17.0).strong());
        for (k, g) in GAMES.iter().enumerate() {
            let text = egui::RichText::new(g.title()).size(17.0);
            if ui.selectable_label(state.game == k, text).clicked() {
                state.game = k;
            }
        }
    });
    ui.add_space(6.0);
    let k = state.game.min(GAMES.len() - 1);
    let g = GAMES[k];
    if state.thumbs[k].is_none() {
        state.thumbs[k] = Some(Thumb::of(&g.map()));
    }
    ui.columns(2, |cols| {
        card(&mut cols[0], g, state.thumbs[k].as_ref());
        let thinking = (asked.thinking_now, &mut asked.thinking);
        if form(&mut cols[1], g, &mut state.forms[k], thinking) {
            asked.start = Some((g.id(), state.forms[k].clone()));
        }
    });
    ui.add_space(10.0);
    ui.separator();
    ui.horizontal(|ui| {
        let big = |t: &str| egui::Button::new(egui::RichText::new(t).size(17.0));
        if let Some(a) = state.saves.iter().find(|s| s.is_autosave) {
            // One autosave for every game: the button names the game it resumes.
            let title = a
                .game
                .as_deref()
                .and_then(crate::registry::game)
                .map(|g| g.title());
            let words = match title {
                Some(t) => format!("Continue {t}"),
                None => "Continue".to_string(),
            };
            let hover = match &a.mode {
                Some(m) => format!("Resume the last autosaved game ({m})"),
                None => "Resume the last autosaved game".to_string(),
            };
            if ui.add(big(&words)).on_hover_text(hover).clicked() {
                asked.load = Some(a.path.clone());
            }
        }
        if ui.add(big("Load or replay a save…")).clicked() {
            state.reread_saves();
            state.show_loads = !state.show_loads;
        }
        if ui.add(big("About / Sources")).clicked() {
            state.show_sources = !state.show_sources;
        }
        if ui.add(big("Quit")).clicked() {
            asked.quit = true;
        }
        ui.add_space(16.0);
        asked.size = interface_size::chooser(ui, asked.size_now);
        asked.palette = palette::chooser(ui, asked.palette_now);
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

/// The game's card: a thumbnail of the board drawn from the map data, and what it is.
fn card(ui: &mut egui::Ui, g: &dyn GameEntry, thumb: Option<&Thumb>) {
    let c = g.card();
    egui::Frame::group(ui.style())
        .fill(egui::Color32::from_rgb(66, 58, 49))
        .show(ui, |ui| {
            ui.label(
                egui::RichText::new(c.title)
                    .size(22.0)
                    .strong()
                    .color(egui::Color32::from_rgb(245, 235, 210)),
            );
            ui.label(format!("{} · {}", c.years, c.designer));
            ui.add_space(6.0);
            let (rect, _) = ui.allocate_exact_size(egui::vec2(440.0, 300.0), egui::Sense::hover());
            if let Some(t) = thumb {
                t.draw(ui.painter(), rect);
            }
            ui.add_space(6.0);
            ui.label(c.blurb);
        });
}

/// The computer's thinking time shown now, and where a new pick goes.
type ThinkingPick<'a> = (ThinkingTime, &'a mut Option<ThinkingTime>);

/// The new-game form from the game's setup spec. Returns true when "Start" is clicked.
fn form(ui: &mut egui::Ui, g: &dyn GameEntry, f: &mut NewGame, thinking: ThinkingPick) -> bool {
    let spec = g.setup_spec();
    let mut start = false;
    egui::Frame::group(ui.style())
        .fill(egui::Color32::from_rgb(66, 58, 49))
        .show(ui, |ui| {
            ui.heading("New game");
            ui.add_space(4.0);
            // The choices scroll where the window is short; "Start the game" stays in view.
            let room = (ui.available_height() - 140.0).max(220.0);
            egui::ScrollArea::vertical()
                .id_salt(("form", g.id()))
                .max_height(room)
                .show(ui, |ui| choices(ui, &spec, g, f, thinking));
            ui.add_space(10.0);
            if ui
                .add_sized(
                    [220.0, 40.0],
                    egui::Button::new(egui::RichText::new("Start the game").size(20.0).strong()),
                )
                .clicked()
            {
                start = true;
            }
        });
    start
}

/// The form's choices: scenario, who plays, the computer's level, variant, optional rules, seed.
fn choices(
    ui: &mut egui::Ui,
    spec: &SetupSpec,
    g: &dyn GameEntry,
    f: &mut NewGame,
    (thinking_now, thinking): ThinkingPick,
) {
    let game = g.id();
    ui.strong("Scenario");
    for s in &spec.scenarios {
        ui.radio_value(&mut f.scenario, s.id.clone(), &s.name)
            .on_hover_text(&s.brief);
    }
    // Only the chosen scenario's brief, as for the modes: six briefs pushed the level and the
    // thinking time under the fold.
    if let Some(s) = spec.scenarios.iter().find(|s| s.id == f.scenario) {
        ui.small(&s.brief);
    }
    ui.add_space(6.0);
    ui.strong("Who plays");
    for m in &spec.modes {
        ui.radio_value(&mut f.mode, m.choice.id.to_string(), m.choice.label)
            .on_hover_text(m.choice.brief);
    }
    if let Some(m) = spec.modes.iter().find(|m| m.choice.id == f.mode) {
        ui.small(m.choice.brief);
        if m.humans.len() >= 2 {
            player_names(ui, g, f);
        }
    }
    let mut level_picked = false;
    if !spec.levels.is_empty() {
        ui.add_space(6.0);
        let vs_computer = spec
            .modes
            .iter()
            .find(|m| m.choice.id == f.mode)
            .is_none_or(|m| m.levels_apply);
        ui.add_enabled_ui(vs_computer, |ui| {
            ui.horizontal(|ui| {
                ui.strong("Computer level");
                for l in &spec.levels {
                    level_picked |= ui
                        .radio_value(&mut f.level, l.id.to_string(), l.label)
                        .on_hover_text(l.brief)
                        .changed();
                }
            });
            // What the chosen level is, as the modes say what theirs is.
            if let Some(l) = spec.levels.iter().find(|l| l.id == f.level) {
                ui.small(l.brief);
            }
        });
    }
    // The thinking time: the Search level's and the hint's, in every mode (the hint helps
    // hot-seat players too).
    let row = ui.horizontal(|ui| {
        if let Some(t) = thinking::chooser(ui, thinking_now) {
            *thinking = Some(t);
        }
    });
    // A level just picked brings the thinking time into view (Search reads it).
    if level_picked {
        row.response.scroll_to_me(None);
    }
    if !spec.variants.is_empty() {
        ui.add_space(6.0);
        ui.horizontal(|ui| {
            ui.strong("Variant");
            let shown = spec
                .variants
                .iter()
                .find(|v| v.id == f.variant)
                .map(|v| v.label)
                .unwrap_or("—");
            egui::ComboBox::from_id_salt(("variant", game))
                .selected_text(shown)
                .show_ui(ui, |ui| {
                    for v in &spec.variants {
                        ui.selectable_value(&mut f.variant, v.id.to_string(), v.label)
                            .on_hover_text(v.brief);
                    }
                });
        });
    }
    if !spec.rules.is_empty() {
        ui.add_space(6.0);
        rule_boxes(ui, &spec.rules, &mut f.changed_rules, game);
    }
    ui.horizontal(|ui| {
        ui.strong("Seed");
        ui.add(egui::DragValue::new(&mut f.seed).speed(1.0));
        if ui
            .button("New seed")
            .on_hover_text("The same seed and choices replay the same dice")
            .clicked()
        {
            f.seed = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_nanos() as u64 % 1_000_000)
                .unwrap_or(spec.default_seed);
        }
    });
}

fn windows(ctx: &egui::Context, state: &mut MenuState, asked: &mut Asked) {
    if state.show_loads {
        let mut open = true;
        egui::Window::new("Load or replay a save")
            .open(&mut open)
            .default_width(640.0)
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
                            let game = s
                                .game
                                .as_deref()
                                .and_then(crate::registry::game)
                                .map(|g| g.title())
                                .unwrap_or("not a readable save");
                            let mode = s.mode.as_deref().unwrap_or("mode not recorded");
                            let title = if s.is_autosave { "Autosave" } else { &s.name };
                            ui.horizontal(|ui| {
                                if ui
                                    .button(format!("{game}  ·  {title}  ·  {mode}  ·  {when}"))
                                    .clicked()
                                {
                                    asked.load = Some(s.path.clone());
                                }
                                if ui
                                    .small_button("Replay")
                                    .on_hover_text("Step through it from the start")
                                    .clicked()
                                {
                                    asked.replay = Some(s.path.clone());
                                }
                            });
                        }
                    });
            });
        state.show_loads = open;
    }
    if state.show_sources {
        let mut open = true;
        let g = GAMES[state.game.min(GAMES.len() - 1)];
        egui::Window::new(format!("About / Sources — {}", g.title()))
            .open(&mut open)
            .default_size([760.0, 640.0])
            .pivot(egui::Align2::CENTER_TOP)
            .default_pos(ctx.viewport_rect().center_top() + egui::vec2(0.0, 60.0))
            .show(ctx, |ui| {
                ui.label(
                    "eastfront plays each game by its printed rules; the rules text lost its \
                     pictures, so the map, pieces and cards were rebuilt. This is where every \
                     value came from, and which values are reconstructed:",
                );
                ui.separator();
                egui::ScrollArea::vertical().show(ui, |ui| {
                    show_markdown(ui, g.sources());
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

/// A name for each player sharing the screen (UX.md "hot-seat: a name per side"): the handoff
/// curtain calls them by it.
fn player_names(ui: &mut egui::Ui, g: &dyn GameEntry, f: &mut NewGame) {
    for (seat, role) in g.human_seat_names(f) {
        ui.horizontal(|ui| {
            ui.label(format!("{role} player's name"));
            let name = f.names.entry(seat.0).or_default();
            ui.add(
                egui::TextEdit::singleline(name)
                    .desired_width(160.0)
                    .hint_text("optional"),
            );
        });
    }
}

/// The optional rules and readings as check boxes, folded away under a line that counts those
/// changed from the default.
fn rule_boxes(ui: &mut egui::Ui, toggles: &[Toggle], changed: &mut Vec<String>, game: &str) {
    let title = match changed.len() {
        0 => "Optional rules: as printed".to_string(),
        1 => "Optional rules: 1 change".to_string(),
        n => format!("Optional rules: {n} changes"),
    };
    egui::CollapsingHeader::new(egui::RichText::new(title).strong())
        .id_salt(("rules", game))
        .show(ui, |ui| {
            boxes(ui, toggles, changed);
            if !changed.is_empty() && ui.small_button("Back to the rules as printed").clicked() {
                changed.clear();
            }
        });
}

fn boxes(ui: &mut egui::Ui, toggles: &[Toggle], changed: &mut Vec<String>) {
    for t in toggles {
        let flipped = changed.iter().any(|x| x == t.id);
        let mut checked = t.on_by_default != flipped;
        if ui
            .checkbox(&mut checked, t.label)
            .on_hover_text(t.brief)
            .changed()
        {
            changed.retain(|x| x != t.id);
            if checked != t.on_by_default {
                changed.push(t.id.to_string());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The Load list and Continue read the folder saves go to: the app's `SavesFolder` when
    /// one is set, never another; each save is listed by what its header says.
    #[test]
    fn the_load_list_reads_the_saves_folder_set_for_the_app() {
        let dir = std::env::temp_dir().join(format!("eastfront-menu-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let id = GAMES[0].id();
        let header = format!(
            "(format: \"eastfront-save\", version: 1, game: \"{id}\", meta: {{\"play\": \"x\"}})"
        );
        std::fs::write(dir.join("listed.ron"), header).unwrap();
        use bevy::ecs::system::RunSystemOnce;
        let mut world = World::new();
        world.init_resource::<MenuState>();
        world.insert_resource(SavesFolder(dir.clone()));
        world.run_system_once(refresh_saves).unwrap();
        let state = world.resource::<MenuState>();
        assert_eq!(state.folder.as_deref(), Some(dir.as_path()));
        assert_eq!(state.saves.len(), 1);
        assert_eq!(state.saves[0].name, "listed");
        assert_eq!(state.saves[0].game.as_deref(), Some(id));
        assert_eq!(state.saves[0].mode.as_deref(), Some("x"));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
