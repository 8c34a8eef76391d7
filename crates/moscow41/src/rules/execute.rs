//! [`execute`]: carrying out one legal action on the state.

use super::*;

pub(super) fn execute(board: &Board, st: &mut State, a: &Action, ev: &mut Vec<Event>) {
    let side = st.active;
    match a {
        Action::Place { .. } | Action::PlaceDl { .. } => setup::apply_setup(board, st, a),
        Action::LogisticPause => {
            // R 7.1: the Leader regenerates completely.
            if let Some(l) = leader_of(board, side) {
                if matches!(st.blocks[l.index()].loc, Loc::Space(_)) {
                    st.blocks[l.index()].strength = board.block(l).max_strength;
                }
            }
            info(
                ev,
                "R 7.1",
                format!(
                    "{} declares a Logistic Pause: the Leader returns to full strength.",
                    side.name()
                ),
            );
            next_logistic(board, st, ev);
        }
        Action::ActivateLeader => {
            let v = vl(board, st, side);
            st.logistics = Some(Logistics {
                side,
                vl: v,
                regeneration_left: v,
                replacement_left: v,
            });
            info(
                ev,
                "R 7.2",
                format!("{} activates the Leader: Logistic Value {v}.", side.name()),
            );
            st.phase = Phase::Regeneration;
        }
        Action::Regenerate { hq } => {
            let s = st.blocks[hq.index()].strength;
            st.blocks[hq.index()].strength = raised(board, *hq, s).unwrap_or(s);
            st.logistics.as_mut().unwrap().regeneration_left -= 1;
            private(
                ev,
                EventKind::Info,
                "R 7.2.2",
                format!("{} regenerates an HQ step.", side.name()),
                side,
                format!("{} regenerates one step.", board.block(*hq).name),
            );
        }
        Action::EndRegeneration => st.phase = Phase::Replacement,
        Action::Replace { block } => {
            let c = replace_cost(board, st, *block);
            st.blocks[block.index()].strength += 1;
            st.logistics.as_mut().unwrap().replacement_left -= c;
            private(
                ev,
                EventKind::Info,
                "R 7.2.2",
                format!("{} replaces a step.", side.name()),
                side,
                format!("{} gains a step ({c} points).", board.block(*block).name),
            );
        }
        Action::EndReplacement => {
            let n = st.logistics.as_ref().unwrap().vl;
            draw_reinforcements(board, st, side, n, ev);
            st.phase = Phase::Reinforce { logistic: true };
        }
        Action::Deploy { block, area } => {
            st.drawn.retain(|b| b != block);
            st.blocks[block.index()].loc = Loc::Space(*area);
            if side == Side::Soviet {
                st.batch_areas.push(*area);
            }
            private(
                ev,
                EventKind::Moved {
                    from: None,
                    to: *area,
                },
                "R 5.0",
                format!(
                    "A {} reinforcement enters at {}.",
                    side.name(),
                    board.place_label(*area)
                ),
                side,
                format!(
                    "{} enters at {}.",
                    board.block(*block).name,
                    board.place_label(*area)
                ),
            );
        }
        Action::Tactical => begin_impulse(board, st, ImpulseKind::Tactical, ev),
        Action::StrategicMove => begin_impulse(board, st, ImpulseKind::StrategicMove, ev),
        Action::StrategicReinforce => begin_impulse(board, st, ImpulseKind::StrategicReinforce, ev),
        Action::Pass => begin_impulse(board, st, ImpulseKind::Pass, ev),
        Action::Activate { hq, path } => {
            if !path.is_empty() {
                do_move(board, st, *hq, path, ev);
                after_control_change(board, st, ev);
            }
            st.blocks[hq.index()].revealed = true;
            let i = imp_mut(st);
            i.activated.push(*hq);
            i.revealed_now.push(*hq);
            let at = space_of(st, *hq).unwrap();
            event(
                ev,
                EventKind::Reveal { blocks: vec![*hq] },
                "R 10.1",
                format!(
                    "{} is activated and revealed in {}.",
                    board.block(*hq).name,
                    board.place_label(at)
                ),
            );
        }
        Action::EndActivation => st.phase = Phase::Command,
        Action::Move { block, path } if space_of(st, *block).is_some_and(|x| !board.is_area(x)) => {
            // RO 14.2: a transfer from the Road to the map, keeping the strength.
            let from = space_of(st, *block).unwrap();
            let to = path[0];
            st.blocks[block.index()].loc = Loc::Space(to);
            st.blocks[block.index()].revealed = false;
            mark_acted(st, *block);
            private(
                ev,
                EventKind::Moved {
                    from: Some(from),
                    to,
                },
                "RO 14.2",
                format!(
                    "A {} block leaves {} for {}.",
                    side.name(),
                    board.place_label(from),
                    board.place_label(to)
                ),
                side,
                format!(
                    "{} leaves {} for {}.",
                    board.block(*block).name,
                    board.place_label(from),
                    board.place_label(to)
                ),
            );
            after_control_change(board, st, ev);
        }
        Action::Move { block, path } => {
            do_move(board, st, *block, path, ev);
            st.blocks[block.index()].revealed = false;
            mark_acted(st, *block);
            after_control_change(board, st, ev);
        }
        Action::Rail { block, to } => {
            let from = space_of(st, *block).unwrap();
            st.blocks[block.index()].loc = Loc::Space(*to);
            mark_acted(st, *block);
            private(
                ev,
                EventKind::Moved {
                    from: Some(from),
                    to: *to,
                },
                "RO 14.4",
                format!(
                    "A {} block moves by rail to {}.",
                    side.name(),
                    board.place_label(*to)
                ),
                side,
                format!(
                    "{} moves by rail to {}.",
                    board.block(*block).name,
                    board.place_label(*to)
                ),
            );
        }
        Action::BuildDl { block } => {
            let a = space_of(st, *block).unwrap();
            let s = st.blocks[block.index()].strength;
            st.blocks[block.index()].strength = reduced(board, *block, s).unwrap_or(s);
            st.dl[a.index()][side_index(side)] = true;
            mark_acted(st, *block);
            event(
                ev,
                EventKind::DlBuilt { area: a, side },
                "R 4.1",
                format!(
                    "{} builds a Defensive Line in {}.",
                    side.name(),
                    board.place_label(a)
                ),
            );
        }
        Action::DismantleDl { area } => {
            st.dl[area.index()][side_index(side)] = false;
            st.dl_isolated[area.index()][side_index(side)] = false;
            event(
                ev,
                EventKind::DlDestroyed { area: *area, side },
                "R 4.1",
                format!(
                    "{} dismantles its Defensive Line in {} to build it again.",
                    side.name(),
                    board.place_label(*area)
                ),
            );
        }
        Action::EndCommand => end_command(board, st, ev),
        Action::Artillery { hq, area } => {
            imp_mut(st).artillery.push((*hq, *area));
            info(
                ev,
                "R 10.4",
                format!(
                    "{} places its Artillery Fire marker on {}.",
                    board.block(*hq).name,
                    board.place_label(*area)
                ),
            );
        }
        Action::Bomber { bomber, area } => {
            st.bombers[bomber.0 as usize] = BomberState::Committed(*area);
            info(
                ev,
                "R 10.10",
                format!("A bomber is committed over {}.", board.place_label(*area)),
            );
        }
        Action::EndSupport => {
            if !imp(st).blitz && !imp(st).road_rolled {
                road_roll(board, st, ev);
            }
            st.phase = Phase::Battles;
        }
        Action::Fight { area } => start_battle(board, st, *area, ev),
        Action::EndCombat => end_combat(board, st, ev),
        Action::BattleChoice { option } => {
            if let Some(b) = st.battle.as_mut() {
                if let Some(p) = b.pending_choice() {
                    let o: BattleOption = p.options[*option as usize];
                    let _ = b.choose(o);
                }
            }
            continue_battle(board, st, ev);
        }
        Action::Blitz { block, to } => {
            let from = space_of(st, *block).unwrap();
            let enemy = has_units(board, st, *to, side.other());
            st.blocks[block.index()].loc = Loc::Space(*to);
            // The Blitz area is newly disputed, so a block blitzing across a river rolls one
            // die there (R 10.12.5.1, 10.16 Impl); its cube from an earlier engagement goes.
            let across = enemy && board.river_between(from, *to) && !st.weather.snowy();
            let i = imp_mut(st);
            i.river.retain(|x| x != block);
            if across {
                i.river.push(*block);
            }
            i.blitzed.push(*block);
            if enemy && !i.blitz_areas.contains(to) {
                i.blitz_areas.push(*to);
            }
            event(
                ev,
                EventKind::Moved {
                    from: Some(from),
                    to: *to,
                },
                "R 10.16",
                format!(
                    "{} blitzes from {} into {}.",
                    board.block(*block).name,
                    board.place_label(from),
                    board.place_label(*to)
                ),
            );
            if !enemy && st.control[to.index()] != side {
                st.control[to.index()] = side; // GAP-32: no battle, control flips
            }
            after_control_change(board, st, ev);
        }
        Action::EndBlitz => end_blitz_moves(st),
        Action::Exploit => {
            spend_disc(st, side);
            let v = vl(board, st, side);
            let i = imp_mut(st);
            i.acted.clear();
            i.actions_left = Some(v);
            info(
                ev,
                "R 10.18",
                format!(
                    "{} spends the Initiative Disc for an Exploitation Move ({v} Fast blocks).",
                    side.name()
                ),
            );
            st.phase = Phase::Exploitation;
        }
        Action::NoExploit => finish_impulse(board, st, ev),
        Action::EndExploitation => finish_impulse(board, st, ev),
    }
}

fn mark_acted(st: &mut State, b: BlockId) {
    let i = imp_mut(st);
    i.acted.push(b);
    if let Some(n) = i.actions_left.as_mut() {
        *n = n.saturating_sub(1);
    }
}
