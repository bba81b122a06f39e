//! `simulate --scenario skirmish`: whole games on generated tables, many seeds in parallel, and a
//! report of who wins, by how many victory points, how long games last, how often a side breaks,
//! and how each model fares.

use rayon::prelude::*;
use serde::Serialize;

use super::simulate::{
    POLICY_STREAM, PolicyArg, SideJson, SimulateArgs, SwappedJson, TABLE_POLICIES, kiai_bought,
    playable_roster, policy_name, write_log,
};
use crate::cli::ListFormat;
use crate::cli::output::{Out, emit, open_output, print_json};
use crate::diag::exit;
use crate::ronin::engine::SeededDice;
use crate::ronin::engine::events::EventLog;

use crate::ronin::engine::game::play::{
    EndReason, Game, GameResult, MoraleState, keep_reserves, keep_reserves_of, play, setup_moves,
};
use crate::ronin::engine::game::unit::{Status, Unit, scenario_roster, stand_in_faction, units_of};
use crate::ronin::engine::game::village::add_civilians;
use crate::ronin::engine::policy::DefaultAi;
use crate::ronin::engine::table::setup::{DeploymentChoice, SetupRequest, generate_on};
use crate::ronin::model::ReservesRule;
use crate::ronin::model::{Catalogue, Faction};
use crate::ronin::print::Doc;
use crate::runs::{BATCH, Progress, Rate, TOO_CLOSE, bound, pct, rate, round, too_close};

/// What `simulate --scenario skirmish --format json` prints.
#[derive(Serialize, schemars::JsonSchema)]
pub struct SkirmishJson {
    pub scenario: &'static str,
    #[serde(skip)]
    pub scenario_name: String,
    /// The attacking roster (`a` or `b`) in a scenario with roles; none: no roles, or rolled
    /// off each game (equal points and no `--attacker`).
    pub attacker: Option<&'static str>,
    pub seed: u64,
    pub games: u64,
    pub points: u32,
    /// The table file every game was played on (`--table`); none: a table generated per game.
    pub table: Option<String>,
    pub a: SideJson,
    pub b: SideJson,
    pub a_wins: Rate,
    pub draws: Rate,
    pub b_wins: Rate,
    /// A's and B's win rates lie within each other's 95% intervals: too close to call.
    pub too_close: bool,
    /// Mean victory points a game (A, B).
    pub mean_vp: [f64; 2],
    pub mean_turns: f64,
    /// How often each side was wiped out.
    pub destroyed: [f64; 2],
    /// How often each side ended the game Routing.
    pub routing: [f64; 2],
    /// Where only a Leader's death decides (the Assassination): how often it fell.
    pub leader_killed: Option<f64>,
    /// The Assassination's placement of the defenders (`--placement`); none: the attacker's
    /// policy chose it (the default AI sets the Leader apart).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub placement: Option<crate::ronin::engine::table::setup::EnemyPlacement>,
    pub models: Vec<SkirmishModelJson>,
    /// How many games ended with each side on each whole number of victory points (A, B):
    /// entry `k` counts games with at least `k` and fewer than `k + 1` VP (negative totals
    /// count as 0).
    pub vp_distribution: [Vec<u64>; 2],
    /// How many games lasted each number of turns (entry `k`: `k` turns).
    pub game_lengths: Vec<u64>,
    pub swapped: Option<SwappedJson>,
}

#[derive(Serialize, schemars::JsonSchema)]
pub struct SkirmishModelJson {
    pub side: &'static str,
    pub number: usize,
    pub name: String,
    pub survival: f64,
    pub fled: f64,
    /// Enemies it killed (its attack or shot dealt the last wound), a game on average.
    pub kills: f64,
    /// Victory points those kills scored (their Ranks, R-108), a game on average.
    pub kill_vp: f64,
}

#[derive(Debug, Clone, Default)]
struct Tally {
    games: u64,
    /// A won, drawn, B won.
    outcome: [u64; 3],
    /// Half points.
    vp: [i64; 2],
    turns: u64,
    destroyed: [u64; 2],
    routing: [u64; 2],
    /// Games ended by the death of the Assassination's target.
    leader_killed: u64,
    survived: [Vec<u64>; 2],
    fled: [Vec<u64>; 2],
    kills: [Vec<u64>; 2],
    /// Half points.
    kill_vp: [Vec<u64>; 2],
    /// Games by each side's whole VP.
    vp_games: [Vec<u64>; 2],
    /// Games by their length in turns.
    turn_games: Vec<u64>,
}

/// Add `other`'s counts to `mine`, entry by entry, growing `mine` as needed.
fn add_counts(mine: &mut Vec<u64>, other: &[u64]) {
    if mine.len() < other.len() {
        mine.resize(other.len(), 0);
    }
    for (a, b) in mine.iter_mut().zip(other) {
        *a += b;
    }
}

impl Tally {
    fn new(sizes: [usize; 2]) -> Tally {
        Tally {
            survived: [vec![0; sizes[0]], vec![0; sizes[1]]],
            fled: [vec![0; sizes[0]], vec![0; sizes[1]]],
            kills: [vec![0; sizes[0]], vec![0; sizes[1]]],
            kill_vp: [vec![0; sizes[0]], vec![0; sizes[1]]],
            ..Tally::default()
        }
    }

    fn add(&mut self, result: &GameResult, units: &[Unit]) {
        self.games += 1;
        self.outcome[match result.winner {
            Some(0) => 0,
            None => 1,
            _ => 2,
        }] += 1;
        self.turns += u64::from(result.turns);
        let length = result.turns as usize;
        if self.turn_games.len() <= length {
            self.turn_games.resize(length + 1, 0);
        }
        self.turn_games[length] += 1;
        self.leader_killed += u64::from(result.reason == EndReason::LeaderKilled);
        // Each kill to the model whose attack or shot dealt the last wound.
        for victim in units.iter().filter(|u| u.status == Status::Dead) {
            let Some(killer) = victim.fighter.hit_by.and_then(|k| units.get(k as usize)) else {
                continue;
            };
            if killer.side == victim.side {
                continue;
            }
            let k = units[..killer.id]
                .iter()
                .filter(|u| u.side == killer.side)
                .count();
            if let (Some(c), Some(v)) = (
                self.kills[killer.side].get_mut(k),
                self.kill_vp[killer.side].get_mut(k),
            ) {
                *c += 1;
                *v += u64::from(victim.kill_value());
            }
        }
        for s in 0..2 {
            let whole = usize::try_from(result.vp[s].max(0) / 2).unwrap_or(0);
            if self.vp_games[s].len() <= whole {
                self.vp_games[s].resize(whole + 1, 0);
            }
            self.vp_games[s][whole] += 1;
            self.vp[s] += i64::from(result.vp[s]);
            self.routing[s] += u64::from(result.morale[s] == MoraleState::Routing);
            let side: Vec<&Unit> = units.iter().filter(|u| u.side == s).collect();
            // Civilians are not part of the Buntai: it is wiped out without them.
            if result.reason == EndReason::Destroyed
                && !side.iter().any(|u| u.on_table() && !u.civilian)
            {
                self.destroyed[s] += 1;
            }
            for (k, u) in side.iter().enumerate() {
                if let Some(c) = self.survived[s].get_mut(k) {
                    *c += u64::from(u.on_table());
                }
                if let Some(c) = self.fled[s].get_mut(k) {
                    *c += u64::from(u.status == Status::Fled);
                }
            }
        }
    }

    fn merge(mut self, other: Tally) -> Tally {
        if self.games == 0 {
            return other;
        }
        self.games += other.games;
        for k in 0..3 {
            self.outcome[k] += other.outcome[k];
        }
        self.turns += other.turns;
        self.leader_killed += other.leader_killed;
        for s in 0..2 {
            self.vp[s] += other.vp[s];
            self.destroyed[s] += other.destroyed[s];
            self.routing[s] += other.routing[s];
            for (a, b) in self.survived[s].iter_mut().zip(&other.survived[s]) {
                *a += b;
            }
            for (mine, theirs) in [
                (&mut self.fled[s], &other.fled[s]),
                (&mut self.kills[s], &other.kills[s]),
                (&mut self.kill_vp[s], &other.kill_vp[s]),
            ] {
                for (a, b) in mine.iter_mut().zip(theirs) {
                    *a += b;
                }
            }
            add_counts(&mut self.vp_games[s], &other.vp_games[s]);
        }
        add_counts(&mut self.turn_games, &other.turn_games);
        self
    }
}

/// One seating of a pairing: the policies, the sides' models, factions and Fearsome Kiai, in seat
/// order.
pub(super) struct Seating<'s, 'c> {
    pub policies: [PolicyArg; 2],
    pub units: [&'s Vec<Unit>; 2],
    pub factions: [&'c Faction; 2],
    pub kiai: [u32; 2],
    /// The attacking seat, if the players settled it.
    pub attacker: Option<usize>,
    /// Each seat's points.
    pub points: [u32; 2],
}

/// What every game of a run shares: the scenario, the table and the optional rules.
pub(super) struct Conditions<'a> {
    pub cat: &'a Catalogue,
    pub scenario: crate::ronin::model::ScenarioId,
    /// The points the table is set up for (the larger force, R-101).
    pub points: u32,
    pub deployment: Option<DeploymentChoice>,
    /// The Assassination's placement of the defenders, else the attacker's policy's choice.
    pub placement: Option<crate::ronin::engine::table::setup::EnemyPlacement>,
    /// The player's own table, else one generated per game.
    pub table: Option<&'a crate::ronin::engine::table::Table>,
    pub fatigue: bool,
    pub reserves: bool,
    pub seed: u64,
}

/// Play game number `game` of a run: set up its table, deploy, play it out; the result and the
/// models as they ended.
pub(super) fn play_seated(
    c: &Conditions<'_>,
    seat: &Seating<'_, '_>,
    ai: &DefaultAi,
    game: u64,
    events: &mut EventLog,
) -> (GameResult, Vec<Unit>) {
    let (cat, scenario) = (c.cat, c.cat.scenario.get(c.scenario));
    let (sides, fs) = (seat.units, seat.factions);
    let mut pa = super::simulate::policy(seat.policies[0], ai, c.seed, POLICY_STREAM + 2 * game);
    let mut pb =
        super::simulate::policy(seat.policies[1], ai, c.seed, POLICY_STREAM + 2 * game + 1);
    let wishes = [
        pa.deployment(sides[0], sides[1]),
        pb.deployment(sides[1], sides[0]),
    ];
    let request = SetupRequest {
        wishes: c.deployment.is_none().then_some(wishes),
        attacker: seat.attacker,
        ..SetupRequest::new(
            cat,
            c.scenario,
            c.points,
            c.deployment.unwrap_or(DeploymentChoice::Edge),
            table_seed(c.seed, game),
        )
    };
    let mut dice = SeededDice::new(c.seed, game);
    let mut setup = generate_on(cat, &request, c.table);
    // The Assassination's attacker places the defender's models.
    if let Some(a) = setup.attacker.filter(|_| setup.attacker_places_defender()) {
        let policy = if a == 0 { pa.as_mut() } else { pb.as_mut() };
        let chosen = policy.place_enemy(sides[a], sides[1 - a]);
        setup.enemy_placement = c.placement.unwrap_or(chosen);
    }
    let mut sides = [sides[0].clone(), sides[1].clone()];
    add_civilians(cat, &setup, &mut sides, seat.points);
    // The Defence's defender names the attacker's edge once deployed.
    let mut name_edge = |g: &Game<'_>, defender: usize| {
        let policy = if defender == 0 {
            pa.as_mut()
        } else {
            pb.as_mut()
        };
        policy.name_edge(g, defender)
    };
    let mut game_state =
        Game::from_setup_naming(cat, fs, sides, setup, &mut dice, events, &mut name_edge);
    game_state.kiai = seat.kiai;
    game_state.fatigue = c.fatigue;
    if c.reserves {
        keep_reserves(&mut game_state, &mut [pa.as_mut(), pb.as_mut()], events);
    } else if let Some(a) = game_state.setup.attacker
        && scenario.is_some_and(|s| s.reserves == ReservesRule::Attacker)
    {
        // The attacker always holds half back.
        let policy = if a == 0 { pa.as_mut() } else { pb.as_mut() };
        keep_reserves_of(&mut game_state, a, policy, events);
    }
    setup_moves(&mut game_state, &mut [pa.as_mut(), pb.as_mut()], events);
    let result = play(
        &mut game_state,
        &mut [pa.as_mut(), pb.as_mut()],
        &mut dice,
        events,
    );
    (result, game_state.units)
}

/// A roster ready to play in either seat: its models as units of side A and of side B, its
/// list, Fearsome Kiai and points. Made once, played many times.
pub(super) struct Force<'c> {
    pub units: [Vec<Unit>; 2],
    pub faction: &'c Faction,
    pub kiai: u32,
    pub points: u32,
}

impl<'c> Force<'c> {
    pub fn of(
        cat: &'c Catalogue,
        roster: &crate::ronin::roster::Roster,
    ) -> Result<Force<'c>, String> {
        let faction = roster
            .list(cat)
            .ok_or_else(|| "a roster names no known faction".to_owned())?;
        let points = crate::ronin::roster::resolve(
            cat,
            faction,
            roster,
            crate::ronin::roster::Rules::default(),
            &mut Vec::new(),
        )
        .points_total()
        .max(0) as u32;
        Ok(Force {
            units: [0, 1].map(|side| units_of(cat, faction, roster, side)),
            faction,
            kiai: kiai_bought(faction, roster),
            points,
        })
    }
}

/// Play game number `game` of `scenario` between two forces (seat order) on a table generated for
/// them, roles rolled off; the result.
#[allow(clippy::too_many_arguments)]
pub(super) fn play_forces(
    cat: &Catalogue,
    forces: [&Force<'_>; 2],
    scenario: crate::ronin::model::ScenarioId,
    seed: u64,
    game: u64,
    policies: [PolicyArg; 2],
    ai: &DefaultAi,
    events: &mut EventLog,
) -> GameResult {
    let conditions = Conditions {
        cat,
        scenario,
        // The table follows the larger force.
        points: forces[0].points.max(forces[1].points),
        deployment: None,
        placement: None,
        table: None,
        fatigue: false,
        reserves: false,
        seed,
    };
    let seat = Seating {
        policies,
        units: [&forces[0].units[0], &forces[1].units[1]],
        factions: [forces[0].faction, forces[1].faction],
        kiai: [forces[0].kiai, forces[1].kiai],
        attacker: None,
        points: [forces[0].points, forces[1].points],
    };
    play_seated(&conditions, &seat, ai, game, events).0
}

/// Play one game of `scenario` between two rosters (seat order) on a table generated for them,
/// roles rolled off, and read back what its log says happened: the campaign's and the event's
/// games are played and credited exactly as a game recorded from a `simulate --log` file.
pub(super) fn play_rosters(
    cat: &Catalogue,
    rosters: [&crate::ronin::roster::Roster; 2],
    scenario: crate::ronin::model::ScenarioId,
    seed: u64,
    game: u64,
    policies: [PolicyArg; 2],
    ai: &DefaultAi,
) -> Result<crate::ronin::campaign::log::LoggedGame, String> {
    let forces = [Force::of(cat, rosters[0])?, Force::of(cat, rosters[1])?];
    let mut events = EventLog::recording();
    play_forces(
        cat,
        [&forces[0], &forces[1]],
        scenario,
        seed,
        game,
        policies,
        ai,
        &mut events,
    );
    let values: Vec<serde_json::Value> = events
        .iter()
        .filter_map(|e| serde_json::to_value(e).ok())
        .collect();
    crate::ronin::campaign::log::read_game(&values)
}

/// The set-up seed of game `game`: its own table for each game, the same for the same seed.
fn table_seed(seed: u64, game: u64) -> u64 {
    seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ game.wrapping_mul(0xD1B5_4A32_D192_ED03)
}

pub fn run(out: &Out, cat: &Catalogue, args: &SimulateArgs) -> u8 {
    let (report, log_failed) = match play_pair(out, cat, args) {
        Ok(x) => x,
        Err(code) => return code,
    };
    let code = match args.format {
        ListFormat::Json => print_json(&report),
        ListFormat::Text => {
            emit(&report_text(&report).to_text(out.text_style()));
            exit::SUCCESS
        }
    };
    if log_failed { exit::USAGE } else { code }
}

/// Play `args`' games between its two rosters (both seatings with `--swap`), write its log and
/// replay, and make the report; whether writing the log or replay failed.
pub fn play_pair(
    out: &Out,
    cat: &Catalogue,
    args: &SimulateArgs,
) -> Result<(SkirmishJson, bool), u8> {
    for p in [args.policy_a, args.policy_b] {
        if matches!(p, PolicyArg::Attack | PolicyArg::Defend | PolicyArg::Half) {
            out.error(&format!(
                "`{}` is a Tournament split yardstick; a game on the table takes {TABLE_POLICIES}",
                policy_name(p)
            ));
            return Err(exit::USAGE);
        }
    }
    let scenario = cat.scenario.get(args.scenario);
    if args.reserves && scenario.is_some_and(|s| s.reserves == ReservesRule::Never) {
        out.error(&format!(
            "the {} scenario has no reserves (`buntai scenarios {}`)",
            scenario.map_or("", |s| s.name.as_str()),
            args.scenario
        ));
        return Err(exit::USAGE);
    }
    let log = open_output(out, args.log.as_deref(), args.force, &[args.a(), args.b()])?;
    let replay = open_output(
        out,
        args.replay.as_deref(),
        args.force,
        &[args.a(), args.b()],
    )?;
    let charts = open_output(
        out,
        args.report.as_deref(),
        args.force,
        &[args.a(), args.b()],
    )?;
    let table = match &args.table {
        Some(path) => match super::table::read_table(out, cat, path) {
            Ok(t) => Some(t),
            Err(code) => return Err(code),
        },
        None => None,
    };
    let legality = (!args.legality_reported).then_some(args.strict);
    let (a_name, a_roster, a_faction) = playable_roster(out, cat, args.a(), legality)?;
    // The Assassination's attackers are the scenario's own models, under a stand-in
    // faction with no rules of its own.
    let stand_in = stand_in_faction(cat);
    let (b_name, b_roster, b_faction) = match &args.b {
        Some(path) => playable_roster(out, cat, path, legality)?,
        None => match (scenario, &stand_in) {
            (Some(s), Some(f)) => (format!("{}'s attackers", s.name), scenario_roster(s, f), f),
            _ => {
                out.error("the scenario has no attackers of its own in the data");
                return Err(exit::USAGE);
            }
        },
    };
    let mut b_units = units_of(cat, b_faction, &b_roster, 1);
    if args.b.is_none() {
        // The Ninja never test Morale.
        for u in &mut b_units {
            u.fearless = true;
        }
    }
    let units = [units_of(cat, a_faction, &a_roster, 0), b_units];
    let total = |r: &crate::ronin::roster::Roster, f: &Faction| {
        crate::ronin::roster::resolve(
            cat,
            f,
            r,
            crate::ronin::roster::Rules::default(),
            &mut Vec::new(),
        )
        .models
        .iter()
        .map(|m| m.points_each * m.count as i32)
        .sum::<i32>()
        .max(0) as u32
    };
    let totals = [total(&a_roster, a_faction), total(&b_roster, b_faction)];
    let points = totals[0].max(totals[1]);
    // Which roster attacks, where the scenario has roles: the one named, else the one with more
    // points (Defence: twice the defender's), else the roll-off's winner.
    let attacker = scenario
        .filter(|s| s.roles)
        .and_then(|s| match args.attacker {
            // The scenario's own attackers are B.
            _ if s.points == crate::ronin::model::PointsRule::ScenarioAttacker => Some(1),
            Some(super::simulate::RosterSide::A) => Some(0),
            Some(super::simulate::RosterSide::B) => Some(1),
            None => match totals[0].cmp(&totals[1]) {
                std::cmp::Ordering::Greater => Some(0),
                std::cmp::Ordering::Less => Some(1),
                std::cmp::Ordering::Equal => None,
            },
        });
    // The forces the scenario asks for, by the rosters' agreed points (tp.59-66): a warning, not
    // a refusal, since a player may well want to try other odds.
    let agreed = [a_roster.points, b_roster.points];
    if let (Some(s), [Some(pa), Some(pb)]) = (scenario, agreed) {
        let wanted = match (s.points, attacker) {
            (crate::ronin::model::PointsRule::Equal, _) if pa != pb => {
                Some("equal points".to_owned())
            }
            (crate::ronin::model::PointsRule::AttackerDouble, Some(a)) => {
                let (att, def) = if a == 0 { (pa, pb) } else { (pb, pa) };
                (att != 2 * def).then(|| "the attacker twice the defender's points".to_owned())
            }
            _ => None,
        };
        if let Some(wanted) = wanted {
            let message = format!(
                "warning: the {} asks for {wanted}; these rosters are {pa} and {pb} points \
                 (playing them as they are)",
                s.name
            );
            crate::cli::output::note(&(textwrap::fill(&message, out.width()) + "\n"));
        }
    }
    let ai = DefaultAi::new();
    let ai = &ai;
    let factions = [a_faction, b_faction];
    let kiai = [
        kiai_bought(a_faction, &a_roster),
        kiai_bought(b_faction, &b_roster),
    ];
    let conditions = Conditions {
        cat,
        scenario: args.scenario,
        points,
        deployment: args.deployment,
        placement: args.placement,
        table: table.as_ref(),
        fatigue: args.fatigue,
        reserves: args.reserves,
        seed: args.seed,
    };
    let play_one = |seat: &Seating<'_, '_>, game: u64, events: &mut EventLog| {
        play_seated(&conditions, seat, ai, game, events)
    };
    let progress = Progress::new(args.most_games() * if args.swap { 2 } else { 1 });
    let run_all = |seat: Seating<'_, '_>, logged: Option<u64>| {
        let sizes = [seat.units[0].len(), seat.units[1].len()];
        let mut tally = Tally::new(sizes);
        let mut first = EventLog::off();
        let mut start = 0;
        while !args.done(tally.outcome, tally.games) {
            let end = (start + BATCH / 8).min(args.most_games());
            let (batch, log) = (start..end)
                .into_par_iter()
                .map(|game| {
                    let mut events = if Some(game) == logged {
                        EventLog::recording()
                    } else {
                        EventLog::off()
                    };
                    let (result, units) = play_one(&seat, game, &mut events);
                    let mut t = Tally::new(sizes);
                    t.add(&result, &units);
                    (t, events)
                })
                .reduce(
                    || (Tally::new(sizes), EventLog::off()),
                    |(t1, l1), (t2, l2)| (t1.merge(t2), if l1.is_recording() { l1 } else { l2 }),
                );
            tally = tally.merge(batch);
            if log.is_recording() {
                first = log;
            }
            progress.advance(end - start);
            start = end;
        }
        (tally, first)
    };
    let logged = (log.is_some() || replay.is_some() || charts.is_some()).then_some(args.log_game);
    let (tally, first) = run_all(
        Seating {
            policies: [args.policy_a, args.policy_b],
            units: [&units[0], &units[1]],
            factions,
            kiai,
            attacker,
            points: totals,
        },
        logged,
    );
    let swapped_units = [
        units_of(cat, b_faction, &b_roster, 0),
        units_of(cat, a_faction, &a_roster, 1),
    ];
    let swapped = args.swap.then(|| {
        run_all(
            Seating {
                policies: [args.policy_b, args.policy_a],
                units: [&swapped_units[0], &swapped_units[1]],
                factions: [b_faction, a_faction],
                kiai: [kiai[1], kiai[0]],
                attacker: attacker.map(|a| 1 - a),
                points: [totals[1], totals[0]],
            },
            None,
        )
        .0
    });
    progress.finish();
    let mut log_failed = false;
    let events = first.into_vec();
    let replay_page = if replay.is_some() || charts.is_some() {
        let page = replay_page(out, cat, &events);
        log_failed |= page.is_none();
        page
    } else {
        None
    };
    if let (Some(file), Some(page)) = (replay, &replay_page) {
        log_failed |= crate::cli::output::write_output(out, Some(file), page).is_err();
    }
    if let Some(file) = log {
        log_failed |= !write_log(out, file, &events, args);
    }
    let n = tally.games.max(1) as f64;
    let (survived, fled) = (&tally.survived, &tally.fled);
    let (kills, kill_vp) = (&tally.kills, &tally.kill_vp);
    let report = SkirmishJson {
        scenario: args.scenario.as_str(),
        scenario_name: scenario.map_or_else(|| "Skirmish".to_owned(), |s| s.name.clone()),
        attacker: attacker.map(|a| ["a", "b"][a]),
        seed: args.seed,
        games: tally.games,
        points,
        table: args.table.as_ref().map(|p| p.display().to_string()),
        a: SideJson::new(args.a(), a_name, args.policy_a, units[0].len()),
        b: SideJson::new(args.b(), b_name, args.policy_b, units[1].len()),
        a_wins: rate(tally.outcome[0], tally.games),
        draws: rate(tally.outcome[1], tally.games),
        b_wins: rate(tally.outcome[2], tally.games),
        too_close: too_close(
            &rate(tally.outcome[0], tally.games),
            &rate(tally.outcome[2], tally.games),
        ),
        mean_vp: [
            round(tally.vp[0] as f64 / 2.0 / n),
            round(tally.vp[1] as f64 / 2.0 / n),
        ],
        mean_turns: round(tally.turns as f64 / n),
        destroyed: [
            round(tally.destroyed[0] as f64 / n),
            round(tally.destroyed[1] as f64 / n),
        ],
        routing: [
            round(tally.routing[0] as f64 / n),
            round(tally.routing[1] as f64 / n),
        ],
        leader_killed: scenario
            .filter(|s| s.victory == crate::ronin::model::VictoryRule::KillTheLeader)
            .map(|_| round(tally.leader_killed as f64 / n)),
        placement: args.placement,
        models: (0..2)
            .flat_map(|s| {
                units[s]
                    .iter()
                    .enumerate()
                    .map(move |(k, u)| SkirmishModelJson {
                        side: ["A", "B"][s],
                        number: k + 1,
                        name: u.fighter.name.to_string(),
                        survival: round(survived[s][k] as f64 / n),
                        fled: round(fled[s][k] as f64 / n),
                        kills: round(kills[s][k] as f64 / n),
                        kill_vp: round(kill_vp[s][k] as f64 / 2.0 / n),
                    })
            })
            .collect(),
        vp_distribution: tally.vp_games.clone(),
        game_lengths: tally.turn_games.clone(),
        swapped: swapped.map(|s| SwappedJson {
            // Roster A sat second: its wins are side B's.
            a_wins: rate(s.outcome[2], s.games),
            draws: rate(s.outcome[1], s.games),
            b_wins: rate(s.outcome[0], s.games),
            a_wins_both: rate(tally.outcome[0] + s.outcome[2], tally.games + s.games),
            vp_distribution: Some(s.vp_games.clone()),
            mean_vp: Some([0, 1].map(|k| round(s.vp[k] as f64 / 2.0 / s.games.max(1) as f64))),
        }),
    };
    if let Some(file) = charts {
        let page = pair_page(&report, replay_page.as_deref(), args.log_game);
        log_failed |= crate::cli::output::write_output(out, Some(file), &page).is_err();
    }
    Ok((report, log_failed))
}

/// The charts page of one pairing (`--report`).
/// The HTML replay of a logged game's events; `None` (after saying why) if it cannot be drawn.
pub(super) fn replay_page(
    out: &Out,
    cat: &Catalogue,
    events: &[crate::ronin::engine::events::Event],
) -> Option<String> {
    let lines: Vec<String> = events
        .iter()
        .filter_map(|e| serde_json::to_string(e).ok())
        .collect();
    match crate::ronin::print::replay::replay_html(&lines.join("\n"), &cat.terrain) {
        Ok(page) => Some(page),
        Err(err) => {
            out.error(&format!("cannot draw the replay: {}", err.0));
            None
        }
    }
}

fn pair_page(r: &SkirmishJson, replay: Option<&str>, logged: u64) -> String {
    use crate::page::charts::{Interval, embedded, histogram, page, rates, table, values};
    // Side A's bars and series in its colour throughout, side B's in its own, draws grey.
    let interval = Interval::of;
    let (a, b) = (&r.a.name, &r.b.name);
    let mut bars = vec![
        interval(format!("{a} wins"), &r.a_wins, Some(0)),
        interval("draws".to_owned(), &r.draws, None),
        interval(format!("{b} wins"), &r.b_wins, Some(1)),
    ];
    if let Some(s) = &r.swapped {
        bars.push(interval(
            format!("{a} wins, both seats"),
            &s.a_wins_both,
            Some(0),
        ));
    }
    let mut sections = vec![
        (
            "Results".to_owned(),
            rates("Results with their 95% intervals", &bars),
        ),
        (
            "Victory points".to_owned(),
            histogram(
                "Games by each side's victory points",
                "victory points",
                &[
                    (a.clone(), Some(0), r.vp_distribution[0].clone()),
                    (b.clone(), Some(1), r.vp_distribution[1].clone()),
                ],
            ),
        ),
        (
            "Game length".to_owned(),
            histogram(
                "Games by their length",
                "turns",
                &[("games".to_owned(), None, r.game_lengths.clone())],
            ),
        ),
    ];
    let survival: Vec<Interval> = r
        .models
        .iter()
        .map(|m| Interval {
            label: m.name.clone(),
            rate: m.survival * 100.0,
            low: m.survival * 100.0,
            high: m.survival * 100.0,
            series: Some(usize::from(m.side == "B")),
        })
        .collect();
    sections.push((
        "Models".to_owned(),
        values(
            "How often each model survived",
            "percent of games",
            100.0,
            &survival,
        ) + &table(
            &[
                "Model",
                "Survived %",
                "Fled %",
                "Kills a game",
                "VP from kills",
            ],
            &r.models
                .iter()
                .map(|m| {
                    vec![
                        m.name.clone(),
                        format!("{:.1}", m.survival * 100.0),
                        format!("{:.1}", m.fled * 100.0),
                        format!("{:.2}", m.kills),
                        format!("{:.2}", m.kill_vp),
                    ]
                })
                .collect::<Vec<_>>(),
        ),
    ));
    if let Some(replay) = replay {
        sections.push((format!("Game {logged}, turn by turn"), embedded(replay)));
    }
    page(
        &format!("{}: {a} against {b}", r.scenario_name),
        &format!(
            "{} games from seed {} at {} points; every number comes from the games played by the \
             rules, as the JSON report (`--format json`) gives them.",
            r.games, r.seed, r.points
        ),
        &sections,
    )
}

/// A run of one game reports that game: the result, how it ended and each model's fate.
fn one_game_text(doc: &mut Doc, r: &SkirmishJson) {
    let winner = if r.a_wins.count == 1 {
        "A wins"
    } else if r.b_wins.count == 1 {
        "B wins"
    } else {
        "a draw"
    };
    let ended = if r.leader_killed.is_some_and(|k| k > 0.0) {
        "the defender's Leader fell".to_owned()
    } else if r.destroyed[0] > 0.0 || r.destroyed[1] > 0.0 {
        let side = if r.destroyed[0] > 0.0 { "A" } else { "B" };
        format!("{side} was wiped out")
    } else {
        "the last turn was played".to_owned()
    };
    let routing = match (r.routing[0] > 0.0, r.routing[1] > 0.0) {
        (false, false) => "neither side Routing",
        (true, false) => "A Routing",
        (false, true) => "B Routing",
        (true, true) => "both sides Routing",
    };
    doc.para(format!(
        "The game: {winner}, {} victory points to {}. It ended after {}, when {ended}, with \
         {routing}.",
        r.mean_vp[0],
        r.mean_vp[1],
        crate::diag::plural(r.mean_turns as u32, "turn"),
    ));
    doc.heading("Models");
    doc.table(
        &["Side", "#", "Model", "Fate", "Kills", "Kill VP"],
        r.models
            .iter()
            .map(|m| {
                let fate = if m.survival > 0.0 {
                    "on the table"
                } else if m.fled > 0.0 {
                    "fled"
                } else {
                    "killed"
                };
                vec![
                    m.side.to_owned(),
                    m.number.to_string(),
                    m.name.clone(),
                    fate.to_owned(),
                    m.kills.to_string(),
                    m.kill_vp.to_string(),
                ]
            })
            .collect(),
    );
}

fn report_text(r: &SkirmishJson) -> Doc {
    let mut doc = Doc::new(format!(
        "{}: {} (A) against {} (B)",
        r.scenario_name, r.a.name, r.b.name
    ));
    let tables = match &r.table {
        Some(file) => format!("all on the table of {file}"),
        None => "each on its own generated table".to_owned(),
    };
    let roles = match r.attacker {
        Some(side) => format!(" {} attacks.", side.to_uppercase()),
        None => String::new(),
    };
    doc.para(format!(
        "{} from seed {} at {} points, {tables}; A plays {} models (policy {}), B {} (policy {}).{roles}",
        crate::diag::plural(u32::try_from(r.games).unwrap_or(u32::MAX), "game"),
        r.seed, r.points, r.a.models, r.a.policy, r.b.models, r.b.policy
    ));
    if r.games == 1 && r.swapped.is_none() {
        one_game_text(&mut doc, r);
        return doc;
    }
    let line = |label: &str, x: &Rate| {
        vec![
            label.to_owned(),
            pct(x.rate, x.count, r.games),
            format!("{} to {}", bound(x.low), bound(x.high)),
        ]
    };
    doc.table(
        &["Result", "Share", "95% interval"],
        vec![
            line("A wins", &r.a_wins),
            line("Draw", &r.draws),
            line("B wins", &r.b_wins),
        ],
    );
    if r.too_close {
        doc.para(TOO_CLOSE);
    }
    if let Some(fell) = r.leader_killed {
        doc.para(format!(
            "Only the defender's Leader decides: it fell in {:.1}% of games (the victory points \
             below are kept for interest).",
            fell * 100.0
        ));
        use crate::ronin::engine::table::setup::EnemyPlacement;
        let how = match r.placement {
            Some(EnemyPlacement::Together) => {
                "together, nearest the centre, by `--placement together`"
            }
            Some(EnemyPlacement::LeaderApart) => {
                "with the Leader alone at the zone's rim, by `--placement leader-apart`"
            }
            None => {
                "as the attacker's policy chose: the default AI sets the Leader alone at the zone's rim"
            }
        };
        let other = match r.placement {
            Some(EnemyPlacement::Together) => "leader-apart",
            _ => "together",
        };
        doc.para(format!(
            "How the set-up favours the attacker (R-115, P-34): he places every \
             defender model within 12\" of the centre (here {how}), then his own six at least 9\" \
             away, nearest the Leader. After the defender's short moves, the attacker may move \
             two of his models anywhere not touching an enemy: the default AI sets them beside \
             the Leader, and with Priority in turn 1 (R-42) they attack him before his own can \
             close round him. `--placement {other}` plays the other placement P-34 allows."
        ));
    }
    doc.para(format!(
        "Mean victory points: A {:.2}, B {:.2}. Games last {:.1} turns on average. A was wiped out in {:.1}% of games and B in {:.1}%; A ended Routing in {:.1}%, B in {:.1}%.",
        r.mean_vp[0], r.mean_vp[1], r.mean_turns, r.destroyed[0] * 100.0, r.destroyed[1] * 100.0, r.routing[0] * 100.0, r.routing[1] * 100.0
    ));
    if let Some(s) = &r.swapped {
        doc.para(format!(
            "Seats swapped: roster A wins {} as side B; over both seatings {} ({} to {}).",
            pct(s.a_wins.rate, s.a_wins.count, r.games),
            pct(s.a_wins_both.rate, s.a_wins_both.count, 2 * r.games),
            bound(s.a_wins_both.low),
            bound(s.a_wins_both.high)
        ));
    }
    doc.para(format!(
        "Victory points a game, middle half of the games: A {}, B {}.",
        quartiles(&r.vp_distribution[0]),
        quartiles(&r.vp_distribution[1])
    ));
    doc.heading("Models");
    doc.table(
        &[
            "Side", "#", "Model", "Survives", "Flees", "Kills", "Kill VP",
        ],
        r.models
            .iter()
            .map(|m| {
                vec![
                    m.side.to_owned(),
                    m.number.to_string(),
                    m.name.clone(),
                    format!("{:.1}%", m.survival * 100.0),
                    format!("{:.1}%", m.fled * 100.0),
                    format!("{:.2}", m.kills),
                    format!("{:.2}", m.kill_vp),
                ]
            })
            .collect(),
    );
    doc
}

/// The lower quartile, median and upper quartile of a distribution by whole VP, as "4 to 9
/// (median 6)".
pub(super) fn quartiles(games: &[u64]) -> String {
    let total: u64 = games.iter().sum();
    let at = |share: f64| {
        let want = (share * total as f64).ceil().max(1.0) as u64;
        let mut seen = 0;
        games
            .iter()
            .position(|&g| {
                seen += g;
                seen >= want
            })
            .unwrap_or(0)
    };
    format!("{} to {} (median {})", at(0.25), at(0.75), at(0.5))
}
