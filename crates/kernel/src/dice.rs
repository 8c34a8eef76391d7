//! Dice and every other random choice, from a portable seeded generator kept in the game state,
//! so a game replays exactly from its seed. Scripted dice and scripted picks (tests, tutorials,
//! a bug report replayed exactly) take precedence over the generator: every random choice of a
//! game — a die, a card from a hand or deck, a block from a pool, a random face, a shuffle — is
//! drawn here, so every one of them can be scripted.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dice {
    rng: ChaCha8Rng,
    /// d6 results to hand out before the generator is used again.
    scripted: VecDeque<u8>,
    /// Picks (indices) to hand out before the generator is used again. Left out of the saved
    /// form when empty, so states without scripted picks serialise as before.
    #[serde(default, skip_serializing_if = "VecDeque::is_empty")]
    scripted_picks: VecDeque<u32>,
    /// How many random events happened so far (die rolls and random picks). The session
    /// compares it before and after an action to clear undo.
    events: u64,
}

impl Dice {
    pub fn new(seed: u64) -> Self {
        Dice {
            rng: ChaCha8Rng::seed_from_u64(seed),
            scripted: VecDeque::new(),
            scripted_picks: VecDeque::new(),
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

    /// Queues picks to be used by the next random choices ([`Dice::pick`], and each step of
    /// [`Dice::shuffle`]). A scripted pick at or past the number of choices is taken modulo it.
    pub fn script_picks(&mut self, values: &[u32]) {
        self.scripted_picks.extend(values.iter().copied());
    }

    pub fn scripted_left(&self) -> usize {
        self.scripted.len()
    }

    pub fn scripted_picks_left(&self) -> usize {
        self.scripted_picks.len()
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
        self.draw_index(n)
    }

    /// Fisher–Yates shuffle: for each position from the last down to the second, one pick among
    /// the positions up to it (so a shuffle of `n` items draws `n - 1` picks, each scriptable).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        self.events += 1;
        for i in (1..items.len()).rev() {
            let j = self.draw_index(i + 1);
            items.swap(i, j);
        }
    }

    /// An index in `0..n`: the next scripted pick, or the generator's (the same stream as
    /// `random_range(0..n)`, so games saved before picks could be scripted replay unchanged).
    fn draw_index(&mut self, n: usize) -> usize {
        match self.scripted_picks.pop_front() {
            Some(v) => v as usize % n,
            None => self.rng.random_range(0..n),
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
    fn scripted_picks_come_first_for_picks_and_shuffles() {
        let mut d = Dice::new(9);
        let mut reference = Dice::new(9);
        d.script_picks(&[2, 7]);
        assert_eq!(d.pick(5), 2);
        assert_eq!(d.pick(5), 2, "7 modulo 5");
        assert_eq!(
            d.pick(1000),
            reference.pick(1000),
            "the generator resumes untouched"
        );
        // A shuffle of three items draws two picks: position 2 swaps with 0, then 1 with 1.
        let mut items = ['a', 'b', 'c'];
        d.script_picks(&[0, 1]);
        d.shuffle(&mut items);
        assert_eq!(items, ['c', 'b', 'a']);
        assert_eq!(d.scripted_picks_left(), 0);
    }

    #[test]
    fn a_state_without_scripted_picks_serialises_as_before() {
        let d = Dice::new(4);
        let text = ron::to_string(&d).unwrap();
        assert!(!text.contains("scripted_picks"), "{text}");
        let mut p = Dice::new(4);
        p.script_picks(&[1]);
        let back: Dice = ron::from_str(&ron::to_string(&p).unwrap()).unwrap();
        assert_eq!(back, p);
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
