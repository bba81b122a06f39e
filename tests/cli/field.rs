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
