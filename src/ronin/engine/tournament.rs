//! The Tournament scenario on the table: the two sides' models fight one-on-one matches in
//! list order. Each match is a game on the scenario's table: the two duellists start with their
//! centres on the 12" circle, diametrically opposite, and play the whole turn sequence (Priority,
//! Move with shooting, Combat, Action, End; no Morale) for six turns or until a kill, never
//! leaving the circle. Match points (Light 1, Grievous 2, Critical 3, as rolled) go to the side
//! whose attacks and shots cause them. The side that wins more matches wins; then the side with
//! more match points; then the two highest-ranking survivors fight a final match, wounds carried
//! over, capped at 12 turns, a draw at the cap drawing the Tournament.

use super::dice::Dice;
use super::events::{Event, EventLog};
use super::fighter::FightingWeapon;
use super::game::play::{Game, TablePolicy, play};
use super::game::unit::{Status, Unit};
use super::table::setup::Setup;
use crate::ronin::model::{Catalogue, Faction};

/// The final match's cap; an ordinary match lasts the scenario's six turns.
pub const FINAL_TURNS: u32 = 12;

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

/// What every match of one tournament shares: the data, the two lists and the scenario's table
/// (the circle, no terrain, fine weather in daylight).
pub struct Arena<'c> {
    pub cat: &'c Catalogue,
    pub factions: [&'c Faction; 2],
    pub setup: Setup,
}

/// A duellist after its match, as it may enter the final (P-12): wounds (its own and its mount's)
/// carry over; Subdue, Stunned counters and a lost weapon do not, and a teppo is loaded again.
/// A thrown grenade stays thrown.
fn between_matches(after: &mut Unit, (weapon, spare): Arms) {
    after.fighter.subdued = false;
    after.fighter.stunned = 0;
    after.fighter.weapon = weapon;
    after.fighter.spare_weapons = spare;
    for m in &mut after.missiles {
        m.unloaded = false;
        m.reloading = false;
    }
}

/// The weapons a duellist came into its match with: it has them again after it (P-12).
type Arms = (FightingWeapon, Vec<FightingWeapon>);

/// Which match of a game is being fought.
#[derive(Debug, Clone, Copy)]
struct Match {
    game: u64,
    index: usize,
    /// Indices of the duellists in each side's list.
    fighters: [usize; 2],
    final_match: bool,
}

/// Fight one match on the table and summarise it; the two duellists as they came out of it, side
/// A's first (the game's own list, handed back whole: the models are not moved again).
fn play_match(
    arena: &Arena<'_>,
    pair: [Unit; 2],
    at: Match,
    policies: &mut [&mut dyn TablePolicy; 2],
    dice: &mut dyn Dice,
    kiai: &mut [u32; 2],
    events: &mut EventLog,
) -> (MatchSummary, Vec<Unit>) {
    events.push(|| Event::MatchStart {
        game: at.game,
        index: at.index,
        a: pair[0].fighter.name.to_string(),
        b: pair[1].fighter.name.to_string(),
        final_match: at.final_match,
    });
    let [a, b] = pair;
    let mut game = Game::from_setup(
        arena.cat,
        arena.factions,
        [vec![a], vec![b]],
        &arena.setup,
        dice,
        events,
    );
    game.kiai = *kiai;
    if at.final_match {
        game.turn_limit = FINAL_TURNS;
    }
    let result = play(&mut game, policies, dice, events);
    *kiai = game.kiai;
    let points = game.match_points;
    let kill = game.units.iter().any(|u| u.status == Status::Dead);
    events.push(|| Event::MatchEnd {
        winner: result
            .winner
            .map(|w| game.units[w].fighter.name.to_string()),
        points_a: points[0],
        points_b: points[1],
        turns: result.turns,
    });
    let summary = MatchSummary {
        fighters: at.fighters,
        winner: result.winner,
        points,
        turns: result.turns,
        kill,
        final_match: at.final_match,
    };
    (summary, game.units)
}

/// The highest-ranking survivor of a side (the first listed among equals).
fn champion(side: &[Unit]) -> Option<usize> {
    side.iter()
        .enumerate()
        .filter(|(_, u)| u.fighter.alive())
        .fold(None, |best: Option<(usize, &Unit)>, (i, u)| match best {
            Some((k, b)) if b.fighter.rank >= u.fighter.rank => Some((k, b)),
            _ => Some((i, u)),
        })
        .map(|(i, _)| i)
}

/// The Tournament's result before any final match: more matches won, then more match points;
/// `None` when both are level (a final match follows).
pub fn decide(matches_won: [u32; 2], points: [u32; 2]) -> Option<usize> {
    if matches_won[0] != matches_won[1] {
        Some(usize::from(matches_won[1] > matches_won[0]))
    } else if points[0] != points[1] {
        Some(usize::from(points[1] > points[0]))
    } else {
        None
    }
}

/// Play one tournament. `events` receives every roll and decision.
pub fn tournament(
    arena: &Arena<'_>,
    sides: [Vec<Unit>; 2],
    policies: &mut [&mut dyn TablePolicy; 2],
    dice: &mut dyn Dice,
    game: u64,
    mut kiai: [u32; 2],
    events: &mut EventLog,
) -> TournamentResult {
    let mut matches_won = [0u32; 2];
    let mut points = [0u32; 2];
    let matches = sides[0].len().min(sides[1].len());
    let mut summaries = Vec::with_capacity(matches + 1);
    // Each side's duellists in list order, the two lists side by side: each moves into its
    // match and out again, into the side as it stands after the matches.
    let mut waiting = sides.map(Vec::into_iter);
    let mut sides = [0, 1].map(|s| Vec::with_capacity(waiting[s].len()));
    for index in 0..matches {
        let (Some(a), Some(b)) = (waiting[0].next(), waiting[1].next()) else {
            break;
        };
        let arms: [Arms; 2] =
            [&a, &b].map(|u| (u.fighter.weapon.clone(), u.fighter.spare_weapons.clone()));
        let pair = [a, b];
        let at = Match {
            game,
            index,
            fighters: [index, index],
            final_match: false,
        };
        let (result, mut after) = play_match(arena, pair, at, policies, dice, &mut kiai, events);
        summaries.push(result);
        points[0] += result.points[0];
        points[1] += result.points[1];
        if let Some(w) = result.winner {
            matches_won[w] += 1;
        }
        for (unit, arms) in after.iter_mut().zip(arms) {
            between_matches(unit, arms);
        }
        // B's duellist is last in the game's list, A's before it.
        for side in sides.iter_mut().rev() {
            side.extend(after.pop());
        }
    }
    // Those left without a match (unequal forces) can still be a side's champion.
    for (side, rest) in sides.iter_mut().zip(waiting) {
        side.extend(rest);
    }
    let decided = decide(matches_won, points);
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
    let winner = match (champion(&sides[0]), champion(&sides[1])) {
        (Some(ia), Some(ib)) => {
            // The sides are not read again: the champions move into the final.
            let pair = [sides[0].swap_remove(ia), sides[1].swap_remove(ib)];
            let at = Match {
                game,
                index: matches,
                fighters: [ia, ib],
                final_match: true,
            };
            let (result, _) = play_match(arena, pair, at, policies, dice, &mut kiai, events);
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
