//! `buntai replay LOG`: a game's event log (from `simulate --scenario skirmish --log`) as a
//! self-contained HTML page to step through turn by turn.

use std::path::PathBuf;

use clap::Args;

use super::output::{Out, open_output, write_output};
use crate::diag::exit;
use crate::files::read_input;
use crate::model::Catalogue;
use crate::print::replay::replay_html;

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
