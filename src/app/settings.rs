//! Where the program keeps what is the player's: saves in the per-user data folder and the
//! settings (the AI speed, the interface size, the palette, the thinking time) in the per-user config folder, both from the `directories` crate
//! (`~/.local/share/eastfront/saves` and `~/.config/eastfront/settings.ron` on Linux, the
//! platform's own folders elsewhere). A test or a portable install points [`SavesFolder`]
//! elsewhere. A settings file that cannot be read is ignored (the defaults hold) and rewritten
//! atomically on the next change.

use crate::app::table::pace::{AiPace, AiSpeed};
use crate::app::table::thinking::ThinkingTime;
use crate::app::ui::interface_size::InterfaceSize;
use crate::app::ui::palette::Palette;
use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

fn project() -> Option<directories::ProjectDirs> {
    directories::ProjectDirs::from("", "", "eastfront")
}

/// The per-user folder for saves.
pub fn saves_dir() -> Option<PathBuf> {
    project().map(|p| p.data_dir().join("saves"))
}

/// Where saves and the autosave go instead of [`saves_dir`], when present (the headless tests
/// point it at a temporary folder so they never touch the player's saves). The menu's Load
/// list and Continue read the same folder.
#[derive(Resource, Clone, Debug)]
pub struct SavesFolder(pub PathBuf);

/// The folder saves go to: the [`SavesFolder`] when one is set, else the per-user folder.
pub fn saves_folder(over: Option<&SavesFolder>) -> Option<PathBuf> {
    over.map(|f| f.0.clone()).or_else(saves_dir)
}

/// What the program remembers between runs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Default)]
pub struct Settings {
    #[serde(default)]
    pub ai_speed: Option<String>,
    /// The interface size (egui's zoom), `ui::interface_size`.
    #[serde(default)]
    pub interface_size: Option<f32>,
    /// The highlight palette's word, `ui::palette`.
    #[serde(default)]
    pub palette: Option<String>,
    /// The computer's thinking time in milliseconds, `table::thinking`.
    #[serde(default)]
    pub thinking_ms: Option<u64>,
}

fn settings_path() -> Option<PathBuf> {
    if std::env::var_os("EASTFRONT_NO_SETTINGS").is_some() {
        return None;
    }
    project().map(|p| p.config_dir().join("settings.ron"))
}

/// The settings on disk, or the defaults.
pub fn load() -> Settings {
    settings_path()
        .and_then(|p| std::fs::read_to_string(p).ok())
        .and_then(|t| ron::from_str(&t).ok())
        .unwrap_or_default()
}

fn store(s: &Settings) {
    let Some(path) = settings_path() else { return };
    if let Ok(text) = ron::ser::to_string_pretty(s, ron::ser::PrettyConfig::default()) {
        let _ = eastfront_kernel::session::write_atomically(&path, text.as_bytes());
    }
}

/// Remembers a setting the player chose: the settings on disk with `change` made, written
/// back atomically.
pub fn remember(change: impl FnOnce(&mut Settings)) {
    let mut s = load();
    change(&mut s);
    store(&s);
}

/// Restores the AI speed, the interface size, the palette and the thinking time at startup
/// (window only).
pub fn restore(
    mut pace: ResMut<AiPace>,
    mut size: ResMut<InterfaceSize>,
    mut palette: ResMut<Palette>,
    mut thinking: ResMut<ThinkingTime>,
) {
    let s = load();
    if let Some(speed) = s.ai_speed.as_deref().and_then(AiSpeed::from_label) {
        pace.speed = speed;
    }
    if let Some(z) = s.interface_size {
        *size = InterfaceSize::nearest(z);
    }
    if let Some(p) = s.palette.as_deref().and_then(Palette::from_word) {
        *palette = p;
    }
    if let Some(ms) = s.thinking_ms {
        *thinking = ThinkingTime::nearest(ms);
    }
}
