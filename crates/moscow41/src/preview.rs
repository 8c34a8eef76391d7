//! The battle an action would open, as its player can know it before committing (the table's
//! combat preview): his own blocks there with their strength (each strength point a die), the
//! enemy blocks as a count of blank blocks (faces only where revealed, R 1.5 Fog of War), the
//! defender's Absorption Bonus (R 10.13) and the Defensive Lines (R 4.1). A move that enters an area the
//! enemy holds says that it opens a battle there (R 10.11).

use crate::battle::BattleSetup;
use crate::board::Board;
use crate::rules::battle_terrain;
use crate::state::Action;
use crate::view::View;
use eastfront_kernel::{Side, SpaceId, Viewer};

/// The Defender's Absorption Bonus in `area` as the battle would count it (R 10.13: Yellow 1,
/// a controlled City 1 or Victory Area 2, a controlled area with his DL 1, at most 3).
fn absorption(board: &Board, view: &View, attacker: Side, area: SpaceId) -> u32 {
    let defender = attacker.other();
    let mut setup = BattleSetup::new(attacker, battle_terrain(board, area));
    setup.city = board.has_city(area);
    setup.defender_controls = view.areas[area.index()].control == defender;
    setup.defender_dl = view.areas[area.index()].dl[usize::from(defender == Side::Soviet)];
    setup.absorption()
}

/// The preview lines of `action`; empty for one that opens no battle.
pub fn preview(board: &Board, view: &View, action: &Action) -> Vec<String> {
    let Viewer::Side(me) = view.viewer else {
        return Vec::new();
    };
    let (area, joining) = match action {
        Action::Fight { area } => (*area, None),
        Action::Move { block, path } => match path.as_slice().last() {
            Some(to) if enemy_here(view, me, *to) => (*to, Some(*block)),
            _ => return Vec::new(),
        },
        _ => return Vec::new(),
    };
    let own_faces: Vec<_> = view
        .blocks
        .iter()
        .filter(|b| b.side == me)
        .filter_map(|b| b.face.as_ref().map(|f| (b, f)))
        .filter(|(b, f)| b.area == area || Some(f.block) == joining)
        .map(|(_, f)| f)
        .collect();
    let own: Vec<String> = own_faces
        .iter()
        .map(|f| format!("{} {}", f.label, f.strength))
        .collect();
    let dice: u32 = own_faces.iter().map(|f| u32::from(f.strength)).sum();
    let enemy: Vec<_> = view
        .blocks
        .iter()
        .filter(|b| b.side != me && b.area == area)
        .collect();
    let seen: Vec<String> = enemy
        .iter()
        .filter_map(|b| b.face.as_ref())
        .map(|f| format!("{} {}", f.label, f.strength))
        .collect();
    let hidden = enemy.len() - seen.len();
    let mut lines = Vec::new();
    if joining.is_some() {
        lines.push(format!(
            "Enters {}, held by the enemy: a battle there in the Combat segment (R 10.11)",
            board.place_label(area)
        ));
    }
    lines.push(format!(
        "Yours: {} block{}, {dice} dice ({})",
        own.len(),
        if own.len() == 1 { "" } else { "s" },
        own.join(", ")
    ));
    lines.push(format!(
        "Enemy: {} block{}{}{}",
        enemy.len(),
        if enemy.len() == 1 { "" } else { "s" },
        if hidden > 0 {
            format!(", {hidden} face hidden (R 1.5)")
        } else {
            String::new()
        },
        if seen.is_empty() {
            String::new()
        } else {
            format!(", seen: {}", seen.join(", "))
        }
    ));
    lines.push(format!(
        "The defender absorbs the first {} hit{} (R 10.13)",
        absorption(board, view, me, area),
        if absorption(board, view, me, area) == 1 {
            ""
        } else {
            "s"
        }
    ));
    let dl = view.areas[area.index()].dl;
    for (i, side) in [Side::German, Side::Soviet].into_iter().enumerate() {
        if dl[i] {
            lines.push(format!("{} Defensive Line here (R 4.1)", side.name()));
        }
    }
    lines
}

fn enemy_here(view: &View, me: Side, area: SpaceId) -> bool {
    view.blocks.iter().any(|b| b.side != me && b.area == area)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Moscow41;
    use eastfront_kernel::Game;

    /// From random play, every battle the German may fight is previewed with his own dice
    /// and only a count of the hidden Soviet blocks.
    #[test]
    fn a_fight_preview_counts_own_dice_and_hides_the_enemy_faces() {
        let game = Moscow41::new();
        let mut st = game.setup("campaign", &Default::default(), 3).unwrap();
        let mut x: u64 = 0x2545_f491_4f6c_dd1d;
        let mut checked = 0;
        for _ in 0..20_000 {
            let Some(seat) = game.active(&st) else { break };
            let legal = game.legal_actions(&st, seat);
            let side = game.side_of(&st, seat);
            if let Some(Action::Fight { area }) = legal
                .iter()
                .find(|a| matches!(a, Action::Fight { .. }))
                .cloned()
            {
                let view = game.view(&st, Viewer::Side(side));
                let lines = preview(&game.board, &view, &Action::Fight { area });
                let dice: u32 = view
                    .blocks
                    .iter()
                    .filter(|b| b.side == side && b.area == area)
                    .filter_map(|b| b.face.as_ref())
                    .map(|f| u32::from(f.strength))
                    .sum();
                assert!(lines[0].contains(&format!("{dice} dice")), "{lines:?}");
                for b in view
                    .blocks
                    .iter()
                    .filter(|b| b.side != side && b.area == area)
                {
                    if let Some(f) = &b.face {
                        assert!(lines[1].contains(&f.label), "a revealed block is named");
                    }
                }
                checked += 1;
                if checked >= 5 {
                    break;
                }
            }
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let a = legal[(x % legal.len() as u64) as usize].clone();
            game.apply(&mut st, seat, &a).unwrap();
        }
        assert!(checked > 0, "a battle was previewed");
    }
}
