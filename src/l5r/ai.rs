//! The policies: `default`, which chooses formation, commitment, officers and raises by expected
//! value from the exact odds of [`super::odds_table::Odds`], and `random`, which picks any legal
//! choice at random (the baseline).

use super::engine::{Buys, MOST_RAISES, Menu, Orders, Policy, Question, View};
use crate::dice::SeededDice;

/// What a won Battle roll is worth against one die more or less (in k0 of this round): a push
/// and a squad.
const WIN: f64 = 4.0;
/// What killing a squad is worth, in k0.
const SQUAD: f64 = 2.5;
/// What the initiative is worth, in k0.
const INITIATIVE: f64 = 1.0;

/// The policy names `--policy-a` and `--policy-b` take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Default,
    Random,
    /// The yardstick: Fire every round, every squad and officer to the front, no raises.
    Charge,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Default => "default",
            Kind::Random => "random",
            Kind::Charge => "charge",
        }
    }
}

/// A policy of this kind for one side of one battle.
pub fn make(kind: Kind, seed: u64, game: u64, side: usize) -> Box<dyn Policy> {
    match kind {
        Kind::Default => Box::new(Expected),
        Kind::Random => Box::new(Random(SeededDice::new(
            seed ^ 0x4c35_5200,
            game.wrapping_mul(2).wrapping_add(side as u64) + 1,
        ))),
        Kind::Charge => Box::new(Charge),
    }
}

/// A buy: its cost in raises, its worth in k0, and how it is added.
type BuyOption = (u32, f64, fn(&mut Buys));

/// The best buys of a menu for `raises`, with their worth in k0, greedily by worth a raise.
pub fn best_buys(menu: Menu, raises: u32) -> (Buys, f64) {
    let mut b = Buys::default();
    let mut left = raises;
    let mut worth = 0.0;
    // (cost, worth, apply), best worth a raise first.
    let options: &[BuyOption] = match menu {
        Menu::General | Menu::NpcGeneral => &[
            (2, SQUAD, |b| b.damage += 1),
            (3, 1.5, |b| b.advance += 1),
            (1, 0.05, |b| b.glory += 1),
        ],
        Menu::Officer | Menu::Earth => &[
            (3, SQUAD, |b| b.damage += 1),
            (2, 1.0, |b| b.general_bonus += 1),
            (1, 0.05, |b| b.glory += 1),
        ],
        Menu::Air => &[(1, 0.4, |b| b.resiliency += 1)],
        Menu::Water => &[(1, 0.2, |b| b.heal += 1)],
    };
    for &(cost, value, apply) in options {
        while left >= cost {
            let mut next = b;
            apply(&mut next);
            if menu.cost(&next).is_none() {
                break;
            }
            b = next;
            left -= cost;
            worth += value;
        }
    }
    (b, worth)
}

/// The strongest living squads of a side, up to `size` (the battle zone's Size).
fn strongest_squads(st: &super::engine::SideState, size: usize) -> Vec<usize> {
    let mut squads: Vec<usize> = (0..st.squads.len())
        .filter(|&i| st.squads[i].alive)
        .collect();
    squads.sort_by_key(|&i| (std::cmp::Reverse(st.squads[i].mp), i));
    squads.truncate(size);
    squads
}

/// The default policy: every choice by expected value from the exact odds.
pub struct Expected;

impl Expected {
    /// The expected k0 of the officers a side sends against a Resiliency TN.
    fn officer_dice(v: &View, side: usize, tn: i32) -> f64 {
        let st = &v.state.sides[side];
        v.setup.sides[side]
            .officers
            .iter()
            .enumerate()
            .filter(|(i, o)| o.pc && st.officers[*i].free() && !st.officers[*i].general)
            .map(|(i, o)| {
                let at = &v.odds.officers[side][i];
                let p = at
                    .front
                    .as_ref()
                    .or(at.spell.iter().flatten().next())
                    .map_or(0.0, |c| c.get(tn));
                p * o.actions as f64
            })
            .sum()
    }
}

impl Policy for Expected {
    fn name(&self) -> &'static str {
        "default"
    }

    fn orders(&mut self, v: &View, side: usize, enemy: Option<&Orders>) -> Orders {
        let setup = v.setup;
        let st = &v.state.sides[side];
        let other = &v.state.sides[1 - side];
        let zone = st.zone.unwrap_or(setup.start);
        let size = setup.zones[zone].size;
        // Squads: the strongest up to the zone's Size.
        let squads = strongest_squads(st, size);
        let mine_mp: i32 = squads.iter().map(|&i| st.squads[i].mp).sum();
        let theirs_mp: i32 = {
            let mut e: Vec<i32> = other
                .squads
                .iter()
                .filter(|q| q.alive)
                .map(|q| q.mp)
                .collect();
            e.sort_unstable_by(|a, b| b.cmp(a));
            e.iter().take(size).sum()
        };
        // Officers: the NPCs, and every PC with something to do at the front (a roll, or a spell
        // slot left), wounded or not: his die is worth more than his safety, and a captive
        // costs the side holding him 10 on every roll.
        let officers: Vec<usize> = (0..st.officers.len())
            .filter(|&i| {
                let o = &setup.sides[side].officers[i];
                let can_act = o.front.is_some()
                    || o.spell
                        .iter()
                        .zip(&st.officers[i].slots)
                        .any(|(p, n)| p.is_some() && *n > 0);
                st.officers[i].free() && !st.officers[i].general && (!o.pc || can_act)
            })
            .collect();
        let enemy_formation = enemy.map(|e| e.formation).or(other.formation);
        // Each formation: the Battle roll's net dice and its change cost, scored by P(win) − P(lose).
        let mut best: Option<(f64, usize, bool)> = None;
        for (f, rule) in setup.formations.iter().enumerate() {
            for advance in [true, false] {
                if (rule.must_advance && !advance) || (rule.must_hold && advance) {
                    continue;
                }
                let change = st.formation.map_or(0, |c| setup.steps[c][f]);
                let mut mine = f64::from(rule.bonus + st.void_bonus + st.pending);
                if !advance {
                    mine -= f64::from(rule.hold_penalty);
                }
                let mut theirs = f64::from(other.pending + other.void_bonus);
                if let Some(g) = enemy_formation {
                    let er = setup.formations[g];
                    theirs += f64::from(er.bonus);
                    if enemy.is_some_and(|e| !e.advance) {
                        theirs -= f64::from(er.hold_penalty);
                    }
                    if setup.strong[f][g] {
                        mine += f64::from(setup.strong_bonus);
                    }
                    if setup.strong[g][f] {
                        theirs += f64::from(setup.strong_bonus);
                    }
                    mine += Self::officer_dice(v, side, er.tn);
                }
                theirs += Self::officer_dice(v, 1 - side, rule.tn);
                let diff = mine_mp - theirs_mp;
                if diff > 0 {
                    mine += f64::from(diff);
                } else {
                    theirs += f64::from(-diff);
                }
                let net = (mine - theirs).round() as i32;
                let (da, db) = if side == 0 {
                    (net.max(0), (-net).max(0))
                } else {
                    ((-net).max(0), net.max(0))
                };
                let shift = i64::from(setup.n.raise) * i64::from(change);
                let shift = if side == 0 { shift } else { -shift };
                let (a, b) = v.odds.clash(da, db, shift, i64::from(setup.n.tie_within));
                let (win, lose) = if side == 0 { (a, b) } else { (b, a) };
                // Holding keeps a defender on its walls; advancing keeps contact.
                let score = win - lose + if advance { 0.001 } else { 0.0 };
                if best.is_none_or(|(s, _, _)| score > s) {
                    best = Some((score, f, advance));
                }
            }
        }
        let (_, formation, advance) = best.unwrap_or((0.0, 1, true));
        // Retreat only from a hopeless stand: one squad against three times as many.
        let retreat =
            st.mp() <= 1 && other.mp() >= 3 * st.mp().max(1) && best.is_some_and(|b| b.0 < -0.7);
        Orders {
            retreat,
            formation,
            advance,
            squads,
            officers,
            dispose: st.captives > 0,
        }
    }

    fn raises(&mut self, _v: &View, _side: usize, menu: Menu, curve: &[f64], lose: &[f64]) -> u32 {
        let battle = matches!(menu, Menu::General | Menu::NpcGeneral);
        let mut best = (f64::MIN, 0u32);
        for (r, &p) in curve.iter().enumerate().take(MOST_RAISES) {
            let (_, worth) = best_buys(menu, r as u32);
            let ev = if battle {
                p * (WIN + worth) - lose.get(r).copied().unwrap_or(0.0) * WIN
            } else {
                // A success's own +1k0 (or a contest's initiative) and what the raises buy.
                p * (INITIATIVE + worth)
            };
            if ev > best.0 + 1e-9 {
                best = (ev, r as u32);
            }
        }
        best.1
    }

    fn buys(&mut self, _v: &View, _side: usize, menu: Menu, raises: u32) -> Buys {
        best_buys(menu, raises).0
    }

    fn ask(&mut self, v: &View, side: usize, q: Question) -> bool {
        match q {
            Question::Duel => {
                // Agree when our champion is at least as good as theirs.
                let mean = |s: usize| {
                    v.setup.sides[s]
                        .officers
                        .iter()
                        .find(|o| o.role == super::setup::Role::Champion)
                        .and_then(|o| o.own)
                        .map_or(0, |p| p.rolled * 10 + p.kept)
                };
                mean(side) >= mean(1 - side)
            }
            Question::AttackFleeing => true,
            Question::Parley | Question::Respite => {
                let st = &v.state.sides[side];
                let medic = v.setup.sides[side]
                    .officers
                    .iter()
                    .any(|o| o.role == super::setup::Role::Medic && o.pc);
                medic && st.squads.iter().any(|q| !q.alive)
            }
            Question::Surrender => false,
            Question::LayOnEnemy => true,
        }
    }
}

/// The random policy: any legal choice, uniformly.
pub struct Random(SeededDice);

impl Random {
    fn below(&mut self, n: usize) -> usize {
        self.0.index(n)
    }

    fn coin(&mut self) -> bool {
        self.below(2) == 1
    }
}

impl Policy for Random {
    fn name(&self) -> &'static str {
        "random"
    }

    fn orders(&mut self, v: &View, side: usize, _enemy: Option<&Orders>) -> Orders {
        let st = &v.state.sides[side];
        let zone = st.zone.unwrap_or(v.setup.start);
        let size = v.setup.zones[zone].size;
        let mut alive: Vec<usize> = (0..st.squads.len())
            .filter(|&i| st.squads[i].alive)
            .collect();
        self.0.shuffle(&mut alive);
        let n = if alive.is_empty() {
            0
        } else {
            1 + self.below(alive.len().min(size))
        };
        alive.truncate(n);
        let officers = (0..st.officers.len())
            .filter(|&i| st.officers[i].free() && self.coin())
            .collect();
        let formation = self.below(v.setup.formations.len());
        Orders {
            retreat: self.below(50) == 0,
            formation,
            advance: self.coin(),
            squads: alive,
            officers,
            dispose: self.coin(),
        }
    }

    fn raises(
        &mut self,
        _v: &View,
        _side: usize,
        _menu: Menu,
        _curve: &[f64],
        _lose: &[f64],
    ) -> u32 {
        // Up to 5: enough for every effect a menu sells (a raid costs 5).
        self.below(6) as u32
    }

    fn buys(&mut self, _v: &View, _side: usize, menu: Menu, raises: u32) -> Buys {
        // Random legal buys: spend raises one option at a time until nothing more fits.
        let mut b = Buys::default();
        let options: [fn(&mut Buys); 13] = [
            |b| b.glory += 1,
            |b| b.general_bonus += 1,
            |b| b.damage += 1,
            |b| b.advance += 1,
            |b| b.reveal += 1,
            |b| b.eliminate += 1,
            |b| b.resiliency += 1,
            |b| b.heal += 1,
            |b| b.capture = true,
            |b| b.recover = true,
            |b| b.raid = true,
            |b| b.act_as_officer = true,
            |b| b.extra_action = true,
        ];
        for _ in 0..16 {
            let mut next = b;
            options[self.below(options.len())](&mut next);
            if menu.cost(&next).is_some_and(|c| c <= raises) {
                b = next;
            }
        }
        b
    }

    fn ask(&mut self, _v: &View, _side: usize, q: Question) -> bool {
        match q {
            Question::Surrender => self.below(20) == 0,
            _ => self.coin(),
        }
    }
}

/// The yardstick a player tries first: an all-out attack. Fire every round (it must Advance),
/// the strongest squads up to the zone's Size and every free officer to the front, no raises
/// declared, never a retreat, a duel always accepted.
pub struct Charge;

impl Policy for Charge {
    fn name(&self) -> &'static str {
        "charge"
    }

    fn orders(&mut self, v: &View, side: usize, _enemy: Option<&Orders>) -> Orders {
        let st = &v.state.sides[side];
        let zone = st.zone.unwrap_or(v.setup.start);
        let squads = strongest_squads(st, v.setup.zones[zone].size);
        // The formation with the biggest Battle-roll bonus (Fire).
        let formation = (0..v.setup.formations.len())
            .max_by_key(|&f| (v.setup.formations[f].bonus, std::cmp::Reverse(f)))
            .unwrap_or(0);
        Orders {
            retreat: false,
            formation,
            advance: true,
            squads,
            officers: (0..st.officers.len())
                .filter(|&i| st.officers[i].free())
                .collect(),
            dispose: false,
        }
    }

    fn raises(
        &mut self,
        _v: &View,
        _side: usize,
        _menu: Menu,
        _curve: &[f64],
        _lose: &[f64],
    ) -> u32 {
        0
    }

    fn buys(&mut self, _v: &View, _side: usize, _menu: Menu, _raises: u32) -> Buys {
        Buys::default()
    }

    fn ask(&mut self, _v: &View, _side: usize, q: Question) -> bool {
        matches!(
            q,
            Question::Duel | Question::AttackFleeing | Question::LayOnEnemy
        )
    }
}
