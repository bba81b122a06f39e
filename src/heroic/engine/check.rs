//! The log checker: replay a game's events and recheck every number from the rules and the log
//! alone. Positions run on from the set-up through every move; Distractions and Hits through
//! every shot, fight, duel and Regroup; each shot's modifiers and result, each fight's totals,
//! winner and Hits, each bout, each Morale Test and the final Reputation are worked out again.

use super::super::data::Data;
use super::super::rules::{self, Combatant, LeaderStats, Morale, Outcome, Shooter, ShotResult};
use super::event::{Event, Fighter};

/// What a checked log held.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Checked {
    pub turns: u32,
    pub moves: usize,
    pub shots: usize,
    pub fights: usize,
    pub duels: usize,
    pub morale_tests: usize,
    /// The table after the set-up and after every turn, as the rules put it.
    pub frames: Vec<Frame>,
}

/// One piece as a frame shows it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Snapshot {
    pub at: [f64; 2],
    pub distractions: u32,
    pub hits: u32,
    pub on: bool,
}

/// The table at the end of a turn (turn 0: the set-up) and the events that led to it.
#[derive(Debug, Clone, PartialEq)]
pub struct Frame {
    pub turn: u32,
    pub pieces: Vec<Snapshot>,
    pub morale: Vec<Morale>,
    pub deeds: [i64; 2],
    /// The indices of this turn's events in the log.
    pub events: std::ops::Range<usize>,
}

struct Piece {
    c: Combatant,
    side: usize,
    at: [f64; 2],
    move_mm: f64,
    on: bool,
    deed: f64,
}

fn bad(k: usize, what: String) -> String {
    format!("event {k}: {what}")
}

/// Recheck a whole game's events.
pub fn check(data: &Data, events: &[Event]) -> Result<Checked, String> {
    let Some(Event::Setup {
        pieces: set,
        contingents,
        ..
    }) = events.first()
    else {
        return Err("the log does not start with the set-up".to_owned());
    };
    let mut pieces = Vec::new();
    let mut prowess = Vec::new();
    for p in set {
        let c = if p.kind == "leader" {
            let s = contingents
                .get(p.contingent)
                .ok_or_else(|| format!("piece {} names no contingent", p.piece))?;
            prowess.push((p.piece, s.prowess));
            Combatant::leader(
                data,
                &LeaderStats {
                    mounted: s.mounted,
                    prowess: s.prowess,
                    charisma: s.charisma,
                    endurance: s.endurance,
                    reputation: s.reputation,
                },
            )
        } else {
            let e = data
                .element(&p.kind)
                .ok_or_else(|| format!("piece {}: no element type `{}`", p.piece, p.kind))?;
            Combatant::element(data, e)
        };
        if c.removed_at != p.removed_at {
            return Err(format!(
                "piece {}: removed at {} by the rules, {} in the log",
                p.piece, c.removed_at, p.removed_at
            ));
        }
        let deed = data
            .element(&p.kind)
            .and_then(|e| data.leaders.deed.iter().find(|d| d.id == e.deed))
            .map_or(0.0, |d| f64::from(d.points.value));
        pieces.push(Piece {
            c,
            side: p.side,
            at: p.at,
            move_mm: p.move_mm,
            on: true,
            deed,
        });
    }
    let defeated = data
        .leaders
        .deed
        .iter()
        .find(|d| d.id == "leader-defeated")
        .map_or(10.0, |d| f64::from(d.points.value));
    let push = f64::from(data.melee.push_back_cm.value) * 10.0;
    let mut morale = vec![Morale::Steady; contingents.len()];
    let mut deeds = [0.0f64; 2];
    let mut out = Checked::default();
    let mut start = 0usize;
    let frame = |pieces: &[Piece], morale: &[Morale], deeds: [f64; 2], turn, events| Frame {
        turn,
        pieces: pieces
            .iter()
            .map(|p| Snapshot {
                at: p.at,
                distractions: p.c.distractions,
                hits: p.c.hits,
                on: p.on,
            })
            .collect(),
        morale: morale.to_vec(),
        deeds: deeds.map(|d| d.round() as i64),
        events,
    };
    // A shooting step's results land together, after every shot is rolled (HS-20).
    let mut pending: Vec<(usize, usize, ShotResult)> = Vec::new();
    let hurt = |pieces: &mut Vec<Piece>, deeds: &mut [f64; 2], by: usize, t: usize, n: u32| {
        let p = &mut pieces[t];
        let was = p.c.removed();
        let taken = n.min(p.c.removed_at.saturating_sub(p.c.hits));
        p.c.hits += taken;
        deeds[by] += p.deed * f64::from(taken);
        // A leader is defeated once, however many of a step's shots land on him (HS-73).
        if p.c.leader && !was && p.c.removed() {
            deeds[by] += defeated;
        }
    };
    for (k, event) in events.iter().enumerate().skip(1) {
        if !matches!(event, Event::Shot { .. }) {
            for (shooter, t, r) in pending.drain(..) {
                let by = pieces[shooter].side;
                match r {
                    ShotResult::Nothing => {}
                    ShotResult::Distraction => pieces[t].c.distractions += 1,
                    ShotResult::Hit => {
                        if !pieces[t].c.leader {
                            pieces[t].c.distractions += 1;
                        }
                        hurt(&mut pieces, &mut deeds, by, t, 1);
                    }
                }
            }
        }
        let piece = |i: usize| -> Result<(), String> {
            match pieces.get(i) {
                Some(p) if p.on => Ok(()),
                Some(_) => Err(bad(k, format!("piece {i} is off the table"))),
                None => Err(bad(k, format!("no piece {i}"))),
            }
        };
        match event {
            Event::Setup { .. } => return Err(bad(k, "a second set-up".to_owned())),
            Event::Turn { turn } => {
                out.frames
                    .push(frame(&pieces, &morale, deeds, out.turns, start..k));
                start = k;
                out.turns = *turn;
            }
            Event::Declare { target, .. } => {
                if let Some(t) = target
                    && pieces.get(*t).is_none()
                {
                    return Err(bad(k, format!("the declared target {t} is no piece")));
                }
            }
            Event::Regroup { piece: p } => {
                piece(*p)?;
                let c = &mut pieces[*p].c;
                if c.distractions == 0 {
                    return Err(bad(
                        k,
                        format!("Regroup on piece {p}, which has no Distraction"),
                    ));
                }
                c.distractions -= 1;
            }
            Event::Dismount { piece: p, to } => {
                piece(*p)?;
                let e = data
                    .element(to)
                    .ok_or_else(|| bad(k, format!("no element type `{to}`")))?;
                let q = &mut pieces[*p];
                q.c = Combatant::element(data, e).with_counters(q.c.distractions, q.c.hits);
                q.move_mm = f64::from(e.move_cm.value) * 10.0;
            }
            Event::Move {
                piece: p,
                from,
                to,
                allowance_mm,
                crossing,
            } => {
                piece(*p)?;
                out.moves += 1;
                let q = &mut pieces[*p];
                if (q.at[0] - from[0]).abs() > 1e-6 || (q.at[1] - from[1]).abs() > 1e-6 {
                    return Err(bad(
                        k,
                        format!("piece {p} moves from {from:?} but stands at {:?}", q.at),
                    ));
                }
                let allowed = [q.move_mm, (q.move_mm / 2.0).floor(), push];
                if !allowed.iter().any(|a| (a - allowance_mm).abs() < 1e-6) {
                    return Err(bad(
                        k,
                        format!(
                            "piece {p}: allowance {allowance_mm} is not its move, half of it or a push-back"
                        ),
                    ));
                }
                let length = ((to[0] - from[0]).powi(2) + (to[1] - from[1]).powi(2)).sqrt();
                if !crossing && length > allowance_mm + 1e-6 {
                    return Err(bad(
                        k,
                        format!("piece {p} moves {length:.1} mm, more than its {allowance_mm} mm"),
                    ));
                }
                q.at = *to;
            }
            Event::Shot {
                shooter,
                target,
                weapon,
                band,
                archers,
                moved,
                distractions,
                hits,
                smoke,
                target_row,
                leader,
                roll,
                modifiers,
                result,
            } => {
                piece(*shooter)?;
                piece(*target)?;
                out.shots += 1;
                let s = &pieces[*shooter];
                if (s.c.distractions, s.c.hits) != (*distractions, *hits) {
                    return Err(bad(
                        k,
                        format!(
                            "the shooter's counters are {}D {}H, the log says {distractions}D {hits}H",
                            s.c.distractions, s.c.hits
                        ),
                    ));
                }
                if pieces[*target].side == s.side {
                    return Err(bad(k, "a shot at a friend".to_owned()));
                }
                let w = [&data.shooting.bow, &data.shooting.musket]
                    .into_iter()
                    .find(|w| &w.name == weapon)
                    .ok_or_else(|| bad(k, format!("no weapon `{weapon}`")))?;
                let shooter_state = Shooter {
                    archers: *archers,
                    moved: *moved,
                    distractions: *distractions,
                    hits: *hits,
                    smoke: *smoke,
                };
                let terms = rules::shot_terms(w, &shooter_state);
                if &terms != modifiers {
                    return Err(bad(
                        k,
                        format!("the shot's modifiers are {terms:?} by the rules"),
                    ));
                }
                if *moved && !w.may_fire_after_moving {
                    return Err(bad(k, "a musket fired after moving".to_owned()));
                }
                if *leader != pieces[*target].c.leader {
                    return Err(bad(
                        k,
                        "the target's kind does not match the set-up".to_owned(),
                    ));
                }
                let mut r = rules::shot_result(
                    w,
                    *target_row,
                    *band,
                    i32::from(*roll) + rules::sum(&terms),
                );
                if *leader {
                    r = rules::on_leader(data, r);
                }
                if r != *result {
                    return Err(bad(
                        k,
                        format!("the shot gives {r:?} by the rules, {result:?} in the log"),
                    ));
                }
                pending.push((*shooter, *target, r));
            }
            Event::Fight {
                a,
                b,
                rolls,
                a_total,
                b_total,
                outcome,
                margin,
                hits,
                hit,
            } => {
                out.fights += 1;
                let side = |fs: &[Fighter]| -> Result<Vec<Combatant>, String> {
                    fs.iter()
                        .map(|f| {
                            piece(f.piece)?;
                            let c = &pieces[f.piece].c;
                            if (c.distractions, c.hits) != (f.distractions, f.hits) {
                                return Err(bad(
                                    k,
                                    format!(
                                        "piece {}: {}D {}H, the log says {}D {}H",
                                        f.piece, c.distractions, c.hits, f.distractions, f.hits
                                    ),
                                ));
                            }
                            Ok(c.clone())
                        })
                        .collect()
                };
                let (ca, cb) = (side(a)?, side(b)?);
                let ta = rules::sum(&rules::side_terms(data, &ca, cb.len())) + i32::from(rolls[0]);
                let tb = rules::sum(&rules::side_terms(data, &cb, ca.len())) + i32::from(rolls[1]);
                if (ta, tb) != (*a_total, *b_total) {
                    return Err(bad(k, format!("the totals are {ta} and {tb} by the rules")));
                }
                let want = match ta.cmp(&tb) {
                    std::cmp::Ordering::Greater => Outcome::A,
                    std::cmp::Ordering::Less => Outcome::B,
                    std::cmp::Ordering::Equal => Outcome::Draw,
                };
                if want != *outcome || (ta - tb).abs() != *margin {
                    return Err(bad(
                        k,
                        "the winner or the margin does not follow from the totals".to_owned(),
                    ));
                }
                let d_draw = u32::try_from(data.melee.draw_distractions.value).unwrap_or(0);
                let d_loss = u32::try_from(data.melee.loss_distractions.value).unwrap_or(0);
                let (losers, by) = match want {
                    Outcome::Draw => {
                        for f in a.iter().chain(b) {
                            pieces[f.piece].c.distractions += d_draw;
                        }
                        continue;
                    }
                    Outcome::A => (b, 0),
                    Outcome::B => (a, 1),
                };
                for f in losers {
                    pieces[f.piece].c.distractions += d_loss;
                }
                match hit {
                    Some(t) => {
                        if !losers.iter().any(|f| f.piece == *t) {
                            return Err(bad(
                                k,
                                format!("piece {t} took the Hits but did not lose"),
                            ));
                        }
                        let h = rules::hits_for(data, *margin, pieces[*t].c.tier);
                        if h != *hits || h == 0 {
                            return Err(bad(
                                k,
                                format!("a win by {margin} scores {h} Hits on piece {t}"),
                            ));
                        }
                        let by_side = pieces[a.first().or(b.first()).map_or(0, |f| f.piece)].side;
                        let by_side = if by == 0 { by_side } else { 1 - by_side };
                        hurt(&mut pieces, &mut deeds, by_side, *t, h);
                    }
                    None => {
                        if losers.iter().any(|f| {
                            rules::hits_for(data, *margin, pieces[f.piece].c.tier) > 0 && *hits > 0
                        }) {
                            return Err(bad(k, "Hits scored but no loser took them".to_owned()));
                        }
                    }
                }
            }
            Event::Duel {
                a,
                b,
                intentions,
                fought,
                throws_a,
                throws_b,
                prowess: pw,
                hit,
            } => {
                piece(*a)?;
                piece(*b)?;
                out.duels += 1;
                if rules::round_fought(intentions[0], intentions[1]) != *fought {
                    return Err(bad(
                        k,
                        "the intentions decide whether a round is fought".to_owned(),
                    ));
                }
                if !fought {
                    continue;
                }
                let own = |p: usize| prowess.iter().find(|(q, _)| *q == p).and_then(|(_, x)| *x);
                if [own(*a), own(*b)] != *pw {
                    return Err(bad(k, "the Prowess does not match the set-up".to_owned()));
                }
                let won = rules::bout(throws_a, throws_b, (pw[0], pw[1]));
                let scored = rules::bout_hit(won, intentions[0], intentions[1]);
                if scored != *hit {
                    return Err(bad(
                        k,
                        format!("the throws give {scored:?}, the log {hit:?}"),
                    ));
                }
                let hits =
                    u32::try_from(data.leaders.personal_combat.hits_to_winner.value).unwrap_or(1);
                match scored {
                    Outcome::A => {
                        let by = pieces[*a].side;
                        hurt(&mut pieces, &mut deeds, by, *b, hits);
                    }
                    Outcome::B => {
                        let by = pieces[*b].side;
                        hurt(&mut pieces, &mut deeds, by, *a, hits);
                    }
                    Outcome::Draw => {}
                }
            }
            Event::Morale {
                contingent,
                roll,
                modifiers,
                score,
                before,
                after,
                ..
            } => {
                out.morale_tests += 1;
                let state = morale
                    .get_mut(*contingent)
                    .ok_or_else(|| bad(k, format!("no contingent {contingent}")))?;
                if state != before {
                    return Err(bad(
                        k,
                        format!("the contingent was {state:?}, the log says {before:?}"),
                    ));
                }
                let s = i32::from(*roll) + rules::sum(modifiers);
                if s != *score || rules::morale_state(data, s, *before) != *after {
                    return Err(bad(
                        k,
                        format!("a score of {s} from {before:?} does not give {after:?}"),
                    ));
                }
                *state = *after;
            }
            Event::Off { piece: p, why } => {
                piece(*p)?;
                let c = &pieces[*p].c;
                if why != "ran" && !c.removed() {
                    return Err(bad(
                        k,
                        format!(
                            "piece {p} is {why} with {} of {} Hits",
                            c.hits, c.removed_at
                        ),
                    ));
                }
                pieces[*p].on = false;
            }
            Event::End { deeds: logged, .. } => {
                let want = [deeds[0].round() as i64, deeds[1].round() as i64];
                if want != *logged {
                    return Err(bad(
                        k,
                        format!("the Reputation is {want:?} by the Hits, {logged:?} in the log"),
                    ));
                }
                for (i, p) in pieces.iter().enumerate() {
                    if p.on && p.c.removed() {
                        return Err(bad(k, format!("piece {i} stands with {} Hits", p.c.hits)));
                    }
                }
                out.frames
                    .push(frame(&pieces, &morale, deeds, out.turns, start..k + 1));
                return Ok(out);
            }
        }
    }
    Err("the log ends before the game does".to_owned())
}
