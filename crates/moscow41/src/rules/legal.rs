//! The legal actions of the moment ([`legal_actions`]), built in one list allocated at
//! about the last long list's length.

use super::*;

thread_local! {
    /// The length of the last long list ([`long_list`]).
    static LAST_LEN: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// A long list (every move of every block), allocated once at about the last such list's
/// length (performance: the actions hold their paths inline, so the list is the only
/// allocation).
fn long_list(build: impl FnOnce(&mut Vec<Action>)) -> Vec<Action> {
    let hint = LAST_LEN.with(|n| n.get());
    let mut v = Vec::with_capacity(hint + hint / 4 + 16);
    build(&mut v);
    LAST_LEN.with(|n| n.set(v.len()));
    v
}

pub fn legal_actions(board: &Board, st: &State) -> Vec<Action> {
    if active_side(st).is_none() {
        return Vec::new();
    }
    let side = st.active;
    match &st.phase {
        Phase::Setup { .. } => setup::setup_actions(board, st),
        Phase::LogisticChoice { .. } => vec![Action::LogisticPause, Action::ActivateLeader],
        Phase::Regeneration => {
            let occ = Occupancy::new(board, st);
            let mut v: Vec<Action> = board
                .side_blocks(side)
                .filter(|b| can_regenerate(board, st, &occ, *b))
                .map(|hq| Action::Regenerate { hq })
                .collect();
            v.push(Action::EndRegeneration);
            v
        }
        Phase::Replacement => {
            let occ = Occupancy::new(board, st);
            let mut v: Vec<Action> = board
                .side_blocks(side)
                .filter(|b| can_replace(board, st, &occ, *b))
                .map(|block| Action::Replace { block })
                .collect();
            v.push(Action::EndReplacement);
            v
        }
        Phase::Reinforce { .. } => {
            let mut v = Vec::new();
            if let Some(&b) = st.drawn.first() {
                for a in reinforcement_areas(board, st, b) {
                    v.push(Action::Deploy { block: b, area: a });
                }
            }
            v
        }
        Phase::ImpulseChoice => {
            let mut v = Vec::new();
            if can_play_tactical(board, st, side) {
                v.push(Action::Tactical);
            }
            if can_spend_disc(board, st, side) {
                v.push(Action::StrategicMove);
                v.push(Action::StrategicReinforce);
            }
            v.push(Action::Pass);
            v
        }
        Phase::Activation => {
            let occ = Occupancy::new(board, st);
            let mut v = Vec::new();
            for hq in board.side_blocks(side) {
                if can_activate_with(board, st, &occ, hq) {
                    let here = space_of(st, hq).unwrap();
                    if reveal_ok_with(board, st, &occ, hq, here) {
                        v.push(Action::Activate {
                            hq,
                            path: AreaPath::new(),
                        });
                    }
                    if board.is_area(space_of(st, hq).unwrap()) {
                        for_each_destination(board, st, &occ, hq, MoveMode::NoEngage, |a, path| {
                            if reveal_ok_with(board, st, &occ, hq, a) {
                                v.push(Action::Activate { hq, path: *path });
                            }
                        });
                    }
                }
            }
            // R 10.0 needs a Tactical HQ; if the weather roll or the supply check made every
            // activation impossible after the declaration, the impulse goes on without one.
            if v.is_empty()
                || imp(st)
                    .activated
                    .iter()
                    .any(|h| board.block(*h).role == Role::TacticalHq)
            {
                v.push(Action::EndActivation);
            }
            v
        }
        Phase::Command => long_list(|v| {
            let occ = Occupancy::new(board, st);
            let mode = command_mode(st);
            let rail = rail_allowed(st);
            // Every block in an area shares its rail destinations: computed once, copied.
            // The movement searches are cached (`moves::for_each_destination`).
            let blocks = commandable_with(board, st, &occ);
            let mut rail_starts: Vec<AreaId> = Vec::new();
            if rail {
                for &b in &blocks {
                    if let Some(a) = space_of(st, b) {
                        if !rail_starts.contains(&a) {
                            rail_starts.push(a);
                        }
                    }
                }
            }
            let side = imp(st).side;
            let rail_dests = rail_destinations_from(board, st, &occ, side, &rail_starts);
            let rail_of = |b: BlockId| {
                space_of(st, b)
                    .and_then(|a| rail_starts.iter().position(|x| *x == a))
                    .map(|k| rail_dests[k].as_slice())
                    .unwrap_or(&[])
            };
            let can_build = dls_used_of(board, st, side).0 < dls_used_of(board, st, side).1;
            with_searches(board, st, &occ, side, |searches| {
                for &b in &blocks {
                    searches.each(b, mode, |_, path| {
                        v.push(Action::Move {
                            block: b,
                            path: *path,
                        })
                    });
                    if can_build && dl_site_ok(board, st, &occ, b) {
                        v.push(Action::BuildDl { block: b });
                    }
                    if rail {
                        v.extend(rail_of(b).iter().map(|&to| Action::Rail { block: b, to }));
                    }
                }
            });
            v.extend(dismantle_actions(board, st, &occ, &blocks));
            for (block, to) in transfers(board, st) {
                v.push(Action::Move {
                    block,
                    path: [to].into(),
                });
            }
            v.push(Action::EndCommand);
        }),
        Phase::Support => {
            let mut v = support_actions(board, st);
            v.push(Action::EndSupport);
            v
        }
        Phase::Battles => {
            let f = fightable(board, st);
            let i = imp(st);
            let mandatory = f.iter().any(|a| {
                if i.blitz {
                    i.blitz_areas.contains(a)
                } else {
                    !i.disputed_at_start[a.index()]
                }
            });
            let mut v: Vec<Action> = f.into_iter().map(|area| Action::Fight { area }).collect();
            if !mandatory {
                v.push(Action::EndCombat);
            }
            v
        }
        Phase::Battle => match st.battle.as_ref().and_then(|b| b.pending_choice()) {
            Some(p) => (0..p.options.len())
                .map(|i| Action::BattleChoice { option: i as u8 })
                .collect(),
            None => Vec::new(),
        },
        Phase::Blitz => {
            let mut v = Vec::new();
            for b in blitz_blocks(board, st) {
                for to in blitz_targets(board, st, b) {
                    v.push(Action::Blitz { block: b, to });
                }
            }
            v.push(Action::EndBlitz);
            v
        }
        Phase::ExploitOffer => vec![Action::Exploit, Action::NoExploit],
        Phase::Exploitation => long_list(|v| {
            let occ = Occupancy::new(board, st);
            let blocks = commandable_with(board, st, &occ);
            if let Some(&first) = blocks.first() {
                with_searches(board, st, &occ, board.block(first).side, |searches| {
                    for &b in &blocks {
                        searches.each(b, MoveMode::Exploitation, |_, path| {
                            v.push(Action::Move {
                                block: b,
                                path: *path,
                            })
                        });
                    }
                });
            }
            v.push(Action::EndExploitation);
        }),
        Phase::GameOver => Vec::new(),
    }
}
