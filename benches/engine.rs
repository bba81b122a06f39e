//! Engine speed: attacks resolved per second (random dice), and the exact-odds enumeration.
//! Run with `cargo bench --bench engine`; not part of CI.

use buntai::engine::{
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
                let rolled = buntai::engine::attack_dice(
                    divan::black_box(ATTACK),
                    divan::black_box(DEFENCE),
                    &mut dice,
                );
                wounds += u32::from(rolled.result() != buntai::engine::WoundResult::NoWound);
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

/// Whole tournaments between the book's 100-point sample and the Koryu example (5 against 5).
#[divan::bench]
fn tournaments(bencher: divan::Bencher) {
    use buntai::diag::SourceFile;
    use buntai::engine::fighter::Fighter;
    use buntai::engine::policy::DefaultAi;
    use buntai::engine::tournament::tournament;
    use buntai::load::{DataSource, load};
    use buntai::roster::{self, Rules};

    let cat = load(&DataSource::Embedded).expect("data");
    let side = |path: &str| -> Vec<Fighter> {
        let text = std::fs::read_to_string(path).expect("example roster");
        let parsed = roster::parse(&SourceFile::new(path, text)).expect("roster");
        let faction = cat.faction(&parsed.faction).expect("faction");
        let resolved = roster::resolve(&cat, faction, &parsed, Rules::default(), &mut Vec::new());
        resolved
            .models
            .iter()
            .flat_map(|m| (0..m.count).map(move |_| m))
            .map(|m| Fighter::from_model(&cat, m, m.profile.name.clone()))
            .collect()
    };
    let (a, b) = (
        side("examples/bushi-sample-100.toml"),
        side("examples/koryu.toml"),
    );
    let (mut pa, mut pb) = (DefaultAi::new(), DefaultAi::new());
    let mut game = 0u64;
    bencher.bench_local(|| {
        game += 1;
        let mut dice = SeededDice::new(1, game);
        let mut events = buntai::engine::events::EventLog::off();
        tournament(
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

/// Line of sight between every model of one side and every model of the other (20 against 20) on
/// a 48" table with 8 pieces: each line is tested against the other 38 bases and every piece.
#[divan::bench]
fn line_of_sight_matrix_20_by_20(bencher: divan::Bencher) {
    use buntai::engine::table::{Circle, Point, Polygon, Segment};
    let side = |y: f64| -> Vec<Circle> {
        (0..20)
            .map(|i| Circle::new(Point::new(2.0 + 2.2 * f64::from(i), y), 0.5))
            .collect()
    };
    let (a, b) = (side(4.0), side(44.0));
    let pieces: Vec<Polygon> = (0..8)
        .map(|i| {
            let k = f64::from(i);
            Polygon::rectangle(3.0 + 5.5 * k, 12.0 + 3.0 * (k % 3.0), 3.0, 4.0)
        })
        .collect();
    let all: Vec<Circle> = a.iter().chain(&b).copied().collect();
    bencher.bench_local(|| {
        let mut clear = 0u32;
        for (i, x) in a.iter().enumerate() {
            for (j, y) in b.iter().enumerate() {
                let line = Segment::new(x.centre, y.centre);
                let blocked_by_model = all
                    .iter()
                    .enumerate()
                    .any(|(k, m)| k != i && k != 20 + j && line.meets_circle(m));
                let blocked = blocked_by_model
                    || pieces
                        .iter()
                        .any(|p| p.meets_segment(divan::black_box(&line)));
                clear += u32::from(!blocked);
            }
        }
        clear
    });
}
