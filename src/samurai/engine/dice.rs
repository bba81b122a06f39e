//! The dice a game rolls: d6s (a D3 is a halved d6, OHW-34) and the draw of one die from the bag.

use std::collections::VecDeque;

use crate::dice::{D6, SeededDice};

/// A source of d6 rolls and bag draws.
pub trait Dice {
    /// One d6, 1 to 6.
    fn d6(&mut self) -> u8;
    /// A uniform index below `n` (`n` at least 1): which die comes out of a bag of `n`.
    fn pick(&mut self, n: usize) -> usize;
}

impl Dice for SeededDice {
    #[inline]
    fn d6(&mut self) -> u8 {
        D6::d6(self)
    }

    #[inline]
    fn pick(&mut self, n: usize) -> usize {
        self.index(n)
    }
}

/// Scripted dice for rule tests: d6 faces and bag picks in order.
#[derive(Debug, Clone, Default)]
pub struct Script {
    d6: VecDeque<u8>,
    picks: VecDeque<usize>,
}

impl Script {
    pub fn new(d6: &[u8], picks: &[usize]) -> Script {
        Script {
            d6: d6.iter().copied().collect(),
            picks: picks.iter().copied().collect(),
        }
    }

    /// Rolls and picks not used yet.
    pub fn remaining(&self) -> (usize, usize) {
        (self.d6.len(), self.picks.len())
    }
}

impl Dice for Script {
    /// # Panics
    /// When the script runs out: a test scripted fewer rolls than the rules asked for.
    fn d6(&mut self) -> u8 {
        self.d6
            .pop_front()
            .expect("the scripted d6s ran out: the rules asked for more rolls")
    }

    /// # Panics
    /// When the script runs out.
    fn pick(&mut self, n: usize) -> usize {
        let p = self
            .picks
            .pop_front()
            .expect("the scripted bag picks ran out: the rules drew more dice");
        p.min(n.saturating_sub(1))
    }
}
