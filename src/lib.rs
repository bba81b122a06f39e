//! Buntai: build, check, print and simulate warbands for the Ronin skirmish wargame.
//!
//! Layers, each depending only on those below it: `cli` → `load` → `model`, with `diag` shared.

pub mod campaign;
pub mod cli;
pub mod diag;
pub mod edit;
pub mod engine;
pub mod files;
pub mod load;
pub mod model;
pub mod options;
pub mod print;
pub mod roster;
pub mod rules;
pub mod suggest;
