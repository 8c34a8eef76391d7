//! Reorganization (7.0–7.10) and rail transport (9.0–9.2): what each flip, placement,
//! replacement, marker removal and rail move costs and where units may be placed.

use crate::board::Board;
use crate::data::{Region, Steps, TrackFile, TurnEvent, UnitData, UnitType};
use crate::state::Loc;
use crate::supply::Supply;
use eastfront_kernel::{Side, SpaceId};

fn event_on(track: &TrackFile, turn: u8, f: impl Fn(&TurnEvent) -> bool) -> bool {
    track
        .turns
        .iter()
        .filter(|t| t.turn == turn)
        .any(|t| t.events.iter().any(&f))
}

fn event_by(track: &TrackFile, turn: u8, f: impl Fn(&TurnEvent) -> bool) -> bool {
    track
        .turns
        .iter()
        .filter(|t| t.turn <= turn)
        .any(|t| t.events.iter().any(&f))
}

/// 7.9.1, 13.5 turns 1–4: no German replacements or recoveries (except by events).
pub fn german_replacements_barred(track: &TrackFile, turn: u8) -> bool {
    event_on(track, turn, |e| *e == TurnEvent::NoGermanReplacements)
}

fn is_shock(u: &UnitData) -> bool {
    u.front.kind == UnitType::Shock
}

/// 7.1 (with 7.5, 7.3, 14.5–14.7, 13.5 turns 1–4 and 24): cards to recover a reduced unit on
/// the map to full strength; None if it may not. The Axis pays 2 (SS 1), not before turn 5
/// and not from turn 24. The Soviets pay 1 (Shock 2): from turn 17 any two-step unit on its
/// brown face; before, only a regional unit back to fortified (from turn 3, 7.5).
pub fn recovery_cost(track: &TrackFile, u: &UnitData, reduced: bool, turn: u8) -> Option<u8> {
    if !reduced {
        return None;
    }
    match (u.side, u.steps) {
        (Side::German, Steps::Two) => {
            if german_replacements_barred(track, turn)
                || event_by(track, turn, |e| *e == TurnEvent::NoGermanRecovery)
            {
                None
            } else if u.ss {
                Some(1)
            } else {
                Some(2)
            }
        }
        (Side::Soviet, Steps::RegionalFortified) => fortify_cost(track, u, reduced, turn),
        (Side::Soviet, Steps::SovietFront)
            if event_by(track, turn, |e| *e == TurnEvent::SovietTwoSteps) =>
        {
            Some(if is_shock(u) { 2 } else { 1 })
        }
        (Side::Soviet, Steps::Two) => Some(1),
        _ => None,
    }
}

/// 7.2, 7.2.1, 7.3.1: free Soviet upgrades this turn (1 from turn 6, 2 from 13, none from 18).
pub fn free_upgrades(track: &TrackFile, turn: u8) -> u8 {
    track
        .turns
        .iter()
        .filter(|t| t.turn <= turn)
        .flat_map(|t| t.events.iter())
        .filter_map(|e| match e {
            TurnEvent::FreeSovietUpgrades(n) => Some(*n),
            _ => None,
        })
        .next_back()
        .unwrap_or(0)
}

/// 7.2, 13.5 turn 3, 14.7: a paid upgrade of a brown one-step Soviet Front to its red face,
/// from turn 6 until the Fronts become two-step (turn 17; then flipping is a recovery):
/// 1 card, 2 for a Shock army. None if it may not.
pub fn upgrade_cost(track: &TrackFile, u: &UnitData, reduced: bool, turn: u8) -> Option<u8> {
    let open = event_by(track, turn, |e| {
        matches!(e, TurnEvent::FreeSovietUpgrades(_))
    });
    let robust = event_by(track, turn, |e| *e == TurnEvent::SovietTwoSteps);
    (u.steps == Steps::SovietFront && reduced && open && !robust).then_some(if is_shock(u) {
        2
    } else {
        1
    })
}

/// 7.5, 13.5 turn 3: a regional unit converts to fortified for 1 card, from turn 3,
/// regardless of supply.
pub fn fortify_cost(track: &TrackFile, u: &UnitData, reduced: bool, turn: u8) -> Option<u8> {
    let open = event_by(track, turn, |e| *e == TurnEvent::SovietFortificationBegins);
    (u.steps == Steps::RegionalFortified && reduced && open && u.side == Side::Soviet).then_some(1)
}

/// 7.9, 14.7, 7.9.1: cards to replace a unit from the Destroyed (1; Soviet Shock armies 2)
/// or Surrendered (2) box; the Axis not before turn 5.
pub fn replacement_cost(track: &TrackFile, u: &UnitData, from: Loc, turn: u8) -> Option<u8> {
    if u.side == Side::German && german_replacements_barred(track, turn) {
        return None;
    }
    match from {
        Loc::Destroyed => Some(if u.side == Side::Soviet && is_shock(u) {
            2
        } else {
            1
        }),
        Loc::Surrendered => Some(2),
        _ => None,
    }
}

/// 7.9.2, 7.2.2, 7.3: the face a replacement returns on: a two-step unit always reduced; a
/// fragile Soviet Front before turn 17 on the face it was eliminated on, from turn 17 brown.
pub fn replacement_reduced(track: &TrackFile, u: &UnitData, was_reduced: bool, turn: u8) -> bool {
    match u.steps {
        Steps::SovietFront if !event_by(track, turn, |e| *e == TurnEvent::SovietTwoSteps) => {
            was_reduced
        }
        Steps::One => false,
        _ => true,
    }
}

/// 7.10, 15.5: cards to remove `markers` Disorganized markers now: one each; with 15.5 one
/// card bearing the current initiative symbol on the player's side removes two.
pub fn disorganized_cards(markers: u8, quick: bool) -> u8 {
    if quick {
        markers.div_ceil(2)
    } else {
        markers
    }
}

/// How a unit comes onto the map in the placement step (7.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placing {
    Reinforcement,
    Replacement,
    /// A recovered shattered unit (7.7).
    Shattered,
}

/// 7.6: where `side` may place a unit. The Axis: Greater Germany cities not in EZOC that trace
/// a supply route; shattered units also controlled USSR cities likewise and Greater Germany
/// west-edge hexes not in EZOC. The Soviets: their cities that trace a supply route, even in
/// EZOC, and USSR east/south-edge hexes not in EZOC; shattered units also their cities in
/// Greater Germany not in EZOC. Never onto enemy units. (Cadre hexes for replacements,
/// 14.9.4, are the caller's.)
pub fn placement_spaces(board: &Board, supply: &Supply, side: Side, how: Placing) -> Vec<SpaceId> {
    let z = &supply.zones;
    let mut out = Vec::new();
    for (i, h) in board.data.map.hexes.iter().enumerate() {
        let id = SpaceId(i as u16);
        if z.occupant(id) == Some(side.other()) {
            continue;
        }
        let free = !z.in_ezoc(side, id);
        let own_city = h.city.is_some()
            && supply.pos.control.get(i).copied().flatten() == Some(side)
            && supply.city_route(side, id);
        let ok = match side {
            Side::German => {
                let gg = h.region == Region::GreaterGermany;
                (own_city && free && gg)
                    || (how == Placing::Shattered
                        && ((own_city && free && h.region == Region::Ussr)
                            || (gg && free && h.edge == Some(Side::German))))
            }
            Side::Soviet => {
                let ussr = h.region == Region::Ussr;
                (own_city && ussr)
                    || (ussr && free && h.edge == Some(Side::Soviet))
                    || (how == Placing::Shattered
                        && own_city
                        && free
                        && h.region == Region::GreaterGermany)
            }
        };
        if ok {
            out.push(id);
        }
    }
    out
}

/// One more unit asking to embark on rail (9.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Embark {
    pub side: Side,
    pub turn: u8,
    /// Units this side already embarked this Movement phase.
    pub embarked_this_phase: u8,
    /// Units in this side's Rail box now.
    pub in_rail_box: usize,
    pub supplied: bool,
    /// Has a movement allowance (fortified units cannot rail, 9.1).
    pub mobile: bool,
}

/// 9.1, 9.1.1–9.1.3, 6.5.2: cards to embark one more unit on rail this Movement phase (the
/// first is free, the others 1 card), or None: unsupplied or immobile units, a full Rail box,
/// the Axis on turns 1–2, Soviet extra moves on turns 1–2.
pub fn embark_cost(track: &TrackFile, e: &Embark) -> Option<u8> {
    if !e.supplied || !e.mobile || e.in_rail_box >= usize::from(track.rail_box_capacity) {
        return None;
    }
    let limited = event_on(track, e.turn, |x| *x == TurnEvent::LimitedRail);
    match (e.side, limited, e.embarked_this_phase) {
        (Side::German, true, _) => None,
        (_, _, 0) => Some(0),
        (Side::Soviet, true, _) => None,
        _ => Some(1),
    }
}

/// 9.2: where a unit leaving the Rail box may be placed: (a) a friendly city with a land
/// supply line, even in EZOC; (b) any other hex not in EZOC and not an enemy city, with a land
/// route of at most 3 hexes to a supplied friendly city or a friendly edge, not ending at a
/// city captured this turn (`captured`).
pub fn unload_spaces(
    board: &Board,
    supply: &Supply,
    side: Side,
    captured: &[SpaceId],
) -> Vec<SpaceId> {
    // Speed: the answer reads of the position only the enemy's presence, the EZOCs, the
    // blocked spaces (6.3), control and the captured cities; a unit unloaded where none of
    // them changes (most are) leaves the next list the same, so recent answers are kept.
    let key = UnloadKey {
        board: board.id(),
        side,
        enemy: supply.zones.enemy_present(side),
        ezoc: supply.zones.ezoc_of(side).to_vec(),
        blocked: supply.blocked_all(side).to_vec(),
        control: supply.pos.control.clone(),
        captured: captured.to_vec(),
    };
    let kept = UNLOADS.with(|m| {
        m.borrow()
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| v.clone())
    });
    if let Some(v) = kept {
        debug_assert_eq!(v, find_unload_spaces(board, supply, side, captured));
        return v;
    }
    let v = find_unload_spaces(board, supply, side, captured);
    UNLOADS.with(|m| {
        let mut m = m.borrow_mut();
        m.truncate(UNLOADS_KEPT - 1);
        m.insert(0, (key, v.clone()));
    });
    v
}

/// What [`unload_spaces`] reads of a position.
#[derive(PartialEq)]
struct UnloadKey {
    board: u64,
    side: Side,
    enemy: Vec<bool>,
    ezoc: Vec<bool>,
    blocked: Vec<bool>,
    control: Vec<Option<Side>>,
    captured: Vec<SpaceId>,
}

const UNLOADS_KEPT: usize = 4;

thread_local! {
    static UNLOADS: std::cell::RefCell<Vec<(UnloadKey, Vec<SpaceId>)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

fn find_unload_spaces(
    board: &Board,
    supply: &Supply,
    side: Side,
    captured: &[SpaceId],
) -> Vec<SpaceId> {
    // The hexes within 3 of a source, found once from the sources outward (the same lines as
    // `land_line_within`, walked backwards: every hex entered is unblocked).
    let n = board.topo.len();
    // Asked once per space (speed).
    let sources: Vec<bool> = (0..n)
        .map(|i| {
            let s = SpaceId(i as u16);
            !captured.contains(&s) && supply.land_source(side, s)
        })
        .collect();
    let source = |s: SpaceId| sources[s.index()];
    let mut dist = vec![u32::MAX; n];
    let mut queue = std::collections::VecDeque::new();
    for (i, d) in dist.iter_mut().enumerate() {
        let s = SpaceId(i as u16);
        if source(s) && !supply.blocked(side, s) {
            *d = 0;
            queue.push_back(s);
        }
    }
    while let Some(x) = queue.pop_front() {
        if dist[x.index()] >= 3 {
            continue;
        }
        for b in board.borders(x) {
            let y = b.to;
            if dist[y.index()] != u32::MAX {
                continue;
            }
            dist[y.index()] = dist[x.index()] + 1;
            // y may start a line; it carries one further only if a line may enter it.
            if !supply.blocked(side, y) {
                queue.push_back(y);
            }
        }
    }
    let z = &supply.zones;
    (0..board.data.map.hexes.len())
        .map(|i| SpaceId(i as u16))
        .filter(|id| {
            let h = &board.data.map.hexes[id.index()];
            if board.is_lake(*id) || z.occupant(*id) == Some(side.other()) {
                return false;
            }
            let control = supply.pos.control.get(id.index()).copied().flatten();
            let city = h.city.is_some();
            let a = city && control == Some(side) && supply.has_land_line(side, *id);
            let enemy_city = city && control == Some(side.other());
            let near = source(*id) || dist[id.index()] <= 3;
            a || (!enemy_city && !z.in_ezoc(side, *id) && near)
        })
        .collect()
}

/// Whether one hex is among [`unload_spaces`].
pub fn unload_ok(
    board: &Board,
    supply: &Supply,
    side: Side,
    captured: &[SpaceId],
    id: SpaceId,
) -> bool {
    let z = &supply.zones;
    let Some(h) = board.data.map.hexes.get(id.index()) else {
        return false;
    };
    if board.is_lake(id) || z.occupant(id) == Some(side.other()) {
        return false;
    }
    let control = supply.pos.control.get(id.index()).copied().flatten();
    let city = h.city.is_some();
    let a = city && control == Some(side) && supply.has_land_line(side, id);
    let enemy_city = city && control == Some(side.other());
    a || (!enemy_city
        && !z.in_ezoc(side, id)
        && supply.land_line_within(side, id, 3, captured).is_some())
}
