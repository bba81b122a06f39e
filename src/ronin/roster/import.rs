//! Reading a list someone pasted: the share text of `buntai print --format share` (see
//! `crate::ronin::print::share`), or a roster written as TOML, bare or in a Markdown ```toml fence.

use crate::diag::did_you_mean;
use crate::ronin::model::{Armour, Catalogue, Faction, Mount};

use super::{KoryuDeclaration, Roster, RosterModel};

/// The separator between the share text's header fields, and before an entry's points.
pub const SHARE_SEP: &str = " — ";

/// What was pasted.
#[derive(Debug, Clone, PartialEq)]
pub enum Imported {
    /// A roster in TOML: kept as written, comments and all.
    Toml(String),
    /// A roster rebuilt from share text.
    Share(Roster),
}

/// A line that could not be read, 1-based.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportError {
    pub line: usize,
    pub message: String,
}

/// Read pasted text as a roster.
pub fn import(cat: &Catalogue, text: &str) -> Result<Imported, Vec<ImportError>> {
    if let Some(block) = toml_fence(text) {
        return Ok(Imported::Toml(block));
    }
    if toml::from_str::<Roster>(text).is_ok() {
        return Ok(Imported::Toml(text.to_owned()));
    }
    share(cat, text).map(Imported::Share)
}

/// The content of the first ```toml fence, if any.
fn toml_fence(text: &str) -> Option<String> {
    let mut lines = text.lines();
    lines.find(|l| l.trim_start().starts_with("```toml"))?;
    let body: Vec<&str> = lines
        .take_while(|l| !l.trim_start().starts_with("```"))
        .collect();
    Some(body.join("\n") + "\n")
}

fn share(cat: &Catalogue, text: &str) -> Result<Roster, Vec<ImportError>> {
    let mut errors = Vec::new();
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with("```"));
    let Some((header_line, header)) = lines.next() else {
        return Err(vec![ImportError {
            line: 1,
            message: "there is nothing to import".to_owned(),
        }]);
    };
    let mut roster = match header_fields(cat, header) {
        Ok(roster) => roster,
        Err(message) => {
            return Err(vec![ImportError {
                line: header_line,
                message,
            }]);
        }
    };
    let Some(faction) = roster.list(cat) else {
        return Err(vec![ImportError {
            line: header_line,
            message: format!("unknown faction `{}`", roster.faction),
        }]);
    };
    for (line, text) in lines {
        let result = if text.starts_with("data ") {
            // The data version the list was checked with: information only.
            Ok(())
        } else if let Some(n) = text.strip_prefix("Fearsome Kiai:") {
            n.trim()
                .parse()
                .map(|n| roster.fearsome_kiai = Some(n))
                .map_err(|_| format!("`{}` is not a number of Fearsome Kiai", n.trim()))
        } else if let Some(w) = text.strip_prefix("Koryu primary:") {
            let koryu = roster.koryu.get_or_insert_with(KoryuDeclaration::default);
            koryu.primary = w.trim().to_owned();
            Ok(())
        } else if let Some(ws) = text.strip_prefix("Koryu secondary:") {
            let koryu = roster.koryu.get_or_insert_with(KoryuDeclaration::default);
            koryu.secondary = list(ws);
            Ok(())
        } else {
            entry(cat, faction, text).map(|m| roster.models.push(m))
        };
        if let Err(message) = result {
            errors.push(ImportError { line, message });
        }
    }
    if errors.is_empty() {
        Ok(roster)
    } else {
        Err(errors)
    }
}

/// `[name — ]Faction — 99/100 points — LEGAL — data 1234`: the name, faction and points limit.
fn header_fields(cat: &Catalogue, header: &str) -> Result<Roster, String> {
    let mut fields: Vec<&str> = header.split(SHARE_SEP).map(str::trim).collect();
    if fields.last().is_some_and(|f| f.starts_with("data ")) {
        fields.pop();
    }
    if fields
        .last()
        .is_some_and(|f| *f == "LEGAL" || *f == "NOT LEGAL")
    {
        fields.pop();
    }
    let mut points = None;
    if let Some(p) = fields.last().and_then(|f| f.strip_suffix(" points")) {
        points = match p.split_once('/') {
            Some((_, limit)) => Some(
                limit
                    .trim()
                    .parse::<u32>()
                    .map_err(|_| format!("`{limit}` is not a points limit"))?,
            ),
            None => None,
        };
        fields.pop();
    }
    let faction_field = fields
        .pop()
        .ok_or("the first line names no faction (e.g. `Bushi — 100 points`)")?;
    // A list of another period is named by its own name (`Kamakura Bushi`, `Mongols`).
    let lists = cat.factions.iter().map(|f| (None, f)).chain(
        cat.period_factions
            .iter()
            .map(|l| (Some(&l.period), &l.faction)),
    );
    let (period, faction) = lists
        .clone()
        .find(|(period, f)| {
            f.name.eq_ignore_ascii_case(faction_field)
                || (period.is_none() && f.id.eq_ignore_ascii_case(faction_field))
        })
        .ok_or_else(|| {
            let names = lists.map(|(_, f)| f.name.as_str());
            format!(
                "unknown faction `{faction_field}`: {}",
                did_you_mean(faction_field, names)
            )
        })?;
    let name = (!fields.is_empty()).then(|| fields.join(SHARE_SEP));
    Ok(Roster {
        name,
        faction: faction.id.clone(),
        period: period.cloned(),
        points,
        ..Roster::default()
    })
}

/// `2x Ashigaru "Jiro": teppo, armour: none — 36 pts`
fn entry(cat: &Catalogue, faction: &Faction, text: &str) -> Result<RosterModel, String> {
    let text = match text.rsplit_once(SHARE_SEP) {
        Some((body, tail)) if tail.trim().ends_with("pts") => body,
        _ => text,
    };
    let (count, rest) = text
        .split_once("x ")
        .and_then(|(n, rest)| Some((n.trim().parse::<u32>().ok()?, rest)))
        .ok_or_else(|| format!("`{text}` is not an entry (e.g. `2x Ashigaru: yari — 36 pts`)"))?;
    let (head, items) = split_head(rest);
    let (profile_text, name) = match head.split_once('"') {
        Some((p, n)) => (p.trim(), Some(n.trim_end_matches('"').to_owned())),
        None => (head.trim(), None),
    };
    let profile = find_profile(cat, faction, profile_text)?;
    let mut model = RosterModel {
        profile,
        count: (count != 1).then_some(count),
        name,
        ..RosterModel::default()
    };
    for item in list(items) {
        read_item(cat, &mut model, &item)?;
    }
    Ok(model)
}

/// The profile part and the items after the first colon outside the quoted name.
fn split_head(text: &str) -> (&str, &str) {
    let mut quoted = false;
    for (i, c) in text.char_indices() {
        match c {
            '"' => quoted = !quoted,
            ':' if !quoted => return (&text[..i], &text[i + 1..]),
            _ => {}
        }
    }
    (text, "")
}

fn find_profile(cat: &Catalogue, faction: &Faction, text: &str) -> Result<String, String> {
    let candidates = faction
        .profiles
        .iter()
        .chain(cat.swords_for_hire.profiles.iter());
    candidates
        .clone()
        .find(|p| p.name.eq_ignore_ascii_case(text) || p.id.eq_ignore_ascii_case(text))
        .map(|p| p.id.clone())
        .ok_or_else(|| {
            let names: Vec<&str> = candidates.map(|p| p.name.as_str()).collect();
            format!(
                "{} has no model `{text}`: {}",
                faction.name,
                did_you_mean(text, names.iter().copied())
            )
        })
}

fn read_item(cat: &Catalogue, model: &mut RosterModel, item: &str) -> Result<(), String> {
    let keyed = |key: &str| item.strip_prefix(key).map(str::trim);
    if item == "banner" {
        model.banner = true;
    } else if item == "leader" {
        model.leader = true;
    } else if let Some(armour) = keyed("armour:") {
        model.armour = Some(
            [Armour::None, Armour::Light, Armour::Medium, Armour::Heavy]
                .into_iter()
                .find(|a| a.id() == armour)
                .ok_or_else(|| format!("unknown armour `{armour}`"))?,
        );
    } else if let Some(mount) = keyed("mount:") {
        model.mount = Some(
            [Mount::Horse, Mount::Warhorse]
                .into_iter()
                .find(|m| m.id() == mount)
                .ok_or_else(|| format!("unknown mount `{mount}`"))?,
        );
    } else if let Some(disguise) = keyed("disguise:") {
        model.disguise = Some(disguise.to_owned());
    } else if let Some(option) = keyed("option:") {
        model.options.push(option.to_owned());
    } else if cat.weapon(item).is_some() {
        model.weapons.push(item.to_owned());
    } else if cat.attribute(item).is_some() {
        model.attributes.push(item.to_owned());
    } else {
        let known = cat
            .weapon_names()
            .chain(cat.attributes.attributes.iter().map(|a| a.id.as_str()));
        return Err(format!(
            "`{item}` is neither a weapon nor an attribute: {}",
            did_you_mean(item, known)
        ));
    }
    Ok(())
}

fn list(text: &str) -> Vec<String> {
    text.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
        .collect()
}
