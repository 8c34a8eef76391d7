//! The games this program plays, in one list. The menu's game tabs, the Load list, and the
//! command line's `games`, `validate`, `selfplay`, `bench` and `engine` all read it: adding a
//! game is its rules crate, its data, its presentation module (a [`TableGame`]) and one line in
//! [`GAMES`].

use crate::app::games::{moscow41::Moscow41, no_retreat::NoRetreat, stalingrad::Stalingrad};
use crate::app::table::desc::MapDesc;
use crate::app::table::game::{GameCard, NewGame, SetupSpec};
use crate::app::table::TableGame;
use crate::cli::engine::{Driver, GameDriver};
use crate::cli::selfplay::{self, SelfplayArgs};
use bevy::prelude::App;
use eastfront_kernel::{SaveHeader, Seat, Session};
use std::marker::PhantomData;
use std::path::Path;

/// Every game, in the menu's order. A new game is one line here.
pub static GAMES: &[&dyn GameEntry] = &[
    &Entry::<Stalingrad>::NEW,
    &Entry::<Moscow41>::NEW,
    &Entry::<NoRetreat>::NEW,
];

/// The game with this id.
pub fn game(id: &str) -> Option<&'static dyn GameEntry> {
    GAMES.iter().copied().find(|g| g.id() == id)
}

/// The ids of every game, for messages ("stalingrad, moscow41").
pub fn ids() -> String {
    GAMES.iter().map(|g| g.id()).collect::<Vec<_>>().join(", ")
}

/// What the program asks of a game, without knowing its types.
pub trait GameEntry: Sync {
    fn id(&self) -> &'static str;
    fn title(&self) -> &'static str;
    fn card(&self) -> GameCard;
    fn setup_spec(&self) -> SetupSpec;
    /// The seats humans play in a menu choice's mode, with the rules' name of each ("Axis").
    fn human_seat_names(&self, new: &NewGame) -> Vec<(Seat, String)>;
    /// The map, for the menu's thumbnail.
    fn map(&self) -> MapDesc;
    /// Where the data came from (SOURCES.md).
    fn sources(&self) -> &'static str;
    /// Adds the game's table to the app.
    fn install(&self, app: &mut App);
    /// Checks a data folder of this game; None if the folder is not this game's.
    fn validate_folder(&self, dir: &Path) -> Option<Result<String, String>>;
    /// Checks a save of this game (its whole record is replayed).
    fn validate_save(&self, name: &str, text: &str) -> Result<String, String>;
    /// The engine protocol's driver for this game.
    fn engine(&self) -> Box<dyn Driver>;
    /// `eastfront selfplay` for this game.
    fn selfplay(&self, args: &SelfplayArgs) -> i32;
    /// `eastfront bench` for this game.
    fn bench(&self, games: u64, seed: u64);
}

/// Any [`TableGame`] as a registry entry.
pub struct Entry<G>(PhantomData<fn() -> G>);

impl<G> Entry<G> {
    pub const NEW: Entry<G> = Entry(PhantomData);
}

impl<G: TableGame> GameEntry for Entry<G> {
    fn id(&self) -> &'static str {
        G::builtin().id()
    }
    fn title(&self) -> &'static str {
        G::builtin().title()
    }
    fn card(&self) -> GameCard {
        G::card()
    }
    fn setup_spec(&self) -> SetupSpec {
        G::builtin().setup_spec()
    }
    fn human_seat_names(&self, new: &NewGame) -> Vec<(Seat, String)> {
        let game = G::builtin();
        let options = game.options_for(new);
        crate::app::table::bridge::seating_for(game, new)
            .humans
            .into_iter()
            .map(|s| (s, game.seat_name(&options, s)))
            .collect()
    }
    fn map(&self) -> MapDesc {
        G::builtin().map()
    }
    fn sources(&self) -> &'static str {
        G::sources()
    }
    fn install(&self, app: &mut App) {
        app.add_plugins(crate::app::table::TablePlugin::<G>::default());
        crate::app::map::build::<G>(app);
    }
    fn validate_folder(&self, dir: &Path) -> Option<Result<String, String>> {
        if !G::owns_folder(dir) {
            return None;
        }
        Some(
            G::from_folder(dir)
                .map(|g| {
                    format!(
                        "{}: valid {} data ({}).",
                        dir.display(),
                        g.title(),
                        g.data_summary()
                    )
                })
                .map_err(|e| e.to_string()),
        )
    }
    fn validate_save(&self, name: &str, text: &str) -> Result<String, String> {
        Session::load_from_str(G::builtin(), name, text)
            .map(|s| {
                format!(
                    "{name}: a valid {} save ({} record entries).",
                    self.title(),
                    s.record().len()
                )
            })
            .map_err(|e| e.to_string())
    }
    fn engine(&self) -> Box<dyn Driver> {
        Box::new(GameDriver::<G>::new())
    }
    fn selfplay(&self, args: &SelfplayArgs) -> i32 {
        selfplay::selfplay::<G>(args)
    }
    fn bench(&self, games: u64, seed: u64) {
        selfplay::bench::<G>(games, seed)
    }
}

/// The game a save belongs to, by its header (never by guessing from its text).
pub fn game_of_save(name: &str, text: &str) -> Result<&'static dyn GameEntry, String> {
    let header = SaveHeader::read(name, text).map_err(|e| e.to_string())?;
    game(&header.game).ok_or_else(|| {
        format!(
            "{name}: a save of \"{}\", a game this eastfront does not have (it has: {})",
            header.game,
            ids()
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_is_listed_once_with_scenarios_and_modes() {
        let mut ids: Vec<&str> = GAMES.iter().map(|g| g.id()).collect();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), GAMES.len());
        for g in GAMES {
            let spec = g.setup_spec();
            assert!(!spec.scenarios.is_empty(), "{}", g.id());
            assert!(!spec.modes.is_empty(), "{}", g.id());
            assert!(!g.map().spaces.is_empty(), "{}", g.id());
            assert!(!g.sources().is_empty(), "{}", g.id());
        }
        assert_eq!(game("moscow41").map(|g| g.title()), Some("Moscow '41"));
        assert!(game("no_such_game").is_none());
    }

    #[test]
    fn a_save_names_its_game_in_its_header() {
        let text =
            "(format: \"eastfront-save\", version: 1, game: \"moscow41\", scenario: \"sc1\")";
        assert_eq!(
            game_of_save("s.ron", text).map(|g| g.id()).ok(),
            Some("moscow41")
        );
        let other = text.replace("moscow41", "guards_tanks");
        let e = game_of_save("s.ron", &other).err().unwrap();
        assert!(e.contains("guards_tanks") && e.contains("s.ron"), "{e}");
    }
}
