use super::*;
use eastfront_kernel::Game;

#[test]
fn the_learned_chance_is_a_probability() {
    let game = Moscow41::new();
    for sc in ["campaign", "sc1", "sc2", "sc3"] {
        let st = game.setup(sc, &Default::default(), 3).unwrap();
        for side in [Side::German, Side::Soviet] {
            let view = game.view(&st, Viewer::Side(side));
            let [g, s] = win_chance(&game, &view);
            assert!(
                g > 0.0 && g < 1.0 && (g + s - 1.0).abs() < 1e-12,
                "{sc} {g} {s}"
            );
        }
    }
}

#[test]
fn taking_moscow_raises_the_german_chance() {
    // The campaign at its start, as each side sees it: Moscow German (one more VP for the
    // German, one fewer for the Soviet) is better for the German whoever looks.
    let game = Moscow41::new();
    let st = game.setup("campaign", &Default::default(), 5).unwrap();
    for side in [Side::German, Side::Soviet] {
        let view = game.view(&st, Viewer::Side(side));
        let before = win_chance(&game, &view)[0];
        let mut taken = view.clone();
        taken.areas[game.board.moscow.index()].control = Side::German;
        let after = win_chance(&game, &taken)[0];
        assert!(after > before, "{side:?}: {before} -> {after}");
        assert!((own_win_chance(&game, &view) - win_chance(&game, &view)[idx(side)]).abs() < 1e-12);
    }
}

#[test]
fn fortifying_the_objectives_raises_the_german_chance_in_sc1() {
    // SC.1: the German wins by holding and fortifying his objective areas.
    let game = Moscow41::new();
    let st = game.setup("sc1", &Default::default(), 5).unwrap();
    let view = game.view(&st, Viewer::Side(Side::German));
    let goals = Model::for_play(&game.board, &view, Plan::Reference)
        .cache
        .goal_dl
        .clone();
    assert!(!goals.is_empty());
    let before = win_chance(&game, &view)[0];
    let mut fortified = view.clone();
    for &g in &goals[..goals.len() - 1] {
        fortified.areas[g].control = Side::German;
        fortified.areas[g].disputed = false;
        fortified.areas[g].dl[0] = true;
    }
    let after = win_chance(&game, &fortified)[0];
    assert!(after > before, "{before} -> {after}");
}

#[test]
fn a_finished_game_gives_its_result() {
    let game = Moscow41::new();
    let st = game.setup("sc2", &Default::default(), 5).unwrap();
    let mut view = game.view(&st, Viewer::Side(Side::Soviet));
    view.outcome = Some(eastfront_kernel::Outcome {
        winner: Some(Side::Soviet),
        reason: String::new(),
    });
    assert_eq!(win_chance(&game, &view), [0.0, 1.0]);
    assert_eq!(own_win_chance(&game, &view), 1.0);
}
