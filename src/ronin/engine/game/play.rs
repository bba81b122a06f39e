//! A whole game on the table (play digest §2-§14): set-up, deployment, and turns of Priority,
//! Morale, Move, Combat, Action and End phases until the turn limit or a side is gone, with the
//! victory points ledger (R-108). Decisions come from a [`TablePolicy`] per side, dice from a
//! [`Dice`], and every step is an event.

use serde::Serialize;
use smallvec::SmallVec;
use std::borrow::Cow;

use super::grouping::{Engagements, group_again};
use super::objective::{self, Carried};
use super::spots::Spots;
use super::unit::{Status, Unit};
use crate::ronin::engine::combat::{Few, combat_phase};
use crate::ronin::engine::dice::Dice;
use crate::ronin::engine::events::{Event, EventLog, SightFacts, TablePiece, match_points};
use crate::ronin::engine::fighter::{Counters, Fighter, Steed};
use crate::ronin::engine::policy::{Policy, WithdrawResponse};
use crate::ronin::engine::shooting::{
    Cover, Moved, Phase, ShotContext, ShotSpec, attack_modifier, attack_modifiers, defence_items,
    defence_score, into_combat, roll_shot,
};
use crate::ronin::engine::table::path::{
    MoveCheck, MoveError, MoveKind, MoveRules, Mover, Others, base_allowance, check_move,
    shortest_path,
};
use crate::ronin::engine::table::setup::{
    DeploymentChoice, EnemyPlacement, Setup, SetupRequest, Zone, generate, stands_clear,
};
use crate::ronin::engine::table::sight::{Crowd, Looker, SightLine, SightMap};
use crate::ronin::engine::table::{Circle, Point};
use crate::ronin::engine::wound::{Health, WoundResult, apply_wound};
use crate::ronin::model::{
    Armour, Catalogue, Faction, ObjectiveKind, Role, ScoringTrigger, Turns, VictoryRule,
};

/// A Buntai's state of mind (§4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum MoraleState {
    Steady,
    Wavering,
    Routing,
}

/// What a side does with one Move Phase activation.
#[derive(Debug, Clone, PartialEq)]
pub enum Activation {
    /// The side is done for this phase.
    Pass,
    /// Move a model along a path (the points after its start).
    Move {
        unit: usize,
        kind: MoveKind,
        path: Vec<Point>,
    },
    /// A hurried shot instead of moving (R-51).
    Shoot {
        unit: usize,
        target: usize,
        weapon: usize,
    },
    /// An engaged model Withdraws along a path (R-57): each enemy in contact may first make a
    /// free attack.
    Withdraw { unit: usize, path: Vec<Point> },
    /// The model stays where it is; its activation is used.
    Hold { unit: usize },
    /// A carrier of the objective (and its partner) leaves over its own edge along `path`
    /// ([`Game::carry_off_path`]) (R-112).
    CarryOff { unit: usize, path: Vec<Point> },
    /// A reserve enters (R-59): its base centre starts at `from`, one radius outside its entry
    /// edge, and it moves along `path` by a normal move or a Run.
    Enter {
        unit: usize,
        from: Point,
        kind: MoveKind,
        path: Vec<Point>,
    },
}

/// What a side does with one Action Phase action.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    Pass,
    Shoot {
        unit: usize,
        target: usize,
        weapon: usize,
    },
    /// A model not in contact rests: +1 to its End Phase Stunned roll (R-96).
    Rest {
        unit: usize,
    },
    /// Reload a fired teppo: ready from the next turn (R-79).
    Reload {
        unit: usize,
        weapon: usize,
    },
    /// Loot an enemy body in base contact (R-93), by its index in [`Game::slain`].
    Loot {
        unit: usize,
        body: usize,
    },
    /// Take an enemy body's head (R-93).
    Head {
        unit: usize,
        body: usize,
    },
    /// Pick up a banner lying in base contact (R-98), by its index in [`Game::banners`].
    PickUp {
        unit: usize,
        banner: usize,
    },
    /// Get off its mount where it stands; a riderless horse is left in contact (R-95).
    Dismount {
        unit: usize,
    },
    /// Mount a riderless horse in base contact, by its index in [`Game::horses`] (R-95).
    Mount {
        unit: usize,
        horse: usize,
    },
    /// Lift the scenario's objective it touches, alone or as a friend's partner (R-94).
    Lift {
        unit: usize,
    },
    /// Set the objective down where it stands (R-94).
    SetDown {
        unit: usize,
    },
}

impl Activation {
    /// The model activated, if any, and what it does, as the log names it.
    pub fn label(&self) -> (Option<usize>, &'static str) {
        match self {
            Activation::Pass => (None, "pass"),
            Activation::Move { unit, kind, .. } => (Some(*unit), kind.log_name()),
            Activation::Shoot { unit, .. } => (Some(*unit), "shoot"),
            Activation::Withdraw { unit, .. } => (Some(*unit), "withdraw"),
            Activation::Hold { unit } => (Some(*unit), "hold"),
            Activation::CarryOff { unit, .. } => (Some(*unit), "carry-off"),
            Activation::Enter { unit, .. } => (Some(*unit), "enter"),
        }
    }
}

impl Action {
    /// The model acting, if any, and its action, as the log names it.
    pub fn label(&self) -> (Option<usize>, &'static str) {
        match self {
            Action::Pass => (None, "pass"),
            Action::Shoot { unit, .. } => (Some(*unit), "shoot"),
            Action::Rest { unit } => (Some(*unit), "rest"),
            Action::Reload { unit, .. } => (Some(*unit), "reload"),
            Action::Loot { unit, .. } => (Some(*unit), "loot"),
            Action::Head { unit, .. } => (Some(*unit), "head"),
            Action::PickUp { unit, .. } => (Some(*unit), "pick-up"),
            Action::Dismount { unit } => (Some(*unit), "dismount"),
            Action::Mount { unit, .. } => (Some(*unit), "mount"),
            Action::Lift { unit } => (Some(*unit), "lift"),
            Action::SetDown { unit } => (Some(*unit), "set-down"),
        }
    }
}

/// Log a side's turn in the Move or Action Phase: the model it names and what it does; or, when
/// it passes (or the rules refuse what it named, which ends its phase the same way), the pass.
fn log_turn(
    game: &Game<'_>,
    phase: &'static str,
    side: usize,
    (unit, does): (Option<usize>, &'static str),
    events: &mut EventLog,
) {
    let model = || {
        unit.and_then(|u| game.units.get(u))
            .map(|u| u.fighter.name.to_string())
    };
    if does == "pass" {
        events.push(|| Event::SidePass {
            phase: phase.to_owned(),
            side: side_name(side),
            refused: None,
        });
    } else {
        events.push(|| Event::Activate {
            phase: phase.to_owned(),
            side: side_name(side),
            model: model(),
            does: does.to_owned(),
        });
    }
}

/// After a side's named activation: if the rules refused it, the side's phase is over.
fn log_refused(
    phase: &'static str,
    side: usize,
    does: &'static str,
    done: bool,
    events: &mut EventLog,
) {
    if done && does != "pass" {
        events.push(|| Event::SidePass {
            phase: phase.to_owned(),
            side: side_name(side),
            refused: Some(does.to_owned()),
        });
    }
}

/// A Slain marker (R-66, R-93): where a model died, its side and true Rank, and whether it has
/// been looted and beheaded.
#[derive(Debug, Clone, PartialEq)]
pub struct Slain {
    pub model: usize,
    pub at: Point,
    pub side: usize,
    pub rank: u8,
    pub looted: bool,
    pub beheaded: bool,
}

/// A shot's numbers: its spec and its context (from which the log itemises the modifiers and
/// Defence items).
pub type ShotNumbers = (ShotSpec, ShotContext);

/// A shot at a rider hits the mount on a d6 of 1-4, the rider on 5-6 (R-77).
const MOUNT_HIT_MAX: u8 = 4;

/// A side's decisions on the table. Combat decisions go to the melee [`Policy`].
pub trait TablePolicy {
    fn melee(&mut self) -> &mut dyn Policy;
    fn activate(&mut self, game: &Game<'_>, side: usize) -> Activation;
    fn act(&mut self, game: &Game<'_>, side: usize) -> Action;
    /// Edge or Corner deployment, should this side win the deployment roll-off (tp.59), knowing
    /// both forces. By default Edge.
    fn deployment(&mut self, _own: &[Unit], _enemy: &[Unit]) -> DeploymentChoice {
        DeploymentChoice::Edge
    }
    /// How this side, the Assassination's attacker, places the defender's models (R-115),
    /// knowing both forces. By default together round the centre.
    fn place_enemy(&mut self, _own: &[Unit], _enemy: &[Unit]) -> EnemyPlacement {
        EnemyPlacement::Together
    }
    /// The edge this side, the Defence's defender, names for the attacker once it has deployed
    /// (R-114): 0 south, 1 east, 2 north, 3 west. By default the south.
    fn name_edge(&mut self, _game: &Game<'_>, _side: usize) -> u8 {
        0
    }
    /// In the Combat Phase, at this side's pick: a ride-by (R-83), a rider and its path, or
    /// `None` to fight a combat instead. By default none.
    fn ride_by(&mut self, _game: &Game<'_>, _side: usize) -> Option<(usize, Vec<Point>)> {
        None
    }
    /// After its ride-by combat, the rider's path away (R-83), or `None` to stay. By default
    /// the engine's: straight away from the enemies it touches, as far as it may.
    fn ride_away(&mut self, game: &Game<'_>, unit: usize) -> Option<Vec<Point>> {
        game.ride_away_path(unit)
    }
    /// After a combat it cleared, an Inexorable `unit` with `attack` unspent Attack counters may
    /// move up to 2" into contact with unengaged enemies (R-84): its path, or `None` to stay. By
    /// default [`Game::follow_up_path`].
    fn inexorable(&mut self, game: &Game<'_>, unit: usize, attack: i32) -> Option<Vec<Point>> {
        game.follow_up_path(unit, attack)
    }
    /// `unit` carries a banner it picked up, or the objective, and has just become engaged
    /// (R-94): keep it, at -1
    /// to its rolls while engaged, or drop it where it stands. By default it keeps it.
    fn keep_carried(&mut self, _game: &Game<'_>, _unit: usize) -> bool {
        true
    }
    /// Whether its disguised Ninja `unit` reveals itself now (R-89): at the start of one of its
    /// activations (`in_combat` false), or in a combat it is about to fight, where each enemy in
    /// that combat then loses a counter. By default it reveals itself in its first combat.
    fn reveal(&mut self, _game: &Game<'_>, _unit: usize, in_combat: bool) -> bool {
        in_combat
    }
    /// In the Priority Phase, which of `yojimbos` (each within reach of its Leader) swaps places
    /// with the Leader, if any (R-41), decided without seeing the other side's choice. By
    /// default none.
    fn yojimbo_swap(&mut self, _game: &Game<'_>, _yojimbos: &[usize]) -> Option<usize> {
        None
    }
    /// A shot at `target`, the side's highest Rank, may be turned onto one of `yojimbos` before
    /// any dice are rolled (R-78). By default it is not.
    fn redirect(&mut self, _game: &Game<'_>, _target: usize, _yojimbos: &[usize]) -> Option<usize> {
        None
    }
    /// A failed Morale test may be passed by removing one of `candidates` (the Bandits'
    /// sacrifice, R-45); `routs` says whether the failure would make the Buntai Rout. By default
    /// no sacrifice.
    fn sacrifice(
        &mut self,
        _game: &Game<'_>,
        _candidates: &[usize],
        _routs: bool,
    ) -> Option<usize> {
        None
    }
    /// The set-up moves this side makes (R-115): at most `count` models, each once, and where
    /// each goes; `limit` is the longest straight path a model may take, none for anywhere on
    /// the table. The engine skips a move that is not legal ([`Game::set_up_path`]). By
    /// default none.
    fn setup_moves(
        &mut self,
        _game: &Game<'_>,
        _side: usize,
        _count: usize,
        _limit: Option<f64>,
    ) -> Vec<(usize, Point)> {
        Vec::new()
    }
    /// Which `count` of the side's deployed models to keep back as reserves (R-105). By default
    /// the last in list order, never the Leader.
    fn reserves(&mut self, game: &Game<'_>, side: usize, count: usize) -> Vec<usize> {
        let mut ids: Vec<usize> = game
            .units
            .iter()
            .filter(|u| u.side == side && u.on_table() && !u.leader && !u.undisguised_ninja())
            .map(|u| u.id)
            .collect();
        ids.drain(..ids.len().saturating_sub(count));
        ids
    }
}

/// Each side keeps back its reserves (R-105), chosen by its policy; the rest stay deployed.
pub fn keep_reserves(
    game: &mut Game<'_>,
    policies: &mut [&mut dyn TablePolicy; 2],
    events: &mut EventLog,
) {
    for (side, policy) in policies.iter_mut().enumerate() {
        keep_reserves_of(game, side, &mut **policy, events);
    }
}

/// One side keeps back its reserves (R-105), chosen by its policy: the Defence attacker (R-114).
pub fn keep_reserves_of(
    game: &mut Game<'_>,
    side: usize,
    policy: &mut dyn TablePolicy,
    events: &mut EventLog,
) {
    let n = game.on_table(side);
    let (deployed, _, _) = game.cat.terrain.reserves.split(n);
    let count = n.saturating_sub(deployed) as usize;
    let ids = policy.reserves(game, side, count);
    game.hold_back(side, &ids, events);
}

/// The scenario's moves after deployment (R-115): the defender's, then the attacker's, each
/// chosen by its policy and checked by the engine.
pub fn setup_moves(
    game: &mut Game<'_>,
    policies: &mut [&mut dyn TablePolicy; 2],
    events: &mut EventLog,
) {
    let Some(rule) = game
        .cat
        .scenario
        .get(game.setup.scenario)
        .and_then(|s| s.setup_moves)
    else {
        return;
    };
    let Some(attacker) = game.setup.attacker else {
        return;
    };
    let defender = 1 - attacker;
    let half = game.on_table(defender) as usize / rule.defender_divisor.max(1) as usize;
    for (side, count, limit) in [
        (defender, half, Some(rule.defender_inches)),
        (attacker, rule.attacker_models as usize, None),
    ] {
        let wanted = policies[side].setup_moves(game, side, count, limit);
        let mut moved: Vec<usize> = Vec::new();
        for (unit, to) in wanted {
            if moved.len() == count
                || moved.contains(&unit)
                || game.units.get(unit).is_none_or(|u| u.side != side)
            {
                continue;
            }
            let Some(path) = game.set_up_path(unit, to, limit) else {
                continue;
            };
            let from = game.units[unit].base.centre;
            game.units[unit].base.centre = to;
            moved.push(unit);
            events.push(|| Event::SetupMove {
                model: game.units[unit].fighter.name.to_string(),
                from: [from.x, from.y],
                length: path_length(from, &path),
                path: path.iter().map(|p| [p.x, p.y]).collect(),
                limit,
            });
        }
    }
}

/// The names of the reasons that hold, in order, for the log.
fn reasons(flags: &[(bool, &str)]) -> Vec<String> {
    flags
        .iter()
        .filter(|(on, _)| *on)
        .map(|(_, why)| (*why).to_owned())
        .collect()
}

/// The length of a path from `from` through `waypoints`.
fn path_length(from: Point, waypoints: &[Point]) -> f64 {
    let mut at = from;
    waypoints
        .iter()
        .map(|&p| {
            let d = at.distance(p);
            at = p;
            d
        })
        .sum()
}

/// Why the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum EndReason {
    TurnLimit,
    Destroyed,
    /// The Assassination's defender lost his Leader (R-115).
    LeaderKilled,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GameResult {
    /// Victory points of each side, in half points.
    pub vp: [i32; 2],
    pub winner: Option<usize>,
    pub turns: u32,
    pub reason: EndReason,
    pub morale: [MoraleState; 2],
}

/// Bases of models on the table, as move checks take them.
pub type Bases = smallvec::SmallVec<[Circle; 24]>;

/// The game in progress: what a policy may look at.
pub struct Game<'c> {
    pub cat: &'c Catalogue,
    pub factions: [&'c Faction; 2],
    /// Borrowed where many games share one table (the Tournament's matches).
    pub setup: Cow<'c, Setup>,
    pub units: Vec<Unit>,
    pub rules: MoveRules,
    pub turn: u32,
    pub turn_limit: u32,
    pub priority: usize,
    pub morale: [MoraleState; 2],
    /// Models of each side at deployment (R-43).
    pub start_strength: [u32; 2],
    /// Half points.
    pub vp: [i32; 2],
    /// Slain markers, in order of death.
    pub slain: Vec<Slain>,
    /// Banners on the ground (R-98): where, and whose.
    pub banners: Vec<(Point, usize)>,
    /// Riderless horses (R-95): where, and the mount with its wounds.
    pub horses: Vec<(Point, Steed)>,
    /// Each side's minor objective (R-111), if it has one.
    pub objectives: [Option<ObjectiveKind>; 2],
    /// Reserves each side may bring on in the second-wave turn, and how many have entered.
    pub reserve_wave: [u32; 2],
    pub entered: [u32; 2],
    /// Fearsome Kiai each side has left (R-24).
    pub kiai: [u32; 2],
    /// Tournament match points each side has scored (R-116): Light 1, Grievous 2, Critical 3 for
    /// each wound its attacks and shots cause an enemy model, as rolled (§0.2 item 18).
    pub match_points: [u32; 2],
    criticals: [[u32; 2]; 2],
    leader_critical: [[bool; 2]; 2],
    /// The Fatigue advanced rule is in use (R-122).
    pub fatigue: bool,
    /// The scenario's heavy objective (Capture, R-112), if it has one.
    pub objective: Option<Carried>,
    /// The Duel's duellists and penalties (R-113).
    pub champions: super::champions::Champions,
    /// Pairs that fought in the same combat in the last Combat Phase (R-80, R-82).
    fought_before: Vec<(usize, usize)>,
    /// Last Combat Phase's groups of engaged models and their groupings (see `combat`).
    last_grouping: Vec<super::grouping::Component>,
}

/// Wavering charge test and Routing activation: d6 + Rank of at least this (R-46, R-47).
const NERVE: i32 = 7;
/// Each captured enemy banner, in half points (tp.59, R-98).
const CAPTURED_BANNER: i32 = 10;
/// A Yojimbo reaches its Leader, or the model a shot is aimed at, within this (R-41, R-78).
const YOJIMBO_REACH: f64 = 3.0;

impl<'c> Game<'c> {
    /// Set up a table and deploy both sides (R-107): every set-up roll comes from the request's
    /// seed; deployment follows each side's list order, nearest the middle of its zone first.
    pub fn new(
        cat: &'c Catalogue,
        factions: [&'c Faction; 2],
        sides: [Vec<Unit>; 2],
        request: &SetupRequest,
        dice: &mut dyn Dice,
        events: &mut EventLog,
    ) -> Game<'c> {
        Game::from_setup(cat, factions, sides, generate(cat, request), dice, events)
    }

    /// [`Game::new`] on a set-up already made (a generated table, or a player's own).
    pub fn from_setup(
        cat: &'c Catalogue,
        factions: [&'c Faction; 2],
        sides: [Vec<Unit>; 2],
        setup: impl Into<Cow<'c, Setup>>,
        dice: &mut dyn Dice,
        events: &mut EventLog,
    ) -> Game<'c> {
        Game::from_setup_naming(cat, factions, sides, setup, dice, events, &mut |_, _| 0)
    }

    /// [`Game::from_setup`], where a defender who names the attacker's edge once deployed (the
    /// Defence, R-114) names it by `name_edge` (the game, the defending side): 0 south, 1 east,
    /// 2 north, 3 west.
    pub fn from_setup_naming(
        cat: &'c Catalogue,
        factions: [&'c Faction; 2],
        mut sides: [Vec<Unit>; 2],
        setup: impl Into<Cow<'c, Setup>>,
        dice: &mut dyn Dice,
        events: &mut EventLog,
        name_edge: &mut dyn FnMut(&Game<'c>, usize) -> u8,
    ) -> Game<'c> {
        let setup = setup.into();
        for step in &setup.log {
            events.push(|| Event::SetupRoll { step: step.clone() });
        }
        events.push(|| Event::TableSetup {
            size: setup.table.size,
            pieces: setup.table.pieces.iter().map(TablePiece::of).collect(),
            zones: setup.zones,
            weather: setup.weather.clone(),
            time_of_day: setup.time_of_day.clone(),
        });
        events.push(|| Event::Scenario {
            id: setup.scenario.as_str().to_owned(),
            attacker: setup.attacker.map(side_name),
            circle: setup.circle.map(|c| [c.centre.x, c.centre.y, c.radius]),
        });
        let mut units = Vec::with_capacity(sides[0].len() + sides[1].len());
        for (s, side) in sides.iter_mut().enumerate() {
            // The Leader (R-14): the highest Rank; among equals the one the roster names, else
            // the first listed.
            let leader = side
                .iter()
                .enumerate()
                .max_by_key(|(i, u)| (u.rank, u.leader, std::cmp::Reverse(*i)))
                .map(|(i, _)| i);
            for (i, mut u) in side.drain(..).enumerate() {
                u.side = s;
                u.id = units.len();
                u.fighter.key = u.id as u32;
                u.leader = Some(i) == leader;
                units.push(u);
            }
        }
        for u in &units {
            events.push(|| Event::Model {
                model: u.fighter.name.to_string(),
                side: side_name(u.side),
                leader: u.leader,
                hire: u.hire,
                civilian: u.civilian,
                base_radius: u.base.radius,
                card: (*u.card).clone(),
            });
        }
        let start_strength = [0, 1].map(|s| units.iter().filter(|u| u.side == s).count() as u32);
        // The scenario's length (R-97): its dice and fixed turns, rolled at set-up.
        let turns = cat.scenario.get(setup.scenario).map_or(
            Turns {
                d6: 1,
                plus: 6,
                open_ended: false,
            },
            |s| s.turns,
        );
        let turn_limit = turns.plus + (0..turns.d6).map(|_| u32::from(dice.d6())).sum::<u32>();
        let mut game = Game {
            cat,
            factions,
            rules: MoveRules::from_catalogue(cat),
            setup,
            units,
            turn: 0,
            turn_limit,
            priority: 0,
            morale: [MoraleState::Steady; 2],
            start_strength,
            vp: [0; 2],
            slain: Vec::new(),
            banners: Vec::new(),
            horses: Vec::new(),
            objectives: [None; 2],
            reserve_wave: [0; 2],
            entered: [0; 2],
            kiai: [0; 2],
            match_points: [0; 2],
            criticals: [[0; 2]; 2],
            leader_critical: [[false; 2]; 2],
            fatigue: false,
            objective: None,
            champions: Default::default(),
            fought_before: Vec::new(),
            last_grouping: Vec::new(),
        };
        if let Some(m) = game.setup.marker {
            events.push(|| Event::Objective {
                x: m.centre.x,
                y: m.centre.y,
                radius: m.radius,
            });
        }
        game.objective = game.setup.marker.map(|at| Carried {
            at,
            carriers: Vec::new(),
            removed_by: None,
        });
        game.deploy(events, name_edge);
        events.push(|| Event::TurnLimit { turns: turn_limit });
        game.roll_objectives(dice, events);
        game
    }

    /// Each side rolls its minor objective openly (R-111), A first; a roll of "the same as the
    /// opponent's" takes the other side's, and if both roll it neither side has one.
    fn roll_objectives(&mut self, dice: &mut dyn Dice, events: &mut EventLog) {
        let Some(table) = self
            .cat
            .scenario
            .get(self.setup.scenario)
            .map(|s| &s.minor_objectives)
            .filter(|t| !t.is_empty())
        else {
            return;
        };
        let rolls = [dice.d6(), dice.d6()];
        let drawn = rolls.map(|r| {
            table
                .iter()
                .find(|o| o.faces.contains(&r))
                .map(|o| o.objective)
        });
        for s in 0..2 {
            self.objectives[s] = match drawn[s] {
                Some(ObjectiveKind::AsOpponent) => {
                    drawn[1 - s].filter(|o| *o != ObjectiveKind::AsOpponent)
                }
                other => other,
            };
            let objective = self.objectives[s];
            events.push(|| Event::MinorObjective {
                side: side_name(s),
                roll: rolls[s],
                objective,
            });
        }
    }

    /// Check a move of `kind` along `path` for `unit` from where it stands, against the table
    /// and every other model on it.
    pub fn check_path(
        &self,
        unit: usize,
        kind: MoveKind,
        path: &[Point],
    ) -> Result<MoveCheck, MoveError> {
        self.check_path_beside(unit, None, kind, path)
    }

    /// [`Game::check_path`] with friend `beside` out of the way: two carriers sharing an object
    /// move together (R-94).
    pub fn check_path_beside(
        &self,
        unit: usize,
        beside: Option<usize>,
        kind: MoveKind,
        path: &[Point],
    ) -> Result<MoveCheck, MoveError> {
        let mover = self.mover(unit);
        let (mut friends, mut enemies) = (Bases::new(), Bases::new());
        self.others(unit, &mut friends, &mut enemies);
        if let Some(b) = beside.filter(|&b| b != unit && self.units[b].on_table()) {
            let at = self.units[b].base;
            if let Some(i) = friends.iter().position(|f| *f == at) {
                friends.remove(i);
            }
        }
        let others = Others {
            friends: &friends,
            enemies: &enemies,
        };
        let check = check_move(&self.setup.table, &self.rules, &mover, kind, path, others)?;
        // In the Duel's first two turns only the duellists move, whatever the move (R-113, §0.2
        // item 22).
        if self.duellists_only() && !self.is_duellist(unit) {
            return Err(MoveError::DuellistsOnly);
        }
        // A Tournament match never leaves its circle (R-116), nor does a duellist in the Duel's
        // first two turns (R-113): once a point of the path is inside, every later one is (a
        // replacement duellist may walk in from outside). The circle is convex, so corners
        // inside keep the segments between them inside.
        if (self.victory() == VictoryRule::Matches || self.duellists_only())
            && let Some(circle) = self.setup.circle
        {
            let inside = |p: &Point| p.distance(circle.centre) <= circle.radius + 1e-9;
            let start = self.units[unit].base.centre;
            let mut entered = inside(&start);
            for p in path {
                if entered && !inside(p) {
                    return Err(MoveError::OutsideCircle);
                }
                entered |= inside(p);
            }
        }
        Ok(check)
    }

    /// The enemies a move ending at `end` (checked as `check`) engages, if that is a fresh
    /// engagement a ride-by or an Inexorable move may make (R-83, R-84): one to four enemies,
    /// none of them engaged, and no other contact on the way.
    fn fresh_contacts(&self, unit: usize, end: Point, check: &MoveCheck) -> Option<Vec<usize>> {
        let side = self.units[unit].side;
        let end = Circle::new(end, self.units[unit].base.radius);
        let touched: Vec<usize> = self
            .units
            .iter()
            .filter(|e| e.side != side && e.on_table() && e.base.in_contact(&end))
            .map(|e| e.id)
            .collect();
        let fresh = !touched.is_empty()
            && touched.len() <= 4
            && touched.iter().all(|&e| !self.engaged(e))
            && check.contacts.len() == touched.len();
        fresh.then_some(touched)
    }

    /// A charge `unit` can make now at `enemy`: the shortest of a few legal paths to contact with
    /// it (straight or with one bend, to the near side of the enemy or round its flank), if any.
    pub fn charge_path(&self, unit: usize, enemy: usize) -> Option<Vec<Point>> {
        self.charge_path_by(unit, enemy, MoveKind::Normal)
    }

    /// [`Game::charge_path`] by a move of `kind` (a normal move or a ride-by).
    pub fn charge_path_by(&self, unit: usize, enemy: usize, kind: MoveKind) -> Option<Vec<Point>> {
        let game = self;
        let u = &game.units[unit];
        let e = &game.units[enemy];
        let d = e.base.centre.distance(u.base.centre);
        let reach = u.base.radius + e.base.radius + 0.005;
        let mover = game.mover(unit);
        let allowance = base_allowance(&game.rules, &mover, kind);
        if d - reach > allowance + 1e-9 || d <= reach {
            return None;
        }
        let (mut friends, mut enemies) = (Bases::new(), Bases::new());
        game.others(unit, &mut friends, &mut enemies);
        let others = Others {
            friends: &friends,
            enemies: &enemies,
        };
        let legal = |path: &[Point]| {
            check_move(&game.setup.table, &game.rules, &mover, kind, path, others).is_ok()
                && path
                    .last()
                    .is_some_and(|&end| Circle::new(end, u.base.radius).in_contact(&e.base))
        };
        let (ux, uy) = (u.base.centre.x, u.base.centre.y);
        let back = (uy - e.base.centre.y).atan2(ux - e.base.centre.x);
        let mut best: Option<(f64, Vec<Point>)> = None;
        for around in [0.0f64, 0.6, -0.6, 1.2, -1.2] {
            let a = back + around;
            let end = Point::new(
                e.base.centre.x + reach * a.cos(),
                e.base.centre.y + reach * a.sin(),
            );
            let direct = u.base.centre.distance(end);
            if direct > allowance + 1e-9
                || best.as_ref().is_some_and(|b| b.0 <= direct)
                || others.no_room_at(&game.setup.table, end, u.base.radius)
            {
                continue;
            }
            if legal(&[end]) {
                best = Some((direct, vec![end]));
                continue;
            }
            // One bend, out to the side halfway along.
            let mid = Point::new((ux + end.x) / 2.0, (uy + end.y) / 2.0);
            let (nx, ny) = (-(end.y - uy) / direct, (end.x - ux) / direct);
            for side in [1.5, -1.5] {
                let w = Point::new(mid.x + nx * side, mid.y + ny * side);
                let length = u.base.centre.distance(w) + w.distance(end);
                if length > allowance + 1e-9 || best.as_ref().is_some_and(|b| b.0 <= length) {
                    continue;
                }
                if legal(&[w, end]) {
                    best = Some((length, vec![w, end]));
                    break;
                }
            }
        }
        best.map(|b| b.1)
    }

    /// An Inexorable follow-up (R-84) worth making with `attack` unspent Attack counters: to the
    /// unengaged enemy in reach that can hurt it least. An enemy already activated this turn
    /// brings one Defence counter and no Attack, so it comes first; one that would draw its full
    /// pool is taken on only if that pool is smaller than `attack`.
    pub fn follow_up_path(&self, unit: usize, attack: i32) -> Option<Vec<Point>> {
        let side = self.units[unit].side;
        self.units
            .iter()
            .filter(|e| e.side != side && e.on_table() && !self.engaged(e.id))
            .filter_map(|e| {
                let risk = if e.activated_this_turn() {
                    0
                } else {
                    e.fighter.pool()
                };
                (risk < attack).then_some((risk, e.id))
            })
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .find_map(|(_, e)| self.charge_path_by(unit, e, MoveKind::Inexorable))
    }

    /// A legal Withdraw path for an engaged `unit`: straight away from the enemies it touches (or
    /// veering up to 60 degrees), as far as its allowance allows.
    pub fn withdraw_path(&self, unit: usize) -> Option<Vec<Point>> {
        let game = self;
        let u = &game.units[unit];
        let contacts: Vec<usize> = game.contacts(unit).collect();
        if contacts.is_empty() {
            return None;
        }
        let n = contacts.len() as f64;
        let (cx, cy) = contacts.iter().fold((0.0, 0.0), |(x, y), &e| {
            (
                x + game.units[e].base.centre.x / n,
                y + game.units[e].base.centre.y / n,
            )
        });
        let c = u.base.centre;
        let away = (c.y - cy).atan2(c.x - cx);
        game.first_step(
            unit,
            MoveKind::Withdraw,
            away,
            &[2.0, 1.5, 1.0],
            &[0.0, 0.5, -0.5, 1.0, -1.0],
        )
    }

    /// The first legal one-leg move of `kind` for `unit`: each length in turn, heading `away`
    /// and then veering by each of `turns` (radians).
    fn first_step(
        &self,
        unit: usize,
        kind: MoveKind,
        away: f64,
        lengths: &[f64],
        turns: &[f64],
    ) -> Option<Vec<Point>> {
        let c = self.units[unit].base.centre;
        let mover = self.mover(unit);
        let (mut friends, mut enemies) = (Bases::new(), Bases::new());
        self.others(unit, &mut friends, &mut enemies);
        let others = Others {
            friends: &friends,
            enemies: &enemies,
        };
        for &length in lengths {
            for &turn in turns {
                let a = away + turn;
                let path = vec![Point::new(c.x + length * a.cos(), c.y + length * a.sin())];
                if check_move(&self.setup.table, &self.rules, &mover, kind, &path, others).is_ok() {
                    return Some(path);
                }
            }
        }
        None
    }

    /// A legal ride away for a rider after its ride-by (R-83): away from the enemies near it,
    /// straight or veering, the longest that the rules allow.
    pub fn ride_away_path(&self, unit: usize) -> Option<Vec<Point>> {
        let u = &self.units[unit];
        let c = u.base.centre;
        let near: Vec<Point> = self
            .units
            .iter()
            .filter(|e| e.side != u.side && e.on_table() && e.base.edge_distance(&u.base) < 6.0)
            .map(|e| e.base.centre)
            .collect();
        let n = near.len().max(1) as f64;
        let (cx, cy) = near
            .iter()
            .fold((0.0, 0.0), |(x, y), p| (x + p.x / n, y + p.y / n));
        let away = if near.is_empty() {
            0.0
        } else {
            (c.y - cy).atan2(c.x - cx)
        };
        let full = base_allowance(&self.rules, &self.mover(unit), MoveKind::RideAway);
        self.first_step(
            unit,
            MoveKind::RideAway,
            away,
            &[full, full * 0.75, full * 0.5, full * 0.3],
            &[0.0, 0.5, -0.5, 1.0, -1.0, 1.5, -1.5],
        )
    }

    /// After a model leaves contact: pairs that fought together last Combat Phase and no longer
    /// touch fight a first round if they meet again (R-82), and a Subdued model that no enemy
    /// touches is free (R-87).
    pub(super) fn forget_broken_contacts(&mut self) {
        let units = &self.units;
        self.fought_before.retain(|&(a, b)| {
            units[a].on_table() && units[b].on_table() && units[a].base.in_contact(&units[b].base)
        });
        for k in 0..self.units.len() {
            if self.units[k].fighter.subdued && !self.engaged(k) {
                self.units[k].fighter.subdued = false;
            }
        }
    }

    /// Criticals `side` has taken this turn (the next turn's 25% trigger, R-43).
    pub fn criticals_this_turn(&self, side: usize) -> u32 {
        self.criticals[1][side]
    }

    /// Banners on the ground that `unit`'s base touches, by index in [`Game::banners`].
    pub fn banners_touching(&self, unit: usize) -> impl Iterator<Item = usize> + '_ {
        let u = &self.units[unit];
        let r = self.cat.terrain.bases.marker / 2.0;
        self.banners
            .iter()
            .enumerate()
            .filter(move |(_, (at, _))| u.base.in_contact(&Circle::new(*at, r)))
            .map(|(k, _)| k)
    }

    /// Whether `unit` may make a move ending in contact with an enemy: a banner bearer only when
    /// it is the only model of its Buntai on the table that is not engaged (R-98, errata).
    /// What decides this game (the scenario's victory rule).
    pub fn victory(&self) -> VictoryRule {
        self.cat
            .scenario
            .get(self.setup.scenario)
            .map_or(VictoryRule::VictoryPoints, |s| s.victory)
    }

    /// The path of a set-up move of `unit` to `to` (R-115), if it may make it: a spot on the
    /// table clear of every model and of impassable terrain, out of contact with every enemy,
    /// reached, when `limit` is given, by the shortest path the model could walk if that is no
    /// longer than `limit` (halving does not apply); straight there when there is no limit.
    pub fn set_up_path(&self, unit: usize, to: Point, limit: Option<f64>) -> Option<Vec<Point>> {
        let u = &self.units[unit];
        if !u.on_table() {
            return None;
        }
        let r = u.base.radius;
        let base = Circle::new(to, r);
        let table = &self.setup.table;
        let (mut friends, mut enemies) = (Bases::new(), Bases::new());
        self.others(unit, &mut friends, &mut enemies);
        let others = Others {
            friends: &friends,
            enemies: &enemies,
        };
        if others.no_room_at(table, to, r)
            || enemies
                .iter()
                .any(|e| base.edge_distance(e) <= self.rules.contact + 1e-9)
            || table
                .pieces
                .iter()
                .any(|p| p.blocks_movement() && p.shape.overlaps_circle(&base))
        {
            return None;
        }
        let Some(limit) = limit else {
            return Some(vec![to]);
        };
        if u.base.centre.distance(to) > limit + 1e-9 {
            return None;
        }
        let mover = self.mover(unit);
        let path = shortest_path(table, &self.rules, &mover, MoveKind::Normal, to, others)?;
        let legal = match check_move(table, &self.rules, &mover, MoveKind::Normal, &path, others) {
            // Every other test passed; the length is held to `limit` instead.
            Ok(_) | Err(MoveError::TooLong { .. }) => true,
            Err(_) => false,
        };
        (legal && path_length(u.base.centre, &path) <= limit + 1e-9).then_some(path)
    }

    /// Whether the defender's Leader has been killed (R-115; a Leader who fled is not killed).
    pub fn defender_leader_killed(&self) -> bool {
        self.setup.attacker.is_some_and(|a| {
            self.units
                .iter()
                .any(|u| u.side == 1 - a && u.leader && u.status == Status::Dead)
        })
    }

    /// The models on the table a blast at `point` catches: each base at least partly within
    /// its radius (R-124).
    pub fn caught<'g>(
        &'g self,
        point: Point,
        blast: &crate::ronin::model::Blast,
    ) -> impl Iterator<Item = &'g Unit> + 'g {
        let reach = f64::from(blast.radius);
        self.units.iter().filter(move |u| {
            u.on_table() && u.base.centre.distance(point) <= reach + u.base.radius + 1e-9
        })
    }

    /// A model its list's restraint limits (R-90): no two of its Type fight one enemy together.
    pub fn restrained(&self, unit: usize) -> bool {
        let u = &self.units[unit];
        self.factions
            .get(u.side)
            .is_some_and(|f| f.restraint.iter().any(|t| **t == *u.model_type))
    }

    /// Whether a restrained model ending a move at `end` would touch an enemy that already
    /// touches a friend of the same restraint (R-90).
    pub fn restraint_forbids(&self, unit: usize, end: Point) -> bool {
        if !self.restrained(unit) {
            return false;
        }
        let u = &self.units[unit];
        let there = Circle::new(end, u.base.radius);
        self.units
            .iter()
            .filter(|e| e.side != u.side && e.on_table() && there.in_contact(&e.base))
            .any(|e| {
                self.contacts(e.id)
                    .any(|f| f != unit && self.units[f].side == u.side && self.restrained(f))
            })
    }

    pub fn may_engage(&self, unit: usize) -> bool {
        self.may_engage_given(unit, |o| self.engaged(o))
    }

    /// [`Game::may_engage`], with who is engaged known.
    pub fn may_engage_given(&self, unit: usize, engaged: impl Fn(usize) -> bool) -> bool {
        let u = &self.units[unit];
        // A Civilian never engages by choice (R-88).
        if u.civilian {
            return false;
        }
        !u.banner
            || !self
                .units
                .iter()
                .any(|o| o.id != unit && o.side == u.side && o.on_table() && !engaged(o.id))
    }

    /// Enemy Slain markers `unit`'s base touches (R-93), by index in [`Game::slain`].
    pub fn bodies_touching(&self, unit: usize) -> impl Iterator<Item = usize> + '_ {
        let u = &self.units[unit];
        let r = self.cat.terrain.bases.marker / 2.0;
        self.slain
            .iter()
            .enumerate()
            .filter(move |(_, b)| b.side != u.side && u.base.in_contact(&Circle::new(b.at, r)))
            .map(|(k, _)| k)
    }

    /// Whether `unit` stands in a building whose room is too small for long-handled weapons
    /// (R-86): its centre inside a building not flagged "large room".
    pub fn cramped(&self, unit: usize) -> bool {
        let c = self.units[unit].base.centre;
        self.setup
            .table
            .pieces
            .iter()
            .any(|p| p.building && !p.large_room && p.shape.contains(c))
    }

    /// Whether `unit`'s base overlaps a building's door or window: only one enemy may fight it
    /// (R-86).
    pub fn in_doorway(&self, unit: usize) -> bool {
        let b = self.units[unit].base;
        self.setup.table.pieces.iter().any(|p| {
            p.openings
                .iter()
                .any(|o| o.segment.distance_to_point(b.centre) < b.radius)
        })
    }

    /// Riderless horses that `unit`'s base touches, by index in [`Game::horses`].
    pub fn horses_touching(&self, unit: usize) -> impl Iterator<Item = usize> + '_ {
        let u = &self.units[unit];
        self.horses
            .iter()
            .enumerate()
            .filter(move |(_, (at, _))| u.base.in_contact(&Circle::new(*at, u.base.radius)))
            .map(|(k, _)| k)
    }

    /// Where a horse `unit` gets off is left: touching its base, on the table, on the side
    /// away from the nearest enemy where the table allows.
    fn beside(&self, unit: usize) -> Point {
        let u = &self.units[unit];
        let c = u.base.centre;
        let away = self
            .units
            .iter()
            .filter(|e| e.side != u.side && e.on_table())
            .min_by(|a, b| {
                a.base
                    .centre
                    .distance(c)
                    .total_cmp(&b.base.centre.distance(c))
            })
            .map_or(0.0, |e| {
                (c.y - e.base.centre.y).atan2(c.x - e.base.centre.x)
            });
        let step = 2.0 * u.base.radius + 0.001;
        (0..8)
            .map(|k| {
                let a = away + f64::from(k) * std::f64::consts::FRAC_PI_4;
                Point::new(c.x + step * a.cos(), c.y + step * a.sin())
            })
            .find(|&p| self.setup.table.holds(&Circle::new(p, u.base.radius)))
            .unwrap_or(c)
    }

    /// Half points a faction scoring rule of `side`'s faction gives, if it has that rule.
    pub fn scoring(&self, side: usize, trigger: ScoringTrigger) -> Option<i32> {
        self.factions[side]
            .scoring
            .iter()
            .find(|r| r.trigger == trigger)
            .map(|r| (r.vp * 2.0).round() as i32)
    }

    /// The value of minor objective `o` to its side, in half points.
    /// What minor objective `o` is worth, in half points.
    pub fn objective_value(&self, o: ObjectiveKind) -> i32 {
        self.cat
            .scenario
            .scenarios
            .iter()
            .flat_map(|s| &s.minor_objectives)
            .find(|m| m.objective == o)
            .map_or(0, |m| (m.vp * 2.0).round() as i32)
    }

    /// Whether `side` has achieved minor objective `o` now (R-111).
    pub fn achieved(&self, side: usize, o: ObjectiveKind) -> bool {
        let enemy = 1 - side;
        match o {
            ObjectiveKind::CaptureRank2 => self.units.iter().any(|u| {
                u.side == enemy
                    && u.on_table()
                    && u.fighter.subdued
                    && u.rank >= 2
                    && self.contacts(u.id).next().is_some()
            }),
            ObjectiveKind::HoldQuarters => {
                let mut count = [[0u32; 4]; 2];
                for u in self.units.iter().filter(|u| u.on_table()) {
                    count[u.side][self.setup.table.quarter(u.base.centre)] += 1;
                }
                (0..4).all(|q| count[side][q] > count[enemy][q])
            }
            ObjectiveKind::KillLeader => self
                .units
                .iter()
                .any(|u| u.side == enemy && u.leader && u.status == Status::Dead),
            ObjectiveKind::LoseAQuarterAtMost => {
                let lost = self.start_strength[side].saturating_sub(self.strength(side));
                4 * lost <= self.start_strength[side]
            }
            ObjectiveKind::KillThreeQuarters => {
                let killed = self
                    .side_units(enemy)
                    .filter(|u| u.status == Status::Dead)
                    .count() as u32;
                4 * killed > 3 * self.start_strength[enemy]
            }
            ObjectiveKind::AsOpponent => false,
        }
    }

    /// Both sides deploy, the defender first where there are roles (R-114, R-115, R-117); a
    /// defender who names the attacker's edge (the Defence) does so in between.
    fn deploy(&mut self, events: &mut EventLog, name_edge: &mut dyn FnMut(&Game<'c>, usize) -> u8) {
        super::champions::choose(self);
        for (s, d) in self.champions.duellists.iter().enumerate() {
            if let Some(d) = *d {
                events.push(|| Event::Duellist {
                    side: side_name(s),
                    model: self.units[d].fighter.name.to_string(),
                });
            }
        }
        let size = self.setup.table.size;
        let r = self.cat.terrain.bases.diameter / 2.0;
        let order = self.setup.attacker.map_or([0, 1], |a| [1 - a, a]);
        for s in order {
            if Some(s) == self.setup.attacker
                && self.setup.defender_names_edge()
                && let Zone::Edge { depth, .. } = self.setup.zones[s]
            {
                let edge = name_edge(self, 1 - s) % 4;
                self.setup.to_mut().zones[s] = Zone::Edge { edge, depth };
                events.push(|| Event::EdgeNamed {
                    side: side_name(1 - s),
                    edge: ["south", "east", "north", "west"][usize::from(edge)].to_owned(),
                });
            }
            let zone = self.setup.zones[s];
            let anchor = match zone {
                Zone::Edge { edge, .. } => [
                    Point::new(size / 2.0, 0.0),
                    Point::new(size, size / 2.0),
                    Point::new(size / 2.0, size),
                    Point::new(0.0, size / 2.0),
                ][usize::from(edge % 4)],
                Zone::Corner { x, y, .. } | Zone::Around { x, y, .. } => Point::new(x, y),
                Zone::AnyEdge { .. } => Point::new(size / 2.0, 0.0),
                Zone::Table => Point::new(size / 2.0, size / 2.0),
                // As far from the point as it may: the nearest corner first.
                Zone::Beyond { x, y, .. } => Point::new(
                    if x < size / 2.0 { size } else { 0.0 },
                    if y < size / 2.0 { size } else { 0.0 },
                ),
            };
            // The Assassination's attacker may place the defender's Leader apart from the rest
            // (R-115): the Leader nearest one point of the zone's rim, the rest the opposite one.
            let apart = match zone {
                Zone::Around { x, y, depth }
                    if self.setup.enemy_placement == EnemyPlacement::LeaderApart
                        && self.setup.attacker_places_defender()
                        && self.setup.attacker == Some(1 - s) =>
                {
                    let out = (depth - r).max(0.0);
                    Some([Point::new(x, y - out), Point::new(x, y + out)])
                }
                _ => None,
            };
            let groups: SmallVec<[(Point, Option<bool>); 2]> = match apart {
                Some([leader, rest]) => {
                    smallvec::smallvec![(leader, Some(true)), (rest, Some(false))]
                }
                None => smallvec::smallvec![(anchor, None)],
            };
            for (anchor, leaders) in groups {
                // Candidate spots on a quarter-inch grid, in the zone, nearest the anchor first; the
                // front row (nearest the enemy) is kept for shooters by taking spots in list order.
                let mut spots = Spots::new(zone, size, r, anchor);
                // In a Duel the duellist goes first, on the circle; its friends stay wholly outside
                // the circle (R-113).
                let duellist = self.champions.duellists[s];
                let mut order: SmallVec<[usize; 24]> = duellist.into_iter().collect();
                order.extend((0..self.units.len()).filter(|&k| Some(k) != duellist));
                let circle = self.setup.circle.filter(|_| duellist.is_some());
                // Placing a model only adds to what rules a spot out, and a larger base or the
                // circle kept clear rules out more: a spot that failed a model fails every later one
                // with a base as large, at the same gap. So each (base radius, gap) keeps the index
                // its search stopped at, and a later model starts from the furthest of those for a
                // base no larger than its own (the first model, a duellist, may stand in the circle).
                let mut resume: SmallVec<[(f64, usize, usize); 4]> = SmallVec::new();
                for k in order {
                    // An undisguised Ninja is placed once both sides have deployed (R-106),
                    // unless the scenario places it itself (PLAY-DIGEST §0.2 item 21).
                    if self.units[k].side != s
                        || (self.units[k].undisguised_ninja() && !self.scenario_places(k))
                        || leaders.is_some_and(|l| l != self.units[k].leader)
                    {
                        continue;
                    }
                    let base_r = self.units[k].base.radius;
                    let mounted = self.units[k].fighter.mount.is_some();
                    let outside = |p: &Point| {
                        Some(k) == duellist
                            || circle
                                .is_none_or(|c| p.distance(c.centre) >= c.radius + base_r - 1e-9)
                    };
                    // An inch between bases while there is room, then bases touching (P-22).
                    let fits = |p: &Point, gap: f64| {
                        let c = Circle::new(*p, base_r);
                        outside(p)
                            && self.units.iter().all(|o| {
                                // Centre distance, not the edge distance (0 once bases touch); a
                                // base that far off along either axis is clear without a root.
                                let clear = o.base.radius + c.radius + gap;
                                o.id == k
                                    || (o.base.centre.x - c.centre.x).abs() >= clear
                                    || (o.base.centre.y - c.centre.y).abs() >= clear
                                    || o.base.centre.distance(c.centre) - o.base.radius - c.radius
                                        >= gap - 1e-9
                            })
                            && self.setup.table.deploy_fits(&c, mounted)
                    };
                    let mut placed = None;
                    for (g, gap) in [1.0, 0.0].into_iter().enumerate() {
                        let from = resume
                            .iter()
                            .filter(|e| e.0 <= base_r && e.1 == g)
                            .map(|e| e.2)
                            .max()
                            .unwrap_or(0);
                        let mut at = None;
                        let mut i = from;
                        while let Some(p) = spots.get(i) {
                            if fits(&p, gap) {
                                at = Some((i, p));
                                break;
                            }
                            i += 1;
                        }
                        // Up to its own spot, every spot has failed this model at this gap.
                        let stopped = at.map_or(spots.len(), |(i, _)| i);
                        match resume.iter_mut().find(|e| e.0 == base_r && e.1 == g) {
                            Some(e) => e.2 = e.2.max(stopped),
                            None => resume.push((base_r, g, stopped)),
                        }
                        placed = at.map(|(_, p)| p);
                        if placed.is_some() {
                            break;
                        }
                    }
                    match placed {
                        Some(p) => {
                            self.units[k].base.centre = p;
                            let u = &self.units[k];
                            events.push(|| Event::Deploy {
                                model: u.fighter.name.to_string(),
                                x: u.base.centre.x,
                                y: u.base.centre.y,
                            });
                        }
                        // No room at all in the zone: it waits in reserve (P-22).
                        None => {
                            self.units[k].status = Status::Reserve;
                            let corner = self.cat.terrain.reserves.corner_entry;
                            if let Some(line) = zone.entry(size, base_r, corner).first() {
                                self.units[k].base.centre = line.at(0.5);
                            }
                            self.reserve_wave[s] += 1;
                            let name = self.units[k].fighter.name.clone();
                            events.push(|| Event::Reserve {
                                model: name.to_string(),
                            });
                        }
                    }
                }
            }
        }
        self.place_ninjas(events);
        for s in 0..2 {
            self.start_strength[s] = self.strength(s);
            self.reserve_wave[s] = self.reserve_wave[s].div_ceil(2);
        }
    }

    /// Whether the scenario places this model itself, so that an undisguised Ninja among them is
    /// placed like any other model and not by R-106 (R-106 as amended by PLAY-DIGEST §0.2 item 21): a
    /// Tournament match's fighters, the Duel's duellists and the Assassination's defenders.
    fn scenario_places(&self, k: usize) -> bool {
        let side = self.units[k].side;
        self.victory() == VictoryRule::Matches
            || self.champions.duellists[side] == Some(k)
            || (self.setup.attacker_places_defender() && self.setup.attacker == Some(1 - side))
    }

    /// Undisguised Ninja, side A's first (R-106): anywhere on the table with its base more than
    /// 6" from every enemy (the Assassination's attackers at least 9" from every defender,
    /// R-115), never touching another base; the engine takes the spot nearest the
    /// enemy Leader, where a Ninja does its work. With no such spot it stands at its own edge's
    /// centre line as far back as it fits (never in reserve).
    fn place_ninjas(&mut self, events: &mut EventLog) {
        let size = self.setup.table.size;
        // More than the Ninja's clearance from every enemy (R-106); the Assassination's
        // attackers at least its gap (R-115).
        let gap = |side: usize| match self.setup.zones[side] {
            Zone::Beyond { gap, .. } => gap,
            _ => self.cat.terrain.reserves.ninja_clearance + 2e-9,
        };
        for k in 0..self.units.len() {
            if !self.units[k].undisguised_ninja() || self.scenario_places(k) {
                continue;
            }
            let (side, r) = (self.units[k].side, self.units[k].base.radius);
            let gap = gap(side);
            let enemies: Vec<Circle> = self
                .units
                .iter()
                .filter(|e| e.side != side && e.on_table())
                .map(|e| e.base)
                .collect();
            let target = self
                .units
                .iter()
                .filter(|e| e.side != side && e.on_table())
                .max_by_key(|e| (e.leader, e.rank))
                .map_or(Point::new(size / 2.0, size / 2.0), |e| e.base.centre);
            // The whole-inch spots nearest the target first (a stable sort keeps the grid order
            // among equals), the first legal one taken: the same spot as the nearest of all the
            // legal spots, without testing every spot of the table.
            let steps = size.floor() as i64;
            let mut spots: Vec<Point> = (0..=steps)
                .flat_map(|x| (0..=steps).map(move |y| Point::new(x as f64, y as f64)))
                .collect();
            spots.sort_by(|a, b| a.distance(target).total_cmp(&b.distance(target)));
            let spot = spots.into_iter().find(|p| {
                let c = Circle::new(*p, r);
                stands_clear(&self.setup.table, gap, &c, &enemies)
                    && self.setup.table.deploy_fits(&c, false)
                    && self.units.iter().all(|o| {
                        o.id == k
                            || !o.on_table()
                            || o.base.centre.distance(c.centre) >= o.base.radius + r
                    })
            });
            let Some(spot) = spot else {
                continue;
            };
            self.units[k].base.centre = spot;
            let u = &self.units[k];
            events.push(|| Event::Deploy {
                model: u.fighter.name.to_string(),
                x: spot.x,
                y: spot.y,
            });
        }
    }

    /// Bases of every model on the table, by id (dead and fled models far off the table).
    pub fn crowd(&self) -> Crowd {
        Crowd::of(self.units.iter().map(|u| {
            if u.on_table() {
                u.base
            } else {
                Circle::new(Point::new(-1e6, -1e6 - u.id as f64 * 10.0), u.base.radius)
            }
        }))
    }

    /// Enemies whose base touches `unit`'s (R-33).
    pub fn contacts(&self, unit: usize) -> impl Iterator<Item = usize> + '_ {
        let u = &self.units[unit];
        self.units
            .iter()
            .filter(move |o| {
                o.side != u.side && o.on_table() && u.on_table() && o.base.in_contact(&u.base)
            })
            .map(|o| o.id)
    }

    pub fn engaged(&self, unit: usize) -> bool {
        self.contacts(unit).next().is_some()
    }

    /// The other bases as `check_move` wants them: friends and enemies of `unit` on the table,
    /// written into the caller's lists (on the stack for a Buntai of usual size; returned, they
    /// would be copied whole).
    pub fn others(&self, unit: usize, friends: &mut Bases, enemies: &mut Bases) {
        let side = self.units[unit].side;
        friends.clear();
        enemies.clear();
        for u in self.units.iter().filter(|u| u.on_table() && u.id != unit) {
            if u.side == side {
                friends.push(u.base);
            } else {
                enemies.push(u.base);
            }
        }
    }

    pub fn mover(&self, unit: usize) -> Mover {
        let u = &self.units[unit];
        Mover {
            base: u.base,
            mounted: u.fighter.mount.is_some(),
            acrobatic: u.fighter.acrobatic,
            armoured: matches!(u.fighter.armour, Armour::Medium | Armour::Heavy),
            slowed: u.fighter.is_stunned() || u.fighter.health == Health::Grievous,
            // A lone carrier of a heavy object (R-94).
            encumbered: self.carrying(unit) && self.partner(unit).is_none(),
        }
    }

    /// The sight limit this turn (R-75).
    pub fn sight_limit(&self) -> Option<f64> {
        self.cat.terrain.sight_limit(
            self.setup.weather.as_deref(),
            self.setup.time_of_day.as_deref(),
            self.turn.max(1),
        )
    }

    /// What `shooter` sees of `target`.
    pub fn sight(
        &self,
        map: &SightMap<'_>,
        crowd: &Crowd,
        shooter: usize,
        target: usize,
    ) -> SightLine {
        let t = &self.units[target];
        let looker = Looker {
            base: t.base,
            moved_or_shot: t.moved_or_shot(),
        };
        map.look(
            &self.units[shooter].base,
            &looker,
            crowd,
            [shooter, target],
            self.sight_limit(),
        )
    }

    /// The numbers of a shot, or why it cannot be made: range, line of sight and every modifier
    /// from the positions (R-67 to R-76).
    pub fn shot(
        &self,
        map: &SightMap<'_>,
        crowd: &Crowd,
        shooter: usize,
        target: usize,
        weapon: usize,
        phase: Phase,
    ) -> Option<ShotNumbers> {
        self.shot_numbers(map, crowd, shooter, target, weapon, phase, true)
    }

    /// The numbers of a shot turned onto a Yojimbo (R-78): range band, engaged, armour and cover
    /// recomputed for it; line of sight and maximum range not checked again.
    pub fn redirected_shot(
        &self,
        map: &SightMap<'_>,
        crowd: &Crowd,
        shooter: usize,
        yojimbo: usize,
        weapon: usize,
        phase: Phase,
    ) -> Option<ShotNumbers> {
        self.shot_numbers(map, crowd, shooter, yojimbo, weapon, phase, false)
    }

    #[allow(clippy::too_many_arguments)]
    fn shot_numbers(
        &self,
        map: &SightMap<'_>,
        crowd: &Crowd,
        shooter: usize,
        target: usize,
        weapon: usize,
        phase: Phase,
        checked: bool,
    ) -> Option<ShotNumbers> {
        let s = &self.units[shooter];
        let t = &self.units[target];
        let missile = s.missiles.get(weapon)?;
        let w = self.cat.weapon(&missile.weapon)?;
        if !s.on_table()
            || !t.on_table()
            || s.side == t.side
            || s.fighter.is_stunned()
            || missile.unloaded
            || missile.spent
            || !self.may_act(shooter)
            || !self.may_shoot_now(shooter)
        {
            return None;
        }
        let rain_once = self
            .setup
            .weather
            .as_deref()
            .and_then(|id| self.cat.terrain.weather.kinds.iter().find(|k| k.id == id))
            .is_some_and(|k| k.teppo_once);
        if rain_once && &*missile.weapon == "teppo" && missile.fired {
            return None;
        }
        let max = w.range.as_ref().map_or(0.0, |r| f64::from(r.value));
        // A grenade is thrown at a point, here the target's centre: the range runs from the
        // thrower's edge to the point, and the point has no armour and is not engaged (R-124).
        let blast = w.blast.is_some();
        // The range is the sight line's length (edge to edge), known before the line is traced:
        // out of range, no shot, and no line traced (said here, before any reason is written).
        let distance = s.base.edge_distance(&t.base);
        let reach = if blast {
            distance + t.base.radius
        } else {
            distance
        };
        if checked && reach > max {
            return None;
        }
        if self.engaged(shooter) {
            return None;
        }
        let line = self.sight(map, crowd, shooter, target);
        if checked && !line.visible() {
            return None;
        }
        let ctx = ShotContext {
            range: if checked { reach } else { reach.min(max) },
            phase,
            moved: s.turn.moved,
            previously_fired: s.turn.shots > 0,
            grievous: s.fighter.health == Health::Grievous,
            target_engaged: !blast && self.engaged(target),
            mounted: s.fighter.mount.is_some(),
            bajutsu: s.fighter.bajutsu,
            wind: self.setup.weather.as_deref() == Some("wind"),
            yadome: t.fighter.yadome,
            called_shot: false,
            target_armour: (!blast).then_some(t.fighter.armour),
            cover: line.cover,
            light_ground: line.light,
            target_moved_or_shot: t.moved_or_shot(),
        };
        Some((
            ShotSpec {
                // A Fatigued shooter's Shoot is 1 lower, floored at 0 (R-122, R-35).
                shoot: (s.shoot - i32::from(s.fighter.fatigued)).max(0),
                modifier: attack_modifier(self.cat, w, &ctx).ok()?,
                reroll: missile.reroll,
                defence: defence_score(self.cat, w, &ctx),
            },
            ctx,
        ))
    }

    /// A shot's numbers turned on `at` (another model of the target's combat, R-76) or on its
    /// mount (R-77), with `cover` as `at` is seen from the shooter: armour (a mount's is light),
    /// Yadome-jutsu (the rider's, not the mount's: P-36) and cover worked out for it; the range
    /// and the shooter's own modifiers stay.
    fn aimed_at(
        &self,
        weapon: &crate::ronin::model::Weapon,
        (spec, ctx): ShotNumbers,
        at: usize,
        cover: Cover,
        mount: bool,
    ) -> ShotNumbers {
        let f = &self.units[at].fighter;
        let ctx = ShotContext {
            target_engaged: self.engaged(at),
            target_armour: Some(if mount { Armour::Light } else { f.armour }),
            yadome: !mount && f.yadome,
            cover,
            ..ctx
        };
        let spec = ShotSpec {
            modifier: attack_modifier(self.cat, weapon, &ctx).unwrap_or(spec.modifier),
            defence: defence_score(self.cat, weapon, &ctx),
            ..spec
        };
        (spec, ctx)
    }

    fn side_units(&self, side: usize) -> impl Iterator<Item = &Unit> + '_ {
        self.units.iter().filter(move |u| u.side == side)
    }

    /// Current strength (R-43): models alive on the table or in reserve.
    /// A side's strength for Morale (R-43): its models on the table, in reserve, and those that
    /// carried the objective off, who are not casualties (P-25).
    fn strength(&self, side: usize) -> u32 {
        self.side_units(side)
            .filter(|u| !u.civilian)
            .filter(|u| u.on_table() || matches!(u.status, Status::Reserve | Status::CarriedOff))
            .count() as u32
    }

    /// Models of a side still in the game: on the table or in reserve.
    fn present(&self, side: usize) -> u32 {
        self.side_units(side)
            .filter(|u| !u.civilian && (u.on_table() || u.status == Status::Reserve))
            .count() as u32
    }

    /// Models of the side on the table now.
    fn on_table(&self, side: usize) -> u32 {
        self.side_units(side).filter(|u| u.on_table()).count() as u32
    }

    /// Keep `units` of `side` back as reserves (R-105), after deployment: each waits one radius
    /// outside the middle of its side's entry edge. Half the force (rounded up) stays deployed.
    pub fn hold_back(&mut self, side: usize, units: &[usize], events: &mut EventLog) {
        let n = self.on_table(side);
        let (deployed, wave, _) = self.cat.terrain.reserves.split(n);
        let keep = n.saturating_sub(deployed) as usize;
        let zone = self.setup.zones[side];
        let size = self.setup.table.size;
        let corner = self.cat.terrain.reserves.corner_entry;
        let mut held = 0;
        for &k in units {
            if held == keep {
                break;
            }
            let Some(u) = self
                .units
                .get_mut(k)
                .filter(|u| u.side == side && u.on_table())
            else {
                continue;
            };
            let entry = zone.entry(size, u.base.radius, corner);
            let Some(line) = entry.first() else {
                continue;
            };
            u.status = Status::Reserve;
            u.base.centre = line.at(0.5);
            held += 1;
            let name = u.fighter.name.clone();
            events.push(|| Event::Reserve {
                model: name.to_string(),
            });
        }
        self.reserve_wave[side] += wave.min(held as u32);
    }

    /// Whether a reserve of `side` may enter this turn (R-105): none before the second-wave
    /// turn, up to the wave then, all from the turn after.
    pub fn may_enter(&self, side: usize) -> bool {
        let r = &self.cat.terrain.reserves;
        self.turn >= r.rest_turn
            || (self.turn >= r.second_wave_turn && self.entered[side] < self.reserve_wave[side])
    }

    /// The faction's Morale Rating now (R-21, R-50).
    fn rating(&self, side: usize) -> i32 {
        let m = &self.factions[side].morale;
        let mut rating = m.rating;
        if let Some(p) = &m.without_profile
            && !self
                .side_units(side)
                .any(|u| u.on_table() && *u.profile == *p.profile)
        {
            rating = p.rating;
        }
        if let Some(r) = m.with_banner
            && self.side_units(side).any(|u| u.on_table() && u.banner)
        {
            rating = r;
        }
        if !m.by_peasant_ratio.is_empty() {
            let own = self.on_table(side);
            let enemy = self.on_table(1 - side).max(1);
            if let Some(step) = m
                .by_peasant_ratio
                .iter()
                .find(|s| own >= u32::from(s.at_least) * enemy)
            {
                rating = step.rating;
            }
        }
        i32::from(rating)
    }
}

/// Play a whole game. Both sides' models come in list order; the result and every event follow.
pub fn play(
    game: &mut Game<'_>,
    policies: &mut [&mut dyn TablePolicy; 2],
    dice: &mut dyn Dice,
    events: &mut EventLog,
) -> GameResult {
    let reason = loop {
        game.turn += 1;
        events.push(|| Event::Turn { turn: game.turn });
        for u in &mut game.units {
            u.turn = Default::default();
            for m in &mut u.missiles {
                if m.reloading {
                    m.reloading = false;
                    m.unloaded = false;
                }
            }
        }
        if game.victory() == VictoryRule::Matches {
            // Each side's combat decisions know the match as it stands (R-116): the points so far
            // and the turns left after this one.
            for (side, policy) in policies.iter_mut().enumerate() {
                policy
                    .melee()
                    .observe(crate::ronin::engine::policy::MatchView {
                        mine: game.match_points[side],
                        theirs: game.match_points[1 - side],
                        turns_after: Some(game.turn_limit.saturating_sub(game.turn)),
                    });
            }
        }
        priority(game, policies, dice, events);
        // A Tournament match has no Morale (R-116).
        if game.victory() != VictoryRule::Matches {
            morale(game, policies, dice, events);
        }
        move_phase(game, policies, dice, events);
        if let Some(reason) = ended(game) {
            break reason;
        }
        combat(game, policies, dice, events);
        if let Some(reason) = ended(game) {
            break reason;
        }
        action_phase(game, policies, dice, events);
        end_phase(game, dice, events);
        game.criticals = [game.criticals[1], [0; 2]];
        game.leader_critical = [game.leader_critical[1], [false; 2]];
        if let Some(reason) = ended(game) {
            break reason;
        }
        if game.turn >= game.turn_limit {
            break EndReason::TurnLimit;
        }
    };
    if game.victory() != VictoryRule::Matches {
        final_scoring(game, events);
    }
    let winner = match (game.victory(), game.setup.attacker) {
        // A match: a kill, else more match points (R-116).
        (VictoryRule::Matches, _) => match [0, 1].map(|s| game.present(s) > 0) {
            [true, false] => Some(0),
            [false, true] => Some(1),
            _ => match game.match_points[0].cmp(&game.match_points[1]) {
                std::cmp::Ordering::Greater => Some(0),
                std::cmp::Ordering::Less => Some(1),
                std::cmp::Ordering::Equal => None,
            },
        },
        // The attacker wins by the Leader's death and only by it (R-115).
        (VictoryRule::KillTheLeader, Some(a)) => Some(if game.defender_leader_killed() {
            a
        } else {
            1 - a
        }),
        _ => match game.vp[0].cmp(&game.vp[1]) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        },
    };
    events.push(|| Event::SkirmishEnd {
        reason,
        vp: game.vp,
        winner: winner.map(side_name),
        turns: game.turn,
    });
    GameResult {
        vp: game.vp,
        winner,
        turns: game.turn,
        reason,
        morale: game.morale,
    }
}

pub(super) fn side_name(s: usize) -> String {
    if s == 0 { "A".into() } else { "B".into() }
}

fn ended(game: &Game<'_>) -> Option<EndReason> {
    if game.victory() == VictoryRule::KillTheLeader && game.defender_leader_killed() {
        return Some(EndReason::LeaderKilled);
    }
    (game.present(0) == 0 || game.present(1) == 0).then_some(EndReason::Destroyed)
}

/// The Priority Phase (R-39, R-40): Fearsome Kiai declared in secret (a single declarer wins
/// Priority; two both spend one and roll), then each side's d6, ties rolled again, with a
/// Senjo-jutsu re-roll for a side that has a living Senjo-jutsu model on the table.
fn priority(
    game: &mut Game<'_>,
    policies: &mut [&mut dyn TablePolicy; 2],
    dice: &mut dyn Dice,
    events: &mut EventLog,
) {
    yojimbo_swaps(game, policies, events);
    // A scenario may give one side Priority in turn 1 (the Assassination's attacker, R-115).
    let first = game
        .cat
        .scenario
        .get(game.setup.scenario)
        .and_then(|s| s.first_priority);
    if game.turn == 1
        && let (Some(role), Some(a)) = (first, game.setup.attacker)
    {
        game.priority = if role == Role::Attacker { a } else { 1 - a };
        events.push(|| Event::ScenarioPriority {
            side: side_name(game.priority),
        });
        return;
    }
    // Each side's Leader speaks for it (its highest-ranking model on the table).
    let speaker = |s: usize| {
        game.units
            .iter()
            .filter(|u| u.side == s && u.on_table())
            .max_by_key(|u| (u.leader, u.rank))
            .map(|u| u.id)
    };
    if let (Some(a), Some(b)) = (speaker(0), speaker(1))
        && game.kiai.iter().any(|k| *k > 0)
    {
        let fighters = [&game.units[a].fighter, &game.units[b].fighter];
        let (p0, p1) = policies.split_at_mut(1);
        let mut melee: [&mut dyn Policy; 2] = [p0[0].melee(), p1[0].melee()];
        if let Some(side) =
            crate::ronin::engine::duel::fearsome_kiai(fighters, &mut melee, &mut game.kiai, events)
        {
            game.priority = side;
            return;
        }
    }
    let senjo = [0, 1].map(|s| {
        game.units
            .iter()
            .any(|u| u.side == s && u.on_table() && u.fighter.senjo_jutsu)
    });
    game.priority = crate::ronin::engine::duel::priority_roll(senjo, ["A", "B"], dice, events);
}

/// Yojimbo swaps (R-39 step 1, R-41): both sides choose, then the chosen swaps happen. A Yojimbo
/// and its Leader, both alive on the table within 3" edge to edge and with bases of one size,
/// exchange centres, once a game for each Yojimbo; neither has moved, and whatever combat they
/// stand in is a first round for both (R-82).
fn yojimbo_swaps(
    game: &mut Game<'_>,
    policies: &mut [&mut dyn TablePolicy; 2],
    events: &mut EventLog,
) {
    let mut chosen = [None; 2];
    for (side, policy) in policies.iter_mut().enumerate() {
        let Some(leader) = game
            .units
            .iter()
            .find(|u| u.side == side && u.leader && u.on_table())
        else {
            continue;
        };
        let yojimbos: Vec<usize> = game
            .units
            .iter()
            .filter(|u| {
                u.side == side
                    && u.yojimbo
                    && !u.swap_used
                    && !u.leader
                    && u.on_table()
                    && u.base.radius == leader.base.radius
                    && u.base.edge_distance(&leader.base) <= YOJIMBO_REACH + 1e-9
            })
            .map(|u| u.id)
            .collect();
        if yojimbos.is_empty() {
            continue;
        }
        let leader = leader.id;
        chosen[side] = policy
            .yojimbo_swap(game, &yojimbos)
            .filter(|y| yojimbos.contains(y))
            .map(|y| (y, leader));
    }
    for (y, leader) in chosen.into_iter().flatten() {
        let (a, b) = (game.units[y].base.centre, game.units[leader].base.centre);
        game.units[y].base.centre = b;
        game.units[leader].base.centre = a;
        game.units[y].swap_used = true;
        game.fought_before
            .retain(|&(p, q)| ![p, q].contains(&y) && ![p, q].contains(&leader));
        game.forget_broken_contacts();
        let (yojimbo, leader) = (
            game.units[y].fighter.name.clone(),
            game.units[leader].fighter.name.clone(),
        );
        events.push(|| Event::YojimboSwap {
            yojimbo: yojimbo.to_string(),
            leader: leader.to_string(),
        });
    }
}

/// The Morale Phase (§4, R-43 to R-45): each Buntai that must test does, the Priority player's first;
/// a Bandit failure may be turned into a pass by a sacrifice.
pub fn morale(
    game: &mut Game<'_>,
    policies: &mut [&mut dyn TablePolicy; 2],
    dice: &mut dyn Dice,
    events: &mut EventLog,
) {
    for s in [game.priority, 1 - game.priority] {
        if game.morale[s] == MoraleState::Routing {
            continue;
        }
        let start = game.start_strength[s];
        // Why a test is due (R-43): Wavering, last turn's Criticals reaching a quarter of the
        // starting strength, or a Critical on the Leader.
        let criticals = game.criticals[0][s];
        let due = [
            (game.morale[s] == MoraleState::Wavering, "wavering"),
            (4 * criticals >= start.max(1) && criticals > 0, "criticals"),
            (game.leader_critical[0][s], "leader"),
        ];
        let must = due.iter().any(|(on, _)| *on);
        let testers = game.side_units(s).any(|u| u.on_table() && !u.fearless);
        if !must || !testers {
            continue;
        }
        let now = game.strength(s);
        let mut modifiers = Vec::new();
        if 2 * now < start {
            modifiers.push(("below half strength".to_owned(), 1));
        }
        if 4 * now < start {
            modifiers.push(("below a quarter of its strength".to_owned(), 1));
        }
        if game.morale[s] == MoraleState::Wavering {
            modifiers.push(("Wavering".to_owned(), 1));
        }
        if game
            .side_units(s)
            .any(|u| (u.on_table() || u.status == Status::Reserve) && u.commander)
        {
            modifiers.push(("Commander".to_owned(), -1));
        }
        let rating = game.rating(s);
        let bonus: i32 = modifiers.iter().map(|(_, v)| v).sum();
        let roll = |dice: &mut dyn Dice| {
            let d = [dice.d6(), dice.d6()];
            let natural = i32::from(d[0]) + i32::from(d[1]);
            let pass = natural == 2 || (natural != 12 && natural + bonus <= rating);
            (d, pass)
        };
        let (mut rolled, mut pass) = roll(dice);
        let mut rerolled = None;
        if !pass && game.side_units(s).any(|u| u.on_table() && u.banner) {
            let (again, p) = roll(dice);
            rerolled = Some(rolled);
            rolled = again;
            pass = p;
        }
        let before = game.morale[s];
        if !pass && sacrifice(game, policies, s, before != MoraleState::Steady, events) {
            pass = true;
        }
        game.morale[s] = match (pass, before) {
            (true, _) => MoraleState::Steady,
            (false, MoraleState::Steady) => MoraleState::Wavering,
            (false, _) => MoraleState::Routing,
        };
        let after = game.morale[s];
        events.push(|| Event::MoraleTest {
            side: side_name(s),
            due: reasons(&due),
            start_strength: start,
            strength: now,
            criticals,
            dice: rolled,
            first_dice: rerolled,
            banner_reroll: rerolled.is_some(),
            modifiers: modifiers.clone(),
            rating,
            passed: pass,
            state: after,
        });
    }
}

/// The Bandits' sacrifice after a failed test (R-45): with the Leader alive on the table, the
/// side's policy may remove a friendly model whose base is within reach of the Leader's. It counts
/// as killed, credited to no model, and the test counts as passed. Returns whether it was made.
fn sacrifice(
    game: &mut Game<'_>,
    policies: &mut [&mut dyn TablePolicy; 2],
    side: usize,
    routs: bool,
    events: &mut EventLog,
) -> bool {
    let Some(within) = game.factions[side]
        .morale
        .sacrifice
        .as_ref()
        .map(|s| s.within)
    else {
        return false;
    };
    let Some(leader) = game
        .units
        .iter()
        .find(|u| u.side == side && u.leader && u.on_table())
        .map(|u| u.base)
    else {
        return false;
    };
    let candidates: Vec<usize> = game
        .units
        .iter()
        .filter(|u| {
            u.side == side
                && u.on_table()
                && !u.leader
                && u.base.edge_distance(&leader) <= within + 1e-9
        })
        .map(|u| u.id)
        .collect();
    if candidates.is_empty() {
        return false;
    }
    let Some(victim) = policies[side]
        .sacrifice(game, &candidates, routs)
        .filter(|v| candidates.contains(v))
    else {
        return false;
    };
    let name = game.units[victim].fighter.name.clone();
    events.push(|| Event::Sacrifice {
        side: side_name(side),
        model: name.to_string(),
    });
    let u = &mut game.units[victim];
    u.fighter.hit_by = None;
    u.fighter.health = Health::Dead;
    killed(game, victim, events);
    true
}

/// Unreliable hires at the start of the Move Phase (R-49): while the Buntai Wavers each rolls a
/// d6 and deserts on its number; when it Routs they all desert. A deserter flees at once (an
/// engaged one Withdraws instead, and flees from the next turn), and at every later Move Phase.
pub fn desertions(
    game: &mut Game<'_>,
    policies: &mut [&mut dyn TablePolicy; 2],
    dice: &mut dyn Dice,
    events: &mut EventLog,
) {
    for s in [game.priority, 1 - game.priority] {
        let state = game.morale[s];
        for k in 0..game.units.len() {
            let u = &game.units[k];
            let Some(on) = u.unreliable else { continue };
            if u.side != s || !u.on_table() || u.turn.activated || !game.may_act(k) {
                continue;
            }
            if !u.deserting {
                let roll = match state {
                    MoraleState::Steady => continue,
                    MoraleState::Wavering => Some(dice.d6()),
                    MoraleState::Routing => None,
                };
                let deserts = roll.is_none_or(|r| r >= on);
                let name = u.fighter.name.clone();
                events.push(|| Event::Desertion {
                    model: name.to_string(),
                    roll,
                    deserts,
                });
                if !deserts {
                    continue;
                }
                game.units[k].deserting = true;
            }
            if game.engaged(k) {
                match game.withdraw_path(k) {
                    Some(path) if !game.units[k].fighter.subdued => {
                        withdraw(game, policies, k, &path, dice, events);
                    }
                    _ => game.units[k].turn.activated = true,
                }
            } else {
                flee(game, k, events);
            }
        }
    }
}

/// d6 + Rank of at least 7 (R-46, R-47).
fn nerve(
    game: &Game<'_>,
    unit: usize,
    dice: &mut dyn Dice,
    what: &str,
    events: &mut EventLog,
) -> bool {
    let u = &game.units[unit];
    let roll = dice.d6();
    let rank = u.rolling_rank();
    let pass = i32::from(roll) + i32::from(rank) >= NERVE;
    events.push(|| Event::NerveRoll {
        model: u.fighter.name.to_string(),
        test: what.to_owned(),
        roll,
        rank,
        passed: pass,
    });
    pass
}

/// The Move Phase (R-51): the sides alternate activations, the Priority player first, until both
/// pass. A Routing Buntai's models roll as they are activated, and those not yet activated when
/// their side passes are activated then (R-47).
fn move_phase(
    game: &mut Game<'_>,
    policies: &mut [&mut dyn TablePolicy; 2],
    dice: &mut dyn Dice,
    events: &mut EventLog,
) {
    desertions(game, policies, dice, events);
    alternate(game, |game, side| {
        let activation = policies[side].activate(game, side);
        let label = activation.label();
        log_turn(game, "move", side, label, events);
        if let Activation::Move { unit, .. }
        | Activation::Shoot { unit, .. }
        | Activation::Withdraw { unit, .. }
        | Activation::Hold { unit } = activation
            && game
                .units
                .get(unit)
                .is_some_and(|u| u.side == side && u.disguise.is_some() && !u.turn.activated)
            && policies[side].reveal(game, unit, false)
        {
            reveal(game, unit, events);
        }
        let done = match activation {
            Activation::Pass => {
                routing_leftovers(game, side, dice, events);
                true
            }
            Activation::Hold { unit } => {
                match game
                    .units
                    .get_mut(unit)
                    .filter(|u| u.side == side && !u.turn.activated)
                {
                    Some(u) => {
                        u.turn.activated = true;
                        false
                    }
                    None => true,
                }
            }
            Activation::Withdraw { unit, path } => {
                let may = game.units.get(unit).is_some_and(|u| {
                    u.side == side && u.on_table() && !u.turn.activated && !u.fighter.subdued
                }) && game.engaged(unit);
                if !may {
                    return true;
                }
                withdraw(game, policies, unit, &path, dice, events);
                false
            }
            Activation::Move { unit, kind, path } => {
                if !activatable(game, side, unit) {
                    return true;
                }
                if routing_ok(game, unit, dice, events) {
                    do_move(game, unit, kind, &path, dice, events);
                } else {
                    flee(game, unit, events);
                }
                false
            }
            Activation::Enter {
                unit,
                from,
                kind,
                path,
            } => !enter(game, side, unit, from, kind, &path, dice, events),
            Activation::CarryOff { unit, path } => {
                if !activatable(game, side, unit)
                    || game
                        .partner(unit)
                        .is_some_and(|p| game.units[p].turn.activated)
                {
                    return true;
                }
                if !routing_ok(game, unit, dice, events) {
                    flee(game, unit, events);
                } else if !objective::carry_off(game, unit, &path, events) {
                    // An illegal carry-off is refused: the model stays, its activation used.
                    game.units[unit].turn.activated = true;
                }
                false
            }
            Activation::Shoot {
                unit,
                target,
                weapon,
            } => {
                if !activatable(game, side, unit) {
                    return true;
                }
                if routing_ok(game, unit, dice, events) {
                    game.units[unit].turn.activated = true;
                    shoot(
                        game,
                        policies,
                        unit,
                        target,
                        weapon,
                        Phase::Move,
                        dice,
                        events,
                    );
                } else {
                    flee(game, unit, events);
                }
                false
            }
        };
        log_refused("move", side, label.1, done, events);
        carriers_engaged(game, policies, events);
        done
    });
}

/// Every carrier of a picked-up banner that has become engaged chooses at once, by its policy,
/// to keep it or drop it where it stands (R-94); one that is free again will be asked anew.
fn carriers_engaged(
    game: &mut Game<'_>,
    policies: &mut [&mut dyn TablePolicy; 2],
    events: &mut EventLog,
) {
    objective::release_lost(game, events);
    for unit in 0..game.units.len() {
        if game.carrying(unit) && game.engaged(unit) && !game.units[unit].keeping {
            if policies[game.units[unit].side].keep_carried(game, unit) {
                game.units[unit].keeping = true;
            } else {
                objective::set_down(game, unit, "dropped on becoming engaged", events);
            }
        }
        let u = &game.units[unit];
        if game.carrying(unit) {
            // Asked again once free (the banner loop below must not clear it).
            if !game.engaged(unit) {
                game.units[unit].keeping = false;
            }
            continue;
        }
        let carrier = u.on_table() && (u.captured > 0 || u.picked_own);
        if !carrier || !game.engaged(unit) {
            game.units[unit].keeping = false;
            continue;
        }
        if u.keeping {
            continue;
        }
        if policies[u.side].keep_carried(game, unit) {
            game.units[unit].keeping = true;
            continue;
        }
        let u = &mut game.units[unit];
        let (at, side) = (u.base.centre, u.side);
        let dropped = u.captured + u8::from(u.picked_own);
        for _ in 0..std::mem::take(&mut u.captured) {
            game.banners.push((at, 1 - side));
        }
        if std::mem::take(&mut u.picked_own) {
            u.banner = false;
            game.banners.push((at, side));
        }
        u.fighter.banner = u.banner;
        events.push(|| Event::Drop {
            model: game.units[unit].fighter.name.to_string(),
            banners: dropped,
        });
    }
}

/// A reserve enters (R-59): from a point on its entry line, by a legal normal move or Run; it
/// counts as having moved and may engage (the Wavering test applies). Returns whether it entered.
#[allow(clippy::too_many_arguments)]
fn enter(
    game: &mut Game<'_>,
    side: usize,
    unit: usize,
    from: Point,
    kind: MoveKind,
    path: &[Point],
    dice: &mut dyn Dice,
    events: &mut EventLog,
) -> bool {
    let Some(u) = game.units.get(unit) else {
        return false;
    };
    let corner = game.cat.terrain.reserves.corner_entry;
    let on_line = game.setup.zones[side]
        .entry(game.setup.table.size, u.base.radius, corner)
        .iter()
        .any(|line| line.distance_to_point(from) <= 1e-6);
    if u.side != side
        || u.status != Status::Reserve
        || !game.may_enter(side)
        || !on_line
        || !matches!(kind, MoveKind::Normal | MoveKind::Run)
    {
        return false;
    }
    let waiting = u.base.centre;
    game.units[unit].base.centre = from;
    game.units[unit].status = Status::OnTable;
    let legal = game.check_path(unit, kind, path).is_ok();
    if legal {
        let name = game.units[unit].fighter.name.clone();
        events.push(|| Event::Enter {
            model: name.to_string(),
            x: from.x,
            y: from.y,
        });
        do_move(game, unit, kind, path, dice, events);
    }
    // Refused, or a failed Wavering test kept it from its contact: it waits off the table.
    if !legal || game.units[unit].base.centre == from {
        let u = &mut game.units[unit];
        u.base.centre = waiting;
        u.status = Status::Reserve;
        u.turn.activated = false;
        return false;
    }
    game.entered[side] += 1;
    true
}

/// The sides take turns, the Priority player first, until both have passed; `step` plays one
/// side's turn and says whether that side passed. A side that keeps giving turns it cannot use is
/// stopped after 400 (no phase needs more: 40 models, a few activations each).
fn alternate(game: &mut Game<'_>, mut step: impl FnMut(&mut Game<'_>, usize) -> bool) {
    let mut passed = [false; 2];
    let mut side = game.priority;
    for _ in 0..400 {
        if passed[0] && passed[1] {
            return;
        }
        if !passed[side] && step(game, side) {
            passed[side] = true;
        }
        side = 1 - side;
    }
}

fn activatable(game: &Game<'_>, side: usize, unit: usize) -> bool {
    game.units.get(unit).is_some_and(|u| {
        u.side == side
            && u.on_table()
            && !u.turn.activated
            && !game.engaged(unit)
            && game.may_act(unit)
    })
}

/// A Routing side's model must pass d6 + Rank >= 7 to act (R-47); Fearless models never roll.
fn routing_ok(
    game: &mut Game<'_>,
    unit: usize,
    dice: &mut dyn Dice,
    events: &mut EventLog,
) -> bool {
    let u = &game.units[unit];
    if game.morale[u.side] != MoraleState::Routing || u.fearless || u.turn.rallied {
        return true;
    }
    let pass = nerve(game, unit, dice, "routing", events);
    let u = &mut game.units[unit];
    u.turn.rallied = pass;
    u.turn.fled = !pass;
    pass
}

/// Models of a Routing side not yet activated when it passes: each is activated now (R-47).
fn routing_leftovers(game: &mut Game<'_>, side: usize, dice: &mut dyn Dice, events: &mut EventLog) {
    if game.morale[side] != MoraleState::Routing {
        return;
    }
    for k in 0..game.units.len() {
        if activatable(game, side, k) && !game.units[k].fearless {
            if routing_ok(game, k, dice, events) {
                game.units[k].turn.activated = true;
            } else {
                flee(game, k, events);
            }
        }
    }
}

/// A flee move (R-48): a Run toward the nearest edge, keeping 1" from enemies if it can; off the
/// table if the allowance reaches the edge.
pub fn flee(game: &mut Game<'_>, unit: usize, events: &mut EventLog) {
    run_off(game, unit, events);
    game.forget_broken_contacts();
}

fn run_off(game: &mut Game<'_>, unit: usize, events: &mut EventLog) {
    game.units[unit].turn.activated = true;
    // In the Duel's first two turns no model leaves the circle or moves at all but a duellist
    // inside it (R-113, §0.2 item 22): a model that would flee stands, its activation spent
    // (ruling P-35).
    if game.duellists_only() {
        return;
    }
    game.units[unit].turn.fled = true;
    game.units[unit].turn.moved = Moved::Run;
    let size = game.setup.table.size;
    let c = game.units[unit].base.centre;
    let edges = [
        (c.y, Point::new(c.x, 0.0)),
        (size - c.x, Point::new(size, c.y)),
        (size - c.y, Point::new(c.x, size)),
        (c.x, Point::new(0.0, c.y)),
    ];
    let (gap, exit) = edges
        .iter()
        .copied()
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .unwrap_or((0.0, c));
    let mover = game.mover(unit);
    let allowance = crate::ronin::engine::table::path::halved(
        &game.rules,
        crate::ronin::engine::table::path::base_allowance(&game.rules, &mover, MoveKind::Run),
        u8::from(mover.slowed),
    );
    if allowance >= gap
        && game.carrying(unit)
        && let Some(o) = game.objective.as_mut()
    {
        // The objective stays on the table edge where its carrier left (R-94).
        let r = o.at.radius;
        o.at.centre = Point::new(exit.x.clamp(r, size - r), exit.y.clamp(r, size - r));
    }
    let u = &mut game.units[unit];
    if allowance >= gap {
        u.status = Status::Fled;
        // Its original bearer's banner leaves with it; a banner it picked up, its own side's or
        // an enemy's, stays at the edge (R-94, R-98).
        let edge = Point::new(c.x.clamp(0.0, size), c.y.clamp(0.0, size));
        for _ in 0..std::mem::take(&mut u.captured) {
            game.banners.push((edge, 1 - u.side));
        }
        if std::mem::take(&mut u.picked_own) {
            u.banner = false;
            game.banners.push((edge, u.side));
        }
        let u = &mut game.units[unit];
        let value = i32::from(u.rank);
        let enemy = 1 - u.side;
        let name = u.fighter.name.clone();
        events.push(|| Event::Fled {
            model: name.to_string(),
        });
        score(
            &mut game.vp,
            enemy,
            value,
            || format!("{name} routed off the table"),
            events,
        );
        return;
    }
    // Otherwise run as far as it can toward that edge along a legal path.
    let (mut friends, mut enemies) = (Bases::new(), Bases::new());
    game.others(unit, &mut friends, &mut enemies);
    let others = Others {
        friends: &friends,
        enemies: &enemies,
    };
    let target = edges
        .iter()
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map_or(c, |e| e.1);
    let r = game.units[unit].base.radius;
    let goal = Point::new(target.x.clamp(r, size - r), target.y.clamp(r, size - r));
    for kind in [MoveKind::Run, MoveKind::Normal] {
        if let Some(path) =
            shortest_path(&game.setup.table, &game.rules, &mover, kind, goal, others)
        {
            let path = truncate(c, &path, allowance);
            if let Ok(check) =
                check_move(&game.setup.table, &game.rules, &mover, kind, &path, others)
            {
                place(
                    game,
                    unit,
                    "flee",
                    &path,
                    &MoveCheck { allowance, ..check },
                    events,
                );
                return;
            }
        }
    }
}

/// A Withdraw (R-57): each enemy in contact answers first, in id order (a free attack at +1 with
/// no Enhancing, once a turn, never against an Acrobatic model; or nothing); then, if it lives, the
/// model moves, ending out of contact with every model, or stays if the path is not legal.
fn withdraw(
    game: &mut Game<'_>,
    policies: &mut [&mut dyn TablePolicy; 2],
    unit: usize,
    path: &[Point],
    dice: &mut dyn Dice,
    events: &mut EventLog,
) {
    game.units[unit].turn.activated = true;
    let name = game.units[unit].fighter.name.clone();
    events.push(|| Event::Withdraw {
        fighter: name.to_string(),
    });
    let side = game.units[unit].side;
    let mut reengage = Vec::new();
    for e in game.contacts(unit).collect::<Vec<_>>() {
        if !game.units[unit].on_table() {
            break;
        }
        let enemy = &game.units[e];
        // A Civilian never makes a free attack or re-engages (R-88).
        let chosen = if enemy.fighter.subdued || enemy.civilian {
            WithdrawResponse::Nothing
        } else {
            policies[1 - side]
                .melee()
                .withdraw_response(&enemy.fighter, &game.units[unit].fighter)
        };
        // A response the rules do not allow this model counts as doing nothing.
        let response = match chosen {
            WithdrawResponse::FreeAttack
                if !enemy.turn.free_attack_made && !game.units[unit].fighter.acrobatic =>
            {
                WithdrawResponse::FreeAttack
            }
            // Only a model not yet activated this Move Phase, and never a banner bearer (R-98).
            WithdrawResponse::Reengage if !enemy.turn.activated && !enemy.banner => {
                reengage.push(e);
                WithdrawResponse::Reengage
            }
            _ => WithdrawResponse::Nothing,
        };
        let enemy_name = enemy.fighter.name.clone();
        events.push(|| Event::WithdrawResponse {
            fighter: enemy_name.to_string(),
            response,
        });
        if response == WithdrawResponse::FreeAttack {
            super::champions::attacks(game, e, events);
            let mut attacker = game.units[e].fighter.clone();
            attacker.cramped = game.cramped(e);
            game.units[e].turn.free_attack_made = true;
            // A free attack is fighting this turn (R-91).
            game.units[e].turn.fought = true;
            // It chose not to move: no Move Phase activation left to it.
            game.units[e].turn.activated = true;
            let result = crate::ronin::engine::duel::free_attack_on(
                &attacker,
                &mut game.units[unit].fighter,
                dice,
                events,
            );
            game.match_points[game.units[e].side] += match_points(result);
            if result != WoundResult::NoWound && !game.units[unit].fighter.alive() {
                killed(game, unit, events);
            }
        }
    }
    if !game.units[unit].on_table() {
        return;
    }
    if let Ok(check) = game.check_path(unit, MoveKind::Withdraw, path) {
        let u = &mut game.units[unit];
        u.fighter.subdued = false;
        u.turn.moved = Moved::Normal;
        place(game, unit, "withdraw", path, &check, events);
        game.forget_broken_contacts();
        // Each enemy that chose to re-engage now moves back into contact, as its activation
        // (R-57), if it is free to move and can reach; the Wavering test applies (R-46).
        for e in reengage {
            if game.units[e].on_table()
                && !game.units[e].turn.activated
                && !game.engaged(e)
                && let Some(path) = game.charge_path(e, unit)
            {
                do_move(game, e, MoveKind::Normal, &path, dice, events);
            }
        }
    }
}

/// The first `length` inches of a path from `start`.
pub fn truncate(start: Point, path: &[Point], length: f64) -> Vec<Point> {
    let mut out = Vec::new();
    let mut left = length;
    let mut from = start;
    for &to in path {
        let d = from.distance(to);
        if d <= left {
            out.push(to);
            left -= d;
            from = to;
        } else {
            if left > 1e-9 {
                let t = left / d;
                out.push(Point::new(
                    from.x + (to.x - from.x) * t,
                    from.y + (to.y - from.y) * t,
                ));
            }
            break;
        }
    }
    out
}

fn do_move(
    game: &mut Game<'_>,
    unit: usize,
    kind: MoveKind,
    path: &[Point],
    dice: &mut dyn Dice,
    events: &mut EventLog,
) {
    if game.units[unit].civilian && (kind != MoveKind::Normal || !game.escorted(unit)) {
        // A Civilian walks only, and only with a defender near (R-117): refused.
        game.units[unit].turn.activated = true;
        return;
    }
    if path
        .last()
        .is_some_and(|&end| !game.duel_move_ok(unit, end))
    {
        // Outside the Duel's rules for its first turns (R-113): refused, activation used.
        game.units[unit].turn.activated = true;
        return;
    }
    // Two carriers sharing the objective move together, by the same vector (R-94).
    let partner = game.partner(unit);
    let shift = |p: &Point, by: usize| {
        let (from, to) = (game.units[unit].base.centre, game.units[by].base.centre);
        Point::new(p.x - from.x + to.x, p.y - from.y + to.y)
    };
    let partner_move = partner.map(|p| {
        let moved: Vec<Point> = path.iter().map(|q| shift(q, p)).collect();
        let check = (!game.units[p].turn.activated)
            .then(|| game.check_path_beside(p, Some(unit), kind, &moved).ok())
            .flatten();
        (p, moved, check)
    });
    let check = game.check_path_beside(unit, partner, kind, path);
    let (Ok(check), None | Some((_, _, Some(_)))) = (check, &partner_move) else {
        // An illegal move is refused: the model stays, its activation used.
        game.units[unit].turn.activated = true;
        return;
    };
    let u = &game.units[unit];
    if !check.contacts.is_empty()
        && path
            .last()
            .is_some_and(|&end| game.restraint_forbids(unit, end))
    {
        // Two Kamakura Samurai may not fight one enemy together (R-90): refused, activation used.
        game.units[unit].turn.activated = true;
        return;
    }
    if !check.contacts.is_empty() && !game.may_engage(unit) {
        // A banner bearer does not engage of its own will (R-98): refused, activation used.
        game.units[unit].turn.activated = true;
        return;
    }
    if !check.contacts.is_empty() && !u.fearless && game.morale[u.side] == MoraleState::Wavering {
        // The Wavering charge test (R-46): on a failure the move may not end in contact, but the
        // activation is not lost.
        if u.turn.charge_refused || !nerve(game, unit, dice, "wavering charge", events) {
            game.units[unit].turn.charge_refused = true;
            return;
        }
    }
    let u = &mut game.units[unit];
    u.turn.activated = true;
    u.turn.moved = if kind == MoveKind::Run {
        Moved::Run
    } else {
        Moved::Normal
    };
    let moved = u.turn.moved;
    let kind = kind.log_name();
    place(game, unit, kind, path, &check, events);
    if let Some((p, moved_path, Some(partner_check))) = partner_move {
        let pu = &mut game.units[p];
        pu.turn.activated = true;
        pu.turn.moved = moved;
        place(game, p, kind, &moved_path, &partner_check, events);
    }
}

/// One shot (or grenade) of `unit` at `target` with its `weapon`, if the rules allow it now,
/// with its itemised numbers; into a combat, a miss goes on to another model (R-76).
#[allow(clippy::too_many_arguments)]
pub fn shoot(
    game: &mut Game<'_>,
    policies: &mut [&mut dyn TablePolicy; 2],
    unit: usize,
    target: usize,
    weapon: usize,
    phase: Phase,
    dice: &mut dyn Dice,
    events: &mut EventLog,
) -> bool {
    let map = SightMap::new(&game.setup.table, &game.cat.terrain.sight);
    let crowd = game.crowd();
    let Some(mut numbers) = game.shot(&map, &crowd, unit, target, weapon, phase) else {
        return false;
    };
    let blast = game.units[unit].missiles[weapon].weapon.as_ref();
    if let Some(blast) = game.cat.weapon(blast).and_then(|w| w.blast.clone()) {
        throw(game, unit, target, weapon, &blast, numbers, dice, events);
        return true;
    }
    // Before any dice: a shot at the side's highest Rank may be turned onto a Yojimbo (R-78).
    let side = game.units[target].side;
    let top = game
        .units
        .iter()
        .filter(|u| u.side == side && u.on_table())
        .map(Unit::rolling_rank)
        .max();
    let mut target = target;
    if top == Some(game.units[target].rolling_rank()) {
        let aimed = &game.units[target];
        let yojimbos: Vec<usize> = game
            .units
            .iter()
            .filter(|u| {
                u.side == side
                    && u.id != target
                    && u.yojimbo
                    && u.on_table()
                    && !u.turn.redirected
                    && u.base.edge_distance(&aimed.base) <= YOJIMBO_REACH + 1e-9
            })
            .map(|u| u.id)
            .collect();
        if !yojimbos.is_empty()
            && let Some(y) = policies[side]
                .redirect(game, target, &yojimbos)
                .filter(|y| yojimbos.contains(y))
            && let Some(redirected) = game.redirected_shot(&map, &crowd, unit, y, weapon, phase)
        {
            game.units[y].turn.redirected = true;
            let (shooter, from, to) = (
                game.units[unit].fighter.name.clone(),
                game.units[target].fighter.name.clone(),
                game.units[y].fighter.name.clone(),
            );
            events.push(|| Event::Redirect {
                shooter: shooter.to_string(),
                from: from.to_string(),
                to: to.to_string(),
            });
            numbers = redirected;
            target = y;
        }
    }
    let engaged_with: Vec<usize> = game.contacts(target).collect();
    let s = &mut game.units[unit];
    s.turn.shots += 1;
    let name = s.fighter.name.clone();
    let weapon_id = s.missiles[weapon].weapon.clone();
    s.missiles[weapon].fired = true;
    if &*weapon_id == "teppo" {
        s.missiles[weapon].unloaded = true;
    }
    let Some(weapon_data) = game.cat.weapon(&weapon_id) else {
        return true;
    };
    // The others of its combat, each seen from the shooter with its own cover; line of sight and
    // range are not checked again (R-76).
    let mut others: Vec<(usize, Cover)> = Vec::new();
    if !engaged_with.is_empty() {
        let second_ring: Vec<usize> = game.contacts(engaged_with[0]).collect();
        for &o in engaged_with.iter().chain(second_ring.iter()) {
            if o != target && others.iter().all(|&(seen, _)| seen != o) {
                let (from, to) = (&game.units[unit].base, &game.units[o].base);
                others.push((o, map.cover(from, to)));
            }
        }
    }
    // One Shooting Attack at `hit`: a rider is first split from its mount by a d6 (R-77), and
    // every number that depends on the model shot at is worked out for it (R-76, §0.2 item 9).
    let at = |hit: usize, cover: Cover, dice: &mut dyn Dice, events: &mut EventLog| {
        let mount = game.units[hit].fighter.mount.is_some() && {
            let die = dice.d6();
            let mount = die <= MOUNT_HIT_MAX;
            events.push(|| Event::MountOrRider {
                shooter: name.to_string(),
                target: game.units[hit].fighter.name.to_string(),
                die,
                mount,
            });
            mount
        };
        let (spec, defended) = game.aimed_at(weapon_data, numbers, hit, cover, mount);
        let roll = roll_shot(spec, dice);
        events.push(|| Event::Shot {
            shooter: name.to_string(),
            target: game.units[target].fighter.name.to_string(),
            hit: game.units[hit].fighter.name.to_string(),
            mount,
            weapon: weapon_id.to_string(),
            phase: defended.phase,
            range: defended.range,
            cover: defended.cover,
            sight: (hit == target).then(|| SightFacts {
                light_ground: defended.light_ground,
                target_moved_or_shot: defended.target_moved_or_shot,
                pieces: map.pieces_on(&game.units[unit].base, &game.units[target].base),
            }),
            dice: roll.kept.clone(),
            shoot: spec.shoot,
            modifiers: attack_modifiers(game.cat, weapon_data, &defended).unwrap_or_default(),
            total: roll.total,
            defence_items: defence_items(game.cat, weapon_data, &defended),
            defence: roll.defence,
            result: roll.result,
        });
        (hit, mount, roll)
    };
    let (first, second) = into_combat(
        others.len(),
        dice,
        |k, dice| match k {
            None => at(target, numbers.1.cover, dice, events),
            Some(k) => at(others[k].0, others[k].1, dice, events),
        },
        |(_, _, roll)| roll.result != WoundResult::NoWound,
    );
    let (victim, mount, roll) = second.map_or(first, |(_, shot)| shot);
    if mount {
        crate::ronin::engine::combat::mount_wound(
            &mut game.units[victim].fighter,
            roll.result,
            events,
        );
    } else {
        wound(game, victim, Some(unit), roll.result, events);
    }
    // A shot by a non-duellist is an attack (R-113).
    super::champions::attacks(game, unit, events);
    true
}

/// A grenade thrown at `target`'s centre (R-124): one Shooting Attack against the point; on a
/// hit every model whose base reaches within the blast's radius of the point (friends and the
/// thrower too) rolls d6 + its armour's modifier against the blast's score, and a mounted model
/// rolls again for its mount in light armour. The grenade is spent either way.
#[allow(clippy::too_many_arguments)]
fn throw(
    game: &mut Game<'_>,
    unit: usize,
    target: usize,
    weapon: usize,
    blast: &crate::ronin::model::Blast,
    (spec, ctx): ShotNumbers,
    dice: &mut dyn Dice,
    events: &mut EventLog,
) {
    let point = game.units[target].base.centre;
    let s = &mut game.units[unit];
    s.turn.shots += 1;
    s.missiles[weapon].fired = true;
    s.missiles[weapon].spent = true;
    let roll = roll_shot(spec, dice);
    let hit = roll.result != WoundResult::NoWound;
    let (thrower, weapon_id) = (s.fighter.name.clone(), s.missiles[weapon].weapon.clone());
    let weapon_data = game.cat.weapon(&weapon_id);
    events.push(|| Event::Throw {
        thrower: thrower.to_string(),
        at: game.units[target].fighter.name.to_string(),
        point: [point.x, point.y],
        weapon: weapon_id.to_string(),
        range: ctx.range,
        cover: ctx.cover,
        dice: roll.kept.clone(),
        shoot: spec.shoot,
        modifiers: weapon_data
            .and_then(|w| attack_modifiers(game.cat, w, &ctx).ok())
            .unwrap_or_default(),
        total: roll.total,
        defence_items: weapon_data
            .map(|w| defence_items(game.cat, w, &ctx))
            .unwrap_or_default(),
        defence: roll.defence,
        hit,
    });
    super::champions::attacks(game, unit, events);
    if !hit {
        return;
    }
    let caught: Vec<usize> = game.caught(point, blast).map(|u| u.id).collect();
    for victim in caught {
        let riders = [false, true];
        for mount in riders {
            let u = &game.units[victim];
            if mount && u.fighter.mount.is_none() || !u.on_table() {
                continue;
            }
            let armour = if mount {
                Armour::Light
            } else {
                u.fighter.armour
            };
            let armour_modifier = game.cat.armour_defence(armour);
            let die = dice.d6();
            let score = i32::from(blast.score) - (i32::from(die) + armour_modifier);
            let result = crate::ronin::engine::wound_result(score);
            let distance = u.base.centre.distance(point);
            let model = u.fighter.name.clone();
            events.push(|| Event::Blast {
                model: model.to_string(),
                distance,
                mount,
                die,
                armour,
                armour_modifier,
                score,
                result,
            });
            if mount {
                crate::ronin::engine::combat::mount_wound(
                    &mut game.units[victim].fighter,
                    result,
                    events,
                );
            } else {
                wound(game, victim, Some(unit), result, events);
            }
        }
    }
}

/// Apply a wound result to a model, with the VP and morale bookkeeping of a kill.
pub fn wound(
    game: &mut Game<'_>,
    victim: usize,
    by: Option<usize>,
    result: WoundResult,
    events: &mut EventLog,
) {
    let u = &mut game.units[victim];
    if result == WoundResult::NoWound || !u.on_table() {
        return;
    }
    if let Some(by) = by {
        u.fighter.hit_by = Some(by as u32);
    }
    let side = u.side;
    if let Some(by) = by.filter(|&b| game.units[b].side != side) {
        game.match_points[game.units[by].side] += match_points(result);
    }
    let u = &mut game.units[victim];
    if result == WoundResult::Stunned {
        u.fighter.stunned = u.fighter.stunned.saturating_add(1);
    }
    u.fighter.health = apply_wound(u.fighter.health, result);
    let name = u.fighter.name.clone();
    let health = u.fighter.health;
    events.push(|| Event::Wound {
        fighter: name.to_string(),
        result,
        health,
        by: by.map(|b| game.units[b].fighter.name.to_string()),
    });
    if health == Health::Dead {
        killed(game, victim, events);
    }
}

/// A model is killed: its kill VP to the enemy (R-108), a Slain marker where it fell, and the
/// faction rules that score a kill (R-109), credited to the model whose attack did it.
fn killed(game: &mut Game<'_>, victim: usize, events: &mut EventLog) {
    game.units[victim].status = Status::Dead;
    super::champions::replace_fallen(game, events);
    let u = &mut game.units[victim];
    let side = u.side;
    // A Civilian is not of the Buntai: its death counts toward no Morale test (R-43, R-117).
    if !u.civilian {
        game.criticals[1][side] += 1;
    }
    if u.leader {
        game.leader_critical[1][side] = true;
    }
    // Its banners fall where it stood (R-98).
    let at = u.base.centre;
    if u.banner {
        u.banner = false;
        game.banners.push((at, side));
    }
    for _ in 0..std::mem::take(&mut u.captured) {
        game.banners.push((at, 1 - side));
    }
    let u = &game.units[victim];
    game.slain.push(Slain {
        model: victim,
        at: u.base.centre,
        side,
        rank: u.rank,
        looted: false,
        beheaded: false,
    });
    if u.civilian {
        super::village::civilian_killed(game, victim, events);
        return;
    }
    let value = i32::try_from(u.kill_value()).unwrap_or(0);
    score(
        &mut game.vp,
        1 - side,
        value,
        || kill_reason(&game.units, victim, ""),
        events,
    );
    let u = &game.units[victim];
    // The killer, if an enemy's attack did it; hires count toward no faction rule (R-109).
    let killer = u
        .fighter
        .hit_by
        .map(|k| k as usize)
        .filter(|&k| game.units.get(k).is_some_and(|k| k.side != side));
    let hired_killer = killer.is_some_and(|k| game.units[k].hire);
    if u.hire || hired_killer {
        return;
    }
    if let Some(k) = killer
        && game.units[k].rank < u.rank
        && let Some(vp) = game.scoring(side, ScoringTrigger::FriendlyKilledByLowerRank)
    {
        score(
            &mut game.vp,
            side,
            vp,
            || {
                format!(
                    "{} killed by the lower-ranked {}",
                    game.units[victim].fighter.name, game.units[k].fighter.name
                )
            },
            events,
        );
    }
    if &*game.units[victim].model_type == "samurai"
        && let Some(vp) = game.scoring(1 - side, ScoringTrigger::EnemySamuraiKilled)
    {
        score(
            &mut game.vp,
            1 - side,
            vp,
            || kill_reason(&game.units, victim, "Samurai "),
            events,
        );
    }
}

/// The VP reason of a kill: the victim and, when a model's attack did it, the killer.
pub(super) fn kill_reason(units: &[Unit], victim: usize, what: &str) -> String {
    let f = &units[victim].fighter;
    match f.hit_by.and_then(|k| units.get(k as usize)) {
        Some(killer) => format!("{what}{} killed by {}", f.name, killer.fighter.name),
        None => format!("{what}{} killed", f.name),
    }
}

/// [`score`] on a game's ledger.
pub(super) fn score_vp(
    game: &mut Game<'_>,
    side: usize,
    half_points: i32,
    reason: impl FnOnce() -> String,
    events: &mut EventLog,
) {
    score(&mut game.vp, side, half_points, reason, events);
}

/// Add half points to a side's ledger, with the reason in the log.
fn score(
    vp: &mut [i32; 2],
    side: usize,
    half_points: i32,
    reason: impl FnOnce() -> String,
    events: &mut EventLog,
) {
    if half_points == 0 {
        return;
    }
    vp[side] += half_points;
    events.push(|| Event::Vp {
        side: side_name(side),
        reason: reason(),
        half_points,
    });
}

/// A side's models alive on the table, hires included.
fn survivors_all(game: &Game<'_>, side: usize) -> Vec<usize> {
    game.units
        .iter()
        .filter(|u| u.side == side && u.on_table())
        .map(|u| u.id)
        .collect()
}

/// The VP counted at the end of the game (R-109 to R-111): heads, loot and the primary weapon
/// held by survivors, a hired Ninja, the minor objectives, and last the Bushi's seppuku.
pub fn final_scoring(game: &mut Game<'_>, events: &mut EventLog) {
    for side in 0..2 {
        let survivors: Vec<usize> = game
            .units
            .iter()
            .filter(|u| u.side == side && u.on_table() && !u.hire)
            .map(|u| u.id)
            .collect();
        for &k in &survivors {
            let u = &game.units[k];
            if u.heads > 0
                && &*u.model_type == "samurai"
                && let Some(vp) = game.scoring(side, ScoringTrigger::HeadCollected)
            {
                let heads = i32::from(u.heads);
                score(
                    &mut game.vp,
                    side,
                    vp * heads,
                    || format!("{heads} head(s) held by {}", game.units[k].fighter.name),
                    events,
                );
            }
            let u = &game.units[k];
            if u.used_primary
                && let Some(vp) = game.scoring(side, ScoringTrigger::PrimaryWeaponSurvivor)
            {
                score(
                    &mut game.vp,
                    side,
                    vp,
                    || {
                        format!(
                            "{} fought with the primary weapon and lives",
                            game.units[k].fighter.name
                        )
                    },
                    events,
                );
            }
            let loot = match game.units[k].looted {
                Some(r) if r >= 3 => game.scoring(side, ScoringTrigger::LootRank3Plus),
                Some(r) if r >= 1 => game.scoring(side, ScoringTrigger::LootRank1To2),
                _ => None,
            };
            if let Some(vp) = loot {
                score(
                    &mut game.vp,
                    side,
                    vp,
                    || format!("{} lives with its loot", game.units[k].fighter.name),
                    events,
                );
            }
        }
        for k in survivors_all(game, side) {
            let n = i32::from(game.units[k].captured);
            if n > 0 {
                score(
                    &mut game.vp,
                    side,
                    CAPTURED_BANNER * n,
                    || format!("{n} enemy banner(s) held by {}", game.units[k].fighter.name),
                    events,
                );
            }
        }
        if game
            .units
            .iter()
            .any(|u| u.side == side && &*u.model_type == "ninja")
            && let Some(vp) = game.scoring(side, ScoringTrigger::NinjaHired)
        {
            score(
                &mut game.vp,
                side,
                vp,
                || "a Ninja hired".to_owned(),
                events,
            );
        }
    }
    super::village::civilians_saved(game, events);
    // The scenario's objective, held at the end (R-112).
    objective::release_lost(game, events);
    if let Some(side) = game.objective_controller() {
        let vp = game.marker_value();
        score(
            &mut game.vp,
            side,
            vp,
            || "the objective held at the end".to_owned(),
            events,
        );
    }
    for side in 0..2 {
        if let Some(o) = game.objectives[side]
            && game.achieved(side, o)
        {
            let vp = game.objective_value(o);
            score(
                &mut game.vp,
                side,
                vp,
                || format!("minor objective {o:?} achieved"),
                events,
            );
        }
    }
    for side in 0..2 {
        let other = game.vp[1 - side];
        // Alive at the end, on the table or fled (§0.2 item 14).
        let leader_lives = game.units.iter().any(|u| {
            u.side == side
                && u.leader
                && u.fighter.alive()
                && matches!(u.status, Status::OnTable | Status::Fled)
        });
        if game.vp[side] < other
            && leader_lives
            && let Some(vp) = game.scoring(side, ScoringTrigger::Seppuku)
        {
            let vp = vp.min(other - game.vp[side]);
            score(
                &mut game.vp,
                side,
                vp,
                || "the Leader commits seppuku".to_owned(),
                events,
            );
        }
    }
}

/// The Combat Phase on the table (R-80, R-81): combats formed, then fought in turn, the Priority
/// player's pick first, each by the combat procedure.
fn combat(
    game: &mut Game<'_>,
    policies: &mut [&mut dyn TablePolicy; 2],
    dice: &mut dyn Dice,
    events: &mut EventLog,
) {
    let mut contacts: SmallVec<[(usize, usize); 16]> = SmallVec::new();
    for a in 0..game.units.len() {
        contacts.extend(game.contacts(a).filter(|b| *b > a).map(|b| (a, b)));
    }
    // Last phase's pairs are only read here (moves during the phase merely prune them, and the
    // phase ends by replacing them): taken, not copied, and their buffer holds this phase's.
    let mut before = std::mem::take(&mut game.fought_before);
    let fought = |a: usize, b: usize| before.contains(&(a.min(b), a.max(b)));
    // A group of models whose search would be last Combat Phase's again (the same models,
    // contacts, caps and pairs that fought) takes last phase's grouping: only groups that
    // changed are searched.
    let last = std::mem::take(&mut game.last_grouping);
    let (grouping, components) = group_again(
        &Engagements {
            n: game.units.len(),
            contacts: &contacts,
            cap: &|m| if game.in_doorway(m) { 1 } else { 4 },
            fought_before: &fought,
            restrained: &|m| game.restrained(m),
        },
        &last,
    );
    game.last_grouping = components;
    events.push(|| Event::Combats {
        combats: grouping
            .combats
            .iter()
            .map(|c| {
                (
                    game.units[c.centre].fighter.name.to_string(),
                    c.others
                        .iter()
                        .map(|o| game.units[*o].fighter.name.to_string())
                        .collect(),
                )
            })
            .collect(),
    });
    // The players pick in turn, the Priority player first (R-81): one of its unfought combats or
    // a ride-by. A player with nothing left passes and the other picks the rest.
    let mut left: SmallVec<[usize; 4]> = (0..grouping.combats.len()).collect();
    let mut picker = game.priority;
    let mut passed = [false; 2];
    let mut now_fought: Pairs = SmallVec::new();
    // Civilians in a combat roll first (R-88).
    let in_combat: SmallVec<[usize; 8]> = grouping
        .combats
        .iter()
        .flat_map(|c| std::iter::once(c.centre).chain(c.others.iter().copied()))
        .collect();
    let panicked = super::village::panic_rolls(game, &in_combat, dice, events);
    loop {
        if passed[picker] {
            picker = 1 - picker;
        }
        // Both passed: whatever is left (nothing, as every combat holds both sides) in order.
        let both = passed[picker];
        if both && left.is_empty() {
            break;
        }
        if !both && let Some((centre, others)) = ride_by(game, policies, picker, dice, events) {
            fight(
                game,
                policies,
                centre,
                &others,
                &|i, f| {
                    f.halved_pool = true;
                    f.riding_by = i == centre;
                },
                dice,
                events,
            );
            ride_away(game, policies, centre, events);
            picker = 1 - picker;
            continue;
        }
        let mine = left.iter().position(|&c| {
            let combat = &grouping.combats[c];
            game.units[combat.centre].side == picker
                || combat.others.iter().any(|o| game.units[*o].side == picker)
        });
        match mine.or(both.then_some(0)) {
            Some(k) => {
                let combat = &grouping.combats[left.remove(k)];
                let later = |i: usize, f: &mut Fighter| {
                    f.later_round = later_round(combat.centre, &combat.others, i, &fought);
                };
                let unspent = fight(
                    game,
                    policies,
                    combat.centre,
                    &combat.others,
                    &later,
                    dice,
                    events,
                );
                for &o in &combat.others {
                    now_fought.push((combat.centre.min(o), combat.centre.max(o)));
                }
                inexorable(game, policies, unspent, &mut now_fought, dice, events);
            }
            None => passed[picker] = true,
        }
        picker = 1 - picker;
    }
    super::village::calm(game, panicked);
    before.clear();
    before.extend_from_slice(&now_fought);
    game.fought_before = before;
}

/// The pairs that fought each other in this Combat Phase, each (smaller id, larger).
type Pairs = SmallVec<[(usize, usize); 8]>;

/// The models of a combat, each with the Attack counters it left unspent (R-84).
type Unspent = Few<(usize, i32)>;

/// Whether model `i` of the combat around `centre` fights a later round (R-82): it fought one of
/// this combat's enemies last Combat Phase and they have touched since; the others are all
/// enemies of the centre.
fn later_round(
    centre: usize,
    others: &[usize],
    i: usize,
    fought: &impl Fn(usize, usize) -> bool,
) -> bool {
    if i == centre {
        others.iter().any(|&o| fought(centre, o))
    } else {
        fought(centre, i)
    }
}

/// A disguised Ninja reveals itself (R-89), logged with the profile it copied.
fn reveal(game: &mut Game<'_>, unit: usize, events: &mut EventLog) {
    let copied = game.units[unit]
        .disguise
        .as_ref()
        .map(|d| d.copies.clone())
        .unwrap_or_default();
    if game.units[unit].reveal() {
        events.push(|| Event::Reveal {
            model: game.units[unit].fighter.name.to_string(),
            copied,
        });
    }
}

/// Inexorable follow-ups (R-84) after a combat whose models and unspent Attack counters are
/// `unspent`: while an Inexorable model of it stands free, every enemy of the combat Critically
/// wounded and an Attack counter left, its policy may move it up to 2" (halved as usual) into
/// contact with one to four unengaged enemies; the Wavering test applies. It fights them at once
/// as a first round with only its unspent Attack counters; each enemy already activated this
/// turn (R-37) brings one Defence counter, the others draw their full pools.
fn inexorable(
    game: &mut Game<'_>,
    policies: &mut [&mut dyn TablePolicy; 2],
    mut unspent: Unspent,
    now_fought: &mut Pairs,
    dice: &mut dyn Dice,
    events: &mut EventLog,
) {
    loop {
        let cleared = |side: usize, unspent: &[(usize, i32)]| {
            unspent
                .iter()
                .all(|&(o, _)| game.units[o].side == side || !game.units[o].on_table())
        };
        let Some((unit, left)) = unspent.iter().copied().find(|&(i, left)| {
            let u = &game.units[i];
            u.inexorable
                && left > 0
                && u.on_table()
                && !u.fighter.subdued
                && cleared(u.side, &unspent)
                && !game.engaged(i)
                && game.may_engage(i)
        }) else {
            return;
        };
        let side = game.units[unit].side;
        let Some(path) = policies[side].inexorable(game, unit, left) else {
            return;
        };
        let Ok(check) = game.check_path(unit, MoveKind::Inexorable, &path) else {
            return;
        };
        let Some(touched) = path
            .last()
            .and_then(|&end| game.fresh_contacts(unit, end, &check))
        else {
            return;
        };
        let u = &game.units[unit];
        if !u.fearless
            && game.morale[side] == MoraleState::Wavering
            && (u.turn.charge_refused
                || !nerve(game, unit, dice, "wavering Inexorable move", events))
        {
            game.units[unit].turn.charge_refused = true;
            return;
        }
        place(game, unit, "inexorable", &path, &check, events);
        let activated: Vec<bool> = game.units.iter().map(|u| u.activated_this_turn()).collect();
        let prepare = |i: usize, f: &mut Fighter| {
            f.fixed = if i == unit {
                Some(Counters {
                    attack: left,
                    defence: 0,
                })
            } else if activated[i] {
                Some(Counters {
                    attack: 0,
                    defence: 1,
                })
            } else {
                None
            };
        };
        unspent = fight(game, policies, unit, &touched, &prepare, dice, events);
        for &o in &touched {
            now_fought.push((unit.min(o), unit.max(o)));
        }
    }
}

/// Fight one combat: `centre` against `others` (all its enemies), each model's round from
/// `later`; in a ride-by every Combat Pool is halved and the centre rides by (R-83). Every model
/// in it has fought this turn (R-91); the dead are scored.
/// `prepare` sets each model's round, ride-by and fixed counters before the fight. Returns each
/// model with the Attack counters it could still spend (R-84).
fn fight(
    game: &mut Game<'_>,
    policies: &mut [&mut dyn TablePolicy; 2],
    centre: usize,
    others: &[usize],
    prepare: &dyn Fn(usize, &mut Fighter),
    dice: &mut dyn Dice,
    events: &mut EventLog,
) -> Unspent {
    let cs = game.units[centre].side;
    let one: Few<usize> = smallvec::smallvec![centre];
    let ids: [Few<usize>; 2] = if cs == 0 {
        [one, others.into()]
    } else {
        [others.into(), one]
    };
    if ids.iter().flatten().any(|&i| !game.units[i].on_table()) {
        return Unspent::new();
    }
    // A ride-by or an Inexorable move has just engaged these models.
    carriers_engaged(game, policies, events);
    // A disguised Ninja may reveal itself as the combat begins (R-89).
    let mut unmasked: Few<usize> = Few::new();
    for &i in ids.iter().flatten() {
        let u = &game.units[i];
        if u.disguise.is_some() && !u.fighter.subdued && policies[u.side].reveal(game, i, true) {
            reveal(game, i, events);
            unmasked.push(i);
        }
    }
    // The fighters move into the combat and back out of it (nothing reads a unit's fighter
    // while the combat is fought).
    let was_alive: Few<bool> = ids
        .iter()
        .flatten()
        .map(|&i| game.units[i].fighter.alive())
        .collect();
    let mut sides: [Vec<Fighter>; 2] = [0, 1].map(|s| {
        ids[s]
            .iter()
            .map(|&i| {
                let cramped = game.cramped(i);
                let mut f = std::mem::take(&mut game.units[i].fighter);
                prepare(i, &mut f);
                f.unmasked = unmasked.contains(&i);
                f.cramped = cramped;
                f
            })
            .collect()
    });
    let mut points = [0u32; 2];
    let unspent = {
        let (p0, p1) = policies.split_at_mut(1);
        let mut melee: [&mut dyn Policy; 2] = [p0[0].melee(), p1[0].melee()];
        combat_phase(&mut sides, &mut melee, dice, &mut points, events).unwrap_or_default()
    };
    game.match_points[0] += points[0];
    game.match_points[1] += points[1];
    let mut left = Unspent::new();
    let mut fallen: Few<usize> = Few::new();
    let mut was_alive = was_alive.into_iter();
    for (s, fighters) in sides.into_iter().enumerate() {
        for ((k, &i), mut f) in ids[s].iter().enumerate().zip(fighters) {
            left.push((i, unspent[s].get(k).copied().unwrap_or(0)));
            let was_alive = was_alive.next().unwrap_or(false);
            f.halved_pool = false;
            f.riding_by = false;
            f.fixed = None;
            f.unmasked = false;
            f.cramped = false;
            game.units[i].fighter = f;
            game.units[i].turn.fought = true;
            let u = &mut game.units[i];
            if u.primary.as_deref() == Some(&*u.fighter.weapon.id) {
                u.used_primary = true;
            }
            if was_alive && !game.units[i].fighter.alive() {
                fallen.push(i);
            }
        }
    }
    // Every fighter is back before any death is scored: the kill's reason names its killer and
    // a fallen duellist's replacement reads the others.
    for i in fallen {
        killed(game, i, events);
    }
    left
}

/// A ride-by as the picker's pick (R-83), if its policy makes one that the rules allow: a mounted
/// model, unengaged, not Subdued, that has not moved this turn, rides at most 9" (halved as
/// usual) to end touching only unengaged enemies, at most four; the Wavering test applies.
/// Returns the rider and the enemies it touches.
fn ride_by(
    game: &mut Game<'_>,
    policies: &mut [&mut dyn TablePolicy; 2],
    side: usize,
    dice: &mut dyn Dice,
    events: &mut EventLog,
) -> Option<(usize, Vec<usize>)> {
    let eligible = |game: &Game<'_>, u: &Unit| {
        u.side == side
            && u.on_table()
            && game.may_act(u.id)
            && u.fighter.mount.is_some()
            && !u.fighter.subdued
            && u.turn.moved == Moved::No
            && !u.turn.fought
            && !game.engaged(u.id)
    };
    if !game.units.iter().any(|u| eligible(game, u)) {
        return None;
    }
    let (unit, path) = policies[side].ride_by(game, side)?;
    let u = game
        .units
        .get(unit)
        .filter(|u| eligible(game, u) && game.may_engage(u.id))?;
    let check = game.check_path(unit, MoveKind::RideBy, &path).ok()?;
    if !game.duel_move_ok(unit, *path.last()?) {
        return None;
    }
    let touched = game.fresh_contacts(unit, *path.last()?, &check)?;
    if !u.fearless
        && game.morale[side] == MoraleState::Wavering
        && (u.turn.charge_refused || !nerve(game, unit, dice, "wavering ride-by", events))
    {
        game.units[unit].turn.charge_refused = true;
        return None;
    }
    let u = &mut game.units[unit];
    u.turn.moved = Moved::Normal;
    u.turn.activated = true;
    place(game, unit, "ride-by", &path, &check, events);
    Some((unit, touched))
}

/// After its ride-by the rider, still mounted, alive and not Subdued, may ride up to 9" away
/// with no free attacks (R-83), along the path its policy gives; without a legal one it stays.
fn ride_away(
    game: &mut Game<'_>,
    policies: &mut [&mut dyn TablePolicy; 2],
    unit: usize,
    events: &mut EventLog,
) {
    let u = &game.units[unit];
    if !u.on_table() || u.fighter.mount.is_none() || u.fighter.subdued {
        return;
    }
    let Some(path) = policies[u.side].ride_away(game, unit) else {
        return;
    };
    let Ok(check) = game.check_path(unit, MoveKind::RideAway, &path) else {
        return;
    };
    place(game, unit, "ride-away", &path, &check, events);
    game.forget_broken_contacts();
}

/// Put `unit` at the end of `path` (checked by the caller) and log the move: its start, path,
/// length, allowance and how many times the allowance was halved.
pub(super) fn place(
    game: &mut Game<'_>,
    unit: usize,
    kind: &str,
    path: &[Point],
    check: &MoveCheck,
    events: &mut EventLog,
) {
    let u = &mut game.units[unit];
    let from = u.base.centre;
    if let Some(&end) = path.last() {
        u.base.centre = end;
        objective::follow(game, unit, from, end);
    }
    // The Duel's penalties (R-113): moving into contact is the start of an attack.
    if !check.contacts.is_empty() && kind != "withdraw" {
        super::champions::attacks(game, unit, events);
    }
    super::champions::entered(game, unit, events);
    events.push(|| Event::TableMove {
        model: game.units[unit].fighter.name.to_string(),
        kind: kind.to_owned(),
        from: [from.x, from.y],
        path: path.iter().map(|p| [p.x, p.y]).collect(),
        length: check.length,
        base_allowance: check.base,
        allowance: check.allowance,
        halvings: check.halvings,
        halved_by: reasons(&[
            (check.slowed, "stunned-or-grievous"),
            (check.encumbered, "encumbered"),
            (check.difficult, "difficult-ground"),
        ]),
    });
}

/// The Action Phase (R-92): the sides alternate actions, the Priority player first.
fn action_phase(
    game: &mut Game<'_>,
    policies: &mut [&mut dyn TablePolicy; 2],
    dice: &mut dyn Dice,
    events: &mut EventLog,
) {
    alternate(game, |game, side| {
        // Any action needs a model of the side that has not acted, is not fleeing and is not
        // engaged (R-92); shooting and reloading also need it not to have fought (R-91), and
        // looting a body or taking a head needs it not Stunned and in contact with the marker.
        let free = |game: &Game<'_>, unit: usize| {
            game.units.get(unit).is_some_and(|u| {
                u.side == side
                    && u.on_table()
                    && !u.turn.acted
                    && !u.turn.fled
                    && !game.engaged(unit)
                    && game.may_act(unit)
                    && !u.civilian
            })
        };
        let unfought =
            |game: &Game<'_>, unit: usize| free(game, unit) && !game.units[unit].turn.fought;
        let at_body = |game: &Game<'_>, unit: usize, body: usize| {
            free(game, unit)
                && !game.units[unit].fighter.is_stunned()
                && game.bodies_touching(unit).any(|b| b == body)
        };
        let action = policies[side].act(game, side);
        let label = action.label();
        log_turn(game, "action", side, label, events);
        let done = match action {
            Action::Rest { unit } if free(game, unit) => {
                let u = &mut game.units[unit];
                u.turn.acted = true;
                u.turn.rested = true;
                let name = u.fighter.name.clone();
                events.push(|| Event::Rest {
                    fighter: name.to_string(),
                });
                false
            }
            Action::Reload { unit, weapon } if unfought(game, unit) => {
                let u = &mut game.units[unit];
                let still =
                    u.turn.moved == Moved::No && u.turn.shots == 0 && !u.fighter.is_stunned();
                match u.missiles.get_mut(weapon) {
                    Some(m) if still && m.unloaded && !m.reloading => {
                        m.reloading = true;
                        u.turn.acted = true;
                        let (name, weapon) = (u.fighter.name.clone(), m.weapon.clone());
                        events.push(|| Event::Reload {
                            model: name.to_string(),
                            weapon: weapon.to_string(),
                        });
                        false
                    }
                    _ => true,
                }
            }
            Action::Shoot {
                unit,
                target,
                weapon,
            } if unfought(game, unit) => {
                acting(game, unit, dice, events, |game, dice, events| {
                    shoot(
                        game,
                        policies,
                        unit,
                        target,
                        weapon,
                        Phase::Action,
                        dice,
                        events,
                    );
                });
                false
            }
            Action::Loot { unit, body }
                if at_body(game, unit, body) && !game.slain[body].looted =>
            {
                acting(game, unit, dice, events, |game, _, events| {
                    let b = &mut game.slain[body];
                    b.looted = true;
                    let (rank, victim) = (b.rank, b.model);
                    let u = &mut game.units[unit];
                    u.looted = u.looted.max(Some(rank));
                    events.push(|| Event::Loot {
                        model: game.units[unit].fighter.name.to_string(),
                        body: game.units[victim].fighter.name.to_string(),
                        rank,
                    });
                });
                false
            }
            Action::PickUp { unit, banner }
                if free(game, unit)
                    && !game.units[unit].fighter.is_stunned()
                    && game.banners_touching(unit).any(|b| b == banner) =>
            {
                acting(game, unit, dice, events, |game, _, events| {
                    let (_, owner) = game.banners.remove(banner);
                    let u = &mut game.units[unit];
                    if owner == u.side {
                        u.picked_own = !u.banner;
                        u.banner = true;
                    } else {
                        u.captured = u.captured.saturating_add(1);
                    }
                    u.fighter.banner = true;
                    events.push(|| Event::PickUp {
                        model: game.units[unit].fighter.name.to_string(),
                        owner: side_name(owner),
                    });
                });
                false
            }
            Action::Lift { unit } if free(game, unit) && game.may_lift(unit) => {
                acting(game, unit, dice, events, |game, _, events| {
                    objective::lift(game, unit, events);
                });
                false
            }
            // Setting the objective down is free (R-94): it costs no action.
            Action::SetDown { unit }
                if game.units.get(unit).is_some_and(|u| u.side == side) && game.carrying(unit) =>
            {
                objective::set_down(game, unit, "set down", events);
                false
            }
            Action::Dismount { unit }
                if free(game, unit)
                    && !game.units[unit].fighter.is_stunned()
                    && game.units[unit].fighter.mount.is_some() =>
            {
                acting(game, unit, dice, events, |game, _, events| {
                    let at = game.beside(unit);
                    let Some(steed) = game.units[unit].fighter.mount.take() else {
                        return;
                    };
                    events.push(|| Event::Dismount {
                        model: game.units[unit].fighter.name.to_string(),
                        mount: steed.kind,
                        x: at.x,
                        y: at.y,
                    });
                    game.horses.push((at, steed));
                });
                false
            }
            Action::Mount { unit, horse }
                if free(game, unit)
                    && !game.units[unit].fighter.is_stunned()
                    && game.units[unit].fighter.mount.is_none()
                    && game.horses_touching(unit).any(|h| h == horse)
                    && game.units[unit].may_ride(game.horses[horse].1.kind) =>
            {
                acting(game, unit, dice, events, |game, _, events| {
                    let (_, steed) = game.horses.remove(horse);
                    events.push(|| Event::Mount {
                        model: game.units[unit].fighter.name.to_string(),
                        mount: steed.kind,
                    });
                    game.units[unit].fighter.mount = Some(steed);
                });
                false
            }
            Action::Head { unit, body }
                if at_body(game, unit, body) && !game.slain[body].beheaded =>
            {
                acting(game, unit, dice, events, |game, _, events| {
                    let b = &mut game.slain[body];
                    b.beheaded = true;
                    let victim = b.model;
                    let u = &mut game.units[unit];
                    u.heads = u.heads.saturating_add(1);
                    events.push(|| Event::Head {
                        model: game.units[unit].fighter.name.to_string(),
                        body: game.units[victim].fighter.name.to_string(),
                    });
                });
                false
            }
            _ => true,
        };
        log_refused("action", side, label.1, done, events);
        done
    });
}

/// An Action Phase action: the model has acted; a Routing model first rolls to act at all and,
/// failing, flees instead (R-47).
fn acting(
    game: &mut Game<'_>,
    unit: usize,
    dice: &mut dyn Dice,
    events: &mut EventLog,
    action: impl FnOnce(&mut Game<'_>, &mut dyn Dice, &mut EventLog),
) {
    game.units[unit].turn.acted = true;
    if routing_ok(game, unit, dice, events) {
        action(game, dice, events);
    } else {
        flee(game, unit, events);
    }
}

/// The End Phase (R-96): each Stunned model rolls, the Priority player's first.
fn end_phase(game: &mut Game<'_>, dice: &mut dyn Dice, events: &mut EventLog) {
    for s in [game.priority, 1 - game.priority] {
        for k in 0..game.units.len() {
            if game.units[k].side != s || !game.units[k].on_table() {
                continue;
            }
            let engaged = game.engaged(k);
            let rested = game.units[k].turn.rested;
            crate::ronin::engine::duel::stun_roll(
                &mut game.units[k].fighter,
                engaged,
                rested,
                dice,
                events,
            );
        }
    }
    if game.fatigue {
        fatigue(game, dice, events);
    }
}

/// The Fatigue rule's End Phase (tp.70, R-122), the Priority player's models first: a model that
/// did not fight removes d3 Fatigue counters (d3 = half a d6, rounded up; rolled only when it has
/// some); one that fought and is not Tireless rolls 2d6, +1 if already Fatigued, +1 with a
/// Grievous wound, -2 if it rested, and gains a counter on more than its Resilience (by true
/// Rank). A model with a counter is Fatigued: -1 Initiative and Shoot.
pub fn fatigue(game: &mut Game<'_>, dice: &mut dyn Dice, events: &mut EventLog) {
    let rule = &game.cat.terrain.fatigue;
    for s in [game.priority, 1 - game.priority] {
        for k in 0..game.units.len() {
            let u = &game.units[k];
            if u.side != s || !u.on_table() {
                continue;
            }
            let before = u.fatigue;
            let (dice_rolled, modifiers, total, resilience) = if !u.turn.fought {
                if before == 0 {
                    continue;
                }
                let d = dice.d6();
                game.units[k].fatigue = before.saturating_sub(d.div_ceil(2));
                (vec![d], Vec::new(), i32::from(d.div_ceil(2)), None)
            } else if u.tireless {
                continue;
            } else {
                let d = [dice.d6(), dice.d6()];
                let mut modifiers: Vec<(&'static str, i32)> = Vec::new();
                if before > 0 {
                    modifiers.push(("already Fatigued", rule.already_fatigued));
                }
                if u.fighter.health == Health::Grievous {
                    modifiers.push(("Grievous", rule.grievous));
                }
                if u.turn.rested {
                    modifiers.push(("rested", rule.rested));
                }
                let total = i32::from(d[0] + d[1]) + modifiers.iter().map(|m| m.1).sum::<i32>();
                let resilience = rule.resilience(u.rank);
                if total > resilience {
                    game.units[k].fatigue = before.saturating_add(1);
                }
                (d.to_vec(), modifiers, total, Some(resilience))
            };
            let u = &mut game.units[k];
            u.fighter.fatigued = u.fatigue > 0;
            let (name, counters) = (u.fighter.name.clone(), u.fatigue);
            events.push(|| Event::Fatigue {
                model: name.to_string(),
                dice: dice_rolled,
                modifiers: modifiers
                    .iter()
                    .map(|(n, v)| ((*n).to_owned(), *v))
                    .collect(),
                total,
                resilience,
                counters,
            });
        }
    }
}
