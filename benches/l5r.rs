//! L5R mass battles: exact roll-and-keep odds and whole battles. Run with `cargo bench --bench
//! l5r`; not part of CI. Targets: 10k5 against a TN with every Raise in under 10 ms; 100,000
//! simulated battles a second on 2 cores.

use buntai::l5r::ai::Kind;
use buntai::l5r::battle::BattleFile;
use buntai::l5r::dice::{Exact, Pool};
use buntai::l5r::engine::Log;
use buntai::l5r::odds;
use buntai::l5r::odds_table::Odds;
use buntai::l5r::setup::Setup;
use buntai::l5r::simulate::play_one;

fn main() {
    divan::main();
}

/// A fresh enumeration each time (no cache carried over), the whole TN table.
#[divan::bench(args = [(6, 3), (10, 5), (10, 10)])]
fn exact_tn_table(bencher: divan::Bencher, pool: (i32, i32)) {
    bencher.bench_local(|| {
        let json = odds::roll(&mut Exact::new(), Pool::new(pool.0, pool.1), 20, 0);
        divan::black_box(json.raises.len())
    });
}

/// Both generals' pools and the difference of their totals.
#[divan::bench]
fn exact_battle_roll(bencher: divan::Bencher) {
    bencher.bench_local(|| {
        let json = odds::battle(
            &mut Exact::new(),
            [Pool::new(7, 3), Pool::new(6, 3)],
            [2, 0],
            [0, 0],
        );
        divan::black_box(json.a_wins)
    });
}

fn castle_gate() -> (Setup, Odds) {
    let data = buntai::l5r::data::load(None).expect("data");
    let text = include_str!("../examples/l5r-mass-battle/castle-gate.toml");
    let file: BattleFile = toml::from_str(text).expect("battle");
    let setup = buntai::l5r::setup::resolve(&data, &file).expect("resolves");
    let odds = Odds::new(&setup);
    (setup, odds)
}

/// One whole battle at a time (the castle gate), both sides of one policy.
#[divan::bench(args = [Kind::Default, Kind::Random])]
fn one_battle(bencher: divan::Bencher, kind: Kind) {
    let (setup, odds) = castle_gate();
    let mut game = 0u64;
    bencher
        .counter(divan::counter::ItemsCount::new(1usize))
        .bench_local(|| {
            game += 1;
            play_one(&setup, &odds, [kind, kind], 7, 0, game, Log::off())
                .0
                .rounds
        });
}

/// A batch of battles on every core, as `simulate` plays them (default against random).
#[divan::bench(args = [8192], sample_count = 20)]
fn battles_on_every_core(bencher: divan::Bencher, games: u64) {
    use rayon::prelude::*;
    let (setup, odds) = castle_gate();
    bencher
        .counter(divan::counter::ItemsCount::new(games as usize))
        .bench(|| {
            (0..games)
                .into_par_iter()
                .map(|g| {
                    play_one(
                        &setup,
                        &odds,
                        [Kind::Default, Kind::Random],
                        7,
                        0,
                        g,
                        Log::off(),
                    )
                    .0
                    .rounds
                })
                .sum::<u32>()
        });
}

/// The odds a battle's default policy decides by, worked out once before its battles.
#[divan::bench(sample_count = 10)]
fn odds_tables(bencher: divan::Bencher) {
    let (setup, _) = castle_gate();
    bencher.bench(|| Odds::new(&setup).battle_at_least(0, 0, 20));
}
