//! `buntai simulate A.toml B.toml` for Samurai 1550-1600: whole games on the grid under a seed,
//! reported as win, draw and loss rates with 95% intervals, units lost, turns played and how often
//! each Daimyo falls; `--field` plays every pair; `--log`, `--replay` and `--report` are views of
//! the games' events.

use std::path::Path;

use serde::Serialize;

use super::army;
use super::data::Data;
use super::engine::ai::{self, Kind};
use super::engine::event::Log;
use super::engine::game::First;
use super::engine::rules::{Recruit, Rules};
use super::engine::state::{MAX_UNITS, Outcome};
use crate::cli::ListFormat;
use crate::cli::output::{Out, emit, note, open_output, print_json};
use crate::diag::{exit, render_all};
use crate::page::Doc;
use crate::ronin::cli::simulate::{PolicyArg, SimulateArgs};
use crate::runs::{Progress, Rate, add_all, bound, bump, pct, rate, round};

/// Who moves first in every game (OHW-02).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum FirstArg {
    /// Side A.
    A,
    /// Side B.
    B,
    /// The roll-off: each rolls a d6, re-rolling ties, and the higher chooses.
    Random,
}

/// One army, ready to play.
struct Side {
    name: String,
    file: String,
    recruits: Vec<Recruit>,
}

/// A run's tally: merged across threads in game order, so it never depends on the thread count.
#[derive(Debug, Clone, Default)]
struct Tally {
    games: u64,
    /// A wins, draws, B wins.
    outcome: [u64; 3],
    wiped_out: u64,
    points: [u64; 2],
    lost: [u64; 2],
    daimyo: [u64; 2],
    posts: [u64; 2],
    player_turns: u64,
    reactions: u64,
    /// Games by the game turn they ended in.
    lengths: Vec<u64>,
    /// Games by each side's points.
    point_counts: [Vec<u64>; 2],
}

impl Tally {
    fn add(&mut self, o: &Outcome) {
        self.games += 1;
        self.outcome[match o.winner {
            Some(0) => 0,
            None => 1,
            _ => 2,
        }] += 1;
        self.wiped_out += u64::from(o.wiped_out);
        for s in 0..2 {
            self.points[s] += u64::from(o.points[s]);
            self.lost[s] += u64::from(o.lost[s]);
            self.daimyo[s] += u64::from(o.daimyo_lost[s]);
            self.posts[s] += u64::from(o.posts_taken[s]);
            bump(&mut self.point_counts[s], usize::from(o.points[s]));
        }
        self.player_turns += u64::from(o.player_turns);
        self.reactions += u64::from(o.reactions);
        bump(&mut self.lengths, usize::from(o.player_turns.div_ceil(2)));
    }

    fn merge(mut self, other: Tally) -> Tally {
        self.games += other.games;
        for i in 0..3 {
            self.outcome[i] += other.outcome[i];
        }
        self.wiped_out += other.wiped_out;
        for s in 0..2 {
            self.points[s] += other.points[s];
            self.lost[s] += other.lost[s];
            self.daimyo[s] += other.daimyo[s];
            self.posts[s] += other.posts[s];
            add_all(&mut self.point_counts[s], &other.point_counts[s]);
        }
        self.player_turns += other.player_turns;
        self.reactions += other.reactions;
        add_all(&mut self.lengths, &other.lengths);
        self
    }
}

/// One side in the report.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct SideJson {
    pub name: String,
    pub file: String,
    pub policy: String,
    pub units: usize,
    /// Mean units lost a game.
    pub units_lost: f64,
    /// Mean points scored a game (OHW-30).
    pub points: f64,
    /// Share of games its Daimyo fell (OHW-08).
    pub daimyo_fell: Rate,
    /// Share of games an enemy reached its Command Post (OHW-07).
    pub post_taken: f64,
}

/// What `simulate --format json` prints for this system.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct ArmySimulationJson {
    pub system: String,
    pub scenario: String,
    pub scenario_name: String,
    pub seed: u64,
    pub games: u64,
    /// `a`, `b` or `random` (the roll-off of OHW-02).
    pub first: String,
    pub a: SideJson,
    pub b: SideJson,
    pub a_wins: Rate,
    pub draws: Rate,
    pub b_wins: Rate,
    /// Share of games won by wiping out the enemy rather than on points.
    pub wiped_out: f64,
    /// Mean game turns played (a game turn is both players' turns, OHW-01).
    pub mean_game_turns: f64,
    /// Mean reactions a game (OHW-06).
    pub mean_reactions: f64,
    /// Games by the game turn they ended in (index 0 unused).
    pub game_lengths: Vec<u64>,
    /// Games by each side's points.
    pub point_counts: [Vec<u64>; 2],
    /// With `--swap`: the same seeds with the seats exchanged, from army A's side.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub swapped: Option<Box<ArmySimulationJson>>,
    /// With `--swap`: army A's wins over both seatings.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub a_wins_both: Option<Rate>,
}

fn policy_of(out: &Out, p: PolicyArg) -> Result<Kind, u8> {
    crate::cli::systems::common_policy(
        out,
        p,
        "Samurai 1550-1600",
        [Kind::Default, Kind::Random, Kind::Charge],
    )
}

/// Options that belong to Ronin's games only.
fn ronin_only(args: &SimulateArgs) -> Option<&'static str> {
    use crate::ronin::model::ScenarioId;
    [
        (
            args.scenario != ScenarioId::Skirmish,
            "--scenario (an army file's `scenario` key sets it)",
        ),
        (
            args.order_a.is_some() || args.order_b.is_some(),
            "--order-a/--order-b",
        ),
        (args.allow_unequal, "--allow-unequal"),
        (args.reserves, "--reserves"),
        (args.fatigue, "--fatigue"),
        (args.table.is_some(), "--table"),
        (args.attacker.is_some(), "--attacker"),
        (args.deployment.is_some(), "--deployment"),
        (args.placement.is_some(), "--placement"),
    ]
    .into_iter()
    .find_map(|(set, name)| set.then_some(name))
}

/// Read one army: it must parse and name only the data's units and additions; a broken
/// composition rule is warned about, or refused with `--strict`.
fn side(
    out: &Out,
    data: &Data,
    rules: &Rules,
    path: &Path,
    strict: bool,
) -> Result<(Side, String), u8> {
    let file = crate::cli::output::read_input(out, path)?;
    let verdict = army::validate(data, &file);
    let Some(parsed) = verdict.parsed.clone() else {
        let problems = verdict.problems();
        note(&render_all(&problems, out.color, out.width()));
        out.error(&format!(
            "cannot simulate `{}`: fix the problems above first",
            file.name
        ));
        return Err(exit::PROBLEMS);
    };
    if !verdict.legal() {
        let problems = verdict.problems();
        note(&render_all(&problems, out.color, out.width()));
        if strict {
            out.error(&format!("`{}` is not a legal army (--strict)", file.name));
            return Err(exit::PROBLEMS);
        }
        note(&format!(
            "warning: `{}` is not a legal army; playing it anyway",
            file.name
        ));
    }
    let recruits = rules.recruits(data, &parsed).map_err(|e| {
        out.error(&format!("cannot simulate `{}`: {e}", file.name));
        exit::PROBLEMS
    })?;
    if recruits.is_empty() || recruits.len() > MAX_UNITS / 2 {
        out.error(&format!(
            "cannot simulate `{}`: an army plays with 1 to {} units",
            file.name,
            MAX_UNITS / 2
        ));
        return Err(exit::PROBLEMS);
    }
    let scenario = parsed
        .scenario
        .clone()
        .unwrap_or_else(|| super::DEFAULT_SCENARIO.to_owned());
    Ok((
        Side {
            name: parsed.name.clone().unwrap_or_else(|| file.name.clone()),
            file: file.name.clone(),
            recruits,
        },
        scenario,
    ))
}

fn rules_for(out: &Out, data: &Data, scenario: &str) -> Result<Rules, u8> {
    let Some(s) = data.scenario(scenario) else {
        out.error(&format!(
            "no scenario `{scenario}` in the {} data",
            super::ID
        ));
        return Err(exit::PROBLEMS);
    };
    Rules::new(data, s).map_err(|e| {
        out.error(&format!("the {} data cannot be played: {e}", super::ID));
        exit::PROBLEMS
    })
}

fn first_of(arg: Option<FirstArg>) -> First {
    match arg {
        Some(FirstArg::A) => First::A,
        Some(FirstArg::B) => First::B,
        Some(FirstArg::Random) | None => First::Roll,
    }
}

/// Play a seating's games in batches; the game `logged` is recorded.
fn run_seating(
    rules: &Rules,
    armies: [&[Recruit]; 2],
    policies: [Kind; 2],
    args: &SimulateArgs,
    logged: Option<u64>,
    progress: &Progress,
) -> (Tally, Log) {
    let first = first_of(args.first);
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
            let o = super::engine::play_one(rules, armies, policies, first, args.seed, g, &mut log);
            let mut t = Tally::default();
            t.add(&o);
            (t, log.is_recording().then_some(log))
        },
        Tally::merge,
    );
    (tally, log.unwrap_or_else(Log::off))
}

fn side_json(side: &Side, policy: Kind, t: &Tally, s: usize) -> SideJson {
    let n = t.games.max(1) as f64;
    SideJson {
        name: side.name.clone(),
        file: side.file.clone(),
        policy: ai::kind_name(policy).to_owned(),
        units: side.recruits.len(),
        units_lost: round(t.lost[s] as f64 / n),
        points: round(t.points[s] as f64 / n),
        daimyo_fell: rate(t.daimyo[s], t.games),
        post_taken: round(t.posts[s] as f64 / n),
    }
}

fn report(
    rules: &Rules,
    sides: [&Side; 2],
    policies: [Kind; 2],
    args: &SimulateArgs,
    t: &Tally,
) -> ArmySimulationJson {
    let n = t.games.max(1) as f64;
    ArmySimulationJson {
        system: super::ID.to_owned(),
        scenario: rules.scenario.clone(),
        scenario_name: rules.scenario_name.clone(),
        seed: args.seed,
        games: t.games,
        first: match args.first {
            Some(FirstArg::A) => "a",
            Some(FirstArg::B) => "b",
            _ => "random",
        }
        .to_owned(),
        a: side_json(sides[0], policies[0], t, 0),
        b: side_json(sides[1], policies[1], t, 1),
        a_wins: rate(t.outcome[0], t.games),
        draws: rate(t.outcome[1], t.games),
        b_wins: rate(t.outcome[2], t.games),
        wiped_out: round(t.wiped_out as f64 / n),
        mean_game_turns: round(t.player_turns as f64 / n / 2.0),
        mean_reactions: round(t.reactions as f64 / n),
        game_lengths: t.lengths.clone(),
        point_counts: t.point_counts.clone(),
        swapped: None,
        a_wins_both: None,
    }
}

/// `buntai simulate` for this system.
pub fn run(out: &Out, data: &Data, args: &SimulateArgs) -> u8 {
    if let Some(option) = ronin_only(args) {
        out.error(&format!(
            "{option} is for Ronin's games; {} has no such option",
            super::ID
        ));
        return exit::USAGE;
    }
    let (pa, pb) = match (policy_of(out, args.policy_a), policy_of(out, args.policy_b)) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(code), _) | (_, Err(code)) => return code,
    };
    if !args.field.is_empty() {
        return field(out, data, args, [pa, pb]);
    }
    let Some(b_path) = args.b.as_deref() else {
        out.error("simulate needs two armies, A and B");
        return exit::USAGE;
    };
    let inputs = [args.a(), b_path];
    let log_file = match open_output(out, args.log.as_deref(), args.force, &inputs) {
        Ok(f) => f,
        Err(code) => return code,
    };
    let replay_file = match open_output(out, args.replay.as_deref(), args.force, &inputs) {
        Ok(f) => f,
        Err(code) => return code,
    };
    let report_file = match open_output(out, args.report.as_deref(), args.force, &inputs) {
        Ok(f) => f,
        Err(code) => return code,
    };
    // The scenario is the armies' own; both must be built for the same one.
    let scenario_of = |path: &Path| -> Result<String, u8> {
        let file = crate::cli::output::read_input(out, path)?;
        Ok(crate::files::parse_toml::<army::ArmyFile>(&file)
            .ok()
            .and_then(|a| a.scenario)
            .unwrap_or_else(|| super::DEFAULT_SCENARIO.to_owned()))
    };
    let (sa, sb) = match (scenario_of(args.a()), scenario_of(b_path)) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(code), _) | (_, Err(code)) => return code,
    };
    if sa != sb {
        out.error(&format!(
            "the armies are built for different scenarios (`{sa}` and `{sb}`): give them the same \
             `scenario`"
        ));
        return exit::USAGE;
    }
    let rules = match rules_for(out, data, &sa) {
        Ok(r) => r,
        Err(code) => return code,
    };
    let (a, b) = match (
        side(out, data, &rules, args.a(), args.strict),
        side(out, data, &rules, b_path, args.strict),
    ) {
        (Ok((a, _)), Ok((b, _))) => (a, b),
        (Err(code), _) | (_, Err(code)) => return code,
    };
    let wants_log = log_file.is_some() || replay_file.is_some() || report_file.is_some();
    let logged = wants_log.then_some(args.log_game);
    let progress = Progress::new(args.most_games() * if args.swap { 2 } else { 1 });
    let (tally, log) = run_seating(
        &rules,
        [&a.recruits, &b.recruits],
        [pa, pb],
        args,
        logged,
        &progress,
    );
    let mut json = report(&rules, [&a, &b], [pa, pb], args, &tally);
    if args.swap {
        let (t2, _) = run_seating(
            &rules,
            [&b.recruits, &a.recruits],
            [pb, pa],
            args,
            None,
            &progress,
        );
        let swapped = report(&rules, [&b, &a], [pb, pa], args, &t2);
        json.a_wins_both = Some(rate(
            tally.outcome[0] + t2.outcome[2],
            tally.games + t2.games,
        ));
        json.swapped = Some(Box::new(swapped));
    }
    progress.finish();
    let mut failed = false;
    if logged.is_some() && log.events.is_empty() {
        out.error(&format!(
            "--log-game {} is not one of the {} games played",
            args.log_game, tally.games
        ));
        failed = true;
    }
    if let Some(file) = log_file
        && !log.events.is_empty()
        && let Err(e) = crate::runs::write_jsonl(file, &log.events)
    {
        out.error(&format!("cannot write the log: {e}"));
        failed = true;
    }
    let replay = if log.events.is_empty() {
        None
    } else {
        match super::replay::page(data, &log.events, &format!("{} against {}", a.name, b.name)) {
            Ok(page) => Some(page),
            Err(e) => {
                out.error(&format!("cannot draw the replay: {e}"));
                failed = true;
                None
            }
        }
    };
    if let (Some(file), Some(page)) = (replay_file, &replay)
        && crate::cli::output::write_output(out, Some(file), page).is_err()
    {
        failed = true;
    }
    if let Some(file) = report_file
        && crate::cli::output::write_output(
            out,
            Some(file),
            &report_page(&json, replay.as_deref(), args.log_game),
        )
        .is_err()
    {
        failed = true;
    }
    let code = match args.format {
        ListFormat::Json => print_json(&json),
        ListFormat::Text => {
            emit(&report_text(&json).to_text(out.text_style()));
            exit::SUCCESS
        }
    };
    if failed { exit::USAGE } else { code }
}

fn report_text(r: &ArmySimulationJson) -> Doc {
    let mut doc = Doc::new(format!(
        "{}, {}: {} (A) against {} (B)",
        super::ID,
        r.scenario_name,
        r.a.name,
        r.b.name
    ));
    let first = match r.first.as_str() {
        "a" => "A always moves first",
        "b" => "B always moves first",
        _ => "the first player is rolled for (OHW-02)",
    };
    doc.para(format!(
        "{} from seed {}; {first}. A plays {} units (policy {}), B {} (policy {}).",
        crate::diag::plural(u32::try_from(r.games).unwrap_or(u32::MAX), "game"),
        r.seed,
        r.a.units,
        r.a.policy,
        r.b.units,
        r.b.policy
    ));
    let line = |label: String, x: &Rate| {
        vec![
            label,
            pct(x.rate, x.count, r.games),
            format!("{} to {}", bound(x.low), bound(x.high)),
        ]
    };
    let mut rows = vec![
        line(format!("{} (A) wins", r.a.name), &r.a_wins),
        line("Draw".to_owned(), &r.draws),
        line(format!("{} (B) wins", r.b.name), &r.b_wins),
    ];
    if let Some(both) = &r.a_wins_both {
        rows.push(line(format!("{} wins, both seats", r.a.name), both));
    }
    doc.table(&["Result", "Share", "95% interval"], rows);
    if r.games > 1 && crate::runs::too_close(&r.a_wins, &r.b_wins) {
        doc.para(crate::runs::TOO_CLOSE);
    }
    let per_side = |s: &SideJson| {
        vec![
            s.name.clone(),
            format!("{:.2} of {}", s.units_lost, s.units),
            format!("{:.2}", s.points),
            format!(
                "{} ({} to {})",
                pct(s.daimyo_fell.rate, s.daimyo_fell.count, r.games),
                bound(s.daimyo_fell.low),
                bound(s.daimyo_fell.high)
            ),
            format!("{:.1}%", s.post_taken * 100.0),
        ]
    };
    doc.table(
        &[
            "Army",
            "Units lost a game",
            "Points a game",
            "Daimyo fell",
            "Command Post lost",
        ],
        vec![per_side(&r.a), per_side(&r.b)],
    );
    doc.para(format!(
        "{:.1}% of games were won by wiping out the enemy, the rest on points after the last turn \
         (OHW-30). A game lasted {:.1} game turns on average, with {:.1} reactions.",
        r.wiped_out * 100.0,
        r.mean_game_turns,
        r.mean_reactions
    ));
    if let Some(s) = &r.swapped {
        doc.para(format!(
            "Seats exchanged (same seeds): {} wins {}, draws {}, {} wins {}.",
            r.a.name,
            pct(s.b_wins.rate, s.b_wins.count, s.games),
            pct(s.draws.rate, s.draws.count, s.games),
            r.b.name,
            pct(s.a_wins.rate, s.a_wins.count, s.games),
        ));
    }
    doc
}

fn report_page(r: &ArmySimulationJson, replay: Option<&str>, logged: u64) -> String {
    use crate::page::charts::{Interval, Pairing, embedded, page, rates, table};
    let interval = Interval::of;
    let (a, b) = (r.a.name.as_str(), r.b.name.as_str());
    let daimyo = [
        interval(format!("{a}'s Daimyo fell"), &r.a.daimyo_fell, Some(0)),
        interval(format!("{b}'s Daimyo fell"), &r.b.daimyo_fell, Some(1)),
    ];
    let mut sections = Pairing {
        names: [a, b],
        results: [&r.a_wins, &r.draws, &r.b_wins],
        a_wins_both: r.a_wins_both.as_ref(),
        score: ("Points", "Games by each side's points (OHW-30)", "points"),
        score_counts: &r.point_counts,
        length: ("Games by the game turn they ended in", "game turn"),
        lengths: &r.game_lengths,
    }
    .sections();
    sections.extend([(
        "Losses".to_owned(),
        rates("How often each Daimyo fell, with 95% intervals", &daimyo)
            + &table(
                &[
                    "Army",
                    "Units",
                    "Lost a game",
                    "Points a game",
                    "Command Post lost %",
                ],
                &[&r.a, &r.b]
                    .iter()
                    .map(|s| {
                        vec![
                            s.name.clone(),
                            s.units.to_string(),
                            format!("{:.2}", s.units_lost),
                            format!("{:.2}", s.points),
                            format!("{:.1}", s.post_taken * 100.0),
                        ]
                    })
                    .collect::<Vec<_>>(),
            ),
    )]);
    if let Some(replay) = replay {
        sections.push((format!("Game {logged}, turn by turn"), embedded(replay)));
    }
    page(
        &format!("{}: {a} against {b}", r.scenario_name),
        &format!(
            "{} games of {} from seed {}; every number comes from the games played by the rules, \
             as the JSON report (`--format json`) gives them.",
            r.games,
            super::ID,
            r.seed
        ),
        &sections,
    )
}

fn field(out: &Out, data: &Data, args: &SimulateArgs, policies: [Kind; 2]) -> u8 {
    if args.log.is_some() || args.replay.is_some() {
        out.error("--log and --replay record one game of a pair: not with --field");
        return exit::USAGE;
    }
    let mut sides = Vec::new();
    let mut scenario = None;
    for path in &args.field {
        let Ok(file) = crate::cli::output::read_input(out, path) else {
            return exit::USAGE;
        };
        let s = crate::files::parse_toml::<army::ArmyFile>(&file)
            .ok()
            .and_then(|a| a.scenario)
            .unwrap_or_else(|| super::DEFAULT_SCENARIO.to_owned());
        if scenario.get_or_insert(s.clone()) != &s {
            out.error("the armies of a field must be built for the same scenario");
            return exit::USAGE;
        }
    }
    let rules = match rules_for(
        out,
        data,
        scenario.as_deref().unwrap_or(super::DEFAULT_SCENARIO),
    ) {
        Ok(r) => r,
        Err(code) => return code,
    };
    for path in &args.field {
        match side(out, data, &rules, path, args.strict) {
            Ok((s, _)) => sides.push(s),
            Err(code) => return code,
        }
    }
    let report_file = match open_output(out, args.report.as_deref(), args.force, &[]) {
        Ok(f) => f,
        Err(code) => return code,
    };
    let progress =
        Progress::new(args.most_games() * (sides.len() * sides.len().saturating_sub(1)) as u64);
    let names = sides.iter().map(|s| s.name.clone()).collect();
    let field = crate::field::play(super::ID, args.seed, args.games, names, |i, j| {
        let (x, y) = (&sides[i], &sides[j]);
        let (t1, _) = run_seating(
            &rules,
            [&x.recruits, &y.recruits],
            policies,
            args,
            None,
            &progress,
        );
        let (t2, _) = run_seating(
            &rules,
            [&y.recruits, &x.recruits],
            policies,
            args,
            None,
            &progress,
        );
        crate::field::both_seats(t1.outcome, t2.outcome)
    });
    progress.finish();
    field.finish(out, args.format, report_file, "armies", args.most_games())
}
