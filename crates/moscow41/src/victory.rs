//! How a game of Moscow '41 is won (R 1.7): Sudden Death at any moment, the scenarios' own
//! immediate victories (SC.1–SC.3), and the result after the last turn's Final Phase.

use crate::board::Board;
use crate::data::VictoryCondition;
use crate::query::*;
use crate::rules::event;
use crate::state::*;
use eastfront_kernel::{Outcome, Side};

fn game_over(st: &mut State, winner: Side, reason: String, ev: &mut Vec<Event>) {
    event(
        ev,
        EventKind::GameOver,
        "R 1.7",
        format!("{} victory: {reason}", winner.name()),
    );
    st.outcome = Some(Outcome {
        winner: Some(winner),
        reason,
    });
    st.phase = Phase::GameOver;
    st.battle = None;
}

/// The VP at which a side wins by Sudden Death in this game (R 1.7), if it applies (SC.1
/// only with the 7-VP reading).
pub fn sudden_death_vp(board: &Board, st: &State) -> Option<u8> {
    if st.scenario == "sc1" && !st.options.readings.sc1_seven_vp {
        return None;
    }
    board
        .setup(&st.scenario)?
        .victory
        .iter()
        .find_map(|v| match v {
            VictoryCondition::SuddenDeathVp(n) => Some(*n),
            _ => None,
        })
}

/// Sudden Death and the scenarios' immediate victories (R 1.7; SC.1–SC.3).
pub fn check_victory(board: &Board, st: &mut State, ev: &mut Vec<Event>) -> bool {
    if st.outcome.is_some() {
        return true;
    }
    if matches!(st.phase, Phase::Setup { .. }) {
        return false;
    }
    let Some(s) = board.setup(&st.scenario) else {
        return false;
    };
    for v in &s.victory {
        match v {
            VictoryCondition::SuddenDeathVp(n) => {
                if st.scenario == "sc1" && !st.options.readings.sc1_seven_vp {
                    continue;
                }
                for side in [Side::German, Side::Soviet] {
                    if vp(board, st, side) >= *n {
                        game_over(
                            st,
                            side,
                            format!("Sudden Death: {n} VP (R 1.7, Decisive Victory)"),
                            ev,
                        );
                        return true;
                    }
                }
            }
            VictoryCondition::GermanDlsIn(ps) => {
                let all = ps
                    .iter()
                    .all(|p| board.place(p).is_some_and(|a| st.dl[a.index()][0]));
                if all && !ps.is_empty() {
                    game_over(
                        st,
                        Side::German,
                        format!("German Defensive Lines in {} ({})", ps.join(" and "), s.id),
                        ev,
                    );
                    return true;
                }
            }
            VictoryCondition::GermanControlsAll(ps) => {
                let all = ps.iter().all(|p| {
                    board
                        .place(p)
                        .is_some_and(|a| st.control[a.index()] == Side::German)
                });
                if all && !ps.is_empty() {
                    game_over(
                        st,
                        Side::German,
                        format!("the Germans control {} ({})", ps.join(" and "), s.id),
                        ev,
                    );
                    return true;
                }
            }
            _ => {}
        }
    }
    false
}

pub(crate) fn end_of_game(board: &Board, st: &mut State, ev: &mut Vec<Event>) {
    let s = board.setup(&st.scenario).cloned();
    let conds = s.map(|s| s.victory).unwrap_or_default();
    if conds.contains(&VictoryCondition::MostVpAtEnd) {
        let g = vp(board, st, Side::German);
        let so = vp(board, st, Side::Soviet);
        let w = if g > so { Side::German } else { Side::Soviet };
        game_over(
            st,
            w,
            format!("most VP at the end ({g} German, {so} Soviet; R 1.7 B, Marginal Victory)"),
            ev,
        );
        return;
    }
    game_over(
        st,
        Side::Soviet,
        "the Germans did not meet their victory conditions".into(),
        ev,
    );
}
