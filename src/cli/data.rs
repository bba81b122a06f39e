//! `buntai data check`.

use serde::Serialize;

use super::ListFormat;
use super::output::{Out, print_json};
use crate::diag::{Problem, Severity, exit};
use crate::load::{self, DataSource, LoadError};

#[derive(Serialize)]
struct CheckReport {
    ok: bool,
    factions: usize,
    profiles: usize,
    problems: Vec<ProblemJson>,
}

/// A problem as tools read it.
#[derive(Serialize)]
pub struct ProblemJson {
    pub code: String,
    pub severity: Severity,
    pub message: String,
    pub file: Option<String>,
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub help: Option<String>,
}

impl From<&Problem> for ProblemJson {
    fn from(p: &Problem) -> ProblemJson {
        let (line, column) = p.line_col().unzip();
        ProblemJson {
            code: p.code.clone(),
            severity: p.severity,
            message: p.message.clone(),
            file: p.file.as_ref().map(|f| f.name.clone()),
            line,
            column,
            help: p.help.clone(),
        }
    }
}

pub fn check(out: &Out, source: &DataSource, format: ListFormat) -> u8 {
    match (load::load(source), format) {
        (Ok(cat), ListFormat::Text) => {
            let profiles: usize = cat.factions.iter().map(|f| f.profiles.len()).sum();
            super::output::emit(&format!(
                "data ok: {} factions, {} faction profiles, {} Swords-for-Hire, {} weapons, {} attributes, {} rulings\n",
                cat.factions.len(),
                profiles,
                cat.swords_for_hire.profiles.len(),
                cat.weapons.weapons.len(),
                cat.attributes.attributes.len(),
                cat.rulings.rulings.len()
            ));
            exit::SUCCESS
        }
        (Ok(cat), ListFormat::Json) => print_json(&CheckReport {
            ok: true,
            factions: cat.factions.len(),
            profiles: cat.factions.iter().map(|f| f.profiles.len()).sum(),
            problems: Vec::new(),
        }),
        (Err(LoadError::Invalid(problems)), ListFormat::Json) => {
            print_json(&CheckReport {
                ok: false,
                factions: 0,
                profiles: 0,
                problems: problems.iter().map(ProblemJson::from).collect(),
            });
            exit::PROBLEMS
        }
        (Err(err), _) => super::report_load_error(out, &err),
    }
}
