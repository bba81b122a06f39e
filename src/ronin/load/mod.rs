//! Turning data files into a checked [`Catalogue`]: read (embedded or `--data DIR`), parse into the
//! typed records of `crate::ronin::model`, then cross-check every reference. Problems from every file are
//! gathered and reported together, each located in its file.

mod check;
mod parse;
mod period;

use std::path::{Path, PathBuf};

use include_dir::{Dir, include_dir};

use crate::diag::{Problem, SourceFile};
use crate::ronin::model::{
    AttributesFile, Catalogue, Faction, PeriodsFile, ReferenceFile, RulingsFile,
    ScenarioProfilesFile, SwordsForHireFile, TerrainFile, WeaponsFile,
};

pub use parse::{parse_toml, read_text_file};

/// The data shipped inside the binary.
static EMBEDDED: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/factions");

/// Files that must exist in every data folder; every other `*.toml` is a faction.
pub const WEAPONS: &str = "weapons.toml";
pub const ATTRIBUTES: &str = "attributes.toml";
pub const SWORDS_FOR_HIRE: &str = "swords-for-hire.toml";
pub const SCENARIO_PROFILES: &str = "scenario-profiles.toml";
pub const RULINGS: &str = "rulings.toml";
pub const REFERENCE: &str = "reference.toml";
pub const TERRAIN: &str = "terrain.toml";
pub const PERIODS: &str = "periods.toml";
pub const CAMPAIGN: &str = "campaign.toml";
const REQUIRED: [&str; 9] = [
    WEAPONS,
    ATTRIBUTES,
    SWORDS_FOR_HIRE,
    SCENARIO_PROFILES,
    RULINGS,
    REFERENCE,
    TERRAIN,
    PERIODS,
    CAMPAIGN,
];

/// Why the data could not be loaded.
#[derive(Debug)]
pub enum LoadError {
    /// A folder or file could not be read at all (exit code 2).
    Unreadable { path: PathBuf, reason: String },
    /// The files were read but have problems (exit code 1).
    Invalid(Vec<Problem>),
}

/// Where the data comes from.
#[derive(Debug, Clone)]
pub enum DataSource {
    Embedded,
    Dir(PathBuf),
}

/// Read, parse and cross-check a data set.
pub fn load(source: &DataSource) -> Result<Catalogue, LoadError> {
    let files = read_files(source)?;
    load_files(&files)
}

/// Parse and cross-check already-read files (name → text).
pub fn load_files(files: &[SourceFile]) -> Result<Catalogue, LoadError> {
    let mut problems = Vec::new();
    for required in REQUIRED {
        if !files.iter().any(|f| f.name_matches(required)) {
            problems.push(
                Problem::error(
                    "data::missing-file",
                    format!("the data folder has no `{required}`"),
                )
                .with_help("copy it from the shipped `factions/` folder"),
            );
        }
    }
    if !problems.is_empty() {
        return Err(LoadError::Invalid(problems));
    }
    let find = |name: &str| files.iter().find(|f| f.name_matches(name));
    let weapons = parse_required::<WeaponsFile>(find(WEAPONS), &mut problems);
    let attributes = parse_required::<AttributesFile>(find(ATTRIBUTES), &mut problems);
    let swords = parse_required::<SwordsForHireFile>(find(SWORDS_FOR_HIRE), &mut problems);
    let scenario = parse_required::<ScenarioProfilesFile>(find(SCENARIO_PROFILES), &mut problems);
    let rulings = parse_required::<RulingsFile>(find(RULINGS), &mut problems);
    let reference = parse_required::<ReferenceFile>(find(REFERENCE), &mut problems);
    let terrain = parse_required::<TerrainFile>(find(TERRAIN), &mut problems);
    let periods = parse_required::<PeriodsFile>(find(PERIODS), &mut problems);
    let campaign =
        parse_required::<crate::ronin::model::CampaignRules>(find(CAMPAIGN), &mut problems);
    let mut factions: Vec<(Faction, SourceFile)> = Vec::new();
    for file in files
        .iter()
        .filter(|f| !REQUIRED.iter().any(|r| f.name_matches(r)))
    {
        match parse_toml::<Faction>(file) {
            Ok(faction) => factions.push((faction, file.clone())),
            Err(problem) => problems.push(*problem),
        }
    }
    let (
        Some(weapons),
        Some(attributes),
        Some(swords),
        Some(scenario),
        Some(rulings),
        Some(reference),
        Some(terrain),
        Some(periods),
        Some(campaign),
    ) = (
        weapons, attributes, swords, scenario, rulings, reference, terrain, periods, campaign,
    )
    else {
        return Err(LoadError::Invalid(problems));
    };
    if !problems.is_empty() {
        return Err(LoadError::Invalid(problems));
    }
    factions.sort_by(|a, b| a.0.id.cmp(&b.0.id));
    let sources = check::Sources {
        weapons: weapons.1,
        attributes: attributes.1,
        swords_for_hire: swords.1,
        scenario: scenario.1,
        rulings: rulings.1,
        reference: reference.1,
        terrain: terrain.1,
        periods: periods.1,
        campaign: campaign.1,
        factions: factions.iter().map(|(_, f)| f.clone()).collect(),
    };
    let mut catalogue = Catalogue {
        factions: factions.into_iter().map(|(f, _)| f).collect(),
        weapons: weapons.0,
        attributes: attributes.0,
        swords_for_hire: swords.0,
        scenario: scenario.0,
        rulings: rulings.0,
        reference: reference.0,
        terrain: terrain.0,
        periods: periods.0,
        campaign: campaign.0,
        period_factions: Vec::new(),
        data_version: data_version(files),
    };
    catalogue.period_factions = period::build_all(&catalogue);
    let problems = check::cross_check(&catalogue, &sources);
    if problems.iter().any(Problem::is_error) {
        return Err(LoadError::Invalid(problems));
    }
    Ok(catalogue)
}

/// FNV-1a (64 bits) over every file's name and text, in name order: the first 12 hex digits.
fn data_version(files: &[SourceFile]) -> String {
    let mut named: Vec<(&str, &str)> = files
        .iter()
        .map(|f| {
            let name = Path::new(&f.name)
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or(&f.name);
            (name, &*f.text)
        })
        .collect();
    named.sort_unstable();
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for (name, text) in named {
        for byte in name.bytes().chain([0]).chain(text.bytes()).chain([0]) {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    format!("{:012x}", hash >> 16)
}

fn parse_required<T: serde::de::DeserializeOwned>(
    file: Option<&SourceFile>,
    problems: &mut Vec<Problem>,
) -> Option<(T, SourceFile)> {
    let file = file?;
    match parse_toml::<T>(file) {
        Ok(value) => Some((value, file.clone())),
        Err(problem) => {
            problems.push(*problem);
            None
        }
    }
}

impl SourceFile {
    /// Whether this file is `name` (the display name may carry a folder).
    fn name_matches(&self, name: &str) -> bool {
        Path::new(&self.name).file_name().is_some_and(|n| n == name)
    }
}

/// Read every `*.toml` file of the data source, sorted by name.
pub fn read_files(source: &DataSource) -> Result<Vec<SourceFile>, LoadError> {
    let mut files = Vec::new();
    match source {
        DataSource::Embedded => {
            for file in EMBEDDED.files() {
                let name = file.path().to_string_lossy().into_owned();
                if !name.ends_with(".toml") {
                    continue;
                }
                let text = file.contents_utf8().ok_or_else(|| LoadError::Unreadable {
                    path: file.path().to_owned(),
                    reason: "embedded file is not UTF-8".to_owned(),
                })?;
                files.push(SourceFile::new(format!("factions/{name}"), text));
            }
        }
        DataSource::Dir(dir) => {
            let entries = std::fs::read_dir(dir).map_err(|e| LoadError::Unreadable {
                path: dir.clone(),
                reason: e.to_string(),
            })?;
            for entry in entries {
                let entry = entry.map_err(|e| LoadError::Unreadable {
                    path: dir.clone(),
                    reason: e.to_string(),
                })?;
                let path = entry.path();
                if path.extension().is_none_or(|e| e != "toml") || !path.is_file() {
                    continue;
                }
                files.push(parse::read_text_file(&path)?);
            }
        }
    }
    files.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(files)
}
