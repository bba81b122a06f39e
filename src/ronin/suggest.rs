//! `buntai suggest`: build a legal Buntai for a faction and points limit by searching over the
//! data, not from a canned list.
//!
//! The search is a seeded greedy walk: from an empty roster it keeps adding the model variant (a
//! profile with one set of weapon picks) that does not add a rule violation, chosen at random with
//! weights set by the style; then it spends what is left on weapons and attributes. Several walks
//! are made and, among the legal rosters that spend nearly the most points, the one that best fits
//! the style wins (most models for a horde, fewest for elite, most missile carriers for shooty,
//! most Ranks represented for balanced). The validator is the judge at
//! every step, so every suggestion passes `buntai validate` by construction.

use rand::{RngExt, SeedableRng, rngs::ChaCha8Rng};

use crate::diag::{Code, SourceFile};
use crate::ronin::model::{
    Armour, AttributeKind, Catalogue, Faction, OptionKind, Profile, WeaponKind,
};
use crate::ronin::roster::{KoryuDeclaration, Roster, RosterModel, canonical};
use crate::ronin::rules::{self, Options, Report};

/// What kind of list to favour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Style {
    /// A mix of ranks and weapons.
    Balanced,
    /// Few, expensive, high-Rank models.
    Elite,
    /// Many cheap models.
    Horde,
    /// Missile weapons where the rules allow them.
    Shooty,
}

impl Style {
    /// The style as `--style` spells it.
    pub fn name(self) -> &'static str {
        match self {
            Style::Balanced => "balanced",
            Style::Elite => "elite",
            Style::Horde => "horde",
            Style::Shooty => "shooty",
        }
    }
}

/// The smallest legal Buntai.
const MIN_SIZE: i64 = 4;

/// How many independent walks to make; the legal roster that best fits the style wins.
const WALKS: u64 = 8;
/// Tight budgets can dead-end a random walk: keep walking up to this many times until one is legal
/// (64 was too few: Koryu at 75 points, elite, seed 18203048885869415901 dead-ended every one).
const MAX_WALKS: u64 = 1024;

/// A profile with a fixed choice of weapons.
#[derive(Debug, Clone)]
pub(crate) struct Variant<'a> {
    pub profile: &'a Profile,
    pub weapons: Vec<String>,
    pub attributes: Vec<String>,
    pub armour: Option<Armour>,
    /// Points for one model of this variant.
    pub cost: i32,
    pub missile: bool,
}

/// Build the best legal roster found, or `None` when no legal Buntai of that size exists.
pub fn suggest(
    cat: &Catalogue,
    faction: &Faction,
    points: u32,
    seed: u64,
    style: Style,
) -> Option<Roster> {
    let mut legal: Vec<(i32, i64, Roster)> = Vec::new();
    for walk in 0..MAX_WALKS {
        // Choose among at least WALKS legal rosters where the walks can find them: on a tight
        // budget many walks dead-end, and the few that do not may leave points unspent.
        if walk >= WALKS && legal.len() as u64 >= WALKS {
            break;
        }
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(walk);
        let Some(roster) = one_walk(cat, faction, points, style, &mut rng) else {
            continue;
        };
        let report = judge(cat, &roster, points);
        let fit = style_fit(cat, style, &roster, &report);
        legal.push((report.points_total, fit, roster));
    }
    // Nearly the most points spent (within 5% of the limit), then the best fit, then the most
    // points; the first walk wins a tie.
    let most = legal.iter().map(|(total, ..)| *total).max()?;
    let slack = i32::try_from(points / 20).unwrap_or(i32::MAX).max(2);
    let mut best: Option<(i64, i32, Roster)> = None;
    for (total, fit, roster) in legal {
        if total + slack < most {
            continue;
        }
        if best
            .as_ref()
            .is_none_or(|(f, t, _)| (fit, total) > (*f, *t))
        {
            best = Some((fit, total, roster));
        }
    }
    best.map(|(_, _, mut roster)| {
        merge_identical(&mut roster);
        roster
    })
}

/// How well a legal roster fits the style: higher is better.
fn style_fit(cat: &Catalogue, style: Style, roster: &Roster, report: &Report) -> i64 {
    let models = i64::from(report.models);
    let faction = roster.list(cat);
    let profile = |m: &RosterModel| {
        faction
            .and_then(|f| f.profile(&m.profile))
            .or_else(|| cat.hire(&m.profile))
    };
    match style {
        Style::Horde => models,
        Style::Elite => -models,
        Style::Shooty => roster
            .models
            .iter()
            .filter(|m| {
                m.weapons
                    .iter()
                    .chain(profile(m).map_or(&[][..], |p| &p.weapons[..]))
                    .any(|w| cat.weapon(w).is_some_and(|x| x.kind == WeaponKind::Missile))
            })
            .map(|m| i64::from(m.count()))
            .sum(),
        Style::Balanced => {
            let mut ranks: Vec<u8> = roster
                .models
                .iter()
                .filter_map(|m| profile(m).map(|p| p.rank.value.get()))
                .collect();
            ranks.sort_unstable();
            ranks.dedup();
            ranks.len() as i64
        }
    }
}

/// The school weapons worth declaring: those no other school weapon beats outright (as cheap or
/// cheaper, and at least as good in every number, with nothing of its own), in the data's order.
fn undominated<'k>(
    cat: &Catalogue,
    weapons: &'k [crate::ronin::model::KoryuWeapon],
) -> Vec<&'k crate::ronin::model::KoryuWeapon> {
    // A weapon's numbers, when it has nothing but numbers; `None` for one with a rule of its own.
    let numbers = |id: &str| -> Option<[i8; 3]> {
        let w = cat.weapon(id)?;
        let plain = w.kind == WeaponKind::Melee
            && w.initiative_later.is_none()
            && w.enhanced_attack.is_none()
            && w.ride_by_attack.is_none()
            && w.subdue.is_none()
            && w.vs_heavy_armour.is_none()
            && w.wound_modifier.is_none()
            && !w.long_handled
            && !w.armour_piercing
            && !w.no_mounted;
        let value =
            |v: &Option<crate::ronin::model::Sourced<i8>>| v.as_ref().map_or(0, |s| s.value);
        plain.then(|| [value(&w.initiative), value(&w.attack), 0])
    };
    weapons
        .iter()
        .filter(|w| {
            let Some(mine) = numbers(&w.weapon) else {
                return true;
            };
            !weapons.iter().any(|v| {
                v.weapon != w.weapon
                    && v.cost <= w.cost
                    && numbers(&v.weapon).is_some_and(|theirs| {
                        theirs != mine && theirs.iter().zip(&mine).all(|(t, m)| t >= m)
                    })
            })
        })
        .collect()
}

/// The school's declaration for a style: elite takes the dearest weapons, horde the cheapest,
/// shooty a missile weapon where the school has one, balanced any; never a weapon another beats
/// outright.
fn declare_school(
    cat: &Catalogue,
    weapons: &[crate::ronin::model::KoryuWeapon],
    style: Style,
    rng: &mut ChaCha8Rng,
) -> Option<KoryuDeclaration> {
    let candidates = undominated(cat, weapons);
    let pick =
        |pool: &[&crate::ronin::model::KoryuWeapon], rng: &mut ChaCha8Rng| -> Option<String> {
            let preferred: Vec<&&crate::ronin::model::KoryuWeapon> = match style {
                Style::Balanced => pool.iter().collect(),
                Style::Elite => {
                    let dearest = pool.iter().map(|w| w.cost).max()?;
                    pool.iter().filter(|w| w.cost == dearest).collect()
                }
                Style::Horde => {
                    let cheapest = pool.iter().map(|w| w.cost).min()?;
                    pool.iter().filter(|w| w.cost == cheapest).collect()
                }
                Style::Shooty => {
                    let missile: Vec<_> = pool
                        .iter()
                        .filter(|w| {
                            cat.weapon(&w.weapon)
                                .is_some_and(|x| x.kind == WeaponKind::Missile)
                        })
                        .collect();
                    if missile.is_empty() {
                        pool.iter().collect()
                    } else {
                        missile
                    }
                }
            };
            (!preferred.is_empty()).then(|| {
                preferred[rng.random_range(0..preferred.len())]
                    .weapon
                    .clone()
            })
        };
    let primary = pick(&candidates, rng)?;
    let rest: Vec<&crate::ronin::model::KoryuWeapon> = candidates
        .iter()
        .copied()
        .filter(|w| w.weapon != primary)
        .collect();
    let secondary: Vec<String> = pick(&rest, rng).into_iter().collect();
    Some(KoryuDeclaration { primary, secondary })
}

fn judge(cat: &Catalogue, roster: &Roster, points: u32) -> Report {
    judge_with(cat, roster, Some(points))
}

/// Validate a roster held in memory (no file), against `points` when given.
pub(crate) fn judge_with(cat: &Catalogue, roster: &Roster, points: Option<u32>) -> Report {
    let mut report = Report {
        file: SourceFile::new("suggestion", ""),
        faction: None,
        period: None,
        faction_name: None,
        models: 0,
        points_total: 0,
        points_limit: points,
        leader: None,
        morale: None,
        entry_points: Vec::new(),
        entry_costs: Vec::new(),
        violations: Vec::new(),
    };
    rules::check_roster(
        cat,
        roster,
        Options {
            points,
            ..Options::default()
        },
        &mut report,
    );
    report
}

/// Errors that more models cannot fix later are what a step must not add; the size minimum is
/// left out (it is met by growing).
pub(crate) fn errors(report: &Report) -> usize {
    report
        .violations
        .iter()
        .filter(|v| v.is_error() && !(v.code == Code::Size && report.models < 4))
        .count()
}

fn one_walk(
    cat: &Catalogue,
    faction: &Faction,
    points: u32,
    style: Style,
    rng: &mut ChaCha8Rng,
) -> Option<Roster> {
    let koryu = faction
        .koryu
        .as_ref()
        .and_then(|k| declare_school(cat, &k.weapons, style, rng));
    let variants = variants(cat, faction, koryu.as_ref());
    let mut roster = Roster {
        faction: faction.id.clone(),
        points: Some(points),
        koryu,
        ..Roster::default()
    };
    let mut current = judge(cat, &roster, points);
    let cheapest = variants
        .iter()
        .map(|v| i64::from(v.cost))
        .min()
        .unwrap_or(0);
    while current.models < 20 {
        let remaining = i64::from(points) - i64::from(current.points_total);
        // Keep enough points to reach the minimum size with the cheapest variant.
        let reserve = cheapest * (MIN_SIZE - i64::from(current.models) - 1).max(0);
        let affordable: Vec<&Variant<'_>> = variants
            .iter()
            .filter(|v| i64::from(v.cost) + reserve <= remaining)
            .collect();
        if affordable.is_empty() {
            break;
        }
        // Judge every affordable variant; keep those that add no violation (the fewest), then let
        // the style pick among them.
        let mut judged: Vec<(usize, &Variant<'_>, Report)> = Vec::new();
        for v in affordable {
            roster.models.push(v.model());
            let report = judge(cat, &roster, points);
            roster.models.pop();
            judged.push((errors(&report), v, report));
        }
        let fewest = judged.iter().map(|(e, ..)| *e).min().unwrap_or(usize::MAX);
        if fewest > errors(&current) {
            break;
        }
        let (good, reports): (Vec<&Variant<'_>>, Vec<Report>) = judged
            .into_iter()
            .filter(|(e, ..)| *e == fewest)
            .map(|(_, v, r)| (v, r))
            .unzip();
        let chosen = weighted(&good, style, rng);
        let index = good
            .iter()
            .position(|v| std::ptr::eq(*v, chosen))
            .unwrap_or(0);
        roster.models.push(chosen.model());
        current = reports.into_iter().nth(index).unwrap_or(current);
    }
    upgrade(cat, &mut roster, points, rng);
    let report = judge(cat, &roster, points);
    report.valid().then_some(roster)
}

/// Every profile of the faction (and allowed hire) with each way of making its required picks.
pub(crate) fn variants<'a>(
    cat: &'a Catalogue,
    faction: &'a Faction,
    koryu: Option<&KoryuDeclaration>,
) -> Vec<Variant<'a>> {
    let hires = faction
        .swords_for_hire
        .allowed
        .iter()
        .filter_map(|id| cat.hire(id));
    let mut out = Vec::new();
    for profile in faction.profiles.iter().chain(hires) {
        let free_bujutsu: Vec<String> = if profile.bujutsu_picks > 0 {
            cat.attributes
                .attributes
                .iter()
                .filter(|a| a.kind == AttributeKind::Bujutsu)
                .take(1)
                .map(|a| a.id.clone())
                .collect()
        } else {
            Vec::new()
        };
        let picks: Vec<Vec<String>> = if profile.koryu_weapon {
            koryu
                .map(|k| {
                    std::iter::once(&k.primary)
                        .chain(&k.secondary)
                        .map(|w| vec![w.clone()])
                        .collect()
                })
                .unwrap_or_default()
        } else if let Some(required) = profile
            .options
            .iter()
            .find(|o| o.required && o.kind == OptionKind::Weapon)
        {
            required.one_of.iter().map(|w| vec![w.clone()]).collect()
        } else {
            vec![Vec::new()]
        };
        // Each armour option (mostly "no armour", cheaper) makes variants of its own.
        let armours = std::iter::once((None, 0)).chain(
            profile
                .options
                .iter()
                .filter(|o| o.kind == OptionKind::Armour)
                .filter_map(|o| o.armour.map(|a| (Some(a), o.cost))),
        );
        for (armour, armour_cost) in armours {
            for weapons in &picks {
                let carried = profile.weapons.iter().chain(weapons);
                let missile = carried
                    .clone()
                    .any(|w| cat.weapon(w).is_some_and(|x| x.kind == WeaponKind::Missile));
                out.push(Variant {
                    profile,
                    weapons: weapons.clone(),
                    attributes: free_bujutsu.clone(),
                    armour,
                    cost: profile.points.saturating_add(armour_cost),
                    missile,
                });
            }
        }
    }
    out
}

impl Variant<'_> {
    pub fn model(&self) -> RosterModel {
        RosterModel {
            profile: self.profile.id.clone(),
            weapons: self.weapons.clone(),
            attributes: self.attributes.clone(),
            armour: self.armour,
            ..RosterModel::default()
        }
    }
}

fn weighted<'v, 'a>(
    variants: &[&'v Variant<'a>],
    style: Style,
    rng: &mut ChaCha8Rng,
) -> &'v Variant<'a> {
    let weight = |v: &Variant<'_>| -> f64 {
        let p = f64::from(v.cost.max(1));
        match style {
            Style::Balanced => 1.0,
            Style::Elite => p * p,
            Style::Horde => 1.0 / (p * p),
            Style::Shooty => {
                if v.missile {
                    6.0
                } else {
                    1.0
                }
            }
        }
    };
    let total: f64 = variants.iter().map(|v| weight(v)).sum();
    let mut x = rng.random::<f64>() * total;
    for v in variants {
        x -= weight(v);
        if x <= 0.0 {
            return v;
        }
    }
    variants[variants.len() - 1]
}

/// Spend what is left on bought weapons and attributes, one legal step at a time.
fn upgrade(cat: &Catalogue, roster: &mut Roster, points: u32, rng: &mut ChaCha8Rng) {
    let faction = match roster.list(cat) {
        Some(f) => f,
        None => return,
    };
    for _ in 0..40 {
        let current = judge(cat, roster, points);
        let remaining = i64::from(points) - i64::from(current.points_total);
        if remaining < 2 || roster.models.is_empty() {
            return;
        }
        let mut improved = false;
        for _ in 0..roster.models.len() * 2 {
            let i = rng.random_range(0..roster.models.len());
            let Some(profile) = cat
                .profile_for(faction, &roster.models[i].profile)
                .map(|p| p.profile)
            else {
                continue;
            };
            let Some(change) = upgrade_for(cat, profile, &roster.models[i], rng) else {
                continue;
            };
            let before = roster.models[i].clone();
            change(&mut roster.models[i]);
            let report = judge(cat, roster, points);
            if errors(&report) <= errors(&current)
                && report.points_total <= i32::try_from(points).unwrap_or(i32::MAX)
            {
                improved = true;
                break;
            }
            roster.models[i] = before;
        }
        if !improved {
            return;
        }
    }
}

type Change = Box<dyn FnOnce(&mut RosterModel)>;

/// One random improvement a model could buy: a weapon from a priced option, or an attribute that
/// suits what it carries.
fn upgrade_for(
    cat: &Catalogue,
    profile: &Profile,
    model: &RosterModel,
    rng: &mut ChaCha8Rng,
) -> Option<Change> {
    if rng.random_bool(0.5)
        && let Some(option) = profile
            .options
            .iter()
            .find(|o| o.kind == OptionKind::Weapon && !o.required && o.cost > 0)
        && !model.weapons.iter().any(|w| option.one_of.contains(w))
        && !profile
            .options
            .iter()
            .any(|o| o.required && o.excludes.contains(&option.id))
    {
        let weapon = option.one_of[rng.random_range(0..option.one_of.len())].clone();
        return Some(Box::new(move |m: &mut RosterModel| m.weapons.push(weapon)));
    }
    let slots = profile.attribute_slots?;
    let bought = model
        .attributes
        .len()
        .saturating_sub(usize::from(profile.bujutsu_picks));
    if bought >= usize::from(slots.count) {
        return None;
    }
    let carried: Vec<String> = profile
        .weapons
        .iter()
        .chain(&model.weapons)
        .map(|w| canonical(cat, w))
        .collect();
    let fitting: Vec<&str> = cat
        .attributes
        .attributes
        .iter()
        .filter(|a| match a.kind {
            AttributeKind::Bujutsu => a
                .weapons
                .iter()
                .any(|w| carried.contains(&canonical(cat, w))),
            AttributeKind::Ability => !matches!(a.id.as_str(), "commander"),
            _ => false,
        })
        .filter(|a| !model.attributes.contains(&a.id) && !profile.attributes.contains(&a.id))
        .map(|a| a.id.as_str())
        .collect();
    if fitting.is_empty() {
        return None;
    }
    let pick = fitting[rng.random_range(0..fitting.len())].to_owned();
    Some(Box::new(move |m: &mut RosterModel| m.attributes.push(pick)))
}

/// Fold identical entries into one with a count.
fn merge_identical(roster: &mut Roster) {
    let mut merged: Vec<RosterModel> = Vec::new();
    for model in roster.models.drain(..) {
        let same = merged.iter_mut().find(|m| {
            RosterModel {
                count: None,
                ..(*m).clone()
            } == RosterModel {
                count: None,
                ..model.clone()
            }
        });
        match same {
            Some(m) => m.count = Some(m.count() + model.count()),
            None => merged.push(model),
        }
    }
    roster.models = merged;
}

/// A legal list one change away from another, and the change in words.
pub struct Neighbour {
    pub roster: Roster,
    pub change: String,
}

/// Legal lists one change away from `roster` at `points`: one model swapped for another variant,
/// one dropped, or one added; at most `limit`, tried in an order drawn from `seed`. The validator
/// judges each, as it judges every suggestion.
pub fn neighbours(
    cat: &Catalogue,
    faction: &Faction,
    roster: &Roster,
    points: u32,
    seed: u64,
    limit: usize,
) -> Vec<Neighbour> {
    let variants = variants(cat, faction, roster.koryu.as_ref());
    // One model of each distinct entry may go; any variant may come.
    let single = |m: &RosterModel| RosterModel {
        count: None,
        ..m.clone()
    };
    let mut moves: Vec<(Option<usize>, Option<usize>)> = Vec::new();
    for drop in (0..roster.models.len()).map(Some).chain([None]) {
        for add in (0..variants.len()).map(Some).chain([None]) {
            if drop.is_some() || add.is_some() {
                moves.push((drop, add));
            }
        }
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    // Fisher-Yates with the seeded generator.
    for i in (1..moves.len()).rev() {
        moves.swap(i, rng.random_range(0..=i));
    }
    let name = |m: &RosterModel| {
        let profile = faction
            .profile(&m.profile)
            .or_else(|| cat.hire(&m.profile))
            .map_or(m.profile.as_str(), |p| p.name.as_str());
        let mut extras: Vec<&str> = m.weapons.iter().map(String::as_str).collect();
        extras.extend(m.attributes.iter().map(String::as_str));
        if extras.is_empty() {
            profile.to_owned()
        } else {
            format!("{profile} ({})", extras.join(", "))
        }
    };
    let mut seen = std::collections::HashSet::new();
    seen.insert(serde_json::to_string(&roster.models).unwrap_or_default());
    let mut out = Vec::new();
    for (drop, add) in moves {
        if out.len() >= limit {
            break;
        }
        let mut next = roster.clone();
        let change = match (drop, add) {
            (Some(d), Some(a)) => format!(
                "one {} instead of one {}",
                name(&variants[a].model()),
                name(&single(&roster.models[d]))
            ),
            (Some(d), None) => format!("without one {}", name(&single(&roster.models[d]))),
            (None, Some(a)) => format!("with another {}", name(&variants[a].model())),
            (None, None) => continue,
        };
        if let Some(d) = drop {
            let model = &mut next.models[d];
            if model.count() > 1 {
                model.count = Some(model.count() - 1).filter(|&c| c > 1);
            } else {
                next.models.remove(d);
            }
        }
        if let Some(a) = add {
            next.models.push(variants[a].model());
        }
        merge_identical(&mut next);
        if !seen.insert(serde_json::to_string(&next.models).unwrap_or_default()) {
            continue;
        }
        if judge(cat, &next, points).valid() {
            out.push(Neighbour {
                roster: next,
                change,
            });
        }
    }
    out
}
