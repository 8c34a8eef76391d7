//! No Retreat! on the one table, without a window: one entity per hex and area, every counter
//! in play drawn (on its hex or in its box), the other side's hand never shown, the AI plays
//! its side, a save loads back.

mod common;

use common::*;
use eastfront::app::games::no_retreat::NoRetreat;
use eastfront::app::table::saves::load_table;
use eastfront::app::table::Table;
use eastfront_kernel::{Seat, Side, Viewer};

const GAME: &str = "no_retreat";

#[test]
fn one_entity_per_hex_and_area_and_every_counter_in_play_drawn() {
    let mut app = open(GAME, "nr-axis-vs-ai", 1, temp_dir("nr-spaces"));
    let board = app
        .world()
        .resource::<Table<NoRetreat>>()
        .game()
        .board
        .clone();
    assert_eq!(
        spaces(&mut app),
        board.topo.len(),
        "one space per hex and area"
    );
    let in_play = {
        let table = app.world().resource::<Table<NoRetreat>>();
        let view = table.view_for(Viewer::Side(Side::German));
        eastfront::app::games::no_retreat::pieces::pieces(table.game(), &view).len()
    };
    assert!(in_play > 20, "the 1941 set-up has both armies");
    assert_eq!(pieces(&mut app).len(), in_play);
}

#[test]
fn the_axis_never_sees_the_soviet_hand() {
    let app = open(GAME, "nr-axis-vs-ai", 2, temp_dir("nr-hand"));
    let table = app.world().resource::<Table<NoRetreat>>();
    let view = table.view_for(Viewer::Side(Side::German));
    assert!(view.other_hand.is_none());
    let own = view.hand.clone().unwrap_or_default();
    assert_eq!(
        view.hand_cards.len(),
        own.len(),
        "only the Axis cards are shown"
    );
}

#[test]
fn the_ai_plays_its_side_and_the_game_saves_and_loads_back() {
    let mut app = open(GAME, "nr-soviet-vs-ai", 3, temp_dir("nr-ai"));
    assert!(
        until_computer_acts::<NoRetreat>(&mut app, Seat(0), 800),
        "the Axis AI made a move"
    );
    let dir = temp_dir("nr-save");
    let path = dir.join("no_retreat.ron");
    let (record, hash) = {
        let table = app.world().resource::<Table<NoRetreat>>();
        table.session.save_to(&path).expect("saved");
        (
            table.session.record().len(),
            eastfront_kernel::session::state_hash(table.session.state()),
        )
    };
    let (loaded, _) = load_table::<NoRetreat>(&path).expect("the save loads");
    assert_eq!(loaded.seating.mode, "nr-soviet-vs-ai");
    assert_eq!(loaded.session.record().len(), record);
    assert_eq!(
        eastfront_kernel::session::state_hash(loaded.session.state()),
        hash
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// 15.0: the optional rules are the menu's check boxes; one switched on reaches the rules'
/// options (15.7: the initiative side starts holding the Joker) and the log's first line.
#[test]
fn an_optional_rule_chosen_in_the_menu_is_played() {
    let entry = eastfront::registry::game(GAME).unwrap();
    let spec = entry.setup_spec();
    assert!(spec
        .rules
        .iter()
        .any(|t| t.id == "joker" && !t.on_by_default));
    let mut app = headless_app(temp_dir("nr-joker"));
    let mut new = eastfront::app::menu::default_form(&spec);
    new.mode = "nr-hotseat".into();
    new.changed_rules = vec!["joker".into()];
    open_new(&mut app, GAME, new);
    let table = app.world().resource::<Table<NoRetreat>>();
    let options = &table.session.options;
    assert!(options.joker && !options.rezervy && !options.axis_own_crt_in_snow);
    assert_eq!(table.session.state().joker, Some(Side::German));
    let log = app.world().resource::<eastfront::app::table::GameLog>();
    assert!(
        log.lines[0].public.contains("15.7 The Joker"),
        "{}",
        log.lines[0].public
    );
}

/// UX.md "hot-seat: a name per side": the menu asks a name for each player sharing the screen;
/// the curtain calls them by it, the log's first line names them, a save keeps them.
#[test]
fn hot_seat_players_are_called_by_their_names() {
    let entry = eastfront::registry::game(GAME).unwrap();
    let dir = temp_dir("nr-names");
    let mut app = headless_app(dir.clone());
    let mut new = eastfront::app::menu::default_form(&entry.setup_spec());
    new.mode = "nr-hotseat".into();
    let seats: Vec<_> = entry.human_seat_names(&new);
    assert_eq!(
        seats,
        vec![
            (Seat(0), "Axis".to_string()),
            (Seat(1), "Soviet".to_string())
        ]
    );
    new.names.insert(0, "  Anna ".into());
    new.names.insert(1, String::new());
    open_new(&mut app, GAME, new);
    let status = app.world().resource::<Table<NoRetreat>>().status();
    assert_eq!(status.player_call(Seat(0)), "Anna (the Axis player)");
    assert_eq!(
        status.player_call(Seat(1)),
        "the Soviet player",
        "no name given"
    );
    let log = app.world().resource::<eastfront::app::table::GameLog>();
    assert!(
        log.lines[0].public.contains("Anna (Axis)"),
        "{}",
        log.lines[0].public
    );
    let path = dir.join("names.ron");
    let table = app.world().resource::<Table<NoRetreat>>();
    table.session.save_to(&path).expect("saved");
    let (loaded, _) = load_table::<NoRetreat>(&path).expect("loads");
    assert_eq!(loaded.seating.name(Seat(0)), Some("Anna"));
    assert_eq!(loaded.seating.name(Seat(1)), None);
}

/// Issue 16 at the table: the Search level thinks for the thinking time the player set, the
/// side panel's progress (time and playouts) follows it, and "Move now" makes the computer
/// answer long before its time is up. The hint searches too, with its estimate of who wins.
#[test]
fn the_search_level_thinks_for_the_set_time_shows_its_progress_and_answers_now_when_asked() {
    use eastfront::app::table::ai::{AiStatus, Hint, HintRequest};
    use eastfront::app::table::thinking::ThinkingTime;
    use std::time::{Duration, Instant};
    let mut app = headless_app(temp_dir("nr-search-time"));
    let entry = eastfront::registry::game(GAME).unwrap();
    let mut new = eastfront::app::menu::default_form(&entry.setup_spec());
    new.mode = "nr-soviet-vs-ai".into();
    new.level = "search".into();
    new.seed = 4;
    app.insert_resource(ThinkingTime(Duration::from_secs(10)));
    open_new(&mut app, GAME, new);
    let acted = |app: &bevy::app::App| {
        app.world()
            .resource::<Table<NoRetreat>>()
            .session
            .record()
            .len()
    };
    let before = acted(&app);
    // The Axis's first decision with a choice: a search of 10 s, its playouts counting up.
    let deadline = Instant::now() + Duration::from_secs(60);
    let thinking = loop {
        app.update();
        let status = app.world().resource::<AiStatus>();
        if let Some(t) = status.thinking.clone() {
            if t.playouts() > 0 {
                assert_eq!(status.thinking_for, Some(Side::German));
                break t;
            }
        }
        assert!(
            Instant::now() < deadline,
            "the search started and played out"
        );
        std::thread::sleep(Duration::from_millis(5));
    };
    assert_eq!(thinking.time, Some(Duration::from_secs(10)));
    let asked = Instant::now();
    let moves = acted(&app);
    thinking.answer_now();
    while acted(&app) == moves {
        app.update();
        assert!(
            asked.elapsed() < Duration::from_secs(5),
            "Move now: the computer answered long before its 10 s"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(acted(&app) > before);

    // The hint on the Soviet's own turn: the search, with its progress and its estimate.
    app.insert_resource(ThinkingTime(Duration::from_millis(200)));
    let deadline = Instant::now() + Duration::from_secs(600);
    while frame(&app).acting_seat != Some(Seat(1)) {
        // The Axis AI plays its turn at 0.2 s a decision.
        app.update();
        assert!(Instant::now() < deadline, "the Soviet's turn came");
        std::thread::sleep(Duration::from_millis(2));
    }
    app.world_mut().write_message(HintRequest);
    app.update();
    let progress = app.world().resource::<Hint>().thinking.clone();
    assert_eq!(
        progress.and_then(|p| p.time),
        Some(Duration::from_millis(200)),
        "the hint thinks for the thinking time"
    );
    let deadline = Instant::now() + Duration::from_secs(30);
    while app.world().resource::<Hint>().answer.is_none() {
        app.update();
        assert!(Instant::now() < deadline, "the hint answered");
        std::thread::sleep(Duration::from_millis(5));
    }
    let [axis, soviet] = app
        .world()
        .resource::<Hint>()
        .chance
        .expect("the search's estimate of who wins");
    assert!((axis + soviet - 1.0).abs() < 1e-9 && (0.0..=1.0).contains(&axis));
}
