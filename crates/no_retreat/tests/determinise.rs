//! Determinisation (`determinise`): a complete state consistent with one side's view, at
//! positions of seeded random games of every scenario (half of them with every optional rule).
//! For the side to act: (a) the sample's view for it is the view given, (b) the invariants
//! hold (every card in one place, the Joker in its holder's hand), (c) its legal actions are
//! the real state's, (d) the sample differs from the truth only in the cards the viewer cannot
//! see, and random play from the sample goes on. An Omniscient view deals only the draw pile
//! and the discard below its top. `EASTFRONT_DETERMINISE_GAMES=N` plays N games per scenario
//! (default 2).

mod common;

use common::cards_conserved;
use eastfront_kernel::{Dice, Game, Side, Viewer};
use eastfront_no_retreat::determinise::determinise;
use eastfront_no_retreat::state::{side_index, State};
use eastfront_no_retreat::{NoRetreat, Options};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn options(seed: u64) -> Options {
    if seed.is_multiple_of(2) {
        return Options::default();
    }
    Options {
        abteilungen: true,
        fortified_fronts: true,
        local_combat_support: true,
        no_variable_weather: false,
        quick_reorganization: true,
        no_surrender: true,
        joker: true,
        rezervy: true,
        paratroopers: true,
        axis_own_crt_in_snow: false,
        play_on_as_campaign: false,
    }
}

fn games() -> u64 {
    std::env::var("EASTFRONT_DETERMINISE_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2)
}

/// The truth and the sample agree on everything but the cards `viewer` cannot see: the other
/// hand (its size kept), the draw pile (its size kept), the discard below its top, the dice.
fn differs_only_in_hidden(real: &State, det: &State, viewer: Side) -> Result<(), String> {
    let mine = side_index(viewer);
    if real.hands[mine] != det.hands[mine] {
        return Err("the viewer's hand changed".into());
    }
    let other = 1 - mine;
    if real.hands[other].len() != det.hands[other].len() {
        return Err("the other hand's size changed".into());
    }
    if real.deck.draw.len() != det.deck.draw.len()
        || real.deck.discard.len() != det.deck.discard.len()
        || real.deck.discard.last() != det.deck.discard.last()
    {
        return Err("the piles changed".into());
    }
    let blank = |st: &State| {
        let mut s = st.clone();
        s.dice = Dice::new(0);
        s.hands[other].clear();
        s.deck.draw.clear();
        s.deck.discard.clear();
        s
    };
    if blank(real) != blank(det) {
        return Err("a public fact differs".into());
    }
    Ok(())
}

/// Plays a seeded random game of `scenario` and checks the determiniser at one position in
/// `every`; returns how many positions were checked and how many samples dealt another hand.
fn check_game(g: &NoRetreat, scenario: &str, seed: u64, every: u64) -> (usize, usize) {
    let mut st = g.setup(scenario, &options(seed), seed).expect("setup");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut det_rng = ChaCha8Rng::seed_from_u64(seed ^ 0xde7e);
    let (mut checked, mut other_hands) = (0, 0);
    for step in 0..4000u64 {
        let Some(seat) = g.active(&st) else { break };
        let side = g.side_of(&st, seat);
        let legal = g.legal_actions(&st, seat);
        if step % every == 0 {
            let ctx = format!("{scenario} seed {seed} step {step} turn {}", st.turn);
            let view = g.view(&st, Viewer::Side(side));
            let det =
                determinise(&g.board, &view, &mut det_rng).unwrap_or_else(|e| panic!("{ctx}: {e}"));
            assert_eq!(g.view(&det, Viewer::Side(side)), view, "{ctx}: (a)");
            cards_conserved(&det).unwrap_or_else(|e| panic!("{ctx}: (b) {e}"));
            assert_eq!(g.legal_actions(&det, seat), legal, "{ctx}: (c)");
            differs_only_in_hidden(&st, &det, side).unwrap_or_else(|e| panic!("{ctx}: (d) {e}"));
            other_hands += usize::from(det.hands != st.hands || det.deck != st.deck);
            checked += 1;
            // Random play goes on from the sample.
            let mut d = det;
            let mut r = ChaCha8Rng::seed_from_u64(step);
            for _ in 0..60 {
                let Some(s) = g.active(&d) else { break };
                let l = g.legal_actions(&d, s);
                assert!(!l.is_empty(), "{ctx}: no legal action in the sample");
                let a = l[r.random_range(0..l.len())].clone();
                g.apply(&mut d, s, &a)
                    .unwrap_or_else(|e| panic!("{ctx}: {e}"));
            }
        }
        let a = legal[rng.random_range(0..legal.len())].clone();
        g.apply(&mut st, seat, &a).expect("legal");
    }
    (checked, other_hands)
}

#[test]
fn a_sample_is_the_view_given_and_a_legal_game_in_every_scenario() {
    let g = NoRetreat::new();
    let scenarios: Vec<String> = g.scenarios().into_iter().map(|s| s.id).collect();
    assert_eq!(scenarios.len(), 6, "the campaign and scenarios A-E");
    for sc in &scenarios {
        let sc = sc.as_str();
        let (mut checked, mut other) = (0, 0);
        for seed in 0..games() {
            let (c, o) = check_game(&g, sc, 100 + seed, 37);
            checked += c;
            other += o;
        }
        assert!(checked >= 10, "{sc}: only {checked} positions");
        // The hidden cards are drawn: the samples do not just copy the truth.
        assert!(
            other * 2 >= checked,
            "{sc}: {other} of {checked} samples dealt other cards"
        );
    }
}

#[test]
fn the_samples_deal_the_other_hand_uniformly() {
    // At the start of Barbarossa, the Soviet view: every card the Soviet cannot place turns up
    // in the Axis hand about equally often.
    let g = NoRetreat::new();
    let st = g.setup("barbarossa", &Options::default(), 5).unwrap();
    assert!(!st.hands[0].is_empty());
    let view = g.view(&st, Viewer::Side(Side::Soviet));
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let mut count = std::collections::HashMap::<u8, u32>::new();
    let samples = 3000;
    for _ in 0..samples {
        let det = determinise(&g.board, &view, &mut rng).unwrap();
        for &c in &det.hands[0] {
            *count.entry(c).or_default() += 1;
        }
    }
    let known: Vec<u8> = st.hands[1]
        .iter()
        .copied()
        .chain(st.deck.discard.last().copied())
        .collect();
    let hidden = 54 - st.deck.held_for_1945.len() - st.deck.removed.len() - known.len();
    let expect = f64::from(samples) * st.hands[0].len() as f64 / hidden as f64;
    for c in &known {
        assert!(
            !count.contains_key(c),
            "card {c} is the Soviet's own or face up"
        );
    }
    assert_eq!(count.len(), hidden, "every hidden card turns up");
    for (c, n) in count {
        let n = f64::from(n);
        assert!(
            (n - expect).abs() < 0.3 * expect,
            "card {c}: {n} vs {expect:.0}"
        );
    }
}

#[test]
fn an_omniscient_view_keeps_both_hands_and_a_wrong_view_is_refused() {
    let g = NoRetreat::new();
    let st = g.setup("saturn", &options(1), 3).unwrap();
    let view = g.view(&st, Viewer::Omniscient);
    let det = determinise(&g.board, &view, &mut ChaCha8Rng::seed_from_u64(1)).unwrap();
    assert_eq!(det.hands, st.hands);
    assert_eq!(det.deck.draw.len(), st.deck.draw.len());
    // A view that claims one card more in the draw pile has no sample.
    let mut wrong = g.view(&st, Viewer::Side(Side::Soviet));
    wrong.draw_pile += 1;
    assert!(determinise(&g.board, &wrong, &mut ChaCha8Rng::seed_from_u64(1)).is_err());
}
