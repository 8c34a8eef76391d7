//! The one table without a window, for every game: open a table, read its entities and its
//! plain-data resources, act as the player at the screen would. MinimalPlugins + StatesPlugin.

#![allow(dead_code)]

use bevy::prelude::*;
use eastfront::app::build_app;
use eastfront::app::input::Selection;
use eastfront::app::map::SpaceEntity;
use eastfront::app::pieces::PieceEntity;
use eastfront::app::screens::Screen;
use eastfront::app::settings::SavesFolder;
use eastfront::app::table::game::NewGame;
use eastfront::app::table::{Frame, GameLog, PendingTable, PlayerChoice, Table, TableGame};

/// A temporary folder of this test process.
pub fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("eastfront-app-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The app without a window, its saves and autosave going to `saves` (never the player's
/// saves folder) and no settings file.
pub fn headless_app(saves: std::path::PathBuf) -> App {
    std::env::set_var("EASTFRONT_NO_SETTINGS", "1");
    let mut app = build_app(true);
    app.insert_resource(SavesFolder(saves));
    app.update(); // Loading → Menu
    app
}

/// A new table of `game` in `mode`, as the menu would open it.
pub fn open(game: &'static str, mode: &str, seed: u64, saves: std::path::PathBuf) -> App {
    let mut app = headless_app(saves);
    let entry = eastfront::registry::game(game).expect("a game of the registry");
    let mut new = eastfront::app::menu::default_form(&entry.setup_spec());
    new.mode = mode.to_string();
    new.seed = seed;
    open_new(&mut app, game, new);
    app
}

pub fn open_new(app: &mut App, game: &'static str, new: NewGame) {
    app.insert_resource(PendingTable { game, new });
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Table);
    for _ in 0..4 {
        app.update();
    }
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Table,
        "the table opened"
    );
}

pub fn pieces(app: &mut App) -> Vec<PieceEntity> {
    app.world_mut()
        .query::<&PieceEntity>()
        .iter(app.world())
        .cloned()
        .collect()
}

pub fn piece_entities(app: &mut App) -> Vec<(Entity, PieceEntity)> {
    app.world_mut()
        .query::<(Entity, &PieceEntity)>()
        .iter(app.world())
        .map(|(e, p)| (e, p.clone()))
        .collect()
}

pub fn spaces(app: &mut App) -> usize {
    app.world_mut()
        .query::<&SpaceEntity>()
        .iter(app.world())
        .count()
}

pub fn frame(app: &App) -> Frame {
    app.world().resource::<Frame>().clone()
}

/// The player at the screen takes the `index`-th legal action of the frame.
pub fn choose(app: &mut App, index: usize) {
    let f = frame(app);
    let seat = f.acting_seat.expect("the player at the screen acts");
    app.world_mut().write_message(PlayerChoice {
        seat,
        index,
        revision: f.revision,
    });
    app.update();
}

/// Applies an action straight to the table (a test playing fast), keeping the log.
pub fn apply<G: TableGame>(app: &mut App, seat: eastfront_kernel::Seat, action: G::Action) {
    app.world_mut()
        .resource_scope(|world, mut table: Mut<Table<G>>| {
            let mut log = world.resource_mut::<GameLog>();
            table
                .apply(seat, action, &mut log)
                .expect("a legal action applies");
        });
}

/// Plays random legal actions (a fixed xorshift) straight on the table until `done` or the end.
pub fn play_until<G: TableGame>(
    app: &mut App,
    seed: u64,
    max_steps: usize,
    done: impl Fn(&Table<G>) -> bool,
) -> bool {
    let mut x = seed | 1;
    for _ in 0..max_steps {
        let next = {
            let table = app.world().resource::<Table<G>>();
            if done(table) {
                return true;
            }
            let Some(seat) = table.active_seat() else {
                return false;
            };
            let legal = table.game().legal_actions(table.session.state(), seat);
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (seat, legal[(x % legal.len() as u64) as usize].clone())
        };
        apply::<G>(app, next.0, next.1);
    }
    done(app.world().resource::<Table<G>>())
}

pub fn selection(app: &App) -> Selection {
    app.world().resource::<Selection>().clone()
}

/// Plays the human seat's last offered choice (or lets frames pass) until the computer's `seat`
/// has acted on its background thread; false if it never did within `frames`.
pub fn until_computer_acts<G: TableGame>(
    app: &mut App,
    seat: eastfront_kernel::Seat,
    frames: usize,
) -> bool {
    for _ in 0..frames {
        let f = frame(app);
        if f.acting_seat.is_some() && !f.actions.is_empty() {
            choose(app, f.actions.len() - 1);
        } else {
            app.update();
        }
        let acted = app.world().resource::<Table<G>>().session.record().iter().any(
            |r| matches!(r, eastfront_kernel::session::Record::Act { seat: s, .. } if *s == seat),
        );
        if acted {
            return true;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    false
}
