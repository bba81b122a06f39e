//! Events: every roll and every decision of a game. Logs, replays, statistics and tests are all
//! views of this stream.

use schemars::JsonSchema;
use serde::Serialize;

use super::melee::MeleeRoll;
use super::policy::{Counter, Special};
use super::wound::{Health, WoundResult};

/// One thing that happened: every roll and every decision.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Event {
    MatchStart {
        game: u64,
        index: usize,
        a: String,
        b: String,
        final_match: bool,
    },
    Turn {
        turn: u32,
    },
    Split {
        fighter: String,
        attack: i32,
        defence: i32,
    },
    Initiative {
        fighter: String,
        enhanced: bool,
        rolled: Vec<u8>,
        /// Initiative and every modifier (weapon, Fast, wounds, Stunned, banner).
        modifier: i32,
        total: i32,
    },
    RollOff {
        winner: String,
    },
    Attack {
        attacker: String,
        defender: String,
        attack_enhanced: bool,
        defence_enhanced: bool,
        roll: MeleeRoll,
    },
    Pass {
        fighter: String,
    },
    Wound {
        fighter: String,
        result: WoundResult,
        health: Health,
    },
    Discard {
        fighter: String,
        counter: Counter,
    },
    Declare {
        fighter: String,
        special: Special,
    },
    Support {
        fighter: String,
        target: String,
    },
    Weapon {
        fighter: String,
        weapon: String,
        /// Switched during the combat, for an Attack counter.
        switched: bool,
    },
    Disarmed {
        fighter: String,
        now: String,
    },
    Subdued {
        fighter: String,
    },
    Withdraw {
        fighter: String,
    },
    MountWound {
        rider: String,
        result: WoundResult,
        health: Health,
    },
    Thrown {
        fighter: String,
    },
    StunRemoved {
        fighter: String,
        roll: u8,
    },
    MatchEnd {
        winner: Option<String>,
        points_a: u32,
        points_b: u32,
        turns: u32,
    },
}

/// Match points for a wound caused: Light 1, Grievous 2, Critical 3.
pub fn match_points(result: WoundResult) -> u32 {
    match result {
        WoundResult::Light => 1,
        WoundResult::Grievous => 2,
        WoundResult::Critical => 3,
        WoundResult::NoWound | WoundResult::Stunned => 0,
    }
}
