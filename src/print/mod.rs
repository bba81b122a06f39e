//! Renderers. Faction listings and roster sheets are built once as view models ([`Doc`], [`Sheet`])
//! and rendered to terminal text, Markdown, HTML (a minijinja template) or JSON.

pub mod charts;
mod doc;
mod html;
pub mod replay;
mod share;
mod sheet;
pub mod table;

pub use doc::{Block, Doc, TextStyle};
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
    doc.heading("Models");
    let rows = sheet
        .entries
        .iter()
        .map(|e| {
            vec![
                e.number.to_string(),
                model_cell(e),
                e.rank.to_string(),
                e.combat_pool.to_string(),
                e.fight.to_string(),
                e.shoot.to_string(),
                e.armour.clone(),
                format!("{}/{}\"", e.movement.move_inches, e.movement.fast),
                e.weapons
                    .iter()
                    .map(|w| format!("{}: {}", w.name, w.text))
                    .collect::<Vec<_>>()
                    .join("\n"),
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
            "#", "Model", "Rk", "CP", "Fi", "Sh", "Armour", "Move", "Weapons", "Pts",
        ],
        rows,
    );
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
    crate::rules::EntryCost {
        entry: e.number,
        profile: e.profile_name.clone(),
        count: e.count,
        points_each: e.points_each,
        points: e.points_total,
        parts: e.cost.clone(),
    }
    .describe()
}

fn model_cell(e: &SheetEntry) -> String {
    let mut lines = vec![if e.count > 1 {
        format!("{} x{}", e.profile_name, e.count)
    } else {
        e.profile_name.clone()
    }];
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
    if !tags.is_empty() {
        lines.push(tags.join(", "));
    }
    if !e.attributes.is_empty() {
        lines.push(e.attributes.join(", "));
    }
    let options: Vec<&str> = e.options.iter().map(|o| o.id.as_str()).collect();
    if !options.is_empty() {
        lines.push(format!("options: {}", options.join(", ")));
    }
    lines.join("\n")
}
