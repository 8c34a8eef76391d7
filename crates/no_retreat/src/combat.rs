//! Combat arithmetic (10.4–10.7): the odds column, every column shift of spec §7.2, which CRT is
//! rolled on, and the result of a die. Pure functions of a [`Battle`] description, so the state
//! machine, the AI and the table's "odds before committing" panel compute the same thing.
//! The die itself is rolled by the caller through `eastfront_kernel::Dice` ([`roll`]).

use crate::data::{Column, CombatResult, Crt, TablesFile, Tec, Terrain, UnitType};
use eastfront_kernel::{Dice, Side};
use serde::{Deserialize, Serialize};

/// The weather of the turn as combat sees it (13.1), extreme winter included.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TurnWeather {
    Clear,
    Mud,
    Snow,
    ExtremeWinter,
}

impl TurnWeather {
    /// Snow or extreme winter: frozen rivers, the Axis winter penalty (13.1).
    pub fn wintry(self) -> bool {
        matches!(self, TurnWeather::Snow | TurnWeather::ExtremeWinter)
    }
}

/// What kind of battle (10.1, 10.7.2, 10.7.3): terrain shifts apply only to voluntary ones.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BattleKind {
    /// Against a Target-marker hex.
    Voluntary,
    /// Against a Counterblow-marker hex (10.1.2, 10.7.3): no terrain shifts.
    Counterblow,
    /// A counterattack after a CA (10.7.2): no terrain shifts.
    Counterattack,
}

/// One attacking unit, as combat needs it.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct AttackingUnit {
    pub kind: UnitType,
    pub strength: u8,
    pub supplied: bool,
    pub ss: bool,
    /// A Soviet Shock unit with its front face up (14.7).
    pub shock_front: bool,
    pub finnish: bool,
    /// This unit attacks across a river hexside (10.6.1).
    pub across_river: bool,
}

/// One defending unit.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct DefendingUnit {
    pub kind: UnitType,
    pub strength: u8,
    pub unsupplied: bool,
    pub ss: bool,
}

/// The target hex whose terrain the defender chose (10.6.1).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub struct TargetHex {
    pub terrain: Terrain,
    pub city: bool,
    pub objective: bool,
    pub oil: bool,
    /// Finland or a Balkans area.
    pub area: bool,
}

impl TargetHex {
    /// Clear terrain with no city: the only place for the armor bonus (10.6.3; a city is not
    /// a clear hex, spec E5 [INF]).
    pub fn is_clear(&self) -> bool {
        self.terrain == Terrain::Clear && !self.city && !self.area
    }
}

/// Everything that decides a battle's column.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Battle {
    pub attacker: Side,
    pub kind: BattleKind,
    pub attackers: Vec<AttackingUnit>,
    pub defenders: Vec<DefendingUnit>,
    pub target: TargetHex,
    pub weather: TurnWeather,
    /// 13.5 turn 5: the Axis winter penalty is 2 columns.
    pub double_winter_penalty: bool,
    /// 10.6.2 [EXT]: the first Snow turn of the game, when a Shock! marker gives 2R.
    pub first_snow_turn: bool,
    /// The attacker commits his Blitz!/Shock! marker (10.6.2).
    pub support: bool,
    /// 13.5: Romania has surrendered, non-SS Panzers lose the armor bonus.
    pub romania_surrendered: bool,
    /// Shifts from event cards played for the battle (10.5 step 2): title, columns (+ right).
    pub card_shifts: Vec<(String, i8)>,
}

/// Why a column moved.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub enum ShiftReason {
    City,
    Objective,
    Terrain(Terrain),
    Area,
    Oil,
    River,
    Support,
    ArmorBonus,
    SsArmorBonus,
    ShockUnit,
    SsPanzergrenadier,
    UnsuppliedDefender,
    Winter,
    Card(String),
}

/// One named shift: columns (+ right, − left) and the rule.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct Shift {
    pub reason: ShiftReason,
    pub columns: i8,
    pub rule: &'static str,
}

impl Shift {
    /// The words for the odds panel and the log ("city 1L (10.6.1)").
    pub fn describe(&self) -> String {
        let what = match &self.reason {
            ShiftReason::City => "city".to_string(),
            ShiftReason::Objective => "Objective hex".to_string(),
            ShiftReason::Terrain(t) => format!("{t:?}").to_lowercase(),
            ShiftReason::Area => "area".to_string(),
            ShiftReason::Oil => "oil field".to_string(),
            ShiftReason::River => "river".to_string(),
            ShiftReason::Support => "support marker".to_string(),
            ShiftReason::ArmorBonus => "armor bonus".to_string(),
            ShiftReason::SsArmorBonus => "SS armor".to_string(),
            ShiftReason::ShockUnit => "Shock unit".to_string(),
            ShiftReason::SsPanzergrenadier => "SS Panzergrenadier".to_string(),
            ShiftReason::UnsuppliedDefender => "unsupplied defender".to_string(),
            ShiftReason::Winter => "winter".to_string(),
            ShiftReason::Card(c) => c.clone(),
        };
        let dir = if self.columns >= 0 { 'R' } else { 'L' };
        format!(
            "{what} {}{dir} ({})",
            self.columns.unsigned_abs(),
            self.rule
        )
    }
}

/// The odds of a battle: the strengths, the initial column (None: below 1:3, an automatic
/// CA before any shift, 10.6.4), the shifts and the final column (None: automatic CA).
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct Odds {
    pub attack: u32,
    pub defence: u32,
    pub initial: Option<Column>,
    pub shifts: Vec<Shift>,
    pub final_column: Option<Column>,
}

impl Odds {
    pub fn net_shift(&self) -> i32 {
        self.shifts.iter().map(|s| i32::from(s.columns)).sum()
    }
    /// An automatic CA (10.6.4): no die is rolled.
    pub fn automatic_ca(&self) -> bool {
        self.final_column.is_none()
    }
}

/// 10.5 step 3 / 10.6.4: the highest column whose ratio the odds reach (rounded down, exact
/// integer arithmetic); above 6:1 is 6:1; below 1:3 is None (an automatic CA).
pub fn column_for(attack: u32, defence: u32) -> Option<Column> {
    if defence == 0 {
        return Some(Column::SixOne);
    }
    Column::ALL.iter().rev().copied().find(|c| {
        let (a, d) = c.ratio();
        u64::from(attack) * u64::from(d) >= u64::from(a) * u64::from(defence)
    })
}

/// 10.6.4: shift a column; past 6:1 stays 6:1, below 1:3 is None (an automatic CA).
pub fn shift_column(from: Column, net: i32) -> Option<Column> {
    let i = from.index() as i32 + net;
    if i > Column::SixOne.index() as i32 {
        Some(Column::SixOne)
    } else {
        Column::from_index(i)
    }
}

/// Every shift of spec §7.2 that applies to this battle, each named with its rule. Terrain
/// shifts come from the TEC (`tables.ron`), so a corrected chart changes them.
pub fn shifts(b: &Battle, tec: &Tec) -> Vec<Shift> {
    let mut out = Vec::new();
    let mut push = |reason: ShiftReason, columns: i8, rule: &'static str| {
        if columns != 0 {
            out.push(Shift {
                reason,
                columns,
                rule,
            })
        }
    };
    let left = |n: u8| -i8::try_from(n).unwrap_or(i8::MAX);
    // 10.6.1: the defender's terrain, only in voluntary battles (10.7.2, 10.7.3).
    if b.kind == BattleKind::Voluntary {
        let t = &b.target;
        if t.city {
            push(ShiftReason::City, left(tec.city_shift), "10.6.1");
        }
        if t.objective {
            push(ShiftReason::Objective, left(tec.objective_shift), "10.6");
        }
        if t.oil && !t.city {
            push(ShiftReason::Oil, left(tec.oil_shift), "10.6.1");
        }
        if t.area {
            push(ShiftReason::Area, left(tec.area_shift), "10.6.1");
        } else if let Some(row) = tec.row(t.terrain) {
            push(
                ShiftReason::Terrain(t.terrain),
                left(row.defence_shift),
                "10.6.1",
            );
        }
        // 10.6.1, 13.1: a river if every attacker crosses one; frozen in snow.
        let all_across = !b.attackers.is_empty() && b.attackers.iter().all(|a| a.across_river);
        if all_across && !b.weather.wintry() {
            push(ShiftReason::River, left(tec.river_shift), "10.6.1");
        }
    }
    // 10.6.2: one support marker, not for an attack made only by unsupplied units.
    if b.support && b.attackers.iter().any(|a| a.supplied) {
        let doubled = b.attacker == Side::Soviet && b.first_snow_turn;
        push(
            ShiftReason::Support,
            if doubled { 2 } else { 1 },
            if doubled {
                "10.6.2 (first Snow turn)"
            } else {
                "10.6.2"
            },
        );
    }
    // 14.5: a supplied SS Panzer attacker always gets the armor bonus; else 10.6.3.
    let ss_armor = b
        .attackers
        .iter()
        .any(|a| a.ss && a.kind.is_armor() && a.supplied);
    if ss_armor {
        push(ShiftReason::SsArmorBonus, 1, "14.5");
    } else if armor_bonus(b) {
        push(ShiftReason::ArmorBonus, 1, "10.6.3");
    }
    // 14.7: Shock units with their front face up, once per battle.
    if b.attackers.iter().any(|a| a.shock_front) {
        push(ShiftReason::ShockUnit, 1, "14.7");
    }
    // 14.6: an SS Panzergrenadier among the defenders.
    if b.defenders
        .iter()
        .any(|d| d.ss && d.kind == UnitType::Mechanized)
    {
        push(ShiftReason::SsPanzergrenadier, -1, "14.6");
    }
    // 6.5.4: an Unsupplied unit in the defending hex, once per battle.
    if b.defenders.iter().any(|d| d.unsupplied) {
        push(ShiftReason::UnsuppliedDefender, 2, "6.5.4");
    }
    // 13.1: the Axis (other than the Finns) attacking the Soviets in snow; 2L on turn 5.
    if b.attacker == Side::German && b.weather.wintry() && b.attackers.iter().any(|a| !a.finnish) {
        if b.double_winter_penalty {
            push(ShiftReason::Winter, -2, "13.1, 13.5 turn 5");
        } else {
            push(ShiftReason::Winter, -1, "13.1");
        }
    }
    for (title, cols) in &b.card_shifts {
        push(ShiftReason::Card(title.clone()), *cols, "10.5 step 2");
    }
    out
}

/// 10.6.3: armor among the (supplied, 6.5.4) attackers, infantry-type defenders only (no armor,
/// no mechanized, 14.4), a clear hex, and neither mud nor extreme winter. Non-SS Panzers lose
/// it once Romania has surrendered (13.5).
fn armor_bonus(b: &Battle) -> bool {
    let eligible = b.attackers.iter().any(|a| {
        a.kind.is_armor()
            && a.supplied
            && !(b.attacker == Side::German && b.romania_surrendered && !a.ss)
    });
    eligible
        && !b.defenders.is_empty()
        && b.defenders.iter().all(|d| d.kind.is_infantry_type())
        && b.target.is_clear()
        && matches!(b.weather, TurnWeather::Clear | TurnWeather::Snow)
}

/// 10.4–10.6: the strengths, the initial column, the shifts and the final column.
pub fn odds(b: &Battle, tec: &Tec) -> Odds {
    let attack: u32 = b.attackers.iter().map(|a| u32::from(a.strength)).sum();
    let defence: u32 = b.defenders.iter().map(|d| u32::from(d.strength)).sum();
    let initial = column_for(attack, defence);
    let shifts = shifts(b, tec);
    let net: i32 = shifts.iter().map(|s| i32::from(s.columns)).sum();
    let final_column = initial.and_then(|c| shift_column(c, net));
    Odds {
        attack,
        defence,
        initial,
        shifts,
        final_column,
    }
}

/// Which CRT the attacker rolls on (2.2, 10.5 step 5): his own; the Axis rolls on the Soviet
/// CRT in Snow and Extreme Winter when `axis_soviet_crt_in_snow` (13.1 [EXT], default on).
pub fn crt_side(attacker: Side, weather: TurnWeather, axis_soviet_crt_in_snow: bool) -> Side {
    if attacker == Side::German && weather.wintry() && axis_soviet_crt_in_snow {
        Side::Soviet
    } else {
        attacker
    }
}

/// The CRT of a side.
pub fn crt(tables: &TablesFile, side: Side) -> &Crt {
    match side {
        Side::German => &tables.axis_crt,
        Side::Soviet => &tables.soviet_crt,
    }
}

/// The result of a die on the final column; an automatic CA needs no die (10.6.4).
pub fn result(crt: &Crt, odds: &Odds, die: u8) -> CombatResult {
    match odds.final_column {
        Some(c) => crt.result(c, die),
        None => CombatResult::CA,
    }
}

/// 10.5 step 5: roll the die through the kernel's dice (scriptable) unless the result is an
/// automatic CA. Returns the die (None when none was rolled) and the result.
pub fn roll(crt: &Crt, odds: &Odds, dice: &mut Dice) -> (Option<u8>, CombatResult) {
    if odds.automatic_ca() {
        return (None, CombatResult::CA);
    }
    let die = dice.d6();
    (Some(die), result(crt, odds, die))
}
