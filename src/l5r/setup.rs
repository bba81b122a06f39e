//! A legal battle file resolved once for the engine: every pool worked out, every zone effect
//! typed with its owner, every number the rounds need copied from the data. Plain data, shared
//! read-only by every simulated battle.

use super::battle::{self, BattleFile, EffectSide, OfficerEntry, RollValue, SideEntry};
use super::data::{AdvanceRule, Applies, Data, Reach, Target};
use super::dice::{Pool, parse_pool};

/// An officer's role.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    Officer,
    Scout,
    Herald,
    Champion,
    Medic,
    Shugenja,
}

/// An NPC officer's automatic bonus (§6).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NpcBonus {
    ShoreDefenses,
    AttackOfficers,
    Exploit,
}

/// Wounds, armour and weapons.
#[derive(Debug, Clone)]
pub struct Body {
    pub crippled_at: i32,
    pub dead_at: i32,
    pub reduction: i32,
    pub armor_tn: i32,
    pub attack: Pool,
    pub damage: Pool,
}

/// One officer, resolved.
#[derive(Debug, Clone)]
pub struct Officer {
    pub name: String,
    pub pc: bool,
    pub role: Role,
    pub actions: u32,
    /// His best roll at the front (the highest mean), if a PC with one.
    pub front: Option<Pool>,
    /// His step's own roll: scouting, heralds, the duel, healing.
    pub own: Option<Pool>,
    /// Battle/Willpower for stepping up (L5R-25, L5R-42): his `battle` roll, or untrained 0 + 2.
    pub step_up: Pool,
    pub bonus: NpcBonus,
    /// Spell slots and Spellcraft pools by element (fire, water, air, earth, void).
    pub slots: [u32; 5],
    pub spell: [Option<Pool>; 5],
    pub kits: u32,
    pub body: Body,
}

/// One zone effect.
#[derive(Debug, Clone)]
pub struct Effect {
    pub name: String,
    /// Which side's engaged MP it changes, +x or −x (`None`: both, for mud).
    pub helps: Option<usize>,
    pub both: bool,
    pub x: i32,
    pub reach: Reach,
    pub target: Target,
    pub hidden: bool,
    pub removable: bool,
    pub ends_when_revealed: bool,
    /// Rounds it works; `None`: always.
    pub uses: Option<i32>,
    pub every_other_round: bool,
}

/// One zone.
#[derive(Debug, Clone)]
pub struct Zone {
    pub name: String,
    pub size: usize,
    pub effects: Vec<Effect>,
    /// The neighbour toward each side's rear (`None`: off the map).
    pub rear: [Option<usize>; 2],
}

/// A formation's rule.
#[derive(Debug, Clone, Copy)]
pub struct FormationRule {
    pub tn: i32,
    pub bonus: i32,
    pub must_advance: bool,
    pub must_hold: bool,
    pub hold_penalty: i32,
    pub next_round_bonus: i32,
}

/// One side, resolved.
#[derive(Debug, Clone)]
pub struct Side {
    pub name: String,
    pub general: String,
    pub npc_general: bool,
    pub battle: Pool,
    pub will: Pool,
    /// Battle + Perception: the chicken-out point (L5R-05).
    pub nerve: i32,
    pub body: Body,
    pub officers: Vec<Officer>,
    pub squads: Vec<(String, i32)>,
    pub opening: Option<usize>,
}

impl Side {
    pub fn mp(&self) -> i32 {
        self.squads.iter().map(|s| s.1).sum()
    }
}

/// The numbers the rounds use.
#[derive(Debug, Clone)]
pub struct Numbers {
    pub round_cap: u32,
    pub tie_within: i32,
    pub raise: i32,
    pub duel_margin: i32,
    pub retreat_tn: i32,
    pub step_up_tn: i32,
    pub half_tn: i32,
    pub panicked: i32,
    pub new_general: i32,
    pub captive_tn: i32,
    pub shore: i32,
    pub air_raise: i32,
    pub attrition: Pool,
    pub raid_attrition: Pool,
    pub heal_squad: i32,
    pub water_heal: i32,
    pub loss_threshold: i32,
    pub loss_floor: i32,
    pub wounds_per_die: i32,
    /// End awards in tenths: everyone's (Honor, Glory), Glory a full 2 MP outnumbered, Honor a
    /// full multiple.
    pub everyone: (i64, i64),
    pub glory_per_two: i64,
    pub honor_per_multiple: i64,
    pub chicken_out: (i32, i32),
}

/// The whole battle, resolved.
#[derive(Debug, Clone)]
pub struct Setup {
    pub name: String,
    pub zones: Vec<Zone>,
    pub start: usize,
    pub sides: [Side; 2],
    pub formations: Vec<FormationRule>,
    pub formation_names: Vec<String>,
    /// steps[a][b] along the ring; strong[a][b]: a is strong against b.
    pub steps: Vec<Vec<u32>>,
    pub strong: Vec<Vec<bool>>,
    pub strong_bonus: i32,
    pub margin_raises: bool,
    pub duel: bool,
    pub n: Numbers,
    /// The battle file's text, when it came from one (logged with every battle).
    pub source: Option<String>,
}

fn pool_or(text: &Option<String>, fallback: Pool) -> Pool {
    text.as_deref()
        .and_then(|t| parse_pool(t).ok())
        .unwrap_or(fallback)
}

/// The wound numbers a body lacks are those of Earth 2 (L5R-42): Crippled at 26, dead at 38.
fn body(b: &battle::Body) -> Body {
    let n = |v: Option<i64>, d: i32| v.map_or(d, |v| v.clamp(0, 500) as i32);
    Body {
        crippled_at: n(b.crippled_at, 26),
        dead_at: n(b.dead_at, 38),
        reduction: n(b.reduction, 0),
        armor_tn: n(b.armor_tn, 20),
        attack: pool_or(&b.attack, Pool::new(5, 3)),
        damage: pool_or(&b.damage, Pool::new(5, 2)),
    }
}

const ELEMENTS: [&str; 5] = ["fire", "water", "air", "earth", "void"];

/// The element's index in slot arrays.
pub fn element(e: &str) -> Option<usize> {
    ELEMENTS.iter().position(|x| *x == e)
}

fn officer(data: &Data, o: &OfficerEntry, exact: &mut super::dice::Exact) -> Officer {
    let role = match o.role() {
        "scout" => Role::Scout,
        "herald" => Role::Herald,
        "champion" => Role::Champion,
        "medic" => Role::Medic,
        "shugenja" => Role::Shugenja,
        _ => Role::Officer,
    };
    let role_data = data.roles.get(o.role());
    let pool_of = |v: &RollValue| match *v {
        RollValue::Pair([r, t]) => battle::skill_pool(r, t),
        RollValue::Rank(r) => battle::skill_pool(r, 2),
    };
    let mut front: Option<(f64, Pool)> = None;
    let mut own: Option<(f64, Pool)> = None;
    let weapon = |skill: &str| data.roles.weapon_skills.iter().any(|w| w == skill);
    for (skill, v) in &o.rolls {
        if skill == "spellcraft" {
            continue;
        }
        // A roll may serve both at the front (any PC) and in the role's own step (a herald's
        // Sincerity, say).
        let at_front =
            data.roles.front.iter().any(|p| {
                !p.shugenja && (p.skill == *skill || (p.skill == "weapon" && weapon(skill)))
            });
        let in_step = role_data.is_some_and(|r| r.rolls.iter().any(|p| p.skill == *skill));
        let pool = pool_of(v);
        let mean = exact.dist(pool).mean();
        for (counts, slot) in [(at_front, &mut front), (in_step, &mut own)] {
            if counts && slot.is_none_or(|(m, _)| mean > m) {
                *slot = Some((mean, pool));
            }
        }
    }
    let spellcraft = o.rolls.get("spellcraft").map_or(0, |v| match *v {
        RollValue::Pair([r, _]) | RollValue::Rank(r) => r,
    });
    let mut slots = [0u32; 5];
    let mut spell = [None; 5];
    if role == Role::Shugenja {
        for (e, n) in &o.spells {
            if let Some(i) = element(e) {
                slots[i] = u32::try_from(*n).unwrap_or(0);
                let ring = o.rings.get(e).copied().unwrap_or(1);
                spell[i] = Some(battle::skill_pool(spellcraft, ring));
            }
        }
    }
    let step_up = match o.rolls.get("battle") {
        Some(v) => pool_of(v),
        None => battle::skill_pool(0, 2),
    };
    Officer {
        name: o.name.clone(),
        pc: o.pc,
        role,
        actions: u32::try_from(o.actions().clamp(1, 10)).unwrap_or(1),
        front: front.map(|(_, p)| p),
        own: own.map(|(_, p)| p),
        step_up,
        bonus: match o.bonus.as_deref() {
            Some("shore-defenses") => NpcBonus::ShoreDefenses,
            Some("attack-officers") => NpcBonus::AttackOfficers,
            _ => NpcBonus::Exploit,
        },
        slots,
        spell,
        kits: o
            .kits
            .map_or(0, |k| u32::try_from(k.clamp(0, 99)).unwrap_or(0)),
        body: body(&o.body),
    }
}

fn side(data: &Data, s: &SideEntry, exact: &mut super::dice::Exact) -> Option<Side> {
    let g = s.general.as_ref()?;
    Some(Side {
        name: s.name.clone(),
        general: g.name.clone(),
        npc_general: g.npc,
        battle: battle::skill_pool(g.battle, g.perception),
        will: battle::skill_pool(g.battle, g.willpower),
        nerve: (g.battle + g.perception).clamp(0, 99) as i32,
        body: body(&g.body),
        officers: s.officers.iter().map(|o| officer(data, o, exact)).collect(),
        squads: s
            .squads
            .iter()
            .map(|q| (q.name.clone(), q.mp.clamp(1, 99) as i32))
            .collect(),
        opening: s
            .formation
            .as_deref()
            .and_then(|f| data.formations.formation.iter().position(|x| x.id == f)),
    })
}

/// Resolve a legal battle file (`None` if it lacks a side or a General).
pub fn resolve(data: &Data, file: &BattleFile) -> Option<Setup> {
    let mut exact = super::dice::Exact::new();
    let a = side(data, file.side.a.as_ref()?, &mut exact)?;
    let b = side(data, file.side.b.as_ref()?, &mut exact)?;
    let entries = battle::zones(data, file);
    let names: Vec<&str> = entries.iter().map(|z| z.name.as_str()).collect();
    let graph = entries
        .iter()
        .any(|z| z.rear_a.is_some() || z.rear_b.is_some());
    let map = file.map.as_ref();
    let defender = map.and_then(|m| m.defender).map(battle::SideId::index);
    let zones: Vec<Zone> = entries
        .iter()
        .enumerate()
        .map(|(i, z)| {
            let find =
                |r: &Option<String>| r.as_ref().and_then(|r| names.iter().position(|n| n == r));
            let rear = if graph {
                [find(&z.rear_a), find(&z.rear_b)]
            } else {
                [i.checked_sub(1), (i + 1 < entries.len()).then_some(i + 1)]
            };
            let effects = z
                .effects
                .iter()
                .filter_map(|e| {
                    let kind = data.effect(&e.kind)?;
                    let owner = match e.side {
                        Some(EffectSide::A) => Some(0),
                        Some(EffectSide::B) => Some(1),
                        Some(EffectSide::Defender) => defender,
                        Some(EffectSide::Attacker) => defender.map(|d| 1 - d),
                        None => None,
                    };
                    let helps = match kind.applies {
                        Applies::Owner => owner,
                        Applies::EnemyOfOwner => owner.map(|o| 1 - o),
                        Applies::Defender => defender,
                        Applies::Attacker => defender.map(|d| 1 - d),
                        Applies::Both => None,
                    };
                    Some(Effect {
                        name: kind.name.clone(),
                        helps,
                        both: kind.applies == Applies::Both,
                        x: kind.sign * e.x().clamp(0, 99) as i32,
                        reach: kind.reach,
                        target: kind.target,
                        hidden: e.hidden,
                        removable: e.removable,
                        ends_when_revealed: kind.ends_when_revealed,
                        uses: e
                            .uses
                            .map(|u| u.clamp(0, 999) as i32)
                            .or_else(|| kind.default_uses.as_ref().map(|u| u.value)),
                        every_other_round: e.uses.is_none()
                            && kind.every_other_round.as_ref().is_some_and(|m| m.value),
                    })
                })
                .collect();
            Zone {
                name: z.name.clone(),
                size: usize::try_from(
                    z.size
                        .unwrap_or(i64::from(data.numbers.zone_size.value))
                        .clamp(1, 99),
                )
                .unwrap_or(1),
                effects,
                rear,
            }
        })
        .collect();
    let start = map
        .and_then(|m| m.start)
        .and_then(|s| usize::try_from(s).ok())
        .filter(|&s| s < zones.len())
        .unwrap_or(zones.len() / 2);
    let f = &data.formations;
    let ids: Vec<&str> = f.formation.iter().map(|x| x.id.as_str()).collect();
    let formations = f
        .formation
        .iter()
        .map(|x| FormationRule {
            tn: x.tn.value,
            bonus: x.battle_bonus.value,
            must_advance: x.advance == AdvanceRule::Must,
            must_hold: x.advance == AdvanceRule::MustNot,
            hold_penalty: x.hold_penalty.value,
            next_round_bonus: x.next_round_bonus.value,
        })
        .collect();
    let steps = ids
        .iter()
        .map(|a| ids.iter().map(|b| f.steps(a, b).unwrap_or(0)).collect())
        .collect();
    let strong = ids
        .iter()
        .map(|a| ids.iter().map(|b| f.strong(a, b)).collect())
        .collect();
    let num = &data.numbers;
    let pair = |p: [i32; 2]| Pool::new(p[0], p[1]);
    Some(Setup {
        name: file
            .name
            .clone()
            .unwrap_or_else(|| "L5R mass battle".to_owned()),
        zones,
        start,
        sides: [a, b],
        formations,
        formation_names: f.formation.iter().map(|x| x.name.clone()).collect(),
        steps,
        strong,
        strong_bonus: f.strong_bonus.value,
        margin_raises: file.raises == battle::RaiseMode::Margin,
        duel: file.duel,
        n: Numbers {
            round_cap: u32::try_from(num.round_cap.value.max(1)).unwrap_or(30),
            tie_within: num.tie_within.value,
            raise: num.raise_step.value,
            duel_margin: num.duel_victory_margin.value,
            retreat_tn: num.retreat_tn.value,
            step_up_tn: num.step_up_tn.value,
            half_tn: num.half_strength_tn.value,
            panicked: num.panicked_penalty.value,
            new_general: num.new_general_penalty.value,
            captive_tn: num.captive_tn.value,
            shore: num.shore_defenses.value,
            air_raise: num.air_per_raise.value,
            attrition: pair(num.attrition.value),
            raid_attrition: pair(num.raid_attrition.value),
            heal_squad: num.heal_per_squad.value,
            water_heal: num.water_heal_per_raise.value,
            loss_threshold: num.loss_threshold.value,
            loss_floor: num.loss_floor.value,
            wounds_per_die: num.raid_wounds_per_die.value.max(1),
            everyone: (
                i64::from(num.everyone_honor.value),
                i64::from(num.everyone_glory.value),
            ),
            glory_per_two: i64::from(num.glory_per_two_mp_outnumbered.value),
            honor_per_multiple: i64::from(num.honor_per_multiple.value),
            chicken_out: (num.chicken_out_honor.value, num.chicken_out_glory.value),
        },
        source: None,
    })
}
