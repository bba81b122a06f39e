//! The Defence scenario (R-105, R-114, PLAY-DIGEST T72): roles by points, the attacker's
//! reserves, and the objective piece held at the end for 10 VP.

use buntai::ronin::engine::dice::ScriptedDice;
use buntai::ronin::engine::events::EventLog;
use buntai::ronin::engine::game::play::Game;
use buntai::ronin::engine::table::Point;
use buntai::ronin::engine::table::setup::{DeploymentChoice, SetupRequest, generate};
use buntai::ronin::model::{Catalogue, ScenarioId};

use crate::scoring::{cat, objective_vp, units_from};
use crate::support::{buntai, simulated_log};

/// A Defence on a generated table (seed 3): side A, two Ashigaru (0, 1), defends; side B, two
/// Ming Soldiers (2, 3), attacks. Models start far from the objective.
fn defence(cat: &Catalogue) -> Game<'_> {
    let request = SetupRequest {
        attacker: Some(1),
        ..SetupRequest::new(cat, ScenarioId::Defence, 200, DeploymentChoice::Edge, 3)
    };
    let setup = generate(cat, &request);
    // d6+6 turns: one die.
    let mut dice = ScriptedDice::new(&[4]);
    let mut g = Game::from_setup(
        cat,
        [
            cat.faction("bushi").expect("bushi"),
            cat.faction("ming-chinese").expect("ming"),
        ],
        [
            units_from(
                cat,
                "bushi",
                "[[models]]\nprofile = \"ashigaru\"\ncount = 2\n",
                0,
            ),
            units_from(
                cat,
                "ming-chinese",
                "[[models]]\nprofile = \"soldier\"\ncount = 2\n",
                1,
            ),
        ],
        setup,
        &mut dice,
        &mut EventLog::off(),
    );
    let corners = [(1.0, 1.0), (3.0, 1.0), (1.0, 35.0), (3.0, 35.0)];
    for (u, (x, y)) in g.units.iter_mut().zip(corners) {
        u.base.centre = Point::new(x, y);
    }
    g
}

/// Spots touching the objective piece from outside: west, east, north, south of its bounds.
fn beside_objective(g: &Game<'_>) -> [Point; 4] {
    let [x0, y0, x1, y1] = g
        .objective_piece()
        .expect("an objective piece")
        .shape
        .bounds();
    let (cx, cy) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
    let gap = 0.504;
    [
        Point::new(x0 - gap, cy),
        Point::new(x1 + gap, cy),
        Point::new(cx, y1 + gap),
        Point::new(cx, y0 - gap),
    ]
}

#[test]
fn t72_the_defender_holding_the_objective_at_the_end_scores_ten() {
    let cat = cat();
    let mut g = defence(&cat);
    assert_eq!(g.setup.attacker, Some(1));
    let spots = beside_objective(&g);
    g.units[0].base.centre = spots[0];
    assert!(g.holds_piece(0));
    assert_eq!(g.piece_controller(), Some(0));
    assert_eq!(objective_vp(&mut g), [20, 0], "10 VP in half points");
}

#[test]
fn t72_the_side_with_more_models_at_the_objective_holds_it_and_a_tie_holds_nothing() {
    let cat = cat();
    let mut g = defence(&cat);
    let spots = beside_objective(&g);
    g.units[0].base.centre = spots[0];
    g.units[2].base.centre = spots[1];
    assert_eq!(g.piece_controller(), None, "one each: a tie");
    g.units[3].base.centre = spots[2];
    assert_eq!(g.piece_controller(), Some(1), "two attackers against one");
    assert_eq!(objective_vp(&mut g), [0, 20]);
}

#[test]
fn t72_an_engaged_model_does_not_hold_the_objective() {
    let cat = cat();
    let mut g = defence(&cat);
    let spots = beside_objective(&g);
    g.units[0].base.centre = spots[0];
    // A Soldier in contact with the Ashigaru, on its far side from the piece.
    g.units[2].base.centre = Point::new(spots[0].x - 1.004, spots[0].y);
    assert!(g.engaged(0));
    assert!(!g.holds_piece(0) && !g.holds_piece(2));
    assert_eq!(g.piece_controller(), None);
}

#[test]
fn t72_the_roster_with_more_points_attacks_from_its_edge_with_half_in_reserve() {
    let events = simulated_log(&[
        "examples/koryu-100.toml",
        "examples/bushi-200.toml",
        "--scenario",
        "defence",
        "--seed",
        "2",
    ]);
    // Bushi (B, 200 points) attack: half of its nine models, rounded down, wait in reserve.
    let reserves: Vec<&str> = events
        .iter()
        .filter(|e| e["event"] == "reserve")
        .filter_map(|e| e["model"].as_str())
        .collect();
    assert_eq!(reserves.len(), 4, "{reserves:?}");
    assert!(reserves.iter().all(|m| m.starts_with('B')), "{reserves:?}");
    let out = buntai()
        .args([
            "simulate",
            "examples/koryu-100.toml",
            "examples/bushi-200.toml",
            "--scenario",
            "defence",
            "--games",
            "10",
            "--format",
            "json",
        ])
        .output()
        .expect("runs");
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(report["scenario"], "defence");
    assert_eq!(report["attacker"], "b");
}

#[test]
fn the_defender_names_the_attackers_edge_furthest_from_its_leader() {
    // the defender deploys, then names the attacker's edge. The default AI names the edge
    // furthest from its Leader (the Koryu Sensei stands south-west of the shrine: north or east,
    // and north is further from its Kohai); a yardstick names the south. The attacker deploys
    // within 2" of that edge (the log checker holds his reserves to it too).
    for (policy, wanted) in [("default", None), ("charge", Some("south"))] {
        let events = simulated_log(&[
            "examples/koryu-100.toml",
            "examples/koryu-200.toml",
            "--scenario",
            "defence",
            "--attacker",
            "b",
            "--policy-a",
            policy,
            "--seed",
            "4",
        ]);
        crate::game::check_log(&events);
        let named = events
            .iter()
            .find(|e| e["event"] == "edge-named")
            .expect("the defender names an edge");
        assert_eq!(named["side"], "A");
        let edge = named["edge"].as_str().expect("edge");
        let leader = events
            .iter()
            .find(|e| e["event"] == "model" && e["side"] == "A" && e["leader"] == true)
            .and_then(|e| e["model"].as_str())
            .expect("a Leader");
        let spot = |m: &str| {
            events
                .iter()
                .find(|e| e["event"] == "deploy" && e["model"] == m)
                .map(|e| (e["x"].as_f64().expect("x"), e["y"].as_f64().expect("y")))
                .expect("deployed")
        };
        let (x, y) = spot(leader);
        let far = [y, 36.0 - x, 36.0 - y, x];
        let names = ["south", "east", "north", "west"];
        let k = names.iter().position(|n| *n == edge).expect("known");
        match wanted {
            Some(w) => assert_eq!(edge, w),
            None => {
                assert!(far.iter().all(|d| far[k] >= d - 1e-9), "{edge}: {far:?}");
                assert_ne!(edge, "south", "the Sensei stands nearer the south");
            }
        }
        let attackers = events.iter().filter(|e| {
            e["event"] == "deploy" && e["model"].as_str().is_some_and(|m| m.starts_with('B'))
        });
        for e in attackers {
            let (x, y) = (e["x"].as_f64().expect("x"), e["y"].as_f64().expect("y"));
            let d = [y, 36.0 - x, 36.0 - y, x][k];
            assert!(
                d <= 1.5 + 1e-9,
                "{} is {d}\" off the {edge} edge",
                e["model"]
            );
        }
    }
}
