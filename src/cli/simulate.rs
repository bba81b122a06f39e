//! `buntai simulate A.toml B.toml --scenario tournament`: play games between two rosters under a
//! seed and report win, draw and loss rates with 95% confidence intervals.

use std::path::PathBuf;

use clap::{Args, ValueEnum};
use rayon::prelude::*;
use serde::Serialize;

use super::ListFormat;
use super::output::{Out, emit, print_json};
use crate::diag::{exit, render};
use crate::edit::write_atomic;
use crate::engine::SeededDice;
use crate::engine::events::Event;
use crate::engine::fighter::{Fighter, weaponless};
use crate::engine::policy::{DefaultAi, Policy, RandomPolicy};
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
}

#[derive(Serialize)]
struct SimulationJson {
    scenario: &'static str,
    seed: u64,
    games: u64,
    a: SideJson,
    b: SideJson,
    a_wins: Rate,
    draws: Rate,
    b_wins: Rate,
}

#[derive(Serialize)]
struct SideJson {
    file: String,
    name: String,
    policy: &'static str,
    models: usize,
}

#[derive(Serialize)]
struct Rate {
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
            eprint!("{}", render(&v.to_problem(&file), out.color, out.width()));
        }
        out.error(&format!(
            "cannot simulate `{}`: fix the problems above first",
            file.name
        ));
        return Err(exit::PROBLEMS);
    };
    if !report.valid() {
        eprintln!(
            "warning: {} is not a legal Buntai (`buntai validate {}`); simulating it anyway",
            file.name, file.name
        );
    }
    let resolved = roster::resolve(cat, faction, &parsed, Rules::default(), &mut Vec::new());
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
    }
}

fn policy_name(kind: PolicyArg) -> &'static str {
    match kind {
        PolicyArg::Default => "default",
        PolicyArg::Random => "random",
    }
}

/// Policies draw from streams far from the dice's, so adding a policy never shifts the dice.
const POLICY_STREAM: u64 = 1 << 40;

pub fn run(out: &Out, cat: &Catalogue, args: &SimulateArgs) -> u8 {
    let (a_name, a) = match side(out, cat, &args.a, "A") {
        Ok(s) => s,
        Err(code) => return code,
    };
    let (b_name, b) = match side(out, cat, &args.b, "B") {
        Ok(s) => s,
        Err(code) => return code,
    };
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
    // Games run in parallel, each from its own dice stream (seed, game) and, for random policies, its
    // own decision stream; every thread keeps its own default AI (whose odds cache never changes a
    // decision). So the results are the same whatever the number of threads.
    let play = |(pa, pb): &mut (Box<dyn Policy + Send>, Box<dyn Policy + Send>), game: u64| {
        if args.policy_a == PolicyArg::Random {
            *pa = policy(args.policy_a, &ai, args.seed, POLICY_STREAM + 2 * game);
        }
        if args.policy_b == PolicyArg::Random {
            *pb = policy(args.policy_b, &ai, args.seed, POLICY_STREAM + 2 * game + 1);
        }
        let mut dice = SeededDice::new(args.seed, game);
        let mut events = Vec::new();
        let result = tournament(
            &bare,
            [a.clone(), b.clone()],
            &mut [pa.as_mut(), pb.as_mut()],
            &mut dice,
            game,
            &mut events,
        );
        (result.winner, (game == 0).then_some(events))
    };
    let results: Vec<(Option<usize>, Option<Vec<Event>>)> = (0..args.games)
        .into_par_iter()
        .map_init(
            || {
                (
                    policy(args.policy_a, &ai, args.seed, POLICY_STREAM),
                    policy(args.policy_b, &ai, args.seed, POLICY_STREAM + 1),
                )
            },
            play,
        )
        .collect();
    let mut tally = [0u64; 3]; // A wins, draws, B wins
    let mut first_log: Vec<Event> = Vec::new();
    for (winner, log) in results {
        match winner {
            Some(0) => tally[0] += 1,
            Some(_) => tally[2] += 1,
            None => tally[1] += 1,
        }
        if let Some(log) = log {
            first_log = log;
        }
    }
    if let Some(path) = &args.log {
        let mut text = String::new();
        for event in &first_log {
            match serde_json::to_string(event) {
                Ok(line) => {
                    text.push_str(&line);
                    text.push('\n');
                }
                Err(err) => {
                    out.error(&format!("cannot write the log: {err}"));
                    return exit::PROBLEMS;
                }
            }
        }
        if let Err(err) = write_atomic(path, &text) {
            out.error(&format!("cannot write `{}`: {err}", path.display()));
            return exit::USAGE;
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
    match args.format {
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
    }
}
