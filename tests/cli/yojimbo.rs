//! The Yojimbo on the table: taking a shot meant for the highest Rank and swapping places
//! with the Leader, with set positions.

use buntai::ronin::engine::SeededDice;
use buntai::ronin::engine::events::{Event, EventLog};
use buntai::ronin::engine::game::play::{Action, Game, play};
use buntai::ronin::engine::game::unit::Unit;
use buntai::ronin::engine::table::Point;

use crate::scoring::{cat, game, units_from};
use crate::script::{Script, play_turn_one};

fn bowmen(cat: &buntai::ronin::model::Catalogue) -> Vec<Unit> {
    units_from(
        cat,
        "bushi",
        "[[models]]\nprofile = \"ashigaru\"\nweapons = [\"yumi\"]\ncount = 2\n",
        0,
    )
}

/// A Hatamoto (the Leader, Rank 4) and a Ronin bodyguard.
fn guarded(cat: &buntai::ronin::model::Catalogue) -> Vec<Unit> {
    units_from(
        cat,
        "bushi",
        "[[models]]\nprofile = \"hatamoto\"\n[[models]]\nprofile = \"ronin\"\nattributes = [\"yojimbo\"]\n",
        1,
    )
}

/// Both bowmen shoot the Leader in turn 1's Action Phase; the Yojimbo stands `gap` inches from
/// the Leader, edge to edge. Returns turn 1's events.
fn volley(gap: f64) -> (Vec<Event>, Vec<String>) {
    let cat = cat();
    let mut g: Game<'_> = game(
        &cat,
        ["bushi", "bushi"],
        [bowmen(&cat), guarded(&cat)],
        &[6, 4, 4],
    );
    g.units[0].base.centre = Point::new(11.0, 4.0);
    g.units[1].base.centre = Point::new(13.0, 4.0);
    g.units[2].base.centre = Point::new(12.0, 14.0);
    g.units[3].base.centre = Point::new(12.0 + 1.0 + gap, 14.0);
    let names = g.units.iter().map(|u| u.fighter.name.to_string()).collect();
    let shot = |unit: usize| Action::Shoot {
        unit,
        target: 2,
        weapon: 0,
    };
    let mut a = Script::defending().actions(vec![(1, shot(0)), (1, shot(1))]);
    let mut b = Script::defending().bodyguarded();
    let turn_one = play_turn_one(&mut g, &mut a, &mut b, 4);
    (turn_one, names)
}

fn shots(events: &[Event]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Shot { target, .. } => Some(target.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn t32_a_yojimbo_within_3_inches_takes_one_shot_a_turn_for_the_leader() {
    let (events, names) = volley(2.5);
    let redirects = events
        .iter()
        .filter(|e| matches!(e, Event::Redirect { .. }))
        .count();
    assert_eq!(redirects, 1, "once a turn");
    assert_eq!(
        shots(&events),
        vec![names[3].clone(), names[2].clone()],
        "the first shot goes to the Yojimbo, the second to the Leader"
    );
}

#[test]
fn t32_a_yojimbo_3_5_inches_away_cannot_take_the_shot() {
    let (events, names) = volley(3.5);
    assert!(!events.iter().any(|e| matches!(e, Event::Redirect { .. })));
    assert_eq!(shots(&events), vec![names[2].clone(), names[2].clone()]);
}

#[test]
fn a_yojimbo_swaps_places_with_its_leader_once_a_game() {
    let cat = cat();
    let enemy = units_from(&cat, "bushi", "[[models]]\nprofile = \"samurai\"\n", 0);
    let mut g = game(&cat, ["bushi", "bushi"], [enemy, guarded(&cat)], &[6, 4, 4]);
    let (leader, yojimbo) = (Point::new(12.0, 12.0), Point::new(14.0, 12.0));
    g.units[0].base.centre = Point::new(12.0, 10.995);
    g.units[1].base.centre = leader;
    g.units[2].base.centre = yojimbo;
    let mut a = Script::defending();
    let mut b = Script::defending().bodyguarded();
    let mut events = EventLog::recording();
    play(
        &mut g,
        &mut [&mut a, &mut b],
        &mut SeededDice::new(4, 0),
        &mut events,
    );
    let swaps = events
        .into_vec()
        .into_iter()
        .filter(|e| matches!(e, Event::YojimboSwap { .. }))
        .count();
    assert_eq!(swaps, 1, "once a game, though it may every turn");
    assert!(g.units[2].swap_used);
    // They exchanged centres (nobody moved after: both sides only defend and hold).
    if g.units[1].on_table() && g.units[2].on_table() {
        assert_eq!(g.units[1].base.centre, yojimbo);
        assert_eq!(g.units[2].base.centre, leader);
    }
}
