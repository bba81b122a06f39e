//! Output settings shared by every command: colour, width, table styles.

use std::io::IsTerminal;

use clap::ValueEnum;

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    Auto,
    Always,
    Never,
}

/// Output formats for documents (a faction, a roster sheet).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Text,
    Markdown,
    Json,
}

/// Where and how to print.
#[derive(Debug, Clone, Copy)]
pub struct Out {
    pub color: bool,
    tty: bool,
}

/// Width used when stdout is not a terminal (pipes, files, tests).
const DEFAULT_WIDTH: u16 = 80;

impl Out {
    pub fn new(choice: ColorChoice) -> Out {
        let tty = std::io::stdout().is_terminal();
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        let color = match choice {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => tty && !no_color,
        };
        Out { color, tty }
    }

    /// Terminal width for diagnostics and tables.
    pub fn width(&self) -> usize {
        usize::from(DEFAULT_WIDTH)
    }

    /// How documents render as text on this output.
    pub fn text_style(&self) -> crate::print::TextStyle {
        crate::print::TextStyle {
            color: self.color,
            width: (!self.tty).then_some(DEFAULT_WIDTH),
        }
    }

    pub fn error(&self, message: &str) {
        if self.color {
            eprintln!("\x1b[1;31merror\x1b[0m: {message}");
        } else {
            eprintln!("error: {message}");
        }
    }
}

/// Write to standard output. A closed pipe (`buntai ... | head`) is not an error: the rest of the
/// output is dropped quietly instead of panicking.
pub fn emit(text: &str) {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    let _ = stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush());
}

/// Print JSON with a trailing newline.
pub fn print_json(value: &impl serde::Serialize) -> u8 {
    match serde_json::to_string_pretty(value) {
        Ok(text) => {
            emit(&format!("{text}\n"));
            crate::diag::exit::SUCCESS
        }
        Err(err) => {
            eprintln!("error: cannot write JSON: {err}");
            crate::diag::exit::PROBLEMS
        }
    }
}

/// Armour as a command-line choice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ArmourArg {
    None,
    Light,
    Medium,
    Heavy,
}

impl From<ArmourArg> for crate::model::Armour {
    fn from(a: ArmourArg) -> crate::model::Armour {
        use crate::model::Armour;
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
    cat: &'a crate::model::Catalogue,
    id: &str,
) -> Result<&'a crate::model::Faction, u8> {
    cat.faction(id).ok_or_else(|| {
        let ids = cat.factions.iter().map(|f| f.id.as_str());
        out.error(&format!(
            "unknown faction `{id}`: {}",
            crate::diag::did_you_mean(id, ids)
        ));
        crate::diag::exit::USAGE
    })
}

/// Refuse to overwrite an existing output file unless `--force` was given.
pub fn check_output(out: &Out, path: Option<&std::path::Path>, force: bool) -> Result<(), u8> {
    match path {
        Some(path) if path.exists() && !force => {
            out.error(&format!(
                "`{}` exists; use --force to overwrite it",
                path.display()
            ));
            Err(crate::diag::exit::USAGE)
        }
        _ => Ok(()),
    }
}

/// Write `text` to `path` atomically, or to standard output when there is no path.
pub fn write_output(out: &Out, path: Option<&std::path::Path>, text: &str) -> Result<(), u8> {
    match path {
        None => {
            emit(text);
            Ok(())
        }
        Some(path) => crate::edit::write_atomic(path, text).map_err(|err| {
            out.error(&format!("cannot write `{}`: {err}", path.display()));
            crate::diag::exit::USAGE
        }),
    }
}
