//! `buntai validate`: the verdict on one or more roster files, as text or stable JSON.

use std::path::PathBuf;

use clap::Args;

use crate::cli::ListFormat;
use crate::cli::output::{Out, emit, print_json};
use crate::diag::{SourceFile, exit, render_all};
use crate::ronin::load::{LoadError, read_text_file};
use crate::ronin::model::Catalogue;
use crate::ronin::roster::Rules;
use crate::ronin::rules::{self, Options, Report, VerdictJson};

#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// Roster files to check.
    #[arg(required = true, value_name = "ROSTER")]
    pub files: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ListFormat::Text)]
    pub format: ListFormat,
    /// Points limit to check against (overrides the roster's `points`).
    #[arg(long, value_name = "N")]
    pub points: Option<u32>,
    /// The Fatigue advanced rule is in use (allows Tireless).
    #[arg(long)]
    pub fatigue: bool,
    /// Tournament: the roster is a master roster of at most N points ...
    #[arg(long, value_name = "N", requires = "game", conflicts_with_all = ["points", "campaign"])]
    pub master: Option<u32>,
    /// ... from which a Buntai of N points is picked for each game.
    #[arg(long, value_name = "N", requires = "master")]
    pub game: Option<u32>,
    /// Campaign: MASTER is the master roster, and each ROSTER a small Buntai drawn from it.
    #[arg(long, value_name = "MASTER")]
    pub campaign: Option<PathBuf>,
    /// Heroic Samurai: the sides of one game, `a=x.toml,y.toml` (repeatable; files not named make
    /// up the other side). Checks every contingent is on a side and no side is empty (HS-61).
    #[arg(long, value_name = "SIDE=FILES")]
    pub sides: Vec<String>,
}

pub fn run(out: &Out, cat: &Catalogue, args: &ValidateArgs) -> u8 {
    let rules = Rules {
        fatigue: args.fatigue,
    };
    if let (Some(master), Some(game)) = (args.master, args.game)
        && game > master
    {
        out.error(&format!("--game {game} is larger than --master {master}"));
        return exit::USAGE;
    }
    let mut unreadable: Vec<(usize, String, String)> = Vec::new();
    let mut read = |position: usize, path: &PathBuf| -> Option<SourceFile> {
        match read_text_file(path) {
            Ok(file) => Some(file),
            Err(LoadError::Unreadable { path, reason }) => {
                out.error(&format!("cannot read `{}`: {reason}", path.display()));
                unreadable.push((position, path.display().to_string(), reason));
                None
            }
            Err(LoadError::Invalid(_)) => None,
        }
    };
    let files: Vec<SourceFile> = args
        .files
        .iter()
        .enumerate()
        .filter_map(|(i, p)| read(i, p))
        .collect();
    let reports: Vec<Report> = if let Some(master_path) = &args.campaign {
        match read(args.files.len(), master_path) {
            Some(master) => rules::campaign(cat, &master, &files, rules)
                .reports()
                .cloned()
                .collect(),
            None => Vec::new(),
        }
    } else {
        files
            .iter()
            .map(|file| match (args.master, args.game) {
                (Some(master), Some(game)) => rules::tournament(cat, file, master, game, rules),
                _ => rules::validate(
                    cat,
                    file,
                    Options {
                        points: args.points,
                        rules,
                    },
                ),
            })
            .collect()
    };
    match args.format {
        ListFormat::Json => {
            let mut json: Vec<VerdictJson> =
                reports.iter().map(|r| VerdictJson::new(cat, r)).collect();
            // Unreadable files keep their place in the order given.
            for (position, name, reason) in &unreadable {
                let at = (*position).min(json.len());
                json.insert(at, VerdictJson::unreadable(cat, name, reason));
            }
            print_json(&json);
        }
        ListFormat::Text => {
            for report in &reports {
                print_report(out, report);
            }
        }
    }
    if !unreadable.is_empty() {
        exit::USAGE
    } else if reports.iter().all(Report::valid) {
        exit::SUCCESS
    } else {
        exit::PROBLEMS
    }
}

fn print_report(out: &Out, report: &Report) {
    use std::fmt::Write;
    let mut text = String::new();
    let verdict = out.verdict(report.valid());
    let _ = writeln!(text, "{}: {verdict}", report.file.name);
    if let Some(faction) = &report.faction_name {
        let limit = report
            .points_limit
            .map_or(String::new(), |l| format!(" / {l}"));
        let leader = report.leader.as_deref().unwrap_or("none");
        let morale = report.morale.as_deref().unwrap_or("?");
        let _ = writeln!(
            text,
            "  {faction}, {} models, {}{limit} points",
            report.models, report.points_total
        );
        let _ = writeln!(text, "  Leader: {leader}; Morale {morale}");
        for entry in &report.entry_costs {
            let _ = writeln!(text, "  {}", entry.describe());
        }
    }
    let errors = report.violations.iter().filter(|v| v.is_error()).count();
    let warnings = report.violations.len() - errors;
    if !report.violations.is_empty() {
        let _ = writeln!(
            text,
            "  {errors} error{}, {warnings} warning{}",
            if errors == 1 { "" } else { "s" },
            if warnings == 1 { "" } else { "s" }
        );
        text.push('\n');
    }
    let problems: Vec<_> = report
        .violations
        .iter()
        .map(|v| v.to_problem(&report.file))
        .collect();
    text.push_str(&render_all(&problems, out.color, out.width()));
    emit(&text);
}
