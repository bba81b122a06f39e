//! Roll and keep (L5R-01, L5R-41): a pool `XkY`, the Ten Dice Rule, rolling it with a d10 source
//! (seeded or scripted), and its exact distribution.
//!
//! A trained die explodes: a 10 is rolled again and added for as long as 10s come up. The exact
//! distribution does not take the explode-after-keeping shortcut: a die that came up 10 beats every
//! die that did not, so with `j` first faces of 10 the kept dice are those `j` (each 10 plus a fresh
//! exploding die) and the best `Y - j` of the rest (faces 1 to 9), or, when `j >= Y`, the best `Y`
//! of the `j` exploded dice, which is the same problem one level of explosion down. Each level
//! costs a tenth of the mass, so the sums stop once a term weighs less than [`TERM`]; whatever mass
//! the stops leave out is the reported `cut`, checked below [`CUT`].

use std::collections::VecDeque;
use std::fmt;

use rand::{Rng, SeedableRng, rngs::ChaCha8Rng};
use schemars::JsonSchema;
use serde::Serialize;

/// The most mass an exact distribution may leave out (the explosion tail).
pub const CUT: f64 = 1e-12;

/// A series over explosion levels stops once its next term weighs less than this.
const TERM: f64 = 1e-14;

/// How a pool's dice behave.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Dice {
    /// 10s are rolled again and added (every roll but an untrained Skill roll, L5R-01).
    pub explode: bool,
    /// An Emphasis: a die whose first face is 1 is rolled again once (L5R-41).
    pub emphasis: bool,
}

impl Dice {
    pub const TRAINED: Dice = Dice {
        explode: true,
        emphasis: false,
    };
    pub const UNTRAINED: Dice = Dice {
        explode: false,
        emphasis: false,
    };
}

/// A pool as written: X rolled, Y kept, a flat bonus, and how the dice behave.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Pool {
    pub rolled: i32,
    pub kept: i32,
    /// Added to the kept dice (the Ten Dice Rule's +2s come on top, [`Pool::ten_dice`]).
    pub bonus: i32,
    pub dice: Dice,
}

/// A pool after the Ten Dice Rule: at most 10 rolled, kept never above rolled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Rollable {
    pub rolled: u8,
    pub kept: u8,
    pub bonus: i32,
    pub dice: Dice,
}

impl Pool {
    pub fn new(rolled: i32, kept: i32) -> Pool {
        Pool {
            rolled,
            kept,
            bonus: 0,
            dice: Dice::TRAINED,
        }
    }

    /// The pool with `n` more rolled dice (`n` may be negative: a −Nk0 penalty).
    pub fn plus_rolled(self, n: i32) -> Pool {
        Pool {
            rolled: self.rolled.saturating_add(n),
            ..self
        }
    }

    /// The Ten Dice Rule (L5R-01), in its order: rolled dice above 10 become kept dice two for
    /// one while kept is below 10 (a single leftover is dropped); once kept is 10 each further
    /// rolled die above 10 gives +2; kept dice above 10 give +2 each; then kept never exceeds
    /// rolled. No dice rolled (or none kept) is a total of 0 and its bonus.
    pub fn ten_dice(self) -> Rollable {
        let (mut rolled, mut kept, mut bonus) = (self.rolled, self.kept, self.bonus);
        if rolled <= 0 || kept <= 0 {
            return Rollable {
                rolled: 0,
                kept: 0,
                bonus: if rolled <= 0 { 0 } else { bonus },
                dice: self.dice,
            };
        }
        if rolled > 10 {
            let mut extra = rolled - 10;
            rolled = 10;
            while extra >= 2 && kept < 10 {
                extra -= 2;
                kept += 1;
            }
            if kept >= 10 {
                bonus = bonus.saturating_add(extra.saturating_mul(2));
            }
        }
        if kept > 10 {
            bonus = bonus.saturating_add((kept - 10).saturating_mul(2));
            kept = 10;
        }
        kept = kept.min(rolled);
        Rollable {
            rolled: rolled as u8,
            kept: kept as u8,
            bonus,
            dice: self.dice,
        }
    }
}

/// `XkY`, with `+Z` or `-Z` when there is a bonus.
fn write_pool(f: &mut fmt::Formatter<'_>, rolled: i32, kept: i32, bonus: i32) -> fmt::Result {
    write!(f, "{rolled}k{kept}")?;
    if bonus != 0 {
        write!(f, "{bonus:+}")?;
    }
    Ok(())
}

impl fmt::Display for Pool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_pool(f, self.rolled, self.kept, self.bonus)
    }
}

impl fmt::Display for Rollable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_pool(f, i32::from(self.rolled), i32::from(self.kept), self.bonus)
    }
}

/// Read `XkY`, `XkY+Z` or `XkY-Z` (`7k3`, `10k10+4`).
pub fn parse_pool(text: &str) -> Result<Pool, String> {
    let bad = || format!("`{text}` is not a pool: write it XkY, e.g. `7k3` or `10k10+4`");
    let lower = text.trim().to_ascii_lowercase();
    let (rolled, rest) = lower.split_once('k').ok_or_else(bad)?;
    let split = rest.find(['+', '-']).unwrap_or(rest.len());
    let (kept, bonus) = rest.split_at(split);
    let number = |s: &str| s.parse::<i32>().ok().filter(|n| (0..=99).contains(n));
    let rolled = number(rolled).ok_or_else(bad)?;
    let kept = number(kept).ok_or_else(bad)?;
    let bonus = if bonus.is_empty() {
        0
    } else {
        bonus
            .parse::<i32>()
            .ok()
            .filter(|b| b.abs() <= 999)
            .ok_or_else(bad)?
    };
    Ok(Pool {
        rolled,
        kept,
        bonus,
        dice: Dice::TRAINED,
    })
}

/// A source of d10 rolls.
pub trait D10 {
    /// One d10, 1 to 10.
    fn d10(&mut self) -> u8;
}

/// Reproducible d10s: ChaCha8 seeded from a `u64`, one stream per battle; a die is one random
/// byte below 250, modulo 10, plus 1 (higher bytes are skipped).
#[derive(Debug)]
pub struct SeededD10 {
    rng: ChaCha8Rng,
    bytes: [u8; 64],
    next: usize,
}

impl SeededD10 {
    pub fn new(seed: u64, stream: u64) -> SeededD10 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(stream);
        SeededD10 {
            rng,
            bytes: [0; 64],
            next: 64,
        }
    }
}

impl D10 for SeededD10 {
    #[inline]
    fn d10(&mut self) -> u8 {
        loop {
            if self.next >= self.bytes.len() {
                self.rng.fill_bytes(&mut self.bytes);
                self.next = 0;
            }
            let b = self.bytes[self.next];
            self.next += 1;
            if b < 250 {
                return b % 10 + 1;
            }
        }
    }
}

/// d10s from a script, for the worked examples.
#[derive(Debug, Clone, Default)]
pub struct ScriptedD10 {
    rolls: VecDeque<u8>,
}

impl ScriptedD10 {
    pub fn new(rolls: &[u8]) -> ScriptedD10 {
        ScriptedD10 {
            rolls: rolls.iter().copied().collect(),
        }
    }

    /// Rolls not used yet.
    pub fn remaining(&self) -> usize {
        self.rolls.len()
    }
}

impl D10 for ScriptedD10 {
    /// # Panics
    /// When the script runs out: a test scripted fewer rolls than the rules asked for.
    fn d10(&mut self) -> u8 {
        match self.rolls.pop_front() {
            Some(roll) => roll,
            None => panic!("the scripted d10s ran out: the rules asked for more rolls"),
        }
    }
}

/// One die of a pool: its first face (rolled again once on a 1 with an Emphasis), and, when the
/// dice explode, every 10 rolled again and added.
#[inline]
pub fn roll_die(d10: &mut impl D10, dice: Dice) -> u32 {
    let mut face = d10.d10();
    if dice.emphasis && face == 1 {
        face = d10.d10();
    }
    let mut total = u32::from(face);
    if dice.explode {
        while face == 10 {
            face = d10.d10();
            total += u32::from(face);
        }
    }
    total
}

/// Roll a pool: the Ten Dice Rule, then each die in turn, the kept highest summed, the bonus added.
/// Never below 0. No allocation.
pub fn roll(d10: &mut impl D10, pool: Pool) -> i32 {
    let r = pool.ten_dice();
    roll_rollable(d10, r)
}

/// Roll a pool already through the Ten Dice Rule.
pub fn roll_rollable(d10: &mut impl D10, r: Rollable) -> i32 {
    if r.rolled == 0 {
        return r.bonus.max(0);
    }
    let mut dice = [0u32; 10];
    for die in dice.iter_mut().take(usize::from(r.rolled)) {
        *die = roll_die(d10, r.dice);
    }
    let rolled = &mut dice[..usize::from(r.rolled)];
    rolled.sort_unstable_by(|a, b| b.cmp(a));
    let kept: u32 = rolled[..usize::from(r.kept)].iter().sum();
    (i64::from(kept) + i64::from(r.bonus)).clamp(0, i64::from(i32::MAX)) as i32
}

/// The exact distribution of a pool's total: `p[t]` is P(total = t); `cut` is the mass the
/// explosion tail leaves out (below [`CUT`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Dist {
    pub p: Vec<f64>,
    pub cut: f64,
}

impl Dist {
    fn from_mass(p: Vec<f64>) -> Dist {
        let total: f64 = p.iter().sum();
        Dist {
            p,
            cut: (1.0 - total).max(0.0),
        }
    }

    /// P(total >= t).
    pub fn at_least(&self, t: i32) -> f64 {
        let from = usize::try_from(t.max(0)).unwrap_or(0);
        self.p.iter().skip(from).sum()
    }

    /// P(total = t).
    pub fn exactly(&self, t: i32) -> f64 {
        usize::try_from(t)
            .ok()
            .and_then(|t| self.p.get(t))
            .copied()
            .unwrap_or(0.0)
    }

    pub fn mean(&self) -> f64 {
        self.p.iter().enumerate().map(|(t, p)| t as f64 * p).sum()
    }

    /// The smallest total with P(total <= t) >= q.
    pub fn quantile(&self, q: f64) -> i32 {
        let mut acc = 0.0;
        for (t, p) in self.p.iter().enumerate() {
            acc += p;
            if acc >= q {
                return t as i32;
            }
        }
        self.p.len().saturating_sub(1) as i32
    }
}

/// Binomial coefficients up to 10.
fn choose(n: usize, k: usize) -> f64 {
    (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
}

fn convolve(a: &[f64], b: &[f64]) -> Vec<f64> {
    if a.is_empty() || b.is_empty() {
        return Vec::new();
    }
    let mut out = vec![0.0; a.len() + b.len() - 1];
    for (i, &x) in a.iter().enumerate() {
        if x == 0.0 {
            continue;
        }
        for (o, &y) in out[i..].iter_mut().zip(b) {
            *o += x * y;
        }
    }
    out
}

/// `acc += w × shift(d, by)`.
fn add_shifted(acc: &mut Vec<f64>, d: &[f64], by: usize, w: f64) {
    if acc.len() < d.len() + by {
        acc.resize(d.len() + by, 0.0);
    }
    for (o, &x) in acc[by..].iter_mut().zip(d) {
        *o += w * x;
    }
}

/// The sum of the best `k` of `n` dice (`n >= k`) that never explode, each with face `v`
/// (1-based) at probability `faces[v - 1]` (the faces sum to 1).
fn best_of(n: usize, k: usize, faces: &[f64]) -> Vec<f64> {
    let top = faces.len();
    let width = k * top + 1;
    let mut done = vec![0.0; width];
    if k == 0 {
        done[0] = 1.0;
        return done;
    }
    // states[(m * (k + 1) + c) * width + s]: m dice left to place, c kept so far, s their sum.
    let index = |m: usize, c: usize, s: usize| (m * (k + 1) + c) * width + s;
    let mut states = vec![0.0; (n + 1) * (k + 1) * width];
    let mut next = states.clone();
    states[index(n, 0, 0)] = 1.0;
    let mut below: f64 = faces.iter().sum();
    for v in (1..=top).rev() {
        let q = if below > 0.0 {
            (faces[v - 1] / below).min(1.0)
        } else {
            0.0
        };
        below -= faces[v - 1];
        next.iter_mut().for_each(|x| *x = 0.0);
        // weights[m][here]: of m dice at most v, `here` show exactly v.
        let mut weights = [[0.0f64; 11]; 11];
        for (m, row) in weights.iter_mut().enumerate().take(n + 1) {
            for (here, w) in row.iter_mut().enumerate().take(m + 1) {
                *w = choose(m, here) * q.powi(here as i32) * (1.0 - q).powi((m - here) as i32);
            }
        }
        for m in 1..=n {
            for c in 0..k {
                // c kept dice, each at most `top`.
                for s in 0..=(c * top) {
                    let mass = states[index(m, c, s)];
                    if mass == 0.0 {
                        continue;
                    }
                    for (here, &w) in weights[m].iter().enumerate().take(m + 1) {
                        if w == 0.0 {
                            continue;
                        }
                        let add = here.min(k - c);
                        let sum = s + v * add;
                        if c + add == k {
                            done[sum] += mass * w;
                        } else if m > here {
                            next[index(m - here, c + add, sum)] += mass * w;
                        }
                    }
                }
            }
        }
        std::mem::swap(&mut states, &mut next);
    }
    done
}

/// Exact distributions of trained and untrained pools, with the pieces they share cached.
#[derive(Debug, Default)]
pub struct Exact {
    /// `powers[j]`: the sum of `j` fresh exploding dice.
    powers: Vec<Vec<f64>>,
    /// `standard[(n, k)]`: the best `k` of `n` plain exploding dice.
    standard: std::collections::HashMap<(usize, usize), Vec<f64>>,
    /// `nines[(n, k)]`: the best `k` of `n` faces 1 to 9.
    nines: std::collections::HashMap<(usize, usize), Vec<f64>>,
}

/// Faces 1 to 9 of a plain die, given it did not come up 10.
const NINE: [f64; 9] = [1.0 / 9.0; 9];

impl Exact {
    pub fn new() -> Exact {
        Exact::default()
    }

    /// One fresh exploding die: 10t + r (r in 1..9) with probability 0.1^(t+1).
    fn one_die() -> Vec<f64> {
        let mut p = Vec::new();
        let mut weight = 0.1;
        let mut t = 0;
        while weight >= TERM {
            p.resize(10 * t + 10, 0.0);
            for r in 1..=9 {
                p[10 * t + r] = weight;
            }
            weight *= 0.1;
            t += 1;
        }
        p
    }

    fn power(&mut self, j: usize) -> Vec<f64> {
        if self.powers.is_empty() {
            self.powers.push(vec![1.0]);
        }
        while self.powers.len() <= j {
            let last = self.powers.last().map_or_else(|| vec![1.0], Clone::clone);
            self.powers.push(convolve(&last, &Exact::one_die()));
        }
        self.powers[j].clone()
    }

    /// The term of `j` first faces of 10 among `n` dice keeping `k`; the other dice show `rest`
    /// (faces 1 to 9, plain ones when `None`).
    fn term(&mut self, n: usize, k: usize, j: usize, rest: Option<&[f64]>) -> Vec<f64> {
        if j < k {
            let mut out = Vec::new();
            let best = match rest {
                Some(faces) => best_of(n - j, k - j, faces),
                None => self
                    .nines
                    .entry((n - j, k - j))
                    .or_insert_with(|| best_of(n - j, k - j, &NINE))
                    .clone(),
            };
            let kept = convolve(&self.power(j), &best);
            add_shifted(&mut out, &kept, 10 * j, 1.0);
            out
        } else {
            let mut out = Vec::new();
            let below = self.standard_best(j, k);
            add_shifted(&mut out, &below, 10 * k, 1.0);
            out
        }
    }

    /// The best `k` of `n` plain exploding dice (1 <= k <= n <= 10).
    fn standard_best(&mut self, n: usize, k: usize) -> Vec<f64> {
        if let Some(d) = self.standard.get(&(n, k)) {
            return d.clone();
        }
        let mut once = Vec::new();
        for j in 0..n {
            let w = choose(n, j) * 0.1f64.powi(j as i32) * 0.9f64.powi((n - j) as i32);
            let t = self.term(n, k, j, None);
            add_shifted(&mut once, &t, 0, w);
        }
        // All n came up 10: the same roll again, 10k higher (a geometric series).
        let all = 0.1f64.powi(n as i32);
        let mut d = Vec::new();
        let mut weight = 1.0;
        let mut t = 0;
        while weight >= TERM {
            add_shifted(&mut d, &once, 10 * k * t, weight);
            weight *= all;
            t += 1;
        }
        self.standard.insert((n, k), d.clone());
        d
    }

    /// The exact distribution of a pool's total.
    pub fn dist(&mut self, pool: Pool) -> Dist {
        self.dist_of(pool.ten_dice())
    }

    pub fn dist_of(&mut self, r: Rollable) -> Dist {
        let (n, k) = (usize::from(r.rolled), usize::from(r.kept));
        let kept = if n == 0 || k == 0 {
            vec![1.0]
        } else {
            let mut faces = [0.1; 10];
            if r.dice.emphasis {
                // A first 1 is rolled again once: 1 at 1/100, every other face at 11/100.
                faces = [0.11; 10];
                faces[0] = 0.01;
            }
            if !r.dice.explode {
                best_of(n, k, &faces)
            } else if !r.dice.emphasis {
                self.standard_best(n, k)
            } else {
                let ten = faces[9];
                let rest: Vec<f64> = faces[..9].iter().map(|f| f / (1.0 - ten)).collect();
                let mut d = Vec::new();
                for j in 0..=n {
                    let w = choose(n, j) * ten.powi(j as i32) * (1.0 - ten).powi((n - j) as i32);
                    let t = self.term(n, k, j, Some(&rest));
                    add_shifted(&mut d, &t, 0, w);
                }
                d
            }
        };
        // The bonus moves every total; a total is never below 0.
        let mut p = vec![0.0; 1];
        for (t, &x) in kept.iter().enumerate() {
            let total = (t as i64 + i64::from(r.bonus)).max(0) as usize;
            if p.len() <= total {
                p.resize(total + 1, 0.0);
            }
            p[total] += x;
        }
        while p.len() > 1 && p.last() == Some(&0.0) {
            p.pop();
        }
        Dist::from_mass(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_best_of_plain_dice_sums_to_one_and_has_the_right_mean() {
        // The best of two d10s: mean 7.15 (E[max] = 1/100 × Σ (2v - 1) v).
        let faces = [0.1; 10];
        let d = best_of(2, 1, &faces);
        let mass: f64 = d.iter().sum();
        let mean: f64 = d.iter().enumerate().map(|(t, p)| t as f64 * p).sum();
        assert!((mass - 1.0).abs() < 1e-12);
        assert!((mean - 7.15).abs() < 1e-12, "{mean}");
    }

    #[test]
    fn one_exploding_die_has_mean_one_hundred_ninths_of_five_and_a_half() {
        // E = 5.5 + 0.1 E → 55/9 = 6.111...
        let d = Exact::new().dist(Pool::new(1, 1));
        assert!((d.mean() - 55.0 / 9.0).abs() < 1e-12, "{}", d.mean());
        assert!(d.cut < CUT);
        assert_eq!(d.exactly(10), 0.0, "a 10 is always rolled again");
        assert!((d.exactly(13) - 0.01).abs() < 1e-15);
    }
}
