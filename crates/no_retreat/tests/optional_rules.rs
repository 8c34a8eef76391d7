//! Optional rules of §15 played as options: 15.6 No surrender and 15.7 the Joker.

use eastfront_kernel::{Game, Side};
use eastfront_no_retreat::state::{side_index, Pending, State};
use eastfront_no_retreat::turn::turn_management;
use eastfront_no_retreat::vp::score;
use eastfront_no_retreat::{Action, NoRetreat, Options};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn joker_options() -> Options {
    Options {
        joker: true,
        ..Options::default()
    }
}

const JOKER: u8 = 55;

#[test]
fn r15_7_the_joker_starts_in_the_initiative_sides_hand_outside_the_hand_limit() {
    let g = NoRetreat::new();
    let st = g.setup("campaign", &joker_options(), 4).unwrap();
    assert_eq!(st.joker, Some(Side::German));
    assert_eq!(st.joker_card, Some(JOKER));
    assert!(st.hands[0].contains(&JOKER));
    // The opening hand: 6 drawn, 4 kept (LP U2); the Joker is not among the discards.
    assert_eq!(
        st.pending.first(),
        Some(&Pending::Discard {
            side: Side::German,
            count: 2
        })
    );
    let legal = g.legal_actions(&st, eastfront_kernel::Seat(0));
    assert!(!legal.is_empty());
    assert!(!legal.contains(&Action::Discard { card: JOKER }));
    let st_off = g.setup("campaign", &Options::default(), 4).unwrap();
    assert!(!st_off.hands[0].contains(&JOKER) && st_off.joker.is_none());
}

fn pays_with_joker(a: &Action) -> bool {
    match a {
        Action::Recover { cards, .. }
        | Action::Upgrade { cards, .. }
        | Action::Fortify { cards, .. }
        | Action::Replace { cards, .. }
        | Action::Embark { cards, .. } => cards.contains(&JOKER),
        Action::Counterblow { card, .. } | Action::Reorganize { card, .. } => *card == JOKER,
        _ => false,
    }
}

#[test]
fn r15_7_spending_the_joker_flips_it_to_the_opponent() {
    let g = NoRetreat::new();
    let mut used = 0;
    for seed in 0..6u64 {
        let mut st = g.setup("campaign", &joker_options(), seed).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..3000 {
            let Some(seat) = g.active(&st) else { break };
            let side = g.side_of(&st, seat);
            let legal = g.legal_actions(&st, seat);
            if let Some(a) = legal.iter().find(|a| pays_with_joker(a)) {
                let discards = st.deck.discard.len();
                g.apply(&mut st, seat, a).unwrap();
                assert_eq!(st.joker, Some(side.other()));
                assert!(st.hands[side_index(side.other())].contains(&JOKER));
                assert!(!st.hands[side_index(side)].contains(&JOKER));
                assert!(!st.deck.discard.contains(&JOKER));
                assert!(st.deck.discard.len() < discards + 3);
                used += 1;
                continue;
            }
            let a = legal[rng.random_range(0..legal.len())].clone();
            g.apply(&mut st, seat, &a).unwrap();
            // Always in one hand, never in the deck.
            let holders = st.hands.iter().filter(|h| h.contains(&JOKER)).count();
            assert_eq!(holders, 1);
            assert!(!st.deck.draw.contains(&JOKER) && !st.deck.discard.contains(&JOKER));
        }
    }
    assert!(used > 0, "no game spent the Joker");
}

/// The campaign on turn 6 (a skull turn, the Axis mark at 23, 12.2) with the Axis score set
/// to `axis_score` through the round marker.
fn turn6(options: &Options, axis_score: i32) -> (NoRetreat, State) {
    let g = NoRetreat::new();
    let mut st = g.setup("campaign", options, 9).unwrap();
    st.pending.clear();
    st.turn = 6;
    st.vp.round = 0;
    let base = score(&g.board, &st.control, &st.vp, Side::German);
    st.vp.round = i8::try_from(axis_score - base).unwrap();
    st.hands[1] = vec![1, 2, 3];
    (g, st)
}

#[test]
fn r12_2_without_the_option_the_axis_wins_above_its_mark() {
    let (g, mut st) = turn6(&Options::default(), 24);
    turn_management(&g.board, &mut st, false);
    assert_eq!(
        st.outcome.as_ref().and_then(|o| o.winner),
        Some(Side::German)
    );
}

/// Worked example E9 (12.2/15.6, sudden death with No Surrender): discards and draw penalties instead.
#[test]
fn r15_6_no_surrender_replaces_sudden_death_with_discards_and_fewer_draws() {
    let opts = Options {
        no_surrender: true,
        ..Options::default()
    };
    // Below the mark: nothing.
    let (g, mut st) = turn6(&opts, 22);
    turn_management(&g.board, &mut st, false);
    assert!(st.outcome.is_none());
    assert_eq!(st.hands[1].len(), 3);
    assert_eq!(st.no_surrender_penalty, [0, 0]);
    // Exactly the printed number: one card at random, no draw penalty.
    let (g, mut st) = turn6(&opts, 23);
    st.dice.script_picks(&[1]);
    turn_management(&g.board, &mut st, false);
    assert!(st.outcome.is_none());
    assert_eq!(st.hands[1], vec![1, 3]);
    assert_eq!(st.deck.top_discard(), Some(2));
    assert_eq!(st.no_surrender_penalty, [0, 0]);
    // One more: the discard and one card fewer each turn.
    let (g, mut st) = turn6(&opts, 24);
    turn_management(&g.board, &mut st, false);
    assert!(st.outcome.is_none());
    assert_eq!(st.hands[1].len(), 2);
    assert_eq!(st.no_surrender_penalty, [0, 1]);
    // Two or more: two fewer; penalties add up to at most 2.
    let (g, mut st) = turn6(&opts, 27);
    st.no_surrender_penalty = [0, 1];
    turn_management(&g.board, &mut st, false);
    assert!(st.outcome.is_none());
    assert_eq!(st.no_surrender_penalty, [0, 2]);
}

#[test]
fn r15_6_the_draw_penalty_is_taken_in_the_card_phase() {
    use eastfront_no_retreat::deck::{cards_to_draw, DrawSituation};
    let g = NoRetreat::new();
    let track = &g.board.data.track;
    let base = cards_to_draw(track, Side::Soviet, 7, &DrawSituation::default());
    let s = DrawSituation {
        no_surrender_penalty: 2,
        ..DrawSituation::default()
    };
    assert_eq!(cards_to_draw(track, Side::Soviet, 7, &s), base - 2);
}
