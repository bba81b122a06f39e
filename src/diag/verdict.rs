//! What checking one user file found, the same shape for every system that reads a file and
//! checks it against its rules: the file, what it parsed to, and each broken rule.

use serde::de::DeserializeOwned;

use super::{Problem, ProblemJson, SourceFile};

/// One broken rule: the rule's id and its located diagnostic.
#[derive(Debug, Clone)]
pub struct Breach {
    pub rule: &'static str,
    pub problem: Problem,
}

/// What validating one file found.
#[derive(Debug, Clone)]
pub struct Verdict<T> {
    pub file: SourceFile,
    /// The file's contents, when it parsed.
    pub parsed: Option<T>,
    pub breaches: Vec<Breach>,
}

impl<T> Verdict<T> {
    /// Parsed, and no rule broken with an error.
    pub fn legal(&self) -> bool {
        self.parsed.is_some() && !self.breaches.iter().any(|b| b.problem.is_error())
    }

    pub fn problems(&self) -> Vec<Problem> {
        self.breaches.iter().map(|b| b.problem.clone()).collect()
    }

    /// The problems as JSON, each with its rule id.
    pub fn problems_json(&self) -> Vec<ProblemJson> {
        self.breaches
            .iter()
            .map(|b| ProblemJson {
                rule: Some(b.rule.to_owned()),
                ..ProblemJson::from_problem(&b.problem)
            })
            .collect()
    }
}

/// Parse a file as `T` and run `check` on it; a file that does not parse is one `parse` breach.
pub fn parse_and_check<T: DeserializeOwned>(
    file: &SourceFile,
    check: impl FnOnce(&T) -> Vec<Breach>,
) -> Verdict<T> {
    match crate::files::parse_toml::<T>(file) {
        Ok(parsed) => Verdict {
            file: file.clone(),
            breaches: check(&parsed),
            parsed: Some(parsed),
        },
        Err(problem) => Verdict {
            file: file.clone(),
            parsed: None,
            breaches: vec![Breach {
                rule: "parse",
                problem: *problem,
            }],
        },
    }
}
