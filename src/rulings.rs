//! Rulings as data, the same shape for every system: the project's decisions where a rules text is
//! silent, lost or contradictory (Ronin's `R-nn`/`P-nn`, Samurai 1550-1600's `OHW-nn`, ...).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A system's `rulings.toml`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RulingsFile {
    pub rulings: Vec<Ruling>,
}

/// The project's decision on a gap or ambiguity in a rules text.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Ruling {
    /// `R-nn` and `P-nn` (Ronin), `OHW-nn` (Samurai 1550-1600), ...
    pub id: String,
    pub title: String,
    pub text: String,
}
