//! `buntai table`: generate a table by seed, or check and show a table file.

use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};

use crate::cli::output::{Out, note, open_output, print_json, write_output};
use crate::diag::{self, exit};
use crate::ronin::engine::table::setup::{DeploymentChoice, SetupRequest, generate};
use crate::ronin::engine::table::{Table, TableFile};
use crate::ronin::load::parse_toml;
use crate::ronin::model::Catalogue;
use crate::ronin::model::ScenarioId;
use crate::ronin::print::table::TableView;

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TableFormat {
    /// The set-up log and the pieces, for the terminal.
    Text,
    /// Every piece with its polygon and classes (`buntai schema table-output`).
    Json,
    /// A picture to scale, in inches, with a legend.
    Svg,
}

#[derive(Debug, Args)]
pub struct TableArgs {
    /// The larger force's points: they set the table size and the number of pieces.
    #[arg(long, default_value_t = 150)]
    pub points: u32,
    /// Seed for every set-up roll; the same seed gives the same table.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The scenario whose table to set up (`buntai scenarios` lists them).
    #[arg(long, value_enum, default_value_t = ScenarioId::Skirmish)]
    pub scenario: ScenarioId,
    /// The deployment the roll-off winner picks.
    #[arg(long, value_enum, default_value_t = DeploymentChoice::Edge)]
    pub deployment: DeploymentChoice,
    /// A table file to check and show instead of generating one (`buntai schema table`).
    #[arg(long, value_name = "FILE")]
    pub table: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = TableFormat::Text)]
    pub format: TableFormat,
    /// Write to FILE instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Replace FILE if it exists.
    #[arg(long)]
    pub force: bool,
}

/// A player's table file, read and checked: the table, or the exit code after the diagnostics.
pub fn read_table(out: &Out, cat: &Catalogue, path: &Path) -> Result<Table, u8> {
    let file = crate::cli::output::read_input(out, path)?;
    let parsed = parse_toml::<TableFile>(&file).map_err(|p| vec![*p]);
    parsed
        .and_then(|t| t.build(&cat.terrain, &file))
        .map_err(|problems| {
            note(&diag::render_all(&problems, out.color, out.width()));
            exit::PROBLEMS
        })
}

pub fn run(out: &Out, cat: &Catalogue, args: &TableArgs) -> u8 {
    let inputs: Vec<&std::path::Path> = args.table.iter().map(PathBuf::as_path).collect();
    let output = match open_output(out, args.output.as_deref(), args.force, &inputs) {
        Ok(file) => file,
        Err(code) => return code,
    };
    let setup;
    let table;
    let view = if let Some(path) = &args.table {
        table = match read_table(out, cat, path) {
            Ok(t) => t,
            Err(code) => return code,
        };
        TableView {
            table: &table,
            setup: None,
            seed: None,
        }
    } else {
        let request =
            SetupRequest::new(cat, args.scenario, args.points, args.deployment, args.seed);
        setup = generate(cat, &request);
        TableView {
            table: &setup.table,
            setup: Some(&setup),
            seed: Some(args.seed),
        }
    };
    let text = match args.format {
        TableFormat::Json if output.is_none() => return print_json(&view.json()),
        TableFormat::Json => {
            let value = serde_json::to_value(view.json()).map(crate::cli::output::snake_case_keys);
            match value.and_then(|v| serde_json::to_string_pretty(&v)) {
                Ok(text) => text + "\n",
                Err(e) => {
                    out.error(&e.to_string());
                    return exit::USAGE;
                }
            }
        }
        TableFormat::Text => view.text(),
        TableFormat::Svg => view.svg(&cat.terrain),
    };
    match write_output(out, output, &text) {
        Ok(()) => exit::SUCCESS,
        Err(code) => code,
    }
}
