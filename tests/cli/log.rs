//! The game log holds every fact a checker needs to follow the game from it alone: the table's
//! pieces as the rules read them, each activation and pass, the set-up dice, each Morale test's
//! strength and losses, and who earned every VP.

use crate::support::simulated_log;

fn examples(name: &str) -> String {
    crate::support::repo()
        .join("examples")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

/// A Defend the Village game, with its buildings, between two bundled lists.
fn village_log(seed: &str) -> Vec<serde_json::Value> {
    simulated_log(&[
        &examples("bushi-150.toml"),
        &examples("ikko-ikki-150.toml"),
        "--scenario",
        "defend-the-village",
        "--seed",
        seed,
    ])
}

#[test]
fn the_table_setup_gives_every_buildings_doors_and_windows_on_its_outline() {
    let events = village_log("3");
    let setup = events
        .iter()
        .find(|e| e["event"] == "table-setup")
        .expect("a table set-up");
    let buildings: Vec<&serde_json::Value> = setup["pieces"]
        .as_array()
        .expect("pieces")
        .iter()
        .filter(|p| p["building"] == true)
        .collect();
    assert!(!buildings.is_empty(), "a village has buildings");
    for b in buildings {
        assert_eq!(b["sight"], "building");
        let outline = crate::game::outline(&b["outline"]);
        let openings = b["openings"].as_array().expect("openings");
        assert!(
            openings.iter().any(|o| o["kind"] == "door"),
            "every building has a door: {b}"
        );
        for o in openings {
            for end in ["from", "to"] {
                let p = buntai::ronin::engine::table::Point::new(
                    o[end][0].as_f64().expect("x"),
                    o[end][1].as_f64().expect("y"),
                );
                let off = outline
                    .edges()
                    .map(|e| e.distance_to_point(p))
                    .fold(f64::MAX, f64::min);
                assert!(off < 1e-6, "an opening's end lies on the wall: {o}");
            }
        }
    }
}

#[test]
fn every_move_and_action_follows_its_activation_and_each_side_passes_each_phase_once() {
    let events = simulated_log(&[
        &examples("bushi-150.toml"),
        &examples("ikko-ikki-150.toml"),
        "--seed",
        "5",
    ]);
    let mut last: Option<&serde_json::Value> = None;
    let mut passes = std::collections::HashMap::new();
    let mut turns = 0;
    for e in &events {
        match e["event"].as_str().unwrap_or_default() {
            "turn" => turns += 1,
            "activate" => last = Some(e),
            "side-pass" => {
                *passes
                    .entry((turns, e["phase"].to_string(), e["side"].to_string()))
                    .or_insert(0) += 1;
            }
            "table-move"
                if ["normal", "run", "rideby"].contains(&e["kind"].as_str().unwrap_or("")) =>
            {
                let a = last.expect("an activation before the first move");
                assert_eq!(a["model"], e["model"], "{e} follows {a}");
                assert_eq!(a["phase"], "move");
                assert_eq!(a["does"], e["kind"]);
            }
            "rest" | "reload" => {
                let a = last.expect("an activation before the first action");
                assert_eq!(a["phase"], "action");
                assert_eq!(a["does"], e["event"]);
                let who = if e["event"] == "rest" {
                    "fighter"
                } else {
                    "model"
                };
                assert_eq!(a["model"], e[who]);
            }
            _ => {}
        }
    }
    assert!(turns > 0);
    assert!(passes.values().all(|n| *n == 1), "{passes:?}");
    // Each side ends turn 1's Move and Action Phases with one pass.
    for phase in ["\"move\"", "\"action\""] {
        for side in ["\"A\"", "\"B\""] {
            assert_eq!(
                passes.get(&(1, phase.to_owned(), side.to_owned())),
                Some(&1)
            );
        }
    }
}

#[test]
fn the_set_up_rolls_come_first_and_account_for_every_piece_and_condition() {
    for seed in ["1", "2", "3", "4"] {
        let events = village_log(seed);
        let setup_at = events
            .iter()
            .position(|e| e["event"] == "table-setup")
            .expect("a table set-up");
        let steps: Vec<&serde_json::Value> = events
            .iter()
            .filter(|e| e["event"] == "setup-roll")
            .collect();
        assert!(
            events[..setup_at]
                .iter()
                .filter(|e| e["event"] == "setup-roll")
                .count()
                == steps.len(),
            "every set-up roll comes before the table"
        );
        let count = |step: &str| steps.iter().filter(|s| s["step"] == step).count();
        let told: usize = steps
            .iter()
            .find(|s| s["step"] == "terrain-count")
            .and_then(|s| s["result"].as_str())
            .and_then(|r| r.split(' ').next())
            .and_then(|n| n.parse().ok())
            .expect("the terrain count");
        assert_eq!(
            told,
            count("terrain-placed") + count("terrain-dropped"),
            "each counted piece is placed or dropped"
        );
        let pieces = events[setup_at]["pieces"].as_array().expect("pieces").len();
        assert_eq!(pieces, count("terrain-placed") + count("objective"));
        // Weather and time of day are rolled (the weather's 6 rolls again), and the table says
        // what they gave.
        for (step, key) in [("weather", "weather"), ("time-of-day", "time_of_day")] {
            let s = steps.iter().find(|s| s["step"] == step).expect("the roll");
            assert!(s["dice"].as_array().is_some_and(|d| !d.is_empty()), "{s}");
            let logged = events[setup_at][key].as_str().unwrap_or("none");
            assert_eq!(s["result"].as_str(), Some(logged), "{s}");
        }
    }
}
