//! Whole games of Heroic Samurai on the table (HS-60..HS-68): set-up from contingent files, the
//! turn as the digest gives it (declare, recover, move, shoot, melee, morale), and the end. State
//! in, decisions from a [`ai::Policy`], dice from [`crate::dice::D6`], a result out.

pub mod ai;
pub mod check;
pub mod event;
pub mod game;

pub use game::{Game, GameResult, Setup};

use crate::dice::SeededDice;

/// The dice stream of game `game` under `seed` (the policies draw from it too).
pub fn game_dice(seed: u64, game: u64) -> SeededDice {
    SeededDice::new(seed, game.wrapping_mul(3))
}

/// Play game `game` of a run with two policies.
pub fn play_one(
    data: &crate::heroic::data::Data,
    scenario: &crate::heroic::data::Scenario,
    setup: &Setup,
    policies: [ai::Kind; 2],
    seed: u64,
    game: u64,
    log: &mut event::Log,
) -> GameResult {
    let mut dice = game_dice(seed, game);
    let mut pa = ai::policy(policies[0]);
    let mut pb = ai::policy(policies[1]);
    let mut g = Game::new(data, scenario, setup, &mut dice);
    if log.is_recording() {
        g.log = event::Log::recording();
        let e = g.setup_event(seed, game);
        g.log.push(|| e);
    }
    let result = g.play(&mut [&mut *pa, &mut *pb], &mut dice);
    if log.is_recording() {
        *log = std::mem::take(&mut g.log);
    }
    result
}
