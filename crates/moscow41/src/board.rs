//! The static board: the scenario data compiled into lookup tables (the area graph, per-area
//! facts, block definitions by index). Built once; the game state refers to it by index.
//!
//! Spaces in [`Board::topo`]: the 175 areas first, in `map.ron` order (index = [`AreaId`]),
//! then the 12 boxes in `map.ron` order. The ten Road to Leningrad boxes are linked to each
//! other in a chain (box n ↔ box n+1); no box borders an area (Kiev and Rastenburg cannot be
//! entered, the Road is reached only by Hoepner's rules, R 10.9).

use crate::data::*;
use eastfront_kernel::{DataError, EdgeFeature, Side, SpaceId, Topology};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// An area or box: index into [`Board::topo`].
pub type AreaId = SpaceId;

/// Index of a block in [`Board::blocks`] (the `blocks.ron` order: German first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct BlockId(pub u8);

impl BlockId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Index of a bomber disc in [`Board::bombers`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct BomberId(pub u8);

#[derive(Clone, Debug)]
pub struct Board {
    pub data: ScenarioData,
    /// Areas then boxes; edges carry `EdgeFeature::River` where a river runs.
    pub topo: Topology,
    /// Number of areas (175); spaces `0..n_areas` are areas, the rest boxes.
    pub n_areas: usize,
    pub rastenburg: AreaId,
    pub kiev: AreaId,
    /// Road to Leningrad boxes in order (index 0 = Pskov, 9 = Leningrad).
    pub road: Vec<AreaId>,
    pub shlisselburg: AreaId,
    pub leningrad: AreaId,
    pub moscow: AreaId,
    pub staging: Vec<AreaId>,
    pub blocks: Vec<BlockData>,
    block_by_key: HashMap<String, BlockId>,
    /// Area/box lookup by id, printed name and city name.
    by_name: HashMap<String, AreaId>,
    /// Precomputed lookups (performance): per space, its neighbours in `topo` order with
    /// "a river runs along this edge".
    adj: Vec<Vec<(AreaId, bool)>>,
    /// Per space: terrain (None for a box).
    terrains: Vec<Option<Terrain>>,
    /// Per space: position on the Road to Leningrad (1..=10).
    road_idx: Vec<Option<u8>>,
    /// Per space: has a city.
    cities: Vec<bool>,
    /// Steps between two spaces (`topo.distance`), `u8::MAX` = unreachable; `n × n`.
    dist: Vec<u8>,
    /// The Victory Areas, ascending.
    victory: Vec<AreaId>,
    /// Per block, its side (a compact copy of `blocks[b].side` for [`Board::side_blocks`]).
    sides: Vec<Side>,
    /// Unique per [`Board::new`] (a clone keeps it: the private tables above are equal), so
    /// that per-thread caches of searches over these tables (`moves`) know the board.
    uid: u64,
}

impl Board {
    /// The data shipped with the program (compiled in).
    pub fn standard() -> Board {
        Board::new(ScenarioData::builtin()).expect("built-in Moscow '41 data is consistent")
    }

    /// Loads `map.ron`, `blocks.ron` and `setups.ron` from a folder.
    pub fn from_dir(dir: &Path) -> Result<Board, DataError> {
        Board::new(ScenarioData::load_dir(dir)?)
    }

    /// The repository's `scenarios/moscow41` folder (for tools and tests).
    pub fn source_dir() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios/moscow41")
    }

    pub fn new(data: ScenarioData) -> Result<Board, DataError> {
        let bad = |msg: String| Err(DataError::invalid("map.ron", msg));
        let mut names: Vec<String> = data.map.areas.iter().map(|a| a.id.clone()).collect();
        let n_areas = names.len();
        names.extend(data.map.boxes.iter().map(|b| b.id.clone()));
        let index: HashMap<&str, usize> = names
            .iter()
            .enumerate()
            .map(|(i, n)| (n.as_str(), i))
            .collect();
        let mut adj: Vec<(usize, usize, EdgeFeature)> = data
            .map
            .edges
            .iter()
            .map(|e| {
                let f = if e.river {
                    EdgeFeature::River
                } else {
                    EdgeFeature::Open
                };
                (index[e.a.as_str()], index[e.b.as_str()], f)
            })
            .collect();
        let road: Vec<AreaId> = data
            .map
            .road_to_leningrad
            .iter()
            .map(|r| SpaceId(index[r.as_str()] as u16))
            .collect();
        for w in road.windows(2) {
            adj.push((w[0].index(), w[1].index(), EdgeFeature::Open));
        }
        let topo = Topology::area_graph(&names, &adj);
        let mut by_name: HashMap<String, AreaId> = HashMap::new();
        for (i, n) in names.iter().enumerate() {
            by_name.insert(n.clone(), SpaceId(i as u16));
        }
        for (i, a) in data.map.areas.iter().enumerate() {
            for n in [a.name.as_ref(), a.city.as_ref().map(|c| &c.name)]
                .into_iter()
                .flatten()
            {
                by_name.entry(n.clone()).or_insert(SpaceId(i as u16));
            }
        }
        let find_box = |k: BoxKind| {
            data.map
                .boxes
                .iter()
                .position(|b| b.kind == k)
                .map(|i| SpaceId((n_areas + i) as u16))
        };
        let Some(rastenburg) = find_box(BoxKind::Rastenburg) else {
            return bad("there is no Rastenburg box".into());
        };
        let Some(kiev) = find_box(BoxKind::Kiev) else {
            return bad("there is no Kiev box".into());
        };
        let Some(moscow) = by_name.get("Moscow").copied() else {
            return bad("no area is named Moscow".into());
        };
        let staging = data
            .map
            .areas
            .iter()
            .enumerate()
            .filter(|(_, a)| a.terrain == Terrain::Staging)
            .map(|(i, _)| SpaceId(i as u16))
            .collect();
        let shlisselburg = SpaceId(index[data.map.shlisselburg.as_str()] as u16);
        let leningrad = *road.last().expect("validated: 10 road boxes");
        let blocks = data.blocks.blocks.clone();
        if blocks.len() > u8::MAX as usize {
            return Err(DataError::invalid(
                "blocks.ron",
                format!("{} blocks, at most 255", blocks.len()),
            ));
        }
        let block_by_key = blocks
            .iter()
            .enumerate()
            .map(|(i, b)| (b.id.clone(), BlockId(i as u8)))
            .collect();
        let n = topo.len();
        let adj: Vec<Vec<(AreaId, bool)>> = (0..n)
            .map(|i| {
                let a = SpaceId(i as u16);
                topo.neighbours(a)
                    .map(|b| (b, topo.feature_between(a, b) == Some(EdgeFeature::River)))
                    .collect()
            })
            .collect();
        let terrains = (0..n)
            .map(|i| data.map.areas.get(i).map(|a| a.terrain))
            .collect();
        let road_idx = (0..n)
            .map(|i| {
                road.iter()
                    .position(|r| r.index() == i)
                    .map(|k| k as u8 + 1)
            })
            .collect();
        let cities = (0..n)
            .map(|i| data.map.areas.get(i).is_some_and(|a| a.city.is_some()))
            .collect();
        let mut dist = vec![u8::MAX; n * n];
        for a in 0..n {
            let row = &mut dist[a * n..(a + 1) * n];
            row[a] = 0;
            let mut q = std::collections::VecDeque::from([a]);
            while let Some(x) = q.pop_front() {
                for &(y, _) in &adj[x] {
                    if row[y.index()] == u8::MAX {
                        row[y.index()] = row[x].saturating_add(1).min(u8::MAX - 1);
                        q.push_back(y.index());
                    }
                }
            }
        }
        let victory = (0..n_areas)
            .map(|i| SpaceId(i as u16))
            .filter(|a| data.map.areas[a.index()].terrain == Terrain::Victory)
            .collect();
        let sides = blocks.iter().map(|b| b.side).collect();
        static NEXT_UID: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
        Ok(Board {
            uid: NEXT_UID.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            adj,
            terrains,
            road_idx,
            cities,
            dist,
            victory,
            sides,
            data,
            topo,
            n_areas,
            rastenburg,
            kiev,
            road,
            shlisselburg,
            leningrad,
            moscow,
            staging,
            blocks,
            block_by_key,
            by_name,
        })
    }

    // ------------------------------------------------------------ places

    /// Unique per [`Board::new`]; see the field.
    pub fn uid(&self) -> u64 {
        self.uid
    }

    /// Is this space one of the 175 areas (not a box)?
    pub fn is_area(&self, id: AreaId) -> bool {
        id.index() < self.n_areas
    }
    /// The area's data (None for a box).
    pub fn area(&self, id: AreaId) -> Option<&AreaData> {
        self.data.map.areas.get(id.index())
    }
    /// The box's data (None for an area).
    pub fn box_data(&self, id: AreaId) -> Option<&BoxData> {
        id.index()
            .checked_sub(self.n_areas)
            .and_then(|i| self.data.map.boxes.get(i))
    }
    /// All area ids (no boxes).
    pub fn area_ids(&self) -> impl Iterator<Item = AreaId> {
        (0..self.n_areas).map(|i| SpaceId(i as u16))
    }
    /// Position on the Road to Leningrad, 1 = Pskov .. 10 = Leningrad.
    pub fn road_index(&self, id: AreaId) -> Option<u8> {
        self.road_idx.get(id.index()).copied().flatten()
    }
    /// A space by its id ("63", "16A", "Pskov"), printed name or city name ("Moscow", "Vyazma").
    pub fn place(&self, key: &str) -> Option<AreaId> {
        self.by_name.get(key).copied()
    }
    /// The id printed on the map ("63", "Kiev").
    pub fn place_id(&self, id: AreaId) -> &str {
        self.topo.name(id)
    }
    /// A readable name: "63 Moscow", "71", "Pskov".
    pub fn place_label(&self, id: AreaId) -> String {
        match self.area(id) {
            Some(a) => match a.name.as_ref().or(a.city.as_ref().map(|c| &c.name)) {
                Some(n) => format!("{} {n}", a.id),
                None => a.id.clone(),
            },
            None => self.topo.name(id).to_string(),
        }
    }
    pub fn terrain(&self, id: AreaId) -> Option<Terrain> {
        self.terrains.get(id.index()).copied().flatten()
    }
    pub fn is_victory(&self, id: AreaId) -> bool {
        self.terrain(id) == Some(Terrain::Victory)
    }
    /// The Victory Areas (R 2.4.3), ascending.
    pub fn victory_areas(&self) -> &[AreaId] {
        &self.victory
    }
    pub fn has_city(&self, id: AreaId) -> bool {
        self.cities.get(id.index()).copied().unwrap_or(false)
    }
    pub fn river_between(&self, a: AreaId, b: AreaId) -> bool {
        self.adj[a.index()]
            .iter()
            .find(|(n, _)| *n == b)
            .is_some_and(|(_, r)| *r)
    }
    pub fn neighbours(&self, id: AreaId) -> impl Iterator<Item = AreaId> + '_ {
        self.adj[id.index()].iter().map(|(n, _)| *n)
    }
    /// Neighbours with "a river runs along this edge", in [`Board::neighbours`] order.
    pub fn neighbours_river(&self, id: AreaId) -> &[(AreaId, bool)] {
        &self.adj[id.index()]
    }
    pub fn adjacent(&self, a: AreaId, b: AreaId) -> bool {
        self.adj[a.index()].iter().any(|(n, _)| *n == b)
    }
    /// Steps between two spaces, as `topo.distance` (precomputed).
    pub fn distance(&self, a: AreaId, b: AreaId) -> Option<u32> {
        let n = self.adj.len();
        match self.dist[a.index() * n + b.index()] {
            u8::MAX => None,
            d => Some(d as u32),
        }
    }
    /// Initial side of an area under a control rule (Rastenburg, Pskov and the Staging Areas
    /// are German, other boxes Soviet; the Kiev/Leningrad discs are in the setup).
    pub fn initial_control(&self, id: AreaId, rule: ControlRule) -> Side {
        if let Some(a) = self.area(id) {
            if a.terrain == Terrain::Staging {
                return Side::German;
            }
            return match rule {
                ControlRule::BalkanCrosses => {
                    if a.balkan_cross {
                        Side::German
                    } else {
                        Side::Soviet
                    }
                }
                ControlRule::WhiteLine => a.sc2_side,
                ControlRule::RedLine => a.sc3_side,
            };
        }
        if id == self.rastenburg || self.road.first() == Some(&id) {
            Side::German
        } else {
            Side::Soviet
        }
    }

    // ------------------------------------------------------------ blocks

    pub fn block(&self, b: BlockId) -> &BlockData {
        &self.blocks[b.index()]
    }
    pub fn block_by_key(&self, key: &str) -> Option<BlockId> {
        self.block_by_key.get(key).copied()
    }
    pub fn block_ids(&self) -> impl Iterator<Item = BlockId> {
        (0..self.blocks.len()).map(|i| BlockId(i as u8))
    }
    pub fn side_blocks(&self, side: Side) -> impl Iterator<Item = BlockId> + '_ {
        self.block_ids()
            .filter(move |b| self.sides[b.index()] == side)
    }
    pub fn bombers(&self) -> &[BomberData] {
        &self.data.blocks.bombers
    }
    pub fn setup(&self, id: &str) -> Option<&SetupData> {
        self.data.setups.setups.iter().find(|s| s.id == id)
    }
}
