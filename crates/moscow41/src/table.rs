//! Moscow '41 at the table: the face of a view (prompt, turn and month, the impulse's step),
//! each action's words and map gesture (pick a block, click where it goes; battles and lines
//! are a click on their area), and "ending now leaves work undone" (UX: ending a segment while
//! pieces could still act asks first). The app shows these; it decides none of them.

use crate::board::{AreaId, BlockId, Board, BomberId};
use crate::state::{Action, Options};
use crate::view::View;
use crate::Moscow41;
use eastfront_kernel::{
    Button, Gesture, Mark, Need, Outcome, PieceId, Seat, Side, SpaceId, TableRules, ViewFace,
    Viewer,
};

/// Bombers are pieces too: their ids follow the blocks'.
const BOMBER_PIECE: u32 = 1000;

pub fn block_piece(b: BlockId) -> PieceId {
    PieceId(b.0 as u32)
}

pub fn bomber_piece(b: BomberId) -> PieceId {
    PieceId(BOMBER_PIECE + b.0 as u32)
}

/// What a piece id names: a block or a bomber disc.
pub enum Piece {
    Block(BlockId),
    Bomber(BomberId),
}

pub fn piece_of(p: PieceId) -> Piece {
    if p.0 >= BOMBER_PIECE {
        Piece::Bomber(BomberId((p.0 - BOMBER_PIECE) as u8))
    } else {
        Piece::Block(BlockId(p.0 as u8))
    }
}

/// The step of the sequence of play in a player's words (the view names it by its phase).
pub fn phase_words(phase: &str) -> &'static str {
    match phase {
        "Setup" => "Scenario setup",
        "LogisticChoice" => "Logistic Phase",
        "Regeneration" => "Logistic Phase · Regeneration",
        "Replacement" => "Logistic Phase · Replacement",
        "Reinforce" => "Reinforcements",
        "ImpulseChoice" => "Impulse · declare",
        "Activation" => "Impulse · HQ Activation",
        "Command" => "Impulse · Command",
        "Support" => "Impulse · Artillery and Luftwaffe",
        "Battles" => "Impulse · Combat",
        "Battle" => "Impulse · Battle",
        "Blitz" => "Impulse · Blitz",
        "ExploitOffer" | "Exploitation" => "Impulse · Exploitation",
        "GameOver" => "Game over",
        _ => "",
    }
}

impl ViewFace for View {
    fn viewer(&self) -> Viewer {
        self.viewer
    }
    fn prompt(&self) -> &str {
        &self.prompt
    }
    fn turn_label(&self) -> String {
        format!("Turn {} · {} 1941", self.turn, self.month)
    }
    fn phase_label(&self) -> String {
        let words = phase_words(&self.phase);
        match self.active_side {
            Some(s) if !words.is_empty() && self.outcome.is_none() => {
                format!("{} · {words}", s.name())
            }
            _ => words.to_string(),
        }
    }
    fn side_to_act(&self) -> Option<Side> {
        self.active_side
    }
    fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }
    fn turn_number(&self) -> u32 {
        self.turn as u32
    }
}

/// Where a block stands in the view (own or revealed blocks only: others have no identity).
pub fn block_area(view: &View, b: BlockId) -> Option<AreaId> {
    view.blocks
        .iter()
        .find(|v| v.face.as_ref().is_some_and(|f| f.block == b))
        .map(|v| v.area)
}

/// Words for a legal action, as a button says it.
pub fn action_words(board: &Board, view: &View, a: &Action) -> String {
    let place = |x: &AreaId| board.place_label(*x);
    let name = |b: &BlockId| board.block(*b).name.clone();
    // "63 Moscow", or "63 Moscow via 71, 72" for a longer path.
    let via = |p: &[AreaId]| match p.split_last() {
        Some((last, [])) => place(last),
        Some((last, through)) => format!(
            "{} via {}",
            place(last),
            through
                .iter()
                .map(|a| board.place_id(*a))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        None => String::new(),
    };
    match a {
        Action::Place { block, area } => format!("Place {} in {}", name(block), place(area)),
        Action::PlaceDl { area } => format!("Defensive Line in {}", place(area)),
        Action::LogisticPause => "Logistic Pause (R 7.1)".into(),
        Action::ActivateLeader => "Activate the Leader (R 7.2)".into(),
        Action::Regenerate { hq } => format!("Regenerate a step of {} (R 7.2.2)", name(hq)),
        Action::EndRegeneration => "End Regeneration".into(),
        Action::Replace { block } => format!("Replace a step of {} (R 7.2.2)", name(block)),
        Action::EndReplacement => "End Replacement".into(),
        Action::Deploy { block, area } => format!("Deploy {} in {}", name(block), place(area)),
        Action::Tactical => "Tactical Impulse (R 10)".into(),
        Action::StrategicMove => "Strategic Impulse A: move up to VL blocks (R 11.0 A)".into(),
        Action::StrategicReinforce => "Strategic Impulse B: reinforcements (R 11.0 B)".into(),
        Action::Pass => "Pass (R 12.0)".into(),
        Action::Activate { hq, path } => match path.last() {
            Some(_) => format!("Activate {} after moving to {}", name(hq), via(path)),
            None => format!(
                "Activate {} where it stands{}",
                name(hq),
                block_area(view, *hq)
                    .map(|a| format!(" ({})", place(&a)))
                    .unwrap_or_default()
            ),
        },
        Action::EndActivation => "End HQ Activation (R 10.1)".into(),
        Action::Move { block, path } => format!("Move {} to {}", name(block), via(path)),
        Action::Rail { block, to } => format!("Rail {} to {} (RO 14.4)", name(block), place(to)),
        Action::BuildDl { block } => {
            format!(
                "{}: lose a step to build a Defensive Line (R 4.1)",
                name(block)
            )
        }
        Action::DismantleDl { area } => format!(
            "Dismantle the Defensive Line in {} to build it again (R 4.1)",
            place(area)
        ),
        Action::EndCommand => "End the Command segment (R 10.7)".into(),
        Action::Artillery { hq, area } => {
            format!("Artillery of {} on {} (R 10.4)", name(hq), place(area))
        }
        Action::Bomber { bomber, area } => format!(
            "Bomber {} over {} (R 10.10)",
            board
                .bombers()
                .get(bomber.0 as usize)
                .map(|b| b.id.clone())
                .unwrap_or_default(),
            place(area)
        ),
        Action::EndSupport => "Done with artillery and bombers".into(),
        Action::Fight { area } => format!("Fight the battle in {} (R 10.11)", place(area)),
        Action::EndCombat => "End the Combat segment".into(),
        Action::BattleChoice { option } => match &view.battle_choice {
            Some(c) => c
                .options
                .get(*option as usize)
                .cloned()
                .unwrap_or_else(|| format!("Choice {}", option + 1)),
            None => format!("Choice {}", option + 1),
        },
        Action::Blitz { block, to } => {
            format!("Blitz {} into {} (R 10.16)", name(block), place(to))
        }
        Action::EndBlitz => "End Blitz".into(),
        Action::Exploit => "Spend the Initiative Disc: Exploitation (R 10.18)".into(),
        Action::NoExploit => "No Exploitation".into(),
        Action::EndExploitation => "End Exploitation".into(),
    }
}

/// The piece an action is about (a block, an HQ or a bomber), if any.
pub fn action_piece(a: &Action) -> Option<PieceId> {
    match a {
        Action::Place { block, .. }
        | Action::Deploy { block, .. }
        | Action::Move { block, .. }
        | Action::Rail { block, .. }
        | Action::Blitz { block, .. }
        | Action::BuildDl { block }
        | Action::Replace { block } => Some(block_piece(*block)),
        Action::Activate { hq, .. } | Action::Artillery { hq, .. } | Action::Regenerate { hq } => {
            Some(block_piece(*hq))
        }
        Action::Bomber { bomber, .. } => Some(bomber_piece(*bomber)),
        _ => None,
    }
}

/// Whether entering `area` engages the enemy for the viewer (an area the enemy controls or
/// holds blocks in): such destinations are lit red.
fn engages(view: &View, area: AreaId) -> bool {
    let Viewer::Side(own) = view.viewer else {
        return false;
    };
    view.blocks.iter().any(|b| b.area == area && b.side != own)
        || view
            .areas
            .get(area.index())
            .is_some_and(|av| av.control != own)
}

/// How an action is made on the map: pick up the block (on the map, or from the side panel's
/// list when it is off the map), click where it goes; a battle to fight or a line to build is a
/// click on its area, dismantling an own line a right-click. The rest are buttons.
pub fn gesture(view: &View, a: &Action) -> Option<Gesture> {
    let mark = |area: AreaId| {
        if engages(view, area) {
            Mark::Attack
        } else {
            Mark::Move
        }
    };
    let on_map = |b: &BlockId| Need::Piece(block_piece(*b));
    let from_panel = |b: &BlockId| Need::FromPanel(block_piece(*b));
    Some(match a {
        Action::Place { block, area } | Action::Deploy { block, area } => {
            Gesture::click(from_panel(block), *area, Mark::Move)
        }
        Action::Move { block, path } => {
            let to = *path.last()?;
            Gesture::click(on_map(block), to, mark(to)).with_path(path.to_vec())
        }
        Action::Activate { hq, path } => match path.last() {
            Some(to) => Gesture::click(on_map(hq), *to, mark(*to)).with_path(path.to_vec()),
            // Activated where it stands: a click on its own area.
            None => Gesture::click(on_map(hq), block_area(view, *hq)?, Mark::Act),
        },
        Action::Rail { block, to } | Action::Blitz { block, to } => {
            Gesture::click(on_map(block), *to, mark(*to))
        }
        Action::Artillery { hq, area } => Gesture::click(on_map(hq), *area, Mark::Attack),
        Action::Bomber { bomber, area } => {
            Gesture::click(Need::FromPanel(bomber_piece(*bomber)), *area, Mark::Attack)
        }
        Action::PlaceDl { area } => Gesture::click(Need::Nothing, *area, Mark::Act),
        Action::Fight { area } => Gesture::click(Need::Nothing, *area, Mark::Attack),
        Action::DismantleDl { area } => Gesture {
            button: Button::Secondary,
            ..Gesture::click(Need::Nothing, *area, Mark::Act)
        },
        _ => return None,
    })
}

/// Why ending now may be a mistake: what could still act (the actions of the segment still on
/// offer besides ending it). None when nothing is left, or when `action` ends nothing.
pub fn work_left(action: &Action, legal: &[Action]) -> Option<String> {
    let (one, many, verb) = match action {
        Action::EndActivation => ("HQ", "HQs", "could still be activated"),
        Action::EndCommand | Action::EndExploitation => ("block", "blocks", "could still move"),
        Action::EndSupport => (
            "artillery marker or bomber",
            "artillery markers and bombers",
            "could still be sent",
        ),
        Action::EndCombat => ("battle", "battles", "could still be fought"),
        Action::EndBlitz => ("block", "blocks", "could still Blitz"),
        Action::EndRegeneration => ("HQ", "HQs", "could still regenerate a step"),
        Action::EndReplacement => ("block", "blocks", "could still replace a step"),
        _ => return None,
    };
    // The piece (or battle) each action of the segment is about; counted once each.
    let piece = |a: &Action| -> Option<u32> {
        match (action, a) {
            (Action::EndActivation, Action::Activate { hq, .. })
            | (Action::EndSupport, Action::Artillery { hq, .. })
            | (Action::EndRegeneration, Action::Regenerate { hq }) => Some(hq.0 as u32),
            (
                Action::EndCommand | Action::EndExploitation,
                Action::Move { block, .. } | Action::Rail { block, .. } | Action::BuildDl { block },
            )
            | (Action::EndBlitz, Action::Blitz { block, .. })
            | (Action::EndReplacement, Action::Replace { block }) => Some(block.0 as u32),
            (Action::EndSupport, Action::Bomber { bomber, .. }) => {
                Some(BOMBER_PIECE + bomber.0 as u32)
            }
            (Action::EndCombat, Action::Fight { area }) => Some(area.0 as u32),
            _ => None,
        }
    };
    let n = legal
        .iter()
        .filter_map(piece)
        .collect::<std::collections::BTreeSet<u32>>()
        .len();
    (n > 0).then(|| format!("{n} {} {verb}.", if n == 1 { one } else { many }))
}

impl TableRules for Moscow41 {
    fn action_words(&self, view: &View, action: &Action) -> String {
        action_words(&self.board, view, action)
    }
    fn gesture(&self, view: &View, action: &Action) -> Option<Gesture> {
        gesture(view, action)
    }
    fn work_left(&self, _view: &View, legal: &[Action], action: &Action) -> Option<String> {
        work_left(action, legal)
    }
    fn risk(&self, view: &View, action: &Action) -> Option<String> {
        crate::exposure::exposure_warning(&self.board, view, action)
    }
    fn preview(&self, view: &View, action: &Action) -> Vec<String> {
        crate::preview::preview(&self.board, view, action)
    }
    /// Seat 0 is the German, seat 1 the Soviet (R 1.5: two players).
    fn seat_name(&self, _options: &Options, seat: Seat) -> String {
        if seat == Seat(0) { "German" } else { "Soviet" }.into()
    }
    fn seats(&self, _options: &Options) -> Vec<Seat> {
        vec![Seat(0), Seat(1)]
    }
    fn space_name(&self, space: SpaceId) -> String {
        self.board.place_label(space)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use eastfront_kernel::Game;

    #[test]
    fn ending_with_work_left_names_what_could_still_act() {
        let legal = vec![
            Action::Move {
                block: BlockId(3),
                path: vec![SpaceId(5)].into(),
            },
            Action::Move {
                block: BlockId(3),
                path: vec![SpaceId(6)].into(),
            },
            Action::BuildDl { block: BlockId(4) },
            Action::EndCommand,
        ];
        assert_eq!(
            work_left(&Action::EndCommand, &legal).as_deref(),
            Some("2 blocks could still move.")
        );
        assert_eq!(work_left(&Action::EndCommand, &[Action::EndCommand]), None);
        assert_eq!(work_left(&Action::Pass, &legal), None);
    }

    #[test]
    fn opening_actions_have_words_and_the_setup_places_from_the_panel() {
        let game = Moscow41::new();
        let st = game.setup("campaign", &Default::default(), 3).unwrap();
        let seat = game.active(&st).unwrap();
        let side = game.side_of(&st, seat);
        let view = game.view(&st, Viewer::Side(side));
        for a in game.legal_actions(&st, seat) {
            let w = action_words(&game.board, &view, &a);
            assert!(!w.is_empty() && !w.contains("BlockId"), "{w}");
            if let Action::Place { block, .. } = a {
                let g = gesture(&view, &a).unwrap();
                assert_eq!(g.need, Need::FromPanel(block_piece(block)));
            }
        }
    }

    #[test]
    fn bomber_and_block_pieces_do_not_collide() {
        assert!(matches!(
            piece_of(bomber_piece(BomberId(2))),
            Piece::Bomber(BomberId(2))
        ));
        assert!(matches!(
            piece_of(block_piece(BlockId(119))),
            Piece::Block(BlockId(119))
        ));
    }
}
