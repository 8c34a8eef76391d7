//! The per-game systems of the table: they hold a game's [`Table`] and turn it into the plain
//! data every other part of the app reads ([`Frame`], [`TableStatus`], [`GameLog`]), and
//! they hand the player's choices (by index into the frame's legal actions) back to the rules.

use super::eyes::Eyes;
use super::frame::{build_frame, Frame, Overlays};
use super::game::{NewGame, Seating, TableGame};
use super::panel::Shown;
use super::session::{GameLog, LogLine, Table, TableStatus};
use super::{Notice, PendingTable, PlayerChoice, TableSet, UndoRequest};
use crate::app::input::{HoverLines, Hovered};
use crate::app::screens::Screen;
use bevy::prelude::*;
use eastfront_kernel::{Session, Viewer};

/// A table made outside the Table screen (a load, a rematch, a replay's "play from here"),
/// waiting to be opened by the next entry into it.
#[derive(Resource)]
pub struct Loaded<G: TableGame>(pub Option<(Table<G>, GameLog)>);

pub(super) fn build<G: TableGame>(app: &mut App) {
    let has_table = resource_exists::<Table<G>>;
    app.init_resource::<G::Ui>()
        .init_resource::<Shown<G>>()
        .add_systems(OnEnter(Screen::Table), open_table::<G>)
        .add_systems(OnExit(Screen::Table), close_table::<G>)
        .add_systems(
            Update,
            (
                apply_choices::<G>.in_set(TableSet::Act),
                publish_status::<G>
                    .after(TableSet::Act)
                    .before(TableSet::Eyes),
                refresh_frame::<G>.in_set(TableSet::View),
                hover_lines::<G>.after(TableSet::View),
            )
                .run_if(in_state(Screen::Table).and_then(has_table)),
        );
    super::ai::build::<G>(app);
    super::saves::build::<G>(app);
    super::game_over::build::<G>(app);
    super::replay::build::<G>(app);
    crate::app::ui::build::<G>(app);
}

/// The seating a menu choice asks for.
pub fn seating_for<G: TableGame>(game: &G, new: &NewGame) -> Seating {
    let spec = game.setup_spec();
    let mode = spec
        .modes
        .iter()
        .find(|m| m.choice.id == new.mode)
        .or(spec.modes.first());
    let humans = mode.map(|m| m.humans.clone()).unwrap_or_default();
    Seating {
        mode: mode.map(|m| m.choice.id.to_string()).unwrap_or_default(),
        mode_label: mode.map(|m| m.choice.label.to_string()).unwrap_or_default(),
        level: new.level.clone(),
        names: Seating::names_of(new, &humans),
        humans,
    }
}

/// The seating a save records in its `meta` (`play`, `level`), or the one its options imply.
pub fn seating_of_save<G: TableGame>(game: &G, session: &Session<'static, G>) -> Seating {
    let spec = game.setup_spec();
    let recorded = session.meta.get(super::game::META_PLAY).and_then(|id| {
        spec.modes
            .iter()
            .find(|m| m.choice.id == id || m.aliases.contains(&id.as_str()))
    });
    let mode = recorded
        .filter(|m| game.mode_fits(m.choice.id, &session.options))
        .or_else(|| {
            let id = game.default_mode(&session.options);
            spec.modes.iter().find(|m| m.choice.id == id)
        })
        .or(spec.modes.first());
    let level = session
        .meta
        .get(super::game::META_LEVEL)
        .cloned()
        .filter(|l| spec.levels.iter().any(|c| c.id == l))
        .or_else(|| {
            spec.levels
                .get(1)
                .or(spec.levels.first())
                .map(|c| c.id.to_string())
        })
        .unwrap_or_default();
    let humans = mode.map(|m| m.humans.clone()).unwrap_or_default();
    let names = session
        .meta
        .iter()
        .filter_map(|(k, v)| {
            let seat = k.strip_prefix(super::game::META_NAME)?.parse::<u8>().ok()?;
            humans
                .contains(&eastfront_kernel::Seat(seat))
                .then(|| (seat, v.clone()))
        })
        .collect();
    Seating {
        mode: mode.map(|m| m.choice.id.to_string()).unwrap_or_default(),
        mode_label: mode.map(|m| m.choice.label.to_string()).unwrap_or_default(),
        level,
        humans,
        names,
    }
}

/// The rules' options of a mode named by its id, an alias or (None) the game's first mode, for
/// the command line.
pub fn options_for_mode<G: TableGame>(game: &G, mode: Option<&str>) -> Result<G::Options, String> {
    let spec = game.setup_spec();
    let found = match mode {
        None => spec.modes.first(),
        Some(m) => spec
            .modes
            .iter()
            .find(|x| x.choice.id == m || x.aliases.contains(&m)),
    };
    let Some(found) = found else {
        let ids: Vec<&str> = spec.modes.iter().map(|m| m.choice.id).collect();
        return Err(format!(
            "{} has no mode \"{}\" (it has: {})",
            game.title(),
            mode.unwrap_or_default(),
            ids.join(", ")
        ));
    };
    Ok(game.options_for(&NewGame {
        scenario: spec
            .scenarios
            .first()
            .map(|s| s.id.clone())
            .unwrap_or_default(),
        mode: found.choice.id.to_string(),
        ..default()
    }))
}

/// The log's first line: the game, the scenario, who plays and the seed.
pub fn opening_line<G: TableGame>(table: &Table<G>) -> String {
    let s = &table.session;
    let scenario = s
        .game
        .scenarios()
        .into_iter()
        .find(|x| x.id == s.scenario)
        .map(|x| x.name)
        .unwrap_or_default();
    let changed = super::rule_switch::changed(&s.game.rule_switches(), &s.options);
    let rules = if changed.is_empty() {
        String::new()
    } else {
        format!(" · {}", changed.join(", "))
    };
    let players: Vec<String> = table
        .status()
        .seats
        .iter()
        .filter_map(|x| Some(format!("{} ({})", x.player.as_ref()?, x.name)))
        .collect();
    let players = if players.is_empty() {
        String::new()
    } else {
        format!(" · {}", players.join(", "))
    };
    format!(
        "{} — {scenario} — {}{players} · seed {}{rules}.",
        s.game.title(),
        table.seating.mode_label,
        s.seed
    )
}

/// A new table for a menu choice.
pub fn new_table<G: TableGame>(new: &NewGame) -> Result<(Table<G>, GameLog), String> {
    let game = G::builtin();
    let options = game.options_for(new);
    let session =
        Session::new(game, &new.scenario, options, new.seed).map_err(|e| e.to_string())?;
    let table = Table::new(session, seating_for(game, new));
    let log = GameLog {
        lines: vec![LogLine::note(table.turn(), opening_line(&table))],
        ..default()
    };
    Ok((table, log))
}

fn open_table<G: TableGame>(
    mut commands: Commands,
    mut loaded: Option<ResMut<Loaded<G>>>,
    pending: Option<Res<PendingTable>>,
    mut overlays: ResMut<Overlays>,
    mut notice: ResMut<Notice>,
    mut next: ResMut<NextState<Screen>>,
    time: Res<Time>,
) {
    let id = G::builtin().id();
    let opened = match loaded.as_mut().and_then(|l| l.0.take()) {
        Some(t) => Ok(t),
        None => match pending.filter(|p| p.game == id) {
            Some(p) => new_table::<G>(&p.new),
            None => return,
        },
    };
    commands.remove_resource::<Loaded<G>>();
    commands.remove_resource::<PendingTable>();
    let n = super::game::overlays_with_key(G::builtin()).len();
    if overlays.0.len() != n {
        overlays.0 = vec![false; n];
    }
    match opened {
        Ok((table, log)) => {
            let status = table.status();
            commands.insert_resource(Eyes::for_new_table(&status));
            commands.insert_resource(status);
            commands.insert_resource(log);
            commands.insert_resource(Frame::default());
            commands.insert_resource(table);
        }
        Err(e) => {
            notice.error(
                format!("Cannot start {}: {e}", G::builtin().title()),
                time.elapsed_secs_f64(),
            );
            next.set(Screen::Menu);
        }
    }
}

fn close_table<G: TableGame>(mut commands: Commands) {
    commands.remove_resource::<Table<G>>();
    commands.insert_resource(Shown::<G>::default());
    commands.insert_resource(G::Ui::default());
}

fn apply_choices<G: TableGame>(
    mut choices: MessageReader<PlayerChoice>,
    mut undo: MessageReader<UndoRequest>,
    mut table: ResMut<Table<G>>,
    mut log: ResMut<GameLog>,
    eyes: Res<Eyes>,
    replaying: Option<Res<super::replay::ReplayState>>,
) {
    if replaying.is_some_and(|r| r.active) {
        choices.clear();
        undo.clear();
        return;
    }
    for choice in choices.read() {
        // Only the player at the screen, on their turn, may act; a stale click is dropped.
        if eyes.curtain_for.is_some()
            || eyes.seat != Some(choice.seat)
            || table.active_seat() != Some(choice.seat)
            || choice.revision != table.revision
        {
            continue;
        }
        let legal = table
            .game()
            .legal_actions(table.session.state(), choice.seat);
        let Some(action) = legal.get(choice.index).cloned() else {
            continue;
        };
        if table.apply(choice.seat, action, &mut log).is_err() {
            // Kept in the table's last error for the panel.
            break;
        }
    }
    for _ in undo.read() {
        if !table.undo(&mut log) {
            let why = table
                .session
                .undo_blocked_by()
                .unwrap_or("Nothing to undo.")
                .to_string();
            table.last_error = Some(why);
        }
    }
}

/// The status the panels read, whenever the table changes.
fn publish_status<G: TableGame>(table: Res<Table<G>>, mut status: ResMut<TableStatus>) {
    if !table.is_changed() {
        return;
    }
    let now = table.status();
    if now.revision != status.revision
        || now.last_error != status.last_error
        || now.table_id != status.table_id
        || now.seating != status.seating
    {
        *status = now;
    }
}

/// Rebuilds what the screen shows whenever the game, the person at the screen or the
/// overlays change.
fn refresh_frame<G: TableGame>(
    table: Res<Table<G>>,
    eyes: Res<Eyes>,
    overlays: Res<Overlays>,
    replaying: Option<Res<super::replay::ReplayState>>,
    mut frame: ResMut<Frame>,
    mut shown: ResMut<Shown<G>>,
) {
    if replaying.is_some_and(|r| r.active) {
        return;
    }
    let fresh = frame.revision == table.revision && shown.revision == table.revision;
    if fresh && !eyes.is_changed() && !overlays.is_changed() && !table.is_changed() {
        return;
    }
    let (f, s) = build_frame(&table, &eyes, &overlays.0);
    *frame = f;
    *shown = s;
}

/// What the pointer over a space shows, in the viewer's view.
fn hover_lines<G: TableGame>(
    table: Res<Table<G>>,
    hovered: Res<Hovered>,
    frame: Res<Frame>,
    sel: Res<crate::app::input::Selection>,
    eyes: Res<Eyes>,
    replay: Option<Res<super::replay::ReplayView<G>>>,
    mut lines: ResMut<HoverLines>,
) {
    if !hovered.is_changed() && !frame.is_changed() && !sel.is_changed() {
        return;
    }
    let Some(space) = hovered.space.filter(|_| frame.visible) else {
        if lines.space.is_some() {
            *lines = HoverLines::default();
        }
        return;
    };
    let game = table.game();
    let text = match replay.as_deref().and_then(|r| r.view.as_ref()) {
        Some(view) => game.hover(view, space),
        None => {
            let viewer = match (table.active_seat(), eyes.seat) {
                (None, _) => Viewer::Omniscient,
                (Some(_), None) if table.seating.spectator() => Viewer::Omniscient,
                (Some(_), Some(seat)) => Viewer::Side(table.side_of(seat)),
                (Some(_), None) => return,
            };
            game.hover(&table.view_for(viewer), space)
        }
    };
    let mut text = text;
    text.extend(battle_preview(&frame, &sel, space));
    *lines = HoverLines {
        space: Some(space),
        lines: text,
    };
}

/// The battle a click on `space` would open with what is held: its preview under a heading
/// (combat seen coming, issue 14). The first of the actions the click could take that has one.
pub fn battle_preview(
    frame: &Frame,
    sel: &crate::app::input::Selection,
    space: eastfront_kernel::SpaceId,
) -> Vec<String> {
    let preview = crate::app::input::open_gestures(frame, sel)
        .into_iter()
        .filter(|(_, g)| g.clicks.get(sel.path.len()) == Some(&space))
        .map(|(i, _)| &frame.actions[i].preview)
        .find(|p| !p.is_empty());
    match preview {
        Some(p) => std::iter::once("If you attack here:".to_string())
            .chain(p.iter().cloned())
            .collect(),
        None => Vec::new(),
    }
}
