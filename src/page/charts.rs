//! Charts for the simulation report: inline SVG drawn with `plotters` (its SVG backend only, so a
//! page needs no font file and no script).

use plotters::prelude::*;

/// One rate with its 95% interval.
#[derive(Debug, Clone)]
pub struct Interval {
    pub label: String,
    pub rate: f64,
    pub low: f64,
    pub high: f64,
    /// Whose bar it is: side A 0, side B 1 (the replay's red and blue), the lists of a field in
    /// order; none for a bar of no side (draws), drawn grey.
    pub series: Option<usize>,
}

impl Interval {
    /// The bar of a run's rate, with its interval.
    pub fn of(label: String, x: &crate::runs::Rate, series: Option<usize>) -> Interval {
        Interval {
            label,
            rate: x.rate,
            low: x.low,
            high: x.high,
            series,
        }
    }
}

const WIDTH: u32 = 640;
const INK: RGBColor = RGBColor(40, 40, 40);
const NEUTRAL: RGBColor = RGBColor(140, 140, 140);
/// One colour per side or list: side A's red and side B's blue first (as on the replay's board),
/// then six more that stay apart from them and from each other, so a field of eight lists reads.
const SERIES: [RGBColor; 8] = [
    RGBColor(192, 57, 43),
    RGBColor(44, 111, 176),
    RGBColor(0, 158, 115),
    RGBColor(230, 159, 0),
    RGBColor(204, 121, 167),
    RGBColor(86, 180, 233),
    RGBColor(120, 80, 40),
    RGBColor(60, 60, 60),
];

/// The colour of a series.
fn colour_of(series: Option<usize>) -> RGBColor {
    series.map_or(NEUTRAL, |s| SERIES[s % SERIES.len()])
}

/// Room for the longest label on the left of a bar chart, in pixels (about 7 a character at
/// the 12-pixel label font), never less than 80 nor more than half the chart.
fn label_room(labels: &[String]) -> u32 {
    let longest = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0) as u32;
    (longest * 7 + 16).clamp(80, WIDTH / 2)
}

/// Rates as horizontal bars from 0 to 100%, each with its interval drawn as a whisker.
pub fn rates(title: &str, bars: &[Interval]) -> String {
    let percent: Vec<Interval> = bars
        .iter()
        .map(|b| Interval {
            label: b.label.clone(),
            rate: b.rate * 100.0,
            low: b.low * 100.0,
            high: b.high * 100.0,
            series: b.series,
        })
        .collect();
    values(title, "percent of games", 100.0, &percent)
}

/// Values as horizontal bars from 0 to `top`, each with its interval as a whisker (none when
/// `low` and `high` equal the value).
pub fn values(title: &str, x_desc: &str, top: f64, bars: &[Interval]) -> String {
    let mut svg = String::new();
    let height = 60 + 34 * bars.len().max(1) as u32;
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, height)).into_drawing_area();
        let _ = root.fill(&WHITE);
        let n = bars.len().max(1);
        let labels: Vec<String> = bars.iter().map(|b| b.label.clone()).collect();
        let chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 16).into_font().color(&INK))
            .margin(8)
            .margin_right(20)
            .x_label_area_size(36)
            .y_label_area_size(label_room(&labels))
            .build_cartesian_2d(0.0..top.max(1e-9), (0..n).into_segmented());
        let Ok(mut chart) = chart else {
            return svg_error(title);
        };
        let _ = chart
            .configure_mesh()
            .disable_y_mesh()
            .x_desc(x_desc)
            .y_labels(n)
            .y_label_formatter(&|v| match v {
                SegmentValue::CenterOf(i) => labels.get(*i).cloned().unwrap_or_default(),
                _ => String::new(),
            })
            .draw();
        for (i, b) in bars.iter().enumerate() {
            let colour = colour_of(b.series);
            let _ = chart.draw_series(std::iter::once(Rectangle::new(
                [
                    (0.0, SegmentValue::Exact(i)),
                    (b.rate, SegmentValue::Exact(i + 1)),
                ],
                colour.mix(0.6).filled(),
            )));
            let _ = chart.draw_series(std::iter::once(PathElement::new(
                vec![
                    (b.low, SegmentValue::CenterOf(i)),
                    (b.high, SegmentValue::CenterOf(i)),
                ],
                INK.stroke_width(2),
            )));
        }
        let _ = root.present();
    }
    svg
}

/// Counts per whole number (games with 0, 1, 2 ... of something): one series per name, in its
/// side's or list's colour (none: grey).
pub fn histogram(
    title: &str,
    x_desc: &str,
    series: &[(String, Option<usize>, Vec<u64>)],
) -> String {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, 280)).into_drawing_area();
        let _ = root.fill(&WHITE);
        let width = series
            .iter()
            .map(|(_, _, v)| v.len())
            .max()
            .unwrap_or(1)
            .max(1);
        let top = series
            .iter()
            .flat_map(|(_, _, v)| v.iter().copied())
            .max()
            .unwrap_or(1)
            .max(1);
        let chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 16).into_font().color(&INK))
            .margin(8)
            .x_label_area_size(40)
            .y_label_area_size(56)
            .build_cartesian_2d(0.0..width as f64, 0u64..top + top / 10 + 1);
        let Ok(mut chart) = chart else {
            return svg_error(title);
        };
        // A tick at each whole number (at most 21), labelled as one.
        let _ = chart
            .configure_mesh()
            .x_desc(x_desc)
            .y_desc("games")
            .x_labels((width + 1).min(21))
            .x_label_formatter(&|v| format!("{v:.0}"))
            .draw();
        let k = series.len().max(1) as f64;
        for (s, (name, whose, counts)) in series.iter().enumerate() {
            let colour = colour_of(*whose);
            let bars = counts.iter().enumerate().map(move |(x, &c)| {
                let left = x as f64 + s as f64 / k * 0.8 + 0.1;
                Rectangle::new([(left, 0), (left + 0.8 / k, c)], colour.mix(0.7).filled())
            });
            if let Ok(drawn) = chart.draw_series(bars) {
                drawn.label(name.as_str()).legend(move |(x, y)| {
                    Rectangle::new([(x, y - 5), (x + 10, y + 5)], colour.filled())
                });
            }
        }
        let _ = chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.8))
            .border_style(INK)
            .draw();
        let _ = root.present();
    }
    svg
}

/// A square matrix of rates (row against column) as coloured cells with their percent.
pub fn heatmap(title: &str, labels: &[String], cells: &[Vec<Option<f64>>]) -> String {
    let mut svg = String::new();
    let n = labels.len().max(1);
    let side = 70 * n as u32;
    let numbered: Vec<String> = labels
        .iter()
        .enumerate()
        .map(|(i, l)| format!("{} {l}", i + 1))
        .collect();
    let room = label_room(&numbered);
    {
        let root =
            SVGBackend::with_string(&mut svg, (side + room + 40, side + 80)).into_drawing_area();
        let _ = root.fill(&WHITE);
        let chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 16).into_font().color(&INK))
            .margin(8)
            .margin_right(20)
            .x_label_area_size(30)
            .y_label_area_size(room)
            // A segmented integer range has a segment for each value of `0..=n - 1`.
            .build_cartesian_2d((0..n - 1).into_segmented(), (0..n - 1).into_segmented());
        let Ok(mut chart) = chart else {
            return svg_error(title);
        };
        // Labels at the middle of each cell; row 0 at the top.
        let centre = |v: &SegmentValue<usize>| match v {
            SegmentValue::CenterOf(i) => Some(*i),
            _ => None,
        };
        let _ = chart
            .configure_mesh()
            .disable_mesh()
            .x_labels(n)
            .y_labels(n)
            .x_label_formatter(&|v| centre(v).map(|i| (i + 1).to_string()).unwrap_or_default())
            .y_label_formatter(&|v| {
                centre(v)
                    .and_then(|i| (n - 1).checked_sub(i))
                    .and_then(|row| labels.get(row).map(|l| format!("{} {l}", row + 1)))
                    .unwrap_or_default()
            })
            .draw();
        for (row, line) in cells.iter().enumerate() {
            for (col, cell) in line.iter().enumerate() {
                let y = n - 1 - row;
                let fill = match cell {
                    // Red where the row wins, blue where it loses.
                    Some(r) => {
                        let t = r.clamp(0.0, 1.0);
                        RGBColor(
                            (70.0 + 150.0 * t) as u8,
                            (90.0 + 60.0 * (1.0 - (2.0 * t - 1.0).abs())) as u8,
                            (220.0 - 150.0 * t) as u8,
                        )
                    }
                    None => RGBColor(230, 230, 230),
                };
                let _ = chart.draw_series(std::iter::once(Rectangle::new(
                    [
                        (SegmentValue::Exact(col), SegmentValue::Exact(y)),
                        (SegmentValue::Exact(col + 1), SegmentValue::Exact(y + 1)),
                    ],
                    fill.filled(),
                )));
                if let Some(r) = cell {
                    let _ = chart.draw_series(std::iter::once(Text::new(
                        format!("{:.0}%", r * 100.0),
                        (SegmentValue::CenterOf(col), SegmentValue::CenterOf(y)),
                        ("sans-serif", 16).into_font().color(&WHITE),
                    )));
                }
            }
        }
        let _ = root.present();
    }
    svg
}

/// What a chart that could not be laid out shows instead: its title.
fn svg_error(title: &str) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"40\"><text x=\"8\" y=\"24\">{}</text></svg>",
        super::xml(title)
    )
}

/// One self-contained page: a title, a paragraph, then each section's heading and its content
/// (charts and tables made here; every text from a file is escaped).
pub fn page(title: &str, intro: &str, sections: &[(String, String)]) -> String {
    let esc = super::xml;
    let mut body = String::new();
    for (heading, content) in sections {
        body.push_str(&format!(
            "<section><h2>{}</h2>\n{content}\n</section>\n",
            esc(heading)
        ));
    }
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{t}</title>\n\
         <style>body{{font-family:sans-serif;max-width:960px;margin:1em auto;color:#222}}\
         h1{{font-size:1.4em}}h2{{font-size:1.1em;margin-top:1.5em}}\
         table{{border-collapse:collapse}}td,th{{border:1px solid #bbb;padding:2px 6px;text-align:right}}\
         td:first-child,th:first-child{{text-align:left}}\
         iframe{{width:100%;height:720px;border:1px solid #bbb}}</style></head>\n\
         <body><h1>{t}</h1>\n<p>{i}</p>\n{body}</body></html>\n",
        t = esc(title),
        i = esc(intro),
    )
}

/// An HTML table of plain text cells (escaped).
pub fn table(header: &[&str], rows: &[Vec<String>]) -> String {
    let esc = super::xml;
    let mut html = String::from("<table><tr>");
    for h in header {
        html.push_str(&format!("<th>{}</th>", esc(h)));
    }
    html.push_str("</tr>");
    for row in rows {
        html.push_str("<tr>");
        for c in row {
            html.push_str(&format!("<td>{}</td>", esc(c)));
        }
        html.push_str("</tr>");
    }
    html.push_str("</table>");
    html
}

/// A page embedded whole in another (the replay of one game), with no link to any file.
pub fn embedded(page: &str) -> String {
    format!(
        "<iframe title=\"replay\" srcdoc=\"{}\"></iframe>",
        super::xml(page)
    )
}

/// What every system's pairing report opens with: the results with their intervals (and side
/// A's over both seats), each side's score as a histogram, and the games' lengths.
pub struct Pairing<'a> {
    pub names: [&'a str; 2],
    /// A wins, draws, B wins.
    pub results: [&'a crate::runs::Rate; 3],
    pub a_wins_both: Option<&'a crate::runs::Rate>,
    /// The score's section name, chart title and axis, and each side's counts.
    pub score: (&'a str, &'a str, &'a str),
    pub score_counts: &'a [Vec<u64>; 2],
    /// The length chart's title and axis, and the counts.
    pub length: (&'a str, &'a str),
    pub lengths: &'a [u64],
}

impl Pairing<'_> {
    pub fn sections(&self) -> Vec<(String, String)> {
        let [a, b] = self.names;
        let mut bars = vec![
            Interval::of(format!("{a} wins"), self.results[0], Some(0)),
            Interval::of("draws".to_owned(), self.results[1], None),
            Interval::of(format!("{b} wins"), self.results[2], Some(1)),
        ];
        if let Some(both) = self.a_wins_both {
            bars.push(Interval::of(format!("{a} wins, both seats"), both, Some(0)));
        }
        let (section, title, axis) = self.score;
        vec![
            (
                "Results".to_owned(),
                rates("Results with their 95% intervals", &bars),
            ),
            (
                section.to_owned(),
                histogram(
                    title,
                    axis,
                    &[
                        (a.to_owned(), Some(0), self.score_counts[0].clone()),
                        (b.to_owned(), Some(1), self.score_counts[1].clone()),
                    ],
                ),
            ),
            (
                "Game length".to_owned(),
                histogram(
                    self.length.0,
                    self.length.1,
                    &[("games".to_owned(), None, self.lengths.to_vec())],
                ),
            ),
        ]
    }
}
