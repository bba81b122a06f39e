//! The faction's composition rules, interpreted by kind (`ratio`, `more-than`, `at-most`,
//! `weapon-limit`, `excludes`, `points-share`, `primary-weapon`, `attribute-share`,
//! `first-attribute`).
//!
//! Counting follows R-10: only the faction's own models count, except `points-share`, which compares
//! with the whole roster. Caps round down and minimums round up.

use crate::diag::{Code, TomlPath, Violation, plural};
use crate::ronin::model::{Catalogue, Check, CompositionRule, Selector, WeaponKind};
use crate::ronin::roster::{AttributeOrigin, Carried, ResolvedModel, ResolvedRoster, canonical};

pub fn check_all(cat: &Catalogue, r: &ResolvedRoster<'_>, out: &mut Vec<Violation>) {
    for rule in &r.faction.composition {
        if let Some(v) = check(cat, r, rule) {
            out.push(v);
        }
    }
}

/// What each rule still allows: (rule id, the rule in words, how many more may be fielded).
/// Ratio rules count how many more of the limited group the others allow; weapon limits how many
/// more models may carry the weapon; at-most rules how many more of the group.
pub fn headroom(cat: &Catalogue, r: &ResolvedRoster<'_>) -> Vec<(String, String, i64)> {
    let mut out = Vec::new();
    for rule in &r.faction.composition {
        let left = match &rule.check {
            Check::Ratio {
                at_least,
                per,
                for_each,
                ..
            } => {
                let (a, b) = (i64::from(count(r, at_least)), i64::from(count(r, for_each)));
                Some(a / i64::from((*per).max(1)) - b)
            }
            Check::AtMost { group: g, max } => Some(i64::from(*max) - i64::from(count(r, g))),
            Check::WeaponLimit {
                weapons,
                missile,
                percent,
            } => {
                let (cap, carriers) = weapon_cap(cat, r, weapons, *missile, *percent);
                let armed: u32 = carriers.iter().map(|m| m.count).sum();
                i64::try_from(cap).ok().map(|cap| cap - i64::from(armed))
            }
            _ => None,
        };
        if let Some(left) = left {
            out.push((rule.id.clone(), rule.text.clone(), left));
        }
    }
    out
}

/// Own models matching `selector`, counting `count`.
fn count(r: &ResolvedRoster<'_>, selector: &Selector) -> u32 {
    r.own()
        .filter(|m| selector.matches(&m.profile.id, m.rank))
        .map(|m| m.count)
        .sum()
}

/// The last own entry matching `selector`: the one to point at when the group is in excess.
fn group(selector: &Selector) -> String {
    format!("{selector} models")
}

/// "1 more Rank 1 model", "2 more Rank 1/2 models".
fn some_of_new(n: u32, selector: &Selector) -> String {
    plural(n, &format!("more {selector} model"))
}

/// "1 Rank 3+ model (the Samurai)", "2 Rank 3+ models".
fn some_of(r: &ResolvedRoster<'_>, n: u32, selector: &Selector) -> String {
    let mut text = plural(n, &format!("{selector} model"));
    if n == 1
        && let Some(m) = r
            .own()
            .filter(|m| selector.matches(&m.profile.id, m.rank))
            .last()
    {
        text.push_str(&format!(" (the {})", m.describe()));
    }
    text
}

/// The entries of a group, in file order.
fn members<'r>(
    r: &'r ResolvedRoster<'_>,
    selector: &'r Selector,
) -> impl Iterator<Item = usize> + 'r {
    r.own()
        .filter(|m| selector.matches(&m.profile.id, m.rank))
        .map(|m| m.index)
}

/// Point at the last of the entries concerned, and label every other one that counts towards it.
fn located(v: Violation, entries: impl IntoIterator<Item = usize>) -> Violation {
    let mut entries: Vec<usize> = entries.into_iter().collect();
    entries.dedup();
    match entries.split_last() {
        Some((last, others)) => others.iter().fold(v.model(*last), |v, &i| {
            v.also(TomlPath::root().key("models").index(i), "counted here")
        }),
        None => v.at(TomlPath::root().key("models"), "the models"),
    }
}

fn check(cat: &Catalogue, r: &ResolvedRoster<'_>, rule: &CompositionRule) -> Option<Violation> {
    let id = rule.id.as_str();
    let violation = |code: Code, message: String| Violation::error(code, id, message);
    let fix = |how: String| format!("{how}. The rule: {}", rule.text);
    match &rule.check {
        Check::Ratio {
            at_least,
            per,
            for_each,
            waived_if_none,
        } => {
            let (a, b) = (count(r, at_least), count(r, for_each));
            let need = per.saturating_mul(b);
            if a >= need || (*waived_if_none && a == 0) {
                return None;
            }
            let deficit = need - a;
            let remove = b - a.checked_div(*per).unwrap_or(0);
            let v = violation(
                Code::Composition,
                format!(
                    "{a} {} for {b} {}: needs at least {need}",
                    group(at_least),
                    group(for_each)
                ),
            )
            .help(fix(format!(
                "add {}, or remove {}",
                some_of_new(deficit, at_least),
                some_of(r, remove, for_each)
            )));
            Some(located(v, members(r, for_each)))
        }
        Check::MoreThan { group: g, than } => {
            let (a, b) = (count(r, g), count(r, than));
            if a > b {
                return None;
            }
            let gap = b - a + 1;
            let v = violation(
                Code::Composition,
                format!("{a} {} against {b} {}: needs more", group(g), group(than)),
            )
            .help(fix(format!(
                "add {}, or remove {}",
                some_of_new(gap, g),
                some_of(r, gap, than)
            )));
            Some(located(v, members(r, than)))
        }
        Check::AtMost { group: g, max } => {
            let n = count(r, g);
            if n <= *max {
                return None;
            }
            let v = violation(
                Code::Composition,
                format!("{n} {}: at most {max} allowed", group(g)),
            )
            .help(fix(format!("remove {}", some_of(r, n - max, g))));
            Some(located(v, members(r, g)))
        }
        Check::WeaponLimit {
            weapons,
            missile,
            percent,
        } => weapon_limit(cat, r, rule, weapons, *missile, *percent),
        Check::Excludes { if_any, then_none } => {
            if count(r, if_any) == 0 || count(r, then_none) == 0 {
                return None;
            }
            let v = violation(
                Code::Composition,
                format!(
                    "{} and {} fielded together",
                    group(if_any),
                    group(then_none)
                ),
            )
            .help(fix(format!(
                "remove the {} or the {}",
                group(if_any),
                group(then_none)
            )));
            Some(located(v, members(r, then_none)))
        }
        Check::PointsShare { group: g, percent } => {
            let total = i64::from(r.points_total());
            let share: i64 = r
                .models
                .iter()
                .filter(|m| g.matches(&m.profile.id, m.rank))
                .map(|m| i64::from(m.points_total()))
                .sum();
            // Exact: share x 100 >= percent x total.
            if share * 100 >= i64::from(*percent) * total {
                return None;
            }
            let needed = (i64::from(*percent) * total + 99) / 100 - share;
            let v = violation(
                Code::Composition,
                format!(
                    "{share} of {total} points on {}: under {percent}%",
                    group(g)
                ),
            )
            .help(fix(format!(
                "spend at least {needed} more points on {}, or fewer points elsewhere",
                group(g)
            )));
            Some(v.at(TomlPath::root().key("models"), "the models"))
        }
        Check::PrimaryWeapon { percent } => {
            let primary = r.koryu_primary.as_deref()?;
            let n: u32 = r.own().map(|m| m.count).sum();
            let need = (u64::from(*percent) * u64::from(n)).div_ceil(100);
            let armed: u32 = r
                .own()
                .filter(|m| m.carries(primary))
                .map(|m| m.count)
                .sum();
            if u64::from(armed) >= need {
                return None;
            }
            let v = violation(
                Code::Koryu,
                format!(
                    "{armed} of {} carry the primary weapon `{primary}`: needs {need}",
                    plural(n, "model")
                ),
            )
            .help(fix(format!(
                "arm {} more with `{primary}` (R-16)",
                need - u64::from(armed)
            )));
            let others = r.own().filter(|m| !m.carries(primary)).map(|m| m.index);
            Some(located(v, others))
        }
        Check::AttributeShare { group: g, percent } => {
            let members = count(r, g);
            let cap = u64::from(*percent) * u64::from(members) / 100;
            let with: u32 = r
                .own()
                .filter(|m| g.matches(&m.profile.id, m.rank) && m.bought_attributes() > 0)
                .map(|m| m.count)
                .sum();
            if u64::from(with) <= cap {
                return None;
            }
            let v = violation(
                Code::Composition,
                format!(
                    "{with} of {members} {} buy an Attribute: at most {cap} may",
                    group(g)
                ),
            )
            .help(fix(format!(
                "remove the bought Attribute from {}",
                plural(
                    u32::try_from(u64::from(with) - cap).unwrap_or(u32::MAX),
                    "model"
                )
            )));
            let buyers = r
                .own()
                .filter(|m| g.matches(&m.profile.id, m.rank) && m.bought_attributes() > 0)
                .map(|m| m.index);
            Some(located(v, buyers))
        }
        Check::FirstAttribute { group: g, one_of } => {
            let wrong: Vec<&ResolvedModel<'_>> = r
                .own()
                .filter(|m| g.matches(&m.profile.id, m.rank))
                .filter(|m| {
                    m.attributes
                        .iter()
                        .find(|a| a.origin == AttributeOrigin::Bought)
                        .is_some_and(|a| !one_of.contains(&a.id))
                })
                .collect();
            let first = wrong.first()?;
            let bought = first
                .attributes
                .iter()
                .find(|a| a.origin == AttributeOrigin::Bought)
                .map_or("", |a| a.id.as_str());
            let v = violation(
                Code::Composition,
                format!(
                    "{} buys `{bought}` first: its first Attribute must be one of {}",
                    first.describe(),
                    one_of.join(", ")
                ),
            )
            .help(fix(format!(
                "list {} first among its `attributes`, or buy it instead",
                one_of.join(" or ")
            )));
            Some(located(v, wrong.iter().map(|m| m.index)))
        }
    }
}

/// The roster entry and weapon index of the last own model carrying a limited weapon.
/// Whether a weapon-limit rule counts this weapon.
fn limits(cat: &Catalogue, weapons: &[String], missile: bool, w: &Carried) -> bool {
    weapons.iter().any(|x| canonical(cat, x) == w.id)
        || (missile
            && cat
                .weapon(&w.id)
                .is_some_and(|x| x.kind == WeaponKind::Missile))
}

/// A weapon limit's cap (the percentage of own models, rounded down, R-11) and its carriers.
fn weapon_cap<'r>(
    cat: &Catalogue,
    r: &'r ResolvedRoster<'_>,
    weapons: &[String],
    missile: bool,
    percent: u32,
) -> (u64, Vec<&'r ResolvedModel<'r>>) {
    let n: u32 = r.own().map(|m| m.count).sum();
    let cap = u64::from(percent) * u64::from(n) / 100;
    let carriers = r
        .own()
        .filter(|m| m.weapons.iter().any(|w| limits(cat, weapons, missile, w)))
        .collect();
    (cap, carriers)
}

fn weapon_limit(
    cat: &Catalogue,
    r: &ResolvedRoster<'_>,
    rule: &CompositionRule,
    weapons: &[String],
    missile: bool,
    percent: u32,
) -> Option<Violation> {
    let limited = |w: &Carried| limits(cat, weapons, missile, w);
    let n: u32 = r.own().map(|m| m.count).sum();
    let (cap, carriers) = weapon_cap(cat, r, weapons, missile, percent);
    let armed: u32 = carriers.iter().map(|m| m.count).sum();
    if u64::from(armed) <= cap {
        return None;
    }
    let what = if missile {
        "a missile weapon".to_owned()
    } else {
        format!("a {}", weapons.join(" or "))
    };
    let mut help = format!(
        "remove {} from {}",
        what,
        plural(
            u32::try_from(u64::from(armed) - cap).unwrap_or(u32::MAX),
            "model"
        )
    );
    if cap == 0 && percent < 100 {
        let needed = 100_u32.div_ceil(percent.max(1));
        help.push_str(&format!(
            ", or field at least {needed} models so that {percent}% allows one (R-11)"
        ));
    } else {
        help.push_str(" or add models (R-11: the cap rounds down)");
    }
    let v = Violation::error(
        Code::WeaponLimit,
        rule.id.as_str(),
        format!(
            "{armed} of {} {} {what}: at most {cap} may ({percent}%, rounded down)",
            plural(n, "model"),
            if armed == 1 { "carries" } else { "carry" }
        ),
    )
    .help(help);
    // Every carrier is labelled at the weapon that counts; the last one is "over the limit".
    let weapon_path = |m: &ResolvedModel<'_>| {
        let j = m.entry.weapons.iter().position(|name| {
            cat.weapon(name).is_some_and(|w| {
                limited(&Carried {
                    id: w.id.clone(),
                    name: name.clone(),
                })
            })
        });
        let entry = TomlPath::root().key("models").index(m.index);
        match j {
            Some(j) => entry.key("weapons").index(j),
            None => entry,
        }
    };
    let (last, others) = carriers.split_last()?;
    let v = others
        .iter()
        .fold(v, |v, m| v.also(weapon_path(m), "carries one"));
    Some(v.at(weapon_path(last), "over the limit").model(last.index))
}
