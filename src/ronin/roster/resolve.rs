//! Resolving a roster entry into an effective model: the profile it names, the options its weapons,
//! armour, mount, banner and option ids select, its attributes, characteristics and cost.
//!
//! This is the one place that computes what a model carries and costs (validator, printer and engine
//! all read a [`ResolvedRoster`]). Whatever the profile does not allow is reported as a [`Violation`]
//! while resolving, and the model is resolved as far as it can be.

use crate::diag::{Code, TomlPath, Violation, did_you_mean};
use crate::ronin::model::{
    Armour, AttributeKind, Catalogue, Faction, Mount, OptionKind, Profile, ProfileOption,
    ProfileSource, Rank,
};

use super::{Roster, RosterModel};

/// The largest `count` an entry may have: the size of the largest Buntai.
pub const MAX_COUNT: u32 = 20;

/// Options that change the rules of the game the roster is checked for.
#[derive(Debug, Clone, Copy, Default)]
pub struct Rules {
    /// The Fatigue advanced rule is in use (Tireless may be bought).
    pub fatigue: bool,
}

/// A roster with every entry resolved.
#[derive(Debug, Clone)]
pub struct ResolvedRoster<'a> {
    pub faction: &'a Faction,
    pub models: Vec<ResolvedModel<'a>>,
    /// Points of Buntai-level purchases (Fearsome Kiai).
    pub purchases_points: i32,
    /// The Koryu primary weapon's canonical id, when declared.
    pub koryu_primary: Option<String>,
}

/// A weapon a model carries: its canonical id and the name the data or roster gave it.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Carried {
    pub id: String,
    pub name: String,
}

/// How a model came to have an attribute.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AttributeOrigin {
    /// Included in the profile.
    Profile,
    /// The Koryu primary weapon's Bujutsu.
    Koryu,
    /// A free pick (the Ninja's Bujutsu, P-01).
    Free,
    /// Bought with an attribute slot.
    Bought,
    /// Kept from before a campaign promotion, free.
    Kept,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeldAttribute {
    pub id: String,
    pub origin: AttributeOrigin,
}

/// One roster entry as it plays: `count` identical models.
#[derive(Debug, Clone)]
pub struct ResolvedModel<'a> {
    /// Index of the `[[models]]` entry.
    pub index: usize,
    pub entry: &'a RosterModel,
    pub profile: &'a Profile,
    pub source: ProfileSource,
    /// The faction profile a disguised Ninja impersonates.
    pub disguise: Option<&'a Profile>,
    pub count: u32,
    pub rank: Rank,
    pub combat_pool: u8,
    pub initiative: u8,
    pub fight: u8,
    pub shoot: u8,
    pub armour: Armour,
    pub mount: Option<Mount>,
    pub weapons: Vec<Carried>,
    pub attributes: Vec<HeldAttribute>,
    /// Ids of the profile options taken.
    pub options: Vec<String>,
    pub banner: bool,
    /// Points for one model.
    pub points_each: i32,
    /// What `points_each` is made of: the profile (or disguise), each priced option, bought
    /// attributes, the Koryu weapon. The parts add up to `points_each`.
    pub cost: Vec<CostPart>,
}

/// One part of a model's cost.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct CostPart {
    pub what: String,
    pub points: i32,
}

impl ResolvedModel<'_> {
    pub fn is_hire(&self) -> bool {
        self.source == ProfileSource::SwordForHire
    }

    pub fn carries(&self, weapon_id: &str) -> bool {
        self.weapons.iter().any(|w| w.id == weapon_id)
    }

    pub fn has_attribute(&self, id: &str) -> bool {
        self.attributes.iter().any(|a| a.id == id)
    }

    pub fn bought_attributes(&self) -> usize {
        self.attributes
            .iter()
            .filter(|a| a.origin == AttributeOrigin::Bought)
            .count()
    }

    pub fn points_total(&self) -> i32 {
        self.points_each
            .saturating_mul(i32::try_from(self.count).unwrap_or(i32::MAX))
    }

    /// A short description for messages: `Ashigaru "Jiro"` or `Samurai (entry 3)`.
    pub fn describe(&self) -> String {
        match &self.entry.name {
            Some(name) => format!("{} \"{name}\"", self.profile.name),
            None => self.profile.name.clone(),
        }
    }
}

impl ResolvedRoster<'_> {
    /// Every model (hires included), counting `count`.
    pub fn model_count(&self) -> u32 {
        self.models.iter().map(|m| m.count).sum()
    }

    /// The faction's own models (not Swords-for-Hire), counting `count`.
    pub fn own(&self) -> impl Iterator<Item = &ResolvedModel<'_>> {
        self.models.iter().filter(|m| !m.is_hire())
    }

    pub fn points_total(&self) -> i32 {
        self.models
            .iter()
            .map(ResolvedModel::points_total)
            .fold(self.purchases_points, i32::saturating_add)
    }

    /// The Leader: the highest Rank, hires included; among equals a `leader = true` entry,
    /// else the first listed.
    pub fn leader(&self) -> Option<&ResolvedModel<'_>> {
        let top = self.models.iter().map(|m| m.rank).max()?;
        let mut candidates = self.models.iter().filter(|m| m.rank == top);
        let first = candidates.clone().next();
        candidates.find(|m| m.entry.leader).or(first)
    }
}

/// Resolve every entry of `roster` for `faction`, reporting what the profiles do not allow.
pub fn resolve<'a>(
    cat: &'a Catalogue,
    faction: &'a Faction,
    roster: &'a Roster,
    rules: Rules,
    out: &mut Vec<Violation>,
) -> ResolvedRoster<'a> {
    let mut models = Vec::new();
    for (index, entry) in roster.models.iter().enumerate() {
        if let Some(model) = resolve_model(cat, faction, roster, index, entry, rules, out) {
            models.push(model);
        }
    }
    let purchases_points = purchases(faction, roster, out);
    let koryu_primary = roster.koryu.as_ref().map(|k| canonical(cat, &k.primary));
    ResolvedRoster {
        faction,
        models,
        purchases_points,
        koryu_primary,
    }
}

/// Buntai-level purchases; only the Fearsome Kiai exists.
fn purchases(faction: &Faction, roster: &Roster, out: &mut Vec<Violation>) -> i32 {
    let Some(bought) = roster.fearsome_kiai else {
        return 0;
    };
    let path = TomlPath::root().key("fearsome-kiai");
    let Some(kiai) = faction.purchases.iter().find(|p| p.id == "fearsome-kiai") else {
        if bought > 0 {
            out.push(
                Violation::error(
                    Code::Option,
                    "purchase-allowed",
                    format!("{} cannot buy Fearsome Kiai", faction.name),
                )
                .help("only a faction that lists it may buy it (the Bushi); remove `fearsome-kiai`")
                .at(path, "not available to this faction"),
            );
        }
        return 0;
    };
    if bought > kiai.max {
        out.push(
            Violation::error(
                Code::Option,
                "purchase-max",
                format!("at most {} {} may be bought", kiai.max, kiai.name),
            )
            .help(format!("set `fearsome-kiai` to {} or less", kiai.max))
            .at(path, "too many"),
        );
    }
    clamp_i32(i64::from(bought.min(kiai.max)) * i64::from(kiai.cost))
}

fn resolve_model<'a>(
    cat: &'a Catalogue,
    faction: &'a Faction,
    roster: &'a Roster,
    index: usize,
    entry: &'a RosterModel,
    rules: Rules,
    out: &mut Vec<Violation>,
) -> Option<ResolvedModel<'a>> {
    let at = TomlPath::root().key("models").index(index);
    if entry.count == Some(0) {
        out.push(
            Violation::error(Code::Option, "model-count", "`count` must be at least 1")
                .help("remove the entry instead")
                .at(at.key("count"), "zero models")
                .model(index),
        );
        return None;
    }
    // No Buntai has more than 20 models; a larger count is reported and taken as 20, so that no
    // sum or expansion downstream can grow without bound.
    let count = entry.count().min(MAX_COUNT);
    if entry.count() > MAX_COUNT {
        out.push(
            Violation::error(
                Code::Size,
                "model-count",
                format!(
                    "`count = {}`: a Buntai has at most {MAX_COUNT} models",
                    entry.count()
                ),
            )
            .help(format!("use a count of {MAX_COUNT} or less"))
            .at(at.key("count"), "too many")
            .model(index),
        );
    }
    let Some(found) = cat.profile_for(faction, &entry.profile) else {
        let names: Vec<&str> = faction
            .profiles
            .iter()
            .map(|p| p.id.as_str())
            .chain(faction.swords_for_hire.allowed.iter().map(String::as_str))
            .collect();
        out.push(
            Violation::error(
                Code::Unknown,
                "unknown-profile",
                format!("{} has no profile `{}`", faction.name, entry.profile),
            )
            .help(did_you_mean(&entry.profile, names.iter().copied()))
            .at(at.key("profile"), "unknown profile")
            .model(index),
        );
        return None;
    };
    let profile = found.profile;
    let mut r = Resolver {
        cat,
        faction,
        roster,
        index,
        at: at.clone(),
        rules,
        out,
        taken: Vec::new(),
        failed_pick: false,
    };

    // A disguised Ninja carries the impersonated model's kit (R-13, P-05).
    let disguise = r.disguise(entry, profile);
    let kit = disguise.unwrap_or(profile);
    let mut weapons: Vec<Carried> = kit
        .weapons
        .iter()
        .map(|w| Carried {
            id: canonical(cat, w),
            name: w.clone(),
        })
        .collect();
    if disguise.is_some() {
        weapons.extend(cat.swords_for_hire.disguise.adds.iter().map(|w| Carried {
            id: canonical(cat, w),
            name: w.clone(),
        }));
    }
    let koryu_weapon = if profile.koryu_weapon {
        r.koryu_weapon(entry)
    } else {
        None
    };
    if let Some(w) = &koryu_weapon {
        weapons.push(Carried {
            id: canonical(cat, w),
            name: w.clone(),
        });
    } else if !profile.koryu_weapon {
        r.weapon_picks(entry, kit, &weapons);
    }
    r.option_ids(entry, kit);
    let armour = r.armour(entry, kit);
    // A promoted model keeps its armour when it is better.
    let armour = entry
        .kept
        .as_ref()
        .and_then(|k| k.armour)
        .map_or(armour, |k| k.max(armour));
    let mount = r.mount(entry, kit);
    let banner = r.banner(entry, kit);
    r.exclusions(kit);
    r.required(kit);
    if disguise.is_some() {
        r.disguise_costs(kit);
    }

    // Apply the options taken, in the profile's order.
    let mut combat_pool = i16::from(profile.combat_pool.value);
    for option in kit.options.iter().filter(|o| r.taken.contains(&o.id)) {
        weapons.retain(|w| {
            !option
                .replaces
                .iter()
                .any(|rep| canonical(cat, rep) == w.id)
        });
        weapons.extend(option.adds.iter().map(|w| Carried {
            id: canonical(cat, w),
            name: w.clone(),
        }));
        combat_pool += i16::from(option.combat_pool.unwrap_or(0));
    }
    for pick in r.picks(entry, kit) {
        weapons.push(Carried {
            id: canonical(cat, &pick),
            name: pick,
        });
    }
    // What a promoted model keeps: its weapons and Attributes, at no cost.
    if let Some(kept) = &entry.kept {
        for w in &kept.weapons {
            let id = canonical(cat, w);
            if cat.weapon(&id).is_some() && !weapons.iter().any(|c| c.id == id) {
                weapons.push(Carried {
                    id,
                    name: w.clone(),
                });
            }
        }
    }
    let mut attributes = r.attributes(entry, profile, &weapons);
    if let Some(kept) = &entry.kept {
        for a in &kept.attributes {
            if cat.attribute(a).is_some() && !attributes.iter().any(|h| h.id == *a) {
                attributes.push(HeldAttribute {
                    id: a.clone(),
                    origin: AttributeOrigin::Kept,
                });
            }
        }
    }
    // An attribute that names weapons (Niten: katana and wakizashi) adds to the Combat Pool only
    // when the model carries all of them.
    combat_pool += attributes
        .iter()
        .filter_map(|a| cat.attribute(&a.id))
        .filter(|a| {
            a.weapons
                .iter()
                .all(|w| weapons.iter().any(|c| c.id == canonical(cat, w)))
        })
        .filter_map(|a| a.combat_pool)
        .map(i16::from)
        .sum::<i16>();

    // Data values are the user's to edit: add in i64 and clamp, so no value can overflow.
    let mut cost: Vec<(String, i64)> = match disguise {
        Some(_) => vec![(
            format!("{} (disguised)", profile.name),
            i64::from(cat.swords_for_hire.disguise.cost),
        )],
        None => std::iter::once((profile.name.clone(), i64::from(profile.points)))
            .chain(
                kit.options
                    .iter()
                    .filter(|o| r.taken.contains(&o.id) && o.cost != 0)
                    .map(|o| {
                        // A weapon pick is named by the weapon picked, not the option's id.
                        let picked = entry.weapons.iter().find(|w| {
                            o.one_of
                                .iter()
                                .any(|x| canonical(cat, x) == canonical(cat, w))
                        });
                        let what = picked.map_or_else(|| o.id.clone(), Clone::clone);
                        (what, i64::from(o.cost))
                    }),
            )
            .collect(),
    };
    let slot_cost = i64::from(profile.attribute_slots.map_or(0, |s| s.cost));
    let bought = attributes
        .iter()
        .filter(|a| a.origin == AttributeOrigin::Bought)
        .count();
    if slot_cost != 0 && bought > 0 {
        let what = if bought == 1 {
            "1 attribute".to_owned()
        } else {
            format!("{bought} attributes")
        };
        cost.push((what, slot_cost * i64::try_from(bought).unwrap_or(0)));
    }
    if let (Some(w), Some(table)) = (&koryu_weapon, &faction.koryu) {
        let extra = table
            .weapons
            .iter()
            .find(|k| canonical(cat, &k.weapon) == canonical(cat, w))
            .map_or(0, |k| i64::from(k.cost));
        if extra != 0 {
            cost.push((format!("{w} (school weapon)"), extra));
        }
    }
    let points = clamp_i32(cost.iter().map(|(_, p)| p).sum());
    let cost = cost
        .into_iter()
        .map(|(what, p)| CostPart {
            what,
            points: clamp_i32(p),
        })
        .collect();

    let options = r.taken.clone();
    Some(ResolvedModel {
        index,
        entry,
        profile,
        source: found.source,
        disguise,
        count,
        rank: profile.rank.value,
        combat_pool: u8::try_from(combat_pool.max(0)).unwrap_or(u8::MAX),
        initiative: profile.initiative.value,
        fight: profile.fight.value,
        shoot: profile.shoot.value,
        armour,
        mount,
        weapons,
        attributes,
        options,
        banner,
        points_each: points,
        cost,
    })
}

fn clamp_i32(x: i64) -> i32 {
    i32::try_from(x.clamp(i64::from(i32::MIN), i64::from(i32::MAX))).unwrap_or(0)
}

/// The canonical id of a weapon name (aliases resolved, R-08); unknown names stay as written.
pub fn canonical(cat: &Catalogue, name: &str) -> String {
    cat.weapon(name)
        .map_or_else(|| name.to_owned(), |w| w.id.clone())
}

struct Resolver<'a, 'o> {
    cat: &'a Catalogue,
    faction: &'a Faction,
    roster: &'a Roster,
    index: usize,
    at: TomlPath,
    rules: Rules,
    out: &'o mut Vec<Violation>,
    /// Ids of the options taken so far.
    taken: Vec<String>,
    /// A listed weapon matched no option: a missing required pick is then the same mistake.
    failed_pick: bool,
}

impl<'a> Resolver<'a, '_> {
    fn push(&mut self, v: Violation) {
        self.out.push(v.model(self.index));
    }

    fn take(&mut self, option: &ProfileOption, path: TomlPath) {
        if self.taken.contains(&option.id) {
            self.push(
                Violation::error(
                    Code::Option,
                    "option-once",
                    format!("option `{}` is taken twice", option.id),
                )
                .help("each option may be taken once per model")
                .at(path, "second time"),
            );
        } else {
            self.taken.push(option.id.clone());
        }
    }

    fn disguise(&mut self, entry: &RosterModel, profile: &'a Profile) -> Option<&'a Profile> {
        let target = entry.disguise.as_ref()?;
        let rule = &self.cat.swords_for_hire.disguise;
        let path = self.at.key("disguise");
        if profile.id != rule.profile {
            self.push(
                Violation::error(
                    Code::Option,
                    "disguise",
                    format!("only a {} may be disguised", rule.profile),
                )
                .help("remove `disguise`")
                .at(path, "not a Ninja"),
            );
            return None;
        }
        let Some(kit) = self.faction.profile(target) else {
            let ids: Vec<&str> = self
                .faction
                .profiles
                .iter()
                .map(|p| p.id.as_str())
                .collect();
            self.push(
                Violation::error(
                    Code::Unknown,
                    "unknown-profile",
                    format!("{} has no profile `{target}`", self.faction.name),
                )
                .help(did_you_mean(target, ids.iter().copied()))
                .at(path, "unknown profile"),
            );
            return None;
        };
        if kit.rank.value > rule.max_rank {
            self.push(
                Violation::error(
                    Code::Option,
                    "disguise",
                    format!(
                        "a disguised Ninja may impersonate only Rank {} or lower; {} is Rank {}",
                        rule.max_rank, kit.name, kit.rank.value
                    ),
                )
                .help("impersonate a Rank 0 or 1 model of the faction (R-13)")
                .at(path, "Rank too high"),
            );
            return None;
        }
        Some(kit)
    }

    /// The Koryu weapon an entry carries; checked against the declaration by the Koryu rule.
    fn koryu_weapon(&mut self, entry: &RosterModel) -> Option<String> {
        match entry.weapons.as_slice() {
            [one] => {
                if self.cat.weapon(one).is_none() {
                    self.unknown_weapon(one, 0);
                    return None;
                }
                Some(one.clone())
            }
            [] => {
                let primary = self
                    .roster
                    .koryu
                    .as_ref()
                    .map_or("<primary>", |k| k.primary.as_str());
                self.push(
                    Violation::error(
                        Code::Koryu,
                        "koryu-weapon",
                        "a Koryu model must carry one of the school's weapons",
                    )
                    .help(format!("add `weapons = [\"{primary}\"]` (R-16, P-09)")),
                );
                None
            }
            [first, ..] => {
                self.push(
                    Violation::error(
                        Code::Koryu,
                        "koryu-weapon",
                        "a Koryu model carries exactly one of the school's weapons",
                    )
                    .help("keep one weapon (R-16)")
                    .at(self.at.key("weapons").index(1), "second weapon"),
                );
                Some(first.clone())
            }
        }
    }

    fn unknown_weapon(&mut self, name: &str, j: usize) {
        self.failed_pick = true;
        let names: Vec<&str> = self.cat.weapon_names().collect();
        self.push(
            Violation::error(
                Code::Unknown,
                "unknown-weapon",
                format!("unknown weapon `{name}`"),
            )
            .help(did_you_mean(name, names.iter().copied()))
            .at(self.at.key("weapons").index(j), "unknown weapon"),
        );
    }

    /// Match each listed weapon to the option that offers it.
    fn weapon_picks(&mut self, entry: &RosterModel, kit: &'a Profile, base: &[Carried]) {
        let mut picked_by: Vec<(String, String)> = Vec::new(); // (option id, weapon name)
        for (j, name) in entry.weapons.iter().enumerate() {
            let path = self.at.key("weapons").index(j);
            let Some(weapon) = self.cat.weapon(name) else {
                self.unknown_weapon(name, j);
                continue;
            };
            let offers = |o: &ProfileOption| {
                matches!(o.kind, OptionKind::Weapon | OptionKind::Exchange)
                    && o.one_of.iter().any(|w| canonical(self.cat, w) == weapon.id)
            };
            let free = kit
                .options
                .iter()
                .find(|o| offers(o) && !picked_by.iter().any(|(id, _)| *id == o.id));
            if let Some(option) = free {
                picked_by.push((option.id.clone(), name.clone()));
                self.take(option, path);
                continue;
            }
            if let Some(option) = kit.options.iter().find(|o| offers(o)) {
                let first = picked_by
                    .iter()
                    .find(|(id, _)| *id == option.id)
                    .map_or("", |(_, w)| w.as_str());
                self.push(
                    Violation::error(
                        Code::Option,
                        "option-one-pick",
                        format!(
                            "`{first}` and `{name}` both come from option `{}`, which allows one",
                            option.id
                        ),
                    )
                    .help(format!("keep one of {}", option.one_of.join(", ")))
                    .at(path, "second pick"),
                );
            } else if base.iter().any(|b| b.id == weapon.id) {
                self.push(
                    Violation::warning(
                        Code::Option,
                        "weapon-already-carried",
                        format!("{} already carries `{name}`", kit.name),
                    )
                    .help("weapons the profile includes need not be listed")
                    .at(path, "already carried"),
                );
            } else {
                let allowed: Vec<&str> = kit
                    .options
                    .iter()
                    .filter(|o| matches!(o.kind, OptionKind::Weapon | OptionKind::Exchange))
                    .flat_map(|o| o.one_of.iter().map(String::as_str))
                    .collect();
                let help = if allowed.is_empty() {
                    format!("{} may not take any other weapon", kit.name)
                } else {
                    format!("{} may pick from: {}", kit.name, allowed.join(", "))
                };
                self.failed_pick = true;
                self.push(
                    Violation::error(
                        Code::Option,
                        "option-weapon",
                        format!("{} cannot carry `{name}`", kit.name),
                    )
                    .help(help)
                    .at(path, "not offered by this profile"),
                );
            }
        }
    }

    /// The listed weapons that a taken option supplies, each option once.
    fn picks(&self, entry: &RosterModel, kit: &Profile) -> Vec<String> {
        let mut used: Vec<String> = Vec::new();
        let mut picks = Vec::new();
        if kit.koryu_weapon {
            return picks;
        }
        for name in &entry.weapons {
            let Some(weapon) = self.cat.weapon(name) else {
                continue;
            };
            let option = kit.options.iter().find(|o| {
                matches!(o.kind, OptionKind::Weapon | OptionKind::Exchange)
                    && self.taken.contains(&o.id)
                    && !used.contains(&o.id)
                    && o.one_of.iter().any(|w| canonical(self.cat, w) == weapon.id)
            });
            if let Some(o) = option {
                used.push(o.id.clone());
                picks.push(name.clone());
            }
        }
        picks
    }

    /// Options named by id in `options = [...]`.
    fn option_ids(&mut self, entry: &RosterModel, kit: &'a Profile) {
        for (j, id) in entry.options.iter().enumerate() {
            let path = self.at.key("options").index(j);
            let Some(option) = kit.option(id) else {
                let ids: Vec<&str> = kit.options.iter().map(|o| o.id.as_str()).collect();
                let help = if ids.is_empty() {
                    format!("{} has no options", kit.name)
                } else {
                    did_you_mean(id, ids.iter().copied())
                };
                self.push(
                    Violation::error(
                        Code::Unknown,
                        "unknown-option",
                        format!("{} has no option `{id}`", kit.name),
                    )
                    .help(help)
                    .at(path, "unknown option"),
                );
                continue;
            };
            let field = match option.kind {
                _ if !option.one_of.is_empty() => Some(format!(
                    "name the weapon in `weapons` (one of {})",
                    option.one_of.join(", ")
                )),
                OptionKind::Armour => option.armour.map(|a| format!("write `armour = \"{a}\"`")),
                OptionKind::Mount => option.mount.map(|m| format!("write `mount = \"{m}\"`")),
                OptionKind::Banner => Some("write `banner = true`".to_owned()),
                _ => None,
            };
            if let Some(help) = field {
                self.push(
                    Violation::error(
                        Code::Option,
                        "option-field",
                        format!("option `{id}` is chosen with its own key"),
                    )
                    .help(help)
                    .at(path, "chosen elsewhere"),
                );
                continue;
            }
            self.take(option, path);
        }
    }

    fn armour(&mut self, entry: &RosterModel, kit: &'a Profile) -> Armour {
        let after_exchanges = kit
            .options
            .iter()
            .filter(|o| o.kind != OptionKind::Armour && self.taken.contains(&o.id))
            .filter_map(|o| o.armour)
            .next_back()
            .unwrap_or(kit.armour);
        let Some(wanted) = entry.armour else {
            return after_exchanges;
        };
        if wanted == after_exchanges {
            return wanted;
        }
        let path = self.at.key("armour");
        if let Some(option) = kit
            .options
            .iter()
            .find(|o| o.kind == OptionKind::Armour && o.armour == Some(wanted))
        {
            self.take(option, path);
            return wanted;
        }
        let offered: Vec<String> = std::iter::once(after_exchanges.to_string())
            .chain(
                kit.options
                    .iter()
                    .filter(|o| o.kind == OptionKind::Armour)
                    .filter_map(|o| o.armour)
                    .map(|a| a.to_string()),
            )
            .collect();
        self.push(
            Violation::error(
                Code::Option,
                "option-armour",
                format!("{} cannot have {wanted} armour", kit.name),
            )
            .help(format!("its armour may be: {}", offered.join(", ")))
            .at(path, "not offered by this profile"),
        );
        after_exchanges
    }

    fn mount(&mut self, entry: &RosterModel, kit: &'a Profile) -> Option<Mount> {
        // A mount included in the profile (Korean and Ming cavalry) needs no `mount` line.
        let Some(wanted) = entry.mount else {
            return kit.mount;
        };
        if kit.mount == Some(wanted) {
            return Some(wanted);
        }
        let path = self.at.key("mount");
        if let Some(option) = kit
            .options
            .iter()
            .find(|o| o.kind == OptionKind::Mount && o.mount == Some(wanted))
        {
            self.take(option, path);
            return Some(wanted);
        }
        let offered: Vec<String> = kit
            .options
            .iter()
            .filter(|o| o.kind == OptionKind::Mount)
            .filter_map(|o| o.mount)
            .map(|m| m.to_string())
            .collect();
        let help = if offered.is_empty() {
            format!("{} may not be mounted", kit.name)
        } else {
            format!("it may ride: {}", offered.join(", "))
        };
        self.push(
            Violation::error(
                Code::Option,
                "option-mount",
                format!("{} cannot ride a {wanted}", kit.name),
            )
            .help(help)
            .at(path, "not offered by this profile"),
        );
        kit.mount
    }

    fn banner(&mut self, entry: &RosterModel, kit: &'a Profile) -> bool {
        if !entry.banner {
            return false;
        }
        let path = self.at.key("banner");
        if let Some(option) = kit.options.iter().find(|o| o.kind == OptionKind::Banner) {
            self.take(option, path);
            return true;
        }
        let bearers: Vec<&str> = self
            .faction
            .profiles
            .iter()
            .filter(|p| p.options.iter().any(|o| o.kind == OptionKind::Banner))
            .map(|p| p.id.as_str())
            .collect();
        let help = if bearers.is_empty() {
            format!("{} field no banners (R-15)", self.faction.name)
        } else {
            format!(
                "banner bearers in this faction: {} (R-15)",
                bearers.join(", ")
            )
        };
        self.push(
            Violation::error(
                Code::Banner,
                "banner-bearer",
                format!("{} may not carry a banner", kit.name),
            )
            .help(help)
            .at(path, "not a banner bearer"),
        );
        false
    }

    /// Options that exclude each other, and exchanges that give up the same weapon.
    fn exclusions(&mut self, kit: &'a Profile) {
        let taken: Vec<&ProfileOption> = kit
            .options
            .iter()
            .filter(|o| self.taken.contains(&o.id))
            .collect();
        for (i, a) in taken.iter().enumerate() {
            for b in &taken[i + 1..] {
                let excluded = a.excludes.contains(&b.id) || b.excludes.contains(&a.id);
                let same_slot = a.replaces.iter().any(|w| b.replaces.contains(w))
                    || (a.kind == b.kind
                        && matches!(a.kind, OptionKind::Armour | OptionKind::Mount));
                if !(excluded || same_slot) {
                    continue;
                }
                let banner = [a, b].iter().any(|o| o.kind == OptionKind::Banner);
                let (code, rule, help) = if banner {
                    (
                        Code::Banner,
                        "banner-equipment",
                        "a banner bearer may take no other equipment (R-15)".to_owned(),
                    )
                } else {
                    (
                        Code::Option,
                        "option-exclusive",
                        format!("take either `{}` or `{}`", a.id, b.id),
                    )
                };
                self.push(
                    Violation::error(
                        code,
                        rule,
                        format!("{} cannot take both `{}` and `{}`", kit.name, a.id, b.id),
                    )
                    .help(help),
                );
            }
        }
    }

    /// Required picks (the Ashigaru's second weapon) unless an excluding option is taken.
    fn required(&mut self, kit: &'a Profile) {
        let taken = self.taken.clone();
        for option in kit
            .options
            .iter()
            .filter(|o| o.required && !taken.contains(&o.id))
        {
            let waived = kit
                .options
                .iter()
                .any(|o| taken.contains(&o.id) && o.excludes.contains(&option.id));
            if waived || self.failed_pick {
                continue;
            }
            let first = option.one_of.first().map_or("", String::as_str);
            self.push(
                Violation::error(
                    Code::Option,
                    "option-required",
                    format!("{} must pick one of {}", kit.name, option.one_of.join(", ")),
                )
                .help(format!(
                    "add `weapons = [\"{first}\"]` (or another of the list)"
                )),
            );
        }
    }

    /// A disguised Ninja takes only the impersonated profile's free choices (P-05).
    fn disguise_costs(&mut self, kit: &'a Profile) {
        let taken = self.taken.clone();
        for option in kit
            .options
            .iter()
            .filter(|o| taken.contains(&o.id) && o.cost != 0)
        {
            self.push(
                Violation::error(
                    Code::Option,
                    "disguise",
                    format!("a disguised Ninja cannot take `{}`", option.id),
                )
                .help("it carries the impersonated model's standard equipment only (R-13, P-05)"),
            );
        }
    }

    fn attributes(
        &mut self,
        entry: &RosterModel,
        profile: &'a Profile,
        weapons: &[Carried],
    ) -> Vec<HeldAttribute> {
        let cat = self.cat;
        let mut held: Vec<HeldAttribute> = profile
            .attributes
            .iter()
            .map(|a| HeldAttribute {
                id: a.clone(),
                origin: AttributeOrigin::Profile,
            })
            .collect();
        if profile.koryu_bujutsu {
            let primary = self
                .roster
                .koryu
                .as_ref()
                .map(|k| canonical(cat, &k.primary));
            let bujutsu = primary.and_then(|p| {
                cat.attributes.attributes.iter().find(|a| {
                    a.kind == AttributeKind::Bujutsu
                        && a.weapons.iter().any(|w| canonical(cat, w) == p)
                })
            });
            if let Some(b) = bujutsu {
                held.push(HeldAttribute {
                    id: b.id.clone(),
                    origin: AttributeOrigin::Koryu,
                });
            }
        }
        let mut free_left = profile.bujutsu_picks;
        let slots = profile.attribute_slots.map_or(0, |s| s.count);
        let mut bought = 0u8;
        for (j, id) in entry.attributes.iter().enumerate() {
            let path = self.at.key("attributes").index(j);
            let Some(attribute) = cat.attribute(id) else {
                let ids: Vec<&str> = cat
                    .attributes
                    .attributes
                    .iter()
                    .map(|a| a.id.as_str())
                    .collect();
                self.push(
                    Violation::error(
                        Code::Unknown,
                        "unknown-attribute",
                        format!("unknown attribute `{id}`"),
                    )
                    .help(did_you_mean(id, ids.iter().copied()))
                    .at(path, "unknown attribute"),
                );
                continue;
            };
            if let Some(existing) = held.iter().find(|h| h.id == *id) {
                let message = if existing.origin == AttributeOrigin::Bought
                    || existing.origin == AttributeOrigin::Free
                {
                    format!("`{id}` is listed twice")
                } else {
                    format!("{} already has `{id}`", profile.name)
                };
                self.push(
                    Violation::error(Code::Option, "option-attributes", message)
                        .help("no attribute may be taken twice (R-17)")
                        .at(path, "duplicate"),
                );
                continue;
            }
            if attribute.kind == AttributeKind::Fatigue && !self.rules.fatigue {
                self.push(
                    Violation::error(
                        Code::Option,
                        "option-tireless",
                        format!("`{id}` exists only with the Fatigue rule"),
                    )
                    .help("remove it, or validate with `--fatigue` (R-17, P-04)")
                    .at(path, "Fatigue rule not in use"),
                );
                continue;
            }
            let origin = if free_left > 0 && attribute.kind == AttributeKind::Bujutsu {
                free_left -= 1;
                AttributeOrigin::Free
            } else {
                bought += 1;
                if bought > slots {
                    let help = match slots {
                        0 => format!("{} may not buy attributes", profile.name),
                        n => format!("{} may buy up to {n} (R-17)", profile.name),
                    };
                    self.push(
                        Violation::error(
                            Code::Option,
                            "option-attributes",
                            format!("too many attributes for {}", profile.name),
                        )
                        .help(help)
                        .at(path, "one too many"),
                    );
                }
                AttributeOrigin::Bought
            };
            held.push(HeldAttribute {
                id: id.clone(),
                origin,
            });
        }
        if free_left > 0 {
            self.push(
                Violation::error(Code::Option, "option-free-bujutsu", format!("{} includes a Bujutsu of choice; name it", profile.name))
                    .help("add a weapon Bujutsu to `attributes`, e.g. `attributes = [\"kenjutsu\"]` (P-01)"),
            );
        }
        self.prerequisites(entry, &held);
        self.unused_bujutsu(entry, &held, weapons);
        held
    }

    fn prerequisites(&mut self, entry: &RosterModel, held: &[HeldAttribute]) {
        let cat = self.cat;
        for h in held {
            let Some(attribute) = cat.attribute(&h.id) else {
                continue;
            };
            let j = entry.attributes.iter().position(|a| *a == h.id);
            let path = j.map_or_else(|| self.at.clone(), |j| self.at.key("attributes").index(j));
            for need in &attribute.requires {
                if !held.iter().any(|x| x.id == *need) {
                    self.push(
                        Violation::error(
                            Code::Option,
                            "option-prerequisite",
                            format!("`{}` needs `{need}`", h.id),
                        )
                        .help(format!("add `{need}` to the attributes first (R-17)"))
                        .at(path.clone(), "prerequisite missing"),
                    );
                }
            }
            if let Some(kind) = attribute.requires_kind {
                let has = held
                    .iter()
                    .any(|x| x.id != h.id && cat.attribute(&x.id).is_some_and(|a| a.kind == kind));
                if !has {
                    self.push(
                        Violation::error(
                            Code::Option,
                            "option-prerequisite",
                            format!("`{}` needs a {}", h.id, kind.label()),
                        )
                        .help(format!("add any {} first (R-17)", kind.label()))
                        .at(path, "prerequisite missing"),
                    );
                }
            }
        }
    }

    /// a weapon Bujutsu for a weapon the model does not carry is legal but wasted.
    fn unused_bujutsu(&mut self, entry: &RosterModel, held: &[HeldAttribute], weapons: &[Carried]) {
        let cat = self.cat;
        for (j, id) in entry.attributes.iter().enumerate() {
            let Some(attribute) = cat.attribute(id) else {
                continue;
            };
            if attribute.kind != AttributeKind::Bujutsu || !held.iter().any(|h| h.id == *id) {
                continue;
            }
            let covers = attribute
                .weapons
                .iter()
                .any(|w| weapons.iter().any(|c| c.id == canonical(cat, w)));
            if !covers {
                self.push(
                    Violation::warning(
                        Code::Option,
                        "bujutsu-unused",
                        format!(
                            "`{id}` is for {}, which this model does not carry",
                            attribute.weapons.join(", ")
                        ),
                    )
                    .help("legal, but the Bujutsu will never be used (R-17)")
                    .at(self.at.key("attributes").index(j), "weapon not carried"),
                );
            }
        }
    }
}
