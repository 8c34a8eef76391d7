//! Saves, for every game: Ctrl+S (or the Save button) writes the game to the per-user data
//! folder, an autosave follows every action (one for all games: the menu's Continue), the
//! menu lists the saves by what their header says. A damaged or foreign save is refused with
//! the file, the place and the problem, in a window — never a panic — and whatever was open
//! stays open (the load is checked whole before anything is replaced).
//!
//! Who plays which seat is not part of the rules: it travels in the save's `meta` (`play`,
//! `level`, `seat.N`). Older saves without it get the seating their options imply.

use super::bridge::{opening_line, seating_of_save, Loaded};
use super::game::TableGame;
use super::session::{GameLog, LogLine, Table};
use super::{table_open, Notice, UndoRequest};
use crate::app::screens::Screen;
use crate::app::settings::{saves_folder, SavesFolder};
use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;
use eastfront_kernel::{SaveHeader, Session};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

const AUTOSAVE_STEM: &str = "autosave";

/// Asks for a save (the Save button, Ctrl+S).
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct SaveRequest;

/// Asks to open a save (the menu's Load list and Continue).
#[derive(Message, Clone, Debug)]
pub struct LoadRequest(pub PathBuf);

/// The last load failure, shown in a window until dismissed.
#[derive(Resource, Default)]
pub struct LoadFailure(pub Option<String>);

/// A save file found in the saves folder, as its header describes it.
#[derive(Clone, Debug)]
pub struct SaveEntry {
    pub path: PathBuf,
    pub name: String,
    pub modified: SystemTime,
    pub is_autosave: bool,
    /// The game's id, from the header (None: not a readable save).
    pub game: Option<String>,
    /// How it is played (the recorded mode and level), as the Load list says it.
    pub mode: Option<String>,
}

/// The saves in one folder, newest first.
pub fn list_saves_in(dir: &Path) -> Vec<SaveEntry> {
    let Ok(read) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut out: Vec<SaveEntry> = read
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .map(|path| {
            let stem = path
                .file_stem()
                .map(|s| s.to_string_lossy().to_string())
                .unwrap_or_default();
            // Older saves named their mode after `__` (`autosave__solitaire`).
            let name = stem
                .split_once("__")
                .map(|(n, _)| n.to_string())
                .unwrap_or(stem);
            let header = SaveHeader::read_file(&path).ok();
            let mode = header.as_ref().and_then(|h| mode_words(h, &path));
            SaveEntry {
                is_autosave: name == AUTOSAVE_STEM,
                modified: std::fs::metadata(&path)
                    .and_then(|m| m.modified())
                    .unwrap_or(SystemTime::UNIX_EPOCH),
                game: header.map(|h| h.game),
                path,
                name,
                mode,
            }
        })
        .collect();
    out.sort_by_key(|s| std::cmp::Reverse(s.modified));
    out
}

/// How a save is played, in the menu's words: the mode's label ("Hot-seat 1 vs 1: German vs
/// Soviet"), and the computer's level where a computer plays a seat.
fn mode_words(h: &SaveHeader, path: &Path) -> Option<String> {
    let play = h
        .meta
        .get(super::game::META_PLAY)
        .cloned()
        .or_else(|| slug_of(path))?;
    let spec = crate::registry::game(&h.game).map(|g| g.setup_spec());
    let label = spec
        .as_ref()
        .and_then(|s| {
            s.modes
                .iter()
                .find(|m| m.choice.id == play || m.aliases.contains(&play.as_str()))
        })
        .map(|m| m.choice.label.to_string())
        .unwrap_or(play);
    let computer_plays = h
        .meta
        .iter()
        .any(|(k, v)| k.starts_with("seat.") && v == "computer");
    let level = h
        .meta
        .get(super::game::META_LEVEL)
        .filter(|_| computer_plays)
        .map(|l| {
            spec.as_ref()
                .and_then(|s| s.levels.iter().find(|c| c.id == l.as_str()))
                .map(|c| c.label.to_string())
                .unwrap_or_else(|| l.clone())
        });
    Some(match level {
        Some(l) => format!("{label} · computer: {l}"),
        None => label,
    })
}

/// The play mode older saves wrote into their file name, after `__`.
pub fn slug_of(path: &Path) -> Option<String> {
    path.file_stem()?
        .to_str()?
        .rsplit_once("__")
        .map(|(_, s)| s.to_string())
}

fn unix_now() -> u64 {
    SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

/// Writes the game to a new file in `dir`.
pub fn save_table<G: TableGame>(table: &Table<G>, dir: Option<PathBuf>) -> Result<PathBuf, String> {
    let dir = dir.ok_or("no per-user data folder is known (HOME/APPDATA is not set)")?;
    let name = format!(
        "{}-turn{:02}-{}.ron",
        table.game().id(),
        table.turn(),
        unix_now(),
    );
    let path = dir.join(name);
    table
        .session
        .save_to(&path)
        .map_err(|e| format!("could not write {}: {e}", path.display()))?;
    Ok(path)
}

/// Writes the autosave into `dir` (one per folder, for every game; the previous is replaced).
fn autosave<G: TableGame>(table: &Table<G>, dir: Option<PathBuf>) -> Result<(), String> {
    let dir = dir.ok_or("no per-user data folder")?;
    let path = dir.join(format!("{AUTOSAVE_STEM}.ron"));
    table
        .session
        .save_to(&path)
        .map_err(|e| format!("autosave failed: {e}"))?;
    // Only one autosave: older ones named after their play mode (`autosave__solitaire`) go.
    for old in list_saves_in(&dir) {
        if old.is_autosave && old.path != path {
            let _ = std::fs::remove_file(&old.path);
        }
    }
    Ok(())
}

/// Reads a save of game `G` into a table and its log, or says why it cannot be used.
pub fn load_table<G: TableGame>(path: &Path) -> Result<(Table<G>, GameLog), String> {
    let game = G::builtin();
    let mut session = Session::load_from(game, path).map_err(|e| e.to_string())?;
    // Older saves have no seating in `meta`: their file name may say the mode.
    if !session.meta.contains_key(super::game::META_PLAY) {
        if let Some(slug) = slug_of(path) {
            session.meta.insert(super::game::META_PLAY.into(), slug);
        }
    }
    let seating = seating_of_save(game, &session);
    let mut table = Table::new(session, seating);
    // The log comes back by playing the record again (the same events as when it was played).
    let (mut log, history) = table.replayed(&opening_line(&table)).unwrap_or_default();
    table.history = history;
    let mut line = LogLine::note(
        table.turn(),
        format!(
            "Game loaded from {}.",
            path.file_name()
                .map(|n| n.to_string_lossy().to_string())
                .unwrap_or_default()
        ),
    );
    line.detail = Some(path.display().to_string());
    log.lines.push(line);
    log.latest_from = log.lines.len();
    log.cues.clear();
    Ok((table, log))
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<SaveRequest>()
        .add_message::<LoadRequest>()
        .init_resource::<LoadFailure>()
        .add_systems(Update, unknown_games)
        .add_systems(
            Update,
            keys.before(super::TableSet::Act)
                .run_if(in_state(Screen::Table).and_then(table_open)),
        );
}

pub(super) fn build<G: TableGame>(app: &mut App) {
    app.add_systems(
        Update,
        (save_on_request::<G>, autosave_after_actions::<G>)
            .chain()
            .after(super::TableSet::Act)
            .run_if(in_state(Screen::Table).and_then(resource_exists::<Table<G>>)),
    )
    .add_systems(Update, load_on_request::<G>);
}

/// Ctrl+S and Ctrl+Z (wherever a keyboard is: the window, or a test pressing keys).
fn keys(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    wants: Option<Res<EguiWantsInput>>,
    mut save: MessageWriter<SaveRequest>,
    mut undo: MessageWriter<UndoRequest>,
) {
    let Some(keys) = keys else { return };
    if wants.as_ref().is_some_and(|w| w.wants_any_keyboard_input()) {
        return;
    }
    let ctrl = crate::app::input::ctrl_held(&keys);
    if ctrl && keys.just_pressed(KeyCode::KeyS) {
        save.write(SaveRequest);
    }
    if ctrl && keys.just_pressed(KeyCode::KeyZ) {
        undo.write(UndoRequest);
    }
}

fn save_on_request<G: TableGame>(
    mut requests: MessageReader<SaveRequest>,
    table: Res<Table<G>>,
    folder: Option<Res<SavesFolder>>,
    mut notice: ResMut<Notice>,
    time: Res<Time>,
) {
    if requests.read().count() == 0 {
        return;
    }
    match save_table(&table, saves_folder(folder.as_deref())) {
        Ok(path) => notice.info(
            format!("Saved to {}", path.display()),
            time.elapsed_secs_f64(),
        ),
        Err(e) => notice.error(format!("Could not save: {e}"), time.elapsed_secs_f64()),
    }
}

fn autosave_after_actions<G: TableGame>(
    table: Res<Table<G>>,
    folder: Option<Res<SavesFolder>>,
    mut saved: Local<(u64, u64)>,
    mut notice: ResMut<Notice>,
    time: Res<Time>,
) {
    if *saved == (table.id, table.revision) {
        return;
    }
    *saved = (table.id, table.revision);
    if table.session.record().is_empty() {
        return;
    }
    if let Err(e) = autosave(&table, saves_folder(folder.as_deref())) {
        notice.error(e, time.elapsed_secs_f64());
    }
}

/// Opens a save of this game: the whole file is read and replayed first; only a good one
/// replaces what is open (a damaged file leaves the menu, or the game in progress, as it was).
fn load_on_request<G: TableGame>(
    mut commands: Commands,
    mut requests: MessageReader<LoadRequest>,
    mut failure: ResMut<LoadFailure>,
    mut next: ResMut<NextState<Screen>>,
) {
    let id = G::builtin().id();
    for LoadRequest(path) in requests.read() {
        // The header says whose save it is; a file that has none is the unknown-game check's.
        let Ok(header) = SaveHeader::read_file(path) else {
            continue;
        };
        if header.game != id {
            continue;
        }
        match load_table::<G>(path) {
            Ok(loaded) => {
                commands.insert_resource(Loaded::<G>(Some(loaded)));
                next.set(Screen::Table);
            }
            Err(e) => failure.0 = Some(e),
        }
    }
}

/// The game a damaged save seems to be of, to say so in the message: the `game:` line near its
/// top (only for the words — a save is never opened by guessing).
fn seems_to_be(path: &Path) -> Option<&'static str> {
    let text = std::fs::read_to_string(path).ok()?;
    let line = text
        .lines()
        .take(8)
        .find(|l| l.trim_start().starts_with("game:"))?;
    let id = line.split('"').nth(1)?;
    crate::registry::game(id).map(|g| g.title())
}

/// A file that is not a readable save, or a save of a game this program does not have.
fn unknown_games(mut requests: MessageReader<LoadRequest>, mut failure: ResMut<LoadFailure>) {
    for LoadRequest(path) in requests.read() {
        match SaveHeader::read_file(path) {
            Err(e) => {
                failure.0 = Some(match seems_to_be(path) {
                    Some(title) => format!("A damaged {title} save: {e}"),
                    None => e.to_string(),
                })
            }
            Ok(h) if crate::registry::game(&h.game).is_none() => {
                failure.0 = Some(format!(
                    "{}: a save of \"{}\", a game this eastfront does not have",
                    path.display(),
                    h.game
                ))
            }
            Ok(_) => {}
        }
    }
}
