//! L5R mass battles: exact roll-and-keep odds. Run with `cargo bench --bench l5r`; not part of CI.
//! Target: 10k5 against a TN with every Raise in under 10 ms.

use buntai::l5r::dice::{Exact, Pool};
use buntai::l5r::odds;

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
