//! Samurai 1550-1600, a One-Hour Wargames variant for the late Sengoku (seed 001; digest
//! `systems/samurai-1550-1600.md`): six units a side, D3 dice, a dice bag with one enemy reaction.
//! Its data, its composition rules and its commands; it uses only what every system shares.

pub mod army;
pub mod cli;
pub mod data;
pub mod engine;
pub mod odds;
pub mod replay;
pub mod sheet;
pub mod simulate;

/// The system's id, as army files' `system` key gives it.
pub const ID: &str = "samurai-1550-1600";

/// The scenario an army is built for when its file names none.
pub const DEFAULT_SCENARIO: &str = "pitched-battle";
