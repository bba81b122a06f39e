//! `buntai simulate A.toml B.toml --scenario tournament`: play games between two rosters under a
//! seed and report win, draw and loss rates with 95% confidence intervals.

use std::path::PathBuf;

use clap::{Args, ValueEnum};
use rayon::prelude::*;
use serde::Serialize;

use crate::cli::ListFormat;
use crate::cli::output::{Out, emit, note, open_output, print_json};
use crate::diag::{Code, exit, render};
use crate::ronin::engine::SeededDice;
use crate::ronin::engine::events::EventLog;
use crate::ronin::engine::game::ai::{Charge, Naive, Plan, RandomTable, TableAi, WithMelee};
use crate::ronin::engine::game::play::TablePolicy;
use crate::ronin::engine::game::unit::{Unit, units_of};
use crate::ronin::engine::policy::{DefaultAi, FixedSplit, Yardstick};
use crate::ronin::engine::stats::Tally;
use crate::ronin::engine::table::setup::{DeploymentChoice, SetupRequest, generate};
use crate::ronin::engine::tournament::{Arena, tournament};
use crate::ronin::model::Catalogue;
use crate::ronin::model::ScenarioId;
use crate::ronin::print::Doc;
use crate::ronin::roster;
use crate::ronin::rules::{self, Options};
use crate::runs::{BATCH, PRECISION_CAP, Progress, Rate, bound, pct, precision_arg, rate, round};

/// One of the two rosters on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum RosterSide {
    /// The first roster on the command line.
    A,
    /// The second roster on the command line.
    B,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PolicyArg {
    /// Decides from the exact odds of each choice.
    Default,
    /// Decides at random: the baseline.
    Random,
    /// Yardstick: every counter on Attack, otherwise simple legal play.
    Attack,
    /// Yardstick: every counter on Defence.
    Defend,
    /// Yardstick: half the counters on Attack (rounded up), half on Defence.
    Half,
    /// Table yardstick: advance on the nearest enemy and fight (Ronin's Skirmish: never shoot;
    /// Samurai 1550-1600: fight, charge or shoot the first enemy it can, else close in; Heroic
    /// Samurai: every contingent attacks the nearest enemy element, shooting the nearest; L5R:
    /// Fire every round, every squad and officer to the front, no raises).
    Charge,
    /// Ronin's table yardstick: goes straight for the scenario's objective (the marker, the
    /// objective piece, the Civilians, the enemy Leader) and never shoots.
    Objective,
    /// Ronin's table yardstick: every model with a shot stands and shoots the nearest enemy it
    /// can hit; the rest advance on the nearest enemy and fight.
    Shoot,
}

#[derive(Debug, Clone, Args)]
pub struct SimulateArgs {
    /// Side A's roster (not with `--field`).
    #[arg(required_unless_present_any = ["field", "side"])]
    pub a: Option<PathBuf>,
    /// Side B's roster. Not in the Assassination, whose attackers are the scenario's own
    /// Chunin and five Ninja: there A is the defender.
    pub b: Option<PathBuf>,
    /// The scenario (`buntai scenarios` lists them and says which `simulate` plays): the
    /// Skirmish on the table by default; every scenario is played on the table.
    #[arg(long, value_enum, default_value_t = ScenarioId::Skirmish)]
    pub scenario: ScenarioId,
    /// Seed: the same seed gives the same games.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// How many games (each with its own dice stream derived from the seed).
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub games: u64,
    /// Play in batches until every reported win, draw and loss rate's 95% interval is at most
    /// this wide either side (e.g. `0.01`), then stop; `--games` is ignored and each seating
    /// plays at most 1,000,000. The same seed gives the same games whatever the thread count.
    #[arg(long, value_name = "HALF-WIDTH", value_parser = precision_arg)]
    pub precision: Option<f64>,
    /// Write one game's events (every roll and decision) as JSON Lines.
    #[arg(long, value_name = "FILE")]
    pub log: Option<PathBuf>,
    /// Write a self-contained HTML report with charts to FILE: win rates with intervals, victory
    /// points, game lengths, each model's survival, and the replay of the logged game
    /// (`--log-game`); with `--field`, the matrix as a heatmap and each list's rates.
    #[arg(long, value_name = "FILE.html")]
    pub report: Option<PathBuf>,
    /// Write an HTML replay of the logged game (`--log-game`) to FILE: the table turn by turn (in
    /// the Tournament, the game's first match; `buntai replay LOG --match N` draws the others).
    #[arg(long, value_name = "FILE")]
    pub replay: Option<PathBuf>,
    /// Which game `--log` writes (0 is the first).
    #[arg(long, default_value_t = 0, value_name = "N")]
    pub log_game: u64,
    /// Play every seed twice, the second time with the seats exchanged, and report both.
    #[arg(long)]
    pub swap: bool,
    /// Overwrite the log file if it exists.
    #[arg(long)]
    pub force: bool,
    /// Side A's secret fighting order: model numbers (1 = first model of the roster, counting
    /// `count`), e.g. `3,1,2`, models not listed fighting after in list order; or `shuffle`, a new
    /// random order each game. Without it the side's policy chooses, unseen by the other.
    #[arg(long, value_name = "N,N,...|shuffle")]
    pub order_a: Option<String>,
    /// Side B's fighting order, as for `--order-a`.
    #[arg(long, value_name = "N,N,...|shuffle")]
    pub order_b: Option<String>,
    /// Side A's policy: how it decides (`default` plays from the exact odds).
    #[arg(long, value_enum, default_value_t = PolicyArg::Default)]
    pub policy_a: PolicyArg,
    /// Side B's policy, as for `--policy-a`.
    #[arg(long, value_enum, default_value_t = PolicyArg::Default)]
    pub policy_b: PolicyArg,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ListFormat::Text)]
    pub format: ListFormat,
    /// Play even when the sides do not field the same number of models with the same Ranks (the
    /// Tournament's equal forces, tp.64); the report then warns.
    #[arg(long)]
    pub allow_unequal: bool,
    /// Skirmish: use reserves, as both players may agree: each side deploys half its
    /// models, rounded up, and brings the rest on from turn 2.
    #[arg(long)]
    pub reserves: bool,
    /// Skirmish: play the Fatigue advanced rule (tp.70, R-122): models that fight may gain
    /// Fatigue counters (-1 Initiative and Shoot); Tireless models never do.
    #[arg(long)]
    pub fatigue: bool,
    /// Skirmish: play on this table file (as `buntai table --table` reads) instead of a
    /// generated table for each game; weather, time of day and deployment are still rolled.
    /// Heroic Samurai: play the Clan Feud on this table file (`buntai schema heroic-table`).
    #[arg(long, value_name = "FILE")]
    pub table: Option<PathBuf>,
    /// In a scenario with an attacker and a defender (Defence): which roster attacks. Without
    /// it, the roster with more points attacks, or the deployment roll-off's winner on equal
    /// points.
    #[arg(long, value_enum, value_name = "a|b")]
    pub attacker: Option<RosterSide>,
    /// Play every pair of these rosters, each pairing with the seats swapped, and report a matrix
    /// of win rates with 95% intervals, each list's overall rate and its victory points.
    #[arg(long, num_args = 2.., value_name = "ROSTER", conflicts_with_all = ["a", "b", "log", "replay", "swap"])]
    pub field: Vec<PathBuf>,
    /// Skirmish: fix Edge or Corner deployment. Without it the deployment roll-off's winner
    /// chooses (its policy).
    #[arg(long, value_enum, value_name = "edge|corner")]
    pub deployment: Option<crate::ronin::engine::table::setup::DeploymentChoice>,
    /// Assassination: how the attacker places the defender's models in their 12" zone (R-115,
    /// P-34). Without it the attacker's policy decides: the default AI sets the Leader alone at
    /// the zone's rim (`leader-apart`), which wins it nearly every game; `together` keeps the
    /// Leader among his own, nearest the centre.
    #[arg(long, value_enum, value_name = "together|leader-apart")]
    pub placement: Option<crate::ronin::engine::table::setup::EnemyPlacement>,
    /// Samurai 1550-1600: who moves first in every game (OHW-02); `random`, the default, is the
    /// roll-off (each rolls a d6, ties re-rolled, the higher chooses).
    #[arg(long, value_enum, value_name = "a|b|random")]
    pub first: Option<crate::samurai::simulate::FirstArg>,
    /// Refuse to play a roster that is not a legal Buntai (`buntai validate` finds an error).
    /// Without it such a roster is played, with a warning.
    #[arg(long)]
    pub strict: bool,
    /// Heroic Samurai: one side of the game as several contingent files, `a=x.toml,y.toml` and
    /// `b=...` (instead of A and B).
    #[arg(long, value_name = "SIDE=FILES")]
    pub side: Vec<String>,
    /// Set once the rosters' legality has been reported (a field reports each list once, not once
    /// a pairing).
    #[arg(skip)]
    pub legality_reported: bool,
}

/// What `simulate --format json` prints.
#[derive(Serialize, schemars::JsonSchema)]
pub struct SimulationJson {
    scenario: &'static str,
    seed: u64,
    games: u64,
    a: SideJson,
    b: SideJson,
    a_wins: Rate,
    draws: Rate,
    b_wins: Rate,
    /// Mean match points a game, per side.
    mean_points: [f64; 2],
    /// Share of matches (finals excluded) that ended in a kill.
    kill_rate: f64,
    /// Mean turns a match lasted (finals excluded).
    mean_turns: f64,
    /// Share of games that needed the final match, and that the final decided.
    final_rate: f64,
    final_decided_rate: f64,
    /// How often each score in matches won came up, most frequent first.
    scores: Vec<ScoreJson>,
    /// Each model's record, side A then side B.
    models: Vec<ModelJson>,
    /// With `--swap`: the same seeds with the seats exchanged, from roster A's point of view.
    swapped: Option<SwappedJson>,
    /// Set when the forces were unequal and `--allow-unequal` played them anyway.
    unequal_forces: Option<String>,
}

#[derive(Serialize, schemars::JsonSchema)]
pub struct ScoreJson {
    /// Matches won by side A and side B.
    a: u32,
    b: u32,
    games: u64,
    rate: f64,
}

#[derive(Serialize, schemars::JsonSchema)]
pub struct ModelJson {
    side: &'static str,
    /// 1-based, in fighting order.
    number: usize,
    name: String,
    /// Share of games it was not killed in.
    survival: f64,
    /// Kills a game.
    kills: f64,
    /// Mean match points dealt and taken a game.
    dealt: f64,
    taken: f64,
}

#[derive(Serialize, schemars::JsonSchema)]
pub struct SwappedJson {
    /// Roster A's results when seated second (as side B).
    pub a_wins: Rate,
    pub draws: Rate,
    pub b_wins: Rate,
    /// Roster A's results over both seatings.
    pub a_wins_both: Rate,
    /// Games on the table: the victory points of the second seating, as `vp_distribution`
    /// counts them, in seat order (roster B first, then roster A).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vp_distribution: Option<[Vec<u64>; 2]>,
    /// Games on the table: mean victory points a game of the second seating, in seat order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mean_vp: Option<[f64; 2]>,
}

#[derive(Serialize, schemars::JsonSchema)]
pub struct SideJson {
    pub file: String,
    pub name: String,
    pub policy: &'static str,
    pub models: usize,
}

impl SideJson {
    pub fn new(file: &std::path::Path, name: String, policy: PolicyArg, models: usize) -> SideJson {
        SideJson {
            file: file.display().to_string(),
            name,
            policy: policy_name(policy),
            models,
        }
    }
}

/// One side of a Tournament: its name, its models in list order (named "A1 Samurai"), its
/// Fearsome Kiai and its list.
type Entrant<'c> = (String, Vec<Unit>, u32, &'c crate::ronin::model::Faction);

/// Read a roster and turn its models, in list order, into the units that fight its matches.
fn side<'c>(
    out: &Out,
    cat: &'c Catalogue,
    path: &std::path::Path,
    index: usize,
    strict: bool,
) -> Result<Entrant<'c>, u8> {
    let (name, parsed, faction) = playable_roster(out, cat, path, Some(strict))?;
    // The Tournament has no points limit (P-15): its forces are checked against each other instead.
    let units = units_of(cat, faction, &parsed, index);
    Ok((name, units, kiai_bought(faction, &parsed), faction))
}

/// Fearsome Kiai bought for the Buntai, as many as the purchase allows.
pub(super) fn kiai_bought(faction: &crate::ronin::model::Faction, roster: &roster::Roster) -> u32 {
    faction
        .purchases
        .iter()
        .find(|p| p.id == "fearsome-kiai")
        .map_or(0, |p| roster.fearsome_kiai.unwrap_or(0).min(p.max))
}

/// Read a roster a game can be played with: it parses, names a faction, names only models and
/// weapons the data has, and has at most 20 models. Problems are shown and end the command. With
/// `legality` (`Some(strict)`), a roster that breaks a composition rule is warned about, or
/// refused when strict.
pub(super) fn playable_roster<'c>(
    out: &Out,
    cat: &'c Catalogue,
    path: &std::path::Path,
    legality: Option<bool>,
) -> Result<(String, roster::Roster, &'c crate::ronin::model::Faction), u8> {
    let file = crate::cli::output::read_input(out, path)?;
    let report = rules::validate(cat, &file, Options::default());
    let (Ok(parsed), Some(faction)) = (roster::parse(&file), report.list(cat)) else {
        for v in &report.violations {
            note(&render(&v.to_problem(&file), out.color, out.width()));
        }
        out.error(&format!(
            "cannot simulate `{}`: fix the problems above first",
            file.name
        ));
        return Err(exit::PROBLEMS);
    };
    let models: u32 = parsed.models.iter().map(|m| m.count().min(MAX_COUNT)).sum();
    if models > MAX_SIDE {
        out.error(&format!(
            "cannot simulate `{}`: it has {models} models, and no legal game has more than {MAX_SIDE} a side",
            file.name
        ));
        return Err(exit::USAGE);
    }
    let unknown: Vec<_> = report
        .violations
        .iter()
        .filter(|v| v.is_error() && matches!(v.code, Code::Parse | Code::Unknown))
        .collect();
    if !unknown.is_empty() {
        for v in &unknown {
            note(&render(&v.to_problem(&file), out.color, out.width()));
        }
        out.error(&format!(
            "cannot simulate `{}`: it names models or weapons the data does not have",
            file.name
        ));
        return Err(exit::PROBLEMS);
    }
    if let Some(strict) = legality {
        check_legal(out, &file, &report, strict)?;
    }
    let name = parsed.name.clone().unwrap_or_else(|| faction.name.clone());
    Ok((name, parsed, faction))
}

/// An illegal roster (an error from `buntai validate`) is played with a warning naming its first
/// problem, or refused under `--strict` with every problem shown.
fn check_legal(
    out: &Out,
    file: &crate::diag::SourceFile,
    report: &rules::Report,
    strict: bool,
) -> Result<(), u8> {
    let errors: Vec<_> = report.violations.iter().filter(|v| v.is_error()).collect();
    let Some(first) = errors.first() else {
        return Ok(());
    };
    let problems = format!(
        "{} problem{}",
        errors.len(),
        if errors.len() == 1 { "" } else { "s" }
    );
    if strict {
        for v in &errors {
            note(&render(&v.to_problem(file), out.color, out.width()));
        }
        out.error(&format!(
            "`{}` is not a legal Buntai ({problems}); --strict plays only legal rosters",
            file.name
        ));
        return Err(exit::PROBLEMS);
    }
    note(&format!(
        "warning: `{}` is not a legal Buntai ({problems}, first: {}); playing it anyway \
         (`buntai validate` shows them all, --strict refuses)\n",
        file.name, first.message
    ));
    Ok(())
}

/// No legal Buntai has more than 20 models (R-18 caps a Buntai's size): larger sides are refused.
const MAX_SIDE: u32 = 20;
/// An entry's `count` above this is already a validation error and is taken as this.
const MAX_COUNT: u32 = 20;

/// Why two Tournament forces are not equal (tp.64: the same number of models, with the same Ranks),
/// or `None` when they are.
fn unequal_forces(a: &[Unit], b: &[Unit]) -> Option<String> {
    if a.len() != b.len() {
        return Some(format!("{} models against {}", a.len(), b.len()));
    }
    let ranks = |side: &[Unit]| {
        let mut r: Vec<u8> = side.iter().map(|u| u.fighter.rank).collect();
        r.sort_unstable();
        r
    };
    let (ra, rb) = (ranks(a), ranks(b));
    (ra != rb).then(|| format!("Ranks {ra:?} against {rb:?}"))
}

/// How a side's fighting order is set.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Order {
    /// The side's policy chooses, each game, without seeing the other's.
    Policy,
    /// The numbers given, the same every game.
    Fixed(Vec<usize>),
    /// A new random order each game.
    Shuffle,
}

fn order_arg(arg: Option<&str>) -> Result<Order, String> {
    match arg.map(str::trim) {
        None => Ok(Order::Policy),
        Some("shuffle") => Ok(Order::Shuffle),
        Some(list) => list
            .split(',')
            .map(|n| {
                n.trim()
                    .parse::<usize>()
                    .map_err(|_| format!("order: `{n}` is not a model number (or give `shuffle`)"))
            })
            .collect::<Result<Vec<usize>, String>>()
            .map(Order::Fixed),
    }
}

/// Orders for a shuffled side come from streams of their own, far from the dice's and policies'.
const ORDER_STREAM: u64 = 1 << 41;

/// Put the listed models (1-based) first, in the order given; the rest follow in list order.
fn reorder(fighters: Vec<Unit>, order: &[usize]) -> Result<Vec<Unit>, String> {
    let n = fighters.len();
    let mut seen = vec![false; n];
    for &k in order {
        if k == 0 || k > n {
            return Err(format!("order: there is no model {k}; the roster has {n}"));
        }
        if std::mem::replace(&mut seen[k - 1], true) {
            return Err(format!("order: model {k} is listed twice"));
        }
    }
    let mut slots: Vec<Option<Unit>> = fighters.into_iter().map(Some).collect();
    let mut out: Vec<Unit> = order.iter().filter_map(|&k| slots[k - 1].take()).collect();
    out.extend(slots.into_iter().flatten());
    Ok(out)
}

/// A side's policy in its matches: the table AI, the random player, the charger, or the table
/// AI fighting with a fixed split (the yardsticks).
pub(super) fn policy(
    kind: PolicyArg,
    ai: &DefaultAi,
    seed: u64,
    stream: u64,
) -> Box<dyn TablePolicy + Send> {
    let split = |split| -> Box<dyn TablePolicy + Send> {
        Box::new(WithMelee {
            table: TableAi::with_melee(ai.clone()),
            melee: Box::new(Yardstick(split)),
        })
    };
    match kind {
        PolicyArg::Default => Box::new(TableAi::with_melee(ai.clone())),
        PolicyArg::Random => Box::new(RandomTable::new(seed, stream)),
        PolicyArg::Charge => Box::new(Charge::with_melee(ai.clone())),
        PolicyArg::Objective => Box::new(Naive::playing(Plan::Objective, ai.clone())),
        PolicyArg::Shoot => Box::new(Naive::playing(Plan::Shoot, ai.clone())),
        PolicyArg::Attack => split(FixedSplit::Attack),
        PolicyArg::Defend => split(FixedSplit::Defend),
        PolicyArg::Half => split(FixedSplit::Half),
    }
}

/// The policies a game on the table takes, for messages.
pub const TABLE_POLICIES: &str = "default, random, charge, objective or shoot";

pub fn policy_name(kind: PolicyArg) -> &'static str {
    match kind {
        PolicyArg::Default => "default",
        PolicyArg::Random => "random",
        PolicyArg::Attack => "attack",
        PolicyArg::Defend => "defend",
        PolicyArg::Half => "half",
        PolicyArg::Charge => "charge",
        PolicyArg::Objective => "objective",
        PolicyArg::Shoot => "shoot",
    }
}

/// Policies draw from streams far from the dice's, so adding a policy never shifts the dice.
pub(super) const POLICY_STREAM: u64 = 1 << 40;

impl SimulateArgs {
    /// How many games a seating plays at most: `--games`, or the cap under `--precision`.
    pub fn most_games(&self) -> u64 {
        if self.precision.is_some() {
            PRECISION_CAP
        } else {
            self.games
        }
    }

    /// Whether a seating that has played `games` with these win, draw and loss counts is done:
    /// all its games played, or every rate within `--precision` (checked after whole batches, so
    /// the games played never depend on the thread count).
    pub fn done(&self, outcome: [u64; 3], games: u64) -> bool {
        games >= self.most_games() || crate::runs::settled(self.precision, &outcome, games)
    }

    /// Side A's roster file (clap makes sure there is one unless `--field` gives the rosters).
    pub fn a(&self) -> &std::path::Path {
        self.a.as_deref().unwrap_or(std::path::Path::new(""))
    }

    /// Side B's roster file, or what stands for the scenario's own attackers.
    pub fn b(&self) -> &std::path::Path {
        self.b
            .as_deref()
            .unwrap_or(std::path::Path::new(SCENARIO_ATTACKERS))
    }
}

/// How the report names the Assassination's own attackers in place of a roster file.
pub const SCENARIO_ATTACKERS: &str = "(the scenario's attackers)";

pub fn run(out: &Out, cat: &Catalogue, args: &SimulateArgs) -> u8 {
    if !args.field.is_empty() {
        return super::field::run(out, cat, args);
    }
    let own_attackers = cat
        .scenario
        .get(args.scenario)
        .is_some_and(|s| s.points == crate::ronin::model::PointsRule::ScenarioAttacker);
    match (&args.b, own_attackers) {
        (None, false) => {
            out.error("simulate needs two rosters, A and B");
            return exit::USAGE;
        }
        (Some(_), true) => {
            out.error(&format!(
                "the {} brings its own attackers (`buntai scenarios {}`): give only the \
                 defender's roster",
                args.scenario, args.scenario
            ));
            return exit::USAGE;
        }
        _ => {}
    }
    // Every scenario but the Tournament is a game on the table.
    if args.scenario != ScenarioId::Tournament {
        return super::skirmish::run(out, cat, args);
    }
    if args.report.is_some() {
        out.error(
            "--report draws games of the other scenarios; the Tournament reports in text and JSON",
        );
        return exit::USAGE;
    }
    if args.fatigue {
        out.error("--fatigue is played in the Skirmish: use it with --scenario skirmish");
        return exit::USAGE;
    }
    // The log is opened before any game is played: a refused or unwritable path fails at once.
    let log = match open_output(out, args.log.as_deref(), args.force, &[args.a(), args.b()]) {
        Ok(log) => log,
        Err(code) => return code,
    };
    let replay = match open_output(
        out,
        args.replay.as_deref(),
        args.force,
        &[args.a(), args.b()],
    ) {
        Ok(file) => file,
        Err(code) => return code,
    };
    let mut log_failed = false;
    let (a_name, a, kiai_a, list_a) = match side(out, cat, args.a(), 0, args.strict) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let (b_name, b, kiai_b, list_b) = match side(out, cat, args.b(), 1, args.strict) {
        Ok(s) => s,
        Err(code) => return code,
    };
    // Every match is fought on the scenario's table: the circle, no terrain, fine weather.
    let request = SetupRequest::new(
        cat,
        ScenarioId::Tournament,
        0,
        DeploymentChoice::Edge,
        args.seed,
    );
    let setup = generate(cat, &request);
    let arena = |swapped: bool| Arena {
        cat,
        factions: if swapped {
            [list_b, list_a]
        } else {
            [list_a, list_b]
        },
        setup: setup.clone(),
    };
    let arenas = [arena(false), arena(true)];
    let arenas = &arenas;
    let unequal = unequal_forces(&a, &b);
    if let Some(why) = &unequal {
        if !args.allow_unequal {
            out.error(&format!(
                "the Tournament needs equal forces (tp.64, P-15): {why}; \
                 add --allow-unequal to play anyway"
            ));
            return exit::USAGE;
        }
        note(&format!(
            "warning: unequal forces ({why}); playing as --allow-unequal asks\n"
        ));
    }
    let orders = match (
        order_arg(args.order_a.as_deref()),
        order_arg(args.order_b.as_deref()),
    ) {
        (Ok(a), Ok(b)) => [a, b],
        (Err(message), _) | (_, Err(message)) => {
            out.error(&message);
            return exit::USAGE;
        }
    };
    let fixed = |fighters: Vec<Unit>, order: &Order| match order {
        Order::Fixed(list) => reorder(fighters, list),
        _ => Ok(fighters),
    };
    let (a, b) = match (fixed(a, &orders[0]), fixed(b, &orders[1])) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(message), _) | (_, Err(message)) => {
            out.error(&message);
            return exit::USAGE;
        }
    };
    // One odds cache for every thread's default AI.
    let ai = DefaultAi::new();
    let ai = &ai;
    // Each game has its own dice stream (seed, game) and, for random policies, its own decision
    // stream; every thread keeps its own default AI (whose odds cache never changes a decision). So
    // the results are the same whatever the number of threads.
    let play = |seat: [PolicyArg; 2],
                seat_kiai: [u32; 2],
                seat_orders: [&Order; 2],
                sides: [&Vec<Unit>; 2],
                swapped: bool,
                policies: &mut (Box<dyn TablePolicy + Send>, Box<dyn TablePolicy + Send>),
                game: u64,
                events: &mut EventLog| {
        let (pa, pb) = policies;
        if seat[0] == PolicyArg::Random {
            *pa = policy(seat[0], ai, args.seed, POLICY_STREAM + 2 * game);
        }
        if seat[1] == PolicyArg::Random {
            *pb = policy(seat[1], ai, args.seed, POLICY_STREAM + 2 * game + 1);
        }
        let mut dice = SeededDice::new(args.seed, game);
        // Each side's order is set in secret: by its policy, or shuffled for this game.
        let mut perms: [Vec<usize>; 2] =
            [(0..sides[0].len()).collect(), (0..sides[1].len()).collect()];
        for (k, (side, policy)) in sides.iter().zip([pa.as_mut(), pb.as_mut()]).enumerate() {
            let order = match &seat_orders[k] {
                Order::Fixed(_) => continue,
                Order::Shuffle => {
                    let mut order: Vec<usize> = (0..side.len()).collect();
                    SeededDice::new(args.seed, ORDER_STREAM + 2 * game + k as u64)
                        .shuffle(&mut order);
                    order
                }
                Order::Policy => policy
                    .melee()
                    .order(&side.iter().map(|u| &u.fighter).collect::<Vec<_>>()),
            };
            if is_permutation(&order, side.len()) {
                perms[k] = order;
            }
        }
        // Each model copied once, in its side's order.
        let arranged = [0, 1].map(|k| perms[k].iter().map(|&i| sides[k][i].clone()).collect());
        let mut result = tournament(
            &arenas[usize::from(swapped)],
            arranged,
            &mut [pa.as_mut(), pb.as_mut()],
            &mut dice,
            game,
            seat_kiai,
            events,
        );
        // The statistics follow models, not fighting positions.
        for m in &mut result.matches {
            for (fighter, perm) in m.fighters.iter_mut().zip(&perms) {
                *fighter = perm.get(*fighter).copied().unwrap_or(*fighter);
            }
        }
        result
    };
    let fresh = |seat: [PolicyArg; 2]| {
        move || {
            (
                policy(seat[0], ai, args.seed, POLICY_STREAM),
                policy(seat[1], ai, args.seed, POLICY_STREAM + 1),
            )
        }
    };
    let progress = Progress::new(args.most_games() * if args.swap { 2 } else { 1 });
    // Games run in batches; the bar moves once a batch, and each batch is tallied as it finishes.
    let run_all = |seat: [PolicyArg; 2],
                   seat_kiai: [u32; 2],
                   seat_orders: [&Order; 2],
                   sides: [&Vec<Unit>; 2],
                   swapped: bool,
                   logged: Option<u64>| {
        let mut tally = Tally::new([sides[0].len(), sides[1].len()]);
        let mut first = EventLog::off();
        let mut start = 0;
        while !args.done(tally.outcome, tally.games) {
            let end = (start + BATCH).min(args.most_games());
            let batch = (start..end)
                .into_par_iter()
                .map_init(fresh(seat), |policies, game| {
                    let mut events = if Some(game) == logged {
                        EventLog::recording()
                    } else {
                        EventLog::off()
                    };
                    let result = play(
                        seat,
                        seat_kiai,
                        seat_orders,
                        sides,
                        swapped,
                        policies,
                        game,
                        &mut events,
                    );
                    (result, events)
                })
                .fold(
                    || {
                        (
                            Tally::new([sides[0].len(), sides[1].len()]),
                            EventLog::off(),
                        )
                    },
                    |(mut t, mut log), (result, events)| {
                        t.add(&result);
                        if events.is_recording() {
                            log = events;
                        }
                        (t, log)
                    },
                )
                .reduce(
                    || {
                        (
                            Tally::new([sides[0].len(), sides[1].len()]),
                            EventLog::off(),
                        )
                    },
                    |(t1, l1), (t2, l2)| (t1.merge(t2), if l1.is_recording() { l1 } else { l2 }),
                );
            tally = tally.merge(batch.0);
            if batch.1.is_recording() {
                first = batch.1;
            }
            progress.advance(end - start);
            start = end;
        }
        (tally, first)
    };
    let logged = (log.is_some() || replay.is_some()).then_some(args.log_game);
    let run_all = &run_all;
    let (tally, first) = run_all(
        [args.policy_a, args.policy_b],
        [kiai_a, kiai_b],
        [&orders[0], &orders[1]],
        [&a, &b],
        false,
        logged,
    );
    let swapped = args.swap.then(|| {
        run_all(
            [args.policy_b, args.policy_a],
            [kiai_b, kiai_a],
            [&orders[1], &orders[0]],
            [&b, &a],
            true,
            None,
        )
        .0
        .swapped()
    });
    progress.finish();
    let events = first.into_vec();
    if let Some(file) = replay {
        // A replay draws one table: the game's first match (`buntai replay --match N` the rest).
        let first_match = events
            .iter()
            .enumerate()
            .filter(|(_, e)| matches!(e, crate::ronin::engine::events::Event::MatchStart { .. }))
            .nth(1)
            .map_or(events.len(), |(i, _)| i);
        log_failed |= super::skirmish::replay_page(out, cat, &events[..first_match])
            .is_none_or(|page| crate::cli::output::write_output(out, Some(file), &page).is_err());
    }
    if let Some(file) = log {
        log_failed |= !write_log(out, file, &events, args);
    }
    let report = report(
        args,
        [a_name, b_name],
        [&a, &b],
        &tally,
        swapped.as_ref(),
        unequal,
    );
    let code = match args.format {
        ListFormat::Json => print_json(&report),
        ListFormat::Text => {
            emit(&report_text(&report).to_text(out.text_style()));
            exit::SUCCESS
        }
    };
    // The report stands even when the log could not be written; the exit status says it failed.
    if log_failed { exit::USAGE } else { code }
}

/// Write one game's events as JSON Lines to the log opened at the start; `false` (after saying
/// why) if it could not be written.
pub(super) fn write_log(
    out: &Out,
    file: crate::files::OutputFile,
    events: &[crate::ronin::engine::events::Event],
    args: &SimulateArgs,
) -> bool {
    let written = if events.is_empty() {
        Err(format!(
            "there is no game {} (--games {})",
            args.log_game, args.games
        ))
    } else {
        crate::runs::write_jsonl(file, events)
    };
    match written {
        Ok(()) => true,
        Err(err) => {
            out.error(&format!("cannot write the log: {err}"));
            false
        }
    }
}

/// Whether `order` lists each of `0..n` once.
fn is_permutation(order: &[usize], n: usize) -> bool {
    let mut seen = vec![false; n];
    order.len() == n
        && order
            .iter()
            .all(|&i| i < n && !std::mem::replace(&mut seen[i], true))
}

fn report(
    args: &SimulateArgs,
    names: [String; 2],
    sides: [&Vec<Unit>; 2],
    tally: &Tally,
    swapped: Option<&Tally>,
    unequal: Option<String>,
) -> SimulationJson {
    let n = tally.games.max(1);
    let per_game = |x: u64| round(x as f64 / n as f64);
    let [a_name, b_name] = names;
    let mut scores: Vec<ScoreJson> = tally
        .scores
        .iter()
        .map(|(&(a, b), &games)| ScoreJson {
            a,
            b,
            games,
            rate: round(games as f64 / n as f64),
        })
        .collect();
    scores.sort_by(|x, y| y.games.cmp(&x.games).then((x.a, x.b).cmp(&(y.a, y.b))));
    let models = (0..2)
        .flat_map(|side| {
            sides[side]
                .iter()
                .zip(&tally.models[side])
                .enumerate()
                .map(move |(k, (u, m))| ModelJson {
                    side: ["A", "B"][side],
                    number: k + 1,
                    name: u.fighter.name.to_string(),
                    survival: round(m.survived as f64 / n as f64),
                    kills: round(m.kills as f64 / n as f64),
                    dealt: round(m.dealt as f64 / n as f64),
                    taken: round(m.taken as f64 / n as f64),
                })
        })
        .collect();
    SimulationJson {
        scenario: "tournament",
        seed: args.seed,
        games: tally.games,
        a: SideJson::new(args.a(), a_name, args.policy_a, sides[0].len()),
        b: SideJson::new(args.b(), b_name, args.policy_b, sides[1].len()),
        a_wins: rate(tally.outcome[0], tally.games),
        draws: rate(tally.outcome[1], tally.games),
        b_wins: rate(tally.outcome[2], tally.games),
        mean_points: [per_game(tally.points[0]), per_game(tally.points[1])],
        kill_rate: round(tally.kills as f64 / tally.matches.max(1) as f64),
        mean_turns: round(tally.turns as f64 / tally.matches.max(1) as f64),
        final_rate: per_game(tally.finals),
        final_decided_rate: per_game(tally.finals_decided),
        scores,
        models,
        swapped: swapped.map(|s| SwappedJson {
            a_wins: rate(s.outcome[0], s.games),
            draws: rate(s.outcome[1], s.games),
            b_wins: rate(s.outcome[2], s.games),
            a_wins_both: rate(tally.outcome[0] + s.outcome[0], tally.games + s.games),
            vp_distribution: None,
            mean_vp: None,
        }),
        unequal_forces: unequal,
    }
}

/// A run of one game reports that game: who won, by how much, and each model's fate.
fn one_game_text(doc: &mut Doc, report: &SimulationJson) {
    let winner = if report.a_wins.count == 1 {
        "A wins"
    } else if report.b_wins.count == 1 {
        "B wins"
    } else {
        "a draw"
    };
    let (won_a, won_b) = report.scores.first().map_or((0, 0), |s| (s.a, s.b));
    let final_match = if report.final_rate > 0.0 {
        if report.final_decided_rate > 0.0 {
            " A final match was fought and decided it."
        } else {
            " A final match was fought and did not decide it."
        }
    } else {
        ""
    };
    doc.para(format!(
        "The game: {winner}. Matches won: A {won_a}, B {won_b}; match points: A {}, B {}. Its \
         matches lasted {:.2} turns on average.{final_match}",
        report.mean_points[0], report.mean_points[1], report.mean_turns
    ));
    doc.heading("Models");
    doc.table(
        &["Model", "Fate", "Kills", "Dealt", "Taken"],
        report
            .models
            .iter()
            .map(|m| {
                vec![
                    m.name.clone(),
                    if m.survival > 0.0 {
                        "survived"
                    } else {
                        "killed"
                    }
                    .to_owned(),
                    m.kills.to_string(),
                    m.dealt.to_string(),
                    m.taken.to_string(),
                ]
            })
            .collect(),
    );
}

fn report_text(report: &SimulationJson) -> Doc {
    let mut doc = Doc::new(format!(
        "Tournament: {} (A) against {} (B)",
        report.a.name, report.b.name
    ));
    doc.para(format!(
        "{} from seed {}; A plays {} ({} models, policy {}), B plays {} ({} models, policy {}). \
         Each match is played on the table: two models on the 12\" circle, the whole turn \
         sequence with shooting, no Morale (R-116).",
        crate::diag::plural(u32::try_from(report.games).unwrap_or(u32::MAX), "game"),
        report.seed,
        report.a.file,
        report.a.models,
        report.a.policy,
        report.b.file,
        report.b.models,
        report.b.policy
    ));
    if let Some(why) = &report.unequal_forces {
        doc.para(format!(
            "Warning: unequal forces ({why}); the book's Tournament needs equal ones."
        ));
    }
    if report.games == 1 && report.swapped.is_none() {
        one_game_text(&mut doc, report);
        return doc;
    }
    let row = |label: &str, r: &Rate, n: u64| {
        vec![
            label.to_owned(),
            r.count.to_string(),
            pct(r.rate, r.count, n),
            format!("{} to {}", bound(r.low), bound(r.high)),
        ]
    };
    doc.table(
        &["Result", "Games", "Rate", "95% interval"],
        vec![
            row("A wins", &report.a_wins, report.games),
            row("Draw", &report.draws, report.games),
            row("B wins", &report.b_wins, report.games),
        ],
    );
    if let Some(s) = &report.swapped {
        doc.para("With the seats exchanged (roster A seated second, the same seeds):");
        doc.table(
            &["Result", "Games", "Rate", "95% interval"],
            vec![
                row("A's roster wins", &s.a_wins, report.games),
                row("Draw", &s.draws, report.games),
                row("B's roster wins", &s.b_wins, report.games),
                row("A's roster, both seats", &s.a_wins_both, 2 * report.games),
            ],
        );
    }
    doc.para(format!(
        "A game: {:.2} match points for A, {:.2} for B. {:.1}% of matches ended in a kill; a \
         match lasted {:.2} turns on average. A final match was needed in {:.1}% of games and \
         decided {:.1}%.",
        report.mean_points[0],
        report.mean_points[1],
        report.kill_rate * 100.0,
        report.mean_turns,
        report.final_rate * 100.0,
        report.final_decided_rate * 100.0
    ));
    doc.heading("Matches won (A-B)");
    doc.table(
        &["Score", "Games", "Rate"],
        report
            .scores
            .iter()
            .take(8)
            .map(|s| {
                vec![
                    format!("{}-{}", s.a, s.b),
                    s.games.to_string(),
                    pct(s.rate, s.games, report.games),
                ]
            })
            .collect(),
    );
    doc.heading("Models (a game, on average)");
    doc.table(
        &["Model", "Survived", "Kills", "Dealt", "Taken"],
        report
            .models
            .iter()
            .map(|m| {
                vec![
                    m.name.clone(),
                    format!("{:.1}%", m.survival * 100.0),
                    format!("{:.2}", m.kills),
                    format!("{:.2}", m.dealt),
                    format!("{:.2}", m.taken),
                ]
            })
            .collect(),
    );
    doc
}
