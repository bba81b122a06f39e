//! Rulings, the Swords-for-Hire file and the scenario-profiles file.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Profile, Rank};

/// `rulings.toml`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RulingsFile {
    pub rulings: Vec<Ruling>,
}

/// The project's decision on a gap or ambiguity in the rulebook.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Ruling {
    /// `R-nn` (binding project rulings) or `P-nn` (added by the code base).
    pub id: String,
    pub title: String,
    pub text: String,
}

/// `swords-for-hire.toml`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SwordsForHireFile {
    /// Limits that hold in every faction (one Shugyosha, one Ninja, ...).
    #[serde(default)]
    pub limits: Vec<HireLimit>,
    /// A hire that needs others alongside it (a Senior Ronin needs two other Ronin).
    #[serde(default)]
    pub requires: Vec<HireRequirement>,
    pub disguise: Disguise,
    pub profiles: Vec<Profile>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HireLimit {
    pub profiles: Vec<String>,
    pub max: u32,
    #[serde(default)]
    pub rulings: Vec<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct HireRequirement {
    pub profile: String,
    pub at_least: u32,
    pub of: Vec<String>,
    #[serde(default)]
    pub rulings: Vec<String>,
}

/// How a Ninja may be fielded in disguise.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Disguise {
    /// The Sword-for-Hire profile that may disguise itself.
    pub profile: String,
    /// Cost of the disguised model, replacing the impersonated model's cost.
    pub cost: i32,
    /// Highest Rank of a profile it may impersonate.
    pub max_rank: Rank,
    /// Weapons it carries on top of the impersonated model's equipment.
    pub adds: Vec<String>,
    #[serde(default)]
    pub rulings: Vec<String>,
    pub summary: String,
}

/// `scenario-profiles.toml`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScenarioProfilesFile {
    pub profiles: Vec<Profile>,
    #[serde(default)]
    pub scenarios: Vec<Scenario>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "kebab-case")]
pub struct Scenario {
    pub id: String,
    pub name: String,
    pub summary: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub forces: Vec<ScenarioForce>,
    /// Each side's minor objective, rolled on a d6 after deployment.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub minor_objectives: Vec<MinorObjective>,
}

/// One row of a minor-objective table.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct MinorObjective {
    /// The d6 faces that give it.
    pub faces: Vec<u8>,
    pub objective: ObjectiveKind,
    /// Victory points for achieving it (0 for the "same as the opponent's" row).
    pub vp: f64,
    pub summary: String,
}

/// What a minor objective asks, checked at the end of the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ObjectiveKind {
    /// An enemy model of Rank 2 or higher Subdued and in contact with one of yours at the end.
    CaptureRank2,
    /// Strictly more models than the enemy in each table quarter.
    HoldQuarters,
    /// The enemy's Leader killed.
    KillLeader,
    /// At most a quarter of the starting force killed or gone.
    LoseAQuarterAtMost,
    /// More than three quarters of the enemy's starting force killed.
    KillThreeQuarters,
    /// The opponent's objective; if both roll this, neither side has one.
    AsOpponent,
}

/// Models a scenario adds: a fixed `count`, or one per `per-points` points of the Buntai.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ScenarioForce {
    pub profile: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub per_points: Option<u32>,
}
