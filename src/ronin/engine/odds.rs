//! Exact probabilities by full enumeration of the dice. The enumeration drives the engine's own
//! attack code (the allocation-free core of `roll_attack`, and [`roll_shot`]) with every possible
//! sequence of dice, so the odds and the engine cannot drift apart.

use schemars::JsonSchema;
use serde::Serialize;

use super::dice::Dice;
use super::melee::{
    AttackDice, AttackSide, DefenceSide, attack_dice_by, attack_half, defence_half,
};
use super::shooting::{ShotSpec, roll_shot};
use super::wound::{WoundResult, wound_result};

/// Probability of each wound result, as counts over a common denominator.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Distribution {
    /// Indexed like [`WoundResult::ALL`].
    pub counts: [u64; 5],
    pub denominator: u64,
}

impl Distribution {
    pub fn count(&self, result: WoundResult) -> u64 {
        self.counts[index_of(result)]
    }

    /// The probability of `result` as a reduced fraction.
    pub fn fraction(&self, result: WoundResult) -> (u64, u64) {
        reduce(self.count(result), self.denominator)
    }

    /// At least a Light wound.
    pub fn at_least_light(&self) -> (u64, u64) {
        let n = self.count(WoundResult::Light)
            + self.count(WoundResult::Grievous)
            + self.count(WoundResult::Critical);
        reduce(n, self.denominator)
    }

    /// The chance of `result` times `num/den` (a branch taken that often), reduced.
    pub fn fraction_of(&self, result: WoundResult, num: u64, den: u64) -> (u64, u64) {
        reduce(self.count(result) * num, self.denominator * den)
    }

    pub fn probability(&self, result: WoundResult) -> f64 {
        self.count(result) as f64 / self.denominator as f64
    }
}

pub use crate::fraction::reduce;

/// The longest sequence of dice one attack can use.
const MAX_DICE: usize = 8;

/// Dice that replay a prefix and note when the rules ask for one more.
struct PathDice {
    prefix: [u8; MAX_DICE],
    len: usize,
    used: usize,
    wanted_more: bool,
}

impl Dice for PathDice {
    fn d6(&mut self) -> u8 {
        if self.used < self.len {
            self.used += 1;
            self.prefix[self.used - 1]
        } else {
            self.wanted_more = true;
            1
        }
    }

    fn attack(&mut self, attack: AttackSide, defence: DefenceSide) -> AttackDice {
        attack_dice_by(attack, defence, self)
    }
}

/// Run `roll` on every sequence of dice it can ask for (at most `max_dice` long) and hand each
/// outcome to `tally` with its weight: the number of the 6^max_dice equally likely sequences that
/// lead to it.
fn walk<K>(max_dice: u32, mut roll: impl FnMut(&mut PathDice) -> K, mut tally: impl FnMut(K, u64)) {
    let mut stack: Vec<([u8; MAX_DICE], usize)> = vec![([0; MAX_DICE], 0)];
    while let Some((prefix, len)) = stack.pop() {
        let mut dice = PathDice {
            prefix,
            len,
            used: 0,
            wanted_more: false,
        };
        let outcome = roll(&mut dice);
        if dice.wanted_more && len < MAX_DICE {
            for d in 1..=6 {
                let mut longer = prefix;
                longer[len] = d;
                stack.push((longer, len + 1));
            }
            continue;
        }
        let unused = max_dice.saturating_sub(u32::try_from(len).unwrap_or(max_dice));
        tally(outcome, 6u64.pow(unused));
    }
}

fn index_of(result: WoundResult) -> usize {
    WoundResult::ALL
        .iter()
        .position(|r| *r == result)
        .unwrap_or(0)
}

/// Every sequence of dice `roll` can ask for, weighed into a distribution over 6^max_dice.
fn enumerate(max_dice: u32, mut roll: impl FnMut(&mut dyn Dice) -> WoundResult) -> Distribution {
    let mut counts = [0u64; 5];
    walk(
        max_dice,
        |dice| roll(dice),
        |result, weight| counts[index_of(result)] += weight,
    );
    Distribution {
        counts,
        denominator: 6u64.pow(max_dice),
    }
}

/// The most dice an Attack Roll uses (3 + a re-roll) and a Defence Roll (2 + a re-roll).
const ATTACK_DICE: u32 = 4;
const DEFENCE_DICE: u32 = 3;

/// Exact odds of one melee attack under the R-30 re-roll policies. The attacker rolls without
/// seeing the defence, so his totals are enumerated once, and the defence once for each total
/// (the defender's re-roll depends only on it): the same sequences of dice as enumerating the
/// whole attack, weighed the same, in a few thousand steps instead of 6^7.
pub fn melee_odds(attack: AttackSide, defence: DefenceSide) -> Distribution {
    let mut totals: Vec<(i32, u64)> = Vec::with_capacity(24);
    walk(
        ATTACK_DICE,
        |dice| attack_half(attack, dice).total,
        |total, weight| match totals.iter_mut().find(|(t, _)| *t == total) {
            Some((_, count)) => *count += weight,
            None => totals.push((total, weight)),
        },
    );
    let mut counts = [0u64; 5];
    for (total, ways) in totals {
        walk(
            DEFENCE_DICE,
            |dice| wound_result(total - defence_half(defence, total, dice).total),
            |result, weight| counts[index_of(result)] += ways * weight,
        );
    }
    Distribution {
        counts,
        denominator: 6u64.pow(ATTACK_DICE + DEFENCE_DICE),
    }
}

/// Exact odds of one shot.
pub fn shooting_odds(spec: ShotSpec) -> Distribution {
    enumerate(3, |dice| roll_shot(spec, dice).result)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_dice_plus_three_against_one_die_plus_four() {
        // 2d6+3 vs 1d6+2+2, no enhancement or re-roll: no wound when 2d6 - 1d6 <= 1.
        // For the defence die d, 2d6 <= d+1 happens 1, 3, 6, 10, 15, 21 ways: 56 of 216 = 7/27.
        let attack = AttackSide {
            fight: 3,
            ..AttackSide::default()
        };
        let defence = DefenceSide {
            fight: 2,
            armour: 2,
            ..DefenceSide::default()
        };
        let odds = melee_odds(attack, defence);
        assert_eq!(odds.fraction(WoundResult::NoWound), (7, 27));
        // Stunned: 2d6 = d+2, sums 3 to 8: 2+3+4+5+6+5 = 25 of 216.
        assert_eq!(odds.fraction(WoundResult::Stunned), (25, 216));
        let total: u64 = odds.counts.iter().sum();
        assert_eq!(total, odds.denominator);
    }

    #[test]
    fn melee_odds_depend_only_on_the_difference_of_the_bonuses_and_the_flags() {
        // What the default AI's odds cache relies on: same difference, same odds.
        for flags in 0..16u8 {
            let bit = |k: u8| flags & (1 << k) != 0;
            for (a_fight, a_mod, bonus, d_fight, armour, d_mod) in
                [(3, 1, 1, 2, 2, 0), (5, -1, 0, 1, 3, 1), (0, 0, 2, 4, 0, -1)]
            {
                let attack = AttackSide {
                    fight: a_fight,
                    modifier: a_mod,
                    enhanced: bit(0),
                    reroll: bit(1),
                    enhanced_bonus: bonus,
                };
                let defence = DefenceSide {
                    fight: d_fight,
                    armour,
                    modifier: d_mod,
                    enhanced: bit(2),
                    reroll: bit(3),
                };
                let plain = AttackSide {
                    fight: attack.bonus() - defence.bonus(),
                    modifier: 0,
                    enhanced_bonus: 0,
                    ..attack
                };
                let bare = DefenceSide {
                    enhanced: defence.enhanced,
                    reroll: defence.reroll,
                    ..DefenceSide::default()
                };
                assert_eq!(melee_odds(attack, defence), melee_odds(plain, bare));
            }
        }
    }

    #[test]
    fn the_split_enumeration_weighs_every_attack_as_the_whole_one_does() {
        // The attack enumerated as one sequence of up to seven dice through the engine's attack
        // code, against the attacker's totals first and the defence per total.
        for flags in 0..16u8 {
            let bit = |k: u8| flags & (1 << k) != 0;
            for difference in -8..=8 {
                let attack = AttackSide {
                    fight: difference,
                    enhanced: bit(0),
                    reroll: bit(1),
                    ..AttackSide::default()
                };
                let defence = DefenceSide {
                    enhanced: bit(2),
                    reroll: bit(3),
                    ..DefenceSide::default()
                };
                let whole = enumerate(ATTACK_DICE + DEFENCE_DICE, |dice| {
                    super::super::melee::attack_dice(attack, defence, dice).result()
                });
                assert_eq!(melee_odds(attack, defence), whole, "{attack:?} {defence:?}");
            }
        }
    }

    #[test]
    fn critical_needs_a_margin_of_six() {
        // 2d6+2 vs 1d6+2: Critical when 2d6 - d >= 6. d=1: 2d6 >= 7 (21 ways); d=2: >= 8 (15);
        // d=3: >= 9 (10); d=4: >= 10 (6); d=5: >= 11 (3); d=6: 12 (1): 56 of 216 = 7/27.
        let odds = melee_odds(
            AttackSide {
                fight: 2,
                ..AttackSide::default()
            },
            DefenceSide {
                fight: 2,
                ..DefenceSide::default()
            },
        );
        assert_eq!(odds.fraction(WoundResult::Critical), (7, 27));
    }

    #[test]
    fn enhancing_and_rerolls_help_the_side_that_uses_them() {
        let base = AttackSide {
            fight: 3,
            ..AttackSide::default()
        };
        let def = DefenceSide {
            fight: 3,
            armour: 3,
            ..DefenceSide::default()
        };
        let plain = melee_odds(base, def).at_least_light();
        let enhanced = melee_odds(
            AttackSide {
                enhanced: true,
                ..base
            },
            def,
        )
        .at_least_light();
        let reroll = melee_odds(
            AttackSide {
                reroll: true,
                ..base
            },
            def,
        )
        .at_least_light();
        let parried = melee_odds(
            base,
            DefenceSide {
                enhanced: true,
                ..def
            },
        )
        .at_least_light();
        let p = |(n, d): (u64, u64)| n as f64 / d as f64;
        assert!(p(enhanced) > p(plain));
        assert!(p(reroll) > p(plain));
        assert!(p(parried) < p(plain));
    }

    #[test]
    fn shooting_example_odds() {
        // Shoot 1, modifiers -2 (range and Move Phase) against 9: a wound needs 2d6 >= 11: 3/36.
        let odds = shooting_odds(ShotSpec {
            shoot: 1,
            modifier: -2,
            reroll: false,
            defence: 9,
        });
        assert_eq!(odds.fraction(WoundResult::NoWound), (11, 12));
        assert_eq!(odds.fraction(WoundResult::Stunned), (1, 18));
        assert_eq!(odds.fraction(WoundResult::Light), (1, 36));
    }
}
