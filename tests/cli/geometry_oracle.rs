//! The geometry kernel against an independent, well-kept geometry crate (parry2d): segment and
//! polygon predicates agree on 10,000 random cases each. Cases within a hair of the boundary are
//! skipped (parry2d works in f32).

use buntai::ronin::engine::table::{Circle, Point, Polygon, Segment};
use parry2d::math::{Pose, Vector};
use parry2d::query::{PointQuery, distance};
use parry2d::shape::{Ball, ConvexPolygon, Segment as PSegment};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

const CASES: u32 = 10_000;
/// Skip cases this close to the boundary of a predicate: beyond the oracle's precision. Parry's
/// f32 GJK has called a segment end 0.00107" outside a triangle's edge (coordinates near 20)
/// touching it; in f64 it is clearly outside (cross product +0.035), so 1e-3 was too fine.
const HAIR: f32 = 2e-3;

fn v(p: Point) -> Vector {
    Vector::new(p.x as f32, p.y as f32)
}

fn point() -> impl Strategy<Value = Point> {
    (-24.0f64..24.0, -24.0f64..24.0).prop_map(|(x, y)| Point::new(x, y))
}

fn runner() -> TestRunner {
    TestRunner::new(Config {
        cases: CASES,
        failure_persistence: None,
        ..Config::default()
    })
}

/// A random convex piece: the hull parry2d computes, in its order, taken as our polygon.
fn convex() -> impl Strategy<Value = Vec<Point>> {
    prop::collection::vec(point(), 3..10)
}

fn hull(points: &[Point]) -> Option<(ConvexPolygon, Polygon)> {
    let pts: Vec<Vector> = points.iter().map(|p| v(*p)).collect();
    let shape = ConvexPolygon::from_convex_hull(&pts)?;
    let ours = Polygon::new(
        shape
            .points()
            .iter()
            .map(|p| Point::new(f64::from(p.x), f64::from(p.y)))
            .collect(),
    );
    (ours.area() > 0.5).then_some((shape, ours))
}

/// Equal within f32's precision and GJK's tolerance: a thousandth, relative to the size.
fn close(ours: f64, theirs: f32) -> bool {
    (ours - f64::from(theirs)).abs() <= 1e-3 * (1.0 + ours.abs())
}

fn gap(a: &dyn parry2d::shape::Shape, b: &dyn parry2d::shape::Shape) -> f32 {
    distance(&Pose::IDENTITY, a, &Pose::IDENTITY, b)
        .map(|d| d.distance)
        .unwrap_or(f32::NAN)
}

#[test]
fn segments_meet_exactly_when_parry_finds_no_gap() {
    runner()
        .run(&(point(), point(), point(), point()), |(a, b, c, d)| {
            let (s1, s2) = (Segment::new(a, b), Segment::new(c, d));
            let g = gap(&PSegment::new(v(a), v(b)), &PSegment::new(v(c), v(d)));
            if g > 0.0 && g < HAIR {
                return Ok(());
            }
            prop_assert_eq!(s1.intersects(&s2), g <= 0.0);
            // parry2d's f32 segment-segment distance drifts on nearly parallel pairs (a few
            // hundredths at 30"); compare distances only where the two directions differ.
            let (d1, d2) = (b.minus(a), d.minus(c));
            let sine = d1.cross(d2).abs() / (d1.dot(d1) * d2.dot(d2)).sqrt().max(1e-12);
            if sine > 0.05 {
                prop_assert!(close(s1.distance_to_segment(&s2), g));
            }
            Ok(())
        })
        .expect("agrees with parry2d");
}

#[test]
fn point_to_segment_distances_agree() {
    runner()
        .run(&(point(), point(), point()), |(a, b, p)| {
            let ours = Segment::new(a, b).distance_to_point(p);
            let theirs = PSegment::new(v(a), v(b)).distance_to_point(&Pose::IDENTITY, v(p), true);
            prop_assert!(close(ours, theirs));
            Ok(())
        })
        .expect("agrees with parry2d");
}

#[test]
fn polygons_contain_the_points_parry_says_they_do() {
    runner()
        .run(&(convex(), point()), |(points, p)| {
            let Some((shape, ours)) = hull(&points) else {
                return Ok(());
            };
            let d = shape.distance_to_point(&Pose::IDENTITY, v(p), false);
            if d < HAIR {
                return Ok(());
            }
            prop_assert_eq!(
                ours.contains(p),
                shape.contains_point(&Pose::IDENTITY, v(p))
            );
            prop_assert!(close(
                ours.distance_to_point(p),
                shape.distance_to_point(&Pose::IDENTITY, v(p), true)
            ));
            Ok(())
        })
        .expect("agrees with parry2d");
}

/// Whether segment `a b` passes within a hair of an edge of `points` without crossing any edge,
/// computed in f64 by brute force (endpoint-to-edge and edge-end-to-segment distances).
fn near_an_edge(points: &[Vector], a: Point, b: Point) -> bool {
    let p = |q: &Vector| Point::new(f64::from(q.x), f64::from(q.y));
    let s = Segment::new(a, b);
    let mut nearest = f64::INFINITY;
    for k in 0..points.len() {
        let e = Segment::new(p(&points[k]), p(&points[(k + 1) % points.len()]));
        if e.intersects(&s)
            && [a, b, e.a, e.b]
                .iter()
                .all(|q| e.distance_to_point(*q).min(s.distance_to_point(*q)) > f64::from(HAIR))
        {
            return false;
        }
        for d in [
            e.distance_to_point(a),
            e.distance_to_point(b),
            s.distance_to_point(e.a),
            s.distance_to_point(e.b),
        ] {
            nearest = nearest.min(d);
        }
    }
    nearest < f64::from(HAIR)
}

#[test]
fn segments_meet_polygons_as_parry_says() {
    runner()
        .run(&(convex(), point(), point()), |(points, a, b)| {
            let Some((shape, ours)) = hull(&points) else {
                return Ok(());
            };
            let g = gap(&PSegment::new(v(a), v(b)), &shape);
            // Within a hair of an edge, in f64 or in parry's f32, is beyond the oracle's
            // precision: GJK in f32 calls a gap of 0.0005" contact.
            if (g > 0.0 && g < HAIR) || near_an_edge(shape.points(), a, b) {
                return Ok(());
            }
            prop_assert_eq!(ours.meets_segment(&Segment::new(a, b)), g <= 0.0);
            Ok(())
        })
        .expect("agrees with parry2d");
}

#[test]
fn bases_overlap_polygons_as_parry_says() {
    runner()
        .run(&(convex(), point(), 0.2f64..3.0), |(points, c, r)| {
            let Some((shape, ours)) = hull(&points) else {
                return Ok(());
            };
            let g = f32::NAN;
            // Parry measures from the ball's surface: overlap is a gap of 0 with the ball at c.
            let g = {
                let at = Pose::from_translation(v(c));
                distance(&at, &Ball::new(r as f32), &Pose::IDENTITY, &shape)
                    .map(|d| d.distance)
                    .unwrap_or(g)
            };
            if g.abs() < HAIR {
                return Ok(());
            }
            prop_assert_eq!(ours.overlaps_circle(&Circle::new(c, r)), g <= 0.0);
            Ok(())
        })
        .expect("agrees with parry2d");
}
