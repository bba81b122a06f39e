//! Shots on the table with scripted dice and set positions: a shot at a rider is split between
//! rider and mount by a d6; a miss into a combat is worked out again for the model it goes
//! on to (R-76, §0.2 item 9); a still model inside a building is seen from outside only through a
//! wall within 1" of the shooter (§0.2 item 20).

use buntai::ronin::engine::ScriptedDice;
use buntai::ronin::engine::events::{Event, EventLog};
use buntai::ronin::engine::game::play::{Game, TablePolicy, shoot};
use buntai::ronin::engine::shooting::{Cover, Phase};
use buntai::ronin::engine::table::{Point, Polygon, Table};
use buntai::ronin::engine::wound::Health;
use buntai::ronin::model::Catalogue;

use crate::scoring::{cat, game, units_from};
use crate::script::Script;
use crate::table_rules::piece;

/// A Bushi Ashigaru with a yumi (A1) and, 10" north of it, edge to edge 9", side B's `models`.
fn at_range<'c>(cat: &'c Catalogue, models: &str) -> Game<'c> {
    let a = units_from(
        cat,
        "bushi",
        "[[models]]\nprofile = \"ashigaru\"\nweapons = [\"yumi\"]\n",
        0,
    );
    let b = units_from(cat, "bushi", models, 1);
    let mut g = game(cat, ["bushi", "bushi"], [a, b], &[6, 4, 4]);
    g.units[0].base.centre = Point::new(12.0, 4.0);
    for (k, u) in g.units.iter_mut().skip(1).enumerate() {
        u.base.centre = Point::new(12.0 + 8.0 * k as f64, 14.0);
    }
    g
}

/// A1 shoots at `target` in the Action Phase with these dice; whether it shot, and the events.
fn volley(g: &mut Game<'_>, target: usize, rolls: &[u8]) -> (bool, Vec<Event>) {
    let (mut a, mut b) = (Script::defending(), Script::defending());
    let mut policies: [&mut dyn TablePolicy; 2] = [&mut a, &mut b];
    let mut dice = ScriptedDice::new(rolls);
    let mut events = EventLog::recording();
    let shot = shoot(
        g,
        &mut policies,
        0,
        target,
        0,
        Phase::Action,
        &mut dice,
        &mut events,
    );
    assert_eq!(dice.remaining(), 0, "the shot used every scripted roll");
    (shot, events.into_vec())
}

fn shots(events: &[Event]) -> Vec<&Event> {
    events
        .iter()
        .filter(|e| matches!(e, Event::Shot { .. }))
        .collect()
}

const RIDER: &str = "[[models]]\nprofile = \"hatamoto\"\nmount = \"horse\"\n";

#[test]
fn a_shot_at_a_rider_hits_the_mount_on_a_one_to_four() {
    let cat = cat();
    let mut g = at_range(&cat, RIDER);
    // The split d6 (4: the mount), then the Shooting Attack's 2d6.
    let (shot, events) = volley(&mut g, 1, &[4, 6, 6]);
    assert!(shot);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::MountOrRider {
            die: 4,
            mount: true,
            ..
        }
    )));
    let [
        Event::Shot {
            mount,
            defence_items,
            defence,
            result,
            ..
        },
    ] = shots(&events)[..]
    else {
        panic!("one shot: {events:?}");
    };
    assert!(*mount);
    // A mount's Shooting Defence is 6 + 1 for light armour.
    assert_eq!(*defence, 7, "{defence_items:?}");
    assert!(
        defence_items
            .iter()
            .any(|(l, v)| l == "light armour" && *v == 1)
    );
    let rider = &g.units[1].fighter;
    assert_eq!(rider.health, Health::Healthy, "the rider is untouched");
    // The mount took the wound: Grievous or worse throws the rider, anything less marks it.
    match rider.mount.as_ref() {
        Some(horse) => assert_ne!(horse.health, Health::Healthy, "{result:?}"),
        None => assert!(events.iter().any(|e| matches!(e, Event::Thrown { .. }))),
    }
}

#[test]
fn a_shot_at_a_rider_hits_the_rider_on_a_five_or_six() {
    let cat = cat();
    let mut g = at_range(&cat, RIDER);
    let armour = g.units[1].fighter.armour;
    let (_, events) = volley(&mut g, 1, &[5, 6, 6]);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::MountOrRider {
            die: 5,
            mount: false,
            ..
        }
    )));
    let [Event::Shot { mount, defence, .. }] = shots(&events)[..] else {
        panic!("one shot: {events:?}");
    };
    assert!(!*mount);
    assert_eq!(
        *defence,
        6 + cat.armour_defence(armour),
        "the rider's own armour"
    );
    let rider = &g.units[1].fighter;
    assert_eq!(
        rider.mount.as_ref().map(|m| m.health),
        Some(Health::Healthy),
        "the horse is untouched"
    );
    assert_ne!(rider.health, Health::Healthy, "12 + Shoot beats the rider");
}

#[test]
fn a_shot_at_a_model_on_foot_makes_no_mount_or_rider_roll() {
    let cat = cat();
    let mut g = at_range(&cat, "[[models]]\nprofile = \"ashigaru\"\n");
    let (_, events) = volley(&mut g, 1, &[6, 6]);
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::MountOrRider { .. }))
    );
    assert_eq!(shots(&events).len(), 1);
}

#[test]
fn a_miss_into_combat_is_worked_out_again_for_the_model_it_goes_on_to() {
    let cat = cat();
    // B1, an Ashigaru in the open, fights B's enemy A2, a Hatamoto with Yadome-jutsu in a
    // wood, just north of it.
    let a = units_from(
        &cat,
        "bushi",
        "[[models]]\nprofile = \"ashigaru\"\nweapons = [\"yumi\"]\n[[models]]\nprofile = \"hatamoto\"\n",
        0,
    );
    let b = units_from(&cat, "bushi", "[[models]]\nprofile = \"ashigaru\"\n", 1);
    let mut g = game(&cat, ["bushi", "bushi"], [a, b], &[6, 4, 4]);
    g.units[0].base.centre = Point::new(12.0, 4.0);
    g.units[2].base.centre = Point::new(12.0, 14.0);
    g.units[1].base.centre = Point::new(12.0, 15.0);
    g.units[1].fighter.yadome = true;
    let wood = piece(&cat, "wood", Polygon::rectangle(10.0, 14.6, 4.0, 3.0));
    g.setup.to_mut().table = Table::new(24.0, vec![wood]);
    let hatamoto_armour = g.units[1].fighter.armour;
    // Two misses: 1 + 1 against each; one other model in the combat, so no pick is rolled.
    let (shot, events) = volley(&mut g, 2, &[1, 1, 1, 1]);
    assert!(shot);
    let [first, second] = shots(&events)[..] else {
        panic!("two shots: {events:?}");
    };
    let (
        Event::Shot {
            hit: first_hit,
            cover: first_cover,
            modifiers: first_mods,
            ..
        },
        Event::Shot {
            hit,
            cover,
            modifiers,
            defence,
            ..
        },
    ) = (first, second)
    else {
        unreachable!()
    };
    assert_eq!(first_hit.as_str(), g.units[2].fighter.name.as_ref());
    assert_eq!(hit.as_str(), g.units[1].fighter.name.as_ref());
    assert_eq!(*first_cover, Cover::None);
    assert_eq!(*cover, Cover::Light, "the wood covers the Hatamoto");
    let yadome =
        |mods: &[(String, i32)]| mods.iter().any(|(l, v)| l.contains("Yadome") && *v == -2);
    assert!(!yadome(first_mods) && yadome(modifiers), "{modifiers:?}");
    assert_eq!(*defence, 6 + cat.armour_defence(hatamoto_armour) + 1);
}

/// A1 with a yumi `gap` inches (edge to edge) south of a house, B1 still inside it.
fn at_a_house(gap: f64) -> (bool, Vec<Event>) {
    let cat = cat();
    let mut g = at_range(&cat, "[[models]]\nprofile = \"ashigaru\"\n");
    let house = piece(&cat, "building", Polygon::rectangle(9.0, 10.0, 6.0, 6.0));
    g.setup.to_mut().table = Table::new(24.0, vec![house]);
    g.units[1].base.centre = Point::new(12.0, 13.0);
    g.units[0].base.centre = Point::new(12.0, 10.0 - 0.5 - gap);
    volley(&mut g, 1, if gap > 1.0 { &[] } else { &[6, 6] })
}

#[test]
fn a_still_model_inside_a_building_is_not_seen_through_a_wall_more_than_an_inch_off() {
    let (shot, events) = at_a_house(3.0);
    assert!(!shot, "no line of sight: {events:?}");
    assert!(shots(&events).is_empty());
}

#[test]
fn a_model_inside_a_building_is_seen_through_a_wall_within_an_inch_and_has_heavy_cover() {
    let (shot, events) = at_a_house(0.8);
    assert!(shot);
    let [Event::Shot { cover, .. }] = shots(&events)[..] else {
        panic!("one shot: {events:?}");
    };
    assert_eq!(*cover, Cover::Heavy);
}
