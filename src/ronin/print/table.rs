//! A table as a picture (SVG to scale, in inches), as JSON (every piece with its polygon and
//! classes) and as text.

use crate::page::xml;
use std::fmt::Write as _;

use schemars::JsonSchema;
use serde::Serialize;

use crate::ronin::engine::table::file::OpeningSpec;
use crate::ronin::engine::table::setup::{Setup, SetupStep, Zone};
use crate::ronin::engine::table::{OpeningKind, Table};
use crate::ronin::model::{Movement, Sight, TerrainFile, Water};

/// What `buntai table --format json` prints.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct TableJson {
    /// Side of the square table, inches.
    pub size: f64,
    pub scenario: Option<String>,
    pub seed: Option<u64>,
    pub locations: Vec<String>,
    pub weather: Option<String>,
    pub time_of_day: Option<String>,
    pub deployment: Option<String>,
    /// The attacking side (`a` or `b`) in a scenario with roles.
    pub attacker: Option<String>,
    /// The Capture objective's marker: centre `[x, y]` and radius, inches.
    pub marker: Option<[f64; 3]>,
    pub zones: Vec<Zone>,
    pub pieces: Vec<PieceJson>,
    /// The set-up's rolls and decisions, in order.
    pub log: Vec<SetupStep>,
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct PieceJson {
    /// 1-based, as in the text and the picture.
    pub number: usize,
    pub kind: String,
    pub name: String,
    pub large: bool,
    pub movement: Movement,
    pub sight: Sight,
    pub water: Water,
    /// Corners `[x, y]` in inches from the south-west corner.
    pub polygon: Vec<[f64; 2]>,
    /// Doors and windows, as a table file gives them.
    pub openings: Vec<OpeningSpec>,
}

/// A table with what is known of its set-up (a table file has no rolls).
pub struct TableView<'a> {
    pub table: &'a Table,
    pub setup: Option<&'a Setup>,
    pub seed: Option<u64>,
}

impl TableView<'_> {
    pub fn json(&self) -> TableJson {
        let round = |v: f64| (v * 1000.0).round() / 1000.0;
        let s = self.setup;
        TableJson {
            size: self.table.size,
            scenario: s.map(|s| s.scenario.as_str().to_owned()),
            seed: self.seed,
            locations: s.map(|s| s.locations.clone()).unwrap_or_default(),
            weather: s.and_then(|s| s.weather.clone()),
            time_of_day: s.and_then(|s| s.time_of_day.clone()),
            deployment: s.map(|s| s.deployment.clone()),
            attacker: s.and_then(|s| s.attacker).map(|a| ["a", "b"][a].to_owned()),
            marker: s
                .and_then(|s| s.marker)
                .map(|m| [round(m.centre.x), round(m.centre.y), m.radius]),
            zones: s.map(|s| s.zones.to_vec()).unwrap_or_default(),
            pieces: self
                .table
                .pieces
                .iter()
                .enumerate()
                .map(|(i, p)| PieceJson {
                    number: i + 1,
                    kind: p.kind.clone(),
                    name: p.name.clone(),
                    large: p.large,
                    movement: p.movement,
                    sight: p.sight,
                    water: p.water,
                    polygon: p
                        .shape
                        .points()
                        .iter()
                        .map(|q| [round(q.x), round(q.y)])
                        .collect(),
                    openings: p
                        .openings
                        .iter()
                        .map(|o| OpeningSpec {
                            from: [round(o.segment.a.x), round(o.segment.a.y)],
                            to: [round(o.segment.b.x), round(o.segment.b.y)],
                            kind: o.kind,
                        })
                        .collect(),
                })
                .collect(),
            log: s.map(|s| s.log.clone()).unwrap_or_default(),
        }
    }

    pub fn text(&self) -> String {
        let mut out = String::new();
        let t = self.table;
        let _ = writeln!(out, "Table {0}\" x {0}\"", t.size);
        if let Some(s) = self.setup {
            let _ = writeln!(
                out,
                "Scenario {}, seed {}; location {}; weather {}; time of day {}; deployment {}",
                s.scenario,
                self.seed.map_or("-".into(), |s| s.to_string()),
                if s.locations.is_empty() {
                    "none".into()
                } else {
                    s.locations.join(" and ")
                },
                s.weather.as_deref().unwrap_or("fine"),
                s.time_of_day.as_deref().unwrap_or("daylight"),
                s.deployment
            );
            out.push_str("\nSet-up:\n");
            for step in &s.log {
                let dice = if step.dice.is_empty() {
                    String::new()
                } else {
                    format!(
                        " [{}]",
                        step.dice
                            .iter()
                            .map(u8::to_string)
                            .collect::<Vec<_>>()
                            .join(" ")
                    )
                };
                let _ = writeln!(out, "  {:<15}{dice} {}", step.step, step.result);
            }
        }
        out.push_str("\nPieces:\n");
        if t.pieces.is_empty() {
            out.push_str("  none\n");
        }
        for (i, p) in t.pieces.iter().enumerate() {
            let [lo_x, lo_y, hi_x, hi_y] = p.shape.bounds();
            let _ = writeln!(
                out,
                "  {:>2}. {:<32} {:<6} {:<10} sight {:<8} x {:.1}-{:.1}, y {:.1}-{:.1}",
                i + 1,
                p.name,
                if p.large { "large" } else { "small" },
                format!("{:?}", p.movement).to_lowercase(),
                format!("{:?}", p.sight).to_lowercase(),
                lo_x,
                hi_x,
                lo_y,
                hi_y
            );
        }
        out
    }

    /// The table to scale: one SVG user unit is one inch; terrain by kind with a legend, the
    /// deployment zones, a 6" grid and labels.
    pub fn svg(&self, terrain: &TerrainFile) -> String {
        let t = self.table;
        let size = t.size;
        let legend_w = 16.0;
        let margin = 2.0;
        let (w, h) = (size + 2.0 * margin + legend_w, size + 2.0 * margin + 3.0);
        let mut s = String::new();
        let _ = writeln!(
            s,
            r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{}" height="{}" font-family="DejaVu Sans, sans-serif" role="img" aria-label="Ronin table {size} by {size} inches">"#,
            w * 16.0,
            h * 16.0
        );
        let title = match self.setup {
            Some(setup) => format!(
                "{size}\" table, {}{}",
                setup.scenario.as_str(),
                self.seed.map_or(String::new(), |s| format!(", seed {s}"))
            ),
            None => format!("{size}\" table"),
        };
        let _ = writeln!(s, "<title>{}</title>", xml(&title));
        let _ = writeln!(
            s,
            r#"<rect x="0" y="0" width="{w}" height="{h}" fill="white"/>"#
        );
        let _ = writeln!(
            s,
            r#"<text x="{margin}" y="1.4" font-size="1.1" font-weight="bold">{}</text>"#,
            xml(&title)
        );
        // The table: y grows north, so flip it inside a group.
        let _ = writeln!(
            s,
            r#"<g transform="translate({margin} {}) scale(1 -1)">"#,
            margin + 1.0 + size
        );
        let _ = writeln!(
            s,
            r##"<rect class="table" x="0" y="0" width="{size}" height="{size}" fill="#f3efe2" stroke="#333" stroke-width="0.08"/>"##
        );
        let mut g = 6.0;
        while g < size - 1e-9 {
            let _ = writeln!(
                s,
                r##"<line class="grid" x1="{g}" y1="0" x2="{g}" y2="{size}" stroke="#bbb" stroke-width="0.03"/><line class="grid" x1="0" y1="{g}" x2="{size}" y2="{g}" stroke="#bbb" stroke-width="0.03"/>"##
            );
            g += 6.0;
        }
        if let Some(setup) = self.setup {
            for (side, zone) in setup.zones.iter().enumerate() {
                let colour = if side == 0 { "#c0392b" } else { "#2c6fb0" };
                let _ = writeln!(s, "{}", zone_svg(zone, size, colour, side));
            }
            if let Some(c) = setup.circle {
                let _ = writeln!(
                    s,
                    r##"<circle class="circle" cx="{}" cy="{}" r="{}" fill="none" stroke="#555" stroke-width="0.08" stroke-dasharray="0.4 0.3"/>"##,
                    c.centre.x, c.centre.y, c.radius
                );
            }
        }
        for (i, p) in t.pieces.iter().enumerate() {
            let colour = terrain
                .kind(&p.kind)
                .map_or("#999999", |k| k.colour.as_str());
            let points = p
                .shape
                .points()
                .iter()
                .map(|q| format!("{:.3},{:.3}", q.x, q.y))
                .collect::<Vec<_>>()
                .join(" ");
            let stroke = match p.movement {
                Movement::Impassable => "#222",
                Movement::Difficult => "#555",
                Movement::Open => "#777",
            };
            let dash = if p.movement == Movement::Difficult {
                r#" stroke-dasharray="0.25 0.15""#
            } else {
                ""
            };
            let _ = writeln!(
                s,
                r#"<polygon class="piece" data-kind="{}" data-number="{}" points="{points}" fill="{colour}" fill-opacity="0.85" stroke="{stroke}" stroke-width="0.08"{dash}/>"#,
                xml(&p.kind),
                i + 1
            );
            for o in &p.openings {
                let colour = if o.kind == OpeningKind::Door {
                    "#f3efe2"
                } else {
                    "#8ecae6"
                };
                let _ = writeln!(
                    s,
                    r#"<line class="opening" x1="{:.3}" y1="{:.3}" x2="{:.3}" y2="{:.3}" stroke="{colour}" stroke-width="0.3"/>"#,
                    o.segment.a.x, o.segment.a.y, o.segment.b.x, o.segment.b.y
                );
            }
        }
        if let Some(m) = self.setup.and_then(|s| s.marker) {
            let _ = writeln!(
                s,
                r##"<circle class="objective" cx="{}" cy="{}" r="{}" fill="#f1c40f" stroke="#222" stroke-width="0.08"><title>The objective</title></circle>"##,
                m.centre.x, m.centre.y, m.radius
            );
        }
        s.push_str("</g>\n");
        // Labels, upright: outside the flipped group.
        let flip = |y: f64| margin + 1.0 + size - y;
        for (i, p) in t.pieces.iter().enumerate() {
            let c = p.shape.centroid();
            let _ = writeln!(
                s,
                r#"<text class="label" x="{:.2}" y="{:.2}" font-size="0.9" text-anchor="middle" dominant-baseline="middle">{}</text>"#,
                margin + c.x,
                flip(c.y),
                i + 1
            );
        }
        let mut g = 0.0;
        while g <= size + 1e-9 {
            let _ = writeln!(
                s,
                r##"<text class="scale" x="{:.2}" y="{:.2}" font-size="0.7" text-anchor="middle" fill="#555">{g}"</text>"##,
                margin + g,
                flip(0.0) + 1.0
            );
            let _ = writeln!(
                s,
                r##"<text class="scale" x="{:.2}" y="{:.2}" font-size="0.7" text-anchor="end" fill="#555">{g}"</text>"##,
                margin - 0.2,
                flip(g) + 0.25
            );
            g += 6.0;
        }
        // Legend: every kind on the table, and the zones.
        let lx = margin + size + 1.5;
        let mut ly = margin + 1.5;
        let _ = writeln!(
            s,
            r#"<text x="{lx}" y="{ly}" font-size="0.9" font-weight="bold">Terrain</text>"#
        );
        let mut kinds: Vec<&str> = t.pieces.iter().map(|p| p.kind.as_str()).collect();
        kinds.sort_unstable();
        kinds.dedup();
        for id in kinds {
            ly += 1.4;
            let (name, colour, what) = terrain.kind(id).map_or(
                (id.to_owned(), "#999999".to_owned(), String::new()),
                |k| {
                    (
                        k.name.clone(),
                        k.colour.clone(),
                        format!("{:?}, {:?} cover", k.movement, k.sight).to_lowercase(),
                    )
                },
            );
            let _ = writeln!(
                s,
                r##"<rect class="legend" x="{lx}" y="{:.2}" width="1" height="1" fill="{colour}" stroke="#333" stroke-width="0.05"/>"##,
                ly - 0.8
            );
            let _ = writeln!(
                s,
                r#"<text x="{:.2}" y="{ly:.2}" font-size="0.7">{}</text>"#,
                lx + 1.4,
                xml(&name)
            );
            let _ = writeln!(
                s,
                r##"<text x="{:.2}" y="{:.2}" font-size="0.5" fill="#555">{}</text>"##,
                lx + 1.4,
                ly + 0.6,
                xml(&what)
            );
        }
        if let Some(setup) = self.setup {
            ly += 2.2;
            let _ = writeln!(
                s,
                r#"<text x="{lx}" y="{ly}" font-size="0.9" font-weight="bold">Deployment</text>"#
            );
            for (side, name) in ["Side A", "Side B"].iter().enumerate() {
                ly += 1.4;
                let label = match setup.attacker {
                    Some(a) if a == side => format!("{name} (attacker)"),
                    Some(_) => format!("{name} (defender)"),
                    None => (*name).to_owned(),
                };
                let colour = if side == 0 { "#c0392b" } else { "#2c6fb0" };
                let _ = writeln!(
                    s,
                    r#"<rect x="{lx}" y="{:.2}" width="1" height="1" fill="{colour}" fill-opacity="0.25" stroke="{colour}" stroke-width="0.05"/>"#,
                    ly - 0.8
                );
                let _ = writeln!(
                    s,
                    r#"<text x="{:.2}" y="{ly:.2}" font-size="0.7">{label}</text>"#,
                    lx + 1.4
                );
            }
            ly += 2.2;
            for line in [
                format!("Weather: {}", setup.weather.as_deref().unwrap_or("fine")),
                format!(
                    "Time: {}",
                    setup.time_of_day.as_deref().unwrap_or("daylight")
                ),
                "Grid: 6 inches".to_owned(),
            ] {
                let _ = writeln!(
                    s,
                    r#"<text x="{lx}" y="{ly:.2}" font-size="0.7">{}</text>"#,
                    xml(&line)
                );
                ly += 1.0;
            }
        }
        s.push_str("</svg>\n");
        s
    }
}

pub(crate) fn zone_svg(zone: &Zone, size: f64, colour: &str, side: usize) -> String {
    let style = format!(
        r#"class="zone" data-side="{side}" fill="{colour}" fill-opacity="0.18" stroke="{colour}" stroke-width="0.06""#
    );
    match *zone {
        Zone::Edge { edge, depth } => {
            let (x, y, w, h) = match edge % 4 {
                0 => (0.0, 0.0, size, depth),
                1 => (size - depth, 0.0, depth, size),
                2 => (0.0, size - depth, size, depth),
                _ => (0.0, 0.0, depth, size),
            };
            format!(r#"<rect {style} x="{x}" y="{y}" width="{w}" height="{h}"/>"#)
        }
        Zone::Corner { x, y, depth } => {
            // A quarter disc: from the corner along one edge, round the arc, back along the other.
            let sx = if x > 0.0 { -1.0 } else { 1.0 };
            let sy = if y > 0.0 { -1.0 } else { 1.0 };
            let sweep = u8::from(sx * sy > 0.0);
            format!(
                r#"<path {style} d="M {x} {y} L {} {y} A {depth} {depth} 0 0 {sweep} {x} {} Z"/>"#,
                x + sx * depth,
                y + sy * depth
            )
        }
        Zone::Around { x, y, depth } => {
            format!(r#"<circle {style} cx="{x}" cy="{y}" r="{depth}"/>"#)
        }
        Zone::Beyond { x, y, depth, .. } => format!(
            r#"<path {style} fill-rule="evenodd" d="M 0 0 H {size} V {size} H 0 Z M {} {y} A {depth} {depth} 0 1 0 {} {y} A {depth} {depth} 0 1 0 {} {y} Z"/>"#,
            x - depth,
            x + depth,
            x - depth
        ),
        Zone::Table => format!(r#"<rect {style} x="0" y="0" width="{size}" height="{size}"/>"#),
        Zone::AnyEdge { depth } => format!(
            r#"<path {style} fill-rule="evenodd" d="M 0 0 H {size} V {size} H 0 Z M {depth} {depth} V {i} H {i} V {depth} Z"/>"#,
            i = size - depth
        ),
    }
}
