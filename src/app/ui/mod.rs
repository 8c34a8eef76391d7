//! The panel kit of the one table: the top bar, the side panel (prompt with rule links, the
//! choices, the dice tray, the log), the confirm, the hover box, the rules reference, the
//! result window and the replay bar — drawn the same way for every game from the frame, with
//! the game's own parts (its state in the bar, its sections in the panel, its windows) asked
//! of its [`TableGame`]. The same keys everywhere: Space/Enter the only choice (or the hint),
//! 1–9 a listed choice, Esc cancel, Ctrl+Z undo, Ctrl+H hint, Ctrl+S save, F fit, F1 rules,
//! Shift+H hide pieces, Shift (held) magnify, M the map key, and each overlay's key.

pub mod battle;
pub mod confirm;
pub mod dice;
pub mod interface_size;
pub mod palette;
pub mod reference;
pub mod side_panel;
pub mod style;
pub mod text;
pub mod top_bar;
pub mod windows;

use crate::app::input::{HoverLines, Hovered, PanelPreview, PendingChoices, Selection};
use crate::app::map::camera::{FitRequested, FocusOn, PanelInsets};
use crate::app::map::MapShown;
use crate::app::pieces::PiecesHidden;
use crate::app::screens::Screen;
use crate::app::table::ai::{AiStatus, Hint, HintRequest};
use crate::app::table::frame::{Frame, Overlays};
use crate::app::table::game_over::{GameSummary, RematchRequest, ResultWindow};
use crate::app::table::pace::{AiPace, AiSpeed, Playback};
use crate::app::table::panel::{PanelCtx, PanelOut, Shown};
use crate::app::table::replay::{ReplayRequest, ReplayState};
use crate::app::table::saves::SaveRequest;
use crate::app::table::thinking::ThinkingTime;
use crate::app::table::{
    Eyes, GameLog, Notice, PlayerChoice, Table, TableGame, TableStatus, UndoRequest,
};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{egui, EguiContexts, EguiPrimaryContextPass};
use eastfront_kernel::{Mark, SpaceId};

/// The side panel's width, margins included. Fixed: its text wraps inside it, so a long log
/// line never widens it over the map (the camera insets follow it).
pub const SIDE_PANEL_WIDTH: f32 = 400.0;

/// What the panels read, for every game.
pub struct Ctx<'a> {
    pub frame: &'a Frame,
    pub status: &'a TableStatus,
    pub log: &'a GameLog,
    /// Log lines shown now (the AI's playback shows them up to its step).
    pub lines_shown: usize,
    pub hint: &'a Hint,
    pub ai: &'a AiStatus,
    pub playback: &'a Playback,
    pub replaying: bool,
    pub result_closed: bool,
    pub now: f64,
    /// The computer's thinking time (the top bar's AI menu).
    pub thinking_time: ThinkingTime,
}

/// What the panels ask for this frame.
pub struct Out<'a> {
    pub sel: &'a mut Selection,
    pub preview: Vec<(SpaceId, Mark)>,
    /// A legal action asked for (through the "are you sure?" when it leaves work undone).
    pub request: Option<usize>,
    /// Open the rules reference at this rule ("" : just open it).
    pub rule: Option<String>,
    pub undo: bool,
    pub hint: bool,
    pub save: bool,
    pub menu: bool,
    pub fit: bool,
    pub skip: bool,
    pub speed: Option<AiSpeed>,
    pub thinking_time: Option<ThinkingTime>,
    pub toggle_overlay: Option<usize>,
    pub show_result: bool,
    /// Centre the map on this space (a log line clicked).
    pub focus: Option<SpaceId>,
}

/// The panels' memory: the confirm waiting, the dice tray.
#[derive(Resource, Default)]
pub struct PanelMemory {
    /// (frame revision, action index, why, the action's words): waiting for "are you sure?".
    pub confirm: Option<(u64, usize, String, String)>,
    pub tray: dice::Tray,
    /// The log shows only lines of this topic (None: all).
    pub log_filter: Option<eastfront_kernel::LogTopic>,
    /// The table's battle report (games without a battle window of their own).
    pub battle: battle::BattleReport,
}

/// The messages the panels send.
#[derive(SystemParam)]
pub struct Outbox<'w> {
    choices: MessageWriter<'w, PlayerChoice>,
    undo: MessageWriter<'w, UndoRequest>,
    save: MessageWriter<'w, SaveRequest>,
    hint: MessageWriter<'w, HintRequest>,
    rematch: MessageWriter<'w, RematchRequest>,
    replay: MessageWriter<'w, ReplayRequest>,
    next: ResMut<'w, NextState<Screen>>,
}

/// The table's switches the panels turn.
#[derive(SystemParam)]
pub struct Switches<'w> {
    fit: ResMut<'w, FitRequested>,
    insets: ResMut<'w, PanelInsets>,
    overlays: ResMut<'w, Overlays>,
    hidden: ResMut<'w, PiecesHidden>,
    pace: Option<ResMut<'w, AiPace>>,
    thinking: ResMut<'w, ThinkingTime>,
    result: ResMut<'w, ResultWindow>,
    reference: ResMut<'w, reference::ReferenceWindow>,
    replay: ResMut<'w, ReplayState>,
    focus: ResMut<'w, FocusOn>,
}

/// What the table shows, for every game.
#[derive(SystemParam)]
pub struct Board<'w> {
    frame: Res<'w, Frame>,
    status: Res<'w, TableStatus>,
    log: Res<'w, GameLog>,
    eyes: Res<'w, Eyes>,
    hint: Res<'w, Hint>,
    ai: Res<'w, AiStatus>,
    playback: ResMut<'w, Playback>,
    summary: Option<Res<'w, GameSummary>>,
    hovered: Res<'w, Hovered>,
    hover_lines: Res<'w, HoverLines>,
    highlights: Res<'w, crate::app::input::Highlights>,
    palette: Res<'w, palette::Palette>,
    map: Option<Res<'w, MapShown>>,
    time: Res<'w, Time>,
}

/// The input state the panels change.
#[derive(SystemParam)]
pub struct Hands<'w> {
    sel: ResMut<'w, Selection>,
    pending: ResMut<'w, PendingChoices>,
    preview: ResMut<'w, PanelPreview>,
    memory: ResMut<'w, PanelMemory>,
    notice: ResMut<'w, Notice>,
    keys: Res<'w, ButtonInput<KeyCode>>,
}

pub fn plugin(app: &mut App) {
    app.init_resource::<PanelMemory>()
        .init_resource::<reference::ReferenceWindow>()
        .add_systems(OnEnter(Screen::Table), |mut m: ResMut<PanelMemory>| {
            *m = PanelMemory::default()
        })
        .add_systems(EguiPrimaryContextPass, style::apply_style_once);
    interface_size::plugin(app);
    palette::plugin(app);
}

/// The per-game panel system (window only).
pub fn build<G: TableGame>(app: &mut App) {
    if !app.is_plugin_added::<bevy_egui::EguiPlugin>() {
        return;
    }
    app.add_systems(
        EguiPrimaryContextPass,
        table_ui::<G>
            .after(style::apply_style_once)
            .run_if(in_state(Screen::Table).and_then(resource_exists::<Table<G>>)),
    );
}

/// One game's side of the panels: its table, the typed view and legal actions the frame was
/// made from (or the replay's view), and its own panel memory.
#[derive(SystemParam)]
pub struct GameSide<'w, G: TableGame> {
    table: Res<'w, Table<G>>,
    shown: Res<'w, Shown<G>>,
    replay_view: Res<'w, crate::app::table::replay::ReplayView<G>>,
    mem: ResMut<'w, <G as TableGame>::Ui>,
}

fn table_ui<G: TableGame>(
    mut contexts: EguiContexts,
    side_of_game: GameSide<G>,
    mut board: Board,
    mut hands: Hands,
    mut sw: Switches,
    mut outbox: Outbox,
) -> Result {
    let GameSide {
        table,
        shown,
        replay_view,
        mut mem,
    } = side_of_game;
    let ctx = contexts.ctx_mut()?.clone();
    let now = board.time.elapsed_secs_f64();
    // Behind the curtain nothing of the game is drawn (the curtain is the table's).
    if board.eyes.curtain_for.is_some() || !board.frame.visible {
        if *sw.insets != PanelInsets::default() {
            *sw.insets = PanelInsets::default();
        }
        return Ok(());
    }
    let game = table.game();
    let replaying = sw.replay.active;
    let view = if replaying {
        replay_view.view.as_ref()
    } else {
        shown.view.as_ref()
    };
    let Some(view) = view else {
        return Ok(());
    };
    hands.notice.expire(board.status.revision);
    let lines_shown = board.playback.lines_shown(&board.log);
    let c = Ctx {
        frame: &board.frame,
        status: &board.status,
        log: &board.log,
        lines_shown,
        hint: &board.hint,
        ai: &board.ai,
        playback: &board.playback,
        replaying,
        result_closed: sw.result.closed,
        now,
        thinking_time: *sw.thinking,
    };
    let legal: &[G::Action] = if replaying { &[] } else { &shown.legal };
    let pctx = PanelCtx {
        game,
        view,
        legal,
        frame: &board.frame,
        status: &board.status,
        log: &board.log,
        latest: &table.latest,
        history: &table.history,
        selection: &hands.sel,
        now,
    };
    let mut pout = PanelOut::default();
    let sel_before = hands.sel.clone();
    let mut sel = sel_before.clone();
    let mut out = Out {
        sel: &mut sel,
        preview: Vec::new(),
        request: None,
        rule: None,
        undo: false,
        hint: false,
        save: false,
        menu: false,
        fit: false,
        skip: false,
        speed: None,
        thinking_time: None,
        toggle_overlay: None,
        show_result: false,
        focus: None,
    };
    let overlays = crate::app::table::game::overlays_with_key(game);
    let pace_speed = sw.pace.as_ref().map(|p| p.speed);
    let mut root = egui::Ui::new(
        ctx.clone(),
        "table".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );

    // ---- top bar: the commands first (right), the state in the width they leave
    let top = egui::Panel::top("top-bar").show(&mut root, |ui| {
        let compact = ui.available_width() < 1450.0;
        ui.horizontal(|ui| {
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                top_bar::commands(ui, &c, &overlays, &sw.overlays.0, pace_speed, &mut out);
                ui.add_space(8.0);
                // What does not fit wraps to another row rather than going under the commands.
                let wrapped = egui::Layout::left_to_right(egui::Align::Center).with_main_wrap(true);
                ui.with_layout(wrapped, |ui| {
                    ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Extend);
                    top_bar::state(ui, &c, compact);
                    // The game's own state always on the second row: the bar holds still.
                    ui.end_row();
                    game.top_bar(ui, &pctx, compact);
                });
            });
        });
    });

    // ---- side panel
    let side = egui::Panel::right("side-panel")
        .exact_size(SIDE_PANEL_WIDTH)
        .resizable(false)
        .show(&mut root, |ui| {
            ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Wrap);
            // The decision and the game's sections on top (scrolling when long), the log
            // below in its own area that keeps the newest line in view.
            let log_min = (ui.available_height() * 0.35).max(180.0);
            egui::ScrollArea::vertical()
                .id_salt("side-scroll")
                .max_height((ui.available_height() - log_min).max(120.0))
                .auto_shrink([false, true])
                .show(ui, |ui| {
                    side_panel::head(ui, &c, &mut out);
                    ui.separator();
                    side_panel::choices(ui, &c, &mut out);
                    ui.separator();
                    game.side_sections(ui, &pctx, &mut *mem, &mut pout);
                });
            side_panel::dice_and_log(ui, &c, &mut hands.memory, &mut out);
        });

    // ---- the game's windows, then the table's
    game.windows(&ctx, &pctx, &mut *mem, &mut pout);
    // The panels' room in window pixels (egui's points times the interface size).
    let zoom = ctx.zoom_factor();
    let top_h = top.response.rect.height() * zoom;
    let right_w = side.response.rect.width() * zoom;
    if !game.has_battle_window() {
        battle::battle_report(&ctx, &c, &mut hands.memory.battle, &mut out);
    }
    windows::pending(&ctx, &c, &mut hands.pending, &mut out);
    windows::notice(&ctx, &mut hands.notice, top_h, now);
    // Not over the result: the game is over, the map is not what the player reads now.
    let result_up = board.summary.is_some() && !sw.result.closed && !replaying;
    if !result_up {
        windows::hover(&ctx, &board.hovered, &board.hover_lines, now);
    }
    let map_centre = -right_w / 2.0;
    let mut hidden = sw.hidden.0;
    windows::hidden_banner(&ctx, &mut hidden, map_centre, top_h);
    if hidden != sw.hidden.0 {
        sw.hidden.0 = hidden;
    }
    let lit: Vec<_> = board.highlights.rings.iter().map(|(_, l)| *l).collect();
    windows::legend(
        &ctx,
        &overlays,
        &sw.overlays.0,
        &lit,
        *board.palette,
        ctx.viewport_rect().bottom(),
    );
    if let (Some(s), false) = (board.summary.as_deref(), sw.result.closed || replaying) {
        match windows::result(&ctx, s, |side| board.status.side_name(side)) {
            Some(windows::ResultChoice::Review) => sw.result.closed = true,
            Some(windows::ResultChoice::Replay) => {
                sw.result.closed = true;
                outbox.replay.write(ReplayRequest::Start);
            }
            Some(windows::ResultChoice::Rematch) => {
                outbox.rematch.write(RematchRequest);
            }
            Some(windows::ResultChoice::MainMenu) => outbox.next.set(Screen::Menu),
            None => {}
        }
    }
    if replaying {
        let bottom = egui::pos2(
            (ctx.viewport_rect().width() - right_w) / 2.0,
            ctx.viewport_rect().bottom(),
        );
        match windows::replay_bar(
            &ctx,
            &sw.replay,
            |side| board.status.side_name(side),
            bottom,
        ) {
            Some(windows::ReplayMove::To(s)) => sw.replay.step = s.min(sw.replay.total),
            Some(windows::ReplayMove::View(v)) => sw.replay.viewer = v,
            Some(windows::ReplayMove::Exit) => {
                outbox.replay.write(ReplayRequest::Exit);
            }
            None => {}
        }
    }
    reference::window(&ctx, G::reference(), &mut sw.reference);

    // ---- keys (not while egui types into a field)
    let typing = ctx.egui_wants_keyboard_input();
    if !typing {
        keys(&ctx, &c, &hands.keys, &overlays, &mut out);
    }

    // ---- the confirm: asked only while the action is still on offer
    if let Some((rev, i, _, _)) = &hands.memory.confirm {
        if *rev != board.frame.revision || *i >= board.frame.actions.len() {
            hands.memory.confirm = None;
        }
    }
    if let Some((_, i, why, words)) = hands.memory.confirm.clone() {
        match confirm::are_you_sure(&ctx, "confirm-end", &why, &words) {
            Some(true) => {
                send(&board.frame, i, &mut outbox);
                hands.memory.confirm = None;
            }
            Some(false) => hands.memory.confirm = None,
            None => {}
        }
    } else if let Some(i) = out.request.or(pout.choose) {
        let ask = board.frame.actions.get(i).and_then(|a| {
            let said: Vec<&str> = [&a.work_left, &a.risk, &a.irreversible]
                .into_iter()
                .flatten()
                .map(String::as_str)
                .collect();
            (!said.is_empty()).then(|| said.join(" "))
        });
        match ask {
            Some(why) => {
                let words = board.frame.actions[i].words.clone();
                hands.memory.confirm = Some((board.frame.revision, i, why, words));
            }
            None => send(&board.frame, i, &mut outbox),
        }
    }

    // ---- the rest of what was asked
    let Out {
        preview: asked_preview,
        rule: asked_rule,
        undo,
        hint,
        save,
        menu,
        fit,
        skip,
        speed,
        thinking_time,
        toggle_overlay,
        show_result,
        focus: asked_focus,
        ..
    } = out;
    let mut preview = asked_preview;
    preview.extend(pout.preview.iter().copied());
    if hands.preview.0 != preview {
        hands.preview.0 = preview;
    }
    if let Some(s) = pout.select.clone() {
        sel = s;
    }
    if sel != sel_before {
        *hands.sel = sel;
    }
    if let Some(rule) = asked_rule.or(pout.rule.clone()) {
        if rule.is_empty() {
            sw.reference.open = !sw.reference.open;
        } else {
            sw.reference.show(&rule);
        }
    }
    if let Some(space) = asked_focus.or(pout.focus) {
        if let Some(map) = &board.map {
            if let Some(s) = map.desc.space(space) {
                sw.focus.0 = Some(s.anchor);
            }
        }
    }
    if undo {
        outbox.undo.write(UndoRequest);
    }
    if hint {
        outbox.hint.write(HintRequest);
    }
    if save {
        outbox.save.write(SaveRequest);
    }
    if menu {
        outbox.next.set(Screen::Menu);
    }
    if fit {
        sw.fit.0 = true;
    }
    if show_result {
        sw.result.closed = false;
    }
    if let Some(k) = toggle_overlay {
        if let Some(o) = sw.overlays.0.get_mut(k) {
            *o = !*o;
        }
    }
    if let Some(t) = thinking_time {
        *sw.thinking = t;
        crate::app::settings::remember(|s| s.thinking_ms = Some(t.millis()));
    }
    if let Some(p) = sw.pace.as_deref_mut() {
        if let Some(s) = speed {
            p.speed = s;
            crate::app::settings::remember(|set| set.ai_speed = Some(s.label().into()));
        }
        if skip {
            p.skipping = true;
            board.playback.skip();
        }
    }
    let insets = PanelInsets {
        left: 0.0,
        right: right_w,
        top: top_h,
        bottom: 0.0,
    };
    if *sw.insets != insets {
        *sw.insets = insets;
    }
    Ok(())
}

/// Sends a legal action of the frame.
fn send(frame: &Frame, index: usize, outbox: &mut Outbox) {
    if let Some(seat) = frame.acting_seat {
        outbox.choices.write(PlayerChoice {
            seat,
            index,
            revision: frame.revision,
        });
    }
}

/// The table's keys, the same for every game.
fn keys(
    ctx: &egui::Context,
    c: &Ctx,
    keys: &ButtonInput<KeyCode>,
    overlays: &[crate::app::table::desc::Overlay],
    out: &mut Out,
) {
    let ctrl = crate::app::input::ctrl_held(keys);
    let (enter, space, f1) = ctx.input(|i| {
        (
            i.key_pressed(egui::Key::Enter),
            i.key_pressed(egui::Key::Space),
            i.key_pressed(egui::Key::F1),
        )
    });
    if f1 {
        out.rule = Some(String::new());
    }
    if ctrl && keys.just_pressed(KeyCode::KeyH) {
        out.hint = true;
    }
    if !ctrl {
        for (k, o) in overlays.iter().enumerate() {
            if keys.just_pressed(o.key) && !crate::app::input::hide_chord(keys) {
                out.toggle_overlay = Some(k);
            }
        }
    }
    if c.replaying || c.playback.active() || out.request.is_some() {
        return;
    }
    if enter || space {
        // The AI's suggestion, or the only choice on offer that is not made on the map.
        if let Some((_, i)) = c.hint.answer.as_ref().filter(|_| enter) {
            out.request = Some(*i);
            return;
        }
        let buttons: Vec<usize> = (0..c.frame.actions.len())
            .filter(|i| c.frame.actions[*i].gesture.is_none())
            .collect();
        if let [only] = buttons.as_slice() {
            out.request = Some(*only);
        }
    }
}

/// `Shift+H` hides the pieces (a window-only key).
pub fn toggle_pieces(
    keys: Res<ButtonInput<KeyCode>>,
    wants: Option<Res<bevy_egui::input::EguiWantsInput>>,
    mut hidden: ResMut<PiecesHidden>,
) {
    if keys.just_pressed(KeyCode::KeyH)
        && crate::app::input::hide_chord(&keys)
        && !wants.as_ref().is_some_and(|w| w.wants_any_keyboard_input())
    {
        hidden.0 = !hidden.0;
    }
}
