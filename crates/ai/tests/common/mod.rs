//! Helpers shared by the Moscow '41 AI tests.

use eastfront_ai::moscow41::random_action;
use eastfront_kernel::{Game, Side};
use eastfront_moscow41::{AreaId, Loc, Moscow41, State};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Plays random games from `seed` on until `pred` holds; returns that state.
pub fn play_until(
    game: &Moscow41,
    scenario: &str,
    seed: u64,
    pred: impl Fn(&State) -> bool,
) -> State {
    for seed in seed..seed + 50 {
        let mut st = game.setup(scenario, &Default::default(), seed).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..5000 {
            if pred(&st) {
                return st;
            }
            let Some(s) = game.active(&st) else { break };
            let legal = game.legal_actions(&st, s);
            let a = random_action(&legal, &mut rng);
            game.apply(&mut st, s, &a).unwrap();
        }
    }
    panic!("the wanted moment never came");
}

/// SC.1's objective areas, Yelnia and Yartsevo, emptied of Soviet blocks and German.
pub fn sc1_objectives_german(game: &Moscow41, st: &mut State) -> (AreaId, AreaId) {
    let b = &game.board;
    let yelnia = b.place("Yelnia").unwrap();
    let yartsevo = b.place("Yartsevo").unwrap();
    for (i, bs) in st.blocks.iter_mut().enumerate() {
        if b.blocks[i].side == Side::Soviet
            && (bs.loc == Loc::Space(yelnia) || bs.loc == Loc::Space(yartsevo))
        {
            bs.loc = Loc::ForcePool;
        }
    }
    for a in [yelnia, yartsevo] {
        st.control[a.index()] = Side::German;
    }
    (yelnia, yartsevo)
}
