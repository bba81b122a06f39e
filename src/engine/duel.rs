//! A duel: the Combat Phase between two models in contact, turn after turn, as the Tournament
//! scenario fights it. Each turn: both split their Combat Pools in secret, roll Initiative
//! (weapon first-round/later-round modifiers, Fast, wounds, Stunned; Fast wins ties, otherwise a
//! roll-off), then attack in Initiative order, returning to the top until both pass in succession
//! or no Attack counters are left. Wounds take effect at once (a Grievous wound costs a counter; a
//! Tough model's Critical takes it off only at the end of the phase). In the End Phase Stunned is
//! removed on a d6 of 3+ (-1 while engaged).
//!
//! Combats of several models (combined pools, up to four against one) are part 2 of the engine.

use schemars::JsonSchema;
use serde::Serialize;

use super::dice::Dice;
use super::fighter::Fighter;
use super::melee::{MeleeRoll, roll_attack, roll_initiative, roll_off};
use super::policy::{Counter, Policy};
use super::wound::{Health, WoundResult, apply_wound};

/// One thing that happened: every roll and every decision.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Event {
    MatchStart {
        game: u64,
        index: usize,
        a: String,
        b: String,
        final_match: bool,
    },
    Turn {
        turn: u32,
    },
    Split {
        fighter: String,
        attack: i32,
        defence: i32,
    },
    Initiative {
        fighter: String,
        enhanced: bool,
        rolled: Vec<u8>,
        total: i32,
    },
    RollOff {
        winner: String,
    },
    Attack {
        attacker: String,
        defender: String,
        attack_enhanced: bool,
        defence_enhanced: bool,
        roll: MeleeRoll,
    },
    Pass {
        fighter: String,
    },
    Wound {
        fighter: String,
        result: WoundResult,
        health: Health,
    },
    Discard {
        fighter: String,
        counter: Counter,
    },
    StunRemoved {
        fighter: String,
        roll: u8,
    },
    MatchEnd {
        winner: Option<String>,
        points_a: u32,
        points_b: u32,
        turns: u32,
    },
}

/// In the End Phase a d6 of 3 or more removes Stunned...
const STUN_REMOVED_ON: i32 = 3;
/// ...with -1 while still engaged, as duellists are.
const ENGAGED_STUN_MODIFIER: i32 = -1;

/// Match points for a wound caused: Light 1, Grievous 2, Critical 3.
pub fn match_points(result: WoundResult) -> u32 {
    match result {
        WoundResult::Light => 1,
        WoundResult::Grievous => 2,
        WoundResult::Critical => 3,
        WoundResult::NoWound | WoundResult::Stunned => 0,
    }
}

/// The outcome of a duel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DuelResult {
    /// `Some(0)` when the first fighter won, `Some(1)` the second, `None` a draw.
    pub winner: Option<usize>,
    pub points: [u32; 2],
    pub turns: u32,
}

struct Pools {
    attack: [i32; 2],
    defence: [i32; 2],
}

/// Fight up to `max_turns` turns (or until one falls). A match with no kill goes to the fighter with
/// more match points; equal points are a draw.
pub fn duel(
    fighters: &mut [Fighter; 2],
    policies: &mut [&mut dyn Policy; 2],
    dice: &mut dyn Dice,
    max_turns: u32,
    events: &mut Vec<Event>,
) -> DuelResult {
    let mut points = [0u32; 2];
    let mut turns = 0;
    while turns < max_turns && fighters.iter().all(Fighter::alive) {
        turns += 1;
        events.push(Event::Turn { turn: turns });
        combat_phase(fighters, policies, dice, turns == 1, &mut points, events);
        end_phase(fighters, dice, events);
    }
    let winner = match (fighters[0].alive(), fighters[1].alive()) {
        (true, false) => Some(0),
        (false, true) => Some(1),
        _ if points[0] > points[1] => Some(0),
        _ if points[1] > points[0] => Some(1),
        _ => None,
    };
    events.push(Event::MatchEnd {
        winner: winner.map(|w| fighters[w].name.clone()),
        points_a: points[0],
        points_b: points[1],
        turns,
    });
    DuelResult {
        winner,
        points,
        turns,
    }
}

fn combat_phase(
    f: &mut [Fighter; 2],
    policies: &mut [&mut dyn Policy; 2],
    dice: &mut dyn Dice,
    first_round: bool,
    points: &mut [u32; 2],
    events: &mut Vec<Event>,
) {
    let mut pools = Pools {
        attack: [0; 2],
        defence: [0; 2],
    };
    for i in 0..2 {
        let pool = f[i].pool();
        let attack = policies[i].split(&f[i], &f[1 - i]).clamp(0, pool);
        pools.attack[i] = attack;
        pools.defence[i] = pool - attack + i32::from(f[i].intuition);
        events.push(Event::Split {
            fighter: f[i].name.clone(),
            attack,
            defence: pools.defence[i],
        });
    }
    let mut totals = [0i32; 2];
    for i in 0..2 {
        let enhanced =
            pools.attack[i] > 0 && policies[i].enhance_initiative(&f[i], pools.attack[i]);
        if enhanced {
            pools.attack[i] -= 1;
        }
        let roll = roll_initiative(f[i].initiative_bonus(first_round), enhanced, dice);
        totals[i] = roll.total;
        events.push(Event::Initiative {
            fighter: f[i].name.clone(),
            enhanced,
            rolled: roll.rolled,
            total: roll.total,
        });
    }
    let first = match totals[0].cmp(&totals[1]) {
        std::cmp::Ordering::Greater => 0,
        std::cmp::Ordering::Less => 1,
        std::cmp::Ordering::Equal => match (f[0].fast, f[1].fast) {
            (true, false) => 0,
            (false, true) => 1,
            _ => {
                let winner = if roll_off(dice) { 0 } else { 1 };
                events.push(Event::RollOff {
                    winner: f[winner].name.clone(),
                });
                winner
            }
        },
    };
    let order = [first, 1 - first];
    // Models with a Critical wound still standing (Tough) fall at the end of the phase.
    let mut doomed = [false; 2];
    let mut passes = 0;
    while passes < 2 && pools.attack.iter().any(|a| *a > 0) {
        for &i in &order {
            let j = 1 - i;
            let can =
                pools.attack[i] > 0 && (f[i].alive() || doomed[i]) && f[j].alive() && !doomed[j];
            if !can || !policies[i].attack(&f[i], &f[j], pools.attack[i]) {
                passes += 1;
                events.push(Event::Pass {
                    fighter: f[i].name.clone(),
                });
                if passes >= 2 {
                    break;
                }
                continue;
            }
            passes = 0;
            pools.attack[i] -= 1;
            let plain = f[i].attack_side(&f[j], false);
            let defence_enhanced =
                pools.defence[j] > 0 && policies[j].enhance_defence(&f[j], &f[i], plain);
            if defence_enhanced {
                pools.defence[j] -= 1;
            }
            let defence = f[j].defence_side(defence_enhanced);
            let attack_enhanced = pools.attack[i] > 0
                && policies[i].enhance_attack(&f[i], &f[j], defence, pools.attack[i]);
            if attack_enhanced {
                pools.attack[i] -= 1;
            }
            let roll = roll_attack(f[i].attack_side(&f[j], attack_enhanced), defence, dice);
            let result = roll.result;
            events.push(Event::Attack {
                attacker: f[i].name.clone(),
                defender: f[j].name.clone(),
                attack_enhanced,
                defence_enhanced,
                roll,
            });
            wound(
                f,
                j,
                result,
                &mut pools,
                &mut doomed,
                policies,
                points,
                i,
                events,
            );
            if !f[j].alive() && !doomed[j] {
                break;
            }
        }
        if f.iter().zip(doomed).any(|(x, d)| !x.alive() && !d) {
            break;
        }
    }
    for i in 0..2 {
        if doomed[i] {
            f[i].health = Health::Dead;
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn wound(
    f: &mut [Fighter; 2],
    j: usize,
    result: WoundResult,
    pools: &mut Pools,
    doomed: &mut [bool; 2],
    policies: &mut [&mut dyn Policy; 2],
    points: &mut [u32; 2],
    attacker: usize,
    events: &mut Vec<Event>,
) {
    if result == WoundResult::NoWound {
        return;
    }
    points[attacker] += match_points(result);
    if result == WoundResult::Stunned {
        f[j].stunned = true;
    }
    let before = f[j].health;
    let after = apply_wound(before, result);
    if after == Health::Dead && f[j].tough && before != Health::Dead {
        // Tough: it stays for a last attack until the end of the Combat Phase.
        doomed[j] = true;
        f[j].health = Health::Grievous;
    } else {
        f[j].health = after;
    }
    events.push(Event::Wound {
        fighter: f[j].name.clone(),
        result,
        health: after,
    });
    if after == Health::Dead && !f[j].tough {
        // Errata: a slain model's unspent counters leave the pool.
        pools.attack[j] = 0;
        pools.defence[j] = 0;
    } else if after == Health::Grievous && before != Health::Grievous {
        // The Combat Pool drops by one at once: the controller loses a counter of his choice.
        let lost = match policies[j].discard(pools.attack[j], pools.defence[j]) {
            Counter::Attack if pools.attack[j] > 0 => Some(Counter::Attack),
            _ if pools.defence[j] > 0 => Some(Counter::Defence),
            _ if pools.attack[j] > 0 => Some(Counter::Attack),
            _ => None,
        };
        match lost {
            Some(Counter::Attack) => pools.attack[j] -= 1,
            Some(Counter::Defence) => pools.defence[j] -= 1,
            None => {}
        }
        if let Some(counter) = lost {
            events.push(Event::Discard {
                fighter: f[j].name.clone(),
                counter,
            });
        }
    }
}

fn end_phase(f: &mut [Fighter; 2], dice: &mut dyn Dice, events: &mut Vec<Event>) {
    for fighter in f.iter_mut().filter(|x| x.alive() && x.stunned) {
        let roll = dice.d6();
        if i32::from(roll) + ENGAGED_STUN_MODIFIER >= STUN_REMOVED_ON {
            fighter.stunned = false;
            events.push(Event::StunRemoved {
                fighter: fighter.name.clone(),
                roll,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::dice::ScriptedDice;
    use crate::engine::fighter::FightingWeapon;
    use crate::engine::melee::{AttackSide, DefenceSide};
    use crate::model::Armour;

    /// Everything into attack, never Enhance, always attack, lose Defence counters first.
    struct AllOut;

    impl Policy for AllOut {
        fn split(&mut self, me: &Fighter, _: &Fighter) -> i32 {
            me.pool()
        }
        fn enhance_initiative(&mut self, _: &Fighter, _: i32) -> bool {
            false
        }
        fn attack(&mut self, _: &Fighter, _: &Fighter, n: i32) -> bool {
            n > 0
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
        fn name(&self) -> &'static str {
            "all-out"
        }
    }

    fn fighter(
        name: &str,
        pool: i32,
        init: i32,
        fight: i32,
        armour: Armour,
        bonus: i32,
        weapon_init: i32,
    ) -> Fighter {
        Fighter {
            name: name.to_owned(),
            rank: u8::try_from(pool).unwrap_or(1),
            combat_pool: pool,
            initiative: init,
            fight,
            armour,
            armour_bonus: bonus,
            weapon: FightingWeapon {
                id: "test".to_owned(),
                initiative_first: weapon_init,
                initiative_later: weapon_init,
                attack: 0,
                enhanced_bonus: 0,
                vs_heavy_armour: 0,
                bujutsu: false,
            },
            fast: false,
            powerful: false,
            tough: false,
            intuition: false,
            mounted: false,
            bajutsu: false,
            banner: false,
            health: Health::Healthy,
            stunned: false,
        }
    }

    #[test]
    fn a_scripted_duel_follows_the_combat_phase_order() {
        let samurai = fighter("Samurai", 3, 3, 3, Armour::Heavy, 3, 0);
        let ashigaru = fighter("Ashigaru", 2, 2, 2, Armour::Medium, 2, 1);
        let mut pair = [samurai, ashigaru];
        let (mut a, mut b) = (AllOut, AllOut);
        // Turn 1. Initiative: Samurai 4 (7), Ashigaru 5 (8): the Ashigaru strikes first.
        // Ashigaru attacks 3+3 +2 = 8 against 2 +3+3 = 8: no wound.
        // Samurai attacks 5+4 +3 = 12 against 3 +2+2 = 7: 5, Grievous; the Ashigaru loses a counter
        // (it has no Defence counter, so its last Attack counter) and can only pass.
        // Samurai attacks 1+1 +3 = 5 against 6 +1+2 = 9 (Fight 1 now): no wound.
        // Samurai attacks 6+6 +3 = 15 against 1 +1+2 = 4: Critical. The match ends.
        let mut dice = ScriptedDice::new(&[4, 5, 3, 3, 2, 5, 4, 3, 1, 1, 6, 6, 6, 1]);
        let mut events = Vec::new();
        let result = duel(&mut pair, &mut [&mut a, &mut b], &mut dice, 6, &mut events);
        assert_eq!(
            result,
            DuelResult {
                winner: Some(0),
                points: [2 + 3, 0],
                turns: 1
            }
        );
        assert_eq!(dice.remaining(), 0);
        assert_eq!(pair[1].health, Health::Dead);
        let discards: Vec<&Event> = events
            .iter()
            .filter(|e| matches!(e, Event::Discard { .. }))
            .collect();
        assert_eq!(
            discards,
            [&Event::Discard {
                fighter: "Ashigaru".to_owned(),
                counter: Counter::Attack
            }]
        );
        let attackers: Vec<&str> = events
            .iter()
            .filter_map(|e| match e {
                Event::Attack { attacker, .. } => Some(attacker.as_str()),
                _ => None,
            })
            .collect();
        assert_eq!(attackers, ["Ashigaru", "Samurai", "Samurai", "Samurai"]);
    }

    #[test]
    fn a_match_without_a_kill_goes_to_match_points() {
        let mut pair = [
            fighter("A", 1, 1, 1, Armour::Heavy, 3, 0),
            fighter("B", 1, 1, 1, Armour::Heavy, 3, 0),
        ];
        let (mut a, mut b) = (AllOut, AllOut);
        // One turn: A strikes first (6 against 1). A: 3+3 +1 = 7 against 1 +1+3 = 5, a Light wound.
        // B (Fight 0 now): 1+1 +0 = 2 against 6 +1+3 = 10, nothing. A wins on match points, 1 to 0.
        let mut dice = ScriptedDice::new(&[6, 1, 3, 3, 1, 1, 1, 6]);
        let mut events = Vec::new();
        let result = duel(&mut pair, &mut [&mut a, &mut b], &mut dice, 1, &mut events);
        assert_eq!(
            result,
            DuelResult {
                winner: Some(0),
                points: [1, 0],
                turns: 1
            }
        );
    }
}
