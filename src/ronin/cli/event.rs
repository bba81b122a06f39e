//! `buntai event`: a tournament event file from the players' rosters, Swiss rounds paired,
//! results recorded from logs or by hand, standings, the larger-roster variant's Buntai chosen
//! round by round with wounds carried, and whole events played by the engine (tp.69, R-121, P-07).

use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};
use serde::Serialize;

use super::campaign::{
    edit_with, entry_points, parse_vp, read_legal_roster, report_with, write_new, write_roster,
};
use super::simulate::PolicyArg;
use crate::cli::ListFormat;
use crate::cli::output::{Out, emit, note, print_json};
use crate::diag::{SourceFile, exit, render};
use crate::ronin::campaign::event::{
    Casualty, Event, EventPlayer, GameResult, Round, Standing, Wound,
};
use crate::ronin::campaign::log::{LoggedGame, parse_lines, read_game};
use crate::ronin::campaign::{EndState, expand};
use crate::ronin::engine::SeededDice;
use crate::ronin::engine::policy::DefaultAi;
use crate::ronin::model::{Catalogue, ScenarioId};
use crate::ronin::print::Doc;
use crate::ronin::roster::Roster;
use crate::ronin::rules::{self, Options};

#[derive(Debug, Subcommand)]
pub enum EventCommand {
    /// Start an event file from the players' rosters; `--game-points` makes it the
    /// larger-roster variant (P-07).
    #[command(
        after_help = "Examples:\n  buntai event new --player Alice=alice.toml --player Bob=bob.toml --player Cho=cho.toml -o spring.toml\n  buntai event new --player Alice=a400.toml --player Bob=b400.toml --game-points 150 -o big.toml"
    )]
    New(EventNewArgs),
    /// Pair the next round: drawn at random in round one, then by the standings without
    /// repeats; with an odd number of players the lowest-placed without a bye gets one.
    Pair(EventFileArgs),
    /// Larger-roster variant: choose a player's Buntai for the current round from the models
    /// fit to play (none named: the best legal Buntai is picked for them).
    #[command(
        after_help = "Examples:\n  buntai event choose big.toml --player Alice Samurai \"Ashigaru 1\" \"Ashigaru 2\"\n  buntai event choose big.toml --player Bob -o bob-round-2.toml"
    )]
    Choose(ChooseArgs),
    /// Record a game of the current round: from a `simulate --log` file or by hand.
    #[command(
        after_help = "Examples:\n  buntai event record spring.toml --player Alice --vp 6-4\n  buntai event record spring.toml --player Bob --vp 3-3 --round 2\n  buntai event record big.toml --player Alice --from-log game.jsonl --side a\n  buntai event record big.toml --player Alice --vp 5-2 --grievous \"Alice:Samurai\" --killed \"Bob:Ashigaru 2\""
    )]
    Record(EventRecordArgs),
    /// The standings (score, VP scored, fewest VP conceded, lot) and the rounds so far.
    Standings(EventFileArgs),
    /// Play every round left with the engine: pair, choose Buntai, play and record each game.
    Simulate(EventSimulateArgs),
}

#[derive(Debug, Args)]
pub struct EventNewArgs {
    /// A player: `NAME=ROSTER` (or just `ROSTER`, named after the roster). Give it once per
    /// player, at least twice.
    #[arg(long = "player", value_name = "NAME=ROSTER", required = true)]
    pub players: Vec<String>,
    /// Rounds to play (default: log2 of the players, rounded up).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=20))]
    pub rounds: Option<u32>,
    /// The larger-roster variant: the rosters are master rosters, and each game is played by a
    /// Buntai of at most this many points chosen from them.
    #[arg(long, value_name = "POINTS")]
    pub game_points: Option<u32>,
    /// The scenario every game is played as.
    #[arg(long, value_enum, default_value_t = ScenarioId::Skirmish)]
    pub scenario: ScenarioId,
    /// Draws the lots and the first round.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The event's name, printed on pairings and standings.
    #[arg(long)]
    pub name: Option<String>,
    /// The event file to write.
    #[arg(short, long, value_name = "FILE")]
    pub output: PathBuf,
    /// Overwrite the file if it exists.
    #[arg(long)]
    pub force: bool,
}

#[derive(Debug, Args)]
pub struct EventFileArgs {
    /// The event file.
    pub file: PathBuf,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ListFormat::Text)]
    pub format: ListFormat,
}

#[derive(Debug, Args)]
pub struct ChooseArgs {
    /// The event file.
    pub file: PathBuf,
    /// The player (as the event file names them).
    #[arg(long)]
    pub player: String,
    /// The models, by name or number in the master roster; none: pick the best legal Buntai.
    pub models: Vec<String>,
    /// Also write the chosen Buntai as a roster file (to print, or to `simulate`).
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Overwrite the file if it exists.
    #[arg(long)]
    pub force: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ListFormat::Text)]
    pub format: ListFormat,
}

#[derive(Debug, Args)]
pub struct EventRecordArgs {
    /// The event file.
    pub file: PathBuf,
    /// A player of the game: the game is the one they play in the round.
    #[arg(long)]
    pub player: String,
    /// The round (default: the last one paired).
    #[arg(long)]
    pub round: Option<u32>,
    /// Victory points, the named player's first: `6-4`. The winner is the player with more,
    /// unless `--winner` or `--draw` says otherwise.
    #[arg(long, value_name = "A-B")]
    pub vp: Option<String>,
    /// The player who won the game (as the event file names them).
    #[arg(long, conflicts_with = "draw")]
    pub winner: Option<String>,
    /// The game was drawn.
    #[arg(long)]
    pub draw: bool,
    /// Larger-roster variant: a model killed (`NAME` or `PLAYER:NAME`).
    #[arg(long, value_name = "MODEL")]
    pub killed: Vec<String>,
    /// Larger-roster variant: a model that ended the game with a Grievous wound.
    #[arg(long, value_name = "MODEL")]
    pub grievous: Vec<String>,
    /// The game's `simulate --log` file: result, VP and casualties read from it.
    #[arg(long, value_name = "LOG", conflicts_with_all = ["vp", "winner", "draw", "killed", "grievous"])]
    pub from_log: Option<PathBuf>,
    /// With `--from-log`: the side (`a` or `b`) the named player played.
    #[arg(long, value_enum, default_value_t = super::simulate::RosterSide::A)]
    pub side: super::simulate::RosterSide,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ListFormat::Text)]
    pub format: ListFormat,
}

#[derive(Debug, Args)]
pub struct EventSimulateArgs {
    /// The event file.
    pub file: PathBuf,
    /// The same seed plays the same games.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The policy every player plays with (on the table: default, random, charge, objective or shoot).
    #[arg(long, value_enum, default_value_t = PolicyArg::Default)]
    pub policy: PolicyArg,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ListFormat::Text)]
    pub format: ListFormat,
}

pub fn run(out: &Out, cat: &Catalogue, command: &EventCommand) -> u8 {
    match command {
        EventCommand::New(args) => new(out, cat, args),
        EventCommand::Pair(args) => {
            let result = edit(out, cat, &args.file, |e| {
                pair(cat, e)?;
                let round = e.round.last().expect("just paired");
                Ok(round_text(e, round))
            });
            report(out, cat, &args.file, args.format, result)
        }
        EventCommand::Choose(args) => choose(out, cat, args),
        EventCommand::Record(args) => record(out, cat, args),
        EventCommand::Standings(args) => match load(out, cat, &args.file) {
            Ok(e) if args.format == ListFormat::Json => print_json(&summary(cat, &e)),
            Ok(e) => {
                emit(&standings_text(out, cat, &e));
                exit::SUCCESS
            }
            Err(code) => code,
        },
        EventCommand::Simulate(args) => simulate(out, cat, args),
    }
}

/// Read an event file and check it holds together.
fn load(out: &Out, cat: &Catalogue, path: &Path) -> Result<Event, u8> {
    let file = crate::cli::output::read_input(out, path)?;
    parse(cat, &file).map_err(|message| {
        out.error(&message);
        exit::PROBLEMS
    })
}

fn parse(cat: &Catalogue, file: &SourceFile) -> Result<Event, String> {
    let event: Event = crate::ronin::load::parse_toml(file)
        .map_err(|p| render(&*p, false, 100).trim_end().to_owned())?;
    check(cat, &event).map_err(|m| format!("{}: {m}", file.name))?;
    Ok(event)
}

fn check(cat: &Catalogue, e: &Event) -> Result<(), String> {
    if e.players.len() < 2 {
        return Err("an event has at least two players".into());
    }
    if e.players.len() > 512 {
        return Err(format!(
            "{} players: an event here has at most 512",
            e.players.len()
        ));
    }
    if e.rounds == 0 || e.rounds > 20 {
        return Err(format!("rounds = {}: 1 to 20", e.rounds));
    }
    for (k, p) in e.players.iter().enumerate() {
        if e.players[..k]
            .iter()
            .any(|q| q.name.eq_ignore_ascii_case(&p.name))
        {
            return Err(format!("two players are named `{}`", p.name));
        }
        if p.roster.list(cat).is_none() {
            return Err(format!("{}'s roster names no known faction", p.name));
        }
        for c in &p.casualties {
            if !p
                .roster
                .models
                .iter()
                .any(|m| m.name.as_deref() == Some(c.model.as_str()))
            {
                return Err(format!(
                    "{}'s casualty `{}` is not in their roster",
                    p.name, c.model
                ));
            }
        }
    }
    for (k, r) in e.round.iter().enumerate() {
        if r.round != k as u32 + 1 {
            return Err(format!("round {} is listed as round {}", k + 1, r.round));
        }
        for g in &r.games {
            if g.players.is_empty() || g.players.len() > 2 {
                return Err(format!(
                    "round {}: a game has one player (a bye) or two",
                    r.round
                ));
            }
            for n in &g.players {
                if e.player_index(n).is_none() {
                    return Err(format!("round {}: no player `{n}`", r.round));
                }
            }
        }
    }
    Ok(())
}

fn edit<T>(
    out: &Out,
    cat: &Catalogue,
    path: &Path,
    change: impl FnOnce(&mut Event) -> Result<T, String>,
) -> Result<T, u8> {
    edit_with(out, path, |file| parse(cat, file), change)
}

/// After an edit: its text, or (JSON) the event as it now stands.
fn report(
    out: &Out,
    cat: &Catalogue,
    file: &Path,
    format: ListFormat,
    result: Result<String, u8>,
) -> u8 {
    report_with(format, result, || match load(out, cat, file) {
        Ok(e) => print_json(&summary(cat, &e)),
        Err(code) => code,
    })
}

fn new(out: &Out, cat: &Catalogue, args: &EventNewArgs) -> u8 {
    if args.players.len() < 2 {
        out.error("an event has at least two players: give --player NAME=ROSTER for each");
        return exit::USAGE;
    }
    let entries: Vec<(Option<String>, PathBuf)> = args
        .players
        .iter()
        .map(|p| match p.split_once('=') {
            Some((name, path)) if !name.trim().is_empty() => {
                (Some(name.trim().to_owned()), PathBuf::from(path))
            }
            _ => (None, PathBuf::from(p)),
        })
        .collect();
    let inputs: Vec<&Path> = entries.iter().map(|(_, p)| p.as_path()).collect();
    let file = match crate::cli::output::open_output(out, Some(&args.output), args.force, &inputs) {
        Ok(f) => f,
        Err(code) => return code,
    };
    let mut players: Vec<EventPlayer> = Vec::new();
    let mut agreed: Vec<(String, u32)> = Vec::new();
    for (k, (name, path)) in entries.iter().enumerate() {
        let (parsed, faction, total) =
            match read_legal_roster(out, cat, path, "roster (R-121, P-07)") {
                Ok(r) => r,
                Err(code) => return code,
            };
        let name = name
            .clone()
            .or_else(|| parsed.name.clone())
            .unwrap_or_else(|| format!("Player {}", k + 1));
        if players.iter().any(|p| p.name.eq_ignore_ascii_case(&name)) {
            out.error(&format!(
                "two players are named `{name}`: name them (`--player NAME=ROSTER`)"
            ));
            return exit::USAGE;
        }
        agreed.push((name.clone(), parsed.points.unwrap_or(total.max(0) as u32)));
        players.push(EventPlayer {
            name,
            lot: 0,
            roster: expand(cat, faction, &parsed),
            casualties: Vec::new(),
        });
    }
    let (points, master_points) = match args.game_points {
        Some(game) => {
            // P-07: the master roster must allow a game-size Buntai: its four cheapest models fit.
            for p in &players {
                let mut costs = entry_points(cat, &p.roster);
                costs.sort_unstable();
                let four: i32 = costs.iter().take(4).sum();
                if i64::from(four) > i64::from(game) {
                    out.error(&format!(
                        "{}'s four cheapest models cost {four} points: the master roster cannot field a {game}-point Buntai (P-07)",
                        p.name
                    ));
                    return exit::PROBLEMS;
                }
            }
            let master = agreed.iter().map(|(_, p)| *p).max().unwrap_or(0);
            (game, Some(master))
        }
        None => {
            let first = agreed[0].1;
            if let Some((who, p)) = agreed.iter().find(|(_, p)| *p != first) {
                out.error(&format!(
                    "the rosters are built to different totals ({} {first}, {who} {p} points): an event agrees one; for master rosters give --game-points",
                    agreed[0].0
                ));
                return exit::USAGE;
            }
            (first, None)
        }
    };
    // The lots: a shuffled 1..n.
    let mut lots: Vec<u32> = (1..=players.len() as u32).collect();
    SeededDice::new(args.seed, 999).shuffle(&mut lots);
    for (p, lot) in players.iter_mut().zip(lots) {
        p.lot = lot;
    }
    let event = Event {
        name: args.name.clone(),
        scenario: args.scenario,
        rounds: args
            .rounds
            .unwrap_or_else(|| Event::default_rounds(players.len())),
        points,
        master_points,
        seed: args.seed,
        players,
        round: Vec::new(),
    };
    let header = format!(
        "# A Ronin tournament event (R-121). Edit it with `buntai event`: pair, choose, record;\n# `buntai event standings {}` shows where it stands.\n",
        args.output.display()
    );
    if let Err(code) = write_new(out, file, "tournament", &header, &event) {
        return code;
    }
    note(&format!(
        "wrote {}: {} players, {} rounds of {} at {points} points{}\n",
        args.output.display(),
        event.players.len(),
        event.rounds,
        event.scenario.as_str(),
        match master_points {
            Some(m) => format!(", chosen from {m}-point master rosters"),
            None => String::new(),
        }
    ));
    exit::SUCCESS
}

/// Pair the next round, if the event is ready for it.
fn pair(cat: &Catalogue, e: &mut Event) -> Result<(), String> {
    if !e.all_recorded() {
        let r = e.round.len();
        return Err(format!(
            "round {r} still has games to record (`buntai event record`)"
        ));
    }
    if e.round.len() as u32 >= e.rounds {
        return Err(format!(
            "all {} rounds are paired: the event is over",
            e.rounds
        ));
    }
    let round = e.pair_next(&cat.campaign.event);
    e.round.push(round);
    Ok(())
}

fn score_text(half: u32) -> String {
    if half.is_multiple_of(2) {
        format!("{}", half / 2)
    } else {
        format!("{}.5", half / 2)
    }
}

fn vp_text(v: f64) -> String {
    if v.fract() == 0.0 {
        format!("{v:.0}")
    } else {
        format!("{v:.1}")
    }
}

/// One game as a line: "Alice 6-4 Bob (Alice won)", "Cho: bye", "Alice v Bob: to play".
fn game_line(g: &crate::ronin::campaign::event::Pairing) -> String {
    if g.is_bye() {
        return format!("{}: bye (a win, 0 VP)", g.players[0]);
    }
    match &g.result {
        None => format!("{} v {}: to play", g.players[0], g.players[1]),
        Some(r) => format!(
            "{} {}-{} {} ({}; {})",
            g.players[0],
            vp_text(r.vp[0]),
            vp_text(r.vp[1]),
            g.players[1],
            match &r.winner {
                Some(w) => format!("{w} won"),
                None => "drawn".into(),
            },
            r.source
        ),
    }
}

fn round_text(e: &Event, round: &Round) -> String {
    let mut text = format!("Round {} of {}:\n", round.round, e.rounds);
    for g in &round.games {
        text.push_str(&format!("  {}\n", game_line(g)));
    }
    text
}

/// What to do next.
fn next_step(cat: &Catalogue, e: &Event) -> String {
    if e.finished() {
        let table = e.standings(&cat.campaign.event);
        return format!(
            "The event is over: {} wins with {} points.",
            table[0].player,
            score_text(table[0].half_points)
        );
    }
    if e.all_recorded() {
        return format!(
            "Pair round {}: `buntai event pair FILE`.",
            e.round.len() + 1
        );
    }
    let to_play: Vec<String> = e
        .current()
        .map(|r| {
            r.games
                .iter()
                .filter(|g| !g.is_bye() && g.result.is_none())
                .map(|g| format!("{} v {}", g.players[0], g.players[1]))
                .collect()
        })
        .unwrap_or_default();
    let choose = if e.master_points.is_some() {
        "choose Buntai (`buntai event choose`), then "
    } else {
        ""
    };
    format!(
        "Round {}: {choose}record {} (`buntai event record FILE --player NAME --vp A-B`).",
        e.round.len(),
        to_play.join(", ")
    )
}

/// `buntai event standings --format json` (and every edit with `--format json`).
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct EventJson {
    pub name: Option<String>,
    pub scenario: ScenarioId,
    pub points: u32,
    pub master_points: Option<u32>,
    pub rounds: u32,
    pub finished: bool,
    pub standings: Vec<Standing>,
    pub round: Vec<Round>,
    pub next: String,
}

fn summary(cat: &Catalogue, e: &Event) -> EventJson {
    EventJson {
        name: e.name.clone(),
        scenario: e.scenario,
        points: e.points,
        master_points: e.master_points,
        rounds: e.rounds,
        finished: e.finished(),
        standings: e.standings(&cat.campaign.event),
        round: e.round.clone(),
        next: next_step(cat, e),
    }
}

fn standings_text(out: &Out, cat: &Catalogue, e: &Event) -> String {
    let title = format!(
        "{}: {} at {} points{}, round {} of {}",
        e.name.as_deref().unwrap_or("Event"),
        e.scenario.as_str(),
        e.points,
        e.master_points
            .map(|m| format!(" (from {m}-point master rosters)"))
            .unwrap_or_default(),
        e.round.len(),
        e.rounds
    );
    let mut doc = Doc::new(title);
    let rows = e
        .standings(&cat.campaign.event)
        .into_iter()
        .map(|s| {
            vec![
                s.place.to_string(),
                s.player,
                s.faction,
                score_text(s.half_points),
                format!("{}-{}-{}", s.wins, s.draws, s.losses),
                s.byes.to_string(),
                vp_text(s.vp_scored),
                vp_text(s.vp_conceded),
                s.lot.to_string(),
            ]
        })
        .collect();
    doc.table(
        &[
            "#", "Player", "Faction", "Score", "W-D-L", "Byes", "VP", "Against", "Lot",
        ],
        rows,
    );
    for r in &e.round {
        doc.para(round_text(e, r).trim_end().to_owned());
    }
    if e.master_points.is_some() {
        for p in &e.players {
            if p.casualties.is_empty() {
                continue;
            }
            let list: Vec<String> = p
                .casualties
                .iter()
                .map(|c| {
                    format!(
                        "{} ({} in round {})",
                        c.model,
                        match c.wound {
                            Wound::Grievous => "Grievous",
                            Wound::Killed => "killed",
                        },
                        c.round
                    )
                })
                .collect();
            doc.para(format!("{}'s casualties: {}.", p.name, list.join(", ")));
        }
    }
    doc.para(next_step(cat, e));
    doc.to_text(out.text_style())
}

/// The current round's game of `player`, as (game index, seat); an error if they have none to
/// play.
fn game_of(e: &Event, round: u32, player: usize) -> Result<(usize, usize), String> {
    let name = &e.players[player].name;
    let r = e
        .round
        .get((round as usize).wrapping_sub(1))
        .ok_or_else(|| format!("round {round} is not paired (`buntai event pair`)"))?;
    for (k, g) in r.games.iter().enumerate() {
        if let Some(seat) = g.seat_of(name) {
            if g.is_bye() {
                return Err(format!("{name} has the bye in round {round}"));
            }
            return Ok((k, seat));
        }
    }
    Err(format!("{name} does not play in round {round}"))
}

fn no_player(e: &Event, name: &str) -> String {
    let names: Vec<&str> = e.players.iter().map(|p| p.name.as_str()).collect();
    format!("no player `{name}`: the players are {}", names.join(", "))
}

/// A roster of the named models of a master roster, named for the player, points unset.
fn buntai_roster(p: &EventPlayer, names: &[String]) -> Roster {
    let mut r = p.roster.clone();
    r.models.retain(|m| {
        m.name
            .as_deref()
            .is_some_and(|n| names.iter().any(|x| x == n))
    });
    r.name = Some(p.name.clone());
    r.points = None;
    r
}

/// The composition rules a game-size Buntai breaks (the validator's errors at the game's points).
fn broken_rules(cat: &Catalogue, roster: &Roster, points: u32) -> Vec<String> {
    let mut r = roster.clone();
    r.points = Some(points);
    let text = toml::to_string(&r).unwrap_or_default();
    let file = SourceFile::new("the Buntai".to_owned(), text);
    rules::validate(
        cat,
        &file,
        Options {
            points: Some(points),
            rules: Default::default(),
        },
    )
    .violations
    .iter()
    .filter(|v| v.is_error())
    .map(|v| v.message.clone())
    .collect()
}

/// Check a chosen Buntai: known, fit models within the points (refused otherwise); the
/// composition rules it breaks (R-121: allowed when wounds leave no legal choice).
fn check_choice(
    cat: &Catalogue,
    e: &Event,
    player: usize,
    round: u32,
    names: &[String],
) -> Result<(Vec<String>, Vec<String>), String> {
    let p = &e.players[player];
    let rests = cat.campaign.event.grievous_rests;
    let points = entry_points(cat, &p.roster);
    let mut chosen: Vec<String> = Vec::new();
    let mut total = 0;
    for n in names {
        let index = p
            .roster
            .models
            .iter()
            .position(|m| {
                m.name
                    .as_deref()
                    .is_some_and(|x| x.eq_ignore_ascii_case(n.trim()))
            })
            .or_else(|| {
                n.trim()
                    .parse::<usize>()
                    .ok()
                    .filter(|&k| k >= 1 && k <= p.roster.models.len())
                    .map(|k| k - 1)
            })
            .ok_or_else(|| format!("{} has no model `{n}`", p.name))?;
        let name = p.roster.models[index].name.clone().unwrap_or_default();
        if chosen.contains(&name) {
            return Err(format!("`{name}` is named twice"));
        }
        if let Some(why) = e.unavailable_reason(player, round, rests, &name) {
            return Err(why);
        }
        total += points[index];
        chosen.push(name);
    }
    if total > e.points as i32 {
        return Err(format!(
            "{total} points: a game's Buntai costs at most {}",
            e.points
        ));
    }
    // Master-roster order.
    chosen.sort_by_key(|n| {
        p.roster
            .models
            .iter()
            .position(|m| m.name.as_ref() == Some(n))
    });
    let broken = broken_rules(cat, &buntai_roster(p, &chosen), e.points);
    Ok((chosen, broken))
}

/// The best Buntai `player` can field in `round`: the fewest composition rules broken, then the
/// most points, among greedy fills of the fit models in many orders (each model first in turn,
/// dearest first, and seeded shuffles). Deterministic for the event's seed.
fn pick(cat: &Catalogue, e: &Event, player: usize, round: u32) -> Vec<String> {
    let p = &e.players[player];
    let fit = e.available(player, round, cat.campaign.event.grievous_rests);
    let points = entry_points(cat, &p.roster);
    let cost = |n: &String| -> i32 {
        p.roster
            .models
            .iter()
            .position(|m| m.name.as_ref() == Some(n))
            .map_or(0, |k| points[k])
    };
    let mut dearest = fit.clone();
    dearest.sort_by_key(|n| std::cmp::Reverse(cost(n)));
    let mut orders: Vec<Vec<String>> = Vec::new();
    for k in 0..dearest.len() {
        let mut o = dearest.clone();
        let first = o.remove(k);
        o.insert(0, first);
        orders.push(o);
    }
    let mut dice = SeededDice::new(e.seed, 10_000 + u64::from(round) * 1_000 + player as u64);
    for _ in 0..24 {
        let mut o = dearest.clone();
        dice.shuffle(&mut o);
        orders.push(o);
    }
    let mut best: Option<(usize, i32, Vec<String>)> = None;
    let mut seen: Vec<Vec<String>> = Vec::new();
    for o in orders {
        let mut chosen = Vec::new();
        let mut total = 0;
        for n in o {
            if total + cost(&n) <= e.points as i32 {
                total += cost(&n);
                chosen.push(n);
            }
        }
        chosen.sort_by_key(|n| {
            p.roster
                .models
                .iter()
                .position(|m| m.name.as_ref() == Some(n))
        });
        if chosen.is_empty() || seen.contains(&chosen) {
            continue;
        }
        seen.push(chosen.clone());
        let broken = broken_rules(cat, &buntai_roster(p, &chosen), e.points).len();
        let better = best
            .as_ref()
            .is_none_or(|(b, t, _)| (broken, -total) < (*b, -*t));
        if better {
            best = Some((broken, total, chosen));
        }
    }
    best.map(|(_, _, c)| c).unwrap_or_default()
}

fn choose(out: &Out, cat: &Catalogue, args: &ChooseArgs) -> u8 {
    let mut written: Option<(Roster, String)> = None;
    let result = edit(out, cat, &args.file, |e| {
        if e.master_points.is_none() {
            return Err(
                "this event is not the larger-roster variant: each player plays their whole roster"
                    .into(),
            );
        }
        let player = e
            .player_index(&args.player)
            .ok_or_else(|| no_player(e, &args.player))?;
        let round = e.round.len() as u32;
        let (game, seat) = game_of(e, round, player)?;
        if e.round[round as usize - 1].games[game].result.is_some() {
            return Err(format!(
                "{}'s game of round {round} is already recorded",
                e.players[player].name
            ));
        }
        let names = if args.models.is_empty() {
            pick(cat, e, player, round)
        } else {
            args.models.clone()
        };
        let (chosen, broken) = check_choice(cat, e, player, round, &names)?;
        let g = &mut e.round[round as usize - 1].games[game];
        g.buntai.resize(2, Vec::new());
        g.buntai[seat] = chosen.clone();
        let p = &e.players[player];
        let roster = buntai_roster(p, &chosen);
        let total: i32 = {
            let points = entry_points(cat, &roster);
            points.iter().sum()
        };
        let mut text = format!(
            "{}'s Buntai for round {round} ({total} of {} points): {}\n",
            p.name,
            e.points,
            chosen.join(", ")
        );
        if broken.is_empty() {
            text.push_str("It is legal.\n");
        } else {
            text.push_str(&format!(
                "It breaks {} composition rule(s), allowed only when wounds leave no legal Buntai (R-121):\n",
                broken.len()
            ));
            for b in &broken {
                text.push_str(&format!("  - {b}\n"));
            }
        }
        written = Some((roster, p.name.clone()));
        Ok(text)
    });
    if result.is_ok()
        && let (Some(path), Some((roster, name))) = (&args.output, &written)
    {
        let header = format!(
            "# {name}'s Buntai for this round of the event in {}.\n",
            args.file.display()
        );
        if let Err(code) = write_roster(out, path, &header, roster, args.force, &args.file) {
            return code;
        }
        note(&format!("wrote {}\n", path.display()));
    }
    report(out, cat, &args.file, args.format, result)
}

/// A model named on the command line (`NAME` or `PLAYER:NAME`) among the game's two players'
/// Buntai (or rosters): its player and its name.
fn find_model(
    e: &Event,
    game: &crate::ronin::campaign::event::Pairing,
    text: &str,
) -> Result<(usize, String), String> {
    let (who, name) = match text.split_once(':') {
        Some((p, n)) if e.player_index(p).is_some() => (e.player_index(p), n.trim()),
        _ => (None, text.trim()),
    };
    let mut found = Vec::new();
    for (seat, pname) in game.players.iter().enumerate() {
        let Some(k) = e.player_index(pname) else {
            continue;
        };
        if who.is_some_and(|w| w != k) {
            continue;
        }
        let pool: Vec<String> = match game.buntai.get(seat).filter(|b| !b.is_empty()) {
            Some(b) => b.clone(),
            None => e.players[k]
                .roster
                .models
                .iter()
                .filter_map(|m| m.name.clone())
                .collect(),
        };
        if let Some(n) = pool.iter().find(|n| n.eq_ignore_ascii_case(name)) {
            found.push((k, n.clone()));
        }
    }
    match found.len() {
        1 => Ok(found.remove(0)),
        0 => Err(format!("no model `{name}` in this game")),
        _ => Err(format!("both players have a `{name}`: write PLAYER:{name}")),
    }
}

/// The casualties of a game: player, model, wound.
type Hurt = Vec<(usize, String, Wound)>;

/// A game's result and its casualties.
type Recorded = (GameResult, Hurt);

/// Refuse a log whose models are not the two Buntai of this game: each side of the log must field
/// exactly the profiles its player's Buntai has (civilians aside), or the log is another game's,
/// or its sides are the other way round (`--side`).
fn check_log_models(
    e: &Event,
    game: &crate::ronin::campaign::event::Pairing,
    logged: &LoggedGame,
    seat_of_side: impl Fn(usize) -> usize,
) -> Result<(), String> {
    let summary = |profiles: &[String]| {
        let mut counts: Vec<(String, usize)> = Vec::new();
        for p in profiles {
            match counts.iter_mut().find(|(q, _)| q == p) {
                Some((_, n)) => *n += 1,
                None => counts.push((p.clone(), 1)),
            }
        }
        let parts: Vec<String> = counts.iter().map(|(p, n)| format!("{n} {p}")).collect();
        if parts.is_empty() {
            "no models".to_owned()
        } else {
            parts.join(", ")
        }
    };
    for side in 0..2 {
        let seat = seat_of_side(side);
        let player_name = &game.players[seat];
        let Some(player) = e.player_index(player_name) else {
            return Err(format!("the game names an unknown player, {player_name}"));
        };
        let chosen = game.buntai.get(seat).filter(|b| !b.is_empty());
        let mut expected: Vec<String> = Vec::new();
        for m in &e.players[player].roster.models {
            let picked = match chosen {
                Some(names) => m.name.as_ref().is_some_and(|n| names.contains(n)),
                None => true,
            };
            if picked {
                let count = m.count().min(20) as usize;
                expected.extend(std::iter::repeat_n(m.profile.clone(), count));
            }
        }
        let mut fielded: Vec<String> = logged
            .models
            .iter()
            .filter(|m| m.side == side && !m.civilian)
            .map(|m| m.profile.clone())
            .collect();
        expected.sort();
        fielded.sort();
        if expected != fielded {
            return Err(format!(
                "the log's side {} fields {}, but {player_name}'s Buntai is {}: is the log of \
                 this game, and was its side {} this player? (`--side`)",
                if side == 0 { "A" } else { "B" },
                summary(&fielded),
                summary(&expected),
                if side == 0 { "A" } else { "B" },
            ));
        }
    }
    Ok(())
}

/// What a game's log says for the event: VP and winner in seat order, and each seat's
/// casualties. `side` is the seat of the game the log's side A is.
fn result_of_log(
    e: &Event,
    game: &crate::ronin::campaign::event::Pairing,
    logged: &LoggedGame,
    a_seat: usize,
) -> Result<Recorded, String> {
    if let Some(s) = &logged.scenario
        && s != e.scenario.as_str()
    {
        return Err(format!(
            "the log is a game of {s}; the event plays {}",
            e.scenario.as_str()
        ));
    }
    let seat_of_side = |side: usize| if side == 0 { a_seat } else { 1 - a_seat };
    check_log_models(e, game, logged, seat_of_side)?;
    let mut vp = [0.0; 2];
    for (side, v) in logged.vp.iter().enumerate() {
        vp[seat_of_side(side)] = f64::from(*v) / 2.0;
    }
    let winner = logged
        .winner
        .map(|side| game.players[seat_of_side(side)].clone());
    let mut hurt = Vec::new();
    if e.master_points.is_some() {
        for m in logged.models.iter().filter(|m| !m.civilian) {
            let wound = match m.end {
                EndState::Killed => Wound::Killed,
                EndState::Grievous => Wound::Grievous,
                _ => continue,
            };
            let seat = seat_of_side(m.side);
            let player = e
                .player_index(&game.players[seat])
                .ok_or("the game names an unknown player")?;
            let name = m.name.clone().unwrap_or_default();
            let known = match game.buntai.get(seat).filter(|b| !b.is_empty()) {
                Some(b) => b.contains(&name),
                None => e.players[player]
                    .roster
                    .models
                    .iter()
                    .any(|x| x.name.as_ref() == Some(&name)),
            };
            if !known {
                return Err(format!(
                    "the log's `{}` is not in {}'s Buntai: was the log's side {} this player? (`--side`)",
                    m.id,
                    game.players[seat],
                    if m.side == 0 { "A" } else { "B" }
                ));
            }
            hurt.push((player, name, wound));
        }
    }
    Ok((
        GameResult {
            winner,
            vp,
            source: String::new(),
        },
        hurt,
    ))
}

/// Write a game's result and its casualties into the event.
fn apply(
    e: &mut Event,
    round: u32,
    game: usize,
    result: GameResult,
    hurt: &[(usize, String, Wound)],
) {
    for (player, model, wound) in hurt {
        e.players[*player].casualties.push(Casualty {
            model: model.clone(),
            round,
            wound: *wound,
        });
    }
    e.round[round as usize - 1].games[game].result = Some(result);
}

fn record(out: &Out, cat: &Catalogue, args: &EventRecordArgs) -> u8 {
    let logged = match &args.from_log {
        None => None,
        Some(path) => {
            let file = match crate::cli::output::read_input(out, path) {
                Ok(f) => f,
                Err(code) => return code,
            };
            match parse_lines(&file.text).and_then(|v| read_game(&v)) {
                Ok(g) => Some(g),
                Err(m) => {
                    out.error(&format!("{}: {m}", path.display()));
                    return exit::PROBLEMS;
                }
            }
        }
    };
    let result = edit(out, cat, &args.file, |e| {
        let player = e
            .player_index(&args.player)
            .ok_or_else(|| no_player(e, &args.player))?;
        let round = args.round.unwrap_or(e.round.len() as u32);
        let (game, seat) = game_of(e, round, player)?;
        let g = e.round[round as usize - 1].games[game].clone();
        if g.result.is_some() {
            return Err(format!(
                "{} v {} of round {round} is already recorded",
                g.players[0], g.players[1]
            ));
        }
        let (result, hurt) = match &logged {
            Some(logged) => {
                let a_seat = if args.side == super::simulate::RosterSide::A {
                    seat
                } else {
                    1 - seat
                };
                let (mut r, hurt) = result_of_log(e, &g, logged, a_seat)?;
                r.source = format!(
                    "log {}",
                    args.from_log
                        .as_deref()
                        .map(|p| p.display().to_string())
                        .unwrap_or_default()
                );
                (r, hurt)
            }
            None => {
                let text = args
                    .vp
                    .as_deref()
                    .ok_or("give the VP (`--vp 6-4`, the named player's first) or --from-log")?;
                let given = parse_vp(text)?;
                let mut vp = [0.0; 2];
                vp[seat] = given[0];
                vp[1 - seat] = given[1];
                let winner = if args.draw {
                    None
                } else if let Some(w) = &args.winner {
                    let k = e.player_index(w).ok_or_else(|| no_player(e, w))?;
                    let name = e.players[k].name.clone();
                    if g.seat_of(&name).is_none() {
                        return Err(format!("{name} did not play in this game"));
                    }
                    Some(name)
                } else if vp[0] != vp[1] {
                    Some(g.players[usize::from(vp[1] > vp[0])].clone())
                } else {
                    None
                };
                let mut hurt = Vec::new();
                if (!args.killed.is_empty() || !args.grievous.is_empty())
                    && e.master_points.is_none()
                {
                    return Err("casualties carry over only in the larger-roster variant".into());
                }
                for (list, wound) in [
                    (&args.killed, Wound::Killed),
                    (&args.grievous, Wound::Grievous),
                ] {
                    for m in list {
                        let (k, name) = find_model(e, &g, m)?;
                        hurt.push((k, name, wound));
                    }
                }
                (
                    GameResult {
                        winner,
                        vp,
                        source: "by hand".into(),
                    },
                    hurt,
                )
            }
        };
        apply(e, round, game, result, &hurt);
        let g = &e.round[round as usize - 1].games[game];
        Ok(format!(
            "Round {round}: {}\n{}\n",
            game_line(g),
            next_step(cat, e)
        ))
    });
    report(out, cat, &args.file, args.format, result)
}

/// Play every game of the current round not yet recorded (choosing Buntai first in the
/// larger-roster variant), in parallel, recorded in game order.
fn play_round(
    cat: &Catalogue,
    e: &mut Event,
    seed: u64,
    policy: PolicyArg,
    ai: &DefaultAi,
) -> Result<(), String> {
    use rayon::prelude::*;
    let round = e.round.len() as u32;
    let games = e.round[round as usize - 1].games.clone();
    if e.master_points.is_some() {
        for (k, g) in games.iter().enumerate() {
            if g.is_bye() || g.result.is_some() {
                continue;
            }
            for seat in 0..2 {
                if g.buntai.get(seat).is_some_and(|b| !b.is_empty()) {
                    continue;
                }
                let player = e.player_index(&g.players[seat]).ok_or("unknown player")?;
                let chosen = pick(cat, e, player, round);
                let slot = &mut e.round[round as usize - 1].games[k];
                slot.buntai.resize(2, Vec::new());
                slot.buntai[seat] = chosen;
            }
        }
    }
    let games = e.round[round as usize - 1].games.clone();
    let event: &Event = e;
    let played: Vec<(usize, Result<Recorded, String>)> = games
        .par_iter()
        .enumerate()
        .filter(|(_, g)| !g.is_bye() && g.result.is_none())
        .map(|(k, g)| {
            let rosters: Vec<Roster> = (0..2)
                .map(|seat| {
                    let p = &event.players[event.player_index(&g.players[seat]).unwrap_or(0)];
                    match g.buntai.get(seat).filter(|b| !b.is_empty()) {
                        Some(b) => buntai_roster(p, b),
                        None => {
                            let mut r = p.roster.clone();
                            r.name = Some(p.name.clone());
                            r
                        }
                    }
                })
                .collect();
            let stream = u64::from(round) * 1_000 + k as u64;
            let result = super::skirmish::play_rosters(
                cat,
                [&rosters[0], &rosters[1]],
                event.scenario,
                seed,
                stream,
                [policy, policy],
                ai,
            )
            .and_then(|logged| result_of_log(event, g, &logged, 0));
            (k, result)
        })
        .collect();
    for (k, r) in played {
        let (mut result, hurt) = r?;
        result.source = format!("simulated (seed {seed})");
        apply(e, round, k, result, &hurt);
    }
    Ok(())
}

fn simulate(out: &Out, cat: &Catalogue, args: &EventSimulateArgs) -> u8 {
    if matches!(
        args.policy,
        PolicyArg::Attack | PolicyArg::Defend | PolicyArg::Half
    ) {
        out.error(&format!(
            "an event's games are played on the table: use {}",
            super::simulate::TABLE_POLICIES
        ));
        return exit::USAGE;
    }
    let ai = DefaultAi::new();
    let result = edit(out, cat, &args.file, |e| {
        if e.scenario == ScenarioId::Tournament || e.scenario == ScenarioId::Assassination {
            return Err(format!(
                "`event simulate` plays games on the table between two players' rosters; {} is not one",
                e.scenario.as_str()
            ));
        }
        let mut text = String::new();
        loop {
            if e.all_recorded() {
                if e.round.len() as u32 >= e.rounds {
                    break;
                }
                pair(cat, e)?;
            }
            play_round(cat, e, args.seed, args.policy, &ai)?;
            let r = e.round.last().expect("a round was played");
            text.push_str(&round_text(e, r));
        }
        text.push_str(&next_step(cat, e));
        text.push('\n');
        Ok(text)
    });
    report(out, cat, &args.file, args.format, result)
}
