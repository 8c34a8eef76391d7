//! The app without a window: the table's entities follow the rules' view, and hidden means
//! hidden (rules §6.1 Fog of War; DESIGN.md "The app"). Runs with MinimalPlugins + StatesPlugin.

use bevy::prelude::*;
use eastfront::app::board::HexTile;
use eastfront::app::build_app;
use eastfront::app::hotseat::Eyes;
use eastfront::app::pieces::BlockPiece;
use eastfront::app::screens::{Screen, TablePhase};
use eastfront::app::table::{PlayMode, PlayerChoice, Table, TableSetup};
use eastfront_kernel::{Game, Seat, Side, Viewer};
use eastfront_stalingrad::Action;

/// A temporary folder of this test process.
fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("eastfront-app-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The app without a window, its saves and autosave going to `saves` (never the player's
/// saves folder).
fn headless_app_saving_to(saves: std::path::PathBuf) -> App {
    let mut app = build_app(true);
    app.insert_resource(eastfront::app::saves::SavesFolder(saves));
    app
}

fn open_table(play: PlayMode, seed: u64) -> App {
    open_table_saving_to(play, seed, temp_dir("table"))
}

fn open_table_saving_to(play: PlayMode, seed: u64, saves: std::path::PathBuf) -> App {
    let mut app = headless_app_saving_to(saves);
    app.insert_resource(TableSetup {
        play,
        seed,
        ..TableSetup::default()
    });
    app.update(); // Loading → Menu
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
    app
}

fn pieces(app: &mut App) -> Vec<BlockPiece> {
    app.world_mut()
        .query::<&BlockPiece>()
        .iter(app.world())
        .cloned()
        .collect()
}

fn german_view_block_count(app: &App) -> usize {
    let table = app.world().resource::<Table>();
    table
        .game()
        .view(table.session.state(), Viewer::Side(Side::German))
        .blocks
        .len()
}

#[test]
fn solitaire_table_shows_the_map_and_only_what_the_german_may_see() {
    let mut app = open_table(PlayMode::Solitaire, 7);

    let hexes = app
        .world_mut()
        .query::<&HexTile>()
        .iter(app.world())
        .count();
    assert_eq!(hexes, 109, "one entity per map hex (1-105, W, X, Y, Z)");

    let pieces = pieces(&mut app);
    assert!(!pieces.is_empty());
    assert_eq!(
        pieces.len(),
        german_view_block_count(&app),
        "one block entity per block on the map in the German's view"
    );
    let soviet: Vec<_> = pieces.iter().filter(|p| p.side == Side::Soviet).collect();
    let german: Vec<_> = pieces.iter().filter(|p| p.side == Side::German).collect();
    assert!(
        !soviet.is_empty() && !german.is_empty(),
        "both sides are on the map"
    );
    for p in &soviet {
        assert!(
            p.face.is_none() || p.revealed,
            "a hidden Soviet block carries no identity or strength"
        );
    }
    for p in &german {
        assert!(p.face.is_some(), "the German sees his own blocks");
    }
    assert_eq!(
        *app.world().resource::<State<TablePhase>>().get(),
        TablePhase::GermanAction
    );
}

#[test]
fn a_legal_move_from_the_player_moves_the_block_entity() {
    let mut app = open_table(PlayMode::Solitaire, 11);
    let (seat, action, unit, to) = {
        let table = app.world().resource::<Table>();
        let legal = table.game().legal_actions(table.session.state(), Seat(0));
        let (action, unit, to) = legal
            .iter()
            .find_map(|a| match a {
                Action::ShortMove { units, to } if units.len() == 1 => {
                    Some((a.clone(), units[0], *to))
                }
                _ => None,
            })
            .expect("the opening position has a single-block Short Move");
        (Seat(0), action, unit, to)
    };
    app.world_mut().write_message(PlayerChoice { seat, action });
    for _ in 0..3 {
        app.update();
    }
    let moved = pieces(&mut app)
        .into_iter()
        .find(|p| p.unit() == Some(unit))
        .expect("the moved block is still shown");
    assert_eq!(moved.hex, to, "the block entity follows the rules' view");
}

#[test]
fn the_autosave_and_a_save_go_to_the_saves_folder_set_for_the_app() {
    use eastfront::app::saves::{list_saves_in, load_table, SaveRequest};
    use eastfront::app::table::Rules;
    let dir = temp_dir("autosave-here");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut app = open_table_saving_to(PlayMode::Solitaire, 11, dir.clone());
    assert!(
        list_saves_in(&dir).is_empty(),
        "nothing is saved before the first action"
    );
    let action = {
        let table = app.world().resource::<Table>();
        table
            .game()
            .legal_actions(table.session.state(), Seat(0))
            .into_iter()
            .find(|a| matches!(a, Action::ShortMove { .. }))
            .expect("the opening position has a Short Move")
    };
    app.world_mut().write_message(PlayerChoice {
        seat: Seat(0),
        action,
    });
    for _ in 0..3 {
        app.update();
    }
    let autosave = dir.join("autosave.ron");
    assert!(
        autosave.is_file(),
        "the autosave after the action is written into the SavesFolder"
    );
    let rules = *app.world().resource::<Rules>();
    let loaded = load_table(rules, &autosave).expect("the autosave loads");
    assert_eq!(
        loaded.session.state(),
        app.world().resource::<Table>().session.state(),
        "the autosave holds the game as it stands"
    );
    // A save asked for (Ctrl+S, the Save button) goes there too, beside the autosave.
    app.world_mut().write_message(SaveRequest);
    app.update();
    let listed = list_saves_in(&dir);
    assert_eq!(listed.len(), 2, "the autosave and one save: {listed:?}");
    assert!(listed.iter().any(|s| s.is_autosave));
    assert!(listed
        .iter()
        .all(|s| s.path.parent() == Some(dir.as_path())));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn hot_seat_curtain_hides_every_face_until_the_next_player_clicks() {
    let mut app = open_table(PlayMode::HotSeat, 3);
    // The first player is called to the screen behind the curtain.
    assert_eq!(
        *app.world().resource::<State<TablePhase>>().get(),
        TablePhase::Handoff
    );
    assert!(
        pieces(&mut app).iter().all(|p| p.face.is_none()),
        "no block entity carries a face while the curtain is up"
    );
    app.world_mut().resource_mut::<Eyes>().lift_curtain();
    for _ in 0..3 {
        app.update();
    }
    let shown = pieces(&mut app);
    assert_eq!(shown.len(), german_view_block_count(&app));
    assert!(shown
        .iter()
        .filter(|p| p.side == Side::Soviet)
        .all(|p| p.face.is_none() || p.revealed));
    assert!(shown
        .iter()
        .filter(|p| p.side == Side::German)
        .all(|p| p.face.is_some()));
}

#[test]
fn the_german_ai_plays_on_a_background_thread_for_a_human_soviet() {
    let mut app = open_table(PlayMode::SovietVsAi, 5);
    // The Soviet player looks at the table from the start; the AI holds the German seat.
    let shown = pieces(&mut app);
    assert!(shown
        .iter()
        .filter(|p| p.side == Side::German)
        .all(|p| p.face.is_none() || p.revealed));
    let mut acted = false;
    for _ in 0..400 {
        app.update();
        if !app.world().resource::<Table>().session.record().is_empty() {
            acted = true;
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert!(acted, "the German AI made a move");
}

#[test]
fn saves_load_back_and_bad_files_are_refused_with_a_reason() {
    use eastfront::app::saves::load_table;
    use eastfront::app::table::Rules;
    let dir = std::env::temp_dir().join(format!("eastfront-app-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();

    let mut app = open_table(PlayMode::HotSeat, 9);
    // Who plays what travels in the save's metadata, not in its file name.
    let path = dir.join("game.ron");
    {
        let table = app.world().resource::<Table>();
        assert_eq!(
            table.session.meta.get("play").map(String::as_str),
            Some("hotseat")
        );
        assert_eq!(
            table.session.meta.get("seat.0").map(String::as_str),
            Some("human")
        );
        assert_eq!(
            table.session.meta.get("seat.1").map(String::as_str),
            Some("human")
        );
        table.session.save_to(&path).expect("save written");
    }
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.contains("\"play\": \"hotseat\""),
        "the mode is in the file"
    );
    let rules = *app.world().resource::<Rules>();
    let loaded = load_table(rules, &path).expect("the save loads");
    assert_eq!(loaded.play, PlayMode::HotSeat, "who plays what comes back");
    assert_eq!(
        loaded.session.meta.get("seat.1").map(String::as_str),
        Some("human")
    );
    assert_eq!(
        loaded.session.state(),
        app.world_mut().resource::<Table>().session.state()
    );

    // The German AI against a human Soviet: the seats say so, and it loads back as that.
    let app_ai = open_table(PlayMode::SovietVsAi, 9);
    let ai_path = dir.join("vs-ai.ron");
    {
        let table = app_ai.world().resource::<Table>();
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
    let loaded = load_table(rules, &ai_path).expect("the save loads");
    assert_eq!(loaded.play, PlayMode::SovietVsAi);

    // An older save without metadata: the mode comes from the file name's slug.
    let old_path = dir.join("older__soviet-vs-ai.ron");
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
    std::fs::write(&old_path, &without_meta).unwrap();
    let loaded = load_table(rules, &old_path).expect("an older save loads");
    assert_eq!(
        loaded.play,
        PlayMode::SovietVsAi,
        "the file name says who plays what"
    );
    let no_name = dir.join("plain.ron");
    std::fs::write(&no_name, &without_meta).unwrap();
    let loaded = load_table(rules, &no_name).expect("an older save loads");
    assert_eq!(
        loaded.play,
        PlayMode::HotSeat,
        "the rules' mode decides at last"
    );

    // The listing shows each save's mode, from its metadata or (older saves) its file name.
    let listed = eastfront::app::saves::list_saves_in(&dir);
    let mode_of = |name: &str| {
        listed
            .iter()
            .find(|e| e.name == name)
            .unwrap_or_else(|| panic!("{name} is listed"))
            .play
    };
    assert_eq!(mode_of("game"), Some(PlayMode::HotSeat));
    assert_eq!(mode_of("vs-ai"), Some(PlayMode::SovietVsAi));
    assert_eq!(
        mode_of("older"),
        Some(PlayMode::SovietVsAi),
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
    let err = load_table(rules, &bad)
        .err()
        .expect("a damaged save is refused");
    assert!(!err.is_empty());
    let missing = load_table(rules, &dir.join("nope.ron"));
    assert!(missing.is_err());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_end_of_the_game_is_summed_up_and_a_rematch_opens_a_fresh_table() {
    use eastfront::app::game_over::{GameSummary, RematchRequest};
    let mut app = open_table(PlayMode::Solitaire, 11);
    // Random legal choices (a small LCG, reproducible) until the rules end the game.
    let mut rng: u64 = 11;
    for _ in 0..20_000 {
        let mut table = app.world_mut().resource_mut::<Table>();
        let Some(seat) = table.active_seat() else {
            break;
        };
        let legal = table.game().legal_actions(table.session.state(), seat);
        rng = rng
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let pick = legal[(rng >> 33) as usize % legal.len()].clone();
        table.apply(seat, pick).expect("a legal action is accepted");
    }
    app.update();
    app.update();
    let (seed, rounds) = {
        let table = app.world().resource::<Table>();
        assert!(table.active_seat().is_none(), "the game ended");
        let view = table.game().view(table.session.state(), Viewer::Omniscient);
        (table.session.seed, view.round)
    };
    let summary = app
        .world()
        .get_resource::<GameSummary>()
        .expect("a result is summed up at the end")
        .clone();
    assert_eq!(summary.rounds, rounds);
    assert!(!summary.outcome.reason.is_empty(), "the reason is given");
    assert_eq!(summary.history.first().map(|r| r.round), Some(1));
    assert_eq!(summary.history.last().map(|r| r.round), Some(rounds));
    assert!(summary.srh_soviet <= summary.srh_total);
    assert_eq!(
        *app.world().resource::<State<TablePhase>>().get(),
        TablePhase::GameOver
    );

    app.world_mut().write_message(RematchRequest);
    for _ in 0..4 {
        app.update();
    }
    let table = app.world().resource::<Table>();
    assert_eq!(table.play, PlayMode::Solitaire, "the same mode");
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
    use eastfront::app::panels::end_with_work_left;
    use eastfront_kernel::SpaceId;
    use eastfront_stalingrad::UnitId;
    let place = Action::Place {
        unit: UnitId(3),
        hex: SpaceId(5),
    };
    let advance = Action::Advance { unit: UnitId(4) };
    assert!(
        end_with_work_left(&Action::EndPlacement, &[Action::EndPlacement, place], false).is_some()
    );
    assert!(end_with_work_left(&Action::EndPlacement, &[Action::EndPlacement], false).is_none());
    assert!(
        end_with_work_left(&Action::EndAdvance, &[Action::EndAdvance, advance], false).is_some()
    );
    assert!(end_with_work_left(&Action::EndAdvance, &[Action::EndAdvance], false).is_none());
    assert!(
        end_with_work_left(&Action::EndShortMoves, &[Action::EndShortMoves], true).is_none(),
        "no Short Move left: nothing to ask"
    );
}

#[test]
fn space_or_enter_on_a_focused_result_button_never_starts_a_new_game() {
    use bevy_egui::egui;
    use eastfront::app::game_over::window::{result_buttons, ResultChoice};
    let ctx = egui::Context::default();
    let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(800.0, 600.0));
    let key = |key: egui::Key| egui::Event::Key {
        key,
        physical_key: None,
        pressed: true,
        repeat: false,
        modifiers: egui::Modifiers::NONE,
    };
    // One frame of the buttons with these events; what was chosen.
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
    // Tab walks the keyboard focus over the three buttons; Space and Enter press none of them.
    for _ in 0..3 {
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
    use eastfront::app::table::Notice;
    let mut app = open_table(PlayMode::Solitaire, 5);
    let revision = app.world().resource::<Table>().revision;
    app.world_mut().resource_mut::<Notice>().about_position(
        "The AI would choose: pass.",
        0.0,
        revision,
    );
    app.update();
    assert!(
        app.world().resource::<Notice>().text.is_some(),
        "the hint stays while the position does"
    );
    let (seat, action) = {
        let table = app.world().resource::<Table>();
        let seat = table.active_seat().expect("the German acts");
        let legal = table.game().legal_actions(table.session.state(), seat);
        (seat, legal[0].clone())
    };
    app.world_mut().write_message(PlayerChoice { seat, action });
    app.update();
    assert_ne!(app.world().resource::<Table>().revision, revision);
    assert!(
        app.world().resource::<Notice>().text.is_none(),
        "the hint about the old position is gone"
    );
    // Any other notice keeps its own time.
    app.world_mut().resource_mut::<Notice>().info("Saved.", 0.0);
    let (seat, action) = {
        let table = app.world().resource::<Table>();
        let seat = table.active_seat().expect("the German acts");
        let legal = table.game().legal_actions(table.session.state(), seat);
        (seat, legal[0].clone())
    };
    app.world_mut().write_message(PlayerChoice { seat, action });
    app.update();
    assert!(app.world().resource::<Notice>().text.is_some());
}
