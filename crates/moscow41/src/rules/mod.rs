//! The sequence of play (R 3.0, 6.0; rules file §5) as a state machine: the Logistic Phase
//! (R 7), the impulses — Tactical (R 10), Strategic (R 11), Pass (R 12) — with weather (R 8),
//! supply and isolation (R 9), the Final Phase (R 13) and victory (R 1.7, scenarios).
//!
//! `apply` checks an action against the rules, executes it, then `run` advances through
//! everything automatic (dice, attrition, deactivation) until a player must decide.

use crate::battle::{self, Battle, BattleOption, BattleSetup, BattleUnit, Progress};
use crate::board::{AreaId, BlockId, Board, BomberId};
use crate::data::{BomberKind, Colour, InitiativeLimit, Letter, Role, Terrain};
use crate::moves::{
    any_destination, check_path_with, do_move, for_each_destination, rail_destinations_from,
    with_searches,
};
use crate::query::*;
use crate::setup;
use crate::state::*;
use crate::victory::end_of_game;
pub use crate::victory::{check_victory, sudden_death_vp};
use eastfront_kernel::{RuleError, Seat, Side};

mod combat;
mod command;
mod execute;
mod legal;
mod logistic;
mod turn;

pub use combat::*;
pub use command::*;
use execute::*;
pub use legal::*;
pub use logistic::*;
pub use turn::*;

pub fn seat_of(side: Side) -> Seat {
    match side {
        Side::German => Seat(0),
        Side::Soviet => Seat(1),
    }
}

pub fn month(turn: u8) -> &'static str {
    match turn {
        1 => "July",
        2 => "August",
        3 => "September",
        4 => "October",
        5 => "November",
        6 => "December",
        _ => "?",
    }
}

// ------------------------------------------------------------------ events

pub fn info(ev: &mut Vec<Event>, rule: &str, text: impl Into<String>) {
    ev.push(Event {
        roll: None,
        kind: EventKind::Info,
        rule: rule.into(),
        public: text.into(),
        private: None,
    });
}

pub fn event(ev: &mut Vec<Event>, kind: EventKind, rule: &str, text: impl Into<String>) {
    ev.push(Event {
        roll: None,
        kind,
        rule: rule.into(),
        public: text.into(),
        private: None,
    });
}

fn private(
    ev: &mut Vec<Event>,
    kind: EventKind,
    rule: &str,
    public: String,
    side: Side,
    text: String,
) {
    ev.push(Event {
        roll: None,
        kind,
        rule: rule.into(),
        public,
        private: Some((side, text)),
    });
}

/// A roll of the dice, as data (who rolled, for what, the values) and as a log line.
fn dice_event(ev: &mut Vec<Event>, by: Option<Side>, rule: &str, what: &str, values: &[u8]) {
    let shown: Vec<String> = values.iter().map(|v| v.to_string()).collect();
    ev.push(
        Event::new(
            EventKind::Info,
            rule,
            format!("{what}: rolled {}", shown.join(" ")),
        )
        .with_roll(eastfront_kernel::Roll::d6(by, what, values)),
    );
}

// ------------------------------------------------------------------ who acts

pub fn active_side(st: &State) -> Option<Side> {
    if st.outcome.is_some() || st.phase == Phase::GameOver {
        return None;
    }
    if st.phase == Phase::Battle {
        return st
            .battle
            .as_ref()
            .and_then(|b| b.pending_choice())
            .map(|p| p.side);
    }
    Some(st.active)
}

pub fn active_seat(st: &State) -> Option<Seat> {
    active_side(st).map(seat_of)
}

fn imp(st: &State) -> &Impulse {
    st.impulse.as_ref().expect("in an impulse")
}
fn imp_mut(st: &mut State) -> &mut Impulse {
    st.impulse.as_mut().expect("in an impulse")
}

/// May `side` spend the Initiative Disc now (R 3.2.1; SC.1 once, SC.3 once a month)?
pub fn can_spend_disc(board: &Board, st: &State, side: Side) -> bool {
    if st.initiative != side {
        return false;
    }
    let limit = board
        .setup(&st.scenario)
        .map(|s| s.initiative_limit)
        .unwrap_or(InitiativeLimit::Unlimited);
    let i = side_index(side);
    match limit {
        InitiativeLimit::Unlimited => true,
        InitiativeLimit::OncePerGame => st.disc_uses[i] == 0,
        InitiativeLimit::OncePerMonth => st.disc_uses_month[i] == 0,
    }
}

fn spend_disc(st: &mut State, side: Side) {
    st.disc_uses[side_index(side)] += 1;
    st.disc_uses_month[side_index(side)] += 1;
    if let Some(i) = st.impulse.as_mut() {
        i.disc_spent = true;
    }
}

// ------------------------------------------------------------------ apply

pub fn apply(
    board: &Board,
    st: &mut State,
    seat: Seat,
    a: &Action,
) -> Result<Vec<Event>, RuleError> {
    let Some(side) = active_side(st) else {
        return Err(RuleError("the game is over".into()));
    };
    if seat != seat_of(side) {
        return Err(RuleError(format!(
            "it is the {} player's turn",
            side.name()
        )));
    }
    // Moves and activations along any legal path; everything else must be listed.
    let ok = match a {
        // RO 14.2 transfers: from a Road box to the map.
        Action::Move { block, path }
            if st.phase == Phase::Command
                && space_of(st, *block).is_some_and(|x| !board.is_area(x)) =>
        {
            path.len() == 1 && transfers(board, st).contains(&(*block, path[0]))
        }
        Action::Move { block, path }
            if matches!(st.phase, Phase::Command | Phase::Exploitation) =>
        {
            let occ = Occupancy::new(board, st);
            can_command(board, st, &occ, *block)
                && check_path_with(board, st, &occ, *block, path, command_mode(st))
                    .map_err(RuleError)?
                    > 0
        }
        Action::Activate { hq, path } if st.phase == Phase::Activation && !path.is_empty() => {
            let occ = Occupancy::new(board, st);
            can_activate_with(board, st, &occ, *hq)
                && check_path_with(board, st, &occ, *hq, path, MoveMode::NoEngage)
                    .map_err(RuleError)?
                    > 0
                && reveal_ok_with(board, st, &occ, *hq, *path.last().unwrap())
        }
        _ => listed(board, st, a),
    };
    if !ok {
        return Err(RuleError(format!("{a:?} is not legal now")));
    }
    let mut ev = Vec::new();
    execute(board, st, a, &mut ev);
    run(board, st, &mut ev);
    Ok(ev)
}

/// Is `a` in [`legal_actions`]? The same answer, without building the whole list where that
/// is costly (the Command segment lists every move and rail move of every block).
fn listed(board: &Board, st: &State, a: &Action) -> bool {
    match st.phase {
        Phase::Command => {
            let occ = Occupancy::new(board, st);
            match a {
                Action::EndCommand => true,
                Action::Rail { block, to } => {
                    rail_allowed(st)
                        && can_command(board, st, &occ, *block)
                        && space_of(st, *block).is_some_and(|a| {
                            let side = board.block(*block).side;
                            rail_destinations_from(board, st, &occ, side, &[a])[0].contains(to)
                        })
                }
                Action::BuildDl { block } => {
                    can_command(board, st, &occ, *block)
                        && can_build_dl_with(board, st, &occ, *block)
                }
                Action::DismantleDl { .. } => {
                    let blocks = commandable_with(board, st, &occ);
                    dismantle_actions(board, st, &occ, &blocks).contains(a)
                }
                Action::Move { .. } => legal_actions(board, st).contains(a),
                _ => false,
            }
        }
        Phase::Exploitation => match a {
            Action::EndExploitation => true,
            Action::Move { .. } => legal_actions(board, st).contains(a),
            _ => false,
        },
        _ => legal_actions(board, st).contains(a),
    }
}

/// What the active player must do now, with the rule.
pub fn prompt(_board: &Board, st: &State) -> String {
    let side = active_side(st).map(|s| s.name()).unwrap_or("");
    match &st.phase {
        Phase::Setup { .. } => format!("{side}: place your units (Scenario Preparation)."),
        Phase::LogisticChoice { .. } => {
            format!("{side}: Logistic Pause or activate your Leader (R 7.0).")
        }
        Phase::Regeneration => format!(
            "{side}: spend Regeneration Points on HQ steps (R 7.2.2), {} left.",
            st.logistics.as_ref().map_or(0, |l| l.regeneration_left)
        ),
        Phase::Replacement => format!(
            "{side}: spend Replacement Points on combat steps (R 7.2.2), {} left.",
            st.logistics.as_ref().map_or(0, |l| l.replacement_left)
        ),
        Phase::Reinforce { .. } => format!("{side}: deploy your reinforcements (R 5.0)."),
        Phase::ImpulseChoice => {
            format!("{side}: Tactical Impulse, Strategic Impulse or Pass (R 3.0).")
        }
        Phase::Activation => format!("{side}: activate HQs (R 10.1)."),
        Phase::Command => match st.impulse.as_ref().map(|i| i.kind) {
            Some(ImpulseKind::Pass) => format!(
                "{side} passes: move at most one block, without engaging, or build a Defensive Line (R 12.0)."
            ),
            Some(ImpulseKind::StrategicMove) => format!(
                "{side}: Strategic Impulse: move up to your Logistic Value in blocks, without an HQ (R 11.0 A)."
            ),
            _ => format!("{side}: command your blocks: move or build a Defensive Line (R 10.7)."),
        },
        Phase::Support => {
            format!("{side}: place Artillery Fire markers and commit bombers (R 10.4, 10.10).")
        }
        Phase::Battles => format!("{side}: choose the next battle (R 10.11)."),
        Phase::Battle => st
            .battle
            .as_ref()
            .and_then(|b| b.pending_choice())
            .map(|p| format!("{side}: {} (R {})", p.prompt, p.rule))
            .unwrap_or_default(),
        Phase::Blitz => format!("{side}: Blitz moves (R 10.16)."),
        Phase::ExploitOffer => {
            format!("{side}: spend the Initiative Disc for an Exploitation Move? (R 10.18)")
        }
        Phase::Exploitation => format!("{side}: Exploitation moves (R 10.18)."),
        Phase::GameOver => st
            .outcome
            .as_ref()
            .map(|o| o.reason.clone())
            .unwrap_or_default(),
    }
    .replace("  ", " ")
}

pub fn phase_name(p: &Phase) -> &'static str {
    match p {
        Phase::Setup { .. } => "Setup",
        Phase::LogisticChoice { .. } => "LogisticChoice",
        Phase::Regeneration => "Regeneration",
        Phase::Replacement => "Replacement",
        Phase::Reinforce { .. } => "Reinforce",
        Phase::ImpulseChoice => "ImpulseChoice",
        Phase::Activation => "Activation",
        Phase::Command => "Command",
        Phase::Support => "Support",
        Phase::Battles => "Battles",
        Phase::Battle => "Battle",
        Phase::Blitz => "Blitz",
        Phase::ExploitOffer => "ExploitOffer",
        Phase::Exploitation => "Exploitation",
        Phase::GameOver => "GameOver",
    }
}
