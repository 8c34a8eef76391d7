//! What the views carry besides the map: the battle choice (R 10.12.3, 10.14.1), public to
//! both sides.

use eastfront_kernel::{Game, Side, Viewer};
use eastfront_moscow41::battle::BattleOption;
use eastfront_moscow41::{invariants, Action, Moscow41, Options, Phase};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn options(seed: u64) -> Options {
    let mut o = Options::default();
    if seed % 2 == 1 {
        let r = &mut o.optional;
        r.ignore_army_colour = true;
        r.zhukov_hoepner = true;
        r.rail = true;
        r.cavalry = true;
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

/// Every battle choice of random games is in both sides' views (and the omniscient one):
/// who chooses, the question, one line of words per `BattleChoice { option }` index naming
/// the block or bomber, the battle's own options; outside a battle choice there is none.
#[test]
fn battle_choice_is_in_both_views_with_every_option() {
    let game = Moscow41::new();
    let board = &game.board;
    let (mut losses, mut aa) = (0, 0);
    for seed in 0..24u64 {
        let sc = ["campaign", "sc1", "sc2", "sc3"][seed as usize % 4];
        let mut st = game.setup(sc, &options(seed), seed).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while let Some(seat) = game.active(&st) {
            let legal = game.legal_actions(&st, seat);
            let pending = st.battle.as_ref().and_then(|b| b.pending_choice());
            let views = [
                game.view(&st, Viewer::Side(Side::German)),
                game.view(&st, Viewer::Side(Side::Soviet)),
                game.view(&st, Viewer::Omniscient),
            ];
            match pending {
                None => {
                    for v in &views {
                        assert!(v.battle_choice.is_none(), "{sc} {seed}: a choice outside");
                    }
                }
                Some(p) => {
                    assert_eq!(st.phase, Phase::Battle);
                    let c = views[0]
                        .battle_choice
                        .clone()
                        .expect("the German view's choice");
                    for v in &views[1..] {
                        assert_eq!(v.battle_choice.as_ref(), Some(&c), "the same for all");
                    }
                    assert_eq!(Some(c.side), views[0].active_side);
                    assert_eq!(game.side_of(&st, seat), c.side);
                    assert_eq!(c.choices, p.options);
                    assert_eq!(c.options.len(), legal.len());
                    assert_eq!(c.hits_left, p.hits_left);
                    assert_eq!(c.rule, p.rule);
                    assert!(c.question.contains("hit"), "{}", c.question);
                    let battle = st.battle.as_ref().unwrap();
                    for (i, (words, o)) in c.options.iter().zip(&c.choices).enumerate() {
                        assert_eq!(legal[i], Action::BattleChoice { option: i as u8 });
                        match *o {
                            BattleOption::HitBlock(u) => {
                                losses += 1;
                                let unit = battle.units().find(|x| x.id == u).unwrap();
                                assert_eq!(unit.side, c.side);
                                assert!(words.contains(&unit.name), "{words}");
                                assert!(words.ends_with("takes the hit"), "{words}");
                            }
                            BattleOption::AbortBomber(_) | BattleOption::DestroyBomber(_) => {
                                aa += 1;
                                assert_eq!(c.side, Side::German);
                                assert!(words.contains("Stuka") || words.contains("He"), "{words}");
                            }
                        }
                    }
                    // The battle's area holds its blocks.
                    let u = battle.setup().units[0].id;
                    assert_eq!(
                        st.blocks[u as usize].loc,
                        eastfront_moscow41::Loc::Space(c.area)
                    );
                }
            }
            let a = pick(&mut rng, &legal);
            game.apply(&mut st, seat, &a).unwrap();
            invariants::check(board, &st).unwrap();
        }
    }
    assert!(losses > 0, "no loss choice seen");
    assert!(aa > 0, "no AA choice seen");
}

/// R 12.0: the move segment of a Pass says what a Pass allows (one block, no engaging), not
/// the Tactical Impulse's command (R 10.7).
#[test]
fn r12_0_a_pass_prompts_its_own_move() {
    let game = Moscow41::new();
    let mut st = game.setup("campaign", &Options::default(), 1).unwrap();
    let seat = game.active(&st).unwrap();
    assert_eq!(st.phase, Phase::ImpulseChoice);
    game.apply(&mut st, seat, &Action::Pass).unwrap();
    assert_eq!(st.phase, Phase::Command);
    let side = game.side_of(&st, seat);
    let prompt = game.view(&st, Viewer::Side(side)).prompt;
    assert!(
        prompt.contains("R 12.0") && prompt.contains("one block"),
        "{prompt}"
    );
}
