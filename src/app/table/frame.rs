//! What the player at the screen sees, in plain data: the face of their side's view (prompt,
//! turn, phase), its pieces and markers, and — when it is their turn — each legal action's
//! words and map gesture. Built from the rules' view and legal actions whenever the game or
//! the eyes change; the board, the input and the panels read this, never the game's state.

use super::desc::{MarkerDesc, PieceDesc};
use super::eyes::Eyes;
use super::game::TableGame;
use super::panel::Shown;
use super::session::Table;
use bevy::prelude::*;
use eastfront_kernel::{Gesture, Outcome, PieceId, Seat, Side, SpaceId, ViewFace, Viewer};

/// One legal action as the player at the screen is offered it.
#[derive(Clone, Debug, PartialEq)]
pub struct ActionFace {
    pub words: String,
    /// How it is made on the map (None: a button only).
    pub gesture: Option<Gesture>,
    /// Offered in the side panel's list (false: the game's own window offers it).
    pub listed: bool,
    /// Taking it now leaves work undone: the question to ask first.
    pub work_left: Option<String>,
    /// It cannot be taken back (it rolls, draws or reveals): the warning to give first.
    pub irreversible: Option<String>,
    /// It exposes something the player may not have seen (a victory area left open).
    pub risk: Option<String>,
    /// The battle it would open, as the player can know it before committing.
    pub preview: Vec<String>,
}

impl ActionFace {
    /// The piece this action is about, if it is made with a piece.
    pub fn piece(&self) -> Option<PieceId> {
        use eastfront_kernel::Need;
        match &self.gesture.as_ref()?.need {
            Need::Piece(p) | Need::FromPanel(p) => Some(*p),
            Need::Pieces(ps) if ps.len() == 1 => Some(ps[0]),
            _ => None,
        }
    }
}

/// The table as the player at the screen sees it.
#[derive(Resource, Default, Clone, Debug)]
pub struct Frame {
    /// The table revision it was built for.
    pub revision: u64,
    /// False behind the curtain: nothing of the game is shown.
    pub visible: bool,
    pub viewer: Option<Side>,
    /// Everything revealed (after the game, or in a replay).
    pub omniscient: bool,
    /// The seat at the screen when it is that seat's turn.
    pub acting_seat: Option<Seat>,
    pub prompt: String,
    pub turn_label: String,
    pub phase_label: String,
    pub side_to_act: Option<Side>,
    pub outcome: Option<Outcome>,
    pub pieces: Vec<PieceDesc>,
    pub markers: Vec<MarkerDesc>,
    pub tints: Vec<(SpaceId, Color)>,
    /// The legal actions of `acting_seat`, in the rules' order.
    pub actions: Vec<ActionFace>,
    /// Names of the pieces the actions are about.
    pub piece_names: Vec<(PieceId, String)>,
}

impl Frame {
    /// Who reads the board and the log: a side, everything revealed, or nobody (curtain).
    pub fn reader(&self) -> Option<Viewer> {
        if self.omniscient {
            Some(Viewer::Omniscient)
        } else {
            self.viewer.map(Viewer::Side)
        }
    }

    pub fn piece_name(&self, p: PieceId) -> String {
        self.piece_names
            .iter()
            .find(|(q, _)| *q == p)
            .map(|(_, n)| n.clone())
            .unwrap_or_else(|| "a piece".into())
    }

    /// The space a piece the viewer knows stands in.
    pub fn piece_space(&self, p: PieceId) -> Option<SpaceId> {
        self.pieces
            .iter()
            .find(|d| d.id() == Some(p))
            .and_then(|d| d.space())
    }
}

/// The map overlays switched on, in the game's order.
#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub struct Overlays(pub Vec<bool>);

/// The view of a game for whoever looks, as plain data.
pub fn frame_of<G: TableGame>(
    game: &'static G,
    view: &G::View,
    legal: &[G::Action],
    acting_seat: Option<Seat>,
    overlays: &[bool],
) -> Frame {
    let actions: Vec<ActionFace> = legal
        .iter()
        .map(|a| ActionFace {
            words: game.action_words(view, a),
            gesture: game.gesture(view, a),
            listed: game.listed(view, a),
            work_left: game.work_left(view, legal, a),
            irreversible: None,
            risk: game.risk(view, a),
            preview: game.preview(view, a),
        })
        .collect();
    let mut piece_names: Vec<(PieceId, String)> = Vec::new();
    for a in &actions {
        if let Some(p) = a.piece() {
            if !piece_names.iter().any(|(q, _)| *q == p) {
                piece_names.push((p, game.piece_label(view, p)));
            }
        }
    }
    Frame {
        revision: 0,
        visible: true,
        viewer: match view.viewer() {
            Viewer::Side(s) => Some(s),
            Viewer::Omniscient => None,
        },
        omniscient: view.viewer() == Viewer::Omniscient,
        acting_seat,
        prompt: view.prompt().to_string(),
        turn_label: view.turn_label(),
        phase_label: view.phase_label(),
        side_to_act: view.side_to_act(),
        outcome: view.outcome().cloned(),
        pieces: game.pieces(view),
        markers: game.markers(view, overlays),
        tints: game.tints(view, overlays),
        actions,
        piece_names,
    }
}

/// The frame for the player at the screen: their side's view and, on their turn, their legal
/// actions; everything after the game (review); nothing while the curtain is up. With it, the
/// typed view and legal actions it was made from, for the game's own panels.
pub fn build_frame<G: TableGame>(
    table: &Table<G>,
    eyes: &Eyes,
    overlays: &[bool],
) -> (Frame, Shown<G>) {
    let game = table.game();
    let state = table.session.state();
    let mut shown = Shown::<G> {
        revision: table.revision,
        ..default()
    };
    if eyes.curtain_for.is_some() {
        let frame = Frame {
            revision: table.revision,
            ..default()
        };
        return (frame, shown);
    }
    let active = table.active_seat();
    // Nobody at the table (the watch mode): the spectator sees everything, as between turns.
    let omniscient = active.is_none() || (table.seating.spectator() && eyes.seat.is_none());
    let mut frame = match (active, eyes.seat) {
        _ if omniscient => {
            let view = game.view(state, Viewer::Omniscient);
            let f = frame_of(game, &view, &[], None, overlays);
            shown.view = Some(view);
            f
        }
        (Some(active), Some(seat)) => {
            let view = game.view(state, Viewer::Side(table.side_of(seat)));
            let acting = (active == seat && table.is_human(seat)).then_some(seat);
            let legal = match acting {
                Some(s) => game.legal_actions(state, s),
                None => Vec::new(),
            };
            let mut f = frame_of(game, &view, &legal, acting, overlays);
            if let Some(seat) = acting {
                // Tried on a copy of the game: the player is warned before, not told after.
                for (face, a) in f.actions.iter_mut().zip(&legal) {
                    face.irreversible = table
                        .session
                        .irreversible(seat, a)
                        .map(|end| end.warning().to_string());
                }
            }
            shown.view = Some(view);
            shown.legal = legal;
            f
        }
        _ => Frame::default(),
    };
    frame.revision = table.revision;
    (frame, shown)
}
