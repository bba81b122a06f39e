//! The battle file (`system = "l5r-mass-battle"`, digest §16) and every check on it: two sides,
//! each with a General, squads of at least 1 MP and officers whose roles and rolls the rules
//! allow; a map of zones with known effects that fit their zones; formations that exist.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::data::{Applies, Data, Reach};
use super::dice::{Dice, Pool, parse_pool};
use crate::diag::{Breach, Problem, ProblemJson, SourceFile, TomlPath, did_you_mean};

/// A battle file.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "L5R mass battle")]
pub struct BattleFile {
    /// Always `l5r-mass-battle`.
    pub system: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// A line for the sheet: where and why the battle is fought.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// How raises are counted (L5R-02): declared before the roll, or from the margin after it.
    #[serde(default)]
    pub raises: RaiseMode,
    /// The champions may duel (Step 2.5) when both sides agree (L5R-15).
    #[serde(default = "yes")]
    pub duel: bool,
    /// The tactical map; five zones of Size 5 in a line when absent (L5R-09, L5R-10).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub map: Option<MapEntry>,
    pub side: Sides,
}

fn yes() -> bool {
    true
}

/// How raises are counted (L5R-02).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum RaiseMode {
    #[default]
    Declared,
    Margin,
}

/// A side of the battle: `a` or `b`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum SideId {
    A,
    B,
}

impl SideId {
    pub fn index(self) -> usize {
        match self {
            SideId::A => 0,
            SideId::B => 1,
        }
    }

    pub fn letter(self) -> &'static str {
        match self {
            SideId::A => "a",
            SideId::B => "b",
        }
    }
}

/// `[side.a]` and `[side.b]`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Sides {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub a: Option<SideEntry>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub b: Option<SideEntry>,
}

/// The map.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MapEntry {
    /// The zones, from side A's rear to side B's for a line.
    pub zones: Vec<ZoneEntry>,
    /// The zone both armies start in (0-based; the middle one when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<i64>,
    /// The defending side, for effects that help the defender or hurt the attacker.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defender: Option<SideId>,
    /// Where the map comes from, for the sheet (a ruling's map says so).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
}

/// One zone.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ZoneEntry {
    pub name: String,
    /// Squads a side can engage here (5 when absent, L5R-10).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size: Option<i64>,
    #[serde(default)]
    pub effects: Vec<EffectEntry>,
    /// For a graph map: the neighbour toward side A's rear (none: off the map).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rear_a: Option<String>,
    /// The neighbour toward side B's rear.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rear_b: Option<String>,
}

/// Whom an effect belongs to or targets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum EffectSide {
    Attacker,
    Defender,
    A,
    B,
}

/// One zone effect (L5R-26).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EffectEntry {
    /// An effect id (`factions/l5r-mass-battle/zone-effects.toml`): walls, moat, traps, ...
    pub kind: String,
    /// Its strength: MP, or k0 of Attrition for Traps (1 when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub x: Option<i64>,
    /// The side it belongs to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<EffectSide>,
    /// Shown as "???" on the players' copy until revealed (L5R-27).
    #[serde(default)]
    pub hidden: bool,
    /// Officers may eliminate it with 2 raises once it is revealed.
    #[serde(default)]
    pub removable: bool,
    /// Rounds it works (Traps: 2 when absent; Siege Weapons: every other round).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub uses: Option<i64>,
}

impl EffectEntry {
    pub fn x(&self) -> i64 {
        self.x.unwrap_or(1)
    }
}

/// One side.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SideEntry {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub general: Option<GeneralEntry>,
    #[serde(default)]
    pub officers: Vec<OfficerEntry>,
    #[serde(default)]
    pub squads: Vec<SquadEntry>,
    /// The opening formation (the policy picks when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub formation: Option<String>,
}

impl SideEntry {
    pub fn mp(&self) -> i64 {
        self.squads
            .iter()
            .fold(0i64, |acc, s| acc.saturating_add(s.mp.max(0)))
    }
}

/// The General.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GeneralEntry {
    pub name: String,
    /// An NPC General buys from the NPC menu (L5R-38).
    #[serde(default)]
    pub npc: bool,
    /// Battle skill rank (0-10).
    pub battle: i64,
    /// Perception trait (1-10).
    pub perception: i64,
    /// Willpower trait (1-10).
    pub willpower: i64,
    /// Wounds, armour and weapons (L5R-23, L5R-24).
    #[serde(default, skip_serializing_if = "Body::is_empty")]
    pub body: Body,
}

/// Wounds, armour and weapons, for raids and Attrition (L5R-23, L5R-24): `body = { dead_at = 57,
/// reduction = 3 }`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Body {
    /// Wounds at which he is Crippled (captured, for an officer).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub crippled_at: Option<i64>,
    /// Wounds at which he dies.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dead_at: Option<i64>,
    /// Taken off every wound roll.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reduction: Option<i64>,
    /// The TN to hit him.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub armor_tn: Option<i64>,
    /// His attack roll, XkY.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attack: Option<String>,
    /// His damage roll, XkY.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage: Option<String>,
}

impl Body {
    pub fn is_empty(&self) -> bool {
        self.crippled_at.is_none()
            && self.dead_at.is_none()
            && self.reduction.is_none()
            && self.armor_tn.is_none()
            && self.attack.is_none()
            && self.damage.is_none()
    }
}

/// A Skill rank with its Trait, `[rank, trait]`, or a bare rank for Spellcraft (rolled with a
/// Ring, `rings`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum RollValue {
    Pair([i64; 2]),
    Rank(i64),
}

/// One officer.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OfficerEntry {
    pub name: String,
    /// A player character rolls; an NPC officer gives an automatic bonus (true when absent).
    #[serde(default = "yes")]
    pub pc: bool,
    /// officer, scout, herald, champion, medic or shugenja (`officer` when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub role: Option<String>,
    /// Skill → [rank, trait] for each roll he can make: `stealth = [3, 3]`.
    #[serde(default)]
    pub rolls: BTreeMap<String, RollValue>,
    /// Officer actions a round (1 when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counts_as: Option<i64>,
    /// An NPC officer's usual bonus: shore-defenses, attack-officers or exploit-opportunity.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bonus: Option<String>,
    /// A shugenja's Rings, for Spellcraft: `water = 3`.
    #[serde(default)]
    pub rings: BTreeMap<String, i64>,
    /// A shugenja's spell slots by element: `water = 2`.
    #[serde(default)]
    pub spells: BTreeMap<String, i64>,
    /// Void spells are open to him (L5R-39).
    #[serde(default)]
    pub ishiken: bool,
    /// A medic's medicine-kit uses (each lowers one squad's loss chance, L5R-29).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kits: Option<i64>,
    /// Status, for ransom (Status × 10 koku).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<i64>,
    /// Wounds, armour and weapons (L5R-23, L5R-24).
    #[serde(default, skip_serializing_if = "Body::is_empty")]
    pub body: Body,
}

impl OfficerEntry {
    pub fn role(&self) -> &str {
        self.role.as_deref().unwrap_or("officer")
    }

    pub fn actions(&self) -> i64 {
        self.counts_as.unwrap_or(1)
    }
}

/// One squad.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SquadEntry {
    pub name: String,
    /// Military Power: 1, more for elite squads.
    pub mp: i64,
    /// Marked elite on the sheet (any squad above 1 MP is).
    #[serde(default)]
    pub elite: bool,
}

impl SquadEntry {
    pub fn elite(&self) -> bool {
        self.elite || self.mp > 1
    }
}

/// A legal battle file to start from, named `name` (TOML-escaped).
pub fn starter_toml(name: &str) -> String {
    let name = toml::Value::String(name.to_owned()).to_string();
    format!(
        r#"# An L5R mass battle (`buntai validate`, `buntai print`, `buntai simulate` this file).
# Without [map], five zones of Size 5 in a line, both armies in the centre (L5R-09, L5R-10).
system = "l5r-mass-battle"
name = {name}

# [map]
# defender = "a"
# zones = [{{ name = "Gate", size = 2, effects = [{{ kind = "walls", x = 2, side = "defender" }}] }}, ...]

[side.a]
name = "Side A"
general = {{ name = "General A", battle = 3, perception = 3, willpower = 3 }}
officers = [
  {{ name = "Scout A", role = "scout", rolls = {{ stealth = [3, 3], kenjutsu = [2, 3] }} }},
  {{ name = "Herald A", role = "herald", rolls = {{ sincerity = [3, 3] }} }},
]
squads = [
  {{ name = "Ashigaru 1", mp = 1 }},
  {{ name = "Ashigaru 2", mp = 1 }},
  {{ name = "Ashigaru 3", mp = 1 }},
  {{ name = "Samurai", mp = 2 }},
]

[side.b]
name = "Side B"
general = {{ name = "General B", battle = 3, perception = 3, willpower = 3 }}
officers = [
  {{ name = "Scout B", role = "scout", rolls = {{ investigation = [3, 3], kenjutsu = [2, 3] }} }},
  {{ name = "Herald B", role = "herald", rolls = {{ intimidation = [3, 3] }} }},
]
squads = [
  {{ name = "Ashigaru 1", mp = 1 }},
  {{ name = "Ashigaru 2", mp = 1 }},
  {{ name = "Ashigaru 3", mp = 1 }},
  {{ name = "Samurai", mp = 2 }},
]
"#
    )
}

/// The zones of a battle's map (the default line when the file has none).
pub fn zones(data: &Data, file: &BattleFile) -> Vec<ZoneEntry> {
    match &file.map {
        Some(map) => map.zones.clone(),
        None => (0..data.numbers.zones.value.max(1))
            .map(|i| ZoneEntry {
                name: format!("Zone {i}"),
                size: None,
                effects: Vec::new(),
                rear_a: None,
                rear_b: None,
            })
            .collect(),
    }
}

/// A Skill/Trait pool: (rank + trait) k trait, untrained at rank 0 (L5R-01).
pub fn skill_pool(rank: i64, trait_value: i64) -> Pool {
    let clamp = |n: i64| n.clamp(-99, 99) as i32;
    Pool {
        rolled: clamp(rank + trait_value),
        kept: clamp(trait_value),
        bonus: 0,
        dice: if rank > 0 {
            Dice::TRAINED
        } else {
            Dice::UNTRAINED
        },
    }
}

/// What validating one battle file found.
pub type Verdict = crate::diag::Verdict<BattleFile>;

/// Read and check one battle file.
pub fn validate(data: &Data, file: &SourceFile) -> Verdict {
    crate::diag::parse_and_check(file, |b| check(data, file, b))
}

/// Every rule a battle file must keep, each broken one a located breach.
pub fn check(data: &Data, file: &SourceFile, battle: &BattleFile) -> Vec<Breach> {
    let mut out = Vec::new();
    let root = TomlPath::root();
    let mut breach = |rule: &'static str, problem: Problem| out.push(Breach { rule, problem });
    let err = located(file);
    if battle.system != super::ID {
        breach(
            "system",
            err(
                format!("`{}` is not this system", battle.system),
                format!("write system = \"{}\"", super::ID),
                &root.key("system"),
                "this system",
            ),
        );
    }
    check_map(data, file, battle, &mut breach);
    for (id, side) in [(SideId::A, &battle.side.a), (SideId::B, &battle.side.b)] {
        let at = root.key("side").key(id.letter());
        let Some(side) = side else {
            breach(
                "sides",
                err(
                    format!("the battle has no side {}", id.letter().to_uppercase()),
                    format!(
                        "add [side.{}] with a name, a general and squads",
                        id.letter()
                    ),
                    &root.key("side"),
                    "the sides",
                ),
            );
            continue;
        };
        check_side(data, file, side, &at, &mut breach);
    }
    out
}

fn check_map(
    data: &Data,
    file: &SourceFile,
    battle: &BattleFile,
    breach: &mut impl FnMut(&'static str, Problem),
) {
    let Some(map) = &battle.map else { return };
    let at = TomlPath::root().key("map");
    let err = located(file);
    if map.zones.is_empty() {
        breach(
            "map",
            err(
                "the map has no zones".to_owned(),
                "give at least one zone (five is usual), or leave [map] out".to_owned(),
                &at.key("zones"),
                "no zones",
            ),
        );
        return;
    }
    let names: Vec<&str> = map.zones.iter().map(|z| z.name.as_str()).collect();
    if let Some(start) = map.start
        && (start < 0 || start >= map.zones.len() as i64)
    {
        breach(
            "map",
            err(
                format!("the armies start in zone {start}, which the map does not have"),
                format!("zones are numbered 0 to {}", map.zones.len() - 1),
                &at.key("start"),
                "this zone",
            ),
        );
    }
    for (i, zone) in map.zones.iter().enumerate() {
        let zat = at.key("zones").index(i);
        if names.iter().filter(|n| **n == zone.name).count() > 1 {
            breach(
                "map",
                err(
                    format!("two zones are named `{}`", zone.name),
                    "give each zone its own name".to_owned(),
                    &zat.key("name"),
                    "this name",
                ),
            );
        }
        let size = zone.size.unwrap_or(i64::from(data.numbers.zone_size.value));
        if size < 1 {
            breach(
                "zone-size",
                err(
                    format!(
                        "zone `{}` has Size {size}: no squad could fight there",
                        zone.name
                    ),
                    "a Size is the squads a side can engage there, at least 1".to_owned(),
                    &zat.key("size"),
                    "this Size",
                ),
            );
        }
        for (key, rear) in [("rear_a", &zone.rear_a), ("rear_b", &zone.rear_b)] {
            if let Some(rear) = rear
                && !names.contains(&rear.as_str())
            {
                breach(
                    "map",
                    err(
                        format!("zone `{}` names no zone `{rear}` as its {key}", zone.name),
                        did_you_mean(rear, names.iter().copied()),
                        &zat.key(key),
                        "this zone",
                    ),
                );
            }
        }
        for (j, effect) in zone.effects.iter().enumerate() {
            let eat = zat.key("effects").index(j);
            let Some(kind) = data.effect(&effect.kind) else {
                let ids = data.effects.effect.iter().map(|e| e.id.as_str());
                breach(
                    "zone-effect",
                    err(
                        format!("there is no zone effect `{}`", effect.kind),
                        did_you_mean(&effect.kind, ids),
                        &eat.key("kind"),
                        "this effect",
                    ),
                );
                continue;
            };
            if effect.x() < 0 {
                breach(
                    "zone-effect",
                    err(
                        format!("{} has x = {}", kind.name, effect.x()),
                        "x is a strength: 0 or more".to_owned(),
                        &eat.key("x"),
                        "this x",
                    ),
                );
            }
            if kind.within_size && effect.x() > size {
                breach(
                    "zone-effect",
                    err(
                        format!(
                            "the {} in `{}` hides {} MP, more than the zone's Size {size}",
                            kind.name,
                            zone.name,
                            effect.x()
                        ),
                        "the zone must be big enough for the troops hidden there (L5R-26)"
                            .to_owned(),
                        &eat.key("x"),
                        "this x",
                    ),
                );
            }
            let owned = matches!(kind.applies, Applies::Owner | Applies::EnemyOfOwner)
                || matches!(kind.reach, Reach::Adjacent | Reach::Far);
            let side_needs_defender =
                matches!(
                    effect.side,
                    Some(EffectSide::Attacker | EffectSide::Defender)
                ) || matches!(kind.applies, Applies::Attacker | Applies::Defender);
            if owned && effect.side.is_none() {
                breach(
                    "zone-effect",
                    err(
                        format!("{} in `{}` belongs to no side", kind.name, zone.name),
                        "add side = \"a\", \"b\", \"attacker\" or \"defender\"".to_owned(),
                        &eat,
                        "this effect",
                    ),
                );
            }
            if side_needs_defender && map.defender.is_none() {
                breach(
                    "zone-effect",
                    err(
                        format!(
                            "{} in `{}` works for or against the defender, but the map names none",
                            kind.name, zone.name
                        ),
                        "add defender = \"a\" or \"b\" to [map]".to_owned(),
                        &eat,
                        "this effect",
                    ),
                );
            }
            if effect.uses.is_some_and(|u| u < 0) {
                breach(
                    "zone-effect",
                    err(
                        format!("{} has uses = {}", kind.name, effect.uses.unwrap_or(0)),
                        "uses counts rounds: 0 or more".to_owned(),
                        &eat.key("uses"),
                        "these uses",
                    ),
                );
            }
        }
    }
}

/// A battle error in `file` at a path, with its fix: `err(message, help, path, label)`.
fn located(file: &SourceFile) -> impl Fn(String, String, &TomlPath, &str) -> Problem + '_ {
    move |message, help, path, label| {
        Problem::error("battle", message)
            .with_help(help)
            .at_path(file, path, label.to_owned())
    }
}

/// Is `n` within `lo..=hi`? If not, the breach.
fn range_check(
    file: &SourceFile,
    what: &str,
    n: i64,
    lo: i64,
    hi: i64,
    path: &TomlPath,
) -> Option<Problem> {
    (n < lo || n > hi).then(|| {
        Problem::error(
            "battle",
            format!("{what} is {n}: it runs from {lo} to {hi}"),
        )
        .with_help(format!("give a number from {lo} to {hi}"))
        .at_path(file, path, "this value")
    })
}

fn check_body(
    file: &SourceFile,
    who: &str,
    body: &Body,
    at: &TomlPath,
    breach: &mut impl FnMut(&'static str, Problem),
) {
    if let (Some(c), Some(d)) = (body.crippled_at, body.dead_at)
        && c >= d
    {
        breach(
            "wounds",
            Problem::error(
                "battle",
                format!("{who} is Crippled at {c} wounds but dead at {d}"),
            )
            .with_help("crippled_at comes before dead_at")
            .at_path(file, &at.key("crippled_at"), "this total"),
        );
    }
    for (key, n) in [
        ("crippled_at", body.crippled_at),
        ("dead_at", body.dead_at),
        ("reduction", body.reduction),
        ("armor_tn", body.armor_tn),
    ] {
        if let Some(n) = n
            && let Some(p) = range_check(file, &format!("{who}'s {key}"), n, 0, 500, &at.key(key))
        {
            breach("wounds", p);
        }
    }
    for (key, pool) in [("attack", &body.attack), ("damage", &body.damage)] {
        if let Some(text) = pool
            && let Err(message) = parse_pool(text)
        {
            breach(
                "pool",
                Problem::error("battle", format!("{who}'s {key}: {message}"))
                    .with_help("write a pool as XkY, e.g. 6k3")
                    .at_path(file, &at.key(key), "this pool"),
            );
        }
    }
}

fn check_side(
    data: &Data,
    file: &SourceFile,
    side: &SideEntry,
    at: &TomlPath,
    breach: &mut impl FnMut(&'static str, Problem),
) {
    let err = located(file);
    match &side.general {
        None => breach(
            "general",
            err(
                format!("{} has no General", side.name),
                "add general = { name = \"...\", battle = 3, perception = 3, willpower = 3 }"
                    .to_owned(),
                at,
                "this side",
            ),
        ),
        Some(g) => {
            let gat = at.key("general");
            for (key, n, lo) in [
                ("battle", g.battle, 0),
                ("perception", g.perception, 1),
                ("willpower", g.willpower, 1),
            ] {
                if let Some(p) = range_check(
                    file,
                    &format!("{}'s {key}", g.name),
                    n,
                    lo,
                    10,
                    &gat.key(key),
                ) {
                    breach("general", p);
                }
            }
            check_body(file, &g.name, &g.body, &gat.key("body"), breach);
        }
    }
    if let Some(f) = &side.formation
        && data.formations.get(f).is_none()
    {
        let ids = data.formations.formation.iter().map(|x| x.id.as_str());
        breach(
            "formation",
            err(
                format!("there is no formation `{f}`"),
                did_you_mean(f, ids),
                &at.key("formation"),
                "this formation",
            ),
        );
    }
    if side.squads.is_empty() {
        breach(
            "squads",
            err(
                format!("{} has no squads", side.name),
                "add squads = [{ name = \"Ashigaru 1\", mp = 1 }, ...]".to_owned(),
                at,
                "this side",
            ),
        );
    }
    for (i, squad) in side.squads.iter().enumerate() {
        if squad.mp < 1 {
            breach(
                "mp",
                err(
                    format!("squad `{}` has {} MP", squad.name, squad.mp),
                    "every squad is worth 1 MP or more".to_owned(),
                    &at.key("squads").index(i).key("mp"),
                    "this MP",
                ),
            );
        } else if squad.mp > 99 {
            breach(
                "mp",
                err(
                    format!("squad `{}` has {} MP", squad.name, squad.mp),
                    "a squad is 10-15 soldiers: give it at most 99 MP".to_owned(),
                    &at.key("squads").index(i).key("mp"),
                    "this MP",
                ),
            );
        }
    }
    if side.squads.len() > 99 {
        breach(
            "squads",
            err(
                format!("{} has {} squads", side.name, side.squads.len()),
                "a mass battle here is a few squads a side: at most 99".to_owned(),
                &at.key("squads"),
                "these squads",
            ),
        );
    }
    for (i, o) in side.officers.iter().enumerate() {
        check_officer(data, file, o, &at.key("officers").index(i), breach);
    }
}

fn check_officer(
    data: &Data,
    file: &SourceFile,
    o: &OfficerEntry,
    at: &TomlPath,
    breach: &mut impl FnMut(&'static str, Problem),
) {
    let err = located(file);
    let roles = &data.roles;
    let role = roles.get(o.role());
    if role.is_none() {
        let ids = roles.role.iter().map(|r| r.id.as_str());
        breach(
            "role",
            err(
                format!("{} has no role `{}`", o.name, o.role()),
                did_you_mean(o.role(), ids),
                &at.key("role"),
                "this role",
            ),
        );
    }
    let shugenja = o.role() == "shugenja";
    if let Some(n) = o.counts_as
        && let Some(p) = range_check(
            file,
            &format!("{}'s counts_as", o.name),
            n,
            1,
            10,
            &at.key("counts_as"),
        )
    {
        breach("officer", p);
    }
    if !o.pc {
        if !o.rolls.is_empty() {
            breach(
                "officer",
                Problem::warning(
                    "battle",
                    format!("{} is an NPC officer: NPC officers do not roll", o.name),
                )
                .with_help("remove `rolls`, or make him a PC (pc = true)")
                .at_path(file, &at.key("rolls"), "these rolls"),
            );
        }
        if let Some(b) = &o.bonus
            && !roles.npc_bonuses.iter().any(|x| &x.id == b)
        {
            let ids = roles.npc_bonuses.iter().map(|x| x.id.as_str());
            breach(
                "officer",
                err(
                    format!("there is no NPC bonus `{b}`"),
                    did_you_mean(b, ids),
                    &at.key("bonus"),
                    "this bonus",
                ),
            );
        }
    } else if o.bonus.is_some() {
        breach(
            "officer",
            err(
                format!(
                    "{} is a PC officer: only NPC officers take an automatic bonus",
                    o.name
                ),
                "remove `bonus`, or make him an NPC (pc = false)".to_owned(),
                &at.key("bonus"),
                "this bonus",
            ),
        );
    }
    // An unknown role is reported above; its rolls cannot be judged.
    let judged = if role.is_some() {
        &o.rolls
    } else {
        &BTreeMap::new()
    };
    for (skill, value) in judged {
        let rat = at.key("rolls").key(skill);
        let Some(pair) = roles.pair_for(role, skill) else {
            let mut allowed: Vec<String> = Vec::new();
            for p in role
                .into_iter()
                .flat_map(|r| &r.rolls)
                .chain(&roles.front)
                .filter(|p| shugenja || !p.shugenja)
            {
                if !allowed.contains(&p.skill) {
                    allowed.push(p.skill.clone());
                }
            }
            breach(
                "skill",
                err(
                    format!("a {} cannot roll {skill}", o.role()),
                    format!(
                        "the rolls of a {}: {} (a weapon skill is any of {})",
                        o.role(),
                        allowed.join(", "),
                        roles.weapon_skills.join(", ")
                    ),
                    &rat,
                    "this skill",
                ),
            );
            continue;
        };
        if pair.shugenja && !shugenja {
            breach(
                "skill",
                err(
                    format!("{} is no shugenja: only a shugenja rolls {skill}", o.name),
                    "give him role = \"shugenja\", or remove the roll".to_owned(),
                    &rat,
                    "this skill",
                ),
            );
        }
        let (rank, trait_value) = match *value {
            RollValue::Pair([r, t]) => (r, Some(t)),
            RollValue::Rank(r) => (r, None),
        };
        if let Some(p) = range_check(
            file,
            &format!("{}'s {skill} rank", o.name),
            rank,
            0,
            10,
            &rat,
        ) {
            breach("skill", p);
        }
        match trait_value {
            Some(t) => {
                if let Some(p) = range_check(
                    file,
                    &format!("{}'s trait for {skill}", o.name),
                    t,
                    1,
                    10,
                    &rat,
                ) {
                    breach("skill", p);
                }
            }
            None if skill != "spellcraft" => breach(
                "skill",
                err(
                    format!("{}'s {skill} gives a rank but no trait", o.name),
                    format!("write {skill} = [rank, trait], e.g. [3, 3]"),
                    &rat,
                    "this roll",
                ),
            ),
            None => {}
        }
    }
    if !o.spells.is_empty() && !shugenja {
        breach(
            "spells",
            err(
                format!("{} has spell slots but is no shugenja", o.name),
                "give him role = \"shugenja\", or remove `spells`".to_owned(),
                &at.key("spells"),
                "these spells",
            ),
        );
    }
    for (element, slots) in &o.spells {
        let sat = at.key("spells").key(element);
        let Some(spell) = data.menus.spell.iter().find(|s| &s.element == element) else {
            let ids = data.menus.spell.iter().map(|s| s.element.as_str());
            breach(
                "spells",
                err(
                    format!("there is no element `{element}`"),
                    did_you_mean(element, ids),
                    &sat,
                    "this element",
                ),
            );
            continue;
        };
        if spell.ishiken && !o.ishiken {
            breach(
                "spells",
                err(
                    format!("{} has {element} slots but is no Ishiken", o.name),
                    "Void spells are an Ishiken's only (L5R-39): add ishiken = true or remove them"
                        .to_owned(),
                    &sat,
                    "these slots",
                ),
            );
        }
        if let Some(p) = range_check(
            file,
            &format!("{}'s {element} slots", o.name),
            *slots,
            0,
            20,
            &sat,
        ) {
            breach("spells", p);
        }
        if shugenja && !o.rings.contains_key(element) {
            breach(
                "spells",
                err(
                    format!(
                        "{} casts {element} spells but has no {element} Ring",
                        o.name
                    ),
                    format!("add rings = {{ {element} = 3 }}: Spellcraft is rolled with the Ring"),
                    &sat,
                    "these slots",
                ),
            );
        }
    }
    for (ring, n) in &o.rings {
        if !roles.rings.contains(ring) {
            breach(
                "spells",
                err(
                    format!("there is no Ring `{ring}`"),
                    did_you_mean(ring, roles.rings.iter().map(String::as_str)),
                    &at.key("rings").key(ring),
                    "this Ring",
                ),
            );
        } else if let Some(p) = range_check(
            file,
            &format!("{}'s {ring} Ring", o.name),
            *n,
            1,
            10,
            &at.key("rings").key(ring),
        ) {
            breach("spells", p);
        }
    }
    if shugenja && !o.spells.is_empty() && !o.rolls.contains_key("spellcraft") {
        breach(
            "spells",
            Problem::warning(
                "battle",
                format!(
                    "{} has spell slots but no Spellcraft: his spells roll untrained",
                    o.name
                ),
            )
            .with_help("add rolls = { spellcraft = 3 }")
            .at_path(file, &at.key("spells"), "these spells"),
        );
    }
    check_body(file, &o.name, &o.body, &at.key("body"), breach);
}

/// `validate --format json` for one battle file.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct BattleVerdictJson {
    pub file: String,
    pub system: &'static str,
    pub legal: bool,
    /// Why the file could not be read at all, when it could not.
    pub error: Option<String>,
    pub name: Option<String>,
    /// Each side's name and starting MP.
    pub sides: Vec<SideSummary>,
    pub zones: usize,
    pub problems: Vec<ProblemJson>,
}

/// A side in a verdict.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct SideSummary {
    pub side: SideId,
    pub name: String,
    pub mp: i64,
    pub squads: usize,
    pub officers: usize,
    pub general: Option<String>,
}

impl BattleVerdictJson {
    pub fn new(data: &Data, v: &Verdict) -> BattleVerdictJson {
        let battle = v.parsed.as_ref();
        BattleVerdictJson {
            file: v.file.name.clone(),
            system: super::ID,
            legal: v.legal(),
            error: None,
            name: battle.and_then(|b| b.name.clone()),
            sides: battle.map_or_else(Vec::new, summaries),
            zones: battle.map_or(0, |b| zones(data, b).len()),
            problems: v.problems_json(),
        }
    }

    pub fn unreadable(name: &str, reason: &str) -> BattleVerdictJson {
        BattleVerdictJson {
            file: name.to_owned(),
            system: super::ID,
            legal: false,
            error: Some(reason.to_owned()),
            name: None,
            sides: Vec::new(),
            zones: 0,
            problems: Vec::new(),
        }
    }
}

/// Each side present, summarised.
pub fn summaries(b: &BattleFile) -> Vec<SideSummary> {
    [(SideId::A, &b.side.a), (SideId::B, &b.side.b)]
        .into_iter()
        .filter_map(|(id, s)| {
            s.as_ref().map(|s| SideSummary {
                side: id,
                name: s.name.clone(),
                mp: s.mp(),
                squads: s.squads.len(),
                officers: s.officers.len(),
                general: s.general.as_ref().map(|g| g.name.clone()),
            })
        })
        .collect()
}
