//! The roster file: the user's Buntai, as written by hand or by `buntai new`/`add`.
//!
//! This is a user-facing contract: keep it stable (its schema is `schemas/roster.schema.json`).

mod import;
mod resolve;

pub use import::{ImportError, Imported, SHARE_SEP, import};
pub use resolve::{
    AttributeOrigin, Carried, CostPart, HeldAttribute, ResolvedModel, ResolvedRoster, Rules,
    canonical, resolve,
};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::ronin::model::{Armour, Mount};

/// A Buntai roster file.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
#[schemars(title = "Buntai roster")]
pub struct Roster {
    /// The game system: `ronin`, or absent (a file without the key is a Ronin roster).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub system: Option<RoninSystem>,
    /// A name for the Buntai.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Faction id: bushi, ikko-ikki, sohei, koryu, bandits, koreans, ming-chinese or peasants.
    pub faction: String,
    /// The period the Buntai is fielded in (`buntai factions --period`); absent: the book's main
    /// period. `kamakura` offers Kamakura Bushi, Bandits and Sohei, and the Mongols.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub period: Option<String>,
    /// The agreed points limit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<u32>,
    /// Bushi only: Fearsome Kiai bought (0 to 3, 5 points each).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fearsome_kiai: Option<u32>,
    /// Koryu only: the school's weapons.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub koryu: Option<KoryuDeclaration>,
    #[serde(default)]
    pub models: Vec<RosterModel>,
}

impl Roster {
    /// The list the roster plays: its faction in its period.
    pub fn list<'c>(
        &self,
        cat: &'c crate::ronin::model::Catalogue,
    ) -> Option<&'c crate::ronin::model::Faction> {
        cat.faction_in(&self.faction, self.period.as_deref()).ok()
    }
}

/// The one value a Ronin roster's `system` key may take.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum RoninSystem {
    Ronin,
}

/// The Koryu's primary and secondary weapons.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct KoryuDeclaration {
    pub primary: String,
    /// Up to two.
    #[serde(default)]
    pub secondary: Vec<String>,
}

/// One entry of the roster: `count` identical models of a profile.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct RosterModel {
    /// A profile id of the faction, or of an allowed Sword-for-Hire.
    pub profile: String,
    /// How many identical models (default 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 1))]
    pub count: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Weapon picks: the "either/one of" choice, bought weapons and exchanges.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub weapons: Vec<String>,
    /// Bought attributes (and the Ninja's free Bujutsu).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attributes: Vec<String>,
    /// An armour option of the profile.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub armour: Option<Armour>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mount: Option<Mount>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub banner: bool,
    /// Marks the Leader among models of the top Rank.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub leader: bool,
    /// Ninja only: the Rank 0 or 1 profile of the faction it impersonates.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub disguise: Option<String>,
    /// Any other option, by the id `buntai faction <id>` shows.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<String>,
    /// Campaigns: what a promoted model keeps from before its promotion, at no cost
    /// and outside its new profile's options. `buntai campaign promote` writes it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kept: Option<Kept>,
}

/// What a promoted model keeps: its weapons, its Attributes and its armour if better
/// than the new profile's.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Kept {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub weapons: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attributes: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub armour: Option<Armour>,
}

impl RosterModel {
    pub fn count(&self) -> u32 {
        self.count.unwrap_or(1)
    }
}

/// Parse a roster file, or explain where it does not fit the format.
pub fn parse(file: &crate::diag::SourceFile) -> Result<Roster, Box<crate::diag::Problem>> {
    crate::ronin::load::parse_toml::<Roster>(file).map_err(|mut p| {
        p.code = "parse".to_owned();
        p
    })
}
