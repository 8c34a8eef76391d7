//! The legal actions of the moment ([`legal_actions`]): the German actions (§6.7), moves,
//! attacks, card choices and placements.

use super::*;

pub fn legal_actions(board: &Board, st: &State) -> Vec<Action> {
    if st.outcome.is_some() {
        return Vec::new();
    }
    if let Some(c) = &st.combat {
        return c.legal_actions(board, st);
    }
    match &st.phase {
        Phase::GermanAction => german_action_choices(board, st),
        Phase::ShortMoves { moved } => {
            let mut v = short_moves(board, st, moved);
            v.push(Action::EndShortMoves);
            v
        }
        Phase::PlaceReinforcements { units } => {
            let mut v = placements(board, st, units);
            v.push(Action::EndPlacement);
            v
        }
        Phase::SovietChoice => crate::soviet::human_choices(board, st),
        Phase::SovietMoves { remaining } => crate::soviet::human_moves(board, st, remaining),
        _ => Vec::new(),
    }
}

fn german_stacks(board: &Board, st: &State) -> Vec<(SpaceId, Vec<UnitId>)> {
    let mut stacks: Vec<(SpaceId, Vec<UnitId>)> = Vec::new();
    for u in board.unit_ids() {
        if side_of_unit(board, u) != Side::German {
            continue;
        }
        if let Location::Map(h) = st.units[u.0 as usize].loc {
            match stacks.iter_mut().find(|s| s.0 == h) {
                Some(s) => s.1.push(u),
                None => stacks.push((h, vec![u])),
            }
        }
    }
    stacks.sort_by_key(|s| s.0);
    stacks
}

fn german_action_choices(board: &Board, st: &State) -> Vec<Action> {
    let mut v = vec![Action::CallReinforcements, Action::EndShortMoves];
    v.extend(long_moves(board, st));
    v.extend(short_moves(board, st, &[]));
    v.extend(quick_attacks(board, st));
    v.extend(planned_attacks(board, st));
    v
}

/// Stalingrad: 2. UN MOVIMIENTO LARGO (§6.7.3). A whole stack in a Clear hex not adjacent to
/// Soviets moves 1–2 Clear hexes, none adjacent to Soviets; it may pass through (not end in)
/// a German stack in its first hex.
pub fn long_moves(board: &Board, st: &State) -> Vec<Action> {
    let occ = occupancy(board, st);
    let ok = |h: SpaceId| {
        board.terrain(h) == Terrain::Clear
            && occ[h.index()].1 == 0
            && !adjacent_to_soviet(board, &occ, h)
    };
    let mut v = Vec::new();
    for (a, units) in german_stacks(board, st) {
        if !ok(a) || !coop_owns(board, st, &units) {
            continue;
        }
        for b in board.topo.neighbours(a) {
            if !ok(b) {
                continue;
            }
            if occ[b.index()].0 == 0 && coop_mix_ok(board, st, &units, b) {
                v.push(Action::LongMove {
                    from: a,
                    path: vec![b],
                });
            }
            for c in board.topo.neighbours(b) {
                if c != a && ok(c) && occ[c.index()].0 == 0 && coop_mix_ok(board, st, &units, c) {
                    v.push(Action::LongMove {
                        from: a,
                        path: vec![b, c],
                    });
                }
            }
        }
    }
    v
}

/// Stalingrad: 3. HASTA DOS MOVIMIENTOS CORTOS (§6.7.4). Part or all of a stack moves one
/// hex into a hex with no Soviet stack and not adjacent to one, within the stacking limit.
/// `moved`: units that already moved in this action (each unit moves once).
pub fn short_moves(board: &Board, st: &State, moved: &[UnitId]) -> Vec<Action> {
    let occ = occupancy(board, st);
    let mut v = Vec::new();
    for (a, units) in german_stacks(board, st) {
        let free: Vec<UnitId> = units
            .iter()
            .copied()
            .filter(|u| !moved.contains(u))
            .collect();
        if free.is_empty() {
            continue;
        }
        if st.options.flags.short_move_origin_must_be_free && adjacent_to_soviet(board, &occ, a) {
            continue;
        }
        for to in board.topo.neighbours(a) {
            if occ[to.index()].1 > 0 || adjacent_to_soviet(board, &occ, to) {
                continue;
            }
            let room = STACK_LIMIT.saturating_sub(occ[to.index()].0 as usize);
            for s in subsets(&free) {
                if s.len() <= room && coop_owns(board, st, &units) && coop_mix_ok(board, st, &s, to)
                {
                    v.push(Action::ShortMove { units: s, to });
                }
            }
        }
    }
    v
}

/// Stalingrad: 4. UN ATAQUE RÁPIDO (§6.7.5). Units of a stack not adjacent to Soviets move
/// one hex into a hex next to a Soviet stack (consolidating allowed) and that whole stack
/// attacks one adjacent Soviet stack.
pub fn quick_attacks(board: &Board, st: &State) -> Vec<Action> {
    let occ = occupancy(board, st);
    let mut v = Vec::new();
    for (a, units) in german_stacks(board, st) {
        if adjacent_to_soviet(board, &occ, a) {
            continue;
        }
        for to in board.topo.neighbours(a) {
            if occ[to.index()].1 > 0 {
                continue;
            }
            let targets: Vec<SpaceId> = board
                .topo
                .neighbours(to)
                .filter(|t| occ[t.index()].1 > 0)
                .collect();
            if targets.is_empty() {
                continue;
            }
            let room = STACK_LIMIT.saturating_sub(occ[to.index()].0 as usize);
            for s in subsets(&units) {
                if s.len() > room
                    || !coop_owns(board, st, &units)
                    || !coop_mix_ok(board, st, &s, to)
                {
                    continue;
                }
                for &t in &targets {
                    v.push(Action::QuickAttack {
                        units: s.clone(),
                        to,
                        target: t,
                    });
                }
            }
        }
    }
    v
}

/// Stalingrad: 5. UN ATAQUE PLANIFICADO (§6.7.6, §6.7.7): one Soviet stack, attacked by any
/// non-empty set of adjacent German stacks, with at most one support card (several Pioneers
/// with Linden; the 672nd only with Linden).
pub fn planned_attacks(board: &Board, st: &State) -> Vec<Action> {
    let occ = occupancy(board, st);
    let card_sets = german_card_choices(board, st);
    let mut v = Vec::new();
    for t in board.topo.ids() {
        if occ[t.index()].1 == 0 {
            continue;
        }
        let adj: Vec<SpaceId> = board
            .topo
            .neighbours(t)
            .filter(|h| occ[h.index()].0 > 0)
            .collect();
        if adj.is_empty() {
            continue;
        }
        let n = adj.len();
        for m in 1u32..(1 << n) {
            let from: Vec<SpaceId> = (0..n)
                .filter(|i| m & (1 << i) != 0)
                .map(|i| adj[i])
                .collect();
            if st.options.mode.two_germans() {
                // §9.1 rule 10: at least one attacking stack belongs to the active player.
                let mine = from
                    .iter()
                    .any(|h| stack_colour(board, st, *h) == Some(st.german_player));
                if !mine {
                    continue;
                }
            }
            for cards in &card_sets {
                v.push(Action::PlannedAttack {
                    target: t,
                    from: from.clone(),
                    cards: cards.clone(),
                });
            }
        }
    }
    v
}

/// The card combinations the German may play in a Planned Attack (§6.7.7, T36).
pub fn german_card_choices(board: &Board, st: &State) -> Vec<Vec<CardId>> {
    let linden = leader_in_play(board, st, CardEffect::Linden);
    let mut sets: Vec<Vec<CardId>> = vec![Vec::new()];
    let playable: Vec<CardId> = st
        .german_hand
        .iter()
        .copied()
        .filter(|c| {
            !st.options.mode.two_germans() || st.german_card_owner[c.0 as usize] == st.german_player
        })
        .filter(|c| match board.card(*c).effect {
            CardEffect::Bombard { needs_linden, .. } => !needs_linden || linden,
            CardEffect::GermanSniper | CardEffect::Pak => true,
            _ => false,
        })
        .collect();
    for c in &playable {
        sets.push(vec![*c]);
    }
    if linden {
        let pioneers: Vec<CardId> = playable
            .iter()
            .copied()
            .filter(|c| {
                matches!(
                    board.card(*c).effect,
                    CardEffect::Bombard { pioneer: true, .. }
                )
            })
            .collect();
        let n = pioneers.len().min(8);
        for m in 1u32..(1 << n) {
            if m.count_ones() >= 2 {
                sets.push(
                    (0..n)
                        .filter(|i| m & (1 << i) != 0)
                        .map(|i| pioneers[i])
                        .collect(),
                );
            }
        }
    }
    sets
}

pub(super) fn placements(board: &Board, st: &State, units: &[UnitId]) -> Vec<Action> {
    let occ = occupancy(board, st);
    let mut v = Vec::new();
    for &u in units {
        for h in reinforcement_hexes_for(board, st, u) {
            if occ[h.index()].0 as usize >= STACK_LIMIT || st.control[h.index()] != Side::German {
                continue;
            }
            if !coop_mix_ok(board, st, &[u], h) {
                continue;
            }
            v.push(Action::Place { unit: u, hex: h });
        }
    }
    v
}

/// Blue → Z; Yellow → X/Y; White → X, Y or Z (§6.7.1 step 4). Cooperative §9.1 rule 9: White
/// units go to the calling player's colour hexes until they are full.
fn reinforcement_hexes_for(board: &Board, st: &State, u: UnitId) -> Vec<SpaceId> {
    let army = board.unit(u).army.unwrap_or(Army::White);
    let all: Vec<SpaceId> = board
        .topo
        .ids()
        .filter(|h| match (board.hex(*h).german_reinforcement, army) {
            (None, _) => false,
            (Some(_), Army::White) => true,
            (Some(c), a) => c == a,
        })
        .collect();
    if army == Army::White && st.options.mode.two_germans() {
        let own = if st.german_player == 0 {
            Army::Yellow
        } else {
            Army::Blue
        };
        let occ = occupancy(board, st);
        let mine: Vec<SpaceId> = all
            .iter()
            .copied()
            .filter(|h| board.hex(*h).german_reinforcement == Some(own))
            .collect();
        let room = mine.iter().any(|h| {
            st.control[h.index()] == Side::German && (occ[h.index()].0 as usize) < STACK_LIMIT
        });
        if room {
            return mine;
        }
    }
    all
}
