//! The table: its size, terrain pieces and everything measured on it. `geometry` is the kernel
//! (points, bases, segments, polygons); `file` reads a table a player wrote; `sight` is line of
//! sight and cover; `path` is movement; `setup` generates a table, weather and deployment zones.

pub mod file;
pub use crate::geometry;
pub mod path;
pub mod setup;
pub mod sight;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use file::TableFile;
pub use geometry::{CONTACT, Circle, Point, Polygon, Segment, Slab};

use crate::ronin::model::{Movement, Sight, Water};

/// A door lets models through; a window only lets them see and fight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum OpeningKind {
    #[default]
    Door,
    Window,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Opening {
    pub segment: Segment,
    pub kind: OpeningKind,
}

/// One terrain piece with its classes resolved from its kind and any overrides.
#[derive(Debug, Clone, PartialEq)]
pub struct Piece {
    /// Its place in the table file or the set-up order (0-based).
    pub index: usize,
    pub kind: String,
    pub name: String,
    pub shape: Polygon,
    pub large: bool,
    pub movement: Movement,
    pub sight: Sight,
    pub water: Water,
    /// A building: walls impassable except at doors, interior open.
    pub building: bool,
    pub openings: Vec<Opening>,
    pub large_room: bool,
    pub rocky: bool,
    pub objective: bool,
}

impl Piece {
    /// The stretches of a building's outline a base may not cross: every edge less its doors.
    /// Calls `f` with each wall segment.
    pub fn walls(&self, mut f: impl FnMut(Segment)) {
        for edge in self.shape.edges() {
            let len = edge.length();
            if len <= 0.0 {
                continue;
            }
            // Door stretches along this edge, as fractions; a building has few, so a small array.
            let mut gaps = [(0.0f64, 0.0f64); 8];
            let mut n = 0;
            for o in self.openings.iter().filter(|o| o.kind == OpeningKind::Door) {
                let (ta, tb) = (
                    edge_fraction(&edge, o.segment.a),
                    edge_fraction(&edge, o.segment.b),
                );
                if edge.distance_to_point(o.segment.a) <= 0.05
                    && edge.distance_to_point(o.segment.b) <= 0.05
                    && n < gaps.len()
                {
                    gaps[n] = (ta.min(tb).clamp(0.0, 1.0), ta.max(tb).clamp(0.0, 1.0));
                    n += 1;
                }
            }
            let gaps = &mut gaps[..n];
            gaps.sort_unstable_by(|a, b| a.0.total_cmp(&b.0));
            let mut from = 0.0;
            for &(a, b) in gaps.iter() {
                if a > from {
                    f(Segment::new(edge.at(from), edge.at(a)));
                }
                from = from.max(b);
            }
            if from < 1.0 {
                f(Segment::new(edge.at(from), edge.at(1.0)));
            }
        }
    }

    /// Whether the piece stops a base that is not Acrobatic: impassable ground, or a building's
    /// walls.
    pub fn blocks_movement(&self) -> bool {
        self.movement == Movement::Impassable || self.building
    }
}

fn edge_fraction(edge: &Segment, p: Point) -> f64 {
    let d = edge.b.minus(edge.a);
    let len2 = d.dot(d);
    if len2 == 0.0 {
        0.0
    } else {
        p.minus(edge.a).dot(d) / len2
    }
}

/// A square table, origin at the south-west corner, x east and y north, in inches.
#[derive(Debug, Clone, PartialEq)]
pub struct Table {
    pub size: f64,
    pub pieces: Vec<Piece>,
}

impl Table {
    pub fn new(size: f64, pieces: Vec<Piece>) -> Table {
        Table { size, pieces }
    }

    /// Whether the whole base is on the table.
    pub fn holds(&self, base: &Circle) -> bool {
        let (c, r) = (base.centre, base.radius);
        c.x >= r - 1e-9
            && c.y >= r - 1e-9
            && c.x <= self.size - r + 1e-9
            && c.y <= self.size - r + 1e-9
    }

    /// Whether a base may stand here: wholly on the table, clear of impassable ground and of
    /// building walls (a building's inside is open ground, R-64).
    pub fn base_fits(&self, base: &Circle) -> bool {
        self.holds(base)
            && self.pieces.iter().all(|p| {
                if p.building {
                    let mut clear = true;
                    p.walls(|w| clear &= w.distance_to_point(base.centre) >= base.radius - 1e-6);
                    clear
                } else {
                    p.movement != Movement::Impassable || !p.shape.overlaps_circle(base)
                }
            })
    }

    /// Whether a model may be deployed on this spot: it fits (`base_fits`), its base is
    /// wholly inside or wholly outside every building (never across an outline, doorways
    /// included), and a mounted model's centre is in no difficult ground and no building.
    pub fn deploy_fits(&self, base: &Circle, mounted: bool) -> bool {
        self.base_fits(base)
            && self.pieces.iter().all(|p| {
                let across = p.building
                    && p.shape
                        .edges()
                        .any(|e| e.distance_to_point(base.centre) < base.radius - 1e-6);
                let barred = mounted
                    && (p.building || p.movement == Movement::Difficult)
                    && p.shape.contains(base.centre);
                !across && !barred
            })
    }

    /// The pieces whose polygon contains `p`.
    pub fn pieces_at(&self, p: Point) -> impl Iterator<Item = &Piece> + '_ {
        self.pieces
            .iter()
            .filter(move |piece| piece.shape.contains(p))
    }

    /// How far a point is from each edge: south, east, north, west (the edges' numbering).
    pub fn from_edges(size: f64, p: Point) -> [f64; 4] {
        [p.y, size - p.x, size - p.y, p.x]
    }

    /// Which quarter a point is in: 0 south-west, 1 south-east, 2 north-west, 3 north-east. A
    /// point on a dividing line belongs to the quarter with the higher x, then the higher y.
    pub fn quarter(&self, p: Point) -> usize {
        usize::from(p.x >= self.size / 2.0) + 2 * usize::from(p.y >= self.size / 2.0)
    }
}
