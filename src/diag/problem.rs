//! A located problem in one of the user's files, renderable by miette.

use std::fmt;
use std::ops::Range;
use std::sync::Arc;

use miette::{
    Diagnostic, GraphicalReportHandler, GraphicalTheme, LabeledSpan, NamedSource, SourceCode,
};

use super::{TomlPath, locate};

/// A file's name (as the user should see it) and its text.
#[derive(Debug, Clone)]
pub struct SourceFile {
    pub name: String,
    pub text: Arc<str>,
}

impl SourceFile {
    pub fn new(name: impl Into<String>, text: impl Into<Arc<str>>) -> SourceFile {
        SourceFile {
            name: name.into(),
            text: text.into(),
        }
    }

    /// The span of the value at `path`, if the file is valid TOML and the path exists.
    pub fn span_of(&self, path: &TomlPath) -> Option<Range<usize>> {
        locate(&self.text, path)
    }

    /// 1-based line and column of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let before = &self.text[..offset.min(self.text.len())];
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        (line, column)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
}

/// One problem: a stable code, what is wrong, where, and what to do about it.
#[derive(Debug, Clone)]
pub struct Problem {
    pub code: String,
    pub severity: Severity,
    pub message: String,
    pub help: Option<String>,
    /// The file and, when known, the span to label with `label`.
    pub file: Option<SourceFile>,
    pub span: Option<Range<usize>>,
    pub label: String,
    source_code: Option<NamedSource<Arc<str>>>,
}

impl Problem {
    pub fn error(code: impl Into<String>, message: impl Into<String>) -> Problem {
        Problem {
            code: code.into(),
            severity: Severity::Error,
            message: message.into(),
            help: None,
            file: None,
            span: None,
            label: String::new(),
            source_code: None,
        }
    }

    pub fn warning(code: impl Into<String>, message: impl Into<String>) -> Problem {
        Problem {
            severity: Severity::Warning,
            ..Problem::error(code, message)
        }
    }

    pub fn with_help(mut self, help: impl Into<String>) -> Problem {
        let help = help.into();
        self.help = (!help.is_empty()).then_some(help);
        self
    }

    /// Point at a byte span of `file`, labelled `label`.
    pub fn at(
        mut self,
        file: &SourceFile,
        span: Option<Range<usize>>,
        label: impl Into<String>,
    ) -> Problem {
        self.source_code =
            Some(NamedSource::new(file.name.clone(), Arc::clone(&file.text)).with_language("toml"));
        self.file = Some(file.clone());
        self.span = span;
        self.label = label.into();
        self
    }

    /// Point at the value found at `path` in `file`.
    pub fn at_path(self, file: &SourceFile, path: &TomlPath, label: impl Into<String>) -> Problem {
        let span = file.span_of(path);
        self.at(file, span, label)
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// 1-based line and column of the labelled span.
    pub fn line_col(&self) -> Option<(usize, usize)> {
        let (file, span) = (self.file.as_ref()?, self.span.as_ref()?);
        Some(file.line_col(span.start))
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Problem {}

impl Diagnostic for Problem {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(&self.code))
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
        })
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        self.source_code.as_ref().map(|s| s as &dyn SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let span = self.span.clone()?;
        self.source_code.as_ref()?;
        let label = (!self.label.is_empty()).then(|| self.label.clone());
        Some(Box::new(std::iter::once(LabeledSpan::new_with_span(
            label, span,
        ))))
    }
}

/// Render one diagnostic the way the terminal shows it.
pub fn render(diagnostic: &dyn Diagnostic, color: bool, width: usize) -> String {
    let theme = if color {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    let handler = GraphicalReportHandler::new_themed(theme)
        .with_width(width)
        .with_links(false);
    let mut out = String::new();
    if handler.render_report(&mut out, diagnostic).is_err() {
        out = format!("{}\n", diagnostic);
    }
    out
}

/// Render every problem, errors first, in a stable order.
pub fn render_all(problems: &[Problem], color: bool, width: usize) -> String {
    let mut out = String::new();
    for p in problems
        .iter()
        .filter(|p| p.is_error())
        .chain(problems.iter().filter(|p| !p.is_error()))
    {
        out.push_str(&render(p, color, width));
        out.push('\n');
    }
    out
}
