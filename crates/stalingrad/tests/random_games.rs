//! Random legal games across seeds and modes: every step keeps the invariants and every game
//! ends (the Soviet deck is the clock). The full 100,000-game run is `eastfront selfplay`
//! (see README); CI runs this smaller count.

use eastfront_kernel::{Game, Side};
use eastfront_stalingrad::{invariants, Level, Mode, Options, Stalingrad};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn play(game: &Stalingrad, options: &Options, seed: u64) -> (Option<Side>, u64) {
    let mut st = game.setup("standard", options, seed).unwrap();
    invariants::check(&game.board, &st).unwrap_or_else(|e| panic!("seed {seed} setup: {e}"));
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut steps = 0;
    while let Some(seat) = game.active(&st) {
        let legal = game.legal_actions(&st, seat);
        assert!(
            !legal.is_empty(),
            "seed {seed}: no legal action in {:?}",
            st.phase
        );
        let a = legal[rng.random_range(0..legal.len())].clone();
        game.apply(&mut st, seat, &a)
            .unwrap_or_else(|e| panic!("seed {seed}: legal action refused: {e}"));
        invariants::check(&game.board, &st)
            .unwrap_or_else(|e| panic!("seed {seed} step {steps} after {a:?}: {e}"));
        steps += 1;
        assert!(steps < 10_000, "seed {seed}: the game did not end");
    }
    (game.outcome(&st).and_then(|o| o.winner), steps)
}

#[test]
fn random_games_keep_invariants_and_end_in_every_mode() {
    let game = Stalingrad::new();
    let modes = [
        Mode::Solitaire,
        Mode::Cooperative,
        Mode::OneVsOne,
        Mode::TwoVsOne,
    ];
    let levels = [
        None,
        Some(Level::Normal),
        Some(Level::GermanEasy),
        Some(Level::SovietEasy),
        Some(Level::GermanImpossible),
    ];
    // EASTFRONT_FUZZ_GAMES=100000 for the full run (README); CI plays 200.
    let games: u64 = std::env::var("EASTFRONT_FUZZ_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200);
    let mut n = 0;
    for seed in 0..games {
        let options = Options {
            mode: modes[seed as usize % 4],
            variant: levels[seed as usize % 5],
            ..Options::default()
        };
        let (winner, _) = play(&game, &options, seed);
        assert!(winner.is_some(), "seed {seed}: no winner");
        n += 1;
    }
    assert_eq!(n, games);
}
