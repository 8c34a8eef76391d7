//! The sequence of play (rules §5) as a state machine, the German actions (§6.7), control and
//! captures (§6.2, §6.6), card draws and the Last Card (§8.8), and victory (§6.18).
//!
//! `apply` checks the action against `legal_actions`, executes it, then `run` advances the
//! machine through everything automatic (the Soviet AI, combat steps) until a seat must decide.

use crate::board::{Board, CardId, UnitId};
use crate::combat::{Attack, AttackKind, Combat};
use crate::data::{Army, CardEffect, Reserve, Terrain, UnitKind};
use crate::state::*;
use eastfront_kernel::{Outcome, RuleError, Seat, Side, SpaceId};

mod cards;
mod legal;
mod movement;
mod reinforcements;
mod turn;

pub use cards::*;
pub use legal::*;
pub use movement::*;
pub use reinforcements::*;
pub use turn::*;

pub const STACK_LIMIT: usize = 4;

// ------------------------------------------------------------------ queries

pub fn units_in(board: &Board, st: &State, h: SpaceId) -> Vec<UnitId> {
    board
        .unit_ids()
        .filter(|u| st.units[u.0 as usize].loc == Location::Map(h))
        .collect()
}

pub fn side_of_unit(board: &Board, u: UnitId) -> Side {
    board.unit_side[u.0 as usize]
}

/// Units of `side` in a hex, for stacking and attacks. The Designer's Variant generals are
/// markers, not units: they never count (rules §9.4.4 [GAP] recommendation).
pub fn count_side(board: &Board, st: &State, h: SpaceId, side: Side) -> usize {
    board
        .unit_ids()
        .filter(|u| {
            st.units[u.0 as usize].loc == Location::Map(h)
                && side_of_unit(board, *u) == side
                && board.unit(*u).kind != UnitKind::General
        })
        .count()
}

/// Occupation of every hex: (German units, Soviet units), computed in one pass.
pub fn occupancy(board: &Board, st: &State) -> Vec<(u8, u8)> {
    let mut occ = vec![(0u8, 0u8); board.hexes.len()];
    for (i, us) in st.units.iter().enumerate() {
        if board.units[i].kind == UnitKind::General {
            continue;
        }
        if let Location::Map(h) = us.loc {
            match board.unit_side[i] {
                Side::German => occ[h.index()].0 += 1,
                Side::Soviet => occ[h.index()].1 += 1,
            }
        }
    }
    occ
}

pub fn strength(board: &Board, st: &State, u: UnitId) -> u8 {
    let f = st.units[u.0 as usize].face as usize;
    board.unit(u).faces.get(f).map(|f| f.0).unwrap_or(0)
}

pub fn leader_in_play(board: &Board, st: &State, e: CardEffect) -> bool {
    st.leaders_in_play
        .iter()
        .any(|c| board.card(*c).effect == e)
}

fn adjacent_to_soviet(board: &Board, occ: &[(u8, u8)], h: SpaceId) -> bool {
    board.topo.neighbours(h).any(|n| occ[n.index()].1 > 0)
}

/// Soviet victory count: destroyed German units, "R" units double (rules §6.18).
pub fn casualty_score(board: &Board, st: &State) -> u32 {
    board
        .unit_ids()
        .filter(|u| st.units[u.0 as usize].loc == Location::Casualties)
        .map(|u| if board.unit(u).r_unit { 2 } else { 1 })
        .sum()
}

/// Round number for `turn` completed turns: German and Soviet turns alternate, German first.
pub fn round_of(turn: u32) -> u32 {
    turn / 2 + 1
}

pub fn active_side(st: &State) -> Option<Side> {
    active_seat(st).map(|s| {
        if s == soviet_seat(st.options.mode) {
            Side::Soviet
        } else {
            Side::German
        }
    })
}

/// Who must decide now (None when the game is over).
pub fn active_seat(st: &State) -> Option<Seat> {
    if st.outcome.is_some() {
        return None;
    }
    let german = Seat(if st.options.mode.two_germans() {
        st.german_player
    } else {
        0
    });
    let soviet = soviet_seat(st.options.mode);
    if let Some(c) = &st.combat {
        return Some(match c.waiting_for() {
            Side::German => german,
            Side::Soviet => soviet,
        });
    }
    match st.phase {
        Phase::GermanAction | Phase::ShortMoves { .. } | Phase::PlaceReinforcements { .. } => {
            Some(german)
        }
        Phase::SovietChoice | Phase::SovietMoves { .. } => Some(soviet),
        Phase::Combat | Phase::SovietSweep { .. } | Phase::GameOver => None,
    }
}

// ------------------------------------------------------------------ events

pub fn info(ev: &mut Vec<Event>, text: impl Into<String>) {
    ev.push(Event {
        rule: String::new(),
        roll: None,
        kind: EventKind::Info,
        public: text.into(),
        private: None,
    });
}

pub fn event(ev: &mut Vec<Event>, kind: EventKind, text: impl Into<String>) {
    ev.push(Event {
        rule: String::new(),
        roll: None,
        kind,
        public: text.into(),
        private: None,
    });
}

/// A roll of the dice, as data (who rolled, for what, the values) and as a log line.
pub fn dice_event(ev: &mut Vec<Event>, by: Side, what: &str, values: &[u8]) {
    let shown: Vec<String> = values.iter().map(|v| v.to_string()).collect();
    ev.push(
        Event::new(
            EventKind::Info,
            "",
            format!("{what}: rolled {}", shown.join(" ")),
        )
        .with_roll(eastfront_kernel::Roll::d6(Some(by), what, values)),
    );
}

// ------------------------------------------------------------------ apply

pub fn apply(
    board: &Board,
    st: &mut State,
    seat: Seat,
    action: &Action,
) -> Result<Vec<Event>, RuleError> {
    if st.outcome.is_some() {
        return Err(RuleError("The game is over.".into()));
    }
    if active_seat(st) != Some(seat) {
        return Err(RuleError(format!(
            "It is not seat {}'s turn to act.",
            seat.0
        )));
    }
    let legal = legal_actions(board, st);
    if !legal.contains(action) {
        return Err(RuleError(why_illegal(board, st, action)));
    }
    let mut ev = Vec::new();
    if let Some(mut c) = st.combat.take() {
        c.apply_decision(board, st, action, &mut ev);
        st.combat = Some(c);
    } else {
        match action.clone() {
            Action::CallReinforcements => call_for_reinforcements(board, st, &mut ev),
            Action::LongMove { from, path } => {
                let units = units_in(board, st, from);
                for (i, h) in path.iter().enumerate() {
                    // Passing through an enemy-controlled hex captures it (§6.2 [INFERRED]).
                    if i + 1 < path.len() {
                        let colour = german_colour_of(board, &units);
                        enter_hex(board, st, *h, Side::German, colour, &mut ev);
                    }
                }
                move_units(board, st, &units, *path.last().expect("path"), &mut ev);
                info(&mut ev, "Long Move (2. UN MOVIMIENTO LARGO).");
                end_german_turn(board, st, &mut ev);
            }
            Action::ShortMove { units, to } => {
                move_units(board, st, &units, to, &mut ev);
                let mut moved = match &st.phase {
                    Phase::ShortMoves { moved } => moved.clone(),
                    _ => Vec::new(),
                };
                let second = matches!(st.phase, Phase::ShortMoves { .. });
                moved.extend(units);
                if second {
                    info(
                        &mut ev,
                        "Two Short Moves made (3. HASTA DOS MOVIMIENTOS CORTOS).",
                    );
                    end_german_turn(board, st, &mut ev);
                } else {
                    st.phase = Phase::ShortMoves { moved };
                }
            }
            Action::EndShortMoves => {
                if st.phase == Phase::GermanAction {
                    info(&mut ev, "The German passes (Short Moves with no move).");
                }
                end_german_turn(board, st, &mut ev);
            }
            Action::QuickAttack { units, to, target } => {
                move_units(board, st, &units, to, &mut ev);
                let c = Combat::new(
                    board,
                    st,
                    Attack {
                        attacker: Side::German,
                        kind: AttackKind::GermanQuick,
                        att_hexes: vec![to],
                        def_hex: target,
                        origin: None,
                        german_cards: Vec::new(),
                    },
                    &mut ev,
                );
                st.phase = Phase::Combat;
                st.combat = Some(Box::new(c));
            }
            Action::PlannedAttack {
                target,
                from,
                cards,
            } => {
                st.german_hand.retain(|c| !cards.contains(c));
                let c = Combat::new(
                    board,
                    st,
                    Attack::german_planned(from, target, cards),
                    &mut ev,
                );
                st.phase = Phase::Combat;
                st.combat = Some(Box::new(c));
            }
            Action::Place { unit, hex } => {
                st.units[unit.0 as usize] = UnitState {
                    loc: Location::Map(hex),
                    face: 0,
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
                        "A German reinforcement deploys in hex {}.",
                        board.hex_name(hex)
                    ),
                    private: Some((
                        Side::German,
                        format!(
                            "{} deploys in hex {} at full strength.",
                            board.unit(unit).name,
                            board.hex_name(hex)
                        ),
                    )),
                });
                if let Phase::PlaceReinforcements { units } = &mut st.phase {
                    units.retain(|u| *u != unit);
                }
                finish_placement_if_done(board, st, &mut ev);
            }
            Action::EndPlacement => {
                let rest = match &st.phase {
                    Phase::PlaceReinforcements { units } => units.clone(),
                    _ => Vec::new(),
                };
                for u in rest {
                    return_to_table(board, st, u, &mut ev);
                }
                end_german_turn(board, st, &mut ev);
            }
            Action::SovietReinforce
            | Action::SovietMovement
            | Action::SovietDraw
            | Action::SovietMove { .. }
            | Action::SovietAttack { .. } => crate::soviet::apply_human(board, st, action, &mut ev),
            other => return Err(RuleError(format!("{other:?} is not possible now."))),
        }
    }
    run(board, st, &mut ev);
    Ok(ev)
}

/// A reason a player can read for a refused action.
fn why_illegal(board: &Board, st: &State, action: &Action) -> String {
    let occ = occupancy(board, st);
    match action {
        Action::LongMove { from, path } => {
            if board.terrain(*from) != Terrain::Clear {
                "A Long Move must start in a Clear hex (2. UN MOVIMIENTO LARGO).".into()
            } else if adjacent_to_soviet(board, &occ, *from) {
                "A stack adjacent to a Soviet stack cannot make a Long Move (2. UN MOVIMIENTO LARGO).".into()
            } else if path.iter().any(|h| board.terrain(*h) != Terrain::Clear) {
                "A Long Move may only enter Clear hexes (2. UN MOVIMIENTO LARGO).".into()
            } else {
                "That Long Move is not legal: every hex entered must be Clear, free of Soviets and not adjacent to them, and it may not end on a German stack (2. UN MOVIMIENTO LARGO).".into()
            }
        }
        Action::ShortMove { to, .. } => {
            if occ[to.index()].1 > 0 {
                "A Short Move cannot enter a hex with Soviet units (3. MOVIMIENTOS CORTOS).".into()
            } else if adjacent_to_soviet(board, &occ, *to) {
                "A Short Move cannot end adjacent to a Soviet stack (3. MOVIMIENTOS CORTOS).".into()
            } else {
                "That Short Move is not legal now (at most two, four units per hex, each unit moves once) (3. MOVIMIENTOS CORTOS).".into()
            }
        }
        Action::QuickAttack { .. } => "A Quick Attack must start from a stack not adjacent to Soviets and move one hex next to the target (4. UN ATAQUE RÁPIDO).".into(),
        Action::PlannedAttack { .. } => "A Planned Attack needs German stacks adjacent to the target and at most one support card (several Pioneers only with Linden) (5. UN ATAQUE PLANIFICADO).".into(),
        _ => format!("{action:?} is not legal now: {}", prompt(board, st)),
    }
}

/// What the active player must do now, citing the rule.
pub fn prompt(board: &Board, st: &State) -> String {
    if let Some(o) = &st.outcome {
        return format!("Game over: {}", o.reason);
    }
    if let Some(c) = &st.combat {
        return c.prompt(board);
    }
    match &st.phase {
        Phase::GermanAction => {
            let who = if st.options.mode.two_germans() {
                if st.german_player == 0 { "Yellow player" } else { "Blue player" }
            } else {
                "German"
            };
            format!("{who}: choose one action — Call for Reinforcements, one Long Move, up to two Short Moves, a Quick Attack or a Planned Attack (LAS ACCIONES).")
        }
        Phase::ShortMoves { .. } => "Make a second Short Move or end the action (3. HASTA DOS MOVIMIENTOS CORTOS).".into(),
        Phase::PlaceReinforcements { units } => format!(
            "Deploy {} reinforcement(s): Blue in Z, Yellow in X/Y, White in X/Y/Z, at most 4 per hex; the rest return to the table (1. PEDIR REFUERZOS).",
            units.len()
        ),
        Phase::SovietChoice => "Soviet player: take the action your Largest Stacks allow (MODO 1 vs. 1).".into(),
        Phase::SovietMoves { remaining } => format!(
            "Soviet player: move one unit, or attack, from each Largest Stack hex ({} left) (MODO 1 vs. 1).",
            remaining.len()
        ),
        Phase::Combat | Phase::SovietSweep { .. } => "The Soviets act (ACCIONES SOVIÉTICAS).".into(),
        Phase::GameOver => "Game over.".into(),
    }
}

/// Reduce a unit by one step (rules §6.5 Reducir la Fuerza): rotate one edge; below its minimum
/// it is destroyed — a Soviet block back to its reserve, a German block to the Casualty Register.
pub fn reduce(board: &Board, st: &mut State, u: UnitId, ev: &mut Vec<Event>) {
    let def = board.unit(u);
    let us = &mut st.units[u.0 as usize];
    us.face += 1;
    if (us.face as usize) < def.faces.len() {
        event(
            ev,
            EventKind::StepLost { unit: u },
            format!(
                "{} loses a step (now {}).",
                def.name, def.faces[us.face as usize].0
            ),
        );
        return;
    }
    us.revealed = false;
    us.face = 0;
    match board.unit_side[u.0 as usize] {
        Side::German => {
            us.loc = Location::Casualties;
            let score = casualty_score(board, st);
            event(
                ev,
                EventKind::Destroyed { unit: u },
                format!(
                    "{} is destroyed and goes to the Casualty Register ({} of 10{}).",
                    def.name,
                    score,
                    if def.r_unit {
                        ", an R unit counts double"
                    } else {
                        ""
                    }
                ),
            );
        }
        Side::Soviet => {
            us.loc = Location::SovietReserve(def.reserve());
            event(
                ev,
                EventKind::Destroyed { unit: u },
                format!(
                    "{} is destroyed and returns to the {:?} reserve.",
                    def.name,
                    def.reserve()
                ),
            );
        }
    }
}

/// The reserve a Soviet block returns to and is drawn from.
pub fn reserve_units(board: &Board, st: &State, r: Reserve) -> Vec<UnitId> {
    board
        .unit_ids()
        .filter(|u| st.units[u.0 as usize].loc == Location::SovietReserve(r))
        .collect()
}
