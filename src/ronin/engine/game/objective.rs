//! A scenario's heavy objective on the table: the Capture marker, lifted by a model
//! in contact with it, carried by one (Encumbered) or shared by two friends (who then move
//! together), dropped when its carriers are lost or choose to let go, carried off over the
//! carriers' own deployment edge, and controlled at the end by the only side with an unengaged
//! model carrying or touching it.

use super::play::Game;
use super::unit::Status;
use crate::ronin::engine::events::{Event, EventLog};
use crate::ronin::engine::table::path::{MoveCheck, MoveKind};
use crate::ronin::engine::table::setup::Zone;
use crate::ronin::engine::table::{Circle, Piece, Point};

/// The objective marker and who holds it.
#[derive(Debug, Clone, PartialEq)]
pub struct Carried {
    /// Where the marker stands (it moves with its carriers).
    pub at: Circle,
    /// Its carriers: none, one, or two friends sharing it.
    pub carriers: Vec<usize>,
    /// The side that carried it off the table.
    pub removed_by: Option<usize>,
}

impl Game<'_> {
    /// Whether `unit` touches the objective marker (within contact distance).
    pub fn touches_marker(&self, unit: usize) -> bool {
        let u = &self.units[unit];
        self.objective.as_ref().is_some_and(|o| {
            o.removed_by.is_none()
                && u.on_table()
                && u.base.edge_distance(&o.at) <= self.cat.terrain.bases.contact + 1e-9
        })
    }

    /// Whether `unit` carries the objective.
    pub fn carrying(&self, unit: usize) -> bool {
        self.objective
            .as_ref()
            .is_some_and(|o| o.carriers.contains(&unit))
    }

    /// The other carrier sharing the objective with `unit`, if any.
    pub fn partner(&self, unit: usize) -> Option<usize> {
        let o = self.objective.as_ref()?;
        o.carriers
            .contains(&unit)
            .then(|| o.carriers.iter().copied().find(|&c| c != unit))
            .flatten()
    }

    /// Whether `unit` may lift the objective now: it touches it, is not engaged or
    /// Stunned, and the objective has no carrier or one friend to share it with.
    pub fn may_lift(&self, unit: usize) -> bool {
        let u = &self.units[unit];
        let Some(o) = &self.objective else {
            return false;
        };
        self.touches_marker(unit)
            && !self.engaged(unit)
            && !u.fighter.is_stunned()
            && !o.carriers.contains(&unit)
            && o.carriers.len() < 2
            && o.carriers.iter().all(|&c| self.units[c].side == u.side)
    }

    /// The table edge `side` deployed along, if it deployed along one.
    pub fn own_edge(&self, side: usize) -> Option<u8> {
        match self.setup.zones[side] {
            Zone::Edge { edge, .. } => Some(edge % 4),
            _ => None,
        }
    }

    /// The straight move that takes carrier `unit` to its side's own edge, its base touching the
    /// edge, if that move is legal within its allowance (and its partner's, whose own straight
    /// move must be legal too, within the smaller allowance: P-25).
    pub fn carry_off_path(&self, unit: usize) -> Option<Vec<Point>> {
        self.carry_off_moves(unit)
            .and_then(|moves| moves.into_iter().find(|m| m.0 == unit))
            .map(|(_, end, _)| vec![end])
    }

    /// Each carrier's straight move off over its own edge, checked (see
    /// [`Game::carry_off_path`]).
    fn carry_off_moves(&self, unit: usize) -> Option<Vec<(usize, Point, MoveCheck)>> {
        if !self.carrying(unit) {
            return None;
        }
        let partner = self.partner(unit);
        let reach = |k: usize, beside: Option<usize>| -> Option<(usize, Point, MoveCheck)> {
            let u = &self.units[k];
            let edge = self.own_edge(u.side)?;
            let (c, r, size) = (u.base.centre, u.base.radius + 1e-6, self.setup.table.size);
            let end = match edge {
                0 => Point::new(c.x, r),
                1 => Point::new(size - r, c.y),
                2 => Point::new(c.x, size - r),
                _ => Point::new(r, c.y),
            };
            if end.distance(c) < 1e-9 {
                return None;
            }
            let check = self
                .check_path_beside(k, beside, MoveKind::Normal, &[end])
                .ok()?;
            check.contacts.is_empty().then_some((k, end, check))
        };
        let mut moves = vec![reach(unit, partner)?];
        if let Some(p) = partner {
            moves.push(reach(p, Some(unit))?);
            let allowance = moves
                .iter()
                .map(|m| m.2.allowance)
                .fold(f64::INFINITY, f64::min);
            if moves.iter().any(|m| m.2.length > allowance + 1e-9) {
                return None;
            }
        }
        Some(moves)
    }

    /// Which side controls the objective now: the only side with a model carrying or
    /// touching it that is not engaged.
    pub fn marker_controller(&self) -> Option<usize> {
        let o = self.objective.as_ref()?;
        if o.removed_by.is_some() {
            return None;
        }
        let holds = |side: usize| {
            self.units.iter().any(|u| {
                u.side == side
                    && u.on_table()
                    && !self.engaged(u.id)
                    && (o.carriers.contains(&u.id) || self.touches_marker(u.id))
            })
        };
        match (holds(0), holds(1)) {
            (true, false) => Some(0),
            (false, true) => Some(1),
            _ => None,
        }
    }

    /// The objective piece (Defence, R-114), if the table has one.
    pub fn objective_piece(&self) -> Option<&Piece> {
        self.setup.table.pieces.iter().find(|p| p.objective)
    }

    /// Whether `unit` holds the objective piece: not engaged, its centre inside the
    /// piece or its base touching it.
    pub fn holds_piece(&self, unit: usize) -> bool {
        let u = &self.units[unit];
        self.objective_piece().is_some_and(|p| {
            u.on_table()
                && !self.engaged(unit)
                && (p.shape.contains(u.base.centre)
                    || p.shape.distance_to_circle(&u.base) <= self.cat.terrain.bases.contact + 1e-9)
        })
    }

    /// Which side controls the objective piece: the side with more models holding it.
    pub fn piece_controller(&self) -> Option<usize> {
        self.objective_piece()?;
        let count = |side: usize| {
            self.units
                .iter()
                .filter(|u| u.side == side && self.holds_piece(u.id))
                .count()
        };
        match count(0).cmp(&count(1)) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// Which side controls the scenario's objective now, marker or piece.
    pub fn objective_controller(&self) -> Option<usize> {
        self.marker_controller().or_else(|| self.piece_controller())
    }

    /// The objective's value to the side that controls it or carries it off, in half points.
    pub fn marker_value(&self) -> i32 {
        self.cat
            .scenario
            .get(self.setup.scenario)
            .and_then(|s| s.objective.as_ref())
            .map_or(0, |o| (o.vp * 2.0).round() as i32)
    }
}

/// `unit` lifts the objective; a second friend shares it.
pub(super) fn lift(game: &mut Game<'_>, unit: usize, events: &mut EventLog) {
    let Some(o) = game.objective.as_mut() else {
        return;
    };
    o.carriers.push(unit);
    let shared = o.carriers.len() == 2;
    game.units[unit].fighter.carrying = true;
    events.push(|| Event::Lift {
        model: game.units[unit].fighter.name.to_string(),
        shared,
    });
}

/// `unit` sets the objective down where it stands (free, R-94).
pub(super) fn set_down(game: &mut Game<'_>, unit: usize, why: &str, events: &mut EventLog) {
    let Some(o) = game.objective.as_mut() else {
        return;
    };
    let before = o.carriers.len();
    o.carriers.retain(|&c| c != unit);
    if o.carriers.len() == before {
        return;
    }
    let u = &mut game.units[unit];
    u.fighter.carrying = u.captured > 0 || u.picked_own;
    let at = game
        .objective
        .as_ref()
        .map_or(Point::new(0.0, 0.0), |o| o.at.centre);
    events.push(|| Event::SetDown {
        model: game.units[unit].fighter.name.to_string(),
        why: why.to_owned(),
        x: at.x,
        y: at.y,
    });
}

/// The marker moves with carrier `unit`, which went from `from` to `to`; it stays on the table.
pub(super) fn follow(game: &mut Game<'_>, unit: usize, from: Point, to: Point) {
    let size = game.setup.table.size;
    if let Some(o) = game.objective.as_mut()
        && o.carriers.first() == Some(&unit)
    {
        let r = o.at.radius;
        o.at.centre = Point::new(
            (o.at.centre.x + to.x - from.x).clamp(r, size - r),
            (o.at.centre.y + to.y - from.y).clamp(r, size - r),
        );
    }
}

/// Carriers no longer on the table (killed, fled, gone) let the objective go where it stands.
pub(super) fn release_lost(game: &mut Game<'_>, events: &mut EventLog) {
    let lost: Vec<usize> = game
        .objective
        .as_ref()
        .map(|o| {
            o.carriers
                .iter()
                .copied()
                .filter(|&c| !game.units[c].on_table())
                .collect()
        })
        .unwrap_or_default();
    for c in lost {
        set_down(game, c, "its carrier is lost", events);
    }
}

/// The carriers of `unit`'s side leave the table with the objective over their own edge
/// out of play, neither killed nor fled; the side scores the objective.
pub(super) fn carry_off(
    game: &mut Game<'_>,
    unit: usize,
    path: &[Point],
    events: &mut EventLog,
) -> bool {
    let Some(moves) = game.carry_off_moves(unit) else {
        return false;
    };
    if !moves.iter().any(|(k, end, _)| *k == unit && path == [*end]) {
        return false;
    }
    let side = game.units[unit].side;
    for (c, end, check) in moves {
        super::play::place(game, c, "carry-off", &[end], &check, events);
        let u = &mut game.units[c];
        u.turn.activated = true;
        u.turn.moved = crate::ronin::engine::shooting::Moved::Normal;
        u.status = Status::CarriedOff;
        events.push(|| Event::CarriedOff {
            model: game.units[c].fighter.name.to_string(),
        });
    }
    if let Some(o) = game.objective.as_mut() {
        o.carriers.clear();
        o.removed_by = Some(side);
    }
    let vp = game.marker_value();
    super::play::score_vp(
        game,
        side,
        vp,
        || "the objective carried off".to_owned(),
        events,
    );
    game.forget_broken_contacts();
    true
}
