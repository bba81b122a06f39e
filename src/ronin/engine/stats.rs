//! Statistics over many tournaments: a running tally that games are added to as they finish, so
//! memory does not grow with the number of games, and that merges in any order (the report is the
//! same whatever the number of threads).

use std::collections::BTreeMap;

use super::tournament::TournamentResult;

/// What one model did over many games.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ModelTally {
    /// Games it was not killed in.
    pub survived: u64,
    /// Matches it won by killing its opponent.
    pub kills: u64,
    /// Match points it scored (wounds dealt) and conceded (wounds taken).
    pub dealt: u64,
    pub taken: u64,
    /// Matches it fought (the final included).
    pub matches: u64,
}

/// The tally of many tournaments between the same two sides.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tally {
    pub games: u64,
    /// Side A wins, draws, side B wins.
    pub outcome: [u64; 3],
    /// Match points over all games, per side.
    pub points: [u64; 2],
    /// Matches fought (finals excluded), those that ended in a kill, and their turns.
    pub matches: u64,
    pub kills: u64,
    pub turns: u64,
    /// Games that needed a final match, and those the final decided.
    pub finals: u64,
    pub finals_decided: u64,
    /// How often each score in matches won (A, B) came up.
    pub scores: BTreeMap<(u32, u32), u64>,
    pub models: [Vec<ModelTally>; 2],
}

impl Tally {
    pub fn new(models: [usize; 2]) -> Tally {
        Tally {
            models: [
                vec![ModelTally::default(); models[0]],
                vec![ModelTally::default(); models[1]],
            ],
            ..Tally::default()
        }
    }

    /// Count one game.
    pub fn add(&mut self, result: &TournamentResult) {
        self.games += 1;
        self.outcome[match result.winner {
            Some(0) => 0,
            Some(_) => 2,
            None => 1,
        }] += 1;
        for side in 0..2 {
            self.points[side] += u64::from(result.points[side]);
        }
        *self
            .scores
            .entry((result.matches_won[0], result.matches_won[1]))
            .or_default() += 1;
        let mut killed = [
            vec![false; self.models[0].len()],
            vec![false; self.models[1].len()],
        ];
        for m in &result.matches {
            if m.final_match {
                self.finals += 1;
                if m.winner.is_some() {
                    self.finals_decided += 1;
                }
            } else {
                self.matches += 1;
                self.kills += u64::from(m.kill);
                self.turns += u64::from(m.turns);
            }
            for side in 0..2 {
                let Some(model) = self.models[side].get_mut(m.fighters[side]) else {
                    continue;
                };
                model.matches += 1;
                model.dealt += u64::from(m.points[side]);
                model.taken += u64::from(m.points[1 - side]);
                if m.kill && m.winner == Some(side) {
                    model.kills += 1;
                }
                if m.kill && m.winner == Some(1 - side) {
                    killed[side][m.fighters[side]] = true;
                }
            }
        }
        for (models, killed) in self.models.iter_mut().zip(&killed) {
            for (model, dead) in models.iter_mut().zip(killed) {
                model.survived += u64::from(!dead);
            }
        }
    }

    /// Add another tally of the same two sides.
    pub fn merge(mut self, other: Tally) -> Tally {
        self.games += other.games;
        for k in 0..3 {
            self.outcome[k] += other.outcome[k];
        }
        for side in 0..2 {
            self.points[side] += other.points[side];
        }
        self.matches += other.matches;
        self.kills += other.kills;
        self.turns += other.turns;
        self.finals += other.finals;
        self.finals_decided += other.finals_decided;
        for (score, n) in other.scores {
            *self.scores.entry(score).or_default() += n;
        }
        for side in 0..2 {
            if self.models[side].len() < other.models[side].len() {
                self.models[side].resize(other.models[side].len(), ModelTally::default());
            }
            for (mine, theirs) in self.models[side].iter_mut().zip(&other.models[side]) {
                mine.survived += theirs.survived;
                mine.kills += theirs.kills;
                mine.dealt += theirs.dealt;
                mine.taken += theirs.taken;
                mine.matches += theirs.matches;
            }
        }
        self
    }

    /// The same games seen from the other seat: side A's numbers become side B's.
    pub fn swapped(mut self) -> Tally {
        self.outcome.swap(0, 2);
        self.points.swap(0, 1);
        self.scores = self
            .scores
            .into_iter()
            .map(|((a, b), n)| ((b, a), n))
            .collect();
        self.models.swap(0, 1);
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ronin::engine::tournament::MatchSummary;

    fn game(winner: Option<usize>, kill_by: Option<usize>) -> TournamentResult {
        TournamentResult {
            winner,
            matches_won: [1, 0],
            points: [3, 1],
            final_match: false,
            matches: vec![MatchSummary {
                fighters: [0, 0],
                winner: kill_by,
                points: [3, 1],
                turns: 2,
                kill: kill_by.is_some(),
                final_match: false,
            }],
        }
    }

    #[test]
    fn a_tally_counts_outcomes_kills_and_survivors() {
        let mut t = Tally::new([1, 1]);
        t.add(&game(Some(0), Some(0)));
        t.add(&game(None, None));
        assert_eq!(t.outcome, [1, 1, 0]);
        assert_eq!(t.kills, 1);
        assert_eq!(t.models[0][0].kills, 1);
        assert_eq!(t.models[1][0].survived, 1, "killed once in two games");
        assert_eq!(t.models[0][0].dealt, 6);
        assert_eq!(t.scores[&(1, 0)], 2);
    }

    #[test]
    fn merging_in_any_order_gives_the_same_tally() {
        let games = [
            game(Some(0), Some(0)),
            game(Some(1), Some(1)),
            game(None, None),
        ];
        let mut one = Tally::new([1, 1]);
        for g in &games {
            one.add(g);
        }
        let mut x = Tally::new([1, 1]);
        x.add(&games[2]);
        let mut y = Tally::new([1, 1]);
        y.add(&games[0]);
        y.add(&games[1]);
        assert_eq!(x.merge(y), one);
    }
}
