//! Speed (docs/no_retreat.md, "Speed"): the movement search behind
//! [`crate::movement::reachable`] and [`crate::movement::path_to`] (8.0–8.5), its working
//! memory kept between searches, and a memo of its answers.
//!
//! A search reads the board, the TEC, the mover, its MP and the map's access, and of the
//! position only two facts per space: who occupies it and whether it is in the mover's EZOC.
//! It reads them only on the spaces it reached and their neighbours. The memo keeps each
//! answer with those facts as they were on those spaces; an answer is reused only when every
//! one of them is unchanged, so a reused answer is the one a new search would give. (Moving
//! one unit changes the facts only around its two hexes: the other units' answers stay.)

use crate::board::{Board, BorderKind};
use crate::data::{Nation, Tec};
use crate::movement::{entry_cost, may_enter, Access, Mover};
use crate::supply::{Zones, FACT_ENEMY, FACT_EZOC, FACT_OWN};
use eastfront_kernel::SpaceId;
use std::cell::RefCell;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

pub(crate) const UNSEEN: u32 = u32::MAX;
const NO_PREV: u16 = u16::MAX;
/// The memo forgets everything when it holds this many answers.
const MEMO_CAP: usize = 4096;
/// Answers kept per search key (the same unit in different positions).
const PER_KEY: usize = 4;

/// The search's working memory. Between searches every `best` is `UNSEEN`, every `prev` is
/// `NO_PREV` and every `mark` is below `stamp`: only the spaces in `touched` are ever set,
/// and they are reset when the answer has been read.
#[derive(Default)]
pub(crate) struct SearchBuf {
    /// The least MP to reach each space (`UNSEEN`: not reached).
    pub(crate) best: Vec<u32>,
    prev: Vec<u16>,
    /// The spaces reached, in the order first reached (the start first).
    pub(crate) touched: Vec<u16>,
    heap: BinaryHeap<Reverse<u32>>,
    mark: Vec<u32>,
    stamp: u32,
}

impl SearchBuf {
    /// The space a cheapest path to `at` comes from.
    pub(crate) fn prev(&self, at: SpaceId) -> Option<SpaceId> {
        let p = self.prev[at.index()];
        (p != NO_PREV).then_some(SpaceId(p))
    }
    fn size(&mut self, n: usize) {
        if self.best.len() < n {
            self.best.resize(n, UNSEEN);
            self.prev.resize(n, NO_PREV);
            self.mark.resize(n, 0);
        }
    }
    fn reset(&mut self) {
        for i in self.touched.drain(..) {
            self.best[usize::from(i)] = UNSEEN;
            self.prev[usize::from(i)] = NO_PREV;
        }
        self.heap.clear();
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Key {
    board: u64,
    mover: Mover,
    ma: u8,
    access: Access,
}

/// One remembered answer: the spaces reached (space, MP, previous space) and the facts the
/// search read (space, facts, which facts).
struct Answer {
    found: Vec<(u16, u32, u16)>,
    read: Vec<(u16, u8, u8)>,
}

#[derive(Default)]
struct Memo {
    answers: HashMap<Key, Vec<Answer>, std::hash::BuildHasherDefault<KeyHasher>>,
    count: usize,
}

/// A plain multiply-and-rotate hasher for the memo's small keys (the std one is built to
/// resist chosen keys, which these are not).
#[derive(Default)]
pub(crate) struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u8(&mut self, i: u8) {
        self.write_u64(u64::from(i));
    }
    fn write_u16(&mut self, i: u16) {
        self.write_u64(u64::from(i));
    }
    fn write_u32(&mut self, i: u32) {
        self.write_u64(u64::from(i));
    }
    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }
    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

thread_local! {
    static BUF: RefCell<SearchBuf> = RefCell::new(SearchBuf::default());
    static MEMO: RefCell<Memo> = RefCell::new(Memo::default());
}

/// Which facts of a space ([`Zones::facts`]) the search reads: whether the enemy occupies it
/// and whether it is in the mover's EZOC, and only on the start and its neighbours (where
/// 8.5.3 asks) whether the mover's own side occupies it. Moving one's own units changes none
/// of these facts but the last, so a whole Movement phase mostly recalls.
fn fact_mask(near_start: bool) -> u8 {
    FACT_ENEMY | FACT_EZOC | if near_start { FACT_OWN } else { 0 }
}

/// Runs the search (or recalls its answer) and hands the answer to `read`.
pub(crate) fn with_search<R>(
    board: &Board,
    tec: &Tec,
    zones: &Zones,
    m: &Mover,
    ma: u8,
    access: Access,
    read: impl FnOnce(&SearchBuf) -> R,
) -> R {
    let facts = zones.facts(m.side);
    with_buf(board, |buf| {
        // Only answers found with the board's own TEC are remembered.
        let key = board.own_tec(tec).then_some(Key {
            board: board.id(),
            mover: *m,
            ma,
            access,
        });
        let recalled = key.is_some_and(|k| recall(&k, facts, buf));
        if !recalled {
            search(board, tec, facts, m, ma, access, buf);
            if let Some(k) = key {
                remember(k, board, facts, m, buf);
            }
        }
        read(buf)
    })
}

/// Runs the search, neither recalled nor remembered, on `facts` (the mover's side's
/// [`Zones::facts`]), and hands the answer to `read`.
pub(crate) fn with_fresh_search<R>(
    board: &Board,
    tec: &Tec,
    facts: &[u8],
    m: &Mover,
    ma: u8,
    access: Access,
    read: impl FnOnce(&SearchBuf) -> R,
) -> R {
    with_buf(board, |buf| {
        search(board, tec, facts, m, ma, access, buf);
        read(buf)
    })
}

/// Lends the thread's search buffer, reset afterwards.
fn with_buf<R>(board: &Board, f: impl FnOnce(&mut SearchBuf) -> R) -> R {
    BUF.with(|cell| {
        // A search inside `read` (none today) would get a buffer of its own.
        let mut own = SearchBuf::default();
        let mut shared = cell.try_borrow_mut().ok();
        let buf = shared.as_deref_mut().unwrap_or(&mut own);
        buf.size(board.topo.len());
        let r = f(buf);
        buf.reset();
        r
    })
}

/// Puts a remembered answer whose facts still hold into `buf`.
fn recall(key: &Key, facts: &[u8], buf: &mut SearchBuf) -> bool {
    MEMO.with(|memo| {
        let Ok(memo) = memo.try_borrow() else {
            return false;
        };
        let Some(list) = memo.answers.get(key) else {
            return false;
        };
        let Some(a) = list.iter().find(|a| {
            a.read
                .iter()
                .all(|&(s, f, mask)| facts[usize::from(s)] & mask == f)
        }) else {
            return false;
        };
        for &(s, best, prev) in &a.found {
            buf.touched.push(s);
            buf.best[usize::from(s)] = best;
            buf.prev[usize::from(s)] = prev;
        }
        true
    })
}

/// Remembers the answer in `buf` with the facts of the spaces it reached and their
/// neighbours (every space the search can have read).
fn remember(key: Key, board: &Board, facts: &[u8], m: &Mover, buf: &mut SearchBuf) {
    buf.stamp = buf.stamp.wrapping_add(1);
    if buf.stamp == 0 {
        buf.mark.fill(0);
        buf.stamp = 1;
    }
    let stamp = buf.stamp;
    let mut read = Vec::with_capacity(buf.touched.len() * 3);
    let near_start = |s: SpaceId| s == m.at || board.borders(m.at).iter().any(|b| b.to == s);
    let mut note = |s: SpaceId, mark: &mut Vec<u32>| {
        if mark[s.index()] != stamp {
            mark[s.index()] = stamp;
            let mask = fact_mask(near_start(s));
            read.push((s.0, facts[s.index()] & mask, mask));
        }
    };
    for &t in &buf.touched {
        let t = SpaceId(t);
        note(t, &mut buf.mark);
        for b in board.borders(t) {
            note(b.to, &mut buf.mark);
        }
    }
    // Kept in space order: `reachable` lists them so.
    let mut found: Vec<(u16, u32, u16)> = buf
        .touched
        .iter()
        .map(|&s| (s, buf.best[usize::from(s)], buf.prev[usize::from(s)]))
        .collect();
    found.sort_unstable_by_key(|f| f.0);
    MEMO.with(|memo| {
        let Ok(mut memo) = memo.try_borrow_mut() else {
            return;
        };
        if memo.count >= MEMO_CAP {
            memo.answers.clear();
            memo.count = 0;
        }
        let list = memo.answers.entry(key).or_default();
        let dropped = list.len() >= PER_KEY;
        if dropped {
            list.pop();
        }
        list.insert(0, Answer { found, read });
        if !dropped {
            memo.count += 1;
        }
    });
}

/// Dijkstra from the mover's space over the MP costs (8.0–8.5), the spaces taken in order of
/// (cost, space) as a heap of `(cost, space)` pairs would give them: the cost in the high
/// bits of one `u32` key, the space in the low 16. Ties go to the path found first.
fn search(
    board: &Board,
    tec: &Tec,
    facts: &[u8],
    m: &Mover,
    ma: u8,
    access: Access,
    buf: &mut SearchBuf,
) {
    if ma == 0 {
        return;
    }
    // The board's MP table answers `may_enter` and `entry_cost` together for a hex (lakes
    // are prohibited by both) unless the mover is a Finn (14.1); areas ask `may_enter`.
    let table = board
        .entry_mp(tec, m.armor)
        .filter(|_| m.nation != Nation::Finnish);
    let key = |cost: u32, at: SpaceId| (cost << 16) | u32::from(at.0);
    buf.best[m.at.index()] = 0;
    buf.touched.push(m.at.0);
    buf.heap.push(Reverse(key(0, m.at)));
    let fact = |s: SpaceId, f: u8| facts[s.index()] & f != 0;
    let start_ezoc = fact(m.at, FACT_EZOC);
    while let Some(Reverse(k)) = buf.heap.pop() {
        let (cost, x) = (k >> 16, SpaceId(k as u16));
        if cost > buf.best[x.index()] {
            continue;
        }
        // 8.5.1: a unit stops in the first EZOC hex it enters.
        if x != m.at && fact(x, FACT_EZOC) {
            continue;
        }
        let from_start = x == m.at;
        for b in board.borders(x) {
            let y = b.to;
            // 8.4, 8.5: no lake or sea hexsides, no enemy units.
            if b.kind == BorderKind::Lake || fact(y, FACT_ENEMY) {
                continue;
            }
            let step = match table {
                Some(t) if !board.is_area(y) => match t[y.index()] {
                    crate::board::NO_ENTRY => continue,
                    c => c,
                },
                _ => {
                    if !may_enter(board, m, y, access) {
                        continue;
                    }
                    let Some(c) = entry_cost(board, tec, m.armor, y) else {
                        continue;
                    };
                    c
                }
            };
            // 8.5.3: EZOC to EZOC only into a hex a friendly unit holds.
            if from_start && start_ezoc && fact(y, FACT_EZOC) && !fact(y, FACT_OWN) {
                continue;
            }
            // 8.5.2: leaving an EZOC the unit started in costs more.
            let leave = if from_start && start_ezoc {
                u32::from(tec.leave_ezoc_mp)
            } else {
                0
            };
            let total = cost + u32::from(step) + leave;
            // 8.3: the one-hex move is always allowed as the unit's whole move.
            let allowed = total <= u32::from(ma) || from_start;
            let best = &mut buf.best[y.index()];
            if allowed && total < *best {
                if *best == UNSEEN {
                    buf.touched.push(y.0);
                }
                *best = total;
                buf.prev[y.index()] = x.0;
                if total <= u32::from(ma) {
                    buf.heap.push(Reverse(key(total, y)));
                }
            }
        }
    }
}
