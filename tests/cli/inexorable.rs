//! Inexorable on the table: a model that clears its combat with Attack counters to spare
//! moves up to 2" into a fresh, unengaged enemy and fights it at once with only those counters.

use buntai::ronin::engine::events::Event;
use buntai::ronin::engine::policy::{FixedSplit, Yardstick};
use buntai::ronin::engine::table::Point;
use buntai::ronin::engine::wound::Health;

use crate::scoring::{cat, game, units_from};
use crate::script::{Script, play_turn_one};

/// A Koryu Shugyosha (A1, Inexorable or not) touching a Bushi Ashigaru (B1), a second Ashigaru
/// (B2) 1" beyond it and a third far away. A attacks with everything, B only defends; B's
/// models hold in the Move Phase (activated) or pass (not activated). Turn 1's events under
/// `seed` and the models' names.
fn clear_and_follow(
    inexorable: bool,
    b_activated: bool,
    follow_up: Option<Vec<Point>>,
    seed: u64,
) -> (Vec<Event>, Vec<String>) {
    let cat = cat();
    let attributes = if inexorable {
        "attributes = [\"inexorable\"]\n"
    } else {
        ""
    };
    let a = units_from(
        &cat,
        "koryu",
        &format!("[[models]]\nprofile = \"shugyosha\"\n{attributes}"),
        0,
    );
    let b = units_from(
        &cat,
        "bushi",
        "[[models]]\nprofile = \"ashigaru\"\ncount = 3\n",
        1,
    );
    let mut g = game(&cat, ["koryu", "bushi"], [a, b], &[6, 4, 4]);
    g.units[0].base.centre = Point::new(12.0, 12.0);
    g.units[1].base.centre = Point::new(12.0, 13.0);
    g.units[2].base.centre = Point::new(12.0, 15.0);
    g.units[3].base.centre = Point::new(30.0, 30.0);
    let names = g.units.iter().map(|u| u.fighter.name.to_string()).collect();
    let mut a = Script::defending().with_melee(Yardstick(FixedSplit::Attack));
    a.follow_up = follow_up;
    let mut b = Script::defending();
    if !b_activated {
        b = b.passing();
    }
    (play_turn_one(&mut g, &mut a, &mut b, seed), names)
}

/// The first seed in 0..300 whose turn 1 has an Inexorable move, with its events.
fn first_follow_up(b_activated: bool, follow_up: Option<Vec<Point>>) -> (Vec<Event>, Vec<String>) {
    (0..300)
        .map(|seed| clear_and_follow(true, b_activated, follow_up.clone(), seed))
        .find(|(events, _)| {
            events
                .iter()
                .any(|e| matches!(e, Event::TableMove { kind, .. } if kind == "inexorable"))
        })
        .expect("some seed clears the first combat with counters to spare")
}

fn splits(events: &[Event]) -> Vec<(String, i32, i32)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Split {
                fighter,
                attack,
                defence,
            } => Some((fighter.clone(), *attack, *defence)),
            _ => None,
        })
        .collect()
}

/// Attack counters the named model spent in the events (one per attack it made).
fn attacks_by(events: &[Event], who: &str) -> i32 {
    events
        .iter()
        .filter(|e| matches!(e, Event::Attack { attacker, .. } if attacker == who))
        .count() as i32
}

#[test]
fn inexorable_follow_up_brings_only_unspent_attack_counters_and_an_activated_enemy_one_defence_counter()
 {
    let (events, names) = first_follow_up(true, None);
    let at = events
        .iter()
        .position(|e| matches!(e, Event::TableMove { kind, .. } if kind == "inexorable"))
        .expect("a follow-up");
    // The first combat ended with B1 dead, before the move.
    assert!(
        events[..at].iter().any(
            |e| matches!(e, Event::Wound { fighter, health, .. } if *fighter == names[1] && *health == Health::Dead)
        ),
        "B1 died first"
    );
    let Event::TableMove {
        model,
        length,
        allowance,
        path,
        ..
    } = &events[at]
    else {
        unreachable!()
    };
    assert_eq!(*model, names[0]);
    assert_eq!(*allowance, 2.0);
    assert!(*length <= 2.0 + 1e-9);
    let end = path.last().expect("a path");
    let to_b2 = ((end[0] - 12.0f64).powi(2) + (end[1] - 15.0f64).powi(2)).sqrt();
    assert!(to_b2 <= 1.0 + 0.01, "ends touching B2: {to_b2}");
    // Before the move, the Shugyosha drew its pool and split it all to Attack; after, it brings
    // what it did not spend, no new draw, no Defence, and B2 (activated: it held) brings one
    // Defence counter.
    let before = splits(&events[..at]);
    let pool = before
        .iter()
        .find(|s| s.0 == names[0])
        .expect("a first split")
        .1;
    let spent = attacks_by(&events[..at], &names[0]);
    let after = splits(&events[at..]);
    assert_eq!(after[0], (names[0].clone(), pool - spent, 0), "{after:?}");
    assert_eq!(after[1], (names[2].clone(), 0, 1), "{after:?}");
    assert!(pool - spent > 0);
}

#[test]
fn an_unactivated_enemy_draws_its_full_pool_against_an_inexorable_follow_up() {
    // B's models passed in the Move Phase: B2 was never activated, so it draws its full pool
    // (all on Defence, as B only defends). The path is the player's: straight into B2.
    let (events, names) = first_follow_up(false, Some(vec![Point::new(12.0, 14.0)]));
    let at = events
        .iter()
        .position(|e| matches!(e, Event::TableMove { kind, .. } if kind == "inexorable"))
        .expect("a follow-up");
    let after = splits(&events[at..]);
    let ashigaru_pool = splits(&events[..at])
        .iter()
        .find(|s| s.0 == names[1])
        .expect("B1's split")
        .2;
    assert_eq!(after[1], (names[2].clone(), 0, ashigaru_pool), "{after:?}");
}

#[test]
fn a_model_without_inexorable_stays_after_clearing_its_combat() {
    for seed in 0..60 {
        let (events, names) =
            clear_and_follow(false, true, Some(vec![Point::new(12.0, 14.0)]), seed);
        let moves: Vec<&Event> = events
            .iter()
            .filter(|e| matches!(e, Event::TableMove { model, .. } if *model == names[0]))
            .collect();
        assert!(moves.is_empty(), "seed {seed}: {moves:?}");
    }
}
