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
