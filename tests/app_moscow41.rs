//! Moscow '41 on the one table, without a window: one entity per area and box, the blocks
//! follow the view, hidden means hidden (R 1.5 Fog of War), the AI thread, saves, the battle
//! window's record, a loaded game's history.

mod common;

use bevy::prelude::*;
use common::*;
use eastfront::app::games::moscow41::panels::last_battle;
use eastfront::app::games::moscow41::Moscow41;
use eastfront::app::screens::Screen;
use eastfront::app::table::saves::{list_saves_in, load_table, LoadFailure, LoadRequest};
use eastfront::app::table::{Eyes, Table, TablePhase};
use eastfront_kernel::{Seat, Side, Viewer};
use eastfront_moscow41::EventKind;

const GAME: &str = "moscow41";

fn view_blocks_on_map(app: &App, side: Side) -> usize {
    let table = app.world().resource::<Table<Moscow41>>();
    table.view_for(Viewer::Side(side)).blocks.len()
}

#[test]
fn one_entity_per_area_and_box() {
    let mut app = open(GAME, "m41-german-vs-ai", 1, temp_dir("m41-spaces"));
    let board = app
        .world()
        .resource::<Table<Moscow41>>()
        .game()
        .board
        .clone();
    assert_eq!(
        spaces(&mut app),
        board.topo.len(),
        "one clickable space per area and off-map box"
    );
    assert_eq!(board.topo.len(), board.n_areas + board.data.map.boxes.len());
}

#[test]
fn the_german_view_shows_no_soviet_face() {
    let mut app = open(GAME, "m41-german-vs-ai", 2, temp_dir("m41-view"));
    assert!(
        app.world().resource::<Eyes>().curtain_for.is_none(),
        "one human: no curtain"
    );
    let shown = pieces(&mut app);
    let on_map: Vec<_> = shown.iter().filter(|p| p.desc.space().is_some()).collect();
    assert_eq!(
        on_map.len(),
        view_blocks_on_map(&app, Side::German),
        "one entity per block on the map in the German's view"
    );
    for p in &shown {
        match p.desc.side {
            Side::Soviet => assert!(
                !p.desc.face_shown()
                    || p.desc.id().is_some_and(|_| {
                        // Face up only when laid out for all to see (lost blocks are public).
                        p.desc.space().is_none()
                    }),
                "a hidden Soviet block carries no identity or strength"
            ),
            Side::German => {
                if p.desc.space().is_some() {
                    assert!(p.desc.face_shown(), "the German sees his own blocks");
                }
            }
        }
    }
}

#[test]
fn the_curtain_hides_every_face_until_the_next_player_is_ready() {
    let mut app = open(GAME, "m41-hotseat", 3, temp_dir("m41-curtain"));
    assert_eq!(
        *app.world().resource::<State<TablePhase>>().get(),
        TablePhase::Handoff,
        "the first player is called to the screen behind the curtain"
    );
    assert!(!frame(&app).visible);
    assert!(
        pieces(&mut app).is_empty(),
        "no piece entity while the curtain is up"
    );
    app.world_mut().resource_mut::<Eyes>().lift_curtain();
    for _ in 0..3 {
        app.update();
    }
    let side = frame(&app).viewer.expect("a player looks at the table");
    let shown = pieces(&mut app);
    assert!(!shown.is_empty());
    assert!(shown
        .iter()
        .filter(|p| p.desc.side != side && p.desc.space().is_some())
        .all(|p| !p.desc.face_shown()));
}

#[test]
fn the_ai_plays_its_side_on_a_background_thread() {
    let mut app = open(GAME, "m41-german-vs-ai", 4, temp_dir("m41-ai"));
    assert!(
        until_computer_acts::<Moscow41>(&mut app, Seat(1), 600),
        "the Soviet AI made a move"
    );
}

#[test]
fn a_save_loads_back_with_its_play_mode_and_level() {
    let saves = temp_dir("m41-roundtrip-table");
    let mut app = headless_app(saves);
    let mut new =
        eastfront::app::menu::default_form(&eastfront::registry::game(GAME).unwrap().setup_spec());
    new.mode = "m41-soviet-vs-ai".into();
    new.level = "hard".into();
    new.seed = 7;
    open_new(&mut app, GAME, new);
    for _ in 0..200 {
        let f = frame(&app);
        if f.acting_seat.is_some() && !f.actions.is_empty() {
            choose(&mut app, 0);
        } else {
            app.update();
        }
        if app
            .world()
            .resource::<Table<Moscow41>>()
            .session
            .record()
            .len()
            >= 6
        {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    let dir = temp_dir("m41-roundtrip");
    let path = dir.join("moscow.ron");
    let (record, hash) = {
        let table = app.world().resource::<Table<Moscow41>>();
        table.session.save_to(&path).expect("saved");
        (
            table.session.record().len(),
            eastfront_kernel::session::state_hash(table.session.state()),
        )
    };
    assert!(record > 0);
    let (loaded, _) = load_table::<Moscow41>(&path).expect("the save loads");
    assert_eq!(loaded.seating.mode, "m41-soviet-vs-ai");
    assert_eq!(loaded.seating.level, "hard");
    assert_eq!(loaded.session.record().len(), record);
    assert_eq!(
        eastfront_kernel::session::state_hash(loaded.session.state()),
        hash
    );
    // …and through the menu's Load request, which opens the table.
    let mut menu = headless_app(temp_dir("m41-roundtrip-menu"));
    menu.world_mut().write_message(LoadRequest(path.clone()));
    for _ in 0..4 {
        menu.update();
    }
    assert_eq!(
        *menu.world().resource::<State<Screen>>().get(),
        Screen::Table
    );
    let table = menu.world().resource::<Table<Moscow41>>();
    assert_eq!(table.seating.mode, "m41-soviet-vs-ai");
    assert_eq!(table.seating.level, "hard");
    assert!(table.session.record().len() >= record);
    assert_eq!(&table.session.record()[..record], loaded.session.record());
    let list = list_saves_in(&dir);
    assert_eq!(list.len(), 1);
    assert_eq!(list[0].game.as_deref(), Some(GAME));
    assert_eq!(
        list[0].mode.as_deref(),
        Some("Soviet vs the German AI · computer: Hard"),
        "the Load list says how the save is played in the menu's words"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_damaged_save_is_refused_with_file_place_and_problem_and_the_game_goes_on() {
    let app = open(GAME, "m41-german-vs-ai", 8, temp_dir("m41-damaged-table"));
    let dir = temp_dir("m41-damaged");
    let path = dir.join("broken.ron");
    app.world()
        .resource::<Table<Moscow41>>()
        .session
        .save_to(&path)
        .unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, &text[..text.len() * 2 / 3]).unwrap();
    // From the menu: nothing opens, the failure names the file and the game.
    let mut menu = headless_app(temp_dir("m41-damaged-menu"));
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
    // At a table: the game in progress stays, untouched.
    let mut app = app;
    let before = app
        .world()
        .resource::<Table<Moscow41>>()
        .session
        .record()
        .len();
    let id = app.world().resource::<Table<Moscow41>>().id;
    for bad in [path.clone(), dir.join("missing.ron")] {
        app.world_mut().write_message(LoadRequest(bad));
        for _ in 0..3 {
            app.update();
        }
        assert_eq!(
            *app.world().resource::<State<Screen>>().get(),
            Screen::Table
        );
        let table = app.world().resource::<Table<Moscow41>>();
        assert_eq!(table.id, id, "the same table");
        assert!(table.session.record().len() >= before);
        assert!(app.world().resource::<LoadFailure>().0.is_some());
        app.world_mut().resource_mut::<LoadFailure>().0 = None;
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn ctrl_s_writes_a_save_also_as_a_quick_chord() {
    let dir = temp_dir("m41-ctrl-s");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut app = open(GAME, "m41-german-vs-ai", 9, dir.clone());
    // No window: the keyboard is a plain resource the test presses (and clears, as Bevy's
    // input plugin does between frames).
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
    keys(&mut app, &|k| k.press(KeyCode::KeyS));
    assert!(written(&dir).is_empty(), "S without Ctrl does not save");
    keys(&mut app, &|k| {
        k.press(KeyCode::ControlLeft);
        k.press(KeyCode::KeyS);
    });
    let first = written(&dir);
    assert_eq!(first.len(), 1, "Ctrl+S wrote a save");
    load_table::<Moscow41>(&first[0]).expect("the save loads back");
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

/// The battle window's record: each block at the strength it fought at (R 10.12.1), its
/// steps lost, and a destroyed block shown as it fell, not at the strength it resets to once
/// off the map (R 10.14.3).
#[test]
fn the_battle_record_keeps_the_strength_blocks_fought_at() {
    let mut app = open(GAME, "m41-hotseat", 1941, temp_dir("m41-battle"));
    let game = <Moscow41 as eastfront::app::table::TableGame>::builtin();
    let destroyed_in_battle = |t: &Table<Moscow41>| {
        last_battle(game, &t.history)
            .is_some_and(|b| b.ended && b.blocks.iter().any(|x| x.destroyed))
    };
    assert!(
        play_until::<Moscow41>(&mut app, 11, 20_000, destroyed_in_battle),
        "some battle destroyed a block"
    );
    let table = app.world().resource::<Table<Moscow41>>();
    let b = last_battle(game, &table.history).unwrap();
    assert!(matches!(
        table.history[b.start].1.kind,
        EventKind::BattleStart { area, .. } if area == b.area
    ));
    for x in &b.blocks {
        assert!(x.strength <= x.fought_at, "{x:?} gained strength in battle");
        assert!(x.fought_at >= 1, "{x:?} fought with no strength");
        assert_eq!(x.destroyed, x.strength == 0, "{x:?}");
        assert_eq!(game.board.block(x.block).side, x.side);
    }
    // Every block destroyed between its start and its end is in the record, destroyed.
    for e in &b.events {
        if let EventKind::Destroyed { block } = e.kind {
            assert!(b.blocks.iter().any(|x| x.block == block && x.destroyed));
        }
    }
    let x = b.blocks.iter().find(|x| x.destroyed).unwrap();
    assert_eq!(x.strength, 0);
    // The destroyed block's strength off the map has reset; the record keeps how it fell.
    assert!(game.board.block(x.block).max_strength > 0);
}

/// A loaded game's log and battles come back from its record: the same lines as when it was
/// played, then one line naming the file (its full path in the hover text).
#[test]
fn a_loaded_game_has_its_log_and_battles_back() {
    let mut app = open(GAME, "m41-hotseat", 1941, temp_dir("m41-history"));
    let game = <Moscow41 as eastfront::app::table::TableGame>::builtin();
    let battles = |t: &Table<Moscow41>| {
        t.history
            .iter()
            .filter(|(_, e)| matches!(e.kind, EventKind::BattleStart { .. }))
            .count()
    };
    assert!(play_until::<Moscow41>(&mut app, 5, 20_000, |t| battles(t) >= 3));
    let dir = temp_dir("m41-history-save");
    let path = dir.join("with-battles.ron");
    let table = app.world().resource::<Table<Moscow41>>();
    table.session.save_to(&path).expect("saved");
    let log = app
        .world()
        .resource::<eastfront::app::table::GameLog>()
        .clone();
    let (loaded, loaded_log) = load_table::<Moscow41>(&path).expect("loads");
    let texts = |l: &eastfront::app::table::GameLog| -> Vec<String> {
        l.lines.iter().map(|x| x.public.clone()).collect()
    };
    let (before, after) = (texts(&log), texts(&loaded_log));
    assert_eq!(
        after.len(),
        before.len() + 1,
        "the history and one line more"
    );
    assert_eq!(
        &after[1..before.len()],
        &before[1..],
        "the same lines as when played"
    );
    let last = loaded_log.lines.last().unwrap();
    assert!(last.public.contains("with-battles.ron"));
    assert!(
        !last.public.contains(&dir.display().to_string()),
        "the line names the file, not its folder"
    );
    assert_eq!(
        last.detail.as_deref(),
        Some(path.display().to_string().as_str())
    );
    assert_eq!(battles(&loaded), battles(table));
    assert_eq!(
        last_battle(game, &loaded.history),
        last_battle(game, &table.history)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_finished_hot_seat_game_opens_face_up_without_a_curtain() {
    let mut new =
        eastfront::app::menu::default_form(&eastfront::registry::game(GAME).unwrap().setup_spec());
    new.mode = "m41-hotseat".into();
    new.scenario = "sc3".into();
    new.seed = 11;
    let mut app = headless_app(temp_dir("m41-finished"));
    open_new(&mut app, GAME, new);
    assert!(
        play_until::<Moscow41>(&mut app, 11, 100_000, |t| t.active_seat().is_none()),
        "the random game ends"
    );
    let dir = temp_dir("m41-finished-save");
    let path = dir.join("finished.ron");
    app.world()
        .resource::<Table<Moscow41>>()
        .session
        .save_to(&path)
        .unwrap();
    let mut menu = headless_app(temp_dir("m41-finished-menu"));
    menu.world_mut().write_message(LoadRequest(path));
    for _ in 0..4 {
        menu.update();
    }
    assert!(
        menu.world().resource::<Eyes>().curtain_for.is_none(),
        "nothing is hidden once the game is over: no handoff"
    );
    let f = frame(&menu);
    assert!(f.visible && f.viewer.is_none(), "the board lies face up");
    assert!(pieces(&mut menu)
        .iter()
        .filter(|p| p.desc.space().is_some())
        .all(|p| p.desc.face_shown()));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_choice_that_cannot_be_undone_asks_first() {
    // Issue 14: a stray click on Strategic Impulse B spent the disc and drew reinforcements
    // with Undo disabled. The frame now carries the warning the table asks before it.
    let mut app = open(GAME, "m41-german-vs-ai", 1, temp_dir("m41-irreversible"));
    app.update();
    let f = frame(&app);
    let face = |starts: &str| {
        f.actions
            .iter()
            .find(|a| a.words.starts_with(starts))
            .unwrap_or_else(|| panic!("an action '{starts}…' in {:?}", f.actions))
    };
    let b = face("Strategic Impulse B");
    assert!(
        b.irreversible
            .as_deref()
            .is_some_and(|w| w.contains("cannot be undone")),
        "{b:?}"
    );
    assert_eq!(
        face("Tactical Impulse").irreversible,
        None,
        "it can be taken back"
    );
}

#[test]
fn shift_over_a_stack_magnifies_its_pieces_side_by_side() {
    use eastfront::app::input::Hovered;
    let mut app = open(GAME, "m41-german-vs-ai", 1, temp_dir("m41-magnify"));
    app.update();
    // A space with a stack of two or more pieces.
    let all = piece_entities(&mut app);
    let stacked = all
        .iter()
        .filter_map(|(_, p)| p.desc.space())
        .find(|s| {
            all.iter()
                .filter(|(_, q)| q.desc.space() == Some(*s))
                .count()
                >= 2
        })
        .expect("a stack on the map");
    let scales = |app: &mut App| -> Vec<(f32, f32)> {
        let mut q = app
            .world_mut()
            .query::<(&eastfront::app::pieces::PieceEntity, &Transform)>();
        q.iter(app.world())
            .filter(|(p, _)| p.desc.space() == Some(stacked))
            .map(|(_, tf)| (tf.scale.x, tf.translation.x))
            .collect()
    };
    app.world_mut().resource_mut::<Hovered>().space = Some(stacked);
    app.update();
    assert!(
        scales(&mut app).iter().all(|(s, _)| *s == 1.0),
        "no Shift, no magnifier"
    );
    let mut keys = ButtonInput::<KeyCode>::default();
    keys.press(KeyCode::ShiftLeft);
    app.insert_resource(keys);
    app.update();
    let big = scales(&mut app);
    assert!(big.iter().all(|(s, _)| *s > 2.0), "{big:?}");
    let mut xs: Vec<f32> = big.iter().map(|(_, x)| *x).collect();
    xs.sort_by(f32::total_cmp);
    assert!(
        xs.windows(2).all(|w| w[1] - w[0] > 1.0),
        "side by side: {xs:?}"
    );
}

/// The menu's boxes start as the rules as printed: a reading the rules file recommends is on
/// (SC.1's 7-VP sudden death), an optional rule off; switching them reaches the rules' options.
#[test]
fn readings_and_optional_rules_from_the_menu() {
    let entry = eastfront::registry::game("moscow41").unwrap();
    let spec = entry.setup_spec();
    let sc1 = spec.rules.iter().find(|t| t.id == "sc1-seven-vp").unwrap();
    assert!(sc1.on_by_default);
    let mut app = headless_app(temp_dir("m41-rules"));
    let mut new = eastfront::app::menu::default_form(&spec);
    new.mode = "m41-hotseat".into();
    new.changed_rules = vec!["sc1-seven-vp".into(), "rail".into()];
    open_new(&mut app, "moscow41", new);
    let options = &app.world().resource::<Table<Moscow41>>().session.options;
    assert!(!options.readings.sc1_seven_vp, "switched off");
    assert!(options.optional.rail, "switched on");
    assert!(options.readings.l_blocks_need_hoepner, "left as printed");
    assert!(!options.optional.blizzard, "left as printed");
}

/// UX.md "New game: watch AI vs AI": every game's menu offers the watch mode; nobody sits at
/// the table, so there is no curtain, the board shows every block face up, and the computer
/// plays both sides on its thread.
#[test]
fn watching_the_computer_play_both_sides() {
    let spec = eastfront::registry::game(GAME).unwrap().setup_spec();
    assert!(spec
        .modes
        .iter()
        .any(|m| m.choice.id == "watch" && m.humans.is_empty()));
    let mut app = open(GAME, "watch", 4, temp_dir("m41-watch"));
    assert_eq!(
        *app.world().resource::<Eyes>(),
        Eyes::default(),
        "no curtain, nobody's eyes"
    );
    let f = frame(&app);
    assert!(
        f.visible && f.viewer.is_none(),
        "the spectator sees everything"
    );
    let on_map: Vec<_> = pieces(&mut app)
        .into_iter()
        .filter(|p| p.desc.space().is_some())
        .collect();
    assert!(on_map.iter().any(|p| p.desc.side == Side::Soviet));
    assert!(
        on_map.iter().all(|p| p.desc.face_shown()),
        "every block face up"
    );
    for seat in [Seat(0), Seat(1)] {
        assert!(
            until_computer_acts::<Moscow41>(&mut app, seat, 20_000),
            "the computer plays seat {seat:?}"
        );
    }
    // The "AI is thinking / moving" line names the side to act after every frame, also the
    // frame in which the other side's last action of an impulse was played.
    let mut changes = 0;
    let mut last = None;
    for _ in 0..20_000 {
        app.update();
        let table = app.world().resource::<Table<Moscow41>>();
        let to_act = table.active_seat().map(|s| table.side_of(s));
        let status = app
            .world()
            .resource::<eastfront::app::table::ai::AiStatus>();
        assert_eq!(
            status.thinking_for, to_act,
            "the AI line names the side to act"
        );
        if last.is_some() && to_act != last {
            changes += 1;
            if changes == 3 {
                break;
            }
        }
        last = to_act;
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    assert_eq!(changes, 3, "the turn passed between the sides");
}
