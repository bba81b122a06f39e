//! The exact odds the default policy decides by, worked out once for a battle and shared
//! read-only by every simulated battle (and every thread): each general's Battle roll with any
//! number of extra or missing dice, the difference of the two generals' totals lazily per pair,
//! and the "at least" curve of every officer's pools.

use std::sync::OnceLock;

use super::dice::{Exact, Pool};
use super::setup::Setup;

/// Extra (or missing) rolled dice a Battle roll may carry, from −LOW to +HIGH.
const LOW: i32 = 10;
const HIGH: i32 = 12;
const SPAN: usize = (LOW + HIGH + 1) as usize;

/// P(total >= t) for every t.
#[derive(Debug, Clone, Default)]
pub struct AtLeast(Vec<f64>);

impl AtLeast {
    fn of(dist: &super::dice::Dist) -> AtLeast {
        let mut v = vec![0.0; dist.p.len() + 1];
        for t in (0..dist.p.len()).rev() {
            v[t] = v[t + 1] + dist.p[t];
        }
        AtLeast(v)
    }

    /// P(total >= t).
    pub fn get(&self, t: i32) -> f64 {
        match usize::try_from(t) {
            Err(_) => 1.0,
            Ok(t) => self.0.get(t).copied().unwrap_or(0.0),
        }
    }
}

/// P(A's total − B's total > k) for every k.
#[derive(Debug, Clone)]
struct Above {
    low: i64,
    gt: Vec<f64>,
}

impl Above {
    fn get(&self, k: i64) -> f64 {
        let i = k - self.low;
        if i < 0 {
            1.0
        } else {
            self.gt.get(i as usize).copied().unwrap_or(0.0)
        }
    }
}

/// Every pool of one officer, as "at least" curves.
#[derive(Debug, Clone, Default)]
pub struct OfficerOdds {
    pub front: Option<AtLeast>,
    pub own: Option<AtLeast>,
    pub spell: [Option<AtLeast>; 5],
}

/// The tables of one battle.
#[derive(Debug)]
pub struct Odds {
    battle: [Vec<super::dice::Dist>; 2],
    battle_at_least: [Vec<AtLeast>; 2],
    pairs: Vec<OnceLock<Above>>,
    pub officers: [Vec<OfficerOdds>; 2],
    /// For every pool a scout, herald or champion may contest with, against every pool of the
    /// other side's same role (or none): the chance of winning with r raises declared.
    contests: Vec<Contest>,
}

/// A contest's two pools and the first's chance of winning with r raises.
type Contest = ((Pool, Option<Pool>), [f64; CURVE]);

/// Raises a contest curve covers.
pub const CURVE: usize = 8;

/// The chance `mine` beats `theirs` (which declares none) with r raises, equal totals re-rolled.
pub fn contest_curve(
    exact: &mut Exact,
    mine: Pool,
    theirs: Option<Pool>,
    raise: i64,
) -> [f64; CURVE] {
    let mut c = [1.0; CURVE];
    let Some(theirs) = theirs else { return c };
    let (da, db) = (exact.dist(mine), exact.dist(theirs));
    let (low, diff) = super::odds::difference(&da, &db);
    for (r, x) in c.iter_mut().enumerate() {
        let need = raise * r as i64;
        let (mut win, mut eq) = (0.0, 0.0);
        for (i, p) in diff.iter().enumerate() {
            let d = low + i as i64 - need;
            if d > 0 {
                win += p;
            } else if d == 0 {
                eq += p;
            }
        }
        *x = win / (1.0 - eq).max(1e-12);
    }
    c
}

fn delta_index(d: i32) -> usize {
    (d.clamp(-LOW, HIGH) + LOW) as usize
}

impl Odds {
    pub fn new(setup: &Setup) -> Odds {
        let mut exact = Exact::new();
        let mut battle: [Vec<super::dice::Dist>; 2] = [Vec::new(), Vec::new()];
        for (s, side) in setup.sides.iter().enumerate() {
            battle[s] = (-LOW..=HIGH)
                .map(|d| exact.dist(side.battle.plus_rolled(d)))
                .collect();
        }
        let battle_at_least = [
            battle[0].iter().map(AtLeast::of).collect(),
            battle[1].iter().map(AtLeast::of).collect(),
        ];
        let mut curve = |p: Option<Pool>| p.map(|p| AtLeast::of(&exact.dist(p)));
        let officers = [0, 1].map(|s| {
            setup.sides[s]
                .officers
                .iter()
                .map(|o| OfficerOdds {
                    front: curve(o.front),
                    own: curve(o.own),
                    spell: o.spell.map(&mut curve),
                })
                .collect()
        });
        let mut contests: Vec<Contest> = Vec::new();
        let raise = i64::from(setup.n.raise);
        for s in 0..2 {
            for o in &setup.sides[s].officers {
                let Some(mine) = o.own else { continue };
                let rivals = setup.sides[1 - s]
                    .officers
                    .iter()
                    .filter(|x| x.role == o.role)
                    .filter_map(|x| x.own.map(Some))
                    .chain([None]);
                for theirs in rivals {
                    if !contests.iter().any(|(k, _)| *k == (mine, theirs)) {
                        let c = contest_curve(&mut exact, mine, theirs, raise);
                        contests.push(((mine, theirs), c));
                    }
                }
            }
        }
        Odds {
            battle,
            battle_at_least,
            pairs: (0..SPAN * SPAN).map(|_| OnceLock::new()).collect(),
            officers,
            contests,
        }
    }

    /// The contest curve of `mine` against `theirs`, when worked out in advance.
    pub fn contest(&self, mine: Pool, theirs: Option<Pool>) -> Option<[f64; CURVE]> {
        self.contests
            .iter()
            .find(|(k, _)| *k == (mine, theirs))
            .map(|(_, c)| *c)
    }

    /// A general's Battle roll with `extra` dice: P(total >= t).
    pub fn battle_at_least(&self, side: usize, extra: i32, t: i32) -> f64 {
        self.battle_at_least[side][delta_index(extra)].get(t)
    }

    fn pair(&self, da: i32, db: i32) -> &Above {
        let (ia, ib) = (delta_index(da), delta_index(db));
        self.pairs[ia * SPAN + ib].get_or_init(|| {
            let (low, diff) = super::odds::difference(&self.battle[0][ia], &self.battle[1][ib]);
            let mut gt = vec![0.0; diff.len() + 1];
            for i in (0..diff.len()).rev() {
                gt[i] = gt[i + 1] + diff[i];
            }
            // gt[i] = P(D >= low + i), so P(D > k) = gt[k + 1 - low].
            Above { low: low - 1, gt }
        })
    }

    /// The Battle roll's (A wins, B wins) with A and B carrying `da` and `db` extra dice and A's
    /// effective total `shift` below its roll relative to B's (raises, captives).
    pub fn clash(&self, da: i32, db: i32, shift: i64, tie_within: i64) -> (f64, f64) {
        let above = self.pair(da, db);
        let a = above.get(tie_within + shift);
        let b = 1.0 - above.get(shift - tie_within - 1);
        (a, b)
    }
}
