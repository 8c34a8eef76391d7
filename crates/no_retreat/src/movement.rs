//! Movement (8.0–8.7), retreats (10.7.5) and advances after combat (10.8): the hexes a unit
//! may reach, pure functions of the board, the TEC and the [`Zones`] of a position.

use crate::board::{Board, BorderKind};
use crate::combat::TurnWeather;
use crate::data::{AreaKind, Nation, Tec, Terrain};
use crate::supply::Zones;
use eastfront_kernel::{Side, SpaceId};
use std::collections::{HashSet, VecDeque};

/// The unit moving, retreating or advancing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Mover {
    pub side: Side,
    pub nation: Nation,
    /// Pays the TEC's armor column (14.3); mechanized infantry pays "Other" (14.4).
    pub armor: bool,
    pub at: SpaceId,
}

/// What the map allows this turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Access {
    /// 8.7 / 13.5: the Balkans open from the turn after the Soviets take the Romanian oil.
    pub balkans_open: bool,
}

/// 8.6, 8.7: may this unit be in this space at all? Lake hexes never; Finland: German,
/// Finnish and Soviet units (not the other Axis allies); the Balkans: German, Yugoslav and
/// Soviet units once open ([AMB] 8.7, the spec's reading). Finns never leave Finland (14.1).
pub fn may_enter(board: &Board, m: &Mover, to: SpaceId, access: Access) -> bool {
    if board.is_lake(to) {
        return false;
    }
    let in_finland = |s: SpaceId| board.area(s).is_some_and(|a| a.kind == AreaKind::Finland);
    if m.nation == Nation::Finnish && !in_finland(to) {
        return false;
    }
    match board.area(to).map(|a| a.kind) {
        None => true,
        Some(AreaKind::Finland) => {
            matches!(m.nation, Nation::German | Nation::Finnish | Nation::Soviet)
        }
        Some(_) => {
            access.balkans_open
                && matches!(m.nation, Nation::German | Nation::Yugoslav | Nation::Soviet)
        }
    }
}

/// 8.3, TEC: the MP to enter a space (None: prohibited). A city costs the TEC's city cost;
/// an area its own; otherwise the terrain's column.
pub fn entry_cost(board: &Board, tec: &Tec, armor: bool, to: SpaceId) -> Option<u8> {
    if board.area(to).is_some() {
        return Some(if armor {
            tec.area_armor_mp
        } else {
            tec.area_other_mp
        });
    }
    let h = board.hex(to)?;
    if h.terrain == Terrain::Lake {
        return None;
    }
    if h.city.is_some() {
        return Some(tec.city_mp);
    }
    let row = tec.row(h.terrain)?;
    if armor {
        row.armor_mp
    } else {
        row.other_mp
    }
}

/// 8.0–8.5: every space the unit can reach this Movement phase with `ma` MP (after the caps
/// of 8.2), with its cost: it may not enter enemy units (8.4) or cross lake and sea hexsides;
/// it stops on entering an EZOC (8.5.1); leaving an EZOC it started in costs +1 (8.5.2); it
/// may not go from an EZOC hex straight into another unless a friendly unit is there (8.5.3);
/// and a unit with an MA may always move one hex (8.3). The start is not listed.
pub fn reachable(
    board: &Board,
    tec: &Tec,
    zones: &Zones,
    m: &Mover,
    ma: u8,
    access: Access,
) -> Vec<(SpaceId, u8)> {
    crate::reach::with_search(board, tec, zones, m, ma, access, |buf| {
        let mut out: Vec<(SpaceId, u8)> = buf
            .touched
            .iter()
            .filter(|i| usize::from(**i) != m.at.index())
            .map(|i| {
                let c = buf.best[usize::from(*i)];
                (SpaceId(*i), u8::try_from(c).unwrap_or(u8::MAX))
            })
            .collect();
        out.sort_unstable_by_key(|(s, _)| *s);
        out
    })
}

/// The cheapest path (the spaces entered, in order) to a space [`reachable`] lists; ties go
/// to the path found first. Every space on it is entered or passed through (12.7.1).
pub fn path_to(
    board: &Board,
    tec: &Tec,
    zones: &Zones,
    m: &Mover,
    ma: u8,
    access: Access,
    to: SpaceId,
) -> Option<Vec<SpaceId>> {
    crate::reach::with_search(board, tec, zones, m, ma, access, |buf| {
        if buf
            .best
            .get(to.index())
            .is_none_or(|c| *c == crate::reach::UNSEEN)
            || to == m.at
        {
            return None;
        }
        let mut path = vec![to];
        let mut at = to;
        while let Some(p) = buf.prev(at) {
            if p == m.at {
                break;
            }
            path.push(p);
            at = p;
        }
        path.reverse();
        Some(path)
    })
}

/// A step a retreat or advance may take: not into enemy units, lakes, closed areas, or across
/// lake and sea hexsides (10.7.5, 10.8.1).
fn open_step(
    board: &Board,
    zones: &Zones,
    m: &Mover,
    y: SpaceId,
    kind: BorderKind,
    access: Access,
) -> bool {
    kind != BorderKind::Lake
        && zones.occupant(y) != Some(m.side.other())
        && may_enter(board, m, y, access)
}

/// 10.7.5: where a unit retreating 2 hexes from the target hex(es) may end. Each hex of the
/// path must not be an enemy unit's, a lake, across a prohibited hexside, or an EZOC hex
/// without a friendly unit in it; the end must be 2 hexes from every vacated target hex (no
/// zig-zag). Among those, the ones nearest a friendly supply source come first ("toward
/// friendly supply sources if possible", [INF]); `sources` lists them. Empty: the unit
/// cannot retreat and is eliminated (10.7.1).
pub fn retreat_ends(
    board: &Board,
    zones: &Zones,
    m: &Mover,
    targets: &[SpaceId],
    sources: &[SpaceId],
    access: Access,
) -> Vec<SpaceId> {
    let ok = |y: SpaceId| !zones.in_ezoc(m.side, y) || zones.occupant(y) == Some(m.side);
    let mut ends: HashSet<SpaceId> = HashSet::new();
    for b1 in board.borders(m.at) {
        if !open_step(board, zones, m, b1.to, b1.kind, access) || !ok(b1.to) {
            continue;
        }
        for b2 in board.borders(b1.to) {
            let y = b2.to;
            if !open_step(board, zones, m, y, b2.kind, access) || !ok(y) {
                continue;
            }
            let far = targets
                .iter()
                .all(|t| board.topo.distance(*t, y).is_some_and(|d| d >= 2));
            if far && y != m.at {
                ends.insert(y);
            }
        }
    }
    let dist = source_distance(board, sources);
    let best = ends.iter().map(|e| dist[e.index()]).min();
    let mut out: Vec<SpaceId> = ends
        .into_iter()
        .filter(|e| Some(dist[e.index()]) == best)
        .collect();
    out.sort();
    out
}

/// Steps from every space to the nearest of `sources` (through any border).
fn source_distance(board: &Board, sources: &[SpaceId]) -> Vec<u32> {
    let mut dist = vec![u32::MAX; board.topo.len()];
    let mut queue = VecDeque::new();
    for s in sources {
        dist[s.index()] = 0;
        queue.push_back(*s);
    }
    while let Some(x) = queue.pop_front() {
        for b in board.borders(x) {
            if dist[b.to.index()] == u32::MAX {
                dist[b.to.index()] = dist[x.index()] + 1;
                queue.push_back(b.to);
            }
        }
    }
    dist
}

/// 10.8, 10.8.1, 10.8.2, 13.1, 6.5.4: how many hexes an advancing unit may go: the vacated
/// hex only in mud or extreme winter or when unsupplied; 2 otherwise; 3 for armor with the
/// advance bonus in clear weather (German armor, Soviet from turn 11; not non-SS Panzers after
/// Romania surrenders: `armor_bonus` says whether this unit has it).
pub fn advance_limit(weather: TurnWeather, unsupplied: bool, armor_bonus: bool) -> u8 {
    match weather {
        _ if unsupplied => 1,
        TurnWeather::Mud | TurnWeather::ExtremeWinter => 1,
        TurnWeather::Snow => 2,
        TurnWeather::Clear if armor_bonus => 3,
        TurnWeather::Clear => 2,
    }
}

/// 10.8.1: the hexes an advance of at most `limit` hexes may end in. The first hex is the
/// vacated one; EZOC has no effect; entering a hex whose terrain stops the advance (forest,
/// marsh, mountain: the TEC) ends it; no enemy units, lakes or prohibited hexsides.
pub fn advance_ends(
    board: &Board,
    tec: &Tec,
    zones: &Zones,
    m: &Mover,
    vacated: SpaceId,
    limit: u8,
    access: Access,
) -> Vec<SpaceId> {
    if limit == 0
        || board
            .border(m.at, vacated)
            .is_none_or(|k| k == BorderKind::Lake)
    {
        return vec![];
    }
    let stops = |s: SpaceId| {
        board
            .hex(s)
            .and_then(|h| tec.row(h.terrain))
            .is_some_and(|r| r.stops_advance)
    };
    let mut out = vec![vacated];
    let mut frontier = vec![vacated];
    let mut seen: HashSet<SpaceId> = HashSet::from([m.at, vacated]);
    for _ in 1..limit {
        let mut next = Vec::new();
        for x in frontier.into_iter().filter(|x| !stops(*x)) {
            for b in board.borders(x) {
                if seen.contains(&b.to) || !open_step(board, zones, m, b.to, b.kind, access) {
                    continue;
                }
                seen.insert(b.to);
                out.push(b.to);
                next.push(b.to);
            }
        }
        frontier = next;
    }
    out.sort();
    out
}
