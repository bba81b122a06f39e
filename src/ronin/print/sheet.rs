//! The roster sheet view model: a resolved roster with every value a player needs at the table,
//! computed once and rendered as text, Markdown, HTML or JSON.

use schemars::JsonSchema;
use serde::Serialize;

use crate::diag::{ProblemJson, Severity};
use crate::ronin::model::{Catalogue, OptionKind, WeaponKind};
use crate::ronin::roster::{AttributeOrigin, ResolvedModel, ResolvedRoster, Roster};
use crate::ronin::rules::Report;

/// Everything printed on a roster sheet. Its JSON form is `schemas/sheet.schema.json`.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Sheet {
    pub name: Option<String>,
    /// The opponent's copy (`print --for-opponent`): what the rules keep secret is left out.
    pub opponent_copy: bool,
    /// Profiles of the mounts the Buntai rides.
    pub mounts: Vec<SheetMount>,
    /// The data the sheet was made with (changes whenever the data changes).
    pub data_version: String,
    pub faction: FactionLine,
    pub legal: bool,
    /// Problems, errors first (the sheet still prints an illegal roster), as `validate` gives them.
    pub problems: Vec<ProblemJson>,
    pub models: u32,
    pub points: SheetPoints,
    pub leader: Option<String>,
    pub morale: SheetMorale,
    pub entries: Vec<SheetEntry>,
    pub purchases: Vec<SheetPurchase>,
    /// Attributes present on the sheet, with a reminder of what each does.
    pub attributes: Vec<SheetAttribute>,
    /// Faction scoring and special rules.
    pub scoring: Vec<String>,
    /// Rules the hired models bring along (Ronin flee when Wavering, ...).
    pub hire_rules: Vec<String>,
    pub koryu: Option<SheetKoryu>,
}

/// Who the sheet is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum View {
    /// The player's own sheet: everything.
    #[default]
    Own,
    /// The opponent's copy: a disguised Ninja shows as the model it impersonates.
    Opponent,
}

/// A mount's profile, for the table.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct SheetMount {
    pub name: String,
    #[serde(rename = "move")]
    pub move_inches: u8,
    pub gallop: u8,
    /// Fight when the mount itself is attacked (no armour, always an Enhanced Defence).
    pub defence_fight: u8,
    /// A mount that fights on its own (the warhorse).
    pub fights: Option<SheetMountFights>,
    pub summary: String,
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct SheetMountFights {
    pub attack_counters: u8,
    pub initiative: u8,
    pub fight: u8,
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct FactionLine {
    pub id: String,
    pub name: String,
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct SheetPoints {
    pub total: i32,
    pub limit: Option<u32>,
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct SheetMorale {
    pub rating: u8,
    /// The rating and what changes it, in words.
    pub text: String,
    pub notes: Vec<String>,
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct SheetKoryu {
    pub primary: String,
    pub secondary: Vec<String>,
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct SheetPurchase {
    pub name: String,
    pub count: u32,
    pub points: i32,
}

/// One roster entry (`count` identical models) with effective values for play.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct SheetEntry {
    /// 1-based position in the roster, as `buntai remove` takes it.
    pub number: usize,
    pub profile: String,
    pub profile_name: String,
    pub name: Option<String>,
    pub count: u32,
    pub leader: bool,
    pub hired: bool,
    /// The profile a disguised Ninja impersonates.
    pub disguised_as: Option<String>,
    pub model_type: String,
    pub rank: u8,
    pub combat_pool: u8,
    pub initiative: u8,
    pub fight: u8,
    pub shoot: u8,
    pub armour: String,
    pub mount: Option<String>,
    pub movement: SheetMovement,
    pub weapons: Vec<SheetWeapon>,
    pub attributes: Vec<String>,
    /// Options taken other than weapon picks, banners and mounts (shown elsewhere).
    pub options: Vec<SheetOption>,
    pub banner: bool,
    pub points_each: i32,
    pub points_total: i32,
    /// What `points_each` is made of: the profile, each priced option, bought attributes.
    pub cost: Vec<crate::ronin::roster::CostPart>,
    /// A campaign model's experience, Rank and availability (`print --campaign`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub campaign: Option<String>,
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct SheetMovement {
    #[serde(rename = "move")]
    pub move_inches: u8,
    /// Run (on foot) or gallop (mounted).
    pub fast: u8,
}

/// A carried weapon with the model's effective numbers for it.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct SheetWeapon {
    pub id: String,
    pub name: String,
    pub kind: WeaponKind,
    /// Initiative with this weapon (first round of a combat), Fast included.
    pub initiative: Option<i16>,
    /// Initiative in later rounds, when the weapon changes it.
    pub initiative_later: Option<i16>,
    /// Attack Roll modifier: weapon, Powerful, mounted penalty.
    pub attack: Option<i16>,
    pub range: Option<u8>,
    /// Shooting Attack Roll modifier with this weapon (Shoot + the weapon's modifier).
    pub shoot: Option<i16>,
    /// One-line summary: "Init 3, Attack +0" or "48\" range, Shoot +1, reload".
    pub text: String,
    /// The compact form printed on the HTML sheet: "3/+0", "5>0/+0", "48\" +1".
    pub short: String,
    /// Must be reloaded after firing (the teppo): the play sheet has a box for it.
    pub reload: bool,
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct SheetOption {
    pub id: String,
    pub effect: String,
    pub cost: i32,
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct SheetAttribute {
    pub id: String,
    pub name: String,
    pub kind: String,
    pub summary: String,
}

/// Build the sheet from a validation report and the resolved roster.
pub fn build(
    cat: &Catalogue,
    roster: &Roster,
    resolved: &ResolvedRoster<'_>,
    report: &Report,
    view: View,
) -> Sheet {
    let faction = resolved.faction;
    let leader = resolved.leader().map(|m| m.index);
    let secret = |m: &ResolvedModel<'_>| view == View::Opponent && m.disguise.is_some();
    let entries: Vec<SheetEntry> = resolved
        .models
        .iter()
        .map(|m| {
            let e = entry(cat, m, leader == Some(m.index));
            if secret(m) {
                as_seen_by_opponent(cat, m, e)
            } else {
                e
            }
        })
        .collect();
    let mut attribute_ids: Vec<&str> = resolved
        .models
        .iter()
        .flat_map(|m| {
            let shown: Vec<&str> = if secret(m) {
                m.disguise
                    .map(|d| d.attributes.iter().map(String::as_str).collect())
                    .unwrap_or_default()
            } else {
                m.attributes.iter().map(|a| a.id.as_str()).collect()
            };
            shown
        })
        .collect();
    attribute_ids.sort_unstable();
    attribute_ids.dedup();
    let attributes = attribute_ids
        .iter()
        .filter_map(|id| cat.attribute(id))
        .map(|a| SheetAttribute {
            id: a.id.clone(),
            name: a.name.clone(),
            kind: a.kind.label().to_owned(),
            summary: a.summary.clone(),
        })
        .collect();
    let mut hire_rules: Vec<String> = Vec::new();
    for m in resolved.models.iter().filter(|m| m.is_hire() && !secret(m)) {
        for note in &m.profile.notes {
            let line = format!("{}: {note}", m.profile.name);
            if !hire_rules.contains(&line) {
                hire_rules.push(line);
            }
        }
    }
    if resolved.models.iter().any(|m| m.is_hire() && !secret(m)) {
        hire_rules.push("Swords-for-Hire never score the faction's special Victory Points and do not count for its composition (R-10).".to_owned());
    }
    let mut scoring: Vec<String> = faction
        .special_rules
        .iter()
        .map(|r| r.summary.clone())
        .collect();
    scoring.extend(faction.scoring.iter().map(|s| s.summary.clone()));
    let purchases = faction
        .purchases
        .iter()
        .filter_map(|p| {
            let count = if p.id == "fearsome-kiai" {
                roster.fearsome_kiai.unwrap_or(0)
            } else {
                0
            };
            (count > 0).then(|| SheetPurchase {
                name: p.name.clone(),
                count,
                points: p.cost.saturating_mul(i32::try_from(count).unwrap_or(0)),
            })
        })
        .collect();
    let hidden: Vec<usize> = resolved
        .models
        .iter()
        .filter(|m| secret(m))
        .map(|m| m.index)
        .collect();
    let mut problems: Vec<ProblemJson> = report
        .violations
        .iter()
        .filter(|v| v.model.is_none_or(|i| !hidden.contains(&i)))
        .map(|v| ProblemJson::from_violation(v, &report.file))
        .collect();
    problems.sort_by_key(|p| p.severity != Severity::Error);
    let mut morale_notes = faction.morale.notes.clone();
    if faction.banner.is_some() && resolved.models.iter().any(|m| m.banner) {
        morale_notes.push(
            "While a living model holds the banner, failed Morale Tests may be re-rolled."
                .to_owned(),
        );
    }
    if resolved.models.iter().any(|m| m.has_attribute("commander")) {
        morale_notes.push("A model with Commander gives -1 to Morale Tests.".to_owned());
    }
    let mut mounts: Vec<SheetMount> = cat
        .weapons
        .mounts
        .iter()
        .filter(|p| resolved.models.iter().any(|m| m.mount == Some(p.id)))
        .map(|p| SheetMount {
            name: p.name.clone(),
            move_inches: p.move_inches,
            gallop: p.gallop,
            defence_fight: p.defence_fight.value,
            fights: p.fights.as_ref().map(|f| SheetMountFights {
                attack_counters: f.attack_counters,
                initiative: f.initiative,
                fight: f.fight,
            }),
            summary: p.summary.clone(),
        })
        .collect();
    mounts.sort_by(|a, b| a.name.cmp(&b.name));
    // The opponent's copy counts a disguised model at the impersonated profile's points.
    let shown_difference: i32 = entries
        .iter()
        .zip(&resolved.models)
        .map(|(e, m)| e.points_total - m.points_total())
        .sum();
    let points_total = resolved.points_total() + shown_difference;
    Sheet {
        name: roster.name.clone(),
        data_version: cat.data_version.clone(),
        opponent_copy: view == View::Opponent,
        mounts,
        faction: FactionLine {
            id: faction.id.clone(),
            name: faction.name.clone(),
        },
        legal: report.valid(),
        problems,
        models: resolved.model_count(),
        points: SheetPoints {
            total: points_total,
            limit: report.points_limit,
        },
        leader: report.leader.clone(),
        morale: SheetMorale {
            rating: faction.morale.rating,
            text: faction.morale.describe(),
            notes: morale_notes,
        },
        entries,
        purchases,
        attributes,
        scoring,
        hire_rules,
        koryu: roster.koryu.as_ref().map(|k| SheetKoryu {
            primary: k.primary.clone(),
            secondary: k.secondary.clone(),
        }),
    }
}

/// A disguised Ninja as the opponent sees it: the model it impersonates, with that profile's
/// numbers and points (R-13; the kit is already the impersonated profile's).
fn as_seen_by_opponent(cat: &Catalogue, m: &ResolvedModel<'_>, mut e: SheetEntry) -> SheetEntry {
    let Some(shown) = m.disguise else { return e };
    e.profile = shown.id.clone();
    e.profile_name = shown.name.clone();
    e.hired = false;
    e.disguised_as = None;
    e.model_type = shown.model_type.clone();
    e.rank = shown.rank.value.get();
    e.combat_pool = shown.combat_pool.value;
    e.initiative = shown.initiative.value;
    e.fight = shown.fight.value;
    e.shoot = shown.shoot.value;
    e.armour = shown.armour.to_string();
    e.attributes = shown
        .attributes
        .iter()
        .map(|a| {
            cat.attribute(a)
                .map_or_else(|| a.clone(), |x| x.name.clone())
        })
        .collect();
    // The impersonated profile's own numbers, and only the kit it would carry: the Ninja's
    // concealed extras (shuriken) stay hidden.
    let has = |id: &str| i16::from(shown.attributes.iter().any(|a| a == id));
    let adds = &cat.swords_for_hire.disguise.adds;
    e.weapons = sheet_weapons(
        cat,
        m.weapons.iter().filter(|c| {
            !adds
                .iter()
                .any(|a| crate::ronin::roster::canonical(cat, a) == c.id)
        }),
        WeaponNumbers {
            initiative: i16::from(shown.initiative.value) + has("fast"),
            attack: has("powerful"),
            shoot: i16::from(shown.shoot.value),
        },
    );
    e.points_each = shown.points;
    e.points_total = shown
        .points
        .saturating_mul(i32::try_from(e.count).unwrap_or(i32::MAX));
    e.cost = vec![crate::ronin::roster::CostPart {
        what: shown.name.clone(),
        points: shown.points,
    }];
    e
}

/// The model's numbers a weapon's line is worked out from.
struct WeaponNumbers {
    /// Initiative before the weapon's own modifier (Fast and a banner's burden included).
    initiative: i16,
    /// What adds to every weapon's Attack (Powerful, a mount, a banner's burden).
    attack: i16,
    shoot: i16,
}

/// Each weapon carried, as the sheet prints it: its Initiative and Attack, or range and Shoot.
fn sheet_weapons<'w>(
    cat: &Catalogue,
    carried: impl Iterator<Item = &'w crate::ronin::roster::Carried>,
    numbers: WeaponNumbers,
) -> Vec<SheetWeapon> {
    carried
        .filter_map(|c| {
            let w = cat.weapon(&c.id)?;
            let value = |v: &Option<crate::ronin::model::Sourced<i8>>| {
                v.as_ref().map(|s| i16::from(s.value))
            };
            let mut sheet = SheetWeapon {
                id: w.id.clone(),
                name: c.name.clone(),
                kind: w.kind,
                initiative: None,
                initiative_later: None,
                attack: None,
                range: None,
                shoot: None,
                text: String::new(),
                short: String::new(),
                reload: w.reload,
            };
            match w.kind {
                WeaponKind::Melee => {
                    let init = numbers.initiative;
                    sheet.initiative = value(&w.initiative).map(|v| init + v);
                    sheet.initiative_later = value(&w.initiative_later).map(|v| init + v);
                    sheet.attack = value(&w.attack).map(|v| v + numbers.attack);
                    let mut text = format!("Init {}", sheet.initiative.unwrap_or(init));
                    if let Some(later) = sheet.initiative_later {
                        text.push_str(&format!(" (then {later})"));
                    }
                    text.push_str(&format!(", Attack {:+}", sheet.attack.unwrap_or(0)));
                    if let Some(e) = value(&w.enhanced_attack) {
                        text.push_str(&format!(", {e:+} Enhanced"));
                    }
                    sheet.text = text;
                    let later = sheet
                        .initiative_later
                        .map_or(String::new(), |l| format!(">{l}"));
                    let enhanced = value(&w.enhanced_attack)
                        .map_or(String::new(), |e| format!(" ({e:+} Enh.)"));
                    sheet.short = format!(
                        "{}{later}/{:+}{enhanced}",
                        sheet.initiative.unwrap_or(init),
                        sheet.attack.unwrap_or(0)
                    );
                }
                WeaponKind::Missile => {
                    sheet.range = w.range.as_ref().map(|r| r.value);
                    sheet.shoot = Some(numbers.shoot + value(&w.wound_modifier).unwrap_or(0));
                    sheet.text = format!(
                        "{}\" range, Shoot {:+}{}",
                        sheet.range.unwrap_or(0),
                        sheet.shoot.unwrap_or(0),
                        if w.reload { ", reload" } else { "" }
                    );
                    sheet.short = format!(
                        "{}\" {:+}",
                        sheet.range.unwrap_or(0),
                        sheet.shoot.unwrap_or(0)
                    );
                }
                WeaponKind::Shield => {
                    sheet.text = "counted in the armour".to_owned();
                    sheet.short = "in armour".to_owned();
                }
            }
            Some(sheet)
        })
        .collect()
}

fn entry(cat: &Catalogue, m: &ResolvedModel<'_>, leader: bool) -> SheetEntry {
    let fast = i16::from(m.has_attribute("fast"));
    let powerful = i16::from(m.has_attribute("powerful"));
    let mounted_penalty = if m.mount.is_some() && !m.has_attribute("bajutsu") {
        -2
    } else {
        0
    };
    // A banner bearer rolls Initiative, Attack and Defence at -1 while engaged (tp.27): the sheet
    // folds it into the numbers it prints.
    let burden = -i16::from(m.banner);
    let movement = match m
        .mount
        .and_then(|mount| cat.weapons.mounts.iter().find(|p| p.id == mount))
    {
        Some(mount) => SheetMovement {
            move_inches: mount.move_inches,
            fast: mount.gallop,
        },
        None => SheetMovement {
            move_inches: cat.weapons.foot.move_inches,
            fast: cat.weapons.foot.run,
        },
    };
    let weapons = sheet_weapons(
        cat,
        m.weapons.iter(),
        WeaponNumbers {
            initiative: i16::from(m.initiative) + fast + burden,
            attack: powerful + mounted_penalty + burden,
            shoot: i16::from(m.shoot),
        },
    );
    let attributes = m
        .attributes
        .iter()
        .map(|a| {
            let name = cat
                .attribute(&a.id)
                .map_or_else(|| a.id.clone(), |x| x.name.clone());
            match a.origin {
                AttributeOrigin::Profile | AttributeOrigin::Bought => name,
                AttributeOrigin::Koryu => format!("{name} (school)"),
                AttributeOrigin::Free => format!("{name} (free)"),
                AttributeOrigin::Kept => format!("{name} (kept)"),
            }
        })
        .collect();
    let kit = m.disguise.unwrap_or(m.profile);
    let options = kit
        .options
        .iter()
        .filter(|o| {
            // Weapon picks show among the weapons, banners and mounts as tags.
            m.options.contains(&o.id)
                && o.one_of.is_empty()
                && !matches!(o.kind, OptionKind::Banner | OptionKind::Mount)
        })
        .map(|o| SheetOption {
            id: o.id.clone(),
            effect: o.describe(),
            cost: if m.disguise.is_some() { 0 } else { o.cost },
        })
        .collect();
    SheetEntry {
        number: m.index + 1,
        profile: m.profile.id.clone(),
        profile_name: m.profile.name.clone(),
        name: m.entry.name.clone(),
        campaign: None,
        count: m.count,
        leader,
        hired: m.is_hire(),
        disguised_as: m.disguise.map(|d| d.name.clone()),
        model_type: m.profile.model_type.clone(),
        rank: m.rank.get(),
        combat_pool: m.combat_pool,
        initiative: m.initiative,
        fight: m.fight,
        shoot: m.shoot,
        armour: m.armour.to_string(),
        mount: m.mount.map(|x| x.to_string()),
        movement,
        weapons,
        attributes,
        options,
        banner: m.banner,
        points_each: m.points_each,
        points_total: m.points_total(),
        cost: m.cost.clone(),
    }
}
