//! Fighting in buildings (R-86, PLAY-DIGEST T51): a model whose base overlaps a door is fought
//! by one enemy only; a model inside a small room fighting with a long-handled weapon takes -1
//! Initiative and -1 Attack.

use buntai::ronin::engine::events::Event;
use buntai::ronin::engine::table::{Opening, OpeningKind, Piece, Point, Polygon, Segment};

use crate::scoring::{cat, game, units_from};
use crate::script::{Script, initiative_modifier as initiative, play_turn_one};

/// A house from (8, 8) to (16, 16) with a door in its south wall from x 11 to 13.
fn house(cat: &buntai::ronin::model::Catalogue, large_room: bool) -> Piece {
    let k = cat.terrain.kind("building").expect("building");
    Piece {
        index: 0,
        kind: "building".to_owned(),
        name: k.name.clone(),
        shape: Polygon::rectangle(8.0, 8.0, 8.0, 8.0),
        large: false,
        movement: k.movement,
        sight: k.sight,
        water: k.water,
        building: true,
        openings: vec![Opening {
            segment: Segment::new(Point::new(11.0, 8.0), Point::new(13.0, 8.0)),
            kind: OpeningKind::Door,
        }],
        large_room,
        rocky: false,
        objective: false,
    }
}

/// Side A's `model` at `at` against Bushi Ashigaru with yari at `enemies`, both sides only defending, on a
/// table with the house (or none). Turn 1's events and the names.
fn fight(
    model: &str,
    at: Point,
    enemies: &[Point],
    with_house: Option<bool>,
) -> (Vec<Event>, Vec<String>) {
    let cat = cat();
    let a = units_from(&cat, "bushi", model, 0);
    let b = units_from(
        &cat,
        "bushi",
        &format!(
            "[[models]]\nprofile = \"ashigaru\"\nweapons = [\"yari\"]\ncount = {}\n",
            enemies.len()
        ),
        1,
    );
    let mut g = game(&cat, ["bushi", "bushi"], [a, b], &[6, 4, 4]);
    g.setup.to_mut().table.pieces = with_house
        .map(|large| house(&cat, large))
        .into_iter()
        .collect();
    g.units[0].base.centre = at;
    for (u, p) in g.units[1..].iter_mut().zip(enemies) {
        u.base.centre = *p;
    }
    let names = g.units.iter().map(|u| u.fighter.name.to_string()).collect();
    let mut a = Script::defending();
    let mut b = Script::defending();
    (play_turn_one(&mut g, &mut a, &mut b, 2), names)
}

#[test]
fn t51_a_model_in_a_doorway_is_fought_by_one_enemy_the_rest_idle() {
    // A Samurai standing in the door, two Ashigaru touching it from outside.
    let samurai = "[[models]]\nprofile = \"samurai\"\n";
    let door = Point::new(12.0, 8.0);
    let outside = [Point::new(11.4, 7.2), Point::new(12.6, 7.2)];
    let (events, names) = fight(samurai, door, &outside, Some(false));
    let combats = events
        .iter()
        .find_map(|e| match e {
            Event::Combats { combats } => Some(combats.clone()),
            _ => None,
        })
        .expect("combats");
    let enemies: usize = combats.iter().map(|(_, others)| others.len()).sum();
    assert_eq!(combats.len(), 1, "{combats:?}");
    assert_eq!(
        enemies, 1,
        "one enemy fights it, the other stands idle: {combats:?}"
    );
    // Out of the doorway, both fight it.
    let open = Point::new(12.0, 5.0);
    let around = [Point::new(11.4, 4.2), Point::new(12.6, 4.2)];
    let (events, _) = fight(samurai, open, &around, Some(false));
    let both = events.iter().any(|e| {
        matches!(e, Event::Combats { combats } if combats.iter().any(|(c, o)| (*c == names[0] && o.len() == 2) || o.contains(&names[0])))
    });
    assert!(both);
}

#[test]
fn t51_a_naginata_inside_a_small_room_fights_at_minus_one_initiative() {
    let monk = "[[models]]\nprofile = \"warrior-monk\"\nweapons = [\"naginata\"]\n";
    let inside = Point::new(12.0, 12.0);
    let enemy = [Point::new(12.0, 13.0)];
    let (small, names) = fight(monk, inside, &enemy, Some(false));
    let (large, _) = fight(monk, inside, &enemy, Some(true));
    let (open, _) = fight(monk, inside, &enemy, None);
    assert_eq!(
        initiative(&small, &names[0]),
        initiative(&open, &names[0]) - 1
    );
    assert_eq!(initiative(&large, &names[0]), initiative(&open, &names[0]));
    // The Ashigaru's yari is long-handled too, and it stands inside.
    assert_eq!(
        initiative(&small, &names[1]),
        initiative(&open, &names[1]) - 1
    );
}
