//! The one JSON shape of a problem, shared by `validate`, `print --format json`, `data check` and
//! the edit commands.

use schemars::JsonSchema;
use serde::Serialize;

use super::{Problem, Severity, SourceFile, Violation};

/// A problem as tools read it.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct ProblemJson {
    /// The stable code: `points`, `composition`, `data::points`, ...
    pub code: String,
    /// The specific rule (a composition rule id, or a built-in id such as `points-limit`).
    pub rule: Option<String>,
    pub severity: Severity,
    pub message: String,
    pub help: Option<String>,
    /// The file the problem is in.
    pub file: Option<String>,
    /// The roster entry concerned, 1-based as `buntai print` numbers them.
    pub entry: Option<usize>,
    /// 1-based line and column the diagnostic points at.
    pub line: Option<usize>,
    pub column: Option<usize>,
}

impl ProblemJson {
    pub fn from_problem(p: &Problem) -> ProblemJson {
        let (line, column) = p.line_col().unzip();
        ProblemJson {
            code: p.code.clone(),
            rule: None,
            severity: p.severity,
            message: p.message.clone(),
            help: p.help.clone(),
            file: p.file.as_ref().map(|f| f.name.clone()),
            entry: None,
            line,
            column,
        }
    }

    pub fn from_violation(v: &Violation, file: &SourceFile) -> ProblemJson {
        let problem = v.to_problem(file);
        ProblemJson {
            code: v.code.as_str().to_owned(),
            rule: Some(v.rule.clone()),
            entry: v.model.map(|m| m + 1),
            ..ProblemJson::from_problem(&problem)
        }
    }
}
