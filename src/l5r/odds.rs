//! Exact odds of roll-and-keep: a pool against a TN with 0, 1, 2, ... Raises (L5R-02), a contested
//! roll with re-rolls on equal totals (L5R-03), and the generals' Battle roll (ties within 5, the
//! net bonus after balancing, L5R-04), all from [`super::dice::Exact`].

use schemars::JsonSchema;
use serde::Serialize;

use super::dice::{Dist, Exact, Pool};

/// The bonus each side rolls after balancing (L5R-04): the difference goes to the side ahead.
pub fn balance(a: i32, b: i32) -> (i32, i32) {
    let net = a.saturating_sub(b);
    if net >= 0 { (net, 0) } else { (0, -net) }
}

/// Success against a TN with declared raises (L5R-02): the total meets TN + 5 per raise.
pub fn meets(total: i32, tn: i32, raises: u32) -> bool {
    i64::from(total) >= i64::from(tn) + 5 * i64::from(raises)
}

/// What a Battle roll's comparison gives (L5R-03, §6 Step 5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Clash {
    /// A more than 5 ahead.
    AWins,
    /// Within 5 of each other.
    Tie,
    BWins,
}

/// Compare two Battle-roll totals after each side's declared raises count −5 each.
pub fn clash(a: i32, raises_a: u32, b: i32, raises_b: u32) -> Clash {
    let ea = i64::from(a) - 5 * i64::from(raises_a);
    let eb = i64::from(b) - 5 * i64::from(raises_b);
    if ea - eb > 5 {
        Clash::AWins
    } else if eb - ea > 5 {
        Clash::BWins
    } else {
        Clash::Tie
    }
}

/// One row of a TN table.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct RaiseRow {
    pub raises: u32,
    /// The total needed: TN + 5 per raise.
    pub needs: i32,
    /// P(success) with that many raises declared.
    pub chance: f64,
    /// P(exactly this many raises), when raises are counted from the margin instead (L5R-02
    /// `margin`): ⌊(total − TN) / 5⌋.
    pub by_margin: f64,
}

/// A pool's exact distribution, summarised.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct PoolJson {
    /// As written.
    pub pool: String,
    /// As rolled, after the Ten Dice Rule.
    pub rolled_as: String,
    pub explode: bool,
    pub emphasis: bool,
    pub mean: f64,
    pub median: i32,
    /// The mass the explosion tail leaves out of the enumeration (below 1e-12).
    pub cut: f64,
}

impl PoolJson {
    pub fn new(pool: Pool, dist: &Dist) -> PoolJson {
        PoolJson {
            pool: pool.to_string(),
            rolled_as: pool.ten_dice().to_string(),
            explode: pool.dice.explode,
            emphasis: pool.dice.emphasis,
            mean: dist.mean(),
            median: dist.quantile(0.5),
            cut: dist.cut,
        }
    }
}

/// `odds --system l5r-mass-battle roll` as JSON.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct RollOddsJson {
    pub system: &'static str,
    pub kind: &'static str,
    pub roll: PoolJson,
    pub tn: i32,
    /// P(failing even with no raise), the margin counting's "no success".
    pub fails: f64,
    pub raises: Vec<RaiseRow>,
}

/// The TN table of a pool: rows from 0 raises while success stays possible (at least `min_rows`,
/// at most 20).
pub fn roll(exact: &mut Exact, pool: Pool, tn: i32, min_rows: u32) -> RollOddsJson {
    let dist = exact.dist(pool);
    let mut raises = Vec::new();
    for r in 0..=20u32 {
        let needs = tn.saturating_add(5 * r as i32);
        let chance = dist.at_least(needs);
        if r >= min_rows.max(1) && chance < 1e-4 {
            break;
        }
        let by_margin = chance - dist.at_least(needs.saturating_add(5));
        raises.push(RaiseRow {
            raises: r,
            needs,
            chance,
            by_margin,
        });
    }
    RollOddsJson {
        system: super::ID,
        kind: "roll",
        roll: PoolJson::new(pool, &dist),
        tn,
        fails: 1.0 - dist.at_least(tn) - dist.cut,
        raises,
    }
}

/// P(A's total − B's total = d) for every d, as (lowest d, chances).
pub fn difference(a: &Dist, b: &Dist) -> (i64, Vec<f64>) {
    let low = -(b.p.len() as i64 - 1);
    let mut out = vec![0.0; a.p.len() + b.p.len() - 1];
    for (i, &x) in a.p.iter().enumerate() {
        if x == 0.0 {
            continue;
        }
        // d = i - j, index = d - low = i + (len_b - 1 - j).
        for (j, &y) in b.p.iter().enumerate() {
            out[i + b.p.len() - 1 - j] += x * y;
        }
    }
    (low, out)
}

/// One band of a margin table.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct MarginBand {
    /// The effective margin, A's minus B's, from..=to (open-ended at the ends).
    pub from: Option<i64>,
    pub to: Option<i64>,
    pub chance: f64,
}

/// `odds --system l5r-mass-battle battle` as JSON.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct BattleOddsJson {
    pub system: &'static str,
    pub kind: &'static str,
    /// The k0 bonuses each side gathered (its bonuses less the penalties laid on it), and what
    /// each rolls after balancing (L5R-04).
    pub gathered: [i32; 2],
    pub balanced: [i32; 2],
    pub a: PoolJson,
    pub b: PoolJson,
    pub raises: [u32; 2],
    /// A more than 5 ahead (after −5 per declared raise): A pushes B back, kills a squad, and its
    /// raises take effect.
    pub a_wins: f64,
    /// Within 5: each side loses one squad, nobody moves.
    pub tie: f64,
    pub b_wins: f64,
    /// A ties but rolled higher (takes the initiative); equal totals leave it where it was.
    pub tie_a_higher: f64,
    pub tie_equal: f64,
    pub margins: Vec<MarginBand>,
    pub cut: f64,
}

/// The two generals' Battle roll.
pub fn battle(
    exact: &mut Exact,
    pools: [Pool; 2],
    gathered: [i32; 2],
    raises: [u32; 2],
) -> BattleOddsJson {
    let balanced = balance(gathered[0], gathered[1]);
    let a_pool = pools[0].plus_rolled(balanced.0);
    let b_pool = pools[1].plus_rolled(balanced.1);
    let (da, db) = (exact.dist(a_pool), exact.dist(b_pool));
    let (low, diff) = difference(&da, &db);
    let shift = 5 * (i64::from(raises[0]) - i64::from(raises[1]));
    let (mut a_wins, mut tie, mut b_wins, mut tie_a_higher, mut tie_equal) =
        (0.0, 0.0, 0.0, 0.0, 0.0);
    const BANDS: [(Option<i64>, Option<i64>); 11] = [
        (None, Some(-21)),
        (Some(-20), Some(-16)),
        (Some(-15), Some(-11)),
        (Some(-10), Some(-6)),
        (Some(-5), Some(-1)),
        (Some(0), Some(0)),
        (Some(1), Some(5)),
        (Some(6), Some(10)),
        (Some(11), Some(15)),
        (Some(16), Some(20)),
        (Some(21), None),
    ];
    let mut margins: Vec<MarginBand> = BANDS
        .iter()
        .map(|&(from, to)| MarginBand {
            from,
            to,
            chance: 0.0,
        })
        .collect();
    for (i, &p) in diff.iter().enumerate() {
        if p == 0.0 {
            continue;
        }
        let d = low + i as i64 - shift;
        if d > 5 {
            a_wins += p;
        } else if d < -5 {
            b_wins += p;
        } else {
            tie += p;
            if d > 0 {
                tie_a_higher += p;
            } else if d == 0 {
                tie_equal += p;
            }
        }
        if let Some(band) = margins
            .iter_mut()
            .find(|m| m.from.is_none_or(|f| d >= f) && m.to.is_none_or(|t| d <= t))
        {
            band.chance += p;
        }
    }
    BattleOddsJson {
        system: super::ID,
        kind: "battle",
        gathered,
        balanced: [balanced.0, balanced.1],
        a: PoolJson::new(a_pool, &da),
        b: PoolJson::new(b_pool, &db),
        raises,
        a_wins,
        tie,
        b_wins,
        tie_a_higher,
        tie_equal,
        margins,
        cut: da.cut + db.cut,
    }
}

/// `odds --system l5r-mass-battle contest` as JSON.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct ContestOddsJson {
    pub system: &'static str,
    pub kind: &'static str,
    pub a: PoolJson,
    pub b: PoolJson,
    pub raises: [u32; 2],
    /// A's effective total higher, equal totals re-rolled until one is (L5R-03).
    pub a_wins: f64,
    pub b_wins: f64,
    /// P(equal effective totals) on one roll: the chance of a re-roll.
    pub reroll: f64,
    /// A ahead by 5 or more (a duel's victory, L5R-15), re-rolls included.
    pub a_by_five: f64,
    pub b_by_five: f64,
    /// Decided by under 5 (a duel's shameful victory), re-rolls included.
    pub under_five: f64,
    pub cut: f64,
}

/// A contested roll between two pools.
pub fn contest(exact: &mut Exact, pools: [Pool; 2], raises: [u32; 2]) -> ContestOddsJson {
    let (da, db) = (exact.dist(pools[0]), exact.dist(pools[1]));
    let (low, diff) = difference(&da, &db);
    let shift = 5 * (i64::from(raises[0]) - i64::from(raises[1]));
    let (mut a, mut b, mut equal, mut a5, mut b5) = (0.0, 0.0, 0.0, 0.0, 0.0);
    for (i, &p) in diff.iter().enumerate() {
        let d = low + i as i64 - shift;
        match d {
            0 => equal += p,
            d if d > 0 => {
                a += p;
                if d >= 5 {
                    a5 += p;
                }
            }
            d => {
                b += p;
                if d <= -5 {
                    b5 += p;
                }
            }
        }
    }
    let decided = (a + b).max(f64::MIN_POSITIVE);
    ContestOddsJson {
        system: super::ID,
        kind: "contest",
        a: PoolJson::new(pools[0], &da),
        b: PoolJson::new(pools[1], &db),
        raises,
        a_wins: a / decided,
        b_wins: b / decided,
        reroll: equal,
        a_by_five: a5 / decided,
        b_by_five: b5 / decided,
        under_five: (a - a5 + b - b5) / decided,
        cut: da.cut + db.cut,
    }
}
