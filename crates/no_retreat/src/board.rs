//! The static board: `map.ron` compiled into the kernel's hex topology plus lookup tables.
//!
//! Spaces in [`Board::topo`]: the hexes first, in `map.ron` order, then the areas (Finland,
//! the two Balkans areas) in `map.ron` order. Each area borders exactly the hexes and areas it
//! lists (8.6, 8.7): grid contacts it does not list are closed, listed hexes it does not touch
//! on the grid are linked. Lake and sea hexsides are `Impassable` in the topology (movement,
//! attack, retreat, advance and ZOC never cross them, 8.5, 10.1, 10.7.5, 10.8.1); supply, which
//! may cross them (6.3), reads [`Board::borders`], which keeps every border with its kind.

use crate::data::*;
use eastfront_kernel::{DataError, EdgeFeature, SpaceId, Topology};
use hexx::Hex;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// What lies between two bordering spaces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BorderKind {
    Open,
    River,
    /// A lake or sea hexside: prohibited except to supply.
    Lake,
}

/// One border of a space.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Border {
    pub to: SpaceId,
    /// The compass direction on the grid (None for an area's listed borders).
    pub dir: Option<Dir>,
    pub kind: BorderKind,
}

#[derive(Clone, Debug)]
pub struct Board {
    pub data: ScenarioData,
    pub topo: Topology,
    /// Number of hexes; spaces `0..n_hexes` are hexes, the rest areas.
    pub n_hexes: usize,
    borders: Vec<Vec<Border>>,
    by_coord: HashMap<Coord, SpaceId>,
    by_name: HashMap<String, SpaceId>,
    /// Speed: the MP to enter each space by the data's own TEC (8.3), `[other, armor]`,
    /// [`NO_ENTRY`] where the TEC prohibits it (lakes), found once; `mp_tec` is the TEC they
    /// were read from, so a caller with another TEC is answered from that one instead.
    mp: [Vec<u8>; 2],
    mp_tec: Tec,
    /// Per side: for each space, the spaces with a city route step into it (6.1; see
    /// [`crate::supply::route_dir`]), for walking routes backwards from the edges.
    route_in: [Vec<Vec<SpaceId>>; 2],
    /// Speed: whether each space is a city hex, and the side whose map edge it is on, found
    /// once (supply, 6.1–6.3, reads them for every space).
    city: Vec<bool>,
    edge: Vec<Option<eastfront_kernel::Side>>,
    /// Tells boards apart for the movement memo (`reach.rs`); a clone keeps it (same data).
    id: u64,
}

static NEXT_BOARD_ID: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

/// In [`Board::entry_mp`]: the TEC prohibits entering the space.
pub const NO_ENTRY: u8 = u8::MAX;

/// The kernel direction offsets in [`Dir`] order (hexx axial: x = column, y = row).
pub const HEX_DIRS: [Hex; 6] = [
    Hex::new(1, 0),
    Hex::new(1, -1),
    Hex::new(0, -1),
    Hex::new(-1, 0),
    Hex::new(-1, 1),
    Hex::new(0, 1),
];

fn to_hex(c: Coord) -> Hex {
    Hex::new(c.1, c.0)
}

impl Board {
    /// The data shipped with the program (compiled in).
    pub fn standard() -> Board {
        Board::new(ScenarioData::builtin()).expect("built-in No Retreat! data is consistent")
    }

    /// Loads the six files from a folder.
    pub fn from_dir(dir: &Path) -> Result<Board, DataError> {
        Board::new(ScenarioData::load_dir(dir)?)
    }

    /// The repository's `scenarios/no_retreat` folder (for tools and tests).
    pub fn source_dir() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios/no_retreat")
    }

    pub fn new(data: ScenarioData) -> Result<Board, DataError> {
        let m = &data.map;
        let mut spaces: Vec<(String, Hex)> = m
            .hexes
            .iter()
            .map(|h| (format!("{},{}", h.at.0, h.at.1), to_hex(h.at)))
            .collect();
        spaces.extend(m.areas.iter().map(|a| (a.name.clone(), to_hex(a.at))));
        let n_hexes = m.hexes.len();
        let mut topo = Topology::hex_map(&spaces, HEX_DIRS);
        let by_coord: HashMap<Coord, SpaceId> = m
            .hexes
            .iter()
            .enumerate()
            .map(|(i, h)| (h.at, SpaceId(i as u16)))
            .collect();
        let area_id = |name: &str| {
            m.areas
                .iter()
                .position(|a| a.name == name)
                .map(|i| SpaceId((n_hexes + i) as u16))
        };
        // Areas: close unlisted grid contacts, link listed borders.
        for (i, a) in m.areas.iter().enumerate() {
            let me = SpaceId((n_hexes + i) as u16);
            let listed: Vec<SpaceId> = a
                .neighbours
                .iter()
                .filter_map(|c| by_coord.get(c).copied())
                .chain(a.areas.iter().filter_map(|n| area_id(n)))
                .collect();
            let listed_by_others: Vec<SpaceId> = m
                .areas
                .iter()
                .enumerate()
                .filter(|(_, o)| o.areas.contains(&a.name))
                .map(|(j, _)| SpaceId((n_hexes + j) as u16))
                .collect();
            let contacts: Vec<SpaceId> = topo.edges(me).iter().filter_map(|e| e.to).collect();
            for c in contacts {
                if !listed.contains(&c) && !listed_by_others.contains(&c) {
                    topo.set_feature(me, c, EdgeFeature::Impassable);
                }
            }
            for l in listed {
                topo.link(me, l, EdgeFeature::Open);
            }
        }
        for s in &m.hexsides {
            let (a, b) = (by_coord[&s.a], by_coord[&s.b]);
            let f = match s.kind {
                HexsideKind::River => EdgeFeature::River,
                HexsideKind::Lake => EdgeFeature::Impassable,
            };
            topo.set_feature(a, b, f);
        }
        // Our own border table: every border that is not a closed area contact.
        let lakes: std::collections::HashSet<(SpaceId, SpaceId)> = m
            .hexsides
            .iter()
            .filter(|s| s.kind == HexsideKind::Lake)
            .flat_map(|s| {
                let (a, b) = (by_coord[&s.a], by_coord[&s.b]);
                [(a, b), (b, a)]
            })
            .collect();
        let mut borders = Vec::with_capacity(topo.len());
        for id in topo.ids() {
            let list: Vec<Border> = topo
                .edges(id)
                .iter()
                .filter_map(|e| {
                    let to = e.to?;
                    let kind = match e.feature {
                        EdgeFeature::River => BorderKind::River,
                        EdgeFeature::Impassable if lakes.contains(&(id, to)) => BorderKind::Lake,
                        EdgeFeature::Impassable => return None,
                        _ => BorderKind::Open,
                    };
                    Some(Border {
                        to,
                        dir: e.dir.and_then(Dir::from_index),
                        kind,
                    })
                })
                .collect();
            borders.push(list);
        }
        let mut by_name = HashMap::new();
        for (i, h) in m.hexes.iter().enumerate() {
            if let Some(n) = h.label() {
                by_name.insert(n.to_string(), SpaceId(i as u16));
            }
        }
        for (i, a) in m.areas.iter().enumerate() {
            by_name.insert(a.name.clone(), SpaceId((n_hexes + i) as u16));
        }
        let mut board = Board {
            mp_tec: data.tables.tec.clone(),
            data,
            topo,
            n_hexes,
            borders,
            by_coord,
            by_name,
            mp: [Vec::new(), Vec::new()],
            route_in: [Vec::new(), Vec::new()],
            city: Vec::new(),
            edge: Vec::new(),
            id: NEXT_BOARD_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
        };
        board.city = (0..board.topo.len())
            .map(|i| {
                board
                    .hex(SpaceId(i as u16))
                    .is_some_and(|h| h.city.is_some())
            })
            .collect();
        board.edge = (0..board.topo.len())
            .map(|i| board.hex(SpaceId(i as u16)).and_then(|h| h.edge))
            .collect();
        for armor in [false, true] {
            board.mp[usize::from(armor)] = (0..board.topo.len())
                .map(|i| {
                    crate::movement::entry_cost(&board, &board.mp_tec, armor, SpaceId(i as u16))
                        .unwrap_or(NO_ENTRY)
                })
                .collect();
        }
        for (i, side) in [
            eastfront_kernel::Side::German,
            eastfront_kernel::Side::Soviet,
        ]
        .into_iter()
        .enumerate()
        {
            let mut into = vec![Vec::new(); board.topo.len()];
            for (y, list) in board.borders.iter().enumerate() {
                for b in list {
                    if b.dir.is_some_and(|d| crate::supply::route_dir(side, d)) {
                        into[b.to.index()].push(SpaceId(y as u16));
                    }
                }
            }
            board.route_in[i] = into;
        }
        Ok(board)
    }

    /// The space at a hex coordinate.
    /// The MP table of [`crate::movement::entry_cost`] for `tec` (`[other, armor]` by
    /// space, [`NO_ENTRY`] = prohibited), when `tec` is the board's own TEC.
    pub fn entry_mp(&self, tec: &Tec, armor: bool) -> Option<&[u8]> {
        self.own_tec(tec)
            .then(|| self.mp[usize::from(armor)].as_slice())
    }

    /// `tec` is the TEC of the board's data (the one its MP table was read from).
    pub fn own_tec(&self, tec: &Tec) -> bool {
        *tec == self.mp_tec
    }

    /// The spaces with a city route step of `side` into `to` (6.1).
    pub fn route_steps_into(&self, side: eastfront_kernel::Side, to: SpaceId) -> &[SpaceId] {
        let i = usize::from(side == eastfront_kernel::Side::Soviet);
        &self.route_in[i][to.index()]
    }

    /// This board's identity (a clone shares it).
    pub fn id(&self) -> u64 {
        self.id
    }

    pub fn at(&self, c: Coord) -> Option<SpaceId> {
        self.by_coord.get(&c).copied()
    }

    /// A space by city, oil-field, lake or area name, or by "row,col".
    pub fn place(&self, key: &str) -> Option<SpaceId> {
        if let Some(id) = self.by_name.get(key) {
            return Some(*id);
        }
        let (r, c) = key.split_once(',')?;
        self.at((r.trim().parse().ok()?, c.trim().parse().ok()?))
    }

    /// Resolves a set-up place.
    pub fn resolve(&self, p: &Place) -> Option<SpaceId> {
        match p {
            Place::Hex(c) => self.at(*c),
            Place::Named(n) => self.place(n),
        }
    }

    pub fn hex(&self, id: SpaceId) -> Option<&HexData> {
        self.data.map.hexes.get(id.index())
    }

    pub fn area(&self, id: SpaceId) -> Option<&AreaData> {
        id.index()
            .checked_sub(self.n_hexes)
            .and_then(|i| self.data.map.areas.get(i))
    }

    /// Whether each space is a city hex (by space index; areas are not).
    pub fn city_hexes(&self) -> &[bool] {
        &self.city
    }

    /// The side whose map edge each space is on (by space index).
    pub fn edges(&self) -> &[Option<eastfront_kernel::Side>] {
        &self.edge
    }

    pub fn is_area(&self, id: SpaceId) -> bool {
        id.index() >= self.n_hexes
    }

    /// The space's grid position (an area's drawing position).
    pub fn coord(&self, id: SpaceId) -> Coord {
        match self.hex(id) {
            Some(h) => h.at,
            None => self.area(id).map(|a| a.at).unwrap_or((0, 0)),
        }
    }

    /// A name for the log: the city, oil field, lake or area, else "row,col".
    pub fn name(&self, id: SpaceId) -> String {
        match (self.hex(id), self.area(id)) {
            (Some(h), _) => h
                .label()
                .map(str::to_string)
                .unwrap_or_else(|| format!("{},{}", h.at.0, h.at.1)),
            (None, Some(a)) => a.name.clone(),
            _ => format!("space {}", id.0),
        }
    }

    /// Every border of a space, lake and sea hexsides included (for supply, 6.3).
    pub fn borders(&self, id: SpaceId) -> &[Border] {
        &self.borders[id.index()]
    }

    /// What lies between two spaces, if they border each other.
    pub fn border(&self, a: SpaceId, b: SpaceId) -> Option<BorderKind> {
        self.borders(a).iter().find(|x| x.to == b).map(|x| x.kind)
    }

    /// Neighbours across passable borders (not lake or sea hexsides), lake hexes included.
    pub fn neighbours(&self, id: SpaceId) -> impl Iterator<Item = SpaceId> + '_ {
        self.borders(id)
            .iter()
            .filter(|b| b.kind != BorderKind::Lake)
            .map(|b| b.to)
    }

    /// A lake hex: prohibited to units (3.2).
    pub fn is_lake(&self, id: SpaceId) -> bool {
        self.hex(id).is_some_and(|h| h.terrain == Terrain::Lake)
    }

    /// All spaces with this property.
    pub fn spaces_where(&self, f: impl Fn(&HexData) -> bool) -> Vec<SpaceId> {
        self.data
            .map
            .hexes
            .iter()
            .enumerate()
            .filter(|(_, h)| f(h))
            .map(|(i, _)| SpaceId(i as u16))
            .collect()
    }
}
