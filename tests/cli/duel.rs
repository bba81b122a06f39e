//! The Duel scenario (R-113, PLAY-DIGEST T71): duellists on the circle, the first two turns
//! theirs alone, and the penalties for the first non-duellist attack and circle entry.

use buntai::ronin::engine::dice::ScriptedDice;
use buntai::ronin::engine::events::{Event, EventLog};
use buntai::ronin::engine::game::play::{Action, Activation, Game};
use buntai::ronin::engine::table::path::MoveKind;
use buntai::ronin::engine::table::setup::{DeploymentChoice, SetupRequest, generate_on};
use buntai::ronin::engine::table::{Point, Table};
use buntai::ronin::model::{Catalogue, ScenarioId};

use crate::scoring::{cat, units_from};
use crate::script::{Script, play_all};

/// A Duel on a bare 24" table (the circle of radius 6 at (12, 12)): each side a Warrior Monk
/// (its duellist, the highest Rank) and two Ashigaru with yumi, deployed by the engine.
fn duel(cat: &Catalogue) -> Game<'_> {
    let models = "[[models]]\nprofile = \"warrior-monk\"\n\n[[models]]\nprofile = \"ashigaru\"\ncount = 2\nweapons = [\"yumi\"]\n";
    duel_of(cat, models)
}

/// A Duel on a bare 24" table between two copies of a Bushi list, deployed by the engine.
fn duel_of<'c>(cat: &'c Catalogue, models: &str) -> Game<'c> {
    let request = SetupRequest::new(cat, ScenarioId::Duel, 100, DeploymentChoice::Edge, 2);
    let bare = Table::new(24.0, Vec::new());
    let setup = generate_on(cat, &request, Some(&bare));
    // d6+6 turns: one die (6: 12 turns).
    let mut dice = ScriptedDice::new(&[6]);
    Game::from_setup(
        cat,
        [cat.faction("bushi").expect("bushi"); 2],
        [
            units_from(cat, "bushi", models, 0),
            units_from(cat, "bushi", models, 1),
        ],
        setup,
        &mut dice,
        &mut EventLog::off(),
    )
}

#[test]
fn duellists_start_on_the_circle_and_their_friends_outside_it_within_six_inches() {
    let cat = cat();
    let g = duel(&cat);
    let circle = g.setup.circle.expect("the circle");
    for side in 0..2 {
        let d = g.champions.duellists[side].expect("a duellist");
        assert_eq!(g.units[d].rank, 3, "the Warrior Monk, the highest Rank");
        let at = g.units[d].base.centre;
        assert!(
            (at.distance(circle.centre) - circle.radius).abs() < 1e-6,
            "on the circle"
        );
        for u in g.units.iter().filter(|u| u.side == side && u.id != d) {
            let c = u.base.centre;
            assert!(c.distance(circle.centre) >= circle.radius + u.base.radius - 1e-6);
            assert!(u.base.edge_distance(&g.units[d].base) <= 6.0 + 1e-6);
        }
    }
}

#[test]
fn an_undisguised_ninja_duellist_is_placed_on_the_circle_by_the_duel_not_by_r106() {
    let cat = cat();
    let models =
        "[[models]]\nprofile = \"ninja\"\n\n[[models]]\nprofile = \"ashigaru\"\ncount = 2\n";
    let g = duel_of(&cat, models);
    let circle = g.setup.circle.expect("the circle");
    for side in 0..2 {
        let d = g.champions.duellists[side].expect("a duellist");
        assert!(
            g.units[d].undisguised_ninja(),
            "the Ninja, the highest Rank"
        );
        let at = g.units[d].base.centre;
        assert!(
            (at.distance(circle.centre) - circle.radius).abs() < 1e-6,
            "side {side}: the Ninja duellist stands on the circle, not 6\" from every enemy: {at:?}"
        );
        for u in g.units.iter().filter(|u| u.side == side && u.id != d) {
            assert!(u.base.edge_distance(&g.units[d].base) <= 6.0 + 1e-6);
        }
    }
}

#[test]
fn t71_in_turn_two_only_duellists_act_and_they_may_not_shoot() {
    let cat = cat();
    let mut g = duel(&cat);
    g.turn = 2;
    let duellist = g.champions.duellists[0].expect("duellist");
    let archer = (0..g.units.len())
        .find(|&k| g.units[k].side == 0 && k != duellist)
        .expect("an archer");
    assert!(g.may_act(duellist) && !g.may_act(archer));
    assert!(!g.may_shoot_now(duellist));
    // A move out of the circle is no duellist's move yet.
    assert!(!g.duel_move_ok(duellist, Point::new(12.0, 2.0)));
    assert!(g.duel_move_ok(duellist, Point::new(12.0, 9.0)));
    g.turn = 3;
    assert!(g.may_act(archer) && g.may_shoot_now(duellist));
}

/// Side A's two archers (1, 2) and B's (4, 5) placed for shooting practice, the duellists (0,
/// 3) in the circle.
fn range(g: &mut Game<'_>) {
    let at = [
        Point::new(12.0, 8.0),
        Point::new(2.0, 2.0),
        Point::new(4.0, 2.0),
        Point::new(12.0, 16.0),
        Point::new(2.0, 14.0),
        Point::new(4.0, 14.0),
    ];
    for (u, p) in g.units.iter_mut().zip(at) {
        u.base.centre = p;
    }
}

fn penalties(events: &[Event]) -> Vec<(String, String)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Vp {
                side,
                reason,
                half_points: -4,
            } => Some((side.clone(), reason.clone())),
            _ => None,
        })
        .collect()
}

#[test]
fn t71_the_first_non_duellist_shot_costs_its_side_two_vp_once_only() {
    let cat = cat();
    let mut g = duel(&cat);
    range(&mut g);
    let shot = |unit: usize| Action::Shoot {
        unit,
        target: 4,
        weapon: 0,
    };
    // A turn-1 shot is refused (only duellists act); turns 3 and 4 shots count once.
    let mut a = Script::defending().actions(vec![(1, shot(1)), (3, shot(1)), (4, shot(2))]);
    let mut b = Script::defending();
    let events = play_all(&mut g, &mut a, &mut b, 4);
    let shots_by_turn: Vec<u32> = {
        let mut turn = 0;
        let mut out = Vec::new();
        for e in &events {
            match e {
                Event::Turn { turn: t } => turn = *t,
                Event::Shot { .. } => out.push(turn),
                _ => {}
            }
        }
        out
    };
    assert!(
        !shots_by_turn.contains(&1),
        "no shot in turn 1: {shots_by_turn:?}"
    );
    assert!(shots_by_turn.contains(&3), "{shots_by_turn:?}");
    let p = penalties(&events);
    assert_eq!(p.len(), 1, "{p:?}");
    assert_eq!(p[0].0, "A");
    assert!(p[0].1.contains("attacks first"));
}

#[test]
fn t71_the_first_non_duellist_into_the_circle_costs_its_side_two_vp() {
    let cat = cat();
    let mut g = duel(&cat);
    range(&mut g);
    let step = |unit: usize, to: Point| Activation::Move {
        unit,
        kind: MoveKind::Normal,
        path: vec![to],
    };
    // B's archer walks into the circle in turn 3; A's follows in turn 4: only B pays.
    g.units[1].base.centre = Point::new(7.0, 4.0);
    let mut a = Script::defending().moves(vec![(4, step(1, Point::new(9.0, 7.0)))]);
    let mut b = Script::defending().moves(vec![(3, step(4, Point::new(6.5, 10.5)))]);
    let events = play_all(&mut g, &mut a, &mut b, 4);
    let entries = events
        .iter()
        .filter(|e| matches!(e, Event::TableMove { .. }))
        .count();
    assert_eq!(entries, 2, "both walk in");
    let p = penalties(&events);
    assert_eq!(p.len(), 1, "{p:?}");
    assert_eq!(p[0].0, "B");
    assert!(p[0].1.contains("enters the circle first"));
}

#[test]
fn the_log_names_the_duel_and_its_circle_and_the_replay_draws_it() {
    let events = crate::support::simulated_log(&[
        "examples/bushi-100.toml",
        "examples/koryu-100.toml",
        "--scenario",
        "duel",
        "--seed",
        "3",
    ]);
    let scenario = events
        .iter()
        .find(|e| e["event"] == "scenario")
        .expect("a scenario event");
    assert_eq!(scenario["id"], "duel");
    assert_eq!(scenario["circle"][2], 6.0, "a 12\" circle");
    let dir = tempfile::tempdir().expect("temp dir");
    let replay = dir.path().join("duel.html");
    let out = crate::support::buntai()
        .args([
            "simulate",
            "examples/bushi-100.toml",
            "examples/koryu-100.toml",
            "--scenario",
            "duel",
            "--games",
            "1",
            "--seed",
            "3",
            "--replay",
        ])
        .arg(&replay)
        .output()
        .expect("runs");
    assert!(out.status.success());
    let page = std::fs::read_to_string(&replay).expect("the replay");
    assert!(page.contains(r#"class="circle""#));
    assert!(page.contains("Duel; weather"), "the scenario is named");
}

/// The default AI's Duel: from turn 3 no non-duellist pays the 2 VP penalties for nothing. Its
/// archer holds a shot worth less than the first-attack penalty, and its walker closes in
/// without being the first into the circle; once each penalty is spent, both go ahead.
#[test]
fn the_default_ai_pays_no_duel_penalty_for_a_shot_or_a_step_worth_less() {
    use buntai::ronin::engine::game::ai::TableAi;
    use buntai::ronin::engine::game::play::TablePolicy;
    let cat = cat();
    let mut g = duel(&cat);
    range(&mut g);
    g.turn = 3;
    // The duellists locked in the circle's middle; A's first Ashigaru has put its bow away.
    g.units[0].base.centre = Point::new(12.0, 11.5);
    g.units[3].base.centre = Point::new(12.0, 12.5);
    assert!(g.units[0].base.in_contact(&g.units[3].base));
    g.units[1].missiles.clear();
    g.units[1].base.centre = Point::new(7.0, 4.0);
    let circle = g.setup.circle.expect("the circle");
    let shoots = |g: &Game<'_>| matches!(TableAi::new().act(g, 0), Action::Shoot { .. });
    assert!(!shoots(&g), "an Ashigaru's arrow is not worth 2 VP");
    let end = |g: &Game<'_>| match TableAi::new().activate(g, 0) {
        Activation::Move { unit: 1, path, .. } => path.last().copied(),
        other => panic!("the walker should move: {other:?}"),
    };
    let outside = end(&g).expect("a path");
    assert!(
        outside.distance(circle.centre) >= circle.radius,
        "stops outside the circle: {outside:?}"
    );
    g.champions.attacked = true;
    g.champions.entered = true;
    assert!(shoots(&g), "the penalty spent, the archer shoots");
    let inside = end(&g).expect("a path");
    assert!(
        inside.distance(circle.centre) < circle.radius,
        "the penalty spent, it walks in: {inside:?}"
    );
}

/// In the Duel the default AI's Leader, most often its duellist, weighs its own risk twice: it
/// does not charge the enemy duellist only a little hurt while that enemy's friends could still
/// move (counted once, the charge would be worth making). With nobody left to move, it goes in.
#[test]
fn the_duel_leader_weighs_its_own_risk_twice_before_charging() {
    use buntai::ronin::engine::game::ai::TableAi;
    use buntai::ronin::engine::game::play::TablePolicy;
    use buntai::ronin::engine::table::Circle;
    use buntai::ronin::engine::wound::Health;
    let cat = cat();
    let mut g = duel(&cat);
    range(&mut g);
    g.turn = 3;
    assert!(
        g.units[0].leader && g.is_duellist(0),
        "A's Warrior Monk leads and duels"
    );
    // The duellists 3" apart; B's has a Light wound. The archers far off in the corners.
    g.units[0].base.centre = Point::new(12.0, 10.0);
    g.units[3].base.centre = Point::new(12.0, 14.0);
    g.units[3].fighter.health = Health::Light;
    for (u, at) in [
        (1, (1.0, 1.0)),
        (2, (3.0, 1.0)),
        (4, (1.0, 23.0)),
        (5, (3.0, 23.0)),
    ] {
        g.units[u].base.centre = Point::new(at.0, at.1);
        g.units[u].missiles.clear();
    }
    let charges = |g: &Game<'_>| match TableAi::new().activate(g, 0) {
        Activation::Move { unit: 0, path, .. } => {
            Circle::new(*path.last().expect("a path"), g.units[0].base.radius)
                .in_contact(&g.units[3].base)
        }
        _ => false,
    };
    assert!(
        !charges(&g),
        "the Leader waits while B's models could still move"
    );
    // Every B model has used its activation: a charge not worth making waits for nothing.
    for u in 3..6 {
        g.units[u].turn.activated = true;
    }
    assert!(charges(&g), "with nobody left to move, the Leader goes in");
}

/// §0.2 item 22: in the Duel's first two turns no non-duellist rides by (the Ming Heavy Cavalry
/// of seed 564 rode by the Bushi duellist in turn 1 and rode away out of the circle), and a
/// mounted duellist's ride-away stays in the circle; every other Duel of mounted lists, both
/// policies, is held to the same.
#[test]
fn duel_turns_one_and_two_no_non_duellist_rides_by_and_no_duellist_leaves_the_circle() {
    let bushi = crate::support::repo().join("examples/bushi-200.toml");
    let ming = crate::support::repo().join("examples/ming-chinese-200.toml");
    let (bushi, ming) = (bushi.to_str().expect("path"), ming.to_str().expect("path"));
    let events =
        crate::support::simulated_log(&[bushi, ming, "--scenario", "duel", "--seed", "564"]);
    crate::game::check_duel_turns(&events);
    let cat = cat();
    for seed in 0..12 {
        for policies in [["random", "random"], ["default", "default"]] {
            for (a, b) in [
                ("ming-chinese-200.toml", "koreans-200.toml"),
                ("bushi-200.toml", "ming-chinese-200.toml"),
            ] {
                let variant = crate::game::Variant {
                    reserves: false,
                    corner: false,
                    scenario: Some(ScenarioId::Duel),
                };
                let played = crate::game::play_with(&cat, a, b, seed, policies, true, variant);
                let values: Vec<serde_json::Value> = played
                    .events
                    .iter()
                    .map(|e| serde_json::to_value(e).expect("an event as JSON"))
                    .collect();
                crate::game::check_duel_turns(&values);
            }
        }
    }
}

/// Every move a non-duellist could make in turns 1 and 2 is refused, whatever its kind; from
/// turn 3 the same path is a legal move.
#[test]
fn duel_turns_one_and_two_refuse_every_move_of_a_non_duellist() {
    let cat = cat();
    let mut g = duel(&cat);
    let duellist = g.champions.duellists[0].expect("duellist");
    let archer = (0..g.units.len())
        .find(|&k| g.units[k].side == 0 && k != duellist)
        .expect("an archer");
    let from = g.units[archer].base.centre;
    let path = [Point::new(from.x + 1.0, from.y)];
    for turn in [1, 2] {
        g.turn = turn;
        for kind in [
            MoveKind::Normal,
            MoveKind::Run,
            MoveKind::Inexorable,
            MoveKind::RideBy,
        ] {
            assert_eq!(
                g.check_path(archer, kind, &path).err(),
                Some(buntai::ronin::engine::table::path::MoveError::DuellistsOnly),
                "turn {turn}, {kind:?}"
            );
        }
    }
    g.turn = 3;
    assert!(g.check_path(archer, MoveKind::Normal, &path).is_ok());
    // The duellist on the circle may step in, not out.
    g.turn = 1;
    let at = g.units[duellist].base.centre;
    let circle = g.setup.circle.expect("circle");
    let d = at.distance(circle.centre);
    let step = |k: f64| {
        Point::new(
            at.x + k * (circle.centre.x - at.x) / d,
            at.y + k * (circle.centre.y - at.y) / d,
        )
    };
    let inward = step(1.0);
    assert!(g.check_path(duellist, MoveKind::Normal, &[inward]).is_ok());
    let outward = step(-1.0);
    assert_eq!(
        g.check_path(duellist, MoveKind::Normal, &[inward, outward])
            .err(),
        Some(buntai::ronin::engine::table::path::MoveError::OutsideCircle)
    );
}
