//! `buntai odds`: exact probabilities of one melee attack or one shot, by full enumeration under
//! the R-30 re-roll policies. A player's calculator, and the ground truth the engine is tested
//! against.

use clap::{Args, Subcommand};
use serde::Serialize;

use crate::cli::ListFormat;
use crate::cli::output::{ArmourArg, Out, emit, print_json};
use crate::diag::{did_you_mean, exit};
use crate::ronin::engine::shooting::{
    Cover, Moved, Phase, ShotContext, attack_modifiers, defence_items,
};
use crate::ronin::engine::{
    AttackSide, DefenceSide, Distribution, ShotSpec, WoundResult, melee_odds, shooting_odds,
};
use crate::ronin::model::{Armour, AttributeKind, Catalogue, Profile};
use crate::ronin::print::Doc;
use crate::ronin::roster::canonical;

#[derive(Debug, Subcommand)]
pub enum OddsCommand {
    /// One hand-to-hand attack.
    Melee(MeleeArgs),
    /// One shooting attack.
    Shoot(ShootArgs),
}

#[derive(Debug, Args)]
pub struct MeleeArgs {
    /// The attacker's Fight (or take it from --attacker).
    #[arg(long, allow_negative_numbers = true, value_parser = clap::value_parser!(i32).range(-10..=20))]
    pub fight: Option<i32>,
    /// Other modifiers to the Attack Roll (weapon, Powerful, ...), added to any from --attacker.
    #[arg(long = "mod", default_value_t = 0, allow_negative_numbers = true, value_parser = clap::value_parser!(i32).range(-20..=20))]
    pub modifier: i32,
    /// The attacker Enhances (3 dice, keep 2).
    #[arg(long)]
    pub enhance: bool,
    /// The attacker may re-roll one die (a Bujutsu for the weapon).
    #[arg(long)]
    pub reroll: bool,
    /// The attacker as FACTION/PROFILE, e.g. bushi/samurai (swords-for-hire/ronin for hires).
    #[arg(long, value_name = "FACTION/PROFILE")]
    pub attacker: Option<String>,
    /// The attacker's weapon (with --attacker).
    #[arg(long)]
    pub weapon: Option<String>,
    /// Attributes the attacker bought (repeatable).
    #[arg(long = "attribute", value_name = "ATTRIBUTE")]
    pub attributes: Vec<String>,
    /// The attacker is mounted (-2 unless Bajutsu).
    #[arg(long)]
    pub mounted: bool,
    /// The defender's Fight (or take it from --defender).
    #[arg(long, allow_negative_numbers = true, value_parser = clap::value_parser!(i32).range(-10..=20))]
    pub vs_fight: Option<i32>,
    /// The defender's armour (or take it from --defender).
    #[arg(long, value_enum)]
    pub vs_armour: Option<ArmourArg>,
    /// Other modifiers to the Defence Roll (engaged by three or more -1, banner -1, ...).
    #[arg(long = "vs-mod", default_value_t = 0, allow_negative_numbers = true, value_parser = clap::value_parser!(i32).range(-20..=20))]
    pub vs_modifier: i32,
    /// The defender Enhances (2 dice, both kept).
    #[arg(long)]
    pub vs_enhance: bool,
    /// The defender may re-roll one die.
    #[arg(long)]
    pub vs_reroll: bool,
    /// The defender as FACTION/PROFILE.
    #[arg(long, value_name = "FACTION/PROFILE")]
    pub defender: Option<String>,
    /// The defender's weapon (its Bujutsu gives the re-roll), with --defender.
    #[arg(long)]
    pub vs_weapon: Option<String>,
    /// Attributes the defender bought (repeatable).
    #[arg(long = "vs-attribute", value_name = "ATTRIBUTE")]
    pub vs_attributes: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ListFormat::Text)]
    pub format: ListFormat,
}

#[derive(Debug, Args)]
pub struct ShootArgs {
    /// The shooter's Shoot (or take it from --shooter).
    #[arg(long, allow_negative_numbers = true, value_parser = clap::value_parser!(i32).range(-10..=20))]
    pub shoot: Option<i32>,
    /// The shooter as FACTION/PROFILE.
    #[arg(long, value_name = "FACTION/PROFILE")]
    pub shooter: Option<String>,
    /// The missile weapon.
    #[arg(long)]
    pub weapon: String,
    /// Distance to the target in inches.
    #[arg(long)]
    pub range: f64,
    /// When in the turn the shot is made.
    #[arg(long, value_enum, default_value_t = Phase::Action)]
    pub phase: Phase,
    /// How the shooter moved this turn.
    #[arg(long, value_enum, default_value_t = Moved::No)]
    pub moved: Moved,
    /// The shooter already fired this turn.
    #[arg(long)]
    pub fired: bool,
    /// The shooter has a Grievous wound.
    #[arg(long)]
    pub grievous: bool,
    /// The target is engaged in combat.
    #[arg(long)]
    pub engaged: bool,
    /// The shooter is mounted.
    #[arg(long)]
    pub mounted: bool,
    /// The shooter has Bajutsu.
    #[arg(long)]
    pub bajutsu: bool,
    /// Wind (weather): yumi -1.
    #[arg(long)]
    pub wind: bool,
    /// The shooter may re-roll one die (Kyujutsu/Hojutsu).
    #[arg(long)]
    pub reroll: bool,
    /// Other modifiers to the Shooting Attack Roll.
    #[arg(long = "mod", default_value_t = 0, allow_negative_numbers = true, value_parser = clap::value_parser!(i32).range(-20..=20))]
    pub modifier: i32,
    /// The target's armour (or take it from --target).
    #[arg(long, value_enum)]
    pub vs_armour: Option<ArmourArg>,
    /// The target as FACTION/PROFILE.
    #[arg(long, value_name = "FACTION/PROFILE")]
    pub target: Option<String>,
    /// Cover the target has from the shooter.
    #[arg(long, value_enum, default_value_t = Cover::None)]
    pub cover: Cover,
    /// The target has Yadome-jutsu (yumi -2).
    #[arg(long)]
    pub yadome: bool,
    /// The target is mounted: a shot hits the mount on a d6 of 1-4 and the rider on 5-6, unless
    /// `--aim` names one (-1). The mount counts as light armour (none against a teppo).
    #[arg(long)]
    pub vs_mounted: bool,
    /// Aim at the rider or the mount of a mounted target (-1 to the roll).
    #[arg(long, value_enum, requires = "vs_mounted")]
    pub aim: Option<Aim>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ListFormat::Text)]
    pub format: ListFormat,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Aim {
    /// At the rider.
    Rider,
    /// At the mount.
    Mount,
}

/// The exact odds of one attack or shot, as `odds --format json` prints them.
#[derive(Serialize, schemars::JsonSchema)]
pub struct OddsJson {
    attack: Vec<Term>,
    defence: Vec<Term>,
    attack_dice: String,
    attack_reroll: bool,
    /// Empty for shooting, where the defence is a fixed score.
    defence_dice: String,
    defence_reroll: bool,
    results: Vec<ResultJson>,
    at_least_light: ResultJson,
    /// For a shot at a mounted model: what the shot is aimed at, or how it falls.
    target: Option<String>,
}

#[derive(Serialize, Clone, schemars::JsonSchema)]
pub struct Term {
    what: String,
    value: i32,
}

#[derive(Serialize, schemars::JsonSchema)]
pub struct ResultJson {
    result: String,
    numerator: u64,
    denominator: u64,
    percent: f64,
}

fn term(what: impl Into<String>, value: i32) -> Term {
    Term {
        what: what.into(),
        value,
    }
}

/// A profile named FACTION/PROFILE.
fn find<'a>(cat: &'a Catalogue, spec: &str) -> Result<&'a Profile, String> {
    let (faction, profile) = spec
        .split_once('/')
        .ok_or_else(|| format!("`{spec}`: write FACTION/PROFILE, e.g. bushi/samurai"))?;
    let profiles: Vec<&Profile> = match faction {
        "swords-for-hire" => cat.swords_for_hire.profiles.iter().collect(),
        "scenario-profiles" => cat.scenario.profiles.iter().collect(),
        _ => match cat.faction(faction) {
            Some(f) => f.profiles.iter().collect(),
            None => {
                let ids = cat
                    .factions
                    .iter()
                    .map(|f| f.id.as_str())
                    .chain(["swords-for-hire", "scenario-profiles"]);
                return Err(format!(
                    "unknown faction `{faction}`: {}",
                    did_you_mean(faction, ids)
                ));
            }
        },
    };
    profiles
        .iter()
        .find(|p| p.id == profile)
        .copied()
        .ok_or_else(|| {
            format!(
                "{faction} has no profile `{profile}`: {}",
                did_you_mean(profile, profiles.iter().map(|p| p.id.as_str()))
            )
        })
}

/// Whether these attributes include a Bujutsu for `weapon`.
fn has_bujutsu(cat: &Catalogue, attributes: &[String], weapon: &str) -> bool {
    let weapon = canonical(cat, weapon);
    attributes.iter().filter_map(|a| cat.attribute(a)).any(|a| {
        a.kind == AttributeKind::Bujutsu && a.weapons.iter().any(|w| canonical(cat, w) == weapon)
    })
}

/// The profile's own attributes and those named on the command line, each of which must exist (D12:
/// a typo must not silently give the odds without the attribute).
fn all_attributes(
    cat: &Catalogue,
    profile: Option<&Profile>,
    bought: &[String],
) -> Result<Vec<String>, String> {
    if let Some(unknown) = bought.iter().find(|a| cat.attribute(a).is_none()) {
        let ids = cat.attributes.attributes.iter().map(|a| a.id.as_str());
        return Err(format!(
            "unknown attribute `{unknown}`: {}",
            did_you_mean(unknown, ids)
        ));
    }
    Ok(profile
        .map(|p| p.attributes.clone())
        .unwrap_or_default()
        .into_iter()
        .chain(bought.iter().cloned())
        .collect())
}

pub fn run(out: &Out, cat: &Catalogue, command: &OddsCommand) -> u8 {
    let result = match command {
        OddsCommand::Melee(args) => melee(cat, args).map(|r| (r, args.format)),
        OddsCommand::Shoot(args) => shoot(cat, args).map(|r| (r, args.format)),
    };
    match result {
        Ok((report, ListFormat::Json)) => print_json(&report),
        Ok((report, ListFormat::Text)) => {
            emit(&render(&report).to_text(out.text_style()));
            exit::SUCCESS
        }
        Err(message) => {
            out.error(&message);
            exit::USAGE
        }
    }
}

fn melee(cat: &Catalogue, args: &MeleeArgs) -> Result<OddsJson, String> {
    let attacker = args.attacker.as_deref().map(|s| find(cat, s)).transpose()?;
    let defender = args.defender.as_deref().map(|s| find(cat, s)).transpose()?;
    let mut attack = Vec::new();
    let fight = args
        .fight
        .or(attacker.map(|p| i32::from(p.fight.value)))
        .ok_or("give --fight or --attacker")?;
    attack.push(term("Fight", fight));
    let attributes = all_attributes(cat, attacker, &args.attributes)?;
    let armour: Armour = args
        .vs_armour
        .map(Armour::from)
        .or(defender.map(|p| p.armour))
        .ok_or("give --vs-armour or --defender")?;
    let mut reroll = args.reroll;
    let mut enhanced_bonus = 0;
    if let Some(name) = &args.weapon {
        let weapon = cat.weapon(name).ok_or_else(|| {
            format!(
                "unknown weapon `{name}`: {}",
                did_you_mean(name, cat.weapon_names())
            )
        })?;
        if let Some(a) = &weapon.attack {
            attack.push(term(weapon.name.clone(), i32::from(a.value)));
        }
        if armour == Armour::Heavy
            && let Some(v) = &weapon.vs_heavy_armour
        {
            attack.push(term(
                format!("{} against heavy armour", weapon.name),
                i32::from(v.value),
            ));
        }
        if args.enhance
            && let Some(bonus) = &weapon.enhanced_attack
        {
            enhanced_bonus = i32::from(bonus.value);
        }
        reroll |= has_bujutsu(cat, &attributes, name);
    }
    if attributes.iter().any(|a| a == "powerful") {
        attack.push(term("Powerful", 1));
    }
    if args.mounted && !attributes.iter().any(|a| a == "bajutsu") {
        attack.push(term("mounted", -2));
    }
    if args.modifier != 0 {
        attack.push(term("other", args.modifier));
    }
    let vs_fight = args
        .vs_fight
        .or(defender.map(|p| i32::from(p.fight.value)))
        .ok_or("give --vs-fight or --defender")?;
    let armour_value = cat.armour_defence(armour);
    let mut defence = vec![
        term("Fight", vs_fight),
        term(format!("{armour} armour"), armour_value),
    ];
    if args.vs_modifier != 0 {
        defence.push(term("other", args.vs_modifier));
    }
    let vs_attributes = all_attributes(cat, defender, &args.vs_attributes)?;
    let vs_weapon = args
        .vs_weapon
        .clone()
        .or(defender.and_then(|p| p.weapons.first().cloned()));
    let vs_reroll = args.vs_reroll
        || vs_weapon
            .as_deref()
            .is_some_and(|w| has_bujutsu(cat, &vs_attributes, w));
    let side = AttackSide {
        fight,
        modifier: attack.iter().skip(1).map(|t| t.value).sum(),
        enhanced: args.enhance,
        reroll,
        enhanced_bonus,
    };
    if enhanced_bonus != 0 {
        attack.push(term("Enhanced tetsubo", enhanced_bonus));
    }
    let vs_side = DefenceSide {
        fight: vs_fight,
        armour: armour_value,
        modifier: args.vs_modifier,
        enhanced: args.vs_enhance,
        reroll: vs_reroll,
    };
    let odds = melee_odds(side, vs_side);
    let attack_dice = if args.enhance { "3d6 keep 2" } else { "2d6" };
    let defence_dice = if args.vs_enhance { "2d6" } else { "1d6" };
    Ok(report(
        attack,
        defence,
        (attack_dice, reroll),
        (defence_dice, vs_reroll),
        &odds,
    ))
}

fn shoot(cat: &Catalogue, args: &ShootArgs) -> Result<OddsJson, String> {
    let shooter = args.shooter.as_deref().map(|s| find(cat, s)).transpose()?;
    let target = args.target.as_deref().map(|s| find(cat, s)).transpose()?;
    let weapon = cat.weapon(&args.weapon).ok_or_else(|| {
        format!(
            "unknown weapon `{}`: {}",
            args.weapon,
            did_you_mean(&args.weapon, cat.weapon_names())
        )
    })?;
    let shoot = args
        .shoot
        .or(shooter.map(|p| i32::from(p.shoot.value)))
        .ok_or("give --shoot or --shooter")?;
    let attributes = all_attributes(cat, shooter, &[])?;
    let rider_armour = args
        .vs_armour
        .map(Armour::from)
        .or(target.map(|p| p.armour));
    let ctx = ShotContext {
        range: args.range,
        phase: args.phase,
        moved: args.moved,
        previously_fired: args.fired,
        grievous: args.grievous,
        target_engaged: args.engaged,
        mounted: args.mounted,
        bajutsu: args.bajutsu || attributes.iter().any(|a| a == "bajutsu"),
        wind: args.wind,
        yadome: args.yadome,
        called_shot: args.aim.is_some(),
        target_armour: match args.aim {
            // A mount counts as light armour against shooting (tp.28).
            Some(Aim::Mount) => Some(Armour::Light),
            _ => rider_armour,
        },
        cover: args.cover,
        ..Default::default()
    };
    let mods = attack_modifiers(cat, weapon, &ctx).map_err(|e| e.to_string())?;
    let mut attack = vec![term("Shoot", shoot)];
    attack.extend(mods.into_iter().map(|(w, v)| term(w, v)));
    if args.modifier != 0 {
        attack.push(term("other", args.modifier));
    }
    let defence: Vec<Term> = defence_items(cat, weapon, &ctx)
        .into_iter()
        .map(|(w, v)| term(w, v))
        .collect();
    let reroll = args.reroll || has_bujutsu(cat, &attributes, &weapon.id);
    let spec = ShotSpec {
        shoot,
        modifier: attack.iter().skip(1).map(|t| t.value).sum(),
        reroll,
        defence: defence.iter().map(|t| t.value).sum(),
    };
    let odds = shooting_odds(spec);
    let mut json = report(attack, defence, ("2d6", reroll), ("", false), &odds);
    if args.vs_mounted && args.aim.is_none() {
        // Unaimed, the shot hits the mount on 1-4 and the rider on 5-6: the same roll against
        // each defence, weighted.
        let mount_ctx = ShotContext {
            target_armour: Some(Armour::Light),
            ..ctx
        };
        let mount_defence: i32 = defence_items(cat, weapon, &mount_ctx)
            .into_iter()
            .map(|(_, v)| v)
            .sum();
        let at_mount = shooting_odds(ShotSpec {
            defence: mount_defence,
            ..spec
        });
        json.target = Some("mounted: the mount on a d6 of 1-4, the rider on 5-6".to_owned());
        json.results = WoundResult::ALL
            .iter()
            .map(|r| result_json(&format!("rider {}", r.label()), odds.fraction_of(*r, 2, 6)))
            .chain(WoundResult::ALL.iter().map(|r| {
                result_json(
                    &format!("mount {}", r.label()),
                    at_mount.fraction_of(*r, 4, 6),
                )
            }))
            .collect();
        let light_or_worse = |d: &Distribution| {
            [
                WoundResult::Light,
                WoundResult::Grievous,
                WoundResult::Critical,
            ]
            .iter()
            .map(|r| d.count(*r))
            .sum::<u64>()
        };
        json.at_least_light = result_json(
            "At least Light on the rider",
            reduce_pair(light_or_worse(&odds) * 2, odds.denominator * 6),
        );
    } else if let Some(aim) = args.aim {
        json.target = Some(format!(
            "aimed at the {} (-1)",
            match aim {
                Aim::Rider => "rider",
                Aim::Mount => "mount",
            }
        ));
    }
    Ok(json)
}

use crate::fraction::reduce as reduce_pair;

fn result_json(label: &str, (numerator, denominator): (u64, u64)) -> ResultJson {
    ResultJson {
        result: label.to_owned(),
        numerator,
        denominator,
        percent: (numerator as f64 / denominator as f64 * 10_000.0).round() / 100.0,
    }
}

fn report(
    attack: Vec<Term>,
    defence: Vec<Term>,
    attack_dice: (&str, bool),
    defence_dice: (&str, bool),
    odds: &Distribution,
) -> OddsJson {
    let result = result_json;
    OddsJson {
        attack,
        defence,
        attack_dice: attack_dice.0.to_owned(),
        attack_reroll: attack_dice.1,
        defence_dice: defence_dice.0.to_owned(),
        defence_reroll: defence_dice.1,
        results: WoundResult::ALL
            .iter()
            .map(|r| result(r.label(), odds.fraction(*r)))
            .collect(),
        at_least_light: result("At least Light", odds.at_least_light()),
        target: None,
    }
}

fn render(r: &OddsJson) -> Doc {
    let side = |terms: &[Term], reroll: bool| {
        let total: i32 = terms.iter().map(|t| t.value).sum();
        let mut parts: Vec<String> = terms
            .iter()
            .map(|t| format!("{} {:+}", t.what, t.value))
            .collect();
        if reroll {
            parts.push("may re-roll one die".to_owned());
        }
        (total, parts.join(", "))
    };
    let (a_total, a_parts) = side(&r.attack, r.attack_reroll);
    let (d_total, d_parts) = side(&r.defence, r.defence_reroll);
    let mut doc = Doc::new("Odds of one attack");
    if let Some(target) = &r.target {
        doc.para(format!("Target: {target}."));
    }
    let defence = if r.defence_dice.is_empty() {
        format!("{d_total}")
    } else {
        format!("{} {d_total:+}", r.defence_dice)
    };
    doc.para(format!(
        "Attack Roll: {} {a_total:+} ({a_parts}) against {}: {defence} ({d_parts}).",
        r.attack_dice,
        if r.defence_dice.is_empty() {
            "Shooting Defence"
        } else {
            "Defence Roll"
        }
    ));
    let mut rows: Vec<Vec<String>> = r
        .results
        .iter()
        .map(|x| {
            vec![
                x.result.clone(),
                format!("{}/{}", x.numerator, x.denominator),
                format!("{:.2}%", x.percent),
            ]
        })
        .collect();
    let x = &r.at_least_light;
    rows.push(vec![
        x.result.clone(),
        format!("{}/{}", x.numerator, x.denominator),
        format!("{:.2}%", x.percent),
    ]);
    doc.table(&["Result", "Exact", "Percent"], rows);
    doc.para(
        "Exact, by enumerating every die. Re-rolls follow ruling R-30: the attacker re-rolls his lowest kept die \
         on 3 or less; the defender his lowest die on 3 or less when behind.",
    );
    doc
}
