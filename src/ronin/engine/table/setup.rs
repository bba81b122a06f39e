//! Set-up, deterministic by seed: the table's size, its location, the number of
//! pieces and their sizes, kinds and placement (three, three, then the rest, with the other player's
//! moves), weather, time of day and the deployment zones. Every roll is kept in the set-up log.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::geometry::{Circle, Point, Polygon, Segment};
use super::{Opening, OpeningKind, Piece, Table};
use crate::ronin::engine::dice::{Dice, SeededDice};
use crate::ronin::model::{
    Catalogue, ConditionsRule, DeploymentKind, ObjectiveShape, ScenarioId, ScenarioObjective,
    Shape, TerrainFile, TerrainKind, TerrainRule, ZoneKind,
};

/// Which deployment the roll-off winner picks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum DeploymentChoice {
    /// Opposite long edges, 6" deep.
    Edge,
    /// Opposite corners.
    Corner,
}

/// How the Assassination's attacker places the defender's models in their zone.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum, serde::Serialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum EnemyPlacement {
    /// Together, nearest the zone's centre first (in list order).
    #[default]
    Together,
    /// The Leader on one side of the zone, as far out as it stands wholly inside; the rest on
    /// the opposite side.
    LeaderApart,
}

/// What the generator is asked for.
#[derive(Debug, Clone, Copy)]
pub struct SetupRequest {
    /// The larger force's points (R-100, §0.2 item 13).
    pub points: u32,
    pub scenario: ScenarioId,
    pub deployment: DeploymentChoice,
    /// Each side's pick of Edge or Corner (A, B): the deployment roll-off's winner has his, in
    /// place of `deployment` (tp.59). `None`: `deployment` as it is.
    pub wishes: Option<[DeploymentChoice; 2]>,
    pub seed: u64,
    /// The scenario has an attacker and a defender (from its data).
    pub roles: bool,
    /// The attacking side (0 A, 1 B) if the players settled it; otherwise the deployment
    /// roll-off's winner attacks.
    pub attacker: Option<usize>,
    /// The scenario's circle diameter, if it has one.
    pub circle: Option<f64>,
}

impl SetupRequest {
    /// A request for `scenario` with its data's roles and circle.
    pub fn new(
        cat: &Catalogue,
        scenario: ScenarioId,
        points: u32,
        deployment: DeploymentChoice,
        seed: u64,
    ) -> SetupRequest {
        let data = cat.scenario.get(scenario);
        SetupRequest {
            points,
            scenario,
            deployment,
            wishes: None,
            seed,
            roles: data.is_some_and(|s| s.roles),
            attacker: None,
            circle: data.and_then(|s| s.circle),
        }
    }

    fn circle_radius(&self, size: f64) -> f64 {
        self.circle.map_or(size / 4.0, |d| d / 2.0)
    }
}

/// A deployment zone: the whole base must be inside.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum Zone {
    /// Within `depth` of the edge (0 south, 1 east, 2 north, 3 west).
    Edge { edge: u8, depth: f64 },
    /// Within `depth` of a corner point.
    Corner { x: f64, y: f64, depth: f64 },
    /// Within `depth` of any edge.
    AnyEdge { depth: f64 },
    /// Within `depth` of a point away from the edges (the Defence objective, R-114).
    Around { x: f64, y: f64, depth: f64 },
    /// At least `gap` (edge to edge) from every enemy model (the Assassination attacker, R-115).
    /// Before the enemy stands it is drawn, and held, as at least `depth` from a point: the
    /// enemy's zone and the gap beyond it, where a base is sure to be clear whatever the enemy.
    Beyond {
        x: f64,
        y: f64,
        depth: f64,
        gap: f64,
    },
    /// Anywhere on the table (the Defend the Village defender, R-117).
    Table,
}

impl Zone {
    /// Whether a base stands wholly inside the zone on a table of side `size`.
    #[inline]
    pub fn holds(&self, size: f64, base: &Circle) -> bool {
        let (c, r) = (base.centre, base.radius);
        let from_edge = Table::from_edges(size, c);
        let on_table = from_edge.iter().all(|&d| d >= r - 1e-9);
        on_table
            && match *self {
                Zone::Edge { edge, depth } => from_edge[usize::from(edge % 4)] <= depth - r + 1e-9,
                Zone::Corner { x, y, depth } | Zone::Around { x, y, depth } => {
                    c.distance(Point::new(x, y)) <= depth - r + 1e-9
                }
                Zone::AnyEdge { depth } => from_edge.iter().any(|&d| d <= depth - r + 1e-9),
                Zone::Beyond { x, y, depth, .. } => {
                    c.distance(Point::new(x, y)) >= depth + r - 1e-9
                }
                Zone::Table => true,
            }
    }
}

impl Zone {
    /// Where a reserve of radius `r` may start its entry: segments of base-centre
    /// positions one radius outside the zone's table edge, the base touching it; for a corner,
    /// along `corner` inches of either edge next to it.
    pub fn entry(&self, size: f64, r: f64, corner: f64) -> Vec<Segment> {
        let edge = |e: u8, lo: f64, hi: f64| {
            let (lo, hi) = (lo.max(r), hi.min(size - r));
            match e % 4 {
                0 => Segment::new(Point::new(lo, -r), Point::new(hi, -r)),
                1 => Segment::new(Point::new(size + r, lo), Point::new(size + r, hi)),
                2 => Segment::new(Point::new(lo, size + r), Point::new(hi, size + r)),
                _ => Segment::new(Point::new(-r, lo), Point::new(-r, hi)),
            }
        };
        match *self {
            Zone::Edge { edge: e, .. } => vec![edge(e, 0.0, size)],
            Zone::Corner { x, y, .. } => {
                let along = |at: f64| {
                    if at < size / 2.0 {
                        (0.0, corner)
                    } else {
                        (size - corner, size)
                    }
                };
                let (x0, x1) = along(x);
                let (y0, y1) = along(y);
                let horizontal = if y < size / 2.0 { 0 } else { 2 };
                let vertical = if x < size / 2.0 { 3 } else { 1 };
                vec![edge(horizontal, x0, x1), edge(vertical, y0, y1)]
            }
            Zone::AnyEdge { .. } => (0..4).map(|e| edge(e, 0.0, size)).collect(),
            // Nobody deploying around a point or anywhere enters from an edge.
            Zone::Around { .. } | Zone::Beyond { .. } | Zone::Table => Vec::new(),
        }
    }
}

/// One open roll or decision of the set-up, in order (R-107: every roll is made openly).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct SetupStep {
    /// `table`, `location`, `terrain-count`, `terrain-placed`, `terrain-moved`, `terrain-dropped`,
    /// `weather`, `time-of-day`, `deployment`.
    pub step: String,
    /// The dice rolled for this step, if any.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dice: Vec<u8>,
    pub result: String,
}

/// A generated table with its conditions and zones.
#[derive(Debug, Clone)]
pub struct Setup {
    pub table: Table,
    pub scenario: ScenarioId,
    pub points: u32,
    pub locations: Vec<String>,
    /// Weather and time of day ids; `None` is fine weather / daylight.
    pub weather: Option<String>,
    pub time_of_day: Option<String>,
    pub deployment: String,
    /// Side A's zone, then side B's.
    pub zones: [Zone; 2],
    /// The circle kept clear (Duel) or fought in (Tournament).
    pub circle: Option<Circle>,
    /// The Capture objective's marker; an objective piece is in the table instead.
    pub marker: Option<Circle>,
    /// The attacking side in a scenario with roles.
    pub attacker: Option<usize>,
    /// How the Assassination's attacker places the defender's models: set by the
    /// attacker's policy before deployment.
    pub enemy_placement: EnemyPlacement,
    pub log: Vec<SetupStep>,
}

impl Setup {
    /// Whether the defender names the attacker's edge once deployed (the Defence, R-114).
    pub fn defender_names_edge(&self) -> bool {
        self.deployment == "defence" && self.attacker.is_some()
    }

    /// Whether the attacker places the defender's models (the Assassination, R-115): his own
    /// zone is the ground clear of them.
    pub fn attacker_places_defender(&self) -> bool {
        self.attacker
            .is_some_and(|a| matches!(self.zones[a], Zone::Beyond { .. }))
    }
}

impl From<Setup> for std::borrow::Cow<'_, Setup> {
    fn from(setup: Setup) -> Self {
        std::borrow::Cow::Owned(setup)
    }
}

impl<'s> From<&'s Setup> for std::borrow::Cow<'s, Setup> {
    fn from(setup: &'s Setup) -> Self {
        std::borrow::Cow::Borrowed(setup)
    }
}

/// The diameter of the Capture objective's marker.
const MARKER: f64 = 1.0;

/// Generate a set-up. Every roll comes from the seed's own stream, so the same request gives the
/// same table.
pub fn generate(cat: &Catalogue, req: &SetupRequest) -> Setup {
    generate_on(cat, req, None)
}

/// [`generate`], or on a player's own `table`: its size and pieces as they are, then weather,
/// time of day and deployment rolled as usual. The scenario's data says what changes (R-100 to
/// a fixed table size, who places the terrain, a clear circle, the objective, fine
/// weather, the deployments.
pub fn generate_on(cat: &Catalogue, req: &SetupRequest, table: Option<&Table>) -> Setup {
    let terrain = &cat.terrain;
    let scenario = cat.scenario.get(req.scenario);
    let mut dice = SeededDice::new(req.seed, 0x7ab1e);
    let mut log = Vec::new();
    let size = match table {
        Some(t) => t.size,
        None => scenario
            .and_then(|s| s.table_size)
            .unwrap_or_else(|| terrain.table_size(req.points)),
    };
    log.push(SetupStep {
        step: "table".into(),
        dice: vec![],
        result: format!("{size}\" square for {} points", req.points),
    });
    let centre = Point::new(size / 2.0, size / 2.0);
    let circle = scenario
        .and_then(|s| s.circle)
        .map(|d| Circle::new(centre, d / 2.0));
    let rule = scenario.map_or(TerrainRule::Standard, |s| s.terrain);
    let objective = scenario.and_then(|s| s.objective.as_ref());
    let mut placer = Placer {
        terrain,
        size,
        circle,
        clear: 0.0,
        pieces: Vec::new(),
        log: &mut log,
    };
    let mut locations = Vec::new();
    if let Some(t) = table {
        placer.log.push(SetupStep {
            step: "terrain-placed".into(),
            dice: vec![],
            result: format!("the player's table: {} pieces", t.pieces.len()),
        });
        placer.pieces = t.pieces.clone();
    } else if rule != TerrainRule::None {
        // The objective piece comes first, so the others keep their distance from it.
        if let Some(o) = objective.filter(|o| o.kind == ObjectiveShape::Piece) {
            placer.objective_piece(o, centre);
        }
        locations = placer.roll_locations(&mut dice);
        let n = placer.roll_count(req.points, &mut dice);
        match rule {
            TerrainRule::Standard | TerrainRule::None => {
                placer.place_all(n, &locations, &mut dice);
            }
            TerrainRule::AttackerPlaces => placer.place_freely(n, &locations, false, &mut dice),
            TerrainRule::DefenderPlaces => placer.place_freely(n, &locations, true, &mut dice),
        }
    }
    let pieces = placer.pieces;
    let table = Table::new(size, pieces);
    let marker = objective
        .filter(|o| o.kind == ObjectiveShape::Marker)
        .map(|_| {
            let spot = marker_spot(&table, centre);
            log.push(SetupStep {
                step: "objective".into(),
                dice: vec![],
                result: format!("a 1\" marker at ({:.1}, {:.1})", spot.x, spot.y),
            });
            Circle::new(spot, MARKER / 2.0)
        });
    let (weather, time_of_day) = if scenario.is_some_and(|s| s.conditions == ConditionsRule::Fine) {
        log.push(SetupStep {
            step: "weather".into(),
            dice: vec![],
            result: "fine (the scenario's)".into(),
        });
        log.push(SetupStep {
            step: "time-of-day".into(),
            dice: vec![],
            result: "daylight (the scenario's)".into(),
        });
        (None, None)
    } else {
        roll_conditions(terrain, &mut dice, &mut log)
    };
    let kinds = scenario.map_or(&[][..], |s| s.deployment.as_slice());
    let (deployment, zones, attacker) = deploy(terrain, req, kinds, &table, &mut dice, &mut log);
    Setup {
        table,
        scenario: req.scenario,
        points: req.points,
        locations,
        weather,
        time_of_day,
        deployment,
        zones,
        circle,
        marker,
        attacker,
        enemy_placement: EnemyPlacement::Together,
        log,
    }
}

/// Where the Capture marker stands: the table's centre, or, if a base could not touch it
/// there (impassable terrain or a building's walls), the nearest spot a base can touch.
fn marker_spot(table: &Table, centre: Point) -> Point {
    let clear = |p: Point| {
        !table.pieces.iter().any(|piece| {
            piece.blocks_movement() && piece.shape.overlaps_circle(&Circle::new(p, MARKER))
        })
    };
    if clear(centre) {
        return centre;
    }
    // Rings a quarter-inch apart, 32 points each, nearest first.
    (1..=4 * 12)
        .flat_map(|ring| {
            let r = f64::from(ring) / 4.0;
            (0..32).map(move |k| {
                let a = std::f64::consts::TAU * f64::from(k) / 32.0;
                Point::new(centre.x + r * a.cos(), centre.y + r * a.sin())
            })
        })
        .find(|&p| clear(p))
        .unwrap_or(centre)
}

struct Placer<'a> {
    terrain: &'a TerrainFile,
    size: f64,
    circle: Option<Circle>,
    /// Other pieces keep this far from an objective piece.
    clear: f64,
    pieces: Vec<Piece>,
    log: &'a mut Vec<SetupStep>,
}

impl<'a> Placer<'a> {
    fn roll_locations(&mut self, dice: &mut SeededDice) -> Vec<String> {
        let first = dice.d6();
        let Some(location) = self
            .terrain
            .locations
            .iter()
            .find(|l| l.faces.contains(&first))
        else {
            return Vec::new();
        };
        if !location.mixed {
            self.log.push(SetupStep {
                step: "location".into(),
                dice: vec![first],
                result: location.id.clone(),
            });
            return vec![location.id.clone()];
        }
        // Mixed: two more rolls, re-rolling further mixed results.
        let mut rolled = vec![first];
        let mut ids = Vec::new();
        while ids.len() < 2 {
            let d = dice.d6();
            rolled.push(d);
            if let Some(l) = self
                .terrain
                .locations
                .iter()
                .find(|l| l.faces.contains(&d) && !l.mixed)
            {
                ids.push(l.id.clone());
            }
        }
        self.log.push(SetupStep {
            step: "location".into(),
            dice: rolled,
            result: format!("mixed: {} and {}", ids[0], ids[1]),
        });
        ids
    }

    fn roll_count(&mut self, points: u32, dice: &mut SeededDice) -> usize {
        let Some(rule) = self.terrain.terrain_count(points) else {
            return 0;
        };
        let mut rolled = Vec::new();
        let mut n = rule.plus;
        for _ in 0..rule.d3 {
            let d = dice.d6();
            rolled.push(d);
            n += u32::from(d.div_ceil(2));
        }
        let large = large_count(self.terrain, n as usize);
        self.log.push(SetupStep {
            step: "terrain-count".into(),
            dice: rolled,
            result: format!("{n} pieces, {large} large"),
        });
        n as usize
    }

    /// The objective piece of its terrain kind (small: the lower size bound), at `centre`
    ///
    fn objective_piece(&mut self, o: &ScenarioObjective, centre: Point) {
        let Some(kind) = o.piece.as_deref().and_then(|k| self.terrain.kind(k)) else {
            return;
        };
        let mut dice = SeededDice::new(0, 0);
        let shape = draw(kind, self.terrain.pieces.small_min, &mut dice);
        let c = shape.centroid();
        let mut piece = piece_of(
            kind,
            shape.translated(centre.x - c.x, centre.y - c.y),
            false,
        );
        let (dx, dy) = (centre.x - c.x, centre.y - c.y);
        for op in &mut piece.openings {
            op.segment = super::Segment::new(
                Point::new(op.segment.a.x + dx, op.segment.a.y + dy),
                Point::new(op.segment.b.x + dx, op.segment.b.y + dy),
            );
        }
        piece.objective = true;
        piece.name = format!("{} (objective)", piece.name);
        self.clear = o.clear.unwrap_or(0.0);
        self.log.push(SetupStep {
            step: "objective".into(),
            dice: vec![],
            result: format!(
                "{} at the centre, nothing within {}\"",
                piece.name, self.clear
            ),
        });
        self.pieces.push(piece);
    }

    /// Place `n` pieces anywhere legal, large ones first, with no quarter rule: the attacker
    /// places everything and the defender moves up to half of them up to 6" (R-115), or the
    /// defender places everything, the first a building.
    fn place_freely(
        &mut self,
        n: usize,
        locations: &[String],
        building_first: bool,
        dice: &mut SeededDice,
    ) {
        let terrain = self.terrain;
        let large = large_count(terrain, n);
        let mut placed = Vec::new();
        for i in 0..n {
            let location = if locations.len() == 2 && i >= n.div_ceil(2) {
                &locations[1]
            } else {
                &locations[0]
            };
            let building = (building_first && i == 0)
                .then(|| terrain.kinds.iter().find(|k| k.shape == Shape::Building))
                .flatten();
            let Some(kind) = building.or_else(|| self.pick_kind(location, dice)) else {
                continue;
            };
            let piece = self.place(kind, i < large, &[false; 4], dice);
            if let Some(k) = self.add(kind, piece, |_| String::new()) {
                placed.push(k);
            }
        }
        if !building_first {
            dice.shuffle(&mut placed);
            for &k in placed.iter().take(n / 2) {
                self.nudge(k, dice);
            }
        }
    }

    /// Place `n` pieces, large ones first, in the text's order: three in three different quarters,
    /// three more at most one per quarter, then the rest at most one per quarter. After
    /// each batch the other player moves up to two of its pieces up to 6".
    fn place_all(&mut self, n: usize, locations: &[String], dice: &mut SeededDice) {
        let large = large_count(self.terrain, n);
        let batches = [(0, 3.min(n)), (3.min(n), 6.min(n)), (6.min(n), n)];
        for (from, to) in batches {
            let mut used_quarters = [false; 4];
            let mut placed = Vec::new();
            for i in from..to {
                let location = if locations.len() == 2 && i >= n.div_ceil(2) {
                    &locations[1]
                } else {
                    &locations[0]
                };
                let Some(kind) = self.pick_kind(location, dice) else {
                    continue;
                };
                let piece = self.place(kind, i < large, &used_quarters, dice);
                let size = self.size;
                let added = self.add(kind, piece, |p| {
                    format!(
                        "in the {} quarter",
                        QUARTERS[quarter(size, p.shape.centroid())]
                    )
                });
                if let Some(k) = added {
                    used_quarters[quarter(size, self.pieces[k].shape.centroid())] = true;
                    placed.push(k);
                }
            }
            // The other player moves up to two of the batch.
            dice.shuffle(&mut placed);
            for &k in placed.iter().take(2) {
                self.nudge(k, dice);
            }
        }
    }

    /// Log a piece of `kind` placed (with `place`'s words for where) and add it, returning its
    /// index; or log that it found no place.
    fn add(
        &mut self,
        kind: &TerrainKind,
        piece: Option<Piece>,
        place: impl FnOnce(&Piece) -> String,
    ) -> Option<usize> {
        let Some(mut piece) = piece else {
            self.log.push(SetupStep {
                step: "terrain-dropped".into(),
                dice: vec![],
                result: format!(
                    "no legal place for a {} after {} tries",
                    kind.name, self.terrain.pieces.tries
                ),
            });
            return None;
        };
        let place = place(&piece);
        self.log.push(SetupStep {
            step: "terrain-placed".into(),
            dice: vec![],
            result: format!(
                "{} {} ({}){}{place}",
                if piece.large { "large" } else { "small" },
                piece.name,
                piece.kind,
                if place.is_empty() { "" } else { " " }
            ),
        });
        piece.index = self.pieces.len();
        self.pieces.push(piece);
        Some(self.pieces.len() - 1)
    }

    fn pick_kind(&self, location: &str, dice: &mut SeededDice) -> Option<&'a TerrainKind> {
        let location = self.terrain.location(location)?;
        let total: u32 = location.kinds.iter().map(|(_, w)| *w).sum();
        let mut pick = dice.index(total as usize) as u32;
        for (kind, weight) in &location.kinds {
            if pick < *weight {
                return self.terrain.kind(kind);
            }
            pick -= weight;
        }
        None
    }

    /// A random legal position for a new piece, or `None` after the allowed tries.
    fn place(
        &self,
        kind: &TerrainKind,
        large: bool,
        used: &[bool; 4],
        dice: &mut SeededDice,
    ) -> Option<Piece> {
        let sizes = &self.terrain.pieces;
        for _ in 0..sizes.tries {
            let diameter = if large {
                dice.between(sizes.large_min, sizes.large_max)
            } else {
                dice.between(sizes.small_min, sizes.small_max)
            };
            let shape = draw(kind, diameter, dice);
            let [lo_x, lo_y, hi_x, hi_y] = shape.bounds();
            let (w, h) = (hi_x - lo_x, hi_y - lo_y);
            if w > self.size || h > self.size {
                continue;
            }
            let x = dice.between(0.0, self.size - w) - lo_x;
            let y = dice.between(0.0, self.size - h) - lo_y;
            let shape = shape.translated(x, y);
            if used[quarter(self.size, shape.centroid())] || !self.legal(&shape, usize::MAX) {
                continue;
            }
            return Some(piece_of(kind, shape, large));
        }
        None
    }

    /// Whether `shape` may stand here: wholly on the table, the gap from every other piece, out of
    /// the kept circle.
    fn legal(&self, shape: &Polygon, except: usize) -> bool {
        let [lo_x, lo_y, hi_x, hi_y] = shape.bounds();
        if lo_x < 0.0 || lo_y < 0.0 || hi_x > self.size || hi_y > self.size {
            return false;
        }
        if let Some(c) = self.circle
            && shape.distance_to_point(c.centre) <= c.radius
        {
            return false;
        }
        self.pieces.iter().enumerate().all(|(i, p)| {
            let gap = if p.objective {
                self.clear.max(self.terrain.pieces.gap)
            } else {
                self.terrain.pieces.gap
            };
            i == except
                || bounds_apart(p.shape.bounds(), shape.bounds(), gap)
                || p.shape.distance_to_polygon(shape) >= gap
        })
    }

    /// Move piece `k` by a random translation of at most 6" that keeps it legal (R-101).
    fn nudge(&mut self, k: usize, dice: &mut SeededDice) {
        let reach = self.terrain.pieces.move_up_to;
        for _ in 0..self.terrain.pieces.tries {
            let angle = dice.between(0.0, std::f64::consts::TAU);
            let length = dice.between(0.0, reach);
            let (dx, dy) = (length * angle.cos(), length * angle.sin());
            let moved = self.pieces[k].shape.translated(dx, dy);
            if self.legal(&moved, k) {
                let piece = &mut self.pieces[k];
                piece.shape = moved;
                for o in &mut piece.openings {
                    o.segment = super::Segment::new(
                        Point::new(o.segment.a.x + dx, o.segment.a.y + dy),
                        Point::new(o.segment.b.x + dx, o.segment.b.y + dy),
                    );
                }
                self.log.push(SetupStep {
                    step: "terrain-moved".into(),
                    dice: vec![],
                    result: format!("{} moved {length:.1}\"", piece.name),
                });
                return;
            }
        }
    }
}

const QUARTERS: [&str; 4] = ["south-west", "south-east", "north-west", "north-east"];

fn quarter(size: f64, p: Point) -> usize {
    usize::from(p.x >= size / 2.0) + 2 * usize::from(p.y >= size / 2.0)
}

/// How many pieces for a game of `points` (the larger force's), how many of them large, and the
/// d6s rolled (each d3 is a d6 halved, rounded up).
pub fn piece_count(
    terrain: &TerrainFile,
    points: u32,
    dice: &mut impl Dice,
) -> (usize, usize, Vec<u8>) {
    let Some(rule) = terrain.terrain_count(points) else {
        return (0, 0, Vec::new());
    };
    let mut rolled = Vec::new();
    let mut n = rule.plus as usize;
    for _ in 0..rule.d3 {
        let d = dice.d6();
        rolled.push(d);
        n += usize::from(d.div_ceil(2));
    }
    (n, large_count(terrain, n), rolled)
}

/// floor(n × share): half the pieces, rounded down, are large.
pub fn large_count(terrain: &TerrainFile, n: usize) -> usize {
    (n as f64 * terrain.pieces.large_share).floor() as usize
}

/// A piece of `kind` whose bounding diameter is at most `diameter`, centred on the origin.
fn draw(kind: &TerrainKind, diameter: f64, dice: &mut SeededDice) -> Polygon {
    let half = diameter / 2.0;
    match kind.shape {
        Shape::Area | Shape::Hill => {
            // A star-shaped blob: corners at jittered angles, radii between 70% and 100%.
            let corners = if kind.shape == Shape::Hill { 12 } else { 9 };
            let low = if kind.shape == Shape::Hill { 0.85 } else { 0.7 };
            let turn = dice.between(0.0, std::f64::consts::TAU);
            let points = (0..corners)
                .map(|k| {
                    let a = turn
                        + std::f64::consts::TAU * (f64::from(k) + dice.between(-0.3, 0.3))
                            / f64::from(corners);
                    let r = half * dice.between(low, 1.0);
                    Point::new(r * a.cos(), r * a.sin())
                })
                .collect();
            Polygon::new(points)
        }
        Shape::Linear => {
            let w = kind.width.unwrap_or(0.5).min(diameter / 2.0) / 2.0;
            let l = (half * half - w * w).max(0.0).sqrt();
            let a = dice.between(0.0, std::f64::consts::PI);
            let (c, s) = (a.cos(), a.sin());
            let corner = |u: f64, v: f64| Point::new(u * c - v * s, u * s + v * c);
            Polygon::new(vec![
                corner(-l, -w),
                corner(l, -w),
                corner(l, w),
                corner(-l, w),
            ])
        }
        Shape::Building => {
            // An axis-aligned house whose diagonal is the diameter, sides 4:3.
            let (w, h) = (diameter * 0.8 / 2.0, diameter * 0.6 / 2.0);
            let (w, h) = if dice.d6() <= 3 { (w, h) } else { (h, w) };
            Polygon::rectangle(-w, -h, 2.0 * w, 2.0 * h)
        }
    }
}

fn piece_of(kind: &TerrainKind, shape: Polygon, large: bool) -> Piece {
    let mut openings = Vec::new();
    if kind.shape == Shape::Building {
        // A door 1.2" wide in the middle of the south wall (the first edge).
        if let Some(edge) = shape.edges().next() {
            let len = edge.length();
            let half = (0.6 / len).min(0.5);
            openings.push(Opening {
                segment: super::Segment::new(edge.at(0.5 - half), edge.at(0.5 + half)),
                kind: OpeningKind::Door,
            });
        }
    }
    Piece {
        index: 0,
        kind: kind.id.clone(),
        name: kind.name.clone(),
        shape,
        large,
        movement: kind.movement,
        sight: kind.sight,
        water: kind.water,
        building: kind.shape == Shape::Building,
        openings,
        large_room: false,
        rocky: false,
        objective: false,
    }
}

fn roll_conditions(
    terrain: &TerrainFile,
    dice: &mut SeededDice,
    log: &mut Vec<SetupStep>,
) -> (Option<String>, Option<String>) {
    let mut roll = |table_on: &[u8], faces: &dyn Fn(u8) -> Option<String>, step: &str| {
        let first = dice.d6();
        if !table_on.contains(&first) {
            log.push(SetupStep {
                step: step.into(),
                dice: vec![first],
                result: "none".into(),
            });
            return None;
        }
        let second = dice.d6();
        let id = faces(second);
        log.push(SetupStep {
            step: step.into(),
            dice: vec![first, second],
            result: id.clone().unwrap_or_else(|| "none".into()),
        });
        id
    };
    let weather = roll(
        &terrain.weather.table_on,
        &|d| {
            terrain
                .weather
                .kinds
                .iter()
                .find(|k| k.faces.contains(&d))
                .map(|k| k.id.clone())
        },
        "weather",
    );
    let time = roll(
        &terrain.time_of_day.table_on,
        &|d| {
            terrain
                .time_of_day
                .kinds
                .iter()
                .find(|k| k.faces.contains(&d))
                .map(|k| k.id.clone())
        },
        "time-of-day",
    );
    (weather, time)
}

/// The roll-off winner (side A on 4-6 after ties are re-rolled) deploys first, and in a scenario
/// with roles is the attacker unless the request names one. Edge and
/// Corner: the winner takes the south edge or the south-west corner, the other side the opposite.
/// The scenario's other deployments place each side as its rules say.
fn deploy(
    terrain: &TerrainFile,
    req: &SetupRequest,
    kinds: &[DeploymentKind],
    table: &Table,
    dice: &mut SeededDice,
    log: &mut Vec<SetupStep>,
) -> (String, [Zone; 2], Option<usize>) {
    let mut rolled = Vec::new();
    let a_wins = loop {
        let (a, b) = (dice.d6(), dice.d6());
        rolled.extend([a, b]);
        if a != b {
            break a > b;
        }
    };
    let winner = usize::from(!a_wins);
    let size = table.size;
    let centre = Point::new(size / 2.0, size / 2.0);
    let zone_of = |id: &str, default: (ZoneKind, f64)| {
        terrain
            .deployment(id)
            .map_or(default, |d| (d.kind, d.depth))
    };
    let chosen = req.wishes.map_or(req.deployment, |w| w[winner]);
    let kind = match kinds {
        [] => match chosen {
            DeploymentChoice::Edge => DeploymentKind::Edge,
            DeploymentChoice::Corner => DeploymentKind::Corner,
        },
        [only] => *only,
        _ => {
            let wanted = match chosen {
                DeploymentChoice::Edge => DeploymentKind::Edge,
                DeploymentChoice::Corner => DeploymentKind::Corner,
            };
            if kinds.contains(&wanted) {
                wanted
            } else {
                kinds[0]
            }
        }
    };
    // [first deployer's zone, second's]
    let (id, first, second, describe) = match kind {
        DeploymentKind::Edge | DeploymentKind::Corner => {
            let id = if kind == DeploymentKind::Corner {
                "corner"
            } else {
                "edge"
            };
            let (zk, depth) = zone_of(id, (ZoneKind::Edge, 2.0));
            if zk == ZoneKind::Corner {
                (
                    id,
                    Zone::Corner {
                        x: 0.0,
                        y: 0.0,
                        depth,
                    },
                    Zone::Corner {
                        x: size,
                        y: size,
                        depth,
                    },
                    "the south-west corner",
                )
            } else {
                (
                    id,
                    Zone::Edge { edge: 0, depth },
                    Zone::Edge { edge: 2, depth },
                    "the south edge",
                )
            }
        }
        DeploymentKind::Defence => {
            // The defender around the objective piece; the attacker on the edge the defender
            // names: the south one.
            let (_, depth) = zone_of("defence-defender", (ZoneKind::Around, 12.0));
            let (_, edge_depth) = zone_of("edge", (ZoneKind::Edge, 2.0));
            let reach = table.pieces.iter().find(|p| p.objective).map_or(0.0, |p| {
                let [x0, y0, x1, y1] = p.shape.bounds();
                (x1 - x0).max(y1 - y0) / 2.0
            });
            (
                "defence",
                Zone::Around {
                    x: centre.x,
                    y: centre.y,
                    depth: depth + reach,
                },
                Zone::Edge {
                    edge: 0,
                    depth: edge_depth,
                },
                "around the objective; the attacker on the edge the defender names (south here)",
            )
        }
        DeploymentKind::Duel => {
            // Friends within 6" of their duellist edge to edge: the zone holds whole bases
            // whose centres are within 6" plus two base radii of the duellist's spot.
            let (_, reach) = zone_of("duel", (ZoneKind::Around, 6.0));
            let depth = reach + 1.5 * terrain.bases.diameter;
            let r = req.circle_radius(size);
            (
                "duel",
                Zone::Around {
                    x: centre.x,
                    y: centre.y - r,
                    depth,
                },
                Zone::Around {
                    x: centre.x,
                    y: centre.y + r,
                    depth,
                },
                "the south side of the circle",
            )
        }
        DeploymentKind::Assassination => {
            let (_, near) = zone_of("assassination-defender", (ZoneKind::Around, 12.0));
            let (_, away) = zone_of("assassination-attacker", (ZoneKind::Beyond, 9.0));
            (
                "assassination",
                Zone::Around {
                    x: centre.x,
                    y: centre.y,
                    depth: near,
                },
                Zone::Beyond {
                    x: centre.x,
                    y: centre.y,
                    depth: near + away,
                    gap: away,
                },
                "the defender around the centre, placed by the attacker",
            )
        }
        DeploymentKind::Village => {
            let (_, depth) = zone_of("village-attacker", (ZoneKind::AnyEdge, 3.0));
            (
                "village",
                Zone::Table,
                Zone::AnyEdge { depth },
                "the defender anywhere",
            )
        }
        DeploymentKind::Circle => {
            let r = req.circle_radius(size);
            (
                "circle",
                Zone::Around {
                    x: centre.x,
                    y: centre.y - r,
                    depth: 0.5,
                },
                Zone::Around {
                    x: centre.x,
                    y: centre.y + r,
                    depth: 0.5,
                },
                "opposite sides of the circle",
            )
        }
    };
    // In a scenario with roles the first zone is the defender's (he deploys first, R-114,
    // R-117), except in Assassination where the attacker places both sides.
    let attacker = req.attacker.or(req.roles.then_some(winner));
    let first_side = match (kind, attacker) {
        (
            DeploymentKind::Defence | DeploymentKind::Village | DeploymentKind::Assassination,
            Some(a),
        ) => 1 - a,
        _ => winner,
    };
    let zones = if first_side == 0 {
        [first, second]
    } else {
        [second, first]
    };
    log.push(SetupStep {
        step: "deployment".into(),
        dice: rolled,
        result: match attacker {
            Some(a) => format!(
                "side {} wins the roll-off; side {} attacks; {id}: side {} deploys {describe}",
                side_letter(winner),
                side_letter(a),
                side_letter(first_side)
            ),
            None => format!(
                "side {} wins the roll-off and deploys first ({id}, {describe})",
                side_letter(winner)
            ),
        },
    });
    (id.to_owned(), zones, attacker)
}

fn side_letter(side: usize) -> &'static str {
    if side == 0 { "A" } else { "B" }
}

/// Whether an undisguised Ninja may be placed here: on the table and more than the clearance from
/// every enemy base.
pub fn ninja_may_stand(table: &Table, clearance: f64, base: &Circle, enemies: &[Circle]) -> bool {
    stands_clear(table, clearance + 2e-9, base, enemies)
}

/// Whether a base may be placed here: on the table, off impassable ground, and at least `gap`
/// (to within 1e-9) from every enemy base.
pub fn stands_clear(table: &Table, gap: f64, base: &Circle, enemies: &[Circle]) -> bool {
    table.holds(base)
        && enemies.iter().all(|e| base.edge_distance(e) >= gap - 1e-9)
        && !table
            .pieces
            .iter()
            .any(|p| p.blocks_movement() && p.shape.overlaps_circle(base))
}

/// Whether two bounding boxes are more than `gap` apart (then so are the pieces in them): the
/// cheap test before the exact distance, with a margin so that no near case skips it.
fn bounds_apart(a: [f64; 4], b: [f64; 4], gap: f64) -> bool {
    let dx = (a[0] - b[2]).max(b[0] - a[2]).max(0.0);
    let dy = (a[1] - b[3]).max(b[1] - a[3]).max(0.0);
    (dx * dx + dy * dy).sqrt() >= gap + 1e-6
}
