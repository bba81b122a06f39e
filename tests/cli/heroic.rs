//! Heroic Samurai through the real binary: contingent files checked (digest §14 item 22) and the
//! sides of a game, the contingent sheet in every format, exact odds, new, suggest, rulings and
//! the data check.

use std::path::PathBuf;

use tempfile::TempDir;

use crate::support::{buntai, json, repo};

fn example(name: &str) -> String {
    repo()
        .join("examples/heroic-samurai")
        .join(name)
        .to_str()
        .expect("utf-8 path")
        .to_owned()
}

/// A contingent file with the given leader tables and elements.
fn contingent(dir: &TempDir, name: &str, body: &str) -> PathBuf {
    let path = dir.path().join(name);
    std::fs::write(
        &path,
        format!("system = \"heroic-samurai\"\nside = \"Test\"\n{body}"),
    )
    .expect("write");
    path
}

const LEADER: &str = "[leader]\nname = \"Hero\"\n";

/// `validate --format json` on one file: its problems' rules and the exit code.
fn problems(path: &std::path::Path) -> (Option<i32>, Vec<String>, serde_json::Value) {
    let output = buntai()
        .args([
            "validate",
            path.to_str().expect("utf-8"),
            "--format",
            "json",
        ])
        .output()
        .expect("runs");
    let report = json(&output);
    let rules = report["contingents"][0]["problems"]
        .as_array()
        .expect("problems")
        .iter()
        .map(|p| p["rule"].as_str().expect("rule").to_owned())
        .collect();
    (output.status.code(), rules, report)
}

#[test]
fn the_bundled_contingents_are_legal() {
    for name in ["matsuda.toml", "kono.toml", "kono-ally.toml"] {
        let output = buntai()
            .args(["validate", &example(name)])
            .output()
            .expect("runs");
        assert_eq!(output.status.code(), Some(0), "{name}");
        let text = String::from_utf8_lossy(&output.stdout);
        assert!(
            text.contains("LEGAL") && text.contains("Heroic Samurai contingent"),
            "{text}"
        );
    }
}

#[test]
fn validation_no_leader_or_two_leaders_is_an_error() {
    let dir = TempDir::new().expect("tmp");
    let none = contingent(&dir, "none.toml", "[[element]]\ntype = \"clan-samurai\"\n");
    let (code, rules, _) = problems(&none);
    assert_eq!(code, Some(1));
    assert_eq!(rules, ["leader"]);
    let two = contingent(
        &dir,
        "two.toml",
        "[[leader]]\nname = \"A\"\n[[leader]]\nname = \"B\"\n[[element]]\ntype = \"clan-samurai\"\n",
    );
    let (code, rules, report) = problems(&two);
    assert_eq!(code, Some(1));
    assert_eq!(rules, ["leader"]);
    assert_eq!(
        report["contingents"][0]["problems"][0]["line"], 5,
        "points at the second"
    );
}

#[test]
fn validation_an_unknown_element_type_gets_a_suggestion() {
    let dir = TempDir::new().expect("tmp");
    let path = contingent(
        &dir,
        "typo.toml",
        &format!("{LEADER}[[element]]\ntype = \"armoured-clan-samurei\"\n"),
    );
    let (code, rules, report) = problems(&path);
    assert_eq!((code, rules), (Some(1), vec!["element-type".to_owned()]));
    let help = report["contingents"][0]["problems"][0]["help"]
        .as_str()
        .expect("help");
    assert!(help.contains("armoured-clan-samurai"), "{help}");
}

#[test]
fn validation_archers_four_or_on_a_non_samurai_element_and_prowess_seven_are_errors() {
    let dir = TempDir::new().expect("tmp");
    let four = contingent(
        &dir,
        "four.toml",
        &format!("{LEADER}[[element]]\ntype = \"clan-samurai\"\narchers = 4\n"),
    );
    assert_eq!(problems(&four).1, ["archers"]);
    let three = contingent(
        &dir,
        "three.toml",
        &format!("{LEADER}[[element]]\ntype = \"clan-samurai\"\narchers = 3\n"),
    );
    assert_eq!(problems(&three).0, Some(0), "3 is the most, and legal");
    let spear = contingent(
        &dir,
        "spear.toml",
        &format!("{LEADER}[[element]]\ntype = \"ashigaru-spear\"\narchers = 1\n"),
    );
    assert_eq!(problems(&spear).1, ["archers"]);
    let prowess = contingent(
        &dir,
        "prowess.toml",
        "[leader]\nname = \"Hero\"\nprowess = 7\n[[element]]\ntype = \"clan-samurai\"\n",
    );
    assert_eq!(problems(&prowess).1, ["characteristic"]);
    let named = contingent(
        &dir,
        "named.toml",
        "[leader]\nname = \"Hero\"\nprowess = \"masterful\"\nendurance = \"mighty\"\nreputation = \"heroic\"\n[[element]]\ntype = \"clan-samurai\"\n",
    );
    assert_eq!(problems(&named).0, Some(0), "levels by name");
}

#[test]
fn validation_counts_and_the_contingent_size_are_bounded() {
    let dir = TempDir::new().expect("tmp");
    let zero = contingent(
        &dir,
        "zero.toml",
        &format!("{LEADER}[[element]]\ntype = \"peasants\"\ncount = 0\n"),
    );
    assert_eq!(problems(&zero).1, ["count"]);
    let big = contingent(
        &dir,
        "big.toml",
        &format!(
            "{LEADER}[[element]]\ntype = \"peasants\"\ncount = 8\n[[element]]\ntype = \"bandits\"\ncount = 5\n"
        ),
    );
    assert_eq!(problems(&big).1, ["elements"]);
    let empty = contingent(&dir, "empty.toml", LEADER);
    assert_eq!(problems(&empty).1, ["elements"]);
}

#[test]
fn sides_every_contingent_on_a_side_and_no_side_empty() {
    let (m, k, ally) = (
        example("matsuda.toml"),
        example("kono.toml"),
        example("kono-ally.toml"),
    );
    let sides = format!("a={m}");
    let output = buntai()
        .args([
            "validate", &m, &k, &ally, "--sides", &sides, "--format", "json",
        ])
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(0));
    let report = json(&output);
    assert_eq!(
        report["sides"]["sides"][1]["files"]
            .as_array()
            .expect("b")
            .len(),
        2
    );
    assert_eq!(report["sides"]["sides"][1]["elements"], 11);
    // Both Kono files on side a leaves side b empty.
    let all_a = format!("a={m},{k},{ally}");
    let output = buntai()
        .args(["validate", &m, &k, &ally, "--sides", &all_a])
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("side `b` has no contingent"));
    // Splitting the two Kono files between the sides goes against their `side` key.
    let split_a = format!("a={m},{k}");
    let split_b = format!("b={ally}");
    let output = buntai()
        .args([
            "validate", &m, &k, &ally, "--sides", &split_a, "--sides", &split_b,
        ])
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("both fight for Kono"));
    // Two named sides leave a file on neither.
    let only_b = format!("b={k}");
    let output = buntai()
        .args([
            "validate", &m, &k, &ally, "--sides", &sides, "--sides", &only_b,
        ])
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("is on no side"));
    // A Ronin roster has no sides to check.
    let ronin = repo().join("examples/bushi-sample-100.toml");
    let output = buntai()
        .args([
            "validate",
            ronin.to_str().expect("utf-8"),
            "--sides",
            "a=x.toml",
        ])
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn print_gives_the_sheet_in_every_format() {
    let kono = example("kono.toml");
    let output = buntai()
        .args(["print", &kono, "--format", "json"])
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(0));
    let sheet = json(&output);
    assert_eq!(sheet["system"], "heroic-samurai");
    assert_eq!(
        sheet["elements"].as_array().expect("elements").len(),
        7,
        "one row a base"
    );
    let leader = &sheet["leader"];
    assert_eq!(leader["factor"], 6, "+4, +1 mounted, +1 Respected");
    assert_eq!(leader["hit_capacity"], 5, "Robust");
    assert_eq!(leader["move_cm"], 35);
    let first = &sheet["elements"][0];
    assert_eq!(
        (first["melee_factor"].clone(), first["hit_tier"].clone()),
        (3.into(), "B".into())
    );
    assert_eq!(first["archers"], "1");
    let cards: Vec<&str> = sheet["card"]
        .as_array()
        .expect("card")
        .iter()
        .map(|c| c["title"].as_str().expect("title"))
        .collect();
    for want in [
        "Actions",
        "Archers",
        "Muskets",
        "Melee factors",
        "Melee results",
        "Morale",
        "Personal combat",
    ] {
        assert!(
            cards.iter().any(|c| c.starts_with(want)),
            "{want}: {cards:?}"
        );
    }
    let text = buntai().args(["print", &kono]).output().expect("runs");
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(
        text.contains("Kono Tadamasa") && text.contains("Personal combat"),
        "{text}"
    );
    let md = buntai()
        .args(["print", &kono, "--format", "markdown"])
        .output()
        .expect("runs");
    assert!(String::from_utf8_lossy(&md.stdout).starts_with("# "));
    let html = buntai()
        .args(["print", &kono, "--format", "html"])
        .output()
        .expect("runs");
    let html = String::from_utf8_lossy(&html.stdout);
    assert!(html.starts_with("<!DOCTYPE html>") && html.contains("<style>"));
    assert!(
        !html.contains("<link") && !html.contains("<script src"),
        "self-contained"
    );
    let share = buntai()
        .args(["print", &kono, "--format", "share"])
        .output()
        .expect("runs");
    assert_eq!(
        share.status.code(),
        Some(2),
        "no share text for this system"
    );
}

#[test]
fn print_of_an_illegal_contingent_still_prints_and_exits_one() {
    let dir = TempDir::new().expect("tmp");
    let path = contingent(
        &dir,
        "bad.toml",
        &format!("{LEADER}[[element]]\ntype = \"clan-samurai\"\narchers = 9\n"),
    );
    let output = buntai()
        .args(["print", path.to_str().expect("utf-8")])
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stdout).contains("NOT LEGAL"));
}

fn odds(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["odds", "--system", "heroic-samurai"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--format", "json"]);
    let output = buntai().args(&all).output().expect("runs");
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    json(&output)
}

fn frac(v: &serde_json::Value) -> (u64, u64) {
    (
        v["numerator"].as_u64().expect("numerator"),
        v["denominator"].as_u64().expect("denominator"),
    )
}

#[test]
fn odds_melee_gives_exact_fractions_from_types_and_counters() {
    let o = odds(&["melee", "--a", "clan-samurai", "--b", "ashigaru-spear"]);
    assert_eq!(frac(&o["a"]["wins"]), (13, 18));
    assert_eq!(frac(&o["draw"]), (1, 9));
    assert_eq!(frac(&o["a"]["hits_scored"]["mean"]), (14, 9));
    // Worked example row 5's situation: a win by 7 or more removes the 3-Hit base.
    let o = odds(&[
        "melee",
        "--a",
        "armoured-clan-samurai:1",
        "--b",
        "armoured-ashigaru-spear:2:3",
        "--b",
        "armoured-ashigaru-spear:2",
    ]);
    assert_eq!(o["a"]["total_factor"], -1, "+2 -1 D -2 outnumbered");
    assert_eq!(o["b"]["total_factor"], -5, "the lead base: -2 D -3 Hits");
    assert_eq!(o["push_back"], true);
    // A leader with Prowess and a reputation.
    let o = odds(&[
        "melee",
        "--a",
        "leader",
        "--prowess-a",
        "6",
        "--reputation-a",
        "500",
        "--b",
        "clan-samurai",
    ]);
    assert_eq!(o["a"]["total_factor"], 10, "+4 +2 Masterful +4 Awesome");
    let bad = buntai()
        .args([
            "odds",
            "--system",
            "heroic-samurai",
            "melee",
            "--a",
            "clan-samurei",
            "--b",
            "peasants",
        ])
        .output()
        .expect("runs");
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("did you mean"));
}

#[test]
fn odds_shoot_gives_the_chances_of_a_distraction_and_a_hit() {
    let o = odds(&[
        "shoot",
        "--weapon",
        "bow",
        "--archers",
        "2",
        "--range",
        "30",
        "--target",
        "clan-samurai",
    ]);
    assert_eq!((frac(&o["distraction"]), frac(&o["hit"])), ((1, 3), (2, 3)));
    let o = odds(&[
        "shoot",
        "--weapon",
        "musket",
        "--range",
        "45",
        "--target",
        "mounted-battle-samurai",
    ]);
    assert_eq!((frac(&o["distraction"]), frac(&o["hit"])), ((1, 3), (0, 1)));
    let o = odds(&[
        "shoot", "--weapon", "musket", "--range", "20", "--target", "leader",
    ]);
    assert_eq!(frac(&o["distraction"]), (0, 1), "a leader ignores D");
    assert_eq!(frac(&o["hit"]), (1, 3));
    for (args, why) in [
        (
            vec![
                "--weapon",
                "musket",
                "--range",
                "20",
                "--row",
                "armoured-foot",
                "--moved",
            ],
            "moved",
        ),
        (
            vec!["--weapon", "bow", "--range", "81", "--row", "armoured-foot"],
            "out of range",
        ),
    ] {
        let mut all = vec!["odds", "--system", "heroic-samurai", "shoot"];
        all.extend(args);
        let output = buntai().args(&all).output().expect("runs");
        assert_eq!(output.status.code(), Some(2), "{why}");
    }
}

#[test]
fn odds_duel_and_morale_come_from_intentions_and_modifiers() {
    let o = odds(&["duel", "--a", "fight", "--b", "fight"]);
    assert_eq!(
        (frac(&o["a_hits"]), frac(&o["no_hit"])),
        ((10, 27), (7, 27))
    );
    let o = odds(&["duel", "--a", "break-off", "--b", "fight"]);
    assert_eq!(o["fought"], false);
    assert_eq!(frac(&o["no_hit"]), (1, 1));
    let o = odds(&["morale", "--lost", "2"]);
    assert_eq!(frac(&o["running"]), (1, 6));
    let o = odds(&["morale", "--hits", "1", "--running"]);
    assert_eq!(frac(&o["steady"]), (1, 2), "5 and 6 stop the running");
    assert_eq!(frac(&o["hesitant"]), (0, 1), "Running stays Running on 0-2");
    let help = buntai()
        .args(["odds", "--system", "heroic-samurai", "--help"])
        .output()
        .expect("runs");
    let help = String::from_utf8_lossy(&help.stdout);
    assert!(help.contains("duel") && help.contains("morale"), "{help}");
    let wrong = buntai()
        .args(["odds", "--system", "heroic-samurai", "combat"])
        .output()
        .expect("runs");
    assert_eq!(wrong.status.code(), Some(2));
}

#[test]
fn new_and_suggest_write_legal_contingents() {
    let dir = TempDir::new().expect("tmp");
    let path = dir.path().join("new.toml");
    let p = path.to_str().expect("utf-8");
    let output = buntai()
        .args(["new", "--system", "heroic-samurai", "-o", p])
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(0));
    let check = buntai().args(["validate", p]).output().expect("runs");
    assert_eq!(
        check.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&check.stderr)
    );
    for style in ["balanced", "elite", "horde", "shooty"] {
        for size in ["1", "4", "12"] {
            let path = dir.path().join(format!("{style}-{size}.toml"));
            let p = path.to_str().expect("utf-8");
            let output = buntai()
                .args([
                    "suggest",
                    "--system",
                    "heroic-samurai",
                    "--size",
                    size,
                    "--style",
                    style,
                    "--seed",
                    "3",
                    "-o",
                    p,
                ])
                .output()
                .expect("runs");
            assert_eq!(output.status.code(), Some(0), "{style} {size}");
            let report = buntai()
                .args(["validate", p, "--format", "json"])
                .output()
                .expect("runs");
            assert_eq!(report.status.code(), Some(0), "{style} {size}");
            assert_eq!(
                json(&report)["contingents"][0]["elements"],
                size.parse::<i64>().expect("n")
            );
        }
    }
    let again = |seed: &str| {
        buntai()
            .args([
                "suggest",
                "--system",
                "heroic-samurai",
                "--size",
                "8",
                "--seed",
                seed,
            ])
            .output()
            .expect("runs")
            .stdout
    };
    assert_eq!(
        again("5"),
        again("5"),
        "the same seed gives the same contingent"
    );
    let too_big = buntai()
        .args(["suggest", "--system", "heroic-samurai", "--size", "13"])
        .output()
        .expect("runs");
    assert_eq!(too_big.status.code(), Some(2));
}

#[test]
fn rulings_say_which_values_are_rebuilt_or_ruled_and_why() {
    let output = buntai().args(["rulings", "HS-23"]).output().expect("runs");
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("HS-23 Lost shooting cells"), "{text}");
    let all = buntai()
        .args(["rulings", "--system", "heroic-samurai", "--format", "json"])
        .output()
        .expect("runs");
    let ids: Vec<String> = json(&all)
        .as_array()
        .expect("list")
        .iter()
        .map(|r| r["id"].as_str().expect("id").to_owned())
        .collect();
    for n in (1..=53).chain(60..=73) {
        assert!(ids.contains(&format!("HS-{n:02}")), "HS-{n:02}");
    }
    let missing = buntai().args(["rulings", "HS-99"]).output().expect("runs");
    assert_eq!(missing.status.code(), Some(2));
}

#[test]
fn data_check_loads_the_heroic_data() {
    let output = buntai()
        .args([
            "data",
            "check",
            "--system",
            "heroic-samurai",
            "--format",
            "json",
        ])
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(0));
    let report = json(&output);
    assert_eq!(report["elements"], 13);
    assert_eq!(report["shooting_cells"], 16);
}

#[test]
fn simulate_plays_two_contingents_and_refuses_what_it_lacks() {
    let m = example("matsuda.toml");
    let k = example("kono.toml");
    let sim = buntai()
        .args(["simulate", &m, &k, "--games", "50", "--format", "json"])
        .output()
        .expect("runs");
    assert_eq!(
        sim.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&sim.stderr)
    );
    let report = json(&sim);
    assert_eq!(report["system"], "heroic-samurai");
    assert_eq!(report["games"], 50);
    assert!(report["mean_turns"].as_f64().expect("turns") <= 12.0);
    for option in [
        &["--fatigue"][..],
        &["--policy-b", "attack"],
        &["--first", "a"],
    ] {
        let mut args = vec!["simulate", m.as_str(), k.as_str()];
        args.extend(option);
        let out = buntai().args(&args).output().expect("runs");
        assert_eq!(out.status.code(), Some(2), "{option:?}");
    }
    let one_side = buntai()
        .args(["simulate", "--side", &format!("a={m}")])
        .output()
        .expect("runs");
    assert_eq!(one_side.status.code(), Some(2));
}

#[test]
fn a_broken_data_override_is_reported_in_its_file() {
    let dir = TempDir::new().expect("tmp");
    let folder = dir.path().join("heroic-samurai");
    std::fs::create_dir_all(&folder).expect("mkdir");
    let text =
        std::fs::read_to_string(repo().join("factions/heroic-samurai/melee.toml")).expect("read");
    std::fs::write(
        folder.join("melee.toml"),
        text.replace("id = \"c\"", "id = \"d\""),
    )
    .expect("write");
    let output = buntai()
        .args([
            "--data",
            dir.path().to_str().expect("utf-8"),
            "data",
            "check",
            "--system",
            "heroic-samurai",
        ])
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("melee.toml"));
}
