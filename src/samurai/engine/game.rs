//! A whole game: random terrain (OHW-32), deployment (OHW-49), the first player (OHW-02), then
//! player turns of the bag with its one reaction (§3, OHW-04, OHW-06) until the last turn
//! (OHW-01) or until a side has no units left (OHW-30).

use super::dice::Dice;
use super::event::{Event, How, Log, UnitSetup};
use super::rules::{Effect, Recruit, Rules};
use super::state::{
    Act, Game, NONE, Outcome, Owner, SIDE, facing_letter, name, side_letter, square, within,
};

/// Who decides for a side: everything the rules leave to a player.
pub trait Policy: Owner {
    /// Squares for each recruit, in order, and the Command Post's square (OHW-49).
    fn deploy(&mut self, game: &Game, rules: &Rules, side: u8, recruits: &[Recruit]) -> Deployment;
    /// Having won the roll-off: move first? (OHW-02)
    fn move_first(&mut self, game: &Game, rules: &Rules, side: u8) -> bool;
    /// At the start of the turn: issue a Personal Challenge (the carrier, the target)? (OHW-20)
    fn challenge(&mut self, game: &Game, rules: &Rules, side: u8) -> Option<(u8, u8)>;
    /// At the start of the turn: play a Tsukai-Ban, a free normal move? (OHW-19)
    fn messenger(&mut self, game: &Game, rules: &Rules, side: u8) -> Option<Act>;
    /// The next activation, or `None` to stop drawing (OHW-04).
    fn activate(&mut self, game: &Game, rules: &Rules, side: u8) -> Option<Act>;
    /// The odd die came out: the one reaction, or `None` to let it pass (OHW-06).
    fn react(&mut self, game: &Game, rules: &Rules, side: u8) -> Option<Act>;
}

/// Where a side sets up.
#[derive(Debug, Clone, Default)]
pub struct Deployment {
    pub squares: Vec<u8>,
    pub post: u8,
}

/// Who moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum First {
    A,
    B,
    /// The roll-off of OHW-02.
    Roll,
}

/// Lay out the terrain (OHW-32): d3 + N features on random empty squares of the feature rows,
/// each a d6 on the table; a road runs the whole column of its square, over open ground and
/// towns only (OHW-50). Returns the d6s rolled.
pub fn terrain(game: &mut Game, rules: &Rules, dice: &mut impl Dice) -> Vec<u8> {
    let mut rolls = Vec::new();
    let d6 = dice.d6();
    rolls.push(d6);
    let features = d6.div_ceil(2) + rules.features_plus;
    let [lo, hi] = rules.feature_rows;
    for _ in 0..features {
        let mut empty = [0u8; 36];
        let mut n = 0;
        for r in lo..=hi {
            for c in 0..SIDE {
                if let Some(sq) = square(c, i32::from(r))
                    && game.ground[usize::from(sq)] == rules.open
                    && !game.is_road(sq)
                {
                    empty[n] = sq;
                    n += 1;
                }
            }
        }
        if n == 0 {
            break;
        }
        let sq = empty[dice.pick(n)];
        let face = dice.d6();
        rolls.push(face);
        match rules.feature_table[usize::from(face - 1)] {
            Some(ground) => game.ground[usize::from(sq)] = ground,
            None => {
                for r in 0..SIDE {
                    if let Some(s) = square(super::state::col(sq), r) {
                        let g = &rules.grounds[usize::from(game.ground[usize::from(s)])];
                        if g.id == "open" || g.id == "town" || g.crossing {
                            game.road |= 1 << s;
                        }
                    }
                }
            }
        }
    }
    rolls
}

/// The deployment rows of a side, its home row first (the one at its own edge).
pub fn rows(rules: &Rules, side: u8) -> [u8; 2] {
    let [a, b] = rules.rows[usize::from(side)];
    if (side == 0) == (a <= b) {
        [a, b]
    } else {
        [b, a]
    }
}

/// Whether a deployment keeps OHW-49: every unit in its rows on a square it may stand on, one a
/// square, the Command Post on the home row on a square no unit holds.
pub fn deployment_ok(
    game: &Game,
    rules: &Rules,
    side: u8,
    recruits: &[Recruit],
    d: &Deployment,
) -> bool {
    let rows = rows(rules, side);
    let in_rows = |sq: u8| rows.contains(&(sq / 6));
    if d.squares.len() != recruits.len() || d.post as usize >= 36 || d.post / 6 != rows[0] {
        return false;
    }
    let mut used = 0u64;
    for (&sq, r) in d.squares.iter().zip(recruits) {
        if sq as usize >= 36
            || !in_rows(sq)
            || used >> sq & 1 == 1
            || sq == d.post
            || !game.can_enter(rules, r.kind, side, sq)
            || !game.can_end(rules, r.kind, sq)
        {
            return false;
        }
        used |= 1 << sq;
    }
    rules.grounds[usize::from(game.ground[usize::from(d.post)])].no_entry != u8::MAX
}

/// A deployment that always keeps OHW-49 where one exists: the front row from the middle out,
/// then the home row, the Command Post on the first home-row square left.
pub fn fallback_deployment(
    game: &Game,
    rules: &Rules,
    side: u8,
    recruits: &[Recruit],
) -> Deployment {
    let rows = rows(rules, side);
    let order = [2, 3, 1, 4, 0, 5];
    let mut used = 0u64;
    let post = order
        .iter()
        .filter_map(|&c| square(c, i32::from(rows[0])))
        .find(|&sq| rules.grounds[usize::from(game.ground[usize::from(sq)])].no_entry != u8::MAX)
        .unwrap_or(rows[0] * 6);
    used |= 1 << post;
    let mut squares = Vec::new();
    for r in recruits {
        let sq = [rows[1], rows[0]]
            .iter()
            .flat_map(|&row| order.iter().filter_map(move |&c| square(c, i32::from(row))))
            .find(|&sq| {
                used >> sq & 1 == 0
                    && game.can_enter(rules, r.kind, side, sq)
                    && game.can_end(rules, r.kind, sq)
            })
            .unwrap_or(NONE);
        if sq != NONE {
            used |= 1 << sq;
        }
        squares.push(sq);
    }
    Deployment { squares, post }
}

/// Every setting of one game.
pub struct Setup<'a> {
    pub rules: &'a Rules,
    pub armies: [&'a [Recruit]; 2],
    pub first: First,
    pub seed: u64,
    pub game: u64,
}

/// Play one game to its end.
pub fn play(
    setup: &Setup<'_>,
    dice: &mut impl Dice,
    policies: [&mut dyn Policy; 2],
    log: &mut Log,
) -> Outcome {
    let rules = setup.rules;
    let [p0, p1] = policies;
    let mut policies: [&mut dyn Policy; 2] = [p0, p1];
    let mut game = Game::new(rules);
    let terrain_rolls = terrain(&mut game, rules, dice);
    let mut names: Vec<(u8, &Recruit)> = Vec::new();
    for side in 0..2u8 {
        let army = setup.armies[usize::from(side)];
        let reserve = rules.reserves[usize::from(side)];
        let held = held_back(army, reserve.map_or(0, |r| r.units));
        let recruits: Vec<Recruit> = army
            .iter()
            .zip(&held)
            .filter(|(_, h)| !**h)
            .map(|(r, _)| r.clone())
            .collect();
        let mut d = policies[usize::from(side)].deploy(&game, rules, side, &recruits);
        if !deployment_ok(&game, rules, side, &recruits, &d) {
            d = fallback_deployment(&game, rules, side, &recruits);
        }
        game.post[usize::from(side)] = d.post;
        let facing = if side == 0 { 0 } else { 2 };
        let on_table = army.iter().zip(&held).filter(|(_, h)| !**h);
        for (&sq, (r, _)) in d.squares.iter().zip(on_table) {
            if sq != NONE && game.at(sq).is_none() {
                game.place(rules, side, r, sq, facing);
                names.push((side, r));
            }
        }
        if let Some(reserve) = reserve {
            for (r, _) in army.iter().zip(&held).filter(|(_, h)| **h) {
                game.hold(rules, side, r, reserve.due);
                names.push((side, r));
            }
        }
    }
    log.push(|| setup_event(setup, &game, &names, terrain_rolls));
    game.first = match setup.first {
        First::A => 0,
        First::B => 1,
        First::Roll => {
            let mut rolls = Vec::new();
            let winner = loop {
                let (a, b) = (dice.d6(), dice.d6());
                rolls.push([a, b]);
                if a != b {
                    break u8::from(b > a);
                }
            };
            let first = if policies[usize::from(winner)].move_first(&game, rules, winner) {
                winner
            } else {
                1 - winner
            };
            log.push(|| Event::First {
                rolls,
                chooser: Some(side_letter(winner)),
                first: side_letter(first),
            });
            first
        }
    };
    if setup.first != First::Roll {
        log.push(|| Event::First {
            rolls: Vec::new(),
            chooser: None,
            first: side_letter(game.first),
        });
    }
    let mut ended = over(&game);
    while ended.is_none() && game.player_turn < rules.player_turns {
        player_turn(&mut game, rules, dice, &mut policies, log);
        ended = over(&game);
    }
    let (winner, wiped_out) = match ended {
        Some(w) => (w, true),
        None => (
            match game.points[0].cmp(&game.points[1]) {
                std::cmp::Ordering::Greater => Some(0),
                std::cmp::Ordering::Less => Some(1),
                std::cmp::Ordering::Equal => None,
            },
            false,
        ),
    };
    log.push(|| Event::End {
        winner: winner.map(side_letter),
        reason: if wiped_out {
            "the enemy has no units left".to_owned()
        } else {
            "points after the last turn (OHW-30)".to_owned()
        },
        points: game.points,
        player_turns: game.player_turn,
    });
    Outcome {
        winner,
        wiped_out,
        points: game.points,
        lost: game.lost,
        daimyo_lost: game.daimyo_lost,
        posts_taken: game.posts_taken,
        player_turns: game.player_turn,
        reactions: game.reactions,
    }
}

/// Which of an army's units a scenario holds back (OHW-33, OHW-56): those marked `reserve`, and
/// when fewer than `count` are, the last units not carrying the General.
pub fn held_back(army: &[Recruit], count: u8) -> Vec<bool> {
    let mut held: Vec<bool> = army
        .iter()
        .map(|r| r.reserve && !r.hatamoto && count > 0)
        .collect();
    let mut short = usize::from(count).saturating_sub(held.iter().filter(|h| **h).count());
    for (h, r) in held.iter_mut().zip(army).rev() {
        if short == 0 {
            break;
        }
        if !*h && !r.hatamoto {
            *h = true;
            short -= 1;
        }
    }
    held
}

/// `Some(winner)` once a side has no units left, its reserves to come included (`Some(None)` if
/// neither has).
fn over(game: &Game) -> Option<Option<u8>> {
    let left = |side: u8| {
        game.all()
            .filter(|(_, u)| u.side == side && (u.alive || u.waiting))
            .count()
    };
    match (left(0), left(1)) {
        (0, 0) => Some(None),
        (0, _) => Some(Some(1)),
        (_, 0) => Some(Some(0)),
        _ => None,
    }
}

fn setup_event(setup: &Setup<'_>, game: &Game, names: &[(u8, &Recruit)], rolls: Vec<u8>) -> Event {
    let rules = setup.rules;
    let map = (0..SIDE)
        .rev()
        .map(|r| {
            (0..SIDE)
                .filter_map(|c| square(c, r))
                .map(|sq| rules.letter(game.ground[usize::from(sq)]))
                .collect()
        })
        .collect();
    let roads = (0..36u8).filter(|&s| game.is_road(s)).map(name).collect();
    let units = game
        .all()
        .zip(names)
        .map(|((id, u), (side, r))| UnitSetup {
            id,
            side: side_letter(*side).to_string(),
            name: r.name.clone(),
            kind: rules.kinds[usize::from(u.kind)].id.clone(),
            square: name(u.sq),
            facing: facing_letter(u.facing),
            eliminated_at: u.threshold,
            hatamoto: u.hatamoto,
            addition: r.addition_id.clone(),
            reserve_due: u.waiting.then_some(u.due),
        })
        .collect();
    Event::Setup {
        system: crate::samurai::ID.to_owned(),
        scenario: rules.scenario.clone(),
        seed: setup.seed,
        game: setup.game,
        player_turns: rules.player_turns,
        map,
        roads,
        posts: [name(game.post[0]), name(game.post[1])],
        units,
        terrain_rolls: rolls,
    }
}

/// One player turn (§3): challenges and messengers at its start, then the bag.
pub fn player_turn(
    game: &mut Game,
    rules: &Rules,
    dice: &mut impl Dice,
    policies: &mut [&mut dyn Policy; 2],
    log: &mut Log,
) {
    let side = begin_turn(game);
    let t = game.player_turn;
    let other = 1 - side;
    // A Personal Challenge (OHW-20), before any die.
    if let Some((carrier, target)) = policies[usize::from(side)].challenge(game, rules, side) {
        issue_challenge(game, carrier, target, log);
    }
    // A Tsukai-Ban (OHW-19): a free normal move, before any die.
    let carrier = game
        .alive(side)
        .find(|(_, u)| u.messenger && !u.challenged())
        .map(|(i, _)| i);
    if let Some(carrier) = carrier
        && let Some(act) = policies[usize::from(side)].messenger(game, rules, side)
        && messenger_allows(game, rules, side, act)
    {
        game.units[usize::from(carrier)].messenger = false;
        let [p0, p1] = policies;
        let mut owners: [&mut dyn Owner; 2] = [&mut **p0, &mut **p1];
        game.apply(rules, act, How::Messenger, dice, &mut owners, log);
    }
    let mut commons = bag(game, side);
    let mut odd = 1u8;
    log.push(|| Event::Turn {
        player_turn: t,
        game_turn: t.div_ceil(2),
        side: side_letter(side),
        dice: commons,
    });
    let mut activated = 0u8;
    while commons > 0 && over(game).is_none() {
        let Some(act) = policies[usize::from(side)].activate(game, rules, side) else {
            break;
        };
        let u = *game.unit(act.unit());
        if u.side != side || u.activated || !game.allows(rules, act) {
            debug_assert!(false, "a policy chose an action it does not have: {act:?}");
            break;
        }
        let n = usize::from(commons + odd);
        if dice.pick(n) < usize::from(odd) {
            odd = 0;
            log.push(|| Event::Draw { odd: true });
            react(game, rules, dice, policies, log, other);
            continue;
        }
        commons -= 1;
        activated += 1;
        log.push(|| Event::Draw { odd: false });
        let [p0, p1] = &mut *policies;
        let mut owners: [&mut dyn Owner; 2] = [&mut **p0, &mut **p1];
        game.apply(rules, act, How::Activation, dice, &mut owners, log);
    }
    log.push(|| Event::Stop {
        side: side_letter(side),
        activated,
    });
}

/// Start the next player turn: whose it is, with every unit's turn flags cleared and challenges
/// that have run their course lifted (OHW-20). Returns the active side.
pub fn begin_turn(game: &mut Game) -> u8 {
    game.player_turn += 1;
    let t = game.player_turn;
    let side = if t % 2 == 1 {
        game.first
    } else {
        1 - game.first
    };
    game.active = side;
    game.reaction_used = false;
    for u in game.units.iter_mut().take(usize::from(game.count)) {
        u.activated = false;
        u.moved = false;
        u.shot = false;
        u.under_fire = false;
        if u.challenger != 0 && u.challenge_until < t {
            u.challenger = 0;
        }
    }
    side
}

/// The common dice of a side's bag: its units in play, less the challenged ones (OHW-04), and
/// one for each reserve due (OHW-33).
pub fn bag(game: &Game, side: u8) -> u8 {
    game.ready(side).filter(|(_, u)| !u.challenged()).count() as u8
}

/// Issue a Personal Challenge from `carrier` at `target` (OHW-20), if the rules allow it: the
/// carrier still holds it, the target is an unchallenged enemy within 12". It holds until the end
/// of the enemy's next player turn.
pub fn issue_challenge(game: &mut Game, carrier: u8, target: u8, log: &mut Log) -> bool {
    if usize::from(carrier.max(target)) >= usize::from(game.count) {
        return false;
    }
    let side = game.active;
    let t = game.player_turn;
    let (c, x) = (*game.unit(carrier), *game.unit(target));
    if !(c.alive
        && c.side == side
        && c.challenge
        && x.alive
        && x.side != side
        && !x.challenged()
        && within(c.sq, x.sq, 12))
    {
        return false;
    }
    game.units[usize::from(carrier)].challenge = false;
    let tu = &mut game.units[usize::from(target)];
    tu.challenger = side + 1;
    tu.challenge_until = t + 1;
    log.push(|| Event::Challenge {
        unit: carrier,
        target,
        until: t + 1,
    });
    true
}

/// The other player's one reaction (OHW-06, OHW-38).
fn react(
    game: &mut Game,
    rules: &Rules,
    dice: &mut impl Dice,
    policies: &mut [&mut dyn Policy; 2],
    log: &mut Log,
    side: u8,
) {
    if game.reaction_used {
        return;
    }
    game.reaction_used = true;
    let Some(act) = policies[usize::from(side)].react(game, rules, side) else {
        return;
    };
    if game.unit(act.unit()).side != side
        || matches!(act, Act::Enter { .. })
        || !game.allows(rules, act)
    {
        debug_assert!(
            false,
            "a policy reacted with an action it does not have: {act:?}"
        );
        return;
    }
    game.reactions += 1;
    let [p0, p1] = policies;
    let mut owners: [&mut dyn Owner; 2] = [&mut **p0, &mut **p1];
    game.apply(rules, act, How::Reaction, dice, &mut owners, log);
}

/// Whether a Tsukai-Ban may give `act`: a normal move of a friendly unit not in contact (OHW-19).
pub fn messenger_allows(game: &Game, rules: &Rules, side: u8, act: Act) -> bool {
    let Act::Move { unit, .. } = act else {
        return false;
    };
    if game.unit(unit).waiting {
        return false;
    }
    game.unit(unit).side == side && !game.in_contact(unit) && game.allows(rules, act)
}

/// Whether a side still holds an addition with this effect, unplayed.
pub fn holds(game: &Game, side: u8, effect: Effect) -> bool {
    game.alive(side).any(|(_, u)| match effect {
        Effect::Messenger => u.messenger,
        Effect::Challenge => u.challenge,
        _ => false,
    })
}
