//! `buntai simulate BATTLE.toml` for L5R: whole battles by the round engine, in batches on every
//! core, each from its own seeded stream (the same seed gives the same report at any thread
//! count). Win, draw and retreat rates with 95% intervals, rounds, MP lost, squads lost for good,
//! captures, Honor and Glory; `--swap` plays the policies in both seats; `--log`, `--report`.

use std::path::Path;

use schemars::JsonSchema;
use serde::Serialize;

use super::ai::{self, Kind};
use super::data::Data;
use super::dice::SeededD10;
use super::engine::{Game, Log, Outcome, Result};
use super::event::Event;
use super::odds_table::Odds;
use super::setup::Setup;
use crate::cli::ListFormat;
use crate::cli::output::{Out, emit, note, open_output, print_json};
use crate::diag::exit;
use crate::ronin::cli::simulate::{PolicyArg, SimulateArgs};
use crate::runs::{Progress, Rate, bump, pct, rate, round};

/// What a run of battles counted.
#[derive(Debug, Clone, Default)]
pub struct Tally {
    pub battles: u64,
    /// A won, B won, draw, A retreated, B retreated.
    pub outcome: [u64; 5],
    pub rounds: Vec<u64>,
    pub mp_lost: [u64; 2],
    pub lost_for_good: [u64; 2],
    pub captures: [u64; 2],
    pub honor: [i64; 2],
    pub glory: [i64; 2],
    pub officers_dead: [u64; 2],
    /// How the losers lost.
    pub how: Vec<(&'static str, u64)>,
}

impl Tally {
    pub fn add(&mut self, r: &Result) {
        self.battles += 1;
        let i = match r.outcome {
            Outcome::Won(0) => 0,
            Outcome::Won(_) => 1,
            Outcome::Draw => 2,
            Outcome::Retreated(0) => 3,
            Outcome::Retreated(_) => 4,
        };
        self.outcome[i] += 1;
        bump(&mut self.rounds, r.rounds as usize);
        for s in 0..2 {
            self.mp_lost[s] += r.mp_lost[s].max(0) as u64;
            self.lost_for_good[s] += u64::from(r.squads_lost_for_good[s]);
            self.captures[s] += u64::from(r.captures[s]);
            self.honor[s] += i64::from(r.honor[s]);
            self.glory[s] += i64::from(r.glory[s]);
            self.officers_dead[s] += u64::from(r.officers_dead[s]);
        }
        match self.how.iter_mut().find(|(h, _)| *h == r.how) {
            Some((_, n)) => *n += 1,
            None => self.how.push((r.how, 1)),
        }
    }

    pub fn merge(mut self, other: Tally) -> Tally {
        self.battles += other.battles;
        for i in 0..5 {
            self.outcome[i] += other.outcome[i];
        }
        crate::runs::add_all(&mut self.rounds, &other.rounds);
        for s in 0..2 {
            self.mp_lost[s] += other.mp_lost[s];
            self.lost_for_good[s] += other.lost_for_good[s];
            self.captures[s] += other.captures[s];
            self.honor[s] += other.honor[s];
            self.glory[s] += other.glory[s];
            self.officers_dead[s] += other.officers_dead[s];
        }
        for (h, n) in other.how {
            match self.how.iter_mut().find(|(x, _)| *x == h) {
                Some((_, m)) => *m += n,
                None => self.how.push((h, n)),
            }
        }
        self.how.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        self
    }
}

/// Play battle `game` of a seating.
pub fn play_one(
    setup: &Setup,
    odds: &Odds,
    kinds: [Kind; 2],
    seed: u64,
    seating: u64,
    game: u64,
    log: Log,
) -> (Result, Log) {
    let stream = (seating << 40) | game;
    let mut g = Game::new(setup, odds, SeededD10::new(seed, stream), log);
    let mut pa = ai::make(kinds[0], seed, stream, 0);
    let mut pb = ai::make(kinds[1], seed, stream, 1);
    let on = g.log.on();
    if on {
        let zones = setup.zones.iter().map(|z| z.name.clone()).collect();
        let sides = [setup.sides[0].name.clone(), setup.sides[1].name.clone()];
        let mp = [setup.sides[0].mp(), setup.sides[1].mp()];
        let name = setup.name.clone();
        let start = setup.start;
        let file = setup.source.clone().unwrap_or_default();
        g.log.push(|| Event::Setup {
            system: super::ID.to_owned(),
            battle: name,
            seed,
            game,
            zones,
            start,
            sides,
            mp,
            policies: [kinds[0].name().to_owned(), kinds[1].name().to_owned()],
            file,
        });
    }
    let result = g.play(&mut [pa.as_mut(), pb.as_mut()]);
    (result, g.log)
}

/// One side in the report.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct SideJson {
    pub name: String,
    pub policy: String,
    pub start_mp: i32,
    pub wins: Rate,
    pub retreats: Rate,
    pub mp_lost: f64,
    pub squads_lost_for_good: f64,
    pub captures: f64,
    pub officers_dead: f64,
    /// Mean tenths gained (negative: lost).
    pub honor: f64,
    pub glory: f64,
}

/// One seating's results.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct SeatingJson {
    pub battles: u64,
    pub a: SideJson,
    pub b: SideJson,
    pub draws: Rate,
    pub mean_rounds: f64,
    /// `rounds[n]`: battles that lasted n rounds.
    pub rounds: Vec<u64>,
    /// How battles ended, most common first.
    pub endings: Vec<(String, u64)>,
}

/// `simulate --format json` for an L5R battle.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct L5rSimulationJson {
    pub system: &'static str,
    pub battle: String,
    pub seed: u64,
    pub seatings: Vec<SeatingJson>,
}

fn seating_json(setup: &Setup, kinds: [Kind; 2], t: &Tally) -> SeatingJson {
    let n = t.battles.max(1);
    let nf = n as f64;
    let side = |s: usize| SideJson {
        name: setup.sides[s].name.clone(),
        policy: kinds[s].name().to_owned(),
        start_mp: setup.sides[s].mp(),
        wins: rate(t.outcome[s] + t.outcome[4 - s], n),
        retreats: rate(t.outcome[3 + s], n),
        mp_lost: round(t.mp_lost[s] as f64 / nf),
        squads_lost_for_good: round(t.lost_for_good[s] as f64 / nf),
        captures: round(t.captures[s] as f64 / nf),
        officers_dead: round(t.officers_dead[s] as f64 / nf),
        honor: round(t.honor[s] as f64 / nf / 10.0),
        glory: round(t.glory[s] as f64 / nf / 10.0),
    };
    let total_rounds: u64 = t.rounds.iter().enumerate().map(|(r, c)| r as u64 * c).sum();
    SeatingJson {
        battles: t.battles,
        a: side(0),
        b: side(1),
        draws: rate(t.outcome[2], n),
        mean_rounds: round(total_rounds as f64 / nf),
        rounds: t.rounds.clone(),
        endings: t.how.iter().map(|(h, c)| ((*h).to_owned(), *c)).collect(),
    }
}

fn kind_of(out: &Out, p: PolicyArg) -> std::result::Result<Kind, u8> {
    crate::cli::systems::common_policy(out, p, "L5R", [Kind::Default, Kind::Random, Kind::Charge])
}

/// Play one seating in batches on every core.
fn run_seating(
    setup: &Setup,
    odds: &Odds,
    kinds: [Kind; 2],
    args: &SimulateArgs,
    seating: u64,
    logged: Option<u64>,
    progress: &Progress,
) -> (Tally, Vec<Event>) {
    let most = if args.precision.is_some() {
        crate::runs::PRECISION_CAP
    } else {
        args.games
    };
    let (tally, log) = crate::runs::play_batches(
        most,
        |t: &Tally| {
            crate::runs::settled(
                args.precision,
                &[
                    t.outcome[0] + t.outcome[4],
                    t.outcome[1] + t.outcome[3],
                    t.outcome[2],
                ],
                t.battles,
            )
        },
        progress,
        |g| {
            let log = if Some(g) == logged {
                Log::recording()
            } else {
                Log::off()
            };
            let (r, log) = play_one(setup, odds, kinds, args.seed, seating, g, log);
            let mut t = Tally::default();
            t.add(&r);
            let events = log.events();
            (t, (!events.is_empty()).then_some(events))
        },
        Tally::merge,
    );
    (tally, log.unwrap_or_default())
}

/// `buntai simulate BATTLE.toml`.
pub fn run(out: &Out, data: &Data, args: &SimulateArgs) -> u8 {
    let Some(path) = args.a.as_deref() else {
        out.error("give the battle file: buntai simulate BATTLE.toml");
        return exit::USAGE;
    };
    if args.b.is_some() || !args.field.is_empty() {
        out.error("an L5R battle file holds both sides: give it alone");
        return exit::USAGE;
    }
    let (pa, pb) = match (kind_of(out, args.policy_a), kind_of(out, args.policy_b)) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(code), _) | (_, Err(code)) => return code,
    };
    let file = match crate::files::read_source(path) {
        Ok(f) => f,
        Err(reason) => {
            out.error(&format!("cannot read `{}`: {reason}", path.display()));
            return exit::USAGE;
        }
    };
    let verdict = super::battle::validate(data, &file);
    let problems = verdict.problems();
    let setup = match (&verdict.parsed, verdict.legal()) {
        (Some(b), true) => super::setup::resolve(data, b),
        _ => None,
    };
    let Some(mut setup) = setup else {
        note(&crate::diag::render_all(&problems, out.color, out.width()));
        out.error(&format!(
            "cannot simulate `{}`: it is not a legal battle file",
            file.name
        ));
        return exit::PROBLEMS;
    };
    setup.source = Some(file.text.to_string());
    let inputs: Vec<&Path> = vec![path];
    let mut outputs = Vec::new();
    for wanted in [&args.log, &args.replay, &args.report] {
        match open_output(out, wanted.as_deref(), args.force, &inputs) {
            Ok(f) => outputs.push(f),
            Err(code) => return code,
        }
    }
    let report_file = outputs.pop().flatten();
    let replay_file = outputs.pop().flatten();
    let log_file = outputs.pop().flatten();
    let odds = Odds::new(&setup);
    let mut seatings = vec![[pa, pb]];
    if args.swap {
        seatings.push([pb, pa]);
    }
    let progress = Progress::new(args.games * seatings.len() as u64);
    let want_log = log_file.is_some() || report_file.is_some() || replay_file.is_some();
    let mut results = Vec::new();
    let mut logged = Vec::new();
    for (i, kinds) in seatings.iter().enumerate() {
        let logged_game = (want_log && i == 0).then_some(args.log_game);
        let (tally, events) = run_seating(
            &setup,
            &odds,
            *kinds,
            args,
            i as u64,
            logged_game,
            &progress,
        );
        results.push(seating_json(&setup, *kinds, &tally));
        if i == 0 {
            logged = events;
        }
    }
    progress.finish();
    let json = L5rSimulationJson {
        system: super::ID,
        battle: setup.name.clone(),
        seed: args.seed,
        seatings: results,
    };
    if let Some(f) = log_file
        && let Err(reason) = crate::runs::write_jsonl(f, &logged)
    {
        out.error(&format!("cannot write the log: {reason}"));
        return exit::USAGE;
    }
    if let Some(f) = replay_file {
        let page = match super::replay::page(&setup, &logged) {
            Ok(page) => page,
            Err(why) => {
                out.error(&format!("the logged battle does not hold up: {why}"));
                return exit::PROBLEMS;
            }
        };
        if let Err(reason) = write_page(f, &page) {
            out.error(&format!("cannot write the replay: {reason}"));
            return exit::USAGE;
        }
    }
    if let Some(f) = report_file {
        let page = report_page(&json, &logged);
        if let Err(reason) = write_page(f, &page) {
            out.error(&format!("cannot write the report: {reason}"));
            return exit::USAGE;
        }
    }
    match args.format {
        ListFormat::Json => {
            print_json(&json);
        }
        ListFormat::Text => emit(&text(&json, out)),
    }
    exit::SUCCESS
}

/// Write a page to its file and commit it.
fn write_page(mut f: crate::files::OutputFile, page: &str) -> std::result::Result<(), String> {
    use std::io::Write;
    f.write_all(page.as_bytes()).map_err(|e| e.to_string())?;
    f.commit().map_err(|e| e.to_string())
}

fn text(json: &L5rSimulationJson, out: &Out) -> String {
    let mut doc = crate::page::Doc::new(format!("L5R mass battle: {}", json.battle));
    for s in &json.seatings {
        let n = s.battles;
        doc.heading(format!(
            "A {} ({}) against B {} ({}): {n} battles",
            s.a.name, s.a.policy, s.b.name, s.b.policy
        ));
        let row = |label: &str, r: &Rate| {
            vec![
                label.to_owned(),
                pct(r.rate, r.count, n),
                format!(
                    "{} to {}",
                    crate::runs::bound(r.low),
                    crate::runs::bound(r.high)
                ),
            ]
        };
        doc.table(
            &["Result", "Rate", "95% interval"],
            vec![
                row(&format!("A wins ({})", s.a.policy), &s.a.wins),
                row(&format!("B wins ({})", s.b.policy), &s.b.wins),
                row("draw", &s.draws),
                row("A retreats", &s.a.retreats),
                row("B retreats", &s.b.retreats),
            ],
        );
        if crate::runs::too_close(&s.a.wins, &s.b.wins) {
            doc.para(crate::runs::TOO_CLOSE);
        }
        doc.table(
            &[
                "Side",
                "MP lost",
                "Squads lost for good",
                "Captures",
                "Officers dead",
                "Honor",
                "Glory",
            ],
            [&s.a, &s.b]
                .iter()
                .zip(["A", "B"])
                .map(|(x, l)| {
                    vec![
                        format!("{l} ({} MP)", x.start_mp),
                        format!("{:.2}", x.mp_lost),
                        format!("{:.2}", x.squads_lost_for_good),
                        format!("{:.2}", x.captures),
                        format!("{:.2}", x.officers_dead),
                        format!("{:+.2}", x.honor),
                        format!("{:+.2}", x.glory),
                    ]
                })
                .collect(),
        );
        doc.para(format!(
            "Mean {:.1} rounds. Endings: {}.",
            s.mean_rounds,
            s.endings
                .iter()
                .map(|(h, c)| format!("{h} {c}"))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    doc.to_text(out.text_style())
}

/// The HTML report: the rates with their intervals, the battle lengths, and the logged battle.
fn report_page(json: &L5rSimulationJson, events: &[Event]) -> String {
    use crate::page::charts;
    let mut sections = Vec::new();
    for (i, s) in json.seatings.iter().enumerate() {
        let bars = vec![
            charts::Interval::of(
                format!("A {} ({}) wins", s.a.name, s.a.policy),
                &s.a.wins,
                Some(0),
            ),
            charts::Interval::of(
                format!("B {} ({}) wins", s.b.name, s.b.policy),
                &s.b.wins,
                Some(1),
            ),
            charts::Interval::of("draw".to_owned(), &s.draws, None),
        ];
        sections.push((
            format!("Seating {}: results", i + 1),
            charts::rates("Results with 95% intervals", &bars),
        ));
        let rounds = vec![("battles".to_owned(), Some(0), s.rounds.clone())];
        sections.push((
            format!("Seating {}: rounds", i + 1),
            charts::histogram("Battles by rounds", "rounds", &rounds),
        ));
    }
    let lines: Vec<Vec<String>> = events
        .iter()
        .filter_map(|e| serde_json::to_string(e).ok())
        .map(|l| vec![l])
        .collect();
    if !lines.is_empty() {
        sections.push((
            "The logged battle, event by event".to_owned(),
            charts::table(&["Event"], &lines),
        ));
    }
    charts::page(
        &format!("L5R mass battle: {}", json.battle),
        &format!("{} seating(s), seed {}.", json.seatings.len(), json.seed),
        &sections,
    )
}
