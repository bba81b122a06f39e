//! `simulate --field`: every pair of lists, seats swapped, as a matrix with intervals.

use crate::support::{buntai, json, repo};

const LISTS: [&str; 3] = [
    "examples/bushi-100.toml",
    "examples/koryu-100.toml",
    "examples/sohei-100.toml",
];

fn field(threads: &str) -> std::process::Output {
    buntai()
        .current_dir(repo())
        .env("RAYON_NUM_THREADS", threads)
        .arg("simulate")
        .arg("--field")
        .args(LISTS)
        .args(["--games", "12", "--seed", "5", "--format", "json"])
        .output()
        .expect("runs")
}

#[test]
fn a_field_reports_every_pairing_both_ways_and_each_lists_totals() {
    let out = field("2");
    crate::support::succeeded(&out);
    let r = json(&out);
    let matrix = r["matrix"].as_array().expect("matrix");
    assert_eq!(matrix.len(), 3);
    let count = |v: &serde_json::Value| v["count"].as_u64().expect("count");
    for i in 0..3 {
        assert!(matrix[i][i].is_null(), "no list plays itself");
        let mut wins = 0;
        for (j, row) in matrix.iter().enumerate() {
            if i == j {
                continue;
            }
            let (ij, ji) = (&matrix[i][j], &row[i]);
            // One pairing seen from both ends: i's wins are j's losses; 24 games in all.
            assert_eq!(count(&ij["wins"]), count(&ji["losses"]));
            assert_eq!(count(&ij["draws"]), count(&ji["draws"]));
            assert_eq!(
                count(&ij["wins"]) + count(&ij["draws"]) + count(&ij["losses"]),
                24
            );
            wins += count(&ij["wins"]);
        }
        let list = &r["lists"][i];
        assert_eq!(count(&list["wins"]), wins, "a list's wins are its row's");
        let vp_games: u64 = list["vp_distribution"]
            .as_array()
            .expect("vp")
            .iter()
            .map(|g| g.as_u64().expect("games"))
            .sum();
        assert_eq!(vp_games, 48, "every game of the list counted once");
    }
}

#[test]
fn a_fields_pairing_is_the_same_games_as_simulating_that_pair_with_the_seats_swapped() {
    let r = json(&field("2"));
    let pair = buntai()
        .current_dir(repo())
        .args(["simulate", LISTS[0], LISTS[2]])
        .args(["--games", "12", "--seed", "5", "--swap", "--format", "json"])
        .output()
        .expect("runs");
    let pair = json(&pair);
    assert_eq!(
        r["matrix"][0][2]["wins"]["count"],
        pair["swapped"]["a_wins_both"]["count"]
    );
}

#[test]
fn a_field_is_the_same_with_one_thread_or_two() {
    assert_eq!(field("1").stdout, field("2").stdout);
}

#[test]
fn a_field_needs_two_lists_and_a_scenario_for_two_rosters() {
    let one = buntai()
        .args(["simulate", "--field", "examples/bushi-100.toml"])
        .current_dir(repo())
        .output()
        .expect("runs");
    assert_eq!(one.status.code(), Some(2));
    for scenario in ["tournament", "assassination"] {
        let out = buntai()
            .current_dir(repo())
            .arg("simulate")
            .arg("--field")
            .args(LISTS)
            .args(["--scenario", scenario])
            .output()
            .expect("runs");
        assert_eq!(out.status.code(), Some(2), "{scenario}");
    }
}

/// `simulate ARGS --precision P --format json` with `threads` threads.
fn precise(args: &[&str], precision: &str, threads: &str) -> serde_json::Value {
    let out = buntai()
        .current_dir(repo())
        .env("RAYON_NUM_THREADS", threads)
        .arg("simulate")
        .args(args)
        .args(["--precision", precision, "--seed", "3", "--format", "json"])
        .output()
        .expect("runs");
    crate::support::succeeded(&out);
    json(&out)
}

#[test]
fn precision_plays_whole_batches_until_every_rate_is_that_close_and_no_further() {
    let pair = ["examples/bushi-100.toml", "examples/koryu-100.toml"];
    let r = precise(&pair, "0.04", "2");
    let games = r["games"].as_u64().expect("games");
    assert_eq!(games % 256, 0, "whole batches of 256 games: {games}");
    let half = |k: &str| {
        let x = &r[k];
        let (rate, low, high) = (
            x["rate"].as_f64().expect("rate"),
            x["low"].as_f64().expect("low"),
            x["high"].as_f64().expect("high"),
        );
        (high - rate).max(rate - low)
    };
    for k in ["a_wins", "draws", "b_wins"] {
        assert!(half(k) <= 0.04 + 1e-4, "{k}: {}", half(k));
    }
    // One batch fewer was not enough: the same seed's first games, a batch short.
    let short = buntai()
        .current_dir(repo())
        .arg("simulate")
        .args(pair)
        .args([
            "--games",
            &(games - 256).to_string(),
            "--seed",
            "3",
            "--format",
            "json",
        ])
        .output()
        .expect("runs");
    let short = json(&short);
    let widest = ["a_wins", "draws", "b_wins"]
        .iter()
        .map(|k| {
            let x = &short[*k];
            let rate = x["rate"].as_f64().expect("rate");
            (x["high"].as_f64().expect("high") - rate).max(rate - x["low"].as_f64().expect("low"))
        })
        .fold(0.0, f64::max);
    assert!(widest > 0.04, "{widest}");
    let looser = precise(&pair, "0.2", "2");
    assert_eq!(
        looser["games"], 256,
        "a loose precision stops after the first batch"
    );
    assert!(games > 256);
    // The same games whatever the thread count.
    assert_eq!(precise(&pair, "0.04", "1"), r);
}

#[test]
fn precision_out_of_range_is_refused() {
    for bad in ["0", "-0.1", "0.9", "nan", "x"] {
        let out = buntai()
            .current_dir(repo())
            .args(["simulate", LISTS[0], LISTS[1], "--precision", bad])
            .output()
            .expect("runs");
        assert_eq!(out.status.code(), Some(2), "{bad}");
    }
}

#[test]
fn a_report_is_one_page_of_charts_with_the_logged_games_replay_and_names_escaped() {
    let dir = tempfile::tempdir().expect("dir");
    let roster = dir.path().join("named.toml");
    let text = std::fs::read_to_string(repo().join(LISTS[0])).expect("example");
    let text = text.replace(
        "name = \"Bushi, 100 points (example)\"",
        "name = \"Bushi <b>bold</b> & co\"",
    );
    std::fs::write(&roster, text).expect("write");
    let page = dir.path().join("report.html");
    let out = buntai()
        .current_dir(repo())
        .arg("simulate")
        .arg(&roster)
        .arg(LISTS[1])
        .args(["--games", "8", "--swap", "--report"])
        .arg(&page)
        .output()
        .expect("runs");
    crate::support::succeeded(&out);
    let html = std::fs::read_to_string(&page).expect("the page");
    assert!(
        html.matches("<svg").count() >= 4,
        "results, VP, lengths, models"
    );
    assert!(
        html.contains("srcdoc="),
        "the logged game's replay, embedded"
    );
    assert!(!html.contains("src=\"http") && !html.contains("href=\"http"));
    assert!(html.contains("Bushi &lt;b&gt;bold&lt;/b&gt; &amp; co"));
    assert!(!html.contains("<b>bold</b>"));
    // Not written over without --force.
    let again = buntai()
        .current_dir(repo())
        .args(["simulate", LISTS[0], LISTS[1], "--games", "2", "--report"])
        .arg(&page)
        .output()
        .expect("runs");
    assert_eq!(again.status.code(), Some(2));
    assert_eq!(std::fs::read_to_string(&page).expect("kept"), html);
}

#[test]
fn a_fields_report_draws_the_matrix_and_the_tournament_refuses_one() {
    let dir = tempfile::tempdir().expect("dir");
    let page = dir.path().join("field.html");
    let out = buntai()
        .current_dir(repo())
        .arg("simulate")
        .arg("--field")
        .args(LISTS)
        .args(["--games", "4", "--report"])
        .arg(&page)
        .output()
        .expect("runs");
    crate::support::succeeded(&out);
    let html = std::fs::read_to_string(&page).expect("the page");
    assert!(html.contains("row against column"), "the heatmap section");
    assert!(html.matches("<svg").count() >= 3);
    let tournament = buntai()
        .current_dir(repo())
        .args([
            "simulate",
            "examples/sohei.toml",
            "examples/sohei.toml",
            "--scenario",
            "tournament",
            "--report",
        ])
        .arg(dir.path().join("t.html"))
        .output()
        .expect("runs");
    assert_eq!(tournament.status.code(), Some(2));
}

/// The chart fill colours of a report page (plotters writes them in upper case; the embedded
/// replay's own are lower case).
fn chart_fills(html: &str) -> std::collections::BTreeSet<String> {
    html.split("fill=\"#")
        .skip(1)
        .filter_map(|rest| rest.get(..6))
        .filter(|hex| {
            hex.chars()
                .all(|c| c.is_ascii_digit() || c.is_ascii_uppercase())
        })
        .map(str::to_owned)
        .collect()
}

const SIDE_A: &str = "C0392B";
const SIDE_B: &str = "2C6FB0";
const SERIES: [&str; 5] = [SIDE_A, SIDE_B, "009E73", "E69F00", "CC79A7"];

#[test]
fn report_charts_give_each_side_one_colour_and_each_of_five_lists_its_own() {
    let dir = tempfile::tempdir().expect("dir");
    let page = dir.path().join("pair.html");
    let out = buntai()
        .current_dir(repo())
        .args(["simulate", LISTS[0], LISTS[1], "--games", "4", "--report"])
        .arg(&page)
        .output()
        .expect("runs");
    crate::support::succeeded(&out);
    let fills = chart_fills(&std::fs::read_to_string(&page).expect("the page"));
    // Side A's bars (its wins, its VP, its models) in red, side B's in blue, draws and game
    // lengths grey: no third side colour anywhere.
    assert!(
        fills.contains(SIDE_A) && fills.contains(SIDE_B),
        "{fills:?}"
    );
    for other in &SERIES[2..] {
        assert!(!fills.contains(*other), "a third colour {other}: {fills:?}");
    }
    let five = [
        "examples/bushi-100.toml",
        "examples/koryu-100.toml",
        "examples/sohei-100.toml",
        "examples/bandits-100.toml",
        "examples/ikko-ikki-100.toml",
    ];
    let page = dir.path().join("field.html");
    let out = buntai()
        .current_dir(repo())
        .arg("simulate")
        .arg("--field")
        .args(five)
        .args(["--games", "1", "--report"])
        .arg(&page)
        .output()
        .expect("runs");
    crate::support::succeeded(&out);
    let fills = chart_fills(&std::fs::read_to_string(&page).expect("the page"));
    for colour in SERIES {
        assert!(fills.contains(colour), "list colour {colour}: {fills:?}");
    }
}
