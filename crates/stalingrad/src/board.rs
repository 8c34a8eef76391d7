//! The static board: the scenario data compiled into lookup tables (topology, per-hex facts,
//! unit and card definitions by index). Built once; the game state refers to it by index.

use crate::data::*;
use eastfront_kernel::{EdgeFeature, Side, SpaceId, Topology};
use hexx::Hex;
use serde::{Deserialize, Serialize};

/// Index of a block in [`Board::units`] (German first, then Soviet, then the generals).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct UnitId(pub u8);

/// Index of a card *copy* in [`Board::cards`] (each physical card is one entry).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct CardId(pub u8);

#[derive(Clone, Debug)]
pub struct HexInfo {
    pub id: String,
    pub hex: Hex,
    pub terrain: Terrain,
    pub coast: bool,
    pub soviet_reinforcement: bool,
    pub german_reinforcement: Option<Army>,
    pub soviet_start: bool,
    pub german_control: bool,
    pub landmark: Option<String>,
    pub fortification: Option<FortColour>,
    pub factory: bool,
    pub docks: u8,
    /// Number printed on the hex (None for W..Z): used by the 3d6 landing/HQ sums.
    pub number: Option<u32>,
}

#[derive(Clone, Debug)]
pub struct CardInfo {
    pub def_id: String,
    pub name: String,
    pub side: Side,
    pub effect: CardEffect,
    pub text: String,
    /// AA: the hex printed on this copy.
    pub printed_hex: Option<SpaceId>,
}

#[derive(Clone, Debug)]
pub struct Board {
    pub data: ScenarioData,
    pub topo: Topology,
    pub hexes: Vec<HexInfo>,
    pub units: Vec<BlockDef>,
    pub unit_side: Vec<Side>,
    pub cards: Vec<CardInfo>,
    /// Soviet Reinforcement Hexes in schedule order.
    pub srh: Vec<SpaceId>,
    pub volga: Vec<Hex>,
}

impl Board {
    pub fn new(data: ScenarioData) -> Board {
        let dirs: Vec<Hex> = data
            .map
            .compass
            .iter()
            .map(|(q, r)| Hex::new(*q, *r))
            .collect();
        let dirs: [Hex; 6] = dirs.try_into().expect("compass has six entries");
        let spaces: Vec<(String, Hex)> = data
            .map
            .hexes
            .iter()
            .map(|h| (h.id.clone(), Hex::new(h.q, h.r)))
            .collect();
        let mut topo = Topology::hex_map(&spaces, dirs);
        let volga: Vec<Hex> = data
            .map
            .volga
            .iter()
            .map(|(q, r)| Hex::new(*q, *r))
            .collect();
        // The Volga bank: borders of playable hexes that face a river hex.
        for id in topo.ids().collect::<Vec<_>>() {
            let h = topo.hex(id).expect("hex map");
            for (d, off) in dirs.iter().enumerate() {
                if volga.contains(&(h + *off)) {
                    topo.set_off_map_feature(id, d as u8, EdgeFeature::RiverBank);
                }
            }
        }
        let hexes = data
            .map
            .hexes
            .iter()
            .map(|h| HexInfo {
                id: h.id.clone(),
                hex: Hex::new(h.q, h.r),
                terrain: h.terrain,
                coast: h.coast,
                soviet_reinforcement: h.soviet_reinforcement,
                german_reinforcement: h.german_reinforcement,
                soviet_start: h.soviet_start,
                german_control: h.german_control,
                landmark: h.landmark.clone(),
                fortification: h.fortification,
                factory: h.factory,
                docks: h.docks,
                number: h.id.parse().ok(),
            })
            .collect();
        let mut units = Vec::new();
        let mut unit_side = Vec::new();
        for (list, side) in [
            (&data.units.german, Side::German),
            (&data.units.soviet, Side::Soviet),
        ] {
            for b in list {
                units.push(b.clone());
                unit_side.push(side);
            }
        }
        for g in &data.units.generals {
            unit_side.push(if g.army.is_some() {
                Side::German
            } else {
                Side::Soviet
            });
            units.push(g.clone());
        }
        let mut cards = Vec::new();
        for (list, side) in [
            (&data.cards.german, Side::German),
            (&data.cards.soviet, Side::Soviet),
        ] {
            for c in list {
                for copy in 0..c.count as usize {
                    cards.push(CardInfo {
                        def_id: c.id.clone(),
                        name: c.name.clone(),
                        side,
                        effect: c.effect,
                        text: c.text.clone(),
                        printed_hex: c.printed_hexes.get(copy).and_then(|h| topo.id(h)),
                    });
                }
            }
        }
        let srh = data
            .setup
            .soviet_reinforcements
            .iter()
            .filter_map(|(h, _)| topo.id(h))
            .collect();
        Board {
            topo,
            hexes,
            units,
            unit_side,
            cards,
            srh,
            volga,
            data,
        }
    }

    pub fn hex(&self, id: SpaceId) -> &HexInfo {
        &self.hexes[id.index()]
    }
    pub fn hex_id(&self, name: &str) -> Option<SpaceId> {
        self.topo.id(name)
    }
    pub fn hex_name(&self, id: SpaceId) -> &str {
        &self.hexes[id.index()].id
    }
    pub fn unit(&self, u: UnitId) -> &BlockDef {
        &self.units[u.0 as usize]
    }
    pub fn unit_by_key(&self, key: &str) -> Option<UnitId> {
        self.units
            .iter()
            .position(|b| b.id == key)
            .map(|i| UnitId(i as u8))
    }
    pub fn card(&self, c: CardId) -> &CardInfo {
        &self.cards[c.0 as usize]
    }
    pub fn unit_ids(&self) -> impl Iterator<Item = UnitId> {
        (0..self.units.len()).map(|i| UnitId(i as u8))
    }
    pub fn terrain(&self, h: SpaceId) -> Terrain {
        self.hexes[h.index()].terrain
    }
    /// The hex with a given printed number (3d6 sums for landings and Chuikov's HQ).
    pub fn numbered(&self, n: u32) -> Option<SpaceId> {
        self.hexes
            .iter()
            .position(|h| h.number == Some(n))
            .map(|i| SpaceId(i as u16))
    }
    /// Order for the Soviet dice (rules §8.5.1): northernmost first, then nearest the Volga.
    pub fn roll_order_key(&self, h: SpaceId) -> (i32, i32) {
        let x = self.hexes[h.index()].hex;
        // Screen y (downwards, i.e. away from the Volga) is r + q/2; compare 2y.
        (x.x, 2 * x.y + x.x)
    }
}
