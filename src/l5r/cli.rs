//! The commands of L5R mass battles: exact odds of a roll, a contest and the Battle roll.

use std::path::{Path, PathBuf};

use super::battle::{self, BattleVerdictJson, Verdict};
use super::data::{self, Data};
use super::dice::{Dice, Exact, Pool, parse_pool};
use super::odds::{self, BattleOddsJson, ContestOddsJson, PoolJson, RollOddsJson};
use crate::cli::ListFormat;
use crate::cli::output::{Out, emit, note, print_json};
use crate::diag::exit;
use crate::diag::render_all;
use crate::page::Doc;
use crate::system::SystemId;

/// Run `f` on this system's data, or show why it did not load (exit 1).
pub fn with_data(out: &Out, data_dir: Option<&Path>, f: impl FnOnce(&Data) -> u8) -> u8 {
    crate::cli::systems::with_data(out, super::ID, data::load(data_dir), f)
}

/// `buntai validate BATTLE.toml ...` for battle files.
pub fn validate(out: &Out, data: &Data, files: &[PathBuf], format: ListFormat) -> u8 {
    crate::cli::systems::validate_files(
        out,
        files,
        format,
        &crate::cli::systems::FileChecks {
            check: &|file| battle::validate(data, file),
            json: &|v| BattleVerdictJson::new(data, v),
            unreadable: &BattleVerdictJson::unreadable,
            print: &|v| print_verdict(out, data, v),
        },
    )
}

fn print_verdict(out: &Out, data: &Data, v: &Verdict) {
    use std::fmt::Write;
    let mut text = String::new();
    let _ = writeln!(text, "{}: {}", v.file.name, out.verdict(v.legal()));
    if let Some(b) = &v.parsed {
        let _ = writeln!(
            text,
            "  L5R mass battle{}, {} zones",
            b.name
                .as_deref()
                .map_or(String::new(), |n| format!(" \"{n}\"")),
            battle::zones(data, b).len()
        );
        for s in battle::summaries(b) {
            let _ = writeln!(
                text,
                "  side {}: {}, {} MP in {} squads, General {}, {} officers",
                s.side.letter().to_uppercase(),
                s.name,
                s.mp,
                s.squads,
                s.general.as_deref().unwrap_or("(none)"),
                s.officers
            );
        }
    }
    emit(&crate::diag::escape_for_terminal(&text));
    let problems = v.problems();
    if !problems.is_empty() {
        note(&render_all(&problems, out.color, out.width()));
    }
}

/// `buntai print BATTLE.toml`: the battle sheet (the players' copy with `players`).
pub fn print(
    out: &Out,
    data: &Data,
    path: &Path,
    kind: crate::cli::systems::SheetKind,
    output: Option<&Path>,
    force: bool,
    players: bool,
) -> u8 {
    crate::cli::systems::print_sheet(out, &Printer { data, players }, path, kind, output, force)
}

/// The data and which copy of the sheet to print.
struct Printer<'a> {
    data: &'a Data,
    players: bool,
}

impl crate::cli::systems::SheetSystem for Printer<'_> {
    type File = battle::BattleFile;
    type Sheet = super::sheet::BattleSheet;
    const WHAT: &'static str = "a battle file";

    fn check(&self, file: &crate::diag::SourceFile) -> crate::diag::Verdict<Self::File> {
        battle::validate(self.data, file)
    }

    fn sheet(&self, verdict: &crate::diag::Verdict<Self::File>, file: &Self::File) -> Self::Sheet {
        super::sheet::build(self.data, verdict, file, self.players)
    }

    fn doc(sheet: &Self::Sheet) -> Doc {
        super::sheet::doc(sheet)
    }

    fn html(sheet: &Self::Sheet) -> Result<String, minijinja::Error> {
        super::sheet::html(sheet)
    }
}

/// `buntai new --system l5r-mass-battle`: a legal battle file to start from: the default line of
/// five zones, two sides with a General, a scout, a herald and four squads each.
pub fn new(out: &Out, args: &crate::ronin::cli::build::NewArgs) -> u8 {
    if !args.faction.is_empty() || args.period.is_some() || args.points.is_some() {
        out.error("--faction, --period and --points are Ronin's; an L5R battle file has none");
        return exit::USAGE;
    }
    let name = args.name.as_deref().unwrap_or("My battle");
    let text = super::battle::starter_toml(name);
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

/// `buntai rulings [L5R-nn]` for this system.
pub fn rulings(out: &Out, data: &Data, id: Option<&str>, format: ListFormat) -> u8 {
    crate::cli::systems::rulings(out, SystemId::L5r, &data.rulings, id, format)
}

/// `buntai data check --system l5r-mass-battle`.
pub fn data_check(data: &Data, format: ListFormat) -> u8 {
    let json = serde_json::json!({
        "system": super::ID,
        "ok": true,
        "formations": data.formations.formation.len(),
        "menus": data.menus.menu.len(),
        "zone_effects": data.effects.effect.len(),
        "roles": data.roles.role.len(),
        "numbers": data::number_rows(&data.numbers).len(),
        "rulings": data.rulings.rulings.len(),
    });
    match format {
        ListFormat::Json => {
            print_json(&json);
        }
        ListFormat::Text => emit(&format!(
            "{} data: OK ({} formations, {} Raise menus, {} zone effects, {} roles, {} numbers, {} rulings)\n",
            super::ID,
            data.formations.formation.len(),
            data.menus.menu.len(),
            data.effects.effect.len(),
            data.roles.role.len(),
            data::number_rows(&data.numbers).len(),
            data.rulings.rulings.len()
        )),
    }
    exit::SUCCESS
}

/// A verb this system does not have: say so plainly, never fall through to Ronin's rules.
pub fn lacks(out: &Out, verb: &str) -> u8 {
    crate::cli::systems::lacks(out, SystemId::L5r, verb)
}

#[derive(Debug, clap::Parser)]
#[command(
    name = "buntai odds",
    about = "Exact odds of L5R roll-and-keep: a roll against a TN with Raises, a contested roll, the generals' Battle roll",
    after_help = "Examples:\n  buntai odds --system l5r-mass-battle roll 10k5 --tn 20\n  buntai odds --system l5r-mass-battle roll 4k2 --tn 15 --untrained\n  buntai odds --system l5r-mass-battle battle 7k3 6k3 --bonus-a 2 --raises-a 1\n  buntai odds --system l5r-mass-battle contest 6k3 5k3"
)]
pub struct OddsCli {
    #[command(flatten)]
    pub globals: crate::cli::systems::OddsGlobals,
    #[command(subcommand)]
    pub command: OddsCommand,
}

#[derive(Debug, clap::Subcommand)]
pub enum OddsCommand {
    /// One roll against a TN: the chance of success with 0, 1, 2, ... Raises declared (L5R-02).
    Roll(RollArgs),
    /// A contested roll (scouts, heralds, a duel's Focus roll): equal totals are rolled again.
    Contest(ContestArgs),
    /// The two generals' Battle roll: win, tie within 5, or loss, after balancing (L5R-04).
    Battle(BattleArgs),
}

/// How a pool's dice behave, for one side.
#[derive(Debug, Clone, clap::Args)]
pub struct DiceArgs {
    /// The Skill is 0: 10s do not explode (L5R-01).
    #[arg(long)]
    pub untrained: bool,
    /// An Emphasis: a first 1 on a die is rolled again once (L5R-41).
    #[arg(long)]
    pub emphasis: bool,
}

impl DiceArgs {
    fn dice(&self) -> Dice {
        Dice {
            explode: !self.untrained,
            emphasis: self.emphasis,
        }
    }
}

/// `odds roll`.
#[derive(Debug, clap::Args)]
pub struct RollArgs {
    /// The pool, XkY or XkY+Z (`7k3`, `10k10+4`); the Ten Dice Rule is applied.
    #[arg(value_name = "POOL")]
    pub pool: String,
    /// The Target Number.
    #[arg(long, value_name = "TN", value_parser = clap::value_parser!(i32).range(0..=500))]
    pub tn: i32,
    /// Dice added to the pool (+Nk0), or taken away with a negative number.
    #[arg(long, value_name = "N", default_value_t = 0, allow_hyphen_values = true, value_parser = clap::value_parser!(i32).range(-99..=99))]
    pub plus: i32,
    #[command(flatten)]
    pub dice: DiceArgs,
    /// Show at least this many Raises.
    #[arg(long, value_name = "N", default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=20))]
    pub raises: u32,
    /// Decimal places of the percentages shown.
    #[arg(long, value_name = "N", default_value_t = 2, value_parser = clap::value_parser!(u8).range(0..=10))]
    pub precision: u8,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ListFormat::Text)]
    pub format: ListFormat,
}

/// `odds contest`.
#[derive(Debug, clap::Args)]
pub struct ContestArgs {
    /// Side A's pool, XkY.
    #[arg(value_name = "POOL_A")]
    pub a: String,
    /// Side B's pool, XkY.
    #[arg(value_name = "POOL_B")]
    pub b: String,
    /// Raises side A declares (−5 each in the comparison, L5R-03).
    #[arg(long, value_name = "N", default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=20))]
    pub raises_a: u32,
    /// Raises side B declares.
    #[arg(long, value_name = "N", default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=20))]
    pub raises_b: u32,
    /// Side A's Skill is 0: its 10s do not explode.
    #[arg(long)]
    pub untrained_a: bool,
    /// Side B's Skill is 0.
    #[arg(long)]
    pub untrained_b: bool,
    /// Decimal places of the percentages shown.
    #[arg(long, value_name = "N", default_value_t = 2, value_parser = clap::value_parser!(u8).range(0..=10))]
    pub precision: u8,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ListFormat::Text)]
    pub format: ListFormat,
}

/// `odds battle`.
#[derive(Debug, clap::Args)]
pub struct BattleArgs {
    /// Side A's general's Battle/Perception pool, XkY.
    #[arg(value_name = "POOL_A")]
    pub a: String,
    /// Side B's general's pool.
    #[arg(value_name = "POOL_B")]
    pub b: String,
    /// The k0 side A has gathered: its bonuses less the penalties laid on it (engagement,
    /// formation, scouts, heralds, duel, officers); balanced against B's (L5R-04).
    #[arg(long, value_name = "N", default_value_t = 0, allow_hyphen_values = true, value_parser = clap::value_parser!(i32).range(-50..=50))]
    pub bonus_a: i32,
    /// The k0 side B has gathered.
    #[arg(long, value_name = "N", default_value_t = 0, allow_hyphen_values = true, value_parser = clap::value_parser!(i32).range(-50..=50))]
    pub bonus_b: i32,
    /// Raises side A declares (formation changes included, L5R-33).
    #[arg(long, value_name = "N", default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=20))]
    pub raises_a: u32,
    /// Raises side B declares.
    #[arg(long, value_name = "N", default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=20))]
    pub raises_b: u32,
    /// Decimal places of the percentages shown.
    #[arg(long, value_name = "N", default_value_t = 2, value_parser = clap::value_parser!(u8).range(0..=10))]
    pub precision: u8,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ListFormat::Text)]
    pub format: ListFormat,
}

/// `buntai odds --system l5r-mass-battle ...`.
pub fn odds(out: &Out, command: &OddsCommand) -> u8 {
    match command {
        OddsCommand::Roll(args) => odds_roll(out, args),
        OddsCommand::Contest(args) => odds_contest(out, args),
        OddsCommand::Battle(args) => odds_battle(out, args),
    }
}

fn pool(out: &Out, text: &str, dice: Dice) -> Result<Pool, u8> {
    parse_pool(text)
        .map(|p| Pool { dice, ..p })
        .map_err(|message| {
            out.error(&message);
            exit::USAGE
        })
}

fn percent(p: f64, precision: u8) -> String {
    format!("{:.*}%", usize::from(precision), p * 100.0)
}

fn pool_line(label: &str, p: &PoolJson) -> String {
    let rolled = if p.rolled_as == p.pool {
        String::new()
    } else {
        format!(", rolled as {} (Ten Dice Rule)", p.rolled_as)
    };
    let dice = match (p.explode, p.emphasis) {
        (true, false) => "10s explode",
        (true, true) => "10s explode, first 1s rolled again",
        (false, false) => "untrained: 10s do not explode",
        (false, true) => "untrained: no explosions, first 1s rolled again",
    };
    format!(
        "{label}{}{rolled}; {dice}. Mean {:.2}, median {}.",
        p.pool, p.mean, p.median
    )
}

fn cut_line(cut: f64) -> String {
    format!("Exact enumeration; the explosion tail left out weighs {cut:.1e} (below 1e-12).")
}

fn odds_roll(out: &Out, args: &RollArgs) -> u8 {
    let pool = match pool(out, &args.pool, args.dice.dice()) {
        Ok(p) => p.plus_rolled(args.plus),
        Err(code) => return code,
    };
    let json: RollOddsJson = odds::roll(&mut Exact::new(), pool, args.tn, args.raises);
    match args.format {
        ListFormat::Json => {
            print_json(&json);
        }
        ListFormat::Text => {
            let mut doc = Doc::new(format!("L5R: {} against TN {}", json.roll.pool, json.tn));
            doc.para(pool_line("", &json.roll));
            doc.table(
                &[
                    "Raises declared",
                    "Needs",
                    "Succeeds",
                    "Exactly this many by margin",
                ],
                json.raises
                    .iter()
                    .map(|r| {
                        vec![
                            r.raises.to_string(),
                            r.needs.to_string(),
                            percent(r.chance, args.precision),
                            percent(r.by_margin, args.precision),
                        ]
                    })
                    .collect(),
            );
            doc.para(format!(
                "Fails outright: {}. Raises are declared before the roll; success needs TN + 5 \
                 a Raise (L5R-02).",
                percent(json.fails, args.precision)
            ));
            doc.para(cut_line(json.roll.cut));
            emit(&doc.to_text(out.text_style()));
        }
    }
    exit::SUCCESS
}

fn odds_contest(out: &Out, args: &ContestArgs) -> u8 {
    let dice = |untrained: bool| {
        if untrained {
            Dice::UNTRAINED
        } else {
            Dice::TRAINED
        }
    };
    let (a, b) = match (
        pool(out, &args.a, dice(args.untrained_a)),
        pool(out, &args.b, dice(args.untrained_b)),
    ) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(code), _) | (_, Err(code)) => return code,
    };
    let json: ContestOddsJson =
        odds::contest(&mut Exact::new(), [a, b], [args.raises_a, args.raises_b]);
    match args.format {
        ListFormat::Json => {
            print_json(&json);
        }
        ListFormat::Text => {
            let p = |x: f64| percent(x, args.precision);
            let mut doc = Doc::new(format!(
                "L5R: {} against {}, contested",
                json.a.pool, json.b.pool
            ));
            doc.para(pool_line("A: ", &json.a));
            doc.para(pool_line("B: ", &json.b));
            doc.table(
                &["Result", "Chance"],
                vec![
                    vec!["A wins".into(), p(json.a_wins)],
                    vec!["B wins".into(), p(json.b_wins)],
                    vec![
                        "A by 5 or more (a duel's victory)".into(),
                        p(json.a_by_five),
                    ],
                    vec!["B by 5 or more".into(), p(json.b_by_five)],
                    vec![
                        "by less than 5 (a shameful duel)".into(),
                        p(json.under_five),
                    ],
                ],
            );
            doc.para(format!(
                "Declared Raises count −5 each (A {}, B {}); equal totals ({} a roll) are rolled \
                 again (L5R-03).",
                args.raises_a,
                args.raises_b,
                p(json.reroll)
            ));
            doc.para(cut_line(json.cut));
            emit(&doc.to_text(out.text_style()));
        }
    }
    exit::SUCCESS
}

fn odds_battle(out: &Out, args: &BattleArgs) -> u8 {
    let (a, b) = match (
        pool(out, &args.a, Dice::TRAINED),
        pool(out, &args.b, Dice::TRAINED),
    ) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(code), _) | (_, Err(code)) => return code,
    };
    let json: BattleOddsJson = odds::battle(
        &mut Exact::new(),
        [a, b],
        [args.bonus_a, args.bonus_b],
        [args.raises_a, args.raises_b],
    );
    match args.format {
        ListFormat::Json => {
            print_json(&json);
        }
        ListFormat::Text => {
            let p = |x: f64| percent(x, args.precision);
            let mut doc = Doc::new(format!("L5R: the Battle roll, {a} against {b}"));
            let net = match json.balanced {
                [0, 0] => "the bonuses cancel out".to_owned(),
                [n, 0] => format!("A rolls +{n}k0"),
                [_, n] => format!("B rolls +{n}k0"),
            };
            doc.para(format!(
                "Gathered: A {:+}k0, B {:+}k0; balanced (L5R-04): {net}.",
                json.gathered[0], json.gathered[1]
            ));
            doc.para(pool_line("A: ", &json.a));
            doc.para(pool_line("B: ", &json.b));
            doc.table(
                &["Result", "Chance"],
                vec![
                    vec![
                        "A wins (more than 5 ahead): B pushed back, loses a squad".into(),
                        p(json.a_wins),
                    ],
                    vec![
                        "tie (within 5): each side loses a squad".into(),
                        p(json.tie),
                    ],
                    vec![
                        "B wins: A pushed back, loses a squad".into(),
                        p(json.b_wins),
                    ],
                    vec![
                        "  tie, A higher: A takes the initiative".into(),
                        p(json.tie_a_higher),
                    ],
                    vec![
                        "  tie, equal totals: the initiative stays".into(),
                        p(json.tie_equal),
                    ],
                ],
            );
            doc.table(
                &["A's margin (after Raises)", "Chance"],
                json.margins
                    .iter()
                    .map(|m| {
                        let band = match (m.from, m.to) {
                            (None, Some(t)) => format!("{t} or less"),
                            (Some(f), None) => format!("{f} or more"),
                            (Some(f), Some(t)) if f == t => f.to_string(),
                            (Some(f), Some(t)) => format!("{f} to {t}"),
                            (None, None) => "any".to_owned(),
                        };
                        vec![band, p(m.chance)]
                    })
                    .collect(),
            );
            doc.para(format!(
                "Declared Raises count −5 each (A {}, B {}); only a decisive winner's take effect, \
                 formation changes are paid either way (L5R-03, L5R-33).",
                args.raises_a, args.raises_b
            ));
            doc.para(cut_line(json.cut));
            emit(&doc.to_text(out.text_style()));
        }
    }
    exit::SUCCESS
}
