//! What a simulated battle's log says, one JSON object a line (`simulate --log`): every roll with
//! its pool, its total and what it was against, every choice the sides made and what followed.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// One line of a battle's log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Event {
    /// The battle as it starts.
    Setup {
        system: String,
        battle: String,
        seed: u64,
        game: u64,
        zones: Vec<String>,
        start: usize,
        sides: [String; 2],
        mp: [i32; 2],
        policies: [String; 2],
        /// The battle file played, whole, so the log can be checked and replayed on its own.
        file: String,
    },
    /// A roll: who, what for, the pool rolled (after the Ten Dice Rule), the raises declared, the
    /// total and the TN (when against one).
    Roll {
        round: u32,
        side: usize,
        who: String,
        what: String,
        pool: String,
        raises: u32,
        total: i32,
        tn: Option<i32>,
        success: Option<bool>,
    },
    /// Scouts, heralds or the duel decided: the winner and what it gained.
    Contest {
        round: u32,
        what: String,
        winner: Option<usize>,
        effect: String,
    },
    /// A side's choices in Step 3.
    Orders {
        round: u32,
        side: usize,
        formation: String,
        advance: bool,
        squads: Vec<String>,
        engaged_mp: i32,
        officers: Vec<String>,
        change_raises: u32,
    },
    /// An army moved (advance, push-back or following).
    Move {
        round: u32,
        side: usize,
        from: usize,
        to: Option<usize>,
        why: String,
    },
    /// The Battle roll: each side's k0 gathered, the balanced pools and totals, the raises.
    Battle {
        round: u32,
        gathered: [i32; 2],
        pools: [String; 2],
        raises: [u32; 2],
        totals: [i32; 2],
        effective: [i32; 2],
        result: String,
    },
    /// Raises spent on a menu's effects.
    Buy {
        round: u32,
        side: usize,
        who: String,
        bought: Vec<String>,
    },
    /// A squad removed.
    Loss {
        round: u32,
        side: usize,
        squad: String,
        mp: i32,
        why: String,
        mp_left: i32,
    },
    /// Attrition on an officer at the front.
    Attrition {
        round: u32,
        side: usize,
        officer: String,
        pool: String,
        total: i32,
        wounds: i32,
        wounds_total: i32,
        fate: String,
    },
    /// Anything else worth a line: a reveal, a lull, healing, a step-up, a chicken-out.
    Note {
        round: u32,
        side: Option<usize>,
        text: String,
    },
    /// The end, and what the battle cost and earned.
    End {
        rounds: u32,
        outcome: String,
        winner: Option<usize>,
        mp_lost: [i32; 2],
        squads_lost_for_good: [u32; 2],
        honor_tenths: [i32; 2],
        glory_tenths: [i32; 2],
        captures: [u32; 2],
    },
}

/// The MP a Note says came back ("Ashigaru 1 returns with 1 MP"), if it says so.
pub fn returned_mp(text: &str) -> Option<i32> {
    text.split("returns with ")
        .nth(1)?
        .split(' ')
        .next()?
        .parse()
        .ok()
}
