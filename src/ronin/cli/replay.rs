//! `buntai replay LOG`: a game's event log (from `simulate --log`, any scenario) as a
//! self-contained HTML page to step through turn by turn.

use std::path::PathBuf;

use clap::Args;

use crate::cli::output::{Out, open_output, write_output};
use crate::diag::exit;
use crate::files::read_input;
use crate::ronin::model::Catalogue;
use crate::ronin::print::replay::replay_html;

#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// The JSON Lines log of one game (`-` for standard input).
    pub log: PathBuf,
    /// Write the page to FILE instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Replace FILE if it exists.
    #[arg(long)]
    pub force: bool,
    /// A Tournament log holds one game on the table per match: which match to draw (1 is the
    /// first).
    #[arg(long = "match", value_name = "N", default_value_t = 1)]
    pub match_number: usize,
}

/// The lines of match `n` (1-based) of a Tournament log, and how many matches it holds; `None`
/// when the log is not a Tournament's.
fn tournament_match(log: &str, n: usize) -> Option<(String, usize)> {
    let starts: Vec<usize> = log
        .lines()
        .enumerate()
        .filter(|(_, l)| l.contains("\"event\":\"match-start\""))
        .map(|(i, _)| i)
        .collect();
    let first = *starts.get(n.checked_sub(1)?).or(starts.first())?;
    let end = starts.get(n).copied().unwrap_or(usize::MAX);
    let lines: Vec<&str> = log
        .lines()
        .enumerate()
        .filter(|(i, _)| (first..end).contains(i))
        .map(|(_, l)| l)
        .collect();
    Some((lines.join("\n"), starts.len()))
}

pub fn run(out: &Out, cat: &Catalogue, args: &ReplayArgs) -> u8 {
    let output = match open_output(
        out,
        args.output.as_deref(),
        args.force,
        &[args.log.as_path()],
    ) {
        Ok(file) => file,
        Err(code) => return code,
    };
    let text = match read_input(&args.log) {
        Ok(text) => text,
        Err(err) => {
            out.error(&format!("cannot read `{}`: {}", args.log.display(), err.0));
            return exit::USAGE;
        }
    };
    let text = match tournament_match(&text, args.match_number) {
        Some((_, count)) if args.match_number == 0 || args.match_number > count => {
            out.error(&format!(
                "`{}` holds {count} matches: give --match 1 to {count}",
                args.log.display()
            ));
            return exit::USAGE;
        }
        Some((one, _)) => one,
        None => text,
    };
    let page = match replay_html(&text, &cat.terrain) {
        Ok(page) => page,
        Err(err) => {
            out.error(&format!(
                "cannot replay `{}`: {}",
                args.log.display(),
                err.0
            ));
            return exit::PROBLEMS;
        }
    };
    match write_output(out, output, &page) {
        Ok(()) => exit::SUCCESS,
        Err(code) => code,
    }
}
