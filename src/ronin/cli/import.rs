//! `buntai import`: a list pasted from a chat or forum (share text, or TOML) into a roster file.

use std::path::PathBuf;

use clap::Args;

use super::build::roster_text;
use crate::cli::output::{Out, note, open_output, write_output};
use crate::diag::{SourceFile, exit};
use crate::ronin::model::Catalogue;
use crate::ronin::roster::{Imported, import};
use crate::ronin::rules::{self, Options};

#[derive(Debug, Args)]
pub struct ImportArgs {
    /// The pasted text: a file, or `-` (the default) for standard input.
    #[arg(default_value = "-", value_name = "FILE")]
    pub input: PathBuf,
    /// Write the roster to this file instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Overwrite the output file if it exists.
    #[arg(long)]
    pub force: bool,
    /// Schema path or URL for the `#:schema` line.
    #[arg(long, default_value = super::build::SCHEMA_FILE)]
    pub schema: String,
}

pub fn run(out: &Out, cat: &Catalogue, args: &ImportArgs) -> u8 {
    let file = match open_output(
        out,
        args.output.as_deref(),
        args.force,
        &[args.input.as_path()],
    ) {
        Ok(file) => file,
        Err(code) => return code,
    };
    let input = match crate::cli::output::read_input(out, &args.input) {
        Ok(file) => file,
        Err(code) => return code,
    };
    let text = match import(cat, &input.text) {
        Ok(Imported::Toml(text)) => text,
        Ok(Imported::Share(roster)) => {
            let Some(faction) = roster.list(cat) else {
                out.error(&format!("unknown faction `{}`", roster.faction));
                return exit::PROBLEMS;
            };
            match roster_text(faction, &roster, roster.name.as_deref(), &args.schema) {
                Ok(text) => text,
                Err(err) => {
                    out.error(&err.to_string());
                    return exit::PROBLEMS;
                }
            }
        }
        Err(errors) => {
            for e in &errors {
                note(&format!("{}:{}: {}\n", input.name, e.line, e.message));
            }
            out.error(&format!(
                "cannot import `{}`: {}",
                input.name,
                crate::diag::plural(u32::try_from(errors.len()).unwrap_or(u32::MAX), "line")
                    + " could not be read"
            ));
            return exit::PROBLEMS;
        }
    };
    let target = args.output.clone();
    if let Err(code) = write_output(out, file, &text) {
        return code;
    }
    if let Some(path) = &target {
        super::build::write_schema_beside(out, path, &args.schema);
    }
    let report = rules::validate(
        cat,
        &SourceFile::new(input.name.clone(), text),
        Options::default(),
    );
    let limit = report
        .points_limit
        .map_or(String::new(), |l| format!(" / {l}"));
    note(&format!(
        "imported: {}, {}{limit} points, {}\n",
        crate::diag::plural(report.models, "model"),
        report.points_total,
        if report.valid() { "LEGAL" } else { "NOT LEGAL" }
    ));
    exit::SUCCESS
}
