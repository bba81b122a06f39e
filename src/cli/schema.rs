//! `buntai schema <kind>`: the JSON Schema of each file format, generated from the types.

use clap::ValueEnum;

use crate::diag::exit;
use crate::ronin::model::{
    AttributesFile, Faction, ReferenceFile, RulingsFile, ScenarioProfilesFile, SwordsForHireFile,
    WeaponsFile,
};
use crate::ronin::roster::Roster;

/// The file formats with a schema; each is committed as `schemas/<name>.schema.json`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SchemaKind {
    /// A faction file of the data (`factions/<id>.toml`).
    Faction,
    /// A roster file, as `buntai new` writes it.
    Roster,
    /// A Samurai 1550-1600 army file (`system = "samurai-1550-1600"`).
    SamuraiArmy,
    /// `buntai validate --format json` for Samurai 1550-1600 armies: one verdict an army.
    SamuraiVerdict,
    /// `buntai print --format json` for a Samurai 1550-1600 army: the army sheet.
    SamuraiSheet,
    /// `buntai odds combat|volley --format json` for Samurai 1550-1600.
    SamuraiOdds,
    /// Samurai 1550-1600's unit types (`factions/samurai-1550-1600/units.toml`).
    SamuraiUnits,
    /// Samurai 1550-1600's additions (`factions/samurai-1550-1600/additions.toml`).
    SamuraiAdditions,
    /// `buntai simulate --format json` for two Samurai 1550-1600 armies.
    SamuraiSimulation,
    /// `buntai simulate --field ... --format json` for Samurai 1550-1600 armies.
    SamuraiField,
    /// One line of a Samurai 1550-1600 game's `--log` (JSON Lines).
    SamuraiEvent,
    /// A Heroic Samurai contingent file (`system = "heroic-samurai"`).
    HeroicContingent,
    /// `buntai validate --format json` for Heroic Samurai contingents (and `--sides`).
    HeroicVerdict,
    /// `buntai print --format json` for a Heroic Samurai contingent: the contingent sheet.
    HeroicSheet,
    /// `buntai odds --system heroic-samurai melee --format json`.
    HeroicMeleeOdds,
    /// `buntai odds --system heroic-samurai shoot --format json`.
    HeroicShotOdds,
    /// `buntai odds --system heroic-samurai duel --format json`.
    HeroicDuelOdds,
    /// `buntai odds --system heroic-samurai morale --format json`.
    HeroicMoraleOdds,
    /// Heroic Samurai's element types (`factions/heroic-samurai/elements.toml`).
    HeroicElements,
    /// Heroic Samurai's shooting tables (`factions/heroic-samurai/shooting.toml`).
    HeroicShooting,
    /// Heroic Samurai's melee numbers (`factions/heroic-samurai/melee.toml`).
    HeroicMelee,
    /// Heroic Samurai's Morale Test (`factions/heroic-samurai/morale.toml`).
    HeroicMorale,
    /// Heroic Samurai's leader and characteristics (`factions/heroic-samurai/leaders.toml`).
    HeroicLeaders,
    /// Heroic Samurai's scenarios and terrain (`factions/heroic-samurai/scenarios.toml`).
    HeroicScenarios,
    /// `buntai simulate --format json` for Heroic Samurai sides.
    HeroicSimulation,
    /// One line of a Heroic Samurai game's `--log` (JSON Lines).
    HeroicEvent,
    /// A Heroic Samurai table file (`simulate --table`).
    HeroicTable,
    /// `buntai simulate --field ... --format json` for Heroic Samurai contingents.
    HeroicField,
    /// `buntai odds --system l5r-mass-battle roll --format json`.
    L5rRollOdds,
    /// `buntai odds --system l5r-mass-battle contest --format json`.
    L5rContestOdds,
    /// `buntai odds --system l5r-mass-battle battle --format json`.
    L5rBattleOdds,
    /// An L5R mass battle file (`system = "l5r-mass-battle"`).
    L5rBattle,
    /// `buntai validate --format json` for L5R battle files.
    L5rVerdict,
    /// L5R's formations (`factions/l5r-mass-battle/formations.toml`).
    L5rFormations,
    /// L5R's Raise menus and spells (`factions/l5r-mass-battle/menus.toml`).
    L5rMenus,
    /// L5R's zone effects (`factions/l5r-mass-battle/zone-effects.toml`).
    L5rZoneEffects,
    /// L5R's roles and rolls (`factions/l5r-mass-battle/roles.toml`).
    L5rRoles,
    /// L5R's numbers with their sources (`factions/l5r-mass-battle/numbers.toml`).
    L5rNumbers,
    /// `buntai print --format json` for an L5R battle file: the battle sheet.
    L5rSheet,
    /// `buntai simulate --format json` for an L5R battle.
    L5rSimulation,
    /// One line of an L5R battle's `--log` (JSON Lines).
    L5rEvent,
    /// The weapons file of the data.
    Weapons,
    /// The attributes file of the data.
    Attributes,
    /// The Swords for Hire file of the data.
    SwordsForHire,
    /// The scenario profiles file of the data (the scenarios' own models).
    ScenarioProfiles,
    /// The rulings file of the data.
    Rulings,
    /// The reference file of the data (tables, terrain, scenarios).
    Reference,
    /// The JSON roster sheet that `buntai print --format json` writes.
    Sheet,
    /// One line of the `buntai simulate --log` JSON Lines file.
    Event,
    /// One element of the array `validate --format json` prints.
    Verdict,
    /// What an edit command (`add`, `remove`, `set`, `edit`, `undo`) prints with `--format json`.
    Edit,
    /// What `suggest --format json` prints.
    Suggestion,
    /// What `odds melee|shoot --format json` prints.
    Odds,
    /// What `simulate --format json` prints.
    Simulation,
    /// What `data check --format json` prints.
    DataCheck,
    /// One element of the array `factions --format json` prints.
    FactionSummary,
    /// What `faction ID --format json` prints: the faction file's data with snake_case keys.
    FactionOutput,
    /// One element of the array `rulings --format json` prints (and `rulings R-16 --format json`).
    Ruling,
    /// What `rulings RULE-ID --format json` prints for a composition rule.
    Rule,
    /// What `options FILE --format json` prints.
    Options,
    /// `terrain.toml`: terrain kinds, table sizes, weather, deployment.
    Terrain,
    /// A table file (`buntai table --table FILE`).
    Table,
    /// What `table --format json` prints.
    TableOutput,
    /// What `simulate --scenario skirmish --format json` prints.
    Skirmish,
    /// What `buntai scenarios --format json` prints.
    Scenarios,
    /// `periods.toml`: the main period and the other periods' lists.
    Periods,
    /// What `simulate --field --format json` prints.
    Field,
    /// A campaign file (`buntai campaign new`).
    Campaign,
    /// `campaign.toml`: experience, promotion paths, the campaign's and events' terms.
    CampaignRules,
    /// What `campaign show --format json` prints.
    CampaignShow,
    /// What `campaign simulate --games N --format json` prints.
    CampaignRuns,
    /// A tournament event file (`buntai event new`).
    Tournament,
    /// What `event standings --format json` prints (and every `event` edit with JSON).
    Standings,
}

impl SchemaKind {
    pub const ALL: [SchemaKind; 73] = [
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
        SchemaKind::Verdict,
        SchemaKind::Edit,
        SchemaKind::Suggestion,
        SchemaKind::Odds,
        SchemaKind::Simulation,
        SchemaKind::DataCheck,
        SchemaKind::FactionSummary,
        SchemaKind::FactionOutput,
        SchemaKind::Ruling,
        SchemaKind::Rule,
        SchemaKind::Options,
        SchemaKind::Terrain,
        SchemaKind::Table,
        SchemaKind::TableOutput,
        SchemaKind::Skirmish,
        SchemaKind::Scenarios,
        SchemaKind::Periods,
        SchemaKind::Field,
        SchemaKind::Campaign,
        SchemaKind::CampaignRules,
        SchemaKind::CampaignShow,
        SchemaKind::CampaignRuns,
        SchemaKind::Tournament,
        SchemaKind::Standings,
        SchemaKind::SamuraiArmy,
        SchemaKind::SamuraiVerdict,
        SchemaKind::SamuraiSheet,
        SchemaKind::SamuraiOdds,
        SchemaKind::SamuraiUnits,
        SchemaKind::SamuraiAdditions,
        SchemaKind::SamuraiSimulation,
        SchemaKind::SamuraiField,
        SchemaKind::SamuraiEvent,
        SchemaKind::HeroicContingent,
        SchemaKind::HeroicVerdict,
        SchemaKind::HeroicSheet,
        SchemaKind::HeroicMeleeOdds,
        SchemaKind::HeroicShotOdds,
        SchemaKind::HeroicDuelOdds,
        SchemaKind::HeroicMoraleOdds,
        SchemaKind::HeroicElements,
        SchemaKind::HeroicShooting,
        SchemaKind::HeroicMelee,
        SchemaKind::HeroicMorale,
        SchemaKind::HeroicLeaders,
        SchemaKind::HeroicScenarios,
        SchemaKind::HeroicSimulation,
        SchemaKind::HeroicEvent,
        SchemaKind::HeroicTable,
        SchemaKind::HeroicField,
        SchemaKind::L5rRollOdds,
        SchemaKind::L5rContestOdds,
        SchemaKind::L5rBattleOdds,
        SchemaKind::L5rBattle,
        SchemaKind::L5rVerdict,
        SchemaKind::L5rFormations,
        SchemaKind::L5rMenus,
        SchemaKind::L5rZoneEffects,
        SchemaKind::L5rRoles,
        SchemaKind::L5rNumbers,
        SchemaKind::L5rSheet,
        SchemaKind::L5rSimulation,
        SchemaKind::L5rEvent,
    ];

    /// The file name under `schemas/`.
    pub fn file_name(self) -> &'static str {
        match self {
            SchemaKind::Faction => "faction.schema.json",
            SchemaKind::Roster => "roster.schema.json",
            SchemaKind::SamuraiArmy => "samurai-army.schema.json",
            SchemaKind::SamuraiVerdict => "samurai-verdict.schema.json",
            SchemaKind::SamuraiSheet => "samurai-sheet.schema.json",
            SchemaKind::SamuraiOdds => "samurai-odds.schema.json",
            SchemaKind::SamuraiUnits => "samurai-units.schema.json",
            SchemaKind::SamuraiAdditions => "samurai-additions.schema.json",
            SchemaKind::SamuraiSimulation => "samurai-simulation.schema.json",
            SchemaKind::SamuraiField => "samurai-field.schema.json",
            SchemaKind::SamuraiEvent => "samurai-event.schema.json",
            SchemaKind::HeroicContingent => "heroic-contingent.schema.json",
            SchemaKind::HeroicVerdict => "heroic-verdict.schema.json",
            SchemaKind::HeroicSheet => "heroic-sheet.schema.json",
            SchemaKind::HeroicMeleeOdds => "heroic-melee-odds.schema.json",
            SchemaKind::HeroicShotOdds => "heroic-shot-odds.schema.json",
            SchemaKind::HeroicDuelOdds => "heroic-duel-odds.schema.json",
            SchemaKind::HeroicMoraleOdds => "heroic-morale-odds.schema.json",
            SchemaKind::HeroicElements => "heroic-elements.schema.json",
            SchemaKind::HeroicShooting => "heroic-shooting.schema.json",
            SchemaKind::HeroicMelee => "heroic-melee.schema.json",
            SchemaKind::HeroicMorale => "heroic-morale.schema.json",
            SchemaKind::HeroicLeaders => "heroic-leaders.schema.json",
            SchemaKind::HeroicScenarios => "heroic-scenarios.schema.json",
            SchemaKind::HeroicSimulation => "heroic-simulation.schema.json",
            SchemaKind::HeroicEvent => "heroic-event.schema.json",
            SchemaKind::HeroicTable => "heroic-table.schema.json",
            SchemaKind::HeroicField => "heroic-field.schema.json",
            SchemaKind::L5rRollOdds => "l5r-roll-odds.schema.json",
            SchemaKind::L5rContestOdds => "l5r-contest-odds.schema.json",
            SchemaKind::L5rBattleOdds => "l5r-battle-odds.schema.json",
            SchemaKind::L5rBattle => "l5r-battle.schema.json",
            SchemaKind::L5rVerdict => "l5r-verdict.schema.json",
            SchemaKind::L5rFormations => "l5r-formations.schema.json",
            SchemaKind::L5rMenus => "l5r-menus.schema.json",
            SchemaKind::L5rZoneEffects => "l5r-zone-effects.schema.json",
            SchemaKind::L5rRoles => "l5r-roles.schema.json",
            SchemaKind::L5rNumbers => "l5r-numbers.schema.json",
            SchemaKind::L5rSheet => "l5r-sheet.schema.json",
            SchemaKind::L5rSimulation => "l5r-simulation.schema.json",
            SchemaKind::L5rEvent => "l5r-event.schema.json",
            SchemaKind::Weapons => "weapons.schema.json",
            SchemaKind::Attributes => "attributes.schema.json",
            SchemaKind::SwordsForHire => "swords-for-hire.schema.json",
            SchemaKind::ScenarioProfiles => "scenario-profiles.schema.json",
            SchemaKind::Rulings => "rulings.schema.json",
            SchemaKind::Reference => "reference.schema.json",
            SchemaKind::Sheet => "sheet.schema.json",
            SchemaKind::Event => "event.schema.json",
            SchemaKind::Verdict => "verdict.schema.json",
            SchemaKind::Edit => "edit.schema.json",
            SchemaKind::Suggestion => "suggestion.schema.json",
            SchemaKind::Odds => "odds.schema.json",
            SchemaKind::Simulation => "simulation.schema.json",
            SchemaKind::DataCheck => "data-check.schema.json",
            SchemaKind::FactionSummary => "faction-summary.schema.json",
            SchemaKind::FactionOutput => "faction-output.schema.json",
            SchemaKind::Ruling => "ruling.schema.json",
            SchemaKind::Rule => "rule.schema.json",
            SchemaKind::Options => "options.schema.json",
            SchemaKind::Terrain => "terrain.schema.json",
            SchemaKind::Table => "table.schema.json",
            SchemaKind::TableOutput => "table-output.schema.json",
            SchemaKind::Skirmish => "skirmish.schema.json",
            SchemaKind::Scenarios => "scenarios.schema.json",
            SchemaKind::Periods => "periods.schema.json",
            SchemaKind::Field => "field.schema.json",
            SchemaKind::Campaign => "campaign.schema.json",
            SchemaKind::CampaignRules => "campaign-rules.schema.json",
            SchemaKind::CampaignShow => "campaign-show.schema.json",
            SchemaKind::CampaignRuns => "campaign-runs.schema.json",
            SchemaKind::Tournament => "tournament.schema.json",
            SchemaKind::Standings => "standings.schema.json",
        }
    }

    /// The schema as pretty JSON with a trailing newline.
    pub fn render(self) -> String {
        let schema = match self {
            SchemaKind::Faction => schemars::schema_for!(Faction),
            SchemaKind::Roster => schemars::schema_for!(Roster),
            SchemaKind::SamuraiArmy => schemars::schema_for!(crate::samurai::army::ArmyFile),
            SchemaKind::SamuraiVerdict => {
                schemars::schema_for!(Vec<crate::samurai::army::ArmyVerdictJson>)
            }
            SchemaKind::SamuraiSheet => schemars::schema_for!(crate::samurai::sheet::ArmySheet),
            SchemaKind::SamuraiOdds => schemars::schema_for!(crate::samurai::cli::RollOddsJson),
            SchemaKind::SamuraiSimulation => {
                schemars::schema_for!(crate::samurai::simulate::ArmySimulationJson)
            }
            SchemaKind::SamuraiField => {
                schemars::schema_for!(crate::field::FieldJson)
            }
            SchemaKind::SamuraiEvent => {
                schemars::schema_for!(crate::samurai::engine::event::Event)
            }
            SchemaKind::SamuraiUnits => schemars::schema_for!(crate::samurai::data::UnitsFile),
            SchemaKind::HeroicContingent => {
                schemars::schema_for!(crate::heroic::contingent::ContingentFile)
            }
            SchemaKind::HeroicVerdict => schemars::schema_for!(crate::heroic::cli::ValidateJson),
            SchemaKind::HeroicSheet => schemars::schema_for!(crate::heroic::sheet::ContingentSheet),
            SchemaKind::HeroicMeleeOdds => {
                schemars::schema_for!(crate::heroic::odds::MeleeOddsJson)
            }
            SchemaKind::HeroicShotOdds => schemars::schema_for!(crate::heroic::odds::ShotOddsJson),
            SchemaKind::HeroicDuelOdds => schemars::schema_for!(crate::heroic::odds::DuelOddsJson),
            SchemaKind::HeroicMoraleOdds => {
                schemars::schema_for!(crate::heroic::odds::MoraleOddsJson)
            }
            SchemaKind::HeroicElements => schemars::schema_for!(crate::heroic::data::ElementsFile),
            SchemaKind::HeroicShooting => schemars::schema_for!(crate::heroic::data::ShootingFile),
            SchemaKind::HeroicMelee => schemars::schema_for!(crate::heroic::data::MeleeFile),
            SchemaKind::HeroicMorale => schemars::schema_for!(crate::heroic::data::MoraleFile),
            SchemaKind::HeroicLeaders => schemars::schema_for!(crate::heroic::data::LeadersFile),
            SchemaKind::HeroicScenarios => {
                schemars::schema_for!(crate::heroic::data::ScenariosFile)
            }
            SchemaKind::HeroicSimulation => {
                schemars::schema_for!(crate::heroic::simulate::HeroicSimulationJson)
            }
            SchemaKind::HeroicEvent => schemars::schema_for!(crate::heroic::engine::event::Event),
            SchemaKind::HeroicTable => schemars::schema_for!(crate::heroic::table::TableFile),
            SchemaKind::HeroicField => schemars::schema_for!(crate::field::FieldJson),
            SchemaKind::L5rRollOdds => schemars::schema_for!(crate::l5r::odds::RollOddsJson),
            SchemaKind::L5rContestOdds => schemars::schema_for!(crate::l5r::odds::ContestOddsJson),
            SchemaKind::L5rBattleOdds => schemars::schema_for!(crate::l5r::odds::BattleOddsJson),
            SchemaKind::L5rBattle => schemars::schema_for!(crate::l5r::battle::BattleFile),
            SchemaKind::L5rVerdict => {
                schemars::schema_for!(Vec<crate::l5r::battle::BattleVerdictJson>)
            }
            SchemaKind::L5rFormations => schemars::schema_for!(crate::l5r::data::FormationsFile),
            SchemaKind::L5rMenus => schemars::schema_for!(crate::l5r::data::MenusFile),
            SchemaKind::L5rZoneEffects => schemars::schema_for!(crate::l5r::data::ZoneEffectsFile),
            SchemaKind::L5rRoles => schemars::schema_for!(crate::l5r::data::RolesFile),
            SchemaKind::L5rNumbers => schemars::schema_for!(crate::l5r::data::NumbersFile),
            SchemaKind::L5rSheet => schemars::schema_for!(crate::l5r::sheet::BattleSheet),
            SchemaKind::L5rSimulation => {
                schemars::schema_for!(crate::l5r::simulate::L5rSimulationJson)
            }
            SchemaKind::L5rEvent => schemars::schema_for!(crate::l5r::event::Event),
            SchemaKind::SamuraiAdditions => {
                schemars::schema_for!(crate::samurai::data::AdditionsFile)
            }
            SchemaKind::Weapons => schemars::schema_for!(WeaponsFile),
            SchemaKind::Attributes => schemars::schema_for!(AttributesFile),
            SchemaKind::SwordsForHire => schemars::schema_for!(SwordsForHireFile),
            SchemaKind::ScenarioProfiles => schemars::schema_for!(ScenarioProfilesFile),
            SchemaKind::Rulings => schemars::schema_for!(RulingsFile),
            SchemaKind::Reference => schemars::schema_for!(ReferenceFile),
            SchemaKind::Sheet => schemars::schema_for!(crate::ronin::print::Sheet),
            SchemaKind::Event => schemars::schema_for!(crate::ronin::engine::events::Event),
            SchemaKind::Verdict => schemars::schema_for!(crate::ronin::rules::VerdictJson),
            SchemaKind::Edit => schemars::schema_for!(crate::ronin::cli::build::EditJson),
            SchemaKind::Suggestion => {
                schemars::schema_for!(crate::ronin::cli::build::SuggestionJson)
            }
            SchemaKind::Odds => schemars::schema_for!(crate::ronin::cli::odds::OddsJson),
            SchemaKind::Simulation => {
                schemars::schema_for!(crate::ronin::cli::simulate::SimulationJson)
            }
            SchemaKind::DataCheck => schemars::schema_for!(crate::ronin::cli::data::CheckReport),
            SchemaKind::FactionSummary => {
                schemars::schema_for!(crate::ronin::cli::catalogue::FactionSummary<'static>)
            }
            SchemaKind::FactionOutput => schemars::schema_for!(Faction),
            SchemaKind::Ruling => schemars::schema_for!(crate::ronin::model::Ruling),
            SchemaKind::Rule => schemars::schema_for!(crate::ronin::cli::catalogue::RuleJson),
            SchemaKind::Options => schemars::schema_for!(crate::ronin::options::Slack),
            SchemaKind::Terrain => schemars::schema_for!(crate::ronin::model::TerrainFile),
            SchemaKind::Periods => schemars::schema_for!(crate::ronin::model::PeriodsFile),
            SchemaKind::Field => schemars::schema_for!(crate::ronin::cli::field::FieldJson),
            SchemaKind::Campaign => schemars::schema_for!(crate::ronin::campaign::Campaign),
            SchemaKind::CampaignRules => schemars::schema_for!(crate::ronin::model::CampaignRules),
            SchemaKind::CampaignShow => {
                schemars::schema_for!(crate::ronin::cli::campaign::CampaignJson)
            }
            SchemaKind::CampaignRuns => {
                schemars::schema_for!(crate::ronin::cli::campaign::CampaignRunsJson)
            }
            SchemaKind::Tournament => schemars::schema_for!(crate::ronin::campaign::event::Event),
            SchemaKind::Standings => schemars::schema_for!(crate::ronin::cli::event::EventJson),
            SchemaKind::Table => schemars::schema_for!(crate::ronin::engine::table::TableFile),
            SchemaKind::TableOutput => schemars::schema_for!(crate::ronin::print::table::TableJson),
            SchemaKind::Skirmish => {
                schemars::schema_for!(crate::ronin::cli::skirmish::SkirmishJson)
            }
            SchemaKind::Scenarios => {
                schemars::schema_for!(Vec<crate::ronin::cli::catalogue::ScenarioJson<'static>>)
            }
        };
        let mut value = serde_json::to_value(&schema).unwrap_or_default();
        if self.is_output() {
            value = snake_case_schema(value);
        }
        let mut text = serde_json::to_string_pretty(&value).unwrap_or_default();
        text.push('\n');
        text
    }
}

impl SchemaKind {
    /// A command's JSON output (snake_case keys), as opposed to a data or roster file's format.
    pub fn is_output(self) -> bool {
        !matches!(
            self,
            SchemaKind::Faction
                | SchemaKind::Roster
                | SchemaKind::Weapons
                | SchemaKind::Attributes
                | SchemaKind::SwordsForHire
                | SchemaKind::ScenarioProfiles
                | SchemaKind::Rulings
                | SchemaKind::Reference
                | SchemaKind::Terrain
                | SchemaKind::Table
                | SchemaKind::Periods
                | SchemaKind::Campaign
                | SchemaKind::CampaignRules
                | SchemaKind::Tournament
        )
    }
}

/// The schema of a value whose keys `print_json` turned to snake_case: property names and
/// `required` lists renamed the same way.
fn snake_case_schema(value: serde_json::Value) -> serde_json::Value {
    use serde_json::Value;
    match value {
        Value::Object(map) => Value::Object(
            map.into_iter()
                .map(|(k, v)| {
                    let v = match (k.as_str(), v) {
                        ("properties", Value::Object(props)) => Value::Object(
                            props
                                .into_iter()
                                .map(|(name, schema)| {
                                    (name.replace('-', "_"), snake_case_schema(schema))
                                })
                                .collect(),
                        ),
                        ("required", Value::Array(names)) => Value::Array(
                            names
                                .into_iter()
                                .map(|n| match n {
                                    Value::String(s) => Value::String(s.replace('-', "_")),
                                    other => other,
                                })
                                .collect(),
                        ),
                        (_, v) => snake_case_schema(v),
                    };
                    (k, v)
                })
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.into_iter().map(snake_case_schema).collect()),
        other => other,
    }
}

pub fn print(kind: SchemaKind) -> u8 {
    super::output::emit(&kind.render());
    exit::SUCCESS
}
