//! `buntai simulate` for Heroic Samurai: whole Clan Feuds under a seed between two sides of
//! contingent files (`A.toml B.toml`, one contingent a side, or `--side a=... --side b=...`),
//! reported as win, draw and loss rates with 95% intervals, Reputation scores, elements and
//! leaders lost, and turns played.

use std::path::{Path, PathBuf};

use serde::Serialize;

use super::contingent;
use super::data::Data;
use super::data::Scenario;
use super::engine::ai::{self, Kind};
use super::engine::event::Log;
use super::engine::game::{Levy, Recruit, Setup};
use super::engine::{GameResult, play_one};
use super::table::{self, TableFile};
use crate::cli::ListFormat;
use crate::cli::output::{Out, emit, note, open_output, print_json};
use crate::diag::{exit, render_all};
use crate::page::Doc;
use crate::ronin::cli::simulate::{PolicyArg, SimulateArgs};
use crate::runs::{Progress, Rate, bound, pct, rate, round};

/// A run's tally, merged in game order so it never depends on the thread count.
#[derive(Debug, Clone)]
struct Tally {
    games: u64,
    /// A wins, draws, B wins.
    outcome: [u64; 3],
    broken: u64,
    turns: u64,
    deeds: [i64; 2],
    elements_lost: [u64; 2],
    leaders_lost: [u64; 2],
    /// Games by each side's Reputation, in steps of [`STEP`] (the last holds all above).
    deed_counts: [[u64; BUCKETS]; 2],
    /// Games by the turn they ended in (the last holds all later).
    lengths: [u64; BUCKETS],
}

/// The Reputation histogram's step.
const STEP: i64 = 5;
/// Buckets of the histograms: fixed, so a game's tally allocates nothing.
const BUCKETS: usize = 41;

impl Default for Tally {
    fn default() -> Tally {
        Tally {
            games: 0,
            outcome: [0; 3],
            broken: 0,
            turns: 0,
            deeds: [0; 2],
            elements_lost: [0; 2],
            leaders_lost: [0; 2],
            deed_counts: [[0; BUCKETS]; 2],
            lengths: [0; BUCKETS],
        }
    }
}

/// A fixed histogram as a list, without its trailing empty buckets.
fn trimmed(counts: &[u64]) -> Vec<u64> {
    let end = counts.iter().rposition(|&c| c > 0).map_or(0, |i| i + 1);
    counts[..end].to_vec()
}

impl Tally {
    fn add(&mut self, r: &GameResult) {
        self.games += 1;
        self.outcome[r.outcome] += 1;
        self.broken += u64::from(r.broken);
        self.turns += u64::from(r.turns);
        for s in 0..2 {
            self.deeds[s] += r.deeds[s];
            self.elements_lost[s] += u64::from(r.elements_lost[s]);
            self.leaders_lost[s] += u64::from(r.leaders_lost[s]);
            let bucket = usize::try_from(r.deeds[s].max(0) / STEP).unwrap_or(BUCKETS);
            self.deed_counts[s][bucket.min(BUCKETS - 1)] += 1;
        }
        self.lengths[usize::try_from(r.turns).map_or(BUCKETS - 1, |t| t.min(BUCKETS - 1))] += 1;
    }

    fn merge(mut self, o: Tally) -> Tally {
        self.games += o.games;
        for i in 0..3 {
            self.outcome[i] += o.outcome[i];
        }
        self.broken += o.broken;
        self.turns += o.turns;
        for s in 0..2 {
            self.deeds[s] += o.deeds[s];
            self.elements_lost[s] += o.elements_lost[s];
            self.leaders_lost[s] += o.leaders_lost[s];
            for (m, x) in self.deed_counts[s].iter_mut().zip(o.deed_counts[s]) {
                *m += x;
            }
        }
        for (m, x) in self.lengths.iter_mut().zip(o.lengths) {
            *m += x;
        }
        self
    }
}

/// One side of the game as the report gives it.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct HeroicSideJson {
    pub name: String,
    pub files: Vec<String>,
    pub policy: String,
    pub contingents: usize,
    pub elements: usize,
    /// Mean Reputation deed points earned a game (HS-66).
    pub reputation: f64,
    pub elements_lost: f64,
    pub leaders_lost: f64,
}

/// `simulate --format json` for Heroic Samurai.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct HeroicSimulationJson {
    pub system: String,
    pub scenario: String,
    pub seed: u64,
    pub games: u64,
    pub a: HeroicSideJson,
    pub b: HeroicSideJson,
    pub a_wins: Rate,
    pub draws: Rate,
    pub b_wins: Rate,
    /// Share of games that ended with a side out before the last turn.
    pub broken: f64,
    pub mean_turns: f64,
    /// Games by each side's Reputation in steps of 5: entry k counts scores from 5k to 5k + 4
    /// (the last entry, 200 and more).
    pub reputation_counts: [Vec<u64>; 2],
    /// Games by the turn they ended in: entry t counts games over after turn t.
    pub game_lengths: Vec<u64>,
    /// The table played on, when a `--table` file gave it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub table: Option<String>,
    /// With `--swap`: the same games with the sides' seats exchanged.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub swapped: Option<Box<HeroicSimulationJson>>,
    /// With `--swap`: side A's wins over both seatings.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub a_wins_both: Option<Rate>,
}

struct Side {
    name: String,
    files: Vec<String>,
    levies: Vec<Levy>,
}

fn policy_of(out: &Out, p: PolicyArg) -> Result<Kind, u8> {
    crate::cli::systems::common_policy(
        out,
        p,
        "Heroic Samurai",
        [Kind::Default, Kind::Random, Kind::Charge],
    )
}

/// Read one contingent: it must parse and name only the data's types; a broken rule is warned
/// about, or refused with `--strict`.
fn levy(out: &Out, data: &Data, path: &Path, strict: bool) -> Result<(Levy, String, String), u8> {
    let file = crate::cli::output::read_input(out, path)?;
    let verdict = contingent::validate(data, &file);
    let problems = verdict.problems();
    let Some(c) = verdict.parsed.clone() else {
        note(&render_all(&problems, out.color, out.width()));
        out.error(&format!(
            "cannot simulate `{}`: fix the problems above first",
            file.name
        ));
        return Err(exit::PROBLEMS);
    };
    let unknown = c.element.iter().any(|e| data.element(&e.kind).is_none());
    if !verdict.legal() {
        note(&render_all(&problems, out.color, out.width()));
        if strict || unknown || c.leader().is_none() || c.element_count() == 0 {
            out.error(&format!(
                "`{}` is not a contingent that can be played",
                file.name
            ));
            return Err(exit::PROBLEMS);
        }
        note(&format!(
            "warning: `{}` is not a legal contingent; playing it anyway\n",
            file.name
        ));
    }
    let leader = c.leader().expect("checked above");
    let mut elements = Vec::new();
    for e in &c.element {
        let kind = data
            .elements
            .iter()
            .position(|x| x.id == e.kind)
            .expect("checked above");
        let n = e.count().clamp(0, contingent::MAX_ELEMENTS);
        for _ in 0..n {
            elements.push(Recruit {
                kind,
                archers: e.archers.and_then(|a| u32::try_from(a.clamp(0, 3)).ok()),
            });
        }
    }
    Ok((
        Levy {
            name: c.label(),
            stats: contingent::stats(data, leader),
            roll: leader.roll,
            elements,
        },
        c.side.clone(),
        c.scenario
            .clone()
            .unwrap_or_else(|| super::DEFAULT_SCENARIO.to_owned()),
    ))
}

fn side(out: &Out, data: &Data, files: &[PathBuf], strict: bool) -> Result<(Side, String), u8> {
    let mut levies = Vec::new();
    let mut names: Vec<String> = Vec::new();
    let mut scenario = String::new();
    for f in files {
        let (l, name, s) = levy(out, data, f, strict)?;
        if !names.contains(&name) {
            names.push(name);
        }
        scenario = s;
        levies.push(l);
    }
    Ok((
        Side {
            name: names.join(" and "),
            files: files.iter().map(|f| f.display().to_string()).collect(),
            levies,
        },
        scenario,
    ))
}

/// Read and check `--table`: a table with a broken rule is refused with its located problems.
fn table_of(out: &Out, data: &Data, args: &SimulateArgs) -> Result<Option<TableFile>, u8> {
    let Some(path) = args.table.as_deref() else {
        return Ok(None);
    };
    let file = crate::cli::output::read_input(out, path)?;
    let verdict = table::validate(data, &file);
    if !verdict.legal() {
        note(&render_all(&verdict.problems(), out.color, out.width()));
        out.error(&format!(
            "cannot play on `{}`: fix the problems above first",
            file.name
        ));
        return Err(exit::PROBLEMS);
    }
    Ok(verdict.parsed)
}

/// The scenario the sides name, on the `--table` when one is given.
fn scenario_of(
    out: &Out,
    data: &Data,
    id: &str,
    table: Option<&TableFile>,
) -> Result<Scenario, u8> {
    let Some(base) = data.scenario(id) else {
        out.error(&format!("no scenario `{id}` in the {} data", super::ID));
        return Err(exit::PROBLEMS);
    };
    Ok(table.map_or_else(|| base.clone(), |t| table::scenario(base, t)))
}

/// The two sides' files, from `A.toml B.toml` or `--side a=... --side b=...`.
fn side_files(out: &Out, args: &SimulateArgs, sides: &[String]) -> Result<[Vec<PathBuf>; 2], u8> {
    if sides.is_empty() {
        let (Some(a), Some(b)) = (args.a.clone(), args.b.clone()) else {
            out.error("simulate needs two sides: A.toml B.toml, or --side a=... --side b=...");
            return Err(exit::USAGE);
        };
        return Ok([vec![a], vec![b]]);
    }
    if args.a.is_some() || args.b.is_some() {
        out.error("give the sides either as A.toml B.toml or with --side, not both");
        return Err(exit::USAGE);
    }
    let mut found: [Option<Vec<PathBuf>>; 2] = [None, None];
    for spec in sides {
        let s = contingent::parse_side(spec).map_err(|e| {
            out.error(&e);
            exit::USAGE
        })?;
        let k = match s.name.as_str() {
            "a" | "A" => 0,
            "b" | "B" => 1,
            other => {
                out.error(&format!("--side {other}=...: the sides are `a` and `b`"));
                return Err(exit::USAGE);
            }
        };
        if found[k].is_some() || s.files.is_empty() {
            out.error(&format!(
                "--side {}: give each side once, with its files",
                s.name
            ));
            return Err(exit::USAGE);
        }
        found[k] = Some(s.files.iter().map(PathBuf::from).collect());
    }
    let [Some(a), Some(b)] = found else {
        out.error("simulate needs both --side a=... and --side b=...");
        return Err(exit::USAGE);
    };
    Ok([a, b])
}

/// `buntai simulate` for this system.
pub fn run(out: &Out, data: &Data, args: &SimulateArgs, sides: &[String]) -> u8 {
    let ronin_only = [
        (args.first.is_some(), "--first"),
        (args.reserves, "--reserves"),
        (args.fatigue, "--fatigue"),
    ]
    .into_iter()
    .find_map(|(set, name)| set.then_some(name));
    if let Some(option) = ronin_only {
        out.error(&format!(
            "{option} is a Ronin option: {} turns are simultaneous and have no reserves or Fatigue",
            super::ID
        ));
        return exit::USAGE;
    }
    let (pa, pb) = match (policy_of(out, args.policy_a), policy_of(out, args.policy_b)) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(code), _) | (_, Err(code)) => return code,
    };
    let table = match table_of(out, data, args) {
        Ok(t) => t,
        Err(code) => return code,
    };
    if !args.field.is_empty() {
        if !sides.is_empty() || args.a.is_some() {
            out.error("--field plays its own contingents: give no other sides");
            return exit::USAGE;
        }
        return field(out, data, args, [pa, pb], table.as_ref());
    }
    let files = match side_files(out, args, sides) {
        Ok(f) => f,
        Err(code) => return code,
    };
    let (a, scenario) = match side(out, data, &files[0], args.strict) {
        Ok(x) => x,
        Err(code) => return code,
    };
    let (b, _) = match side(out, data, &files[1], args.strict) {
        Ok(x) => x,
        Err(code) => return code,
    };
    let scenario = match scenario_of(out, data, &scenario, table.as_ref()) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let scenario = &scenario;
    let inputs: Vec<&Path> = files
        .iter()
        .flatten()
        .map(PathBuf::as_path)
        .chain(args.table.as_deref())
        .collect();
    let mut outputs = Vec::new();
    for wanted in [&args.log, &args.replay, &args.report] {
        match open_output(out, wanted.as_deref(), args.force, &inputs) {
            Ok(f) => outputs.push(f),
            Err(code) => return code,
        }
    }
    let [log_file, replay_file, report_file]: [_; 3] =
        outputs.try_into().expect("three outputs asked for");
    let setup = Setup {
        sides: [a.levies.clone(), b.levies.clone()],
    };
    let progress = Progress::new(args.most_games() * if args.swap { 2 } else { 1 });
    let wants_log = log_file.is_some() || replay_file.is_some() || report_file.is_some();
    let logged = wants_log.then_some(args.log_game);
    let (tally, log) = run_seating(data, scenario, &setup, [pa, pb], args, logged, &progress);
    let mut json = report(scenario, [&a, &b], [pa, pb], args, &tally);
    if args.swap {
        let swapped_setup = Setup {
            sides: [b.levies.clone(), a.levies.clone()],
        };
        let (t2, _) = run_seating(
            data,
            scenario,
            &swapped_setup,
            [pb, pa],
            args,
            None,
            &progress,
        );
        json.a_wins_both = Some(rate(
            tally.outcome[0] + t2.outcome[2],
            tally.games + t2.games,
        ));
        json.swapped = Some(Box::new(report(scenario, [&b, &a], [pb, pa], args, &t2)));
    }
    progress.finish();
    if wants_log && log.events().is_empty() {
        out.error(&format!(
            "--log-game {} is not one of the {} games played",
            args.log_game, tally.games
        ));
        return exit::USAGE;
    }
    if let Some(file) = log_file
        && let Err(e) = crate::runs::write_jsonl(file, log.events())
    {
        out.error(&format!("cannot write the log: {e}"));
        return exit::USAGE;
    }
    let replay = if wants_log {
        let title = format!("Game {} of {} against {}", args.log_game, a.name, b.name);
        match super::replay::page(data, log.events(), &title) {
            Ok(page) => Some(page),
            Err(e) => {
                out.error(&format!("cannot draw the replay: {e}"));
                return exit::USAGE;
            }
        }
    } else {
        None
    };
    if let (Some(file), Some(page)) = (replay_file, &replay)
        && crate::cli::output::write_output(out, Some(file), page).is_err()
    {
        return exit::USAGE;
    }
    if let Some(file) = report_file {
        let page = report_page(data, scenario, &json, replay.as_deref(), args.log_game);
        if crate::cli::output::write_output(out, Some(file), &page).is_err() {
            return exit::USAGE;
        }
    }
    match args.format {
        ListFormat::Json => {
            print_json(&json);
        }
        ListFormat::Text => {
            let mut text = report_text(&json).to_text(out.text_style());
            if let (Some(swapped), Some(both)) = (&json.swapped, &json.a_wins_both) {
                text.push('\n');
                text.push_str(&report_text(swapped).to_text(out.text_style()));
                text.push_str(&format!(
                    "\n{} wins {} of the games over both seatings ({} to {}).\n",
                    json.a.name,
                    pct(both.rate, both.count, tally.games * 2),
                    bound(both.low),
                    bound(both.high)
                ));
            }
            emit(&text);
        }
    }
    exit::SUCCESS
}

/// `--field`: every pair of contingent files, both seats.
fn field(
    out: &Out,
    data: &Data,
    args: &SimulateArgs,
    policies: [Kind; 2],
    table: Option<&TableFile>,
) -> u8 {
    if args.log.is_some() || args.replay.is_some() {
        out.error("--log and --replay record one game of a pair: not with --field");
        return exit::USAGE;
    }
    if args.field.len() < 2 {
        out.error("--field needs two or more contingent files");
        return exit::USAGE;
    }
    let mut sides = Vec::new();
    let mut scenario = None;
    for path in &args.field {
        match side(out, data, std::slice::from_ref(path), args.strict) {
            Ok((s, id)) => {
                if scenario.get_or_insert(id.clone()) != &id {
                    out.error("the contingents of a field must be built for the same scenario");
                    return exit::USAGE;
                }
                sides.push(s);
            }
            Err(code) => return code,
        }
    }
    let id = scenario.unwrap_or_else(|| super::DEFAULT_SCENARIO.to_owned());
    let scenario = match scenario_of(out, data, &id, table) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let report_file = match open_output(out, args.report.as_deref(), args.force, &[]) {
        Ok(f) => f,
        Err(code) => return code,
    };
    let n = sides.len();
    let progress = Progress::new(args.most_games() * (n * (n - 1)) as u64);
    // Two files of one side would meet as themselves: each is named by its file too.
    let names = sides
        .iter()
        .map(|s| format!("{} ({})", s.name, s.files.join(", ")))
        .collect();
    let field = crate::field::play(super::ID, args.seed, args.games, names, |i, j| {
        let play = |x: &Side, y: &Side| {
            let setup = Setup {
                sides: [x.levies.clone(), y.levies.clone()],
            };
            run_seating(data, &scenario, &setup, policies, args, None, &progress).0
        };
        let (t1, t2) = (play(&sides[i], &sides[j]), play(&sides[j], &sides[i]));
        crate::field::both_seats(t1.outcome, t2.outcome)
    });
    progress.finish();
    field.finish(
        out,
        args.format,
        report_file,
        "contingents",
        args.most_games(),
    )
}

fn run_seating(
    data: &Data,
    scenario: &super::data::Scenario,
    setup: &Setup,
    policies: [Kind; 2],
    args: &SimulateArgs,
    logged: Option<u64>,
    progress: &Progress,
) -> (Tally, Log) {
    let (tally, log) = crate::runs::play_batches(
        args.most_games(),
        |t: &Tally| args.done(t.outcome, t.games),
        progress,
        |g| {
            let mut log = if Some(g) == logged {
                Log::recording()
            } else {
                Log::off()
            };
            let mut t = Tally::default();
            t.add(&play_one(
                data, scenario, setup, policies, args.seed, g, &mut log,
            ));
            (t, log.is_recording().then_some(log))
        },
        Tally::merge,
    );
    (tally, log.unwrap_or_default())
}

fn side_json(side: &Side, policy: Kind, t: &Tally, s: usize) -> HeroicSideJson {
    let n = t.games.max(1) as f64;
    HeroicSideJson {
        name: side.name.clone(),
        files: side.files.clone(),
        policy: ai::kind_name(policy).to_owned(),
        contingents: side.levies.len(),
        elements: side.levies.iter().map(|l| l.elements.len()).sum(),
        reputation: round(t.deeds[s] as f64 / n),
        elements_lost: round(t.elements_lost[s] as f64 / n),
        leaders_lost: round(t.leaders_lost[s] as f64 / n),
    }
}

fn report(
    scenario: &super::data::Scenario,
    sides: [&Side; 2],
    policies: [Kind; 2],
    args: &SimulateArgs,
    t: &Tally,
) -> HeroicSimulationJson {
    let n = t.games.max(1) as f64;
    HeroicSimulationJson {
        system: super::ID.to_owned(),
        scenario: scenario.name.clone(),
        seed: args.seed,
        games: t.games,
        a: side_json(sides[0], policies[0], t, 0),
        b: side_json(sides[1], policies[1], t, 1),
        a_wins: rate(t.outcome[0], t.games),
        draws: rate(t.outcome[1], t.games),
        b_wins: rate(t.outcome[2], t.games),
        broken: round(t.broken as f64 / n),
        mean_turns: round(t.turns as f64 / n),
        reputation_counts: [trimmed(&t.deed_counts[0]), trimmed(&t.deed_counts[1])],
        game_lengths: trimmed(&t.lengths),
        table: args.table.as_ref().map(|p| p.display().to_string()),
        swapped: None,
        a_wins_both: None,
    }
}

fn report_text(j: &HeroicSimulationJson) -> Doc {
    let mut doc = Doc::new(format!(
        "Heroic Samurai, {}: {} against {} ({} games, seed {})",
        j.scenario, j.a.name, j.b.name, j.games, j.seed
    ));
    let line = |label: &str, r: &Rate| {
        vec![
            label.to_owned(),
            pct(r.rate, r.count, j.games),
            format!("{} to {}", bound(r.low), bound(r.high)),
        ]
    };
    doc.table(
        &["Result", "Rate", "95% interval"],
        vec![
            line(&format!("{} (A) wins", j.a.name), &j.a_wins),
            line("Draw", &j.draws),
            line(&format!("{} (B) wins", j.b.name), &j.b_wins),
        ],
    );
    if j.games > 1 && crate::runs::too_close(&j.a_wins, &j.b_wins) {
        doc.para(crate::runs::TOO_CLOSE);
    }
    doc.table(
        &[
            "Side",
            "Policy",
            "Contingents",
            "Elements",
            "Reputation",
            "Elements lost",
            "Leaders lost",
        ],
        [&j.a, &j.b]
            .iter()
            .map(|s| {
                vec![
                    s.name.clone(),
                    s.policy.clone(),
                    s.contingents.to_string(),
                    s.elements.to_string(),
                    format!("{:.1}", s.reputation),
                    format!("{:.2}", s.elements_lost),
                    format!("{:.2}", s.leaders_lost),
                ]
            })
            .collect(),
    );
    doc.para(format!(
        "Games last {:.1} turns on average; {:.0}% ended with a side out of the fight before the last turn.",
        j.mean_turns,
        j.broken * 100.0
    ));
    doc
}

/// `--report`: the results with their intervals, the Reputation and game-length histograms, the
/// losses, the table and the logged game turn by turn.
fn report_page(
    data: &Data,
    scenario: &Scenario,
    r: &HeroicSimulationJson,
    replay: Option<&str>,
    logged: u64,
) -> String {
    use crate::page::charts::{Pairing, embedded, page, table};
    let (a, b) = (r.a.name.as_str(), r.b.name.as_str());
    let terrain: Vec<_> = scenario
        .terrain
        .iter()
        .map(|p| super::engine::event::TerrainSetup {
            kind: p.kind.clone(),
            rect_mm: p.rect_mm,
        })
        .collect();
    let mut sections = Pairing {
        names: [a, b],
        results: [&r.a_wins, &r.draws, &r.b_wins],
        a_wins_both: r.a_wins_both.as_ref(),
        score: (
            "Reputation",
            "Games by each side's Reputation, in steps of 5 (HS-66)",
            "Reputation / 5",
        ),
        score_counts: &r.reputation_counts,
        length: ("Games by the turn they ended in", "turn"),
        lengths: &r.game_lengths,
    }
    .sections();
    sections.extend([
        (
            "Losses".to_owned(),
            table(
                &[
                    "Side",
                    "Policy",
                    "Elements",
                    "Reputation a game",
                    "Elements lost a game",
                    "Leaders lost a game",
                ],
                &[&r.a, &r.b]
                    .iter()
                    .map(|s| {
                        vec![
                            s.name.clone(),
                            s.policy.clone(),
                            s.elements.to_string(),
                            format!("{:.1}", s.reputation),
                            format!("{:.2}", s.elements_lost),
                            format!("{:.2}", s.leaders_lost),
                        ]
                    })
                    .collect::<Vec<_>>(),
            ),
        ),
        (
            format!("The table: {}", scenario.name),
            super::replay::table_svg(
                data,
                scenario.table_mm.map(f64::from),
                f64::from(scenario.deployment_depth_mm.value),
                &terrain,
            ),
        ),
    ]);
    if let Some(replay) = replay {
        sections.push((format!("Game {logged}, turn by turn"), embedded(replay)));
    }
    page(
        &format!("Heroic Samurai, {}: {a} against {b}", r.scenario),
        &format!(
            "{} games from seed {}; every number comes from the games played by the rules, as \
             the JSON report (`--format json`) gives them.",
            r.games, r.seed
        ),
        &sections,
    )
}
