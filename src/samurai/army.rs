//! The army file and every composition rule of Samurai 1550-1600 (§2, §8, OHW-03): the unit count,
//! exactly one General on a Foot or Mounted Samurai unit, and the additions (at most 3 an army and
//! 1 a unit, each addition's own maximum and carriers, Cannon and Supplies never together).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::data::Data;
use crate::diag::{Breach, Problem, ProblemJson, SourceFile, TomlPath, did_you_mean};

/// An army file.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "Samurai 1550-1600 army")]
pub struct ArmyFile {
    /// Always `samurai-1550-1600`: the key that makes this an army of this system.
    pub system: String,
    /// A name for the army.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The scenario it is built for (`pitched-battle` when absent), which sets the unit count.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scenario: Option<String>,
    /// The units, in order.
    #[serde(default)]
    pub unit: Vec<ArmyUnit>,
}

/// One unit of an army file.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ArmyUnit {
    /// `ashigaru`, `foot-samurai` or `mounted-samurai`.
    #[serde(rename = "type")]
    pub kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The General is attached to this unit (its Hatamoto).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub general: bool,
    /// Its addition: tate, palisades, supplies, cannon, tsukai-ban or challenge.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub addition: Option<String>,
    /// More than one addition may be written as a list (at most one is legal).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub additions: Vec<String>,
    /// Held back as a reserve, in a scenario that has reserves (OHW-33).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub reserve: bool,
}

impl ArmyUnit {
    /// Its additions with the TOML path of each.
    pub fn additions_at(&self, at: &TomlPath) -> Vec<(&str, TomlPath)> {
        let single = self
            .addition
            .iter()
            .map(|a| (a.as_str(), at.key("addition")));
        let listed = self
            .additions
            .iter()
            .enumerate()
            .map(|(i, a)| (a.as_str(), at.key("additions").index(i)));
        single.chain(listed).collect()
    }

    /// Its name, or its type's name and its place in the list.
    pub fn label(&self, data: &Data, index: usize) -> String {
        match &self.name {
            Some(name) => name.clone(),
            None => {
                let kind = data
                    .unit(&self.kind)
                    .map_or(self.kind.as_str(), |u| &u.name);
                format!("{kind} {}", index + 1)
            }
        }
    }
}

/// What validating one army file found.
pub type Verdict = crate::diag::Verdict<ArmyFile>;

/// Read and check one army file.
pub fn validate(data: &Data, file: &SourceFile) -> Verdict {
    crate::diag::parse_and_check(file, |army| check(data, file, army))
}

/// Every composition rule, in the order a player reads the file.
pub fn check(data: &Data, file: &SourceFile, army: &ArmyFile) -> Vec<Breach> {
    let mut out = Vec::new();
    let root = TomlPath::root();
    let mut breach = |rule: &'static str, problem: Problem| out.push(Breach { rule, problem });
    if army.system != super::ID {
        breach(
            "system",
            Problem::error(
                "composition",
                format!("`{}` is not this system", army.system),
            )
            .with_help(format!("write system = \"{}\"", super::ID))
            .at_path(file, &root.key("system"), "this system"),
        );
    }
    let scenario_id = army.scenario.as_deref().unwrap_or(super::DEFAULT_SCENARIO);
    let scenario = data.scenario(scenario_id);
    if scenario.is_none() {
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
    // Unit types.
    for (i, unit) in army.unit.iter().enumerate() {
        if data.unit(&unit.kind).is_none() {
            let ids = data.units.iter().map(|u| u.id.as_str());
            breach(
                "unit-type",
                Problem::error(
                    "composition",
                    format!("there is no unit type `{}`", unit.kind),
                )
                .with_help(did_you_mean(&unit.kind, ids))
                .at_path(file, &root.key("unit").index(i).key("type"), "this type"),
            );
        }
    }
    // Reserves (OHW-33, OHW-56): only where the scenario holds units back, never the General,
    // and no more than it holds.
    if let Some(scenario) = scenario {
        let most = scenario.reserves.as_ref().map_or(0, |r| {
            usize::try_from(r.a.units.value.min(r.b.units.value)).unwrap_or(0)
        });
        let mut marked = 0;
        for (i, unit) in army.unit.iter().enumerate().filter(|(_, u)| u.reserve) {
            marked += 1;
            let at = root.key("unit").index(i).key("reserve");
            let (message, fix) = if most == 0 {
                (
                    format!("{} holds no units in reserve", scenario.name),
                    "remove `reserve = true`, or play a scenario with reserves".to_owned(),
                )
            } else if unit.general {
                (
                    "the General's unit starts on the table (OHW-56)".to_owned(),
                    "remove `reserve = true` from the General's unit".to_owned(),
                )
            } else if marked > most {
                (
                    format!("{} holds back {most} units at most", scenario.name),
                    format!("mark at most {most} units `reserve = true`"),
                )
            } else {
                continue;
            };
            breach(
                "reserves",
                Problem::error("composition", message)
                    .with_help(fix)
                    .at_path(file, &at, "this reserve"),
            );
        }
    }
    // The unit count (OHW-03).
    if let Some(scenario) = scenario {
        let want = usize::try_from(scenario.units.value).unwrap_or(0);
        let n = army.unit.len();
        if n != want {
            let (path, label) = if n > want {
                (root.key("unit").index(want), "the first unit too many")
            } else {
                (root.key("name"), "this army")
            };
            let fix = if n > want {
                format!(
                    "remove {} unit{}",
                    n - want,
                    if n - want == 1 { "" } else { "s" }
                )
            } else {
                format!(
                    "add {} unit{}",
                    want - n,
                    if want - n == 1 { "" } else { "s" }
                )
            };
            breach(
                "units",
                Problem::error(
                    "composition",
                    format!(
                        "the army has {n} unit{}; {} armies have exactly {want} (OHW-03)",
                        if n == 1 { "" } else { "s" },
                        scenario.name
                    ),
                )
                .with_help(fix)
                .at_path(file, &path, label),
            );
        }
    }
    // The General: exactly one, on a type he may join.
    let generals: Vec<usize> = (0..army.unit.len())
        .filter(|&i| army.unit[i].general)
        .collect();
    let attach = &data.command.general.attach_to;
    match generals.as_slice() {
        [] => breach(
            "general",
            Problem::error("composition", "the army has no General (Daimyo)")
                .with_help(format!(
                    "write general = true on one {} unit",
                    names(data, attach, " or ")
                ))
                .at_path(file, &root.key("unit"), "these units"),
        ),
        [_] => {}
        [_, extra @ ..] => {
            for &i in extra {
                breach(
                    "general",
                    Problem::error("composition", "the army has more than one General")
                        .with_help("keep general = true on one unit only")
                        .at_path(
                            file,
                            &root.key("unit").index(i).key("general"),
                            "a second General",
                        ),
                );
            }
        }
    }
    for &i in &generals {
        let kind = &army.unit[i].kind;
        if data.unit(kind).is_some() && !attach.iter().any(|t| t == kind) {
            breach(
                "general-carrier",
                Problem::error(
                    "composition",
                    format!(
                        "the General may only be attached to {} units, not {}",
                        names(data, attach, " or "),
                        names(data, std::slice::from_ref(kind), "")
                    ),
                )
                .with_help("move general = true to a samurai unit")
                .at_path(file, &root.key("unit").index(i).key("general"), "here"),
            );
        }
    }
    // Additions.
    let per_unit = usize::try_from(data.additions.limit_per_unit.value).unwrap_or(0);
    let per_army = usize::try_from(data.additions.limit_per_army.value).unwrap_or(0);
    let mut all: Vec<(&str, TomlPath)> = Vec::new();
    for (i, unit) in army.unit.iter().enumerate() {
        let at = root.key("unit").index(i);
        let taken = unit.additions_at(&at);
        for (id, path) in &taken {
            let Some(addition) = data.addition(id) else {
                let ids = data.additions.addition.iter().map(|a| a.id.as_str());
                breach(
                    "addition",
                    Problem::error("composition", format!("there is no addition `{id}`"))
                        .with_help(did_you_mean(id, ids))
                        .at_path(file, path, "this addition"),
                );
                continue;
            };
            if data.unit(&unit.kind).is_some() && !addition.carriers.allows(&unit.kind) {
                breach(
                    "addition-carrier",
                    Problem::error(
                        "composition",
                        format!(
                            "{} may not be carried by {}",
                            addition.name,
                            names(data, std::slice::from_ref(&unit.kind), "")
                        ),
                    )
                    .with_help(match &addition.carriers {
                        super::data::Carriers::Types(t) => {
                            format!("give it to {} units", names(data, t, " or "))
                        }
                        super::data::Carriers::Any(_) => String::new(),
                    })
                    .at_path(file, path, "this addition"),
                );
            }
        }
        for (k, (id, _)) in taken.iter().enumerate() {
            let Some(addition) = data.addition(id) else {
                continue;
            };
            for (later, path) in &taken[k + 1..] {
                if addition.exclusive_with.iter().any(|x| x == later) {
                    breach(
                        "addition-exclusive",
                        Problem::error(
                            "composition",
                            format!(
                                "{} and {} may not go on one unit",
                                addition.name,
                                data.addition(later).map_or(*later, |x| x.name.as_str())
                            ),
                        )
                        .with_help("keep one of them")
                        .at_path(file, path, "with this one"),
                    );
                }
            }
        }
        if taken.len() > per_unit {
            breach(
                "additions-per-unit",
                Problem::error(
                    "composition",
                    format!(
                        "{} has {} additions; a unit may have {per_unit}",
                        unit.label(data, i),
                        taken.len()
                    ),
                )
                .with_help("keep one addition on this unit")
                .at_path(file, &taken[per_unit].1, "one too many"),
            );
        }
        all.extend(taken);
    }
    if all.len() > per_army {
        breach(
            "additions-per-army",
            Problem::error(
                "composition",
                format!(
                    "the army has {} additions; at most {per_army} are allowed",
                    all.len()
                ),
            )
            .with_help(format!("remove {}", all.len() - per_army))
            .at_path(file, &all[per_army].1, "the first one too many"),
        );
    }
    for addition in &data.additions.addition {
        let taken: Vec<&TomlPath> = all
            .iter()
            .filter(|(id, _)| *id == addition.id)
            .map(|(_, p)| p)
            .collect();
        let max = usize::try_from(addition.max.value).unwrap_or(0);
        if taken.len() > max {
            breach(
                "addition-max",
                Problem::error(
                    "composition",
                    format!(
                        "{} {} taken; an army may have {max}",
                        taken.len(),
                        addition.name
                    ),
                )
                .with_help(format!("remove {}", taken.len() - max))
                .at_path(file, taken[max], "one too many"),
            );
        }
    }
    out
}

/// Unit type names, joined.
fn names(data: &Data, ids: &[String], sep: &str) -> String {
    ids.iter()
        .map(|id| data.unit(id).map_or(id.as_str(), |u| u.name.as_str()))
        .collect::<Vec<_>>()
        .join(sep)
}

/// `validate --format json` for one army: the same `legal` and `problems` vocabulary as Ronin's.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct ArmyVerdictJson {
    pub file: String,
    pub system: &'static str,
    pub legal: bool,
    /// Why the file could not be read at all, when it could not.
    pub error: Option<String>,
    pub name: Option<String>,
    pub scenario: Option<String>,
    pub units: usize,
    /// The unit the General is attached to (its Hatamoto).
    pub general: Option<String>,
    pub problems: Vec<ProblemJson>,
}

impl ArmyVerdictJson {
    pub fn new(data: &Data, v: &Verdict) -> ArmyVerdictJson {
        let army = v.parsed.as_ref();
        ArmyVerdictJson {
            file: v.file.name.clone(),
            system: super::ID,
            legal: v.legal(),
            error: None,
            name: army.and_then(|a| a.name.clone()),
            scenario: army.map(|a| {
                a.scenario
                    .clone()
                    .unwrap_or_else(|| super::DEFAULT_SCENARIO.to_owned())
            }),
            units: army.map_or(0, |a| a.unit.len()),
            general: army.and_then(|a| {
                a.unit
                    .iter()
                    .enumerate()
                    .find(|(_, u)| u.general)
                    .map(|(i, u)| u.label(data, i))
            }),
            problems: v.problems_json(),
        }
    }

    pub fn unreadable(name: &str, reason: &str) -> ArmyVerdictJson {
        ArmyVerdictJson {
            file: name.to_owned(),
            system: super::ID,
            legal: false,
            error: Some(reason.to_owned()),
            name: None,
            scenario: None,
            units: 0,
            general: None,
            problems: Vec::new(),
        }
    }
}

/// A random army's file from one row of the OHW-03 table: the General goes with the first Mounted
/// Samurai unit, otherwise the first Foot Samurai unit. No additions are chosen.
pub fn random_army_toml(data: &Data, roll: &super::data::ArmyRoll, seed: u64) -> String {
    let kinds = [
        ("mounted-samurai", roll.mounted_samurai),
        ("foot-samurai", roll.foot_samurai),
        ("ashigaru", roll.ashigaru),
    ];
    let general_kind = if roll.mounted_samurai > 0 {
        "mounted-samurai"
    } else {
        "foot-samurai"
    };
    let mut text = format!(
        "system = \"{}\"\nname = \"Random army (seed {seed}, roll {})\"\n",
        super::ID,
        roll.d6
    );
    let mut general_placed = false;
    for (kind, count) in kinds {
        let name = data.unit(kind).map_or(kind, |u| u.name.as_str());
        text.push_str(&format!("\n# {count} {name}\n"));
        for _ in 0..count {
            text.push_str(&format!("\n[[unit]]\ntype = \"{kind}\"\n"));
            if kind == general_kind && !general_placed {
                general_placed = true;
                text.push_str("general = true\n");
            }
        }
    }
    text
}
