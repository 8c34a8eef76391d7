//! The battle an attack would open, before it is committed (the table's combat preview): the
//! strengths, the odds column of the defender's best target hex (10.6.1) with every shift and
//! its rule, the CRT the attacker rolls on and the result of each die face. Everything it reads
//! is open information in the view (counters are public; only the hands are hidden): the event
//! cards either side may still play for the battle (10.5 step 2) are the one thing it cannot
//! know, and it says so.

use crate::board::{Board, BorderKind};
use crate::combat::{self, AttackingUnit, Battle, BattleKind, DefendingUnit, Odds};
use crate::data::{Nation, TurnEvent, UnitType};
use crate::rules::Action;
use crate::state::Loc;
use crate::view::View;
use eastfront_kernel::{Side, SpaceId};

/// The battle against `terrain_hex` as the view shows it: the same `Battle` the rules build
/// from the state (`rules::battle::describe`), read from the view's open counters instead.
fn battle(
    board: &Board,
    view: &View,
    attacker: Side,
    units: &[usize],
    defenders_in: &[SpaceId],
    terrain_hex: SpaceId,
    support: bool,
) -> Battle {
    let at = |u: usize| view.unit_at(u);
    let attackers = units
        .iter()
        .filter_map(|u| view.counter(*u))
        .filter_map(|c| {
            let s = at(c.unit)?;
            Some(AttackingUnit {
                kind: c.kind,
                strength: c.strength.unwrap_or(0),
                supplied: !c.unsupplied,
                ss: c.ss,
                shock_front: c.kind == UnitType::Shock,
                finnish: c.nation == Nation::Finnish,
                across_river: board.border(s, terrain_hex) == Some(BorderKind::River),
            })
        })
        .collect();
    let defenders = view
        .counters
        .iter()
        .filter(|c| c.side != attacker && matches!(c.loc, Loc::Map(s) if defenders_in.contains(&s)))
        .map(|c| DefendingUnit {
            kind: c.kind,
            strength: c.strength.unwrap_or(0),
            unsupplied: c.unsupplied,
            ss: c.ss,
        })
        .collect();
    Battle {
        attacker,
        kind: BattleKind::Voluntary,
        attackers,
        defenders,
        target: crate::rules::battle::target_hex(board, terrain_hex),
        weather: view.weather,
        double_winter_penalty: board
            .data
            .track
            .turns
            .iter()
            .any(|t| t.turn == view.turn && t.events.contains(&TurnEvent::DoubleWinterPenalty)),
        first_snow_turn: view.first_snow_turn == Some(view.turn),
        support,
        romania_surrendered: view.romania_surrendered,
        card_shifts: Vec::new(),
    }
}

/// The odds against the defender's best target hex (10.6.1: the defender chooses the terrain).
pub fn attack_odds(
    board: &Board,
    view: &View,
    attacker: Side,
    units: &[usize],
    targets: &[SpaceId],
    support: bool,
) -> Option<Odds> {
    let tec = &board.data.tables.tec;
    targets
        .iter()
        .map(|h| {
            combat::odds(
                &battle(board, view, attacker, units, targets, *h, support),
                tec,
            )
        })
        .min_by_key(|o| o.final_column.map(|c| c.index() as i32).unwrap_or(-1))
}

/// The preview lines of `action`; empty for one that opens no battle.
pub fn preview(board: &Board, view: &View, action: &Action) -> Vec<String> {
    let Action::Attack {
        targets,
        units,
        support,
    } = action
    else {
        return Vec::new();
    };
    let Some(attacker) = units.first().and_then(|u| view.counter(*u)).map(|c| c.side) else {
        return Vec::new();
    };
    let Some(odds) = attack_odds(board, view, attacker, units, targets, *support) else {
        return Vec::new();
    };
    let column = |c: Option<crate::data::Column>| c.map(|c| c.label()).unwrap_or("below 1:3");
    let mut lines = vec![format!(
        "{} against {}: column {} (10.5, 10.6.4)",
        odds.attack,
        odds.defence,
        column(odds.initial)
    )];
    lines.extend(odds.shifts.iter().map(|s| format!("  {}", s.describe())));
    let crt_side = combat::crt_side(attacker, view.weather, !view.options.axis_own_crt_in_snow);
    if odds.automatic_ca() {
        lines.push("Final column below 1:3: an automatic CA, no die (10.6.4)".into());
    } else {
        let crt = combat::crt(&board.data.tables, crt_side);
        let faces: Vec<String> = (1..=6)
            .map(|d| format!("{d}: {}", combat::result(crt, &odds, d).label()))
            .collect();
        lines.push(format!(
            "Final column {} on the {} CRT — {}",
            column(odds.final_column),
            if crt_side == Side::German {
                "Axis"
            } else {
                "Soviet"
            },
            faces.join(", ")
        ));
    }
    lines.push("Before the event cards either side may play for it (10.5 step 2)".into());
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::NoRetreat;
    use eastfront_kernel::{Game, Viewer};

    /// The preview's odds are the ones the battle then fights at: play random games until an
    /// attack is offered, preview it, take it, and compare with the battle's own column.
    #[test]
    fn the_previewed_odds_are_the_odds_the_battle_is_fought_at() {
        let game = NoRetreat::new();
        let mut checked = 0;
        for seed in 1..=12u64 {
            let mut st = game.setup("campaign", &Default::default(), seed).unwrap();
            let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
            for _ in 0..3_000 {
                let Some(seat) = game.active(&st) else { break };
                let legal = game.legal_actions(&st, seat);
                let attack = legal.iter().find(|a| {
                    matches!(a, Action::Attack { support: false, units, .. } if !units.is_empty())
                });
                if let Some(a) = attack.cloned() {
                    let side = game.side_of(&st, seat);
                    let view = game.view(&st, Viewer::Side(side));
                    let lines = preview(&game.board, &view, &a);
                    assert!(!lines.is_empty());
                    let Action::Attack { targets, units, .. } = &a else {
                        unreachable!()
                    };
                    let odds =
                        attack_odds(&game.board, &view, side, units, targets, false).unwrap();
                    game.apply(&mut st, seat, &a).unwrap();
                    let after = game.view(&st, Viewer::Side(side));
                    if let Some(b) = after.battle.as_ref().filter(|b| b.played.is_empty()) {
                        assert_eq!(b.attack, odds.attack, "{lines:?}");
                        assert_eq!(b.defence, odds.defence, "{lines:?}");
                        let col = odds.final_column.map(|c| c.label()).unwrap_or("below 1:3");
                        assert_eq!(b.final_column, col, "{lines:?}");
                        checked += 1;
                    }
                    continue;
                }
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let a = legal[(x % legal.len() as u64) as usize].clone();
                game.apply(&mut st, seat, &a).unwrap();
                if checked >= 5 {
                    break;
                }
            }
        }
        assert!(checked > 0, "some attack was previewed and fought");
    }

    #[test]
    fn a_move_opens_no_battle_and_has_no_preview() {
        let game = NoRetreat::new();
        let st = game.setup("campaign", &Default::default(), 1).unwrap();
        let view = game.view(&st, Viewer::Side(Side::German));
        assert!(preview(&game.board, &view, &Action::End).is_empty());
    }
}
