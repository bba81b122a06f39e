//! The army sheet: per unit its move, close-combat roll and modifiers, shooting, a hit track of 9
//! or 13 boxes, ammunition and addition markers; the General and Command Post; and a
//! quick-reference card. Built once as a view model and rendered to text, Markdown, HTML or JSON.

use serde::Serialize;

use super::army::{ArmyFile, Verdict};
use super::data::{ChargeRule, Data, Entry};

/// One unit's row.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct UnitRow {
    /// 1-based, in file order.
    pub number: usize,
    pub name: String,
    pub kind: String,
    /// Inches.
    #[serde(rename = "move")]
    pub allowance: i32,
    /// `D3`, `D3+1`.
    pub melee: String,
    /// Close-combat modifiers of its type against others.
    pub modifiers: Vec<String>,
    /// `12", D3` for a shooting unit.
    pub shooting: Option<String>,
    /// The hits that eliminate it: 9, or 13 for the Hatamoto.
    pub hit_boxes: u32,
    pub general: bool,
    /// It starts with ammunition (a shooting unit).
    pub ammunition: bool,
    pub charges: String,
    pub terrain: Vec<String>,
    pub additions: Vec<AdditionMarker>,
    /// Held back as a reserve: where and when it comes on (OHW-33).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reserve: Option<String>,
    /// Modifiers, charge restriction and terrain limits in one list, as the sheet prints them.
    pub notes: Vec<String>,
}

/// An addition as the sheet shows it.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct AdditionMarker {
    pub name: String,
    pub effect: String,
}

/// A section of the quick-reference card.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct CardSection {
    pub title: String,
    pub lines: Vec<String>,
}

/// The whole sheet.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct ArmySheet {
    pub system: &'static str,
    pub name: Option<String>,
    pub legal: bool,
    pub scenario: String,
    pub turns: i32,
    pub units: Vec<UnitRow>,
    pub general: String,
    pub command_post: String,
    pub card: Vec<CardSection>,
}

fn signed(n: i32) -> String {
    if n >= 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

/// Build the sheet of a read army.
pub fn build(data: &Data, verdict: &Verdict, army: &ArmyFile) -> ArmySheet {
    let scenario_id = army.scenario.as_deref().unwrap_or(super::DEFAULT_SCENARIO);
    let scenario = data.scenario(scenario_id);
    let hatamoto = u32::try_from(data.command.general.hatamoto_eliminated_at.value).unwrap_or(13);
    let units = army
        .unit
        .iter()
        .enumerate()
        .map(|(i, u)| {
            let t = data.unit(&u.kind);
            let bonus = t.map_or(0, |t| t.melee_bonus.value);
            let entry = |what: &str, e: Entry| match e {
                Entry::Enter => None,
                Entry::NoEnd => Some(format!("may not end a move in {what}")),
                Entry::NoEntry => Some(format!("may not enter {what}")),
            };
            UnitRow {
                number: i + 1,
                name: u.label(data, i),
                kind: t.map_or(u.kind.clone(), |t| t.name.clone()),
                allowance: t.map_or(0, |t| t.allowance.value),
                melee: if bonus == 0 {
                    "D3".to_owned()
                } else {
                    format!("D3{}", signed(bonus))
                },
                modifiers: t.map_or(Vec::new(), |t| {
                    t.vs.iter()
                        .map(|v| {
                            let target =
                                data.unit(&v.target).map_or(v.target.as_str(), |x| &x.name);
                            format!("{} attacking {target}", signed(v.modifier))
                        })
                        .collect()
                }),
                shooting: t
                    .filter(|t| t.shoots)
                    .map(|t| format!("{}\", D3", t.range.map_or(0, |r| r.value))),
                hit_boxes: if u.general {
                    hatamoto
                } else {
                    t.map_or(9, |t| u32::try_from(t.eliminated_at.value).unwrap_or(9))
                },
                general: u.general,
                ammunition: t.is_some_and(|t| t.shoots),
                charges: match t.map(|t| t.charge) {
                    Some(ChargeRule::OutOfAmmunition) => "only when out of ammunition".to_owned(),
                    _ => "yes".to_owned(),
                },
                terrain: t.map_or(Vec::new(), |t| {
                    [
                        entry("woods", t.woods),
                        entry("hills", t.hill),
                        entry("a town", t.town),
                    ]
                    .into_iter()
                    .flatten()
                    .collect()
                }),
                additions: u
                    .additions_at(&crate::diag::TomlPath::root())
                    .into_iter()
                    .map(|(id, _)| match data.addition(id) {
                        Some(a) => AdditionMarker {
                            name: a.name.clone(),
                            effect: a.effect.clone(),
                        },
                        None => AdditionMarker {
                            name: id.to_owned(),
                            effect: "unknown addition".to_owned(),
                        },
                    })
                    .collect(),
                reserve: scenario
                    .and_then(|s| s.reserves.as_ref())
                    .filter(|_| u.reserve)
                    .map(|r| {
                        format!(
                            "in reserve: comes on at its edge square (A {}, B {}) from game turn {} (OHW-33)",
                            r.a.entry, r.b.entry, r.a.due.value
                        )
                    }),
                notes: Vec::new(),
            }
        })
        .map(|mut row: UnitRow| {
            row.notes = row.modifiers.clone();
            row.notes.extend(row.reserve.clone());
            if row.charges != "yes" {
                row.notes.push(format!("charges {}", row.charges));
            }
            row.notes.extend(row.terrain.iter().cloned());
            row
        })
        .collect();
    let turns = scenario.map_or(15, |s| s.turns.value);
    ArmySheet {
        system: super::ID,
        name: army.name.clone(),
        legal: verdict.legal(),
        scenario: scenario.map_or(scenario_id.to_owned(), |s| s.name.clone()),
        turns,
        units,
        general: format!(
            "{}: with his Hatamoto, which is eliminated at {hatamoto} hits; when it falls every \
             other unit takes {} hits, once.",
            data.command.general.name, data.command.general.loss_hits
        ),
        command_post: format!(
            "{}: on an empty square of the home row; no die, never shot. An enemy reaching it \
             makes you remove one unit of your choice, once.",
            data.command.command_post.name
        ),
        card: card(data, turns),
    }
}

/// The quick-reference card, from the data.
fn card(data: &Data, turns: i32) -> Vec<CardSection> {
    let section = |title: &str, lines: Vec<String>| CardSection {
        title: title.to_owned(),
        lines,
    };
    let terrain = data
        .terrain
        .iter()
        .filter(|t| t.id != "open")
        .map(|t| {
            let mut parts = Vec::new();
            if let Some(c) = t.shot_cover {
                parts.push(format!("{} to shots at a unit in it", signed(c.value)));
            }
            if let Some(d) = t.defence {
                parts.push(format!("{} to attacks on a unit in it", signed(d.value)));
            }
            if t.blocks_sight {
                parts.push("blocks sight".to_owned());
            }
            if t.impassable {
                parts.push("impassable".to_owned());
            }
            if t.crossing {
                parts.push("crosses a river; -1 to attacks across it".to_owned());
            }
            if t.road {
                parts.push("+3\" when the whole move is on it, never on a charge".to_owned());
            }
            for id in &t.no_entry {
                parts.push(format!(
                    "no {}",
                    data.unit(id).map_or(id.as_str(), |u| &u.name)
                ));
            }
            for id in &t.no_end {
                parts.push(format!(
                    "{} may not end there",
                    data.unit(id).map_or(id.as_str(), |u| &u.name)
                ));
            }
            format!("{}: {}", t.name, parts.join("; "))
        })
        .collect();
    vec![
        section(
            "The bag",
            vec![
                "Start of your turn: one die per unit in play (and per reserve due), plus one odd die.".to_owned(),
                "Draw: a common die lets one unit that has not acted move, charge, shoot or fight.".to_owned(),
                "The odd die: your opponent reacts at once with one unit (move, charge, fight or shoot).".to_owned(),
                "Stop whenever you like; with n units and k activations the reaction comes k/(n+1) of the time.".to_owned(),
                format!("The game ends after {turns} game turns (each player takes {turns})."),
            ],
        ),
        section(
            "Charges",
            vec![
                "Turn at most 45 degrees once, at the start; the combat follows at once.".to_owned(),
                "Ashigaru only when out of ammunition; never a unit shot at this turn.".to_owned(),
                "One attacker per face of the target (front, flanks, rear).".to_owned(),
                "Leave a combat only with a greater move than every enemy in contact.".to_owned(),
            ],
        ),
        section(
            "Combat",
            vec![
                "D3 hits; Foot Samurai +1. Mounted Samurai -1 attacking Ashigaru; Foot Samurai -1 attacking Mounted Samurai.".to_owned(),
                "-1 when the defender is in woods or a town, on a hill, or at a river crossing.".to_owned(),
                "-1 for each other enemy in contact with the attacker. Never below 0.".to_owned(),
                "Shooting: Ashigaru, 12\", within 45 degrees of the front, D3 hits, -1 into woods or a town; a natural 3 leaves them out of ammunition.".to_owned(),
                "Eliminated at 9 hits; the Hatamoto at 13.".to_owned(),
            ],
        ),
        section("Terrain", terrain),
        section(
            "Additions",
            data.additions
                .addition
                .iter()
                .map(|a| format!("{} (at most {}): {}", a.name, a.max.value, a.effect))
                .collect(),
        ),
    ]
}

/// The sheet as a document (text or Markdown).
pub fn doc(sheet: &ArmySheet) -> crate::page::Doc {
    let verdict = if sheet.legal { "LEGAL" } else { "NOT LEGAL" };
    let title = match &sheet.name {
        Some(name) => format!("{name}: Samurai 1550-1600 army ({verdict})"),
        None => format!("Samurai 1550-1600 army ({verdict})"),
    };
    let mut doc = crate::page::Doc::new(title);
    doc.para(format!(
        "{} units, {} ({} game turns).",
        sheet.units.len(),
        sheet.scenario,
        sheet.turns
    ));
    doc.table(
        &["#", "Unit", "Type", "Move", "Combat", "Shoots", "Hits"],
        sheet
            .units
            .iter()
            .map(|u| {
                vec![
                    u.number.to_string(),
                    if u.general {
                        format!("{} (General)", u.name)
                    } else {
                        u.name.clone()
                    },
                    u.kind.clone(),
                    format!("{}\"", u.allowance),
                    u.melee.clone(),
                    u.shooting.clone().unwrap_or_else(|| "-".to_owned()),
                    u.hit_boxes.to_string(),
                ]
            })
            .collect(),
    );
    let notes: Vec<String> = sheet
        .units
        .iter()
        .flat_map(|u| {
            let mut lines = Vec::new();
            for m in &u.modifiers {
                lines.push(format!("{}. {}: {m}", u.number, u.name));
            }
            if u.charges != "yes" {
                lines.push(format!("{}. {}: charges {}", u.number, u.name, u.charges));
            }
            if let Some(r) = &u.reserve {
                lines.push(format!("{}. {}: {r}", u.number, u.name));
            }
            if !u.terrain.is_empty() {
                lines.push(format!(
                    "{}. {}: {}",
                    u.number,
                    u.name,
                    u.terrain.join(", ")
                ));
            }
            for a in &u.additions {
                lines.push(format!(
                    "{}. {}: {} - {}",
                    u.number, u.name, a.name, a.effect
                ));
            }
            lines
        })
        .collect();
    if !notes.is_empty() {
        doc.heading("Notes");
        doc.list(notes);
    }
    doc.heading("Command");
    doc.list(vec![sheet.general.clone(), sheet.command_post.clone()]);
    for section in &sheet.card {
        doc.heading(section.title.clone());
        doc.list(section.lines.clone());
    }
    doc
}

const TEMPLATE: &str = include_str!("sheet.html");

/// The print-ready HTML sheet: one self-contained page.
pub fn html(sheet: &ArmySheet) -> Result<String, minijinja::Error> {
    crate::page::sheet_html("army.html", TEMPLATE, sheet)
}
