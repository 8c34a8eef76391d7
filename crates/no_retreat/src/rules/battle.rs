//! One battle (10.5–10.8): the odds with the defender's best terrain, the die on the
//! attacker's CRT, and the result's stages: counterattacks, counterblow markers, step losses,
//! cadres, retreats, shattering and advances.

use super::combat_phase::{active_side, at, permitted, side_of};
use super::helpers::{
    check_stacking, data, eliminate, face, lose_step, room, strength, unit_name, units_at,
};
use super::move_phase::{access, mover};
use super::{log, Event, EventKind};
use crate::board::{Board, BorderKind};
use crate::combat::{self, AttackingUnit, Battle, BattleKind, DefendingUnit, TargetHex};
use crate::data::{CombatResult, Nation, TurnEvent, UnitType};
use crate::losses::{effects, loss_candidates, Defender, Loser};
use crate::movement::{advance_ends, advance_limit, retreat_ends};
use crate::state::*;
use crate::supply::{Supply, Zones};
use crate::turn::position;
use eastfront_kernel::{Roll, Side, SpaceId};

/// The participants of `side` that may take its step loss (10.7.1, 14.5–14.7).
pub(super) fn loss_units(board: &Board, st: &State, b: &BattleRun, side: Side) -> Vec<usize> {
    let attacking = b.attacker == side;
    let pool: Vec<usize> = if attacking {
        &b.attackers
    } else {
        &b.defenders
    }
    .iter()
    .copied()
    .filter(|u| at(st, *u).is_some() && side_of(board, *u) == side)
    .collect();
    let losers: Vec<Loser> = pool
        .iter()
        .map(|u| {
            let f = face(board, st, *u);
            Loser {
                ss: data(board, *u).ss,
                kind: f.kind,
                shock: f.kind == UnitType::Shock,
            }
        })
        .collect();
    loss_candidates(&losers, attacking)
        .into_iter()
        .map(|i| pool[i])
        .collect()
}

pub(super) fn sources(board: &Board, st: &State, side: Side) -> Vec<SpaceId> {
    let pos = position(board, st);
    let s = Supply::new(board, &pos);
    (0..board.n_hexes)
        .map(|i| SpaceId(i as u16))
        .filter(|x| {
            board.hex(*x).is_some_and(|h| h.edge == Some(side))
                || s.supplied_friendly_city(side, *x)
        })
        .collect()
}

pub(super) fn retreat_options(board: &Board, st: &State, b: &BattleRun, u: usize) -> Vec<SpaceId> {
    let Some(m) = mover(board, st, u) else {
        return vec![];
    };
    let pos = position(board, st);
    let zones = Zones::new(board, &pos);
    retreat_ends(
        board,
        &zones,
        &m,
        &b.targets,
        &sources(board, st, m.side),
        access(st),
    )
}

pub(super) fn advance_options(
    board: &Board,
    st: &State,
    b: &BattleRun,
    u: usize,
    vacated: &[SpaceId],
) -> Vec<SpaceId> {
    let Some(m) = mover(board, st, u) else {
        return vec![];
    };
    let f = face(board, st, u);
    // 10.8: fortified units never advance; 10.7.3: nor white-strength or Disorganized units
    // after a counterblow battle.
    if f.movement == 0
        || (b.kind == BattleKind::Counterblow && (f.white || st.units[u].disorganized))
    {
        return vec![];
    }
    let track = &board.data.track;
    let by = |e: TurnEvent| {
        track
            .turns
            .iter()
            .any(|t| t.turn <= st.turn && t.events.contains(&e))
    };
    let romania_out = st.triggers.ploesti.is_some_and(|t| t < st.turn);
    let bonus = f.kind.is_armor()
        && match m.side {
            Side::German => data(board, u).ss || !romania_out,
            Side::Soviet => by(TurnEvent::SovietTankAdvance),
        };
    let mut limit = advance_limit(st.weather, st.units[u].unsupplied, bonus);
    // 5.0: the cards in the order played; the later prevails.
    for c in &b.advance_cards {
        limit = match c {
            AdvanceCard::PlusOne => limit + 1,
            AdvanceCard::LimitOne => 1,
        };
    }
    let pos = position(board, st);
    let zones = Zones::new(board, &pos);
    let mut out = Vec::new();
    for v in vacated {
        if permitted(board, m.at, *v) {
            out.extend(advance_ends(
                board,
                &board.data.tables.tec,
                &zones,
                &m,
                *v,
                limit,
                access(st),
            ));
        }
    }
    out.sort();
    out.dedup();
    out.retain(|s| *s != m.at && room(board, st, m.side, *s));
    out
}

pub(crate) fn target_hex(board: &Board, h: SpaceId) -> TargetHex {
    match board.hex(h) {
        Some(x) => TargetHex {
            terrain: x.terrain,
            city: x.city.is_some(),
            objective: x.objective.is_some(),
            oil: x.oil.is_some(),
            area: false,
        },
        None => TargetHex {
            terrain: crate::data::Terrain::Clear,
            city: false,
            objective: false,
            oil: false,
            area: true,
        },
    }
}

/// 10.4–10.6: the battle as combat arithmetic sees it, with the terrain of `terrain_hex`.
pub(super) fn describe(
    board: &Board,
    st: &State,
    b: &BattleRun,
    terrain_hex: SpaceId,
    support: bool,
) -> Battle {
    let attackers = b
        .attackers
        .iter()
        .filter_map(|u| {
            let s = at(st, *u)?;
            let f = face(board, st, *u);
            Some(AttackingUnit {
                kind: f.kind,
                // Erich von Manstein doubles the unit's strength; 15.3.3: a Local Combat
                // Support marker adds its points.
                strength: f.strength.unwrap_or(0) * if b.doubled.contains(u) { 2 } else { 1 }
                    + super::optional::support_bonus(board, st, *u),
                supplied: !st.units[*u].unsupplied,
                ss: data(board, *u).ss,
                shock_front: f.kind == UnitType::Shock,
                finnish: data(board, *u).nation == Nation::Finnish,
                across_river: board.border(s, terrain_hex) == Some(BorderKind::River),
            })
        })
        .collect();
    let defenders = b
        .defenders
        .iter()
        .filter(|u| at(st, **u).is_some())
        .map(|u| {
            let f = face(board, st, *u);
            DefendingUnit {
                kind: f.kind,
                strength: f.strength.unwrap_or(0) + super::optional::support_bonus(board, st, *u),
                unsupplied: st.units[*u].unsupplied,
                ss: data(board, *u).ss,
            }
        })
        .collect();
    let track = &board.data.track;
    Battle {
        attacker: b.attacker,
        kind: b.kind,
        attackers,
        defenders,
        target: target_hex(board, terrain_hex),
        weather: st.weather,
        double_winter_penalty: track
            .turns
            .iter()
            .any(|t| t.turn == st.turn && t.events.contains(&TurnEvent::DoubleWinterPenalty)),
        first_snow_turn: st.first_snow_turn == Some(st.turn),
        support,
        romania_surrendered: st.triggers.ploesti.is_some_and(|t| t < st.turn),
        card_shifts: b.card_shifts.clone(),
    }
}

/// 10.5 steps 1–5 and the result (10.7): the odds (the defender's best terrain hex, 10.6.1),
/// the die on the attacker's CRT, then the stages the result calls for.
pub(super) fn fight(
    board: &Board,
    st: &mut State,
    mut b: BattleRun,
    support: bool,
    events: &mut Vec<Event>,
) {
    if support {
        let i = side_index(b.attacker);
        st.support[i] = st.support[i].saturating_sub(1);
    }
    b.support = support;
    // A counterattack (10.7.2) goes on in the battle that called for it.
    if b.kind != BattleKind::Counterattack {
        events.push(Event::new(
            EventKind::BattleStart {
                at: b.targets.clone(),
            },
            "10.5",
            format!(
                "Battle: the {} attack {}",
                crate::table::side_word(b.attacker),
                b.targets
                    .iter()
                    .map(|h| board.name(*h))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        ));
    }
    // 10.5 step 2: the attacker, then the defender, may play one event card.
    b.stages = vec![
        BattleStage::Commit(b.attacker),
        BattleStage::Commit(b.attacker.other()),
        BattleStage::Roll,
    ];
    settle(board, st, b, events);
}

/// 10.5 step 3, 10.6.1: the battle's odds, with the target hex whose terrain gives the
/// defender the lowest final column (None: a battle with no target hex).
pub(crate) fn battle_odds(board: &Board, st: &State, b: &BattleRun) -> Option<combat::Odds> {
    let tec = &board.data.tables.tec;
    b.targets
        .iter()
        .map(|h| combat::odds(&describe(board, st, b, *h, b.support), tec))
        .min_by_key(|o| o.final_column.map(|c| c.index() as i32).unwrap_or(-1))
}

/// 10.5 steps 3–5: the odds (the defender's best terrain hex, 10.6.1), then the die on the
/// attacker's CRT, unless a card imposed the result.
fn roll_battle(board: &Board, st: &mut State, b: &mut BattleRun, events: &mut Vec<Event>) {
    let Some(odds) = battle_odds(board, st, b) else {
        return;
    };
    let crt_side = combat::crt_side(b.attacker, st.weather, !st.options.axis_own_crt_in_snow);
    let crt = combat::crt(&board.data.tables, crt_side);
    let (die, result) = match b.imposed {
        Some(r) => (None, r),
        None => combat::roll(crt, &odds, &mut st.dice),
    };
    // Experienced Commanders: a second die; the card's owner picks one (ChooseDie).
    let second = match (b.two_dice, die) {
        (Some(s), Some(_)) => Some((s, st.dice.d6())),
        _ => None,
    };
    b.column = odds.final_column;
    b.crt = Some(crt_side);
    b.result = Some(result);
    b.rolled = die.is_some();
    b.dice.extend(die.into_iter().chain(second.map(|x| x.1)));
    let shifts: Vec<String> = odds.shifts.iter().map(|s| s.describe()).collect();
    let col = odds.final_column.map(|c| c.label()).unwrap_or("below 1:3");
    let text = format!(
        "{} attacks {}: {} vs {}, {}{}; {}",
        crate::table::side_word(b.attacker),
        b.targets
            .iter()
            .map(|h| board.name(*h))
            .collect::<Vec<_>>()
            .join(", "),
        odds.attack,
        odds.defence,
        col,
        if shifts.is_empty() {
            String::new()
        } else {
            format!(" ({})", shifts.join(", "))
        },
        result.label()
    );
    let mut ev = Event::new(EventKind::Battle, "10.5", text);
    if let Some(d) = die {
        let dice: Vec<u8> = std::iter::once(d).chain(second.map(|x| x.1)).collect();
        ev = ev.with_roll(Roll::d6(
            Some(b.attacker),
            format!("{crt_side:?} CRT"),
            &dice,
        ));
    }
    events.push(ev);
    if let (Some((s, d2)), Some(d1)) = (second, die) {
        b.stages.insert(0, BattleStage::ChooseDie(s, [d1, d2]));
    }
}

/// 10.7: the stages a result calls for.
pub(super) fn apply_result(
    board: &Board,
    st: &mut State,
    b: &mut BattleRun,
    result: CombatResult,
    events: &mut Vec<Event>,
) {
    let in_targets: Vec<usize> = b.targets.iter().flat_map(|h| units_at(st, *h)).collect();
    let defs: Vec<Defender> = in_targets
        .iter()
        .map(|u| Defender {
            fortified: face(board, st, *u).kind == UnitType::Fortified,
            volkssturm: data(board, *u).id.starts_with("ge_vs_"),
        })
        .collect();
    let e = effects(result, &defs);
    let def_side = b.attacker.other();
    if e.remove_volkssturm {
        for u in in_targets
            .iter()
            .filter(|u| data(board, **u).id.starts_with("ge_vs_"))
        {
            let was_at = super::helpers::hex_of(st, *u);
            st.units[*u].loc = Loc::OutOfGame;
            log(
                events,
                EventKind::Eliminated.located(was_at),
                "14.11",
                format!("{} is removed", unit_name(board, st, *u)),
            );
        }
    }
    if e.counterattack {
        b.stages.push(BattleStage::Counterattack);
    }
    if e.counterblow {
        b.stages.push(BattleStage::MarkCounterblow);
    }
    if e.exchange {
        b.stages
            .push(BattleStage::Losses(vec![(def_side, 1), (b.attacker, 1)]));
    }
    // No Mercy! (Reconstructed): each side loses one more step, the defender first as in an
    // exchange (10.7.1).
    if b.no_mercy {
        b.stages
            .push(BattleStage::Losses(vec![(def_side, 1), (b.attacker, 1)]));
    }
    if e.each_defender_loses_step {
        for u in b.defenders.clone() {
            if at(st, u).is_none() {
                continue;
            }
            let hex = at(st, u);
            let gone = lose_step(board, st, u, events);
            if gone && !data(board, u).cadre {
                if let Some(h) = hex {
                    b.stages.push(BattleStage::Cadre {
                        side: def_side,
                        at: h,
                    });
                }
            }
        }
    }
    if e.retreat {
        let mut units: Vec<usize> = b.targets.iter().flat_map(|h| units_at(st, *h)).collect();
        units.sort();
        b.stages.push(BattleStage::Retreats {
            units,
            shatter: e.shatter,
        });
    }
    if matches!(
        result,
        CombatResult::DR | CombatResult::DS | CombatResult::DD
    ) {
        // 5.0 example: cards that change the advance, in the order played.
        b.stages.push(BattleStage::AdvanceCards(b.attacker));
        b.stages.push(BattleStage::AdvanceCards(b.attacker.other()));
        b.stages.push(BattleStage::AdvanceCards(b.attacker));
        b.stages.push(BattleStage::Advance {
            vacated: vec![],
            done: vec![],
        });
    }
}

/// Runs the stages that need no decision; ends the battle when none is left.
pub(super) fn settle(board: &Board, st: &mut State, mut b: BattleRun, events: &mut Vec<Event>) {
    loop {
        match b.stages.first_mut() {
            None => {
                events.push(Event::new(
                    EventKind::BattleEnd {
                        at: b.targets.clone(),
                    },
                    "10.5",
                    "The battle is over",
                ));
                end_battle(board, st, &b);
                return;
            }
            Some(BattleStage::ChooseDie(..)) => break,
            Some(BattleStage::Commit(side)) => {
                let s = *side;
                let w = super::events::Window::Commit;
                if super::events::playable(board, st, s, w, Some(&b)).is_empty()
                    && super::event_targets::targeted_legal(board, st, s, w, Some(&b)).is_empty()
                {
                    b.stages.remove(0);
                } else {
                    break;
                }
            }
            Some(BattleStage::AfterRoll(side)) => {
                let s = *side;
                if super::events::playable(board, st, s, super::events::Window::AfterRoll, Some(&b))
                    .is_empty()
                {
                    b.stages.remove(0);
                } else {
                    break;
                }
            }
            Some(BattleStage::AdvanceCards(side)) => {
                let s = *side;
                if super::events::playable(board, st, s, super::events::Window::Advance, Some(&b))
                    .is_empty()
                {
                    b.stages.remove(0);
                } else {
                    break;
                }
            }
            Some(BattleStage::Roll) => {
                b.stages.remove(0);
                roll_battle(board, st, &mut b, events);
                let (att, def) = (b.attacker, b.attacker.other());
                let next = [
                    BattleStage::AfterRoll(att),
                    BattleStage::AfterRoll(def),
                    BattleStage::Apply,
                ];
                let at = usize::from(matches!(b.stages.first(), Some(BattleStage::ChooseDie(..))));
                for (i, x) in next.into_iter().enumerate() {
                    b.stages.insert(at + i, x);
                }
            }
            Some(BattleStage::Apply) => {
                b.stages.remove(0);
                let r = b.result.unwrap_or(CombatResult::NoEffect);
                if b.played
                    .iter()
                    .any(|(_, w)| *w == super::events::Window::AfterRoll as u8)
                {
                    log(
                        events,
                        EventKind::Result.located(b.targets.clone()),
                        "10.7",
                        format!("Result: {}", r.label()),
                    );
                }
                apply_result(board, st, &mut b, r, events);
            }
            Some(BattleStage::Counterattack) => {
                let can = b.defenders.iter().chain(&b.uncommitted).any(|u| {
                    b.original.contains(u) && at(st, *u).is_some() && strength(board, st, *u) > 0
                });
                if can {
                    break;
                }
                b.stages.remove(0);
            }
            Some(BattleStage::MarkCounterblow) => {
                let active = active_side(st);
                let any = b
                    .attackers
                    .iter()
                    .chain(&b.defenders)
                    .any(|u| side_of(board, *u) == active && at(st, *u).is_some());
                if any {
                    break;
                }
                b.stages.remove(0);
            }
            Some(BattleStage::Losses(l)) => {
                let Some(&(s, n)) = l.first() else {
                    b.stages.remove(0);
                    continue;
                };
                let candidates = loss_units(board, st, &b, s);
                // One unit only: it takes the loss (no choice to make).
                if n > 0 && candidates.len() == 1 {
                    let u = candidates[0];
                    let hex = at(st, u);
                    let gone = lose_step(board, st, u, events);
                    if let Some(BattleStage::Losses(l)) = b.stages.first_mut() {
                        l[0].1 -= 1;
                        l.retain(|x| x.1 > 0);
                        if l.is_empty() {
                            b.stages.remove(0);
                        }
                    }
                    if gone && !data(board, u).cadre {
                        if let Some(h) = hex {
                            b.stages.insert(0, BattleStage::Cadre { side: s, at: h });
                        }
                    }
                    continue;
                }
                if n == 0 || candidates.is_empty() {
                    if let Some(BattleStage::Losses(l)) = b.stages.first_mut() {
                        l.remove(0);
                        if l.is_empty() {
                            b.stages.remove(0);
                        }
                    }
                    continue;
                }
                break;
            }
            Some(BattleStage::Cadre { side, .. }) => {
                let s = *side;
                if (0..st.units.len())
                    .any(|u| st.units[u].loc == Loc::CadreAvailable && side_of(board, u) == s)
                {
                    break;
                }
                b.stages.remove(0);
            }
            Some(BattleStage::Retreats { units, shatter }) => {
                units.retain(|u| at(st, *u).is_some());
                let Some(&u) = units.first() else {
                    b.stages.remove(0);
                    continue;
                };
                let shatter = *shatter;
                let options = retreat_options(board, st, &b, u);
                if options.is_empty() {
                    // 10.7.5, 10.7.6: no legal retreat: eliminated at once.
                    log(
                        events,
                        EventKind::Retreated.located(super::helpers::hex_of(st, u)),
                        "10.7.5",
                        format!("{} cannot retreat", unit_name(board, st, u)),
                    );
                    eliminate(board, st, u, events);
                } else if !shatter && options.len() == 1 {
                    let side = side_of(board, u);
                    do_retreat(board, st, side, u, options[0], events);
                } else if shatter {
                    // 10.7.6: it retreats, then goes to the Shattered box.
                    let was_at = super::helpers::hex_of(st, u);
                    st.units[u].loc = Loc::Shattered;
                    log(
                        events,
                        EventKind::Retreated.located(was_at),
                        "10.7.6",
                        format!("{} is shattered", unit_name(board, st, u)),
                    );
                } else {
                    break;
                }
                if let Some(BattleStage::Retreats { units, .. }) = b.stages.first_mut() {
                    units.retain(|x| *x != u);
                }
            }
            Some(BattleStage::Advance { vacated, done }) => {
                // 10.8: only into the target hexes the result emptied (fixed when the advance
                // begins: an attacker that has advanced into one does not close it).
                if done.is_empty() {
                    *vacated = b
                        .targets
                        .iter()
                        .copied()
                        .filter(|h| units_at(st, *h).is_empty())
                        .collect();
                }
                let empty = vacated.clone();
                let done = done.clone();
                let any = !empty.is_empty()
                    && b.attackers.iter().any(|u| {
                        !done.contains(u) && !advance_options(board, st, &b, *u, &empty).is_empty()
                    });
                if any {
                    break;
                }
                b.stages.remove(0);
            }
        }
    }
    if let Some(c) = st.scratch.combat.as_mut() {
        c.battle = Some(b);
    }
}

/// 10.7.5: one unit retreats to `to`, passing through a hex between (12.7.1 control).
pub(super) fn do_retreat(
    board: &Board,
    st: &mut State,
    side: Side,
    unit: usize,
    to: SpaceId,
    events: &mut Vec<Event>,
) {
    let from_hex = at(st, unit);
    if let Some(from) = from_hex {
        let mid = board.borders(from).iter().map(|x| x.to).find(|m| {
            board.border(*m, to).is_some()
                && units_at(st, *m).iter().all(|u| side_of(board, *u) == side)
        });
        st.units[unit].loc = Loc::Map(to);
        if let Some(m) = mid {
            super::helpers::enter(board, st, side, m, events);
        }
        super::helpers::enter(board, st, side, to, events);
    }
    log(
        events,
        EventKind::Retreated.located(from_hex.into_iter().chain([to]).collect()),
        "10.7.5",
        format!(
            "{} retreats to {}",
            unit_name(board, st, unit),
            board.name(to)
        ),
    );
}

pub(super) fn end_battle(board: &Board, st: &mut State, _b: &BattleRun) {
    if let Some(c) = st.scratch.combat.as_mut() {
        c.battle = None;
    }
    super::helpers::refresh_finland(board, st);
    check_stacking(board, st);
}

pub(super) fn take_battle(st: &mut State) -> Option<BattleRun> {
    st.scratch.combat.as_mut().and_then(|c| c.battle.take())
}
