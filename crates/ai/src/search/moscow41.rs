//! Moscow '41's part of the search: its determiniser (`eastfront_moscow41::determinise`,
//! rules file §8.2), a playout policy, the utility AI's ranking as the root's priors (a
//! command segment offers hundreds of block × path moves: the search widens through them in
//! the utility AI's order), and the utility AI's evaluator of the German view as the value of
//! a cut-off playout.

use super::{logistic, Config, Domain, SearchAi};
use crate::moscow41::{self as utility, Level};
use eastfront_kernel::{Game, Seat, Side, Viewer};
use eastfront_moscow41::view::View;
use eastfront_moscow41::{Action, Moscow41, Phase, State};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// How a playout chooses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Playout {
    /// A uniformly random legal action, but ending a segment or passing only one time in
    /// `end_odds` (so that random play still moves blocks and fights).
    Random { end_odds: u32 },
    /// The utility AI at a level, on the side's view of the sample.
    Utility(Level),
}

/// Moscow '41 for the search.
#[derive(Clone, Copy, Debug)]
pub struct Moscow41Domain {
    pub playout: Playout,
    /// The utility level whose ranking orders the root and that plays the steps the
    /// determiniser cannot sample.
    pub prior: Level,
    /// Evaluator points per unit of the logistic curve.
    pub scale: f64,
    /// Whether the flat search may choose to end a segment or pass where the utility AI
    /// would not.
    pub may_end: bool,
    /// Whether the flat search compares only actions of the utility AI's first choice's kind
    /// (which move, which battle, which HQ; not whether to move, fight or reinforce).
    pub same_kind: bool,
    /// The value of a cut-off playout.
    pub value: Value,
}

/// The value of a position where a playout is cut off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Value {
    /// The utility AI's evaluator of the German view through a logistic (`scale` points a
    /// unit): the first rounds' value.
    #[default]
    Evaluator,
    /// The German's chance of winning learned from utility-vs-utility outcomes
    /// (`moscow41::learned`), from the German view of the sample.
    Learned,
}

impl Default for Moscow41Domain {
    fn default() -> Self {
        Moscow41Domain {
            playout: Playout::Random { end_odds: 6 },
            prior: Level::Hard,
            scale: 600.0,
            may_end: false,
            same_kind: true,
            value: Value::Evaluator,
        }
    }
}

/// Ending a segment, passing or declining: what random play should not do at every turn.
fn ends(a: &Action) -> bool {
    matches!(
        a,
        Action::EndRegeneration
            | Action::EndReplacement
            | Action::Pass
            | Action::EndActivation
            | Action::EndCommand
            | Action::EndSupport
            | Action::EndCombat
            | Action::EndBlitz
            | Action::NoExploit
            | Action::EndExploitation
    )
}

impl Domain<Moscow41> for Moscow41Domain {
    fn determinise(&self, game: &Moscow41, view: &View, rng: &mut ChaCha8Rng) -> Option<State> {
        eastfront_moscow41::determinise::determinise(&game.board, view, rng).ok()
    }
    fn playout(
        &self,
        game: &Moscow41,
        st: &State,
        seat: Seat,
        legal: &[Action],
        rng: &mut ChaCha8Rng,
    ) -> Action {
        match self.playout {
            Playout::Random { end_odds } => {
                for _ in 0..8 {
                    let a = &legal[rng.random_range(0..legal.len())];
                    if !ends(a) || rng.random_range(0..end_odds.max(1)) == 0 {
                        return a.clone();
                    }
                }
                legal[rng.random_range(0..legal.len())].clone()
            }
            Playout::Utility(level) => {
                let side = game.side_of(st, seat);
                let view = game.view(st, Viewer::Side(side));
                utility::choose(game, &view, legal, level, rng.random())
            }
        }
    }
    fn quiet(&self, _game: &Moscow41, st: &State) -> bool {
        // Between impulses: a cut inside a Strategic Reinforcement (blocks drawn, not yet
        // deployed), a command segment or a battle misjudges it (the search German preferred
        // a Strategic Move to the utility AI's Strategic Reinforcement by 0.005 to 0.000).
        matches!(
            st.phase,
            Phase::ImpulseChoice | Phase::LogisticChoice { .. } | Phase::GameOver
        )
    }
    fn evaluate(&self, game: &Moscow41, st: &State) -> f64 {
        if let Some(o) = game.outcome(st) {
            return match o.winner {
                Some(Side::German) => 1.0,
                Some(Side::Soviet) => 0.0,
                None => 0.5,
            };
        }
        let view = game.view(st, Viewer::Side(Side::German));
        match self.value {
            Value::Evaluator => logistic(utility::german_value(game, &view) as f64 / self.scale),
            Value::Learned => utility::learned::win_chance(game, &view)[0],
        }
    }
    fn candidates(
        &self,
        game: &Moscow41,
        view: &View,
        legal: &[Action],
        rng: &mut ChaCha8Rng,
    ) -> Vec<usize> {
        utility::ranked(game, view, legal, self.prior, rng.random())
    }
    fn shortlist(&self, _view: &View, legal: &[Action], order: &[usize], k: usize) -> Vec<usize> {
        // A short playout cut off by the evaluator does not see what ending a segment or
        // passing costs (the initiative, the weather clock: the utility AI's end penalty), and
        // the search German that could choose them passed its way to quick defeats (SC.1, 8
        // games: 49 decisions a game against the utility German's 113). Unless the utility AI
        // itself ends, they are not candidates.
        super::shortlist_from(order, k, |first, i| {
            if self.same_kind {
                super::same_kind(&legal[first], &legal[i])
            } else {
                self.may_end || ends(&legal[first]) || !ends(&legal[i])
            }
        })
    }
    fn fallback(&self, game: &Moscow41, view: &View, legal: &[Action], seed: u64) -> Action {
        utility::choose(game, view, legal, self.prior, seed)
    }
    fn viewer(&self, view: &View) -> Side {
        super::viewer_side(view.viewer, view.active_side)
    }
}

/// The search's thinking budget per level: Normal a short search, Hard about a second on
/// this machine's two cores.
pub fn config(level: &str) -> Config {
    // Measured on SC.1 against the utility Hard (8 games each, 200 iterations): without the
    // progressive bias and with wide widening the search chose among nearly equal noisy means
    // and lost as the Soviet (1–2 of 4) where its own prior wins 4 of 4; with the bias and a
    // narrow widening it wins those 4 of 4 again (docs/ai-moscow41.md).
    let base = Config {
        playout_depth: 4,
        threads: super::all_cores(),
        widen_base: 1.0,
        widen_power: 0.35,
        prior_weight: 1.0,
        ..Config::default()
    };
    match level {
        "normal" => Config {
            iterations: 100,
            ..base
        },
        _ => Config {
            iterations: 800,
            ..base
        },
    }
}

/// Moscow '41's searching player at a level ("normal", "hard").
pub fn search_ai(level: &str, config: Config) -> SearchAi<Moscow41Domain> {
    let mut label = level.to_string();
    if let Some(c) = label.get_mut(0..1) {
        c.make_ascii_uppercase();
    }
    SearchAi::new(
        Moscow41Domain::default(),
        config,
        format!("{label} (search)"),
    )
}

#[cfg(test)]
mod tests;
