//! `scenarios/no_retreat/tables.ron`: the two Combat Results Tables and the Terrain Effects
//! Chart (spec §7.1, §7.3).

use super::map::Terrain;
use serde::{Deserialize, Serialize};

/// A CRT column (spec §7.1): 1:3 … 6:1. Below 1:3 is an automatic CA (10.6.4).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Column {
    OneThree,
    OneTwo,
    OneOne,
    ThreeTwo,
    TwoOne,
    ThreeOne,
    FourOne,
    FiveOne,
    SixOne,
}

impl Column {
    pub const ALL: [Column; 9] = [
        Column::OneThree,
        Column::OneTwo,
        Column::OneOne,
        Column::ThreeTwo,
        Column::TwoOne,
        Column::ThreeOne,
        Column::FourOne,
        Column::FiveOne,
        Column::SixOne,
    ];
    /// The column's ratio attack : defence as (attack, defence).
    pub const fn ratio(self) -> (u32, u32) {
        match self {
            Column::OneThree => (1, 3),
            Column::OneTwo => (1, 2),
            Column::OneOne => (1, 1),
            Column::ThreeTwo => (3, 2),
            Column::TwoOne => (2, 1),
            Column::ThreeOne => (3, 1),
            Column::FourOne => (4, 1),
            Column::FiveOne => (5, 1),
            Column::SixOne => (6, 1),
        }
    }
    pub fn index(self) -> usize {
        self as usize
    }
    pub fn from_index(i: i32) -> Option<Column> {
        usize::try_from(i)
            .ok()
            .and_then(|i| Column::ALL.get(i).copied())
    }
    pub fn label(self) -> &'static str {
        match self {
            Column::OneThree => "1:3",
            Column::OneTwo => "1:2",
            Column::OneOne => "1:1",
            Column::ThreeTwo => "3:2",
            Column::TwoOne => "2:1",
            Column::ThreeOne => "3:1",
            Column::FourOne => "4:1",
            Column::FiveOne => "5:1",
            Column::SixOne => "6:1",
        }
    }
}

/// A combat result (10.7).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CombatResult {
    /// "–": indecisive, no effect.
    NoEffect,
    /// Counterattack: the defender may counterattack (10.7.2).
    CA,
    /// Counterblow: the active player marks one of his attacking hexes (10.7.3).
    CB,
    /// Defender retreats 2 hexes.
    DR,
    /// Defender shattered: retreat 2, then the Shattered box.
    DS,
    /// Defender destroyed: each defending unit loses a step, then retreats.
    DD,
    /// Exchange: each side loses one step.
    EX,
}

impl CombatResult {
    pub fn label(self) -> &'static str {
        match self {
            CombatResult::NoEffect => "–",
            CombatResult::CA => "CA",
            CombatResult::CB => "CB",
            CombatResult::DR => "DR",
            CombatResult::DS => "DS",
            CombatResult::DD => "DD",
            CombatResult::EX => "EX",
        }
    }
}

/// How a CRT cell is known (evidence §1.5): O = observed in play or in a rulebook example,
/// L = the diagonal ladder with observations on both sides, W = observed only in a "Long
/// Winter" battle (the same in both CRTs), G = guessed (no observation in its ladder band).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CellSource {
    O,
    L,
    W,
    G,
}

/// One side's CRT: six rows (die 1–6) of nine columns (1:3 … 6:1).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Crt {
    pub rows: Vec<Vec<CombatResult>>,
    /// Row by row, how each cell is known.
    pub sources: Vec<Vec<CellSource>>,
}

impl Crt {
    /// The result for a die roll (1–6) on a column.
    pub fn result(&self, column: Column, die: u8) -> CombatResult {
        self.rows[usize::from(die.clamp(1, 6)) - 1][column.index()]
    }
    pub fn source(&self, column: Column, die: u8) -> CellSource {
        self.sources[usize::from(die.clamp(1, 6)) - 1][column.index()]
    }
}

/// One row of the Terrain Effects Chart.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct TerrainEffects {
    pub terrain: Terrain,
    /// MP to enter for armor units; None = prohibited.
    pub armor_mp: Option<u8>,
    /// MP to enter for the other units (infantry types, mechanized infantry, 14.4).
    pub other_mp: Option<u8>,
    /// Column shifts left for a defender in this hex (10.6.1).
    pub defence_shift: u8,
    /// Entering it stops an advance after combat (10.8.1).
    pub stops_advance: bool,
}

/// The TEC: per-terrain rows plus the hex features and hexsides.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Tec {
    pub terrain: Vec<TerrainEffects>,
    /// City hex: MP to enter (both columns) and the defender's shift (10.6.1).
    pub city_mp: u8,
    pub city_shift: u8,
    /// Objective hex: a further shift on top of the city's (10.6 example).
    pub objective_shift: u8,
    /// Oil-field hex: the defender's shift (it costs its terrain's MP).
    pub oil_shift: u8,
    /// Finland and the Balkans areas (8.6, 8.7): MP to enter (armor, other) and shift.
    pub area_armor_mp: u8,
    pub area_other_mp: u8,
    pub area_shift: u8,
    /// River hexside: shift when every attacker crosses one (not when frozen).
    pub river_shift: u8,
    /// Extra MP to leave an EZOC (8.5.2).
    pub leave_ezoc_mp: u8,
}

impl Tec {
    pub fn row(&self, t: Terrain) -> Option<&TerrainEffects> {
        self.terrain.iter().find(|r| r.terrain == t)
    }
}

/// `scenarios/no_retreat/tables.ron`.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct TablesFile {
    /// Rolled by the Axis when it attacks (not in Snow or Extreme Winter, 13.1 [EXT]).
    pub axis_crt: Crt,
    /// Rolled by the Soviets, and by the Axis in Snow and Extreme Winter.
    pub soviet_crt: Crt,
    pub tec: Tec,
}
