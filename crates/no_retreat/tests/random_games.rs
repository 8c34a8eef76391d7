//! Random legal games: every game ends, no step panics, and the invariants hold after every
//! action (stacking, no enemies sharing a hex, no unit on a lake, every card accounted for, no
//! hidden card in a view). `EASTFRONT_FUZZ_GAMES` sets how many (a few by default).

use eastfront_kernel::{Game, Seat, Side, Viewer};
use eastfront_no_retreat::state::{Loc, State};
use eastfront_no_retreat::{NoRetreat, Options};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashMap;

fn invariants(g: &NoRetreat, st: &State) {
    let b = &g.board;
    let mut at: HashMap<u16, Vec<Side>> = HashMap::new();
    for (i, u) in st.units.iter().enumerate() {
        if let Loc::Map(s) = u.loc {
            assert!(!b.is_lake(s), "unit {i} on a lake");
            at.entry(s.0).or_default().push(b.data.units.units[i].side);
        }
    }
    for (s, sides) in &at {
        let first = sides[0];
        assert!(sides.iter().all(|x| *x == first), "enemies share hex {s}");
        // 8.4.3: checked at the end of each phase, step or battle.
        let in_battle = st
            .scratch
            .combat
            .as_ref()
            .is_some_and(|c| c.battle.is_some());
        if st.pending.is_empty() && !in_battle {
            let limit = eastfront_no_retreat::losses::stacking_limit(&b.data.track, first, st.turn);
            let counted = st
                .units
                .iter()
                .enumerate()
                .filter(|(i, u)| {
                    u.loc == Loc::Map(eastfront_kernel::SpaceId(*s))
                        && b.data.units.units[*i].optional.as_deref() != Some("15.8")
                })
                .count();
            assert!(counted <= limit, "over-stacked hex {s} at turn {}", st.turn);
        }
    }
    let cards = st.deck.draw.len()
        + st.deck.discard.len()
        + st.deck.held_for_1945.len()
        + st.deck.removed.len()
        + st.hands[0].len()
        + st.hands[1].len();
    assert_eq!(cards, 54, "every card but the Joker accounted for");
    let v = g.view(st, Viewer::Side(Side::German));
    assert!(v.other_hand.is_none());
    assert_eq!(v.hand.as_ref(), Some(&st.hands[0]));
}

fn play(g: &NoRetreat, scenario: &str, seed: u64, max_steps: usize) -> State {
    let mut st = g.setup(scenario, &Options::default(), seed).expect("setup");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..max_steps {
        let Some(seat) = g.active(&st) else { return st };
        let acts = g.legal_actions(&st, seat);
        assert!(
            !acts.is_empty(),
            "no legal action at {:?} turn {}",
            st.phase,
            st.turn
        );
        let a = acts[rng.random_range(0..acts.len())].clone();
        g.apply(&mut st, seat, &a).unwrap_or_else(|e| panic!("{e}"));
        invariants(g, &st);
    }
    panic!(
        "game {seed} did not end in {max_steps} steps (turn {}, {:?})",
        st.turn, st.phase
    );
}

#[test]
fn random_barbarossa_games_end() {
    let g = NoRetreat::new();
    let n: u64 = std::env::var("EASTFRONT_FUZZ_GAMES")
        .ok()
        .and_then(|x| x.parse().ok())
        .unwrap_or(3);
    for seed in 0..n {
        let st = play(&g, "barbarossa", seed, 200_000);
        assert!(st.outcome.is_some());
    }
}

#[test]
fn random_campaign_games_end() {
    let g = NoRetreat::new();
    let n: u64 = std::env::var("EASTFRONT_FUZZ_GAMES")
        .ok()
        .and_then(|x| x.parse().ok())
        .map(|n: u64| n.div_ceil(5))
        .unwrap_or(1);
    for seed in 100..100 + n {
        let st = play(&g, "campaign", seed, 1_000_000);
        let o = st.outcome.expect("a result");
        assert!(o.winner.is_some(), "{}", o.reason);
    }
}

#[test]
fn illegal_actions_are_refused_and_change_nothing() {
    let g = NoRetreat::new();
    let st0 = g.setup("campaign", &Options::default(), 1).unwrap();
    let mut st = st0.clone();
    let seat = g.active(&st).unwrap();
    let other = if seat == Seat(0) { Seat(1) } else { Seat(0) };
    assert!(g
        .apply(&mut st, other, &eastfront_no_retreat::Action::End)
        .is_err());
    assert!(g
        .apply(
            &mut st,
            seat,
            &eastfront_no_retreat::Action::Discard { card: 200 }
        )
        .is_err());
    assert_eq!(st, st0);
}
