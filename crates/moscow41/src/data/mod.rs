//! The Moscow '41 scenario files (`scenarios/moscow41/*.ron`): their schema, loading and
//! validation. Everything here is plain data; provenance is in `scenarios/moscow41/SOURCES.md`.
//! Rule numbers are the rulebook's, as cited in `shared/rules/moscow-41.md` (`R 2.4` = rulebook
//! rule 2.4; `SC.C`, `SC.1`..`SC.3` = the campaign and scenario setups).
//!
//! Three files:
//! - `map.ron` ([`MapFile`]): the 175 areas with terrain, features, board geometry and the
//!   borders between them (with rivers), and the 12 off-map boxes.
//! - `blocks.ron` ([`BlocksFile`]): the 120 blocks, the 8 bombers, Defensive Line and
//!   artillery-marker counts.
//! - `setups.ron` ([`SetupsFile`]): the campaign and the three scenarios, deployment as data.

use eastfront_kernel::{DataError, Side};
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};
use std::path::Path;

mod blocks;
mod load;
mod map;
mod setups;

pub use blocks::*;
pub use load::*;
pub use map::*;
pub use setups::*;

// ---------------------------------------------------------------- shared enums

/// Area terrain (R 2.4). Staging = the four German Staging Areas 16A, 9A, 4A, 2A (R 2.4.4).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Terrain {
    /// Green circle: 1 MP, 4 blocks + 1 DL per player, absorption 0.
    Green,
    /// Yellow circle (forest, swamp, hills): 2 MP, 2 blocks + 1 DL, absorption 1.
    Yellow,
    /// Big star (Smolensk, Kursk, Tula, Voronezh, Moscow): 2 MP, 2 blocks + 1 DL, absorption 2
    /// if the defender controls it, 1 VP to its controller.
    Victory,
    /// German Staging Area: Germans only, unlimited stacking, German supply source.
    Staging,
}

impl Terrain {
    /// Blocks per player (R 2.7); None = unlimited (Staging Areas).
    pub fn stacking(self) -> Option<u8> {
        match self {
            Terrain::Green => Some(4),
            Terrain::Yellow | Terrain::Victory => Some(2),
            Terrain::Staging => None,
        }
    }
    /// Entry cost in good weather (R 2.6, T2).
    pub fn mp_cost(self) -> u8 {
        match self {
            Terrain::Green | Terrain::Staging => 1,
            Terrain::Yellow | Terrain::Victory => 2,
        }
    }
}

/// Army / Front colour of a block or a map icon (sticker background colour, OOB list).
/// German: Yellow = 2nd Army, LightBlue = 4th Army, Pink = 9th Army, Brown = 16th Army,
/// Red = 2nd Panzer Group, Green = 3rd Panzer Group, Blue = 4th Panzer Group, White = reserve.
/// Soviet: Green = Bryansk, LightBlue = Central, Red = Kalinin, Blue = West,
/// Yellow = Northwest, White = reserve.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    Yellow,
    LightBlue,
    Pink,
    Brown,
    Red,
    Green,
    Blue,
    White,
}

/// Dot colour = firepower of one strength step (R 4.2.2): Black = Single Fire (hits on 6,
/// 1 Replacement Point), White = Double Fire (5–6, 2 RP), Red = Triple Fire (4–6, 3 RP).
/// The same firepower as Stalingrad's pips: one shared type in the kernel.
pub use eastfront_kernel::blocks::Firepower;

/// Moscow '41's price of a step by its colour.
pub trait ReplacementCost {
    /// Replacement points to restore one step of this colour (R 7.2.2): 1 / 2 / 3.
    fn replacement_cost(self) -> u8;
}

impl ReplacementCost for Firepower {
    fn replacement_cost(self) -> u8 {
        match self {
            Firepower::Single => 1,
            Firepower::Double => 2,
            Firepower::Triple => 3,
        }
    }
}
