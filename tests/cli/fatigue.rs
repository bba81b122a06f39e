//! The Fatigue advanced rule (tp.70, R-122, PLAY-DIGEST T63), with scripted dice: a model that
//! fought rolls 2d6 against its Resilience, one that did not removes d3 counters, resting gives
//! -2, Tireless models never gain one; a Fatigued model has -1 Initiative and Shoot.

use buntai::ronin::engine::dice::ScriptedDice;
use buntai::ronin::engine::events::{Event, EventLog};
use buntai::ronin::engine::game::play::{Game, fatigue};
use buntai::ronin::engine::table::Point;

use crate::scoring::{cat, game, units_from};

/// A Bushi Ashigaru (A1, Rank 1: Resilience 7) and a Tireless Samurai (A2) against a far-off
/// Ashigaru (B1).
fn tired(cat: &buntai::ronin::model::Catalogue) -> Game<'_> {
    let a = units_from(
        cat,
        "bushi",
        "[[models]]\nprofile = \"ashigaru\"\nweapons = [\"yari\"]\n[[models]]\nprofile = \"samurai\"\nattributes = [\"tireless\"]\n",
        0,
    );
    let b = units_from(
        cat,
        "bushi",
        "[[models]]\nprofile = \"ashigaru\"\nweapons = [\"yari\"]\n",
        1,
    );
    let mut g = game(cat, ["bushi", "bushi"], [a, b], &[6, 4, 4]);
    g.fatigue = true;
    for (u, x) in g.units.iter_mut().zip([4.0, 6.0, 20.0]) {
        u.base.centre = Point::new(x, 4.0);
    }
    g
}

/// One End Phase of the Fatigue rule with these dice; every die must be used.
fn end_phase(g: &mut Game<'_>, rolls: &[u8]) -> Vec<Event> {
    let mut dice = ScriptedDice::new(rolls);
    let mut events = EventLog::recording();
    fatigue(g, &mut dice, &mut events);
    assert_eq!(
        dice.remaining(),
        0,
        "the rules asked for exactly these dice"
    );
    events.into_vec()
}

#[test]
fn t63_fatigue_is_gained_above_resilience_shed_by_d3_and_never_by_the_tireless() {
    let cat = cat();
    let mut g = tired(&cat);
    let initiative = g.units[0].fighter.initiative_bonus(true);
    // Both A models fought; the Ashigaru rolls 4 + 4 = 8, above its Resilience 7: a counter.
    // The Tireless Samurai rolls nothing.
    g.units[0].turn.fought = true;
    g.units[1].turn.fought = true;
    let events = end_phase(&mut g, &[4, 4]);
    assert_eq!(g.units[0].fatigue, 1);
    assert_eq!(g.units[1].fatigue, 0);
    assert_eq!(events.len(), 1, "{events:?}");
    assert!(g.units[0].fighter.fatigued);
    assert_eq!(g.units[0].fighter.initiative_bonus(true), initiative - 1);
    // Fought again: 3 + 4 = 7, +1 already Fatigued = 8: a second counter.
    let events = end_phase(&mut g, &[3, 4]);
    assert_eq!(g.units[0].fatigue, 2);
    assert!(matches!(
        &events[0],
        Event::Fatigue {
            total: 8,
            resilience: Some(7),
            ..
        }
    ));
    // Fought and rested: 4 + 5 + 1 - 2 = 8: a third.
    g.units[0].turn.rested = true;
    end_phase(&mut g, &[4, 5]);
    assert_eq!(g.units[0].fatigue, 3);
    // Fought, rested: 3 + 4 + 1 - 2 = 6: none.
    end_phase(&mut g, &[3, 4]);
    assert_eq!(g.units[0].fatigue, 3);
    // No fighting: a d6 of 3 removes 2 (d3 = half, rounded up), then a 6 removes the last.
    for unit in &mut g.units {
        unit.turn.fought = false;
    }
    end_phase(&mut g, &[3]);
    assert_eq!(g.units[0].fatigue, 1);
    end_phase(&mut g, &[6]);
    assert_eq!(g.units[0].fatigue, 0);
    assert!(!g.units[0].fighter.fatigued);
    // With no counters, nothing is rolled.
    assert!(end_phase(&mut g, &[]).is_empty());
}

#[test]
fn fatigue_is_refused_in_the_tournament_and_logged_in_the_skirmish() {
    let out = crate::support::buntai()
        .current_dir(crate::support::repo())
        .args([
            "simulate",
            "examples/sohei.toml",
            "examples/sohei.toml",
            "--scenario",
            "tournament",
            "--fatigue",
        ])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    let dir = tempfile::tempdir().expect("dir");
    let log = dir.path().join("f.jsonl");
    crate::support::buntai()
        .current_dir(crate::support::repo())
        .args([
            "simulate",
            "examples/bushi-150.toml",
            "examples/koryu-150.toml",
            "--games",
            "1",
            "--seed",
            "2",
            "--fatigue",
            "--log",
        ])
        .arg(&log)
        .assert()
        .success();
    let text = std::fs::read_to_string(&log).expect("log");
    assert!(text.contains("\"event\":\"fatigue\""));
}
