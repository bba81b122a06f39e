//! The replay of one battle (`simulate --replay FILE.html`): the zone strip drawn as SVG before
//! round 1 and after every round, each army where it stands with its MP, and the round told in
//! words. A view of the log, which is checked against the rules first.

use std::fmt::Write;

use super::event::Event;
use super::setup::Setup;
use crate::page::xml;

const SIDE_COLOURS: [&str; 2] = ["#b3261e", "#1f5fa8"];

/// Where the armies stand and their MP, as the log tells it.
#[derive(Debug, Clone)]
struct Frame {
    zone: [Option<usize>; 2],
    mp: [i32; 2],
}

fn strip(setup: &Setup, f: &Frame) -> String {
    let (w, h, gap) = (150.0, 90.0, 8.0);
    let n = setup.zones.len() as f64;
    let width = n * (w + gap) + gap;
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{}\" role=\"img\" aria-label=\"the zones\">",
        h + 20.0
    );
    for (i, z) in setup.zones.iter().enumerate() {
        let x = gap + i as f64 * (w + gap);
        let _ = write!(
            s,
            "<rect x=\"{x}\" y=\"10\" width=\"{w}\" height=\"{h}\" rx=\"6\" fill=\"#efe9d8\" stroke=\"#333\"/><text x=\"{}\" y=\"28\" font-size=\"13\" font-family=\"sans-serif\">{}. {}</text><text x=\"{}\" y=\"44\" font-size=\"11\" font-family=\"sans-serif\" fill=\"#555\">Size {}</text>",
            x + 6.0,
            i,
            xml(&z.name),
            x + 6.0,
            z.size
        );
        for (side, colour) in SIDE_COLOURS.iter().enumerate() {
            if f.zone[side] == Some(i) {
                let cx = x + 40.0 + 70.0 * side as f64;
                let _ = write!(
                    s,
                    "<circle cx=\"{cx}\" cy=\"72\" r=\"16\" fill=\"{}\"/><text x=\"{cx}\" y=\"77\" font-size=\"13\" font-family=\"sans-serif\" fill=\"#fff\" text-anchor=\"middle\">{}</text>",
                    colour, f.mp[side]
                );
            }
        }
    }
    s.push_str("</svg>");
    s
}

/// One event in words, or `None` for those the page shows otherwise.
fn words(setup: &Setup, e: &Event) -> Option<String> {
    let side = |s: usize| setup.sides[s].name.as_str();
    Some(match e {
        Event::Roll {
            side: s,
            who,
            what,
            pool,
            raises,
            total,
            tn,
            success,
            ..
        } => {
            let against = tn.map_or(String::new(), |t| format!(" against TN {t}"));
            let raised = if *raises > 0 {
                format!(" with {raises} raises")
            } else {
                String::new()
            };
            let result = match success {
                Some(true) => ": success",
                Some(false) => ": failure",
                None => "",
            };
            format!(
                "{} ({}): {who}, {what}, rolls {pool}{raised}{against}: {total}{result}",
                side(*s),
                ["A", "B"][*s]
            )
        }
        Event::Contest {
            what,
            winner,
            effect,
            ..
        } => match winner {
            Some(w) => format!("{what}: {} wins; {effect}", side(*w)),
            None => format!("{what}: {effect}"),
        },
        Event::Orders {
            side: s,
            formation,
            advance,
            squads,
            engaged_mp,
            officers,
            change_raises,
            ..
        } => format!(
            "{}: {formation}, {}; {} squads to the front ({engaged_mp} MP engaged){}{}",
            side(*s),
            if *advance { "Advance" } else { "Hold Ground" },
            squads.len(),
            if officers.is_empty() {
                String::new()
            } else {
                format!(", officers {}", officers.join(", "))
            },
            if *change_raises > 0 {
                format!("; the change costs {change_raises} raises")
            } else {
                String::new()
            }
        ),
        Event::Move {
            side: s,
            from,
            to,
            why,
            ..
        } => match to {
            Some(t) => format!("{} moves from zone {from} to zone {t} ({why})", side(*s)),
            None => format!("{} is pushed off the map from zone {from}", side(*s)),
        },
        Event::Battle {
            gathered,
            pools,
            raises,
            totals,
            effective,
            result,
            ..
        } => format!(
            "The Battle roll: gathered {:+}k0 and {:+}k0; A rolls {} ({} raises) for {} ({} effective), B rolls {} ({} raises) for {} ({} effective): {result}",
            gathered[0],
            gathered[1],
            pools[0],
            raises[0],
            totals[0],
            effective[0],
            pools[1],
            raises[1],
            totals[1],
            effective[1]
        ),
        Event::Buy {
            side: s,
            who,
            bought,
            ..
        } => format!(
            "{} ({}): {who} buys {}",
            side(*s),
            ["A", "B"][*s],
            bought.join(", ")
        ),
        Event::Loss {
            side: s,
            squad,
            mp,
            why,
            mp_left,
            ..
        } => {
            format!(
                "{} loses {squad} ({mp} MP, {why}): {mp_left} MP left",
                side(*s)
            )
        }
        Event::Attrition {
            side: s,
            officer,
            pool,
            total,
            wounds,
            wounds_total,
            fate,
            ..
        } => format!(
            "{}: Attrition on {officer}, {pool} for {total}: {wounds} wounds ({wounds_total} in all), {fate}",
            side(*s)
        ),
        Event::Note {
            side: Some(s),
            text,
            ..
        } => format!("{}: {text}", side(*s)),
        Event::Note {
            side: None, text, ..
        } => text.clone(),
        Event::End {
            outcome, rounds, ..
        } => format!("The end after {rounds} rounds: {outcome}"),
        Event::Setup { .. } => return None,
    })
}

fn round_of(e: &Event) -> Option<u32> {
    match e {
        Event::Roll { round, .. }
        | Event::Contest { round, .. }
        | Event::Orders { round, .. }
        | Event::Move { round, .. }
        | Event::Battle { round, .. }
        | Event::Buy { round, .. }
        | Event::Loss { round, .. }
        | Event::Attrition { round, .. }
        | Event::Note { round, .. } => Some(*round),
        Event::Setup { .. } | Event::End { .. } => None,
    }
}

/// The replay page of a battle's log, checked against the rules first.
pub fn page(setup: &Setup, events: &[Event]) -> Result<String, String> {
    super::check::check(setup, events)?;
    let mut frame = Frame {
        zone: [Some(setup.start); 2],
        mp: [setup.sides[0].mp(), setup.sides[1].mp()],
    };
    let mut body = String::new();
    let mut current: Option<u32> = None;
    let mut lines: Vec<String> = Vec::new();
    let flush = |body: &mut String, round: Option<u32>, lines: &mut Vec<String>, frame: &Frame| {
        let title = match round {
            Some(0) => "Before round 1".to_owned(),
            Some(r) => format!("Round {r}"),
            None => "The end".to_owned(),
        };
        let _ = write!(
            body,
            "<section><h2>{}</h2>\n{}\n<ul>",
            xml(&title),
            strip(setup, frame)
        );
        for l in lines.drain(..) {
            let _ = write!(body, "<li>{}</li>", xml(&l));
        }
        body.push_str("</ul></section>\n");
    };
    for e in events {
        let r = round_of(e);
        if r != current && !lines.is_empty() {
            flush(&mut body, current, &mut lines, &frame);
        }
        if r.is_some() || matches!(e, Event::End { .. }) {
            current = r;
        }
        match e {
            Event::Move { side, to, .. } => frame.zone[*side] = *to,
            Event::Loss { side, mp_left, .. } => frame.mp[*side] = *mp_left,
            Event::Note {
                side: Some(s),
                text,
                ..
            } => {
                if let Some(mp) = super::event::returned_mp(text) {
                    frame.mp[*s] += mp;
                }
            }
            _ => {}
        }
        if let Some(l) = words(setup, e) {
            lines.push(l);
        }
    }
    if !lines.is_empty() {
        flush(&mut body, current, &mut lines, &frame);
    }
    let title = format!(
        "{}: {} against {}",
        setup.name, setup.sides[0].name, setup.sides[1].name
    );
    Ok(format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{t}</title>\n<style>body{{font-family:sans-serif;max-width:1000px;margin:1em auto;color:#222}}h2{{font-size:1.05em;border-bottom:1px solid #888}}li{{font-size:.9em}}.key span{{display:inline-block;width:1em;height:1em;border-radius:50%;vertical-align:middle;margin:0 .3em}}</style></head>\n<body><h1>{t}</h1>\n<p class=\"key\"><span style=\"background:{a}\"></span>A {an} <span style=\"background:{b}\"></span>B {bn}: each army in its zone with its MP.</p>\n{body}</body></html>\n",
        t = xml(&title),
        a = SIDE_COLOURS[0],
        b = SIDE_COLOURS[1],
        an = xml(&setup.sides[0].name),
        bn = xml(&setup.sides[1].name),
    ))
}

/// Whether `path` is an L5R battle's log.
pub fn is_log(path: &std::path::Path) -> bool {
    crate::runs::is_log(path, super::ID)
}

/// `buntai replay LOG` for an L5R battle: the battle file the log carries is read and checked,
/// the log checked against its rules, and the page drawn; a log that does not hold up is refused
/// with where and why (exit 1).
pub fn run(
    out: &crate::cli::output::Out,
    data: &super::data::Data,
    path: &std::path::Path,
    output: Option<&std::path::Path>,
    force: bool,
) -> u8 {
    crate::runs::replay::<Event>(out, path, output, force, |events, _title| {
        let Some(Event::Setup { file, .. }) = events.first() else {
            return Err("line 1: the log does not open with its setup".to_owned());
        };
        let source = crate::diag::SourceFile::new("the log's battle file", file.as_str());
        let verdict = super::battle::validate(data, &source);
        let setup = match (&verdict.parsed, verdict.legal()) {
            (Some(b), true) => super::setup::resolve(data, b),
            _ => None,
        }
        .ok_or_else(|| "line 1: the battle file it carries is not a legal battle".to_owned())?;
        page(&setup, events)
    })
}
