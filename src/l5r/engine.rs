//! The round engine (digest §5-§13): before round 1 the scouts, heralds and champions; each
//! round formation, Advance or Hold, commitment and retreats, the officers at the front, the
//! Battle roll with balancing, push-backs and losses, Attrition, morale at half strength, the
//! General's death and an officer stepping up, zone effects, lulls and healing; after the battle
//! the permanent losses and the Honor and Glory. Pure and deterministic: state in, choices from a
//! [`Policy`], d10s from a [`D10`], events out only when a log is asked for.

// Two sides index several arrays at once (`orders[s]`, `dice[s]`, `self.state.sides[s]`): a
// range over the sides reads better than zipped iterators here.
#![allow(clippy::needless_range_loop)]

use super::dice::{D10, Pool, roll};
use super::event::Event;
use super::odds_table::Odds;
use super::setup::{NpcBonus, Role, Setup};

/// How a battle ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// This side won (the other lost, fled, was pushed off, ran out of MP, or its General fell).
    Won(usize),
    /// This side retreated in good order (a loss for it, L5R-16).
    Retreated(usize),
    Draw,
}

/// What one battle gave, for the statistics.
#[derive(Debug, Clone)]
pub struct Result {
    pub outcome: Outcome,
    /// How the loser lost, in words (`off the map`, `no MP`, ...).
    pub how: &'static str,
    pub rounds: u32,
    pub mp_lost: [i32; 2],
    pub squads_destroyed: [u32; 2],
    pub squads_lost_for_good: [u32; 2],
    pub honor: [i32; 2],
    pub glory: [i32; 2],
    pub captures: [u32; 2],
    pub officers_dead: [u32; 2],
}

/// A squad in the battle.
#[derive(Debug, Clone)]
pub struct Squad {
    pub mp: i32,
    pub alive: bool,
    /// Destroyed this many times, and how many of those after a return.
    pub destroyed: u32,
    pub again: u32,
    pub returned: bool,
    /// Water slots and kit uses spent on it (L5R-29).
    pub eased: i32,
}

/// An officer in the battle.
#[derive(Debug, Clone, Default)]
pub struct OfficerState {
    pub wounds: i32,
    pub dead: bool,
    /// Held by the enemy; `lost` once disposed of (sent to the rear or executed).
    pub captured: bool,
    pub lost: bool,
    pub slots: [u32; 5],
    pub kits: u32,
    pub extra_actions: u32,
    /// He is the General now (L5R-25).
    pub general: bool,
}

impl OfficerState {
    pub fn free(&self) -> bool {
        !self.dead && !self.captured && !self.lost
    }
}

/// One side's state.
#[derive(Debug, Clone)]
pub struct SideState {
    pub zone: Option<usize>,
    pub formation: Option<usize>,
    pub advance: bool,
    pub squads: Vec<Squad>,
    pub officers: Vec<OfficerState>,
    pub general_wounds: i32,
    /// Which officer stands in for a fallen General.
    pub stand_in: Option<usize>,
    pub general_dead: bool,
    /// k0 for the next Battle roll (balanced).
    pub pending: i32,
    /// k0 laid on the General by heralds and the duel (for chickening out, L5R-05).
    pub laid: i32,
    /// k0 applied after balancing on the next Battle roll (a new General's −5k0).
    pub post: i32,
    /// Fleeing this round: −5k0 on every roll (L5R-16).
    pub fleeing: bool,
    /// Held Void last round: +1k0 this round.
    pub void_bonus: i32,
    pub half_checked: bool,
    pub start_mp: i32,
    /// Enemy officers held captive (recoverable).
    pub captives: u32,
    pub honor: i32,
    pub glory: i32,
    pub captures: u32,
    /// Officers who captured this round: +0.3 Glory each if they end Step 6 free (L5R-21).
    pub capturers: Vec<usize>,
}

impl SideState {
    pub fn mp(&self) -> i32 {
        self.squads.iter().filter(|s| s.alive).map(|s| s.mp).sum()
    }
}

/// The whole battle's state.
#[derive(Debug, Clone)]
pub struct State {
    pub round: u32,
    pub initiative: usize,
    pub sides: [SideState; 2],
    /// Per zone and effect: revealed, eliminated, uses left, and whether an Ambush has sprung.
    pub revealed: Vec<Vec<bool>>,
    pub gone: Vec<Vec<bool>>,
    pub uses: Vec<Vec<Option<i32>>>,
    /// Rounds fought in each zone.
    pub fought: Vec<u32>,
}

/// A side's Step 3.
#[derive(Debug, Clone, Default)]
pub struct Orders {
    pub retreat: bool,
    pub formation: usize,
    pub advance: bool,
    /// Squads sent to the front (indices into the side's squads).
    pub squads: Vec<usize>,
    /// Officers sent to the front.
    pub officers: Vec<usize>,
    /// Spend the round disposing of captives: no officers go (L5R-21).
    pub dispose: bool,
}

/// What raises buy (L5R-19).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Buys {
    pub glory: u32,
    pub general_bonus: u32,
    pub damage: u32,
    pub advance: u32,
    pub reveal: u32,
    pub eliminate: u32,
    pub capture: bool,
    pub recover: bool,
    pub raid: bool,
    pub act_as_officer: bool,
    pub extra_action: bool,
    /// Air: +5 Resiliency a raise; Water: +5 healing a raise.
    pub resiliency: u32,
    pub heal: u32,
}

/// Which menu raises buy from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Menu {
    General,
    NpcGeneral,
    Officer,
    Air,
    Water,
    /// Earth: the Officers' menu and Air's option.
    Earth,
}

impl Menu {
    /// The cost of a set of buys, or `None` when the menu does not sell one of them.
    pub fn cost(self, b: &Buys) -> Option<u32> {
        let (glory, bonus, damage, advance, reveal, elim, cap, rec, raid, act, extra, res, heal) =
            match self {
                Menu::General => (1, 0, 2, 3, 0, 0, 0, 0, 0, 5, 0, 0, 0),
                Menu::NpcGeneral => (0, 0, 2, 3, 0, 0, 4, 3, 5, 5, 3, 0, 0),
                Menu::Officer => (1, 2, 3, 0, 1, 2, 4, 3, 5, 0, 0, 0, 0),
                Menu::Air => (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0),
                Menu::Water => (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1),
                Menu::Earth => (1, 2, 3, 0, 1, 2, 4, 3, 5, 0, 0, 1, 0),
            };
        let want = |n: u32, c: u32| if n > 0 && c == 0 { None } else { Some(n * c) };
        let flag = |f: bool, c: u32| want(u32::from(f), c);
        Some(
            want(b.glory, glory)?
                + want(b.general_bonus, bonus)?
                + want(b.damage, damage)?
                + want(b.advance, advance)?
                + want(b.reveal, reveal)?
                + want(b.eliminate, elim)?
                + flag(b.capture, cap)?
                + flag(b.recover, rec)?
                + flag(b.raid, raid)?
                + flag(b.act_as_officer, act)?
                + flag(b.extra_action, extra)?
                + want(b.resiliency, res)?
                + want(b.heal, heal)?,
        )
    }
}

/// A yes-or-no choice the rules leave to a side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Question {
    /// Agree to the champions' duel (L5R-15).
    Duel,
    /// Attack the enemy fleeing in panic (L5R-16).
    AttackFleeing,
    /// With the armies apart: parley rather than continue (L5R-12).
    Parley,
    /// Accept a respite offered at a parley.
    Respite,
    /// The wounded General surrenders (L5R-24).
    Surrender,
    /// A herald's or duel's extra pick: a penalty on the enemy (yes) or a bonus for us (no).
    LayOnEnemy,
}

/// What a policy sees: the battle, the state and the exact odds.
pub struct View<'a> {
    pub setup: &'a Setup,
    pub state: &'a State,
    pub odds: &'a Odds,
}

/// A side's decisions.
pub trait Policy {
    fn name(&self) -> &'static str;
    /// Step 3; `enemy` is the other side's orders when it decided first.
    fn orders(&mut self, v: &View, side: usize, enemy: Option<&Orders>) -> Orders;
    /// Raises to declare on a roll whose chance of success with r raises is `curve[r]` (for the
    /// Battle roll: of a decisive win, with `lose[r]` its chance of losing).
    fn raises(&mut self, v: &View, side: usize, menu: Menu, curve: &[f64], lose: &[f64]) -> u32;
    /// What `raises` buy from `menu` after a success.
    fn buys(&mut self, v: &View, side: usize, menu: Menu, raises: u32) -> Buys;
    fn ask(&mut self, v: &View, side: usize, q: Question) -> bool;
}

/// Where events go: nowhere (Monte Carlo) or a vector.
pub struct Log(Option<Vec<Event>>);

impl Log {
    pub fn off() -> Log {
        Log(None)
    }

    pub fn recording() -> Log {
        Log(Some(Vec::new()))
    }

    pub fn on(&self) -> bool {
        self.0.is_some()
    }

    /// Record the event `f` builds, only when recording.
    pub fn push(&mut self, f: impl FnOnce() -> Event) {
        if let Some(v) = &mut self.0 {
            v.push(f());
        }
    }

    pub fn events(self) -> Vec<Event> {
        self.0.unwrap_or_default()
    }
}

/// The most raises any roll declares.
pub const MOST_RAISES: usize = super::odds_table::CURVE;

impl State {
    pub fn new(setup: &Setup) -> State {
        let side = |s: usize| {
            let d = &setup.sides[s];
            SideState {
                zone: Some(setup.start),
                formation: None,
                advance: false,
                squads: d
                    .squads
                    .iter()
                    .map(|q| Squad {
                        mp: q.1,
                        alive: true,
                        destroyed: 0,
                        again: 0,
                        returned: false,
                        eased: 0,
                    })
                    .collect(),
                officers: d
                    .officers
                    .iter()
                    .map(|o| OfficerState {
                        slots: o.slots,
                        kits: o.kits,
                        ..OfficerState::default()
                    })
                    .collect(),
                general_wounds: 0,
                stand_in: None,
                general_dead: false,
                pending: 0,
                laid: 0,
                post: 0,
                fleeing: false,
                void_bonus: 0,
                half_checked: false,
                start_mp: d.mp(),
                captives: 0,
                honor: 0,
                glory: 0,
                captures: 0,
                capturers: Vec::new(),
            }
        };
        State {
            round: 0,
            initiative: 0,
            sides: [side(0), side(1)],
            revealed: setup
                .zones
                .iter()
                .map(|z| vec![false; z.effects.len()])
                .collect(),
            gone: setup
                .zones
                .iter()
                .map(|z| vec![false; z.effects.len()])
                .collect(),
            uses: setup
                .zones
                .iter()
                .map(|z| z.effects.iter().map(|e| e.uses).collect())
                .collect(),
            fought: vec![0; setup.zones.len()],
        }
    }
}

/// The engine: the setup, the odds, the state and the log.
pub struct Game<'a, R: D10> {
    pub setup: &'a Setup,
    pub odds: &'a Odds,
    pub state: State,
    pub d10: R,
    pub log: Log,
}

impl<'a, R: D10> Game<'a, R> {
    pub fn new(setup: &'a Setup, odds: &'a Odds, d10: R, log: Log) -> Game<'a, R> {
        Game {
            setup,
            odds,
            state: State::new(setup),
            d10,
            log,
        }
    }

    fn view(&self) -> View<'_> {
        View {
            setup: self.setup,
            state: &self.state,
            odds: self.odds,
        }
    }

    fn general_name(&self, s: usize) -> String {
        match self.state.sides[s].stand_in {
            Some(i) => self.setup.sides[s].officers[i].name.clone(),
            None => self.setup.sides[s].general.clone(),
        }
    }

    /// Roll `pool` for side `s` (fleeing: −5k0 first), logging it.
    fn roll(
        &mut self,
        s: usize,
        who: &str,
        what: &str,
        pool: Pool,
        raises: u32,
        tn: Option<i32>,
    ) -> i32 {
        let pool = if self.state.sides[s].fleeing {
            pool.plus_rolled(-self.setup.n.panicked)
        } else {
            pool
        };
        let total = roll(&mut self.d10, pool);
        let round = self.state.round;
        let step = self.setup.n.raise;
        let captive = self.setup.n.captive_tn * self.state.sides[s].captives as i32;
        self.log.push(|| Event::Roll {
            round,
            side: s,
            who: who.to_owned(),
            what: what.to_owned(),
            pool: pool.ten_dice().to_string(),
            raises,
            total,
            tn: tn.map(|t| t + captive),
            success: tn.map(|t| total >= t + captive + step * raises as i32),
        });
        total
    }

    /// A roll against a TN: declared raises (or, with `raises = "margin"`, counted from the
    /// margin), +10 TN per captive its side holds. Returns the raises it earned when it succeeds.
    fn against(
        &mut self,
        s: usize,
        who: &str,
        what: &str,
        pool: Pool,
        tn: i32,
        declared: u32,
    ) -> Option<u32> {
        let declared = if self.setup.margin_raises {
            0
        } else {
            declared
        };
        let total = self.roll(s, who, what, pool, declared, Some(tn));
        let captive = self.setup.n.captive_tn * self.state.sides[s].captives as i32;
        let need = tn + captive + self.setup.n.raise * declared as i32;
        if total < need {
            return None;
        }
        Some(if self.setup.margin_raises {
            u32::try_from((total - tn - captive) / self.setup.n.raise).unwrap_or(0)
        } else {
            declared
        })
    }

    /// The chance curve of a pool against a TN for r = 0.. raises (captives and fleeing in).
    fn curve(
        &self,
        s: usize,
        at_least: &super::odds_table::AtLeast,
        tn: i32,
    ) -> [f64; MOST_RAISES] {
        let captive = self.setup.n.captive_tn * self.state.sides[s].captives as i32;
        let mut c = [0.0; MOST_RAISES];
        for (r, x) in c.iter_mut().enumerate() {
            *x = at_least.get(tn + captive + self.setup.n.raise * r as i32);
        }
        c
    }

    fn note(&mut self, side: Option<usize>, text: impl FnOnce() -> String) {
        let round = self.state.round;
        self.log.push(|| Event::Note {
            round,
            side,
            text: text(),
        });
    }

    /// A contested roll of two pools (`None` for a side without one): equal totals re-rolled;
    /// returns the winner and its margin, after each side's declared raises.
    fn contest(
        &mut self,
        what: &str,
        who: [String; 2],
        pools: [Option<Pool>; 2],
        raises: [u32; 2],
    ) -> Option<(usize, i32)> {
        match pools {
            [None, None] => None,
            [Some(_), None] => Some((0, 0)),
            [None, Some(_)] => Some((1, 0)),
            [Some(a), Some(b)] => {
                for _ in 0..100 {
                    let ta = self.roll(0, &who[0], what, a, raises[0], None)
                        - self.setup.n.raise * raises[0] as i32
                        - self.setup.n.captive_tn * self.state.sides[0].captives as i32;
                    let tb = self.roll(1, &who[1], what, b, raises[1], None)
                        - self.setup.n.raise * raises[1] as i32
                        - self.setup.n.captive_tn * self.state.sides[1].captives as i32;
                    if ta != tb {
                        return Some(if ta > tb { (0, ta - tb) } else { (1, tb - ta) });
                    }
                }
                Some((0, 0))
            }
        }
    }

    /// The first free officer of a role and his pool for it.
    fn role_pool(&self, s: usize, role: Role) -> Option<(usize, Pool)> {
        self.setup.sides[s]
            .officers
            .iter()
            .enumerate()
            .find(|(i, o)| {
                o.role == role && o.pc && o.own.is_some() && self.state.sides[s].officers[*i].free()
            })
            .and_then(|(i, o)| o.own.map(|p| (i, p)))
    }

    /// Contest raises: this side's chance of winning the contest with r raises, against the
    /// other's pool taken as declaring none (from the odds worked out in advance).
    fn contest_curve(&self, mine: Pool, theirs: Option<Pool>) -> [f64; MOST_RAISES] {
        self.odds.contest(mine, theirs).unwrap_or_else(|| {
            super::odds_table::contest_curve(
                &mut super::dice::Exact::new(),
                mine,
                theirs,
                i64::from(self.setup.n.raise),
            )
        })
    }

    /// The contest of each side's first free officer of a role (a side with none loses it):
    /// the winner and its margin (`None` with nobody on either side), and the raises declared.
    /// Raises are declared only in a contest that is rolled: a side that wins because the other
    /// has no one gets the base effect alone (L5R-43).
    fn role_contest(
        &mut self,
        policies: &mut [&mut dyn Policy; 2],
        role: Role,
        what: &str,
    ) -> (Option<(usize, i32)>, [u32; 2]) {
        let found = [self.role_pool(0, role), self.role_pool(1, role)];
        let pools = [found[0].map(|f| f.1), found[1].map(|f| f.1)];
        let mut raises = [0u32; 2];
        for s in 0..2 {
            if let (Some(mine), Some(_)) = (pools[s], pools[1 - s]) {
                let curve = self.contest_curve(mine, pools[1 - s]);
                raises[s] =
                    policies[s].raises(&self.view(), s, Menu::Officer, &curve, &[0.0; MOST_RAISES]);
            }
        }
        let who = [0, 1].map(|s| {
            found[s].map_or_else(String::new, |(i, _)| {
                self.setup.sides[s].officers[i].name.clone()
            })
        });
        (self.contest(what, who, pools, raises), raises)
    }

    /// Step 1: the scouts (L5R-13).
    fn scouts(&mut self, policies: &mut [&mut dyn Policy; 2]) {
        let (result, raises) = self.role_contest(policies, Role::Scout, "scouting");
        let (winner, effect) = match result {
            Some((w, _)) => {
                self.state.initiative = w;
                self.state.sides[w].pending += raises[w] as i32;
                (
                    Some(w),
                    format!("initiative, +{}k0 on the next Battle roll", raises[w]),
                )
            }
            None => {
                // No scouts at all: a d10 roll-off.
                let w = loop {
                    let (a, b) = (self.d10.d10(), self.d10.d10());
                    if a != b {
                        break usize::from(b > a);
                    }
                };
                self.state.initiative = w;
                (
                    Some(w),
                    "no scouts: the initiative by a d10 roll-off".to_owned(),
                )
            }
        };
        let round = self.state.round;
        self.log.push(|| Event::Contest {
            round,
            what: "scouts".into(),
            winner,
            effect,
        });
    }

    /// Step 2: the heralds (L5R-14).
    fn heralds(&mut self, policies: &mut [&mut dyn Policy; 2]) {
        // With no herald on either side the step is skipped (L5R-14).
        let (Some((w, _)), raises) = self.role_contest(policies, Role::Herald, "heralds") else {
            return;
        };
        let (laid, own) = self.lay_penalties(policies, w, 1, raises[w]);
        let round = self.state.round;
        self.log.push(|| Event::Contest {
            round,
            what: "heralds".into(),
            winner: Some(w),
            effect: format!("-{laid}k0 on the enemy's next Battle roll, +{own}k0 on its own"),
        });
    }

    /// The winner `w` of a contest shares out `choices` k0 penalties, each laid on the enemy's
    /// next Battle roll or kept off its own as its policy answers, after `laid` laid for free;
    /// returns what was laid on the enemy and what was kept.
    fn lay_penalties(
        &mut self,
        policies: &mut [&mut dyn Policy; 2],
        w: usize,
        laid: i32,
        choices: u32,
    ) -> (i32, i32) {
        let (mut laid, mut own) = (laid, 0);
        for _ in 0..choices {
            if policies[w].ask(&self.view(), w, Question::LayOnEnemy) {
                laid += 1;
            } else {
                own += 1;
            }
        }
        self.state.sides[1 - w].pending -= laid;
        self.state.sides[1 - w].laid += laid;
        self.state.sides[w].pending += own;
        (laid, own)
    }

    /// Step 2.5: the duel, when both agree (L5R-15).
    fn duel(&mut self, policies: &mut [&mut dyn Policy; 2]) {
        if !self.setup.duel {
            return;
        }
        let found = [
            self.role_pool(0, Role::Champion),
            self.role_pool(1, Role::Champion),
        ];
        let (Some((ia, pa)), Some((ib, pb))) = (found[0], found[1]) else {
            return;
        };
        if !(policies[0].ask(&self.view(), 0, Question::Duel)
            && policies[1].ask(&self.view(), 1, Question::Duel))
        {
            return;
        }
        let pools = [pa, pb];
        let mut raises = [0u32; 2];
        for s in 0..2 {
            let curve = self.contest_curve(pools[s], Some(pools[1 - s]));
            raises[s] =
                policies[s].raises(&self.view(), s, Menu::Officer, &curve, &[0.0; MOST_RAISES]);
        }
        let who = [
            self.setup.sides[0].officers[ia].name.clone(),
            self.setup.sides[1].officers[ib].name.clone(),
        ];
        let Some((w, margin)) =
            self.contest("the duel's Focus roll", who, [Some(pa), Some(pb)], raises)
        else {
            return;
        };
        let effect = if margin >= self.setup.n.duel_margin {
            let (laid, own) = self.lay_penalties(policies, w, 0, raises[w] + 1);
            format!("a victory by {margin}: -{laid}k0 on the enemy, +{own}k0 on its own")
        } else {
            for side in &mut self.state.sides {
                side.pending -= 1;
                side.laid += 1;
            }
            format!("a shameful victory by {margin}: -1k0 on both sides")
        };
        let round = self.state.round;
        self.log.push(|| Event::Contest {
            round,
            what: "duel".into(),
            winner: Some(w),
            effect,
        });
    }

    /// Zone effects' MP for side `s` fighting in `zone` this round (L5R-26); the Ambush springs in
    /// the first round fought there.
    fn effect_mp(&self, s: usize, zone: usize) -> i32 {
        let mut mp = 0;
        for (z, def) in self.setup.zones.iter().enumerate() {
            let distance = z.abs_diff(zone);
            for (e, eff) in def.effects.iter().enumerate() {
                if self.state.gone[z][e] || eff.target != super::data::Target::Mp {
                    continue;
                }
                let counts = match eff.reach {
                    super::data::Reach::Here => z == zone,
                    super::data::Reach::HereFirstRound => z == zone && self.state.fought[z] == 0,
                    super::data::Reach::Adjacent => distance == 1,
                    super::data::Reach::Far => {
                        distance >= 2
                            && (if eff.every_other_round {
                                self.state.round % 2 == 1
                            } else {
                                self.state.uses[z][e].is_none_or(|u| u > 0)
                            })
                    }
                };
                if counts && (eff.both || eff.helps == Some(s)) {
                    mp += eff.x;
                }
            }
        }
        mp
    }

    /// Engaged MP: the squads sent, plus zone effects, never below 0 (L5R-06).
    pub fn engaged(&self, s: usize, squads: &[usize], zone: usize) -> i32 {
        let base: i32 = squads
            .iter()
            .filter_map(|&i| self.state.sides[s].squads.get(i))
            .filter(|q| q.alive)
            .map(|q| q.mp)
            .sum();
        (base + self.effect_mp(s, zone)).max(0)
    }

    /// Remove one squad of side `s`: its General picks the weakest engaged one, or any (L5R-07).
    fn lose_squad(&mut self, s: usize, engaged: &[usize], why: &str) -> bool {
        let side = &self.state.sides[s];
        let pick = engaged
            .iter()
            .copied()
            .filter(|&i| side.squads[i].alive)
            .min_by_key(|&i| (side.squads[i].mp, i))
            .or_else(|| {
                (0..side.squads.len())
                    .filter(|&i| side.squads[i].alive)
                    .min_by_key(|&i| (side.squads[i].mp, i))
            });
        let Some(i) = pick else { return false };
        let q = &mut self.state.sides[s].squads[i];
        q.alive = false;
        q.destroyed += 1;
        if q.returned {
            q.again += 1;
        }
        let mp = q.mp;
        let left = self.state.sides[s].mp();
        let round = self.state.round;
        let name = self.setup.sides[s].squads[i].0.clone();
        self.log.push(|| Event::Loss {
            round,
            side: s,
            squad: name,
            mp,
            why: why.to_owned(),
            mp_left: left,
        });
        true
    }

    /// Push side `s` back `zones` zones toward its rear; `false` when it goes off the map.
    fn push(&mut self, s: usize, zones: u32, why: &str) -> bool {
        for _ in 0..zones {
            let Some(from) = self.state.sides[s].zone else {
                return false;
            };
            let to = self.setup.zones[from].rear[s];
            self.state.sides[s].zone = to;
            let round = self.state.round;
            self.log.push(|| Event::Move {
                round,
                side: s,
                from,
                to,
                why: why.to_owned(),
            });
            if to.is_none() {
                return false;
            }
        }
        true
    }

    /// One step toward the enemy, along the line or the graph.
    fn toward_enemy(&self, s: usize) -> Option<usize> {
        let here = self.state.sides[s].zone?;
        let there = self.state.sides[1 - s].zone?;
        if here == there {
            return Some(here);
        }
        // The enemy's rear direction is toward us: step toward the enemy's rear from here.
        self.setup.zones[here].rear[1 - s].or(Some(there))
    }

    /// Play the battle to its end.
    pub fn play(&mut self, policies: &mut [&mut dyn Policy; 2]) -> Result {
        if let Some(end) = self.opening(policies) {
            return end;
        }
        loop {
            if let Some(end) = self.next_round(policies) {
                return end;
            }
        }
    }

    /// Before round 1: scouts, heralds, the duel, and a General chickening out (L5R-05).
    pub fn opening(&mut self, policies: &mut [&mut dyn Policy; 2]) -> Option<Result> {
        let setup = self.setup;
        self.scouts(policies);
        self.heralds(policies);
        self.duel(policies);
        let out = [0, 1].map(|s| setup.sides[s].nerve - self.state.sides[s].laid <= 0);
        if !out.contains(&true) {
            return None;
        }
        for s in 0..2 {
            if out[s] {
                self.note(Some(s), || {
                    "the General chickens out before round 1".to_owned()
                });
                self.state.sides[s].honor -= setup.n.chicken_out.0;
                self.state.sides[s].glory -= setup.n.chicken_out.1;
            }
        }
        let outcome = match out {
            [true, true] => Outcome::Draw,
            [true, false] => Outcome::Won(1),
            _ => Outcome::Won(0),
        };
        Some(self.finish(outcome, "chickened out"))
    }

    /// The next round, or the draw of the round cap (L5R-37); `Some` when the battle ended.
    pub fn next_round(&mut self, policies: &mut [&mut dyn Policy; 2]) -> Option<Result> {
        self.state.round += 1;
        if self.state.round > self.setup.n.round_cap {
            self.state.round -= 1;
            return Some(self.finish(Outcome::Draw, "the round cap"));
        }
        self.round(policies)
    }

    /// One round; `Some` when the battle ended.
    fn round(&mut self, policies: &mut [&mut dyn Policy; 2]) -> Option<Result> {
        let setup = self.setup;
        let apart = self.state.sides[0].zone != self.state.sides[1].zone;
        if apart && self.state.round > 1 {
            let holder = self.state.initiative;
            if policies[holder].ask(&self.view(), holder, Question::Parley) {
                self.heralds(policies);
                if policies[0].ask(&self.view(), 0, Question::Respite)
                    && policies[1].ask(&self.view(), 1, Question::Respite)
                {
                    self.lull();
                    return None;
                }
            } else {
                self.scouts(policies);
            }
        }
        // Step 3: the side without the initiative first.
        let first = 1 - self.state.initiative;
        let mut orders: [Orders; 2] = [Orders::default(), Orders::default()];
        let o1 = policies[first].orders(&self.view(), first, None);
        let o2 = policies[1 - first].orders(&self.view(), 1 - first, Some(&o1));
        orders[first] = o1;
        orders[1 - first] = o2;
        for (s, o) in orders.iter_mut().enumerate() {
            self.sanitise(s, o);
        }
        // Retreats (L5R-16).
        let retreating = [orders[0].retreat, orders[1].retreat];
        if retreating == [true, true] {
            self.note(None, || "both sides withdraw".to_owned());
            return Some(self.finish(Outcome::Draw, "mutual withdrawal"));
        }
        for s in 0..2 {
            self.state.sides[s].fleeing = false;
            if !retreating[s] {
                continue;
            }
            let tn = setup.n.retreat_tn + self.state.sides[s].mp();
            let who = self.general_name(s);
            let ok = self
                .against(
                    s,
                    &who,
                    "retreat (Battle/Willpower)",
                    setup.sides[s].will,
                    tn,
                    0,
                )
                .is_some();
            if ok || !policies[1 - s].ask(&self.view(), 1 - s, Question::AttackFleeing) {
                return Some(self.finish(Outcome::Retreated(s), "retreated"));
            }
            self.note(Some(s), || {
                "a panicked retreat: the enemy attacks, -5k0 on every roll".to_owned()
            });
            self.state.sides[s].fleeing = true;
            orders[s].formation = self.state.sides[s].formation.unwrap_or(orders[s].formation);
            orders[s].advance = false;
        }
        // Formations and movement.
        let mut change = [0u32; 2];
        for s in 0..2 {
            let o = &orders[s];
            change[s] = self.state.sides[s]
                .formation
                .map_or(0, |f| setup.steps[f][o.formation]);
            self.state.sides[s].formation = Some(o.formation);
            self.state.sides[s].advance = o.advance;
            if o.dispose && self.state.sides[s].captives > 0 {
                let held = self.state.sides[s].captives;
                self.state.sides[s].captives = 0;
                for off in &mut self.state.sides[1 - s].officers {
                    if off.captured {
                        off.captured = false;
                        off.lost = true;
                    }
                }
                self.note(Some(s), || format!("disposes of {held} captives"));
            }
        }
        if apart {
            for s in 0..2 {
                if orders[s].advance && self.state.sides[0].zone != self.state.sides[1].zone {
                    let from = self.state.sides[s].zone;
                    let to = self.toward_enemy(s);
                    if let (Some(from), Some(to)) = (from, to) {
                        self.state.sides[s].zone = Some(to);
                        let round = self.state.round;
                        self.log.push(|| Event::Move {
                            round,
                            side: s,
                            from,
                            to: Some(to),
                            why: "advance".into(),
                        });
                    }
                }
            }
            if self.state.sides[0].zone != self.state.sides[1].zone {
                self.lull();
                return None;
            }
        }
        let Some(zone) = self.state.sides[0].zone else {
            return Some(self.finish(Outcome::Won(1), "off the map"));
        };
        let size = setup.zones[zone].size;
        for o in orders.iter_mut() {
            o.squads.truncate(size);
        }
        let engaged = [
            self.engaged(0, &orders[0].squads, zone),
            self.engaged(1, &orders[1].squads, zone),
        ];
        for (s, o) in orders.iter().enumerate() {
            let round = self.state.round;
            let names: Vec<String> = o
                .squads
                .iter()
                .map(|&i| setup.sides[s].squads[i].0.clone())
                .collect();
            let officers: Vec<String> = o
                .officers
                .iter()
                .map(|&i| setup.sides[s].officers[i].name.clone())
                .collect();
            let formation = setup.formation_names[o.formation].clone();
            let (advance, c, e) = (o.advance, change[s], engaged[s]);
            self.log.push(|| Event::Orders {
                round,
                side: s,
                formation,
                advance,
                squads: names,
                engaged_mp: e,
                officers,
                change_raises: c,
            });
        }
        // Step 4: officers at the front.
        let mut this_round = [0i32; 2];
        let next_round = [0i32; 2];
        let mut shore = [0i32; 2];
        let mut attack_officers = [0i32; 2];
        let mut damage = [0u32; 2];
        let mut extra_attrition: [Vec<(usize, Pool)>; 2] = [Vec::new(), Vec::new()];
        let mut raiders: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
        let mut air = [0i32; 2];
        for s in 0..2 {
            for &i in &orders[s].officers {
                let o = &setup.sides[s].officers[i];
                if !o.pc {
                    for _ in 0..o.actions {
                        match o.bonus {
                            NpcBonus::ShoreDefenses => shore[s] += setup.n.shore,
                            NpcBonus::AttackOfficers => attack_officers[1 - s] += 1,
                            NpcBonus::Exploit => this_round[s] += 1,
                        }
                    }
                }
            }
        }
        // Spells first (an Air spell hardens its side against the rolls that follow), then the
        // skill rolls; side A before side B in each.
        for (s, spells) in [(0, true), (1, true), (0, false), (1, false)] {
            let sent = orders[s].officers.clone();
            for i in sent {
                let o = &setup.sides[s].officers[i];
                if !o.pc || o.front.is_none() != spells {
                    continue;
                }
                let actions =
                    o.actions + std::mem::take(&mut self.state.sides[s].officers[i].extra_actions);
                for _ in 0..actions {
                    if !self.state.sides[s].officers[i].free() {
                        break;
                    }
                    let tn = self.resiliency(1 - s, &shore, &air);
                    // A skill roll, or a spell from the slots left.
                    let (pool, at, menu, what) = match (o.front, self.spell_choice(s, i)) {
                        (Some(p), _) => (
                            p,
                            self.odds.officers[s][i].front.clone().unwrap_or_default(),
                            Menu::Officer,
                            "at the front",
                        ),
                        (None, Some((e, p))) => {
                            self.state.sides[s].officers[i].slots[e] -= 1;
                            let menu = match e {
                                1 => Menu::Water,
                                2 => Menu::Air,
                                3 => Menu::Earth,
                                _ => Menu::Officer,
                            };
                            (
                                p,
                                self.odds.officers[s][i].spell[e]
                                    .clone()
                                    .unwrap_or_default(),
                                menu,
                                "a spell",
                            )
                        }
                        (None, None) => break,
                    };
                    let curve = self.curve(s, &at, tn);
                    let r = policies[s].raises(&self.view(), s, menu, &curve, &[0.0; MOST_RAISES]);
                    let name = o.name.clone();
                    let Some(got) = self.against(s, &name, what, pool, tn, r) else {
                        continue;
                    };
                    this_round[s] += 1;
                    let b = policies[s].buys(&self.view(), s, menu, got);
                    let b = if menu.cost(&b).is_some_and(|c| c <= got) {
                        b
                    } else {
                        Buys::default()
                    };
                    self.apply_officer_buys(
                        s,
                        i,
                        zone,
                        &b,
                        &mut this_round,
                        &mut damage,
                        &mut extra_attrition,
                        &mut raiders,
                        &mut air,
                    );
                }
            }
        }
        self.state.fought[zone] += 1;
        for (e, eff) in setup
            .zones
            .iter()
            .enumerate()
            .flat_map(|(z, d)| d.effects.iter().enumerate().map(move |(e, x)| ((z, e), x)))
        {
            let (z, i) = e;
            if eff.reach == super::data::Reach::Far
                && !eff.every_other_round
                && z.abs_diff(zone) >= 2
                && let Some(u) = &mut self.state.uses[z][i]
            {
                *u = (*u - 1).max(0);
            }
        }
        // Step 5: the Battle roll.
        let mut gathered = [0i32; 2];
        for s in 0..2 {
            let f = setup.formations[orders[s].formation];
            let enemy_f = orders[1 - s].formation;
            let mut k = self.state.sides[s].pending
                + this_round[s]
                + f.bonus
                + self.state.sides[s].void_bonus;
            if !orders[s].advance {
                k -= f.hold_penalty;
            }
            if setup.strong[orders[s].formation][enemy_f] {
                k += setup.strong_bonus;
            }
            if engaged[s] > engaged[1 - s] {
                k += engaged[s] - engaged[1 - s];
            }
            gathered[s] = k;
            self.state.sides[s].void_bonus = f.next_round_bonus;
            self.state.sides[s].pending = next_round[s];
        }
        let (ba, bb) = super::odds::balance(gathered[0], gathered[1]);
        let mut dice = [ba, bb];
        for s in 0..2 {
            dice[s] -= std::mem::take(&mut self.state.sides[s].post);
            if self.state.sides[s].fleeing {
                dice[s] -= setup.n.panicked;
            }
        }
        let menus = [0, 1].map(|s| {
            if setup.sides[s].npc_general && self.state.sides[s].stand_in.is_none() {
                Menu::NpcGeneral
            } else {
                Menu::General
            }
        });
        let menu = |s: usize| menus[s];
        let mut raises = [0u32; 2];
        for s in 0..2 {
            let captives = [
                self.state.sides[0].captives as i64,
                self.state.sides[1].captives as i64,
            ];
            let mut win = [0.0; MOST_RAISES];
            let mut lose = [0.0; MOST_RAISES];
            for r in 0..MOST_RAISES {
                let mine = (change[s] as i64 + r as i64) * setup.n.raise as i64
                    + captives[s] * setup.n.captive_tn as i64;
                let theirs = change[1 - s] as i64 * setup.n.raise as i64
                    + captives[1 - s] * setup.n.captive_tn as i64;
                let shift = if s == 0 { mine - theirs } else { theirs - mine };
                let (a, b) = self
                    .odds
                    .clash(dice[0], dice[1], shift, setup.n.tie_within as i64);
                (win[r], lose[r]) = if s == 0 { (a, b) } else { (b, a) };
            }
            raises[s] = change[s] + policies[s].raises(&self.view(), s, menu(s), &win, &lose);
        }
        let mut totals = [0i32; 2];
        let mut effective = [0i32; 2];
        let mut pools = [String::new(), String::new()];
        for s in 0..2 {
            let pool = self.battle_pool(s).plus_rolled(dice[s]);
            let total = roll(&mut self.d10, pool);
            totals[s] = total;
            pools[s] = pool.ten_dice().to_string();
            effective[s] = total
                - setup.n.raise * raises[s] as i32
                - setup.n.captive_tn * self.state.sides[s].captives as i32;
        }
        let margin = effective[0] - effective[1];
        let winner = if margin > setup.n.tie_within {
            Some(0)
        } else if -margin > setup.n.tie_within {
            Some(1)
        } else {
            None
        };
        let round = self.state.round;
        self.log.push(|| Event::Battle {
            round,
            gathered,
            pools: pools.clone(),
            raises,
            totals,
            effective,
            result: match winner {
                Some(0) => "A wins".into(),
                Some(_) => "B wins".into(),
                None => "tie".into(),
            },
        });
        let mut off_map = [false; 2];
        match winner {
            None => {
                if margin != 0 {
                    self.state.initiative = usize::from(margin < 0);
                }
                for s in 0..2 {
                    self.lose_squad(s, &orders[s].squads, "a tie");
                }
            }
            Some(w) => {
                let l = 1 - w;
                self.state.initiative = w;
                self.lose_squad(l, &orders[l].squads, "lost the Battle roll");
                let optional = raises[w] - change[w];
                let b = policies[w].buys(&self.view(), w, menu(w), optional);
                let b = if menu(w).cost(&b).is_some_and(|c| c <= optional) {
                    b
                } else {
                    Buys::default()
                };
                if b != Buys::default() {
                    let who = self.general_name(w);
                    let bought = describe(&b);
                    self.log.push(|| Event::Buy {
                        round,
                        side: w,
                        who,
                        bought,
                    });
                }
                self.state.sides[w].glory += b.glory as i32;
                damage[w] += b.damage;
                if !self.push(l, 1 + b.advance, "pushed back") {
                    off_map[l] = true;
                }
                if self.state.sides[w].advance && !off_map[l] {
                    let from = self.state.sides[w].zone.unwrap_or(zone);
                    let to = self.state.sides[l].zone;
                    self.state.sides[w].zone = to;
                    self.log.push(|| Event::Move {
                        round,
                        side: w,
                        from,
                        to,
                        why: "follows".into(),
                    });
                }
                if b.act_as_officer {
                    // The General's own officer action: Battle/Perception against the enemy's
                    // Resiliency; its +1k0 goes to the next Battle roll (L5R-20).
                    let tn = self.resiliency(l, &shore, &air);
                    let who = self.general_name(w);
                    if self
                        .against(w, &who, "acts as an officer", self.battle_pool(w), tn, 0)
                        .is_some()
                    {
                        self.state.sides[w].pending += 1;
                    }
                }
                if b.extra_action
                    && let Some(i) = (0..setup.sides[w].officers.len()).find(|&i| {
                        setup.sides[w].officers[i].pc && self.state.sides[w].officers[i].free()
                    })
                {
                    self.state.sides[w].officers[i].extra_actions += 1;
                }
                if b.capture {
                    self.capture(w, zone, &mut extra_attrition, None);
                }
                if b.recover {
                    self.recover(w, None, &mut extra_attrition);
                }
                if b.raid {
                    self.raid(w, None, policies);
                }
            }
        }
        // Damage bought by officers (whoever won) and by the General.
        for s in 0..2 {
            for _ in 0..damage[s] {
                self.lose_squad(1 - s, &orders[1 - s].squads, "damage bought with raises");
            }
        }
        // Step 6: Attrition on the officers at the front.
        for s in 0..2 {
            for &i in &orders[s].officers {
                let o = &setup.sides[s].officers[i];
                if !o.pc
                    || !self.state.sides[s].officers[i].free()
                    || self.state.sides[s].officers[i].general
                {
                    continue;
                }
                let raided = raiders[s].contains(&i);
                let mut pool = if raided {
                    setup.n.raid_attrition
                } else {
                    setup.n.attrition
                };
                pool = pool.plus_rolled(attack_officers[s]);
                pool = pool.plus_rolled(self.trap_dice(s, zone));
                for &(who, extra) in &extra_attrition[s] {
                    if who == i {
                        pool = Pool {
                            rolled: pool.rolled + extra.rolled,
                            kept: pool.kept + extra.kept,
                            ..pool
                        };
                    }
                }
                let total = roll(
                    &mut self.d10,
                    Pool {
                        dice: super::dice::Dice::TRAINED,
                        ..pool
                    },
                );
                let wounds = (total - o.body.reduction).max(0);
                let st = &mut self.state.sides[s].officers[i];
                st.wounds += wounds;
                let fate = if st.wounds >= o.body.dead_at {
                    st.dead = true;
                    "dead"
                } else if st.wounds >= o.body.crippled_at {
                    st.captured = true;
                    "Crippled: captured"
                } else {
                    "fights on"
                };
                if fate == "Crippled: captured" {
                    self.state.sides[1 - s].captives += 1;
                }
                let wt = self.state.sides[s].officers[i].wounds;
                let name = o.name.clone();
                let pool_text = pool.ten_dice().to_string();
                self.log.push(|| Event::Attrition {
                    round,
                    side: s,
                    officer: name,
                    pool: pool_text,
                    total,
                    wounds,
                    wounds_total: wt,
                    fate: fate.to_owned(),
                });
            }
            // The Traps spend a use in a round they wound.
        }
        for (i, eff) in setup.zones[zone].effects.iter().enumerate() {
            if eff.target == super::data::Target::Attrition
                && !self.state.gone[zone][i]
                && let Some(u) = &mut self.state.uses[zone][i]
            {
                *u = (*u - 1).max(0);
            }
        }
        // A capturer who ends Step 6 neither captured nor dead gains his Glory (L5R-21).
        for s in 0..2 {
            for i in std::mem::take(&mut self.state.sides[s].capturers) {
                if self.state.sides[s].officers[i].free() {
                    self.state.sides[s].glory += 3;
                }
            }
        }
        // Fallen Generals.
        for s in 0..2 {
            if self.state.sides[s].general_dead {
                self.state.sides[s].general_dead = false;
                if !self.step_up(s) {
                    let other = self.state.sides[1 - s].general_dead;
                    return Some(self.finish(
                        if other {
                            Outcome::Draw
                        } else {
                            Outcome::Won(1 - s)
                        },
                        "General killed",
                    ));
                }
            }
        }
        // End conditions.
        let out = [0, 1].map(|s| off_map[s] || self.state.sides[s].mp() == 0);
        match out {
            [true, true] => return Some(self.finish(Outcome::Draw, "both beaten")),
            [true, false] => {
                return Some(self.finish(
                    Outcome::Won(1),
                    if off_map[0] { "off the map" } else { "no MP" },
                ));
            }
            [false, true] => {
                return Some(self.finish(
                    Outcome::Won(0),
                    if off_map[1] { "off the map" } else { "no MP" },
                ));
            }
            _ => {}
        }
        // Half strength (L5R-08, L5R-40).
        let mut fled = [false; 2];
        for s in 0..2 {
            let st = &self.state.sides[s];
            if !st.half_checked && 2 * st.mp() <= st.start_mp {
                self.state.sides[s].half_checked = true;
                let who = self.general_name(s);
                let will = self.will_pool(s);
                fled[s] = self
                    .against(
                        s,
                        &who,
                        "half strength (Battle/Willpower)",
                        will,
                        setup.n.half_tn,
                        0,
                    )
                    .is_none();
            }
        }
        match fled {
            [true, true] => return Some(self.finish(Outcome::Draw, "both fled")),
            [true, false] => return Some(self.finish(Outcome::Won(1), "morale broke")),
            [false, true] => return Some(self.finish(Outcome::Won(0), "morale broke")),
            _ => {}
        }
        // A wounded General may surrender (L5R-24).
        for s in 0..2 {
            if self.state.sides[s].general_wounds > 0
                && self.state.sides[s].stand_in.is_none()
                && policies[s].ask(&self.view(), s, Question::Surrender)
            {
                self.note(Some(s), || "the wounded General surrenders".to_owned());
                return Some(self.finish(Outcome::Won(1 - s), "surrendered"));
            }
        }
        None
    }

    fn battle_pool(&self, s: usize) -> Pool {
        match self.state.sides[s].stand_in {
            Some(i) => self.setup.sides[s].officers[i].step_up,
            None => self.setup.sides[s].battle,
        }
    }

    fn will_pool(&self, s: usize) -> Pool {
        match self.state.sides[s].stand_in {
            Some(i) => self.setup.sides[s].officers[i].step_up,
            None => self.setup.sides[s].will,
        }
    }

    /// A side's Resiliency TN this round (L5R-18).
    fn resiliency(&self, s: usize, shore: &[i32; 2], air: &[i32; 2]) -> i32 {
        let f = self.state.sides[s].formation.unwrap_or(0);
        resiliency_tn(self.setup, f, shore[s], air[s])
    }

    /// A shugenja's spell for his action: an element with a slot left, Fire, Earth, Void, Water
    /// and Air in that order (a Void slot only for an Ishiken, checked by `validate`).
    fn spell_choice(&self, s: usize, i: usize) -> Option<(usize, Pool)> {
        let o = &self.setup.sides[s].officers[i];
        if o.role != Role::Shugenja {
            return None;
        }
        [0usize, 3, 4, 1, 2]
            .into_iter()
            .find(|&e| self.state.sides[s].officers[i].slots[e] > 0 && o.spell[e].is_some())
            .and_then(|e| o.spell[e].map(|p| (e, p)))
    }

    /// The Traps' Attrition dice in the zone against side `s` (L5R-26).
    fn trap_dice(&self, s: usize, zone: usize) -> i32 {
        self.setup.zones[zone]
            .effects
            .iter()
            .enumerate()
            .filter(|(i, e)| {
                e.target == super::data::Target::Attrition
                    && !self.state.gone[zone][*i]
                    && e.helps == Some(s)
                    && self.state.uses[zone][*i].is_none_or(|u| u > 0)
            })
            .map(|(_, e)| e.x)
            .sum()
    }

    #[allow(clippy::too_many_arguments)]
    fn apply_officer_buys(
        &mut self,
        s: usize,
        i: usize,
        zone: usize,
        b: &Buys,
        this_round: &mut [i32; 2],
        damage: &mut [u32; 2],
        extra_attrition: &mut [Vec<(usize, Pool)>; 2],
        raiders: &mut [Vec<usize>; 2],
        air: &mut [i32; 2],
    ) {
        if *b == Buys::default() {
            return;
        }
        let round = self.state.round;
        let who = self.setup.sides[s].officers[i].name.clone();
        let bought = describe(b);
        self.log.push(|| Event::Buy {
            round,
            side: s,
            who,
            bought,
        });
        this_round[s] += b.general_bonus as i32;
        damage[s] += b.damage;
        self.state.sides[s].glory += b.glory as i32;
        air[s] += b.resiliency as i32;
        // Revealing and eliminating effects in the zone that work against this side.
        let (mut reveal, mut elim) = (b.reveal, b.eliminate);
        for (e, eff) in self.setup.zones[zone].effects.iter().enumerate() {
            if self.state.gone[zone][e] {
                continue;
            }
            let hurts = eff.helps == Some(1 - s)
                || (eff.both && eff.x < 0)
                || (eff.target == super::data::Target::Attrition && eff.helps == Some(s));
            if !hurts {
                continue;
            }
            if eff.hidden && !self.state.revealed[zone][e] && reveal > 0 {
                reveal -= 1;
                self.state.revealed[zone][e] = true;
                if eff.ends_when_revealed {
                    self.state.gone[zone][e] = true;
                }
                let name = eff.name.clone();
                self.note(Some(s), || format!("reveals {name}"));
            }
            let visible = !eff.hidden || self.state.revealed[zone][e];
            if visible && eff.removable && elim > 0 && !self.state.gone[zone][e] {
                elim -= 1;
                self.state.gone[zone][e] = true;
                let name = eff.name.clone();
                self.note(Some(s), || format!("eliminates {name}"));
            }
        }
        if b.capture {
            self.capture(s, zone, extra_attrition, Some(i));
        }
        if b.recover {
            self.recover(s, Some(i), extra_attrition);
        }
        if b.raid {
            raiders[s].push(i);
            self.raid_by(s, i);
        }
        if b.heal > 0 {
            // Water in battle: 5 points a raise for own engaged officers.
            let mut points = self.setup.n.water_heal * b.heal as i32;
            for off in &mut self.state.sides[s].officers {
                let h = off.wounds.min(points);
                off.wounds -= h;
                points -= h;
            }
        }
    }

    /// Capture the enemy's first free PC officer (L5R-21).
    fn capture(
        &mut self,
        s: usize,
        _zone: usize,
        extra: &mut [Vec<(usize, Pool)>; 2],
        by: Option<usize>,
    ) {
        let e = 1 - s;
        let Some(t) = (0..self.setup.sides[e].officers.len()).find(|&t| {
            self.state.sides[e].officers[t].free() && !self.state.sides[e].officers[t].general
        }) else {
            return;
        };
        self.state.sides[e].officers[t].captured = true;
        self.state.sides[s].captives += 1;
        self.state.sides[s].captures += 1;
        if let Some(i) = by {
            extra[s].push((i, Pool::new(1, 1)));
            self.state.sides[s].capturers.push(i);
        }
        let name = self.setup.sides[e].officers[t].name.clone();
        self.note(Some(s), || format!("captures {name}"));
    }

    /// Recover a captured officer of side `s` (L5R-21).
    fn recover(&mut self, s: usize, by: Option<usize>, extra: &mut [Vec<(usize, Pool)>; 2]) {
        let Some(t) = (0..self.setup.sides[s].officers.len())
            .find(|&t| self.state.sides[s].officers[t].captured)
        else {
            return;
        };
        self.state.sides[s].officers[t].captured = false;
        self.state.sides[1 - s].captives = self.state.sides[1 - s].captives.saturating_sub(1);
        if let Some(i) = by {
            extra[s].push((i, Pool::new(1, 1)));
            self.state.sides[s].glory += 3;
        }
        let name = self.setup.sides[s].officers[t].name.clone();
        self.note(Some(s), || format!("recovers {name}"));
    }

    /// An officer's raid on the enemy General (L5R-24).
    fn raid_by(&mut self, s: usize, i: usize) {
        let o = &self.setup.sides[s].officers[i];
        let (attack, damage, name) = (o.body.attack, o.body.damage, o.name.clone());
        self.raid_with(s, &name, attack, damage, Some(i));
    }

    fn raid(&mut self, s: usize, _by: Option<usize>, _policies: &mut [&mut dyn Policy; 2]) {
        let body = &self.setup.sides[s].body;
        let (attack, damage) = (body.attack, body.damage);
        let name = self.general_name(s);
        self.raid_with(s, &name, attack, damage, None);
    }

    fn raid_with(
        &mut self,
        s: usize,
        name: &str,
        attack: Pool,
        damage: Pool,
        officer: Option<usize>,
    ) {
        let e = 1 - s;
        let target = &self.setup.sides[e].body;
        let (tn, reduction, dead_at) = (target.armor_tn, target.reduction, target.dead_at);
        self.state.sides[s].honor += 3;
        self.state.sides[s].glory += 5;
        if self
            .against(s, name, "raid: attack", attack, tn, 0)
            .is_some()
        {
            let dmg = self.roll(
                s,
                name,
                "raid: damage",
                Pool {
                    dice: super::dice::Dice::TRAINED,
                    ..damage
                },
                0,
                None,
            );
            let wounds = (dmg - reduction).max(0);
            if wounds > 0 {
                self.state.sides[e].general_wounds += wounds;
                let penalty = raid_penalty(wounds, self.setup.n.wounds_per_die);
                self.state.sides[e].pending -= penalty;
                if self.state.sides[e].general_wounds >= dead_at
                    && self.state.sides[e].stand_in.is_none()
                {
                    self.state.sides[e].general_dead = true;
                }
                self.note(Some(s), || {
                    format!("the raid wounds the General for {wounds}: -{penalty}k0")
                });
            }
        }
        // The General strikes back once.
        let g = &self.setup.sides[e];
        let (ga, gd, gname) = (g.body.attack, g.body.damage, self.general_name(e));
        let (raider_tn, raider_red) = match officer {
            Some(i) => (
                self.setup.sides[s].officers[i].body.armor_tn,
                self.setup.sides[s].officers[i].body.reduction,
            ),
            None => (
                self.setup.sides[s].body.armor_tn,
                self.setup.sides[s].body.reduction,
            ),
        };
        if self
            .against(e, &gname, "strikes back", ga, raider_tn, 0)
            .is_some()
        {
            let dmg = self.roll(
                e,
                &gname,
                "strikes back: damage",
                Pool {
                    dice: super::dice::Dice::TRAINED,
                    ..gd
                },
                0,
                None,
            );
            let wounds = (dmg - raider_red).max(0);
            match officer {
                Some(i) => {
                    let st = &mut self.state.sides[s].officers[i];
                    st.wounds += wounds;
                    if st.wounds >= self.setup.sides[s].officers[i].body.dead_at {
                        st.dead = true;
                    }
                }
                None => {
                    self.state.sides[s].general_wounds += wounds;
                    if self.state.sides[s].general_wounds >= self.setup.sides[s].body.dead_at {
                        self.state.sides[s].general_dead = true;
                    }
                }
            }
        }
    }

    /// An officer steps up when the General dies (L5R-25).
    pub fn step_up(&mut self, s: usize) -> bool {
        let candidates: Vec<usize> = (0..self.setup.sides[s].officers.len())
            .filter(|&i| {
                self.state.sides[s].officers[i].free() && !self.state.sides[s].officers[i].general
            })
            .collect();
        let Some(&i) = candidates.iter().max_by_key(|&&i| {
            let p = self.setup.sides[s].officers[i].step_up;
            (p.rolled, p.kept, std::cmp::Reverse(i))
        }) else {
            self.note(Some(s), || {
                "the General is dead and no officer can step up".to_owned()
            });
            return false;
        };
        let tn = self.setup.n.step_up_tn + self.state.sides[s].mp();
        let name = self.setup.sides[s].officers[i].name.clone();
        let pool = self.setup.sides[s].officers[i].step_up;
        if self
            .against(s, &name, "steps up (Battle/Willpower)", pool, tn, 0)
            .is_some()
        {
            self.state.sides[s].stand_in = Some(i);
            self.state.sides[s].officers[i].general = true;
            self.state.sides[s].post += self.setup.n.new_general;
            self.note(Some(s), || {
                format!("{name} steps up as General: -5k0 on the next Battle roll")
            });
            true
        } else {
            false
        }
    }

    /// A lull: no Battle roll; medics heal (L5R-28).
    fn lull(&mut self) {
        self.note(None, || "a lull: no Battle roll".to_owned());
        for s in 0..2 {
            for i in 0..self.setup.sides[s].officers.len() {
                let o = &self.setup.sides[s].officers[i];
                if o.role != Role::Medic || !o.pc || !self.state.sides[s].officers[i].free() {
                    continue;
                }
                let Some(pool) = o.own else { continue };
                let name = o.name.clone();
                let points = self.roll(s, &name, "healing (Medicine/Intelligence)", pool, 0, None);
                // Squads first, 10 points each; then wounds (L5R-28).
                let dead = self.state.sides[s]
                    .squads
                    .iter()
                    .filter(|q| !q.alive)
                    .count();
                let (back, mut points) = share_healing(points, dead, self.setup.n.heal_squad);
                let mut brought = 0;
                for q in 0..self.state.sides[s].squads.len() {
                    let sq = &mut self.state.sides[s].squads[q];
                    if !sq.alive && brought < back {
                        brought += 1;
                        sq.alive = true;
                        sq.returned = true;
                        let (mp, squad) = (sq.mp, self.setup.sides[s].squads[q].0.clone());
                        self.note(Some(s), || format!("{squad} returns with {mp} MP"));
                    }
                }
                for off in &mut self.state.sides[s].officers {
                    let h = off.wounds.min(points);
                    off.wounds -= h;
                    points -= h;
                }
            }
        }
    }

    /// Keep a policy's orders within the rules: a formation that exists and its Advance rule,
    /// squads alive and each once, officers free and each once.
    fn sanitise(&self, s: usize, o: &mut Orders) {
        if o.formation >= self.setup.formations.len() {
            o.formation = 0;
        }
        let f = self.setup.formations[o.formation];
        if f.must_advance {
            o.advance = true;
        }
        if f.must_hold {
            o.advance = false;
        }
        let side = &self.state.sides[s];
        let mut seen = vec![false; side.squads.len()];
        o.squads.retain(|&i| {
            i < seen.len() && side.squads[i].alive && !std::mem::replace(&mut seen[i], true)
        });
        let mut seen = vec![false; side.officers.len()];
        o.officers.retain(|&i| {
            i < seen.len()
                && side.officers[i].free()
                && !side.officers[i].general
                && !std::mem::replace(&mut seen[i], true)
        });
        if o.dispose {
            o.officers.clear();
        }
    }

    /// The end: permanent losses and the Honor and Glory (L5R-29, L5R-30).
    fn finish(&mut self, outcome: Outcome, how: &'static str) -> Result {
        let setup = self.setup;
        let mut lost_for_good = [0u32; 2];
        let mut destroyed = [0u32; 2];
        let mut mp_lost = [0i32; 2];
        for s in 0..2 {
            // Kits and Water slots ease the first squads in order.
            let mut eases: i32 = self.state.sides[s]
                .officers
                .iter()
                .map(|o| o.kits as i32 + o.slots[1] as i32)
                .sum();
            for q in 0..self.state.sides[s].squads.len() {
                let sq = &self.state.sides[s].squads[q];
                if sq.destroyed == 0 {
                    continue;
                }
                destroyed[s] += sq.destroyed;
                let base = loss_threshold(&setup.n, sq.again, 0);
                let use_now = eases.min((base - setup.n.loss_floor).max(0));
                eases -= use_now;
                let threshold = loss_threshold(&setup.n, sq.again, use_now);
                self.state.sides[s].squads[q].eased = use_now;
                let die = i32::from(self.d10.d10());
                if die <= threshold {
                    lost_for_good[s] += 1;
                }
            }
            mp_lost[s] = self.state.sides[s].start_mp - self.state.sides[s].mp();
        }
        let start = [
            i64::from(self.state.sides[0].start_mp),
            i64::from(self.state.sides[1].start_mp),
        ];
        let rewards = super::sheet::reward_tenths(
            start,
            setup.n.everyone,
            setup.n.glory_per_two,
            setup.n.honor_per_multiple,
        );
        for s in 0..2 {
            self.state.sides[s].honor += rewards[s].0 as i32;
            self.state.sides[s].glory += rewards[s].1 as i32;
        }
        let rounds = self.state.round;
        let winner = match outcome {
            Outcome::Won(w) => Some(w),
            Outcome::Retreated(r) => Some(1 - r),
            Outcome::Draw => None,
        };
        let honor = [self.state.sides[0].honor, self.state.sides[1].honor];
        let glory = [self.state.sides[0].glory, self.state.sides[1].glory];
        let captures = [self.state.sides[0].captures, self.state.sides[1].captures];
        let text = match outcome {
            Outcome::Won(w) => format!("{} wins ({how})", ["A", "B"][w]),
            Outcome::Retreated(r) => format!("{} retreats", ["A", "B"][r]),
            Outcome::Draw => format!("a draw ({how})"),
        };
        self.log.push(|| Event::End {
            rounds,
            outcome: text,
            winner,
            mp_lost,
            squads_lost_for_good: lost_for_good,
            honor_tenths: honor,
            glory_tenths: glory,
            captures,
        });
        Result {
            outcome,
            how,
            rounds,
            mp_lost,
            squads_destroyed: destroyed,
            squads_lost_for_good: lost_for_good,
            honor,
            glory,
            captures,
            officers_dead: [0, 1].map(|s| {
                self.state.sides[s]
                    .officers
                    .iter()
                    .filter(|o| o.dead)
                    .count() as u32
            }),
        }
    }
}

/// A raid's penalty on the wounded General's next Battle roll (L5R-24): 1k0, and 1k0 more a full
/// `per_die` wounds.
pub fn raid_penalty(wounds: i32, per_die: i32) -> i32 {
    if wounds <= 0 {
        0
    } else {
        1 + wounds / per_die.max(1)
    }
}

/// Healing points shared out squads first (L5R-28): the squads brought back (`per_squad` points
/// each, no more than are dead) and the points left for wounds.
pub fn share_healing(points: i32, dead: usize, per_squad: i32) -> (usize, i32) {
    let points = points.max(0);
    let back = usize::try_from(points / per_squad.max(1))
        .unwrap_or(0)
        .min(dead);
    (back, points - back as i32 * per_squad.max(1))
}

/// A side's Resiliency TN (L5R-18): its formation's TN, the Shore Defenses' points, and +5 a
/// raise of its Air spells.
pub fn resiliency_tn(setup: &Setup, formation: usize, shore_points: i32, air_raises: i32) -> i32 {
    setup.formations[formation].tn + shore_points + setup.n.air_raise * air_raises
}

/// The permanent-loss threshold on 1d10 (L5R-29): 2, +1 a defeat after a return, −1 a Water slot
/// or kit use spent, never below 1.
pub fn loss_threshold(n: &super::setup::Numbers, again: u32, eased: i32) -> i32 {
    (n.loss_threshold + again as i32 - eased).max(n.loss_floor)
}

/// Buys in words, for the log.
fn describe(b: &Buys) -> Vec<String> {
    let mut out = Vec::new();
    let mut n = |k: u32, what: &str| {
        if k > 0 {
            out.push(format!("{k} x {what}"));
        }
    };
    n(b.glory, "+0.1 Glory");
    n(b.general_bonus, "+1k0 for the General");
    n(b.damage, "+1 damage");
    n(b.advance, "+1 map advance");
    n(b.reveal, "reveal");
    n(b.eliminate, "eliminate");
    n(b.resiliency, "+5 Resiliency");
    n(b.heal, "+5 healing");
    for (f, what) in [
        (b.capture, "capture"),
        (b.recover, "recover"),
        (b.raid, "raid"),
        (b.act_as_officer, "act as an officer"),
        (b.extra_action, "another officer action"),
    ] {
        if f {
            out.push(what.to_owned());
        }
    }
    out
}
