//! Heroic Samurai ("One Brain Cell" rules, 2007; seed 003, digest `systems/heroic-samurai.md`):
//! clan feuds of a few hundred fighters, each player a Leader with a contingent of elements,
//! Distractions and Hits, personal combat by intentions and paper-stone-scissors. Its data, the
//! contingent file and its checks, the rules that need no table (melee, shooting, morale, personal
//! combat), exact odds, the sheet and its commands; it uses only what every system shares.

pub mod cli;
pub mod contingent;
pub mod data;
pub mod engine;
pub mod odds;
pub mod replay;
pub mod rules;
pub mod sheet;
pub mod simulate;
pub mod table;

/// The system's id, as contingent files' `system` key gives it.
pub const ID: &str = "heroic-samurai";

/// The scenario a game is played in when none is named.
pub const DEFAULT_SCENARIO: &str = "clan-feud";
