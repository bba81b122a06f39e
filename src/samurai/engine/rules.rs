//! The data compiled for play: unit types, grounds and additions as small numbers, so a game's hot
//! path reads arrays and never a string.

use super::super::army::ArmyFile;
use super::super::data::{ChargeRule, Data, Entry, Halves, Scenario, TurnUnit};

/// At most this many unit types (a bit each in terrain masks).
pub const MAX_KINDS: usize = 8;

/// One unit type, for play.
#[derive(Debug, Clone)]
pub struct Kind {
    pub id: String,
    pub name: String,
    /// Move allowance in tenths of an inch.
    pub allowance: u16,
    pub melee: i32,
    pub shoots: bool,
    /// Shooting range in inches.
    pub range: i32,
    /// Charges whenever it likes (otherwise only out of ammunition).
    pub charges_always: bool,
    pub eliminated_at: u8,
    /// Close-combat modifier against each unit type, by index.
    pub vs: [i32; MAX_KINDS],
}

/// One kind of ground, for play.
#[derive(Debug, Clone)]
pub struct Ground {
    pub id: String,
    pub letter: char,
    pub name: String,
    pub cover: i32,
    pub defence: i32,
    pub blocks_sight: bool,
    pub crossing: bool,
    /// Bit k set: unit type k may not enter.
    pub no_entry: u8,
    /// Bit k set: unit type k may not end a move here.
    pub no_end: u8,
}

/// What an addition does in play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effect {
    /// Halves shots once planted (OHW-15).
    Tate,
    /// Halves close combat until the unit moves (OHW-16).
    Palisades,
    /// Ignores the first running out of ammunition (OHW-17).
    Supplies,
    /// Adds to every shot (OHW-18).
    Cannon,
    /// A free move at the start of a turn (OHW-19).
    Messenger,
    /// A Personal Challenge (OHW-20).
    Challenge,
}

/// One unit as an army brings it to the table.
#[derive(Debug, Clone)]
pub struct Recruit {
    pub kind: u8,
    pub name: String,
    pub hatamoto: bool,
    pub addition: Option<Effect>,
    /// The addition's id, for the log.
    pub addition_id: Option<String>,
    /// Marked `reserve = true` in the army file (OHW-33, OHW-56).
    pub reserve: bool,
}

/// One side's reserve, for play (OHW-33).
#[derive(Debug, Clone, Copy)]
pub struct ReserveRule {
    pub units: u8,
    /// The game turn they are due.
    pub due: u16,
    pub entry: u8,
    /// Into the table, away from the entry square's edge.
    pub facing: u8,
}

/// Everything a game needs from the data.
#[derive(Debug, Clone)]
pub struct Rules {
    pub kinds: Vec<Kind>,
    pub grounds: Vec<Ground>,
    /// The index of open ground.
    pub open: u8,
    pub hatamoto_at: u8,
    /// Hits of a Cannon (OHW-18).
    pub cannon_bonus: i32,
    /// Length of a game in player turns.
    pub player_turns: u16,
    /// Attacks through a flank or the rear score double (OHW-13's data switch).
    pub flank_rear_double: bool,
    pub turns: u16,
    pub turn_unit: TurnUnit,
    pub scenario: String,
    pub scenario_name: String,
    /// Deployment rows (0-based) of side A and side B; the first is the home row.
    pub rows: [[u8; 2]; 2],
    /// Random terrain (OHW-32): features are d3 + this many.
    pub features_plus: u8,
    /// Rows (0-based, inclusive) the features go in.
    pub feature_rows: [u8; 2],
    /// The ground each d6 face gives, or `None` for a road.
    pub feature_table: [Option<u8>; 6],
    /// Each side's reserve, if the scenario holds one back.
    pub reserves: [Option<ReserveRule>; 2],
}

impl Rules {
    /// Compile the data and a scenario.
    pub fn new(data: &Data, scenario: &Scenario) -> Result<Rules, String> {
        if data.units.len() > MAX_KINDS {
            return Err(format!("at most {MAX_KINDS} unit types can be played"));
        }
        let index = |id: &str| data.units.iter().position(|u| u.id == id);
        let mut kinds = Vec::new();
        for u in &data.units {
            let mut vs = [0; MAX_KINDS];
            for v in &u.vs {
                let k = index(&v.target).ok_or(format!("no unit type `{}`", v.target))?;
                vs[k] = v.modifier;
            }
            kinds.push(Kind {
                id: u.id.clone(),
                name: u.name.clone(),
                allowance: u16::try_from(u.allowance.value * 10).map_err(|e| e.to_string())?,
                melee: u.melee_bonus.value,
                shoots: u.shoots,
                range: u.range.map_or(0, |r| r.value),
                charges_always: u.charge == ChargeRule::Always,
                eliminated_at: u8::try_from(u.eliminated_at.value).map_err(|e| e.to_string())?,
                vs,
            });
        }
        let mut grounds = Vec::new();
        for t in data.terrain.iter().filter(|t| !t.road) {
            let mask = |ids: &[String]| {
                ids.iter()
                    .filter_map(|id| index(id))
                    .fold(0u8, |m, k| m | 1 << k)
            };
            let mut no_entry = if t.impassable {
                u8::MAX
            } else {
                mask(&t.no_entry)
            };
            let mut no_end = mask(&t.no_end);
            // A unit type's own word on woods, hills and towns counts too.
            for (k, u) in data.units.iter().enumerate() {
                let own = match t.id.as_str() {
                    "woods" => u.woods,
                    "hill" => u.hill,
                    "town" => u.town,
                    _ => Entry::Enter,
                };
                match own {
                    Entry::NoEntry => no_entry |= 1 << k,
                    Entry::NoEnd => no_end |= 1 << k,
                    Entry::Enter => {}
                }
            }
            grounds.push(Ground {
                id: t.id.clone(),
                letter: t.letter,
                name: t.name.clone(),
                cover: t.shot_cover.map_or(0, |n| n.value),
                defence: t.defence.map_or(0, |n| n.value),
                blocks_sight: t.blocks_sight,
                crossing: t.crossing,
                no_entry,
                no_end,
            });
        }
        let open = grounds
            .iter()
            .position(|g| g.id == "open")
            .ok_or("the terrain has no `open` ground")?;
        let ground_of = |id: &str| -> Result<Option<u8>, String> {
            if data.terrain(id).is_some_and(|t| t.road) {
                return Ok(None);
            }
            grounds
                .iter()
                .position(|g| g.id == id)
                .map(|g| Some(g as u8))
                .ok_or(format!("no terrain `{id}`"))
        };
        let random = &data.scenarios.random_terrain;
        let mut feature_table = [None; 6];
        if random.table.len() != 6 {
            return Err("the random-terrain table needs one feature for each d6 face".into());
        }
        for (slot, id) in feature_table.iter_mut().zip(&random.table) {
            *slot = ground_of(id)?;
        }
        let features_plus = random
            .features
            .strip_prefix("d3+")
            .and_then(|n| n.parse().ok())
            .ok_or(format!("features `{}`: write d3+N", random.features))?;
        let row = |r: &[u8], what: &str| -> Result<[u8; 2], String> {
            match r {
                [a, b] if (1..=6).contains(a) && (1..=6).contains(b) => Ok([a - 1, b - 1]),
                _ => Err(format!("{what}: two rows between 1 and 6")),
            }
        };
        let turns = u16::try_from(scenario.turns.value).map_err(|e| e.to_string())?;
        let hatamoto_at = u8::try_from(data.command.general.hatamoto_eliminated_at.value)
            .map_err(|e| e.to_string())?;
        Ok(Rules {
            kinds,
            grounds,
            open: open as u8,
            hatamoto_at,
            cannon_bonus: data
                .additions
                .addition
                .iter()
                .find_map(|a| a.shoot_bonus)
                .map_or(0, |n| n.value),
            player_turns: match scenario.turn_unit {
                TurnUnit::GameTurn => turns * 2,
                TurnUnit::PlayerTurn => turns,
            },
            flank_rear_double: scenario.flank_rear_hits == super::super::data::FlankRear::Double,
            turns,
            turn_unit: scenario.turn_unit,
            scenario: scenario.id.clone(),
            scenario_name: scenario.name.clone(),
            rows: [
                row(&scenario.deployment.a, "deployment a")?,
                row(&scenario.deployment.b, "deployment b")?,
            ],
            features_plus,
            feature_rows: row(&random.rows, "random terrain rows")?,
            feature_table,
            reserves: match &scenario.reserves {
                None => [None, None],
                Some(r) => [Some(reserve(&r.a)?), Some(reserve(&r.b)?)],
            },
        })
    }

    /// The units of an army file, as they come to the table.
    pub fn recruits(&self, data: &Data, army: &ArmyFile) -> Result<Vec<Recruit>, String> {
        army.unit
            .iter()
            .enumerate()
            .map(|(i, u)| {
                let kind = self
                    .kinds
                    .iter()
                    .position(|k| k.id == u.kind)
                    .ok_or(format!("no unit type `{}`", u.kind))?;
                let addition_id = u.addition.clone().or_else(|| u.additions.first().cloned());
                let addition = match &addition_id {
                    None => None,
                    Some(id) => Some(effect(data, id)?),
                };
                Ok(Recruit {
                    kind: kind as u8,
                    name: u.label(data, i),
                    hatamoto: u.general,
                    addition,
                    addition_id,
                    reserve: u.reserve,
                })
            })
            .collect()
    }

    pub fn letter(&self, ground: u8) -> char {
        self.grounds[usize::from(ground)].letter
    }
}

/// A scenario's reserve for play: its entry square must lie on a table edge (OHW-33).
fn reserve(r: &super::super::data::Reserve) -> Result<ReserveRule, String> {
    use super::state::{col, parse, row};
    let entry = parse(&r.entry).ok_or(format!("reserve entry `{}` is no square", r.entry))?;
    let facing = match (col(entry), row(entry)) {
        (0, _) => 1,
        (5, _) => 3,
        (_, 0) => 0,
        (_, 5) => 2,
        _ => {
            return Err(format!(
                "reserve entry `{}` is not on a table edge",
                r.entry
            ));
        }
    };
    Ok(ReserveRule {
        units: u8::try_from(r.units.value).map_err(|e| e.to_string())?,
        due: u16::try_from(r.due.value).map_err(|e| e.to_string())?,
        entry,
        facing,
    })
}

/// What an addition of the data does, from its parameters (and its id for the three whose effect
/// is a procedure rather than a number).
pub fn effect(data: &Data, id: &str) -> Result<Effect, String> {
    let a = data.addition(id).ok_or(format!("no addition `{id}`"))?;
    Ok(match (a.halves, a.shoot_bonus, a.id.as_str()) {
        (Some(Halves::Missile), _, _) => Effect::Tate,
        (Some(Halves::Melee), _, _) => Effect::Palisades,
        (None, Some(_), _) => Effect::Cannon,
        (None, None, "supplies") => Effect::Supplies,
        (None, None, "tsukai-ban") => Effect::Messenger,
        (None, None, "challenge") => Effect::Challenge,
        _ => return Err(format!("addition `{id}` has no effect the engine knows")),
    })
}
