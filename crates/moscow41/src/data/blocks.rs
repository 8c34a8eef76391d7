//! The schema of `blocks.ron` ([`BlocksFile`]): blocks, bombers, Defensive Line and
//! artillery-marker counts.

use super::*;

/// Block role (R 4.2).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// Supreme Leader: Hitler, Stalin (R 4.2.4). Cannot move.
    Leader,
    /// Tactical HQ: German armies and Panzer Groups, Soviet Fronts and Zhukov (R 4.2.6, 10.2).
    TacticalHq,
    /// 2 FK and 8 FK (R 10.10).
    LuftwaffeHq,
    Combat,
}

impl Role {
    pub fn is_hq(self) -> bool {
        matches!(self, Role::TacticalHq | Role::LuftwaffeHq)
    }
}

/// Combat block type (R 4.2.5).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CombatType {
    Infantry,
    MotorizedInfantry,
    Cavalry,
    Tank,
}

/// Movement capability (R 4.2.1): Fast 5 MP, Slow 3 MP.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Speed {
    Fast,
    Slow,
}

impl Speed {
    pub const fn mp(self) -> u8 {
        match self {
            Speed::Fast => 5,
            Speed::Slow => 3,
        }
    }
}

/// The white letter in a coloured circle (R 5.1).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Letter {
    /// "L": Road to Leningrad only (41st, 56th Panzer Corps, SS Totenkopf).
    L,
    /// "N": enters the Soviet Force Pool at the start of November.
    N,
    /// Panzer-bonus symbol: the 48th Panzer Corps, available when Kiev falls.
    PanzerBonus,
}

/// One wooden block.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct BlockData {
    /// Unique short id used by setups and saves, e.g. "g_pzk24", "s_hq_w".
    pub id: String,
    /// Full name, e.g. "XXIV Panzer Corps".
    pub name: String,
    /// Short text printed on the sticker, e.g. "24", "2Pg", "W", "1G".
    pub label: String,
    pub side: Side,
    pub role: Role,
    /// For combat blocks only.
    #[serde(default)]
    pub combat_type: Option<CombatType>,
    /// Army / Front colour; None for Hitler, Stalin, Zhukov and the LW HQs.
    #[serde(default)]
    pub colour: Option<Colour>,
    /// Full strength: dots for combat blocks (1–4), stars for HQs (2–4), 4 for leaders.
    pub max_strength: u8,
    /// Colour of each dot/star, step 1 first (`dots.len() == max_strength`). A block's
    /// firepower is the colour of its current top step; replacing step n costs `dots[n-1]`.
    pub dots: Vec<Firepower>,
    pub speed: Speed,
    /// Soviet "Reduced" symbol on the first step: always deploys at minimum strength.
    #[serde(default)]
    pub reduced: bool,
    #[serde(default)]
    pub letter: Option<Letter>,
    /// Yellow lightning icon: Blitz-capable HQ (Zhukov, Guderian, Hoth; R 10.16).
    #[serde(default)]
    pub blitz_hq: bool,
    /// One of the six German infantry divisions of RO 14.7 (4 MP with that rule).
    #[serde(default)]
    pub infantry_division: bool,
    /// The Spanish Blue Division (RO 14.7).
    #[serde(default)]
    pub blue_division: bool,
    /// Some value of this row is reconstructed, not stated (see SOURCES.md).
    #[serde(default)]
    pub provisional: bool,
}

impl BlockData {
    /// Lowest level before destruction: 1 for combat blocks, 0 (♥ Heart) for HQs and leaders.
    pub fn min_strength(&self) -> u8 {
        match self.role {
            Role::Combat => 1,
            _ => 0,
        }
    }
    pub fn is_hq(&self) -> bool {
        self.role.is_hq()
    }
    /// Strength a setup "full unless Reduced" gives.
    pub fn deploy_strength(&self) -> u8 {
        if self.reduced {
            self.min_strength()
        } else {
            self.max_strength
        }
    }
}

/// Bomber type (R 10.10.1).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BomberKind {
    /// He-111: FD.
    He111,
    /// Ju-87 Stuka: FT, can Blitz, only 8 FK commits them.
    Stuka,
}

impl BomberKind {
    pub fn firepower(self) -> Firepower {
        match self {
            BomberKind::He111 => Firepower::Double,
            BomberKind::Stuka => Firepower::Triple,
        }
    }
}

#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct BomberData {
    pub id: String,
    pub kind: BomberKind,
    /// The LW HQ block id it is listed with on the OOB (GAP-9).
    pub owner: String,
}

/// `scenarios/moscow41/blocks.ron`.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct BlocksFile {
    /// All 120 blocks, German first.
    pub blocks: Vec<BlockData>,
    pub bombers: Vec<BomberData>,
    /// Defensive Lines in the box (R 4.1): German 10, Soviet 20.
    pub german_dls: u8,
    pub soviet_dls: u8,
    /// Artillery Fire markers: one per Tactical HQ (German 7, Soviet 6; R 10.4).
    pub german_artillery: u8,
    pub soviet_artillery: u8,
}
