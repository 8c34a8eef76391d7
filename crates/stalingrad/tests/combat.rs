//! The combat sequence (rules §6.8–§6.11; oracles T02–T04, T09–T16, T42; examples E8–E10).
//! Dice are scripted; S1 draws no card because the Soviet hand is empty.

mod common;
use common::*;
use eastfront_kernel::{Game, Side, SpaceId};
use eastfront_stalingrad::combat::{Attack, Combat};
use eastfront_stalingrad::data::{CardEffect, Terrain, UnitKind};
use eastfront_stalingrad::*;

fn strength(g: &Stalingrad, st: &State, u: UnitId) -> u8 {
    rules::strength(&g.board, st, u)
}

#[test]
fn t14_urban_defender_fires_first_and_only_survivors_reply() {
    let g = game();
    let mut st = empty(&g, Options::default());
    let (u_hex, a_hex) = attack_pair(&g, Terrain::Urban);
    let s = add_soviet(&g, &mut st, UnitKind::RifleInfantry, u_hex);
    let def_strength = strength(&g, &st, s);
    let german = germans(&g, &st, UnitKind::Infantry, 1)[0];
    let last = g.board.unit(german).faces.len() as u8 - 1;
    place(&g, &mut st, german, a_hex, last); // strength 1
    keep_soviets_alive(&g, &mut st, u_hex);
    // Rubble roll (3 dice), then the Soviet dice all hit; five spare dice stay unused.
    let mut script = vec![1, 1, 1];
    script.extend(std::iter::repeat_n(6, def_strength as usize));
    script.extend([2; 5]);
    st.dice.script(&script).unwrap();
    let ev = planned_attack(&g, &mut st, u_hex, a_hex);
    assert_eq!(
        st.units[german.0 as usize].loc,
        Location::Casualties,
        "the German died before firing"
    );
    let fire: Vec<&str> = ev
        .iter()
        .map(|e| e.public.as_str())
        .filter(|t| t.contains("close-combat fire"))
        .collect();
    assert_eq!(fire.len(), 1, "only the defender rolled: {fire:?}");
    assert!(fire[0].starts_with("Soviet"));
    assert_eq!(strength(&g, &st, s), def_strength);
}

#[test]
fn t02_t13_rubble_halves_the_attackers_hits() {
    for rubble in [false, true] {
        let g = game();
        let mut st = empty(&g, Options::default());
        let (u_hex, a_hex) = attack_pair(&g, Terrain::Urban);
        let s = soviets(&g, &st, UnitKind::RifleInfantry, 30)
            .into_iter()
            .find(|u| g.board.unit(*u).faces.len() == 4)
            .unwrap();
        place(&g, &mut st, s, u_hex, 0); // 4 pips
        let pz = unit(&g, "pz2");
        place(&g, &mut st, pz, a_hex, 1); // 3 pips: rolls 3 dice (T02)
        keep_soviets_alive(&g, &mut st, u_hex);
        st.rubble[u_hex.index()] = rubble;
        let mut script = if rubble { vec![] } else { vec![1, 1, 1] }; // no roll on a Rubble hex
        script.extend([1, 1, 1, 1]); // Soviet fire: 4 dice, all miss
        script.extend([6, 6, 6]); // German fire: 3 hits
        st.dice.script(&script).unwrap();
        planned_attack(&g, &mut st, u_hex, a_hex);
        let expected = if rubble { 4 - 1 } else { 4 - 3 };
        assert_eq!(strength(&g, &st, s), expected, "rubble = {rubble}");
        assert_eq!(st.dice.scripted_left(), 0);
    }
}

#[test]
fn t01_t03_firepower_thresholds_and_destruction() {
    // FD (white) hits on 5–6: a 4-pip FD Soviet block rolling 4,5,6,6 scores 3 hits.
    let g = game();
    let mut st = empty(&g, Options::default());
    let (c_hex, a_hex) = attack_pair(&g, Terrain::Clear);
    let s = soviets(&g, &st, UnitKind::RifleInfantry, 30)
        .into_iter()
        .find(|u| g.board.unit(*u).faces[0] == (4, data::Firepower::Double))
        .unwrap();
    place(&g, &mut st, s, c_hex, 0);
    let g1 = germans(&g, &st, UnitKind::Infantry, 1)[0];
    place(&g, &mut st, g1, a_hex, 0);
    let g_str = strength(&g, &st, g1);
    keep_soviets_alive(&g, &mut st, c_hex);
    // Simultaneous: attacker dice first (German g_str dice, all miss), then the Soviet 4 dice.
    let mut script = vec![1; g_str as usize];
    script.extend([4, 5, 6, 6]);
    st.dice.script(&script).unwrap();
    planned_attack(&g, &mut st, c_hex, a_hex);
    let lost = g_str as i32 - 3;
    if lost <= 0 {
        assert_eq!(
            st.units[g1.0 as usize].loc,
            Location::Casualties,
            "T03: below minimum → Casualty Register"
        );
    } else {
        assert_eq!(strength(&g, &st, g1) as i32, lost);
    }
}

#[test]
fn t04_equal_strengths_ask_the_german() {
    let g = game();
    let mut st = empty(&g, Options::default());
    let (c_hex, a_hex) = attack_pair(&g, Terrain::Clear);
    let s = add_soviet(&g, &mut st, UnitKind::RifleInfantry, c_hex);
    let two = germans(&g, &st, UnitKind::Infantry, 2);
    for u in &two {
        let f = g
            .board
            .unit(*u)
            .faces
            .iter()
            .position(|f| f.0 == 2)
            .unwrap() as u8;
        place(&g, &mut st, *u, a_hex, f);
    }
    keep_soviets_alive(&g, &mut st, c_hex);
    let n = strength(&g, &st, s);
    let mut script = vec![1, 1, 1, 1]; // Germans miss
    script.extend(std::iter::repeat_n(6, n as usize));
    st.dice.script(&script).unwrap();
    planned_attack(&g, &mut st, c_hex, a_hex);
    let legal = legal(&g, &st);
    assert!(
        legal.iter().all(|a| matches!(a, Action::Choose { .. })),
        "{legal:?}"
    );
    assert_eq!(legal.len(), 2);
    let pick = two[1];
    g.apply(&mut st, german_seat(), &Action::Choose { unit: pick })
        .unwrap();
    assert!(strength(&g, &st, pick) == 1 || st.units[pick.0 as usize].loc == Location::Casualties);
}

#[test]
fn e10_t42_a_revealed_blank_soviet_block_is_set_to_its_minimum() {
    let g = game();
    let mut st = empty(&g, Options::default());
    let (c_hex, a_hex) = attack_pair(&g, Terrain::Clear);
    let s = soviets(&g, &st, UnitKind::RifleInfantry, 40)
        .into_iter()
        .find(|u| g.board.unit(*u).faces.len() == 3)
        .unwrap();
    place(&g, &mut st, s, c_hex, 3); // the blank edge
    let german = add_german(&g, &mut st, UnitKind::Infantry, a_hex);
    assert_eq!(
        strength(&g, &st, german),
        g.board.unit(german).max_strength(),
        "Germans enter at full strength"
    );
    keep_soviets_alive(&g, &mut st, c_hex);
    st.dice.script(&[1; 20]).unwrap();
    let mut ev = Vec::new();
    let mut c = Combat::new(
        &g.board,
        &st,
        Attack::german_planned(vec![a_hex], c_hex, vec![]),
        &mut ev,
    );
    c.run(&g.board, &mut st, &mut ev);
    assert_eq!(
        strength(&g, &st, s),
        1,
        "blank → minimum strength before any fire"
    );
    assert!(ev.iter().any(|e| e.public.contains("blank edge")));
}

#[test]
fn e8_t11_rubble_roll_arithmetic() {
    let g = game();
    let mut st = empty(&g, Options::default());
    let nine = hex(&g, "9");
    add_soviet(&g, &mut st, UnitKind::RifleInfantry, nine);
    let around: Vec<SpaceId> = g.board.topo.neighbours(nine).take(4).collect();
    assert_eq!(
        around.len(),
        4,
        "hex 9 has four land neighbours (rules §3.5)"
    );
    let armour = ["pz2", "pz24", "pzg64", "pzg79"];
    for (h, key) in around.iter().zip(armour) {
        place(&g, &mut st, unit(&g, key), *h, 0);
    }
    let heinkel = (0..g.board.cards.len())
        .map(|i| CardId(i as u8))
        .find(|c| {
            matches!(
                g.board.card(*c).effect,
                CardEffect::Bombard {
                    air: true,
                    rubble: 3,
                    ..
                }
            )
        })
        .unwrap();
    let mut ev = Vec::new();
    let c = Combat::new(
        &g.board,
        &st,
        Attack::german_planned(around.clone(), nine, vec![heinkel]),
        &mut ev,
    );
    assert_eq!(
        c.rubble_modifier(&g.board, &st),
        11,
        "4 hexes + 2 Pz + 2 PzGr + Heinkel 3"
    );
    // With Von Richthofen the Heinkel adds 6 (T35).
    let richthofen = (0..g.board.cards.len())
        .map(|i| CardId(i as u8))
        .find(|c| g.board.card(*c).effect == CardEffect::VonRichthofen)
        .unwrap();
    let mut st2 = st.clone();
    st2.german_deck.retain(|c| *c != richthofen);
    st2.leaders_in_play.push(richthofen);
    assert_eq!(c.rubble_modifier(&g.board, &st2), 14);
    // A roll of 8 succeeds (8 + 11 > 18); 7 fails.
    for (dice, rubble) in [([2, 3, 3], true), ([2, 2, 3], false)] {
        let mut s3 = st.clone();
        s3.german_deck.retain(|c| *c != heinkel);
        s3.german_hand.push(heinkel);
        let mut script = vec![1; 6]; // Heinkel: 6 dice, all miss
        script.extend(dice);
        script.extend([1; 40]);
        s3.dice.script(&script).unwrap();
        let a = Action::PlannedAttack {
            target: nine,
            from: around.clone(),
            cards: vec![heinkel],
        };
        g.apply(&mut s3, german_seat(), &a).unwrap();
        assert_eq!(s3.rubble[nine.index()], rubble, "dice {dice:?}");
    }
}

#[test]
fn t12_rubble_only_on_urban_hexes_once_and_fifteen_at_most() {
    let g = game();
    let mut st = empty(&g, Options::default());
    let mut ev = Vec::new();
    let clear = g
        .board
        .topo
        .ids()
        .find(|h| g.board.terrain(*h) == Terrain::Clear)
        .unwrap();
    combat::place_rubble(&g.board, &mut st, clear, &mut ev);
    assert!(!st.rubble[clear.index()]);
    let urban: Vec<SpaceId> = g
        .board
        .topo
        .ids()
        .filter(|h| g.board.terrain(*h) == Terrain::Urban)
        .collect();
    assert_eq!(urban.len(), 27);
    for h in &urban {
        combat::place_rubble(&g.board, &mut st, *h, &mut ev);
        combat::place_rubble(&g.board, &mut st, *h, &mut ev);
    }
    assert_eq!(st.rubble.iter().filter(|r| **r).count(), 15);
}

#[test]
fn t16_german_advance_one_to_four_and_capture() {
    let g = game();
    let mut st = empty(&g, Options::default());
    let target = hex(&g, "19");
    let from = g.board.topo.neighbours(target).next().unwrap();
    let s = add_soviet(&g, &mut st, UnitKind::RifleInfantry, target);
    let last = g.board.unit(s).faces.len() as u8 - 1;
    st.units[s.0 as usize].face = last;
    let pz = unit(&g, "pz2");
    place(&g, &mut st, pz, from, 0);
    let inf = add_german(&g, &mut st, UnitKind::Infantry, from);
    keep_soviets_alive(&g, &mut st, target);
    let n = 4 + strength(&g, &st, inf) as usize;
    let mut script = vec![6; n]; // Germans hit with everything; Soviet 1 die misses
    script.push(1);
    st.dice.script(&script).unwrap();
    if g.board.terrain(target) == Terrain::Urban {
        let mut s2 = vec![1, 1, 1, 1];
        s2.extend(vec![6; n]);
        st.dice = eastfront_kernel::Dice::new(1);
        st.dice.script(&s2).unwrap();
    }
    planned_attack(&g, &mut st, target, from);
    assert!(
        !matches!(st.units[s.0 as usize].loc, Location::Map(_)),
        "defender destroyed"
    );
    assert!(
        matches!(st.units[s.0 as usize].loc, Location::SovietReserve(_)),
        "T03: a Soviet block returns to its reserve"
    );
    let legal = legal(&g, &st);
    assert!(legal.contains(&Action::Advance { unit: pz }));
    assert!(
        !legal.contains(&Action::EndAdvance),
        "at least one unit must advance"
    );
    let cards_before = st.german_hand.len() + st.leaders_in_play.len();
    g.apply(&mut st, german_seat(), &Action::Advance { unit: pz })
        .unwrap();
    assert_eq!(st.control[target.index()], Side::German);
    assert_eq!(
        st.german_hand.len() + st.leaders_in_play.len(),
        cards_before + 1,
        "T18: capturing an SRH draws exactly one card"
    );
    g.apply(&mut st, german_seat(), &Action::EndAdvance)
        .unwrap();
    assert_eq!(
        st.units[inf.0 as usize].loc,
        Location::Map(from),
        "the rest may stay"
    );
}

#[test]
fn e9_urban_rubble_example_soviets_roll_first_germans_need_two_hits_per_step() {
    let g = game();
    let mut st = empty(&g, Options::default());
    // An Urban hex with four land neighbours (hex 9, rules §3.5), Rubble on it.
    let nine = hex(&g, "9");
    st.rubble[nine.index()] = true;
    // Four Soviet blocks showing 8 pips: 5 black (FS) and 3 white (FD).
    let pool = soviets(&g, &st, UnitKind::RifleInfantry, 60);
    let pick = |pips: u8, fp: data::Firepower, not: &[UnitId]| -> (UnitId, u8) {
        pool.iter()
            .filter(|u| !not.contains(u))
            .find_map(|u| {
                g.board
                    .unit(*u)
                    .faces
                    .iter()
                    .position(|f| *f == (pips, fp))
                    .map(|i| (*u, i as u8))
            })
            .expect("a block with that edge")
    };
    let mut chosen = Vec::new();
    for (pips, fp) in [
        (2, data::Firepower::Single),
        (2, data::Firepower::Single),
        (1, data::Firepower::Single),
        (3, data::Firepower::Double),
    ] {
        let (u, face) = pick(pips, fp, &chosen);
        place(&g, &mut st, u, nine, face);
        chosen.push(u);
    }
    let total: u8 = chosen.iter().map(|u| strength(&g, &st, *u)).sum();
    assert_eq!(total, 8);
    keep_soviets_alive(&g, &mut st, nine);
    // Sixteen German blocks around it.
    let around: Vec<SpaceId> = g.board.topo.neighbours(nine).take(4).collect();
    for h in &around {
        for _ in 0..4 {
            add_german(&g, &mut st, UnitKind::Infantry, *h);
        }
    }
    let german_pips: u32 = g
        .board
        .unit_ids()
        .filter(|u| matches!(st.units[u.0 as usize].loc, Location::Map(h) if around.contains(&h)))
        .map(|u| strength(&g, &st, u) as u32)
        .sum();
    // Soviet dice: 8, all misses; German dice: ten 6s, the rest 1s.
    let mut script = vec![1; 8];
    script.extend(vec![6; 10]);
    script.extend(vec![1; german_pips as usize - 10]);
    st.dice.script(&script).unwrap();
    let ev = g
        .apply(
            &mut st,
            german_seat(),
            &Action::PlannedAttack {
                target: nine,
                from: around.clone(),
                cards: vec![],
            },
        )
        .unwrap();
    let rolls: Vec<&Event> = ev
        .iter()
        .filter(|e| e.public.contains("close-combat fire"))
        .collect();
    assert!(
        rolls[0].public.starts_with("Soviet"),
        "the defender fires first in an Urban hex"
    );
    let roll0 = rolls[0].roll.as_ref().expect("the fire is a roll");
    assert_eq!(roll0.values.len(), 8, "one die per pip");
    assert_eq!(
        roll0.by,
        Some(eastfront_kernel::Side::Soviet),
        "the Soviet rolled"
    );
    let roll1 = rolls[1].roll.as_ref().expect("the fire is a roll");
    assert_eq!(roll1.values.len(), german_pips as usize);
    assert_eq!(roll1.by, Some(eastfront_kernel::Side::German));
    // The German breaks ties among equally strong Soviet blocks.
    while let Some(Action::Choose { unit }) = legal(&g, &st).first().cloned() {
        g.apply(&mut st, german_seat(), &Action::Choose { unit })
            .unwrap();
    }
    // Ten hits against Double Defense inflict five step losses: 8 pips become 3.
    let left: u8 = chosen
        .iter()
        .filter(|u| matches!(st.units[u.0 as usize].loc, Location::Map(_)))
        .map(|u| strength(&g, &st, *u))
        .sum();
    assert_eq!(left, 3);
}
