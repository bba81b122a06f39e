//! A field, the same for every system that plays whole games: every pair of its sides played
//! with both seats, each pairing's win, draw and loss rates with 95% intervals, each side's rate
//! over all its games, and the matrix as text, JSON and an HTML heatmap.

use serde::Serialize;

use crate::page::Doc;
use crate::runs::{Rate, bound, rate};

/// One pairing of a field.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct PairingJson {
    pub a: String,
    pub b: String,
    /// Side `a`'s wins, draws and losses over both seats.
    pub a_wins: Rate,
    pub draws: Rate,
    pub b_wins: Rate,
}

/// What `simulate --field ... --format json` prints.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct FieldJson {
    pub system: String,
    pub seed: u64,
    /// Games a seating.
    pub games: u64,
    /// The sides (armies, contingents) in the order given.
    pub armies: Vec<String>,
    pub pairings: Vec<PairingJson>,
    /// Each side's wins over all its games.
    pub overall: Vec<Rate>,
}

/// A played field: the report and the matrix of the row side's share of wins.
pub struct Field {
    pub json: FieldJson,
    pub matrix: Vec<Vec<Option<f64>>>,
}

/// Play every pair `(i, j)`, `i < j`, of `names`: `pair` plays both seats and gives side `i`'s
/// wins, the draws and side `j`'s wins over them.
pub fn play(
    system: &str,
    seed: u64,
    games: u64,
    names: Vec<String>,
    mut pair: impl FnMut(usize, usize) -> [u64; 3],
) -> Field {
    let n = names.len();
    let mut wins = vec![0u64; n];
    let mut played = vec![0u64; n];
    let mut pairings = Vec::new();
    let mut matrix = vec![vec![None; n]; n];
    for i in 0..n {
        for j in i + 1..n {
            let [xw, d, yw] = pair(i, j);
            let all = (xw + d + yw).max(1);
            wins[i] += xw;
            wins[j] += yw;
            played[i] += all;
            played[j] += all;
            matrix[i][j] = Some(xw as f64 / all as f64);
            matrix[j][i] = Some(yw as f64 / all as f64);
            pairings.push(PairingJson {
                a: names[i].clone(),
                b: names[j].clone(),
                a_wins: rate(xw, all),
                draws: rate(d, all),
                b_wins: rate(yw, all),
            });
        }
    }
    Field {
        json: FieldJson {
            system: system.to_owned(),
            seed,
            games,
            armies: names,
            pairings,
            overall: wins
                .iter()
                .zip(&played)
                .map(|(&w, &p)| rate(w, p))
                .collect(),
        },
        matrix,
    }
}

/// Side `i`'s wins, the draws and side `j`'s wins over both seats, from the A-wins, draws and
/// B-wins of the seating with `i` as A (`first`) and the one with `j` as A (`second`).
pub fn both_seats(first: [u64; 3], second: [u64; 3]) -> [u64; 3] {
    [
        first[0] + second[2],
        first[1] + second[1],
        first[2] + second[0],
    ]
}

impl Field {
    /// Write the `--report` page, if asked for, and print the field as text or JSON.
    pub fn finish(
        &self,
        out: &crate::cli::output::Out,
        format: crate::cli::ListFormat,
        report: Option<crate::files::OutputFile>,
        noun: &str,
        games_a_seat: u64,
    ) -> u8 {
        use crate::diag::exit;
        if let Some(file) = report
            && crate::cli::output::write_output(out, Some(file), &self.html(noun)).is_err()
        {
            return exit::USAGE;
        }
        match format {
            crate::cli::ListFormat::Json => crate::cli::output::print_json(&self.json),
            crate::cli::ListFormat::Text => {
                crate::cli::output::emit(&self.text(noun, games_a_seat).to_text(out.text_style()));
                exit::SUCCESS
            }
        }
    }

    /// The field as a page: the heatmap and each side's overall rate.
    pub fn html(&self, noun: &str) -> String {
        use crate::page::charts::{Interval, heatmap, page, rates};
        let j = &self.json;
        let overall: Vec<Interval> = j
            .armies
            .iter()
            .zip(&j.overall)
            .map(|(a, r)| Interval::of(a.clone(), r, None))
            .collect();
        page(
            &format!("{}: a field of {} {noun}", j.system, j.armies.len()),
            "Each pairing played with both seats; a cell is the row side's share of wins.",
            &[
                (
                    "Win rates".to_owned(),
                    heatmap(
                        &format!("Row {noun}' wins against the column's"),
                        &j.armies,
                        &self.matrix,
                    ),
                ),
                (
                    "Pairings".to_owned(),
                    rates(
                        "Each pairing: the first side's wins and the draws, 95% intervals",
                        &j.pairings
                            .iter()
                            .flat_map(|p| {
                                [
                                    Interval::of(
                                        format!("{} beats {}", p.a, p.b),
                                        &p.a_wins,
                                        Some(0),
                                    ),
                                    Interval::of(
                                        format!("{} and {} draw", p.a, p.b),
                                        &p.draws,
                                        None,
                                    ),
                                ]
                            })
                            .collect::<Vec<_>>(),
                    ),
                ),
                (
                    "Overall".to_owned(),
                    rates(
                        "Each side's wins over all its games, 95% intervals",
                        &overall,
                    ),
                ),
            ],
        )
    }

    /// The field as text tables.
    pub fn text(&self, noun: &str, games_a_seat: u64) -> Doc {
        let j = &self.json;
        let mut doc = Doc::new(format!(
            "{}: a field of {} {noun}",
            j.system,
            j.armies.len()
        ));
        doc.para(format!(
            "Every pair played {games_a_seat} games a seat from seed {}, both seats.",
            j.seed
        ));
        doc.table(
            &["A", "B", "A wins", "Draws", "B wins"],
            j.pairings
                .iter()
                .map(|p| {
                    vec![
                        p.a.clone(),
                        p.b.clone(),
                        format!(
                            "{:.1}% ({} to {})",
                            p.a_wins.rate * 100.0,
                            bound(p.a_wins.low),
                            bound(p.a_wins.high)
                        ),
                        format!("{:.1}%", p.draws.rate * 100.0),
                        format!("{:.1}%", p.b_wins.rate * 100.0),
                    ]
                })
                .collect(),
        );
        doc.table(
            &["Side", "Wins overall", "95% interval"],
            j.armies
                .iter()
                .zip(&j.overall)
                .map(|(a, r)| {
                    vec![
                        a.clone(),
                        format!("{:.1}%", r.rate * 100.0),
                        format!("{} to {}", bound(r.low), bound(r.high)),
                    ]
                })
                .collect(),
        );
        doc
    }
}
