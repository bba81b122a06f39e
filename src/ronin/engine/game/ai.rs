//! Table policies. `TableAi` is the default player: shooters hold still and shoot the target worth
//! most by the exact odds of the shot; everyone else charges an enemy it can reach when the fight
//! is worth it (one a friend already fights first, then the nearest) or closes in, the laggards
//! first, stopping out of reach of stronger enemies still free to charge; it loots the bodies its
//! faction scores and plays for its minor objective and the scenario's (the Duel's penalties
//! weighed); Stunned models rest; combat decisions are the default melee AI's. `Charge` is the yardstick that only
//! advances on the nearest enemy and fights; `RandomTable` makes random legal choices (the
//! baseline and a fuzzer).

use super::play::{Action, Activation, Bases, Game, TablePolicy};
use super::unit::{Status, Unit};
use crate::ronin::engine::dice::{Dice, SeededDice};
use crate::ronin::engine::table::setup::{DeploymentChoice, EnemyPlacement};
use smallvec::SmallVec;
use std::collections::HashMap;

/// The models an activation weighs (on the stack for a Buntai of usual size).
type Units = SmallVec<[usize; 24]>;

use crate::ronin::engine::odds::{Distribution, shooting_odds};
use crate::ronin::engine::policy::{DefaultAi, Policy, RandomPolicy};
use crate::ronin::engine::shooting::{Moved, Phase, ShotSpec};
use crate::ronin::engine::table::geometry::Segment;
use crate::ronin::engine::table::path::{MoveKind, Others, base_allowance, check_move};
use crate::ronin::engine::table::sight::{Crowd, SightMap};
use crate::ronin::engine::table::{Circle, Point, Table};
use crate::ronin::engine::wound::{Health, WoundResult};
use crate::ronin::model::{ObjectiveKind, ScoringTrigger};

/// A move toward `goal`, as far as the allowance and the rules let it go: a Run when it keeps clear
/// of enemies, else a normal move that stops short of contact; straight if it can, else veering up
/// to 60 degrees either side around whatever is in the way.
fn advance(game: &Game<'_>, unit: usize, goal: Point) -> Option<(MoveKind, Vec<Point>)> {
    advance_keeping(game, unit, goal, |_| true)
}

/// A model about to move, with the others as its move is checked against them.
struct Moving<'g> {
    game: &'g Game<'g>,
    unit: usize,
    mover: crate::ronin::engine::table::path::Mover,
    friends: Bases,
    enemies: Bases,
    /// The friends and enemies a straight move of at most a Run's allowance could meet: the
    /// only ones [`Moving::clear_to`] need look at (the others are too far to touch, pass
    /// through or come within a Run's clearance of any such move).
    near_friends: Bases,
    near_enemies: Bases,
}

impl<'g> Moving<'g> {
    #[inline]
    fn of(game: &'g Game<'g>, unit: usize) -> Moving<'g> {
        let mut moving = Moving {
            game,
            unit,
            mover: game.mover(unit),
            friends: Bases::new(),
            enemies: Bases::new(),
            near_friends: Bases::new(),
            near_enemies: Bases::new(),
        };
        game.others(unit, &mut moving.friends, &mut moving.enemies);
        // Every end `clear_to` is asked about lies within the longest allowance of the start; an
        // inch more than the widest gap any check allows keeps well clear of rounding.
        let rules = &game.rules;
        let longest = [MoveKind::Run, MoveKind::Normal]
            .map(|kind| base_allowance(rules, &moving.mover, kind))
            .into_iter()
            .fold(0.0, f64::max);
        let start = moving.mover.base;
        let within = longest + rules.clearance.max(rules.contact) + 1.0;
        let near = |c: &&Circle| c.edge_distance(&start) <= within;
        // Filled in place: a collected list would be built and then moved.
        let Moving {
            friends,
            enemies,
            near_friends,
            near_enemies,
            ..
        } = &mut moving;
        near_friends.extend(friends.iter().filter(near).copied());
        near_enemies.extend(enemies.iter().filter(near).copied());
        moving
    }

    /// Whether a straight move of `kind` to `end`, no longer than a Run's allowance, is legal and
    /// ends out of contact.
    fn clear_to(&self, kind: MoveKind, end: Point) -> bool {
        let game = self.game;
        let others = Others {
            friends: &self.near_friends,
            enemies: &self.near_enemies,
        };
        let r = game.units[self.unit].base.radius;
        // A Run keeps its clearance from enemies all the way, its end included.
        let too_near = |at: Point| {
            self.near_enemies
                .iter()
                .any(|e| at.distance(e.centre) - r - e.radius < game.rules.clearance - 1e-6)
        };
        if kind == MoveKind::Run && (too_near(end) || too_near(self.mover.base.centre)) {
            return false;
        }
        !others.no_room_at(&game.setup.table, end, r)
            && check_move(
                &game.setup.table,
                &game.rules,
                &self.mover,
                kind,
                &[end],
                others,
            )
            .is_ok_and(|c| c.contacts.is_empty())
    }
}

/// [`advance`], ending only where `allowed` says it may.
fn advance_keeping(
    game: &Game<'_>,
    unit: usize,
    goal: Point,
    allowed: impl Fn(Point) -> bool,
) -> Option<(MoveKind, Vec<Point>)> {
    let u = &game.units[unit];
    let moving = Moving::of(game, unit);
    let c = u.base.centre;
    let (dx, dy) = (goal.x - c.x, goal.y - c.y);
    let heading = dy.atan2(dx);
    let distance = c.distance(goal);
    for kind in [MoveKind::Run, MoveKind::Normal] {
        let full = base_allowance(&game.rules, &moving.mover, kind);
        for turn in [0.0f64, 0.35, -0.35, 0.7, -0.7, 1.05, -1.05] {
            // Try the whole allowance, then shorter steps (halving may apply).
            for fraction in [1.0, 0.5, 0.25] {
                let length = (full * fraction).min(distance - 1.6).max(0.0);
                if length < 0.25 {
                    continue;
                }
                let a = heading + turn;
                let end = Point::new(c.x + length * a.cos(), c.y + length * a.sin());
                if allowed(end) && moving.clear_to(kind, end) {
                    return Some((kind, vec![end]));
                }
            }
        }
    }
    None
}

/// A carrier of ours with its activation to use (and its partner's): off the table over our own
/// edge if it can reach it, else toward that edge.
fn carry_home(game: &Game<'_>, units: &[usize]) -> Option<Activation> {
    let &unit = units
        .iter()
        .find(|&&u| game.carrying(u) && game.partner(u).is_none_or(|p| units.contains(&p)))?;
    if let Some(path) = game.carry_off_path(unit) {
        return Some(Activation::CarryOff { unit, path });
    }
    let u = &game.units[unit];
    let size = game.setup.table.size;
    let c = u.base.centre;
    // A point past the edge: the move goes as far as it may toward it.
    let goal = match game.own_edge(u.side)? {
        0 => Point::new(c.x, -2.0),
        1 => Point::new(size + 2.0, c.y),
        2 => Point::new(c.x, size + 2.0),
        _ => Point::new(-2.0, c.y),
    };
    let (kind, path) = advance(game, unit, goal)?;
    Some(Activation::Move { unit, kind, path })
}

/// The free model nearest the objective while nobody carries it: a move to touch it (it lifts
/// it in the Action Phase), else as near as it gets.
fn to_marker(game: &Game<'_>, free: &[usize]) -> Option<Activation> {
    let o = game.objective.as_ref()?;
    if o.removed_by.is_some() || !o.carriers.is_empty() {
        return None;
    }
    // The humblest model goes (carrying it off takes it out of the fight), the nearest first.
    let &unit = free.iter().min_by(|&&a, &&b| {
        let d = |u: usize| game.units[u].base.edge_distance(&o.at);
        game.units[a]
            .rank
            .cmp(&game.units[b].rank)
            .then(d(a).total_cmp(&d(b)))
    })?;
    if game.touches_marker(unit) {
        return Some(Activation::Hold { unit });
    }
    reach(game, unit, o.at.centre, o.at.radius)
}

/// A move that brings `unit`'s base within contact of a point `target` (an object of radius
/// `around` there), straight if it can, else as near as an advance gets.
fn reach(game: &Game<'_>, unit: usize, target: Point, around: f64) -> Option<Activation> {
    let u = &game.units[unit];
    let c = u.base.centre;
    let d = c.distance(target);
    let touch = u.base.radius + around + game.cat.terrain.bases.contact / 2.0;
    if d > touch {
        let end = Point::new(
            target.x + (c.x - target.x) * touch / d,
            target.y + (c.y - target.y) * touch / d,
        );
        if game
            .check_path(unit, MoveKind::Normal, &[end])
            .is_ok_and(|check| check.contacts.is_empty())
        {
            return Some(Activation::Move {
                unit,
                kind: MoveKind::Normal,
                path: vec![end],
            });
        }
    }
    let (kind, path) = advance(game, unit, target)?;
    Some(Activation::Move { unit, kind, path })
}

/// The objective piece (Defence, R-114): a free model already holding it stays; else the free
/// model nearest it goes to touch it, or as near as it gets.
fn to_piece(game: &Game<'_>, free: &[usize]) -> Option<Activation> {
    let piece = game.objective_piece()?;
    if let Some(&unit) = free.iter().find(|&&u| game.holds_piece(u)) {
        return Some(Activation::Hold { unit });
    }
    let distance = |u: usize| piece.shape.distance_to_circle(&game.units[u].base);
    let &unit = free
        .iter()
        .min_by(|&&a, &&b| distance(a).total_cmp(&distance(b)))?;
    let c = game.units[unit].base.centre;
    let near = piece
        .shape
        .edges()
        .map(|e| e.closest_point(c))
        .min_by(|a, b| a.distance(c).total_cmp(&b.distance(c)))?;
    reach(game, unit, near, 0.0)
}

/// Move `unit` toward the nearest enemy, or hold if it cannot.
fn close_in(game: &Game<'_>, u: usize) -> Activation {
    close_in_where(game, u, |_| true)
}

/// [`close_in`], ending only where `allowed` says it may.
fn close_in_where(game: &Game<'_>, u: usize, allowed: impl Fn(Point) -> bool) -> Activation {
    let target = if game.duellists_only() {
        // The Duel's first turns: the duellists close on each other.
        game.champions.duellists[1 - game.units[u].side]
    } else {
        nearest_enemy(game, u)
    };
    target
        .and_then(|e| advance_keeping(game, u, game.units[e].base.centre, &allowed))
        .map_or(Activation::Hold { unit: u }, |(kind, path)| {
            Activation::Move {
                unit: u,
                kind,
                path,
            }
        })
}

/// The default AI's way of closing in: toward the nearest enemy, but not the first into the
/// Duel's circle for nothing, and stopping out of reach of every stronger enemy no
/// faster than itself that could still charge this Move Phase (it holds if no move gains ground that way), so that such an
/// enemy must come within its friends' reach first.
fn close_in_safely(game: &Game<'_>, board: &Board, u: usize) -> Activation {
    let contact = game.cat.terrain.bases.contact;
    let mine = strength(&game.units[u].fighter);
    let side = game.units[u].side;
    let threats: SmallVec<[(Circle, f64); 24]> = game
        .units
        .iter()
        .filter(|e| e.side != side && e.on_table() && strength(&e.fighter) > mine)
        .filter_map(|e| board.joins[e.id].map(|reach| (e.base, reach + contact)))
        // Only an enemy that reaches no further than we do: keeping out of a faster enemy's reach
        // (a rider's) never closes in at all, and lets it choose the fight. (Measured against
        // `charge`, 400 games a seat, seats swapped: elite Koreans at 150 points in the Skirmish
        // 44.0% -> 53.4%, in the Duel against `objective` 37.6% -> 52.8%; elite Ming at 200
        // 48.9% -> 59.9%; lists without riders unchanged.)
        .filter(|(_, reach)| *reach <= board.joins[u].unwrap_or(0.0) + contact + 1e-9)
        .collect();
    let outside = |end: Point| game.entering_cost(u, end) == 0;
    // The Assassination's attackers are on the clock and must reach the Leader through its
    // guards: they come on regardless. (Measured, default attackers against `charge`
    // defenders, 1,000 games, seed 99: keeping out of reach too, Sohei 42.5% -> 31.3%, Koreans
    // 66.4 -> 61.0, Koryu 81.7 -> 74.4.)
    if threats.is_empty() || game.duellists_only() || assassinating(game, side) {
        return close_in_where(game, u, outside);
    }
    let radius = game.units[u].base.radius;
    let safe = |end: Point| {
        let base = Circle::new(end, radius);
        outside(end)
            && threats
                .iter()
                .all(|(t, reach)| t.edge_distance(&base) > reach + 0.05)
    };
    let Some(e) = nearest_enemy(game, u) else {
        return Activation::Hold { unit: u };
    };
    match advance_keeping(game, u, game.units[e].base.centre, safe) {
        Some((kind, path)) => Activation::Move {
            unit: u,
            kind,
            path,
        },
        None => Activation::Hold { unit: u },
    }
}

/// What one activation asks of every model again and again, found once: whom each touches, and
/// how far each model that could still join a fight this Move Phase reaches. The AI keeps one
/// and fills it again for each activation, so its lists are allocated once a game.
#[derive(Debug, Default)]
struct Board {
    /// Enemy pairs in contact, both ways round, in id order.
    pairs: Vec<(usize, usize)>,
    engaged: Vec<bool>,
    /// A normal move, for each model that may still move and may engage (`None` for the rest).
    joins: Vec<Option<f64>>,
    /// The bases on the table with their ids and sides, in id order: the pairs are found from
    /// these few numbers rather than from the whole models.
    bases: Vec<(usize, usize, Circle)>,
}

impl Board {
    fn fill(&mut self, game: &Game<'_>) {
        let n = game.units.len();
        let (pairs, engaged) = (&mut self.pairs, &mut self.engaged);
        pairs.clear();
        engaged.clear();
        engaged.resize(n, false);
        let bases = &mut self.bases;
        bases.clear();
        bases.extend(
            game.units
                .iter()
                .filter(|u| u.on_table())
                .map(|u| (u.id, u.side, u.base)),
        );
        // Each pair of enemies once (contact is symmetric), both ways round, then in id order.
        for (i, &(a, side, base_a)) in bases.iter().enumerate() {
            for &(b, _, base_b) in bases[i + 1..].iter().filter(|b| b.1 != side) {
                if base_a.in_contact(&base_b) {
                    pairs.push((a, b));
                    pairs.push((b, a));
                    engaged[a] = true;
                    engaged[b] = true;
                }
            }
        }
        pairs.sort_unstable();
        self.joins.clear();
        self.joins.extend(game.units.iter().map(|f| {
            (may_still_move_given(game, f, engaged[f.id])
                && game.may_engage_given(f.id, |o| engaged[o]))
            .then(|| base_allowance(&game.rules, &game.mover(f.id), MoveKind::Normal))
        }));
    }

    /// [`Game::contacts`], read off the board.
    fn contacts(&self, unit: usize) -> impl Iterator<Item = usize> + '_ {
        let start = self.pairs.partition_point(|p| p.0 < unit);
        self.pairs[start..]
            .iter()
            .take_while(move |p| p.0 == unit)
            .map(|p| p.1)
    }
}

/// The strongest free model of `side` (not yet activated, not engaged, able to act; not the
/// charger) that could join a fight between `charger` and `target` this Move Phase: within a
/// normal move of `target`, plus the charger's base, which will stand beside it. 0 if none.
fn strongest_joining(
    game: &Game<'_>,
    board: &Board,
    side: usize,
    charger: usize,
    target: usize,
) -> f64 {
    let reach = 2.0 * game.units[charger].base.radius;
    let t = &game.units[target];
    game.units
        .iter()
        .filter(|f| {
            f.side == side
                && f.id != charger
                && f.id != target
                && board.joins[f.id]
                    .is_some_and(|allowance| f.base.edge_distance(&t.base) <= allowance + reach)
        })
        .map(|f| strength(&f.fighter))
        .fold(0.0, f64::max)
}

/// The defender's Leader in the Assassination, whose death loses the game at once.
fn hunted_leader(game: &Game<'_>, unit: usize) -> bool {
    let u = &game.units[unit];
    u.leader && assassinating(game, 1 - u.side)
}

/// Whether `side` is the Assassination's attacker: the game is won by killing the other side's
/// Leader.
fn assassinating(game: &Game<'_>, side: usize) -> bool {
    game.victory() == crate::ronin::model::VictoryRule::KillTheLeader
        && game.setup.attacker == Some(side)
}

/// The spot a set-up move of at most `limit` takes `unit` to furthest from the nearest enemy, if
/// one gains half an inch.
fn farthest_set_up(game: &Game<'_>, unit: usize, limit: f64) -> Option<Point> {
    let u = &game.units[unit];
    let safety = |at: Point| {
        let base = Circle::new(at, u.base.radius);
        game.units
            .iter()
            .filter(|e| e.side != u.side && e.on_table())
            .map(|e| e.base.edge_distance(&base))
            .fold(f64::INFINITY, f64::min)
    };
    let mut best = (safety(u.base.centre) + 0.5, None);
    for k in 0..16 {
        let a = f64::from(k) * std::f64::consts::PI / 8.0;
        for fraction in [1.0, 0.75, 0.5, 0.25] {
            let to = Point::new(
                u.base.centre.x + limit * fraction * a.cos(),
                u.base.centre.y + limit * fraction * a.sin(),
            );
            let score = safety(to);
            if score > best.0
                && open_ways(game, unit, to) >= 3
                && game.set_up_path(unit, to, Some(limit)).is_some()
            {
                best = (score, Some(to));
            }
        }
    }
    best.1
}

/// In how many of eight directions `unit` standing at `at` could go 3" straight without meeting a
/// friend's base: a Leader boxed in by its own guards cannot run.
fn open_ways(game: &Game<'_>, unit: usize, at: Point) -> usize {
    let u = &game.units[unit];
    (0..8)
        .filter(|&k| {
            let a = f64::from(k) * std::f64::consts::FRAC_PI_4;
            let seg = Segment::new(at, Point::new(at.x + 3.0 * a.cos(), at.y + 3.0 * a.sin()));
            game.units.iter().all(|f| {
                f.id == unit
                    || f.side != u.side
                    || !f.on_table()
                    || seg.distance_to_point(f.base.centre) >= f.base.radius + u.base.radius
            })
        })
        .count()
}

/// The attacker's set-up moves anywhere: his `count` strongest models each to the legal
/// spot nearest the enemy Leader, none two on the same spot.
fn assassins_close(game: &Game<'_>, side: usize, count: usize) -> Vec<(usize, Point)> {
    let Some(leader) = game
        .units
        .iter()
        .find(|u| u.side != side && hunted_leader(game, u.id))
    else {
        return Vec::new();
    };
    let mut ours: Vec<usize> = game
        .units
        .iter()
        .filter(|u| u.side == side && u.on_table())
        .map(|u| u.id)
        .collect();
    ours.sort_by(|&a, &b| {
        strength(&game.units[b].fighter).total_cmp(&strength(&game.units[a].fighter))
    });
    let r = game.cat.terrain.bases.diameter / 2.0;
    let mut spots: Vec<Point> = Vec::new();
    let mut moves = Vec::new();
    for &unit in ours.iter().take(count) {
        let found = (0..40).find_map(|step| {
            let reach = leader.base.radius + r + game.rules.contact + 0.02 + f64::from(step) * 0.1;
            (0..24).find_map(|k| {
                let a = f64::from(k) * std::f64::consts::PI / 12.0;
                let at = Point::new(
                    leader.base.centre.x + reach * a.cos(),
                    leader.base.centre.y + reach * a.sin(),
                );
                (spots.iter().all(|s| s.distance(at) >= 2.0 * r + 0.01)
                    && game.set_up_path(unit, at, None).is_some())
                .then_some(at)
            })
        });
        if let Some(at) = found {
            spots.push(at);
            moves.push((unit, at));
        }
    }
    moves
}

/// A move for `unit` that takes it furthest from the nearest enemy (edge to edge); `None` when
/// no legal move gains half an inch.
fn keep_away(game: &Game<'_>, unit: usize) -> Option<Activation> {
    let u = &game.units[unit];
    let moving = Moving::of(game, unit);
    let safety = |at: Point| {
        let base = Circle::new(at, u.base.radius);
        moving
            .enemies
            .iter()
            .map(|e| e.edge_distance(&base))
            .fold(f64::INFINITY, f64::min)
    };
    let here = safety(u.base.centre);
    let mut best: Option<(f64, MoveKind, Point)> = None;
    for kind in [MoveKind::Run, MoveKind::Normal] {
        let full = base_allowance(&game.rules, &moving.mover, kind);
        for k in 0..16 {
            let a = f64::from(k) * std::f64::consts::PI / 8.0;
            for fraction in [1.0, 0.5] {
                let end = Point::new(
                    u.base.centre.x + full * fraction * a.cos(),
                    u.base.centre.y + full * fraction * a.sin(),
                );
                let score = safety(end);
                if score <= here + 0.5 || best.is_some_and(|b| b.0 >= score) {
                    continue;
                }
                if moving.clear_to(kind, end) {
                    best = Some((score, kind, end));
                }
            }
        }
    }
    best.map(|(_, kind, end)| Activation::Move {
        unit,
        kind,
        path: vec![end],
    })
}

/// Whether the nearest enemy of `unit` is more than twice as strong as it is (see
/// `TableAi::activate` on the Assassination's guards).
fn outmatched(game: &Game<'_>, unit: usize) -> bool {
    nearest_enemy(game, unit).is_some_and(|e| {
        strength(&game.units[e].fighter) > 2.0 * strength(&game.units[unit].fighter)
    })
}

fn nearest_enemy(game: &Game<'_>, unit: usize) -> Option<usize> {
    let u = &game.units[unit];
    // Each distance once; the first of equals, as `min_by` keeps it.
    game.units
        .iter()
        .filter(|e| e.side != u.side && e.on_table())
        .map(|e| (e.base.edge_distance(&u.base), e.id))
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, id)| id)
}

/// A reserve of `side` entering now, if one may: a charge on the nearest enemy it
/// can reach from where it waits, else an advance toward that enemy.
fn entering(game: &Game<'_>, side: usize) -> Option<Activation> {
    if !game.may_enter(side) {
        return None;
    }
    game.units
        .iter()
        .filter(|u| u.side == side && u.status == Status::Reserve)
        .find_map(|u| {
            let from = u.base.centre;
            let e = nearest_enemy(game, u.id)?;
            let (kind, path) = match game.charge_path(u.id, e) {
                Some(path) => (MoveKind::Normal, path),
                None => advance(game, u.id, game.units[e].base.centre)?,
            };
            Some(Activation::Enter {
                unit: u.id,
                from,
                kind,
                path,
            })
        })
}

/// Models of `side` that may still take a Move Phase activation.
fn movers(game: &Game<'_>, side: usize) -> Vec<usize> {
    game.units
        .iter()
        .filter(|u| u.side == side && may_still_move(game, u))
        .map(|u| u.id)
        .collect()
}

/// Whether `u` may still take a Move Phase activation: on the table, not yet activated, not
/// engaged, able to act.
fn may_still_move(game: &Game<'_>, u: &Unit) -> bool {
    may_still_move_given(game, u, game.engaged(u.id))
}

/// [`may_still_move`], whether `u` is engaged already known.
fn may_still_move_given(game: &Game<'_>, u: &Unit, engaged: bool) -> bool {
    u.on_table() && !u.turn.activated && !u.turn.charge_refused && !engaged && game.may_act(u.id)
}

/// The best shot `unit` has now: (target, weapon, expected value), from the exact odds of each
/// shot (memoised by its numbers).
fn best_shot(
    game: &Game<'_>,
    look: (&SightMap<'_>, &Crowd),
    odds_cache: &mut HashMap<ShotSpec, Distribution>,
    unit: usize,
    phase: Phase,
) -> Option<(usize, usize, f64)> {
    let (map, crowd) = look;
    let u = &game.units[unit];
    let mut best: Option<(usize, usize, f64)> = None;
    for w in 0..u.missiles.len() {
        for e in game
            .units
            .iter()
            .filter(|e| e.side != u.side && e.on_table())
        {
            let Some((spec, _)) = game.shot(map, crowd, unit, e.id, w, phase) else {
                continue;
            };
            let odds = odds_cache
                .entry(spec)
                .or_insert_with(|| shooting_odds(spec));
            let p = |r| odds.probability(r);
            let blast = game
                .cat
                .weapon(&u.missiles[w].weapon)
                .and_then(|x| x.blast.as_ref());
            let ev = match blast {
                None => expected_harm(
                    game,
                    u.side,
                    e,
                    [
                        p(WoundResult::Stunned),
                        p(WoundResult::Light),
                        p(WoundResult::Grievous),
                        p(WoundResult::Critical),
                    ],
                ),
                Some(blast) => (1.0 - p(WoundResult::NoWound)) * blast_harm(game, u.side, e, blast),
            };
            // Never a throw that would hurt its own side more than the enemy; the Duel's first
            // attack by a non-duellist only when it is worth the penalty.
            let ev = ev - f64::from(game.first_attack_cost(unit));
            if ev > 0.0 && best.is_none_or(|b| ev > b.2) {
                best = Some((e.id, w, ev));
            }
        }
    }
    best
}

/// What wounding `e` is worth to `side` given the chances of Stunned, Light, Grievous and
/// Critical: a kill is its whole worth, a wound a share of it (more on a model already wounded).
fn expected_harm(game: &Game<'_>, side: usize, e: &Unit, p: [f64; 4]) -> f64 {
    let value = worth(game, side, e);
    let wounded = if e.fighter.health == Health::Healthy {
        0.0
    } else {
        1.0
    };
    p[3] * value
        + p[2] * (0.5 + wounded) * value
        + p[1] * (0.25 + wounded * 0.5) * value
        + p[0] * 0.1 * value
}

/// What a grenade bursting on `at`'s centre is worth to `side` once it hits: the harm to every
/// enemy its blast catches less the harm to every friend.
fn blast_harm(game: &Game<'_>, side: usize, at: &Unit, blast: &crate::ronin::model::Blast) -> f64 {
    game.caught(at.base.centre, blast)
        .map(|u| {
            let modifier = game.cat.armour_defence(u.fighter.armour);
            let mut p = [0.0; 4];
            for die in 1..=6 {
                let score = i32::from(blast.score) - (die + modifier);
                let k = match crate::ronin::engine::wound_result(score) {
                    WoundResult::NoWound => continue,
                    WoundResult::Stunned => 0,
                    WoundResult::Light => 1,
                    WoundResult::Grievous => 2,
                    WoundResult::Critical => 3,
                };
                p[k] += 1.0 / 6.0;
            }
            if u.side == side {
                // A friend is worth to its own side what it would be worth to the enemy.
                -expected_harm(game, 1 - side, u, p)
            } else {
                expected_harm(game, side, u, p)
            }
        })
        .sum()
}

/// Whether `unit` has any shot now (Action Phase numbers).
fn has_target(game: &Game<'_>, map: &SightMap<'_>, crowd: &Crowd, unit: usize) -> bool {
    let u = &game.units[unit];
    (0..u.missiles.len()).any(|w| {
        game.units
            .iter()
            .filter(|e| e.side != u.side && e.on_table())
            .any(|e| {
                game.shot(map, crowd, unit, e.id, w, Phase::Action)
                    .is_some()
            })
    })
}

/// A table policy whose combat decisions are another melee policy's: the Tournament's split
/// yardsticks (`attack`, `defend`, `half`) moving and shooting as `T` does.
pub struct WithMelee<T> {
    pub table: T,
    pub melee: Box<dyn Policy + Send>,
}

impl<T: TablePolicy> TablePolicy for WithMelee<T> {
    fn melee(&mut self) -> &mut dyn Policy {
        self.melee.as_mut()
    }
    fn activate(&mut self, game: &Game<'_>, side: usize) -> Activation {
        self.table.activate(game, side)
    }
    fn act(&mut self, game: &Game<'_>, side: usize) -> Action {
        self.table.act(game, side)
    }
    fn deployment(&mut self, own: &[Unit], enemy: &[Unit]) -> DeploymentChoice {
        self.table.deployment(own, enemy)
    }
    fn ride_by(&mut self, game: &Game<'_>, side: usize) -> Option<(usize, Vec<Point>)> {
        self.table.ride_by(game, side)
    }
    fn ride_away(&mut self, game: &Game<'_>, unit: usize) -> Option<Vec<Point>> {
        self.table.ride_away(game, unit)
    }
    fn inexorable(&mut self, game: &Game<'_>, unit: usize, attack: i32) -> Option<Vec<Point>> {
        self.table.inexorable(game, unit, attack)
    }
    fn keep_carried(&mut self, game: &Game<'_>, unit: usize) -> bool {
        self.table.keep_carried(game, unit)
    }
    fn reveal(&mut self, game: &Game<'_>, unit: usize, in_combat: bool) -> bool {
        self.table.reveal(game, unit, in_combat)
    }
    fn yojimbo_swap(&mut self, game: &Game<'_>, yojimbos: &[usize]) -> Option<usize> {
        self.table.yojimbo_swap(game, yojimbos)
    }
    fn redirect(&mut self, game: &Game<'_>, target: usize, yojimbos: &[usize]) -> Option<usize> {
        self.table.redirect(game, target, yojimbos)
    }
    fn sacrifice(&mut self, game: &Game<'_>, candidates: &[usize], routs: bool) -> Option<usize> {
        self.table.sacrifice(game, candidates, routs)
    }
    fn reserves(&mut self, game: &Game<'_>, side: usize, count: usize) -> Vec<usize> {
        self.table.reserves(game, side, count)
    }
}

/// The default table AI.
#[derive(Debug, Default)]
pub struct TableAi {
    melee: DefaultAi,
    odds: HashMap<ShotSpec, Distribution>,
    /// Riders found with no ride-by to wait for, and the turn: not searched again that turn.
    no_ride: Vec<(u32, usize)>,
    board: Board,
}

impl TableAi {
    pub fn new() -> TableAi {
        TableAi::default()
    }

    /// With a melee AI whose odds cache is shared.
    pub fn with_melee(melee: DefaultAi) -> TableAi {
        TableAi {
            melee,
            odds: HashMap::new(),
            no_ride: Vec::new(),
            board: Board::default(),
        }
    }
}

impl TablePolicy for TableAi {
    fn melee(&mut self) -> &mut dyn Policy {
        &mut self.melee
    }

    /// The Assassination's set-up moves. The defender's Leader goes as far from the
    /// enemy as it may. (Measured, 150-point defenders against `charge`, 400 games: closing
    /// four guards round the Leader in a ring no base can pass lost far more, Bushi 40% -> 10%,
    /// Bandits -> 5%: the assassins break the ring in a turn and the Leader cannot run.) The
    /// attacker puts his two strongest models as near the Leader as they may stand.
    fn setup_moves(
        &mut self,
        game: &Game<'_>,
        side: usize,
        count: usize,
        limit: Option<f64>,
    ) -> Vec<(usize, Point)> {
        match limit {
            Some(limit) => {
                let Some(leader) = game
                    .units
                    .iter()
                    .find(|u| u.side == side && hunted_leader(game, u.id))
                    .map(|u| u.id)
                else {
                    return Vec::new();
                };
                farthest_set_up(game, leader, limit)
                    .filter(|_| count > 0)
                    .map(|to| vec![(leader, to)])
                    .unwrap_or_default()
            }
            None => assassins_close(game, side, count),
        }
    }

    /// The Assassination's attacker places the defender's Leader apart from its guards, which
    /// R-115 leaves to him: the guards then stand some 23" off and the Ninja meet the Leader
    /// alone. (Measured against `charge` defenders, 150 points, 2,000 games, seed 99: Sohei
    /// 43.0% -> 98.8%, Koreans 64.8 -> 99.9, every other list 88-99% -> 100%.)
    fn place_enemy(&mut self, _own: &[Unit], _enemy: &[Unit]) -> EnemyPlacement {
        EnemyPlacement::LeaderApart
    }

    /// The Defence's defender names the edge furthest from its Leader, whose loss costs the
    /// most and may break the Buntai, so that the first wave meets the rest; among edges as far,
    /// the one furthest from its next most valuable model, and so on (then the first).
    /// (Measured, 100-point lists defending against 200-point `charge` attackers, 2,000 games,
    /// seeds 99 and 7, against the south edge always: Koryu 48.1% -> 60.6% and 51.7 -> 60.6,
    /// Ikko-Ikki 84.5 -> 92.2 and 86.7 -> 94.2, Bushi 90.2 -> 93.2, Peasants 87.5 -> 91.0, Sohei
    /// 89.9 -> 85.7 and 91.2 -> 86.7, the rest within a point or better. Which edge mattered far
    /// more than expected: Koryu's fixed edges gave 27-61%, Sohei's 45-90%.)
    fn name_edge(&mut self, game: &Game<'_>, side: usize) -> u8 {
        let size = game.setup.table.size;
        let mut ours: SmallVec<[&Unit; 24]> = game
            .units
            .iter()
            .filter(|u| u.side == side && u.on_table())
            .collect();
        ours.sort_by_key(|u| (std::cmp::Reverse((u.leader, u.kill_value())), u.id));
        let far = |u: &Unit, e: u8| Table::from_edges(size, u.base.centre)[usize::from(e)];
        (1..4u8).fold(0, |best, e| {
            let order = ours
                .iter()
                .map(|u| far(u, e) - far(u, best))
                .find(|d| d.abs() > 1e-9);
            if order.is_some_and(|d| d > 0.0) {
                e
            } else {
                best
            }
        })
    }

    /// A ride-by when one is worth it: the best target by the charge score, the rider risking
    /// less since it rides away after.
    fn ride_by(&mut self, game: &Game<'_>, side: usize) -> Option<(usize, Vec<Point>)> {
        let mut candidates: Vec<(f64, usize, usize)> = game
            .units
            .iter()
            .filter(|u| u.side == side && may_ride_by(game, u))
            .flat_map(|u| ride_targets(game, u.id))
            .collect();
        candidates.sort_by(|a, b| b.0.total_cmp(&a.0));
        candidates.iter().find_map(|&(_, u, e)| {
            game.charge_path_by(u, e, MoveKind::RideBy)
                .map(|path| (u, path))
        })
    }

    /// A Yojimbo steps into its Leader's place when the Leader is fighting and it is not: the
    /// Leader, worth most and often a minor objective, leaves the combat to the bodyguard.
    fn yojimbo_swap(&mut self, game: &Game<'_>, yojimbos: &[usize]) -> Option<usize> {
        let side = game.units[*yojimbos.first()?].side;
        let leader = game.units.iter().find(|u| u.side == side && u.leader)?;
        if !game.engaged(leader.id) {
            return None;
        }
        yojimbos.iter().copied().find(|&y| !game.engaged(y))
    }

    /// The bodyguard takes the shot when it is worth no more than the model aimed at, or that
    /// model is the Leader.
    fn redirect(&mut self, game: &Game<'_>, target: usize, yojimbos: &[usize]) -> Option<usize> {
        let aimed = &game.units[target];
        yojimbos
            .iter()
            .copied()
            .find(|&y| aimed.leader || game.units[y].kill_value() <= aimed.kill_value())
    }

    /// Sacrifices the cheapest model within reach when the failure would Rout the Buntai, or
    /// when that model is worth a Rank 1 or less (a Wavering Buntai cannot charge reliably).
    fn sacrifice(&mut self, game: &Game<'_>, candidates: &[usize], routs: bool) -> Option<usize> {
        let cheapest = candidates
            .iter()
            .copied()
            .min_by_key(|&k| (game.units[k].kill_value(), std::cmp::Reverse(k)))?;
        (routs || game.units[cheapest].rank <= 1).then_some(cheapest)
    }

    /// With more shooters than the enemy it wants the longer approach of Corner deployment;
    /// otherwise Edge, to close sooner.
    fn deployment(&mut self, own: &[Unit], enemy: &[Unit]) -> DeploymentChoice {
        let shooters = |side: &[Unit]| side.iter().filter(|u| !u.missiles.is_empty()).count();
        if shooters(own) > shooters(enemy) {
            DeploymentChoice::Corner
        } else {
            DeploymentChoice::Edge
        }
    }

    fn activate(&mut self, game: &Game<'_>, side: usize) -> Activation {
        // Its minor objective: capture an enemy of Rank 2 or higher, until one is held.
        let capture = ObjectiveKind::CaptureRank2;
        self.melee.capture =
            (game.objectives[side] == Some(capture) && !game.achieved(side, capture)).then_some(2);
        if let Some(entry) = entering(game, side) {
            return entry;
        }
        self.board.fill(game);
        let board = &self.board;
        // Filled in place (a collected list would be built and then moved).
        let mut units = Units::new();
        units.extend(
            game.units
                .iter()
                .filter(|u| u.side == side && may_still_move_given(game, u, board.engaged[u.id]))
                .map(|u| u.id),
        );
        // A rider with a ride-by to make in the Combat Phase keeps still until then (measured
        // against `charge`: Ming mirror at 200 points 62.4% -> 70.0%, at 100 53.6% -> 54.6%).
        // A rider found without one is not searched again this turn.
        self.no_ride.retain(|&(turn, _)| turn == game.turn);
        for &u in &units {
            if !may_ride_by(game, &game.units[u]) || self.no_ride.contains(&(game.turn, u)) {
                continue;
            }
            if ride_targets(game, u)
                .iter()
                .any(|&(_, _, e)| game.charge_path_by(u, e, MoveKind::RideBy).is_some())
            {
                return Activation::Hold { unit: u };
            }
            self.no_ride.push((game.turn, u));
        }
        // The scenario's objective: a carrier takes it off over our edge, or heads there.
        if let Some(activation) = carry_home(game, &units) {
            return activation;
        }
        // The Assassination's Leader is the whole game: it never charges or closes in,
        // and keeps as far from the nearest enemy as a move takes it, so that the attackers
        // meet its guards first. (Measured, 150-point defenders, 400 games: against `charge`
        // Bushi 3.8% -> 42.0%, Bandits 3.8% -> 41.2%, Ming 0% -> 71.8%, Peasants 13.0% ->
        // 69.8%, Koryu 72.0% -> 89.2%; against `random` 76-93% -> 99.8-100%. Keeping it still
        // instead lost more (Bushi 0%); weighing the table's edges against being cornered
        // lost 5-20 points.)
        let hunted = units.iter().copied().find(|&u| hunted_leader(game, u));
        units.retain(|u| Some(*u) != hunted);
        if let Some(leader) = hunted {
            if let Some(away) = keep_away(game, leader) {
                return away;
            }
            if units.is_empty() {
                return Activation::Hold { unit: leader };
            }
        }
        // Its guards buy time: one facing an enemy more than twice its strength stays out of
        // that enemy's reach rather than meeting it, since only the Leader's death counts and a
        // guard alive keeps the assassins busy longer; the others fight as usual. (Measured,
        // 150-point defenders against `charge`, 1,000 games, seed 21: Bushi 41.9% -> 55.4%,
        // Bandits 50.0 -> 78.6, Ikko-Ikki 59.3 -> 72.7, Sohei 55.8 -> 71.4, Koryu 90.8 -> 84.7,
        // Peasants 63.4 -> 84.6, Koreans 73.3 -> 87.3, Ming 71.9 -> 74.9. Every guard keeping
        // away lost: Sohei 8.8%, Bushi 31.6%; at 1.5 times Sohei 51.4%, at 5 times Bushi 43.6%.)
        if assassinating(game, 1 - side) {
            for &u in &units {
                if !board.engaged[u]
                    && outmatched(game, u)
                    && let Some(away) = keep_away(game, u)
                {
                    return away;
                }
            }
        }
        // Civilians keep still where the defenders can shield them.
        let civilian = units.iter().copied().find(|&u| game.units[u].civilian);
        units.retain(|u| !game.units[*u].civilian);
        if units.is_empty()
            && let Some(unit) = civilian
        {
            return Activation::Hold { unit };
        }
        // Sight is worked out only when one of them has a missile weapon.
        let shooters = units.iter().any(|&u| !game.units[u].missiles.is_empty());
        let look = shooters.then(|| {
            (
                SightMap::new(&game.setup.table, &game.cat.terrain.sight),
                game.crowd(),
            )
        });
        let shooting: SmallVec<[bool; 24]> = units
            .iter()
            .map(|&u| {
                look.as_ref().is_some_and(|(map, crowd)| {
                    !game.units[u].missiles.is_empty() && has_target(game, map, crowd, u)
                })
            })
            .collect();
        // It never withdraws: getting out of three-to-one fights was measured and lost more
        // games against `charge` (Bushi mirror 56.9% -> 50.1%, Koryu 51.7% -> 45.2%).
        // Charges first. A charge is worth making when what the target is worth, times how
        // likely the fight goes our way (our strength and our friends already on it, against
        // its own), outweighs what the charger risks. Worth-making charges come first; among
        // them an enemy a friend is already fighting (two against one), then the nearest. The
        // order does not depend on the path, so candidates go in order and the first with a
        // legal path is taken (ties in model, then enemy, order): few paths are ever searched.
        // (Against `charge`, 1,000 games a seat, this order beat ranking by the score itself:
        // 100-point mirrors Koryu 45.3% -> 49.1%, Ikko-Ikki 51.2% -> 52.4%; 200-point Koryu
        // 52.0% -> 59.1%, Ikko-Ikki 51.3% -> 57.7%, Bandits 60.0% -> 65.5%.)
        // A charge on a lone enemy counts the strongest free enemy that could still join that
        // fight this Move Phase against it, and our strongest free model that could answer:
        // with activations alternating, the first to commit a lone model gives the other the
        // gang-up. (Measured against `charge` and `random`, 1,000 games a seat, 100-point
        // mirrors: Koryu 48.9% -> 54.4% and 98.5% -> 98.0%, Bandits 49.9% -> 56.5% and 99.3%,
        // Peasants 50.4% -> 54.9% and 99.2% -> 99.2%, Bushi 55.4% -> 58.2% and 93.7% -> 91.3%.
        // Counting the enemy's joiner alone gained more against `charge` (Koryu 56.2%) but lost
        // against `random` (Bushi 82.8%, Peasants 94.3%); holding back every lone charge while
        // an enemy could join lost more (Peasants 79.8% against `random`).)
        // The Assassination's attackers win only in melee with the Leader (a Ninja's shuriken
        // seldom wounds, and one thrown into a fight that misses may hit a friend): they weigh
        // charges whether or not they have a shot, and shoot only when no charge is made.
        // (Measured, default attackers against `charge` defenders, 1,000 games, seed 21:
        // Koreans 33.0% -> 66.2%, Sohei 17.0 -> 42.0, Koryu 58.4 -> 79.4, Ikko-Ikki 85.2 ->
        // 96.6, the rest 93-100%; weighing a charge with a shot in hand only on the Leader
        // gained less: Koreans 50.8, Sohei 22.6.)
        let assassins = assassinating(game, side);
        // The side's best fighter weighs its charges even with a shot in hand, taking one only
        // when it is worth making: a Leader with a yumi is worth more in the fight than behind
        // it. (Measured against `charge`, 500 games
        // a seat, seats swapped: a 150-point elite Bushi list in the Skirmish 45.1% -> 50.0%, in
        // the Capture 38.6% -> 42.1%; shooting lists unchanged.)
        let strongest = game
            .units
            .iter()
            .filter(|f| f.side == side && f.on_table())
            .map(|f| strength(&f.fighter))
            .fold(0.0, f64::max);
        let mut candidates: SmallVec<[ChargeOption; 16]> = SmallVec::new();
        for (k, &u) in units.iter().enumerate() {
            let brawler = strength(&game.units[u].fighter) >= strongest;
            if (shooting[k] && !assassins && !brawler)
                || board.joins[u].is_none()
                || game.carrying(u)
            {
                continue;
            }
            let reach = board.joins[u].unwrap_or_default() + game.cat.terrain.bases.contact;
            for e in game.units.iter().filter(|e| e.side != side && e.on_table()) {
                // The Duel's first turns: duellist against duellist only.
                if game.duellists_only() && !game.is_duellist(e.id) {
                    continue;
                }
                // No second Kamakura Samurai on an enemy one already fights.
                if game.restrained(u) && board.contacts(e.id).any(|f| game.restrained(f)) {
                    continue;
                }
                // Far along either axis: out of reach without a square root.
                let (mine, theirs) = (game.units[u].base, e.base);
                let far = reach + mine.radius + theirs.radius + 1e-6;
                if (mine.centre.x - theirs.centre.x).abs() > far
                    || (mine.centre.y - theirs.centre.y).abs() > far
                {
                    continue;
                }
                let distance = theirs.edge_distance(&mine);
                if distance > reach + 1e-9 {
                    continue;
                }
                let ours = strength(&game.units[u].fighter)
                    + board
                        .contacts(e.id)
                        .map(|f| strength(&game.units[f].fighter))
                        .sum::<f64>();
                let ganged = board.engaged[e.id];
                // A lone enemy: the strongest free enemy that could still join, and then our
                // strongest free model that could answer it (activations alternate).
                let joiner = if ganged {
                    0.0
                } else {
                    strongest_joining(game, board, 1 - side, u, e.id)
                };
                let answer = if joiner > 0.0 {
                    strongest_joining(game, board, side, u, e.id)
                } else {
                    0.0
                };
                let ours = ours + answer;
                let theirs = strength(&e.fighter) + joiner;
                let edge = ours / (ours + theirs);
                // The Duel's penalties are certain: the first attack by a non-duellist,
                // and the first into the circle (the charger ends beside its target). A charge
                // joining the fight on the enemy's duellist is weighed without them: that fight
                // decides the Duel. (Measured, 100-point mirrors against `charge`, 1,000 games a
                // seat: Ming 49.4% -> 60.4%, Ikko-Ikki 56.5 -> 59.2, Bandits 59.2 -> 64.2; weighing
                // them on that charge too cost Sohei 51.9 -> 49.4.)
                let rescue = ganged && game.is_duellist(e.id);
                let cost = if rescue {
                    0
                } else {
                    game.first_attack_cost(u) + game.entering_cost(u, e.base.centre)
                };
                let score = worth(game, side, e) * edge * edge
                    - 0.5 * at_stake(game, &game.units[u]) * (1.0 - edge)
                    - f64::from(cost);
                // Nor does a shooter give up its shot for a charge not worth making.
                if (cost > 0 || shooting[k]) && score < 0.0 {
                    continue;
                }
                candidates.push(ChargeOption {
                    worth_it: score >= 0.0,
                    ganged,
                    distance,
                    unit: u,
                    enemy: e.id,
                });
            }
        }
        candidates.sort_by(|a, b| {
            (b.worth_it, b.ganged)
                .cmp(&(a.worth_it, a.ganged))
                .then(a.distance.total_cmp(&b.distance))
        });
        // A charge not worth making waits while the enemy still has free models to move: they
        // may yet come to us, or offer a better one (so no path is searched for one).
        let enemy_waiting = game
            .units
            .iter()
            .any(|e| e.side != side && e.on_table() && !e.turn.activated && !board.engaged[e.id]);
        let best = candidates
            .iter()
            .take_while(|c| c.worth_it || !enemy_waiting)
            .find_map(|c| {
                game.charge_path(c.unit, c.enemy)
                    .filter(|path| {
                        path.last()
                            .is_none_or(|&end| !game.restraint_forbids(c.unit, end))
                    })
                    .map(|path| (c.unit, path))
            });
        if let Some((unit, path)) = best {
            return Activation::Move {
                unit,
                kind: MoveKind::Normal,
                path,
            };
        }
        // Then a body worth looting or beheading within a move.
        // (Measured neutral to slightly better against `charge`: Peasants mirror 62.0% -> 62.8%,
        // Bandits 53.8% -> 54.0%, Bushi 58.6% -> 58.8%, 2,000 games each.)
        let free: SmallVec<[usize; 24]> = units
            .iter()
            .zip(&shooting)
            .filter(|(_, s)| !**s)
            .map(|(u, _)| *u)
            .collect();
        // The marker is fetched once the fight is going our way (more of our models on the table
        // than theirs) or the last turns have come: a lone carrier, Encumbered, is the first
        // model a Buntai still whole charges. (Measured against `charge`, 500 games a seat,
        // seats swapped: 150-point elite Bushi 42.1% -> 49.6%, 200-point elite Koryu 49.3% ->
        // 60.4%, 200-point Bandits 57.8% -> 74.3%; against `objective`, which fetches it at
        // once, 150-point Ikko-Ikki 64.0% -> 67.2%. Never fetching it won less.)
        let on_table = |s: usize| {
            game.units
                .iter()
                .filter(|u| u.side == s && u.on_table())
                .count()
        };
        // So is a marker an enemy comes within 6" of while ours is at least as near: a race
        // we are not losing. (Measured, 400 games a seat, seats swapped, against `objective`,
        // which fetches at once: 100-point Ikko-Ikki shooting list 44.9% -> 51.1%; against
        // `charge` 100-point elite Bushi 52.5% -> 55.9%, the rest within a point. Fetching
        // whenever an enemy came near cost 200-point elite Koryu 61.4% -> 48.1%.)
        let race = game.objective.as_ref().is_some_and(|o| {
            let near = |s: usize| {
                game.units
                    .iter()
                    .filter(|u| u.side == s && u.on_table())
                    .map(|u| u.base.edge_distance(&o.at))
                    .fold(f64::INFINITY, f64::min)
            };
            near(1 - side) < RACE && near(side) <= near(1 - side)
        });
        let fetch_now =
            race || on_table(side) > on_table(1 - side) || game.turn + 2 >= game.turn_limit;
        if fetch_now && let Some(fetch) = to_marker(game, &free) {
            return fetch;
        }
        if let Some(hold) = to_piece(game, &free) {
            return hold;
        }
        if let Some(spoil) = to_spoils(game, &free) {
            return spoil;
        }
        if let Some(quarters) = to_quarters(game, side, &free) {
            return quarters;
        }
        // Otherwise the first free model: a shooter with a target holds still, the rest close in.
        if let Some(&u) = units.first()
            && shooting[0]
        {
            return Activation::Hold { unit: u };
        }
        // The free model furthest from the enemy closes in first, so the Buntai arrives together
        // rather than in list order. (Both measured against `charge`, 1,000 games a seat: 100-point
        // mirrors Koryu 44.6% -> 45.5%, Ikko-Ikki 47.3% -> 50.9%, Koreans 53.1% -> 56.5%,
        // Peasants 52.9% -> 49.9%; 200-point Bandits 54.3% -> 60.0%, Bushi 58.0% -> 62.1%.)
        let far = |u: usize| {
            nearest_enemy(game, u).map_or(0.0, |e| {
                game.units[e].base.edge_distance(&game.units[u].base)
            })
        };
        if let Some((_, u)) = free
            .iter()
            .map(|&u| (far(u), u))
            .max_by(|a, b| a.0.total_cmp(&b.0))
        {
            return close_in_safely(game, board, u);
        }
        Activation::Pass
    }

    fn act(&mut self, game: &Game<'_>, side: usize) -> Action {
        // Sight is worked out once, and only when a model with a missile weapon asks.
        let mut look: Option<(SightMap<'_>, Crowd)> = None;
        for u in game
            .units
            .iter()
            .filter(|u| u.side == side && u.on_table() && !u.turn.acted && !game.engaged(u.id))
        {
            // The objective first: a lone carrier, never a pair (they would have to move
            // together).
            if game.may_lift(u.id)
                && game
                    .objective
                    .as_ref()
                    .is_some_and(|o| o.carriers.is_empty())
            {
                return Action::Lift { unit: u.id };
            }
            if let Some(action) = spoils(game, u.id) {
                return action;
            }
            if u.turn.fought {
                if u.fighter.is_stunned() {
                    return Action::Rest { unit: u.id };
                }
                continue;
            }
            if !u.missiles.is_empty()
                && let (map, crowd) = look.get_or_insert_with(|| {
                    (
                        SightMap::new(&game.setup.table, &game.cat.terrain.sight),
                        game.crowd(),
                    )
                })
                && let Some((target, weapon, _)) =
                    best_shot(game, (map, crowd), &mut self.odds, u.id, Phase::Action)
            {
                return Action::Shoot {
                    unit: u.id,
                    target,
                    weapon,
                };
            }
            if let Some(reload) = reload(u) {
                return reload;
            }
            if u.fighter.is_stunned() {
                return Action::Rest { unit: u.id };
            }
        }
        Action::Pass
    }
}

/// A reload for `u` when it has a weapon to load and may: it has not moved or shot this turn
/// and is not Stunned.
fn reload(u: &Unit) -> Option<Action> {
    let weapon = u.missiles.iter().position(|m| m.unloaded && !m.reloading)?;
    (u.turn.moved == Moved::No && u.turn.shots == 0 && !u.fighter.is_stunned())
        .then_some(Action::Reload { unit: u.id, weapon })
}

/// How near an enemy comes to the marker before the default AI races it there (inches).
const RACE: f64 = 6.0;

/// A charge the default AI could make, and how it ranks it.
struct ChargeOption {
    worth_it: bool,
    /// A friend is already fighting the target.
    ganged: bool,
    distance: f64,
    unit: usize,
    enemy: usize,
}

/// Whether `u` may ride by this turn: mounted, unengaged, not Subdued, not yet moved.
fn may_ride_by(game: &Game<'_>, u: &Unit) -> bool {
    u.on_table()
        && u.fighter.mount.is_some()
        && !u.fighter.subdued
        && u.turn.moved == Moved::No
        && !u.turn.fought
        && !game.engaged(u.id)
}

/// The ride-by targets worth it for rider `unit`: (score, rider, enemy), by the charge score
/// with the rider risking less since it rides away after.
fn ride_targets(game: &Game<'_>, unit: usize) -> Vec<(f64, usize, usize)> {
    let u = &game.units[unit];
    let reach = base_allowance(&game.rules, &game.mover(unit), MoveKind::RideBy);
    game.units
        .iter()
        .filter(|e| {
            e.side != u.side
                && e.on_table()
                && !game.engaged(e.id)
                && e.base.edge_distance(&u.base) <= reach
        })
        .filter_map(|e| {
            let (ours, theirs) = (strength(&u.fighter), strength(&e.fighter));
            let edge = ours / (ours + theirs);
            let score =
                worth(game, u.side, e) * edge * edge - 0.25 * at_stake(game, u) * (1.0 - edge);
            (score > 0.0).then_some((score, unit, e.id))
        })
        .collect()
}

/// Loot a body or take a head where the faction scores it and the model can:
/// the best-ranked body in contact first.
fn spoils(game: &Game<'_>, unit: usize) -> Option<Action> {
    // A banner first: an enemy's is 5 VP if held to the end, our own restores its re-roll.
    if !game.units[unit].fighter.is_stunned()
        && let Some(banner) = game.banners_touching(unit).next()
    {
        return Some(Action::PickUp { unit, banner });
    }
    // A riderless horse it may ride: a mount's pace for nothing.
    let u = &game.units[unit];
    if !u.fighter.is_stunned()
        && u.fighter.mount.is_none()
        && let Some(horse) = game
            .horses_touching(unit)
            .find(|&h| u.may_ride(game.horses[h].1.kind))
    {
        return Some(Action::Mount { unit, horse });
    }
    let mut bodies: Vec<usize> = game.bodies_touching(unit).collect();
    bodies.sort_by_key(|&b| std::cmp::Reverse(game.slain[b].rank));
    bodies.into_iter().find_map(|body| spoil(game, unit, body))
}

/// What `unit` would gain from `body`, as the action that takes it: a loot or a head its faction
/// scores, if the model can take it.
fn spoil(game: &Game<'_>, unit: usize, body: usize) -> Option<Action> {
    let u = &game.units[unit];
    if u.hire || u.fighter.is_stunned() {
        return None;
    }
    let side = u.side;
    let loots = |rank: u8| {
        let trigger = if rank >= 3 {
            ScoringTrigger::LootRank3Plus
        } else {
            ScoringTrigger::LootRank1To2
        };
        rank >= 1
            && u.looted.is_none_or(|best| best < rank)
            && game.scoring(side, trigger).is_some_and(|vp| vp > 0)
    };
    let heads = &*u.model_type == "samurai"
        && game
            .scoring(side, ScoringTrigger::HeadCollected)
            .is_some_and(|vp| vp > 0);
    let b = &game.slain[body];
    if b.side == side {
        None
    } else if !b.looted && loots(b.rank) {
        Some(Action::Loot { unit, body })
    } else if heads && !b.beheaded {
        Some(Action::Head { unit, body })
    } else {
        None
    }
}

/// A move by one of `units` to a banner on the ground or an enemy body it would loot or behead,
/// the nearest first: a normal move straight to touch the marker, not into contact with any enemy.
fn to_spoils(game: &Game<'_>, units: &[usize]) -> Option<Activation> {
    let marker = game.cat.terrain.bases.marker / 2.0;
    let mut best: Option<(f64, usize, Point)> = None;
    for &u in units {
        let c = game.units[u].base.centre;
        let r = game.units[u].base.radius;
        let reach = base_allowance(&game.rules, &game.mover(u), MoveKind::Normal);
        let bodies = game
            .slain
            .iter()
            .enumerate()
            .filter(|&(k, _)| spoil(game, u, k).is_some())
            .map(|(_, b)| b.at);
        let banners = game.banners.iter().map(|(at, _)| *at);
        for at in bodies.chain(banners) {
            let d = c.distance(at);
            let gap = d - r - marker;
            if gap <= 0.0 || gap > reach {
                continue;
            }
            if best.as_ref().is_none_or(|x| gap < x.0) {
                // Stop just touching the marker, on the near side.
                let t = (d - r - marker + 0.005) / d;
                let end = Point::new(c.x + (at.x - c.x) * t, c.y + (at.y - c.y) * t);
                best = Some((gap, u, end));
            }
        }
    }
    let (_, unit, end) = best?;
    let mover = game.mover(unit);
    let (mut friends, mut enemies) = (Bases::new(), Bases::new());
    game.others(unit, &mut friends, &mut enemies);
    let others = Others {
        friends: &friends,
        enemies: &enemies,
    };
    let path = vec![end];
    check_move(
        &game.setup.table,
        &game.rules,
        &mover,
        MoveKind::Normal,
        &path,
        others,
    )
    .is_ok_and(|c| c.contacts.is_empty())
    .then_some(Activation::Move {
        unit,
        kind: MoveKind::Normal,
        path,
    })
}

/// A rough fighting strength: counters times (Fight + armour), less for wounds and Stunned.
/// In the last two turns, with "hold every quarter" as its minor objective: a free model
/// from a quarter where the side has a model to spare heads for a quarter it does not hold.
fn to_quarters(game: &Game<'_>, side: usize, free: &[usize]) -> Option<Activation> {
    let objective = ObjectiveKind::HoldQuarters;
    if game.objectives[side] != Some(objective) || game.turn + 2 <= game.turn_limit {
        return None;
    }
    let table = &game.setup.table;
    let mut margin = [0i32; 4];
    for u in game.units.iter().filter(|u| u.on_table()) {
        margin[table.quarter(u.base.centre)] += if u.side == side { 1 } else { -1 };
    }
    let (size, q) = (table.size, |x: f64, y: f64| Point::new(x, y));
    let centres = [
        q(size / 4.0, size / 4.0),
        q(3.0 * size / 4.0, size / 4.0),
        q(size / 4.0, 3.0 * size / 4.0),
        q(3.0 * size / 4.0, 3.0 * size / 4.0),
    ];
    let short = (0..4).find(|&k| margin[k] <= 0)?;
    let goal = centres[short];
    free.iter()
        .copied()
        .filter(|&u| margin[table.quarter(game.units[u].base.centre)] >= 2)
        .min_by(|&a, &b| {
            let d = |u: usize| game.units[u].base.centre.distance(goal);
            d(a).total_cmp(&d(b))
        })
        .and_then(|u| {
            advance(game, u, goal).map(|(kind, path)| Activation::Move {
                unit: u,
                kind,
                path,
            })
        })
}

/// What killing `enemy` is worth to `side`, in half points: its kill VP, and `side`'s minor
/// objective too while killing it would achieve it. A disguised Ninja is worth what it shows to
/// `side`, who cannot know better.
fn worth(game: &Game<'_>, side: usize, enemy: &Unit) -> f64 {
    let kill = match &enemy.disguise {
        Some(d) if d.shown_rank == 0 => 1,
        Some(d) => 2 * u32::from(d.shown_rank),
        None => enemy.kill_value(),
    };
    f64::from(kill) + objective_bonus(game, side, enemy)
}

/// What losing `unit` would give the enemy, as its own side knows it (its true Rank).
/// In the Duel a Leader risks twice that: it is most often its side's duellist, and the game
/// turns on it. (Measured, 100-point mirrors against `charge`, seats swapped, 1,000 games a seat,
/// seed 99: Bandits 62.0% -> 64.8%, Bushi 57.0 -> 62.2, Ikko-Ikki 59.6 -> 63.4, Koreans 60.9 ->
/// 63.6, Koryu 48.9 -> 51.7, Ming 59.7 -> 63.1, Peasants 58.4 -> 63.2, Sohei 52.5 -> 58.1. In
/// every scenario it cost the Skirmish mirrors up to 5 points: Sohei 56.8 -> 51.9.)
fn at_stake(game: &Game<'_>, unit: &Unit) -> f64 {
    let stake = f64::from(unit.kill_value()) + objective_bonus(game, 1 - unit.side, unit);
    if unit.leader && game.is_duel() {
        2.0 * stake
    } else {
        stake
    }
}

/// The minor objective `side` would achieve by killing `enemy` ("kill the Leader"), in half
/// points, while it is still to achieve.
/// What the defender's Leader adds to its worth in an Assassination: the whole game.
const LEADER_IS_THE_GAME: f64 = 40.0;

fn objective_bonus(game: &Game<'_>, side: usize, enemy: &Unit) -> f64 {
    // An enemy carrying the scenario's objective: stopping it saves its value.
    if game.carrying(enemy.id) {
        return f64::from(game.marker_value());
    }
    // The Assassination's target: the defender's Leader decides the game.
    if hunted_leader(game, enemy.id) && enemy.side != side {
        return LEADER_IS_THE_GAME;
    }
    // A Civilian is worth its scenario value, not its Rank.
    if enemy.civilian {
        return f64::from(game.civilian_value() - enemy.kill_value() as i32);
    }
    let objective = ObjectiveKind::KillLeader;
    if enemy.leader && game.objectives[side] == Some(objective) && !game.achieved(side, objective) {
        f64::from(game.objective_value(objective))
    } else {
        0.0
    }
}

fn strength(f: &crate::ronin::engine::fighter::Fighter) -> f64 {
    let pool = f64::from(f.pool().max(0)) + 0.5;
    let quality = f64::from(f.current_fight() + f.armour_bonus + f.weapon.attack).max(0.5);
    let hurt = match f.health {
        Health::Healthy => 1.0,
        Health::Light => 0.85,
        Health::Grievous => 0.6,
        Health::Dead => 0.0,
    };
    pool * quality * hurt * if f.is_stunned() { 0.7 } else { 1.0 }
}

/// The enemy a naive player makes for when the scenario names none: the Duel's first turns the
/// enemy duellist; the attacker in Defend the Village the nearest Civilian;
/// else the enemy Leader while he stands, then the nearest enemy.
fn objective_enemy(game: &Game<'_>, unit: usize) -> Option<usize> {
    let side = game.units[unit].side;
    if game.duellists_only() {
        return game.champions.duellists[1 - side];
    }
    let nearest_where = |want: &dyn Fn(&Unit) -> bool| {
        let u = &game.units[unit];
        game.units
            .iter()
            .filter(|e| e.side != side && e.on_table() && want(e))
            .map(|e| (e.base.edge_distance(&u.base), e.id))
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .map(|(_, id)| id)
    };
    if game.setup.attacker == Some(side)
        && let Some(c) = nearest_where(&|e| e.civilian)
    {
        return Some(c);
    }
    nearest_where(&|e| e.leader).or_else(|| nearest_enemy(game, unit))
}

/// A move at `target` for `unit`: a charge if a path reaches it, else as far toward it as an
/// advance goes, else a hold.
fn go_for(game: &Game<'_>, unit: usize, target: usize) -> Activation {
    if let Some(path) = game.charge_path(unit, target) {
        return Activation::Move {
            unit,
            kind: MoveKind::Normal,
            path,
        };
    }
    advance(game, unit, game.units[target].base.centre).map_or(
        Activation::Hold { unit },
        |(kind, path)| Activation::Move { unit, kind, path },
    )
}

/// What a yardstick plays for: the simple rules a player new to Ronin tries first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Plan {
    /// Advance on the nearest enemy and fight; never shoot.
    #[default]
    Charge,
    /// Play the scenario's objective as a player new to it would: a carrier takes the marker
    /// home, the model nearest a free marker (or the Defence's piece) goes to it, and everyone
    /// else goes straight for the objective's enemy (the Leader, the Civilians, the duellist),
    /// charging the nearest enemy on the way only when the objective is out of reach. It lifts
    /// the marker when it can and otherwise never shoots, loots or takes heads.
    Objective,
    /// Every model with a shot stands and takes it at the nearest enemy it can hit, reloading
    /// when it has nothing loaded; the rest charge the nearest enemy or close in.
    Shoot,
}

/// A naive player, the table yardsticks: a [`Plan`] for moving and shooting, fighting as the default melee AI does.
#[derive(Debug, Default)]
pub struct Naive {
    plan: Plan,
    melee: DefaultAi,
}

/// The `charge` yardstick.
pub type Charge = Naive;

impl Naive {
    pub fn new() -> Naive {
        Naive::default()
    }

    pub fn with_melee(melee: DefaultAi) -> Naive {
        Naive::playing(Plan::Charge, melee)
    }

    pub fn playing(plan: Plan, melee: DefaultAi) -> Naive {
        Naive { plan, melee }
    }

    fn charge(game: &Game<'_>, side: usize) -> Activation {
        for u in movers(game, side) {
            if let Some(a) = charge_or_close(game, u) {
                return a;
            }
        }
        Activation::Pass
    }

    fn objective(game: &Game<'_>, side: usize) -> Activation {
        let units: Units = movers(game, side).into_iter().collect();
        if let Some(home) = carry_home(game, &units) {
            return home;
        }
        if let Some(fetch) = to_marker(game, &units) {
            return fetch;
        }
        if let Some(hold) = to_piece(game, &units) {
            return hold;
        }
        for &u in &units {
            let Some(target) = objective_enemy(game, u) else {
                continue;
            };
            if game.charge_path(u, target).is_none()
                && let Some(e) = nearest_enemy(game, u)
                && (!game.duellists_only() || game.is_duellist(e))
                && let Some(path) = game.charge_path(u, e)
            {
                return Activation::Move {
                    unit: u,
                    kind: MoveKind::Normal,
                    path,
                };
            }
            return go_for(game, u, target);
        }
        Activation::Pass
    }

    fn shoot(game: &Game<'_>, side: usize) -> Activation {
        let units = movers(game, side);
        let look = units
            .iter()
            .any(|&u| !game.units[u].missiles.is_empty())
            .then(|| {
                (
                    SightMap::new(&game.setup.table, &game.cat.terrain.sight),
                    game.crowd(),
                )
            });
        for u in units {
            let shooter = !game.units[u].missiles.is_empty();
            if shooter
                && let Some((map, crowd)) = &look
                && (has_target(game, map, crowd, u)
                    || game.units[u].missiles.iter().any(|m| m.unloaded))
            {
                return Activation::Hold { unit: u };
            }
            if let Some(a) = charge_or_close(game, u) {
                return a;
            }
        }
        Activation::Pass
    }

    fn shots(game: &Game<'_>, side: usize) -> Action {
        let map = SightMap::new(&game.setup.table, &game.cat.terrain.sight);
        let crowd = game.crowd();
        for u in game
            .units
            .iter()
            .filter(|u| u.side == side && u.on_table() && !u.turn.acted && !game.engaged(u.id))
        {
            let mut enemies: SmallVec<[(f64, usize); 24]> = game
                .units
                .iter()
                .filter(|e| e.side != side && e.on_table())
                .map(|e| (e.base.edge_distance(&u.base), e.id))
                .collect();
            enemies.sort_by(|a, b| a.0.total_cmp(&b.0));
            for &(_, target) in &enemies {
                if let Some(weapon) = (0..u.missiles.len()).find(|&w| {
                    game.shot(&map, &crowd, u.id, target, w, Phase::Action)
                        .is_some()
                }) {
                    return Action::Shoot {
                        unit: u.id,
                        target,
                        weapon,
                    };
                }
            }
            if let Some(reload) = reload(u) {
                return reload;
            }
        }
        Action::Pass
    }

    fn lift(game: &Game<'_>, side: usize) -> Action {
        game.units
            .iter()
            .find(|u| u.side == side && !u.turn.acted && game.may_lift(u.id))
            .map_or(Action::Pass, |u| Action::Lift { unit: u.id })
    }
}

/// A charge on `u`'s nearest enemy if a path reaches it, else a move closing in; `None` with no
/// enemy on the table.
fn charge_or_close(game: &Game<'_>, u: usize) -> Option<Activation> {
    let e = nearest_enemy(game, u)?;
    Some(match game.charge_path(u, e) {
        Some(path) => Activation::Move {
            unit: u,
            kind: MoveKind::Normal,
            path,
        },
        None => close_in(game, u),
    })
}

impl TablePolicy for Naive {
    fn melee(&mut self) -> &mut dyn Policy {
        &mut self.melee
    }

    fn activate(&mut self, game: &Game<'_>, side: usize) -> Activation {
        if let Some(entry) = entering(game, side) {
            return entry;
        }
        match self.plan {
            Plan::Charge => Naive::charge(game, side),
            Plan::Objective => Naive::objective(game, side),
            Plan::Shoot => Naive::shoot(game, side),
        }
    }

    fn act(&mut self, game: &Game<'_>, side: usize) -> Action {
        match self.plan {
            Plan::Charge => Action::Pass,
            Plan::Objective => Naive::lift(game, side),
            Plan::Shoot => Naive::shots(game, side),
        }
    }
}

/// Random legal choices.
#[derive(Debug)]
pub struct RandomTable {
    dice: SeededDice,
    melee: RandomPolicy,
}

impl RandomTable {
    pub fn new(seed: u64, stream: u64) -> RandomTable {
        RandomTable {
            dice: SeededDice::new(seed, stream ^ 0x7ab1e),
            melee: RandomPolicy::new(seed, stream),
        }
    }
}

impl TablePolicy for RandomTable {
    fn melee(&mut self) -> &mut dyn Policy {
        &mut self.melee
    }

    fn ride_by(&mut self, game: &Game<'_>, side: usize) -> Option<(usize, Vec<Point>)> {
        if self.dice.d6() < 4 {
            return None;
        }
        let riders: Vec<usize> = game
            .units
            .iter()
            .filter(|u| u.side == side && u.on_table() && u.fighter.mount.is_some())
            .map(|u| u.id)
            .collect();
        let targets: Vec<usize> = game
            .units
            .iter()
            .filter(|e| e.side != side && e.on_table())
            .map(|e| e.id)
            .collect();
        if riders.is_empty() || targets.is_empty() {
            return None;
        }
        let u = riders[self.dice.index(riders.len())];
        let e = targets[self.dice.index(targets.len())];
        game.charge_path_by(u, e, MoveKind::RideBy).map(|p| (u, p))
    }

    fn yojimbo_swap(&mut self, _game: &Game<'_>, yojimbos: &[usize]) -> Option<usize> {
        (self.dice.d6() == 6).then(|| yojimbos[self.dice.index(yojimbos.len())])
    }

    fn redirect(&mut self, _game: &Game<'_>, _target: usize, yojimbos: &[usize]) -> Option<usize> {
        (self.dice.d6() >= 4).then(|| yojimbos[self.dice.index(yojimbos.len())])
    }

    fn sacrifice(&mut self, _game: &Game<'_>, candidates: &[usize], _routs: bool) -> Option<usize> {
        (self.dice.d6() >= 4).then(|| candidates[self.dice.index(candidates.len())])
    }

    fn activate(&mut self, game: &Game<'_>, side: usize) -> Activation {
        if self.dice.d6() >= 4
            && let Some(entry) = entering(game, side)
        {
            return entry;
        }
        if self.dice.d6() == 6
            && let Some(u) = game.units.iter().find(|u| {
                u.side == side
                    && u.on_table()
                    && !u.turn.activated
                    && !u.fighter.subdued
                    && game.engaged(u.id)
            })
            && let Some(path) = game.withdraw_path(u.id)
        {
            return Activation::Withdraw { unit: u.id, path };
        }
        let units = movers(game, side);
        if units.is_empty() || self.dice.d6() == 1 {
            return Activation::Pass;
        }
        let u = units[self.dice.index(units.len())];
        if let Some(path) = game.carry_off_path(u)
            && self.dice.d6() >= 4
        {
            return Activation::CarryOff { unit: u, path };
        }
        let enemies: Vec<usize> = game
            .units
            .iter()
            .filter(|e| e.side != side && e.on_table())
            .map(|e| e.id)
            .collect();
        match self.dice.d6() {
            1 => Activation::Hold { unit: u },
            2 | 3 if !enemies.is_empty() => {
                let e = enemies[self.dice.index(enemies.len())];
                match game.charge_path(u, e) {
                    Some(path) => Activation::Move {
                        unit: u,
                        kind: MoveKind::Normal,
                        path,
                    },
                    None => Activation::Hold { unit: u },
                }
            }
            _ => {
                let mover = game.mover(u);
                let (mut friends, mut foes) = (Bases::new(), Bases::new());
                game.others(u, &mut friends, &mut foes);
                let others = Others {
                    friends: &friends,
                    enemies: &foes,
                };
                for _ in 0..6 {
                    let kind = if self.dice.d6() <= 3 {
                        MoveKind::Run
                    } else {
                        MoveKind::Normal
                    };
                    let angle = self.dice.between(0.0, std::f64::consts::TAU);
                    let length = self
                        .dice
                        .between(0.5, base_allowance(&game.rules, &mover, kind));
                    let c = game.units[u].base.centre;
                    let end = Point::new(c.x + length * angle.cos(), c.y + length * angle.sin());
                    if !game.setup.table.holds(&Circle::new(end, mover.base.radius)) {
                        continue;
                    }
                    if check_move(&game.setup.table, &game.rules, &mover, kind, &[end], others)
                        .is_ok_and(|c| c.contacts.is_empty())
                    {
                        return Activation::Move {
                            unit: u,
                            kind,
                            path: vec![end],
                        };
                    }
                }
                Activation::Hold { unit: u }
            }
        }
    }

    fn reveal(&mut self, _game: &Game<'_>, _unit: usize, _in_combat: bool) -> bool {
        self.dice.d6() >= 4
    }

    fn keep_carried(&mut self, _game: &Game<'_>, _unit: usize) -> bool {
        self.dice.d6() >= 4
    }

    fn act(&mut self, game: &Game<'_>, side: usize) -> Action {
        let map = SightMap::new(&game.setup.table, &game.cat.terrain.sight);
        let crowd = game.crowd();
        let free: Vec<usize> = game
            .units
            .iter()
            .filter(|u| u.side == side && u.on_table() && !u.turn.acted && !game.engaged(u.id))
            .map(|u| u.id)
            .collect();
        if free.is_empty() || self.dice.d6() == 1 {
            return Action::Pass;
        }
        let u = free[self.dice.index(free.len())];
        if game.may_lift(u) && self.dice.d6() >= 3 {
            return Action::Lift { unit: u };
        }
        if game.carrying(u) && self.dice.d6() == 6 {
            return Action::SetDown { unit: u };
        }
        if let Some(banner) = game.banners_touching(u).next()
            && self.dice.d6() >= 3
        {
            return Action::PickUp { unit: u, banner };
        }
        if let Some(horse) = game.horses_touching(u).next()
            && self.dice.d6() >= 3
        {
            return Action::Mount { unit: u, horse };
        }
        if game.units[u].fighter.mount.is_some() && self.dice.d6() == 6 {
            return Action::Dismount { unit: u };
        }
        let bodies: Vec<usize> = game.bodies_touching(u).collect();
        if !bodies.is_empty() && self.dice.d6() >= 4 {
            let body = bodies[self.dice.index(bodies.len())];
            return if self.dice.d6() >= 4 {
                Action::Head { unit: u, body }
            } else {
                Action::Loot { unit: u, body }
            };
        }
        if game.units[u].turn.fought {
            return Action::Rest { unit: u };
        }
        let targets: Vec<(usize, usize)> = (0..game.units[u].missiles.len())
            .flat_map(|w| {
                game.units
                    .iter()
                    .filter(|e| e.side != side && e.on_table())
                    .map(move |e| (e.id, w))
            })
            .filter(|&(e, w)| game.shot(&map, &crowd, u, e, w, Phase::Action).is_some())
            .collect();
        if targets.is_empty() {
            return Action::Rest { unit: u };
        }
        let (target, weapon) = targets[self.dice.index(targets.len())];
        Action::Shoot {
            unit: u,
            target,
            weapon,
        }
    }
}
