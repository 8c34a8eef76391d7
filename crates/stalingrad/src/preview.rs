//! The battle an attack would open, as the German player can know it before committing
//! (issue "first hour", combat you can see coming): his own blocks with their dice and
//! firepower and the hits they should score, the defenders he can see (a count of blank blocks,
//! faces only where revealed), the hex's terrain, Rubble and fortification, and the cards of a
//! Planned Attack. The Soviet blocks' strength is hidden (§6.1 Fog of War) and never guessed.

use crate::board::Board;
use crate::state::Action;
use crate::view::{terrain_effects, BlockFace, View};
use eastfront_kernel::{Side, SpaceId};

/// Expected hits of `dice` dice at a firepower hitting on `hits_on` or more (§6.5).
fn expected_hits(dice: u32, hits_on: u8) -> f32 {
    dice as f32 * f32::from(7 - hits_on.min(7)) / 6.0
}

/// The preview lines of `action`; empty for one that opens no battle.
pub fn preview(board: &Board, view: &View, action: &Action) -> Vec<String> {
    let (target, attackers, cards): (SpaceId, Vec<&BlockFace>, Vec<String>) = match action {
        Action::QuickAttack { units, target, .. } => (
            *target,
            faces(view, |f| units.contains(&f.unit)),
            Vec::new(),
        ),
        Action::PlannedAttack {
            target,
            from,
            cards,
        } => (
            *target,
            view.blocks
                .iter()
                .filter(|b| b.side == Side::German && from.contains(&b.hex))
                .filter_map(|b| b.face.as_ref())
                .collect(),
            cards.iter().map(|c| board.card(*c).name.clone()).collect(),
        ),
        _ => return Vec::new(),
    };
    let dice: u32 = attackers.iter().map(|f| u32::from(f.strength)).sum();
    let hits: f32 = attackers
        .iter()
        .filter_map(|f| {
            f.firepower
                .map(|fp| expected_hits(u32::from(f.strength), fp.hits_on()))
        })
        .sum();
    let mut lines = vec![format!(
        "Yours: {} block{}, {dice} dice ({}) — about {hits:.1} hits before cards and bonuses (§6.5)",
        attackers.len(),
        if attackers.len() == 1 { "" } else { "s" },
        attackers
            .iter()
            .map(|f| format!(
                "{} {}{}",
                f.label,
                f.strength,
                f.firepower.map(|fp| format!(" {}", fp.short())).unwrap_or_default()
            ))
            .collect::<Vec<_>>()
            .join(", ")
    )];
    let defenders: Vec<_> = view
        .blocks
        .iter()
        .filter(|b| b.hex == target && b.side == Side::Soviet)
        .collect();
    let seen: Vec<String> = defenders
        .iter()
        .filter_map(|b| b.face.as_ref())
        .map(|f| format!("{} {}", f.label, f.strength))
        .collect();
    let hidden = defenders.len() - seen.len();
    lines.push(format!(
        "Defending: {} Soviet block{}{}{}",
        defenders.len(),
        if defenders.len() == 1 { "" } else { "s" },
        if hidden > 0 {
            format!(", {hidden} face hidden (§6.1)")
        } else {
            String::new()
        },
        if seen.is_empty() {
            String::new()
        } else {
            format!(", seen: {}", seen.join(", "))
        }
    ));
    lines.push(terrain_effects(board.hex(target).terrain).to_string());
    let hv = &view.hexes[target.index()];
    if hv.rubble {
        lines.push("Rubble: Double Defense, two of your hits inflict one (§6.9)".into());
    }
    if hv.fortified {
        lines.push("Fortified hex".into());
    }
    if !cards.is_empty() {
        lines.push(format!("Cards: {}", cards.join(" + ")));
    }
    lines
}

fn faces(view: &View, keep: impl Fn(&BlockFace) -> bool) -> Vec<&BlockFace> {
    view.blocks
        .iter()
        .filter_map(|b| b.face.as_ref())
        .filter(|f| keep(f))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Stalingrad;
    use eastfront_kernel::{Game, Seat, Viewer};

    #[test]
    fn dice_hit_on_the_firepower_threshold() {
        // FS hits on 6: one die in six; FT on 4, 5, 6: half.
        assert!((expected_hits(6, 6) - 1.0).abs() < 1e-6);
        assert!((expected_hits(4, 4) - 2.0).abs() < 1e-6);
    }

    /// A Quick Attack from the opening (scripted by the legal actions): the preview counts the
    /// attacker's dice from the faces the German sees and only a number of Soviet blocks.
    #[test]
    fn a_quick_attack_preview_shows_own_dice_and_only_a_count_of_the_defenders() {
        let game = Stalingrad::new();
        let mut st = game.setup("standard", &Default::default(), 1942).unwrap();
        // Random play (a fixed xorshift) until the German is offered a Quick Attack.
        let mut found = None;
        let mut x: u64 = 0x9e37_79b9;
        for _ in 0..2_000 {
            let Some(seat) = game.active(&st) else { break };
            let legal = game.legal_actions(&st, seat);
            if seat == Seat(0) {
                if let Some(a) = legal
                    .iter()
                    .find(|a| matches!(a, Action::QuickAttack { .. }))
                {
                    found = Some((seat, a.clone()));
                    break;
                }
            }
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let a = legal[(x % legal.len() as u64) as usize].clone();
            game.apply(&mut st, seat, &a).unwrap();
        }
        let Some((seat, attack)) = found else {
            panic!("no Quick Attack offered in the opening")
        };
        assert_eq!(seat, Seat(0));
        let view = game.view(&st, Viewer::Side(Side::German));
        let lines = preview(&game.board, &view, &attack);
        let Action::QuickAttack { units, target, .. } = &attack else {
            unreachable!()
        };
        let dice: u32 = units
            .iter()
            .map(|u| {
                u32::from(
                    view.blocks
                        .iter()
                        .filter_map(|b| b.face.as_ref())
                        .find(|f| f.unit == *u)
                        .unwrap()
                        .strength,
                )
            })
            .sum();
        assert!(lines[0].contains(&format!("{dice} dice")), "{lines:?}");
        let defenders = view
            .blocks
            .iter()
            .filter(|b| b.hex == *target && b.side == Side::Soviet)
            .count();
        assert!(
            lines[1].starts_with(&format!("Defending: {defenders} Soviet block")),
            "{lines:?}"
        );
        assert!(
            !lines.iter().any(|l| l.contains("pips")),
            "no hidden strength"
        );
        assert!(preview(&game.board, &view, &Action::EndShortMoves).is_empty());
    }
}
