//! Heroic Samurai: whole Clan Feuds a second, two contingents a side, with the default AI (and
//! `random`) on both sides, one at a time and on every core as `simulate` plays them, with the
//! allocations each game makes. Run with `cargo bench --bench heroic`; not part of CI.

use buntai::heroic::data::{self, Data};
use buntai::heroic::engine::ai::Kind;
use buntai::heroic::engine::event::Log;
use buntai::heroic::engine::game::{Levy, Recruit, Setup};
use buntai::heroic::engine::play_one;
use buntai::heroic::rules::LeaderStats;
use rayon::prelude::*;

#[global_allocator]
static ALLOC: divan::AllocProfiler = divan::AllocProfiler::system();

fn main() {
    divan::main();
}

fn levy(data: &Data, kinds: &[&str]) -> Levy {
    Levy {
        name: "bench".to_owned(),
        stats: LeaderStats::default(),
        roll: false,
        elements: kinds
            .iter()
            .map(|k| Recruit {
                kind: data.elements.iter().position(|e| e.id == *k).expect("type"),
                archers: None,
            })
            .collect(),
    }
}

fn setup(data: &Data) -> Setup {
    let a = levy(
        data,
        &[
            "armoured-clan-samurai",
            "clan-samurai",
            "armoured-ashigaru-spear",
            "armoured-ashigaru-musket",
        ],
    );
    let b = levy(
        data,
        &[
            "mounted-clan-samurai",
            "ashigaru-spear",
            "ashigaru-spear",
            "ashigaru-musket",
            "peasants",
        ],
    );
    Setup {
        sides: [vec![a.clone(), b.clone()], vec![b, a]],
    }
}

/// One whole game at a time, two contingents a side.
#[divan::bench(args = [Kind::Default, Kind::Random])]
fn one_game(bencher: divan::Bencher, policy: Kind) {
    let data = data::load(None).expect("data");
    let scenario = data.scenario("clan-feud").expect("scenario").clone();
    let setup = setup(&data);
    let mut game = 0u64;
    bencher
        .counter(divan::counter::ItemsCount::new(1usize))
        .bench_local(|| {
            game += 1;
            play_one(
                &data,
                &scenario,
                &setup,
                [policy, policy],
                7,
                game,
                &mut Log::off(),
            )
        });
}

/// A batch of games on every core, as `simulate` plays them.
#[divan::bench(args = [2048], sample_count = 20)]
fn games_on_every_core(bencher: divan::Bencher, games: u64) {
    let data = data::load(None).expect("data");
    let scenario = data.scenario("clan-feud").expect("scenario").clone();
    let setup = setup(&data);
    bencher
        .counter(divan::counter::ItemsCount::new(games as usize))
        .bench(|| {
            (0..games)
                .into_par_iter()
                .map(|g| {
                    play_one(
                        &data,
                        &scenario,
                        &setup,
                        [Kind::Default, Kind::Default],
                        7,
                        g,
                        &mut Log::off(),
                    )
                    .outcome
                })
                .sum::<usize>()
        });
}
