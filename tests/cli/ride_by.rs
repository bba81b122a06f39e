//! Ride-by on the table: a rider that has not moved rides into an unengaged enemy in the
//! Combat Phase, every pool in that combat halved, the rider +1 Initiative, then rides away.

use buntai::ronin::engine::events::Event;
use buntai::ronin::engine::game::play::Activation;
use buntai::ronin::engine::table::Point;
use buntai::ronin::engine::table::path::MoveKind;

use crate::scoring::{cat, game, units_from};
use crate::script::{Script, play_turn_one};

/// A Ming Heavy Cavalry (A1) 8.5" from a Bushi Ashigaru (B1), and a second Ashigaru (B2)
/// touching a third Ming model far off. Returns turn 1's events and the models' names.
fn ride(first_moves: bool, target: usize) -> (Vec<Event>, Vec<String>, i32) {
    let cat = cat();
    let a = units_from(
        &cat,
        "ming-chinese",
        "[[models]]\nprofile = \"heavy-cavalry\"\n[[models]]\nprofile = \"soldier\"\n",
        0,
    );
    let b = units_from(
        &cat,
        "bushi",
        "[[models]]\nprofile = \"ashigaru\"\ncount = 2\n",
        1,
    );
    let mut g = game(&cat, ["ming-chinese", "bushi"], [a, b], &[6, 4, 4]);
    g.units[0].base.centre = Point::new(12.0, 4.0);
    g.units[2].base.centre = Point::new(12.0, 13.5);
    g.units[1].base.centre = Point::new(4.0, 20.0);
    g.units[3].base.centre = Point::new(5.005, 20.0);
    let initiative = g.units[0].fighter.initiative_bonus(true);
    let names = g.units.iter().map(|u| u.fighter.name.to_string()).collect();
    let end = if target == 2 {
        Point::new(12.0, 12.495)
    } else {
        Point::new(4.0, 18.995)
    };
    let mut a = Script::defending();
    if first_moves {
        a = a.moves(vec![(
            1,
            Activation::Move {
                unit: 0,
                kind: MoveKind::Normal,
                path: vec![Point::new(12.0, 5.0)],
            },
        )]);
    }
    a.ride = Some((0, vec![end]));
    let mut b = Script::defending();
    (play_turn_one(&mut g, &mut a, &mut b, 5), names, initiative)
}

fn moves(events: &[Event], who: &str) -> Vec<(String, f64)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::TableMove {
                model,
                kind,
                length,
                ..
            } if model == who => Some((kind.clone(), *length)),
            _ => None,
        })
        .collect()
}

#[test]
fn t48_an_unmoved_rider_rides_by_with_halved_pools_and_rides_away() {
    let (events, names, initiative) = ride(false, 2);
    let rider = &names[0];
    let m = moves(&events, rider);
    assert_eq!(m.len(), 2, "{m:?}");
    assert_eq!(m[0].0, "ride-by");
    assert!((m[0].1 - 8.495).abs() < 1e-9);
    assert_eq!(m[1].0, "ride-away");
    assert!(m[1].1 <= 9.0 + 1e-9);
    // Pools halved, rounding up: the Heavy Cavalry's 3 to 2, the Ashigaru's 2 to 1 (all on
    // Defence: both sides only defend); the other combat, A2 against B2, keeps its pools.
    let splits: Vec<(String, i32)> = events
        .iter()
        .filter_map(|e| match e {
            Event::Split {
                fighter, defence, ..
            } if *fighter == names[0] || *fighter == names[2] => Some((fighter.clone(), *defence)),
            _ => None,
        })
        .collect();
    assert_eq!(splits, vec![(rider.clone(), 2), (names[2].clone(), 1)]);
    // The rider's Initiative: +1 for the ride-by.
    let rolled = events.iter().find_map(|e| match e {
        Event::Initiative {
            fighter, modifier, ..
        } if fighter == rider => Some(*modifier),
        _ => None,
    });
    assert_eq!(rolled, Some(initiative + 1));
    // No free attacks on the way out.
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::WithdrawResponse { .. }))
    );
}

#[test]
fn a_rider_that_moved_or_a_target_already_engaged_gets_no_ride_by() {
    let (events, names, _) = ride(true, 2);
    let m = moves(&events, &names[0]);
    assert!(m.iter().all(|(k, _)| k == "normal"), "{m:?}");
    let (events, names, _) = ride(false, 3);
    let m = moves(&events, &names[0]);
    assert!(m.is_empty(), "B2 is engaged: {m:?}");
}
