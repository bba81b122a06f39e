//! `buntai options`: what a roster may still take. The validator is the judge, as for `suggest`:
//! every model variant and every option of the models already there is tried on a copy of the
//! roster, and kept when it adds no problem and stays within the points. Slack the composition
//! rules leave (teppo and missile slots, rank-ratio headroom, hire slots) is counted from the rules
//! themselves.

use schemars::JsonSchema;
use serde::Serialize;

use crate::ronin::model::{Armour, Catalogue, Faction, OptionKind, Profile};
use crate::ronin::roster::{self, Roster, RosterModel, Rules};
use crate::ronin::rules::{self, Report};
use crate::ronin::suggest::{errors, judge_with, variants};

/// What may still be added to a roster, and what its rules leave free.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Slack {
    pub points_total: i32,
    pub points_limit: Option<u32>,
    /// Points left under the limit (negative when over).
    pub points_left: Option<i64>,
    pub models: u32,
    /// Models that may still join (a Buntai has at most 20).
    pub models_left: u32,
    /// What each composition, weapon and hire rule still allows.
    pub headroom: Vec<Headroom>,
    /// Models that could join as they are, each on its own.
    pub additions: Vec<Addition>,
    /// Options and attributes the models already there could take, each on its own.
    pub upgrades: Vec<Upgrade>,
}

/// How much room one rule leaves.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Headroom {
    pub rule: String,
    pub text: String,
    /// How many more of what the rule limits may be fielded (negative: over by that many).
    pub left: i64,
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Addition {
    pub profile: String,
    pub name: String,
    pub weapons: Vec<String>,
    pub armour: Option<Armour>,
    /// Points for one.
    pub points: i32,
    /// How many of exactly this model could be added, one after the other, keeping the roster
    /// legal and within the points.
    pub up_to: u32,
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Upgrade {
    /// The roster entry, 1-based.
    pub entry: usize,
    pub model: String,
    /// What to take, in the words of `buntai edit` (`--weapon yumi`, `--attribute kenjutsu`).
    pub change: String,
    /// Points it adds (or saves) for the whole entry.
    pub points: i32,
}

/// What `roster` may still take. `None` when the roster names no faction the data has.
pub fn slack(cat: &Catalogue, roster: &Roster) -> Option<Slack> {
    let faction = roster.list(cat)?;
    let limit = roster.points;
    let judge = |r: &Roster| judge_with(cat, r, limit);
    let current = judge(roster);
    let fits = |report: &Report| {
        errors(report) <= errors(&current)
            && limit.is_none_or(|l| i64::from(report.points_total) <= i64::from(l))
    };
    let mut additions = Vec::new();
    for variant in variants(cat, faction, roster.koryu.as_ref()) {
        let mut trial = roster.clone();
        let mut up_to = 0;
        while current.models + up_to < 20 {
            trial.models.push(variant.model());
            if !fits(&judge(&trial)) {
                break;
            }
            up_to += 1;
        }
        if up_to > 0 {
            additions.push(Addition {
                profile: variant.profile.id.clone(),
                name: variant.profile.name.clone(),
                weapons: variant.weapons.clone(),
                armour: variant.armour,
                points: variant.cost,
                up_to,
            });
        }
    }
    let mut upgrades = Vec::new();
    for (i, entry) in roster.models.iter().enumerate() {
        let Some(profile) = cat.profile_for(faction, &entry.profile).map(|p| p.profile) else {
            continue;
        };
        for (change, apply) in changes(cat, profile, entry) {
            let mut trial = roster.clone();
            apply(&mut trial.models[i]);
            let report = judge(&trial);
            if fits(&report) {
                upgrades.push(Upgrade {
                    entry: i + 1,
                    model: profile.name.clone(),
                    change,
                    points: report.points_total - current.points_total,
                });
            }
        }
    }
    Some(Slack {
        points_total: current.points_total,
        points_limit: limit,
        points_left: limit.map(|l| i64::from(l) - i64::from(current.points_total)),
        models: current.models,
        models_left: 20u32.saturating_sub(current.models),
        headroom: headroom(cat, faction, roster),
        additions,
        upgrades,
    })
}

type Apply = Box<dyn Fn(&mut RosterModel)>;

/// Each single change an entry could make: a weapon pick, an armour, a mount, the banner, an
/// exchange or upgrade, a bought attribute.
fn changes(cat: &Catalogue, profile: &Profile, entry: &RosterModel) -> Vec<(String, Apply)> {
    let mut out: Vec<(String, Apply)> = Vec::new();
    for option in &profile.options {
        let taken = entry.options.contains(&option.id);
        match option.kind {
            OptionKind::Weapon | OptionKind::Exchange if !option.one_of.is_empty() => {
                for weapon in &option.one_of {
                    if entry.weapons.contains(weapon) {
                        continue;
                    }
                    let w = weapon.clone();
                    let required = option.required;
                    let ids: Vec<String> = option.one_of.clone();
                    out.push((
                        format!("--weapon {weapon}"),
                        Box::new(move |m: &mut RosterModel| {
                            // A required pick replaces the one made; others add to the list.
                            if required {
                                m.weapons.retain(|x| !ids.contains(x));
                            }
                            m.weapons.push(w.clone());
                        }),
                    ));
                }
            }
            OptionKind::Armour => {
                if let Some(armour) = option.armour.filter(|a| entry.armour != Some(*a)) {
                    out.push((
                        format!("--armour {}", armour.id()),
                        Box::new(move |m: &mut RosterModel| m.armour = Some(armour)),
                    ));
                }
            }
            OptionKind::Mount => {
                if let Some(mount) = option.mount.filter(|_| entry.mount.is_none()) {
                    out.push((
                        format!("--mount {}", mount.id()),
                        Box::new(move |m: &mut RosterModel| m.mount = Some(mount)),
                    ));
                }
            }
            OptionKind::Banner if !entry.banner => {
                out.push((
                    "--banner".to_owned(),
                    Box::new(|m: &mut RosterModel| m.banner = true),
                ));
            }
            OptionKind::Upgrade | OptionKind::Exchange if !taken => {
                let id = option.id.clone();
                out.push((
                    format!("--option {}", option.id),
                    Box::new(move |m: &mut RosterModel| m.options.push(id.clone())),
                ));
            }
            _ => {}
        }
    }
    if profile.attribute_slots.is_some() {
        for attribute in &cat.attributes.attributes {
            if entry.attributes.contains(&attribute.id)
                || profile.attributes.contains(&attribute.id)
            {
                continue;
            }
            let id = attribute.id.clone();
            out.push((
                format!("--attribute {}", attribute.id),
                Box::new(move |m: &mut RosterModel| m.attributes.push(id.clone())),
            ));
        }
    }
    out
}

/// What each limiting rule leaves free, counted from the rule itself.
fn headroom(cat: &Catalogue, faction: &Faction, roster: &Roster) -> Vec<Headroom> {
    let resolved = roster::resolve(cat, faction, roster, Rules::default(), &mut Vec::new());
    let mut out: Vec<Headroom> = rules::headroom(cat, &resolved)
        .into_iter()
        .map(|(rule, text, left)| Headroom { rule, text, left })
        .collect();
    out.sort_by(|a, b| a.rule.cmp(&b.rule));
    out
}
