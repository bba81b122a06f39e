//! `buntai suggest --against A.toml B.toml ...`: the legal list that wins most often against the
//! lists a player expects to meet.
//!
//! The search:
//! 1. **Candidates.** The suggester's walks in every style from several seeds give a pool of
//!    distinct legal lists (the validator judges each); the plain suggestion (the style and seed
//!    asked for) is always one of them.
//! 2. **Successive halving.** Each round shares an equal part of the search budget among the lists
//!    still in, which play the opponents in both seats with the default AI; the better half (by
//!    score: a win 1, a draw ½) goes on, keeping its games, until one list is left. Every list
//!    plays game `k` against an opponent on the same table with the same dice streams (common
//!    random numbers), so lists are compared on equal luck and the ranking needs fewer games.
//! 3. **One change at a time.** Half the search budget goes to a second halving among the first
//!    round's winner and up to fifteen legal lists one change from it (a model swapped for
//!    another, dropped or added), on games of their own.
//! 4. **A fresh check.** The winner and the plain suggestion then play a quarter of the budget
//!    between them on new games, the same ones for both: the rates printed come from these, not
//!    from the games that chose the winner, so they carry no selection bias.
//!
//! Games run in parallel; each result is an integer tally added in a fixed order, so a seed and a
//! game budget give the same list whatever the thread count. A time budget (`--budget SECONDS`)
//! ends the halving early, and then the result depends on the machine's speed.

use std::time::{Duration, Instant};

use rayon::prelude::*;
use serde::Serialize;

use super::build::SuggestArgs;
use super::simulate::{PolicyArg, playable_roster};
use super::skirmish::{Force, play_forces};
use crate::cli::output::Out;
use crate::diag::exit;
use crate::ronin::engine::events::EventLog;
use crate::ronin::engine::policy::DefaultAi;
use crate::ronin::model::{Catalogue, Faction, ScenarioId};
use crate::ronin::roster::Roster;
use crate::ronin::suggest::Style;
use crate::runs::{Progress, Rate, rate};

/// Seeds of the suggester walked in each style for the candidate pool: one for every this many
/// games of budget, within `SEEDS`.
const GAMES_PER_SEED: u64 = 500;
const SEEDS: std::ops::RangeInclusive<u64> = 2..=16;
/// The check games start here, far from every search game.
const CHECK_BASE: u64 = 1 << 40;
/// The second round of the search plays its own games from here.
const SECOND_BASE: u64 = 1 << 36;
/// Lists one change from the first round's winner tried in the second.
const NEIGHBOURS: usize = 15;
/// Games a parallel batch plays between looks at the clock.
const CHUNK: usize = 256;

/// What the search found, as `suggest --against --format json` prints it inside the suggestion.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct SearchJson {
    pub scenario: &'static str,
    /// The opponents, in the order given.
    pub against: Vec<OpponentJson>,
    /// The games the search could play (`--budget-games`).
    pub budget_games: u64,
    /// Distinct legal lists searched.
    pub candidates: usize,
    /// Games played to choose the list (fewer when `--budget` stopped the search).
    pub search_games: u64,
    /// Whether `--budget` stopped the search before one list was left.
    pub stopped_early: bool,
    /// Fresh games each of the chosen list and the plain suggestion then played, the same games
    /// for both: every opponent, both seats.
    pub check_games: u64,
    /// The chosen list on the check games.
    pub best: ListResultJson,
    /// The plain suggestion (`suggest` without `--against`, same style and seed) on the same games.
    pub plain: ListResultJson,
    /// Whether the chosen list is the plain suggestion itself.
    pub best_is_plain: bool,
}

#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct OpponentJson {
    pub file: String,
    pub name: String,
}

/// One list's results on the check games.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct ListResultJson {
    /// The suggester's style and seed that built it.
    pub style: String,
    pub seed: u64,
    /// What the search changed in the suggester's list, if anything.
    pub change: Option<String>,
    pub wins: Rate,
    pub draws: Rate,
    pub losses: Rate,
    /// Wins against each opponent, in the order given.
    pub wins_against: Vec<Rate>,
}

/// A list of the pool: where it came from, its roster, its force.
struct Candidate<'c> {
    style: Style,
    seed: u64,
    change: Option<String>,
    roster: Roster,
    force: Force<'c>,
}

/// Wins, draws and losses against each opponent.
#[derive(Clone, Default)]
struct Record {
    against: Vec<[u64; 3]>,
}

impl Record {
    fn new(opponents: usize) -> Record {
        Record {
            against: vec![[0; 3]; opponents],
        }
    }

    fn total(&self) -> [u64; 3] {
        self.against.iter().fold([0; 3], |mut t, r| {
            for (a, b) in t.iter_mut().zip(r) {
                *a += b;
            }
            t
        })
    }

    fn games(&self) -> u64 {
        self.total().iter().sum()
    }

    /// Half-points: a win 2, a draw 1.
    fn score(&self) -> u64 {
        let [w, d, _] = self.total();
        2 * w + d
    }

    fn json(&self, list: &Candidate<'_>) -> ListResultJson {
        let [w, d, l] = self.total();
        let n = self.games().max(1);
        ListResultJson {
            style: list.style.name().to_owned(),
            seed: list.seed,
            change: list.change.clone(),
            wins: rate(w, n),
            draws: rate(d, n),
            losses: rate(l, n),
            wins_against: self
                .against
                .iter()
                .map(|r| rate(r[0], r.iter().sum::<u64>().max(1)))
                .collect(),
        }
    }
}

/// The chosen roster, its name, and what the search found.
pub struct Found {
    pub roster: Roster,
    pub name: String,
    pub search: SearchJson,
}

/// What a halving found.
struct Halving {
    winner: usize,
    /// Lists it compared.
    lists: usize,
    games: u64,
    stopped_early: bool,
}

/// The games of a run: who plays, where, with what.
struct Arena<'a, 'c> {
    cat: &'c Catalogue,
    opponents: &'a [Force<'c>],
    scenario: ScenarioId,
    seed: u64,
    ai: DefaultAi,
}

impl Arena<'_, '_> {
    /// The games of one unit of play: each opponent once in each seat.
    fn unit(&self) -> u64 {
        2 * self.opponents.len() as u64
    }

    /// Play game `index` of `candidate` (its opponent and seat follow from the index): 0 a win,
    /// 1 a draw, 2 a loss, and the opponent's number.
    fn play(&self, candidate: &Force<'_>, index: u64) -> (usize, usize) {
        let within = index % self.unit();
        let (opponent, seat) = ((within / 2) as usize, (within % 2) as usize);
        let foe = &self.opponents[opponent];
        let forces = if seat == 0 {
            [candidate, foe]
        } else {
            [foe, candidate]
        };
        let result = play_forces(
            self.cat,
            forces,
            self.scenario,
            self.seed,
            index,
            [PolicyArg::Default; 2],
            &self.ai,
            &mut EventLog::off(),
        );
        let outcome = match result.winner {
            Some(w) if w == seat => 0,
            None => 1,
            _ => 2,
        };
        (opponent, outcome)
    }

    /// Play each job (a candidate of the pool and a game index), adding the result to the
    /// candidate's record; false when the deadline passed first (the records then hold what was
    /// played).
    fn play_games(
        &self,
        pool: &[Candidate<'_>],
        records: &mut [Record],
        jobs: &[(usize, u64)],
        deadline: Option<Instant>,
        progress: &Progress,
    ) -> bool {
        for chunk in jobs.chunks(CHUNK) {
            if deadline.is_some_and(|d| now() >= d) {
                return false;
            }
            let results: Vec<(usize, usize, usize)> = chunk
                .par_iter()
                .map(|&(c, index)| {
                    let (opponent, outcome) = self.play(&pool[c].force, index);
                    (c, opponent, outcome)
                })
                .collect();
            for (c, opponent, outcome) in results {
                records[c].against[opponent][outcome] += 1;
            }
            progress.advance(chunk.len() as u64);
        }
        true
    }

    /// Successive halving among the pool's lists `alive` within `budget` games, game indices from
    /// `base`: each round an equal share of the budget, the better half going on.
    fn halve(
        &self,
        pool: &[Candidate<'_>],
        mut alive: Vec<usize>,
        budget: u64,
        base: u64,
        deadline: Option<Instant>,
        progress: &Progress,
    ) -> Halving {
        let unit = self.unit();
        let rounds = |lists: usize| u64::from(usize::BITS - (lists.max(2) - 1).leading_zeros());
        // No more lists than can each play every opponent in both seats in the first round, so
        // the search keeps within its budget.
        while alive.len() > 2 && budget / rounds(alive.len()) / alive.len() as u64 / unit == 0 {
            alive.pop();
        }
        let (rounds, lists) = (rounds(alive.len()), alive.len());
        let mut records = vec![Record::new(self.opponents.len()); pool.len()];
        let mut played_units = 0;
        let mut stopped_early = false;
        while alive.len() > 1 {
            let units = (budget / rounds / alive.len() as u64 / unit).max(1);
            let games = base + played_units * unit..base + (played_units + units) * unit;
            let jobs: Vec<(usize, u64)> = alive
                .iter()
                .flat_map(|&c| games.clone().map(move |g| (c, g)))
                .collect();
            if !self.play_games(pool, &mut records, &jobs, deadline, progress) {
                stopped_early = true;
            }
            played_units += units;
            // The better half goes on; ties keep the earlier list of the pool (the plain one,
            // then the first round's winner before the lists made from it).
            let mean = |c: usize| records[c].score() as f64 / records[c].games().max(1) as f64;
            alive.sort_by(|&x, &y| mean(y).total_cmp(&mean(x)).then(x.cmp(&y)));
            let keep = if stopped_early {
                1
            } else {
                alive.len().div_ceil(2)
            };
            alive.truncate(keep);
        }
        Halving {
            winner: alive.first().copied().unwrap_or(0),
            lists,
            games: records.iter().map(Record::games).sum(),
            stopped_early,
        }
    }
}

/// The wall clock, read only for a player's `--budget SECONDS`: the games themselves never see
/// it, and without a time budget nothing depends on it.
#[allow(clippy::disallowed_methods)]
fn now() -> Instant {
    Instant::now()
}

/// Search the lists of `faction` at `points` for the one that does best against `args.against`.
pub fn search(
    out: &Out,
    cat: &Catalogue,
    faction: &Faction,
    plain: Roster,
    args: &SuggestArgs,
) -> Result<Found, u8> {
    super::field::two_rosters_on_table(out, cat, args.scenario, "--against")?;
    let mut opponents = Vec::new();
    let mut against = Vec::new();
    for path in &args.against {
        let (name, roster, _) = playable_roster(out, cat, path, Some(false))?;
        let force = Force::of(cat, &roster).map_err(|err| {
            out.error(&format!("cannot play `{}`: {err}", path.display()));
            exit::USAGE
        })?;
        opponents.push(force);
        against.push(OpponentJson {
            file: path.display().to_string(),
            name,
        });
    }
    let mut pool = candidates(out, cat, faction, plain, args)?;
    let arena = Arena {
        cat,
        opponents: &opponents,
        scenario: args.scenario,
        seed: args.seed,
        ai: DefaultAi::new(),
    };
    let unit = arena.unit();
    // Two lists each meet every opponent in both seats once in the search and once in the check.
    if args.budget_games < 4 * unit {
        out.error(&format!(
            "--budget-games {} is too few to meet {} in both seats: give at least {}",
            args.budget_games,
            lists(opponents.len()),
            4 * unit
        ));
        return Err(exit::USAGE);
    }
    let deadline = args.budget.map(|s| now() + Duration::from_secs_f64(s));
    // A quarter of the budget checks the winner against the plain list; the rest searches.
    let check_units = (args.budget_games / 4 / 2 / unit).max(1);
    let search_budget = args.budget_games - check_units * 2 * unit;
    let progress = Progress::new(args.budget_games);
    // Half the search among the suggester's lists, half among the lists one change from its
    // winner.
    let first = (0..pool.len()).collect();
    let mut round = arena.halve(&pool, first, search_budget / 2, 0, deadline, &progress);
    let (mut candidates, mut search_games) = (round.lists, round.games);
    if !round.stopped_early {
        let from = &pool[round.winner];
        let (style, seed, winner) = (from.style, from.seed, round.winner);
        let near = crate::ronin::suggest::neighbours(
            cat,
            faction,
            &from.roster,
            args.points,
            args.seed,
            NEIGHBOURS,
        );
        let mut second = vec![winner];
        for n in near {
            let force = Force::of(cat, &n.roster).map_err(|err| {
                out.error(&format!("cannot play a list near the best: {err}"));
                exit::USAGE
            })?;
            second.push(pool.len());
            pool.push(Candidate {
                style,
                seed,
                change: Some(n.change),
                roster: n.roster,
                force,
            });
        }
        round = arena.halve(
            &pool,
            second,
            search_budget - search_budget / 2,
            SECOND_BASE,
            deadline,
            &progress,
        );
        candidates += round.lists - 1;
        search_games += round.games;
    }
    let stopped_early = round.stopped_early;
    let best = round.winner;
    // The check: fresh games, the same for the winner and the plain list (candidate 0).
    let mut check = vec![Record::new(opponents.len()); pool.len()];
    let checked: Vec<usize> = if best == 0 { vec![0] } else { vec![best, 0] };
    let jobs: Vec<(usize, u64)> = checked
        .iter()
        .flat_map(|&c| (CHECK_BASE..CHECK_BASE + check_units * unit).map(move |g| (c, g)))
        .collect();
    arena.play_games(&pool, &mut check, &jobs, None, &progress);
    progress.finish();
    let chosen = &pool[best];
    let plain = &pool[0];
    let name = format!(
        "Best {} found against {} ({} games, seed {})",
        faction.name,
        lists(opponents.len()),
        args.budget_games,
        args.seed
    );
    Ok(Found {
        roster: chosen.roster.clone(),
        name,
        search: SearchJson {
            scenario: args.scenario.as_str(),
            against,
            budget_games: args.budget_games,
            candidates,
            search_games,
            stopped_early,
            check_games: check_units * unit,
            best: check[best].json(chosen),
            plain: check[0].json(plain),
            best_is_plain: best == 0,
        },
    })
}

/// The pool: the plain suggestion first, then every distinct legal list the suggester builds in
/// each style from a number of seeds that grows with the budget.
fn candidates<'c>(
    out: &Out,
    cat: &'c Catalogue,
    faction: &'c Faction,
    plain: Roster,
    args: &SuggestArgs,
) -> Result<Vec<Candidate<'c>>, u8> {
    let mut pool: Vec<Candidate<'c>> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut add = |style: Style, seed: u64, roster: Roster| -> Result<(), u8> {
        let key = serde_json::to_string(&roster).unwrap_or_default();
        if !seen.insert(key) {
            return Ok(());
        }
        let force = Force::of(cat, &roster).map_err(|err| {
            out.error(&format!("cannot play a suggested list: {err}"));
            exit::USAGE
        })?;
        pool.push(Candidate {
            style,
            seed,
            change: None,
            roster,
            force,
        });
        Ok(())
    };
    add(args.style, args.seed, plain)?;
    // Seed by seed, every style in turn: a pool cut short for a small budget keeps every style.
    let seeds = (args.budget_games / GAMES_PER_SEED).clamp(*SEEDS.start(), *SEEDS.end());
    for seed in args.seed..args.seed.saturating_add(seeds) {
        for style in [Style::Balanced, Style::Elite, Style::Horde, Style::Shooty] {
            if let Some(roster) =
                crate::ronin::suggest::suggest(cat, faction, args.points, seed, style)
            {
                add(style, seed, roster)?;
            }
        }
    }
    Ok(pool)
}

/// "1 list", "3 lists".
fn lists(n: usize) -> String {
    crate::diag::plural(u32::try_from(n).unwrap_or(u32::MAX), "list")
}

/// The search in words, for the end of the text output.
pub fn summary(s: &SearchJson, width: usize) -> String {
    let pct = |r: &Rate| {
        format!(
            "{:.1}% ({:.1}-{:.1})",
            r.rate * 100.0,
            r.low * 100.0,
            r.high * 100.0
        )
    };
    let mut text = textwrap::fill(
        &format!(
            "Searched {} legal lists in {} games against {} ({}, the default AI on both sides, \
             seats swapped){}, then played the chosen list and the plain suggestion {} fresh \
             games each, the same tables and dice for both. Wins with 95% intervals:",
            s.candidates,
            s.search_games,
            lists(s.against.len()),
            s.scenario,
            if s.stopped_early {
                " (stopped early by --budget)"
            } else {
                ""
            },
            s.check_games
        ),
        width,
    );
    text.push('\n');
    let wrap = textwrap::Options::new(width).subsequent_indent("      ");
    let line = |label: &str, r: &ListResultJson| {
        let change = r
            .change
            .as_ref()
            .map_or_else(String::new, |c| format!(", then {c}"));
        let line = format!(
            "  {label:<8} ({}, seed {}{change}): wins {}, draws {:.1}%",
            r.style,
            r.seed,
            pct(&r.wins),
            r.draws.rate * 100.0
        );
        textwrap::fill(&line, wrap.clone()) + "\n"
    };
    if s.best_is_plain {
        text += &line("plain", &s.plain);
        text += "  No list searched did better than the plain suggestion.\n";
    } else {
        text += &line("chosen", &s.best);
        text += &line("plain", &s.plain);
    }
    if s.against.len() > 1 {
        for (k, o) in s.against.iter().enumerate() {
            let line = format!(
                "  against {}: chosen {}, plain {}",
                o.name,
                pct(&s.best.wins_against[k]),
                pct(&s.plain.wins_against[k])
            );
            text += &textwrap::fill(&line, wrap.clone());
            text.push('\n');
        }
    }
    text
}
