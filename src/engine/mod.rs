//! The game engine: pure rules, no I/O, no clock. Dice come through the [`Dice`] trait so tests can
//! script every roll; games use [`SeededDice`], a reproducible ChaCha8 stream per (seed, game).
//!
//! Part 1 (this module so far): dice, the wound table and its stacking, a single melee
//! attack with Enhancements and Bujutsu re-rolls in the R-30 roll order, a shooting attack with
//! every modifier, and exact probabilities of both by full enumeration (`buntai odds`).

pub mod combat;
pub mod dice;
pub mod duel;
pub mod events;
pub mod fighter;
pub mod melee;
pub mod odds;
pub mod policy;
pub mod shooting;
pub mod tournament;
pub mod wound;

pub use dice::{Dice, ScriptedDice, SeededDice};
pub use melee::{
    AttackSide, DefenceSide, InitiativeRoll, MeleeRoll, roll_attack, roll_initiative, roll_off,
};
pub use odds::{Distribution, melee_odds, shooting_odds};
pub use shooting::{ShotRoll, ShotSpec, roll_shot};
pub use wound::{Health, WoundResult, apply_wound, wound_result};
