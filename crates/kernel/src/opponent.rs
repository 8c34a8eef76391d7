//! A computer player, the same shape for every game: it sees only its side's view and the legal
//! actions the rules list, exactly as a human does (DESIGN.md "The rules API").

use crate::game::Game;

pub trait Opponent<G: Game>: Send + Sync {
    /// The action this player takes. Deterministic for a given `seed`; it reads nothing but
    /// `view` and `legal` (and the game's public data).
    fn choose(&self, game: &G, view: &G::View, legal: &[G::Action], seed: u64) -> G::Action;
    /// Its name for the players ("Soviet solitaire rules", "Normal").
    fn name(&self) -> String;
}
