//! The table's rule tests (play digest §20.7: T1-T9, T17, T23-T29, T64-T67), each with the text's
//! own numbers, on hand-built tables.

use buntai::ronin::engine::ScriptedDice;
use buntai::ronin::engine::shooting::range_band;
use buntai::ronin::engine::table::path::{
    MoveCheck, MoveError, MoveKind, MoveRules, Mover, Others, check_move,
};
use buntai::ronin::engine::table::setup::{Zone, ninja_may_stand, piece_count};
use buntai::ronin::engine::table::sight::{Blocked, Cover, Crowd, Looker, SightMap};
use buntai::ronin::engine::table::{
    Circle, Opening, OpeningKind, Piece, Point, Polygon, Segment, Table,
};
use buntai::ronin::load::{DataSource, load};
use buntai::ronin::model::{Catalogue, Movement, Sight, Water};

fn cat() -> Catalogue {
    load(&DataSource::Embedded).expect("the shipped data loads")
}

fn at(x: f64, y: f64) -> Circle {
    Circle::new(Point::new(x, y), 0.5)
}

/// A piece of a kind from the data, as a table file would give it.
pub(crate) fn piece(cat: &Catalogue, kind: &str, shape: Polygon) -> Piece {
    let k = cat.terrain.kind(kind).expect("kind in the data");
    Piece {
        index: 0,
        kind: kind.to_owned(),
        name: k.name.clone(),
        shape,
        large: false,
        movement: k.movement,
        sight: k.sight,
        water: k.water,
        building: kind == "building",
        openings: Vec::new(),
        large_room: false,
        rocky: false,
        objective: false,
    }
}

fn table(pieces: Vec<Piece>) -> Table {
    let pieces = pieces
        .into_iter()
        .enumerate()
        .map(|(i, p)| Piece { index: i, ..p })
        .collect();
    Table::new(48.0, pieces)
}

fn rules(cat: &Catalogue) -> MoveRules {
    MoveRules::from_catalogue(cat)
}

const NONE: Others<'static> = Others {
    friends: &[],
    enemies: &[],
};

fn enemies(list: &[Circle]) -> Others<'_> {
    Others {
        friends: &[],
        enemies: list,
    }
}

fn straight(from: Circle, dx: f64, dy: f64) -> Vec<Point> {
    vec![Point::new(from.centre.x + dx, from.centre.y + dy)]
}

/// A straight move of (dx, dy) from where the mover stands.
fn go(
    t: &Table,
    r: &MoveRules,
    m: &Mover,
    kind: MoveKind,
    (dx, dy): (f64, f64),
    others: Others<'_>,
) -> Result<MoveCheck, MoveError> {
    check_move(t, r, m, kind, &straight(m.base, dx, dy), others)
}

#[test]
fn t1_a_normal_move_is_six_inches_and_a_run_nine() {
    let cat = cat();
    let r = rules(&cat);
    let t = table(vec![]);
    let me = at(10.0, 10.0);
    // The nearest enemy is 10" away, edge to edge, to the north.
    let foe = [at(10.0, 21.0)];
    let m = Mover::on_foot(me);
    let six = straight(me, 6.0, 0.0);
    assert!(check_move(&t, &r, &m, MoveKind::Normal, &six, enemies(&foe)).is_ok());
    let over = straight(me, 6.01, 0.0);
    assert!(matches!(
        check_move(&t, &r, &m, MoveKind::Normal, &over, enemies(&foe)),
        Err(MoveError::TooLong { .. })
    ));
    assert!(check_move(&t, &r, &m, MoveKind::Run, &over, enemies(&foe)).is_ok());
    let away = straight(me, 0.0, -9.0);
    let run = check_move(&t, &r, &m, MoveKind::Run, &away, enemies(&foe)).expect("a 9\" Run away");
    assert!((run.length - 9.0).abs() < 1e-9 && run.allowance == 9.0);
}

#[test]
fn t2_an_enemy_six_and_a_half_inches_away_cannot_be_charged() {
    let cat = cat();
    let r = rules(&cat);
    let t = table(vec![]);
    let me = at(10.0, 10.0);
    let foe = [at(10.0, 17.5)]; // 6.5" edge to edge
    let m = Mover::on_foot(me);
    let to_contact = straight(me, 0.0, 6.5);
    assert!(matches!(
        check_move(&t, &r, &m, MoveKind::Normal, &to_contact, enemies(&foe)),
        Err(MoveError::TooLong { .. })
    ));
    assert!(matches!(
        check_move(&t, &r, &m, MoveKind::Run, &to_contact, enemies(&foe)),
        Err(MoveError::TooNearEnemy { .. })
    ));
}

#[test]
fn t3_an_enemy_within_six_inches_is_charged_and_both_are_engaged() {
    let cat = cat();
    let r = rules(&cat);
    let t = table(vec![]);
    let me = at(10.0, 10.0);
    let foe = [at(10.0, 16.9)]; // 5.9" edge to edge
    let m = Mover::on_foot(me);
    let charge = go(&t, &r, &m, MoveKind::Normal, (0.0, 5.9), enemies(&foe)).expect("a charge");
    assert_eq!(charge.contacts.as_slice(), [0]);
    let after = at(10.0, 15.9);
    assert!(after.in_contact(&foe[0]) && foe[0].in_contact(&after));
}

#[test]
fn t4_a_run_keeps_more_than_an_inch_from_every_enemy() {
    let cat = cat();
    let r = rules(&cat);
    let t = table(vec![]);
    let me = at(10.0, 10.0);
    let m = Mover::on_foot(me);
    let path = straight(me, 8.0, 0.0);
    // An enemy beside the path, its base 0.9" and then 1.1" from the runner's base.
    let near = [at(14.0, 10.0 + 1.0 + 0.9)];
    assert!(matches!(
        check_move(&t, &r, &m, MoveKind::Run, &path, enemies(&near)),
        Err(MoveError::TooNearEnemy { .. })
    ));
    let clear = [at(14.0, 10.0 + 1.0 + 1.1)];
    assert!(check_move(&t, &r, &m, MoveKind::Run, &path, enemies(&clear)).is_ok());
    // Starting 0.8" from an enemy: no Run at all, even straight away.
    let close = [at(10.0, 11.8)];
    assert!(matches!(
        go(&t, &r, &m, MoveKind::Run, (0.0, -5.0), enemies(&close)),
        Err(MoveError::TooNearEnemy { .. })
    ));
}

#[test]
fn t5_a_stunned_model_through_a_rice_paddy_moves_a_quarter() {
    let cat = cat();
    let r = rules(&cat);
    let paddy = piece(&cat, "rice-paddy", Polygon::rectangle(11.0, 5.0, 4.0, 10.0));
    let t = table(vec![paddy]);
    let me = at(10.0, 10.0);
    let m = Mover {
        slowed: true,
        ..Mover::on_foot(me)
    };
    let into = go(&t, &r, &m, MoveKind::Normal, (1.5, 0.0), NONE).expect("1.5\"");
    assert_eq!((into.halvings, into.allowance), (2, 1.5));
    assert!(go(&t, &r, &m, MoveKind::Normal, (1.6, 0.0), NONE).is_err());
    // Away from the paddy: halved once, 3".
    let away = go(&t, &r, &m, MoveKind::Normal, (-3.0, 0.0), NONE).expect("3\"");
    assert_eq!((away.halvings, away.allowance), (1, 3.0));
}

#[test]
fn t6_halvings_stack_but_never_below_an_inch() {
    let cat = cat();
    let r = rules(&cat);
    let me = at(10.0, 10.0);
    // Stunned and Grievous are one criterion.
    let open = table(vec![]);
    let slowed = Mover {
        slowed: true,
        ..Mover::on_foot(me)
    };
    let ok = go(&open, &r, &slowed, MoveKind::Normal, (3.0, 0.0), NONE).expect("3\"");
    assert_eq!(ok.allowance, 3.0);
    // Encumbered and Stunned in difficult ground: 6 / 8 = 0.75, raised to the 1" floor.
    let mud = piece(
        &cat,
        "rough-ground",
        Polygon::rectangle(5.0, 5.0, 10.0, 10.0),
    );
    let t = table(vec![mud]);
    let laden = Mover {
        slowed: true,
        encumbered: true,
        ..Mover::on_foot(me)
    };
    let one = go(&t, &r, &laden, MoveKind::Normal, (1.0, 0.0), NONE).expect("1\"");
    assert_eq!((one.halvings, one.allowance), (3, 1.0));
    assert!(go(&t, &r, &laden, MoveKind::Normal, (1.05, 0.0), NONE).is_err());
}

#[test]
fn t7_a_mounted_model_moves_twelve_gallops_eighteen_and_stays_out_of_walls() {
    let cat = cat();
    let r = rules(&cat);
    let me = at(5.0, 5.0);
    let rider = Mover {
        mounted: true,
        ..Mover::on_foot(me)
    };
    let open = table(vec![]);
    assert!(go(&open, &r, &rider, MoveKind::Normal, (12.0, 0.0), NONE).is_ok());
    assert!(go(&open, &r, &rider, MoveKind::Run, (18.0, 0.0), NONE).is_ok());
    assert!(go(&open, &r, &rider, MoveKind::Run, (18.1, 0.0), NONE).is_err());
    let wall = piece(&cat, "low-wall", Polygon::rectangle(10.0, 0.0, 0.5, 20.0));
    let t = table(vec![wall]);
    assert!(matches!(
        go(&t, &r, &rider, MoveKind::Normal, (12.0, 0.0), NONE),
        Err(MoveError::MountedInto { .. })
    ));
}

#[test]
fn t8_an_acrobatic_model_climbs_walls_at_half_passes_friends_and_is_still_slowed_by_water() {
    let cat = cat();
    let r = rules(&cat);
    let me = at(10.0, 10.0);
    let acrobat = Mover {
        acrobatic: true,
        ..Mover::on_foot(me)
    };
    let wall = piece(&cat, "high-wall", Polygon::rectangle(11.0, 0.0, 0.5, 20.0));
    let t = table(vec![wall]);
    let over = go(&t, &r, &acrobat, MoveKind::Normal, (3.0, 0.0), NONE).expect("over the wall");
    assert_eq!(over.allowance, 3.0);
    assert!(go(&t, &r, &acrobat, MoveKind::Normal, (3.1, 0.0), NONE).is_err());
    let walker = Mover::on_foot(me);
    assert!(matches!(
        go(&t, &r, &walker, MoveKind::Normal, (3.0, 0.0), NONE),
        Err(MoveError::Impassable { .. })
    ));
    // Through a friend, ending clear of it; not ending on it.
    let open = table(vec![]);
    let friend = [at(12.0, 10.0)];
    let others = Others {
        friends: &friend,
        enemies: &[],
    };
    assert!(go(&open, &r, &acrobat, MoveKind::Normal, (4.0, 0.0), others).is_ok());
    assert!(go(&open, &r, &acrobat, MoveKind::Normal, (2.0, 0.0), others).is_err());
    assert!(go(&open, &r, &walker, MoveKind::Normal, (4.0, 0.0), others).is_err());
    // A stream still halves it.
    let stream = piece(&cat, "stream", Polygon::rectangle(11.0, 0.0, 2.0, 20.0));
    let wet = table(vec![stream]);
    let ford = go(&wet, &r, &acrobat, MoveKind::Normal, (3.0, 0.0), NONE).expect("3\"");
    assert_eq!(ford.halvings, 1);
    assert!(go(&wet, &r, &acrobat, MoveKind::Normal, (4.0, 0.0), NONE).is_err());
    // Deep water: closed to an Acrobatic model in heavy armour, half move without.
    let pond = piece(&cat, "deep-water", Polygon::rectangle(11.0, 0.0, 4.0, 20.0));
    assert_eq!(pond.water, Water::Deep);
    let deep = table(vec![pond]);
    let armoured = Mover {
        armoured: true,
        ..acrobat
    };
    assert!(matches!(
        go(&deep, &r, &armoured, MoveKind::Normal, (3.0, 0.0), NONE),
        Err(MoveError::DeepWater { .. })
    ));
    assert!(go(&deep, &r, &acrobat, MoveKind::Normal, (3.0, 0.0), NONE).is_ok());
}

#[test]
fn acrobatic_halving_reads_the_centre_line_not_a_base_grazing_a_wall_or_a_rock() {
    let cat = cat();
    let r = rules(&cat);
    let acrobat = Mover {
        acrobatic: true,
        ..Mover::on_foot(at(10.0, 10.0))
    };
    // A house whose west wall runs along x = 11; the acrobat walks north at x = 10.7, its base
    // over the wall by 0.2" but its centre line outside the house.
    let house = piece(&cat, "building", Polygon::rectangle(11.0, 5.0, 6.0, 10.0));
    let rock = piece(&cat, "cliff", Polygon::rectangle(11.0, 5.0, 6.0, 10.0));
    assert_eq!(rock.movement, Movement::Impassable);
    for grazed in [house, rock] {
        let t = table(vec![grazed]);
        let grazer = Mover {
            base: at(10.7, 6.0),
            ..acrobat
        };
        let along = go(&t, &r, &grazer, MoveKind::Normal, (0.0, 6.0), NONE).expect("along");
        assert_eq!(along.halvings, 0, "a grazing base does not halve the move");
        assert_eq!(along.allowance, 6.0);
        // Its centre line through the wall (into the house, over the rock) halves it.
        let into = go(&t, &r, &acrobat, MoveKind::Normal, (3.0, 0.0), NONE).expect("in");
        assert_eq!(into.halvings, 1);
        assert!(go(&t, &r, &acrobat, MoveKind::Normal, (3.5, 0.0), NONE).is_err());
        // The same grazing walk is refused to a model that is not Acrobatic.
        let walker = Mover {
            acrobatic: false,
            ..grazer
        };
        assert!(go(&t, &r, &walker, MoveKind::Normal, (0.0, 6.0), NONE).is_err());
    }
}

#[test]
fn t9_an_engaged_model_may_only_withdraw_two_inches_out_of_contact() {
    let cat = cat();
    let r = rules(&cat);
    let t = table(vec![]);
    let me = at(10.0, 10.0);
    let foe = at(11.0, 10.0);
    let m = Mover::on_foot(me);
    let one = [foe];
    assert!(matches!(
        go(&t, &r, &m, MoveKind::Normal, (-3.0, 0.0), enemies(&one)),
        Err(MoveError::Engaged)
    ));
    assert!(go(&t, &r, &m, MoveKind::Withdraw, (-2.0, 0.0), enemies(&one)).is_ok());
    assert!(matches!(
        go(&t, &r, &m, MoveKind::Withdraw, (-2.1, 0.0), enemies(&one)),
        Err(MoveError::TooLong { .. })
    ));
    // Another enemy waits where the withdraw would end.
    let two = [foe, at(7.0, 10.0)];
    assert!(matches!(
        go(&t, &r, &m, MoveKind::Withdraw, (-2.0, 0.0), enemies(&two)),
        Err(MoveError::EndsInContact { .. })
    ));
}

#[test]
fn t17_range_is_measured_edge_to_edge() {
    let cat = cat();
    let modifier = |d: f64| range_band(&cat, d).map(|b| b.modifier);
    let shooter = at(0.0, 10.0);
    assert_eq!(shooter.edge_distance(&at(7.0, 10.0)), 6.0);
    assert_eq!(modifier(shooter.edge_distance(&at(7.0, 10.0))), Some(0));
    assert_eq!(modifier(shooter.edge_distance(&at(6.9, 10.0))), Some(1));
}

fn look(
    map: &SightMap<'_>,
    from: Circle,
    to: Circle,
    moved: bool,
    others: &[Circle],
) -> buntai::ronin::engine::table::sight::SightLine {
    let mut models = vec![from, to];
    models.extend_from_slice(others);
    map.look(
        &from,
        &Looker {
            base: to,
            moved_or_shot: moved,
        },
        &Crowd::new(&models),
        [0, 1],
        None,
    )
}

#[test]
fn t23_a_model_within_an_inch_of_the_centre_line_blocks() {
    let cat = cat();
    let t = table(vec![]);
    let map = SightMap::new(&t, &cat.terrain.sight);
    let (a, b) = (at(5.0, 10.0), at(25.0, 10.0));
    let near = look(&map, a, b, false, &[at(15.0, 10.9)]);
    assert_eq!(near.blocked, Some(Blocked::Model { index: 2 }));
    assert!(look(&map, a, b, false, &[at(15.0, 11.0)]).visible());
}

#[test]
fn t24_more_than_two_inches_of_wood_blocks_and_woods_give_light_cover() {
    let cat = cat();
    let (a, b) = (at(5.0, 10.0), at(25.0, 10.0));
    // The wood ends 0.5" before the target's base edge (24.5).
    let wood = |len: f64| piece(&cat, "wood", Polygon::rectangle(24.0 - len, 5.0, len, 10.0));
    let two = table(vec![wood(2.0)]);
    let map = SightMap::new(&two, &cat.terrain.sight);
    let seen = look(&map, a, b, false, &[]);
    assert!(seen.visible());
    assert_eq!(seen.cover, Cover::Light);
    assert!((seen.light - 2.0).abs() < 1e-9);
    let more = table(vec![wood(2.1)]);
    let map = SightMap::new(&more, &cat.terrain.sight);
    assert!(matches!(
        look(&map, a, b, false, &[]).blocked,
        Some(Blocked::Light { .. })
    ));
    // Two overlapping woods are counted once.
    let overlapping = table(vec![wood(2.0), wood(1.5)]);
    let map = SightMap::new(&overlapping, &cat.terrain.sight);
    assert!(look(&map, a, b, false, &[]).visible());
}

#[test]
fn t25_a_low_wall_hides_a_target_that_has_not_moved_and_covers_one_that_has() {
    let cat = cat();
    let wall = piece(&cat, "low-wall", Polygon::rectangle(23.5, 5.0, 0.5, 10.0));
    let t = table(vec![wall]);
    let map = SightMap::new(&t, &cat.terrain.sight);
    let (a, b) = (at(5.0, 10.0), at(25.0, 10.0));
    assert!(matches!(
        look(&map, a, b, false, &[]).blocked,
        Some(Blocked::Heavy { .. })
    ));
    let moved = look(&map, a, b, true, &[]);
    assert!(moved.visible());
    assert_eq!(moved.cover, Cover::Heavy);
    assert_eq!(map.cover_bonus(moved.cover), 2);
}

#[test]
fn t26_a_shooter_at_a_wall_shoots_over_it() {
    let cat = cat();
    let wall = piece(&cat, "low-wall", Polygon::rectangle(6.0, 5.0, 0.5, 10.0));
    let t = table(vec![wall]);
    let map = SightMap::new(&t, &cat.terrain.sight);
    let seen = look(&map, at(5.0, 10.0), at(25.0, 10.0), false, &[]);
    assert!(seen.visible());
    assert_eq!(seen.cover, Cover::None);
}

#[test]
fn t27_buildings_block_unless_a_model_is_inside() {
    let cat = cat();
    let mut house = piece(&cat, "building", Polygon::rectangle(12.0, 6.0, 6.0, 8.0));
    house.openings.push(Opening {
        segment: Segment::new(Point::new(14.4, 6.0), Point::new(15.6, 6.0)),
        kind: OpeningKind::Door,
    });
    assert_eq!(
        (house.movement, house.sight),
        (Movement::Impassable, Sight::Building)
    );
    let t = table(vec![house]);
    let map = SightMap::new(&t, &cat.terrain.sight);
    let (a, b) = (at(5.0, 10.0), at(25.0, 10.0));
    assert!(matches!(
        look(&map, a, b, true, &[]).blocked,
        Some(Blocked::Terrain { .. })
    ));
    // A target inside that shot this turn, seen through one wall: visible, heavy cover.
    let inside = at(16.0, 10.0);
    let seen = look(&map, a, inside, true, &[]);
    assert!(seen.visible());
    assert_eq!(seen.cover, Cover::Heavy);
    assert!(
        !look(&map, a, inside, false, &[]).visible(),
        "not if it stood still"
    );
    // Two models in the same building see each other.
    assert!(look(&map, at(13.0, 10.0), inside, false, &[]).visible());
    // The door lets a model walk in; the walls do not.
    let r = MoveRules::from_catalogue(&cat);
    let walker = Mover::on_foot(at(15.0, 4.0));
    assert!(
        check_move(
            &t,
            &r,
            &walker,
            MoveKind::Normal,
            &[Point::new(15.0, 8.0)],
            NONE
        )
        .is_ok()
    );
    let side = Mover::on_foot(at(10.0, 10.0));
    assert!(
        check_move(
            &t,
            &r,
            &side,
            MoveKind::Normal,
            &[Point::new(14.0, 10.0)],
            NONE
        )
        .is_err()
    );
}

#[test]
fn t28_a_hill_blocks_unless_one_of_the_two_stands_on_it() {
    let cat = cat();
    let hill = piece(&cat, "hill", Polygon::rectangle(12.0, 6.0, 6.0, 8.0));
    let t = table(vec![hill]);
    let map = SightMap::new(&t, &cat.terrain.sight);
    let target = at(25.0, 10.0);
    assert!(matches!(
        look(&map, at(5.0, 10.0), target, true, &[]).blocked,
        Some(Blocked::Terrain { .. })
    ));
    assert!(look(&map, at(13.0, 10.0), target, false, &[]).visible());
}

#[test]
fn t29_weather_and_time_of_day_limit_sight() {
    let cat = cat();
    let terrain = &cat.terrain;
    let mist = terrain.sight_limit(Some("heavy-mist"), None, 1);
    assert_eq!(mist, Some(12.0));
    let t = table(vec![]);
    let map = SightMap::new(&t, &terrain.sight);
    let shooter = at(5.0, 10.0);
    let far = at(5.0 + 1.0 + 12.5, 10.0);
    let near = at(5.0, 10.0 + 1.0 + 11.9);
    let models = Crowd::new(&[shooter, far, near]);
    let see = |target: Circle, k: usize| {
        map.look(
            &shooter,
            &Looker {
                base: target,
                moved_or_shot: false,
            },
            &models,
            [0, k],
            mist,
        )
    };
    assert!(matches!(
        see(far, 1).blocked,
        Some(Blocked::SightLimit { .. })
    ));
    assert!(see(near, 2).visible());
    assert_eq!(terrain.sight_limit(None, Some("dusk"), 1), None);
    assert_eq!(terrain.sight_limit(None, Some("dusk"), 3), Some(18.0));
    assert_eq!(terrain.sight_limit(None, Some("dusk"), 4), Some(12.0));
    assert_eq!(terrain.sight_limit(None, Some("dawn"), 2), Some(18.0));
    assert_eq!(terrain.sight_limit(None, Some("dawn"), 3), None);
    assert_eq!(
        terrain.sight_limit(Some("rain"), Some("dusk"), 3),
        Some(18.0)
    );
    assert_eq!(
        terrain.sight_limit(Some("rain"), Some("dusk"), 2),
        Some(24.0)
    );
}

#[test]
fn t64_the_table_size_follows_the_larger_force() {
    let cat = cat();
    let size = |points| cat.terrain.table_size(points);
    assert_eq!((size(100), size(150), size(201)), (24.0, 36.0, 48.0));
    // Defence, 100 points against 200: the larger force sets it.
    let forces = [100u32, 200];
    assert_eq!(forces.iter().max().map(|&p| size(p)), Some(36.0));
}

#[test]
fn t65_the_terrain_count_is_a_d3_plus_three_or_five_half_of_them_large() {
    let cat = cat();
    let (n, large, rolled) = piece_count(&cat.terrain, 150, &mut ScriptedDice::new(&[3]));
    assert_eq!((n, large, rolled), (5, 2, vec![3]));
    let (n, large, _) = piece_count(&cat.terrain, 250, &mut ScriptedDice::new(&[6]));
    assert_eq!((n, large), (8, 4));
}

#[test]
fn t66_deployment_zones_hold_the_whole_base() {
    let edge = Zone::Edge {
        edge: 0,
        depth: 2.0,
    };
    assert!(edge.holds(36.0, &at(10.0, 1.5)));
    assert!(!edge.holds(36.0, &at(10.0, 1.6)));
    let corner = Zone::Corner {
        x: 0.0,
        y: 0.0,
        depth: 6.0,
    };
    let diag = |d: f64| at(d / 2f64.sqrt(), d / 2f64.sqrt());
    assert!(corner.holds(36.0, &diag(5.5)));
    assert!(!corner.holds(36.0, &diag(5.6)));
}

#[test]
fn t67_an_undisguised_ninja_stands_more_than_six_inches_from_every_enemy() {
    let t = Table::new(36.0, vec![]);
    let enemy = [at(10.0, 10.0)];
    assert!(
        !ninja_may_stand(&t, 6.0, &at(10.0, 17.0), &enemy),
        "6.0\" away"
    );
    assert!(
        ninja_may_stand(&t, 6.0, &at(10.0, 17.1), &enemy),
        "6.1\" away"
    );
}

#[test]
fn t14_seven_models_deploy_four_and_keep_three_in_reserve() {
    let cat = cat();
    let reserves = &cat.terrain.reserves;
    assert_eq!(reserves.split(7), (4, 2, 1));
    assert_eq!((reserves.second_wave_turn, reserves.rest_turn), (2, 3));
    assert_eq!(reserves.split(1), (1, 0, 0));
    assert_eq!(reserves.split(10), (5, 3, 2));
}

/// A 24" table whose every edge has a wood over its first 10" and a house (a door in its side
/// wall, across the 2" deployment strip) over the next 4", both 3" deep.
fn crowded_edges(cat: &Catalogue) -> Table {
    // Turn a point a quarter at a time about the table's centre.
    let turn = |p: Point, k: usize| (0..k).fold(p, |p, _| Point::new(24.0 - p.y, p.x));
    let turned = |x: f64, y: f64, w: f64, h: f64, k: usize| {
        let (a, b) = (turn(Point::new(x, y), k), turn(Point::new(x + w, y + h), k));
        Polygon::rectangle(
            a.x.min(b.x),
            a.y.min(b.y),
            (a.x - b.x).abs(),
            (a.y - b.y).abs(),
        )
    };
    let mut pieces = Vec::new();
    for k in 0..4 {
        pieces.push(piece(cat, "wood", turned(0.0, 0.0, 10.0, 3.0, k)));
        let mut house = piece(cat, "building", turned(10.0, 0.0, 4.0, 3.0, k));
        house.openings.push(Opening {
            segment: Segment::new(
                turn(Point::new(10.0, 0.2), k),
                turn(Point::new(10.0, 1.8), k),
            ),
            kind: OpeningKind::Door,
        });
        pieces.push(house);
    }
    let pieces = pieces
        .into_iter()
        .enumerate()
        .map(|(index, p)| Piece { index, ..p })
        .collect();
    Table::new(24.0, pieces)
}

#[test]
fn no_mounted_model_deploys_in_difficult_ground_or_a_building_and_no_base_across_an_outline() {
    use buntai::ronin::engine::events::EventLog;
    use buntai::ronin::engine::game::play::Game;
    use buntai::ronin::engine::table::setup::{DeploymentChoice, SetupRequest, generate_on};
    use buntai::ronin::model::ScenarioId;
    let cat = cat();
    let table = crowded_edges(&cat);
    let models = "[[models]]\nprofile = \"heavy-cavalry\"\ncount = 3\n\n[[models]]\nprofile = \"soldier\"\ncount = 6\n";
    let mut mounted_deployed = 0;
    for seed in 0..6 {
        let request = SetupRequest::new(
            &cat,
            ScenarioId::Skirmish,
            200,
            DeploymentChoice::Edge,
            seed,
        );
        let setup = generate_on(&cat, &request, Some(&table));
        let ming = cat.faction("ming-chinese").expect("ming");
        let g = Game::from_setup(
            &cat,
            [ming, ming],
            [0, 1].map(|s| crate::scoring::units_from(&cat, "ming-chinese", models, s)),
            setup,
            &mut ScriptedDice::new(&[6, 1, 1]),
            &mut EventLog::off(),
        );
        for u in g.units.iter().filter(|u| u.on_table()) {
            let (c, r) = (u.base.centre, u.base.radius);
            for p in &g.setup.table.pieces {
                if p.building {
                    let nearest = p
                        .shape
                        .edges()
                        .map(|e| e.distance_to_point(c))
                        .fold(f64::MAX, f64::min);
                    assert!(
                        nearest >= r - 1e-6,
                        "seed {seed}: {} across the house at {c:?}",
                        u.fighter.name
                    );
                }
                if u.fighter.mount.is_some() {
                    assert!(
                        !(p.shape.contains(c) && (p.building || p.movement == Movement::Difficult)),
                        "seed {seed}: {} mounted in {} at {c:?}",
                        u.fighter.name,
                        p.kind
                    );
                }
            }
            mounted_deployed += usize::from(u.fighter.mount.is_some());
        }
    }
    assert!(
        mounted_deployed > 0,
        "riders found room in the open stretch"
    );
}
