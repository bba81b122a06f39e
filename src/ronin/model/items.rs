//! Weapons, armour classes, mounts and attributes (`weapons.toml`, `attributes.toml`).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Armour, Mount, Provenance, Sourced};

/// `weapons.toml`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct WeaponsFile {
    pub weapons: Vec<Weapon>,
    pub range_bands: Vec<RangeBand>,
    pub armour: Vec<ArmourClass>,
    /// Movement on foot; mounts carry their own.
    pub foot: FootMovement,
    pub mounts: Vec<MountProfile>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FootMovement {
    #[serde(rename = "move")]
    pub move_inches: u8,
    pub run: u8,
    pub source: Provenance,
}

/// `reference.toml`: the quick-reference card, as titled tables.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReferenceFile {
    pub sections: Vec<ReferenceSection>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReferenceSection {
    pub id: String,
    pub title: String,
    pub columns: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Weapon {
    pub id: String,
    pub name: String,
    pub kind: WeaponKind,
    /// Other names the same weapon goes by (sword = katana, R-08).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub aliases: Vec<String>,
    pub summary: String,
    /// Initiative modifier (in the first round, where `initiative-later` is given).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initiative: Option<Sourced<i8>>,
    /// Initiative modifier in every later round of the same combat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initiative_later: Option<Sourced<i8>>,
    /// Attack Roll modifier.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attack: Option<Sourced<i8>>,
    /// Extra Attack Roll modifier on an Enhanced Attack (tetsubo).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enhanced_attack: Option<Sourced<i8>>,
    /// Extra Attack Roll modifier on a mounted ride-by attack (yari).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ride_by_attack: Option<Sourced<i8>>,
    /// Bonus to Subdue attempts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subdue: Option<Sourced<i8>>,
    /// Extra modifier against heavy armour (weaponless).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vs_heavy_armour: Option<Sourced<i8>>,
    /// Penalised inside buildings.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub long_handled: bool,
    /// Maximum range in inches (missile weapons).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range: Option<Sourced<u8>>,
    /// Added to the Shooting Attack Roll.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wound_modifier: Option<Sourced<i8>>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub reload: bool,
    /// Light and medium armour give no protection, heavy counts as light.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub armour_piercing: bool,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub no_mounted: bool,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub no_move_penalty: bool,
    /// Which column of the range-band table applies (`teppo`); absent: the normal one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range_column: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shots_per_turn: Option<u8>,
    /// Used once in a game (the grenade).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub single_use: bool,
    /// Aimed at a point, catching every model near it (the grenade, R-124).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub blast: Option<Blast>,
    /// An extra Attack Roll modifier beyond a distance (the revolver, R-125).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub far: Option<FarPenalty>,
    /// Targets count their armour this many classes worse (the revolver, R-125).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub armour_worse: u8,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// A blast: every model whose base is at least partly within `radius` inches of the point rolls
/// a d6 plus its armour's Defence; `score` minus that total is read on the wound table.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Blast {
    pub radius: u8,
    pub score: u8,
    pub source: Provenance,
}

/// `modifier` to the Attack Roll when the target is more than `beyond` inches away.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FarPenalty {
    pub beyond: u8,
    pub modifier: i8,
    pub source: Provenance,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum WeaponKind {
    Melee,
    Missile,
    Shield,
}

/// One band of the shooting range table; the first band whose `max` covers the distance applies.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RangeBand {
    /// Upper bound in inches; absent for the last, open band.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<u8>,
    /// Whether `max` itself belongs to the band (default true).
    #[serde(default = "yes")]
    pub inclusive: bool,
    pub modifier: i8,
    /// The teppo column.
    pub teppo: i8,
    pub source: Provenance,
}

fn yes() -> bool {
    true
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ArmourClass {
    pub id: Armour,
    pub name: String,
    /// Added to Defence Rolls and to the Shooting Defence Score.
    pub defence: u8,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct MountProfile {
    pub id: Mount,
    pub name: String,
    #[serde(rename = "move")]
    pub move_inches: u8,
    pub gallop: u8,
    /// Fight when the mount itself is attacked: it has no armour and always Enhances its Defence Roll.
    pub defence_fight: Sourced<u8>,
    /// A mount that fights as a model of its own (the warhorse).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fights: Option<MountFights>,
    pub summary: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct MountFights {
    pub attack_counters: u8,
    pub initiative: u8,
    pub fight: u8,
}

/// `attributes.toml`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AttributesFile {
    pub attributes: Vec<Attribute>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Attribute {
    pub id: String,
    pub name: String,
    pub kind: AttributeKind,
    /// Weapons a Bujutsu applies to.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub weapons: Vec<String>,
    /// Attributes the model must already have (Niten needs Kenjutsu).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub requires: Vec<String>,
    /// The model must already have some attribute of this kind (Yadome-jutsu needs a Bujutsu).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub requires_kind: Option<AttributeKind>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub combat_pool: Option<i8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subdue: Option<i8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub disarm: Option<i8>,
    pub summary: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum AttributeKind {
    Ability,
    Bujutsu,
    AdvancedBujutsu,
    /// Only with the Fatigue advanced rule (Tireless).
    Fatigue,
}

impl AttributeKind {
    pub fn label(self) -> &'static str {
        match self {
            AttributeKind::Ability => "Ability",
            AttributeKind::Bujutsu => "Bujutsu",
            AttributeKind::AdvancedBujutsu => "Advanced Bujutsu",
            AttributeKind::Fatigue => "Fatigue rule",
        }
    }
}
