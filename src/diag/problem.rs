//! A located problem in one of the user's files, renderable by miette.

use std::fmt;
use std::ops::Range;
use std::sync::{Arc, OnceLock};

use miette::{
    Diagnostic, GraphicalReportHandler, GraphicalTheme, LabeledSpan, NamedSource, SourceCode,
};

use super::{SpanIndex, TomlPath, escape_controls, is_control};

/// A file's name (as the user should see it) and its text, with what diagnostics need computed once
/// per file and shared by every clone: the span of every value, the line starts, and a copy of the
/// text with control characters made visible for the snippets a terminal shows.
#[derive(Debug, Clone)]
pub struct SourceFile {
    pub name: String,
    pub text: Arc<str>,
    cache: Arc<Cache>,
}

#[derive(Debug, Default)]
struct Cache {
    spans: OnceLock<SpanIndex>,
    lines: OnceLock<Vec<usize>>,
    display: OnceLock<Display>,
}

/// The text as a snippet shows it; `shifts` maps an offset in the text to one in `text` (each
/// control character written as `\u{..}` is longer than itself).
#[derive(Debug)]
struct Display {
    text: Arc<str>,
    /// (offset of a control character, extra bytes added up to and including it), ascending.
    shifts: Vec<(usize, usize)>,
}

impl SourceFile {
    pub fn new(name: impl Into<String>, text: impl Into<Arc<str>>) -> SourceFile {
        SourceFile {
            name: name.into(),
            text: text.into(),
            cache: Arc::default(),
        }
    }

    /// The span of the value at `path`, if the file is valid TOML and the path exists.
    pub fn span_of(&self, path: &TomlPath) -> Option<Range<usize>> {
        self.cache
            .spans
            .get_or_init(|| SpanIndex::build(&self.text))
            .find(path)
    }

    /// 1-based line and column of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let starts = self.cache.lines.get_or_init(|| {
            std::iter::once(0)
                .chain(self.text.match_indices('\n').map(|(i, _)| i + 1))
                .collect()
        });
        let line = starts.partition_point(|&s| s <= offset);
        let start = starts[line - 1];
        let column = self
            .text
            .get(start..offset)
            .map_or(0, |l| l.chars().count())
            + 1;
        (line, column)
    }

    fn display(&self) -> &Display {
        self.cache.display.get_or_init(|| {
            let escaped = escape_controls(&self.text);
            let mut shifts = Vec::new();
            if matches!(escaped, std::borrow::Cow::Owned(_)) {
                let mut extra = 0;
                for (at, c) in self.text.char_indices() {
                    if is_control(c) {
                        extra += escape_controls(c.encode_utf8(&mut [0; 4])).len() - c.len_utf8();
                        shifts.push((at, extra));
                    }
                }
            }
            Display {
                text: escaped.into_owned().into(),
                shifts,
            }
        })
    }

    /// A span of the text as a span of the snippet text.
    fn display_span(&self, span: Range<usize>) -> Range<usize> {
        let shifts = &self.display().shifts;
        let map = |offset: usize| {
            let before = shifts.partition_point(|&(at, _)| at < offset);
            offset + before.checked_sub(1).map_or(0, |i| shifts[i].1)
        };
        map(span.start)..map(span.end)
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
    /// `span` in the snippet text (which shows control characters escaped).
    display_span: Option<Range<usize>>,
    /// Further labelled places in the same file (snippet spans).
    also: Vec<(Range<usize>, String)>,
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
            display_span: None,
            also: Vec::new(),
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
        self.source_code = Some(
            NamedSource::new(
                escape_controls(&file.name),
                Arc::clone(&file.display().text),
            )
            .with_language("toml"),
        );
        self.display_span = span.clone().map(|s| file.display_span(s));
        self.file = Some(file.clone());
        self.span = span;
        self.label = label.into();
        self
    }

    /// Label one more place of `file` (after [`Problem::at`] or [`Problem::at_path`]).
    pub fn also_at(
        mut self,
        file: &SourceFile,
        path: &TomlPath,
        label: impl Into<String>,
    ) -> Problem {
        if let Some(span) = file.span_of(path) {
            self.also.push((file.display_span(span), label.into()));
        }
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
        f.write_str(&escape_controls(&self.message))
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
            .map(|h| Box::new(escape_controls(h)) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        self.source_code.as_ref().map(|s| s as &dyn SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let span = self.display_span.clone()?;
        self.source_code.as_ref()?;
        let label = (!self.label.is_empty()).then(|| escape_controls(&self.label).into_owned());
        let first = LabeledSpan::new_with_span(label, span);
        let rest = self.also.iter().map(|(span, label)| {
            LabeledSpan::new_with_span(Some(escape_controls(label).into_owned()), span.clone())
        });
        Some(Box::new(std::iter::once(first).chain(rest)))
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

/// A terminal shows at most this many problems of one file; the rest are counted (JSON has all).
pub const SHOWN_PROBLEMS: usize = 20;

/// Render the first [`SHOWN_PROBLEMS`] problems, errors first, in a stable order, and count the rest.
pub fn render_all(problems: &[Problem], color: bool, width: usize) -> String {
    let mut out = String::new();
    for p in problems
        .iter()
        .filter(|p| p.is_error())
        .chain(problems.iter().filter(|p| !p.is_error()))
        .take(SHOWN_PROBLEMS)
    {
        out.push_str(&render(p, color, width));
        out.push('\n');
    }
    if let Some(more) = problems
        .len()
        .checked_sub(SHOWN_PROBLEMS)
        .filter(|&n| n > 0)
    {
        out.push_str(&format!(
            "... and {} not shown (`--format json` lists every one)\n\n",
            super::plural(u32::try_from(more).unwrap_or(u32::MAX), "more problem")
        ));
    }
    out
}
