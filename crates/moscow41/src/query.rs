//! Read-only questions about a position: who is where, control and disputes (R 2.5), stacking
//! (R 2.7), supply (R 9.2), Logistic Value (R 7.2.1, Appendix A.1), Victory Points (R 1.7),
//! strength ladders (R 4.2.3), weather-adjusted strength (R 8.0, 3.1) and Tactical Range (R 10.3).

use crate::board::{AreaId, BlockId, Board};
use crate::data::{Colour, CombatType, Letter, Role, Speed, SupplyEdge, Terrain};
use crate::state::*;
use eastfront_kernel::{Side, SpaceId};

pub fn block_side(board: &Board, b: BlockId) -> Side {
    board.block(b).side
}

/// The space a block stands in (areas and boxes).
pub fn space_of(st: &State, b: BlockId) -> Option<AreaId> {
    match st.blocks[b.index()].loc {
        Loc::Space(a) => Some(a),
        _ => None,
    }
}

/// Blocks in a space.
pub fn blocks_in(board: &Board, st: &State, a: AreaId) -> Vec<BlockId> {
    board
        .block_ids()
        .filter(|b| st.blocks[b.index()].loc == Loc::Space(a))
        .collect()
}

pub fn side_blocks_in(board: &Board, st: &State, a: AreaId, side: Side) -> Vec<BlockId> {
    board
        .block_ids()
        .filter(|b| st.blocks[b.index()].loc == Loc::Space(a) && board.block(*b).side == side)
        .collect()
}

/// Per space: units of each side that make it controlled / disputed (R 2.5): blocks other than
/// the Leaders (GAP-11: Stalin only counts for stacking), and DLs.
pub fn presence(board: &Board, st: &State) -> Vec<[bool; 2]> {
    let mut p: Vec<[bool; 2]> = st.dl.clone();
    for (i, b) in st.blocks.iter().enumerate() {
        if let Loc::Space(a) = b.loc {
            let d = &board.blocks[i];
            if d.role != Role::Leader {
                p[a.index()][side_index(d.side)] = true;
            }
        }
    }
    p
}

/// Who is where, counted once per position (for the hot paths: legal actions, movement,
/// supply): per space, whether each side has units that make it controlled / disputed (as
/// [`presence`], R 2.5) and how many blocks of each side count for stacking (R 2.7).
#[derive(Clone, Debug)]
pub struct Occupancy {
    /// As [`presence`]: blocks other than Leaders, and DLs, per side.
    pub units: Vec<[bool; 2]>,
    /// As [`stack_count`]: every block (HQs and Stalin included), per side.
    pub stack: Vec<[u8; 2]>,
}

impl Occupancy {
    pub fn new(board: &Board, st: &State) -> Occupancy {
        let mut units: Vec<[bool; 2]> = st.dl.clone();
        let mut stack = vec![[0u8; 2]; st.dl.len()];
        for (i, b) in st.blocks.iter().enumerate() {
            if let Loc::Space(a) = b.loc {
                let d = &board.blocks[i];
                let s = side_index(d.side);
                if d.role != Role::Leader {
                    units[a.index()][s] = true;
                }
                stack[a.index()][s] += 1;
            }
        }
        Occupancy { units, stack }
    }
    pub fn has_units(&self, a: AreaId, side: Side) -> bool {
        self.units[a.index()][side_index(side)]
    }
    pub fn disputed(&self, a: AreaId) -> bool {
        let u = self.units[a.index()];
        u[0] && u[1]
    }
    pub fn disputed_all(&self) -> Vec<bool> {
        self.units.iter().map(|p| p[0] && p[1]).collect()
    }
    pub fn stack_count(&self, a: AreaId, side: Side) -> usize {
        self.stack[a.index()][side_index(side)] as usize
    }
    /// As [`stacking_ok_with`].
    pub fn stacking_ok_with(&self, board: &Board, a: AreaId, side: Side, extra: usize) -> bool {
        match stack_limit(board, a) {
            None => true,
            Some(n) => self.stack_count(a, side) + extra <= n,
        }
    }
}

pub fn has_units(board: &Board, st: &State, a: AreaId, side: Side) -> bool {
    st.dl[a.index()][side_index(side)]
        || st.blocks.iter().enumerate().any(|(i, b)| {
            b.loc == Loc::Space(a)
                && board.blocks[i].side == side
                && board.blocks[i].role != Role::Leader
        })
}

/// Disputed: units of both players (R 2.5).
pub fn disputed(board: &Board, st: &State, a: AreaId) -> bool {
    has_units(board, st, a, Side::German) && has_units(board, st, a, Side::Soviet)
}

pub fn disputed_all(board: &Board, st: &State) -> Vec<bool> {
    presence(board, st).iter().map(|p| p[0] && p[1]).collect()
}

/// Blocks of `side` counting for stacking in `a` (R 2.7: HQs and Stalin count; R 4.2.4).
pub fn stack_count(board: &Board, st: &State, a: AreaId, side: Side) -> usize {
    st.blocks
        .iter()
        .enumerate()
        .filter(|(i, b)| b.loc == Loc::Space(a) && board.blocks[*i].side == side)
        .count()
}

/// Blocks per player allowed in a space (R 2.7); None = unlimited (Staging).
pub fn stack_limit(board: &Board, a: AreaId) -> Option<usize> {
    match board.terrain(a) {
        Some(t) => t.stacking().map(|n| n as usize),
        None => {
            if board.road_index(a).is_some() {
                Some(4)
            } else {
                Some(1)
            }
        }
    }
}

pub fn stacking_ok_with(board: &Board, st: &State, a: AreaId, side: Side, extra: usize) -> bool {
    match stack_limit(board, a) {
        None => true,
        Some(n) => stack_count(board, st, a, side) + extra <= n,
    }
}

/// Recomputes control after units left or were destroyed: a space with units of only one
/// side belongs to that side; empty and disputed spaces keep their controller (R 2.5).
/// Returns the spaces that changed hands.
pub fn settle_control(board: &Board, st: &mut State) -> Vec<(AreaId, Side)> {
    let p = presence(board, st);
    let mut changed = Vec::new();
    for (i, pr) in p.iter().enumerate() {
        let owner = match pr {
            [true, false] => Side::German,
            [false, true] => Side::Soviet,
            _ => continue,
        };
        if st.control[i] != owner {
            st.control[i] = owner;
            changed.push((SpaceId(i as u16), owner));
        }
    }
    changed
}

// ------------------------------------------------------------------ strength

/// The strength ladder of a block, strongest first: combat blocks max..=1, HQs and Leaders
/// max, …, 2, then 0 (♥) — there is no 1★ level (R 4.2.3, 9.3, 10.3).
pub fn ladder(board: &Board, b: BlockId) -> Vec<u8> {
    let d = board.block(b);
    match d.role {
        Role::Combat => (1..=d.max_strength).rev().collect(),
        _ => {
            let mut v: Vec<u8> = (2..=d.max_strength).rev().collect();
            v.push(0);
            v
        }
    }
}

/// Is `s` on the block's [`ladder`]? (Without building it.)
pub fn on_ladder(board: &Board, b: BlockId, s: u8) -> bool {
    let d = board.block(b);
    match d.role {
        Role::Combat => (1..=d.max_strength).contains(&s),
        _ => s == 0 || (2..=d.max_strength).contains(&s),
    }
}

/// One step down the ladder; None = below the minimum (destroyed). (As the next entry of
/// [`ladder`], without building it.)
pub fn reduced(board: &Board, b: BlockId, s: u8) -> Option<u8> {
    let d = board.block(b);
    match d.role {
        Role::Combat => (2..=d.max_strength).contains(&s).then(|| s - 1),
        _ if (3..=d.max_strength).contains(&s) => Some(s - 1),
        _ if s == 2 && d.max_strength >= 2 => Some(0),
        _ => None,
    }
}

/// One step up the ladder; None = already full. (As the previous entry of [`ladder`].)
pub fn raised(board: &Board, b: BlockId, s: u8) -> Option<u8> {
    let d = board.block(b);
    match d.role {
        Role::Combat => (1..d.max_strength).contains(&s).then(|| s + 1),
        _ if (2..d.max_strength).contains(&s) => Some(s + 1),
        _ if s == 0 && d.max_strength >= 2 => Some(2),
        _ => None,
    }
}

pub fn at_minimum(board: &Board, st: &State, b: BlockId) -> bool {
    reduced(board, b, st.blocks[b.index()].strength).is_none()
}

pub fn is_exhausted_hq(board: &Board, st: &State, b: BlockId) -> bool {
    board.block(b).is_hq() && st.blocks[b.index()].strength == 0
}

/// Fractions round down, but a block that rolls dice rolls at least 1 (R 3.1).
pub fn halve(x: u8) -> u8 {
    if x == 0 {
        0
    } else {
        (x / 2).max(1)
    }
}

pub fn divide(x: u8, d: u8) -> u8 {
    if x == 0 {
        0
    } else {
        (x / d.max(1)).max(1)
    }
}

/// An attacker's strength (dice, Tactical Range, Air Range, bombers) after weather (R 8.0,
/// T5): Rain → 1; Snow → German halved; Blizzard (RO 14.5) → German ÷4 (GAP-8); the Blue
/// Division ignores Snow and is only halved in Blizzard (RO 14.7).
pub fn attack_strength(board: &Board, st: &State, b: Option<BlockId>, side: Side, s: u8) -> u8 {
    if s == 0 {
        return 0;
    }
    let blue =
        b.is_some_and(|b| st.options.optional.infantry_divisions && board.block(b).blue_division);
    match st.weather {
        Weather::Sunny => s,
        Weather::Rain => 1,
        Weather::Snow => {
            if side == Side::German && !blue {
                halve(s)
            } else {
                s
            }
        }
        Weather::Blizzard => {
            if side != Side::German {
                s
            } else if blue {
                halve(s)
            } else {
                divide(s, st.options.readings.blizzard_attack_divisor)
            }
        }
    }
}

/// An HQ's strength for what it directs rather than fires with — Tactical Range, bombers
/// committable and Air Range, Hoepner's Road dice — after weather (T5): as
/// [`attack_strength`], except that Blizzard is "as Snow" (RO 14.5 changes only the blocks'
/// own dice).
pub fn support_strength(board: &Board, st: &State, hq: BlockId, s: u8) -> u8 {
    let side = board.block(hq).side;
    let blue = st.options.optional.infantry_divisions && board.block(hq).blue_division;
    match st.weather {
        Weather::Blizzard if side == Side::German && !blue => halve(s),
        Weather::Blizzard => s,
        _ => attack_strength(board, st, Some(hq), side, s),
    }
}

/// A defender's strength after weather: only Blizzard touches German defenders (RO 14.5).
pub fn defend_strength(board: &Board, st: &State, b: BlockId, s: u8) -> u8 {
    if st.weather == Weather::Blizzard
        && board.block(b).side == Side::German
        && !(st.options.optional.infantry_divisions && board.block(b).blue_division)
    {
        divide(s, st.options.readings.blizzard_defend_divisor)
    } else {
        s
    }
}

// ------------------------------------------------------------------ movement costs

/// Movement allowance (R 4.2.1, 10.8.1; RO 14.7 infantry divisions 4).
pub fn mp_of(board: &Board, st: &State, b: BlockId) -> u8 {
    let d = board.block(b);
    if d.role == Role::Leader {
        return 0;
    }
    if st.options.optional.infantry_divisions && d.infantry_division {
        return 4;
    }
    d.speed.mp()
}

pub fn is_fast(board: &Board, b: BlockId) -> bool {
    board.block(b).speed == Speed::Fast
}

/// Cost to enter `to` (R 2.6, 8.0, T2; RO 14.6 cavalry 2 in Rain).
pub fn entry_cost(board: &Board, st: &State, b: BlockId, to: AreaId) -> u8 {
    match st.weather {
        Weather::Rain => {
            if st.options.optional.cavalry
                && board.block(b).combat_type == Some(CombatType::Cavalry)
            {
                2
            } else {
                3
            }
        }
        Weather::Snow | Weather::Blizzard => 2,
        Weather::Sunny => board.terrain(to).map(|t| t.mp_cost()).unwrap_or(1),
    }
}

/// Spaces a side may ever enter by movement, trace a LOC or a Tactical Range through: map
/// areas only, and no Staging Area for the Soviets (R 2.4.4, 2.6).
pub fn passable(board: &Board, a: AreaId, side: Side) -> bool {
    match board.terrain(a) {
        None => false,
        Some(Terrain::Staging) => side == Side::German,
        Some(_) => true,
    }
}

// ------------------------------------------------------------------ supply (R 9.2)

/// Is `a` an active supply source for `side` (R 2.1, 9.2, 13.2–13.3.1, RO 14.3)? A source
/// counts only while own-controlled and undisputed (GAP-26).
pub fn is_source(board: &Board, st: &State, a: AreaId, side: Side) -> bool {
    let Some(area) = board.area(a) else {
        return false;
    };
    match side {
        Side::German => area.terrain == Terrain::Staging,
        Side::Soviet => {
            let edge = match area.supply {
                Some(SupplyEdge::East) | Some(SupplyEdge::South) => true,
                Some(SupplyEdge::SouthOrange) => st.disc_kiev,
                Some(SupplyEdge::NorthLightBlue) => st.disc_shlisselburg && st.disc_leningrad,
                Some(SupplyEdge::NorthBlue) => st.disc_leningrad,
                None => false,
            };
            edge || (st.options.optional.moscow_supply && a == board.moscow)
        }
    }
}

/// Every area from which `side` traces a LOC through own-controlled, undisputed areas (R 9.2).
pub fn supplied_areas(board: &Board, st: &State, side: Side) -> Vec<bool> {
    supplied_areas_with(board, st, &Occupancy::new(board, st), side)
}

/// [`supplied_areas`] with the occupancy already counted.
pub fn supplied_areas_with(board: &Board, st: &State, occ: &Occupancy, side: Side) -> Vec<bool> {
    const OPEN: u8 = 0;
    const CLOSED: u8 = 1;
    const TRACED: u8 = 2;
    // Each area is judged once: closed when a LOC cannot pass (not an own, undisputed area
    // of the map).
    let mut mark: Vec<u8> = (0..board.topo.len())
        .map(|i| {
            let a = SpaceId(i as u16);
            let ok = board.is_area(a)
                && passable(board, a, side)
                && st.control[i] == side
                && !occ.disputed(a);
            if ok {
                OPEN
            } else {
                CLOSED
            }
        })
        .collect();
    // Breadth-first; `q[head..]` is the queue.
    let mut q = Vec::with_capacity(board.n_areas);
    for a in board.area_ids() {
        if mark[a.index()] == OPEN && is_source(board, st, a, side) {
            mark[a.index()] = TRACED;
            q.push(a);
        }
    }
    let mut head = 0;
    while let Some(&a) = q.get(head) {
        head += 1;
        for n in board.neighbours(a) {
            if mark[n.index()] == OPEN {
                mark[n.index()] = TRACED;
                q.push(n);
            }
        }
    }
    // (Collected in place: the same allocation.)
    mark.into_iter().map(|m| m == TRACED).collect()
}

/// Can a unit of `side` in `a` trace a LOC? Boxes are always in supply (R 2.2, 10.9.1); a
/// LOC may start in a disputed area but not pass through one (R 9.2).
pub fn in_supply_with(board: &Board, a: AreaId, side: Side, sup: &[bool], st: &State) -> bool {
    if !board.is_area(a) {
        return true;
    }
    if sup[a.index()] {
        return true;
    }
    if st.control[a.index()] == side && !disputed(board, st, a) {
        return false; // own, undisputed and not connected
    }
    // Start in a disputed (or otherwise not traceable) area: the next area must be supplied.
    if !passable(board, a, side) {
        return false;
    }
    board.neighbours(a).any(|n| sup[n.index()])
}

/// [`in_supply_with`] with the occupancy already counted.
pub fn in_supply_occ(
    board: &Board,
    a: AreaId,
    side: Side,
    sup: &[bool],
    st: &State,
    occ: &Occupancy,
) -> bool {
    if !board.is_area(a) || sup[a.index()] {
        return true;
    }
    if st.control[a.index()] == side && !occ.disputed(a) {
        return false;
    }
    passable(board, a, side) && board.neighbours(a).any(|n| sup[n.index()])
}

// ------------------------------------------------------------------ VP and VL

/// VP locations held by `side` (R 1.7, 2.4.3): the five Victory Areas by control; Kiev and
/// Leningrad by their discs (they change hands only in a Final Phase, R 13.2, 13.3).
pub fn vp(board: &Board, st: &State, side: Side) -> u8 {
    let mut n = 0;
    for a in board.victory_areas() {
        if st.control[a.index()] == side {
            n += 1;
        }
    }
    let kiev = if st.disc_kiev {
        Side::Soviet
    } else {
        Side::German
    };
    let len = if st.disc_leningrad {
        Side::Soviet
    } else {
        Side::German
    };
    n + (kiev == side) as u8 + (len == side) as u8
}

pub fn leader_of(board: &Board, side: Side) -> Option<BlockId> {
    board
        .side_blocks(side)
        .find(|b| board.block(*b).role == Role::Leader)
}

pub fn controls_moscow_and_leningrad(board: &Board, st: &State, side: Side) -> bool {
    let len = if st.disc_leningrad {
        Side::Soviet
    } else {
        Side::German
    };
    st.control[board.moscow.index()] == side && len == side
}

/// Soviet blocks surrendered (R 9.3) and German blocks eliminated (R 10.14.3).
pub fn soviet_surrendered(st: &State) -> usize {
    st.blocks
        .iter()
        .filter(|b| b.loc == Loc::Surrendered)
        .count()
}
pub fn german_eliminated(st: &State) -> usize {
    st.blocks
        .iter()
        .filter(|b| b.loc == Loc::Eliminated)
        .count()
}

/// The Logistic Value before weather (R 7.2.1).
pub fn raw_vl(board: &Board, st: &State, side: Side) -> u8 {
    let leader = if side == Side::Soviet && st.stalin_dead {
        0
    } else {
        leader_of(board, side)
            .filter(|l| matches!(st.blocks[l.index()].loc, Loc::Space(_)))
            .map(|l| st.blocks[l.index()].strength)
            .unwrap_or(0)
    };
    let hqs = board
        .side_blocks(side)
        .filter(|b| {
            board.block(*b).is_hq()
                && matches!(st.blocks[b.index()].loc, Loc::Space(_))
                && st.blocks[b.index()].strength > 0
        })
        .count() as u8;
    let bonus = match side {
        Side::German => soviet_surrendered(st) / 10,
        Side::Soviet => german_eliminated(st) / 10,
    } as u8;
    leader + hqs + vp(board, st, side) + bonus
}

/// The Logistic Value with the weather (R 7.2.1.1, Appendix A.1).
pub fn vl(board: &Board, st: &State, side: Side) -> u8 {
    let raw = raw_vl(board, st, side);
    match st.weather {
        Weather::Sunny => raw,
        Weather::Rain => raw / 2,
        Weather::Snow | Weather::Blizzard => {
            if controls_moscow_and_leningrad(board, st, side) {
                raw
            } else {
                raw / 2
            }
        }
    }
}

// ------------------------------------------------------------------ command (R 10.2–10.6)

/// Tactical Range of an activated HQ (R 10.3, T10): stars, Rain 1, German halved in Snow
/// and in Blizzard (T5 "as Snow").
pub fn tactical_range(board: &Board, st: &State, hq: BlockId) -> u8 {
    let s = st.blocks[hq.index()].strength;
    support_strength(board, st, hq, s)
}

/// Areas within `range` steps of `from` along paths whose intermediate areas are
/// own-controlled and undisputed (R 10.3, Appendix A.4). The last step may enter anything
/// the side may enter.
pub fn range_areas(board: &Board, st: &State, from: AreaId, side: Side, range: u8) -> Vec<bool> {
    range_areas_with(board, st, &Occupancy::new(board, st), from, side, range)
}

/// [`range_areas`] with the occupancy already counted.
pub fn range_areas_with(
    board: &Board,
    st: &State,
    occ: &Occupancy,
    from: AreaId,
    side: Side,
    range: u8,
) -> Vec<bool> {
    // May the range pass through `a` (besides the HQ's own area)?
    let open = |a: AreaId| st.control[a.index()] == side && !occ.disputed(a);
    RANGES.with(|c| {
        let mut c = c.borrow_mut();
        let key = (board.uid(), side, from, range);
        if let Some(e) = c
            .iter()
            .find(|e| e.key == key && e.read.iter().all(|&(a, o)| open(a) == o))
        {
            return e.seen.clone();
        }
        let mut e = RangeSearch {
            key,
            read: Vec::new(),
            seen: vec![false; board.topo.len()],
        };
        e.seen[from.index()] = true;
        // Breadth-first, one distance at a time: `q[head..]` is the queue, the areas before
        // `next` are at distance `d`.
        let mut q = Vec::with_capacity(64);
        q.push(from);
        let (mut head, mut next, mut d) = (0, 1, 0u8);
        while head < q.len() {
            if head == next {
                d += 1;
                next = q.len();
            }
            if d >= range {
                break; // every area left is as far
            }
            let a = q[head];
            head += 1;
            // Expand only from the HQ's own area or through own, undisputed areas.
            if a != from {
                let o = open(a);
                e.read.push((a, o));
                if !o {
                    continue;
                }
            }
            for n in board.neighbours(a) {
                if !e.seen[n.index()] && passable(board, n, side) {
                    e.seen[n.index()] = true;
                    q.push(n);
                }
            }
        }
        let seen = e.seen.clone();
        if c.len() >= 16 {
            c.remove(0);
        }
        c.push(e);
        seen
    })
}

/// A Tactical Range traced by [`range_areas_with`]: it depends only on the board, side,
/// HQ area and range (the key) and on whether each area it tried to pass through was own and
/// undisputed (`read`), so it is kept per thread and reused while those are the same
/// (performance: asked for every block, in the legal list, in `apply` and after each step).
struct RangeSearch {
    key: (u64, Side, AreaId, u8),
    read: Vec<(AreaId, bool)>,
    seen: Vec<bool>,
}

thread_local! {
    static RANGES: std::cell::RefCell<Vec<RangeSearch>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Can this activated Tactical HQ command block `b` by colour (R 10.2, 10.6, RO 14.1)?
pub fn commands_colour(board: &Board, st: &State, hq: BlockId, b: BlockId) -> bool {
    let h = board.block(hq);
    let d = board.block(b);
    if h.side != d.side || h.role != Role::TacticalHq {
        return false;
    }
    if is_zhukov(board, hq) {
        return true; // R 10.6: all Soviet blocks, HQs included
    }
    if d.role != Role::Combat {
        return false; // other HQs only in the HQ's own area (R 10.2.2)
    }
    if st.options.optional.ignore_army_colour {
        return true;
    }
    d.colour == Some(Colour::White) || (d.colour.is_some() && d.colour == h.colour)
}

pub fn is_zhukov(board: &Board, b: BlockId) -> bool {
    let d = board.block(b);
    d.side == Side::Soviet && d.role == Role::TacticalHq && d.colour.is_none()
}

pub fn is_hoepner(board: &Board, b: BlockId) -> bool {
    let d = board.block(b);
    d.side == Side::German && d.role == Role::TacticalHq && d.colour == Some(Colour::Blue)
}

/// The 4th Panzer Group: Hoepner and the three "L" blocks (R 2.2).
pub fn is_fourth_pzg(board: &Board, b: BlockId) -> bool {
    let d = board.block(b);
    d.side == Side::German && d.colour == Some(Colour::Blue) || d.letter == Some(Letter::L)
}

/// Blitz-capable HQ (R 10.16): Zhukov, Guderian, Hoth (and Hoepner on the map under RO 14.2).
pub fn is_blitz_hq(board: &Board, st: &State, b: BlockId) -> bool {
    board.block(b).blitz_hq
        || (st.options.optional.zhukov_hoepner
            && is_hoepner(board, b)
            && space_of(st, b).is_some_and(|a| board.is_area(a)))
}

/// May this HQ fire artillery (R 10.4; Hoepner only under RO 14.2 or in SC.2/SC.3)?
pub fn has_artillery(board: &Board, st: &State, hq: BlockId) -> bool {
    let d = board.block(hq);
    if d.role != Role::TacticalHq || st.blocks[hq.index()].strength == 0 {
        return false;
    }
    if is_hoepner(board, hq) {
        let on_map = space_of(st, hq).is_some_and(|a| board.is_area(a));
        let allowed = st.options.optional.zhukov_hoepner
            || board
                .setup(&st.scenario)
                .is_some_and(|s| s.hoepner_artillery);
        return on_map && allowed;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`reduced`], [`raised`] and [`on_ladder`] read the ladder as [`ladder`] lists it.
    #[test]
    fn ladder_steps_match_the_ladder() {
        let board = Board::standard();
        for b in board.block_ids() {
            let l = ladder(&board, b);
            for s in 0..=10u8 {
                let i = l.iter().position(|x| *x == s);
                assert_eq!(on_ladder(&board, b, s), i.is_some());
                assert_eq!(reduced(&board, b, s), i.and_then(|i| l.get(i + 1).copied()));
                assert_eq!(
                    raised(&board, b, s),
                    i.and_then(|i| i.checked_sub(1).map(|j| l[j]))
                );
            }
        }
    }
}
