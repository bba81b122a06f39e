//! Renderers. Faction listings and roster sheets are built once as view models ([`Doc`], [`Sheet`])
//! and rendered to terminal text, Markdown, HTML (a minijinja template) or JSON.

mod html;
pub mod replay;
mod share;
mod sheet;
pub mod table;

pub use crate::page::{Block, Doc, TextStyle};
pub use html::{render_cards, render_html};
pub use share::share_text;
pub use sheet::{Sheet, SheetEntry, View, build as build_sheet};

/// The roster sheet as a text/Markdown document.
pub fn sheet_doc(sheet: &Sheet) -> Doc {
    let verdict = if sheet.legal { "LEGAL" } else { "NOT LEGAL" };
    let title = match &sheet.name {
        Some(name) => format!("{name}: {} ({verdict})", sheet.faction.name),
        None => format!("{} Buntai ({verdict})", sheet.faction.name),
    };
    let mut doc = Doc::new(title);
    let limit = sheet
        .points
        .limit
        .map_or(String::new(), |l| format!(" of {l}"));
    doc.para(format!(
        "{} models, {}{limit} points. Leader: {}. Morale: {}.",
        sheet.models,
        sheet.points.total,
        sheet.leader.as_deref().unwrap_or("none"),
        sheet.morale.text
    ));
    let errors: Vec<String> = sheet
        .problems
        .iter()
        .filter(|p| p.severity == crate::diag::Severity::Error)
        .map(|p| format!("[{}] {}", p.code, p.message))
        .collect();
    if !errors.is_empty() {
        doc.heading("NOT LEGAL: run `buntai validate` for details");
        doc.list(errors);
    }
    // One line per model, so a sheet fits 80 columns; its weapons' numbers and its notes follow.
    doc.heading("Models");
    let rows = sheet
        .entries
        .iter()
        .map(|e| {
            vec![
                e.number.to_string(),
                model_name(e),
                e.rank.to_string(),
                e.combat_pool.to_string(),
                e.fight.to_string(),
                e.shoot.to_string(),
                e.armour.clone(),
                format!("{}/{}\"", e.movement.move_inches, e.movement.fast),
                if e.count > 1 {
                    format!("{} ({}x{})", e.points_total, e.count, e.points_each)
                } else {
                    e.points_total.to_string()
                },
            ]
        })
        .collect();
    doc.table(
        &[
            "#", "Model", "Rk", "CP", "Fi", "Sh", "Armour", "Move", "Pts",
        ],
        rows,
    );
    doc.heading("Weapons");
    let rows = sheet
        .entries
        .iter()
        .flat_map(|e| {
            e.weapons
                .iter()
                .map(|w| vec![e.number.to_string(), w.name.clone(), w.text.clone()])
        })
        .collect();
    doc.table(&["#", "Weapon", "Numbers"], rows);
    let notes: Vec<String> = sheet
        .entries
        .iter()
        .filter_map(|e| {
            let notes = model_notes(e);
            (!notes.is_empty()).then(|| format!("{} {}: {}", e.number, model_name(e), notes))
        })
        .collect();
    if !notes.is_empty() {
        doc.heading("Notes");
        doc.list(notes);
    }
    doc.heading("Points");
    doc.list(sheet.entries.iter().map(cost_line).collect());
    let mut totals = format!(
        "Total: {} models, {} points",
        sheet.models, sheet.points.total
    );
    for p in &sheet.purchases {
        totals.push_str(&format!(
            " (including {} x {}: {} points)",
            p.count, p.name, p.points
        ));
    }
    if let Some(k) = &sheet.koryu {
        let secondary = if k.secondary.is_empty() {
            "none".to_owned()
        } else {
            k.secondary.join(", ")
        };
        totals.push_str(&format!(
            ". Koryu weapons: primary {}, secondary {secondary}",
            k.primary
        ));
    }
    doc.para(format!("{totals}."));
    if !sheet.attributes.is_empty() {
        doc.heading("Attributes");
        doc.list(
            sheet
                .attributes
                .iter()
                .map(|a| format!("{} ({}): {}", a.name, a.kind, a.summary))
                .collect(),
        );
    }
    doc.heading("Morale");
    doc.para(format!("Morale Rating {}.", sheet.morale.text));
    doc.list(sheet.morale.notes.clone());
    if !sheet.scoring.is_empty() {
        doc.heading("Faction rules and scoring");
        doc.list(sheet.scoring.clone());
    }
    if !sheet.hire_rules.is_empty() {
        doc.heading("Swords-for-Hire");
        doc.list(sheet.hire_rules.clone());
    }
    doc.para(format!(
        "Checked by buntai {} with data {}.",
        env!("CARGO_PKG_VERSION"),
        sheet.data_version
    ));
    doc
}

/// "#1 Ashigaru x2: 36 (18 each: Ashigaru 18)": an entry's points as their parts.
pub fn cost_line(e: &SheetEntry) -> String {
    crate::ronin::rules::EntryCost {
        entry: e.number,
        profile: e.profile_name.clone(),
        count: e.count,
        points_each: e.points_each,
        points: e.points_total,
        parts: e.cost.clone(),
    }
    .describe()
}

/// The model as its row names it: the profile, and the count of a repeated entry.
fn model_name(e: &SheetEntry) -> String {
    if e.count > 1 {
        format!("{} x{}", e.profile_name, e.count)
    } else {
        e.profile_name.clone()
    }
}

/// What else a player must know of a model: its name, campaign standing, Leader, hire, disguise,
/// banner, mount, attributes and options.
fn model_notes(e: &SheetEntry) -> String {
    let mut tags = Vec::new();
    if let Some(name) = &e.name {
        tags.push(format!("\"{name}\""));
    }
    if let Some(c) = &e.campaign {
        tags.push(c.clone());
    }
    if e.leader {
        tags.push("LEADER".to_owned());
    }
    if e.hired {
        tags.push("hired".to_owned());
    }
    if let Some(d) = &e.disguised_as {
        tags.push(format!("disguised as {d}"));
    }
    if e.banner {
        tags.push("banner".to_owned());
    }
    if let Some(mount) = &e.mount {
        tags.push(format!("on a {mount}"));
    }
    tags.extend(e.attributes.iter().cloned());
    let options: Vec<&str> = e.options.iter().map(|o| o.id.as_str()).collect();
    if !options.is_empty() {
        tags.push(format!("options: {}", options.join(", ")));
    }
    tags.join("; ")
}
