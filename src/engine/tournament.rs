//! The Tournament scenario: the two sides' models fight one-on-one matches in list order, each up
//! to six turns or until a kill, inside a 12" duelling circle. Duellists start at its edge and close
//! in the first turn's Move Phase (6" each), so every match is fought from turn 1. The side that wins
//! more matches wins; then the side with more match points (Light 1, Grievous 2, Critical 3); then
//! the two highest-ranking survivors fight a final match with no time limit.

use super::dice::Dice;
use super::duel::duel_with_kiai;
use super::events::{Event, EventLog};
use super::fighter::Fighter;
use super::policy::Policy;

/// Turns in one match.
pub const MATCH_TURNS: u32 = 6;
/// A final match has no time limit; this only guarantees the simulation ends.
pub const FINAL_TURNS: u32 = 100;

#[derive(Debug, Clone, PartialEq)]
pub struct TournamentResult {
    /// `Some(0)`: side A won; `Some(1)`: side B; `None`: a draw.
    pub winner: Option<usize>,
    pub matches_won: [u32; 2],
    pub points: [u32; 2],
    pub final_match: bool,
    /// Every match in order, the final last.
    pub matches: Vec<MatchSummary>,
}

/// One match of a tournament: who fought (indices into each side's list), how it ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatchSummary {
    pub fighters: [usize; 2],
    pub winner: Option<usize>,
    pub points: [u32; 2],
    pub turns: u32,
    /// It ended with a model killed.
    pub kill: bool,
    pub final_match: bool,
}

/// A duellist after its match, as it may enter the final (P-12): wounds (its own and its mount's)
/// carry over; Subdue, Stunned counters and a lost weapon do not.
fn between_matches(mut after: Fighter, before: &Fighter) -> Fighter {
    after.subdued = false;
    after.stunned = 0;
    after.weapon = before.weapon.clone();
    after.spare_weapons = before.spare_weapons.clone();
    after
}

/// Which match of a game is being fought.
#[derive(Debug, Clone, Copy)]
struct Match {
    game: u64,
    index: usize,
    /// Indices of the duellists in each side's list.
    fighters: [usize; 2],
    final_match: bool,
}

/// Fight one match (six turns, or the untimed final) and summarise it.
fn play_match(
    pair: &mut [Fighter; 2],
    at: Match,
    policies: &mut [&mut dyn Policy; 2],
    dice: &mut dyn Dice,
    kiai: &mut [u32; 2],
    events: &mut EventLog,
) -> MatchSummary {
    events.push(|| Event::MatchStart {
        game: at.game,
        index: at.index,
        a: pair[0].name.clone(),
        b: pair[1].name.clone(),
        final_match: at.final_match,
    });
    let turns = if at.final_match {
        FINAL_TURNS
    } else {
        MATCH_TURNS
    };
    let result = duel_with_kiai(pair, policies, dice, turns, kiai, events);
    MatchSummary {
        fighters: at.fighters,
        winner: result.winner,
        points: result.points,
        turns: result.turns,
        kill: !pair[0].alive() || !pair[1].alive(),
        final_match: at.final_match,
    }
}

/// Play one tournament. `events` receives every roll and decision.
pub fn tournament(
    mut sides: [Vec<Fighter>; 2],
    policies: &mut [&mut dyn Policy; 2],
    dice: &mut dyn Dice,
    game: u64,
    mut kiai: [u32; 2],
    events: &mut EventLog,
) -> TournamentResult {
    let mut matches_won = [0u32; 2];
    let mut points = [0u32; 2];
    let mut summaries = Vec::with_capacity(sides[0].len().min(sides[1].len()) + 1);
    let matches = sides[0].len().min(sides[1].len());
    let [side_a, side_b] = &mut sides;
    for (index, (a, b)) in side_a.iter_mut().zip(side_b.iter_mut()).enumerate() {
        let mut pair = [a.clone(), b.clone()];
        let at = Match {
            game,
            index,
            fighters: [index, index],
            final_match: false,
        };
        let result = play_match(&mut pair, at, policies, dice, &mut kiai, events);
        summaries.push(result);
        points[0] += result.points[0];
        points[1] += result.points[1];
        if let Some(w) = result.winner {
            matches_won[w] += 1;
        }
        let [after_a, after_b] = pair;
        *a = between_matches(after_a, a);
        *b = between_matches(after_b, b);
    }
    let decided = if matches_won[0] != matches_won[1] {
        Some(usize::from(matches_won[1] > matches_won[0]))
    } else if points[0] != points[1] {
        Some(usize::from(points[1] > points[0]))
    } else {
        None
    };
    if decided.is_some() {
        events.push(|| Event::GameEnd {
            game,
            winner: decided.map(|w| ["A", "B"][w].to_owned()),
            matches_won,
            points,
            final_match: false,
        });
        return TournamentResult {
            winner: decided,
            matches_won,
            points,
            final_match: false,
            matches: summaries,
        };
    }
    // The two highest-ranking survivors (the first listed among equals) fight it out.
    fn champion(side: &[Fighter]) -> Option<usize> {
        side.iter()
            .enumerate()
            .filter(|(_, f)| f.alive())
            .fold(None, |best: Option<(usize, &Fighter)>, (i, f)| match best {
                Some((k, b)) if b.rank >= f.rank => Some((k, b)),
                _ => Some((i, f)),
            })
            .map(|(i, _)| i)
    }
    let winner = match (champion(&sides[0]), champion(&sides[1])) {
        (Some(ia), Some(ib)) => {
            let mut pair = [sides[0][ia].clone(), sides[1][ib].clone()];
            let at = Match {
                game,
                index: matches,
                fighters: [ia, ib],
                final_match: true,
            };
            let result = play_match(&mut pair, at, policies, dice, &mut kiai, events);
            summaries.push(result);
            result.winner
        }
        (Some(_), None) => Some(0),
        (None, Some(_)) => Some(1),
        (None, None) => None,
    };
    events.push(|| Event::GameEnd {
        game,
        winner: winner.map(|w| ["A", "B"][w].to_owned()),
        matches_won,
        points,
        final_match: true,
    });
    TournamentResult {
        winner,
        matches_won,
        points,
        final_match: true,
        matches: summaries,
    }
}
