//! Dice every system rolls: a reproducible seeded stream of d6s (one independent stream per game,
//! so results never depend on the thread count) and scripted d6s for tests. A system's own dice
//! (D3s, attack pools, roll-and-keep) are built on [`D6`] in its room.

use std::collections::VecDeque;

use rand::{Rng, SeedableRng, rngs::ChaCha8Rng};

/// A source of d6 rolls.
pub trait D6 {
    /// One d6, 1 to 6.
    fn d6(&mut self) -> u8;
}

/// Reproducible dice: ChaCha8 seeded from a `u64`, one independent stream per game, with our own
/// unbiased mapping to 1-6 (so results never depend on a `rand` version's range sampling). A die
/// is one random byte below 252 (= 6 x 42), taken modulo 6; bytes of 252 and over are skipped.
/// Bytes are decoded 64 at a time (0 marks a skipped byte), so a roll is a load.
#[derive(Debug)]
pub struct SeededDice {
    rng: ChaCha8Rng,
    decoded: [u8; BATCH],
    next: usize,
}

/// Random bytes decoded into dice at a time.
const BATCH: usize = 64;

impl SeededDice {
    pub fn new(seed: u64, stream: u64) -> SeededDice {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(stream);
        SeededDice {
            rng,
            decoded: [0; BATCH],
            next: BATCH,
        }
    }

    #[cold]
    fn refill(&mut self) {
        self.rng.fill_bytes(&mut self.decoded);
        for b in &mut self.decoded {
            *b = if *b < 252 { *b % 6 + 1 } else { 0 };
        }
        self.next = 0;
    }
}

impl SeededDice {
    /// A uniform index below `n` (0 when `n` is 0 or 1), unbiased by rejection.
    pub fn index(&mut self, n: usize) -> usize {
        let Ok(n32) = u32::try_from(n) else { return 0 };
        if n32 <= 1 {
            return 0;
        }
        let limit = u32::MAX - (u32::MAX % n32);
        loop {
            let x = self.rng.next_u32();
            if x < limit {
                return (x % n32) as usize;
            }
        }
    }

    /// A uniform real number in [0, 1), from 53 random bits.
    pub fn unit(&mut self) -> f64 {
        (self.rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// A uniform real number in [lo, hi).
    pub fn between(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }

    /// Shuffle `items` (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.index(i + 1);
            items.swap(i, j);
        }
    }
}

impl D6 for SeededDice {
    #[inline]
    fn d6(&mut self) -> u8 {
        loop {
            if self.next >= BATCH {
                self.refill();
            }
            let die = self.decoded[self.next];
            self.next += 1;
            if die != 0 {
                return die;
            }
        }
    }
}

/// Dice that return a fixed script, for replaying worked examples.
#[derive(Debug, Clone, Default)]
pub struct ScriptedDice {
    rolls: VecDeque<u8>,
}

impl ScriptedDice {
    pub fn new(rolls: &[u8]) -> ScriptedDice {
        ScriptedDice {
            rolls: rolls.iter().copied().collect(),
        }
    }

    /// Rolls not used yet.
    pub fn remaining(&self) -> usize {
        self.rolls.len()
    }
}

impl D6 for ScriptedDice {
    /// # Panics
    /// When the script runs out: a test scripted fewer rolls than the rules asked for.
    fn d6(&mut self) -> u8 {
        match self.rolls.pop_front() {
            Some(roll) => roll,
            None => panic!(
                "the scripted dice ran out: the rules asked for more rolls than the script has"
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_known_seed_gives_known_dice() {
        // Pinned: changing the generator or the mapping changes every recorded game.
        let mut dice = SeededDice::new(2013, 0);
        let rolls: Vec<u8> = (0..12).map(|_| dice.d6()).collect();
        assert_eq!(rolls, PINNED);
    }

    const PINNED: [u8; 12] = [3, 5, 3, 2, 3, 6, 3, 5, 6, 6, 6, 4];

    #[test]
    fn a_die_is_a_byte_below_252_modulo_6_and_higher_bytes_are_skipped() {
        let mut dice = SeededDice::new(99, 3);
        let mut rng = ChaCha8Rng::seed_from_u64(99);
        rng.set_stream(3);
        let mut bytes = [0u8; 4096];
        rng.fill_bytes(&mut bytes);
        let expected: Vec<u8> = bytes
            .iter()
            .filter(|&&b| b < 252)
            .map(|&b| b % 6 + 1)
            .collect();
        assert!(expected.len() < bytes.len(), "some bytes were skipped");
        let rolled: Vec<u8> = (0..expected.len()).map(|_| dice.d6()).collect();
        assert_eq!(rolled, expected);
    }

    #[test]
    fn each_face_comes_up_a_sixth_of_the_time() {
        let mut dice = SeededDice::new(5, 0);
        let mut faces = [0u32; 6];
        for _ in 0..60_000 {
            faces[usize::from(dice.d6() - 1)] += 1;
        }
        // 10,000 expected each, standard deviation about 91: five of them either way.
        for count in faces {
            assert!((9_544..=10_456).contains(&count), "{faces:?}");
        }
    }

    #[test]
    fn streams_are_independent_and_reproducible() {
        let a: Vec<u8> = {
            let mut d = SeededDice::new(7, 1);
            (0..20).map(|_| d.d6()).collect()
        };
        let b: Vec<u8> = {
            let mut d = SeededDice::new(7, 1);
            (0..20).map(|_| d.d6()).collect()
        };
        let c: Vec<u8> = {
            let mut d = SeededDice::new(7, 2);
            (0..20).map(|_| d.d6()).collect()
        };
        assert_eq!(a, b);
        assert_ne!(a, c);
        assert!(a.iter().all(|r| (1..=6).contains(r)));
    }
}
