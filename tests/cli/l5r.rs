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
