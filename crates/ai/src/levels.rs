//! The computer's levels, the same words for every game: `easy` (the game's utility AI with
//! noise), `normal` (a short search), `hard` (about a second of search on two cores), and for
//! comparison the utility AIs as they were (`utility`, and Moscow '41's `utility-easy`,
//! `utility-normal`, `utility-hard`). A thinking budget in iterations replaces the levels'
//! time budgets where a run must reproduce (`eastfront selfplay --budget`).

use crate::moscow41::{Level, Moscow41Ai};
use crate::search::{self, Config, SearchReport, Signals};
use crate::StalingradAi;
use eastfront_kernel::{Game, Opponent};
use eastfront_moscow41::Moscow41;
use eastfront_stalingrad::Stalingrad;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::Duration;

/// The level ids every game offers, easiest first.
pub const LEVELS: [&str; 3] = ["easy", "normal", "hard"];

/// How long a searching player thinks over each decision.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum Budget {
    /// The level's own time: Normal a fifth of a second, Hard nine tenths.
    #[default]
    Level,
    /// A number of iterations on two trees: the decision reproduces on any machine
    /// (`eastfront selfplay --budget`).
    Iterations(u32),
    /// The time the player set at the table ("Thinking time"), on every core.
    Time(Duration),
}

impl From<Option<u32>> for Budget {
    /// A command line's `--budget`: iterations where given, the level's time otherwise.
    fn from(budget: Option<u32>) -> Self {
        budget.map_or(Budget::Level, Budget::Iterations)
    }
}

impl Budget {
    /// The thinking time where it is one (the table's progress bar), None for iterations.
    pub fn time(self, level: &str) -> Option<Duration> {
        match self {
            Budget::Level => Some(level_time(level)),
            Budget::Iterations(_) => None,
            Budget::Time(t) => Some(t),
        }
    }
}

/// A level's own thinking time: Normal a fifth of a second, Hard nine tenths (the last
/// iteration and the threads' merge fit in the second).
fn level_time(level: &str) -> Duration {
    Duration::from_millis(if level == "normal" { 200 } else { 900 })
}

/// The search's settings for `level` under `budget`, on every core for a time, on two trees
/// for iterations.
pub fn thinking(level: &str, budget: Budget, base: Config) -> Config {
    match budget {
        // Two trees whatever the machine: the decision depends on the number of trees, and a
        // budgeted run must reproduce anywhere.
        Budget::Iterations(n) => Config {
            iterations: n,
            time: None,
            threads: 2,
            ..base
        },
        Budget::Level | Budget::Time(_) => Config {
            iterations: 1_000_000,
            time: budget.time(level),
            ..base
        },
    }
}

/// A game's computer players by level.
pub trait ComputerPlayers: Game + Sized {
    /// The player for `level` (see the module's text), or None for a level this game does not
    /// have. `budget`: how long its search thinks (the levels that do not search ignore it).
    fn computer(level: &str, budget: Budget) -> Option<Box<dyn Opponent<Self>>>;

    /// Whether the player at `level` searches (thinks for its budget; the table shows its
    /// progress) rather than answering at once: `normal` and `hard` of [`LEVELS`], unless the
    /// game names its search otherwise (No Retreat!).
    fn searches(level: &str) -> bool {
        matches!(level, "normal" | "hard")
    }

    /// The hint: what the player at `level` would do from `view`, with the search's estimate
    /// of each side's chance of winning and its progress in `signals` (iterations so far;
    /// `stop` ends it early, and a stop left set ends the next search at once). No estimate
    /// at the levels that do not search, nor where nothing was searched; Moscow '41 gives one
    /// wherever `signals.wants_estimate`: the learned estimate of the position
    /// (`moscow41::learned::win_chance`), or the chosen action's where its search uses the
    /// learned value itself. `budget` as for [`Self::computer`]: with the same seed and budget
    /// the hint is the player's choice.
    #[allow(clippy::too_many_arguments)]
    fn advise(
        &self,
        level: &str,
        view: &Self::View,
        legal: &[Self::Action],
        seed: u64,
        budget: Budget,
        signals: &Signals,
    ) -> SearchReport<Self::Action>;
}

/// The hint at a level that does not search: its choice, no estimate.
fn unsearched<G: ComputerPlayers>(
    game: &G,
    level: &str,
    view: &G::View,
    legal: &[G::Action],
    seed: u64,
) -> SearchReport<G::Action> {
    let player = G::computer(level, Budget::Level).or_else(|| G::computer("easy", Budget::Level));
    SearchReport {
        action: match player {
            Some(p) => p.choose(game, view, legal, seed),
            None => legal[0].clone(),
        },
        win_chance: None,
        iterations: 0,
        root: Vec::new(),
    }
}

/// Another player that, one decision in `1/noise`, takes a random legal action instead.
pub struct Noisy<P> {
    pub inner: P,
    pub noise: f64,
    pub label: String,
}

impl<G: Game, P: Opponent<G>> Opponent<G> for Noisy<P> {
    fn choose(&self, game: &G, view: &G::View, legal: &[G::Action], seed: u64) -> G::Action {
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x006e_6f69_7365);
        if rng.random_bool(self.noise.clamp(0.0, 1.0)) {
            legal[rng.random_range(0..legal.len())].clone()
        } else {
            self.inner.choose(game, view, legal, seed)
        }
    }
    fn name(&self) -> String {
        self.label.clone()
    }
}

impl ComputerPlayers for Stalingrad {
    fn computer(level: &str, budget: Budget) -> Option<Box<dyn Opponent<Self>>> {
        Some(match level {
            "easy" => Box::new(Noisy {
                inner: StalingradAi,
                noise: 0.2,
                label: "Easy".into(),
            }),
            "utility" => Box::new(StalingradAi),
            _ if Self::searches(level) => Box::new(search::stalingrad::search_ai(
                level,
                thinking(level, budget, search::stalingrad::config(level)),
            )),
            _ => return None,
        })
    }
    fn advise(
        &self,
        level: &str,
        view: &Self::View,
        legal: &[Self::Action],
        seed: u64,
        budget: Budget,
        signals: &Signals,
    ) -> SearchReport<Self::Action> {
        if !Self::searches(level) {
            return unsearched(self, level, view, legal, seed);
        }
        let config = thinking(level, budget, search::stalingrad::config(level));
        let domain = search::stalingrad::StalingradDomain;
        search::search(self, &domain, view, legal, seed, &config, Some(signals))
    }
}

impl ComputerPlayers for Moscow41 {
    fn computer(level: &str, budget: Budget) -> Option<Box<dyn Opponent<Self>>> {
        Some(match level {
            "easy" => Box::new(Moscow41Ai::new(Level::Easy)),
            // The Hard as issue 16 found it (model::Plan::Reference): what the search and
            // today's levels are measured against.
            "reference-hard" => Box::new(Moscow41Ai {
                level: Level::Hard,
                plan: crate::moscow41::model::Plan::Reference,
            }),
            _ if Self::searches(level) => Box::new(search::moscow41::search_ai(
                level,
                thinking(level, budget, search::moscow41::config(level)),
            )),
            other => {
                let level = other.strip_prefix("utility-").and_then(Level::parse)?;
                Box::new(Moscow41Ai::new(level))
            }
        })
    }
    fn advise(
        &self,
        level: &str,
        view: &Self::View,
        legal: &[Self::Action],
        seed: u64,
        budget: Budget,
        signals: &Signals,
    ) -> SearchReport<Self::Action> {
        if !Self::searches(level) {
            // The levels that do not search: the learned estimate of the position, where it
            // is read (a computer seat plays on without it).
            return SearchReport {
                win_chance: signals
                    .wants_estimate
                    .then(|| crate::moscow41::learned::win_chance(self, view)),
                ..unsearched(self, level, view, legal, seed)
            };
        }
        let config = thinking(level, budget, search::moscow41::config(level));
        let domain = search::moscow41::Moscow41Domain::default();
        let mut r = search::search(self, &domain, view, legal, seed, &config, Some(signals));
        // The search's own estimate (its chosen action's mean) is a chance only with the
        // learned leaf value: the evaluator's logistic is not calibrated
        // (docs/ai-moscow41.md, the third round). Otherwise, and where the search was stopped
        // before its first iteration, the learned estimate of the position.
        let learned = domain.value == search::moscow41::Value::Learned;
        if !learned || r.win_chance.is_none() {
            r.win_chance = Some(crate::moscow41::learned::win_chance(self, view));
        }
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_offers_every_level_and_refuses_others() {
        for l in LEVELS {
            assert!(
                Stalingrad::computer(l, Budget::Iterations(10)).is_some(),
                "{l}"
            );
            assert!(
                Moscow41::computer(l, Budget::Iterations(10)).is_some(),
                "{l}"
            );
        }
        assert!(Moscow41::computer("utility-hard", Budget::Level).is_some());
        assert!(Moscow41::computer("reference-hard", Budget::Level).is_some());
        assert!(Stalingrad::computer("utility", Budget::Level).is_some());
        assert!(Moscow41::computer("impossible", Budget::Level).is_none());
        let c = thinking("hard", Budget::Iterations(50), Config::default());
        assert_eq!((c.iterations, c.time, c.threads), (50, None, 2));
        assert_eq!(
            thinking("hard", Budget::Level, Config::default()).time,
            Some(Duration::from_millis(900))
        );
    }

    #[test]
    fn the_hint_carries_the_win_chances_and_the_progress() {
        use eastfront_kernel::{Seat, Side, Viewer};
        let game = Stalingrad::new();
        let st = game.setup("standard", &Default::default(), 2).unwrap();
        let view = game.view(&st, Viewer::Side(Side::German));
        let legal = game.legal_actions(&st, Seat(0));
        let signals = Signals::default();
        // A stop asked before the start: the search ends at once, with the fallback's choice.
        signals
            .stop
            .store(true, std::sync::atomic::Ordering::Relaxed);
        let r = game.advise("hard", &view, &legal, 3, Budget::Level, &signals);
        assert!(legal.contains(&r.action));
        assert_eq!(r.iterations, 0);
        let easy = game.advise("easy", &view, &legal, 3, Budget::Level, &signals);
        assert!(legal.contains(&easy.action) && easy.win_chance.is_none());
    }

    #[test]
    fn the_moscow_hint_always_carries_a_win_chance() {
        use eastfront_kernel::Viewer;
        let game = Moscow41::new();
        let st = game.setup("sc1", &Default::default(), 2).unwrap();
        let seat = game.active(&st).unwrap();
        let view = game.view(&st, Viewer::Side(game.side_of(&st, seat)));
        let legal = game.legal_actions(&st, seat);
        let signals = Signals::for_estimate();
        // The hint's estimate at the utility levels: the learned one, the same at each; a
        // computer seat (no estimate wanted) gets the same action without it.
        for level in ["easy", "utility-normal", "utility-hard"] {
            let r = game.advise(level, &view, &legal, 3, Budget::Level, &signals);
            let [g, s] = r.win_chance.expect("the learned estimate");
            assert!(g > 0.0 && g < 1.0 && (g + s - 1.0).abs() < 1e-12);
            assert_eq!(
                r.win_chance,
                Some(crate::moscow41::learned::win_chance(&game, &view))
            );
            let seat = game.advise(level, &view, &legal, 3, Budget::Level, &Signals::default());
            assert_eq!((seat.action, seat.win_chance), (r.action, None));
        }
        signals
            .stop
            .store(true, std::sync::atomic::Ordering::Relaxed);
        let r = game.advise("hard", &view, &legal, 3, Budget::Level, &signals);
        assert_eq!(r.iterations, 0);
        assert!(r.win_chance.is_some());
    }
}
