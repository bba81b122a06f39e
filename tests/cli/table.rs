//! `buntai table` through the binary, table files with bad geometry, and properties of generated
//! tables, paths and lines of sight.

use buntai::ronin::engine::table::path::{
    MoveKind, MoveRules, Mover, Others, check_move, shortest_path,
};
use buntai::ronin::engine::table::setup::{DeploymentChoice, SetupRequest, generate};
use buntai::ronin::engine::table::sight::{Crowd, Looker, SightMap};
use buntai::ronin::engine::table::{Circle, Point};
use buntai::ronin::load::{DataSource, load};
use buntai::ronin::model::ScenarioId;
use buntai::ronin::model::{Movement, Sight};
use proptest::prelude::*;

use crate::support::{buntai, json};

fn write(dir: &tempfile::TempDir, name: &str, text: &str) -> std::path::PathBuf {
    let path = dir.path().join(name);
    std::fs::write(&path, text).expect("write");
    path
}

#[test]
fn the_same_seed_gives_the_same_table_and_another_seed_another() {
    let run = |seed: &str| {
        buntai()
            .args([
                "table", "--points", "200", "--seed", seed, "--format", "json",
            ])
            .output()
            .expect("runs")
    };
    let (a, b, c) = (run("7"), run("7"), run("8"));
    assert!(a.status.success());
    assert_eq!(a.stdout, b.stdout);
    assert_ne!(a.stdout, c.stdout);
    let table = json(&a);
    assert_eq!(table["size"], 36.0);
    let pieces = table["pieces"].as_array().expect("pieces");
    assert!((4..=6).contains(&pieces.len()), "d3+3 pieces at 200 points");
    for p in pieces {
        assert!(p["polygon"].as_array().expect("polygon").len() >= 3);
        assert!(p["kind"].is_string() && p["movement"].is_string());
    }
    assert_eq!(table["zones"].as_array().map(Vec::len), Some(2));
    assert!(
        table["log"]
            .as_array()
            .expect("log")
            .iter()
            .any(|s| s["step"] == "weather")
    );
}

#[test]
fn the_svg_is_to_scale_with_a_piece_per_polygon_zones_and_a_legend() {
    let out = buntai()
        .args(["table", "--points", "250", "--seed", "3", "--format", "svg"])
        .output()
        .expect("runs");
    assert!(out.status.success());
    let svg = String::from_utf8(out.stdout).expect("utf-8");
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert!(
        svg.contains(r#"width="48" height="48""#),
        "the table is 48 units: one per inch"
    );
    let pieces = json(
        &buntai()
            .args([
                "table", "--points", "250", "--seed", "3", "--format", "json",
            ])
            .output()
            .expect("runs"),
    )["pieces"]
        .as_array()
        .map_or(0, Vec::len);
    assert_eq!(svg.matches(r#"class="piece""#).count(), pieces);
    assert_eq!(svg.matches(r#"class="zone""#).count(), 2);
    assert!(svg.contains("Terrain") && svg.contains("Deployment"));
    assert!(
        !svg.contains("http://") || svg.matches("http://").count() == 1,
        "no external resources"
    );
}

#[test]
fn a_table_file_is_checked_and_shown() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = write(
        &dir,
        "table.toml",
        r#"size = 36

[[pieces]]
kind = "wood"
circle = { x = 10, y = 10, radius = 4 }

[[pieces]]
kind = "building"
rectangle = { x = 20, y = 20, width = 6, height = 4 }
openings = [{ from = [22, 20], to = [23.2, 20] }]
"#,
    );
    let out = buntai()
        .args(["table", "--format", "json", "--table"])
        .arg(&path)
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let table = json(&out);
    assert_eq!(table["size"], 36.0);
    assert_eq!(table["pieces"][0]["kind"], "wood");
    assert_eq!(
        table["pieces"][0]["polygon"].as_array().map(Vec::len),
        Some(24)
    );
    assert_eq!(table["pieces"][1]["openings"][0]["kind"], "door");
}

fn refused(text: &str) -> String {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = write(&dir, "bad.toml", text);
    let out = buntai()
        .args(["table", "--table"])
        .arg(&path)
        .output()
        .expect("runs");
    assert_eq!(
        out.status.code(),
        Some(1),
        "a bad table is refused with exit code 1"
    );
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn a_self_intersecting_piece_is_a_located_diagnostic() {
    let err = refused(
        "size = 24\n\n[[pieces]]\nkind = \"wood\"\npolygon = [[0, 0], [4, 4], [4, 0], [0, 4]]\n",
    );
    assert!(err.contains("table::self-intersecting"), "{err}");
    assert!(err.contains("bad.toml:5"), "located at the polygon: {err}");
}

#[test]
fn a_piece_off_the_table_is_a_located_diagnostic() {
    let err = refused(
        "size = 24\n\n[[pieces]]\nkind = \"hill\"\nrectangle = { x = 20, y = 2, width = 6, height = 3 }\n",
    );
    assert!(
        err.contains("table::off-table") && err.contains("bad.toml:5"),
        "{err}"
    );
}

#[test]
fn overlapping_impassable_pieces_are_a_located_diagnostic() {
    let err = refused(
        "size = 24\n\n[[pieces]]\nkind = \"high-wall\"\nrectangle = { x = 2, y = 2, width = 8, height = 0.5 }\n\n[[pieces]]\nkind = \"cliff\"\nrectangle = { x = 5, y = 1, width = 3, height = 3 }\n",
    );
    assert!(err.contains("table::overlap"), "{err}");
}

#[test]
fn an_unknown_kind_suggests_the_nearest() {
    let err = refused(
        "size = 24\n\n[[pieces]]\nkind = \"wod\"\nrectangle = { x = 2, y = 2, width = 3, height = 3 }\n",
    );
    assert!(
        err.contains("table::unknown-kind") && err.contains("wood"),
        "{err}"
    );
}

#[test]
fn an_opening_off_the_wall_is_refused() {
    let err = refused(
        "size = 24\n\n[[pieces]]\nkind = \"building\"\nrectangle = { x = 2, y = 2, width = 6, height = 4 }\nopenings = [{ from = [3, 3], to = [4, 3] }]\n",
    );
    assert!(err.contains("table::opening"), "{err}");
}

#[test]
fn a_table_picture_is_written_through_the_one_writer() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("t.svg");
    buntai()
        .args(["table", "--format", "svg", "-o"])
        .arg(&out)
        .assert()
        .success();
    assert!(
        std::fs::read_to_string(&out)
            .expect("written")
            .contains("<svg")
    );
    // A second run does not overwrite without --force.
    buntai()
        .args(["table", "--format", "svg", "-o"])
        .arg(&out)
        .assert()
        .code(2);
}

fn catalogue() -> buntai::ronin::model::Catalogue {
    load(&DataSource::Embedded).expect("data")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn every_generated_table_is_legal(seed in 0u64..1_000_000, points in 50u32..400, corner in any::<bool>(), duel in any::<bool>()) {
        let cat = catalogue();
        let req = SetupRequest::new(
            &cat,
            if duel { ScenarioId::Duel } else { ScenarioId::Skirmish },
            points,
            if corner { DeploymentChoice::Corner } else { DeploymentChoice::Edge },
            seed,
        );
        let setup = generate(&cat, &req);
        let t = &setup.table;
        prop_assert_eq!(t.size, cat.terrain.table_size(points));
        for (i, p) in t.pieces.iter().enumerate() {
            let [lo_x, lo_y, hi_x, hi_y] = p.shape.bounds();
            prop_assert!(lo_x >= 0.0 && lo_y >= 0.0 && hi_x <= t.size && hi_y <= t.size);
            prop_assert!(p.shape.is_simple());
            for q in &t.pieces[i + 1..] {
                prop_assert!(p.shape.distance_to_polygon(&q.shape) >= cat.terrain.pieces.gap - 1e-9);
            }
            if let Some(c) = setup.circle {
                prop_assert!(p.shape.distance_to_point(c.centre) > c.radius);
            }
        }
        // Each zone has room for a base where a base may stand (a 0.25" grid).
        let steps = (t.size * 4.0) as u32;
        for zone in setup.zones {
            let room = (0..steps * steps).any(|k| {
                let p = Point::new(f64::from(k % steps) / 4.0, f64::from(k / steps) / 4.0);
                let base = Circle::new(p, 0.5);
                zone.holds(t.size, &base) && t.base_fits(&base)
            });
            prop_assert!(room, "zone {:?} has room", zone);
        }
    }

    #[test]
    fn shortest_paths_are_legal_and_never_cross_bases_or_impassable_ground(
        seed in 0u64..1_000_000,
        (sx, sy, gx, gy) in (1.0f64..35.0, 1.0f64..35.0, 1.0f64..35.0, 1.0f64..35.0),
        models in prop::collection::vec((1.0f64..35.0, 1.0f64..35.0), 0..6),
    ) {
        let cat = catalogue();
        let setup = generate(&cat, &SetupRequest::new(&cat, ScenarioId::Skirmish, 150, DeploymentChoice::Edge, seed));
        let t = &setup.table;
        let rules = MoveRules::from_catalogue(&cat);
        let start = Circle::new(Point::new(sx, sy), 0.5);
        let blocked = |c: &Circle| t.pieces.iter().any(|p| p.blocks_movement() && p.shape.overlaps_circle(c));
        let friends: Vec<Circle> = models
            .iter()
            .map(|&(x, y)| Circle::new(Point::new(x, y), 0.5))
            .filter(|c| c.edge_distance(&start) > 0.1 && !blocked(c))
            .collect();
        prop_assume!(!blocked(&start));
        let mover = Mover::on_foot(start);
        let others = Others { friends: &friends, enemies: &[] };
        if let Some(path) = shortest_path(t, &rules, &mover, MoveKind::Normal, Point::new(gx, gy), others) {
            let unlimited = MoveRules { normal: f64::INFINITY, ..rules };
            let check = check_move(t, &unlimited, &mover, MoveKind::Normal, &path, others);
            prop_assert!(check.is_ok(), "{:?}", check);
            // Sample the sweep: no base overlap, no impassable ground.
            let mut from = start.centre;
            for &to in &path {
                for k in 0..=20 {
                    let s = buntai::ronin::engine::table::Segment::new(from, to).at(f64::from(k) / 20.0);
                    let base = Circle::new(s, 0.5);
                    prop_assert!(!t.pieces.iter().any(|p| p.movement == Movement::Impassable && !p.building && p.shape.overlaps_circle(&base)));
                    prop_assert!(friends.iter().all(|f| base.centre.distance(f.centre) >= 1.0 - 1e-6));
                }
                from = to;
            }
            // A legal path within an allowance is accepted with it, and a longer one is not.
            let length = check.map(|c| c.length).unwrap_or_default();
            let exact = MoveRules { normal: length + 1e-6, ..rules };
            let is_difficult = check_move(t, &unlimited, &mover, MoveKind::Normal, &path, others).map(|c| c.difficult).unwrap_or(false);
            if !is_difficult {
                prop_assert!(check_move(t, &exact, &mover, MoveKind::Normal, &path, others).is_ok());
                let short = MoveRules { normal: (length - 0.01).max(0.0), floor: 0.0, ..rules };
                if length > 0.02 {
                    prop_assert!(check_move(t, &short, &mover, MoveKind::Normal, &path, others).is_err());
                }
            }
        }
    }

    #[test]
    fn line_of_sight_is_symmetric_where_the_rules_make_it_so(
        seed in 0u64..1_000_000,
        (ax, ay, bx, by) in (1.0f64..35.0, 1.0f64..35.0, 1.0f64..35.0, 1.0f64..35.0),
        models in prop::collection::vec((1.0f64..35.0, 1.0f64..35.0), 0..8),
    ) {
        let cat = catalogue();
        let setup = generate(&cat, &SetupRequest::new(&cat, ScenarioId::Skirmish, 150, DeploymentChoice::Edge, seed));
        let t = &setup.table;
        let (a, b) = (Circle::new(Point::new(ax, ay), 0.5), Circle::new(Point::new(bx, by), 0.5));
        prop_assume!(a.edge_distance(&b) > 0.0);
        // Heavy pieces and buildings with a model inside are one-sided by the rules (R-73).
        let one_sided = t.pieces.iter().any(|p| p.sight == Sight::Heavy
            || (p.sight == Sight::Building && (p.shape.contains(a.centre) || p.shape.contains(b.centre))));
        prop_assume!(!one_sided);
        let mut all = vec![a, b];
        all.extend(models.iter().map(|&(x, y)| Circle::new(Point::new(x, y), 0.5)));
        let map = SightMap::new(t, &cat.terrain.sight);
        let all = Crowd::new(&all);
        let ab = map.look(&a, &Looker { base: b, moved_or_shot: true }, &all, [0, 1], Some(24.0));
        let ba = map.look(&b, &Looker { base: a, moved_or_shot: true }, &all, [1, 0], Some(24.0));
        prop_assert_eq!(ab.visible(), ba.visible());
        prop_assert!((ab.distance - ba.distance).abs() < 1e-12 && ab.distance >= 0.0);
        prop_assert!((ab.light - ba.light).abs() < 1e-9);
    }
}
