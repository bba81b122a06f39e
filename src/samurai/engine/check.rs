//! The log checker: from a game's events alone (its `setup` gives the table and the armies),
//! replay every action through the rules and recheck every number: each D3 against its d6, each
//! modifier, hit and total, each move's length and path, each shot's arc, range and sight, the
//! bag (its dice, one odd die, no unit activated twice), eliminations, the Daimyo's loss, the
//! Command Post and the result. A log that does not hold up says where and why.

use super::dice::Dice;
use super::event::{AttackKind, Event, How, Log};
use super::game::{bag, begin_turn, issue_challenge, messenger_allows};
use super::rules::{Recruit, Rules, effect};
use super::state::{Act, Game, NONE, Owner, facing_of, parse, side_letter};
use crate::samurai::data::Data;

/// The table at the end of one player turn, with that turn's events.
#[derive(Debug, Clone)]
pub struct Frame {
    /// 0 for the set-up.
    pub player_turn: u16,
    pub side: Option<char>,
    pub game: Game,
    pub events: Vec<Event>,
}

/// A log that held up.
#[derive(Debug, Clone)]
pub struct Checked {
    pub rules: Rules,
    pub names: Vec<String>,
    pub frames: Vec<Frame>,
    /// Actions replayed and rolls rechecked.
    pub actions: usize,
    pub rolls: usize,
}

/// Dice read back from the log; a log that runs short gives 1s and fails its comparison.
struct Logged {
    d6: Vec<u8>,
    next: usize,
}

impl Dice for Logged {
    fn d6(&mut self) -> u8 {
        let d = self.d6.get(self.next).copied().unwrap_or(1);
        self.next += 1;
        d
    }

    fn pick(&mut self, _: usize) -> usize {
        0
    }
}

/// The owners' answers, read from the action's own events.
struct Answers<'a>(&'a [Event]);

impl Owner for Answers<'_> {
    fn turn_to_face(&mut self, _: &Game, _: &Rules, unit: u8, _: u8) -> bool {
        self.0
            .iter()
            .any(|e| matches!(e, Event::TurnToFace { unit: u, .. } if *u == unit))
    }

    fn post_loss(&mut self, _: &Game, _: &Rules, _: u8) -> u8 {
        self.0
            .iter()
            .find_map(|e| match e {
                Event::PostTaken { removed, .. } => Some(*removed),
                _ => None,
            })
            .unwrap_or(NONE)
    }
}

fn at(i: usize, why: impl std::fmt::Display) -> String {
    format!("event {}: {why}", i + 1)
}

/// Rebuild the table and the armies from the `setup` event.
fn setup(data: &Data, event: &Event) -> Result<(Rules, Game, Vec<String>), String> {
    let Event::Setup {
        system,
        scenario,
        map,
        roads,
        posts,
        units,
        player_turns,
        ..
    } = event
    else {
        return Err(at(0, "a log begins with its `setup`"));
    };
    if system != crate::samurai::ID {
        return Err(at(0, format!("`{system}` is not this system's log")));
    }
    let s = data
        .scenario(scenario)
        .ok_or_else(|| at(0, format!("no scenario `{scenario}`")))?;
    let rules = Rules::new(data, s).map_err(|e| at(0, e))?;
    if *player_turns != rules.player_turns {
        return Err(at(0, "the game length is not the scenario's (OHW-01)"));
    }
    let mut game = Game::new(&rules);
    if map.len() != 6 || map.iter().any(|r| r.chars().count() != 6) {
        return Err(at(0, "the map is six rows of six letters"));
    }
    for (r, line) in map.iter().rev().enumerate() {
        for (c, letter) in line.chars().enumerate() {
            let g = rules
                .grounds
                .iter()
                .position(|g| g.letter == letter)
                .ok_or_else(|| at(0, format!("no terrain lettered `{letter}`")))?;
            game.ground[r * 6 + c] = g as u8;
        }
    }
    for road in roads {
        let sq = parse(road).ok_or_else(|| at(0, format!("`{road}` is no square")))?;
        game.road |= 1 << sq;
    }
    for (side, post) in posts.iter().enumerate() {
        game.post[side] = parse(post).ok_or_else(|| at(0, format!("`{post}` is no square")))?;
    }
    if units.len() > super::state::MAX_UNITS {
        return Err(at(0, "too many units"));
    }
    let mut names = Vec::new();
    for (i, u) in units.iter().enumerate() {
        let kind = rules
            .kinds
            .iter()
            .position(|k| k.id == u.kind)
            .ok_or_else(|| at(0, format!("no unit type `{}`", u.kind)))?;
        let recruit = Recruit {
            kind: kind as u8,
            name: u.name.clone(),
            hatamoto: u.hatamoto,
            addition: match &u.addition {
                Some(a) => Some(effect(data, a).map_err(|e| at(0, e))?),
                None => None,
            },
            addition_id: u.addition.clone(),
            reserve: u.reserve_due.is_some(),
        };
        let side = u8::from(u.side == "B");
        if let Some(due) = u.reserve_due {
            let ruled = rules.reserves[usize::from(side)];
            if usize::from(u.id) != i || u.square != "-" || ruled.is_none_or(|r| r.due != due) {
                return Err(at(0, format!("unit {i} is not a reserve as OHW-33 has it")));
            }
            game.hold(&rules, side, &recruit, due);
            names.push(u.name.clone());
            continue;
        }
        let sq = parse(&u.square).ok_or_else(|| at(0, format!("`{}` is no square", u.square)))?;
        let facing = facing_of(u.facing).ok_or_else(|| at(0, "a facing is N, E, S or W"))?;
        if usize::from(u.id) != i || game.at(sq).is_some() {
            return Err(at(0, format!("unit {i} is numbered or placed wrongly")));
        }
        let rows = super::game::rows(&rules, side);
        if !rows.contains(&(sq / 6)) || facing != if side == 0 { 0 } else { 2 } {
            return Err(at(0, format!("unit {i} is not deployed as OHW-49 has it")));
        }
        game.place(&rules, side, &recruit, sq, facing);
        if game.unit(i as u8).threshold != u.eliminated_at {
            return Err(at(
                0,
                format!("unit {i} is eliminated at the wrong number of hits"),
            ));
        }
        names.push(u.name.clone());
    }
    Ok((rules, game, names))
}

/// The action an event begins, if it begins one.
fn action(event: &Event) -> Option<(Act, How)> {
    match event {
        Event::Move {
            unit,
            to,
            facing,
            how,
            ..
        } => Some((
            Act::Move {
                unit: *unit,
                to: parse(to)?,
                facing: facing_of(*facing)?,
            },
            *how,
        )),
        Event::Enter { unit, .. } => Some((Act::Enter { unit: *unit }, How::Activation)),
        Event::Charge {
            unit,
            to,
            target,
            how,
            ..
        } => Some((
            Act::Charge {
                unit: *unit,
                to: parse(to)?,
                target: target.unwrap_or(NONE),
            },
            *how,
        )),
        Event::Attack {
            unit,
            target,
            kind,
            how,
            ..
        } => Some((
            match kind {
                AttackKind::Shot => Act::Shoot {
                    unit: *unit,
                    target: *target,
                },
                AttackKind::Combat => Act::Fight {
                    unit: *unit,
                    target: *target,
                },
            },
            *how,
        )),
        _ => None,
    }
}

/// The rule's own arithmetic on one logged roll: D3 = ⌈d6/2⌉, hits = the modifiers' sum added
/// (never below 0), halved rounding up when halved.
fn arithmetic(i: usize, e: &Event) -> Result<usize, String> {
    match e {
        Event::Attack {
            d6,
            d3,
            parts,
            halved,
            doubled,
            hits,
            ..
        } => {
            if !(1..=6).contains(d6) || *d3 != d6.div_ceil(2) {
                return Err(at(i, format!("a d6 of {d6} is a D3 of {}", d6.div_ceil(2))));
            }
            let mut h = (i32::from(*d3) + parts.iter().map(|p| p.value).sum::<i32>()).max(0);
            if *doubled {
                h *= 2;
            }
            if *halved {
                h = (h + 1) / 2;
            }
            if h != i32::from(*hits) {
                return Err(at(i, format!("the roll scores {h} hits, not {hits}")));
            }
            Ok(1)
        }
        Event::DaimyoLost { rolls, .. } => {
            for r in rolls {
                if r.d3 != r.d6.div_ceil(2) || r.hits != r.d3 {
                    return Err(at(
                        i,
                        "each unit takes one D3 when the Daimyo falls (OHW-08)",
                    ));
                }
            }
            Ok(rolls.len())
        }
        _ => Ok(0),
    }
}

fn is_boundary(e: &Event) -> bool {
    matches!(
        e,
        Event::Draw { .. } | Event::Stop { .. } | Event::Turn { .. } | Event::End { .. }
    )
}

/// Replay one action from event `p`; returns the index after its events.
fn replay_action(
    rules: &Rules,
    game: &mut Game,
    events: &[Event],
    p: usize,
    expect: How,
) -> Result<(usize, usize), String> {
    let (act, how) = action(&events[p]).ok_or_else(|| at(p, "an action was due here"))?;
    if how != expect {
        return Err(at(
            p,
            format!("a {expect:?} was due, the log has a {how:?}"),
        ));
    }
    if usize::from(act.unit()) >= usize::from(game.count) {
        return Err(at(p, "no such unit"));
    }
    let q = (p + 1..events.len())
        .find(|&i| is_boundary(&events[i]))
        .unwrap_or(events.len());
    let slice = &events[p..q];
    let mut rolls = 0;
    let mut d6 = Vec::new();
    for (k, e) in slice.iter().enumerate() {
        rolls += arithmetic(p + k, e)?;
        match e {
            Event::Attack { d6: d, .. } => d6.push(*d),
            Event::DaimyoLost { rolls, .. } => d6.extend(rolls.iter().map(|r| r.d6)),
            _ => {}
        }
    }
    let mut dice = Logged { d6, next: 0 };
    let (mut a, mut b) = (Answers(slice), Answers(slice));
    let mut owners: [&mut dyn Owner; 2] = [&mut a, &mut b];
    let mut log = Log::recording();
    if !game.apply(rules, act, how, &mut dice, &mut owners, &mut log) {
        return Err(at(
            p,
            format!("{act:?} is not an action the rules allow there"),
        ));
    }
    if log.events.as_slice() != slice {
        let k = log
            .events
            .iter()
            .zip(slice)
            .position(|(x, y)| x != y)
            .unwrap_or(log.events.len().min(slice.len()));
        return Err(at(
            p + k,
            format!(
                "the rules give {:?}, the log has {:?}",
                log.events.get(k),
                slice.get(k)
            ),
        ));
    }
    Ok((q, rolls))
}

/// Check a whole log.
pub fn check(data: &Data, events: &[Event]) -> Result<Checked, String> {
    let first = events.first().ok_or("the log is empty")?;
    let (rules, mut game, names) = setup(data, first)?;
    let mut frames = vec![Frame {
        player_turn: 0,
        side: None,
        game: game.clone(),
        events: vec![first.clone()],
    }];
    let mut i = 1;
    match events.get(i) {
        Some(Event::First {
            rolls,
            chooser,
            first,
        }) => {
            let last = rolls.last();
            let ties_ok = rolls.iter().rev().skip(1).all(|r| r[0] == r[1]);
            let winner = last.map(|r| side_letter(u8::from(r[1] > r[0])));
            if !ties_ok || last.is_some_and(|r| r[0] == r[1]) || winner != *chooser {
                return Err(at(
                    i,
                    "the roll-off re-rolls ties and the higher roll chooses (OHW-02)",
                ));
            }
            game.first = u8::from(*first == 'B');
        }
        _ => return Err(at(i, "the first player was due here (OHW-02)")),
    }
    i += 1;
    let (mut actions, mut rolls) = (0, 0);
    loop {
        let start = i;
        let Some(e) = events.get(i) else {
            return Err("the log ends without its `end`".to_owned());
        };
        if let Event::End {
            winner,
            points,
            player_turns,
            ..
        } = e
        {
            let wiped = (0..2).find(|&s| game.remaining(s) == 0);
            let expected = match wiped {
                Some(s) => Some(side_letter(1 - s)),
                None => match game.points[0].cmp(&game.points[1]) {
                    std::cmp::Ordering::Greater => Some('A'),
                    std::cmp::Ordering::Less => Some('B'),
                    std::cmp::Ordering::Equal => None,
                },
            };
            if *points != game.points || *winner != expected || *player_turns != game.player_turn {
                return Err(at(i, "the result is not what the game came to (OHW-30)"));
            }
            if wiped.is_none() && game.player_turn != rules.player_turns {
                return Err(at(
                    i,
                    "the game ended before its last turn with both sides on the table",
                ));
            }
            return Ok(Checked {
                rules,
                names,
                frames,
                actions,
                rolls,
            });
        }
        if game.player_turn >= rules.player_turns {
            return Err(at(i, "a turn after the last (OHW-01)"));
        }
        let side = begin_turn(&mut game);
        if let Some(Event::Challenge {
            unit,
            target,
            until,
        }) = events.get(i)
        {
            if !issue_challenge(&mut game, *unit, *target, &mut Log::off())
                || *until != game.player_turn + 1
            {
                return Err(at(i, "a challenge the rules do not allow (OHW-20)"));
            }
            i += 1;
        }
        if let Some(Event::Move {
            how: How::Messenger,
            ..
        }) = events.get(i)
        {
            let carrier = game
                .alive(side)
                .find(|(_, u)| u.messenger && !u.challenged())
                .map(|(c, _)| c)
                .ok_or_else(|| at(i, "a messenger's move with no Tsukai-Ban left (OHW-19)"))?;
            if let Some((act, _)) = action(&events[i])
                && !messenger_allows(&game, &rules, side, act)
            {
                return Err(at(
                    i,
                    "a Tsukai-Ban gives a normal move out of contact (OHW-19)",
                ));
            }
            game.units[usize::from(carrier)].messenger = false;
            let (q, r) = replay_action(&rules, &mut game, events, i, How::Messenger)?;
            i = q;
            rolls += r;
            actions += 1;
        }
        match events.get(i) {
            Some(Event::Turn {
                player_turn,
                game_turn,
                side: s,
                dice,
            }) if *player_turn == game.player_turn
                && *game_turn == player_turn.div_ceil(2)
                && *s == side_letter(side)
                && *dice == bag(&game, side) => {}
            _ => {
                return Err(at(
                    i,
                    "the turn's start, with its bag of one die a unit (OHW-04)",
                ));
            }
        }
        i += 1;
        let dice = bag(&game, side);
        let (mut commons, mut odd) = (0u8, 0u8);
        loop {
            match events.get(i) {
                Some(Event::Draw { odd: true }) => {
                    odd += 1;
                    if odd > 1 {
                        return Err(at(i, "a second odd die in one turn (OHW-04)"));
                    }
                    i += 1;
                    if events.get(i).and_then(action).is_some() {
                        let unit = action(&events[i]).map_or(NONE, |(a, _)| a.unit());
                        if game.unit(unit.min(15)).side == side
                            || matches!(action(&events[i]), Some((Act::Enter { .. }, _)))
                        {
                            return Err(at(i, "the reaction is the other player's (OHW-06)"));
                        }
                        let (q, r) = replay_action(&rules, &mut game, events, i, How::Reaction)?;
                        i = q;
                        rolls += r;
                        actions += 1;
                    }
                }
                Some(Event::Draw { odd: false }) => {
                    commons += 1;
                    i += 1;
                    let unit = events
                        .get(i)
                        .and_then(action)
                        .map(|(a, _)| a.unit())
                        .ok_or_else(|| at(i, "a common die's activation was due"))?;
                    if usize::from(unit) >= usize::from(game.count) {
                        return Err(at(i, "no such unit"));
                    }
                    let u = game.unit(unit);
                    if u.side != side || u.activated {
                        return Err(at(
                            i,
                            "a unit of the active player not yet activated (OHW-04)",
                        ));
                    }
                    let (q, r) = replay_action(&rules, &mut game, events, i, How::Activation)?;
                    i = q;
                    rolls += r;
                    actions += 1;
                }
                Some(Event::Stop { side: s, activated }) => {
                    if *s != side_letter(side) || *activated != commons {
                        return Err(at(i, "the turn's activations do not add up"));
                    }
                    i += 1;
                    break;
                }
                _ => return Err(at(i, "a die from the bag or the turn's stop was due")),
            }
            if commons > dice {
                return Err(at(i, "more activations than common dice"));
            }
        }
        frames.push(Frame {
            player_turn: game.player_turn,
            side: Some(side_letter(side)),
            game: game.clone(),
            events: events[start..i].to_vec(),
        });
    }
}
