//! Computer players. They see only their own side's [`View`] (never the hidden state) and
//! choose among the legal actions the rules offer, exactly as a human does.

pub mod moscow41;
pub mod stalingrad_german;

use eastfront_stalingrad::{Action, Stalingrad, View};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A uniformly random legal action (selfplay, fuzzing, the "random" opponent).
pub fn random_action(legal: &[Action], rng: &mut ChaCha8Rng) -> Action {
    legal[rng.random_range(0..legal.len())].clone()
}

/// The AI's choice for the side that `view` belongs to. Deterministic for a given seed.
pub fn choose_action(game: &Stalingrad, view: &View, legal: &[Action], seed: u64) -> Action {
    assert!(
        !legal.is_empty(),
        "choose_action needs at least one legal action"
    );
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    match view.viewer {
        eastfront_kernel::Viewer::Side(eastfront_kernel::Side::German) => {
            stalingrad_german::choose(&game.board, view, legal, &mut rng)
        }
        _ => stalingrad_german::choose_generic(&game.board, view, legal, &mut rng),
    }
}

/// An action in words, for hints and logs ("Planned Attack on hex 9 from 24, 25 with Stuka").
pub fn describe(board: &eastfront_stalingrad::Board, action: &Action) -> String {
    let hex = |h: &eastfront_kernel::SpaceId| board.hex_name(*h).to_string();
    let hexes =
        |hs: &[eastfront_kernel::SpaceId]| hs.iter().map(hex).collect::<Vec<_>>().join(", ");
    let units = |us: &[eastfront_stalingrad::UnitId]| {
        us.iter()
            .map(|u| board.unit(*u).label.clone())
            .collect::<Vec<_>>()
            .join(", ")
    };
    match action {
        Action::CallReinforcements => "Call for Reinforcements".into(),
        Action::LongMove { from, path } => {
            format!("Long Move from {} to {}", hex(from), hexes(path))
        }
        Action::ShortMove { units: u, to } => {
            format!("Short Move: {} to hex {}", units(u), hex(to))
        }
        Action::EndShortMoves => "End the Short Moves (pass)".into(),
        Action::QuickAttack {
            units: u,
            to,
            target,
        } => {
            format!(
                "Quick Attack: {} move to {} and attack hex {}",
                units(u),
                hex(to),
                hex(target)
            )
        }
        Action::PlannedAttack {
            target,
            from,
            cards,
        } => {
            let with = if cards.is_empty() {
                String::new()
            } else {
                let names: Vec<String> =
                    cards.iter().map(|c| board.card(*c).name.clone()).collect();
                format!(" with {}", names.join(", "))
            };
            format!(
                "Planned Attack on hex {} from {}{}",
                hex(target),
                hexes(from),
                with
            )
        }
        Action::Place { unit, hex: h } => {
            format!("Deploy {} in hex {}", board.unit(*unit).label, hex(h))
        }
        Action::EndPlacement => "Done placing (the rest return to the table)".into(),
        Action::Choose { unit } => format!("Choose {}", board.unit(*unit).label),
        Action::Advance { unit } => format!("Advance {}", board.unit(*unit).label),
        Action::EndAdvance => "End the advance".into(),
        Action::Blitz { unit, to } => {
            format!("Blitz {} to hex {}", board.unit(*unit).label, hex(to))
        }
        Action::EndBlitz => "End Blitz".into(),
        other => format!("{other:?}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use eastfront_kernel::Game;

    #[test]
    fn describe_names_hexes_units_and_cards() {
        let game = Stalingrad::new();
        let b = &game.board;
        let nine = b.hex_id("9").unwrap();
        let from = vec![b.hex_id("24").unwrap(), b.hex_id("25").unwrap()];
        let text = describe(
            b,
            &Action::PlannedAttack {
                target: nine,
                from,
                cards: vec![],
            },
        );
        assert_eq!(text, "Planned Attack on hex 9 from 24, 25");
        let st = game.setup("standard", &Default::default(), 1).unwrap();
        let legal = game.legal_actions(&st, eastfront_kernel::Seat(0));
        // Every legal German action has a readable description (no debug dump).
        for a in &legal {
            let d = describe(b, a);
            assert!(!d.contains("SpaceId") && !d.contains("UnitId"), "{d}");
        }
    }
}
