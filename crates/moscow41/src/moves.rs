//! Movement (R 10.8, Appendix A.3): path legality, the canonical path to every reachable
//! destination (one legal action per destination), and carrying a move out (control flips
//! when passing through empty enemy areas, R 2.5; River Crossing cubes, R 2.4.6).

use crate::board::{AreaId, BlockId, Board};
use crate::path::MAX_PATH;
use crate::query::*;
use crate::state::*;
use eastfront_kernel::Side;

/// Why a path is refused, or the MP it costs.
pub fn check_path(
    board: &Board,
    st: &State,
    b: BlockId,
    path: &[AreaId],
    mode: MoveMode,
) -> Result<u8, String> {
    check_path_with(board, st, &Occupancy::new(board, st), b, path, mode)
}

/// [`check_path`] with the occupancy already counted.
pub fn check_path_with(
    board: &Board,
    st: &State,
    occ: &Occupancy,
    b: BlockId,
    path: &[AreaId],
    mode: MoveMode,
) -> Result<u8, String> {
    let side = board.block(b).side;
    let Some(mut at) = space_of(st, b) else {
        return Err("the block is not on the map".into());
    };
    if path.is_empty() {
        return Err("an empty move".into());
    }
    if !board.is_area(at) {
        return Err("blocks on the Road to Leningrad move only by R 10.9".into());
    }
    let budget = mp_of(board, st, b);
    let mut spent: u8 = 0;
    let engaged_start = occ.has_units(at, side.other());
    for (i, &to) in path.iter().enumerate() {
        if !board.adjacent(at, to) {
            return Err(format!(
                "{} is not adjacent to {}",
                board.place_label(to),
                board.place_label(at)
            ));
        }
        if !passable(board, to, side) {
            return Err(format!(
                "{} cannot be entered (R 2.4.4, 2.6)",
                board.place_label(to)
            ));
        }
        let mut cost = entry_cost(board, st, b, to);
        if i == 0 && engaged_start {
            // R 10.8: disengaging costs 1 MP more and must enter an own, undisputed area.
            cost += 1;
            if st.control[to.index()] != side || occ.has_units(to, side.other()) {
                return Err(
                    "a disengaging block must enter an own-controlled, undisputed area (R 10.8)"
                        .into(),
                );
            }
        }
        spent = spent.saturating_add(cost);
        if spent > budget {
            return Err(format!(
                "the move costs {spent} MP, the block has {budget} (R 10.8)"
            ));
        }
        let enemy = occ.has_units(to, side.other());
        if enemy {
            if mode != MoveMode::Command {
                return Err("no engaging in a Pass, an HQ activation or an Exploitation (R 10.1, 10.18, 12.0)".into());
            }
            if i + 1 != path.len() {
                return Err(format!(
                    "a block entering {} (enemy units) must stop there (R 10.8)",
                    board.place_label(to)
                ));
            }
        }
        at = to;
    }
    if !occ.stacking_ok_with(board, at, side, 1) {
        return Err(format!(
            "{} would be overstacked at the end of the move (R 2.7)",
            board.place_label(at)
        ));
    }
    Ok(spent)
}

/// One canonical path per reachable destination: cheapest, ties broken towards a final step
/// that does not cross a river (R 10.12.5.1) and then by area order.
pub fn destinations(
    board: &Board,
    st: &State,
    b: BlockId,
    mode: MoveMode,
) -> Vec<(AreaId, Vec<AreaId>)> {
    destinations_with(board, st, &Occupancy::new(board, st), b, mode)
}

/// [`destinations`] with the occupancy already counted.
pub fn destinations_with(
    board: &Board,
    st: &State,
    occ: &Occupancy,
    b: BlockId,
    mode: MoveMode,
) -> Vec<(AreaId, Vec<AreaId>)> {
    let mut out = Vec::new();
    for_each_destination(board, st, occ, b, mode, |a, path| {
        out.push((a, path.to_vec()))
    });
    out
}

/// [`destinations_with`] without building the list: `f(destination, path)` for each, in the
/// same order. The searches are cached per thread (see [`SearchCache`]).
pub fn for_each_destination(
    board: &Board,
    st: &State,
    occ: &Occupancy,
    b: BlockId,
    mode: MoveMode,
    f: impl FnMut(AreaId, &AreaPath),
) {
    with_searches(board, st, occ, board.block(b).side, |s| s.each(b, mode, f))
}

/// Does `pred` hold for one of [`destinations_with`]'s destinations? (Without building the
/// paths.)
pub fn any_destination(
    board: &Board,
    st: &State,
    occ: &Occupancy,
    b: BlockId,
    mode: MoveMode,
    mut pred: impl FnMut(AreaId) -> bool,
) -> bool {
    let mut found = false;
    for_each_destination(board, st, occ, b, mode, |a, _| found = found || pred(a));
    found
}

/// The movement searches of `side`'s blocks in this position, for several blocks in a row
/// ([`Searches::each`]), the cache checked once.
pub fn with_searches<R>(
    board: &Board,
    st: &State,
    occ: &Occupancy,
    side: Side,
    f: impl FnOnce(&mut Searches) -> R,
) -> R {
    SEARCHES.with(|c| {
        let mut c = c.borrow_mut();
        let cache = &mut c[side_index(side)];
        cache.check(board, st, occ, side);
        f(&mut Searches {
            cache,
            board,
            st,
            occ,
            side,
            room_ready: false,
        })
    })
}

/// See [`with_searches`].
pub struct Searches<'a> {
    cache: &'a mut SearchCache,
    board: &'a Board,
    st: &'a State,
    occ: &'a Occupancy,
    side: Side,
    /// `cache.room` is filled for this position.
    room_ready: bool,
}

impl Searches<'_> {
    /// As [`for_each_destination`] (for a block of the side given to [`with_searches`]).
    pub fn each(&mut self, b: BlockId, mode: MoveMode, mut f: impl FnMut(AreaId, &AreaPath)) {
        let (board, st, occ) = (self.board, self.st, self.occ);
        let side = board.block(b).side;
        assert_eq!(side, self.side, "a block of the other side");
        let Some(start) = space_of(st, b) else {
            return;
        };
        if !board.is_area(start) {
            return;
        }
        let c = &mut *self.cache;
        if !self.room_ready {
            // R 2.7: stacking at the end of the move, judged once per area.
            c.room.clear();
            c.room.extend(
                board
                    .topo
                    .ids()
                    .map(|a| occ.stacking_ok_with(board, a, side, 1)),
            );
            self.room_ready = true;
        }
        let (from, to) = c.lookup(board, st, occ, b, start, mode);
        for (a, path) in &c.dests[from..to] {
            if c.room[a.index()] {
                f(*a, path);
            }
        }
    }
}

/// No entry (the end of a chain of cache entries).
const NONE: u32 = u32::MAX;

thread_local! {
    static SEARCHES: std::cell::RefCell<[SearchCache; 2]> = Default::default();
}

/// The movement searches of one side, kept across calls (performance: a Command segment asks
/// for the same searches step after step). A search depends on the board, the weather, the
/// cavalry rule, where the enemy has units, the start, MP, cavalry flag and mode, and, for a
/// block starting engaged, on who controls the start's neighbours; everything but the last
/// three is the cache's context (a change clears it), the rest each entry's key.
#[derive(Default)]
struct SearchCache {
    board: u64,
    weather: Option<Weather>,
    cavalry_rule: bool,
    enemy: Vec<bool>,
    entries: Vec<SearchEntry>,
    /// Per space, the last entry starting there (`NONE` if none): the entries of one start
    /// are chained through `next`, so a lookup reads only those.
    head: Vec<u32>,
    /// Every reached destination, ascending per entry, before the stacking check, with its
    /// path.
    dests: Vec<(AreaId, AreaPath)>,
    best: Vec<u16>,
    prev: Vec<u16>,
    /// Per space, may one more block of the side end its move there ([`Searches::each`]).
    room: Vec<bool>,
    /// Search scratch (see [`Self::search`]).
    buckets: Vec<Vec<u16>>,
    order: Vec<u16>,
    reached: Vec<AreaId>,
}

/// One cached search: its key (the start is implied by the chain it is in) and its range of
/// `dests`.
/// The block a search moves: from where, by which kind of move, with how many MP.
#[derive(Clone, Copy)]
struct Mover {
    b: BlockId,
    start: AreaId,
    mode: MoveMode,
    budget: u8,
}

struct SearchEntry {
    mp: u8,
    cavalry: bool,
    mode: MoveMode,
    /// Who controls the start's neighbours, when the block starts engaged.
    ctrl: u64,
    dests: (usize, usize),
    /// The next entry with the same start.
    next: u32,
}

impl SearchCache {
    /// Clears the cache unless it was made for this board, weather, cavalry rule and enemy
    /// presence.
    fn check(&mut self, board: &Board, st: &State, occ: &Occupancy, side: Side) {
        let e = side_index(side.other());
        let same = self.board == board.uid()
            && self.weather == Some(st.weather)
            && self.cavalry_rule == st.options.optional.cavalry
            && self.enemy.len() == occ.units.len()
            && self.enemy.iter().zip(&occ.units).all(|(x, u)| *x == u[e]);
        if !same || self.dests.len() > 1 << 18 {
            self.board = board.uid();
            self.weather = Some(st.weather);
            self.cavalry_rule = st.options.optional.cavalry;
            self.enemy.clear();
            self.enemy.extend(occ.units.iter().map(|u| u[e]));
            self.entries.clear();
            self.head.clear();
            self.head.resize(board.topo.len(), NONE);
            self.dests.clear();
        }
    }

    /// The range of `dests` for this block's search, searching if needed ([`Self::check`]
    /// first).
    fn lookup(
        &mut self,
        board: &Board,
        st: &State,
        occ: &Occupancy,
        b: BlockId,
        start: AreaId,
        mode: MoveMode,
    ) -> (usize, usize) {
        let side = board.block(b).side;
        let budget = mp_of(board, st, b);
        let cav = board.block(b).combat_type == Some(crate::data::CombatType::Cavalry);
        let engaged_start = occ.has_units(start, side.other());
        let mut ctrl = 0u64;
        if engaged_start {
            for (k, &(to, _)) in board.neighbours_river(start).iter().enumerate() {
                ctrl |= ((st.control[to.index()] == side) as u64) << (k & 63);
            }
        }
        let mut k = self.head[start.index()];
        while k != NONE {
            let x = &self.entries[k as usize];
            if x.mp == budget && x.cavalry == cav && x.mode == mode && x.ctrl == ctrl {
                return x.dests;
            }
            k = x.next;
        }
        let from = self.dests.len();
        let mover = Mover {
            b,
            start,
            mode,
            budget,
        };
        self.search(board, st, occ, mover);
        let to = self.dests.len();
        // More than 64 neighbours would not fit the control key: such a search is not kept.
        if board.neighbours_river(start).len() <= 64 || !engaged_start {
            let next = self.head[start.index()];
            self.head[start.index()] = self.entries.len() as u32;
            self.entries.push(SearchEntry {
                mp: budget,
                cavalry: cav,
                mode,
                ctrl,
                dests: (from, to),
                next,
            });
        }
        (from, to)
    }

    /// Dijkstra over areas with small integer costs; key = (cost, river on the last step),
    /// encoded as cost * 2 + river. The cheapest key is expanded first, ties in the order the
    /// areas were first reached. One canonical path per
    /// reachable destination: cheapest, ties broken towards a final step that does not cross
    /// a river (R 10.12.5.1) and then by area order. Appends to `dests`.
    fn search(&mut self, board: &Board, st: &State, occ: &Occupancy, mover: Mover) {
        let Mover {
            b,
            start,
            mode,
            budget,
        } = mover;
        let side = board.block(b).side;
        let n = board.topo.len();
        let enemy = |a: AreaId| occ.has_units(a, side.other());
        let engaged_start = enemy(start);
        const UNSEEN: u16 = u16::MAX;
        let best = &mut self.best;
        let prev = &mut self.prev;
        best.clear();
        best.resize(n, UNSEEN);
        prev.clear();
        prev.resize(n, UNSEEN);
        best[start.index()] = 0;
        // Every entry costs at least 1 MP, so a key reached from key k is above k: buckets per
        // key, each read once in the order the areas were first reached (its entries are all
        // in before it is read; stale ones, since improved, are skipped).
        let top = 2 * budget as usize + 2;
        let buckets = &mut self.buckets;
        if buckets.len() < top {
            buckets.resize_with(top, Vec::new);
        }
        for x in &mut buckets[..top] {
            x.clear();
        }
        // Per area, its position in the order of first reach (0 = the start).
        let order = &mut self.order;
        order.clear();
        order.resize(n, 0);
        let reached = &mut self.reached;
        reached.clear();
        buckets[0].push(0);
        for k in 0..top {
            let mut bucket = std::mem::take(&mut buckets[k]);
            bucket.sort_unstable();
            for &r in &bucket {
                let a = if r == 0 {
                    start
                } else {
                    reached[r as usize - 1]
                };
                if best[a.index()] != k as u16 {
                    continue;
                }
                let cost = (k >> 1) as u8;
                // Cannot continue out of an area with enemy units (R 10.8 stop), except the
                // start.
                if a != start && enemy(a) {
                    continue;
                }
                for &(to, river) in board.neighbours_river(a) {
                    if to == start || !passable(board, to, side) {
                        continue;
                    }
                    let mut c = entry_cost(board, st, b, to);
                    debug_assert!(c >= 1);
                    if a == start && engaged_start {
                        if st.control[to.index()] != side || enemy(to) {
                            continue;
                        }
                        c += 1;
                    }
                    let total = cost + c;
                    if total > budget {
                        continue;
                    }
                    if mode != MoveMode::Command && enemy(to) {
                        continue;
                    }
                    let key = ((total as u16) << 1) | river as u16;
                    let old = best[to.index()];
                    if key < old {
                        if old == UNSEEN {
                            reached.push(to);
                            order[to.index()] = reached.len() as u16;
                        }
                        best[to.index()] = key;
                        prev[to.index()] = a.0;
                        buckets[key as usize].push(order[to.index()]);
                    }
                }
            }
            bucket.clear();
            buckets[k] = bucket;
        }
        reached.sort_unstable();
        for &a in reached.iter() {
            let mut len = 1;
            let mut at = a.0;
            while prev[at as usize] != UNSEEN && prev[at as usize] != start.0 {
                at = prev[at as usize];
                len += 1;
            }
            // Every entry costs at least 1 MP: no path is longer than the MP (`MAX_PATH`).
            let mut path = [a; MAX_PATH];
            let mut at = a.0;
            for k in (0..len - 1).rev() {
                at = prev[at as usize];
                path[k] = eastfront_kernel::SpaceId(at);
            }
            self.dests.push((a, AreaPath::from(&path[..len])));
        }
    }
}

/// Carries out a checked move: flips empty enemy areas passed through or entered (R 2.5),
/// marks a River Crossing cube when the block engages across a river into a newly disputed
/// area (R 2.4.6). Returns the final area.
pub fn do_move(
    board: &Board,
    st: &mut State,
    b: BlockId,
    path: &[AreaId],
    ev: &mut Vec<Event>,
) -> AreaId {
    let side = board.block(b).side;
    let from = space_of(st, b).expect("checked");
    // Units stay where they are during the move (only control changes).
    let occ = Occupancy::new(board, st);
    let mut at = from;
    for &to in path {
        let enemy = occ.has_units(to, side.other());
        if !enemy && st.control[to.index()] != side {
            st.control[to.index()] = side;
            ev.push(Event {
                roll: None,
                kind: EventKind::Control { area: to, side },
                rule: "R 2.5".into(),
                public: format!(
                    "{} passes to {} control.",
                    board.place_label(to),
                    side.name()
                ),
                private: None,
            });
        }
        if enemy {
            let newly = st
                .impulse
                .as_ref()
                .is_some_and(|imp| !imp.disputed_at_start[to.index()]);
            if newly && board.river_between(at, to) && !st.weather.snowy() {
                if let Some(imp) = st.impulse.as_mut() {
                    if !imp.river.contains(&b) {
                        imp.river.push(b);
                    }
                }
            }
        }
        at = to;
    }
    st.blocks[b.index()].loc = Loc::Space(at);
    let name = board.block(b).name.clone();
    ev.push(Event {
        roll: None,
        kind: EventKind::Moved {
            from: Some(from),
            to: at,
        },
        rule: "R 10.8".into(),
        public: format!(
            "A {} block moves from {} to {}.",
            side.name(),
            board.place_label(from),
            board.place_label(at)
        ),
        private: Some((
            side,
            format!(
                "{name} moves from {} to {}.",
                board.place_label(from),
                board.place_label(at)
            ),
        )),
    });
    at
}

/// Rail Movement destinations (RO 14.4): any distance through own, undisputed areas; no
/// engaging or disengaging.
pub fn rail_destinations(board: &Board, st: &State, b: BlockId) -> Vec<AreaId> {
    rail_destinations_with(board, st, &Occupancy::new(board, st), b)
}

/// [`rail_destinations`] with the occupancy already counted.
pub fn rail_destinations_with(
    board: &Board,
    st: &State,
    occ: &Occupancy,
    b: BlockId,
) -> Vec<AreaId> {
    let side = board.block(b).side;
    let Some(start) = space_of(st, b) else {
        return Vec::new();
    };
    if !board.is_area(start) || occ.disputed(start) {
        return Vec::new();
    }
    let ok =
        |a: AreaId| passable(board, a, side) && st.control[a.index()] == side && !occ.disputed(a);
    let mut seen = vec![false; board.topo.len()];
    seen[start.index()] = true;
    let mut q = Vec::with_capacity(64);
    q.push(start);
    let mut head = 0;
    let mut out = Vec::new();
    while head < q.len() {
        let a = q[head];
        head += 1;
        for n in board.neighbours(a) {
            if !seen[n.index()] && ok(n) {
                seen[n.index()] = true;
                q.push(n);
                if occ.stacking_ok_with(board, n, side, 1) {
                    out.push(n);
                }
            }
        }
    }
    out
}

/// [`rail_destinations`] of every block of `side` standing in each of `starts` (one list per
/// start, in the same order; a block's own checks — on the map, undisputed start — included).
/// The breadth-first orders depend only on the areas rail may pass through: they are cached
/// per thread and side while those stay the same; stacking is checked on each call.
pub fn rail_destinations_from(
    board: &Board,
    st: &State,
    occ: &Occupancy,
    side: Side,
    starts: &[AreaId],
) -> Vec<Vec<AreaId>> {
    RAIL.with(|c| {
        let mut c = c.borrow_mut();
        let c = &mut c[side_index(side)];
        // May be passed through by rail.
        let n = board.topo.len();
        let mut same = c.board == board.uid() && c.pass.len() == n;
        if same {
            for a in board.area_ids() {
                let ok =
                    passable(board, a, side) && st.control[a.index()] == side && !occ.disputed(a);
                if c.pass[a.index()] != ok {
                    same = false;
                    break;
                }
            }
        }
        if !same || c.order.len() > 1 << 20 {
            c.board = board.uid();
            c.pass.clear();
            c.pass.resize(n, false);
            for a in board.area_ids() {
                c.pass[a.index()] =
                    passable(board, a, side) && st.control[a.index()] == side && !occ.disputed(a);
            }
            c.entries.clear();
            c.entry_of.clear();
            c.entry_of.resize(n, NONE);
            c.order.clear();
        }
        // May be stopped in: 0 unknown, 1 no, 2 yes.
        let mut stop = vec![0u8; n];
        starts
            .iter()
            .map(|&start| {
                if !board.is_area(start) || occ.disputed(start) {
                    return Vec::new();
                }
                let (from, to) = c.lookup(board, start);
                let mut out = Vec::with_capacity(to - from);
                for &m in &c.order[from..to] {
                    let s = &mut stop[m.index()];
                    if *s == 0 {
                        *s = 1 + occ.stacking_ok_with(board, m, side, 1) as u8;
                    }
                    if *s == 2 {
                        out.push(m);
                    }
                }
                out
            })
            .collect()
    })
}

thread_local! {
    static RAIL: std::cell::RefCell<[RailCache; 2]> = Default::default();
}

/// See [`rail_destinations_from`].
#[derive(Default)]
struct RailCache {
    board: u64,
    /// Per space: rail may pass through it.
    pass: Vec<bool>,
    /// Ranges of `order`.
    entries: Vec<(usize, usize)>,
    /// Per space, its entry in `entries` (`NONE` if none yet).
    entry_of: Vec<u32>,
    /// Per start, the areas rail reaches in breadth-first order (the start left out).
    order: Vec<AreaId>,
    open: Vec<bool>,
}

impl RailCache {
    fn lookup(&mut self, board: &Board, start: AreaId) -> (usize, usize) {
        if let Some(&e) = self.entries.get(self.entry_of[start.index()] as usize) {
            return e;
        }
        let from = self.order.len();
        // Open: rail may pass and the search has not been there (one test per neighbour).
        let open = &mut self.open;
        open.clear();
        open.extend_from_slice(&self.pass);
        open[start.index()] = false;
        self.order.push(start);
        let mut head = from;
        while let Some(&a) = self.order.get(head) {
            head += 1;
            for &(m, _) in board.neighbours_river(a) {
                if open[m.index()] {
                    open[m.index()] = false;
                    self.order.push(m);
                }
            }
        }
        // Drop the start, keep the order.
        self.order.remove(from);
        let to = self.order.len();
        self.entry_of[start.index()] = self.entries.len() as u32;
        self.entries.push((from, to));
        (from, to)
    }
}

/// What [`destinations`] depends on besides the position and the mode (start, MP, cavalry).
pub type DestinationsKey = (Option<AreaId>, u8, bool);

/// Two blocks of the same side with the same key have the same destinations and paths.
pub fn destinations_key(board: &Board, st: &State, b: BlockId) -> DestinationsKey {
    (
        space_of(st, b),
        mp_of(board, st, b),
        board.block(b).combat_type == Some(crate::data::CombatType::Cavalry),
    )
}

pub fn side_of(board: &Board, b: BlockId) -> Side {
    board.block(b).side
}
