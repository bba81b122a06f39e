//! What a check reports: a [`Violation`] with a stable code, the rule id from the data, and where.

use schemars::JsonSchema;
use serde::Serialize;

use super::{Problem, Severity, SourceFile, TomlPath};

/// The stable codes of roster problems. Tools match on these; never rename one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Code {
    /// TOML syntax or type errors.
    Parse,
    /// An unknown faction, profile, weapon, attribute or option.
    Unknown,
    /// Something the profile does not allow.
    Option,
    /// Fewer than 4 or more than 20 models.
    Size,
    /// Over the points limit (or, as a warning, well under it).
    Points,
    /// A rank or profile composition rule of the faction.
    Composition,
    /// A teppo/arquebus or missile percentage.
    WeaponLimit,
    /// Who may be hired, and how many.
    SwordsForHire,
    /// Who may carry a banner, how many, and with what.
    Banner,
    /// The Koryu weapon declaration and its use.
    Koryu,
    /// The Leader mark.
    Leader,
    /// Tournament and campaign formats.
    Format,
}

impl Code {
    pub fn as_str(self) -> &'static str {
        match self {
            Code::Parse => "parse",
            Code::Unknown => "unknown",
            Code::Option => "option",
            Code::Size => "size",
            Code::Points => "points",
            Code::Composition => "composition",
            Code::WeaponLimit => "weapon-limit",
            Code::SwordsForHire => "swords-for-hire",
            Code::Banner => "banner",
            Code::Koryu => "koryu",
            Code::Leader => "leader",
            Code::Format => "format",
        }
    }
}

/// One problem with a roster.
#[derive(Debug, Clone, PartialEq)]
pub struct Violation {
    pub code: Code,
    /// The specific rule: a composition rule id from the data, or a fixed id for built-in rules.
    pub rule: String,
    pub severity: Severity,
    pub message: String,
    pub help: Option<String>,
    /// Index of the roster entry (`[[models]]`) concerned, if any.
    pub model: Option<usize>,
    /// Where in the roster file to point.
    pub path: Option<TomlPath>,
    /// A byte span, for problems found before the file could be read as a roster.
    pub span: Option<std::ops::Range<usize>>,
    pub label: String,
    /// Other places that contribute (every teppo carrier, not only the last), each labelled.
    pub also: Vec<(TomlPath, String)>,
}

impl Violation {
    pub fn error(code: Code, rule: impl Into<String>, message: impl Into<String>) -> Violation {
        Violation {
            code,
            rule: rule.into(),
            severity: Severity::Error,
            message: message.into(),
            help: None,
            model: None,
            path: None,
            span: None,
            label: String::new(),
            also: Vec::new(),
        }
    }

    pub fn warning(code: Code, rule: impl Into<String>, message: impl Into<String>) -> Violation {
        Violation {
            severity: Severity::Warning,
            ..Violation::error(code, rule, message)
        }
    }

    pub fn help(mut self, help: impl Into<String>) -> Violation {
        self.help = Some(help.into());
        self
    }

    /// Point at a value of the roster file, labelled.
    pub fn at(mut self, path: TomlPath, label: impl Into<String>) -> Violation {
        self.path = Some(path);
        self.label = label.into();
        self
    }

    /// Label another place that contributes to the problem.
    pub fn also(mut self, path: TomlPath, label: impl Into<String>) -> Violation {
        self.also.push((path, label.into()));
        self
    }

    /// Concern roster entry `index` (and point at it unless a more precise path is set later).
    pub fn model(mut self, index: usize) -> Violation {
        self.model = Some(index);
        if self.path.is_none() {
            self.path = Some(TomlPath::root().key("models").index(index));
            if self.label.is_empty() {
                self.label = "this model".to_owned();
            }
        }
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// A renderable diagnostic located in `file`.
    pub fn to_problem(&self, file: &SourceFile) -> Problem {
        let base = match self.severity {
            Severity::Error => Problem::error(self.code.as_str(), &self.message),
            Severity::Warning => Problem::warning(self.code.as_str(), &self.message),
        };
        let mut problem = base.with_help(self.help.clone().unwrap_or_default());
        problem = match &self.path {
            Some(path) => problem.at_path(file, path, self.label.clone()),
            None => problem.at(file, self.span.clone(), self.label.clone()),
        };
        for (path, label) in &self.also {
            problem = problem.also_at(file, path, label.clone());
        }
        problem
    }
}

/// "1 model", "3 models".
pub fn plural(n: u32, word: &str) -> String {
    if n == 1 {
        format!("{n} {word}")
    } else {
        format!("{n} {word}s")
    }
}
