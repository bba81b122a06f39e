//! Monte Carlo runs, the same for every system: rates with their 95% Wilson intervals, the
//! `--precision` stopping rule, games in batches with a progress bar, the percentages reports
//! print, and the JSON Lines writer for a game's log.

use serde::Serialize;

/// A count out of some games, as a rate with its 95% Wilson score interval.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct Rate {
    pub count: u64,
    pub rate: f64,
    /// 95% Wilson score interval.
    pub low: f64,
    pub high: f64,
}

/// A rate with its 95% Wilson score interval.
pub fn rate(count: u64, n: u64) -> Rate {
    let (k, n) = (count as f64, n as f64);
    let z = 1.959_964;
    let p = k / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    Rate {
        count,
        rate: round(p),
        low: round((centre - half).max(0.0)),
        high: round((centre + half).min(1.0)),
    }
}

/// Count one more at `i` of a histogram of whole numbers.
pub fn bump(v: &mut Vec<u64>, i: usize) {
    if v.len() <= i {
        v.resize(i + 1, 0);
    }
    v[i] += 1;
}

/// Add one histogram of whole numbers to another.
pub fn add_all(mine: &mut Vec<u64>, other: &[u64]) {
    if mine.len() < other.len() {
        mine.resize(other.len(), 0);
    }
    for (m, o) in mine.iter_mut().zip(other) {
        *m += o;
    }
}

/// A share rounded to four decimals, as reports give them.
pub fn round(x: f64) -> f64 {
    (x * 10_000.0).round() / 10_000.0
}

/// Parse `--precision`: a half-width between 0 and 0.5.
pub fn precision_arg(text: &str) -> Result<f64, String> {
    let p: f64 = text
        .parse()
        .map_err(|_| format!("`{text}` is not a number"))?;
    if p.is_finite() && p > 0.0 && p <= 0.5 {
        Ok(p)
    } else {
        Err("a half-width between 0 and 0.5, such as 0.01".to_owned())
    }
}

/// The most games a seating plays under `--precision`.
pub const PRECISION_CAP: u64 = 1_000_000;

/// Whether every one of `outcome`'s rates over `games` is within the `--precision` half-width
/// (never, without `--precision`). Checked after whole batches only, so the games played never
/// depend on the thread count.
pub fn settled(precision: Option<f64>, outcome: &[u64], games: u64) -> bool {
    precision.is_some_and(|p| {
        games > 0
            && outcome.iter().all(|&k| {
                let r = rate(k, games);
                (r.high - r.rate).max(r.rate - r.low) <= p
            })
    })
}

/// Games a batch: the progress bar moves and the tally grows once a batch.
pub const BATCH: u64 = 2048;

/// A progress bar on standard error for long runs (hidden when it is not a terminal).
pub struct Progress(Option<indicatif::ProgressBar>);

impl Progress {
    pub fn new(games: u64) -> Progress {
        use std::io::IsTerminal;
        if games < 2 * BATCH || !std::io::stderr().is_terminal() {
            return Progress(None);
        }
        let bar = indicatif::ProgressBar::new(games);
        if let Ok(style) = indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} games, {per_sec}, {eta} left",
        ) {
            bar.set_style(style);
        }
        Progress(Some(bar))
    }

    pub fn advance(&self, games: u64) {
        if let Some(bar) = &self.0 {
            bar.inc(games);
        }
    }

    pub fn finish(&self) {
        if let Some(bar) = &self.0 {
            bar.finish_and_clear();
        }
    }
}

/// A share as a percentage with enough digits: "< 0.1%" and "> 99.9%" rather than 0.0 or 100.0
/// when the count is neither 0 nor all.
pub fn pct(x: f64, count: u64, n: u64) -> String {
    if count == 0 {
        "0%".to_owned()
    } else if count == n {
        "100%".to_owned()
    } else if x < 0.001 {
        "< 0.1%".to_owned()
    } else if x > 0.999 {
        "> 99.9%".to_owned()
    } else {
        format!("{:.1}%", x * 100.0)
    }
}

/// An interval bound as a percentage, at least one significant digit.
pub fn bound(x: f64) -> String {
    if x > 0.0 && x < 0.001 {
        format!("{:.2}%", x * 100.0)
    } else {
        format!("{:.1}%", x * 100.0)
    }
}

/// Play games in batches of [`BATCH`] on every core until `done` says the tally is enough or
/// `most` games are played. `play(g)` plays game `g` and gives its tally and, for the one logged
/// game, its log; tallies merge in game order, so the result never depends on the thread count.
pub fn play_batches<T, L>(
    most: u64,
    done: impl Fn(&T) -> bool,
    progress: &Progress,
    play: impl Fn(u64) -> (T, Option<L>) + Sync + Send,
    merge: impl Fn(T, T) -> T + Sync + Send,
) -> (T, Option<L>)
where
    T: Default + Send,
    L: Send,
{
    use rayon::prelude::*;
    let mut tally = T::default();
    let mut log = None;
    let mut start = 0;
    while start < most && !done(&tally) {
        let end = (start + BATCH).min(most);
        let (batch, l) = (start..end).into_par_iter().map(&play).reduce(
            || (T::default(), None),
            |(t1, l1), (t2, l2)| (merge(t1, t2), l1.or(l2)),
        );
        tally = merge(tally, batch);
        log = log.or(l);
        progress.advance(end - start);
        start = end;
    }
    (tally, log)
}

/// Write events as JSON Lines (one object a line) to `file` and commit it, or say why not.
pub fn write_jsonl<T: Serialize>(
    mut file: crate::files::OutputFile,
    events: &[T],
) -> Result<(), String> {
    use std::io::Write;
    for event in events {
        serde_json::to_writer(&mut file, event).map_err(|e| e.to_string())?;
        file.write_all(b"\n").map_err(|e| e.to_string())?;
    }
    file.commit().map_err(|e| e.to_string())
}

/// Whether `path` is a log of system `id`: its first line is a `setup` naming it. Standard input
/// (`-`) and unreadable files are left to Ronin's reader, which reports them.
pub fn is_log(path: &std::path::Path, id: &str) -> bool {
    use std::io::{BufRead, Read};
    if path.as_os_str() == "-" || !path.is_file() {
        return false;
    }
    let Ok(file) = std::fs::File::open(path) else {
        return false;
    };
    let mut first = String::new();
    let mut reader = std::io::BufReader::new(file.take(64 * 1024));
    if reader.read_line(&mut first).is_err() {
        return false;
    }
    first.contains(&format!("\"system\":\"{id}\""))
}

/// `buntai replay LOG` for a system whose events are `E`: read the log (bounded), parse every
/// line, draw it with `page` (which checks it against the rules first) and write the page; a log
/// that does not parse or hold up is refused with where and why (exit 1).
pub fn replay<E: serde::de::DeserializeOwned>(
    out: &crate::cli::output::Out,
    path: &std::path::Path,
    output: Option<&std::path::Path>,
    force: bool,
    page: impl FnOnce(&[E], &str) -> Result<String, String>,
) -> u8 {
    use crate::diag::exit;
    let file = match crate::cli::output::read_input(out, path) {
        Ok(f) => f,
        Err(code) => return code,
    };
    let mut events = Vec::new();
    for (i, line) in file
        .text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        match serde_json::from_str::<E>(line) {
            Ok(e) => events.push(e),
            Err(e) => {
                out.error(&format!(
                    "{} line {}: not an event of this system: {e}",
                    file.name,
                    i + 1
                ));
                return exit::PROBLEMS;
            }
        }
    }
    let page = match page(&events, &format!("Replay of {}", file.name)) {
        Ok(page) => page,
        Err(why) => {
            out.error(&format!(
                "{}: the log does not hold up against the rules: {why}",
                file.name
            ));
            return exit::PROBLEMS;
        }
    };
    let target = match crate::cli::output::open_output(out, output, force, &[path]) {
        Ok(t) => t,
        Err(code) => return code,
    };
    match crate::cli::output::write_output(out, target, &page) {
        Ok(()) => exit::SUCCESS,
        Err(code) => code,
    }
}

/// Whether two sides' win rates are too close to call: each interval reaches into the other,
/// so the games played cannot say which side is the stronger.
pub fn too_close(a: &Rate, b: &Rate) -> bool {
    a.low <= b.high && b.low <= a.high
}

/// What a report says when [`too_close`] holds.
pub const TOO_CLOSE: &str = "Too close to call: the two sides' win rates lie within each \
     other's 95% intervals, so these games cannot say which side is the stronger. Play more \
     games (`--games`) or ask for a margin (`--precision`).";
