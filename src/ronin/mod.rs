//! Ronin (Osprey, 2013), the skirmish game Buntai was first built for: its data model and loader,
//! the composition rules, roster sheets, the builder, the table-top engine, campaigns and events,
//! and the commands that serve them. Everything here is Ronin's; what every system shares lives
//! outside this folder.

pub mod campaign;
pub mod cli;
pub mod edit;
pub mod engine;
pub mod load;
pub mod model;
pub mod options;
pub mod print;
pub mod roster;
pub mod rules;
pub mod suggest;
