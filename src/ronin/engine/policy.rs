//! Decisions in combat come from a [`Policy`]: how to split the Combat Pool, whether to Enhance,
//! whether to attack, which counter to lose. [`DefaultAi`] decides from the exact odds of each
//! choice; [`RandomPolicy`] is the baseline it is measured against.

use std::sync::OnceLock;

use super::dice::{Dice, SeededDice};
use super::fighter::Fighter;
use super::melee::{AttackSide, DefenceSide};
use super::odds::{Distribution, melee_odds};
use super::wound::WoundResult;

/// A counter kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Counter {
    Attack,
    Defence,
}

/// A special attack declared before Initiative (tp.22): it succeeds on a Grievous result or better,
/// causing no wound; a lesser result wounds as usual.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Special {
    /// The target must change weapon, or fights weaponless.
    Disarm,
    /// The target cannot act while in contact with an enemy.
    Subdue,
}

/// What a model does when the enemy it fights withdraws (tp.13).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum WithdrawResponse {
    /// Stay and make one attack at +1, with no Enhancing.
    FreeAttack,
    /// Let it go.
    Nothing,
    /// Move back into contact at once, as its own activation: a new combat.
    Reengage,
}

/// The decisions one side makes in a combat.
pub trait Policy {
    /// How many of the side's combined Combat Pool go to Attack counters (the rest are Defence).
    fn split(&mut self, own: &[&Fighter], enemies: &[&Fighter]) -> i32;
    /// Spend an Attack counter to Enhance the Initiative Roll?
    fn enhance_initiative(
        &mut self,
        me: &Fighter,
        enemies: &[&Fighter],
        attack_counters: i32,
        first_round: bool,
    ) -> bool;
    /// Attack now (spending an Attack counter) one of `enemies`, by index, or pass (`None`)?
    fn attack(&mut self, me: &Fighter, enemies: &[&Fighter], attack_counters: i32)
    -> Option<usize>;
    /// Spend a Defence counter to Enhance this Defence Roll?
    fn enhance_defence(&mut self, me: &Fighter, attacker: &Fighter, incoming: AttackSide) -> bool;
    /// Spend another Attack counter to Enhance this Attack Roll?
    fn enhance_attack(
        &mut self,
        me: &Fighter,
        target: &Fighter,
        defence: DefenceSide,
        attack_counters_left: i32,
    ) -> bool;
    /// A Grievous wound costs a counter: which kind?
    fn discard(&mut self, attack: i32, defence: i32) -> Counter;
    /// Declare a Disarm or Subdue attempt for this turn's attacks (before Initiative)?
    fn special(&mut self, _me: &Fighter, _enemies: &[&Fighter]) -> Option<Special> {
        None
    }
    /// In the Move Phase, withdraw from contact (the opponent gets a free attack)?
    fn withdraw(&mut self, _me: &Fighter, _opponent: &Fighter) -> bool {
        false
    }
    /// The enemy `withdrawing` steps out of contact: how does `me` respond?
    fn withdraw_response(&mut self, _me: &Fighter, _withdrawing: &Fighter) -> WithdrawResponse {
        WithdrawResponse::FreeAttack
    }
    /// At the start of a combat, which spare weapon to take up instead (free), if any.
    fn choose_weapon(&mut self, _me: &Fighter, _enemies: &[&Fighter]) -> Option<usize> {
        None
    }
    /// During a combat, switch to a spare weapon in place of an attack (it costs an Attack counter)?
    fn switch_weapon(&mut self, _me: &Fighter, _enemies: &[&Fighter]) -> Option<usize> {
        None
    }
    /// Attack `target`'s mount rather than the rider?
    fn target_mount(&mut self, _me: &Fighter, _target: &Fighter) -> bool {
        false
    }
    /// Spend an Attack counter of `me` to add +1 to a friend's Subdue attempt?
    fn support_subdue(&mut self, _me: &Fighter, _attack_counters: i32) -> bool {
        false
    }
    /// Spend a Fearsome Kiai to take Priority this turn (declared in secret)?
    fn spend_kiai(&mut self, _me: &Fighter, _opponent: &Fighter) -> bool {
        false
    }
    /// The side's secret fighting order for a Tournament (indices into `own`), chosen without
    /// seeing the opponent's. By default the order the roster lists them.
    fn order(&mut self, own: &[&Fighter]) -> Vec<usize> {
        (0..own.len()).collect()
    }
    /// The state of the match at the start of each turn, from this side's point of view: its
    /// match points, the opponent's, and the turns left after this one (`None`: no limit).
    fn observe(&mut self, _match: MatchView) {}
    fn name(&self) -> &'static str;
}

/// What a side knows of its match at the start of a turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MatchView {
    pub mine: u32,
    pub theirs: u32,
    /// Turns left after this one; `None` when the match has no time limit.
    pub turns_after: Option<u32>,
}

/// The chance to act before an opponent: d6 (the better of two when Enhanced) + `mine` against
/// d6 + `theirs`, a tie counting as an even roll-off.
fn first_chance(mine: i32, theirs: i32, enhanced: bool) -> f64 {
    // It depends only on the difference, and from 6 apart on it is certain (1 or 0): a table of
    // the thirteen differences between, each worked out once as below.
    static TABLE: OnceLock<[[f64; 2]; 13]> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        std::array::from_fn(|k| [false, true].map(|e| first_chance_counted(k as i32 - 6, 0, e)))
    });
    table[((mine - theirs).clamp(-6, 6) + 6) as usize][usize::from(enhanced)]
}

/// [`first_chance`] by counting every roll.
fn first_chance_counted(mine: i32, theirs: i32, enhanced: bool) -> f64 {
    let mut wins = 0.0;
    let mut total = 0.0;
    for a in 1..=6 {
        for b in 1..=6 {
            for c in 1..=6 {
                let me = mine + if enhanced { a.max(b) } else { a };
                let them = theirs + c;
                wins += match me.cmp(&them) {
                    std::cmp::Ordering::Greater => 1.0,
                    std::cmp::Ordering::Equal => 0.5,
                    std::cmp::Ordering::Less => 0.0,
                };
                total += 1.0;
            }
        }
    }
    wins / total
}

/// How much a result is worth to the side causing it (a kill ends the match).
fn value(result: WoundResult) -> f64 {
    match result {
        WoundResult::NoWound => 0.0,
        WoundResult::Stunned => 0.3,
        WoundResult::Light => 1.0,
        WoundResult::Grievous => 2.0,
        WoundResult::Critical => 4.0,
    }
}

/// Differences of bonus the odds cache holds: `-ODDS_SPAN..ODDS_SPAN` (any other is computed).
const ODDS_SPAN: i32 = 32;

/// The exact odds of one attack, by difference of bonuses and who rolls Enhanced or re-rolls
/// (see [`DefaultAi::odds`]), each computed once, by whichever thread first needs it, and read
/// without a lock after that; the odds are a pure function of the key, so no decision depends on
/// which thread met a key first.
static ODDS: [OnceLock<Distribution>; 2 * ODDS_SPAN as usize * 16] =
    [const { OnceLock::new() }; 2 * ODDS_SPAN as usize * 16];

/// The default AI: every choice compares the expected value of its options, computed from the exact
/// odds (memoised; the cache never changes a decision, so games stay deterministic).
#[derive(Debug, Default, Clone)]
pub struct DefaultAi {
    /// On the table, with "capture an enemy of Rank 2 or higher" to achieve: the lowest
    /// Rank worth Subduing rather than killing.
    pub capture: Option<u8>,
}

impl DefaultAi {
    pub fn new() -> DefaultAi {
        DefaultAi::default()
    }

    /// The exact odds of one attack, computed once per pair of sides.
    fn odds(&mut self, attack: AttackSide, defence: DefenceSide) -> Distribution {
        // The odds depend only on the difference of the two sides' bonuses and on who rolls
        // Enhanced or re-rolls (the re-roll rules compare totals): one key for every pair with
        // the same difference, so the cache fills within a few games.
        let attack = AttackSide {
            fight: attack.bonus() - defence.bonus(),
            modifier: 0,
            enhanced: attack.enhanced,
            reroll: attack.reroll,
            enhanced_bonus: 0,
        };
        let defence = DefenceSide {
            enhanced: defence.enhanced,
            reroll: defence.reroll,
            ..DefenceSide::default()
        };
        let flags = usize::from(attack.enhanced)
            | usize::from(attack.reroll) << 1
            | usize::from(defence.enhanced) << 2
            | usize::from(defence.reroll) << 3;
        let Some(slot) = usize::try_from(attack.fight + ODDS_SPAN)
            .ok()
            .filter(|&slot| slot < 2 * ODDS_SPAN as usize)
        else {
            return melee_odds(attack, defence);
        };
        ODDS[slot * 16 + flags]
            .get_or_init(|| melee_odds(attack, defence))
            .clone()
    }

    /// Expected value of one attack.
    fn ev(&mut self, attack: AttackSide, defence: DefenceSide) -> f64 {
        let odds = self.odds(attack, defence);
        WoundResult::ALL
            .iter()
            .map(|r| odds.probability(*r) * value(*r))
            .sum()
    }
}

impl Policy for DefaultAi {
    fn split(&mut self, own: &[&Fighter], enemies: &[&Fighter]) -> i32 {
        // The opponent splits in secret. Measured over thousands of games against fixed splits
        // (all Attack, all Defence, half and half) and the earlier exact-odds split that guessed
        // the opponent's: keeping half the pool for Defence, so that enemy attacks meet Enhanced
        // Defence Rolls while as many attacks go out, is the split none of them beats. Exact odds
        // then decide how each counter is spent (which attacks to Enhance, whom to strike).
        // A Defence counter is only ever spent on an enemy attack, so Defence beyond the attacks
        // the enemies can make (their pools; a subdued enemy makes none) goes to Attack instead.
        // Turning to all-Defence when ahead (or all-Attack when behind) in a Tournament match's
        // last turn was measured and dropped: it lost 1-2 points against `half` in the Bushi,
        // Sohei and Koryu mirrors and gained nothing against the other yardsticks (one attack
        // often kills, and a spare Defence counter meets no attack).
        if enemies.is_empty() {
            return 0;
        }
        let pool: i32 = own.iter().map(|f| f.pool()).sum();
        let free_defence: i32 = own.iter().map(|f| i32::from(f.intuition)).sum();
        let their_attacks: i32 = enemies
            .iter()
            .filter(|f| !f.subdued)
            .map(|f| f.fixed.map_or(f.pool(), |c| c.attack) + f.warhorse_attacks())
            .sum();
        ((pool + 1) / 2)
            .max(pool + free_defence - their_attacks)
            .min(pool)
    }

    fn enhance_initiative(
        &mut self,
        me: &Fighter,
        enemies: &[&Fighter],
        attack_counters: i32,
        first_round: bool,
    ) -> bool {
        // Worth an attack only if striking first is likely to stop enough of the enemy's attacks:
        // the gain in the chance of acting first, times what a Grievous (one counter fewer) or a
        // Critical (no attacks at all) from my first attack would spare me.
        let Some(enemy) = enemies.first() else {
            return false;
        };
        if attack_counters < 2 {
            return false;
        }
        let mine = me.initiative_bonus(first_round);
        let theirs = enemy.initiative_bonus(!enemy.later_round);
        let gain = first_chance(mine, theirs, true) - first_chance(mine, theirs, false);
        let odds = self.odds(me.attack_side(enemy, false), enemy.defence_side(false));
        let (grievous, critical) = (
            odds.probability(WoundResult::Grievous),
            odds.probability(WoundResult::Critical),
        );
        let their_attack = self.ev(enemy.attack_side(me, false), me.defence_side(false));
        let their_attacks = f64::from((enemy.pool() + 1) / 2);
        let spared = their_attack * (grievous + critical * their_attacks);
        let cost = self.ev(me.attack_side(enemy, false), enemy.defence_side(false));
        gain * spared > cost
    }

    fn choose_weapon(&mut self, me: &Fighter, enemies: &[&Fighter]) -> Option<usize> {
        // The weapon with the best expected attack against the first enemy (ties keep the current).
        let enemy = enemies.first()?;
        let mut best = (
            self.ev(me.attack_side(enemy, false), enemy.defence_side(false)),
            None,
        );
        for (k, spare) in me.spare_weapons.iter().enumerate() {
            let mut armed = me.clone();
            armed.weapon = spare.clone();
            let ev = self.ev(armed.attack_side(enemy, false), enemy.defence_side(false));
            if ev > best.0 {
                best = (ev, Some(k));
            }
        }
        best.1
    }

    /// Subdue a lone enemy worth capturing (the minor objective), never otherwise.
    fn special(&mut self, _me: &Fighter, enemies: &[&Fighter]) -> Option<Special> {
        match (self.capture, enemies) {
            (Some(r), [enemy]) if enemy.rank >= r && !enemy.subdued => Some(Special::Subdue),
            _ => None,
        }
    }

    fn attack(
        &mut self,
        me: &Fighter,
        enemies: &[&Fighter],
        attack_counters: i32,
    ) -> Option<usize> {
        if attack_counters < 1 {
            return None;
        }
        // The enemy this attack hurts most; a captive worth keeping is left alone.
        let mut best: Option<(f64, usize)> = None;
        for (k, enemy) in enemies.iter().enumerate() {
            if enemy.subdued && self.capture.is_some_and(|r| enemy.rank >= r) {
                continue;
            }
            let ev = self.ev(me.attack_side(enemy, false), enemy.defence_side(false));
            if best.is_none_or(|(b, _)| ev > b) {
                best = Some((ev, k));
            }
        }
        best.map(|(_, k)| k)
    }

    fn enhance_defence(&mut self, me: &Fighter, _attacker: &Fighter, incoming: AttackSide) -> bool {
        // A Defence counter has no other use.
        self.ev(incoming, me.defence_side(true)) < self.ev(incoming, me.defence_side(false))
    }

    fn enhance_attack(
        &mut self,
        me: &Fighter,
        target: &Fighter,
        defence: DefenceSide,
        attack_counters_left: i32,
    ) -> bool {
        if attack_counters_left < 1 {
            return false;
        }
        // Worth it when the gain beats what the counter would do as an attack of its own.
        let plain = self.ev(me.attack_side(target, false), defence);
        let enhanced = self.ev(me.attack_side(target, true), defence);
        enhanced - plain > self.ev(me.attack_side(target, false), target.defence_side(false))
    }

    fn discard(&mut self, _attack: i32, defence: i32) -> Counter {
        if defence > 0 {
            Counter::Defence
        } else {
            Counter::Attack
        }
    }

    fn name(&self) -> &'static str {
        "default"
    }
}

/// Every decision at random: the baseline.
#[derive(Debug)]
pub struct RandomPolicy {
    dice: SeededDice,
}

impl RandomPolicy {
    pub fn new(seed: u64, stream: u64) -> RandomPolicy {
        RandomPolicy {
            dice: SeededDice::new(seed, stream),
        }
    }

    fn coin(&mut self) -> bool {
        self.dice.d6().is_multiple_of(2)
    }
}

impl Policy for RandomPolicy {
    fn split(&mut self, own: &[&Fighter], _enemies: &[&Fighter]) -> i32 {
        let pool: i32 = own.iter().map(|f| f.pool()).sum();
        (0..pool).filter(|_| self.coin()).count() as i32
    }

    fn enhance_initiative(
        &mut self,
        _me: &Fighter,
        _enemies: &[&Fighter],
        attack_counters: i32,
        _first: bool,
    ) -> bool {
        attack_counters > 0 && self.coin()
    }

    fn attack(
        &mut self,
        _me: &Fighter,
        enemies: &[&Fighter],
        attack_counters: i32,
    ) -> Option<usize> {
        if attack_counters < 1 || enemies.is_empty() || !self.coin() {
            return None;
        }
        Some(usize::from(self.dice.d6()) % enemies.len())
    }

    fn enhance_defence(
        &mut self,
        _me: &Fighter,
        _attacker: &Fighter,
        _incoming: AttackSide,
    ) -> bool {
        self.coin()
    }

    fn enhance_attack(&mut self, _me: &Fighter, _t: &Fighter, _d: DefenceSide, left: i32) -> bool {
        left > 0 && self.coin()
    }

    fn discard(&mut self, attack: i32, defence: i32) -> Counter {
        match (attack > 0, defence > 0) {
            (true, true) if self.coin() => Counter::Attack,
            (true, false) => Counter::Attack,
            _ => Counter::Defence,
        }
    }

    fn special(&mut self, _me: &Fighter, _enemies: &[&Fighter]) -> Option<Special> {
        match self.dice.d6() {
            6 => Some(if self.coin() {
                Special::Disarm
            } else {
                Special::Subdue
            }),
            _ => None,
        }
    }

    fn support_subdue(&mut self, _me: &Fighter, attack_counters: i32) -> bool {
        attack_counters > 0 && self.coin()
    }

    fn target_mount(&mut self, _me: &Fighter, _target: &Fighter) -> bool {
        self.coin()
    }

    fn withdraw(&mut self, _me: &Fighter, _opponent: &Fighter) -> bool {
        self.dice.d6() == 6
    }

    fn order(&mut self, own: &[&Fighter]) -> Vec<usize> {
        let mut order: Vec<usize> = (0..own.len()).collect();
        self.dice.shuffle(&mut order);
        order
    }

    fn spend_kiai(&mut self, _me: &Fighter, _opponent: &Fighter) -> bool {
        self.dice.d6() == 6
    }

    fn withdraw_response(&mut self, _me: &Fighter, _withdrawing: &Fighter) -> WithdrawResponse {
        match self.dice.d6() {
            1 | 2 => WithdrawResponse::FreeAttack,
            3 | 4 => WithdrawResponse::Nothing,
            _ => WithdrawResponse::Reengage,
        }
    }

    fn name(&self) -> &'static str {
        "random"
    }
}

/// How a [`Yardstick`] splits its pool.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FixedSplit {
    /// Every counter on Attack.
    Attack,
    /// Every counter on Defence.
    Defend,
    /// Half on Attack (rounded up), the rest on Defence.
    Half,
}

/// A simple fixed strategy to measure the default AI against: it splits as its [`FixedSplit`] says,
/// attacks the first enemy whenever it has a counter, spends Defence counters as they come, never
/// Enhances an attack or Initiative, never withdraws and answers a withdrawal with the free attack.
#[derive(Debug, Clone, Copy)]
pub struct Yardstick(pub FixedSplit);

impl Policy for Yardstick {
    fn split(&mut self, own: &[&Fighter], _enemies: &[&Fighter]) -> i32 {
        let pool: i32 = own.iter().map(|f| f.pool()).sum();
        match self.0 {
            FixedSplit::Attack => pool,
            FixedSplit::Defend => 0,
            FixedSplit::Half => (pool + 1) / 2,
        }
    }
    fn enhance_initiative(&mut self, _: &Fighter, _: &[&Fighter], _: i32, _: bool) -> bool {
        false
    }
    fn attack(&mut self, _: &Fighter, enemies: &[&Fighter], n: i32) -> Option<usize> {
        (n > 0 && !enemies.is_empty()).then_some(0)
    }
    fn enhance_defence(&mut self, _: &Fighter, _: &Fighter, _: AttackSide) -> bool {
        true
    }
    fn enhance_attack(&mut self, _: &Fighter, _: &Fighter, _: DefenceSide, _: i32) -> bool {
        false
    }
    fn discard(&mut self, _attack: i32, defence: i32) -> Counter {
        if defence > 0 {
            Counter::Defence
        } else {
            Counter::Attack
        }
    }
    fn name(&self) -> &'static str {
        match self.0 {
            FixedSplit::Attack => "attack",
            FixedSplit::Defend => "defend",
            FixedSplit::Half => "half",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ronin::engine::fighter::test_fighter;
    use crate::ronin::model::Armour;

    #[test]
    fn no_defence_counter_is_kept_beyond_the_attacks_the_enemies_can_make() {
        let pair = [
            test_fighter("A", 3, 3, 3, Armour::None, 0, 0),
            test_fighter("B", 3, 3, 3, Armour::None, 0, 0),
        ];
        let own: Vec<&Fighter> = pair.iter().collect();
        let mut lone = test_fighter("C", 2, 3, 3, Armour::None, 0, 0);
        let mut ai = DefaultAi::new();
        // Half of 6 would keep 3 for Defence; the lone enemy can make 2 attacks at most.
        assert_eq!(ai.split(&own, &[&lone]), 4);
        // Subdued, it makes none: everything attacks.
        lone.subdued = true;
        assert_eq!(ai.split(&own, &[&lone]), 6);
        // Against an equal pool, half and half.
        let equal = test_fighter("D", 6, 3, 3, Armour::None, 0, 0);
        assert_eq!(ai.split(&own, &[&equal]), 3);
    }

    #[test]
    fn enhancing_initiative_raises_the_chance_to_act_first() {
        // Equal Initiative: an even chance; two dice keep one: 1 - P(both dice <= c) summed, plus ties.
        for (mine, theirs) in [(3, 3), (0, 9), (9, 0), (4, 1), (-2, 3), (20, -4), (-7, 8)] {
            for enhanced in [false, true] {
                assert_eq!(
                    first_chance(mine, theirs, enhanced).to_bits(),
                    first_chance_counted(mine, theirs, enhanced).to_bits(),
                    "{mine} against {theirs}"
                );
            }
        }
        assert!((first_chance(3, 3, false) - 0.5).abs() < 1e-12);
        let enhanced = first_chance(3, 3, true);
        assert!(enhanced > 0.5 && enhanced < 1.0, "{enhanced}");
        // +10 Initiative always acts first.
        assert!((first_chance(13, 3, false) - 1.0).abs() < 1e-12);
    }
}
