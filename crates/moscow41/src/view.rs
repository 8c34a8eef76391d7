//! What one side may know (R 1.5 Fog of War; rules file §8.2). A hidden block's identity and
//! strength are simply not in the value; the enemy Force Pool is only a count (GAP-38).

use crate::board::{AreaId, BlockId, Board};
use crate::data::{Colour, CombatType, Role, Speed};
use crate::query;
use crate::rules;
use crate::state::*;
use eastfront_kernel::{Outcome, Side, Viewer};
use serde::{Deserialize, Serialize};

/// The printed face of a block, for a viewer allowed to see it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BlockFace {
    pub block: BlockId,
    pub name: String,
    pub label: String,
    pub role: Role,
    pub combat_type: Option<CombatType>,
    pub colour: Option<Colour>,
    pub speed: Speed,
    pub strength: u8,
    pub max_strength: u8,
    pub isolated: bool,
}

/// A block in a space as the viewer sees it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BlockView {
    pub side: Side,
    pub area: AreaId,
    /// None: only the blank wooden side is visible.
    pub face: Option<BlockFace>,
    pub revealed: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AreaView {
    pub control: Side,
    pub disputed: bool,
    /// Defensive Lines: [German, Soviet].
    pub dl: [bool; 2],
}

/// Off-map holdings of one side.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SideView {
    pub side: Side,
    pub vp: u8,
    /// Logistic Value now (R 7.2.1; public: every term is public but the Leader's strength,
    /// which this side's own view shows and the enemy's view estimates as shown).
    pub vl: Option<u8>,
    pub force_pool: usize,
    /// Own Force Pool contents (None for the enemy's).
    pub force_pool_blocks: Option<Vec<BlockFace>>,
    pub november_box: usize,
    /// Eliminated/surrendered blocks are public (on the OOB boxes).
    pub lost: Vec<BlockFace>,
    pub dls_in_box: u8,
    /// Reinforcements drawn and waiting (own only).
    pub drawn: Vec<BlockFace>,
}

/// One side's view of the table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct View {
    pub viewer: Viewer,
    pub scenario: String,
    pub turn: u8,
    pub month: String,
    pub weather: Weather,
    pub forecast: Option<u8>,
    pub initiative: Side,
    pub active_side: Option<Side>,
    pub phase: String,
    pub prompt: String,
    pub areas: Vec<AreaView>,
    pub blocks: Vec<BlockView>,
    pub sides: Vec<SideView>,
    pub bombers: Vec<BomberState>,
    pub discs: [bool; 3],
    pub stalin_dead: bool,
    /// Activated HQs and artillery markers of the impulse in progress (public: revealed).
    pub activated: Vec<BlockId>,
    pub artillery: Vec<(BlockId, AreaId)>,
    pub outcome: Option<Outcome>,
}

fn face(board: &Board, st: &State, b: BlockId, text: bool) -> BlockFace {
    let d = board.block(b);
    let bs = &st.blocks[b.index()];
    let text = |s: &String| if text { s.clone() } else { String::new() };
    BlockFace {
        block: b,
        name: text(&d.name),
        label: text(&d.label),
        role: d.role,
        combat_type: d.combat_type,
        colour: d.colour,
        speed: d.speed,
        strength: bs.strength,
        max_strength: d.max_strength,
        isolated: bs.isolated,
    }
}

pub fn build_view(board: &Board, st: &State, viewer: Viewer) -> View {
    build_view_with(board, st, viewer, true)
}

/// [`build_view`]; without `text` the names, labels, month, phase and prompt are left empty
/// (what `invariants::check` looks at is the same, and comes cheaper).
pub fn build_view_with(board: &Board, st: &State, viewer: Viewer, text: bool) -> View {
    let face = |board: &Board, st: &State, b: BlockId| face(board, st, b, text);
    let sees = |side: Side, revealed: bool| match viewer {
        Viewer::Omniscient => true,
        Viewer::Side(v) => revealed || v == side,
    };
    // Order by area then side: the listing itself says nothing about identities. Sorted as
    // keys (area, side, face's block or none first); blocks with the same key are equal —
    // same side and area, blank, not revealed — so any sort gives the same list.
    let mut order: Vec<(u32, BlockId)> = Vec::with_capacity(st.blocks.len());
    for b in board.block_ids() {
        let bs = &st.blocks[b.index()];
        if let Loc::Space(a) = bs.loc {
            let side = board.block(b).side;
            let shown = if sees(side, bs.revealed) {
                b.0 as u32 + 1
            } else {
                0
            };
            order.push((
                (a.0 as u32) << 10 | (side_index(side) as u32) << 9 | shown,
                b,
            ));
        }
    }
    order.sort_unstable_by_key(|x| x.0);
    let blocks = order
        .into_iter()
        .map(|(_, b)| {
            let bs = &st.blocks[b.index()];
            let side = board.block(b).side;
            let Loc::Space(a) = bs.loc else {
                unreachable!()
            };
            BlockView {
                side,
                area: a,
                face: sees(side, bs.revealed).then(|| face(board, st, b)),
                revealed: bs.revealed,
            }
        })
        .collect();
    let disp = query::disputed_all(board, st);
    let areas = (0..board.topo.len())
        .map(|i| AreaView {
            control: st.control[i],
            disputed: disp[i],
            dl: st.dl[i],
        })
        .collect();
    let sides = [Side::German, Side::Soviet]
        .into_iter()
        .map(|side| {
            let own = sees(side, false);
            // One pass over the side's blocks (in block order).
            let (mut force_pool, mut november_box) = (0, 0);
            let mut pool_faces = Vec::new();
            let (mut lost, mut surrendered) = (Vec::new(), Vec::new());
            for b in board.side_blocks(side) {
                match st.blocks[b.index()].loc {
                    Loc::ForcePool => {
                        force_pool += 1;
                        if own {
                            pool_faces.push(face(board, st, b));
                        }
                    }
                    Loc::November => november_box += 1,
                    Loc::Eliminated => lost.push(face(board, st, b)),
                    Loc::Surrendered => surrendered.push(face(board, st, b)),
                    _ => {}
                }
            }
            lost.append(&mut surrendered);
            let total_dls = if side == Side::German {
                board.data.blocks.german_dls
            } else {
                board.data.blocks.soviet_dls
            };
            let used = st.dl.iter().filter(|x| x[side_index(side)]).count() as u8;
            SideView {
                side,
                vp: query::vp(board, st, side),
                vl: own.then(|| query::vl(board, st, side)),
                force_pool,
                force_pool_blocks: own.then_some(pool_faces),
                november_box,
                lost,
                dls_in_box: total_dls.saturating_sub(used),
                drawn: if own {
                    st.drawn
                        .iter()
                        .filter(|b| board.block(**b).side == side)
                        .map(|b| face(board, st, *b))
                        .collect()
                } else {
                    Vec::new()
                },
            }
        })
        .collect();
    View {
        viewer,
        scenario: st.scenario.clone(),
        turn: st.turn,
        month: if text {
            rules::month(st.turn).to_string()
        } else {
            String::new()
        },
        weather: st.weather,
        forecast: st.forecast,
        initiative: st.initiative,
        active_side: rules::active_side(st),
        phase: if text {
            rules::phase_name(&st.phase).to_string()
        } else {
            String::new()
        },
        prompt: if text {
            rules::prompt(board, st)
        } else {
            String::new()
        },
        areas,
        blocks,
        sides,
        bombers: st.bombers.clone(),
        discs: [st.disc_shlisselburg, st.disc_leningrad, st.disc_kiev],
        stalin_dead: st.stalin_dead,
        activated: st
            .impulse
            .as_ref()
            .map(|i| i.activated.clone())
            .unwrap_or_default(),
        artillery: st
            .impulse
            .as_ref()
            .map(|i| i.artillery.clone())
            .unwrap_or_default(),
        outcome: st.outcome.clone(),
    }
}
