//! Legend of the Five Rings mass battles (seed 004, digest `systems/l5r-mass-battle.md`): a
//! GM-run battle of a few squads a side on a strip of zones, rounds of formation and commitment,
//! officers' rolls and the generals' Battle roll, all on the RPG's roll-and-keep dice. Its dice and
//! their exact odds; it uses only what every system shares.

pub mod ai;
pub mod battle;
pub mod check;
pub mod cli;
pub mod data;
pub mod dice;
pub mod engine;
pub mod event;
pub mod odds;
pub mod odds_table;
pub mod replay;
pub mod setup;
pub mod sheet;
pub mod simulate;

/// The system's id, as battle files' `system` key gives it.
pub const ID: &str = "l5r-mass-battle";
