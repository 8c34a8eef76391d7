//! Stalingrad on the one table, without a window: the entities follow the rules' view, hidden
//! means hidden (rules §6.1 Fog of War), saves, the AI thread, the end of the game, replay.

mod common;

use bevy::prelude::*;
use common::*;
use eastfront::app::games::stalingrad::Stalingrad;
use eastfront::app::table::desc::PieceKey;
use eastfront::app::table::{Eyes, Table, TablePhase};
use eastfront_kernel::{Game, Seat, Side, Viewer};
use eastfront_stalingrad::Action;

const GAME: &str = "stalingrad";

fn german_view_block_count(app: &App) -> usize {
    let table = app.world().resource::<Table<Stalingrad>>();
    table.view_for(Viewer::Side(Side::German)).blocks.len()
}

#[test]
fn solitaire_table_shows_the_map_and_only_what_the_german_may_see() {
    let mut app = open(GAME, "solitaire", 7, temp_dir("st-solitaire"));
    assert_eq!(
        spaces(&mut app),
        109,
        "one entity per map hex (1-105, W, X, Y, Z)"
    );
    let pieces = pieces(&mut app);
    assert!(!pieces.is_empty());
    assert_eq!(
        pieces.len(),
        german_view_block_count(&app),
        "one piece entity per block on the map in the German's view"
    );
    let soviet: Vec<_> = pieces
        .iter()
        .filter(|p| p.desc.side == Side::Soviet)
        .collect();
    let german: Vec<_> = pieces
        .iter()
        .filter(|p| p.desc.side == Side::German)
        .collect();
    assert!(
        !soviet.is_empty() && !german.is_empty(),
        "both sides are on the map"
    );
    for p in &soviet {
        assert!(
            !p.desc.face_shown(),
            "a hidden Soviet block carries no identity or strength"
        );
        assert!(
            matches!(p.desc.key, PieceKey::Hidden { .. }),
            "a hidden block is keyed by where it stands, not by who it is"
        );
    }
    for p in &german {
        assert!(p.desc.face_shown(), "the German sees his own blocks");
    }
    assert_eq!(
        *app.world().resource::<State<TablePhase>>().get(),
        TablePhase::Human
    );
}

#[test]
fn a_legal_move_moves_the_same_block_entity() {
    let mut app = open(GAME, "solitaire", 11, temp_dir("st-move"));
    let f = frame(&app);
    // A single-block Short Move among the frame's actions.
    let (index, unit, to) = {
        let table = app.world().resource::<Table<Stalingrad>>();
        let legal = table.game().legal_actions(table.session.state(), Seat(0));
        legal
            .iter()
            .enumerate()
            .find_map(|(i, a)| match a {
                Action::ShortMove { units, to } if units.len() == 1 => Some((i, units[0], *to)),
                _ => None,
            })
            .expect("the opening position has a single-block Short Move")
    };
    assert_eq!(f.actions.len(), {
        let table = app.world().resource::<Table<Stalingrad>>();
        table
            .game()
            .legal_actions(table.session.state(), Seat(0))
            .len()
    });
    let key = PieceKey::Known(eastfront_stalingrad::table::piece(unit));
    let before = piece_entities(&mut app)
        .into_iter()
        .find(|(_, p)| p.desc.key == key)
        .expect("the block is shown")
        .0;
    choose(&mut app, index);
    app.update();
    let (after, moved) = piece_entities(&mut app)
        .into_iter()
        .find(|(_, p)| p.desc.key == key)
        .expect("the moved block is still shown");
    assert_eq!(
        moved.desc.space(),
        Some(to),
        "the block entity follows the rules' view"
    );
    assert_eq!(
        after, before,
        "the same entity: it moved, it was not respawned"
    );
}

#[test]
fn the_autosave_and_a_save_go_to_the_saves_folder_set_for_the_app() {
    use eastfront::app::table::saves::{list_saves_in, load_table, SaveRequest};
    let dir = temp_dir("st-autosave-here");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut app = open(GAME, "solitaire", 11, dir.clone());
    assert!(
        list_saves_in(&dir).is_empty(),
        "nothing is saved before the first action"
    );
    let index = frame(&app)
        .actions
        .iter()
        .position(|a| a.words.starts_with("Short Move"))
        .expect("a Short Move");
    choose(&mut app, index);
    app.update();
    let autosave = dir.join("autosave.ron");
    assert!(
        autosave.is_file(),
        "the autosave is written into the SavesFolder"
    );
    let (loaded, _) = load_table::<Stalingrad>(&autosave).expect("the autosave loads");
    assert_eq!(
        loaded.session.state(),
        app.world().resource::<Table<Stalingrad>>().session.state(),
        "the autosave holds the game as it stands"
    );
    app.world_mut().write_message(SaveRequest);
    app.update();
    let listed = list_saves_in(&dir);
    assert_eq!(listed.len(), 2, "the autosave and one save: {listed:?}");
    assert!(listed.iter().any(|s| s.is_autosave));
    assert!(listed
        .iter()
        .all(|s| s.path.parent() == Some(dir.as_path())));
    assert!(listed.iter().all(|s| s.game.as_deref() == Some(GAME)));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn hot_seat_curtain_hides_every_face_until_the_next_player_is_ready() {
    let mut app = open(GAME, "hotseat", 3, temp_dir("st-hotseat"));
    assert_eq!(
        *app.world().resource::<State<TablePhase>>().get(),
        TablePhase::Handoff,
        "the first player is called to the screen behind the curtain"
    );
    assert!(!frame(&app).visible);
    assert!(
        pieces(&mut app).is_empty(),
        "no piece entity at all while the curtain is up"
    );
    app.world_mut().resource_mut::<Eyes>().lift_curtain();
    for _ in 0..3 {
        app.update();
    }
    let shown = pieces(&mut app);
    assert_eq!(shown.len(), german_view_block_count(&app));
    assert!(shown
        .iter()
        .filter(|p| p.desc.side == Side::Soviet)
        .all(|p| !p.desc.face_shown()));
    assert!(shown
        .iter()
        .filter(|p| p.desc.side == Side::German)
        .all(|p| p.desc.face_shown()));
}

#[test]
fn the_german_ai_plays_on_a_background_thread_for_a_human_soviet() {
    let mut app = open(GAME, "soviet-vs-ai", 5, temp_dir("st-ai"));
    let shown = pieces(&mut app);
    assert!(shown
        .iter()
        .filter(|p| p.desc.side == Side::German)
        .all(|p| !p.desc.face_shown()));
    let mut acted = false;
    for _ in 0..400 {
        app.update();
        if !app
            .world()
            .resource::<Table<Stalingrad>>()
            .session
            .record()
            .is_empty()
        {
            acted = true;
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert!(acted, "the German AI made a move");
}

#[test]
fn saves_load_back_and_bad_files_are_refused_with_a_reason() {
    use eastfront::app::table::saves::{list_saves_in, load_table};
    let dir = temp_dir("st-saves");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let app = open(GAME, "hotseat", 9, temp_dir("st-saves-table"));
    let path = dir.join("game.ron");
    {
        let table = app.world().resource::<Table<Stalingrad>>();
        let meta = &table.session.meta;
        assert_eq!(meta.get("play").map(String::as_str), Some("hotseat"));
        assert_eq!(meta.get("seat.0").map(String::as_str), Some("human"));
        assert_eq!(meta.get("seat.1").map(String::as_str), Some("human"));
        table.session.save_to(&path).expect("save written");
    }
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.contains("\"play\": \"hotseat\""),
        "the mode is in the file"
    );
    let (loaded, _) = load_table::<Stalingrad>(&path).expect("the save loads");
    assert_eq!(loaded.seating.mode, "hotseat", "who plays what comes back");
    assert_eq!(loaded.seating.humans, vec![Seat(0), Seat(1)]);

    let app_ai = open(GAME, "soviet-vs-ai", 9, temp_dir("st-saves-ai"));
    let ai_path = dir.join("vs-ai.ron");
    {
        let table = app_ai.world().resource::<Table<Stalingrad>>();
        assert_eq!(
            table.session.meta.get("seat.0").map(String::as_str),
            Some("computer")
        );
        assert_eq!(
            table.session.meta.get("seat.1").map(String::as_str),
            Some("human")
        );
        table.session.save_to(&ai_path).expect("save written");
    }
    let (loaded, _) = load_table::<Stalingrad>(&ai_path).expect("the save loads");
    assert_eq!(loaded.seating.mode, "soviet-vs-ai");

    // An older save without metadata: the mode comes from the file name's slug.
    let without_meta: String = text
        .lines()
        .scan(false, |in_meta, line| {
            let t = line.trim_start();
            if t.starts_with("meta:") {
                *in_meta = !t.ends_with("},") && !t.ends_with("{},");
                return Some(None);
            }
            if *in_meta {
                *in_meta = !t.starts_with('}');
                return Some(None);
            }
            Some(Some(line))
        })
        .flatten()
        .collect::<Vec<_>>()
        .join("\n");
    assert!(!without_meta.contains("meta"), "the metadata was cut out");
    let old_path = dir.join("older__soviet-vs-ai.ron");
    std::fs::write(&old_path, &without_meta).unwrap();
    let (loaded, _) = load_table::<Stalingrad>(&old_path).expect("an older save loads");
    assert_eq!(
        loaded.seating.mode, "soviet-vs-ai",
        "the file name says who plays what"
    );
    let no_name = dir.join("plain.ron");
    std::fs::write(&no_name, &without_meta).unwrap();
    let (loaded, _) = load_table::<Stalingrad>(&no_name).expect("an older save loads");
    assert_eq!(
        loaded.seating.mode, "hotseat",
        "the rules' mode decides at last"
    );

    let listed = list_saves_in(&dir);
    let mode_of = |name: &str| {
        listed
            .iter()
            .find(|e| e.name == name)
            .unwrap_or_else(|| panic!("{name} is listed"))
            .mode
            .clone()
    };
    assert_eq!(
        mode_of("game").as_deref(),
        Some("Hot-seat 1 vs 1: German vs Soviet")
    );
    // The German computer's level (the menu's default) is named since Stalingrad has levels.
    assert_eq!(
        mode_of("vs-ai").as_deref(),
        Some("Soviet vs the German AI · computer: Normal")
    );
    assert_eq!(
        mode_of("older").as_deref(),
        Some("Soviet vs the German AI"),
        "old name, slug cut off"
    );
    assert_eq!(
        mode_of("plain"),
        None,
        "neither metadata nor a mode in the name"
    );
    assert_eq!(listed.len(), 4);

    let bad = dir.join("broken__solitaire.ron");
    std::fs::write(&bad, "(format: \"eastfront-save\", version: 1, game: ").unwrap();
    let err = load_table::<Stalingrad>(&bad)
        .err()
        .expect("a damaged save is refused");
    assert!(err.contains("broken__solitaire.ron"), "{err}");
    assert!(load_table::<Stalingrad>(&dir.join("nope.ron")).is_err());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_end_of_the_game_is_summed_up_and_a_rematch_opens_a_fresh_table() {
    use eastfront::app::table::game_over::{GameSummary, RematchRequest};
    let mut app = open(GAME, "solitaire", 11, temp_dir("st-end"));
    // The German attacks whenever he can (so both sides roll and lose blocks), else plays at
    // random, until the rules end the game.
    let mut x: u64 = 11;
    loop {
        let next = {
            let table = app.world().resource::<Table<Stalingrad>>();
            let Some(seat) = table.active_seat() else {
                break;
            };
            let legal = table.game().legal_actions(table.session.state(), seat);
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let attack = legal
                .iter()
                .filter(|a| matches!(a, Action::QuickAttack { .. } | Action::PlannedAttack { .. }))
                .nth(x as usize % 3)
                .cloned();
            (
                seat,
                attack.unwrap_or_else(|| legal[(x % legal.len() as u64) as usize].clone()),
            )
        };
        apply::<Stalingrad>(&mut app, next.0, next.1);
    }
    app.update();
    app.update();
    let seed = {
        let table = app.world().resource::<Table<Stalingrad>>();
        assert!(table.active_seat().is_none(), "the game ended");
        table.session.seed
    };
    let summary = app
        .world()
        .get_resource::<GameSummary>()
        .expect("a result is summed up at the end")
        .clone();
    assert!(!summary.outcome.reason.is_empty(), "the reason is given");
    assert_eq!(
        summary.history.first().map(|p| p.turn.as_str()),
        Some("Round 1")
    );
    assert_eq!(summary.series.len(), summary.history[0].values.len());
    assert!(summary.history.len() > 2, "a point per round");
    assert!(
        summary.luck[0].dice > 0 && summary.luck[1].dice > 0,
        "both sides rolled: {:?}",
        summary.luck
    );
    assert!(summary
        .luck
        .iter()
        .all(|l| (1.0..=6.0).contains(&l.average())));
    assert!(
        summary.german.steps + summary.german.destroyed > 0,
        "the German lost blocks"
    );
    assert_eq!(
        *app.world().resource::<State<TablePhase>>().get(),
        TablePhase::GameOver
    );
    // Everything is face up at the end.
    assert!(pieces(&mut app).iter().all(|p| p.desc.face_shown()));

    app.world_mut().write_message(RematchRequest);
    for _ in 0..4 {
        app.update();
    }
    let table = app.world().resource::<Table<Stalingrad>>();
    assert_eq!(table.seating.mode, "solitaire", "the same mode");
    assert_ne!(table.session.seed, seed, "a new seed");
    assert!(table.session.record().is_empty(), "a fresh game");
    assert!(table.active_seat().is_some());
    assert!(
        app.world().get_resource::<GameSummary>().is_none(),
        "the old result is gone"
    );
}

#[test]
fn ending_a_phase_asks_first_only_while_something_could_still_act() {
    let mut app = open(GAME, "solitaire", 11, temp_dir("st-confirm"));
    // The frame carries the question with the action that ends with work left.
    let pass = frame(&app)
        .actions
        .iter()
        .find(|a| a.words.starts_with("Pass"))
        .cloned()
        .expect("Short Moves with no move is offered");
    assert!(
        pass.work_left.is_some(),
        "passing while other actions are open asks first"
    );
    // After a Short Move the question counts the blocks that could still move.
    let index = frame(&app)
        .actions
        .iter()
        .position(|a| a.words.starts_with("Short Move"))
        .unwrap();
    choose(&mut app, index);
    app.update();
    let end = frame(&app)
        .actions
        .iter()
        .find(|a| a.words == "End Short Moves")
        .cloned()
        .expect("the second Short Move or the end");
    let why = end.work_left.expect("blocks could still move");
    assert!(why.contains("could still make a Short Move"), "{why}");
}

#[test]
fn space_or_enter_on_a_focused_result_button_never_starts_a_new_game() {
    use bevy_egui::egui;
    use eastfront::app::ui::windows::{result_buttons, ResultChoice};
    let ctx = egui::Context::default();
    let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(800.0, 600.0));
    let key = |key: egui::Key| egui::Event::Key {
        key,
        physical_key: None,
        pressed: true,
        repeat: false,
        modifiers: egui::Modifiers::NONE,
    };
    let frame = |events: Vec<egui::Event>| {
        let mut choice = None;
        let mut out = ctx.run_ui(
            egui::RawInput {
                screen_rect: Some(screen),
                events,
                ..Default::default()
            },
            |ui| choice = result_buttons(ui),
        );
        out.textures_delta.clear();
        choice
    };
    assert_eq!(frame(vec![]), None);
    // Tab walks the keyboard focus over the buttons; Space and Enter press none of them.
    for _ in 0..4 {
        assert_eq!(frame(vec![key(egui::Key::Tab)]), None);
        assert!(
            ctx.memory(|m| m.focused()).is_some(),
            "a button has the focus"
        );
        for k in [egui::Key::Space, egui::Key::Enter] {
            assert_eq!(frame(vec![key(k)]), None, "{k:?} must not press a button");
            assert_eq!(frame(vec![]), None);
        }
    }
    // The focus is on Main menu now; a click of the pointer still works.
    let focused = ctx.memory(|m| m.focused()).expect("focus");
    let at = ctx
        .read_response(focused)
        .expect("the focused button")
        .rect
        .center();
    frame(vec![egui::Event::PointerMoved(at)]);
    let press = |pressed| egui::Event::PointerButton {
        pos: at,
        button: egui::PointerButton::Primary,
        pressed,
        modifiers: egui::Modifiers::NONE,
    };
    frame(vec![press(true)]);
    assert_eq!(frame(vec![press(false)]), Some(ResultChoice::MainMenu));
}

#[test]
fn the_ai_hint_goes_as_soon_as_the_game_moves_on() {
    use eastfront::app::table::ai::{Hint, HintRequest};
    use eastfront::app::table::Notice;
    let mut app = open(GAME, "solitaire", 5, temp_dir("st-hint"));
    app.world_mut().write_message(HintRequest);
    let mut answered = false;
    for _ in 0..400 {
        app.update();
        if app.world().resource::<Hint>().answer.is_some() {
            answered = true;
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    assert!(answered, "the hint came back from its thread");
    let (words, index) = app.world().resource::<Hint>().answer.clone().unwrap();
    assert_eq!(
        frame(&app).actions[index].words,
        words,
        "the hint names a legal action"
    );
    assert!(app.world().resource::<Notice>().text.is_some());
    choose(&mut app, 0);
    app.update();
    assert!(
        app.world().resource::<Notice>().text.is_none(),
        "the hint about the old position is gone"
    );
    assert!(app.world().resource::<Hint>().answer.is_none());
    // Any other notice keeps its own time.
    app.world_mut().resource_mut::<Notice>().info("Saved.", 0.0);
    if frame(&app).acting_seat.is_some() {
        choose(&mut app, 0);
    }
    assert!(app.world().resource::<Notice>().text.is_some());
}

#[test]
fn replay_steps_through_a_finished_game_from_each_side_and_all_revealed() {
    use eastfront::app::table::replay::{ReplayRequest, ReplayState};
    use eastfront::app::table::GameLog;
    let mut app = open(GAME, "solitaire", 13, temp_dir("st-replay"));
    play_until::<Stalingrad>(&mut app, 13, 20_000, |_| false);
    app.update();
    let live_log = app.world().resource::<GameLog>().lines.len();
    app.world_mut().write_message(ReplayRequest::Start);
    app.update();
    app.update();
    let total = app.world().resource::<ReplayState>().total;
    assert!(app.world().resource::<ReplayState>().active);
    assert_eq!(
        *app.world().resource::<State<TablePhase>>().get(),
        TablePhase::Replay
    );
    let table_steps = app
        .world()
        .resource::<Table<Stalingrad>>()
        .session
        .record()
        .len();
    assert_eq!(total, table_steps);
    // The midpoint, from each side and with everything revealed.
    let mid = total / 2;
    let mut counts = Vec::new();
    for viewer in [
        Viewer::Side(Side::German),
        Viewer::Side(Side::Soviet),
        Viewer::Omniscient,
    ] {
        {
            let mut r = app.world_mut().resource_mut::<ReplayState>();
            r.step = mid;
            r.viewer = viewer;
        }
        app.update();
        let shown = pieces(&mut app);
        let hidden = shown.iter().filter(|p| !p.desc.face_shown()).count();
        let expected = {
            let table = app.world().resource::<Table<Stalingrad>>();
            let game = table.game();
            let mut st = game
                .setup(
                    &table.session.scenario,
                    &table.session.options,
                    table.session.seed,
                )
                .unwrap();
            for entry in &table.session.record()[..mid] {
                if let eastfront_kernel::Record::Act { seat, action } = entry {
                    game.apply(&mut st, *seat, action).unwrap();
                }
            }
            game.view(&st, viewer)
        };
        assert_eq!(shown.len(), expected.blocks.len(), "{viewer:?}");
        match viewer {
            Viewer::Side(s) => {
                assert!(shown
                    .iter()
                    .filter(|p| p.desc.side == s)
                    .all(|p| p.desc.face_shown()));
                assert!(hidden > 0, "the other side's blocks are blank from {s:?}");
            }
            Viewer::Omniscient => assert_eq!(hidden, 0, "all revealed"),
        }
        // The log shows what happened up to this step only.
        let log = app.world().resource::<GameLog>();
        let shown_lines = log.shown();
        assert!(shown_lines.iter().all(|l| l.step.is_none_or(|s| s < mid)));
        assert!(shown_lines.len() < log.lines.len());
        counts.push(hidden);
    }
    assert!(counts[0] != counts[2] || counts[1] != counts[2]);
    // Leaving the replay brings the live game back.
    app.world_mut().write_message(ReplayRequest::Exit);
    app.update();
    app.update();
    assert!(!app.world().resource::<ReplayState>().active);
    assert_eq!(app.world().resource::<GameLog>().lines.len(), live_log);
    assert_eq!(
        *app.world().resource::<State<TablePhase>>().get(),
        TablePhase::GameOver
    );
}

#[test]
fn the_pieces_that_can_still_act_are_marked_on_the_map() {
    // The mark itself is a child drawn with the window's art; headless, its choice is tested.
    use eastfront::app::pieces::ready_pieces;
    let mut app = open(GAME, "solitaire", 1, temp_dir("stal-ready"));
    app.update();
    let f = frame(&app);
    let ready = ready_pieces(&f);
    assert!(!ready.is_empty(), "the German has moves at the start");
    for id in &ready {
        let d = f
            .pieces
            .iter()
            .find(|d| d.id() == Some(*id))
            .expect("a piece on the map");
        assert_eq!(d.side, Side::German, "only the player's own pieces");
    }
    // Once the German has acted and it is the Soviet's turn, nothing is marked.
    let pass = f
        .actions
        .iter()
        .position(|a| a.words.starts_with("Pass"))
        .expect("a pass");
    choose(&mut app, pass);
    app.update();
    let f = frame(&app);
    if f.acting_seat.is_none() {
        assert!(ready_pieces(&f).is_empty());
    }
}

/// The watch mode in Stalingrad: the computer's German against the rulebook's solitaire Soviet
/// (the rules' solitaire mode), nobody at the table; a save of it loads back as the watch mode.
#[test]
fn watching_the_german_ai_against_the_solitaire_soviet() {
    let dir = temp_dir("stalingrad-watch");
    let mut app = open(GAME, "watch", 5, dir.clone());
    {
        let table = app.world().resource::<Table<Stalingrad>>();
        assert_eq!(
            table.session.options.mode,
            eastfront_stalingrad::Mode::Solitaire
        );
        assert!(table.seating.humans.is_empty());
    }
    assert_eq!(*app.world().resource::<Eyes>(), Eyes::default());
    assert!(until_computer_acts::<Stalingrad>(&mut app, Seat(0), 20_000));
    let path = dir.join("watch.ron");
    app.world()
        .resource::<Table<Stalingrad>>()
        .session
        .save_to(&path)
        .expect("saved");
    let (loaded, _) = eastfront::app::table::saves::load_table::<Stalingrad>(&path).expect("loads");
    assert_eq!(loaded.seating.mode, "watch");
    assert!(loaded.seating.humans.is_empty());
}
