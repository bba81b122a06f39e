//! A configurable policy for scripted engine tests: everything into attack, never Enhance, always
//! attack the first enemy, lose Defence counters first; each field switches on one more decision.

use super::combat::combat_phase;
use super::dice::ScriptedDice;
use super::events::{Event, EventLog};
use super::fighter::Fighter;
use super::melee::{AttackSide, DefenceSide};
use super::policy::{Counter, Policy, Special, WithdrawResponse};

#[derive(Debug, Default)]
pub(crate) struct TestPolicy {
    /// The model (by name) that declares `special`.
    pub declarer: &'static str,
    pub special: Option<Special>,
    /// Friends spend Attack counters to support a Subdue.
    pub support: bool,
    /// Attack riders through their mounts.
    pub at_mount: bool,
    /// Withdraw at every chance.
    pub withdraw: bool,
    /// Take up spare weapon 0 at the start of a combat.
    pub choose: bool,
    /// Switch to spare weapon 0 once during a combat.
    pub switch: bool,
    /// Put every counter into Defence, never attack, and Enhance every Defence Roll.
    pub guard: bool,
    /// How to answer a withdrawal (default: the free attack).
    pub response: Option<WithdrawResponse>,
    /// Spend a Fearsome Kiai whenever there is one.
    pub kiai: bool,
}

impl Policy for TestPolicy {
    fn split(&mut self, own: &[&Fighter], _: &[&Fighter]) -> i32 {
        if self.guard {
            return 0;
        }
        own.iter().map(|f| f.pool()).sum()
    }
    fn enhance_initiative(&mut self, _: &Fighter, _: &[&Fighter], _: i32, _: bool) -> bool {
        false
    }
    fn attack(&mut self, _: &Fighter, _: &[&Fighter], n: i32) -> Option<usize> {
        (n > 0 && !self.guard).then_some(0)
    }
    fn enhance_defence(&mut self, _: &Fighter, _: &Fighter, _: AttackSide) -> bool {
        self.guard
    }
    fn enhance_attack(&mut self, _: &Fighter, _: &Fighter, _: DefenceSide, _: i32) -> bool {
        false
    }
    fn discard(&mut self, _: i32, _: i32) -> Counter {
        Counter::Defence
    }
    fn special(&mut self, me: &Fighter, _: &[&Fighter]) -> Option<Special> {
        if *me.name == *self.declarer {
            self.special
        } else {
            None
        }
    }
    fn support_subdue(&mut self, _: &Fighter, n: i32) -> bool {
        self.support && n > 0
    }
    fn target_mount(&mut self, _: &Fighter, _: &Fighter) -> bool {
        self.at_mount
    }
    fn withdraw(&mut self, _: &Fighter, _: &Fighter) -> bool {
        self.withdraw
    }
    fn withdraw_response(&mut self, _: &Fighter, _: &Fighter) -> WithdrawResponse {
        self.response.unwrap_or(WithdrawResponse::FreeAttack)
    }
    fn spend_kiai(&mut self, _: &Fighter, _: &Fighter) -> bool {
        self.kiai
    }
    fn choose_weapon(&mut self, _: &Fighter, _: &[&Fighter]) -> Option<usize> {
        self.choose.then_some(0)
    }
    fn switch_weapon(&mut self, _: &Fighter, _: &[&Fighter]) -> Option<usize> {
        std::mem::take(&mut self.switch).then_some(0)
    }
    fn name(&self) -> &'static str {
        "test"
    }
}

/// Fight one Combat Phase on exactly the scripted `rolls` (every roll must be used), with a
/// weaponless fallback for disarmed models. Returns the match points and the events.
pub(crate) fn scripted_phase(
    sides: &mut [Vec<Fighter>; 2],
    a: &mut TestPolicy,
    b: &mut TestPolicy,
    rolls: &[u8],
    first_round: bool,
) -> ([u32; 2], Vec<Event>) {
    let mut dice = ScriptedDice::new(rolls);
    let mut points = [0, 0];
    let mut events = EventLog::recording();
    for f in sides.iter_mut().flatten() {
        f.later_round = !first_round;
    }
    combat_phase(sides, &mut [a, b], &mut dice, &mut points, &mut events).expect("a valid combat");
    assert_eq!(
        dice.remaining(),
        0,
        "the script matches the rolls the rules asked for"
    );
    (points, events.into_vec())
}
