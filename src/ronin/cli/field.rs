//! `buntai simulate --field A.toml B.toml C.toml ...`: every pair of lists plays the scenario with
//! the seats swapped; the report is a matrix of win rates with 95% intervals, each list's overall
//! rate over all its games, and its victory points.

use std::path::PathBuf;

use serde::Serialize;

use super::simulate::SimulateArgs;
use crate::cli::ListFormat;
use crate::cli::output::{Out, emit, print_json};
use crate::diag::exit;
use crate::ronin::model::{Catalogue, PointsRule, ScenarioId};
use crate::ronin::print::Doc;
use crate::runs::{Rate, rate, round};

/// What `simulate --field --format json` prints.
#[derive(Serialize, schemars::JsonSchema)]
pub struct FieldJson {
    scenario: &'static str,
    seed: u64,
    /// Games for each seating of each pair (each pair plays twice as many); with `--precision`,
    /// the most any seating played.
    games: u64,
    /// The half-width every seating's rates were played down to (`--precision`).
    precision: Option<f64>,
    lists: Vec<FieldListJson>,
    /// Row `i`, column `j`: list `i`'s results against list `j` over both seatings; none on the
    /// diagonal.
    matrix: Vec<Vec<Option<PairingJson>>>,
}

/// One list of the field over all its games.
#[derive(Serialize, schemars::JsonSchema)]
pub struct FieldListJson {
    file: String,
    name: String,
    wins: Rate,
    draws: Rate,
    losses: Rate,
    /// Mean victory points a game.
    mean_vp: f64,
    /// Games ending with each whole number of victory points (entry `k`: at least `k`, under
    /// `k + 1`; negative totals count as 0).
    vp_distribution: Vec<u64>,
}

/// One list's results against another, both seatings together.
#[derive(Serialize, schemars::JsonSchema, Clone)]
pub struct PairingJson {
    wins: Rate,
    draws: Rate,
    losses: Rate,
    /// Mean victory points a game: this list's, then the opponent's.
    mean_vp: [f64; 2],
}

/// Tallies of one list, summed over its pairings.
#[derive(Default, Clone)]
struct Record {
    wins: u64,
    draws: u64,
    losses: u64,
    vp: f64,
    vp_games: Vec<u64>,
}

impl Record {
    fn add(&mut self, wins: u64, draws: u64, losses: u64, mean_vp: f64, games: u64, vp: &[u64]) {
        self.wins += wins;
        self.draws += draws;
        self.losses += losses;
        self.vp += mean_vp * games as f64;
        if self.vp_games.len() < vp.len() {
            self.vp_games.resize(vp.len(), 0);
        }
        for (k, n) in vp.iter().enumerate() {
            self.vp_games[k] += n;
        }
    }
}

pub fn run(out: &Out, cat: &Catalogue, args: &SimulateArgs) -> u8 {
    if let Err(code) = two_rosters_on_table(out, cat, args.scenario, "--field") {
        return code;
    }
    let charts = match crate::cli::output::open_output(
        out,
        args.report.as_deref(),
        args.force,
        &args.field.iter().map(PathBuf::as_path).collect::<Vec<_>>(),
    ) {
        Ok(file) => file,
        Err(code) => return code,
    };
    // Each list's legality is reported once here, not once a pairing.
    for path in &args.field {
        if let Err(code) = super::simulate::playable_roster(out, cat, path, Some(args.strict)) {
            return code;
        }
    }
    let n = args.field.len();
    let mut records = vec![Record::default(); n];
    let mut names = vec![String::new(); n];
    let mut matrix: Vec<Vec<Option<PairingJson>>> = vec![vec![None; n]; n];
    let mut played = 0;
    for i in 0..n {
        for j in i + 1..n {
            let pair = SimulateArgs {
                a: Some(args.field[i].clone()),
                b: Some(args.field[j].clone()),
                field: Vec::new(),
                swap: true,
                log: None,
                replay: None,
                report: None,
                legality_reported: true,
                ..args.clone()
            };
            let report = match super::skirmish::play_pair(out, cat, &pair) {
                Ok((report, _)) => report,
                Err(code) => return code,
            };
            let Some(back) = report.swapped.as_ref() else {
                return exit::USAGE;
            };
            names[i].clone_from(&report.a.name);
            names[j].clone_from(&report.b.name);
            let games = report.games + back.a_wins.count + back.draws.count + back.b_wins.count;
            played = played.max(report.games);
            // First seating: i is A; second: j is A and i is B.
            let i_wins = report.a_wins.count + back.a_wins.count;
            let j_wins = report.b_wins.count + back.b_wins.count;
            let draws = report.draws.count + back.draws.count;
            let vp_back = back.mean_vp.unwrap_or_default();
            let dist_back = back.vp_distribution.clone().unwrap_or_default();
            let mean = |first: f64, second: f64| round((first + second) / 2.0);
            let i_vp = mean(report.mean_vp[0], vp_back[1]);
            let j_vp = mean(report.mean_vp[1], vp_back[0]);
            let both = |a: &[u64], b: &[u64]| -> Vec<u64> {
                (0..a.len().max(b.len()))
                    .map(|k| a.get(k).unwrap_or(&0) + b.get(k).unwrap_or(&0))
                    .collect()
            };
            let i_dist = both(&report.vp_distribution[0], &dist_back[1]);
            let j_dist = both(&report.vp_distribution[1], &dist_back[0]);
            records[i].add(i_wins, draws, j_wins, i_vp, games, &i_dist);
            records[j].add(j_wins, draws, i_wins, j_vp, games, &j_dist);
            matrix[i][j] = Some(PairingJson {
                wins: rate(i_wins, games),
                draws: rate(draws, games),
                losses: rate(j_wins, games),
                mean_vp: [i_vp, j_vp],
            });
            matrix[j][i] = Some(PairingJson {
                wins: rate(j_wins, games),
                draws: rate(draws, games),
                losses: rate(i_wins, games),
                mean_vp: [j_vp, i_vp],
            });
        }
    }
    let lists = records
        .iter()
        .zip(&names)
        .zip(&args.field)
        .map(|((r, name), file)| {
            let games = r.wins + r.draws + r.losses;
            FieldListJson {
                file: file.display().to_string(),
                name: name.clone(),
                wins: rate(r.wins, games),
                draws: rate(r.draws, games),
                losses: rate(r.losses, games),
                mean_vp: round(r.vp / games.max(1) as f64),
                vp_distribution: r.vp_games.clone(),
            }
        })
        .collect();
    let report = FieldJson {
        scenario: args.scenario.as_str(),
        seed: args.seed,
        games: played,
        precision: args.precision,
        lists,
        matrix,
    };
    if let Some(file) = charts
        && crate::cli::output::write_output(out, Some(file), &field_page(&report)).is_err()
    {
        return exit::USAGE;
    }
    match args.format {
        ListFormat::Json => print_json(&report),
        ListFormat::Text => {
            emit(&field_text(&report).to_text(out.text_style()));
            exit::SUCCESS
        }
    }
}

/// Refuse a scenario that is not played between two rosters on the table (the Tournament, and the
/// Assassination with its own attackers): `option` is what asked for one.
pub(super) fn two_rosters_on_table(
    out: &Out,
    cat: &Catalogue,
    id: ScenarioId,
    option: &str,
) -> Result<(), u8> {
    let scenario = cat.scenario.get(id);
    if id == ScenarioId::Tournament
        || scenario.is_some_and(|s| s.points == PointsRule::ScenarioAttacker)
    {
        out.error(&format!(
            "{option} plays scenarios between two rosters on the table; the {id} is not one"
        ));
        return Err(exit::USAGE);
    }
    Ok(())
}

/// A rate and its interval in whole percents: `62 (55-69)`.
fn cell(r: &Rate) -> String {
    let pct = |x: f64| (x * 100.0).round();
    format!("{} ({}-{})", pct(r.rate), pct(r.low), pct(r.high))
}

/// The matrix as a table: a header of list numbers, then a row per list of its win rates.
fn matrix_table(r: &FieldJson) -> (Vec<String>, Vec<Vec<String>>) {
    let mut header = vec!["List".to_owned()];
    header.extend((1..=r.lists.len()).map(|k| k.to_string()));
    let rows = r
        .matrix
        .iter()
        .enumerate()
        .map(|(i, row)| {
            let mut cells = vec![format!("{} {}", i + 1, r.lists[i].name)];
            cells.extend(
                row.iter()
                    .map(|c| c.as_ref().map_or("-".to_owned(), |p| cell(&p.wins))),
            );
            cells
        })
        .collect();
    (header, rows)
}

fn field_text(r: &FieldJson) -> Doc {
    let mut doc = Doc::new(format!(
        "A field of {} lists: {}",
        r.lists.len(),
        r.scenario
    ));
    doc.para(format!(
        "Every pair played {} games a seating from seed {}, seats swapped. A row's win rate \
         against each column in percent, with its 95% interval; draws make up the rest.",
        r.games, r.seed
    ));
    let (header, rows) = matrix_table(r);
    let header: Vec<&str> = header.iter().map(String::as_str).collect();
    doc.table(&header, rows);
    doc.heading("Each list over all its games");
    doc.table(
        &["List", "Wins %", "Draws %", "Mean VP", "VP, middle half"],
        r.lists
            .iter()
            .enumerate()
            .map(|(i, l)| {
                vec![
                    format!("{} {}", i + 1, l.name),
                    cell(&l.wins),
                    format!("{}", (l.draws.rate * 100.0).round()),
                    format!("{:.2}", l.mean_vp),
                    super::skirmish::quartiles(&l.vp_distribution),
                ]
            })
            .collect(),
    );
    doc
}

/// The charts page of a field (`--report`).
fn field_page(r: &FieldJson) -> String {
    use crate::page::charts::{Interval, heatmap, histogram, page, rates, table};
    let labels: Vec<String> = r.lists.iter().map(|l| l.name.clone()).collect();
    let cells: Vec<Vec<Option<f64>>> = r
        .matrix
        .iter()
        .map(|row| {
            row.iter()
                .map(|c| c.as_ref().map(|p| p.wins.rate))
                .collect()
        })
        .collect();
    let bars: Vec<Interval> = r
        .lists
        .iter()
        .enumerate()
        .map(|(i, l)| Interval {
            label: format!("{} {}", i + 1, l.name),
            rate: l.wins.rate,
            low: l.wins.low,
            high: l.wins.high,
            series: Some(i),
        })
        .collect();
    let vp: Vec<(String, Option<usize>, Vec<u64>)> = r
        .lists
        .iter()
        .enumerate()
        .map(|(i, l)| {
            (
                format!("{} {}", i + 1, l.name),
                Some(i),
                l.vp_distribution.clone(),
            )
        })
        .collect();
    let (header, rows) = matrix_table(r);
    let header: Vec<&str> = header.iter().map(String::as_str).collect();
    page(
        &format!("A field of {} lists: {}", r.lists.len(), r.scenario),
        &format!(
            "Every pair played {} games a seating from seed {}, seats swapped; rates are the row \
             list's wins against the column list, with 95% intervals.",
            r.games, r.seed
        ),
        &[
            (
                "Win rates, row against column".to_owned(),
                heatmap("Row's wins against column", &labels, &cells) + &table(&header, &rows),
            ),
            (
                "Each list over all its games".to_owned(),
                rates("Wins with their 95% intervals", &bars),
            ),
            (
                "Victory points".to_owned(),
                histogram("Games by each list's victory points", "victory points", &vp),
            ),
        ],
    )
}
