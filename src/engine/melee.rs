//! One hand-to-hand attack: the Attack Roll against the Defence Roll, in the R-30 order.
//!
//! The attacker rolls first: 2d6, or 3d6 keeping the best two when Enhanced; then, with a Bujutsu
//! for the weapon, he may re-roll one kept die without seeing the defence (default: his lowest kept
//! die when it shows 3 or less). The defender rolls second: 1d6, or 2d6 kept both when Enhanced;
//! knowing the attack total, he may re-roll one die (default: his lowest, when it shows 3 or less
//! and he is behind). A re-rolled die stands. Wound Score = attack total - defence total.

use schemars::JsonSchema;
use serde::Serialize;

use super::dice::Dice;
use super::wound::{WoundResult, wound_result};

/// Everything the attacker adds to his dice.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, JsonSchema)]
pub struct AttackSide {
    pub fight: i32,
    /// Weapon, Powerful, mounted, withdrawing target, banner, wounds already counted in `fight`...
    pub modifier: i32,
    pub enhanced: bool,
    /// A Bujutsu for the weapon in use: one die may be re-rolled.
    pub reroll: bool,
    /// Added only when the roll is Enhanced (the tetsubo, errata).
    pub enhanced_bonus: i32,
}

/// Everything the defender adds to his dice.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, JsonSchema)]
pub struct DefenceSide {
    pub fight: i32,
    /// Light +1, medium +2, heavy +3.
    pub armour: i32,
    /// Engaged by three or more -1, banner -1, ...
    pub modifier: i32,
    pub enhanced: bool,
    pub reroll: bool,
}

impl AttackSide {
    pub fn bonus(&self) -> i32 {
        self.fight
            + self.modifier
            + if self.enhanced {
                self.enhanced_bonus
            } else {
                0
            }
    }
}

impl DefenceSide {
    pub fn bonus(&self) -> i32 {
        self.fight + self.armour + self.modifier
    }
}

/// What happened in one attack, die by die.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct MeleeRoll {
    /// Every attack die rolled, in order (a discarded Enhanced die included).
    pub attack_rolled: Vec<u8>,
    /// The two dice that count, after the discard and any re-roll.
    pub attack_kept: Vec<u8>,
    /// (old, new) when a die was re-rolled.
    pub attack_reroll: Option<(u8, u8)>,
    pub attack_total: i32,
    pub defence_rolled: Vec<u8>,
    pub defence_kept: Vec<u8>,
    pub defence_reroll: Option<(u8, u8)>,
    pub defence_total: i32,
    pub score: i32,
    pub result: WoundResult,
}

/// The dice the attacker keeps: all of two, or the best two of three (sorted, lowest first).
pub fn attacker_keeps(rolled: &[u8]) -> Vec<u8> {
    let mut dice = rolled.to_vec();
    dice.sort_unstable();
    if dice.len() > 2 {
        dice.remove(0);
    }
    dice
}

/// R-30 default: re-roll the lowest kept die when it shows 3 or less. Returns its index.
pub fn attacker_rerolls(kept: &[u8]) -> Option<usize> {
    let (i, low) = kept.iter().enumerate().min_by_key(|(_, d)| **d)?;
    (*low <= 3).then_some(i)
}

/// R-30 default: re-roll the lowest die when it shows 3 or less and the defence is behind.
pub fn defender_rerolls(kept: &[u8], defence_total: i32, attack_total: i32) -> Option<usize> {
    let (i, low) = kept.iter().enumerate().min_by_key(|(_, d)| **d)?;
    (*low <= 3 && defence_total < attack_total).then_some(i)
}

fn sum(dice: &[u8]) -> i32 {
    dice.iter().map(|d| i32::from(*d)).sum()
}

/// Roll one attack. Dice are drawn only as the rules need them, so a scripted example replays.
pub fn roll_attack(attack: AttackSide, defence: DefenceSide, dice: &mut dyn Dice) -> MeleeRoll {
    let attack_rolled: Vec<u8> = (0..if attack.enhanced { 3 } else { 2 })
        .map(|_| dice.d6())
        .collect();
    let mut attack_kept = attacker_keeps(&attack_rolled);
    let mut attack_reroll = None;
    if attack.reroll
        && let Some(i) = attacker_rerolls(&attack_kept)
    {
        let new = dice.d6();
        attack_reroll = Some((attack_kept[i], new));
        attack_kept[i] = new;
    }
    let attack_total = sum(&attack_kept) + attack.bonus();

    let defence_rolled: Vec<u8> = (0..if defence.enhanced { 2 } else { 1 })
        .map(|_| dice.d6())
        .collect();
    let mut defence_kept = defence_rolled.clone();
    let mut defence_reroll = None;
    if defence.reroll
        && let Some(i) = defender_rerolls(
            &defence_kept,
            sum(&defence_kept) + defence.bonus(),
            attack_total,
        )
    {
        let new = dice.d6();
        defence_reroll = Some((defence_kept[i], new));
        defence_kept[i] = new;
    }
    let defence_total = sum(&defence_kept) + defence.bonus();
    let score = attack_total - defence_total;
    MeleeRoll {
        attack_rolled,
        attack_kept,
        attack_reroll,
        attack_total,
        defence_rolled,
        defence_kept,
        defence_reroll,
        defence_total,
        score,
        result: wound_result(score),
    }
}

/// An Initiative Roll: d6 (two dice keep the better when Enhanced) + Initiative and modifiers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct InitiativeRoll {
    pub rolled: Vec<u8>,
    pub kept: u8,
    pub total: i32,
}

pub fn roll_initiative(
    initiative_and_modifiers: i32,
    enhanced: bool,
    dice: &mut dyn Dice,
) -> InitiativeRoll {
    let rolled: Vec<u8> = (0..if enhanced { 2 } else { 1 })
        .map(|_| dice.d6())
        .collect();
    let kept = rolled.iter().copied().max().unwrap_or(1);
    InitiativeRoll {
        rolled,
        kept,
        total: i32::from(kept) + initiative_and_modifiers,
    }
}

/// A straight roll-off between two tied models, re-rolled until one wins. True when the first wins.
pub fn roll_off(dice: &mut dyn Dice) -> bool {
    loop {
        let (a, b) = (dice.d6(), dice.d6());
        if a != b {
            return a > b;
        }
    }
}
