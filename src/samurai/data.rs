//! Samurai 1550-1600's data, typed: unit types, the General and Command Post, additions, terrain,
//! scenarios, the random-army table and the rulings. Built into the binary from
//! `factions/samurai-1550-1600/`, or read from `DIR/samurai-1550-1600/` with `--data DIR`.

use std::path::Path;

use include_dir::{Dir, include_dir};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::diag::{Problem, SourceFile};
use crate::rulings::RulingsFile;

static EMBEDDED: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/factions/samurai-1550-1600");

/// The folder of this system's data, inside the shipped `factions/` or a `--data` folder.
pub const FOLDER: &str = "samurai-1550-1600";

/// Where a number comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Source {
    /// The variant's own rules (seed 001).
    Text,
    /// This project's decision (an `OHW-nn` ruling).
    Ruling,
}

/// A number with its source.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Num {
    pub value: i32,
    pub source: Source,
}

/// Whether a unit type may enter a kind of ground, or only pass through it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Entry {
    Enter,
    /// May pass through but not end a move there (Mounted Samurai in towns, OHW-28).
    NoEnd,
    NoEntry,
}

/// When a unit type may charge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ChargeRule {
    Always,
    /// Only once out of ammunition (Ashigaru, OHW-25).
    OutOfAmmunition,
}

/// A close-combat modifier against one target type.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Versus {
    pub target: String,
    pub modifier: i32,
    pub source: Source,
}

/// One unit type of `units.toml`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UnitType {
    pub id: String,
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Move allowance in inches.
    #[serde(rename = "move")]
    pub allowance: Num,
    /// Added to the close-combat D3.
    pub melee_bonus: Num,
    pub shoots: bool,
    /// Shooting range in inches.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range: Option<Num>,
    pub charge: ChargeRule,
    pub eliminated_at: Num,
    pub woods: Entry,
    pub hill: Entry,
    pub town: Entry,
    /// Close-combat modifiers when attacking a given type.
    #[serde(default)]
    pub vs: Vec<Versus>,
}

/// `units.toml`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UnitsFile {
    pub unit: Vec<UnitType>,
}

/// The General (Daimyo).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct General {
    pub name: String,
    /// The unit types he may be attached to (his Hatamoto).
    pub attach_to: Vec<String>,
    pub hatamoto_eliminated_at: Num,
    /// The hits each remaining unit takes when the Hatamoto falls.
    pub loss_hits: String,
    pub rulings: Vec<String>,
}

/// The Command Post.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CommandPost {
    pub name: String,
    pub rulings: Vec<String>,
}

/// `command.toml`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CommandFile {
    pub general: General,
    pub command_post: CommandPost,
}

/// Which units may carry an addition.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum Carriers {
    /// `"any"`.
    Any(AnyUnit),
    /// Unit type ids.
    Types(Vec<String>),
}

/// The word `any`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum AnyUnit {
    Any,
}

impl Carriers {
    pub fn allows(&self, unit_type: &str) -> bool {
        match self {
            Carriers::Any(_) => true,
            Carriers::Types(types) => types.iter().any(|t| t == unit_type),
        }
    }
}

/// What an addition halves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Halves {
    Missile,
    Melee,
}

/// One addition of `additions.toml`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Addition {
    pub id: String,
    pub name: String,
    /// The most an army may take.
    pub max: Num,
    pub carriers: Carriers,
    /// Additions a unit carrying this one may not also have.
    #[serde(default)]
    pub exclusive_with: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub halves: Option<Halves>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shoot_bonus: Option<Num>,
    /// What removes it.
    #[serde(default)]
    pub removed_on: Vec<String>,
    pub effect: String,
    pub rulings: Vec<String>,
}

/// `additions.toml`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AdditionsFile {
    pub limit_per_army: Num,
    pub limit_per_unit: Num,
    pub addition: Vec<Addition>,
}

/// One terrain type of `terrain.toml`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Terrain {
    pub id: String,
    /// Its letter on a scenario map.
    pub letter: char,
    pub name: String,
    /// Modifier to shots at a unit standing there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shot_cover: Option<Num>,
    /// Modifier to close-combat attacks on a unit standing there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defence: Option<Num>,
    #[serde(default)]
    pub blocks_sight: bool,
    #[serde(default)]
    pub impassable: bool,
    #[serde(default)]
    pub crossing: bool,
    #[serde(default)]
    pub road: bool,
    #[serde(default)]
    pub no_entry: Vec<String>,
    #[serde(default)]
    pub no_end: Vec<String>,
}

/// `terrain.toml`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TerrainFile {
    pub terrain: Vec<Terrain>,
}

/// What a game's length counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum TurnUnit {
    GameTurn,
    PlayerTurn,
}

/// Deployment rows of each side.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Deployment {
    pub a: Vec<u8>,
    pub b: Vec<u8>,
}

/// One scenario of `scenarios.toml`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    pub id: String,
    pub name: String,
    pub description: String,
    /// Units an army has.
    pub units: Num,
    pub turns: Num,
    pub turn_unit: TurnUnit,
    pub deployment: Deployment,
    /// `random` (OHW-32) or a fixed map.
    pub terrain: String,
    pub victory: String,
    /// Hits through a flank or the rear: `normal` (the text gives no bonus, OHW-13) or `double`,
    /// for groups that play the OHW book's convention.
    #[serde(default)]
    pub flank_rear_hits: FlankRear,
    /// Units each side holds back, with the game turn they are due and where they come on
    /// (OHW-33).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reserves: Option<Reserves>,
    pub rulings: Vec<String>,
}

/// The reserves of a scenario, side by side (OHW-33).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Reserves {
    pub a: Reserve,
    pub b: Reserve,
}

/// One side's reserve: how many units, due on which game turn, entering on which edge square.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Reserve {
    /// Units held back: those the army file marks `reserve = true`, and when it marks fewer,
    /// its last units that do not carry the General (OHW-56).
    pub units: Num,
    /// The game turn they are due (from then on, until each has entered).
    pub due: Num,
    /// The entry square on a table edge, `a1`..`f6`.
    pub entry: String,
}

/// What an attack through a flank or the rear scores (OHW-13).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum FlankRear {
    #[default]
    Normal,
    Double,
}

/// The random-terrain generator (OHW-32).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RandomTerrain {
    pub features: String,
    pub rows: Vec<u8>,
    /// The feature for each d6 face, 1 to 6.
    pub table: Vec<String>,
}

/// `scenarios.toml`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScenariosFile {
    pub scenario: Vec<Scenario>,
    pub random_terrain: RandomTerrain,
}

/// One row of the random-army table.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ArmyRoll {
    pub d6: u8,
    pub ashigaru: u8,
    pub foot_samurai: u8,
    pub mounted_samurai: u8,
}

/// `random-armies.toml` (OHW-03, a project table).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RandomArmiesFile {
    pub source: Source,
    pub ruling: String,
    pub roll: Vec<ArmyRoll>,
}

/// All of this system's data, loaded and cross-checked.
#[derive(Debug, Clone)]
pub struct Data {
    pub units: Vec<UnitType>,
    pub command: CommandFile,
    pub additions: AdditionsFile,
    pub terrain: Vec<Terrain>,
    pub scenarios: ScenariosFile,
    pub armies: RandomArmiesFile,
    pub rulings: RulingsFile,
}

impl Data {
    pub fn unit(&self, id: &str) -> Option<&UnitType> {
        self.units.iter().find(|u| u.id == id)
    }

    pub fn addition(&self, id: &str) -> Option<&Addition> {
        self.additions.addition.iter().find(|a| a.id == id)
    }

    pub fn scenario(&self, id: &str) -> Option<&Scenario> {
        self.scenarios.scenario.iter().find(|s| s.id == id)
    }

    pub fn terrain(&self, id: &str) -> Option<&Terrain> {
        self.terrain.iter().find(|t| t.id == id)
    }
}

const FILES: [&str; 7] = [
    "units.toml",
    "command.toml",
    "additions.toml",
    "terrain.toml",
    "scenarios.toml",
    "random-armies.toml",
    "rulings.toml",
];

/// Load the data: the built-in files, or those of `DIR/samurai-1550-1600/` when `--data DIR` has
/// that folder (a file it lacks is taken from the built-in set). Problems are located in their
/// files.
pub fn load(data_dir: Option<&Path>) -> Result<Data, Vec<Problem>> {
    let files = crate::files::system_files(&EMBEDDED, FOLDER, &FILES, data_dir)?;
    let mut problems = Vec::new();
    use crate::files::parse_into as parse;
    let units = parse::<UnitsFile>(&files[0], &mut problems);
    let command = parse::<CommandFile>(&files[1], &mut problems);
    let additions = parse::<AdditionsFile>(&files[2], &mut problems);
    let terrain = parse::<TerrainFile>(&files[3], &mut problems);
    let scenarios = parse::<ScenariosFile>(&files[4], &mut problems);
    let armies = parse::<RandomArmiesFile>(&files[5], &mut problems);
    let rulings = parse::<RulingsFile>(&files[6], &mut problems);
    let (
        Some(units),
        Some(command),
        Some(additions),
        Some(terrain),
        Some(scenarios),
        Some(armies),
        Some(rulings),
    ) = (
        units, command, additions, terrain, scenarios, armies, rulings,
    )
    else {
        return Err(problems);
    };
    let data = Data {
        units: units.unit,
        command,
        additions,
        terrain: terrain.terrain,
        scenarios,
        armies,
        rulings,
    };
    let problems = cross_check(&data, &files);
    if problems.is_empty() {
        Ok(data)
    } else {
        Err(problems)
    }
}

/// Every id the data names exists, and every ruling cited is in `rulings.toml`.
fn cross_check(data: &Data, files: &[SourceFile]) -> Vec<Problem> {
    let mut problems = Vec::new();
    let unit_ids: Vec<&str> = data.units.iter().map(|u| u.id.as_str()).collect();
    let ruling_ids: Vec<&str> = data.rulings.rulings.iter().map(|r| r.id.as_str()).collect();
    for (i, u) in data.units.iter().enumerate() {
        for (j, v) in u.vs.iter().enumerate() {
            if !unit_ids.contains(&v.target.as_str()) {
                let at = crate::diag::TomlPath::root()
                    .key("unit")
                    .index(i)
                    .key("vs")
                    .index(j)
                    .key("target");
                problems.push(
                    Problem::error(
                        "data::reference",
                        format!("unit `{}`: `vs` names no unit type `{}`", u.id, v.target),
                    )
                    .with_help(crate::diag::did_you_mean(
                        &v.target,
                        unit_ids.iter().copied(),
                    ))
                    .at_path(&files[0], &at, "this type"),
                );
            }
        }
    }
    let mut bad = |file: usize, what: String| {
        let name = &files[file].name;
        problems.push(
            Problem::error("data::reference", format!("{name}: {what}")).at(
                &files[file],
                None,
                "in this file",
            ),
        );
    };
    for t in &data.command.general.attach_to {
        if !unit_ids.contains(&t.as_str()) {
            bad(1, format!("the General attaches to no unit type `{t}`"));
        }
    }
    for a in &data.additions.addition {
        if let Carriers::Types(types) = &a.carriers {
            for t in types.iter().filter(|t| !unit_ids.contains(&t.as_str())) {
                bad(
                    2,
                    format!("addition `{}`: no unit type `{t}` to carry it", a.id),
                );
            }
        }
        for x in a
            .exclusive_with
            .iter()
            .filter(|x| data.addition(x).is_none())
        {
            bad(
                2,
                format!("addition `{}`: no addition `{x}` to exclude", a.id),
            );
        }
    }
    let cited = data
        .command
        .general
        .rulings
        .iter()
        .map(|r| (1, r))
        .chain(data.command.command_post.rulings.iter().map(|r| (1, r)))
        .chain(
            data.additions
                .addition
                .iter()
                .flat_map(|a| a.rulings.iter().map(|r| (2, r))),
        )
        .chain(
            data.scenarios
                .scenario
                .iter()
                .flat_map(|s| s.rulings.iter().map(|r| (4, r))),
        )
        .chain(std::iter::once((5, &data.armies.ruling)));
    for (file, id) in cited {
        if !ruling_ids.contains(&id.as_str()) {
            bad(
                file,
                format!("ruling `{id}` is cited but not in rulings.toml"),
            );
        }
    }
    for feature in &data.scenarios.random_terrain.table {
        if data.terrain(feature).is_none() {
            bad(
                4,
                format!("the random-terrain table names no terrain `{feature}`"),
            );
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_data_loads_and_every_reference_holds() {
        let data = match load(None) {
            Ok(data) => data,
            Err(problems) => panic!("{problems:#?}"),
        };
        assert_eq!(data.units.len(), 3);
        assert_eq!(data.rulings.rulings.len(), 56);
        assert_eq!(data.armies.roll.len(), 6);
        for roll in &data.armies.roll {
            assert_eq!(roll.ashigaru + roll.foot_samurai + roll.mounted_samurai, 6);
        }
    }
}
