//! `suggest --against`: the list optimiser. Its list is legal, it is checked against the plain
//! suggestion on the same fresh games, and a seed and game budget fix the result.

use crate::support::{buntai, json, repo, succeeded};

/// Search Sohei lists against the Koryu example.
fn optimise(threads: &str, budget: &str, extra: &[&str]) -> std::process::Output {
    buntai()
        .current_dir(repo())
        .env("RAYON_NUM_THREADS", threads)
        .args(["suggest", "--faction", "sohei", "--points", "100"])
        .args(["--against", "examples/koryu-100.toml"])
        .args(["--budget-games", budget, "--seed", "3"])
        .args(extra)
        .output()
        .expect("runs")
}

#[test]
fn the_optimised_list_is_legal_and_beats_the_plain_suggestion_on_the_same_games() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("best.toml");
    let path_arg = path.to_str().expect("utf-8 path");
    let out = optimise("2", "400", &["--format", "json", "-o", path_arg]);
    succeeded(&out);
    let r = json(&out);
    assert_eq!(r["verdict"]["legal"], true, "{}", r["verdict"]);
    buntai().arg("validate").arg(&path).assert().success();
    let s = &r["search"];
    assert!(s["candidates"].as_u64().expect("candidates") > 1);
    let check = s["check_games"].as_u64().expect("check games");
    assert!(s["search_games"].as_u64().expect("games") + 2 * check <= 400);
    let games = |list: &serde_json::Value| {
        ["wins", "draws", "losses"]
            .iter()
            .map(|k| list[k]["count"].as_u64().expect("count"))
            .sum::<u64>()
    };
    assert_eq!(
        games(&s["best"]),
        check,
        "the chosen list played every check game"
    );
    assert_eq!(games(&s["plain"]), check, "and so did the plain one");
    assert_eq!(s["best_is_plain"], false);
    let rate = |list: &serde_json::Value| list["wins"]["rate"].as_f64().expect("rate");
    assert!(
        rate(&s["best"]) > rate(&s["plain"]),
        "the chosen list wins more often than the plain suggestion: {} against {}",
        s["best"]["wins"],
        s["plain"]["wins"]
    );
    // The file written is the list reported.
    let written = std::fs::read_to_string(&path).expect("written");
    assert_eq!(written, r["text"].as_str().expect("text"));
}

#[test]
fn a_seed_and_game_budget_give_the_same_list_whatever_the_thread_count() {
    let one = optimise("1", "200", &["--format", "json"]);
    let two = optimise("2", "200", &["--format", "json"]);
    succeeded(&one);
    assert_eq!(one.stdout, two.stdout);
}

#[test]
fn a_spent_time_budget_stops_the_search_and_says_so() {
    let out = optimise("2", "200", &["--budget", "0.000001", "--format", "json"]);
    succeeded(&out);
    let r = json(&out);
    assert_eq!(r["search"]["stopped_early"], true);
    assert_eq!(r["verdict"]["legal"], true);
}

#[test]
fn the_text_report_gives_both_rates_with_intervals() {
    let out = optimise("2", "100", &[]);
    succeeded(&out);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("LEGAL"), "{err}");
    assert!(err.contains("plain"), "{err}");
    assert!(err.contains("Wins with 95% intervals"), "{err}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("faction = \"sohei\""), "{stdout}");
}

#[test]
fn the_search_refuses_what_it_cannot_play() {
    let out = optimise("2", "100", &["--scenario", "tournament"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not one"));
    // The search's options need opponents.
    buntai()
        .args([
            "suggest",
            "--faction",
            "sohei",
            "--points",
            "100",
            "--budget-games",
            "500",
        ])
        .assert()
        .failure();
    let out = optimise("2", "100", &["--budget", "-1"]);
    assert_eq!(out.status.code(), Some(2));
    // 26 opponents in both seats, twice over, need more than 100 games.
    let many: Vec<&str> = std::iter::repeat_n("examples/koryu-100.toml", 25).collect();
    let out = optimise("2", "100", &[&["--against"][..], &many].concat());
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("at least 208"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
