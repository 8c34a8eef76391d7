//! The legal actions are unchanged by the speed work (docs/no_retreat.md, "Speed"): a digest of
//! every legal-action list along fixed-seed random games, recorded before the change, and
//! `apply` accepting exactly the listed actions.

use eastfront_kernel::{Game, SpaceId};
use eastfront_no_retreat::{Action, NoRetreat, Options};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::hash::{DefaultHasher, Hash, Hasher};

fn digest(scenario: &str, seed: u64, steps: usize, probe: bool) -> u64 {
    let g = NoRetreat::new();
    let mut st = g.setup(scenario, &Options::default(), seed).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut h = DefaultHasher::new();
    for _ in 0..steps {
        let Some(seat) = g.active(&st) else { break };
        let acts = g.legal_actions(&st, seat);
        format!("{acts:?}").hash(&mut h);
        if probe && rng.random_range(0..4) == 0 {
            // Moves and unloads to every space: accepted exactly when listed.
            for a in &acts {
                let (unit, make): (usize, fn(usize, SpaceId) -> Action) = match a {
                    Action::Move { unit, .. } => (*unit, |unit, to| Action::Move { unit, to }),
                    Action::Unload { unit, .. } => (*unit, |unit, at| Action::Unload { unit, at }),
                    _ => continue,
                };
                for s in 0..g.board.topo.len() {
                    let cand = make(unit, SpaceId(s as u16));
                    let mut probe_st = st.clone();
                    let ok = g.apply(&mut probe_st, seat, &cand).is_ok();
                    assert_eq!(ok, acts.contains(&cand), "{cand:?}");
                }
                break;
            }
        }
        let a = acts[rng.random_range(0..acts.len())].clone();
        g.apply(&mut st, seat, &a).unwrap();
    }
    h.finish()
}

#[test]
fn legal_actions_are_unchanged_on_sampled_positions() {
    // Recorded at commit b8c8ea3 (before the speed work) with the same std hasher; recorded
    // again when Major Offensive's event was built (issue 15): the Soviet Reorganization
    // phase now offers card 17 as an event, which changes the lists and the random games.
    let got = [
        digest("barbarossa", 7, 2500, false),
        digest("campaign", 11, 4000, false),
    ];
    println!("digests {got:?}");
    let expected: [u64; 2] = EXPECTED;
    assert_eq!(got, expected);
}

#[test]
fn apply_accepts_exactly_the_listed_moves_and_unloads() {
    digest("campaign", 3, 1500, true);
}

const EXPECTED: [u64; 2] = [10076419010244857431, 11980099354672199898];
