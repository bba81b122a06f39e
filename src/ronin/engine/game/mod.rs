//! The game on the table (play digest §2-§15). `grouping` forms the combats of a Combat Phase
//! `unit` is a model on the table; `play` runs the turns; `ai` holds the table policies.

pub mod ai;
pub mod champions;
pub mod grouping;
pub mod objective;
pub mod play;
pub mod spots;
pub mod unit;
pub mod village;
