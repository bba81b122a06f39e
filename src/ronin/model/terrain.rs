//! `terrain.toml`: the table as data. Move allowances other than the normal move and Run, the sight
//! rules, table sizes, terrain kinds with their movement, sight and water classes, locations with
//! their kind weights, weather, time of day, deployment zones and reserves.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::Provenance;

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct TerrainFile {
    pub moves: Moves,
    pub bases: Bases,
    pub sight: SightRules,
    /// Table size by the larger force's points, smallest first; the last has no limit.
    pub table_sizes: Vec<TableSize>,
    /// How many terrain pieces, by points, smallest first; the last has no limit.
    pub terrain_counts: Vec<TerrainCount>,
    pub pieces: PieceSizes,
    pub kinds: Vec<TerrainKind>,
    pub locations: Vec<Location>,
    pub weather: WeatherTable,
    pub time_of_day: TimeTable,
    pub deployments: Vec<Deployment>,
    pub reserves: Reserves,
    pub fatigue: FatigueRule,
}

/// The Fatigue advanced rule's numbers (tp.70, R-122).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct FatigueRule {
    /// Resilience by true Rank, 0 to 5.
    pub resilience: Vec<i32>,
    /// Modifiers to the End Phase 2d6 of a model that fought.
    pub already_fatigued: i32,
    pub grievous: i32,
    pub rested: i32,
    pub source: Provenance,
}

impl FatigueRule {
    /// The Resilience of a model of true Rank `rank` (the last entry for higher Ranks).
    pub fn resilience(&self, rank: u8) -> i32 {
        self.resilience
            .get(usize::from(rank))
            .or(self.resilience.last())
            .copied()
            .unwrap_or(7)
    }
}

/// Move allowances in inches, besides the normal move and Run of `weapons.toml`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Moves {
    pub withdraw: f64,
    pub ride_by: f64,
    pub inexorable: f64,
    pub civilian: f64,
    /// No reduction takes a move below this.
    pub floor: f64,
    /// A Run or Gallop keeps more than this from every enemy base.
    pub run_clearance: f64,
    pub source: Provenance,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Bases {
    /// Every base's diameter in inches.
    pub diameter: f64,
    /// Two bases this close, edge to edge, are in contact.
    pub contact: f64,
    /// The diameter of a marker: a Slain marker, an object, a banner on the ground.
    pub marker: f64,
    pub source: Provenance,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct SightRules {
    /// More than this length of light pieces on the line blocks sight.
    pub light_limit: f64,
    /// Heavy pieces this close to the shooter's base do not block.
    pub heavy_ignored_within: f64,
    /// A piece this close to the target's base gives it cover.
    pub cover_within: f64,
    pub light_cover: i32,
    pub heavy_cover: i32,
    pub source: Provenance,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct TableSize {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub up_to_points: Option<u32>,
    pub size: f64,
    pub source: Provenance,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct TerrainCount {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub up_to_points: Option<u32>,
    /// How many d3 to roll (a d3 is a d6 halved, rounded up).
    pub d3: u32,
    pub plus: u32,
    pub source: Provenance,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct PieceSizes {
    /// The share of pieces that are large, rounded down.
    pub large_share: f64,
    /// A large piece's bounding diameter lies in [large_min, large_max].
    pub large_min: f64,
    pub large_max: f64,
    /// A small piece's bounding diameter lies in [small_min, small_max).
    pub small_min: f64,
    pub small_max: f64,
    /// Pieces keep at least this far apart, so a base passes between them.
    pub gap: f64,
    /// Placement attempts before a piece is dropped.
    pub tries: u32,
    /// How far the other player may move a placed piece.
    pub move_up_to: f64,
    pub source: Provenance,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Movement {
    Open,
    Difficult,
    Impassable,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Sight {
    /// Never blocks.
    Clear,
    /// Counts toward the light limit; light cover.
    Light,
    /// Blocks a target that has not moved or shot; heavy cover.
    Heavy,
    /// Always blocks.
    Blocking,
    /// Blocks unless a model is inside; heavy cover for the one inside.
    Building,
    /// Blocks unless a model is on it; no cover.
    Hill,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Water {
    #[default]
    None,
    Shallow,
    Deep,
}

/// How the set-up generator draws a piece of this kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Shape {
    /// An irregular blob.
    Area,
    /// A strip `width` wide, its length the piece's size.
    Linear,
    /// A rectangle with a door.
    Building,
    /// A rounded blob.
    Hill,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct TerrainKind {
    pub id: String,
    pub name: String,
    pub movement: Movement,
    pub sight: Sight,
    #[serde(default)]
    pub water: Water,
    pub shape: Shape,
    /// Width of a linear piece, in inches.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub width: Option<f64>,
    /// Fill colour on the table picture (`#rrggbb`).
    pub colour: String,
    pub source: Provenance,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Location {
    pub id: String,
    pub name: String,
    /// The d6 faces that give this location.
    pub faces: Vec<u8>,
    /// Roll twice more and split the pieces between the two results.
    #[serde(default)]
    pub mixed: bool,
    /// Kinds found here with their weights.
    #[serde(default)]
    pub kinds: Vec<(String, u32)>,
    pub source: Provenance,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct WeatherTable {
    /// A first d6 showing one of these means a roll on the table; otherwise the weather is fine.
    pub table_on: Vec<u8>,
    pub kinds: Vec<Weather>,
    pub source: Provenance,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Weather {
    pub id: String,
    pub name: String,
    pub faces: Vec<u8>,
    /// Sight limit in inches, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sight: Option<f64>,
    /// Each teppo fires at most once in the game.
    #[serde(default)]
    pub teppo_once: bool,
    /// Added to yumi Shooting Attack Rolls.
    #[serde(default)]
    pub yumi_modifier: i32,
    pub source: Provenance,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct TimeTable {
    pub table_on: Vec<u8>,
    pub kinds: Vec<TimeOfDay>,
    pub source: Provenance,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct TimeOfDay {
    pub id: String,
    pub name: String,
    pub faces: Vec<u8>,
    /// Sight limits from a turn on; a step without `sight` lifts the limit.
    pub sight: Vec<SightStep>,
    pub source: Provenance,
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct SightStep {
    pub from_turn: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sight: Option<f64>,
}

impl TimeOfDay {
    /// The sight limit in `turn`, if any.
    pub fn sight_in(&self, turn: u32) -> Option<f64> {
        self.sight
            .iter()
            .filter(|s| s.from_turn <= turn)
            .max_by_key(|s| s.from_turn)
            .and_then(|s| s.sight)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ZoneKind {
    /// Within `depth` of one edge; the opponent takes the opposite edge.
    Edge,
    /// Within `depth` of one corner; the opponent takes the opposite corner.
    Corner,
    /// Within `depth` of any edge.
    AnyEdge,
    /// Within `depth` of a point of the scenario: the objective piece's edge, the table's centre
    /// or the duellist's spot.
    Around,
    /// At least `depth` from the other side's zone.
    Beyond,
    /// Anywhere on the table.
    Table,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Deployment {
    pub id: String,
    pub name: String,
    pub kind: ZoneKind,
    pub depth: f64,
    pub source: Provenance,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Reserves {
    /// The share of models deployed at the start, rounded up.
    pub deployed_share: f64,
    /// Turn when up to half of the reserves, rounded up, may enter.
    pub second_wave_turn: u32,
    /// Turn from which all the rest may enter.
    pub rest_turn: u32,
    /// An undisguised Ninja is placed more than this from every enemy.
    pub ninja_clearance: f64,
    /// Corner deployment: reserves enter along this many inches of either table edge next to
    /// their corner.
    pub corner_entry: f64,
    pub source: Provenance,
}

impl Reserves {
    /// For a force of `n` models: how many deploy, how many reserves may enter on the second-wave
    /// turn, and how many from the turn after.
    pub fn split(&self, n: u32) -> (u32, u32, u32) {
        let deployed = (f64::from(n) * self.deployed_share).ceil() as u32;
        let reserves = n.saturating_sub(deployed);
        let wave = (f64::from(reserves) * 0.5).ceil() as u32;
        (deployed.min(n), wave, reserves - wave)
    }
}

impl TerrainFile {
    pub fn kind(&self, id: &str) -> Option<&TerrainKind> {
        self.kinds.iter().find(|k| k.id == id)
    }

    pub fn location(&self, id: &str) -> Option<&Location> {
        self.locations.iter().find(|l| l.id == id)
    }

    pub fn deployment(&self, id: &str) -> Option<&Deployment> {
        self.deployments.iter().find(|d| d.id == id)
    }

    /// The table's side for a game whose larger force has `points`.
    pub fn table_size(&self, points: u32) -> f64 {
        self.table_sizes
            .iter()
            .find(|t| t.up_to_points.is_none_or(|max| points <= max))
            .or(self.table_sizes.last())
            .map_or(48.0, |t| t.size)
    }

    /// The sight limit in `turn` under this weather and time of day (`None`: fine, daylight, or no
    /// limit): the shorter of the two.
    pub fn sight_limit(&self, weather: Option<&str>, time: Option<&str>, turn: u32) -> Option<f64> {
        let by_weather = weather
            .and_then(|id| self.weather.kinds.iter().find(|w| w.id == id))
            .and_then(|w| w.sight);
        let by_time = time
            .and_then(|id| self.time_of_day.kinds.iter().find(|t| t.id == id))
            .and_then(|t| t.sight_in(turn));
        match (by_weather, by_time) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// The terrain count rule for `points`.
    pub fn terrain_count(&self, points: u32) -> Option<&TerrainCount> {
        self.terrain_counts
            .iter()
            .find(|t| t.up_to_points.is_none_or(|max| points <= max))
            .or(self.terrain_counts.last())
    }
}
