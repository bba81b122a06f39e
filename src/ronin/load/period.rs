//! Building the lists of the other periods from the faction files and `periods.toml`.
//!
//! Each edit is applied in the order the file lists them: borrow profiles, swap armour, exchange
//! weapons, forbid weapons and hires, drop and add composition rules. A name the data does not
//! know is skipped here and reported, at its place in `periods.toml`, by the cross-check.

use crate::ronin::model::{
    Catalogue, Check, Faction, Morale, OptionKind, PeriodFaction, PeriodList, Provenance,
};

/// Every list of every period other than the main one.
pub fn build_all(cat: &Catalogue) -> Vec<PeriodFaction> {
    cat.periods
        .periods
        .iter()
        .filter(|p| !p.main)
        .flat_map(|p| {
            p.lists.iter().filter_map(|list| {
                build(cat, list).map(|faction| PeriodFaction {
                    period: p.id.clone(),
                    faction,
                })
            })
        })
        .collect()
}

/// One period list, or `None` when its base faction does not exist.
pub fn build(cat: &Catalogue, list: &PeriodList) -> Option<Faction> {
    let mut f = cat.faction(list.base())?.clone();
    f.id.clone_from(&list.faction);
    if let Some(name) = &list.name {
        f.name.clone_from(name);
    }
    if let Some(summary) = &list.summary {
        f.summary.clone_from(summary);
    }
    if let Some(rating) = list.morale {
        f.morale = Morale {
            rating,
            source: Provenance::Text,
            with_banner: None,
            without_profile: None,
            by_peasant_ratio: Vec::new(),
            sacrifice: None,
            notes: Vec::new(),
        };
    }
    for b in &list.borrow {
        if let Some(p) = cat.faction(&b.faction).and_then(|o| o.profile(&b.profile)) {
            let mut p = p.clone();
            p.id.clone_from(&b.id);
            p.name.clone_from(&b.name);
            f.profiles.push(p);
        }
    }
    for swap in &list.armour {
        for p in &mut f.profiles {
            let typed = swap.types.is_empty() || swap.types.contains(&p.model_type);
            if !typed {
                continue;
            }
            if p.armour == swap.from {
                p.armour = swap.to;
                p.points = p.points.saturating_add(swap.cost);
                p.options.retain(|o| {
                    o.kind != OptionKind::Armour
                        || (o.armour != Some(swap.from) && o.armour != Some(swap.to))
                });
                for o in p
                    .options
                    .iter_mut()
                    .filter(|o| o.kind == OptionKind::Armour)
                {
                    o.cost = o.cost.saturating_sub(swap.cost);
                }
            } else {
                p.options
                    .retain(|o| o.kind != OptionKind::Armour || o.armour != Some(swap.from));
            }
        }
    }
    let canonical = |name: &str| cat.weapon(name).map(|w| w.id.clone());
    for swap in &list.swap_weapons {
        let (Some(from), Some(_)) = (canonical(&swap.from), canonical(&swap.to)) else {
            continue;
        };
        let exchange = |names: &mut Vec<String>| {
            for n in names.iter_mut() {
                if canonical(n).as_deref() == Some(from.as_str()) {
                    n.clone_from(&swap.to);
                }
            }
        };
        for p in &mut f.profiles {
            exchange(&mut p.weapons);
            for o in &mut p.options {
                exchange(&mut o.one_of);
                exchange(&mut o.adds);
            }
        }
    }
    let forbidden: Vec<String> = list
        .forbid_weapons
        .iter()
        .filter_map(|w| canonical(w))
        .collect();
    let banned = |name: &String| canonical(name).is_some_and(|id| forbidden.contains(&id));
    if !forbidden.is_empty() {
        f.profiles.retain(|p| !p.weapons.iter().any(banned));
        for p in &mut f.profiles {
            p.options.retain_mut(|o| {
                let had_choice = !o.one_of.is_empty();
                o.one_of.retain(|w| !banned(w));
                let emptied = had_choice && o.one_of.is_empty();
                !emptied && !o.adds.iter().any(banned)
            });
        }
        f.composition.retain(|rule| match &rule.check {
            Check::WeaponLimit {
                weapons, missile, ..
            } => *missile || weapons.is_empty() || !weapons.iter().all(banned),
            _ => true,
        });
        if let Some(koryu) = &mut f.koryu {
            koryu.weapons.retain(|w| !banned(&w.weapon));
        }
    }
    f.swords_for_hire
        .allowed
        .retain(|h| !list.forbid_hires.contains(h));
    for limit in &mut f.swords_for_hire.limits {
        limit.profiles.retain(|h| !list.forbid_hires.contains(h));
    }
    f.swords_for_hire.limits.retain(|l| !l.profiles.is_empty());
    f.composition
        .retain(|rule| !list.drop_composition.contains(&rule.id));
    f.composition.extend(list.composition.iter().cloned());
    f.special_rules.extend(list.special_rules.iter().cloned());
    f.restraint.clone_from(&list.restraint);
    Some(f)
}
