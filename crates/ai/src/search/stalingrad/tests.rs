use super::*;
use crate::search::{search, Config};
use eastfront_stalingrad::{Mode, Options, Phase};

/// States at the top of a German turn, reached by the utility German against the solitaire
/// Soviet AI from a few seeds.
fn german_turns(mode: Mode, seeds: std::ops::Range<u64>, per_game: usize) -> Vec<State> {
    let game = Stalingrad::new();
    let mut out = Vec::new();
    for seed in seeds {
        let options = Options {
            mode,
            ..Default::default()
        };
        let mut st = game.setup("standard", &options, seed).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut found = 0;
        let mut steps = 0;
        while let Some(seat) = game.active(&st) {
            steps += 1;
            if steps > 3000 || found >= per_game {
                break;
            }
            if st.phase == Phase::GermanAction && rng.random_range(0..4) == 0 {
                out.push(st.clone());
                found += 1;
            }
            let legal = game.legal_actions(&st, seat);
            let a = StalingradDomain.playout(&game, &st, seat, &legal, &mut rng);
            game.apply(&mut st, seat, &a).unwrap();
        }
    }
    out
}

#[test]
fn a_determinised_state_shows_the_german_exactly_his_view() {
    let game = Stalingrad::new();
    let states = german_turns(Mode::Solitaire, 1..7, 4);
    assert!(states.len() >= 20, "{}", states.len());
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut differs = 0;
    for st in &states {
        let view = game.view(st, Viewer::Side(Side::German));
        let d = StalingradDomain
            .determinise(&game, &view, &mut rng)
            .expect("every top of a German turn can be sampled");
        assert_eq!(game.view(&d, Viewer::Side(Side::German)), view);
        assert_eq!(
            game.legal_actions(&d, Seat(0)),
            game.legal_actions(st, Seat(0))
        );
        differs += usize::from(d.units != st.units || d.soviet_hand != st.soviet_hand);
    }
    assert!(
        differs * 2 > states.len(),
        "hidden facts are drawn, not copied"
    );
}

#[test]
fn the_human_soviet_view_is_sampled_too() {
    let game = Stalingrad::new();
    let mut st = game
        .setup(
            "standard",
            &Options {
                mode: Mode::OneVsOne,
                ..Default::default()
            },
            4,
        )
        .unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let mut sampled = 0;
    for _ in 0..400 {
        let Some(seat) = game.active(&st) else { break };
        if st.phase == Phase::SovietChoice {
            let view = game.view(&st, Viewer::Side(Side::Soviet));
            let d = StalingradDomain
                .determinise(&game, &view, &mut rng)
                .unwrap();
            assert_eq!(game.view(&d, Viewer::Side(Side::Soviet)), view);
            sampled += 1;
        }
        let legal = game.legal_actions(&st, seat);
        let a = StalingradDomain.playout(&game, &st, seat, &legal, &mut rng);
        game.apply(&mut st, seat, &a).unwrap();
    }
    assert!(sampled >= 3, "{sampled}");
}

fn small() -> Config {
    Config {
        iterations: 60,
        threads: 2,
        playout_depth: 8,
        ..Config::default()
    }
}

#[test]
fn the_search_picks_a_legal_action_reproducibly_with_its_win_chance() {
    let game = Stalingrad::new();
    let st = &german_turns(Mode::Solitaire, 9..10, 1)[0];
    let view = game.view(st, Viewer::Side(Side::German));
    let legal = game.legal_actions(st, Seat(0));
    let r = search(&game, &StalingradDomain, &view, &legal, 11, &small(), None);
    assert!(legal.contains(&r.action));
    assert_eq!(r.iterations, 60);
    let [g, s] = r.win_chance.expect("a search was made");
    assert!((0.0..=1.0).contains(&g) && (g + s - 1.0).abs() < 1e-9);
    assert_eq!(r.root.iter().map(|x| x.visits).sum::<u32>(), 60);
    let again = search(&game, &StalingradDomain, &view, &legal, 11, &small(), None);
    assert_eq!(again, r, "same seed, same budget, same decision");
}

#[test]
fn the_search_never_peeks() {
    // Two truths the German cannot tell apart (the second drawn from the first's German view):
    // the same decision for the same seed.
    let game = Stalingrad::new();
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    for st in german_turns(Mode::Solitaire, 30..33, 1) {
        let view = game.view(&st, Viewer::Side(Side::German));
        let other = StalingradDomain
            .determinise(&game, &view, &mut rng)
            .unwrap();
        assert!(other.units != st.units || other.soviet_deck != st.soviet_deck);
        let legal = game.legal_actions(&st, Seat(0));
        let decide = |truth: &State| {
            let v = game.view(truth, Viewer::Side(Side::German));
            search(&game, &StalingradDomain, &v, &legal, 5, &small(), None)
        };
        assert_eq!(decide(&st), decide(&other));
    }
}

#[test]
fn the_evaluation_follows_the_victory_conditions() {
    let game = Stalingrad::new();
    let st = game.setup("standard", &Options::default(), 1).unwrap();
    let start = evaluate(&game, &st);
    let mut ahead = st.clone();
    for h in &game.board.srh[..4] {
        ahead.control[h.index()] = Side::German;
    }
    assert!(evaluate(&game, &ahead) > start);
    let mut won = st.clone();
    won.outcome = Some(eastfront_kernel::Outcome {
        winner: Some(Side::German),
        reason: String::new(),
    });
    assert_eq!(evaluate(&game, &won), 1.0);
    assert!(start > 0.0 && start < 0.1, "{start}");
}
