//! Heroic Samurai's data, typed: element types, both shooting tables, melee, morale, the leader and
//! his characteristics, scenarios and rulings. Built into the binary from
//! `factions/heroic-samurai/`, or read from `DIR/heroic-samurai/` with `--data DIR`. Every number
//! says whether the text states it, it was rebuilt from a table that lost its layout, or it is a
//! ruling (and which one).

use std::path::Path;

use include_dir::{Dir, include_dir};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::diag::{Problem, SourceFile, TomlPath};
use crate::rulings::RulingsFile;

static EMBEDDED: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/factions/heroic-samurai");

/// The folder of this system's data, inside the shipped `factions/` or a `--data` folder.
pub const FOLDER: &str = "heroic-samurai";

/// Where a value comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Source {
    /// Stated in the rules (seed 003).
    Text,
    /// Read from a table whose layout was lost; the digest gives the reasoning.
    Rebuilt,
    /// This project's decision: `ruling` names the HS-nn.
    Ruling,
}

/// A value with where it comes from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Marked<T> {
    pub value: T,
    pub source: Source,
    /// The HS-nn ruling behind it: required when `source` is `ruling`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ruling: Option<String>,
}

/// A number with where it comes from.
pub type Num = Marked<i32>;

/// A melee Hit tier (HS-17).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Tier {
    A,
    B,
    C,
}

impl Tier {
    pub fn letter(self) -> &'static str {
        match self {
            Tier::A => "a",
            Tier::B => "b",
            Tier::C => "c",
        }
    }
}

/// What an element shoots with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Shoots {
    Bow,
    Musket,
    None,
}

/// The row of a shooting table a target is looked up in.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, clap::ValueEnum,
)]
#[serde(rename_all = "kebab-case")]
pub enum TargetRow {
    UnarmouredFoot,
    ArmouredFoot,
    UnarmouredHorse,
    ArmouredHorse,
}

impl TargetRow {
    pub fn name(self) -> &'static str {
        match self {
            TargetRow::UnarmouredFoot => "unarmoured on foot",
            TargetRow::ArmouredFoot => "armoured on foot",
            TargetRow::UnarmouredHorse => "unarmoured horseman",
            TargetRow::ArmouredHorse => "armoured horseman",
        }
    }

    pub const ALL: [TargetRow; 4] = [
        TargetRow::UnarmouredFoot,
        TargetRow::ArmouredFoot,
        TargetRow::UnarmouredHorse,
        TargetRow::ArmouredHorse,
    ];
}

/// One element type of `elements.toml`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Element {
    pub id: String,
    pub name: String,
    pub description: String,
    pub armoured: bool,
    pub mounted: bool,
    /// Its class for the morale "higher class" test (HS-31).
    pub class: Num,
    pub figures: Num,
    pub move_cm: Num,
    /// The type's own melee factor; horseback adds `melee.toml`'s `horseback`.
    pub melee_factor: Num,
    pub hit_tier: Marked<Tier>,
    pub shoots: Shoots,
    pub target_row: TargetRow,
    /// The Reputation deed a Hit on it scores (HS-66).
    pub deed: String,
    /// The element it becomes on first contact (Mounted Bandits, HS-44).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dismounts_to: Option<String>,
}

/// `elements.toml`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ElementsFile {
    /// The side of every element's square base.
    pub base_mm: Num,
    pub element: Vec<Element>,
}

/// One cell of a shooting table: a target row and a band.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Cell {
    pub target: TargetRow,
    /// 0 for the near band, 1 for the far one.
    pub band: usize,
    /// Modified scores that give 1 Distraction.
    pub distraction: Vec<u8>,
    /// Modified scores that give 1 Hit and 1 Distraction.
    pub hit: Vec<u8>,
    pub source: Source,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ruling: Option<String>,
}

/// One weapon's shooting table.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Weapon {
    pub name: String,
    /// Upper limits of the bands in cm, nearest first.
    pub bands_cm: Vec<Num>,
    pub per_archer: Num,
    /// Added when the shooter moved this turn (bows).
    pub moved: Num,
    pub per_distraction: Num,
    pub per_hit: Num,
    /// Added when the line of fire passes through smoke.
    pub smoke: Num,
    pub may_fire_after_moving: bool,
    /// Bows: the die rolled for the number of archers (a d3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub archers_die: Option<Num>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_archers: Option<Num>,
    /// Muskets: turns spent reloading after a shot.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reload_turns: Option<Num>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub smoke_turns: Option<Num>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub smoke_cm: Option<Num>,
    pub cell: Vec<Cell>,
}

impl Weapon {
    pub fn cell(&self, target: TargetRow, band: usize) -> Option<&Cell> {
        self.cell
            .iter()
            .find(|c| c.target == target && c.band == band)
    }

    /// The band a distance in cm falls in, if any.
    pub fn band(&self, cm: u32) -> Option<usize> {
        self.bands_cm
            .iter()
            .position(|b| i64::from(cm) <= i64::from(b.value))
    }
}

/// `shooting.toml`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ShootingFile {
    pub bow: Weapon,
    pub musket: Weapon,
}

/// An outnumbered factor.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Outnumbered {
    pub enemies: u32,
    pub modifier: Num,
}

/// A Hit tier's threshold and offset.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TierRow {
    pub id: Tier,
    pub min_margin: Num,
    pub offset: Num,
    pub against: String,
}

/// `melee.toml`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MeleeFile {
    pub horseback: Num,
    pub per_distraction: Num,
    pub per_hit: Num,
    pub push_back_cm: Num,
    pub draw_distractions: Num,
    pub loss_distractions: Num,
    pub removed_at_hits: Num,
    pub outnumbered: Vec<Outnumbered>,
    pub tier: Vec<TierRow>,
}

impl MeleeFile {
    pub fn tier(&self, id: Tier) -> Option<&TierRow> {
        self.tier.iter().find(|t| t.id == id)
    }

    /// The factor of one element against `enemies` enemies (0 when not outnumbered).
    pub fn outnumbered_by(&self, enemies: u32) -> i32 {
        self.outnumbered
            .iter()
            .filter(|o| o.enemies <= enemies)
            .max_by_key(|o| o.enemies)
            .map_or(0, |o| o.modifier.value)
    }
}

/// A morale modifier.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MoraleModifier {
    pub id: String,
    pub value: Num,
    /// Counted once per Hit or element, not once.
    pub per: bool,
    pub when: String,
}

/// A morale state and the lowest score that gives it.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MoraleState {
    pub id: String,
    pub name: String,
    pub min_score: Num,
    pub effect: String,
}

/// `morale.toml`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MoraleFile {
    pub triggers: Vec<String>,
    pub leader_present_cm: Num,
    pub outnumbered_cm: Num,
    pub other_leader_speech_cm: Num,
    pub modifier: Vec<MoraleModifier>,
    pub state: Vec<MoraleState>,
}

impl MoraleFile {
    pub fn modifier(&self, id: &str) -> i32 {
        self.modifier
            .iter()
            .find(|m| m.id == id)
            .map_or(0, |m| m.value.value)
    }
}

/// The leader's own profile.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LeaderProfile {
    pub name: String,
    pub factor: Num,
    pub move_cm: Num,
    pub mounted_move_cm: Num,
    /// Hits an Average leader carries and fights on with.
    pub hits: Num,
    pub hit_tier: Marked<Tier>,
    pub class: Num,
    pub base_mm: Num,
    pub target_row: TargetRow,
    pub mounted_target_row: TargetRow,
    pub ignores_distractions_when_shot: bool,
}

/// A personal-combat intention.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Intention {
    pub face: u8,
    pub id: String,
    pub name: String,
    pub meaning: String,
}

/// The personal-combat numbers.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PersonalCombat {
    pub rounds: Num,
    pub hits_to_winner: Num,
}

/// A Prowess level.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Prowess {
    pub faces: Vec<u8>,
    pub id: String,
    pub name: String,
    pub melee: Num,
}

/// A Charisma level.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Charisma {
    pub faces: Vec<u8>,
    pub id: String,
    pub name: String,
    pub may_inspire: bool,
    pub regroup_removes: Num,
    pub speech: Num,
}

/// An Endurance level.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Endurance {
    pub faces: Vec<u8>,
    pub id: String,
    pub name: String,
    pub hits: Num,
}

/// A Reputation deed.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Deed {
    pub id: String,
    pub against: String,
    pub points: Num,
}

/// A Reputation level: totals, not increments (HS-42).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Reputation {
    pub id: String,
    pub name: String,
    pub threshold: Num,
    pub melee: Num,
    pub extra_hits: Num,
}

/// An action a leader declares (§3).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Action {
    pub id: String,
    pub name: String,
    pub effect: String,
    pub ruling: String,
}

/// `leaders.toml`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LeadersFile {
    pub leader: LeaderProfile,
    pub intention: Vec<Intention>,
    pub personal_combat: PersonalCombat,
    pub prowess: Vec<Prowess>,
    pub charisma: Vec<Charisma>,
    pub endurance: Vec<Endurance>,
    pub deed: Vec<Deed>,
    pub reputation: Vec<Reputation>,
    pub action: Vec<Action>,
}

/// A level of a d6 characteristic, found by face or by id.
pub trait Level {
    fn faces(&self) -> &[u8];
    fn id(&self) -> &str;
}

macro_rules! level {
    ($($t:ty),*) => {$(
        impl Level for $t {
            fn faces(&self) -> &[u8] {
                &self.faces
            }
            fn id(&self) -> &str {
                &self.id
            }
        }
    )*};
}
level!(Prowess, Charisma, Endurance);

/// The level a d6 face gives.
pub fn by_face<L: Level>(levels: &[L], face: u8) -> Option<&L> {
    levels.iter().find(|l| l.faces().contains(&face))
}

impl LeadersFile {
    /// The Reputation level for campaign points.
    pub fn reputation_for(&self, points: i64) -> Option<&Reputation> {
        self.reputation
            .iter()
            .filter(|r| i64::from(r.threshold.value) <= points)
            .max_by_key(|r| r.threshold.value)
    }
}

/// A terrain piece of a scenario map.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Piece {
    pub kind: String,
    /// x, y, width, depth in mm (a hedge is a segment: depth 0).
    pub rect_mm: [u32; 4],
}

/// One scenario.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    pub id: String,
    pub name: String,
    pub description: String,
    /// Width and depth in mm.
    pub table_mm: [u32; 2],
    pub deployment_depth_mm: Num,
    pub turns: Num,
    pub victory: String,
    pub rulings: Vec<String>,
    #[serde(default)]
    pub terrain: Vec<Piece>,
}

/// A terrain type.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Terrain {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub blocks_sight: bool,
    #[serde(default)]
    pub no_push_back: bool,
    #[serde(default)]
    pub obstacle: bool,
    #[serde(default)]
    pub halves_move: bool,
    #[serde(default)]
    pub impassable: bool,
    pub effect: String,
}

/// `scenarios.toml`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScenariosFile {
    pub scenario: Vec<Scenario>,
    pub terrain: Vec<Terrain>,
}

/// All of this system's data, loaded and cross-checked.
#[derive(Debug, Clone)]
pub struct Data {
    pub base_mm: Num,
    pub elements: Vec<Element>,
    pub shooting: ShootingFile,
    pub melee: MeleeFile,
    pub morale: MoraleFile,
    pub leaders: LeadersFile,
    pub scenarios: ScenariosFile,
    pub rulings: RulingsFile,
}

impl Data {
    pub fn element(&self, id: &str) -> Option<&Element> {
        self.elements.iter().find(|e| e.id == id)
    }

    pub fn weapon(&self, shoots: Shoots) -> Option<&Weapon> {
        match shoots {
            Shoots::Bow => Some(&self.shooting.bow),
            Shoots::Musket => Some(&self.shooting.musket),
            Shoots::None => None,
        }
    }

    pub fn scenario(&self, id: &str) -> Option<&Scenario> {
        self.scenarios.scenario.iter().find(|s| s.id == id)
    }

    pub fn ruling(&self, id: &str) -> Option<&crate::rulings::Ruling> {
        self.rulings.rulings.iter().find(|r| r.id == id)
    }
}

const FILES: [&str; 7] = [
    "elements.toml",
    "shooting.toml",
    "melee.toml",
    "morale.toml",
    "leaders.toml",
    "scenarios.toml",
    "rulings.toml",
];

/// Load the data: the built-in files, or those of `DIR/heroic-samurai/` with `--data DIR` (a
/// file it lacks comes from the built-in set). Problems are located in their files.
pub fn load(data_dir: Option<&Path>) -> Result<Data, Vec<Problem>> {
    let files = crate::files::system_files(&EMBEDDED, FOLDER, &FILES, data_dir)?;
    let mut problems = Vec::new();
    use crate::files::parse_into as parse;
    let elements = parse::<ElementsFile>(&files[0], &mut problems);
    let shooting = parse::<ShootingFile>(&files[1], &mut problems);
    let melee = parse::<MeleeFile>(&files[2], &mut problems);
    let morale = parse::<MoraleFile>(&files[3], &mut problems);
    let leaders = parse::<LeadersFile>(&files[4], &mut problems);
    let scenarios = parse::<ScenariosFile>(&files[5], &mut problems);
    let rulings = parse::<RulingsFile>(&files[6], &mut problems);
    let (
        Some(elements),
        Some(shooting),
        Some(melee),
        Some(morale),
        Some(leaders),
        Some(scenarios),
        Some(rulings),
    ) = (
        elements, shooting, melee, morale, leaders, scenarios, rulings,
    )
    else {
        return Err(problems);
    };
    let data = Data {
        base_mm: elements.base_mm,
        elements: elements.element,
        shooting,
        melee,
        morale,
        leaders,
        scenarios,
        rulings,
    };
    let problems = cross_check(&data, &files);
    if problems.is_empty() {
        Ok(data)
    } else {
        Err(problems)
    }
}

/// Every id the data names exists, every `ruling` value is a ruling in `rulings.toml` (and one is
/// given whenever the source is `ruling`), every table has its cells, and the levels cover a d6.
fn cross_check(data: &Data, files: &[SourceFile]) -> Vec<Problem> {
    let mut problems = Vec::new();
    let ruling_ids: Vec<&str> = data.rulings.rulings.iter().map(|r| r.id.as_str()).collect();
    let bad = |problems: &mut Vec<Problem>, file: usize, what: String| {
        problems.push(
            Problem::error("data::reference", format!("{}: {what}", files[file].name)).at(
                &files[file],
                None,
                "in this file",
            ),
        );
    };
    // Provenance: (file, what, source, ruling).
    let mut marks: Vec<(usize, String, Source, Option<&str>)> = Vec::new();
    fn mark<'a>(
        marks: &mut Vec<(usize, String, Source, Option<&'a str>)>,
        file: usize,
        what: String,
        source: Source,
        ruling: &'a Option<String>,
    ) {
        marks.push((file, what, source, ruling.as_deref()));
    }
    for e in &data.elements {
        for (what, n) in [
            ("class", &e.class),
            ("figures", &e.figures),
            ("move_cm", &e.move_cm),
            ("melee_factor", &e.melee_factor),
        ] {
            mark(
                &mut marks,
                0,
                format!("{} {what}", e.id),
                n.source,
                &n.ruling,
            );
        }
        mark(
            &mut marks,
            0,
            format!("{} hit_tier", e.id),
            e.hit_tier.source,
            &e.hit_tier.ruling,
        );
    }
    for (name, w) in [
        ("bow", &data.shooting.bow),
        ("musket", &data.shooting.musket),
    ] {
        for c in &w.cell {
            mark(&mut marks, 1, format!("{name} cell"), c.source, &c.ruling);
        }
        for n in [
            &w.per_archer,
            &w.moved,
            &w.per_distraction,
            &w.per_hit,
            &w.smoke,
        ]
        .into_iter()
        .chain(&w.bands_cm)
        .chain(w.max_archers.iter())
        .chain(w.reload_turns.iter())
        .chain(w.smoke_turns.iter())
        .chain(w.smoke_cm.iter())
        {
            mark(&mut marks, 1, format!("{name} value"), n.source, &n.ruling);
        }
    }
    let m = &data.melee;
    for n in [
        &m.horseback,
        &m.per_distraction,
        &m.per_hit,
        &m.push_back_cm,
        &m.draw_distractions,
        &m.loss_distractions,
        &m.removed_at_hits,
    ]
    .into_iter()
    .chain(m.outnumbered.iter().map(|o| &o.modifier))
    .chain(m.tier.iter().flat_map(|t| [&t.min_margin, &t.offset]))
    {
        mark(&mut marks, 2, "melee value".to_owned(), n.source, &n.ruling);
    }
    let mo = &data.morale;
    for n in [
        &mo.leader_present_cm,
        &mo.outnumbered_cm,
        &mo.other_leader_speech_cm,
    ]
    .into_iter()
    .chain(mo.modifier.iter().map(|x| &x.value))
    .chain(mo.state.iter().map(|x| &x.min_score))
    {
        mark(
            &mut marks,
            3,
            "morale value".to_owned(),
            n.source,
            &n.ruling,
        );
    }
    let l = &data.leaders;
    for n in [
        &l.leader.factor,
        &l.leader.move_cm,
        &l.leader.mounted_move_cm,
        &l.leader.hits,
        &l.leader.class,
        &l.leader.base_mm,
    ]
    .into_iter()
    .chain(
        l.reputation
            .iter()
            .flat_map(|r| [&r.threshold, &r.melee, &r.extra_hits]),
    )
    .chain(l.prowess.iter().map(|p| &p.melee))
    .chain(l.endurance.iter().map(|p| &p.hits))
    .chain(l.deed.iter().map(|d| &d.points))
    {
        mark(
            &mut marks,
            4,
            "leader value".to_owned(),
            n.source,
            &n.ruling,
        );
    }
    for s in &data.scenarios.scenario {
        for n in [&s.deployment_depth_mm, &s.turns] {
            mark(
                &mut marks,
                5,
                format!("scenario {}", s.id),
                n.source,
                &n.ruling,
            );
        }
    }
    for (file, what, source, ruling) in marks {
        match (source, ruling) {
            (Source::Ruling, None) => bad(
                &mut problems,
                file,
                format!("{what}: a ruling value names no ruling"),
            ),
            (_, Some(id)) if !ruling_ids.contains(&id) => {
                bad(
                    &mut problems,
                    file,
                    format!("{what}: ruling `{id}` is not in rulings.toml"),
                );
            }
            _ => {}
        }
    }
    // References.
    for e in &data.elements {
        if let Some(to) = &e.dismounts_to
            && data.element(to).is_none()
        {
            bad(
                &mut problems,
                0,
                format!("{} dismounts to no element `{to}`", e.id),
            );
        }
        if !data.leaders.deed.iter().any(|d| d.id == e.deed) {
            bad(
                &mut problems,
                0,
                format!("{}: leaders.toml has no deed `{}`", e.id, e.deed),
            );
        }
        if data.melee.tier(e.hit_tier.value).is_none() {
            bad(
                &mut problems,
                0,
                format!(
                    "{}: melee.toml has no tier `{}`",
                    e.id,
                    e.hit_tier.value.letter()
                ),
            );
        }
    }
    for (name, w) in [
        ("bow", &data.shooting.bow),
        ("musket", &data.shooting.musket),
    ] {
        for row in TargetRow::ALL {
            for band in 0..w.bands_cm.len() {
                if w.cell(row, band).is_none() {
                    bad(
                        &mut problems,
                        1,
                        format!("{name}: no cell for {} in band {band}", row.name()),
                    );
                }
            }
        }
        for c in &w.cell {
            if c.band >= w.bands_cm.len() {
                bad(
                    &mut problems,
                    1,
                    format!("{name}: a cell's band {} is past the last band", c.band),
                );
            }
            if c.distraction
                .iter()
                .chain(&c.hit)
                .any(|f| !(1..=6).contains(f))
                || c.hit.iter().any(|f| c.distraction.contains(f))
            {
                bad(
                    &mut problems,
                    1,
                    format!(
                        "{name}: a {} cell has a face off the d6 or in both results",
                        c.target.name()
                    ),
                );
            }
        }
    }
    for (what, faces) in [
        (
            "prowess",
            l.prowess
                .iter()
                .map(|p| p.faces.as_slice())
                .collect::<Vec<_>>(),
        ),
        (
            "charisma",
            l.charisma.iter().map(|p| p.faces.as_slice()).collect(),
        ),
        (
            "endurance",
            l.endurance.iter().map(|p| p.faces.as_slice()).collect(),
        ),
    ] {
        let mut all: Vec<u8> = faces.concat();
        all.sort_unstable();
        if all != [1, 2, 3, 4, 5, 6] {
            bad(
                &mut problems,
                4,
                format!("the {what} levels do not cover each d6 face once"),
            );
        }
    }
    for a in &l.action {
        if !ruling_ids.contains(&a.ruling.as_str()) {
            bad(
                &mut problems,
                4,
                format!(
                    "action `{}` cites ruling `{}`, not in rulings.toml",
                    a.id, a.ruling
                ),
            );
        }
    }
    for s in &data.scenarios.scenario {
        for (i, p) in s.terrain.iter().enumerate() {
            if !data.scenarios.terrain.iter().any(|t| t.id == p.kind) {
                let at = TomlPath::root()
                    .key("scenario")
                    .key("terrain")
                    .index(i)
                    .key("kind");
                let ids = data.scenarios.terrain.iter().map(|t| t.id.as_str());
                problems.push(
                    Problem::error(
                        "data::reference",
                        format!("scenario `{}`: no terrain type `{}`", s.id, p.kind),
                    )
                    .with_help(crate::diag::did_you_mean(&p.kind, ids))
                    .at_path(&files[5], &at, "this kind"),
                );
            }
        }
        for r in &s.rulings {
            if !ruling_ids.contains(&r.as_str()) {
                problems.push(
                    Problem::error(
                        "data::reference",
                        format!(
                            "scenario `{}` cites ruling `{r}`, not in rulings.toml",
                            s.id
                        ),
                    )
                    .at(&files[5], None, "in this file"),
                );
            }
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_data_loads_and_every_reference_holds() {
        let data = match load(None) {
            Ok(data) => data,
            Err(problems) => panic!("{problems:#?}"),
        };
        assert_eq!(data.elements.len(), 13);
        assert!(data.ruling("HS-23").is_some());
        assert!(data.ruling("HS-68").is_some());
        assert_eq!(data.shooting.bow.cell.len(), 8);
        assert_eq!(data.shooting.musket.cell.len(), 8);
    }
}
