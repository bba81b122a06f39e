//! `campaign.toml`: the numbers of campaigns, progression and tournament events (tp.67-69,
//!

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Provenance, ScenarioId};

/// The whole file.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
#[schemars(title = "Buntai campaign and event rules")]
pub struct CampaignRules {
    pub experience: Experience,
    pub campaign: CampaignTerms,
    pub event: EventTerms,
    #[serde(default)]
    pub paths: Vec<PromotionPath>,
}

/// Experience earned and what Ranks cost.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Experience {
    pub survive: u32,
    pub wound: u32,
    pub banner: u32,
    /// The cost of reaching Rank 1, 2, ... from the Rank below.
    pub rank_costs: Vec<u32>,
    #[schemars(with = "String")]
    pub source: Provenance,
}

impl Experience {
    /// The cost of going from Rank `from` to Rank `to` one step at a time; `None` past the table.
    pub fn cost(&self, from: u8, to: u8) -> Option<u32> {
        (from..to)
            .map(|r| self.rank_costs.get(usize::from(r)).copied())
            .sum()
    }
}

/// The campaign's terms (R-118, P-06).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct CampaignTerms {
    pub small_min_percent: u32,
    pub small_max_percent: u32,
    /// The three games, in the order they are played.
    pub games: Vec<ScenarioId>,
    /// The deciding game all survivors fight.
    #[serde(rename = "final")]
    pub final_game: ScenarioId,
    /// The d6 a model that ended its game Grievous needs to play the final.
    pub recovery: u8,
    #[schemars(with = "String")]
    pub source: Provenance,
}

/// A tournament event's terms.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct EventTerms {
    /// Half points for a win, a draw and a loss.
    pub win: u32,
    pub draw: u32,
    pub loss: u32,
    /// Games a Grievous model sits out in the larger-roster variant.
    pub grievous_rests: u32,
    #[schemars(with = "String")]
    pub source: Provenance,
}

/// Promotions open to a faction's models.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct PromotionPath {
    /// The list (faction or `swords-for-hire`) whose models these are.
    pub faction: String,
    /// Each `[from, to]`: profile ids.
    pub steps: Vec<[String; 2]>,
    /// The faction whose profiles the `to` ids are, when not `faction` itself.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub borrow: Option<String>,
    /// A weapon the model must carry to take these steps.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub requires: Option<String>,
    /// The experience these steps cost, when not the Rank steps' sum.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cost: Option<u32>,
}
