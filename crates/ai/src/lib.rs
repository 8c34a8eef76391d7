//! Computer players. They see only their own side's [`View`] (never the hidden state) and
//! choose among the legal actions the rules offer, exactly as a human does.

pub mod stalingrad_german;

use eastfront_stalingrad::{Action, Stalingrad, View};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A uniformly random legal action (selfplay, fuzzing, the "random" opponent).
pub fn random_action(legal: &[Action], rng: &mut ChaCha8Rng) -> Action {
    legal[rng.random_range(0..legal.len())].clone()
}

/// The AI's choice for the side that `view` belongs to. Deterministic for a given seed.
pub fn choose_action(game: &Stalingrad, view: &View, legal: &[Action], seed: u64) -> Action {
    assert!(
        !legal.is_empty(),
        "choose_action needs at least one legal action"
    );
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    match view.viewer {
        eastfront_kernel::Viewer::Side(eastfront_kernel::Side::German) => {
            stalingrad_german::choose(&game.board, view, legal, &mut rng)
        }
        _ => stalingrad_german::choose_generic(&game.board, view, legal, &mut rng),
    }
}
