//! Samurai 1550-1600: whole games a second with the default AI on both sides, one at a time and
//! on every core as `simulate` plays them, with the allocations each game makes (flat in the
//! number of games: a game keeps nothing once it is tallied). Run with
//! `cargo bench --bench samurai`; not part of CI.

use buntai::samurai::data;
use buntai::samurai::engine::ai::Kind;
use buntai::samurai::engine::event::Log;
use buntai::samurai::engine::game::First;
use buntai::samurai::engine::play_one;
use buntai::samurai::engine::rules::{Recruit, Rules};
use rayon::prelude::*;

#[global_allocator]
static ALLOC: divan::AllocProfiler = divan::AllocProfiler::system();

fn main() {
    divan::main();
}

fn setup() -> (Rules, Vec<Recruit>, Vec<Recruit>) {
    let data = data::load(None).expect("data");
    let rules =
        Rules::new(&data, data.scenario("pitched-battle").expect("scenario")).expect("rules");
    let army = |file: &str| {
        let text = std::fs::read_to_string(format!(
            "{}/examples/samurai-1550-1600/{file}",
            env!("CARGO_MANIFEST_DIR")
        ))
        .expect("army");
        let army: buntai::samurai::army::ArmyFile = toml::from_str(&text).expect("parses");
        rules.recruits(&data, &army).expect("recruits")
    };
    let (a, b) = (army("takeda.toml"), army("oda.toml"));
    (rules, a, b)
}

/// One whole game at a time, default AI against default AI, no log.
#[divan::bench(args = [Kind::Default, Kind::Random])]
fn one_game(bencher: divan::Bencher, policy: Kind) {
    let (rules, a, b) = setup();
    let mut game = 0u64;
    bencher
        .counter(divan::counter::ItemsCount::new(1usize))
        .bench_local(|| {
            game += 1;
            play_one(
                &rules,
                [&a, &b],
                [policy, policy],
                First::Roll,
                7,
                game,
                &mut Log::off(),
            )
        });
}

/// A batch of games on every core, as `simulate` plays them.
#[divan::bench(args = [2048], sample_count = 20)]
fn games_on_every_core(bencher: divan::Bencher, games: u64) {
    let (rules, a, b) = setup();
    bencher
        .counter(divan::counter::ItemsCount::new(games as usize))
        .bench_local(|| {
            (0..games)
                .into_par_iter()
                .map(|g| {
                    let o = play_one(
                        &rules,
                        [&a, &b],
                        [Kind::Default, Kind::Default],
                        First::Roll,
                        7,
                        g,
                        &mut Log::off(),
                    );
                    u64::from(o.winner == Some(0))
                })
                .sum::<u64>()
        });
}
