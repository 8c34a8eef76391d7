//! The Soviet side: the official solitaire AI exactly as written (ACCIONES SOVIÉTICAS, rules
//! §8 — one function per box of the procedure), the human Soviet player of the 1 vs 1 and
//! 2 vs 1 modes (§9.2), and card helpers (Marine landings, Chuikov's HQ).
//!
//! The AI makes no evaluative decision: every choice is fixed or random, drawn from the game's
//! seeded generator, so a game replays exactly.

use crate::board::{Board, CardId, UnitId};
use crate::combat::{Attack, AttackKind, Combat};
use crate::data::{CardEffect, Reserve, UnitKind};
use crate::rules::{self, count_side, dice_event, draw_soviet, info, leader_in_play, STACK_LIMIT};
use crate::state::*;
use eastfront_kernel::{Side, SpaceId};

/// C: the Soviet Reinforcement Hexes under Soviet control (§8.2).
pub fn controlled_srh(board: &Board, st: &State) -> Vec<SpaceId> {
    board
        .srh
        .iter()
        .copied()
        .filter(|h| st.control[h.index()] == Side::Soviet)
        .collect()
}

/// L: the hexes holding the largest Soviet stack, in rolling order (§8.2, §8.5.1).
pub fn largest_stacks(board: &Board, st: &State) -> Vec<SpaceId> {
    let occ = rules::occupancy(board, st);
    let m = occ.iter().map(|o| o.1).max().unwrap_or(0);
    if m == 0 {
        return Vec::new();
    }
    let mut l: Vec<SpaceId> = board.topo.ids().filter(|h| occ[h.index()].1 == m).collect();
    l.sort_by_key(|h| board.roll_order_key(*h));
    l
}

fn schedule(board: &Board, st: &State) -> Vec<(SpaceId, Vec<Reserve>)> {
    let s = if st.options.flags.reinf_13_inf_tank_7_inf {
        &board.data.setup.soviet_reinforcements_alt
    } else {
        &board.data.setup.soviet_reinforcements
    };
    s.iter()
        .filter_map(|(h, w)| board.hex_id(h).map(|h| (h, w.clone())))
        .collect()
}

/// The Soviet AI turn, steps 1–5 (§8.3).
pub fn ai_turn(board: &Board, st: &mut State, ev: &mut Vec<Event>) {
    // Step 1: no Soviet reinforcement hex under control → one card, end of turn.
    let c = controlled_srh(board, st);
    if c.is_empty() {
        info(ev, "Step 1: the Soviets control no reinforcement hex and draw one card (ACCIONES SOVIÉTICAS).");
        draw_soviet(board, st, 1, "no reinforcement hex controlled", ev);
        st.phase = Phase::SovietSweep {
            dice: Vec::new(),
            value: 7,
        };
        return;
    }
    // Steps 2–4.
    let l = largest_stacks(board, st);
    if l.len() > c.len() {
        info(ev, format!("{} Largest Stack hex(es) against {} controlled reinforcement hex(es): Reinforcement Action (A. ACCIÓN DE REFUERZOS SOVIÉTICA).", l.len(), c.len()));
        reinforcement_action(board, st, ev);
        st.phase = Phase::SovietSweep {
            dice: Vec::new(),
            value: 7,
        };
    } else {
        info(ev, format!("{} Largest Stack hex(es), {} controlled reinforcement hex(es): Movement Action (B. ACCIÓN DE MOVIMIENTO SOVIÉTICA).", l.len(), c.len()));
        let dice = roll_movement_dice(st, &l, board, ev);
        st.phase = Phase::SovietSweep { dice, value: 1 };
    }
}

/// Soviet Reinforcement Action (§8.4): the schedule in order, only in Soviet-controlled hexes;
/// a full hex costs one card; a 2-unit hex holding 3 gets one Infantry and no card; each unit
/// missing from an empty reserve costs one card.
pub fn reinforcement_action(board: &Board, st: &mut State, ev: &mut Vec<Event>) {
    for (hex, wanted) in schedule(board, st) {
        if st.outcome.is_some() {
            return;
        }
        if st.control[hex.index()] != Side::Soviet {
            continue;
        }
        let n = count_side(board, st, hex, Side::Soviet);
        if n >= STACK_LIMIT {
            draw_soviet(
                board,
                st,
                1,
                &format!("hex {} is at the stacking limit", board.hex_name(hex)),
                ev,
            );
            continue;
        }
        let wanted = if wanted.len() == 2 && n == 3 {
            vec![Reserve::Infantry]
        } else {
            wanted
        };
        for kind in wanted {
            if st.outcome.is_some() {
                return;
            }
            if !deploy_random(board, st, kind, hex, ev) {
                draw_soviet(board, st, 1, &format!("the {kind:?} reserve is empty"), ev);
            }
        }
    }
}

/// Random deployment (§6.20.1): a random unit of the reserve at a random edge, hidden.
pub fn deploy_random(
    board: &Board,
    st: &mut State,
    kind: Reserve,
    hex: SpaceId,
    ev: &mut Vec<Event>,
) -> bool {
    let pool = rules::reserve_units(board, st, kind);
    if pool.is_empty() {
        return false;
    }
    let u = pool[st.dice.pick(pool.len())];
    let face = if kind == Reserve::Marine && st.advantages.contains(&Advantage::EnhancedMarines) {
        0 // Enhanced Marine Infantry (§9.4.7): always at maximum strength
    } else {
        st.dice.pick(4) as u8
    };
    st.units[u.0 as usize] = UnitState {
        loc: Location::Map(hex),
        face,
        revealed: false,
    };
    ev.push(Event {
        rule: String::new(),
        roll: None,
        kind: EventKind::Moved {
            from: None,
            to: hex,
            units: 1,
        },
        public: format!(
            "A Soviet {kind:?} unit deploys, hidden, in hex {}.",
            board.hex_name(hex)
        ),
        private: Some((
            Side::Soviet,
            format!(
                "{} deploys in hex {} (random strength).",
                board.unit(u).name,
                board.hex_name(hex)
            ),
        )),
    });
    true
}

/// One die per Largest Stack hex, northernmost first, nearest the Volga on ties (§8.5.1).
pub fn roll_movement_dice(
    st: &mut State,
    l: &[SpaceId],
    board: &Board,
    ev: &mut Vec<Event>,
) -> Vec<(SpaceId, u8)> {
    let dice: Vec<(SpaceId, u8)> = l.iter().map(|h| (*h, st.dice.d6())).collect();
    let values: Vec<u8> = dice.iter().map(|d| d.1).collect();
    let hexes: Vec<&str> = dice.iter().map(|d| board.hex_name(d.0)).collect();
    dice_event(
        ev,
        Side::Soviet,
        &format!("Soviet movement dice for hexes {}", hexes.join(", ")),
        &values,
    );
    dice
}

/// Resolves the dice of the next value (1 up to 6). Returns false when the sweep is over.
pub fn sweep_step(board: &Board, st: &mut State, ev: &mut Vec<Event>) -> bool {
    let Phase::SovietSweep { dice, value } = st.phase.clone() else {
        return false;
    };
    if value > 6 {
        return false;
    }
    st.phase = Phase::SovietSweep {
        dice: dice.clone(),
        value: value + 1,
    };
    let hs: Vec<SpaceId> = dice.iter().filter(|d| d.1 == value).map(|d| d.0).collect();
    match hs.len() {
        0 => {}
        1 => resolve_single_die(board, st, hs[0], value, ev),
        n => {
            // Duplicates (Robo de Carta A): one card per die, nothing moves or attacks.
            draw_soviet(board, st, n, &format!("{n} dice show {value}"), ev);
        }
    }
    true
}

/// One die's outcome (§8.5.3): attack Germans in that direction, or move one random unit, or
/// draw a card (die 1, emptied hex, unplayable or full target).
pub fn resolve_single_die(board: &Board, st: &mut State, h: SpaceId, v: u8, ev: &mut Vec<Event>) {
    let units: Vec<UnitId> = rules::units_in(board, st, h)
        .into_iter()
        .filter(|u| {
            rules::side_of_unit(board, *u) == Side::Soviet
                && board.unit(*u).kind != UnitKind::General
        })
        .collect();
    if units.is_empty() {
        draw_soviet(
            board,
            st,
            1,
            &format!("hex {} has no unit left to move", board.hex_name(h)),
            ev,
        );
        return;
    }
    let t = board.topo.neighbour_in_dir(h, v - 1);
    if let Some(t) = t {
        if count_side(board, st, t, Side::German) > 0 {
            soviet_attack(board, st, h, t, ev);
            return;
        }
    }
    if v == 1 {
        draw_soviet(board, st, 1, "a 1 never moves (backwards)", ev);
        return;
    }
    let Some(t) = t else {
        draw_soviet(
            board,
            st,
            1,
            &format!(
                "direction {v} from hex {} is not playable",
                board.hex_name(h)
            ),
            ev,
        );
        return;
    };
    if count_side(board, st, t, Side::Soviet) >= STACK_LIMIT {
        draw_soviet(
            board,
            st,
            1,
            &format!("hex {} already holds 4 Soviet units", board.hex_name(t)),
            ev,
        );
        return;
    }
    let u = units[st.dice.pick(units.len())];
    st.units[u.0 as usize].loc = Location::Map(t);
    ev.push(Event {
        rule: String::new(),
        roll: None,
        kind: EventKind::Moved {
            from: Some(h),
            to: t,
            units: 1,
        },
        public: format!(
            "A Soviet block moves from {} to {} (die {v}, Soviet Compass).",
            board.hex_name(h),
            board.hex_name(t)
        ),
        private: Some((
            Side::Soviet,
            format!(
                "{} moves from {} to {} (die {v}).",
                board.unit(u).name,
                board.hex_name(h),
                board.hex_name(t)
            ),
        )),
    });
    rules::enter_hex(board, st, t, Side::Soviet, None, ev);
}

/// Soviet Quick Attack, or Planned Attack with Chuikov: every adjacent Soviet stack joins (§8.6).
pub fn soviet_attack(
    board: &Board,
    st: &mut State,
    origin: SpaceId,
    target: SpaceId,
    ev: &mut Vec<Event>,
) {
    let (hexes, kind) = if leader_in_play(board, st, CardEffect::Chuikov) {
        let mut hexes: Vec<SpaceId> = board
            .topo
            .neighbours(target)
            .filter(|h| count_side(board, st, *h, Side::Soviet) > 0)
            .collect();
        hexes.sort_by_key(|h| (*h != origin, *h));
        (hexes, AttackKind::SovietPlanned)
    } else {
        (vec![origin], AttackKind::SovietQuick)
    };
    let c = Combat::new(
        board,
        st,
        Attack {
            attacker: Side::Soviet,
            kind,
            att_hexes: hexes,
            def_hex: target,
            origin: Some(origin),
            german_cards: Vec::new(),
        },
        ev,
    );
    st.combat = Some(Box::new(c));
}

/// Volga River Flotilla landing (§6.17.2): a Marine lands on the hex numbered by the 3d6 sum.
pub fn marine_landing(board: &Board, st: &mut State, sum: u32, ev: &mut Vec<Event>) {
    let Some(lh) = board.numbered(sum) else {
        return;
    };
    info(
        ev,
        format!(
            "The Flotilla lands Marines on hex {} (sum {sum}).",
            board.hex_name(lh)
        ),
    );
    if count_side(board, st, lh, Side::German) > 0 {
        info(ev, "German units hold the landing hex: no effect.");
        return;
    }
    let full = st.control[lh.index()] == Side::Soviet
        && count_side(board, st, lh, Side::Soviet) >= STACK_LIMIT;
    if full || !deploy_random(board, st, Reserve::Marine, lh, ev) {
        draw_soviet(board, st, 1, "no Marine can land", ev);
        return;
    }
    // A landing gives the hex to the Soviets (§11.12); it is their own hex, so no card.
    st.control[lh.index()] = Side::Soviet;
}

/// Designer's Variant, Chuikov advantage (§9.4.4): when the card is drawn, 3d6 name the HQ hex;
/// it must be Soviet-controlled or the card is discarded.
pub fn chuikov_headquarters(board: &Board, st: &mut State, card: CardId, ev: &mut Vec<Event>) {
    let d = st.dice.roll(3);
    let sum: u32 = d.iter().map(|x| *x as u32).sum();
    dice_event(ev, Side::Soviet, "Chuikov's headquarters (3d6)", &d);
    let hq = board
        .numbered(sum)
        .filter(|h| st.control[h.index()] == Side::Soviet);
    let block = board.unit_ids().find(|u| {
        board.unit(*u).kind == UnitKind::General && rules::side_of_unit(board, *u) == Side::Soviet
    });
    match (hq, block) {
        (Some(h), Some(b)) => {
            st.chuikov_hq = Some(h);
            st.units[b.0 as usize] = UnitState {
                loc: Location::Map(h),
                face: 0,
                revealed: true,
            };
            info(
                ev,
                format!(
                    "Chuikov sets up his headquarters in hex {} (§9.4.4).",
                    board.hex_name(h)
                ),
            );
        }
        _ => {
            st.soviet_hand.retain(|c| *c != card);
            st.discards.push(card);
            info(
                ev,
                format!(
                    "Hex {sum} is not Soviet-controlled: the Chuikov card is discarded (§9.4.4)."
                ),
            );
        }
    }
}

/// The Germans entered Chuikov's HQ: the card is discarded and its effects end (§9.4.4).
pub fn chuikov_hq_lost(board: &Board, st: &mut State, ev: &mut Vec<Event>) {
    st.chuikov_hq = None;
    if let Some(b) = board.unit_ids().find(|u| {
        board.unit(*u).kind == UnitKind::General && rules::side_of_unit(board, *u) == Side::Soviet
    }) {
        st.units[b.0 as usize].loc = Location::Aside;
    }
    let is_chuikov = |c: &CardId| board.card(*c).effect == CardEffect::Chuikov;
    if let Some(c) = st
        .leaders_in_play
        .iter()
        .copied()
        .find(is_chuikov)
        .or_else(|| st.soviet_hand.iter().copied().find(is_chuikov))
    {
        st.leaders_in_play.retain(|x| *x != c);
        st.soviet_hand.retain(|x| *x != c);
        st.discards.push(c);
    }
    info(ev, "The Germans take Chuikov's headquarters: the Chuikov card is discarded and its effects end (§9.4.4).");
}

// ------------------------------------------------------------------ human Soviet (§9.2)

pub fn human_turn_start(board: &Board, st: &mut State, ev: &mut Vec<Event>) {
    // §9.2.1 with the solitaire step 1 (§9.2.1 [GAP] recommendation).
    if controlled_srh(board, st).is_empty() {
        info(
            ev,
            "The Soviets control no reinforcement hex: they draw one card and the turn ends.",
        );
        draw_soviet(board, st, 1, "no reinforcement hex controlled", ev);
        st.phase = Phase::SovietMoves {
            remaining: Vec::new(),
        };
    }
}

pub fn human_choices(board: &Board, st: &State) -> Vec<Action> {
    let l = largest_stacks(board, st);
    let c = controlled_srh(board, st);
    if l.len() > c.len() {
        vec![Action::SovietReinforce]
    } else {
        vec![Action::SovietMovement, Action::SovietDraw]
    }
}

pub fn human_moves(board: &Board, st: &State, remaining: &[SpaceId]) -> Vec<Action> {
    let occ = rules::occupancy(board, st);
    let mut v = Vec::new();
    for &h in remaining {
        for u in rules::units_in(board, st, h) {
            if rules::side_of_unit(board, u) != Side::Soviet
                || board.unit(u).kind == UnitKind::General
            {
                continue;
            }
            for t in board.topo.neighbours(h) {
                if occ[t.index()].0 == 0 && (occ[t.index()].1 as usize) < STACK_LIMIT {
                    v.push(Action::SovietMove { unit: u, to: t });
                }
            }
        }
        for t in board.topo.neighbours(h) {
            if occ[t.index()].0 > 0 {
                v.push(Action::SovietAttack { from: h, target: t });
            }
        }
    }
    v
}

pub fn apply_human(board: &Board, st: &mut State, action: &Action, ev: &mut Vec<Event>) {
    match action {
        Action::SovietReinforce => {
            info(ev, "More Largest Stack hexes than controlled reinforcement hexes: Reinforcement Action.");
            reinforcement_action(board, st, ev);
            st.phase = Phase::SovietMoves {
                remaining: Vec::new(),
            };
        }
        Action::SovietDraw => {
            info(ev, "Draw Action (Acción de Robo).");
            draw_soviet(board, st, 1, "Draw Action", ev);
            st.phase = Phase::SovietMoves {
                remaining: Vec::new(),
            };
        }
        Action::SovietMovement => {
            let l = largest_stacks(board, st);
            info(ev, format!("Movement Action: one unit moves or attacks from each of {} Largest Stack hex(es).", l.len()));
            st.phase = Phase::SovietMoves { remaining: l };
            prune_stuck(board, st);
        }
        Action::SovietMove { unit, to } => {
            let Location::Map(from) = st.units[unit.0 as usize].loc else {
                return;
            };
            st.units[unit.0 as usize].loc = Location::Map(*to);
            ev.push(Event {
                rule: String::new(),
                roll: None,
                kind: EventKind::Moved {
                    from: Some(from),
                    to: *to,
                    units: 1,
                },
                public: format!(
                    "A Soviet block moves from {} to {}.",
                    board.hex_name(from),
                    board.hex_name(*to)
                ),
                private: Some((
                    Side::Soviet,
                    format!(
                        "{} moves from {} to {}.",
                        board.unit(*unit).name,
                        board.hex_name(from),
                        board.hex_name(*to)
                    ),
                )),
            });
            rules::enter_hex(board, st, *to, Side::Soviet, None, ev);
            if let Phase::SovietMoves { remaining } = &mut st.phase {
                remaining.retain(|h| *h != from);
            }
            prune_stuck(board, st);
        }
        Action::SovietAttack { from, target } => {
            if let Phase::SovietMoves { remaining } = &mut st.phase {
                remaining.retain(|h| h != from);
            }
            soviet_attack(board, st, *from, *target, ev);
        }
        _ => {}
    }
}

/// After a Soviet combat in the human Movement Action.
pub fn human_hex_done(board: &Board, st: &mut State, _ev: &mut [Event]) {
    prune_stuck(board, st);
}

/// A Largest Stack hex with no valid move and no attack does nothing (§9.2.3 [GAP]).
fn prune_stuck(board: &Board, st: &mut State) {
    let Phase::SovietMoves { remaining } = st.phase.clone() else {
        return;
    };
    let keep: Vec<SpaceId> = remaining
        .into_iter()
        .filter(|h| !human_moves(board, st, &[*h]).is_empty())
        .collect();
    st.phase = Phase::SovietMoves { remaining: keep };
}
