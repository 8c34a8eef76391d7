//! No Retreat!'s part of the search: its determiniser (`eastfront_no_retreat::determinise`:
//! only cards are hidden in this game — the other hand, the draw pile, the discard below its
//! top), the utility AI as the playout policy and as the root's priors (its ranking at the
//! Hard level, and Hard where the search does not run), and an evaluation of a cut-off
//! playout from the scenario's victory conditions (12.x, SB): the VP margin to the level that
//! decides the game, shrunk by the turns left, and the share of combat strength on the map,
//! through a logistic.

use super::{logistic, Config, Domain, SearchAi};
use crate::no_retreat::{self as utility, Level};
use eastfront_kernel::{Game, Seat, Side, Viewer};
use eastfront_no_retreat::data::setups::Victory;
use eastfront_no_retreat::state::{Loc, Phase, State, Step};
use eastfront_no_retreat::view::View;
use eastfront_no_retreat::{Action, NoRetreat};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// No Retreat! for the search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NoRetreatDomain {
    /// The utility level that plays the playouts (on each side's view of the sample).
    pub playout: Level,
    /// The utility level whose ranking orders the root and that plays where no search runs.
    pub prior: Level,
    /// Logistic units per VP of margin (with one turn left).
    pub vp_scale: f64,
    /// Logistic units per unit of the German share of the strength on the map.
    pub material_scale: f64,
    /// Logistic units added (the fit's intercept) in a scenario `scenario_terms` does not list.
    pub bias: f64,
    /// Per scenario: its intercept and its logistic units per turn left — the scenario's own
    /// odds between equal players and how they drift as its clock runs (Barbarossa's Axis
    /// starts far below its VP level and is expected to climb to it). A scenario not listed:
    /// `bias` and none.
    pub scenario_terms: &'static [ScenarioTerms],
    /// Whether the flat search compares only actions of the utility AI's first choice's kind
    /// (which unit moves where, which hexes to attack; not whether to move, attack or end).
    pub same_kind: bool,
}

impl Default for NoRetreatDomain {
    fn default() -> Self {
        NoRetreatDomain {
            // Normal playouts: a fifth faster than Hard's and at least as strong in the first
            // 16-game runs (docs/ai.md, No Retreat!: the search).
            playout: Level::Normal,
            prior: Level::Hard,
            // Fitted on 32,753 quiet positions of 2,080 utility Hard-vs-Hard games (400 of
            // each scenario, 80 campaigns; `examples/nr_value_fit.rs -- 500 100`): held-out
            // log-loss 0.378 on 520 more games, where the first fit's weights (0.5, 3.8 and
            // one intercept, 0.27, for every scenario) give 0.434.
            vp_scale: 0.543,
            material_scale: 5.781,
            bias: 0.27,
            scenario_terms: &[
                ("barbarossa", -0.549, 0.485),
                ("fall_blau", -0.457, 0.313),
                ("saturn", 0.683, 0.629),
                ("citadel", 0.007, -0.328),
                ("bagration", 1.217, -0.244),
                ("campaign", -4.403, 0.344),
            ],
            same_kind: true,
        }
    }
}

/// The German VP margin to the condition that decides the game, in VP (positive: the German
/// is ahead of it). Scenarios (SB): the end-of-game level of the initiative side, the Axis's
/// Objectives alternative counting as one VP ahead. The campaign (12.2, 12.3, 12.6): the
/// Axis wins at the end unless the Soviets win first, so the margin is the initiative side's
/// distance to its next sudden-death mark (or, past the last, to the Soviet total victory).
fn german_margin(game: &NoRetreat, st: &State) -> f64 {
    let board = &game.board;
    let axis = eastfront_no_retreat::vp::score(board, &st.control, &st.vp, Side::German);
    let soviet = eastfront_no_retreat::vp::score(board, &st.control, &st.vp, Side::Soviet);
    let (axis, soviet) = (f64::from(axis), f64::from(soviet));
    let campaign = eastfront_no_retreat::setup::campaign_rules(board, st);
    let setup = board.data.setup(&st.scenario);
    if !campaign {
        if let Some(s) = setup {
            let mut best: Option<f64> = None;
            for v in &s.victory {
                let m = match v {
                    Victory::AxisVpAtEnd(n) => axis - f64::from(*n) + 0.5,
                    Victory::SovietVpAtEnd(n) => f64::from(*n) - 0.5 - soviet,
                    Victory::AxisObjectivesAtEnd { all, any } => {
                        let holds = |n: &String| {
                            board
                                .place(n)
                                .is_some_and(|id| st.control[id.index()] == Some(Side::German))
                        };
                        if all.iter().all(holds) && any.iter().any(holds) {
                            1.0
                        } else {
                            continue;
                        }
                    }
                    Victory::Campaign => continue,
                };
                best = Some(best.map_or(m, |b: f64| b.max(m)));
            }
            if let Some(m) = best {
                return m;
            }
        }
    }
    let track = &board.data.track;
    let init = st.vp.initiative;
    let next = track
        .sudden_death
        .iter()
        .filter(|s| s.turn >= st.turn && s.side == init)
        .min_by_key(|s| s.turn);
    match (init, next) {
        (Side::German, Some(s)) => axis - f64::from(s.above) - 0.5,
        (Side::Soviet, Some(s)) => f64::from(s.above) + 0.5 - soviet,
        _ => f64::from(track.soviet_total_victory) - 0.5 - soviet,
    }
}

/// The German share of the printed combat strength on the map (0..=1).
fn german_share(game: &NoRetreat, st: &State) -> f64 {
    let units = &game.board.data.units.units;
    let mut s = [0.0f64; 2];
    for (i, u) in st.units.iter().enumerate() {
        if let Loc::Map(_) = u.loc {
            let d = &units[i];
            let k = usize::from(d.side == Side::Soviet);
            s[k] += f64::from(d.face(u.reduced).strength.unwrap_or(0));
        }
    }
    if s[0] + s[1] <= 0.0 {
        0.5
    } else {
        s[0] / (s[0] + s[1])
    }
}

/// A scenario's own terms of the value: (scenario, intercept, units per turn left).
pub type ScenarioTerms = (&'static str, f64, f64);

impl NoRetreatDomain {
    /// The German's chance of winning from `st` as the evaluation guesses it.
    pub fn german_chance(&self, game: &NoRetreat, st: &State) -> f64 {
        if let Some(o) = &st.outcome {
            return match o.winner {
                Some(Side::German) => 1.0,
                Some(Side::Soviet) => 0.0,
                None => 0.5,
            };
        }
        let [margin, material] = self.features(game, st);
        let (_, bias, per_turn) = self.scenario_term(&st.scenario);
        let turns_left = f64::from(st.last_turn.saturating_sub(st.turn));
        logistic(
            self.vp_scale * margin + self.material_scale * material + bias + per_turn * turns_left,
        )
    }

    /// The value's terms in `scenario`.
    pub fn scenario_term(&self, scenario: &str) -> ScenarioTerms {
        self.scenario_terms
            .iter()
            .find(|t| t.0 == scenario)
            .copied()
            .unwrap_or(("", self.bias, 0.0))
    }

    /// The evaluation's inputs: the German VP margin over the square root of one more than
    /// the turns left, and the German share of the strength on the map less ½.
    pub fn features(&self, game: &NoRetreat, st: &State) -> [f64; 2] {
        let turns_left = f64::from(st.last_turn.saturating_sub(st.turn));
        [
            german_margin(game, st) / (1.0 + turns_left).sqrt(),
            german_share(game, st) - 0.5,
        ]
    }
}

impl Domain<NoRetreat> for NoRetreatDomain {
    fn determinise(&self, game: &NoRetreat, view: &View, rng: &mut ChaCha8Rng) -> Option<State> {
        eastfront_no_retreat::determinise::determinise(&game.board, view, rng).ok()
    }
    fn playout(
        &self,
        game: &NoRetreat,
        st: &State,
        seat: Seat,
        legal: &[Action],
        rng: &mut ChaCha8Rng,
    ) -> Action {
        let side = game.side_of(st, seat);
        let view = game.view(st, Viewer::Side(side));
        utility::choose(game, &view, legal, self.playout, rng.random())
    }
    fn quiet(&self, _game: &NoRetreat, st: &State) -> bool {
        // Between phases and between battles: not halfway through a Movement phase (a line
        // half moved up), a battle (the die read, the losses owed), an event window or a
        // discard.
        let in_battle = st
            .scratch
            .combat
            .as_ref()
            .is_some_and(|c| c.battle.is_some());
        let step_quiet = match st.phase {
            Phase::TurnManagement | Phase::Over => true,
            Phase::Player { step, .. } => step != Step::Movement,
        };
        step_quiet && !in_battle && st.pending.is_empty() && st.cancel_play.is_none()
    }
    fn evaluate(&self, game: &NoRetreat, st: &State) -> f64 {
        self.german_chance(game, st)
    }
    fn candidates(
        &self,
        game: &NoRetreat,
        view: &View,
        legal: &[Action],
        rng: &mut ChaCha8Rng,
    ) -> Vec<usize> {
        utility::ranked(game, view, legal, self.prior, rng.random())
    }
    fn shortlist(&self, _view: &View, legal: &[Action], order: &[usize], k: usize) -> Vec<usize> {
        super::shortlist_from(order, k, |first, i| {
            !self.same_kind || super::same_kind(&legal[first], &legal[i])
        })
    }
    fn fallback(&self, game: &NoRetreat, view: &View, legal: &[Action], seed: u64) -> Action {
        utility::choose(game, view, legal, self.prior, seed)
    }
    fn viewer(&self, view: &View) -> Side {
        super::viewer_side(view.viewer, view.side_to_act)
    }
}

/// The search's settings for a level word: `search` a short search, `search-hard` about a
/// second (`levels::thinking` sets the time or the iteration budget).
pub fn config(level: &str) -> Config {
    let base = Config {
        playout_depth: 20,
        quiet_cap: 150,
        threads: super::all_cores(),
        widen_base: 1.0,
        widen_power: 0.35,
        prior_weight: 1.0,
        ..Config::default()
    };
    match level {
        "search" => Config {
            iterations: 100,
            ..base
        },
        _ => Config {
            iterations: 800,
            ..base
        },
    }
}

/// No Retreat!'s searching player at a level word ("search", "search-hard").
pub fn search_ai(level: &str, config: Config) -> SearchAi<NoRetreatDomain> {
    let label = match level {
        "search" => "Search",
        _ => "Search hard",
    };
    SearchAi::new(NoRetreatDomain::default(), config, label)
}

#[cfg(test)]
mod tests;
