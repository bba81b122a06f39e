//! Buntai: build, check, print and simulate armies for samurai wargames.
//!
//! Each game system is a room of its own ([`ronin`]); what every system shares lives once outside
//! them: the command line's front door ([`cli`]), diagnostics ([`diag`]) and bounded file reading
//! and atomic writing ([`files`]).

pub mod cli;
pub mod diag;
pub mod dice;
pub mod field;
pub mod files;
pub mod fraction;
pub mod geometry;
pub mod heroic;
pub mod l5r;
pub mod page;
pub mod ronin;
pub mod rulings;
pub mod runs;
pub mod samurai;
pub mod system;
