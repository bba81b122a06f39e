//! The Combat Phase of one combat: one model against up to four, or one against one.
//!
//! Each side secretly splits its combined Combat Pool into Attack and Defence counters (Intuition
//! adds a free Defence counter). Every model rolls Initiative (d6 + Initiative + weapon first- or
//! later-round modifier + Fast + wounds - Stunned; an Enhanced roll spends an Attack counter and
//! keeps the better of two dice); ties go to a Fast model, otherwise to a roll-off. Models then act
//! in Initiative order, returning to the top, until every model has passed in succession or no
//! Attack counters are left. An attack spends an Attack counter; the defender may Enhance his
//! Defence Roll with a Defence counter, then the attacker may Enhance his Attack Roll with another
//! Attack counter. No model spends more counters than its own Combat Pool (the yari Ashigaru of
//! the book's example, having parried and taken a Grievous wound, cannot attack). A model engaged
//! by three or more enemies defends at -1. Wounds take effect at once: a Grievous wound costs its
//! side a counter; a slain model's unspent counters leave the pool (errata); a Tough model's
//! Critical takes it off only at the end of the phase.

use super::dice::Dice;
use super::events::{Event, match_points};
use super::fighter::Fighter;
use super::melee::{roll_attack, roll_initiative};
use super::policy::{Counter, Policy};
use super::wound::{Health, WoundResult, apply_wound};

/// Defending against three or more enemies.
const OUTNUMBERED_DEFENCE: i32 = -1;

/// A model's place in the combat: (side, index within the side).
type Slot = (usize, usize);

struct State {
    attack: [i32; 2],
    defence: [i32; 2],
    /// Counters each model has spent or lost this phase.
    used: [Vec<i32>; 2],
    /// Tough models with a Critical wound, still fighting until the end of the phase.
    doomed: [Vec<bool>; 2],
}

impl State {
    fn standing(&self, sides: &[Vec<Fighter>; 2], (s, i): Slot) -> bool {
        sides[s][i].alive() || self.doomed[s][i]
    }

    /// How many more counters this model may spend.
    fn capacity(&self, sides: &[Vec<Fighter>; 2], (s, i): Slot) -> i32 {
        let f = &sides[s][i];
        (f.pool() + i32::from(f.intuition) - self.used[s][i]).max(0)
    }
}

/// Fight one Combat Phase. `points` collects match points (Light 1, Grievous 2, Critical 3) for the
/// side causing each wound.
pub fn combat_phase(
    sides: &mut [Vec<Fighter>; 2],
    policies: &mut [&mut dyn Policy; 2],
    dice: &mut dyn Dice,
    first_round: bool,
    points: &mut [u32; 2],
    events: &mut Vec<Event>,
) {
    let mut st = State {
        attack: [0; 2],
        defence: [0; 2],
        used: [vec![0; sides[0].len()], vec![0; sides[1].len()]],
        doomed: [vec![false; sides[0].len()], vec![false; sides[1].len()]],
    };
    for (s, policy) in policies.iter_mut().enumerate() {
        let (own, enemies) = split_refs(sides, s);
        let pool: i32 = own.iter().map(|f| f.pool()).sum();
        let attack = policy.split(&own, &enemies).clamp(0, pool);
        st.attack[s] = attack;
        st.defence[s] = pool - attack + own.iter().map(|f| i32::from(f.intuition)).sum::<i32>();
        let names: Vec<String> = own.iter().map(|f| f.name.clone()).collect();
        events.push(Event::Split {
            fighter: names.join(" + "),
            attack,
            defence: st.defence[s],
        });
    }
    let order = initiative_order(sides, policies, dice, first_round, &mut st, events);
    let mut passes = 0;
    'rounds: while st.attack.iter().any(|a| *a > 0) {
        for &(s, i) in &order {
            if passes >= order.len() {
                break 'rounds;
            }
            let e = 1 - s;
            let targets: Vec<usize> = (0..sides[e].len())
                .filter(|&j| sides[e][j].alive() && !st.doomed[e][j])
                .collect();
            if targets.is_empty() {
                break 'rounds;
            }
            let able =
                st.standing(sides, (s, i)) && st.attack[s] > 0 && st.capacity(sides, (s, i)) > 0;
            let choice = if able {
                let enemies: Vec<&Fighter> = targets.iter().map(|&j| &sides[e][j]).collect();
                policies[s].attack(&sides[s][i], &enemies, st.attack[s])
            } else {
                None
            };
            let Some(t) = choice.and_then(|k| targets.get(k).copied()) else {
                passes += 1;
                events.push(Event::Pass {
                    fighter: sides[s][i].name.clone(),
                });
                continue;
            };
            passes = 0;
            attack(
                sides,
                policies,
                dice,
                &mut st,
                (s, i),
                (e, t),
                points,
                events,
            );
        }
    }
    for (side, doomed) in sides.iter_mut().zip(&st.doomed) {
        for (fighter, doomed) in side.iter_mut().zip(doomed) {
            if *doomed {
                fighter.health = Health::Dead;
            }
        }
    }
}

fn split_refs(sides: &[Vec<Fighter>; 2], s: usize) -> (Vec<&Fighter>, Vec<&Fighter>) {
    fn alive(v: &[Fighter]) -> Vec<&Fighter> {
        v.iter().filter(|f| f.alive()).collect()
    }
    (alive(&sides[s]), alive(&sides[1 - s]))
}

/// Roll Initiative for every model and sort: highest first; Fast wins ties; other ties roll off.
fn initiative_order(
    sides: &[Vec<Fighter>; 2],
    policies: &mut [&mut dyn Policy; 2],
    dice: &mut dyn Dice,
    first_round: bool,
    st: &mut State,
    events: &mut Vec<Event>,
) -> Vec<Slot> {
    let mut rolled: Vec<(Slot, i32)> = Vec::new();
    for s in 0..2 {
        for (i, f) in sides[s].iter().enumerate().filter(|(_, f)| f.alive()) {
            let enhanced = st.attack[s] > 0 && policies[s].enhance_initiative(f, st.attack[s]);
            if enhanced {
                st.attack[s] -= 1;
                st.used[s][i] += 1;
            }
            let roll = roll_initiative(f.initiative_bonus(first_round), enhanced, dice);
            events.push(Event::Initiative {
                fighter: f.name.clone(),
                enhanced,
                rolled: roll.rolled,
                total: roll.total,
            });
            rolled.push(((s, i), roll.total));
        }
    }
    // Highest total first, Fast first among equals; keep list order (side A first) otherwise.
    rolled.sort_by_key(|&((s, i), total)| (std::cmp::Reverse(total), !sides[s][i].fast));
    let mut order: Vec<Slot> = Vec::new();
    let mut k = 0;
    while k < rolled.len() {
        let key = |n: usize| (rolled[n].1, sides[rolled[n].0.0][rolled[n].0.1].fast);
        let end = (k..rolled.len())
            .take_while(|&n| key(n) == key(k))
            .last()
            .unwrap_or(k)
            + 1;
        let mut group: Vec<Slot> = rolled[k..end].iter().map(|(slot, _)| *slot).collect();
        if group.len() > 1 {
            roll_off_group(&mut group, sides, dice, events);
        }
        order.extend(group);
        k = end;
    }
    order
}

/// Order tied models by rolling a d6 each, highest first, re-rolling ties among themselves.
fn roll_off_group(
    group: &mut Vec<Slot>,
    sides: &[Vec<Fighter>; 2],
    dice: &mut dyn Dice,
    events: &mut Vec<Event>,
) {
    let mut rolls: Vec<(Slot, u8)> = group.iter().map(|slot| (*slot, dice.d6())).collect();
    rolls.sort_by_key(|(_, r)| std::cmp::Reverse(*r));
    let mut sorted = Vec::new();
    let mut k = 0;
    while k < rolls.len() {
        let end = (k..rolls.len())
            .take_while(|&n| rolls[n].1 == rolls[k].1)
            .last()
            .unwrap_or(k)
            + 1;
        let mut tied: Vec<Slot> = rolls[k..end].iter().map(|(slot, _)| *slot).collect();
        if tied.len() > 1 {
            roll_off_group(&mut tied, sides, dice, events);
        }
        sorted.extend(tied);
        k = end;
    }
    if let Some(&(s, i)) = sorted.first() {
        events.push(Event::RollOff {
            winner: sides[s][i].name.clone(),
        });
    }
    *group = sorted;
}

#[allow(clippy::too_many_arguments)]
fn attack(
    sides: &mut [Vec<Fighter>; 2],
    policies: &mut [&mut dyn Policy; 2],
    dice: &mut dyn Dice,
    st: &mut State,
    (s, i): Slot,
    (e, t): Slot,
    points: &mut [u32; 2],
    events: &mut Vec<Event>,
) {
    st.attack[s] -= 1;
    st.used[s][i] += 1;
    let engaged_by = (0..sides[s].len())
        .filter(|&k| st.standing(sides, (s, k)))
        .count();
    let plain = sides[s][i].attack_side(&sides[e][t], false);
    let defence_enhanced = st.defence[e] > 0
        && st.capacity(sides, (e, t)) > 0
        && policies[e].enhance_defence(&sides[e][t], &sides[s][i], plain);
    if defence_enhanced {
        st.defence[e] -= 1;
        st.used[e][t] += 1;
    }
    let mut defence = sides[e][t].defence_side(defence_enhanced);
    if engaged_by >= 3 {
        defence.modifier += OUTNUMBERED_DEFENCE;
    }
    let attack_enhanced = st.attack[s] > 0
        && st.capacity(sides, (s, i)) > 0
        && policies[s].enhance_attack(&sides[s][i], &sides[e][t], defence, st.attack[s]);
    if attack_enhanced {
        st.attack[s] -= 1;
        st.used[s][i] += 1;
    }
    let roll = roll_attack(
        sides[s][i].attack_side(&sides[e][t], attack_enhanced),
        defence,
        dice,
    );
    let result = roll.result;
    events.push(Event::Attack {
        attacker: sides[s][i].name.clone(),
        defender: sides[e][t].name.clone(),
        attack_enhanced,
        defence_enhanced,
        roll,
    });
    wound(sides, policies, st, (e, t), result, s, points, events);
}

#[allow(clippy::too_many_arguments)]
fn wound(
    sides: &mut [Vec<Fighter>; 2],
    policies: &mut [&mut dyn Policy; 2],
    st: &mut State,
    (e, t): Slot,
    result: WoundResult,
    attacker_side: usize,
    points: &mut [u32; 2],
    events: &mut Vec<Event>,
) {
    if result == WoundResult::NoWound {
        return;
    }
    points[attacker_side] += match_points(result);
    let unspent_before = st.capacity(sides, (e, t));
    let f = &mut sides[e][t];
    if result == WoundResult::Stunned {
        f.stunned = true;
    }
    let before = f.health;
    let after = apply_wound(before, result);
    let doomed = after == Health::Dead && f.tough && before != Health::Dead;
    f.health = if doomed { Health::Grievous } else { after };
    let name = f.name.clone();
    events.push(Event::Wound {
        fighter: name.clone(),
        result,
        health: after,
    });
    if doomed {
        // Tough: it stays for a last attack until the end of the Combat Phase.
        st.doomed[e][t] = true;
    } else if after == Health::Dead {
        // Errata: a slain model's unspent counters leave the combined pool.
        let mut left = unspent_before;
        while left > 0 && (st.attack[e] > 0 || st.defence[e] > 0) {
            if st.attack[e] > 0 {
                st.attack[e] -= 1;
            } else {
                st.defence[e] -= 1;
            }
            left -= 1;
        }
    } else if after == Health::Grievous && before != Health::Grievous {
        // The Combat Pool drops by one at once: the controller loses a counter of his choice.
        let lost = match policies[e].discard(st.attack[e], st.defence[e]) {
            Counter::Attack if st.attack[e] > 0 => Some(Counter::Attack),
            _ if st.defence[e] > 0 => Some(Counter::Defence),
            _ if st.attack[e] > 0 => Some(Counter::Attack),
            _ => None,
        };
        match lost {
            Some(Counter::Attack) => st.attack[e] -= 1,
            Some(Counter::Defence) => st.defence[e] -= 1,
            None => {}
        }
        if let Some(counter) = lost {
            events.push(Event::Discard {
                fighter: name,
                counter,
            });
        }
    }
}
