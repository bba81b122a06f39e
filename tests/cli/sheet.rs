//! `buntai print`: roster sheets in every format.

use predicates::prelude::*;
use tempfile::TempDir;

use crate::support::{buntai, json, repo};

const ROSTERS: [&str; 4] = [
    "examples/bushi-sample-200.toml",
    "examples/koryu.toml",
    "examples/ming-chinese.toml",
    "tests/fixtures/ten-models.toml",
];

fn print(roster: &str, format: &str) -> (Option<i32>, String) {
    let out = buntai()
        .args(["print", roster, "--format", format])
        .current_dir(repo())
        .output()
        .expect("runs");
    let text = String::from_utf8(out.stdout).expect("utf-8");
    (out.status.code(), redact_data_version(&text))
}

/// Snapshots stay the same when the data changes: its version is written as `[data-version]`.
fn redact_data_version(text: &str) -> String {
    let version = buntai()
        .args(["data", "check", "--format", "json"])
        .output()
        .ok()
        .and_then(|o| serde_json::from_slice::<serde_json::Value>(&o.stdout).ok())
        .and_then(|v| v["data_version"].as_str().map(str::to_owned))
        .expect("a data version");
    text.replace(&version, "[data-version]")
}

#[test]
fn text_and_markdown_sheets_are_snapshotted() {
    for roster in ROSTERS {
        let stem = std::path::Path::new(roster)
            .file_stem()
            .expect("stem")
            .to_string_lossy()
            .into_owned();
        for format in ["text", "markdown"] {
            let (_, text) = print(roster, format);
            insta::assert_snapshot!(format!("sheet_{stem}_{format}"), text);
        }
    }
}

#[test]
fn json_and_html_sheets_are_snapshotted() {
    for roster in [
        "examples/bushi-sample-200.toml",
        "examples/koryu.toml",
        "examples/ming-chinese.toml",
    ] {
        let stem = std::path::Path::new(roster)
            .file_stem()
            .expect("stem")
            .to_string_lossy()
            .into_owned();
        for format in ["json", "html"] {
            let (_, text) = print(roster, format);
            insta::assert_snapshot!(format!("sheet_{stem}_{format}"), text);
        }
    }
}

#[test]
fn text_sheet_fits_100_columns() {
    for roster in ROSTERS {
        let (_, text) = print(roster, "text");
        for line in text.lines() {
            assert!(
                line.chars().count() <= 100,
                "{roster}: line too wide: {line}"
            );
        }
    }
}

#[test]
fn an_illegal_roster_still_prints_clearly_marked() {
    let (code, text) = print("examples/bushi-sample-200.toml", "text");
    assert_eq!(code, Some(1));
    assert!(text.starts_with("Sample Buntai, 200 points: Bushi (NOT LEGAL)"));
    assert!(text.contains("[points] 203 points: 3 over the 200-point limit"));
    let (code, text) = print("examples/koryu.toml", "text");
    assert_eq!(code, Some(0));
    assert!(text.contains("(LEGAL)"));
}

#[test]
fn json_sheet_carries_effective_values() {
    let (_, text) = print("tests/fixtures/ten-models.toml", "json");
    insta::assert_snapshot!("sheet_ten_models_json", &text);
    let sheet: serde_json::Value = serde_json::from_str(&text).expect("json");
    assert_eq!(sheet["legal"], true);
    assert_eq!(
        sheet["points"],
        serde_json::json!({"total": 242, "limit": 250})
    );
    let entries = sheet["entries"].as_array().expect("entries");
    let weapon = |entry: usize, id: &str| -> serde_json::Value {
        entries[entry]["weapons"]
            .as_array()
            .expect("weapons")
            .iter()
            .find(|w| w["id"] == id)
            .cloned()
            .expect("weapon")
    };
    // Ashigaru (Initiative 2) with a yari (+1 Initiative, +0 Attack).
    assert_eq!(weapon(2, "yari")["initiative"], 3);
    assert_eq!(weapon(2, "yari")["attack"], 0);
    // Nagae-yari: +3 in the first round, -2 after.
    assert_eq!(weapon(3, "nagae-yari")["initiative"], 5);
    assert_eq!(weapon(3, "nagae-yari")["initiative_later"], 0);
    // Mounted Hatamoto with Bajutsu: no mounted penalty; a horse moves 12/18.
    assert_eq!(weapon(8, "yari")["attack"], 0);
    assert_eq!(
        entries[8]["movement"],
        serde_json::json!({"move": 12, "fast": 18})
    );
    assert_eq!(entries[8]["leader"], true);
    // Ronin with Powerful: +1 on every melee weapon, tetsubo +2.
    assert_eq!(weapon(9, "tetsubo")["attack"], 2);
    assert_eq!(weapon(9, "katana")["attack"], 1);
    assert_eq!(entries[9]["hired"], true);
    // Teppo: 48" and Shoot 1 + 0.
    assert_eq!(weapon(0, "teppo")["range"], 48);
    assert_eq!(weapon(0, "teppo")["shoot"], 1);
    // The banner bearer costs 15 and the unarmoured archer 14.
    assert_eq!(entries[4]["points_total"], 15);
    assert_eq!(entries[1]["points_total"], 14);
    assert!(
        sheet["hire_rules"]
            .as_array()
            .expect("hire rules")
            .iter()
            .any(|r| r.as_str().is_some_and(|r| r.contains("flees")))
    );
}

#[test]
fn a_mounted_model_without_bajutsu_takes_the_penalty() {
    let (_, text) = print("examples/ming-chinese.toml", "json");
    let sheet: serde_json::Value = serde_json::from_str(&text).expect("json");
    let commander = sheet["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .find(|e| e["profile"] == "commander")
        .expect("commander");
    assert_eq!(commander["mount"], "horse");
    assert_eq!(commander["weapons"][0]["attack"], -2);
}

#[test]
fn html_sheet_is_self_contained_and_carries_the_reference_card() {
    let (code, html) = print("tests/fixtures/ten-models.toml", "html");
    assert_eq!(code, Some(0));
    assert!(html.starts_with("<!DOCTYPE html>"));
    for external in [
        "http://", "https://", "<script", "<link", "src=", "url(", "@import",
    ] {
        assert!(
            !html.contains(external),
            "the sheet must not reference `{external}`"
        );
    }
    assert!(html.contains("@page"));
    for section in [
        "Turn sequence",
        "Wound table",
        "Shooting Attack Roll",
        "Defence Roll modifiers",
        "Enhancing",
    ] {
        assert!(html.contains(section), "reference card lacks {section}");
    }
    assert!(html.contains("&ldquo;Nobutada&rdquo;"));
    insta::assert_snapshot!("sheet_ten_models_html", html);
}

#[test]
fn html_escapes_what_the_user_wrote() {
    let dir = TempDir::new().expect("dir");
    let path = dir.path().join("r.toml");
    std::fs::write(&path, "name = \"<script>alert(1)</script>\"\nfaction = \"peasants\"\n[[models]]\nprofile = \"peasant\"\ncount = 4\n").expect("write");
    let out = buntai()
        .args(["print", "--format", "html"])
        .arg(&path)
        .output()
        .expect("runs");
    let html = String::from_utf8(out.stdout).expect("utf-8");
    assert!(!html.contains("<script>"));
    assert!(html.contains("&lt;script&gt;"));
}

#[test]
fn output_file_is_not_overwritten_without_force() {
    let dir = TempDir::new().expect("dir");
    let target = dir.path().join("sheet.html");
    std::fs::write(&target, "precious").expect("write");
    let roster = repo().join("examples/koryu.toml");
    buntai()
        .args(["print", "--format", "html", "-o"])
        .arg(&target)
        .arg(&roster)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("use --force"));
    assert_eq!(std::fs::read_to_string(&target).expect("read"), "precious");
    buntai()
        .args(["print", "--format", "html", "--force", "-o"])
        .arg(&target)
        .arg(&roster)
        .assert()
        .success();
    assert!(
        std::fs::read_to_string(&target)
            .expect("read")
            .starts_with("<!DOCTYPE html>")
    );
}

#[test]
fn a_roster_that_cannot_be_read_as_one_is_not_printed() {
    buntai()
        .args(["print", "examples/illegal/parse.toml"])
        .current_dir(repo())
        .assert()
        .code(1)
        .stdout(predicate::str::is_empty())
        .stderr(predicate::str::contains("cannot print"));
}

#[test]
fn a_closed_pipe_does_not_panic() {
    use std::process::{Command, Stdio};
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("buntai"))
        .args(["faction", "bushi"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("wait");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_ne!(out.status.code(), Some(101));
}

#[test]
fn sheet_json_schema_lists_the_documented_fields() {
    let out = buntai().args(["schema", "sheet"]).output().expect("runs");
    let schema = json(&out);
    for key in [
        "legal",
        "points",
        "entries",
        "morale",
        "attributes",
        "hire_rules",
    ] {
        assert!(schema["properties"][key].is_object(), "schema lacks {key}");
    }
}

#[test]
fn the_text_sheet_gives_each_model_one_line_within_80_columns() {
    let mut examples: Vec<std::path::PathBuf> = std::fs::read_dir(repo().join("examples"))
        .expect("examples")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    examples.sort();
    assert!(examples.len() > 20);
    for roster in examples {
        let out = buntai()
            .arg("print")
            .arg(&roster)
            .env("COLUMNS", "80")
            .output()
            .expect("runs");
        let text = String::from_utf8(out.stdout).expect("utf-8");
        for line in text.lines() {
            assert!(
                line.chars().count() <= 80,
                "{}: a line of {} columns: {line}",
                roster.display(),
                line.chars().count()
            );
        }
        // The Models table: one row per roster entry, numbered 1, 2, 3 ... without wrapped lines.
        let models = text.split("\nModels\n").nth(1).expect("a Models table");
        let table = models.trim_start().split("\n\n").next().expect("the table");
        let rows: Vec<&str> = table
            .lines()
            .filter(|l| l.starts_with('│'))
            .skip(1)
            .collect();
        for (k, row) in rows.iter().enumerate() {
            let number = row.trim_start_matches('│').split('┆').next().expect("#");
            assert_eq!(
                number.trim(),
                (k + 1).to_string(),
                "{}: row {row}",
                roster.display()
            );
        }
        assert!(!rows.is_empty());
    }
}
