//! No Retreat!'s computer players by level for the table, the command line and the hint: the
//! utility AI at `easy` (a wide random spread), `normal` (the hand-set weights) and `hard`
//! (weights tuned by self-play against `normal`, per side, and the hard level's own
//! heuristics: gaps in the line of zones of control, the Objective hexes): the table plays
//! these three. The command line and the hint also offer the information-set search
//! (`search::no_retreat`: the hidden cards sampled by `eastfront_no_retreat::determinise`, the
//! utility AI's playouts and its Hard ranking as the priors): `search`, a short search (a fifth
//! of a second, or the `--budget` in iterations), and `search-hard` (nine tenths of a second);
//! their hint carries the search's win chances. docs/ai.md "No Retreat!: the search".

use super::{Level, NoRetreatAi};
use crate::levels::{thinking, Budget, ComputerPlayers};
use crate::search::{self, SearchReport, Signals};
use eastfront_kernel::Opponent;
use eastfront_no_retreat::view::View;
use eastfront_no_retreat::{Action, NoRetreat};

impl ComputerPlayers for NoRetreat {
    fn computer(level: &str, budget: Budget) -> Option<Box<dyn Opponent<Self>>> {
        if let Some(config) = search_config(level, budget) {
            return Some(Box::new(search::no_retreat::search_ai(level, config)));
        }
        Some(Box::new(NoRetreatAi {
            level: Level::parse(level)?,
        }))
    }
    fn searches(level: &str) -> bool {
        search_config(level, Budget::Level).is_some()
    }
    fn advise(
        &self,
        level: &str,
        view: &View,
        legal: &[Action],
        seed: u64,
        budget: Budget,
        signals: &Signals,
    ) -> SearchReport<Action> {
        if let Some(config) = search_config(level, budget) {
            let domain = search::no_retreat::NoRetreatDomain::default();
            return search::search(self, &domain, view, legal, seed, &config, Some(signals));
        }
        let level = Level::parse(level).unwrap_or_default();
        SearchReport {
            action: super::choose(self, view, legal, level, seed),
            win_chance: None,
            iterations: 0,
            root: Vec::new(),
        }
    }
}

/// The search's thinking for its level words: `search` thinks as every game's Normal,
/// `search-hard` as Hard (`levels::thinking`); None for the utility levels.
fn search_config(level: &str, budget: Budget) -> Option<search::Config> {
    let time_of = match level {
        "search" => "normal",
        "search-hard" => "hard",
        _ => return None,
    };
    Some(thinking(time_of, budget, search::no_retreat::config(level)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_levels_are_easy_normal_and_hard() {
        assert_eq!(
            NoRetreat::computer("easy", Budget::Level).unwrap().name(),
            "Easy"
        );
        assert_eq!(
            NoRetreat::computer("normal", Budget::Level).unwrap().name(),
            "Normal"
        );
        assert_eq!(
            NoRetreat::computer("hard", Budget::Level).unwrap().name(),
            "Hard"
        );
        assert!(NoRetreat::computer("impossible", Budget::Level).is_none());
    }

    #[test]
    fn the_search_levels_are_offered_and_their_hint_has_a_win_chance() {
        use eastfront_kernel::{Game, Viewer};
        assert_eq!(
            NoRetreat::computer("search", Budget::Iterations(10))
                .unwrap()
                .name(),
            "Search"
        );
        assert_eq!(
            NoRetreat::computer("search-hard", Budget::Level)
                .unwrap()
                .name(),
            "Search hard"
        );
        let c = search_config("search", Budget::Iterations(30)).unwrap();
        assert_eq!((c.iterations, c.time, c.threads), (30, None, 2));
        let hard = search_config("search-hard", Budget::Level).unwrap();
        assert_eq!(hard.time, Some(std::time::Duration::from_millis(900)));
        assert!(search_config("hard", Budget::Level).is_none());
        // The hint at a search level: the search's chances; at a utility level: none.
        let game = NoRetreat::new();
        let mut st = game.setup("saturn", &Default::default(), 2).unwrap();
        let mut rng = 0u64;
        loop {
            let seat = game.active(&st).unwrap();
            let side = game.side_of(&st, seat);
            let legal = game.legal_actions(&st, seat);
            let view = game.view(&st, Viewer::Side(side));
            if legal.len() > 2 {
                let signals = Signals::default();
                let r = game.advise("search", &view, &legal, 3, Budget::Level, &signals);
                assert!(legal.contains(&r.action));
                let [g, s] = r.win_chance.expect("the search's estimate");
                assert!((g + s - 1.0).abs() < 1e-9 && (0.0..=1.0).contains(&g));
                assert!(r.iterations > 0);
                let h = game.advise("hard", &view, &legal, 3, Budget::Level, &signals);
                assert!(h.win_chance.is_none());
                break;
            }
            rng += 1;
            let a = super::super::choose(&game, &view, &legal, Level::Hard, rng);
            game.apply(&mut st, seat, &a).unwrap();
        }
    }

    #[test]
    fn a_forced_action_is_searched_only_when_the_hint_asks_for_its_estimate() {
        use eastfront_kernel::{Game, Viewer};
        let game = NoRetreat::new();
        let mut st = game.setup("barbarossa", &Default::default(), 5).unwrap();
        for step in 0..2_000u64 {
            let seat = game.active(&st).expect("the game goes on");
            let side = game.side_of(&st, seat);
            let legal = game.legal_actions(&st, seat);
            let view = game.view(&st, Viewer::Side(side));
            if legal.len() == 1 {
                let budget = Budget::Iterations(12);
                let seat_signals = Signals::default();
                let r = game.advise("search", &view, &legal, 3, budget, &seat_signals);
                assert_eq!((r.iterations, r.win_chance), (0, None), "played at once");
                let hint =
                    game.advise("search", &view, &legal, 3, budget, &Signals::for_estimate());
                assert_eq!(r.action, hint.action);
                let [g, s] = hint.win_chance.expect("the hint's estimate");
                assert!((g + s - 1.0).abs() < 1e-9 && hint.iterations > 0);
                return;
            }
            let a = super::super::choose(&game, &view, &legal, Level::Hard, step);
            game.apply(&mut st, seat, &a).unwrap();
        }
        panic!("no forced action in 2,000 decisions");
    }
}
