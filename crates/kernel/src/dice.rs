//! Dice and every other random choice, from a portable seeded generator kept in the game state,
//! so a game replays exactly from its seed. Scripted dice (tests, tutorials) take precedence.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dice {
    rng: ChaCha8Rng,
    /// d6 results to hand out before the generator is used again.
    scripted: VecDeque<u8>,
    /// How many random events happened so far (die rolls and random picks). The session
    /// compares it before and after an action to clear undo.
    events: u64,
}

impl Dice {
    pub fn new(seed: u64) -> Self {
        Dice {
            rng: ChaCha8Rng::seed_from_u64(seed),
            scripted: VecDeque::new(),
            events: 0,
        }
    }

    /// Queues d6 results (each 1..=6) to be used by the next rolls.
    pub fn script(&mut self, values: &[u8]) -> Result<(), String> {
        if let Some(v) = values.iter().find(|v| !(1..=6).contains(*v)) {
            return Err(format!("a scripted die must be 1 to 6, not {v}"));
        }
        self.scripted.extend(values.iter().copied());
        Ok(())
    }

    pub fn scripted_left(&self) -> usize {
        self.scripted.len()
    }

    pub fn events(&self) -> u64 {
        self.events
    }

    /// One six-sided die.
    pub fn d6(&mut self) -> u8 {
        self.events += 1;
        match self.scripted.pop_front() {
            Some(v) => v,
            None => self.rng.random_range(1..=6),
        }
    }

    /// `n` six-sided dice.
    pub fn roll(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.d6()).collect()
    }

    /// A uniform index in `0..n` (random unit, random card, random edge). `n` must be > 0.
    pub fn pick(&mut self, n: usize) -> usize {
        assert!(n > 0, "pick from an empty set");
        self.events += 1;
        self.rng.random_range(0..n)
    }

    /// Fisher–Yates shuffle using the game's generator.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        self.events += 1;
        for i in (1..items.len()).rev() {
            let j = self.rng.random_range(0..=i);
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_dice() {
        let mut a = Dice::new(7);
        let mut b = Dice::new(7);
        assert_eq!(a.roll(50), b.roll(50));
        let mut c = Dice::new(8);
        assert_ne!(Dice::new(7).roll(50), c.roll(50));
    }

    #[test]
    fn dice_are_fair_enough_and_in_range() {
        let mut d = Dice::new(1);
        let mut counts = [0u32; 7];
        for v in d.roll(60_000) {
            counts[v as usize] += 1;
        }
        assert_eq!(counts[0], 0);
        for c in &counts[1..] {
            assert!((9_000..11_000).contains(c), "{counts:?}");
        }
    }

    #[test]
    fn scripted_dice_come_first_then_the_generator_resumes() {
        let mut d = Dice::new(3);
        let mut reference = Dice::new(3);
        d.script(&[6, 6, 1]).unwrap();
        assert_eq!(d.roll(3), vec![6, 6, 1]);
        assert_eq!(d.roll(5), reference.roll(5));
        assert!(d.script(&[7]).is_err());
        assert!(d.script(&[0]).is_err());
    }

    #[test]
    fn dice_state_survives_serialisation() {
        let mut d = Dice::new(42);
        d.roll(13);
        let text = ron::to_string(&d).unwrap();
        let mut back: Dice = ron::from_str(&text).unwrap();
        assert_eq!(back, d);
        assert_eq!(back.roll(20), d.roll(20));
    }

    #[test]
    fn shuffle_is_a_permutation_and_deterministic() {
        let mut a: Vec<u32> = (0..20).collect();
        let mut b = a.clone();
        Dice::new(5).shuffle(&mut a);
        Dice::new(5).shuffle(&mut b);
        assert_eq!(a, b);
        let mut sorted = a.clone();
        sorted.sort();
        assert_eq!(sorted, (0..20).collect::<Vec<_>>());
    }
}
