//! Cards, leaders and special rules (rules §6.13–§6.17, §9.4; oracles T09, T10, T15, T17,
//! T35–T41, T43, T44, T47; examples E7, E9, E17, E20).

mod common;
use common::*;
use eastfront_kernel::{Game, Side};
use eastfront_stalingrad::combat::{Attack, Combat};
use eastfront_stalingrad::data::{CardEffect, Terrain, UnitKind};
use eastfront_stalingrad::*;

fn card(g: &Stalingrad, pred: impl Fn(CardEffect) -> bool) -> CardId {
    (0..g.board.cards.len())
        .map(|i| CardId(i as u8))
        .find(|c| pred(g.board.card(*c).effect))
        .expect("card")
}

fn cards(g: &Stalingrad, pred: impl Fn(CardEffect) -> bool) -> Vec<CardId> {
    (0..g.board.cards.len())
        .map(|i| CardId(i as u8))
        .filter(|c| pred(g.board.card(*c).effect))
        .collect()
}

/// Takes a card out of wherever it is and puts it into play / a hand.
fn leader(st: &mut State, c: CardId) {
    take(st, c);
    st.leaders_in_play.push(c);
}
fn to_german_hand(st: &mut State, c: CardId) {
    take(st, c);
    st.german_hand.push(c);
}
fn to_soviet_hand(st: &mut State, c: CardId) {
    take(st, c);
    st.soviet_hand.push(c);
}
fn take(st: &mut State, c: CardId) {
    for v in [
        &mut st.german_deck,
        &mut st.german_hand,
        &mut st.soviet_deck,
        &mut st.soviet_hand,
        &mut st.leaders_in_play,
        &mut st.discards,
    ] {
        v.retain(|x| *x != c);
    }
}

fn texts(ev: &[Event]) -> Vec<String> {
    ev.iter().map(|e| e.public.clone()).collect()
}

#[test]
fn t09_quick_attack_no_german_card_no_rubble_but_a_soviet_card() {
    let g = game();
    let mut st = empty(&g, Options::default());
    let (u_hex, mid) = attack_pair(&g, Terrain::Urban);
    let from = g
        .board
        .topo
        .neighbours(mid)
        .find(|h| *h != u_hex && !g.board.topo.adjacent(*h, u_hex))
        .unwrap();
    add_soviet(&g, &mut st, UnitKind::RifleInfantry, u_hex);
    keep_soviets_alive(&g, &mut st, u_hex);
    let inf = add_german(&g, &mut st, UnitKind::Infantry, from);
    let sniper = card(&g, |e| e == CardEffect::SovietSniper);
    to_soviet_hand(&mut st, sniper);
    to_german_hand(
        &mut st,
        card(&g, |e| matches!(e, CardEffect::Bombard { .. })),
    );
    st.dice.script(&[1; 40]).unwrap();
    let ev = g
        .apply(
            &mut st,
            german_seat(),
            &Action::QuickAttack {
                units: vec![inf],
                to: mid,
                target: u_hex,
            },
        )
        .unwrap();
    let t = texts(&ev);
    assert!(t.iter().any(|x| x.contains("Soviet card: Sniper")), "{t:?}");
    assert!(
        !t.iter().any(|x| x.contains("German card")),
        "no German card in a Quick Attack"
    );
    assert!(
        !t.iter().any(|x| x.contains("Rubble Roll")),
        "no Rubble Roll in a Quick Attack"
    );
}

#[test]
fn e7_t10_planned_attack_one_target_and_every_unit_of_each_chosen_stack() {
    let g = game();
    let mut st = empty(&g, Options::default());
    let (c_hex, a_hex) = attack_pair(&g, Terrain::Clear);
    add_soviet(&g, &mut st, UnitKind::RifleInfantry, c_hex);
    let second_target = g
        .board
        .topo
        .neighbours(a_hex)
        .find(|h| *h != c_hex)
        .unwrap();
    add_soviet(&g, &mut st, UnitKind::RifleInfantry, second_target);
    let stack: Vec<UnitId> = (0..3)
        .map(|_| add_german(&g, &mut st, UnitKind::Infantry, a_hex))
        .collect();
    let attacks = rules::planned_attacks(&g.board, &st);
    assert!(attacks
        .iter()
        .any(|a| matches!(a, Action::PlannedAttack { target, .. } if *target == c_hex)));
    assert!(attacks
        .iter()
        .any(|a| matches!(a, Action::PlannedAttack { target, .. } if *target == second_target)));
    let mut ev = Vec::new();
    let c = Combat::new(
        &g.board,
        &st,
        Attack::german_planned(vec![a_hex], c_hex, vec![]),
        &mut ev,
    );
    assert_eq!(c.attackers, stack, "the whole stack attacks");
    let before = st.units.clone();
    st.dice.script(&[1; 60]).unwrap();
    planned_attack(&g, &mut st, c_hex, a_hex);
    for u in &stack {
        assert_eq!(
            st.units[u.0 as usize].loc, before[u.0 as usize].loc,
            "no movement in a Planned Attack"
        );
    }
}

#[test]
fn t15_hoth_combined_arms_germans_fire_first_in_clear_terrain() {
    for hoth in [false, true] {
        let g = game();
        let mut st = empty(&g, Options::default());
        let (c_hex, a_hex) = attack_pair(&g, Terrain::Clear);
        let s = add_soviet(&g, &mut st, UnitKind::RifleInfantry, c_hex);
        keep_soviets_alive(&g, &mut st, c_hex);
        let pzg = unit(&g, "pzg79"); // a Panzergrenadier alone qualifies
        place(&g, &mut st, pzg, a_hex, 0);
        if hoth {
            leader(&mut st, card(&g, |e| e == CardEffect::Hoth));
        }
        let n = rules::strength(&g.board, &st, s) as usize;
        let mut script = vec![6; 4]; // German dice: 4 hits
        script.extend(vec![6; n]);
        st.dice.script(&script).unwrap();
        let ev = g
            .apply(
                &mut st,
                german_seat(),
                &Action::PlannedAttack {
                    target: c_hex,
                    from: vec![a_hex],
                    cards: vec![],
                },
            )
            .unwrap();
        let t = texts(&ev);
        assert_eq!(
            t.iter().any(|x| x.contains("Germans fire first")),
            hoth,
            "{t:?}"
        );
        if hoth {
            // The Soviet block died before it could fire: no Soviet fire line.
            assert!(
                !t.iter().any(|x| x.starts_with("Soviet close-combat fire")),
                "{t:?}"
            );
            assert_eq!(rules::strength(&g.board, &st, pzg), 4);
        }
    }
}

#[test]
fn t17_t47_blitz_only_with_hoth_into_clear_hexes_for_blitz_units() {
    let g = game();
    let mut st = empty(&g, Options::default());
    let (c_hex, a_hex) = attack_pair(&g, Terrain::Clear);
    let s = add_soviet(&g, &mut st, UnitKind::RifleInfantry, c_hex);
    st.units[s.0 as usize].face = g.board.unit(s).faces.len() as u8 - 1;
    keep_soviets_alive(&g, &mut st, c_hex);
    let pz = unit(&g, "pz2");
    place(&g, &mut st, pz, a_hex, 0);
    let inf = add_german(&g, &mut st, UnitKind::Infantry, a_hex);
    leader(&mut st, card(&g, |e| e == CardEffect::Hoth));
    st.dice.script(&[6; 12]).unwrap();
    planned_attack(&g, &mut st, c_hex, a_hex);
    g.apply(&mut st, german_seat(), &Action::Advance { unit: pz })
        .unwrap();
    // Every surviving attacker has advanced: the advance ends by itself.
    g.apply(&mut st, german_seat(), &Action::Advance { unit: inf })
        .unwrap();
    let blitz: Vec<Action> = legal(&g, &st);
    assert!(
        blitz
            .iter()
            .any(|a| matches!(a, Action::Blitz { unit, .. } if *unit == pz)),
        "{blitz:?}"
    );
    assert!(
        !blitz
            .iter()
            .any(|a| matches!(a, Action::Blitz { unit, .. } if *unit == inf)),
        "plain infantry never Blitzes"
    );
    for a in &blitz {
        if let Action::Blitz { to, .. } = a {
            assert_eq!(g.board.terrain(*to), Terrain::Clear);
        }
    }
    let first = blitz
        .iter()
        .find(|a| matches!(a, Action::Blitz { .. }))
        .unwrap()
        .clone();
    g.apply(&mut st, german_seat(), &first).unwrap();
}

#[test]
fn t36_linden_allows_several_pioneers_and_the_672nd() {
    let g = game();
    let mut st = empty(&g, Options::default());
    let pioneers = cards(&g, |e| {
        matches!(
            e,
            CardEffect::Bombard {
                pioneer: true,
                needs_linden: false,
                ..
            }
        )
    });
    let p672 = card(&g, |e| {
        matches!(
            e,
            CardEffect::Bombard {
                needs_linden: true,
                ..
            }
        )
    });
    let stuka = card(&g, |e| {
        matches!(
            e,
            CardEffect::Bombard {
                air: true,
                rubble: 2,
                ..
            }
        )
    });
    for c in pioneers.iter().take(2).chain([&p672, &stuka]) {
        to_german_hand(&mut st, *c);
    }
    let without = rules::german_card_choices(&g.board, &st);
    assert!(without.iter().all(|s| s.len() <= 1));
    assert!(!without.contains(&vec![p672]), "the 672nd needs Linden");
    leader(&mut st, card(&g, |e| e == CardEffect::Linden));
    let with = rules::german_card_choices(&g.board, &st);
    assert!(with.contains(&vec![p672]));
    assert!(
        with.iter().any(|s| s.len() == 3 && s.contains(&p672)),
        "all three Pioneers together"
    );
    assert!(
        !with.iter().any(|s| s.len() > 1 && s.contains(&stuka)),
        "never a mix"
    );
}

#[test]
fn t35_t37_von_richthofen_doubles_air_dice_and_aa_cancels_them() {
    let g = game();
    for (aa, expected_dice) in [(false, 12usize), (true, 0)] {
        let mut st = empty(&g, Options::default());
        let (u_hex, a_hex) = attack_pair(&g, Terrain::Urban);
        add_soviet(&g, &mut st, UnitKind::RifleInfantry, u_hex);
        keep_soviets_alive(&g, &mut st, u_hex);
        add_german(&g, &mut st, UnitKind::Infantry, a_hex);
        leader(&mut st, card(&g, |e| e == CardEffect::VonRichthofen));
        let heinkel = card(&g, |e| {
            matches!(
                e,
                CardEffect::Bombard {
                    air: true,
                    rubble: 3,
                    ..
                }
            )
        });
        to_german_hand(&mut st, heinkel);
        if aa {
            to_soviet_hand(&mut st, card(&g, |e| e == CardEffect::AntiAir));
        }
        st.dice.script(&[1; 80]).unwrap();
        let ev = g
            .apply(
                &mut st,
                german_seat(),
                &Action::PlannedAttack {
                    target: u_hex,
                    from: vec![a_hex],
                    cards: vec![heinkel],
                },
            )
            .unwrap();
        let heinkel_roll = ev.iter().find_map(|e| match &e.roll {
            Some(r) if r.purpose.starts_with("Heinkel") => Some(r.values.len()),
            _ => None,
        });
        assert_eq!(heinkel_roll.unwrap_or(0), expected_dice, "aa = {aa}");
        if aa {
            let seven = hex(&g, "7");
            assert!(
                st.rubble[seven.index()],
                "the AA card places Rubble on its printed hex (7)"
            );
        }
    }
}

#[test]
fn t38_volga_flotilla_fires_from_the_coast_or_lands_a_marine() {
    let g = game();
    // Coast: three FD dice at the Germans.
    let mut st = empty(&g, Options::default());
    let coast = g
        .board
        .topo
        .ids()
        .find(|h| g.board.hex(*h).coast && !g.board.hex(*h).soviet_reinforcement)
        .unwrap();
    let from = g.board.topo.neighbours(coast).next().unwrap();
    add_soviet(&g, &mut st, UnitKind::RifleInfantry, coast);
    keep_soviets_alive(&g, &mut st, coast);
    let german = add_german(&g, &mut st, UnitKind::Infantry, from);
    let full = g.board.unit(german).max_strength();
    to_soviet_hand(
        &mut st,
        card(&g, |e| matches!(e, CardEffect::VolgaFlotilla { .. })),
    );
    let mut script = vec![];
    if g.board.terrain(coast) == Terrain::Urban {
        script.extend([1, 1, 1]); // rubble roll comes after the card
    }
    st.dice.script(&[5, 6, 1]).unwrap();
    st.dice.script(&script).unwrap();
    st.dice.script(&[1; 40]).unwrap();
    planned_attack(&g, &mut st, coast, from);
    assert_eq!(
        full - rules::strength(&g.board, &st, german).min(full),
        2,
        "two FD hits"
    );
    // Inland: the sum names the landing hex; a Marine lands there.
    let mut st = empty(&g, Options::default());
    let (inland, from) = attack_pair(&g, Terrain::Clear);
    assert!(!g.board.hex(inland).coast);
    add_soviet(&g, &mut st, UnitKind::RifleInfantry, inland);
    keep_soviets_alive(&g, &mut st, inland);
    add_german(&g, &mut st, UnitKind::Infantry, from);
    to_soviet_hand(
        &mut st,
        card(&g, |e| matches!(e, CardEffect::VolgaFlotilla { .. })),
    );
    st.dice.script(&[4, 4, 4]).unwrap(); // sum 12
    st.dice.script(&[1; 40]).unwrap();
    planned_attack(&g, &mut st, inland, from);
    let twelve = hex(&g, "12");
    assert!(rules::units_in(&g.board, &st, twelve)
        .iter()
        .any(|u| g.board.unit(*u).kind == UnitKind::Marine));
}

#[test]
fn t39_zaytsev_makes_the_sniper_hit_twice() {
    let g = game();
    let mut st = empty(&g, Options::default());
    let (c_hex, a_hex, _, inf) = duel(&g, &mut st, Terrain::Clear);
    let full = rules::strength(&g.board, &st, inf);
    leader(&mut st, card(&g, |e| e == CardEffect::Zaytsev));
    to_soviet_hand(&mut st, card(&g, |e| e == CardEffect::SovietSniper));
    st.dice.script(&[1; 40]).unwrap();
    planned_attack(&g, &mut st, c_hex, a_hex);
    assert_eq!(rules::strength(&g.board, &st, inf), full - 2);
}

#[test]
fn t40_e17_opportunity_fire_only_with_chuikov_when_defending() {
    for (chuikov, khrushchev) in [(false, false), (true, false), (true, true)] {
        let g = game();
        let mut st = empty(&g, Options::default());
        let (c_hex, a_hex, _, inf) = duel(&g, &mut st, Terrain::Clear);
        if chuikov {
            leader(&mut st, card(&g, |e| e == CardEffect::Chuikov));
        }
        if khrushchev {
            leader(&mut st, card(&g, |e| e == CardEffect::Khrushchev));
        }
        let full = rules::strength(&g.board, &st, inf);
        st.dice.script(&[5]).unwrap(); // the single Opportunity Fire die
        st.dice.script(&[1; 40]).unwrap();
        let ev = g
            .apply(
                &mut st,
                german_seat(),
                &Action::PlannedAttack {
                    target: c_hex,
                    from: vec![a_hex],
                    cards: vec![],
                },
            )
            .unwrap();
        let opp = ev.iter().any(|e| e.public.contains("Opportunity Fire"));
        assert_eq!(opp, chuikov);
        let lost = full - rules::strength(&g.board, &st, inf);
        // A 5 hits only under Khrushchev (5–6); later close-combat 1s miss.
        assert_eq!(
            lost >= 1,
            khrushchev,
            "chuikov {chuikov} khrushchev {khrushchev}"
        );
    }
}

#[test]
fn t41_khrushchev_natural_ones_hit_the_revealed_soviets() {
    let g = game();
    let mut st = empty(&g, Options::default());
    let (c_hex, a_hex, s, inf) = duel(&g, &mut st, Terrain::Clear);
    leader(&mut st, card(&g, |e| e == CardEffect::Khrushchev));
    let gs = rules::strength(&g.board, &st, inf) as usize;
    let ss = rules::strength(&g.board, &st, s);
    let mut script = vec![2; gs]; // German dice miss
    script.extend(vec![1; ss as usize]); // every Soviet die is a natural 1
    st.dice.script(&script).unwrap();
    planned_attack(&g, &mut st, c_hex, a_hex);
    let after = rules::strength(&g.board, &st, s);
    let gone = !matches!(st.units[s.0 as usize].loc, Location::Map(_));
    assert!(gone || after < ss, "self-hits reduced the Soviet block");
}

#[test]
fn t43_fortification_adds_one_and_falls_when_the_germans_enter() {
    let g = game();
    let opts = Options {
        variant: Some(Level::GermanImpossible),
        ..Options::default()
    };
    let mut st = empty(&g, opts);
    let fort = hex(&g, "28");
    assert!(st.fortified[fort.index()]);
    let from = g
        .board
        .topo
        .neighbours(fort)
        .find(|h| !g.board.hex(*h).soviet_reinforcement)
        .unwrap();
    let s = add_soviet(&g, &mut st, UnitKind::RifleInfantry, fort);
    st.units[s.0 as usize].face = g.board.unit(s).faces.len() as u8 - 1; // 1 pip
    keep_soviets_alive(&g, &mut st, fort);
    let inf = add_german(&g, &mut st, UnitKind::Infantry, from);
    let gs = rules::strength(&g.board, &st, inf) as usize;
    let full = gs as u8;
    let fp = g.board.unit(s).faces.last().unwrap().1.hits_on();
    let mut script = vec![1; gs]; // German dice miss
    script.push(fp - 1); // one below the Soviet threshold: hits only with the +1
    st.dice.script(&script).unwrap();
    st.dice.script(&[1; 20]).unwrap();
    planned_attack(&g, &mut st, fort, from);
    assert_eq!(
        rules::strength(&g.board, &st, inf),
        full - 1,
        "+1 from the fortification"
    );
    // German entry destroys it.
    let mut ev = Vec::new();
    rules::enter_hex(&g.board, &mut st, fort, Side::German, None, &mut ev);
    assert!(!st.fortified[fort.index()]);
}

#[test]
fn t44_immortal_guard_restores_guards_at_the_confrontation() {
    let g = game();
    let mut st = empty(&g, Options::default());
    st.advantages.push(Advantage::ImmortalGuard);
    let (c_hex, a_hex) = attack_pair(&g, Terrain::Clear);
    let guard = soviets(&g, &st, UnitKind::GuardsInfantry, 1)[0];
    place(&g, &mut st, guard, c_hex, 2);
    keep_soviets_alive(&g, &mut st, c_hex);
    add_german(&g, &mut st, UnitKind::Infantry, a_hex);
    st.dice.script(&[1; 40]).unwrap();
    planned_attack(&g, &mut st, c_hex, a_hex);
    assert_eq!(
        rules::strength(&g.board, &st, guard),
        g.board.unit(guard).max_strength()
    );
}

#[test]
fn e20_okh_extension_turns_per_eliminated_r_unit() {
    let g = game();
    let mut st = empty(&g, Options::default());
    add_soviet(&g, &mut st, UnitKind::RifleInfantry, hex(&g, "50"));
    add_german(&g, &mut st, UnitKind::Infantry, hex(&g, "W"));
    leader(&mut st, card(&g, |e| e == CardEffect::Okh));
    let r: Vec<UnitId> = g
        .board
        .unit_ids()
        .filter(|u| g.board.unit(*u).r_unit)
        .take(2)
        .collect();
    for (i, u) in r.iter().enumerate() {
        st.table.iter_mut().for_each(|row| row.retain(|x| x != u));
        st.units[u.0 as usize].loc = Location::Eliminated(i as u8 + 1);
    }
    let last = st.soviet_deck.pop().unwrap();
    st.discards.append(&mut st.soviet_deck);
    st.soviet_deck.push(last);
    // The Soviet turn draws the last card (a lone die of 1 draws).
    st.phase = Phase::SovietSweep {
        dice: vec![(hex(&g, "50"), 1)],
        value: 1,
    };
    let mut ev = Vec::new();
    rules::run(&g.board, &mut st, &mut ev);
    rules::end_soviet_turn(&g.board, &mut st, &mut ev);
    assert!(st.outcome.is_none(), "no immediate Soviet victory");
    assert_eq!(st.okh_extra_turns, Some(2));
    g.apply(&mut st, german_seat(), &Action::EndShortMoves)
        .unwrap();
    assert!(st.outcome.is_none());
    assert_eq!(
        g.active(&st),
        Some(german_seat()),
        "consecutive German turns"
    );
    g.apply(&mut st, german_seat(), &Action::EndShortMoves)
        .unwrap();
    assert_eq!(
        g.outcome(&st).unwrap().winner,
        Some(Side::Soviet),
        "the extra turns are used up"
    );
}
