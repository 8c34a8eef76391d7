//! No Retreat!'s computer players by level for the table, the command line and the hint: the
//! utility AI at `easy` (a wide random spread), `normal` (the hand-set weights) and `hard`
//! (weights tuned by self-play against `normal`, per side, and the hard level's own
//! heuristics: gaps in the line of zones of control, the Objective hexes). The search has no
//! determiniser for this game yet; all three levels are the utility AI.

use super::{Level, NoRetreatAi};
use crate::levels::ComputerPlayers;
use crate::search::{SearchReport, Signals};
use eastfront_kernel::Opponent;
use eastfront_no_retreat::view::View;
use eastfront_no_retreat::{Action, NoRetreat};

impl ComputerPlayers for NoRetreat {
    fn computer(level: &str, _budget: Option<u32>) -> Option<Box<dyn Opponent<Self>>> {
        Some(Box::new(NoRetreatAi {
            level: Level::parse(level)?,
        }))
    }
    fn advise(
        &self,
        level: &str,
        view: &View,
        legal: &[Action],
        seed: u64,
        _signals: &Signals,
    ) -> SearchReport<Action> {
        let level = Level::parse(level).unwrap_or_default();
        SearchReport {
            action: super::choose(self, view, legal, level, seed),
            win_chance: None,
            iterations: 0,
            root: Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_levels_are_easy_normal_and_hard() {
        assert_eq!(NoRetreat::computer("easy", None).unwrap().name(), "Easy");
        assert_eq!(
            NoRetreat::computer("normal", None).unwrap().name(),
            "Normal"
        );
        assert_eq!(NoRetreat::computer("hard", None).unwrap().name(), "Hard");
        assert!(NoRetreat::computer("impossible", None).is_none());
    }
}
