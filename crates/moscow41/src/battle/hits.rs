//! Applying hits (10.13–10.14: the Absorption Bonus, DLs, the strongest blocks, the
//! owner's choice among ties) and the end of the battle (10.15: its result).

use super::*;

impl Battle {
    // ---- 10.13–10.14 applying hits ----

    /// Hits on `side`: the Defender's first go to the Absorption Bonus left (10.13).
    pub(super) fn queue_hits(&mut self, side: Side, hits: u32) {
        let mut hits = hits;
        if side == self.setup.defender() && self.absorption_left > 0 && hits > 0 {
            let a = hits.min(self.absorption_left);
            self.absorption_left -= a;
            self.absorbed += a;
            hits -= a;
            let left = self.absorption_left;
            self.push_log(
                "10.13",
                format!(
                    "The Absorption Bonus takes {a} {} ({left} left).",
                    if a == 1 { "hit" } else { "hits" }
                ),
                BattleEvent::Absorbed { hits: a, left },
            );
        }
        if hits > 0 {
            self.queue = Some(HitQueue { side, hits });
        }
    }

    /// Blocks of `side` that may take hits (not leaders, GAP-11).
    fn sinks(&self, side: Side) -> Vec<usize> {
        self.alive(side)
            .filter(|&i| self.units[i].role != Role::Leader)
            .collect()
    }

    /// The tied strongest blocks when the owner must choose (fewer hits than tied blocks).
    pub(super) fn tie_options(&self, side: Side, hits: u32) -> Option<Vec<BattleOption>> {
        if self.dl(side) || hits == 0 {
            return None;
        }
        let sinks = self.sinks(side);
        let top = sinks.iter().map(|&i| self.units[i].strength).max()?;
        let tied: Vec<usize> = sinks
            .into_iter()
            .filter(|&i| self.units[i].strength == top)
            .collect();
        if tied.len() < 2 || hits as usize >= tied.len() {
            return None;
        }
        Some(
            tied.iter()
                .map(|&i| BattleOption::HitBlock(self.units[i].id))
                .collect(),
        )
    }

    /// Applies queued hits until done or a choice is needed (10.14): the side's DL first
    /// (GAP-17 for the Attacker's), then the strongest block, one hit at a time; excess lost.
    pub(super) fn apply_queue(&mut self) -> Option<Side> {
        while let Some(q) = self.queue {
            if q.hits == 0 {
                self.queue = None;
                break;
            }
            let side = q.side;
            if self.dl(side) {
                if side == self.setup.attacker {
                    self.attacker_dl = false;
                } else {
                    self.defender_dl = false;
                }
                self.push_log(
                    if side == self.setup.attacker {
                        "10.14"
                    } else {
                        "4.1"
                    },
                    format!(
                        "The {} Defensive Line takes a hit and is destroyed.",
                        side.name()
                    ),
                    BattleEvent::DlDestroyed { side },
                );
                self.queue.as_mut().unwrap().hits -= 1;
                continue;
            }
            let sinks = self.sinks(side);
            let Some(top) = sinks.iter().map(|&i| self.units[i].strength).max() else {
                self.push_log(
                    "10.14.2",
                    format!(
                        "{} excess {} on the {} lost: no unit left.",
                        q.hits,
                        if q.hits == 1 { "hit" } else { "hits" },
                        side.name()
                    ),
                    BattleEvent::ExcessLost { side, hits: q.hits },
                );
                self.queue = None;
                break;
            };
            let tied: Vec<usize> = sinks
                .into_iter()
                .filter(|&i| self.units[i].strength == top)
                .collect();
            if tied.len() > 1 && (q.hits as usize) < tied.len() {
                return Some(side);
            }
            // Every tied block takes one hit (order does not matter) or the one strongest.
            let n = tied.len().min(q.hits as usize);
            for &i in &tied[..n] {
                self.hit_block(i);
            }
            self.queue.as_mut().unwrap().hits -= n as u32;
        }
        None
    }

    /// One step off block `i` (4.2.3.1): rotate down its ladder, or destroyed at its minimum.
    pub(super) fn hit_block(&mut self, i: usize) {
        let u = &self.units[i];
        let rung = u.rung().expect("validated ladder");
        match lose_step(u.ladder.len(), rung) {
            StepLoss::Reduced(r) => {
                let s = u.ladder[r].0;
                let text = format!("{} loses a step (now {s}).", u.label());
                let id = u.id;
                self.units[i].strength = s;
                self.push_log(
                    "10.14",
                    text,
                    BattleEvent::StepLost {
                        unit: id,
                        strength: s,
                    },
                );
            }
            StepLoss::Eliminated => {
                let destination = LossDestination::of(u.side);
                let text = format!(
                    "{} is destroyed{}.",
                    u.label(),
                    match destination {
                        LossDestination::EliminatedPermanently =>
                            " and eliminated permanently (Soviet OOB box)",
                        LossDestination::ForcePool => " and returns to the Soviet Force Pool",
                    }
                );
                let id = u.id;
                self.destroyed[i] = true;
                self.push_log(
                    "10.14.3",
                    text,
                    BattleEvent::Destroyed {
                        unit: id,
                        destination,
                    },
                );
            }
        }
    }

    // ---- 10.15 ----

    pub(super) fn finish(&mut self) {
        let s = &self.setup;
        let attacker = s.attacker;
        let wiped_out = [attacker, s.defender()]
            .into_iter()
            .find(|&side| !self.has_units(side));
        let may_blitz: Vec<UnitId> = if wiped_out == Some(s.defender())
            && s.terrain == Terrain::Green
            && s.weather == Weather::Sunny
        {
            self.alive(attacker)
                .map(|i| &self.units[i])
                .filter(|u| u.role == Role::Combat && u.is_fast && !u.isolated)
                .map(|u| u.id)
                .collect()
        } else {
            Vec::new()
        };
        let units: Vec<UnitOutcome> = self
            .units
            .iter()
            .zip(&s.units)
            .zip(&self.destroyed)
            .map(|((now, before), &dead)| {
                let steps = before.rung().unwrap_or(0);
                let steps_lost = if dead {
                    (before.ladder.len() - steps) as u8
                } else {
                    (now.rung().unwrap_or(0) - steps) as u8
                };
                let revealed = !dead
                    && match wiped_out {
                        Some(_) => may_blitz.contains(&now.id),
                        None => now.side == attacker,
                    };
                UnitOutcome {
                    id: now.id,
                    side: now.side,
                    strength_before: before.strength,
                    strength: now.strength,
                    steps_lost,
                    destroyed: dead.then(|| LossDestination::of(now.side)),
                    revealed,
                }
            })
            .collect();
        let result = BattleResult {
            attacker,
            units,
            attacker_dl_destroyed: s.attacker_dl && !self.attacker_dl,
            defender_dl_destroyed: s.defender_dl && !self.defender_dl,
            bombers: s
                .bombers
                .iter()
                .zip(&self.bombers)
                .map(|(b, f)| (b.id, f.unwrap_or(BomberFate::Attacked)))
                .collect(),
            attacker_hits: self.attacker_hits,
            defender_hits: self.defender_hits,
            absorbed: self.absorbed,
            armored_attack: self.armored,
            first_to_fire: self.first,
            wiped_out,
            may_blitz: may_blitz.clone(),
        };
        let text = match wiped_out {
            Some(side) if side == s.defender() => {
                if may_blitz.is_empty() {
                    "The Defender is wiped out; the remaining blocks are hidden again.".to_string()
                } else {
                    "The Defender is wiped out; the attacking Fast blocks that cleared this Green area stay revealed: they may Blitz.".to_string()
                }
            }
            Some(_) => "The Attacker is wiped out; the remaining blocks are hidden again.".to_string(),
            None => "The area stays disputed: the attacking blocks stay revealed, the defending blocks are hidden again.".to_string(),
        };
        self.note("10.15", text);
        self.result = Some(result);
    }
}
