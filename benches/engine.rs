//! Engine speed: attacks resolved per second (random dice), and the exact-odds enumeration.
//! Run with `cargo bench --bench engine`; not part of CI.

use buntai::ronin::engine::{
    AttackSide, DefenceSide, SeededDice, ShotSpec, melee_odds, roll_attack, roll_shot,
};

fn main() {
    divan::main();
}

const ATTACK: AttackSide = AttackSide {
    fight: 3,
    modifier: 1,
    enhanced: true,
    reroll: true,
    enhanced_bonus: 0,
};
const DEFENCE: DefenceSide = DefenceSide {
    fight: 2,
    armour: 2,
    modifier: 0,
    enhanced: true,
    reroll: true,
};

/// Attacks as a game rolls them: the dice and the result, no log record built.
#[divan::bench(args = [1000])]
fn game_path_attacks(bencher: divan::Bencher, n: usize) {
    let mut dice = SeededDice::new(1, 0);
    bencher
        .counter(divan::counter::ItemsCount::new(n))
        .bench_local(|| {
            let mut wounds = 0u32;
            for _ in 0..n {
                let rolled = buntai::ronin::engine::attack_dice(
                    divan::black_box(ATTACK),
                    divan::black_box(DEFENCE),
                    &mut dice,
                );
                wounds += u32::from(rolled.result() != buntai::ronin::engine::WoundResult::NoWound);
            }
            wounds
        });
}

/// Attacks with the full record a log holds (allocates).
#[divan::bench(args = [1000])]
fn melee_attacks(bencher: divan::Bencher, n: usize) {
    let mut dice = SeededDice::new(1, 0);
    bencher
        .counter(divan::counter::ItemsCount::new(n))
        .bench_local(|| {
            let mut wounds = 0;
            for _ in 0..n {
                wounds += roll_attack(
                    divan::black_box(ATTACK),
                    divan::black_box(DEFENCE),
                    &mut dice,
                )
                .score
                .max(0);
            }
            wounds
        });
}

#[divan::bench(args = [1000])]
fn shots(bencher: divan::Bencher, n: usize) {
    let mut dice = SeededDice::new(1, 1);
    let spec = ShotSpec {
        shoot: 1,
        modifier: -1,
        reroll: true,
        defence: 9,
    };
    bencher
        .counter(divan::counter::ItemsCount::new(n))
        .bench_local(|| {
            let mut hits = 0;
            for _ in 0..n {
                hits += roll_shot(divan::black_box(spec), &mut dice).score.max(0);
            }
            hits
        });
}

#[divan::bench]
fn exact_melee_odds() {
    divan::black_box(melee_odds(
        divan::black_box(ATTACK),
        divan::black_box(DEFENCE),
    ));
}

/// Whole tournaments on the table between the book's 100-point sample and the Koryu example (5
/// against 5): each match a game on the 12" circle (R-116).
#[divan::bench]
fn tournaments(bencher: divan::Bencher) {
    use buntai::diag::SourceFile;
    use buntai::ronin::engine::game::ai::TableAi;
    use buntai::ronin::engine::game::unit::{Unit, units_of};
    use buntai::ronin::engine::table::setup::{DeploymentChoice, SetupRequest, generate};
    use buntai::ronin::engine::tournament::{Arena, tournament};
    use buntai::ronin::load::{DataSource, load};
    use buntai::ronin::model::ScenarioId;
    use buntai::ronin::roster;

    let cat = load(&DataSource::Embedded).expect("data");
    let side = |path: &str, index: usize| -> (Vec<Unit>, &buntai::ronin::model::Faction) {
        let text = std::fs::read_to_string(path).expect("example roster");
        let parsed = roster::parse(&SourceFile::new(path, text)).expect("roster");
        let faction = parsed.list(&cat).expect("faction");
        (units_of(&cat, faction, &parsed, index), faction)
    };
    let ((a, fa), (b, fb)) = (
        side("examples/bushi-sample-100.toml", 0),
        side("examples/koryu.toml", 1),
    );
    let request = SetupRequest::new(&cat, ScenarioId::Tournament, 0, DeploymentChoice::Edge, 1);
    let arena = Arena {
        cat: &cat,
        factions: [fa, fb],
        setup: generate(&cat, &request),
    };
    let (mut pa, mut pb) = (TableAi::new(), TableAi::new());
    let mut game = 0u64;
    bencher.bench_local(|| {
        game += 1;
        let mut dice = SeededDice::new(1, game);
        let mut events = buntai::ronin::engine::events::EventLog::off();
        tournament(
            &arena,
            [a.clone(), b.clone()],
            &mut [&mut pa, &mut pb],
            &mut dice,
            game,
            [0, 0],
            &mut events,
        )
        .winner
    });
}

/// A 48" table with 8 pieces of every sight class, and two sides of 20 facing each other across it.
fn battlefield() -> (
    buntai::ronin::engine::table::Table,
    Vec<buntai::ronin::engine::table::Circle>,
    buntai::ronin::model::Catalogue,
) {
    use buntai::ronin::engine::table::{Circle, Piece, Point, Polygon, Table};
    let cat = buntai::ronin::load::load(&buntai::ronin::load::DataSource::Embedded).expect("data");
    let kinds = [
        "wood",
        "low-wall",
        "building",
        "hill",
        "thicket",
        "hedge",
        "wood",
        "rice-paddy",
    ];
    let pieces = kinds
        .iter()
        .enumerate()
        .map(|(i, kind)| {
            let k = f64::from(i as u32);
            let info = cat.terrain.kind(kind).expect("kind");
            Piece {
                index: i,
                kind: (*kind).to_owned(),
                name: info.name.clone(),
                shape: Polygon::rectangle(3.0 + 5.5 * k, 12.0 + 6.0 * (k % 3.0), 3.5, 4.0),
                large: false,
                movement: info.movement,
                sight: info.sight,
                water: info.water,
                building: *kind == "building",
                openings: Vec::new(),
                large_room: false,
                rocky: false,
                objective: false,
            }
        })
        .collect();
    let side = |y: f64| -> Vec<Circle> {
        (0..20)
            .map(|i| Circle::new(Point::new(2.0 + 2.2 * f64::from(i), y), 0.5))
            .collect()
    };
    let mut models = side(4.0);
    models.extend(side(44.0));
    (Table::new(48.0, pieces), models, cat)
}

/// Line of sight and cover between every model of one side and every model of the other (20
/// against 20) on a 48" table with 8 pieces: the full R-72 to R-75 test, each line against the
/// other 38 bases and every piece.
#[divan::bench]
fn line_of_sight_matrix_20_by_20(bencher: divan::Bencher) {
    use buntai::ronin::engine::table::sight::{Crowd, Looker, SightMap};
    let (table, models, cat) = battlefield();
    let map = SightMap::new(&table, &cat.terrain.sight);
    let crowd = Crowd::new(&models);
    bencher.bench_local(|| {
        let mut clear = 0u32;
        for i in 0..20 {
            for j in 20..40 {
                let target = Looker {
                    base: models[j],
                    moved_or_shot: j % 2 == 0,
                };
                let line = map.look(&models[i], &target, divan::black_box(&crowd), [i, j], None);
                clear += u32::from(line.visible());
            }
        }
        clear
    });
}

/// One charge checked for legality: a 6" path of two legs past the table's pieces and 39 bases.
#[divan::bench]
fn move_legality_one_path(bencher: divan::Bencher) {
    use buntai::ronin::engine::table::Point;
    use buntai::ronin::engine::table::path::{MoveKind, MoveRules, Mover, Others, check_move};
    let (table, models, cat) = battlefield();
    let rules = MoveRules::from_catalogue(&cat);
    let mover = Mover::on_foot(models[5]);
    let path = [Point::new(13.0, 7.0), Point::new(14.5, 9.5)];
    let others = Others {
        friends: &models[..5],
        enemies: &models[20..],
    };
    bencher.bench_local(|| {
        check_move(
            &table,
            &rules,
            &mover,
            MoveKind::Normal,
            divan::black_box(&path),
            others,
        )
        .is_ok()
    });
}

/// The shortest legal path across the table, around pieces and bases.
#[divan::bench]
fn shortest_path_across_the_table(bencher: divan::Bencher) {
    use buntai::ronin::engine::table::Point;
    use buntai::ronin::engine::table::path::{MoveKind, MoveRules, Mover, Others, shortest_path};
    let (table, models, cat) = battlefield();
    let rules = MoveRules::from_catalogue(&cat);
    let mover = Mover::on_foot(models[5]);
    let others = Others {
        friends: &models[..5],
        enemies: &[],
    };
    bencher.bench_local(|| {
        shortest_path(
            &table,
            &rules,
            &mover,
            MoveKind::Normal,
            divan::black_box(Point::new(30.0, 38.0)),
            others,
        )
    });
}

/// One whole 200-point Skirmish between two example lists (Bushi and Koryu), default AI on both
/// sides, on a generated table: set-up, deployment and every turn.
#[divan::bench]
fn skirmish_game_200_points(bencher: divan::Bencher) {
    scenario_game(bencher, "skirmish");
}

/// The same two lists in each other scenario played on the table (Defend the Village with the
/// defender's Civilians).
#[divan::bench(args = ["capture", "duel", "defence", "defend-the-village"])]
fn scenario_game_200_points(bencher: divan::Bencher, scenario: &str) {
    scenario_game(bencher, scenario);
}

/// The same Skirmish with the `random` policy on both sides: the engine's own cost, without the
/// AI's thinking.
#[divan::bench]
fn skirmish_game_200_points_random(bencher: divan::Bencher) {
    table_game(bencher, "skirmish", true);
}

fn scenario_game(bencher: divan::Bencher, scenario: &str) {
    table_game(bencher, scenario, false);
}

fn table_game(bencher: divan::Bencher, scenario: &str, random: bool) {
    use buntai::ronin::engine::SeededDice;
    use buntai::ronin::engine::events::EventLog;
    use buntai::ronin::engine::game::ai::{RandomTable, TableAi};
    use buntai::ronin::engine::game::play::{Game, play};
    use buntai::ronin::engine::game::unit::units_of;
    use buntai::ronin::engine::game::village::add_civilians;
    use buntai::ronin::engine::table::setup::{DeploymentChoice, SetupRequest, generate};
    use buntai::ronin::model::ScenarioId;
    use clap::ValueEnum;
    let scenario = ScenarioId::from_str(scenario, true).expect("a scenario");
    let cat = buntai::ronin::load::load(&buntai::ronin::load::DataSource::Embedded).expect("data");
    let roster = |name: &str| {
        let text = std::fs::read_to_string(format!("examples/{name}")).expect("example");
        buntai::ronin::roster::parse(&buntai::diag::SourceFile::new(name, text)).expect("roster")
    };
    let (ra, rb) = (roster("bushi-200.toml"), roster("koryu-200.toml"));
    let (fa, fb) = (
        cat.faction(&ra.faction).expect("faction"),
        cat.faction(&rb.faction).expect("faction"),
    );
    let sides = [units_of(&cat, fa, &ra, 0), units_of(&cat, fb, &rb, 1)];
    let ai = buntai::ronin::engine::policy::DefaultAi::new();
    let mut seed = 0u64;
    bencher.bench_local(|| {
        seed += 1;
        let request = SetupRequest::new(&cat, scenario, 200, DeploymentChoice::Edge, seed);
        let setup = generate(&cat, &request);
        let mut sides = sides.clone();
        add_civilians(&cat, &setup, &mut sides, [200, 200]);
        let mut dice = SeededDice::new(seed, 1);
        let mut events = EventLog::off();
        let mut game = Game::from_setup(&cat, [fa, fb], sides, setup, &mut dice, &mut events);
        if random {
            let (mut a, mut b) = (RandomTable::new(seed, 2), RandomTable::new(seed, 3));
            play(&mut game, &mut [&mut a, &mut b], &mut dice, &mut events)
        } else {
            let (mut a, mut b) = (
                TableAi::with_melee(ai.clone()),
                TableAi::with_melee(ai.clone()),
            );
            play(&mut game, &mut [&mut a, &mut b], &mut dice, &mut events)
        }
    });
}
