//! Small shared vocabulary: ranks, armour, mounts, and provenance markers on reconstructed numbers.

use std::fmt;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A model's Rank, 0 (peasants) to 5 (the best of the best).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(try_from = "i64", into = "u8")]
#[schemars(with = "RankSchema")]
pub struct Rank(u8);

#[derive(JsonSchema)]
#[schemars(transparent)]
#[allow(dead_code)] // only describes the schema
struct RankSchema(#[schemars(range(min = 0, max = 5))] u8);

impl Rank {
    pub const MAX: u8 = 5;

    pub fn new(value: u8) -> Option<Rank> {
        (value <= Self::MAX).then_some(Rank(value))
    }

    pub fn get(self) -> u8 {
        self.0
    }
}

impl TryFrom<i64> for Rank {
    type Error = String;
    fn try_from(value: i64) -> Result<Self, Self::Error> {
        u8::try_from(value).ok().and_then(Rank::new).ok_or_else(|| {
            format!(
                "rank {value} is out of range: ranks run from 0 to {}",
                Self::MAX
            )
        })
    }
}

impl From<Rank> for u8 {
    fn from(rank: Rank) -> u8 {
        rank.0
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// Body armour class. A shield is one class and already counted.
#[derive(
    Debug,
    Clone,
    Copy,
    Default,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Armour {
    /// No armour.
    #[default]
    None,
    /// Light armour.
    Light,
    /// Medium armour.
    Medium,
    /// Heavy armour.
    Heavy,
}

impl Armour {
    pub const ALL: [Armour; 4] = [Armour::None, Armour::Light, Armour::Medium, Armour::Heavy];

    pub fn id(self) -> &'static str {
        match self {
            Armour::None => "none",
            Armour::Light => "light",
            Armour::Medium => "medium",
            Armour::Heavy => "heavy",
        }
    }
}

impl fmt::Display for Armour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A mount a model rides.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Mount {
    Horse,
    Warhorse,
}

impl Mount {
    pub fn id(self) -> &'static str {
        match self {
            Mount::Horse => "horse",
            Mount::Warhorse => "warhorse",
        }
    }
}

impl fmt::Display for Mount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// Where a number comes from. Written `text`, `example`, `errata` or `ruling:R-nn` in the data.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum Provenance {
    /// Printed in the surviving rulebook text.
    Text,
    /// Worked out from one of the book's worked examples.
    Example,
    /// From the October 2013 errata.
    Errata,
    /// Supplied by a project ruling (see `rulings.toml`).
    Ruling(String),
}

impl Provenance {
    /// True when the rulebook text does not print the value itself.
    pub fn is_reconstructed(&self) -> bool {
        !matches!(self, Provenance::Text)
    }

    /// The one-character marker used in tables.
    pub fn marker(&self) -> &'static str {
        match self {
            Provenance::Text => "",
            Provenance::Example => "†",
            Provenance::Errata => "‡",
            Provenance::Ruling(_) => "*",
        }
    }

    pub fn ruling(&self) -> Option<&str> {
        match self {
            Provenance::Ruling(id) => Some(id),
            _ => None,
        }
    }
}

impl TryFrom<String> for Provenance {
    type Error = String;
    fn try_from(value: String) -> Result<Self, Self::Error> {
        match value.as_str() {
            "text" => Ok(Provenance::Text),
            "example" => Ok(Provenance::Example),
            "errata" => Ok(Provenance::Errata),
            other => match other.strip_prefix("ruling:") {
                Some(id) if !id.is_empty() => Ok(Provenance::Ruling(id.to_owned())),
                _ => Err(format!(
                    "unknown source `{other}`, expected `text`, `example`, `errata` or `ruling:<id>` (e.g. `ruling:R-02`)"
                )),
            },
        }
    }
}

impl From<Provenance> for String {
    fn from(p: Provenance) -> String {
        p.to_string()
    }
}

impl fmt::Display for Provenance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Provenance::Text => f.write_str("text"),
            Provenance::Example => f.write_str("example"),
            Provenance::Errata => f.write_str("errata"),
            Provenance::Ruling(id) => write!(f, "ruling:{id}"),
        }
    }
}

impl JsonSchema for Provenance {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Provenance".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "Where the value comes from: printed text, a worked example, the errata, or a project ruling.",
            "type": "string",
            "pattern": "^(text|example|errata|ruling:[A-Za-z0-9-]+)$"
        })
    }
}

/// A number together with where it comes from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Sourced<T> {
    pub value: T,
    pub source: Provenance,
}

impl<T: fmt::Display> Sourced<T> {
    /// The value followed by its provenance marker, e.g. `3*`.
    pub fn marked(&self) -> String {
        format!("{}{}", self.value, self.source.marker())
    }
}
