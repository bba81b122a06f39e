//! Movement on the table: whether a path is legal for a model, what its allowance is
//! once halved for the path actually taken, and the shortest legal path to a point.

use serde::Serialize;

use super::geometry::{Circle, Point, Segment};
use super::{Piece, Table};
use crate::ronin::model::{Catalogue, Mount, Movement, Water};

const EPS: f64 = 1e-9;
/// Bases may not overlap; this much numerical slack is forgiven.
const OVERLAP: f64 = 1e-6;

/// The allowances and distances movement is measured with (`weapons.toml` and `terrain.toml`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MoveRules {
    pub normal: f64,
    pub run: f64,
    pub mounted: f64,
    pub gallop: f64,
    pub withdraw: f64,
    pub inexorable: f64,
    pub ride_by: f64,
    pub floor: f64,
    pub clearance: f64,
    pub contact: f64,
}

impl MoveRules {
    pub fn from_catalogue(cat: &Catalogue) -> MoveRules {
        let mount = cat.weapons.mounts.iter().find(|m| m.id == Mount::Horse);
        let moves = &cat.terrain.moves;
        MoveRules {
            normal: f64::from(cat.weapons.foot.move_inches),
            run: f64::from(cat.weapons.foot.run),
            mounted: mount.map_or(12.0, |m| f64::from(m.move_inches)),
            gallop: mount.map_or(18.0, |m| f64::from(m.gallop)),
            withdraw: moves.withdraw,
            inexorable: moves.inexorable,
            ride_by: moves.ride_by,
            floor: moves.floor,
            clearance: moves.run_clearance,
            contact: cat.terrain.bases.contact,
        }
    }
}

/// What kind of move: it sets the allowance and the rules of contact.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum MoveKind {
    /// 6" (12" mounted); may end in contact (a charge).
    Normal,
    /// 9" (an 18" Gallop mounted); never within 1" of an enemy.
    Run,
    /// 2" out of contact; may not end in contact with any model.
    Withdraw,
    /// The 2" follow-up of Inexorable; may end in contact.
    Inexorable,
    /// A rider's 9" ride-by (R-83): may end in contact, as a charge.
    RideBy,
    /// The rider's 9" away after its ride-by: out of contact, then never within 1" of an
    /// enemy, ending more than 1" from every one.
    RideAway,
}

impl MoveKind {
    /// The kind as the log names a model's move ("normal", "run", ...).
    pub fn log_name(self) -> &'static str {
        match self {
            MoveKind::Normal => "normal",
            MoveKind::Run => "run",
            MoveKind::Withdraw => "withdraw",
            MoveKind::Inexorable => "inexorable",
            MoveKind::RideBy => "rideby",
            MoveKind::RideAway => "rideaway",
        }
    }
}

/// The model that moves.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Mover {
    pub base: Circle,
    pub mounted: bool,
    pub acrobatic: bool,
    /// Medium or heavy armour (keeps an Acrobatic model out of deep water).
    pub armoured: bool,
    /// Stunned or Grievous: one halving.
    pub slowed: bool,
    /// Carrying a heavy object alone.
    pub encumbered: bool,
}

impl Mover {
    pub fn on_foot(base: Circle) -> Mover {
        Mover {
            base,
            mounted: false,
            acrobatic: false,
            armoured: false,
            slowed: false,
            encumbered: false,
        }
    }
}

/// The other models on the table.
#[derive(Debug, Clone, Copy)]
pub struct Others<'a> {
    pub friends: &'a [Circle],
    pub enemies: &'a [Circle],
}

impl Others<'_> {
    /// Whether no move of any kind may end with a base of radius `r` at `at`: off the table or
    /// overlapping another model. The cheap test to make before [`check_move`], which rejects
    /// every such path.
    pub fn no_room_at(&self, table: &Table, at: Point, r: f64) -> bool {
        !table.holds(&Circle::new(at, r))
            || self
                .friends
                .iter()
                .chain(self.enemies)
                .any(|c| at.distance(c.centre) < r + c.radius - OVERLAP)
    }
}

/// A legal move, measured.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MoveCheck {
    pub length: f64,
    pub allowance: f64,
    pub halvings: u8,
    /// The allowance before any halving.
    pub base: f64,
    /// The mover was Stunned or Grievous (one halving).
    pub slowed: bool,
    /// The mover was carrying a heavy object alone (one halving).
    pub encumbered: bool,
    /// The path starts in, ends in or crosses difficult terrain (as it counts for this model).
    pub difficult: bool,
    /// Enemies in contact at the end.
    pub contacts: smallvec::SmallVec<[usize; 4]>,
}

/// Why a move is not legal.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "why")]
pub enum MoveError {
    TooLong {
        length: f64,
        allowance: f64,
    },
    OffTable,
    /// The Tournament's circle may not be crossed: the centre stays inside it; nor the
    /// Duel's, by a duellist in the first two turns.
    OutsideCircle,
    /// In the Duel's first two turns only the duellists move.
    DuellistsOnly,
    ThroughModel {
        friend: bool,
        index: usize,
    },
    Impassable {
        piece: usize,
    },
    MountedInto {
        piece: usize,
    },
    DeepWater {
        piece: usize,
    },
    TooNearEnemy {
        enemy: usize,
    },
    TouchesBeforeEnd {
        enemy: usize,
    },
    EndsInContact {
        friend: bool,
        index: usize,
    },
    Engaged,
    NotEngaged,
}

impl std::fmt::Display for MoveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MoveError::TooLong { length, allowance } => {
                write!(
                    f,
                    "the path is {length:.2}\" long; the allowance is {allowance:.2}\""
                )
            }
            MoveError::OffTable => f.write_str("the base would leave the table"),
            MoveError::OutsideCircle => f.write_str("the model would leave the duelling circle"),
            MoveError::DuellistsOnly => {
                f.write_str("only the duellists move in the Duel's first two turns")
            }
            MoveError::ThroughModel { .. } => f.write_str("the path goes through another model"),
            MoveError::Impassable { piece } => {
                write!(f, "the path crosses impassable piece {}", piece + 1)
            }
            MoveError::MountedInto { piece } => {
                write!(
                    f,
                    "a mounted model may not enter piece {} (difficult or a building)",
                    piece + 1
                )
            }
            MoveError::DeepWater { piece } => {
                write!(
                    f,
                    "deep water (piece {}) is closed to models in medium or heavy armour",
                    piece + 1
                )
            }
            MoveError::TooNearEnemy { .. } => {
                f.write_str("a Run or Gallop may not come within 1\" of an enemy")
            }
            MoveError::TouchesBeforeEnd { .. } => {
                f.write_str("the first contact with an enemy ends the move")
            }
            MoveError::EndsInContact { .. } => f.write_str("this move may not end in contact"),
            MoveError::Engaged => f.write_str("an engaged model may only Withdraw"),
            MoveError::NotEngaged => f.write_str("only a model in contact with an enemy Withdraws"),
        }
    }
}

/// The allowance of `kind` for `mover` before halving.
pub fn base_allowance(rules: &MoveRules, mover: &Mover, kind: MoveKind) -> f64 {
    match (kind, mover.mounted) {
        (MoveKind::Normal, false) => rules.normal,
        (MoveKind::Normal, true) => rules.mounted,
        (MoveKind::Run, false) => rules.run,
        (MoveKind::Run, true) => rules.gallop,
        (MoveKind::Withdraw, _) => rules.withdraw,
        (MoveKind::Inexorable, _) => rules.inexorable,
        (MoveKind::RideBy | MoveKind::RideAway, _) => rules.ride_by,
    }
}

/// The allowance after `halvings` halvings, never below the floor.
pub fn halved(rules: &MoveRules, base: f64, halvings: u8) -> f64 {
    (base * 0.5f64.powi(i32::from(halvings))).max(rules.floor)
}

/// Check a move along `waypoints` (the points after the start, in order).
pub fn check_move(
    table: &Table,
    rules: &MoveRules,
    mover: &Mover,
    kind: MoveKind,
    waypoints: &[Point],
    others: Others<'_>,
) -> Result<MoveCheck, MoveError> {
    let r = mover.base.radius;
    let start = mover.base.centre;
    let touching =
        |c: &Circle, at: Point| at.distance(c.centre) - r - c.radius <= rules.contact + EPS;
    let engaged = others.enemies.iter().any(|e| touching(e, start));
    match kind {
        MoveKind::Withdraw if !engaged => return Err(MoveError::NotEngaged),
        MoveKind::Withdraw | MoveKind::RideAway => {}
        _ if engaged => return Err(MoveError::Engaged),
        _ => {}
    }
    let run = kind == MoveKind::Run;
    let away = kind == MoveKind::RideAway;
    // Riding away, the enemies it starts touching may be near only on the first stretch.
    let left_behind = |e: &Circle, n: usize| away && n == 0 && touching(e, start);
    if run
        && let Some(enemy) = others
            .enemies
            .iter()
            .position(|e| start.distance(e.centre) - r - e.radius <= rules.clearance + EPS)
    {
        return Err(MoveError::TooNearEnemy { enemy });
    }
    let mut difficult = false;
    let mut length = 0.0;
    let mut from = start;
    let last = waypoints.len().saturating_sub(1);
    for (n, &to) in waypoints.iter().enumerate() {
        let seg = Segment::new(from, to);
        length += seg.length();
        if !table.holds(&Circle::new(to, r)) {
            return Err(MoveError::OffTable);
        }
        for (index, f) in others.friends.iter().enumerate() {
            if !mover.acrobatic && seg.distance_to_point(f.centre) < r + f.radius - OVERLAP {
                return Err(MoveError::ThroughModel {
                    friend: true,
                    index,
                });
            }
        }
        for (index, e) in others.enemies.iter().enumerate() {
            let gap = seg.distance_to_point(e.centre) - r - e.radius;
            if gap < -OVERLAP {
                return Err(MoveError::ThroughModel {
                    friend: false,
                    index,
                });
            }
            if (run || (away && !left_behind(e, n))) && gap <= rules.clearance + EPS {
                return Err(MoveError::TooNearEnemy { enemy: index });
            }
            if !matches!(kind, MoveKind::Withdraw | MoveKind::RideAway)
                && gap <= rules.contact + EPS
            {
                // Contact may only come at the very end of the path (R-52, §0.2 item 1).
                let at_end = to.distance(e.centre) - r - e.radius <= rules.contact + EPS;
                if n != last || !at_end || closest_before_end(&seg, e.centre) {
                    return Err(MoveError::TouchesBeforeEnd { enemy: index });
                }
            }
        }
        for (i, piece) in table.pieces.iter().enumerate() {
            difficult |= crossing(piece, mover, &seg, i)?;
        }
        from = to;
    }
    let end = Circle::new(from, r);
    if mover.acrobatic
        && let Some(index) = others
            .friends
            .iter()
            .position(|f| from.distance(f.centre) < r + f.radius - OVERLAP)
    {
        return Err(MoveError::ThroughModel {
            friend: true,
            index,
        });
    }
    let contacts: smallvec::SmallVec<[usize; 4]> = (0..others.enemies.len())
        .filter(|&i| end.in_contact(&others.enemies[i]) || touching(&others.enemies[i], from))
        .collect();
    match kind {
        MoveKind::Withdraw => {
            if let Some(&index) = contacts.first() {
                return Err(MoveError::EndsInContact {
                    friend: false,
                    index,
                });
            }
            if let Some(index) = others.friends.iter().position(|f| touching(f, from)) {
                return Err(MoveError::EndsInContact {
                    friend: true,
                    index,
                });
            }
        }
        MoveKind::Run => {
            if let Some(&index) = contacts.first() {
                return Err(MoveError::EndsInContact {
                    friend: false,
                    index,
                });
            }
        }
        MoveKind::RideAway => {
            if let Some(index) = others
                .enemies
                .iter()
                .position(|e| from.distance(e.centre) - r - e.radius <= rules.clearance + EPS)
            {
                return Err(MoveError::TooNearEnemy { enemy: index });
            }
        }
        MoveKind::Normal | MoveKind::Inexorable | MoveKind::RideBy => {}
    }
    let halvings = u8::from(mover.slowed) + u8::from(mover.encumbered) + u8::from(difficult);
    let base = base_allowance(rules, mover, kind);
    let allowance = halved(rules, base, halvings);
    if length > allowance + EPS {
        return Err(MoveError::TooLong { length, allowance });
    }
    Ok(MoveCheck {
        length,
        allowance,
        halvings,
        base,
        slowed: mover.slowed,
        encumbered: mover.encumbered,
        difficult,
        contacts,
    })
}

/// Whether the point of `seg` nearest `c` lies before its end (the path grazes `c` on the way).
fn closest_before_end(seg: &Segment, c: Point) -> bool {
    let d = seg.b.minus(seg.a);
    let len2 = d.dot(d);
    len2 > 0.0 && c.minus(seg.a).dot(d) / len2 < 1.0 - 1e-6
}

/// What one stretch of a path does with one piece: `Ok(true)` when it counts as difficult for this
/// model, an error when the model may not go there.
fn crossing(piece: &Piece, mover: &Mover, seg: &Segment, index: usize) -> Result<bool, MoveError> {
    let r = mover.base.radius;
    let [lo_x, lo_y, hi_x, hi_y] = piece.shape.bounds();
    let reach = r + EPS;
    if seg.a.x.max(seg.b.x) + reach < lo_x
        || seg.a.x.min(seg.b.x) - reach > hi_x
        || seg.a.y.max(seg.b.y) + reach < lo_y
        || seg.a.y.min(seg.b.y) - reach > hi_y
    {
        return Ok(false);
    }
    let centre_meets = piece.shape.meets_segment(seg);
    if mover.mounted && centre_meets && (piece.building || piece.movement == Movement::Difficult) {
        return Err(MoveError::MountedInto { piece: index });
    }
    if piece.water == Water::Deep
        && mover.acrobatic
        && mover.armoured
        && base_overlaps(piece, seg, r)
    {
        return Err(MoveError::DeepWater { piece: index });
    }
    // An Acrobatic model may let its base cross walls and impassable ground; the move is halved
    // only where its centre line meets them, as for any difficult ground.
    if piece.building {
        let (mut through_wall, mut centre_through) = (false, false);
        piece.walls(|w| {
            let gap = w.distance_to_segment(seg);
            through_wall |= gap < r - OVERLAP;
            centre_through |= gap <= EPS;
        });
        if through_wall {
            return if mover.acrobatic {
                Ok(centre_through)
            } else {
                Err(MoveError::Impassable { piece: index })
            };
        }
        return Ok(false);
    }
    match piece.movement {
        Movement::Impassable if base_overlaps(piece, seg, r) => {
            if mover.acrobatic {
                Ok(centre_meets)
            } else {
                Err(MoveError::Impassable { piece: index })
            }
        }
        Movement::Impassable | Movement::Open => Ok(false),
        Movement::Difficult => {
            Ok(centre_meets && (!mover.acrobatic || piece.water == Water::Shallow))
        }
    }
}

/// Whether a base swept along `seg` overlaps the piece.
fn base_overlaps(piece: &Piece, seg: &Segment, r: f64) -> bool {
    piece.shape.distance_to_segment(seg) < r - OVERLAP
}

/// A step waiting in the shortest-path search's queue: Reverse(estimate), Reverse(from, to).
type Step = (std::cmp::Reverse<u64>, std::cmp::Reverse<(u32, u32)>);

/// The shortest path from the mover's place to `goal` that `check_move` accepts for `kind`,
/// ignoring the allowance: a visibility graph over points just clear of the obstacles (bases
/// grown by the mover's radius, and by the Run clearance for Runs). `None` when no path
/// exists. Returns the waypoints after the start.
pub fn shortest_path(
    table: &Table,
    rules: &MoveRules,
    mover: &Mover,
    kind: MoveKind,
    goal: Point,
    others: Others<'_>,
) -> Option<Vec<Point>> {
    let r = mover.base.radius;
    let margin = 0.02;
    let mut nodes = vec![mover.base.centre, goal];
    let run = kind == MoveKind::Run;
    let around_circle = |c: &Circle, grow: f64, nodes: &mut Vec<Point>| {
        let k = 12;
        let reach = (c.radius + r + grow + margin) / (std::f64::consts::PI / f64::from(k)).cos();
        for i in 0..k {
            let a = std::f64::consts::TAU * f64::from(i) / f64::from(k);
            nodes.push(Point::new(
                c.centre.x + reach * a.cos(),
                c.centre.y + reach * a.sin(),
            ));
        }
    };
    for f in others.friends.iter().filter(|_| !mover.acrobatic) {
        around_circle(f, 0.0, &mut nodes);
    }
    for e in others.enemies {
        around_circle(
            e,
            if run {
                rules.clearance
            } else {
                rules.contact + 0.02
            },
            &mut nodes,
        );
    }
    for piece in table
        .pieces
        .iter()
        .filter(|p| p.blocks_movement() || (mover.mounted && p.movement == Movement::Difficult))
    {
        let mut corner = |v: Point| {
            let d = (r + margin) * std::f64::consts::SQRT_2 * 1.05;
            for (sx, sy) in [(1.0, 1.0), (1.0, -1.0), (-1.0, 1.0), (-1.0, -1.0)] {
                nodes.push(Point::new(v.x + sx * d, v.y + sy * d));
            }
        };
        if piece.building {
            piece.walls(|w| {
                corner(w.a);
                corner(w.b);
            });
        } else {
            for &v in piece.shape.points() {
                corner(v);
            }
        }
    }
    let step_ok = |a: Point, b: Point, last: bool| {
        let probe = Mover {
            base: Circle::new(a, r),
            ..*mover
        };
        let probe_kind = if kind == MoveKind::Run {
            MoveKind::Run
        } else {
            MoveKind::Normal
        };
        if !last
            && others
                .enemies
                .iter()
                .any(|e| e.edge_distance(&Circle::new(b, r)) <= rules.contact + 0.01)
        {
            return false;
        }
        let engaged = others
            .enemies
            .iter()
            .any(|e| Circle::new(a, r).in_contact(e));
        if engaged {
            // Leaving contact: only the withdraw's own first step starts engaged.
            return kind == MoveKind::Withdraw;
        }
        let unlimited = MoveRules {
            normal: f64::INFINITY,
            run: f64::INFINITY,
            mounted: f64::INFINITY,
            gallop: f64::INFINITY,
            ..*rules
        };
        check_move(table, &unlimited, &probe, probe_kind, &[b], others).is_ok()
    };
    // A* over the complete graph with lazy edges: candidate steps wait in a queue ordered by the
    // length of the path through them plus the straight distance left (never more than the true
    // distance, so the first path to reach a point is its shortest), and a step is checked only
    // when it comes off the queue. Across open ground the first step checked is the whole way.
    let n = nodes.len();
    let left = |i: usize| nodes[i].distance(goal);
    let mut prev = vec![usize::MAX; n];
    let mut done = vec![false; n];
    // The length of the path found to each settled point: a step's length so far is worked out
    // again from it when the step comes off the queue (the same sum, so the same bits).
    let mut settled = vec![0.0f64; n];
    let so_far =
        |settled: &[f64], from: usize, v: usize| settled[from] + nodes[from].distance(nodes[v]);
    // (Reverse(estimate), Reverse(from, to)), 16 bytes: the queue holds up to every step from
    // every settled point. Estimates are non-negative, so their bits order as the numbers do.
    let mut queue: std::collections::BinaryHeap<Step> = std::collections::BinaryHeap::new();
    let open = |from: usize,
                settled: &[f64],
                done: &[bool],
                queue: &mut std::collections::BinaryHeap<_>| {
        for (v, _) in done.iter().enumerate().skip(1).filter(|(_, d)| !**d) {
            let length = so_far(settled, from, v);
            queue.push((
                std::cmp::Reverse((length + left(v)).to_bits()),
                std::cmp::Reverse((from as u32, v as u32)),
            ));
        }
    };
    done[0] = true;
    open(0, &settled, &done, &mut queue);
    loop {
        let (_, std::cmp::Reverse((u, v))) = queue.pop()?;
        let (u, v) = (u as usize, v as usize);
        if done[v] || !step_ok(nodes[u], nodes[v], v == 1) {
            continue;
        }
        done[v] = true;
        prev[v] = u;
        if v == 1 {
            break;
        }
        settled[v] = so_far(&settled, u, v);
        open(v, &settled, &done, &mut queue);
    }
    let mut path = vec![goal];
    let mut at = prev[1];
    while at != 0 && at != usize::MAX {
        path.push(nodes[at]);
        at = prev[at];
    }
    path.reverse();
    Some(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules() -> MoveRules {
        let cat =
            crate::ronin::load::load(&crate::ronin::load::DataSource::Embedded).expect("data");
        MoveRules::from_catalogue(&cat)
    }

    fn length(from: Point, path: &[Point]) -> f64 {
        let mut at = from;
        path.iter()
            .map(|&p| {
                let d = at.distance(p);
                at = p;
                d
            })
            .sum()
    }

    #[test]
    fn the_shortest_path_over_open_ground_is_the_straight_line() {
        let table = Table::new(36.0, Vec::new());
        let mover = Mover::on_foot(Circle::new(Point::new(5.0, 5.0), 0.5));
        let none = Others {
            friends: &[],
            enemies: &[],
        };
        let goal = Point::new(30.0, 12.0);
        let path = shortest_path(&table, &rules(), &mover, MoveKind::Normal, goal, none);
        assert_eq!(path, Some(vec![goal]));
    }

    #[test]
    fn the_shortest_path_goes_round_a_base_in_the_way_on_its_nearer_side() {
        // A friend stands just above the straight line: the way below it is the shorter.
        let table = Table::new(36.0, Vec::new());
        let start = Point::new(5.0, 10.0);
        let mover = Mover::on_foot(Circle::new(start, 0.5));
        let friends = [Circle::new(Point::new(15.0, 10.3), 0.5)];
        let others = Others {
            friends: &friends,
            enemies: &[],
        };
        let goal = Point::new(25.0, 10.0);
        let rules = rules();
        let path =
            shortest_path(&table, &rules, &mover, MoveKind::Normal, goal, others).expect("a path");
        assert!(path.len() >= 2, "{path:?}");
        assert!(path.iter().all(|p| p.y <= 10.0 + 1e-9), "{path:?}");
        let unlimited = MoveRules {
            normal: f64::INFINITY,
            ..rules
        };
        assert!(check_move(&table, &unlimited, &mover, MoveKind::Normal, &path, others).is_ok());
        // Clearing the base needs the line pushed 0.7" down at the friend: little more than the
        // straight 20".
        let walked = length(start, &path);
        assert!(walked > 20.0 && walked < 20.2, "{walked}");
        // Boxed in by enemies' clearance, a Run finds no way at all.
        let enemies = [Circle::new(Point::new(6.5, 10.0), 0.5)];
        let near = Others {
            friends: &[],
            enemies: &enemies,
        };
        assert_eq!(
            shortest_path(&table, &rules, &mover, MoveKind::Run, goal, near),
            None
        );
    }
}
