//! A duel: two models fighting turn after turn, as the Tournament scenario has them (R-116, in
//! contact from the first turn: they close 6" each across the 12" circle).
//!
//! Every turn has the book's phases as far as two duellists meet them:
//! - **Priority** (tp.10): each side rolls a d6, ties re-rolled; a side with Senjo-jutsu may re-roll
//!   its die once. The Priority player decides first whenever both could act.
//! - **Move**: from the second turn a model in contact may withdraw (Priority player first). Each
//!   opponent then chooses one of three responses (tp.13): one free attack at +1 with no Enhancing
//!   (none against an Acrobatic model), nothing, or moving back into contact at once. Contact
//!   broken ends a Subdue (tp.22).
//! - **Combat** ([`combat_phase`]) while in contact; a combat that starts again after a withdrawal
//!   is a first round: first-round weapon bonuses, a free choice of weapon.
//! - **Action**: a model not in contact may Rest (+1 to its Stunned removal roll).
//! - **End** (R-96): each Stunned counter comes off roll by roll: d6, -1 while engaged, +1 after
//!   Rest; 1-2 none, 3-5 one, 6 or more two.

use super::combat::combat_phase;
use super::dice::Dice;
use super::events::{Event, EventLog, match_points};
use super::fighter::Fighter;
use super::melee::attack_dice;
use super::policy::{MatchView, Policy, WithdrawResponse};
use super::wound::{WoundResult, apply_wound};

/// End Phase Stunned removal: a modified d6 of 3-5 removes one counter, 6 or more two.
const STUN_ONE_ON: i32 = 3;
const STUN_TWO_ON: i32 = 6;
/// -1 while engaged, +1 after a Rest.
const ENGAGED_STUN_MODIFIER: i32 = -1;
const RESTED_STUN_MODIFIER: i32 = 1;

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

/// What happened in a turn's Move Phase.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Moved {
    /// Still in contact: the combat goes on.
    Stayed,
    /// A model withdrew and the other moved straight back into contact: a new combat.
    Reengaged,
    /// A model withdrew and they are apart this turn.
    Apart,
}

/// Fight up to `max_turns` turns (or until one falls). A match with no kill goes to the fighter with
/// more match points; equal points are a draw.
pub fn duel(
    fighters: &mut [Fighter; 2],
    policies: &mut [&mut dyn Policy; 2],
    dice: &mut dyn Dice,
    max_turns: u32,
    events: &mut EventLog,
) -> DuelResult {
    duel_with_kiai(fighters, policies, dice, max_turns, &mut [0, 0], events)
}

/// [`duel`] with each side's Fearsome Kiai left: a side may spend one in the Priority Phase
/// to take Priority without a roll; if both do, both are spent and Priority is rolled.
pub fn duel_with_kiai(
    fighters: &mut [Fighter; 2],
    policies: &mut [&mut dyn Policy; 2],
    dice: &mut dyn Dice,
    max_turns: u32,
    kiai: &mut [u32; 2],
    events: &mut EventLog,
) -> DuelResult {
    let mut points = [0u32; 2];
    let mut turns = 0;
    // The sides of each turn's combat, made once per duel (see the Combat Phase below).
    let mut sides = [vec![fighters[0].clone()], vec![fighters[1].clone()]];
    // The next combat is a new one (the first turn, or after the duellists were apart).
    let mut new_combat = true;
    while turns < max_turns && fighters.iter().all(Fighter::alive) {
        turns += 1;
        events.push(|| Event::Turn { turn: turns });
        for (side, policy) in policies.iter_mut().enumerate() {
            policy.observe(MatchView {
                mine: points[side],
                theirs: points[1 - side],
                turns_after: (max_turns < super::tournament::FINAL_TURNS)
                    .then(|| max_turns - turns),
            });
        }
        let first = match fearsome_kiai([&fighters[0], &fighters[1]], policies, kiai, events) {
            Some(side) => side,
            None => priority(fighters, dice, events),
        };
        let moved = if turns > 1 && !new_combat {
            move_phase(fighters, policies, first, dice, &mut points, events)
        } else {
            Moved::Stayed
        };
        let mut engaged = true;
        match moved {
            Moved::Apart => {
                engaged = false;
                new_combat = true;
            }
            Moved::Reengaged | Moved::Stayed => {
                // The duellists move into the combat's sides and back: swapped, not cloned, so a
                // turn allocates nothing for them.
                for (fighter, side) in fighters.iter_mut().zip(sides.iter_mut()) {
                    std::mem::swap(fighter, &mut side[0]);
                }
                // Two models in contact always make a combat the rules allow.
                let first = new_combat || moved == Moved::Reengaged;
                for f in sides.iter_mut().flatten() {
                    f.later_round = !first;
                }
                let fought = combat_phase(&mut sides, policies, dice, &mut points, events);
                debug_assert!(fought.is_ok());
                for (fighter, side) in fighters.iter_mut().zip(sides.iter_mut()) {
                    std::mem::swap(fighter, &mut side[0]);
                }
                new_combat = false;
            }
        }
        let rested = action_phase(fighters, engaged, events);
        end_phase(fighters, engaged, rested, first, dice, events);
    }
    let winner = match (fighters[0].alive(), fighters[1].alive()) {
        (true, false) => Some(0),
        (false, true) => Some(1),
        _ if points[0] > points[1] => Some(0),
        _ if points[1] > points[0] => Some(1),
        _ => None,
    };
    events.push(|| Event::MatchEnd {
        winner: winner.map(|w| fighters[w].name.to_string()),
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

/// Fearsome Kiai, declared in secret before Priority is rolled: the side that alone spends one has
/// Priority; if both spend one, both are spent and the dice decide.
pub fn fearsome_kiai(
    f: [&Fighter; 2],
    policies: &mut [&mut dyn Policy; 2],
    kiai: &mut [u32; 2],
    events: &mut EventLog,
) -> Option<usize> {
    let spent: Vec<usize> = (0..2)
        .filter(|&side| kiai[side] > 0 && policies[side].spend_kiai(f[side], f[1 - side]))
        .collect();
    for &side in &spent {
        kiai[side] -= 1;
        events.push(|| Event::Kiai {
            fighter: f[side].name.to_string(),
            left: kiai[side],
        });
    }
    match spent.as_slice() {
        [one] => Some(*one),
        _ => None,
    }
}

/// The Priority Phase: who decides first this turn (0 or 1). Each side rolls a d6, re-rolling
/// ties; a side whose model has Senjo-jutsu may re-roll its own die once, when it is behind.
fn priority(f: &[Fighter; 2], dice: &mut dyn Dice, events: &mut EventLog) -> usize {
    priority_roll(
        [f[0].senjo_jutsu, f[1].senjo_jutsu],
        [&f[0].name, &f[1].name],
        dice,
        events,
    )
}

/// Each side rolls a d6, re-rolling ties; a side with Senjo-jutsu may re-roll its own die once,
/// when it is behind. Returns the side with Priority; `names` name the sides in the log.
pub fn priority_roll(
    senjo_jutsu: [bool; 2],
    names: [&str; 2],
    dice: &mut dyn Dice,
    events: &mut EventLog,
) -> usize {
    loop {
        let mut rolls = [dice.d6(), dice.d6()];
        for side in 0..2 {
            if senjo_jutsu[side] && rolls[side] < rolls[1 - side] {
                rolls[side] = dice.d6();
            }
        }
        let winner = match rolls[0].cmp(&rolls[1]) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        };
        events.push(|| Event::Priority {
            rolls,
            winner: winner.map(|w| names[w].to_owned()),
        });
        if let Some(w) = winner {
            return w;
        }
    }
}

/// The Move Phase in contact: the Priority player's model may withdraw first, then the other's.
fn move_phase(
    f: &mut [Fighter; 2],
    policies: &mut [&mut dyn Policy; 2],
    first: usize,
    dice: &mut dyn Dice,
    points: &mut [u32; 2],
    events: &mut EventLog,
) -> Moved {
    for i in [first, 1 - first] {
        let j = 1 - i;
        if !f[i].alive() || f[i].subdued || !policies[i].withdraw(&f[i], &f[j]) {
            continue;
        }
        events.push(|| Event::Withdraw {
            fighter: f[i].name.to_string(),
        });
        // Contact is broken: a Subdue ends (tp.22).
        f[i].subdued = false;
        let response = if f[j].subdued {
            WithdrawResponse::Nothing
        } else {
            let chosen = policies[j].withdraw_response(&f[j], &f[i]);
            if chosen == WithdrawResponse::FreeAttack && f[i].acrobatic {
                // No free attack against an Acrobatic model (tp.29).
                WithdrawResponse::Nothing
            } else {
                chosen
            }
        };
        f[j].subdued = false;
        events.push(|| Event::WithdrawResponse {
            fighter: f[j].name.to_string(),
            response,
        });
        match response {
            WithdrawResponse::FreeAttack => {
                free_attack(f, j, dice, points, events);
                return Moved::Apart;
            }
            WithdrawResponse::Nothing => return Moved::Apart,
            WithdrawResponse::Reengage => return Moved::Reengaged,
        }
    }
    Moved::Stayed
}

/// One attack at +1 with no Enhancing against a model withdrawing.
fn free_attack(
    f: &mut [Fighter; 2],
    j: usize,
    dice: &mut dyn Dice,
    points: &mut [u32; 2],
    events: &mut EventLog,
) {
    let [a, b] = f;
    let (attacker, defender) = if j == 0 { (&*a, b) } else { (&*b, a) };
    let result = free_attack_on(attacker, defender, dice, events);
    points[j] += match_points(result);
}

/// The free attack on a withdrawing model: a normal attack at +1, no counters spent and no
/// Enhancing on either side; the wound takes effect at once. Returns the result.
pub fn free_attack_on(
    attacker: &Fighter,
    defender: &mut Fighter,
    dice: &mut dyn Dice,
    events: &mut EventLog,
) -> WoundResult {
    let mut side = attacker.attack_side(defender, false);
    side.modifier += WITHDRAW_FREE_ATTACK;
    let defence = defender.defence_side(false);
    let rolled = attack_dice(side, defence, dice);
    let result = rolled.result();
    events.push(|| Event::Attack {
        attacker: attacker.name.to_string(),
        defender: defender.name.to_string(),
        attack_enhanced: false,
        defence_enhanced: false,
        roll: rolled.roll(side, defence),
    });
    if result != WoundResult::NoWound {
        defender.hit_by = Some(attacker.key);
        if result == WoundResult::Stunned {
            defender.stunned = defender.stunned.saturating_add(1);
        }
        defender.health = apply_wound(defender.health, result);
        events.push(|| Event::Wound {
            fighter: defender.name.to_string(),
            result,
            health: defender.health,
            by: Some(attacker.name.to_string()),
        });
    }
    result
}

/// The Action Phase: a Stunned model not in contact rests (it has nothing better to do in a duel).
/// Returns who rested.
fn action_phase(f: &[Fighter; 2], engaged: bool, events: &mut EventLog) -> [bool; 2] {
    let mut rested = [false; 2];
    if engaged {
        return rested;
    }
    for (k, fighter) in f.iter().enumerate() {
        if fighter.alive() && fighter.is_stunned() {
            rested[k] = true;
            events.push(|| Event::Rest {
                fighter: fighter.name.to_string(),
            });
        }
    }
    rested
}

/// The End Phase: each Stunned model rolls, the Priority player's first; every roll is
/// logged, with what it removed.
fn end_phase(
    f: &mut [Fighter; 2],
    engaged: bool,
    rested: [bool; 2],
    first: usize,
    dice: &mut dyn Dice,
    events: &mut EventLog,
) {
    for k in [first, 1 - first] {
        stun_roll(&mut f[k], engaged, rested[k], dice, events);
    }
}

/// One model's End Phase roll to remove Stunned counters: d6, -1 while engaged, +1 after a
/// Rest; 3-5 removes one, 6 or more two. Every roll is logged with what it removed.
pub fn stun_roll(
    fighter: &mut Fighter,
    engaged: bool,
    rested: bool,
    dice: &mut dyn Dice,
    events: &mut EventLog,
) {
    if !fighter.alive() || !fighter.is_stunned() {
        return;
    }
    let roll = dice.d6();
    let modifier = if engaged { ENGAGED_STUN_MODIFIER } else { 0 }
        + if rested { RESTED_STUN_MODIFIER } else { 0 };
    let total = i32::from(roll) + modifier;
    let removed = if total >= STUN_TWO_ON {
        2
    } else if total >= STUN_ONE_ON {
        1
    } else {
        0
    };
    // A roll that would remove two from a model holding one removes the one.
    let held = fighter.stunned;
    let removed = removed.min(held);
    fighter.stunned = held - removed;
    events.push(|| Event::StunRoll {
        fighter: fighter.name.to_string(),
        roll,
        modifier,
        held,
        removed,
        left: fighter.stunned,
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ronin::engine::dice::ScriptedDice;
    use crate::ronin::engine::fighter::test_fighter as fighter;
    use crate::ronin::engine::policy::{Counter, WithdrawResponse};
    use crate::ronin::engine::testing::TestPolicy;
    use crate::ronin::engine::wound::Health;
    use crate::ronin::model::Armour;

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
        // Priority 4 against 3 comes first every turn.
        let mut dice = ScriptedDice::new(&[4, 3, 4, 5, 3, 3, 2, 5, 4, 3, 1, 1, 6, 6, 6, 1]);
        let mut events = EventLog::recording();
        let result = duel(&mut pair, &mut [&mut a, &mut b], &mut dice, 6, &mut events);
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
        let mut dice = ScriptedDice::new(&[4, 3, 6, 1, 3, 3, 1, 1, 1, 6]);
        let mut events = EventLog::recording();
        let result = duel(&mut pair, &mut [&mut a, &mut b], &mut dice, 1, &mut events);
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
        // Turn 1: both miss. Turn 2: B withdraws and A takes its free attack:
        // 3+3 +3 +1 = 10 against 1 +1 = 2.
        let mut dice = ScriptedDice::new(&[4, 3, 6, 1, 1, 1, 6, 1, 1, 6, 4, 3, 3, 3, 1]);
        let mut events = EventLog::recording();
        let result = duel(&mut pair, &mut [&mut a, &mut b], &mut dice, 6, &mut events);
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
        let mut dice = ScriptedDice::new(&[4, 3, 6, 1, 1, 1, 6, 1, 1, 6, 4, 3]);
        let mut events = EventLog::recording();
        let result = duel(&mut pair, &mut [&mut a, &mut b], &mut dice, 2, &mut events);
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

    fn stunned(n: u8) -> [Fighter; 2] {
        let mut a = fighter("A", 1, 1, 1, Armour::None, 0, 0);
        a.stunned = n;
        [a, fighter("B", 1, 1, 1, Armour::None, 0, 0)]
    }

    fn end(f: &mut [Fighter; 2], engaged: bool, rested: bool, roll: u8) -> Vec<Event> {
        let mut dice = ScriptedDice::new(&[roll]);
        let mut events = EventLog::recording();
        end_phase(f, engaged, [rested, false], 0, &mut dice, &mut events);
        assert_eq!(dice.remaining(), 0);
        events.into_vec()
    }

    #[test]
    fn stunned_counters_come_off_one_roll_at_a_time() {
        // Two counters, engaged: 4 - 1 = 3 removes one; one stays.
        let mut f = stunned(2);
        let events = end(&mut f, true, false, 4);
        assert_eq!(f[0].stunned, 1);
        assert!(f[0].is_stunned());
        assert_eq!(
            events,
            [Event::StunRoll {
                fighter: "A".to_owned(),
                roll: 4,
                modifier: -1,
                held: 2,
                removed: 1,
                left: 1
            }]
        );
        // A 6 removes up to two; a 2 removes none, and the roll is still logged.
        let mut f = stunned(3);
        end(&mut f, false, false, 6);
        assert_eq!(f[0].stunned, 1);
        let events = end(&mut f, false, false, 2);
        assert_eq!(f[0].stunned, 1);
        assert_eq!(events.len(), 1, "a failed roll is logged too");
        // A 6 with one counter held removes that one, and says so.
        let mut f = stunned(1);
        let events = end(&mut f, false, false, 6);
        assert_eq!(f[0].stunned, 0);
        assert!(matches!(
            events[..],
            [Event::StunRoll {
                held: 1,
                removed: 1,
                left: 0,
                ..
            }]
        ));
    }

    #[test]
    fn the_engaged_minus_one_applies_only_while_engaged_and_rest_adds_one() {
        let mut engaged = stunned(1);
        end(&mut engaged, true, false, 3);
        assert_eq!(engaged[0].stunned, 1, "3 - 1 removes nothing while engaged");
        let mut apart = stunned(1);
        end(&mut apart, false, false, 3);
        assert_eq!(apart[0].stunned, 0, "3 removes one once apart");
        let mut rested = stunned(2);
        end(&mut rested, false, true, 5);
        assert_eq!(rested[0].stunned, 0, "5 + 1 after a Rest removes two");
    }

    #[test]
    fn priority_rolls_each_turn_and_ties_roll_again() {
        let pair = [
            fighter("A", 1, 1, 1, Armour::None, 0, 0),
            fighter("B", 1, 1, 1, Armour::None, 0, 0),
        ];
        let mut dice = ScriptedDice::new(&[3, 3, 2, 5]);
        let mut events = EventLog::recording();
        assert_eq!(priority(&pair, &mut dice, &mut events), 1);
        assert_eq!(events.len(), 2, "the tie is logged and rolled again");
    }

    #[test]
    fn senjo_jutsu_rerolls_a_losing_priority_die() {
        let mut a = fighter("A", 1, 1, 1, Armour::None, 0, 0);
        a.senjo_jutsu = true;
        let pair = [a, fighter("B", 1, 1, 1, Armour::None, 0, 0)];
        // A rolls 2 against 5, re-rolls a 6.
        let mut dice = ScriptedDice::new(&[2, 5, 6]);
        let mut events = EventLog::recording();
        assert_eq!(priority(&pair, &mut dice, &mut events), 0);
        assert_eq!(dice.remaining(), 0);
    }

    #[test]
    fn withdraw_may_be_answered_by_moving_straight_back_into_a_new_combat() {
        // B withdraws in turn 2; A re-engages at once: a new combat, fought that turn, with
        // first-round weapon modifiers.
        let mut a = fighter("A", 1, 3, 3, Armour::None, 0, 0);
        a.weapon.initiative_first = 3;
        a.weapon.initiative_later = -2;
        let mut pair = [a, fighter("B", 1, 1, 1, Armour::None, 0, 0)];
        let mut pa = TestPolicy {
            response: Some(WithdrawResponse::Reengage),
            ..TestPolicy::default()
        };
        let mut pb = TestPolicy {
            withdraw: true,
            ..TestPolicy::default()
        };
        // Turn 1: Priority 4-3; Initiative A 1 + 3 + 3 = 7, B 5 + 1 = 6; both miss (1+1 against 6).
        // Turn 2: Priority; B withdraws, A re-engages at once: the new combat is a first round, so
        // A's Initiative is 1 + 3 + 3 = 7 again, not 1 + 3 - 2. Both miss.
        let mut dice =
            ScriptedDice::new(&[4, 3, 1, 5, 1, 1, 6, 1, 1, 6, 4, 3, 1, 5, 1, 1, 6, 1, 1, 6]);
        let mut events = EventLog::recording();
        duel(
            &mut pair,
            &mut [&mut pa, &mut pb],
            &mut dice,
            2,
            &mut events,
        );
        assert_eq!(dice.remaining(), 0);
        assert!(events.contains(&Event::WithdrawResponse {
            fighter: "A".to_owned(),
            response: WithdrawResponse::Reengage
        }));
        let a_initiative: Vec<i32> = events
            .iter()
            .filter_map(|e| match e {
                Event::Initiative { fighter, total, .. } if fighter == "A" => Some(*total),
                _ => None,
            })
            .collect();
        assert_eq!(
            a_initiative,
            [7, 7],
            "a re-engaged combat is a first round again"
        );
    }

    #[test]
    fn withdrawing_ends_a_subdue() {
        let mut b = fighter("B", 1, 1, 1, Armour::None, 0, 0);
        b.subdued = true;
        let mut pair = [fighter("A", 1, 3, 3, Armour::None, 0, 0), b];
        let mut pa = TestPolicy {
            withdraw: true,
            ..TestPolicy::default()
        };
        let mut pb = TestPolicy::default();
        let mut dice = ScriptedDice::new(&[4, 3]);
        let mut events = EventLog::recording();
        let mut points = [0, 0];
        let moved = move_phase(
            &mut pair,
            &mut [&mut pa, &mut pb],
            0,
            &mut dice,
            &mut points,
            &mut events,
        );
        assert_eq!(moved, Moved::Apart);
        assert!(!pair[1].subdued, "contact broken: the Subdue ends");
    }

    fn shouts(kiai: bool) -> TestPolicy {
        TestPolicy {
            kiai,
            ..TestPolicy::default()
        }
    }

    #[test]
    fn a_fearsome_kiai_takes_priority_and_two_cancel_out() {
        let pair = [
            fighter("A", 1, 1, 1, Armour::None, 0, 0),
            fighter("B", 1, 1, 1, Armour::None, 0, 0),
        ];
        let mut events = EventLog::recording();
        // Only B shouts: B has Priority without a roll, and one Kiai fewer.
        let mut kiai = [1, 2];
        let (mut a, mut b) = (shouts(false), shouts(true));
        let first = fearsome_kiai(
            [&pair[0], &pair[1]],
            &mut [&mut a, &mut b],
            &mut kiai,
            &mut events,
        );
        assert_eq!(first, Some(1));
        assert_eq!(kiai, [1, 1]);
        // Both shout: both are spent and the dice decide.
        let (mut a, mut b) = (shouts(true), shouts(true));
        let first = fearsome_kiai(
            [&pair[0], &pair[1]],
            &mut [&mut a, &mut b],
            &mut kiai,
            &mut events,
        );
        assert_eq!(first, None);
        assert_eq!(kiai, [0, 0]);
        // With none left, nothing is spent.
        let first = fearsome_kiai(
            [&pair[0], &pair[1]],
            &mut [&mut a, &mut b],
            &mut kiai,
            &mut events,
        );
        assert_eq!(first, None);
        let spent = events
            .iter()
            .filter(|e| matches!(e, Event::Kiai { .. }))
            .count();
        assert_eq!(spent, 3);
    }
}
