//! The replay of one game: the grid drawn as SVG after the set-up and after every player turn,
//! each unit with its facing and hits, the turn's moves, charges and shots drawn over it and told
//! in words. A view of the log: the log is checked and replayed first, so the pictures are the
//! rules' own positions.

use std::fmt::Write;

use super::data::Data;
use super::engine::check::{Checked, Frame, check};
use super::engine::event::{AttackKind, Event, How};
use super::engine::state::{Game, NONE, col, parse, row};
use crate::page::xml;

const CELL: i32 = 64;
const SIDE_COLOURS: [&str; 2] = ["#b3261e", "#1f5fa8"];

fn ground_colour(id: &str) -> &'static str {
    match id {
        "woods" => "#7fa66a",
        "town" => "#c9b79c",
        "hill" => "#d9c27a",
        "marsh" => "#9bb5a8",
        "lake" | "river" => "#8fb8de",
        "ford" | "bridge" => "#b7cde0",
        _ => "#f4f1e8",
    }
}

/// Centre of a square in the picture: side A's edge (row 1) at the bottom.
fn centre(sq: u8) -> (i32, i32) {
    (col(sq) * CELL + CELL / 2, (5 - row(sq)) * CELL + CELL / 2)
}

/// A line from one centre to another, stopped short of the unit drawn at its end.
fn short(a: (i32, i32), b: (i32, i32)) -> ((i32, i32), (i32, i32)) {
    let (dx, dy) = (f64::from(b.0 - a.0), f64::from(b.1 - a.1));
    let len = (dx * dx + dy * dy).sqrt().max(1.0);
    let cut = 22.0 / len;
    (
        a,
        (
            (f64::from(b.0) - dx * cut) as i32,
            (f64::from(b.1) - dy * cut) as i32,
        ),
    )
}

fn svg(checked: &Checked, frame: &Frame) -> String {
    let rules = &checked.rules;
    let game: &Game = &frame.game;
    let size = CELL * 6;
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"-18 -4 {} {}\" width=\"{}\" \
         height=\"{}\" role=\"img\" aria-label=\"the table after player turn {}\">",
        size + 22,
        size + 22,
        size + 22,
        size + 22,
        frame.player_turn
    );
    s.push_str(
        "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"8\" refY=\"5\" markerWidth=\"6\" \
         markerHeight=\"6\" orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\" \
         fill=\"#333\"/></marker></defs>",
    );
    for sq in 0..36u8 {
        let g = &rules.grounds[usize::from(game.ground[usize::from(sq)])];
        let (x, y) = (col(sq) * CELL, (5 - row(sq)) * CELL);
        let _ = write!(
            s,
            "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{}\" \
             stroke=\"#8a8270\" stroke-width=\"1\"><title>{} {}</title></rect>",
            ground_colour(&g.id),
            super::engine::state::name(sq),
            xml(&g.name)
        );
        if g.id != "open" {
            let _ = write!(
                s,
                "<text x=\"{}\" y=\"{}\" font-size=\"9\" fill=\"#4a4536\">{}</text>",
                x + 3,
                y + 10,
                xml(&g.name)
            );
        }
        if game.is_road(sq) {
            let _ = write!(
                s,
                "<rect x=\"{}\" y=\"{y}\" width=\"10\" height=\"{CELL}\" fill=\"#a89a80\" \
                 opacity=\"0.6\"/>",
                x + CELL / 2 - 5
            );
        }
    }
    for c in 0..6 {
        let _ = write!(
            s,
            "<text x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"middle\">{}</text>",
            c * CELL + CELL / 2,
            size + 14,
            char::from(b'a' + c as u8)
        );
    }
    for r in 0..6 {
        let _ = write!(
            s,
            "<text x=\"-9\" y=\"{}\" font-size=\"11\" text-anchor=\"middle\">{}</text>",
            (5 - r) * CELL + CELL / 2 + 4,
            r + 1
        );
    }
    for (side, &post) in game.post.iter().enumerate() {
        if post != NONE {
            let (x, y) = centre(post);
            let _ = write!(
                s,
                "<g><title>{}'s Command Post</title><rect x=\"{}\" y=\"{}\" width=\"24\" \
                 height=\"16\" fill=\"none\" stroke=\"{}\" stroke-width=\"2\" \
                 stroke-dasharray=\"3 2\"/><text x=\"{x}\" y=\"{}\" font-size=\"9\" \
                 text-anchor=\"middle\" fill=\"{}\">CP</text></g>",
                ['A', 'B'][side],
                x - 12,
                y - 8,
                SIDE_COLOURS[side],
                y + 3,
                SIDE_COLOURS[side]
            );
        }
    }
    // What the turn did, under the units: moves, charges, shots.
    for e in &frame.events {
        let (line, colour, dash) = match e {
            Event::Move { from, to, .. } => ((from, to), "#333", "none"),
            Event::Charge { from, to, .. } => ((from, to), "#b3261e", "none"),
            Event::Attack {
                unit,
                target,
                kind: AttackKind::Shot,
                ..
            } => {
                let (a, t) = (game.unit(*unit).sq, game.unit(*target).sq);
                if a != NONE && t != NONE {
                    let ((x1, y1), (x2, y2)) = short(centre(a), centre(t));
                    let _ = write!(
                        s,
                        "<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\" stroke=\"#e08a00\" \
                         stroke-width=\"2\" stroke-dasharray=\"5 3\" marker-end=\"url(#arrow)\"/>"
                    );
                }
                continue;
            }
            _ => continue,
        };
        let (Some(a), Some(b)) = (parse(line.0), parse(line.1)) else {
            continue;
        };
        if a != b {
            let ((x1, y1), (x2, y2)) = short(centre(a), centre(b));
            let _ = write!(
                s,
                "<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\" stroke=\"{colour}\" \
                 stroke-width=\"2.5\" stroke-dasharray=\"{dash}\" marker-end=\"url(#arrow)\" \
                 opacity=\"0.8\"/>"
            );
        }
    }
    for (id, u) in game.all() {
        if !u.alive {
            continue;
        }
        let (x, y) = centre(u.sq);
        let kind = &rules.kinds[usize::from(u.kind)];
        let colour = SIDE_COLOURS[usize::from(u.side)];
        let letter: String = kind
            .name
            .split(' ')
            .filter_map(|w| w.chars().next())
            .collect();
        let angle = i32::from(u.facing) * 90;
        let _ = write!(
            s,
            "<g><title>{} ({}): {} of {} hits{}</title>\
             <rect x=\"{}\" y=\"{}\" width=\"44\" height=\"30\" rx=\"3\" fill=\"{colour}\" \
             stroke=\"#111\" stroke-width=\"{}\"/>\
             <path d=\"M{x},{} l-7,8 h14 z\" fill=\"{colour}\" stroke=\"#111\" transform=\"rotate({angle} {x} {y})\"/>\
             <text x=\"{x}\" y=\"{}\" font-size=\"10\" fill=\"#fff\" text-anchor=\"middle\">{}</text>\
             <text x=\"{x}\" y=\"{}\" font-size=\"9\" fill=\"#fff\" text-anchor=\"middle\">{}/{}</text></g>",
            xml(&checked.names[usize::from(id)]),
            xml(&kind.name),
            u.hits,
            u.threshold,
            if u.hatamoto { ", with the Daimyo" } else { "" },
            x - 22,
            y - 15,
            if u.hatamoto { 3 } else { 1 },
            y - 24,
            y + 2,
            xml(&format!("{letter}{}", if u.hatamoto { "★" } else { "" })),
            y + 12,
            u.hits,
            u.threshold
        );
    }
    s.push_str("</svg>");
    s
}

/// One event in words.
fn words(checked: &Checked, e: &Event) -> Option<String> {
    let n = |u: u8| {
        xml(checked
            .names
            .get(usize::from(u))
            .map_or("?", |s| s.as_str()))
    };
    let how = |h: &How| match h {
        How::Activation => "",
        How::Reaction => " (reaction)",
        How::Messenger => " (Tsukai-Ban)",
    };
    Some(match e {
        Event::Challenge {
            unit,
            target,
            until,
        } => {
            format!("{} challenges {} until turn {until}", n(*unit), n(*target))
        }
        Event::Move {
            unit,
            how: h,
            from,
            to,
            facing,
            inches,
            disengage,
            ..
        } => format!(
            "{}{} {} {from} to {to} ({inches}\"), facing {facing}",
            n(*unit),
            how(h),
            if *disengage {
                "disengages from"
            } else {
                "moves from"
            }
        ),
        Event::Charge {
            unit,
            how: h,
            from,
            to,
            target,
            face,
            ..
        } => match target {
            Some(t) => format!(
                "{}{} charges from {from} to {to}, into {}'s {}",
                n(*unit),
                how(h),
                n(*t),
                face.as_deref().unwrap_or("?")
            ),
            None => format!(
                "{}{} charges the Command Post from {from} to {to}",
                n(*unit),
                how(h)
            ),
        },
        Event::Attack {
            unit,
            how: h,
            kind,
            target,
            d6,
            d3,
            parts,
            halved,
            hits,
            total,
            out_of_ammunition,
            ..
        } => {
            let mods: String = parts
                .iter()
                .map(|p| format!(" {:+} {}", p.value, xml(&p.why)))
                .collect();
            format!(
                "{}{} {} {}: d6 {d6} = D3 {d3}{mods}{} → {hits} hits ({total} in all){}",
                n(*unit),
                how(h),
                if *kind == AttackKind::Shot {
                    "shoots at"
                } else {
                    "attacks"
                },
                n(*target),
                if *halved { ", halved" } else { "" },
                if *out_of_ammunition {
                    "; out of ammunition"
                } else {
                    ""
                }
            )
        }
        Event::TurnToFace { unit, facing } => format!("{} turns to face {facing}", n(*unit)),
        Event::Enter { unit, to, facing } => {
            format!(
                "{} comes on from reserve at {to}, facing {facing}",
                n(*unit)
            )
        }
        Event::Eliminated { unit } => format!("{} is eliminated", n(*unit)),
        Event::DaimyoLost { side, rolls } => format!(
            "Side {side}'s Daimyo is lost: {}",
            rolls
                .iter()
                .map(|r| format!("{} takes {}", n(r.unit), r.hits))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Event::PostTaken { side, by, removed } => format!(
            "{} reaches side {side}'s Command Post: {} is removed",
            n(*by),
            n(*removed)
        ),
        Event::Draw { odd: true } => "the odd die: the other player may react".to_owned(),
        Event::End {
            winner,
            reason,
            points,
            ..
        } => format!(
            "{} — {reason}; points A {} B {}",
            winner.map_or("A draw".to_owned(), |w| format!("Side {w} wins")),
            points[0],
            points[1]
        ),
        _ => return None,
    })
}

/// The replay page of a game's events, or why the log does not hold up.
pub fn page(data: &Data, events: &[Event], title: &str) -> Result<String, String> {
    let checked = check(data, events)?;
    let mut body = String::new();
    for frame in &checked.frames {
        let heading = match frame.side {
            None => "Set-up".to_owned(),
            Some(side) => format!(
                "Player turn {} (game turn {}), side {side}",
                frame.player_turn,
                frame.player_turn.div_ceil(2)
            ),
        };
        let items: String = frame
            .events
            .iter()
            .filter_map(|e| words(&checked, e))
            .map(|w| format!("<li>{w}</li>"))
            .collect();
        let _ = write!(
            body,
            "<section><h2>{heading}</h2><div class=\"turn\">{}<ol>{items}</ol></div></section>",
            svg(&checked, frame)
        );
    }
    if let Some(end) = events.last().and_then(|e| words(&checked, e)) {
        let _ = write!(body, "<section><h2>Result</h2><p>{end}</p></section>");
    }
    Ok(format!(
        "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{t}</title>\
         <style>body{{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#222}}\
         h1{{font-size:1.4em}}h2{{font-size:1.05em;margin:1.2em 0 .4em}}\
         .turn{{display:flex;gap:1.2em;align-items:flex-start;flex-wrap:wrap}}\
         ol{{margin:0;padding-left:1.4em;max-width:40em}}svg{{flex:none}}\
         .key span{{display:inline-block;width:.9em;height:.9em;margin:0 .3em 0 1em;vertical-align:-.1em}}\
         </style></head><body><h1>{t}</h1><p class=\"key\">Side A<span style=\"background:{}\"></span>\
         Side B<span style=\"background:{}\"></span> A unit shows its type's initials, its hits \
         of its limit and a pointer on the side it faces; ★ marks the Hatamoto. Black arrows are \
         moves, red ones charges, dashed orange ones shots. Checked against the rules: {} \
         actions and {} rolls.</p>{body}</body></html>",
        SIDE_COLOURS[0],
        SIDE_COLOURS[1],
        checked.actions,
        checked.rolls,
        t = xml(title)
    ))
}

/// Whether `path` is a log of this system: its first line is a `setup` naming it. Standard input
/// (`-`) and unreadable files are left to Ronin's reader, which reports them.
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
