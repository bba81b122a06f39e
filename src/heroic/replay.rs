//! The replay of one Clan Feud: the table drawn as SVG after the set-up and after every turn,
//! each base with its Distractions and Hits, the turn's moves, shots and fights drawn over it
//! and told in words with the Morale Tests. A view of the log: the log is checked first, so the
//! pictures are the rules' own positions.

use std::fmt::Write;

use super::data::Data;
use super::engine::check::{Frame, check};
use super::engine::event::{Event, PieceSetup, TerrainSetup};
use super::rules::{Morale, Outcome, ShotResult};
use crate::page::xml;

/// Pixels a millimetre.
const SCALE: f64 = 0.4;
const SIDE_COLOURS: [&str; 2] = ["#b3261e", "#1f5fa8"];

fn terrain_colour(kind: &str) -> &'static str {
    match kind {
        "woods" => "#7fa66a",
        "building" => "#b59b7c",
        "field-defence" => "#a08a60",
        "hedge" => "#5d7a3a",
        "stream" => "#8fb8de",
        "ford" => "#c4d8ea",
        "impassable" => "#6b6b6b",
        _ => "#d9d2bf",
    }
}

fn px(mm: f64) -> f64 {
    (mm * SCALE * 10.0).round() / 10.0
}

/// The terrain of a table as SVG shapes: areas filled, hedges and walls as thick lines.
pub fn terrain_svg(data: &Data, terrain: &[TerrainSetup]) -> String {
    let mut s = String::new();
    for t in terrain {
        let [x, y, w, d] = t.rect_mm.map(f64::from);
        let name = data
            .scenarios
            .terrain
            .iter()
            .find(|k| k.id == t.kind)
            .map_or(t.kind.as_str(), |k| k.name.as_str());
        let colour = terrain_colour(&t.kind);
        if w == 0.0 || d == 0.0 {
            let _ = write!(
                s,
                "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{colour}\" \
                 stroke-width=\"5\" stroke-linecap=\"round\"><title>{}</title></line>",
                px(x),
                px(y),
                px(x + w),
                px(y + d),
                xml(name)
            );
        } else {
            let _ = write!(
                s,
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{colour}\" \
                 rx=\"{}\"><title>{}</title></rect>",
                px(x),
                px(y),
                px(w),
                px(d),
                if t.kind == "woods" { 14 } else { 0 },
                xml(name)
            );
        }
    }
    s
}

/// A whole table as SVG: its size, deployment zones and terrain, for the replay's set-up and for
/// a table file on its own.
pub fn table_svg(
    data: &Data,
    table_mm: [f64; 2],
    zone_mm: f64,
    terrain: &[TerrainSetup],
) -> String {
    let (w, h) = (px(table_mm[0]), px(table_mm[1]));
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" width=\"{w}\" \
         height=\"{h}\" role=\"img\" aria-label=\"the table\"><rect width=\"{w}\" height=\"{h}\" \
         fill=\"#eae3cf\" stroke=\"#8a8270\"/>"
    );
    for (side, y) in [(0, 0.0), (1, table_mm[1] - zone_mm)] {
        let _ = write!(
            s,
            "<rect x=\"0\" y=\"{}\" width=\"{w}\" height=\"{}\" fill=\"none\" stroke=\"{}\" \
             stroke-dasharray=\"6 4\" opacity=\"0.6\"><title>side {}'s deployment zone</title></rect>",
            px(y),
            px(zone_mm),
            SIDE_COLOURS[side],
            ["A", "B"][side]
        );
    }
    s.push_str(&terrain_svg(data, terrain));
    s.push_str("</svg>");
    s
}

/// Initials of an element type's name, its bracketed weapon in small: "Armoured clan ashigaru
/// (musket)" is "ACAm".
fn initials(name: &str) -> String {
    let (main, weapon) = name.split_once('(').unwrap_or((name, ""));
    let mut s: String = main
        .split([' ', '-'])
        .filter_map(|w| w.chars().next())
        .filter(|c| c.is_alphabetic())
        .map(|c| c.to_ascii_uppercase())
        .collect();
    s.extend(
        weapon
            .chars()
            .find(|c| c.is_alphabetic())
            .map(|c| c.to_ascii_lowercase()),
    );
    s
}

struct View<'a> {
    data: &'a Data,
    table_mm: [f64; 2],
    terrain: &'a [TerrainSetup],
    pieces: &'a [PieceSetup],
    names: Vec<String>,
    contingents: Vec<String>,
}

impl View<'_> {
    fn name(&self, i: usize) -> String {
        self.names
            .get(i)
            .cloned()
            .unwrap_or_else(|| format!("piece {i}"))
    }

    fn svg(&self, frame: &Frame, events: &[Event]) -> String {
        let (w, h) = (px(self.table_mm[0]), px(self.table_mm[1]));
        let mut s = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" width=\"{w}\" \
             height=\"{h}\" role=\"img\" aria-label=\"the table after turn {}\">\
             <defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"8\" refY=\"5\" \
             markerWidth=\"6\" markerHeight=\"6\" orient=\"auto-start-reverse\">\
             <path d=\"M0,0 L10,5 L0,10 z\" fill=\"#333\"/></marker></defs>\
             <rect width=\"{w}\" height=\"{h}\" fill=\"#eae3cf\" stroke=\"#8a8270\"/>",
            frame.turn
        );
        s.push_str(&terrain_svg(self.data, self.terrain));
        for e in &events[frame.events.clone()] {
            match e {
                Event::Move { from, to, .. } => {
                    let _ = write!(
                        s,
                        "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#333\" \
                         stroke-width=\"1.5\" marker-end=\"url(#arrow)\" opacity=\"0.7\"/>",
                        px(from[0]),
                        px(from[1]),
                        px(to[0]),
                        px(to[1])
                    );
                }
                Event::Shot {
                    shooter, target, ..
                } => {
                    if let (Some(a), Some(b)) =
                        (frame.pieces.get(*shooter), frame.pieces.get(*target))
                    {
                        let _ = write!(
                            s,
                            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#e07b00\" \
                             stroke-width=\"1.5\" stroke-dasharray=\"5 3\"/>",
                            px(a.at[0]),
                            px(a.at[1]),
                            px(b.at[0]),
                            px(b.at[1])
                        );
                    }
                }
                Event::Fight { a, b, .. } => {
                    for fa in a {
                        for fb in b {
                            if let (Some(x), Some(y)) =
                                (frame.pieces.get(fa.piece), frame.pieces.get(fb.piece))
                            {
                                let _ = write!(
                                    s,
                                    "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" \
                                     stroke=\"#c0141b\" stroke-width=\"3\" opacity=\"0.5\"/>",
                                    px(x.at[0]),
                                    px(x.at[1]),
                                    px(y.at[0]),
                                    px(y.at[1])
                                );
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        for (i, (p, now)) in self.pieces.iter().zip(&frame.pieces).enumerate() {
            if !now.on {
                continue;
            }
            let colour = SIDE_COLOURS[p.side.min(1)];
            let (x, y) = (px(now.at[0]), px(now.at[1]));
            let half = px(p.size_mm / 2.0);
            let label = if p.kind == "leader" {
                "★".to_owned()
            } else {
                self.data
                    .element(&p.kind)
                    .map_or_else(|| p.kind.clone(), |e| initials(&e.name))
            };
            let counters = match (now.distractions, now.hits) {
                (0, 0) => String::new(),
                (d, 0) => format!("{d}D"),
                (0, h) => format!("{h}H"),
                (d, h) => format!("{d}D {h}H"),
            };
            let _ = write!(
                s,
                "<g><title>{} — {} Distractions, {} of {} Hits</title>",
                xml(&self.name(i)),
                now.distractions,
                now.hits,
                p.removed_at
            );
            if p.kind == "leader" {
                let _ = write!(
                    s,
                    "<circle cx=\"{x}\" cy=\"{y}\" r=\"{half}\" fill=\"{colour}\" \
                     stroke=\"#111\" stroke-width=\"1\"/><text x=\"{x}\" y=\"{}\" \
                     font-size=\"9\" text-anchor=\"middle\" fill=\"#fff\">{label}</text>",
                    y + 3.0
                );
            } else {
                let _ = write!(
                    s,
                    "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{colour}\" \
                     stroke=\"#111\" stroke-width=\"1\"/><text x=\"{x}\" y=\"{}\" \
                     font-size=\"9\" text-anchor=\"middle\" fill=\"#fff\">{}</text>",
                    x - half,
                    y - half,
                    2.0 * half,
                    2.0 * half,
                    y - 1.0,
                    xml(&label)
                );
            }
            if !counters.is_empty() {
                let _ = write!(
                    s,
                    "<text x=\"{x}\" y=\"{}\" font-size=\"8\" text-anchor=\"middle\" \
                     fill=\"#fff\" font-weight=\"bold\">{counters}</text>",
                    y + 9.0
                );
            }
            s.push_str("</g>");
        }
        s.push_str("</svg>");
        s
    }

    fn words(&self, e: &Event) -> Option<String> {
        let n = |i: usize| xml(&self.name(i));
        Some(match e {
            Event::Declare {
                contingent,
                action,
                target,
            } => format!(
                "{} declares {action}{}",
                xml(self
                    .contingents
                    .get(*contingent)
                    .map_or("?", String::as_str)),
                target.map_or(String::new(), |t| format!(" at {}", n(t)))
            ),
            Event::Regroup { piece } => format!("{} regroups: one Distraction off", n(*piece)),
            Event::Dismount { piece, to } => format!("{} dismounts as {}", n(*piece), xml(to)),
            Event::Move {
                piece,
                from,
                to,
                allowance_mm,
                crossing,
            } => {
                let length = ((to[0] - from[0]).powi(2) + (to[1] - from[1]).powi(2)).sqrt();
                format!(
                    "{} moves {:.1} cm of its {:.0} cm{}",
                    n(*piece),
                    length / 10.0,
                    allowance_mm / 10.0,
                    if *crossing {
                        ", crossing the hedge"
                    } else {
                        ""
                    }
                )
            }
            Event::Shot {
                shooter,
                target,
                band,
                roll,
                modifiers,
                result,
                ..
            } => {
                let mods: String = modifiers
                    .iter()
                    .map(|m| format!(" {:+} {}", m.value, xml(&m.why)))
                    .collect();
                format!(
                    "{} shoots at {} (band {}): d6 {roll}{mods} → {}",
                    n(*shooter),
                    n(*target),
                    band + 1,
                    match result {
                        ShotResult::Nothing => "no effect",
                        ShotResult::Distraction => "a Distraction",
                        ShotResult::Hit => "a Hit",
                    }
                )
            }
            Event::Fight {
                a,
                b,
                rolls,
                a_total,
                b_total,
                outcome,
                hits,
                hit,
                ..
            } => {
                let names = |fs: &[super::engine::event::Fighter]| {
                    fs.iter()
                        .map(|f| n(f.piece))
                        .collect::<Vec<_>>()
                        .join(" and ")
                };
                format!(
                    "{} ({} + d6 {} = {a_total}) fight {} ({} + d6 {} = {b_total}): {}",
                    names(a),
                    a_total - i32::from(rolls[0]),
                    rolls[0],
                    names(b),
                    b_total - i32::from(rolls[1]),
                    rolls[1],
                    match (outcome, hit) {
                        (Outcome::Draw, _) => "a draw, a Distraction each".to_owned(),
                        (_, Some(t)) => format!("{} takes {hits} Hit(s)", n(*t)),
                        (_, None) => "the loser is Distracted".to_owned(),
                    }
                )
            }
            Event::Duel {
                a,
                b,
                fought,
                throws_a,
                throws_b,
                hit,
                ..
            } => {
                if *fought {
                    format!(
                        "{} and {} fight a round ({} throws against {}): {}",
                        n(*a),
                        n(*b),
                        throws_a.len(),
                        throws_b.len(),
                        match hit {
                            Outcome::A => format!("{} scores a Hit", n(*a)),
                            Outcome::B => format!("{} scores a Hit", n(*b)),
                            Outcome::Draw => "no Hit".to_owned(),
                        }
                    )
                } else {
                    format!("{} and {} stay their hands", n(*a), n(*b))
                }
            }
            Event::Morale {
                contingent,
                roll,
                score,
                before,
                after,
                ..
            } => format!(
                "{} tests morale: d6 {roll}, score {score}: {} → {}",
                xml(self
                    .contingents
                    .get(*contingent)
                    .map_or("?", String::as_str)),
                morale(*before),
                morale(*after)
            ),
            Event::Off { piece, why } => format!("{} is off the table ({why})", n(*piece)),
            Event::End {
                outcome,
                turns,
                deeds,
            } => format!(
                "{} after {turns} turns; Reputation A {} B {}",
                ["Side A wins", "A draw", "Side B wins"][(*outcome).min(2)],
                deeds[0],
                deeds[1]
            ),
            _ => return None,
        })
    }
}

fn morale(m: Morale) -> &'static str {
    match m {
        Morale::Steady => "Steady",
        Morale::Hesitant => "Hesitant",
        Morale::Running => "Running",
    }
}

/// The replay page of a game's events, or why the log does not hold up.
pub fn page(data: &Data, events: &[Event], title: &str) -> Result<String, String> {
    let checked = check(data, events)?;
    let Some(Event::Setup {
        table_mm,
        terrain,
        pieces,
        contingents,
        ..
    }) = events.first()
    else {
        return Err("the log does not start with the set-up".to_owned());
    };
    let names = pieces
        .iter()
        .map(|p| {
            let c = contingents.get(p.contingent);
            let side = ["A", "B"][p.side.min(1)];
            if p.kind == "leader" {
                format!("{side} {}", c.map_or("leader", |c| c.name.as_str()))
            } else {
                let kind = data.element(&p.kind).map_or(p.kind.as_str(), |e| &e.name);
                format!("{side}{} {kind}", p.piece)
            }
        })
        .collect();
    let view = View {
        data,
        table_mm: *table_mm,
        terrain,
        pieces,
        names,
        contingents: contingents
            .iter()
            .map(|c| format!("{} ({})", c.name, ["A", "B"][c.side.min(1)]))
            .collect(),
    };
    let mut body = String::new();
    for frame in &checked.frames {
        let heading = if frame.turn == 0 {
            "Set-up".to_owned()
        } else {
            format!(
                "Turn {} — Reputation A {} B {}",
                frame.turn, frame.deeds[0], frame.deeds[1]
            )
        };
        let items: String = events[frame.events.clone()]
            .iter()
            .filter_map(|e| view.words(e))
            .map(|w| format!("<li>{w}</li>"))
            .collect();
        let states: String = frame
            .morale
            .iter()
            .zip(&view.contingents)
            .map(|(m, c)| format!("{}: {}", xml(c), morale(*m)))
            .collect::<Vec<_>>()
            .join("; ");
        let _ = write!(
            body,
            "<section><h2>{heading}</h2><p class=\"states\">{states}</p><div class=\"turn\">{}\
             <ol>{items}</ol></div></section>",
            view.svg(frame, events)
        );
    }
    Ok(format!(
        "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{t}</title>\
         <style>body{{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#222}}\
         h1{{font-size:1.4em}}h2{{font-size:1.05em;margin:1.2em 0 .4em}}\
         .turn{{display:flex;gap:1.2em;align-items:flex-start;flex-wrap:wrap}}\
         ol{{margin:0;padding-left:1.4em;max-width:40em;max-height:480px;overflow:auto}}\
         svg{{flex:none;max-width:100%;height:auto}}.states{{margin:.2em 0;color:#555}}\
         .key span{{display:inline-block;width:.9em;height:.9em;margin:0 .3em 0 1em;vertical-align:-.1em}}\
         </style></head><body><h1>{t}</h1><p class=\"key\">Side A<span style=\"background:{}\"></span>\
         Side B<span style=\"background:{}\"></span> A square is an element (its type's \
         initials, its Distractions D and Hits H); ★ is a leader. Black arrows are moves, dashed \
         orange lines shots, red bands fights. Side A deploys at the top. Checked against the \
         rules: {} moves, {} shots, {} fights, {} duel rounds and {} Morale Tests.</p>{body}\
         </body></html>",
        SIDE_COLOURS[0],
        SIDE_COLOURS[1],
        checked.moves,
        checked.shots,
        checked.fights,
        checked.duels,
        checked.morale_tests,
        t = xml(title)
    ))
}

/// Whether `path` is a log of this system.
pub fn is_log(path: &std::path::Path) -> bool {
    crate::runs::is_log(path, super::ID)
}

/// `buntai replay LOG` for this system: read the log, check every number against the rules and
/// draw it; a log that does not hold up is refused with where and why (exit 1).
pub fn run(
    out: &crate::cli::output::Out,
    data: &Data,
    path: &std::path::Path,
    output: Option<&std::path::Path>,
    force: bool,
) -> u8 {
    crate::runs::replay::<Event>(out, path, output, force, |events, title| {
        page(data, events, title)
    })
}
