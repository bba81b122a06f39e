//! L5R mass battles: the dice rules of digest §17 (tests 1-3, 8 and 20's exact odds) with scripted
//! d10s and the exact distributions against a million seeded rolls.

use buntai::l5r::dice::{
    CUT, D10, Dice, Exact, Pool, Rollable, ScriptedD10, SeededD10, parse_pool, roll,
};
use buntai::l5r::odds::{self, Clash};

fn scripted(pool: Pool, rolls: &[u8]) -> (i32, usize) {
    let mut d10 = ScriptedD10::new(rolls);
    let total = roll(&mut d10, pool);
    (total, d10.remaining())
}

fn rolled(text: &str) -> Rollable {
    parse_pool(text).expect("a pool").ten_dice()
}

#[test]
fn a_ten_explodes_and_is_added_before_keeping() {
    // 3k2 with 10, 3, 7, 2: the 10 takes the 3 (13), then 7 and 2; keep 13 and 7.
    assert_eq!(scripted(Pool::new(3, 2), &[10, 3, 7, 2]), (20, 0));
}

#[test]
fn an_untrained_roll_does_not_explode() {
    let untrained = Pool {
        dice: Dice::UNTRAINED,
        ..Pool::new(3, 2)
    };
    // 10, 3, 7: the 10 stays 10 and no fourth die is used.
    assert_eq!(scripted(untrained, &[10, 3, 7, 2]), (17, 1));
}

#[test]
fn an_emphasis_rolls_a_first_one_again_once() {
    let emphasis = Pool {
        dice: Dice {
            explode: true,
            emphasis: true,
        },
        ..Pool::new(2, 2)
    };
    // First die 1 → rolled again: 1 (kept as 1). Second die 4.
    assert_eq!(scripted(emphasis, &[1, 1, 4]), (5, 0));
    // A re-rolled 10 still explodes.
    assert_eq!(scripted(emphasis, &[1, 10, 2, 6]), (18, 0));
}

#[test]
fn ten_dice_rule_turns_rolled_dice_over_ten_into_kept_dice_then_bonuses() {
    let cases = [
        ("12k4", (10, 5, 0)),
        ("13k9", (10, 10, 2)),
        ("10k12", (10, 10, 4)),
        ("14k12", (10, 10, 12)),
        ("11k4", (10, 4, 0)),
        ("2k3", (2, 2, 0)),
        ("0k3", (0, 0, 0)),
    ];
    for (text, (x, y, bonus)) in cases {
        let r = rolled(text);
        assert_eq!((r.rolled, r.kept, r.bonus), (x, y, bonus), "{text}");
    }
    // 0k3 rolls nothing: a total of 0.
    assert_eq!(scripted(Pool::new(0, 3), &[]), (0, 0));
}

#[test]
fn a_raise_adds_five_to_the_tn() {
    assert!(odds::meets(24, 20, 0));
    assert!(!odds::meets(24, 20, 1));
    assert!(odds::meets(25, 20, 1));
}

#[test]
fn balancing_leaves_only_the_side_ahead_with_the_difference() {
    assert_eq!(odds::balance(3, 1), (2, 0));
    // A carries a herald's −2, B has +1: B rolls +3k0.
    assert_eq!(odds::balance(-2, 1), (0, 3));
}

#[test]
fn battle_totals_within_five_tie_and_more_than_five_win() {
    assert_eq!(odds::clash(31, 0, 27, 0), Clash::Tie);
    assert_eq!(odds::clash(33, 0, 27, 0), Clash::AWins);
    assert_eq!(
        odds::clash(32, 0, 27, 0),
        Clash::Tie,
        "5 ahead is still a tie"
    );
    // A's declared raise counts −5: 38 − 5 = 33 against 27 wins; 37 − 5 = 32 ties.
    assert_eq!(odds::clash(38, 1, 27, 0), Clash::AWins);
    assert_eq!(odds::clash(37, 1, 27, 0), Clash::Tie);
    assert_eq!(odds::clash(20, 0, 27, 0), Clash::BWins);
}

/// Exact P(total >= t) against `n` seeded rolls, within `sigmas` standard errors, for every t
/// whose exact chance is between 0.1% and 99.9%; and the mean.
fn agrees_with_rolls(pool: Pool, n: u32, seed: u64, sigmas: f64) {
    let dist = Exact::new().dist(pool);
    assert!(dist.cut < CUT, "{pool}: cut {}", dist.cut);
    let mut counts = vec![0u32; 2000];
    let mut d10 = SeededD10::new(seed, 0);
    let mut sum = 0.0;
    for _ in 0..n {
        let t = roll(&mut d10, pool);
        sum += f64::from(t);
        let t = usize::try_from(t).expect("a total is never negative");
        counts[t.min(1999)] += 1;
    }
    let mut above = u64::from(n);
    for (t, &c) in counts.iter().enumerate() {
        let exact = dist.at_least(t as i32);
        if (0.001..=0.999).contains(&exact) {
            let seen = above as f64 / f64::from(n);
            let se = (exact * (1.0 - exact) / f64::from(n)).sqrt();
            assert!(
                (seen - exact).abs() <= sigmas * se,
                "{pool}: P(>= {t}) exact {exact}, rolled {seen} ({} SE)",
                (seen - exact) / se
            );
        }
        above -= u64::from(c);
    }
    let mean = sum / f64::from(n);
    let var: f64 = dist
        .p
        .iter()
        .enumerate()
        .map(|(t, p)| (t as f64 - dist.mean()).powi(2) * p)
        .sum();
    let se = (var / f64::from(n)).sqrt();
    assert!(
        (mean - dist.mean()).abs() <= sigmas * se,
        "{pool}: mean exact {}, rolled {mean}",
        dist.mean()
    );
}

#[test]
fn exact_odds_agree_with_a_million_seeded_rolls() {
    // Every P(total >= t) is checked; with ~60 thresholds a pool, 4.5 SE keeps a true
    // distribution from failing by chance (P < 1e-3 over all of them), while the
    // explode-after-keeping shortcut is off by tens of SE.
    agrees_with_rolls(Pool::new(10, 5), 1_000_000, 1, 4.5);
    agrees_with_rolls(Pool::new(6, 3), 1_000_000, 2, 4.5);
}

#[test]
fn exact_odds_of_untrained_emphasis_and_bonus_pools_agree_with_seeded_rolls() {
    let untrained = Pool {
        dice: Dice::UNTRAINED,
        ..Pool::new(5, 2)
    };
    let emphasis = Pool {
        dice: Dice {
            explode: true,
            emphasis: true,
        },
        ..Pool::new(4, 3)
    };
    agrees_with_rolls(untrained, 200_000, 3, 4.5);
    agrees_with_rolls(emphasis, 200_000, 4, 4.5);
    agrees_with_rolls(parse_pool("13k9").expect("pool"), 200_000, 5, 4.5);
    agrees_with_rolls(Pool::new(1, 1), 200_000, 6, 4.5);
}

#[test]
fn exact_battle_roll_odds_agree_with_seeded_battle_rolls() {
    let (a, b) = (Pool::new(7, 3), Pool::new(6, 3));
    let exact = odds::battle(&mut Exact::new(), [a, b], [2, 0], [1, 0]);
    // A gathered +2k0 and B nothing: A rolls 9k3 with one raise declared.
    assert_eq!(exact.a.rolled_as, "9k3");
    let n = 400_000u32;
    let mut d10 = SeededD10::new(11, 0);
    let mut counts = [0u32; 3];
    for _ in 0..n {
        let ta = roll(&mut d10, a.plus_rolled(2));
        let tb = roll(&mut d10, b);
        counts[match odds::clash(ta, 1, tb, 0) {
            Clash::AWins => 0,
            Clash::Tie => 1,
            Clash::BWins => 2,
        }] += 1;
    }
    for (p, c) in [exact.a_wins, exact.tie, exact.b_wins]
        .into_iter()
        .zip(counts)
    {
        let seen = f64::from(c) / f64::from(n);
        let se = (p * (1.0 - p) / f64::from(n)).sqrt();
        assert!((seen - p).abs() <= 4.0 * se, "exact {p}, rolled {seen}");
    }
    assert!((exact.a_wins + exact.tie + exact.b_wins + exact.cut - 1.0).abs() < 1e-9);
}

#[test]
fn seeded_d10s_are_uniform_and_reproducible() {
    let mut a = SeededD10::new(7, 1);
    let mut b = SeededD10::new(7, 1);
    let mut faces = [0u32; 10];
    for _ in 0..100_000 {
        let x = a.d10();
        assert_eq!(x, b.d10());
        faces[usize::from(x - 1)] += 1;
    }
    // 10,000 each, SD 95: five SD either way.
    assert!(
        faces.iter().all(|&c| (9_525..=10_475).contains(&c)),
        "{faces:?}"
    );
}
