//! The egui side of the table: the top bar (turn, phase, decks, casualties, rubble), the side
//! panel (prompt with its rule, the legal choices as buttons, the Planned Attack builder, dice,
//! reference sections, the log), the battle window, the "which one?" chooser, hover info and
//! the end of the game. Everything shown comes from the viewer's `View`; every button is a
//! legal action the rules listed.

use super::ai_driver::AiStatus;
use super::ai_pace::{AiPace, AiPlayback, AiSpeed};
use super::board::HighlightKind;
use super::camera::{FitRequested, MapCamera, PanelInsets};
use super::hotseat::Eyes;
use super::input::{Gesture, Hovered, MapGestures, PanelPreview, PendingChoices, Selection};
use super::loading::{UI_FONT, UI_FONT_BOLD};
use super::pieces::PiecesHidden;
use super::saves::SaveRequest;
use super::screens::Screen;
use super::table::{Notice, PlayerChoice, Rules, Table, TableView, UndoRequest};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{egui, EguiContexts, EguiPrimaryContextPass};
use eastfront_kernel::{Seat, Side, SpaceId};
use eastfront_stalingrad::board::Board;
use eastfront_stalingrad::data::{Firepower, Terrain};
use eastfront_stalingrad::view::{terrain_effects, BlockFace, View};
use eastfront_stalingrad::{Action, CardId, EventKind, Phase, UnitId};
use std::sync::Arc;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AttackPlanner>()
        .init_resource::<PanelState>()
        .add_systems(OnEnter(Screen::Table), |mut p: ResMut<PanelState>| {
            *p = PanelState::default()
        })
        .add_systems(
            EguiPrimaryContextPass,
            (apply_style_once, table_ui, hidden_blocks_banner)
                .chain()
                .run_if(in_state(Screen::Table).and_then(resource_exists::<Table>)),
        );
}

/// While the blocks are hidden (Shift+H) a banner over the map says so, with a Show button.
fn hidden_blocks_banner(
    mut contexts: EguiContexts,
    mut hidden: ResMut<PiecesHidden>,
    insets: Res<PanelInsets>,
) -> Result {
    if !hidden.0 {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let map_centre = (insets.left - insets.right) / 2.0;
    egui::Area::new(egui::Id::new("blocks-hidden"))
        .order(egui::Order::Foreground)
        .anchor(
            egui::Align2::CENTER_TOP,
            egui::vec2(map_centre, insets.top + 10.0),
        )
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style())
                .fill(egui::Color32::from_rgb(120, 70, 30))
                .show(ui, |ui| {
                    ui.horizontal(|ui| {
                        ui.label(
                            egui::RichText::new("Blocks hidden — press Shift+H to show them")
                                .size(17.0)
                                .strong(),
                        );
                        if ui.button("Show").clicked() {
                            hidden.0 = false;
                        }
                    });
                });
        });
    Ok(())
}

// ------------------------------------------------------------------ style

/// DejaVu Sans for every egui text and a warm, muted theme; once per program.
pub fn apply_style_once(mut contexts: EguiContexts, mut done: Local<bool>) -> Result {
    if *done {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut fonts = egui::FontDefinitions::default();
    fonts.font_data.insert(
        "dejavu".into(),
        Arc::new(egui::FontData::from_static(UI_FONT)),
    );
    fonts.font_data.insert(
        "dejavu-bold".into(),
        Arc::new(egui::FontData::from_static(UI_FONT_BOLD)),
    );
    if let Some(f) = fonts.families.get_mut(&egui::FontFamily::Proportional) {
        f.insert(0, "dejavu".into());
    }
    fonts.families.insert(
        egui::FontFamily::Name("bold".into()),
        vec!["dejavu-bold".into(), "dejavu".into()],
    );
    ctx.set_fonts(fonts);
    let mut visuals = egui::Visuals::dark();
    visuals.panel_fill = egui::Color32::from_rgb(44, 40, 35);
    visuals.window_fill = egui::Color32::from_rgb(52, 47, 41);
    visuals.extreme_bg_color = egui::Color32::from_rgb(34, 31, 27);
    visuals.override_text_color = Some(egui::Color32::from_rgb(232, 224, 206));
    visuals.selection.bg_fill = egui::Color32::from_rgb(150, 110, 40);
    // Unticked radio buttons and checkboxes must stand out from the panel.
    visuals.widgets.inactive.bg_fill = egui::Color32::from_rgb(88, 80, 68);
    visuals.widgets.inactive.weak_bg_fill = egui::Color32::from_rgb(72, 65, 56);
    visuals.widgets.hovered.weak_bg_fill = egui::Color32::from_rgb(100, 90, 74);
    ctx.set_visuals(visuals);
    ctx.all_styles_mut(|style| {
        for (text_style, font) in style.text_styles.iter_mut() {
            font.size = match text_style {
                egui::TextStyle::Heading => 21.0,
                egui::TextStyle::Body | egui::TextStyle::Button => 15.0,
                egui::TextStyle::Small => 12.5,
                egui::TextStyle::Monospace => 14.0,
                _ => font.size,
            };
        }
        style.spacing.button_padding = egui::vec2(8.0, 4.0);
        style.spacing.item_spacing = egui::vec2(8.0, 6.0);
    });
    *done = true;
    Ok(())
}

// ------------------------------------------------------------------ state

/// The Planned Attack being put together in the side panel (rules §6.7.6).
#[derive(Resource, Default, Clone, PartialEq)]
pub struct AttackPlanner {
    pub target: Option<SpaceId>,
    pub from: Vec<SpaceId>,
    pub cards: Vec<CardId>,
}

#[derive(Resource, Default)]
struct PanelState {
    /// Log length when the dice tray last saw a roll, and when it was rolled.
    dice_seen: usize,
    dice_rolled_at: f64,
    dice: Vec<u8>,
    /// The log entry of the roll (its words depend on who is looking, so they are read anew).
    dice_entry: usize,
    /// An end-of-phase choice waiting for "are you sure?", and why it is asked.
    confirm: Option<(Action, String)>,
    /// The AI's suggestion for the player and the table revision it was made for.
    hint: Option<(u64, Action)>,
}

/// The AI speed, the playback and the map camera (to keep the battle window off its hex).
#[derive(SystemParam)]
struct Watch<'w, 's> {
    pace: ResMut<'w, AiPace>,
    playback: ResMut<'w, AiPlayback>,
    camera: Query<'w, 's, (&'static Camera, &'static GlobalTransform), With<MapCamera>>,
}

#[derive(SystemParam)]
struct Outbox<'w> {
    choices: MessageWriter<'w, PlayerChoice>,
    undo: MessageWriter<'w, UndoRequest>,
    save: MessageWriter<'w, SaveRequest>,
    next_screen: ResMut<'w, NextState<Screen>>,
    fit: ResMut<'w, FitRequested>,
}

#[derive(SystemParam)]
struct MapSide<'w> {
    sel: ResMut<'w, Selection>,
    pending: ResMut<'w, PendingChoices>,
    preview: ResMut<'w, PanelPreview>,
    hovered: Res<'w, Hovered>,
    gestures: Res<'w, MapGestures>,
    insets: ResMut<'w, PanelInsets>,
}

/// Everything the panels read to describe the table.
struct Ctx<'a> {
    board: &'a Board,
    view: &'a View,
    side: Option<Side>,
    seat: Option<Seat>,
    table: &'a Table,
}

impl Ctx<'_> {
    fn hex(&self, id: SpaceId) -> String {
        let name = self.board.hex_name(id);
        if name.parse::<u32>().is_ok() {
            format!("hex {name}")
        } else {
            name.to_string()
        }
    }

    fn hexes(&self, ids: &[SpaceId]) -> String {
        ids.iter()
            .map(|h| self.board.hex_name(*h).to_string())
            .collect::<Vec<_>>()
            .join(" + ")
    }

    /// A unit's label as the viewer may know it.
    fn unit(&self, u: UnitId) -> String {
        let faces = self
            .view
            .blocks
            .iter()
            .filter_map(|b| b.face.as_ref())
            .chain(
                self.view
                    .combat
                    .iter()
                    .flat_map(|c| c.german.iter().chain(&c.soviet)),
            )
            .chain(&self.view.casualties)
            .chain(&self.view.eliminated);
        for f in faces {
            if f.unit == u {
                return format!("{} ({})", f.label, f.strength);
            }
        }
        // Units of the acting player that are off the map (being placed): their own blocks.
        if Some(self.board.unit_side[u.0 as usize]) == self.side {
            return self.board.unit(u).label.clone();
        }
        "a hidden block".into()
    }

    fn units(&self, us: &[UnitId]) -> String {
        us.iter()
            .map(|u| self.unit(*u))
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn card(&self, c: CardId) -> String {
        self.view
            .german_hand
            .iter()
            .chain(&self.view.soviet_hand)
            .chain(&self.view.leaders_in_play)
            .find(|v| v.card == c)
            .map(|v| v.name.clone())
            .unwrap_or_else(|| self.board.card(c).name.clone())
    }

    fn cards(&self, cs: &[CardId]) -> String {
        if cs.is_empty() {
            "no card".into()
        } else {
            cs.iter()
                .map(|c| self.card(*c))
                .collect::<Vec<_>>()
                .join(" + ")
        }
    }

    fn in_short_moves(&self) -> bool {
        matches!(self.table.session.state().phase, Phase::ShortMoves { .. })
    }

    /// A player's words for a legal action.
    fn action(&self, a: &Action) -> String {
        match a {
            Action::CallReinforcements => "Call for Reinforcements (§6.7.1)".into(),
            Action::EndShortMoves if self.in_short_moves() => "End Short Moves".into(),
            Action::EndShortMoves => "Pass: Short Moves with no move (§6.7.4)".into(),
            Action::LongMove { from, path } => {
                format!("Long Move {} → {}", self.hex(*from), self.hexes(path))
            }
            Action::ShortMove { units, to } => {
                format!("Short Move {} → {}", self.units(units), self.hex(*to))
            }
            Action::QuickAttack { units, to, target } => format!(
                "Quick Attack: {} into {}, attacking {}",
                self.units(units),
                self.hex(*to),
                self.hex(*target)
            ),
            Action::PlannedAttack {
                target,
                from,
                cards,
            } => format!(
                "Planned Attack on {} from {} with {}",
                self.hex(*target),
                self.hexes(from),
                self.cards(cards)
            ),
            Action::Place { unit, hex } => {
                format!("Place {} in {}", self.unit(*unit), self.hex(*hex))
            }
            Action::EndPlacement => "Done placing (the rest go back to the table)".into(),
            Action::Choose { unit } => format!("Choose {}", self.unit(*unit)),
            Action::SovietCard { card: None } => "Play no card".into(),
            Action::SovietCard { card: Some(c) } => format!("Play {}", self.card(*c)),
            Action::Advance { unit } => format!("Advance {}", self.unit(*unit)),
            Action::EndAdvance => "Stop advancing".into(),
            Action::Blitz { unit, to } => format!("Blitz {} → {}", self.unit(*unit), self.hex(*to)),
            Action::EndBlitz => "No (more) Blitz".into(),
            Action::SovietReinforce => "Reinforcement Action".into(),
            Action::SovietMovement => "Movement Action".into(),
            Action::SovietDraw => "Draw Action (draw a card)".into(),
            Action::SovietMove { unit, to } => {
                format!("Move {} → {}", self.unit(*unit), self.hex(*to))
            }
            Action::SovietAttack { from, target } => {
                format!("Attack {} from {}", self.hex(*target), self.hex(*from))
            }
        }
    }

    /// The hexes an action concerns, for the hover preview on the map.
    fn action_hexes(&self, a: &Action) -> Vec<(SpaceId, HighlightKind)> {
        match a {
            Action::PlannedAttack { target, from, .. } => {
                let mut v = vec![(*target, HighlightKind::Attack)];
                v.extend(from.iter().map(|h| (*h, HighlightKind::Preview)));
                v
            }
            Action::Blitz { to, .. } => vec![(*to, HighlightKind::Move)],
            Action::LongMove { from, path } => {
                let mut v = vec![(*from, HighlightKind::Preview)];
                v.extend(path.iter().map(|h| (*h, HighlightKind::LongMove)));
                v
            }
            Action::ShortMove { to, .. } | Action::Place { hex: to, .. } => {
                vec![(*to, HighlightKind::Move)]
            }
            Action::QuickAttack { to, target, .. } => {
                vec![
                    (*to, HighlightKind::Preview),
                    (*target, HighlightKind::Attack),
                ]
            }
            Action::SovietMove { to, .. } => vec![(*to, HighlightKind::Move)],
            Action::SovietAttack { from, target } => {
                vec![
                    (*from, HighlightKind::Preview),
                    (*target, HighlightKind::Attack),
                ]
            }
            _ => Vec::new(),
        }
    }
}

/// Actions played with the map (they still appear in the chooser and as previews).
fn is_map_action(a: &Action) -> bool {
    matches!(
        a,
        Action::ShortMove { .. }
            | Action::LongMove { .. }
            | Action::QuickAttack { .. }
            | Action::Place { .. }
            | Action::SovietMove { .. }
            | Action::SovietAttack { .. }
    )
}

fn is_combat_action(a: &Action) -> bool {
    matches!(
        a,
        Action::Choose { .. }
            | Action::SovietCard { .. }
            | Action::Advance { .. }
            | Action::EndAdvance
            | Action::Blitz { .. }
            | Action::EndBlitz
    )
}

fn phase_words(table: &Table, view: &View) -> String {
    let state = table.session.state();
    if let Some(c) = &view.combat {
        return format!(
            "Battle for {} · {}",
            table.game().board.hex_name(c.target),
            c.kind
        );
    }
    match &state.phase {
        Phase::GermanAction => "German action".into(),
        Phase::ShortMoves { .. } => "German action · Short Moves".into(),
        Phase::PlaceReinforcements { .. } => "German action · placing reinforcements".into(),
        Phase::Combat => "Combat".into(),
        Phase::SovietChoice => "Soviet turn · choose the action".into(),
        Phase::SovietMoves { .. } => "Soviet turn · Movement Action".into(),
        Phase::SovietSweep { .. } => "Soviet turn (solitaire rules)".into(),
        Phase::GameOver => "Game over".into(),
    }
}

// ------------------------------------------------------------------ the table UI

#[allow(clippy::too_many_arguments)]
fn table_ui(
    mut contexts: EguiContexts,
    table: Res<Table>,
    shown: Res<TableView>,
    eyes: Res<Eyes>,
    rules: Res<Rules>,
    ai: Res<AiStatus>,
    mut planner: ResMut<AttackPlanner>,
    mut panel: ResMut<PanelState>,
    mut notice: ResMut<Notice>,
    mut map: MapSide,
    mut out: Outbox,
    mut watch: Watch,
    time: Res<Time>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let now = time.elapsed_secs_f64();
    // Behind the curtain nothing of the game is drawn (the curtain is hotseat.rs's).
    let Some(view) = shown.view.as_ref().filter(|_| eyes.curtain_for.is_none()) else {
        if *map.insets != PanelInsets::default() {
            *map.insets = PanelInsets::default();
        }
        return Ok(());
    };
    let c = Ctx {
        board: &rules.0.board,
        view,
        side: shown.viewer_side,
        seat: shown.acting_seat,
        table: &table,
    };
    let mut preview: Vec<(SpaceId, HighlightKind)> = Vec::new();
    let mut root = egui::Ui::new(
        ctx.clone(),
        "table".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );

    // Dice: a new roll in the log starts the tray's short roll.
    if let Some((i, values)) = table
        .log
        .iter()
        .enumerate()
        .rev()
        .find_map(|(i, e)| e.event.roll.as_ref().map(|r| (i, r.values.clone())))
    {
        if i + 1 > panel.dice_seen {
            panel.dice_seen = i + 1;
            panel.dice_rolled_at = now;
            panel.dice = values;
            panel.dice_entry = i;
        }
    }

    // ---- top bar
    let top = egui::Panel::top("top-bar").show(&mut root, |ui| {
        ui.horizontal(|ui| {
            let turn = format!("Round {}", view.round);
            // The play mode lives in the tooltip: the bar has no room to spare at 1600 px.
            ui.label(egui::RichText::new(turn).size(17.0).strong())
                .on_hover_text(table.play.label());
            ui.label("·");
            ui.label(egui::RichText::new(phase_words(&table, view)).size(16.0));
            if let Some(seat) = table.active_seat() {
                ui.label("·");
                let who = table.seat_name(seat);
                let colour = if table.side_of(seat) == Side::Soviet {
                    egui::Color32::from_rgb(240, 120, 100)
                } else {
                    egui::Color32::from_rgb(200, 205, 200)
                };
                ui.colored_label(colour, format!("{who} to act"));
            }
            ui.separator();
            ui.label(format!(
                "German deck {} · hand {}",
                view.german_deck, view.german_hand_size
            ));
            ui.separator();
            ui.label(format!(
                "Soviet deck {} · hand {}",
                view.soviet_deck, view.soviet_hand_size
            ))
            .on_hover_text(
                "The Soviet deck is the clock: when it runs out, the game ends (rules §6.18).",
            );
            ui.separator();
            ui.label(format!("Casualties {}", view.casualty_score))
                .on_hover_text(
                "Soviet victory count: destroyed German units, R units count double (rules §6.18)",
            );
            ui.separator();
            ui.label(format!(
                "Rubble {}/{}",
                view.rubble_markers, c.board.data.setup.rubble_markers
            ));
            if let Some(extra) = view.okh_extra_turns {
                ui.separator();
                ui.label(format!("OKH: {extra} extra turns"));
            }
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                if ui
                    .button("Menu")
                    .on_hover_text("Back to the main menu (the game is autosaved)")
                    .clicked()
                {
                    out.next_screen.set(Screen::Menu);
                }
                if ui.button("Save").on_hover_text("Ctrl+S").clicked() {
                    out.save.write(SaveRequest);
                }
                let can_undo = table.session.can_undo() && c.seat.is_some();
                let why = table
                    .session
                    .undo_blocked_by()
                    .unwrap_or("Nothing to undo yet.")
                    .to_string();
                if ui
                    .add_enabled(can_undo, egui::Button::new("Undo"))
                    .on_hover_text("Ctrl+Z")
                    .on_disabled_hover_text(why)
                    .clicked()
                {
                    out.undo.write(UndoRequest);
                }
                if ui
                    .button("Fit")
                    .on_hover_text("F: fit the board to the window")
                    .clicked()
                {
                    out.fit.0 = true;
                }
            });
        });
    });

    // ---- side panel
    let side = egui::Panel::right("side-panel")
        .default_size(380.0)
        .size_range(320.0..=640.0)
        .resizable(true)
        .show(&mut root, |ui| {
            side_panel(
                ui,
                &c,
                &shown,
                &ai,
                &mut watch,
                &mut planner,
                &mut panel,
                &mut notice,
                &mut map,
                &mut out,
                &mut preview,
                now,
            );
        });

    // ---- battle window
    if let Some(combat) = &view.combat {
        // Anchored on the half of the map away from the battle hex, so it never covers it.
        let map_rect = egui::Rect::from_min_max(
            egui::pos2(map.insets.left, map.insets.top),
            egui::pos2(
                ctx.viewport_rect().right() - map.insets.right,
                ctx.viewport_rect().bottom(),
            ),
        );
        let hex_x = watch.camera.single().ok().and_then(|(cam, gt)| {
            let world = super::board::hex_to_world(c.board.hexes[combat.target.index()].hex);
            cam.world_to_viewport(gt, world.extend(0.0))
                .ok()
                .map(|p| p.x)
        });
        let hex_on_left = hex_x.is_none_or(|x| x < map_rect.center().x);
        let (align, offset) = if hex_on_left {
            (
                egui::Align2::RIGHT_TOP,
                egui::vec2(-map.insets.right - 12.0, map_rect.top() + 12.0),
            )
        } else {
            // Bottom left: the hover card sits in the top-left corner.
            (egui::Align2::LEFT_BOTTOM, egui::vec2(12.0, -12.0))
        };
        egui::Window::new(format!("Battle for {}", c.hex(combat.target)))
            .id(egui::Id::new("battle"))
            .anchor(align, offset)
            .max_width(map_rect.width() / 2.0 - 40.0)
            .resizable(false)
            .collapsible(true)
            .show(ctx, |ui| {
                battle_window(ui, &c, &shown, &mut out, &mut panel, &mut preview);
            });
    }

    // ---- "which one?" after an ambiguous click
    if !map.pending.actions.is_empty() {
        let mut picked: Option<Action> = None;
        let mut close = false;
        egui::Window::new("Which one?")
            .id(egui::Id::new("chooser"))
            .collapsible(false)
            .resizable(false)
            .fixed_pos(egui::pos2(
                map.pending.screen.x + 12.0,
                map.pending.screen.y + 12.0,
            ))
            .show(ctx, |ui| {
                for a in &map.pending.actions {
                    let r = ui.button(c.action(a));
                    if r.hovered() {
                        preview.extend(c.action_hexes(a));
                    }
                    if r.clicked() {
                        picked = Some(a.clone());
                    }
                }
                if ui.button("Cancel (Esc)").clicked() {
                    close = true;
                }
            });
        if let (Some(a), Some(seat)) = (picked, c.seat) {
            out.choices.write(PlayerChoice { seat, action: a });
            map.pending.actions.clear();
            *map.sel = Selection::default();
        } else if close {
            map.pending.actions.clear();
        }
    }

    // ---- hover info
    if let Some(h) = map.hovered.hex {
        // A card in the map's top-left corner, so it never covers what is under the pointer.
        egui::Area::new(egui::Id::new("hover-info"))
            .order(egui::Order::Foreground)
            .fixed_pos(egui::pos2(map.insets.left + 8.0, map.insets.top + 8.0))
            .interactable(false)
            .show(ctx, |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    ui.set_max_width(330.0);
                    hover_info(ui, &c, h, &map.gestures.all, &map.sel);
                });
            });
    }

    // ---- "are you sure?" before ending a phase with something left to do
    let enter = ctx.input(|i| i.key_pressed(egui::Key::Enter) || i.key_pressed(egui::Key::Space));
    let escape = ctx.input(|i| i.key_pressed(egui::Key::Escape));
    if let Some((action, why)) = panel.confirm.clone() {
        let mut answer = are_you_sure(ctx, "confirm-end", &why, &c.action(&action));
        if enter {
            answer = Some(true);
        }
        match (answer, c.seat) {
            (Some(true), Some(seat)) => {
                out.choices.write(PlayerChoice { seat, action });
                panel.confirm = None;
            }
            (Some(_), _) => panel.confirm = None,
            (None, _) => {}
        }
    } else if let Some(seat) = c.seat.filter(|_| !watch.playback.active()) {
        // Space/Enter: the AI's hint if one is shown, else the only button offered.
        if escape {
            panel.hint = None;
        }
        let hint = panel
            .hint
            .as_ref()
            .filter(|(rev, _)| *rev == table.revision)
            .map(|h| h.1.clone());
        if enter {
            if let Some(a) = hint.or_else(|| default_choice(view, &shown.legal)) {
                request(&c, seat, a, &shown.legal, &mut panel, &mut out);
            }
        }
    }

    let insets = PanelInsets {
        left: 0.0,
        right: side.response.rect.width(),
        top: top.response.rect.height(),
        bottom: 0.0,
    };
    if *map.insets != insets {
        *map.insets = insets;
    }
    if map.preview.0 != preview {
        map.preview.0 = preview;
    }
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn side_panel(
    ui: &mut egui::Ui,
    c: &Ctx,
    shown: &TableView,
    ai: &AiStatus,
    watch: &mut Watch,
    planner: &mut AttackPlanner,
    panel: &mut PanelState,
    notice: &mut Notice,
    map: &mut MapSide,
    out: &mut Outbox,
    preview: &mut Vec<(SpaceId, HighlightKind)>,
    now: f64,
) {
    let view = c.view;
    egui::ScrollArea::vertical()
        .id_salt("side-top")
        .max_height(ui.available_height() * 0.62)
        .auto_shrink([false, true])
        .show(ui, |ui| {
            // Prompt, with the rule.
            let whose = match (c.seat, view.active_side) {
                (Some(seat), _) => format!("{} — your decision", c.table.seat_name(seat)),
                (None, Some(s)) => format!("Waiting for the {}", s.name()),
                (None, None) => "Game over".into(),
            };
            ui.label(egui::RichText::new(whose).strong().size(16.0));
            ui.label(egui::RichText::new(&view.prompt).size(15.0));
            if let Some(seat) = ai.thinking_for {
                ui.horizontal(|ui| {
                    ui.add(egui::Spinner::new());
                    ui.label(format!("AI is thinking… ({})", c.table.seat_name(seat)));
                });
            }
            ai_speed_row(ui, c, ai, watch);
            // UX.md "What would the AI do?": the German AI's choice from this player's own view.
            if let (Some(seat), Some(Side::German)) = (c.seat, view.active_side) {
                let ctrl_h = ui.input(|i| i.modifiers.ctrl && i.key_pressed(egui::Key::H));
                if ui
                    .small_button("What would the AI do? (Ctrl+H)")
                    .on_hover_text("A hint from the computer German, who sees only your view")
                    .clicked()
                    || ctrl_h
                {
                    let game = c.table.session.game;
                    let legal =
                        eastfront_kernel::Game::legal_actions(game, c.table.session.state(), seat);
                    if !legal.is_empty() {
                        let pick =
                            eastfront_ai::choose_action(game, view, &legal, view.turn as u64);
                        notice.about_position(
                            format!(
                                "The AI would choose: {}.",
                                eastfront_stalingrad::table::action_words(c.board, view, &pick)
                            ),
                            now,
                            c.table.revision,
                        );
                        panel.hint = Some((c.table.revision, pick));
                    }
                }
                let hint = panel
                    .hint
                    .clone()
                    .filter(|(rev, _)| *rev == c.table.revision);
                if let Some((_, pick)) = hint {
                    if ui
                        .button("Play the AI's choice (Enter)")
                        .on_hover_text(c.action(&pick))
                        .clicked()
                    {
                        out.choices.write(PlayerChoice { seat, action: pick });
                        panel.hint = None;
                    }
                }
            }
            if let Some(err) = &c.table.last_error {
                ui.colored_label(egui::Color32::from_rgb(255, 140, 120), err);
            }
            // A hint about an earlier position is out of date (the system that expires it
            // runs before this frame's view, this guards the frame in between).
            notice.expire(c.table.revision);
            if let Some(text) = &notice.text {
                if now - notice.shown_at < 6.0 {
                    let colour = if notice.is_error {
                        egui::Color32::from_rgb(255, 140, 120)
                    } else {
                        egui::Color32::from_rgb(170, 220, 160)
                    };
                    ui.colored_label(colour, text);
                } else {
                    notice.text = None;
                }
            }
            ui.separator();
            if watch.playback.active() {
                ui.label(
                    egui::RichText::new("Watching the computer's turn… (Skip to my turn below)")
                        .weak(),
                );
            } else {
                choices(ui, c, shown, planner, panel, map, out, preview);
            }
            ui.separator();
            dice_tray(ui, c, panel, now);
            reference_sections(ui, c);
        });
    ui.separator();
    ui.label(egui::RichText::new("Log").strong());
    egui::ScrollArea::vertical()
        .id_salt("log")
        .stick_to_bottom(true)
        .auto_shrink([false, false])
        .show(ui, |ui| {
            let start = c.table.log.len().saturating_sub(400);
            for entry in &c.table.log[start..] {
                let text = entry.event.text_for(c.side);
                let rich = match entry.event.kind {
                    EventKind::TurnStart { .. } => egui::RichText::new(text).strong(),
                    EventKind::CombatStart { .. } | EventKind::GameOver => {
                        egui::RichText::new(text)
                            .strong()
                            .color(egui::Color32::from_rgb(240, 200, 130))
                    }
                    _ => egui::RichText::new(text),
                };
                ui.horizontal_wrapped(|ui| {
                    ui.label(
                        egui::RichText::new(format!(
                            "R{}",
                            eastfront_stalingrad::rules::round_of(entry.turn)
                        ))
                        .small()
                        .weak(),
                    );
                    ui.label(rich);
                    if let Some(roll) = &entry.event.roll {
                        for v in &roll.values {
                            let (rect, _) = ui
                                .allocate_exact_size(egui::vec2(16.0, 16.0), egui::Sense::hover());
                            draw_die(ui.painter(), rect, *v);
                        }
                    }
                });
            }
        });
}

/// The legal choices: buttons for everything that is not a map click, a summary of the map
/// moves, the units to place, the Planned Attack builder.
#[allow(clippy::too_many_arguments)]
fn choices(
    ui: &mut egui::Ui,
    c: &Ctx,
    shown: &TableView,
    planner: &mut AttackPlanner,
    panel: &mut PanelState,
    map: &mut MapSide,
    out: &mut Outbox,
    preview: &mut Vec<(SpaceId, HighlightKind)>,
) {
    let Some(seat) = shown.acting_seat else {
        if c.view.outcome.is_none() {
            ui.label(egui::RichText::new("Nothing to decide now.").weak());
        }
        return;
    };
    let legal = &shown.legal;
    if c.view.combat.is_some() && legal.iter().all(is_combat_action) {
        ui.label("Decide in the battle window.");
        return;
    }
    // Buttons, numbered so that 1–9 pick them.
    let buttons: Vec<&Action> = legal
        .iter()
        .filter(|a| !is_map_action(a) && !matches!(a, Action::PlannedAttack { .. }))
        .collect();
    let mut n = 0;
    for a in &buttons {
        n += 1;
        let label = if n <= 9 {
            format!("{n}. {}", c.action(a))
        } else {
            c.action(a)
        };
        let r = ui.add_sized([ui.available_width(), 26.0], egui::Button::new(label));
        if r.hovered() {
            preview.extend(c.action_hexes(a));
        }
        let key = number_key(n);
        let pressed = key.is_some_and(|k| ui.input(|i| i.key_pressed(k)));
        if r.clicked() || pressed {
            request(c, seat, (*a).clone(), legal, panel, out);
        }
    }

    // Units to place (Call for Reinforcements, step 4), as the view lists them.
    let placeable = |u: UnitId| {
        legal
            .iter()
            .any(|a| matches!(a, Action::Place { unit, .. } if *unit == u))
    };
    if !c.view.to_place.is_empty() {
        ui.label(egui::RichText::new("Units to place: pick one, then click a lit hex").strong());
        ui.horizontal_wrapped(|ui| {
            for f in &c.view.to_place {
                let u = f.unit;
                let on = map.sel.placing == Some(u);
                let label = format!("{} ({})", f.label, f.strength);
                let r = ui.add_enabled(placeable(u), egui::Button::selectable(on, label));
                let r = r
                    .on_hover_text(format!("{} — {}", f.name, f.kind.name()))
                    .on_disabled_hover_text("No hex may take it now");
                if r.clicked() {
                    *map.sel = if on {
                        Selection::default()
                    } else {
                        Selection {
                            placing: Some(u),
                            ..default()
                        }
                    };
                }
            }
        });
    }

    // What can be done on the map.
    let count = |f: fn(&Gesture) -> bool| map.gestures.all.iter().filter(|g| f(g)).count();
    let short = count(|g| matches!(g.action, Action::ShortMove { .. }));
    let long = count(|g| matches!(g.action, Action::LongMove { .. }));
    let quick = count(|g| matches!(g.action, Action::QuickAttack { .. }));
    let soviet = count(|g| {
        matches!(
            g.action,
            Action::SovietMove { .. } | Action::SovietAttack { .. }
        )
    });
    let blitz = count(|g| matches!(g.action, Action::Blitz { .. }));
    let mut parts = Vec::new();
    for (k, what) in [
        (short, "Short Moves"),
        (long, "Long Moves"),
        (quick, "Quick Attacks"),
        (soviet, "moves/attacks"),
        (blitz, "Blitz moves"),
    ] {
        if k > 0 {
            parts.push(format!("{k} {what}"));
        }
    }
    if !parts.is_empty() {
        ui.label(format!("On the map: {}.", parts.join(", ")));
        ui.label(
            egui::RichText::new(
                "Click one of your blocks (Shift+click: the whole stack or add/remove a block; Tab: next), then a lit hex. Green: move · blue: Long Move (whole stack) · red: attack.",
            )
            .small()
            .weak(),
        );
    }
    if !map.sel.units.is_empty() {
        ui.horizontal_wrapped(|ui| {
            ui.label(format!("Picked up: {}", c.units(&map.sel.units)));
            if ui.small_button("Put down").clicked() {
                *map.sel = Selection::default();
            }
        });
        let open = super::input::open_gestures(&map.gestures.all, &map.sel);
        if open.is_empty() {
            ui.label(egui::RichText::new("No legal move for exactly these blocks.").weak());
        }
    }

    planned_attack_builder(ui, c, seat, legal, planner, out, preview);
}

/// Sends a choice, or first asks "are you sure?" when it ends a phase with something left.
fn request(
    c: &Ctx,
    seat: Seat,
    action: Action,
    legal: &[Action],
    panel: &mut PanelState,
    out: &mut Outbox,
) {
    match end_with_work_left(&action, legal, c.in_short_moves()) {
        Some(why) => panel.confirm = Some((action, why)),
        None => {
            out.choices.write(PlayerChoice { seat, action });
        }
    }
    panel.hint = None;
}

/// Why ending now may be a mistake: the blocks or units that could still act. None when
/// nothing is left (or the action ends nothing).
pub fn end_with_work_left(
    action: &Action,
    legal: &[Action],
    in_short_moves: bool,
) -> Option<String> {
    let distinct = |f: &dyn Fn(&Action) -> Vec<UnitId>| {
        let mut v: Vec<UnitId> = legal.iter().flat_map(f).collect();
        v.sort();
        v.dedup();
        v.len()
    };
    let others = legal.iter().filter(|a| *a != action).count();
    match action {
        Action::EndShortMoves if in_short_moves => {
            let n = distinct(&|a| match a {
                Action::ShortMove { units, .. } => units.clone(),
                _ => Vec::new(),
            });
            (n > 0).then(|| {
                format!("{n} of your blocks could still make a Short Move. End Short Moves?")
            })
        }
        Action::EndShortMoves => (others > 0).then(|| {
            "Pass this action without moving? You could still call reinforcements, move or attack."
                .to_string()
        }),
        Action::EndPlacement => {
            let n = distinct(&|a| match a {
                Action::Place { unit, .. } => vec![*unit],
                _ => Vec::new(),
            });
            (n > 0).then(|| {
                format!("{n} units are still waiting to be placed; they go back to the table. Stop placing?")
            })
        }
        Action::EndAdvance => {
            let n = distinct(&|a| match a {
                Action::Advance { unit } => vec![*unit],
                _ => Vec::new(),
            });
            (n > 0).then(|| format!("{n} blocks could still advance into the hex. Stop advancing?"))
        }
        Action::EndBlitz => {
            let n = distinct(&|a| match a {
                Action::Blitz { unit, .. } => vec![*unit],
                _ => Vec::new(),
            });
            (n > 0).then(|| format!("{n} blocks could still Blitz. Give up the Blitz?"))
        }
        _ => None,
    }
}

/// The choice Space/Enter makes: the only button on offer (in the battle window during a
/// battle, else in the side panel).
fn default_choice(view: &View, legal: &[Action]) -> Option<Action> {
    let buttons: Vec<&Action> = if view.combat.is_some() && legal.iter().all(is_combat_action) {
        legal.iter().collect()
    } else {
        legal
            .iter()
            .filter(|a| !is_map_action(a) && !matches!(a, Action::PlannedAttack { .. }))
            .collect()
    };
    match buttons.as_slice() {
        [only] => Some((*only).clone()),
        _ => None,
    }
}

/// AI speed (Slow … Instant) and "Skip to my turn", shown whenever a computer plays.
fn ai_speed_row(ui: &mut egui::Ui, c: &Ctx, ai: &AiStatus, watch: &mut Watch) {
    let computer_plays = c
        .table
        .play
        .controllers()
        .iter()
        .any(|(_, ctl)| *ctl == super::table::Controller::Computer)
        || c.table.session.options.mode.soviet_is_ai();
    if !computer_plays {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        ui.label("AI speed:").on_hover_text(
            "How long each computer action stays on the map, with its blocks highlighted",
        );
        for s in AiSpeed::ALL {
            if ui
                .selectable_label(watch.pace.speed == s, s.label())
                .clicked()
            {
                watch.pace.speed = s;
            }
        }
        let busy = watch.playback.active() || ai.thinking_for.is_some();
        if ui
            .add_enabled(busy, egui::Button::new("Skip to my turn"))
            .on_hover_text("Show the rest of the computer's turn at once")
            .clicked()
        {
            watch.playback.skip();
            watch.pace.skipping = true;
        }
    });
}

fn number_key(n: usize) -> Option<egui::Key> {
    use egui::Key::*;
    [Num1, Num2, Num3, Num4, Num5, Num6, Num7, Num8, Num9]
        .get(n.wrapping_sub(1))
        .copied()
}

/// Planned Attack (§6.7.6): pick the target, the adjacent stacks that join, and the card.
fn planned_attack_builder(
    ui: &mut egui::Ui,
    c: &Ctx,
    seat: Seat,
    legal: &[Action],
    planner: &mut AttackPlanner,
    out: &mut Outbox,
    preview: &mut Vec<(SpaceId, HighlightKind)>,
) {
    let attacks: Vec<(&SpaceId, &Vec<SpaceId>, &Vec<CardId>)> = legal
        .iter()
        .filter_map(|a| match a {
            Action::PlannedAttack {
                target,
                from,
                cards,
            } => Some((target, from, cards)),
            _ => None,
        })
        .collect();
    if attacks.is_empty() {
        return;
    }
    let mut targets: Vec<SpaceId> = attacks.iter().map(|a| *a.0).collect();
    targets.sort();
    targets.dedup();
    egui::CollapsingHeader::new(format!(
        "Planned Attack (§6.7.6) — {} targets",
        targets.len()
    ))
    .default_open(false)
    .show(ui, |ui| {
        if planner.target.is_some_and(|t| !targets.contains(&t)) {
            *planner = AttackPlanner::default();
        }
        ui.horizontal_wrapped(|ui| {
            ui.label("Target:");
            for t in &targets {
                let on = planner.target == Some(*t);
                let r = ui.selectable_label(on, c.board.hex_name(*t));
                if r.hovered() {
                    preview.push((*t, HighlightKind::Attack));
                }
                if r.clicked() {
                    *planner = AttackPlanner {
                        target: Some(*t),
                        ..default()
                    };
                }
            }
        });
        let Some(target) = planner.target else {
            return;
        };
        let of_target: Vec<_> = attacks.iter().filter(|a| *a.0 == target).collect();
        let mut from_hexes: Vec<SpaceId> =
            of_target.iter().flat_map(|a| a.1.iter().copied()).collect();
        from_hexes.sort();
        from_hexes.dedup();
        ui.label(format!(
            "Attacking {} ({:?}) from:",
            c.hex(target),
            c.board.terrain(target)
        ));
        ui.horizontal_wrapped(|ui| {
            for h in &from_hexes {
                let mut on = planner.from.contains(h);
                let stack = c
                    .view
                    .blocks
                    .iter()
                    .filter(|b| b.hex == *h && Some(b.side) == c.side)
                    .count();
                if ui
                    .checkbox(
                        &mut on,
                        format!("{} ({stack} blocks)", c.board.hex_name(*h)),
                    )
                    .changed()
                {
                    if on {
                        planner.from.push(*h);
                    } else {
                        planner.from.retain(|x| x != h);
                    }
                    planner.from.sort();
                }
            }
        });
        let mut card_sets: Vec<&Vec<CardId>> = of_target.iter().map(|a| a.2).collect();
        card_sets.sort();
        card_sets.dedup();
        if card_sets.len() > 1 {
            ui.label("Card:");
            for set in &card_sets {
                let on = planner.cards == **set;
                if ui.radio(on, c.cards(set)).clicked() {
                    planner.cards = (*set).clone();
                }
            }
        }
        preview.push((target, HighlightKind::Attack));
        preview.extend(planner.from.iter().map(|h| (*h, HighlightKind::Preview)));
        let chosen = legal.iter().find(|a| match a {
            Action::PlannedAttack {
                target: t,
                from,
                cards,
            } => {
                let mut f = from.clone();
                f.sort();
                *t == target && f == planner.from && *cards == planner.cards
            }
            _ => false,
        });
        let label = if planner.from.is_empty() {
            "Tick the stacks that attack".to_string()
        } else {
            format!("Attack {} with {}", c.hex(target), c.cards(&planner.cards))
        };
        if ui
            .add_enabled(
                chosen.is_some(),
                egui::Button::new(egui::RichText::new(label).strong()),
            )
            .on_disabled_hover_text("Not a legal combination of stacks and cards")
            .clicked()
        {
            if let Some(a) = chosen {
                out.choices.write(PlayerChoice {
                    seat,
                    action: a.clone(),
                });
                *planner = AttackPlanner::default();
            }
        }
    });
}

fn battle_window(
    ui: &mut egui::Ui,
    c: &Ctx,
    shown: &TableView,
    out: &mut Outbox,
    panel: &mut PanelState,
    preview: &mut Vec<(SpaceId, HighlightKind)>,
) {
    let Some(combat) = &c.view.combat else { return };
    ui.label(format!(
        "{} attacks {} ({:?}) from {} — {}",
        combat.attacker.name(),
        c.hex(combat.target),
        c.board.terrain(combat.target),
        c.hexes(&combat.from),
        combat.kind
    ));
    ui.label(egui::RichText::new(&combat.step).strong());
    preview.push((combat.target, HighlightKind::Attack));
    preview.extend(combat.from.iter().map(|h| (*h, HighlightKind::Preview)));
    ui.columns(2, |cols| {
        for (col, side, blocks) in [
            (0, Side::German, &combat.german),
            (1, Side::Soviet, &combat.soviet),
        ] {
            let ui = &mut cols[col];
            let role = if side == combat.attacker {
                "attacker"
            } else {
                "defender"
            };
            ui.label(egui::RichText::new(format!("{} ({role})", side.name())).strong());
            if blocks.is_empty() {
                let hidden = if combat.revealed {
                    "none left"
                } else {
                    "not revealed yet"
                };
                ui.label(egui::RichText::new(hidden).weak());
            }
            ui.horizontal_wrapped(|ui| {
                for f in blocks {
                    draw_block_face(ui, f, side);
                }
            });
        }
    });
    if let Some(card) = &combat.soviet_card {
        ui.label(format!("Soviet card: {}", card.name))
            .on_hover_text(&card.text);
    }
    for card in &combat.german_cards {
        ui.label(format!("German card: {}", card.name))
            .on_hover_text(&card.text);
    }
    let Some(seat) = shown.acting_seat else {
        ui.label(egui::RichText::new("Waiting for the other side.").weak());
        return;
    };
    ui.separator();
    let mut n = 0;
    for a in shown.legal.iter().filter(|a| is_combat_action(a)) {
        n += 1;
        let label = if n <= 9 {
            format!("{n}. {}", c.action(a))
        } else {
            c.action(a)
        };
        let r = ui.button(label);
        if r.hovered() {
            preview.extend(c.action_hexes(a));
        }
        let pressed = number_key(n).is_some_and(|k| ui.input(|i| i.key_pressed(k)));
        if r.clicked() || pressed {
            request(c, seat, a.clone(), &shown.legal, panel, out);
        }
    }
}

fn side_colours(side: Side) -> (egui::Color32, egui::Color32) {
    match side {
        Side::German => (egui::Color32::from_rgb(84, 92, 89), egui::Color32::WHITE),
        Side::Soviet => (
            egui::Color32::from_rgb(184, 31, 26),
            egui::Color32::from_rgb(255, 224, 77),
        ),
    }
}

/// A revealed block, as in the battle window: label, pips coloured by firepower.
fn draw_block_face(ui: &mut egui::Ui, f: &BlockFace, side: Side) {
    let (rect, r) = ui.allocate_exact_size(egui::vec2(64.0, 52.0), egui::Sense::hover());
    let p = ui.painter();
    let (fill, text) = side_colours(side);
    p.rect_filled(
        rect.translate(egui::vec2(2.0, 2.0)),
        6.0,
        egui::Color32::from_black_alpha(120),
    );
    p.rect_filled(rect, 6.0, fill);
    let n = f.strength as usize;
    let (pip, ring) = match f.firepower {
        Some(Firepower::Single) => (egui::Color32::BLACK, egui::Color32::from_gray(210)),
        Some(Firepower::Double) => (egui::Color32::WHITE, egui::Color32::BLACK),
        Some(Firepower::Triple) => (egui::Color32::from_rgb(230, 25, 20), egui::Color32::WHITE),
        None => (egui::Color32::TRANSPARENT, egui::Color32::TRANSPARENT),
    };
    for k in 0..n {
        let x = rect.center().x + (k as f32 - (n as f32 - 1.0) / 2.0) * 10.0;
        let centre = egui::pos2(x, rect.top() + 9.0);
        p.circle_filled(centre, 4.2, ring);
        p.circle_filled(centre, 3.3, pip);
    }
    p.text(
        rect.center() + egui::vec2(0.0, 8.0),
        egui::Align2::CENTER_CENTER,
        &f.label,
        egui::FontId::proportional(13.0),
        text,
    );
    r.on_hover_text(format!(
        "{} — {} · strength {} of {} · {}",
        f.name,
        f.kind.name(),
        f.strength,
        f.max_strength,
        f.firepower.map(firepower_words).unwrap_or("blank edge")
    ));
}

fn firepower_words(fp: Firepower) -> &'static str {
    match fp {
        Firepower::Single => "Single firepower (black pips): hits on 6",
        Firepower::Double => "Double firepower (white pips): hits on 5–6",
        Firepower::Triple => "Triple firepower (red pips): hits on 4–6",
    }
}

/// One die face with pips.
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

/// The latest roll, tumbling for a moment when it is new.
fn dice_tray(ui: &mut egui::Ui, c: &Ctx, panel: &PanelState, now: f64) {
    if panel.dice.is_empty() {
        return;
    }
    let rolling = now - panel.dice_rolled_at < 0.6;
    if let Some(entry) = c.table.log.get(panel.dice_entry) {
        ui.label(egui::RichText::new(entry.event.text_for(c.side)).small());
    }
    ui.horizontal_wrapped(|ui| {
        for (i, v) in panel.dice.iter().enumerate() {
            let (rect, _) = ui.allocate_exact_size(egui::vec2(30.0, 30.0), egui::Sense::hover());
            let shown = if rolling {
                ((now * 23.0) as usize + i * 5) % 6 + 1
            } else {
                *v as usize
            };
            draw_die(ui.painter(), rect, shown as u8);
        }
    });
    if rolling {
        ui.ctx().request_repaint();
    }
}

fn reference_sections(ui: &mut egui::Ui, c: &Ctx) {
    let view = c.view;
    egui::CollapsingHeader::new("Cards").show(ui, |ui| {
        if !view.german_hand.is_empty() {
            ui.label(egui::RichText::new("German hand").strong());
            for card in &view.german_hand {
                ui.label(format!("• {}", card.name))
                    .on_hover_text(&card.text);
            }
        } else {
            ui.label(format!("German hand: {} cards", view.german_hand_size));
        }
        if !view.soviet_hand.is_empty() {
            ui.label(egui::RichText::new("Soviet hand").strong());
            for card in &view.soviet_hand {
                ui.label(format!("• {}", card.name))
                    .on_hover_text(&card.text);
            }
        } else {
            ui.label(format!("Soviet hand: {} cards", view.soviet_hand_size));
        }
        ui.label(egui::RichText::new("Leaders in play").strong());
        if view.leaders_in_play.is_empty() {
            ui.label(egui::RichText::new("none").weak());
        }
        for card in &view.leaders_in_play {
            ui.label(format!("• {}", card.name))
                .on_hover_text(&card.text);
        }
        ui.label(format!(
            "Decks: German {} · Soviet {}",
            view.german_deck, view.soviet_deck
        ));
    });
    egui::CollapsingHeader::new("German Reinforcement Table").show(ui, |ui| {
        egui::Grid::new("reinforcement-table")
            .striped(true)
            .show(ui, |ui| {
                ui.strong("Row");
                ui.strong("Face down");
                ui.strong("Elimination unit");
                ui.end_row();
                for row in &view.table {
                    ui.label(row.row.to_string());
                    ui.label(row.face_down.to_string());
                    match (&row.elimination_unit, row.eliminated) {
                        (Some(u), true) => ui.label(format!("{u} (eliminated)")),
                        (Some(u), false) => ui.label(u),
                        (None, _) => ui.label("—"),
                    };
                    ui.end_row();
                }
            });
    });
    egui::CollapsingHeader::new(format!("Casualties ({} points)", view.casualty_score)).show(
        ui,
        |ui| {
            if view.casualties.is_empty() {
                ui.label(egui::RichText::new("No German unit destroyed yet.").weak());
            }
            ui.horizontal_wrapped(|ui| {
                for f in &view.casualties {
                    draw_block_face(ui, f, Side::German);
                }
            });
            if !view.eliminated.is_empty() {
                ui.label("Eliminated from the table:");
                ui.horizontal_wrapped(|ui| {
                    for f in &view.eliminated {
                        draw_block_face(ui, f, Side::German);
                    }
                });
            }
        },
    );
    egui::CollapsingHeader::new("Soviet reserves").show(ui, |ui| {
        for (reserve, n) in &view.soviet_reserves {
            ui.label(format!("{reserve:?}: {n} blocks"));
        }
    });
    egui::CollapsingHeader::new("Terrain and firepower").show(ui, |ui| {
        for t in [Terrain::Clear, Terrain::Difficult, Terrain::Urban] {
            ui.label(format!("• {}", terrain_effects(t)));
        }
        ui.separator();
        for fp in [Firepower::Single, Firepower::Double, Firepower::Triple] {
            ui.label(format!("• {}", firepower_words(fp)));
        }
    });
    egui::CollapsingHeader::new("Keys").show(ui, |ui| {
        for line in [
            "Left click: pick up a block / act on a lit hex",
            "Shift+click: whole stack, or add/remove a block",
            "Right click or Esc: put down",
            "Right/middle drag, arrows: pan · wheel: zoom · F: fit",
            "Tab: next block that can act · Shift+H: hide/show blocks",
            "1–9: listed choices · Ctrl+Z: undo · Ctrl+S: save",
        ] {
            ui.label(line);
        }
    });
}

/// What the pointer is over: hex, terrain and its effects, control, markers, the stack.
fn hover_info(ui: &mut egui::Ui, c: &Ctx, h: SpaceId, gestures: &[Gesture], sel: &Selection) {
    let info = c.board.hex(h);
    let hv = &c.view.hexes[h.index()];
    let title = match &info.landmark {
        Some(l) => format!("{} · {l}", c.hex(h)),
        None => c.hex(h),
    };
    ui.label(egui::RichText::new(title).strong());
    ui.label(terrain_effects(info.terrain));
    ui.label(format!("Controlled by the {}", hv.control.name()));
    let mut marks = Vec::new();
    if info.soviet_reinforcement {
        marks.push("Soviet Reinforcement Hex".to_string());
    }
    if let Some(army) = info.german_reinforcement {
        marks.push(format!("German Reinforcement Hex ({army:?})"));
    }
    if info.factory {
        marks.push("factory".into());
    }
    if info.docks > 0 {
        marks.push(format!("docks ({})", info.docks));
    }
    if hv.rubble {
        marks.push("Rubble".into());
    }
    if hv.fortified {
        marks.push("fortified".into());
    }
    if !marks.is_empty() {
        ui.label(marks.join(" · "));
    }
    let blocks: Vec<_> = c.view.blocks.iter().filter(|b| b.hex == h).collect();
    if !blocks.is_empty() {
        ui.separator();
        let hidden: Vec<_> = blocks.iter().filter(|b| b.face.is_none()).collect();
        for b in blocks.iter().filter(|b| b.face.is_some()) {
            if let Some(f) = &b.face {
                let fp = f.firepower.map(|x| x.short()).unwrap_or("blank");
                let up = if b.revealed { " · face up" } else { "" };
                ui.label(format!(
                    "{} — {} · {} pips {fp}{up}",
                    f.label,
                    f.kind.name(),
                    f.strength
                ));
            }
        }
        if !hidden.is_empty() {
            let side = hidden[0].side.name();
            ui.label(format!("{} {side} block(s), face hidden", hidden.len()));
        }
    }
    let next: Vec<&Gesture> = super::input::open_gestures(gestures, sel)
        .into_iter()
        .filter(|g| g.clicks[sel.path.len()] == h)
        .collect();
    if !next.is_empty() {
        ui.separator();
        for g in next.iter().take(4) {
            let what = c.action(&g.action);
            ui.label(
                egui::RichText::new(format!("Click: {what}"))
                    .color(egui::Color32::from_rgb(180, 230, 160)),
            );
        }
    }
}

/// The "are you sure?" window before ending a phase with pieces that could still act (UX.md),
/// shared by every game's table: `why` says what is left, `yes` names the ending. Some(true)
/// when the player confirms (button or Enter), Some(false) to keep playing (button or Esc).
pub fn are_you_sure(ctx: &egui::Context, id: &str, why: &str, yes: &str) -> Option<bool> {
    let mut answer = None;
    egui::Window::new("Are you sure?")
        .id(egui::Id::new(id))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(-190.0, -80.0))
        .show(ctx, |ui| {
            ui.label(egui::RichText::new(why).size(16.0));
            ui.add_space(6.0);
            ui.horizontal(|ui| {
                let yes = format!("{yes} (Enter)");
                if ui.button(egui::RichText::new(yes).strong()).clicked() {
                    answer = Some(true);
                }
                if ui.button("Keep playing (Esc)").clicked() {
                    answer = Some(false);
                }
            });
        });
    ctx.input(|i| {
        if i.key_pressed(egui::Key::Enter) {
            answer = Some(true);
        } else if i.key_pressed(egui::Key::Escape) {
            answer = Some(false);
        }
    });
    answer
}
