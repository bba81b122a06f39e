//! The Tournament on the table (R-116, T74): each match two models on the 12" circle with the
//! whole turn sequence and no Morale; match points as rolled; matches won, then match points.

use buntai::ronin::engine::SeededDice;
use buntai::ronin::engine::events::EventLog;
use buntai::ronin::engine::game::play::{EndReason, Game, play, wound};
use buntai::ronin::engine::table::Point;
use buntai::ronin::engine::table::path::{MoveError, MoveKind};
use buntai::ronin::engine::table::setup::{DeploymentChoice, SetupRequest, generate};
use buntai::ronin::engine::tournament::decide;
use buntai::ronin::engine::wound::WoundResult;
use buntai::ronin::model::{Catalogue, ScenarioId};

use crate::scoring::{cat, units_from};
use crate::script::Script;

/// A match between a Samurai (A) and a Samurai (B) on the Tournament's table.
fn a_match(cat: &Catalogue) -> Game<'_> {
    a_match_of(cat, ["samurai", "samurai"])
}

/// A match between two Bushi models of these profiles on the Tournament's table.
fn a_match_of<'c>(cat: &'c Catalogue, profiles: [&str; 2]) -> Game<'c> {
    let sides = [0, 1].map(|s| {
        let model = format!("[[models]]\nprofile = \"{}\"\n", profiles[s]);
        units_from(cat, "bushi", &model, s)
    });
    let request = SetupRequest::new(cat, ScenarioId::Tournament, 0, DeploymentChoice::Edge, 1);
    let bushi = cat.faction("bushi").expect("bushi");
    Game::from_setup(
        cat,
        [bushi, bushi],
        sides,
        generate(cat, &request),
        &mut SeededDice::new(1, 0),
        &mut EventLog::off(),
    )
}

#[test]
fn an_undisguised_ninja_fights_its_match_from_the_circle_not_placed_by_r106() {
    let cat = cat();
    let g = a_match_of(&cat, ["ninja", "samurai"]);
    assert!(g.units[0].undisguised_ninja());
    let circle = g.setup.circle.expect("the duelling circle");
    for u in &g.units {
        assert!(
            (u.base.centre.distance(circle.centre) - 6.0).abs() < 1e-9,
            "{} on the circle: {:?}",
            u.fighter.name,
            u.base.centre
        );
    }
    assert!((g.units[0].base.edge_distance(&g.units[1].base) - 11.0).abs() < 1e-9);
}

#[test]
fn the_duellists_start_on_the_circle_eleven_inches_apart_and_never_leave_it() {
    let cat = cat();
    let g = a_match(&cat);
    let circle = g.setup.circle.expect("the duelling circle");
    assert!((circle.radius - 6.0).abs() < 1e-9);
    let (a, b) = (g.units[0].base, g.units[1].base);
    for u in [a, b] {
        assert!(
            (u.centre.distance(circle.centre) - 6.0).abs() < 1e-9,
            "centre on the circle"
        );
    }
    assert!(
        (a.edge_distance(&b) - 11.0).abs() < 1e-9,
        "diametrically opposite"
    );
    assert!(g.setup.table.pieces.is_empty(), "no terrain");
    // A step towards the centre stays in; one straight outward leaves it (wherever the set-up's
    // dice put the pair on the circle).
    let c = circle.centre;
    let toward = |step: f64| {
        let d = a.centre.distance(c);
        Point::new(
            a.centre.x + (c.x - a.centre.x) * step / d,
            a.centre.y + (c.y - a.centre.y) * step / d,
        )
    };
    assert!(g.check_path(0, MoveKind::Normal, &[toward(3.0)]).is_ok());
    let outward = toward(-2.0);
    assert_eq!(
        g.check_path(0, MoveKind::Normal, &[outward]),
        Err(MoveError::OutsideCircle)
    );
}

#[test]
fn t74_a_grievous_caused_against_a_light_taken_wins_the_match_two_to_one() {
    let cat = cat();
    let mut g = a_match(&cat);
    let mut events = EventLog::off();
    wound(&mut g, 1, Some(0), WoundResult::Grievous, &mut events);
    wound(&mut g, 0, Some(1), WoundResult::Light, &mut events);
    assert_eq!(g.match_points, [2, 1]);
    // Both hold their ground for the six turns: nobody dies, no Morale is tested.
    let (mut a, mut b) = (Script::defending(), Script::defending());
    let mut log = EventLog::recording();
    let result = play(
        &mut g,
        &mut [&mut a, &mut b],
        &mut SeededDice::new(7, 0),
        &mut log,
    );
    assert_eq!((result.turns, result.reason), (6, EndReason::TurnLimit));
    assert_eq!(result.winner, Some(0), "2-1 on match points");
    let log = log.into_vec();
    assert!(
        !log.iter()
            .any(|e| matches!(e, buntai::ronin::engine::events::Event::MoraleTest { .. })),
        "no Morale in a match"
    );
}

#[test]
fn t74_a_light_then_a_grievous_is_a_critical_and_ends_the_match_as_a_kill() {
    let cat = cat();
    let mut g = a_match(&cat);
    let mut events = EventLog::off();
    wound(&mut g, 1, Some(0), WoundResult::Light, &mut events);
    wound(&mut g, 1, Some(0), WoundResult::Grievous, &mut events);
    assert!(
        !g.units[1].on_table(),
        "Light and Grievous make a Critical (R-20)"
    );
    // Scored as rolled: 1 + 2 (item 18 of the second reading).
    assert_eq!(g.match_points, [3, 0]);
    let (mut a, mut b) = (Script::defending(), Script::defending());
    let result = play(
        &mut g,
        &mut [&mut a, &mut b],
        &mut SeededDice::new(7, 0),
        &mut EventLog::off(),
    );
    assert_eq!(
        (result.winner, result.reason),
        (Some(0), EndReason::Destroyed)
    );
    assert_eq!(result.turns, 1, "a kill ends the match at once");
}

#[test]
fn t74_with_equal_matches_won_match_points_decide_then_a_final_match() {
    assert_eq!(decide([2, 1], [3, 9]), Some(0), "matches first");
    assert_eq!(decide([2, 2], [5, 4]), Some(0));
    assert_eq!(decide([2, 2], [4, 5]), Some(1));
    assert_eq!(decide([2, 2], [4, 4]), None, "a final match follows");
}

#[test]
fn match_points_in_the_report_add_up_to_the_logged_matches() {
    let dir = tempfile::tempdir().expect("dir");
    let log = dir.path().join("t.jsonl");
    let out = crate::support::buntai()
        .current_dir(crate::support::repo())
        .args([
            "simulate",
            "examples/bushi-100.toml",
            "examples/bushi-100.toml",
            "--scenario",
            "tournament",
            "--games",
            "1",
            "--format",
            "json",
            "--log",
        ])
        .arg(&log)
        .output()
        .expect("runs");
    crate::support::succeeded(&out);
    let report = crate::support::json(&out);
    let events = crate::support::json_lines(&log);
    let ends: Vec<&serde_json::Value> = events
        .iter()
        .filter(|e| e["event"] == "match-end")
        .collect();
    let logged: u64 = ends
        .iter()
        .map(|e| e["points_a"].as_u64().expect("a"))
        .sum();
    let end = events
        .iter()
        .find(|e| e["event"] == "game-end")
        .expect("game end");
    assert_eq!(end["points"][0].as_u64(), Some(logged), "{end}");
    assert!(report["a_wins"]["count"].as_u64().is_some());
    // Each match is a game on the table: its own set-up and deployment on the circle.
    let setups = events
        .iter()
        .filter(|e| e["event"] == "table-setup")
        .count();
    assert_eq!(setups, ends.len());
}

/// Combat decisions of a fixed half split that remember every view of the match they are given.
struct Watcher {
    split: buntai::ronin::engine::policy::Yardstick,
    seen: std::rc::Rc<std::cell::RefCell<Vec<buntai::ronin::engine::policy::MatchView>>>,
}

impl buntai::ronin::engine::policy::Policy for Watcher {
    fn split(
        &mut self,
        own: &[&buntai::ronin::engine::fighter::Fighter],
        enemies: &[&buntai::ronin::engine::fighter::Fighter],
    ) -> i32 {
        self.split.split(own, enemies)
    }
    fn enhance_initiative(
        &mut self,
        me: &buntai::ronin::engine::fighter::Fighter,
        enemies: &[&buntai::ronin::engine::fighter::Fighter],
        attack_counters: i32,
        first_round: bool,
    ) -> bool {
        self.split
            .enhance_initiative(me, enemies, attack_counters, first_round)
    }
    fn attack(
        &mut self,
        me: &buntai::ronin::engine::fighter::Fighter,
        enemies: &[&buntai::ronin::engine::fighter::Fighter],
        attack_counters: i32,
    ) -> Option<usize> {
        self.split.attack(me, enemies, attack_counters)
    }
    fn enhance_defence(
        &mut self,
        me: &buntai::ronin::engine::fighter::Fighter,
        attacker: &buntai::ronin::engine::fighter::Fighter,
        incoming: buntai::ronin::engine::AttackSide,
    ) -> bool {
        self.split.enhance_defence(me, attacker, incoming)
    }
    fn enhance_attack(
        &mut self,
        me: &buntai::ronin::engine::fighter::Fighter,
        target: &buntai::ronin::engine::fighter::Fighter,
        defence: buntai::ronin::engine::DefenceSide,
        attack_counters_left: i32,
    ) -> bool {
        self.split
            .enhance_attack(me, target, defence, attack_counters_left)
    }
    fn name(&self) -> &'static str {
        "watcher"
    }
    fn discard(&mut self, attack: i32, defence: i32) -> buntai::ronin::engine::policy::Counter {
        self.split.discard(attack, defence)
    }
    fn observe(&mut self, view: buntai::ronin::engine::policy::MatchView) {
        self.seen.borrow_mut().push(view);
    }
}

#[test]
fn each_turn_of_a_match_the_combat_decisions_see_the_points_and_the_turns_left() {
    let cat = cat();
    let mut g = a_match(&cat);
    wound(&mut g, 1, Some(0), WoundResult::Light, &mut EventLog::off());
    let seen = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
    let mut a = Script::defending().with_melee(Watcher {
        split: buntai::ronin::engine::policy::Yardstick(
            buntai::ronin::engine::policy::FixedSplit::Half,
        ),
        seen: seen.clone(),
    });
    let mut b = Script::defending();
    play(
        &mut g,
        &mut [&mut a, &mut b],
        &mut SeededDice::new(3, 0),
        &mut EventLog::off(),
    );
    let views: Vec<(u32, u32, Option<u32>)> = seen
        .borrow()
        .iter()
        .map(|v| (v.mine, v.theirs, v.turns_after))
        .collect();
    let expected: Vec<(u32, u32, Option<u32>)> =
        (0..6).rev().map(|left| (1, 0, Some(left))).collect();
    assert_eq!(views, expected);
}
