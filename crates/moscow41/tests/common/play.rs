//! Helpers that drive the toy board through the sequence of play: a cleared toy campaign at
//! the first impulse choice, a Pass, the phase machine run on, an impulse finished.

use super::*;
use eastfront_moscow41::rules;

/// The toy campaign, cleared, at the German's first impulse choice.
pub fn empty_board() -> (Moscow41, eastfront_moscow41::State) {
    let g = toy();
    let mut st = start(&g);
    clear(&g, &mut st);
    assert_eq!(st.phase, Phase::ImpulseChoice);
    (g, st)
}

/// A Pass that moves nothing (R 12.0).
pub fn pass(g: &Moscow41, st: &mut eastfront_moscow41::State) -> Vec<eastfront_moscow41::Event> {
    let mut ev = act(g, st, Action::Pass);
    if st.phase == Phase::Command {
        ev.extend(act(g, st, Action::EndCommand));
    }
    ev
}

pub fn run(g: &Moscow41, st: &mut eastfront_moscow41::State) {
    let mut ev = Vec::new();
    rules::run(&g.board, st, &mut ev);
}

/// Ends the current impulse choosing "end" options.
pub fn finish_impulse(g: &Moscow41, st: &mut eastfront_moscow41::State) {
    let side = st.active;
    for _ in 0..100 {
        if st.active != side || st.phase == Phase::ImpulseChoice {
            return;
        }
        let l = legal(g, st);
        let end = l
            .iter()
            .find(|a| {
                matches!(
                    a,
                    Action::EndCommand
                        | Action::EndCombat
                        | Action::EndSupport
                        | Action::EndBlitz
                        | Action::NoExploit
                        | Action::EndExploitation
                )
            })
            .cloned()
            .unwrap_or(l[0].clone());
        act(g, st, end);
    }
}
