//! The diagnostic vocabulary shared by every layer: located problems, "did you mean" suggestions,
//! paths into TOML documents, rendering, and the process exit codes.

mod escape;
mod json;
mod locate;
mod problem;
mod suggest;
mod verdict;
mod violation;

pub use escape::{escape_controls, escape_for_terminal, is_control};
pub use json::ProblemJson;
pub use locate::{Seg, SpanIndex, TomlPath, locate};
pub use problem::{Problem, SHOWN_PROBLEMS, Severity, SourceFile, render, render_all};
pub use suggest::{did_you_mean, suggest};
pub use verdict::{Breach, Verdict, parse_and_check};
pub use violation::{Code, Violation, plural};

/// Process exit codes, the same for every command.
pub mod exit {
    /// Everything worked and every checked file is clean.
    pub const SUCCESS: u8 = 0;
    /// A file the user gave (roster or data) has problems; diagnostics were printed.
    pub const PROBLEMS: u8 = 1;
    /// The command line was wrong, or a file could not be read at all.
    pub const USAGE: u8 = 2;
}
