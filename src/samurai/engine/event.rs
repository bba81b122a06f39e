//! The event vocabulary of a game: every die and every decision, in order. A log is built only
//! when one is asked for; the Monte Carlo runs keep it off.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Where events go.
#[derive(Debug, Default)]
pub struct Log {
    on: bool,
    pub events: Vec<Event>,
}

impl Log {
    /// A log that records nothing (the Monte Carlo runs).
    pub fn off() -> Log {
        Log::default()
    }

    pub fn recording() -> Log {
        Log {
            on: true,
            events: Vec::new(),
        }
    }

    pub fn is_recording(&self) -> bool {
        self.on
    }

    /// Record the event `f` builds; `f` runs only when the log is recording.
    #[inline]
    pub fn push(&mut self, f: impl FnOnce() -> Event) {
        if self.on {
            self.events.push(f());
        }
    }
}

/// How an action came about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum How {
    /// A common die of the active player.
    Activation,
    /// The odd die: the other player's one reaction (OHW-06).
    Reaction,
    /// A Tsukai-Ban's free move (OHW-19).
    Messenger,
}

/// Close combat or a shot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum AttackKind {
    Combat,
    Shot,
}

/// One modifier of a roll and why it applies.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Part {
    pub why: String,
    pub value: i32,
}

/// A unit as it is set up.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct UnitSetup {
    pub id: u8,
    pub side: String,
    pub name: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub square: String,
    pub facing: char,
    pub eliminated_at: u8,
    pub hatamoto: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub addition: Option<String>,
    /// Held in reserve, due on this game turn (OHW-33); its square is then `-`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reserve_due: Option<u16>,
}

/// One roll of the Daimyo's loss (OHW-08).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct LossRoll {
    pub unit: u8,
    pub d6: u8,
    pub d3: u8,
    pub hits: u8,
    pub total: u8,
}

/// One event of a game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Event {
    /// The table and both armies, deployed (OHW-49).
    Setup {
        system: String,
        scenario: String,
        seed: u64,
        game: u64,
        /// Game length in player turns (OHW-01).
        player_turns: u16,
        /// Six rows of six letters, row 6 first, as terrain.toml letters them.
        map: Vec<String>,
        /// Squares with the road on them.
        roads: Vec<String>,
        /// Each side's Command Post.
        posts: [String; 2],
        units: Vec<UnitSetup>,
        /// The d6 rolls that made the terrain (OHW-32), in order.
        terrain_rolls: Vec<u8>,
    },
    /// Who moves first (OHW-02): the roll-off's rolls, A's then B's, until one is higher.
    First {
        rolls: Vec<[u8; 2]>,
        chooser: Option<char>,
        first: char,
    },
    /// A player turn begins: its bag holds `dice` common dice and the odd one.
    Turn {
        player_turn: u16,
        game_turn: u16,
        side: char,
        dice: u8,
    },
    /// A Personal Challenge (OHW-20), in force until the end of player turn `until`.
    Challenge { unit: u8, target: u8, until: u16 },
    /// A die from the bag.
    Draw { odd: bool },
    /// A move (a pivot in place included).
    Move {
        unit: u8,
        how: How,
        from: String,
        to: String,
        facing: char,
        /// Its length in inches.
        inches: f32,
        road: bool,
        disengage: bool,
    },
    /// A charge; its combat follows.
    Charge {
        unit: u8,
        how: How,
        from: String,
        to: String,
        facing: char,
        inches: f32,
        /// The unit charged, or none when the charge is at the Command Post.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<u8>,
        /// The target's face it contacts (front, right, rear, left).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        face: Option<String>,
    },
    /// A combat or a shot.
    Attack {
        unit: u8,
        how: How,
        kind: AttackKind,
        target: u8,
        d6: u8,
        d3: u8,
        parts: Vec<Part>,
        halved: bool,
        /// Doubled through a flank or the rear (OHW-13's `double` switch), before any halving.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        doubled: bool,
        hits: u8,
        /// The target's hits after this attack.
        total: u8,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        out_of_ammunition: bool,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        supplies_used: bool,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        cannon_removed: bool,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        tate_planted: bool,
    },
    /// A unit attacked in flank or rear turns to face its attacker (OHW-23).
    TurnToFace { unit: u8, facing: char },
    /// A reserve comes on at its entry square, facing into the table (OHW-33).
    Enter { unit: u8, to: String, facing: char },
    /// A unit's hits reached its threshold (OHW-09).
    Eliminated { unit: u8 },
    /// The Hatamoto fell: each remaining unit of the side takes D3 hits (OHW-08).
    DaimyoLost { side: char, rolls: Vec<LossRoll> },
    /// An enemy reached a Command Post: its owner removes a unit of his choice (OHW-07).
    PostTaken { side: char, by: u8, removed: u8 },
    /// The active player stops drawing.
    Stop { side: char, activated: u8 },
    /// The game is over.
    End {
        winner: Option<char>,
        reason: String,
        points: [u8; 2],
        player_turns: u16,
    },
}
