//! Determinisation (`determinise`): a complete state consistent with one side's view, for
//! positions of random games in the campaign and the three scenarios. For the side to move:
//! (a) its view of the result is the view given, (b) the invariants hold, (c) its legal
//! actions are the real state's, (d) the result differs from the real state only in hidden
//! enemy facts; and random play from the result runs to the end. An Omniscient view gives the
//! real state back (but the dice).
//! `EASTFRONT_DETERMINISE_GAMES=N` plays N games per scenario (default 3).

use eastfront_kernel::{Game, Side, Viewer};
use eastfront_moscow41::view::knows;
use eastfront_moscow41::{
    determinise, invariants, Action, BlockId, BlockState, Board, Loc, Moscow41, Options, State,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn options(seed: u64) -> Options {
    let mut o = Options::default();
    // Every other game with all optional rules on.
    if seed % 2 == 1 {
        let r = &mut o.optional;
        r.ignore_army_colour = true;
        r.zhukov_hoepner = true;
        r.moscow_supply = true;
        r.rail = true;
        r.blizzard = true;
        r.cavalry = true;
        r.infantry_divisions = true;
        r.crusader = true;
    }
    o
}

/// The fuzz policy: uniform, an action that ends a step redrawn 4 times in 5.
fn pick(rng: &mut ChaCha8Rng, legal: &[Action]) -> Action {
    let ends = |a: &Action| {
        matches!(
            a,
            Action::Pass
                | Action::EndCommand
                | Action::EndActivation
                | Action::EndCombat
                | Action::EndSupport
                | Action::EndBlitz
                | Action::NoExploit
                | Action::EndExploitation
                | Action::EndRegeneration
                | Action::EndReplacement
        )
    };
    let mut a = legal[rng.random_range(0..legal.len())].clone();
    if ends(&a) && legal.len() > 1 && rng.random_bool(0.8) {
        a = legal[rng.random_range(0..legal.len())].clone();
    }
    a
}

fn games() -> u64 {
    std::env::var("EASTFRONT_DETERMINISE_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3)
}

/// `real` and `det` agree on everything `viewer` may know: every block it knows is the same
/// block in the same place, state and strength; the blocks it does not know stand in the
/// same places (area, white cube) in both; every other part of the state is equal, but the
/// dice, the enemy's drawn blocks and blocks still to place (only their number) and the
/// hidden enemy blocks named in the impulse's lists.
fn differs_only_in_hidden(
    board: &Board,
    real: &State,
    det: &State,
    viewer: Side,
) -> Result<(), String> {
    let v = Viewer::Side(viewer);
    let mut hidden_real = Vec::new();
    let mut hidden_det = Vec::new();
    for b in board.block_ids() {
        let (kr, kd) = (knows(board, real, v, b), knows(board, det, v, b));
        if kr != kd {
            return Err(format!("{} known in one state only", board.block(b).id));
        }
        let (r, d) = (&real.blocks[b.index()], &det.blocks[b.index()]);
        if kr {
            if r != d {
                return Err(format!("{}: {r:?} != {d:?}", board.block(b).id));
            }
        } else {
            if board.block(b).side == viewer {
                return Err("an own block hidden".into());
            }
            hidden_real.push(format!("{:?} {} {}", r.loc, r.isolated, r.revealed));
            hidden_det.push(format!("{:?} {} {}", d.loc, d.isolated, d.revealed));
        }
    }
    hidden_real.sort();
    hidden_det.sort();
    if hidden_real != hidden_det {
        return Err("the hidden blocks stand in other places".into());
    }
    // Everything else, the hidden facts blanked.
    let blank = |st: &State| {
        let mut s = st.clone();
        s.dice = eastfront_kernel::Dice::new(0);
        for b in board.block_ids() {
            if !knows(board, st, v, b) {
                s.blocks[b.index()] = BlockState {
                    loc: Loc::Unplaced,
                    strength: 0,
                    revealed: false,
                    isolated: false,
                };
            }
        }
        let k = |b: &BlockId| knows(board, st, v, *b);
        let drawn = s.drawn.iter().filter(|b| !k(b)).count();
        s.drawn.retain(k);
        s.drawn.extend(std::iter::repeat_n(BlockId(255), drawn));
        let todo = s.setup_todo.iter().filter(|b| !k(b)).count();
        s.setup_todo.retain(k);
        s.setup_todo.extend(std::iter::repeat_n(BlockId(255), todo));
        if let Some(i) = s.impulse.as_mut() {
            let named: Vec<BlockId> = i.activated.iter().chain(&i.revealed_now).copied().collect();
            // A hidden block that acted and has left the map since (a Soviet block
            // destroyed goes back to the Force Pool) is in no list the view can give: it no
            // longer matters to the impulse.
            let on_map = |b: &BlockId| matches!(st.blocks[b.index()].loc, Loc::Space(_));
            let keep = |x: &mut Vec<BlockId>| {
                x.retain(|b| k(b) || named.contains(b) || on_map(b));
                let n = x.len();
                x.retain(|b| k(b) || named.contains(b));
                let gone = n - x.len();
                x.extend(std::iter::repeat_n(BlockId(255), gone));
            };
            keep(&mut i.acted);
            keep(&mut i.river);
            keep(&mut i.blitz_eligible);
            keep(&mut i.blitzed);
        }
        s
    };
    let (r, d) = (blank(real), blank(det));
    if r != d {
        return Err(format!(
            "the states differ in public facts: {}",
            first_state_difference(&r, &d)
        ));
    }
    Ok(())
}

fn first_state_difference(a: &State, b: &State) -> String {
    let ja = serde_json::to_value(a).unwrap();
    let jb = serde_json::to_value(b).unwrap();
    let (ja, jb) = (ja.as_object().unwrap(), jb.as_object().unwrap());
    for (k, va) in ja {
        if jb.get(k) != Some(va) {
            return format!("{k}: {va} vs {}", jb[k]);
        }
    }
    "nothing".into()
}

/// Plays `st` to the end with the fuzz policy, the invariants checked at every step.
fn play_out(game: &Moscow41, mut st: State, seed: u64, what: &str) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut steps = 0;
    while let Some(seat) = game.active(&st) {
        let legal = game.legal_actions(&st, seat);
        assert!(
            !legal.is_empty(),
            "{what}: no legal action in {:?}",
            st.phase
        );
        let a = pick(&mut rng, &legal);
        game.apply(&mut st, seat, &a)
            .unwrap_or_else(|e| panic!("{what} step {steps}: {a:?} refused: {e}"));
        invariants::check(&game.board, &st)
            .unwrap_or_else(|e| panic!("{what} step {steps} after {a:?}: {e}"));
        steps += 1;
        assert!(steps < 200_000, "{what}: the game does not end");
    }
    assert!(game.outcome(&st).is_some(), "{what}: no outcome");
}

#[test]
fn determinised_states_match_the_view_and_the_legal_actions() {
    let game = Moscow41::new();
    let board = &game.board;
    let scenarios: Vec<String> = game.scenarios().into_iter().map(|s| s.id).collect();
    let (mut checked, mut differing, mut played, mut battles, mut setups) = (0, 0, 0, 0, 0);
    for sc in &scenarios {
        for seed in 0..games() {
            let mut st = game.setup(sc, &options(seed), seed).unwrap();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut det_rng = ChaCha8Rng::seed_from_u64(1000 + seed);
            let mut step = 0u64;
            while let Some(seat) = game.active(&st) {
                let legal = game.legal_actions(&st, seat);
                // Every battle choice and setup step, and about one step in 23 otherwise.
                let special = matches!(
                    st.phase,
                    eastfront_moscow41::Phase::Battle | eastfront_moscow41::Phase::Setup { .. }
                );
                if special || det_rng.random_range(0..23) == 0 {
                    let side = game.side_of(&st, seat);
                    let what = format!("{sc} seed {seed} step {step} ({:?}, {side:?})", st.phase);
                    let v = game.view(&st, Viewer::Side(side));
                    let det = determinise(board, &v, &mut det_rng)
                        .unwrap_or_else(|e| panic!("{what}: {e}"));
                    // (a)
                    assert!(
                        game.view(&det, Viewer::Side(side)) == v,
                        "{what}: another view"
                    );
                    // (b)
                    invariants::check(board, &det).unwrap_or_else(|e| panic!("{what}: {e}"));
                    // (c)
                    assert_eq!(
                        game.legal_actions(&det, seat),
                        legal,
                        "{what}: other legal actions"
                    );
                    // (d)
                    differs_only_in_hidden(board, &st, &det, side)
                        .unwrap_or_else(|e| panic!("{what}: {e}"));
                    differing += (det.blocks != st.blocks) as usize;
                    // The omniscient view gives the state back.
                    let o = game.view(&st, Viewer::Omniscient);
                    let mut all = determinise(board, &o, &mut det_rng)
                        .unwrap_or_else(|e| panic!("{what} omniscient: {e}"));
                    all.dice = st.dice.clone();
                    assert!(
                        all == st,
                        "{what}: omniscient: {}",
                        first_state_difference(&all, &st)
                    );
                    // The other side's view too (not to move): (a), (b), (d).
                    let w = game.view(&st, Viewer::Side(side.other()));
                    let det2 = determinise(board, &w, &mut det_rng)
                        .unwrap_or_else(|e| panic!("{what} other side: {e}"));
                    assert!(game.view(&det2, Viewer::Side(side.other())) == w);
                    differs_only_in_hidden(board, &st, &det2, side.other())
                        .unwrap_or_else(|e| panic!("{what} other side: {e}"));
                    checked += 1;
                    battles += (st.phase == eastfront_moscow41::Phase::Battle) as usize;
                    setups += matches!(st.phase, eastfront_moscow41::Phase::Setup { .. }) as usize;
                    // Random play from the determinised state, now and then.
                    if checked % 7 == 0 {
                        play_out(&game, det, seed ^ step, &what);
                        played += 1;
                    }
                }
                let a = pick(&mut rng, &legal);
                game.apply(&mut st, seat, &a).unwrap();
                step += 1;
            }
        }
    }
    eprintln!(
        "{checked} positions determinised ({battles} battle choices, {setups} setup steps), \
         {differing} with other hidden blocks, {played} played out"
    );
    assert!(checked > 100 && played > 10 && battles > 0 && setups > 0);
    assert!(
        differing * 2 > checked,
        "the hidden blocks are hardly ever drawn anew"
    );
}

/// A view that does not fit the board, or one with a block too many, is refused with a
/// reason, not a panic.
#[test]
fn determinise_refuses_inconsistent_views() {
    let game = Moscow41::new();
    let st = game.setup("campaign", &Options::default(), 1).unwrap();
    let v = game.view(&st, Viewer::Side(Side::German));
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut bad = v.clone();
    bad.areas.pop();
    assert!(determinise(&game.board, &bad, &mut rng).is_err());
    let mut bad = v.clone();
    bad.sides[1].force_pool += 1;
    let e = determinise(&game.board, &bad, &mut rng).unwrap_err();
    assert!(e.contains("hidden"), "{e}");
    let mut bad = v.clone();
    bad.scenario = "nowhere".into();
    assert!(determinise(&game.board, &bad, &mut rng).is_err());
    // The same view twice with the same rng seed gives the same state.
    let a = determinise(&game.board, &v, &mut ChaCha8Rng::seed_from_u64(9)).unwrap();
    let b = determinise(&game.board, &v, &mut ChaCha8Rng::seed_from_u64(9)).unwrap();
    assert_eq!(a, b);
}
