//! Stalingrad's part of the search: its determiniser (`eastfront_stalingrad::determinise`),
//! the German utility AI as the playout policy (the Soviet side is the rulebook's solitaire AI,
//! run by the rules themselves; a human-Soviet seat in a playout plays the generic chooser),
//! and an evaluation of a cut-off playout from the victory conditions (rules §6.18): the
//! Soviet reinforcement hexes the German holds, the Soviet deck (the clock) and the Casualty
//! Register.

use super::{logistic, Config, Domain, SearchAi};
use crate::stalingrad_german;
use eastfront_kernel::{Game, Seat, Side, Viewer};
use eastfront_stalingrad::{Action, Stalingrad, State, View};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Stalingrad for the search.
#[derive(Clone, Copy, Debug, Default)]
pub struct StalingradDomain;

/// The German's chance of winning from a position, as the evaluation guesses it: SRHs held
/// (six win, §6.18 A), the share of the Soviet deck left (time to take the rest) and the
/// casualty score (ten lose, §6.18 Soviet A).
pub fn evaluate(game: &Stalingrad, st: &State) -> f64 {
    if let Some(o) = &st.outcome {
        return match o.winner {
            Some(Side::German) => 1.0,
            Some(Side::Soviet) => 0.0,
            None => 0.5,
        };
    }
    let board = &game.board;
    let held = board
        .srh
        .iter()
        .filter(|h| st.control[h.index()] == Side::German)
        .count() as f64;
    let progress = held / board.srh.len().max(1) as f64;
    let total = board
        .cards
        .iter()
        .filter(|c| c.side == Side::Soviet)
        .count()
        .max(1) as f64;
    let time = st.soviet_deck.len() as f64 / total;
    let danger = eastfront_stalingrad::rules::casualty_score(board, st) as f64 / 10.0;
    logistic(-4.0 + 3.0 * progress + 2.5 * progress * time - 3.0 * danger)
}

impl Domain<Stalingrad> for StalingradDomain {
    fn determinise(&self, game: &Stalingrad, view: &View, rng: &mut ChaCha8Rng) -> Option<State> {
        eastfront_stalingrad::determinise::determinise(&game.board, view, rng)
    }
    fn playout(
        &self,
        game: &Stalingrad,
        st: &State,
        seat: Seat,
        legal: &[Action],
        rng: &mut ChaCha8Rng,
    ) -> Action {
        let side = game.side_of(st, seat);
        let view = game.view(st, Viewer::Side(side));
        let mut r = ChaCha8Rng::seed_from_u64(rng.random());
        match side {
            Side::German => stalingrad_german::choose(&game.board, &view, legal, &mut r),
            Side::Soviet => stalingrad_german::choose_generic(&game.board, &view, legal, &mut r),
        }
    }
    fn evaluate(&self, game: &Stalingrad, st: &State) -> f64 {
        evaluate(game, st)
    }
    /// The utility AI's choice first, then its choices under other seeds (its combat
    /// estimates are Monte Carlo: nearly equal actions trade places), then the attacks, the
    /// moves and the rest in the rules' order.
    fn candidates(
        &self,
        game: &Stalingrad,
        view: &View,
        legal: &[Action],
        rng: &mut ChaCha8Rng,
    ) -> Vec<usize> {
        let mut order: Vec<usize> = Vec::new();
        for _ in 0..6 {
            let a = self.fallback(game, view, legal, rng.random());
            if let Some(i) = legal.iter().position(|x| *x == a) {
                if !order.contains(&i) {
                    order.push(i);
                }
            }
        }
        let rank = |a: &Action| match a {
            Action::PlannedAttack { cards, .. } if cards.is_empty() => 0,
            Action::QuickAttack { .. } => 0,
            Action::CallReinforcements => 1,
            Action::LongMove { .. } | Action::ShortMove { .. } => 2,
            Action::PlannedAttack { .. } => 3,
            _ => 4,
        };
        let mut rest: Vec<usize> = (0..legal.len()).filter(|i| !order.contains(i)).collect();
        rest.sort_by_key(|&i| rank(&legal[i]));
        order.extend(rest);
        order
    }
    fn fallback(&self, game: &Stalingrad, view: &View, legal: &[Action], seed: u64) -> Action {
        crate::choose_action(game, view, legal, seed)
    }
    fn viewer(&self, view: &View) -> Side {
        super::viewer_side(view.viewer, view.active_side)
    }
}

/// The search's thinking budget per level: Normal a short search, Hard about a second on
/// this machine's two cores.
pub fn config(level: &str) -> Config {
    let base = Config {
        playout_depth: 8,
        threads: super::all_cores(),
        widen_base: 1.0,
        widen_power: 0.35,
        prior_weight: 1.0,
        ..Config::default()
    };
    match level {
        "normal" => Config {
            iterations: 150,
            ..base
        },
        _ => Config {
            iterations: 1500,
            ..base
        },
    }
}

/// Stalingrad's searching player at a level ("normal", "hard").
pub fn search_ai(level: &str, config: Config) -> SearchAi<StalingradDomain> {
    let mut label = level.to_string();
    if let Some(c) = label.get_mut(0..1) {
        c.make_ascii_uppercase();
    }
    SearchAi::new(StalingradDomain, config, format!("{label} (search)"))
}

#[cfg(test)]
mod tests;
