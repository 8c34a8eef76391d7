//! The Moscow '41 table without a window: one entity per area, the blocks follow the view, and
//! hidden means hidden (R 1.5 Fog of War; DESIGN.md "The app"). MinimalPlugins + StatesPlugin.

use bevy::prelude::*;
use eastfront::app::build_app;
use eastfront::app::moscow41::board::{M41Area, M41Space};
use eastfront::app::moscow41::pieces::M41Block;
use eastfront::app::moscow41::session::{
    M41Choice, M41Eyes, M41Phase, M41Play, M41Setup, M41Shown, M41Table,
};
use eastfront::app::screens::Screen;
use eastfront_kernel::session::Record;
use eastfront_kernel::{Game, Seat, Side, Viewer};

/// The app without a window, its saves and autosave going to a temporary folder (never the
/// player's saves folder).
fn headless_app() -> App {
    let mut app = build_app(true);
    app.insert_resource(eastfront::app::saves::SavesFolder(temp_dir("table")));
    app
}

fn open(play: M41Play, seed: u64) -> App {
    let mut app = headless_app();
    app.insert_resource(M41Setup {
        play,
        seed,
        ..M41Setup::default()
    });
    app.update(); // Loading → Menu
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Moscow41);
    for _ in 0..4 {
        app.update();
    }
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Moscow41,
        "the Moscow table opened"
    );
    app
}

fn blocks(app: &mut App) -> Vec<M41Block> {
    app.world_mut()
        .query::<&M41Block>()
        .iter(app.world())
        .cloned()
        .collect()
}

fn view_blocks_on_map(app: &App, side: Side) -> usize {
    let table = app.world().resource::<M41Table>();
    table
        .game()
        .view(table.session.state(), Viewer::Side(side))
        .blocks
        .len()
}

#[test]
fn one_entity_per_area_and_box() {
    let mut app = open(M41Play::GermanVsAi, 1);
    let board = &app.world().resource::<M41Table>().game().board.clone();
    let areas = app
        .world_mut()
        .query::<&M41Area>()
        .iter(app.world())
        .count();
    assert_eq!(areas, board.n_areas, "one entity per area of map.ron");
    let spaces = app
        .world_mut()
        .query::<&M41Space>()
        .iter(app.world())
        .count();
    assert_eq!(
        spaces,
        board.topo.len(),
        "one clickable space per area and off-map box"
    );
}

#[test]
fn the_german_view_shows_no_soviet_face() {
    let mut app = open(M41Play::GermanVsAi, 2);
    // The German looks at the table from the start (one human: no curtain).
    assert!(app.world().resource::<M41Eyes>().curtain_for.is_none());
    let shown = blocks(&mut app);
    let on_map: Vec<_> = shown.iter().filter(|b| b.area.is_some()).collect();
    assert_eq!(
        on_map.len(),
        view_blocks_on_map(&app, Side::German),
        "one entity per block on the map in the German's view"
    );
    for b in &shown {
        match b.side {
            Side::Soviet => assert!(
                b.face.is_none() || b.revealed,
                "a hidden Soviet block carries no identity or strength"
            ),
            Side::German => {
                if b.area.is_some() {
                    assert!(b.face.is_some(), "the German sees his own blocks");
                }
            }
        }
    }
}

#[test]
fn the_curtain_hides_every_face_until_the_next_player_clicks() {
    let mut app = open(M41Play::HotSeat, 3);
    assert_eq!(
        *app.world().resource::<State<M41Phase>>().get(),
        M41Phase::Handoff,
        "the first player is called to the screen behind the curtain"
    );
    assert!(app.world().resource::<M41Shown>().view.is_none());
    assert!(
        blocks(&mut app).iter().all(|b| b.face.is_none()),
        "no block entity carries a face while the curtain is up"
    );
    app.world_mut().resource_mut::<M41Eyes>().lift_curtain();
    for _ in 0..3 {
        app.update();
    }
    let side = app
        .world()
        .resource::<M41Shown>()
        .viewer_side
        .expect("a player looks at the table");
    let shown = blocks(&mut app);
    assert!(!shown.is_empty());
    assert!(shown
        .iter()
        .filter(|b| b.side != side)
        .all(|b| b.face.is_none() || b.revealed));
}

#[test]
fn the_ai_plays_its_side_on_a_background_thread() {
    let mut app = open(M41Play::GermanVsAi, 4);
    // The human German answers with the first legal choice whenever asked; the Soviet AI must
    // make a move of its own within a few hundred frames.
    let mut ai_moved = false;
    for _ in 0..600 {
        let (legal, seat) = {
            let shown = app.world().resource::<M41Shown>();
            (shown.legal.clone(), shown.acting_seat)
        };
        if let (Some(seat), Some(a)) = (seat, legal.last()) {
            app.world_mut().write_message(M41Choice {
                seat,
                action: a.clone(),
            });
        }
        app.update();
        let table = app.world().resource::<M41Table>();
        if table
            .session
            .record()
            .iter()
            .any(|r| matches!(r, Record::Act { seat, .. } if *seat == Seat(1)))
        {
            ai_moved = true;
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    assert!(ai_moved, "the Soviet AI made a move");
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("eastfront-m41-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_save_loads_back_with_its_play_mode_and_level() {
    use eastfront::app::moscow41::saves;
    use eastfront::app::moscow41::session::{AiLevel, M41Rules};
    use eastfront::app::saves::LoadRequest;
    let mut app = open(M41Play::SovietVsAi, 7);
    // Play a few human actions (the German AI plays its own between them).
    for _ in 0..200 {
        let (legal, seat) = {
            let shown = app.world().resource::<M41Shown>();
            (shown.legal.clone(), shown.acting_seat)
        };
        if let (Some(seat), Some(a)) = (seat, legal.first()) {
            app.world_mut().write_message(M41Choice {
                seat,
                action: a.clone(),
            });
        }
        app.update();
        if app.world().resource::<M41Table>().session.record().len() >= 6 {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    let dir = temp_dir("roundtrip");
    let path = dir.join("moscow.ron");
    let (record, hash) = {
        let mut table = app.world_mut().resource_mut::<M41Table>();
        table.level = AiLevel::Hard;
        saves::stamp(&mut table.session, M41Play::SovietVsAi, AiLevel::Hard);
        saves::save_to(&table, &path).expect("saved");
        (
            table.session.record().len(),
            eastfront_kernel::session::state_hash(table.session.state()),
        )
    };
    assert!(record > 0);
    assert!(saves::is_moscow_save(&path));
    // Directly…
    let rules = *app.world().resource::<M41Rules>();
    let loaded = saves::load(rules, &path).expect("the save loads");
    assert_eq!(loaded.play, M41Play::SovietVsAi);
    assert_eq!(loaded.level, AiLevel::Hard);
    assert_eq!(loaded.session.record().len(), record);
    assert_eq!(
        eastfront_kernel::session::state_hash(loaded.session.state()),
        hash
    );
    // …and through the menu's Load request, which opens the Moscow table.
    let mut menu = headless_app();
    menu.update();
    menu.world_mut().write_message(LoadRequest(path.clone()));
    for _ in 0..4 {
        menu.update();
    }
    assert_eq!(
        *menu.world().resource::<State<Screen>>().get(),
        Screen::Moscow41
    );
    let table = menu.world().resource::<M41Table>();
    assert_eq!(table.play, M41Play::SovietVsAi);
    assert_eq!(table.level, AiLevel::Hard);
    // The German AI may already have played on from the loaded position (its thread runs
    // while the app updates): the save's record is where the table starts.
    assert!(table.session.record().len() >= record);
    assert_eq!(
        &table.session.record()[..record],
        loaded.session.record(),
        "the table opens on the saved record"
    );
    // The listing names the game and the mode.
    let list = eastfront::app::saves::list_saves_in(&dir);
    assert_eq!(list.len(), 1);
    assert_eq!(list[0].game, "Moscow '41");
    assert!(list[0].mode.as_deref().unwrap_or("").contains("Soviet"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_damaged_moscow_save_is_refused_with_file_place_and_problem() {
    use eastfront::app::moscow41::saves;
    use eastfront::app::saves::{LoadFailure, LoadRequest};
    let app = open(M41Play::GermanVsAi, 8);
    let dir = temp_dir("damaged");
    let path = dir.join("broken.ron");
    saves::save_to(app.world().resource::<M41Table>(), &path).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    // Cut the file in the middle of its record.
    std::fs::write(&path, &text[..text.len() * 2 / 3]).unwrap();
    let mut menu = headless_app();
    menu.update();
    menu.world_mut().write_message(LoadRequest(path.clone()));
    for _ in 0..3 {
        menu.update();
    }
    assert_eq!(
        *menu.world().resource::<State<Screen>>().get(),
        Screen::Menu,
        "a damaged save opens nothing"
    );
    let message = menu
        .world()
        .resource::<LoadFailure>()
        .0
        .clone()
        .expect("the failure is reported");
    assert!(message.contains("broken.ron"), "names the file: {message}");
    assert!(message.contains("Moscow"), "names the game: {message}");
    // Garbage with the game's name is refused as well, never a panic.
    std::fs::write(&path, "(\n  game: \"moscow41\",\n  ???").unwrap();
    assert!(saves::load(*app.world().resource(), &path).is_err());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn ctrl_s_writes_a_save_also_as_a_quick_chord() {
    use eastfront::app::moscow41::saves;
    use eastfront::app::saves::{list_saves_in, SavesFolder};
    let dir = temp_dir("ctrl-s");
    let mut app = open(M41Play::GermanVsAi, 9);
    app.insert_resource(SavesFolder(dir.clone()));
    // No window here: the keyboard is a plain resource the test presses (and clears, as
    // Bevy's input plugin does between frames).
    app.init_resource::<ButtonInput<KeyCode>>();
    app.update();
    let written = |dir: &std::path::Path| -> Vec<std::path::PathBuf> {
        list_saves_in(dir)
            .into_iter()
            .filter(|s| !s.is_autosave)
            .map(|s| s.path)
            .collect()
    };
    let keys = |app: &mut App, f: &dyn Fn(&mut ButtonInput<KeyCode>)| {
        f(&mut app.world_mut().resource_mut::<ButtonInput<KeyCode>>());
        app.update();
        let mut k = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        k.release_all();
        k.clear();
        app.update();
    };
    // S alone saves nothing.
    keys(&mut app, &|k| k.press(KeyCode::KeyS));
    assert!(written(&dir).is_empty(), "S without Ctrl does not save");
    // Ctrl held, then S.
    keys(&mut app, &|k| {
        k.press(KeyCode::ControlLeft);
        k.press(KeyCode::KeyS);
    });
    let first = written(&dir);
    assert_eq!(first.len(), 1, "Ctrl+S wrote a save");
    assert!(saves::is_moscow_save(&first[0]));
    saves::load(*app.world().resource(), &first[0]).expect("the save loads back");
    std::fs::remove_file(&first[0]).unwrap();
    // A quick chord: Ctrl pressed and released within the same frame as the S (xdotool).
    keys(&mut app, &|k| {
        k.press(KeyCode::ControlRight);
        k.press(KeyCode::KeyS);
        k.release(KeyCode::KeyS);
        k.release(KeyCode::ControlRight);
    });
    assert_eq!(written(&dir).len(), 1, "a quick Ctrl+S wrote a save");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Plays `table` with a fixed pseudo-random choice among the legal actions until `done` says
/// so (or the game ends); returns whether `done` was met.
fn play_until(
    table: &mut M41Table,
    seed: u64,
    max_steps: usize,
    done: impl Fn(&M41Table) -> bool,
) -> bool {
    let mut x = seed | 1;
    for _ in 0..max_steps {
        if done(table) {
            return true;
        }
        let state = table.session.state();
        let Some(seat) = table.game().active(state) else {
            return false;
        };
        let legal = table.game().legal_actions(state, seat);
        if legal.is_empty() {
            return false;
        }
        // xorshift: the same game every run.
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let a = legal[(x % legal.len() as u64) as usize].clone();
        table.apply(seat, a).expect("a legal action applies");
    }
    done(table)
}

/// The battle window's record: each block at the strength it fought at (R 10.12.1), its
/// steps lost, and a destroyed block shown as it fell, not at the strength it resets to once
/// off the map (R 10.14.3).
#[test]
fn the_battle_record_keeps_the_strength_blocks_fought_at() {
    use eastfront::app::moscow41::session::M41Rules;
    use eastfront_moscow41::EventKind;
    let rules = M41Rules::leak_builtin();
    let mut table = M41Table::new(rules, &M41Setup::default()).unwrap();
    let destroyed_in_battle = |t: &M41Table| {
        t.battles
            .iter()
            .any(|b| b.ended && b.blocks.iter().any(|x| x.destroyed))
    };
    assert!(
        play_until(&mut table, 11, 20_000, destroyed_in_battle),
        "some battle destroyed a block"
    );
    let starts = table
        .log
        .iter()
        .filter(|e| matches!(e.event.kind, EventKind::BattleStart { .. }))
        .count();
    assert_eq!(table.battles.len(), starts, "one record per battle started");
    for b in &table.battles {
        assert!(matches!(
            table.log[b.start].event.kind,
            EventKind::BattleStart { area } if area == b.area
        ));
        for x in &b.blocks {
            assert!(x.strength <= x.fought_at, "{x:?} gained strength in battle");
            assert!(x.fought_at >= 1, "{x:?} fought with no strength");
            assert_eq!(x.destroyed, x.strength == 0, "{x:?}");
            assert_eq!(table.game().board.block(x.block).side, x.side);
        }
        // Every block destroyed between its start and its end is in the record, destroyed.
        let end = table.log[b.start..]
            .iter()
            .position(|e| matches!(e.event.kind, EventKind::BattleEnd { .. }))
            .map(|k| b.start + k);
        if let Some(end) = end {
            for e in &table.log[b.start..=end] {
                if let EventKind::Destroyed { block } = e.event.kind {
                    assert!(
                        b.blocks.iter().any(|x| x.block == block && x.destroyed),
                        "{block:?} destroyed in the battle at {:?}",
                        b.area
                    );
                }
            }
        }
    }
    // A destroyed block fell from at least one step: the record does not show the full
    // strength it has again off the map.
    let b = table
        .battles
        .iter()
        .find(|b| b.blocks.iter().any(|x| x.destroyed))
        .unwrap();
    let x = b.blocks.iter().find(|x| x.destroyed).unwrap();
    assert_eq!(x.strength, 0);
}

/// A loaded game's log and battles are rebuilt from its record: the same lines as when it was
/// played, then one line naming the file (its full path in the hover text).
#[test]
fn a_loaded_game_has_its_log_and_battles_back() {
    use eastfront::app::moscow41::saves;
    use eastfront::app::moscow41::session::M41Rules;
    let rules = M41Rules::leak_builtin();
    let mut table = M41Table::new(rules, &M41Setup::default()).unwrap();
    assert!(play_until(&mut table, 5, 20_000, |t| t.battles.len() >= 3));
    let dir = temp_dir("history");
    let path = dir.join("with-battles.ron");
    saves::save_to(&table, &path).expect("saved");
    let loaded = saves::load(rules, &path).expect("loads");
    let texts = |t: &M41Table| -> Vec<(u8, String)> {
        t.log
            .iter()
            .map(|e| (e.turn, e.event.public.clone()))
            .collect()
    };
    let (before, after) = (texts(&table), texts(&loaded));
    assert_eq!(
        after.len(),
        before.len() + 1,
        "the history and one line more"
    );
    assert_eq!(&after[..before.len()], &before[..]);
    let last = loaded.log.last().unwrap();
    assert!(last.event.public.contains("with-battles.ron"));
    assert!(
        !last.event.public.contains(&dir.display().to_string()),
        "the line names the file, not its folder"
    );
    assert_eq!(
        last.detail.as_deref(),
        Some(format!("Loaded from {}", path.display()).as_str())
    );
    assert_eq!(loaded.battles, table.battles);
    let _ = std::fs::remove_dir_all(&dir);
}
