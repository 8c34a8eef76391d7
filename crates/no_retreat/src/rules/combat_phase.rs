//! The Combat phase (10.0–10.8): declaring Target and Counterblow markers, choosing and
//! fighting battles, counterattacks, counterblow results, step losses, cadres, retreats and
//! advances.

use super::battle::{advance_options, fight, loss_units, retreat_options, settle, take_battle};
use super::helpers::{data, enter, face, lose_step, pay, strength, unit_name, units_at};
use super::{log, Action, Event, EventKind};
use crate::board::{Board, BorderKind};
use crate::combat::BattleKind;
use crate::declare::{marker_pool, possible_counterblow, possible_target, spaces_of, Fighter};
use crate::state::*;
use crate::turn::position;
use eastfront_kernel::{Side, SpaceId};

pub(super) fn side_of(board: &Board, u: usize) -> Side {
    data(board, u).side
}

pub(super) fn at(st: &State, u: usize) -> Option<SpaceId> {
    match st.units[u].loc {
        Loc::Map(s) => Some(s),
        _ => None,
    }
}

fn fighters(board: &Board, st: &State) -> Vec<Fighter> {
    st.on_map()
        .map(|(u, s)| Fighter {
            at: s,
            side: side_of(board, u),
            white: face(board, st, u).white,
            disorganized: st.units[u].disorganized,
            strength: strength(board, st, u),
        })
        .collect()
}

pub(super) fn permitted(board: &Board, a: SpaceId, b: SpaceId) -> bool {
    board.border(a, b).is_some_and(|k| k != BorderKind::Lake)
}

pub(super) fn active_side(st: &State) -> Side {
    match st.phase {
        Phase::Player { side, .. } => side,
        _ => Side::German,
    }
}

/// 10.0, 10.7.3: the phase begins; Counterblow markers left by CB results on the passive side's
/// units become hexes the active side must attack.
pub(crate) fn begin(board: &Board, st: &mut State, events: &mut Vec<Event>) {
    let passive = active_side(st).other();
    let mut carried = Vec::new();
    st.cb_markers.retain(|(hex, owner)| {
        let mine = *owner == passive;
        if mine {
            carried.push(*hex);
        }
        !mine
    });
    carried.retain(|h| {
        units_at(st, *h)
            .iter()
            .any(|u| side_of(board, *u) == passive)
    });
    for h in &carried {
        log(
            events,
            EventKind::Declared.located(vec![*h]),
            "10.7.3",
            format!("Counterblow marker on {}", board.name(*h)),
        );
    }
    st.scratch.combat = Some(CombatState {
        step: CombatStep::Targets,
        targets: vec![],
        counterblows: carried,
        attacked_hexes: vec![],
        fought: vec![],
        battle: None,
    });
}

/// Who decides in a battle now.
pub(crate) fn battle_decider(b: &BattleRun, active: Side) -> Side {
    match b.stages.first() {
        Some(BattleStage::Counterattack) | Some(BattleStage::Retreats { .. }) => b.attacker.other(),
        Some(BattleStage::MarkCounterblow) | None => active,
        Some(BattleStage::Losses(l)) => l.first().map(|x| x.0).unwrap_or(active),
        Some(BattleStage::Cadre { side, .. }) => *side,
        Some(BattleStage::Advance { .. }) => b.attacker,
        Some(BattleStage::Commit(s))
        | Some(BattleStage::AfterRoll(s))
        | Some(BattleStage::AdvanceCards(s)) => *s,
        Some(BattleStage::Roll) | Some(BattleStage::Apply) => active,
        Some(BattleStage::ChooseDie(s, _)) => *s,
    }
}

/// Units of `side` that may fight against every hex of `targets` in a battle of `kind`:
/// voluntary battles exclude Disorganized and white-strength units (10.1.1); any adjacent unit
/// may answer a counterblow (10.1.2); adjacency through permitted hexsides (10.3.3); one battle
/// per unit (10.3.4).
fn eligible(
    board: &Board,
    st: &State,
    side: Side,
    targets: &[SpaceId],
    kind: BattleKind,
) -> Vec<usize> {
    let fought = st
        .scratch
        .combat
        .as_ref()
        .map(|c| c.fought.clone())
        .unwrap_or_default();
    st.on_map()
        .filter(|(u, s)| {
            side_of(board, *u) == side
                && !fought.contains(u)
                && strength(board, st, *u) > 0
                && targets.iter().all(|t| permitted(board, *s, *t))
                && (kind != BattleKind::Voluntary
                    || (!st.units[*u].disorganized && !face(board, st, *u).white))
        })
        .map(|(u, _)| u)
        .collect()
}

fn subsets(items: &[usize]) -> Vec<Vec<usize>> {
    let n = items.len().min(10);
    (1u32..(1 << n))
        .map(|mask| {
            (0..n)
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| items[i])
                .collect()
        })
        .collect()
}

/// The marked hexes still to attack, with their kind.
fn marked(st: &State) -> Vec<(SpaceId, BattleKind)> {
    let Some(c) = &st.scratch.combat else {
        return vec![];
    };
    c.targets
        .iter()
        .map(|h| (*h, BattleKind::Voluntary))
        .chain(c.counterblows.iter().map(|h| (*h, BattleKind::Counterblow)))
        .filter(|(h, _)| !c.attacked_hexes.contains(h))
        .collect()
}

/// The marked hexes some unused unit can still attack.
fn attackable(board: &Board, st: &State) -> Vec<(SpaceId, BattleKind)> {
    let side = active_side(st);
    marked(st)
        .into_iter()
        .filter(|(h, k)| !eligible(board, st, side, &[*h], *k).is_empty())
        .collect()
}

/// The phase is over when no battle runs and no marked hex can still be attacked (a marked hex
/// no unit can reach has no effect, 10.7 "CB" note B).
pub(crate) fn finished(board: &Board, st: &State) -> bool {
    let Some(c) = &st.scratch.combat else {
        return true;
    };
    c.step == CombatStep::Battles && c.battle.is_none() && attackable(board, st).is_empty()
}

/// The Target markers return; Counterblow markers from CB results stay (10.7.3). Major
/// Offensive's count is made first.
pub(crate) fn finish(board: &Board, st: &mut State, events: &mut Vec<Event>) {
    super::events::major_offensive_end(board, st, events);
    st.scratch.combat = None;
}

/// `End` during the declarations: Targets → Counterblows → Battles.
pub(crate) fn end_declaration(st: &mut State) {
    if let Some(c) = st.scratch.combat.as_mut() {
        c.step = match c.step {
            CombatStep::Targets => CombatStep::Counterblows,
            _ => CombatStep::Battles,
        };
    }
}

/// Candidate target sets: each marked hex alone, and groups of marked hexes of one kind that
/// an unused unit borders together (10.3.2).
fn target_sets(board: &Board, st: &State) -> Vec<(Vec<SpaceId>, BattleKind)> {
    let side = active_side(st);
    let m = attackable(board, st);
    let mut sets: Vec<(Vec<SpaceId>, BattleKind)> = m.iter().map(|(h, k)| (vec![*h], *k)).collect();
    for (_, s) in st.on_map().filter(|(u, _)| side_of(board, *u) == side) {
        for kind in [BattleKind::Voluntary, BattleKind::Counterblow] {
            let near: Vec<SpaceId> = m
                .iter()
                .filter(|(h, k)| *k == kind && permitted(board, s, *h))
                .map(|(h, _)| *h)
                .collect();
            let n = near.len();
            for mask in 1u32..(1 << n) {
                if mask.count_ones() < 2 {
                    continue;
                }
                let mut t: Vec<SpaceId> = (0..n)
                    .filter(|i| mask & (1 << i) != 0)
                    .map(|i| near[i])
                    .collect();
                t.sort();
                if !sets.contains(&(t.clone(), kind)) {
                    sets.push((t, kind));
                }
            }
        }
    }
    sets
}

pub(crate) fn legal(board: &Board, st: &State, deciding: Side) -> Vec<Action> {
    let Some(c) = &st.scratch.combat else {
        return vec![];
    };
    let active = active_side(st);
    let mut out = Vec::new();
    if let Some(b) = &c.battle {
        return battle_legal(board, st, b, deciding);
    }
    let pos = position(board, st);
    match c.step {
        CombatStep::Targets => {
            // 10.0; Major Offensive: two more (Reconstructed).
            let pool = usize::from(marker_pool(&board.data.track, active, st.turn, st.weather))
                + super::events::extra_targets(st, active);
            if c.targets.len() < pool {
                // 10.1: only a hex of the passive side's units may be a target.
                for h in spaces_of(&pos, active.other()) {
                    let can = possible_target(board, &pos, active, h)
                        && !c.targets.contains(&h)
                        && !c.counterblows.contains(&h)
                        && !eligible(board, st, active, &[h], BattleKind::Voluntary).is_empty();
                    if can {
                        out.push(Action::Target { hex: h });
                    }
                }
            }
            out.push(Action::End);
        }
        CombatStep::Counterblows => {
            let passive = active.other();
            let pool = usize::from(marker_pool(&board.data.track, passive, st.turn, st.weather));
            let fs = fighters(board, st);
            let mut hand = st.hand(passive).clone();
            hand.sort_unstable();
            hand.dedup();
            if c.counterblows.len() < pool {
                // 10.1.2: only a hex of the passive side's own units.
                for h in spaces_of(&pos, passive) {
                    if !c.counterblows.contains(&h)
                        && possible_counterblow(board, &fs, passive, h, c.targets.contains(&h))
                    {
                        for &card in &hand {
                            out.push(Action::Counterblow { hex: h, card });
                        }
                    }
                }
            }
            out.extend(super::event_targets::targeted_legal(
                board,
                st,
                passive,
                super::events::Window::Counterblows,
                None,
            ));
            out.push(Action::End);
        }
        CombatStep::Battles => {
            out.extend(super::event_targets::targeted_legal(
                board,
                st,
                active,
                super::events::Window::CombatPhase,
                None,
            ));
            let supports = st.support[side_index(active)] > 0;
            for (targets, kind) in target_sets(board, st) {
                let units = eligible(board, st, active, &targets, kind);
                for group in subsets(&units) {
                    let any_supplied = group.iter().any(|u| !st.units[*u].unsupplied);
                    out.push(Action::Attack {
                        targets: targets.clone(),
                        units: group.clone(),
                        support: false,
                    });
                    if supports && any_supplied {
                        out.push(Action::Attack {
                            targets: targets.clone(),
                            units: group,
                            support: true,
                        });
                    }
                }
            }
        }
    }
    out
}

fn battle_legal(board: &Board, st: &State, b: &BattleRun, side: Side) -> Vec<Action> {
    let mut out = Vec::new();
    match b.stages.first() {
        Some(BattleStage::Counterattack) => {
            let units: Vec<usize> = b
                .defenders
                .iter()
                .chain(&b.uncommitted)
                .copied()
                .filter(|u| {
                    // 10.7.2: the defender's own units (in a chain of counterattacks the
                    // uncommitted list may hold the other side's).
                    side_of(board, *u) == side
                        && b.original.contains(u)
                        && at(st, *u).is_some()
                        && strength(board, st, *u) > 0
                })
                .collect();
            let supports = st.support[side_index(side)] > 0;
            for g in subsets(&units) {
                let any_supplied = g.iter().any(|u| !st.units[*u].unsupplied);
                out.push(Action::Counterattack {
                    units: g.clone(),
                    support: false,
                });
                if supports && any_supplied {
                    out.push(Action::Counterattack {
                        units: g,
                        support: true,
                    });
                }
            }
            out.push(Action::Counterattack {
                units: vec![],
                support: false,
            });
        }
        Some(BattleStage::MarkCounterblow) => {
            let mut hexes: Vec<SpaceId> = b
                .attackers
                .iter()
                .chain(&b.defenders)
                .filter(|u| side_of(board, **u) == side)
                .filter_map(|u| at(st, *u))
                .collect();
            hexes.sort();
            hexes.dedup();
            out.extend(hexes.into_iter().map(|hex| Action::MarkCounterblow { hex }));
        }
        Some(BattleStage::Losses(l)) => {
            if let Some((s, _)) = l.first() {
                out.extend(
                    loss_units(board, st, b, *s)
                        .into_iter()
                        .map(|unit| Action::TakeLoss { unit }),
                );
            }
        }
        Some(BattleStage::Cadre { side: s, .. }) => {
            for u in 0..st.units.len() {
                if st.units[u].loc == Loc::CadreAvailable && side_of(board, u) == *s {
                    out.push(Action::PlaceCadre { cadre: Some(u) });
                }
            }
            out.push(Action::PlaceCadre { cadre: None });
        }
        Some(BattleStage::Retreats { units, .. }) => {
            if let Some(&u) = units.first() {
                for to in retreat_options(board, st, b, u) {
                    out.push(Action::Retreat { unit: u, to });
                }
            }
        }
        Some(BattleStage::Advance { vacated, done }) => {
            for &u in &b.attackers {
                if done.contains(&u) {
                    continue;
                }
                for to in advance_options(board, st, b, u, vacated) {
                    out.push(Action::Advance { unit: u, to });
                }
            }
            out.push(Action::End);
        }
        Some(BattleStage::Commit(_))
        | Some(BattleStage::AfterRoll(_))
        | Some(BattleStage::AdvanceCards(_)) => {
            let w = match b.stages.first() {
                Some(BattleStage::Commit(_)) => super::events::Window::Commit,
                Some(BattleStage::AfterRoll(_)) => super::events::Window::AfterRoll,
                _ => super::events::Window::Advance,
            };
            for card in super::events::playable(board, st, side, w, Some(b)) {
                out.push(Action::PlayEvent { card });
            }
            out.extend(super::event_targets::targeted_legal(
                board,
                st,
                side,
                w,
                Some(b),
            ));
            out.push(Action::Pass);
        }
        Some(BattleStage::ChooseDie(_, dice)) => {
            let mut d = dice.to_vec();
            d.dedup();
            out.extend(d.into_iter().map(|die| Action::ChooseDie { die }));
        }
        Some(BattleStage::Roll) | Some(BattleStage::Apply) | None => {}
    }
    out
}

pub(crate) fn perform(
    board: &Board,
    st: &mut State,
    side: Side,
    a: &Action,
    events: &mut Vec<Event>,
) {
    match a {
        Action::Target { hex } => {
            if let Some(c) = st.scratch.combat.as_mut() {
                c.targets.push(*hex);
            }
            log(
                events,
                EventKind::Declared.located(vec![*hex]),
                "10.1.1",
                format!("Target: {}", board.name(*hex)),
            );
        }
        Action::Counterblow { hex, card } => {
            pay(st, side, &[*card]);
            if let Some(c) = st.scratch.combat.as_mut() {
                c.counterblows.push(*hex);
            }
            log(
                events,
                EventKind::Declared.located(vec![*hex]),
                "10.1.2",
                format!("Counterblow: {}", board.name(*hex)),
            );
        }
        Action::Attack {
            targets,
            units,
            support,
        } => {
            let kind = if st
                .scratch
                .combat
                .as_ref()
                .is_some_and(|c| c.counterblows.contains(&targets[0]))
            {
                BattleKind::Counterblow
            } else {
                BattleKind::Voluntary
            };
            let mut defenders: Vec<usize> = targets.iter().flat_map(|h| units_at(st, *h)).collect();
            // 10.1.2 [AMB]: in a counterblow battle the passive side's white-strength units
            // are uncommitted: no strength, no losses, but they retreat.
            let uncommitted: Vec<usize> = if kind == BattleKind::Counterblow {
                defenders
                    .iter()
                    .copied()
                    .filter(|u| face(board, st, *u).white)
                    .collect()
            } else {
                vec![]
            };
            defenders.retain(|u| !uncommitted.contains(u));
            if let Some(c) = st.scratch.combat.as_mut() {
                c.attacked_hexes.extend(targets.iter().copied());
                c.fought.extend(units.iter().copied());
            }
            let mut original = units.clone();
            original.extend(defenders.iter().chain(&uncommitted));
            let b = BattleRun {
                attacker: side,
                kind,
                attackers: units.clone(),
                targets: targets.clone(),
                defenders,
                uncommitted,
                original,
                stages: vec![],
                support: false,
                card_shifts: vec![],
                imposed: None,
                column: None,
                crt: None,
                result: None,
                rolled: false,
                played: vec![],
                advance_cards: vec![],
                two_dice: None,
                doubled: vec![],
                no_mercy: false,
                dice: vec![],
            };
            fight(board, st, b, *support, events);
        }
        Action::Counterattack { units, support } => {
            let Some(mut b) = take_battle(st) else { return };
            b.stages.remove(0);
            if units.is_empty() {
                log(
                    events,
                    EventKind::Result,
                    "10.7.2",
                    "No counterattack".into(),
                );
                settle(board, st, b, events);
                return;
            }
            // 10.7.2: a new battle, the same units, no terrain shifts; the uncommitted units
            // of the counterattacking side only share its retreats.
            let old_attackers: Vec<usize> = b
                .attackers
                .iter()
                .copied()
                .filter(|u| at(st, *u).is_some())
                .collect();
            let mut targets: Vec<SpaceId> =
                old_attackers.iter().filter_map(|u| at(st, *u)).collect();
            targets.sort();
            targets.dedup();
            let uncommitted: Vec<usize> = b
                .defenders
                .iter()
                .chain(&b.uncommitted)
                .copied()
                .filter(|u| !units.contains(u) && side_of(board, *u) == side)
                .collect();
            let nb = BattleRun {
                attacker: side,
                kind: BattleKind::Counterattack,
                attackers: units.clone(),
                targets,
                defenders: old_attackers,
                uncommitted,
                original: b.original.clone(),
                stages: vec![],
                support: false,
                card_shifts: vec![],
                imposed: None,
                column: None,
                crt: None,
                result: None,
                rolled: false,
                played: vec![],
                advance_cards: vec![],
                two_dice: None,
                doubled: vec![],
                no_mercy: false,
                dice: vec![],
            };
            fight(board, st, nb, *support, events);
        }
        Action::PlayEvent { card } => {
            let Some(mut b) = take_battle(st) else { return };
            super::events::play(board, st, side, *card, Some(&mut b), events);
            b.stages.remove(0);
            settle(board, st, b, events);
        }
        Action::PlayEventOn { card, units, hexes } => {
            let Some(mut b) = take_battle(st) else { return };
            super::event_targets::play_targeted(
                board,
                st,
                side,
                *card,
                units,
                hexes,
                Some(&mut b),
                events,
            );
            b.stages.remove(0);
            settle(board, st, b, events);
        }
        Action::ChooseDie { die } => {
            let Some(mut b) = take_battle(st) else { return };
            b.stages.remove(0);
            if let (Some(col), Some(crt)) = (b.column, b.crt) {
                let r = crate::combat::crt(&board.data.tables, crt).result(col, *die);
                b.result = Some(r);
                log(
                    events,
                    EventKind::Battle,
                    "10.5",
                    format!(
                        "{} uses the {die}: {}",
                        crate::table::side_word(side),
                        r.label()
                    ),
                );
            }
            settle(board, st, b, events);
        }
        Action::Pass => {
            let Some(mut b) = take_battle(st) else { return };
            b.stages.remove(0);
            settle(board, st, b, events);
        }
        Action::MarkCounterblow { hex } => {
            let Some(mut b) = take_battle(st) else { return };
            b.stages.remove(0);
            st.cb_markers.push((*hex, side));
            log(
                events,
                EventKind::Result.located(vec![*hex]),
                "10.7.3",
                format!("Counterblow marker on {}", board.name(*hex)),
            );
            settle(board, st, b, events);
        }
        Action::TakeLoss { unit } => {
            let Some(mut b) = take_battle(st) else { return };
            let hex = at(st, *unit);
            let gone = lose_step(board, st, *unit, events);
            if let Some(BattleStage::Losses(l)) = b.stages.first_mut() {
                if let Some(first) = l.first_mut() {
                    first.1 = first.1.saturating_sub(1);
                }
                l.retain(|x| x.1 > 0);
                if l.is_empty() {
                    b.stages.remove(0);
                }
            }
            // 14.9.2: a cadre may take the place of a non-cadre unit eliminated by an EX step.
            if gone && !data(board, *unit).cadre {
                if let Some(h) = hex {
                    b.stages.insert(0, BattleStage::Cadre { side, at: h });
                }
            }
            settle(board, st, b, events);
        }
        Action::PlaceCadre { cadre } => {
            let Some(mut b) = take_battle(st) else { return };
            if let Some(BattleStage::Cadre { at: h, .. }) = b.stages.first().cloned() {
                if let Some(c) = cadre {
                    st.units[*c].loc = Loc::Map(h);
                    // It stands with the defending stack and retreats with it ([AMB] 14.9.2).
                    if let Some(BattleStage::Retreats { units, .. }) = b
                        .stages
                        .iter_mut()
                        .find(|s| matches!(s, BattleStage::Retreats { .. }))
                    {
                        units.push(*c);
                    }
                    log(
                        events,
                        EventKind::Reorganized,
                        "14.9.2",
                        format!(
                            "{} takes the field in {}",
                            unit_name(board, st, *c),
                            board.name(h)
                        ),
                    );
                }
            }
            b.stages.remove(0);
            settle(board, st, b, events);
        }
        Action::Retreat { unit, to } => {
            let Some(mut b) = take_battle(st) else { return };
            super::battle::do_retreat(board, st, side, *unit, *to, events);
            if let Some(BattleStage::Retreats { units, .. }) = b.stages.first_mut() {
                units.retain(|x| x != unit);
            }
            settle(board, st, b, events);
        }
        Action::Advance { unit, to } => {
            let Some(mut b) = take_battle(st) else { return };
            let from_hex = at(st, *unit);
            if let (Some(from), Some(BattleStage::Advance { vacated, done })) =
                (at(st, *unit), b.stages.first_mut())
            {
                // The first hex entered is a vacated one (10.8.1).
                let first = vacated.iter().copied().find(|v| {
                    *v == *to
                        || (board.border(from, *v).is_some() && board.border(*v, *to).is_some())
                });
                done.push(*unit);
                st.units[*unit].loc = Loc::Map(*to);
                if let Some(v) = first {
                    enter(board, st, side, v, events);
                }
                enter(board, st, side, *to, events);
            }
            log(
                events,
                EventKind::Advanced.located(from_hex.into_iter().chain([*to]).collect()),
                "10.8",
                format!(
                    "{} advances to {}",
                    unit_name(board, st, *unit),
                    board.name(*to)
                ),
            );
            settle(board, st, b, events);
        }
        _ => {}
    }
}

/// `End` while the attackers advance: the battle is over.
pub(crate) fn end_advance(board: &Board, st: &mut State, events: &mut Vec<Event>) -> bool {
    let advancing = st
        .scratch
        .combat
        .as_ref()
        .and_then(|c| c.battle.as_ref())
        .is_some_and(|b| matches!(b.stages.first(), Some(BattleStage::Advance { .. })));
    if !advancing {
        return false;
    }
    if let Some(mut b) = take_battle(st) {
        b.stages.remove(0);
        settle(board, st, b, events);
    }
    true
}
