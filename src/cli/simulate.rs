//! `buntai simulate A.toml B.toml --scenario tournament`: play games between two rosters under a
//! seed and report win, draw and loss rates with 95% confidence intervals.

use std::path::PathBuf;

use clap::{Args, ValueEnum};
use rayon::prelude::*;
use serde::Serialize;

use super::ListFormat;
use super::output::{Out, emit, note, open_output, print_json};
use crate::diag::{Code, exit, render};
use crate::engine::SeededDice;
use crate::engine::events::EventLog;
use crate::engine::fighter::{Fighter, weaponless};
use crate::engine::policy::{DefaultAi, FixedSplit, Policy, RandomPolicy, Yardstick};
use crate::engine::tournament::tournament;
use crate::load::{LoadError, read_text_file};
use crate::model::Catalogue;
use crate::print::Doc;
use crate::roster::{self, Rules};
use crate::rules::{self, Options};

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Scenario {
    /// One-on-one matches in list order (the book's Tournament scenario).
    Tournament,
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
}

#[derive(Debug, Args)]
pub struct SimulateArgs {
    /// Side A's roster.
    pub a: PathBuf,
    /// Side B's roster.
    pub b: PathBuf,
    #[arg(long, value_enum, default_value_t = Scenario::Tournament)]
    pub scenario: Scenario,
    /// Seed: the same seed gives the same games.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// How many games (each with its own dice stream derived from the seed).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub games: u64,
    /// Write the first game's events (every roll and decision) as JSON Lines.
    #[arg(long, value_name = "FILE")]
    pub log: Option<PathBuf>,
    /// Overwrite the log file if it exists.
    #[arg(long)]
    pub force: bool,
    /// Side A's fighting order as model numbers (1 = first model of the roster, counting `count`),
    /// e.g. `3,1,2`; models not listed fight after, in list order.
    #[arg(long, value_delimiter = ',', value_name = "N,N,...")]
    pub order_a: Vec<usize>,
    /// Side B's fighting order, as for `--order-a`.
    #[arg(long, value_delimiter = ',', value_name = "N,N,...")]
    pub order_b: Vec<usize>,
    #[arg(long, value_enum, default_value_t = PolicyArg::Default)]
    pub policy_a: PolicyArg,
    #[arg(long, value_enum, default_value_t = PolicyArg::Default)]
    pub policy_b: PolicyArg,
    #[arg(long, value_enum, default_value_t = ListFormat::Text)]
    pub format: ListFormat,
    /// Play even when the sides do not field the same number of models with the same Ranks (the
    /// Tournament's equal forces, tp.64); the report then warns.
    #[arg(long)]
    pub allow_unequal: bool,
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
}

#[derive(Serialize, schemars::JsonSchema)]
pub struct SideJson {
    file: String,
    name: String,
    policy: &'static str,
    models: usize,
}

#[derive(Serialize, schemars::JsonSchema)]
pub struct Rate {
    count: u64,
    rate: f64,
    /// 95% Wilson score interval.
    low: f64,
    high: f64,
}

/// A rate with its 95% Wilson score interval.
fn rate(count: u64, n: u64) -> Rate {
    let (k, n) = (count as f64, n as f64);
    let z = 1.959_964;
    let p = k / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    let round = |x: f64| (x * 10_000.0).round() / 10_000.0;
    Rate {
        count,
        rate: round(p),
        low: round((centre - half).max(0.0)),
        high: round((centre + half).min(1.0)),
    }
}

/// Read a roster and turn its models, in list order, into fighters named "A1 Samurai".
fn side(
    out: &Out,
    cat: &Catalogue,
    path: &std::path::Path,
    tag: &str,
) -> Result<(String, Vec<Fighter>), u8> {
    let file = match read_text_file(path) {
        Ok(file) => file,
        Err(LoadError::Unreadable { path, reason }) => {
            out.error(&format!("cannot read `{}`: {reason}", path.display()));
            return Err(exit::USAGE);
        }
        Err(LoadError::Invalid(_)) => return Err(exit::PROBLEMS),
    };
    let report = rules::validate(cat, &file, Options::default());
    let (Ok(parsed), Some(faction)) = (
        roster::parse(&file),
        report.faction.as_deref().and_then(|f| cat.faction(f)),
    ) else {
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
    let mut dropped = Vec::new();
    let resolved = roster::resolve(cat, faction, &parsed, Rules::default(), &mut dropped);
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
    // The Tournament has no points limit (P-15): its forces are checked against each other instead.
    let mut fighters = Vec::new();
    for m in &resolved.models {
        for _ in 0..m.count {
            let name = format!("{tag}{} {}", fighters.len() + 1, m.describe());
            fighters.push(Fighter::from_model(cat, m, name));
        }
    }
    let name = parsed.name.clone().unwrap_or_else(|| faction.name.clone());
    Ok((name, fighters))
}

/// No legal Buntai has more than 20 models (R-18 caps a Buntai's size): larger sides are refused.
const MAX_SIDE: u32 = 20;
/// An entry's `count` above this is already a validation error and is taken as this.
const MAX_COUNT: u32 = 20;

/// Why two Tournament forces are not equal (tp.64: the same number of models, with the same Ranks),
/// or `None` when they are.
fn unequal_forces(a: &[Fighter], b: &[Fighter]) -> Option<String> {
    if a.len() != b.len() {
        return Some(format!("{} models against {}", a.len(), b.len()));
    }
    let ranks = |side: &[Fighter]| {
        let mut r: Vec<u8> = side.iter().map(|f| f.rank).collect();
        r.sort_unstable();
        r
    };
    let (ra, rb) = (ranks(a), ranks(b));
    (ra != rb).then(|| format!("Ranks {ra:?} against {rb:?}"))
}

/// Put the listed models (1-based) first, in the order given; the rest follow in list order.
fn reorder(fighters: Vec<Fighter>, order: &[usize]) -> Result<Vec<Fighter>, String> {
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
    let mut slots: Vec<Option<Fighter>> = fighters.into_iter().map(Some).collect();
    let mut out: Vec<Fighter> = order.iter().filter_map(|&k| slots[k - 1].take()).collect();
    out.extend(slots.into_iter().flatten());
    Ok(out)
}

fn policy(kind: PolicyArg, ai: &DefaultAi, seed: u64, stream: u64) -> Box<dyn Policy + Send> {
    match kind {
        PolicyArg::Default => Box::new(ai.clone()),
        PolicyArg::Random => Box::new(RandomPolicy::new(seed, stream)),
        PolicyArg::Attack => Box::new(Yardstick(FixedSplit::Attack)),
        PolicyArg::Defend => Box::new(Yardstick(FixedSplit::Defend)),
        PolicyArg::Half => Box::new(Yardstick(FixedSplit::Half)),
    }
}

fn policy_name(kind: PolicyArg) -> &'static str {
    match kind {
        PolicyArg::Default => "default",
        PolicyArg::Random => "random",
        PolicyArg::Attack => "attack",
        PolicyArg::Defend => "defend",
        PolicyArg::Half => "half",
    }
}

/// Policies draw from streams far from the dice's, so adding a policy never shifts the dice.
const POLICY_STREAM: u64 = 1 << 40;

pub fn run(out: &Out, cat: &Catalogue, args: &SimulateArgs) -> u8 {
    // The log is opened before any game is played: a refused or unwritable path fails at once.
    let log = match open_output(
        out,
        args.log.as_deref(),
        args.force,
        &[args.a.as_path(), args.b.as_path()],
    ) {
        Ok(log) => log,
        Err(code) => return code,
    };
    let mut log_failed = false;
    let (a_name, a) = match side(out, cat, &args.a, "A") {
        Ok(s) => s,
        Err(code) => return code,
    };
    let (b_name, b) = match side(out, cat, &args.b, "B") {
        Ok(s) => s,
        Err(code) => return code,
    };
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
    let (a, b) = match (reorder(a, &args.order_a), reorder(b, &args.order_b)) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(message), _) | (_, Err(message)) => {
            out.error(&message);
            return exit::USAGE;
        }
    };
    let bare = weaponless(cat);
    // One odds cache for every thread's default AI.
    let ai = DefaultAi::new();
    // Each game has its own dice stream (seed, game) and, for random policies, its own decision
    // stream; every thread keeps its own default AI (whose odds cache never changes a decision). So
    // the results are the same whatever the number of threads.
    let play = |(pa, pb): &mut (Box<dyn Policy + Send>, Box<dyn Policy + Send>),
                game: u64,
                events: &mut EventLog| {
        if args.policy_a == PolicyArg::Random {
            *pa = policy(args.policy_a, &ai, args.seed, POLICY_STREAM + 2 * game);
        }
        if args.policy_b == PolicyArg::Random {
            *pb = policy(args.policy_b, &ai, args.seed, POLICY_STREAM + 2 * game + 1);
        }
        let mut dice = SeededDice::new(args.seed, game);
        tournament(
            &bare,
            [a.clone(), b.clone()],
            &mut [pa.as_mut(), pb.as_mut()],
            &mut dice,
            game,
            events,
        )
        .winner
    };
    let fresh = || {
        (
            policy(args.policy_a, &ai, args.seed, POLICY_STREAM),
            policy(args.policy_b, &ai, args.seed, POLICY_STREAM + 1),
        )
    };
    // The first game is played on its own, recording its events when a log is asked for; the rest
    // record nothing and are tallied as they finish, so memory does not grow with the games.
    let mut first = EventLog::off();
    if log.is_some() {
        first = EventLog::recording();
    }
    let tally_one = |mut tally: [u64; 3], winner: Option<usize>| {
        tally[match winner {
            Some(0) => 0,
            Some(_) => 2,
            None => 1,
        }] += 1;
        tally
    };
    let first_winner = play(&mut fresh(), 0, &mut first);
    let tally = (1..args.games)
        .into_par_iter()
        .map_init(fresh, |policies, game| {
            play(policies, game, &mut EventLog::off())
        })
        .fold(|| [0u64; 3], tally_one)
        .reduce(|| [0u64; 3], |x, y| [x[0] + y[0], x[1] + y[1], x[2] + y[2]]);
    let tally = tally_one(tally, first_winner);
    if let Some(mut file) = log {
        use std::io::Write;
        let mut written = Ok(());
        for event in first.iter() {
            written = serde_json::to_writer(&mut file, event)
                .map_err(std::io::Error::from)
                .and_then(|()| file.write_all(b"\n"));
            if written.is_err() {
                break;
            }
        }
        let committed = written
            .map_err(|e| e.to_string())
            .and_then(|()| file.commit().map_err(|e| e.to_string()));
        if let Err(err) = committed {
            out.error(&format!("cannot write the log: {err}"));
            log_failed = true;
        }
    }
    let report = SimulationJson {
        scenario: "tournament",
        seed: args.seed,
        games: args.games,
        a: SideJson {
            file: args.a.display().to_string(),
            name: a_name,
            policy: policy_name(args.policy_a),
            models: a.len(),
        },
        b: SideJson {
            file: args.b.display().to_string(),
            name: b_name,
            policy: policy_name(args.policy_b),
            models: b.len(),
        },
        a_wins: rate(tally[0], args.games),
        draws: rate(tally[1], args.games),
        b_wins: rate(tally[2], args.games),
    };
    let code = match args.format {
        ListFormat::Json => print_json(&report),
        ListFormat::Text => {
            let mut doc = Doc::new(format!(
                "Tournament: {} (A) against {} (B)",
                report.a.name, report.b.name
            ));
            doc.para(format!(
                "{} games from seed {}; A plays {} ({} models, policy {}), B plays {} ({} models, policy {}).",
                report.games, report.seed, report.a.file, report.a.models, report.a.policy, report.b.file, report.b.models, report.b.policy
            ));
            let row = |label: &str, r: &Rate| {
                vec![
                    label.to_owned(),
                    r.count.to_string(),
                    format!("{:.1}%", r.rate * 100.0),
                    format!("{:.1}% to {:.1}%", r.low * 100.0, r.high * 100.0),
                ]
            };
            doc.table(
                &["Result", "Games", "Rate", "95% interval"],
                vec![
                    row("A wins", &report.a_wins),
                    row("Draw", &report.draws),
                    row("B wins", &report.b_wins),
                ],
            );
            emit(&doc.to_text(out.text_style()));
            exit::SUCCESS
        }
    };
    // The report stands even when the log could not be written; the exit status says it failed.
    if log_failed { exit::USAGE } else { code }
}
