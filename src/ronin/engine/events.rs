//! Events: every roll and every decision of a game. Logs, replays, statistics and tests are all
//! views of this stream.

use schemars::JsonSchema;
use serde::Serialize;

use super::melee::MeleeRoll;
use super::policy::{Counter, Special, WithdrawResponse};
use super::table::{OpeningKind, Piece};
use super::wound::{Health, WoundResult};
use crate::ronin::model::{Armour, Mount, Movement, Sight, Water};

/// A terrain piece in the log: everything the movement, sight and fighting rules read from it
/// its classes resolved from its kind and any table-file overrides.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct TablePiece {
    /// Its kind (`buntai terrain`).
    pub kind: String,
    /// Its outline, corner by corner, inches.
    pub outline: Vec<[f64; 2]>,
    pub movement: Movement,
    pub sight: Sight,
    pub water: Water,
    /// A large piece.
    pub large: bool,
    /// A building: walls impassable except at doors.
    pub building: bool,
    /// A building's doors and windows, each a stretch of its outline.
    pub openings: Vec<LoggedOpening>,
    /// A building with a large room: long-handled weapons are not cramped inside.
    pub large_room: bool,
    /// Rocky ground.
    pub rocky: bool,
    /// The scenario's objective building.
    pub objective: bool,
}

/// What a shot's line of sight crossed (R-72 to R-75): inches of light ground (more than 2"
/// blocks), and whether the target moved or shot this turn (else heavy ground or a wall met more
/// than 1" from the shooter blocks).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct SightFacts {
    pub light_ground: f64,
    pub target_moved_or_shot: bool,
    /// The pieces (indices into `table-setup`'s `pieces`) the sight segment meets or the
    /// target stands in; clear ground is left out.
    pub pieces: Vec<usize>,
}

/// A door or a window: its kind and the two ends of its stretch of wall, inches.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct LoggedOpening {
    pub kind: OpeningKind,
    pub from: [f64; 2],
    pub to: [f64; 2],
}

impl TablePiece {
    pub fn of(p: &Piece) -> TablePiece {
        TablePiece {
            kind: p.kind.clone(),
            outline: p.shape.points().iter().map(|q| [q.x, q.y]).collect(),
            movement: p.movement,
            sight: p.sight,
            water: p.water,
            large: p.large,
            building: p.building,
            openings: p
                .openings
                .iter()
                .map(|o| LoggedOpening {
                    kind: o.kind,
                    from: [o.segment.a.x, o.segment.a.y],
                    to: [o.segment.b.x, o.segment.b.y],
                })
                .collect(),
            large_room: p.large_room,
            rocky: p.rocky,
            objective: p.objective,
        }
    }
}

/// One thing that happened: every roll and every decision.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Event {
    /// A Tournament match begins (game `game`, match `index`): its two fighters, and whether it
    /// is the final match between two equal scores.
    MatchStart {
        game: u64,
        index: usize,
        a: String,
        b: String,
        final_match: bool,
    },
    /// A turn (a game on the table) or a round (a match) begins.
    Turn { turn: u32 },
    /// A model splits its Combat Pool into Attack and Defence counters (tp.21).
    Split {
        fighter: String,
        attack: i32,
        defence: i32,
    },
    /// A model's Initiative roll for the combat (tp.21): its dice (two when enhanced, the
    /// better kept), the modifier and the total.
    Initiative {
        fighter: String,
        enhanced: bool,
        rolled: Vec<u8>,
        /// Initiative and every modifier (weapon, Fast, wounds, Stunned, banner).
        modifier: i32,
        total: i32,
    },
    /// Tied models roll off: each contender's d6, and the winner.
    RollOff {
        contenders: Vec<String>,
        rolled: Vec<u8>,
        winner: String,
    },
    /// A melee Attack Roll (tp.22): attacker, defender, whether either counter was enhanced,
    /// and the roll itemised (dice, Fight, modifiers, Defence, score, result).
    Attack {
        attacker: String,
        defender: String,
        attack_enhanced: bool,
        defence_enhanced: bool,
        roll: MeleeRoll,
    },
    /// A model with Attack counters left passes its attack in the combat's order.
    Pass { fighter: String },
    /// A wound result applied to a model, and its state after it.
    Wound {
        fighter: String,
        result: WoundResult,
        health: Health,
        /// The model that dealt it (a warhorse's wound is its rider's), when a model did.
        #[serde(skip_serializing_if = "Option::is_none")]
        by: Option<String>,
    },
    /// A counter lost to a Grievous wound or a slain model's share of the pool (tp.23).
    Discard { fighter: String, counter: Counter },
    /// A special attack declared before the roll: a Disarm, a Push or a Subdue (tp.31).
    Declare { fighter: String, special: Special },
    /// A model spends a counter supporting a friend against `target`.
    Support { fighter: String, target: String },
    /// The weapon a model fights with in this combat.
    Weapon {
        fighter: String,
        weapon: String,
        /// Switched during the combat, for an Attack counter.
        switched: bool,
    },
    /// A model loses its weapon to a Disarm and takes up `now`.
    Disarmed { fighter: String, now: String },
    /// A model is Subdued (tp.31): it may not attack or move until freed.
    Subdued { fighter: String },
    /// A model withdraws from its combat (tp.13).
    Withdraw { fighter: String },
    /// A wound to a rider's mount, and the mount's state after it.
    MountWound {
        rider: String,
        result: WoundResult,
        health: Health,
    },
    /// A rider is thrown as its mount reaches Grievous: on foot, one more Stunned.
    Thrown { fighter: String },
    /// A shot at a rider: the d6 that says whether the rider (5-6) or the mount (1-4) is
    /// shot at.
    MountOrRider {
        shooter: String,
        target: String,
        die: u8,
        mount: bool,
    },
    /// An End Phase roll to remove Stunned counters: d6 + modifier (-1 engaged, +1 rested);
    /// 3-5 removes one, 6 or more two.
    StunRoll {
        fighter: String,
        roll: u8,
        modifier: i32,
        /// Counters held before the roll; `removed` is never more.
        held: u8,
        removed: u8,
        left: u8,
    },
    /// The Priority Phase: each side's d6 (after any re-roll) and who has Priority (none: a tie,
    /// rolled again).
    Priority {
        rolls: [u8; 2],
        winner: Option<String>,
    },
    /// A side spends a Fearsome Kiai in the Priority Phase; `left` is what it has after.
    Kiai { fighter: String, left: u32 },
    /// The opponent's response to a withdrawal (tp.13).
    WithdrawResponse {
        fighter: String,
        response: WithdrawResponse,
    },
    /// A model not in contact rests in the Action Phase (+1 to its Stunned removal roll).
    Rest { fighter: String },
    /// The end of a Tournament match: the winner (none for a draw), each side's match points and
    /// the rounds fought.
    MatchEnd {
        winner: Option<String>,
        points_a: u32,
        points_b: u32,
        turns: u32,
    },
    /// One open roll or decision of the set-up, in order, before the table it made:
    /// `step` is `table`, `location`, `terrain-count`, `terrain-placed`, `terrain-moved`,
    /// `terrain-dropped` (a piece with no legal place, left off the table), `weather`,
    /// `time-of-day` or `deployment`; `dice` are the dice rolled for it.
    SetupRoll {
        #[serde(flatten)]
        step: crate::ronin::engine::table::setup::SetupStep,
    },
    /// The table of a game on the table: its size, every piece as the rules read it, and the
    /// conditions.
    TableSetup {
        size: f64,
        pieces: Vec<TablePiece>,
        /// Side A's deployment zone, then side B's.
        zones: [crate::ronin::engine::table::setup::Zone; 2],
        weather: Option<String>,
        time_of_day: Option<String>,
    },
    /// The scenario played (`buntai scenarios`), its attacking side where it has roles, and its
    /// circle (Duel, Tournament): centre `[x, y]` and radius, inches.
    Scenario {
        id: String,
        attacker: Option<String>,
        circle: Option<[f64; 3]>,
    },
    /// The scenario's objective marker: centre and radius, inches.
    Objective { x: f64, y: f64, radius: f64 },
    /// A model of a game on the table as it starts, before deployment: its id (`model`, the
    /// name every other event uses), side, whether it leads its Buntai, base radius in inches
    /// and its starting profile.
    Model {
        model: String,
        side: String,
        leader: bool,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        hire: bool,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        civilian: bool,
        base_radius: f64,
        #[serde(flatten)]
        card: crate::ronin::engine::game::unit::ModelCard,
    },
    /// A model placed at deployment (centre, inches from the south-west corner).
    Deploy { model: String, x: f64, y: f64 },
    /// The game's turn limit, rolled at set-up.
    TurnLimit { turns: u32 },
    /// A side's minor objective, rolled openly after deployment: the d6 and what it
    /// gives (none when both sides rolled "the same as the opponent's").
    MinorObjective {
        side: String,
        roll: u8,
        objective: Option<crate::ronin::model::ObjectiveKind>,
    },
    /// The Bandits' sacrifice: a friendly model near the Leader removed, as killed, so a
    /// failed Morale test passes.
    Sacrifice { side: String, model: String },
    /// An unreliable hire's desertion roll: the d6 while Wavering, none when its Buntai
    /// Routs (then it always deserts).
    Desertion {
        model: String,
        roll: Option<u8>,
        deserts: bool,
    },
    /// A move before the first turn: along `path` (the waypoints after `from`, of
    /// `length` inches) no longer than `limit` (the Assassination's defender, no halving), or
    /// straight to anywhere legal when there is no limit (its attacker). It ends out of contact
    /// with every enemy.
    SetupMove {
        model: String,
        from: [f64; 2],
        path: Vec<[f64; 2]>,
        length: f64,
        limit: Option<f64>,
    },
    /// The Defence's defender, once deployed, names the edge the attacker deploys on and his
    /// reserves come on from.
    EdgeNamed { side: String, edge: String },
    /// A Yojimbo and its Leader exchange places in the Priority Phase.
    YojimboSwap { yojimbo: String, leader: String },
    /// A shot at the Buntai's highest Rank is turned onto a Yojimbo within 3" (R-78).
    Redirect {
        shooter: String,
        from: String,
        to: String,
    },
    /// A model is kept back as a reserve.
    Reserve { model: String },
    /// A reserve enters: its base centre starts at (x, y), one radius outside its entry
    /// edge; the move follows.
    Enter { model: String, x: f64, y: f64 },
    /// A model loots an enemy body: the body's true Rank is recorded on it.
    Loot {
        model: String,
        body: String,
        rank: u8,
    },
    /// A model picks up a banner: its own side's, or an enemy's (`owner`).
    PickUp { model: String, owner: String },
    /// The Fatigue rule's End Phase roll of one model: a model that did not fight
    /// removes `total` counters (d3, `dice` the d6 it came from, `resilience` none); one that
    /// fought rolls 2d6 plus `modifiers` against its `resilience`. `counters` it has after.
    Fatigue {
        model: String,
        dice: Vec<u8>,
        modifiers: Vec<(String, i32)>,
        total: i32,
        resilience: Option<i32>,
        counters: u8,
    },
    /// A disguised Ninja reveals itself: it plays with its own numbers from now on.
    Reveal { model: String, copied: String },
    /// A model lifts the scenario's objective; `shared` when a friend already held it.
    Lift { model: String, shared: bool },
    /// A carrier lets the objective go (`why`): it stands at (`x`, `y`).
    SetDown {
        model: String,
        why: String,
        x: f64,
        y: f64,
    },
    /// A Civilian in a combat rolls: on 1-3 it fights with nothing this phase.
    CivilianRoll {
        model: String,
        roll: u8,
        fights: bool,
    },
    /// The scenario gives `side` Priority this turn without a roll.
    ScenarioPriority { side: String },
    /// A side's new duellist, replacing one that fell.
    Duellist { side: String, model: String },
    /// A carrier leaves the table with the objective over its own edge.
    CarriedOff { model: String },
    /// A model that became engaged drops the banners it picked up where it stands.
    Drop { model: String, banners: u8 },
    /// A model gets off its mount; the riderless horse is left at (`x`, `y`).
    Dismount {
        model: String,
        mount: Mount,
        x: f64,
        y: f64,
    },
    /// A model mounts a riderless horse it touches.
    Mount { model: String, mount: Mount },
    /// A model takes an enemy head.
    Head { model: String, body: String },
    /// A side's turn in the Move or Action Phase: the model it activates and what
    /// it does (`normal`, `run`, `rideby`, `shoot`, `withdraw`, `hold`, `enter`, `carry-off`;
    /// `rest`, `reload`, `loot`, `head`, `pick-up`, `dismount`, `mount`, `lift`, `set-down`).
    /// The events of what it does follow.
    Activate {
        phase: String,
        side: String,
        model: Option<String>,
        does: String,
    },
    /// A side is done for the phase: it passed, or (`refused`, the activation it named) the
    /// rules refused its activation, which ends its phase the same way.
    SidePass {
        phase: String,
        side: String,
        refused: Option<String>,
    },
    /// A Morale test (§4, R-43, R-44): 2d6 + modifiers against the rating.
    MoraleTest {
        side: String,
        /// Why the test is due: `wavering`, `criticals` (last turn's Criticals reached a
        /// quarter of the starting strength) or `leader` (the Leader took one).
        due: Vec<String>,
        /// The models the Buntai started with, and the models it has now (on the table, in
        /// reserve, or carried off with the objective): the strength modifiers compare them.
        start_strength: u32,
        strength: u32,
        /// Criticals the Buntai suffered last turn (a slain Civilian is none of them).
        criticals: u32,
        /// The kept dice; `first_dice` are the ones a banner re-rolled.
        dice: [u8; 2],
        #[serde(skip_serializing_if = "Option::is_none")]
        first_dice: Option<[u8; 2]>,
        banner_reroll: bool,
        modifiers: Vec<(String, i32)>,
        rating: i32,
        passed: bool,
        state: crate::ronin::engine::game::play::MoraleState,
    },
    /// A d6 + Rank test of nerve: the Wavering charge test or a Routing activation.
    NerveRoll {
        model: String,
        test: String,
        roll: u8,
        rank: u8,
        passed: bool,
    },
    /// A move on the table: its kind, the path's points after the start, and the allowance.
    TableMove {
        model: String,
        kind: String,
        from: [f64; 2],
        path: Vec<[f64; 2]>,
        length: f64,
        /// The allowance before halving (6" a normal move on foot, 9" a Run, 12" and 18"
        /// mounted, 2" a Withdraw or Inexorable follow-up, R-51), and after.
        base_allowance: f64,
        allowance: f64,
        /// How many times the allowance was halved, and why: `stunned-or-grievous`,
        /// `encumbered`, `difficult-ground`. The allowance never goes below 1".
        halvings: u8,
        halved_by: Vec<String>,
    },
    /// A teppo reloaded in the Action Phase: ready from the next turn.
    Reload { model: String, weapon: String },
    /// A model routed off the table.
    Fled { model: String },
    /// A shot on the table: range edge to edge, cover, the kept dice, totals and result.
    Shot {
        shooter: String,
        /// The model the shot was at; `hit` is the one it was resolved against (another model of
        /// the combat when the first shot into a combat failed, R-76).
        target: String,
        hit: String,
        /// The shot was at `hit`'s mount: its armour is light, its wounds are the mount's.
        mount: bool,
        weapon: String,
        /// The Move Phase (a hurried shot, R-51) or the Action Phase.
        phase: crate::ronin::engine::shooting::Phase,
        range: f64,
        /// The cover of `hit` as seen from the shooter.
        cover: crate::ronin::engine::shooting::Cover,
        /// How the shooter saw `target` (none for a shot gone on to another model, which sight
        /// does not check, R-76).
        sight: Option<SightFacts>,
        /// The dice kept (after any Kyujutsu or Hojutsu re-roll).
        dice: Vec<u8>,
        shoot: i32,
        modifiers: Vec<(String, i32)>,
        total: i32,
        defence_items: Vec<(String, i32)>,
        defence: i32,
        result: WoundResult,
    },
    /// A grenade thrown at a point: a Shooting Attack against 6 + the cover at the point,
    /// no armour; `hit` when the total beats the Defence. `range` is from the thrower's base edge
    /// to the point; `at` is the model whose centre the point is.
    Throw {
        thrower: String,
        at: String,
        point: [f64; 2],
        weapon: String,
        range: f64,
        cover: crate::ronin::engine::shooting::Cover,
        dice: Vec<u8>,
        shoot: i32,
        modifiers: Vec<(String, i32)>,
        total: i32,
        defence_items: Vec<(String, i32)>,
        defence: i32,
        hit: bool,
    },
    /// A model caught by a blast (its centre within the radius plus its own base radius of the
    /// point, `distance` centre to point): d6 + its armour's modifier, subtracted from the
    /// blast's score and read on the wound table. `mount` when the roll is its mount's,
    /// with light armour.
    Blast {
        model: String,
        distance: f64,
        mount: bool,
        die: u8,
        armour: Armour,
        armour_modifier: i32,
        score: i32,
        result: WoundResult,
    },
    /// The combats of a Combat Phase: each centre and the models fighting it.
    Combats { combats: Vec<(String, Vec<String>)> },
    /// Victory points scored, in half points.
    Vp {
        side: String,
        reason: String,
        /// Negative for a penalty (the Bushi's lower-Rank rule).
        half_points: i32,
    },
    /// The end of a game on the table: why, each side's VP in half points, the winner.
    SkirmishEnd {
        reason: crate::ronin::engine::game::play::EndReason,
        vp: [i32; 2],
        winner: Option<String>,
        turns: u32,
    },
    /// The end of a game: the winning side (`A`, `B`, or none for a draw), matches won and match
    /// points per side, and whether a final match was fought.
    GameEnd {
        game: u64,
        winner: Option<String>,
        matches_won: [u32; 2],
        points: [u32; 2],
        final_match: bool,
    },
}

/// Where a game's events go. A simulation that logs nothing passes [`EventLog::off`] and no event
/// is ever built: each call site hands over a closure that is run only when recording.
#[derive(Debug, Default)]
pub struct EventLog {
    recording: bool,
    events: Vec<Event>,
}

impl EventLog {
    /// A log that keeps every event.
    pub fn recording() -> EventLog {
        EventLog {
            recording: true,
            events: Vec::new(),
        }
    }

    /// A log that keeps nothing and builds nothing.
    pub fn off() -> EventLog {
        EventLog::default()
    }

    /// Record the event `make` builds, if this log records.
    #[inline]
    pub fn push(&mut self, make: impl FnOnce() -> Event) {
        if self.recording {
            self.events.push(make());
        }
    }

    pub fn is_recording(&self) -> bool {
        self.recording
    }

    /// The events recorded so far.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    pub fn into_vec(self) -> Vec<Event> {
        self.events
    }
}

impl std::ops::Deref for EventLog {
    type Target = [Event];
    fn deref(&self) -> &[Event] {
        &self.events
    }
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
