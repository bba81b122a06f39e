//! The Koryu weapon declaration: one primary and up to two secondary weapons from the school's
//! table, and every Koryu model armed with one of them. The primary-weapon half is a composition rule.

use crate::diag::{Code, TomlPath, Violation, did_you_mean};
use crate::ronin::model::Catalogue;
use crate::ronin::roster::{ResolvedRoster, Roster, canonical};

pub fn check(cat: &Catalogue, roster: &Roster, r: &ResolvedRoster<'_>, out: &mut Vec<Violation>) {
    let at = TomlPath::root().key("koryu");
    let (table, declared) = match (&r.faction.koryu, &roster.koryu) {
        (None, None) => return,
        (None, Some(_)) => {
            out.push(
                Violation::error(
                    Code::Koryu,
                    "koryu-declaration",
                    format!("{} do not declare Koryu weapons", r.faction.name),
                )
                .help("remove the `[koryu]` table")
                .at(at, "only for the Koryu"),
            );
            return;
        }
        (Some(_), None) => {
            out.push(
                Violation::error(Code::Koryu, "koryu-declaration", "a Koryu roster must declare its primary weapon")
                    .help("add `[koryu]` with `primary = \"katana\"` (or another weapon of the school's table, R-16)"),
            );
            return;
        }
        (Some(table), Some(declared)) => (table, declared),
    };
    let names: Vec<&str> = table.weapons.iter().map(|w| w.weapon.as_str()).collect();
    let in_table = |w: &str| {
        table
            .weapons
            .iter()
            .any(|k| canonical(cat, &k.weapon) == canonical(cat, w))
    };
    let check_weapon = |w: &str, path: TomlPath, out: &mut Vec<Violation>| {
        if !in_table(w) {
            out.push(
                Violation::error(
                    Code::Koryu,
                    "koryu-declaration",
                    format!("`{w}` is not a Koryu weapon"),
                )
                .help(format!("{} (R-16)", did_you_mean(w, names.iter().copied())))
                .at(path, "not in the Koryu weapon table"),
            );
        }
    };
    check_weapon(&declared.primary, at.key("primary"), out);
    for (j, w) in declared.secondary.iter().enumerate() {
        let path = at.key("secondary").index(j);
        check_weapon(w, path.clone(), out);
        let earlier = declared.secondary[..j]
            .iter()
            .chain(std::iter::once(&declared.primary));
        if earlier
            .clone()
            .any(|e| canonical(cat, e) == canonical(cat, w))
        {
            out.push(
                Violation::error(
                    Code::Koryu,
                    "koryu-declaration",
                    format!("`{w}` is declared twice"),
                )
                .help("each weapon is primary or secondary once")
                .at(path.clone(), "already declared"),
            );
        }
        if j >= usize::from(table.secondary_max) {
            out.push(
                Violation::error(
                    Code::Koryu,
                    "koryu-declaration",
                    format!("at most {} secondary weapons", table.secondary_max),
                )
                .help("keep two secondary weapons at most (R-16)")
                .at(path, "one too many"),
            );
        }
    }
    let declared_ids: Vec<String> = std::iter::once(&declared.primary)
        .chain(&declared.secondary)
        .map(|w| canonical(cat, w))
        .collect();
    for m in r.models.iter().filter(|m| m.profile.koryu_weapon) {
        let Some(j) = m
            .entry
            .weapons
            .iter()
            .position(|w| !declared_ids.contains(&canonical(cat, w)))
        else {
            continue;
        };
        let w = &m.entry.weapons[j];
        out.push(
            Violation::error(
                Code::Koryu,
                "koryu-weapon",
                format!("`{w}` is not one of the school's declared weapons"),
            )
            .help(format!(
                "arm it with one of: {} (R-16)",
                declared_ids.join(", ")
            ))
            .at(
                TomlPath::root()
                    .key("models")
                    .index(m.index)
                    .key("weapons")
                    .index(j),
                "not declared",
            )
            .model(m.index),
        );
    }
}
