//! Computer players. They see only their own side's [`View`] (never the hidden state) and
//! choose among the legal actions the rules offer, exactly as a human does.

pub mod levels;
pub mod moscow41;
pub mod no_retreat;
pub mod search;
pub mod stalingrad_german;

pub use levels::ComputerPlayers;

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

/// Stalingrad's computer player: the German AI for a German view; for a Soviet view (a hint
/// for a human Soviet) a generic chooser. The Soviet opponent of the solitaire modes is the
/// rulebook's own AI, run by the rules crate.
#[derive(Clone, Copy, Debug, Default)]
pub struct StalingradAi;

impl eastfront_kernel::Opponent<Stalingrad> for StalingradAi {
    fn choose(&self, game: &Stalingrad, view: &View, legal: &[Action], seed: u64) -> Action {
        choose_action(game, view, legal, seed)
    }
    fn name(&self) -> String {
        "German AI".into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use eastfront_kernel::{Game, Opponent, Seat, Side, Viewer};

    #[test]
    fn the_opponent_picks_a_legal_action_from_the_view_alone() {
        let game = Stalingrad::new();
        let st = game.setup("standard", &Default::default(), 1).unwrap();
        let legal = game.legal_actions(&st, Seat(0));
        let view = game.view(&st, Viewer::Side(Side::German));
        let a = StalingradAi.choose(&game, &view, &legal, 5);
        assert!(legal.contains(&a));
        assert_eq!(
            a,
            StalingradAi.choose(&game, &view, &legal, 5),
            "deterministic"
        );
    }
}
