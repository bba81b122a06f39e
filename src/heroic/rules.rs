//! The rules of Heroic Samurai that need no table: melee factors and results (§8, HS-13..HS-19,
//! HS-69), shooting (§6, HS-21..HS-27), musket cadence (HS-25), morale (§9, HS-30..HS-32), leaders'
//! Hit capacity (HS-29, HS-42) and personal combat (§7, HS-36..HS-38). Pure functions of the data
//! and the dice; `odds`, the sheet and the engine all use these and nothing else.

use serde::{Deserialize, Serialize};

use super::data::{Data, Element, Shoots, TargetRow, Tier, Weapon};
use crate::dice::D6;

/// One term of a total, as the odds and logs show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Term {
    pub value: i32,
    pub why: String,
}

fn term(value: i32, why: impl Into<String>) -> Term {
    Term {
        value,
        why: why.into(),
    }
}

/// A leader's optional characteristics, resolved to numbers (Average when unset, HS-43).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct LeaderStats {
    pub mounted: bool,
    /// The Prowess d6 face (None: the option is off, no edge in personal combat).
    pub prowess: Option<u8>,
    /// The Endurance d6 face.
    pub endurance: Option<u8>,
    /// The Charisma d6 face.
    pub charisma: Option<u8>,
    /// Reputation campaign points (None: Noble).
    pub reputation: Option<i64>,
}

impl LeaderStats {
    /// Prowess's melee modifier.
    pub fn prowess_melee(&self, data: &Data) -> i32 {
        self.prowess
            .and_then(|f| super::data::by_face(&data.leaders.prowess, f))
            .map_or(0, |p| p.melee.value)
    }

    /// Reputation's melee bonus over the +4 (HS-42).
    pub fn reputation_melee(&self, data: &Data) -> i32 {
        self.reputation
            .and_then(|p| data.leaders.reputation_for(p))
            .map_or(0, |r| r.melee.value)
    }

    /// The Hit that kills him: Endurance + Reputation's extra Hits + 1 (HS-29).
    pub fn dies_at(&self, data: &Data) -> u32 {
        let carried = self
            .endurance
            .and_then(|f| super::data::by_face(&data.leaders.endurance, f))
            .map_or(data.leaders.leader.hits.value, |e| e.hits.value);
        let extra = self
            .reputation
            .and_then(|p| data.leaders.reputation_for(p))
            .map_or(0, |r| r.extra_hits.value);
        u32::try_from(carried + extra + 1).unwrap_or(1)
    }

    /// Distractions one Regroup removes (0 for a Nonentity, HS-35).
    pub fn regroup_removes(&self, data: &Data) -> u32 {
        let level = match self.charisma {
            Some(f) => super::data::by_face(&data.leaders.charisma, f),
            None => data.leaders.charisma.iter().find(|c| c.id == "average"),
        };
        level.map_or(1, |c| u32::try_from(c.regroup_removes.value).unwrap_or(0))
    }

    /// The morale bonus of his stirring speech (0 for a Nonentity, HS-34).
    pub fn speech(&self, data: &Data) -> i32 {
        let level = match self.charisma {
            Some(f) => super::data::by_face(&data.leaders.charisma, f),
            None => data.leaders.charisma.iter().find(|c| c.id == "average"),
        };
        level.map_or(2, |c| if c.may_inspire { c.speech.value } else { 0 })
    }
}

/// One element (or a leader fighting as one) in a melee, with its counters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Combatant {
    pub name: String,
    /// Its factors before counters: type, horseback, a leader's Prowess and Reputation.
    pub base: Vec<Term>,
    pub tier: Tier,
    /// The Hit that removes it (5 for an element).
    pub removed_at: u32,
    pub distractions: u32,
    pub hits: u32,
    pub leader: bool,
}

impl Combatant {
    /// An element of a type (Mounted Bandits fight as the element they dismount to, HS-44).
    pub fn element(data: &Data, element: &Element) -> Combatant {
        let fights_as = element
            .dismounts_to
            .as_deref()
            .and_then(|id| data.element(id))
            .unwrap_or(element);
        let mut base = vec![term(fights_as.melee_factor.value, fights_as.name.clone())];
        if fights_as.mounted {
            base.push(term(data.melee.horseback.value, "on horseback"));
        }
        Combatant {
            name: fights_as.name.clone(),
            base,
            tier: fights_as.hit_tier.value,
            removed_at: u32::try_from(data.melee.removed_at_hits.value).unwrap_or(5),
            distractions: 0,
            hits: 0,
            leader: false,
        }
    }

    /// A leader fighting followers (HS-28).
    pub fn leader(data: &Data, stats: &LeaderStats) -> Combatant {
        let mut base = vec![term(data.leaders.leader.factor.value, "Leader")];
        if stats.mounted {
            base.push(term(data.melee.horseback.value, "on horseback"));
        }
        let prowess = stats.prowess_melee(data);
        if stats.prowess.is_some() && prowess != 0 {
            base.push(term(prowess, "Prowess"));
        }
        let reputation = stats.reputation_melee(data);
        if reputation != 0 {
            base.push(term(reputation, "Reputation"));
        }
        Combatant {
            name: data.leaders.leader.name.clone(),
            base,
            tier: data.leaders.leader.hit_tier.value,
            removed_at: stats.dies_at(data),
            distractions: 0,
            hits: 0,
            leader: true,
        }
    }

    pub fn with_counters(mut self, distractions: u32, hits: u32) -> Combatant {
        self.distractions = distractions;
        self.hits = hits;
        self
    }

    /// Its factors with its counters, without outnumbering.
    pub fn terms(&self, data: &Data) -> Vec<Term> {
        let mut terms = self.base.clone();
        let count = |n: u32| i32::try_from(n).unwrap_or(i32::MAX);
        if self.distractions > 0 {
            terms.push(term(
                data.melee.per_distraction.value * count(self.distractions),
                format!("{} D", self.distractions),
            ));
        }
        if self.hits > 0 {
            terms.push(term(
                data.melee.per_hit.value * count(self.hits),
                format!("{} Hit{}", self.hits, if self.hits == 1 { "" } else { "s" }),
            ));
        }
        terms
    }

    pub fn removed(&self) -> bool {
        self.hits >= self.removed_at
    }
}

pub fn sum(terms: &[Term]) -> i32 {
    terms.iter().map(|t| t.value).sum()
}

/// One side's factors in a fight: its lead element's, the first of the side (HS-69), and the
/// outnumbered factor when it is a single element against several (HS-15).
pub fn side_terms(data: &Data, side: &[Combatant], enemies: usize) -> Vec<Term> {
    let mut terms = side.first().map_or_else(Vec::new, |c| c.terms(data));
    if side.len() == 1 && enemies >= 2 {
        let n = u32::try_from(enemies).unwrap_or(u32::MAX);
        terms.push(term(
            data.melee.outnumbered_by(n),
            format!("outnumbered {enemies} to 1"),
        ));
    }
    terms
}

/// The Hits a win by `margin` scores on a loser of `tier` (§8.3): none below the tier's least
/// margin, then one a point of margin above its offset.
pub fn hits_for(data: &Data, margin: i32, tier: Tier) -> u32 {
    match data.melee.tier(tier) {
        Some(t) if margin >= t.min_margin.value => {
            u32::try_from(margin - t.offset.value).unwrap_or(0)
        }
        _ => 0,
    }
}

/// Which side won a fight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    A,
    B,
    Draw,
}

/// What one fight did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FightReport {
    pub rolls: (u8, u8),
    pub a_terms: Vec<Term>,
    pub b_terms: Vec<Term>,
    pub a_total: i32,
    pub b_total: i32,
    pub outcome: Outcome,
    /// Winner's total less the loser's (0 on a draw).
    pub margin: i32,
    /// The Hits scored and the loser (its index on its side) that took them.
    pub hits: u32,
    pub hit: Option<usize>,
    /// The loser that took the Hits was removed.
    pub removed: bool,
}

/// The loser a winner puts the Hits on when he chooses by the rules' own measure: the one that
/// takes the most Hits from this margin, then the one nearest removal, then the first.
pub fn best_hit_target(data: &Data, losers: &[Combatant], margin: i32) -> usize {
    (0..losers.len())
        .max_by_key(|&i| {
            let c = &losers[i];
            let h = hits_for(data, margin, c.tier);
            (h, c.hits, std::cmp::Reverse(i))
        })
        .unwrap_or(0)
}

/// Fight one fight with both d6 from `dice` (side A's first) and apply it to the counters (HS-16,
/// HS-18): a draw gives every element 1 D; a win gives every loser 1 D (and a push-back, which the
/// table applies) and all the Hits to one loser, `choose` picking it from the losers and margin.
pub fn fight(
    data: &Data,
    dice: &mut impl D6,
    a: &mut [Combatant],
    b: &mut [Combatant],
    choose: impl FnOnce(Outcome, &[Combatant], i32) -> usize,
) -> FightReport {
    let a_terms = side_terms(data, a, b.len());
    let b_terms = side_terms(data, b, a.len());
    let ra = dice.d6();
    let rb = dice.d6();
    let a_total = i32::from(ra) + sum(&a_terms);
    let b_total = i32::from(rb) + sum(&b_terms);
    let draw_d = u32::try_from(data.melee.draw_distractions.value).unwrap_or(0);
    let loss_d = u32::try_from(data.melee.loss_distractions.value).unwrap_or(0);
    let mut report = FightReport {
        rolls: (ra, rb),
        a_terms,
        b_terms,
        a_total,
        b_total,
        outcome: Outcome::Draw,
        margin: 0,
        hits: 0,
        hit: None,
        removed: false,
    };
    if a_total == b_total {
        for c in a.iter_mut().chain(b.iter_mut()) {
            c.distractions += draw_d;
        }
        return report;
    }
    let (losers, margin, outcome) = if a_total > b_total {
        (b, a_total - b_total, Outcome::A)
    } else {
        (a, b_total - a_total, Outcome::B)
    };
    report.outcome = outcome;
    report.margin = margin;
    for c in losers.iter_mut() {
        c.distractions += loss_d;
    }
    let target = choose(outcome, losers, margin).min(losers.len().saturating_sub(1));
    if let Some(c) = losers.get_mut(target) {
        let hits = hits_for(data, margin, c.tier);
        report.hits = hits;
        if hits > 0 {
            report.hit = Some(target);
            // Surplus Hits beyond removal are lost (HS-18).
            c.hits = (c.hits + hits).min(c.removed_at);
            report.removed = c.removed();
        }
    }
    report
}

/// What one shot does to its target.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ShotResult {
    Nothing,
    Distraction,
    /// 1 Hit and 1 Distraction.
    Hit,
}

/// The shooter's situation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Shooter {
    /// Bow-armed samurai in the element (bows only).
    pub archers: u32,
    pub moved: bool,
    pub distractions: u32,
    pub hits: u32,
    /// The line of fire passes through smoke (muskets only, HS-26).
    pub smoke: bool,
}

/// Why a shot cannot be taken.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NoShot {
    /// Muskets may not fire in a turn they moved.
    Moved,
    /// Beyond the far band.
    OutOfRange { cm: u32, max: i32 },
}

/// The modifiers of one shot.
pub fn shot_terms(weapon: &Weapon, shooter: &Shooter) -> Vec<Term> {
    let mut terms = Vec::new();
    let count = |n: u32| i32::try_from(n).unwrap_or(i32::MAX);
    if shooter.archers > 0 && weapon.per_archer.value != 0 {
        terms.push(term(
            weapon.per_archer.value * count(shooter.archers),
            format!("{} bow-armed samurai", shooter.archers),
        ));
    }
    if shooter.moved && weapon.moved.value != 0 {
        terms.push(term(weapon.moved.value, "moved this turn"));
    }
    if shooter.distractions > 0 {
        terms.push(term(
            weapon.per_distraction.value * count(shooter.distractions),
            format!("{} D", shooter.distractions),
        ));
    }
    if shooter.hits > 0 {
        terms.push(term(
            weapon.per_hit.value * count(shooter.hits),
            crate::diag::plural(shooter.hits, "Hit"),
        ));
    }
    if shooter.smoke && weapon.smoke.value != 0 {
        terms.push(term(weapon.smoke.value, "through smoke"));
    }
    terms
}

/// The result of a modified score (above 6 counts as 6, HS-24) in a cell.
pub fn shot_result(weapon: &Weapon, target: TargetRow, band: usize, score: i32) -> ShotResult {
    let Some(cell) = weapon.cell(target, band) else {
        return ShotResult::Nothing;
    };
    let face = score.min(6);
    let Ok(face) = u8::try_from(face) else {
        return ShotResult::Nothing;
    };
    if cell.hit.contains(&face) {
        ShotResult::Hit
    } else if cell.distraction.contains(&face) {
        ShotResult::Distraction
    } else {
        ShotResult::Nothing
    }
}

/// Check a shot can be taken and find its band.
pub fn shot_band(weapon: &Weapon, shooter: &Shooter, cm: u32) -> Result<usize, NoShot> {
    if shooter.moved && !weapon.may_fire_after_moving {
        return Err(NoShot::Moved);
    }
    weapon.band(cm).ok_or(NoShot::OutOfRange {
        cm,
        max: weapon.bands_cm.last().map_or(0, |b| b.value),
    })
}

/// The weapon an element shoots with, if any.
pub fn weapon_of<'a>(data: &'a Data, element: &Element) -> Option<&'a Weapon> {
    data.weapon(element.shoots)
}

/// What a shot's result does to a leader: he ignores Distractions (§6.3).
pub fn on_leader(data: &Data, result: ShotResult) -> ShotResult {
    match result {
        ShotResult::Distraction if data.leaders.leader.ignores_distractions_when_shot => {
            ShotResult::Nothing
        }
        other => other,
    }
}

/// A musket element's loading (HS-25): loaded at the start; a shot in turn t empties it, it
/// reloads in turn t+1 and may fire again from turn t+2, in a turn it does not move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Musket {
    pub last_fired: Option<u32>,
}

impl Musket {
    pub fn can_fire(&self, data: &Data, turn: u32, moved: bool) -> bool {
        if moved && !data.shooting.musket.may_fire_after_moving {
            return false;
        }
        let reload = data
            .shooting
            .musket
            .reload_turns
            .as_ref()
            .map_or(1, |r| u32::try_from(r.value).unwrap_or(1));
        self.last_fired
            .is_none_or(|t| turn > t.saturating_add(reload))
    }

    pub fn fire(&mut self, turn: u32) {
        self.last_fired = Some(turn);
    }
}

/// Whether a type shoots at all (every samurai element with its archers, muskets).
pub fn shoots(element: &Element) -> bool {
    element.shoots != Shoots::None
}

/// A contingent's morale state (HS-32).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Morale {
    Steady,
    Hesitant,
    Running,
}

/// What a Morale Test counts (HS-31).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MoraleCase {
    pub hits_this_turn: u32,
    pub elements_lost: u32,
    pub outnumbered: bool,
    /// The speech bonus: 0, +2, or +4 with Inspiring charisma.
    pub speech: i32,
    pub leader_absent: bool,
    pub higher_class: bool,
}

/// The modifiers of a Morale Test.
pub fn morale_terms(data: &Data, case: &MoraleCase) -> Vec<Term> {
    let m = &data.morale;
    let count = |n: u32| i32::try_from(n).unwrap_or(i32::MAX);
    let mut terms = Vec::new();
    if case.hits_this_turn > 0 {
        terms.push(term(
            m.modifier("hits-this-turn") * count(case.hits_this_turn),
            format!(
                "{} this turn",
                crate::diag::plural(case.hits_this_turn, "Hit")
            ),
        ));
    }
    if case.elements_lost > 0 {
        terms.push(term(
            m.modifier("elements-lost") * count(case.elements_lost),
            format!(
                "{} lost",
                crate::diag::plural(case.elements_lost, "element")
            ),
        ));
    }
    if case.outnumbered {
        terms.push(term(m.modifier("outnumbered"), "visibly outnumbered"));
    }
    if case.speech != 0 {
        terms.push(term(case.speech, "a stirring speech"));
    }
    if case.leader_absent {
        terms.push(term(m.modifier("leader-absent"), "leader not present"));
    }
    if case.higher_class {
        terms.push(term(
            m.modifier("higher-class"),
            "a higher class moved closer",
        ));
    }
    terms
}

/// The state a score gives, from the state before: a Running contingent stays Running on 0-2.
pub fn morale_state(data: &Data, score: i32, before: Morale) -> Morale {
    let min = |id: &str| {
        data.morale
            .state
            .iter()
            .find(|s| s.id == id)
            .map_or(0, |s| s.min_score.value)
    };
    if score >= min("steady") {
        Morale::Steady
    } else if score >= min("hesitant") {
        if before == Morale::Running {
            Morale::Running
        } else {
            Morale::Hesitant
        }
    } else {
        Morale::Running
    }
}

/// Roll a Morale Test.
pub fn morale_test(
    data: &Data,
    dice: &mut impl D6,
    case: &MoraleCase,
    before: Morale,
) -> (u8, i32, Morale) {
    let roll = dice.d6();
    let score = i32::from(roll) + sum(&morale_terms(data, case));
    (roll, score, morale_state(data, score, before))
}

/// A personal-combat intention (§7).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema, clap::ValueEnum,
)]
#[serde(rename_all = "kebab-case")]
pub enum Intention {
    Fight,
    Pursue,
    /// Stay your hand.
    Stay,
    BreakOff,
}

impl Intention {
    pub fn id(self) -> &'static str {
        match self {
            Intention::Fight => "fight",
            Intention::Pursue => "pursue",
            Intention::Stay => "stay",
            Intention::BreakOff => "break-off",
        }
    }
}

/// Whether a round is fought (HS-37): not when one breaks off and the other does not pursue.
pub fn round_fought(a: Intention, b: Intention) -> bool {
    let escapes =
        |me: Intention, other: Intention| me == Intention::BreakOff && other != Intention::Pursue;
    !(escapes(a, b) || escapes(b, a))
}

/// A paper-stone-scissors throw.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Throw {
    Paper,
    Stone,
    Scissors,
}

impl Throw {
    pub const ALL: [Throw; 3] = [Throw::Paper, Throw::Stone, Throw::Scissors];

    /// Whether this throw beats the other.
    pub fn beats(self, other: Throw) -> bool {
        matches!(
            (self, other),
            (Throw::Paper, Throw::Stone)
                | (Throw::Stone, Throw::Scissors)
                | (Throw::Scissors, Throw::Paper)
        )
    }
}

/// One throw's outcome, a draw going to the higher Prowess when the option is on (HS-38).
pub fn throw_outcome(a: Throw, b: Throw, prowess: (Option<u8>, Option<u8>)) -> Outcome {
    if a.beats(b) {
        Outcome::A
    } else if b.beats(a) {
        Outcome::B
    } else {
        match prowess {
            (Some(pa), Some(pb)) if pa > pb => Outcome::A,
            (Some(pa), Some(pb)) if pb > pa => Outcome::B,
            _ => Outcome::Draw,
        }
    }
}

/// A bout of three throws: whoever wins more throws wins it; equal means no Hit (HS-38).
pub fn bout(a: &[Throw], b: &[Throw], prowess: (Option<u8>, Option<u8>)) -> Outcome {
    let (mut wa, mut wb) = (0, 0);
    for (&x, &y) in a.iter().zip(b) {
        match throw_outcome(x, y, prowess) {
            Outcome::A => wa += 1,
            Outcome::B => wb += 1,
            Outcome::Draw => {}
        }
    }
    match wa.cmp(&wb) {
        std::cmp::Ordering::Greater => Outcome::A,
        std::cmp::Ordering::Less => Outcome::B,
        std::cmp::Ordering::Equal => Outcome::Draw,
    }
}

/// Who scores the Hit of a bout: the winner, unless he chose Stay your hand (HS-37), and nobody
/// when no round was fought.
pub fn bout_hit(outcome: Outcome, a: Intention, b: Intention) -> Outcome {
    if !round_fought(a, b) {
        return Outcome::Draw;
    }
    match outcome {
        Outcome::A if a != Intention::Stay => Outcome::A,
        Outcome::B if b != Intention::Stay => Outcome::B,
        _ => Outcome::Draw,
    }
}
