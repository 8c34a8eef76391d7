//! Helpers for the data-facts tests: the map with neighbours computed from the axial offsets,
//! the built-in data, id sets and ranges, a unit by id, counts of kinds and cards.
#![allow(dead_code)]

use eastfront_stalingrad::data::*;
use std::collections::{BTreeSet, HashMap};

/// Axial neighbour offsets (q, r) on the flat-top grid, in no particular order.
pub const OFFSETS: [(i32, i32); 6] = [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)];

pub struct Map<'a> {
    pub data: &'a ScenarioData,
    pub by_id: HashMap<&'a str, &'a HexDef>,
    pub by_pos: HashMap<(i32, i32), &'a HexDef>,
}

impl<'a> Map<'a> {
    pub fn new(data: &'a ScenarioData) -> Self {
        let by_id = data.map.hexes.iter().map(|h| (h.id.as_str(), h)).collect();
        let by_pos = data.map.hexes.iter().map(|h| ((h.q, h.r), h)).collect();
        Map {
            data,
            by_id,
            by_pos,
        }
    }
    pub fn hex(&self, id: &str) -> &'a HexDef {
        self.by_id
            .get(id)
            .copied()
            .unwrap_or_else(|| panic!("hex {id} is missing"))
    }
    pub fn pos(&self, id: &str) -> (i32, i32) {
        let h = self.hex(id);
        (h.q, h.r)
    }
    pub fn adjacent(&self, a: &str, b: &str) -> bool {
        let (pa, pb) = (self.pos(a), self.pos(b));
        OFFSETS.iter().any(|d| (pa.0 + d.0, pa.1 + d.1) == pb)
    }
    pub fn neighbours(&self, id: &str) -> Vec<&'a str> {
        let p = self.pos(id);
        OFFSETS
            .iter()
            .filter_map(|d| self.by_pos.get(&(p.0 + d.0, p.1 + d.1)))
            .map(|h| h.id.as_str())
            .collect()
    }
    /// The hex selected by Soviet Compass die `die` (1..=6) from `id`, if playable.
    pub fn compass(&self, id: &str, die: usize) -> Option<&'a str> {
        let p = self.pos(id);
        let d = self.data.map.compass[die - 1];
        self.by_pos
            .get(&(p.0 + d.0, p.1 + d.1))
            .map(|h| h.id.as_str())
    }
    pub fn distance(&self, a: &str, b: &str) -> i32 {
        let (pa, pb) = (self.pos(a), self.pos(b));
        let (dq, dr) = (pb.0 - pa.0, pb.1 - pa.1);
        dq.abs().max(dr.abs()).max((dq + dr).abs())
    }
    /// Screen y (downwards): smaller = nearer the Volga.
    pub fn y_down(&self, id: &str) -> f64 {
        let (q, r) = self.pos(id);
        3f64.sqrt() * (r as f64 + q as f64 / 2.0)
    }
    pub fn ids_where(&self, f: impl Fn(&HexDef) -> bool) -> BTreeSet<String> {
        self.data
            .map
            .hexes
            .iter()
            .filter(|h| f(h))
            .map(|h| h.id.clone())
            .collect()
    }
}

pub fn data() -> ScenarioData {
    ScenarioData::builtin()
}

pub fn set(ids: &[&str]) -> BTreeSet<String> {
    ids.iter().map(|s| s.to_string()).collect()
}

pub fn range(lo: u32, hi: u32) -> Vec<String> {
    (lo..=hi).map(|n| n.to_string()).collect()
}

pub fn unit<'a>(d: &'a ScenarioData, id: &str) -> &'a BlockDef {
    d.units
        .german
        .iter()
        .chain(&d.units.soviet)
        .chain(&d.units.generals)
        .find(|u| u.id == id)
        .unwrap_or_else(|| panic!("unit {id} is missing"))
}

pub fn count_kind(list: &[BlockDef], kind: UnitKind) -> usize {
    list.iter().filter(|u| u.kind == kind).count()
}

pub fn card_count(deck: &[CardDef], f: impl Fn(&CardEffect) -> bool) -> u32 {
    deck.iter()
        .filter(|c| f(&c.effect))
        .map(|c| c.count as u32)
        .sum()
}
