//! The command line: clap definitions, and the only place that prints or decides exit codes.

pub(crate) mod output;
pub(crate) mod schema;
mod shell;
pub mod systems;

use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};

use crate::diag::{self, exit};
use crate::heroic;
use crate::l5r;
use crate::ronin::cli::{
    build, campaign, catalogue, data, event, import, odds, options, print, replay, simulate, table,
    validate,
};
use crate::ronin::load::{self, DataSource, LoadError};
use crate::ronin::model::Catalogue;
use crate::samurai;
use crate::system::SystemId;

pub use output::{ColorChoice, Format, Out};
pub use schema::SchemaKind;

/// Build, check and print Buntai (warbands) for Ronin, the samurai skirmish wargame.
#[derive(Debug, Parser)]
#[command(
    name = "buntai",
    version,
    about,
    long_about = None,
    propagate_version = true,
    after_help = shell::EXIT_STATUS
)]
pub struct Cli {
    /// Load game data from this folder instead of the data built into the binary.
    #[arg(long, global = true, value_name = "DIR")]
    pub data: Option<PathBuf>,

    /// When to colour output; NO_COLOR in the environment also turns colour off.
    #[arg(long, global = true, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,

    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check roster files against every rule of their faction.
    #[command(
        after_help = "Examples:\n  buntai validate examples/bushi-sample-100.toml\n  buntai validate *.toml --format json\n  buntai validate list.toml --master 400 --game 150"
    )]
    Validate(validate::ValidateArgs),
    /// Print a roster sheet: terminal table, Markdown, print-ready HTML or JSON.
    #[command(
        after_help = "Examples:\n  buntai print raiders.toml\n  buntai print raiders.toml --format html -o raiders.html\n  buntai print raiders.toml --format share"
    )]
    Print(print::PrintArgs),
    /// Start a new roster file.
    New(build::NewArgs),
    /// Add a model to a roster file.
    #[command(
        after_help = "Examples:\n  buntai add raiders.toml ashigaru --weapon yari --count 2\n  buntai add raiders.toml samurai --attribute kenjutsu --leader"
    )]
    Add(build::AddArgs),
    /// Remove a model from a roster file, by number, name or profile.
    Remove(build::RemoveArgs),
    /// Change one entry of a roster file in place (weapons, attributes, options, count, name ...).
    #[command(
        after_help = "Examples:\n  buntai edit raiders.toml 2 --weapon yumi --count 3\n  buntai edit raiders.toml Taro --attribute kenjutsu --clear name"
    )]
    Edit(build::EditArgs),
    /// Undo the last edit of a roster file (again to redo it).
    Undo(build::UndoArgs),
    /// Change a top-level setting of a roster file (points, name, fearsome-kiai, Koryu weapons).
    Set(build::SetArgs),
    /// Read a pasted list (the share text of `print --format share`, or TOML) into a roster file.
    #[command(
        after_help = "Examples:\n  buntai print a.toml --format share | buntai import - -o copy.toml\n  buntai import pasted.txt -o theirs.toml"
    )]
    Import(import::ImportArgs),
    /// Build a legal Buntai for a faction and points limit, printed as a roster file.
    Suggest(build::SuggestArgs),
    /// What a roster may still take: points and models left, what each rule still allows, the
    /// models that may join and the options the models there may take.
    Options(options::OptionsArgs),
    /// Exact odds of one melee attack or one shot (Ronin), or of one combat, one volley or a
    /// reaction (Samurai 1550-1600).
    #[command(
        after_help = "Examples:\n  buntai odds melee --attacker bushi/samurai --defender bushi/ashigaru\n  buntai odds --system samurai-1550-1600 combat --attacker foot-samurai --defender ashigaru\n  buntai odds --system samurai-1550-1600 reaction --units 6 --activate 4"
    )]
    Odds {
        /// The system whose odds to work out (Ronin's `melee` and `shoot`; Samurai 1550-1600's
        /// `combat`, `volley` and `reaction`; Heroic Samurai's `melee`, `shoot`, `duel` and
        /// `morale`: `buntai odds --system heroic-samurai --help`).
        #[arg(long, value_enum, value_name = "ID")]
        system: Option<SystemId>,
        #[command(subcommand)]
        command: OddsCommand,
    },
    /// Play whole games between two rosters on the table, in any scenario, and report the results
    /// with 95% intervals (one game: that game's result). Samurai 1550-1600 armies play on the
    /// 6 x 6 grid; their yardstick is `--policy-b charge`. Heroic Samurai contingents play Clan
    /// Feuds on a table in millimetres (`--side a=x.toml,y.toml` for several a side); their
    /// yardstick is `charge` too.
    #[command(
        after_help = "Examples:\n  buntai simulate a.toml b.toml --games 1000 --seed 7\n  buntai simulate a.toml b.toml --scenario capture --swap\n  buntai simulate a.toml b.toml --games 1 --log game.jsonl --replay game.html\n  buntai simulate takeda.toml oda.toml --games 2000 --swap --policy-b charge   # Samurai 1550-1600\n  buntai simulate matsuda.toml kono.toml --replay game.html --report report.html   # Heroic Samurai"
    )]
    Simulate(simulate::SimulateArgs),
    /// Turn a game's log (`simulate --log`, any scenario) into an HTML page to step through.
    #[command(
        after_help = "Examples:\n  buntai simulate a.toml b.toml --log game.jsonl\n  buntai replay game.jsonl -o game.html"
    )]
    Replay(replay::ReplayArgs),
    /// Set up a table by seed (size, terrain, weather, time of day, deployment zones) or check a
    /// table file, and show it as text, JSON or an SVG picture to scale.
    #[command(
        after_help = "Examples:\n  buntai table --points 200 --seed 7 --format svg -o table.svg\n  buntai table --table my-table.toml\n  buntai table --scenario duel --deployment corner --format json"
    )]
    Table(table::TableArgs),
    /// List the factions with their morale, hires and profiles.
    Factions {
        /// List one period's lists and what each changes (`kamakura`, `late-edo`; default: the
        /// book's main period).
        #[arg(long, value_name = "PERIOD")]
        period: Option<String>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = ListFormat::Text)]
        format: ListFormat,
    },
    /// Show one faction's full model list, options, composition and special rules.
    Faction {
        /// Faction id, e.g. `bushi` (see `buntai factions`).
        id: String,
        /// Show the faction's list in another period (`buntai factions --period kamakura`).
        #[arg(long, value_name = "PERIOD")]
        period: Option<String>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// List every ruling the data and the validator follow.
    Rulings {
        /// One ruling (`R-16`, `P-09`, `OHW-12`) or a rule id a diagnostic names
        /// (`bushi-rank12-per-rank3`).
        id: Option<String>,
        /// The system whose rulings to list (an `OHW-` id picks Samurai 1550-1600 by itself).
        #[arg(long, value_enum, value_name = "ID")]
        system: Option<SystemId>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = ListFormat::Text)]
        format: ListFormat,
    },
    /// List the book's scenarios, or show one: set-up, length, victory, special rules.
    Scenarios {
        /// One scenario (`capture`, `defend-the-village`, ...).
        #[arg(value_enum)]
        id: Option<crate::ronin::model::ScenarioId>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = ListFormat::Text)]
        format: ListFormat,
    },
    /// Campaigns: master rosters, small Buntai, experience, promotion, the
    /// final, and whole campaigns played by the engine.
    Campaign {
        #[command(subcommand)]
        command: campaign::CampaignCommand,
    },
    /// Tournament events: Swiss rounds, results, standings, the larger-roster variant,
    /// and whole events played by the engine.
    Event {
        #[command(subcommand)]
        command: event::EventCommand,
    },
    /// List the game systems Buntai serves, and what each command does for each.
    Systems {
        /// Output format.
        #[arg(long, value_enum, default_value_t = ListFormat::Text)]
        format: ListFormat,
    },
    /// Work with the game data itself.
    Data {
        #[command(subcommand)]
        command: DataCommand,
    },
    /// Print the JSON Schema of a file format.
    Schema {
        /// Which format.
        #[arg(value_enum)]
        kind: SchemaKind,
    },
    /// Print a shell completion script.
    Completions {
        /// The shell to complete for.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff), or write one page per command into a folder.
    Man {
        /// Write `buntai.1` and a page per command (`buntai-validate.1`, ...) into this folder.
        #[arg(long, value_name = "DIR")]
        dir: Option<PathBuf>,
        /// Overwrite existing pages in DIR.
        #[arg(long)]
        force: bool,
    },
}

#[derive(Debug, Subcommand)]
pub enum OddsCommand {
    #[command(flatten)]
    Ronin(odds::OddsCommand),
    /// Samurai 1550-1600: one close combat, every modifier and Palisades included.
    Combat(samurai::cli::CombatArgs),
    /// Samurai 1550-1600: one Ashigaru volley, with cover, Cannon and Tate.
    Volley(samurai::cli::VolleyArgs),
    /// Samurai 1550-1600: the chance of the opponent's reaction in a player turn.
    Reaction(samurai::cli::ReactionArgs),
}

#[derive(Debug, Subcommand)]
pub enum DataCommand {
    /// Load and cross-check the data (embedded, or `--data DIR`); exit 0 when clean.
    Check {
        /// Check another system's data (`samurai-1550-1600`: `DIR/samurai-1550-1600/` with
        /// `--data DIR`, the built-in files otherwise).
        #[arg(long, value_enum, value_name = "ID")]
        system: Option<SystemId>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = ListFormat::Text)]
        format: ListFormat,
    },
}

/// Output formats for listings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ListFormat {
    /// Text for the terminal.
    Text,
    /// JSON for tools (each output's schema: `buntai schema KIND`).
    Json,
}

/// Parse the process arguments, run, and return the exit code.
pub fn main() -> u8 {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    // clap prints its own usage errors before `--color` is parsed: tell it the choice up front.
    let color = match color_arg(&args) {
        Some(ColorChoice::Never) => clap::ColorChoice::Never,
        Some(ColorChoice::Always) => clap::ColorChoice::Always,
        _ if !output::color_allowed() => clap::ColorChoice::Never,
        _ => clap::ColorChoice::Auto,
    };
    let width = output::output_width(std::io::IsTerminal::is_terminal(&std::io::stdout()));
    // Heroic Samurai's and L5R's odds have their own subcommands: parse them on their own.
    if let Some(odds_args) = own_odds_args(&args, SystemId::L5r) {
        let parsed = match parse_with::<l5r::cli::OddsCli>(&odds_args, color, width) {
            Ok(parsed) => parsed,
            Err(code) => return code,
        };
        let out = Out::new(parsed.globals.color);
        return finish(l5r::cli::odds(&out, &parsed.command));
    }
    if let Some(odds_args) = own_odds_args(&args, SystemId::Heroic) {
        let parsed = match parse_with::<heroic::cli::OddsCli>(&odds_args, color, width) {
            Ok(parsed) => parsed,
            Err(code) => return code,
        };
        let out = Out::new(parsed.globals.color);
        let code = heroic::cli::with_data(&out, parsed.globals.data.as_deref(), |d| {
            heroic::cli::odds(&out, d, &parsed.command)
        });
        return finish(code);
    }
    let cli = match parse_with::<Cli>(&args, color, width) {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    finish(run(cli))
}

/// Parse arguments with clap, printing its usage error or help the way the terminal wants.
fn parse_with<P: clap::Parser>(
    args: &[std::ffi::OsString],
    color: clap::ColorChoice,
    width: u16,
) -> Result<P, u8> {
    let parsed = P::command()
        .color(color)
        .term_width(usize::from(width))
        .try_get_matches_from(args)
        .and_then(|matches| P::from_arg_matches(&matches));
    match parsed {
        Ok(p) => Ok(p),
        Err(err) => {
            let code = if err.use_stderr() {
                exit::USAGE
            } else {
                exit::SUCCESS
            };
            use std::io::IsTerminal;
            let terminal = if err.use_stderr() {
                std::io::stderr().is_terminal()
            } else {
                std::io::stdout().is_terminal()
            };
            let rendered = match color {
                clap::ColorChoice::Always => err.render().ansi().to_string(),
                clap::ColorChoice::Auto if terminal => err.render().ansi().to_string(),
                _ => err.render().to_string(),
            };
            if err.use_stderr() {
                output::note(&rendered);
            } else {
                output::emit(&rendered);
            }
            Err(code)
        }
    }
}

/// `buntai [GLOBAL...] odds ... --system ID ...` for a system with its own odds parser: the
/// arguments without `odds`; `None` for any other command line.
fn own_odds_args(args: &[std::ffi::OsString], system: SystemId) -> Option<Vec<std::ffi::OsString>> {
    let text: Vec<Option<&str>> = args.iter().map(|a| a.to_str()).collect();
    let mut i = 1;
    // Skip global options before the command.
    while let Some(Some(arg)) = text.get(i) {
        match *arg {
            "--data" | "--color" => i += 2,
            a if a.starts_with("--data=") || a.starts_with("--color=") => i += 1,
            _ => break,
        }
    }
    if text.get(i).copied().flatten() != Some("odds") {
        return None;
    }
    let named = text
        .windows(2)
        .any(|w| w[0] == Some("--system") && w[1] == Some(system.id()))
        || text
            .iter()
            .any(|a| a.is_some_and(|a| a == format!("--system={}", system.id())));
    named.then(|| {
        args.iter()
            .enumerate()
            .filter(|&(k, _)| k != i)
            .map(|(_, a)| a.clone())
            .collect()
    })
}

/// The exit code, unless standard output failed.
fn finish(code: u8) -> u8 {
    match output::stdout_failure() {
        // A full disk or a failing device: the output is incomplete, whatever the command did.
        Some(reason) => {
            output::note(&format!(
                "error: cannot write to standard output: {reason}\n"
            ));
            exit::USAGE
        }
        None => code,
    }
}

/// The `--color` value on the command line, if any (the last one wins, as clap reads it).
fn color_arg(args: &[std::ffi::OsString]) -> Option<ColorChoice> {
    let mut choice = None;
    let mut iter = args.iter().filter_map(|a| a.to_str());
    while let Some(arg) = iter.next() {
        let value = match arg.strip_prefix("--color") {
            Some("") => iter.next(),
            Some(rest) => rest.strip_prefix('='),
            None => continue,
        };
        choice = value
            .and_then(|v| ColorChoice::from_str(v, true).ok())
            .or(choice);
    }
    choice
}

pub fn run(cli: Cli) -> u8 {
    let out = Out::new(cli.color);
    let source = match &cli.data {
        Some(dir) => DataSource::Dir(dir.clone()),
        None => DataSource::Embedded,
    };
    // Ronin's roster editors never touch another system's file.
    let edited: Option<(&str, &std::path::Path)> = match &cli.command {
        Command::Add(a) => Some(("add", &a.file)),
        Command::Remove(a) => Some(("remove", &a.file)),
        Command::Edit(a) => Some(("edit", &a.file)),
        Command::Undo(a) => Some(("undo", &a.file)),
        Command::Set(a) => Some(("set", &a.file)),
        Command::Options(a) => Some(("options", &a.roster)),
        _ => None,
    };
    if let Some((verb, file)) = edited {
        match systems::of_files(&out, &[file.to_path_buf()]) {
            Err(code) => return code,
            Ok(SystemId::Samurai1550) => return samurai::cli::lacks(&out, verb),
            Ok(SystemId::Heroic) => return heroic::cli::lacks(&out, verb),
            Ok(SystemId::L5r) => return l5r::cli::lacks(&out, verb),
            Ok(SystemId::Ronin) => {}
        }
    }
    match cli.command {
        Command::Completions { shell } => {
            with_catalogue(&out, &source, |cat| shell::completions(cat, shell))
        }
        Command::Man { dir, force } => shell::man(&out, dir.as_deref(), force),
        Command::Schema { kind } => schema::print(kind),
        Command::Data {
            command:
                DataCommand::Check {
                    system: Some(SystemId::Samurai1550),
                    format,
                },
        } => samurai::cli::with_data(&out, cli.data.as_deref(), |d| {
            samurai::cli::data_check(d, format)
        }),
        Command::Data {
            command:
                DataCommand::Check {
                    system: Some(SystemId::Heroic),
                    format,
                },
        } => heroic::cli::with_data(&out, cli.data.as_deref(), |d| {
            heroic::cli::data_check(d, format)
        }),
        Command::Data {
            command:
                DataCommand::Check {
                    system: Some(SystemId::L5r),
                    format,
                },
        } => l5r::cli::with_data(&out, cli.data.as_deref(), |d| {
            l5r::cli::data_check(d, format)
        }),
        Command::Data {
            command: DataCommand::Check { format, .. },
        } => data::check(&out, &source, format),
        Command::Systems { format } => systems::list(&out, format),
        Command::Validate(args) => match systems::of_files(&out, &args.files) {
            Err(code) => code,
            Ok(SystemId::Heroic) => heroic::cli::with_data(&out, cli.data.as_deref(), |d| {
                heroic::cli::validate(&out, d, &args.files, &args.sides, args.format)
            }),
            Ok(_) if !args.sides.is_empty() => {
                out.error(
                    "--sides is Heroic Samurai's: it checks the sides of a game of contingents",
                );
                exit::USAGE
            }
            Ok(SystemId::Samurai1550) => samurai::cli::with_data(&out, cli.data.as_deref(), |d| {
                samurai::cli::validate(&out, d, &args.files, args.format)
            }),
            Ok(SystemId::L5r) => l5r::cli::with_data(&out, cli.data.as_deref(), |d| {
                l5r::cli::validate(&out, d, &args.files, args.format)
            }),
            Ok(SystemId::Ronin) => {
                with_catalogue(&out, &source, |cat| validate::run(&out, cat, &args))
            }
        },
        Command::Print(args) => match systems::of_files(&out, args.roster.as_slice()) {
            Err(code) => code,
            Ok(SystemId::L5r) => {
                let kind = match sheet_kind(&args) {
                    Ok(kind) => kind,
                    Err(verb) => return systems::lacks(&out, SystemId::L5r, verb),
                };
                let Some(path) = args.roster.as_deref() else {
                    return systems::lacks(&out, SystemId::L5r, "print --campaign");
                };
                l5r::cli::with_data(&out, cli.data.as_deref(), |d| {
                    l5r::cli::print(
                        &out,
                        d,
                        path,
                        kind,
                        args.output.as_deref(),
                        args.force,
                        args.players,
                    )
                })
            }
            Ok(system) if args.players => {
                out.error(&format!(
                    "--players is for an L5R battle sheet; {} sheets have no hidden zones",
                    system.name()
                ));
                exit::USAGE
            }
            Ok(system @ (SystemId::Samurai1550 | SystemId::Heroic)) => {
                let kind = match sheet_kind(&args) {
                    Ok(kind) => kind,
                    Err(verb) => return systems::lacks(&out, system, verb),
                };
                let Some(path) = args.roster.as_deref() else {
                    return systems::lacks(&out, system, "print --campaign");
                };
                if system == SystemId::Heroic {
                    return heroic::cli::with_data(&out, cli.data.as_deref(), |d| {
                        heroic::cli::print(&out, d, path, kind, args.output.as_deref(), args.force)
                    });
                }
                samurai::cli::with_data(&out, cli.data.as_deref(), |d| {
                    samurai::cli::print(&out, d, path, kind, args.output.as_deref(), args.force)
                })
            }
            Ok(SystemId::Ronin) => {
                with_catalogue(&out, &source, |cat| print::run(&out, cat, &args))
            }
        },
        Command::New(args) if args.system == Some(SystemId::Samurai1550) => {
            samurai::cli::with_data(&out, cli.data.as_deref(), |d| {
                samurai::cli::new(&out, d, &args)
            })
        }
        Command::New(args) if args.system == Some(SystemId::L5r) => l5r::cli::new(&out, &args),
        Command::New(args) if args.system == Some(SystemId::Heroic) => {
            heroic::cli::new(&out, &args)
        }
        Command::New(args) => with_catalogue(&out, &source, |cat| build::new(&out, cat, &args)),
        Command::Add(args) => with_catalogue(&out, &source, |cat| build::add(&out, cat, &args)),
        Command::Remove(args) => {
            with_catalogue(&out, &source, |cat| build::remove(&out, cat, &args))
        }
        Command::Edit(args) => {
            with_catalogue(&out, &source, |cat| build::edit_entry(&out, cat, &args))
        }
        Command::Undo(args) => with_catalogue(&out, &source, |cat| build::undo(&out, cat, &args)),
        Command::Set(args) => with_catalogue(&out, &source, |cat| build::set(&out, cat, &args)),
        Command::Import(args) => with_catalogue(&out, &source, |cat| import::run(&out, cat, &args)),
        Command::Suggest(args) if args.system == Some(SystemId::Samurai1550) => {
            samurai::cli::with_data(&out, cli.data.as_deref(), |d| {
                samurai::cli::suggest(&out, d, args.seed, args.output.as_deref(), args.force)
            })
        }
        Command::Suggest(args) if args.system == Some(SystemId::Heroic) => {
            heroic::cli::with_data(&out, cli.data.as_deref(), |d| {
                heroic::cli::suggest(
                    &out,
                    d,
                    args.size.unwrap_or(6),
                    args.style,
                    args.seed,
                    args.output.as_deref(),
                    args.force,
                )
            })
        }
        Command::Suggest(args) if args.size.is_some() => {
            out.error(
                "--size is Heroic Samurai's (elements in a contingent); Ronin takes --points",
            );
            exit::USAGE
        }
        Command::Suggest(args) => {
            with_catalogue(&out, &source, |cat| build::suggest(&out, cat, &args))
        }
        Command::Options(args) => {
            with_catalogue(&out, &source, |cat| options::run(&out, cat, &args))
        }
        Command::Replay(args) if l5r::replay::is_log(&args.log) => {
            l5r::cli::with_data(&out, cli.data.as_deref(), |d| {
                l5r::replay::run(&out, d, &args.log, args.output.as_deref(), args.force)
            })
        }
        Command::Replay(args) if heroic::replay::is_log(&args.log) => {
            heroic::cli::with_data(&out, cli.data.as_deref(), |d| {
                heroic::replay::run(&out, d, &args.log, args.output.as_deref(), args.force)
            })
        }
        Command::Replay(args) if samurai::replay::is_log(&args.log) => {
            samurai::cli::with_data(&out, cli.data.as_deref(), |d| {
                samurai::replay::run(&out, d, &args.log, args.output.as_deref(), args.force)
            })
        }
        Command::Replay(args) => with_catalogue(&out, &source, |cat| replay::run(&out, cat, &args)),
        Command::Table(args) => with_catalogue(&out, &source, |cat| table::run(&out, cat, &args)),
        Command::Odds { system, command } => match (system, command) {
            (Some(SystemId::Samurai1550), OddsCommand::Ronin(_)) => {
                out.error(
                    "Samurai 1550-1600's odds are `combat`, `volley` and `reaction` \
                     (`buntai odds --help`)",
                );
                exit::USAGE
            }
            (Some(SystemId::Heroic), _) => {
                out.error(
                    "Heroic Samurai's odds are `melee`, `shoot`, `duel` and `morale` \
                     (`buntai odds --system heroic-samurai --help`)",
                );
                exit::USAGE
            }
            (Some(SystemId::L5r), _) => {
                out.error(
                    "L5R's odds are `roll`, `contest` and `battle` \
                     (`buntai odds --system l5r-mass-battle --help`)",
                );
                exit::USAGE
            }
            (Some(SystemId::Ronin), OddsCommand::Ronin(command))
            | (None, OddsCommand::Ronin(command)) => {
                with_catalogue(&out, &source, |cat| odds::run(&out, cat, &command))
            }
            (Some(SystemId::Ronin), _) => {
                out.error("Ronin's odds are `melee` and `shoot` (`buntai odds --help`)");
                exit::USAGE
            }
            (_, OddsCommand::Reaction(args)) => samurai::cli::odds_reaction(&out, &args),
            (_, OddsCommand::Combat(args)) => {
                samurai::cli::with_data(&out, cli.data.as_deref(), |d| {
                    samurai::cli::odds_combat(&out, d, &args)
                })
            }
            (_, OddsCommand::Volley(args)) => {
                samurai::cli::with_data(&out, cli.data.as_deref(), |d| {
                    samurai::cli::odds_volley(&out, d, &args)
                })
            }
        },
        Command::Campaign { command } => {
            with_catalogue(&out, &source, |cat| campaign::run(&out, cat, &command))
        }
        Command::Event { command } => {
            with_catalogue(&out, &source, |cat| event::run(&out, cat, &command))
        }
        Command::Simulate(args) => {
            let sided: Vec<PathBuf> = args
                .side
                .iter()
                .filter_map(|s| heroic::contingent::parse_side(s).ok())
                .flat_map(|s| s.files.into_iter().map(PathBuf::from))
                .collect();
            let files: Vec<PathBuf> = args
                .a
                .iter()
                .chain(&args.b)
                .chain(&args.field)
                .chain(&sided)
                .cloned()
                .collect();
            match systems::of_files(&out, &files) {
                Err(code) => code,
                Ok(SystemId::L5r) => l5r::cli::with_data(&out, cli.data.as_deref(), |d| {
                    l5r::simulate::run(&out, d, &args)
                }),
                Ok(SystemId::Samurai1550) => {
                    samurai::cli::with_data(&out, cli.data.as_deref(), |d| {
                        samurai::simulate::run(&out, d, &args)
                    })
                }
                Ok(SystemId::Heroic) => heroic::cli::with_data(&out, cli.data.as_deref(), |d| {
                    heroic::simulate::run(&out, d, &args, &args.side)
                }),
                Ok(_) if !args.side.is_empty() => {
                    out.error("--side is Heroic Samurai's: a side of several contingent files");
                    exit::USAGE
                }
                Ok(SystemId::Ronin) if args.first.is_some() => {
                    out.error(
                        "--first is Samurai 1550-1600's (OHW-02); Ronin rolls for priority every turn",
                    );
                    crate::diag::exit::USAGE
                }
                Ok(SystemId::Ronin) => {
                    with_catalogue(&out, &source, |cat| simulate::run(&out, cat, &args))
                }
            }
        }
        Command::Factions { period, format } => with_catalogue(&out, &source, |cat| {
            catalogue::factions(&out, cat, period.as_deref(), format)
        }),
        Command::Faction { id, period, format } => with_catalogue(&out, &source, |cat| {
            catalogue::faction(&out, cat, &id, period.as_deref(), format)
        }),
        Command::Scenarios { id, format } => with_catalogue(&out, &source, |cat| {
            catalogue::scenarios(&out, cat, id, format)
        }),
        Command::Rulings { id, system, format }
            if system == Some(SystemId::Samurai1550)
                || (system.is_none()
                    && id
                        .as_deref()
                        .is_some_and(|i| i.to_ascii_uppercase().starts_with("OHW-"))) =>
        {
            samurai::cli::with_data(&out, cli.data.as_deref(), |d| {
                samurai::cli::rulings(&out, d, id.as_deref(), format)
            })
        }
        Command::Rulings { id, system, format }
            if system == Some(SystemId::Heroic)
                || (system.is_none()
                    && id
                        .as_deref()
                        .is_some_and(|i| i.to_ascii_uppercase().starts_with("HS-"))) =>
        {
            heroic::cli::with_data(&out, cli.data.as_deref(), |d| {
                heroic::cli::rulings(&out, d, id.as_deref(), format)
            })
        }
        Command::Rulings { id, system, format }
            if system == Some(SystemId::L5r)
                || (system.is_none()
                    && id
                        .as_deref()
                        .is_some_and(|i| i.to_ascii_uppercase().starts_with("L5R-"))) =>
        {
            l5r::cli::with_data(&out, cli.data.as_deref(), |d| {
                l5r::cli::rulings(&out, d, id.as_deref(), format)
            })
        }
        Command::Rulings { id, format, .. } => with_catalogue(&out, &source, |cat| match id {
            Some(id) => catalogue::ruling(&out, cat, &id, format),
            None => catalogue::rulings(&out, cat, format),
        }),
    }
}

/// The sheet format another system's `print` was asked for, or the verb it lacks.
fn sheet_kind(args: &print::PrintArgs) -> Result<samurai::cli::SheetKind, &'static str> {
    use crate::ronin::cli::print::SheetFormat;
    use samurai::cli::SheetKind;
    match args.format {
        SheetFormat::Text => Ok(SheetKind::Text),
        SheetFormat::Markdown => Ok(SheetKind::Markdown),
        SheetFormat::Html => Ok(SheetKind::Html),
        SheetFormat::Json => Ok(SheetKind::Json),
        SheetFormat::Share => Err("print --format share"),
        SheetFormat::Cards => Err("print --format cards"),
    }
}

/// Load the data, reporting any problem, then run `f` on it.
fn with_catalogue(out: &Out, source: &DataSource, f: impl FnOnce(&Catalogue) -> u8) -> u8 {
    match load::load(source) {
        Ok(cat) => f(&cat),
        Err(err) => report_load_error(out, &err),
    }
}

/// Print why the data did not load and return the matching exit code.
pub(crate) fn report_load_error(out: &Out, err: &LoadError) -> u8 {
    match err {
        LoadError::Unreadable { path, reason } => {
            out.error(&format!("cannot read `{}`: {reason}", path.display()));
            exit::USAGE
        }
        LoadError::Invalid(problems) => {
            output::note(&diag::render_all(problems, out.color, out.width()));
            let errors = problems.iter().filter(|p| p.is_error()).count();
            out.error(&format!(
                "the game data has {errors} problem{}",
                if errors == 1 { "" } else { "s" }
            ));
            exit::PROBLEMS
        }
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    /// Every option of every command, and every value an option takes from a list, says what it
    /// does in `--help`.
    fn undescribed(cmd: &clap::Command, path: &str, found: &mut Vec<String>) {
        for arg in cmd.get_arguments() {
            if arg.is_hide_set() || matches!(arg.get_id().as_str(), "help" | "version") {
                continue;
            }
            let name = format!("{path} {}", arg.get_id());
            if arg.get_help().is_none() && arg.get_long_help().is_none() {
                found.push(name.clone());
            }
            if !arg.get_action().takes_values() {
                continue;
            }
            let values = arg.get_possible_values();
            // A yes-or-no value explains itself; so do the shells clap_complete names.
            let boolean = values.len() == 2 && values.iter().any(|v| v.get_name() == "true");
            if boolean || name.ends_with("completions shell") {
                continue;
            }
            for value in values {
                if !value.is_hide_set() && value.get_help().is_none() {
                    found.push(format!("{name}={}", value.get_name()));
                }
            }
        }
        for sub in cmd.get_subcommands() {
            if sub.get_about().is_none() {
                found.push(format!("{path} {} (no about)", sub.get_name()));
            }
            undescribed(sub, &format!("{path} {}", sub.get_name()), found);
        }
    }

    #[test]
    fn every_option_and_listed_value_has_a_description() {
        let mut found = Vec::new();
        undescribed(&super::Cli::command(), "buntai", &mut found);
        assert!(
            found.is_empty(),
            "options without a description: {found:#?}"
        );
    }
}
