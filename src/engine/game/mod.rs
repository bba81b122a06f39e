//! The game on the table (play digest §2-§15): the pieces built so far. `grouping` forms the
//! combats of a Combat Phase from who touches whom.

pub mod grouping;
