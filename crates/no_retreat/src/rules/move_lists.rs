//! Speed (docs/no_retreat.md, "Speed", third round): every unit's movement answer (8.0–8.5)
//! kept between calls, per thread, so that a Movement phase's lists, `apply`'s check of a move
//! and the move's path do not ask the search again while nothing it read has changed.
//!
//! An answer is a pure function of the unit's search key (space, nation, armor, MP, access)
//! and of the facts ([`crate::supply::Zones::facts`]) of the spaces the search reached and
//! their neighbours ([`crate::reach`]). The cache keeps, per board and side, the facts as they
//! were at its last call and only answers that agree with them: each call finds the spaces
//! whose facts changed since and drops the answers that read one of them. Moving one's own
//! unit changes only whether a friend stands on its two hexes, which a search reads only next
//! to a start in an enemy ZOC (8.5.3), so nearly every answer survives a move.

use super::helpers::data;
use super::move_phase::{access, allowance, mover};
use crate::board::{Board, BorderKind};
use crate::movement::{Access, Mover};
use crate::reach::{with_fresh_search, KeyHasher};
use crate::state::{Loc, State, UnitState};
use crate::supply::{FACT_ENEMY, FACT_EZOC, FACT_OWN};
use eastfront_kernel::{Side, SpaceId};
use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::BuildHasherDefault;

/// Slots kept per thread (board and side).
const SLOTS_KEPT: usize = 4;
/// Search keys indexed per slot before the index starts again.
const ALIKE_KEPT: usize = 4096;
/// One unit's answer: the spaces it reaches, sorted, the start not listed, each with the
/// space a cheapest path enters it from; `read`: a bit per space the search read.
struct Entry {
    mover: Mover,
    ma: u8,
    access: Access,
    found: Vec<(u16, u16)>,
    read: Vec<u64>,
}

struct Slot {
    board: u64,
    side: Side,
    /// The side's facts by space at the last call; every entry agrees with them.
    facts: Vec<u8>,
    /// The units at the last call: the facts are theirs, so while they are the same the
    /// facts are not looked at again (`apply` after `legal_actions`).
    units: Vec<UnitState>,
    entries: Vec<Option<Entry>>,
    /// The last unit given an answer for each search key (its answer may since be gone).
    alike: HashMap<(Mover, u8, Access), usize, BuildHasherDefault<KeyHasher>>,
}

#[derive(Default)]
struct Cache {
    slots: Vec<Slot>,
    /// Working memory: the facts now; a bit per space where they changed, beyond a friend's
    /// presence (`wide`) or only that (`own`).
    now: Vec<u8>,
    wide: Vec<u64>,
    own: Vec<u64>,
}

thread_local! {
    static CACHE: RefCell<Cache> = RefCell::new(Cache::default());
}

/// The units' answers for one position (see the module's note).
pub(crate) struct Reach<'a> {
    board: &'a Board,
    st: &'a State,
    slot: &'a mut Slot,
    access: Access,
}

impl Reach<'_> {
    /// The spaces `unit` (on the map) may reach with its allowance, sorted, the start not
    /// listed, each with the space its cheapest path comes from: the answer of
    /// [`crate::movement::reachable`] and [`crate::movement::path_to`].
    pub(crate) fn of(&mut self, unit: usize) -> &[(u16, u16)] {
        let Some(m) = mover(self.board, self.st, unit) else {
            return &[];
        };
        let ma = allowance(self.board, self.st, unit);
        let fresh = match &self.slot.entries[unit] {
            Some(e) => e.mover != m || e.ma != ma || e.access != self.access,
            None => true,
        };
        if fresh {
            // A unit alike in everything the search reads (the same space among them) has
            // the same answer, and every kept answer holds now.
            let key = (m, ma, self.access);
            let alike = self.slot.alike.get(&key).and_then(|&v| {
                let e = self.slot.entries[v].as_ref()?;
                (e.mover == m && e.ma == ma && e.access == self.access)
                    .then(|| (e.found.clone(), e.read.clone()))
            });
            let e = match alike {
                Some((found, read)) => Entry {
                    mover: m,
                    ma,
                    access: self.access,
                    found,
                    read,
                },
                None => self.search(m, ma),
            };
            self.slot.entries[unit] = Some(e);
            if self.slot.alike.len() >= ALIKE_KEPT {
                self.slot.alike.clear();
            }
            self.slot.alike.insert(key, unit);
        } else if cfg!(debug_assertions) {
            let e = self.search(m, ma);
            let kept = self.slot.entries[unit].as_ref().map(|k| &k.found);
            debug_assert_eq!(kept, Some(&e.found), "kept answer of unit {unit}");
        }
        self.slot.entries[unit]
            .as_ref()
            .map_or(&[], |e| e.found.as_slice())
    }

    /// The spaces entered on `unit`'s cheapest path to `to`, in order (None: not reached).
    pub(crate) fn path(&mut self, unit: usize, to: SpaceId) -> Option<Vec<SpaceId>> {
        let at = match self.st.units[unit].loc {
            Loc::Map(at) => at,
            _ => return None,
        };
        let found = self.of(unit);
        let prev_of = |s: u16| {
            found
                .binary_search_by_key(&s, |f| f.0)
                .ok()
                .map(|i| found[i].1)
        };
        let mut p = prev_of(to.0)?;
        let mut path = vec![to];
        while p != at.0 {
            path.push(SpaceId(p));
            p = prev_of(p)?;
        }
        path.reverse();
        Some(path)
    }

    fn search(&self, m: Mover, ma: u8) -> Entry {
        let board = self.board;
        let words = board.topo.len().div_ceil(64);
        let tec = &board.data.tables.tec;
        let (found, read) =
            with_fresh_search(board, tec, &self.slot.facts, &m, ma, self.access, |buf| {
                let mut read = vec![0u64; words];
                let mut set = |s: SpaceId| read[s.index() / 64] |= 1 << (s.index() % 64);
                // The spaces reached, in space order (as `reachable` lists them): a bit
                // each, read back in order.
                let mut seen = vec![0u64; words];
                for &t in &buf.touched {
                    let t = SpaceId(t);
                    set(t);
                    for b in board.borders(t) {
                        set(b.to);
                    }
                    if t != m.at {
                        seen[t.index() / 64] |= 1 << (t.index() % 64);
                    }
                }
                let mut found = Vec::with_capacity(buf.touched.len());
                for (w, &bits) in seen.iter().enumerate() {
                    let mut bits = bits;
                    while bits != 0 {
                        let t = SpaceId((w * 64 + bits.trailing_zeros() as usize) as u16);
                        bits &= bits - 1;
                        found.push((t.0, buf.prev(t).map_or(u16::MAX, |p| p.0)));
                    }
                }
                (found, read)
            });
        Entry {
            mover: m,
            ma,
            access: self.access,
            found,
            read,
        }
    }
}

/// Runs `f` with the units' answers for `side` in `st`.
pub(crate) fn with_reach<R>(
    board: &Board,
    st: &State,
    side: Side,
    f: impl FnOnce(&mut Reach) -> R,
) -> R {
    CACHE.with(|cell| {
        // A call inside `f` (none today) gets a cache of its own.
        let mut own = Cache::default();
        let mut shared = cell.try_borrow_mut().ok();
        let cache = shared.as_deref_mut().unwrap_or(&mut own);
        let i = cache.sync(board, st, side);
        let mut r = Reach {
            board,
            st,
            slot: &mut cache.slots[i],
            access: access(st),
        };
        f(&mut r)
    })
}

impl Cache {
    /// Finds (or makes) the slot of `board` and `side`, drops its answers that read a space
    /// whose facts changed, and returns its index.
    fn sync(&mut self, board: &Board, st: &State, side: Side) -> usize {
        let i = match self
            .slots
            .iter()
            .position(|s| s.board == board.id() && s.side == side)
        {
            Some(i) => i,
            None => {
                if self.slots.len() >= SLOTS_KEPT {
                    self.slots.remove(0);
                }
                self.slots.push(Slot {
                    board: board.id(),
                    side,
                    facts: Vec::new(),
                    units: Vec::new(),
                    entries: Vec::new(),
                    alike: HashMap::default(),
                });
                self.slots.len() - 1
            }
        };
        let slot = &mut self.slots[i];
        if slot.units == st.units {
            return i;
        }
        slot.units.clone_from(&st.units);
        self.facts_now(board, st, side);
        let slot = &mut self.slots[i];
        slot.facts.resize(self.now.len(), 0);
        slot.entries.resize_with(st.units.len(), || None);
        // The spaces where more than a friend's presence changed, and where only that did.
        let words = self.now.len().div_ceil(64);
        self.wide.clear();
        self.wide.resize(words, 0);
        self.own.clear();
        self.own.resize(words, 0);
        let mut any = false;
        for (s, (old, new)) in slot.facts.iter().zip(&self.now).enumerate() {
            if old != new {
                any = true;
                let set = if (old ^ new) & (FACT_ENEMY | FACT_EZOC) != 0 {
                    &mut self.wide
                } else {
                    &mut self.own
                };
                set[s / 64] |= 1 << (s % 64);
            }
        }
        if any {
            let bit = |set: &[u64], s: SpaceId| set[s.index() / 64] & (1 << (s.index() % 64)) != 0;
            for e in slot.entries.iter_mut() {
                let stale = e.as_ref().is_some_and(|e| {
                    let at = e.mover.at;
                    e.read.iter().zip(&self.wide).any(|(r, w)| r & w != 0)
                        // 8.5.3: a friend's presence is read only next to a start in an
                        // EZOC (a change of that EZOC is a wide change at the start).
                        || (slot.facts[at.index()] & FACT_EZOC != 0
                            && board.borders(at).iter().any(|b| bit(&self.own, b.to)))
                });
                if stale {
                    *e = None;
                }
            }
        }
        std::mem::swap(&mut slot.facts, &mut self.now);
        i
    }

    /// `side`'s facts now, into `self.now`: the same bytes as [`Zones::facts`].
    fn facts_now(&mut self, board: &Board, st: &State, side: Side) {
        let n = board.topo.len();
        self.now.clear();
        self.now.resize(n, 0);
        for (u, at) in st.on_map() {
            let d = data(board, u);
            let f = &mut self.now[at.index()];
            // As in `Zones`: the last unit listed on a space names its occupant.
            if d.side == side {
                *f = (*f & !FACT_ENEMY) | FACT_OWN;
                continue;
            }
            *f = (*f & !FACT_OWN) | FACT_ENEMY;
            if !d.face(st.units[u].reduced).no_zoc && !st.units[u].unsupplied {
                for b in board.borders(at) {
                    if b.kind != BorderKind::Lake {
                        self.now[b.to.index()] |= FACT_EZOC;
                    }
                }
            }
        }
        debug_assert_eq!(
            self.now.as_slice(),
            crate::supply::Zones::new(board, &crate::turn::position(board, st)).facts(side)
        );
    }
}
