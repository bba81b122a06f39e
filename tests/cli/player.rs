//! A tool players reach for: share text and import, rulings looked up, model-level edits and undo,
//! command-line mistakes as usage errors, editor schema support.

use std::path::{Path, PathBuf};

use predicates::prelude::*;
use tempfile::TempDir;

use crate::support::{buntai, json, repo};

fn examples() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(repo().join("examples"))
        .expect("examples/")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    files
}

fn verdict(path: &Path) -> (bool, u64, serde_json::Value) {
    let output = buntai()
        .arg("validate")
        .arg(path)
        .args(["--format", "json"])
        .output()
        .expect("run");
    let report = &json(&output)[0];
    (
        report["legal"].as_bool().expect("valid"),
        report["models"].as_u64().expect("models"),
        report["points"].clone(),
    )
}

fn share(path: &Path) -> String {
    let output = buntai()
        .arg("print")
        .arg(path)
        .args(["--format", "share"])
        .output()
        .expect("run");
    String::from_utf8(output.stdout).expect("utf-8")
}

#[test]
fn share_text_is_one_header_and_one_line_per_entry() {
    let text = share(&repo().join("examples/bushi-sample-100.toml"));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "Sample Buntai, 100 points — Bushi — 99/100 points — LEGAL"
    );
    assert!(lines[1].starts_with("data "), "{}", lines[1]);
    assert_eq!(
        &lines[2..],
        [
            "1x Ashigaru: teppo — 18 pts",
            "1x Ashigaru: yumi — 18 pts",
            "2x Ashigaru: yari — 36 pts",
            "1x Samurai: kenjutsu — 27 pts",
        ]
    );
    assert!(!text.contains('|') && !text.contains("<br>"));
}

#[test]
fn import_of_share_text_round_trips_every_example() {
    let dir = TempDir::new().expect("dir");
    for example in examples() {
        let name = example.file_name().expect("name");
        let out = dir.path().join(name);
        buntai()
            .args(["import", "-", "-o"])
            .arg(&out)
            .write_stdin(share(&example))
            .assert()
            .success();
        assert_eq!(
            verdict(&out),
            verdict(&example),
            "{}: the same verdict, models and points",
            example.display()
        );
    }
}

#[test]
fn import_reads_a_toml_block_pasted_from_a_forum() {
    let roster = std::fs::read_to_string(repo().join("examples/koryu.toml")).expect("read");
    let post = format!("Here is my list, thoughts?\n\n```toml\n{roster}```\n\nThanks!\n");
    let output = buntai()
        .arg("import")
        .write_stdin(post)
        .output()
        .expect("run");
    assert!(output.status.success());
    assert_eq!(String::from_utf8_lossy(&output.stdout), roster);
}

#[test]
fn import_names_the_line_it_cannot_read() {
    buntai()
        .arg("import")
        .write_stdin("Bushi — 100 points\n2x Ashigaru: yari — 36 pts\n1x Samuray — 24 pts\n")
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "<stdin>:3: Bushi has no model `Samuray`",
        ))
        .stderr(predicate::str::contains("did you mean `Samurai`?"));
}

#[test]
fn a_ruling_is_looked_up_by_id() {
    for id in ["R-16", "r16", "R-016"] {
        buntai()
            .args(["rulings", id])
            .assert()
            .success()
            .stdout(predicate::str::starts_with("R-16 Koryu weapons"));
    }
    buntai()
        .args(["rulings", "bushi-rank12-per-rank3"])
        .assert()
        .success()
        .stdout(predicate::str::contains("R-10"));
    buntai()
        .args(["rulings", "R-299"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("did you mean"));
}

#[test]
fn every_ruling_a_diagnostic_cites_can_be_looked_up() {
    let output = buntai()
        .arg("validate")
        .args(examples())
        .args(["--format", "json"])
        .output()
        .expect("run");
    let mut cited = std::collections::BTreeSet::new();
    for report in json(&output).as_array().expect("array") {
        for v in report["problems"].as_array().expect("problems") {
            let help = v["help"].as_str().unwrap_or_default();
            for word in help.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-')) {
                if word.len() >= 4 && (word.starts_with("R-") || word.starts_with("P-")) {
                    cited.insert(word.to_owned());
                }
            }
            cited.insert(v["rule"].as_str().expect("rule").to_owned());
        }
    }
    let rulings: Vec<&String> = cited
        .iter()
        .filter(|c| c.starts_with("R-") || c.starts_with("P-") || c.contains("rank"))
        .collect();
    assert!(!rulings.is_empty(), "the examples cite rulings: {cited:?}");
    for id in rulings {
        buntai().args(["rulings", id]).assert().success();
    }
}

#[test]
fn every_teppo_carrier_is_labelled_not_only_the_last() {
    let dir = TempDir::new().expect("dir");
    let path = dir.path().join("guns.toml");
    let mut text = String::from("faction = \"bushi\"\n");
    for _ in 0..3 {
        text.push_str("[[models]]\nprofile = \"ashigaru\"\nweapons = [\"teppo\"]\n");
    }
    text.push_str("[[models]]\nprofile = \"ashigaru\"\nweapons = [\"yari\"]\n");
    text.push_str("[[models]]\nprofile = \"samurai\"\n");
    std::fs::write(&path, text).expect("write");
    let output = buntai().arg("validate").arg(&path).output().expect("run");
    let out = String::from_utf8_lossy(&output.stdout);
    let block = out
        .split("weapon-limit")
        .find(|b| b.contains("carry a teppo"))
        .expect("the teppo problem");
    assert_eq!(block.matches("carries one").count(), 2, "{block}");
    assert_eq!(block.matches("over the limit").count(), 1, "{block}");
}

fn roster(text: &str) -> (TempDir, PathBuf) {
    let dir = TempDir::new().expect("dir");
    let path = dir.path().join("r.toml");
    std::fs::write(&path, text).expect("write");
    (dir, path)
}

const GROUPED: &str = "faction = \"bushi\"\npoints = 200\n\n# spears\n[[models]]\n\
profile = \"ashigaru\"\ncount = 3\nweapons = [\"yari\"]\n\n[[models]]\nprofile = \"hatamoto\"\n\
name = \"Nobu\"\n";

#[test]
fn remove_takes_one_model_from_a_group_and_finds_profiles_by_name() {
    let (_dir, path) = roster(GROUPED);
    buntai()
        .args(["remove"])
        .arg(&path)
        .arg("1")
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "removed one of #1 ashigaru (2 left)",
        ));
    buntai()
        .args(["remove"])
        .arg(&path)
        .arg("Hatamoto")
        .assert()
        .success()
        .stderr(predicate::str::contains("removed #2 hatamoto \"Nobu\""));
    let text = std::fs::read_to_string(&path).expect("read");
    assert_eq!(
        text,
        "faction = \"bushi\"\npoints = 200\n\n# spears\n[[models]]\nprofile = \"ashigaru\"\n\
         count = 2\nweapons = [\"yari\"]\n"
    );
}

#[test]
fn edit_changes_one_entry_and_undo_restores_it() {
    let (_dir, path) = roster(GROUPED);
    buntai()
        .args(["edit"])
        .arg(&path)
        .args(["1", "--weapon", "yumi", "--count", "2", "--name", "Archers"])
        .assert()
        .success()
        .stderr(predicate::str::contains("edited #1 ashigaru \"Archers\""));
    let edited = std::fs::read_to_string(&path).expect("read");
    assert!(edited.contains("# spears\n[[models]]\nprofile = \"ashigaru\"\ncount = 2\nweapons = [\"yumi\"]\nname = \"Archers\""), "{edited}");
    buntai()
        .arg("undo")
        .arg(&path)
        .assert()
        .success()
        .stderr(predicate::str::contains("undid the last edit"));
    assert_eq!(std::fs::read_to_string(&path).expect("read"), GROUPED);
    buntai().arg("undo").arg(&path).assert().success();
    assert_eq!(
        std::fs::read_to_string(&path).expect("read"),
        edited,
        "undo again redoes"
    );
}

#[test]
fn edit_refuses_a_weapon_the_profile_cannot_take() {
    let (_dir, path) = roster(GROUPED);
    buntai()
        .args(["edit"])
        .arg(&path)
        .args(["1", "--weapon", "teppoo"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("did you mean `teppo`?"));
    assert_eq!(std::fs::read_to_string(&path).expect("read"), GROUPED);
}

#[test]
fn undo_without_an_edit_is_a_usage_error() {
    let (_dir, path) = roster(GROUPED);
    buntai()
        .arg("undo")
        .arg(&path)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no edit to undo"));
}

#[test]
fn command_line_mistakes_exit_2() {
    let (_dir, path) = roster(GROUPED);
    for args in [
        vec!["set", "fearsome-kiai", "5"],
        vec!["set", "points", "abc"],
        vec!["add", "ashigaru", "--weapon", "naginata"],
    ] {
        let (verb, rest) = args.split_first().expect("verb");
        buntai().arg(verb).arg(&path).args(rest).assert().code(2);
    }
    buntai()
        .args(["suggest", "--faction", "koryu", "--points", "5"])
        .assert()
        .code(2);
    assert_eq!(std::fs::read_to_string(&path).expect("read"), GROUPED);
}

#[test]
fn a_new_roster_gets_a_schema_reference_that_resolves() {
    let dir = TempDir::new().expect("dir");
    for (i, args) in [
        vec!["new", "--faction", "bushi"],
        vec!["suggest", "--faction", "sohei", "--points", "100"],
    ]
    .into_iter()
    .enumerate()
    {
        let path = dir.path().join(format!("r{i}.toml"));
        buntai().args(&args).arg("-o").arg(&path).assert().success();
        let text = std::fs::read_to_string(&path).expect("read");
        let schema = text
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("#:schema "))
            .expect("a #:schema line");
        let schema_path = path.parent().expect("folder").join(schema);
        let body = std::fs::read_to_string(&schema_path).expect("the schema file exists");
        let value: serde_json::Value = serde_json::from_str(&body).expect("JSON");
        assert_eq!(value["title"], "Buntai roster");
    }
}

#[test]
fn at_80_columns_no_line_of_any_command_is_wider() {
    let mut runs: Vec<Vec<String>> = Vec::new();
    let owned = |args: &[&str]| args.iter().map(|a| (*a).to_owned()).collect::<Vec<_>>();
    for sub in [
        "",
        "validate",
        "print",
        "new",
        "add",
        "remove",
        "edit",
        "undo",
        "set",
        "import",
        "suggest",
        "simulate",
        "--allow-unequal",
        "factions",
        "faction",
        "rulings",
        "data",
        "schema",
        "completions",
        "man",
    ] {
        let mut args = owned(&[sub, "--help"]);
        args.retain(|a| !a.is_empty());
        runs.push(args);
    }
    runs.push(owned(&["odds", "melee", "--help"]));
    for example in examples() {
        let path = example.display().to_string();
        for format in ["text", "share", "markdown"] {
            if format != "markdown" {
                runs.push(owned(&["print", &path, "--format", format]));
            }
        }
        runs.push(owned(&["validate", &path]));
    }
    for faction in [
        "bushi",
        "koryu",
        "peasants",
        "swords-for-hire",
        "scenario-profiles",
    ] {
        runs.push(owned(&["faction", faction]));
    }
    runs.push(owned(&["factions"]));
    runs.push(owned(&["rulings"]));
    runs.push(owned(&["data", "check"]));
    runs.push(owned(&[
        "odds",
        "melee",
        "--attacker",
        "bushi/samurai",
        "--weapon",
        "naginata",
        "--attribute",
        "naginatajutsu",
        "--defender",
        "bushi/ashigaru",
        "--vs-enhance",
    ]));
    runs.push(owned(&[
        "odds",
        "shoot",
        "--shoot",
        "1",
        "--weapon",
        "yumi",
        "--range",
        "14",
        "--vs-armour",
        "heavy",
    ]));
    runs.push(owned(&[
        "simulate",
        "--allow-unequal",
        "examples/sohei.toml",
        "examples/koryu.toml",
        "--games",
        "5",
    ]));
    for args in runs {
        let output = buntai()
            .current_dir(repo())
            .env_remove("COLUMNS")
            .args(&args)
            .output()
            .expect("run");
        for stream in [&output.stdout, &output.stderr] {
            for line in String::from_utf8_lossy(stream).lines() {
                assert!(
                    line.chars().count() <= 80,
                    "{args:?}: {} columns: {line}",
                    line.chars().count()
                );
            }
        }
    }
}

#[test]
fn completions_offer_the_data_ids() {
    let output = buntai()
        .args(["completions", "bash"])
        .output()
        .expect("run");
    let script = String::from_utf8_lossy(&output.stdout);
    for id in [
        "ashigaru-gashira",
        "nagae-yari",
        "naginatajutsu",
        "ming-chinese",
        "R-16",
    ] {
        assert!(script.contains(id), "`{id}` is offered");
    }
}

#[test]
fn man_writes_a_page_per_command_with_exit_status_environment_and_examples() {
    let dir = TempDir::new().expect("dir");
    buntai()
        .args(["man", "--dir"])
        .arg(dir.path())
        .assert()
        .success();
    for page in [
        "buntai.1",
        "buntai-validate.1",
        "buntai-import.1",
        "buntai-edit.1",
    ] {
        assert!(dir.path().join(page).is_file(), "{page}");
    }
    let top = std::fs::read_to_string(dir.path().join("buntai.1")).expect("read");
    for section in [
        ".SH \"EXIT STATUS\"",
        ".SH ENVIRONMENT",
        ".SH EXAMPLES",
        "NO_COLOR",
    ] {
        assert!(top.contains(section), "{section}");
    }
    let validate = std::fs::read_to_string(dir.path().join("buntai-validate.1")).expect("read");
    assert!(
        validate.contains("examples/bushi"),
        "subcommand pages carry examples"
    );
    // A second run refuses to overwrite without --force.
    buntai()
        .args(["man", "--dir"])
        .arg(dir.path())
        .assert()
        .code(2);
}

#[test]
fn each_entry_shows_its_points_as_parts_that_add_up() {
    buntai()
        .arg("validate")
        .arg(repo().join("examples/ikko-ikki.toml"))
        .assert()
        .stdout(predicate::str::contains(
            "#4 Monto: 16 (Monto 13 + teppo 3)",
        ))
        .stdout(predicate::str::contains(
            "#8 Ronin: 19 (Ronin 17 + light-armour 2)",
        ));
    for example in examples() {
        let output = buntai()
            .arg("validate")
            .arg(&example)
            .args(["--format", "json"])
            .output()
            .expect("run");
        let report = &json(&output)[0];
        let mut total = 0;
        for entry in report["entries"].as_array().expect("entries") {
            let parts: i64 = entry["parts"]
                .as_array()
                .expect("parts")
                .iter()
                .map(|p| p["points"].as_i64().expect("points"))
                .sum();
            assert_eq!(
                parts,
                entry["points_each"].as_i64().expect("each"),
                "{entry}"
            );
            total += entry["points"].as_i64().expect("points");
        }
        assert_eq!(total, report["points"]["total"].as_i64().expect("total"));
    }
}

#[test]
fn options_lists_what_still_fits_and_each_addition_keeps_the_roster_legal() {
    let dir = TempDir::new().expect("dir");
    let path = dir.path().join("r.toml");
    std::fs::copy(repo().join("examples/bushi-sample-100.toml"), &path).expect("copy");
    let slack = |path: &Path| {
        let output = buntai()
            .arg("options")
            .arg(path)
            .args(["--format", "json"])
            .output()
            .expect("run");
        json(&output)
    };
    let full = slack(&path);
    assert_eq!(full["points_left"], 1);
    assert_eq!(full["models_left"], 15);
    assert_eq!(
        full["additions"],
        serde_json::json!([]),
        "nothing costs 1 point"
    );
    let teppo = full["headroom"]
        .as_array()
        .expect("headroom")
        .iter()
        .find(|h| h["text"].as_str().is_some_and(|t| t.contains("teppo")))
        .expect("the teppo rule");
    assert_eq!(
        teppo["left"], 0,
        "5 models allow one teppo, and it is carried"
    );
    buntai()
        .arg("set")
        .arg(&path)
        .args(["points", "200"])
        .assert()
        .success();
    let roomy = slack(&path);
    let additions = roomy["additions"].as_array().expect("additions");
    assert!(additions.len() > 5, "{additions:?}");
    for addition in additions.iter().take(6) {
        let copy = dir.path().join("trial.toml");
        std::fs::copy(&path, &copy).expect("copy");
        let mut add = buntai();
        add.arg("add")
            .arg(&copy)
            .arg(addition["profile"].as_str().expect("profile"));
        for weapon in addition["weapons"].as_array().expect("weapons") {
            add.args(["--weapon", weapon.as_str().expect("weapon")]);
        }
        if let Some(armour) = addition["armour"].as_str() {
            add.args(["--armour", armour]);
        }
        add.assert().success();
        buntai()
            .arg("validate")
            .arg(&copy)
            .assert()
            .success()
            .stdout(predicate::str::contains(": LEGAL"));
        std::fs::remove_file(dir.path().join(".trial.toml.buntai-undo")).ok();
    }
    buntai()
        .arg("options")
        .arg(&path)
        .assert()
        .success()
        .stdout(predicate::str::contains("99 of 200 points used, 101 left"));
}

#[test]
fn simulate_warns_about_an_illegal_roster_and_strict_refuses_it() {
    let illegal = repo().join("examples/illegal/points.toml");
    let legal = repo().join("examples/bushi-100.toml");
    buntai()
        .arg("simulate")
        .args([&illegal, &legal])
        .args(["--games", "2"])
        .assert()
        .success()
        .stderr(predicate::str::contains("is not a legal Buntai"))
        .stderr(predicate::str::contains("16 over the 80-point limit"));
    buntai()
        .arg("simulate")
        .args([&illegal, &legal])
        .args(["--games", "2", "--strict"])
        .assert()
        .code(1)
        .stdout(predicate::str::is_empty())
        .stderr(predicate::str::contains(
            "--strict plays only legal rosters",
        ));
    // A legal pair is played without a word about legality, strict or not.
    buntai()
        .arg("simulate")
        .args([&legal, &repo().join("examples/bandits-100.toml")])
        .args(["--games", "2", "--strict"])
        .assert()
        .success()
        .stderr(predicate::str::contains("legal Buntai").not());
}

#[test]
fn a_field_reports_each_illegal_list_once() {
    let illegal = repo().join("examples/illegal/points.toml");
    let output = buntai()
        .arg("simulate")
        .arg("--field")
        .args([
            &illegal,
            &repo().join("examples/bushi-100.toml"),
            &repo().join("examples/bandits-100.toml"),
        ])
        .args(["--games", "1"])
        .output()
        .expect("runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        stderr.matches("is not a legal Buntai").count(),
        1,
        "{stderr}"
    );
}

#[test]
fn one_game_reports_its_result_and_each_models_fate_not_rates() {
    for scenario in ["skirmish", "tournament"] {
        let run = |format: &str| {
            buntai()
                .arg("simulate")
                .args([
                    repo().join("examples/bushi-100.toml"),
                    repo().join("examples/bushi-sample-100.toml"),
                ])
                .args(["--games", "1", "--seed", "4", "--allow-unequal"])
                .args(["--scenario", scenario, "--format", format])
                .output()
                .expect("runs")
        };
        let output = run("text");
        assert!(output.status.success());
        let text = String::from_utf8_lossy(&output.stdout);
        assert!(text.contains("1 game from seed 4"), "{scenario}: {text}");
        assert!(text.contains("The game: "), "{scenario}: {text}");
        assert!(!text.contains("95% interval"), "{scenario}: {text}");
        assert!(text.contains("Fate"), "{scenario}: {text}");
        // The fates agree with the JSON report of the same game.
        let json = json(&run("json"));
        let killed = json["models"]
            .as_array()
            .expect("models")
            .iter()
            .filter(|m| {
                m["survival"].as_f64() == Some(0.0) && m["fled"].as_f64().unwrap_or(0.0) == 0.0
            })
            .count();
        assert_eq!(text.matches("killed").count(), killed, "{scenario}: {text}");
    }
}

#[test]
fn the_tournament_writes_a_replay_of_its_first_match() {
    let dir = TempDir::new().expect("temp dir");
    let page = dir.path().join("match.html");
    buntai()
        .arg("simulate")
        .args([
            repo().join("examples/bushi-100.toml"),
            repo().join("examples/bushi-200.toml"),
        ])
        .args([
            "--scenario",
            "tournament",
            "--games",
            "1",
            "--allow-unequal",
            "--replay",
        ])
        .arg(&page)
        .assert()
        .success();
    let html = std::fs::read_to_string(&page).expect("the replay");
    assert!(html.contains("<svg"), "a drawing");
    assert!(html.contains("A1 "), "the first match's model is drawn");
}
