//! Samurai 1550-1600 played whole on the 6 x 6 grid of the digest §12: pure and deterministic
//! under a seed. State in ([`state`]), decisions from a [`game::Policy`] ([`ai`]), dice from a
//! trait ([`dice`]), events out ([`event`]); [`check`] replays a log and rechecks every number.

pub mod ai;
pub mod check;
pub mod dice;
pub mod event;
pub mod game;
pub mod rules;
pub mod state;

use crate::dice::SeededDice;

/// The dice stream of game `game` under `seed`; the policies' own streams follow it.
pub fn game_dice(seed: u64, game: u64) -> SeededDice {
    SeededDice::new(seed, game.wrapping_mul(3))
}

/// Play game `game` of a run between two armies with two policies.
pub fn play_one(
    rules: &rules::Rules,
    armies: [&[rules::Recruit]; 2],
    policies: [ai::Kind; 2],
    first: game::First,
    seed: u64,
    game: u64,
    log: &mut event::Log,
) -> state::Outcome {
    let mut dice = game_dice(seed, game);
    let mut a = ai::Player::new(policies[0], seed, game.wrapping_mul(3).wrapping_add(1));
    let mut b = ai::Player::new(policies[1], seed, game.wrapping_mul(3).wrapping_add(2));
    let setup = game::Setup {
        rules,
        armies,
        first,
        seed,
        game,
    };
    game::play(&setup, &mut dice, [a.policy(), b.policy()], log)
}
