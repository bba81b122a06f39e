//! Line of sight and cover: past other models, through light, heavy and blocking
//! terrain, buildings and hills, within the turn's sight limit. A [`SightMap`] is built once per
//! phase; each question is then a pass over the models and the pieces, without allocating.

use serde::Serialize;

use super::geometry::{Circle, Point, Segment, Slab};
use super::{Piece, Table};
pub use crate::ronin::engine::shooting::Cover;
use crate::ronin::model::{Sight, SightRules};

/// Numerical slack: tangency does not block (R-72), exactly 2" of wood does not block (T24).
const EPS: f64 = 1e-9;

/// Why a model cannot see another.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "by")]
pub enum Blocked {
    /// Another model's base is in the way (its index in the list given).
    Model { index: usize },
    /// More than the light limit of light terrain on the line.
    Light { length: f64 },
    /// Heavy terrain, and the target has neither moved nor shot this turn.
    Heavy { piece: usize },
    /// A high wall, a cliff, a building or a hill (a piece index).
    Terrain { piece: usize },
    /// Farther than the turn's sight limit.
    SightLimit { distance: f64, limit: f64 },
}

/// What a shooter sees of a target.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct SightLine {
    /// Edge to edge.
    pub distance: f64,
    pub blocked: Option<Blocked>,
    pub cover: Cover,
    /// Length of light terrain on the line (overlapping pieces counted once).
    pub light: f64,
}

impl SightLine {
    pub fn visible(&self) -> bool {
        self.blocked.is_none()
    }
}

/// The table's pieces sorted by what they do to sight, for one phase's questions.
#[derive(Debug, Clone)]
pub struct SightMap<'t> {
    table: &'t Table,
    rules: &'t SightRules,
    /// Indices into `table.pieces` of the pieces that matter to sight.
    relevant: Vec<usize>,
}

/// Where a model stands and whether it counts as having moved or shot this turn.
#[derive(Debug, Clone, Copy)]
pub struct Looker {
    pub base: Circle,
    pub moved_or_shot: bool,
}

impl<'t> SightMap<'t> {
    pub fn new(table: &'t Table, rules: &'t SightRules) -> SightMap<'t> {
        let relevant = table
            .pieces
            .iter()
            .enumerate()
            .filter(|(_, p)| p.sight != Sight::Clear)
            .map(|(i, _)| i)
            .collect();
        SightMap {
            table,
            rules,
            relevant,
        }
    }

    /// Whether `shooter` sees `target`, and the target's cover. `crowd` is every base on the
    /// table; `skip` are the places of the shooter and the target in it (or `usize::MAX`).
    pub fn look(
        &self,
        shooter: &Circle,
        target: &Looker,
        crowd: &Crowd,
        skip: [usize; 2],
        limit: Option<f64>,
    ) -> SightLine {
        self.trace(shooter, target, Some((crowd, skip)), limit)
    }

    /// The pieces (by index) the sight segment from `shooter` to `target` meets, or that hold
    /// the target, for the log: what a checker needs to trace the line again. Built only when a
    /// log is kept.
    pub fn pieces_on(&self, shooter: &Circle, target: &Circle) -> Vec<usize> {
        let seg = sight_segment(shooter, target);
        self.relevant
            .iter()
            .copied()
            .filter(|&i| {
                let shape = &self.table.pieces[i].shape;
                shape.meets_segment(&seg) || shape.contains(target.centre)
            })
            .collect()
    }

    /// The cover `target` has from `shooter` where sight is not checked (a shot into a combat
    /// going on to another model, R-76): the line runs through models and blocking terrain, and
    /// only the cover the pieces give the target is read.
    pub fn cover(&self, shooter: &Circle, target: &Circle) -> Cover {
        let looker = Looker {
            base: *target,
            moved_or_shot: true,
        };
        self.trace(shooter, &looker, None, None).cover
    }

    /// The sight line; with no `crowd`, sight is not checked and only the cover is found.
    fn trace(
        &self,
        shooter: &Circle,
        target: &Looker,
        crowd: Option<(&Crowd, [usize; 2])>,
        limit: Option<f64>,
    ) -> SightLine {
        let checked = crowd.is_some();
        let distance = shooter.edge_distance(&target.base);
        let mut line = SightLine {
            distance,
            blocked: None,
            cover: Cover::None,
            light: 0.0,
        };
        if let Some(limit) = limit
            && distance > limit + EPS
        {
            line.blocked = Some(Blocked::SightLimit { distance, limit });
            return line;
        }
        if let Some((crowd, skip)) = crowd
            && let Some(index) = model_in_the_way(shooter, &target.base, crowd, skip)
        {
            line.blocked = Some(Blocked::Model { index });
            return line;
        }
        let seg = sight_segment(shooter, &target.base);
        let length = seg.length();
        // Fractions of the sight segment: beyond the heavy allowance near the shooter, and within
        // the cover distance of the target.
        let frac = |d: f64| {
            if length > 0.0 {
                (d / length).clamp(0.0, 1.0)
            } else {
                0.0
            }
        };
        // "More than" 1" from the shooter: a point exactly 1" away is still ignored.
        let far_part = Segment::new(seg.at(frac(self.rules.heavy_ignored_within + 1e-6)), seg.b);
        let near_target = Segment::new(seg.at(1.0 - frac(self.rules.cover_within)), seg.b);
        let mut light = [(0.0f64, 0.0f64); 8];
        let mut n_light = 0;
        let mut light_overflow = 0.0;
        let mut cover = Cover::None;
        let slab = Slab::new(&seg);
        for &i in &self.relevant {
            let piece = &self.table.pieces[i];
            let [lo_x, lo_y, hi_x, hi_y] = piece.shape.bounds();
            let c = target.base.centre;
            let target_far = c.x < lo_x || c.x > hi_x || c.y < lo_y || c.y > hi_y;
            // A piece off the line matters only as the target's own ground (cover).
            if target_far && !slab.meets_box(piece.shape.bounds()) {
                continue;
            }
            match piece.sight {
                Sight::Clear => {}
                Sight::Light => {
                    piece.shape.intervals_inside(&seg, |a, b| {
                        if n_light < light.len() {
                            light[n_light] = (a, b);
                            n_light += 1;
                        } else {
                            light_overflow += b - a;
                        }
                    });
                    if piece.shape.contains(target.base.centre)
                        || piece.shape.meets_segment(&near_target)
                    {
                        cover = cover.max(Cover::Light);
                    }
                }
                Sight::Heavy => {
                    if !target.moved_or_shot && piece.shape.meets_segment(&far_part) {
                        line.blocked = Some(Blocked::Heavy { piece: i });
                        return line;
                    }
                    if piece.shape.contains(target.base.centre)
                        || piece.shape.meets_segment(&near_target)
                    {
                        cover = Cover::Heavy;
                    }
                }
                Sight::Blocking => {
                    if checked && piece.shape.meets_segment(&seg) {
                        line.blocked = Some(Blocked::Terrain { piece: i });
                        return line;
                    }
                }
                Sight::Hill => {
                    let on = piece.shape.contains(shooter.centre)
                        || piece.shape.contains(target.base.centre);
                    if checked && !on && piece.shape.meets_segment(&seg) {
                        line.blocked = Some(Blocked::Terrain { piece: i });
                        return line;
                    }
                }
                Sight::Building => match building_line(piece, shooter, &target.base, &seg) {
                    BuildingLine::Clear => {}
                    BuildingLine::Blocks if checked => {
                        line.blocked = Some(Blocked::Terrain { piece: i });
                        return line;
                    }
                    BuildingLine::Blocks => {}
                    BuildingLine::Wall { target_inside } => {
                        // The building is heavy cover on this line: its outline blocks a
                        // stationary target unless it is within reach of the shooter's base.
                        if !target.moved_or_shot && outline_meets(piece, &far_part) {
                            line.blocked = Some(Blocked::Heavy { piece: i });
                            return line;
                        }
                        if target_inside || outline_meets(piece, &near_target) {
                            cover = Cover::Heavy;
                        }
                    }
                },
            }
        }
        let light_len = (union_length(&mut light[..n_light]) + light_overflow) * length;
        line.light = light_len;
        if checked && light_len > self.rules.light_limit + EPS {
            line.blocked = Some(Blocked::Light { length: light_len });
            return line;
        }
        line.cover = cover;
        line
    }

    /// The cover bonus to the Shooting Defence Score.
    pub fn cover_bonus(&self, cover: Cover) -> i32 {
        match cover {
            Cover::None => 0,
            Cover::Light => self.rules.light_cover,
            Cover::Heavy => self.rules.heavy_cover,
        }
    }
}

enum BuildingLine {
    Clear,
    Blocks,
    Wall { target_inside: bool },
}

fn building_line(piece: &Piece, shooter: &Circle, target: &Circle, seg: &Segment) -> BuildingLine {
    let s_in = piece.shape.contains(shooter.centre);
    let t_in = piece.shape.contains(target.centre);
    match (s_in, t_in) {
        (true, true) => BuildingLine::Clear,
        (false, false) if piece.shape.meets_segment(seg) => BuildingLine::Blocks,
        (false, false) => BuildingLine::Clear,
        (_, target_inside) => BuildingLine::Wall { target_inside },
    }
}

fn outline_meets(piece: &Piece, s: &Segment) -> bool {
    piece.shape.bounds_meet(s) && piece.shape.edges().any(|e| e.intersects(s))
}

/// The part of the centre-to-centre segment between the two bases' edges.
pub fn sight_segment(a: &Circle, b: &Circle) -> Segment {
    let d = a.centre.distance(b.centre);
    if d <= a.radius + b.radius {
        let mid = Segment::new(a.centre, b.centre).at(0.5);
        return Segment::new(mid, mid);
    }
    let line = Segment::new(a.centre, b.centre);
    Segment::new(line.at(a.radius / d), line.at(1.0 - b.radius / d))
}

/// Every base on the table, kept as columns so the line-of-sight test runs over them without
/// branches (built once per phase, updated as models move).
#[derive(Debug, Clone, Default)]
pub struct Crowd {
    /// Every base's x, then every y, then every radius: one buffer, three columns.
    columns: Vec<f64>,
    len: usize,
}

impl Crowd {
    pub fn new(models: &[Circle]) -> Crowd {
        Crowd::of(models.iter().copied())
    }

    /// The crowd of these bases, in order.
    pub fn of(models: impl Iterator<Item = Circle> + Clone) -> Crowd {
        let len = models.clone().count();
        let mut columns = Vec::with_capacity(3 * len);
        columns.extend(models.clone().map(|m| m.centre.x));
        columns.extend(models.clone().map(|m| m.centre.y));
        columns.extend(models.map(|m| m.radius));
        Crowd { columns, len }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The x, y and radius columns.
    fn columns(&self) -> (&[f64], &[f64], &[f64]) {
        let (xs, rest) = self.columns.split_at(self.len);
        let (ys, rs) = rest.split_at(self.len);
        (xs, ys, rs)
    }

    pub fn base(&self, k: usize) -> Circle {
        let (xs, ys, rs) = self.columns();
        Circle::new(Point::new(xs[k], ys[k]), rs[k])
    }

    /// Move model `k`.
    pub fn set(&mut self, k: usize, base: Circle) {
        self.columns[k] = base.centre.x;
        self.columns[self.len + k] = base.centre.y;
        self.columns[2 * self.len + k] = base.radius;
    }
}

/// The first other base that meets the convex hull of the two bases; tangency does not
/// count. `skip` are the two bases' own places in the crowd (or `usize::MAX`).
pub fn model_in_the_way(a: &Circle, b: &Circle, crowd: &Crowd, skip: [usize; 2]) -> Option<usize> {
    let (p, q) = (a.centre, b.centre);
    if (a.radius - b.radius).abs() >= 1e-12 {
        return (0..crowd.len()).find(|&k| {
            k != skip[0] && k != skip[1] && {
                let (xs, ys, rs) = crowd.columns();
                hull_gap(a, b, xs[k], ys[k]) < rs[k] - EPS
            }
        });
    }
    // Equal radii: the hull is a capsule, and a base blocks when its centre is nearer than the
    // two radii to the centre segment. Count the blockers over the columns without a branch,
    // less the two bases themselves; only a line that is blocked looks for which base it was.
    let (dx, dy) = (q.x - p.x, q.y - p.y);
    let len2 = dx * dx + dy * dy;
    let inv = if len2 > 0.0 { 1.0 / len2 } else { 0.0 };
    let blocks = |x: f64, y: f64, r: f64| {
        let reach = a.radius + r - EPS;
        let (wx, wy) = (x - p.x, y - p.y);
        let t = ((wx * dx + wy * dy) * inv).clamp(0.0, 1.0);
        let (ex, ey) = (wx - dx * t, wy - dy * t);
        ex * ex + ey * ey < reach * reach
    };
    let n = crowd.len();
    let (xs, ys, rs) = crowd.columns();
    let (xs, ys, rs) = (&xs[..n], &ys[..n], &rs[..n]);
    let mut count = 0u32;
    for i in 0..n {
        count += u32::from(blocks(xs[i], ys[i], rs[i]));
    }
    let own = |k: usize| k < n && blocks(xs[k], ys[k], rs[k]);
    let selves = u32::from(own(skip[0])) + u32::from(skip[1] != skip[0] && own(skip[1]));
    if count <= selves {
        return None;
    }
    (0..n).find(|&k| k != skip[0] && k != skip[1] && blocks(xs[k], ys[k], rs[k]))
}

/// Distance from `c` to the convex hull of two discs: the least over t of |c − centre(t)| − r(t),
/// the discs between them being the linear blends (a convex function of t).
fn hull_gap(a: &Circle, b: &Circle, x: f64, y: f64) -> f64 {
    let c = Point::new(x, y);
    let f = |t: f64| {
        let s = Segment::new(a.centre, b.centre);
        s.at(t).distance(c) - (a.radius + (b.radius - a.radius) * t)
    };
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    for _ in 0..60 {
        let m1 = lo + (hi - lo) / 3.0;
        let m2 = hi - (hi - lo) / 3.0;
        if f(m1) <= f(m2) {
            hi = m2;
        } else {
            lo = m1;
        }
    }
    f((lo + hi) / 2.0).min(f(0.0)).min(f(1.0))
}

/// Total length of a set of intervals, overlaps counted once.
fn union_length(intervals: &mut [(f64, f64)]) -> f64 {
    intervals.sort_unstable_by(|x, y| x.0.total_cmp(&y.0));
    let mut total = 0.0;
    let mut current: Option<(f64, f64)> = None;
    for &(a, b) in intervals.iter() {
        current = match current {
            Some((ca, cb)) if a <= cb => Some((ca, cb.max(b))),
            Some((ca, cb)) => {
                total += cb - ca;
                Some((a, b))
            }
            None => Some((a, b)),
        };
    }
    if let Some((a, b)) = current {
        total += b - a;
    }
    total
}
