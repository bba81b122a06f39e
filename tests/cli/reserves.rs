//! Reserves and the deployment roll-off's choice of Edge or Corner (tp.59).

use buntai::ronin::engine::SeededDice;
use buntai::ronin::engine::events::{Event, EventLog};
use buntai::ronin::engine::game::play::{Action, Activation, keep_reserves, play};
use buntai::ronin::engine::game::unit::Status;
use buntai::ronin::engine::table::Point;
use buntai::ronin::engine::table::path::MoveKind;
use buntai::ronin::engine::table::setup::{DeploymentChoice, SetupRequest, Zone, generate};
use buntai::ronin::model::ScenarioId;

use crate::scoring::{cat, game, units, units_from};
use crate::script::Script;

#[test]
fn t14_seven_models_deploy_four_and_bring_three_on_from_turn_two() {
    let cat = cat();
    let a = units_from(
        &cat,
        "bushi",
        "[[models]]\nprofile = \"ashigaru\"\nweapons = [\"yumi\"]\ncount = 7\n",
        0,
    );
    let b = units(&cat, "bushi", &[("samurai", 1)], 1);
    let mut g = game(&cat, ["bushi", "bushi"], [a, b], &[6, 4, 4]);
    keep_reserves(
        &mut g,
        &mut [&mut Script::defending(), &mut Script::defending()],
        &mut EventLog::off(),
    );
    let status = |g: &buntai::ronin::engine::game::play::Game<'_>, k: usize| g.units[k].status;
    assert!(
        (0..4).all(|k| status(&g, k) == Status::OnTable),
        "4 deployed"
    );
    assert!(
        (4..7).all(|k| status(&g, k) == Status::Reserve),
        "3 kept back"
    );
    assert_eq!(g.reserve_wave[0], 2, "up to 2 in turn 2");
    // B's lone Samurai stands 16" in from A's entry edge, in the open; B has no reserves. A's
    // reserves enter clear of its deployed models, which stand nearest the middle of the edge.
    let Zone::Edge { edge: 0, .. } = g.setup.zones[0] else {
        panic!("A deploys on the south edge of the bare table");
    };
    g.units[7].base.centre = Point::new(12.0, 16.0);
    let spot = |x: f64| Point::new(x, -0.5);
    assert!(
        (4..7).all(|k| (g.units[k].base.centre.y + 0.5).abs() < 1e-9),
        "a reserve waits one radius outside its edge"
    );
    let enter = |unit: usize, x: f64, kind: MoveKind, to: f64| Activation::Enter {
        unit,
        from: spot(x),
        kind,
        path: vec![Point::new(x, to)],
    };
    let mut a = Script::defending()
        .moves(vec![
            (1, enter(4, 2.0, MoveKind::Normal, 5.0)),
            (2, enter(4, 2.0, MoveKind::Normal, 5.0)),
            (2, enter(5, 4.0, MoveKind::Normal, 5.0)),
            (2, enter(6, 21.0, MoveKind::Normal, 5.0)),
            (3, enter(6, 21.0, MoveKind::Run, 8.0)),
        ])
        .actions(vec![
            (
                2,
                Action::Shoot {
                    unit: 4,
                    target: 7,
                    weapon: 0,
                },
            ),
            (
                3,
                Action::Shoot {
                    unit: 6,
                    target: 7,
                    weapon: 0,
                },
            ),
        ]);
    let mut b = Script::defending();
    let mut dice = SeededDice::new(2, 0);
    let mut events = EventLog::recording();
    play(&mut g, &mut [&mut a, &mut b], &mut dice, &mut events);
    let events = events.into_vec();
    let name = |k: usize| g.units[k].fighter.name.to_string();
    let mut turn = 0;
    let mut entries = Vec::new();
    let mut shots = Vec::new();
    for e in &events {
        match e {
            Event::Turn { turn: t } => turn = *t,
            Event::TableMove { model, from, .. } if from[1] < 0.0 => {
                entries.push((turn, model.clone()));
            }
            Event::Shot {
                shooter, modifiers, ..
            } => shots.push((turn, shooter.clone(), modifiers.clone())),
            _ => {}
        }
    }
    assert_eq!(
        entries,
        vec![(2, name(4)), (2, name(5)), (3, name(6))],
        "none in turn 1, two in turn 2, the last in turn 3"
    );
    let moved = |k: usize, t: u32| {
        shots
            .iter()
            .find(|(turn, s, _)| *turn == t && *s == name(k))
            .map(|(_, _, m)| {
                m.iter()
                    .filter(|(why, _)| why.starts_with("shooter"))
                    .map(|(_, v)| *v)
                    .sum::<i32>()
            })
    };
    assert_eq!(moved(4, 2), Some(-1), "entered by a normal move");
    assert_eq!(moved(6, 3), Some(-2), "entered at a run");
}

#[test]
fn the_deployment_roll_off_winner_chooses_edge_or_corner() {
    let cat = cat();
    let mut seen = [false; 2];
    for seed in 0..40 {
        let request = SetupRequest {
            wishes: Some([DeploymentChoice::Corner, DeploymentChoice::Edge]),
            ..SetupRequest::new(
                &cat,
                ScenarioId::Skirmish,
                150,
                DeploymentChoice::Edge,
                seed,
            )
        };
        let setup = generate(&cat, &request);
        let step = setup
            .log
            .iter()
            .find(|s| s.step == "deployment")
            .expect("a deployment step");
        let a_won = step.result.starts_with("side A");
        let corner = matches!(setup.zones[0], Zone::Corner { .. });
        assert_eq!(corner, a_won, "{}", step.result);
        seen[usize::from(a_won)] = true;
    }
    assert_eq!(seen, [true; 2], "each side won some roll-offs");
}

#[test]
fn simulate_with_reserves_from_the_corners_logs_each_entry() {
    let dir = tempfile::tempdir().expect("dir");
    let log = dir.path().join("game.jsonl");
    let out = crate::support::buntai()
        .current_dir(crate::support::repo())
        .args([
            "simulate",
            "examples/ming-chinese-200.toml",
            "examples/koreans-200.toml",
            "--scenario",
            "skirmish",
            "--reserves",
            "--deployment",
            "corner",
            "--games",
            "6",
            "--log",
        ])
        .arg(&log)
        .output()
        .expect("runs");
    crate::support::succeeded(&out);
    let events = crate::support::json_lines(&log);
    let count = |kind: &str| events.iter().filter(|e| e["event"] == kind).count();
    assert!(count("reserve") >= 2, "both sides keep reserves back");
    assert!(count("enter") >= 1, "reserves come on");
    assert!(count("enter") <= count("reserve"));
    // Corner deployment: every deployed base centre within 5.5" of a corner (R-104).
    let size = events
        .iter()
        .find(|e| e["event"] == "table-setup")
        .and_then(|e| e["size"].as_f64())
        .expect("the table's size");
    for e in events.iter().filter(|e| e["event"] == "deploy") {
        let (x, y) = (e["x"].as_f64().expect("x"), e["y"].as_f64().expect("y"));
        let near = [(0.0, 0.0), (size, size), (0.0, size), (size, 0.0)]
            .iter()
            .any(|(cx, cy)| ((x - cx).powi(2) + (y - cy).powi(2)).sqrt() <= 5.5 + 1e-9);
        assert!(near, "({x}, {y}) is in a corner zone");
    }
}
