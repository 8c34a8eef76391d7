//! Stalingrad at the table: the face of a view (prompt, turn and phase), each action's words
//! and map gesture, and the "ending now leaves work undone" question (UX: ending a phase with
//! pieces that could still act asks first). The app shows these; it decides none of them.

use crate::board::{Board, CardId, UnitId};
use crate::state::{soviet_seat, Action, Options};
use crate::view::{Step, View};
use crate::Stalingrad;
use eastfront_kernel::{
    Gesture, Mark, Need, Outcome, PieceId, Seat, Side, SpaceId, TableRules, ViewFace, Viewer,
};

impl ViewFace for View {
    fn viewer(&self) -> Viewer {
        self.viewer
    }
    fn prompt(&self) -> &str {
        &self.prompt
    }
    /// The game has no printed turn track: a round is a German turn and the Soviet turn after.
    fn turn_label(&self) -> String {
        format!("Round {}", self.round)
    }
    fn phase_label(&self) -> String {
        if let Some(c) = &self.combat {
            return format!("Battle · {}", c.kind);
        }
        match self.step {
            Step::GermanAction => "German action",
            Step::ShortMoves => "German action · Short Moves",
            Step::PlaceReinforcements => "German action · placing reinforcements",
            Step::Combat => "Combat",
            Step::SovietChoice => "Soviet turn · choose the action",
            Step::SovietMoves => "Soviet turn · Movement Action",
            Step::SovietSweep => "Soviet turn (solitaire rules)",
            Step::GameOver => "Game over",
        }
        .into()
    }
    fn side_to_act(&self) -> Option<Side> {
        self.active_side
    }
    fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }
    fn turn_number(&self) -> u32 {
        self.turn
    }
    /// The log dates by round (the rules count German and Soviet turns together as one).
    fn log_turn(&self) -> u32 {
        self.round
    }
}

/// A unit as a table piece.
pub fn piece(u: UnitId) -> PieceId {
    PieceId(u.0 as u32)
}

/// The piece's unit (the inverse of [`piece`]).
pub fn unit_of(p: PieceId) -> UnitId {
    UnitId(p.0 as u8)
}

/// The name of a hex as players say it: "hex 56", or the lettered off-board hexes as printed.
pub fn hex_words(board: &Board, h: SpaceId) -> String {
    let name = board.hex_name(h);
    if name.parse::<u32>().is_ok() {
        format!("hex {name}")
    } else {
        name.to_string()
    }
}

fn hexes_words(board: &Board, hs: &[SpaceId]) -> String {
    hs.iter()
        .map(|h| board.hex_name(*h).to_string())
        .collect::<Vec<_>>()
        .join(" + ")
}

/// A unit's label as the viewer may know it: its face where the view shows it (with its
/// strength), the viewer's own blocks off the map by label, anything else "a hidden block".
pub fn unit_words(board: &Board, view: &View, u: UnitId) -> String {
    let faces = view
        .blocks
        .iter()
        .filter_map(|b| b.face.as_ref())
        .chain(
            view.combat
                .iter()
                .flat_map(|c| c.german.iter().chain(&c.soviet)),
        )
        .chain(&view.casualties)
        .chain(&view.eliminated)
        .chain(&view.to_place);
    for f in faces {
        if f.unit == u {
            return format!("{} ({})", f.label, f.strength);
        }
    }
    let own = match view.viewer {
        Viewer::Side(s) => board.unit_side[u.0 as usize] == s,
        Viewer::Omniscient => true,
    };
    if own {
        return board.unit(u).label.clone();
    }
    "a hidden block".into()
}

fn units_words(board: &Board, view: &View, us: &[UnitId]) -> String {
    us.iter()
        .map(|u| unit_words(board, view, *u))
        .collect::<Vec<_>>()
        .join(", ")
}

fn card_words(board: &Board, view: &View, c: CardId) -> String {
    view.german_hand
        .iter()
        .chain(&view.soviet_hand)
        .chain(&view.leaders_in_play)
        .find(|v| v.card == c)
        .map(|v| v.name.clone())
        .unwrap_or_else(|| board.card(c).name.clone())
}

fn cards_words(board: &Board, view: &View, cs: &[CardId]) -> String {
    if cs.is_empty() {
        "no card".into()
    } else {
        cs.iter()
            .map(|c| card_words(board, view, *c))
            .collect::<Vec<_>>()
            .join(" + ")
    }
}

/// A player's words for a legal action, with the rule where one names it.
pub fn action_words(board: &Board, view: &View, a: &Action) -> String {
    let hex = |h: &SpaceId| hex_words(board, *h);
    let unit = |u: &UnitId| unit_words(board, view, *u);
    match a {
        Action::CallReinforcements => "Call for Reinforcements (§6.7.1)".into(),
        Action::EndShortMoves if view.step == Step::ShortMoves => "End Short Moves".into(),
        Action::EndShortMoves => "Pass: Short Moves with no move (§6.7.4)".into(),
        Action::LongMove { from, path } => {
            format!("Long Move {} → {}", hex(from), hexes_words(board, path))
        }
        Action::ShortMove { units, to } => {
            format!(
                "Short Move {} → {}",
                units_words(board, view, units),
                hex(to)
            )
        }
        Action::QuickAttack { units, to, target } => format!(
            "Quick Attack: {} into {}, attacking {}",
            units_words(board, view, units),
            hex(to),
            hex(target)
        ),
        Action::PlannedAttack {
            target,
            from,
            cards,
        } => format!(
            "Planned Attack on {} from {} with {}",
            hex(target),
            hexes_words(board, from),
            cards_words(board, view, cards)
        ),
        Action::Place { unit: u, hex: h } => format!("Place {} in {}", unit(u), hex(h)),
        Action::EndPlacement => "Done placing (the rest go back to the table)".into(),
        Action::Choose { unit: u } => format!("Choose {}", unit(u)),
        Action::SovietCard { card: None } => "Play no card".into(),
        Action::SovietCard { card: Some(c) } => format!("Play {}", card_words(board, view, *c)),
        Action::Advance { unit: u } => format!("Advance {}", unit(u)),
        Action::EndAdvance => "Stop advancing".into(),
        Action::Blitz { unit: u, to } => format!("Blitz {} → {}", unit(u), hex(to)),
        Action::EndBlitz => "No (more) Blitz".into(),
        Action::SovietReinforce => "Reinforcement Action (§9.2)".into(),
        Action::SovietMovement => "Movement Action (§9.2.3)".into(),
        Action::SovietDraw => "Draw Action: draw a card (§9.2)".into(),
        Action::SovietMove { unit: u, to } => format!("Move {} → {}", unit(u), hex(to)),
        Action::SovietAttack { from, target } => {
            format!("Attack {} from {}", hex(target), hex(from))
        }
    }
}

/// The viewer's own units in a hex, as its view shows them (sorted).
pub fn own_units_in(view: &View, hex: SpaceId) -> Vec<UnitId> {
    let Viewer::Side(side) = view.viewer else {
        return Vec::new();
    };
    let mut v: Vec<UnitId> = view
        .blocks
        .iter()
        .filter(|b| b.hex == hex && b.side == side)
        .filter_map(|b| b.face.as_ref().map(|f| f.unit))
        .collect();
    v.sort();
    v
}

fn pieces(units: &[UnitId]) -> Need {
    let mut v: Vec<PieceId> = units.iter().map(|u| piece(*u)).collect();
    v.sort();
    Need::Pieces(v)
}

/// How an action is made on the map: pick up its blocks, click where they go (a Quick
/// Attack: where they move, then the hex they attack). Planned Attacks are built in the side
/// panel; the other actions are buttons.
pub fn gesture(view: &View, a: &Action) -> Option<Gesture> {
    Some(match a {
        Action::ShortMove { units, to } => Gesture::click(pieces(units), *to, Mark::Move),
        // The whole stack moves; of several roads to one hex the shortest is taken.
        Action::LongMove { from, path } => Gesture::click(
            pieces(&own_units_in(view, *from)),
            *path.last()?,
            Mark::LongMove,
        )
        .with_path(path.clone()),
        Action::QuickAttack { units, to, target } => Gesture {
            clicks: vec![*to, *target],
            path: vec![*to],
            ..Gesture::click(pieces(units), *target, Mark::Attack)
        },
        Action::Place { unit, hex } => {
            Gesture::click(Need::FromPanel(piece(*unit)), *hex, Mark::Move)
        }
        Action::Blitz { unit, to } | Action::SovietMove { unit, to } => {
            Gesture::click(Need::Piece(piece(*unit)), *to, Mark::Move)
        }
        Action::SovietAttack { from, target } => {
            Gesture::click(Need::StackAt(*from), *target, Mark::Attack)
        }
        _ => return None,
    })
}

/// Why ending now may be a mistake: the blocks that could still act. None when nothing is
/// left, or when the action ends nothing.
pub fn work_left(view: &View, legal: &[Action], action: &Action) -> Option<String> {
    let distinct = |f: &dyn Fn(&Action) -> Vec<UnitId>| {
        let mut v: Vec<UnitId> = legal.iter().flat_map(f).collect();
        v.sort();
        v.dedup();
        v.len()
    };
    let others = legal.iter().filter(|a| *a != action).count();
    match action {
        Action::EndShortMoves if view.step == Step::ShortMoves => {
            let n = distinct(&|a| match a {
                Action::ShortMove { units, .. } => units.clone(),
                _ => Vec::new(),
            });
            (n > 0).then(|| {
                format!("{n} of your blocks could still make a Short Move. End Short Moves?")
            })
        }
        Action::EndShortMoves => (others > 0).then(|| {
            "Pass this action without moving? You could still call reinforcements, move or attack."
                .to_string()
        }),
        Action::EndPlacement => {
            let n = distinct(&|a| match a {
                Action::Place { unit, .. } => vec![*unit],
                _ => Vec::new(),
            });
            (n > 0).then(|| {
                format!("{n} units are still waiting to be placed; they go back to the table. Stop placing?")
            })
        }
        Action::EndAdvance => {
            let n = distinct(&|a| match a {
                Action::Advance { unit } => vec![*unit],
                _ => Vec::new(),
            });
            (n > 0).then(|| format!("{n} blocks could still advance into the hex. Stop advancing?"))
        }
        Action::EndBlitz => {
            let n = distinct(&|a| match a {
                Action::Blitz { unit, .. } => vec![*unit],
                _ => Vec::new(),
            });
            (n > 0).then(|| format!("{n} blocks could still Blitz. Give up the Blitz?"))
        }
        _ => None,
    }
}

/// The player's name for a seat: "German", "Yellow German", "Blue German", "Soviet".
pub fn seat_name(options: &Options, seat: Seat) -> String {
    let mode = options.mode;
    if seat == soviet_seat(mode) {
        "Soviet".into()
    } else if mode.two_germans() {
        if seat == Seat(0) {
            "Yellow German".into()
        } else {
            "Blue German".into()
        }
    } else {
        "German".into()
    }
}

impl TableRules for Stalingrad {
    fn action_words(&self, view: &View, action: &Action) -> String {
        action_words(&self.board, view, action)
    }
    fn gesture(&self, view: &View, action: &Action) -> Option<Gesture> {
        gesture(view, action)
    }
    fn work_left(&self, view: &View, legal: &[Action], action: &Action) -> Option<String> {
        work_left(view, legal, action)
    }
    fn preview(&self, view: &View, action: &Action) -> Vec<String> {
        crate::preview::preview(&self.board, view, action)
    }
    fn seat_name(&self, options: &Options, seat: Seat) -> String {
        seat_name(options, seat)
    }
    fn seats(&self, options: &Options) -> Vec<Seat> {
        (0..=soviet_seat(options.mode).0).map(Seat).collect()
    }
    fn space_name(&self, space: SpaceId) -> String {
        hex_words(&self.board, space)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::Mode;
    use eastfront_kernel::Game;

    #[test]
    fn every_opening_german_action_has_words_and_map_actions_a_gesture() {
        let game = Stalingrad::new();
        let st = game.setup("standard", &Default::default(), 1).unwrap();
        let view = game.view(&st, Viewer::Side(Side::German));
        for a in game.legal_actions(&st, Seat(0)) {
            let words = action_words(&game.board, &view, &a);
            assert!(
                !words.contains("UnitId") && !words.contains("SpaceId") && !words.is_empty(),
                "{words}"
            );
            let on_map = matches!(
                a,
                Action::ShortMove { .. } | Action::LongMove { .. } | Action::QuickAttack { .. }
            );
            assert_eq!(gesture(&view, &a).is_some(), on_map, "{a:?}");
        }
    }

    #[test]
    fn a_quick_attack_is_two_clicks_the_move_then_the_target() {
        let game = Stalingrad::new();
        let st = game.setup("standard", &Default::default(), 1).unwrap();
        let view = game.view(&st, Viewer::Side(Side::German));
        let (to, target) = (SpaceId(10), SpaceId(11));
        let qa = Action::QuickAttack {
            units: vec![UnitId(4), UnitId(2)],
            to,
            target,
        };
        let g = gesture(&view, &qa).unwrap();
        assert_eq!(g.clicks, vec![to, target]);
        assert_eq!(g.mark, Mark::Attack);
        assert_eq!(
            g.need,
            Need::Pieces(vec![piece(UnitId(2)), piece(UnitId(4))]),
            "the blocks to pick up, sorted"
        );
    }

    #[test]
    fn seats_and_their_names_follow_the_mode() {
        let coop = Options {
            mode: Mode::Cooperative,
            ..Default::default()
        };
        let game = Stalingrad::new();
        assert_eq!(game.seats(&coop), vec![Seat(0), Seat(1), Seat(2)]);
        assert_eq!(seat_name(&coop, Seat(1)), "Blue German");
        assert_eq!(seat_name(&coop, Seat(2)), "Soviet");
        assert_eq!(seat_name(&Options::default(), Seat(1)), "Soviet");
    }
}
