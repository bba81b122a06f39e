//! The Duel scenario's champions: each side's duellist fights alone in the circle for the
//! first two turns, a duellist that falls is replaced at once, and the first attack by a
//! non-duellist and the first non-duellist into the circle each cost their side 2 VP.

use super::play::{Game, score_vp};
use crate::ronin::engine::events::{Event, EventLog};
use crate::ronin::model::ScenarioId;

/// Turns in which only the duellists act.
const DUELLISTS_ONLY: u32 = 2;
/// Each penalty, in half points.
const PENALTY: i32 = -4;

/// What the Duel keeps track of.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Champions {
    /// Each side's duellist (or its replacement).
    pub duellists: [Option<usize>; 2],
    /// A non-duellist has attacked; a non-duellist has entered the circle (each once a game).
    pub attacked: bool,
    pub entered: bool,
}

impl Game<'_> {
    /// Whether this game is a Duel.
    pub fn is_duel(&self) -> bool {
        self.setup.scenario == ScenarioId::Duel
    }

    /// Whether `unit` is its side's duellist (or replacement).
    pub fn is_duellist(&self, unit: usize) -> bool {
        self.units
            .get(unit)
            .is_some_and(|u| self.champions.duellists[u.side] == Some(unit))
    }

    /// The Duel's first turns, in which only the duellists act and they may not shoot.
    pub fn duellists_only(&self) -> bool {
        self.is_duel() && self.turn <= DUELLISTS_ONLY
    }

    /// Whether `unit` may be activated or act at all now (R-113: in the Duel's first two turns,
    /// only the duellists).
    pub fn may_act(&self, unit: usize) -> bool {
        !self.duellists_only() || self.is_duellist(unit)
    }

    /// Whether a move of `unit` ending at `end` keeps the Duel's first turns: a duellist
    /// keeps its centre in the circle and touches no enemy but the other duellist.
    pub fn duel_move_ok(&self, unit: usize, end: crate::ronin::engine::table::Point) -> bool {
        if !self.duellists_only() {
            return true;
        }
        let Some(circle) = self.setup.circle else {
            return true;
        };
        let u = &self.units[unit];
        let base = crate::ronin::engine::table::Circle::new(end, u.base.radius);
        self.is_duellist(unit)
            && end.distance(circle.centre) <= circle.radius + 1e-9
            && self.units.iter().all(|e| {
                e.side == u.side
                    || !e.on_table()
                    || self.is_duellist(e.id)
                    || !e.base.in_contact(&base)
            })
    }

    /// What an attack by `unit` now would cost its side, in half points: the first attack by a
    /// non-duellist, while no one has made it.
    pub fn first_attack_cost(&self, unit: usize) -> i32 {
        if self.is_duel() && !self.champions.attacked && !self.is_duellist(unit) {
            -PENALTY
        } else {
            0
        }
    }

    /// What `unit` ending a move with its centre at `end` would cost its side, in half points:
    /// the first non-duellist into the circle, while no one has gone in.
    pub fn entering_cost(&self, unit: usize, end: crate::ronin::engine::table::Point) -> i32 {
        match self.setup.circle {
            Some(circle)
                if self.is_duel()
                    && !self.champions.entered
                    && !self.is_duellist(unit)
                    && end.distance(circle.centre) < circle.radius =>
            {
                -PENALTY
            }
            _ => 0,
        }
    }

    /// Whether `unit` may shoot now (R-113: no duellist shoots in the first two turns).
    pub fn may_shoot_now(&self, unit: usize) -> bool {
        !self.duellists_only() || !self.is_duellist(unit)
    }
}

/// Each side's duellist: its highest-Rank model, the first listed among equals (the roll-off
/// winner's pick, made by the engine for both sides: P-26).
pub(super) fn choose(game: &mut Game<'_>) {
    if !game.is_duel() {
        return;
    }
    for side in 0..2 {
        game.champions.duellists[side] = game
            .units
            .iter()
            .filter(|u| u.side == side && u.on_table())
            .max_by_key(|u| (u.rank, std::cmp::Reverse(u.id)))
            .map(|u| u.id);
    }
}

/// A duellist that has fallen is replaced at once by its side's nearest living model on the
/// table.
pub(super) fn replace_fallen(game: &mut Game<'_>, events: &mut EventLog) {
    if !game.is_duel() {
        return;
    }
    for side in 0..2 {
        let Some(d) = game.champions.duellists[side] else {
            continue;
        };
        if game.units[d].on_table() {
            continue;
        }
        let at = game.units[d].base.centre;
        let next = game
            .units
            .iter()
            .filter(|u| u.side == side && u.on_table())
            .min_by(|a, b| {
                a.base
                    .centre
                    .distance(at)
                    .total_cmp(&b.base.centre.distance(at))
            })
            .map(|u| u.id);
        game.champions.duellists[side] = next;
        if let Some(n) = next {
            events.push(|| Event::Duellist {
                side: super::play::side_name(side),
                model: game.units[n].fighter.name.to_string(),
            });
        }
    }
}

/// A non-duellist `unit` attacks (moves into contact, shoots, makes a free attack): the first
/// time in the game its side loses 2 VP.
pub(super) fn attacks(game: &mut Game<'_>, unit: usize, events: &mut EventLog) {
    if game.first_attack_cost(unit) == 0 {
        return;
    }
    game.champions.attacked = true;
    let (side, name) = (game.units[unit].side, game.units[unit].fighter.name.clone());
    score_vp(
        game,
        side,
        PENALTY,
        || format!("{name}, not a duellist, attacks first"),
        events,
    );
}

/// After a move: the first non-duellist whose centre is inside the circle costs its side 2 VP
///
pub(super) fn entered(game: &mut Game<'_>, unit: usize, events: &mut EventLog) {
    if game.entering_cost(unit, game.units[unit].base.centre) == 0 {
        return;
    }
    game.champions.entered = true;
    let (side, name) = (game.units[unit].side, game.units[unit].fighter.name.clone());
    score_vp(
        game,
        side,
        PENALTY,
        || format!("{name}, not a duellist, enters the circle first"),
        events,
    );
}
