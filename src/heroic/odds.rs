//! Exact odds by enumeration: one melee fight (both d6), one shot (one d6), a personal-combat bout
//! under the uniform throws of HS-38 (every one of the 3^6 throw sequences), and a Morale Test.

use schemars::JsonSchema;
use serde::Serialize;

use super::data::{Data, TargetRow, Weapon};
use super::rules::{self, Combatant, Intention, Morale, Outcome, Shooter, ShotResult, Term, Throw};
use crate::fraction::Fraction;

/// A distribution of Hits: `chances[h]` is P(h Hits).
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct HitsJson {
    pub chances: Vec<Fraction>,
    pub at_least_one: Fraction,
    pub mean: Fraction,
    /// The chance the element taking them is removed.
    pub removes: Fraction,
}

/// One side of an enumerated fight.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct SideJson {
    pub elements: Vec<String>,
    /// The factors that count (its lead element's, HS-69), outnumbering included.
    pub factors: Vec<Term>,
    pub total_factor: i32,
    pub wins: Fraction,
    /// Hits this side scores on the other when it wins (on the loser the rules' measure picks).
    pub hits_scored: HitsJson,
}

/// `odds --system heroic-samurai melee` as JSON.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct MeleeOddsJson {
    pub system: &'static str,
    pub kind: &'static str,
    pub a: SideJson,
    pub b: SideJson,
    pub draw: Fraction,
    /// Whether the loser is pushed back 5 cm (not from behind field defences or in a building).
    pub push_back: bool,
}

fn hits_json(counts: &[u64], removes: u64, den: u64) -> HitsJson {
    let total_hits: u64 = counts.iter().enumerate().map(|(h, n)| h as u64 * n).sum();
    let scoring: u64 = counts.iter().skip(1).sum();
    HitsJson {
        chances: counts.iter().map(|&n| Fraction::of(n, den)).collect(),
        at_least_one: Fraction::of(scoring, den),
        mean: Fraction::of(total_hits, den),
        removes: Fraction::of(removes, den),
    }
}

/// Every one of the 36 rolls of a fight between two sides.
pub fn melee(data: &Data, a: &[Combatant], b: &[Combatant], push_back: bool) -> MeleeOddsJson {
    let a_terms = rules::side_terms(data, a, b.len());
    let b_terms = rules::side_terms(data, b, a.len());
    let mut wins = [0u64; 2];
    let mut draw = 0;
    let mut hits: [Vec<u64>; 2] = [vec![0; 1], vec![0; 1]];
    let mut removes = [0u64; 2];
    for ra in 1..=6u8 {
        for rb in 1..=6u8 {
            let (mut sa, mut sb) = (a.to_vec(), b.to_vec());
            let mut dice = crate::dice::ScriptedDice::new(&[ra, rb]);
            let report = rules::fight(data, &mut dice, &mut sa, &mut sb, |_, losers, margin| {
                rules::best_hit_target(data, losers, margin)
            });
            let side = match report.outcome {
                Outcome::Draw => {
                    draw += 1;
                    continue;
                }
                Outcome::A => 0,
                Outcome::B => 1,
            };
            wins[side] += 1;
            let h = report.hits as usize;
            if hits[side].len() <= h {
                hits[side].resize(h + 1, 0);
            }
            hits[side][h] += 1;
            removes[side] += u64::from(report.removed);
        }
    }
    // "No Hits" includes every roll that did not give this side a scoring win.
    for side in &mut hits {
        let scored: u64 = side.iter().skip(1).sum();
        side[0] = 36 - scored;
    }
    let names = |s: &[Combatant]| s.iter().map(|c| c.name.clone()).collect();
    MeleeOddsJson {
        system: super::ID,
        kind: "melee",
        a: SideJson {
            elements: names(a),
            total_factor: rules::sum(&a_terms),
            factors: a_terms,
            wins: Fraction::of(wins[0], 36),
            hits_scored: hits_json(&hits[0], removes[0], 36),
        },
        b: SideJson {
            elements: names(b),
            total_factor: rules::sum(&b_terms),
            factors: b_terms,
            wins: Fraction::of(wins[1], 36),
            hits_scored: hits_json(&hits[1], removes[1], 36),
        },
        draw: Fraction::of(draw, 36),
        push_back,
    }
}

/// `odds --system heroic-samurai shoot` as JSON.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct ShotOddsJson {
    pub system: &'static str,
    pub kind: &'static str,
    pub weapon: String,
    pub target: String,
    pub target_row: TargetRow,
    pub range_cm: u32,
    /// The band's upper limit.
    pub band_cm: i32,
    pub modifiers: Vec<Term>,
    pub nothing: Fraction,
    pub distraction: Fraction,
    /// 1 Hit and 1 Distraction.
    pub hit: Fraction,
    /// The target is a leader, who ignores Distraction results.
    pub leader: bool,
    /// For each d6 face, the modified score and its result.
    pub faces: Vec<FaceJson>,
}

/// One face of a shot.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct FaceJson {
    pub roll: u8,
    pub score: i32,
    pub result: ShotResult,
}

/// Every face of one shot.
pub fn shot(
    data: &Data,
    weapon: &Weapon,
    shooter: &Shooter,
    target: (&str, TargetRow, bool),
    cm: u32,
) -> Result<ShotOddsJson, rules::NoShot> {
    let band = rules::shot_band(weapon, shooter, cm)?;
    let terms = rules::shot_terms(weapon, shooter);
    let modifier = rules::sum(&terms);
    let (name, row, leader) = target;
    let mut counts = [0u64; 3];
    let faces: Vec<FaceJson> = (1..=6u8)
        .map(|roll| {
            let score = i32::from(roll) + modifier;
            let mut result = rules::shot_result(weapon, row, band, score);
            if leader {
                result = rules::on_leader(data, result);
            }
            counts[match result {
                ShotResult::Nothing => 0,
                ShotResult::Distraction => 1,
                ShotResult::Hit => 2,
            }] += 1;
            FaceJson {
                roll,
                score: score.min(6),
                result,
            }
        })
        .collect();
    Ok(ShotOddsJson {
        system: super::ID,
        kind: "shoot",
        weapon: weapon.name.clone(),
        target: name.to_owned(),
        target_row: row,
        range_cm: cm,
        band_cm: weapon.bands_cm.get(band).map_or(0, |b| b.value),
        modifiers: terms,
        nothing: Fraction::of(counts[0], 6),
        distraction: Fraction::of(counts[1], 6),
        hit: Fraction::of(counts[2], 6),
        leader,
        faces,
    })
}

/// `odds --system heroic-samurai duel` as JSON.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct DuelOddsJson {
    pub system: &'static str,
    pub kind: &'static str,
    pub a: Intention,
    pub b: Intention,
    pub prowess_a: Option<u8>,
    pub prowess_b: Option<u8>,
    /// Whether a round is fought at all (HS-37).
    pub fought: bool,
    /// Who breaks away when no round is fought.
    pub breaks_off: Vec<String>,
    /// A scores his Hit on B.
    pub a_hits: Fraction,
    pub b_hits: Fraction,
    pub no_hit: Fraction,
    /// A wins the bout but stays his hand: no Hit, and he may call on B to surrender.
    pub a_spares: Fraction,
    pub b_spares: Fraction,
}

/// Every sequence of three throws a side, each equally likely (HS-38's uniform play).
pub fn duel(a: Intention, b: Intention, prowess: (Option<u8>, Option<u8>)) -> DuelOddsJson {
    let fought = rules::round_fought(a, b);
    let mut counts = [0u64; 5];
    let seqs: Vec<[Throw; 3]> = Throw::ALL
        .iter()
        .flat_map(|&x| {
            Throw::ALL
                .iter()
                .flat_map(move |&y| Throw::ALL.iter().map(move |&z| [x, y, z]))
        })
        .collect();
    for sa in &seqs {
        for sb in &seqs {
            let won = if fought {
                rules::bout(sa, sb, prowess)
            } else {
                Outcome::Draw
            };
            let slot = match (won, rules::bout_hit(won, a, b)) {
                (_, Outcome::A) => 0,
                (_, Outcome::B) => 1,
                (Outcome::A, _) => 3,
                (Outcome::B, _) => 4,
                _ => 2,
            };
            counts[slot] += 1;
        }
    }
    let den = (seqs.len() * seqs.len()) as u64;
    let mut breaks_off = Vec::new();
    if !fought {
        if a == Intention::BreakOff {
            breaks_off.push("a".to_owned());
        }
        if b == Intention::BreakOff {
            breaks_off.push("b".to_owned());
        }
    }
    DuelOddsJson {
        system: super::ID,
        kind: "duel",
        a,
        b,
        prowess_a: prowess.0,
        prowess_b: prowess.1,
        fought,
        breaks_off,
        a_hits: Fraction::of(counts[0], den),
        b_hits: Fraction::of(counts[1], den),
        no_hit: Fraction::of(counts[2] + counts[3] + counts[4], den),
        a_spares: Fraction::of(counts[3], den),
        b_spares: Fraction::of(counts[4], den),
    }
}

/// `odds --system heroic-samurai morale` as JSON.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct MoraleOddsJson {
    pub system: &'static str,
    pub kind: &'static str,
    pub modifiers: Vec<Term>,
    pub net: i32,
    pub before: Morale,
    pub steady: Fraction,
    pub hesitant: Fraction,
    pub running: Fraction,
}

/// Every face of one Morale Test.
pub fn morale(data: &Data, case: &rules::MoraleCase, before: Morale) -> MoraleOddsJson {
    let terms = rules::morale_terms(data, case);
    let net = rules::sum(&terms);
    let mut counts = [0u64; 3];
    for roll in 1..=6 {
        match rules::morale_state(data, roll + net, before) {
            Morale::Steady => counts[0] += 1,
            Morale::Hesitant => counts[1] += 1,
            Morale::Running => counts[2] += 1,
        }
    }
    MoraleOddsJson {
        system: super::ID,
        kind: "morale",
        modifiers: terms,
        net,
        before,
        steady: Fraction::of(counts[0], 6),
        hesitant: Fraction::of(counts[1], 6),
        running: Fraction::of(counts[2], 6),
    }
}
