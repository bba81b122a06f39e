//! `buntai schema <kind>`: the JSON Schema of each file format, generated from the types.

use clap::ValueEnum;

use crate::diag::exit;
use crate::model::{
    AttributesFile, Faction, ReferenceFile, RulingsFile, ScenarioProfilesFile, SwordsForHireFile,
    WeaponsFile,
};
use crate::roster::Roster;

/// The file formats with a schema; each is committed as `schemas/<name>.schema.json`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SchemaKind {
    Faction,
    Roster,
    Weapons,
    Attributes,
    SwordsForHire,
    ScenarioProfiles,
    Rulings,
    Reference,
    /// The JSON roster sheet that `buntai print --format json` writes.
    Sheet,
    /// One line of the `buntai simulate --log` JSON Lines file.
    Event,
}

impl SchemaKind {
    pub const ALL: [SchemaKind; 10] = [
        SchemaKind::Faction,
        SchemaKind::Roster,
        SchemaKind::Weapons,
        SchemaKind::Attributes,
        SchemaKind::SwordsForHire,
        SchemaKind::ScenarioProfiles,
        SchemaKind::Rulings,
        SchemaKind::Reference,
        SchemaKind::Sheet,
        SchemaKind::Event,
    ];

    /// The file name under `schemas/`.
    pub fn file_name(self) -> &'static str {
        match self {
            SchemaKind::Faction => "faction.schema.json",
            SchemaKind::Roster => "roster.schema.json",
            SchemaKind::Weapons => "weapons.schema.json",
            SchemaKind::Attributes => "attributes.schema.json",
            SchemaKind::SwordsForHire => "swords-for-hire.schema.json",
            SchemaKind::ScenarioProfiles => "scenario-profiles.schema.json",
            SchemaKind::Rulings => "rulings.schema.json",
            SchemaKind::Reference => "reference.schema.json",
            SchemaKind::Sheet => "sheet.schema.json",
            SchemaKind::Event => "event.schema.json",
        }
    }

    /// The schema as pretty JSON with a trailing newline.
    pub fn render(self) -> String {
        let schema = match self {
            SchemaKind::Faction => schemars::schema_for!(Faction),
            SchemaKind::Roster => schemars::schema_for!(Roster),
            SchemaKind::Weapons => schemars::schema_for!(WeaponsFile),
            SchemaKind::Attributes => schemars::schema_for!(AttributesFile),
            SchemaKind::SwordsForHire => schemars::schema_for!(SwordsForHireFile),
            SchemaKind::ScenarioProfiles => schemars::schema_for!(ScenarioProfilesFile),
            SchemaKind::Rulings => schemars::schema_for!(RulingsFile),
            SchemaKind::Reference => schemars::schema_for!(ReferenceFile),
            SchemaKind::Sheet => schemars::schema_for!(crate::print::Sheet),
            SchemaKind::Event => schemars::schema_for!(crate::engine::events::Event),
        };
        let mut text = serde_json::to_string_pretty(&schema).unwrap_or_default();
        text.push('\n');
        text
    }
}

pub fn print(kind: SchemaKind) -> u8 {
    super::output::emit(&kind.render());
    exit::SUCCESS
}
