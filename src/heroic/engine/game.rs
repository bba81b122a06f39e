//! The state of a Clan Feud and its turn. Positions are millimetres on a continuous table, bases
//! axis-aligned squares (HS-03, HS-67); side A's edge is y = 0 (HS-60).

use crate::dice::D6;
use crate::geometry::{Boxed, Point, Segment, Slab};

use super::super::data::{Data, Element, Scenario, Shoots, TargetRow};
use super::super::rules::{
    self, Combatant, Intention, LeaderStats, Morale, MoraleCase, Musket, Outcome, Shooter,
    ShotResult, Throw,
};
use super::ai::Policy;
use super::event::{ContingentSetup, Event, Fighter, Log, PieceSetup, TerrainSetup};

/// Contact: bases within this many millimetres touch (HS-67).
pub const CONTACT_MM: f64 = 1.0;

/// A leader's declared action (§3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Fight this enemy piece; the elements stand (HS-06).
    HitSomeone(usize),
    /// Lead the elements within 20 cm at this enemy piece (HS-07).
    Banzai(usize),
    Inspire,
    Regroup,
    /// Send the contingent at this enemy piece: a standing order (HS-08); the leader follows.
    Attack(usize),
    /// A standing order (HS-09); the leader keeps with his elements.
    Order(Order),
}

/// A contingent's standing order (HS-09).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Order {
    Hold,
    Advance,
    Withdraw,
    Attack(usize),
}

/// Where a box moving by `step` first reaches a hedge or wall line (a segment: a rectangle with no
/// depth or no width), if its path crosses it; a box that touches the line and moves away does not
/// cross it.
fn crossing(base: &Boxed, step: Point, line: &Boxed) -> Option<f64> {
    let horizontal = line.hi.y - line.lo.y <= line.hi.x - line.lo.x;
    // Along the line's length the paths must overlap it.
    let (lo, hi, a_lo, a_hi, d, l, b_lo, b_hi) = if horizontal {
        (
            line.lo.x,
            line.hi.x,
            base.lo.x.min(base.lo.x + step.x),
            base.hi.x.max(base.hi.x + step.x),
            step.y,
            line.lo.y,
            base.lo.y,
            base.hi.y,
        )
    } else {
        (
            line.lo.y,
            line.hi.y,
            base.lo.y.min(base.lo.y + step.y),
            base.hi.y.max(base.hi.y + step.y),
            step.x,
            line.lo.x,
            base.lo.x,
            base.hi.x,
        )
    };
    if a_hi <= lo || a_lo >= hi {
        return None;
    }
    const SLACK: f64 = 1e-6;
    if d > 0.0 && b_hi <= l + SLACK && b_hi + d > l + SLACK {
        Some(((l - b_hi) / d).max(0.0))
    } else if d < 0.0 && b_lo >= l - SLACK && b_lo + d < l - SLACK {
        Some(((b_lo - l) / -d).max(0.0))
    } else {
        None
    }
}

/// A piece on the table: an element or a leader.
#[derive(Debug, Clone)]
pub struct Piece {
    pub side: usize,
    pub contingent: usize,
    /// The element type (index into the data), or `None` for the leader.
    pub kind: Option<usize>,
    pub pos: Point,
    pub size: f64,
    pub c: Combatant,
    /// On the table (not removed, dead, captured or run off).
    pub on: bool,
    pub start: Point,
    pub moved: bool,
    pub musket: Musket,
    pub archers: u32,
    /// Stopped against this hedge last move (HS-05).
    pub at_hedge: Option<usize>,
    pub move_mm: f64,
    pub class: i32,
}

impl Piece {
    pub fn base(&self) -> Boxed {
        Boxed::square(self.pos, self.size)
    }

    pub fn is_leader(&self) -> bool {
        self.kind.is_none()
    }
}

/// A contingent: a leader and his elements.
#[derive(Debug, Clone)]
pub struct Contingent {
    pub side: usize,
    pub name: String,
    pub leader: usize,
    pub elements: Vec<usize>,
    pub stats: LeaderStats,
    pub morale: Morale,
    pub order: Order,
    pub action: Option<Action>,
    pub class: i32,
    pub lost: u32,
    pub hits_this_turn: u32,
    pub must_test: bool,
    pub threatened: bool,
    pub speech: i32,
}

/// A terrain piece as the engine uses it.
#[derive(Debug, Clone, Copy)]
pub struct Ground {
    /// Its type, an index into the data's terrain types.
    pub kind: usize,
    /// x, y, width, depth in mm as the map gives it.
    pub rect_mm: [u32; 4],
    pub area: Boxed,
    pub blocks_sight: bool,
    pub halves: bool,
    pub obstacle: bool,
    pub impassable: bool,
}

/// One element of a contingent, ready to deploy.
#[derive(Debug, Clone)]
pub struct Recruit {
    pub kind: usize,
    /// Fixed archers, or rolled 1d3 at set-up (HS-22).
    pub archers: Option<u32>,
}

/// One contingent, ready to deploy.
#[derive(Debug, Clone)]
pub struct Levy {
    pub name: String,
    pub stats: LeaderStats,
    /// Roll the characteristics not fixed (HS-43).
    pub roll: bool,
    pub elements: Vec<Recruit>,
}

/// What a game needs besides the dice and policies.
#[derive(Debug, Clone)]
pub struct Setup {
    pub sides: [Vec<Levy>; 2],
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct GameResult {
    /// 0: A won, 1: draw, 2: B won.
    pub outcome: usize,
    pub turns: u32,
    /// Reputation deed points each side earned (HS-66).
    pub deeds: [i64; 2],
    pub elements_lost: [u32; 2],
    pub leaders_lost: [u32; 2],
    /// The game ended because a side was out, not at the turn limit.
    pub broken: bool,
}

/// A game in play.
#[derive(Debug, Clone)]
pub struct Game<'d> {
    pub data: &'d Data,
    pub width: f64,
    pub depth: f64,
    pub turns: u32,
    pub turn: u32,
    pub pieces: Vec<Piece>,
    pub contingents: Vec<Contingent>,
    pub ground: Vec<Ground>,
    /// Smoke discs: centre and the last turn they stand (HS-26).
    pub smoke: Vec<(Point, u32)>,
    pub deeds: [i64; 2],
    pub leaders_lost: [u32; 2],
    pub elements_lost: [u32; 2],
    /// Every die and decision, when asked for.
    pub log: Log,
}

fn cm(value: i32) -> f64 {
    f64::from(value) * 10.0
}

impl<'d> Game<'d> {
    /// Deploy both sides (HS-62): each within its zone, contingents left to right in file order,
    /// elements in file order; archers and asked-for characteristics rolled now.
    pub fn new(data: &'d Data, scenario: &Scenario, setup: &Setup, dice: &mut impl D6) -> Game<'d> {
        let [w, d] = scenario.table_mm.map(f64::from);
        let zone = f64::from(scenario.deployment_depth_mm.value);
        let ground = scenario
            .terrain
            .iter()
            .filter_map(|p| {
                let kind = data.scenarios.terrain.iter().position(|t| t.id == p.kind)?;
                let t = &data.scenarios.terrain[kind];
                let [x, y, pw, ph] = p.rect_mm.map(f64::from);
                Some(Ground {
                    kind,
                    rect_mm: p.rect_mm,
                    area: Boxed::rect(x, y, pw, ph),
                    blocks_sight: t.blocks_sight,
                    halves: t.halves_move,
                    obstacle: t.obstacle,
                    impassable: t.impassable,
                })
            })
            .collect();
        let mut game = Game {
            data,
            width: w,
            depth: d,
            turns: u32::try_from(scenario.turns.value).unwrap_or(12),
            turn: 0,
            pieces: Vec::new(),
            contingents: Vec::new(),
            ground,
            smoke: Vec::new(),
            deeds: [0; 2],
            leaders_lost: [0; 2],
            elements_lost: [0; 2],
            log: Log::off(),
        };
        let base = f64::from(data.base_mm.value);
        let leader_base = f64::from(data.leaders.leader.base_mm.value);
        for (side, levies) in setup.sides.iter().enumerate() {
            let total: usize = levies.iter().map(|l| l.elements.len()).sum();
            // One rank abreast across the table, a second when it does not fit (HS-62).
            let per_rank = ((w / (base + 10.0)).floor() as usize).max(1);
            let ranks = total.div_ceil(per_rank).max(1);
            let in_rank = total.div_ceil(ranks).max(1);
            let gap = w / in_rank as f64;
            let mut slot = 0usize;
            for levy in levies {
                let mut stats = levy.stats;
                if levy.roll {
                    stats.prowess = stats.prowess.or(Some(dice.d6()));
                    stats.charisma = stats.charisma.or(Some(dice.d6()));
                    stats.endurance = stats.endurance.or(Some(dice.d6()));
                }
                let ci = game.contingents.len();
                let mut elements = Vec::new();
                let mut class = 0;
                let first_slot = slot;
                for r in &levy.elements {
                    let e = &data.elements[r.kind];
                    let rank = slot / in_rank;
                    let x = gap * ((slot % in_rank) as f64 + 0.5);
                    let depth_in = zone - base / 2.0 - 10.0 - rank as f64 * (base + 20.0);
                    let y = if side == 0 { depth_in } else { d - depth_in };
                    slot += 1;
                    let archers = match (e.shoots, r.archers) {
                        (Shoots::Bow, Some(a)) => a,
                        (Shoots::Bow, None) => u32::from(dice.d6().div_ceil(2)),
                        _ => 0,
                    };
                    class = class.max(e.class.value);
                    elements.push(game.pieces.len());
                    game.pieces.push(Piece {
                        side,
                        contingent: ci,
                        kind: Some(r.kind),
                        pos: Point::new(x, y.max(base / 2.0).min(d - base / 2.0)),
                        size: base,
                        c: Combatant::element(data, e),
                        on: true,
                        start: Point::new(x, y),
                        moved: false,
                        musket: Musket::default(),
                        archers,
                        at_hedge: None,
                        move_mm: cm(e.move_cm.value),
                        class: e.class.value,
                    });
                }
                // The leader stands behind the middle of his elements.
                let mid = (first_slot + slot.max(first_slot + 1) - 1) as f64 / 2.0;
                let lx = gap * ((mid as usize % in_rank) as f64 + 0.5);
                let ly = 20.0;
                let leader = game.pieces.len();
                let lp = &data.leaders.leader;
                game.pieces.push(Piece {
                    side,
                    contingent: ci,
                    kind: None,
                    pos: Point::new(lx, if side == 0 { ly } else { d - ly }),
                    size: leader_base,
                    c: Combatant::leader(data, &stats),
                    on: true,
                    start: Point::new(lx, ly),
                    moved: false,
                    musket: Musket::default(),
                    archers: 0,
                    at_hedge: None,
                    move_mm: cm(if stats.mounted {
                        lp.mounted_move_cm.value
                    } else {
                        lp.move_cm.value
                    }),
                    class: lp.class.value,
                });
                game.contingents.push(Contingent {
                    side,
                    name: levy.name.clone(),
                    leader,
                    elements,
                    stats,
                    morale: Morale::Steady,
                    order: Order::Hold,
                    action: None,
                    class,
                    lost: 0,
                    hits_this_turn: 0,
                    must_test: false,
                    threatened: false,
                    speech: 0,
                });
            }
        }
        game
    }

    /// A contingent's elements still on the table.
    pub fn standing(&self, ci: usize) -> Vec<usize> {
        self.contingents[ci]
            .elements
            .iter()
            .copied()
            .filter(|&e| self.pieces[e].on)
            .collect()
    }

    pub fn enemies(&self, side: usize) -> impl Iterator<Item = usize> + '_ {
        (0..self.pieces.len()).filter(move |&i| self.pieces[i].on && self.pieces[i].side != side)
    }

    pub fn distance(&self, a: usize, b: usize) -> f64 {
        self.pieces[a].base().edge_distance(&self.pieces[b].base())
    }

    pub fn in_contact(&self, a: usize, b: usize) -> bool {
        self.distance(a, b) <= CONTACT_MM
    }

    /// The nearest enemy piece on the table.
    pub fn nearest_enemy(&self, i: usize) -> Option<usize> {
        let side = self.pieces[i].side;
        self.enemies(side)
            .min_by(|&a, &b| self.distance(i, a).total_cmp(&self.distance(i, b)))
    }

    fn touching_enemy(&self, i: usize) -> bool {
        let side = self.pieces[i].side;
        self.enemies(side).any(|e| self.in_contact(i, e))
    }

    /// The line between two centres is clear of other bases, woods and buildings (HS-21).
    pub fn sight(&self, a: usize, b: usize) -> bool {
        let line = Slab::new(&Segment::new(self.pieces[a].pos, self.pieces[b].pos));
        let ground = self
            .ground
            .iter()
            .filter(|g| g.blocks_sight)
            .any(|g| line.meets_box(g.area.bounds()));
        if ground {
            return false;
        }
        !(0..self.pieces.len()).any(|k| {
            k != a && k != b && self.pieces[k].on && line.meets_box(self.pieces[k].base().bounds())
        })
    }

    fn leader_present(&self, ci: usize) -> bool {
        let c = &self.contingents[ci];
        let l = c.leader;
        self.pieces[l].on
            && c.elements.iter().any(|&e| {
                self.pieces[e].on
                    && self.distance(l, e) <= cm(self.data.morale.leader_present_cm.value)
                    && self.sight(l, e)
            })
    }

    /// A contingent is out (HS-65).
    pub fn out(&self, ci: usize) -> bool {
        let c = &self.contingents[ci];
        let standing = c.elements.iter().filter(|&&e| self.pieces[e].on);
        let mut any = false;
        let mut all_running = true;
        for _ in standing {
            any = true;
            all_running &= c.morale == Morale::Running;
        }
        !any || (!self.pieces[c.leader].on && all_running)
    }

    fn side_out(&self, side: usize) -> bool {
        self.contingents
            .iter()
            .enumerate()
            .filter(|(_, c)| c.side == side)
            .all(|(i, _)| self.out(i))
    }

    /// The set-up as a log event.
    pub fn setup_event(&self, seed: u64, game: u64) -> Event {
        Event::Setup {
            system: crate::heroic::ID.to_owned(),
            seed,
            game,
            table_mm: [self.width, self.depth],
            turns: self.turns,
            terrain: self
                .ground
                .iter()
                .map(|g| TerrainSetup {
                    kind: self.data.scenarios.terrain[g.kind].id.clone(),
                    rect_mm: g.rect_mm,
                })
                .collect(),
            pieces: self
                .pieces
                .iter()
                .enumerate()
                .map(|(i, p)| PieceSetup {
                    piece: i,
                    side: p.side,
                    contingent: p.contingent,
                    kind: p
                        .kind
                        .map_or("leader".to_owned(), |k| self.data.elements[k].id.clone()),
                    at: [p.pos.x, p.pos.y],
                    size_mm: p.size,
                    move_mm: p.move_mm,
                    archers: p.archers,
                    removed_at: p.c.removed_at,
                })
                .collect(),
            contingents: self
                .contingents
                .iter()
                .map(|c| ContingentSetup {
                    name: c.name.clone(),
                    side: c.side,
                    leader: c.leader,
                    mounted: c.stats.mounted,
                    prowess: c.stats.prowess,
                    charisma: c.stats.charisma,
                    endurance: c.stats.endurance,
                    reputation: c.stats.reputation,
                })
                .collect(),
        }
    }

    /// Play the whole game.
    pub fn play(&mut self, policies: &mut [&mut dyn Policy; 2], dice: &mut impl D6) -> GameResult {
        let result = self.play_out(policies, dice);
        self.log.push(|| Event::End {
            outcome: result.outcome,
            turns: result.turns,
            deeds: result.deeds,
        });
        result
    }

    fn play_out(&mut self, policies: &mut [&mut dyn Policy; 2], dice: &mut impl D6) -> GameResult {
        let mut broken = false;
        while self.turn < self.turns {
            self.turn += 1;
            self.play_turn(policies, dice);
            let (a, b) = (self.side_out(0), self.side_out(1));
            if a || b {
                broken = true;
                let outcome = match (a, b) {
                    (true, true) => 1,
                    (true, false) => 2,
                    _ => 0,
                };
                return self.result(outcome, broken);
            }
        }
        let outcome = match self.deeds[0].cmp(&self.deeds[1]) {
            std::cmp::Ordering::Greater => 0,
            std::cmp::Ordering::Equal => 1,
            std::cmp::Ordering::Less => 2,
        };
        self.result(outcome, broken)
    }

    fn result(&self, outcome: usize, broken: bool) -> GameResult {
        GameResult {
            outcome,
            turns: self.turn,
            deeds: self.deeds,
            elements_lost: self.elements_lost,
            leaders_lost: self.leaders_lost,
            broken,
        }
    }

    /// Play one turn (every step of §3).
    pub fn play_turn(&mut self, policies: &mut [&mut dyn Policy; 2], dice: &mut impl D6) {
        let turn = self.turn;
        self.log.push(|| Event::Turn { turn });
        for p in &mut self.pieces {
            p.start = p.pos;
            p.moved = false;
        }
        self.smoke.retain(|&(_, until)| until >= self.turn);
        // 1. Declare (simultaneous: every policy sees the same state).
        let declared: Vec<Option<Action>> = (0..self.contingents.len())
            .map(|ci| {
                let c = &self.contingents[ci];
                if !self.pieces[c.leader].on {
                    return None;
                }
                Some(policies[c.side].declare(self, ci, dice))
            })
            .collect();
        for (ci, action) in declared.into_iter().enumerate() {
            if let Some(a) = action {
                let (name, target) = match a {
                    Action::HitSomeone(t) => ("hit-someone", Some(t)),
                    Action::Banzai(t) => ("banzai", Some(t)),
                    Action::Inspire => ("inspire", None),
                    Action::Regroup => ("regroup", None),
                    Action::Attack(t) => ("attack", Some(t)),
                    Action::Order(Order::Hold) => ("hold", None),
                    Action::Order(Order::Advance) => ("advance", None),
                    Action::Order(Order::Withdraw) => ("withdraw", None),
                    Action::Order(Order::Attack(t)) => ("attack", Some(t)),
                };
                self.log.push(|| Event::Declare {
                    contingent: ci,
                    action: name.to_owned(),
                    target,
                });
            }
            let c = &mut self.contingents[ci];
            c.action = action;
            c.hits_this_turn = 0;
            c.must_test = false;
            c.speech = 0;
            match action {
                Some(Action::Attack(t)) => c.order = Order::Attack(t),
                Some(Action::Order(o)) => c.order = o,
                Some(Action::Inspire) => c.speech = c.stats.speech(self.data),
                _ => {}
            }
            if action == Some(Action::Regroup) {
                self.regroup(ci);
            }
        }
        // A friendly leader's speech within 12 cm counts for another contingent (HS-31).
        let speech_cm = cm(self.data.morale.other_leader_speech_cm.value);
        for ci in 0..self.contingents.len() {
            if self.contingents[ci].speech > 0 {
                continue;
            }
            let side = self.contingents[ci].side;
            let best = (0..self.contingents.len())
                .filter(|&o| {
                    o != ci && self.contingents[o].side == side && self.contingents[o].speech > 0
                })
                .filter(|&o| {
                    let l = self.contingents[o].leader;
                    self.contingents[ci]
                        .elements
                        .iter()
                        .any(|&e| self.pieces[e].on && self.distance(l, e) <= speech_cm)
                })
                .map(|o| self.contingents[o].speech)
                .max();
            if let Some(s) = best {
                self.contingents[ci].speech = s;
            }
        }
        // 2. Recovery tests (HS-30).
        for ci in 0..self.contingents.len() {
            if self.contingents[ci].morale != Morale::Steady && !self.out(ci) {
                self.morale_test(ci, false, dice);
            }
        }
        // 3. Move.
        self.move_step();
        // 4. Shoot, from the counters at the start of the step (HS-20).
        self.shooting(policies, dice);
        // 5. Melee.
        self.melee(policies, dice);
        // 6. Morale.
        for ci in 0..self.contingents.len() {
            if self.contingents[ci].must_test && !self.out(ci) {
                self.morale_test(ci, true, dice);
            }
        }
    }

    fn regroup(&mut self, ci: usize) {
        let c = &self.contingents[ci];
        let mut left = c.stats.regroup_removes(self.data);
        let mut who: Vec<usize> = c
            .elements
            .iter()
            .copied()
            .chain(std::iter::once(c.leader))
            .filter(|&p| self.pieces[p].on)
            .collect();
        while left > 0 {
            who.sort_by_key(|&p| std::cmp::Reverse(self.pieces[p].c.distractions));
            match who.first() {
                Some(&p) if self.pieces[p].c.distractions > 0 => {
                    self.pieces[p].c.distractions -= 1;
                    self.log.push(|| Event::Regroup { piece: p });
                    left -= 1;
                }
                _ => break,
            }
        }
    }

    fn morale_test(&mut self, ci: usize, end_of_turn: bool, dice: &mut impl D6) {
        let c = &self.contingents[ci];
        let side = c.side;
        let reach = cm(self.data.morale.outnumbered_cm.value);
        let own = self.standing(ci);
        let near = |i: usize| own.iter().any(|&e| self.distance(e, i) <= reach);
        let enemies = self.enemies(side).filter(|&i| near(i)).count();
        let friends = (0..self.pieces.len())
            .filter(|&i| self.pieces[i].on && self.pieces[i].side == side && near(i))
            .count();
        let higher = self.enemies(side).any(|i| {
            self.pieces[i].kind.is_some()
                && self.pieces[i].class > c.class
                && own.iter().any(|&e| {
                    let now = self.pieces[i].pos.distance(self.pieces[e].pos);
                    let then = self.pieces[i].start.distance(self.pieces[e].start);
                    now < then - 1e-6
                })
        });
        let case = MoraleCase {
            hits_this_turn: if end_of_turn { c.hits_this_turn } else { 0 },
            elements_lost: c.lost,
            outnumbered: enemies > friends,
            speech: c.speech,
            leader_absent: !self.leader_present(ci),
            higher_class: higher,
        };
        let before = c.morale;
        let (roll, score, after) = rules::morale_test(self.data, dice, &case, before);
        self.contingents[ci].morale = after;
        let data = self.data;
        self.log.push(|| Event::Morale {
            contingent: ci,
            end_of_turn,
            roll,
            modifiers: rules::morale_terms(data, &case),
            score,
            before,
            after,
        });
    }

    /// Where a piece wants to go this turn, and how far it may.
    fn goal(&self, i: usize) -> Option<Point> {
        let p = &self.pieces[i];
        let c = &self.contingents[p.contingent];
        if p.is_leader() {
            return match c.action {
                Some(Action::HitSomeone(t) | Action::Banzai(t)) if self.pieces[t].on => {
                    Some(self.pieces[t].pos)
                }
                Some(Action::Inspire | Action::Regroup) | None => None,
                _ => {
                    // Keep with the elements, a little behind their middle (HS-68).
                    let own: Vec<Point> = c
                        .elements
                        .iter()
                        .filter(|&&e| self.pieces[e].on)
                        .map(|&e| self.pieces[e].pos)
                        .collect();
                    if own.is_empty() {
                        return None;
                    }
                    let n = own.len() as f64;
                    let mx = own.iter().map(|q| q.x).sum::<f64>() / n;
                    let my = own.iter().map(|q| q.y).sum::<f64>() / n;
                    let back = if p.side == 0 { -100.0 } else { 100.0 };
                    Some(Point::new(mx, my + back))
                }
            };
        }
        if c.morale == Morale::Running {
            let edge = if p.side == 0 {
                -self.depth
            } else {
                2.0 * self.depth
            };
            return Some(Point::new(p.pos.x, edge));
        }
        if c.action.is_some_and(|a| matches!(a, Action::HitSomeone(_))) {
            return None;
        }
        if let Some(Action::Banzai(t)) = c.action
            && self.pieces[t].on
            && p.start.distance(self.pieces[c.leader].start) <= 200.0
        {
            return Some(self.pieces[t].pos);
        }
        match c.order {
            Order::Hold => None,
            Order::Advance => Some(Point::new(
                p.pos.x,
                if p.side == 0 { self.depth } else { 0.0 },
            )),
            Order::Withdraw => Some(Point::new(
                p.pos.x,
                if p.side == 0 { 0.0 } else { self.depth },
            )),
            Order::Attack(t) if self.pieces[t].on => {
                // Shooting elements stop once the target is in their long band (HS-08).
                if let Some(w) = self.weapon_of(i)
                    && self.distance(i, t) <= cm(w.bands_cm.last().map_or(0, |b| b.value))
                {
                    return None;
                }
                Some(self.pieces[t].pos)
            }
            Order::Attack(_) => None,
        }
    }

    /// The move step: every piece by its action, order and morale; then Mounted Bandits in
    /// contact dismount (HS-44) and the first threat is looked for (HS-48).
    pub fn move_step(&mut self) {
        self.movement();
        self.dismount();
        self.first_threat();
    }

    fn movement(&mut self) {
        // Orders whose target is gone end (HS-08).
        for c in &mut self.contingents {
            if let Order::Attack(t) = c.order
                && !self.pieces[t].on
            {
                c.order = Order::Hold;
            }
        }
        // Leaders first, then elements; the piece nearest its goal first, so ranks unfold.
        let mut order: Vec<(usize, f64)> = (0..self.pieces.len())
            .filter(|&i| self.pieces[i].on)
            .filter_map(|i| self.goal(i).map(|g| (i, g.distance(self.pieces[i].pos))))
            .collect();
        order.sort_by(|a, b| {
            let la = !self.pieces[a.0].is_leader();
            let lb = !self.pieces[b.0].is_leader();
            la.cmp(&lb).then(a.1.total_cmp(&b.1)).then(a.0.cmp(&b.0))
        });
        for (i, _) in order {
            if let Some(goal) = self.goal(i) {
                self.move_towards(i, goal);
            }
        }
    }

    /// Move a piece straight at `goal` (HS-67): stop at contact with an enemy, before a friend,
    /// at a hedge (crossing it the next move, HS-05), with half the allowance through a stream;
    /// Hesitant pieces never end nearer an enemy; Running pieces leave the table at their edge.
    fn move_towards(&mut self, i: usize, goal: Point) {
        let p = &self.pieces[i];
        if self.touching_enemy(i) && self.contingents[p.contingent].morale != Morale::Running {
            return;
        }
        let from = p.pos;
        let to = goal.minus(from);
        let length = (to.x * to.x + to.y * to.y).sqrt();
        if length < 1e-6 {
            return;
        }
        let mut allowance = p.move_mm;
        let unit = Point::new(to.x / length, to.y / length);
        let base = p.base();
        let full = Point::new(
            unit.x * allowance.min(length),
            unit.y * allowance.min(length),
        );
        if self
            .ground
            .iter()
            .any(|g| g.halves && base.first_touch(full, &g.area).is_some())
        {
            allowance = (allowance / 2.0).floor();
        }
        let mut reach = allowance.min(length);
        let mut step = Point::new(unit.x * reach, unit.y * reach);
        // Hedges: across if it stopped against this one last move (ending 6 cm beyond), else
        // stop at it (HS-05).
        let mut crossed = false;
        for (gi, g) in self.ground.iter().enumerate() {
            if !g.obstacle {
                continue;
            }
            let Some(t) = crossing(&base, step, &g.area) else {
                continue;
            };
            if p.at_hedge == Some(gi) {
                // Straight across, the far edge 60 mm past the obstacle.
                let past = 60.0 - p.size / 2.0;
                step = if g.area.hi.y - g.area.lo.y <= g.area.hi.x - g.area.lo.x {
                    let line = g.area.lo.y;
                    Point::new(0.0, line + step.y.signum() * past - p.pos.y)
                } else {
                    let line = g.area.lo.x;
                    Point::new(line + step.x.signum() * past - p.pos.x, 0.0)
                };
                crossed = true;
                break;
            }
            reach *= t;
            step = Point::new(unit.x * reach, unit.y * reach);
        }
        // Other pieces: stop at the first one touched.
        let mut t_stop: f64 = 1.0;
        for (k, q) in self.pieces.iter().enumerate() {
            if k == i || !q.on {
                continue;
            }
            if let Some(t) = base.first_touch(step, &q.base()) {
                let already = base.edge_distance(&q.base()) <= CONTACT_MM;
                if already && q.side == p.side {
                    // Moving away from a friend it touches is free.
                    let after = base.moved(step).edge_distance(&q.base());
                    if after > CONTACT_MM {
                        continue;
                    }
                }
                t_stop = t_stop.min(t);
            }
        }
        for g in self.ground.iter().filter(|g| g.impassable) {
            if let Some(t) = base.first_touch(step, &g.area) {
                t_stop = t_stop.min(t);
            }
        }
        let mut end = Point::new(from.x + step.x * t_stop, from.y + step.y * t_stop);
        let running = self.contingents[p.contingent].morale == Morale::Running;
        let half = p.size / 2.0;
        if running && (end.y <= half || end.y >= self.depth - half) {
            // Off the table at its own edge: lost (HS-32).
            self.leave(i, "ran");
            return;
        }
        end.x = end.x.clamp(half, self.width - half);
        end.y = end.y.clamp(half, self.depth - half);
        if self.contingents[p.contingent].morale == Morale::Hesitant && !p.is_leader() {
            let before = self.enemy_distance(i, from);
            let after = self.enemy_distance(i, end);
            if after < before - 1e-6 {
                return;
            }
        }
        let hedge = self.ground.iter().position(|g| {
            g.obstacle && Boxed::square(end, p.size).edge_distance(&g.area) <= CONTACT_MM
        });
        let q = &mut self.pieces[i];
        q.moved = end.distance(from) > 1e-6;
        q.at_hedge = if q.at_hedge.is_some() && hedge == q.at_hedge {
            None
        } else {
            hedge
        };
        q.pos = end;
        if q.moved {
            self.log.push(|| Event::Move {
                piece: i,
                from: [from.x, from.y],
                to: [end.x, end.y],
                allowance_mm: allowance,
                crossing: crossed,
            });
        }
    }

    fn enemy_distance(&self, i: usize, at: Point) -> f64 {
        let b = Boxed::square(at, self.pieces[i].size);
        self.enemies(self.pieces[i].side)
            .map(|e| b.edge_distance(&self.pieces[e].base()))
            .fold(f64::INFINITY, f64::min)
    }

    fn leave(&mut self, i: usize, why: &str) {
        self.log.push(|| Event::Off {
            piece: i,
            why: why.to_owned(),
        });
        let p = &mut self.pieces[i];
        p.on = false;
        let (side, ci, leader) = (p.side, p.contingent, p.is_leader());
        if leader {
            self.leaders_lost[side] += 1;
        } else {
            self.elements_lost[side] += 1;
            self.contingents[ci].lost += 1;
            self.contingents[ci].must_test = true;
        }
    }

    /// Mounted Bandits in contact become Bandits (HS-44).
    fn dismount(&mut self) {
        for i in 0..self.pieces.len() {
            let Some(k) = self.pieces[i].kind else {
                continue;
            };
            let Some(to) = self.data.elements[k].dismounts_to.as_deref() else {
                continue;
            };
            if !self.pieces[i].on || !self.touching_enemy(i) {
                continue;
            }
            if let Some(j) = self.data.elements.iter().position(|e| e.id == to) {
                let e = &self.data.elements[j];
                let p = &mut self.pieces[i];
                p.kind = Some(j);
                p.move_mm = cm(e.move_cm.value);
                self.log.push(|| Event::Dismount {
                    piece: i,
                    to: e.id.clone(),
                });
            }
        }
    }

    /// HS-48: ashigaru, peasants or bandits on their own, threatened by samurai.
    fn first_threat(&mut self) {
        for ci in 0..self.contingents.len() {
            let c = &self.contingents[ci];
            if c.threatened || c.class > 1 {
                continue;
            }
            let side = c.side;
            let samurai = |i: usize| {
                let p = &self.pieces[i];
                p.on && (p.is_leader() || p.class >= 3)
            };
            let hit = c.elements.iter().any(|&e| {
                self.pieces[e].on
                    && self
                        .enemies(side)
                        .any(|x| samurai(x) && self.distance(x, e) <= self.pieces[x].move_mm)
                    && !(0..self.pieces.len()).any(|f| {
                        self.pieces[f].side == side && samurai(f) && self.distance(f, e) <= 300.0
                    })
            });
            if hit {
                let c = &mut self.contingents[ci];
                c.threatened = true;
                c.must_test = true;
            }
        }
    }

    /// The weapon a piece shoots with, if it has one (bows need at least one archer).
    pub fn weapon_of(&self, i: usize) -> Option<&'d super::super::data::Weapon> {
        let p = &self.pieces[i];
        let e: &Element = &self.data.elements[p.kind?];
        if e.shoots == Shoots::Bow && p.archers == 0 {
            return None;
        }
        self.data.weapon(e.shoots)
    }

    /// Whether `shooter` may shoot now (HS-21), with its weapon.
    pub fn shooter(&self, i: usize) -> Option<&'d super::super::data::Weapon> {
        let p = &self.pieces[i];
        let e: &Element = &self.data.elements[p.kind?];
        let weapon = self.data.weapon(e.shoots)?;
        if !p.on || self.contingents[p.contingent].morale == Morale::Running {
            return None;
        }
        if e.shoots == Shoots::Bow && p.archers == 0 {
            return None;
        }
        if e.shoots == Shoots::Musket && !p.musket.can_fire(self.data, self.turn, p.moved) {
            return None;
        }
        if self.touching_enemy(i) {
            return None;
        }
        Some(weapon)
    }

    /// The target's row, and whether it is a leader.
    pub fn target_row(&self, t: usize) -> (TargetRow, bool) {
        let p = &self.pieces[t];
        match p.kind {
            Some(k) => (self.data.elements[k].target_row, false),
            None => {
                let l = &self.data.leaders.leader;
                let mounted = self.contingents[p.contingent].stats.mounted;
                (
                    if mounted {
                        l.mounted_target_row
                    } else {
                        l.target_row
                    },
                    true,
                )
            }
        }
    }

    fn smoky(&self, a: usize, b: usize) -> bool {
        let line = Segment::new(self.pieces[a].pos, self.pieces[b].pos);
        let r = self
            .data
            .shooting
            .musket
            .smoke_cm
            .as_ref()
            .map_or(30.0, |s| cm(s.value) / 2.0);
        self.smoke
            .iter()
            .any(|&(c, _)| line.distance_to_point(c) <= r)
    }

    /// Every target `i` may shoot at now, with the shot's expected Hits.
    pub fn targets(&self, i: usize) -> Vec<(usize, f64, Shooter)> {
        let Some(weapon) = self.shooter(i) else {
            return Vec::new();
        };
        let p = &self.pieces[i];
        let mut out = Vec::new();
        for t in self.enemies(p.side) {
            let cm_away = (self.distance(i, t) / 10.0).ceil();
            let Ok(cm_away) = u32::try_from(cm_away as i64) else {
                continue;
            };
            let Some(band) = weapon.band(cm_away) else {
                continue;
            };
            // Not at a target in contact with one of the shooter's side.
            let side = p.side;
            let engaged = (0..self.pieces.len())
                .any(|f| self.pieces[f].on && self.pieces[f].side == side && self.in_contact(f, t));
            if engaged || !self.sight(i, t) {
                continue;
            }
            let shooter = Shooter {
                archers: p.archers,
                moved: p.moved,
                distractions: p.c.distractions,
                hits: p.c.hits,
                smoke: weapon.smoke.value != 0 && self.smoky(i, t),
            };
            let modifier = rules::sum(&rules::shot_terms(weapon, &shooter));
            let (row, leader) = self.target_row(t);
            let mut hits = 0.0;
            for roll in 1..=6 {
                let mut r = rules::shot_result(weapon, row, band, roll + modifier);
                if leader {
                    r = rules::on_leader(self.data, r);
                }
                if r == ShotResult::Hit {
                    hits += 1.0 / 6.0;
                }
            }
            out.push((t, hits, shooter));
        }
        out
    }

    fn shooting(&mut self, policies: &mut [&mut dyn Policy; 2], dice: &mut impl D6) {
        let mut results: Vec<(usize, usize, ShotResult)> = Vec::new();
        let mut smoke = Vec::new();
        for i in 0..self.pieces.len() {
            let targets = self.targets(i);
            if targets.is_empty() {
                continue;
            }
            let side = self.pieces[i].side;
            let Some(choice) = policies[side].shoot(self, i, &targets, dice) else {
                continue;
            };
            let Some(&(t, _, shooter)) = targets.iter().find(|x| x.0 == choice) else {
                continue;
            };
            let Some(weapon) = self.shooter(i) else {
                continue;
            };
            let cm_away = (self.distance(i, t) / 10.0).ceil() as u32;
            let band = weapon.band(cm_away).unwrap_or(0);
            let modifier = rules::sum(&rules::shot_terms(weapon, &shooter));
            let roll = dice.d6();
            let (row, leader) = self.target_row(t);
            let mut r = rules::shot_result(weapon, row, band, i32::from(roll) + modifier);
            if leader {
                r = rules::on_leader(self.data, r);
            }
            self.log.push(|| Event::Shot {
                shooter: i,
                target: t,
                weapon: weapon.name.clone(),
                band,
                archers: shooter.archers,
                moved: shooter.moved,
                distractions: shooter.distractions,
                hits: shooter.hits,
                smoke: shooter.smoke,
                target_row: row,
                leader,
                roll,
                modifiers: rules::shot_terms(weapon, &shooter),
                result: r,
            });
            if self.data.elements[self.pieces[i].kind.unwrap_or(0)].shoots == Shoots::Musket {
                self.pieces[i].musket.fire(self.turn);
                let smoke_turns = self
                    .data
                    .shooting
                    .musket
                    .smoke_turns
                    .as_ref()
                    .map_or(2, |s| s.value);
                // It stands from the next turn (HS-26), so no shot of this step sees it.
                smoke.push((
                    self.pieces[i].pos,
                    self.turn + u32::try_from(smoke_turns).unwrap_or(2),
                ));
            }
            results.push((i, t, r));
        }
        self.smoke.extend(smoke);
        for (i, t, r) in results {
            let ci = self.pieces[t].contingent;
            match r {
                ShotResult::Nothing => {}
                ShotResult::Distraction => {
                    self.pieces[t].c.distractions += 1;
                    self.contingents[ci].must_test = true;
                }
                ShotResult::Hit => {
                    if !self.pieces[t].is_leader() {
                        self.pieces[t].c.distractions += 1;
                    }
                    self.contingents[ci].must_test = true;
                    self.hurt(self.pieces[i].side, t, 1);
                }
            }
        }
    }

    /// `n` Hits by `side` on piece `t`: counted to the morale and the score; removal at capacity.
    fn hurt(&mut self, side: usize, t: usize, n: u32) {
        if !self.pieces[t].on {
            return;
        }
        let p = &mut self.pieces[t];
        let taken = n.min(p.c.removed_at.saturating_sub(p.c.hits));
        p.c.hits += taken;
        let ci = p.contingent;
        if let Some(k) = p.kind {
            self.contingents[ci].hits_this_turn += taken;
            let deed = &self.data.elements[k].deed;
            let points = self
                .data
                .leaders
                .deed
                .iter()
                .find(|d| &d.id == deed)
                .map_or(0, |d| d.points.value);
            self.deeds[side] += i64::from(points) * i64::from(taken);
        }
        if self.pieces[t].c.removed() {
            if self.pieces[t].is_leader() {
                self.deeds[side] += self.leader_defeated_points();
            }
            let why = if self.pieces[t].is_leader() {
                "killed"
            } else {
                "removed"
            };
            self.leave(t, why);
        }
    }

    fn leader_defeated_points(&self) -> i64 {
        self.data
            .leaders
            .deed
            .iter()
            .find(|d| d.id == "leader-defeated")
            .map_or(10, |d| i64::from(d.points.value))
    }

    fn melee(&mut self, policies: &mut [&mut dyn Policy; 2], dice: &mut impl D6) {
        // Personal combat between leaders in contact (HS-36, HS-40).
        let mut dueling = vec![false; self.pieces.len()];
        let leaders: Vec<usize> = (0..self.pieces.len())
            .filter(|&i| self.pieces[i].on && self.pieces[i].is_leader())
            .collect();
        let mut duels = Vec::new();
        for &a in &leaders {
            for &b in &leaders {
                if a < b
                    && self.pieces[a].side != self.pieces[b].side
                    && !dueling[a]
                    && !dueling[b]
                    && self.in_contact(a, b)
                {
                    dueling[a] = true;
                    dueling[b] = true;
                    duels.push((a, b));
                }
            }
        }
        for (a, b) in duels {
            self.duel(a, b, policies, dice);
        }
        // Element fights (HS-13).
        let n = self.pieces.len();
        let fighting: Vec<usize> = (0..n)
            .filter(|&i| self.pieces[i].on && !dueling[i])
            .collect();
        let mut seen = vec![false; n];
        for &start in &fighting {
            if seen[start] {
                continue;
            }
            // The connected group of bases in contact.
            let mut group = vec![start];
            seen[start] = true;
            let mut k = 0;
            while k < group.len() {
                let x = group[k];
                for &y in &fighting {
                    if !seen[y]
                        && self.pieces[y].side != self.pieces[x].side
                        && self.in_contact(x, y)
                    {
                        seen[y] = true;
                        group.push(y);
                    }
                }
                k += 1;
            }
            if group.len() < 2 {
                continue;
            }
            group.sort_unstable();
            for (a, b) in self.fights(&group) {
                self.fight(&a, &b, policies, dice);
            }
        }
    }

    /// Split a contact group into fights (HS-13): side A's pieces, side B's pieces.
    fn fights(&self, group: &[usize]) -> Vec<(Vec<usize>, Vec<usize>)> {
        let side = |s: usize| {
            group
                .iter()
                .copied()
                .filter(|&i| self.pieces[i].side == s)
                .collect::<Vec<_>>()
        };
        let (a, b) = (side(0), side(1));
        if a.len() == 1 || b.len() == 1 {
            return vec![(a, b)];
        }
        let (anchors, others, anchor_side) = if a.len() <= b.len() {
            (a, b, 0)
        } else {
            (b, a, 1)
        };
        let mut joined: Vec<Vec<usize>> = vec![Vec::new(); anchors.len()];
        let touching = |o: usize| -> Vec<usize> {
            (0..anchors.len())
                .filter(|&k| self.in_contact(anchors[k], o))
                .collect()
        };
        let mut order: Vec<(usize, usize)> =
            others.iter().map(|&o| (touching(o).len(), o)).collect();
        order.sort_unstable();
        for (_, o) in order {
            let t = touching(o);
            if let Some(&k) = t.iter().min_by_key(|&&k| (joined[k].len(), k)) {
                joined[k].push(o);
            }
        }
        for k in 0..anchors.len() {
            if !joined[k].is_empty() {
                continue;
            }
            let donor = (0..anchors.len()).find(|&d| {
                joined[d].len() >= 2 && joined[d].iter().any(|&o| self.in_contact(anchors[k], o))
            });
            if let Some(d) = donor
                && let Some(pos) = joined[d]
                    .iter()
                    .rposition(|&o| self.in_contact(anchors[k], o))
            {
                let o = joined[d].remove(pos);
                joined[k].push(o);
            }
        }
        anchors
            .iter()
            .zip(joined)
            .filter(|(_, j)| !j.is_empty())
            .map(|(&anchor, others)| {
                if anchor_side == 0 {
                    (vec![anchor], others)
                } else {
                    (others, vec![anchor])
                }
            })
            .collect()
    }

    fn fight(
        &mut self,
        a: &[usize],
        b: &[usize],
        policies: &mut [&mut dyn Policy; 2],
        dice: &mut impl D6,
    ) {
        let mut ca: Vec<Combatant> = a.iter().map(|&i| self.pieces[i].c.clone()).collect();
        let mut cb: Vec<Combatant> = b.iter().map(|&i| self.pieces[i].c.clone()).collect();
        let hits_before: Vec<u32> = a.iter().chain(b).map(|&i| self.pieces[i].c.hits).collect();
        let fighters = |ids: &[usize], cs: &[Combatant]| -> Vec<Fighter> {
            ids.iter()
                .zip(cs)
                .map(|(&piece, c)| Fighter {
                    piece,
                    distractions: c.distractions,
                    hits: c.hits,
                })
                .collect()
        };
        let before = self
            .log
            .is_recording()
            .then(|| (fighters(a, &ca), fighters(b, &cb)));
        let report = rules::fight(self.data, dice, &mut ca, &mut cb, |won, losers, margin| {
            // The winner chooses where the Hits go.
            let side = if won == Outcome::A { 0 } else { 1 };
            policies[side].allocate(self.data, losers, margin)
        });
        if let Some((fa, fb)) = before {
            let losers = if report.outcome == Outcome::A { b } else { a };
            self.log.push(|| Event::Fight {
                a: fa,
                b: fb,
                rolls: [report.rolls.0, report.rolls.1],
                a_total: report.a_total,
                b_total: report.b_total,
                outcome: report.outcome,
                margin: report.margin,
                hits: report.hits,
                hit: report.hit.map(|k| losers[k]),
            });
        }
        // Counters back; Hits through `hurt` so they score and remove.
        for (k, &i) in a.iter().chain(b).enumerate() {
            let c = if k < a.len() {
                &ca[k]
            } else {
                &cb[k - a.len()]
            };
            self.pieces[i].c.distractions = c.distractions;
            let gained = c.hits.saturating_sub(hits_before[k]);
            let ci = self.pieces[i].contingent;
            self.contingents[ci].must_test = true;
            if gained > 0 {
                let by = 1 - self.pieces[i].side;
                self.hurt(by, i, gained);
            }
        }
        // Push-backs (HS-19).
        let (winners, losers) = match report.outcome {
            Outcome::A => (a, b),
            Outcome::B => (b, a),
            Outcome::Draw => return,
        };
        let n = winners.len() as f64;
        let mx = winners.iter().map(|&w| self.pieces[w].pos.x).sum::<f64>() / n;
        let my = winners.iter().map(|&w| self.pieces[w].pos.y).sum::<f64>() / n;
        let push = f64::from(self.data.melee.push_back_cm.value) * 10.0;
        for &l in losers {
            if !self.pieces[l].on {
                continue;
            }
            let from = self.pieces[l].pos;
            let d = from.minus(Point::new(mx, my));
            let len = (d.x * d.x + d.y * d.y).sqrt().max(1e-6);
            let step = Point::new(d.x / len * push, d.y / len * push);
            let base = self.pieces[l].base();
            let mut t_stop: f64 = 1.0;
            for (k, q) in self.pieces.iter().enumerate() {
                if k == l || !q.on || winners.contains(&k) {
                    continue;
                }
                if let Some(t) = base.first_touch(step, &q.base())
                    && base.edge_distance(&q.base()) > CONTACT_MM
                {
                    t_stop = t_stop.min(t);
                }
            }
            let half = self.pieces[l].size / 2.0;
            let end = Point::new(
                (from.x + step.x * t_stop).clamp(half, self.width - half),
                (from.y + step.y * t_stop).clamp(half, self.depth - half),
            );
            self.pieces[l].pos = end;
            self.log.push(|| Event::Move {
                piece: l,
                from: [from.x, from.y],
                to: [end.x, end.y],
                allowance_mm: push,
                crossing: false,
            });
        }
    }

    fn duel(
        &mut self,
        a: usize,
        b: usize,
        policies: &mut [&mut dyn Policy; 2],
        dice: &mut impl D6,
    ) {
        let (sa, sb) = (self.pieces[a].side, self.pieces[b].side);
        let ia = policies[sa].intention(self, a, b);
        let ib = policies[sb].intention(self, b, a);
        for c in [self.pieces[a].contingent, self.pieces[b].contingent] {
            self.contingents[c].must_test = true;
        }
        if !rules::round_fought(ia, ib) {
            for (me, other, i) in [(a, b, ia), (b, a, ib)] {
                if i == Intention::BreakOff {
                    let away = self.pieces[me].pos.minus(self.pieces[other].pos);
                    let len = (away.x * away.x + away.y * away.y).sqrt().max(1e-6);
                    let m = self.pieces[me].move_mm;
                    let half = self.pieces[me].size / 2.0;
                    let p = self.pieces[me].pos;
                    let end = Point::new(
                        (p.x + away.x / len * m).clamp(half, self.width - half),
                        (p.y + away.y / len * m).clamp(half, self.depth - half),
                    );
                    self.pieces[me].pos = end;
                    self.log.push(|| Event::Move {
                        piece: me,
                        from: [p.x, p.y],
                        to: [end.x, end.y],
                        allowance_mm: m,
                        crossing: false,
                    });
                }
            }
            self.log.push(|| Event::Duel {
                a,
                b,
                intentions: [ia, ib],
                fought: false,
                throws_a: Vec::new(),
                throws_b: Vec::new(),
                prowess: [None, None],
                hit: Outcome::Draw,
            });
            return;
        }
        let rounds = usize::try_from(self.data.leaders.personal_combat.rounds.value).unwrap_or(3);
        let ta: Vec<Throw> = (0..rounds).map(|_| policies[sa].throw(dice)).collect();
        let tb: Vec<Throw> = (0..rounds).map(|_| policies[sb].throw(dice)).collect();
        let prowess = (
            self.contingents[self.pieces[a].contingent].stats.prowess,
            self.contingents[self.pieces[b].contingent].stats.prowess,
        );
        let won = rules::bout(&ta, &tb, prowess);
        let hit =
            u32::try_from(self.data.leaders.personal_combat.hits_to_winner.value).unwrap_or(1);
        let scored = rules::bout_hit(won, ia, ib);
        self.log.push(|| Event::Duel {
            a,
            b,
            intentions: [ia, ib],
            fought: true,
            throws_a: ta.clone(),
            throws_b: tb.clone(),
            prowess: [prowess.0, prowess.1],
            hit: scored,
        });
        match scored {
            Outcome::A => self.hurt(sa, b, hit),
            Outcome::B => self.hurt(sb, a, hit),
            Outcome::Draw => {}
        }
    }
}
