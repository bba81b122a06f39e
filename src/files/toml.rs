//! Deserializing a TOML file, turning every failure into a located [`Problem`] with a suggestion
//! for a misspelt key or value.

use std::path::Path;

use serde::de::DeserializeOwned;

use crate::diag::{Problem, SourceFile, did_you_mean};

/// Read a text file the user named (`-` is standard input) through the one bounded reader, named
/// as the user wrote it; the error says why it could not be read.
pub fn read_source(path: &Path) -> Result<SourceFile, String> {
    let name = if path.as_os_str() == super::STDIN {
        "<stdin>".to_owned()
    } else {
        path.display().to_string()
    };
    let text = super::read_input(path).map_err(|e| e.0)?;
    Ok(SourceFile::new(name, text))
}

/// A system's data files by name: each from `DIR/<folder>/<name>` when `--data DIR` has it, else
/// the built-in copy (`factions/<folder>/<name>`). A file that cannot be read is a problem.
pub fn system_files(
    embedded: &include_dir::Dir<'static>,
    folder: &str,
    names: &[&str],
    data_dir: Option<&Path>,
) -> Result<Vec<SourceFile>, Vec<Problem>> {
    let mut files = Vec::new();
    let mut problems = Vec::new();
    for name in names {
        let own = data_dir.map(|d| d.join(folder).join(name));
        match own.filter(|p| p.is_file()) {
            Some(path) => match read_source(&path) {
                Ok(file) => files.push(file),
                Err(reason) => problems.push(Problem::error(
                    "data::unreadable",
                    format!("cannot read `{}`: {reason}", path.display()),
                )),
            },
            None => match embedded.get_file(name).and_then(|f| f.contents_utf8()) {
                Some(text) => {
                    files.push(SourceFile::new(format!("factions/{folder}/{name}"), text))
                }
                None => problems.push(Problem::error(
                    "data::missing-file",
                    format!("the built-in data has no `{name}`"),
                )),
            },
        }
    }
    if problems.is_empty() {
        Ok(files)
    } else {
        Err(problems)
    }
}

/// Deserialize one data file, noting why it does not fit.
pub fn parse_into<T: DeserializeOwned>(
    file: &SourceFile,
    problems: &mut Vec<Problem>,
) -> Option<T> {
    parse_toml::<T>(file).map_err(|p| problems.push(*p)).ok()
}

/// Deserialize a whole file, or explain where and why it does not fit.
pub fn parse_toml<T: DeserializeOwned>(file: &SourceFile) -> Result<T, Box<Problem>> {
    toml::from_str::<T>(&file.text).map_err(|err| Box::new(problem_from_toml(file, &err)))
}

fn problem_from_toml(file: &SourceFile, err: &toml::de::Error) -> Problem {
    let message = err.message().trim().to_owned();
    let (code, help) = explain(&message);
    let label = if code == "parse::syntax" {
        "here"
    } else {
        "this value"
    };
    Problem::error(code, message)
        .with_help(help)
        .at(file, err.span(), label)
}

/// Classify serde's message and, for an unknown name, suggest the nearest valid one.
fn explain(message: &str) -> (&'static str, String) {
    for (marker, code, what) in [
        ("unknown field `", "parse::unknown-key", "key"),
        ("unknown variant `", "parse::unknown-value", "value"),
    ] {
        if let Some(rest) = message.strip_prefix(marker) {
            let given = rest.split('`').next().unwrap_or_default();
            let expected = backticked(rest.split_once("expected").map_or("", |(_, e)| e));
            let help = if expected.is_empty() {
                format!("remove the {what} `{given}`")
            } else {
                did_you_mean(given, expected.iter().copied())
            };
            return (code, help);
        }
    }
    if message.starts_with("missing field") {
        return ("parse::missing-key", "add the missing key".to_owned());
    }
    if message.starts_with("invalid type") || message.contains("out of range") {
        return ("parse::type", String::new());
    }
    if message.contains("unknown source") {
        return ("parse::provenance", String::new());
    }
    ("parse::syntax", String::new())
}

/// The `backticked` words of a serde "expected one of `a`, `b`" list.
fn backticked(text: &str) -> Vec<&str> {
    text.split('`').skip(1).step_by(2).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_variant_gets_a_suggestion() {
        let (code, help) =
            explain("unknown variant `heavvy`, expected one of `none`, `light`, `medium`, `heavy`");
        assert_eq!(code, "parse::unknown-value");
        assert_eq!(help, "did you mean `heavy`?");
    }

    #[test]
    fn unknown_key_gets_a_suggestion() {
        let (code, help) =
            explain("unknown field `wepons`, expected one of `id`, `weapons`, `name`");
        assert_eq!(code, "parse::unknown-key");
        assert_eq!(help, "did you mean `weapons`?");
    }
}
