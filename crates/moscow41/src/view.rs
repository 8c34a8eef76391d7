//! What one side may know (R 1.5 Fog of War; rules file §8.2). A hidden block's identity and
//! strength are simply not in the value; the enemy Force Pool is only a count (GAP-38).
//!
//! A view carries every public fact of the position ([`PublicState`]: the phase, the impulse's
//! bookkeeping, the battle in progress, the white cubes…), so that a complete state
//! consistent with it can be rebuilt (`determinise`).

use crate::battle::{Battle, BattleOption};
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
    /// A white cube marks it Isolated (R 9.1): the cube is on the table, so it is public
    /// even on a hidden block.
    pub isolated: bool,
}

/// A block of one side that is off the map and neither in the Force Pool, drawn nor lost:
/// not yet placed (setup), in the November box (R 5.1), on the Kiev icon (R 13.2), or taken
/// out of the game (Stalin's death R 4.2.4, Operation Crusader RO 14.8).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OffMapView {
    /// `Unplaced`, `November`, `KievIcon` or `Removed`.
    pub loc: Loc,
    /// Own blocks, and blocks taken out of the game (public); None for the enemy's others.
    pub face: Option<BlockFace>,
}

/// A choice a battle waits for (R 10.12.3 AA results, R 10.14.1 a loss among equally strong
/// blocks). Public: every block in a battle is laid face up at Deployment (R 10.12.1) and the
/// bombers are public, so both sides see it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BattleChoiceView {
    /// The battle's area.
    pub area: AreaId,
    /// Who must choose: the German for AA results, the owner of the tied blocks for a loss.
    pub side: Side,
    /// The rule ("10.14.1", "10.12.3").
    pub rule: String,
    /// The question in words.
    pub question: String,
    /// Hits still to place (this choice places one or two of them).
    pub hits_left: u32,
    /// Each option in words, by index: `Action::BattleChoice { option: i }` takes `options[i]`.
    pub options: Vec<String>,
    /// The same options as the battle lists them: `choices[i]` is `options[i]`.
    pub choices: Vec<BattleOption>,
}

/// Which list of the impulse in progress ([`Impulse`]) a hidden enemy block is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum ImpulseList {
    Acted,
    River,
    BlitzEligible,
    Blitzed,
}

/// The public facts of the position that the rest of a [`View`] does not give, so that a
/// complete state can be rebuilt from a view. Block ids the viewer may not know are left out:
/// hidden enemy blocks in the impulse's lists are given by their area only.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PublicState {
    pub options: Options,
    pub phase: Phase,
    /// Whose decision it is outside a battle choice (`State::active`).
    pub active: Side,
    pub disc_uses: [u8; 2],
    pub disc_uses_month: [u8; 2],
    pub impulses_this_turn: u16,
    pub german_impulses_this_turn: u16,
    pub consecutive_passes: u8,
    /// White cubes on Defensive Lines (R 9.1), per space: [German, Soviet].
    pub dl_isolated: Vec<[bool; 2]>,
    /// The impulse in progress. `activated` and `revealed_now` are whole (every block in them
    /// was laid face up this impulse); the other block lists keep only the blocks the viewer
    /// sees or knows from those two (the others are in `impulse_hidden`).
    pub impulse: Option<Impulse>,
    /// Per hidden enemy block on the map left out of an impulse list: the list and its area
    /// (a cube or a move on the table shows that much), sorted.
    pub impulse_hidden: Vec<(ImpulseList, AreaId)>,
    /// Enemy blocks named by `impulse.activated` or `impulse.revealed_now` (seen face up this
    /// impulse) that are hidden now, and where they are; sorted by block.
    pub named_hidden: Vec<(BlockId, Loc)>,
    /// The Logistic Phase in progress (R 7.2: the Logistic Value is announced, the points
    /// left are shown).
    pub logistics: Option<Logistics>,
    /// Areas already used by the reinforcement batch being deployed (R 5.0).
    pub batch_areas: Vec<AreaId>,
    /// Setup: own blocks still to place in the current player's-choice step, in order…
    pub setup_todo: Vec<BlockId>,
    /// …and how many enemy blocks.
    pub setup_todo_hidden: usize,
    pub setup_dls_todo: u8,
    pub setup_used: Vec<AreaId>,
    /// The battle waiting for a choice (every block in it was revealed at Deployment).
    pub battle: Option<Box<Battle>>,
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
    /// How many reinforcements are drawn and waiting (public: the draw is announced).
    pub drawn_count: usize,
    /// Blocks off the map elsewhere (see [`OffMapView`]), sorted by place, then block.
    pub off_map: Vec<OffMapView>,
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
    /// The choice a battle waits for (`Phase::Battle`), public to both sides.
    pub battle_choice: Option<BattleChoiceView>,
    /// Each side's areas in supply now (R 9.3), German first: public, traced from control, the
    /// supply edges and the blocks on the map (never their identities). For the Supply
    /// overlay; empty in the engine's quick views (`build_view_with(.., false)`).
    #[serde(default)]
    pub supplied: [Vec<bool>; 2],
    /// The areas within command range of the activated HQs (R 10.3; they are face up, so
    /// public). For the Command overlay; empty in the quick views.
    #[serde(default)]
    pub command_range: Vec<bool>,
    /// The VP that win at once by Sudden Death in this game (R 1.7), if that rule applies.
    #[serde(default)]
    pub sudden_death_vp: Option<u8>,
    /// Everything else that is public (see [`PublicState`]).
    pub public: PublicState,
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

/// Does `viewer` see blocks of `side` in this state of revealment (face up or own)?
fn sees_side(viewer: Viewer, side: Side, revealed: bool) -> bool {
    match viewer {
        Viewer::Omniscient => true,
        Viewer::Side(v) => revealed || v == side,
    }
}

/// Does `viewer` know block `b`'s identity now: its own, face up on the map, lost (on the OOB
/// boxes) or taken out of the game?
pub fn knows(board: &Board, st: &State, viewer: Viewer, b: BlockId) -> bool {
    let bs = &st.blocks[b.index()];
    sees_side(viewer, board.block(b).side, false)
        || match bs.loc {
            Loc::Space(_) => bs.revealed,
            Loc::Eliminated | Loc::Surrendered | Loc::Removed => true,
            _ => false,
        }
}

/// Order of the off-map places in [`SideView::off_map`].
fn off_map_rank(loc: Loc) -> u8 {
    match loc {
        Loc::Unplaced => 0,
        Loc::November => 1,
        Loc::KievIcon => 2,
        _ => 3,
    }
}

/// The area of a battle in progress (where its blocks stand).
pub fn battle_area(st: &State, b: &Battle) -> Option<AreaId> {
    b.setup()
        .units
        .iter()
        .find_map(|u| query::space_of(st, BlockId(u.id as u8)))
}

/// The battle's pending choice in words (text: names; without text the strings are empty).
fn battle_choice(board: &Board, st: &State, text: bool) -> Option<BattleChoiceView> {
    let b = st.battle.as_deref()?;
    let p = b.pending_choice()?;
    let area = battle_area(st, b)?;
    let options = p
        .options
        .iter()
        .map(|o| {
            if !text {
                return String::new();
            }
            let bomber = |id: u16| {
                let kind = b
                    .setup()
                    .bombers
                    .iter()
                    .find(|x| x.id == id)
                    .map(|x| (x.kind.name(), x.lw_hq));
                match kind {
                    Some((k, hq)) => {
                        format!("the {k} of {}", board.block(BlockId(hq as u8)).name)
                    }
                    None => format!("bomber #{id}"),
                }
            };
            match *o {
                BattleOption::HitBlock(u) => match b.units().find(|x| x.id == u) {
                    Some(x) => format!("{} (strength {}) takes the hit", x.name, x.strength),
                    None => o.to_string(),
                },
                BattleOption::AbortBomber(id) => format!("{} is aborted (one hit)", bomber(id)),
                BattleOption::DestroyBomber(id) => {
                    format!("{} is destroyed (two hits)", bomber(id))
                }
            }
        })
        .collect();
    Some(BattleChoiceView {
        area,
        side: p.side,
        rule: p.rule,
        question: if text { p.prompt } else { String::new() },
        hits_left: p.hits_left,
        options,
        choices: p.options,
    })
}

/// The public facts a [`View`] carries besides the map (see [`PublicState`]).
fn public_state(board: &Board, st: &State, viewer: Viewer) -> PublicState {
    let knows = |b: BlockId| knows(board, st, viewer, b);
    let mut impulse_hidden = Vec::new();
    let mut named_hidden = Vec::new();
    let impulse = st.impulse.as_ref().map(|i| {
        let named = |b: &BlockId| i.activated.contains(b) || i.revealed_now.contains(b);
        let mut keep = |list: ImpulseList, v: &[BlockId]| -> Vec<BlockId> {
            let mut out = Vec::with_capacity(v.len());
            for &b in v {
                if knows(b) || named(&b) {
                    out.push(b);
                } else if let Loc::Space(a) = st.blocks[b.index()].loc {
                    impulse_hidden.push((list, a));
                }
            }
            out
        };
        let acted = keep(ImpulseList::Acted, &i.acted);
        let river = keep(ImpulseList::River, &i.river);
        let blitz_eligible = keep(ImpulseList::BlitzEligible, &i.blitz_eligible);
        let blitzed = keep(ImpulseList::Blitzed, &i.blitzed);
        for &b in i.activated.iter().chain(&i.revealed_now) {
            if !knows(b) && !named_hidden.iter().any(|(x, _)| *x == b) {
                named_hidden.push((b, st.blocks[b.index()].loc));
            }
        }
        Impulse {
            acted,
            river,
            blitz_eligible,
            blitzed,
            ..i.clone()
        }
    });
    impulse_hidden.sort_unstable();
    named_hidden.sort_unstable_by_key(|x| x.0);
    let mut setup_todo = Vec::new();
    let mut setup_todo_hidden = 0;
    for &b in &st.setup_todo {
        if knows(b) {
            setup_todo.push(b);
        } else {
            setup_todo_hidden += 1;
        }
    }
    PublicState {
        options: st.options.clone(),
        phase: st.phase.clone(),
        active: st.active,
        disc_uses: st.disc_uses,
        disc_uses_month: st.disc_uses_month,
        impulses_this_turn: st.impulses_this_turn,
        german_impulses_this_turn: st.german_impulses_this_turn,
        consecutive_passes: st.consecutive_passes,
        dl_isolated: st.dl_isolated.clone(),
        impulse,
        impulse_hidden,
        named_hidden,
        logistics: st.logistics.clone(),
        batch_areas: st.batch_areas.clone(),
        setup_todo,
        setup_todo_hidden,
        setup_dls_todo: st.setup_dls_todo,
        setup_used: st.setup_used.clone(),
        battle: st.battle.clone(),
    }
}

/// [`build_view`]; without `text` the names, labels, month, phase, prompt and battle-choice
/// words are left empty (what `invariants::check` looks at is the same, and comes cheaper).
pub fn build_view_with(board: &Board, st: &State, viewer: Viewer, text: bool) -> View {
    let face = |board: &Board, st: &State, b: BlockId| face(board, st, b, text);
    let sees = |side: Side, revealed: bool| sees_side(viewer, side, revealed);
    // Order by area then side: the listing itself says nothing about identities. Sorted as
    // keys (area, side, then hidden blocks first — without a white cube, then with one —
    // then the faces by block); blocks with the same key are equal — same side and area,
    // blank, not revealed, same cube — so any sort gives the same list.
    // (The block rides in the low byte, below the key: plain integers sort faster.)
    let mut order: Vec<u64> = Vec::with_capacity(st.blocks.len());
    for b in board.block_ids() {
        let bs = &st.blocks[b.index()];
        if let Loc::Space(a) = bs.loc {
            let side = board.block(b).side;
            let shown = if sees(side, bs.revealed) {
                b.0 as u64 + 2
            } else {
                bs.isolated as u64
            };
            let key = (a.0 as u64) << 10 | (side_index(side) as u64) << 9 | shown;
            order.push(key << 8 | b.0 as u64);
        }
    }
    order.sort_unstable();
    let blocks = order
        .into_iter()
        .map(|x| {
            let b = BlockId(x as u8);
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
                isolated: bs.isolated,
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
            let mut off_map = Vec::new();
            for b in board.side_blocks(side) {
                let loc = st.blocks[b.index()].loc;
                match loc {
                    Loc::ForcePool => {
                        force_pool += 1;
                        if own {
                            pool_faces.push(face(board, st, b));
                        }
                    }
                    Loc::Eliminated => lost.push(face(board, st, b)),
                    Loc::Surrendered => surrendered.push(face(board, st, b)),
                    Loc::Unplaced | Loc::November | Loc::KievIcon | Loc::Removed => {
                        if loc == Loc::November {
                            november_box += 1;
                        }
                        off_map.push(OffMapView {
                            loc,
                            face: (own || loc == Loc::Removed).then(|| face(board, st, b)),
                        });
                    }
                    Loc::Space(_) | Loc::Drawn => {}
                }
            }
            lost.append(&mut surrendered);
            off_map.sort_by_key(|o| off_map_rank(o.loc));
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
                drawn_count: st
                    .drawn
                    .iter()
                    .filter(|b| board.block(**b).side == side)
                    .count(),
                off_map,
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
        battle_choice: battle_choice(board, st, text),
        supplied: if text {
            [Side::German, Side::Soviet].map(|s| query::supplied_areas(board, st, s))
        } else {
            [Vec::new(), Vec::new()]
        },
        sudden_death_vp: crate::rules::sudden_death_vp(board, st),
        command_range: if text {
            command_range(board, st, viewer)
        } else {
            Vec::new()
        },
        public: public_state(board, st, viewer),
    }
}

/// The areas within the tactical range of the activated HQs the viewer knows (R 10.3): the
/// range comes from the HQ's strength, which only a face the viewer may read tells.
fn command_range(board: &Board, st: &State, viewer: Viewer) -> Vec<bool> {
    let mut in_range = vec![false; board.topo.len()];
    let Some(i) = st.impulse.as_ref() else {
        return in_range;
    };
    for hq in i.activated.iter().filter(|b| knows(board, st, viewer, **b)) {
        if let Some(a) = query::space_of(st, *hq).filter(|a| board.is_area(*a)) {
            let side = board.block(*hq).side;
            let r = query::tactical_range(board, st, *hq);
            for (k, x) in query::range_areas(board, st, a, side, r).iter().enumerate() {
                in_range[k] |= *x;
            }
        }
    }
    in_range
}
