//! What the engine gives a battle ([`BattleSetup`]): the terrain, the weather, the
//! blocks ([`BattleUnit`]) with their ladders, artillery markers and bombers, and the
//! check of a setup.

use super::*;

/// A block's id as the engine knows it (opaque here).
pub type UnitId = u16;
/// A bomber disc's id as the engine knows it (opaque here).
pub type BomberId = u16;

/// The battle area's terrain (T1). `Box` gives no Absorption Bonus (10.13).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Terrain {
    Green,
    Yellow,
    Victory,
    Box,
}

/// Weather of the impulse (8.0; Blizzard is optional rule 14.5).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Weather {
    Sunny,
    Rain,
    Snow,
    Blizzard,
}

impl Weather {
    /// Rivers are frozen in Snow (8.0) and so in Blizzard ("treated as Snow", RO 14.5).
    pub fn rivers_frozen(self) -> bool {
        matches!(self, Weather::Snow | Weather::Blizzard)
    }
}

/// RO 14.5: German blocks' dice in Blizzard are divided by these (the printed fractions are
/// lost, GAP-8: default ½ defending, ¼ attacking; never below 1 die, 3.1).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BlizzardDivisors {
    pub defending: u8,
    pub attacking: u8,
}

impl Default for BlizzardDivisors {
    fn default() -> Self {
        BlizzardDivisors {
            defending: 2,
            attacking: 4,
        }
    }
}

/// What a block is in battle (4.2).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// Infantry, motorized infantry, cavalry, tank (4.2.5).
    Combat,
    /// A Tactical HQ in the battle area fires its stars with FD (10.4); ♥ = no dice.
    TacticalHq,
    /// A Luftwaffe HQ: no firepower in ground combat (10.10), but it can take hits.
    LwHq,
    /// Hitler or Stalin: no firepower (4.2.4); never takes hits (GAP-11).
    Leader,
}

/// One block in the battle area.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct BattleUnit {
    pub id: UnitId,
    /// Shown in the log; may be empty ("block #id" is used then).
    pub name: String,
    pub side: Side,
    pub role: Role,
    pub is_tank: bool,
    /// Fast (5 MP) block: an attacking Fast combat block that clears a Green area stays
    /// revealed to show it may Blitz (10.15).
    pub is_fast: bool,
    /// Current strength: dots, or stars (♥ = 0).
    pub strength: u8,
    /// The printed strengths in rotation order, strongest first, each with its dot colour;
    /// the last entry is the minimum. HQs and leaders: `[4, 3, 2, 0]` (or its lower part), FD.
    pub ladder: Vec<(u8, Firepower)>,
    /// Marked Isolated (white cube): an isolated attacker does not fire (10.11, GAP-33).
    pub isolated: bool,
    /// Engaged into this area across a river (blue cube, 2.4.6, 10.12.5.1).
    pub across_river: bool,
    /// The Spanish Blue Division (RO 14.7): no Snow penalty; only halved attacking in Blizzard.
    pub blue_division: bool,
}

impl BattleUnit {
    /// A combat block at full strength: ladder `max, max-1, …, 1`, every step `fp`.
    pub fn combat(id: UnitId, side: Side, max: u8, fp: Firepower) -> Self {
        BattleUnit {
            id,
            name: String::new(),
            side,
            role: Role::Combat,
            is_tank: false,
            is_fast: false,
            strength: max,
            ladder: (1..=max).rev().map(|s| (s, fp)).collect(),
            isolated: false,
            across_river: false,
            blue_division: false,
        }
    }

    /// An HQ (or leader) with the ladder `4★, 3★, 2★, ♥` from `max` down, FD (4.2.2).
    pub fn hq(id: UnitId, side: Side, role: Role, max: u8, stars: u8) -> Self {
        let ladder = [4u8, 3, 2, 0]
            .into_iter()
            .filter(|s| *s <= max)
            .map(|s| (s, Firepower::Double))
            .collect();
        BattleUnit {
            role,
            strength: stars,
            ladder,
            is_fast: role == Role::TacticalHq,
            ..BattleUnit::combat(id, side, 0, Firepower::Double)
        }
    }

    pub fn named(mut self, name: &str) -> Self {
        self.name = name.to_string();
        self
    }
    pub fn tank(mut self) -> Self {
        self.is_tank = true;
        self.is_fast = true;
        self
    }
    pub fn fast(mut self) -> Self {
        self.is_fast = true;
        self
    }
    pub fn slow(mut self) -> Self {
        self.is_fast = false;
        self
    }
    /// At this current strength (it must be on the ladder).
    pub fn at(mut self, strength: u8) -> Self {
        self.strength = strength;
        self
    }
    pub fn isolated(mut self) -> Self {
        self.isolated = true;
        self
    }
    pub fn across_river(mut self) -> Self {
        self.across_river = true;
        self
    }
    pub fn blue_division(mut self) -> Self {
        self.blue_division = true;
        self
    }

    pub(super) fn rung(&self) -> Option<usize> {
        self.ladder.iter().position(|(s, _)| *s == self.strength)
    }

    /// Firepower of the current step; HQ stars are white (FD, 4.2.2).
    pub fn firepower(&self) -> Option<Firepower> {
        match self.role {
            Role::Combat => self
                .rung()
                .map(|r| self.ladder[r].1)
                .filter(|_| self.strength > 0),
            Role::TacticalHq if self.strength > 0 => Some(Firepower::Double),
            _ => None,
        }
    }

    /// ♥-level HQ (10.5): no strength, no firepower, no AA.
    pub fn exhausted(&self) -> bool {
        matches!(self.role, Role::TacticalHq | Role::LwHq | Role::Leader) && self.strength == 0
    }

    pub(super) fn label(&self) -> String {
        if self.name.is_empty() {
            format!("block #{}", self.id)
        } else {
            self.name.clone()
        }
    }
}

/// An Artillery Fire marker on the battle area (10.4, 10.12.2): dice = the HQ's stars, FD.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct Artillery {
    pub hq: UnitId,
    /// Shown in the log; may be empty.
    pub name: String,
    /// The HQ's current stars (♥ = 0: no Artillery Fire, 10.5).
    pub strength: u8,
}

#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BomberKind {
    /// Heinkel He-111: FD (10.10.1).
    He111,
    /// Junkers Ju-87 Stuka: FT; only 8 FK commits them; may follow a Blitz (10.10.1, 10.16).
    Stuka,
}

impl BomberKind {
    pub fn firepower(self) -> Firepower {
        match self {
            BomberKind::He111 => Firepower::Double,
            BomberKind::Stuka => Firepower::Triple,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            BomberKind::He111 => "He-111",
            BomberKind::Stuka => "Stuka",
        }
    }
}

/// A bomber committed to this battle (10.10): it rolls dice = its LW HQ's strength.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct Bomber {
    pub id: BomberId,
    pub kind: BomberKind,
    /// The commanding LW HQ (2 FK / 8 FK).
    pub lw_hq: UnitId,
    /// That LW HQ's current strength (before weather).
    pub lw_strength: u8,
}

/// Everything the battle needs to know, taken from the engine's state when the Attacker
/// declares the battle.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct BattleSetup {
    /// The active player (GAP-34: the Defender is always the other one).
    pub attacker: Side,
    pub terrain: Terrain,
    /// The area has a City (Chernigov and Romny included).
    pub city: bool,
    /// The Defender controls the area (the Original Defender of a disputed area, 2.5).
    pub defender_controls: bool,
    pub weather: Weather,
    /// Used only in Blizzard.
    pub blizzard: BlizzardDivisors,
    /// The area became disputed in this impulse (river rule 10.12.5.1; Armored Attack).
    pub newly_disputed: bool,
    /// A DL of the Attacker in the area (GAP-17: takes the first hit, never fires).
    pub attacker_dl: bool,
    /// A DL of the Defender in the area (4.1).
    pub defender_dl: bool,
    pub artillery: Vec<Artillery>,
    pub bombers: Vec<Bomber>,
    /// Both sides' blocks in the area, in the order they roll.
    pub units: Vec<BattleUnit>,
    /// A Blitz battle (10.16): only Stukas may support it.
    pub blitz: bool,
}

impl BattleSetup {
    /// A battle in `terrain` in good weather, newly disputed, with no DL, artillery or bombers.
    pub fn new(attacker: Side, terrain: Terrain) -> Self {
        BattleSetup {
            attacker,
            terrain,
            city: false,
            defender_controls: true,
            weather: Weather::Sunny,
            blizzard: BlizzardDivisors::default(),
            newly_disputed: true,
            attacker_dl: false,
            defender_dl: false,
            artillery: Vec::new(),
            bombers: Vec::new(),
            units: Vec::new(),
            blitz: false,
        }
    }

    pub fn defender(&self) -> Side {
        self.attacker.other()
    }

    /// The Defender's Absorption Bonus for the whole battle (10.13, T7): Yellow 1 (controlled
    /// or not); a controlled City 1 or a controlled Victory Area 2 (never both); a controlled
    /// area with the Defender's DL 1; at most 3; none in a box.
    pub fn absorption(&self) -> u32 {
        if self.terrain == Terrain::Box {
            return 0;
        }
        let yellow = (self.terrain == Terrain::Yellow) as u32;
        let urban = if !self.defender_controls {
            0
        } else if self.terrain == Terrain::Victory {
            2
        } else {
            self.city as u32
        };
        let dl = (self.defender_controls && self.defender_dl) as u32;
        (yellow + urban + dl).min(3)
    }

    pub(super) fn validate(&self) -> Result<(), BattleError> {
        let bad = |s: String| Err(BattleError::InvalidSetup(s));
        let mut ids: Vec<UnitId> = self.units.iter().map(|u| u.id).collect();
        ids.sort_unstable();
        if ids.windows(2).any(|w| w[0] == w[1]) {
            return bad("two blocks share an id".into());
        }
        for u in &self.units {
            if u.ladder.is_empty() || u.rung().is_none() {
                return bad(format!(
                    "{}: strength {} is not on its ladder {:?}",
                    u.label(),
                    u.strength,
                    u.ladder
                ));
            }
            if u.ladder.windows(2).any(|w| w[1].0 >= w[0].0) {
                return bad(format!("{}: the ladder must go down", u.label()));
            }
            if u.role == Role::LwHq && u.side != Side::German {
                return bad(format!("{}: only the Germans have LW HQs", u.label()));
            }
        }
        let fighting = |side: Side| {
            self.units
                .iter()
                .any(|u| u.side == side && u.role != Role::Leader)
        };
        if !fighting(self.attacker) {
            return bad("artillery and bombers cannot attack alone (10.11)".into());
        }
        if !fighting(self.defender()) && !self.defender_dl {
            return bad("a battle needs units of both players (10.11)".into());
        }
        if !self.bombers.is_empty() && self.attacker != Side::German {
            return bad("only the German attacker commits bombers (10.10)".into());
        }
        if self.blitz && self.bombers.iter().any(|b| b.kind != BomberKind::Stuka) {
            return bad("only Stukas follow a Blitz (10.16)".into());
        }
        let mut bids: Vec<BomberId> = self.bombers.iter().map(|b| b.id).collect();
        bids.sort_unstable();
        if bids.windows(2).any(|w| w[0] == w[1]) {
            return bad("two bombers share an id".into());
        }
        Ok(())
    }
}
