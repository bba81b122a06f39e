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
use super::events::{Event, match_points};
use super::fighter::{Fighter, FightingWeapon};
use super::melee::{roll_attack, roll_initiative};
use super::policy::{Counter, Policy, Special};
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
    /// Disarm or Subdue declared for this turn.
    declared: [Vec<Option<Special>>; 2],
    weaponless: FightingWeapon,
}

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
        (f.pool() + i32::from(f.intuition) - self.used[s][i]).max(0)
    }
}

/// Fight one Combat Phase. `points` collects match points (Light 1, Grievous 2, Critical 3) for the
/// side causing each wound.
pub fn combat_phase(
    weaponless: &FightingWeapon,
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
        declared: [vec![None; sides[0].len()], vec![None; sides[1].len()]],
        weaponless: weaponless.clone(),
    };
    for (s, policy) in policies.iter_mut().enumerate() {
        let (own, enemies) = split_refs(sides, s);
        let own: Vec<&Fighter> = own.into_iter().filter(|f| !f.subdued).collect();
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
    for (s, policy) in policies.iter_mut().enumerate() {
        for (i, f) in sides[s]
            .iter()
            .enumerate()
            .filter(|(_, f)| f.alive() && !f.subdued)
        {
            let enemies: Vec<&Fighter> = sides[1 - s].iter().filter(|e| e.alive()).collect();
            let special = policy.special(f, &enemies);
            if let Some(special) = special {
                events.push(Event::Declare {
                    fighter: f.name.clone(),
                    special,
                });
            }
            st.declared[s][i] = special;
        }
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
                st.acting(sides, (s, i)) && st.attack[s] > 0 && st.capacity(sides, (s, i)) > 0;
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
            let enhanced =
                !f.subdued && st.attack[s] > 0 && policies[s].enhance_initiative(f, st.attack[s]);
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
        && st.acting(sides, (e, t))
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
                    events.push(Event::Support {
                        fighter: sides[s][k].name.clone(),
                        target: sides[e][t].name.clone(),
                    });
                }
            }
        }
        None => {}
    }
    let roll = roll_attack(side, defence, dice);
    let result = roll.result;
    events.push(Event::Attack {
        attacker: sides[s][i].name.clone(),
        defender: sides[e][t].name.clone(),
        attack_enhanced,
        defence_enhanced,
        roll,
    });
    if let Some(special) = special
        && result >= WoundResult::Grievous
    {
        // A successful special attack causes no wound.
        let target = &mut sides[e][t];
        match special {
            Special::Disarm => {
                target.disarm(st.weaponless.clone());
                events.push(Event::Disarmed {
                    fighter: target.name.clone(),
                    now: target.weapon.id.clone(),
                });
            }
            Special::Subdue => {
                target.subdued = true;
                events.push(Event::Subdued {
                    fighter: target.name.clone(),
                });
            }
        }
        return;
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::dice::ScriptedDice;
    use crate::engine::fighter::test_fighter;
    use crate::engine::melee::{AttackSide, DefenceSide};
    use crate::model::Armour;

    /// All-out attack; `declarer` declares `special`; friends always support a Subdue.
    struct Declares {
        declarer: &'static str,
        special: Option<Special>,
    }

    impl Policy for Declares {
        fn split(&mut self, own: &[&Fighter], _: &[&Fighter]) -> i32 {
            own.iter().map(|f| f.pool()).sum()
        }
        fn enhance_initiative(&mut self, _: &Fighter, _: i32) -> bool {
            false
        }
        fn attack(&mut self, _: &Fighter, _: &[&Fighter], n: i32) -> Option<usize> {
            (n > 0).then_some(0)
        }
        fn enhance_defence(&mut self, _: &Fighter, _: &Fighter, _: AttackSide) -> bool {
            false
        }
        fn enhance_attack(&mut self, _: &Fighter, _: &Fighter, _: DefenceSide, _: i32) -> bool {
            false
        }
        fn discard(&mut self, _: i32, _: i32) -> Counter {
            Counter::Defence
        }
        fn special(&mut self, me: &Fighter, _: &[&Fighter]) -> Option<Special> {
            if me.name == self.declarer {
                self.special
            } else {
                None
            }
        }
        fn support_subdue(&mut self, _: &Fighter, n: i32) -> bool {
            n > 0
        }
        fn name(&self) -> &'static str {
            "declares"
        }
    }

    fn run(
        sides: &mut [Vec<Fighter>; 2],
        special: Option<Special>,
        rolls: &[u8],
    ) -> ([u32; 2], Vec<Event>) {
        let mut a = Declares {
            declarer: "A",
            special,
        };
        let mut b = Declares {
            declarer: "",
            special: None,
        };
        let mut dice = ScriptedDice::new(rolls);
        let mut points = [0, 0];
        let mut events = Vec::new();
        let bare = test_fighter("bare", 1, 0, 0, Armour::None, 0, -1).weapon;
        let bare = FightingWeapon {
            id: "weaponless".to_owned(),
            ..bare
        };
        combat_phase(
            &bare,
            sides,
            &mut [&mut a, &mut b],
            &mut dice,
            true,
            &mut points,
            &mut events,
        );
        assert_eq!(
            dice.remaining(),
            0,
            "the script matches the rolls the rules asked for"
        );
        (points, events)
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
    fn a_disarm_takes_up_the_next_weapon_then_none() {
        let mut sides = duellists();
        let spare = FightingWeapon {
            id: "spare".to_owned(),
            ..sides[1][0].weapon.clone()
        };
        sides[1][0].spare_weapons = vec![spare];
        // B's own attack after being disarmed: 1+1 +1 = 3 against 6 +3 = 9.
        run(&mut sides, Some(Special::Disarm), &[6, 1, 3, 3, 1, 1, 1, 6]);
        assert_eq!(sides[1][0].weapon.id, "spare");
        assert_eq!(sides[1][0].health, Health::Healthy);
        run(&mut sides, Some(Special::Disarm), &[6, 1, 3, 3, 1, 1, 1, 6]);
        assert_eq!(sides[1][0].weapon.id, "weaponless");
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
