use super::*;
use crate::search::{search, Config};
use rand::SeedableRng;

/// German decisions with a real choice, reached by the Easy utility AI on both sides.
fn german_decisions(scenario: &str, seed: u64, n: usize) -> Vec<State> {
    let game = Moscow41::new();
    let mut st = game.setup(scenario, &Default::default(), seed).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::new();
    for _ in 0..2000 {
        let Some(seat) = game.active(&st) else { break };
        let legal = game.legal_actions(&st, seat);
        let side = game.side_of(&st, seat);
        if side == Side::German && legal.len() > 3 && rng.random_range(0..5) == 0 {
            out.push(st.clone());
            if out.len() >= n {
                break;
            }
        }
        let view = game.view(&st, Viewer::Side(side));
        let a = utility::choose(&game, &view, &legal, Level::Easy, rng.random());
        game.apply(&mut st, seat, &a).unwrap();
    }
    out
}

fn small() -> Config {
    Config {
        iterations: 24,
        threads: 2,
        playout_depth: 4,
        ..Config::default()
    }
}

#[test]
fn the_search_picks_a_legal_action_reproducibly() {
    let game = Moscow41::new();
    let domain = Moscow41Domain::default();
    for st in german_decisions("sc1", 3, 2) {
        let view = game.view(&st, Viewer::Side(Side::German));
        let legal = game.legal_actions(&st, game.active(&st).unwrap());
        let r = search(&game, &domain, &view, &legal, 7, &small(), None);
        assert!(legal.contains(&r.action), "{:?}", r.action);
        assert_eq!(r.iterations, 24);
        let [g, s] = r.win_chance.expect("a search was made");
        assert!((0.0..=1.0).contains(&g) && (g + s - 1.0).abs() < 1e-9);
        assert_eq!(search(&game, &domain, &view, &legal, 7, &small(), None), r);
    }
}

#[test]
fn the_search_never_peeks() {
    // A second truth drawn from the German's view of the first: the German cannot tell them
    // apart, and the search decides the same for the same seed.
    let game = Moscow41::new();
    let domain = Moscow41Domain::default();
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut compared = 0;
    for st in german_decisions("campaign", 8, 3) {
        let view = game.view(&st, Viewer::Side(Side::German));
        let Some(other) = domain.determinise(&game, &view, &mut rng) else {
            continue;
        };
        if other.blocks == st.blocks {
            continue;
        }
        let seat = game.active(&st).unwrap();
        let legal = game.legal_actions(&st, seat);
        assert_eq!(legal, game.legal_actions(&other, seat));
        let decide = |truth: &State| {
            let v = game.view(truth, Viewer::Side(Side::German));
            search(&game, &domain, &v, &legal, 9, &small(), None)
        };
        assert_eq!(decide(&st), decide(&other));
        compared += 1;
    }
    assert!(compared >= 2, "{compared}");
}

#[test]
fn the_utility_playout_and_the_evaluation_hold() {
    let game = Moscow41::new();
    let domain = Moscow41Domain {
        playout: Playout::Utility(Level::Easy),
        ..Moscow41Domain::default()
    };
    let st = &german_decisions("sc2", 4, 1)[0];
    let v = domain.evaluate(&game, st);
    assert!(v > 0.0 && v < 1.0, "{v}");
    let view = game.view(st, Viewer::Side(Side::German));
    let legal = game.legal_actions(st, game.active(st).unwrap());
    let r = search(&game, &domain, &view, &legal, 1, &small(), None);
    assert!(legal.contains(&r.action));
}

fn flat() -> Config {
    Config {
        iterations: 24,
        threads: 2,
        playout_depth: 4,
        flat: Some(crate::search::Flat {
            k: 3,
            margin: 0.0,
            z: 0.0,
        }),
        ..Config::default()
    }
}

#[test]
fn the_flat_search_is_reproducible_and_thread_blind() {
    let game = Moscow41::new();
    let domain = Moscow41Domain {
        playout: Playout::Utility(Level::Normal),
        same_kind: false,
        ..Moscow41Domain::default()
    };
    for st in german_decisions("sc1", 3, 2) {
        let view = game.view(&st, Viewer::Side(Side::German));
        let legal = game.legal_actions(&st, game.active(&st).unwrap());
        let r = search(&game, &domain, &view, &legal, 7, &flat(), None);
        assert!(legal.contains(&r.action), "{:?}", r.action);
        assert_eq!(r.iterations, 24);
        let n = r.root.len() as u32;
        assert!((1..=3).contains(&n), "{n}");
        assert!(r.root.iter().all(|s| s.visits == 24u32.div_ceil(n)));
        let [g, s] = r.win_chance.expect("a search was made");
        assert!((0.0..=1.0).contains(&g) && (g + s - 1.0).abs() < 1e-9);
        assert_eq!(search(&game, &domain, &view, &legal, 7, &flat(), None), r);
        // The samples are numbered, not dealt to threads: one thread decides the same.
        let one = Config {
            threads: 1,
            ..flat()
        };
        let r1 = search(&game, &domain, &view, &legal, 7, &one, None);
        assert_eq!(r1.action, r.action);
        for (a, b) in r1.root.iter().zip(&r.root) {
            assert_eq!((a.index, a.visits), (b.index, b.visits));
            assert!((a.value - b.value).abs() < 1e-9);
        }
    }
}

#[test]
fn the_flat_search_never_peeks() {
    let game = Moscow41::new();
    let domain = Moscow41Domain {
        playout: Playout::Utility(Level::Normal),
        ..Moscow41Domain::default()
    };
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    let mut compared = 0;
    for st in german_decisions("campaign", 8, 3) {
        let view = game.view(&st, Viewer::Side(Side::German));
        let Some(other) = domain.determinise(&game, &view, &mut rng) else {
            continue;
        };
        if other.blocks == st.blocks {
            continue;
        }
        let seat = game.active(&st).unwrap();
        let legal = game.legal_actions(&st, seat);
        assert_eq!(legal, game.legal_actions(&other, seat));
        let decide = |truth: &State| {
            let v = game.view(truth, Viewer::Side(Side::German));
            search(&game, &domain, &v, &legal, 9, &flat(), None)
        };
        assert_eq!(decide(&st), decide(&other));
        compared += 1;
    }
    assert!(compared >= 2, "{compared}");
}

#[test]
fn the_learned_value_never_peeks() {
    // The learned value reads the German's view only: a second truth the German cannot tell
    // apart from the first gives the same win chance, and the flat search with the learned
    // leaf value decides the same, with the same estimate.
    let game = Moscow41::new();
    let domain = Moscow41Domain {
        value: Value::Learned,
        ..Moscow41Domain::default()
    };
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut compared = 0;
    for st in german_decisions("sc1", 8, 3) {
        let view = game.view(&st, Viewer::Side(Side::German));
        let Some(other) = domain.determinise(&game, &view, &mut rng) else {
            continue;
        };
        if other.blocks == st.blocks {
            continue;
        }
        let seat = game.active(&st).unwrap();
        let legal = game.legal_actions(&st, seat);
        let other_view = game.view(&other, Viewer::Side(Side::German));
        assert_eq!(
            utility::learned::win_chance(&game, &view),
            utility::learned::win_chance(&game, &other_view)
        );
        let decide = |v: &View| search(&game, &domain, v, &legal, 9, &flat(), None);
        assert_eq!(decide(&view), decide(&other_view));
        compared += 1;
    }
    assert!(compared >= 2, "{compared}");
}

#[test]
fn the_search_with_the_learned_value_reports_a_chance() {
    let game = Moscow41::new();
    let domain = Moscow41Domain {
        value: Value::Learned,
        ..Moscow41Domain::default()
    };
    for st in german_decisions("sc3", 4, 2) {
        let view = game.view(&st, Viewer::Side(Side::German));
        let legal = game.legal_actions(&st, game.active(&st).unwrap());
        for config in [small(), flat()] {
            let r = search(&game, &domain, &view, &legal, 5, &config, None);
            assert!(legal.contains(&r.action));
            let [g, s] = r.win_chance.expect("a search was made");
            assert!(g > 0.0 && g < 1.0 && (g + s - 1.0).abs() < 1e-9, "{g} {s}");
        }
    }
}
