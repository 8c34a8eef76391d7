//! Moscow '41 AI: strength against random play, fog of war (decisions do not depend on the
//! hidden enemy blocks) and one test per key tactic.

use eastfront_ai::moscow41::{choose, random_action, Level};
use eastfront_kernel::{Game, Side, Viewer};
use eastfront_moscow41::data::{Colour, Role, Speed, Terrain};
use eastfront_moscow41::{query, Action, BlockId, ImpulseKind, Loc, Moscow41, Phase, State};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

mod common;
use common::{play_until, sc1_objectives_german};

fn seat(side: Side) -> eastfront_kernel::Seat {
    eastfront_kernel::Seat(if side == Side::German { 0 } else { 1 })
}

/// Plays a game: `ai` side by the AI at `level`, the other side at random. Returns the winner.
fn ai_vs_random(
    game: &Moscow41,
    scenario: &str,
    ai: Side,
    level: Level,
    seed: u64,
) -> Option<Side> {
    let mut st = game.setup(scenario, &Default::default(), seed).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut steps = 0u64;
    while let Some(s) = game.active(&st) {
        let side = game.side_of(&st, s);
        let legal = game.legal_actions(&st, s);
        let a = if side == ai {
            let view = game.view(&st, Viewer::Side(side));
            choose(game, &view, &legal, level, seed * 1000 + steps)
        } else {
            random_action(&legal, &mut rng)
        };
        game.apply(&mut st, s, &a).unwrap();
        steps += 1;
        assert!(steps < 20_000, "game too long");
    }
    game.outcome(&st).and_then(|o| o.winner)
}

/// The AI beats random play: the Soviet AI in the campaign, the German AI in the campaign's
/// first months (it must hold Smolensk and gain ground), 9 of 10 games or better.
#[test]
fn ai_beats_random() {
    let game = Moscow41::new();
    let n: u64 = std::env::var("M41_STRENGTH_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(5);
    let mut wins = 0;
    for seed in 0..n {
        if ai_vs_random(&game, "campaign", Side::Soviet, Level::Normal, 100 + seed)
            == Some(Side::Soviet)
        {
            wins += 1;
        }
    }
    for seed in 0..n {
        if ai_vs_random(&game, "campaign", Side::German, Level::Normal, 200 + seed)
            == Some(Side::German)
        {
            wins += 1;
        }
    }
    assert!(
        wins * 10 >= 9 * 2 * n,
        "the AI won only {wins} of {} games against random play",
        2 * n
    );
}

fn german_command(st: &State) -> bool {
    st.phase == Phase::Command
        && st.active == Side::German
        && st
            .impulse
            .as_ref()
            .is_some_and(|i| i.kind == ImpulseKind::Tactical && !i.activated.is_empty())
}

/// Fog of war: two games that differ only in the identities and strengths of hidden Soviet
/// blocks give the German the same View, and the AI the same decision at every level.
#[test]
fn decisions_ignore_hidden_enemy_blocks() {
    let game = Moscow41::new();
    let b = &game.board;
    for seed in [3u64, 4] {
        let st = play_until(&game, "campaign", seed, german_command);
        // Hidden Soviet combat blocks on the map.
        let hidden: Vec<usize> = b
            .side_blocks(Side::Soviet)
            .filter(|x| {
                let bs = &st.blocks[x.index()];
                b.block(*x).role == Role::Combat
                    && !bs.revealed
                    && matches!(bs.loc, Loc::Space(a) if b.is_area(a))
            })
            .map(|x| x.index())
            .collect();
        assert!(hidden.len() >= 4);
        let mut other = st.clone();
        // Swap places of blocks with different identities; change strengths.
        for k in (0..hidden.len() - 1).step_by(2) {
            let (i, j) = (hidden[k], hidden[k + 1]);
            let (li, lj) = (other.blocks[i].loc, other.blocks[j].loc);
            other.blocks[i].loc = lj;
            other.blocks[j].loc = li;
        }
        for &i in &hidden {
            let max = b.blocks[i].max_strength;
            other.blocks[i].strength = if other.blocks[i].strength == max {
                1
            } else {
                max
            };
        }
        assert_ne!(st.blocks, other.blocks);
        let v1 = game.view(&st, Viewer::Side(Side::German));
        let v2 = game.view(&other, Viewer::Side(Side::German));
        assert_eq!(v1, v2, "the German View shows nothing of the hidden blocks");
        let l1 = game.legal_actions(&st, seat(Side::German));
        let l2 = game.legal_actions(&other, seat(Side::German));
        assert_eq!(l1, l2);
        for level in Level::ALL {
            let a1 = choose(&game, &v1, &l1, level, 7);
            let a2 = choose(&game, &v2, &l2, level, 7);
            assert_eq!(a1, a2, "{level:?}");
        }
    }
}

/// Take victory areas: a German fast block next to an empty Soviet Victory Area walks in.
#[test]
fn takes_an_undefended_victory_area() {
    let game = Moscow41::new();
    let b = &game.board;
    let mut st = play_until(&game, "campaign", 5, german_command);
    let imp = st.impulse.clone().unwrap();
    let hq = *imp
        .activated
        .iter()
        .find(|h| b.block(**h).role == Role::TacticalHq && st.blocks[h.index()].strength > 0)
        .expect("an activated Tactical HQ");
    let tula = b.place("Tula").unwrap();
    let next = b
        .neighbours(tula)
        .find(|n| b.terrain(*n) == Some(Terrain::Green))
        .expect("a green neighbour of Tula");
    // Clear Tula and its neighbour of Soviet units; the neighbour becomes German.
    for (i, bs) in st.blocks.iter_mut().enumerate() {
        if b.blocks[i].side == Side::Soviet
            && (bs.loc == Loc::Space(tula) || bs.loc == Loc::Space(next))
        {
            bs.loc = Loc::ForcePool;
        }
    }
    st.dl[tula.index()] = [false, false];
    st.dl[next.index()] = [false, false];
    st.control[next.index()] = Side::German;
    assert_eq!(st.control[tula.index()], Side::Soviet);
    // The HQ and a fast combat block of its army that has not acted stand next to Tula.
    let tank = b
        .side_blocks(Side::German)
        .find(|x| {
            let d = b.block(*x);
            d.role == Role::Combat
                && d.speed == Speed::Fast
                && matches!(st.blocks[x.index()].loc, Loc::Space(a) if b.is_area(a))
                && !imp.acted.contains(x)
                && !st.blocks[x.index()].isolated
        })
        .expect("a German fast block on the map");
    st.blocks[hq.index()].loc = Loc::Space(next);
    st.blocks[tank.index()].loc = Loc::Space(next);
    let legal = game.legal_actions(&st, seat(Side::German));
    assert!(legal.iter().any(
        |a| matches!(a, Action::Move { block, path } if *block == tank && path.last() == Some(&tula))
    ));
    let view = game.view(&st, Viewer::Side(Side::German));
    for level in [Level::Normal, Level::Hard] {
        let a = choose(&game, &view, &legal, level, 1);
        assert!(
            matches!(&a, Action::Move { path, .. } if path.contains(&tula)),
            "{level:?} chose {a:?}"
        );
    }
}

/// Rest or activate the Leader wisely (R 7.0–7.2): a ♥ Leader rests (Logistic Pause); a
/// full-strength Leader is activated.
#[test]
fn rests_a_spent_leader_and_activates_a_fresh_one() {
    let game = Moscow41::new();
    let b = &game.board;
    let st = play_until(&game, "campaign", 6, |st| {
        matches!(st.phase, Phase::LogisticChoice { .. }) && st.active == Side::German
    });
    let hitler = b
        .side_blocks(Side::German)
        .find(|x| b.block(*x).role == Role::Leader)
        .unwrap();
    for (strength, want) in [(0u8, Action::LogisticPause), (4, Action::ActivateLeader)] {
        let mut s = st.clone();
        s.blocks[hitler.index()].strength = strength;
        let legal = game.legal_actions(&s, seat(Side::German));
        let view = game.view(&s, Viewer::Side(Side::German));
        for level in Level::ALL {
            assert_eq!(
                choose(&game, &view, &legal, level, 2),
                want,
                "{level:?}, Hitler {strength}"
            );
        }
    }
}

/// SC.1's objective: a German block standing in Yelnia builds the Defensive Line there.
#[test]
fn fortifies_a_scenario_objective() {
    let game = Moscow41::new();
    let b = &game.board;
    let mut st = play_until(&game, "sc1", 8, german_command);
    let imp = st.impulse.clone().unwrap();
    let hq = *imp
        .activated
        .iter()
        .find(|h| b.block(**h).role == Role::TacticalHq && st.blocks[h.index()].strength > 0)
        .unwrap();
    let yelnia = b.place("Yelnia").unwrap();
    for (i, bs) in st.blocks.iter_mut().enumerate() {
        if bs.loc == Loc::Space(yelnia) {
            bs.loc = if b.blocks[i].side == Side::Soviet {
                Loc::ForcePool
            } else {
                bs.loc
            };
        }
    }
    st.dl[yelnia.index()] = [false, false];
    st.control[yelnia.index()] = Side::German;
    let inf = b
        .side_blocks(Side::German)
        .find(|x| {
            let d = b.block(*x);
            d.role == Role::Combat
                && st.blocks[x.index()].strength >= 2
                && matches!(st.blocks[x.index()].loc, Loc::Space(a) if b.is_area(a))
                && !imp.acted.contains(x)
                && !st.blocks[x.index()].isolated
        })
        .unwrap();
    st.blocks[hq.index()].loc = Loc::Space(yelnia);
    st.blocks[inf.index()].loc = Loc::Space(yelnia);
    let legal = game.legal_actions(&st, seat(Side::German));
    assert!(legal.contains(&Action::BuildDl { block: inf }));
    let view = game.view(&st, Viewer::Side(Side::German));
    for level in [Level::Normal, Level::Hard] {
        let a = choose(&game, &view, &legal, level, 3);
        assert!(matches!(a, Action::BuildDl { .. }), "{level:?} chose {a:?}");
    }
}

/// SC.1 (German lines in Yelnia and Yartsevo win at once, SC.1 (a)): with Yartsevo
/// fortified and a block able to fortify Yelnia (R 4.1, 10.8), the German activates the HQ
/// that commands that block.
#[test]
fn sc1_activates_the_hq_that_can_build_the_winning_line() {
    let game = Moscow41::new();
    let b = &game.board;
    let mut st = play_until(&game, "sc1", 8, |st| {
        st.phase == Phase::Activation
            && st.active == Side::German
            && st
                .impulse
                .as_ref()
                .is_some_and(|i| i.kind == ImpulseKind::Tactical && i.activated.is_empty())
    });
    let (yelnia, yartsevo) = sc1_objectives_german(&game, &mut st);
    st.dl[yelnia.index()] = [false, false];
    st.dl[yartsevo.index()] = [true, false];
    // A block of an army colour (only its own HQ commands it), and that HQ, both in Yelnia.
    let on_map = |st: &State, x: BlockId| {
        matches!(st.blocks[x.index()].loc, Loc::Space(a) if b.is_area(a))
            && !st.blocks[x.index()].isolated
    };
    let (hq, inf) = b
        .side_blocks(Side::German)
        .filter(|h| {
            b.block(*h).role == Role::TacticalHq
                && st.blocks[h.index()].strength > 0
                && on_map(&st, *h)
        })
        .find_map(|h| {
            b.side_blocks(Side::German)
                .find(|x| {
                    b.block(*x).role == Role::Combat
                        && b.block(*x).colour != Some(Colour::White)
                        && st.blocks[x.index()].strength >= 2
                        && on_map(&st, *x)
                        && query::commands_colour(b, &st, h, *x)
                })
                .map(|x| (h, x))
        })
        .unwrap();
    for x in [hq, inf] {
        st.blocks[x.index()].loc = Loc::Space(yelnia);
    }
    let legal = game.legal_actions(&st, seat(Side::German));
    let view = game.view(&st, Viewer::Side(Side::German));
    for level in [Level::Normal, Level::Hard] {
        let a = choose(&game, &view, &legal, level, 3);
        match a {
            Action::Activate { hq: h, .. } => assert!(
                query::commands_colour(b, &st, h, inf),
                "{level:?} activated {} instead of an HQ commanding {}",
                b.block(h).label,
                b.block(inf).label
            ),
            other => panic!("{level:?} chose {other:?}"),
        }
    }
}

/// R 12.0 and SC.1: a Pass may reduce one combat block to build a DL without any HQ. With
/// Yelnia fortified and Yartsevo German and clear, the German passes, builds the second line
/// and wins at once (Sudden Death) — even with every HQ spent.
#[test]
fn r12_0_sc1_passes_to_build_the_winning_line() {
    let game = Moscow41::new();
    let b = &game.board;
    let mut st = play_until(&game, "sc1", 8, |st| {
        st.phase == Phase::ImpulseChoice && st.active == Side::German
    });
    let (yelnia, yartsevo) = sc1_objectives_german(&game, &mut st);
    st.dl[yelnia.index()] = [true, false];
    st.dl[yartsevo.index()] = [false, false];
    // A full-strength combat block in Yartsevo, and every German HQ exhausted (♥).
    let builder = b
        .side_blocks(Side::German)
        .find(|x| {
            b.block(*x).role == Role::Combat
                && b.block(*x).max_strength >= 3
                && matches!(st.blocks[x.index()].loc, Loc::Space(a) if b.is_area(a))
        })
        .unwrap();
    st.blocks[builder.index()].loc = Loc::Space(yartsevo);
    st.blocks[builder.index()].strength = b.block(builder).max_strength;
    st.blocks[builder.index()].isolated = false;
    for h in b.side_blocks(Side::German) {
        if b.block(h).is_hq() {
            st.blocks[h.index()].strength = 0;
        }
    }
    for level in [Level::Normal, Level::Hard] {
        let mut st = st.clone();
        for step in 0..10 {
            if game.outcome(&st).is_some() {
                break;
            }
            let s = game.active(&st).unwrap();
            assert_eq!(
                s,
                seat(Side::German),
                "{level:?}: the German should win before the Soviet moves"
            );
            let legal = game.legal_actions(&st, s);
            let view = game.view(&st, Viewer::Side(Side::German));
            let a = choose(&game, &view, &legal, level, 5 + step);
            if step == 0 {
                assert_eq!(a, Action::Pass, "{level:?}");
            }
            game.apply(&mut st, s, &a).unwrap();
        }
        assert!(
            st.dl[yartsevo.index()][0],
            "{level:?} did not fortify Yartsevo"
        );
        assert_eq!(
            game.outcome(&st).and_then(|o| o.winner),
            Some(Side::German),
            "{level:?}"
        );
    }
}

/// Every legal action of an opening position reads as words (no debug dump of ids).
#[test]
fn describes_actions_in_words() {
    let game = Moscow41::new();
    let st = play_until(&game, "campaign", 9, german_command);
    for a in game.legal_actions(&st, seat(Side::German)) {
        let view = game.view(&st, Viewer::Side(Side::German));
        let d = eastfront_moscow41::table::action_words(&game.board, &view, &a);
        assert!(!d.contains("SpaceId") && !d.contains("BlockId"), "{d}");
    }
}

/// R 4.2.4: Stalin never leaves Moscow, so a lone blank Soviet block there is Stalin, who does
/// not hold the area (GAP-11). In Operation Typhoon a German block next to such a Moscow
/// walks in and wins (SC.2).
#[test]
fn takes_moscow_held_only_by_stalin() {
    let game = Moscow41::new();
    let b = &game.board;
    let mut st = play_until(&game, "sc2", 11, german_command);
    let imp = st.impulse.clone().unwrap();
    let hq = *imp
        .activated
        .iter()
        .find(|h| b.block(**h).role == Role::TacticalHq && st.blocks[h.index()].strength > 0)
        .expect("an activated Tactical HQ");
    let moscow = b.moscow;
    let next = b
        .neighbours(moscow)
        .find(|n| !b.river_between(moscow, *n))
        .expect("a neighbour of Moscow across no river");
    for (i, bs) in st.blocks.iter_mut().enumerate() {
        let d = &b.blocks[i];
        if d.side == Side::Soviet
            && d.role != Role::Leader
            && (bs.loc == Loc::Space(moscow) || bs.loc == Loc::Space(next))
        {
            bs.loc = Loc::ForcePool;
        }
    }
    st.dl[moscow.index()] = [false, false];
    st.dl[next.index()] = [false, false];
    st.control[next.index()] = Side::German;
    let tank = b
        .side_blocks(Side::German)
        .find(|x| {
            let d = b.block(*x);
            d.role == Role::Combat
                && d.speed == Speed::Fast
                && matches!(st.blocks[x.index()].loc, Loc::Space(a) if b.is_area(a))
                && !imp.acted.contains(x)
                && !st.blocks[x.index()].isolated
        })
        .expect("a German fast block on the map");
    st.blocks[hq.index()].loc = Loc::Space(next);
    st.blocks[tank.index()].loc = Loc::Space(next);
    let view = game.view(&st, Viewer::Side(Side::German));
    // The German sees one blank Soviet block in Moscow, nothing more.
    let in_moscow: Vec<_> = view
        .blocks
        .iter()
        .filter(|v| v.area == moscow && v.side == Side::Soviet)
        .collect();
    assert_eq!(in_moscow.len(), 1);
    assert!(in_moscow[0].face.is_none());
    let legal = game.legal_actions(&st, seat(Side::German));
    for level in [Level::Normal, Level::Hard] {
        let a = choose(&game, &view, &legal, level, 4);
        assert!(
            matches!(&a, Action::Move { path, .. } if path.last() == Some(&moscow)),
            "{level:?} chose {a:?}"
        );
        let mut after = st.clone();
        game.apply(&mut after, seat(Side::German), &a).unwrap();
        assert_eq!(
            game.outcome(&after).and_then(|o| o.winner),
            Some(Side::German),
            "entering Moscow past Stalin wins SC.2"
        );
    }
}

/// R 6.0: a Pass right after the enemy's ends the month; in SC.1's only month that ends the
/// game with the Germans' objectives unmet, so the German AI does not pass while it can do
/// anything else, and the Soviet AI passes to end it.
#[test]
fn passes_into_the_end_only_when_it_wins() {
    let game = Moscow41::new();
    let german = play_until(&game, "sc1", 12, |st| {
        st.phase == Phase::ImpulseChoice && st.active == Side::German && st.consecutive_passes == 1
    });
    let legal = game.legal_actions(&german, seat(Side::German));
    assert!(legal.contains(&Action::Pass) && legal.len() > 1);
    let view = game.view(&german, Viewer::Side(Side::German));
    for level in Level::ALL {
        let a = choose(&game, &view, &legal, level, 5);
        assert_ne!(a, Action::Pass, "{level:?}");
    }
    let soviet = play_until(&game, "sc1", 40, |st| {
        st.phase == Phase::ImpulseChoice && st.active == Side::Soviet && st.consecutive_passes == 1
    });
    let legal = game.legal_actions(&soviet, seat(Side::Soviet));
    let view = game.view(&soviet, Viewer::Side(Side::Soviet));
    for level in [Level::Normal, Level::Hard] {
        assert_eq!(
            choose(&game, &view, &legal, level, 6),
            Action::Pass,
            "{level:?}"
        );
    }
}

/// R 10.16 (Stukas following a Blitz): each surviving Stuka is sent to one Blitz battle and
/// is not offered again, so the Blitz's Support step ends. In this Operation Typhoon game
/// (Hard German, Normal Soviet) a German sends Stukas after a Blitz; re-sending them
/// between the two Blitz areas was once an endless loop.
#[test]
fn r10_16_stukas_follow_one_blitz_battle_and_the_game_ends() {
    use eastfront_moscow41::BomberState;
    let game = Moscow41::new();
    // Seed 116 (it looped once), then games until one has a Stuka following a Blitz: which
    // game sends one depends on the AI's play (with the AI of 2026-11-25, seed 182 is the
    // first; about one game in thirty has one).
    let mut stuka_blitz = 0;
    for seed in std::iter::once(116u64).chain(182..272) {
        let mut st = game.setup("sc2", &Default::default(), seed).unwrap();
        let mut steps = 0u64;
        while let Some(s) = game.active(&st) {
            let side = game.side_of(&st, s);
            let legal = game.legal_actions(&st, s);
            if st.phase == Phase::Support {
                if let Some(i) = st.impulse.as_ref().filter(|i| i.blitz) {
                    for a in &legal {
                        if let Action::Bomber { bomber, .. } = a {
                            assert!(
                                !matches!(
                                    st.bombers[bomber.0 as usize],
                                    BomberState::Committed(x) if i.blitz_areas.contains(&x)
                                ),
                                "a Stuka already sent to a Blitz battle is offered again"
                            );
                            stuka_blitz += 1;
                        }
                    }
                }
            }
            let level = if side == Side::German {
                Level::Hard
            } else {
                Level::Normal
            };
            let view = game.view(&st, Viewer::Side(side));
            let a = choose(&game, &view, &legal, level, seed.wrapping_mul(7919) + steps);
            game.apply(&mut st, s, &a).unwrap();
            steps += 1;
            assert!(steps < 20_000, "the game of seed {seed} does not end");
        }
        if stuka_blitz > 0 {
            return;
        }
    }
    panic!("no Stuka followed a Blitz in 91 games");
}

/// R 6.0: a Pass right after the enemy's ends the month. Before the last month the German,
/// racing the weather to Moscow in Operation Typhoon, does not give the month away while his
/// HQs can still act (rules file §8.4 heuristic 6).
#[test]
fn r6_0_the_german_does_not_pass_a_month_away_in_typhoon() {
    let game = Moscow41::new();
    let b = &game.board;
    let st = play_until(&game, "sc2", 3, |st| {
        st.phase == Phase::ImpulseChoice
            && st.active == Side::German
            && st.consecutive_passes == 1
            && st.turn < 6
            // Two HQs that can still be activated (strength above ♥).
            && b
                .side_blocks(Side::German)
                .filter(|h| b.block(*h).role == Role::TacticalHq)
                .filter(|h| {
                    let s = &st.blocks[h.index()];
                    s.strength >= 2 && matches!(s.loc, Loc::Space(a) if b.is_area(a))
                })
                .count()
                >= 2
    });
    let legal = game.legal_actions(&st, seat(Side::German));
    assert!(legal.contains(&Action::Pass) && legal.contains(&Action::Tactical));
    let view = game.view(&st, Viewer::Side(Side::German));
    for level in [Level::Normal, Level::Hard] {
        assert_ne!(
            choose(&game, &view, &legal, level, 5),
            Action::Pass,
            "{level:?}"
        );
    }
}

/// Operation Typhoon (SC.2): the German AI takes Moscow against random play in 9 games of
/// 10 or better (the measured rate over 200 games is in docs/moscow41.md).
#[test]
fn the_german_takes_moscow_in_typhoon_against_random_play() {
    let game = Moscow41::new();
    let n: u64 = std::env::var("M41_STRENGTH_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10);
    let wins = (0..n)
        .filter(|k| {
            ai_vs_random(&game, "sc2", Side::German, Level::Normal, 300 + k) == Some(Side::German)
        })
        .count() as u64;
    assert!(
        wins * 10 >= 9 * n,
        "the German took Moscow in {wins} of {n} games"
    );
}
