//! `EASTFRONT_DIAG_TABLE=GAME`: when the menu first shows, the app opens GAME's table (a game id
//! of the registry: `stalingrad`, `moscow41`, `no_retreat`) with the menu's defaults, as if
//! "Start the game" had been clicked, except that the mode is the first one with one human
//! seat (a player against the computer: no curtain to lift between turns). For frame-time runs where nothing can click (the frames
//! drawn off screen: egui then gets no pointer), and for scripts.

use crate::app::menu::default_form;
use crate::app::screens::Screen;
use crate::app::table::game::{NewGame, SetupSpec};
use crate::app::table::PendingTable;
use bevy::prelude::*;

/// Opens the asked table on the first entry to the menu (the app's, not the bare window's).
pub fn plugin(app: &mut App) {
    let Ok(id) = std::env::var("EASTFRONT_DIAG_TABLE") else {
        return;
    };
    let Some(entry) = crate::registry::game(id.trim()) else {
        eprintln!(
            "eastfront diag: EASTFRONT_DIAG_TABLE={id}: no such game (games: {})",
            crate::registry::ids()
        );
        return;
    };
    app.add_systems(
        OnEnter(Screen::Menu),
        move |mut commands: Commands,
              mut next: ResMut<NextState<Screen>>,
              mut done: Local<bool>| {
            if std::mem::replace(&mut *done, true) {
                return;
            }
            commands.insert_resource(PendingTable {
                game: entry.id(),
                new: solo_form(&entry.setup_spec()),
            });
            next.set(Screen::Table);
        },
    );
}

/// The menu's defaults, in the first mode where one human plays against the computer.
fn solo_form(spec: &SetupSpec) -> NewGame {
    let mut new = default_form(spec);
    if let Some(solo) = spec.modes.iter().find(|m| m.humans.len() == 1) {
        new.mode = solo.choice.id.to_string();
    }
    new
}

#[cfg(test)]
mod tests {
    use super::solo_form;

    #[test]
    fn every_game_opens_with_one_player_against_the_computer() {
        for entry in crate::registry::GAMES {
            let spec = entry.setup_spec();
            let new = solo_form(&spec);
            let mode = spec
                .modes
                .iter()
                .find(|m| m.choice.id == new.mode)
                .expect("a mode of the game");
            assert_eq!(mode.humans.len(), 1, "{}: {}", entry.id(), new.mode);
        }
    }
}
