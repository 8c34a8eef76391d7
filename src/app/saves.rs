//! Saves: Ctrl+S (or the Save button) writes the game to the per-user data folder, an autosave
//! follows every action, the menu lists the saves to load; Ctrl+Z takes back an action.
//! A damaged or foreign save is refused with the reason, shown in a window — never a panic.
//!
//! Who plays which seat is not part of the rules: it travels in the save's table metadata
//! (`meta`: "play" = the play mode's slug, "seat.N" = "human" / "computer"). Older saves have no
//! metadata; for them the play mode comes from the file name (`…__hotseat.ron`).

use super::screens::Screen;
use super::table::{Controller, LoadedTable, Notice, PlayMode, Rules, Table, UndoRequest};
use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;
use eastfront_kernel::{Game, Session};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

const AUTOSAVE_STEM: &str = "autosave";

/// The metadata key of the play mode (its [`PlayMode::slug`]).
pub const META_PLAY: &str = "play";

/// The metadata key of who controls a seat: "seat.0" = "human" / "computer".
pub fn meta_seat_key(seat: eastfront_kernel::Seat) -> String {
    format!("seat.{}", seat.0)
}

/// The table metadata for a play mode: the mode and who controls each seat the rules may ask.
pub fn play_meta(play: PlayMode) -> BTreeMap<String, String> {
    let mut meta = BTreeMap::new();
    meta.insert(META_PLAY.to_string(), play.slug().to_string());
    for (seat, who) in play.controllers() {
        let who = match who {
            Controller::Human => "human",
            Controller::Computer => "computer",
        };
        meta.insert(meta_seat_key(seat), who.to_string());
    }
    meta
}

/// Writes the play mode and the seats into the session's metadata (other keys are kept).
pub fn stamp_play(session: &mut Session<'_, eastfront_stalingrad::Stalingrad>, play: PlayMode) {
    session.meta.retain(|k, _| !k.starts_with("seat."));
    session.meta.extend(play_meta(play));
}

/// The play mode a save records: its metadata, else (older saves) the file name's slug.
pub fn play_of(meta: &BTreeMap<String, String>, path: &Path) -> Option<PlayMode> {
    meta.get(META_PLAY)
        .and_then(|slug| PlayMode::from_slug(slug))
        .or_else(|| slug_of(path).and_then(PlayMode::from_slug))
}

/// The part of a file name after `__`, as older saves wrote the play mode.
fn slug_of(path: &Path) -> Option<&str> {
    path.file_stem()?
        .to_str()?
        .rsplit_once("__")
        .map(|(_, s)| s)
}

/// The name a save is listed under: the file name without `.ron` and an old `__mode` suffix.
fn display_name(path: &Path) -> String {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().to_string())
        .unwrap_or_default();
    match stem.rsplit_once("__") {
        Some((n, slug)) if PlayMode::from_slug(slug).is_some() => n.to_string(),
        _ => stem,
    }
}

/// Reads only a save's metadata for the listing (an unreadable file has none).
fn read_meta(path: &Path) -> BTreeMap<String, String> {
    #[derive(serde::Deserialize)]
    struct MetaOnly {
        #[serde(default)]
        meta: BTreeMap<String, String>,
    }
    std::fs::read_to_string(path)
        .ok()
        .and_then(|text| {
            eastfront_kernel::parse_ron::<MetaOnly>(&path.display().to_string(), &text).ok()
        })
        .map(|m| m.meta)
        .unwrap_or_default()
}

/// The per-user folder for saves: `$XDG_DATA_HOME/eastfront/saves` (or
/// `~/.local/share/eastfront/saves`) on Linux, `%APPDATA%\eastfront\saves` on Windows,
/// `~/Library/Application Support/eastfront/saves` on macOS.
pub fn saves_dir() -> Option<PathBuf> {
    let env = |k: &str| {
        std::env::var_os(k)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    let base = if cfg!(windows) {
        env("APPDATA")
    } else if cfg!(target_os = "macos") {
        env("HOME").map(|h| h.join("Library/Application Support"))
    } else {
        env("XDG_DATA_HOME").or_else(|| env("HOME").map(|h| h.join(".local/share")))
    }?;
    Some(base.join("eastfront").join("saves"))
}

/// Where both tables (Stalingrad and Moscow '41) write their saves and autosave instead of
/// [`saves_dir`], when present (the headless tests point it at a temporary folder so they
/// never touch the player's saves). The menu's list still reads [`saves_dir`].
#[derive(Resource, Clone, Debug)]
pub struct SavesFolder(pub PathBuf);

/// The folder saves go to: the [`SavesFolder`] when one is set, else the per-user folder.
pub fn saves_folder(over: Option<&SavesFolder>) -> Option<PathBuf> {
    over.map(|f| f.0.clone()).or_else(saves_dir)
}

/// A save file found in the saves folder.
#[derive(Clone, Debug)]
pub struct SaveEntry {
    pub path: PathBuf,
    pub name: String,
    pub play: Option<PlayMode>,
    pub modified: SystemTime,
    pub is_autosave: bool,
    /// The game's title and how it is played, as the Load list says it.
    pub game: String,
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
            let name = display_name(&path);
            let meta = read_meta(&path);
            let moscow = super::moscow41::saves::is_moscow_save(&path);
            let play = if moscow { None } else { play_of(&meta, &path) };
            let (game, mode) = if moscow {
                (
                    "Moscow '41".to_string(),
                    Some(super::moscow41::saves::listing_words(&meta)),
                )
            } else {
                (
                    "Stalingrad".to_string(),
                    play.map(|p| p.label().to_string()),
                )
            };
            let modified = std::fs::metadata(&path)
                .and_then(|m| m.modified())
                .unwrap_or(SystemTime::UNIX_EPOCH);
            SaveEntry {
                is_autosave: name == AUTOSAVE_STEM,
                path,
                name,
                play,
                modified,
                game,
                mode,
            }
        })
        .collect();
    out.sort_by_key(|s| std::cmp::Reverse(s.modified));
    out
}

fn unix_now() -> u64 {
    SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

/// Writes the game to a new file in `dir` (the [`saves_folder`]).
pub fn save_table(table: &Table, dir: Option<PathBuf>) -> Result<PathBuf, String> {
    let dir = dir.ok_or("no per-user data folder is known (HOME/APPDATA is not set)")?;
    let name = format!(
        "{}-turn{:02}-{}.ron",
        table.game().id(),
        table.session.state().turn + 1,
        unix_now(),
    );
    let path = dir.join(name);
    table
        .session
        .save_to(&path)
        .map_err(|e| format!("could not write {}: {e}", path.display()))?;
    Ok(path)
}

/// Writes the autosave into `dir` (one per folder; the previous one is replaced).
fn autosave(table: &Table, dir: Option<PathBuf>) -> Result<(), String> {
    let dir = dir.ok_or("no per-user data folder")?;
    let path = dir.join(format!("{AUTOSAVE_STEM}.ron"));
    table
        .session
        .save_to(&path)
        .map_err(|e| format!("autosave failed: {e}"))?;
    // Only one autosave: remove older ones named after their play mode (`autosave__solitaire`).
    for old in list_saves_in(&dir) {
        if old.is_autosave && old.path != path {
            let _ = std::fs::remove_file(&old.path);
        }
    }
    Ok(())
}

/// Reads a save into a table, or says why it cannot be used.
pub fn load_table(rules: Rules, path: &Path) -> Result<Table, String> {
    let session = Session::load_from(rules.0, path).map_err(|e| e.to_string())?;
    let play = play_of(&session.meta, path)
        .filter(|p| p.rules_mode() == session.options.mode)
        .unwrap_or(PlayMode::for_rules_mode(session.options.mode));
    let mut table = Table::from_session(session, play);
    table.log.push(super::table::LogEntry {
        turn: table.session.state().turn,
        event: eastfront_stalingrad::Event {
            kind: eastfront_stalingrad::EventKind::Info,
            rule: String::new(),
            roll: None,
            public: format!("Game loaded from {}.", path.display()),
            private: None,
        },
    });
    Ok(table)
}

/// Asks for a save from the panels.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct SaveRequest;

/// Asks to open a save (from the menu).
#[derive(Message, Clone, Debug)]
pub struct LoadRequest(pub PathBuf);

/// The last load failure, shown in a window until dismissed.
#[derive(Resource, Default)]
pub struct LoadFailure(pub Option<String>);

/// Saving, the autosave and loading: with or without a window (the headless tests play
/// whole games, their [`SavesFolder`] a temporary folder).
pub(super) fn table_plugin(app: &mut App) {
    app.add_message::<SaveRequest>()
        .add_message::<LoadRequest>()
        .init_resource::<LoadFailure>()
        .add_systems(
            Update,
            (save_on_request, autosave_after_actions)
                .chain()
                .run_if(in_state(Screen::Table).and_then(resource_exists::<Table>)),
        )
        .add_systems(Update, load_on_request);
}

/// The keys (Ctrl+S, Ctrl+Z): only with a window.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        keys.before(save_on_request)
            .run_if(in_state(Screen::Table).and_then(resource_exists::<Table>)),
    );
}

fn keys(
    keys: Res<ButtonInput<KeyCode>>,
    wants: Option<Res<EguiWantsInput>>,
    mut save: MessageWriter<SaveRequest>,
    mut undo: MessageWriter<UndoRequest>,
) {
    if wants.as_ref().is_some_and(|w| w.wants_any_keyboard_input()) {
        return;
    }
    let ctrl = super::input::ctrl_held(&keys);
    if ctrl && keys.just_pressed(KeyCode::KeyS) {
        save.write(SaveRequest);
    }
    if ctrl && keys.just_pressed(KeyCode::KeyZ) {
        undo.write(UndoRequest);
    }
}

fn save_on_request(
    mut requests: MessageReader<SaveRequest>,
    table: Res<Table>,
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

fn autosave_after_actions(
    table: Res<Table>,
    folder: Option<Res<SavesFolder>>,
    mut saved_revision: Local<u64>,
    mut notice: ResMut<Notice>,
    time: Res<Time>,
) {
    if *saved_revision == table.revision {
        return;
    }
    *saved_revision = table.revision;
    if table.session.record().is_empty() {
        return;
    }
    if let Err(e) = autosave(&table, saves_folder(folder.as_deref())) {
        notice.error(e, time.elapsed_secs_f64());
    }
}

fn load_on_request(
    mut commands: Commands,
    mut requests: MessageReader<LoadRequest>,
    rules: Res<Rules>,
    mut failure: ResMut<LoadFailure>,
    mut next: ResMut<NextState<Screen>>,
) {
    let Some(LoadRequest(path)) = requests.read().last().cloned() else {
        return;
    };
    if super::moscow41::saves::is_moscow_save(&path) {
        return; // Moscow '41's loader answers (app::moscow41::saves).
    }
    match load_table(*rules, &path) {
        Ok(table) => {
            commands.insert_resource(LoadedTable(Some(table)));
            next.set(Screen::Table);
        }
        Err(e) => failure.0 = Some(e),
    }
}
