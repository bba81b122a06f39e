//! `periods.toml`: the book's main period and the appendix's other periods (R-123..R-125).
//!
//! A period other than the main one names the lists it offers. Each list is a faction file of
//! the main period changed by plain edits (armour swapped, weapons forbidden or exchanged, hires
//! forbidden, rules added or dropped, profiles borrowed from other factions); the loader applies
//! them (`crate::ronin::load::period`), so a period list is an ordinary [`super::Faction`] to every
//! other part of the program.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Armour, CompositionRule, SpecialRule};

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PeriodsFile {
    pub periods: Vec<Period>,
}

/// One historical period a roster may be written for (`period = "kamakura"`).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Period {
    pub id: String,
    pub name: String,
    pub summary: String,
    /// The book's main period: every faction file as written, and the default of a roster.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub main: bool,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rulings: Vec<String>,
    /// The lists this period offers (a main period offers every faction file instead).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lists: Vec<PeriodList>,
    /// Weapons the period brings (shown by `buntai factions --period`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub weapons: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

/// One list of a period: a faction file of the main period, changed.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct PeriodList {
    /// The id rosters name in `faction`.
    pub faction: String,
    /// The faction file the list starts from; absent: the file with the id `faction`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summary: Option<String>,
    /// A new Morale Rating.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub morale: Option<u8>,
    /// Profiles taken from other faction files.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub borrow: Vec<Borrow>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub armour: Vec<ArmourSwap>,
    /// Weapons no model may take; options left with no choice go.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub forbid_weapons: Vec<String>,
    /// Weapons taken instead of others, at the same cost.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub swap_weapons: Vec<WeaponSwap>,
    /// Swords-for-Hire the list may not take.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub forbid_hires: Vec<String>,
    /// Composition rules of the base that do not hold.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub drop_composition: Vec<String>,
    /// Composition rules added.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub composition: Vec<CompositionRule>,
    /// Model Types of which no two may fight one enemy together.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub restraint: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub special_rules: Vec<SpecialRule>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rulings: Vec<String>,
}

impl PeriodList {
    pub fn base(&self) -> &str {
        self.base.as_deref().unwrap_or(&self.faction)
    }

    /// What the list changes from its base, in plain words, one line each.
    pub fn changes(&self) -> Vec<String> {
        let mut lines = Vec::new();
        if let Some(rating) = self.morale {
            lines.push(format!("Morale {rating}"));
        }
        for b in &self.borrow {
            lines.push(format!(
                "adds the {} (`{}`, the {} list's `{}`)",
                b.name, b.id, b.faction, b.profile
            ));
        }
        for a in &self.armour {
            let who = if a.types.is_empty() {
                "every model".to_owned()
            } else {
                format!("Type {} models", a.types.join("/"))
            };
            lines.push(format!(
                "{who}: {} armour becomes {} ({:+} points); no {} armour option",
                a.from, a.to, a.cost, a.from
            ));
        }
        for w in &self.swap_weapons {
            lines.push(format!("{} instead of {}, at the same cost", w.to, w.from));
        }
        if !self.forbid_weapons.is_empty() {
            lines.push(format!("no {}", self.forbid_weapons.join(", no ")));
        }
        if !self.forbid_hires.is_empty() {
            lines.push(format!("no {} hired", self.forbid_hires.join(" or ")));
        }
        for id in &self.drop_composition {
            lines.push(format!("rule `{id}` no longer applies"));
        }
        for rule in &self.composition {
            lines.push(format!("{} (`{}`)", rule.text, rule.id));
        }
        for rule in &self.special_rules {
            lines.push(rule.summary.clone());
        }
        lines
    }
}

/// A profile of another faction file, under a new id.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Borrow {
    pub faction: String,
    pub profile: String,
    /// Its id in this list.
    #[serde(rename = "as")]
    pub id: String,
    pub name: String,
}

/// Models of the given Types (every model when empty) that wear `from` wear `to` instead, for
/// `cost` points; options to wear `from` or `to` go, and the other armour options keep their
/// price against the new armour.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ArmourSwap {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub types: Vec<String>,
    pub from: Armour,
    pub to: Armour,
    pub cost: i32,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct WeaponSwap {
    pub from: String,
    pub to: String,
}
