//! `buntai systems`, and which system the files a command is given are for.

use std::path::PathBuf;

use serde::Serialize;

use super::ListFormat;
use super::output::{Out, emit, print_json};
use crate::diag::exit;
use crate::page::Doc;
use crate::system::{SystemId, known, system_of};

/// What one command does for one system.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct VerbJson {
    pub command: &'static str,
    /// What it does for this system, or `null` when the system does not have it.
    pub does: Option<&'static str>,
}

/// One system and its commands.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct SystemJson {
    pub id: &'static str,
    pub name: &'static str,
    pub commands: Vec<VerbJson>,
}

const VERBS: [&str; 10] = [
    "validate",
    "print",
    "simulate",
    "odds",
    "rulings",
    "schema",
    "data check",
    "new",
    "suggest",
    "add/edit/remove",
];

fn does(system: SystemId, verb: &str) -> Option<&'static str> {
    match system {
        SystemId::Ronin => Some(match verb {
            "validate" => "checks a roster against every composition rule of its faction",
            "print" => "a roster sheet in text, Markdown, HTML, JSON or share text",
            "simulate" => "whole games on the table, every scenario, with reports and replays",
            "odds" => "exact odds of one melee attack or one shot",
            "rulings" => "the R-nn and P-nn rulings",
            "schema" => "JSON Schemas of every file and output",
            "data check" => "loads and cross-checks the Ronin data",
            "new" => "starts a roster file",
            "suggest" => "builds a legal Buntai for a faction and points limit",
            _ => "edits a roster in place, keeping comments",
        }),
        SystemId::Samurai1550 => match verb {
            "validate" => Some("checks an army: unit count, the General, every addition rule"),
            "print" => Some("an army sheet in text, Markdown, HTML or JSON, with a reference card"),
            "odds" => Some("exact odds of one combat or volley, and of a reaction (`odds combat`)"),
            "rulings" => Some("the OHW-nn rulings (`buntai rulings OHW-12`)"),
            "schema" => Some("`buntai schema samurai-army`: the army file, and its outputs"),
            "data check" => Some("loads and cross-checks its data (`--system samurai-1550-1600`)"),
            "suggest" => Some("a random army on the OHW-03 table (`--seed N`)"),
            "simulate" => Some(
                "whole games on the 6 x 6 grid: win rates with intervals, --log, --replay, --report, --field",
            ),
            "new" => Some("starts an army of six units (`new --system samurai-1550-1600`)"),
            _ => None,
        },
    }
}

fn table() -> Vec<SystemJson> {
    SystemId::ALL
        .iter()
        .map(|&s| SystemJson {
            id: s.id(),
            name: s.name(),
            commands: VERBS
                .iter()
                .map(|&v| VerbJson {
                    command: v,
                    does: does(s, v),
                })
                .collect(),
        })
        .collect()
}

/// `buntai systems`.
pub fn list(out: &Out, format: ListFormat) -> u8 {
    let systems = table();
    match format {
        ListFormat::Json => {
            print_json(&systems);
        }
        ListFormat::Text => {
            let mut doc = Doc::new("Systems");
            doc.para(
                "A file says which game it is for with a top-level `system = \"ID\"` key; a file \
                 without it is a Ronin file.",
            );
            for s in &systems {
                doc.heading(format!("{} (`{}`)", s.name, s.id));
                doc.table(
                    &["Command", "Does"],
                    s.commands
                        .iter()
                        .map(|v| {
                            vec![
                                v.command.to_owned(),
                                v.does.unwrap_or("not for this system yet").to_owned(),
                            ]
                        })
                        .collect(),
                );
            }
            emit(&doc.to_text(out.text_style()));
        }
    }
    exit::SUCCESS
}

/// The one system the given files are for (Ronin when none can be read here: Ronin's own reader
/// then reports the file). Files
/// of different systems, or a `system` key Buntai does not know, are a usage error (exit 2).
pub fn of_files(out: &Out, files: &[PathBuf]) -> Result<SystemId, u8> {
    let mut found: Option<(SystemId, &PathBuf)> = None;
    for path in files {
        // Only a regular file is peeked at: standard input, a FIFO or a device can be read once,
        // and a folder not at all; the command's own reader reports those.
        if path.as_os_str() == crate::files::STDIN
            || !std::fs::metadata(path).is_ok_and(|m| m.is_file())
        {
            continue;
        }
        let Ok(text) = crate::files::read_input(path) else {
            continue;
        };
        let system = match system_of(&text) {
            Ok(system) => system,
            Err(value) => {
                out.error(&format!(
                    "`{}`: `system = {value}` is no system Buntai knows; the systems are {}",
                    path.display(),
                    known()
                ));
                return Err(exit::USAGE);
            }
        };
        match found {
            Some((first, first_path)) if first != system => {
                out.error(&format!(
                    "`{}` is a {} file but `{}` is a {} file: give files of one system at a time",
                    first_path.display(),
                    first.name(),
                    path.display(),
                    system.name()
                ));
                return Err(exit::USAGE);
            }
            _ => found = Some((system, path)),
        }
    }
    Ok(found.map_or(SystemId::Ronin, |(s, _)| s))
}
