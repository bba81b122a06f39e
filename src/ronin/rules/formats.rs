//! The book's tournament and campaign formats.
//!
//! Tournament: a master roster (e.g. 400 points) meets every composition rule and its limit, and a
//! game-sized Buntai (e.g. 150) must be selectable from it. Campaign: each small Buntai uses only
//! models of the master roster (none twice across the small Buntai, P-06) and costs 25-50% of the
//! master roster's points; composition rules do not apply to the small Buntai.

use std::collections::BTreeMap;

use super::{Options, Report, validate};
use crate::diag::{Code, SourceFile, TomlPath, Violation};
use crate::ronin::model::Catalogue;
use crate::ronin::roster::{self, AttributeOrigin, ResolvedModel, Roster, Rules};

/// Validate a tournament master roster against `master` points and check a `game`-point Buntai can
/// be fielded from it.
pub fn tournament(
    cat: &Catalogue,
    file: &SourceFile,
    master: u32,
    game: u32,
    rules: Rules,
) -> Report {
    let mut report = validate(
        cat,
        file,
        Options {
            points: Some(master),
            rules,
        },
    );
    let Ok(roster) = roster::parse(file) else {
        return report;
    };
    let Some(faction) = roster.list(cat) else {
        return report;
    };
    let resolved = roster::resolve(cat, faction, &roster, rules, &mut Vec::new());
    let mut each: Vec<i32> = resolved
        .models
        .iter()
        .flat_map(|m| std::iter::repeat_n(m.points_each, usize::try_from(m.count).unwrap_or(0)))
        .collect();
    each.sort_unstable();
    let cheapest: i32 = each.iter().take(4).sum();
    if each.len() >= 4 && i64::from(cheapest) > i64::from(game) {
        report.violations.push(
            Violation::error(
                Code::Format,
                "tournament-game-size",
                format!("no {game}-point Buntai can be fielded: the four cheapest models cost {cheapest}"),
            )
            .help("add cheaper models to the master roster (P-07)")
            .at(TomlPath::root().key("models"), "the master roster"),
        );
    }
    if i64::from(resolved.points_total()) < i64::from(game) {
        report.violations.push(
            Violation::warning(
                Code::Format,
                "tournament-master-size",
                format!(
                    "the master roster ({} points) is smaller than one game ({game} points)",
                    resolved.points_total()
                ),
            )
            .help("a tournament master roster is meant to be larger than the game size"),
        );
    }
    report
}

/// Reports for a campaign: the master roster, then each small Buntai in order.
#[derive(Debug, Clone)]
pub struct CampaignReport {
    pub master: Report,
    pub buntai: Vec<Report>,
}

impl CampaignReport {
    pub fn reports(&self) -> impl Iterator<Item = &Report> {
        std::iter::once(&self.master).chain(&self.buntai)
    }
}

fn empty_report(file: &SourceFile) -> Report {
    Report {
        file: file.clone(),
        faction: None,
        period: None,
        faction_name: None,
        models: 0,
        points_total: 0,
        points_limit: None,
        leader: None,
        morale: None,
        entry_points: Vec::new(),
        entry_costs: Vec::new(),
        violations: Vec::new(),
    }
}

/// What makes two models the same model: profile and everything chosen for it.
fn identity(m: &ResolvedModel<'_>) -> String {
    let mut weapons: Vec<&str> = m.weapons.iter().map(|w| w.id.as_str()).collect();
    weapons.sort_unstable();
    let mut attributes: Vec<&str> = m
        .attributes
        .iter()
        .filter(|a| a.origin != AttributeOrigin::Profile)
        .map(|a| a.id.as_str())
        .collect();
    attributes.sort_unstable();
    format!(
        "{}|{}|{}|{:?}|{}|{}|{}",
        m.profile.id,
        weapons.join(","),
        m.armour,
        m.mount,
        attributes.join(","),
        m.banner,
        m.entry.disguise.as_deref().unwrap_or("")
    )
}

fn label(m: &ResolvedModel<'_>) -> String {
    let weapons: Vec<&str> = m.weapons.iter().map(|w| w.name.as_str()).collect();
    format!("{} ({})", m.profile.name, weapons.join(", "))
}

/// Check a campaign: the master roster fully, each small Buntai against it.
pub fn campaign(
    cat: &Catalogue,
    master: &SourceFile,
    small: &[SourceFile],
    rules: Rules,
) -> CampaignReport {
    let master_report = validate(
        cat,
        master,
        Options {
            points: None,
            rules,
        },
    );
    let mut buntai: Vec<Report> = small.iter().map(empty_report).collect();
    let Ok(master_roster) = roster::parse(master) else {
        return CampaignReport {
            master: master_report,
            buntai,
        };
    };
    let Some(faction) = master_roster.list(cat) else {
        return CampaignReport {
            master: master_report,
            buntai,
        };
    };
    let resolved_master = roster::resolve(cat, faction, &master_roster, rules, &mut Vec::new());
    let master_points = i64::from(resolved_master.points_total());
    let mut pool: BTreeMap<String, u32> = BTreeMap::new();
    for m in &resolved_master.models {
        *pool.entry(identity(m)).or_default() += m.count;
    }
    let rosters: Vec<Option<Roster>> = small
        .iter()
        .zip(buntai.iter_mut())
        .map(|(file, report)| match roster::parse(file) {
            Ok(r) => Some(r),
            Err(problem) => {
                let mut v = Violation::error(Code::Parse, "parse", problem.message.clone());
                v.span = problem.span.clone();
                v.help = problem.help.clone();
                report.violations.push(v);
                None
            }
        })
        .collect();
    for (roster, report) in rosters.iter().zip(buntai.iter_mut()) {
        let Some(roster) = roster else { continue };
        if roster.faction != faction.id {
            report.violations.push(
                Violation::error(
                    Code::Format,
                    "campaign-faction",
                    format!(
                        "a small Buntai must be {} like the master roster",
                        faction.name
                    ),
                )
                .help(format!("set `faction = \"{}\"`", faction.id))
                .at(
                    TomlPath::root().key("faction"),
                    "not the master roster's faction",
                ),
            );
            continue;
        }
        let out = &mut report.violations;
        let resolved = roster::resolve(cat, faction, roster, rules, out);
        for m in &resolved.models {
            let left = pool.entry(identity(m)).or_default();
            if *left < m.count {
                let message = if *left == 0 {
                    format!(
                        "{} is not (or no longer) available in the master roster",
                        label(m)
                    )
                } else {
                    format!(
                        "{} x {} used, but the master roster has {} left",
                        m.count,
                        label(m),
                        left
                    )
                };
                out.push(
                    Violation::error(Code::Format, "campaign-models", message)
                        .help("small Buntai use only master-roster models, each model in one Buntai (P-06)")
                        .model(m.index),
                );
            }
            *left = left.saturating_sub(m.count);
        }
        let total = i64::from(resolved.points_total());
        if total * 100 < master_points * 25 || total * 100 > master_points * 50 {
            out.push(
                Violation::error(
                    Code::Format,
                    "campaign-points",
                    format!("{total} points: a small Buntai costs 25% to 50% of the master roster ({master_points} points)"),
                )
                .help(format!(
                    "aim between {} and {} points",
                    (master_points * 25 + 99) / 100,
                    master_points * 50 / 100
                ))
                .at(TomlPath::root().key("models"), "the models"),
            );
        }
        report.faction = Some(faction.id.clone());
        report.faction_name = Some(faction.name.clone());
        report.models = resolved.model_count();
        report.points_total = resolved.points_total();
        report.leader = resolved
            .leader()
            .map(|m| format!("{} (Rank {})", m.describe(), m.rank));
        report.morale = Some(faction.morale.describe());
        out.sort_by_key(|v| (v.model.map_or(0, |m| m + 1), v.code));
    }
    CampaignReport {
        master: master_report,
        buntai,
    }
}
