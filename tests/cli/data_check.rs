//! `buntai data check` and `--data DIR`: located diagnostics for every kind of data error.

use predicates::prelude::*;

use crate::support::{broken_data, buntai, data_copy, in_data_dir, json};

#[test]
fn shipped_data_is_clean() {
    buntai().args(["data", "check"]).assert().success().stdout(
        predicate::str::starts_with("data ok (version ")
            .and(predicate::str::contains("8 factions")),
    );
    let out = buntai()
        .args(["data", "check", "--format", "json"])
        .output()
        .expect("runs");
    let report = json(&out);
    assert_eq!(report["ok"], true);
    assert_eq!(report["factions"], 8);
}

#[test]
fn a_copy_of_the_shipped_data_loads_with_data_dir() {
    let dir = data_copy();
    in_data_dir(dir.path())
        .args(["data", "check"])
        .assert()
        .success();
    in_data_dir(dir.path())
        .args(["faction", "bushi"])
        .assert()
        .success();
}

/// One broken copy of the data: what to break, and what `data check` must say about it.
struct Case {
    file: &'static str,
    from: &'static str,
    to: &'static str,
    code: &'static str,
    help: Option<&'static str>,
}

const CASES: &[Case] = &[
    Case {
        file: "bushi.toml",
        from: "rating = 9",
        to: "rating = = 9",
        code: "parse::syntax",
        help: None,
    },
    Case {
        file: "bushi.toml",
        from: "points = 18",
        to: "pionts = 18",
        code: "parse::unknown-key",
        help: Some("did you mean `points`?"),
    },
    Case {
        file: "bushi.toml",
        from: "points = 24",
        to: "points = \"24\"",
        code: "parse::type",
        help: None,
    },
    Case {
        file: "bushi.toml",
        from: "armour = \"medium\"",
        to: "armour = \"meduim\"",
        code: "parse::unknown-value",
        help: Some("did you mean `medium`?"),
    },
    Case {
        file: "bushi.toml",
        from: "weapons = [\"katana\"]",
        to: "weapons = [\"katanna\"]",
        code: "data::unknown-weapon",
        help: Some("did you mean `katana`?"),
    },
    Case {
        file: "bushi.toml",
        from: "attributes = [\"commander\"]",
        to: "attributes = [\"comander\"]",
        code: "data::unknown-attribute",
        help: Some("did you mean `commander`?"),
    },
    Case {
        file: "bushi.toml",
        from: "id = \"hatamoto\"",
        to: "id = \"samurai\"",
        code: "data::duplicate-id",
        help: None,
    },
    Case {
        file: "bushi.toml",
        from: "for-each = { ranks = [4] }",
        to: "for-each = { ranks = [7] }",
        code: "data::unknown-rank",
        help: Some("Ranks run from 0 to 5"),
    },
    Case {
        file: "koreans.toml",
        from: "\"heavy-cavalry\", \"heavy-infantry\"]",
        to: "\"heavy-cavlry\", \"heavy-infantry\"]",
        code: "data::unknown-profile",
        help: Some("did you mean `heavy-cavalry`?"),
    },
    Case {
        file: "sohei.toml",
        from: "source = \"ruling:R-02\"",
        to: "source = \"ruling:R-99\"",
        code: "data::unknown-ruling",
        help: None,
    },
    Case {
        file: "weapons.toml",
        from: "id = \"wakizashi\"",
        to: "id = \"katana\"",
        code: "data::duplicate-id",
        help: None,
    },
    Case {
        file: "attributes.toml",
        from: "requires = [\"kenjutsu\"]",
        to: "requires = [\"kenjitsu\"]",
        code: "data::unknown-attribute",
        help: Some("did you mean `kenjutsu`?"),
    },
    Case {
        file: "swords-for-hire.toml",
        from: "of = [\"ronin\"]",
        to: "of = [\"ronen\"]",
        code: "data::unknown-hire",
        help: Some("did you mean `ronin`?"),
    },
    Case {
        file: "bushi.toml",
        from: "excludes = [\"banner\"]",
        to: "excludes = [\"baner\"]",
        code: "data::unknown-option",
        help: Some("did you mean `banner`?"),
    },
    Case {
        file: "bushi.toml",
        from: "per = 3",
        to: "per = 0",
        code: "data::composition",
        help: None,
    },
    Case {
        file: "bushi.toml",
        from: "percent = 25\n\n[[composition]]\nid = \"bushi-missile-limit\"",
        to: "percent = 250\n\n[[composition]]\nid = \"bushi-missile-limit\"",
        code: "data::composition",
        help: Some("percentages run from 1 to 100"),
    },
];

#[test]
fn every_kind_of_data_error_is_located_in_its_file() {
    for case in CASES {
        let (dir, line) = broken_data(case.file, case.from, case.to);
        let out = in_data_dir(dir.path())
            .args(["data", "check", "--format", "json"])
            .output()
            .expect("runs");
        assert_eq!(out.status.code(), Some(1), "{}: exit code", case.code);
        let report = json(&out);
        assert_eq!(report["ok"], false);
        let problems = report["problems"].as_array().expect("problems");
        let problem = problems
            .iter()
            .find(|p| p["code"] == case.code)
            .unwrap_or_else(|| panic!("no {} problem in {problems:?}", case.code));
        assert_eq!(problem["file"], format!("./{}", case.file), "{}", case.code);
        assert_eq!(
            problem["line"], line,
            "{}: wrong line in {problem}",
            case.code
        );
        if let Some(help) = case.help {
            assert_eq!(problem["help"], help, "{}", case.code);
        }
    }
}

#[test]
fn a_text_diagnostic_names_the_file_labels_the_value_and_suggests() {
    let (dir, _) = broken_data(
        "bushi.toml",
        "weapons = [\"katana\"]",
        "weapons = [\"katanna\"]",
    );
    let out = in_data_dir(dir.path())
        .args(["data", "check"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8(out.stderr).expect("utf-8");
    insta::assert_snapshot!("unknown_weapon_diagnostic", stderr);
}

#[test]
fn every_problem_is_reported_not_just_the_first() {
    let (dir, _) = broken_data(
        "bushi.toml",
        "weapons = [\"katana\"]",
        "weapons = [\"katanna\"]",
    );
    let path = dir.path().join("ikko-ikki.toml");
    let text = std::fs::read_to_string(&path).expect("read").replacen(
        "attributes = [\"fearless\"]",
        "attributes = [\"fearles\"]",
        1,
    );
    std::fs::write(&path, text).expect("write");
    let out = in_data_dir(dir.path())
        .args(["data", "check", "--format", "json"])
        .output()
        .expect("runs");
    let report = json(&out);
    let files: Vec<&str> = report["problems"]
        .as_array()
        .expect("problems")
        .iter()
        .map(|p| p["file"].as_str().expect("file"))
        .collect();
    assert!(
        files.contains(&"./bushi.toml") && files.contains(&"./ikko-ikki.toml"),
        "{files:?}"
    );
}

#[test]
fn a_faction_file_must_be_named_after_its_id() {
    let dir = data_copy();
    std::fs::rename(dir.path().join("sohei.toml"), dir.path().join("monks.toml")).expect("rename");
    in_data_dir(dir.path())
        .args(["data", "check"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("data::faction-file-name"));
}

#[test]
fn a_missing_required_file_is_reported() {
    let dir = data_copy();
    std::fs::remove_file(dir.path().join("weapons.toml")).expect("remove");
    in_data_dir(dir.path())
        .args(["data", "check"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "the data folder has no `weapons.toml`",
        ));
}

#[test]
fn an_unreadable_data_folder_exits_2() {
    buntai()
        .args(["--data", "/no/such/folder", "factions"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot read `/no/such/folder`"));
}

#[test]
fn a_data_file_that_is_not_text_exits_2_without_panicking() {
    let dir = data_copy();
    std::fs::write(
        dir.path().join("bushi.toml"),
        [0xff, 0xfe, 0x00, 0x80, b'\n'],
    )
    .expect("write");
    in_data_dir(dir.path())
        .args(["data", "check"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not UTF-8"));
}

#[test]
fn commands_that_need_the_data_refuse_broken_data_with_exit_1() {
    let (dir, _) = broken_data("bushi.toml", "points = 24", "points = \"24\"");
    in_data_dir(dir.path())
        .arg("factions")
        .assert()
        .code(1)
        .stderr(predicate::str::contains("bushi.toml"));
}

#[test]
fn a_user_can_correct_a_value_by_editing_toml_alone() {
    // Someone with the printed book decides the Hatamoto's Fight is 5: the change shows up unmarked.
    let (dir, _) = broken_data(
        "bushi.toml",
        "fight = { value = 4, source = \"ruling:R-02\" }",
        "fight = { value = 5, source = \"text\" }",
    );
    let out = in_data_dir(dir.path())
        .args(["faction", "bushi", "--format", "json"])
        .output()
        .expect("runs");
    assert!(out.status.success());
    let bushi = json(&out);
    let hatamoto = &bushi["profiles"][3];
    assert_eq!(hatamoto["id"], "hatamoto");
    assert_eq!(
        hatamoto["fight"],
        serde_json::json!({"value": 5, "source": "text"})
    );
}

#[test]
fn an_empty_koryu_weapon_table_is_reported() {
    let dir = data_copy();
    let path = dir.path().join("koryu.toml");
    let text = std::fs::read_to_string(&path).expect("read");
    let start = text.find("weapons = [\n  {").expect("the weapon table");
    let end = start + text[start..].find("\n]\n").expect("its end") + 3;
    std::fs::write(
        &path,
        format!("{}weapons = []\n{}", &text[..start], &text[end..]),
    )
    .expect("write");
    in_data_dir(dir.path())
        .args(["data", "check"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("the Koryu weapon table is empty"));
}
