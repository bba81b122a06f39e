//! A replay of one game on the table: a self-contained HTML page (inline SVG and a few lines of
//! inline script, nothing fetched) with the table and a frame per turn: where every model stands,
//! the paths it moved, the shots (hit or miss), the combats, who fell or fled, morale and VP. It is a
//! view of the event log alone.

use crate::page::xml;
use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde_json::Value;

use crate::ronin::model::TerrainFile;

/// What the replay needs of one turn.
#[derive(Debug, Clone, Default)]
struct Frame {
    turn: u32,
    /// The frame's heading: "Deployment", "Turn 2: Move Phase" ...
    title: String,
    /// Model name → (health, Stunned counters), for those not healthy and unstunned.
    state: BTreeMap<String, (String, u8)>,
    /// Model name → (x, y).
    at: BTreeMap<String, (f64, f64)>,
    gone: Vec<String>,
    moves: Vec<(String, Vec<(f64, f64)>)>,
    /// (shooter, target, wounded).
    shots: Vec<(String, String, bool)>,
    combats: Vec<(String, Vec<String>)>,
    notes: Vec<String>,
    /// The scenario's objective marker at the end of the frame: (x, y, radius).
    marker: Option<(f64, f64, f64)>,
}

impl Frame {
    /// The frame after this one: the same board, with its own heading and nothing happened yet.
    fn next(&self, turn: u32, title: String) -> Frame {
        Frame {
            turn,
            title,
            at: self.at.clone(),
            gone: self.gone.clone(),
            state: self.state.clone(),
            marker: self.marker,
            ..Frame::default()
        }
    }
}

/// Why a log cannot be replayed.
#[derive(Debug)]
pub struct ReplayError(pub String);

/// Build the replay page from a log's JSON Lines.
pub fn replay_html(log: &str, terrain: &TerrainFile) -> Result<String, ReplayError> {
    let mut size = 0.0;
    let mut pieces: Vec<(String, Vec<(f64, f64)>)> = Vec::new();
    let mut conditions = String::new();
    let mut circle: Option<(f64, f64, f64)> = None;
    let mut scenario = String::from("Skirmish");
    let mut leaders: Vec<String> = Vec::new();
    let mut zones: Vec<(usize, crate::ronin::engine::table::setup::Zone)> = Vec::new();
    let mut frames: Vec<Frame> = vec![Frame {
        title: "Deployment".to_owned(),
        ..Frame::default()
    }];
    let mut result = String::new();
    // Who carries the objective; it moves with the first of them (R-94).
    let mut carriers: Vec<String> = Vec::new();
    for (n, line) in log
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let e: Value = serde_json::from_str(line)
            .map_err(|err| ReplayError(format!("line {}: not a JSON event ({err})", n + 1)))?;
        let kind = e["event"].as_str().unwrap_or_default();
        let text = |k: &str| e[k].as_str().unwrap_or_default().to_owned();
        let frame = frames
            .last_mut()
            .ok_or_else(|| ReplayError("no frame".into()))?;
        if let Some(note) = note(kind, &e) {
            frame.notes.push(note);
            continue;
        }
        match kind {
            "table-setup" => {
                size = e["size"].as_f64().unwrap_or(0.0);
                for p in e["pieces"].as_array().into_iter().flatten() {
                    let kind = p["kind"].as_str().unwrap_or_default().to_owned();
                    let pts = p["outline"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .map(|q| (q[0].as_f64().unwrap_or(0.0), q[1].as_f64().unwrap_or(0.0)))
                        .collect();
                    pieces.push((kind, pts));
                }
                zones = (0..2)
                    .filter_map(|k| {
                        serde_json::from_value::<crate::ronin::engine::table::setup::Zone>(
                            e["zones"][k].clone(),
                        )
                        .ok()
                        .map(|z| (k, z))
                    })
                    .collect();
                conditions = format!(
                    "weather {}, {}",
                    e["weather"].as_str().unwrap_or("fine"),
                    e["time_of_day"].as_str().unwrap_or("daylight")
                );
            }
            "scenario" => {
                let id = text("id").replace('-', " ");
                let mut letters = id.chars();
                scenario = letters
                    .next()
                    .map(|c| c.to_uppercase().chain(letters).collect())
                    .unwrap_or_default();
                if let Some(a) = e["attacker"].as_str() {
                    scenario.push_str(&format!(", side {a} attacking"));
                }
                circle = e["circle"].as_array().map(|c| {
                    let v = |k: usize| c.get(k).and_then(Value::as_f64).unwrap_or(0.0);
                    (v(0), v(1), v(2))
                });
            }
            "objective" => {
                frame.marker = Some((
                    e["x"].as_f64().unwrap_or(0.0),
                    e["y"].as_f64().unwrap_or(0.0),
                    e["radius"].as_f64().unwrap_or(0.5),
                ));
            }
            "lift" => {
                let model = text("model");
                frame.notes.push(format!("{model} lifts the objective"));
                carriers.push(model);
            }
            "set-down" => {
                let model = text("model");
                frame
                    .notes
                    .push(format!("{model} lets the objective go ({})", text("why")));
                carriers.retain(|c| *c != model);
                if let Some(m) = frame.marker.as_mut() {
                    m.0 = e["x"].as_f64().unwrap_or(m.0);
                    m.1 = e["y"].as_f64().unwrap_or(m.1);
                }
            }
            "carried-off" => {
                let model = text("model");
                frame
                    .notes
                    .push(format!("{model} carries the objective off the table"));
                carriers.retain(|c| *c != model);
                if carriers.is_empty() {
                    frame.marker = None;
                }
                frame.at.remove(&model);
            }
            "deploy" => {
                frame.at.insert(
                    text("model"),
                    (
                        e["x"].as_f64().unwrap_or(0.0),
                        e["y"].as_f64().unwrap_or(0.0),
                    ),
                );
            }
            // A reserve waits off the table until it enters, from the point its entry names.
            "reserve" => {
                frame.at.remove(&text("model"));
            }
            "enter" => {
                let model = text("model");
                frame.notes.push(format!("{model} enters from reserve"));
                frame.at.insert(
                    model,
                    (
                        e["x"].as_f64().unwrap_or(0.0),
                        e["y"].as_f64().unwrap_or(0.0),
                    ),
                );
            }
            "yojimbo-swap" => {
                let (y, l) = (text("yojimbo"), text("leader"));
                frame.notes.push(format!("{y} swaps places with {l}"));
                if let (Some(p), Some(q)) = (frame.at.get(&y).copied(), frame.at.get(&l).copied()) {
                    frame.at.insert(y, q);
                    frame.at.insert(l, p);
                }
            }
            // A frame per phase: the turn opens with its Priority and Morale Phases, then the
            // Move, Combat and Action Phases each get their own.
            "turn" => {
                let turn = e["turn"].as_u64().unwrap_or(0) as u32;
                let next = frame.next(turn, format!("Turn {turn}: Priority and Morale"));
                frames.push(next);
            }
            "activate" | "side-pass" | "combats" => {
                let phase = match (kind, e["phase"].as_str()) {
                    ("combats", _) => "Combat",
                    (_, Some("move")) => "Move",
                    _ => "Action",
                };
                let title = format!("Turn {}: {phase} Phase", frame.turn);
                if frame.turn > 0 && frame.title != title {
                    let next = frame.next(frame.turn, title);
                    frames.push(next);
                }
                if kind == "combats" {
                    let frame = frames
                        .last_mut()
                        .ok_or_else(|| ReplayError("no frame".into()))?;
                    for c in e["combats"].as_array().into_iter().flatten() {
                        let others = c[1]
                            .as_array()
                            .into_iter()
                            .flatten()
                            .filter_map(|o| o.as_str().map(str::to_owned))
                            .collect();
                        frame
                            .combats
                            .push((c[0].as_str().unwrap_or_default().to_owned(), others));
                    }
                }
            }
            "model" if e["leader"] == true => leaders.push(text("model")),
            // Wounds and Stunned counters as the board shows them.
            "wound" => {
                let model = text("fighter");
                let health = text("health");
                let by = e["by"]
                    .as_str()
                    .map_or(String::new(), |b| format!(" from {b}"));
                frame.notes.push(format!(
                    "{model}: {} result{by}, now {}",
                    text("result").replace('-', " "),
                    health.replace('-', " ")
                ));
                let entry = frame
                    .state
                    .entry(model.clone())
                    .or_insert((health.clone(), 0));
                entry.0 = health.clone();
                if e["result"] == "stunned" {
                    entry.1 = entry.1.saturating_add(1);
                }
                if health == "dead" {
                    frame.gone.push(model);
                }
            }
            "stun-roll" => {
                let model = text("fighter");
                let left = e["left"].as_u64().unwrap_or(0) as u8;
                if let Some(entry) = frame.state.get_mut(&model) {
                    entry.1 = left;
                }
            }
            "thrown" => {
                let model = text("fighter");
                frame
                    .notes
                    .push(format!("{model} is thrown from its mount"));
                let entry = frame
                    .state
                    .entry(model)
                    .or_insert(("healthy".to_owned(), 0));
                entry.1 = entry.1.saturating_add(1);
            }
            // A set-up move (R-115) is drawn as a move before the first turn.
            "table-move" | "setup-move" => {
                let path: Vec<(f64, f64)> = e["path"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|q| (q[0].as_f64().unwrap_or(0.0), q[1].as_f64().unwrap_or(0.0)))
                    .collect();
                let model = text("model");
                let from = frame.at.get(&model).copied();
                if let (Some(from), Some(&end)) = (from, path.last()) {
                    if carriers.first() == Some(&model)
                        && let Some(m) = frame.marker.as_mut()
                    {
                        m.0 += end.0 - from.0;
                        m.1 += end.1 - from.1;
                    }
                    let mut full = vec![from];
                    full.extend(&path);
                    frame.moves.push((model.clone(), full));
                    frame.at.insert(model, end);
                }
            }
            "shot" => {
                let hit = e["result"].as_str().is_some_and(|r| r != "no-wound");
                frame.shots.push((text("shooter"), text("hit"), hit));
                let at = if e["mount"] == true { "'s mount" } else { "" };
                frame.notes.push(format!(
                    "{} shoots {}{at} with a {}: {} against {}, {}",
                    text("shooter"),
                    text("hit"),
                    text("weapon"),
                    e["total"].as_i64().unwrap_or(0),
                    e["defence"].as_i64().unwrap_or(0),
                    text("result").replace('-', " ")
                ));
            }
            "fled" => {
                let model = text("model");
                frame.notes.push(format!("{model} flees the table"));
                frame.gone.push(model);
            }
            "skirmish-end" => {
                let vp = |k: usize| e["vp"][k].as_i64().unwrap_or(0) as f64 / 2.0;
                result = format!(
                    "After {} turns ({}): A {} VP, B {} VP; {}.",
                    e["turns"].as_u64().unwrap_or(0),
                    text("reason").replace('-', " "),
                    vp(0),
                    vp(1),
                    e["winner"]
                        .as_str()
                        .map_or("a draw".to_owned(), |w| format!("side {w} wins"))
                );
            }
            _ => {}
        }
    }
    if size <= 0.0 {
        return Err(ReplayError("the log has no table (`table-setup`): is it a Skirmish log from `simulate --scenario skirmish --log`?".into()));
    }
    let conditions = format!("{scenario}; {conditions}");
    Ok(page(
        &Board {
            size,
            pieces: &pieces,
            conditions: &conditions,
            circle,
            zones: &zones,
        },
        &frames,
        &result,
        &leaders,
        terrain,
    ))
}

/// The line an event that only tells the story adds to its turn's notes.
fn note(kind: &str, e: &Value) -> Option<String> {
    let text = |k: &str| e[k].as_str().unwrap_or_default().to_owned();
    Some(match kind {
        "loot" => format!("{} loots {}", text("model"), text("body")),
        "head" => format!("{} takes the head of {}", text("model"), text("body")),
        "pick-up" => format!("{} picks up side {}'s banner", text("model"), text("owner")),
        "reveal" => format!(
            "{} reveals itself: a Ninja, not a {}",
            text("model"),
            text("copied")
        ),
        "drop" => format!("{} drops the banner it carried", text("model")),
        "dismount" => format!("{} dismounts", text("model")),
        "mount" => format!("{} mounts a {}", text("model"), text("mount")),
        "morale-test" => format!(
            "Side {} tests Morale: {} + {} against {}, {} ({})",
            text("side"),
            e["dice"][0].as_i64().unwrap_or(0) + e["dice"][1].as_i64().unwrap_or(0),
            e["modifiers"].as_array().map_or(0, |m| m
                .iter()
                .map(|x| x[1].as_i64().unwrap_or(0))
                .sum::<i64>()),
            e["rating"].as_i64().unwrap_or(0),
            if e["passed"].as_bool().unwrap_or(false) {
                "passes"
            } else {
                "fails"
            },
            text("state")
        ),
        "vp" => format!(
            "Side {} scores {} VP: {}",
            text("side"),
            e["half_points"].as_i64().unwrap_or(0) as f64 / 2.0,
            text("reason")
        ),
        _ => return None,
    })
}

fn side_colour(name: &str) -> &'static str {
    // A scenario's Civilians in a paler shade of their side's colour (R-117).
    match (name.starts_with('A'), name.ends_with("Civilian")) {
        (true, false) => "#c0392b",
        (true, true) => "#e6a49c",
        (false, false) => "#2c6fb0",
        (false, true) => "#9dbfe0",
    }
}

/// The table as the log's set-up events give it.
struct Board<'a> {
    size: f64,
    pieces: &'a [(String, Vec<(f64, f64)>)],
    conditions: &'a str,
    /// The Duel's or Tournament's circle: centre and radius.
    circle: Option<(f64, f64, f64)>,
    /// Each side's deployment zone, drawn on the deployment frame.
    zones: &'a [(usize, crate::ronin::engine::table::setup::Zone)],
}

fn page(
    board: &Board<'_>,
    frames: &[Frame],
    result: &str,
    leaders: &[String],
    terrain: &TerrainFile,
) -> String {
    let (size, pieces, conditions) = (board.size, board.pieces, board.conditions);
    let mut svg = String::new();
    let m = 1.0;
    let _ = write!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="{} {} {} {}" width="640" height="640" role="img" aria-label="The table">"#,
        -m,
        -m,
        size + 2.0 * m,
        size + 2.0 * m
    );
    let _ = write!(svg, r#"<g transform="translate(0 {size}) scale(1 -1)">"#);
    let _ = write!(
        svg,
        r##"<rect x="0" y="0" width="{size}" height="{size}" fill="#f3efe2" stroke="#333" stroke-width="0.08"/>"##
    );
    if let Some((x, y, r)) = board.circle {
        let _ = write!(
            svg,
            r##"<circle class="circle" cx="{x:.2}" cy="{y:.2}" r="{r}" fill="none" stroke="#555" stroke-width="0.08" stroke-dasharray="0.4 0.3"/>"##
        );
    }
    for (kind, pts) in pieces {
        let colour = terrain.kind(kind).map_or("#999999", |k| k.colour.as_str());
        let points: Vec<String> = pts.iter().map(|(x, y)| format!("{x:.2},{y:.2}")).collect();
        let _ = write!(
            svg,
            r##"<polygon class="piece" points="{}" fill="{colour}" fill-opacity="0.8" stroke="#555" stroke-width="0.06"/>"##,
            points.join(" ")
        );
    }
    for (k, f) in frames.iter().enumerate() {
        let _ = write!(
            svg,
            r#"<g class="frame" data-frame="{k}"{}>"#,
            if k == 0 {
                ""
            } else {
                r#" style="display:none""#
            }
        );
        if k == 0 {
            for (side, zone) in board.zones {
                let colour = if *side == 0 { "#c0392b" } else { "#2c6fb0" };
                svg.push_str(&crate::ronin::print::table::zone_svg(
                    zone, size, colour, *side,
                ));
            }
        }
        for (model, path) in &f.moves {
            let points: Vec<String> = path.iter().map(|(x, y)| format!("{x:.2},{y:.2}")).collect();
            let _ = write!(
                svg,
                r#"<polyline class="move" points="{}" fill="none" stroke="{}" stroke-width="0.1" stroke-dasharray="0.3 0.2" opacity="0.8"/>"#,
                points.join(" "),
                side_colour(model)
            );
        }
        for (shooter, target, hit) in &f.shots {
            if let (Some(a), Some(b)) = (f.at.get(shooter), f.at.get(target)) {
                let _ = write!(
                    svg,
                    r#"<line class="shot" x1="{:.2}" y1="{:.2}" x2="{:.2}" y2="{:.2}" stroke="{}" stroke-width="0.12"/>"#,
                    a.0,
                    a.1,
                    b.0,
                    b.1,
                    if *hit { "#e67e22" } else { "#7f8c8d" }
                );
            }
        }
        if let Some((x, y, r)) = f.marker {
            let _ = write!(
                svg,
                r##"<circle class="objective" cx="{x:.2}" cy="{y:.2}" r="{r}" fill="#f1c40f" stroke="#222" stroke-width="0.06"><title>The objective</title></circle>"##
            );
        }
        for (name, &(x, y)) in &f.at {
            let gone = f.gone.contains(name);
            if gone {
                let _ = write!(
                    svg,
                    r##"<g class="fallen"><line x1="{:.2}" y1="{:.2}" x2="{:.2}" y2="{:.2}" stroke="#555" stroke-width="0.12"/><line x1="{:.2}" y1="{:.2}" x2="{:.2}" y2="{:.2}" stroke="#555" stroke-width="0.12"/></g>"##,
                    x - 0.4,
                    y - 0.4,
                    x + 0.4,
                    y + 0.4,
                    x - 0.4,
                    y + 0.4,
                    x + 0.4,
                    y - 0.4
                );
            } else {
                // The model, ringed by its state: a Leader's gold ring, a thick dark ring for a
                // Grievous wound, a dashed one for a Light; a Stunned model's counters beside it;
                // its short name (A3) on it.
                let (health, stunned) = f
                    .state
                    .get(name)
                    .map_or(("healthy", 0), |(h, n)| (h.as_str(), *n));
                let (ring, width, dash) = match health {
                    "grievous" | "critical" => ("#111", 0.16, ""),
                    "light" => ("#111", 0.1, r#" stroke-dasharray="0.25 0.15""#),
                    _ => ("#111", 0.05, ""),
                };
                let leader = leaders.contains(name);
                let mut title = name.clone();
                if leader {
                    title.push_str(", the Leader");
                }
                if health != "healthy" {
                    title.push_str(&format!(", {} wound", health.replace('-', " ")));
                }
                if stunned > 0 {
                    title.push_str(&format!(", {stunned} Stunned"));
                }
                let _ = write!(
                    svg,
                    r##"<g class="model" data-model="{}" data-health="{health}" data-stunned="{stunned}"><circle cx="{x:.2}" cy="{y:.2}" r="0.5" fill="{}" stroke="{ring}" stroke-width="{width}"{dash}><title>{}</title></circle>"##,
                    xml(name),
                    side_colour(name),
                    xml(&title)
                );
                if leader {
                    let _ = write!(
                        svg,
                        r##"<circle class="leader" cx="{x:.2}" cy="{y:.2}" r="0.68" fill="none" stroke="#d4a017" stroke-width="0.12"/>"##
                    );
                }
                if stunned > 0 {
                    let _ = write!(
                        svg,
                        r##"<circle class="stunned" cx="{:.2}" cy="{:.2}" r="0.22" fill="#f1c40f" stroke="#111" stroke-width="0.04"/>"##,
                        x + 0.45,
                        y + 0.45
                    );
                }
                let short = name.split(' ').next().unwrap_or_default();
                let _ = write!(
                    svg,
                    r##"<text class="label" transform="translate({x:.2} {:.2}) scale(1 -1)" font-size="0.42" text-anchor="middle" fill="#fff">{}</text></g>"##,
                    y - 0.15,
                    xml(short)
                );
            }
        }
        svg.push_str("</g>");
    }
    svg.push_str("</g></svg>");
    let mut notes = String::new();
    for (k, f) in frames.iter().enumerate() {
        let title = xml(&f.title);
        let _ = write!(
            notes,
            r#"<section class="notes" data-frame="{k}"{}><h2>{title}</h2><ul>"#,
            if k == 0 {
                ""
            } else {
                r#" style="display:none""#
            }
        );
        for (centre, others) in &f.combats {
            let _ = write!(
                notes,
                "<li>Combat: {} against {}</li>",
                xml(centre),
                xml(&others.join(", "))
            );
        }
        for n in &f.notes {
            let _ = write!(notes, "<li>{}</li>", xml(n));
        }
        if f.combats.is_empty() && f.shots.is_empty() && f.notes.is_empty() {
            notes.push_str("<li>Manoeuvring.</li>");
        }
        notes.push_str("</ul></section>");
    }
    let objective = if frames.iter().any(|f| f.marker.is_some()) {
        r#"<span style="background:#f1c40f"></span>the objective"#
    } else {
        ""
    };
    format!(
        r##"<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Buntai replay</title>
<style>
body {{ font-family: "DejaVu Sans", sans-serif; margin: 1em; color: #222; }}
main {{ display: flex; gap: 1.5em; align-items: flex-start; flex-wrap: wrap; }}
.controls {{ margin: 0.5em 0; }}
button {{ font-size: 1em; padding: 0.2em 0.8em; }}
.notes ul {{ padding-left: 1.2em; }}
.legend span {{ display: inline-block; width: 0.8em; height: 0.8em; border-radius: 50%; margin: 0 0.3em 0 1em; }}
</style></head>
<body>
<h1>Buntai replay</h1>
<p>{size}" table, {conditions}. <span class="legend"><span style="background:#c0392b"></span>side A<span style="background:#2c6fb0"></span>side B{objective}.</span> Each model carries its short name; a gold ring marks the Leader, a dashed ring a Light wound, a thick ring a Grievous one, a yellow dot Stunned counters (hover for the count). Dashed lines: moves; orange lines: shots that wounded, grey: misses; crosses: fallen or fled.</p>
<p class="result"><strong>{result}</strong></p>
<div class="controls"><button id="prev">&larr; Previous</button> <input id="slider" type="range" min="0" max="{last}" value="0"> <button id="next">Next &rarr;</button> <span id="label">Deployment</span></div>
<main><div>{svg}</div><div>{notes}</div></main>
<script>
(function () {{
  var frame = 0, last = {last}, titles = {titles};
  function show(k) {{
    frame = Math.max(0, Math.min(last, k));
    document.querySelectorAll('[data-frame]').forEach(function (el) {{
      el.style.display = Number(el.getAttribute('data-frame')) === frame ? '' : 'none';
    }});
    document.getElementById('slider').value = frame;
    document.getElementById('label').textContent = titles[frame];
  }}
  document.getElementById('prev').onclick = function () {{ show(frame - 1); }};
  document.getElementById('next').onclick = function () {{ show(frame + 1); }};
  document.getElementById('slider').oninput = function (e) {{ show(Number(e.target.value)); }};
  var start = Number((location.hash || '#0').slice(1));
  show(isNaN(start) ? 0 : start);
}})();
</script>
</body></html>
"##,
        last = frames.len() - 1,
        titles =
            serde_json::to_string(&frames.iter().map(|f| f.title.as_str()).collect::<Vec<_>>())
                .unwrap_or_else(|_| "[]".to_owned())
                .replace('<', "\\u003c"),
        conditions = xml(conditions),
        result = xml(result),
    )
}
