//! Zones of control (8.5) and supply (6.0–6.4, 11.1): pure functions of a [`Position`], the
//! units on the map and who controls the VP hexes.

use crate::board::{Board, BorderKind};
use crate::data::{Nation, Region};
use eastfront_kernel::{Side, SpaceId};
use std::cell::{OnceCell, RefCell};
use std::rc::Rc;

/// 6.1: a unit's own supply line is at most this many hexes long.
pub const LAND_LINE_HEXES: u32 = 4;

/// One unit on the map, as supply and ZOC see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// Index into the board's units (`units.ron` order).
    pub unit: usize,
    pub side: Side,
    pub at: SpaceId,
    /// Its face has a ZOC (strength not in parentheses, 8.5).
    pub zoc_face: bool,
    /// It carries an Unsupplied marker (6.4): no ZOC (6.5.3).
    pub unsupplied: bool,
    pub nation: Nation,
}

impl Piece {
    /// 8.5: markers, unsupplied units and parenthesized strengths have no ZOC.
    pub fn has_zoc(&self) -> bool {
        self.zoc_face && !self.unsupplied
    }
}

/// Where the units stand and who controls each space (cities, oil fields, Finland; None for
/// the others or nobody).
#[derive(Clone, Debug, PartialEq)]
pub struct Position {
    pub pieces: Vec<Piece>,
    pub control: Vec<Option<Side>>,
}

/// How a unit is supplied (6.1, 6.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SupplyStatus {
    /// A land supply line (6.1): needed to recover, train, rail-unload, place (7.0A, 9.2).
    Land,
    /// Only an alternative source (6.2): a sea, an adjacent unit with a land line, a minor
    /// country.
    Alternative,
    Unsupplied,
}

/// The spaces in each side's ZOC, and who occupies each space.
pub struct Zones {
    /// `zoc[s][space]`: some unit of side `s` exerts a ZOC into the space.
    zoc: [Vec<bool>; 2],
    occupant: Vec<Option<Side>>,
    /// Per side, by space, found when first asked: [`Zones::facts`].
    facts: [OnceCell<Vec<u8>>; 2],
}

/// In [`Zones::facts`]: an enemy unit is there.
pub const FACT_ENEMY: u8 = 1;
/// In [`Zones::facts`]: the space is in an enemy ZOC.
pub const FACT_EZOC: u8 = 2;
/// In [`Zones::facts`]: a unit of the side itself is there.
pub const FACT_OWN: u8 = 4;

/// 6.1: a city route's every step is westward (Axis) or eastward (Soviet).
pub fn route_dir(side: Side, d: crate::data::Dir) -> bool {
    match side {
        Side::German => d.westward(),
        Side::Soviet => d.eastward(),
    }
}

fn si(side: Side) -> usize {
    match side {
        Side::German => 0,
        Side::Soviet => 1,
    }
}

impl Zones {
    /// 8.5: the six hexes around each unit with a ZOC, not across sea or lake hexsides.
    pub fn new(board: &Board, pos: &Position) -> Zones {
        let n = board.topo.len();
        let mut zoc = [vec![false; n], vec![false; n]];
        let mut occupant = vec![None; n];
        for p in &pos.pieces {
            occupant[p.at.index()] = Some(p.side);
            if p.has_zoc() {
                for b in board.borders(p.at) {
                    if b.kind != BorderKind::Lake {
                        zoc[si(p.side)][b.to.index()] = true;
                    }
                }
            }
        }
        Zones {
            zoc,
            occupant,
            facts: [OnceCell::new(), OnceCell::new()],
        }
    }

    /// What movement reads of each space for `side`'s units (speed: one byte per space,
    /// found once): [`FACT_ENEMY`], [`FACT_EZOC`], [`FACT_OWN`].
    pub fn facts(&self, side: Side) -> &[u8] {
        self.facts[si(side)].get_or_init(|| {
            (0..self.occupant.len())
                .map(|i| {
                    let at = SpaceId(i as u16);
                    let occ = self.occupant(at);
                    let mut f = 0;
                    if occ == Some(side.other()) {
                        f |= FACT_ENEMY;
                    }
                    if self.in_ezoc(side, at) {
                        f |= FACT_EZOC;
                    }
                    if occ == Some(side) {
                        f |= FACT_OWN;
                    }
                    f
                })
                .collect()
        })
    }

    /// The space is in an enemy ZOC of `side` (an EZOC hex for `side`'s units).
    pub fn in_ezoc(&self, side: Side, at: SpaceId) -> bool {
        self.zoc[si(side.other())][at.index()]
    }

    pub fn occupant(&self, at: SpaceId) -> Option<Side> {
        self.occupant[at.index()]
    }

    /// By space: an enemy of `side` is there.
    pub(crate) fn enemy_present(&self, side: Side) -> Vec<bool> {
        let enemy = Some(side.other());
        self.occupant.iter().map(|o| *o == enemy).collect()
    }

    /// By space: [`Zones::in_ezoc`] for `side`.
    pub(crate) fn ezoc_of(&self, side: Side) -> &[bool] {
        &self.zoc[si(side.other())]
    }
}

/// The supply tracer for one position.
pub struct Supply<'a> {
    pub board: &'a Board,
    pub pos: &'a Position,
    pub zones: Zones,
    /// Per side, by space: [`Supply::blocked`], found once for every space when first asked
    /// (the position does not change while a tracer lives).
    blocked: [OnceCell<Vec<bool>>; 2],
    /// Per side: what routes and lines this position gives, found when first asked.
    traced: [OnceCell<Rc<Traced>>; 2],
    /// A land line search's working memory (speed: no allocation per search).
    line_work: RefCell<Work>,
    /// Per side, by space: one of its units is there (found when first asked).
    pieces_at: [OnceCell<Vec<bool>>; 2],
}

/// For one side in one position: the spaces a city route may enter and still reach a
/// friendly edge (6.1), and, found when first asked, the fewest hexes from each unblocked
/// space to a land source through unblocked spaces (`FAR`: more than a land line's
/// length), which answer [`Supply::has_land_line`]. Both depend only on the board, the side,
/// the blocked spaces (6.3) and who controls each space, so positions alike in those share
/// them (speed: `TRACED`).
struct Traced {
    onward: Vec<bool>,
    near: OnceCell<Vec<u8>>,
}

const FAR: u8 = u8::MAX;

/// The `Traced` of recent positions, per thread, most recent first: (board id, side), the
/// blocked spaces, the control of the spaces.
type TracedMemo = Vec<((u64, usize), Vec<bool>, Vec<Option<Side>>, Rc<Traced>)>;
const TRACED_KEPT: usize = 8;

thread_local! {
    static TRACED: RefCell<TracedMemo> = const { RefCell::new(Vec::new()) };
}

/// A breadth-first search's memory: `seen[s] == stamp` marks a space seen by the current
/// search; `queue` holds (space, index of the entry it was reached from, hexes entered).
#[derive(Default)]
struct Work {
    seen: Vec<u32>,
    stamp: u32,
    queue: Vec<(SpaceId, u32, u32)>,
}

impl Work {
    /// Starts a new search: nothing seen, the queue empty.
    fn start(&mut self, n: usize) {
        if self.seen.len() < n {
            self.seen.resize(n, 0);
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
        self.queue.clear();
    }
    /// Marks `s` seen; false if it was already.
    fn see(&mut self, s: SpaceId) -> bool {
        let fresh = self.seen[s.index()] != self.stamp;
        self.seen[s.index()] = self.stamp;
        fresh
    }
}

impl<'a> Supply<'a> {
    pub fn new(board: &'a Board, pos: &'a Position) -> Supply<'a> {
        Supply {
            board,
            pos,
            zones: Zones::new(board, pos),
            blocked: [OnceCell::new(), OnceCell::new()],
            traced: [OnceCell::new(), OnceCell::new()],
            line_work: RefCell::new(Work::default()),
            pieces_at: [OnceCell::new(), OnceCell::new()],
        }
    }

    fn control(&self, at: SpaceId) -> Option<Side> {
        self.pos.control.get(at.index()).copied().flatten()
    }

    /// 6.3: a supply line of `side` may not enter this space: an enemy unit, an EZOC with no
    /// friendly unit in it, Finland or a Balkans area, or an enemy-controlled city. Lake hexes
    /// and lake hexsides do not block.
    pub fn blocked(&self, side: Side, at: SpaceId) -> bool {
        self.blocked_all(side)[at.index()]
    }

    /// [`Supply::blocked`] by space.
    pub(crate) fn blocked_all(&self, side: Side) -> &[bool] {
        self.blocked[si(side)].get_or_init(|| {
            let (z, other) = (&self.zones, Some(side.other()));
            let (ezoc, city) = (&z.zoc[si(side.other())], self.board.city_hexes());
            let control = |i: usize| self.pos.control.get(i).copied().flatten();
            let all: Vec<bool> = (0..self.board.topo.len())
                .map(|i| {
                    let occ = z.occupant[i];
                    occ == other
                        || i >= self.board.n_hexes
                        || (ezoc[i] && occ != Some(side))
                        || (city[i] && control(i) == other)
                })
                .collect();
            debug_assert!(
                (0..all.len()).all(|i| all[i] == self.blocked_now(side, SpaceId(i as u16)))
            );
            all
        })
    }

    fn blocked_now(&self, side: Side, at: SpaceId) -> bool {
        let occ = self.zones.occupant(at);
        if occ == Some(side.other()) || self.board.is_area(at) {
            return true;
        }
        if self.zones.in_ezoc(side, at) && occ != Some(side) {
            return true;
        }
        let city = self.board.hex(at).is_some_and(|h| h.city.is_some());
        city && self.control(at) == Some(side.other())
    }

    fn friendly_edge(&self, side: Side, at: SpaceId) -> bool {
        self.board.edges().get(at.index()).copied().flatten() == Some(side)
    }

    /// 6.1: a city route of unlimited length, every step westward (Axis) or eastward (Soviet),
    /// to a friendly map edge, through unblocked spaces (the city's own hex excepted).
    pub fn city_route(&self, side: Side, city: SpaceId) -> bool {
        if self.friendly_edge(side, city) {
            return true;
        }
        let onward = &self.traced(side).onward;
        self.board
            .borders(city)
            .iter()
            .any(|b| b.dir.is_some_and(|d| route_dir(side, d)) && onward[b.to.index()])
    }

    /// This position's [`Traced`] for `side`: recalled when a recent position of the same
    /// board had the same blocked spaces and control, otherwise found now.
    fn traced(&self, side: Side) -> &Traced {
        self.traced[si(side)].get_or_init(|| {
            self.blocked(side, SpaceId(0));
            let blocked = &self.blocked[si(side)].get().expect("found above")[..];
            let control = &self.pos.control[..];
            let id = (self.board.id(), si(side));
            let known = TRACED.with(|m| {
                let mut m = m.borrow_mut();
                let i = m
                    .iter()
                    .position(|(k, b, c, _)| *k == id && b[..] == *blocked && c[..] == *control)?;
                let hit = m.remove(i);
                let t = hit.3.clone();
                m.insert(0, hit);
                Some(t)
            });
            known.unwrap_or_else(|| {
                let t = Rc::new(Traced {
                    onward: self.find_onward(side),
                    near: OnceCell::new(),
                });
                TRACED.with(|m| {
                    let mut m = m.borrow_mut();
                    m.truncate(TRACED_KEPT - 1);
                    m.insert(0, (id, blocked.to_vec(), control.to_vec(), t.clone()));
                });
                t
            })
        })
    }

    /// The spaces a city route may enter and still reach a friendly edge: the unblocked
    /// friendly edge hexes, then every unblocked space with a route step into one already
    /// found (walked backwards from the edges, [`Board::route_steps_into`]).
    fn find_onward(&self, side: Side) -> Vec<bool> {
        let n = self.board.topo.len();
        let mut onward = vec![false; n];
        let mut queue: Vec<SpaceId> = (0..n)
            .map(|i| SpaceId(i as u16))
            .filter(|s| self.friendly_edge(side, *s) && !self.blocked(side, *s))
            .collect();
        for s in &queue {
            onward[s.index()] = true;
        }
        while let Some(z) = queue.pop() {
            for &y in self.board.route_steps_into(side, z) {
                if !onward[y.index()] && !self.blocked(side, y) {
                    onward[y.index()] = true;
                    queue.push(y);
                }
            }
        }
        onward
    }

    /// A friendly city hex that is supplied (6.1: a land supply source).
    pub fn supplied_friendly_city(&self, side: Side, at: SpaceId) -> bool {
        let is_city = self.board.city_hexes().get(at.index()) == Some(&true);
        is_city && self.control(at) == Some(side) && self.city_route(side, at)
    }

    pub fn land_source(&self, side: Side, at: SpaceId) -> bool {
        self.friendly_edge(side, at) || self.supplied_friendly_city(side, at)
    }

    /// 6.1: the shortest land supply line from a unit's space (at most 4 hexes entered, each
    /// unblocked, the source included) to a friendly map edge or supplied friendly city.
    /// Returns the hexes entered (empty: the unit's own hex is a source).
    pub fn land_line(&self, side: Side, from: SpaceId) -> Option<Vec<SpaceId>> {
        self.land_line_within(side, from, LAND_LINE_HEXES, &[])
    }

    /// Whether [`Supply::land_line`] finds a line: its own space is a source, or a neighbour
    /// a line may enter is within three hexes of one (speed: the distances are found once,
    /// from the sources backwards, for every space).
    pub fn has_land_line(&self, side: Side, from: SpaceId) -> bool {
        let near = self.traced(side).near.get_or_init(|| self.find_near(side));
        let found = self.land_source(side, from)
            || self.board.borders(from).iter().any(|b| {
                !self.blocked(side, b.to) && u32::from(near[b.to.index()]) < LAND_LINE_HEXES
            });
        debug_assert_eq!(found, self.land_line(side, from).is_some(), "{from:?}");
        found
    }

    /// `Traced::near`: breadth first from the unblocked land sources, through unblocked
    /// spaces (borders go both ways), up to a land line's length.
    fn find_near(&self, side: Side) -> Vec<u8> {
        let n = self.board.topo.len();
        let mut near = vec![FAR; n];
        let mut queue: Vec<SpaceId> = Vec::new();
        for (i, d) in near.iter_mut().enumerate() {
            let s = SpaceId(i as u16);
            if !self.blocked(side, s) && self.land_source(side, s) {
                *d = 0;
                queue.push(s);
            }
        }
        let mut head = 0;
        while let Some(&x) = queue.get(head) {
            head += 1;
            let d = near[x.index()] + 1;
            if u32::from(d) >= LAND_LINE_HEXES {
                continue;
            }
            for b in self.board.borders(x) {
                let y = b.to;
                if near[y.index()] == FAR && !self.blocked(side, y) {
                    near[y.index()] = d;
                    queue.push(y);
                }
            }
        }
        near
    }

    /// A land line of at most `max` hexes that may not end at the cities in `not_to` (9.2:
    /// unloading routes of 3 hexes, never to a city captured this turn). Breadth first, the
    /// borders in the board's order: the first line found is the one returned.
    pub fn land_line_within(
        &self,
        side: Side,
        from: SpaceId,
        max: u32,
        not_to: &[SpaceId],
    ) -> Option<Vec<SpaceId>> {
        let source = |s: SpaceId| !not_to.contains(&s) && self.land_source(side, s);
        if source(from) {
            return Some(vec![]);
        }
        let mut w = self.line_work.borrow_mut();
        w.start(self.board.topo.len());
        w.see(from);
        w.queue.push((from, 0, 0));
        let mut head = 0usize;
        while let Some(&(x, _, dist)) = w.queue.get(head) {
            if dist < max {
                for b in self.board.borders(x) {
                    let y = b.to;
                    if w.seen[y.index()] == w.stamp || self.blocked(side, y) {
                        continue;
                    }
                    w.see(y);
                    w.queue.push((y, head as u32, dist + 1));
                    if source(y) {
                        let mut path = vec![y];
                        let mut at = head;
                        while at != 0 {
                            let (s, parent, _) = w.queue[at];
                            path.push(s);
                            at = parent as usize;
                        }
                        path.reverse();
                        return Some(path);
                    }
                }
            }
            head += 1;
        }
        None
    }

    /// 6.2: the Soviets may draw on the Baltic only while they control Leningrad and it is
    /// supplied.
    fn leningrad_ok(&self) -> bool {
        self.board
            .place("Leningrad")
            .is_some_and(|l| self.supplied_friendly_city(Side::Soviet, l))
    }

    /// 6.1–6.2: how the piece is supplied now.
    pub fn status(&self, piece: &Piece) -> SupplyStatus {
        let (side, at) = (piece.side, piece.at);
        if self.has_land_line(side, at) {
            return SupplyStatus::Land;
        }
        // Minor countries: the Finns in Finland, the Yugoslavs in the Balkans (6.2, 14.1, 14.8).
        if let Some(a) = self.board.area(at) {
            use crate::data::AreaKind::*;
            let minor = matches!(
                (piece.nation, a.kind),
                (Nation::Finnish, Finland) | (Nation::Yugoslav, WesternBalkans | SouthernBalkans)
            );
            if minor {
                return SupplyStatus::Alternative;
            }
        }
        // Seas: a unit in a coastal hex (6.2).
        if let Some(sea) = self.board.hex(at).and_then(|h| h.sea) {
            let len_ok = side == Side::Soviet && self.leningrad_ok();
            if sea.supplies(side, len_ok) {
                return SupplyStatus::Alternative;
            }
        }
        // An adjacent friendly unit with a land line; no chaining (6.2, 6.4 example).
        let here = self.pieces_at[si(side)].get_or_init(|| {
            let mut v = vec![false; self.board.topo.len()];
            for p in self.pos.pieces.iter().filter(|p| p.side == side) {
                v[p.at.index()] = true;
            }
            v
        });
        let neighbour_has_line = self
            .board
            .borders(at)
            .iter()
            .any(|b| here[b.to.index()] && self.has_land_line(side, b.to));
        if neighbour_has_line {
            SupplyStatus::Alternative
        } else {
            SupplyStatus::Unsupplied
        }
    }
}

/// 6.0, 6.4: the Supply phase. The active side's units are checked first, then the passive
/// side's; a unit found out of supply is marked at once and loses its ZOC (6.5.3), which can
/// open lines for the units checked after it. Units already marked stay marked (the marker
/// comes off only in the Removal phase, 11.1). Returns each piece's status, in `pos` order.
pub fn supply_phase(board: &Board, pos: &mut Position, active: Side) -> Vec<SupplyStatus> {
    let mut status = vec![SupplyStatus::Land; pos.pieces.len()];
    for side in [active, active.other()] {
        let order: Vec<usize> = (0..pos.pieces.len())
            .filter(|&i| pos.pieces[i].side == side)
            .collect();
        let found: Vec<(usize, SupplyStatus)> = {
            let s = Supply::new(board, pos);
            order
                .iter()
                .map(|&i| (i, s.status(&pos.pieces[i])))
                .collect()
        };
        for (i, st) in found {
            status[i] = st;
            if st == SupplyStatus::Unsupplied {
                pos.pieces[i].unsupplied = true;
            }
        }
    }
    status
}

/// 11.1: the Removal phase's re-trace of the units marked Unsupplied, the active side first:
/// `true` = supplied again (the marker comes off), `false` = eliminated (to the Surrendered
/// box or by the back of the counter). Returns (piece index, resupplied) for each marked piece.
pub fn resupply_or_surrender(
    board: &Board,
    pos: &mut Position,
    active: Side,
) -> Vec<(usize, bool)> {
    let mut out = Vec::new();
    for side in [active, active.other()] {
        let marked: Vec<usize> = (0..pos.pieces.len())
            .filter(|&i| pos.pieces[i].side == side && pos.pieces[i].unsupplied)
            .collect();
        let s = Supply::new(board, pos);
        let found: Vec<(usize, bool)> = marked
            .into_iter()
            .map(|i| (i, s.status(&pos.pieces[i]) != SupplyStatus::Unsupplied))
            .collect();
        for (i, ok) in &found {
            if *ok {
                pos.pieces[*i].unsupplied = false;
            }
        }
        out.extend(found);
    }
    out
}

/// The default control of the VP hexes at the start of a scenario (3.9): USSR hexes Soviet,
/// Greater Germany and Romania German, Finland nobody's; then the scenario's exceptions.
pub fn initial_control(board: &Board, exceptions: &[(String, Side)]) -> Vec<Option<Side>> {
    let mut control: Vec<Option<Side>> = (0..board.topo.len())
        .map(|i| {
            let h = board.hex(SpaceId(i as u16))?;
            if !h.is_vp() {
                return None;
            }
            Some(if h.region == Region::Ussr {
                Side::Soviet
            } else {
                Side::German
            })
        })
        .collect();
    for (name, side) in exceptions {
        if let Some(id) = board.place(name) {
            control[id.index()] = Some(*side);
        }
    }
    control
}
