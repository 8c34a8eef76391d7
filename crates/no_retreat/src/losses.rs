//! Combat results applied (10.7.1–10.7.6, 14.1, 14.5–14.11) and stacking (8.4): what a result
//! does in a given target hex, what a step loss does to a given counter, who must take a loss.

use crate::data::{CombatResult, Steps, TrackFile, TurnEvent, UnitData, UnitType};
use eastfront_kernel::Side;

/// What a step loss does to one unit (10.7.1, 7.3, 14.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepLoss {
    /// A full-strength two-step unit flips to its reduced face.
    Reduce,
    /// A fortified unit flips to its regional face (14.1); it still does not retreat.
    ToRegional,
    /// A one-step unit, or a unit already reduced, is eliminated.
    Eliminate,
}

/// 7.3, 13.5 turn 17: from this turn Soviet Fronts have two steps (red full, brown reduced).
pub fn soviet_two_steps(track: &TrackFile, turn: u8) -> bool {
    track
        .turns
        .iter()
        .any(|t| t.turn <= turn && t.events.contains(&TurnEvent::SovietTwoSteps))
}

/// 10.7.1: one step lost by `unit` showing its reduced face or not.
pub fn step_loss(unit: &UnitData, reduced: bool, soviet_two_steps: bool) -> StepLoss {
    match unit.steps {
        Steps::Two if !reduced => StepLoss::Reduce,
        Steps::SovietFront if soviet_two_steps && !reduced => StepLoss::Reduce,
        Steps::RegionalFortified if !reduced => StepLoss::ToRegional,
        _ => StepLoss::Eliminate,
    }
}

/// A defending unit as the result table needs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Defender {
    pub fortified: bool,
    pub volkssturm: bool,
}

/// What a result does in this target hex (10.7, 10.7.4, 14.11).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Effects {
    /// Every defending unit retreats 2 hexes (10.7.5).
    pub retreat: bool,
    /// After retreating, the survivors go to the Shattered box (10.7.6).
    pub shatter: bool,
    /// Every defending unit loses one step (DD; before the retreat, spec [INF]).
    pub each_defender_loses_step: bool,
    /// Each side loses one step (EX).
    pub exchange: bool,
    /// The Volkssturm in the hex leaves the game (14.11).
    pub remove_volkssturm: bool,
    /// The defender may counterattack (CA, 10.7.2).
    pub counterattack: bool,
    /// The active player places a Counterblow marker on one of his attacking hexes (CB).
    pub counterblow: bool,
}

/// 10.7, 10.7.4, 14.11: the effects of `result` on a target hex holding `defenders`. With a
/// fortified unit in the hex, DR is no effect, DS is an EX and DD has no retreat; with a
/// Volkssturm unit, DR is no effect and the Volkssturm leaves the game.
pub fn effects(result: CombatResult, defenders: &[Defender]) -> Effects {
    let fortified = defenders.iter().any(|d| d.fortified);
    let volkssturm = defenders.iter().any(|d| d.volkssturm);
    let mut e = Effects::default();
    match result {
        CombatResult::NoEffect => {}
        CombatResult::CA => e.counterattack = true,
        CombatResult::CB => e.counterblow = true,
        CombatResult::EX => e.exchange = true,
        CombatResult::DR if volkssturm => e.remove_volkssturm = true,
        CombatResult::DR if fortified => {}
        CombatResult::DR => e.retreat = true,
        CombatResult::DS if fortified => e.exchange = true,
        CombatResult::DS => {
            e.retreat = true;
            e.shatter = true;
        }
        CombatResult::DD => {
            e.each_defender_loses_step = true;
            e.retreat = !fortified;
        }
    }
    e
}

/// An attacking unit as the loss rules need it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Loser {
    pub ss: bool,
    pub kind: UnitType,
    /// A Soviet Shock unit (14.7).
    pub shock: bool,
}

/// 10.7.1, 14.5–14.7: which of the participating units may take a step loss (the owner
/// chooses among them). Attacking: an SS Panzer or a Shock unit must take an EX loss; an SS
/// Panzergrenadier must take any loss unless an SS Panzer attacks with it. Defending: an SS
/// Panzergrenadier must take it.
pub fn loss_candidates(units: &[Loser], attacking: bool) -> Vec<usize> {
    let ss_pz = |u: &Loser| u.ss && u.kind == UnitType::Armor;
    let ss_pg = |u: &Loser| u.ss && u.kind == UnitType::Mechanized;
    let with_ss_pz = units.iter().any(ss_pz);
    let must: Vec<usize> = units
        .iter()
        .enumerate()
        .filter(|(_, u)| {
            (attacking && (ss_pz(u) || u.shock)) || (ss_pg(u) && !(attacking && with_ss_pz))
        })
        .map(|(i, _)| i)
        .collect();
    if must.is_empty() {
        (0..units.len()).collect()
    } else {
        must
    }
}

/// 8.4.1, 13.5 turn 23: units a side may stack in a hex.
pub fn stacking_limit(track: &TrackFile, side: Side, turn: u8) -> usize {
    match side {
        Side::German => 2,
        Side::Soviet => track
            .turns
            .iter()
            .filter(|t| t.turn <= turn)
            .flat_map(|t| t.events.iter())
            .filter_map(|e| match e {
                TurnEvent::SovietStacking(n) => Some(usize::from(*n)),
                _ => None,
            })
            .next_back()
            .unwrap_or(1),
    }
}

/// 8.4.2, 15.8: markers and the Rezervy unit do not count for stacking.
pub fn counts_for_stacking(unit: &UnitData) -> bool {
    unit.optional.as_deref() != Some("15.8")
}

/// 8.4.3: how many units over the limit a hex holds (the owner removes that many of his
/// choice: to the Shattered box, or the Destroyed box if Unsupplied).
pub fn overstacked(units: &[&UnitData], limit: usize) -> usize {
    units
        .iter()
        .filter(|u| counts_for_stacking(u))
        .count()
        .saturating_sub(limit)
}
