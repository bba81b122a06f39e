//! A battle's log checked against the rules from the log and the battle alone: every roll's
//! success against its TN and raises, every Battle roll's pools from the balanced bonuses, its
//! effective totals and its result, every loss against the MP left, every push along the map,
//! every Attrition's wounds after Reduction, and the end's MP lost. Used by the tests over many
//! battles; the first number that does not hold is reported with its line.

use super::dice::Pool;
use super::event::Event;
use super::setup::Setup;

/// What the checker tracks of one side while it reads.
#[derive(Debug, Clone)]
struct Side {
    zone: Option<usize>,
    mp: i32,
    captives: i32,
    /// The Battle roll's pool: the General's, or a stand-in's after he stepped up.
    pool: Pool,
    /// k0 taken off after balancing on the next Battle roll (a new General's −5k0).
    post: i32,
    /// The round of a panicked retreat: its −5k0 lasts that round only.
    fleeing: Option<u32>,
}

/// Check a battle's log; `Err` names the first line (1-based) that breaks a rule.
pub fn check(setup: &Setup, events: &[Event]) -> Result<(), String> {
    let fail = |line: usize, what: String| Err(format!("line {}: {what}", line + 1));
    let mut sides = [0, 1].map(|s| Side {
        zone: Some(setup.start),
        mp: setup.sides[s].mp(),
        captives: 0,
        pool: setup.sides[s].battle,
        post: 0,
        fleeing: None,
    });
    if !matches!(events.first(), Some(Event::Setup { .. })) {
        return fail(0, "the log does not open with its setup".into());
    }
    if !matches!(events.last(), Some(Event::End { .. })) {
        return fail(
            events.len().saturating_sub(1),
            "the log does not close with its end".into(),
        );
    }
    let step = setup.n.raise;
    for (line, e) in events.iter().enumerate() {
        match e {
            Event::Setup { mp, start, .. } => {
                if *start != setup.start || *mp != [sides[0].mp, sides[1].mp] {
                    return fail(line, "the setup is not this battle's".into());
                }
            }
            Event::Roll {
                total,
                tn,
                raises,
                success,
                side,
                ..
            } => {
                if *total < 0 {
                    return fail(line, format!("a total of {total}"));
                }
                if let (Some(tn), Some(ok)) = (tn, success) {
                    let meets = *total >= tn + step * *raises as i32;
                    if meets != *ok && !setup.margin_raises {
                        return fail(
                            line,
                            format!(
                                "{total} against TN {tn} with {raises} raises is logged as {ok}"
                            ),
                        );
                    }
                }
                let _ = side;
            }
            Event::Orders { .. } => {}
            Event::Battle {
                round,
                gathered,
                pools,
                raises,
                totals,
                effective,
                result,
                ..
            } => {
                let net = gathered[0] - gathered[1];
                let bonus = [net.max(0), (-net).max(0)];
                for s in 0..2 {
                    let mut dice = bonus[s] - std::mem::take(&mut sides[s].post);
                    if sides[s].fleeing == Some(*round) {
                        dice -= setup.n.panicked;
                    }
                    let want = sides[s].pool.plus_rolled(dice).ten_dice().to_string();
                    if pools[s] != want {
                        return fail(
                            line,
                            format!(
                                "side {s} rolled {} where the balance gives {want}",
                                pools[s]
                            ),
                        );
                    }
                    let eff = totals[s]
                        - step * raises[s] as i32
                        - setup.n.captive_tn * sides[s].captives;
                    if effective[s] != eff {
                        return fail(
                            line,
                            format!("side {s}'s effective total {} is not {eff}", effective[s]),
                        );
                    }
                }
                let margin = effective[0] - effective[1];
                let expected = if margin > setup.n.tie_within {
                    "A wins"
                } else if -margin > setup.n.tie_within {
                    "B wins"
                } else {
                    "tie"
                };
                if result != expected {
                    return fail(line, format!("{result} where the totals give {expected}"));
                }
            }
            Event::Loss {
                side, mp, mp_left, ..
            } => {
                sides[*side].mp -= mp;
                if sides[*side].mp != *mp_left || *mp_left < 0 {
                    return fail(
                        line,
                        format!(
                            "{mp_left} MP left where the losses leave {}",
                            sides[*side].mp
                        ),
                    );
                }
            }
            Event::Move {
                side,
                from,
                to,
                why,
                ..
            } => {
                if sides[*side].zone != Some(*from) {
                    return fail(
                        line,
                        format!(
                            "side {side} moves from zone {from} but stands in {:?}",
                            sides[*side].zone
                        ),
                    );
                }
                let ok = match why.as_str() {
                    "pushed back" => *to == setup.zones[*from].rear[*side],
                    "follows" => *to == sides[1 - side].zone,
                    _ => to.is_some_and(|t| {
                        setup.zones[*from].rear[1 - side] == Some(t)
                            || sides[1 - side].zone == Some(t)
                    }),
                };
                if !ok {
                    return fail(
                        line,
                        format!("side {side} cannot go from {from} to {to:?} ({why})"),
                    );
                }
                sides[*side].zone = *to;
            }
            Event::Attrition {
                side,
                officer,
                total,
                wounds,
                fate,
                ..
            } => {
                let Some(o) = setup.sides[*side]
                    .officers
                    .iter()
                    .find(|o| &o.name == officer)
                else {
                    return fail(line, format!("no officer {officer}"));
                };
                if *wounds != (total - o.body.reduction).max(0) {
                    return fail(
                        line,
                        format!(
                            "{total} less Reduction {} is not {wounds} wounds",
                            o.body.reduction
                        ),
                    );
                }
                if fate == "Crippled: captured" {
                    sides[1 - side].captives += 1;
                }
            }
            Event::Note {
                round,
                side: Some(s),
                text,
            } => {
                if text.starts_with("captures ") {
                    sides[*s].captives += 1;
                } else if text.starts_with("recovers ") {
                    sides[1 - s].captives -= 1;
                } else if text.starts_with("disposes of") {
                    sides[*s].captives = 0;
                } else if let Some(mp) = super::event::returned_mp(text) {
                    sides[*s].mp += mp;
                } else if text.contains("steps up as General") {
                    let name = text.split(" steps up").next().unwrap_or_default();
                    if let Some(o) = setup.sides[*s].officers.iter().find(|o| o.name == name) {
                        sides[*s].pool = o.step_up;
                    }
                    sides[*s].post = setup.n.new_general;
                } else if text.starts_with("a panicked retreat") {
                    sides[*s].fleeing = Some(*round);
                }
            }
            Event::End { mp_lost, .. } => {
                for s in 0..2 {
                    let lost = setup.sides[s].mp() - sides[s].mp;
                    if mp_lost[s] != lost {
                        return fail(
                            line,
                            format!(
                                "side {s} lost {} MP where the log removes {lost}",
                                mp_lost[s]
                            ),
                        );
                    }
                }
            }
            Event::Contest { .. } | Event::Buy { .. } | Event::Note { side: None, .. } => {}
        }
    }
    Ok(())
}
