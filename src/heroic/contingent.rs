//! The contingent file (`system = "heroic-samurai"`, digest §13) and every check on it: the
//! system and side, exactly one leader with characteristics in range, known element types with
//! counts in range, archers only on samurai elements and at most 3 (HS-22), 1 to 12 elements
//! (HS-70); and, for several files, that the sides of a game make sense together (HS-61).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::data::{Data, Shoots};
use super::rules::LeaderStats;
use crate::diag::{Breach, Problem, ProblemJson, SourceFile, TomlPath, did_you_mean};

/// The most elements a contingent has (HS-70).
pub const MAX_ELEMENTS: i64 = 12;

/// A contingent file.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "Heroic Samurai contingent")]
pub struct ContingentFile {
    /// Always `heroic-samurai`.
    pub system: String,
    /// The side (clan or faction) the contingent fights for; files naming one side are one side.
    pub side: String,
    /// A name for the contingent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The scenario (`clan-feud` when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scenario: Option<String>,
    /// The contingent's one leader.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leader: Option<Leaders>,
    /// Its elements, in order.
    #[serde(default)]
    pub element: Vec<FileElement>,
}

/// `[leader]`, or (wrongly) several `[[leader]]`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum Leaders {
    One(Box<LeaderEntry>),
    Many(Vec<LeaderEntry>),
}

impl Leaders {
    pub fn all(&self) -> Vec<&LeaderEntry> {
        match self {
            Leaders::One(l) => vec![l.as_ref()],
            Leaders::Many(ls) => ls.iter().collect(),
        }
    }

    /// The path of the n-th leader.
    fn path(&self, n: usize) -> TomlPath {
        match self {
            Leaders::One(_) => TomlPath::root().key("leader"),
            Leaders::Many(_) => TomlPath::root().key("leader").index(n),
        }
    }
}

/// A d6 characteristic: a face 1-6 or a level's id (`masterful`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum Characteristic {
    Face(i64),
    Named(String),
}

/// A leader's Reputation: campaign points or a level's id (HS-71).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum ReputationValue {
    Points(i64),
    Level(String),
}

/// The leader.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LeaderEntry {
    pub name: String,
    /// On horseback (35 cm, +1 in melee).
    #[serde(default)]
    pub mounted: bool,
    /// Prowess, 1-6 or unskilled/average/strong/masterful (optional rule).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prowess: Option<Characteristic>,
    /// Charisma, 1-6 or nonentity/average/encouraging/inspiring.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub charisma: Option<Characteristic>,
    /// Endurance, 1-6 or weakling/average/robust/mighty.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub endurance: Option<Characteristic>,
    /// Reputation: campaign points, or noble/respected/heroic/impressive/fearsome/awesome.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reputation: Option<ReputationValue>,
    /// Roll the characteristics not given at set-up, from the game's seed (HS-43).
    #[serde(default)]
    pub roll: bool,
}

/// One `[[element]]`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FileElement {
    /// An element type id (`buntai systems`, `factions/heroic-samurai/elements.toml`).
    #[serde(rename = "type")]
    pub kind: String,
    /// How many such elements (1 when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<i64>,
    /// Bow-armed samurai in each (0-3); rolled 1d3 at set-up when absent (HS-22).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub archers: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

impl FileElement {
    pub fn count(&self) -> i64 {
        self.count.unwrap_or(1)
    }
}

impl ContingentFile {
    pub fn leader(&self) -> Option<&LeaderEntry> {
        self.leader
            .as_ref()
            .and_then(|l| l.all().into_iter().next())
    }

    /// Elements counted one a base.
    pub fn element_count(&self) -> i64 {
        self.element.iter().map(|e| e.count().max(0)).sum()
    }

    pub fn label(&self) -> String {
        self.name
            .clone()
            .or_else(|| self.leader().map(|l| format!("{}'s contingent", l.name)))
            .unwrap_or_else(|| format!("{} contingent", self.side))
    }
}

/// A characteristic to check: its key, value, level ids and the face it gives.
type CharacteristicCheck<'a> = (
    &'static str,
    &'a Option<Characteristic>,
    Vec<&'a str>,
    Result<u8, String>,
);

/// What validating one contingent file found.
pub type Verdict = crate::diag::Verdict<ContingentFile>;

/// Read and check one contingent file.
pub fn validate(data: &Data, file: &SourceFile) -> Verdict {
    crate::diag::parse_and_check(file, |c| check(data, file, c))
}

/// The face a characteristic gives, or why it is not one.
pub fn face_of<L: super::data::Level>(levels: &[L], value: &Characteristic) -> Result<u8, String> {
    match value {
        Characteristic::Face(n) => u8::try_from(*n)
            .ok()
            .filter(|f| (1..=6).contains(f))
            .ok_or_else(|| format!("{n} is not a d6 face (1 to 6)")),
        Characteristic::Named(name) => levels
            .iter()
            .find(|l| l.id().eq_ignore_ascii_case(name))
            .and_then(|l| l.faces().first().copied())
            .ok_or_else(|| format!("`{name}` is no level")),
    }
}

/// A valid leader entry's characteristics as numbers (rolled ones stay unset here).
pub fn stats(data: &Data, leader: &LeaderEntry) -> LeaderStats {
    let l = &data.leaders;
    LeaderStats {
        mounted: leader.mounted,
        prowess: leader
            .prowess
            .as_ref()
            .and_then(|v| face_of(&l.prowess, v).ok()),
        charisma: leader
            .charisma
            .as_ref()
            .and_then(|v| face_of(&l.charisma, v).ok()),
        endurance: leader
            .endurance
            .as_ref()
            .and_then(|v| face_of(&l.endurance, v).ok()),
        reputation: leader.reputation.as_ref().and_then(|r| match r {
            ReputationValue::Points(p) => Some(*p),
            ReputationValue::Level(id) => l
                .reputation
                .iter()
                .find(|x| x.id.eq_ignore_ascii_case(id))
                .map(|x| i64::from(x.threshold.value)),
        }),
    }
}

/// Every rule on one file, in the order a player reads it.
pub fn check(data: &Data, file: &SourceFile, c: &ContingentFile) -> Vec<Breach> {
    let mut out = Vec::new();
    let root = TomlPath::root();
    let mut breach = |rule: &'static str, problem: Problem| out.push(Breach { rule, problem });
    if c.system != super::ID {
        breach(
            "system",
            Problem::error("composition", format!("`{}` is not this system", c.system))
                .with_help(format!("write system = \"{}\"", super::ID))
                .at_path(file, &root.key("system"), "this system"),
        );
    }
    if c.side.trim().is_empty() {
        breach(
            "side",
            Problem::error("composition", "the contingent names no side")
                .with_help("write the clan or faction it fights for: side = \"Matsuda\"")
                .at_path(file, &root.key("side"), "this side"),
        );
    }
    let scenario_id = c.scenario.as_deref().unwrap_or(super::DEFAULT_SCENARIO);
    if data.scenario(scenario_id).is_none() {
        let ids = data.scenarios.scenario.iter().map(|s| s.id.as_str());
        breach(
            "scenario",
            Problem::error(
                "composition",
                format!("there is no scenario `{scenario_id}`"),
            )
            .with_help(did_you_mean(scenario_id, ids))
            .at_path(file, &root.key("scenario"), "this scenario"),
        );
    }
    // The leader: exactly one (§13).
    match &c.leader {
        None => breach(
            "leader",
            Problem::error("composition", "the contingent has no leader")
                .with_help("add a [leader] table with his name: [leader] name = \"...\"")
                .at_path(file, &root.key("side"), "this contingent"),
        ),
        Some(leaders) => {
            let all = leaders.all();
            if all.is_empty() {
                breach(
                    "leader",
                    Problem::error("composition", "the contingent has no leader")
                        .with_help("write one [leader] table")
                        .at_path(file, &root.key("leader"), "no leader here"),
                );
            }
            for n in 1..all.len() {
                breach(
                    "leader",
                    Problem::error(
                        "composition",
                        format!("the file has {} leaders; a contingent has one", all.len()),
                    )
                    .with_help("give each leader his own contingent file, with the same side")
                    .at_path(file, &leaders.path(n), "another leader"),
                );
            }
            for (n, leader) in all.iter().enumerate() {
                let at = leaders.path(n);
                if leader.name.trim().is_empty() {
                    breach(
                        "leader-name",
                        Problem::error("composition", "the leader has no name")
                            .with_help("name him: name = \"Matsuda Nobuyori\"")
                            .at_path(file, &at.key("name"), "this name"),
                    );
                }
                let l = &data.leaders;
                let checks: [CharacteristicCheck<'_>; 3] = [
                    (
                        "prowess",
                        &leader.prowess,
                        l.prowess.iter().map(|x| x.id.as_str()).collect(),
                        leader
                            .prowess
                            .as_ref()
                            .map_or(Ok(0), |v| face_of(&l.prowess, v)),
                    ),
                    (
                        "charisma",
                        &leader.charisma,
                        l.charisma.iter().map(|x| x.id.as_str()).collect(),
                        leader
                            .charisma
                            .as_ref()
                            .map_or(Ok(0), |v| face_of(&l.charisma, v)),
                    ),
                    (
                        "endurance",
                        &leader.endurance,
                        l.endurance.iter().map(|x| x.id.as_str()).collect(),
                        leader
                            .endurance
                            .as_ref()
                            .map_or(Ok(0), |v| face_of(&l.endurance, v)),
                    ),
                ];
                for (key, value, ids, face) in checks {
                    let Err(why) = face else { continue };
                    let help = match value {
                        Some(Characteristic::Named(name)) => did_you_mean(name, ids),
                        _ => format!("write 1 to 6, or one of {}", ids.join(", ")),
                    };
                    breach(
                        "characteristic",
                        Problem::error("composition", format!("{key}: {why}"))
                            .with_help(help)
                            .at_path(file, &at.key(key), "this value"),
                    );
                }
                match &leader.reputation {
                    Some(ReputationValue::Points(p)) if *p < 0 => breach(
                        "reputation",
                        Problem::error(
                            "composition",
                            format!("reputation: {p} points; a score is never below 0"),
                        )
                        .with_help("write the campaign points (0 or more) or a level")
                        .at_path(file, &at.key("reputation"), "this value"),
                    ),
                    Some(ReputationValue::Level(id))
                        if !l.reputation.iter().any(|r| r.id.eq_ignore_ascii_case(id)) =>
                    {
                        let ids = l.reputation.iter().map(|r| r.id.as_str());
                        breach(
                            "reputation",
                            Problem::error(
                                "composition",
                                format!("reputation: `{id}` is no level"),
                            )
                            .with_help(did_you_mean(id, ids))
                            .at_path(
                                file,
                                &at.key("reputation"),
                                "this level",
                            ),
                        );
                    }
                    _ => {}
                }
            }
        }
    }
    // The elements.
    if c.element.is_empty() {
        breach(
            "elements",
            Problem::error("composition", "the contingent has no elements (HS-70)")
                .with_help("add at least one [[element]] with a type")
                .at_path(file, &root.key("side"), "this contingent"),
        );
    }
    for (i, e) in c.element.iter().enumerate() {
        let at = root.key("element").index(i);
        let kind = data.element(&e.kind);
        if kind.is_none() {
            let help = if e.kind.eq_ignore_ascii_case("leader") {
                "the leader goes in the [leader] table, not in [[element]]".to_owned()
            } else {
                did_you_mean(&e.kind, data.elements.iter().map(|x| x.id.as_str()))
            };
            breach(
                "element-type",
                Problem::error(
                    "composition",
                    format!("there is no element type `{}`", e.kind),
                )
                .with_help(help)
                .at_path(file, &at.key("type"), "this type"),
            );
        }
        if let Some(n) = e.count
            && !(1..=MAX_ELEMENTS).contains(&n)
        {
            breach(
                "count",
                Problem::error(
                    "composition",
                    format!("count = {n}; an entry has 1 to {MAX_ELEMENTS} elements"),
                )
                .with_help("write a count from 1, or remove the entry")
                .at_path(file, &at.key("count"), "this count"),
            );
        }
        if let Some(a) = e.archers {
            let max = data
                .shooting
                .bow
                .max_archers
                .as_ref()
                .map_or(3, |m| i64::from(m.value));
            match kind {
                Some(k) if k.shoots != Shoots::Bow => breach(
                    "archers",
                    Problem::error(
                        "composition",
                        format!("{} carry no archers; only samurai elements do", k.name),
                    )
                    .with_help("remove archers from this element")
                    .at_path(file, &at.key("archers"), "these archers"),
                ),
                _ if !(0..=max).contains(&a) => breach(
                    "archers",
                    Problem::error(
                        "composition",
                        format!("archers = {a}; a samurai element has 0 to {max} (HS-22)"),
                    )
                    .with_help(format!("write 0 to {max}, or leave it out to roll 1d3"))
                    .at_path(file, &at.key("archers"), "this number"),
                ),
                _ => {}
            }
        }
    }
    let total = c.element_count();
    if total > MAX_ELEMENTS {
        breach(
            "elements",
            Problem::error(
                "composition",
                format!("the contingent has {total} elements; at most {MAX_ELEMENTS} (HS-70)"),
            )
            .with_help("split it between two leaders, each in his own file")
            .at_path(file, &root.key("element"), "these elements"),
        );
    }
    out
}

/// `validate --format json` for one contingent, in the shared `legal`/`problems` vocabulary.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct ContingentVerdictJson {
    pub file: String,
    pub system: &'static str,
    pub legal: bool,
    /// Why the file could not be read at all, when it could not.
    pub error: Option<String>,
    pub side: Option<String>,
    pub leader: Option<String>,
    pub elements: i64,
    pub problems: Vec<ProblemJson>,
}

impl ContingentVerdictJson {
    pub fn new(v: &Verdict) -> ContingentVerdictJson {
        let c = v.parsed.as_ref();
        ContingentVerdictJson {
            file: v.file.name.clone(),
            system: super::ID,
            legal: v.legal(),
            error: None,
            side: c.map(|c| c.side.clone()),
            leader: c.and_then(|c| c.leader()).map(|l| l.name.clone()),
            elements: c.map_or(0, ContingentFile::element_count),
            problems: v.problems_json(),
        }
    }

    pub fn unreadable(name: &str, reason: &str) -> ContingentVerdictJson {
        ContingentVerdictJson {
            file: name.to_owned(),
            system: super::ID,
            legal: false,
            error: Some(reason.to_owned()),
            side: None,
            leader: None,
            elements: 0,
            problems: Vec::new(),
        }
    }
}

/// A game's sides as `--sides` gives them: side `a` (and `b`, when given) with their files.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SideSpec {
    pub name: String,
    pub files: Vec<String>,
}

/// Parse `a=x.toml,y.toml` (one side); several specs may be given.
pub fn parse_side(spec: &str) -> Result<SideSpec, String> {
    let (name, files) = spec
        .split_once('=')
        .ok_or_else(|| format!("`{spec}`: write a side as NAME=FILE,FILE (a=a.toml,b.toml)"))?;
    let name = name.trim();
    if name.is_empty() {
        return Err(format!("`{spec}`: the side has no name before `=`"));
    }
    let files: Vec<String> = files
        .split(',')
        .map(str::trim)
        .filter(|f| !f.is_empty())
        .map(str::to_owned)
        .collect();
    Ok(SideSpec {
        name: name.to_owned(),
        files,
    })
}

/// What is wrong with the sides of a game (HS-61): a file named on no side or on two, a side
/// named twice or with no file, more than two sides, a `--sides` file not given, or files that
/// name one `side` split between game sides. Files not on a named side make up the other side
/// when exactly one side is named. Returns the sides (name, file indices) and the problems.
pub fn check_sides(
    files: &[(String, Option<&ContingentFile>)],
    specs: &[SideSpec],
) -> (Vec<(String, Vec<usize>)>, Vec<String>) {
    let mut problems = Vec::new();
    let mut sides: Vec<(String, Vec<usize>)> = Vec::new();
    let mut placed: Vec<Option<usize>> = vec![None; files.len()];
    let same = |a: &str, b: &str| {
        std::path::Path::new(a) == std::path::Path::new(b)
            || a.trim_start_matches("./") == b.trim_start_matches("./")
    };
    for spec in specs {
        if sides.iter().any(|(n, _)| n == &spec.name) {
            problems.push(format!("side `{}` is named twice in --sides", spec.name));
            continue;
        }
        let side = sides.len();
        let mut members = Vec::new();
        for f in &spec.files {
            match files.iter().position(|(name, _)| same(name, f)) {
                None => problems.push(format!(
                    "--sides puts `{f}` on side `{}`, but it is not one of the files given",
                    spec.name
                )),
                Some(i) => match placed[i] {
                    Some(other) if other != side => problems.push(format!(
                        "`{f}` is on side `{}` and side `{}`",
                        sides[other].0, spec.name
                    )),
                    Some(_) => {}
                    None => {
                        placed[i] = Some(side);
                        members.push(i);
                    }
                },
            }
        }
        sides.push((spec.name.clone(), members));
    }
    let rest: Vec<usize> = (0..files.len()).filter(|&i| placed[i].is_none()).collect();
    if !rest.is_empty() {
        if sides.len() == 1 {
            let name = if sides[0].0 == "b" { "a" } else { "b" }.to_owned();
            for &i in &rest {
                placed[i] = Some(1);
            }
            sides.push((name, rest));
        } else {
            for &i in &rest {
                problems.push(format!("`{}` is on no side", files[i].0));
            }
        }
    }
    if sides.len() > 2 {
        problems.push(format!(
            "{} sides are named; a game has two (HS-61)",
            sides.len()
        ));
    }
    while sides.len() < 2 {
        let name = if sides.first().is_some_and(|s| s.0 == "b") {
            "a"
        } else {
            "b"
        };
        sides.push((name.to_owned(), Vec::new()));
    }
    for (name, members) in &sides {
        if members.is_empty() {
            problems.push(format!("side `{name}` has no contingent"));
        }
    }
    // Files naming one side (clan) must fight on one game side.
    for i in 0..files.len() {
        for j in i + 1..files.len() {
            let (Some(a), Some(b)) = (files[i].1, files[j].1) else {
                continue;
            };
            if a.side == b.side
                && placed[i].is_some()
                && placed[j].is_some()
                && placed[i] != placed[j]
            {
                problems.push(format!(
                    "`{}` and `{}` both fight for {} but are on different sides",
                    files[i].0, files[j].0, a.side
                ));
            }
        }
    }
    (sides, problems)
}

/// A contingent file for `new` and `suggest`.
pub fn contingent_toml(
    side: &str,
    leader: &str,
    elements: &[(&str, u32)],
    comment: &str,
) -> String {
    let q = |s: &str| toml::Value::String(s.to_owned()).to_string();
    let mut text = format!(
        "system = \"{}\"\nside = {}\n{comment}\n[leader]\nname = {}\n# mounted = true\n# prowess = \"strong\"     # 1-6 or unskilled/average/strong/masterful\n# charisma = 4            # 1-6 or nonentity/average/encouraging/inspiring\n# endurance = \"robust\"    # 1-6 or weakling/average/robust/mighty\n",
        super::ID,
        q(side),
        q(leader)
    );
    for (kind, count) in elements {
        text.push_str(&format!("\n[[element]]\ntype = \"{kind}\"\n"));
        if *count > 1 {
            text.push_str(&format!("count = {count}\n"));
        }
    }
    text
}
