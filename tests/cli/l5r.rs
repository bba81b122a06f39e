//! L5R mass battles through the binary: `odds` (roll, contest, battle) and what the system lacks.

use crate::support::{buntai, json};

/// `buntai odds --system l5r-mass-battle ARGS...`.
fn run_odds(args: &[&str]) -> std::process::Output {
    buntai()
        .args(["odds", "--system", "l5r-mass-battle"])
        .args(args)
        .output()
        .expect("runs")
}

fn odds(args: &[&str]) -> serde_json::Value {
    let output = run_odds(&[args, &["--format", "json"]].concat());
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    json(&output)
}

fn number(v: &serde_json::Value) -> f64 {
    v.as_f64().expect("a number")
}

#[test]
fn odds_roll_gives_the_chance_of_each_raise_and_sums_to_one_by_margin() {
    let v = odds(&["roll", "10k5", "--tn", "20"]);
    assert_eq!(v["roll"]["rolled_as"], "10k5");
    let rows = v["raises"].as_array().expect("rows");
    assert_eq!(rows[0]["needs"], 20);
    assert_eq!(rows[2]["needs"], 30);
    // Each extra Raise can only make success rarer.
    for w in rows.windows(2) {
        assert!(number(&w[0]["chance"]) >= number(&w[1]["chance"]));
    }
    // The margin counting: failure plus every "exactly r raises" is everything.
    let by_margin: f64 = rows.iter().map(|r| number(&r["by_margin"])).sum();
    let rest = number(&rows.last().expect("a row")["chance"])
        - number(&rows.last().expect("a row")["by_margin"]);
    let total = number(&v["fails"]) + by_margin + rest + number(&v["roll"]["cut"]);
    assert!((total - 1.0).abs() < 1e-9, "{total}");
    assert!(number(&v["roll"]["cut"]) < 1e-12);
    // 10k5 keeps five dice of mean 55/9 each at most: the mean is below 5 x 6.12 + explosions.
    let mean = number(&v["roll"]["mean"]);
    assert!((40.0..50.0).contains(&mean), "{mean}");
}

#[test]
fn odds_roll_applies_the_ten_dice_rule_and_the_untrained_flag() {
    let v = odds(&["roll", "14k12", "--tn", "70", "--untrained"]);
    assert_eq!(v["roll"]["rolled_as"], "10k10+12");
    assert_eq!(v["roll"]["explode"], false);
    // Untrained 10k10+12 is 10 plain d10s + 12: at most 112, mean 67.
    assert!((number(&v["roll"]["mean"]) - 67.0).abs() < 1e-9);
    let last = v["raises"]
        .as_array()
        .expect("rows")
        .last()
        .cloned()
        .expect("a row");
    assert!(number(&last["needs"]) <= 115.0);
    // +2k0 (`--plus`) is two more rolled dice: 5k3 becomes 7k3.
    let v = odds(&["roll", "5k3", "--tn", "20", "--plus", "2"]);
    assert_eq!(v["roll"]["pool"], "7k3");
}

#[test]
fn odds_battle_balances_the_bonuses_and_counts_raises_against_the_roller() {
    let v = odds(&[
        "battle",
        "7k3",
        "6k3",
        "--bonus-a",
        "3",
        "--bonus-b",
        "1",
        "--raises-a",
        "1",
    ]);
    assert_eq!(v["balanced"], serde_json::json!([2, 0]));
    assert_eq!(v["a"]["pool"], "9k3");
    let (a, t, b) = (
        number(&v["a_wins"]),
        number(&v["tie"]),
        number(&v["b_wins"]),
    );
    assert!((a + t + b - 1.0).abs() < 1e-9);
    // The same battle without A's raise: A wins more often.
    let free = odds(&["battle", "7k3", "6k3", "--bonus-a", "3", "--bonus-b", "1"]);
    assert!(number(&free["a_wins"]) > a);
    // A mirror is even.
    let mirror = odds(&["battle", "6k3", "6k3"]);
    assert!((number(&mirror["a_wins"]) - number(&mirror["b_wins"])).abs() < 1e-9);
}

#[test]
fn odds_contest_rerolls_equal_totals_and_a_mirror_is_even() {
    let v = odds(&["contest", "5k3", "5k3"]);
    assert!((number(&v["a_wins"]) - 0.5).abs() < 1e-9);
    assert!(number(&v["reroll"]) > 0.0);
    let v = odds(&["contest", "6k3", "5k3", "--untrained-b"]);
    assert!(number(&v["a_wins"]) > 0.5);
    let split = number(&v["a_by_five"]) + number(&v["b_by_five"]) + number(&v["under_five"]);
    assert!((split - 1.0).abs() < 1e-9);
}

#[test]
fn odds_text_names_the_ten_dice_rule_and_the_cut() {
    let output = buntai()
        .args([
            "odds",
            "--system",
            "l5r-mass-battle",
            "roll",
            "12k4",
            "--tn",
            "25",
        ])
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("rolled as 10k5 (Ten Dice Rule)"), "{text}");
    assert!(text.contains("below 1e-12"), "{text}");
}

#[test]
fn odds_a_bad_pool_is_a_usage_error_naming_the_form() {
    for bad in ["7x3", "k3", "7k", "1000k3"] {
        let output = buntai()
            .args([
                "odds",
                "--system",
                "l5r-mass-battle",
                "roll",
                bad,
                "--tn",
                "20",
            ])
            .output()
            .expect("runs");
        assert_eq!(output.status.code(), Some(2), "{bad}");
        assert!(
            String::from_utf8_lossy(&output.stderr).contains("XkY"),
            "{bad}"
        );
    }
    // Ronin's odds under this system are refused with the system's own.
    let output = run_odds(&["melee"]);
    assert_eq!(output.status.code(), Some(2));
}

fn example(name: &str) -> std::path::PathBuf {
    crate::support::repo()
        .join("examples/l5r-mass-battle")
        .join(name)
}

/// `validate --format json` of one file: exit code and the problems' (rule, line) pairs.
fn problems(path: &std::path::Path) -> (Option<i32>, Vec<(String, u64)>, serde_json::Value) {
    let output = buntai()
        .args(["validate", "--format", "json"])
        .arg(path)
        .output()
        .expect("runs");
    let v = json(&output);
    let found = v[0]["problems"]
        .as_array()
        .expect("problems")
        .iter()
        .map(|p| {
            (
                p["rule"].as_str().unwrap_or_default().to_owned(),
                p["line"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    (output.status.code(), found, v)
}

#[test]
fn the_bundled_battles_are_legal() {
    for name in ["castle-gate.toml", "open-field.toml"] {
        let (code, found, v) = problems(&example(name));
        assert_eq!(code, Some(0), "{name}: {found:?}");
        assert_eq!(v[0]["system"], "l5r-mass-battle");
        assert_eq!(v[0]["zones"], 5);
        assert_eq!(v[0]["sides"].as_array().expect("sides").len(), 2);
    }
    let (_, _, v) = problems(&example("castle-gate.toml"));
    // 1 + 1 + 1 + 2 against 1 + 1 + 1 + 1 + 2 + 2.
    assert_eq!(v[0]["sides"][0]["mp"], 5);
    assert_eq!(v[0]["sides"][1]["mp"], 8);
}

#[test]
fn validation_locates_every_mistake_of_the_broken_battle() {
    let (code, found, _) = problems(&example("illegal/broken.toml"));
    assert_eq!(code, Some(1));
    let expected = [
        ("zone-effect", 8), // an Ambush of 3 in a zone of Size 2
        ("zone-effect", 9), // `wals`
        ("general", 13),    // side A has none
        ("formation", 15),  // `fier`
        ("mp", 20),         // a squad of 0 MP
        ("role", 17),       // `scuot`
        ("skill", 18),      // a herald rolling Medicine
        ("spells", 26),     // spell slots on an officer who is no shugenja
        ("spells", 26),     // and Void ones without being an Ishiken
    ];
    for (rule, line) in expected {
        assert!(
            found.iter().any(|(r, l)| r == rule && *l == line),
            "no {rule} at line {line}: {found:?}"
        );
    }
    assert_eq!(found.len(), expected.len(), "{found:?}");
    // The unknown effect and role get suggestions in the text.
    let output = buntai()
        .arg("validate")
        .arg(example("illegal/broken.toml"))
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&output.stderr);
    assert!(text.contains("did you mean `walls`?"), "{text}");
    assert!(text.contains("did you mean `scout`?"), "{text}");
    assert!(text.contains("did you mean `fire`?"), "{text}");
}

fn battle_file(dir: &tempfile::TempDir, body: &str) -> std::path::PathBuf {
    let path = dir.path().join("battle.toml");
    std::fs::write(&path, format!("system = \"l5r-mass-battle\"\n{body}")).expect("write");
    path
}

const SIDES: &str = r#"
[side.a]
name = "A"
general = { name = "Ga", battle = 3, perception = 3, willpower = 3 }
squads = [{ name = "s", mp = 1 }]

[side.b]
name = "B"
general = { name = "Gb", battle = 3, perception = 3, willpower = 3 }
squads = [{ name = "s", mp = 1 }]
"#;

#[test]
fn validation_effects_for_the_defender_need_a_defender_and_owned_ones_a_side() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = "[map]\nzones = [{ name = \"Gate\", effects = [{ kind = \"walls\", x = 2, side = \"defender\" }, { kind = \"archery-towers\", x = 1 }] }]\n";
    let (code, found, _) = problems(&battle_file(&dir, &format!("{map}{SIDES}")));
    assert_eq!(code, Some(1));
    let rules: Vec<&str> = found.iter().map(|(r, _)| r.as_str()).collect();
    assert_eq!(rules, ["zone-effect", "zone-effect"], "{found:?}");
    let fixed = map
        .replace("[map]\n", "[map]\ndefender = \"a\"\n")
        .replace("x = 1 }", "x = 1, side = \"b\" }");
    let (code, found, _) = problems(&battle_file(&dir, &format!("{fixed}{SIDES}")));
    assert_eq!(code, Some(0), "{found:?}");
}

#[test]
fn validation_a_missing_side_zero_zones_and_a_start_off_the_map_are_errors() {
    let dir = tempfile::tempdir().expect("temp dir");
    let one_side = SIDES.split("[side.b]").next().expect("side a");
    let (code, found, _) = problems(&battle_file(&dir, one_side));
    assert_eq!(code, Some(1));
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].0, "sides");
    let (code, found, _) = problems(&battle_file(&dir, &format!("[map]\nzones = []\n{SIDES}")));
    assert_eq!((code, found[0].0.as_str()), (Some(1), "map"));
    let (code, found, _) = problems(&battle_file(
        &dir,
        &format!("[map]\nstart = 3\nzones = [{{ name = \"x\" }}, {{ name = \"y\" }}]\n{SIDES}"),
    ));
    assert_eq!((code, found[0].0.as_str()), (Some(1), "map"));
}

#[test]
fn validation_officer_rolls_ranks_traits_and_wounds_are_bounded() {
    let dir = tempfile::tempdir().expect("temp dir");
    let officers = r#"officers = [
  { name = "O1", role = "scout", rolls = { stealth = [11, 3] } },
  { name = "O2", role = "champion", rolls = { iaijutsu = [3, 0] } },
  { name = "O3", body = { crippled_at = 50, dead_at = 40 } },
  { name = "O4", pc = false, bonus = "shore-defense" },
  { name = "O5", role = "shugenja", rolls = { spellcraft = 3 }, spells = { water = 1 } },
]
"#;
    let body = SIDES.replacen("squads = [", &format!("{officers}squads = ["), 1);
    let (code, found, _) = problems(&battle_file(&dir, &body));
    assert_eq!(code, Some(1));
    let rules: Vec<&str> = found.iter().map(|(r, _)| r.as_str()).collect();
    // A rank of 11, a trait of 0, Crippled after dead, an unknown NPC bonus, a Water spell
    // with no Water Ring.
    assert_eq!(
        rules,
        ["skill", "skill", "wounds", "officer", "spells"],
        "{found:?}"
    );
}

#[test]
fn validation_of_garbage_reports_and_never_panics() {
    let dir = tempfile::tempdir().expect("temp dir");
    for body in [
        "side = 3",
        "[side.a]\nname = 1",
        "[side.c]\nname = \"x\"",
        "[map]\nzones = [{ name = \"z\", size = -99999999999 }]\n[side]",
        "[side.a]\nname = \"a\"\nsquads = [{ name = \"s\", mp = 9223372036854775807 }]",
    ] {
        let output = buntai()
            .arg("validate")
            .arg(battle_file(&dir, body))
            .output()
            .expect("runs");
        assert_eq!(output.status.code(), Some(1), "{body}: {output:?}");
        assert!(!String::from_utf8_lossy(&output.stderr).contains("panicked"));
    }
}

#[test]
fn data_check_and_rulings_of_the_system() {
    let output = buntai()
        .args([
            "data",
            "check",
            "--system",
            "l5r-mass-battle",
            "--format",
            "json",
        ])
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(0));
    let v = json(&output);
    assert_eq!(v["formations"], 5);
    assert_eq!(v["rulings"], 43);
    let output = buntai().args(["rulings", "L5R-08"]).output().expect("runs");
    assert_eq!(output.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&output.stdout).contains("TN 20"));
    let output = buntai().args(["rulings", "L5R-99"]).output().expect("runs");
    assert_eq!(output.status.code(), Some(2));
}

fn print(args: &[&str]) -> std::process::Output {
    buntai()
        .arg("print")
        .arg(example("castle-gate.toml"))
        .args(args)
        .output()
        .expect("runs")
}

#[test]
fn print_gives_the_battle_sheet_in_every_format() {
    let output = print(&["--format", "json"]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let v = json(&output);
    assert_eq!(v["system"], "l5r-mass-battle");
    assert_eq!(v["sides"][0]["mp"], 5);
    // One box a squad: four squads, the 2-MP berserkers elite.
    let squads = v["sides"][0]["squads"].as_array().expect("squads");
    assert_eq!(squads.len(), 4);
    assert_eq!(squads[3]["elite"], true);
    assert_eq!(squads[0]["elite"], false);
    // Matsu Hideo: Battle 4, Perception 3 → 7k3.
    let general = &v["sides"][0]["general"];
    assert_eq!(general["pools"][0]["roll"], "Battle/Perception");
    assert_eq!(general["pools"][0]["pool"], "7k3");
    // Akodo Ren's Kenjutsu [3, 3] is 6k3 against each formation's TN, easier against Fire.
    let ren = &v["sides"][0]["officers"][0];
    let kenjutsu = ren["pools"]
        .as_array()
        .expect("pools")
        .iter()
        .find(|p| p["roll"] == "Kenjutsu/Agility")
        .expect("kenjutsu");
    assert_eq!(kenjutsu["pool"], "6k3");
    let vs = kenjutsu["vs"].as_array().expect("vs");
    assert_eq!(vs.len(), 5);
    let chance = |f: &str| {
        vs.iter()
            .find(|x| x["formation"] == f)
            .and_then(|x| x["chance"].as_f64())
            .expect("chance")
    };
    assert!(chance("Fire") > chance("Water") && chance("Water") > chance("Earth"));
    // The hidden Traps are shown to the GM.
    let approach = &v["zones"][3];
    assert!(
        approach["effects"][0]
            .as_str()
            .expect("effect")
            .starts_with("Traps 1k0 Attrition")
    );
    assert_eq!(v["zones"][2]["start"], true);
    // Rewards on starting MP 5 against 8: A outnumbered by 3 (one full 2).
    assert_eq!(v["rewards"][0]["glory"], 2);
    assert_eq!(v["rewards"][0]["honor"], 1);
    // Every ruled number says which ruling.
    let half = v["numbers"]
        .as_array()
        .expect("numbers")
        .iter()
        .find(|n| n["key"] == "half_strength_tn")
        .expect("half strength");
    assert_eq!(half["ruling"], "L5R-08");

    let text = String::from_utf8(print(&[]).stdout).expect("utf-8");
    assert!(text.contains("Battle/Perception 7k3"), "{text}");
    assert!(text.contains("ruling L5R-31"), "{text}");
    let md = String::from_utf8(print(&["--format", "markdown"]).stdout).expect("utf-8");
    assert!(md.contains("## Formations"), "{md}");
    let html = String::from_utf8(print(&["--format", "html"]).stdout).expect("utf-8");
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(html.contains("Matsu garrison"));
    assert!(!html.contains("src=\"http"), "self-contained");
}

#[test]
fn print_players_copy_hides_hidden_effects_as_question_marks() {
    let gm = json(&print(&["--format", "json"]));
    let players = json(&print(&["--format", "json", "--players"]));
    assert_eq!(players["players_copy"], true);
    assert_eq!(players["zones"][3]["effects"][0], "???");
    // Effects that are not hidden are on both copies.
    assert_eq!(players["zones"][2]["effects"], gm["zones"][2]["effects"]);
    let html = String::from_utf8(print(&["--format", "html", "--players"]).stdout).expect("utf-8");
    assert!(
        html.contains("???") && !html.contains("Traps"),
        "players' copy leaks the trap"
    );
    // --players is for battle sheets only.
    let output = buntai()
        .arg("print")
        .arg(crate::support::repo().join("examples/samurai-1550-1600/takeda.toml"))
        .arg("--players")
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn rewards_follow_the_starting_mp_outnumbered() {
    // Digest §17 test 17: A 4 MP against B 9: A +0.3 Glory and +0.7 Honor, B +0.1 each.
    let data = buntai::l5r::data::load(None).expect("data");
    let r = buntai::l5r::sheet::rewards(&data, [4, 9]);
    assert_eq!((r[0].glory, r[0].honor), (3, 7));
    assert_eq!((r[1].glory, r[1].honor), (1, 1));
    // Even sides: nothing beyond the 0.1 each.
    let r = buntai::l5r::sheet::rewards(&data, [5, 5]);
    assert_eq!((r[0].glory, r[0].honor, r[1].glory), (1, 1, 1));
}

fn simulate(args: &[&str]) -> std::process::Output {
    buntai()
        .arg("simulate")
        .arg(example("open-field.toml"))
        .args(args)
        .output()
        .expect("runs")
}

#[test]
fn simulate_the_default_beats_random_in_both_seats_of_a_mirrored_battle() {
    let output = simulate(&[
        "--games",
        "2000",
        "--swap",
        "--policy-b",
        "random",
        "--format",
        "json",
        "--seed",
        "3",
    ]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let v = json(&output);
    let seatings = v["seatings"].as_array().expect("seatings");
    assert_eq!(seatings.len(), 2);
    // Seat A, then seat B: the default's wins, the lower end of the 95% interval above 60%.
    let a = &seatings[0]["a"];
    let b = &seatings[1]["b"];
    assert_eq!(
        (a["policy"].as_str(), b["policy"].as_str()),
        (Some("default"), Some("default"))
    );
    for side in [a, b] {
        let low = side["wins"]["low"].as_f64().expect("low");
        assert!(low > 0.6, "{side}");
    }
    for s in seatings {
        assert_eq!(s["battles"], 2000);
        let rounds: u64 = s["rounds"]
            .as_array()
            .expect("rounds")
            .iter()
            .filter_map(|r| r.as_u64())
            .sum();
        assert_eq!(rounds, 2000);
        assert!(
            s["rounds"].as_array().expect("rounds").len() <= 31,
            "within the cap"
        );
    }
}

#[test]
fn simulate_is_the_same_at_any_thread_count_and_writes_its_log_and_report() {
    let dir = tempfile::tempdir().expect("temp dir");
    let log = dir.path().join("battle.jsonl");
    let report = dir.path().join("report.html");
    let run = |threads: &str, extra: &[&std::ffi::OsStr]| {
        buntai()
            .env("RAYON_NUM_THREADS", threads)
            .arg("simulate")
            .arg(example("castle-gate.toml"))
            .args(["--games", "3000", "--seed", "11", "--format", "json"])
            .args(extra)
            .output()
            .expect("runs")
    };
    let one = run("1", &[]);
    let two = run(
        "2",
        &[
            "--log".as_ref(),
            log.as_os_str(),
            "--report".as_ref(),
            report.as_os_str(),
        ],
    );
    assert_eq!(one.status.code(), Some(0));
    assert_eq!(
        one.stdout, two.stdout,
        "the thread count changed the result"
    );
    let text = std::fs::read_to_string(&log).expect("log");
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert_eq!(lines[0]["event"], "setup");
    assert_eq!(lines[0]["system"], "l5r-mass-battle");
    assert_eq!(lines.last().expect("end")["event"], "end");
    assert!(lines.iter().any(|l| l["event"] == "battle"));
    let html = std::fs::read_to_string(&report).expect("report");
    let replay_path = dir.path().join("replay.html");
    let output = buntai()
        .arg("simulate")
        .arg(example("castle-gate.toml"))
        .args(["--games", "5", "--seed", "11", "--replay"])
        .arg(&replay_path)
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let replay = std::fs::read_to_string(&replay_path).expect("replay");
    // The zones before round 1 and after each round, the end, and the rounds told in words.
    let rounds = lines
        .iter()
        .filter_map(|l| l["round"].as_u64())
        .max()
        .expect("rounds");
    assert!(
        replay.matches("<svg").count() as u64 > rounds,
        "a strip a round"
    );
    assert!(replay.contains("Before round 1") && replay.contains("The Battle roll"));
    assert!(html.contains("<svg"), "charts");
    assert!(html.contains("The castle gate"), "the battle's name");
    // The policies are L5R's own: Ronin's `attack` yardstick is not one of them.
    let output = buntai()
        .arg("simulate")
        .arg(example("castle-gate.toml"))
        .args(["--policy-b", "attack"])
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2));
    // An illegal battle is refused with its problems.
    let output = buntai()
        .arg("simulate")
        .arg(example("illegal/broken.toml"))
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn new_writes_a_legal_battle_to_start_from() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("mine.toml");
    let output = buntai()
        .args([
            "new",
            "--system",
            "l5r-mass-battle",
            "--name",
            "Battle of \"Quotes\"",
            "-o",
        ])
        .arg(&path)
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let (code, found, v) = problems(&path);
    assert_eq!(code, Some(0), "{found:?}");
    assert_eq!(v[0]["name"], "Battle of \"Quotes\"");
    assert_eq!(v[0]["sides"][0]["mp"], 5);
    // It does not overwrite a file without --force.
    let again = buntai()
        .args(["new", "--system", "l5r-mass-battle", "-o"])
        .arg(&path)
        .output()
        .expect("runs");
    assert_ne!(again.status.code(), Some(0));
}

#[test]
fn data_dir_overrides_the_l5r_numbers_and_reports_a_broken_file() {
    let dir = tempfile::tempdir().expect("temp dir");
    let own = dir.path().join("l5r-mass-battle");
    std::fs::create_dir(&own).expect("mkdir");
    let numbers = std::fs::read_to_string(
        crate::support::repo().join("factions/l5r-mass-battle/numbers.toml"),
    )
    .expect("read");
    // The half-strength TN is a ruling (20): a group that plays it at 25 says so in its data.
    let changed = numbers.replace(
        "half_strength_tn = { value = 20,",
        "half_strength_tn = { value = 25,",
    );
    assert_ne!(changed, numbers);
    std::fs::write(own.join("numbers.toml"), &changed).expect("write");
    let output = buntai()
        .arg("--data")
        .arg(dir.path())
        .args(["print", "--format", "json"])
        .arg(example("castle-gate.toml"))
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(0));
    let v = json(&output);
    let half = v["numbers"]
        .as_array()
        .expect("numbers")
        .iter()
        .find(|n| n["key"] == "half_strength_tn")
        .expect("row");
    assert_eq!(half["value"], "25");
    // A ruled number naming no ruling is a located data problem.
    std::fs::write(
        own.join("numbers.toml"),
        changed.replace(
            "round_cap = { value = 30, source = \"ruling\", ruling = \"L5R-37\" }",
            "round_cap = { value = 30, source = \"ruling\" }",
        ),
    )
    .expect("write");
    let output = buntai()
        .arg("--data")
        .arg(dir.path())
        .args(["data", "check", "--system", "l5r-mass-battle"])
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("round_cap"));
}

#[test]
fn replay_draws_a_saved_log_on_its_own_and_refuses_one_that_does_not_hold() {
    let dir = tempfile::tempdir().expect("temp dir");
    let log = dir.path().join("battle.jsonl");
    let output = buntai()
        .arg("simulate")
        .arg(example("castle-gate.toml"))
        .args([
            "--games",
            "3",
            "--seed",
            "2",
            "--policy-b",
            "random",
            "--log",
        ])
        .arg(&log)
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    // The log carries its battle: it replays with no other file.
    let page = dir.path().join("replay.html");
    let output = buntai()
        .arg("replay")
        .arg(&log)
        .arg("-o")
        .arg(&page)
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let html = std::fs::read_to_string(&page).expect("page");
    assert!(html.contains("Matsu garrison") && html.contains("<svg"));
    // A Battle roll's total changed by one no longer follows from the rules.
    let text = std::fs::read_to_string(&log).expect("log");
    let mut lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("json"))
        .collect();
    let i = lines
        .iter()
        .position(|l| l["event"] == "battle")
        .expect("a Battle roll");
    let total = lines[i]["totals"][0].as_i64().expect("total");
    lines[i]["totals"][0] = serde_json::json!(total + 1);
    let tampered = dir.path().join("tampered.jsonl");
    let body: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    std::fs::write(&tampered, body.join("\n") + "\n").expect("write");
    let output = buntai()
        .arg("replay")
        .arg(&tampered)
        .arg("-o")
        .arg(dir.path().join("bad.html"))
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("effective total"));
    assert!(
        !dir.path().join("bad.html").exists(),
        "no page for a log that does not hold"
    );
}

#[test]
fn simulate_the_default_beats_the_charge_yardstick_in_both_seats() {
    for name in ["open-field.toml", "castle-gate.toml"] {
        let output = buntai()
            .arg("simulate")
            .arg(example(name))
            .args([
                "--games",
                "1000",
                "--swap",
                "--policy-b",
                "charge",
                "--format",
                "json",
                "--seed",
                "8",
            ])
            .output()
            .expect("runs");
        assert_eq!(output.status.code(), Some(0), "{output:?}");
        let v = json(&output);
        let seatings = v["seatings"].as_array().expect("seatings");
        for side in [&seatings[0]["a"], &seatings[1]["b"]] {
            assert_eq!(side["policy"], "default");
            let low = side["wins"]["low"].as_f64().expect("low");
            assert!(low > 0.5, "{name}: {side}");
        }
    }
}
