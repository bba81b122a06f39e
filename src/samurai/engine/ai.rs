//! The policies: `default` (weighs every action by its exact expected hits and the enemy's threat
//! to where it ends), `random` (any legal action: the baseline) and the `charge` yardstick
//! (every unit goes for the nearest enemy: fight, charge, shoot, else close in).

use super::game::{Deployment, Policy, fallback_deployment, rows};
use super::rules::{Recruit, Rules};
use super::state::{
    Act, Acts, Game, NONE, Owner, SIDE, STEPS, Unit, col, row, square, step, within,
};
use crate::dice::SeededDice;

/// The policies `simulate` knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Default,
    Random,
    Charge,
}

/// A side's policy, ready to play.
pub enum Player {
    Default(Greedy),
    Random(Box<Random>),
    Charge(Charger),
}

impl Player {
    /// The policy for one side of one game; `random` draws from its own stream.
    pub fn new(kind: Kind, seed: u64, stream: u64) -> Player {
        match kind {
            Kind::Default => Player::Default(Greedy::default()),
            Kind::Random => Player::Random(Box::new(Random(SeededDice::new(seed, stream)))),
            Kind::Charge => Player::Charge(Charger),
        }
    }

    pub fn policy(&mut self) -> &mut dyn Policy {
        match self {
            Player::Default(p) => p,
            Player::Random(p) => p.as_mut(),
            Player::Charge(p) => p,
        }
    }
}

/// Chebyshev distance in squares.
fn distance(a: u8, b: u8) -> i32 {
    (col(a) - col(b)).abs().max((row(a) - row(b)).abs())
}

/// The facing from `from` that looks most directly at `to`.
fn facing_towards(from: u8, to: u8) -> u8 {
    let (dc, dr) = (col(to) - col(from), row(to) - row(from));
    if dr.abs() >= dc.abs() {
        if dr >= 0 { 0 } else { 2 }
    } else if dc > 0 {
        1
    } else {
        3
    }
}

/// Every action of `side`'s units that may still act (for an activation: not yet activated).
fn all_actions(game: &Game, rules: &Rules, side: u8, reaction: bool, out: &mut Acts) {
    for (id, u) in game.alive(side) {
        if reaction || !u.activated {
            game.actions(rules, id, out);
        }
    }
    if !reaction {
        enter(game, rules, side, out);
    }
}

/// The reserves of `side` that may come on now (OHW-33), as actions into `out`.
fn enter(game: &Game, rules: &Rules, side: u8, out: &mut Acts) {
    for (id, _) in game.reserves_due(side) {
        game.actions(rules, id, out);
    }
}

/// The unit a side would rather lose when its Command Post falls: the most worn-down one that is
/// not the Hatamoto.
fn cheapest(game: &Game, side: u8) -> u8 {
    game.alive(side)
        .max_by_key(|(_, u)| {
            (
                !u.hatamoto,
                u32::from(u.hits) * 100 / u32::from(u.threshold.max(1)),
            )
        })
        .map_or(NONE, |(i, _)| i)
}

/// The baseline: any legal action, chosen at random; it never stops while a unit can act.
pub struct Random(pub SeededDice);

impl Random {
    fn pick(&mut self, acts: &Acts) -> Option<Act> {
        (!acts.is_empty()).then(|| acts[self.0.index(acts.len())])
    }
}

impl Owner for Random {
    fn turn_to_face(&mut self, _: &Game, _: &Rules, _: u8, _: u8) -> bool {
        self.0.index(2) == 1
    }

    fn post_loss(&mut self, game: &Game, _: &Rules, side: u8) -> u8 {
        let n = game.remaining(side);
        game.alive(side)
            .nth(self.0.index(n))
            .map_or(NONE, |(i, _)| i)
    }
}

impl Policy for Random {
    fn deploy(&mut self, game: &Game, rules: &Rules, side: u8, recruits: &[Recruit]) -> Deployment {
        let rows = rows(rules, side);
        let mut squares: Vec<u8> = rows
            .iter()
            .flat_map(|&r| (0..SIDE).filter_map(move |c| square(c, i32::from(r))))
            .collect();
        self.0.shuffle(&mut squares);
        let post = squares
            .iter()
            .copied()
            .find(|&s| s / 6 == rows[0])
            .unwrap_or(NONE);
        let mut used = 1u64 << post.min(63);
        let mut d = Deployment {
            squares: Vec::new(),
            post,
        };
        for r in recruits {
            let sq = squares
                .iter()
                .copied()
                .find(|&s| {
                    used >> s & 1 == 0
                        && game.can_enter(rules, r.kind, side, s)
                        && game.can_end(rules, r.kind, s)
                })
                .unwrap_or(NONE);
            used |= 1 << sq.min(63);
            d.squares.push(sq);
        }
        d
    }

    fn move_first(&mut self, _: &Game, _: &Rules, _: u8) -> bool {
        self.0.index(2) == 1
    }

    fn challenge(&mut self, game: &Game, _: &Rules, side: u8) -> Option<(u8, u8)> {
        let mut options: smallvec::SmallVec<[(u8, u8); 16]> = smallvec::SmallVec::new();
        for (c, cu) in game.alive(side).filter(|(_, u)| u.challenge) {
            for (t, tu) in game.alive(1 - side) {
                if !tu.challenged() && within(cu.sq, tu.sq, 12) {
                    options.push((c, t));
                }
            }
        }
        (!options.is_empty() && self.0.index(2) == 1).then(|| options[self.0.index(options.len())])
    }

    fn messenger(&mut self, game: &Game, rules: &Rules, side: u8) -> Option<Act> {
        if !super::game::holds(game, side, super::rules::Effect::Messenger) || self.0.index(2) == 0
        {
            return None;
        }
        let mut acts = Acts::new();
        all_actions(game, rules, side, true, &mut acts);
        acts.retain(|a| super::game::messenger_allows(game, rules, side, *a));
        self.pick(&acts)
    }

    fn activate(&mut self, game: &Game, rules: &Rules, side: u8) -> Option<Act> {
        let mut acts = Acts::new();
        all_actions(game, rules, side, false, &mut acts);
        self.pick(&acts)
    }

    fn react(&mut self, game: &Game, rules: &Rules, side: u8) -> Option<Act> {
        let mut acts = Acts::new();
        all_actions(game, rules, side, true, &mut acts);
        self.pick(&acts)
    }
}

/// The yardstick: each unit in turn fights, charges or shoots the first enemy it can, otherwise
/// steps towards the nearest enemy, facing it.
pub struct Charger;

impl Charger {
    fn unit_action(game: &Game, rules: &Rules, id: u8) -> Option<Act> {
        let mut acts = Acts::new();
        game.actions(rules, id, &mut acts);
        let first = |want: fn(&Act) -> bool| acts.iter().copied().find(want);
        if let Some(a) = first(|a| matches!(a, Act::Fight { .. }))
            .or_else(|| first(|a| matches!(a, Act::Charge { .. })))
            .or_else(|| first(|a| matches!(a, Act::Shoot { .. })))
        {
            return Some(a);
        }
        let u = game.unit(id);
        let nearest = |sq: u8| {
            game.alive(1 - u.side)
                .map(|(_, e)| (distance(sq, e.sq), e.sq))
                .min()
        };
        let (now, _) = nearest(u.sq)?;
        acts.iter()
            .copied()
            .filter_map(|a| match a {
                Act::Move { to, facing, .. } if to != u.sq => {
                    let (d, esq) = nearest(to)?;
                    (d < now && facing == facing_towards(to, esq)).then_some((d, a))
                }
                _ => None,
            })
            .min_by_key(|(d, _)| *d)
            .map(|(_, a)| a)
    }
}

impl Owner for Charger {
    fn turn_to_face(&mut self, _: &Game, _: &Rules, _: u8, _: u8) -> bool {
        true
    }

    fn post_loss(&mut self, game: &Game, _: &Rules, side: u8) -> u8 {
        cheapest(game, side)
    }
}

impl Policy for Charger {
    fn deploy(&mut self, game: &Game, rules: &Rules, side: u8, recruits: &[Recruit]) -> Deployment {
        fallback_deployment(game, rules, side, recruits)
    }

    fn move_first(&mut self, _: &Game, _: &Rules, _: u8) -> bool {
        true
    }

    fn challenge(&mut self, _: &Game, _: &Rules, _: u8) -> Option<(u8, u8)> {
        None
    }

    fn messenger(&mut self, _: &Game, _: &Rules, _: u8) -> Option<Act> {
        None
    }

    fn activate(&mut self, game: &Game, rules: &Rules, side: u8) -> Option<Act> {
        let mut acts = Acts::new();
        enter(game, rules, side, &mut acts);
        acts.first().copied().or_else(|| {
            game.alive(side)
                .filter(|(_, u)| !u.activated)
                .find_map(|(id, _)| Charger::unit_action(game, rules, id))
        })
    }

    fn react(&mut self, game: &Game, rules: &Rules, side: u8) -> Option<Act> {
        game.alive(side)
            .find_map(|(id, _)| Charger::unit_action(game, rules, id))
    }
}

/// The default AI: for every action of every unit that may act, the exact expected worth of its
/// hits (a unit eliminated is worth its victory points, the Hatamoto more for the D3 hits its fall
/// costs the rest), less what the enemy can do to the square it ends on; it stops drawing when no
/// action is worth the risk of the odd die.
#[derive(Debug, Default)]
pub struct Greedy {
    /// The player turn the order below is for.
    turn: u16,
    /// This turn's units, best action first, as they stood at the turn's start: each is
    /// weighed again just before it acts, so a turn costs a pass over the units, not one a die.
    order: smallvec::SmallVec<[u8; 8]>,
}

/// Expected hits an enemy could put on a unit at each square next turn.
type Threat = [f32; 36];

/// How much a blow possible next turn counts, and the threat of the enemy's turn first.
const CHANCE: f32 = 0.5;
const EXPOSURE: f32 = 0.6;
/// How much more closing in counts each game turn for a side not ahead on points.
const URGENCY: f32 = 0.02;

impl Greedy {
    /// What eliminating `t` is worth.
    fn worth(game: &Game, t: &Unit) -> f32 {
        if t.hatamoto {
            2.0 + 0.4 * (game.remaining(t.side).saturating_sub(1)) as f32
        } else {
            1.0
        }
    }

    /// The worth of `hits` more hits on `t`.
    fn hits_worth(game: &Game, t: &Unit, hits: i32) -> f32 {
        let left = i32::from(t.threshold) - i32::from(t.hits);
        let worth = Greedy::worth(game, t);
        if hits >= left {
            worth * 1.2
        } else {
            worth * 0.8 * hits as f32 / f32::from(t.threshold)
                * (1.0 + f32::from(t.hits) / f32::from(t.threshold))
        }
    }

    /// The exact expected worth of an attack, its modifier and halving given.
    fn attack_worth(game: &Game, t: &Unit, modifier: i32, halved: bool) -> f32 {
        (1..=3)
            .map(|d3| {
                let mut h = (d3 + modifier).max(0);
                if halved {
                    h = (h + 1) / 2;
                }
                Greedy::hits_worth(game, t, h)
            })
            .sum::<f32>()
            / 3.0
    }

    /// Average hits a unit of `kind` inflicts in close combat on `target`.
    fn melee_power(rules: &Rules, kind: u8, target: u8) -> f32 {
        let k = &rules.kinds[usize::from(kind)];
        (2.0 + (k.melee + k.vs[usize::from(target)]) as f32).max(0.0)
    }

    /// Where a unit of `kind` on `sq` facing `facing` could strike next turn: the squares next to
    /// the end of any charge path (ignoring units in the way) and, for a shooter, the squares in
    /// its arc and range.
    fn reach(
        game: &Game,
        rules: &Rules,
        kind: u8,
        sq: u8,
        facing: u8,
        charges: bool,
        shoots: bool,
    ) -> (u64, u64) {
        let k = &rules.kinds[usize::from(kind)];
        let mut melee = 0u64;
        for f in 0..4 {
            if let Some(s) = step(sq, 2 * f) {
                melee |= 1 << s;
            }
        }
        if charges {
            for turn in [7, 0, 1] {
                let d8 = (usize::from(facing) * 2 + turn) % 8;
                let cost = if d8 % 2 == 0 { 60 } else { 85 };
                let mut at = sq;
                let mut spent = 0;
                while let Some(next) = step(at, d8) {
                    spent += cost;
                    let g = &rules.grounds[usize::from(game.ground[usize::from(next)])];
                    if spent > k.allowance || g.no_entry >> kind & 1 == 1 {
                        break;
                    }
                    at = next;
                    for f in 0..4 {
                        if let Some(s) = step(at, 2 * f) {
                            melee |= 1 << s;
                        }
                    }
                }
            }
        }
        let mut shots = 0u64;
        if shoots {
            let (fc, fr) = STEPS[usize::from(facing) * 2];
            let r = k.range / 6;
            for dr in -r..=r {
                for dc in -r..=r {
                    let (ahead, across) = (dc * fc + dr * fr, dc * fr - dr * fc);
                    if ahead >= 1
                        && across.abs() <= ahead
                        && 36 * (dc * dc + dr * dr) <= k.range * k.range
                        && let Some(s) = square(col(sq) + dc, row(sq) + dr)
                    {
                        shots |= 1 << s;
                    }
                }
            }
        }
        (melee, shots)
    }

    /// What the enemies of `side` can do next turn to a unit of `kind` on each square: fight it
    /// from next door, charge it, shoot it.
    fn threat(game: &Game, rules: &Rules, side: u8, kind: u8) -> Threat {
        let mut threat = [0.0; 36];
        for (_, e) in game.alive(1 - side) {
            if e.challenged() {
                continue;
            }
            let ek = &rules.kinds[usize::from(e.kind)];
            let free = !game.enemy_next_to(e.sq, e.side);
            let (melee, shots) = Greedy::reach(
                game,
                rules,
                e.kind,
                e.sq,
                e.facing,
                free && (ek.charges_always || !e.ammo),
                free && ek.shoots && e.ammo,
            );
            let power = Greedy::melee_power(rules, e.kind, kind);
            for (s, t) in threat.iter_mut().enumerate() {
                let mut v: f32 = 0.0;
                if melee >> s & 1 == 1 {
                    v = power;
                }
                if shots >> s & 1 == 1 {
                    v = v.max(2.0);
                }
                *t += v;
            }
        }
        threat
    }

    /// The worth of a unit standing on `sq` facing `facing`: the best blow it could strike from
    /// there next turn (or, with none, how near it is to an enemy), less the threat it stands in.
    fn placement(game: &Game, rules: &Rules, u: &Unit, sq: u8, facing: u8, threat: &Threat) -> f32 {
        let k = &rules.kinds[usize::from(u.kind)];
        let shooter = k.shoots && u.ammo;
        let charger = k.charges_always || !u.ammo;
        let (melee, shots) = Greedy::reach(game, rules, u.kind, sq, facing, charger, shooter);
        let mut chance: f32 = 0.0;
        let mut nearest = i32::MAX;
        for (_, e) in game.alive(1 - u.side) {
            nearest = nearest.min(distance(sq, e.sq));
            let bit = 1u64 << e.sq;
            if shooter && shots & bit != 0 {
                chance = chance.max(Greedy::attack_worth(
                    game,
                    e,
                    0,
                    e.tate != super::state::Tate::None,
                ));
            }
            if charger && melee & bit != 0 {
                let m = k.melee + k.vs[usize::from(e.kind)];
                chance = chance.max(Greedy::attack_worth(game, e, m, e.palisades));
            }
        }
        let left = f32::from(u.threshold - u.hits.min(u.threshold));
        let exposure = threat[usize::from(sq)] / left.max(1.0) * Greedy::worth(game, u);
        // Closing in matters more as the turns run out for a side that is not ahead on points.
        let behind = game.points[usize::from(u.side)] <= game.points[usize::from(1 - u.side)];
        let urgency = if behind {
            URGENCY * f32::from(game.player_turn.div_ceil(2))
        } else {
            0.0
        };
        let approach = if nearest == i32::MAX {
            0.0
        } else {
            -(0.06 + urgency) * nearest as f32
        };
        CHANCE * chance + approach - EXPOSURE * exposure
    }

    /// The best action of unit `id` and its worth.
    fn best_of(
        game: &Game,
        rules: &Rules,
        id: u8,
        threat: &Threat,
        acts: &mut Acts,
    ) -> Option<(f32, Act)> {
        acts.clear();
        game.actions(rules, id, acts);
        let u = *game.unit(id);
        let here = Greedy::placement(game, rules, &u, u.sq, u.facing, threat);
        let enemy_post = game.post[usize::from(1 - u.side)];
        let mut best: Option<(f32, Act)> = None;
        let (mut last_to, mut wanted) = (NONE, NONE);
        for &act in acts.iter() {
            let v = match act {
                // Only units on the table are weighed here; reserves enter first (OHW-33).
                Act::Enter { .. } => 1.0,
                Act::Fight { target, .. } => {
                    let t = game.unit(target);
                    Greedy::attack_worth(
                        game,
                        t,
                        game.combat_modifier(rules, id, target, None),
                        t.palisades,
                    )
                }
                Act::Shoot { target, .. } => {
                    let t = game.unit(target);
                    Greedy::attack_worth(
                        game,
                        t,
                        game.shot_modifier(rules, id, target, None),
                        t.tate != super::state::Tate::None,
                    ) - if u.supplies { 0.0 } else { 0.1 }
                }
                Act::Charge { to, target, .. } => {
                    let mut after = game.clone();
                    after.board[usize::from(u.sq)] = NONE;
                    after.board[usize::from(to)] = id;
                    after.units[usize::from(id)].sq = to;
                    let strike = if target == NONE {
                        0.9
                    } else {
                        let t = game.unit(target);
                        Greedy::attack_worth(
                            game,
                            t,
                            after.combat_modifier(rules, id, target, None),
                            t.palisades,
                        )
                    };
                    let back: f32 = after
                        .enemies_next_to(to, u.side)
                        .iter()
                        .map(|&e| Greedy::melee_power(rules, after.unit(e).kind, u.kind))
                        .sum();
                    let left = f32::from(u.threshold - u.hits.min(u.threshold));
                    strike - 0.5 * back / left.max(1.0) * Greedy::worth(game, &u)
                }
                Act::Move { to, facing, .. } => {
                    // A destination's four facings come together: look for the enemy once.
                    if to != last_to {
                        last_to = to;
                        wanted = game
                            .alive(1 - u.side)
                            .min_by_key(|(_, e)| distance(to, e.sq))
                            .map_or(NONE, |(_, e)| facing_towards(to, e.sq));
                    }
                    if facing != wanted && to != u.sq && wanted != NONE {
                        continue;
                    }
                    let mut v = Greedy::placement(game, rules, &u, to, facing, threat) - here;
                    if u.palisades || u.cannon || u.tate == super::state::Tate::Planted {
                        v -= 0.4;
                    }
                    if to == enemy_post {
                        v += 0.9;
                    }
                    v - 0.02
                }
            };
            if best.is_none_or(|(b, _)| v > b) {
                best = Some((v, act));
            }
        }
        best
    }

    fn choose(game: &Game, rules: &Rules, side: u8, reaction: bool) -> Option<(f32, Act)> {
        let mut acts = Acts::new();
        let mut threats: [Option<Threat>; super::rules::MAX_KINDS] =
            [None; super::rules::MAX_KINDS];
        let mut best: Option<(f32, Act)> = None;
        for (id, u) in game.alive(side) {
            if (!reaction && u.activated) || u.challenged() {
                continue;
            }
            let threat = *threats[usize::from(u.kind)]
                .get_or_insert_with(|| Greedy::threat(game, rules, side, u.kind));
            if let Some((v, act)) = Greedy::best_of(game, rules, id, &threat, &mut acts)
                && best.is_none_or(|(b, _)| v > b)
            {
                best = Some((v, act));
            }
        }
        best
    }
}

impl Owner for Greedy {
    fn turn_to_face(&mut self, _: &Game, _: &Rules, _: u8, _: u8) -> bool {
        true
    }

    fn post_loss(&mut self, game: &Game, _: &Rules, side: u8) -> u8 {
        cheapest(game, side)
    }
}

impl Policy for Greedy {
    /// Ashigaru in the middle of the front row, Foot Samurai beside them, Mounted Samurai on the
    /// wings, the Hatamoto behind with the Command Post.
    fn deploy(&mut self, game: &Game, rules: &Rules, side: u8, recruits: &[Recruit]) -> Deployment {
        let [home, front] = rows(rules, side);
        let mut used = 0u64;
        let post = [2, 3, 1, 4, 0, 5]
            .iter()
            .filter_map(|&c| square(c, i32::from(home)))
            .find(|&s| rules.grounds[usize::from(game.ground[usize::from(s)])].no_entry != u8::MAX)
            .unwrap_or(home * 6);
        used |= 1 << post;
        let rank = |r: &Recruit| {
            let k = &rules.kinds[usize::from(r.kind)];
            if r.hatamoto {
                3
            } else if k.shoots {
                0
            } else if k.charges_always && k.allowance > 90 {
                2
            } else {
                1
            }
        };
        let mut order: Vec<usize> = (0..recruits.len()).collect();
        order.sort_by_key(|&i| rank(&recruits[i]));
        let mut squares = vec![NONE; recruits.len()];
        for i in order {
            let r = &recruits[i];
            let prefs: &[(u8, i32)] = match rank(r) {
                0 | 1 => &[
                    (front, 2),
                    (front, 3),
                    (front, 1),
                    (front, 4),
                    (front, 0),
                    (front, 5),
                ],
                2 => &[
                    (front, 0),
                    (front, 5),
                    (home, 0),
                    (home, 5),
                    (home, 1),
                    (home, 4),
                ],
                _ => &[
                    (home, 3),
                    (home, 2),
                    (home, 4),
                    (home, 1),
                    (front, 3),
                    (front, 2),
                ],
            };
            let all = prefs.iter().map(|&(r, c)| (r, c)).chain(
                [home, front]
                    .into_iter()
                    .flat_map(|r| (0..SIDE).map(move |c| (r, c))),
            );
            for (rw, c) in all {
                if let Some(s) = square(c, i32::from(rw))
                    && used >> s & 1 == 0
                    && game.can_enter(rules, r.kind, side, s)
                    && game.can_end(rules, r.kind, s)
                {
                    used |= 1 << s;
                    squares[i] = s;
                    break;
                }
            }
        }
        Deployment { squares, post }
    }

    fn move_first(&mut self, _: &Game, _: &Rules, _: u8) -> bool {
        true
    }

    /// Challenge the enemy unit that threatens most: the fastest within reach, most whole.
    fn challenge(&mut self, game: &Game, rules: &Rules, side: u8) -> Option<(u8, u8)> {
        let mut best = None;
        for (c, cu) in game.alive(side).filter(|(_, u)| u.challenge) {
            for (t, tu) in game.alive(1 - side) {
                if tu.challenged() || !within(cu.sq, tu.sq, 12) {
                    continue;
                }
                let k = &rules.kinds[usize::from(tu.kind)];
                let key = (k.allowance, u8::MAX - tu.hits);
                if best.is_none_or(|(b, _)| key > b) {
                    best = Some((key, (c, t)));
                }
            }
        }
        best.map(|(_, ct)| ct)
    }

    fn messenger(&mut self, game: &Game, rules: &Rules, side: u8) -> Option<Act> {
        if !super::game::holds(game, side, super::rules::Effect::Messenger) {
            return None;
        }
        let mut acts = Acts::new();
        let mut best: Option<(f32, Act)> = None;
        for (id, u) in game.alive(side) {
            if u.challenged() || game.in_contact(id) {
                continue;
            }
            let threat = Greedy::threat(game, rules, side, u.kind);
            if let Some((v, act)) = Greedy::best_of(game, rules, id, &threat, &mut acts)
                && matches!(act, Act::Move { .. })
                && best.is_none_or(|(b, _)| v > b)
            {
                best = Some((v, act));
            }
        }
        best.filter(|(v, _)| *v > 0.1).map(|(_, a)| a)
    }

    fn activate(&mut self, game: &Game, rules: &Rules, side: u8) -> Option<Act> {
        // A reserve that may come on does so before anything else (OHW-33).
        let mut acts = Acts::new();
        enter(game, rules, side, &mut acts);
        if let Some(&act) = acts.first() {
            return Some(act);
        }
        if self.turn != game.player_turn {
            self.turn = game.player_turn;
            let mut acts = Acts::new();
            let mut ranked: smallvec::SmallVec<[(f32, u8); 8]> = smallvec::SmallVec::new();
            let mut threats: [Option<Threat>; super::rules::MAX_KINDS] =
                [None; super::rules::MAX_KINDS];
            for (id, u) in game.alive(side) {
                if u.activated || u.challenged() {
                    continue;
                }
                let threat = *threats[usize::from(u.kind)]
                    .get_or_insert_with(|| Greedy::threat(game, rules, side, u.kind));
                if let Some((v, _)) = Greedy::best_of(game, rules, id, &threat, &mut acts) {
                    ranked.push((v, id));
                }
            }
            ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
            self.order = ranked.iter().map(|&(_, id)| id).collect();
        }
        let mut acts = Acts::new();
        while let Some(&id) = self.order.first() {
            let u = game.unit(id);
            if u.alive && !u.activated && !u.challenged() {
                let threat = Greedy::threat(game, rules, side, u.kind);
                if let Some((v, act)) = Greedy::best_of(game, rules, id, &threat, &mut acts)
                    && v > 0.01
                {
                    return Some(act);
                }
            }
            self.order.remove(0);
        }
        None
    }

    fn react(&mut self, game: &Game, rules: &Rules, side: u8) -> Option<Act> {
        Greedy::choose(game, rules, side, true)
            .filter(|(v, _)| *v > 0.0)
            .map(|(_, a)| a)
    }
}

/// The policy's `--help` word.
pub fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Default => "default",
        Kind::Random => "random",
        Kind::Charge => "charge",
    }
}
