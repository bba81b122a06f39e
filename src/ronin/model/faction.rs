//! A faction file: its morale, hiring rules, banners, scoring, composition rules and model list.

use std::fmt;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Profile, Provenance, Rank};

/// One `factions/<id>.toml` file.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Faction {
    pub id: String,
    pub name: String,
    pub summary: String,
    pub morale: Morale,
    pub swords_for_hire: SwordsForHire,
    /// Present when the faction may field banners; the carriers are the profiles with a banner option.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub banner: Option<Banner>,
    /// Buntai-level purchases such as the Bushi's Fearsome Kiai.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub purchases: Vec<Purchase>,
    /// The Koryu weapon table.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub koryu: Option<KoryuRules>,
    /// Victory points the faction scores on top of the scenario.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub scoring: Vec<Scoring>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub special_rules: Vec<SpecialRule>,
    /// Composition rules, interpreted by the validator by `check.kind`.
    #[serde(default)]
    pub composition: Vec<CompositionRule>,
    /// Model Types of which no two may fight one enemy together (a period list's R-90).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub restraint: Vec<String>,
    pub profiles: Vec<Profile>,
}

impl Faction {
    pub fn profile(&self, id: &str) -> Option<&Profile> {
        self.profiles.iter().find(|p| p.id == id)
    }
}

/// The faction's Morale Rating and what changes it.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Morale {
    pub rating: u8,
    pub source: Provenance,
    /// Rating while the Buntai has a banner (Ikko-Ikki).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub with_banner: Option<u8>,
    /// Rating while a given profile is absent or dead (Koryu without the Sensei).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub without_profile: Option<ProfileRating>,
    /// Ratings by the ratio of own models to enemy models, best first (Peasants); `rating` is the fallback.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub by_peasant_ratio: Vec<PeasantRatio>,
    /// A failed test may be passed by removing a friendly model near the Leader (Bandits, R-45).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sacrifice: Option<Sacrifice>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

/// The Bandits' sacrifice: a friendly model whose base is within `within` inches of the
/// Leader's may be removed, as killed, to pass a failed Morale test.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Sacrifice {
    pub within: f64,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ProfileRating {
    pub profile: String,
    pub rating: u8,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct PeasantRatio {
    pub at_least: u8,
    pub rating: u8,
}

impl Morale {
    /// Plain-words description of the rating and its variants.
    pub fn describe(&self) -> String {
        let mut text = self.rating.to_string();
        if let Some(r) = self.with_banner {
            text.push_str(&format!(", {r} with a banner"));
        }
        if let Some(p) = &self.without_profile {
            text = format!("{text} ({} without the {})", p.rating, p.profile);
        }
        if !self.by_peasant_ratio.is_empty() {
            let steps: Vec<String> = self
                .by_peasant_ratio
                .iter()
                .map(|s| format!("{} at {}:1", s.rating, s.at_least))
                .collect();
            text = format!(
                "{} ({}, else {})",
                self.rating,
                steps.join(", "),
                self.rating
            );
        }
        text
    }
}

/// Who the faction may hire.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct SwordsForHire {
    /// Sword-for-Hire profile ids the faction may field.
    pub allowed: Vec<String>,
    /// Most hires as a percentage of all models, rounded down. Absent: no cap.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cap_percent: Option<u8>,
    /// Per-faction limits on hires, e.g. one Warrior Monk.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub limits: Vec<SwordsForHireLimit>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

/// At most `max` models from `profiles`, counted together.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SwordsForHireLimit {
    pub profiles: Vec<String>,
    pub max: u32,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Banner {
    /// Most banners in one Buntai. Absent: any number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<u32>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Purchase {
    pub id: String,
    pub name: String,
    pub cost: i32,
    pub max: u32,
    pub summary: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct KoryuRules {
    /// How many secondary weapons may be declared besides the primary.
    pub secondary_max: u8,
    pub weapons: Vec<KoryuWeapon>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct KoryuWeapon {
    pub weapon: String,
    /// Points per model armed with it.
    pub cost: i32,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Scoring {
    pub id: String,
    pub trigger: ScoringTrigger,
    pub vp: f64,
    pub summary: String,
}

/// The events faction scoring rules react to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ScoringTrigger {
    FriendlyKilledByLowerRank,
    HeadCollected,
    Seppuku,
    NinjaHired,
    PrimaryWeaponSurvivor,
    #[serde(rename = "loot-rank-1-2")]
    LootRank1To2,
    #[serde(rename = "loot-rank-3-plus")]
    LootRank3Plus,
    EnemySamuraiKilled,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SpecialRule {
    pub id: String,
    pub summary: String,
}

/// One composition rule: an id the validator reports, plain words, and the check to run.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CompositionRule {
    pub id: String,
    pub text: String,
    /// Rulings that decide how the rule counts or rounds.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rulings: Vec<String>,
    pub check: Check,
}

/// The kinds of composition check. Counting follows R-10 (own models only) unless said otherwise.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Check {
    /// count(at-least) >= per x count(for-each). With `waived-if-none`, no `at-least` models waives it.
    #[serde(rename_all = "kebab-case")]
    Ratio {
        at_least: Selector,
        per: u32,
        for_each: Selector,
        #[serde(default)]
        waived_if_none: bool,
    },
    /// count(group) > count(than).
    MoreThan { group: Selector, than: Selector },
    /// count(group) <= max.
    AtMost { group: Selector, max: u32 },
    /// Models carrying one of `weapons` (or any missile weapon) <= floor(percent% of models).
    WeaponLimit {
        #[serde(default)]
        weapons: Vec<String>,
        #[serde(default)]
        missile: bool,
        percent: u32,
    },
    /// If any model matches `if-any`, no model may match `then-none`.
    #[serde(rename_all = "kebab-case")]
    Excludes {
        if_any: Selector,
        then_none: Selector,
    },
    /// Points spent on `group` >= percent% of the whole roster's points, hires included.
    PointsShare { group: Selector, percent: u32 },
    /// Models carrying the Koryu primary weapon >= ceil(percent% of models).
    PrimaryWeapon { percent: u32 },
    /// Models of `group` that buy an Attribute <= floor(percent% of the group).
    AttributeShare { group: Selector, percent: u32 },
    /// A model of `group` that buys Attributes buys one of `one-of` first (Kamakura, R-123).
    #[serde(rename_all = "kebab-case")]
    FirstAttribute {
        group: Selector,
        one_of: Vec<String>,
    },
}

impl Check {
    pub fn kind(&self) -> &'static str {
        match self {
            Check::Ratio { .. } => "ratio",
            Check::MoreThan { .. } => "more-than",
            Check::AtMost { .. } => "at-most",
            Check::WeaponLimit { .. } => "weapon-limit",
            Check::Excludes { .. } => "excludes",
            Check::PointsShare { .. } => "points-share",
            Check::PrimaryWeapon { .. } => "primary-weapon",
            Check::AttributeShare { .. } => "attribute-share",
            Check::FirstAttribute { .. } => "first-attribute",
        }
    }

    /// Every selector of the check with the key it sits under.
    pub fn selectors(&self) -> Vec<(&'static str, &Selector)> {
        match self {
            Check::Ratio {
                at_least, for_each, ..
            } => vec![("at-least", at_least), ("for-each", for_each)],
            Check::MoreThan { group, than } => vec![("group", group), ("than", than)],
            Check::AtMost { group, .. }
            | Check::PointsShare { group, .. }
            | Check::AttributeShare { group, .. }
            | Check::FirstAttribute { group, .. } => {
                vec![("group", group)]
            }
            Check::Excludes { if_any, then_none } => {
                vec![("if-any", if_any), ("then-none", then_none)]
            }
            Check::WeaponLimit { .. } | Check::PrimaryWeapon { .. } => vec![],
        }
    }
}

/// Which models a rule counts. All given fields must match; an empty selector matches every model.
///
/// Ranks are plain numbers here (checked to be 0-5 by the loader's cross-check, which can point at
/// the exact value: serde loses spans inside the internally tagged [`Check`]).
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Selector {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ranks: Vec<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_rank: Option<u8>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub profiles: Vec<String>,
}

impl Selector {
    pub fn matches(&self, profile_id: &str, rank: Rank) -> bool {
        (self.ranks.is_empty() || self.ranks.contains(&rank.get()))
            && self.min_rank.is_none_or(|min| rank.get() >= min)
            && (self.profiles.is_empty() || self.profiles.iter().any(|p| p == profile_id))
    }
}

impl fmt::Display for Selector {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        if !self.ranks.is_empty() {
            let ranks: Vec<String> = self.ranks.iter().map(u8::to_string).collect();
            parts.push(format!("Rank {}", ranks.join("/")));
        }
        if let Some(min) = self.min_rank {
            parts.push(format!("Rank {min}+"));
        }
        if !self.profiles.is_empty() {
            parts.push(self.profiles.join("/"));
        }
        if parts.is_empty() {
            f.write_str("any model")
        } else {
            f.write_str(&parts.join(" "))
        }
    }
}
