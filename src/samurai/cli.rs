//! Samurai 1550-1600's commands: `validate` and `rulings` for now.

use std::path::{Path, PathBuf};

use super::army::{self, ArmyVerdictJson, Verdict};
use super::data::{self, Data};
use crate::cli::ListFormat;
use crate::cli::output::{Out, emit, note, print_json};
use crate::diag::{exit, render_all};
use crate::system::SystemId;

/// Load the data or say why not (exit 1).
pub fn with_data(out: &Out, data_dir: Option<&Path>, f: impl FnOnce(&Data) -> u8) -> u8 {
    crate::cli::systems::with_data(out, super::ID, data::load(data_dir), f)
}

/// `buntai validate ARMY.toml ...` for armies of this system.
pub fn validate(out: &Out, data: &Data, files: &[PathBuf], format: ListFormat) -> u8 {
    crate::cli::systems::validate_files(
        out,
        files,
        format,
        &crate::cli::systems::FileChecks {
            check: &|file| army::validate(data, file),
            json: &|v| ArmyVerdictJson::new(data, v),
            unreadable: &ArmyVerdictJson::unreadable,
            print: &|v| print_verdict(out, data, v),
        },
    )
}

fn print_verdict(out: &Out, data: &Data, v: &Verdict) {
    use std::fmt::Write;
    let mut text = String::new();
    let verdict = out.verdict(v.legal());
    let _ = writeln!(text, "{}: {verdict}", v.file.name);
    if let Some(a) = &v.parsed {
        let _ = writeln!(
            text,
            "  Samurai 1550-1600 army{}, {} units",
            a.name
                .as_deref()
                .map_or(String::new(), |n| format!(" \"{n}\"")),
            a.unit.len()
        );
        for (i, u) in a.unit.iter().enumerate() {
            let kind = data
                .unit(&u.kind)
                .map_or(u.kind.as_str(), |t| t.name.as_str());
            let general = if u.general {
                ", General (Hatamoto)"
            } else {
                ""
            };
            let additions: Vec<&str> = u
                .additions_at(&crate::diag::TomlPath::root())
                .into_iter()
                .map(|(id, _)| data.addition(id).map_or(id, |x| x.name.as_str()))
                .collect();
            let extra = if additions.is_empty() {
                String::new()
            } else {
                format!(" + {}", additions.join(", "))
            };
            let _ = writeln!(
                text,
                "  {:>2}. {} ({kind}){general}{extra}",
                i + 1,
                u.label(data, i)
            );
        }
    }
    emit(&crate::diag::escape_for_terminal(&text));
    let problems = v.problems();
    if !problems.is_empty() {
        note(&render_all(&problems, out.color, out.width()));
    }
}

/// `buntai rulings [OHW-nn]` for this system.
pub fn rulings(out: &Out, data: &Data, id: Option<&str>, format: ListFormat) -> u8 {
    crate::cli::systems::rulings(out, SystemId::Samurai1550, &data.rulings, id, format)
}

/// A verb this system does not have yet: say so plainly, never fall through to Ronin's rules.
pub fn lacks(out: &Out, verb: &str) -> u8 {
    crate::cli::systems::lacks(out, SystemId::Samurai1550, verb)
}

pub use crate::cli::systems::SheetKind;

/// `buntai print ARMY.toml`: the army sheet.
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
    type File = super::army::ArmyFile;
    type Sheet = super::sheet::ArmySheet;
    const WHAT: &'static str = "an army file";

    fn check(&self, file: &crate::diag::SourceFile) -> crate::diag::Verdict<Self::File> {
        super::army::validate(self, file)
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

/// `buntai odds combat`: one close combat of Samurai 1550-1600.
#[derive(Debug, clap::Args)]
pub struct CombatArgs {
    /// The attacking unit type: ashigaru, foot-samurai or mounted-samurai.
    #[arg(long, value_name = "TYPE")]
    pub attacker: String,
    /// The defending unit type.
    #[arg(long, value_name = "TYPE")]
    pub defender: String,
    /// Where the defender stands.
    #[arg(long, value_enum, default_value_t = Ground::Open)]
    pub ground: Ground,
    /// Enemy units in contact with the attacker, the defender included (OHW-12).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=4))]
    pub contacts: u32,
    /// The defender stands behind Bamboo Palisades (halved, rounding up).
    #[arg(long)]
    pub palisades: bool,
    /// Hits the defender already has (the report gives the chance this combat eliminates it).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub hits: u32,
    /// The defender is the Hatamoto (eliminated at 13, not 9).
    #[arg(long)]
    pub hatamoto: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ListFormat::Text)]
    pub format: ListFormat,
}

/// `buntai odds volley`: one Ashigaru volley of Samurai 1550-1600.
#[derive(Debug, clap::Args)]
pub struct VolleyArgs {
    /// Where the target stands (woods and towns give cover).
    #[arg(long, value_enum, default_value_t = Ground::Open)]
    pub ground: Ground,
    /// The shooters have a Cannon (+1).
    #[arg(long)]
    pub cannon: bool,
    /// The target has Tate (halved, rounding up).
    #[arg(long)]
    pub tate: bool,
    /// Hits the target already has.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub hits: u32,
    /// The target is the Hatamoto (eliminated at 13, not 9).
    #[arg(long)]
    pub hatamoto: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ListFormat::Text)]
    pub format: ListFormat,
}

/// `buntai odds reaction`: the chance the odd die comes out in a player turn.
#[derive(Debug, clap::Args)]
pub struct ReactionArgs {
    /// Units with a die in the bag.
    #[arg(long, value_name = "N", default_value_t = 6)]
    pub units: u32,
    /// Units the player activates before he stops (default: all of them).
    #[arg(long, value_name = "K")]
    pub activate: Option<u32>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ListFormat::Text)]
    pub format: ListFormat,
}

pub use super::odds::Ground;

/// `odds combat` / `odds volley` as JSON (`buntai schema samurai-odds`).
#[derive(Debug, Clone, serde::Serialize, schemars::JsonSchema)]
pub struct RollOddsJson {
    pub system: &'static str,
    /// `combat` or `volley`.
    pub kind: &'static str,
    /// The modifiers applied, in order, before any halving.
    pub modifiers: Vec<super::odds::Part>,
    pub halved: bool,
    /// P(hits = h), h = 0, 1, ...
    pub hits: Vec<f64>,
    pub mean_hits: f64,
    /// The chance the target reaches its elimination threshold.
    pub eliminates: f64,
    /// Volley only: the chance of a natural 3 (out of ammunition, or the supply marker lost).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub out_of_ammunition: Option<f64>,
}

/// `odds combat`.
pub fn odds_combat(out: &Out, data: &Data, args: &CombatArgs) -> u8 {
    match super::odds::combat(
        data,
        &args.attacker,
        &args.defender,
        args.ground,
        args.contacts,
        args.palisades,
    ) {
        Ok((roll, parts)) => {
            let threshold = threshold(data, &args.defender, args.hatamoto);
            report_roll(
                out,
                "combat",
                roll,
                parts,
                args.hits,
                threshold,
                args.format,
            )
        }
        Err(message) => {
            out.error(&message);
            exit::USAGE
        }
    }
}

/// `odds volley`.
pub fn odds_volley(out: &Out, data: &Data, args: &VolleyArgs) -> u8 {
    match super::odds::volley(data, args.ground, args.cannon, args.tate) {
        Ok((roll, parts)) => {
            let threshold = threshold(data, "ashigaru", args.hatamoto);
            report_roll(
                out,
                "volley",
                roll,
                parts,
                args.hits,
                threshold,
                args.format,
            )
        }
        Err(message) => {
            out.error(&message);
            exit::USAGE
        }
    }
}

fn threshold(data: &Data, kind: &str, hatamoto: bool) -> u32 {
    let value = if hatamoto {
        data.command.general.hatamoto_eliminated_at.value
    } else {
        data.unit(kind).map_or(9, |u| u.eliminated_at.value)
    };
    u32::try_from(value).unwrap_or(9)
}

fn report_roll(
    out: &Out,
    kind: &'static str,
    roll: super::odds::Roll,
    modifiers: Vec<super::odds::Part>,
    hits: u32,
    threshold: u32,
    format: ListFormat,
) -> u8 {
    let thirds = roll.distribution();
    let p: Vec<f64> = thirds.iter().map(|&t| f64::from(t) / 3.0).collect();
    let mean = p
        .iter()
        .enumerate()
        .fold(0.0, |sum, (h, q)| sum + h as f64 * q);
    let need = threshold.saturating_sub(hits) as usize;
    let eliminates = p.iter().skip(need).fold(0.0, |sum, q| sum + q);
    let json = RollOddsJson {
        system: super::ID,
        kind,
        modifiers,
        halved: roll.halved,
        hits: p,
        mean_hits: mean,
        eliminates,
        out_of_ammunition: (kind == "volley").then_some(1.0 / 3.0),
    };
    match format {
        ListFormat::Json => {
            print_json(&json);
        }
        ListFormat::Text => {
            let mut doc = crate::page::Doc::new(format!("Samurai 1550-1600: one {kind}"));
            let mods: Vec<String> = json
                .modifiers
                .iter()
                .map(|m| format!("{:+} {}", m.value, m.why))
                .collect();
            doc.para(format!(
                "D3{}{}; never below 0.",
                if mods.is_empty() {
                    String::new()
                } else {
                    format!(" {}", mods.join(", "))
                },
                if json.halved {
                    ", then halved rounding up"
                } else {
                    ""
                }
            ));
            doc.table(
                &["Hits", "Chance", "D3 faces"],
                thirds
                    .iter()
                    .enumerate()
                    .filter(|(_, t)| **t > 0)
                    .map(|(h, t)| {
                        vec![
                            h.to_string(),
                            format!("{:.1}%", f64::from(*t) * 100.0 / 3.0),
                            format!("{t} of 3"),
                        ]
                    })
                    .collect(),
            );
            let mut lines = vec![format!("Mean hits: {mean:.2}.")];
            lines.push(format!(
                "Eliminates a target with {hits} of {threshold} hits: {:.1}%.",
                eliminates * 100.0
            ));
            if kind == "volley" {
                lines.push(
                    "Out of ammunition (a natural 3): 33.3%, or the supply marker goes.".to_owned(),
                );
            }
            doc.list(lines);
            emit(&doc.to_text(out.text_style()));
        }
    }
    exit::SUCCESS
}

/// `odds reaction`.
pub fn odds_reaction(out: &Out, args: &ReactionArgs) -> u8 {
    let k = args.activate.unwrap_or(args.units);
    if k > args.units {
        out.error(&format!(
            "--activate {k} is more than --units {}",
            args.units
        ));
        return exit::USAGE;
    }
    let (num, den) = super::odds::reaction(args.units, k);
    let chance = f64::from(num) / f64::from(den);
    match args.format {
        ListFormat::Json => {
            print_json(&serde_json::json!({
                "system": super::ID,
                "units": args.units,
                "activate": k,
                "numerator": num,
                "denominator": den,
                "chance": chance,
            }));
        }
        ListFormat::Text => emit(&format!(
            "With {} units in the bag and {k} activated, the opponent reacts {num}/{den} of the \
             time ({:.1}%): the odd die must come out before the player stops (OHW-04).\n",
            args.units,
            chance * 100.0
        )),
    }
    exit::SUCCESS
}

/// `buntai suggest --system samurai-1550-1600 --seed N`: a random army on the OHW-03 table (a
/// project table, labelled as a ruling), written as an army file.
pub fn suggest(out: &Out, data: &Data, seed: u64, output: Option<&Path>, force: bool) -> u8 {
    let mut dice = crate::dice::SeededDice::new(seed, 0);
    let face = crate::dice::D6::d6(&mut dice);
    let Some(roll) = data.armies.roll.iter().find(|r| r.d6 == face) else {
        out.error(&format!("the random-army table has no row for a {face}"));
        return exit::PROBLEMS;
    };
    let text = super::army::random_army_toml(data, roll, seed);
    let target = match crate::cli::output::open_output(out, output, force, &[]) {
        Ok(target) => target,
        Err(code) => return code,
    };
    if let Err(code) = crate::cli::output::write_output(out, target, &text) {
        return code;
    }
    note(&format!(
        "rolled {face} on the random-army table ({}: a project table, not the variant's)\n",
        data.armies.ruling
    ));
    exit::SUCCESS
}

/// `buntai new --system samurai-1550-1600`: a legal army of six to start from (two units of each
/// type, the General with the first Mounted Samurai), every addition listed in a comment.
pub fn new(out: &Out, data: &Data, args: &crate::ronin::cli::build::NewArgs) -> u8 {
    if !args.faction.is_empty() || args.period.is_some() || args.points.is_some() {
        out.error(&format!(
            "--faction, --period and --points are Ronin's; a {} army has none",
            super::ID
        ));
        return exit::USAGE;
    }
    let name = args.name.as_deref().unwrap_or("My army");
    let mut text = format!(
        "system = \"{}\"\nname = {}\n# scenario = \"{}\"\n\n\
         # Each unit is `type` (ashigaru, foot-samurai, mounted-samurai) and may carry one `addition`;\n\
         # at most {} in the army: {}.\n",
        super::ID,
        toml_string(name),
        super::DEFAULT_SCENARIO,
        data.additions.limit_per_army.value,
        data.additions
            .addition
            .iter()
            .map(|a| a.id.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    );
    for (kind, general) in [
        ("mounted-samurai", true),
        ("mounted-samurai", false),
        ("foot-samurai", false),
        ("foot-samurai", false),
        ("ashigaru", false),
        ("ashigaru", false),
    ] {
        text.push_str(&format!("\n[[unit]]\ntype = \"{kind}\"\n"));
        if general {
            text.push_str("general = true\n");
        }
    }
    let target = match crate::cli::output::open_output(out, args.output.as_deref(), args.force, &[])
    {
        Ok(target) => target,
        Err(code) => return code,
    };
    match crate::cli::output::write_output(out, target, &text) {
        Ok(()) => exit::SUCCESS,
        Err(code) => code,
    }
}

/// A TOML basic string.
fn toml_string(s: &str) -> String {
    toml::Value::String(s.to_owned()).to_string()
}

/// `buntai data check --system samurai-1550-1600`: the data loaded and every reference held (a
/// problem exits 1 before this runs, located in its file).
pub fn data_check(data: &Data, format: ListFormat) -> u8 {
    let counts = serde_json::json!({
        "system": super::ID,
        "ok": true,
        "units": data.units.len(),
        "additions": data.additions.addition.len(),
        "terrain": data.terrain.len(),
        "scenarios": data.scenarios.scenario.len(),
        "random_armies": data.armies.roll.len(),
        "rulings": data.rulings.rulings.len(),
    });
    match format {
        ListFormat::Json => {
            print_json(&counts);
        }
        ListFormat::Text => emit(&format!(
            "{} data: OK ({} unit types, {} additions, {} terrain types, {} scenario, {} random \
             armies, {} rulings)\n",
            super::ID,
            data.units.len(),
            data.additions.addition.len(),
            data.terrain.len(),
            data.scenarios.scenario.len(),
            data.armies.roll.len(),
            data.rulings.rulings.len()
        )),
    }
    exit::SUCCESS
}
