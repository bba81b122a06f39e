//! The events of a Heroic Samurai game: its truth. Every die and decision is here, with what the
//! rules need to recheck it from the log alone ([`super::check`]). Built only when a log is asked
//! for: a game played without one allocates nothing for it.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::super::data::TargetRow;
use super::super::rules::{Intention, Morale, Outcome, ShotResult, Term, Throw};

/// A piece as set up.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct PieceSetup {
    pub piece: usize,
    pub side: usize,
    pub contingent: usize,
    /// The element type id, or `leader`.
    pub kind: String,
    pub at: [f64; 2],
    pub size_mm: f64,
    pub move_mm: f64,
    pub archers: u32,
    /// The Hit that removes it.
    pub removed_at: u32,
}

/// A contingent as set up.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ContingentSetup {
    pub name: String,
    pub side: usize,
    pub leader: usize,
    pub mounted: bool,
    pub prowess: Option<u8>,
    pub charisma: Option<u8>,
    pub endurance: Option<u8>,
    pub reputation: Option<i64>,
}

/// A fighter's counters as the fight began.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Fighter {
    pub piece: usize,
    pub distractions: u32,
    pub hits: u32,
}

/// A terrain piece of the table played on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct TerrainSetup {
    /// The terrain type id (`woods`, `hedge`, `stream`, ...).
    pub kind: String,
    /// x, y, width, depth in mm (a hedge is a segment: depth 0).
    pub rect_mm: [u32; 4],
}

/// One event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Event {
    Setup {
        /// Always `heroic-samurai`: how `buntai replay` knows the log.
        system: String,
        seed: u64,
        game: u64,
        table_mm: [f64; 2],
        turns: u32,
        /// The table's terrain, as the scenario or `--table` file gives it.
        #[serde(default)]
        terrain: Vec<TerrainSetup>,
        pieces: Vec<PieceSetup>,
        contingents: Vec<ContingentSetup>,
    },
    Turn {
        turn: u32,
    },
    /// A leader's action (`hit-someone`, `banzai`, `inspire`, `regroup`, `attack`, `hold`,
    /// `advance`, `withdraw`) and its target piece.
    Declare {
        contingent: usize,
        action: String,
        target: Option<usize>,
    },
    Regroup {
        piece: usize,
    },
    /// Mounted Bandits in contact become this element type (HS-44), keeping their counters.
    Dismount {
        piece: usize,
        to: String,
    },
    Move {
        piece: usize,
        from: [f64; 2],
        to: [f64; 2],
        /// Its allowance this move (halved through a stream).
        allowance_mm: f64,
        /// Crossing a hedge it stood against (HS-05): it ends 6 cm beyond, whatever its allowance.
        crossing: bool,
    },
    Shot {
        shooter: usize,
        target: usize,
        weapon: String,
        band: usize,
        archers: u32,
        moved: bool,
        distractions: u32,
        hits: u32,
        smoke: bool,
        target_row: TargetRow,
        leader: bool,
        roll: u8,
        modifiers: Vec<Term>,
        result: ShotResult,
    },
    Fight {
        a: Vec<Fighter>,
        b: Vec<Fighter>,
        rolls: [u8; 2],
        a_total: i32,
        b_total: i32,
        outcome: Outcome,
        margin: i32,
        hits: u32,
        /// The loser that took the Hits.
        hit: Option<usize>,
    },
    Duel {
        a: usize,
        b: usize,
        intentions: [Intention; 2],
        fought: bool,
        throws_a: Vec<Throw>,
        throws_b: Vec<Throw>,
        prowess: [Option<u8>; 2],
        /// Who scored the Hit.
        hit: Outcome,
    },
    Morale {
        contingent: usize,
        end_of_turn: bool,
        roll: u8,
        modifiers: Vec<Term>,
        score: i32,
        before: Morale,
        after: Morale,
    },
    /// A piece off the table: `removed` (its last Hit), `killed` (a leader), `ran` (off its edge).
    Off {
        piece: usize,
        why: String,
    },
    End {
        /// 0: A won, 1: draw, 2: B won.
        outcome: usize,
        turns: u32,
        deeds: [i64; 2],
    },
}

/// The events of one game, kept only when asked for.
#[derive(Debug, Clone, Default)]
pub struct Log {
    events: Option<Vec<Event>>,
}

impl Log {
    pub fn off() -> Log {
        Log { events: None }
    }

    pub fn recording() -> Log {
        Log {
            events: Some(Vec::new()),
        }
    }

    pub fn is_recording(&self) -> bool {
        self.events.is_some()
    }

    /// Record an event, built only when recording.
    pub fn push(&mut self, event: impl FnOnce() -> Event) {
        if let Some(events) = &mut self.events {
            events.push(event());
        }
    }

    pub fn events(&self) -> &[Event] {
        self.events.as_deref().unwrap_or_default()
    }
}
