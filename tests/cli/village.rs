//! Defend the Village (R-88, R-117, PLAY-DIGEST T75): the defender's Civilians, their moves,
//! their roll in a combat, and what they are worth.

use buntai::ronin::engine::dice::ScriptedDice;
use buntai::ronin::engine::events::{Event, EventLog};
use buntai::ronin::engine::game::play::{Activation, Game, final_scoring};
use buntai::ronin::engine::game::unit::scenario_units;
use buntai::ronin::engine::table::path::MoveKind;
use buntai::ronin::engine::table::setup::{DeploymentChoice, SetupRequest, generate_on};
use buntai::ronin::engine::table::{Point, Table};
use buntai::ronin::model::{Catalogue, ScenarioId};

use crate::scoring::{cat, kill, units_from};
use crate::script::{Script, play_all, play_turn_one};
use crate::support::simulated_log;

/// A village on a bare 24" table: A (a Bushi Ashigaru, 0) attacks; B defends with a Ming
/// Soldier (1) and two Civilians (2, 3).
fn village(cat: &Catalogue, at: [Point; 4]) -> Game<'_> {
    let request = SetupRequest {
        attacker: Some(0),
        ..SetupRequest::new(
            cat,
            ScenarioId::DefendTheVillage,
            100,
            DeploymentChoice::Edge,
            1,
        )
    };
    let bare = Table::new(24.0, Vec::new());
    let setup = generate_on(cat, &request, Some(&bare));
    let mut defenders = units_from(
        cat,
        "ming-chinese",
        "[[models]]\nprofile = \"soldier\"\n",
        1,
    );
    let mut civilians = scenario_units(cat, "civilian", 2, 1, 1);
    for c in &mut civilians {
        c.civilian = true;
        c.fearless = true;
    }
    defenders.extend(civilians);
    // 12 turns at most: no dice at set-up.
    let mut dice = ScriptedDice::new(&[]);
    let mut g = Game::from_setup(
        cat,
        [
            cat.faction("bushi").expect("bushi"),
            cat.faction("ming-chinese").expect("ming"),
        ],
        [
            units_from(cat, "bushi", "[[models]]\nprofile = \"ashigaru\"\n", 0),
            defenders,
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

fn spread() -> [Point; 4] {
    [
        Point::new(2.0, 2.0),
        Point::new(12.0, 12.0),
        Point::new(14.0, 12.0),
        Point::new(22.0, 22.0),
    ]
}

#[test]
fn t75_a_hundred_point_defender_protects_four_civilians() {
    let events = simulated_log(&[
        "examples/koryu-100.toml",
        "examples/bushi-100.toml",
        "--scenario",
        "defend-the-village",
        "--attacker",
        "a",
    ]);
    let civilians = events
        .iter()
        .filter(|e| e["event"] == "deploy")
        .filter_map(|e| e["model"].as_str())
        .filter(|m| m.starts_with('B') && m.contains("Civilian"))
        .count();
    assert_eq!(civilians, 4, "floor(100 / 25) for the defender, B");
}

#[test]
fn t75_a_civilian_moves_only_with_a_defender_within_six_inches_and_never_runs() {
    let cat = cat();
    let walk = |unit: usize, kind: MoveKind, to: Point| Activation::Move {
        unit,
        kind,
        path: vec![to],
    };
    let moved = |g: &mut Game<'_>, activation: Activation| {
        let mut a = Script::defending();
        let mut b = Script::defending().moves(vec![(1, activation)]);
        let events = play_turn_one(g, &mut a, &mut b, 3);
        events
            .iter()
            .any(|e| matches!(e, Event::TableMove { model, .. } if model.contains("Civilian")))
    };
    // Civilian 2 stands 1" from the Soldier: it may walk. Civilian 3 is alone: it may not.
    let mut g = village(&cat, spread());
    assert!(g.escorted(2) && !g.escorted(3));
    assert!(moved(
        &mut g,
        walk(2, MoveKind::Normal, Point::new(14.0, 15.0))
    ));
    let mut g = village(&cat, spread());
    assert!(!moved(
        &mut g,
        walk(3, MoveKind::Normal, Point::new(20.0, 20.0))
    ));
    let mut g = village(&cat, spread());
    assert!(
        !moved(&mut g, walk(2, MoveKind::Run, Point::new(14.0, 18.0))),
        "no Run"
    );
    let g = village(&cat, spread());
    assert!(!g.may_engage(2), "never engages by choice");
    assert!(
        g.check_path(3, MoveKind::Normal, &[Point::new(24.5, 22.0)])
            .is_err(),
        "never off the table"
    );
}

#[test]
fn t75_each_slain_civilian_scores_three_for_the_attacker_and_each_survivor_three_for_the_defender()
{
    let cat = cat();
    let mut g = village(&cat, spread());
    let before = g.vp;
    kill(&mut g, 3, 0);
    assert_eq!(
        g.vp[0] - before[0],
        6,
        "+3 VP to the attacker, in half points"
    );
    let mut events = EventLog::recording();
    final_scoring(&mut g, &mut events);
    let saved: i32 = events
        .into_vec()
        .iter()
        .filter_map(|e| match e {
            Event::Vp {
                side, half_points, ..
            } if side == "B" => Some(*half_points),
            _ => None,
        })
        .sum();
    assert_eq!(saved, 6, "one Civilian alive: +3 VP to the defender");
}

#[test]
fn civilian_deaths_never_make_the_defender_take_a_morale_test() {
    let cat = cat();
    let mut g = village(&cat, spread());
    // Both Civilians slain before turn 1: half the defender's side, but none of its Buntai.
    kill(&mut g, 2, 0);
    kill(&mut g, 3, 0);
    assert_eq!(g.criticals_this_turn(1), 0, "no Critical of the Buntai");
    let events = play_all(
        &mut g,
        &mut Script::defending(),
        &mut Script::defending(),
        5,
    );
    let tests: Vec<&Event> = events
        .iter()
        .filter(|e| matches!(e, Event::MoraleTest { .. }))
        .collect();
    assert!(tests.is_empty(), "no test is due: {tests:?}");
    // The Soldier's own death is a Critical of the Buntai (its whole starting strength).
    let mut g = village(&cat, spread());
    kill(&mut g, 1, 0);
    assert_eq!(g.criticals_this_turn(1), 1);
}

#[test]
fn a_civilian_that_rolls_three_or_less_fights_with_nothing() {
    // Over simulated villages, each Civilian's roll at the start of a Combat Phase: on 1-3 it
    // draws no counters in that phase's combat; on 4-6 it draws its pool (seen to draw some).
    let mut events: Vec<serde_json::Value> = Vec::new();
    for seed in 0..24 {
        events.extend(simulated_log(&[
            "examples/bushi-150.toml",
            "examples/ikko-ikki-150.toml",
            "--scenario",
            "defend-the-village",
            "--attacker",
            "a",
            "--seed",
            &seed.to_string(),
        ]));
    }
    let (mut panicked, mut fought) = (0, 0);
    for (i, e) in events.iter().enumerate() {
        if e["event"] != "civilian-roll" {
            continue;
        }
        let model = e["model"].as_str().expect("model");
        let fights = e["fights"].as_bool().expect("fights");
        assert_eq!(fights, e["roll"].as_u64().expect("roll") >= 4);
        let split = events[i..]
            .iter()
            .take_while(|x| x["event"] != "turn")
            .find(|x| x["event"] == "split" && x["fighter"] == model);
        if let Some(split) = split {
            let counters =
                split["attack"].as_i64().unwrap_or(0) + split["defence"].as_i64().unwrap_or(0);
            if fights {
                // Its own pool (a Stunned Civilian may have none left).
                fought += usize::from(counters > 0);
            } else {
                panicked += 1;
                assert_eq!(counters, 0, "{split}");
            }
        }
    }
    assert!(
        panicked > 0 && fought > 0,
        "both rolls seen: {panicked} {fought}"
    );
}

#[test]
fn the_replay_draws_civilians_paler_than_their_side() {
    let dir = tempfile::tempdir().expect("temp dir");
    let replay = dir.path().join("village.html");
    let out = crate::support::buntai()
        .args([
            "simulate",
            "examples/koryu-100.toml",
            "examples/bushi-100.toml",
            "--scenario",
            "defend-the-village",
            "--attacker",
            "a",
            "--games",
            "1",
            "--replay",
        ])
        .arg(&replay)
        .output()
        .expect("runs");
    assert!(out.status.success());
    let page = std::fs::read_to_string(&replay).expect("the replay");
    let civilian = page
        .split("<circle")
        .find(|c| c.contains("Civilian</title>"))
        .expect("a Civilian drawn");
    assert!(
        civilian.contains("#9dbfe0"),
        "pale blue for B's Civilians: {civilian}"
    );
}
