//! The contingent sheet: the leader's factor, Hit capacity and characteristics; per element its
//! figures, move, melee factor, Hit tier, archers, target row, and boxes for Distractions and
//! Hits; and a quick-reference card (actions, both shooting tables, melee factors and results,
//! morale, personal-combat intentions). One view model, rendered to text, Markdown, HTML or JSON.

use serde::Serialize;

use super::contingent::{ContingentFile, Verdict};
use super::data::{Data, Shoots, TargetRow, Weapon};
use super::rules::{Combatant, sum};

/// The leader's block.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct LeaderRow {
    pub name: String,
    pub mounted: bool,
    pub move_cm: i32,
    /// His melee factor, all terms added.
    pub factor: i32,
    pub factor_terms: Vec<String>,
    /// Hits he carries and fights on with; the next kills him.
    pub hit_capacity: u32,
    /// Prowess, Charisma, Endurance and Reputation as set (or "rolled at set-up", or "Average").
    pub characteristics: Vec<String>,
    pub target_row: String,
}

/// One element (one base) of the contingent.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct ElementRow {
    /// 1-based, a base a row.
    pub number: usize,
    pub name: String,
    pub kind: String,
    pub figures: i32,
    pub move_cm: i32,
    pub melee_factor: i32,
    /// `A`, `B` or `C`.
    pub hit_tier: String,
    /// When Hits start: "Hits from a win by 3 (1 a point above 2)".
    pub hits_from: String,
    /// The fixed number, "1d3 at set-up", or none for elements without bows.
    pub archers: Option<String>,
    /// `bow 40/80 cm`, `musket 25/50 cm`.
    pub shoots: Option<String>,
    pub target_row: String,
    /// Boxes: the 5th Hit removes it.
    pub hit_boxes: u32,
    pub notes: Vec<String>,
}

/// A table on the card.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct CardTable {
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

/// A section of the quick-reference card.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct CardSection {
    pub title: String,
    pub lines: Vec<String>,
    pub table: Option<CardTable>,
}

/// The whole sheet.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct ContingentSheet {
    pub system: &'static str,
    pub name: String,
    pub side: String,
    pub legal: bool,
    pub scenario: String,
    pub turns: i32,
    pub leader: Option<LeaderRow>,
    pub elements: Vec<ElementRow>,
    pub card: Vec<CardSection>,
}

fn signed(n: i32) -> String {
    if n >= 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

fn hits_from(data: &Data, tier: super::data::Tier) -> String {
    data.melee.tier(tier).map_or(String::new(), |t| {
        format!(
            "Hits from a win by {} (1 a point above {})",
            t.min_margin.value, t.offset.value
        )
    })
}

fn range(weapon: &Weapon, kind: &str) -> String {
    let bands: Vec<String> = weapon
        .bands_cm
        .iter()
        .map(|b| b.value.to_string())
        .collect();
    format!("{kind} {}", bands.join("/"))
}

/// Build the sheet of a read contingent.
pub fn build(data: &Data, verdict: &Verdict, c: &ContingentFile) -> ContingentSheet {
    let scenario_id = c.scenario.as_deref().unwrap_or(super::DEFAULT_SCENARIO);
    let scenario = data.scenario(scenario_id);
    let leader = c.leader().map(|l| {
        let stats = super::contingent::stats(data, l);
        let combatant = Combatant::leader(data, &stats);
        let lp = &data.leaders;
        let level = |key: &str, value: Option<u8>, names: &dyn Fn(u8) -> Option<String>| match value
        {
            Some(face) => format!("{key}: {}", names(face).unwrap_or_default()),
            None if l.roll => format!("{key}: rolled at set-up"),
            None => format!("{key}: Average (not used)"),
        };
        let mut characteristics = vec![
            level("Prowess", stats.prowess, &|f| {
                super::data::by_face(&lp.prowess, f).map(|p| {
                    format!(
                        "{} ({} in melee; wins drawn throws against lower Prowess)",
                        p.name,
                        signed(p.melee.value)
                    )
                })
            }),
            level("Charisma", stats.charisma, &|f| {
                super::data::by_face(&lp.charisma, f).map(|p| {
                    if p.may_inspire {
                        format!(
                            "{} (speech {}, Regroup removes {})",
                            p.name,
                            signed(p.speech.value),
                            p.regroup_removes.value
                        )
                    } else {
                        format!("{} (may not Inspire or Regroup)", p.name)
                    }
                })
            }),
            level("Endurance", stats.endurance, &|f| {
                super::data::by_face(&lp.endurance, f)
                    .map(|p| format!("{} ({} Hits)", p.name, p.hits.value))
            }),
        ];
        characteristics.push(match stats.reputation.and_then(|p| lp.reputation_for(p)) {
            Some(r) => format!(
                "Reputation: {} ({} melee, {} Hits)",
                r.name,
                signed(r.melee.value),
                signed(r.extra_hits.value)
            ),
            None => "Reputation: Noble".to_owned(),
        });
        LeaderRow {
            name: l.name.clone(),
            mounted: l.mounted,
            move_cm: if l.mounted {
                lp.leader.mounted_move_cm.value
            } else {
                lp.leader.move_cm.value
            },
            factor: sum(&combatant.base),
            factor_terms: combatant
                .base
                .iter()
                .map(|t| format!("{} {}", signed(t.value), t.why))
                .collect(),
            hit_capacity: combatant.removed_at.saturating_sub(1),
            characteristics,
            target_row: if l.mounted {
                lp.leader.mounted_target_row.name().to_owned()
            } else {
                lp.leader.target_row.name().to_owned()
            },
        }
    });
    let mut elements = Vec::new();
    for e in &c.element {
        let Some(kind) = data.element(&e.kind) else {
            continue;
        };
        let combatant = Combatant::element(data, kind);
        let count =
            usize::try_from(e.count().clamp(0, super::contingent::MAX_ELEMENTS)).unwrap_or(0);
        for k in 0..count {
            let number = elements.len() + 1;
            let mut notes = Vec::new();
            if let Some(to) = kind.dismounts_to.as_deref().and_then(|id| data.element(id)) {
                notes.push(format!("becomes {} on first contact (HS-44)", to.name));
            }
            if kind.shoots == Shoots::Musket {
                notes.push(
                    "may not fire after moving; one shot every two turns; leaves smoke".to_owned(),
                );
            }
            elements.push(ElementRow {
                number,
                name: match (&e.name, count) {
                    (Some(n), 1) => n.clone(),
                    (Some(n), _) => format!("{n} {}", k + 1),
                    (None, _) => kind.name.clone(),
                },
                kind: kind.name.clone(),
                figures: kind.figures.value,
                move_cm: kind.move_cm.value,
                melee_factor: sum(&combatant.base),
                hit_tier: combatant.tier.letter().to_uppercase(),
                hits_from: hits_from(data, combatant.tier),
                archers: (kind.shoots == Shoots::Bow).then(|| match e.archers {
                    Some(n) => n.to_string(),
                    None => "1d3".to_owned(),
                }),
                shoots: match kind.shoots {
                    Shoots::Bow => Some(range(&data.shooting.bow, "bow")),
                    Shoots::Musket => Some(range(&data.shooting.musket, "musket")),
                    Shoots::None => None,
                },
                target_row: kind.target_row.name().to_owned(),
                hit_boxes: combatant.removed_at,
                notes,
            });
        }
    }
    let turns = scenario.map_or(12, |s| s.turns.value);
    ContingentSheet {
        system: super::ID,
        name: c.label(),
        side: c.side.clone(),
        legal: verdict.legal(),
        scenario: scenario.map_or(scenario_id.to_owned(), |s| s.name.clone()),
        turns,
        leader,
        elements,
        card: card(data),
    }
}

fn faces(f: &[u8]) -> String {
    match f {
        [] => "-".to_owned(),
        [one] => one.to_string(),
        [first, .., last] => format!("{first}-{last}"),
    }
}

fn shooting_table(w: &Weapon) -> CardTable {
    let mut header = vec!["Target".to_owned()];
    for b in &w.bands_cm {
        header.push(format!("<= {} cm: 1 D", b.value));
        header.push(format!("<= {} cm: Hit + D", b.value));
    }
    let rows = TargetRow::ALL
        .iter()
        .map(|&row| {
            let mut cells = vec![row.name().to_owned()];
            for band in 0..w.bands_cm.len() {
                match w.cell(row, band) {
                    Some(c) => {
                        cells.push(faces(&c.distraction));
                        cells.push(faces(&c.hit));
                    }
                    None => cells.extend(["?".to_owned(), "?".to_owned()]),
                }
            }
            cells
        })
        .collect();
    CardTable { header, rows }
}

/// The quick-reference card, from the data.
fn card(data: &Data) -> Vec<CardSection> {
    let section = |title: &str, lines: Vec<String>, table: Option<CardTable>| CardSection {
        title: title.to_owned(),
        lines,
        table,
    };
    let bow = &data.shooting.bow;
    let musket = &data.shooting.musket;
    let m = &data.melee;
    let mut factors: Vec<String> = Vec::new();
    let mut seen: Vec<(i32, Vec<&str>)> = Vec::new();
    for e in data.elements.iter().filter(|e| e.dismounts_to.is_none()) {
        match seen.iter_mut().find(|(f, _)| *f == e.melee_factor.value) {
            Some((_, names)) => names.push(&e.name),
            None => seen.push((e.melee_factor.value, vec![&e.name])),
        }
    }
    seen.sort_by_key(|(f, _)| *f);
    for (f, names) in seen {
        factors.push(format!("{}: {}", signed(f), names.join(", ")));
    }
    factors.push(format!(
        "{}: Leader",
        signed(data.leaders.leader.factor.value)
    ));
    factors.push(format!("{}: on horseback", signed(m.horseback.value)));
    let out: Vec<String> = m
        .outnumbered
        .iter()
        .map(|o| format!("{} to 1: {}", o.enemies, o.modifier.value))
        .collect();
    factors.push(format!(
        "outnumbered (the single element of a fight): {}",
        out.join(", ")
    ));
    factors.push(format!(
        "{} a Distraction, {} a Hit on the element",
        m.per_distraction.value, m.per_hit.value
    ));
    let mut results = vec![
        "Each side rolls 1d6 and adds its factors (a side of several: its lead element, HS-69). Higher wins.".to_owned(),
        format!("Draw: every element in the fight takes {} D.", m.draw_distractions.value),
        format!(
            "Win: every loser takes {} D and is pushed back {} cm (not behind field defences or in a building); all Hits go to one loser.",
            m.loss_distractions.value, m.push_back_cm.value
        ),
    ];
    for t in &m.tier {
        results.push(format!(
            "Tier {}: win by {}+ gives 1 Hit a point above {} ({})",
            t.id.letter().to_uppercase(),
            t.min_margin.value,
            t.offset.value,
            t.against
        ));
    }
    results.push(format!(
        "An element fights on with {} Hits; the {}th removes it. Distractions have no limit.",
        m.removed_at_hits.value - 1,
        m.removed_at_hits.value
    ));
    let morale: Vec<String> = data
        .morale
        .modifier
        .iter()
        .map(|x| format!("{}: {}", signed(x.value.value), x.when))
        .chain(data.morale.state.iter().map(|s| {
            let above = data
                .morale
                .state
                .iter()
                .map(|x| x.min_score.value)
                .filter(|&m| m > s.min_score.value)
                .min();
            let lowest = data.morale.state.iter().map(|x| x.min_score.value).min();
            let band = match above {
                None => format!("{}+", s.min_score.value),
                Some(next) if Some(s.min_score.value) == lowest => format!("under {next}"),
                Some(next) => format!("{} to {}", s.min_score.value, next - 1),
            };
            format!("{} ({band}): {}", s.name, s.effect)
        }))
        .collect();
    let mut duel: Vec<String> = data
        .leaders
        .intention
        .iter()
        .map(|i| format!("{} {}: {}", i.face, i.name, i.meaning))
        .collect();
    duel.push(format!(
        "Each turn of combat: {} throws of paper-stone-scissors; more throws won scores {} Hit. Distractions and Hits do not count; higher Prowess wins drawn throws.",
        data.leaders.personal_combat.rounds.value, data.leaders.personal_combat.hits_to_winner.value
    ));
    vec![
        section(
            "Actions (one a leader a turn, declared together)",
            data.leaders
                .action
                .iter()
                .map(|a| format!("{}: {}", a.name, a.effect))
                .collect(),
            None,
        ),
        section(
            "Archers",
            vec![format!(
                "1d6 {} a bow-armed samurai, {} if moved, {} a D, {} a Hit on the shooter. Above 6 counts as 6.",
                signed(bow.per_archer.value),
                bow.moved.value,
                bow.per_distraction.value,
                bow.per_hit.value
            )],
            Some(shooting_table(bow)),
        ),
        section(
            "Muskets",
            vec![
                format!(
                    "1d6 {} a D, {} a Hit, {} through smoke. Never after moving; reload a turn; smoke stays two turns.",
                    musket.per_distraction.value, musket.per_hit.value, musket.smoke.value
                ),
                "A leader shot at ignores Distractions; the Hit after his capacity kills him."
                    .to_owned(),
            ],
            Some(shooting_table(musket)),
        ),
        section("Melee factors", factors, None),
        section("Melee results", results, None),
        section("Morale (1d6, the whole contingent)", morale, None),
        section("Personal combat", duel, None),
    ]
}

/// The sheet as a document (text or Markdown).
pub fn doc(sheet: &ContingentSheet) -> crate::page::Doc {
    let verdict = if sheet.legal { "LEGAL" } else { "NOT LEGAL" };
    let mut doc = crate::page::Doc::new(format!(
        "{}: Heroic Samurai contingent of {} ({verdict})",
        sheet.name, sheet.side
    ));
    doc.para(format!(
        "{} elements, {} ({} turns).",
        sheet.elements.len(),
        sheet.scenario,
        sheet.turns
    ));
    if let Some(l) = &sheet.leader {
        doc.heading(format!("Leader: {}", l.name));
        let mut lines = vec![
            format!(
                "{}, {} cm; melee {} ({}); shot at as {}",
                if l.mounted { "mounted" } else { "on foot" },
                l.move_cm,
                signed(l.factor),
                l.factor_terms.join(", "),
                l.target_row
            ),
            format!(
                "Carries {} Hits and fights on; the next kills him. Hits: {}\u{25a0}",
                l.hit_capacity,
                "\u{25a1}".repeat(l.hit_capacity as usize)
            ),
        ];
        lines.extend(l.characteristics.iter().cloned());
        doc.list(lines);
    }
    doc.heading("Elements");
    doc.table(
        &[
            "#",
            "Element",
            "Move",
            "Melee",
            "Tier",
            "Archers",
            "Shoots (cm)",
            "Hits",
        ],
        sheet
            .elements
            .iter()
            .map(|e| {
                vec![
                    e.number.to_string(),
                    e.name.clone(),
                    format!("{} cm", e.move_cm),
                    signed(e.melee_factor),
                    e.hit_tier.clone(),
                    e.archers.clone().unwrap_or_else(|| "-".to_owned()),
                    e.shoots.clone().unwrap_or_else(|| "-".to_owned()),
                    format!(
                        "{}\u{25a0}",
                        "\u{25a1}".repeat(e.hit_boxes.saturating_sub(1) as usize)
                    ),
                ]
            })
            .collect(),
    );
    let notes: Vec<String> = sheet
        .elements
        .iter()
        .map(|e| {
            let mut parts = vec![
                format!("{} figures", e.figures),
                format!("shot at as {}", e.target_row),
                e.hits_from.clone(),
            ];
            parts.extend(e.notes.iter().cloned());
            format!("{}. {}: {}", e.number, e.name, parts.join("; "))
        })
        .collect();
    doc.para("Hits: the filled box removes the element. Keep Distractions beside it: they have no limit. Archers 1d3: rolled at set-up.");
    doc.heading("Notes");
    doc.list(notes);
    for section in &sheet.card {
        doc.heading(section.title.clone());
        if !section.lines.is_empty() {
            doc.list(section.lines.clone());
        }
        if let Some(t) = &section.table {
            let header: Vec<&str> = t.header.iter().map(String::as_str).collect();
            doc.table(&header, t.rows.clone());
        }
    }
    doc
}

const TEMPLATE: &str = include_str!("sheet.html");

/// The print-ready HTML sheet: one self-contained page.
pub fn html(sheet: &ContingentSheet) -> Result<String, minijinja::Error> {
    crate::page::sheet_html("contingent.html", TEMPLATE, sheet)
}
