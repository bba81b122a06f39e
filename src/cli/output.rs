//! Output settings shared by every command: colour, width, table styles.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};

use clap::ValueEnum;

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    /// Colour when writing to a terminal and NO_COLOR is not set.
    Auto,
    /// Colour even into a file or pipe.
    Always,
    /// Plain text.
    Never,
}

/// Output formats for documents (a faction, a roster sheet).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Text for the terminal.
    Text,
    /// Markdown, to paste into a forum post or a wiki.
    Markdown,
    /// JSON for tools (each output's schema: `buntai schema KIND`).
    Json,
}

/// Where and how to print.
#[derive(Debug, Clone, Copy)]
pub struct Out {
    pub color: bool,
    width: u16,
}

/// Width used when nothing says how wide the output is (pipes, files, tests without `COLUMNS`).
const DEFAULT_WIDTH: u16 = 80;
/// Narrower terminals are laid out at this width rather than one character per column.
const MIN_WIDTH: u16 = 40;

impl Out {
    pub fn new(choice: ColorChoice) -> Out {
        let tty = std::io::stdout().is_terminal();
        let color = match choice {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => tty && color_allowed(),
        };
        Out {
            color,
            width: output_width(tty),
        }
    }

    /// Columns for diagnostics, tables and wrapped prose.
    pub fn width(&self) -> usize {
        usize::from(self.width)
    }

    /// How documents render as text on this output.
    /// A validation verdict, green LEGAL or red NOT LEGAL when colour is on.
    pub fn verdict(&self, legal: bool) -> &'static str {
        match (legal, self.color) {
            (true, true) => "\x1b[1;32mLEGAL\x1b[0m",
            (true, false) => "LEGAL",
            (false, true) => "\x1b[1;31mNOT LEGAL\x1b[0m",
            (false, false) => "NOT LEGAL",
        }
    }

    pub fn text_style(&self) -> crate::ronin::print::TextStyle {
        crate::ronin::print::TextStyle {
            color: self.color,
            width: Some(self.width),
        }
    }

    /// An error message on standard error; the message is shown with control characters escaped.
    pub fn error(&self, message: &str) {
        let message = crate::diag::escape_controls(message);
        if self.color {
            note(&format!("\x1b[1;31merror\x1b[0m: {message}\n"));
        } else {
            note(&format!("error: {message}\n"));
        }
    }
}

/// Colour is off under `NO_COLOR` (any non-empty value) and on a `TERM=dumb` terminal.
pub fn color_allowed() -> bool {
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let dumb = std::env::var_os("TERM").is_some_and(|t| t == "dumb");
    !no_color && !dumb
}

/// The terminal's width when standard output is one, else `COLUMNS`, else 80; never below 40.
pub fn output_width(tty: bool) -> u16 {
    let from_terminal = tty
        .then(terminal_size::terminal_size)
        .flatten()
        .map(|(w, _)| w.0);
    let from_env = || {
        std::env::var("COLUMNS")
            .ok()
            .and_then(|c| c.trim().parse::<u16>().ok())
            .filter(|&w| w > 0)
    };
    from_terminal
        .or_else(from_env)
        .unwrap_or(DEFAULT_WIDTH)
        .max(MIN_WIDTH)
}

/// The first failure to write standard output other than a closed pipe, kept for the exit code.
static STDOUT_ERROR: Mutex<Option<String>> = Mutex::new(None);
/// Set once the reader has gone away (`buntai ... | head`): the rest is dropped quietly.
static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

/// Write to standard output, control characters escaped (colour sequences excepted). A closed pipe
/// is not an error: the rest of the output is dropped quietly. Any other failure (a full disk) is
/// remembered, and [`stdout_failure`] turns it into exit status 2 when the command ends.
pub fn emit(text: &str) {
    use std::io::Write;
    if STDOUT_CLOSED.load(Ordering::Relaxed) {
        return;
    }
    let text = crate::diag::escape_for_terminal(text);
    let mut stdout = std::io::stdout().lock();
    let result = stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush());
    match result {
        Ok(()) => {}
        Err(err) if err.kind() == std::io::ErrorKind::BrokenPipe => {
            STDOUT_CLOSED.store(true, Ordering::Relaxed);
        }
        Err(err) => {
            let mut first = STDOUT_ERROR.lock().unwrap_or_else(PoisonError::into_inner);
            first.get_or_insert_with(|| err.to_string());
        }
    }
}

/// Why standard output could not be written, if it could not (a closed pipe does not count).
pub fn stdout_failure() -> Option<String> {
    STDOUT_ERROR
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .clone()
}

/// Write a message to standard error, control characters escaped (colour sequences excepted).
/// A message that cannot be written is dropped: the exit status reports what the command did, not
/// whether its messages could be shown (D8).
pub fn note(text: &str) {
    use std::io::Write;
    let text = crate::diag::escape_for_terminal(text);
    let mut stderr = std::io::stderr().lock();
    let _ = stderr
        .write_all(text.as_bytes())
        .and_then(|()| stderr.flush());
}

/// Print JSON with a trailing newline. Every key is snake_case, whatever the Rust type's serde names
/// (the data files' kebab-case keys included): one JSON vocabulary for every command.
pub fn print_json(value: &impl serde::Serialize) -> u8 {
    let value = serde_json::to_value(value).map(snake_case_keys);
    match value.and_then(|v| serde_json::to_string_pretty(&v)) {
        Ok(text) => {
            emit(&format!("{text}\n"));
            crate::diag::exit::SUCCESS
        }
        Err(err) => {
            note(&format!("error: cannot write JSON: {err}\n"));
            crate::diag::exit::PROBLEMS
        }
    }
}

/// `swords-for-hire` → `swords_for_hire`, in every object of a JSON value. (No output has a map
/// keyed by data ids, so only field names change.)
pub fn snake_case_keys(value: serde_json::Value) -> serde_json::Value {
    use serde_json::Value;
    match value {
        Value::Object(map) => Value::Object(
            map.into_iter()
                .map(|(k, v)| (k.replace('-', "_"), snake_case_keys(v)))
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.into_iter().map(snake_case_keys).collect()),
        other => other,
    }
}

/// Armour as a command-line choice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ArmourArg {
    /// No armour.
    None,
    /// Light armour.
    Light,
    /// Medium armour.
    Medium,
    /// Heavy armour.
    Heavy,
}

impl From<ArmourArg> for crate::ronin::model::Armour {
    fn from(a: ArmourArg) -> crate::ronin::model::Armour {
        use crate::ronin::model::Armour;
        match a {
            ArmourArg::None => Armour::None,
            ArmourArg::Light => Armour::Light,
            ArmourArg::Medium => Armour::Medium,
            ArmourArg::Heavy => Armour::Heavy,
        }
    }
}

/// A faction named on the command line, or the exit code after saying what is wrong.
pub fn faction_arg<'a>(
    out: &Out,
    cat: &'a crate::ronin::model::Catalogue,
    id: &str,
) -> Result<&'a crate::ronin::model::Faction, u8> {
    list_arg(out, cat, id, None)
}

/// A faction's list in a period (absent: the main period), both named on the command line, or
/// the exit code after saying what is wrong.
pub fn list_arg<'a>(
    out: &Out,
    cat: &'a crate::ronin::model::Catalogue,
    id: &str,
    period: Option<&str>,
) -> Result<&'a crate::ronin::model::Faction, u8> {
    use crate::ronin::model::ListError;
    cat.faction_in(id, period).map_err(|error| {
        let message = match error {
            ListError::UnknownPeriod => {
                let ids = cat.periods.periods.iter().map(|p| p.id.as_str());
                let period = period.unwrap_or_default();
                format!(
                    "unknown period `{period}`: {}",
                    crate::diag::did_you_mean(period, ids)
                )
            }
            ListError::NotInPeriod(periods) => format!(
                "faction `{id}` is a list of the period(s) {}: add `--period {}`",
                periods.join(", "),
                periods.first().map_or("", String::as_str)
            ),
            ListError::UnknownFaction => {
                let ids = cat.factions.iter().map(|f| f.id.as_str());
                format!(
                    "unknown faction `{id}`: {}",
                    crate::diag::did_you_mean(id, ids)
                )
            }
        };
        out.error(&message);
        crate::diag::exit::USAGE
    })
}

/// Open the output file (`-o FILE`, `--log FILE`) before any work: every check of the one writer
/// runs now, so a refused or unwritable path fails at once. `None` writes to standard output.
pub fn open_output(
    out: &Out,
    path: Option<&std::path::Path>,
    force: bool,
    inputs: &[&std::path::Path],
) -> Result<Option<crate::files::OutputFile>, u8> {
    let Some(path) = path else { return Ok(None) };
    let options = crate::files::WriteOptions { force, inputs };
    crate::files::OutputFile::create(path, &options)
        .map(Some)
        .map_err(|err| {
            out.error(&err.to_string());
            crate::diag::exit::USAGE
        })
}

/// Write `text` to the output opened by [`open_output`], or to standard output.
pub fn write_output(
    out: &Out,
    file: Option<crate::files::OutputFile>,
    text: &str,
) -> Result<(), u8> {
    use std::io::Write;
    let Some(mut file) = file else {
        emit(text);
        return Ok(());
    };
    let written = file
        .write_all(text.as_bytes())
        .map_err(|e| e.to_string())
        .and_then(|()| file.commit().map_err(|e| e.to_string()));
    written.map_err(|err| {
        out.error(&err);
        crate::diag::exit::USAGE
    })
}

/// Read an input file through the one bounded reader: an unreadable file is reported here and
/// gives the usage exit code; a file that is not text gives the problems exit code.
pub fn read_input(out: &Out, path: &std::path::Path) -> Result<crate::diag::SourceFile, u8> {
    use crate::ronin::load::{LoadError, read_text_file};
    match read_text_file(path) {
        Ok(file) => Ok(file),
        Err(LoadError::Unreadable { path, reason }) => {
            out.error(&format!("cannot read `{}`: {reason}", path.display()));
            Err(crate::diag::exit::USAGE)
        }
        Err(LoadError::Invalid(_)) => Err(crate::diag::exit::PROBLEMS),
    }
}
