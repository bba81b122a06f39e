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
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, JsonSchema)]
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
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, JsonSchema)]
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

/// What happened in one attack, die by die, with everything added to the dice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct MeleeRoll {
    /// The attacker's Fight, modifiers, Enhancement and re-roll.
    pub attack: AttackSide,
    /// The defender's Fight, armour, modifiers, Enhancement and re-roll.
    pub defence: DefenceSide,
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
pub fn attacker_keeps(rolled: &[u8]) -> [u8; 2] {
    let mut dice = [0u8; 3];
    dice[..rolled.len().min(3)].copy_from_slice(&rolled[..rolled.len().min(3)]);
    let used = &mut dice[..rolled.len().min(3)];
    used.sort_unstable();
    let n = used.len();
    [used[n.saturating_sub(2)], used[n.saturating_sub(1)]]
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

/// The dice of one attack without allocation: the engine's single code path for an attack, used
/// by [`roll_attack`] and by the exact enumeration.
#[derive(Debug, Clone, Copy)]
pub struct AttackDice {
    attack_rolled: [u8; 3],
    attack_count: usize,
    attack_kept: [u8; 2],
    attack_reroll: Option<(u8, u8)>,
    pub(crate) attack_total: i32,
    defence_rolled: [u8; 2],
    defence_count: usize,
    defence_kept: [u8; 2],
    defence_reroll: Option<(u8, u8)>,
    pub(crate) defence_total: i32,
}

pub fn attack_dice(attack: AttackSide, defence: DefenceSide, dice: &mut dyn Dice) -> AttackDice {
    let attack_count = if attack.enhanced { 3 } else { 2 };
    let mut attack_rolled = [0u8; 3];
    for d in attack_rolled.iter_mut().take(attack_count) {
        *d = dice.d6();
    }
    let mut attack_kept = attacker_keeps(&attack_rolled[..attack_count]);
    let mut attack_reroll = None;
    if attack.reroll
        && let Some(i) = attacker_rerolls(&attack_kept)
    {
        let new = dice.d6();
        attack_reroll = Some((attack_kept[i], new));
        attack_kept[i] = new;
    }
    let attack_total = sum(&attack_kept) + attack.bonus();

    let defence_count = if defence.enhanced { 2 } else { 1 };
    let mut defence_rolled = [0u8; 2];
    for d in defence_rolled.iter_mut().take(defence_count) {
        *d = dice.d6();
    }
    let mut defence_kept = defence_rolled;
    let mut defence_reroll = None;
    let kept = &mut defence_kept[..defence_count];
    if defence.reroll
        && let Some(i) = defender_rerolls(kept, sum(kept) + defence.bonus(), attack_total)
    {
        let new = dice.d6();
        defence_reroll = Some((kept[i], new));
        kept[i] = new;
    }
    let defence_total = sum(&defence_kept[..defence_count]) + defence.bonus();
    AttackDice {
        attack_rolled,
        attack_count,
        attack_kept,
        attack_reroll,
        attack_total,
        defence_rolled,
        defence_count,
        defence_kept,
        defence_reroll,
        defence_total,
    }
}

impl AttackDice {
    /// The wound this attack causes.
    pub fn result(&self) -> WoundResult {
        wound_result(self.attack_total - self.defence_total)
    }

    /// The attack as the log shows it (this allocates: build it only when a log is recorded).
    pub fn roll(&self, attack: AttackSide, defence: DefenceSide) -> MeleeRoll {
        let d = self;
        let score = d.attack_total - d.defence_total;
        MeleeRoll {
            attack,
            defence,
            attack_rolled: d.attack_rolled[..d.attack_count].to_vec(),
            attack_kept: d.attack_kept.to_vec(),
            attack_reroll: d.attack_reroll,
            attack_total: d.attack_total,
            defence_rolled: d.defence_rolled[..d.defence_count].to_vec(),
            defence_kept: d.defence_kept[..d.defence_count].to_vec(),
            defence_reroll: d.defence_reroll,
            defence_total: d.defence_total,
            score,
            result: wound_result(score),
        }
    }
}

/// Roll one attack. Dice are drawn only as the rules need them, so a scripted example replays.
pub fn roll_attack(attack: AttackSide, defence: DefenceSide, dice: &mut dyn Dice) -> MeleeRoll {
    attack_dice(attack, defence, dice).roll(attack, defence)
}

/// An Initiative Roll: d6 (two dice keep the better when Enhanced) + Initiative and modifiers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct InitiativeRoll {
    /// The dice rolled: one, or two when Enhanced (`count` of them), without allocating.
    pub dice: [u8; 2],
    pub count: u8,
    pub kept: u8,
    pub total: i32,
}

impl InitiativeRoll {
    /// The dice rolled, as the log shows them.
    pub fn rolled(&self) -> Vec<u8> {
        self.dice[..usize::from(self.count)].to_vec()
    }
}

pub fn roll_initiative(
    initiative_and_modifiers: i32,
    enhanced: bool,
    dice: &mut dyn Dice,
) -> InitiativeRoll {
    let count: u8 = if enhanced { 2 } else { 1 };
    let mut rolled = [0u8; 2];
    for d in rolled.iter_mut().take(usize::from(count)) {
        *d = dice.d6();
    }
    let kept = rolled[0].max(rolled[1]);
    InitiativeRoll {
        dice: rolled,
        count,
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
