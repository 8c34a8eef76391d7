//! German movement (rules §6.7.2–§6.7.5; oracles T05–T08; worked examples E4–E6).

mod common;
use common::*;
use eastfront_kernel::Game;
use eastfront_stalingrad::data::{Terrain, UnitKind};
use eastfront_stalingrad::*;

#[test]
fn e4_t06_long_move_passes_through_a_stack_but_cannot_end_on_it() {
    let g = game();
    let mut st = empty(&g, Options::default());
    let (a, b, c) = clear_line(&g);
    let movers = germans(&g, &st, UnitKind::Infantry, 2);
    for u in &movers {
        place(&g, &mut st, *u, a, 0);
    }
    for u in germans(&g, &st, UnitKind::Infantry, 4) {
        place(&g, &mut st, u, b, 0);
    }
    // A Soviet block far away so the game is not over.
    keep_soviets_alive(&g, &mut st, a);
    let legal = legal(&g, &st);
    let through = Action::LongMove {
        from: a,
        path: vec![b, c],
    };
    assert!(
        legal.contains(&through),
        "A→B→C through a German 4-stack is legal"
    );
    assert!(
        !legal.contains(&Action::LongMove {
            from: a,
            path: vec![b]
        }),
        "ending on B is Consolidation"
    );
    let mut after = st.clone();
    g.apply(&mut after, german_seat(), &through).unwrap();
    for u in &movers {
        assert_eq!(
            after.units[u.0 as usize].loc,
            Location::Map(c),
            "the whole stack moves (no Fragmentation)"
        );
    }
    assert_eq!(
        rules::count_side(&g.board, &after, b, eastfront_kernel::Side::German),
        4,
        "B's stack does not move"
    );
    // C adjacent to a Soviet stack: illegal.
    let next_to_c = g.board.topo.neighbours(c).find(|h| {
        *h != b && *h != a && !g.board.topo.adjacent(*h, a) && !g.board.topo.adjacent(*h, b)
    });
    if let Some(n) = next_to_c {
        let mut st2 = st.clone();
        let s2 = soviets(&g, &st2, UnitKind::RifleInfantry, 1)[0];
        place(&g, &mut st2, s2, n, 0);
        assert!(!legal_has(&g, &st2, &through), "C next to a Soviet stack");
        let e = g
            .apply(&mut st2.clone(), german_seat(), &through)
            .unwrap_err();
        assert!(e.0.contains("MOVIMIENTO LARGO"), "{e}");
    }
}

fn legal_has(g: &Stalingrad, st: &State, a: &Action) -> bool {
    rules::legal_actions(&g.board, st).contains(a)
}

#[test]
fn t06_long_move_only_from_and_through_clear_hexes() {
    let g = game();
    let mut st = empty(&g, Options::default());
    let s = soviets(&g, &st, UnitKind::RifleInfantry, 1)[0];
    place(&g, &mut st, s, hex(&g, "19"), 0);
    let urban = g
        .board
        .topo
        .ids()
        .find(|h| {
            g.board.terrain(*h) == Terrain::Urban
                && g.board.topo.distance(*h, hex(&g, "19")).unwrap() > 3
        })
        .unwrap();
    let u = germans(&g, &st, UnitKind::Infantry, 1)[0];
    place(&g, &mut st, u, urban, 0);
    for a in rules::long_moves(&g.board, &st) {
        if let Action::LongMove { from, path } = a {
            assert_ne!(from, urban, "no Long Move out of an Urban hex");
            assert!(path.iter().all(|h| g.board.terrain(*h) == Terrain::Clear));
        }
    }
}

#[test]
fn e5_t07_short_moves_respect_stacking_and_soviet_adjacency() {
    let g = game();
    let mut st = empty(&g, Options::default());
    let (left, d, right) = clear_line(&g);
    add_german(&g, &mut st, UnitKind::Infantry, d);
    let right_stack = germans(&g, &st, UnitKind::Infantry, 4);
    for u in &right_stack {
        place(&g, &mut st, *u, right, 0);
    }
    let left_stack = germans(&g, &st, UnitKind::Infantry, 2);
    for u in &left_stack {
        place(&g, &mut st, *u, left, 0);
    }
    keep_soviets_alive(&g, &mut st, d);
    let into_d: Vec<Vec<UnitId>> = rules::short_moves(&g.board, &st, &[])
        .into_iter()
        .filter_map(|a| match a {
            Action::ShortMove { units, to }
                if to == d && units.iter().all(|u| right_stack.contains(u)) =>
            {
                Some(units)
            }
            _ => None,
        })
        .collect();
    assert!(
        into_d.iter().all(|s| s.len() <= 3),
        "never 4 into a hex that holds 1"
    );
    assert!(into_d.iter().any(|s| s.len() == 3), "1 to 3 may go");
    // Move 3 from the right, then the left stack may not add more to D.
    let three = Action::ShortMove {
        units: right_stack[..3].to_vec(),
        to: d,
    };
    g.apply(&mut st, german_seat(), &three).unwrap();
    assert!(matches!(st.phase, Phase::ShortMoves { .. }));
    let second: Vec<Action> = legal(&g, &st);
    assert!(
        !second
            .iter()
            .any(|a| matches!(a, Action::ShortMove { to, .. } if *to == d)),
        "D is full"
    );
    assert!(!second.iter().any(|a| matches!(a, Action::ShortMove { units, .. } if units.iter().any(|u| right_stack[..3].contains(u)))), "each unit moves once");
    assert!(second.contains(&Action::EndShortMoves));
    // A Short Move next to a Soviet stack is refused with the rule.
    let mut st2 = empty(&g, Options::default());
    place(&g, &mut st2, right_stack[0], left, 0);
    add_soviet(&g, &mut st2, UnitKind::RifleInfantry, right);
    let bad = Action::ShortMove {
        units: vec![right_stack[0]],
        to: d,
    };
    let e = g.apply(&mut st2, german_seat(), &bad).unwrap_err();
    assert!(e.0.contains("adjacent to a Soviet stack"), "{e}");
}

#[test]
fn t07_a_short_moves_action_with_no_move_is_a_pass() {
    let g = game();
    let mut st = g.setup("standard", &Options::default(), 3).unwrap();
    let turn = st.turn;
    g.apply(&mut st, german_seat(), &Action::EndShortMoves)
        .unwrap();
    assert!(st.turn > turn, "the German turn ended");
}

#[test]
fn e6_t08_quick_attack_only_from_stacks_not_adjacent_to_soviets() {
    let g = game();
    let mut st = empty(&g, Options::default());
    let (c_hex, a_hex, target) = clear_line(&g);
    let a_units = germans(&g, &st, UnitKind::Infantry, 1);
    place(&g, &mut st, a_units[0], a_hex, 0);
    let c_units = germans(&g, &st, UnitKind::Infantry, 2);
    for u in &c_units {
        place(&g, &mut st, *u, c_hex, 0);
    }
    add_soviet(&g, &mut st, UnitKind::RifleInfantry, target);
    let qa = rules::quick_attacks(&g.board, &st);
    assert!(!qa.iter().any(|a| matches!(a, Action::QuickAttack { units, .. } if units.contains(&a_units[0]) && units.len() == 1)), "A began adjacent: it cannot start a Quick Attack");
    let consolidate = Action::QuickAttack {
        units: c_units.clone(),
        to: a_hex,
        target,
    };
    assert!(
        qa.contains(&consolidate),
        "C may join A and the combined stack attacks"
    );
    // No card is played by the German and there is no Rubble Roll in a Quick Attack (T09).
    assert!(qa.iter().all(|a| matches!(a, Action::QuickAttack { .. })));
    let mut after = st.clone();
    after.dice.script(&[1; 40]).unwrap();
    g.apply(&mut after, german_seat(), &consolidate).unwrap();
    // Every unit in A's hex attacked: all three were revealed at the Confrontation or fought.
    let attackers: Vec<_> = c_units.iter().chain(&a_units).collect();
    assert_eq!(attackers.len(), 3);
}
