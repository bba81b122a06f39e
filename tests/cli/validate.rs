//! `buntai validate`: every composition rule of every faction passes and fails where the book says,
//! plus hires, banners, Koryu weapons, options, points, the Leader and the output formats.

use std::collections::BTreeSet;
use std::path::PathBuf;

use predicates::prelude::*;
use serde_json::Value;
use tempfile::TempDir;

use crate::support::{buntai, json, repo};

/// A roster in a compact notation: each model is `profile[*count] [weapon ...] [+attribute ...]
/// [banner] [leader] [armour=x] [mount=x] [disguise=x] [option:id]`.
pub fn roster(faction: &str, models: &[&str]) -> String {
    roster_with(faction, "", models)
}

pub fn roster_with(faction: &str, header: &str, models: &[&str]) -> String {
    let mut text = format!("faction = \"{faction}\"\n{header}\n");
    for spec in models {
        let mut tokens = spec.split_whitespace();
        let first = tokens.next().expect("profile");
        let (profile, count) = first
            .split_once('*')
            .map_or((first, None), |(p, c)| (p, Some(c)));
        let (mut weapons, mut attributes, mut options, mut extra) =
            (vec![], vec![], vec![], vec![]);
        for token in tokens {
            if let Some(a) = token.strip_prefix('+') {
                attributes.push(format!("\"{a}\""));
            } else if let Some(o) = token.strip_prefix("option:") {
                options.push(format!("\"{o}\""));
            } else if let Some((k, v)) = token.split_once('=') {
                extra.push(format!("{k} = \"{v}\""));
            } else if token == "banner" || token == "leader" {
                extra.push(format!("{token} = true"));
            } else {
                weapons.push(format!("\"{token}\""));
            }
        }
        text.push_str(&format!("\n[[models]]\nprofile = \"{profile}\"\n"));
        if let Some(c) = count {
            text.push_str(&format!("count = {c}\n"));
        }
        for (key, list) in [
            ("weapons", &weapons),
            ("attributes", &attributes),
            ("options", &options),
        ] {
            if !list.is_empty() {
                text.push_str(&format!("{key} = [{}]\n", list.join(", ")));
            }
        }
        for line in extra {
            text.push_str(&format!("{line}\n"));
        }
    }
    text
}

/// Validate several rosters in one run of the binary; returns one JSON report per roster.
pub fn validate_all(rosters: &[String], extra_args: &[&str]) -> Vec<Value> {
    let dir = TempDir::new().expect("temp dir");
    let paths: Vec<PathBuf> = rosters
        .iter()
        .enumerate()
        .map(|(i, text)| {
            let path = dir.path().join(format!("r{i}.toml"));
            std::fs::write(&path, text).expect("write");
            path
        })
        .collect();
    let out = buntai()
        .args(["validate", "--format", "json"])
        .args(extra_args)
        .args(&paths)
        .output()
        .expect("runs");
    let reports = json(&out);
    reports.as_array().expect("array").clone()
}

fn error_rules(report: &Value) -> BTreeSet<String> {
    report["problems"]
        .as_array()
        .expect("problems")
        .iter()
        .filter(|v| v["severity"] == "error")
        .map(|v| v["rule"].as_str().expect("rule").to_owned())
        .collect()
}

/// (rule id, faction, a roster that passes it, a roster that fails only it)
type Case = (
    &'static str,
    &'static str,
    &'static [&'static str],
    &'static [&'static str],
);

const KORYU_HEADER: &str = "[koryu]\nprimary = \"katana\"\nsecondary = [\"bo\"]\n";

const COMPOSITION: &[Case] = &[
    (
        "bushi-rank12-per-rank3",
        "bushi",
        &["ashigaru*4 yari", "samurai*2"],
        &["ashigaru*3 yari", "samurai*2"],
    ),
    (
        "bushi-rank12-per-rank3",
        "bushi",
        &["samurai*3", "hatamoto"],
        &["ashigaru yari", "samurai*3"],
    ),
    (
        "bushi-rank1-per-rank2",
        "bushi",
        &["ashigaru*3 yari", "ashigaru-gashira"],
        &["ashigaru*2 yari", "ashigaru-gashira*2"],
    ),
    (
        "bushi-rank3-per-rank4",
        "bushi",
        &["ashigaru*4 yari", "samurai", "hatamoto"],
        &["ashigaru*4 yari", "hatamoto*2"],
    ),
    (
        "bushi-one-rank5",
        "bushi",
        &["ashigaru*2 yari", "ashigaru yumi", "bushou"],
        &["ashigaru*4 yari", "bushou*2"],
    ),
    // 8 models: 2 teppo allowed, 3 not; 10 models: still 2.
    (
        "bushi-teppo-limit",
        "bushi",
        &["ashigaru*2 teppo", "ashigaru*4 yari", "samurai*2"],
        &["ashigaru*3 teppo", "ashigaru*3 yari", "samurai*2"],
    ),
    (
        "bushi-teppo-limit",
        "bushi",
        &["ashigaru*2 teppo", "ashigaru*6 yari", "samurai*2"],
        &["ashigaru*3 teppo", "ashigaru*5 yari", "samurai*2"],
    ),
    (
        "bushi-missile-limit",
        "bushi",
        &["ashigaru*4 yumi", "ashigaru*2 yari", "samurai*2"],
        &["ashigaru*5 yumi", "ashigaru yari", "samurai*2"],
    ),
    (
        "ikko-ikki-rank01-outnumber",
        "ikko-ikki",
        &["monto*3", "monto-gashira", "samurai"],
        &["monto*3", "monto-gashira", "samurai*2"],
    ),
    (
        "ikko-ikki-rank1-per-rank2",
        "ikko-ikki",
        &["peasant", "monto*3", "monto-gashira"],
        &["peasant*4", "monto*2", "monto-gashira"],
    ),
    (
        "ikko-ikki-one-rank4",
        "ikko-ikki",
        &["peasant*6", "hanshou"],
        &["peasant*6", "hanshou*2"],
    ),
    (
        "ikko-ikki-teppo-limit",
        "ikko-ikki",
        &["monto*5", "monto teppo"],
        &["monto*4", "monto*2 teppo"],
    ),
    (
        "ikko-ikki-missile-limit",
        "ikko-ikki",
        &["monto*3 yumi", "monto*3"],
        &["monto*4 yumi", "monto*2"],
    ),
    (
        "sohei-one-rank5",
        "sohei",
        &["temple-attendant*3", "grandmaster naginata"],
        &["temple-attendant*2", "grandmaster*2 naginata"],
    ),
    (
        "sohei-teppo-limit",
        "sohei",
        &["temple-attendant*2", "initiate teppo", "initiate naginata"],
        &["temple-attendant*2", "initiate*2 teppo"],
    ),
    (
        "sohei-missile-limit",
        "sohei",
        &["temple-attendant*2", "initiate*2 yumi"],
        &["temple-attendant", "initiate*3 yumi"],
    ),
    (
        "koryu-one-rank5",
        "koryu",
        &["novice*3 katana", "sensei katana"],
        &["novice*2 katana", "sensei*2 katana"],
    ),
    // At least half, rounded up: 4 models need 2, 5 need 3.
    (
        "koryu-primary-half",
        "koryu",
        &["novice*2 katana", "novice*2 bo"],
        &["novice*2 katana", "novice*3 bo"],
    ),
    (
        "bandits-rank01-outnumber",
        "bandits",
        &["bandit*3", "gashira"],
        &["bandit*2", "gashira*2"],
    ),
    (
        "bandits-one-rank3",
        "bandits",
        &["peasant*3", "leader"],
        &["peasant*4", "leader*2"],
    ),
    (
        "bandits-gashira-attributes",
        "bandits",
        &["bandit*4", "gashira +fast", "gashira"],
        &["bandit*4", "gashira +fast", "gashira +tough"],
    ),
    // 10%: no teppo below 10 models.
    (
        "bandits-teppo-limit",
        "bandits",
        &["peasant*4", "bandit*5", "bandit teppo"],
        &["peasant*3", "bandit*5", "bandit teppo"],
    ),
    (
        "bandits-missile-limit",
        "bandits",
        &["bandit*2 yumi", "peasant*2"],
        &["bandit*3 yumi", "peasant"],
    ),
    (
        "koreans-rank01-outnumber-rank34",
        "koreans",
        &["soldier*3", "heavy-infantry*2"],
        &["soldier*2", "heavy-infantry*2"],
    ),
    (
        "koreans-rank2-per-four",
        "koreans",
        &["soldier*4", "captain"],
        &["soldier*4", "captain*2"],
    ),
    (
        "koreans-one-rank4",
        "koreans",
        &["soldier*5", "commander"],
        &["soldier*5", "commander*2"],
    ),
    (
        "koreans-teppo-limit",
        "koreans",
        &["soldier*9", "soldier arquebus"],
        &["soldier*8", "soldier arquebus"],
    ),
    (
        "koreans-missile-limit",
        "koreans",
        &["soldier*2 bow", "soldier*2"],
        &["soldier*3 bow", "soldier"],
    ),
    (
        "koreans-monks-exclude-heavies",
        "koreans",
        &["monk*4", "captain"],
        &["monk*3", "heavy-cavalry"],
    ),
    (
        "ming-rank01-outnumber-rank34",
        "ming-chinese",
        &["soldier*3", "heavy-infantry*2"],
        &["soldier*2", "heavy-infantry*2"],
    ),
    (
        "ming-rank2-per-four",
        "ming-chinese",
        &["soldier*4", "light-cavalry"],
        &["soldier*4", "captain", "light-cavalry"],
    ),
    (
        "ming-one-rank4",
        "ming-chinese",
        &["soldier*5", "commander"],
        &["soldier*5", "commander*2"],
    ),
    (
        "ming-teppo-limit",
        "ming-chinese",
        &["soldier*3", "soldier arquebus"],
        &["soldier*2", "soldier*2 arquebus"],
    ),
    (
        "ming-missile-limit",
        "ming-chinese",
        &["soldier*2 bow", "soldier*2"],
        &["soldier*3 bow", "soldier"],
    ),
    // Exactly 30%: 12 of 40 points. Hires count in the total.
    (
        "peasants-points-share",
        "peasants",
        &["peasant*3", "shugyosha"],
        &["peasant*3", "ronin*2"],
    ),
];

#[test]
fn every_composition_rule_passes_and_fails_exactly_where_it_should() {
    let mut rosters = Vec::new();
    for (_, faction, pass, fail) in COMPOSITION {
        let header = if *faction == "koryu" {
            KORYU_HEADER
        } else {
            ""
        };
        rosters.push(roster_with(faction, header, pass));
        rosters.push(roster_with(faction, header, fail));
    }
    let reports = validate_all(&rosters, &[]);
    for (i, (rule, _, pass, fail)) in COMPOSITION.iter().enumerate() {
        let passing = &reports[2 * i];
        assert_eq!(
            passing["legal"], true,
            "{rule}: {pass:?} should be legal: {}",
            passing["problems"]
        );
        let failing = &reports[2 * i + 1];
        assert_eq!(
            failing["legal"], false,
            "{rule}: {fail:?} should not be legal"
        );
        let rules = error_rules(failing);
        assert_eq!(
            rules,
            BTreeSet::from([rule.to_string()]),
            "{rule}: {fail:?} should fail that rule alone"
        );
    }
}

#[test]
fn every_composition_rule_in_the_data_has_a_case() {
    let out = buntai()
        .args(["factions", "--format", "json"])
        .output()
        .expect("runs");
    for faction in json(&out).as_array().expect("factions") {
        let id = faction["id"].as_str().expect("id");
        let detail = json(
            &buntai()
                .args(["faction", id, "--format", "json"])
                .output()
                .expect("runs"),
        );
        for rule in detail["composition"].as_array().expect("rules") {
            let rule_id = rule["id"].as_str().expect("rule id");
            assert!(
                COMPOSITION.iter().any(|(r, ..)| *r == rule_id),
                "no pass/fail case for {rule_id}"
            );
        }
    }
}

#[test]
fn every_example_roster_gets_the_verdict_it_documents() {
    let examples = repo().join("examples");
    let mut legal: Vec<PathBuf> = std::fs::read_dir(&examples)
        .expect("examples")
        .map(|e| e.expect("entry").path())
        .filter(|p| {
            p.extension().is_some_and(|e| e == "toml") && !p.ends_with("bushi-sample-200.toml")
        })
        .collect();
    legal.sort();
    assert!(legal.len() >= 8, "a legal list for every faction");
    buntai()
        .arg("validate")
        .args(&legal)
        .assert()
        .success()
        .stdout(predicate::str::contains("NOT LEGAL").not());
    let factions: BTreeSet<String> = legal
        .iter()
        .map(|p| {
            let text = std::fs::read_to_string(p).expect("read");
            let line = text
                .lines()
                .find(|l| l.starts_with("faction"))
                .expect("faction line")
                .to_owned();
            line.split('"').nth(1).expect("quoted").to_owned()
        })
        .collect();
    assert_eq!(
        factions.len(),
        9,
        "one legal example per faction and the Mongols: {factions:?}"
    );
}

#[test]
fn every_faction_has_a_legal_example_at_100_150_and_200_points() {
    let output = buntai()
        .args(["factions", "--format", "json"])
        .output()
        .expect("run");
    let factions = crate::support::json(&output);
    for faction in factions.as_array().expect("array") {
        let id = faction["id"].as_str().expect("id");
        for points in [100, 150, 200] {
            let path = repo().join(format!("examples/{id}-{points}.toml"));
            let output = buntai()
                .arg("validate")
                .arg(&path)
                .args(["--format", "json"])
                .output()
                .expect("run");
            let report = &crate::support::json(&output)[0];
            assert_eq!(report["legal"], true, "{}", path.display());
            assert_eq!(report["faction"]["id"], id, "{}", path.display());
            assert_eq!(report["points"]["limit"], points, "{}", path.display());
            let total = report["points"]["total"].as_i64().expect("total");
            assert!(
                total > points - 10 && total <= points,
                "{}: {total}",
                path.display()
            );
        }
    }
}

#[test]
fn the_book_samples_cost_99_and_203_and_the_200_point_one_is_over() {
    let out = buntai()
        .args([
            "validate",
            "--format",
            "json",
            "examples/bushi-sample-100.toml",
            "examples/bushi-sample-200.toml",
        ])
        .current_dir(repo())
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1));
    let reports = json(&out);
    assert_eq!(reports[0]["legal"], true);
    assert_eq!(
        reports[0]["points"],
        serde_json::json!({"total": 99, "limit": 100})
    );
    assert_eq!(reports[1]["legal"], false);
    assert_eq!(
        reports[1]["points"],
        serde_json::json!({"total": 203, "limit": 200})
    );
    let v = &reports[1]["problems"][0];
    assert_eq!(v["code"], "points");
    assert!(v["help"].as_str().expect("help").contains("R-18"));
    assert_eq!(
        (&v["line"], &v["column"]),
        (&serde_json::json!(6), &serde_json::json!(10)),
        "points the `points = 200` line"
    );
}

#[test]
fn each_illegal_example_fails_with_its_code_in_json() {
    let dir = repo().join("examples/illegal");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("illegal")
        .map(|e| e.expect("entry").path())
        .collect();
    files.sort();
    let codes = [
        "banner",
        "composition",
        "koryu",
        "leader",
        "option",
        "parse",
        "points",
        "size",
        "swords-for-hire",
        "unknown",
        "weapon-limit",
    ];
    let names: Vec<String> = files
        .iter()
        .map(|f| f.file_stem().expect("stem").to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, codes, "one illegal example per code");
    let out = buntai()
        .args(["validate", "--format", "json"])
        .args(&files)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1));
    for (report, code) in json(&out).as_array().expect("reports").iter().zip(codes) {
        assert_eq!(report["legal"], false, "{code}");
        let violations = report["problems"].as_array().expect("problems");
        let errors: BTreeSet<&str> = violations
            .iter()
            .filter(|v| v["severity"] == "error")
            .map(|v| v["code"].as_str().expect("code"))
            .collect();
        assert_eq!(errors, BTreeSet::from([code]), "{code}: {violations:?}");
        for v in violations {
            for key in [
                "code", "rule", "severity", "message", "entry", "line", "column",
            ] {
                assert!(v.get(key).is_some(), "{code}: violation lacks `{key}`");
            }
            assert!(
                v["line"].as_u64().is_some_and(|l| l > 1),
                "{code}: span on a real line"
            );
        }
    }
}

#[test]
fn diagnostics_point_at_the_offending_value() {
    for name in ["composition", "option", "weapon-limit", "parse"] {
        let out = buntai()
            .args(["validate", &format!("examples/illegal/{name}.toml")])
            .current_dir(repo())
            .output()
            .expect("runs");
        assert_eq!(out.status.code(), Some(1));
        insta::assert_snapshot!(
            format!("validate_{name}"),
            String::from_utf8(out.stdout).expect("utf-8")
        );
    }
}

#[test]
fn points_match_hand_computed_totals() {
    let cases: &[(&str, &[&str], i64)] = &[
        // 29 + naginata 3 + two Attributes 6 + warhorse 15 - no armour 6
        (
            "bushi",
            &["hatamoto naginata +naginatajutsu +powerful mount=warhorse armour=none"],
            47,
        ),
        // Ashigaru with the banner: 18 - 3
        ("bushi", &["ashigaru banner"], 15),
        // Two Fearsome Kiai at 5
        ("bushi", &["ashigaru yari"], 18),
        // 17 + heavy armour 6 + yari 3 + two Attributes 6
        ("bandits", &["ronin armour=heavy yari +fast +tough"], 32),
        // Disguised Ninja: 26 in place of the Ashigaru
        ("bushi", &["ninja disguise=ashigaru yari +kenjutsu"], 26),
        // Sensei 31 + nodachi 3 + Fast 3 (the primary's Kenjutsu is included)
        ("koryu", &["sensei nodachi +fast"], 37),
        // Korean Heavy Infantry: the shield for an additional sword costs nothing
        ("koreans", &["heavy-infantry option:shield-for-sword"], 23),
        // Korean Captain buying a shield: 14 + 1
        ("koreans", &["captain armour=light spear"], 18),
        // Peasant with a yari: 4 + 4
        ("peasants", &["peasant*3 yari"], 24),
    ];
    let rosters: Vec<String> = cases
        .iter()
        .enumerate()
        .map(|(i, (faction, models, _))| {
            let header = match (*faction, i) {
                ("koryu", _) => "[koryu]\nprimary = \"nodachi\"\n",
                (_, 2) => "fearsome-kiai = 2\n",
                _ => "",
            };
            roster_with(faction, header, models)
        })
        .collect();
    let reports = validate_all(&rosters, &[]);
    for ((faction, models, expected), report) in cases.iter().zip(&reports) {
        let expected = if models[0] == "ashigaru yari" {
            expected + 10
        } else {
            *expected
        };
        assert_eq!(report["points"]["total"], expected, "{faction} {models:?}");
        let options: Vec<&Value> = report["problems"]
            .as_array()
            .expect("problems")
            .iter()
            .filter(|v| {
                v["severity"] == "error"
                    && ["option", "unknown", "banner", "koryu"]
                        .contains(&v["code"].as_str().unwrap_or(""))
            })
            .collect();
        assert!(
            options.is_empty(),
            "{faction} {models:?} should have no option problems: {options:?}"
        );
    }
}

/// (what, faction, header, models, expected error rules; empty means legal)
type RuleCase = (
    &'static str,
    &'static str,
    &'static str,
    &'static [&'static str],
    &'static [&'static str],
);

const RULES: &[RuleCase] = &[
    (
        "hires within 25%",
        "bushi",
        "",
        &["ashigaru*5 yari", "samurai", "ronin*2"],
        &[],
    ),
    (
        "hires over 25%",
        "bushi",
        "",
        &["ashigaru*4 yari", "samurai", "ronin*3"],
        &["swords-for-hire-cap"],
    ),
    (
        "Ikko-Ikki may not hire a Warrior Monk",
        "ikko-ikki",
        "",
        &["monto*4", "warrior-monk naginata"],
        &["swords-for-hire-allowed"],
    ),
    (
        "Bushi hire one Ninja",
        "bushi",
        "",
        &[
            "ashigaru*6 yari",
            "samurai",
            "ninja +kenjutsu",
            "ninja +sojutsu",
        ],
        &["swords-for-hire-limit", "swords-for-hire-global-limit"],
    ),
    (
        "Senior Ronin with two Ronin",
        "bandits",
        "",
        &["peasant*9", "ronin*2", "senior-ronin"],
        &[],
    ),
    (
        "Senior Ronin alone",
        "bandits",
        "",
        &["peasant*9", "ronin", "senior-ronin"],
        &["senior-ronin-needs-ronin"],
    ),
    (
        "Peasants hire any number of Ronin",
        "peasants",
        "",
        &["peasant*9 yari", "ronin*5"],
        &[],
    ),
    (
        "Peasants hire one Warrior Monk or Shugyosha",
        "peasants",
        "",
        &["peasant*9 yari", "warrior-monk naginata", "shugyosha"],
        &["swords-for-hire-limit"],
    ),
    (
        "disguised Ninja",
        "bushi",
        "",
        &[
            "ashigaru*4 yari",
            "samurai",
            "ninja disguise=ashigaru yari +kenjutsu",
        ],
        &[],
    ),
    (
        "disguise as a Rank 2 model",
        "bushi",
        "",
        &[
            "ashigaru*4 yari",
            "samurai",
            "ninja disguise=ashigaru-gashira +kenjutsu",
        ],
        &["disguise"],
    ),
    (
        "Ninja without its Bujutsu",
        "bushi",
        "",
        &["ashigaru*4 yari", "samurai", "ninja"],
        &["option-free-bujutsu"],
    ),
    (
        "banner on a Samurai",
        "bushi",
        "",
        &["ashigaru*4 yari", "samurai banner"],
        &["banner-bearer"],
    ),
    (
        "banner with other equipment",
        "bushi",
        "",
        &["ashigaru*4 yari", "ashigaru-gashira banner yari", "samurai"],
        &["banner-equipment"],
    ),
    (
        "Ikko-Ikki field many banners",
        "ikko-ikki",
        "",
        &["monto*3 banner", "monto*2"],
        &[],
    ),
    (
        "two banners for Ming",
        "ming-chinese",
        "",
        &["soldier*3", "soldier banner", "soldier banner"],
        &["banner-count"],
    ),
    (
        "Ashigaru without a second weapon",
        "bushi",
        "",
        &["ashigaru*4", "samurai"],
        &["option-required"],
    ),
    (
        "two picks from one choice",
        "bushi",
        "",
        &["ashigaru*4 yari", "samurai yari naginata"],
        &["option-one-pick"],
    ),
    (
        "too many attributes",
        "bushi",
        "",
        &["ashigaru*4 yari", "samurai +kenjutsu +fast"],
        &["option-attributes"],
    ),
    (
        "duplicate attribute",
        "bushi",
        "",
        &["ashigaru*4 yari", "hatamoto +fast +fast", "samurai"],
        &["option-attributes"],
    ),
    (
        "already included attribute",
        "bushi",
        "",
        &["ashigaru*4 yari", "samurai +commander"],
        &["option-attributes"],
    ),
    (
        "Niten needs Kenjutsu",
        "bushi",
        "",
        &["ashigaru*4 yari", "hatamoto +niten", "samurai"],
        &["option-prerequisite"],
    ),
    (
        "Niten with Kenjutsu",
        "bushi",
        "",
        &["ashigaru*4 yari", "hatamoto +kenjutsu +niten", "samurai"],
        &[],
    ),
    (
        "Yadome-jutsu needs a Bujutsu",
        "bushi",
        "",
        &["ashigaru*4 yari", "hatamoto +yadome-jutsu +fast", "samurai"],
        &["option-prerequisite"],
    ),
    (
        "Tireless without the Fatigue rule",
        "bushi",
        "",
        &["ashigaru*4 yari", "samurai +tireless"],
        &["option-tireless"],
    ),
    (
        "armour the profile lacks",
        "bushi",
        "",
        &["ashigaru*4 yari armour=light", "samurai"],
        &["option-armour"],
    ),
    (
        "a horse for a Samurai",
        "bushi",
        "",
        &["ashigaru*4 yari", "samurai mount=horse"],
        &["option-mount"],
    ),
    (
        "unknown weapon",
        "bushi",
        "",
        &["ashigaru*4 yarri", "samurai"],
        &["unknown-weapon"],
    ),
    (
        "unknown attribute",
        "bushi",
        "",
        &["ashigaru*4 yari", "samurai +kenjitsu"],
        &["unknown-attribute"],
    ),
    (
        "unknown option",
        "koreans",
        "",
        &["soldier*4", "heavy-infantry option:shield-for-swrod"],
        &["unknown-option"],
    ),
    (
        "unknown faction",
        "samurai",
        "",
        &["ashigaru*4 yari"],
        &["unknown-faction"],
    ),
    (
        "two Leaders",
        "bushi",
        "",
        &["ashigaru*4 yari", "samurai leader", "samurai leader"],
        &["leader-unique"],
    ),
    (
        "Leader among equals",
        "bushi",
        "",
        &["ashigaru*4 yari", "samurai", "samurai leader"],
        &[],
    ),
    (
        "Koryu without a declaration",
        "koryu",
        "",
        &["novice*4 katana"],
        &["koryu-declaration"],
    ),
    (
        "Koryu model with an undeclared weapon",
        "koryu",
        KORYU_HEADER,
        &["novice*3 katana", "novice jo"],
        &["koryu-weapon"],
    ),
    (
        "Koryu declaration elsewhere",
        "bushi",
        KORYU_HEADER,
        &["ashigaru*4 yari"],
        &["koryu-declaration"],
    ),
    (
        "Fearsome Kiai for Bushi",
        "bushi",
        "fearsome-kiai = 3\n",
        &["ashigaru*4 yari"],
        &[],
    ),
    (
        "four Fearsome Kiai",
        "bushi",
        "fearsome-kiai = 4\n",
        &["ashigaru*4 yari"],
        &["purchase-max"],
    ),
    (
        "Fearsome Kiai elsewhere",
        "bandits",
        "fearsome-kiai = 1\n",
        &["bandit*4"],
        &["purchase-allowed"],
    ),
    (
        "21 models",
        "peasants",
        "",
        &["peasant*11", "peasant*10"],
        &["roster-size"],
    ),
    (
        "a count over 20",
        "peasants",
        "",
        &["peasant*21"],
        &["model-count"],
    ),
    ("20 models", "peasants", "", &["peasant*20"], &[]),
];

#[test]
fn hires_banners_options_koryu_and_leader_rules() {
    let rosters: Vec<String> = RULES
        .iter()
        .map(|(_, f, h, m, _)| roster_with(f, h, m))
        .collect();
    let reports = validate_all(&rosters, &[]);
    for ((what, _, _, models, expected), report) in RULES.iter().zip(&reports) {
        let expected: BTreeSet<String> = expected.iter().map(|s| (*s).to_owned()).collect();
        assert_eq!(
            error_rules(report),
            expected,
            "{what}: {models:?} -> {}",
            report["problems"]
        );
    }
}

#[test]
fn tireless_is_allowed_with_the_fatigue_rule() {
    let reports = validate_all(
        &[roster("bushi", &["ashigaru*4 yari", "samurai +tireless"])],
        &["--fatigue"],
    );
    assert_eq!(reports[0]["legal"], true, "{}", reports[0]["problems"]);
}

#[test]
fn a_bujutsu_for_an_uncarried_weapon_is_only_a_warning() {
    let reports = validate_all(
        &[roster("bushi", &["ashigaru*4 yari", "samurai +sojutsu"])],
        &[],
    );
    assert_eq!(reports[0]["legal"], true);
    let warning = &reports[0]["problems"][0];
    assert_eq!(warning["severity"], "warning");
    assert_eq!(warning["rule"], "bujutsu-unused");
}

#[test]
fn points_limit_from_the_command_line_and_unspent_points_warning() {
    let text = roster("bushi", &["ashigaru*4 yari", "samurai"]);
    let over = validate_all(std::slice::from_ref(&text), &["--points", "90"]);
    assert_eq!(
        over[0]["points"],
        serde_json::json!({"total": 96, "limit": 90})
    );
    assert_eq!(
        error_rules(&over[0]),
        BTreeSet::from(["points-limit".to_owned()])
    );
    let under = validate_all(&[text], &["--points", "120"]);
    assert_eq!(under[0]["legal"], true);
    let warning = &under[0]["problems"][0];
    assert_eq!(warning["rule"], "points-unspent");
    assert!(
        warning["message"]
            .as_str()
            .expect("message")
            .starts_with("24 of 120 points unspent")
    );
}

#[test]
fn summary_names_faction_leader_and_morale() {
    let out = buntai()
        .args(["validate", "examples/koryu.toml"])
        .current_dir(repo())
        .output()
        .expect("runs");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert!(text.starts_with("examples/koryu.toml: LEGAL\n"));
    assert!(text.contains("Koryu, 5 models, 94 / 100 points"));
    assert!(text.contains("Leader: Sensei (Rank 5); Morale 9 (7 without the sensei)"));
}

#[test]
fn exit_codes_for_validate() {
    buntai()
        .args(["validate", "examples/bushi-sample-100.toml"])
        .current_dir(repo())
        .assert()
        .code(0);
    buntai()
        .args([
            "validate",
            "examples/bushi-sample-100.toml",
            "examples/illegal/size.toml",
        ])
        .current_dir(repo())
        .assert()
        .code(1);
    buntai()
        .args(["validate", "no-such-roster.toml"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "cannot read `no-such-roster.toml`",
        ));
    buntai().arg("validate").assert().code(2);
}

#[test]
fn a_huge_or_binary_roster_is_refused_cleanly() {
    let dir = TempDir::new().expect("temp dir");
    let binary = dir.path().join("binary.toml");
    std::fs::write(&binary, [0u8, 159, 146, 150, 255]).expect("write");
    buntai()
        .arg("validate")
        .arg(&binary)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not UTF-8"));
    let huge = dir.path().join("huge.toml");
    std::fs::write(&huge, "#".repeat(5 * 1024 * 1024)).expect("write");
    buntai()
        .arg("validate")
        .arg(&huge)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("refused"));
    let deep = dir.path().join("deep.toml");
    std::fs::write(
        &deep,
        format!("faction = {}1{}", "[".repeat(5000), "]".repeat(5000)),
    )
    .expect("write");
    buntai().arg("validate").arg(&deep).assert().code(1);
}

#[test]
fn absurd_counts_are_reported_not_panicked_on() {
    let dir = TempDir::new().expect("dir");
    let path = dir.path().join("big.toml");
    let text = "faction = \"bushi\"\npoints = 4294967295\nfearsome-kiai = 4294967295\n\
        [[models]]\nprofile = \"ashigaru\"\ncount = 4000000000\nweapons = [\"yari\"]\n\
        [[models]]\nprofile = \"ashigaru\"\ncount = 4000000000\nweapons = [\"yari\"]\n";
    std::fs::write(&path, text).expect("write");
    let out = buntai()
        .args(["validate", "--format", "json"])
        .arg(&path)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1));
    let report = &json(&out)[0];
    let rules = error_rules(report);
    assert!(
        rules.contains("model-count")
            && rules.contains("roster-size")
            && rules.contains("purchase-max"),
        "{rules:?}"
    );
    assert_eq!(report["models"], 40, "each count is taken as 20");
    for command in [
        &["print"][..],
        &["print", "--format", "html"],
        &["suggest", "--faction", "bushi", "--points", "2000"],
    ] {
        let mut cmd = buntai();
        cmd.args(command);
        if command[0] == "print" {
            cmd.arg(&path);
        }
        let out = cmd.output().expect("runs");
        assert!(
            !String::from_utf8_lossy(&out.stderr).contains("panicked"),
            "{command:?}"
        );
    }
    let out = buntai()
        .args(["simulate", "--allow-unequal"])
        .arg(&path)
        .arg(&path)
        .output()
        .expect("runs");
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
}

#[test]
fn extreme_values_in_edited_data_do_not_overflow() {
    let (dir, _) = crate::support::broken_data("bushi.toml", "points = 24", "points = 2147483647");
    // Not in the data folder: every *.toml there is read as data.
    let elsewhere = TempDir::new().expect("dir");
    let roster = elsewhere.path().join("r.toml");
    std::fs::write(
        &roster,
        roster_with(
            "bushi",
            "fearsome-kiai = 3\n",
            &["samurai*20 naginata +kenjutsu", "ashigaru yari"],
        ),
    )
    .expect("write");
    let out = buntai()
        .args(["--data"])
        .arg(dir.path())
        .args(["validate", "--format", "json"])
        .arg(&roster)
        .output()
        .expect("runs");
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
    assert_eq!(
        json(&out)[0]["points"]["total"],
        i64::from(i32::MAX),
        "totals saturate instead of wrapping"
    );
    let sheet = buntai()
        .args(["--data"])
        .arg(dir.path())
        .args(["print", "--format", "json"])
        .arg(&roster)
        .output()
        .expect("runs");
    assert!(!String::from_utf8_lossy(&sheet.stderr).contains("panicked"));
    buntai()
        .args([
            "odds",
            "melee",
            "--fight",
            "2147483647",
            "--vs-fight",
            "1",
            "--vs-armour",
            "none",
        ])
        .assert()
        .code(2);
}

#[test]
fn tournament_master_roster() {
    let master = roster(
        "bushi",
        &[
            "ashigaru*8 yari",
            "ashigaru*2 yumi",
            "samurai*3",
            "hatamoto",
        ],
    );
    let ok = validate_all(
        std::slice::from_ref(&master),
        &["--master", "400", "--game", "150"],
    );
    assert_eq!(ok[0]["legal"], true, "{}", ok[0]["problems"]);
    assert_eq!(ok[0]["points"]["limit"], 400);
    let tight = validate_all(&[master], &["--master", "400", "--game", "60"]);
    assert_eq!(
        error_rules(&tight[0]),
        BTreeSet::from(["tournament-game-size".to_owned()])
    );
    buntai()
        .args(["validate", "--master", "100", "--game", "150", "x.toml"])
        .assert()
        .code(2);
    buntai()
        .args(["validate", "--master", "100", "x.toml"])
        .assert()
        .code(2);
}

#[test]
fn campaign_small_buntai_come_from_the_master_roster() {
    let dir = TempDir::new().expect("temp dir");
    let write = |name: &str, text: String| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).expect("write");
        path
    };
    // 8 Ashigaru (144) + 3 Samurai (72) + Hatamoto (29) = 245 points: small Buntai cost 62 to 122.
    let master = write(
        "master.toml",
        roster("bushi", &["ashigaru*8 yari", "samurai*3", "hatamoto"]),
    );
    let a = write("a.toml", roster("bushi", &["ashigaru*3 yari", "samurai"])); // 78
    let b = write("b.toml", roster("bushi", &["ashigaru*3 yari", "samurai"])); // 78
    let c = write("c.toml", roster("bushi", &["ashigaru*3 yari", "hatamoto"])); // only 2 Ashigaru left
    let d = write("d.toml", roster("bushi", &["samurai"])); // 24: under 25%
    let out = buntai()
        .args(["validate", "--format", "json", "--campaign"])
        .arg(&master)
        .args([&a, &b, &c, &d])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1));
    let reports = json(&out);
    assert_eq!(reports.as_array().expect("reports").len(), 5);
    assert_eq!(
        reports[0]["legal"], true,
        "master: {}",
        reports[0]["problems"]
    );
    assert_eq!(reports[1]["legal"], true, "a: {}", reports[1]["problems"]);
    assert_eq!(reports[2]["legal"], true, "b: {}", reports[2]["problems"]);
    assert_eq!(
        error_rules(&reports[3]),
        BTreeSet::from(["campaign-models".to_owned()])
    );
    assert_eq!(
        error_rules(&reports[4]),
        BTreeSet::from(["campaign-points".to_owned()])
    );
}
