//! The table: the geometry everything on it is measured with. (Terrain, set-up and paths build on
//! it; see the table issue.)

pub mod geometry;

pub use geometry::{CONTACT, Circle, Point, Polygon, Segment};
