//! A game's state on the 6 x 6 grid (OHW-40..49) and its rules as pure functions: which actions a
//! unit has, and what an action does. State is plain data; nothing here allocates unless a log
//! is recording.

use smallvec::SmallVec;

use super::dice::Dice;
use super::event::{AttackKind, Event, How, Log, LossRoll, Part};
use super::rules::{Effect, Rules};

/// Columns and rows of the grid.
pub const SIDE: i32 = 6;
pub const SQUARES: usize = 36;
/// No unit, no square.
pub const NONE: u8 = u8::MAX;
/// Units in one game, both sides.
pub const MAX_UNITS: usize = 16;
/// An orthogonal step and a diagonal step, in tenths of an inch (OHW-43).
pub const ORTHOGONAL: u16 = 60;
pub const DIAGONAL: u16 = 85;
/// The road's bonus, in tenths of an inch (OHW-29).
pub const ROAD_BONUS: u16 = 30;

/// The 8 compass directions as (column, row) steps: N, NE, E, SE, S, SW, W, NW. North is towards
/// side B's edge (row 6). A facing is 0 N, 1 E, 2 S, 3 W: direction `2 * facing`.
pub const STEPS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

pub fn col(sq: u8) -> i32 {
    i32::from(sq) % SIDE
}

pub fn row(sq: u8) -> i32 {
    i32::from(sq) / SIDE
}

pub fn square(col: i32, row: i32) -> Option<u8> {
    ((0..SIDE).contains(&col) && (0..SIDE).contains(&row)).then(|| (row * SIDE + col) as u8)
}

/// `c3` for a square.
pub fn name(sq: u8) -> String {
    if sq == NONE {
        return "-".to_owned();
    }
    format!("{}{}", char::from(b'a' + sq % 6), sq / 6 + 1)
}

/// The square a name gives.
pub fn parse(text: &str) -> Option<u8> {
    let mut chars = text.chars();
    let c = chars.next()?;
    let r = chars.next()?.to_digit(10)?;
    if chars.next().is_some() || !('a'..='f').contains(&c) {
        return None;
    }
    square(i32::from(c as u8 - b'a'), r as i32 - 1)
}

pub fn facing_letter(f: u8) -> char {
    ['N', 'E', 'S', 'W'][usize::from(f & 3)]
}

pub fn facing_of(letter: char) -> Option<u8> {
    "NESW".find(letter).map(|i| i as u8)
}

/// Each square's neighbour in each of the 8 directions ([`NONE`] off the table), worked out once.
const fn step_table() -> [[u8; 8]; SQUARES] {
    let mut table = [[NONE; 8]; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let mut d = 0;
        while d < 8 {
            let (dc, dr) = STEPS[d];
            let (c, r) = ((sq % 6) as i32 + dc, (sq / 6) as i32 + dr);
            if c >= 0 && c < SIDE && r >= 0 && r < SIDE {
                table[sq][d] = (r * SIDE + c) as u8;
            }
            d += 1;
        }
        sq += 1;
    }
    table
}

static STEP: [[u8; 8]; SQUARES] = step_table();

/// Each square's orthogonal neighbours as a bit mask.
const fn side_table() -> [u64; SQUARES] {
    let steps = step_table();
    let mut table = [0u64; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let mut f = 0;
        while f < 4 {
            let n = steps[sq][2 * f];
            if n != NONE {
                table[sq] |= 1 << n;
            }
            f += 1;
        }
        sq += 1;
    }
    table
}

static SIDES: [u64; SQUARES] = side_table();

/// The next square one step in direction `d8`.
#[inline]
pub fn step(sq: u8, d8: usize) -> Option<u8> {
    let n = STEP[usize::from(sq)][d8 & 7];
    (n != NONE).then_some(n)
}

/// The facing from `from` towards an orthogonally adjacent `to`.
pub fn towards(from: u8, to: u8) -> Option<u8> {
    match (col(to) - col(from), row(to) - row(from)) {
        (0, 1) => Some(0),
        (1, 0) => Some(1),
        (0, -1) => Some(2),
        (-1, 0) => Some(3),
        _ => None,
    }
}

/// The faces of a unit, by (side's direction − facing) mod 4 (OHW-41).
pub const FACES: [&str; 4] = ["front", "right", "rear", "left"];

/// Whether `to` is within `range` inches of `from`, centre to centre.
pub fn within(from: u8, to: u8, range: i32) -> bool {
    let (dc, dr) = (col(to) - col(from), row(to) - row(from));
    36 * (dc * dc + dr * dr) <= range * range
}

/// Where a unit's Tate stand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tate {
    None,
    Carried,
    Planted,
}

/// One unit in play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unit {
    pub side: u8,
    pub kind: u8,
    pub sq: u8,
    pub facing: u8,
    pub hits: u8,
    pub threshold: u8,
    pub alive: bool,
    pub hatamoto: bool,
    /// Not out of ammunition (Ashigaru; OHW-17, OHW-25).
    pub ammo: bool,
    pub supplies: bool,
    pub cannon: bool,
    pub tate: Tate,
    pub palisades: bool,
    /// An unplayed Tsukai-Ban (OHW-19).
    pub messenger: bool,
    /// An unissued Personal Challenge (OHW-20).
    pub challenge: bool,
    /// This player turn: activated by a common die, moved, shot, been shot at.
    pub activated: bool,
    pub moved: bool,
    pub shot: bool,
    pub under_fire: bool,
    /// Challenged by side `challenger - 1` until the end of player turn `challenge_until`.
    pub challenger: u8,
    pub challenge_until: u16,
    /// A reserve not yet on the table (OHW-33): not alive until it enters.
    pub waiting: bool,
    /// The game turn a reserve is due.
    pub due: u16,
}

impl Unit {
    /// The side whose challenge protects this unit from attack, if any (OHW-20).
    pub fn protected_from(&self, side: u8) -> bool {
        self.challenger == side + 1
    }

    /// Whether a challenge keeps this unit from acting (no die, no activation, no reaction).
    pub fn challenged(&self) -> bool {
        self.challenger != 0
    }
}

/// An action a unit may take (OHW-05).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Act {
    /// A move, a pivot in place or a disengagement, ending facing `facing`.
    Move {
        unit: u8,
        to: u8,
        facing: u8,
    },
    /// A charge ending on `to`, at unit `target` (or at the enemy's Command Post: [`NONE`]).
    Charge {
        unit: u8,
        to: u8,
        target: u8,
    },
    Shoot {
        unit: u8,
        target: u8,
    },
    Fight {
        unit: u8,
        target: u8,
    },
    /// A reserve comes on at its side's entry square (OHW-33).
    Enter {
        unit: u8,
    },
}

impl Act {
    pub fn unit(self) -> u8 {
        match self {
            Act::Move { unit, .. }
            | Act::Charge { unit, .. }
            | Act::Shoot { unit, .. }
            | Act::Fight { unit, .. }
            | Act::Enter { unit } => unit,
        }
    }
}

/// Actions, on the stack.
pub type Acts = SmallVec<[Act; 96]>;

/// What a finished game came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    /// Side 0 (A) or 1 (B); `None` a draw.
    pub winner: Option<u8>,
    /// Won by wiping out the enemy, rather than on points after the last turn.
    pub wiped_out: bool,
    pub points: [u8; 2],
    pub lost: [u8; 2],
    pub daimyo_lost: [bool; 2],
    pub posts_taken: [bool; 2],
    pub player_turns: u16,
    pub reactions: u16,
}

/// The game.
#[derive(Debug, Clone)]
pub struct Game {
    pub units: [Unit; MAX_UNITS],
    pub count: u8,
    /// The ground of each square (an index into the rules' grounds).
    pub ground: [u8; SQUARES],
    /// Bit s: square s has the road.
    pub road: u64,
    /// The unit on each square, or [`NONE`].
    pub board: [u8; SQUARES],
    /// Each side's Command Post square, or [`NONE`] once taken.
    pub post: [u8; 2],
    pub player_turn: u16,
    pub active: u8,
    pub first: u8,
    pub reaction_used: bool,
    pub points: [u8; 2],
    pub lost: [u8; 2],
    pub daimyo_lost: [bool; 2],
    pub posts_taken: [bool; 2],
    pub reactions: u16,
}

/// What decides the few things the rules leave to a unit's owner in the middle of an action.
pub trait Owner {
    /// After a combat through a flank or the rear: turn `unit` to face `attacker`? (OHW-23)
    fn turn_to_face(&mut self, game: &Game, rules: &Rules, unit: u8, attacker: u8) -> bool;
    /// The Command Post is taken: which of `side`'s own units to remove (OHW-07).
    fn post_loss(&mut self, game: &Game, rules: &Rules, side: u8) -> u8;
}

impl Game {
    /// An empty table of open ground.
    pub fn new(rules: &Rules) -> Game {
        let unit = Unit {
            side: 0,
            kind: 0,
            sq: NONE,
            facing: 0,
            hits: 0,
            threshold: 9,
            alive: false,
            hatamoto: false,
            ammo: false,
            supplies: false,
            cannon: false,
            tate: Tate::None,
            palisades: false,
            messenger: false,
            challenge: false,
            activated: false,
            moved: false,
            shot: false,
            under_fire: false,
            challenger: 0,
            challenge_until: 0,
            waiting: false,
            due: 0,
        };
        Game {
            units: [unit; MAX_UNITS],
            count: 0,
            ground: [rules.open; SQUARES],
            road: 0,
            board: [NONE; SQUARES],
            post: [NONE; 2],
            player_turn: 0,
            active: 0,
            first: 0,
            reaction_used: false,
            points: [0; 2],
            lost: [0; 2],
            daimyo_lost: [false; 2],
            posts_taken: [false; 2],
            reactions: 0,
        }
    }

    /// Put a unit on the table (or, on [`NONE`], nowhere yet) and give it its number.
    pub fn place(
        &mut self,
        rules: &Rules,
        side: u8,
        recruit: &super::rules::Recruit,
        sq: u8,
        facing: u8,
    ) -> u8 {
        let id = self.count;
        let kind = &rules.kinds[usize::from(recruit.kind)];
        let has = |e: Effect| recruit.addition == Some(e);
        self.units[usize::from(id)] = Unit {
            side,
            kind: recruit.kind,
            sq,
            facing,
            hits: 0,
            threshold: if recruit.hatamoto {
                rules.hatamoto_at
            } else {
                kind.eliminated_at
            },
            alive: true,
            hatamoto: recruit.hatamoto,
            ammo: kind.shoots,
            supplies: has(Effect::Supplies),
            cannon: has(Effect::Cannon),
            tate: if has(Effect::Tate) {
                Tate::Carried
            } else {
                Tate::None
            },
            palisades: has(Effect::Palisades),
            messenger: has(Effect::Messenger),
            challenge: has(Effect::Challenge),
            ..self.units[usize::from(id)]
        };
        self.count += 1;
        if sq != NONE {
            self.board[usize::from(sq)] = id;
        }
        id
    }

    /// Hold a unit back as a reserve due on game turn `due` (OHW-33): numbered, off the table.
    pub fn hold(
        &mut self,
        rules: &Rules,
        side: u8,
        recruit: &super::rules::Recruit,
        due: u16,
    ) -> u8 {
        let id = self.place(rules, side, recruit, NONE, 0);
        let u = &mut self.units[usize::from(id)];
        u.alive = false;
        u.waiting = true;
        u.due = due;
        id
    }

    /// A side's reserves due now and not yet entered (OHW-33).
    pub fn reserves_due(&self, side: u8) -> impl Iterator<Item = (u8, &Unit)> {
        let turn = self.player_turn.div_ceil(2);
        self.all()
            .filter(move |(_, u)| u.waiting && u.side == side && u.due <= turn)
    }

    /// A side's units that may take an activation: those on the table and the reserves due.
    pub fn ready(&self, side: u8) -> impl Iterator<Item = (u8, &Unit)> {
        self.alive(side).chain(self.reserves_due(side))
    }

    /// Whether the reserve `id` may enter now: due, its entry square empty, passable and not
    /// next to an enemy (OHW-33).
    fn may_enter(&self, rules: &Rules, id: u8) -> bool {
        let u = self.unit(id);
        let Some(r) = &rules.reserves[usize::from(u.side)] else {
            return false;
        };
        u.waiting
            && u.due <= self.player_turn.div_ceil(2)
            && self.can_enter(rules, u.kind, u.side, r.entry)
            && self.can_end(rules, u.kind, r.entry)
            && !self.enemy_next_to(r.entry, u.side)
    }

    pub fn unit(&self, id: u8) -> &Unit {
        &self.units[usize::from(id)]
    }

    /// The units of the game, with their numbers.
    pub fn all(&self) -> impl Iterator<Item = (u8, &Unit)> {
        (0..self.count).map(|i| (i, &self.units[usize::from(i)]))
    }

    /// A side's units still on the table.
    pub fn alive(&self, side: u8) -> impl Iterator<Item = (u8, &Unit)> {
        self.all().filter(move |(_, u)| u.alive && u.side == side)
    }

    pub fn remaining(&self, side: u8) -> usize {
        self.alive(side).count()
    }

    pub fn is_road(&self, sq: u8) -> bool {
        self.road >> sq & 1 == 1
    }

    /// The unit on a square, if any.
    pub fn at(&self, sq: u8) -> Option<u8> {
        let u = self.board[usize::from(sq)];
        (u != NONE).then_some(u)
    }

    /// The enemy units orthogonally next to `sq` (OHW-42), as a small list.
    pub fn enemies_next_to(&self, sq: u8, side: u8) -> SmallVec<[u8; 4]> {
        let mut out = SmallVec::new();
        for f in 0..4 {
            if let Some(u) = step(sq, 2 * f).and_then(|s| self.at(s))
                && self.unit(u).side != side
            {
                out.push(u);
            }
        }
        out
    }

    pub fn enemy_next_to(&self, sq: u8, side: u8) -> bool {
        self.next_to_enemies(side) >> sq & 1 == 1
    }

    /// The squares orthogonally next to an enemy of `side` (OHW-42), as a bit mask.
    pub fn next_to_enemies(&self, side: u8) -> u64 {
        let mut mask = 0;
        for u in &self.units[..usize::from(self.count)] {
            if u.alive && u.side != side {
                mask |= SIDES[usize::from(u.sq)];
            }
        }
        mask
    }

    pub fn in_contact(&self, id: u8) -> bool {
        let u = self.unit(id);
        self.enemy_next_to(u.sq, u.side)
    }

    /// Whether a unit of `kind` and `side` may enter `sq`: on the table, empty, passable for it,
    /// and not its own Command Post (OHW-07, OHW-43).
    pub fn can_enter(&self, rules: &Rules, kind: u8, side: u8, sq: u8) -> bool {
        self.board[usize::from(sq)] == NONE
            && rules.grounds[usize::from(self.ground[usize::from(sq)])].no_entry >> kind & 1 == 0
            && self.post[usize::from(side)] != sq
    }

    /// Whether a unit of `kind` may end a move on `sq` (OHW-28).
    pub fn can_end(&self, rules: &Rules, kind: u8, sq: u8) -> bool {
        rules.grounds[usize::from(self.ground[usize::from(sq)])].no_end >> kind & 1 == 0
    }

    /// Whether unit `id` may take any action now (alive, on the table, not held by a challenge).
    pub fn may_act(&self, id: u8) -> bool {
        let u = self.unit(id);
        u.alive && !u.challenged()
    }

    /// Every action unit `id` has now (OHW-05), into `out`. Whether it still has its activation
    /// is the caller's question.
    pub fn actions(&self, rules: &Rules, id: u8, out: &mut Acts) {
        if self.unit(id).waiting {
            if self.may_enter(rules, id) {
                out.push(Act::Enter { unit: id });
            }
            return;
        }
        if !self.may_act(id) {
            return;
        }
        let u = *self.unit(id);
        let kind = &rules.kinds[usize::from(u.kind)];
        let contacts = self.enemies_next_to(u.sq, u.side);
        if !contacts.is_empty() {
            for &t in &contacts {
                if !self.unit(t).protected_from(u.side) {
                    out.push(Act::Fight {
                        unit: id,
                        target: t,
                    });
                }
            }
            // Disengaging (OHW-24, OHW-48): faster than every enemy in contact.
            let faster = contacts
                .iter()
                .all(|&t| kind.allowance > rules.kinds[usize::from(self.unit(t).kind)].allowance);
            if faster && !u.shot {
                self.moves(rules, id, out);
            }
            return;
        }
        if !u.shot {
            self.moves(rules, id, out);
            for f in 0..4 {
                if f != u.facing {
                    out.push(Act::Move {
                        unit: id,
                        to: u.sq,
                        facing: f,
                    });
                }
            }
            if kind.charges_always || !u.ammo {
                self.charges(rules, id, out);
            }
        }
        if kind.shoots && u.ammo && !u.moved {
            self.shots(rules, id, out);
        }
    }

    /// Normal moves (OHW-43): a straight run in one of 8 directions within the allowance (+3"
    /// when the start and every square entered are road), through empty passable squares, ending
    /// where the unit may end and not next to an enemy, then any facing.
    fn moves(&self, rules: &Rules, id: u8, out: &mut Acts) {
        let u = self.unit(id);
        let allowance = rules.kinds[usize::from(u.kind)].allowance;
        let near = self.next_to_enemies(u.side);
        for d8 in 0..8 {
            let cost = if d8 % 2 == 0 { ORTHOGONAL } else { DIAGONAL };
            let mut sq = u.sq;
            let mut spent = 0;
            let mut on_road = self.is_road(u.sq);
            while let Some(next) = step(sq, d8) {
                spent += cost;
                on_road &= self.is_road(next);
                let budget = allowance + if on_road { ROAD_BONUS } else { 0 };
                if spent > budget || !self.can_enter(rules, u.kind, u.side, next) {
                    break;
                }
                sq = next;
                if self.can_end(rules, u.kind, sq) && near >> sq & 1 == 0 {
                    for facing in 0..4 {
                        out.push(Act::Move {
                            unit: id,
                            to: sq,
                            facing,
                        });
                    }
                }
            }
        }
    }

    /// Charges (OHW-44): straight ahead or 45° off the facing, no road bonus, ending next to the
    /// target on a square the unit may end on; the target neither under fire (OHW-21) nor
    /// protected by a challenge (OHW-20). A charge may also end next to the enemy's Command Post.
    fn charges(&self, rules: &Rules, id: u8, out: &mut Acts) {
        let u = self.unit(id);
        let allowance = rules.kinds[usize::from(u.kind)].allowance;
        let enemy_post = self.post[usize::from(1 - u.side)];
        for turn in [7, 0, 1] {
            let d8 = (usize::from(u.facing) * 2 + turn) % 8;
            let cost = if d8 % 2 == 0 { ORTHOGONAL } else { DIAGONAL };
            let mut sq = u.sq;
            let mut spent = 0;
            while let Some(next) = step(sq, d8) {
                spent += cost;
                if spent > allowance || !self.can_enter(rules, u.kind, u.side, next) {
                    break;
                }
                sq = next;
                if !self.can_end(rules, u.kind, sq) {
                    continue;
                }
                for f in 0..4 {
                    let Some(side_sq) = step(sq, 2 * f) else {
                        continue;
                    };
                    if let Some(t) = self.at(side_sq) {
                        let target = self.unit(t);
                        if target.side != u.side
                            && !target.under_fire
                            && !target.protected_from(u.side)
                        {
                            out.push(Act::Charge {
                                unit: id,
                                to: sq,
                                target: t,
                            });
                        }
                    } else if side_sq == enemy_post {
                        out.push(Act::Charge {
                            unit: id,
                            to: sq,
                            target: NONE,
                        });
                    }
                }
            }
        }
    }

    /// Shots (OHW-45, OHW-26, OHW-27): a single enemy within range in the 90° arc ahead, seen
    /// past no unit and no blocking ground, and not in contact with a friendly unit.
    fn shots(&self, rules: &Rules, id: u8, out: &mut Acts) {
        let u = self.unit(id);
        for (t, target) in self.alive(1 - u.side) {
            if self.can_shoot(rules, u, target) {
                out.push(Act::Shoot {
                    unit: id,
                    target: t,
                });
            }
        }
    }

    /// Whether `shooter` may shoot at `target` where they stand (arc, range, sight, contact,
    /// challenge).
    pub fn can_shoot(&self, rules: &Rules, shooter: &Unit, target: &Unit) -> bool {
        let range = rules.kinds[usize::from(shooter.kind)].range;
        if !within(shooter.sq, target.sq, range) || target.protected_from(shooter.side) {
            return false;
        }
        let (dc, dr) = (
            col(target.sq) - col(shooter.sq),
            row(target.sq) - row(shooter.sq),
        );
        let (fc, fr) = STEPS[usize::from(shooter.facing) * 2];
        let ahead = dc * fc + dr * fr;
        let across = dc * fr - dr * fc;
        if ahead < 1 || across.abs() > ahead {
            return false;
        }
        if self.enemy_next_to(target.sq, target.side) {
            return false;
        }
        // Sight along a straight or diagonal line: every square between must be clear.
        if dc == 0 || dr == 0 || dc.abs() == dr.abs() {
            let n = dc.abs().max(dr.abs());
            for i in 1..n {
                let Some(between) = square(
                    col(shooter.sq) + dc.signum() * i,
                    row(shooter.sq) + dr.signum() * i,
                ) else {
                    return false;
                };
                let ground = &rules.grounds[usize::from(self.ground[usize::from(between)])];
                if self.board[usize::from(between)] != NONE || ground.blocks_sight {
                    return false;
                }
            }
        }
        true
    }

    /// Whether `attacker` touches `target` through one of its flanks or its rear (OHW-22).
    pub fn flank_or_rear(&self, attacker: u8, target: u8) -> bool {
        let t = self.unit(target);
        towards(t.sq, self.unit(attacker).sq).is_some_and(|d| d != t.facing)
    }

    /// Whether `act` is one of the actions its unit has now.
    pub fn allows(&self, rules: &Rules, act: Act) -> bool {
        let mut acts = Acts::new();
        self.actions(rules, act.unit(), &mut acts);
        acts.contains(&act)
    }

    /// The close-combat modifier of `attacker` on `target` (§6, OHW-10..12), with its parts
    /// when `parts` is given.
    pub fn combat_modifier(
        &self,
        rules: &Rules,
        attacker: u8,
        target: u8,
        mut parts: Option<&mut Vec<Part>>,
    ) -> i32 {
        let (a, t) = (self.unit(attacker), self.unit(target));
        let ka = &rules.kinds[usize::from(a.kind)];
        let kt = &rules.kinds[usize::from(t.kind)];
        let ground = &rules.grounds[usize::from(self.ground[usize::from(t.sq)])];
        let crossing =
            ground.crossing || rules.grounds[usize::from(self.ground[usize::from(a.sq)])].crossing;
        let others = self.enemies_next_to(a.sq, a.side).len().saturating_sub(1) as i32;
        let terms = [
            (ka.melee, "bonus"),
            (ka.vs[usize::from(t.kind)], "against"),
            (
                if ground.defence != 0 {
                    ground.defence
                } else if crossing {
                    -1
                } else {
                    0
                },
                "ground",
            ),
            (-others, "others"),
        ];
        let mut total = 0;
        for (value, why) in terms {
            if value == 0 {
                continue;
            }
            total += value;
            if let Some(parts) = parts.as_deref_mut() {
                let why = match why {
                    "bonus" => format!("{} bonus", ka.name),
                    "against" => format!("{} attacking {}", ka.name, kt.name),
                    "ground" if ground.defence != 0 => format!("defender in {}", ground.name),
                    "ground" => "defending a river crossing (OHW-11)".to_owned(),
                    _ => format!("{others} other enemies in contact (OHW-12)"),
                };
                parts.push(Part { why, value });
            }
        }
        total
    }

    /// A shot's modifier on `target` (§5): cover, a Cannon.
    pub fn shot_modifier(
        &self,
        rules: &Rules,
        shooter: u8,
        target: u8,
        mut parts: Option<&mut Vec<Part>>,
    ) -> i32 {
        let ground = &rules.grounds[usize::from(self.ground[usize::from(self.unit(target).sq)])];
        let mut total = 0;
        if ground.cover != 0 {
            total += ground.cover;
            if let Some(parts) = parts.as_deref_mut() {
                parts.push(Part {
                    why: format!("target in {}", ground.name),
                    value: ground.cover,
                });
            }
        }
        if self.unit(shooter).cannon {
            total += rules.cannon_bonus;
            if let Some(parts) = parts {
                parts.push(Part {
                    why: "Cannon (OHW-18)".to_owned(),
                    value: rules.cannon_bonus,
                });
            }
        }
        total
    }

    /// Take an action: check it, then carry it out with its dice. An action the unit does not
    /// have is refused (`false`) and changes nothing.
    pub fn apply(
        &mut self,
        rules: &Rules,
        act: Act,
        how: How,
        dice: &mut impl Dice,
        owners: &mut [&mut dyn Owner; 2],
        log: &mut Log,
    ) -> bool {
        if !self.allows(rules, act) {
            return false;
        }
        match act {
            Act::Move { unit, to, facing } => {
                self.go(rules, unit, to, facing, how, false, owners, dice, log);
            }
            Act::Charge { unit, to, target } => {
                let target_sq = if target == NONE {
                    self.post[usize::from(1 - self.unit(unit).side)]
                } else {
                    self.unit(target).sq
                };
                let facing = towards(to, target_sq).unwrap_or(self.unit(unit).facing);
                self.go(rules, unit, to, facing, how, true, owners, dice, log);
                let face = (target != NONE).then(|| {
                    let t = self.unit(target);
                    let from = towards(t.sq, to).unwrap_or(t.facing);
                    FACES[usize::from((from + 4 - t.facing) & 3)].to_owned()
                });
                if let Some(Event::Charge {
                    target: logged,
                    face: logged_face,
                    ..
                }) = log
                    .events
                    .iter_mut()
                    .rev()
                    .find(|e| matches!(e, Event::Charge { .. }))
                {
                    *logged = (target != NONE).then_some(target);
                    *logged_face = face;
                }
                if target == NONE {
                    self.take_post(rules, unit, owners, dice, log);
                } else if self.unit(unit).alive {
                    self.units[usize::from(target)].cannon = false;
                    self.attack(
                        rules,
                        unit,
                        target,
                        AttackKind::Combat,
                        how,
                        dice,
                        owners,
                        log,
                    );
                }
            }
            Act::Shoot { unit, target } => {
                self.units[usize::from(unit)].shot = true;
                self.attack(
                    rules,
                    unit,
                    target,
                    AttackKind::Shot,
                    how,
                    dice,
                    owners,
                    log,
                );
            }
            Act::Fight { unit, target } => {
                self.attack(
                    rules,
                    unit,
                    target,
                    AttackKind::Combat,
                    how,
                    dice,
                    owners,
                    log,
                );
            }
            Act::Enter { unit } => {
                let Some(r) = &rules.reserves[usize::from(self.unit(unit).side)] else {
                    return false;
                };
                let (to, facing) = (r.entry, r.facing);
                self.board[usize::from(to)] = unit;
                let u = &mut self.units[usize::from(unit)];
                u.sq = to;
                u.facing = facing;
                u.alive = true;
                u.waiting = false;
                u.moved = true;
                log.push(|| Event::Enter {
                    unit,
                    to: name(to),
                    facing: facing_letter(facing),
                });
            }
        }
        if how == How::Activation {
            self.units[usize::from(act.unit())].activated = true;
        }
        true
    }

    /// Move a unit in a straight run to `to` (a charge's run included) and face it `facing`.
    /// Moving removes planted Tate, Palisades and a Cannon (OHW-15, OHW-16, OHW-18); entering
    /// the enemy's Command Post takes it (OHW-07).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn go(
        &mut self,
        rules: &Rules,
        id: u8,
        to: u8,
        facing: u8,
        how: How,
        charge: bool,
        owners: &mut [&mut dyn Owner; 2],
        dice: &mut impl Dice,
        log: &mut Log,
    ) {
        let u = *self.unit(id);
        let (dc, dr) = (col(to) - col(u.sq), row(to) - row(u.sq));
        let steps = dc.abs().max(dr.abs());
        let diagonal = dc != 0 && dr != 0;
        let inches = f32::from(if diagonal { DIAGONAL } else { ORTHOGONAL }) * steps as f32 / 10.0;
        let disengage = !charge && self.in_contact(id);
        let mut on_road = self.is_road(u.sq);
        let mut enters_post = false;
        let enemy_post = self.post[usize::from(1 - u.side)];
        for i in 1..=steps {
            if let Some(s) = square(col(u.sq) + dc.signum() * i, row(u.sq) + dr.signum() * i) {
                on_road &= self.is_road(s);
                enters_post |= s == enemy_post;
            }
        }
        let allowance = f32::from(rules.kinds[usize::from(u.kind)].allowance) / 10.0;
        let road = !charge && on_road && steps > 0 && inches > allowance;
        self.board[usize::from(u.sq)] = NONE;
        self.board[usize::from(to)] = id;
        let m = &mut self.units[usize::from(id)];
        m.sq = to;
        m.facing = facing;
        m.moved = true;
        if m.tate == Tate::Planted {
            m.tate = Tate::None;
        }
        m.palisades = false;
        m.cannon = false;
        log.push(|| {
            let (from, to, facing) = (name(u.sq), name(to), facing_letter(facing));
            if charge {
                Event::Charge {
                    unit: id,
                    how,
                    from,
                    to,
                    facing,
                    inches,
                    target: None,
                    face: None,
                }
            } else {
                Event::Move {
                    unit: id,
                    how,
                    from,
                    to,
                    facing,
                    inches,
                    road,
                    disengage,
                }
            }
        });
        if enters_post {
            self.take_post(rules, id, owners, dice, log);
        }
    }

    /// Unit `by` has reached the enemy's Command Post (OHW-07, OHW-36): its owner removes one
    /// of his own units, once.
    fn take_post(
        &mut self,
        rules: &Rules,
        by: u8,
        owners: &mut [&mut dyn Owner; 2],
        dice: &mut impl Dice,
        log: &mut Log,
    ) {
        let owner = 1 - self.unit(by).side;
        if self.post[usize::from(owner)] == NONE {
            return;
        }
        self.post[usize::from(owner)] = NONE;
        self.posts_taken[usize::from(owner)] = true;
        let mut removed = owners[usize::from(owner)].post_loss(self, rules, owner);
        if !self.alive(owner).any(|(i, _)| i == removed) {
            // An owner's answer that is not one of his units: his first unit goes.
            removed = self.alive(owner).map(|(i, _)| i).next().unwrap_or(NONE);
        }
        log.push(|| Event::PostTaken {
            side: side_letter(owner),
            by,
            removed,
        });
        if removed != NONE {
            self.eliminate(removed, dice, log);
        }
    }

    /// One combat or shot: a D3 (OHW-34), the modifiers (never below 0, OHW-10), halving by
    /// Palisades or Tate rounding up (OHW-14), ammunition (OHW-17), elimination (OHW-09).
    #[allow(clippy::too_many_arguments)]
    fn attack(
        &mut self,
        rules: &Rules,
        attacker: u8,
        target: u8,
        kind: AttackKind,
        how: How,
        dice: &mut impl Dice,
        owners: &mut [&mut dyn Owner; 2],
        log: &mut Log,
    ) {
        let d6 = dice.d6();
        let d3 = d6.div_ceil(2);
        let mut parts = log.is_recording().then(Vec::new);
        let (modifier, halved) = match kind {
            AttackKind::Combat => (
                self.combat_modifier(rules, attacker, target, parts.as_mut()),
                self.unit(target).palisades,
            ),
            AttackKind::Shot => (
                self.shot_modifier(rules, attacker, target, parts.as_mut()),
                self.unit(target).tate != Tate::None,
            ),
        };
        let mut hits = (i32::from(d3) + modifier).max(0);
        let doubled = kind == AttackKind::Combat
            && rules.flank_rear_double
            && self.flank_or_rear(attacker, target);
        if doubled {
            hits *= 2;
        }
        if halved {
            hits = (hits + 1) / 2;
        }
        let hits = hits as u8;
        let (mut out_of_ammunition, mut supplies_used, mut cannon_removed, mut tate_planted) =
            (false, false, false, false);
        if kind == AttackKind::Shot {
            let t = &mut self.units[usize::from(target)];
            t.under_fire = true;
            if t.tate == Tate::Carried {
                t.tate = Tate::Planted;
                tate_planted = true;
            }
            let s = &mut self.units[usize::from(attacker)];
            if d3 == 3 {
                if s.supplies {
                    s.supplies = false;
                    supplies_used = true;
                } else {
                    s.ammo = false;
                    out_of_ammunition = true;
                    cannon_removed = s.cannon;
                    s.cannon = false;
                }
            }
        }
        let t = &mut self.units[usize::from(target)];
        t.hits = t.hits.saturating_add(hits);
        let (total, threshold, face) = (t.hits, t.threshold, t.facing);
        log.push(|| Event::Attack {
            unit: attacker,
            how,
            kind,
            target,
            d6,
            d3,
            parts: parts.unwrap_or_default(),
            halved,
            doubled,
            hits,
            total,
            out_of_ammunition,
            supplies_used,
            cannon_removed,
            tate_planted,
        });
        if total >= threshold {
            self.eliminate(target, dice, log);
            return;
        }
        // Turning to face (OHW-23): after a combat through a flank or the rear, if no enemy is at
        // the target's front.
        if kind == AttackKind::Combat {
            let (asq, tsq) = (self.unit(attacker).sq, self.unit(target).sq);
            let Some(from) = towards(tsq, asq) else {
                return;
            };
            let front_enemy = step(tsq, usize::from(face) * 2)
                .and_then(|s| self.at(s))
                .is_some_and(|u| self.unit(u).side != self.unit(target).side);
            let owner = usize::from(self.unit(target).side);
            if from != face
                && !front_enemy
                && owners[owner].turn_to_face(self, rules, target, attacker)
            {
                self.units[usize::from(target)].facing = from;
                log.push(|| Event::TurnToFace {
                    unit: target,
                    facing: facing_letter(from),
                });
            }
        }
    }

    /// Remove a unit (OHW-09); the Hatamoto's fall costs every other unit of its side D3 hits,
    /// once a game (OHW-08, OHW-35).
    fn eliminate(&mut self, id: u8, dice: &mut impl Dice, log: &mut Log) {
        let u = &mut self.units[usize::from(id)];
        if !u.alive {
            return;
        }
        u.alive = false;
        u.palisades = false;
        u.messenger = false;
        u.challenge = false;
        let (side, sq, hatamoto) = (u.side, u.sq, u.hatamoto);
        self.board[usize::from(sq)] = NONE;
        self.lost[usize::from(side)] += 1;
        self.points[usize::from(1 - side)] += if hatamoto { 2 } else { 1 };
        log.push(|| Event::Eliminated { unit: id });
        if !hatamoto || self.daimyo_lost[usize::from(side)] {
            return;
        }
        self.daimyo_lost[usize::from(side)] = true;
        let mut rolls = log.is_recording().then(Vec::new);
        let mut fallen: SmallVec<[u8; MAX_UNITS]> = SmallVec::new();
        for i in 0..self.count {
            let u = &mut self.units[usize::from(i)];
            if !u.alive || u.side != side {
                continue;
            }
            let d6 = dice.d6();
            let d3 = d6.div_ceil(2);
            u.hits = u.hits.saturating_add(d3);
            if let Some(rolls) = rolls.as_mut() {
                rolls.push(LossRoll {
                    unit: i,
                    d6,
                    d3,
                    hits: d3,
                    total: u.hits,
                });
            }
            if u.hits >= u.threshold {
                fallen.push(i);
            }
        }
        log.push(|| Event::DaimyoLost {
            side: side_letter(side),
            rolls: rolls.unwrap_or_default(),
        });
        for i in fallen {
            self.eliminate(i, dice, log);
        }
    }
}

pub fn side_letter(side: u8) -> char {
    if side == 0 { 'A' } else { 'B' }
}
