//! Who decides: a [`Policy`] declares each leader's action and picks targets, Hit allocation,
//! intentions and throws (HS-68). `default` is greedy with a view of the rules; `random` picks
//! at random from the legal choices; `charge`, the yardstick, sends every contingent at the
//! nearest enemy with its leader in front.

use crate::dice::D6;

use super::super::data::Data;
use super::super::rules::{self, Combatant, Intention, Morale, Shooter, Throw};
use super::game::{Action, Game, Order};

/// The decisions of one side.
pub trait Policy {
    /// The action of contingent `ci`'s leader this turn.
    fn declare(&mut self, game: &Game, ci: usize, dice: &mut dyn D6) -> Action;
    /// The target of piece `shooter`, from those it may shoot (with their expected Hits); `None`
    /// holds fire.
    fn shoot(
        &mut self,
        game: &Game,
        shooter: usize,
        targets: &[(usize, f64, Shooter)],
        dice: &mut dyn D6,
    ) -> Option<usize>;
    /// Which loser takes a win's Hits.
    fn allocate(&mut self, data: &Data, losers: &[Combatant], margin: i32) -> usize;
    /// A leader's intention against an enemy leader in contact.
    fn intention(&mut self, game: &Game, me: usize, enemy: usize) -> Intention;
    /// One throw of paper-stone-scissors.
    fn throw(&mut self, dice: &mut dyn D6) -> Throw;
}

/// A uniform throw from a d6 (HS-38's equilibrium play).
fn uniform_throw(dice: &mut dyn D6) -> Throw {
    Throw::ALL[usize::from((dice.d6().clamp(1, 6) - 1) / 2)]
}

/// The policies `simulate` offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Default,
    Random,
    Charge,
}

pub fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Default => "default",
        Kind::Random => "random",
        Kind::Charge => "charge",
    }
}

/// A policy of a kind.
pub fn policy(kind: Kind) -> Box<dyn Policy + Send> {
    match kind {
        Kind::Default => Box::new(Greedy),
        Kind::Random => Box::new(Random),
        Kind::Charge => Box::new(Charger),
    }
}

/// The enemy element a contingent should go for: the one its elements beat most easily, nearer
/// ones first (a melee factor edge is worth 20 cm).
fn best_target(game: &Game, ci: usize) -> Option<usize> {
    let c = &game.contingents[ci];
    let own: Vec<usize> = game.standing(ci);
    if own.is_empty() {
        return game.nearest_enemy(c.leader);
    }
    let our = own
        .iter()
        .map(|&e| rules::sum(&game.pieces[e].c.terms(game.data)))
        .sum::<i32>() as f64
        / own.len() as f64;
    game.enemies(c.side)
        .filter(|&t| !game.pieces[t].is_leader())
        .min_by(|&x, &y| {
            let score = |t: usize| {
                let near = own
                    .iter()
                    .map(|&e| game.distance(e, t))
                    .fold(f64::INFINITY, f64::min);
                let theirs = f64::from(rules::sum(&game.pieces[t].c.terms(game.data)));
                near - 200.0 * (our - theirs) - 100.0 * f64::from(game.pieces[t].c.hits)
            };
            score(x).total_cmp(&score(y))
        })
        .or_else(|| game.nearest_enemy(c.leader))
}

/// The enemy element the leader should hunt: the one he out-fights by the most (3 or more),
/// worth the most Reputation, nearer first, and standing apart so he will not be outnumbered,
/// while he has Hits to spare. He is the best fighter on the table (+4, tier C).
fn leader_target(game: &Game, ci: usize) -> Option<usize> {
    let c = &game.contingents[ci];
    let me = c.leader;
    let p = &game.pieces[me];
    if !p.on || p.c.hits + 3 > p.c.removed_at {
        return None;
    }
    let mine = f64::from(rules::sum(&p.c.terms(game.data)));
    game.enemies(c.side)
        .filter(|&t| !game.pieces[t].is_leader())
        .filter_map(|t| {
            let theirs = f64::from(rules::sum(&game.pieces[t].c.terms(game.data)));
            let edge = mine - theirs;
            let crowd = game
                .enemies(c.side)
                .filter(|&o| o != t && game.distance(o, t) <= 70.0)
                .count();
            let points = game.pieces[t]
                .kind
                .map_or(0.0, |k| deed_points(game, &game.data.elements[k].deed));
            let away = game.distance(me, t);
            let score = edge + 0.3 * points - away / 300.0;
            (edge >= 3.0 && crowd == 0).then_some((t, score))
        })
        .max_by(|a, b| a.1.total_cmp(&b.1).then(b.0.cmp(&a.0)))
        .map(|(t, _)| t)
}

/// The Reputation points a Hit on an element of this deed scores.
fn deed_points(game: &Game, deed: &str) -> f64 {
    game.data
        .leaders
        .deed
        .iter()
        .find(|d| d.id == deed)
        .map_or(0.0, |d| f64::from(d.points.value))
}

/// A charge worth leading: an enemy element the elements within 20 cm of the leader reach
/// this move and out-fight by at least a point on average (HS-07).
fn banzai_target(game: &Game, ci: usize) -> Option<usize> {
    let c = &game.contingents[ci];
    let leader = &game.pieces[c.leader];
    let followers: Vec<usize> = c
        .elements
        .iter()
        .copied()
        .filter(|&e| game.pieces[e].on && game.pieces[e].pos.distance(leader.pos) <= 200.0)
        .collect();
    if followers.is_empty() {
        return None;
    }
    let factor = |i: usize| f64::from(rules::sum(&game.pieces[i].c.terms(game.data)));
    game.enemies(c.side)
        .filter(|&t| !game.pieces[t].is_leader())
        .filter_map(|t| {
            let reach: Vec<usize> = followers
                .iter()
                .copied()
                .filter(|&e| game.distance(e, t) <= game.pieces[e].move_mm)
                .collect();
            if reach.is_empty() {
                return None;
            }
            let edge =
                reach.iter().map(|&e| factor(e) - factor(t)).sum::<f64>() / reach.len() as f64;
            (edge >= 1.0).then_some((t, edge + 0.5 * reach.len() as f64))
        })
        .max_by(|a, b| a.1.total_cmp(&b.1).then(b.0.cmp(&a.0)))
        .map(|(t, _)| t)
}

/// How much more the enemy's shooting must be worth than ours before a contingent draws back.
const WITHDRAW_RATIO: f64 = 1.0;

/// What a side's shooting is worth this turn as the pieces stand: each shooter's best expected
/// Reputation.
fn fire(game: &Game, side: usize) -> f64 {
    (0..game.pieces.len())
        .filter(|&i| game.pieces[i].on && game.pieces[i].side == side)
        .map(|i| {
            game.targets(i)
                .iter()
                .map(|&(t, hits, _)| hits * target_points(game, t))
                .fold(0.0, f64::max)
        })
        .sum()
}

/// The Reputation a Hit on piece `t` scores: its deed's points, or a share of a leader's.
fn target_points(game: &Game, t: usize) -> f64 {
    let p = &game.pieces[t];
    match p.kind {
        Some(k) => deed_points(game, &game.data.elements[k].deed),
        None => 10.0 / f64::from(p.c.removed_at.saturating_sub(p.c.hits).max(1)),
    }
}

/// Greedy, with a view of the rules (HS-68): close with the weakest enemy, keep the leader
/// with his elements, Inspire a wavering contingent, Regroup at any Distraction, stand and shoot where the exchange favours it and draw
/// back where it does not, shoot
/// where the expected Hits are most, put Hits where they remove, fight duels it can win.
pub struct Greedy;

impl Policy for Greedy {
    fn declare(&mut self, game: &Game, ci: usize, _dice: &mut dyn D6) -> Action {
        let c = &game.contingents[ci];
        if c.morale != Morale::Steady && c.stats.speech(game.data) > 0 {
            return Action::Inspire;
        }
        // An enemy leader in reach and weaker: go for him.
        let me = c.leader;
        let mine = rules::sum(&game.pieces[me].c.terms(game.data));
        let duel = game.enemies(c.side).find(|&t| {
            game.pieces[t].is_leader() && game.distance(me, t) <= game.pieces[me].move_mm * 0.5
        });
        if let Some(t) = duel
            && game.pieces[me].c.hits + 1 < game.pieces[me].c.removed_at
        {
            return Action::HitSomeone(t);
        }
        let dazed: u32 = c
            .elements
            .iter()
            .filter(|&&e| game.pieces[e].on)
            .map(|&e| game.pieces[e].c.distractions)
            .max()
            .unwrap_or(0);
        // Every Distraction costs a shooter a point on every roll until it is regrouped away:
        // one is reason enough (measured: 2 or more won 5 points less often against `random`).
        if dazed >= 1 && c.stats.regroup_removes(game.data) > 0 && game.turn > 1 {
            return Action::Regroup;
        }
        let _ = mine;
        // Playing for the score (HS-66): ahead after half the game, draw back out of reach.
        let (ours, theirs) = (game.deeds[c.side], game.deeds[1 - c.side]);
        if ours > theirs && 2 * game.turn >= game.turns {
            return Action::Order(Order::Withdraw);
        }
        // The leader hunts (HS-06): his elements stand and shoot meanwhile.
        if let Some(t) = leader_target(game, ci) {
            let near = c.elements.iter().any(|&e| {
                game.pieces[e].on
                    && game.pieces[e].pos.distance(game.pieces[me].pos) <= 200.0
                    && game.distance(e, t) <= game.pieces[e].move_mm
            });
            return if near {
                Action::Banzai(t)
            } else {
                Action::HitSomeone(t)
            };
        }
        if let Some(t) = banzai_target(game, ci) {
            return Action::Banzai(t);
        }
        // Counter-punch: an enemy element within a move of one of ours is attacked.
        let own: Vec<usize> = game.standing(ci);
        let close = game
            .enemies(c.side)
            .filter(|&t| !game.pieces[t].is_leader())
            .filter(|&t| {
                own.iter()
                    .any(|&e| game.distance(e, t) <= game.pieces[e].move_mm + 50.0)
            })
            .min_by(|&x, &y| {
                let d = |t: usize| {
                    own.iter()
                        .map(|&e| game.distance(e, t))
                        .fold(f64::INFINITY, f64::min)
                };
                d(x).total_cmp(&d(y))
            });
        if let Some(t) = close {
            return Action::Attack(t);
        }
        // Otherwise stand and shoot where the exchange of shots favours us, and draw back out
        // of it where it does not, unless the score is against us late on.
        let behind = game.deeds[c.side] <= game.deeds[1 - c.side];
        if game.turn + 4 <= game.turns || !behind {
            let (ours, theirs) = (fire(game, c.side), fire(game, 1 - c.side));
            return if theirs > ours * WITHDRAW_RATIO {
                Action::Order(Order::Withdraw)
            } else {
                Action::Order(Order::Hold)
            };
        }
        match best_target(game, ci) {
            Some(t) => Action::Attack(t),
            None => Action::Order(Order::Hold),
        }
    }

    fn shoot(
        &mut self,
        game: &Game,
        _shooter: usize,
        targets: &[(usize, f64, Shooter)],
        _dice: &mut dyn D6,
    ) -> Option<usize> {
        // The most Reputation a shot is worth: expected Hits times the target's deed points,
        // and more for a Hit that removes it (it stops shooting and fighting).
        let worth = |&(t, hits, _): &(usize, f64, Shooter)| {
            let p = &game.pieces[t];
            let finishing = if p.c.hits + 1 >= p.c.removed_at {
                3.0
            } else {
                0.0
            };
            hits * (target_points(game, t) + finishing + 0.5)
        };
        targets
            .iter()
            .max_by(|a, b| worth(a).total_cmp(&worth(b)).then(b.0.cmp(&a.0)))
            .map(|t| t.0)
    }

    fn allocate(&mut self, data: &Data, losers: &[Combatant], margin: i32) -> usize {
        rules::best_hit_target(data, losers, margin)
    }

    fn intention(&mut self, game: &Game, me: usize, enemy: usize) -> Intention {
        let p = &game.pieces[me];
        let left = p.c.removed_at.saturating_sub(p.c.hits);
        let theirs = game.pieces[enemy]
            .c
            .removed_at
            .saturating_sub(game.pieces[enemy].c.hits);
        if left <= 1 && theirs > 1 {
            Intention::BreakOff
        } else {
            Intention::Pursue
        }
    }

    fn throw(&mut self, dice: &mut dyn D6) -> Throw {
        uniform_throw(dice)
    }
}

/// Every choice at random among the legal ones (HS-68's baseline).
pub struct Random;

fn pick<T: Copy>(items: &[T], dice: &mut dyn D6) -> Option<T> {
    if items.is_empty() {
        return None;
    }
    // Uniform over up to 36 items from two d6; more are folded.
    let roll = usize::from(dice.d6() - 1) * 6 + usize::from(dice.d6() - 1);
    Some(items[roll % items.len()])
}

impl Policy for Random {
    fn declare(&mut self, game: &Game, ci: usize, dice: &mut dyn D6) -> Action {
        let side = game.contingents[ci].side;
        let enemies: Vec<usize> = game.enemies(side).collect();
        let mut choices = vec![
            Action::Inspire,
            Action::Regroup,
            Action::Order(Order::Hold),
            Action::Order(Order::Advance),
            Action::Order(Order::Withdraw),
        ];
        if let Some(t) = pick(&enemies, dice) {
            choices.extend([Action::Attack(t), Action::Banzai(t), Action::HitSomeone(t)]);
        }
        pick(&choices, dice).unwrap_or(Action::Order(Order::Hold))
    }

    fn shoot(
        &mut self,
        _game: &Game,
        _shooter: usize,
        targets: &[(usize, f64, Shooter)],
        dice: &mut dyn D6,
    ) -> Option<usize> {
        let ids: Vec<usize> = targets.iter().map(|t| t.0).collect();
        pick(&ids, dice)
    }

    fn allocate(&mut self, _data: &Data, _losers: &[Combatant], _margin: i32) -> usize {
        0
    }

    fn intention(&mut self, _game: &Game, _me: usize, _enemy: usize) -> Intention {
        Intention::Fight
    }

    fn throw(&mut self, dice: &mut dyn D6) -> Throw {
        uniform_throw(dice)
    }
}

/// The yardstick: every leader sends his contingent at the nearest enemy element and leads the
/// charge himself; it shoots at the nearest target.
pub struct Charger;

impl Policy for Charger {
    fn declare(&mut self, game: &Game, ci: usize, _dice: &mut dyn D6) -> Action {
        let c = &game.contingents[ci];
        let target = c
            .elements
            .iter()
            .filter(|&&e| game.pieces[e].on)
            .filter_map(|&e| game.nearest_enemy(e))
            .next()
            .or_else(|| game.nearest_enemy(c.leader));
        match target {
            Some(t) => Action::Attack(t),
            None => Action::Order(Order::Advance),
        }
    }

    fn shoot(
        &mut self,
        game: &Game,
        shooter: usize,
        targets: &[(usize, f64, Shooter)],
        _dice: &mut dyn D6,
    ) -> Option<usize> {
        targets
            .iter()
            .min_by(|a, b| {
                game.distance(shooter, a.0)
                    .total_cmp(&game.distance(shooter, b.0))
            })
            .map(|t| t.0)
    }

    fn allocate(&mut self, _data: &Data, _losers: &[Combatant], _margin: i32) -> usize {
        0
    }

    fn intention(&mut self, _game: &Game, _me: usize, _enemy: usize) -> Intention {
        Intention::Fight
    }

    fn throw(&mut self, dice: &mut dyn D6) -> Throw {
        uniform_throw(dice)
    }
}
