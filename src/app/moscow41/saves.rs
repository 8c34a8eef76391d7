//! Saves for Moscow '41: Ctrl+S (or the Save button) writes the game to the per-user saves
//! folder, an autosave follows every action (the one autosave the menu's Continue resumes,
//! whichever game it is), and the menu's Load list opens Moscow saves on the Moscow table with
//! the same play mode and AI level. Writes are atomic (the kernel's `Session::save_to`); a
//! damaged or foreign save is refused with the file, the place and the problem — never a panic.
//!
//! Who plays which seat and the AI level are not rules: they travel in the save's `meta`
//! ("play" = [`M41Play::slug`], "level" = [`AiLevel::slug`], "seat.N" = "human" / "computer").

use super::super::input::ctrl_held;
use super::super::saves::{
    list_saves_in, saves_folder, LoadFailure, LoadRequest, SaveRequest, SavesFolder,
};
use super::super::screens::Screen;
use super::super::table::Notice;
use super::session::{AiLevel, M41Loaded, M41Play, M41Rules, M41Table};
use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;
use eastfront_kernel::{Game, Seat, Session};
use eastfront_moscow41::Moscow41;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The game's id in a save file (`game: "moscow41"`).
pub const GAME_ID: &str = "moscow41";
/// The metadata key of the AI level.
pub const META_LEVEL: &str = "level";

/// Writes the play mode, the level and who controls each seat into the session's metadata.
pub fn stamp(session: &mut Session<'_, Moscow41>, play: M41Play, level: AiLevel) {
    session.meta.retain(|k, _| !k.starts_with("seat."));
    session.meta.insert(
        super::super::saves::META_PLAY.to_string(),
        play.slug().to_string(),
    );
    session
        .meta
        .insert(META_LEVEL.to_string(), level.slug().to_string());
    for seat in [Seat(0), Seat(1)] {
        let side = session.game.side_of(session.state(), seat);
        let who = if play.is_human(side) {
            "human"
        } else {
            "computer"
        };
        session
            .meta
            .insert(super::super::saves::meta_seat_key(seat), who.to_string());
    }
}

/// The play mode and level a save records (hot-seat / Normal when it says nothing).
pub fn play_of(meta: &BTreeMap<String, String>) -> (M41Play, AiLevel) {
    let play = meta
        .get(super::super::saves::META_PLAY)
        .and_then(|s| M41Play::from_slug(s))
        .unwrap_or_default();
    let level = meta
        .get(META_LEVEL)
        .and_then(|s| AiLevel::from_slug(s))
        .unwrap_or_default();
    (play, level)
}

/// How the menu's Load list names a Moscow save's mode.
pub fn listing_words(meta: &BTreeMap<String, String>) -> String {
    let (play, level) = play_of(meta);
    match play {
        M41Play::HotSeat => play.label().to_string(),
        _ => format!("{} ({})", play.label(), level.label()),
    }
}

/// Whether a file is a Moscow '41 save: its `game:` line names this game. Read as text so a
/// damaged Moscow save is still recognised (and refused with Moscow's reason).
pub fn is_moscow_save(path: &Path) -> bool {
    std::fs::read_to_string(path).is_ok_and(|text| is_moscow_text(&text))
}

pub fn is_moscow_text(text: &str) -> bool {
    text.lines().any(|l| {
        let l = l.trim_start();
        l.starts_with("game:") && l.contains(&format!("\"{GAME_ID}\""))
    })
}

fn unix_now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

/// Writes the game to `path` (atomically: a crash never leaves half a file).
pub fn save_to(table: &M41Table, path: &Path) -> Result<(), String> {
    table
        .session
        .save_to(path)
        .map_err(|e| format!("could not write {}: {e}", path.display()))
}

/// Writes the game to a new file in the saves folder `dir` (None: no folder is known).
pub fn save_new(table: &M41Table, dir: Option<PathBuf>) -> Result<PathBuf, String> {
    let dir = dir.ok_or("no per-user data folder is known (HOME/APPDATA is not set)")?;
    let path = dir.join(format!(
        "{GAME_ID}-{}-turn{:02}-{}.ron",
        table.session.scenario,
        table.session.state().turn,
        unix_now()
    ));
    save_to(table, &path)?;
    Ok(path)
}

/// Reads a Moscow save into a table, or says why it cannot be used (file, place, problem).
pub fn load(rules: M41Rules, path: &Path) -> Result<M41Table, String> {
    let session = Session::load_from(rules.0, path).map_err(|e| e.to_string())?;
    let (play, level) = play_of(&session.meta);
    // The file's name only: the full path is the line's hover text (a path does not wrap).
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| path.display().to_string());
    let opening = format!(
        "Moscow '41 — loaded from {name} — {} · seed {}.",
        listing_words(&session.meta),
        session.seed
    );
    let detail = format!("Loaded from {}", path.display());
    Ok(M41Table::from_session(
        session,
        play,
        level,
        opening,
        Some(detail),
    ))
}

pub(super) fn plugin(app: &mut App) {
    // The shared saves plugin may run only with a window; these are idempotent.
    app.add_message::<SaveRequest>()
        .add_message::<LoadRequest>()
        .init_resource::<LoadFailure>()
        .add_systems(
            Update,
            (
                save_keys.run_if(resource_exists::<ButtonInput<KeyCode>>),
                save_on_request,
                autosave_after_actions,
            )
                .chain()
                .run_if(in_state(Screen::Moscow41).and_then(resource_exists::<M41Table>)),
        )
        .add_systems(Update, load_on_request);
}

/// Ctrl+S saves (a quick chord, Ctrl pressed and released within one frame, counts). Runs
/// wherever the keyboard is read, with or without a window.
fn save_keys(
    keys: Res<ButtonInput<KeyCode>>,
    wants: Option<Res<EguiWantsInput>>,
    mut save: MessageWriter<SaveRequest>,
) {
    if wants.as_ref().is_some_and(|w| w.wants_any_keyboard_input()) {
        return;
    }
    if keys.just_pressed(KeyCode::KeyS) && ctrl_held(&keys) {
        save.write(SaveRequest);
    }
}

fn save_on_request(
    mut requests: MessageReader<SaveRequest>,
    table: Res<M41Table>,
    folder: Option<Res<SavesFolder>>,
    mut notice: ResMut<Notice>,
    time: Res<Time>,
) {
    if requests.read().count() == 0 {
        return;
    }
    match save_new(&table, saves_folder(folder.as_deref())) {
        Ok(path) => notice.info(
            format!("Saved to {}", path.display()),
            time.elapsed_secs_f64(),
        ),
        Err(e) => notice.error(format!("Could not save: {e}"), time.elapsed_secs_f64()),
    }
}

fn autosave_after_actions(
    table: Res<M41Table>,
    folder: Option<Res<SavesFolder>>,
    mut saved: Local<Option<(u64, u64)>>,
    mut notice: ResMut<Notice>,
    time: Res<Time>,
) {
    // Keyed by the session's seed too: a rematch starts again at revision 1.
    let key = (table.session.seed, table.revision);
    if *saved == Some(key) {
        return;
    }
    *saved = Some(key);
    if table.session.record().is_empty() {
        return;
    }
    let Some(dir) = saves_folder(folder.as_deref()) else {
        return;
    };
    let path = dir.join("autosave.ron");
    if let Err(e) = save_to(&table, &path) {
        notice.error(format!("autosave failed: {e}"), time.elapsed_secs_f64());
        return;
    }
    // One autosave for all games: older ones named after their play mode go.
    for old in list_saves_in(&dir) {
        if old.is_autosave && old.path != path {
            let _ = std::fs::remove_file(&old.path);
        }
    }
}

fn load_on_request(
    mut commands: Commands,
    mut requests: MessageReader<LoadRequest>,
    rules: Res<M41Rules>,
    mut failure: ResMut<LoadFailure>,
    mut next: ResMut<NextState<Screen>>,
) {
    let Some(LoadRequest(path)) = requests.read().last().cloned() else {
        return;
    };
    if !is_moscow_save(&path) {
        return; // Stalingrad's loader answers.
    }
    match load(*rules, &path) {
        Ok(table) => {
            commands.insert_resource(M41Loaded(Some(table)));
            next.set(Screen::Moscow41);
        }
        Err(e) => failure.0 = Some(format!("Moscow '41 save: {e}")),
    }
}
