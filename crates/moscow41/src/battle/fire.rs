//! The firing steps of a battle (10.12): deployment, the weather's dice, artillery, AA,
//! the Air Attack and ground combat.

use super::*;

impl Battle {
    // ---- 10.12.1 Deployment ----

    pub(super) fn deployment(&mut self) {
        let ids: Vec<UnitId> = self.units.iter().map(|u| u.id).collect();
        let names: Vec<String> = self
            .units
            .iter()
            .map(|u| format!("{} {} ({})", u.side.name(), u.label(), u.strength))
            .collect();
        self.push_log(
            "10.12.1",
            format!(
                "Deployment: both sides reveal their blocks: {}.",
                names.join(", ")
            ),
            BattleEvent::Revealed { units: ids },
        );
        let pool = self.absorption_left;
        self.note(
            "10.13",
            format!(
                "The Defender's Absorption Bonus for this battle: {pool}{}.",
                if pool == 0 { " (none)" } else { "" }
            ),
        );
        self.step = Step::Artillery(0);
    }

    // ---- weather (8.0, T4, T5, RO 14.5) ----

    /// Dice of an attacking HQ's artillery or an LW HQ (Rain 1; German halved in Snow and
    /// Blizzard — T5 "as Snow").
    fn attacker_support_dice(&self, strength: u8, german: bool) -> u32 {
        let s = strength as u32;
        match self.setup.weather {
            Weather::Sunny => s,
            Weather::Rain => s.min(1),
            Weather::Snow | Weather::Blizzard if german => halve_min1(s, 2),
            Weather::Snow | Weather::Blizzard => s,
        }
    }

    /// Dice of a block in ground combat (T4): its strength, weather-adjusted; 1 for an
    /// attacker that engaged across a river into a newly disputed area (10.12.5.1).
    fn ground_dice(&self, u: &BattleUnit) -> u32 {
        let s = match u.role {
            Role::Combat | Role::TacticalHq => u.strength as u32,
            Role::LwHq | Role::Leader => 0,
        };
        if s == 0 {
            return 0;
        }
        let german = u.side == Side::German;
        let bd = &self.setup.blizzard;
        if u.side == self.setup.attacker {
            if u.isolated {
                return 0;
            }
            let s = match self.setup.weather {
                Weather::Sunny => s,
                Weather::Rain => 1,
                Weather::Snow if german && !u.blue_division => halve_min1(s, 2),
                Weather::Snow => s,
                Weather::Blizzard if german && u.blue_division => halve_min1(s, 2),
                Weather::Blizzard if german => halve_min1(s, bd.attacking as u32),
                Weather::Blizzard => s,
            };
            if self.river_bound(u) {
                s.min(1)
            } else {
                s
            }
        } else {
            match self.setup.weather {
                Weather::Blizzard if german && !u.blue_division => {
                    halve_min1(s, bd.defending as u32)
                }
                _ => s,
            }
        }
    }

    /// 10.12.5.1: an attacking block with a blue cube in a newly disputed area, rivers not frozen.
    fn river_bound(&self, u: &BattleUnit) -> bool {
        u.side == self.setup.attacker
            && u.across_river
            && self.setup.newly_disputed
            && !self.setup.weather.rivers_frozen()
    }

    // ---- 10.12.2 Artillery ----

    pub(super) fn artillery(&mut self, i: usize, dice: &mut Dice) {
        let Some(a) = self.setup.artillery.get(i).cloned() else {
            self.step = Step::AntiAircraft;
            return;
        };
        self.step = Step::Artillery(i + 1);
        if !self.has_units(self.setup.defender()) {
            return;
        }
        let name = if a.name.is_empty() {
            format!("HQ #{}", a.hq)
        } else {
            a.name.clone()
        };
        let n = self.attacker_support_dice(a.strength, self.setup.attacker == Side::German);
        if n == 0 {
            self.note("10.5", format!("{name} is Exhausted: no Artillery Fire."));
            return;
        }
        let hits = self.roll(
            dice,
            "10.12.2",
            FireSource::Artillery { hq: a.hq },
            Firepower::Double,
            n,
            format!("Artillery Fire of {name}"),
        );
        self.attacker_hits += hits;
        self.queue_hits(self.setup.defender(), hits);
    }

    // ---- 10.12.3 AA ----

    pub(super) fn anti_aircraft(&mut self, dice: &mut Dice) {
        self.step = Step::AirAttack;
        if self.setup.bombers.is_empty() {
            return;
        }
        let defender = self.setup.defender();
        let mut hits = 0;
        if self.defender_dl {
            hits += self.roll(
                dice,
                "10.12.3",
                FireSource::AntiAircraft { unit: None },
                Firepower::Single,
                1,
                "AA of the Defensive Line".into(),
            );
        }
        let shooters: Vec<usize> = self.alive(defender).collect();
        for i in shooters {
            let u = self.units[i].clone();
            match u.firepower() {
                Some(fp) => {
                    hits += self.roll(
                        dice,
                        "10.12.3",
                        FireSource::AntiAircraft { unit: Some(u.id) },
                        fp,
                        1,
                        format!("AA of {}", u.label()),
                    )
                }
                None => self.note("10.12.3", format!("{} has no firepower: no AA.", u.label())),
            }
        }
        self.defender_hits += hits;
        self.note(
            "10.12.3",
            format!(
                "AA: {hits} {} against {} {}.",
                if hits == 1 { "hit" } else { "hits" },
                self.setup.bombers.len(),
                if self.setup.bombers.len() == 1 {
                    "bomber"
                } else {
                    "bombers"
                }
            ),
        );
        self.step = Step::AaResults { hits_left: hits };
    }

    fn live_bombers(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.setup.bombers.len()).filter(|&i| self.bombers[i].is_none())
    }

    /// Legal AA placements: every hit must land while a bomber can take it (one hit aborts,
    /// two destroy; a bomber takes at most two). So an abort is legal only while the hits
    /// left are fewer than twice the bombers left; one option per kind of bomber (same type
    /// and LW HQ).
    pub(super) fn aa_options(&self, hits_left: u32) -> Vec<BattleOption> {
        let live: Vec<usize> = self.live_bombers().collect();
        if hits_left == 0 || live.is_empty() {
            return Vec::new();
        }
        let mut reps: Vec<usize> = Vec::new();
        for &i in &live {
            let b = &self.setup.bombers[i];
            if !reps.iter().any(|&r| {
                let o = &self.setup.bombers[r];
                o.kind == b.kind && o.lw_hq == b.lw_hq && o.lw_strength == b.lw_strength
            }) {
                reps.push(i);
            }
        }
        let mut options = Vec::new();
        if hits_left >= 2 {
            options.extend(
                reps.iter()
                    .map(|&i| BattleOption::DestroyBomber(self.setup.bombers[i].id)),
            );
        }
        if hits_left < 2 * live.len() as u32 {
            options.extend(
                reps.iter()
                    .map(|&i| BattleOption::AbortBomber(self.setup.bombers[i].id)),
            );
        }
        options
    }

    /// No choice left: apply the only option, or finish the AA step.
    pub(super) fn aa_auto(&mut self, hits_left: u32) {
        let options = self.aa_options(hits_left);
        match options.first() {
            Some(&o) => self.apply_option(o),
            None => {
                if hits_left > 0 {
                    self.push_log(
                        "10.12.3",
                        format!("{hits_left} AA hit(s) left with no bomber to take them."),
                        BattleEvent::ExcessLost {
                            side: Side::German,
                            hits: hits_left,
                        },
                    );
                }
                self.step = Step::AirAttack;
            }
        }
    }

    pub(super) fn bomber_result(&mut self, id: BomberId, destroy: bool) {
        let i = self
            .setup
            .bombers
            .iter()
            .position(|b| b.id == id)
            .expect("a listed bomber");
        let kind = self.setup.bombers[i].kind.name();
        if destroy {
            self.bombers[i] = Some(BomberFate::Destroyed);
            self.push_log(
                "10.12.3",
                format!("{kind} #{id} is Destroyed (two AA hits): back from the next turn."),
                BattleEvent::BomberDestroyed { bomber: id },
            );
        } else {
            self.bombers[i] = Some(BomberFate::Aborted);
            self.push_log(
                "10.12.3",
                format!("{kind} #{id} is Aborted: back from the next German impulse."),
                BattleEvent::BomberAborted { bomber: id },
            );
        }
    }

    // ---- 10.12.4 Air Attack ----

    pub(super) fn air_attack(&mut self, dice: &mut Dice) {
        self.step = Step::GroundStart;
        let live: Vec<usize> = self.live_bombers().collect();
        let mut hits = 0;
        for i in live {
            self.bombers[i] = Some(BomberFate::Attacked);
            if !self.has_units(self.setup.defender()) {
                continue;
            }
            let b = self.setup.bombers[i].clone();
            let n = self.attacker_support_dice(b.lw_strength, true);
            if n == 0 {
                self.note(
                    "10.12.4",
                    format!("{} #{}: its LW HQ has no strength.", b.kind.name(), b.id),
                );
                continue;
            }
            hits += self.roll(
                dice,
                "10.12.4",
                FireSource::Bomber { bomber: b.id },
                b.kind.firepower(),
                n,
                format!("Air Attack of {} #{}", b.kind.name(), b.id),
            );
        }
        self.attacker_hits += hits;
        if hits > 0 {
            self.queue_hits(self.setup.defender(), hits);
        }
    }

    // ---- 10.12.5 Ground combat ----

    /// 10.12.5.2, evaluated after the Air Attack: good weather, Green area, the Defender has no
    /// DL and no City it controls (GAP-18), the Attacker has a (firing) tank and the Defender
    /// none; not when the area is newly disputed and every attacking tank crossed a river.
    pub fn armored_attack_now(&self) -> bool {
        let s = &self.setup;
        let attacker_tanks: Vec<&BattleUnit> = self
            .alive(s.attacker)
            .map(|i| &self.units[i])
            .filter(|u| u.is_tank && !u.isolated)
            .collect();
        let defender_tanks = self.alive(s.defender()).any(|i| self.units[i].is_tank);
        let all_across = s.newly_disputed && attacker_tanks.iter().all(|u| u.across_river);
        let defender_city = s.city && s.defender_controls;
        let conditions = [
            s.weather == Weather::Sunny,
            s.terrain == Terrain::Green,
            !self.defender_dl && !defender_city,
            !attacker_tanks.is_empty() && !defender_tanks,
        ];
        conditions.iter().all(|c| *c) && !all_across
    }

    pub(super) fn ground_start(&mut self) {
        self.armored = self.armored_attack_now();
        self.first = if self.armored {
            self.push_log(
                "10.12.5.2",
                "Armored Attack! The Attacker fires before the Defender.".into(),
                BattleEvent::ArmoredAttack,
            );
            self.setup.attacker
        } else {
            self.setup.defender()
        };
        let first = self.first;
        self.push_log(
            "10.12.5",
            format!("Ground combat: the {} fires first.", first.name()),
            BattleEvent::FiresFirst { side: first },
        );
        self.step = Step::GroundFire(0);
    }

    pub(super) fn ground_fire(&mut self, i: usize, dice: &mut Dice) {
        if i >= 2 {
            self.step = Step::Done;
            return;
        }
        self.step = Step::GroundFire(i + 1);
        let side = if i == 0 {
            self.first
        } else {
            self.first.other()
        };
        let target = side.other();
        if !self.has_units(side) {
            return;
        }
        if !self.has_units(target) {
            self.note(
                "10.12.5",
                format!("The {} has no target left and does not fire.", side.name()),
            );
            return;
        }
        let attacker = side == self.setup.attacker;
        let mut hits = 0;
        if !attacker && self.defender_dl {
            hits += self.roll(
                dice,
                "4.1",
                FireSource::Ground { unit: None },
                Firepower::Single,
                1,
                "Defensive Line".into(),
            );
        }
        let shooters: Vec<usize> = self.alive(side).collect();
        for j in shooters {
            let u = self.units[j].clone();
            let n = self.ground_dice(&u);
            let fp = u.firepower();
            match (n, fp) {
                (n, Some(fp)) if n > 0 => {
                    let rule = if self.river_bound(&u) {
                        "10.12.5.1"
                    } else {
                        "10.12.5"
                    };
                    hits += self.roll(
                        dice,
                        rule,
                        FireSource::Ground { unit: Some(u.id) },
                        fp,
                        n,
                        u.label(),
                    );
                }
                _ => {
                    let why = if attacker && u.isolated {
                        ("10.11", "is Isolated and cannot attack")
                    } else if u.role == Role::Leader {
                        ("4.2.4", "is a Leader: no firepower")
                    } else if u.role == Role::LwHq {
                        ("10.10", "is an LW HQ: no ground firepower")
                    } else {
                        ("10.5", "is Exhausted: no firepower")
                    };
                    self.note(why.0, format!("{} {}.", u.label(), why.1));
                }
            }
        }
        if attacker {
            self.attacker_hits += hits;
        } else {
            self.defender_hits += hits;
        }
        if hits > 0 {
            self.queue_hits(target, hits);
        }
    }
}
