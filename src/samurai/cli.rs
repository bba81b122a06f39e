//! Samurai 1550-1600's commands: `validate` and `rulings` for now.

use std::path::{Path, PathBuf};

use super::army::{self, ArmyVerdictJson, Verdict};
use super::data::{self, Data};
use crate::cli::ListFormat;
use crate::cli::output::{Out, emit, note, print_json};
use crate::diag::{SourceFile, exit, render_all};

/// Load the data or say why not (exit 1).
pub fn with_data(out: &Out, data_dir: Option<&Path>, f: impl FnOnce(&Data) -> u8) -> u8 {
    match data::load(data_dir) {
        Ok(data) => f(&data),
        Err(problems) => {
            note(&render_all(&problems, out.color, out.width()));
            out.error(&format!("the {} data has problems", super::ID));
            exit::PROBLEMS
        }
    }
}

/// `buntai validate ARMY.toml ...` for armies of this system.
pub fn validate(out: &Out, data: &Data, files: &[PathBuf], format: ListFormat) -> u8 {
    let mut json = Vec::new();
    let mut verdicts: Vec<Verdict> = Vec::new();
    let mut unreadable = false;
    for path in files {
        match crate::files::read_source(path) {
            Ok(file) => {
                let verdict = army::validate(data, &file);
                json.push(ArmyVerdictJson::new(data, &verdict));
                verdicts.push(verdict);
            }
            Err(reason) => {
                out.error(&format!("cannot read `{}`: {reason}", path.display()));
                json.push(ArmyVerdictJson::unreadable(
                    &path.display().to_string(),
                    &reason,
                ));
                unreadable = true;
            }
        }
    }
    match format {
        ListFormat::Json => {
            print_json(&json);
        }
        ListFormat::Text => {
            for v in &verdicts {
                print_verdict(out, data, v);
            }
        }
    }
    if unreadable {
        exit::USAGE
    } else if verdicts.iter().all(Verdict::legal) {
        exit::SUCCESS
    } else {
        exit::PROBLEMS
    }
}

fn print_verdict(out: &Out, data: &Data, v: &Verdict) {
    use std::fmt::Write;
    let mut text = String::new();
    let verdict = match (v.legal(), out.color) {
        (true, true) => "\x1b[1;32mLEGAL\x1b[0m",
        (true, false) => "LEGAL",
        (false, true) => "\x1b[1;31mNOT LEGAL\x1b[0m",
        (false, false) => "NOT LEGAL",
    };
    let _ = writeln!(text, "{}: {verdict}", v.file.name);
    if let Some(a) = &v.army {
        let _ = writeln!(
            text,
            "  Samurai 1550-1600 army{}, {} units",
            a.name
                .as_deref()
                .map_or(String::new(), |n| format!(" \"{n}\"")),
            a.unit.len()
        );
        for (i, u) in a.unit.iter().enumerate() {
            let kind = data
                .unit(&u.kind)
                .map_or(u.kind.as_str(), |t| t.name.as_str());
            let general = if u.general {
                ", General (Hatamoto)"
            } else {
                ""
            };
            let additions: Vec<&str> = u
                .additions_at(&crate::diag::TomlPath::root())
                .into_iter()
                .map(|(id, _)| data.addition(id).map_or(id, |x| x.name.as_str()))
                .collect();
            let extra = if additions.is_empty() {
                String::new()
            } else {
                format!(" + {}", additions.join(", "))
            };
            let _ = writeln!(
                text,
                "  {:>2}. {} ({kind}){general}{extra}",
                i + 1,
                u.label(data, i)
            );
        }
    }
    emit(&crate::diag::escape_for_terminal(&text));
    let problems: Vec<_> = v.breaches.iter().map(|b| b.problem.clone()).collect();
    if !problems.is_empty() {
        note(&render_all(&problems, out.color, out.width()));
    }
}

/// `buntai rulings [OHW-nn]` for this system.
pub fn rulings(out: &Out, data: &Data, id: Option<&str>, format: ListFormat) -> u8 {
    let all = &data.rulings.rulings;
    let chosen: Vec<_> = match id {
        Some(id) => match all.iter().find(|r| r.id.eq_ignore_ascii_case(id)) {
            Some(r) => vec![r],
            None => {
                let ids = all.iter().map(|r| r.id.as_str());
                out.error(&format!(
                    "there is no ruling `{id}` in {}; {}",
                    super::ID,
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
            let mut doc =
                crate::page::Doc::new(format!("Samurai 1550-1600 rulings ({})", chosen.len()));
            for r in chosen {
                doc.para(format!("{} {}: {}", r.id, r.title, r.text));
            }
            emit(&doc.to_text(out.text_style()));
        }
    }
    exit::SUCCESS
}

/// A verb this system does not have yet: say so plainly, never fall through to Ronin's rules.
pub fn lacks(out: &Out, verb: &str, file: Option<&SourceFile>) -> u8 {
    let what = file.map_or(String::new(), |f| {
        format!("`{}` is a {} army: ", f.name, super::ID)
    });
    out.error(&format!(
        "{what}the {} system has no `{verb}` yet (`buntai systems` lists what each system does)",
        super::ID
    ));
    exit::USAGE
}

/// The formats an army sheet comes in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SheetKind {
    Text,
    Markdown,
    Html,
    Json,
}

/// `buntai print ARMY.toml`: the army sheet.
pub fn print(
    out: &Out,
    data: &Data,
    path: &Path,
    kind: SheetKind,
    output: Option<&Path>,
    force: bool,
) -> u8 {
    let file = match crate::files::read_source(path) {
        Ok(file) => file,
        Err(reason) => {
            out.error(&format!("cannot read `{}`: {reason}", path.display()));
            return exit::USAGE;
        }
    };
    let verdict = army::validate(data, &file);
    let Some(parsed) = &verdict.army else {
        let problems: Vec<_> = verdict.breaches.iter().map(|b| b.problem.clone()).collect();
        note(&render_all(&problems, out.color, out.width()));
        out.error(&format!(
            "cannot print `{}`: it is not an army file",
            file.name
        ));
        return exit::PROBLEMS;
    };
    let target = match crate::cli::output::open_output(out, output, force, &[path]) {
        Ok(target) => target,
        Err(code) => return code,
    };
    let sheet = super::sheet::build(data, &verdict, parsed);
    let text = match kind {
        SheetKind::Text => super::sheet::doc(&sheet).to_text(out.text_style()),
        SheetKind::Markdown => super::sheet::doc(&sheet).to_markdown(),
        SheetKind::Html => match super::sheet::html(&sheet) {
            Ok(html) => html,
            Err(err) => {
                out.error(&format!("cannot render the HTML sheet: {err}"));
                return exit::PROBLEMS;
            }
        },
        SheetKind::Json => match serde_json::to_string_pretty(&sheet) {
            Ok(json) => json + "\n",
            Err(err) => {
                out.error(&format!("cannot write JSON: {err}"));
                return exit::PROBLEMS;
            }
        },
    };
    if let Err(code) = crate::cli::output::write_output(out, target, &text) {
        return code;
    }
    if let Some(path) = output {
        note(&format!("wrote {}\n", path.display()));
    }
    if verdict.legal() {
        exit::SUCCESS
    } else {
        let problems: Vec<_> = verdict.breaches.iter().map(|b| b.problem.clone()).collect();
        note(&render_all(&problems, out.color, out.width()));
        exit::PROBLEMS
    }
}
