//! Map topology shared by every game: hex maps (positions from `hexx`) and area/zone graphs
//! behind one API — neighbours, distances, movement costs and paths, and edge features such as
//! rivers, a great river's bank, or an impassable hexside.

use hexx::Hex;
use serde::{Deserialize, Serialize};
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, VecDeque};

/// Index of a playable space (hex, area, zone, box) in a [`Topology`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct SpaceId(pub u16);

impl SpaceId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// What lies on the border between two spaces, or between a space and what is off the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum EdgeFeature {
    #[default]
    Open,
    River,
    GreatRiver,
    /// The bank of a great river that bounds the map (Stalingrad's Volga).
    RiverBank,
    Impassable,
}

/// A border of a space: the neighbour across it (None when it leads off the playable map),
/// its direction index on a hex map, and its feature.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Edge {
    pub to: Option<SpaceId>,
    pub dir: Option<u8>,
    pub feature: EdgeFeature,
}

#[derive(Clone, Debug, Default)]
pub struct Topology {
    names: Vec<String>,
    by_name: HashMap<String, SpaceId>,
    edges: Vec<Vec<Edge>>,
    /// Hex positions, for hex maps.
    hexes: Option<Vec<Hex>>,
    by_hex: HashMap<Hex, SpaceId>,
    /// The six direction offsets of a hex map, in direction-index order.
    directions: Vec<Hex>,
}

impl Topology {
    /// A hex map: spaces at the given axial positions; neighbours follow from the positions.
    /// `directions` lists the six offsets in the order the game numbers them (e.g. a compass).
    pub fn hex_map(spaces: &[(String, Hex)], directions: [Hex; 6]) -> Topology {
        let mut t = Topology {
            directions: directions.to_vec(),
            ..Default::default()
        };
        let mut hexes = Vec::new();
        for (i, (name, hex)) in spaces.iter().enumerate() {
            let id = SpaceId(i as u16);
            t.names.push(name.clone());
            t.by_name.insert(name.clone(), id);
            t.by_hex.insert(*hex, id);
            hexes.push(*hex);
        }
        for hex in &hexes {
            let edges = directions
                .iter()
                .enumerate()
                .map(|(d, off)| Edge {
                    to: t.by_hex.get(&(*hex + *off)).copied(),
                    dir: Some(d as u8),
                    feature: EdgeFeature::Open,
                })
                .collect();
            t.edges.push(edges);
        }
        t.hexes = Some(hexes);
        t
    }

    /// An area or zone graph from explicit adjacency (each pair listed once, both ways made).
    pub fn area_graph(names: &[String], adjacent: &[(usize, usize, EdgeFeature)]) -> Topology {
        let mut t = Topology::default();
        for (i, name) in names.iter().enumerate() {
            t.names.push(name.clone());
            t.by_name.insert(name.clone(), SpaceId(i as u16));
            t.edges.push(Vec::new());
        }
        for &(a, b, feature) in adjacent {
            for (x, y) in [(a, b), (b, a)] {
                t.edges[x].push(Edge {
                    to: Some(SpaceId(y as u16)),
                    dir: None,
                    feature,
                });
            }
        }
        t
    }

    /// Joins two spaces that are not neighbours by position (an off-grid area of a hex map,
    /// such as No Retreat!'s Finland, bordering a hex it does not touch on the grid). The
    /// border has no direction; linking spaces that already border each other does nothing.
    pub fn link(&mut self, a: SpaceId, b: SpaceId, feature: EdgeFeature) {
        if a == b || self.edges[a.index()].iter().any(|e| e.to == Some(b)) {
            return;
        }
        for (x, y) in [(a, b), (b, a)] {
            self.edges[x.index()].push(Edge {
                to: Some(y),
                dir: None,
                feature,
            });
        }
    }

    pub fn len(&self) -> usize {
        self.names.len()
    }
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }
    pub fn ids(&self) -> impl Iterator<Item = SpaceId> + '_ {
        (0..self.names.len()).map(|i| SpaceId(i as u16))
    }
    pub fn name(&self, id: SpaceId) -> &str {
        &self.names[id.index()]
    }
    pub fn id(&self, name: &str) -> Option<SpaceId> {
        self.by_name.get(name).copied()
    }
    /// The offset of direction `dir` on a hex map.
    pub fn direction(&self, dir: u8) -> Option<Hex> {
        self.directions.get(dir as usize).copied()
    }
    pub fn hex(&self, id: SpaceId) -> Option<Hex> {
        self.hexes.as_ref().map(|h| h[id.index()])
    }
    pub fn at_hex(&self, hex: Hex) -> Option<SpaceId> {
        self.by_hex.get(&hex).copied()
    }

    /// Marks the border between `a` and `b` (both ways).
    pub fn set_feature(&mut self, a: SpaceId, b: SpaceId, feature: EdgeFeature) {
        for (x, y) in [(a, b), (b, a)] {
            for e in &mut self.edges[x.index()] {
                if e.to == Some(y) {
                    e.feature = feature;
                }
            }
        }
    }

    /// Marks a hex border that leads off the playable map (e.g. onto the river).
    pub fn set_off_map_feature(&mut self, a: SpaceId, dir: u8, feature: EdgeFeature) {
        if let Some(e) = self.edges[a.index()]
            .iter_mut()
            .find(|e| e.dir == Some(dir) && e.to.is_none())
        {
            e.feature = feature;
        }
    }

    pub fn edges(&self, id: SpaceId) -> &[Edge] {
        &self.edges[id.index()]
    }

    /// Playable neighbours across passable borders.
    pub fn neighbours(&self, id: SpaceId) -> impl Iterator<Item = SpaceId> + '_ {
        self.edges[id.index()]
            .iter()
            .filter(|e| e.feature != EdgeFeature::Impassable)
            .filter_map(|e| e.to)
    }

    /// The neighbour in direction `dir` on a hex map (None: off the map or impassable).
    pub fn neighbour_in_dir(&self, id: SpaceId, dir: u8) -> Option<SpaceId> {
        self.edges[id.index()]
            .iter()
            .find(|e| e.dir == Some(dir))
            .filter(|e| e.feature != EdgeFeature::Impassable)
            .and_then(|e| e.to)
    }

    pub fn adjacent(&self, a: SpaceId, b: SpaceId) -> bool {
        self.neighbours(a).any(|n| n == b)
    }

    pub fn feature_between(&self, a: SpaceId, b: SpaceId) -> Option<EdgeFeature> {
        self.edges[a.index()]
            .iter()
            .find(|e| e.to == Some(b))
            .map(|e| e.feature)
    }

    /// Straight-line hex distance (ignores holes in the map); None on area graphs.
    pub fn hex_distance(&self, a: SpaceId, b: SpaceId) -> Option<u32> {
        Some(self.hex(a)?.unsigned_distance_to(self.hex(b)?))
    }

    /// Steps between two spaces through playable spaces (breadth-first).
    pub fn distance(&self, a: SpaceId, b: SpaceId) -> Option<u32> {
        let mut dist = vec![u32::MAX; self.len()];
        let mut queue = VecDeque::from([a]);
        dist[a.index()] = 0;
        while let Some(x) = queue.pop_front() {
            if x == b {
                return Some(dist[x.index()]);
            }
            for n in self.neighbours(x) {
                if dist[n.index()] == u32::MAX {
                    dist[n.index()] = dist[x.index()] + 1;
                    queue.push_back(n);
                }
            }
        }
        None
    }

    /// Cheapest path from `a` to `b`; `cost(from, to, feature)` gives the price of a step, or
    /// None where the step is forbidden. Returns the spaces after `a` and the total cost.
    pub fn path<F>(&self, a: SpaceId, b: SpaceId, cost: F) -> Option<(Vec<SpaceId>, u32)>
    where
        F: Fn(SpaceId, SpaceId, EdgeFeature) -> Option<u32>,
    {
        let (dist, prev) = self.dijkstra(a, u32::MAX, &cost);
        if dist[b.index()] == u32::MAX {
            return None;
        }
        let mut path = vec![b];
        let mut at = b;
        while let Some(p) = prev[at.index()] {
            if p == a {
                break;
            }
            path.push(p);
            at = p;
        }
        path.reverse();
        Some((path, dist[b.index()]))
    }

    /// Every space reachable from `a` within `budget`, with its cost (including `a` at 0).
    pub fn reachable<F>(&self, a: SpaceId, budget: u32, cost: F) -> Vec<(SpaceId, u32)>
    where
        F: Fn(SpaceId, SpaceId, EdgeFeature) -> Option<u32>,
    {
        let (dist, _) = self.dijkstra(a, budget, &cost);
        dist.iter()
            .enumerate()
            .filter(|(_, d)| **d != u32::MAX)
            .map(|(i, d)| (SpaceId(i as u16), *d))
            .collect()
    }

    fn dijkstra<F>(&self, a: SpaceId, budget: u32, cost: &F) -> (Vec<u32>, Vec<Option<SpaceId>>)
    where
        F: Fn(SpaceId, SpaceId, EdgeFeature) -> Option<u32>,
    {
        let mut dist = vec![u32::MAX; self.len()];
        let mut prev = vec![None; self.len()];
        let mut heap = BinaryHeap::new();
        dist[a.index()] = 0;
        heap.push(Reverse((0u32, a)));
        while let Some(Reverse((d, x))) = heap.pop() {
            if d > dist[x.index()] {
                continue;
            }
            for e in &self.edges[x.index()] {
                let Some(n) = e.to else { continue };
                if e.feature == EdgeFeature::Impassable {
                    continue;
                }
                let Some(c) = cost(x, n, e.feature) else {
                    continue;
                };
                let nd = d.saturating_add(c);
                if nd <= budget && nd < dist[n.index()] {
                    dist[n.index()] = nd;
                    prev[n.index()] = Some(x);
                    heap.push(Reverse((nd, n)));
                }
            }
        }
        (dist, prev)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DIRS: [Hex; 6] = [
        Hex::new(0, -1),
        Hex::new(1, -1),
        Hex::new(1, 0),
        Hex::new(0, 1),
        Hex::new(-1, 1),
        Hex::new(-1, 0),
    ];

    fn grid(w: i32, h: i32) -> Topology {
        let mut spaces = Vec::new();
        for q in 0..w {
            for r in 0..h {
                spaces.push((format!("{q},{r}"), Hex::new(q, r)));
            }
        }
        Topology::hex_map(&spaces, DIRS)
    }

    #[test]
    fn hex_neighbours_follow_positions_and_directions() {
        let t = grid(3, 3);
        let c = t.id("1,1").unwrap();
        assert_eq!(t.neighbours(c).count(), 6);
        assert_eq!(t.neighbour_in_dir(c, 0), t.id("1,0"));
        assert_eq!(t.neighbour_in_dir(c, 2), t.id("2,1"));
        let corner = t.id("0,0").unwrap();
        // (0,0) has (1,0), (0,1) and (1,-1) is off the map.
        assert_eq!(t.neighbours(corner).count(), 2);
        assert!(t.adjacent(corner, t.id("1,0").unwrap()));
        assert!(!t.adjacent(corner, c.max(corner).max(t.id("2,2").unwrap())));
    }

    #[test]
    fn distances_and_holes() {
        let t = grid(4, 4);
        let a = t.id("0,0").unwrap();
        let b = t.id("3,3").unwrap();
        assert_eq!(t.hex_distance(a, b), Some(6));
        assert_eq!(t.distance(a, b), Some(6));
        // Remove the middle band by making edges impassable: the distance grows or vanishes.
        let mut cut = grid(2, 1);
        let x = cut.id("0,0").unwrap();
        let y = cut.id("1,0").unwrap();
        assert_eq!(cut.distance(x, y), Some(1));
        cut.set_feature(x, y, EdgeFeature::Impassable);
        assert_eq!(cut.distance(x, y), None);
        assert!(!cut.adjacent(x, y));
    }

    #[test]
    fn paths_respect_costs_and_rivers() {
        let mut t = grid(3, 1);
        let a = t.id("0,0").unwrap();
        let b = t.id("1,0").unwrap();
        let c = t.id("2,0").unwrap();
        t.set_feature(a, b, EdgeFeature::River);
        let cost = |_: SpaceId, _: SpaceId, f: EdgeFeature| match f {
            EdgeFeature::River => Some(3),
            _ => Some(1),
        };
        let (path, total) = t.path(a, c, cost).unwrap();
        assert_eq!(path, vec![b, c]);
        assert_eq!(total, 4);
        assert_eq!(t.feature_between(b, a), Some(EdgeFeature::River));
        let within3: Vec<_> = t.reachable(a, 3, cost).into_iter().map(|x| x.0).collect();
        assert!(within3.contains(&b) && !within3.contains(&c));
        assert!(t
            .path(a, c, |_, _, f| (f != EdgeFeature::River).then_some(1))
            .is_none());
    }

    #[test]
    fn area_graphs_share_the_api() {
        let names: Vec<String> = ["Moscow", "Tula", "Kaluga"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let t = Topology::area_graph(
            &names,
            &[(0, 1, EdgeFeature::Open), (1, 2, EdgeFeature::River)],
        );
        let m = t.id("Moscow").unwrap();
        let k = t.id("Kaluga").unwrap();
        assert_eq!(t.distance(m, k), Some(2));
        assert!(t.hex_distance(m, k).is_none());
        assert_eq!(
            t.feature_between(k, t.id("Tula").unwrap()),
            Some(EdgeFeature::River)
        );
        let (p, cost) = t
            .path(m, k, |_, _, f| {
                Some(if f == EdgeFeature::River { 2 } else { 1 })
            })
            .unwrap();
        assert_eq!(p.len(), 2);
        assert_eq!(cost, 3);
    }

    #[test]
    fn links_join_spaces_the_grid_does_not() {
        let mut t = grid(4, 1);
        let a = t.id("0,0").unwrap();
        let d = t.id("3,0").unwrap();
        assert!(!t.adjacent(a, d));
        t.link(a, d, EdgeFeature::Open);
        t.link(d, a, EdgeFeature::Open);
        assert!(t.adjacent(a, d) && t.adjacent(d, a));
        assert_eq!(t.edges(a).iter().filter(|e| e.to == Some(d)).count(), 1);
        assert_eq!(t.distance(a, d), Some(1));
        assert_eq!(t.neighbour_in_dir(a, 0), None);
    }

    #[test]
    fn off_map_edges_carry_features() {
        let mut t = grid(1, 1);
        let a = t.id("0,0").unwrap();
        t.set_off_map_feature(a, 0, EdgeFeature::RiverBank);
        let bank: Vec<_> = t
            .edges(a)
            .iter()
            .filter(|e| e.feature == EdgeFeature::RiverBank)
            .collect();
        assert_eq!(bank.len(), 1);
        assert_eq!(bank[0].to, None);
    }
}
