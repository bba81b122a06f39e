//! Rulings, the Swords-for-Hire file and the scenario-profiles file.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Profile, Rank};

pub use crate::rulings::{Ruling, RulingsFile};

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

impl ScenarioProfilesFile {
    /// A scenario's data (the loader checks every id is there).
    pub fn get(&self, id: ScenarioId) -> Option<&Scenario> {
        self.scenarios.iter().find(|s| s.id == id)
    }
}

/// One of the book's scenarios (tp.59-66): its set-up, length and victory conditions, read by the
/// one engine loop.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "kebab-case")]
pub struct Scenario {
    pub id: ScenarioId,
    pub name: String,
    /// The rulebook page it starts on.
    pub page: u32,
    pub summary: String,
    /// How the two forces' points compare.
    pub points: PointsRule,
    /// Whether the scenario has an attacker and a defender (rolled off, the winner choosing).
    #[serde(default)]
    pub roles: bool,
    /// A fixed table side in inches; otherwise the size follows the larger force.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub table_size: Option<f64>,
    pub terrain: TerrainRule,
    /// A circle of this diameter at the centre kept clear of terrain (Duel) or fought in
    /// (Tournament).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub circle: Option<f64>,
    /// The scenario's objective, if it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub objective: Option<ScenarioObjective>,
    pub conditions: ConditionsRule,
    /// The deployments the roll-off winner may choose from (the first is the default).
    pub deployment: Vec<DeploymentKind>,
    pub reserves: ReservesRule,
    pub turns: Turns,
    /// Who has Priority in turn 1 when it is not rolled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_priority: Option<Role>,
    /// What decides the game.
    pub victory: VictoryRule,
    /// Special rules, in our words, for the listing.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub special: Vec<String>,
    /// The rulings that settle it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rulings: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub forces: Vec<ScenarioForce>,
    /// Moves made after deployment, before the first turn (the Assassination, R-115).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup_moves: Option<SetupMoves>,
    /// Each side's minor objective, rolled on a d6 after deployment.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub minor_objectives: Vec<MinorObjective>,
}

/// The book's seven scenarios. The engine plays each by its data; a scenario it does not know
/// cannot be added by data alone, so the ids are a closed set.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema, clap::ValueEnum,
)]
#[serde(rename_all = "kebab-case")]
pub enum ScenarioId {
    /// Equal forces, a minor objective each (tp.59).
    Skirmish,
    /// An object at the centre to hold or carry off (tp.60).
    Capture,
    /// Two champions in a clear circle; the rest wait two turns (tp.61).
    Duel,
    /// Twice the points attack an objective piece (tp.62).
    Defence,
    /// A Chunin and five Ninja against a Leader (tp.62).
    Assassination,
    /// Models matched in order in a 12" circle (tp.63).
    Tournament,
    /// A village and its civilians, raided (tp.65).
    DefendTheVillage,
}

impl std::fmt::Display for ScenarioId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl ScenarioId {
    /// The id as the data and the command line spell it.
    pub fn as_str(self) -> &'static str {
        match self {
            ScenarioId::Skirmish => "skirmish",
            ScenarioId::Capture => "capture",
            ScenarioId::Duel => "duel",
            ScenarioId::Defence => "defence",
            ScenarioId::Assassination => "assassination",
            ScenarioId::Tournament => "tournament",
            ScenarioId::DefendTheVillage => "defend-the-village",
        }
    }
}

/// How the forces' points compare.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum PointsRule {
    /// Equal points.
    Equal,
    /// The attacker has twice the defender's points.
    AttackerDouble,
    /// The defender has 150 points; the attacker fields the scenario's own models.
    ScenarioAttacker,
    /// No points: an agreed number of models of agreed Ranks.
    Agreed,
}

/// Who places the terrain.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum TerrainRule {
    /// The standard roll and placement, three, three and the rest.
    Standard,
    /// No terrain at all.
    None,
    /// The attacker places every piece; the defender moves up to half of them up to 6".
    AttackerPlaces,
    /// The defender places every piece, the first a building.
    DefenderPlaces,
}

/// The scenario's objective.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ScenarioObjective {
    pub kind: ObjectiveShape,
    /// Victory points to the side that controls it at the end (or carries it off).
    pub vp: f64,
    /// No other terrain piece within this many inches of it, edge to edge.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clear: Option<f64>,
    /// The terrain kind of an objective piece.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub piece: Option<String>,
    pub summary: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ObjectiveShape {
    /// A heavy object on a 1" marker at the table's centre, to hold or carry off (R-112).
    Marker,
    /// A small terrain piece at the centre giving heavy cover, to hold.
    Piece,
}

/// Weather and time of day.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ConditionsRule {
    /// Rolled as usual.
    Rolled,
    /// Rolled, and the attacker may re-roll one die of each once.
    AttackerRerolls,
    /// Fine weather in daylight.
    Fine,
}

/// A way to deploy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum DeploymentKind {
    /// Within 2" of opposite table edges.
    Edge,
    /// Within 6" of opposite corners.
    Corner,
    /// Each duellist on the circle, its friends outside it within 6" (R-113).
    Duel,
    /// The defender within 12" of the objective, the attacker on the edge the defender names.
    Defence,
    /// The attacker places everyone: the defender near the centre, his own 9" away (R-115).
    Assassination,
    /// The defender anywhere, the attacker within 3" of any edge.
    Village,
    /// Two models on a 12" circle, diametrically opposite (R-116).
    Circle,
}

/// Who may hold models back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ReservesRule {
    /// Only if both players agree (an option, off by default).
    Agreed,
    /// Never.
    Never,
    /// The attacker always deploys half and brings on the rest.
    Attacker,
}

/// The moves after deployment: the defender moves up to his models on the table divided
/// by `defender-divisor` (rounded down), each along a straight path of at most `defender-inches`
/// with no halving, to a legal spot out of contact with the enemy; then the attacker moves up to
/// `attacker-models` of his anywhere legal out of contact.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct SetupMoves {
    pub defender_divisor: u32,
    pub defender_inches: f64,
    pub attacker_models: u32,
}

/// How long the game lasts: `d6` dice plus `plus` turns; `open-ended` games run until a side is
/// destroyed or concedes, with `plus` as the engine's cap.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Turns {
    #[serde(default)]
    pub d6: u8,
    pub plus: u32,
    #[serde(default)]
    pub open_ended: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Role {
    Attacker,
    Defender,
}

/// What decides the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum VictoryRule {
    /// The most victory points.
    VictoryPoints,
    /// The attacker wins by killing the defender's Leader; anything else is the defender's win.
    KillTheLeader,
    /// Matches won, then match points, then a final match.
    Matches,
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
    /// Victory points each such model is worth: to its side if alive at the end, to the enemy
    /// if killed (Defend the Village's Civilians, R-117).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vp: Option<f64>,
}
