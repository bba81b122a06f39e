//! The Capture scenario (R-94, R-112, PLAY-DIGEST T70): the objective marker, lifting and
//! carrying it, carrying it off over the carriers' own edge, and who controls it at the end.

use buntai::ronin::engine::dice::ScriptedDice;
use buntai::ronin::engine::events::{Event, EventLog};
use buntai::ronin::engine::game::play::{Action, Activation, Game};
use buntai::ronin::engine::game::unit::Status;
use buntai::ronin::engine::table::path::MoveKind;
use buntai::ronin::engine::table::setup::{DeploymentChoice, SetupRequest, Zone, generate_on};
use buntai::ronin::engine::table::{Point, Table};
use buntai::ronin::model::{Catalogue, ScenarioId};

use crate::scoring::{cat, objective_vp, units_from};
use crate::script::{Script, play_all, play_turn_one};

const ASHIGARU: &str = "[[models]]\nprofile = \"ashigaru\"\ncount = 2\n";
const SOLDIERS: &str = "[[models]]\nprofile = \"soldier\"\ncount = 2\n";

/// A Capture on a bare 24" table: the marker at (12, 12); side A's edge the south one, B's the
/// north. Two Bushi Ashigaru (0, 1) against two Ming Soldiers (2, 3), at `at`.
fn capture<'c>(cat: &'c Catalogue, at: [Point; 4]) -> Game<'c> {
    let request = SetupRequest::new(cat, ScenarioId::Capture, 100, DeploymentChoice::Edge, 1);
    let bare = Table::new(24.0, Vec::new());
    let mut setup = generate_on(cat, &request, Some(&bare));
    setup.zones = [
        Zone::Edge {
            edge: 0,
            depth: 2.0,
        },
        Zone::Edge {
            edge: 2,
            depth: 2.0,
        },
    ];
    // No dice at set-up: 8 turns, no minor objectives.
    let mut dice = ScriptedDice::new(&[]);
    let mut g = Game::from_setup(
        cat,
        [
            cat.faction("bushi").expect("bushi"),
            cat.faction("ming-chinese").expect("ming"),
        ],
        [
            units_from(cat, "bushi", ASHIGARU, 0),
            units_from(cat, "ming-chinese", SOLDIERS, 1),
        ],
        setup,
        &mut dice,
        &mut EventLog::off(),
    );
    for (u, p) in g.units.iter_mut().zip(at) {
        u.base.centre = p;
    }
    g
}

/// [`far`] with some models moved: (index, where).
fn placed(changes: &[(usize, Point)]) -> [Point; 4] {
    let mut at = far();
    for &(i, p) in changes {
        at[i] = p;
    }
    at
}

fn far() -> [Point; 4] {
    [
        Point::new(3.0, 3.0),
        Point::new(5.0, 3.0),
        Point::new(3.0, 21.0),
        Point::new(5.0, 21.0),
    ]
}

/// The edge-to-edge distance at which a base of radius 0.5 touches the 1" marker at (12, 12),
/// from the south.
fn touching_south() -> Point {
    Point::new(12.0, 12.0 - 1.0 - 0.004)
}

#[test]
fn t70_a_capture_lasts_eight_turns_with_the_marker_at_the_centre() {
    let cat = cat();
    let g = capture(&cat, far());
    assert_eq!(g.turn_limit, 8);
    let o = g.objective.as_ref().expect("an objective");
    assert_eq!(o.at.centre, Point::new(12.0, 12.0));
    assert!((o.at.radius - 0.5).abs() < 1e-9);
    assert!(
        g.objectives.iter().all(Option::is_none),
        "no minor objectives"
    );
}

#[test]
fn t70_two_unengaged_carriers_control_the_objective_for_five_vp() {
    let cat = cat();
    let mut g = capture(
        &cat,
        placed(&[(0, touching_south()), (1, Point::new(12.0 + 1.004, 12.0))]),
    );
    assert!(g.may_lift(0) && g.may_lift(1));
    g.objective.as_mut().expect("objective").carriers = vec![0, 1];
    assert_eq!(g.marker_controller(), Some(0));
    assert_eq!(objective_vp(&mut g), [10, 0], "5 VP, in half points");
}

#[test]
fn t70_touching_the_objective_while_engaged_gives_no_control() {
    let cat = cat();
    // A Soldier in contact with the Ashigaru (south of it): engaged.
    let mut g = capture(
        &cat,
        placed(&[
            (0, touching_south()),
            (2, Point::new(12.0, 12.0 - 1.0 - 0.004 - 1.004)),
        ]),
    );
    assert!(g.touches_marker(0) && g.engaged(0));
    assert_eq!(g.marker_controller(), None);
    assert!(!g.may_lift(0), "an engaged model may not lift it");
    assert_eq!(objective_vp(&mut g), [0, 0]);
}

#[test]
fn t70_both_sides_touching_the_objective_unengaged_control_nothing() {
    let cat = cat();
    let mut g = capture(
        &cat,
        placed(&[(0, touching_south()), (2, Point::new(12.0, 12.0 + 1.004))]),
    );
    assert!(g.touches_marker(0) && g.touches_marker(2));
    assert!(!g.engaged(0) && !g.engaged(2));
    assert_eq!(g.marker_controller(), None);
    assert_eq!(objective_vp(&mut g), [0, 0]);
}

#[test]
fn a_lone_carrier_is_encumbered_and_a_shared_objective_is_not() {
    let cat = cat();
    let mut g = capture(
        &cat,
        placed(&[(0, touching_south()), (1, Point::new(12.0 + 1.004, 12.0))]),
    );
    g.objective.as_mut().expect("objective").carriers = vec![0];
    assert!(g.mover(0).encumbered);
    assert!(!g.mover(1).encumbered);
    let halved = g
        .check_path(0, MoveKind::Normal, &[Point::new(12.0, 7.0)])
        .expect_err("4\" is beyond a halved allowance");
    assert!(format!("{halved:?}").contains("TooLong"), "{halved:?}");
    g.objective.as_mut().expect("objective").carriers = vec![0, 1];
    assert!(!g.mover(0).encumbered && !g.mover(1).encumbered);
}

#[test]
fn a_model_lifts_the_objective_and_two_carriers_move_it_together() {
    let cat = cat();
    let mut g = capture(
        &cat,
        placed(&[(0, touching_south()), (1, Point::new(12.0 + 1.004, 12.0))]),
    );
    let mut a = Script::defending()
        .actions(vec![
            (1, Action::Lift { unit: 0 }),
            (1, Action::Lift { unit: 1 }),
        ])
        .moves(vec![(
            2,
            Activation::Move {
                unit: 0,
                kind: MoveKind::Normal,
                path: vec![Point::new(12.0, 7.0)],
            },
        )]);
    let mut b = Script::defending();
    let events = play_all(&mut g, &mut a, &mut b, 3);
    let lifts: Vec<bool> = events
        .iter()
        .filter_map(|e| match e {
            Event::Lift { shared, .. } => Some(*shared),
            _ => None,
        })
        .collect();
    assert_eq!(lifts, vec![false, true], "the second carrier shares it");
    // Turn 2: both carriers moved 4" south, the marker with them.
    let moves: Vec<(&str, [f64; 2])> = events
        .iter()
        .filter_map(|e| match e {
            Event::TableMove { model, path, .. } => Some((model.as_str(), path[path.len() - 1])),
            _ => None,
        })
        .collect();
    assert_eq!(moves.len(), 2, "{moves:?}");
    assert!((moves[1].1[0] - (12.0 + 1.004)).abs() < 1e-9);
    assert!((moves[1].1[1] - 7.0 - 1.004).abs() < 1e-9);
}

#[test]
fn carriers_leave_over_their_own_edge_and_score_the_objective() {
    let cat = cat();
    let mut g = capture(&cat, placed(&[(0, Point::new(12.0, 3.0))]));
    {
        let o = g.objective.as_mut().expect("objective");
        o.at.centre = Point::new(12.0, 4.004);
        o.carriers = vec![0];
    }
    g.units[0].fighter.carrying = true;
    let path = g
        .carry_off_path(0)
        .expect("2.5\" to the south edge, within 3\"");
    let far_carrier = {
        let mut h = capture(&cat, far());
        h.units[0].base.centre = Point::new(12.0, 9.0);
        h.objective.as_mut().expect("objective").carriers = vec![0];
        h.carry_off_path(0)
    };
    assert_eq!(
        far_carrier, None,
        "8.5\" is beyond an Encumbered carrier's 3\""
    );
    let mut a = Script::defending().moves(vec![(1, Activation::CarryOff { unit: 0, path })]);
    let mut b = Script::defending();
    let events = play_turn_one(&mut g, &mut a, &mut b, 5);
    assert!(events.iter().any(|e| matches!(e, Event::CarriedOff { .. })));
    assert_eq!(g.units[0].status, Status::CarriedOff);
    let scored = events.iter().any(|e| {
        matches!(e, Event::Vp { side, reason, half_points: 10 }
            if side == "A" && reason.contains("carried off"))
    });
    assert!(scored, "5 VP to A");
    assert_eq!(g.marker_controller(), None, "gone from the table");
}

#[test]
fn a_carrier_that_becomes_engaged_drops_the_objective_or_keeps_it() {
    for drop in [true, false] {
        let cat = cat();
        let mut g = capture(
            &cat,
            placed(&[(0, Point::new(12.0, 8.0)), (2, Point::new(12.0, 11.0))]),
        );
        {
            let o = g.objective.as_mut().expect("objective");
            o.at.centre = Point::new(12.0, 6.996);
            o.carriers = vec![0];
        }
        let mut a = Script::defending();
        a.drop_carried = drop;
        let mut b = Script::defending().moves(vec![(
            1,
            Activation::Move {
                unit: 2,
                kind: MoveKind::Normal,
                path: vec![Point::new(12.0, 9.0)],
            },
        )]);
        let events = play_turn_one(&mut g, &mut a, &mut b, 9);
        let set_down = events
            .iter()
            .any(|e| matches!(e, Event::SetDown { why, .. } if why.contains("engaged")));
        assert_eq!(set_down, drop, "drop {drop}");
    }
}

#[test]
fn simulate_plays_capture_and_its_replay_draws_the_objective() {
    let dir = tempfile::tempdir().expect("temp dir");
    let replay = dir.path().join("capture.html");
    let report = crate::support::simulated_report(&[
        "examples/bushi-100.toml",
        "examples/koryu-100.toml",
        "--scenario",
        "capture",
        "--games",
        "20",
        "--seed",
        "4",
    ]);
    assert_eq!(report["scenario"], "capture");
    let turns = report["mean_turns"].as_f64().expect("turns");
    assert!(turns <= 8.0, "a Capture lasts 8 turns at most: {turns}");
    let out = crate::support::buntai()
        .args([
            "simulate",
            "examples/bushi-100.toml",
            "examples/koryu-100.toml",
            "--scenario",
            "capture",
            "--games",
            "1",
            "--seed",
            "4",
            "--replay",
        ])
        .arg(&replay)
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let page = std::fs::read_to_string(&replay).expect("the replay");
    assert!(page.contains(r#"class="objective""#), "the marker is drawn");
    assert!(page.contains("the objective"), "and named in the legend");
    let refused = crate::support::buntai()
        .args([
            "simulate",
            "examples/bushi-100.toml",
            "examples/koryu-100.toml",
            "--scenario",
            "capture",
            "--reserves",
        ])
        .output()
        .expect("runs");
    assert_eq!(refused.status.code(), Some(2), "Capture has no reserves");
}
