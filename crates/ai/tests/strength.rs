//! The heuristic German player must beat random play by a wide margin against the same
//! official Soviet AI (issue: "a good heuristic beats random play by a wide margin"), and make
//! real progress toward the German victory condition (all six Soviet reinforcement hexes,
//! rules §6.18) against it.
//!
//! These are small, debug-friendly samples. The big measurement (hundreds of games, win rates,
//! time per decision, the Designer's Variant levels) is the example:
//!
//! ```sh
//! CARGO_TARGET_DIR=/tmp/tgt-ai cargo run --release -p eastfront-ai \
//!     --example stalingrad_strength -- --games 400 --seed 0 [--level german-easy]
//! ```

use eastfront_kernel::{Game, Side, Viewer};
use eastfront_stalingrad::{Options, Stalingrad};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// (German wins, Soviet reinforcement hexes held by the Germans at the end, summed).
fn german_results(
    game: &Stalingrad,
    heuristic: bool,
    seeds: std::ops::Range<u64>,
) -> (usize, usize) {
    let mut wins = 0;
    let mut held = 0;
    for seed in seeds {
        let mut st = game.setup("standard", &Options::default(), seed).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut steps = 0u64;
        while let Some(seat) = game.active(&st) {
            let legal = game.legal_actions(&st, seat);
            let a = if heuristic {
                let view = game.view(&st, Viewer::Side(game.side_of(&st, seat)));
                eastfront_ai::choose_action(game, &view, &legal, seed * 1000 + steps)
            } else {
                eastfront_ai::random_action(&legal, &mut rng)
            };
            game.apply(&mut st, seat, &a).unwrap();
            steps += 1;
            assert!(steps < 20_000);
        }
        if game.outcome(&st).and_then(|o| o.winner) == Some(Side::German) {
            wins += 1;
        }
        held += game
            .board
            .srh
            .iter()
            .filter(|h| st.control[h.index()] == Side::German)
            .count();
    }
    (wins, held)
}

#[test]
fn heuristic_german_beats_random_german_by_a_wide_margin() {
    let game = Stalingrad::new();
    let n = 24;
    let (ai_wins, ai_held) = german_results(&game, true, 0..n);
    let (random_wins, random_held) = german_results(&game, false, 0..n);
    eprintln!("over {n} games: heuristic {ai_wins} wins, {ai_held} SRHs held at the end; random {random_wins} wins, {random_held} SRHs");
    assert!(ai_wins >= random_wins);
    // Progress toward the German victory condition (all six SRHs, rules §6.18): on average at
    // least two more Soviet reinforcement hexes per game than random play, and at least 2.25
    // held per game. (Over 400 games the AI holds about 2.9 at the end; the previous heuristic
    // held about 1.5 and fails this.)
    assert!(
        ai_held >= random_held + 2 * n as usize,
        "heuristic {ai_held} vs random {random_held}"
    );
    assert!(
        ai_held * 4 >= 9 * n as usize,
        "heuristic holds {ai_held} SRHs over {n} games, fewer than 2.25 per game"
    );
}
