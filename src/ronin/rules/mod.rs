//! Roster validation: every rule a tournament organiser checks, each in its own file, all reporting
//! [`Violation`]s into one list (never stopping at the first). Which composition rules a faction has
//! is data (`[[composition]]` in its file); this module only knows the kinds of rule.

mod banner;
mod composition;
mod formats;
mod hires;
mod koryu;
mod leader;
mod size;

use schemars::JsonSchema;
use serde::Serialize;

use crate::diag::{Code, ProblemJson, SourceFile, TomlPath, Violation, did_you_mean};
use crate::ronin::model::{Catalogue, Faction, ListError};
use crate::ronin::roster::{self, ResolvedRoster, Roster, Rules};

pub use formats::{CampaignReport, campaign, tournament};

/// How to validate.
#[derive(Debug, Clone, Copy, Default)]
pub struct Options {
    /// Points limit from the command line; overrides the roster's `points`.
    pub points: Option<u32>,
    pub rules: Rules,
}

/// The verdict on one roster file.
#[derive(Debug, Clone)]
pub struct Report {
    pub file: SourceFile,
    pub faction: Option<String>,
    /// The roster's period, when it names one.
    pub period: Option<String>,
    pub faction_name: Option<String>,
    pub models: u32,
    pub points_total: i32,
    pub points_limit: Option<u32>,
    pub leader: Option<String>,
    pub morale: Option<String>,
    /// Points of each `[[models]]` entry, in file order (0 for an entry that could not be priced).
    pub entry_points: Vec<i32>,
    /// What each priced entry's points are made of, in file order.
    pub entry_costs: Vec<EntryCost>,
    pub violations: Vec<Violation>,
}

impl Report {
    /// The list the roster was checked against: its faction in its period.
    pub fn list<'c>(&self, cat: &'c Catalogue) -> Option<&'c Faction> {
        let faction = self.faction.as_deref()?;
        cat.faction_in(faction, self.period.as_deref()).ok()
    }

    /// Legal: no error (warnings allowed).
    pub fn valid(&self) -> bool {
        !self.violations.iter().any(Violation::is_error)
    }
}

/// Parse and check one roster file.
pub fn validate(cat: &Catalogue, file: &SourceFile, options: Options) -> Report {
    let mut report = Report {
        file: file.clone(),
        faction: None,
        period: None,
        faction_name: None,
        models: 0,
        points_total: 0,
        points_limit: options.points,
        leader: None,
        morale: None,
        entry_points: Vec::new(),
        entry_costs: Vec::new(),
        violations: Vec::new(),
    };
    let roster = match roster::parse(file) {
        Ok(roster) => roster,
        Err(problem) => {
            let mut v = Violation::error(Code::Parse, "parse", problem.message.clone());
            v.help = problem.help.clone();
            v.span = problem.span.clone();
            v.label = problem.label.clone();
            report.violations.push(v);
            return report;
        }
    };
    report.points_limit = options.points.or(roster.points);
    check_roster(cat, &roster, options, &mut report);
    report
}

/// Check an already parsed roster, filling in `report`.
pub fn check_roster(cat: &Catalogue, roster: &Roster, options: Options, report: &mut Report) {
    control_characters(roster, &mut report.violations);
    let Some(faction) = roster_list(cat, roster, &mut report.violations) else {
        return;
    };
    report.faction = Some(faction.id.clone());
    report.period.clone_from(&roster.period);
    report.faction_name = Some(faction.name.clone());
    report.morale = Some(faction.morale.describe());
    let out = &mut report.violations;
    // Stable order below: by model entry, then code (roster-wide problems first).
    let resolved = roster::resolve(cat, faction, roster, options.rules, out);
    // An entry whose profile is unknown is missing from every count: roster-wide rules would only
    // report its absence, so they wait until the names are fixed.
    if resolved.models.len() == roster.models.len() {
        run_checks(cat, roster, &resolved, report.points_limit, out);
    }
    out.sort_by_key(|v| (v.model.map_or(0, |m| m + 1), v.code));
    report.entry_points = vec![0; roster.models.len()];
    for m in &resolved.models {
        let total = m
            .points_each
            .saturating_mul(i32::try_from(m.count).unwrap_or(i32::MAX));
        if let Some(slot) = report.entry_points.get_mut(m.index) {
            *slot = total;
        }
        report.entry_costs.push(EntryCost {
            entry: m.index + 1,
            profile: m.profile.name.clone(),
            count: m.count,
            points_each: m.points_each,
            points: total,
            parts: m.cost.clone(),
        });
    }
    report.models = resolved.model_count();
    report.points_total = resolved.points_total();
    report.leader = resolved
        .leader()
        .map(|m| format!("{} (Rank {})", m.describe(), m.rank));
}

/// The list a roster plays: its faction in its period, or a located error saying why there is none.
fn roster_list<'c>(
    cat: &'c Catalogue,
    roster: &Roster,
    out: &mut Vec<Violation>,
) -> Option<&'c Faction> {
    let period = roster.period.as_deref();
    let error = match cat.faction_in(&roster.faction, period) {
        Ok(faction) => return Some(faction),
        Err(e) => e,
    };
    let violation = match error {
        ListError::UnknownPeriod => {
            let ids = cat.periods.periods.iter().map(|p| p.id.as_str());
            let id = period.unwrap_or_default();
            Violation::error(
                Code::Unknown,
                "unknown-period",
                format!("unknown period `{id}`"),
            )
            .help(did_you_mean(id, ids))
            .at(TomlPath::root().key("period"), "no such period")
        }
        ListError::UnknownFaction => {
            let ids = cat.factions.iter().map(|f| f.id.as_str());
            Violation::error(
                Code::Unknown,
                "unknown-faction",
                format!("unknown faction `{}`", roster.faction),
            )
            .help(did_you_mean(&roster.faction, ids))
            .at(TomlPath::root().key("faction"), "no such faction")
        }
        ListError::NotInPeriod(periods) => {
            let name = |id: &str| cat.period(id).map_or(id.to_owned(), |p| p.name.clone());
            let here = period
                .map(name)
                .or_else(|| cat.main_period().map(|p| p.name.clone()))
                .unwrap_or_default();
            let fix = match periods.as_slice() {
                [only] if cat.period(only).is_some_and(|p| p.main) => {
                    "remove the `period` line to field it in the book's main period".to_owned()
                }
                [only] => format!("write `period = \"{only}\"`"),
                _ => format!("name one of these periods: {}", periods.join(", ")),
            };
            let at = if period.is_some() {
                "period"
            } else {
                "faction"
            };
            Violation::error(
                Code::Unknown,
                "not-in-period",
                format!("the {here} period has no `{}` list", roster.faction),
            )
            .help(format!(
                "{fix}; `buntai factions --period <id>` lists each period's lists (P-28)"
            ))
            .at(TomlPath::root().key(at), "not in this period")
        }
    };
    out.push(violation);
    None
}

/// A name written with control characters (TOML's `\u001b`) would act on a terminal that shows it;
/// Buntai always shows them escaped, and says so at the value (D10).
fn control_characters(roster: &Roster, out: &mut Vec<Violation>) {
    let names = std::iter::once((roster.name.as_deref(), TomlPath::root().key("name"), None))
        .chain(roster.models.iter().enumerate().map(|(i, m)| {
            let path = TomlPath::root().key("models").index(i).key("name");
            (m.name.as_deref(), path, Some(i))
        }));
    for (name, path, model) in names {
        let Some(name) = name.filter(|n| n.chars().any(crate::diag::is_control)) else {
            continue;
        };
        let mut v = Violation::warning(
            Code::Parse,
            "control-characters",
            format!(
                "the name `{}` contains control characters",
                crate::diag::escape_controls(name)
            ),
        )
        .help("they are shown escaped; remove them from the name")
        .at(path, "control characters");
        v.model = model;
        out.push(v);
    }
}

/// What every limiting rule still allows: composition rules and the Swords-for-Hire cap, as
/// (rule id, the rule in words, how many more may be fielded).
pub fn headroom(cat: &Catalogue, r: &ResolvedRoster<'_>) -> Vec<(String, String, i64)> {
    let mut out = composition::headroom(cat, r);
    out.extend(hires::headroom(r));
    out
}

/// Every rule over a resolved roster.
fn run_checks(
    cat: &Catalogue,
    roster: &Roster,
    resolved: &ResolvedRoster<'_>,
    limit: Option<u32>,
    out: &mut Vec<Violation>,
) {
    size::size(resolved, out);
    size::points(resolved, limit, out);
    composition::check_all(cat, resolved, out);
    hires::check(cat, resolved, out);
    banner::check(resolved, out);
    koryu::check(cat, roster, resolved, out);
    leader::check(resolved, out);
}

/// JSON shape of one report (documented in the README).
/// The verdict on one roster file as tools read it: `validate --format json` prints one per file,
/// in the order given (unreadable files included, with `error` set). The same names and shapes as
/// the JSON sheet (`legal`, `problems`, `faction`, `morale`, 1-based `entry` numbers).
#[derive(Debug, Serialize, JsonSchema)]
pub struct VerdictJson {
    pub file: String,
    /// The data the verdict was made with (changes whenever the data changes).
    pub data_version: String,
    pub legal: bool,
    /// Why the file could not be read at all, when it could not.
    pub error: Option<String>,
    pub faction: Option<FactionRef>,
    /// The period the roster names (absent: the book's main period).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub period: Option<String>,
    pub models: u32,
    pub points: PointsJson,
    pub leader: Option<String>,
    pub morale: Option<MoraleJson>,
    /// Each entry's points as their parts.
    pub entries: Vec<EntryCost>,
    pub problems: Vec<ProblemJson>,
}

/// One entry's points as their parts: the profile, each priced option, bought attributes.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct EntryCost {
    /// 1-based, as `buntai print` numbers entries.
    pub entry: usize,
    pub profile: String,
    pub count: u32,
    pub points_each: i32,
    pub points: i32,
    pub parts: Vec<crate::ronin::roster::CostPart>,
}

impl EntryCost {
    /// "#1 Ashigaru x2: 36 (18 each: Ashigaru 18, no-armour -4)".
    pub fn describe(&self) -> String {
        let parts: Vec<String> = self
            .parts
            .iter()
            .map(|p| format!("{} {}", p.what, p.points))
            .collect();
        let count = if self.count > 1 {
            format!(" x{}", self.count)
        } else {
            String::new()
        };
        let each = if self.count > 1 {
            format!("{} each: ", self.points_each)
        } else {
            String::new()
        };
        format!(
            "#{} {}{count}: {} ({each}{})",
            self.entry,
            self.profile,
            self.points,
            parts.join(" + ").replace("+ -", "- ")
        )
    }
}

/// A faction, by id and name.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct FactionRef {
    pub id: String,
    pub name: String,
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct PointsJson {
    pub total: i32,
    pub limit: Option<u32>,
}

/// The Morale Rating, what changes it, and reminders.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct MoraleJson {
    pub rating: u8,
    pub text: String,
    pub notes: Vec<String>,
}

impl VerdictJson {
    pub fn new(cat: &Catalogue, r: &Report) -> VerdictJson {
        let faction = r.list(cat);
        VerdictJson {
            file: r.file.name.clone(),
            data_version: cat.data_version.clone(),
            legal: r.valid(),
            error: None,
            faction: faction.map(|f| FactionRef {
                id: f.id.clone(),
                name: f.name.clone(),
            }),
            period: r.period.clone(),
            models: r.models,
            points: PointsJson {
                total: r.points_total,
                limit: r.points_limit,
            },
            leader: r.leader.clone(),
            morale: faction.map(|f| MoraleJson {
                rating: f.morale.rating,
                text: f.morale.describe(),
                notes: f.morale.notes.clone(),
            }),
            entries: r.entry_costs.clone(),
            problems: r
                .violations
                .iter()
                .map(|v| ProblemJson::from_violation(v, &r.file))
                .collect(),
        }
    }

    /// A file that could not be read.
    pub fn unreadable(cat: &Catalogue, file: &str, reason: &str) -> VerdictJson {
        VerdictJson {
            file: file.to_owned(),
            data_version: cat.data_version.clone(),
            legal: false,
            error: Some(format!("cannot read `{file}`: {reason}")),
            faction: None,
            period: None,
            models: 0,
            points: PointsJson {
                total: 0,
                limit: None,
            },
            leader: None,
            morale: None,
            entries: Vec::new(),
            problems: Vec::new(),
        }
    }
}
