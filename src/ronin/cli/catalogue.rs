//! `buntai factions`, `buntai faction <id>` and `buntai rulings`.

use serde::Serialize;

use crate::cli::ListFormat;
use crate::cli::output::{Format, Out, emit, note, print_json};
use crate::diag::{Problem, did_you_mean, exit, render};
use crate::ronin::model::{
    Catalogue, Faction, ListError, OptionKind, Period, PeriodList, Profile, Provenance,
};
use crate::ronin::print::Doc;

/// One list in `buntai factions --format json`.
#[derive(Serialize, schemars::JsonSchema)]
pub struct FactionSummary<'a> {
    id: &'a str,
    name: &'a str,
    /// The period the list belongs to.
    period: &'a str,
    morale: u8,
    morale_text: String,
    swords_for_hire: &'a [String],
    profiles: Vec<&'a str>,
    /// What the list changes from the faction file it is built from (other periods, R-123);
    /// empty in the main period.
    changes: Vec<String>,
}

/// A period named on the command line (absent: the main period), or the exit code after saying
/// what is wrong.
fn period_arg<'c>(out: &Out, cat: &'c Catalogue, id: Option<&str>) -> Result<&'c Period, u8> {
    let found = match id {
        Some(id) => cat.period(id),
        None => cat.main_period(),
    };
    found.ok_or_else(|| {
        let id = id.unwrap_or_default();
        let ids = cat.periods.periods.iter().map(|p| p.id.as_str());
        let problem = Problem::error("unknown", format!("unknown period `{id}`"))
            .with_help(did_you_mean(id, ids));
        note(&render(&problem, out.color, out.width()));
        exit::USAGE
    })
}

pub fn factions(out: &Out, cat: &Catalogue, period: Option<&str>, format: ListFormat) -> u8 {
    let period = match period_arg(out, cat, period) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let rows: Vec<FactionSummary<'_>> = cat
        .lists_in(period)
        .into_iter()
        .map(|f| FactionSummary {
            id: &f.id,
            name: &f.name,
            period: &period.id,
            morale: f.morale.rating,
            morale_text: f.morale.describe(),
            swords_for_hire: &f.swords_for_hire.allowed,
            profiles: f.profiles.iter().map(|p| p.id.as_str()).collect(),
            changes: period
                .lists
                .iter()
                .find(|l| l.faction == f.id)
                .map(PeriodList::changes)
                .unwrap_or_default(),
        })
        .collect();
    if format == ListFormat::Json {
        return print_json(&rows);
    }
    let title = if period.main {
        "Factions".to_owned()
    } else {
        format!("Factions of the {} period", period.name)
    };
    let mut doc = Doc::new(title);
    doc.para(period.summary.clone());
    if !rows.is_empty() {
        doc.table(
            &["Id", "Name", "Morale", "Swords-for-Hire", "Profiles"],
            rows.iter()
                .map(|r| {
                    let hires = if r.swords_for_hire.is_empty() {
                        "none".to_owned()
                    } else {
                        r.swords_for_hire.join(", ")
                    };
                    vec![
                        r.id.to_owned(),
                        r.name.to_owned(),
                        r.morale_text.clone(),
                        hires,
                        r.profiles.join(", "),
                    ]
                })
                .collect(),
        );
    }
    for (r, list) in rows.iter().zip(&period.lists) {
        doc.heading(format!("{}: changes from the {} list", r.name, list.base()));
        doc.list(r.changes.clone());
    }
    if !period.weapons.is_empty() {
        doc.heading("Weapons of the period");
        doc.list(
            period
                .weapons
                .iter()
                .filter_map(|w| cat.weapon(w))
                .map(|w| format!("{}: {}", w.name, w.summary))
                .collect(),
        );
    }
    doc.list(period.notes.clone());
    let others: Vec<&str> = cat
        .periods
        .periods
        .iter()
        .filter(|p| p.id != period.id)
        .map(|p| p.id.as_str())
        .collect();
    let flag = if period.main {
        String::new()
    } else {
        format!(" --period {}", period.id)
    };
    doc.para(format!(
        "Show a list's models and rules with `buntai faction <id>{flag}`; `buntai faction {HIRES}` and \
         `buntai faction {SCENARIO}` show the hired and scenario-only models. A roster names its \
         period with `period = \"<id>\"`. Other periods: {}.",
        others.join(", ")
    ));
    emit(&doc.to_text(out.text_style()));
    exit::SUCCESS
}

pub fn faction(out: &Out, cat: &Catalogue, id: &str, period: Option<&str>, format: Format) -> u8 {
    let doc = match id {
        HIRES => Some(hires_doc(cat)),
        SCENARIO => Some(scenario_doc(cat)),
        _ => None,
    };
    if let Some(doc) = doc {
        return print_doc(&doc, out, format, || match id {
            HIRES => print_json(&cat.swords_for_hire),
            _ => print_json(&cat.scenario),
        });
    }
    let chosen = match period_arg(out, cat, period) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let faction = match cat.faction_in(id, Some(&chosen.id)) {
        Ok(f) => f,
        Err(error) => {
            let ids = cat
                .lists_in(chosen)
                .into_iter()
                .map(|f| f.id.as_str())
                .chain([HIRES, SCENARIO]);
            let help = match error {
                ListError::NotInPeriod(periods) => format!(
                    "it is a list of {}: add `--period {}`",
                    periods.join(", "),
                    periods.first().map_or("", String::as_str)
                ),
                _ => did_you_mean(id, ids),
            };
            let message = if period.is_some() {
                format!("the {} period has no faction `{id}`", chosen.name)
            } else {
                format!("unknown faction `{id}`")
            };
            let problem = Problem::error("unknown", message).with_help(help);
            note(&render(&problem, out.color, out.width()));
            return exit::USAGE;
        }
    };
    print_doc(&faction_doc(cat, faction), out, format, || {
        print_json(faction)
    })
}

/// Pseudo-faction ids that show the Swords-for-Hire and the scenario-only models.
pub const HIRES: &str = "swords-for-hire";
pub const SCENARIO: &str = "scenario-profiles";

fn print_doc(doc: &Doc, out: &Out, format: Format, json: impl FnOnce() -> u8) -> u8 {
    match format {
        Format::Json => json(),
        Format::Text => {
            emit(&doc.to_text(out.text_style()));
            exit::SUCCESS
        }
        Format::Markdown => {
            emit(&doc.to_markdown());
            exit::SUCCESS
        }
    }
}

/// Profile tables shared by factions, hires and scenario models.
fn profile_tables(doc: &mut Doc, cat: &Catalogue, profiles: &[Profile]) {
    doc.table(
        &[
            "Profile", "Rk", "Type", "CP", "In", "Fi", "Sh", "Armour", "Pts",
        ],
        profiles.iter().map(stat_row).collect(),
    );
    doc.para(legend(profiles));
    doc.table(
        &["Profile", "Weapons", "Attributes"],
        profiles.iter().map(|p| equipment_row(cat, p)).collect(),
    );
    let options: Vec<Vec<String>> = profiles.iter().flat_map(option_rows).collect();
    if !options.is_empty() {
        doc.heading("Options");
        doc.table(&["Profile", "Option", "Effect", "Cost"], options);
    }
}

fn hires_doc(cat: &Catalogue) -> Doc {
    let sfh = &cat.swords_for_hire;
    let mut doc = Doc::new(format!("Swords-for-Hire ({HIRES})"));
    doc.para("Models a faction may hire where its rules allow (see each faction's Swords-for-Hire section).");
    doc.heading("Models");
    profile_tables(&mut doc, cat, &sfh.profiles);
    doc.heading("Limits everywhere");
    let mut limits: Vec<String> = sfh
        .limits
        .iter()
        .map(|l| {
            format!(
                "At most {} {} in any Buntai ({}).",
                l.max,
                l.profiles.join(" or "),
                l.rulings.join(", ")
            )
        })
        .collect();
    limits.extend(sfh.requires.iter().map(|r| {
        format!(
            "A {} needs at least {} other {} ({}).",
            r.profile,
            r.at_least,
            r.of.join(" or "),
            r.rulings.join(", ")
        )
    }));
    limits.push(format!(
        "{} ({})",
        sfh.disguise.summary,
        sfh.disguise.rulings.join(", ")
    ));
    doc.list(limits);
    profile_notes(&mut doc, &sfh.profiles);
    doc
}

fn scenario_doc(cat: &Catalogue) -> Doc {
    let sc = &cat.scenario;
    let mut doc = Doc::new(format!("Scenario models ({SCENARIO})"));
    doc.para("Models that appear only in particular scenarios; they are not bought with points.");
    doc.heading("Models");
    profile_tables(&mut doc, cat, &sc.profiles);
    doc.heading("Scenarios");
    doc.list(
        sc.scenarios
            .iter()
            .map(|s| format!("{}: {} [{}]", s.name, s.summary, s.id))
            .collect(),
    );
    profile_notes(&mut doc, &sc.profiles);
    doc
}

fn profile_notes(doc: &mut Doc, profiles: &[Profile]) {
    let notes: Vec<String> = profiles
        .iter()
        .flat_map(|p| p.notes.iter().map(move |n| format!("{}: {n}", p.name)))
        .collect();
    if !notes.is_empty() {
        doc.heading("Profile notes");
        doc.list(notes);
    }
}

/// One scenario as `buntai scenarios --format json` prints it: its data, and how `simulate`
/// plays it today.
#[derive(Serialize, schemars::JsonSchema)]
pub struct ScenarioJson<'a> {
    #[serde(flatten)]
    pub scenario: &'a crate::ronin::model::Scenario,
    /// `table` (whole games on the table; the Tournament's matches each one) or `not-yet`.
    pub simulate: &'static str,
}

/// How `simulate` plays the scenarios today: every one of the book's on the table.
pub fn simulate_support() -> &'static str {
    "table"
}

/// `buntai scenarios [ID]`: every scenario in a table, or one in full.
pub fn scenarios(
    out: &Out,
    cat: &Catalogue,
    id: Option<crate::ronin::model::ScenarioId>,
    format: ListFormat,
) -> u8 {
    let chosen: Vec<&crate::ronin::model::Scenario> = cat
        .scenario
        .scenarios
        .iter()
        .filter(|s| id.is_none_or(|i| s.id == i))
        .collect();
    fn json(s: &crate::ronin::model::Scenario) -> ScenarioJson<'_> {
        ScenarioJson {
            scenario: s,
            simulate: simulate_support(),
        }
    }
    if format == ListFormat::Json {
        return match (id, chosen.first()) {
            (Some(_), Some(s)) => print_json(&json(s)),
            _ => print_json(&chosen.iter().map(|s| json(s)).collect::<Vec<_>>()),
        };
    }
    let length = |t: &crate::ronin::model::Turns| match (t.d6, t.open_ended) {
        (_, true) => format!("to the end ({} at most)", t.plus),
        (0, false) => format!("{}", t.plus),
        (1, false) => format!("d6+{}", t.plus),
        (n, false) => format!("{n}d6+{}", t.plus),
    };
    let kebab = |v: &dyn erased::Kebab| v.kebab();
    let Some(one) = id.and_then(|_| chosen.first()) else {
        let mut doc = Doc::new("Scenarios");
        doc.para(
            "The book's scenarios (tp.59-66) as the engine reads them. `buntai scenarios ID` shows \
             one in full; `buntai table --scenario ID` draws its set-up.",
        );
        doc.table(
            &["Scenario", "Forces", "Turns", "Deployment", "Simulate"],
            chosen
                .iter()
                .map(|s| {
                    vec![
                        s.id.to_string(),
                        kebab(&s.points),
                        length(&s.turns),
                        s.deployment
                            .iter()
                            .map(|d| kebab(d))
                            .collect::<Vec<_>>()
                            .join(" or "),
                        simulate_support().to_owned(),
                    ]
                })
                .collect(),
        );
        emit(&doc.to_text(out.text_style()));
        return exit::SUCCESS;
    };
    let mut doc = Doc::new(format!("{} (tp.{})", one.name, one.page));
    doc.para(one.summary.clone());
    let mut rows = vec![
        vec!["Forces".to_owned(), kebab(&one.points)],
        vec![
            "Roles".to_owned(),
            if one.roles {
                "attacker and defender, rolled off"
            } else {
                "none"
            }
            .to_owned(),
        ],
        vec![
            "Table".to_owned(),
            one.table_size
                .map_or("by the larger force's points".to_owned(), |s| {
                    format!("{s}\" square")
                }),
        ],
        vec!["Terrain".to_owned(), kebab(&one.terrain)],
        vec!["Weather and time".to_owned(), kebab(&one.conditions)],
        vec![
            "Deployment".to_owned(),
            one.deployment
                .iter()
                .map(|d| kebab(d))
                .collect::<Vec<_>>()
                .join(" or "),
        ],
        vec!["Reserves".to_owned(), kebab(&one.reserves)],
        vec!["Length (turns)".to_owned(), length(&one.turns)],
        vec!["Victory".to_owned(), kebab(&one.victory)],
        vec!["Simulate".to_owned(), simulate_support().to_owned()],
    ];
    if let Some(c) = one.circle {
        rows.insert(
            4,
            vec!["Circle".to_owned(), format!("{c}\" across, at the centre")],
        );
    }
    if let Some(p) = one.first_priority {
        rows.push(vec!["Priority in turn 1".to_owned(), kebab(&p)]);
    }
    doc.table(&["", ""], rows);
    if let Some(o) = &one.objective {
        doc.heading("Objective");
        doc.para(format!("{} ({} VP)", o.summary, o.vp));
    }
    if !one.minor_objectives.is_empty() {
        doc.heading("Minor objectives (d6 each side)");
        doc.list(
            one.minor_objectives
                .iter()
                .map(|m| {
                    let faces: Vec<String> = m.faces.iter().map(u8::to_string).collect();
                    format!("{}: {} ({} VP)", faces.join(", "), m.summary, m.vp)
                })
                .collect(),
        );
    }
    if !one.special.is_empty() {
        doc.heading("Special rules");
        doc.list(one.special.clone());
    }
    if !one.forces.is_empty() {
        doc.heading("Scenario models");
        doc.list(
            one.forces
                .iter()
                .map(|f| match (f.count, f.per_points) {
                    (Some(n), _) => format!("{n} x {}", f.profile),
                    (None, Some(p)) => format!("one {} per full {p} points", f.profile),
                    (None, None) => f.profile.clone(),
                })
                .collect(),
        );
    }
    if !one.rulings.is_empty() {
        doc.heading("Rulings");
        doc.list(
            one.rulings
                .iter()
                .map(|r| match cat.ruling(r) {
                    Some(r) => format!("{} {}", r.id, r.title),
                    None => r.clone(),
                })
                .collect(),
        );
    }
    emit(&doc.to_text(out.text_style()));
    exit::SUCCESS
}

/// Enum values as their data spell them (kebab-case).
mod erased {
    pub trait Kebab {
        fn kebab(&self) -> String;
    }
    impl<T: serde::Serialize> Kebab for T {
        fn kebab(&self) -> String {
            serde_json::to_value(self)
                .ok()
                .and_then(|v| v.as_str().map(str::to_owned))
                .unwrap_or_default()
        }
    }
}

pub fn rulings(out: &Out, cat: &Catalogue, format: ListFormat) -> u8 {
    if format == ListFormat::Json {
        return print_json(&cat.rulings.rulings);
    }
    let mut doc = Doc::new("Rulings");
    doc.para(
        "Where the surviving rulebook text lost a number or leaves a rule open, Buntai follows these \
         rulings. Data values they supply are marked * in `buntai faction` output.",
    );
    doc.list(
        cat.rulings
            .rulings
            .iter()
            .map(|r| format!("{} {}: {}", r.id, r.title, r.text))
            .collect(),
    );
    emit(&doc.to_text(out.text_style()));
    exit::SUCCESS
}

/// A composition rule with the rulings it follows, as `rulings ID --format json` prints it.
#[derive(Serialize, schemars::JsonSchema)]
pub struct RuleJson {
    pub id: String,
    /// The faction whose rule it is.
    pub faction: String,
    pub text: String,
    pub rulings: Vec<crate::ronin::model::Ruling>,
}

/// One ruling, or one composition rule with the rulings it follows: what a diagnostic cites.
pub fn ruling(out: &Out, cat: &Catalogue, id: &str, format: ListFormat) -> u8 {
    // `r16`, `R16`, `r-16` and `R-016` all mean R-16.
    let normal = {
        let upper = id.trim().to_uppercase();
        let number = upper.split_at_checked(1).and_then(|(letter, rest)| {
            let n = rest.strip_prefix('-').unwrap_or(rest).parse::<u32>().ok()?;
            Some(format!("{letter}-{n:02}"))
        });
        number.unwrap_or(upper)
    };
    if let Some(r) = cat.ruling(&normal) {
        if format == ListFormat::Json {
            return print_json(r);
        }
        let mut doc = Doc::new(format!("{} {}", r.id, r.title));
        doc.para(r.text.clone());
        emit(&doc.to_text(out.text_style()));
        return exit::SUCCESS;
    }
    let rule = cat
        .factions
        .iter()
        .find_map(|f| f.composition.iter().find(|r| r.id == id).map(|r| (f, r)));
    if let Some((faction, rule)) = rule {
        let cited: Vec<_> = rule.rulings.iter().filter_map(|r| cat.ruling(r)).collect();
        if format == ListFormat::Json {
            return print_json(&RuleJson {
                id: rule.id.clone(),
                faction: faction.id.clone(),
                text: rule.text.clone(),
                rulings: cited.into_iter().cloned().collect(),
            });
        }
        let mut doc = Doc::new(format!("{} ({} composition rule)", rule.id, faction.name));
        doc.para(rule.text.clone());
        doc.list(
            cited
                .iter()
                .map(|r| format!("{} {}: {}", r.id, r.title, r.text))
                .collect(),
        );
        emit(&doc.to_text(out.text_style()));
        return exit::SUCCESS;
    }
    let ids = cat.rulings.rulings.iter().map(|r| r.id.as_str()).chain(
        cat.factions
            .iter()
            .flat_map(|f| f.composition.iter().map(|r| r.id.as_str())),
    );
    let problem = Problem::error("unknown", format!("no ruling or rule `{id}`"))
        .with_help(did_you_mean(id, ids));
    note(&render(&problem, out.color, out.width()));
    exit::USAGE
}

/// The full description of a faction, shared by the text and Markdown renderers.
pub fn faction_doc(cat: &Catalogue, f: &Faction) -> Doc {
    let mut doc = Doc::new(format!("{} ({})", f.name, f.id));
    doc.para(f.summary.clone());
    doc.para(format!("Morale Rating: {}", f.morale.describe()));
    doc.list(f.morale.notes.clone());

    doc.heading("Models");
    profile_tables(&mut doc, cat, &f.profiles);

    doc.heading("Composition");
    let mut rules: Vec<String> =
        vec!["4 to 20 models; Swords-for-Hire count toward size and points (R-10).".to_owned()];
    rules.extend(f.composition.iter().map(|r| {
        let cite = if r.rulings.is_empty() {
            String::new()
        } else {
            format!(" ({})", r.rulings.join(", "))
        };
        format!("{}{cite} [{}]", r.text, r.id)
    }));
    doc.list(rules);

    doc.heading("Swords-for-Hire");
    doc.para(hire_text(cat, f));
    doc.list(f.swords_for_hire.notes.clone());

    if let Some(banner) = &f.banner {
        doc.heading("Banner");
        let bearers: Vec<&str> = f
            .profiles
            .iter()
            .filter(|p| p.options.iter().any(|o| o.kind == OptionKind::Banner))
            .map(|p| p.name.as_str())
            .collect();
        let how_many = banner
            .max
            .map_or("any number".to_owned(), |m| format!("at most {m}"));
        doc.para(format!("Carried by: {} ({how_many}).", bearers.join(", ")));
        doc.list(banner.notes.clone());
    }
    if let Some(k) = &f.koryu {
        doc.heading("Koryu weapons");
        doc.para(format!(
            "Declare one primary weapon and up to {} secondary; each model carries one of them and pays its cost. \
             Profiles marked so have the primary weapon's Bujutsu included (R-16).",
            k.secondary_max
        ));
        doc.table(
            &["Weapon", "Cost per model"],
            k.weapons
                .iter()
                .map(|w| vec![w.weapon.clone(), signed(w.cost)])
                .collect(),
        );
    }
    if !f.purchases.is_empty() {
        doc.heading("Buntai purchases");
        doc.list(
            f.purchases
                .iter()
                .map(|p| {
                    format!(
                        "{} ({} pts each, up to {}): {} [{}]",
                        p.name, p.cost, p.max, p.summary, p.id
                    )
                })
                .collect(),
        );
    }
    if !f.scoring.is_empty() || !f.special_rules.is_empty() {
        doc.heading("Special rules and scoring");
        let mut items: Vec<String> = f
            .special_rules
            .iter()
            .map(|r| format!("{} [{}]", r.summary, r.id))
            .collect();
        items.extend(
            f.scoring
                .iter()
                .map(|s| format!("{} [{}]", s.summary, s.id)),
        );
        doc.list(items);
    }
    profile_notes(&mut doc, &f.profiles);
    doc
}

fn stat_row(p: &Profile) -> Vec<String> {
    vec![
        p.name.clone(),
        p.rank.marked(),
        p.model_type.clone(),
        p.combat_pool.marked(),
        p.initiative.marked(),
        p.fight.marked(),
        p.shoot.marked(),
        p.armour.to_string(),
        p.points.to_string(),
    ]
}

/// Explain the markers that appear among these profiles.
fn legend(profiles: &[Profile]) -> String {
    let mut rulings: Vec<&str> = profiles
        .iter()
        .flat_map(|p| {
            [
                &p.rank.source,
                &p.combat_pool.source,
                &p.initiative.source,
                &p.fight.source,
                &p.shoot.source,
            ]
        })
        .filter_map(Provenance::ruling)
        .collect();
    rulings.sort_unstable();
    rulings.dedup();
    let mut parts = Vec::new();
    if !rulings.is_empty() {
        parts.push(format!(
            "* reconstructed by ruling {} (see `buntai rulings`)",
            rulings.join(", ")
        ));
    }
    let sources = |kind: Provenance| {
        profiles.iter().any(|p| {
            [
                &p.rank.source,
                &p.combat_pool.source,
                &p.initiative.source,
                &p.fight.source,
                &p.shoot.source,
            ]
            .contains(&&kind)
        })
    };
    if sources(Provenance::Example) {
        parts.push(format!(
            "{} worked out from a worked example in the book",
            Provenance::Example.marker()
        ));
    }
    if sources(Provenance::Errata) {
        parts.push(format!("{} from the errata", Provenance::Errata.marker()));
    }
    if parts.is_empty() {
        "Every value above is printed in the rulebook.".to_owned()
    } else {
        format!(
            "Unmarked values are printed in the rulebook; {}.",
            parts.join("; ")
        )
    }
}

fn equipment_row(cat: &Catalogue, p: &Profile) -> Vec<String> {
    let mut weapons = if p.koryu_weapon {
        "one of the Koryu's declared weapons".to_owned()
    } else if p.weapons.is_empty() {
        "none".to_owned()
    } else {
        p.weapons.join(", ")
    };
    if let Some(choice) = p
        .options
        .iter()
        .find(|o| o.kind == OptionKind::Weapon && o.required)
    {
        weapons.push_str(&format!(" + one of {}", choice.one_of.join(", ")));
    }
    if let Some(mount) = p.mount {
        weapons.push_str(&format!("; rides a {mount}"));
    }
    let mut attributes: Vec<String> = p
        .attributes
        .iter()
        .map(|a| {
            cat.attribute(a)
                .map_or_else(|| a.clone(), |a| a.name.clone())
        })
        .collect();
    if p.koryu_bujutsu {
        attributes.push("primary weapon's Bujutsu".to_owned());
    }
    for c in &p.conditional_attributes {
        attributes.push(format!(
            "{} within {}\" of Rank {}+",
            c.attribute, c.within, c.min_rank
        ));
    }
    if p.bujutsu_picks > 0 {
        attributes.push(format!("{} Bujutsu of choice (free)", p.bujutsu_picks));
    }
    if let Some(slots) = p.attribute_slots {
        attributes.push(format!(
            "up to {} more at {:+} each",
            slots.count, slots.cost
        ));
    }
    let attributes = if attributes.is_empty() {
        "none".to_owned()
    } else {
        attributes.join(", ")
    };
    vec![p.name.clone(), weapons, attributes]
}

fn option_rows(p: &Profile) -> Vec<Vec<String>> {
    p.options
        .iter()
        .map(|o| vec![p.name.clone(), o.id.clone(), o.describe(), signed(o.cost)])
        .collect()
}

fn hire_text(cat: &Catalogue, f: &Faction) -> String {
    let sfh = &f.swords_for_hire;
    if sfh.allowed.is_empty() {
        return "None may be hired.".to_owned();
    }
    let names: Vec<String> = sfh
        .allowed
        .iter()
        .map(|id| {
            let name = cat.hire(id).map_or(id.as_str(), |p| p.name.as_str());
            let single = sfh
                .limits
                .iter()
                .find(|l| l.profiles.len() == 1 && l.profiles[0] == *id);
            match single {
                Some(l) => format!("{name} (at most {})", l.max),
                None => name.to_owned(),
            }
        })
        .collect();
    let mut text = format!("May hire: {}.", names.join(", "));
    for l in sfh.limits.iter().filter(|l| l.profiles.len() > 1) {
        text.push_str(&format!(
            " At most {} of {} in total.",
            l.max,
            l.profiles.join(" and ")
        ));
    }
    match sfh.cap_percent {
        Some(cap) => text.push_str(&format!(
            " Hires may be at most {cap}% of the models, rounded down (R-11)."
        )),
        None => text.push_str(" No cap on the number of hires."),
    }
    text
}

fn signed(n: i32) -> String {
    if n == 0 {
        "0".to_owned()
    } else {
        format!("{n:+}")
    }
}
