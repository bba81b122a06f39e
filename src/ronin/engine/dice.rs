//! Ronin's dice: the shared d6 sources ([`crate::dice`]) with the one roll Ronin adds, a melee
//! attack's dice, written once in [`attack_dice_by`].

use super::melee::{AttackDice, AttackSide, DefenceSide, attack_dice_by};
pub use crate::dice::{D6, ScriptedDice, SeededDice};

/// A source of d6 rolls.
pub trait Dice {
    /// One d6, 1 to 6.
    fn d6(&mut self) -> u8;

    /// The dice of one melee attack: every source answers with [`attack_dice_by`], the one place
    /// the rules of an attack are written, instantiated for the source so its rolls inline.
    fn attack(&mut self, attack: AttackSide, defence: DefenceSide) -> AttackDice;
}

impl Dice for SeededDice {
    #[inline]
    fn d6(&mut self) -> u8 {
        D6::d6(self)
    }

    fn attack(&mut self, attack: AttackSide, defence: DefenceSide) -> AttackDice {
        attack_dice_by(attack, defence, self)
    }
}

impl Dice for ScriptedDice {
    /// # Panics
    /// When the script runs out: a test scripted fewer rolls than the rules asked for.
    fn d6(&mut self) -> u8 {
        D6::d6(self)
    }

    fn attack(&mut self, attack: AttackSide, defence: DefenceSide) -> AttackDice {
        attack_dice_by(attack, defence, self)
    }
}
