//! Fuzz: random legal games, the crate's invariants checked after every step: every counter in
//! one valid place (a land space, the Rail box within its capacity), stacking limits (8.4),
//! no enemies sharing a hex, every card in exactly one place (the deck's 54 and the Joker,
//! 5.0, 15.7), the hands within their limits, the VP in range (12.7.4), the optional markers
//! where their rules put them (15.3, 15.9), and no hidden fact in a view. Half the games play
//! with every optional rule on. `NR_FUZZ_GAMES` sets how many (20 by default); the ignored
//! `fuzz_many` plays `NR_FUZZ_GAMES` (100 000 by default) in release builds.

mod common;

use eastfront_kernel::{Game, Side, SpaceId, Viewer};
use eastfront_no_retreat::state::{Loc, Paratroopers, State};
use eastfront_no_retreat::{NoRetreat, Options};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashMap;

/// The most cards a hand can hold, the Joker aside: 2 kept (5.1), a draw of at most 4 + 2
/// (5.2, 13.5), Das Vaterland's 2, Stavka's 1, and cards taken while waiting to discard.
const HAND_MAX: usize = 14;

fn all_options() -> Options {
    Options {
        abteilungen: true,
        fortified_fronts: true,
        local_combat_support: true,
        no_variable_weather: false,
        quick_reorganization: true,
        no_surrender: false,
        joker: true,
        rezervy: true,
        paratroopers: true,
        axis_own_crt_in_snow: false,
        // SB: the later scenarios played on as campaigns (no effect on the campaign).
        play_on_as_campaign: true,
    }
}

fn invariants(g: &NoRetreat, st: &State, seed: u64, step: usize) {
    let b = &g.board;
    let ctx = || format!("seed {seed}, step {step}, turn {}, {:?}", st.turn, st.phase);
    // Counters: one valid place each.
    let mut at: HashMap<u16, Vec<Side>> = HashMap::new();
    let mut rail = [0usize; 2];
    for (i, u) in st.units.iter().enumerate() {
        let side = b.data.units.units[i].side;
        match u.loc {
            Loc::Map(s) => {
                assert!(
                    s.index() < b.topo.len(),
                    "unit {i} off the board ({})",
                    ctx()
                );
                assert!(!b.is_lake(s), "unit {i} on a lake ({})", ctx());
                at.entry(s.0).or_default().push(side);
            }
            Loc::Rail => rail[usize::from(side == Side::Soviet)] += 1,
            _ => {}
        }
    }
    // 9.1.2: the units in a Rail box within its capacity (the Paratroopers marker arrives
    // whatever the box holds, 15.9, and then keeps units from embarking).
    let cap = usize::from(b.data.track.rail_box_capacity);
    assert!(rail[0] <= cap && rail[1] <= cap, "Rail box ({})", ctx());
    let in_battle = st
        .scratch
        .combat
        .as_ref()
        .is_some_and(|c| c.battle.is_some());
    for (s, sides) in &at {
        assert!(
            sides.iter().all(|x| *x == sides[0]),
            "enemies share hex {s} ({})",
            ctx()
        );
        if st.pending.is_empty() && !in_battle && st.scratch.split_place.is_empty() {
            let limit =
                eastfront_no_retreat::losses::stacking_limit(&b.data.track, sides[0], st.turn);
            let counted = st
                .units
                .iter()
                .enumerate()
                .filter(|(i, u)| {
                    u.loc == Loc::Map(SpaceId(*s))
                        && eastfront_no_retreat::losses::counts_for_stacking(
                            &b.data.units.units[*i],
                        )
                })
                .count();
            assert!(counted <= limit, "over-stacked hex {s} ({})", ctx());
        }
    }
    // Cards: every one in exactly one place (5.0, 15.7).
    if let Err(e) = common::cards_conserved(st) {
        panic!("{e} ({})", ctx());
    }
    for side in [Side::German, Side::Soviet] {
        let held = st
            .hand(side)
            .iter()
            .filter(|c| Some(**c) != st.joker_card)
            .count();
        assert!(held <= HAND_MAX, "{side:?} holds {held} cards ({})", ctx());
    }
    // VP: the round marker within its cap (12.7.4), the score within the map's VP.
    let round_cap = i8::try_from(b.data.track.round_marker_cap).unwrap();
    assert!(st.vp.round.abs() <= round_cap, "round marker ({})", ctx());
    let score = eastfront_no_retreat::vp::score(b, &st.control, &st.vp, st.vp.initiative);
    assert!((-64..=64).contains(&score), "score {score} ({})", ctx());
    // 15.3: a marker sits on a unit of its side on the map; 15.9: the marker's states.
    for (i, side) in [Side::German, Side::Soviet].into_iter().enumerate() {
        if let Some(u) = st.local_support[i] {
            assert_eq!(b.data.units.units[u].side, side);
            assert!(
                matches!(st.units[u].loc, Loc::Map(_)),
                "support on {u} ({})",
                ctx()
            );
        }
    }
    if !st.options.paratroopers {
        assert_eq!(st.paratroopers, Paratroopers::Off);
    }
    // A view holds no hidden fact of the other side.
    let v = g.view(st, Viewer::Side(Side::German));
    assert!(v.other_hand.is_none());
    assert_eq!(v.hand.as_ref(), Some(&st.hands[0]));
}

fn play(g: &NoRetreat, scenario: &str, options: &Options, seed: u64) -> State {
    let mut st = g.setup(scenario, options, seed).expect("setup");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    invariants(g, &st, seed, 0);
    for step in 1..2_000_000 {
        let Some(seat) = g.active(&st) else { return st };
        let acts = g.legal_actions(&st, seat);
        assert!(!acts.is_empty(), "no legal action at {:?}", st.phase);
        let a = acts[rng.random_range(0..acts.len())].clone();
        g.apply(&mut st, seat, &a)
            .unwrap_or_else(|e| panic!("seed {seed} step {step}: {e}"));
        invariants(g, &st, seed, step);
    }
    panic!("game {seed} did not end");
}

fn fuzz(n: u64) {
    let g = NoRetreat::new();
    let from: u64 = std::env::var("NR_FUZZ_FROM")
        .ok()
        .and_then(|x| x.parse().ok())
        .unwrap_or(0);
    let scenarios: Vec<String> = g
        .scenarios()
        .into_iter()
        .map(|s| s.id)
        .filter(|id| id != "campaign")
        .collect();
    for seed in from..from + n {
        // Every tenth a campaign, the others each scenario in turn; every other one with all
        // the optional rules.
        let scenario = if seed % 10 == 9 || scenarios.is_empty() {
            "campaign"
        } else {
            &scenarios[(seed / 10) as usize % scenarios.len()]
        };
        let options = if seed % 2 == 0 {
            Options::default()
        } else {
            all_options()
        };
        let st = play(&g, scenario, &options, 10_000 + seed);
        assert!(st.outcome.is_some());
    }
}

#[test]
fn fuzz_random_games_keep_the_invariants() {
    let n = std::env::var("NR_FUZZ_GAMES")
        .ok()
        .and_then(|x| x.parse().ok())
        .unwrap_or(20);
    fuzz(n);
}

#[test]
#[ignore]
fn fuzz_many() {
    let n = std::env::var("NR_FUZZ_GAMES")
        .ok()
        .and_then(|x| x.parse().ok())
        .unwrap_or(100_000);
    let start = std::time::Instant::now();
    fuzz(n);
    println!("{n} fuzz games in {:.1} s", start.elapsed().as_secs_f64());
}

/// Found by the fuzz (seed 11820): in a chain of counterattacks (10.7.2) the units offered to
/// counterattack included the other side's, and a German unit advanced with the Soviets.
#[test]
fn r10_7_2_a_counterattack_chain_offers_only_the_deciding_sides_units() {
    let g = NoRetreat::new();
    let st = play(&g, "barbarossa", &Options::default(), 11_820);
    assert!(st.outcome.is_some());
}
