//! What one side may know (rules §6.1 Fog of War). A hidden block's identity and strength are
//! simply not in the value: no UI bug can show them.

use crate::board::{Board, CardId, UnitId};
use crate::data::{Army, Firepower, Reserve, Terrain, UnitKind};
use crate::state::*;
use eastfront_kernel::{Outcome, Side, SpaceId, Viewer};
use serde::{Deserialize, Serialize};

/// The printed face of a block, for a viewer allowed to see it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BlockFace {
    pub unit: UnitId,
    pub label: String,
    pub name: String,
    pub kind: UnitKind,
    /// Current pips (0 = blank edge on top).
    pub strength: u8,
    pub firepower: Option<Firepower>,
    pub max_strength: u8,
    pub army: Option<Army>,
    pub r_unit: bool,
}

/// A block on the map as the viewer sees it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BlockView {
    pub side: Side,
    pub hex: SpaceId,
    /// None: the viewer sees only the blank wooden face.
    pub face: Option<BlockFace>,
    /// Lying face up (Confrontation).
    pub revealed: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HexView {
    pub control: Side,
    pub rubble: bool,
    pub fortified: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CardView {
    pub card: CardId,
    pub name: String,
    pub text: String,
    pub leader: bool,
    /// Cooperative modes: the German player holding it (0 Yellow, 1 Blue).
    pub owner: Option<u8>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableRowView {
    pub row: u8,
    pub face_down: usize,
    /// The unit printed at the right of the row (Elimination target), if any.
    pub elimination_unit: Option<String>,
    /// Set once that unit has been eliminated (laid face up).
    pub eliminated: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CombatView {
    pub attacker: Side,
    pub target: SpaceId,
    pub from: Vec<SpaceId>,
    pub kind: String,
    pub step: String,
    /// Revealed units in the combat (both sides see them: Confrontation).
    pub german: Vec<BlockFace>,
    pub soviet: Vec<BlockFace>,
    pub soviet_card: Option<CardView>,
    pub german_cards: Vec<CardView>,
    pub revealed: bool,
}

/// The step of the sequence of play, as everyone at the table sees it (rules §5). The units
/// a step names (Short-Moved blocks, reinforcements to place) are left out: the German's own
/// reinforcements are in [`View::to_place`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Step {
    GermanAction,
    ShortMoves,
    PlaceReinforcements,
    Combat,
    SovietChoice,
    SovietMoves,
    SovietSweep,
    GameOver,
}

impl Step {
    pub fn of(phase: &Phase) -> Step {
        match phase {
            Phase::GermanAction => Step::GermanAction,
            Phase::ShortMoves { .. } => Step::ShortMoves,
            Phase::PlaceReinforcements { .. } => Step::PlaceReinforcements,
            Phase::Combat => Step::Combat,
            Phase::SovietChoice => Step::SovietChoice,
            Phase::SovietMoves { .. } => Step::SovietMoves,
            Phase::SovietSweep { .. } => Step::SovietSweep,
            Phase::GameOver => Step::GameOver,
        }
    }
}

/// One side's view of the whole table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct View {
    pub viewer: Viewer,
    pub mode: Mode,
    /// The step of the sequence of play.
    pub step: Step,
    /// The German player to act in the cooperative modes (0 Yellow, 1 Blue).
    pub german_player: u8,
    /// Completed turns, German and Soviet each counting one.
    pub turn: u32,
    /// The round: one German turn and the Soviet turn after it (the game has no printed track).
    pub round: u32,
    pub active_side: Option<Side>,
    /// What the active player must do now, with the rule.
    pub prompt: String,
    pub hexes: Vec<HexView>,
    pub blocks: Vec<BlockView>,
    pub german_hand: Vec<CardView>,
    pub german_hand_size: usize,
    pub soviet_hand: Vec<CardView>,
    pub soviet_hand_size: usize,
    pub german_deck: usize,
    pub soviet_deck: usize,
    pub leaders_in_play: Vec<CardView>,
    pub table: Vec<TableRowView>,
    pub casualties: Vec<BlockFace>,
    /// Soviet victory count: destroyed German units, R units double (rules §6.18).
    pub casualty_score: u32,
    pub eliminated: Vec<BlockFace>,
    pub soviet_reserves: Vec<(Reserve, usize)>,
    pub rubble_markers: usize,
    pub combat: Option<CombatView>,
    /// Units taken by a Call for Reinforcements, waiting to deploy (German viewer only).
    pub to_place: Vec<BlockFace>,
    pub okh_extra_turns: Option<u8>,
    pub outcome: Option<Outcome>,
}

pub(crate) fn face_of(board: &Board, st: &State, u: UnitId) -> BlockFace {
    let def = board.unit(u);
    let us = &st.units[u.0 as usize];
    let f = def.faces.get(us.face as usize);
    BlockFace {
        unit: u,
        label: def.label.clone(),
        name: def.name.clone(),
        kind: def.kind,
        strength: f.map(|f| f.0).unwrap_or(0),
        firepower: f.map(|f| f.1),
        max_strength: def.max_strength(),
        army: def.army,
        r_unit: def.r_unit,
    }
}

pub(crate) fn card_view(board: &Board, c: CardId) -> CardView {
    let info = board.card(c);
    CardView {
        card: c,
        name: info.name.clone(),
        text: info.text.clone(),
        leader: info.effect.is_leader(),
        owner: None,
    }
}

pub fn build_view(board: &Board, st: &State, viewer: Viewer, prompt: String) -> View {
    let sees = |side: Side, revealed: bool| match viewer {
        Viewer::Omniscient => true,
        Viewer::Side(v) => revealed || v == side,
    };
    let mut blocks = Vec::new();
    for u in board.unit_ids() {
        let us = &st.units[u.0 as usize];
        if let Location::Map(h) = us.loc {
            let side = board.unit_side[u.0 as usize];
            blocks.push(BlockView {
                side,
                hex: h,
                face: sees(side, us.revealed).then(|| face_of(board, st, u)),
                revealed: us.revealed,
            });
        }
    }
    // Order by hex then side so the listing itself says nothing about identities.
    blocks.sort_by_key(|b| (b.hex, b.side, b.face.as_ref().map(|f| f.unit)));
    let hand = |cards: &[CardId], side: Side| -> Vec<CardView> {
        if sees(side, false) {
            cards.iter().map(|c| card_view(board, *c)).collect()
        } else {
            Vec::new()
        }
    };
    let table = (0..6)
        .map(|r| TableRowView {
            row: r as u8 + 1,
            face_down: st.table[r].len(),
            elimination_unit: board.data.setup.elimination_units[r]
                .as_ref()
                .and_then(|k| board.unit_by_key(k))
                .map(|u| board.unit(u).name.clone()),
            eliminated: st.row_eliminated[r],
        })
        .collect();
    let mut casualties = Vec::new();
    let mut eliminated = Vec::new();
    let mut reserves = [
        (Reserve::Infantry, 0),
        (Reserve::Tank, 0),
        (Reserve::Marine, 0),
    ];
    for u in board.unit_ids() {
        match st.units[u.0 as usize].loc {
            Location::Casualties => casualties.push(face_of(board, st, u)),
            Location::Eliminated(_) => eliminated.push(face_of(board, st, u)),
            Location::SovietReserve(r) => {
                if let Some(e) = reserves.iter_mut().find(|e| e.0 == r) {
                    e.1 += 1
                }
            }
            _ => {}
        }
    }
    let combat = st.combat.as_ref().map(|c| c.view(board, st));
    View {
        viewer,
        mode: st.options.mode,
        step: Step::of(&st.phase),
        german_player: st.german_player,
        turn: st.turn,
        round: crate::rules::round_of(st.turn),
        active_side: crate::rules::active_side(st),
        prompt,
        hexes: (0..board.hexes.len())
            .map(|i| HexView {
                control: st.control[i],
                rubble: st.rubble[i],
                fortified: st.fortified[i],
            })
            .collect(),
        blocks,
        german_hand: hand(&st.german_hand, Side::German)
            .into_iter()
            .map(|mut c| {
                if st.options.mode.two_germans() {
                    c.owner = Some(st.german_card_owner[c.card.0 as usize]);
                }
                c
            })
            .collect(),
        german_hand_size: st.german_hand.len(),
        soviet_hand: hand(&st.soviet_hand, Side::Soviet),
        soviet_hand_size: st.soviet_hand.len(),
        german_deck: st.german_deck.len(),
        soviet_deck: st.soviet_deck.len(),
        leaders_in_play: st
            .leaders_in_play
            .iter()
            .map(|c| card_view(board, *c))
            .collect(),
        table,
        casualty_score: crate::rules::casualty_score(board, st),
        casualties,
        eliminated,
        soviet_reserves: reserves.to_vec(),
        rubble_markers: st.rubble.iter().filter(|r| **r).count(),
        combat,
        to_place: match &st.phase {
            Phase::PlaceReinforcements { units } if sees(Side::German, false) => {
                units.iter().map(|u| face_of(board, st, *u)).collect()
            }
            _ => Vec::new(),
        },
        okh_extra_turns: st.okh_extra_turns,
        outcome: st.outcome.clone(),
    }
}

/// Terrain name for hover text.
pub fn terrain_effects(t: Terrain) -> &'static str {
    match t {
        Terrain::Clear => "Clear: Long Moves allowed; simultaneous close combat; Hoth's Combined Arms and Blitz apply",
        Terrain::Difficult => "Difficult: no Long Moves; simultaneous close combat",
        Terrain::Urban => "Urban: no Long Moves; the defender fires first; Planned Attacks may create Rubble",
    }
}
