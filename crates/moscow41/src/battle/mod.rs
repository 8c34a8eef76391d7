//! One battle of Moscow '41, rules 10.11–10.15 (`shared/rules/moscow-41.md` §6, Appendix A.2).
//!
//! The module knows nothing of the engine's `State`: the engine describes the battle in a
//! [`BattleSetup`] (the area, the weather, the blocks of both sides with their current strength
//! and printed ladder, DLs, artillery markers and committed bombers), and drives a [`Battle`]:
//!
//! ```text
//! let mut battle = Battle::new(setup)?;
//! loop {
//!     match battle.run(&mut state.dice) {
//!         Progress::Finished => break,
//!         Progress::NeedsChoice(side) => {
//!             // offer battle.pending_choice().options to `side` as actions; later:
//!             battle.choose(option)?;
//!         }
//!     }
//! }
//! let result = battle.result().unwrap(); // strengths, losses and where they go, bombers, …
//! ```
//!
//! Sequence (10.12): 1 Deployment (every block revealed), 2 Artillery Fire, 3 the Defender's AA,
//! 4 Air Attack, 5 Ground Combat (the Defender fires first unless under Armored Attack; each
//! side's hits are applied before the other side fires). Hits on the Defender first use up the
//! Absorption Bonus of the whole battle (10.13), then the Defender's DL, then the strongest
//! blocks (10.14). Where the owner of tied blocks, or the German with AA hits, must choose, the
//! battle stops and lists the legal options; `choose` takes one and `run` goes on.

use eastfront_kernel::blocks::{count_hits, lose_step, Firepower, StepLoss};
use eastfront_kernel::{Dice, Side};
use serde::{Deserialize, Serialize};
use std::fmt;

mod fire;
mod hits;
mod report;
mod setup;

pub use report::*;
pub use setup::*;
/// Where the step machine stands.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    Deployment,
    /// Artillery marker `i` fires next.
    Artillery(usize),
    AntiAircraft,
    /// The German places AA hits on bombers.
    AaResults {
        hits_left: u32,
    },
    AirAttack,
    GroundStart,
    /// `i`-th side to fire (0 first, 1 second).
    GroundFire(usize),
    Done,
}

/// Hits waiting to be applied to one side (10.13, 10.14).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
struct HitQueue {
    side: Side,
    hits: u32,
}

/// One battle in progress; plain data, so it can live inside the engine's state and be saved.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct Battle {
    setup: BattleSetup,
    /// Live copies of the blocks (strength changes as hits land).
    units: Vec<BattleUnit>,
    destroyed: Vec<bool>,
    attacker_dl: bool,
    defender_dl: bool,
    absorption_left: u32,
    absorbed: u32,
    bombers: Vec<Option<BomberFate>>,
    step: Step,
    queue: Option<HitQueue>,
    first: Side,
    armored: bool,
    attacker_hits: u32,
    defender_hits: u32,
    log: Vec<BattleLog>,
    result: Option<BattleResult>,
}

fn halve_min1(x: u32, divisor: u32) -> u32 {
    if x == 0 {
        0
    } else {
        (x / divisor.max(1)).max(1)
    }
}

impl Battle {
    pub fn new(setup: BattleSetup) -> Result<Battle, BattleError> {
        setup.validate()?;
        let pool = setup.absorption();
        Ok(Battle {
            units: setup.units.clone(),
            destroyed: vec![false; setup.units.len()],
            attacker_dl: setup.attacker_dl,
            defender_dl: setup.defender_dl,
            absorption_left: pool,
            absorbed: 0,
            bombers: vec![None; setup.bombers.len()],
            step: Step::Deployment,
            queue: None,
            first: setup.defender(),
            armored: false,
            attacker_hits: 0,
            defender_hits: 0,
            log: Vec::new(),
            result: None,
            setup,
        })
    }

    pub fn setup(&self) -> &BattleSetup {
        &self.setup
    }

    /// The blocks as they stand now (strengths after the hits so far).
    pub fn units(&self) -> impl Iterator<Item = &BattleUnit> {
        self.units
            .iter()
            .zip(&self.destroyed)
            .filter(|(_, d)| !**d)
            .map(|(u, _)| u)
    }

    /// Every line so far, oldest first.
    pub fn log(&self) -> &[BattleLog] {
        &self.log
    }

    /// What is left of the Absorption Bonus.
    pub fn absorption_left(&self) -> u32 {
        self.absorption_left
    }

    pub fn is_finished(&self) -> bool {
        self.result.is_some()
    }

    pub fn result(&self) -> Option<&BattleResult> {
        self.result.as_ref()
    }

    /// The decision the battle waits for, with every legal option.
    pub fn pending_choice(&self) -> Option<PendingChoice> {
        if let Some(q) = self.queue {
            let options = self.tie_options(q.side, q.hits)?;
            return Some(PendingChoice {
                side: q.side,
                rule: "10.14.1".into(),
                prompt: format!(
                    "{} {}: blocks of equal strength are the strongest; choose which takes the next hit.",
                    q.hits,
                    if q.hits == 1 { "hit" } else { "hits" }
                ),
                hits_left: q.hits,
                options,
            });
        }
        if let Step::AaResults { hits_left } = self.step {
            let options = self.aa_options(hits_left);
            if options.len() > 1 {
                return Some(PendingChoice {
                    side: Side::German,
                    rule: "10.12.3".into(),
                    prompt: format!(
                        "{hits_left} AA {} against the bombers: each hit aborts a bomber, two hits may destroy one instead.",
                        if hits_left == 1 { "hit" } else { "hits" }
                    ),
                    hits_left,
                    options,
                });
            }
        }
        None
    }

    /// Answers the pending choice; then call [`Battle::run`] again.
    pub fn choose(&mut self, option: BattleOption) -> Result<(), BattleError> {
        let pending = self.pending_choice().ok_or(BattleError::NoChoicePending)?;
        if !pending.options.contains(&option) {
            return Err(BattleError::IllegalOption(option));
        }
        self.apply_option(option);
        Ok(())
    }

    fn apply_option(&mut self, option: BattleOption) {
        match option {
            BattleOption::HitBlock(id) => {
                let i = self.index(id).expect("a listed block");
                self.hit_block(i);
                let q = self.queue.as_mut().expect("a hit queue");
                q.hits -= 1;
            }
            BattleOption::AbortBomber(b) | BattleOption::DestroyBomber(b) => {
                let destroy = matches!(option, BattleOption::DestroyBomber(_));
                self.bomber_result(b, destroy);
                if let Step::AaResults { hits_left } = &mut self.step {
                    *hits_left -= if destroy { 2 } else { 1 };
                }
            }
        }
    }

    /// Advances until a player must choose or the battle is over.
    pub fn run(&mut self, dice: &mut Dice) -> Progress {
        loop {
            if self.queue.is_some() {
                if let Some(side) = self.apply_queue() {
                    return Progress::NeedsChoice(side);
                }
                continue;
            }
            match self.step {
                Step::Deployment => self.deployment(),
                Step::Artillery(i) => self.artillery(i, dice),
                Step::AntiAircraft => self.anti_aircraft(dice),
                Step::AaResults { hits_left } => {
                    if let Some(p) = self.pending_choice() {
                        return Progress::NeedsChoice(p.side);
                    }
                    self.aa_auto(hits_left);
                }
                Step::AirAttack => self.air_attack(dice),
                Step::GroundStart => self.ground_start(),
                Step::GroundFire(i) => self.ground_fire(i, dice),
                Step::Done => {
                    if self.result.is_none() {
                        self.finish();
                    }
                    return Progress::Finished;
                }
            }
        }
    }

    // ---- log helpers ----

    fn push_log(&mut self, rule: &str, text: String, event: BattleEvent) {
        self.log.push(BattleLog {
            rule: rule.to_string(),
            text,
            event,
        });
    }

    fn note(&mut self, rule: &str, text: String) {
        self.push_log(rule, text, BattleEvent::Note);
    }

    fn roll(
        &mut self,
        dice: &mut Dice,
        rule: &str,
        source: FireSource,
        firepower: Firepower,
        n: u32,
        what: String,
    ) -> u32 {
        let side = match source {
            FireSource::Artillery { .. } | FireSource::Bomber { .. } => self.setup.attacker,
            FireSource::AntiAircraft { .. } | FireSource::Ground { unit: None } => {
                self.setup.defender()
            }
            FireSource::Ground { unit: Some(id) } => {
                self.units
                    .iter()
                    .find(|u| u.id == id)
                    .expect("a block")
                    .side
            }
        };
        let rolled = dice.roll(n as usize);
        let hits = count_hits(&rolled, firepower);
        self.push_log(
            rule,
            format!(
                "{what}: {n} {} {} → {:?}: {hits} {}.",
                if n == 1 { "die" } else { "dice" },
                firepower.short(),
                rolled,
                if hits == 1 { "hit" } else { "hits" }
            ),
            BattleEvent::Roll {
                side,
                source,
                firepower,
                dice: rolled,
                hits,
            },
        );
        hits
    }

    fn index(&self, id: UnitId) -> Option<usize> {
        self.units
            .iter()
            .zip(&self.destroyed)
            .position(|(u, d)| u.id == id && !*d)
    }

    fn alive(&self, side: Side) -> impl Iterator<Item = usize> + '_ {
        (0..self.units.len()).filter(move |&i| !self.destroyed[i] && self.units[i].side == side)
    }

    fn dl(&self, side: Side) -> bool {
        if side == self.setup.attacker {
            self.attacker_dl
        } else {
            self.defender_dl
        }
    }

    /// Units (blocks other than leaders, and DLs) of `side` still in the area.
    fn has_units(&self, side: Side) -> bool {
        self.dl(side) || self.alive(side).any(|i| self.units[i].role != Role::Leader)
    }
}
