//! `buntai factions`, `faction`, `rulings`, completions and the man page.

use predicates::prelude::*;

use crate::support::{buntai, json};

const FACTIONS: [&str; 8] = [
    "bandits",
    "bushi",
    "ikko-ikki",
    "koreans",
    "koryu",
    "ming-chinese",
    "peasants",
    "sohei",
];

#[test]
fn factions_lists_every_faction_with_morale_and_hires() {
    let out = buntai()
        .args(["factions", "--format", "json"])
        .output()
        .expect("runs");
    assert!(out.status.success());
    let list = json(&out);
    let ids: Vec<&str> = list
        .as_array()
        .expect("array")
        .iter()
        .map(|f| f["id"].as_str().expect("id"))
        .collect();
    assert_eq!(ids, FACTIONS);
    let bushi = &list[1];
    assert_eq!(bushi["morale"], 9);
    assert_eq!(
        bushi["swords_for_hire"],
        serde_json::json!(["ronin", "senior-ronin", "warrior-monk", "ninja"])
    );
    assert_eq!(bushi["profiles"].as_array().expect("profiles").len(), 5);
    let sohei = &list[7];
    assert_eq!(sohei["swords_for_hire"], serde_json::json!([]));
}

#[test]
fn factions_text_fits_80_columns() {
    let out = buntai().arg("factions").output().expect("runs");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert!(text.contains("Ikko-Ikki"));
    for line in text.lines() {
        assert!(line.chars().count() <= 80, "line too wide: {line}");
    }
    insta::assert_snapshot!("factions_text", text);
}

#[test]
fn bushi_shows_five_profiles_with_book_points_and_marked_reconstructions() {
    let out = buntai().args(["faction", "bushi"]).output().expect("runs");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).expect("utf-8");
    for (name, points) in [
        ("Ashigaru", 18),
        ("Ashigaru-gashira", 18),
        ("Samurai", 24),
        ("Hatamoto", 29),
        ("Bushou", 34),
    ] {
        let row = text
            .lines()
            .find(|l| l.starts_with(&format!("│ {name} ")))
            .unwrap_or_else(|| panic!("no stat row for {name}"));
        assert!(
            row.contains(&format!("┆ {points} ")),
            "{name} should cost {points}: {row}"
        );
        assert!(
            row.contains('*'),
            "{name}'s Rank is reconstructed and must be marked: {row}"
        );
    }
    // The Samurai's CP, Initiative and Fight come from the combat example.
    let samurai = text
        .lines()
        .find(|l| l.starts_with("│ Samurai "))
        .expect("samurai row");
    assert!(samurai.contains("3†"), "{samurai}");
    // Options with their costs.
    assert!(text.contains("warhorse") && text.contains("+15"));
    assert!(text.contains("no-armour") && text.contains("-6"));
    assert!(text.contains("[bushi-rank1-per-rank2]"));
    assert!(text.contains("Fearsome Kiai (5 pts each, up to 3)"));
    for line in text.lines() {
        assert!(line.chars().count() <= 80, "line too wide: {line}");
    }
    insta::assert_snapshot!("faction_bushi_text", text);
}

#[test]
fn every_faction_and_the_hires_print_in_every_format() {
    let ids = FACTIONS
        .iter()
        .chain(&["swords-for-hire", "scenario-profiles"]);
    for id in ids {
        for format in ["text", "markdown", "json"] {
            let out = buntai()
                .args(["faction", id, "--format", format])
                .output()
                .expect("runs");
            assert!(
                out.status.success(),
                "faction {id} --format {format} failed"
            );
            assert!(!out.stdout.is_empty());
            if format == "json" {
                let value = json(&out);
                assert!(
                    value["profiles"].as_array().is_some_and(|p| !p.is_empty()),
                    "{id} has profiles"
                );
            }
        }
    }
}

#[test]
fn faction_json_carries_provenance_and_composition_rules() {
    let out = buntai()
        .args(["faction", "koreans", "--format", "json"])
        .output()
        .expect("runs");
    let koreans = json(&out);
    let heavy = koreans["profiles"]
        .as_array()
        .expect("profiles")
        .iter()
        .find(|p| p["id"] == "heavy-infantry")
        .expect("heavy infantry");
    assert_eq!(
        heavy["combat_pool"],
        serde_json::json!({"value": 3, "source": "text"})
    );
    assert_eq!(
        heavy["rank"],
        serde_json::json!({"value": 3, "source": "ruling:R-01"})
    );
    let rules: Vec<&str> = koreans["composition"]
        .as_array()
        .expect("rules")
        .iter()
        .map(|r| r["check"]["kind"].as_str().expect("kind"))
        .collect();
    assert_eq!(
        rules,
        [
            "more-than",
            "ratio",
            "at-most",
            "weapon-limit",
            "weapon-limit",
            "excludes"
        ]
    );
}

#[test]
fn every_sword_for_hire_is_listed_with_its_cost() {
    let out = buntai()
        .args(["faction", "swords-for-hire"])
        .output()
        .expect("runs");
    let text = String::from_utf8(out.stdout).expect("utf-8");
    for (name, points) in [
        ("Ronin", 17),
        ("Senior Ronin", 22),
        ("Warrior Monk", 26),
        ("Shugyosha", 28),
        ("Ninja", 26),
    ] {
        let row = text
            .lines()
            .find(|l| l.starts_with(&format!("│ {name} ")))
            .expect("row");
        assert!(row.contains(&format!("┆ {points} ")), "{name}: {row}");
    }
    assert!(
        text.contains("costs 26 instead of it"),
        "the disguise rule is shown"
    );
}

#[test]
fn markdown_output_is_a_pipe_table() {
    let out = buntai()
        .args(["faction", "peasants", "--format", "markdown"])
        .output()
        .expect("runs");
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert!(text.starts_with("# Peasants (peasants)\n"));
    assert!(text.contains("| Profile | Rk"));
    assert!(text.contains("|---"));
    insta::assert_snapshot!("faction_peasants_markdown", text);
}

#[test]
fn unknown_faction_suggests_the_nearest_and_exits_2() {
    buntai().args(["faction", "bushy"]).assert().code(2).stderr(
        predicate::str::contains("unknown faction `bushy`")
            .and(predicate::str::contains("did you mean `bushi`?")),
    );
}

#[test]
fn rulings_lists_every_ruling_of_the_project() {
    let out = buntai()
        .args(["rulings", "--format", "json"])
        .output()
        .expect("runs");
    let rulings = json(&out);
    let ids: Vec<&str> = rulings
        .as_array()
        .expect("array")
        .iter()
        .map(|r| r["id"].as_str().expect("id"))
        .collect();
    let binding = [
        "R-01", "R-02", "R-03", "R-04", "R-05", "R-06", "R-07", "R-08", "R-10", "R-11", "R-12",
        "R-13", "R-14", "R-15", "R-16", "R-17", "R-18", "R-20", "R-21", "R-22", "R-23", "R-24",
        "R-25", "R-26", "R-27", "R-28", "R-29", "R-30",
    ];
    for id in binding {
        assert!(ids.contains(&id), "ruling {id} is missing");
    }
    for r in rulings.as_array().expect("array") {
        assert!(r["title"].as_str().is_some_and(|t| !t.is_empty()));
        assert!(r["text"].as_str().is_some_and(|t| t.len() > 20));
    }
    buntai()
        .arg("rulings")
        .assert()
        .success()
        .stdout(predicate::str::contains("R-18 Sample Buntai pricing"));
}

#[test]
fn colour_is_off_for_pipes_and_on_when_forced() {
    let plain = buntai().arg("factions").output().expect("runs");
    assert!(!String::from_utf8_lossy(&plain.stdout).contains('\x1b'));
    let forced = buntai()
        .args(["--color", "always", "factions"])
        .output()
        .expect("runs");
    assert!(String::from_utf8_lossy(&forced.stdout).contains('\x1b'));
}

const COMMANDS: [&str; 12] = [
    "validate", "print", "new", "add", "remove", "set", "suggest", "factions", "faction",
    "rulings", "data", "schema",
];

#[test]
fn completions_and_man_page_name_the_commands() {
    for shell in ["bash", "zsh", "fish"] {
        buntai()
            .args(["completions", shell])
            .assert()
            .success()
            .stdout(predicate::str::contains("factions").and(predicate::str::contains("rulings")));
        let script = String::from_utf8(
            buntai()
                .args(["completions", shell])
                .output()
                .expect("runs")
                .stdout,
        )
        .expect("utf-8");
        for command in COMMANDS {
            assert!(
                script.contains(command),
                "{shell} completions lack `{command}`"
            );
        }
    }
    let man = String::from_utf8(buntai().arg("man").output().expect("runs").stdout).expect("utf-8");
    assert!(man.contains(".TH buntai"));
    for command in COMMANDS {
        assert!(
            man.contains(&format!("buntai\\-{command}")),
            "man page lacks `{command}`"
        );
    }
}

#[test]
fn usage_errors_exit_2() {
    buntai().arg("no-such-command").assert().code(2);
    buntai().args(["faction"]).assert().code(2);
    buntai()
        .args(["factions", "--format", "yaml"])
        .assert()
        .code(2);
    buntai().arg("--help").assert().success();
}
