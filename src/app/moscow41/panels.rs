//! The egui side of the Moscow '41 table: the top bar (turn and impulse, weather, the Initiative
//! Disc, victory points, overlays), the turn / weather track and the VP track, the side panel
//! (the prompt with its rule, the held piece and its choices, the legal choices as buttons, the
//! Luftwaffe and artillery to assign, the dice, the log with rule references), hover info, the
//! battle window (revealed blocks side by side, the dice of the battle, loss choices) and the
//! end of the game. Everything shown comes from the viewer's `View` and the game's events; every
//! button is a legal action the rules listed.

use super::super::ai_pace::{AiPace, AiSpeed};
use super::super::camera::{FitRequested, PanelInsets};
use super::super::game_over::window::ResultChoice;
use super::super::panels::{apply_style_once, draw_die};
use super::super::saves::SaveRequest;
use super::super::screens::Screen;
use super::super::table::Notice;
use super::ai::M41AiStatus;
use super::board::{supply_words, M41Highlights, M41Overlays};
use super::end::{result_window, M41Rematch, M41ResultWindow};
use super::hint::{HintRequest, M41Hint};
use super::input::{action_piece, area_menu_actions, block_area, M41AreaMenu, M41Pick};
use super::pieces::M41PiecesHidden;
use super::session::{M41BattleBlock, M41Choice, M41Eyes, M41Rules, M41Shown, M41Table, M41Undo};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{egui, EguiContexts, EguiPrimaryContextPass};
use eastfront_kernel::{Seat, Side};
use eastfront_moscow41::battle::BattleOption;
use eastfront_moscow41::data::Terrain;
use eastfront_moscow41::view::BlockFace;
use eastfront_moscow41::{Action, AreaId, Board, BomberState, EventKind, View, Weather};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<M41Panel>().add_systems(
        EguiPrimaryContextPass,
        (apply_style_once, table_ui)
            .chain()
            .run_if(in_state(Screen::Moscow41).and_then(resource_exists::<M41Table>)),
    );
}

/// Panel memory: the battle window's subject and whether the player closed it.
#[derive(Resource, Default)]
struct M41Panel {
    /// The table (`M41Table::id`) this memory is about: a new game, a load or a rematch
    /// starts afresh.
    table: Option<u64>,
    /// Log index of the last BattleStart seen, and whether its window was dismissed.
    battle_seen: Option<usize>,
    battle_closed: bool,
    /// An end of a segment the player asked for while pieces could still act, and why:
    /// it waits for "are you sure?" (UX: ending a phase with work left asks first).
    confirm: Option<(Seat, Action, String)>,
}

/// The side panel's width, margins included. Fixed: its text wraps inside it, so a long log
/// line or a picked block never widens it over the map (the camera insets follow it).
pub const SIDE_PANEL_WIDTH: f32 = 400.0;

fn side_colour(s: Side) -> egui::Color32 {
    match s {
        Side::German => egui::Color32::from_rgb(190, 196, 192),
        Side::Soviet => egui::Color32::from_rgb(240, 120, 100),
    }
}

fn weather_words(w: Weather) -> &'static str {
    match w {
        Weather::Sunny => "Good weather (sunny)",
        Weather::Rain => "Rain (mud)",
        Weather::Snow => "Snow",
        Weather::Blizzard => "Blizzard",
    }
}

/// Words for a legal action, as a button says it.
pub fn action_words(board: &Board, view: &View, a: &Action) -> String {
    let place = |x: &AreaId| board.place_label(*x);
    let name = |b: &eastfront_moscow41::BlockId| board.block(*b).name.clone();
    match a {
        Action::Place { block, area } => format!("Place {} in {}", name(block), place(area)),
        Action::PlaceDl { area } => format!("Defensive Line in {}", place(area)),
        Action::LogisticPause => "Logistic Pause (R 7.1)".into(),
        Action::ActivateLeader => "Activate the Leader (R 7.2)".into(),
        Action::Regenerate { hq } => format!("Regenerate a step of {} (R 7.2.2)", name(hq)),
        Action::EndRegeneration => "End Regeneration".into(),
        Action::Replace { block } => format!("Replace a step of {} (R 7.2.2)", name(block)),
        Action::EndReplacement => "End Replacement".into(),
        Action::Deploy { block, area } => format!("Deploy {} in {}", name(block), place(area)),
        Action::Tactical => "Tactical Impulse (R 10)".into(),
        Action::StrategicMove => "Strategic Impulse A: move up to VL blocks (R 11.0 A)".into(),
        Action::StrategicReinforce => "Strategic Impulse B: reinforcements (R 11.0 B)".into(),
        Action::Pass => "Pass (R 12.0)".into(),
        Action::Activate { hq, path } => match path.last() {
            Some(to) => format!("Activate {} after moving to {}", name(hq), place(to)),
            None => format!(
                "Activate {} where it stands{}",
                name(hq),
                block_area(view, *hq)
                    .map(|a| format!(" ({})", place(&a)))
                    .unwrap_or_default()
            ),
        },
        Action::EndActivation => "End HQ Activation (R 10.1)".into(),
        Action::Move { block, path } => format!(
            "Move {} to {}",
            name(block),
            path.last().map(place).unwrap_or_default()
        ),
        Action::Rail { block, to } => format!("Rail {} to {} (RO 14.4)", name(block), place(to)),
        Action::BuildDl { block } => {
            format!(
                "{}: lose a step to build a Defensive Line (R 4.1)",
                name(block)
            )
        }
        Action::DismantleDl { area } => format!(
            "Dismantle the Defensive Line in {} to build it again (R 4.1)",
            place(area)
        ),
        Action::EndCommand => "End the Command segment (R 10.7)".into(),
        Action::Artillery { hq, area } => {
            format!("Artillery of {} on {} (R 10.4)", name(hq), place(area))
        }
        Action::Bomber { bomber, area } => format!(
            "Bomber {} over {} (R 10.10)",
            board
                .bombers()
                .get(bomber.0 as usize)
                .map(|b| b.id.clone())
                .unwrap_or_default(),
            place(area)
        ),
        Action::EndSupport => "Done with artillery and bombers".into(),
        Action::Fight { area } => format!("Fight the battle in {} (R 10.11)", place(area)),
        Action::EndCombat => "End the Combat segment".into(),
        Action::BattleChoice { option } => format!("Choice {}", option + 1),
        Action::Blitz { block, to } => {
            format!("Blitz {} into {} (R 10.16)", name(block), place(to))
        }
        Action::EndBlitz => "End Blitz".into(),
        Action::Exploit => "Spend the Initiative Disc: Exploitation (R 10.18)".into(),
        Action::NoExploit => "No Exploitation".into(),
        Action::EndExploitation => "End Exploitation".into(),
    }
}

/// Why ending now may be a mistake: what could still act (the actions of the segment still on
/// offer besides ending it). None when nothing is left, or when `action` ends nothing.
pub fn end_with_work_left(action: &Action, legal: &[Action]) -> Option<String> {
    let (one, many, verb) = match action {
        Action::EndActivation => ("HQ", "HQs", "could still be activated"),
        Action::EndCommand | Action::EndExploitation => ("block", "blocks", "could still move"),
        Action::EndSupport => (
            "artillery marker or bomber",
            "artillery markers and bombers",
            "could still be sent",
        ),
        Action::EndCombat => ("battle", "battles", "could still be fought"),
        Action::EndBlitz => ("block", "blocks", "could still Blitz"),
        Action::EndRegeneration => ("HQ", "HQs", "could still regenerate a step"),
        Action::EndReplacement => ("block", "blocks", "could still replace a step"),
        _ => return None,
    };
    // The piece (or battle) each action of the segment is about; counted once each.
    let piece = |a: &Action| -> Option<u32> {
        match (action, a) {
            (Action::EndActivation, Action::Activate { hq, .. })
            | (Action::EndSupport, Action::Artillery { hq, .. })
            | (Action::EndRegeneration, Action::Regenerate { hq }) => Some(hq.0 as u32),
            (
                Action::EndCommand | Action::EndExploitation,
                Action::Move { block, .. } | Action::Rail { block, .. } | Action::BuildDl { block },
            )
            | (Action::EndBlitz, Action::Blitz { block, .. })
            | (Action::EndReplacement, Action::Replace { block }) => Some(block.0 as u32),
            (Action::EndSupport, Action::Bomber { bomber, .. }) => Some(1000 + bomber.0 as u32),
            (Action::EndCombat, Action::Fight { area }) => Some(area.0 as u32),
            _ => None,
        }
    };
    let n = legal
        .iter()
        .filter_map(piece)
        .collect::<std::collections::BTreeSet<u32>>()
        .len();
    (n > 0).then(|| format!("{n} {} {verb}.", if n == 1 { one } else { many }))
}

/// "Are you sure?" for an end of a segment with work left: Enter ends it, Esc keeps playing.
fn confirm_window(
    ctx: &egui::Context,
    board: &Board,
    view: &View,
    confirm: &mut Option<(Seat, Action, String)>,
    out: &mut Outbox,
) {
    let Some((seat, action, why)) = confirm.clone() else {
        return;
    };
    let answer = super::super::panels::are_you_sure(
        ctx,
        "m41-confirm-end",
        &why,
        &action_words(board, view, &action),
    );
    match answer {
        Some(true) => {
            out.choices.write(M41Choice { seat, action });
            *confirm = None;
        }
        Some(false) => *confirm = None,
        None => {}
    }
}

/// Words for a battle option (the battle is public: every block in it is face up, R 10.12.1).
fn battle_option_words(board: &Board, o: &BattleOption) -> String {
    let block = |u: &u16| {
        board
            .blocks
            .get(*u as usize)
            .map(|b| b.name.clone())
            .unwrap_or_else(|| format!("block #{u}"))
    };
    let bomber = |b: &u16| {
        board
            .bombers()
            .get(*b as usize)
            .map(|x| x.id.clone())
            .unwrap_or_else(|| format!("bomber #{b}"))
    };
    match o {
        BattleOption::HitBlock(u) => format!("{} takes the hit", block(u)),
        BattleOption::AbortBomber(b) => format!("Abort {}", bomber(b)),
        BattleOption::DestroyBomber(b) => format!("{} is destroyed", bomber(b)),
    }
}

#[derive(SystemParam)]
struct Outbox<'w> {
    choices: MessageWriter<'w, M41Choice>,
    undo: MessageWriter<'w, M41Undo>,
    fit: ResMut<'w, FitRequested>,
    insets: ResMut<'w, PanelInsets>,
    overlays: ResMut<'w, M41Overlays>,
    hidden: ResMut<'w, M41PiecesHidden>,
    next: ResMut<'w, NextState<Screen>>,
    save: MessageWriter<'w, SaveRequest>,
    hint: Res<'w, M41Hint>,
    ask_hint: MessageWriter<'w, HintRequest>,
    pace: ResMut<'w, AiPace>,
    result: ResMut<'w, M41ResultWindow>,
    rematch: MessageWriter<'w, M41Rematch>,
    area_menu: ResMut<'w, M41AreaMenu>,
    /// "Saved to …", a failed save or autosave: shown under the prompt for a few seconds.
    notice: ResMut<'w, Notice>,
    time: Res<'w, Time>,
}

#[allow(clippy::too_many_arguments)]
fn table_ui(
    mut contexts: EguiContexts,
    table: Res<M41Table>,
    shown: Res<M41Shown>,
    eyes: Res<M41Eyes>,
    rules: Res<M41Rules>,
    ai: Res<M41AiStatus>,
    highlights: Res<M41Highlights>,
    mut pick: ResMut<M41Pick>,
    mut panel: ResMut<M41Panel>,
    mut out: Outbox,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let board = &rules.0.board;
    // Behind the curtain nothing of the game is drawn (the curtain is drawn by `hotseat`).
    let Some(view) = shown.view.as_ref().filter(|_| eyes.curtain_for.is_none()) else {
        if *out.insets != PanelInsets::default() {
            *out.insets = PanelInsets::default();
        }
        return Ok(());
    };
    let viewer = shown.viewer_side;
    let mut root = egui::Ui::new(
        ctx.clone(),
        "m41-table".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );

    // ---------------------------------------------------------------- top bar
    let top = egui::Panel::top("m41-top").show(&mut root, |ui| {
        let compact = ui.available_width() < 1450.0;
        top_bar(ui, view, &table, &ai, compact, &mut out);
        ui.horizontal(|ui| {
            tracks(ui, board, view, compact);
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                map_toggles(ui, &mut out);
            });
        });
    });

    // ---------------------------------------------------------------- side panel
    let side = egui::Panel::right("m41-side")
        .exact_size(SIDE_PANEL_WIDTH)
        .resizable(false)
        .show(&mut root, |ui| {
            // Every text wraps at the panel's edge, buttons and rows included.
            ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Wrap);
            egui::ScrollArea::vertical()
                .id_salt("m41-side-scroll")
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    side_panel(
                        ui,
                        board,
                        view,
                        &table,
                        &shown,
                        &ai,
                        viewer,
                        &mut pick,
                        &mut panel.confirm,
                        &mut out,
                    );
                });
        });

    // ---------------------------------------------------------------- hover info
    if let Some(h) = highlights.hovered {
        hover_info(ctx, board, view, h, viewer, &shown.legal);
    }
    area_menu(ctx, board, view, &shown, &mut out);
    notice_toast(ctx, top.response.rect.height(), &mut out);

    // ---------------------------------------------------------------- battle window
    battle_window(ctx, board, view, &table, &shown, &mut panel, &mut out);

    // ---------------------------------------------------------------- are you sure?
    // Asked only while the action is still on offer to the same seat.
    if panel
        .confirm
        .as_ref()
        .is_some_and(|(seat, a, _)| shown.acting_seat != Some(*seat) || !shown.legal.contains(a))
    {
        panel.confirm = None;
    }
    confirm_window(ctx, board, view, &mut panel.confirm, &mut out);

    if !out.result.closed {
        match result_window(ctx, board, view, &table) {
            Some(ResultChoice::Review) => out.result.closed = true,
            Some(ResultChoice::Rematch) => {
                out.rematch.write(M41Rematch);
            }
            Some(ResultChoice::MainMenu) => out.next.set(Screen::Menu),
            None => {}
        }
    }

    let insets = PanelInsets {
        left: 0.0,
        right: side.response.rect.width(),
        top: top.response.rect.height(),
        bottom: 0.0,
    };
    if *out.insets != insets {
        *out.insets = insets;
    }
    Ok(())
}

/// The top bar's first row: the game's state on the left (turn, impulse, weather, Initiative,
/// VPs), the table's commands on the right (AI speed, Skip, Save, Result, Menu). The commands
/// are laid out first and the state gets the width they leave, clipped there, so the commands
/// are always in view. Under about 1,450 px the state is said in shorter words (the long ones
/// are in the hover text), so the row fits a 1,280 px window whole.
fn top_bar(
    ui: &mut egui::Ui,
    view: &View,
    table: &M41Table,
    ai: &M41AiStatus,
    compact: bool,
    out: &mut Outbox,
) {
    ui.horizontal(|ui| {
        // The commands, from the right edge inward.
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            if ui
                .button("Menu")
                .on_hover_text("Back to the main menu (the game is autosaved)")
                .clicked()
            {
                out.next.set(Screen::Menu);
            }
            if ui
                .button("Save")
                .on_hover_text(
                    "Ctrl+S: a new save in the saves folder (an autosave follows every action)",
                )
                .clicked()
            {
                out.save.write(SaveRequest);
            }
            if view.outcome.is_some()
                && out.result.closed
                && ui
                    .button("Result")
                    .on_hover_text("The result window again")
                    .clicked()
            {
                out.result.closed = false;
            }
            if table.play != super::session::M41Play::HotSeat {
                ui.separator();
                egui::ComboBox::from_id_salt("m41-ai-speed")
                    .selected_text(format!("AI: {}", out.pace.speed.label()))
                    .show_ui(ui, |ui| {
                        for s in AiSpeed::ALL {
                            ui.selectable_value(&mut out.pace.speed, s, s.label());
                        }
                    })
                    .response
                    .on_hover_text("How long each of the AI's actions stays on screen");
                if ai.thinking_for.is_some()
                    && view.outcome.is_none()
                    && ui
                        .add_enabled(!out.pace.skipping, egui::Button::new("Skip to my turn"))
                        .on_hover_text("No pauses until you must decide")
                        .clicked()
                {
                    out.pace.skipping = true;
                }
            }
            ui.add_space(8.0);
            // The game's state in the width left, from the left edge.
            ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                ui.shrink_clip_rect(ui.max_rect());
                game_state(ui, view, compact);
            });
        });
    });
}

/// The turn, the impulse, the weather, the Initiative Disc and the VPs (the top bar's left).
fn game_state(ui: &mut egui::Ui, view: &View, compact: bool) {
    ui.label(
        egui::RichText::new(format!("Turn {} · {} 1941", view.turn, view.month))
            .size(17.0)
            .strong(),
    );
    ui.label("·");
    let who = view
        .active_side
        .map(|s| format!("{} · ", s.name()))
        .unwrap_or_default();
    let phase = if compact {
        phase_short(&view.phase)
    } else {
        phase_words(&view.phase)
    };
    ui.label(egui::RichText::new(format!("{who}{phase}")).size(16.0))
        .on_hover_text(phase_words(&view.phase));
    ui.separator();
    let forecast = match view.forecast {
        Some(f) => format!("Weather Forecast marker: {f} (R 8.1)"),
        None => "Weather Forecast marker: -- (R 8.1)".into(),
    };
    if compact {
        ui.label(weather_short(view.weather))
            .on_hover_text(format!("{}. {forecast}", weather_words(view.weather)));
    } else {
        ui.label(weather_words(view.weather))
            .on_hover_text(forecast);
    }
    ui.separator();
    initiative_disc(ui, view.initiative, compact);
    ui.separator();
    for sv in &view.sides {
        ui.colored_label(
            side_colour(sv.side),
            format!("{} {} VP", sv.side.name(), sv.vp),
        )
        .on_hover_text(match sv.vl {
            Some(vl) => format!("Logistic Value {vl} (R 7.2.1)"),
            None => "Logistic Value: hidden (depends on the Leader's strength)".into(),
        });
    }
}

/// The map's view controls, at the right of the tracks row (laid out right to left).
fn map_toggles(ui: &mut egui::Ui, out: &mut Outbox) {
    if ui
        .button("Fit")
        .on_hover_text("F: the whole board")
        .clicked()
    {
        out.fit.0 = true;
    }
    ui.toggle_value(&mut out.hidden.0, "Hide blocks")
        .on_hover_text("H: read the map under the blocks");
    ui.toggle_value(&mut out.overlays.command, "Command")
        .on_hover_text("Command range of the activated HQs (K)");
    ui.toggle_value(&mut out.overlays.supply, "Supply")
        .on_hover_text("Your areas in supply (green) or cut off (purple) (V)");
    ui.toggle_value(&mut out.overlays.control, "Control")
        .on_hover_text("Tint each area by its controller (C)");
}

fn weather_short(w: Weather) -> &'static str {
    match w {
        Weather::Sunny => "Sunny",
        Weather::Rain => "Rain (mud)",
        Weather::Snow => "Snow",
        Weather::Blizzard => "Blizzard",
    }
}

/// The segment in fewer words for a narrow window (`phase_words` in the hover text).
fn phase_short(phase: &str) -> &'static str {
    match phase {
        "Regeneration" => "Regeneration",
        "Replacement" => "Replacement",
        "Activation" => "HQ Activation",
        "Command" => "Command",
        "Support" => "Artillery, Luftwaffe",
        "Battles" => "Combat",
        "Battle" => "Battle",
        "Blitz" => "Blitz",
        "ExploitOffer" | "Exploitation" => "Exploitation",
        _ => phase_words(phase),
    }
}

fn phase_words(phase: &str) -> &'static str {
    match phase {
        "Setup" => "Scenario setup",
        "LogisticChoice" => "Logistic Phase",
        "Regeneration" => "Logistic Phase · Regeneration",
        "Replacement" => "Logistic Phase · Replacement",
        "Reinforce" => "Reinforcements",
        "ImpulseChoice" => "Impulse · declare",
        "Activation" => "Impulse · HQ Activation",
        "Command" => "Impulse · Command",
        "Support" => "Impulse · Artillery and Luftwaffe",
        "Battles" => "Impulse · Combat",
        "Battle" => "Impulse · Battle",
        "Blitz" => "Impulse · Blitz",
        "ExploitOffer" | "Exploitation" => "Impulse · Exploitation",
        "GameOver" => "Game over",
        _ => "",
    }
}

/// The Initiative Disc: a two-coloured disc turned to its holder's side (R 3.2).
fn initiative_disc(ui: &mut egui::Ui, holder: Side, compact: bool) {
    let (rect, resp) = ui.allocate_exact_size(egui::vec2(22.0, 22.0), egui::Sense::hover());
    let p = ui.painter();
    let (fill, mark) = match holder {
        Side::German => (egui::Color32::from_rgb(60, 64, 64), egui::Color32::WHITE),
        Side::Soviet => (
            egui::Color32::from_rgb(190, 30, 25),
            egui::Color32::from_rgb(255, 220, 80),
        ),
    };
    p.circle_filled(rect.center(), 10.0, fill);
    p.circle_stroke(
        rect.center(),
        10.0,
        egui::Stroke::new(1.5, egui::Color32::from_gray(230)),
    );
    p.text(
        rect.center(),
        egui::Align2::CENTER_CENTER,
        "I",
        egui::FontId::proportional(13.0),
        mark,
    );
    resp.on_hover_text(format!(
        "Initiative Disc: held by the {} player (R 3.2). Spent for a Strategic Impulse or an Exploitation.",
        holder.name()
    ));
    let words = if compact {
        holder.name().to_string()
    } else {
        format!("Initiative: {}", holder.name())
    };
    ui.colored_label(side_colour(holder), words)
        .on_hover_text(format!(
            "The {} player holds the Initiative Disc (R 3.2)",
            holder.name()
        ));
}

/// The printed turn track (July to December, weather) and the VP track.
fn tracks(ui: &mut egui::Ui, board: &Board, view: &View, compact: bool) {
    ui.horizontal(|ui| {
        let months = [
            "July",
            "August",
            "September",
            "October",
            "November",
            "December",
        ];
        let last = board
            .setup(&view.scenario)
            .map(|s| (s.start_turn, s.end_turn))
            .unwrap_or((1, 6));
        for (i, m) in months.iter().enumerate() {
            let turn = i as u8 + 1;
            // Narrow windows: the month's first three letters ("3 Sep").
            let (width, m) = if compact { (48.0, &m[..3]) } else { (80.0, *m) };
            let (rect, resp) =
                ui.allocate_exact_size(egui::vec2(width, 20.0), egui::Sense::hover());
            let p = ui.painter();
            let current = turn == view.turn;
            let in_game = (last.0..=last.1).contains(&turn);
            let fill = if current {
                egui::Color32::from_rgb(214, 180, 90)
            } else if in_game {
                egui::Color32::from_rgb(90, 82, 70)
            } else {
                egui::Color32::from_rgb(55, 50, 44)
            };
            p.rect_filled(rect, 3.0, fill);
            p.text(
                rect.center(),
                egui::Align2::CENTER_CENTER,
                format!("{turn} {m}"),
                egui::FontId::proportional(12.0),
                if current {
                    egui::Color32::BLACK
                } else {
                    egui::Color32::from_gray(220)
                },
            );
            resp.on_hover_text(if current {
                format!("{}: now · {}", months[i], weather_words(view.weather))
            } else {
                format!("{}: turn track (R 1.4)", months[i])
            });
        }
        ui.separator();
        ui.label("VP");
        // The VP track: 0..=12 with each side's marker.
        for v in 0..=12u8 {
            let (rect, resp) = ui.allocate_exact_size(egui::vec2(20.0, 20.0), egui::Sense::hover());
            let p = ui.painter();
            p.rect_stroke(
                rect.shrink(1.0),
                2.0,
                egui::Stroke::new(1.0, egui::Color32::from_gray(120)),
                egui::StrokeKind::Inside,
            );
            p.text(
                rect.center(),
                egui::Align2::CENTER_CENTER,
                v.to_string(),
                egui::FontId::proportional(10.0),
                egui::Color32::from_gray(170),
            );
            let here: Vec<Side> = view
                .sides
                .iter()
                .filter(|s| s.vp.min(12) == v)
                .map(|s| s.side)
                .collect();
            for (k, s) in here.iter().enumerate() {
                let c = rect.center()
                    + egui::vec2(
                        if here.len() > 1 {
                            k as f32 * 8.0 - 4.0
                        } else {
                            0.0
                        },
                        0.0,
                    );
                p.circle_filled(c, 6.0, side_colour(*s));
            }
            if !here.is_empty() {
                resp.on_hover_text(format!(
                    "{} VP: {}",
                    v,
                    here.iter().map(|s| s.name()).collect::<Vec<_>>().join(", ")
                ));
            }
        }
    });
}

#[allow(clippy::too_many_arguments)]
fn side_panel(
    ui: &mut egui::Ui,
    board: &Board,
    view: &View,
    table: &M41Table,
    shown: &M41Shown,
    ai: &M41AiStatus,
    viewer: Option<Side>,
    pick: &mut M41Pick,
    confirm: &mut Option<(Seat, Action, String)>,
    out: &mut Outbox,
) {
    let legal = &shown.legal;
    ui.add_space(4.0);
    ui.label(egui::RichText::new(&view.prompt).size(16.0).strong());
    if let Some(side) = ai.thinking_for {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.colored_label(
                side_colour(side),
                format!("The {} AI is thinking…", side.name()),
            );
        });
    }
    if let Some(e) = &table.last_error {
        ui.colored_label(egui::Color32::from_rgb(255, 140, 120), e);
    }
    let seat = shown.acting_seat;
    let send = |a: Action, out: &mut Outbox| {
        if let Some(seat) = seat {
            out.choices.write(M41Choice { seat, action: a });
        }
    };
    if seat.is_some() {
        ui.separator();
        // The held piece and what it may do without a map click.
        if *pick != M41Pick::Nothing {
            let (title, own): (String, Vec<&Action>) = match *pick {
                M41Pick::Block(b) => (
                    board.block(b).name.clone(),
                    legal
                        .iter()
                        .filter(|a| action_piece(a) == Some(*pick))
                        .collect(),
                ),
                M41Pick::Bomber(b) => (
                    board
                        .bombers()
                        .get(b.0 as usize)
                        .map(|x| x.id.clone())
                        .unwrap_or_default(),
                    legal
                        .iter()
                        .filter(|a| action_piece(a) == Some(*pick))
                        .collect(),
                ),
                M41Pick::Nothing => (String::new(), Vec::new()),
            };
            ui.horizontal_wrapped(|ui| {
                ui.label(egui::RichText::new(format!("Holding: {title}")).strong());
                if ui.small_button("drop (Esc)").clicked() {
                    *pick = M41Pick::Nothing;
                }
            });
            let moves = own
                .iter()
                .filter(|a| {
                    matches!(
                        a,
                        Action::Move { .. }
                            | Action::Deploy { .. }
                            | Action::Place { .. }
                            | Action::Rail { .. }
                            | Action::Blitz { .. }
                            | Action::Artillery { .. }
                            | Action::Bomber { .. }
                    ) || matches!(a, Action::Activate { path, .. } if !path.is_empty())
                })
                .count();
            if moves > 0 {
                ui.small("Click a highlighted area on the map (blue: move; red: enemy area).");
            }
            for a in own.iter().filter(|a| {
                matches!(
                    a,
                    Action::BuildDl { .. } | Action::Regenerate { .. } | Action::Replace { .. }
                ) || matches!(a, Action::Activate { path, .. } if path.is_empty())
            }) {
                if ui.button(action_words(board, view, a)).clicked() {
                    send((*a).clone(), out);
                }
            }
            ui.separator();
        }
        // Choices that are not about one piece: impulse types, ends of segments, battles.
        let general: Vec<&Action> = legal
            .iter()
            .filter(|a| {
                action_piece(a).is_none()
                    && !matches!(a, Action::PlaceDl { .. } | Action::DismantleDl { .. })
            })
            .collect();
        let battle = table
            .session
            .state()
            .battle
            .as_ref()
            .and_then(|b| b.pending_choice());
        for a in &general {
            let words = match (a, &battle) {
                (Action::BattleChoice { option }, Some(p)) => p
                    .options
                    .get(*option as usize)
                    .map(|o| battle_option_words(board, o))
                    .unwrap_or_else(|| action_words(board, view, a)),
                _ => action_words(board, view, a),
            };
            let button = egui::Button::new(egui::RichText::new(words).size(15.0));
            if ui.add_sized([ui.available_width(), 28.0], button).clicked() {
                match (seat, end_with_work_left(a, legal)) {
                    (Some(seat), Some(why)) => *confirm = Some((seat, (*a).clone(), why)),
                    _ => send((*a).clone(), out),
                }
            }
        }
        // Lines to dismantle (R 4.1): one per own line, so folded; the map's right-click on
        // the area offers the same.
        let dismantle: Vec<&Action> = legal
            .iter()
            .filter(|a| matches!(a, Action::DismantleDl { .. }))
            .collect();
        if !dismantle.is_empty() {
            egui::CollapsingHeader::new(format!(
                "Dismantle a Defensive Line (R 4.1): {}",
                dismantle.len()
            ))
            .id_salt("m41-dismantle")
            .show(ui, |ui| {
                ui.small("To build it again elsewhere. Or right-click the area on the map.");
                for a in &dismantle {
                    let words = match a {
                        Action::DismantleDl { area } => board.place_label(*area),
                        _ => action_words(board, view, a),
                    };
                    if ui.button(words).clicked() {
                        send((*a).clone(), out);
                    }
                }
            });
        }
        let dls = legal
            .iter()
            .filter(|a| matches!(a, Action::PlaceDl { .. }))
            .count();
        if dls > 0 {
            ui.small(format!(
                "Click a highlighted area to place a Defensive Line ({dls} areas allowed)."
            ));
        }
        // Pieces to pick that are not on the map: setup blocks, drawn reinforcements, bombers.
        let mut off_map: Vec<M41Pick> = Vec::new();
        for a in legal {
            let Some(p) = action_piece(a) else { continue };
            let on_map = match p {
                M41Pick::Block(b) => block_area(view, b).is_some(),
                M41Pick::Bomber(_) => false,
                M41Pick::Nothing => true,
            };
            if !on_map && !off_map.contains(&p) {
                off_map.push(p);
            }
        }
        if !off_map.is_empty() {
            ui.separator();
            ui.strong("To place or assign (click, then click an area):");
            ui.horizontal_wrapped(|ui| {
                for p in off_map {
                    let label = match p {
                        M41Pick::Block(b) => board.block(b).name.clone(),
                        M41Pick::Bomber(b) => format!(
                            "✈ {}",
                            board
                                .bombers()
                                .get(b.0 as usize)
                                .map(|x| x.id.clone())
                                .unwrap_or_default()
                        ),
                        M41Pick::Nothing => continue,
                    };
                    if ui.selectable_label(*pick == p, label).clicked() {
                        *pick = if *pick == p { M41Pick::Nothing } else { p };
                    }
                }
            });
        }
        // Pieces on the map that can act now, as a list too (Tab-free way to find them).
        let on_map: Vec<eastfront_moscow41::BlockId> = {
            let mut v: Vec<_> = legal
                .iter()
                .filter_map(|a| match action_piece(a) {
                    Some(M41Pick::Block(b)) if block_area(view, b).is_some() => Some(b),
                    _ => None,
                })
                .collect();
            v.sort();
            v.dedup();
            v
        };
        if !on_map.is_empty() {
            ui.collapsing(format!("Blocks that can act ({})", on_map.len()), |ui| {
                ui.horizontal_wrapped(|ui| {
                    for b in on_map {
                        let p = M41Pick::Block(b);
                        if ui
                            .selectable_label(*pick == p, &board.block(b).name)
                            .clicked()
                        {
                            *pick = if *pick == p { M41Pick::Nothing } else { p };
                        }
                    }
                });
            });
        }
        ui.horizontal_wrapped(|ui| {
            let can = table.session.can_undo();
            let why = table
                .session
                .undo_blocked_by()
                .unwrap_or("Take back the last action");
            if ui
                .add_enabled(can, egui::Button::new("Undo (Ctrl+Z)"))
                .on_disabled_hover_text(why)
                .clicked()
            {
                out.undo.write(M41Undo);
            }
            if ui
                .add_enabled(
                    !out.hint.thinking(),
                    egui::Button::new("What would the AI do? (Ctrl+H)"),
                )
                .on_hover_text(format!(
                    "The {} AI looks at your view (nothing hidden) and says what it would choose",
                    table.level.label()
                ))
                .clicked()
            {
                out.ask_hint.write(HintRequest);
            }
        });
        if out.hint.thinking() {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label("The AI is considering your position…");
            });
        } else if let Some(text) = &out.hint.text {
            egui::Frame::group(ui.style())
                .fill(egui::Color32::from_rgb(52, 60, 70))
                .show(ui, |ui| {
                    ui.label(egui::RichText::new(format!("The AI would: {text}")).strong());
                });
        }
    }
    // The Luftwaffe (public: the bomber discs are on the table, R 10.10).
    ui.separator();
    ui.collapsing("Luftwaffe", |ui| {
        for (k, b) in view.bombers.iter().enumerate() {
            let name = board
                .bombers()
                .get(k)
                .map(|x| format!("{} ({:?})", x.id, x.kind))
                .unwrap_or_default();
            let state = match b {
                BomberState::Available => "available".to_string(),
                BomberState::Committed(a) => format!("over {}", board.place_label(*a)),
                BomberState::Aborted => "aborted: back next German impulse".into(),
                BomberState::Destroyed => "destroyed: back after the Final Phase".into(),
                BomberState::Removed => "removed (Operation Crusader)".into(),
            };
            ui.label(format!("✈ {name}: {state}"));
        }
        if !view.artillery.is_empty() {
            ui.strong("Artillery markers");
            for (hq, a) in &view.artillery {
                ui.label(format!(
                    "{} → {}",
                    board.block(*hq).name,
                    board.place_label(*a)
                ));
            }
        }
    });
    // Holdings of each side (the boxes beside the map show the blocks).
    ui.collapsing("Force Pools and losses", |ui| {
        for sv in &view.sides {
            ui.colored_label(
                side_colour(sv.side),
                format!(
                    "{}: Force Pool {} · November {} · lost {} · DLs in box {}",
                    sv.side.name(),
                    sv.force_pool,
                    sv.november_box,
                    sv.lost.len(),
                    sv.dls_in_box
                ),
            );
        }
    });
    // Dice of the last action.
    let dice: Vec<u8> = table
        .latest
        .iter()
        .filter_map(|e| e.roll.as_ref().map(|r| r.values.clone()))
        .flatten()
        .collect();
    if !dice.is_empty() {
        ui.separator();
        ui.strong("Dice");
        dice_row(ui, &dice);
    }
    ui.separator();
    ui.strong("Log");
    for entry in table.log.iter().rev().take(120) {
        let line = log_line(
            ui,
            Some(entry.turn),
            entry.event.text_for(viewer),
            &entry.event.rule,
            false,
        );
        if let Some(detail) = &entry.detail {
            line.on_hover_text(detail);
        }
    }
}

/// One line of a log as one wrapping text ("T3", the words, the rule in gold), so it wraps
/// at the panel's edge however long it is.
fn log_line(
    ui: &mut egui::Ui,
    turn: Option<u8>,
    text: &str,
    rule: &str,
    small: bool,
) -> egui::Response {
    use egui::text::{LayoutJob, TextFormat};
    let style = ui.style();
    let small_font = egui::TextStyle::Small.resolve(style);
    let body_font = if small {
        small_font.clone()
    } else {
        egui::TextStyle::Body.resolve(style)
    };
    let mut job = LayoutJob::default();
    if let Some(t) = turn {
        job.append(
            &format!("T{t}"),
            0.0,
            TextFormat::simple(small_font.clone(), ui.visuals().weak_text_color()),
        );
    }
    job.append(
        text,
        if turn.is_some() { 6.0 } else { 0.0 },
        TextFormat::simple(body_font, ui.visuals().text_color()),
    );
    if !rule.is_empty() {
        job.append(
            rule,
            6.0,
            TextFormat::simple(small_font, egui::Color32::from_rgb(200, 170, 110)),
        );
    }
    ui.add(egui::Label::new(job).wrap())
}

/// How long a notice ("Saved to …") stays on the map.
const NOTICE_SECS: f64 = 6.0;

/// The table's notice (a save written, a save or autosave that failed) for a few seconds, at the
/// map's top left corner: over the map, so the side panel's buttons never move under the
/// pointer when it comes or goes.
fn notice_toast(ctx: &egui::Context, top: f32, out: &mut Outbox) {
    let Some(text) = &out.notice.text else {
        return;
    };
    if out.time.elapsed_secs_f64() - out.notice.shown_at >= NOTICE_SECS {
        out.notice.text = None;
        return;
    }
    let colour = if out.notice.is_error {
        egui::Color32::from_rgb(255, 140, 120)
    } else {
        egui::Color32::from_rgb(170, 220, 160)
    };
    egui::Area::new(egui::Id::new("m41-notice"))
        .order(egui::Order::Foreground)
        .fixed_pos(egui::pos2(10.0, top + 8.0))
        .interactable(false)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.set_max_width(520.0);
                ui.colored_label(colour, text);
            });
        });
}

fn dice_row(ui: &mut egui::Ui, dice: &[u8]) {
    ui.horizontal_wrapped(|ui| {
        for d in dice {
            let (rect, _) = ui.allocate_exact_size(egui::vec2(26.0, 26.0), egui::Sense::hover());
            draw_die(ui.painter(), rect, *d);
        }
    });
}

fn terrain_words(t: Terrain) -> &'static str {
    match t {
        Terrain::Green => "Green circle: 1 MP, 4 blocks + 1 DL per player, no absorption",
        Terrain::Yellow => {
            "Yellow circle (forest, swamp, hills): 2 MP, 2 blocks + 1 DL, absorbs 1 hit"
        }
        Terrain::Victory => {
            "Victory area: 2 MP, 2 blocks + 1 DL, absorbs 2 hits if the defender holds it, 1 VP"
        }
        Terrain::Staging => {
            "German Staging Area: Germans only, unlimited stacking, German supply source"
        }
    }
}

/// The menu a right-click opened on an area (input: `M41AreaMenu`): the area's own actions,
/// each a legal action of the player at the screen, and Cancel.
fn area_menu(ctx: &egui::Context, board: &Board, view: &View, shown: &M41Shown, out: &mut Outbox) {
    let Some(area) = out.area_menu.area else {
        return;
    };
    let actions = area_menu_actions(&shown.legal, area);
    let (Some(seat), false) = (shown.acting_seat, actions.is_empty()) else {
        out.area_menu.close();
        return;
    };
    if out.area_menu.revision != shown.revision {
        out.area_menu.close();
        return;
    }
    let at = egui::pos2(out.area_menu.at.x + 4.0, out.area_menu.at.y + 4.0);
    let mut chosen = None;
    let mut cancel = false;
    let shown_menu = egui::Area::new(egui::Id::new("m41-area-menu"))
        .order(egui::Order::Foreground)
        .fixed_pos(at)
        .constrain(true)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.set_max_width(360.0);
                ui.label(egui::RichText::new(board.place_label(area)).strong());
                for a in &actions {
                    if ui.button(action_words(board, view, a)).clicked() {
                        chosen = Some(a.clone());
                    }
                }
                if ui.button("Cancel (Esc)").clicked() {
                    cancel = true;
                }
            });
        });
    // Where it is, for the map's clicks to leave alone (input: `M41AreaMenu::covers`).
    let r = shown_menu.response.rect;
    let rect = Some(Rect::new(r.min.x, r.min.y, r.max.x, r.max.y));
    if out.area_menu.rect != rect {
        out.area_menu.rect = rect;
    }
    if let Some(action) = chosen {
        out.choices.write(M41Choice { seat, action });
        cancel = true;
    }
    if cancel {
        out.area_menu.close();
    }
}

fn hover_info(
    ctx: &egui::Context,
    board: &Board,
    view: &View,
    a: AreaId,
    viewer: Option<Side>,
    legal: &[Action],
) {
    egui::Area::new(egui::Id::new("m41-hover"))
        .anchor(egui::Align2::LEFT_BOTTOM, egui::vec2(10.0, -10.0))
        .interactable(false)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.set_max_width(420.0);
                ui.label(egui::RichText::new(board.place_label(a)).strong().size(16.0));
                if let Some(d) = board.area(a) {
                    ui.label(terrain_words(d.terrain));
                    if let Some(c) = &d.city {
                        ui.label(format!(
                            "City: {}{} (+1 absorption for its holder, Soviet reinforcement entry, R 2.4.5)",
                            c.name,
                            if c.special { " (Special City, R 13.2)" } else { "" }
                        ));
                    }
                    if let Some(e) = d.supply {
                        ui.label(format!("Supply edge: {}", supply_words(e)));
                    }
                } else if let Some(b) = board.box_data(a) {
                    ui.label(match b.kind {
                        eastfront_moscow41::data::BoxKind::Rastenburg => "Hitler's box (R 2.2)",
                        eastfront_moscow41::data::BoxKind::Kiev => "Kiev: no units ever; 1 VP (R 2.2, 13.2)",
                        eastfront_moscow41::data::BoxKind::Road => "Road to Leningrad box (R 2.2, 10.9)",
                    });
                }
                if let Some(av) = view.areas.get(a.index()) {
                    let mut line = format!("Controlled by the {}", av.control.name());
                    if av.disputed {
                        line.push_str(" · disputed (a battle is due, R 10.11)");
                    }
                    ui.colored_label(side_colour(av.control), line);
                    for (k, s) in [Side::German, Side::Soviet].iter().enumerate() {
                        if av.dl[k] {
                            ui.label(format!("{} Defensive Line (R 4.1)", s.name()));
                        }
                    }
                }
                if !area_menu_actions(legal, a).is_empty() {
                    ui.colored_label(
                        egui::Color32::from_rgb(240, 200, 110),
                        "Right-click: dismantle this Defensive Line to build it elsewhere (R 4.1)",
                    );
                }
                let here: Vec<_> = view.blocks.iter().filter(|b| b.area == a).collect();
                for b in here {
                    let text = match &b.face {
                        Some(f) => face_words(f, b.revealed),
                        None if Some(b.side) != viewer => {
                            format!("{} block (hidden)", b.side.name())
                        }
                        None => format!("{} block", b.side.name()),
                    };
                    ui.colored_label(side_colour(b.side), text);
                }
            });
        });
}

fn face_words(f: &BlockFace, revealed: bool) -> String {
    format!(
        "{} ({}) · strength {}/{}{}{}",
        f.name,
        f.label,
        f.strength,
        f.max_strength,
        if f.isolated { " · Isolated" } else { "" },
        if revealed { " · face up" } else { "" }
    )
}

/// The battle window: opened by the last battle's start, it shows both sides' blocks as they
/// fought (the strength each was revealed at and the steps it lost, from the table's record of
/// the battle, never the faces of later: a destroyed block's strength resets when it leaves
/// the map), the dice and what they did, and the loss choices when the rules ask for one.
fn battle_window(
    ctx: &egui::Context,
    board: &Board,
    view: &View,
    table: &M41Table,
    shown: &M41Shown,
    panel: &mut M41Panel,
    out: &mut Outbox,
) {
    if panel.table != Some(table.id) {
        // A new table: a battle of a loaded game's history opens only if it still waits.
        let last = table.last_battle();
        *panel = M41Panel {
            table: Some(table.id),
            battle_seen: last.map(|b| b.start),
            battle_closed: last.is_some_and(|b| b.ended),
            confirm: None,
        };
    }
    let Some(battle) = table.last_battle() else {
        return;
    };
    let start = battle.start;
    if panel.battle_seen != Some(start) {
        panel.battle_seen = Some(start);
        panel.battle_closed = false;
    }
    let waiting = view.phase == "Battle";
    if panel.battle_closed && !waiting {
        return;
    }
    // The battle's own lines: from its start to its end and the control it settled.
    let mut lines = &table.log[start.min(table.log.len())..];
    if let Some(end) = lines
        .iter()
        .position(|e| matches!(e.event.kind, EventKind::BattleEnd { .. }))
    {
        let after = lines[end + 1..]
            .iter()
            .take_while(|e| matches!(e.event.kind, EventKind::Control { .. }))
            .count();
        lines = &lines[..=end + after];
    }
    let viewer = shown.viewer_side;
    let mut open = true;
    egui::Window::new(format!("Battle in {}", board.place_label(battle.area)))
        .id(egui::Id::new("m41-battle"))
        .open(&mut open)
        .default_width(760.0)
        .min_width(760.0)
        .pivot(egui::Align2::CENTER_TOP)
        .default_pos(ctx.viewport_rect().center_top() + egui::vec2(-200.0, 110.0))
        .show(ctx, |ui| {
            ui.columns(2, |cols| {
                for (k, side) in [Side::German, Side::Soviet].into_iter().enumerate() {
                    let ui = &mut cols[k];
                    // The attacker is the side whose impulse the battle belongs to (R 10.11).
                    let role = if side == battle.attacker {
                        "attacker"
                    } else {
                        "defender"
                    };
                    ui.colored_label(
                        side_colour(side),
                        egui::RichText::new(format!("{} ({role})", side.name())).strong(),
                    );
                    let mut any = false;
                    for x in battle.blocks.iter().filter(|x| x.side == side) {
                        any = true;
                        let face_up_now = view.blocks.iter().any(|b| {
                            b.revealed && b.face.as_ref().is_some_and(|f| f.block == x.block)
                        });
                        block_chip(
                            ui,
                            board,
                            x,
                            &battle_block_words(board, x, battle.ended, face_up_now),
                        );
                    }
                    if !any {
                        ui.small("No blocks in the battle.");
                    }
                }
            });
            ui.separator();
            // The dice and what they did, in the order they fell.
            for e in lines {
                match (&e.event.kind, &e.event.roll) {
                    (_, Some(roll)) => {
                        ui.label(e.event.text_for(viewer));
                        dice_row(ui, &roll.values);
                    }
                    (EventKind::BattleStart { .. }, _) => {}
                    _ => {
                        log_line(ui, None, e.event.text_for(viewer), &e.event.rule, true);
                    }
                }
            }
            if waiting {
                if let Some(p) = table
                    .session
                    .state()
                    .battle
                    .as_ref()
                    .and_then(|b| b.pending_choice())
                {
                    ui.separator();
                    ui.label(egui::RichText::new(format!("{} (R {})", p.prompt, p.rule)).strong());
                    if let Some(seat) = shown.acting_seat {
                        for (i, o) in p.options.iter().enumerate() {
                            let a = Action::BattleChoice { option: i as u8 };
                            if shown.legal.contains(&a)
                                && ui.button(battle_option_words(board, o)).clicked()
                            {
                                out.choices.write(M41Choice { seat, action: a });
                            }
                        }
                    } else {
                        ui.label(format!("The {} player chooses.", p.side.name()));
                    }
                }
            } else if battle.ended {
                ui.small("The battle is over; close this window to go on.");
            }
        });
    if !open {
        panel.battle_closed = true;
    }
}

/// A block of the battle in words: the strength it fought at and what became of it.
fn battle_block_words(board: &Board, x: &M41BattleBlock, ended: bool, face_up_now: bool) -> String {
    let d = board.block(x.block);
    let mut text = format!("{} ({})", d.name, d.label);
    if x.destroyed {
        text.push_str(&format!(" · fought at {} · destroyed", x.fought_at));
    } else if x.strength < x.fought_at {
        text.push_str(&format!(" · strength {} → {}", x.fought_at, x.strength));
    } else {
        text.push_str(&format!(" · strength {}/{}", x.strength, d.max_strength));
    }
    if ended && !x.destroyed && !face_up_now {
        text.push_str(" · hidden again after the battle");
    }
    text
}

/// A small drawing of a block as it fought: its wood, label and the strength it was revealed
/// at as pips (filled while it still had them), the steps it lost as empty rings, crossed out
/// when destroyed.
fn block_chip(ui: &mut egui::Ui, board: &Board, x: &M41BattleBlock, text: &str) {
    ui.horizontal(|ui| {
        let (rect, _) = ui.allocate_exact_size(egui::vec2(38.0, 38.0), egui::Sense::hover());
        let p = ui.painter();
        let (wood, ink) = match x.side {
            Side::German => (egui::Color32::from_rgb(84, 92, 89), egui::Color32::WHITE),
            Side::Soviet => (
                egui::Color32::from_rgb(184, 31, 26),
                egui::Color32::from_rgb(255, 224, 77),
            ),
        };
        let wood = if x.destroyed {
            wood.gamma_multiply(0.55)
        } else {
            wood
        };
        p.rect_filled(rect, 4.0, wood);
        p.rect_stroke(
            rect,
            4.0,
            egui::Stroke::new(1.5, egui::Color32::from_rgb(250, 230, 140)),
            egui::StrokeKind::Inside,
        );
        let d = board.block(x.block);
        p.text(
            rect.center() + egui::vec2(0.0, 6.0),
            egui::Align2::CENTER_CENTER,
            &d.label,
            egui::FontId::proportional(11.0),
            ink,
        );
        let n = x.fought_at as usize;
        // A destroyed block keeps the pips it had when it fell, under the cross.
        let kept = x.strength as usize;
        for k in 0..n {
            let at = egui::pos2(
                rect.center().x + (k as f32 - (n as f32 - 1.0) / 2.0) * 7.5,
                rect.top() + 7.0,
            );
            let c = match d.dots.get(k) {
                Some(eastfront_moscow41::data::Firepower::Single) => egui::Color32::BLACK,
                Some(eastfront_moscow41::data::Firepower::Double) => egui::Color32::WHITE,
                _ => egui::Color32::from_rgb(230, 25, 20),
            };
            if k < kept {
                p.circle_filled(at, 2.8, c);
            } else {
                // A step lost in this battle.
                p.circle_stroke(at, 2.6, egui::Stroke::new(1.0, c));
            }
        }
        if x.destroyed {
            let cross = egui::Stroke::new(2.5, egui::Color32::from_rgb(255, 90, 70));
            let r = rect.shrink(5.0);
            p.line_segment([r.left_top(), r.right_bottom()], cross);
            p.line_segment([r.right_top(), r.left_bottom()], cross);
        }
        ui.add(egui::Label::new(text).wrap());
    });
}

#[cfg(test)]
mod tests {
    use super::end_with_work_left;
    use eastfront_kernel::SpaceId;
    use eastfront_moscow41::{Action, BlockId};

    /// UX: ending a segment while pieces could still act asks first, and says what is left.
    #[test]
    fn ending_a_segment_with_work_left_asks_first() {
        let mv = |b: u8, to: u16| Action::Move {
            block: BlockId(b),
            path: vec![SpaceId(to)].into(),
        };
        // Two blocks could still move (one of them two ways): "2 blocks".
        let legal = vec![mv(3, 10), mv(3, 11), mv(7, 10), Action::EndCommand];
        assert_eq!(
            end_with_work_left(&Action::EndCommand, &legal).as_deref(),
            Some("2 blocks could still move.")
        );
        // Nothing left but the end: no question.
        assert_eq!(
            end_with_work_left(&Action::EndCommand, &[Action::EndCommand]),
            None
        );
        // One optional battle left.
        let legal = vec![Action::Fight { area: SpaceId(5) }, Action::EndCombat];
        assert_eq!(
            end_with_work_left(&Action::EndCombat, &legal).as_deref(),
            Some("1 battle could still be fought.")
        );
        // Actions that end nothing never ask.
        assert_eq!(end_with_work_left(&Action::Pass, &legal), None);
        assert_eq!(end_with_work_left(&Action::NoExploit, &legal), None);
    }
}
