//! `buntai new`, `add`, `remove` and `set`: building a roster file from the shell. After each edit
//! the new total and any new problems are shown, so a list can be built step by step.

use std::path::PathBuf;

use clap::Args;

use crate::cli::output::{
    ArmourArg, Out, emit, faction_arg, list_arg, note, open_output, write_output,
};
use crate::diag::{ProblemJson, SourceFile, Violation, exit, render};
use crate::ronin::rules::VerdictJson;
use schemars::JsonSchema;
use serde::Serialize;

use crate::cli::ListFormat;
use crate::cli::output::print_json;
use crate::files::{self, WriteError};
use crate::ronin::edit::{self, EditError};
use crate::ronin::model::{Armour, Catalogue, Mount, ScenarioId};
use crate::ronin::roster::RosterModel;
use crate::ronin::rules::{self, Options, Report};
use crate::ronin::suggest::Style;

#[derive(Debug, Args)]
pub struct NewArgs {
    /// Start a file of another system: `samurai-1550-1600` writes an army of six units,
    /// `heroic-samurai` a contingent with its leader (no faction, period or points).
    #[arg(long, value_enum, value_name = "ID")]
    pub system: Option<crate::system::SystemId>,
    /// Faction id (see `buntai factions`).
    #[arg(long, required_unless_present = "system", default_value_t = String::new(), hide_default_value = true)]
    pub faction: String,
    /// The period the Buntai is fielded in (`buntai factions --period kamakura`); default: the
    /// book's main period.
    #[arg(long, value_name = "PERIOD")]
    pub period: Option<String>,
    /// The agreed points limit.
    #[arg(long, value_name = "N")]
    pub points: Option<u32>,
    /// A name for the Buntai.
    #[arg(long)]
    pub name: Option<String>,
    /// Write to this file instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Overwrite the output file if it exists.
    #[arg(long)]
    pub force: bool,
    /// Schema path or URL for the `#:schema` line; a relative path is written beside the roster
    /// (with `-o`) when missing.
    #[arg(long, default_value = SCHEMA_FILE)]
    pub schema: String,
}

#[derive(Debug, Args)]
pub struct AddArgs {
    /// The roster file to edit.
    pub file: PathBuf,
    /// Profile id (see `buntai faction <id>`).
    pub profile: String,
    /// A weapon pick (repeatable).
    #[arg(long = "weapon", value_name = "WEAPON")]
    pub weapons: Vec<String>,
    /// An attribute to buy (repeatable).
    #[arg(long = "attribute", value_name = "ATTRIBUTE")]
    pub attributes: Vec<String>,
    /// Any other option by id (repeatable).
    #[arg(long = "option", value_name = "OPTION")]
    pub options: Vec<String>,
    /// The armour the model wears.
    #[arg(long, value_enum)]
    pub armour: Option<ArmourArg>,
    /// Mount the model (where its profile may ride).
    #[arg(long, value_enum)]
    pub mount: Option<MountArg>,
    /// Carries the banner.
    #[arg(long)]
    pub banner: bool,
    /// Marks the Leader among models of the top Rank.
    #[arg(long)]
    pub leader: bool,
    /// Ninja only: the Rank 0/1 profile it impersonates.
    #[arg(long, value_name = "PROFILE")]
    pub disguise: Option<String>,
    /// How many identical models.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=20))]
    pub count: u32,
    /// A name for the model.
    #[arg(long)]
    pub name: Option<String>,
    #[command(flatten)]
    pub how: EditHow,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum MountArg {
    /// A horse.
    Horse,
    /// A warhorse (a Warhorse's own attack).
    Warhorse,
}

#[derive(Debug, Args)]
pub struct RemoveArgs {
    /// The roster file to edit.
    pub file: PathBuf,
    /// The entry's number (1 = first `[[models]]` entry, as `buntai print` shows), the model's
    /// name, or a profile (id or name) that one entry has.
    pub which: String,
    /// Remove every model of the entry, not one of them.
    #[arg(long)]
    pub all: bool,
    #[command(flatten)]
    pub how: EditHow,
}

#[derive(Debug, Args)]
pub struct SetArgs {
    /// The roster file to edit.
    pub file: PathBuf,
    /// One of: name, points, fearsome-kiai, faction, koryu.primary, koryu.secondary (comma-separated).
    pub key: String,
    /// The new value (for koryu keys, weapon ids separated by commas).
    pub value: String,
    #[command(flatten)]
    pub how: EditHow,
}

pub fn new(out: &Out, cat: &Catalogue, args: &NewArgs) -> u8 {
    let period = args.period.as_deref();
    let result = list_arg(out, cat, &args.faction, period).and_then(|faction| {
        schema_arg(out, &args.schema)?;
        let file = open_output(out, args.output.as_deref(), args.force, &[])?;
        let (points, name) = (args.points, args.name.as_deref());
        let text = edit::new_roster(faction, period, points, name, &args.schema);
        write_output(out, file, &text)
    });
    match (result, &args.output) {
        (Err(code), _) => code,
        (Ok(()), Some(path)) => {
            write_schema_beside(out, path, &args.schema);
            note(&format!(
                "wrote {}: add models with `buntai add {} <profile>`\n",
                path.display(),
                path.display()
            ));
            exit::SUCCESS
        }
        (Ok(()), None) => exit::SUCCESS,
    }
}

pub fn add(out: &Out, cat: &Catalogue, args: &AddArgs) -> u8 {
    let model = RosterModel {
        profile: args.profile.clone(),
        count: (args.count > 1).then_some(args.count),
        name: args.name.clone(),
        weapons: args.weapons.clone(),
        attributes: args.attributes.clone(),
        armour: args.armour.map(Armour::from),
        mount: args.mount.map(|m| match m {
            MountArg::Horse => Mount::Horse,
            MountArg::Warhorse => Mount::Warhorse,
        }),
        banner: args.banner,
        leader: args.leader,
        disguise: args.disguise.clone(),
        options: args.options.clone(),
        kept: None,
    };
    apply(out, cat, &args.file, &args.how, true, |text| {
        edit::add_model(text, &model).map(|t| (t, format!("added {}", args.profile)))
    })
}

pub fn remove(out: &Out, cat: &Catalogue, args: &RemoveArgs) -> u8 {
    let names = profile_names(cat);
    apply(out, cat, &args.file, &args.how, false, |text| {
        edit::remove_model(text, &args.which, args.all, &names)
            .map(|(t, what)| (t, format!("removed {what}")))
    })
}

#[derive(Debug, Args)]
pub struct EditArgs {
    /// The roster file to edit.
    pub file: PathBuf,
    /// The entry: its number, the model's name, or a profile one entry has.
    pub which: String,
    /// The entry's weapon picks (repeatable; replaces the list).
    #[arg(long = "weapon", value_name = "WEAPON")]
    pub weapons: Vec<String>,
    /// The entry's bought attributes (repeatable; replaces the list).
    #[arg(long = "attribute", value_name = "ATTRIBUTE")]
    pub attributes: Vec<String>,
    /// The entry's other options (repeatable; replaces the list).
    #[arg(long = "option", value_name = "OPTION")]
    pub options: Vec<String>,
    /// How many identical models the entry stands for (1 to 20).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=20))]
    pub count: Option<u32>,
    /// A name to print in place of the profile.
    #[arg(long)]
    pub name: Option<String>,
    /// The armour the model wears.
    #[arg(long, value_enum)]
    pub armour: Option<ArmourArg>,
    /// Mount the model (where its profile may ride).
    #[arg(long, value_enum)]
    pub mount: Option<MountArg>,
    /// Carries the banner (`--banner false` takes it away).
    #[arg(long, num_args = 0..=1, default_missing_value = "true", value_name = "BOOL")]
    pub banner: Option<bool>,
    /// The Leader (`--leader false` takes the mark away).
    #[arg(long, num_args = 0..=1, default_missing_value = "true", value_name = "BOOL")]
    pub leader: Option<bool>,
    /// Ninja only: the profile it impersonates.
    #[arg(long, value_name = "PROFILE")]
    pub disguise: Option<String>,
    /// Remove a key from the entry: name, weapons, attributes, options, armour, mount, banner,
    /// leader, disguise, count (repeatable).
    #[arg(long, value_name = "KEY")]
    pub clear: Vec<String>,
    #[command(flatten)]
    pub how: EditHow,
}

pub fn edit_entry(out: &Out, cat: &Catalogue, args: &EditArgs) -> u8 {
    let names = profile_names(cat);
    let given = |list: &Vec<String>| (!list.is_empty()).then(|| list.clone());
    let changes = edit::EntryChanges {
        weapons: given(&args.weapons),
        attributes: given(&args.attributes),
        options: given(&args.options),
        count: args.count,
        name: args.name.clone(),
        armour: args.armour.map(|a| Armour::from(a).id().to_owned()),
        mount: args.mount.map(|m| match m {
            MountArg::Horse => Mount::Horse.id().to_owned(),
            MountArg::Warhorse => Mount::Warhorse.id().to_owned(),
        }),
        banner: args.banner,
        leader: args.leader,
        disguise: args.disguise.clone(),
        clear: args.clear.clone(),
    };
    apply(out, cat, &args.file, &args.how, true, |text| {
        edit::edit_model(text, &args.which, &changes, &names)
            .map(|(t, what)| (t, format!("edited {what}")))
    })
}

#[derive(Debug, Args)]
pub struct UndoArgs {
    /// The roster file whose last edit to undo (a second undo redoes it).
    pub file: PathBuf,
    /// `json` prints what was done and the new verdict (`buntai schema edit`).
    #[arg(long, value_enum, default_value_t = ListFormat::Text)]
    pub format: ListFormat,
}

pub fn undo(out: &Out, cat: &Catalogue, args: &UndoArgs) -> u8 {
    const WHAT: &str = "undid the last edit";
    let name = args.file.display().to_string();
    let failed = match files::undo_file(&args.file) {
        Ok(true) => None,
        Ok(false) => Some(format!(
            "`{name}` has no edit to undo (buntai keeps the text before its last edit)"
        )),
        Err(err) => Some(format!("{err}; the file is unchanged")),
    };
    let report = crate::ronin::load::read_text_file(&args.file)
        .ok()
        .map(|file| rules::validate(cat, &file, Options::default()));
    match (args.format, failed) {
        (ListFormat::Json, failed) => {
            print_json(&EditJson {
                file: name,
                done: failed.is_none(),
                dry_run: false,
                what: failed.is_none().then(|| WHAT.to_owned()),
                verdict: report
                    .filter(|_| failed.is_none())
                    .map(|r| VerdictJson::new(cat, &r)),
                error: failed.clone(),
                introduced: Vec::new(),
                text: None,
            });
            if failed.is_some() {
                exit::USAGE
            } else {
                exit::SUCCESS
            }
        }
        (ListFormat::Text, Some(message)) => {
            out.error(&message);
            exit::USAGE
        }
        (ListFormat::Text, None) => {
            if let Some(report) = report {
                let file = report.file.clone();
                summary(out, &file, &report, WHAT, false, &[]);
            }
            exit::SUCCESS
        }
    }
}

/// Profile names by id, over every faction and the Swords-for-Hire, for finding entries by name.
fn profile_names(cat: &Catalogue) -> impl Fn(&str) -> Option<String> + '_ {
    move |id: &str| {
        cat.factions
            .iter()
            .flat_map(|f| f.profiles.iter())
            .chain(cat.swords_for_hire.profiles.iter())
            .find(|p| p.id == id)
            .map(|p| p.name.clone())
    }
}

pub fn set(out: &Out, cat: &Catalogue, args: &SetArgs) -> u8 {
    apply(out, cat, &args.file, &args.how, false, |text| {
        edit::set_field(text, &args.key, &args.value)
            .map(|t| (t, format!("set {} = {}", args.key, args.value)))
    })
}

/// Read, edit, check, then write (or print, with `--dry-run`). The whole read-edit-write runs under
/// the file's lock, so concurrent edits of one roster queue. An edit that would introduce a parse,
/// unknown-name or option problem is refused and nothing is written.
fn apply(
    out: &Out,
    cat: &Catalogue,
    path: &std::path::Path,
    how: &EditHow,
    needs_faction: bool,
    edit: impl FnOnce(&str) -> Result<(String, String), EditError>,
) -> u8 {
    let dry_run = how.dry_run;
    let json = how.format == ListFormat::Json;
    let name = path.display().to_string();
    let checked = |text: &str| -> Result<(String, Checked), Refusal> {
        if needs_faction && edit::faction_id(text).is_some_and(|id| cat.faction(&id).is_none()) {
            return Err(Refusal::NoFaction);
        }
        let (edited, what) = edit(text).map_err(Refusal::Edit)?;
        let before = SourceFile::new(name.clone(), text);
        let after = SourceFile::new(name.clone(), edited.clone());
        let old = rules::validate(cat, &before, Options::default());
        let new = rules::validate(cat, &after, Options::default());
        let introduced: Vec<Violation> = new
            .violations
            .iter()
            .filter(|v| !old.violations.iter().any(|o| same(o, v)))
            .cloned()
            .collect();
        let blocking = introduced.iter().any(blocks);
        let result = Checked {
            after,
            report: new,
            what,
            introduced,
            text: None,
        };
        if blocking {
            return Err(Refusal::Invalid(Box::new(result)));
        }
        Ok((edited, result))
    };
    let outcome = if dry_run {
        crate::ronin::load::read_text_file(path)
            .map_err(|e| match e {
                crate::ronin::load::LoadError::Unreadable { reason, .. } => {
                    WriteError::Read(path.to_owned(), files::ReadError(reason))
                }
                crate::ronin::load::LoadError::Invalid(_) => {
                    WriteError::Read(path.to_owned(), files::ReadError("unreadable".to_owned()))
                }
            })
            .map(|file| {
                let (style, text) = files::LineStyle::detect(&file.text);
                checked(&text).map(|(edited, mut result)| {
                    if json {
                        result.text = Some(style.restore(&edited));
                    } else {
                        emit(&style.restore(&edited));
                    }
                    result
                })
            })
    } else {
        files::edit_file(path, checked)
    };
    let refused = |code: u8, message: String, problems: Vec<ProblemJson>| {
        if json {
            print_json(&EditJson {
                file: name.clone(),
                done: false,
                dry_run,
                what: None,
                error: Some(message),
                verdict: None,
                introduced: problems,
                text: None,
            });
        } else {
            out.error(&message);
        }
        code
    };
    let result = match outcome {
        Ok(Ok(result)) => result,
        Err(err) => return refused(exit::USAGE, format!("{err}; the file is unchanged"), vec![]),
        Ok(Err(Refusal::NoFaction)) => {
            return refused(
                exit::USAGE,
                format!(
                    "`{name}` names no faction this data knows; set one first (`buntai set {name} faction <id>`, see `buntai factions`); nothing was written"
                ),
                vec![],
            );
        }
        Ok(Err(Refusal::Edit(err @ EditError::Syntax(_)))) => {
            return refused(
                exit::PROBLEMS,
                format!("{err}; `buntai validate {name}` shows where"),
                vec![],
            );
        }
        Ok(Err(Refusal::Edit(err))) => return refused(exit::USAGE, err.to_string(), vec![]),
        Ok(Err(Refusal::Invalid(result))) => {
            let blocking: Vec<&Violation> =
                result.introduced.iter().filter(|v| blocks(v)).collect();
            let message = format!(
                "not {}: the edit would make the entry invalid; nothing was written",
                result.what
            );
            if json {
                let problems = blocking
                    .iter()
                    .map(|v| ProblemJson {
                        file: None,
                        line: None,
                        column: None,
                        ..ProblemJson::from_violation(v, &result.after)
                    })
                    .collect();
                return refused(exit::USAGE, message, problems);
            }
            // The mistake is in the command line, not in the file: say which argument, with no
            // snippet of a file line the user never wrote.
            for v in blocking {
                let problem = crate::diag::Problem::error(v.code.as_str(), &v.message)
                    .with_help(v.help.clone().unwrap_or_default());
                note(&render(&problem, out.color, out.width()));
                note(&format!(
                    "  (from the command line: {})\n\n",
                    argument_for(v)
                ));
            }
            return refused(exit::USAGE, message, vec![]);
        }
    };
    if json {
        print_json(&EditJson {
            file: name.clone(),
            done: !dry_run,
            dry_run,
            what: Some(result.what.clone()),
            error: None,
            verdict: Some(VerdictJson::new(cat, &result.report)),
            introduced: result
                .introduced
                .iter()
                .map(|v| ProblemJson::from_violation(v, &result.after))
                .collect(),
            text: result.text,
        });
        return exit::SUCCESS;
    }
    let introduced: Vec<&Violation> = result.introduced.iter().collect();
    summary(
        out,
        &result.after,
        &result.report,
        &result.what,
        dry_run,
        &introduced,
    );
    exit::SUCCESS
}

/// How an edit command reports: `--dry-run` and `--format`.
#[derive(Debug, Args)]
pub struct EditHow {
    /// Print the edited file instead of writing it.
    #[arg(long)]
    pub dry_run: bool,
    /// `json` prints what was done, the new verdict and the problems the edit introduced.
    #[arg(long, value_enum, default_value_t = ListFormat::Text)]
    pub format: ListFormat,
}

/// What an edit command did, as `--format json` prints it (`buntai schema edit`).
#[derive(Debug, Serialize, JsonSchema)]
pub struct EditJson {
    pub file: String,
    /// The file was changed.
    pub done: bool,
    pub dry_run: bool,
    /// What was changed ("added ashigaru", "removed #2 samurai").
    pub what: Option<String>,
    /// Why nothing was changed.
    pub error: Option<String>,
    /// The roster after the edit.
    pub verdict: Option<VerdictJson>,
    /// Problems the edit introduced (or, when refused, would have).
    pub introduced: Vec<ProblemJson>,
    /// The edited text, with `--dry-run`.
    pub text: Option<String>,
}

/// A problem an edit may not introduce: a parse error, an unknown name or an option the profile
/// does not allow. (Points, sizes and composition may be out while a list is being built.)
fn blocks(v: &Violation) -> bool {
    v.is_error()
        && matches!(
            v.code,
            crate::diag::Code::Parse | crate::diag::Code::Unknown | crate::diag::Code::Option
        )
}

/// The command-line argument an edit's problem came from, named as the user typed it.
fn argument_for(v: &Violation) -> &'static str {
    use crate::diag::Seg;
    let mut keys = v
        .path
        .iter()
        .flat_map(|p| p.0.iter())
        .filter_map(|s| match s {
            Seg::Key(k) => Some(k.as_str()),
            Seg::Index(_) => None,
        });
    match keys.next_back() {
        Some("weapons") => "--weapon",
        Some("attributes") => "--attribute",
        Some("options") => "--option",
        Some("armour") => "--armour",
        Some("mount") => "--mount",
        Some("disguise") => "--disguise",
        Some("banner") => "--banner",
        Some("profile") => "PROFILE",
        Some("count") => "--count",
        Some(key)
            if crate::ronin::edit::SETTABLE
                .iter()
                .any(|k| k.ends_with(key)) =>
        {
            "VALUE"
        }
        _ => "the edit",
    }
}

/// An edit made (or ready to be written) and what it changed.
struct Checked {
    after: SourceFile,
    report: Report,
    what: String,
    introduced: Vec<Violation>,
    /// The edited text, for `--dry-run --format json`.
    text: Option<String>,
}

/// Why an edit was not made.
enum Refusal {
    /// The roster names no faction the data has: nothing can be checked, so nothing is added.
    NoFaction,
    Edit(EditError),
    Invalid(Box<Checked>),
}

/// The `#:schema` line's default: a schema file beside the roster, written there when missing.
pub const SCHEMA_FILE: &str = "roster.schema.json";

/// Editors resolve a relative `#:schema` path against the roster's folder: when that file does
/// not exist yet, write the roster schema there, so editor support works with no further step.
/// An existing file is left alone; a URL or absolute path is the user's to provide.
pub fn write_schema_beside(out: &Out, roster: &std::path::Path, schema: &str) {
    let relative = std::path::Path::new(schema);
    if schema.contains("://") || relative.is_absolute() {
        return;
    }
    let dir = match roster.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => std::path::Path::new("."),
    };
    let path = dir.join(relative);
    if path.exists() {
        return;
    }
    let text = crate::cli::schema::SchemaKind::Roster.render();
    match files::write_file(&path, &text, &files::WriteOptions::default()) {
        Ok(()) => note(&format!(
            "wrote {} (the roster schema, for editors)\n",
            path.display()
        )),
        Err(err) => out.error(&format!("{err} (the roster schema, for editors)")),
    }
}

/// A `--schema` value is written into the file's first line: it must be one line of text.
fn schema_arg(out: &Out, schema: &str) -> Result<(), u8> {
    if schema.chars().any(char::is_control) {
        out.error(&format!(
            "--schema `{schema}` contains a line break or control character; give a path or URL"
        ));
        return Err(exit::USAGE);
    }
    Ok(())
}

/// The same problem before and after an edit: the same rule on the same entry (its wording may
/// change as counts change). Unspent points are left to the summary line.
fn same(a: &Violation, b: &Violation) -> bool {
    (a.rule == b.rule && a.model == b.model) || b.rule == "points-unspent"
}

fn summary(
    out: &Out,
    file: &SourceFile,
    report: &Report,
    what: &str,
    dry_run: bool,
    introduced: &[&Violation],
) {
    let verdict = if report.valid() { "LEGAL" } else { "NOT LEGAL" };
    let limit = report
        .points_limit
        .map_or(String::new(), |l| format!(" / {l}"));
    let dry = if dry_run {
        " (dry run: nothing written)"
    } else {
        ""
    };
    note(&format!(
        "{what}{dry}: {}, {}{limit} points, {verdict}\n",
        crate::diag::plural(report.models, "model"),
        report.points_total
    ));
    for v in introduced {
        note(&render(&v.to_problem(file), out.color, out.width()));
    }
    let remaining = report.violations.iter().filter(|v| v.is_error()).count();
    if remaining > introduced.iter().filter(|v| v.is_error()).count() {
        note(&format!(
            "({} in all: `buntai validate {}`)\n",
            crate::diag::plural(u32::try_from(remaining).unwrap_or(u32::MAX), "problem"),
            file.name
        ));
    }
}

#[derive(Debug, Args)]
pub struct SuggestArgs {
    /// Suggest for another system: `samurai-1550-1600` rolls a random army on the OHW-03 table
    /// (the seed picks the roll; no faction or points); `heroic-samurai` builds a contingent of
    /// `--size` elements in a `--style`.
    #[arg(long, value_enum, value_name = "ID")]
    pub system: Option<crate::system::SystemId>,
    /// Faction id (see `buntai factions`).
    #[arg(long, required_unless_present = "system", default_value_t = String::new(), hide_default_value = true)]
    pub faction: String,
    /// The points to spend.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=2000),
          required_unless_present = "system", default_value_t = 1, hide_default_value = true)]
    pub points: u32,
    /// Seed for the search: the same seed gives the same Buntai.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Heroic Samurai: elements in the contingent (1-12; 6 when absent).
    #[arg(long, value_name = "N")]
    pub size: Option<u32>,
    /// What kind of list to favour.
    #[arg(long, value_enum, default_value_t = Style::Balanced)]
    pub style: Style,
    /// Search for the list that wins most often against these rosters (each met in both seats,
    /// both sides played by the default AI) instead of taking the first legal list built; prints
    /// its win rate next to the plain suggestion's.
    #[arg(long, num_args = 1.., value_name = "ROSTER")]
    pub against: Vec<PathBuf>,
    /// The scenario the search plays (with `--against`).
    #[arg(long, value_enum, default_value_t = ScenarioId::Skirmish, requires = "against")]
    pub scenario: ScenarioId,
    /// Games the search may play (with `--against`): a quarter checks the chosen list against
    /// the plain one on fresh games. The same seed and budget give the same list.
    #[arg(long, value_name = "N", default_value_t = 4000, requires = "against",
          value_parser = clap::value_parser!(u64).range(100..=10_000_000))]
    pub budget_games: u64,
    /// Stop the search after this many seconds (with `--against`); the list found then depends
    /// on the machine's speed.
    #[arg(long, value_name = "SECONDS", requires = "against", value_parser = seconds)]
    pub budget: Option<f64>,
    /// Write to this file instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Overwrite the output file if it exists.
    #[arg(long)]
    pub force: bool,
    /// Schema path or URL for the `#:schema` line; a relative path is written beside the roster
    /// (with `-o`) when missing.
    #[arg(long, default_value = SCHEMA_FILE)]
    pub schema: String,
    /// `json` prints the suggestion as data (`buntai schema suggestion`); the roster file is still
    /// written with `-o`.
    #[arg(long, value_enum, default_value_t = ListFormat::Text)]
    pub format: ListFormat,
}

/// A suggested Buntai, as `suggest --format json` prints it.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SuggestionJson {
    pub faction: crate::ronin::rules::FactionRef,
    /// The points asked for.
    pub points: u32,
    pub seed: u64,
    pub style: String,
    pub verdict: VerdictJson,
    /// The roster, as its file would say.
    pub roster: crate::ronin::roster::Roster,
    /// The roster file's text.
    pub text: String,
    /// With `--against`: how the list was chosen and how it does against the plain suggestion.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub search: Option<super::optimise::SearchJson>,
}

/// A positive number of seconds.
fn seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s > 0.0 && s.is_finite() && s < 1e9 => Ok(s),
        _ => Err("expected a positive number of seconds, such as 30 or 2.5".to_owned()),
    }
}

pub fn suggest(out: &Out, cat: &Catalogue, args: &SuggestArgs) -> u8 {
    let faction = match faction_arg(out, cat, &args.faction) {
        Ok(f) => f,
        Err(code) => return code,
    };
    if let Err(code) = schema_arg(out, &args.schema) {
        return code;
    }
    let file = match open_output(out, args.output.as_deref(), args.force, &[]) {
        Ok(file) => file,
        Err(code) => return code,
    };
    let Some(roster) =
        crate::ronin::suggest::suggest(cat, faction, args.points, args.seed, args.style)
    else {
        out.error(&format!(
            "no legal {} Buntai of at most {} points was found",
            faction.name, args.points
        ));
        return exit::USAGE;
    };
    let style = args.style.name().to_owned();
    let (roster, name, search) = if args.against.is_empty() {
        let name = format!("Suggested {} ({style}, seed {})", faction.name, args.seed);
        (roster, name, None)
    } else {
        match super::optimise::search(out, cat, faction, roster, args) {
            Ok(found) => (found.roster, found.name, Some(found.search)),
            Err(code) => return code,
        }
    };
    let text = match roster_text(faction, &roster, Some(&name), &args.schema) {
        Ok(text) => text,
        Err(err) => {
            out.error(&err.to_string());
            return exit::PROBLEMS;
        }
    };
    let json = args.format == ListFormat::Json;
    match file {
        Some(file) => {
            if let Err(code) = write_output(out, Some(file), &text) {
                return code;
            }
        }
        None if !json => emit(&text),
        None => {}
    }
    if let Some(path) = &args.output {
        write_schema_beside(out, path, &args.schema);
    }
    let source_name = args
        .output
        .as_ref()
        .map_or_else(|| "suggestion".to_owned(), |p| p.display().to_string());
    let report = rules::validate(
        cat,
        &SourceFile::new(source_name, text.clone()),
        Options::default(),
    );
    if json {
        let mut roster = roster;
        roster.name = Some(name);
        return print_json(&SuggestionJson {
            faction: crate::ronin::rules::FactionRef {
                id: faction.id.clone(),
                name: faction.name.clone(),
            },
            points: args.points,
            seed: args.seed,
            style,
            verdict: VerdictJson::new(cat, &report),
            roster,
            text,
            search,
        });
    }
    note(&format!(
        "{}, {} / {} points, {}\n",
        crate::diag::plural(report.models, "model"),
        report.points_total,
        args.points,
        if report.valid() { "LEGAL" } else { "NOT LEGAL" }
    ));
    if let Some(search) = &search {
        note(&super::optimise::summary(search, out.width()));
    }
    exit::SUCCESS
}

/// A roster as a file: the `new` header, the Buntai-wide choices, then one entry per model.
pub fn roster_text(
    faction: &crate::ronin::model::Faction,
    roster: &crate::ronin::roster::Roster,
    name: Option<&str>,
    schema: &str,
) -> Result<String, EditError> {
    let period = roster.period.as_deref();
    let mut text = edit::new_roster(faction, period, roster.points, name, schema);
    if let Some(kiai) = roster.fearsome_kiai.filter(|&k| k > 0) {
        text = edit::set_field(&text, "fearsome-kiai", &kiai.to_string())?;
    }
    if let Some(k) = &roster.koryu {
        text = edit::set_field(&text, "koryu.primary", &k.primary)?;
        text = edit::set_field(&text, "koryu.secondary", &k.secondary.join(","))?;
    }
    for model in &roster.models {
        text = edit::add_model(&text, model)?;
    }
    Ok(text)
}
