//! The share text: a compact plain-text list to paste in a chat or forum, which `buntai import`
//! reads back into a roster file.
//!
//! ```text
//! Takeda raiders — Bushi — 99/100 points — LEGAL
//! data 3a9f0c12be41
//! Fearsome Kiai: 1
//! 2x Ashigaru: teppo — 36 pts
//! 1x Samurai "Taro": kenjutsu, leader — 27 pts
//! ```
//!
//! A header line (the name when the roster has one, the faction, points used and the limit, the
//! verdict) and the data version, then the Buntai-wide choices, then one line per entry: count, profile
//! name, the model's name in quotes, and after a colon what the roster file says of it — weapon
//! picks and attributes by id, then `armour: X`, `mount: X`, `banner`, `leader`, `disguise: X` and
//! `option: X` — and its points.

use crate::ronin::model::{Catalogue, Faction};
use crate::ronin::roster::{Roster, RosterModel, SHARE_SEP as SEP};
use crate::ronin::rules::Report;

/// The share text of a roster.
pub fn share_text(cat: &Catalogue, faction: &Faction, roster: &Roster, report: &Report) -> String {
    let mut header = Vec::new();
    if let Some(name) = &roster.name {
        header.push(one_line(name));
    }
    header.push(faction.name.clone());
    header.push(match report.points_limit {
        Some(limit) => format!("{}/{limit} points", report.points_total),
        None => format!("{} points", report.points_total),
    });
    header.push(if report.valid() { "LEGAL" } else { "NOT LEGAL" }.to_owned());
    let mut out = header.join(SEP);
    out.push_str(&format!("\ndata {}\n", cat.data_version));
    if let Some(kiai) = roster.fearsome_kiai.filter(|&k| k > 0) {
        out.push_str(&format!("Fearsome Kiai: {kiai}\n"));
    }
    if let Some(koryu) = &roster.koryu {
        out.push_str(&format!("Koryu primary: {}\n", koryu.primary));
        if !koryu.secondary.is_empty() {
            out.push_str(&format!(
                "Koryu secondary: {}\n",
                koryu.secondary.join(", ")
            ));
        }
    }
    for (i, model) in roster.models.iter().enumerate() {
        let profile_name = cat
            .profile_for(faction, &model.profile)
            .map_or(model.profile.as_str(), |p| p.profile.name.as_str());
        let mut line = format!("{}x {profile_name}", model.count());
        if let Some(name) = &model.name {
            line.push_str(&format!(" \"{}\"", one_line(name).replace('"', "'")));
        }
        let items = items(model);
        if !items.is_empty() {
            line.push_str(": ");
            line.push_str(&items.join(", "));
        }
        let points = report_entry_points(report, i);
        if let Some(points) = points {
            line.push_str(&format!("{SEP}{points} pts"));
        }
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// What the roster file says of an entry, in share-text words.
fn items(model: &RosterModel) -> Vec<String> {
    let mut items: Vec<String> = model.weapons.clone();
    items.extend(model.attributes.iter().cloned());
    if let Some(armour) = model.armour {
        items.push(format!("armour: {}", armour.id()));
    }
    if let Some(mount) = model.mount {
        items.push(format!("mount: {}", mount.id()));
    }
    if model.banner {
        items.push("banner".to_owned());
    }
    if model.leader {
        items.push("leader".to_owned());
    }
    if let Some(disguise) = &model.disguise {
        items.push(format!("disguise: {disguise}"));
    }
    items.extend(model.options.iter().map(|o| format!("option: {o}")));
    items
}

fn report_entry_points(report: &Report, index: usize) -> Option<i32> {
    report.entry_points.get(index).copied()
}

/// Names go on one line of the share text.
fn one_line(text: &str) -> String {
    text.replace(['\r', '\n'], " ").replace(SEP, " - ")
}
