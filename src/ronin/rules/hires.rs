//! Swords-for-Hire: who the faction may hire, the 25% cap, per-faction and global limits,
//! and the Senior Ronin's two other Ronin.

use crate::diag::{Code, TomlPath, Violation, plural};
use crate::ronin::model::Catalogue;
use crate::ronin::roster::ResolvedRoster;

/// How many more Swords-for-Hire the cap allows.
pub fn headroom(r: &ResolvedRoster<'_>) -> Option<(String, String, i64)> {
    let sfh = &r.faction.swords_for_hire;
    let cap = sfh.cap_percent.filter(|_| !sfh.allowed.is_empty())?;
    let hired: u32 = r
        .models
        .iter()
        .filter(|m| m.is_hire())
        .map(|m| m.count)
        .sum();
    let max = u64::from(cap) * u64::from(r.model_count()) / 100;
    Some((
        "swords-for-hire-cap".to_owned(),
        format!("At most {cap}% of the models may be Swords-for-Hire (rounded down, R-11)."),
        i64::try_from(max).unwrap_or(i64::MAX) - i64::from(hired),
    ))
}

pub fn check(cat: &Catalogue, r: &ResolvedRoster<'_>, out: &mut Vec<Violation>) {
    let sfh = &r.faction.swords_for_hire;
    let hires: Vec<_> = r.models.iter().filter(|m| m.is_hire()).collect();
    for m in &hires {
        if !sfh.allowed.contains(&m.profile.id) {
            let help = if sfh.allowed.is_empty() {
                format!("{} may not hire Swords-for-Hire (R-12)", r.faction.name)
            } else {
                format!(
                    "{} may hire: {} (R-12)",
                    r.faction.name,
                    sfh.allowed.join(", ")
                )
            };
            out.push(
                Violation::error(
                    Code::SwordsForHire,
                    "swords-for-hire-allowed",
                    format!("{} may not hire a {}", r.faction.name, m.profile.name),
                )
                .help(help)
                .at(
                    TomlPath::root().key("models").index(m.index).key("profile"),
                    "not for hire here",
                )
                .model(m.index),
            );
        }
    }
    let hired: u32 = hires.iter().map(|m| m.count).sum();
    if let Some(cap) = sfh.cap_percent {
        let total = r.model_count();
        let max = u64::from(cap) * u64::from(total) / 100;
        if u64::from(hired) > max {
            let excess = u32::try_from(u64::from(hired) - max).unwrap_or(u32::MAX);
            let last = hires.last().map(|m| m.index);
            let v = Violation::error(
                Code::SwordsForHire,
                "swords-for-hire-cap",
                format!(
                    "{} among {}: at most {max} may be hired ({cap}%, rounded down)",
                    plural(hired, "Sword-for-Hire"),
                    plural(total, "model")
                ),
            )
            .help(format!(
                "remove {}, or add more of the faction's own models (R-11)",
                plural(excess, "hire")
            ));
            out.push(match last {
                Some(i) => v.model(i),
                None => v,
            });
        }
    }
    let count_of = |ids: &[String]| -> u32 {
        hires
            .iter()
            .filter(|m| ids.contains(&m.profile.id))
            .map(|m| m.count)
            .sum()
    };
    let last_of = |ids: &[String]| {
        hires
            .iter()
            .filter(|m| ids.contains(&m.profile.id))
            .map(|m| m.index)
            .next_back()
    };
    let limits = sfh
        .limits
        .iter()
        .map(|l| {
            (
                &l.profiles,
                l.max,
                "swords-for-hire-limit",
                r.faction.name.as_str(),
            )
        })
        .chain(cat.swords_for_hire.limits.iter().map(|l| {
            (
                &l.profiles,
                l.max,
                "swords-for-hire-global-limit",
                "any Buntai",
            )
        }));
    for (profiles, max, rule, whose) in limits {
        let n = count_of(profiles);
        if n > max {
            let v = Violation::error(
                Code::SwordsForHire,
                rule,
                format!(
                    "{n} {} hired: {whose} may field at most {max}",
                    profiles.join("/")
                ),
            )
            .help(format!(
                "remove {} (R-12)",
                plural(n - max, profiles.join("/").as_str())
            ));
            out.push(match last_of(profiles) {
                Some(i) => v.model(i),
                None => v,
            });
        }
    }
    for req in &cat.swords_for_hire.requires {
        let needing = count_of(std::slice::from_ref(&req.profile));
        let have = count_of(&req.of);
        if needing > 0 && have < req.at_least {
            let v = Violation::error(
                Code::SwordsForHire,
                "senior-ronin-needs-ronin",
                format!(
                    "a {} needs at least {} other {}; the Buntai has {have}",
                    req.profile,
                    req.at_least,
                    req.of.join("/")
                ),
            )
            .help(format!(
                "hire {} more {}, or remove the {} (R-12)",
                req.at_least - have,
                req.of.join("/"),
                req.profile
            ));
            out.push(match last_of(std::slice::from_ref(&req.profile)) {
                Some(i) => v.model(i),
                None => v,
            });
        }
    }
}
