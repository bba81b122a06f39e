//! Heroic Samurai's commands: validate (with `--sides`), print, odds (melee, shoot, duel, morale),
//! new, suggest, rulings and data check.

use std::path::{Path, PathBuf};

use super::contingent::{self, ContingentVerdictJson, SideSpec, Verdict};
use super::data::{self, Data, TargetRow};
use super::rules::{Combatant, Intention, LeaderStats, Morale, MoraleCase, Shooter};
use crate::cli::ListFormat;
use crate::cli::output::{Out, emit, note, print_json};
use crate::diag::{exit, render_all};
use crate::system::SystemId;

/// Load the data or say why not (exit 1).
pub fn with_data(out: &Out, data_dir: Option<&Path>, f: impl FnOnce(&Data) -> u8) -> u8 {
    crate::cli::systems::with_data(out, super::ID, data::load(data_dir), f)
}

/// `buntai rulings [HS-nn]`.
pub fn rulings(out: &Out, data: &Data, id: Option<&str>, format: ListFormat) -> u8 {
    crate::cli::systems::rulings(out, SystemId::Heroic, &data.rulings, id, format)
}

/// A verb this system does not have.
pub fn lacks(out: &Out, verb: &str) -> u8 {
    crate::cli::systems::lacks(out, SystemId::Heroic, verb)
}

/// `--sides` checked against the files, as JSON.
#[derive(Debug, Clone, serde::Serialize, schemars::JsonSchema)]
pub struct SidesJson {
    pub sides: Vec<GameSideJson>,
    pub problems: Vec<String>,
}

/// One side of a game.
#[derive(Debug, Clone, serde::Serialize, schemars::JsonSchema)]
pub struct GameSideJson {
    pub name: String,
    pub files: Vec<String>,
    pub elements: i64,
}

/// `validate --format json` for this system.
#[derive(Debug, Clone, serde::Serialize, schemars::JsonSchema)]
pub struct ValidateJson {
    pub contingents: Vec<ContingentVerdictJson>,
    /// With `--sides`: the game's sides and what is wrong with them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sides: Option<SidesJson>,
}

/// `buntai validate CONTINGENT.toml ... [--sides a=x.toml,y.toml]`.
pub fn validate(
    out: &Out,
    data: &Data,
    files: &[PathBuf],
    sides: &[String],
    format: ListFormat,
) -> u8 {
    let specs: Vec<SideSpec> = match sides.iter().map(|s| contingent::parse_side(s)).collect() {
        Ok(specs) => specs,
        Err(message) => {
            out.error(&message);
            return exit::USAGE;
        }
    };
    let mut json = Vec::new();
    let mut verdicts: Vec<Verdict> = Vec::new();
    let mut unreadable = false;
    let mut names: Vec<String> = Vec::new();
    let mut read: Vec<Option<usize>> = Vec::new();
    for path in files {
        names.push(path.display().to_string());
        match crate::files::read_source(path) {
            Ok(file) => {
                let verdict = contingent::validate(data, &file);
                json.push(ContingentVerdictJson::new(&verdict));
                read.push(Some(verdicts.len()));
                verdicts.push(verdict);
            }
            Err(reason) => {
                out.error(&format!("cannot read `{}`: {reason}", path.display()));
                json.push(ContingentVerdictJson::unreadable(
                    &path.display().to_string(),
                    &reason,
                ));
                read.push(None);
                unreadable = true;
            }
        }
    }
    let sides_json = (!specs.is_empty()).then(|| {
        let listed: Vec<(String, Option<&contingent::ContingentFile>)> = names
            .iter()
            .zip(&read)
            .map(|(n, r)| (n.clone(), r.and_then(|i| verdicts[i].parsed.as_ref())))
            .collect();
        let (sides, problems) = contingent::check_sides(&listed, &specs);
        SidesJson {
            sides: sides
                .into_iter()
                .map(|(name, members)| GameSideJson {
                    name,
                    elements: members
                        .iter()
                        .filter_map(|&i| listed[i].1)
                        .map(contingent::ContingentFile::element_count)
                        .sum(),
                    files: members.iter().map(|&i| listed[i].0.clone()).collect(),
                })
                .collect(),
            problems,
        }
    });
    match format {
        ListFormat::Json => {
            print_json(&ValidateJson {
                contingents: json,
                sides: sides_json.clone(),
            });
        }
        ListFormat::Text => {
            for v in &verdicts {
                print_verdict(out, data, v);
            }
            if let Some(s) = &sides_json {
                let mut text = String::new();
                for side in &s.sides {
                    text.push_str(&format!(
                        "side {}: {} ({} elements)\n",
                        side.name,
                        if side.files.is_empty() {
                            "no contingent".to_owned()
                        } else {
                            side.files.join(", ")
                        },
                        side.elements
                    ));
                }
                let verdict = out.verdict(s.problems.is_empty());
                emit(&crate::diag::escape_for_terminal(&format!(
                    "sides: {verdict}\n{text}"
                )));
                for p in &s.problems {
                    out.error(p);
                }
            }
        }
    }
    let sides_bad = sides_json.as_ref().is_some_and(|s| !s.problems.is_empty());
    if unreadable {
        exit::USAGE
    } else if verdicts.iter().all(Verdict::legal) && !sides_bad {
        exit::SUCCESS
    } else {
        exit::PROBLEMS
    }
}

fn print_verdict(out: &Out, data: &Data, v: &Verdict) {
    use std::fmt::Write;
    let mut text = String::new();
    let _ = writeln!(text, "{}: {}", v.file.name, out.verdict(v.legal()));
    if let Some(c) = &v.parsed {
        let _ = writeln!(
            text,
            "  Heroic Samurai contingent for {}, {} elements",
            c.side,
            c.element_count()
        );
        if let Some(l) = c.leader() {
            let _ = writeln!(
                text,
                "  Leader: {}{}",
                l.name,
                if l.mounted { " (mounted)" } else { "" }
            );
        }
        for (i, e) in c.element.iter().enumerate() {
            let kind = data.element(&e.kind).map_or(e.kind.as_str(), |k| &k.name);
            let archers = e
                .archers
                .map_or(String::new(), |a| format!(", {a} archers"));
            let _ = writeln!(text, "  {:>2}. {} x {kind}{archers}", i + 1, e.count());
        }
    }
    emit(&crate::diag::escape_for_terminal(&text));
    let problems = v.problems();
    if !problems.is_empty() {
        note(&render_all(&problems, out.color, out.width()));
    }
}

pub use crate::cli::systems::SheetKind;

/// `buntai print CONTINGENT.toml`: the contingent sheet.
pub fn print(
    out: &Out,
    data: &Data,
    path: &Path,
    kind: SheetKind,
    output: Option<&Path>,
    force: bool,
) -> u8 {
    crate::cli::systems::print_sheet(out, data, path, kind, output, force)
}

impl crate::cli::systems::SheetSystem for Data {
    type File = super::contingent::ContingentFile;
    type Sheet = super::sheet::ContingentSheet;
    const WHAT: &'static str = "a contingent file";

    fn check(&self, file: &crate::diag::SourceFile) -> crate::diag::Verdict<Self::File> {
        super::contingent::validate(self, file)
    }

    fn sheet(&self, verdict: &crate::diag::Verdict<Self::File>, file: &Self::File) -> Self::Sheet {
        super::sheet::build(self, verdict, file)
    }

    fn doc(sheet: &Self::Sheet) -> crate::page::Doc {
        super::sheet::doc(sheet)
    }

    fn html(sheet: &Self::Sheet) -> Result<String, minijinja::Error> {
        super::sheet::html(sheet)
    }
}

/// Heroic Samurai's odds, parsed on their own (`buntai odds --system heroic-samurai ...`): its
/// `melee` and `shoot` are not Ronin's.
#[derive(Debug, clap::Parser)]
#[command(
    name = "buntai odds",
    about = "Exact odds of Heroic Samurai: one melee fight, one shot, a personal-combat bout, a Morale Test",
    after_help = "Examples:\n  buntai odds --system heroic-samurai melee --a clan-samurai --b ashigaru-spear\n  buntai odds --system heroic-samurai melee --a armoured-clan-samurai:1 --b armoured-ashigaru-spear --b armoured-ashigaru-spear:2:3\n  buntai odds --system heroic-samurai shoot --weapon bow --archers 2 --range 30 --target clan-samurai\n  buntai odds --system heroic-samurai duel --a fight --b pursue --prowess-a 6 --prowess-b 3\n  buntai odds --system heroic-samurai morale --hits 2 --inspire"
)]
pub struct OddsCli {
    #[command(flatten)]
    pub globals: crate::cli::systems::OddsGlobals,
    #[command(subcommand)]
    pub command: OddsCommand,
}

#[derive(Debug, clap::Subcommand)]
pub enum OddsCommand {
    /// One melee fight: both d6, every factor (HS-13..HS-19, HS-69).
    Melee(MeleeArgs),
    /// One shot by archers or muskets.
    Shoot(ShootArgs),
    /// One turn of personal combat between two leaders, by their intentions.
    Duel(DuelArgs),
    /// One Morale Test of a contingent.
    Morale(MoraleArgs),
}

/// `odds melee`.
#[derive(Debug, clap::Args)]
pub struct MeleeArgs {
    /// Side A's elements, one flag each, the lead element first (its factors count, HS-69):
    /// TYPE, TYPE:D or TYPE:D:H (Distractions and Hits it carries); `leader` or
    /// `mounted-leader` for a leader fighting as an element.
    #[arg(long = "a", value_name = "ELEMENT", required = true)]
    pub a: Vec<String>,
    /// Side B's elements, as for --a.
    #[arg(long = "b", value_name = "ELEMENT", required = true)]
    pub b: Vec<String>,
    /// Prowess of side A's leader (1-6; the optional rule).
    #[arg(long, value_name = "FACE", value_parser = clap::value_parser!(u8).range(1..=6))]
    pub prowess_a: Option<u8>,
    /// Prowess of side B's leader.
    #[arg(long, value_name = "FACE", value_parser = clap::value_parser!(u8).range(1..=6))]
    pub prowess_b: Option<u8>,
    /// Reputation points of side A's leader (campaign score; HS-42 levels).
    #[arg(long, value_name = "POINTS")]
    pub reputation_a: Option<u32>,
    /// Reputation points of side B's leader.
    #[arg(long, value_name = "POINTS")]
    pub reputation_b: Option<u32>,
    /// Endurance of side A's leader (1-6): the Hit that kills him.
    #[arg(long, value_name = "FACE", value_parser = clap::value_parser!(u8).range(1..=6))]
    pub endurance_a: Option<u8>,
    /// Endurance of side B's leader.
    #[arg(long, value_name = "FACE", value_parser = clap::value_parser!(u8).range(1..=6))]
    pub endurance_b: Option<u8>,
    /// The losers stand behind field defences or in a building: no push-back (cover).
    #[arg(long)]
    pub defended: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ListFormat::Text)]
    pub format: ListFormat,
}

/// `odds shoot`.
#[derive(Debug, clap::Args)]
pub struct ShootArgs {
    /// The weapon: a samurai element's bows, or ashigaru muskets.
    #[arg(long, value_enum)]
    pub weapon: WeaponArg,
    /// Distance in cm between the bases' nearest points.
    #[arg(long, value_name = "CM")]
    pub range: u32,
    /// The target: an element type, `leader` or `mounted-leader`; or give --row.
    #[arg(long, value_name = "TYPE", required_unless_present = "row")]
    pub target: Option<String>,
    /// The target's row of the table, instead of a type.
    #[arg(long, value_enum, conflicts_with = "target")]
    pub row: Option<TargetRow>,
    /// Bow-armed samurai in the shooting element (0-3).
    #[arg(long, value_name = "N", default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=3))]
    pub archers: u32,
    /// The shooter moved this turn (bows -1; muskets may not fire).
    #[arg(long)]
    pub moved: bool,
    /// Distractions on the shooter.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub distractions: u32,
    /// Hits on the shooter.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub hits: u32,
    /// The line of fire passes through smoke (muskets -1; bows ignore it).
    #[arg(long)]
    pub smoke: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ListFormat::Text)]
    pub format: ListFormat,
}

/// Which shooting table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum WeaponArg {
    Bow,
    Musket,
}

/// `odds duel`.
#[derive(Debug, clap::Args)]
pub struct DuelArgs {
    /// Leader A's intention.
    #[arg(long = "a", value_enum, value_name = "INTENTION")]
    pub a: Intention,
    /// Leader B's intention.
    #[arg(long = "b", value_enum, value_name = "INTENTION")]
    pub b: Intention,
    /// Leader A's Prowess (1-6): with both given, the higher wins drawn throws.
    #[arg(long, value_name = "FACE", value_parser = clap::value_parser!(u8).range(1..=6))]
    pub prowess_a: Option<u8>,
    /// Leader B's Prowess.
    #[arg(long, value_name = "FACE", value_parser = clap::value_parser!(u8).range(1..=6))]
    pub prowess_b: Option<u8>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ListFormat::Text)]
    pub format: ListFormat,
}

/// `odds morale`.
#[derive(Debug, clap::Args)]
pub struct MoraleArgs {
    /// Hits its follower elements took this turn.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub hits: u32,
    /// Follower elements lost this game.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub lost: u32,
    /// Visibly outnumbered.
    #[arg(long)]
    pub outnumbered: bool,
    /// A stirring speech this turn (+2).
    #[arg(long)]
    pub inspire: bool,
    /// The speech was by an Inspiring leader (+4).
    #[arg(long)]
    pub inspiring: bool,
    /// Its leader is not present.
    #[arg(long)]
    pub leader_absent: bool,
    /// Enemy of a higher class moved closer this turn.
    #[arg(long)]
    pub higher_class: bool,
    /// The contingent is Running now (0-2 keeps it Running).
    #[arg(long)]
    pub running: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ListFormat::Text)]
    pub format: ListFormat,
}

/// Parse `TYPE[:D[:H]]` into a combatant.
fn combatant(data: &Data, spec: &str, leader: LeaderStats) -> Result<Combatant, String> {
    let mut parts = spec.split(':');
    let kind = parts.next().unwrap_or_default().trim();
    let mut number = |what: &str| -> Result<u32, String> {
        match parts.next() {
            None => Ok(0),
            Some(n) => n
                .trim()
                .parse::<u32>()
                .map_err(|_| format!("`{spec}`: {what} must be a whole number (TYPE:D:H)")),
        }
    };
    let d = number("the Distractions")?;
    let h = number("the Hits")?;
    let base = match kind {
        "leader" => Combatant::leader(data, &leader),
        "mounted-leader" => Combatant::leader(
            data,
            &LeaderStats {
                mounted: true,
                ..leader
            },
        ),
        _ => match data.element(kind) {
            Some(e) => Combatant::element(data, e),
            None => {
                let ids = data
                    .elements
                    .iter()
                    .map(|e| e.id.as_str())
                    .chain(["leader", "mounted-leader"]);
                return Err(format!(
                    "there is no element type `{kind}`; {}",
                    crate::diag::did_you_mean(kind, ids)
                ));
            }
        },
    };
    if h >= base.removed_at {
        return Err(format!(
            "`{spec}`: {h} Hits would already have removed it (the {}th removes)",
            base.removed_at
        ));
    }
    Ok(base.with_counters(d, h))
}

/// Run Heroic Samurai's odds from the parsed command line.
pub fn odds(out: &Out, data: &Data, command: &OddsCommand) -> u8 {
    match command {
        OddsCommand::Melee(args) => odds_melee(out, data, args),
        OddsCommand::Shoot(args) => odds_shoot(out, data, args),
        OddsCommand::Duel(args) => odds_duel(out, args),
        OddsCommand::Morale(args) => odds_morale(out, data, args),
    }
}

fn fraction_cell(f: crate::fraction::Fraction) -> String {
    format!("{f} ({:.1}%)", f.value() * 100.0)
}

fn terms_text(terms: &[super::rules::Term]) -> String {
    if terms.is_empty() {
        return "no factors".to_owned();
    }
    terms
        .iter()
        .map(|t| format!("{:+} for {}", t.value, t.why))
        .collect::<Vec<_>>()
        .join(", ")
}

fn odds_melee(out: &Out, data: &Data, args: &MeleeArgs) -> u8 {
    let stats = |prowess: Option<u8>, reputation: Option<u32>, endurance: Option<u8>| LeaderStats {
        prowess,
        reputation: reputation.map(i64::from),
        endurance,
        ..LeaderStats::default()
    };
    let la = stats(args.prowess_a, args.reputation_a, args.endurance_a);
    let lb = stats(args.prowess_b, args.reputation_b, args.endurance_b);
    let side = |specs: &[String], l: LeaderStats| -> Result<Vec<Combatant>, String> {
        specs.iter().map(|s| combatant(data, s, l)).collect()
    };
    let (a, b) = match (side(&args.a, la), side(&args.b, lb)) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(e), _) | (_, Err(e)) => {
            out.error(&e);
            return exit::USAGE;
        }
    };
    let json = super::odds::melee(data, &a, &b, !args.defended);
    match args.format {
        ListFormat::Json => {
            print_json(&json);
        }
        ListFormat::Text => {
            let mut doc = crate::page::Doc::new("Heroic Samurai: one melee fight");
            for (label, s) in [("A", &json.a), ("B", &json.b)] {
                doc.para(format!(
                    "Side {label}: {}. 1d6 {:+} ({}).",
                    s.elements.join(", "),
                    s.total_factor,
                    terms_text(&s.factors)
                ));
            }
            doc.table(
                &["Result", "Chance"],
                vec![
                    vec!["A wins".to_owned(), fraction_cell(json.a.wins)],
                    vec!["Draw (1 D each)".to_owned(), fraction_cell(json.draw)],
                    vec!["B wins".to_owned(), fraction_cell(json.b.wins)],
                ],
            );
            for (label, other, s) in [("A", "B", &json.a), ("B", "A", &json.b)] {
                let rows = s
                    .hits_scored
                    .chances
                    .iter()
                    .enumerate()
                    .filter(|(_, f)| f.numerator > 0)
                    .map(|(h, f)| vec![h.to_string(), fraction_cell(*f)])
                    .collect();
                doc.heading(format!("Hits {label} scores on {other}"));
                doc.table(&["Hits", "Chance"], rows);
                doc.list(vec![
                    format!(
                        "At least one Hit: {}",
                        fraction_cell(s.hits_scored.at_least_one)
                    ),
                    format!(
                        "Mean Hits: {} ({:.3})",
                        s.hits_scored.mean,
                        s.hits_scored.mean.value()
                    ),
                    format!(
                        "Removes the element hit: {}",
                        fraction_cell(s.hits_scored.removes)
                    ),
                ]);
            }
            doc.para(if json.push_back {
                "The loser is pushed back 5 cm and takes 1 D; all the Hits go to one loser."
            } else {
                "The losers are behind field defences or in a building: no push-back; 1 D each."
            });
            emit(&doc.to_text(out.text_style()));
        }
    }
    exit::SUCCESS
}

fn odds_shoot(out: &Out, data: &Data, args: &ShootArgs) -> u8 {
    let weapon = match args.weapon {
        WeaponArg::Bow => &data.shooting.bow,
        WeaponArg::Musket => &data.shooting.musket,
    };
    let leader = &data.leaders.leader;
    let target = match (&args.target, args.row) {
        (_, Some(row)) => (row.name().to_owned(), row, false),
        (Some(t), None) if t == "leader" => ("Leader".to_owned(), leader.target_row, true),
        (Some(t), None) if t == "mounted-leader" => {
            ("Mounted leader".to_owned(), leader.mounted_target_row, true)
        }
        (Some(t), None) => match data.element(t) {
            Some(e) => (e.name.clone(), e.target_row, false),
            None => {
                let ids = data
                    .elements
                    .iter()
                    .map(|e| e.id.as_str())
                    .chain(["leader", "mounted-leader"]);
                out.error(&format!(
                    "there is no element type `{t}`; {}",
                    crate::diag::did_you_mean(t, ids)
                ));
                return exit::USAGE;
            }
        },
        (None, None) => {
            out.error("give --target TYPE or --row ROW");
            return exit::USAGE;
        }
    };
    if args.weapon == WeaponArg::Musket && args.archers > 0 {
        out.error("--archers counts a samurai element's bows; muskets have none");
        return exit::USAGE;
    }
    let shooter = Shooter {
        archers: args.archers,
        moved: args.moved,
        distractions: args.distractions,
        hits: args.hits,
        smoke: args.smoke,
    };
    let json = match super::odds::shot(
        data,
        weapon,
        &shooter,
        (&target.0, target.1, target.2),
        args.range,
    ) {
        Ok(json) => json,
        Err(super::rules::NoShot::Moved) => {
            out.error("muskets may not fire in a turn they moved (§6.2)");
            return exit::USAGE;
        }
        Err(super::rules::NoShot::OutOfRange { cm, max }) => {
            out.error(&format!(
                "{cm} cm is out of range: {} reach {max} cm",
                weapon.name
            ));
            return exit::USAGE;
        }
    };
    match args.format {
        ListFormat::Json => {
            print_json(&json);
        }
        ListFormat::Text => {
            let mut doc =
                crate::page::Doc::new(format!("Heroic Samurai: one shot, {}", json.weapon));
            doc.para(format!(
                "At {} cm (the {} cm band) against {} ({}); 1d6, {}.",
                json.range_cm,
                json.band_cm,
                json.target,
                json.target_row.name(),
                terms_text(&json.modifiers)
            ));
            doc.table(
                &["Result", "Chance"],
                vec![
                    vec!["Nothing".to_owned(), fraction_cell(json.nothing)],
                    vec!["1 Distraction".to_owned(), fraction_cell(json.distraction)],
                    vec![
                        "1 Hit and 1 Distraction".to_owned(),
                        fraction_cell(json.hit),
                    ],
                ],
            );
            doc.para(format!(
                "Faces: {}.",
                json.faces
                    .iter()
                    .map(|f| format!(
                        "{}->{} {}",
                        f.roll,
                        f.score,
                        match f.result {
                            super::rules::ShotResult::Nothing => "nothing",
                            super::rules::ShotResult::Distraction => "D",
                            super::rules::ShotResult::Hit => "Hit+D",
                        }
                    ))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
            if json.leader {
                doc.para("A leader ignores Distraction results (§6.3).");
            }
            emit(&doc.to_text(out.text_style()));
        }
    }
    exit::SUCCESS
}

fn odds_duel(out: &Out, args: &DuelArgs) -> u8 {
    let json = super::odds::duel(args.a, args.b, (args.prowess_a, args.prowess_b));
    match args.format {
        ListFormat::Json => {
            print_json(&json);
        }
        ListFormat::Text => {
            let mut doc = crate::page::Doc::new("Heroic Samurai: one turn of personal combat");
            doc.para(format!(
                "A: {}, B: {}{}.",
                args.a.id(),
                args.b.id(),
                match (args.prowess_a, args.prowess_b) {
                    (Some(x), Some(y)) => format!("; Prowess {x} against {y}"),
                    _ => String::new(),
                }
            ));
            if json.fought {
                doc.table(
                    &["Result", "Chance"],
                    vec![
                        vec!["A scores 1 Hit".to_owned(), fraction_cell(json.a_hits)],
                        vec!["B scores 1 Hit".to_owned(), fraction_cell(json.b_hits)],
                        vec!["No Hit".to_owned(), fraction_cell(json.no_hit)],
                    ],
                );
                let mut spare = Vec::new();
                if json.a_spares.numerator > 0 {
                    spare.push(format!(
                        "A wins but stays his hand (no Hit; he may call for surrender): {}",
                        fraction_cell(json.a_spares)
                    ));
                }
                if json.b_spares.numerator > 0 {
                    spare.push(format!(
                        "B wins but stays his hand: {}",
                        fraction_cell(json.b_spares)
                    ));
                }
                if !spare.is_empty() {
                    doc.list(spare);
                }
                doc.para("Three throws of paper-stone-scissors, each uniform (HS-38).");
            } else {
                doc.para(format!(
                    "No round is fought: {} breaks off (HS-37).",
                    json.breaks_off.join(" and ").to_uppercase()
                ));
            }
            emit(&doc.to_text(out.text_style()));
        }
    }
    exit::SUCCESS
}

fn odds_morale(out: &Out, data: &Data, args: &MoraleArgs) -> u8 {
    let case = MoraleCase {
        hits_this_turn: args.hits,
        elements_lost: args.lost,
        outnumbered: args.outnumbered,
        speech: if args.inspiring {
            4
        } else if args.inspire {
            2
        } else {
            0
        },
        leader_absent: args.leader_absent,
        higher_class: args.higher_class,
    };
    let before = if args.running {
        Morale::Running
    } else {
        Morale::Steady
    };
    let json = super::odds::morale(data, &case, before);
    match args.format {
        ListFormat::Json => {
            print_json(&json);
        }
        ListFormat::Text => {
            let mut doc = crate::page::Doc::new("Heroic Samurai: one Morale Test");
            doc.para(format!(
                "1d6 {:+} ({}).",
                json.net,
                terms_text(&json.modifiers)
            ));
            doc.table(
                &["State", "Chance"],
                vec![
                    vec!["Steady (3+)".to_owned(), fraction_cell(json.steady)],
                    vec!["Hesitant (0-2)".to_owned(), fraction_cell(json.hesitant)],
                    vec!["Running".to_owned(), fraction_cell(json.running)],
                ],
            );
            emit(&doc.to_text(out.text_style()));
        }
    }
    exit::SUCCESS
}

/// `buntai new --system heroic-samurai`: a legal contingent to start from.
pub fn new(out: &Out, args: &crate::ronin::cli::build::NewArgs) -> u8 {
    if !args.faction.is_empty() || args.period.is_some() || args.points.is_some() {
        out.error(&format!(
            "--faction, --period and --points are Ronin's; a {} contingent has none",
            super::ID
        ));
        return exit::USAGE;
    }
    let side = args.name.as_deref().unwrap_or("My clan");
    let text = contingent::contingent_toml(
        side,
        "My leader",
        &[
            ("armoured-clan-samurai", 1),
            ("clan-samurai", 1),
            ("armoured-ashigaru-spear", 2),
            ("ashigaru-musket", 2),
        ],
        "# One leader and 1 to 12 elements (HS-70). An [[element]] is a `type`, an optional `count`,\n# and for samurai an optional `archers = 0..3` (rolled 1d3 at set-up when absent).\n",
    );
    write_text(out, args.output.as_deref(), args.force, &text)
}

fn write_text(out: &Out, output: Option<&Path>, force: bool, text: &str) -> u8 {
    let target = match crate::cli::output::open_output(out, output, force, &[]) {
        Ok(target) => target,
        Err(code) => return code,
    };
    match crate::cli::output::write_output(out, target, text) {
        Ok(()) => exit::SUCCESS,
        Err(code) => code,
    }
}

/// The element types a style draws on, with weights (HS-70's sizes; the styles are Ronin's
/// `--style` words read for this system).
fn pool(style: crate::ronin::suggest::Style) -> &'static [(&'static str, u32)] {
    use crate::ronin::suggest::Style;
    match style {
        Style::Balanced => &[
            ("clan-samurai", 3),
            ("armoured-clan-samurai", 2),
            ("armoured-ashigaru-spear", 3),
            ("ashigaru-musket", 2),
            ("mounted-clan-samurai", 1),
        ],
        Style::Elite => &[
            ("armoured-clan-samurai", 4),
            ("mounted-battle-samurai", 3),
            ("battle-monks", 1),
        ],
        Style::Horde => &[
            ("ashigaru-spear", 4),
            ("peasants", 3),
            ("bandits", 2),
            ("warrior-monks", 1),
        ],
        Style::Shooty => &[
            ("ashigaru-musket", 3),
            ("armoured-ashigaru-musket", 2),
            ("clan-samurai", 2),
        ],
    }
}

/// `buntai suggest --system heroic-samurai --size N --style S --seed N`.
pub fn suggest(
    out: &Out,
    data: &Data,
    size: u32,
    style: crate::ronin::suggest::Style,
    seed: u64,
    output: Option<&Path>,
    force: bool,
) -> u8 {
    use rand::{RngExt, SeedableRng, rngs::ChaCha8Rng};
    if !(1..=12).contains(&size) {
        out.error(&format!(
            "--size {size}: a contingent has 1 to 12 elements (HS-70)"
        ));
        return exit::USAGE;
    }
    let pool = pool(style);
    if let Some((missing, _)) = pool.iter().find(|(id, _)| data.element(id).is_none()) {
        out.error(&format!("the data has no element type `{missing}`"));
        return exit::PROBLEMS;
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let total: u32 = pool.iter().map(|(_, w)| w).sum();
    let mut counts: Vec<(&str, u32)> = Vec::new();
    for _ in 0..size {
        let mut pick = rng.random_range(0..total);
        let kind = pool
            .iter()
            .find(|(_, w)| {
                if pick < *w {
                    true
                } else {
                    pick -= w;
                    false
                }
            })
            .map_or(pool[0].0, |(id, _)| id);
        match counts.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, n)) => *n += 1,
            None => counts.push((kind, 1)),
        }
    }
    // File order: the pool's order, so the same contingent always reads the same way.
    counts.sort_by_key(|(k, _)| pool.iter().position(|(id, _)| id == k));
    let text = contingent::contingent_toml(
        "My clan",
        "My leader",
        &counts,
        &format!(
            "# Suggested: {size} elements, style {} (seed {seed}).\n",
            style.name()
        ),
    );
    write_text(out, output, force, &text)
}

/// `buntai data check --system heroic-samurai`.
pub fn data_check(data: &Data, format: ListFormat) -> u8 {
    let json = serde_json::json!({
        "system": super::ID,
        "ok": true,
        "elements": data.elements.len(),
        "shooting_cells": data.shooting.bow.cell.len() + data.shooting.musket.cell.len(),
        "tiers": data.melee.tier.len(),
        "morale_modifiers": data.morale.modifier.len(),
        "scenarios": data.scenarios.scenario.len(),
        "rulings": data.rulings.rulings.len(),
    });
    match format {
        ListFormat::Json => {
            print_json(&json);
        }
        ListFormat::Text => emit(&format!(
            "{} data: OK ({} element types, {} shooting cells, {} Hit tiers, {} morale modifiers, {} scenario, {} rulings)\n",
            super::ID,
            data.elements.len(),
            data.shooting.bow.cell.len() + data.shooting.musket.cell.len(),
            data.melee.tier.len(),
            data.morale.modifier.len(),
            data.scenarios.scenario.len(),
            data.rulings.rulings.len()
        )),
    }
    exit::SUCCESS
}
