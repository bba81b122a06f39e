//! A model as it fights: its characteristics, chosen weapon and wound state, built from a resolved
//! roster entry, with the wound effects of the wound table applied on the fly.

use schemars::JsonSchema;
use serde::Serialize;
use std::sync::Arc;

use super::melee::{AttackSide, DefenceSide};
use super::wound::Health;
use crate::ronin::model::{Armour, AttributeKind, Catalogue, Mount, WeaponKind};
use crate::ronin::roster::{ResolvedModel, canonical};

/// Melee Attack Roll modifier for a mounted model without Bajutsu.
const MOUNTED_ATTACK: i32 = -2;

/// A mount under its rider.
/// Counters a model brings to a combat without a draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Counters {
    pub attack: i32,
    pub defence: i32,
}

#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Steed {
    pub kind: Mount,
    pub health: Health,
    /// Its Fight when attacked (no armour, always Enhanced).
    pub defence_fight: i32,
    /// A warhorse also attacks.
    pub fights: Option<WarhorseFights>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
pub struct WarhorseFights {
    pub attack_counters: i32,
    pub initiative: i32,
    pub fight: i32,
}

impl Steed {
    /// Its Defence Roll when attacked: Fight only, no armour, always Enhanced.
    pub fn defence_side(&self) -> DefenceSide {
        DefenceSide {
            fight: self.defence_fight,
            armour: 0,
            modifier: 0,
            enhanced: true,
            reroll: false,
        }
    }
}

/// The numbers of the weapon a fighter uses.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, JsonSchema)]
pub struct FightingWeapon {
    /// Shared, so that copying a fighter copies no text.
    pub id: Arc<str>,
    pub initiative_first: i32,
    pub initiative_later: i32,
    pub attack: i32,
    pub enhanced_bonus: i32,
    pub vs_heavy_armour: i32,
    /// A Bujutsu for this weapon: one die of each roll may be re-rolled.
    pub bujutsu: bool,
    /// Bonus to Subdue attempts with this weapon (the kasurigama; Kasurigamajutsu, Jujutsu).
    pub subdue: i32,
    /// Bonus to Disarm attempts with this weapon (Kasurigamajutsu).
    pub disarm: i32,
    /// Attack bonus in a rider's ride-by (the yari, R-04, R-83).
    pub ride_by_attack: i32,
    /// Long-handled (yari, naginata, nodachi...): cramped in a building's small room.
    pub long_handled: bool,
}

/// The default is an empty placeholder (nothing allocated), for moving a fighter out and back.
#[derive(Debug, Clone, Default, PartialEq, Serialize, JsonSchema)]
pub struct Fighter {
    /// Shared, so that copying a fighter copies no text.
    pub name: Arc<str>,
    pub rank: u8,
    pub combat_pool: i32,
    pub initiative: i32,
    pub fight: i32,
    pub armour: Armour,
    /// Light +1, medium +2, heavy +3.
    pub armour_bonus: i32,
    /// The weapon in use.
    pub weapon: FightingWeapon,
    /// Other melee weapons carried, best first (a disarmed model takes up the next).
    pub spare_weapons: Vec<FightingWeapon>,
    pub fast: bool,
    /// Cannot be attacked as it withdraws.
    pub acrobatic: bool,
    pub powerful: bool,
    pub tough: bool,
    pub intuition: bool,
    /// The mount ridden (-2 to melee Attack Rolls unless the rider has Bajutsu).
    pub mount: Option<Steed>,
    pub bajutsu: bool,
    /// Yadome-jutsu: yumi shots at this model take a further -2 (its mount is not covered, P-36).
    pub yadome: bool,
    /// May re-roll its side's Priority die (tp.31).
    pub senjo_jutsu: bool,
    /// Carrying a banner: -1 to Initiative, Attack and Defence Rolls while engaged.
    pub banner: bool,
    /// Carrying an object (a scenario's objective, a captured banner): the same -1s.
    pub carrying: bool,
    pub health: Health,
    /// Stunned counters: each Stunned result adds one; the End Phase removes them roll by
    /// roll. Their effects apply once while there is at least one.
    pub stunned: u8,
    /// Subdued: cannot act while in contact with an enemy (ends when contact is broken).
    pub subdued: bool,
    /// In a ride-by's combat: its Combat Pool is halved, rounding up, at least 1.
    pub halved_pool: bool,
    /// The rider of a ride-by: +1 Initiative, and its weapon's ride-by Attack bonus.
    pub riding_by: bool,
    /// It fights a later round of a combat it was already in: the weapon's later-round
    /// Initiative, and no free change of weapon at the start.
    pub later_round: bool,
    /// Counters it brings instead of drawing its Combat Pool: an Inexorable follow-up
    /// brings only its unspent Attack counters, an already-activated enemy one Defence counter.
    pub fixed: Option<Counters>,
    /// A disguised Ninja that revealed itself as this combat began: each enemy model in
    /// the combat loses one counter, of its side's choice.
    pub unmasked: bool,
    /// It stands in a building's room too small for long-handled weapons: with one in
    /// hand, -1 Initiative and -1 Attack.
    pub cramped: bool,
    /// Fatigued: -1 Initiative (the characteristic, floored at 0) and -1 Shoot.
    pub fatigued: bool,
    /// Who it is in a game on the table (the model's id there; 0 elsewhere).
    pub key: u32,
    /// The model whose attack gave its last wound result: the credit for a kill.
    pub hit_by: Option<u32>,
    /// Its own weaponless "weapon", with the Jujutsu it knows: what it fights with once disarmed.
    pub bare: FightingWeapon,
    /// Combat Pool added only while fighting with one of `pool_bonus_weapons` (Niten's two swords).
    pub pool_bonus: i32,
    pub pool_bonus_weapons: Vec<Arc<str>>,
}

impl Fighter {
    /// Build a fighter from a resolved roster entry, taking its best melee weapon (highest Attack
    /// modifier, then Initiative; a Bujutsu counts as +1 Attack in the choice).
    pub fn from_model(cat: &Catalogue, m: &ResolvedModel<'_>, name: String) -> Fighter {
        // The Bujutsu the model has for a weapon.
        let linked = |weapon: &str| -> Vec<&crate::ronin::model::Attribute> {
            m.attributes
                .iter()
                .filter_map(|a| cat.attribute(&a.id))
                .filter(|a| {
                    a.kind == AttributeKind::Bujutsu
                        && a.weapons.iter().any(|w| canonical(cat, w) == weapon)
                })
                .collect()
        };
        let weapons = m
            .weapons
            .iter()
            .filter_map(|c| cat.weapon(&c.id))
            .filter(|w| w.kind == WeaponKind::Melee);
        let value = |v: &Option<crate::ronin::model::Sourced<i8>>| {
            v.as_ref().map_or(0, |s| i32::from(s.value))
        };
        let mut carried: Vec<FightingWeapon> = weapons
            .map(|w| {
                let first = value(&w.initiative);
                FightingWeapon {
                    id: w.id.as_str().into(),
                    initiative_first: first,
                    initiative_later: w
                        .initiative_later
                        .as_ref()
                        .map_or(first, |s| i32::from(s.value)),
                    attack: value(&w.attack),
                    enhanced_bonus: value(&w.enhanced_attack),
                    vs_heavy_armour: value(&w.vs_heavy_armour),
                    bujutsu: !linked(&w.id).is_empty(),
                    subdue: value(&w.subdue)
                        + linked(&w.id)
                            .iter()
                            .map(|a| i32::from(a.subdue.unwrap_or(0)))
                            .sum::<i32>(),
                    disarm: linked(&w.id)
                        .iter()
                        .map(|a| i32::from(a.disarm.unwrap_or(0)))
                        .sum(),
                    ride_by_attack: value(&w.ride_by_attack),
                    long_handled: w.long_handled,
                }
            })
            .collect();
        carried.dedup_by(|a, b| a.id == b.id);
        // Best first: highest Attack modifier (a Bujutsu counts as +1), then Initiative.
        carried.sort_by_key(|w| {
            std::cmp::Reverse((w.attack + i32::from(w.bujutsu), w.initiative_first))
        });
        // Fighting weaponless keeps a weaponless Bujutsu (Jujutsu: the re-roll and its Subdue bonus).
        let mut bare = weaponless(cat);
        let jujutsu = linked("weaponless");
        bare.bujutsu = !jujutsu.is_empty();
        bare.subdue += jujutsu
            .iter()
            .map(|a| i32::from(a.subdue.unwrap_or(0)))
            .sum::<i32>();
        let mut carried = carried.into_iter();
        let weapon = carried.next().unwrap_or_else(|| bare.clone());
        let spare_weapons: Vec<FightingWeapon> = carried.collect();
        // Niten's counter (R-06 of the attributes: it names the swords it needs); resolve has added
        // it to the Combat Pool only when both are carried.
        let (pool_bonus, pool_bonus_weapons) = m
            .attributes
            .iter()
            .filter_map(|a| cat.attribute(&a.id))
            .filter(|a| !a.weapons.is_empty() && a.kind != AttributeKind::Bujutsu)
            .filter(|a| {
                a.weapons
                    .iter()
                    .all(|w| m.weapons.iter().any(|c| c.id == canonical(cat, w)))
            })
            .filter_map(|a| {
                let bonus = i32::from(a.combat_pool?);
                Some((
                    bonus,
                    a.weapons.iter().map(|w| canonical(cat, w).into()).collect(),
                ))
            })
            .fold(
                (0, Vec::new()),
                |(b, mut ws), (bonus, w): (i32, Vec<Arc<str>>)| {
                    ws.extend(w);
                    (b + bonus, ws)
                },
            );
        let armour_bonus = cat.armour_defence(m.armour);
        Fighter {
            name: name.into(),
            rank: m.rank.get(),
            combat_pool: i32::from(m.combat_pool) - pool_bonus,
            initiative: i32::from(m.initiative),
            fight: i32::from(m.fight),
            armour: m.armour,
            armour_bonus,
            weapon,
            spare_weapons,
            fast: m.has_attribute("fast"),
            acrobatic: m.has_attribute("acrobatic"),
            powerful: m.has_attribute("powerful"),
            tough: m.has_attribute("tough"),
            intuition: m.has_attribute("intuition"),
            mount: m
                .mount
                .and_then(|kind| cat.weapons.mounts.iter().find(|p| p.id == kind))
                .map(|p| Steed {
                    kind: p.id,
                    health: Health::Healthy,
                    defence_fight: i32::from(p.defence_fight.value),
                    fights: p.fights.as_ref().map(|f| WarhorseFights {
                        attack_counters: i32::from(f.attack_counters),
                        initiative: i32::from(f.initiative),
                        fight: i32::from(f.fight),
                    }),
                }),
            bajutsu: m.has_attribute("bajutsu"),
            yadome: m.has_attribute("yadome-jutsu"),
            senjo_jutsu: m.has_attribute("senjo-jutsu"),
            banner: m.banner,
            carrying: false,
            health: Health::Healthy,
            stunned: 0,
            subdued: false,
            later_round: false,
            fixed: None,
            unmasked: false,
            cramped: false,
            fatigued: false,
            halved_pool: false,
            riding_by: false,
            key: 0,
            hit_by: None,
            bare,
            pool_bonus,
            pool_bonus_weapons,
        }
    }

    /// Take up spare weapon `k` (by index into `spare_weapons`), putting the current one aside.
    pub fn switch_weapon(&mut self, k: usize) -> bool {
        if k >= self.spare_weapons.len() {
            return false;
        }
        let next = self.spare_weapons.remove(k);
        let old = std::mem::replace(&mut self.weapon, next);
        self.spare_weapons.insert(0, old);
        true
    }

    /// Disarmed: the weapon is lost and the model fights weaponless; taking up a spare weapon is a
    /// switch during the combat, which costs an Attack counter (tp.21, ruling P-13).
    pub fn disarm(&mut self) {
        self.weapon = self.bare.clone();
    }

    pub fn is_stunned(&self) -> bool {
        self.stunned > 0
    }

    /// -1 while carrying a banner or an object (once, whatever it carries).
    pub fn burden(&self) -> i32 {
        i32::from(self.banner || self.carrying)
    }

    pub fn alive(&self) -> bool {
        self.health != Health::Dead
    }

    /// Light wounds are ignored by Tough models (they still count for stacking).
    fn light_effects(&self) -> bool {
        self.health == Health::Light && !self.tough
    }

    /// Attack counters its warhorse brings to a fight (P-10), 0 for none.
    pub fn warhorse_attacks(&self) -> i32 {
        self.mount
            .as_ref()
            .and_then(|m| m.fights)
            .map_or(0, |w| w.attack_counters)
    }

    /// Current Combat Pool: -1 with a Grievous wound; Niten's counter only with its swords in hand.
    pub fn pool(&self) -> i32 {
        let bonus = if self.pool_bonus_weapons.contains(&self.weapon.id) {
            self.pool_bonus
        } else {
            0
        };
        let pool = (self.combat_pool + bonus - i32::from(self.health == Health::Grievous)).max(0);
        if self.halved_pool {
            ((pool + 1) / 2).max(1)
        } else {
            pool
        }
    }

    /// Fight after wounds: -1 for a Light (unless Tough) or Grievous wound; never below 0.
    pub fn current_fight(&self) -> i32 {
        (self.fight - i32::from(self.light_effects() || self.health == Health::Grievous)).max(0)
    }

    /// Initiative modifiers for this round: weapon (first or later round), Fast, wounds, Stunned.
    pub fn initiative_bonus(&self, first_round: bool) -> i32 {
        let weapon = if first_round {
            self.weapon.initiative_first
        } else {
            self.weapon.initiative_later
        };
        let wounds = match self.health {
            Health::Grievous => -2,
            _ if self.light_effects() => -1,
            _ => 0,
        };
        // the characteristic is floored at 0 before the roll's modifiers apply.
        (self.initiative + wounds - i32::from(self.fatigued)).max(0)
            + weapon
            + i32::from(self.fast)
            + i32::from(self.riding_by)
            - i32::from(self.is_stunned())
            - self.burden()
            - self.cramp()
    }

    /// -1 while it fights with a long-handled weapon in a small room.
    pub fn cramp(&self) -> i32 {
        i32::from(self.cramped && self.weapon.long_handled)
    }

    /// The attacker's side of an attack on `target`.
    pub fn attack_side(&self, target: &Fighter, enhanced: bool) -> AttackSide {
        self.attack_side_vs(target.armour, enhanced)
    }

    /// The attacker's side against a defender wearing `armour` (a mount wears none).
    pub fn attack_side_vs(&self, armour: Armour, enhanced: bool) -> AttackSide {
        let heavy = if armour == Armour::Heavy {
            self.weapon.vs_heavy_armour
        } else {
            0
        };
        let mounted = if self.mount.is_some() && !self.bajutsu {
            MOUNTED_ATTACK
        } else {
            0
        };
        AttackSide {
            fight: self.current_fight(),
            modifier: self.weapon.attack
                + i32::from(self.powerful)
                + heavy
                + mounted
                + if self.riding_by {
                    self.weapon.ride_by_attack
                } else {
                    0
                }
                - self.burden()
                - self.cramp(),
            enhanced,
            reroll: self.weapon.bujutsu,
            enhanced_bonus: self.weapon.enhanced_bonus,
        }
    }

    /// The defender's side against an attack.
    pub fn defence_side(&self, enhanced: bool) -> DefenceSide {
        DefenceSide {
            fight: self.current_fight(),
            armour: self.armour_bonus,
            modifier: -self.burden(),
            enhanced,
            reroll: self.weapon.bujutsu,
        }
    }
}

/// The weaponless "weapon" from the data.
pub fn weaponless(cat: &Catalogue) -> FightingWeapon {
    let w = cat.weapon("weaponless");
    let value =
        |f: fn(&crate::ronin::model::Weapon) -> &Option<crate::ronin::model::Sourced<i8>>| {
            w.and_then(|w| f(w).as_ref())
                .map_or(0, |s| i32::from(s.value))
        };
    FightingWeapon {
        id: "weaponless".into(),
        initiative_first: value(|w| &w.initiative),
        initiative_later: value(|w| &w.initiative),
        attack: value(|w| &w.attack),
        enhanced_bonus: 0,
        vs_heavy_armour: value(|w| &w.vs_heavy_armour),
        bujutsu: false,
        subdue: 0,
        disarm: 0,
        ride_by_attack: 0,
        long_handled: false,
    }
}

/// A fighter with plain numbers, for tests.
#[cfg(test)]
pub(crate) fn test_fighter(
    name: &str,
    pool: i32,
    init: i32,
    fight: i32,
    armour: Armour,
    bonus: i32,
    weapon_init: i32,
) -> Fighter {
    Fighter {
        name: name.into(),
        rank: u8::try_from(pool).unwrap_or(1),
        combat_pool: pool,
        initiative: init,
        fight,
        armour,
        armour_bonus: bonus,
        weapon: FightingWeapon {
            id: "test".into(),
            initiative_first: weapon_init,
            initiative_later: weapon_init,
            attack: 0,
            enhanced_bonus: 0,
            vs_heavy_armour: 0,
            bujutsu: false,
            subdue: 0,
            disarm: 0,
            ride_by_attack: 0,
            long_handled: false,
        },
        spare_weapons: Vec::new(),
        fast: false,
        acrobatic: false,
        powerful: false,
        tough: false,
        intuition: false,
        mount: None,
        bajutsu: false,
        yadome: false,
        senjo_jutsu: false,
        banner: false,
        carrying: false,
        health: Health::Healthy,
        stunned: 0,
        subdued: false,
        later_round: false,
        fixed: None,
        unmasked: false,
        cramped: false,
        fatigued: false,
        halved_pool: false,
        riding_by: false,
        key: 0,
        hit_by: None,
        bare: FightingWeapon {
            id: "weaponless".into(),
            initiative_first: 0,
            initiative_later: 0,
            attack: -1,
            enhanced_bonus: 0,
            vs_heavy_armour: -1,
            bujutsu: false,
            subdue: 0,
            disarm: 0,
            ride_by_attack: 0,
            long_handled: false,
        },
        pool_bonus: 0,
        pool_bonus_weapons: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::SourceFile;
    use crate::ronin::load::{DataSource, load};
    use crate::ronin::roster::{self, Rules};

    fn fighters(models: &str) -> Vec<Fighter> {
        let cat = load(&DataSource::Embedded).expect("data");
        let text = format!("faction = \"bushi\"\n{models}");
        let parsed = roster::parse(&SourceFile::new("t.toml", text)).expect("roster");
        let faction = cat.faction("bushi").expect("bushi");
        let resolved = roster::resolve(&cat, faction, &parsed, Rules::default(), &mut Vec::new());
        resolved
            .models
            .iter()
            .map(|m| Fighter::from_model(&cat, m, m.profile.name.clone()))
            .collect()
    }

    #[test]
    fn fighters_take_their_best_weapon_and_their_penalties() {
        let f = fighters(
            "[[models]]\nprofile = \"hatamoto\"\nweapons = [\"naginata\"]\nmount = \"horse\"\n\
             [[models]]\nprofile = \"hatamoto\"\nweapons = [\"naginata\"]\nmount = \"horse\"\nattributes = [\"bajutsu\"]\n\
             [[models]]\nprofile = \"ashigaru\"\nbanner = true\n",
        );
        let target = f[2].clone();
        assert_eq!(&*f[0].weapon.id, "naginata");
        assert_eq!(
            f[0].attack_side(&target, false).modifier,
            1 - 2,
            "naginata +1, mounted -2"
        );
        assert_eq!(
            f[1].attack_side(&target, false).modifier,
            1,
            "Bajutsu ignores the mounted penalty"
        );
        assert_eq!(&*target.weapon.id, "katana");
        assert_eq!(
            target.defence_side(false).modifier,
            -1,
            "the banner bearer defends at -1"
        );
        assert_eq!(target.initiative_bonus(true), 2 - 1);
        let mut porter = f[1].clone();
        porter.carrying = true;
        assert_eq!(
            porter.attack_side(&target, false).modifier,
            1 - 1,
            "carrying an object: -1"
        );
        porter.banner = true;
        assert_eq!(
            porter.defence_side(false).modifier,
            -1,
            "banner and object: -1 once"
        );
    }

    #[test]
    fn wounds_change_the_numbers_and_tough_ignores_light() {
        let f = fighters(
            "[[models]]\nprofile = \"samurai\"\n[[models]]\nprofile = \"samurai\"\nattributes = [\"tough\"]\n",
        );
        let (mut plain, mut tough) = (f[0].clone(), f[1].clone());
        plain.health = Health::Light;
        tough.health = Health::Light;
        assert_eq!(
            (plain.current_fight(), plain.initiative_bonus(true)),
            (2, 2)
        );
        assert_eq!(
            (tough.current_fight(), tough.initiative_bonus(true)),
            (3, 3)
        );
        plain.health = Health::Grievous;
        assert_eq!(
            (
                plain.pool(),
                plain.current_fight(),
                plain.initiative_bonus(true)
            ),
            (2, 2, 1)
        );
    }
}
