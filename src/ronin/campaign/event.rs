//! Tournament events (tp.69, R-121): players with their rosters, Swiss rounds, results, standings,
//! and the larger-roster variant where each game's Buntai is chosen from a master roster and
//! wounds carry from game to game. The event file holds all of it; `buntai event` edits it.

use std::collections::BTreeSet;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::ronin::engine::SeededDice;
use crate::ronin::model::{EventTerms, ScenarioId};
use crate::ronin::roster::Roster;

/// A tournament event file. This is a user-facing contract (schema `tournament`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
#[schemars(title = "Buntai tournament event")]
pub struct Event {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The scenario every game is played as.
    pub scenario: ScenarioId,
    /// How many rounds the event plays (R-121: log2 of the players, rounded up, unless set).
    pub rounds: u32,
    /// The points of a game.
    pub points: u32,
    /// The larger-roster variant: the points of the master rosters each game's Buntai is chosen
    /// from (P-07). Absent: each player plays their whole roster every game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub master_points: Option<u32>,
    /// Draws the lots and the first round; the same seed, the same draw.
    pub seed: u64,
    pub players: Vec<EventPlayer>,
    /// The rounds paired so far.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub round: Vec<Round>,
}

/// A player of an event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct EventPlayer {
    pub name: String,
    /// The last tie-break, drawn when the event was made: lower places higher.
    pub lot: u32,
    /// The roster, one named entry per model (in the larger-roster variant, the master roster).
    pub roster: Roster,
    /// Larger-roster variant: models that ended a game Grievous or killed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub casualties: Vec<Casualty>,
}

/// A model hurt in a game of the larger-roster variant.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Casualty {
    pub model: String,
    pub round: u32,
    pub wound: Wound,
}

/// How a model ended a game, where it matters to the next (tp.69).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Wound {
    /// Sits out the next game, then is healthy.
    Grievous,
    /// Gone for the event.
    Killed,
}

/// One round: its games, a bye written as a game of one player.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Round {
    pub round: u32,
    pub games: Vec<Pairing>,
}

/// Two players paired for a round (seat A first), or one player with the bye.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Pairing {
    pub players: Vec<String>,
    /// Larger-roster variant: the models each player chose for this game, in seat order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub buntai: Vec<Vec<String>>,
    /// How it ended, once recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<GameResult>,
}

/// A game's result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct GameResult {
    /// The winner's name; absent for a draw.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<String>,
    /// Victory points, in seat order.
    pub vp: [f64; 2],
    /// Where the result came from: a log, by hand, or simulated with a seed.
    pub source: String,
}

impl Pairing {
    pub fn is_bye(&self) -> bool {
        self.players.len() == 1
    }

    pub fn seat_of(&self, name: &str) -> Option<usize> {
        self.players
            .iter()
            .position(|p| p.eq_ignore_ascii_case(name))
    }
}

/// One line of the standings.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Standing {
    pub place: u32,
    pub player: String,
    pub faction: String,
    /// Score in half points (win 2, draw 1, loss 0; a bye is a win).
    pub half_points: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub byes: u32,
    pub vp_scored: f64,
    pub vp_conceded: f64,
    pub lot: u32,
}

/// What a repeat pairing costs in [`Event::swiss`]: more than any score difference can.
const REPEAT: u64 = 1 << 32;

impl Event {
    /// The rounds an event of `players` plays unless set: log2, rounded up, at least 1.
    pub fn default_rounds(players: usize) -> u32 {
        let mut rounds = 0;
        while (1usize << rounds) < players {
            rounds += 1;
        }
        rounds.max(1)
    }

    pub fn player_index(&self, name: &str) -> Option<usize> {
        self.players
            .iter()
            .position(|p| p.name.eq_ignore_ascii_case(name.trim()))
    }

    /// The last round paired, if any.
    pub fn current(&self) -> Option<&Round> {
        self.round.last()
    }

    /// Whether every game of every round paired so far has a result.
    pub fn all_recorded(&self) -> bool {
        self.round
            .iter()
            .flat_map(|r| &r.games)
            .all(|g| g.is_bye() || g.result.is_some())
    }

    pub fn finished(&self) -> bool {
        self.round.len() as u32 >= self.rounds && self.all_recorded()
    }

    /// Whether the two players have met.
    pub fn met(&self, a: &str, b: &str) -> bool {
        self.round.iter().flat_map(|r| &r.games).any(|g| {
            g.players.len() == 2 && g.seat_of(a).is_some() && g.seat_of(b).is_some() && a != b
        })
    }

    fn had_bye(&self, name: &str) -> bool {
        self.round
            .iter()
            .flat_map(|r| &r.games)
            .any(|g| g.is_bye() && g.seat_of(name).is_some())
    }

    /// The standings after the games recorded: score, then VP scored, then fewest VP conceded,
    /// then the lot.
    pub fn standings(&self, terms: &EventTerms) -> Vec<Standing> {
        let mut table: Vec<Standing> = self
            .players
            .iter()
            .map(|p| Standing {
                place: 0,
                player: p.name.clone(),
                faction: p.roster.faction.clone(),
                half_points: 0,
                wins: 0,
                draws: 0,
                losses: 0,
                byes: 0,
                vp_scored: 0.0,
                vp_conceded: 0.0,
                lot: p.lot,
            })
            .collect();
        for g in self.round.iter().flat_map(|r| &r.games) {
            let seats: Vec<usize> = g
                .players
                .iter()
                .filter_map(|n| self.player_index(n))
                .collect();
            if g.is_bye() {
                if let Some(&k) = seats.first() {
                    table[k].byes += 1;
                    table[k].half_points += terms.win;
                }
                continue;
            }
            let (Some(r), [a, b]) = (&g.result, seats.as_slice()) else {
                continue;
            };
            for (seat, &k) in [*a, *b].iter().enumerate() {
                let s = &mut table[k];
                s.vp_scored += r.vp[seat];
                s.vp_conceded += r.vp[1 - seat];
                match &r.winner {
                    None => {
                        s.draws += 1;
                        s.half_points += terms.draw;
                    }
                    Some(w) if w.eq_ignore_ascii_case(&s.player) => {
                        s.wins += 1;
                        s.half_points += terms.win;
                    }
                    Some(_) => {
                        s.losses += 1;
                        s.half_points += terms.loss;
                    }
                }
            }
        }
        table.sort_by(|x, y| {
            y.half_points
                .cmp(&x.half_points)
                .then(y.vp_scored.total_cmp(&x.vp_scored))
                .then(x.vp_conceded.total_cmp(&y.vp_conceded))
                .then(x.lot.cmp(&y.lot))
        });
        for (k, s) in table.iter_mut().enumerate() {
            s.place = k as u32 + 1;
        }
        table
    }

    /// Pair the next round. Round one is drawn at random from the event's seed. Later
    /// rounds take the standings and choose, among all the ways to pair them, one with no repeat
    /// pairing where that can be avoided and the fewest score points between opponents (so
    /// players on equal scores meet wherever they can), preferring the higher-placed players'
    /// nearest opponents on a tie. With an odd number of players the lowest-placed player
    /// without a bye takes it, passed over only if the rest could then not avoid a repeat.
    pub fn pair_next(&self, terms: &EventTerms) -> Round {
        let number = self.round.len() as u32 + 1;
        let mut order: Vec<(String, u32)> = if self.round.is_empty() {
            let mut names: Vec<(String, u32)> =
                self.players.iter().map(|p| (p.name.clone(), 0)).collect();
            SeededDice::new(self.seed, 1_000 + u64::from(number)).shuffle(&mut names);
            names
        } else {
            self.standings(terms)
                .into_iter()
                .map(|s| (s.player, s.half_points))
                .collect()
        };
        let mut bye = None;
        if order.len() % 2 == 1 {
            let candidates: Vec<usize> = (0..order.len())
                .rev()
                .filter(|&k| !self.had_bye(&order[k].0))
                .collect();
            let fallback = candidates.first().copied().unwrap_or(order.len() - 1);
            let chosen = candidates
                .iter()
                .copied()
                .find(|&k| {
                    let mut rest = order.clone();
                    rest.remove(k);
                    self.swiss(&rest).0 < REPEAT
                })
                .unwrap_or(fallback);
            bye = Some(order.remove(chosen).0);
        }
        let (_, pairs) = self.swiss(&order);
        let mut games: Vec<Pairing> = pairs
            .into_iter()
            .map(|(a, b)| Pairing {
                players: vec![order[a].0.clone(), order[b].0.clone()],
                buntai: Vec::new(),
                result: None,
            })
            .collect();
        if let Some(name) = bye {
            games.push(Pairing {
                players: vec![name],
                buntai: Vec::new(),
                result: None,
            });
        }
        Round {
            round: number,
            games,
        }
    }

    /// The cost of pairing two players: their score difference, and [`REPEAT`] if they met.
    fn pair_cost(&self, a: &(String, u32), b: &(String, u32)) -> u64 {
        u64::from(a.1.abs_diff(b.1)) + if self.met(&a.0, &b.0) { REPEAT } else { 0 }
    }

    /// Pair `order` (an even number of players with their scores, best placed first) at the least
    /// total [`Event::pair_cost`]: a depth-first search down the standings, each player trying the
    /// nearest opponents first, cut where it cannot beat the best found, bounded in steps (past
    /// the bound the best found so far stands). The cost and the pairs, as indices into `order`.
    fn swiss(&self, order: &[(String, u32)]) -> (u64, Vec<(usize, usize)>) {
        struct Search<'a> {
            event: &'a Event,
            order: &'a [(String, u32)],
            used: Vec<bool>,
            pairs: Vec<(usize, usize)>,
            best: Option<(u64, Vec<(usize, usize)>)>,
            budget: u32,
        }
        impl Search<'_> {
            fn go(&mut self, cost: u64) {
                if self.best.as_ref().is_some_and(|(b, _)| cost >= *b) {
                    return;
                }
                let Some(first) = self.used.iter().position(|u| !u) else {
                    self.best = Some((cost, self.pairs.clone()));
                    return;
                };
                self.used[first] = true;
                for other in first + 1..self.order.len() {
                    if self.used[other] || self.budget == 0 {
                        continue;
                    }
                    self.budget -= 1;
                    let step = self.event.pair_cost(&self.order[first], &self.order[other]);
                    self.used[other] = true;
                    self.pairs.push((first, other));
                    self.go(cost + step);
                    self.pairs.pop();
                    self.used[other] = false;
                }
                self.used[first] = false;
            }
        }
        let mut search = Search {
            event: self,
            order,
            used: vec![false; order.len()],
            pairs: Vec::new(),
            best: None,
            budget: 200_000,
        };
        search.go(0);
        search.best.unwrap_or_default()
    }

    /// The models of `player` fit to play round `round` of the larger-roster variant: not
    /// killed, and not Grievous in the `rests` rounds before it.
    pub fn available(&self, player: usize, round: u32, rests: u32) -> Vec<String> {
        let p = &self.players[player];
        let out: BTreeSet<&str> = p
            .casualties
            .iter()
            .filter(|c| match c.wound {
                Wound::Killed => c.round < round,
                Wound::Grievous => c.round < round && round - c.round <= rests,
            })
            .map(|c| c.model.as_str())
            .collect();
        p.roster
            .models
            .iter()
            .filter_map(|m| m.name.clone())
            .filter(|n| !out.contains(n.as_str()))
            .collect()
    }

    /// Why `player` cannot sit out or play, by model name, in round `round`: killed earlier or
    /// resting after a Grievous wound.
    pub fn unavailable_reason(
        &self,
        player: usize,
        round: u32,
        rests: u32,
        model: &str,
    ) -> Option<String> {
        self.players[player]
            .casualties
            .iter()
            .find(|c| {
                c.model.eq_ignore_ascii_case(model)
                    && c.round < round
                    && (c.wound == Wound::Killed || round - c.round <= rests)
            })
            .map(|c| match c.wound {
                Wound::Killed => format!("`{}` was killed in round {}", c.model, c.round),
                Wound::Grievous => format!(
                    "`{}` ended round {} Grievous and sits out this round",
                    c.model, c.round
                ),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ronin::model::Provenance;

    fn terms() -> EventTerms {
        EventTerms {
            win: 2,
            draw: 1,
            loss: 0,
            grievous_rests: 1,
            source: Provenance::Ruling("R-121".into()),
        }
    }

    fn event(players: usize) -> Event {
        Event {
            name: None,
            scenario: ScenarioId::Skirmish,
            rounds: Event::default_rounds(players),
            points: 100,
            master_points: None,
            seed: 7,
            players: (0..players)
                .map(|k| EventPlayer {
                    name: format!("P{k}"),
                    lot: k as u32,
                    roster: Roster {
                        faction: "bushi".into(),
                        ..Roster::default()
                    },
                    casualties: Vec::new(),
                })
                .collect(),
            round: Vec::new(),
        }
    }

    /// Play a round with the lower-numbered player of each game winning 2-1.
    fn play(e: &mut Event) {
        let mut r = e.pair_next(&terms());
        for g in &mut r.games {
            if g.players.len() == 2 {
                let winner = g.players.iter().min().cloned();
                let first_wins = winner.as_deref() == Some(g.players[0].as_str());
                g.result = Some(GameResult {
                    winner,
                    vp: if first_wins { [2.0, 1.0] } else { [1.0, 2.0] },
                    source: "test".into(),
                });
            }
        }
        e.round.push(r);
    }

    #[test]
    fn rounds_are_log2_of_the_players_rounded_up() {
        assert_eq!(Event::default_rounds(2), 1);
        assert_eq!(Event::default_rounds(8), 3);
        assert_eq!(Event::default_rounds(9), 4);
        assert_eq!(Event::default_rounds(1), 1);
    }

    #[test]
    fn seven_players_never_meet_twice_and_each_bye_goes_to_someone_new() {
        let mut e = event(7);
        e.rounds = 5;
        for _ in 0..5 {
            play(&mut e);
        }
        let mut met = BTreeSet::new();
        let mut byes = BTreeSet::new();
        for g in e.round.iter().flat_map(|r| &r.games) {
            if g.is_bye() {
                assert!(byes.insert(g.players[0].clone()), "a second bye");
            } else {
                let mut pair = g.players.clone();
                pair.sort();
                assert!(met.insert(pair.clone()), "{pair:?} met twice");
            }
        }
        assert_eq!(byes.len(), 5);
    }

    #[test]
    fn later_rounds_pair_equal_scores() {
        let mut e = event(8);
        play(&mut e);
        let r2 = e.pair_next(&terms());
        let table = e.standings(&terms());
        let score = |n: &str| {
            table
                .iter()
                .find(|s| s.player == n)
                .expect("a player")
                .half_points
        };
        for g in &r2.games {
            assert_eq!(score(&g.players[0]), score(&g.players[1]), "{g:?}");
        }
    }

    /// Every way to pair `n` (even) players.
    fn matchings(players: Vec<usize>) -> Vec<Vec<(usize, usize)>> {
        let Some((&first, rest)) = players.split_first() else {
            return vec![Vec::new()];
        };
        let mut all = Vec::new();
        for (k, &other) in rest.iter().enumerate() {
            let mut left = rest.to_vec();
            left.remove(k);
            for mut m in matchings(left) {
                m.push((first, other));
                all.push(m);
            }
        }
        all
    }

    #[test]
    fn no_pairing_of_the_standings_has_fewer_repeats_or_a_smaller_score_gap() {
        for seed in 0..12 {
            let mut e = event(8);
            e.seed = seed;
            e.rounds = 5;
            for _ in 0..4 {
                let r = e.pair_next(&terms());
                let table = e.standings(&terms());
                let order: Vec<(String, u32)> = table
                    .iter()
                    .map(|s| (s.player.clone(), s.half_points))
                    .collect();
                let cost_of = |pairs: &[(usize, usize)]| -> u64 {
                    pairs
                        .iter()
                        .map(|&(a, b)| e.pair_cost(&order[a], &order[b]))
                        .sum()
                };
                let best = matchings((0..8).collect())
                    .iter()
                    .map(|m| cost_of(m))
                    .min()
                    .expect("a matching");
                let index = |n: &str| order.iter().position(|o| o.0 == n).expect("placed");
                let chosen: Vec<(usize, usize)> = r
                    .games
                    .iter()
                    .map(|g| (index(&g.players[0]), index(&g.players[1])))
                    .collect();
                assert_eq!(cost_of(&chosen), best, "seed {seed}, round {}", r.round);
                // Results by a fixed rule: the first seat wins two games in three.
                let mut r = r;
                for (k, g) in r.games.iter_mut().enumerate() {
                    let first_wins = !(seed as usize + k).is_multiple_of(3);
                    g.result = Some(GameResult {
                        winner: Some(g.players[usize::from(!first_wins)].clone()),
                        vp: if first_wins { [3.0, 1.0] } else { [1.0, 2.0] },
                        source: "test".into(),
                    });
                }
                e.round.push(r);
            }
        }
    }

    #[test]
    fn standings_break_ties_by_vp_then_fewest_conceded_then_lot() {
        let mut e = event(4);
        e.round.push(Round {
            round: 1,
            games: vec![
                Pairing {
                    players: vec!["P0".into(), "P1".into()],
                    buntai: Vec::new(),
                    result: Some(GameResult {
                        winner: Some("P0".into()),
                        vp: [5.0, 2.0],
                        source: "t".into(),
                    }),
                },
                Pairing {
                    players: vec!["P2".into(), "P3".into()],
                    buntai: Vec::new(),
                    result: Some(GameResult {
                        winner: Some("P3".into()),
                        vp: [1.0, 5.0],
                        source: "t".into(),
                    }),
                },
            ],
        });
        let order: Vec<String> = e
            .standings(&terms())
            .into_iter()
            .map(|s| s.player)
            .collect();
        // P0 and P3 both won with 5 VP; P0 conceded 2, P3 1. P1 and P2 lost: P1 scored more.
        assert_eq!(order, ["P3", "P0", "P1", "P2"]);
    }

    #[test]
    fn a_grievous_model_sits_out_one_round_and_a_killed_one_is_gone() {
        let mut e = event(2);
        e.players[0].roster.models = ["A", "B", "C"]
            .iter()
            .map(|n| crate::ronin::roster::RosterModel {
                name: Some((*n).into()),
                ..Default::default()
            })
            .collect();
        e.players[0].casualties = vec![
            Casualty {
                model: "A".into(),
                round: 1,
                wound: Wound::Grievous,
            },
            Casualty {
                model: "B".into(),
                round: 1,
                wound: Wound::Killed,
            },
        ];
        assert_eq!(e.available(0, 2, 1), ["C"]);
        assert_eq!(e.available(0, 3, 1), ["A", "C"]);
        assert!(e.unavailable_reason(0, 2, 1, "a").is_some());
        assert!(e.unavailable_reason(0, 3, 1, "A").is_none());
    }
}
