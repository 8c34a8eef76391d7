//! The battle estimate: the expected result of one round of a battle (R 10.12–10.14), the
//! support dice and the distribution of hits.

#![allow(clippy::needless_range_loop)]

use super::*;

impl Model<'_> {
    /// Expected result of `attacker` fighting one round in `a` (R 10.12–10.14), as a value
    /// for `self.me`, plus the probability that the defender is cleared. Analytic estimate.
    pub fn battle_estimate(&self, a: usize, attacker: Side, river_ids: &[BlockId]) -> Battle {
        self.battle_estimate_with(a, attacker, river_ids, &[])
    }

    /// [`Model::battle_estimate`] with `extra` support dice (chances to hit) besides those
    /// already committed: artillery and air fire before the ground combat, so the
    /// defender's fire does not thin them.
    pub fn battle_estimate_with(
        &self,
        a: usize,
        attacker: Side,
        river_ids: &[BlockId],
        extra: &[f32],
    ) -> Battle {
        let def = attacker.other();
        let id = AreaId::from_index(a);
        let terrain = self.board.terrain(id);
        let controls = self.control[a] == def;
        let mut absorb: f32 = 0.0;
        if terrain == Some(Terrain::Yellow) {
            absorb += 1.0;
        }
        if controls {
            if terrain == Some(Terrain::Victory) {
                absorb += 2.0;
            } else if self.board.has_city(id) {
                absorb += 1.0;
            }
            if self.dl[a][idx(def)] {
                absorb += 1.0;
            }
        }
        let absorb: f32 = absorb.min(3.0);
        let dl_hp = if self.dl[a][idx(def)] { 1.0 } else { 0.0 };
        let weather = self.weather;
        // Each attacking die: its chance to hit (R 10.12.5; weather R 8.0; rivers 10.12.5.1).
        let mut dice: Vec<f32> = Vec::new();
        let mut att_steps = 0.0;
        let mut att_tank = false;
        for u in self
            .blocks_of(a, attacker)
            .filter(|u| u.fights() && !u.isolated)
        {
            let mut n = u.strength;
            if weather == Weather::Rain {
                n = n.min(1.0);
            } else if weather.snowy() && attacker == Side::German {
                n = (n / 2.0).floor().max(1.0);
            }
            if u.id.is_some_and(|b| river_ids.contains(&b)) && !weather.snowy() {
                n = n.min(1.0);
            }
            for _ in 0..(n.round() as usize) {
                dice.push(u.p);
            }
            att_steps += u.steps;
            if u.tank > 0.5 {
                att_tank = true;
            }
        }
        let def_hits = self.defence_hits(a, def);
        let def_steps = self.steps_of(a, def);
        let def_tank: f32 = self
            .blocks_of(a, def)
            .map(|u| u.tank)
            .fold(0.0, |acc: f32, t| acc.max(t));
        let armored = weather.is_good()
            && terrain == Some(Terrain::Green)
            && !self.dl[a][idx(def)]
            && !(controls && self.board.has_city(id))
            && att_tank;
        let p_armored = if armored { 1.0 - def_tank } else { 0.0 };
        // Defender first (unless Armored Attack): the attacker's losses thin his fire.
        let att_loss = def_hits;
        let thin = 1.0 - (att_loss / att_steps.max(1.0)).min(1.0) * 0.7;
        let keep = p_armored + (1.0 - p_armored) * thin;
        // The distribution of the attacker's hits (a sum of unequal dice), then the
        // absorption pool, the DL's hit and the blocks' steps in that order (R 10.13, 10.14).
        let support: &[f32] = if attacker == self.support_side {
            &self.support[a]
        } else {
            &[]
        };
        let dist = hit_distribution(
            dice.iter()
                .map(|p| p * keep)
                .chain(support.iter().copied())
                .chain(extra.iter().copied()),
        );
        let shield = absorb + dl_hp;
        let mut def_loss = 0.0;
        let mut dl_kill = 0.0;
        for (h, ph) in dist.iter().enumerate() {
            let h = h as f32;
            def_loss += ph * (h - shield).clamp(0.0, def_steps);
            if dl_hp > 0.0 && h > absorb {
                dl_kill += ph;
            }
        }
        // Cleared: every step and the DL gone; a hidden stack's steps are an estimate, so
        // the threshold is read between its neighbouring whole numbers.
        let need = shield + def_steps;
        let at_least = |k: usize| -> f32 { dist.iter().skip(k).sum() };
        let lo = need.floor() as usize;
        let frac = need - need.floor();
        let clear = if def_steps <= 0.0 && dl_hp == 0.0 {
            1.0
        } else {
            let hi = if frac > 0.0 { lo + 1 } else { lo };
            at_least(lo.max(1)) * (1.0 - frac) + at_least(hi.max(1)) * frac
        };
        // When the attacker fires first, the defender's reply is weakened.
        let att_loss = att_loss * (1.0 - p_armored * (def_loss / def_steps.max(1.0)).min(1.0));
        Battle {
            att_loss,
            def_loss,
            clear,
            dl_kill,
        }
    }
}

/// Dice an HQ of this strength rolls for Artillery Fire or an LW HQ's bombers each roll
/// (R 10.4, 10.10, 8.0): 1 in Rain, German halved in Snow (at least 1), none when Exhausted.
pub fn support_dice(weather: Weather, side: Side, strength: f32) -> usize {
    let s = strength.round() as usize;
    if s == 0 {
        return 0;
    }
    match weather {
        Weather::Rain => 1,
        Weather::Snow | Weather::Blizzard if side == Side::German => (s / 2).max(1),
        _ => s,
    }
}

/// The chance of each number of hits from dice with these chances to hit (a Poisson
/// binomial): `out[k]` = P(k hits).
pub fn hit_distribution(dice: impl Iterator<Item = f32>) -> Vec<f32> {
    let mut d = vec![1.0f32];
    for p in dice {
        let p = p.clamp(0.0, 1.0);
        d.push(0.0);
        for k in (0..d.len()).rev() {
            let stay = d[k] * (1.0 - p);
            let up = if k > 0 { d[k - 1] * p } else { 0.0 };
            d[k] = stay + up;
        }
    }
    d
}

/// An estimated battle round.
#[derive(Clone, Copy, Debug)]
pub struct Battle {
    pub att_loss: f32,
    pub def_loss: f32,
    pub clear: f32,
    /// Chance the defender's DL is destroyed (R 4.1: two hits past the rest of the pool).
    pub dl_kill: f32,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two even dice: 0, 1 or 2 hits with 1/4, 1/2, 1/4.
    #[test]
    fn hit_distribution_of_two_even_dice() {
        let d = hit_distribution([0.5f32, 0.5].into_iter());
        assert_eq!(d.len(), 3);
        for (got, want) in d.iter().zip([0.25, 0.5, 0.25]) {
            assert!((got - want).abs() < 1e-6, "{d:?}");
        }
    }

    /// Heuristic 1 (rules file §8.4): 16 Single-Fire dice (hits on 6) against a City with a
    /// DL (pool 2 + the DL's own hit): the DL falls on 3 hits or more, binomially
    /// 1 − P(0) − P(1) − P(2) ≈ 0.487.
    #[test]
    fn hit_distribution_matches_the_binomial() {
        let d = hit_distribution(std::iter::repeat_n(1.0f32 / 6.0, 16));
        let total: f32 = d.iter().sum();
        assert!((total - 1.0).abs() < 1e-5);
        let q: f64 = 5.0 / 6.0;
        let p: f64 = 1.0 / 6.0;
        let p0 = q.powi(16);
        let p1 = 16.0 * p * q.powi(15);
        let p2 = 120.0 * p * p * q.powi(14);
        let at_least_3: f32 = d.iter().skip(3).sum();
        assert!((at_least_3 as f64 - (1.0 - p0 - p1 - p2)).abs() < 1e-4);
    }

    /// Artillery and bomber dice follow the HQ's weather-adjusted strength (R 10.4, 10.10):
    /// 1 in Rain, German halved in Snow (at least 1), none when Exhausted.
    #[test]
    fn support_dice_follow_the_weather() {
        assert_eq!(support_dice(Weather::Sunny, Side::German, 3.0), 3);
        assert_eq!(support_dice(Weather::Rain, Side::Soviet, 4.0), 1);
        assert_eq!(support_dice(Weather::Snow, Side::German, 3.0), 1);
        assert_eq!(support_dice(Weather::Snow, Side::German, 4.0), 2);
        assert_eq!(support_dice(Weather::Snow, Side::Soviet, 4.0), 4);
        assert_eq!(support_dice(Weather::Sunny, Side::German, 0.0), 0);
    }
}
