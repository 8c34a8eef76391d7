//! Block mechanics shared by the VentoNuovo block games (Stalingrad, Moscow '41, ...): the
//! firepower colour of a block's pips, counting hits on a handful of d6, and losing steps by
//! rotating the block down its printed ladder of strengths.

use serde::{Deserialize, Serialize};

/// Pip colour: FS black (hits on 6), FD white (5–6), FT red (4–6).
/// Stalingrad: Potencia de Fuego; Moscow '41: Potencia de Fuego (§2.3).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Firepower {
    Single,
    Double,
    Triple,
}

impl Firepower {
    /// The lowest natural die that hits.
    pub fn hits_on(self) -> u8 {
        match self {
            Firepower::Single => 6,
            Firepower::Double => 5,
            Firepower::Triple => 4,
        }
    }

    /// The printed abbreviation: FS, FD, FT.
    pub fn short(self) -> &'static str {
        match self {
            Firepower::Single => "FS",
            Firepower::Double => "FD",
            Firepower::Triple => "FT",
        }
    }

    /// Whether one natural die hits with this firepower.
    pub fn hits(self, die: u8) -> bool {
        die >= self.hits_on()
    }
}

/// How many of `dice` hit with firepower `fp`.
pub fn count_hits(dice: &[u8], fp: Firepower) -> u32 {
    count_hits_with_bonus(dice, fp, 0)
}

/// How many of `dice` hit with firepower `fp` when every die gets `bonus` added (Stalingrad's
/// Khrushchev and fortifications).
pub fn count_hits_with_bonus(dice: &[u8], fp: Firepower, bonus: u8) -> u32 {
    dice.iter()
        .filter(|&&d| d.saturating_add(bonus) >= fp.hits_on())
        .count() as u32
}

/// What losing one step does to a block standing on rung `rung` (0 = strongest) of a ladder
/// of `rungs` printed strengths: it rotates to the next rung, or, past the last one, it is
/// eliminated.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StepLoss {
    /// Rotated to this rung.
    Reduced(usize),
    /// It was on its last printed strength: the block is eliminated.
    Eliminated,
}

/// One step lost on a ladder of `rungs` strengths (rules: "reducir la fuerza" — rotate the
/// block one edge counter-clockwise; below its minimum it is eliminated).
pub fn lose_step(rungs: usize, rung: usize) -> StepLoss {
    if rung + 1 < rungs {
        StepLoss::Reduced(rung + 1)
    } else {
        StepLoss::Eliminated
    }
}

/// Where `strength` stands on a ladder of printed strengths, strongest first (e.g. `[4, 3, 2, 1]`
/// or an HQ's `[4, 3, 2, 0]`), each with its firepower or other payload.
pub fn ladder_rung<T>(ladder: &[(u8, T)], strength: u8) -> Option<usize> {
    ladder.iter().position(|(s, _)| *s == strength)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn firepower_thresholds() {
        assert_eq!(Firepower::Single.hits_on(), 6);
        assert_eq!(Firepower::Double.hits_on(), 5);
        assert_eq!(Firepower::Triple.hits_on(), 4);
        assert_eq!(
            [Firepower::Single, Firepower::Double, Firepower::Triple].map(Firepower::short),
            ["FS", "FD", "FT"]
        );
    }

    #[test]
    fn hit_counting() {
        let dice = [1, 2, 3, 4, 5, 6];
        assert_eq!(count_hits(&dice, Firepower::Single), 1);
        assert_eq!(count_hits(&dice, Firepower::Double), 2);
        assert_eq!(count_hits(&dice, Firepower::Triple), 3);
        assert_eq!(count_hits_with_bonus(&dice, Firepower::Single, 1), 2);
        assert_eq!(count_hits(&[], Firepower::Triple), 0);
    }

    #[test]
    fn steps_rotate_then_eliminate() {
        assert_eq!(lose_step(4, 0), StepLoss::Reduced(1));
        assert_eq!(lose_step(4, 2), StepLoss::Reduced(3));
        assert_eq!(lose_step(4, 3), StepLoss::Eliminated);
        assert_eq!(lose_step(1, 0), StepLoss::Eliminated);
        let ladder = [
            (4, Firepower::Double),
            (3, Firepower::Double),
            (2, Firepower::Single),
        ];
        assert_eq!(ladder_rung(&ladder, 3), Some(1));
        assert_eq!(ladder_rung(&ladder, 1), None);
    }

    #[test]
    fn firepower_serde_names_are_stable() {
        assert_eq!(ron::to_string(&Firepower::Double).unwrap(), "Double");
        assert_eq!(
            ron::from_str::<Firepower>("Triple").unwrap(),
            Firepower::Triple
        );
    }
}
