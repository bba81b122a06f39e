//! The game engine: pure rules, no I/O, no clock. Dice come through the [`Dice`] trait so tests can
//! script every roll; games use [`SeededDice`], a reproducible ChaCha8 stream per (seed, game).
//!
//! Part 1: dice; the wound table and its stacking; a melee attack with Enhancements and
//! Bujutsu re-rolls in the R-30 roll order; shooting with every modifier, and into combat; exact
//! probabilities of both by full enumeration (`buntai odds`); fighters built from resolved rosters;
//! the Combat Phase of one model against up to four ([`combat`]); duels with withdrawals
//! ([`duel`]); the Tournament scenario ([`tournament`]); policies that make every decision
//! ([`policy`]); and the event stream every roll and decision is written to ([`events`]).

pub mod combat;
pub mod dice;
pub mod duel;
pub mod events;
pub mod fighter;
pub mod game;
pub mod melee;
pub mod odds;
pub mod policy;
pub mod shooting;
pub mod stats;
pub mod table;
#[cfg(test)]
mod testing;
pub mod tournament;
pub mod wound;

pub use dice::{Dice, ScriptedDice, SeededDice};
pub use melee::{
    AttackDice, AttackSide, DefenceSide, InitiativeRoll, MeleeRoll, attack_dice, roll_attack,
    roll_initiative, roll_off,
};
pub use odds::{Distribution, melee_odds, shooting_odds};
pub use shooting::{IntoCombat, ShotRoll, ShotSpec, roll_shot, shoot_into_combat};
pub use wound::{Health, WoundResult, apply_wound, wound_result};
