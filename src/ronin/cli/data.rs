//! `buntai data check`.

use serde::Serialize;

use crate::cli::ListFormat;
use crate::cli::output::{Out, print_json};
use crate::diag::{ProblemJson, exit};
use crate::ronin::load::{self, DataSource, LoadError};

#[derive(Serialize, schemars::JsonSchema)]
pub struct CheckReport {
    ok: bool,
    data_version: Option<String>,
    factions: usize,
    profiles: usize,
    problems: Vec<ProblemJson>,
}

pub fn check(out: &Out, source: &DataSource, format: ListFormat) -> u8 {
    match (load::load(source), format) {
        (Ok(cat), ListFormat::Text) => {
            let profiles: usize = cat.factions.iter().map(|f| f.profiles.len()).sum();
            let line = format!(
                "data ok (version {}): {} factions, {} faction profiles, {} Swords-for-Hire, {} weapons, {} attributes, {} rulings, {} periods ({} lists of other periods)",
                cat.data_version,
                cat.factions.len(),
                profiles,
                cat.swords_for_hire.profiles.len(),
                cat.weapons.weapons.len(),
                cat.attributes.attributes.len(),
                cat.rulings.rulings.len(),
                cat.periods.periods.len(),
                cat.period_factions.len()
            );
            let options = textwrap::Options::new(out.width())
                .subsequent_indent("  ")
                .break_words(false)
                .word_splitter(textwrap::WordSplitter::NoHyphenation);
            crate::cli::output::emit(&format!("{}\n", textwrap::fill(&line, options)));
            exit::SUCCESS
        }
        (Ok(cat), ListFormat::Json) => print_json(&CheckReport {
            ok: true,
            data_version: Some(cat.data_version.clone()),
            factions: cat.factions.len(),
            profiles: cat.factions.iter().map(|f| f.profiles.len()).sum(),
            problems: Vec::new(),
        }),
        (Err(LoadError::Invalid(problems)), ListFormat::Json) => {
            print_json(&CheckReport {
                ok: false,
                data_version: None,
                factions: 0,
                profiles: 0,
                problems: problems.iter().map(ProblemJson::from_problem).collect(),
            });
            exit::PROBLEMS
        }
        (Err(err), _) => crate::cli::report_load_error(out, &err),
    }
}
