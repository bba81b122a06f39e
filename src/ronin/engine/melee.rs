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
    match *rolled {
        [a, b] => [a.min(b), a.max(b)],
        [a, b, c] => {
            let high = a.max(b).max(c);
            let low = a.min(b).min(c);
            [a + b + c - high - low, high]
        }
        _ => [0, 0],
    }
}

/// R-30 default: re-roll the lowest kept die when it shows 3 or less. Returns its index.
pub fn attacker_rerolls(kept: &[u8]) -> Option<usize> {
    let (i, low) = lowest(kept)?;
    (low <= 3).then_some(i)
}

/// R-30 default: re-roll the lowest die when it shows 3 or less and the defence is behind.
pub fn defender_rerolls(kept: &[u8], defence_total: i32, attack_total: i32) -> Option<usize> {
    let (i, low) = lowest(kept)?;
    (low <= 3 && defence_total < attack_total).then_some(i)
}

/// The first lowest die and where it is.
fn lowest(dice: &[u8]) -> Option<(usize, u8)> {
    match *dice {
        [] => None,
        [a] => Some((0, a)),
        [a, b] => Some(if b < a { (1, b) } else { (0, a) }),
        _ => dice.iter().copied().enumerate().min_by_key(|&(_, d)| d),
    }
}

fn sum(dice: &[u8]) -> i32 {
    dice.iter().map(|d| i32::from(*d)).sum()
}

/// One side's half of an attack: the dice rolled, the two that count, the re-roll and the total.
/// The attacker rolls up to three dice and keeps two; the defender rolls one or two and keeps them.
#[derive(Debug, Clone, Copy)]
pub struct HalfRoll {
    rolled: [u8; 3],
    count: usize,
    kept: [u8; 2],
    kept_count: usize,
    reroll: Option<(u8, u8)>,
    pub(crate) total: i32,
}

impl HalfRoll {
    /// Roll `count` dice, keep what `keep` keeps, then re-roll the die `rerolls` picks from the
    /// kept dice and their total.
    #[inline]
    fn of<D: Dice + ?Sized>(
        count: usize,
        bonus: i32,
        dice: &mut D,
        keep: impl Fn(&[u8]) -> ([u8; 2], usize),
        rerolls: impl Fn(&[u8], i32) -> Option<usize>,
    ) -> HalfRoll {
        let mut rolled = [0u8; 3];
        for d in rolled.iter_mut().take(count) {
            *d = dice.d6();
        }
        let (mut kept, kept_count) = keep(&rolled[..count]);
        let used = &mut kept[..kept_count];
        let mut reroll = None;
        if let Some(i) = rerolls(used, sum(used) + bonus) {
            let new = dice.d6();
            reroll = Some((used[i], new));
            used[i] = new;
        }
        HalfRoll {
            rolled,
            count,
            kept,
            kept_count,
            reroll,
            total: sum(&kept[..kept_count]) + bonus,
        }
    }
}

/// The Attack Roll (R-30 order: first, without seeing the defence).
#[inline]
pub fn attack_half<D: Dice + ?Sized>(attack: AttackSide, dice: &mut D) -> HalfRoll {
    HalfRoll::of(
        if attack.enhanced { 3 } else { 2 },
        attack.bonus(),
        dice,
        |rolled| (attacker_keeps(rolled), 2),
        |kept, _| attack.reroll.then(|| attacker_rerolls(kept)).flatten(),
    )
}

/// The Defence Roll (second, knowing the attack total).
#[inline]
pub fn defence_half<D: Dice + ?Sized>(
    defence: DefenceSide,
    attack_total: i32,
    dice: &mut D,
) -> HalfRoll {
    HalfRoll::of(
        if defence.enhanced { 2 } else { 1 },
        defence.bonus(),
        dice,
        |rolled| {
            let second = rolled.get(1).copied().unwrap_or(0);
            ([rolled[0], second], rolled.len())
        },
        |kept, total| {
            defence
                .reroll
                .then(|| defender_rerolls(kept, total, attack_total))
                .flatten()
        },
    )
}

/// The dice of one attack without allocation: the engine's single code path for an attack, used
/// by [`roll_attack`] and by the exact enumeration.
#[derive(Debug, Clone, Copy)]
pub struct AttackDice {
    attack: HalfRoll,
    defence: HalfRoll,
}

/// One attack, the attacker's half then the defender's. Each dice source instantiates this once
/// ([`Dice::attack`]), so its rolls inline; the rules are written here only.
pub fn attack_dice_by<D: Dice + ?Sized>(
    attack: AttackSide,
    defence: DefenceSide,
    dice: &mut D,
) -> AttackDice {
    let attack = attack_half(attack, dice);
    let defence = defence_half(defence, attack.total, dice);
    AttackDice { attack, defence }
}

/// One attack from any dice source.
pub fn attack_dice(attack: AttackSide, defence: DefenceSide, dice: &mut dyn Dice) -> AttackDice {
    dice.attack(attack, defence)
}

impl AttackDice {
    /// The wound this attack causes.
    pub fn result(&self) -> WoundResult {
        wound_result(self.attack.total - self.defence.total)
    }

    /// The attack as the log shows it (this allocates: build it only when a log is recorded).
    pub fn roll(&self, attack: AttackSide, defence: DefenceSide) -> MeleeRoll {
        let (a, d) = (&self.attack, &self.defence);
        let score = a.total - d.total;
        MeleeRoll {
            attack,
            defence,
            attack_rolled: a.rolled[..a.count].to_vec(),
            attack_kept: a.kept[..a.kept_count].to_vec(),
            attack_reroll: a.reroll,
            attack_total: a.total,
            defence_rolled: d.rolled[..d.count].to_vec(),
            defence_kept: d.kept[..d.kept_count].to_vec(),
            defence_reroll: d.reroll,
            defence_total: d.total,
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
