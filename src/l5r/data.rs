//! L5R mass battles' data, typed: formations with the ruled ring and star, the four Raise menus
//! and the spells, zone effects, who rolls what, every number with its source, and the rulings.
//! Built into the binary from `factions/l5r-mass-battle/`, or read from `DIR/l5r-mass-battle/`
//! with `--data DIR`.

use std::path::Path;

use include_dir::{Dir, include_dir};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::diag::{Problem, SourceFile};
use crate::rulings::RulingsFile;

static EMBEDDED: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/factions/l5r-mass-battle");

/// The folder of this system's data, inside the shipped `factions/` or a `--data` folder.
pub const FOLDER: &str = "l5r-mass-battle";

/// Where a value comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Source {
    /// Stated in the supplement (seed 004).
    Text,
    /// This project's decision: `ruling` names the L5R-nn.
    Ruling,
}

/// A value with where it comes from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Marked<T> {
    pub value: T,
    pub source: Source,
    /// The L5R-nn ruling behind it: required when `source` is `ruling`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ruling: Option<String>,
}

impl<T> Marked<T> {
    /// "(text)" or "(ruling L5R-08)", for sheets.
    pub fn provenance(&self) -> String {
        match (&self.source, &self.ruling) {
            (Source::Ruling, Some(id)) => format!("ruling {id}"),
            (Source::Ruling, None) => "ruling".to_owned(),
            (Source::Text, _) => "text".to_owned(),
        }
    }
}

pub type Num = Marked<i32>;

/// Whether a formation advances.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum AdvanceRule {
    Must,
    May,
    MustNot,
}

/// One formation (digest §9).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Formation {
    pub id: String,
    pub name: String,
    pub posture: String,
    pub advance: AdvanceRule,
    /// The Resiliency TN it gives its side.
    pub tn: Num,
    /// +k0 to its side's Battle roll every round it is held.
    pub battle_bonus: Num,
    /// −k0 in a round it Holds Ground.
    pub hold_penalty: Num,
    /// +k0 to the next round's Battle roll.
    pub next_round_bonus: Num,
}

/// `formations.toml`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FormationsFile {
    pub strong_bonus: Num,
    /// The outer ring of change steps, in order (it wraps round).
    pub ring_order: Marked<Vec<String>>,
    /// [strong, weak] pairs.
    pub strong_against: Marked<Vec<[String; 2]>>,
    pub formation: Vec<Formation>,
}

impl FormationsFile {
    pub fn get(&self, id: &str) -> Option<&Formation> {
        self.formation.iter().find(|f| f.id == id)
    }

    /// The steps between two formations: the shorter way round the ring (L5R-32).
    pub fn steps(&self, from: &str, to: &str) -> Option<u32> {
        let ring = &self.ring_order.value;
        let a = ring.iter().position(|f| f == from)?;
        let b = ring.iter().position(|f| f == to)?;
        let d = a.abs_diff(b);
        Some(d.min(ring.len() - d) as u32)
    }

    /// Whether `a` is strong against `b` (L5R-31).
    pub fn strong(&self, a: &str, b: &str) -> bool {
        self.strong_against
            .value
            .iter()
            .any(|[s, w]| s == a && w == b)
    }
}

/// One item of a Raise menu.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MenuItem {
    pub id: String,
    pub name: String,
    pub cost: u32,
    /// May be bought more than once an action (L5R-19).
    pub repeatable: bool,
}

/// One Raise menu.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Menu {
    pub id: String,
    pub name: String,
    pub item: Vec<MenuItem>,
}

/// What a shugenja's spell of one element buys with its raises.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Spell {
    pub element: String,
    /// The text's words.
    pub raises: String,
    /// Menus whose items its raises buy.
    #[serde(default)]
    pub menus: Vec<String>,
    /// Its own effect: `heal`, `resiliency`, `any`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effect: Option<String>,
    /// Only an Ishiken may cast it (L5R-39).
    #[serde(default)]
    pub ishiken: bool,
}

/// `menus.toml`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MenusFile {
    pub menu: Vec<Menu>,
    pub spell: Vec<Spell>,
}

impl MenusFile {
    pub fn get(&self, id: &str) -> Option<&Menu> {
        self.menu.iter().find(|m| m.id == id)
    }
}

/// Which side a zone effect helps or hurts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Applies {
    /// The side the effect belongs to (its `side`).
    Owner,
    EnemyOfOwner,
    Defender,
    Attacker,
    Both,
}

/// Where an army must fight for the effect to count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Reach {
    Here,
    HereFirstRound,
    Adjacent,
    /// Two or more zones away.
    Far,
}

/// What a zone effect changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Target {
    Mp,
    Attrition,
}

/// One kind of zone effect (digest §12).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EffectKind {
    pub id: String,
    pub name: String,
    pub meaning: String,
    pub applies: Applies,
    pub reach: Reach,
    pub target: Target,
    /// +1 or −1: whether `x` is added or taken away.
    pub sign: i32,
    #[serde(default)]
    pub ends_when_revealed: bool,
    /// Its `x` may not exceed its zone's Size (L5R-26).
    #[serde(default)]
    pub within_size: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub every_other_round: Option<Marked<bool>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default_uses: Option<Num>,
}

/// `zone-effects.toml`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ZoneEffectsFile {
    pub effect: Vec<EffectKind>,
}

/// A Skill and the Traits (or `ring`) it may be rolled with.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RollPair {
    /// A skill id, or `weapon` for any weapon skill.
    pub skill: String,
    pub traits: Vec<String>,
    /// Only a shugenja may roll it.
    #[serde(default)]
    pub shugenja: bool,
}

/// A role an officer may have.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Role {
    pub id: String,
    pub name: String,
    /// The step it acts in.
    pub step: String,
    /// The rolls of its own step, beyond the front's.
    pub rolls: Vec<RollPair>,
}

/// An NPC officer's automatic bonus.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NpcBonus {
    pub id: String,
    pub name: String,
    pub effect: String,
}

/// `roles.toml`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RolesFile {
    pub weapon_skills: Vec<String>,
    pub front: Vec<RollPair>,
    pub traits: Vec<String>,
    pub rings: Vec<String>,
    pub npc_bonuses: Vec<NpcBonus>,
    pub role: Vec<Role>,
}

impl RolesFile {
    pub fn get(&self, id: &str) -> Option<&Role> {
        self.role.iter().find(|r| r.id == id)
    }

    /// The pair a skill is rolled with at the front or in a role's step, if any.
    pub fn pair_for<'a>(&'a self, role: Option<&'a Role>, skill: &str) -> Option<&'a RollPair> {
        let weapon = self.weapon_skills.iter().any(|w| w == skill);
        role.into_iter()
            .flat_map(|r| &r.rolls)
            .chain(&self.front)
            .find(|p| p.skill == skill || (weapon && p.skill == "weapon"))
    }
}

/// `numbers.toml`: every number with its source.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NumbersFile {
    pub zones: Num,
    pub zone_size: Num,
    pub start_zone: Num,
    pub round_cap: Num,
    pub raise_step: Num,
    pub tie_within: Num,
    pub duel_victory_margin: Num,
    pub engagement_per_mp: Num,
    pub officer_success: Num,
    pub scout_per_raise: Num,
    pub herald_success: Num,
    pub duel_result: Num,
    pub exploit_opportunity: Num,
    pub retreat_tn: Num,
    pub step_up_tn: Num,
    pub half_strength_tn: Num,
    pub panicked_penalty: Num,
    pub new_general_penalty: Num,
    pub captive_tn: Num,
    pub shore_defenses: Num,
    pub air_per_raise: Num,
    pub attrition: Marked<[i32; 2]>,
    pub raid_attrition: Marked<[i32; 2]>,
    pub capture_attrition: Marked<[i32; 2]>,
    pub recover_attrition: Marked<[i32; 2]>,
    pub attack_officers_attrition: Num,
    pub raid_wounds_per_die: Num,
    pub heal_per_squad: Num,
    pub water_heal_per_raise: Num,
    pub loss_threshold: Num,
    pub loss_floor: Num,
    pub everyone_honor: Num,
    pub everyone_glory: Num,
    pub glory_per_two_mp_outnumbered: Num,
    pub honor_per_multiple: Num,
    pub chicken_out_honor: Num,
    pub chicken_out_glory: Num,
    pub capture_glory: Num,
    pub recover_glory: Num,
    pub raid_honor: Num,
    pub raid_glory: Num,
    pub raise_glory: Num,
    pub ransom_per_status: Num,
}

/// All of this system's data, loaded and cross-checked.
#[derive(Debug, Clone)]
pub struct Data {
    pub formations: FormationsFile,
    pub menus: MenusFile,
    pub effects: ZoneEffectsFile,
    pub roles: RolesFile,
    pub numbers: NumbersFile,
    pub rulings: RulingsFile,
}

impl Data {
    pub fn effect(&self, id: &str) -> Option<&EffectKind> {
        self.effects.effect.iter().find(|e| e.id == id)
    }

    pub fn ruling(&self, id: &str) -> Option<&crate::rulings::Ruling> {
        self.rulings.rulings.iter().find(|r| r.id == id)
    }
}

const FILES: [&str; 6] = [
    "formations.toml",
    "menus.toml",
    "zone-effects.toml",
    "roles.toml",
    "numbers.toml",
    "rulings.toml",
];

/// Load the data: the built-in files, or those of `DIR/l5r-mass-battle/` with `--data DIR` (a
/// file it lacks comes from the built-in set). Problems are located in their files.
pub fn load(data_dir: Option<&Path>) -> Result<Data, Vec<Problem>> {
    let files = crate::files::system_files(&EMBEDDED, FOLDER, &FILES, data_dir)?;
    let mut problems = Vec::new();
    use crate::files::parse_into as parse;
    let formations = parse::<FormationsFile>(&files[0], &mut problems);
    let menus = parse::<MenusFile>(&files[1], &mut problems);
    let effects = parse::<ZoneEffectsFile>(&files[2], &mut problems);
    let roles = parse::<RolesFile>(&files[3], &mut problems);
    let numbers = parse::<NumbersFile>(&files[4], &mut problems);
    let rulings = parse::<RulingsFile>(&files[5], &mut problems);
    let (Some(formations), Some(menus), Some(effects), Some(roles), Some(numbers), Some(rulings)) =
        (formations, menus, effects, roles, numbers, rulings)
    else {
        return Err(problems);
    };
    let data = Data {
        formations,
        menus,
        effects,
        roles,
        numbers,
        rulings,
    };
    let problems = cross_check(&data, &files);
    if problems.is_empty() {
        Ok(data)
    } else {
        Err(problems)
    }
}

/// Every formation the ring and star name exists and the ring holds each once; every menu a
/// spell names exists; every `ruling` a value names is in `rulings.toml`, and one is named
/// whenever the source is `ruling`.
fn cross_check(data: &Data, files: &[SourceFile]) -> Vec<Problem> {
    let mut problems = Vec::new();
    let bad = |problems: &mut Vec<Problem>, file: usize, what: String| {
        problems.push(
            Problem::error("data::reference", format!("{}: {what}", files[file].name)).at(
                &files[file],
                None,
                "in this file",
            ),
        );
    };
    let f = &data.formations;
    let ids: Vec<&str> = f.formation.iter().map(|x| x.id.as_str()).collect();
    for id in f
        .ring_order
        .value
        .iter()
        .chain(f.strong_against.value.iter().flatten())
    {
        if !ids.contains(&id.as_str()) {
            bad(&mut problems, 0, format!("`{id}` is no formation"));
        }
    }
    for id in &ids {
        if f.ring_order.value.iter().filter(|r| r == id).count() != 1 {
            bad(
                &mut problems,
                0,
                format!("formation `{id}` must be on the ring exactly once"),
            );
        }
    }
    for spell in &data.menus.spell {
        for m in &spell.menus {
            if data.menus.get(m).is_none() {
                bad(
                    &mut problems,
                    1,
                    format!("spell `{}` names no menu `{m}`", spell.element),
                );
            }
        }
    }
    let ruling_ids: Vec<&str> = data.rulings.rulings.iter().map(|r| r.id.as_str()).collect();
    let mut marks: Vec<(usize, String, Source, Option<&str>)> = vec![
        (
            0,
            "strong_bonus".into(),
            f.strong_bonus.source,
            f.strong_bonus.ruling.as_deref(),
        ),
        (
            0,
            "ring_order".into(),
            f.ring_order.source,
            f.ring_order.ruling.as_deref(),
        ),
        (
            0,
            "strong_against".into(),
            f.strong_against.source,
            f.strong_against.ruling.as_deref(),
        ),
    ];
    for x in &f.formation {
        for (what, n) in [
            ("tn", &x.tn),
            ("battle_bonus", &x.battle_bonus),
            ("hold_penalty", &x.hold_penalty),
            ("next_round_bonus", &x.next_round_bonus),
        ] {
            marks.push((0, format!("{} {what}", x.id), n.source, n.ruling.as_deref()));
        }
    }
    for e in &data.effects.effect {
        if let Some(n) = &e.default_uses {
            marks.push((
                2,
                format!("{} default_uses", e.id),
                n.source,
                n.ruling.as_deref(),
            ));
        }
        if let Some(n) = &e.every_other_round {
            marks.push((
                2,
                format!("{} every_other_round", e.id),
                n.source,
                n.ruling.as_deref(),
            ));
        }
    }
    let rows = number_rows(&data.numbers);
    for row in &rows {
        marks.push((4, row.key.clone(), row.source, row.ruling.as_deref()));
    }
    for (file, what, source, ruling) in marks {
        match (source, ruling) {
            (Source::Ruling, None) => bad(
                &mut problems,
                file,
                format!("`{what}` is a ruling but names none"),
            ),
            (_, Some(id)) if !ruling_ids.contains(&id) => bad(
                &mut problems,
                file,
                format!("`{what}` names `{id}`, which is not in rulings.toml"),
            ),
            _ => {}
        }
    }
    problems
}

/// One number of `numbers.toml`: its key, its value as written, and where it comes from.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct NumberRow {
    pub key: String,
    pub value: String,
    pub source: Source,
    pub ruling: Option<String>,
}

/// Every number of `numbers.toml`, in file order.
pub fn number_rows(n: &NumbersFile) -> Vec<NumberRow> {
    let Ok(serde_json::Value::Object(map)) = serde_json::to_value(n) else {
        return Vec::new();
    };
    map.into_iter()
        .filter_map(|(key, v)| {
            let source = serde_json::from_value::<Source>(v.get("source")?.clone()).ok()?;
            let value = match v.get("value")? {
                serde_json::Value::Array(pair) => format!(
                    "{}k{}",
                    pair.first().map_or_else(String::new, ToString::to_string),
                    pair.get(1).map_or_else(String::new, ToString::to_string)
                ),
                other => other.to_string(),
            };
            Some(NumberRow {
                key,
                value,
                source,
                ruling: v.get("ruling").and_then(|r| r.as_str()).map(str::to_owned),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_data_loads_and_every_reference_holds() {
        let data = load(None).expect("the built-in data loads");
        assert_eq!(data.formations.formation.len(), 5);
        assert_eq!(data.menus.menu.len(), 3);
        assert!(data.rulings.rulings.len() >= 41);
    }

    #[test]
    fn formation_steps_go_the_short_way_round_the_ring() {
        let data = load(None).expect("loads");
        let f = &data.formations;
        assert_eq!(f.steps("fire", "water"), Some(1));
        assert_eq!(f.steps("fire", "void"), Some(2));
        assert_eq!(f.steps("fire", "earth"), Some(1), "the ring wraps round");
        assert_eq!(f.steps("air", "air"), Some(0));
        assert!(f.strong("fire", "void"));
        assert!(!f.strong("void", "fire"));
    }
}
