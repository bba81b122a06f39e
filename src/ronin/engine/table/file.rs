//! A table file a player writes (`--table FILE`): the table's size and its terrain pieces, each a
//! polygon, rectangle or circle of a kind from `terrain.toml`, with optional openings and
//! overrides. Loading checks the geometry and reports each problem at its place in the file.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::geometry::{Point, Polygon, Segment};
use super::{Opening, OpeningKind, Piece, Table};
use crate::diag::{Problem, SourceFile, TomlPath, did_you_mean};
use crate::ronin::model::{Movement, Shape, Sight, TerrainFile, Water};

/// A table file.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct TableFile {
    /// The side of the square table, in inches (24, 36 or 48 in the book).
    pub size: f64,
    #[serde(default)]
    pub pieces: Vec<PieceSpec>,
}

/// One terrain piece: a kind and exactly one of `polygon`, `rectangle` or `circle`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct PieceSpec {
    /// A kind id of `terrain.toml` (`wood`, `low-wall`, `building`, ...).
    pub kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Corners in order, `[x, y]` in inches from the south-west corner.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub polygon: Option<Vec<[f64; 2]>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rectangle: Option<RectangleSpec>,
    /// Drawn as a 24-sided polygon.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub circle: Option<CircleSpec>,
    /// Doors and windows on a building's outline.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub openings: Vec<OpeningSpec>,
    /// Overrides the kind's movement class (the players' agreement before the game).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub movement: Option<Movement>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sight: Option<Sight>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub water: Option<Water>,
    /// A building whose room is large enough for long-handled weapons.
    #[serde(default)]
    pub large_room: bool,
    /// A rocky hill: difficult going.
    #[serde(default)]
    pub rocky: bool,
    /// A scenario objective piece.
    #[serde(default)]
    pub objective: bool,
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct RectangleSpec {
    /// South-west corner.
    pub x: f64,
    pub y: f64,
    pub width: f64,
    pub height: f64,
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct CircleSpec {
    pub x: f64,
    pub y: f64,
    pub radius: f64,
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct OpeningSpec {
    pub from: [f64; 2],
    pub to: [f64; 2],
    #[serde(default)]
    pub kind: OpeningKind,
}

/// Sides of the polygon a circle piece becomes.
const CIRCLE_SIDES: usize = 24;
/// How far an opening's ends may lie from the outline.
const ON_OUTLINE: f64 = 0.05;

impl TableFile {
    /// The checked table, or every problem found, each located in `file`.
    pub fn build(&self, terrain: &TerrainFile, file: &SourceFile) -> Result<Table, Vec<Problem>> {
        let mut problems = Vec::new();
        let root = TomlPath::root();
        if !(self.size.is_finite() && (6.0..=120.0).contains(&self.size)) {
            problems.push(
                Problem::error("table::size", format!("a table of {} inches", self.size))
                    .with_help("give the side of the square table in inches, 6 to 120 (the book uses 24, 36 or 48)")
                    .at_path(file, &root.key("size"), "here"),
            );
            return Err(problems);
        }
        let mut pieces = Vec::new();
        for (i, spec) in self.pieces.iter().enumerate() {
            let path = root.key("pieces").index(i);
            if let Some(piece) = spec.build(i, terrain, self.size, file, &path, &mut problems) {
                pieces.push(piece);
            }
        }
        // Impassable pieces may not overlap: a base could not tell which wall it is in.
        for (i, a) in pieces.iter().enumerate() {
            for b in &pieces[i + 1..] {
                if a.movement == Movement::Impassable
                    && b.movement == Movement::Impassable
                    && a.shape.distance_to_polygon(&b.shape) == 0.0
                {
                    let pa = root.key("pieces").index(a.index);
                    let pb = root.key("pieces").index(b.index);
                    problems.push(
                        Problem::error(
                            "table::overlap",
                            format!(
                                "impassable pieces {} and {} overlap",
                                a.index + 1,
                                b.index + 1
                            ),
                        )
                        .with_help("move one of them, or join them into one piece")
                        .at_path(file, &pa, "this piece")
                        .also_at(file, &pb, "overlaps this one"),
                    );
                }
            }
        }
        if problems.iter().any(Problem::is_error) {
            return Err(problems);
        }
        Ok(Table::new(self.size, pieces))
    }
}

impl PieceSpec {
    fn build(
        &self,
        index: usize,
        terrain: &TerrainFile,
        size: f64,
        file: &SourceFile,
        path: &TomlPath,
        problems: &mut Vec<Problem>,
    ) -> Option<Piece> {
        let Some(kind) = terrain.kind(&self.kind) else {
            problems.push(
                Problem::error(
                    "table::unknown-kind",
                    format!("unknown terrain kind `{}`", self.kind),
                )
                .with_help(did_you_mean(
                    &self.kind,
                    terrain.kinds.iter().map(|k| k.id.as_str()),
                ))
                .at_path(file, &path.key("kind"), "no terrain kind has this id"),
            );
            return None;
        };
        let given = [
            self.polygon.is_some(),
            self.rectangle.is_some(),
            self.circle.is_some(),
        ];
        if given.iter().filter(|g| **g).count() != 1 {
            problems.push(
                Problem::error(
                    "table::shape",
                    "a piece needs exactly one of `polygon`, `rectangle` or `circle`",
                )
                .at_path(file, path, "this piece"),
            );
            return None;
        }
        let (shape, shape_path) = if let Some(points) = &self.polygon {
            let shape = Polygon::new(points.iter().map(|[x, y]| Point::new(*x, *y)).collect());
            (shape, path.key("polygon"))
        } else if let Some(r) = self.rectangle {
            (
                Polygon::rectangle(r.x, r.y, r.width, r.height),
                path.key("rectangle"),
            )
        } else {
            let c = self.circle?;
            let points = (0..CIRCLE_SIDES)
                .map(|k| {
                    let a = std::f64::consts::TAU * k as f64 / CIRCLE_SIDES as f64;
                    Point::new(c.x + c.radius * a.cos(), c.y + c.radius * a.sin())
                })
                .collect();
            (Polygon::new(points), path.key("circle"))
        };
        let finite = shape
            .points()
            .iter()
            .all(|p| p.x.is_finite() && p.y.is_finite());
        if !finite || shape.points().len() < 3 || (shape.is_simple() && shape.area() < 1e-6) {
            problems.push(
                Problem::error("table::degenerate", format!("piece {} has no area", index + 1))
                    .with_help("a piece needs at least three corners enclosing some ground; sizes must be positive")
                    .at_path(file, &shape_path, "here"),
            );
            return None;
        }
        if !shape.is_simple() {
            problems.push(
                Problem::error(
                    "table::self-intersecting",
                    format!("piece {}'s outline crosses itself", index + 1),
                )
                .with_help("list the corners in order around the piece")
                .at_path(file, &shape_path, "here"),
            );
            return None;
        }
        let [lo_x, lo_y, hi_x, hi_y] = shape.bounds();
        if lo_x < -1e-9 || lo_y < -1e-9 || hi_x > size + 1e-9 || hi_y > size + 1e-9 {
            problems.push(
                Problem::error(
                    "table::off-table",
                    format!("piece {} is not wholly on the {size}\" table", index + 1),
                )
                .with_help(format!("every corner needs 0 <= x, y <= {size}"))
                .at_path(file, &shape_path, "reaches past the edge"),
            );
            return None;
        }
        let mut openings = Vec::new();
        for (j, o) in self.openings.iter().enumerate() {
            let seg = Segment::new(
                Point::new(o.from[0], o.from[1]),
                Point::new(o.to[0], o.to[1]),
            );
            let opath = path.key("openings").index(j);
            if kind.shape != Shape::Building {
                problems.push(
                    Problem::error(
                        "table::opening",
                        format!("a {} has no doors or windows", kind.name),
                    )
                    .at_path(file, &opath, "only buildings have openings"),
                );
                continue;
            }
            let on = |p: Point| shape.edges().any(|e| e.distance_to_point(p) <= ON_OUTLINE);
            let same_wall = shape.edges().any(|e| {
                e.distance_to_point(seg.a) <= ON_OUTLINE && e.distance_to_point(seg.b) <= ON_OUTLINE
            });
            if !(on(seg.a) && on(seg.b) && same_wall) || seg.length() <= 0.0 {
                problems.push(
                    Problem::error(
                        "table::opening",
                        format!("opening {} is not on one wall of the building", j + 1),
                    )
                    .with_help("both ends of a door or window lie on the same side of the outline")
                    .at_path(file, &opath, "here"),
                );
                continue;
            }
            openings.push(Opening {
                segment: seg,
                kind: o.kind,
            });
        }
        let mut movement = self.movement.unwrap_or(kind.movement);
        if self.rocky && movement == Movement::Open {
            movement = Movement::Difficult;
        }
        Some(Piece {
            index,
            kind: kind.id.clone(),
            name: self.name.clone().unwrap_or_else(|| kind.name.clone()),
            large: {
                let [a, b, c, d] = shape.bounds();
                (c - a).hypot(d - b) > terrain.pieces.small_max
            },
            shape,
            movement,
            sight: self.sight.unwrap_or(kind.sight),
            water: self.water.unwrap_or(kind.water),
            building: kind.shape == Shape::Building,
            openings,
            large_room: self.large_room,
            rocky: self.rocky,
            objective: self.objective,
        })
    }
}
