//! The scenarios as data: `buntai scenarios`, and each scenario's set-up as
//! `buntai table --scenario` and the generator draw it.

use buntai::ronin::engine::table::Point;
use buntai::ronin::engine::table::setup::{DeploymentChoice, SetupRequest, Zone, generate};
use buntai::ronin::load::{DataSource, load};
use buntai::ronin::model::{Catalogue, ScenarioId};
use clap::ValueEnum;

use crate::support::buntai;

fn cat() -> Catalogue {
    load(&DataSource::Embedded).expect("data")
}

fn json(args: &[&str]) -> serde_json::Value {
    let out = buntai().args(args).output().expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("JSON")
}

#[test]
fn scenarios_lists_every_scenario_of_the_book_with_its_length_and_what_simulate_does() {
    let list = json(&["scenarios", "--format", "json"]);
    let list = list.as_array().expect("a list");
    let ids: Vec<&str> = list.iter().filter_map(|s| s["id"].as_str()).collect();
    let all: Vec<&str> = ScenarioId::value_variants()
        .iter()
        .map(|s| s.as_str())
        .collect();
    assert_eq!(ids, all);
    let capture = list.iter().find(|s| s["id"] == "capture").expect("capture");
    assert_eq!(capture["turns"]["plus"], 8);
    assert_eq!(capture["turns"]["d6"], 0);
    assert_eq!(capture["objective"]["vp"], 5.0);
    assert_eq!(capture["reserves"], "never");
    let defence = list.iter().find(|s| s["id"] == "defence").expect("defence");
    assert_eq!(defence["points"], "attacker-double");
    assert_eq!(defence["objective"]["vp"], 10.0);
    assert_eq!(defence["objective"]["clear"], 8.0);
    let skirmish = list
        .iter()
        .find(|s| s["id"] == "skirmish")
        .expect("skirmish");
    assert_eq!(skirmish["simulate"], "table");
    assert_eq!(capture["simulate"], "table");
    assert_eq!(
        skirmish["minor_objectives"].as_array().map(Vec::len),
        Some(6)
    );

    let text = buntai().args(["scenarios"]).output().expect("runs");
    let text = String::from_utf8_lossy(&text.stdout);
    for id in all {
        // Narrow terminals wrap the id; its first seven letters are on one line.
        assert!(
            text.contains(&id[..id.len().min(7)]),
            "{id} missing:\n{text}"
        );
    }
}

#[test]
fn one_scenario_is_shown_in_full_with_its_objective_special_rules_and_rulings() {
    let out = buntai().args(["scenarios", "duel"]).output().expect("runs");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Duel (tp.61)"), "{text}");
    assert!(text.contains("12\" across"), "{text}");
    assert!(text.contains("R-113 Duel"), "{text}");
    let one = json(&["scenarios", "assassination", "--format", "json"]);
    assert_eq!(one["id"], "assassination");
    assert_eq!(one["table_size"], 36.0);
    assert_eq!(one["first_priority"], "attacker");
    assert_eq!(one["victory"], "kill-the-leader");
    let unknown = buntai()
        .args(["scenarios", "siege"])
        .output()
        .expect("runs");
    assert_eq!(unknown.status.code(), Some(2));
}

#[test]
fn the_capture_objective_is_a_one_inch_marker_at_the_centre_a_base_can_touch() {
    let cat = cat();
    for seed in 0..60 {
        let req = SetupRequest::new(&cat, ScenarioId::Capture, 150, DeploymentChoice::Edge, seed);
        let setup = generate(&cat, &req);
        let size = setup.table.size;
        let marker = setup.marker.expect("a marker");
        assert!((marker.radius - 0.5).abs() < 1e-9);
        let blocked = |p: Point| {
            setup.table.pieces.iter().any(|piece| {
                piece.blocks_movement()
                    && piece
                        .shape
                        .overlaps_circle(&buntai::ronin::engine::table::Circle::new(p, 1.0))
            })
        };
        assert!(
            !blocked(marker.centre),
            "seed {seed}: the marker is walled in"
        );
        let centre = Point::new(size / 2.0, size / 2.0);
        if !blocked(centre) {
            assert_eq!(marker.centre, centre, "seed {seed}");
        }
        // Edge deployment only, whatever was asked.
        assert!(matches!(setup.zones[0], Zone::Edge { .. }), "seed {seed}");
    }
    let table = json(&[
        "table",
        "--scenario",
        "capture",
        "--seed",
        "4",
        "--format",
        "json",
    ]);
    assert_eq!(table["scenario"], "capture");
    assert_eq!(table["marker"][2], 0.5);
}

#[test]
fn the_defence_objective_piece_stands_at_the_centre_with_nothing_within_eight_inches() {
    let cat = cat();
    for seed in 0..40 {
        let req = SetupRequest::new(&cat, ScenarioId::Defence, 200, DeploymentChoice::Edge, seed);
        let setup = generate(&cat, &req);
        let objectives: Vec<_> = setup.table.pieces.iter().filter(|p| p.objective).collect();
        assert_eq!(objectives.len(), 1, "seed {seed}");
        let objective = objectives[0];
        let size = setup.table.size;
        assert!(objective.shape.contains(Point::new(size / 2.0, size / 2.0)));
        for p in setup.table.pieces.iter().filter(|p| !p.objective) {
            assert!(
                p.shape.distance_to_polygon(&objective.shape) >= 8.0 - 1e-9,
                "seed {seed}: {} is too near the objective",
                p.name
            );
        }
        // The defender deploys around the objective, the attacker on an edge.
        let attacker = setup.attacker.expect("roles");
        assert!(matches!(setup.zones[attacker], Zone::Edge { .. }));
        assert!(matches!(setup.zones[1 - attacker], Zone::Around { .. }));
    }
}

#[test]
fn duel_tournament_and_assassination_tables_follow_their_scenarios() {
    let cat = cat();
    for seed in 0..30 {
        let duel = generate(
            &cat,
            &SetupRequest::new(&cat, ScenarioId::Duel, 150, DeploymentChoice::Edge, seed),
        );
        let circle = duel.circle.expect("the duel circle");
        assert!((circle.radius - 6.0).abs() < 1e-9);
        for p in &duel.table.pieces {
            assert!(
                p.shape.distance_to_point(circle.centre) > circle.radius,
                "seed {seed}"
            );
        }
        let tournament = generate(
            &cat,
            &SetupRequest::new(
                &cat,
                ScenarioId::Tournament,
                150,
                DeploymentChoice::Edge,
                seed,
            ),
        );
        assert!(tournament.table.pieces.is_empty());
        assert_eq!(tournament.weather, None);
        assert_eq!(tournament.time_of_day, None);
        let assassination = generate(
            &cat,
            &SetupRequest::new(
                &cat,
                ScenarioId::Assassination,
                400,
                DeploymentChoice::Edge,
                seed,
            ),
        );
        assert_eq!(assassination.table.size, 36.0, "always a 36\" table");
        let village = generate(
            &cat,
            &SetupRequest::new(
                &cat,
                ScenarioId::DefendTheVillage,
                150,
                DeploymentChoice::Edge,
                seed,
            ),
        );
        let attacker = village.attacker.expect("roles");
        assert!(matches!(village.zones[attacker], Zone::AnyEdge { depth } if depth == 3.0));
        assert!(matches!(village.zones[1 - attacker], Zone::Table));
        assert!(
            village.table.pieces.first().is_some_and(|p| p.building),
            "seed {seed}: the defender's first piece is a building"
        );
    }
}

#[test]
fn simulate_takes_two_rosters_but_only_the_defender_in_an_assassination() {
    let run = |args: &[&str]| buntai().args(args).output().expect("runs");
    let two = run(&[
        "simulate",
        "examples/bushi-150.toml",
        "examples/koryu-150.toml",
        "--scenario",
        "assassination",
    ]);
    assert_eq!(two.status.code(), Some(2));
    let err = String::from_utf8_lossy(&two.stderr);
    assert!(err.contains("give only the defender's roster"), "{err}");
    let one = run(&["simulate", "examples/bushi-150.toml", "--games", "1"]);
    assert_eq!(one.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&one.stderr).contains("two rosters"));
    let list = json(&["scenarios", "--format", "json"]);
    for s in list.as_array().expect("a list") {
        assert_ne!(s["simulate"], "not-yet", "{} is played", s["id"]);
    }
}

#[test]
fn a_table_with_roles_names_the_attacker_and_the_defender_in_its_legend() {
    let out = buntai()
        .args([
            "table",
            "--scenario",
            "defence",
            "--points",
            "200",
            "--seed",
            "5",
            "--format",
            "svg",
        ])
        .output()
        .expect("runs");
    assert!(out.status.success());
    let svg = String::from_utf8_lossy(&out.stdout);
    assert_eq!(svg.matches("(attacker)").count(), 1, "{svg}");
    assert_eq!(svg.matches("(defender)").count(), 1);
    let skirmish = buntai()
        .args(["table", "--points", "200", "--seed", "5", "--format", "svg"])
        .output()
        .expect("runs");
    assert!(!String::from_utf8_lossy(&skirmish.stdout).contains("(attacker)"));
}

#[test]
fn simulate_warns_when_the_rosters_are_not_the_forces_the_scenario_asks_for() {
    let stderr = |args: &[&str]| {
        let out = buntai().args(args).output().expect("runs");
        assert!(out.status.success(), "plays anyway");
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    let unequal = stderr(&[
        "simulate",
        "examples/bushi-200.toml",
        "examples/koryu-100.toml",
        "--games",
        "2",
    ]);
    assert!(unequal.contains("asks for equal points"), "{unequal}");
    let double = stderr(&[
        "simulate",
        "examples/bushi-200.toml",
        "examples/koryu-100.toml",
        "--scenario",
        "defence",
        "--games",
        "2",
    ]);
    assert!(
        !double.contains("warning"),
        "200 against 100 is the Defence: {double}"
    );
    let short = stderr(&[
        "simulate",
        "examples/bushi-150.toml",
        "examples/koryu-100.toml",
        "--scenario",
        "defence",
        "--games",
        "2",
    ]);
    assert!(short.contains("twice the defender's points"), "{short}");
}
