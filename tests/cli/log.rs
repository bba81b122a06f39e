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
                let p = buntai::engine::table::Point::new(
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
