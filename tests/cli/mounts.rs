//! Mounting and dismounting: Action Phase actions; a dismounting rider leaves a riderless
//! horse in contact, and a model whose profile could have been fielded on that mount may mount it.
//! And what a carrier does with a picked-up banner when it becomes engaged.

use buntai::ronin::engine::events::{Event, EventLog};
use buntai::ronin::engine::game::play::{Action, Game, TablePolicy, play};
use buntai::ronin::engine::table::Point;
use buntai::ronin::model::Mount;

use crate::scoring::{against_soldier, cat, game, units_from};
use crate::script::{Script, initiative_modifier};

/// A Ming Heavy Cavalry (A1, its horse built in) and a Ming Soldier (A2); a Bushi Hatamoto
/// (B1, who may buy a horse or a warhorse) and an Ashigaru (B2, who may not), all apart.
fn riders(cat: &buntai::ronin::model::Catalogue) -> Game<'_> {
    let a = units_from(
        cat,
        "ming-chinese",
        "[[models]]\nprofile = \"heavy-cavalry\"\n[[models]]\nprofile = \"soldier\"\n",
        0,
    );
    let b = units_from(
        cat,
        "bushi",
        "[[models]]\nprofile = \"hatamoto\"\n[[models]]\nprofile = \"ashigaru\"\n",
        1,
    );
    let mut g = game(cat, ["ming-chinese", "bushi"], [a, b], &[6, 4, 4]);
    g.units[0].base.centre = Point::new(12.0, 12.0);
    g.units[1].base.centre = Point::new(4.0, 30.0);
    g.units[2].base.centre = Point::new(32.0, 12.0);
    g.units[3].base.centre = Point::new(32.0, 30.0);
    g
}

/// Play turns 1 to 3 and return their events.
fn three_turns(g: &mut Game<'_>, a: &mut dyn TablePolicy, b: &mut dyn TablePolicy) -> Vec<Event> {
    let mut events = EventLog::recording();
    play(
        g,
        &mut [a, b],
        &mut buntai::ronin::engine::SeededDice::new(3, 0),
        &mut events,
    );
    events
        .into_vec()
        .into_iter()
        .take_while(|e| !matches!(e, Event::Turn { turn: 4 }))
        .collect()
}

fn mounted(events: &[Event]) -> Vec<(String, Mount)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Mount { model, mount } => Some((model.clone(), *mount)),
            _ => None,
        })
        .collect()
}

#[test]
fn a_dismounted_rider_leaves_its_horse_in_contact_and_may_mount_it_again() {
    let cat = cat();
    let mut g = riders(&cat);
    let names: Vec<String> = g.units.iter().map(|u| u.fighter.name.to_string()).collect();
    let mut a = Script::defending().actions(vec![
        (1, Action::Dismount { unit: 0 }),
        (2, Action::Mount { unit: 0, horse: 0 }),
    ]);
    let mut b = Script::defending();
    let events = three_turns(&mut g, &mut a, &mut b);
    let (x, y) = events
        .iter()
        .find_map(|e| match e {
            Event::Dismount { model, x, y, .. } if *model == names[0] => Some((*x, *y)),
            _ => None,
        })
        .expect("a dismount");
    // Touching its rider's base (1" bases), on the side away from the nearest enemy (B1, east).
    let gap = ((x - 12.0).powi(2) + (y - 12.0).powi(2)).sqrt() - 1.0;
    assert!((0.0..=0.01).contains(&gap), "gap {gap}");
    assert!(x < 12.0, "left to the west: {x}");
    assert_eq!(mounted(&events), vec![(names[0].clone(), Mount::Horse)]);
}

#[test]
fn t60_only_a_model_that_could_have_been_fielded_mounted_may_mount_even_an_enemy_horse() {
    let cat = cat();
    let mut g = riders(&cat);
    let names: Vec<String> = g.units.iter().map(|u| u.fighter.name.to_string()).collect();
    // A riderless horse at (20, 20): the Soldier (A2) touches it from the south, the Hatamoto
    // (B1) from the north, the Ashigaru (B2) from the west.
    let steed = g.units[0].fighter.mount.clone().expect("a built-in horse");
    g.horses.push((Point::new(20.0, 20.0), steed));
    g.units[1].base.centre = Point::new(20.0, 21.0005);
    g.units[2].base.centre = Point::new(20.0, 18.9995);
    g.units[3].base.centre = Point::new(18.9995, 20.0);
    let mut a = Script::defending().actions(vec![(1, Action::Mount { unit: 1, horse: 0 })]);
    let mut b = Script::defending().actions(vec![
        (1, Action::Mount { unit: 3, horse: 0 }),
        (2, Action::Mount { unit: 2, horse: 0 }),
    ]);
    let events = three_turns(&mut g, &mut a, &mut b);
    assert_eq!(mounted(&events), vec![(names[2].clone(), Mount::Horse)]);
}

/// A Bushi Ashigaru (A1) holding an enemy banner it picked up is charged by a Ming Soldier (B1);
/// its side keeps the banner or drops it. Turn 1's events and the names.
fn charged_carrier(drop: bool) -> (Vec<Event>, Vec<String>) {
    let cat = cat();
    let mut g = against_soldier(
        &cat,
        "bushi",
        "[[models]]\nprofile = \"ashigaru\"\n",
        &[Point::new(12.0, 12.0), Point::new(12.0, 15.0)],
    );
    g.units[0].captured = 1;
    g.units[0].fighter.banner = true;
    let names = g.units.iter().map(|u| u.fighter.name.to_string()).collect();
    let mut a = Script::defending();
    a.drop_carried = drop;
    let mut b = Script::defending().moves(vec![(
        1,
        buntai::ronin::engine::game::play::Activation::Move {
            unit: 1,
            kind: buntai::ronin::engine::table::path::MoveKind::Normal,
            path: vec![Point::new(12.0, 13.0)],
        },
    )]);
    (
        crate::script::play_turn_one(&mut g, &mut a, &mut b, 9),
        names,
    )
}

#[test]
fn a_carrier_that_becomes_engaged_drops_its_banner_or_keeps_it_at_minus_one() {
    let (dropped, names) = charged_carrier(true);
    let at = dropped
        .iter()
        .position(|e| matches!(e, Event::Drop { model, banners: 1 } if *model == names[0]))
        .expect("the banner is dropped");
    let fought = dropped
        .iter()
        .position(|e| matches!(e, Event::Initiative { .. }))
        .expect("a combat");
    assert!(at < fought, "dropped at once, before the combat");
    let (kept, _) = charged_carrier(false);
    assert!(!kept.iter().any(|e| matches!(e, Event::Drop { .. })));
    assert_eq!(
        initiative_modifier(&kept, &names[0]),
        initiative_modifier(&dropped, &names[0]) - 1,
        "keeping it costs -1 while engaged"
    );
}
