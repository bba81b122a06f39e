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
//! Critical takes it off only at the end of the phase. Before Initiative a model may declare a
//! Disarm or Subdue attempt: its attacks that turn add the weapon's and Bujutsu's bonus (and, for
//! Subdue, +1 per Attack counter a friend spends) and, on a Grievous result or better, disarm or
//! subdue instead of wounding. A subdued model cannot act while in contact.

use super::dice::Dice;
use super::events::{Event, EventLog, match_points};
use super::fighter::{Counters, Fighter};
use super::melee::{attack_dice, roll_initiative};
use super::policy::{Counter, Policy, Special};
use super::wound::{Health, WoundResult, apply_wound};
use smallvec::SmallVec;

/// Defending against three or more enemies.
const OUTNUMBERED_DEFENCE: i32 = -1;

/// At most four models may fight one.
pub const MAX_AGAINST_ONE: usize = 4;

/// Why a combat cannot be fought as given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CombatShape {
    /// Only one side of a combat may have several models.
    BothSidesSeveral,
    /// More than four models against one.
    MoreThanFour,
    /// A side with no model standing.
    Empty,
}

/// Check that the sides make a combat the rules allow.
pub fn check_shape(sides: &[Vec<Fighter>; 2]) -> Result<(), CombatShape> {
    let [a, b] = [
        sides[0].iter().filter(|f| f.alive()).count(),
        sides[1].iter().filter(|f| f.alive()).count(),
    ];
    match (a, b) {
        (0, _) | (_, 0) => Err(CombatShape::Empty),
        (a, b) if a > 1 && b > 1 => Err(CombatShape::BothSidesSeveral),
        (a, b) if a.max(b) > MAX_AGAINST_ONE => Err(CombatShape::MoreThanFour),
        _ => Ok(()),
    }
}

/// A model's place in the combat: (side, index within the side).
type Slot = (usize, usize);

struct State {
    attack: [i32; 2],
    defence: [i32; 2],
    /// Counters each model has spent or lost this phase.
    used: [Few<i32>; 2],
    /// Tough models with a Critical wound, still fighting until the end of the phase.
    doomed: [Few<bool>; 2],
    /// Disarm or Subdue declared for this turn.
    declared: [Few<Option<Special>>; 2],
    /// Attack counters of each model's warhorse this phase.
    horse: [Few<i32>; 2],
}

/// The handful of models, counters or slots a combat deals with: kept on the stack (a combat is
/// rarely more than a few models a side), so fighting one allocates nothing.
pub type Few<T> = SmallVec<[T; 6]>;

impl State {
    fn standing(&self, sides: &[Vec<Fighter>; 2], (s, i): Slot) -> bool {
        sides[s][i].alive() || self.doomed[s][i]
    }

    /// Standing and not subdued: able to spend counters.
    fn acting(&self, sides: &[Vec<Fighter>; 2], (s, i): Slot) -> bool {
        self.standing(sides, (s, i)) && !sides[s][i].subdued
    }

    /// How many more counters this model may spend.
    fn capacity(&self, sides: &[Vec<Fighter>; 2], (s, i): Slot) -> i32 {
        let f = &sides[s][i];
        let total = match f.fixed {
            Some(c) => c.attack + c.defence,
            None => f.pool() + i32::from(f.intuition),
        };
        (total - self.used[s][i]).max(0)
    }
}

/// Fight one Combat Phase. `points` collects match points (Light 1, Grievous 2, Critical 3) for the
/// side causing each wound. Each model's `later_round` says whether it fights a first or a later
/// round.
pub fn combat_phase(
    sides: &mut [Vec<Fighter>; 2],
    policies: &mut [&mut dyn Policy; 2],
    dice: &mut dyn Dice,
    points: &mut [u32; 2],
    events: &mut EventLog,
) -> Result<Unspent, CombatShape> {
    check_shape(sides)?;
    let mut st = State {
        attack: [0; 2],
        defence: [0; 2],
        used: [0, 1].map(|s| SmallVec::from_elem(0, sides[s].len())),
        doomed: [0, 1].map(|s| SmallVec::from_elem(false, sides[s].len())),
        declared: [0, 1].map(|s| SmallVec::from_elem(None, sides[s].len())),
        horse: [warhorse_counters(&sides[0]), warhorse_counters(&sides[1])],
    };
    for (s, policy) in policies.iter_mut().enumerate() {
        let (own, enemies) = split_refs(sides, s);
        let own: Few<&Fighter> = own.into_iter().filter(|f| !f.subdued).collect();
        // Models with fixed counters draw nothing; the others split their pools.
        let (fixed, free): (Few<&Fighter>, Few<&Fighter>) =
            own.iter().copied().partition(|f| f.fixed.is_some());
        let pool: i32 = free.iter().map(|f| f.pool()).sum();
        let chosen = if free.is_empty() {
            0
        } else {
            policy.split(&free, &enemies).clamp(0, pool)
        };
        let brought = |part: fn(Counters) -> i32| -> i32 {
            fixed.iter().filter_map(|f| f.fixed).map(part).sum()
        };
        let attack = chosen + brought(|c| c.attack);
        st.attack[s] = attack;
        st.defence[s] = pool - chosen
            + free.iter().map(|f| i32::from(f.intuition)).sum::<i32>()
            + brought(|c| c.defence);
        events.push(|| Event::Split {
            fighter: own.iter().map(|f| &*f.name).collect::<Vec<_>>().join(" + "),
            attack,
            defence: st.defence[s],
        });
    }
    for (s, policy) in policies.iter_mut().enumerate() {
        for (i, f) in sides[s]
            .iter()
            .enumerate()
            .filter(|(_, f)| f.alive() && !f.subdued)
        {
            let enemies: Few<&Fighter> = sides[1 - s].iter().filter(|e| e.alive()).collect();
            let special = policy.special(f, &enemies);
            if let Some(special) = special {
                events.push(|| Event::Declare {
                    fighter: f.name.to_string(),
                    special,
                });
            }
            st.declared[s][i] = special;
        }
    }
    // At the start of a combat each model may take up a different weapon, free.
    for (s, policy) in policies.iter_mut().enumerate() {
        for i in 0..sides[s].len() {
            if !sides[s][i].alive() || sides[s][i].later_round {
                continue;
            }
            let (first, second) = sides.split_at_mut(1);
            let (own, them) = if s == 0 {
                (&mut first[0], &second[0])
            } else {
                (&mut second[0], &first[0])
            };
            let enemies: Few<&Fighter> = them.iter().filter(|e| e.alive()).collect();
            if let Some(k) = policy.choose_weapon(&own[i], &enemies)
                && own[i].switch_weapon(k)
            {
                events.push(|| Event::Weapon {
                    fighter: own[i].name.to_string(),
                    weapon: own[i].weapon.id.to_string(),
                    switched: false,
                });
            }
        }
    }
    // A Ninja that dropped its disguise as the combat began costs each enemy model in it one
    // counter; its side takes Attack counters first.
    for s in 0..2 {
        if !sides[s].iter().any(|f| f.unmasked) {
            continue;
        }
        let e = 1 - s;
        for j in 0..sides[e].len() {
            if !st.acting(sides, (e, j)) {
                continue;
            }
            let counter = if st.attack[e] > 0 {
                st.attack[e] -= 1;
                Counter::Attack
            } else if st.defence[e] > 0 {
                st.defence[e] -= 1;
                Counter::Defence
            } else {
                continue;
            };
            st.used[e][j] += 1;
            events.push(|| Event::Discard {
                fighter: sides[e][j].name.to_string(),
                counter,
            });
        }
    }
    let riders = initiative_order(sides, policies, dice, &mut st, events);
    let order = with_warhorses(riders, sides, dice, events);
    let mut passes = 0;
    'rounds: while st.attack.iter().any(|a| *a > 0) || st.horse.iter().flatten().any(|h| *h > 0) {
        for &actor in &order {
            if passes >= order.len() {
                break 'rounds;
            }
            let (s, i) = actor.slot();
            let e = 1 - s;
            let targets: Few<usize> = (0..sides[e].len())
                .filter(|&j| sides[e][j].alive() && !st.doomed[e][j])
                .collect();
            // An actor with no one left to attack passes; the others (a doomed Tough model with
            // its final attack among them) still get their turn.
            let able = !targets.is_empty()
                && match actor {
                    Actor::Rider(_) => {
                        st.acting(sides, (s, i))
                            && st.attack[s] > 0
                            && st.capacity(sides, (s, i)) > 0
                    }
                    Actor::Warhorse(_) => {
                        st.standing(sides, (s, i))
                            && st.horse[s][i] > 0
                            && sides[s][i].mount.is_some()
                    }
                };
            if able && matches!(actor, Actor::Rider(_)) {
                let pick = {
                    let enemies: Few<&Fighter> = targets.iter().map(|&j| &sides[e][j]).collect();
                    policies[s].switch_weapon(&sides[s][i], &enemies)
                };
                if let Some(k) = pick
                    && sides[s][i].switch_weapon(k)
                {
                    // Changing weapon during a combat costs an Attack counter and replaces the attack.
                    st.attack[s] -= 1;
                    st.used[s][i] += 1;
                    passes = 0;
                    events.push(|| Event::Weapon {
                        fighter: sides[s][i].name.to_string(),
                        weapon: sides[s][i].weapon.id.to_string(),
                        switched: true,
                    });
                    continue;
                }
            }
            let counters = if matches!(actor, Actor::Rider(_)) {
                st.attack[s]
            } else {
                st.horse[s][i]
            };
            let choice = if able {
                let enemies: Few<&Fighter> = targets.iter().map(|&j| &sides[e][j]).collect();
                policies[s].attack(&sides[s][i], &enemies, counters)
            } else {
                None
            };
            let Some(t) = choice.and_then(|k| targets.get(k).copied()) else {
                passes += 1;
                events.push(|| Event::Pass {
                    fighter: match actor {
                        Actor::Rider(_) => sides[s][i].name.to_string(),
                        Actor::Warhorse(_) => format!("{}'s warhorse", sides[s][i].name),
                    },
                });
                continue;
            };
            passes = 0;
            match actor {
                Actor::Rider(_) => attack(
                    sides,
                    policies,
                    dice,
                    &mut st,
                    (s, i),
                    (e, t),
                    points,
                    events,
                ),
                Actor::Warhorse(_) => warhorse_attack(
                    sides,
                    policies,
                    dice,
                    &mut st,
                    (s, i),
                    (e, t),
                    points,
                    events,
                ),
            }
        }
    }
    let unspent = [0, 1].map(|s| {
        (0..sides[s].len())
            .map(|i| {
                if st.acting(sides, (s, i)) {
                    st.attack[s].min(st.capacity(sides, (s, i)))
                } else {
                    0
                }
            })
            .collect()
    });
    for (side, doomed) in sides.iter_mut().zip(&st.doomed) {
        for (fighter, doomed) in side.iter_mut().zip(doomed) {
            if *doomed {
                fighter.health = Health::Dead;
            }
        }
    }
    Ok(unspent)
}

/// The Attack counters each model could still spend when its combat ended (for Inexorable,
/// its side's unspent Attack counters, at most what the model itself may still spend.
pub type Unspent = [Few<i32>; 2];

fn split_refs(sides: &[Vec<Fighter>; 2], s: usize) -> (Few<&Fighter>, Few<&Fighter>) {
    fn alive(v: &[Fighter]) -> Few<&Fighter> {
        v.iter().filter(|f| f.alive()).collect()
    }
    (alive(&sides[s]), alive(&sides[1 - s]))
}

/// Roll Initiative for every model and sort: highest first; Fast wins ties; other ties roll off.
fn initiative_order(
    sides: &[Vec<Fighter>; 2],
    policies: &mut [&mut dyn Policy; 2],
    dice: &mut dyn Dice,
    st: &mut State,
    events: &mut EventLog,
) -> Few<(Slot, i32)> {
    let mut rolled: Few<(Slot, i32)> = Few::new();
    for s in 0..2 {
        let enemies: Few<&Fighter> = sides[1 - s].iter().filter(|e| e.alive()).collect();
        for (i, f) in sides[s].iter().enumerate().filter(|(_, f)| f.alive()) {
            let enhanced = !f.subdued
                && st.attack[s] > 0
                && st.capacity(sides, (s, i)) > 0
                && policies[s].enhance_initiative(f, &enemies, st.attack[s], !f.later_round);
            if enhanced {
                st.attack[s] -= 1;
                st.used[s][i] += 1;
            }
            let roll = roll_initiative(f.initiative_bonus(!f.later_round), enhanced, dice);
            events.push(|| Event::Initiative {
                fighter: f.name.to_string(),
                enhanced,
                modifier: roll.total - i32::from(roll.kept),
                rolled: roll.rolled(),
                total: roll.total,
            });
            rolled.push(((s, i), roll.total));
        }
    }
    // Highest total first, Fast first among equals; keep list order (side A first) otherwise.
    rolled.sort_by_key(|&((s, i), total)| (std::cmp::Reverse(total), !sides[s][i].fast));
    let mut order: Few<(Slot, i32)> = Few::new();
    let mut k = 0;
    while k < rolled.len() {
        let key = |n: usize| (rolled[n].1, sides[rolled[n].0.0][rolled[n].0.1].fast);
        let end = (k..rolled.len())
            .take_while(|&n| key(n) == key(k))
            .last()
            .unwrap_or(k)
            + 1;
        let mut group: Few<Slot> = rolled[k..end].iter().map(|(slot, _)| *slot).collect();
        if group.len() > 1 {
            roll_off_group(&mut group, sides, dice, events);
        }
        let total = rolled[k].1;
        order.extend(group.into_iter().map(|slot| (slot, total)));
        k = end;
    }
    order
}

/// Who acts in the attack loop: a model, or the warhorse it rides.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Actor {
    Rider(Slot),
    Warhorse(Slot),
}

impl Actor {
    fn slot(self) -> Slot {
        match self {
            Actor::Rider(slot) | Actor::Warhorse(slot) => slot,
        }
    }
}

fn warhorse_counters(side: &[Fighter]) -> Few<i32> {
    side.iter()
        .map(|f| if f.alive() { f.warhorse_attacks() } else { 0 })
        .collect()
}

/// Warhorses fight as models with their own Initiative (P-10: after the models on the same total).
fn with_warhorses(
    riders: Few<(Slot, i32)>,
    sides: &[Vec<Fighter>; 2],
    dice: &mut dyn Dice,
    events: &mut EventLog,
) -> Few<Actor> {
    let mut horses: Few<(Slot, i32)> = Few::new();
    for (s, side) in sides.iter().enumerate() {
        for (i, f) in side.iter().enumerate().filter(|(_, f)| f.alive()) {
            if let Some(w) = f.mount.as_ref().and_then(|m| m.fights) {
                let roll = roll_initiative(w.initiative, false, dice);
                events.push(|| Event::Initiative {
                    fighter: format!("{}'s warhorse", f.name),
                    enhanced: false,
                    modifier: w.initiative,
                    rolled: roll.rolled(),
                    total: roll.total,
                });
                horses.push(((s, i), roll.total));
            }
        }
    }
    let mut actors: Few<(Actor, i32)> = riders
        .into_iter()
        .map(|(slot, t)| (Actor::Rider(slot), t))
        .collect();
    for (slot, total) in horses {
        let at = actors
            .iter()
            .position(|(_, t)| *t < total)
            .unwrap_or(actors.len());
        actors.insert(at, (Actor::Warhorse(slot), total));
    }
    actors.into_iter().map(|(a, _)| a).collect()
}

/// Order tied models by rolling a d6 each, highest first, re-rolling ties among themselves.
fn roll_off_group(
    group: &mut Few<Slot>,
    sides: &[Vec<Fighter>; 2],
    dice: &mut dyn Dice,
    events: &mut EventLog,
) {
    let mut rolls: Few<(Slot, u8)> = group.iter().map(|slot| (*slot, dice.d6())).collect();
    rolls.sort_by_key(|(_, r)| std::cmp::Reverse(*r));
    let mut sorted = Few::new();
    let mut k = 0;
    while k < rolls.len() {
        let end = (k..rolls.len())
            .take_while(|&n| rolls[n].1 == rolls[k].1)
            .last()
            .unwrap_or(k)
            + 1;
        let mut tied: Few<Slot> = rolls[k..end].iter().map(|(slot, _)| *slot).collect();
        if tied.len() > 1 {
            roll_off_group(&mut tied, sides, dice, events);
        }
        sorted.extend(tied);
        k = end;
    }
    if let Some(&(s, i)) = sorted.first() {
        events.push(|| Event::RollOff {
            contenders: rolls
                .iter()
                .map(|((s, i), _)| sides[*s][*i].name.to_string())
                .collect(),
            rolled: rolls.iter().map(|(_, r)| *r).collect(),
            winner: sides[s][i].name.to_string(),
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
    events: &mut EventLog,
) {
    st.attack[s] -= 1;
    st.used[s][i] += 1;
    // Only a model on foot may choose the mount: mounted riders strike riders (tp.28); warhorses
    // strike mounts.
    let mount_alive = sides[e][t].mount.is_some() && sides[s][i].mount.is_none();
    if mount_alive && policies[s].target_mount(&sides[s][i], &sides[e][t]) {
        // The mount defends with its own Fight, no armour and an Enhanced roll, at no counter.
        let defence = sides[e][t]
            .mount
            .as_ref()
            .map(|m| m.defence_side())
            .unwrap_or_default();
        let attack_enhanced = st.attack[s] > 0
            && st.capacity(sides, (s, i)) > 0
            && policies[s].enhance_attack(&sides[s][i], &sides[e][t], defence, st.attack[s]);
        if attack_enhanced {
            st.attack[s] -= 1;
            st.used[s][i] += 1;
        }
        // The mount wears no armour: no weapon bonus or penalty against the rider's armour applies.
        let side = sides[s][i].attack_side_vs(crate::ronin::model::Armour::None, attack_enhanced);
        let rolled = attack_dice(side, defence, dice);
        let result = rolled.result();
        events.push(|| Event::Attack {
            attacker: sides[s][i].name.to_string(),
            defender: format!("{}'s mount", sides[e][t].name),
            attack_enhanced,
            defence_enhanced: true,
            roll: rolled.roll(side, defence),
        });
        mount_wound(&mut sides[e][t], result, events);
        return;
    }
    let engaged_by = (0..sides[s].len())
        .filter(|&k| st.standing(sides, (s, k)))
        .count();
    let plain = sides[s][i].attack_side(&sides[e][t], false);
    let defence_enhanced = enhance_defence(sides, policies, st, (e, t), (s, i), plain);
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
    let special = st.declared[s][i];
    let mut side = sides[s][i].attack_side(&sides[e][t], attack_enhanced);
    match special {
        Some(Special::Disarm) => side.modifier += sides[s][i].weapon.disarm,
        Some(Special::Subdue) => {
            side.modifier += sides[s][i].weapon.subdue;
            // Each other engaged friend may spend an Attack counter for +1.
            for k in (0..sides[s].len()).filter(|&k| k != i) {
                if st.attack[s] > 0
                    && st.acting(sides, (s, k))
                    && st.capacity(sides, (s, k)) > 0
                    && policies[s].support_subdue(&sides[s][k], st.attack[s])
                {
                    st.attack[s] -= 1;
                    st.used[s][k] += 1;
                    side.modifier += 1;
                    events.push(|| Event::Support {
                        fighter: sides[s][k].name.to_string(),
                        target: sides[e][t].name.to_string(),
                    });
                }
            }
        }
        None => {}
    }
    let rolled = attack_dice(side, defence, dice);
    let result = rolled.result();
    events.push(|| Event::Attack {
        attacker: sides[s][i].name.to_string(),
        defender: sides[e][t].name.to_string(),
        attack_enhanced,
        defence_enhanced,
        roll: rolled.roll(side, defence),
    });
    if special == Some(Special::Disarm) && result < WoundResult::Grievous {
        // A Disarm short of Grievous has no effect at all (tp.22); only a failed Subdue wounds.
        return;
    }
    if let Some(special) = special
        && result >= WoundResult::Grievous
    {
        // A successful special attack causes no wound.
        let target = &mut sides[e][t];
        match special {
            Special::Disarm => {
                target.disarm();
                events.push(|| Event::Disarmed {
                    fighter: target.name.to_string(),
                    now: target.weapon.id.to_string(),
                });
            }
            Special::Subdue => {
                target.subdued = true;
                events.push(|| Event::Subdued {
                    fighter: target.name.to_string(),
                });
            }
        }
        return;
    }
    wound(sides, policies, st, (e, t), result, (s, i), points, events);
}

/// Whether the Defence Roll of `target` is Enhanced, paying the Defence counter: the target's own
/// if it may still spend one, else a friend's in the same combat (tp.20: a model may spend a
/// Defence counter on another model's Defence Roll).
fn enhance_defence(
    sides: &[Vec<Fighter>; 2],
    policies: &mut [&mut dyn Policy; 2],
    st: &mut State,
    (e, t): Slot,
    (s, i): Slot,
    incoming: crate::ronin::engine::melee::AttackSide,
) -> bool {
    if st.defence[e] == 0 || !st.acting(sides, (e, t)) {
        return false;
    }
    let payer = std::iter::once(t)
        .chain((0..sides[e].len()).filter(|&k| k != t))
        .find(|&k| st.acting(sides, (e, k)) && st.capacity(sides, (e, k)) > 0);
    let Some(payer) = payer else { return false };
    if !policies[e].enhance_defence(&sides[e][t], &sides[s][i], incoming) {
        return false;
    }
    st.defence[e] -= 1;
    st.used[e][payer] += 1;
    true
}

/// A warhorse's attack: Fight 1, no modifiers; against a mounted enemy it must attack the mount.
#[allow(clippy::too_many_arguments)]
fn warhorse_attack(
    sides: &mut [Vec<Fighter>; 2],
    policies: &mut [&mut dyn Policy; 2],
    dice: &mut dyn Dice,
    st: &mut State,
    (s, i): Slot,
    (e, t): Slot,
    points: &mut [u32; 2],
    events: &mut EventLog,
) {
    st.horse[s][i] -= 1;
    let Some(w) = sides[s][i].mount.as_ref().and_then(|m| m.fights) else {
        return;
    };
    let side = crate::ronin::engine::melee::AttackSide {
        fight: w.fight,
        ..Default::default()
    };
    let name = format!("{}'s warhorse", sides[s][i].name);
    if let Some(mount) = &sides[e][t].mount {
        let defence = mount.defence_side();
        let rolled = attack_dice(side, defence, dice);
        let result = rolled.result();
        events.push(|| Event::Attack {
            attacker: name,
            defender: format!("{}'s mount", sides[e][t].name),
            attack_enhanced: false,
            defence_enhanced: true,
            roll: rolled.roll(side, defence),
        });
        mount_wound(&mut sides[e][t], result, events);
        return;
    }
    let defence_enhanced = enhance_defence(sides, policies, st, (e, t), (s, i), side);
    let defence = sides[e][t].defence_side(defence_enhanced);
    let rolled = attack_dice(side, defence, dice);
    let result = rolled.result();
    events.push(|| Event::Attack {
        attacker: name,
        defender: sides[e][t].name.to_string(),
        attack_enhanced: false,
        defence_enhanced,
        roll: rolled.roll(side, defence),
    });
    wound(sides, policies, st, (e, t), result, (s, i), points, events);
}

/// A wound to a mount stacks like a model's; a mount with a Grievous wound or worse throws its
/// rider at once (tp.28, R-77), who is left Stunned.
pub(crate) fn mount_wound(rider: &mut Fighter, result: WoundResult, events: &mut EventLog) {
    let Some(mount) = rider.mount.as_mut() else {
        return;
    };
    if result == WoundResult::NoWound {
        return;
    }
    mount.health = apply_wound(mount.health, result);
    events.push(|| Event::MountWound {
        rider: rider.name.to_string(),
        result,
        health: mount.health,
    });
    if matches!(mount.health, Health::Grievous | Health::Dead) {
        rider.mount = None;
        rider.stunned = rider.stunned.saturating_add(1);
        events.push(|| Event::Thrown {
            fighter: rider.name.to_string(),
        });
    }
}

#[allow(clippy::too_many_arguments)]
fn wound(
    sides: &mut [Vec<Fighter>; 2],
    policies: &mut [&mut dyn Policy; 2],
    st: &mut State,
    (e, t): Slot,
    result: WoundResult,
    (attacker_side, attacker): Slot,
    points: &mut [u32; 2],
    events: &mut EventLog,
) {
    if result == WoundResult::NoWound {
        return;
    }
    points[attacker_side] += match_points(result);
    sides[e][t].hit_by = Some(sides[attacker_side][attacker].key);
    let unspent_before = st.capacity(sides, (e, t));
    let f = &mut sides[e][t];
    if result == WoundResult::Stunned {
        f.stunned = f.stunned.saturating_add(1);
    }
    let before = f.health;
    let after = apply_wound(before, result);
    let doomed = after == Health::Dead && f.tough && before != Health::Dead;
    // A doomed Tough model fights its last with no new penalty: a Critical has none (tp.23, 29).
    f.health = if doomed { before } else { after };
    events.push(|| Event::Wound {
        fighter: sides[e][t].name.to_string(),
        result,
        health: after,
        by: Some(sides[attacker_side][attacker].name.to_string()),
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
    } else if after == Health::Grievous && before != Health::Grievous && unspent_before > 0 {
        // With no counters left to it, the model loses nothing (tp.23).
        // The Combat Pool drops by one at once: the controller loses one of the model's counters.
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
            events.push(|| Event::Discard {
                fighter: sides[e][t].name.to_string(),
                counter,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ronin::engine::fighter::{FightingWeapon, test_fighter};
    use crate::ronin::engine::testing::{TestPolicy, scripted_phase};
    use crate::ronin::model::Armour;

    fn run(
        sides: &mut [Vec<Fighter>; 2],
        special: Option<Special>,
        rolls: &[u8],
    ) -> ([u32; 2], Vec<Event>) {
        let mut a = TestPolicy {
            declarer: "A",
            special,
            support: true,
            ..TestPolicy::default()
        };
        let mut b = TestPolicy::default();
        scripted_phase(sides, &mut a, &mut b, rolls, true)
    }

    /// A Combat Phase with no special attack declared.
    fn run_plain(sides: &mut [Vec<Fighter>; 2], rolls: &[u8]) -> ([u32; 2], Vec<Event>) {
        let mut a = TestPolicy::default();
        let mut b = TestPolicy::default();
        scripted_phase(sides, &mut a, &mut b, rolls, true)
    }

    fn duellists() -> [Vec<Fighter>; 2] {
        [
            vec![test_fighter("A", 1, 3, 3, Armour::None, 0, 0)],
            vec![test_fighter("B", 1, 1, 1, Armour::None, 0, 0)],
        ]
    }

    #[test]
    fn a_subdue_on_grievous_or_better_subdues_without_wounding() {
        let mut sides = duellists();
        // Initiative 6 and 1; A: 3+3 +3 = 9 against B: 1 +1 = 2, a margin of 7. B cannot act after.
        let (points, events) = run(&mut sides, Some(Special::Subdue), &[6, 1, 3, 3, 1]);
        assert!(sides[1][0].subdued);
        assert_eq!(sides[1][0].health, Health::Healthy, "no wound");
        assert_eq!(points, [0, 0]);
        assert!(events.contains(&Event::Subdued {
            fighter: "B".to_owned()
        }));
        assert!(events.contains(&Event::Pass {
            fighter: "B".to_owned()
        }));
    }

    #[test]
    fn a_failed_subdue_still_wounds_on_a_light_result() {
        let mut sides = duellists();
        // A: 1+2 +3 = 6 against 2 +1 = 3: Light. B (Fight 0): 1+1 = 2 against 6 +3 = 9.
        let (points, _) = run(&mut sides, Some(Special::Subdue), &[6, 1, 1, 2, 2, 1, 1, 6]);
        assert!(!sides[1][0].subdued);
        assert_eq!(sides[1][0].health, Health::Light);
        assert_eq!(points, [1, 0]);
    }

    #[test]
    fn a_disarmed_model_fights_weaponless_and_must_pay_to_take_up_a_spare() {
        let mut sides = duellists();
        let spare = FightingWeapon {
            id: "spare".into(),
            ..sides[1][0].weapon.clone()
        };
        sides[1][0].spare_weapons = vec![spare];
        // B's own attack after being disarmed, weaponless: 1+1 +1 -1 = 2 against 6 +3 = 9.
        run(&mut sides, Some(Special::Disarm), &[6, 1, 3, 3, 1, 1, 1, 6]);
        assert_eq!(&*sides[1][0].weapon.id, "weaponless");
        assert_eq!(
            sides[1][0].spare_weapons.len(),
            1,
            "the spare is still carried"
        );
        assert_eq!(sides[1][0].health, Health::Healthy);
    }

    #[test]
    fn a_failed_disarm_has_no_effect() {
        let mut sides = duellists();
        // A: 1+1 +3 = 5 against B's 1 +1 = 2: a score of 3, Light. A Disarm short of Grievous does
        // nothing at all: no wound, no match point. B then misses: 1+1 +1 against 6 +3.
        let (points, events) = run(&mut sides, Some(Special::Disarm), &[6, 1, 1, 1, 1, 1, 1, 6]);
        assert_eq!(sides[1][0].health, Health::Healthy);
        assert_eq!(sides[1][0].weapon.id, sides[0][0].weapon.id, "not disarmed");
        assert_eq!(points, [0, 0]);
        assert!(!events.iter().any(|e| matches!(e, Event::Wound { .. })));
    }

    #[test]
    fn a_doomed_tough_model_fights_without_grievous_penalties_and_gets_its_final_attack() {
        let a = test_fighter("A", 1, 3, 3, Armour::None, 0, 0);
        let mut b = test_fighter("B", 2, 1, 2, Armour::None, 0, 0);
        b.tough = true;
        let mut sides = [vec![a], vec![b]];
        // Initiative A 6 + 3 = 9, B 1 + 1 = 2. A: 6+6 +3 = 15 against 1 +2 = 3: Critical; B is doomed
        // but fights on. B: 6+6 +2 (its full Fight) = 14 against 1 +3 = 4: Critical on A.
        let (points, events) = run_plain(&mut sides, &[6, 1, 6, 6, 1, 6, 6, 1]);
        let b_attack = events.iter().find_map(|e| match e {
            Event::Attack { attacker, roll, .. } if attacker == "B" => Some(roll.attack.fight),
            _ => None,
        });
        assert_eq!(b_attack, Some(2), "no Grievous -1 to Fight");
        assert_eq!(
            sides[1][0].health,
            Health::Dead,
            "removed at the end of the phase"
        );
        assert_eq!(sides[0][0].health, Health::Dead);
        assert_eq!(points, [3, 3]);
    }

    #[test]
    fn a_grievous_wound_with_no_counters_left_costs_nothing() {
        let s = test_fighter("S", 3, 3, 3, Armour::None, 0, 0);
        let b1 = test_fighter("B1", 1, 2, 1, Armour::None, 0, 0);
        let b2 = test_fighter("B2", 2, 1, 1, Armour::None, 0, 0);
        let mut sides = [vec![s], vec![b1, b2]];
        // Initiative: S 6+3 = 9, B1 5+2 = 7, B2 1+1 = 2. S: 1+1 +3 = 5 against 6 +1: miss.
        // B1 spends its only counter: 1+1 +1 against 6 +3: miss. S: 3+2 +3 = 8 against 3 +1 = 4:
        // Grievous on B1, which has no counter left: nothing is lost. B2 then makes both its
        // attacks, and S its last.
        let (_, events) = run_plain(
            &mut sides,
            &[
                6, 5, 1, 1, 1, 6, 1, 1, 6, 3, 2, 3, 1, 1, 6, 1, 1, 6, 1, 1, 6,
            ],
        );
        assert!(
            !events.iter().any(|e| matches!(e, Event::Discard { .. })),
            "no counter is discarded"
        );
        let b2_attacks = events
            .iter()
            .filter(|e| matches!(e, Event::Attack { attacker, .. } if attacker == "B2"))
            .count();
        assert_eq!(b2_attacks, 2);
    }

    #[test]
    fn a_mount_with_a_grievous_wound_throws_its_rider() {
        let mut rider = test_fighter("R", 2, 1, 2, Armour::None, 0, 0);
        rider.mount = Some(crate::ronin::engine::fighter::Steed {
            kind: crate::ronin::model::Mount::Horse,
            health: Health::Healthy,
            defence_fight: 1,
            fights: None,
        });
        let mut events = EventLog::recording();
        mount_wound(&mut rider, WoundResult::Grievous, &mut events);
        assert!(
            rider.mount.is_none(),
            "thrown at Grievous, not only when the mount dies"
        );
        assert_eq!(rider.stunned, 1);
        assert!(events.contains(&Event::Thrown {
            fighter: "R".to_owned()
        }));
    }

    #[test]
    fn mounted_riders_strike_riders_not_mounts() {
        let steed = || crate::ronin::engine::fighter::Steed {
            kind: crate::ronin::model::Mount::Horse,
            health: Health::Healthy,
            defence_fight: 1,
            fights: None,
        };
        let mut a = test_fighter("A", 1, 3, 3, Armour::None, 0, 0);
        a.mount = Some(steed());
        let mut b = test_fighter("B", 1, 1, 1, Armour::None, 0, 0);
        b.mount = Some(steed());
        let mut sides = [vec![a], vec![b]];
        let mut pa = TestPolicy {
            at_mount: true,
            ..TestPolicy::default()
        };
        let mut pb = TestPolicy::default();
        // A would rather hit the horse, but a rider must strike the rider: 1+1 vs 6 +1.
        let (_, events) = scripted_phase(
            &mut sides,
            &mut pa,
            &mut pb,
            &[6, 1, 1, 1, 6, 1, 1, 6],
            true,
        );
        assert!(events.iter().any(
            |e| matches!(e, Event::Attack { attacker, defender, .. } if attacker == "A" && defender == "B")
        ));
        assert!(
            !events
                .iter()
                .any(|e| matches!(e, Event::Attack { defender, .. } if defender.contains("mount")))
        );
    }

    #[test]
    fn a_friend_may_spend_a_defence_counter_on_another_models_defence_roll() {
        let s = test_fighter("S", 2, 3, 3, Armour::None, 0, 0);
        let b1 = test_fighter("B1", 1, 1, 1, Armour::None, 0, 0);
        let b2 = test_fighter("B2", 1, 1, 1, Armour::None, 0, 0);
        let mut sides = [vec![s], vec![b1, b2]];
        let mut pa = TestPolicy::default();
        // Side B puts both counters into Defence. S attacks B1 twice: B1 Enhances the first Defence
        // Roll with its own counter, and B2 pays for the second.
        let mut guard = TestPolicy {
            guard: true,
            ..TestPolicy::default()
        };
        // Initiative S 6, B1 1, B2 1 (B1 and B2 roll off 5 to 2); two attacks of 1+1 against 1+1.
        let mut dice =
            crate::ronin::engine::dice::ScriptedDice::new(&[6, 1, 1, 5, 2, 1, 1, 1, 1, 1, 1, 1, 1]);
        let mut points = [0, 0];
        let mut events = EventLog::recording();
        combat_phase(
            &mut sides,
            &mut [&mut pa, &mut guard],
            &mut dice,
            &mut points,
            &mut events,
        )
        .expect("combat");
        let enhanced = events
            .iter()
            .filter(|e| {
                matches!(
                    e,
                    Event::Attack { defender, defence_enhanced: true, .. } if defender == "B1"
                )
            })
            .count();
        assert_eq!(enhanced, 2, "the second Enhanced Defence is paid by B2");
        assert_eq!(dice.remaining(), 0);
    }

    #[test]
    fn a_friend_adds_one_to_a_subdue_with_an_attack_counter() {
        let a = test_fighter("A", 2, 3, 3, Armour::None, 0, 0);
        let friend = test_fighter("A2", 1, 2, 1, Armour::None, 0, 0);
        let mut sides = [
            vec![a, friend],
            vec![test_fighter("B", 1, 1, 1, Armour::None, 0, 0)],
        ];
        // Initiative 6, 5, 1. A: 1+1 +3 +1 (A2's counter) = 6 against 1 +1 = 2: 4, Grievous: subdued.
        // A attacks again (its second counter): 1+1 +3 +0 = 5 against 6+1: nothing. A2 has spent its
        // counter on the support and B is subdued: the phase ends.
        let (_, events) = run(
            &mut sides,
            Some(Special::Subdue),
            &[6, 5, 1, 1, 1, 1, 1, 1, 6],
        );
        assert!(events.contains(&Event::Support {
            fighter: "A2".to_owned(),
            target: "B".to_owned()
        }));
        assert!(
            sides[1][0].subdued,
            "the support made the difference between Light and Grievous"
        );
    }
}

#[cfg(test)]
mod mounted {
    use super::*;
    use crate::ronin::engine::fighter::{Steed, WarhorseFights, test_fighter};
    use crate::ronin::engine::testing::{TestPolicy, scripted_phase};
    use crate::ronin::model::{Armour, Mount};

    fn rider(name: &str, warhorse: bool) -> Fighter {
        let mut f = test_fighter(name, 1, 3, 3, Armour::None, 0, 0);
        f.mount = Some(Steed {
            kind: if warhorse {
                Mount::Warhorse
            } else {
                Mount::Horse
            },
            health: Health::Healthy,
            defence_fight: 1,
            fights: warhorse.then_some(WarhorseFights {
                attack_counters: 1,
                initiative: 1,
                fight: 1,
            }),
        });
        f.bajutsu = true;
        f
    }

    #[test]
    fn a_warhorse_attacks_on_its_own_initiative() {
        let mut sides = [
            vec![rider("A", true)],
            vec![test_fighter("B", 1, 1, 1, Armour::None, 0, 0)],
        ];
        // Initiative: A 6 (9), B 1 (2), warhorse 6 (7): A, warhorse, B.
        // A: 1+1 +3 = 5 against 6 +1 = 7. Warhorse: 1+1 +1 = 3 against 6 +1 = 7. B: 1+1 +1 = 3 against 6 +3 = 9.
        let (mut a, mut b) = (TestPolicy::default(), TestPolicy::default());
        let (_, events) = scripted_phase(
            &mut sides,
            &mut a,
            &mut b,
            &[6, 1, 6, 1, 1, 6, 1, 1, 6, 1, 1, 6],
            true,
        );
        let attackers: Vec<&str> = events
            .iter()
            .filter_map(|e| match e {
                Event::Attack { attacker, .. } => Some(attacker.as_str()),
                _ => None,
            })
            .collect();
        assert_eq!(attackers, ["A", "A's warhorse", "B"]);
    }

    #[test]
    fn killing_the_mount_throws_the_rider() {
        let mut sides = [
            vec![test_fighter("A", 1, 3, 3, Armour::None, 0, 0)],
            vec![rider("B", false)],
        ];
        let mut a = TestPolicy {
            at_mount: true,
            ..TestPolicy::default()
        };
        let mut b = TestPolicy::default();
        // A (initiative 9) attacks the horse: 6+6 +3 = 15 against its Enhanced 1+1 +1 = 3: Critical.
        // B, thrown and Stunned, attacks: 1+1 +3 = 5 against 6 +3... A has Fight 3, no armour: 6 +3 = 9.
        let (_, events) = scripted_phase(
            &mut sides,
            &mut a,
            &mut b,
            &[6, 1, 6, 6, 1, 1, 1, 1, 6],
            true,
        );
        assert!(sides[1][0].mount.is_none());
        assert!(sides[1][0].is_stunned());
        assert_eq!(sides[1][0].health, Health::Healthy, "the rider is unhurt");
        assert!(events.contains(&Event::Thrown {
            fighter: "B".to_owned()
        }));
    }

    #[test]
    fn warhorses_attack_the_other_mount() {
        let mut sides = [vec![rider("A", true)], vec![rider("B", false)]];
        let (mut a, mut b) = (TestPolicy::default(), TestPolicy::default());
        // Initiative: A 6 (9), B 1 (4), warhorse 1 (2): A, B, warhorse.
        // A: 1+1 +3 = 5 against B 6 +3 = 9. B: 1+1 +3 = 5 against A 6 +3 = 9.
        // Warhorse against B's horse: 6+6 +1 = 13 against 1+1 +1 = 3: the horse falls, B is thrown.
        let (_, events) = scripted_phase(
            &mut sides,
            &mut a,
            &mut b,
            &[6, 1, 1, 1, 1, 6, 1, 1, 6, 6, 6, 1, 1],
            true,
        );
        assert!(events.contains(&Event::Thrown {
            fighter: "B".to_owned()
        }));
    }
}

#[cfg(test)]
mod shape {
    use super::*;
    use crate::ronin::engine::fighter::test_fighter;
    use crate::ronin::model::Armour;

    fn n(count: usize, name: &str) -> Vec<Fighter> {
        (0..count)
            .map(|k| test_fighter(&format!("{name}{k}"), 1, 1, 1, Armour::None, 0, 0))
            .collect()
    }

    #[test]
    fn one_against_up_to_four() {
        assert_eq!(check_shape(&[n(1, "a"), n(4, "b")]), Ok(()));
        assert_eq!(
            check_shape(&[n(5, "a"), n(1, "b")]),
            Err(CombatShape::MoreThanFour)
        );
        assert_eq!(
            check_shape(&[n(2, "a"), n(2, "b")]),
            Err(CombatShape::BothSidesSeveral)
        );
        assert_eq!(
            check_shape(&[n(0, "a"), n(1, "b")]),
            Err(CombatShape::Empty)
        );
    }
}

#[cfg(test)]
mod weapons {
    use super::*;
    use crate::ronin::engine::fighter::{FightingWeapon, test_fighter};
    use crate::ronin::engine::testing::{TestPolicy, scripted_phase};
    use crate::ronin::model::Armour;

    fn armed(pool: i32) -> Fighter {
        let mut a = test_fighter("A", pool, 3, 3, Armour::None, 0, 0);
        let big = FightingWeapon {
            id: "big".into(),
            attack: 2,
            ..a.weapon.clone()
        };
        a.spare_weapons = vec![big];
        a
    }

    fn attack_totals(events: &[Event]) -> Vec<(String, i32)> {
        events
            .iter()
            .filter_map(|e| match e {
                Event::Attack { attacker, roll, .. } => Some((attacker.clone(), roll.attack_total)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn a_weapon_taken_up_at_the_start_of_a_combat_is_free() {
        let mut sides = [
            vec![armed(1)],
            vec![test_fighter("B", 1, 1, 1, Armour::None, 0, 0)],
        ];
        let (mut a, mut b) = (
            TestPolicy {
                choose: true,
                ..TestPolicy::default()
            },
            TestPolicy::default(),
        );
        // A: 1+1 +3 +2 (big) = 7 against 6 +1 = 7. B: 1+1 +1 = 3 against 6 +3 = 9.
        let (_, events) =
            scripted_phase(&mut sides, &mut a, &mut b, &[6, 1, 1, 1, 6, 1, 1, 6], true);
        assert_eq!(attack_totals(&events)[0], ("A".to_owned(), 7));
        assert!(events.contains(&Event::Weapon {
            fighter: "A".to_owned(),
            weapon: "big".to_owned(),
            switched: false
        }));
    }

    #[test]
    fn switching_weapons_during_a_combat_costs_an_attack() {
        let mut sides = [
            vec![armed(2)],
            vec![test_fighter("B", 1, 1, 1, Armour::None, 0, 0)],
        ];
        let (mut a, mut b) = (
            TestPolicy {
                switch: true,
                ..TestPolicy::default()
            },
            TestPolicy::default(),
        );
        // A switches (one counter), B attacks (1+1 +1 against 6 +3), A attacks once with the big weapon.
        let (_, events) =
            scripted_phase(&mut sides, &mut a, &mut b, &[6, 1, 1, 1, 6, 1, 1, 6], false);
        assert!(events.contains(&Event::Weapon {
            fighter: "A".to_owned(),
            weapon: "big".to_owned(),
            switched: true
        }));
        assert_eq!(
            attack_totals(&events),
            [("B".to_owned(), 3), ("A".to_owned(), 7)]
        );
    }
}
