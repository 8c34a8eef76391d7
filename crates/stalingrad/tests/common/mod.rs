//! Helpers to set up exact positions for rules tests.
#![allow(dead_code)]

use eastfront_kernel::{Game, Seat, Side, SpaceId};
use eastfront_stalingrad::data::{Terrain, UnitKind};
use eastfront_stalingrad::*;

pub fn game() -> Stalingrad {
    Stalingrad::new()
}

/// A standard setup with every block taken off the map (to the side), decks as dealt and the
/// German hand empty; `dice` scripted first.
pub fn empty(g: &Stalingrad, options: Options) -> State {
    let mut st = g.setup("standard", &options, 7).unwrap();
    for u in st.units.iter_mut() {
        if matches!(u.loc, Location::Map(_)) {
            u.loc = Location::Aside;
        }
    }
    st.german_deck.append(&mut st.german_hand);
    st
}

pub fn hex(g: &Stalingrad, name: &str) -> SpaceId {
    g.board
        .hex_id(name)
        .unwrap_or_else(|| panic!("no hex {name}"))
}

pub fn unit(g: &Stalingrad, key: &str) -> UnitId {
    g.board
        .unit_by_key(key)
        .unwrap_or_else(|| panic!("no unit {key}"))
}

/// Puts a block on the map at a given edge (0 = strongest), taking it off the table if needed.
pub fn place(g: &Stalingrad, st: &mut State, u: UnitId, h: SpaceId, face: u8) {
    for row in st.table.iter_mut() {
        row.retain(|x| *x != u);
    }
    st.units[u.0 as usize] = UnitState {
        loc: Location::Map(h),
        face,
        revealed: false,
    };
    st.control[h.index()] = g.board.unit_side[u.0 as usize];
}

/// German units of a kind, in roster order, not yet on the map.
pub fn germans(g: &Stalingrad, st: &State, kind: UnitKind, n: usize) -> Vec<UnitId> {
    g.board
        .unit_ids()
        .filter(|u| {
            g.board.unit(*u).kind == kind
                && !g.board.unit(*u).axe
                && !matches!(st.units[u.0 as usize].loc, Location::Map(_))
        })
        .take(n)
        .collect()
}

pub fn soviets(g: &Stalingrad, st: &State, kind: UnitKind, n: usize) -> Vec<UnitId> {
    g.board
        .unit_ids()
        .filter(|u| {
            g.board.unit(*u).kind == kind && !matches!(st.units[u.0 as usize].loc, Location::Map(_))
        })
        .take(n)
        .collect()
}

pub fn clear_hexes(g: &Stalingrad) -> Vec<SpaceId> {
    g.board
        .topo
        .ids()
        .filter(|h| g.board.terrain(*h) == Terrain::Clear)
        .collect()
}

/// A Clear path A–B–C (C not adjacent to A) among Clear hexes.
pub fn clear_line(g: &Stalingrad) -> (SpaceId, SpaceId, SpaceId) {
    for a in clear_hexes(g) {
        for b in g.board.topo.neighbours(a) {
            if g.board.terrain(b) != Terrain::Clear {
                continue;
            }
            for c in g.board.topo.neighbours(b) {
                if c != a && g.board.terrain(c) == Terrain::Clear && !g.board.topo.adjacent(a, c) {
                    return (a, b, c);
                }
            }
        }
    }
    panic!("no clear line on the map")
}

pub fn german_seat() -> Seat {
    Seat(0)
}

pub fn legal(g: &Stalingrad, st: &State) -> Vec<Action> {
    let seat = g.active(st).expect("someone to act");
    g.legal_actions(st, seat)
}

pub fn side_at(g: &Stalingrad, st: &State, h: SpaceId) -> Option<Side> {
    st.units
        .iter()
        .enumerate()
        .find(|(_, u)| u.loc == Location::Map(h))
        .map(|(i, _)| g.board.unit_side[i])
}

pub fn add_soviet(g: &Stalingrad, st: &mut State, kind: UnitKind, h: SpaceId) -> UnitId {
    let u = soviets(g, st, kind, 1)[0];
    place(g, st, u, h, 0);
    u
}

pub fn add_german(g: &Stalingrad, st: &mut State, kind: UnitKind, h: SpaceId) -> UnitId {
    let u = germans(g, st, kind, 1)[0];
    place(g, st, u, h, 0);
    u
}

/// A target hex of `terrain` (not a reinforcement hex) and one neighbour to attack from.
pub fn attack_pair(g: &Stalingrad, terrain: Terrain) -> (SpaceId, SpaceId) {
    for t in g.board.topo.ids() {
        if g.board.terrain(t) != terrain || g.board.hex(t).soviet_reinforcement {
            continue;
        }
        let from = g.board.topo.neighbours(t).find(|a| {
            !g.board.hex(*a).soviet_reinforcement && g.board.hex(*a).german_reinforcement.is_none()
        });
        if let Some(a) = from {
            return (t, a);
        }
    }
    panic!("no {terrain:?} hex");
}

/// A Soviet block far from `near`, so that destroying the defenders does not end the game.
pub fn keep_soviets_alive(g: &Stalingrad, st: &mut State, near: SpaceId) {
    let far = g
        .board
        .topo
        .ids()
        .filter(|h| !g.board.hex(*h).soviet_reinforcement)
        .max_by_key(|h| g.board.topo.hex_distance(near, *h).unwrap())
        .unwrap();
    add_soviet(g, st, UnitKind::RifleInfantry, far);
}

/// One Soviet block in a `terrain` hex, a German infantry block next to it, and a Soviet block
/// far away: (target, from, soviet, german).
pub fn duel(
    g: &Stalingrad,
    st: &mut State,
    terrain: Terrain,
) -> (SpaceId, SpaceId, UnitId, UnitId) {
    let (target, from) = attack_pair(g, terrain);
    let s = add_soviet(g, st, UnitKind::RifleInfantry, target);
    keep_soviets_alive(g, st, target);
    let german = add_german(g, st, UnitKind::Infantry, from);
    (target, from, s, german)
}

/// The German makes a Planned Attack on `target` from the stack in `from`, with no card.
pub fn planned_attack(
    g: &Stalingrad,
    st: &mut State,
    target: SpaceId,
    from: SpaceId,
) -> Vec<Event> {
    let a = Action::PlannedAttack {
        target,
        from: vec![from],
        cards: vec![],
    };
    g.apply(st, german_seat(), &a).unwrap()
}
