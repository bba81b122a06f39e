//! Defend the Village's Civilians: the defender's to move but not part of his
//! Buntai; they move only with a defender model near, never engage, roll a d6 in each combat
//! they are in, and are worth VP to whoever keeps them alive or kills them.

use super::play::{Game, score_vp, side_name};
use crate::ronin::engine::dice::Dice;
use crate::ronin::engine::events::{Event, EventLog};

/// The defender's Civilians, one per full 25 of his `points`, added to his side when
/// the scenario has them (`setup` names the attacker).
pub fn add_civilians(
    cat: &crate::ronin::model::Catalogue,
    setup: &crate::ronin::engine::table::setup::Setup,
    sides: &mut [Vec<super::unit::Unit>; 2],
    points: [u32; 2],
) {
    let scenario = cat.scenario.get(setup.scenario);
    let (Some(force), Some(a)) = (
        scenario.and_then(|s| s.forces.iter().find(|f| f.per_points.is_some())),
        setup.attacker,
    ) else {
        return;
    };
    let d = 1 - a;
    let count = points[d] / force.per_points.unwrap_or(u32::MAX).max(1);
    let mut civilians = super::unit::scenario_units(cat, &force.profile, count, d, sides[d].len());
    for c in &mut civilians {
        c.civilian = true;
        c.fearless = true;
    }
    sides[d].extend(civilians);
}

/// A Civilian may move only with a friend that is not a Civilian this close.
const ESCORT: f64 = 6.0;
/// On this or less a Civilian in a combat fights with nothing.
const PANIC: u8 = 3;

impl Game<'_> {
    /// What each Civilian is worth, in half points: alive at the end to its side, killed to the
    /// enemy.
    pub fn civilian_value(&self) -> i32 {
        self.cat
            .scenario
            .get(self.setup.scenario)
            .and_then(|s| s.forces.iter().find_map(|f| f.vp))
            .map_or(0, |vp| (vp * 2.0).round() as i32)
    }

    /// Whether Civilian `unit` may move now: a friend that is not a Civilian stands within 6"
    ///
    pub fn escorted(&self, unit: usize) -> bool {
        let u = &self.units[unit];
        self.units.iter().any(|f| {
            f.side == u.side
                && f.id != unit
                && !f.civilian
                && f.on_table()
                && f.base.edge_distance(&u.base) <= ESCORT + 1e-9
        })
    }
}

/// At the start of a Combat Phase, each Civilian in a combat rolls a d6: on 1-3 it has
/// Fight 0 and no Combat Pool for this phase. Returns what to restore after the phase.
pub(super) fn panic_rolls(
    game: &mut Game<'_>,
    in_combat: &[usize],
    dice: &mut dyn Dice,
    events: &mut EventLog,
) -> Vec<(usize, i32, i32)> {
    let mut restore = Vec::new();
    for &k in in_combat {
        if !game.units[k].civilian {
            continue;
        }
        let roll = dice.d6();
        let panics = roll <= PANIC;
        events.push(|| Event::CivilianRoll {
            model: game.units[k].fighter.name.to_string(),
            roll,
            fights: !panics,
        });
        if panics {
            let f = &mut game.units[k].fighter;
            restore.push((k, f.fight, f.combat_pool));
            f.fight = 0;
            f.combat_pool = 0;
        }
    }
    restore
}

/// Put back what [`panic_rolls`] took away.
pub(super) fn calm(game: &mut Game<'_>, restore: Vec<(usize, i32, i32)>) {
    for (k, fight, pool) in restore {
        let f = &mut game.units[k].fighter;
        f.fight = fight;
        f.combat_pool = pool;
    }
}

/// A Civilian killed: its value to the enemy, in place of the general VP.
pub(super) fn civilian_killed(game: &mut Game<'_>, victim: usize, events: &mut EventLog) {
    let side = game.units[victim].side;
    let value = game.civilian_value();
    let reason = super::play::kill_reason(&game.units, victim, "");
    score_vp(game, 1 - side, value, || reason, events);
}

/// At the end: each Civilian alive on the table is worth its value to its side.
pub(super) fn civilians_saved(game: &mut Game<'_>, events: &mut EventLog) {
    for side in 0..2 {
        let alive = game
            .units
            .iter()
            .filter(|u| u.side == side && u.civilian && u.on_table())
            .count() as i32;
        if alive > 0 {
            let value = game.civilian_value() * alive;
            score_vp(
                game,
                side,
                value,
                || format!("{alive} Civilian(s) alive for side {}", side_name(side)),
                events,
            );
        }
    }
}
