//! One shooting attack: 2d6 + Shoot + modifiers against the Shooting Defence Score
//! (6 + armour + cover), and the modifiers themselves, itemised from the data (digest 5.1,
//!

use schemars::JsonSchema;
use serde::Serialize;

use super::dice::Dice;
use super::melee::attacker_rerolls;
use super::wound::{WoundResult, wound_result};
use crate::ronin::model::{Armour, Catalogue, Weapon};

/// The base Shooting Defence Score of every model.
pub const BASE_DEFENCE: i32 = 6;

/// The numbers of one shot.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, JsonSchema)]
pub struct ShotSpec {
    pub shoot: i32,
    /// Sum of every modifier to the Shooting Attack Roll.
    pub modifier: i32,
    /// Kyujutsu or Hojutsu: one die may be re-rolled (R-30 attacker policy).
    pub reroll: bool,
    /// The target's Shooting Defence Score.
    pub defence: i32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct ShotRoll {
    pub rolled: Vec<u8>,
    pub kept: Vec<u8>,
    pub reroll: Option<(u8, u8)>,
    pub total: i32,
    pub defence: i32,
    pub score: i32,
    pub result: WoundResult,
}

pub fn roll_shot(spec: ShotSpec, dice: &mut dyn Dice) -> ShotRoll {
    let rolled = vec![dice.d6(), dice.d6()];
    let mut kept = rolled.clone();
    let mut reroll = None;
    if spec.reroll
        && let Some(i) = attacker_rerolls(&kept)
    {
        let new = dice.d6();
        reroll = Some((kept[i], new));
        kept[i] = new;
    }
    let total = kept.iter().map(|d| i32::from(*d)).sum::<i32>() + spec.shoot + spec.modifier;
    let score = total - spec.defence;
    ShotRoll {
        rolled,
        kept,
        reroll,
        total,
        defence: spec.defence,
        score,
        result: wound_result(score),
    }
}

/// A shot into a combat: if it fails to wound its target, a random other model of the combat takes
/// a completely new Shooting Attack; there it stops (tp.15).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct IntoCombat {
    pub first: ShotRoll,
    /// Index into `others` and the second shot, when the first failed.
    pub second: Option<(usize, ShotRoll)>,
}

/// `target`: the shot at the intended target; `others`: the same shot at each other model in the
/// combat (each with its own Defence Score).
pub fn shoot_into_combat(target: ShotSpec, others: &[ShotSpec], dice: &mut dyn Dice) -> IntoCombat {
    let (first, second) = into_combat(
        others.len(),
        dice,
        |at, dice| roll_shot(at.map_or(target, |k| others[k]), dice),
        |roll| roll.result != WoundResult::NoWound,
    );
    IntoCombat { first, second }
}

/// The order of a shot into a combat (tp.15, R-76): `shot(None, ..)` is the shot at the target;
/// unless it `wounded`, one of the `others` other models of the combat, picked at random, takes a
/// completely new Shooting Attack, `shot(Some(k), ..)`, and there it stops. With no others, only
/// the first shot is made and no pick is rolled.
pub fn into_combat<T>(
    others: usize,
    dice: &mut dyn Dice,
    mut shot: impl FnMut(Option<usize>, &mut dyn Dice) -> T,
    wounded: impl Fn(&T) -> bool,
) -> (T, Option<(usize, T)>) {
    let first = shot(None, dice);
    if wounded(&first) || others == 0 {
        return (first, None);
    }
    let k = random_index(others, dice);
    let second = shot(Some(k), dice);
    (first, Some((k, second)))
}

/// A uniform pick among `n` (at most 6) by d6, re-rolling what is out of range; no roll for one.
fn random_index(n: usize, dice: &mut dyn Dice) -> usize {
    if n <= 1 {
        return 0;
    }
    loop {
        let roll = usize::from(dice.d6());
        if roll <= n.min(6) {
            return roll - 1;
        }
    }
}

/// When in the turn the shot is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Phase {
    /// In the Movement phase (a move-and-shoot weapon).
    Move,
    /// In the Action phase.
    #[default]
    Action,
}

/// How the shooter moved this turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Moved {
    /// Did not move.
    #[default]
    No,
    /// A normal move.
    Normal,
    /// Run or gallop.
    Run,
}

/// Cover a target has from a shooter: only the better of the two counts.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Default,
    clap::ValueEnum,
    Serialize,
    JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Cover {
    /// In the open.
    #[default]
    None,
    /// Light cover.
    Light,
    /// Heavy cover.
    Heavy,
}

/// Everything about a shot that changes its numbers.
#[derive(Debug, Clone, Copy, Default)]
pub struct ShotContext {
    /// Distance to the target in inches.
    /// Edge to edge, in inches (R-71: real distances, never rounded).
    pub range: f64,
    pub phase: Phase,
    pub moved: Moved,
    pub previously_fired: bool,
    pub grievous: bool,
    pub target_engaged: bool,
    pub mounted: bool,
    pub bajutsu: bool,
    pub wind: bool,
    /// The target has Yadome-jutsu.
    pub yadome: bool,
    /// Aiming at the rider or the mount specifically.
    pub called_shot: bool,
    pub target_armour: Option<Armour>,
    pub cover: Cover,
    /// Sight facts for the log (no number depends on them): inches of light ground the sight
    /// segment crosses, and whether the target moved or shot this turn.
    pub light_ground: f64,
    pub target_moved_or_shot: bool,
}

/// Why a shot cannot be made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ShotError {
    NotMissile(String),
    OutOfRange { weapon: String, max: u8 },
    Mounted(String),
}

impl std::fmt::Display for ShotError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ShotError::NotMissile(w) => write!(f, "`{w}` is not a missile weapon"),
            ShotError::OutOfRange { weapon, max } => {
                write!(f, "the target is beyond the {weapon}'s {max}\" range")
            }
            ShotError::Mounted(w) => write!(f, "a {w} cannot be used mounted"),
        }
    }
}

/// The range band a shot at `range` inches (edge to edge) falls in.
pub fn range_band(cat: &Catalogue, range: f64) -> Option<&crate::ronin::model::RangeBand> {
    cat.weapons.range_bands.iter().find(|b| match b.max {
        Some(m) if b.inclusive => range <= f64::from(m),
        Some(m) => range < f64::from(m),
        None => true,
    })
}

/// The Shooting Attack Roll modifiers of a shot, each with its reason.
pub fn attack_modifiers(
    cat: &Catalogue,
    weapon: &Weapon,
    ctx: &ShotContext,
) -> Result<Vec<(String, i32)>, ShotError> {
    let mut mods = Vec::new();
    each_attack_modifier(cat, weapon, ctx, |label, value| mods.push((label(), value)))?;
    Ok(mods)
}

/// The sum of a shot's [`attack_modifiers`], with nothing written out (the AI weighs many shots).
pub fn attack_modifier(
    cat: &Catalogue,
    weapon: &Weapon,
    ctx: &ShotContext,
) -> Result<i32, ShotError> {
    let mut sum = 0;
    each_attack_modifier(cat, weapon, ctx, |_, value| sum += value)?;
    Ok(sum)
}

/// Each non-zero Shooting Attack Roll modifier of a shot: its reason (written out only when asked
/// for) and its value.
fn each_attack_modifier(
    cat: &Catalogue,
    weapon: &Weapon,
    ctx: &ShotContext,
    mut item: impl FnMut(&dyn Fn() -> String, i32),
) -> Result<(), ShotError> {
    let Some(max) = weapon.range.as_ref().map(|r| r.value) else {
        return Err(ShotError::NotMissile(weapon.id.clone()));
    };
    if ctx.range > f64::from(max) {
        return Err(ShotError::OutOfRange {
            weapon: weapon.name.clone(),
            max,
        });
    }
    if ctx.mounted && weapon.no_mounted {
        return Err(ShotError::Mounted(weapon.name.clone()));
    }
    let mut push = |label: &dyn Fn() -> String, value: i32| {
        if value != 0 {
            item(label, value);
        }
    };
    if let Some(band) = range_band(cat, ctx.range) {
        let value = if weapon.range_column.as_deref() == Some("teppo") {
            band.teppo
        } else {
            band.modifier
        };
        push(&|| format!("range {}\"", ctx.range), i32::from(value));
    }
    if let Some(far) = weapon
        .far
        .as_ref()
        .filter(|f| ctx.range > f64::from(f.beyond))
    {
        push(
            &|| format!("{} beyond {}\"", weapon.name, far.beyond),
            i32::from(far.modifier),
        );
    }
    if let Some(w) = &weapon.wound_modifier {
        push(&|| format!("{} modifier", weapon.name), i32::from(w.value));
    }
    let moving = !weapon.no_move_penalty;
    let mut flag = |on: bool, label: &'static str, value: i32| {
        if on {
            push(&|| label.to_owned(), value);
        }
    };
    flag(ctx.target_engaged, "target engaged in combat", -1);
    flag(moving && ctx.moved == Moved::Normal, "shooter moved", -1);
    flag(
        moving && ctx.moved == Moved::Run,
        "shooter ran or galloped",
        -2,
    );
    flag(ctx.previously_fired, "already fired this turn", -1);
    flag(ctx.phase == Phase::Move, "shooting in the Move Phase", -1);
    flag(ctx.grievous, "shooter has a Grievous wound", -1);
    flag(ctx.called_shot, "aiming at the rider or the mount", -1);
    let yumi = weapon.id == "yumi";
    flag(
        yumi && ctx.mounted && !ctx.bajutsu,
        "yumi from horseback",
        -2,
    );
    flag(yumi && ctx.wind, "wind", -1);
    flag(yumi && ctx.yadome, "target has Yadome-jutsu", -2);
    Ok(())
}

/// The target's Shooting Defence Score, itemised: 6 + armour (the teppo ignores light and medium,
/// heavy counts as light) + cover.
pub fn defence_items(cat: &Catalogue, weapon: &Weapon, ctx: &ShotContext) -> Vec<(String, i32)> {
    let mut items = Vec::new();
    each_defence_item(cat, weapon, ctx, |label, value| {
        items.push((label(), value))
    });
    items
}

/// The sum of a shot's [`defence_items`]: the target's Shooting Defence Score.
pub fn defence_score(cat: &Catalogue, weapon: &Weapon, ctx: &ShotContext) -> i32 {
    let mut sum = 0;
    each_defence_item(cat, weapon, ctx, |_, value| sum += value);
    sum
}

/// Each item of the target's Shooting Defence Score: its reason (written out only when asked for)
/// and its value.
fn each_defence_item(
    cat: &Catalogue,
    weapon: &Weapon,
    ctx: &ShotContext,
    mut item: impl FnMut(&dyn Fn() -> String, i32),
) {
    item(&|| "base".to_owned(), BASE_DEFENCE);
    if let Some(armour) = ctx.target_armour {
        let effective = if weapon.armour_piercing {
            match armour {
                Armour::Heavy => Armour::Light,
                _ => Armour::None,
            }
        } else {
            // Each class worse steps down the list none < light < medium < heavy.
            let class = Armour::ALL.iter().position(|a| *a == armour).unwrap_or(0);
            Armour::ALL[class.saturating_sub(usize::from(weapon.armour_worse))]
        };
        let value = cat.armour_defence(effective);
        if value != 0 || armour != Armour::None {
            item(
                &|| {
                    let note = if effective == armour {
                        String::new()
                    } else {
                        format!(", counts as {effective} against a {}", weapon.name)
                    };
                    format!("{armour} armour{note}")
                },
                value,
            );
        }
    }
    match ctx.cover {
        Cover::None => {}
        Cover::Light => item(&|| "light cover".to_owned(), 1),
        Cover::Heavy => item(&|| "heavy cover".to_owned(), 2),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ronin::engine::dice::ScriptedDice;

    #[test]
    fn a_miss_into_combat_hits_a_random_other_model_once() {
        let aim = ShotSpec {
            shoot: 1,
            modifier: -1,
            reroll: false,
            defence: 9,
        };
        let friend = ShotSpec { defence: 6, ..aim };
        let other = ShotSpec { defence: 7, ..aim };
        // 2+3 -> 5 against 9: failed. Pick among two: 5 and 6 re-rolled, 2 -> the second. 4+4 -> 8 against 7.
        let mut dice = ScriptedDice::new(&[2, 3, 5, 6, 2, 4, 4]);
        let shot = shoot_into_combat(aim, &[friend, other], &mut dice);
        assert_eq!(shot.first.result, WoundResult::NoWound);
        let (k, second) = shot.second.expect("a second shot");
        assert_eq!(
            (k, second.total, second.result),
            (1, 8, WoundResult::Stunned)
        );
        assert_eq!(dice.remaining(), 0);
    }

    #[test]
    fn a_wounding_shot_into_combat_stops_there() {
        let aim = ShotSpec {
            shoot: 1,
            modifier: 0,
            reroll: false,
            defence: 6,
        };
        let mut dice = ScriptedDice::new(&[6, 6]);
        let shot = shoot_into_combat(aim, &[aim], &mut dice);
        assert_eq!(shot.second, None);
        assert_eq!(shot.first.result, WoundResult::Critical);
    }
}
