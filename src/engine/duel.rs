//! A duel: two models fighting turn after turn, as the Tournament scenario has them. They close in
//! the first Move Phase (12" apart in the duelling circle, 6" each). From the second turn a model
//! may withdraw in the Move Phase: its opponent gets one free attack at +1 with no Enhancing (none
//! against an Acrobatic model), and there is no combat that turn; the opponent closes again the
//! next. Each turn then has a Combat Phase ([`combat_phase`]) while in contact, and an End Phase,
//! where Stunned is removed on a d6 of 3+ (-1 while engaged).

use super::combat::combat_phase;
use super::dice::Dice;
use super::events::{Event, EventLog, match_points};
use super::fighter::{Fighter, FightingWeapon};
use super::melee::roll_attack;
use super::policy::Policy;
use super::wound::{WoundResult, apply_wound};

/// In the End Phase a d6 of 3 or more removes Stunned...
const STUN_REMOVED_ON: i32 = 3;
/// ...with -1 while still engaged, as duellists are.
const ENGAGED_STUN_MODIFIER: i32 = -1;

/// The free attack against a withdrawing model.
const WITHDRAW_FREE_ATTACK: i32 = 1;

/// The outcome of a duel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DuelResult {
    /// `Some(0)` when the first fighter won, `Some(1)` the second, `None` a draw.
    pub winner: Option<usize>,
    pub points: [u32; 2],
    pub turns: u32,
}

/// Fight up to `max_turns` turns (or until one falls). A match with no kill goes to the fighter with
/// more match points; equal points are a draw.
pub fn duel(
    weaponless: &FightingWeapon,
    fighters: &mut [Fighter; 2],
    policies: &mut [&mut dyn Policy; 2],
    dice: &mut dyn Dice,
    max_turns: u32,
    events: &mut EventLog,
) -> DuelResult {
    let mut points = [0u32; 2];
    let mut turns = 0;
    while turns < max_turns && fighters.iter().all(Fighter::alive) {
        turns += 1;
        events.push(|| Event::Turn { turn: turns });
        if turns > 1 && move_phase(fighters, policies, dice, &mut points, events) {
            // One side stepped back: no combat this turn.
            end_phase(fighters, dice, events);
            continue;
        }
        let [a, b] = fighters.clone();
        let mut sides = [vec![a], vec![b]];
        // Two models in contact always make a combat the rules allow.
        let fought = combat_phase(
            weaponless,
            &mut sides,
            policies,
            dice,
            turns == 1,
            &mut points,
            events,
        );
        debug_assert!(fought.is_ok());
        let [a, b] = sides;
        if let (Some(a), Some(b)) = (a.into_iter().next(), b.into_iter().next()) {
            *fighters = [a, b];
        }
        end_phase(fighters, dice, events);
    }
    let winner = match (fighters[0].alive(), fighters[1].alive()) {
        (true, false) => Some(0),
        (false, true) => Some(1),
        _ if points[0] > points[1] => Some(0),
        _ if points[1] > points[0] => Some(1),
        _ => None,
    };
    events.push(|| Event::MatchEnd {
        winner: winner.map(|w| fighters[w].name.clone()),
        points_a: points[0],
        points_b: points[1],
        turns,
    });
    DuelResult {
        winner,
        points,
        turns,
    }
}

/// The Move Phase in contact: a model may withdraw, suffering a free attack. True if one did.
fn move_phase(
    f: &mut [Fighter; 2],
    policies: &mut [&mut dyn Policy; 2],
    dice: &mut dyn Dice,
    points: &mut [u32; 2],
    events: &mut EventLog,
) -> bool {
    for i in 0..2 {
        let j = 1 - i;
        if !f[i].alive() || f[i].subdued || !policies[i].withdraw(&f[i], &f[j]) {
            continue;
        }
        events.push(|| Event::Withdraw {
            fighter: f[i].name.clone(),
        });
        if !f[i].acrobatic && !f[j].subdued {
            let mut side = f[j].attack_side(&f[i], false);
            side.modifier += WITHDRAW_FREE_ATTACK;
            let roll = roll_attack(side, f[i].defence_side(false), dice);
            let result = roll.result;
            events.push(|| Event::Attack {
                attacker: f[j].name.clone(),
                defender: f[i].name.clone(),
                attack_enhanced: false,
                defence_enhanced: false,
                roll,
            });
            if result != WoundResult::NoWound {
                points[j] += match_points(result);
                f[i].stunned |= result == WoundResult::Stunned;
                f[i].health = apply_wound(f[i].health, result);
                events.push(|| Event::Wound {
                    fighter: f[i].name.clone(),
                    result,
                    health: f[i].health,
                });
            }
        }
        return true;
    }
    false
}

fn end_phase(f: &mut [Fighter; 2], dice: &mut dyn Dice, events: &mut EventLog) {
    for fighter in f.iter_mut().filter(|x| x.alive() && x.stunned) {
        let roll = dice.d6();
        if i32::from(roll) + ENGAGED_STUN_MODIFIER >= STUN_REMOVED_ON {
            fighter.stunned = false;
            events.push(|| Event::StunRemoved {
                fighter: fighter.name.clone(),
                roll,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::dice::ScriptedDice;
    use crate::engine::fighter::test_fighter as fighter;
    use crate::engine::policy::Counter;
    use crate::engine::testing::TestPolicy;
    use crate::engine::wound::Health;
    use crate::model::Armour;

    #[test]
    fn a_scripted_duel_follows_the_combat_phase_order() {
        let samurai = fighter("Samurai", 3, 3, 3, Armour::Heavy, 3, 0);
        let ashigaru = fighter("Ashigaru", 2, 2, 2, Armour::Medium, 2, 1);
        let mut pair = [samurai, ashigaru];
        let (mut a, mut b) = (TestPolicy::default(), TestPolicy::default());
        // Turn 1. Initiative: Samurai 4 (7), Ashigaru 5 (8): the Ashigaru strikes first.
        // Ashigaru attacks 3+3 +2 = 8 against 2 +3+3 = 8: no wound.
        // Samurai attacks 5+4 +3 = 12 against 3 +2+2 = 7: 5, Grievous; the Ashigaru loses a counter
        // (it has no Defence counter, so its last Attack counter) and can only pass.
        // Samurai attacks 1+1 +3 = 5 against 6 +1+2 = 9 (Fight 1 now): no wound.
        // Samurai attacks 6+6 +3 = 15 against 1 +1+2 = 4: Critical. The match ends.
        let mut dice = ScriptedDice::new(&[4, 5, 3, 3, 2, 5, 4, 3, 1, 1, 6, 6, 6, 1]);
        let mut events = EventLog::recording();
        let bare = pair[0].weapon.clone();
        let result = duel(
            &bare,
            &mut pair,
            &mut [&mut a, &mut b],
            &mut dice,
            6,
            &mut events,
        );
        assert_eq!(
            result,
            DuelResult {
                winner: Some(0),
                points: [2 + 3, 0],
                turns: 1
            }
        );
        assert_eq!(dice.remaining(), 0);
        assert_eq!(pair[1].health, Health::Dead);
        let discards: Vec<&Event> = events
            .iter()
            .filter(|e| matches!(e, Event::Discard { .. }))
            .collect();
        assert_eq!(
            discards,
            [&Event::Discard {
                fighter: "Ashigaru".to_owned(),
                counter: Counter::Attack
            }]
        );
        let attackers: Vec<&str> = events
            .iter()
            .filter_map(|e| match e {
                Event::Attack { attacker, .. } => Some(attacker.as_str()),
                _ => None,
            })
            .collect();
        assert_eq!(attackers, ["Ashigaru", "Samurai", "Samurai", "Samurai"]);
    }

    #[test]
    fn a_match_without_a_kill_goes_to_match_points() {
        let mut pair = [
            fighter("A", 1, 1, 1, Armour::Heavy, 3, 0),
            fighter("B", 1, 1, 1, Armour::Heavy, 3, 0),
        ];
        let (mut a, mut b) = (TestPolicy::default(), TestPolicy::default());
        // One turn: A strikes first (6 against 1). A: 3+3 +1 = 7 against 1 +1+3 = 5, a Light wound.
        // B (Fight 0 now): 1+1 +0 = 2 against 6 +1+3 = 10, nothing. A wins on match points, 1 to 0.
        let mut dice = ScriptedDice::new(&[6, 1, 3, 3, 1, 1, 1, 6]);
        let mut events = EventLog::recording();
        let bare = pair[0].weapon.clone();
        let result = duel(
            &bare,
            &mut pair,
            &mut [&mut a, &mut b],
            &mut dice,
            1,
            &mut events,
        );
        assert_eq!(
            result,
            DuelResult {
                winner: Some(0),
                points: [1, 0],
                turns: 1
            }
        );
    }

    #[test]
    fn withdrawing_gives_a_free_attack_at_plus_one_and_no_combat() {
        let mut pair = [
            fighter("A", 1, 3, 3, Armour::None, 0, 0),
            fighter("B", 1, 1, 1, Armour::None, 0, 0),
        ];
        let (mut a, mut b) = (
            TestPolicy::default(),
            TestPolicy {
                withdraw: true,
                ..TestPolicy::default()
            },
        );
        // Turn 1: both miss. Turn 2: B withdraws; A's free attack 3+3 +3 +1 = 10 against 1 +1 = 2.
        let mut dice = ScriptedDice::new(&[6, 1, 1, 1, 6, 1, 1, 6, 3, 3, 1]);
        let mut events = EventLog::recording();
        let bare = pair[0].weapon.clone();
        let result = duel(
            &bare,
            &mut pair,
            &mut [&mut a, &mut b],
            &mut dice,
            6,
            &mut events,
        );
        assert_eq!(
            result,
            DuelResult {
                winner: Some(0),
                points: [3, 0],
                turns: 2
            }
        );
        assert!(events.contains(&Event::Withdraw {
            fighter: "B".to_owned()
        }));
        assert_eq!(dice.remaining(), 0);
    }

    #[test]
    fn an_acrobatic_model_withdraws_unharmed() {
        let mut b = fighter("B", 1, 1, 1, Armour::None, 0, 0);
        b.acrobatic = true;
        let mut pair = [fighter("A", 1, 3, 3, Armour::None, 0, 0), b];
        let (mut a, mut b) = (
            TestPolicy::default(),
            TestPolicy {
                withdraw: true,
                ..TestPolicy::default()
            },
        );
        let mut dice = ScriptedDice::new(&[6, 1, 1, 1, 6, 1, 1, 6]);
        let mut events = EventLog::recording();
        let bare = pair[0].weapon.clone();
        let result = duel(
            &bare,
            &mut pair,
            &mut [&mut a, &mut b],
            &mut dice,
            2,
            &mut events,
        );
        assert_eq!(
            result,
            DuelResult {
                winner: None,
                points: [0, 0],
                turns: 2
            }
        );
        assert_eq!(
            events
                .iter()
                .filter(|e| matches!(e, Event::Attack { .. }))
                .count(),
            2,
            "only turn 1's attacks"
        );
        assert_eq!(dice.remaining(), 0);
    }
}
