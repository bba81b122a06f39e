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
        SystemId::Heroic => match verb {
            "validate" => Some(
                "checks a contingent: one leader, element types, counts, archers; `--sides` checks a game's sides",
            ),
            "print" => {
                Some("a contingent sheet in text, Markdown, HTML or JSON, with a reference card")
            }
            "odds" => {
                Some("exact odds of a melee fight, a shot, a personal-combat bout, a Morale Test")
            }
            "rulings" => Some("the HS-nn rulings (`buntai rulings HS-23`)"),
            "schema" => {
                Some("`buntai schema heroic-contingent`: the contingent file, and its outputs")
            }
            "data check" => Some("loads and cross-checks its data (`--system heroic-samurai`)"),
            "new" => Some("starts a contingent (`new --system heroic-samurai`)"),
            "suggest" => Some("a contingent of `--size N` elements in a `--style`"),
            "simulate" => Some(
                "whole Clan Feuds on the table, `--side a=... --side b=...`: win rates with intervals",
            ),
            _ => None,
        },
        SystemId::L5r => match verb {
            "validate" => Some(
                "checks a battle file: sides, Generals, squads' MP, officers' roles and rolls, the map and its zone effects",
            ),
            "print" => Some(
                "the battle sheet in text, Markdown, HTML or JSON; `--players` hides hidden zone effects",
            ),
            "new" => Some("starts a battle file (`new --system l5r-mass-battle`)"),
            "simulate" => Some(
                "whole battles by the round engine, `simulate BATTLE.toml --swap --policy-b random`: rates with intervals, --log, --replay, --report",
            ),
            "rulings" => Some("the L5R-nn rulings (`buntai rulings L5R-08`)"),
            "schema" => Some("`buntai schema l5r-battle`: the battle file, its data and outputs"),
            "data check" => Some("loads and cross-checks its data (`--system l5r-mass-battle`)"),
            "odds" => Some(
                "exact roll-and-keep odds: a roll against a TN with Raises, a contest, the Battle roll",
            ),
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

/// Run `f` on a system's loaded data, or show why it did not load (exit 1).
pub fn with_data<D>(
    out: &Out,
    id: &str,
    loaded: Result<D, Vec<crate::diag::Problem>>,
    f: impl FnOnce(&D) -> u8,
) -> u8 {
    match loaded {
        Ok(data) => f(&data),
        Err(problems) => {
            super::output::note(&crate::diag::render_all(&problems, out.color, out.width()));
            out.error(&format!("the {id} data has problems"));
            exit::PROBLEMS
        }
    }
}

/// A verb a system does not have: say so plainly (exit 2), never fall through to Ronin's rules.
pub fn lacks(out: &Out, system: SystemId, verb: &str) -> u8 {
    out.error(&format!(
        "the {} system has no `{verb}` (`buntai systems` lists what each system does)",
        system.id()
    ));
    exit::USAGE
}

/// `buntai rulings [ID]` for a system whose rulings are one file: all of them, or the one asked
/// for (a near miss gets a suggestion).
pub fn rulings(
    out: &Out,
    system: SystemId,
    file: &crate::rulings::RulingsFile,
    id: Option<&str>,
    format: ListFormat,
) -> u8 {
    let all = &file.rulings;
    let chosen: Vec<_> = match id {
        Some(id) => match all.iter().find(|r| r.id.eq_ignore_ascii_case(id)) {
            Some(r) => vec![r],
            None => {
                let ids = all.iter().map(|r| r.id.as_str());
                out.error(&format!(
                    "there is no ruling `{id}` in {}; {}",
                    system.id(),
                    crate::diag::did_you_mean(id, ids)
                ));
                return exit::USAGE;
            }
        },
        None => all.iter().collect(),
    };
    match format {
        ListFormat::Json => {
            print_json(&chosen);
        }
        ListFormat::Text => {
            let mut doc = Doc::new(format!("{} rulings ({})", system.name(), chosen.len()));
            for r in chosen {
                doc.para(format!("{} {}: {}", r.id, r.title, r.text));
            }
            emit(&doc.to_text(out.text_style()));
        }
    }
    exit::SUCCESS
}

/// Write a sheet built from `input` to `output` (standard output without one; the input is never
/// overwritten), say where it went, and exit 1 with the problems shown when the file is not legal.
pub fn finish_sheet(
    out: &Out,
    input: &std::path::Path,
    output: Option<&std::path::Path>,
    force: bool,
    text: &str,
    legal: bool,
    problems: &[crate::diag::Problem],
) -> u8 {
    let target = match super::output::open_output(out, output, force, &[input]) {
        Ok(target) => target,
        Err(code) => return code,
    };
    if let Err(code) = super::output::write_output(out, target, text) {
        return code;
    }
    if let Some(path) = output {
        super::output::note(&format!("wrote {}\n", path.display()));
    }
    if legal {
        exit::SUCCESS
    } else {
        super::output::note(&crate::diag::render_all(problems, out.color, out.width()));
        exit::PROBLEMS
    }
}

/// The formats another system's sheet comes in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SheetKind {
    Text,
    Markdown,
    Html,
    Json,
}

/// A sheet in the asked format, from its document (text and Markdown), its HTML page, or itself
/// (JSON); a failure is reported (exit 1).
pub fn render_sheet<S: Serialize>(
    out: &Out,
    kind: SheetKind,
    sheet: &S,
    doc: impl FnOnce(&S) -> Doc,
    html: impl FnOnce(&S) -> Result<String, minijinja::Error>,
) -> Result<String, u8> {
    match kind {
        SheetKind::Text => Ok(doc(sheet).to_text(out.text_style())),
        SheetKind::Markdown => Ok(doc(sheet).to_markdown()),
        SheetKind::Html => html(sheet).map_err(|err| {
            out.error(&format!("cannot render the HTML sheet: {err}"));
            exit::PROBLEMS
        }),
        SheetKind::Json => serde_json::to_string_pretty(sheet)
            .map(|json| json + "\n")
            .map_err(|err| {
                out.error(&format!("cannot write JSON: {err}"));
                exit::PROBLEMS
            }),
    }
}

/// A system whose user file prints as a sheet.
pub trait SheetSystem {
    type File: serde::de::DeserializeOwned;
    type Sheet: Serialize;
    /// What the file is, for messages: "an army file".
    const WHAT: &'static str;
    fn check(&self, file: &crate::diag::SourceFile) -> crate::diag::Verdict<Self::File>;
    fn sheet(&self, verdict: &crate::diag::Verdict<Self::File>, file: &Self::File) -> Self::Sheet;
    fn doc(sheet: &Self::Sheet) -> Doc;
    fn html(sheet: &Self::Sheet) -> Result<String, minijinja::Error>;
}

/// `buntai print FILE` for a system: read, check, build the sheet, write it in the asked format
/// (exit 1, the problems shown, when the file is not legal).
pub fn print_sheet<S: SheetSystem>(
    out: &Out,
    system: &S,
    path: &std::path::Path,
    kind: SheetKind,
    output: Option<&std::path::Path>,
    force: bool,
) -> u8 {
    let file = match crate::files::read_source(path) {
        Ok(file) => file,
        Err(reason) => {
            out.error(&format!("cannot read `{}`: {reason}", path.display()));
            return exit::USAGE;
        }
    };
    let verdict = system.check(&file);
    let problems = verdict.problems();
    let Some(parsed) = &verdict.parsed else {
        super::output::note(&crate::diag::render_all(&problems, out.color, out.width()));
        out.error(&format!(
            "cannot print `{}`: it is not {}",
            file.name,
            S::WHAT
        ));
        return exit::PROBLEMS;
    };
    let sheet = system.sheet(&verdict, parsed);
    let text = match render_sheet(out, kind, &sheet, S::doc, S::html) {
        Ok(text) => text,
        Err(code) => return code,
    };
    finish_sheet(out, path, output, force, &text, verdict.legal(), &problems)
}

/// The options every system's own odds parser takes (`buntai odds --system ID ...`).
#[derive(Debug, clap::Args)]
pub struct OddsGlobals {
    /// Load game data from this folder instead of the data built into the binary.
    #[arg(long, global = true, value_name = "DIR")]
    pub data: Option<PathBuf>,
    /// When to colour output.
    #[arg(long, global = true, value_enum, default_value_t = super::output::ColorChoice::Auto)]
    pub color: super::output::ColorChoice,
    /// The system.
    #[arg(long, value_enum, value_name = "ID")]
    pub system: SystemId,
}

/// How a system reads and reports its files for `buntai validate`.
pub struct FileChecks<'a, T, J> {
    pub check: &'a dyn Fn(&crate::diag::SourceFile) -> crate::diag::Verdict<T>,
    pub json: &'a dyn Fn(&crate::diag::Verdict<T>) -> J,
    pub unreadable: &'a dyn Fn(&str, &str) -> J,
    pub print: &'a dyn Fn(&crate::diag::Verdict<T>),
}

/// `buntai validate FILE...` for a system: read and check each file, print the verdicts (text or
/// JSON); exit 2 when a file cannot be read, 1 when one is not legal.
pub fn validate_files<T, J: Serialize>(
    out: &Out,
    files: &[PathBuf],
    format: ListFormat,
    how: &FileChecks<'_, T, J>,
) -> u8 {
    let mut json = Vec::new();
    let mut verdicts = Vec::new();
    let mut unreadable = false;
    for path in files {
        match crate::files::read_source(path) {
            Ok(file) => {
                let verdict = (how.check)(&file);
                json.push((how.json)(&verdict));
                verdicts.push(verdict);
            }
            Err(reason) => {
                out.error(&format!("cannot read `{}`: {reason}", path.display()));
                json.push((how.unreadable)(&path.display().to_string(), &reason));
                unreadable = true;
            }
        }
    }
    match format {
        ListFormat::Json => {
            print_json(&json);
        }
        ListFormat::Text => verdicts.iter().for_each(|v| (how.print)(v)),
    }
    if unreadable {
        exit::USAGE
    } else if verdicts.iter().all(crate::diag::Verdict::legal) {
        exit::SUCCESS
    } else {
        exit::PROBLEMS
    }
}

/// A system with the three common policies: `default`, `random` and `charge` as its own `kinds`
/// (in that order); Ronin's other policies are refused with a usage error naming the system.
pub fn common_policy<K: Copy>(
    out: &Out,
    p: crate::ronin::cli::simulate::PolicyArg,
    system: &str,
    kinds: [K; 3],
) -> Result<K, u8> {
    use crate::ronin::cli::simulate::PolicyArg;
    match p {
        PolicyArg::Default => Ok(kinds[0]),
        PolicyArg::Random => Ok(kinds[1]),
        PolicyArg::Charge => Ok(kinds[2]),
        other => {
            out.error(&format!(
                "the policy `{}` is one of Ronin's; {system} plays `default`, `random` and `charge`",
                crate::ronin::cli::simulate::policy_name(other)
            ));
            Err(exit::USAGE)
        }
    }
}
