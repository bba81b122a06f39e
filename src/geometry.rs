//! The geometry of a table, shared by every system that plays on one (Ronin in inches, R-31; Heroic
//! Samurai in millimetres, HS-67): points, round bases (circles), square bases (boxes), segments
//! and terrain polygons, and the measurements the rules make on them: edge-to-edge distances
//! contact, "in" an area, whether a line meets a piece and how much of it
//! runs inside (line of sight and cover, R-72 to R-74), whether a base overlaps a piece, and
//! where a square base moving in a line first touches another. Pure functions on plain values;
//! nothing here allocates.

/// Two Ronin bases within this edge distance (inches) are in base contact.
pub const CONTACT: f64 = 0.01;

/// Numerical slack for "touching" tests.
const EPS: f64 = 1e-9;

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Point {
    pub x: f64,
    pub y: f64,
}

impl Point {
    pub const fn new(x: f64, y: f64) -> Point {
        Point { x, y }
    }

    pub fn distance(self, other: Point) -> f64 {
        self.distance_squared(other).sqrt()
    }

    /// Coordinates are table inches: no overflow to guard against, so no `hypot`.
    pub fn distance_squared(self, other: Point) -> f64 {
        let (dx, dy) = (self.x - other.x, self.y - other.y);
        dx * dx + dy * dy
    }

    pub fn minus(self, other: Point) -> Point {
        Point::new(self.x - other.x, self.y - other.y)
    }

    pub fn cross(self, other: Point) -> f64 {
        self.x * other.y - self.y * other.x
    }

    pub fn dot(self, other: Point) -> f64 {
        self.x * other.x + self.y * other.y
    }
}

/// A model's base, a marker, the duelling circle.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Circle {
    pub centre: Point,
    pub radius: f64,
}

impl Circle {
    pub const fn new(centre: Point, radius: f64) -> Circle {
        Circle { centre, radius }
    }

    /// Edge-to-edge distance to another base, 0 when they touch or overlap.
    pub fn edge_distance(&self, other: &Circle) -> f64 {
        (self.centre.distance(other.centre) - self.radius - other.radius).max(0.0)
    }

    /// Edge distance to a point.
    pub fn distance_to_point(&self, p: Point) -> f64 {
        (self.centre.distance(p) - self.radius).max(0.0)
    }

    /// Base contact: an edge distance of at most 0.01" (R-33).
    pub fn in_contact(&self, other: &Circle) -> bool {
        // Most pairs are far apart along one axis: no square root for them (the margin keeps
        // every pair near touching for the exact test).
        let reach = self.radius + other.radius + CONTACT + 1e-6;
        if (self.centre.x - other.centre.x).abs() > reach
            || (self.centre.y - other.centre.y).abs() > reach
        {
            return false;
        }
        self.centre.distance(other.centre) - self.radius - other.radius <= CONTACT + EPS
    }

    /// Within `x` inches, edge to edge.
    pub fn within(&self, other: &Circle, x: f64) -> bool {
        self.edge_distance(other) <= x
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Segment {
    pub a: Point,
    pub b: Point,
}

impl Segment {
    pub const fn new(a: Point, b: Point) -> Segment {
        Segment { a, b }
    }

    pub fn length(&self) -> f64 {
        self.a.distance(self.b)
    }

    /// The point at `t` (0 at `a`, 1 at `b`).
    pub fn at(&self, t: f64) -> Point {
        Point::new(
            self.a.x + (self.b.x - self.a.x) * t,
            self.a.y + (self.b.y - self.a.y) * t,
        )
    }

    /// Least distance from `p` to any point of the segment.
    pub fn distance_to_point(&self, p: Point) -> f64 {
        self.distance_squared_to_point(p).sqrt()
    }

    pub fn distance_squared_to_point(&self, p: Point) -> f64 {
        self.closest_point(p).distance_squared(p)
    }

    /// The point of the segment nearest `p`.
    pub fn closest_point(&self, p: Point) -> Point {
        let d = self.b.minus(self.a);
        let len2 = d.dot(d);
        if len2 == 0.0 {
            return self.a;
        }
        self.at((p.minus(self.a).dot(d) / len2).clamp(0.0, 1.0))
    }

    /// Whether the two segments share a point (touching counts).
    pub fn intersects(&self, other: &Segment) -> bool {
        let (p, q) = (self.a, self.b);
        let (r, s) = (other.a, other.b);
        let d1 = orientation(r, s, p);
        let d2 = orientation(r, s, q);
        let d3 = orientation(p, q, r);
        let d4 = orientation(p, q, s);
        if ((d1 > EPS && d2 < -EPS) || (d1 < -EPS && d2 > EPS))
            && ((d3 > EPS && d4 < -EPS) || (d3 < -EPS && d4 > EPS))
        {
            return true;
        }
        (d1.abs() <= EPS && on_segment(r, s, p))
            || (d2.abs() <= EPS && on_segment(r, s, q))
            || (d3.abs() <= EPS && on_segment(p, q, r))
            || (d4.abs() <= EPS && on_segment(p, q, s))
    }

    /// Least distance between the two segments.
    pub fn distance_to_segment(&self, other: &Segment) -> f64 {
        if self.intersects(other) {
            return 0.0;
        }
        self.distance_to_point(other.a)
            .min(self.distance_to_point(other.b))
            .min(other.distance_to_point(self.a))
            .min(other.distance_to_point(self.b))
    }

    /// Whether a base would stand in the way of this line (its circle meets the segment).
    pub fn meets_circle(&self, c: &Circle) -> bool {
        // Most bases are nowhere near the line: reject them by bounding box first.
        let (p, r) = (c.centre, c.radius);
        if p.x + r < self.a.x.min(self.b.x)
            || p.x - r > self.a.x.max(self.b.x)
            || p.y + r < self.a.y.min(self.b.y)
            || p.y - r > self.a.y.max(self.b.y)
        {
            return false;
        }
        self.distance_squared_to_point(p) <= r * r
    }
}

/// A segment made ready for many bounding-box tests (slab clipping with its inverse direction
/// worked out once).
#[derive(Debug, Clone, Copy)]
pub struct Slab {
    a: Point,
    inv: Point,
}

impl Slab {
    pub fn new(s: &Segment) -> Slab {
        let inv = |d: f64| {
            if d.abs() < 1e-15 {
                f64::INFINITY
            } else {
                1.0 / d
            }
        };
        Slab {
            a: s.a,
            inv: Point::new(inv(s.b.x - s.a.x), inv(s.b.y - s.a.y)),
        }
    }

    /// Whether the segment meets the box `[lo_x, lo_y, hi_x, hi_y]` (touching counts).
    pub fn meets_box(&self, [lo_x, lo_y, hi_x, hi_y]: [f64; 4]) -> bool {
        let axis = |start: f64, inv: f64, lo: f64, hi: f64| {
            if inv.is_infinite() {
                return if start < lo - EPS || start > hi + EPS {
                    (1.0, 0.0)
                } else {
                    (0.0, 1.0)
                };
            }
            let (near, far) = ((lo - EPS - start) * inv, (hi + EPS - start) * inv);
            (near.min(far), near.max(far))
        };
        let (x0, x1) = axis(self.a.x, self.inv.x, lo_x, hi_x);
        let (y0, y1) = axis(self.a.y, self.inv.y, lo_y, hi_y);
        x0.max(y0).max(0.0) <= x1.min(y1).min(1.0)
    }
}

/// Twice the signed area of the triangle a, b, c: positive when c lies to the left of a→b.
fn orientation(a: Point, b: Point, c: Point) -> f64 {
    b.minus(a).cross(c.minus(a))
}

/// +1 / -1 for a convex polygon with anticlockwise / clockwise corners, 0 otherwise.
fn convexity(points: &[Point]) -> i8 {
    let n = points.len();
    if n < 3 {
        return 0;
    }
    let (mut pos, mut neg) = (false, false);
    for i in 0..n {
        let turn = orientation(points[i], points[(i + 1) % n], points[(i + 2) % n]);
        pos |= turn > EPS;
        neg |= turn < -EPS;
    }
    // Every turn the same way and one full turn (a star polygon turns the same way more than once).
    let twice_area: f64 = (0..n).map(|i| points[i].cross(points[(i + 1) % n])).sum();
    let winding_ok = {
        let mut angle = 0.0;
        for i in 0..n {
            let a = points[(i + 1) % n].minus(points[i]);
            let b = points[(i + 2) % n].minus(points[(i + 1) % n]);
            angle += a.cross(b).atan2(a.dot(b));
        }
        (angle.abs() - std::f64::consts::TAU).abs() < 1e-6
    };
    match (pos, neg) {
        (true, false) if winding_ok && twice_area > 0.0 => 1,
        (false, true) if winding_ok && twice_area < 0.0 => -1,
        _ => 0,
    }
}

/// `p`, known to be collinear with a–b, lies between them.
fn on_segment(a: Point, b: Point, p: Point) -> bool {
    p.x >= a.x.min(b.x) - EPS
        && p.x <= a.x.max(b.x) + EPS
        && p.y >= a.y.min(b.y) - EPS
        && p.y <= a.y.max(b.y) + EPS
}

/// A terrain piece's outline: a simple polygon (vertices in order, closed implicitly), with its
/// bounding box kept for quick rejections.
#[derive(Debug, Clone, PartialEq)]
pub struct Polygon {
    points: Vec<Point>,
    /// Least x, least y, greatest x, greatest y.
    bounds: [f64; 4],
    /// +1 when the corners run anticlockwise and every corner turns the same way (a convex
    /// piece), -1 the same clockwise, 0 when the piece is not convex. Convex pieces are clipped
    /// in one pass (Cyrus-Beck).
    convex: i8,
}

impl Polygon {
    pub fn new(points: Vec<Point>) -> Polygon {
        let mut bounds = [f64::MAX, f64::MAX, f64::MIN, f64::MIN];
        for p in &points {
            bounds = [
                bounds[0].min(p.x),
                bounds[1].min(p.y),
                bounds[2].max(p.x),
                bounds[3].max(p.y),
            ];
        }
        let convex = convexity(&points);
        Polygon {
            points,
            bounds,
            convex,
        }
    }

    pub fn points(&self) -> &[Point] {
        &self.points
    }

    /// An axis-aligned rectangle.
    pub fn rectangle(x: f64, y: f64, w: f64, h: f64) -> Polygon {
        Polygon::new(vec![
            Point::new(x, y),
            Point::new(x + w, y),
            Point::new(x + w, y + h),
            Point::new(x, y + h),
        ])
    }

    /// Its edges, in order.
    pub fn edges(&self) -> impl Iterator<Item = Segment> + '_ {
        let n = self.points.len();
        (0..n).map(move |i| Segment::new(self.points[i], self.points[(i + 1) % n]))
    }

    /// Whether `p` is inside; the boundary counts as inside.
    pub fn contains(&self, p: Point) -> bool {
        let [lo_x, lo_y, hi_x, hi_y] = self.bounds;
        if p.x < lo_x - EPS || p.x > hi_x + EPS || p.y < lo_y - EPS || p.y > hi_y + EPS {
            return false;
        }
        if self.convex != 0 {
            let sign = f64::from(self.convex);
            return self
                .edges()
                .all(|e| sign * orientation(e.a, e.b, p) >= -EPS * e.length().max(1.0));
        }
        self.crossings_contain(p)
            || self
                .edges()
                .any(|e| e.distance_squared_to_point(p) <= EPS * EPS)
    }

    /// The stretch of `s` inside a convex piece, as fractions of `s` (Cyrus-Beck clipping);
    /// touching counts as a stretch of no length.
    fn clip_convex(&self, s: &Segment) -> Option<(f64, f64)> {
        let d = s.b.minus(s.a);
        let sign = f64::from(self.convex);
        let (mut lo, mut hi) = (0.0f64, 1.0f64);
        for e in self.edges() {
            let edge = e.b.minus(e.a);
            // Inside is where sign * cross(edge, p - e.a) >= 0.
            let num = sign * edge.cross(s.a.minus(e.a));
            let den = sign * edge.cross(d);
            let slack = EPS * edge.dot(edge).sqrt().max(1.0);
            if den.abs() <= 1e-15 {
                if num < -slack {
                    return None;
                }
                continue;
            }
            let t = -num / den;
            if den > 0.0 {
                lo = lo.max(t);
            } else {
                hi = hi.min(t);
            }
            // Touching (an empty stretch up to rounding) still meets the piece.
            if lo > hi + EPS {
                return None;
            }
        }
        Some((lo, hi.max(lo)))
    }

    /// Whether a line meets the piece at all: crosses an edge, touches it, or runs inside.
    pub fn meets_segment(&self, s: &Segment) -> bool {
        if !self.bounds_meet(s) {
            return false;
        }
        if self.convex != 0 {
            return self.clip_convex(s).is_some();
        }
        // A segment that crosses or touches no edge is wholly inside or wholly outside.
        self.edges().any(|e| e.intersects(s)) || self.crossings_contain(s.a)
    }

    /// A cheap first test: the bounding boxes of the piece and the segment overlap.
    pub fn bounds_meet(&self, s: &Segment) -> bool {
        let [lo_x, lo_y, hi_x, hi_y] = self.bounds;
        s.a.x.max(s.b.x) >= lo_x - EPS
            && s.a.x.min(s.b.x) <= hi_x + EPS
            && s.a.y.max(s.b.y) >= lo_y - EPS
            && s.a.y.min(s.b.y) <= hi_y + EPS
    }

    /// The even-odd test alone (a point on the boundary may go either way).
    fn crossings_contain(&self, p: Point) -> bool {
        let mut inside = false;
        for e in self.edges() {
            let (a, b) = (e.a, e.b);
            if (a.y > p.y) != (b.y > p.y) {
                let x = a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x);
                if x > p.x {
                    inside = !inside;
                }
            }
        }
        inside
    }

    /// How much of the segment runs inside the piece (light cover counts this, R-73).
    pub fn length_inside(&self, s: &Segment) -> f64 {
        let mut total = 0.0;
        self.intervals_inside(s, |from, to| total += to - from);
        total * s.length()
    }

    /// Calls `f(from, to)` for each stretch of the segment inside the piece, as fractions of the
    /// segment (0 at `a`, 1 at `b`), in order.
    pub fn intervals_inside(&self, s: &Segment, mut f: impl FnMut(f64, f64)) {
        if !self.bounds_meet(s) {
            return;
        }
        if self.convex != 0 {
            if let Some((from, to)) = self.clip_convex(s)
                && to - from > EPS
            {
                f(from, to);
            }
            return;
        }
        // Split the segment at every crossing with an edge and keep the pieces whose midpoint is
        // inside. A polygon of n edges crosses a segment at most n times: the cut points fit on
        // the stack for any ordinary piece.
        let n = self.points.len();
        let mut stack = [0.0f64; 64];
        let mut heap = Vec::new();
        let cuts: &mut [f64] = if n + 2 <= stack.len() {
            &mut stack
        } else {
            heap.resize(n + 2, 0.0);
            &mut heap
        };
        let mut k = 1; // cuts[0] = 0.0
        let d = s.b.minus(s.a);
        for e in self.edges() {
            let g = e.b.minus(e.a);
            let denom = d.cross(g);
            if denom.abs() <= EPS {
                continue;
            }
            let w = e.a.minus(s.a);
            let t = w.cross(g) / denom;
            let u = w.cross(d) / denom;
            if (-EPS..=1.0 + EPS).contains(&t) && (-EPS..=1.0 + EPS).contains(&u) {
                cuts[k] = t.clamp(0.0, 1.0);
                k += 1;
            }
        }
        cuts[k] = 1.0;
        k += 1;
        let cuts = &mut cuts[..k];
        cuts.sort_unstable_by(f64::total_cmp);
        let mut open: Option<(f64, f64)> = None;
        for w in cuts.windows(2) {
            if w[1] - w[0] <= EPS || !self.contains(s.at((w[0] + w[1]) / 2.0)) {
                continue;
            }
            open = match open {
                Some((from, to)) if (w[0] - to).abs() <= EPS => Some((from, w[1])),
                Some((from, to)) => {
                    f(from, to);
                    Some((w[0], w[1]))
                }
                None => Some((w[0], w[1])),
            };
        }
        if let Some((from, to)) = open {
            f(from, to);
        }
    }

    /// Least distance from the segment to the piece (0 when they meet).
    pub fn distance_to_segment(&self, s: &Segment) -> f64 {
        if self.meets_segment(s) {
            return 0.0;
        }
        self.edges()
            .map(|e| e.distance_to_segment(s))
            .fold(f64::INFINITY, f64::min)
    }

    /// Least distance between two pieces (0 when they overlap or touch).
    pub fn distance_to_polygon(&self, other: &Polygon) -> f64 {
        other
            .edges()
            .map(|e| self.distance_to_segment(&e))
            .fold(f64::INFINITY, f64::min)
    }

    /// The mean of the vertices (inside any convex piece; good enough to say which quarter a
    /// piece is in).
    pub fn centroid(&self) -> Point {
        let n = self.points.len().max(1) as f64;
        let (x, y) = self
            .points
            .iter()
            .fold((0.0, 0.0), |(x, y), p| (x + p.x, y + p.y));
        Point::new(x / n, y / n)
    }

    /// The same piece moved by (dx, dy).
    pub fn translated(&self, dx: f64, dy: f64) -> Polygon {
        Polygon::new(
            self.points
                .iter()
                .map(|p| Point::new(p.x + dx, p.y + dy))
                .collect(),
        )
    }

    /// Least x, least y, greatest x, greatest y.
    pub fn bounds(&self) -> [f64; 4] {
        self.bounds
    }

    /// Least distance from a point to the piece (0 inside).
    pub fn distance_to_point(&self, p: Point) -> f64 {
        if self.contains(p) {
            return 0.0;
        }
        self.edges()
            .map(|e| e.distance_to_point(p))
            .fold(f64::INFINITY, f64::min)
    }

    /// Edge distance from a base to the piece (0 when they overlap, R-32).
    pub fn distance_to_circle(&self, c: &Circle) -> f64 {
        (self.distance_to_point(c.centre) - c.radius).max(0.0)
    }

    /// Whether a base overlaps the piece (touching does not count): impassable terrain.
    pub fn overlaps_circle(&self, c: &Circle) -> bool {
        self.contains(c.centre) || self.distance_to_point(c.centre) < c.radius - EPS
    }

    /// Simple: at least three vertices and no two edges crossing except neighbours at their shared
    /// vertex. A table file's pieces must be simple.
    pub fn is_simple(&self) -> bool {
        let n = self.points.len();
        if n < 3 {
            return false;
        }
        let edges: Vec<Segment> = self.edges().collect();
        for i in 0..n {
            for j in i + 1..n {
                let neighbours = j == i + 1 || (i == 0 && j == n - 1);
                if !neighbours && edges[i].intersects(&edges[j]) {
                    return false;
                }
            }
        }
        true
    }

    /// Area (positive whatever the winding).
    pub fn area(&self) -> f64 {
        let twice: f64 = self.edges().map(|e| e.a.cross(e.b)).sum();
        twice.abs() / 2.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn base(x: f64, y: f64) -> Circle {
        Circle::new(Point::new(x, y), 0.5)
    }

    #[test]
    fn range_is_measured_edge_to_edge() {
        // Centres 14" apart, 1" bases: 13" edge to edge.
        assert!((base(0.0, 0.0).edge_distance(&base(14.0, 0.0)) - 13.0).abs() < 1e-12);
        assert_eq!(base(0.0, 0.0).edge_distance(&base(0.5, 0.0)), 0.0);
    }

    #[test]
    fn contact_is_an_edge_distance_of_at_most_a_hundredth() {
        assert!(base(0.0, 0.0).in_contact(&base(1.0, 0.0)));
        assert!(base(0.0, 0.0).in_contact(&base(1.01, 0.0)));
        assert!(!base(0.0, 0.0).in_contact(&base(1.02, 0.0)));
    }

    #[test]
    fn in_an_area_is_by_the_base_centre_with_the_boundary_inside() {
        let wood = Polygon::rectangle(0.0, 0.0, 6.0, 4.0);
        assert!(wood.contains(Point::new(3.0, 2.0)));
        assert!(wood.contains(Point::new(6.0, 2.0)), "the boundary counts");
        assert!(!wood.contains(Point::new(6.1, 2.0)));
    }

    #[test]
    fn a_line_through_a_wood_counts_the_length_inside() {
        let wood = Polygon::rectangle(2.0, -1.0, 3.0, 2.0);
        let line = Segment::new(Point::new(0.0, 0.0), Point::new(10.0, 0.0));
        assert!((wood.length_inside(&line) - 3.0).abs() < 1e-9);
        assert!(wood.meets_segment(&line));
        let past = Segment::new(Point::new(0.0, 2.0), Point::new(10.0, 2.0));
        assert_eq!(wood.length_inside(&past), 0.0);
        assert!(!wood.meets_segment(&past));
    }

    #[test]
    fn a_concave_piece_is_entered_twice() {
        // A U shape: the line crosses both arms, 1" each.
        let u = Polygon::new(vec![
            Point::new(0.0, 0.0),
            Point::new(3.0, 0.0),
            Point::new(3.0, 3.0),
            Point::new(2.0, 3.0),
            Point::new(2.0, 1.0),
            Point::new(1.0, 1.0),
            Point::new(1.0, 3.0),
            Point::new(0.0, 3.0),
        ]);
        let line = Segment::new(Point::new(-1.0, 2.0), Point::new(4.0, 2.0));
        assert!((u.length_inside(&line) - 2.0).abs() < 1e-9);
        assert!(u.is_simple());
    }

    #[test]
    fn a_bow_tie_is_not_simple() {
        let bow = Polygon::new(vec![
            Point::new(0.0, 0.0),
            Point::new(2.0, 2.0),
            Point::new(2.0, 0.0),
            Point::new(0.0, 2.0),
        ]);
        assert!(!bow.is_simple());
    }

    #[test]
    fn a_base_touching_a_piece_does_not_overlap_it() {
        let rock = Polygon::rectangle(0.0, 0.0, 2.0, 2.0);
        assert!(!rock.overlaps_circle(&base(2.5, 1.0)), "touching the edge");
        assert!(rock.overlaps_circle(&base(2.4, 1.0)));
        assert!((rock.distance_to_circle(&base(4.0, 1.0)) - 1.5).abs() < 1e-12);
    }

    use proptest::prelude::*;

    fn coord() -> impl Strategy<Value = f64> {
        -48.0f64..48.0
    }

    proptest! {
        #[test]
        fn distances_are_symmetric_and_never_negative(
            (ax, ay, bx, by) in (coord(), coord(), coord(), coord()),
            (ra, rb) in (0.1f64..2.0, 0.1f64..2.0),
        ) {
            let a = Circle::new(Point::new(ax, ay), ra);
            let b = Circle::new(Point::new(bx, by), rb);
            prop_assert!(a.edge_distance(&b) >= 0.0);
            prop_assert!((a.edge_distance(&b) - b.edge_distance(&a)).abs() < 1e-12);
            prop_assert_eq!(a.in_contact(&b), b.in_contact(&a));
            let gap = a.centre.distance(b.centre) - ra - rb;
            prop_assert_eq!(a.in_contact(&b), gap <= CONTACT + EPS);
        }

        #[test]
        fn the_length_inside_a_piece_is_at_most_the_line_and_only_where_it_meets(
            (x, y, w, h) in (coord(), coord(), 0.5f64..20.0, 0.5f64..20.0),
            (ax, ay, bx, by) in (coord(), coord(), coord(), coord()),
        ) {
            let piece = Polygon::rectangle(x, y, w, h);
            let line = Segment::new(Point::new(ax, ay), Point::new(bx, by));
            let inside = piece.length_inside(&line);
            prop_assert!(inside >= 0.0 && inside <= line.length() + 1e-9);
            if inside > 1e-6 {
                prop_assert!(piece.meets_segment(&line));
            }
            // A line from the centre of the piece is inside it for a while.
            let centre = Point::new(x + w / 2.0, y + h / 2.0);
            prop_assert!(piece.contains(centre));
            let out = Segment::new(centre, Point::new(ax, ay));
            prop_assert!(piece.meets_segment(&out));
        }

        #[test]
        fn segment_intersection_is_symmetric_and_agrees_with_distance(
            (a, b, c, d) in ((coord(), coord()), (coord(), coord()), (coord(), coord()), (coord(), coord())),
        ) {
            let s1 = Segment::new(Point::new(a.0, a.1), Point::new(b.0, b.1));
            let s2 = Segment::new(Point::new(c.0, c.1), Point::new(d.0, d.1));
            prop_assert_eq!(s1.intersects(&s2), s2.intersects(&s1));
            let dist = s1.distance_to_segment(&s2);
            prop_assert!(dist >= 0.0);
            if !s1.intersects(&s2) {
                prop_assert!(dist > 0.0);
            }
        }
    }

    #[test]
    fn a_model_in_the_way_blocks_a_line_that_meets_its_base() {
        let line = Segment::new(Point::new(0.0, 0.0), Point::new(10.0, 0.0));
        assert!(line.meets_circle(&base(5.0, 0.4)));
        assert!(!line.meets_circle(&base(5.0, 0.6)));
    }
}

/// An axis-aligned box: a square base, or a rectangle of terrain (`[lo_x, lo_y, hi_x, hi_y]`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Boxed {
    pub lo: Point,
    pub hi: Point,
}

impl Boxed {
    /// A square of side `side` centred on `centre`.
    pub fn square(centre: Point, side: f64) -> Boxed {
        let h = side / 2.0;
        Boxed {
            lo: Point::new(centre.x - h, centre.y - h),
            hi: Point::new(centre.x + h, centre.y + h),
        }
    }

    /// The rectangle at `x, y` of `w` by `h` (a segment when one side is 0).
    pub fn rect(x: f64, y: f64, w: f64, h: f64) -> Boxed {
        Boxed {
            lo: Point::new(x, y),
            hi: Point::new(x + w, y + h),
        }
    }

    pub fn bounds(&self) -> [f64; 4] {
        [self.lo.x, self.lo.y, self.hi.x, self.hi.y]
    }

    pub fn centre(&self) -> Point {
        Point::new((self.lo.x + self.hi.x) / 2.0, (self.lo.y + self.hi.y) / 2.0)
    }

    /// Edge-to-edge distance, 0 when they touch or overlap.
    pub fn edge_distance(&self, other: &Boxed) -> f64 {
        let dx = (other.lo.x - self.hi.x)
            .max(self.lo.x - other.hi.x)
            .max(0.0);
        let dy = (other.lo.y - self.hi.y)
            .max(self.lo.y - other.hi.y)
            .max(0.0);
        (dx * dx + dy * dy).sqrt()
    }

    /// The two overlap with a positive area (touching is not overlapping).
    pub fn overlaps(&self, other: &Boxed) -> bool {
        self.lo.x < other.hi.x - EPS
            && other.lo.x < self.hi.x - EPS
            && self.lo.y < other.hi.y - EPS
            && other.lo.y < self.hi.y - EPS
    }

    /// Moving this box from its place by `t * step` (t in 0..=1), the first t at which it touches
    /// `other`; `None` when it never does, `Some(0.0)` when it already touches or overlaps.
    pub fn first_touch(&self, step: Point, other: &Boxed) -> Option<f64> {
        // The centre's path against `other` grown by this box's half sizes (Minkowski sum).
        let hx = (self.hi.x - self.lo.x) / 2.0;
        let hy = (self.hi.y - self.lo.y) / 2.0;
        let grown = [
            other.lo.x - hx,
            other.lo.y - hy,
            other.hi.x + hx,
            other.hi.y + hy,
        ];
        let c = self.centre();
        let axis = |start: f64, d: f64, lo: f64, hi: f64| -> Option<(f64, f64)> {
            if d.abs() < 1e-12 {
                return (start >= lo - EPS && start <= hi + EPS)
                    .then_some((f64::NEG_INFINITY, f64::INFINITY));
            }
            let (a, b) = ((lo - start) / d, (hi - start) / d);
            Some((a.min(b), a.max(b)))
        };
        let (x0, x1) = axis(c.x, step.x, grown[0], grown[2])?;
        let (y0, y1) = axis(c.y, step.y, grown[1], grown[3])?;
        let (enter, leave) = (x0.max(y0), x1.min(y1));
        if enter > leave + EPS || leave < -EPS || enter > 1.0 + EPS {
            return None;
        }
        Some(enter.max(0.0))
    }

    /// This box moved by `d`.
    pub fn moved(&self, d: Point) -> Boxed {
        Boxed {
            lo: Point::new(self.lo.x + d.x, self.lo.y + d.y),
            hi: Point::new(self.hi.x + d.x, self.hi.y + d.y),
        }
    }
}

#[cfg(test)]
mod box_tests {
    use super::*;

    #[test]
    fn squares_measure_edge_to_edge_and_find_where_a_move_first_touches() {
        let a = Boxed::square(Point::new(0.0, 0.0), 60.0);
        let b = Boxed::square(Point::new(100.0, 0.0), 60.0);
        assert!((a.edge_distance(&b) - 40.0).abs() < 1e-9);
        let diagonal = Boxed::square(Point::new(100.0, 100.0), 60.0);
        assert!((a.edge_distance(&diagonal) - (2.0f64 * 40.0 * 40.0).sqrt()).abs() < 1e-9);
        // Moving 200 right touches b after 40: t = 0.2.
        let t = a.first_touch(Point::new(200.0, 0.0), &b).expect("touches");
        assert!((t - 0.2).abs() < 1e-9);
        // Moving up never touches it; already touching is t = 0.
        assert_eq!(a.first_touch(Point::new(0.0, 200.0), &b), None);
        let touching = Boxed::square(Point::new(60.0, 0.0), 60.0);
        assert_eq!(a.first_touch(Point::new(10.0, 0.0), &touching), Some(0.0));
        assert!(!a.overlaps(&touching));
        assert!(a.overlaps(&Boxed::square(Point::new(59.0, 0.0), 60.0)));
    }
}
