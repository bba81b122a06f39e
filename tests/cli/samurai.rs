//! Samurai 1550-1600 through the real binary: the `system` key, `buntai systems`, the army
//! validator's rules (digest §14 items 19 and 20) and the rulings.

use std::path::{Path, PathBuf};

use tempfile::TempDir;

use crate::support::{buntai, json, repo};

/// An army of six units, with `extra` appended to unit `n` (0-based) of the base list.
const BASE: [&str; 6] = [
    "mounted-samurai",
    "mounted-samurai",
    "foot-samurai",
    "ashigaru",
    "ashigaru",
    "ashigaru",
];

fn army(dir: &TempDir, name: &str, units: &[(&str, &str)]) -> PathBuf {
    let mut text = String::from("system = \"samurai-1550-1600\"\n");
    for (kind, extra) in units {
        text.push_str(&format!("\n[[unit]]\ntype = \"{kind}\"\n{extra}\n"));
    }
    let path = dir.path().join(name);
    std::fs::write(&path, text).expect("write army");
    path
}

/// The base army with the General on the first unit and `extras` on the units they name.
fn with(dir: &TempDir, extras: &[(usize, &str)]) -> PathBuf {
    let units: Vec<(&str, String)> = BASE
        .iter()
        .enumerate()
        .map(|(i, kind)| {
            let mut extra = if i == 0 {
                "general = true\n".to_owned()
            } else {
                String::new()
            };
            for (_, e) in extras.iter().filter(|(at, _)| *at == i) {
                extra.push_str(e);
                extra.push('\n');
            }
            (*kind, extra)
        })
        .collect();
    let borrowed: Vec<(&str, &str)> = units.iter().map(|(k, e)| (*k, e.as_str())).collect();
    army(dir, "army.toml", &borrowed)
}

/// The rule ids `validate --format json` reports for one army, and its verdict.
fn rules_broken(path: &Path) -> (bool, Vec<String>) {
    let output = buntai()
        .args(["validate", "--format", "json"])
        .arg(path)
        .output()
        .expect("runs");
    let verdicts = json(&output);
    let v = &verdicts[0];
    assert_eq!(v["system"], "samurai-1550-1600");
    let legal = v["legal"].as_bool().expect("legal");
    assert_eq!(output.status.code(), Some(if legal { 0 } else { 1 }));
    let rules = v["problems"]
        .as_array()
        .expect("problems")
        .iter()
        .map(|p| p["rule"].as_str().expect("rule").to_owned())
        .collect();
    (legal, rules)
}

#[test]
fn the_example_armies_are_legal() {
    let dir = repo().join("examples/samurai-1550-1600");
    for name in [
        "takeda.toml",
        "oda.toml",
        "takeda-flank-march.toml",
        "oda-flank-march.toml",
    ] {
        let output = buntai()
            .arg("validate")
            .arg(dir.join(name))
            .output()
            .expect("runs");
        assert_eq!(output.status.code(), Some(0), "{name}");
        let text = String::from_utf8_lossy(&output.stdout);
        assert!(text.contains("LEGAL") && text.contains("6 units"), "{text}");
    }
}

#[test]
fn army_validation_wants_one_general_on_a_samurai_unit_and_six_units() {
    let dir = tempfile::tempdir().expect("dir");
    let six: Vec<(&str, &str)> = BASE.iter().map(|k| (*k, "")).collect();
    let (legal, rules) = rules_broken(&army(&dir, "none.toml", &six));
    assert!(!legal);
    assert_eq!(rules, ["general"], "no General");

    let mut on_ashigaru = six.clone();
    on_ashigaru[3].1 = "general = true";
    assert_eq!(
        rules_broken(&army(&dir, "ash.toml", &on_ashigaru)).1,
        ["general-carrier"]
    );

    let mut two = six.clone();
    two[0].1 = "general = true";
    two[2].1 = "general = true";
    assert_eq!(rules_broken(&army(&dir, "two.toml", &two)).1, ["general"]);

    let mut seven = six.clone();
    seven[0].1 = "general = true";
    seven.push(("ashigaru", ""));
    assert_eq!(rules_broken(&army(&dir, "seven.toml", &seven)).1, ["units"]);
    seven.pop();
    assert_eq!(
        rules_broken(&army(&dir, "six.toml", &seven)),
        (true, Vec::new())
    );
}

#[test]
fn additions_validation_holds_each_limit_and_carrier() {
    let dir = tempfile::tempdir().expect("dir");
    let case = |extras: &[(usize, &str)]| rules_broken(&with(&dir, extras));
    // Four additions in the army.
    let (legal, rules) = case(&[
        (1, "addition = \"tsukai-ban\""),
        (2, "addition = \"tsukai-ban\""),
        (3, "addition = \"tate\""),
        (4, "addition = \"cannon\""),
    ]);
    assert!(!legal);
    assert_eq!(rules, ["additions-per-army"]);
    // Two on one unit.
    assert_eq!(
        case(&[(1, "additions = [\"tate\", \"tsukai-ban\"]")]).1,
        ["additions-per-unit"]
    );
    // Three Tate.
    assert_eq!(
        case(&[
            (1, "addition = \"tate\""),
            (2, "addition = \"tate\""),
            (3, "addition = \"tate\"")
        ])
        .1,
        ["addition-max"]
    );
    // Two Personal Challenges.
    assert_eq!(
        case(&[
            (1, "addition = \"challenge\""),
            (2, "addition = \"challenge\"")
        ])
        .1,
        ["addition-max"]
    );
    // A Cannon on Foot Samurai.
    assert_eq!(
        case(&[(2, "addition = \"cannon\"")]).1,
        ["addition-carrier"]
    );
    // Cannon and Supplies on one unit (also two additions on it).
    let (_, rules) = case(&[(3, "additions = [\"cannon\", \"supplies\"]")]);
    assert!(
        rules.contains(&"addition-exclusive".to_owned()),
        "{rules:?}"
    );
    // One Cannon and two Tate: legal.
    assert_eq!(
        case(&[
            (3, "addition = \"cannon\""),
            (4, "addition = \"tate\""),
            (1, "addition = \"tate\"")
        ]),
        (true, Vec::new())
    );
}

#[test]
fn a_misspelt_addition_gets_a_located_suggestion() {
    let dir = tempfile::tempdir().expect("dir");
    let path = with(&dir, &[(3, "addition = \"canon\"")]);
    let output = buntai().arg("validate").arg(&path).output().expect("runs");
    assert_eq!(output.status.code(), Some(1));
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(err.contains("there is no addition `canon`"), "{err}");
    assert!(err.contains("did you mean `cannon`?"), "{err}");
    assert!(err.contains("army.toml:"), "located: {err}");
}

#[test]
fn files_say_their_system_and_ronin_is_the_default() {
    let dir = tempfile::tempdir().expect("dir");
    let ronin = repo().join("examples/bushi-sample-100.toml");
    let text = std::fs::read_to_string(&ronin).expect("read");
    let keyed = dir.path().join("keyed.toml");
    std::fs::write(&keyed, format!("system = \"ronin\"\n{text}")).expect("write");
    let output = buntai().arg("validate").arg(&keyed).output().expect("runs");
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );

    let unknown = dir.path().join("chess.toml");
    std::fs::write(&unknown, "system = \"chess\"\n").expect("write");
    let output = buntai()
        .arg("validate")
        .arg(&unknown)
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("no system Buntai knows"));

    let oda = repo().join("examples/samurai-1550-1600/oda.toml");
    let output = buntai()
        .arg("validate")
        .arg(&ronin)
        .arg(&oda)
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2), "mixed systems");
    assert!(String::from_utf8_lossy(&output.stderr).contains("one system at a time"));
}

#[test]
fn a_verb_the_system_lacks_says_so_and_never_runs_ronins_rules() {
    let oda = repo().join("examples/samurai-1550-1600/oda.toml");
    let oda = oda.to_str().expect("utf-8 path");
    let cases: [(&[&str], &str); 2] = [
        (&["print", oda, "--format", "share"], "print --format share"),
        (&["print", oda, "--format", "cards"], "print --format cards"),
    ];
    for (args, verb) in cases {
        let output = buntai().args(args).output().expect("runs");
        assert_eq!(output.status.code(), Some(2), "{verb}");
        let err = String::from_utf8_lossy(&output.stderr);
        assert!(err.contains(&format!("has no `{verb}`")), "{verb}: {err}");
        assert!(output.stdout.is_empty(), "{verb}");
    }
}

#[test]
fn systems_lists_each_system_with_its_commands() {
    let output = buntai()
        .args(["systems", "--format", "json"])
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(0));
    let systems = json(&output);
    let ids: Vec<&str> = systems
        .as_array()
        .expect("list")
        .iter()
        .map(|s| s["id"].as_str().expect("id"))
        .collect();
    assert_eq!(
        ids,
        [
            "ronin",
            "samurai-1550-1600",
            "heroic-samurai",
            "l5r-mass-battle"
        ]
    );
    let samurai = &systems[1]["commands"];
    let validate = samurai
        .as_array()
        .expect("commands")
        .iter()
        .find(|c| c["command"] == "validate")
        .expect("validate listed");
    assert!(validate["does"].is_string());
}

#[test]
fn rulings_shows_an_ohw_ruling() {
    let output = buntai().args(["rulings", "OHW-12"]).output().expect("runs");
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("OHW-12 Several enemies"), "{text}");
    let output = buntai()
        .args([
            "rulings",
            "--system",
            "samurai-1550-1600",
            "--format",
            "json",
        ])
        .output()
        .expect("runs");
    let all = json(&output);
    assert_eq!(all.as_array().expect("list").len(), 56);
    let output = buntai().args(["rulings", "OHW-99"]).output().expect("runs");
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn print_gives_each_unit_its_numbers_and_the_hatamoto_thirteen_boxes() {
    let takeda = repo().join("examples/samurai-1550-1600/takeda.toml");
    let output = buntai()
        .args(["print", "--format", "json"])
        .arg(&takeda)
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(0));
    let sheet = json(&output);
    let units = sheet["units"].as_array().expect("units");
    assert_eq!(units.len(), 6);
    assert_eq!(units[0]["general"], true);
    assert_eq!(units[0]["hit_boxes"], 13, "the Hatamoto");
    assert_eq!(units[1]["hit_boxes"], 9);
    assert_eq!(units[0]["move"], 12);
    assert_eq!(units[2]["melee"], "D3+1", "Foot Samurai");
    assert_eq!(units[3]["shooting"], "12\", D3");
    assert_eq!(units[3]["ammunition"], true);
    assert_eq!(units[3]["additions"][0]["name"], "Cannon");
    assert_eq!(units[0]["shooting"], serde_json::Value::Null);
    let titles: Vec<&str> = sheet["card"]
        .as_array()
        .expect("card")
        .iter()
        .map(|s| s["title"].as_str().expect("title"))
        .collect();
    assert_eq!(
        titles,
        ["The bag", "Charges", "Combat", "Terrain", "Additions"]
    );
}

#[test]
fn the_html_army_sheet_is_one_self_contained_page_with_a_hit_track() {
    let dir = tempfile::tempdir().expect("dir");
    let page = dir.path().join("army.html");
    let oda = repo().join("examples/samurai-1550-1600/oda.toml");
    let output = buntai()
        .args(["print", "--format", "html", "-o"])
        .arg(&page)
        .arg(&oda)
        .output()
        .expect("runs");
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let html = std::fs::read_to_string(&page).expect("written");
    // 13 for the Hatamoto and 9 for each of the five others.
    assert_eq!(html.matches("class=\"box\"").count(), 13 + 5 * 9);
    assert!(
        !html.contains("src=\"http") && !html.contains("<script"),
        "self-contained"
    );
    assert!(html.contains("Ammunition Supplies") && html.contains("Bamboo Palisades"));
}

#[test]
fn an_illegal_army_still_prints_but_exits_one_and_says_why() {
    let bad = repo().join("examples/samurai-1550-1600/illegal/too-much.toml");
    let output = buntai().arg("print").arg(&bad).output().expect("runs");
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stdout).contains("NOT LEGAL"));
    assert!(String::from_utf8_lossy(&output.stderr).contains("more than one General"));
}

/// `odds ... --format json` for Samurai 1550-1600.
fn odds(args: &[&str]) -> serde_json::Value {
    let output = buntai()
        .args(["odds", "--system", "samurai-1550-1600"])
        .args(args)
        .args(["--format", "json"])
        .output()
        .expect("runs");
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    json(&output)
}

fn thirds(odds: &serde_json::Value) -> Vec<u32> {
    odds["hits"]
        .as_array()
        .expect("hits")
        .iter()
        .map(|p| (p.as_f64().expect("p") * 3.0).round() as u32)
        .collect()
}

#[test]
fn palisades_halve_a_foot_samurai_attack_rounding_up() {
    // D3 1, 2, 3 + 1 = 2, 3, 4, halved rounding up: 1, 2, 2.
    let o = odds(&[
        "combat",
        "--attacker",
        "foot-samurai",
        "--defender",
        "ashigaru",
        "--palisades",
    ]);
    assert_eq!(thirds(&o), [0, 1, 2]);
    assert_eq!(o["halved"], true);
}

#[test]
fn several_enemies_in_contact_cost_one_each_beyond_the_first() {
    // Foot Samurai in contact with 3: D3 + 1 - 2 = 0, 1, 2.
    let o = odds(&[
        "combat",
        "--attacker",
        "foot-samurai",
        "--defender",
        "ashigaru",
        "--contacts",
        "3",
    ]);
    assert_eq!(thirds(&o), [1, 1, 1]);
}

#[test]
fn a_volley_with_a_cannon_at_a_unit_with_eight_hits_eliminates_it_always() {
    let o = odds(&["volley", "--cannon", "--hits", "8"]);
    assert_eq!(thirds(&o), [0, 0, 1, 1, 1]);
    assert_eq!(o["eliminates"], 1.0);
    let o = odds(&["volley", "--ground", "town", "--hits", "8"]);
    // D3 - 1 = 0, 1, 2: two faces in three eliminate.
    assert!((o["eliminates"].as_f64().expect("p") - 2.0 / 3.0).abs() < 1e-12);
    assert!((o["out_of_ammunition"].as_f64().expect("p") - 1.0 / 3.0).abs() < 1e-12);
}

#[test]
fn odds_reaction_is_k_in_n_plus_one_and_the_wrong_system_verb_is_refused() {
    let r = odds(&["reaction", "--units", "6"]);
    assert_eq!(
        (r["numerator"].as_u64(), r["denominator"].as_u64()),
        (Some(6), Some(7))
    );
    let output = buntai()
        .args([
            "odds",
            "--system",
            "samurai-1550-1600",
            "melee",
            "--attacker",
            "bushi/samurai",
        ])
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn every_roll_of_the_random_army_table_gives_a_legal_army() {
    let dir = tempfile::tempdir().expect("dir");
    let mut rolls = std::collections::BTreeSet::new();
    for seed in 0..60u64 {
        let path = dir.path().join(format!("r{seed}.toml"));
        let output = buntai()
            .args([
                "suggest",
                "--system",
                "samurai-1550-1600",
                "--seed",
                &seed.to_string(),
                "-o",
            ])
            .arg(&path)
            .output()
            .expect("runs");
        assert_eq!(output.status.code(), Some(0));
        let said = String::from_utf8_lossy(&output.stderr).into_owned();
        let roll = said
            .split("rolled ")
            .nth(1)
            .and_then(|r| r.chars().next())
            .expect("the roll is named");
        rolls.insert(roll);
        let (legal, rules) = rules_broken(&path);
        assert!(legal, "seed {seed}: {rules:?}");
    }
    assert_eq!(rolls.len(), 6, "every face came up: {rolls:?}");
}

#[test]
fn data_check_reads_an_overriding_folder_and_locates_a_broken_reference() {
    let output = buntai()
        .args(["data", "check", "--system", "samurai-1550-1600"])
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&output.stdout).contains("56 rulings"));

    let dir = tempfile::tempdir().expect("dir");
    let own = dir.path().join("samurai-1550-1600");
    std::fs::create_dir(&own).expect("mkdir");
    let units = std::fs::read_to_string(repo().join("factions/samurai-1550-1600/units.toml"))
        .expect("read");
    std::fs::write(
        own.join("units.toml"),
        units.replace("target = \"ashigaru\"", "target = \"ashigary\""),
    )
    .expect("write");
    let output = buntai()
        .arg("--data")
        .arg(dir.path())
        .args(["data", "check", "--system", "samurai-1550-1600"])
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(1));
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(err.contains("no unit type `ashigary`"), "{err}");
    assert!(err.contains("units.toml"), "located: {err}");
}

#[test]
fn ronins_roster_editors_leave_an_army_file_untouched() {
    let dir = tempfile::tempdir().expect("dir");
    let army = dir.path().join("oda.toml");
    std::fs::copy(repo().join("examples/samurai-1550-1600/oda.toml"), &army).expect("copy");
    let before = std::fs::read(&army).expect("read");
    let file = army.to_str().expect("utf-8 path");
    let cases: [&[&str]; 5] = [
        &["add", file, "ashigaru"],
        &["remove", file, "1"],
        &["edit", file, "1", "--count", "2"],
        &["undo", file],
        &["options", file],
    ];
    for args in cases {
        let output = buntai().args(args).output().expect("runs");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(
            String::from_utf8_lossy(&output.stderr).contains("has no `"),
            "{args:?}"
        );
    }
    assert_eq!(
        std::fs::read(&army).expect("read"),
        before,
        "the army file is unchanged"
    );
}

#[test]
fn reserve_marks_need_a_scenario_with_reserves_and_never_the_general() {
    let dir = tempfile::tempdir().expect("dir");
    let path = with(&dir, &[(3, "reserve = true")]);
    let (legal, rules) = rules_broken(&path);
    assert!(!legal && rules == ["reserves"], "{rules:?}");
    let text = std::fs::read_to_string(&path).expect("army");
    let flank = text.replacen(
        "system = \"samurai-1550-1600\"\n",
        "system = \"samurai-1550-1600\"\nscenario = \"flank-march\"\n",
        1,
    );
    std::fs::write(&path, &flank).expect("write");
    assert_eq!(rules_broken(&path), (true, vec![]));
    let general = flank.replacen("general = true", "general = true\nreserve = true", 1);
    std::fs::write(&path, general).expect("write");
    let (legal, rules) = rules_broken(&path);
    assert!(!legal && rules == ["reserves"], "{rules:?}");
    let three = flank.replace("reserve = true\n", "").replace(
        "type = \"ashigaru\"\n",
        "type = \"ashigaru\"\nreserve = true\n",
    );
    std::fs::write(&path, three).expect("write");
    let (legal, rules) = rules_broken(&path);
    assert!(!legal && rules == ["reserves"], "one too many: {rules:?}");
}

#[test]
fn the_army_sheet_says_where_and_when_a_marked_reserve_comes_on() {
    let path = repo().join("examples/samurai-1550-1600/oda-flank-march.toml");
    let output = buntai().arg("print").arg(&path).output().expect("runs");
    assert_eq!(output.status.code(), Some(0));
    // The text sheet wraps its lines: read it as one run of words.
    let text = String::from_utf8_lossy(&output.stdout)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        text.contains("6. Mounted Samurai 6: in reserve: comes on at its edge square (A f4, B a3) from game turn 4"),
        "{text}"
    );
    let output = buntai()
        .args(["print", "--format", "json"])
        .arg(&path)
        .output()
        .expect("runs");
    let sheet = json(&output);
    let reserves: Vec<bool> = sheet["units"]
        .as_array()
        .expect("units")
        .iter()
        .map(|u| u.get("reserve").is_some())
        .collect();
    assert_eq!(reserves, [false, false, false, false, false, true]);
}
