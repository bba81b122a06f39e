//! A model on the table: its fighter (the combat view), its base, its missile weapons and what it
//! has done this turn.

use schemars::JsonSchema;
use serde::Serialize;
use std::sync::Arc;

use crate::ronin::engine::fighter::Fighter;
use crate::ronin::engine::shooting::Moved;
use crate::ronin::engine::table::{Circle, Point};
use crate::ronin::model::{Catalogue, Mount, OptionKind, WeaponKind};
use crate::ronin::roster::ResolvedModel;

/// Where a model is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    OnTable,
    Dead,
    /// Routed off the table: gone for good, Rank/2 VP to the enemy.
    Fled,
    /// Kept back off the table, to enter later.
    Reserve,
    /// Carried the objective off over its own edge: out of play, neither killed nor
    /// fled.
    CarriedOff,
}

/// A missile weapon a model carries.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Missile {
    pub weapon: Arc<str>,
    /// Kyujutsu (yumi) or Hojutsu (teppo): one die may be re-rolled.
    pub reroll: bool,
    /// A teppo fired and not yet reloaded.
    pub unloaded: bool,
    /// Reloaded this turn: ready from the next.
    pub reloading: bool,
    /// A single-use weapon used up (the grenade, R-124).
    pub spent: bool,
    /// Fired at least once this game (Rain: a teppo fires only once, R-27).
    pub fired: bool,
}

/// What a model has done this turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct TurnFlags {
    /// Its Move Phase activation is used.
    pub activated: bool,
    pub moved: Moved,
    pub shots: u8,
    pub fought: bool,
    pub rested: bool,
    pub acted: bool,
    /// It made its one free attack on a withdrawing model this turn (errata).
    pub free_attack_made: bool,
    /// A Wavering charge test failed this turn: it may not try again.
    pub charge_refused: bool,
    /// A Routing activation roll was passed: it acts freely this turn.
    pub rallied: bool,
    /// A Routing activation roll was failed: it flees and takes no Action Phase action.
    pub fled: bool,
    /// As a Yojimbo, it has taken a shot meant for another this turn.
    pub redirected: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Unit {
    /// Its place in the game's list (events name models by id).
    pub id: usize,
    pub side: usize,
    pub fighter: Fighter,
    #[serde(skip)]
    pub base: Circle,
    pub rank: u8,
    pub shoot: i32,
    pub missiles: Vec<Missile>,
    pub status: Status,
    pub leader: bool,
    pub commander: bool,
    pub fearless: bool,
    /// A scenario's Civilian: its side's to move, not part of its Buntai.
    pub civilian: bool,
    /// Inexorable: after clearing its combat it may move on into a fresh one.
    pub inexorable: bool,
    pub banner: bool,
    pub profile: Arc<str>,
    /// Its Type: `samurai`, `ashigaru`...; faction scoring reads it.
    pub model_type: Arc<str>,
    /// A Sword-for-Hire: no faction scoring counts it, for either side.
    pub hire: bool,
    /// Koryu: the school's primary weapon (R-109 scores a survivor that fought with it).
    pub primary: Option<Arc<str>>,
    /// It fought with its primary weapon in hand at least once.
    pub used_primary: bool,
    /// Enemy heads it carries; lost with it.
    pub heads: u8,
    /// The highest true Rank of the bodies it looted.
    pub looted: Option<u8>,
    /// An unreliable hire (Ronin): deserts on this d6 or more while its Buntai Wavers.
    pub unreliable: Option<u8>,
    /// It has deserted: it flees at every activation.
    pub deserting: bool,
    /// Yojimbo: a bodyguard that may swap with its Leader once a game and take shots
    /// aimed at its Buntai's highest Rank once a turn.
    pub yojimbo: bool,
    /// Its once-a-game swap is spent.
    pub swap_used: bool,
    /// Enemy banners it holds: captured if it lives to the end.
    pub captured: u8,
    /// It holds its own side's banner, picked up from the ground (not its original bearer).
    pub picked_own: bool,
    /// It chose to keep what it carries while engaged; asked again once it is free.
    pub keeping: bool,
    /// The mounts its profile could have been fielded on: what it may mount.
    pub rides: Vec<Mount>,
    /// Fatigue counters, and whether it is Tireless (never gains one).
    pub fatigue: u8,
    pub tireless: bool,
    /// A disguised Ninja's true self, until it reveals itself; meanwhile `fighter`,
    /// `shoot` and `missiles` are the numbers of the model it copies. `rank` is always its true
    /// Rank (scoring uses it).
    pub disguise: Option<Box<Disguise>>,
    pub turn: TurnFlags,
    /// What it was as the game started, for the log (shared, never changed).
    #[serde(skip)]
    pub card: std::sync::Arc<ModelCard>,
}

/// A model as a game starts: what the log's `model` event says of it, so that a program reading
/// the log alone can check every rule (and a campaign can credit experience, R-119).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct ModelCard {
    /// The roster's name for it, if the roster names it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    pub profile: String,
    /// Its true Rank (a disguised Ninja's own).
    pub rank: u8,
    pub combat_pool: u8,
    pub initiative: u8,
    pub fight: u8,
    pub shoot: u8,
    pub armour: crate::ronin::model::Armour,
    pub weapons: Vec<String>,
    pub attributes: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mount: Option<Mount>,
    /// A disguised Ninja: the profile it shows until it reveals itself.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub disguised_as: Option<String>,
}

impl ModelCard {
    fn of(m: &ResolvedModel<'_>) -> ModelCard {
        ModelCard {
            name: m.entry.name.clone(),
            profile: m.profile.id.clone(),
            rank: m.rank.get(),
            combat_pool: m.combat_pool,
            initiative: m.initiative,
            fight: m.fight,
            shoot: m.shoot,
            armour: m.armour,
            weapons: m.weapons.iter().map(|w| w.id.clone()).collect(),
            attributes: m.attributes.iter().map(|a| a.id.clone()).collect(),
            mount: m.mount,
            disguised_as: m.disguise.map(|p| p.id.clone()),
        }
    }
}

/// What a disguised Ninja hides.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Disguise {
    /// The Rank it shows: the copied profile's, used for its own rolls until revealed.
    pub shown_rank: u8,
    /// The profile it copies.
    pub copies: String,
    pub fighter: Fighter,
    pub shoot: i32,
    pub missiles: Vec<Missile>,
}

impl Unit {
    /// A model of a resolved roster entry, not yet on the table.
    pub fn from_model(
        cat: &Catalogue,
        m: &ResolvedModel<'_>,
        name: String,
        side: usize,
        id: usize,
    ) -> Unit {
        let mut unit = Unit::playing(cat, m, name, side, id);
        if m.disguise.is_some() {
            unit.card = std::sync::Arc::new(ModelCard::of(m));
        }
        unit
    }

    /// The unit as it plays (a disguised Ninja as the model it copies).
    fn playing(
        cat: &Catalogue,
        m: &ResolvedModel<'_>,
        name: String,
        side: usize,
        id: usize,
    ) -> Unit {
        // A disguised Ninja plays as the model it copies until revealed: that profile's
        // numbers and attributes, its kit without the Ninja's own additions.
        if let Some(copied) = m.disguise {
            let mut shown = m.clone();
            shown.disguise = None;
            shown.rank = copied.rank.value;
            shown.combat_pool = copied.combat_pool.value;
            shown.initiative = copied.initiative.value;
            shown.fight = copied.fight.value;
            shown.shoot = copied.shoot.value;
            shown.attributes = copied
                .attributes
                .iter()
                .map(|id| crate::ronin::roster::HeldAttribute {
                    id: id.clone(),
                    origin: crate::ronin::roster::AttributeOrigin::Profile,
                })
                .collect();
            let adds = &cat.swords_for_hire.disguise.adds;
            shown.weapons.retain(|w| {
                !adds
                    .iter()
                    .any(|a| cat.weapon(a).is_some_and(|a| a.id == w.id))
            });
            let mut unit = Unit::playing(cat, &shown, name.clone(), side, id);
            let real = Unit::playing(cat, &Self::undisguised(m), name, side, id);
            unit.rank = real.rank;
            unit.disguise = Some(Box::new(Disguise {
                shown_rank: copied.rank.value.get(),
                copies: copied.id.clone(),
                fighter: real.fighter,
                shoot: real.shoot,
                missiles: real.missiles,
            }));
            return unit;
        }
        let fighter = Fighter::from_model(cat, m, name);
        let missiles = m
            .weapons
            .iter()
            .filter_map(|w| cat.weapon(&w.id))
            .filter(|w| w.kind == WeaponKind::Missile)
            .map(|w| Missile {
                weapon: w.id.as_str().into(),
                reroll: (w.id == "yumi" && m.has_attribute("kyujutsu"))
                    || (w.id == "teppo" && m.has_attribute("hojutsu")),
                unloaded: false,
                reloading: false,
                spent: false,
                fired: false,
            })
            .collect();
        Unit {
            id,
            side,
            fighter,
            base: Circle::new(Point::new(-100.0, -100.0), cat.terrain.bases.diameter / 2.0),
            rank: m.rank.get(),
            shoot: i32::from(m.shoot),
            missiles,
            status: Status::OnTable,
            // The roster's choice among equals; the game settles the Leader.
            leader: m.entry.leader,
            commander: m.has_attribute("commander"),
            fearless: m.has_attribute("fearless"),
            civilian: false,
            inexorable: m.has_attribute("inexorable"),
            banner: m.banner,
            profile: m.profile.id.as_str().into(),
            model_type: m.profile.model_type.as_str().into(),
            hire: m.is_hire(),
            primary: None,
            used_primary: false,
            heads: 0,
            looted: None,
            unreliable: m.profile.unreliable.as_ref().map(|u| u.deserts_on),
            deserting: false,
            yojimbo: m.has_attribute("yojimbo"),
            swap_used: false,
            captured: 0,
            picked_own: false,
            keeping: false,
            disguise: None,
            fatigue: 0,
            tireless: m.has_attribute("tireless"),
            rides: m
                .profile
                .mount
                .into_iter()
                .chain(
                    m.profile
                        .options
                        .iter()
                        .filter(|o| o.kind == OptionKind::Mount)
                        .filter_map(|o| o.mount),
                )
                .collect(),
            turn: TurnFlags::default(),
            card: std::sync::Arc::new(ModelCard::of(m)),
        }
    }

    /// Activated this turn: it took a Move Phase activation or a ride-by, was in a combat
    /// already fought this Combat Phase, or took an Action Phase action.
    pub fn activated_this_turn(&self) -> bool {
        self.turn.activated || self.turn.fought || self.turn.acted
    }

    /// The model as it really is: a disguised Ninja's own numbers.
    fn undisguised<'a>(m: &ResolvedModel<'a>) -> ResolvedModel<'a> {
        let mut real = m.clone();
        real.disguise = None;
        real
    }

    /// An undisguised Ninja: placed after deployment, never a reserve.
    pub fn undisguised_ninja(&self) -> bool {
        &*self.model_type == "ninja" && self.disguise.is_none()
    }

    /// The Rank its own rolls use: a disguised Ninja's shown Rank until revealed.
    pub fn rolling_rank(&self) -> u8 {
        self.disguise.as_ref().map_or(self.rank, |d| d.shown_rank)
    }

    /// A disguised Ninja reveals itself: from now on its true numbers, weapons and
    /// attributes, with its wounds, Stunned counters and what it carries. Returns whether it was
    /// disguised.
    pub fn reveal(&mut self) -> bool {
        let Some(d) = self.disguise.take() else {
            return false;
        };
        let Disguise {
            fighter,
            shoot,
            missiles,
            ..
        } = *d;
        let shown = std::mem::replace(&mut self.fighter, fighter);
        let f = &mut self.fighter;
        f.health = shown.health;
        f.stunned = shown.stunned;
        f.subdued = shown.subdued;
        f.banner = shown.banner;
        f.carrying = shown.carrying;
        f.mount = shown.mount;
        f.key = shown.key;
        f.hit_by = shown.hit_by;
        f.later_round = shown.later_round;
        let old = std::mem::replace(&mut self.missiles, missiles);
        for m in &mut self.missiles {
            if let Some(o) = old.iter().find(|o| o.weapon == m.weapon) {
                m.unloaded = o.unloaded;
                m.reloading = o.reloading;
                m.fired = o.fired;
            }
        }
        self.shoot = shoot;
        true
    }

    /// Whether it may mount a riderless horse of `kind`: a horse if its profile could
    /// ride any mount, a warhorse only if it could ride a warhorse.
    pub fn may_ride(&self, kind: Mount) -> bool {
        match kind {
            Mount::Horse => !self.rides.is_empty(),
            Mount::Warhorse => self.rides.contains(&Mount::Warhorse),
        }
    }

    /// Moved or shot this turn: heavy ground and walls no longer hide it.
    pub fn moved_or_shot(&self) -> bool {
        self.turn.moved != crate::ronin::engine::shooting::Moved::No || self.turn.shots > 0
    }

    pub fn on_table(&self) -> bool {
        self.status == Status::OnTable && self.fighter.alive()
    }

    /// Victory points for killing it, in half points: its Rank, Rank 0 worth a half.
    pub fn kill_value(&self) -> u32 {
        if self.rank == 0 {
            1
        } else {
            2 * u32::from(self.rank)
        }
    }
}

/// A faction that holds only the scenario profiles (`scenario-profiles.toml`), with no
/// composition, scoring, special rules or hires of its own: the side the scenario's own models
/// (Civilians, the Assassination's Ninja) are resolved under.
pub fn stand_in_faction(cat: &Catalogue) -> Option<crate::ronin::model::Faction> {
    let mut stand_in = cat.factions.first()?.clone();
    stand_in.id = "scenario-profiles".into();
    stand_in.name = "Scenario models".into();
    stand_in.profiles = cat.scenario.profiles.clone();
    stand_in.composition.clear();
    stand_in.scoring.clear();
    stand_in.special_rules.clear();
    stand_in.purchases.clear();
    stand_in.banner = None;
    stand_in.koryu = None;
    stand_in.swords_for_hire.allowed.clear();
    Some(stand_in)
}

/// A roster of a scenario's fixed-count models (the Assassination's Chunin and five Ninja).
pub fn scenario_roster(
    scenario: &crate::ronin::model::Scenario,
    stand_in: &crate::ronin::model::Faction,
) -> crate::ronin::roster::Roster {
    crate::ronin::roster::Roster {
        name: Some(scenario.name.clone()),
        faction: stand_in.id.clone(),
        models: scenario
            .forces
            .iter()
            .filter_map(|f| {
                f.count.map(|n| crate::ronin::roster::RosterModel {
                    profile: f.profile.clone(),
                    count: Some(n.min(20)),
                    ..Default::default()
                })
            })
            .collect(),
        ..Default::default()
    }
}

/// `count` models of a scenario's own profile, as units of `side` numbered on from `first`
/// ("B7 Civilian"), resolved under the [`stand_in_faction`].
pub fn scenario_units(
    cat: &Catalogue,
    profile: &str,
    count: u32,
    side: usize,
    first: usize,
) -> Vec<Unit> {
    let Some(stand_in) = stand_in_faction(cat) else {
        return Vec::new();
    };
    let roster = crate::ronin::roster::Roster {
        faction: stand_in.id.clone(),
        models: vec![crate::ronin::roster::RosterModel {
            profile: profile.to_owned(),
            count: Some(count.min(40)),
            ..Default::default()
        }],
        ..Default::default()
    };
    let mut units = units_of(cat, &stand_in, &roster, side);
    let tag = if side == 0 { "A" } else { "B" };
    for (k, u) in units.iter_mut().enumerate() {
        let what = u
            .fighter
            .name
            .split_once(' ')
            .map_or("", |x| x.1)
            .to_owned();
        u.fighter.name = format!("{tag}{} {what}", first + k + 1).into();
    }
    units
}

/// Every model of a roster, in list order, as units of `side` named "A1 Samurai".
pub fn units_of(
    cat: &Catalogue,
    faction: &crate::ronin::model::Faction,
    roster: &crate::ronin::roster::Roster,
    side: usize,
) -> Vec<Unit> {
    // Tireless is kept: it matters only when the game plays the Fatigue rule.
    let resolved = crate::ronin::roster::resolve(
        cat,
        faction,
        roster,
        crate::ronin::roster::Rules { fatigue: true },
        &mut Vec::new(),
    );
    let tag = if side == 0 { "A" } else { "B" };
    let primary = roster
        .koryu
        .as_ref()
        .and_then(|k| cat.weapon(&k.primary))
        .map(|w| Arc::<str>::from(w.id.as_str()));
    let mut units = Vec::new();
    for m in &resolved.models {
        for _ in 0..m.count.min(20) {
            let name = format!("{tag}{} {}", units.len() + 1, m.describe());
            let id = units.len();
            let mut unit = Unit::from_model(cat, m, name, side, id);
            if !unit.hire {
                unit.primary.clone_from(&primary);
            }
            units.push(unit);
        }
    }
    units
}
