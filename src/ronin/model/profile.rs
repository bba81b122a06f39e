//! A model profile: characteristics, equipment, attributes and the options a roster may take.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Armour, Mount, Rank, Sourced};

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Unreliable {
    pub deserts_on: u8,
}

/// One model entry of a faction list (or a Sword-for-Hire, or a scenario model).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Profile {
    /// Kebab-case id, unique within its file, e.g. `ashigaru-gashira`.
    pub id: String,
    pub name: String,
    /// Model Type (e.g. `samurai`, `ashigaru`); rules such as R-25 select by it.
    #[serde(rename = "type")]
    pub model_type: String,
    pub rank: Sourced<Rank>,
    pub combat_pool: Sourced<u8>,
    pub initiative: Sourced<u8>,
    pub fight: Sourced<u8>,
    pub shoot: Sourced<u8>,
    pub armour: Armour,
    /// Base cost in points, including everything listed in `weapons` and `attributes`.
    pub points: i32,
    /// Weapons every such model carries (weapon ids or aliases).
    #[serde(default)]
    pub weapons: Vec<String>,
    /// A mount included in the profile (Korean and Ming cavalry).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mount: Option<Mount>,
    /// Attributes included in the cost.
    #[serde(default)]
    pub attributes: Vec<String>,
    /// Unreliable hired swords (Ronin, R-22, R-49): while the Buntai is Wavering each rolls a d6
    /// in each Move Phase and deserts on `deserts-on` or more; all desert when it Routs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unreliable: Option<Unreliable>,
    /// Attributes that apply only in some situations (Temple Attendants).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditional_attributes: Vec<ConditionalAttribute>,
    /// How many additional Attributes may be bought, and at what cost each.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attribute_slots: Option<AttributeSlots>,
    /// Weapon Bujutsu the roster picks freely at no cost (the Ninja's "one Bujutsu", P-01).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub bujutsu_picks: u8,
    /// Armed from the Koryu's primary/secondary weapon table instead of a fixed list.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub koryu_weapon: bool,
    /// Has the Koryu primary weapon's Bujutsu included in its cost.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub koryu_bujutsu: bool,
    /// A one-line description in the project's own words.
    pub summary: String,
    /// Rules reminders shown with the profile.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    #[serde(default)]
    pub options: Vec<ProfileOption>,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// "May choose up to N additional Attributes for +C points each."
#[derive(Debug, Clone, Copy, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AttributeSlots {
    pub count: u8,
    pub cost: i32,
}

/// An attribute the model has only while a condition holds.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ConditionalAttribute {
    pub attribute: String,
    /// Within this many inches of a friendly model of at least `min-rank`.
    pub within: u8,
    pub min_rank: Rank,
}

/// Something a roster may choose for a model: a weapon pick, an armour change, a mount, a banner,
/// an exchange or an upgrade.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ProfileOption {
    /// Kebab-case id, unique within the profile. Rosters may name it in `options`.
    pub id: String,
    pub kind: OptionKind,
    /// Points added (or, when negative, saved) by taking the option.
    pub cost: i32,
    /// The roster picks exactly one of these weapons when taking the option.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub one_of: Vec<String>,
    /// Weapons the model gives up (exchanges).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub replaces: Vec<String>,
    /// Weapons the option adds without a choice (an additional sword, a shield).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub adds: Vec<String>,
    /// The model's armour after taking the option.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub armour: Option<Armour>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mount: Option<Mount>,
    /// Change to the Combat Pool.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub combat_pool: Option<i8>,
    /// Every model of the profile must take this option, unless it takes one that excludes it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub required: bool,
    /// Options of the same profile that cannot be taken together with this one.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub excludes: Vec<String>,
}

/// What kind of choice an option is; decides how a roster names it and how sheets print it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum OptionKind {
    /// Pick one weapon from `one-of` (named in the roster's `weapons`).
    Weapon,
    /// Change armour (named by the roster's `armour`).
    Armour,
    /// Ride a mount (named by the roster's `mount`).
    Mount,
    /// Carry the Buntai's banner (`banner = true`).
    Banner,
    /// Give up `replaces` for a pick from `one-of` or for `adds`.
    Exchange,
    /// Any other improvement, named in the roster's `options`.
    Upgrade,
}

impl Profile {
    pub fn option(&self, id: &str) -> Option<&ProfileOption> {
        self.options.iter().find(|o| o.id == id)
    }
}

impl ProfileOption {
    /// A short human description of what the option does, e.g. "one of yari, yumi".
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        if !self.replaces.is_empty() {
            parts.push(format!("give up {}", self.replaces.join(", ")));
        }
        if !self.one_of.is_empty() {
            let verb = if self.replaces.is_empty() { "" } else { "for " };
            parts.push(format!("{verb}one of {}", self.one_of.join(", ")));
        }
        if !self.adds.is_empty() {
            let verb = if self.replaces.is_empty() {
                "add "
            } else {
                "for "
            };
            parts.push(format!("{verb}{}", self.adds.join(", ")));
        }
        if let Some(armour) = self.armour {
            parts.push(format!("armour {armour}"));
        }
        if let Some(mount) = self.mount {
            parts.push(format!("ride a {mount}"));
        }
        if let Some(cp) = self.combat_pool {
            parts.push(format!("Combat Pool {cp:+}"));
        }
        if self.kind == OptionKind::Banner {
            parts.push("carry the banner".to_owned());
        }
        let mut text = parts.join(", ");
        if self.required {
            text.push_str(" (required)");
        }
        if !self.excludes.is_empty() {
            text.push_str(&format!(" (not with {})", self.excludes.join(", ")));
        }
        text
    }
}
