//! `buntai campaign`: a campaign file from two master rosters, small Buntai assigned to the three
//! games, results recorded from logs or by hand, promotions, the final's forces, and whole
//! campaigns played by the engine.

use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};
use serde::Serialize;

use super::simulate::PolicyArg;
use crate::cli::ListFormat;
use crate::cli::output::{Out, emit, note, print_json};
use crate::diag::{SourceFile, exit, render};
use crate::ronin::campaign::log::{LoggedGame, parse_lines, read_game};
use crate::ronin::campaign::{
    Availability, Campaign, EndState, FINAL, GameRecord, ModelGame, ModelRecord, Player, Promotion,
    SmallBuntai, auto_split, expand, promoted_entry, steps,
};
use crate::ronin::engine::dice::{Dice, SeededDice};
use crate::ronin::engine::policy::DefaultAi;
use crate::ronin::model::Catalogue;
use crate::ronin::print::Doc;
use crate::ronin::roster::{self, Roster};
use crate::ronin::rules::{self, Options};
use crate::runs::{Rate, pct, rate};

#[derive(Debug, Subcommand)]
pub enum CampaignCommand {
    /// Start a campaign file from the two players' master rosters.
    #[command(
        after_help = "Examples:\n  buntai campaign new --master alice.toml --master bob.toml -o autumn.toml\n  buntai campaign new --master a.toml --master b.toml --player Alice --player Bob -o c.toml"
    )]
    New(NewArgs),
    /// Assign a player's small Buntai for one of the three games (P-06: 25-50% of the master
    /// roster's points, no model in two of them).
    #[command(
        after_help = "Examples:\n  buntai campaign assign c.toml --player Alice --game capture \"Samurai\" \"Ashigaru 1\"\n  buntai campaign assign c.toml --player Bob --game 3 1 4 5"
    )]
    Assign(AssignArgs),
    /// Standings, each model's experience and state, and what the final will field.
    Show(ShowArgs),
    /// Write the two small Buntai of a game as roster files, to print or to `simulate`.
    Export(ExportArgs),
    /// Record a game: from a `simulate --log` file, or by hand.
    #[command(
        after_help = "Examples:\n  buntai campaign record c.toml --game 1 --from-log game1.jsonl\n  buntai campaign record c.toml --game 2 --winner Alice --vp 8-3 --killed \"Bob:Ashigaru 2\" --wounded \"Samurai=grievous\" --xp \"Samurai=1\""
    )]
    Record(RecordArgs),
    /// Spend a model's experience on its next Rank.
    #[command(
        after_help = "Examples:\n  buntai campaign promote c.toml --player Alice \"Ashigaru 1\" --to ashigaru-gashira\n  buntai campaign promote c.toml --player Bob Soldier --to light-cavalry"
    )]
    Promote(PromoteArgs),
    /// After the three games: roll for each Grievous model (4+ plays) and build the final's
    /// forces from every available model.
    Final(FinalArgs),
    /// Play the campaign's remaining games and the final with the engine and record them, or
    /// (`--games N`) play whole campaigns N times and report how often each player wins.
    Simulate(CampaignSimulateArgs),
}

#[derive(Debug, Args)]
pub struct NewArgs {
    /// A player's master roster; give it twice, once per player.
    #[arg(long = "master", value_name = "ROSTER", required = true)]
    pub masters: Vec<PathBuf>,
    /// The players' names, in the same order (default: the rosters' names).
    #[arg(long = "player", value_name = "NAME")]
    pub players: Vec<String>,
    /// A name for the campaign.
    #[arg(long)]
    pub name: Option<String>,
    /// The campaign file to write.
    #[arg(short, long, value_name = "FILE")]
    pub output: PathBuf,
    /// Overwrite an existing file.
    #[arg(long)]
    pub force: bool,
}

#[derive(Debug, Args)]
pub struct AssignArgs {
    /// The campaign file.
    pub file: PathBuf,
    /// The player (as the campaign file names them).
    #[arg(long)]
    pub player: String,
    /// The game: 1, 2, 3 or its scenario (skirmish, capture, defence).
    #[arg(long, value_parser = game_arg)]
    pub game: u32,
    /// The models, by name or number in the master roster.
    #[arg(required = true)]
    pub models: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ListFormat::Text)]
    pub format: ListFormat,
}

#[derive(Debug, Args)]
pub struct ShowArgs {
    /// The campaign file.
    pub file: PathBuf,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ListFormat::Text)]
    pub format: ListFormat,
}

#[derive(Debug, Args)]
pub struct ExportArgs {
    /// The campaign file.
    pub file: PathBuf,
    /// The game: 1, 2, 3, its scenario, or `final`.
    #[arg(long, value_parser = game_arg)]
    pub game: u32,
    /// The folder to write the two rosters into.
    #[arg(long, value_name = "DIR", default_value = ".")]
    pub dir: PathBuf,
    /// Overwrite the file if it exists.
    #[arg(long)]
    pub force: bool,
}

#[derive(Debug, Args)]
pub struct RecordArgs {
    /// The campaign file.
    pub file: PathBuf,
    /// The game: 1, 2, 3, its scenario, or `final`.
    #[arg(long, value_parser = game_arg)]
    pub game: u32,
    /// The game's log (`buntai simulate A B --games 1 --log FILE` on the exported rosters).
    #[arg(long, value_name = "LOG", conflicts_with_all = ["winner", "vp", "killed", "wounded", "fled", "xp"])]
    pub from_log: Option<PathBuf>,
    /// By hand: the winning player, or `draw`.
    #[arg(long, required_unless_present = "from_log")]
    pub winner: Option<String>,
    /// By hand: the victory points, first player's first (`8-3`).
    #[arg(long, value_name = "A-B")]
    pub vp: Option<String>,
    /// By hand: a model killed (`NAME`, or `PLAYER:NAME` when both players have one).
    #[arg(long, value_name = "MODEL")]
    pub killed: Vec<String>,
    /// By hand: a model that ended wounded (`NAME=light` or `NAME=grievous`).
    #[arg(long, value_name = "MODEL=WOUND")]
    pub wounded: Vec<String>,
    /// By hand: a model that fled the table.
    #[arg(long, value_name = "MODEL")]
    pub fled: Vec<String>,
    /// By hand: experience earned beyond surviving (wounds on equal or higher Ranks, banners).
    #[arg(long, value_name = "MODEL=N")]
    pub xp: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ListFormat::Text)]
    pub format: ListFormat,
}

#[derive(Debug, Args)]
pub struct PromoteArgs {
    /// The campaign file.
    pub file: PathBuf,
    /// The player (as the campaign file names them).
    #[arg(long)]
    pub player: String,
    /// The model, by name or number.
    pub model: String,
    /// The profile it becomes (`buntai campaign show` lists what each model may become).
    #[arg(long, value_name = "PROFILE")]
    pub to: String,
    /// A weapon pick the new profile asks for (`buntai faction ID` lists its choices).
    #[arg(long = "weapon", value_name = "ID")]
    pub weapons: Vec<String>,
    /// An Attribute for the new profile's slots (+3 points each).
    #[arg(long = "attribute", value_name = "ID")]
    pub attributes: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ListFormat::Text)]
    pub format: ListFormat,
}

#[derive(Debug, Args)]
pub struct FinalArgs {
    /// The campaign file.
    pub file: PathBuf,
    /// Seed of the recovery rolls.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ListFormat::Text)]
    pub format: ListFormat,
}

#[derive(Debug, Args)]
pub struct CampaignSimulateArgs {
    /// The campaign file.
    pub file: PathBuf,
    /// Seed: the same seed gives the same campaign.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Play whole campaigns this many times from the file as it stands (nothing is written).
    #[arg(long, value_name = "N")]
    pub games: Option<u64>,
    /// Side A's policy: how it decides (`default` plays from the exact odds).
    #[arg(long, value_enum, default_value_t = PolicyArg::Default)]
    pub policy_a: PolicyArg,
    /// Side B's policy, as for `--policy-a`.
    #[arg(long, value_enum, default_value_t = PolicyArg::Default)]
    pub policy_b: PolicyArg,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ListFormat::Text)]
    pub format: ListFormat,
}

/// A game by number (1-4) or by name.
fn game_arg(text: &str) -> Result<u32, String> {
    match text.trim().to_ascii_lowercase().as_str() {
        "1" | "skirmish" => Ok(1),
        "2" | "capture" => Ok(2),
        "3" | "defence" | "defense" | "defend" => Ok(3),
        "4" | "final" => Ok(FINAL),
        other => Err(format!(
            "`{other}` is not a campaign game: 1 (skirmish), 2 (capture), 3 (defence) or final"
        )),
    }
}

fn game_label(cat: &Catalogue, n: u32) -> String {
    let scenario = Campaign::scenario(cat, n)
        .and_then(|s| cat.scenario.get(s))
        .map_or_else(|| "?".to_owned(), |s| s.name.clone());
    if n == FINAL {
        format!("the final ({scenario})")
    } else {
        format!("game {n} ({scenario})")
    }
}

pub fn run(out: &Out, cat: &Catalogue, command: &CampaignCommand) -> u8 {
    let cat = &crate::ronin::campaign::catalogue(cat);
    match command {
        CampaignCommand::New(args) => new(out, cat, args),
        CampaignCommand::Assign(args) => assign(out, cat, args),
        CampaignCommand::Show(args) => show(out, cat, args),
        CampaignCommand::Export(args) => export(out, cat, args),
        CampaignCommand::Record(args) => record(out, cat, args),
        CampaignCommand::Promote(args) => promote(out, cat, args),
        CampaignCommand::Final(args) => final_forces(out, cat, args),
        CampaignCommand::Simulate(args) => simulate(out, cat, args),
    }
}

/// Read a campaign file and check it holds together: two players, known lists, unique names.
pub fn load(out: &Out, cat: &Catalogue, path: &Path) -> Result<Campaign, u8> {
    let file = crate::cli::output::read_input(out, path)?;
    let campaign = parse(cat, &file).map_err(|message| {
        out.error(&message);
        exit::PROBLEMS
    })?;
    Ok(campaign)
}

fn parse(cat: &Catalogue, file: &SourceFile) -> Result<Campaign, String> {
    let campaign: Campaign = crate::ronin::load::parse_toml(file)
        .map_err(|p| render(&*p, false, 100).trim_end().to_owned())?;
    check(cat, &campaign).map_err(|m| format!("{}: {m}", file.name))?;
    Ok(campaign)
}

fn check(cat: &Catalogue, c: &Campaign) -> Result<(), String> {
    if c.players.len() != 2 {
        return Err(format!(
            "a campaign has two players, this file has {}",
            c.players.len()
        ));
    }
    for p in &c.players {
        if p.roster.list(cat).is_none() {
            return Err(format!("{}'s master roster names no known faction", p.name));
        }
        let mut names: Vec<&str> = Vec::new();
        for m in &p.roster.models {
            let Some(n) = m.name.as_deref() else {
                return Err(format!(
                    "every model of {}'s master roster needs a name",
                    p.name
                ));
            };
            if names.iter().any(|x| x.eq_ignore_ascii_case(n)) {
                return Err(format!("{} has two models named `{n}`", p.name));
            }
            if m.count() != 1 {
                return Err(format!(
                    "`{n}` of {}: a campaign lists each model once (count 1)",
                    p.name
                ));
            }
            names.push(n);
        }
        for b in &p.buntai {
            for n in &b.models {
                if p.model_index(n).is_none() {
                    return Err(format!(
                        "{}'s Buntai for game {} names `{n}`, not in the master roster",
                        p.name, b.game
                    ));
                }
            }
        }
    }
    Ok(())
}

/// Edit the campaign file in place (locked, atomic, comments kept; `buntai undo` takes it back).
fn edit<T>(
    out: &Out,
    cat: &Catalogue,
    path: &Path,
    change: impl FnOnce(&mut Campaign) -> Result<T, String>,
) -> Result<T, u8> {
    edit_with(out, path, |file| parse(cat, file), change)
}

/// Edit a TOML file of type `D` in place: read it with `parse`, change it, write back what changed
/// (locked, atomic, comments kept; `buntai undo` takes it back). Used for campaigns and events.
pub(super) fn edit_with<D: Serialize, T>(
    out: &Out,
    path: &Path,
    parse: impl FnOnce(&SourceFile) -> Result<D, String>,
    change: impl FnOnce(&mut D) -> Result<T, String>,
) -> Result<T, u8> {
    let name = path.display().to_string();
    let result = crate::files::edit_file(path, |text| {
        let file = SourceFile::new(name.clone(), text);
        let mut doc = parse(&file)?;
        let value = change(&mut doc)?;
        let edited = crate::ronin::edit::rewrite(text, &doc).map_err(|e| e.to_string())?;
        Ok::<_, String>((edited, value))
    });
    match result {
        Ok(Ok(value)) => Ok(value),
        Ok(Err(message)) => {
            out.error(&message);
            Err(exit::PROBLEMS)
        }
        Err(err) => {
            out.error(&err.to_string());
            Err(exit::USAGE)
        }
    }
}

/// `--vp 8-3`: two players' victory points.
pub(super) fn parse_vp(text: &str) -> Result<[f64; 2], String> {
    text.split_once('-')
        .and_then(|(a, b)| Some([a.trim().parse::<f64>().ok()?, b.trim().parse::<f64>().ok()?]))
        .filter(|v| v.iter().all(|x| x.is_finite() && *x >= 0.0 && *x <= 1000.0))
        .ok_or_else(|| format!("--vp `{text}`: write the two players' VP as 8-3"))
}

/// Each master-roster model's points, by entry.
fn model_points(cat: &Catalogue, p: &Player) -> Vec<i32> {
    entry_points(cat, &p.roster)
}

/// Each roster entry's points a model.
pub(super) fn entry_points(cat: &Catalogue, roster: &Roster) -> Vec<i32> {
    let Some(faction) = roster.list(cat) else {
        return vec![0; roster.models.len()];
    };
    let resolved = roster::resolve(
        cat,
        faction,
        roster,
        roster::Rules::default(),
        &mut Vec::new(),
    );
    let mut points = vec![0; roster.models.len()];
    for m in &resolved.models {
        points[m.index] = m.points_each;
    }
    points
}

/// Validate a master roster as it stands (a promotion may take it over its points: R-120).
fn master_problems(cat: &Catalogue, p: &Player) -> Vec<String> {
    let text = toml::to_string(&p.roster).unwrap_or_default();
    let file = SourceFile::new(format!("{}'s master roster", p.name), text);
    let report = rules::validate(
        cat,
        &file,
        Options {
            points: Some(u32::MAX),
            rules: Default::default(),
        },
    );
    report
        .violations
        .iter()
        .filter(|v| v.is_error())
        .map(|v| v.message.clone())
        .collect()
}

/// Why `names` cannot be `player`'s Buntai for game `game` (P-06), if they cannot.
fn buntai_problems(
    cat: &Catalogue,
    c: &Campaign,
    player: usize,
    game: u32,
    names: &[String],
) -> Vec<String> {
    let p = &c.players[player];
    let points = model_points(cat, p);
    let master: i32 = points.iter().sum();
    let terms = &cat.campaign.campaign;
    let mut problems = Vec::new();
    let mut total = 0;
    for (k, n) in names.iter().enumerate() {
        let Some(i) = p.model_index(n) else {
            problems.push(format!("{} has no model `{n}`", p.name));
            continue;
        };
        let name = p.model_name(i);
        if names[..k].iter().any(|x| p.model_index(x) == Some(i)) {
            problems.push(format!("`{name}` is named twice"));
        }
        total += points[i];
        if let Some(r) = p.models.get(name)
            && r.availability(terms.recovery) == Availability::Killed
        {
            problems.push(format!("`{name}` was killed"));
        }
        if let Some(other) = p.buntai.iter().find(|b| {
            b.game != game
                && b.game != FINAL
                && b.models.iter().any(|x| p.model_index(x) == Some(i))
        }) {
            problems.push(format!(
                "`{name}` is already in the Buntai for game {} (P-06)",
                other.game
            ));
        }
    }
    let low = i64::from(master) * i64::from(terms.small_min_percent);
    let high = i64::from(master) * i64::from(terms.small_max_percent);
    if i64::from(total) * 100 < low || i64::from(total) * 100 > high {
        problems.push(format!(
            "{total} points: a small Buntai costs {}% to {}% of the master roster ({master} points: {} to {})",
            terms.small_min_percent,
            terms.small_max_percent,
            (low + 99) / 100,
            high / 100
        ));
    }
    problems
}

/// Read a roster a player brings: its list and points, or (with every diagnostic shown) a refusal
/// unless it is legal. `what` names it in the refusal ("master roster (R-118)").
pub(super) fn read_legal_roster<'c>(
    out: &Out,
    cat: &'c Catalogue,
    path: &Path,
    what: &str,
) -> Result<(Roster, &'c crate::ronin::model::Faction, i32), u8> {
    let source = crate::cli::output::read_input(out, path)?;
    let report = rules::validate(cat, &source, Options::default());
    if report.violations.iter().any(|v| v.is_error()) {
        for v in &report.violations {
            note(&render(&v.to_problem(&source), out.color, out.width()));
        }
        out.error(&format!(
            "`{}` is not a legal {what}: fix the problems above first",
            path.display()
        ));
        return Err(exit::PROBLEMS);
    }
    let (Ok(parsed), Some(faction)) = (roster::parse(&source), report.list(cat)) else {
        out.error(&format!("cannot read `{}` as a roster", path.display()));
        return Err(exit::PROBLEMS);
    };
    Ok((parsed, faction, report.points_total))
}

/// Write a new file of `value` as TOML under a `#:schema` line and a comment header.
pub(super) fn write_new<T: Serialize>(
    out: &Out,
    file: Option<crate::files::OutputFile>,
    schema: &str,
    header: &str,
    value: &T,
) -> Result<(), u8> {
    let body = toml::to_string(value).map_err(|e| {
        out.error(&format!("cannot write the file: {e}"));
        exit::USAGE
    })?;
    let text = format!("#:schema ../schemas/{schema}.schema.json\n{header}{body}");
    crate::cli::output::write_output(out, file, &text)
}

/// Write a roster a command made from a campaign or event file (`force` to overwrite).
pub(super) fn write_roster(
    out: &Out,
    path: &Path,
    header: &str,
    roster: &Roster,
    force: bool,
    from: &Path,
) -> Result<(), u8> {
    let body = toml::to_string(roster).unwrap_or_default();
    let text = format!("#:schema ../schemas/roster.schema.json\n{header}{body}");
    let options = crate::files::WriteOptions {
        force,
        inputs: &[from],
    };
    crate::files::write_file(path, &text, &options).map_err(|e| {
        out.error(&e.to_string());
        exit::USAGE
    })
}

fn new(out: &Out, cat: &Catalogue, args: &NewArgs) -> u8 {
    if args.masters.len() != 2 {
        out.error(&format!(
            "a campaign has two players: give --master twice (got {})",
            args.masters.len()
        ));
        return exit::USAGE;
    }
    if !args.players.is_empty() && args.players.len() != 2 {
        out.error("give --player twice, in the order of the --master rosters, or not at all");
        return exit::USAGE;
    }
    let inputs: Vec<&Path> = args.masters.iter().map(PathBuf::as_path).collect();
    let file = match crate::cli::output::open_output(out, Some(&args.output), args.force, &inputs) {
        Ok(f) => f,
        Err(code) => return code,
    };
    let mut players = Vec::new();
    let mut agreed = Vec::new();
    for (k, path) in args.masters.iter().enumerate() {
        let (parsed, faction, _) = match read_legal_roster(out, cat, path, "master roster (R-118)")
        {
            Ok(r) => r,
            Err(code) => return code,
        };
        agreed.push(parsed.points);
        let name = args
            .players
            .get(k)
            .cloned()
            .or_else(|| parsed.name.clone())
            .unwrap_or_else(|| format!("Player {}", k + 1));
        let master = expand(cat, faction, &parsed);
        let models = master
            .models
            .iter()
            .filter_map(|m| m.name.clone())
            .map(|n| (n, ModelRecord::default()))
            .collect();
        players.push(Player {
            name,
            roster: master,
            buntai: Vec::new(),
            models,
        });
    }
    if players[0].name.eq_ignore_ascii_case(&players[1].name) {
        players[1].name.push_str(" (2)");
    }
    let points = match (agreed[0], agreed[1]) {
        (Some(a), Some(b)) if a != b => {
            out.error(&format!(
                "the master rosters are built to different totals ({a} and {b} points); a campaign agrees one (R-118)"
            ));
            return exit::USAGE;
        }
        (Some(a), _) | (None, Some(a)) => a,
        (None, None) => {
            out.error("neither master roster sets `points`: set the agreed total (`buntai set FILE points 300`)");
            return exit::USAGE;
        }
    };
    let campaign = Campaign {
        name: args.name.clone(),
        points,
        players,
        games: Vec::new(),
    };
    let header = format!(
        "# A Ronin campaign (R-118). Edit it with `buntai campaign`: assign, record, promote,\n# final; `buntai campaign show {}` shows where it stands.\n",
        args.output.display()
    );
    if let Err(code) = write_new(out, file, "campaign", &header, &campaign) {
        return code;
    }
    note(&format!(
        "wrote {}: {} ({}) against {} ({}), {points} points\n",
        args.output.display(),
        campaign.players[0].name,
        campaign.players[0].roster.faction,
        campaign.players[1].name,
        campaign.players[1].roster.faction
    ));
    exit::SUCCESS
}

fn assign(out: &Out, cat: &Catalogue, args: &AssignArgs) -> u8 {
    if args.game == FINAL {
        out.error(
            "the final's forces are every available model: `buntai campaign final` builds them",
        );
        return exit::USAGE;
    }
    let result = edit(out, cat, &args.file, |c| {
        let player = c
            .player_index(&args.player)
            .ok_or_else(|| no_player(c, &args.player))?;
        if c.recorded(args.game).is_some() {
            return Err(format!(
                "game {} is already recorded; its Buntai cannot change",
                args.game
            ));
        }
        let problems = buntai_problems(cat, c, player, args.game, &args.models);
        if !problems.is_empty() {
            return Err(format!(
                "this Buntai cannot play {}:\n  - {}",
                game_label(cat, args.game),
                problems.join("\n  - ")
            ));
        }
        let p = &mut c.players[player];
        let names: Vec<String> = args
            .models
            .iter()
            .filter_map(|n| p.model_index(n))
            .map(|i| p.model_name(i).to_owned())
            .collect();
        p.buntai.retain(|b| b.game != args.game);
        p.buntai.push(SmallBuntai {
            game: args.game,
            models: names.clone(),
        });
        p.buntai.sort_by_key(|b| b.game);
        let points = model_points(cat, p);
        let total: i32 = names
            .iter()
            .filter_map(|n| p.model_index(n))
            .map(|i| points[i])
            .sum();
        Ok((p.name.clone(), names, total))
    });
    match result {
        Ok((player, names, total)) => {
            if args.format == ListFormat::Json {
                print_json(
                    &serde_json::json!({"player": player, "game": args.game, "models": names, "points": total}),
                )
            } else {
                emit(&format!(
                    "{player}'s Buntai for {}: {} ({total} points)\n",
                    game_label(cat, args.game),
                    names.join(", ")
                ));
                exit::SUCCESS
            }
        }
        Err(code) => code,
    }
}

fn no_player(c: &Campaign, name: &str) -> String {
    let names: Vec<&str> = c.players.iter().map(|p| p.name.as_str()).collect();
    format!(
        "no player `{name}` in this campaign (players: {})",
        names.join(", ")
    )
}

/// `buntai campaign show --format json`.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct CampaignJson {
    pub name: Option<String>,
    pub points: u32,
    pub players: Vec<PlayerJson>,
    pub games: Vec<GameRecord>,
    /// What to do next.
    pub next: String,
}

#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct PlayerJson {
    pub name: String,
    pub faction: String,
    /// The master roster's points now (promotions add to them).
    pub points: i32,
    pub wins: u32,
    pub models: Vec<CampaignModelJson>,
    pub buntai: Vec<BuntaiJson>,
    /// Problems of the master roster after promotions, if any.
    pub problems: Vec<String>,
}

#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct CampaignModelJson {
    pub name: String,
    pub profile: String,
    pub rank: u8,
    pub points: i32,
    pub xp: u32,
    pub availability: Availability,
    pub games: Vec<ModelGame>,
    pub promotions: Vec<Promotion>,
    /// The promotions open to it: profile and cost.
    pub may_become: Vec<crate::ronin::campaign::Step>,
    pub recovery_roll: Option<u8>,
}

#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct BuntaiJson {
    pub game: u32,
    pub scenario: String,
    pub models: Vec<String>,
    pub points: i32,
    /// Why it cannot play (P-06), if it cannot.
    pub problems: Vec<String>,
}

fn summary(cat: &Catalogue, c: &Campaign) -> CampaignJson {
    let recovery = cat.campaign.campaign.recovery;
    let players = c
        .players
        .iter()
        .enumerate()
        .map(|(k, p)| {
            let points = model_points(cat, p);
            let faction = p.roster.list(cat);
            let resolved = faction.map(|f| {
                roster::resolve(cat, f, &p.roster, roster::Rules::default(), &mut Vec::new())
            });
            let models = p
                .roster
                .models
                .iter()
                .enumerate()
                .map(|(i, m)| {
                    let name = m.name.clone().unwrap_or_default();
                    let record = p.models.get(&name).cloned().unwrap_or_default();
                    let r = resolved
                        .as_ref()
                        .and_then(|r| r.models.iter().find(|x| x.index == i));
                    let rank = r.map_or(0, |r| r.rank.get());
                    let list = if r.is_some_and(|r| r.is_hire()) {
                        "swords-for-hire"
                    } else {
                        p.roster.faction.as_str()
                    };
                    let weapons: Vec<String> = r
                        .map(|r| r.weapons.iter().map(|w| w.id.clone()).collect())
                        .unwrap_or_default();
                    CampaignModelJson {
                        may_become: steps(cat, list, &m.profile, rank, &weapons),
                        name,
                        profile: m.profile.clone(),
                        rank,
                        points: points[i],
                        xp: record.xp,
                        availability: record.availability(recovery),
                        games: record.games,
                        promotions: record.promotions,
                        recovery_roll: record.recovery_roll,
                    }
                })
                .collect();
            let buntai = p
                .buntai
                .iter()
                .map(|b| BuntaiJson {
                    game: b.game,
                    scenario: Campaign::scenario(cat, b.game)
                        .map_or_else(String::new, |s| s.as_str().to_owned()),
                    models: b.models.clone(),
                    points: b
                        .models
                        .iter()
                        .filter_map(|n| p.model_index(n))
                        .map(|i| points[i])
                        .sum(),
                    problems: if b.game == FINAL || c.recorded(b.game).is_some() {
                        Vec::new()
                    } else {
                        buntai_problems(cat, c, k, b.game, &b.models)
                    },
                })
                .collect();
            PlayerJson {
                name: p.name.clone(),
                faction: p.roster.faction.clone(),
                points: points.iter().sum(),
                wins: c
                    .games
                    .iter()
                    .filter(|g| g.winner.as_deref() == Some(p.name.as_str()))
                    .count() as u32,
                models,
                buntai,
                problems: master_problems(cat, p),
            }
        })
        .collect();
    CampaignJson {
        name: c.name.clone(),
        points: c.points,
        players,
        games: c.games.clone(),
        next: next_step(cat, c),
    }
}

fn next_step(cat: &Catalogue, c: &Campaign) -> String {
    if let Some(f) = c.recorded(FINAL) {
        return match &f.winner {
            Some(w) => format!("the campaign is over: {w} won the final"),
            None => "the campaign is over: the final was drawn".to_owned(),
        };
    }
    for n in 1..FINAL {
        if c.recorded(n).is_some() {
            continue;
        }
        if let Some(p) = c.players.iter().find(|p| p.buntai(n).is_none()) {
            return format!(
                "{} assigns a Buntai for {} (`buntai campaign assign`)",
                p.name,
                game_label(cat, n)
            );
        }
        return format!(
            "play {} and record it (`buntai campaign record --game {n}`)",
            game_label(cat, n)
        );
    }
    if c.players.iter().any(|p| p.buntai(FINAL).is_none()) {
        return "build the final's forces (`buntai campaign final`)".to_owned();
    }
    "play the final and record it (`buntai campaign record --game final`)".to_owned()
}

fn show(out: &Out, cat: &Catalogue, args: &ShowArgs) -> u8 {
    let c = match load(out, cat, &args.file) {
        Ok(c) => c,
        Err(code) => return code,
    };
    let s = summary(cat, &c);
    if args.format == ListFormat::Json {
        return print_json(&s);
    }
    let title = c.name.clone().unwrap_or_else(|| "Campaign".to_owned());
    let mut doc = Doc::new(format!(
        "{title}: {} against {}, {} points",
        s.players[0].name, s.players[1].name, s.points
    ));
    let games: Vec<Vec<String>> = (1..=FINAL)
        .map(|n| {
            let r = c.recorded(n);
            vec![
                game_label(cat, n),
                r.map_or_else(
                    || "not played".to_owned(),
                    |r| r.winner.clone().unwrap_or_else(|| "draw".to_owned()),
                ),
                r.map_or_else(String::new, |r| format!("{}-{}", r.vp[0], r.vp[1])),
                r.map_or_else(String::new, |r| r.source.clone()),
            ]
        })
        .collect();
    doc.table(&["Game", "Winner", "VP", "Recorded from"], games);
    for p in &s.players {
        doc.heading(format!(
            "{} ({}): {} points now, {} game{} won",
            p.name,
            p.faction,
            p.points,
            p.wins,
            if p.wins == 1 { "" } else { "s" }
        ));
        let rows = p
            .models
            .iter()
            .map(|m| {
                let games = m
                    .games
                    .iter()
                    .map(|g| format!("{}: {} (+{})", g.game, g.end.id(), g.xp))
                    .collect::<Vec<_>>()
                    .join(", ");
                let state = match m.availability {
                    Availability::Available => "available".to_owned(),
                    Availability::Recovering => {
                        format!("grievous: final on {}+", cat.campaign.campaign.recovery)
                    }
                    Availability::Unfit => {
                        format!("grievous: rolled {}, out", m.recovery_roll.unwrap_or(0))
                    }
                    Availability::Killed => "killed".to_owned(),
                };
                let next = m
                    .may_become
                    .iter()
                    .map(|s| format!("{} ({} XP)", s.to, s.cost))
                    .collect::<Vec<_>>()
                    .join(", ");
                vec![
                    m.name.clone(),
                    format!("{} (Rank {})", m.profile, m.rank),
                    m.points.to_string(),
                    m.xp.to_string(),
                    state,
                    games,
                    next,
                ]
            })
            .collect();
        doc.table(
            &[
                "Model",
                "Profile",
                "Pts",
                "XP",
                "State",
                "Games",
                "May become",
            ],
            rows,
        );
        for b in &p.buntai {
            let label = game_label(cat, b.game);
            let mut line = format!("{label}: {} ({} points)", b.models.join(", "), b.points);
            if !b.problems.is_empty() {
                line.push_str(&format!(" — cannot play: {}", b.problems.join("; ")));
            }
            doc.para(line);
        }
        if !p.problems.is_empty() {
            doc.para(format!("Master roster problems: {}", p.problems.join("; ")));
        }
    }
    // The final: who would play it if it were fought now.
    if c.players.iter().all(|p| p.buntai(FINAL).is_none()) {
        let recovery = cat.campaign.campaign.recovery;
        let lines: Vec<String> = s
            .players
            .iter()
            .map(|p| {
                let sure: Vec<&str> = p
                    .models
                    .iter()
                    .filter(|m| m.availability == Availability::Available)
                    .map(|m| m.name.as_str())
                    .collect();
                let maybe: Vec<&str> = p
                    .models
                    .iter()
                    .filter(|m| m.availability == Availability::Recovering)
                    .map(|m| m.name.as_str())
                    .collect();
                let mut line = format!("{}: {}", p.name, sure.join(", "));
                if !maybe.is_empty() {
                    line.push_str(&format!("; on {recovery}+: {}", maybe.join(", ")));
                }
                line
            })
            .collect();
        doc.heading("The final would field");
        for l in lines {
            doc.para(l);
        }
    }
    doc.para(format!("Next: {}.", s.next));
    emit(&doc.to_text(out.text_style()));
    exit::SUCCESS
}

pub(super) fn slug(name: &str) -> String {
    let s: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    let s = s.trim_matches('-').to_owned();
    if s.is_empty() { "player".to_owned() } else { s }
}

/// The rosters both players field in game `n` (the final: with the master's Fearsome Kiai).
fn game_rosters(c: &Campaign, n: u32) -> Result<[Roster; 2], String> {
    let mut rosters = Vec::new();
    for p in &c.players {
        let b = p.buntai(n).ok_or_else(|| {
            if n == FINAL {
                "the final's forces are not built yet (`buntai campaign final`)".to_owned()
            } else {
                format!(
                    "{} has no Buntai for game {n} (`buntai campaign assign`)",
                    p.name
                )
            }
        })?;
        let mut r = p.roster_of(&b.models);
        // Fearsome Kiai are the Buntai's, not a model's: the final's (P-29).
        if n != FINAL {
            r.fearsome_kiai = None;
        }
        r.points = None;
        rosters.push(r);
    }
    let b = rosters.pop().unwrap_or_default();
    let a = rosters.pop().unwrap_or_default();
    Ok([a, b])
}

fn export(out: &Out, cat: &Catalogue, args: &ExportArgs) -> u8 {
    let c = match load(out, cat, &args.file) {
        Ok(c) => c,
        Err(code) => return code,
    };
    let rosters = match game_rosters(&c, args.game) {
        Ok(r) => r,
        Err(m) => {
            out.error(&m);
            return exit::USAGE;
        }
    };
    let suffix = if args.game == FINAL {
        "final".to_owned()
    } else {
        format!("game-{}", args.game)
    };
    for (p, r) in c.players.iter().zip(&rosters) {
        let path = args.dir.join(format!("{}-{suffix}.toml", slug(&p.name)));
        let header = format!(
            "# {}'s Buntai for {} of the campaign in {}. A small Buntai is not\n# bound by composition rules (P-06): `validate` will say what it breaks.\n",
            p.name,
            game_label(cat, args.game),
            args.file.display()
        );
        if let Err(code) = write_roster(out, &path, &header, r, args.force, &args.file) {
            return code;
        }
        emit(&format!("{}\n", path.display()));
    }
    exit::SUCCESS
}

/// After an edit that recorded games: its text, or (JSON) the campaign as it now stands.
fn report_edit(
    out: &Out,
    cat: &Catalogue,
    file: &Path,
    format: ListFormat,
    result: Result<String, u8>,
) -> u8 {
    report_with(format, result, || match load(out, cat, file) {
        Ok(c) => print_json(&summary(cat, &c)),
        Err(code) => code,
    })
}

/// After an edit: its text, or (JSON) what `json` prints of the file as it now stands; the exit
/// code of a failed edit as it is.
pub(super) fn report_with(
    format: ListFormat,
    result: Result<String, u8>,
    json: impl FnOnce() -> u8,
) -> u8 {
    match result {
        Ok(_) if format == ListFormat::Json => json(),
        Ok(text) => {
            emit(&text);
            exit::SUCCESS
        }
        Err(code) => code,
    }
}

/// A game's outcome for the campaign: each model of both Buntai with how it ended and the
/// experience it earned, the winner and the VP, in player order.
struct Outcome {
    models: Vec<(usize, String, EndState, u32)>,
    winner: Option<usize>,
    vp: [f64; 2],
}

/// Which player sat on each side of a logged game: the one whose Buntai for the game has exactly
/// the names the side's models carry.
fn seats(c: &Campaign, n: u32, logged: &LoggedGame) -> Result<[usize; 2], String> {
    let names = |side: usize| -> Vec<String> {
        let mut v: Vec<String> = logged
            .models
            .iter()
            .filter(|m| m.side == side && !m.civilian)
            .map(|m| m.name.clone().unwrap_or_default())
            .collect();
        v.sort();
        v
    };
    let buntai = |p: usize| -> Vec<String> {
        let mut v = c.players[p]
            .buntai(n)
            .map(|b| b.models.clone())
            .unwrap_or_default();
        v.sort();
        v
    };
    let (a, b) = (names(0), names(1));
    if a == buntai(0) && b == buntai(1) {
        Ok([0, 1])
    } else if a == buntai(1) && b == buntai(0) {
        Ok([1, 0])
    } else {
        Err(format!(
            "the log's forces ({} / {}) are not the two Buntai of game {n}: play the rosters `buntai campaign export --game {n}` writes",
            a.join(", "),
            b.join(", ")
        ))
    }
}

fn outcome_of_log(
    cat: &Catalogue,
    c: &Campaign,
    n: u32,
    logged: &LoggedGame,
) -> Result<Outcome, String> {
    let seat = seats(c, n, logged)?;
    if let (Some(s), Some(want)) = (&logged.scenario, Campaign::scenario(cat, n))
        && s != want.as_str()
    {
        return Err(format!(
            "the log is a game of {s}; {} is {}",
            game_label(cat, n),
            want.as_str()
        ));
    }
    let xp = &cat.campaign.experience;
    let models = logged
        .models
        .iter()
        .filter(|m| !m.civilian)
        .map(|m| {
            (
                seat[m.side],
                m.name.clone().unwrap_or_default(),
                m.end,
                m.experience(xp),
            )
        })
        .collect();
    let mut vp = [0.0; 2];
    for s in 0..2 {
        vp[seat[s]] = f64::from(logged.vp[s]) / 2.0;
    }
    Ok(Outcome {
        models,
        winner: logged.winner.map(|s| seat[s]),
        vp,
    })
}

/// A model named on the command line: `NAME` or `PLAYER:NAME`, among game `n`'s two Buntai.
fn find_model(c: &Campaign, n: u32, text: &str) -> Result<(usize, String), String> {
    let (player, name) = match text.split_once(':') {
        Some((p, m)) if c.player_index(p).is_some() => (c.player_index(p), m),
        _ => (None, text),
    };
    let hits: Vec<(usize, String)> = c
        .players
        .iter()
        .enumerate()
        .filter(|(k, _)| player.is_none_or(|p| p == *k))
        .filter_map(|(k, p)| {
            let i = p.model_index(name)?;
            let model = p.model_name(i).to_owned();
            p.buntai(n)?.models.contains(&model).then_some((k, model))
        })
        .collect();
    match hits.as_slice() {
        [one] => Ok(one.clone()),
        [] => Err(format!("no model `{text}` plays game {n}")),
        _ => Err(format!(
            "both players have a `{name}` in game {n}: write PLAYER:{name}"
        )),
    }
}

fn outcome_by_hand(
    cat: &Catalogue,
    c: &Campaign,
    n: u32,
    args: &RecordArgs,
) -> Result<Outcome, String> {
    let winner = match args.winner.as_deref() {
        Some(w) if w.eq_ignore_ascii_case("draw") => None,
        Some(w) => Some(c.player_index(w).ok_or_else(|| no_player(c, w))?),
        None => None,
    };
    let vp = match args.vp.as_deref() {
        None => [0.0; 2],
        Some(text) => parse_vp(text)?,
    };
    let mut ends: Vec<(usize, String, EndState, u32)> = Vec::new();
    for (k, p) in c.players.iter().enumerate() {
        let b = p
            .buntai(n)
            .ok_or_else(|| format!("{} has no Buntai for game {n}", p.name))?;
        ends.extend(b.models.iter().map(|m| (k, m.clone(), EndState::Unhurt, 0)));
    }
    let mut set = |text: &str, end: Option<EndState>, extra: u32| -> Result<(), String> {
        let (k, name) = find_model(c, n, text)?;
        if let Some(e) = ends.iter_mut().find(|e| e.0 == k && e.1 == name) {
            if let Some(end) = end {
                e.2 = end;
            }
            e.3 += extra;
        }
        Ok(())
    };
    for m in &args.killed {
        set(m, Some(EndState::Killed), 0)?;
    }
    for m in &args.fled {
        set(m, Some(EndState::Fled), 0)?;
    }
    for w in &args.wounded {
        let (m, wound) = w
            .rsplit_once('=')
            .ok_or_else(|| format!("--wounded `{w}`: write NAME=light or NAME=grievous"))?;
        let end = match wound.trim().to_ascii_lowercase().as_str() {
            "light" => EndState::Light,
            "grievous" => EndState::Grievous,
            other => {
                return Err(format!(
                    "--wounded `{w}`: `{other}` is not light or grievous"
                ));
            }
        };
        set(m, Some(end), 0)?;
    }
    for x in &args.xp {
        let (m, k) = x
            .rsplit_once('=')
            .ok_or_else(|| format!("--xp `{x}`: write NAME=N"))?;
        let k: u32 = k
            .trim()
            .parse()
            .ok()
            .filter(|k| *k <= 100)
            .ok_or_else(|| format!("--xp `{x}`: N is a whole number up to 100"))?;
        set(m, None, k)?;
    }
    let survive = cat.campaign.experience.survive;
    for e in &mut ends {
        if e.2 != EndState::Killed {
            e.3 += survive;
        }
    }
    Ok(Outcome {
        models: ends,
        winner,
        vp,
    })
}

/// Write a game's outcome into the campaign.
fn apply(
    cat: &Catalogue,
    c: &mut Campaign,
    n: u32,
    o: &Outcome,
    source: String,
) -> Result<(), String> {
    let scenario = Campaign::scenario(cat, n).ok_or_else(|| format!("no game {n}"))?;
    if c.recorded(n).is_some() {
        return Err(format!(
            "{} is already recorded (`buntai undo` takes the last edit back)",
            game_label(cat, n)
        ));
    }
    if n == FINAL && (1..FINAL).any(|g| c.recorded(g).is_none()) {
        return Err("the final comes after the three games".to_owned());
    }
    for (k, name, end, xp) in &o.models {
        let record = c.players[*k].models.entry(name.clone()).or_default();
        record.games.push(ModelGame {
            game: n,
            end: *end,
            xp: *xp,
        });
        record.xp += xp;
    }
    c.games.push(GameRecord {
        game: n,
        scenario,
        winner: o.winner.map(|w| c.players[w].name.clone()),
        vp: o.vp,
        source,
    });
    c.games.sort_by_key(|g| g.game);
    Ok(())
}

fn outcome_text(cat: &Catalogue, c: &Campaign, n: u32, o: &Outcome) -> String {
    let winner = o.winner.map_or_else(
        || "a draw".to_owned(),
        |w| format!("{} won", c.players[w].name),
    );
    let mut text = format!(
        "{}: {winner}, {} VP to {}\n",
        game_label(cat, n),
        o.vp[0],
        o.vp[1]
    );
    for (k, name, end, xp) in &o.models {
        text.push_str(&format!(
            "  {}: {name} {} (+{xp} XP)\n",
            c.players[*k].name,
            end.id()
        ));
    }
    text
}

fn record(out: &Out, cat: &Catalogue, args: &RecordArgs) -> u8 {
    let logged = match &args.from_log {
        Some(path) => {
            let file = match crate::cli::output::read_input(out, path) {
                Ok(f) => f,
                Err(code) => return code,
            };
            match parse_lines(&file.text).and_then(|events| read_game(&events)) {
                Ok(g) => Some((g, path.display().to_string())),
                Err(m) => {
                    out.error(&format!("{}: {m}", path.display()));
                    return exit::PROBLEMS;
                }
            }
        }
        None => None,
    };
    let n = args.game;
    let result = edit(out, cat, &args.file, |c| {
        let (o, source) = match &logged {
            Some((g, path)) => (outcome_of_log(cat, c, n, g)?, format!("log {path}")),
            None => (outcome_by_hand(cat, c, n, args)?, "by hand".to_owned()),
        };
        apply(cat, c, n, &o, source)?;
        Ok(outcome_text(cat, c, n, &o))
    });
    report_edit(out, cat, &args.file, args.format, result)
}

fn promote(out: &Out, cat: &Catalogue, args: &PromoteArgs) -> u8 {
    let result = edit(out, cat, &args.file, |c| {
        let k = c
            .player_index(&args.player)
            .ok_or_else(|| no_player(c, &args.player))?;
        let after_game = c.games.len() as u32;
        let p = &mut c.players[k];
        let i = p
            .model_index(&args.model)
            .ok_or_else(|| format!("{} has no model `{}`", p.name, args.model))?;
        let name = p.model_name(i).to_owned();
        let record = p.models.get(&name).cloned().unwrap_or_default();
        if record.availability(cat.campaign.campaign.recovery) == Availability::Killed {
            return Err(format!("`{name}` was killed"));
        }
        let faction = p
            .roster
            .list(cat)
            .ok_or("the master roster names no known faction")?;
        let resolved = roster::resolve(
            cat,
            faction,
            &p.roster,
            roster::Rules::default(),
            &mut Vec::new(),
        );
        let m = resolved
            .models
            .iter()
            .find(|m| m.index == i)
            .ok_or_else(|| {
                format!("`{name}` does not resolve: `buntai campaign show` lists the problems")
            })?;
        let list = if m.is_hire() {
            "swords-for-hire"
        } else {
            p.roster.faction.as_str()
        };
        let carried: Vec<String> = m.weapons.iter().map(|w| w.id.clone()).collect();
        let open = steps(cat, list, &m.profile.id, m.rank.get(), &carried);
        let Some(step) = open.iter().find(|s| s.to == args.to) else {
            let offered: Vec<String> = open
                .iter()
                .map(|s| format!("{} ({} XP)", s.to, s.cost))
                .collect();
            return Err(format!(
                "`{name}` ({}) cannot become `{}` (R-120); {}",
                m.profile.id,
                args.to,
                if offered.is_empty() {
                    "it has no promotion open".to_owned()
                } else {
                    format!("it may become {}", offered.join(" or "))
                }
            ));
        };
        if record.xp < step.cost {
            return Err(format!(
                "`{name}` has {} XP; becoming {} costs {}",
                record.xp, step.to, step.cost
            ));
        }
        let to = if list == "swords-for-hire" {
            cat.swords_for_hire
                .profiles
                .iter()
                .find(|x| x.id == step.to)
        } else {
            faction.profiles.iter().find(|x| x.id == step.to)
        }
        .ok_or_else(|| format!("no profile `{}` in the data", step.to))?;
        let entry = promoted_entry(cat, m, to, &args.weapons, &args.attributes);
        let from = m.profile.id.clone();
        let mut after = p.clone();
        after.roster.models[i] = entry;
        let problems = master_problems(cat, &after);
        if !problems.is_empty() {
            return Err(format!(
                "promoting `{name}` to {} would break the master roster (R-120):\n  - {}",
                step.to,
                problems.join("\n  - ")
            ));
        }
        *p = after;
        let r = p.models.entry(name.clone()).or_default();
        r.xp -= step.cost;
        r.promotions.push(Promotion {
            from: from.clone(),
            to: step.to.clone(),
            cost: step.cost,
            after_game,
        });
        let left = r.xp;
        let points = model_points(cat, p)[i];
        Ok((name, from, step.clone(), left, points))
    });
    match result {
        Ok((name, from, step, left, points)) => {
            if args.format == ListFormat::Json {
                print_json(
                    &serde_json::json!({"model": name, "from": from, "to": step.to, "cost": step.cost, "xp-left": left, "points": points}),
                )
            } else {
                emit(&format!(
                    "{name}: {from} -> {} for {} XP ({left} XP left; now {points} points)\n",
                    step.to, step.cost
                ));
                exit::SUCCESS
            }
        }
        Err(code) => code,
    }
}

/// One recovery roll of the final.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct RecoveryJson {
    pub player: String,
    pub model: String,
    pub roll: u8,
    pub plays: bool,
}

/// Build the final's forces: every model not killed, a Grievous one on its recovery roll.
fn build_final(cat: &Catalogue, c: &mut Campaign, seed: u64) -> Result<Vec<RecoveryJson>, String> {
    if let Some(g) = (1..FINAL).find(|&g| c.recorded(g).is_none()) {
        return Err(format!(
            "{} is not recorded yet; the final comes after the three games",
            game_label(cat, g)
        ));
    }
    if c.players.iter().any(|p| p.buntai(FINAL).is_some()) {
        return Err(
            "the final's forces are already built (`buntai undo` takes the last edit back)"
                .to_owned(),
        );
    }
    let recovery = cat.campaign.campaign.recovery;
    let mut dice = SeededDice::new(seed, 0xF1A1);
    let mut rolls = Vec::new();
    for p in &mut c.players {
        let mut forces = Vec::new();
        for m in &p.roster.models {
            let name = m.name.clone().unwrap_or_default();
            let r = p.models.entry(name.clone()).or_default();
            if r.availability(recovery) == Availability::Recovering {
                let roll = dice.d6();
                r.recovery_roll = Some(roll);
                rolls.push(RecoveryJson {
                    player: p.name.clone(),
                    model: name.clone(),
                    roll,
                    plays: roll >= recovery,
                });
            }
            if r.availability(recovery) == Availability::Available {
                forces.push(name);
            }
        }
        p.buntai.push(SmallBuntai {
            game: FINAL,
            models: forces,
        });
    }
    // A player with no model left cannot field a Buntai: the other wins the campaign without a
    // final (P-30); with neither, it is drawn.
    let empty: Vec<bool> = c
        .players
        .iter()
        .map(|p| p.buntai(FINAL).is_none_or(|b| b.models.is_empty()))
        .collect();
    if empty.iter().any(|e| *e) {
        let winner = match (empty[0], empty[1]) {
            (true, false) => Some(c.players[1].name.clone()),
            (false, true) => Some(c.players[0].name.clone()),
            _ => None,
        };
        c.games.push(GameRecord {
            game: FINAL,
            scenario: cat.campaign.campaign.final_game,
            winner,
            vp: [0.0; 2],
            source: "not played: a player had no model left (P-30)".to_owned(),
        });
    }
    Ok(rolls)
}

fn final_forces(out: &Out, cat: &Catalogue, args: &FinalArgs) -> u8 {
    let result = edit(out, cat, &args.file, |c| {
        let rolls = build_final(cat, c, args.seed)?;
        let forces: Vec<(String, Vec<String>)> = c
            .players
            .iter()
            .map(|p| {
                (
                    p.name.clone(),
                    p.buntai(FINAL)
                        .map(|b| b.models.clone())
                        .unwrap_or_default(),
                )
            })
            .collect();
        Ok((rolls, forces))
    });
    match result {
        Ok((rolls, forces)) => {
            if args.format == ListFormat::Json {
                return print_json(
                    &serde_json::json!({"rolls": rolls, "forces": forces.iter().map(|(p, m)| serde_json::json!({"player": p, "models": m})).collect::<Vec<_>>()}),
                );
            }
            let recovery = cat.campaign.campaign.recovery;
            let mut text = String::new();
            for r in &rolls {
                text.push_str(&format!(
                    "{}: {} rolls {} for {recovery}+: {}\n",
                    r.player,
                    r.model,
                    r.roll,
                    if r.plays { "plays" } else { "stays out" }
                ));
            }
            for (p, models) in &forces {
                text.push_str(&format!(
                    "{p} fields {} in the final: {}\n",
                    models.len(),
                    models.join(", ")
                ));
            }
            emit(&text);
            exit::SUCCESS
        }
        Err(code) => code,
    }
}

/// Play game `n` of `c` with the engine and record it; the outcome.
fn play_game(
    cat: &Catalogue,
    c: &mut Campaign,
    n: u32,
    seed: u64,
    stream: u64,
    policies: [PolicyArg; 2],
    ai: &DefaultAi,
) -> Result<Outcome, String> {
    let rosters = game_rosters(c, n)?;
    let scenario = Campaign::scenario(cat, n).ok_or_else(|| format!("no game {n}"))?;
    // Roles by roll-off; the Defence's 2:1 is waived.
    let logged = super::skirmish::play_rosters(
        cat,
        [&rosters[0], &rosters[1]],
        scenario,
        seed,
        stream,
        policies,
        ai,
    )?;
    let o = outcome_of_log(cat, c, n, &logged)?;
    apply(cat, c, n, &o, format!("simulated (seed {seed})"))?;
    Ok(o)
}

/// Assign the small Buntai a player has not assigned: the models in none of the others, alive,
/// split evenly by points over the games left (P-06).
fn assign_missing(cat: &Catalogue, c: &mut Campaign) -> Result<(), String> {
    let terms = &cat.campaign.campaign;
    for p in &mut c.players {
        let missing: Vec<u32> = (1..FINAL).filter(|&g| p.buntai(g).is_none()).collect();
        if missing.is_empty() {
            continue;
        }
        let points = model_points(cat, p);
        let master: i32 = points.iter().sum();
        let models: Vec<(String, i32)> = p
            .roster
            .models
            .iter()
            .zip(&points)
            .map(|(m, &pts)| (m.name.clone().unwrap_or_default(), pts))
            .filter(|(n, _)| !p.buntai.iter().any(|b| b.models.contains(n)))
            .filter(|(n, _)| {
                p.models
                    .get(n)
                    .is_none_or(|r| r.availability(terms.recovery) != Availability::Killed)
            })
            .collect();
        let groups = auto_split(&models, missing.len(), master, terms.small_min_percent, terms.small_max_percent)
            .ok_or_else(|| format!("{}'s models left cannot be split evenly into Buntai of 25-50% for games {missing:?}: assign them (`buntai campaign assign`)", p.name))?;
        for (g, mut models) in missing.into_iter().zip(groups) {
            // Master-roster order.
            models.sort_by_key(|n| p.model_index(n));
            p.buntai.push(SmallBuntai { game: g, models });
        }
        p.buntai.sort_by_key(|b| b.game);
    }
    Ok(())
}

/// Play everything left of a campaign; the outcomes in order.
fn play_out(
    cat: &Catalogue,
    c: &mut Campaign,
    seed: u64,
    run: u64,
    policies: [PolicyArg; 2],
    ai: &DefaultAi,
) -> Result<Vec<(u32, Outcome)>, String> {
    assign_missing(cat, c)?;
    let mut played = Vec::new();
    for n in 1..FINAL {
        if c.recorded(n).is_none() {
            let o = play_game(cat, c, n, seed, run * 8 + u64::from(n), policies, ai)?;
            played.push((n, o));
        }
    }
    if c.recorded(FINAL).is_none() {
        if c.players.iter().all(|p| p.buntai(FINAL).is_none()) {
            build_final(cat, c, seed ^ run.wrapping_mul(0x9E37_79B9_7F4A_7C15))?;
        }
        if c.recorded(FINAL).is_none() {
            let o = play_game(
                cat,
                c,
                FINAL,
                seed,
                run * 8 + u64::from(FINAL),
                policies,
                ai,
            )?;
            played.push((FINAL, o));
        }
    }
    Ok(played)
}

/// `buntai campaign simulate --games N --format json`.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct CampaignRunsJson {
    pub campaigns: u64,
    pub seed: u64,
    pub players: [String; 2],
    /// How often each player won the campaign (the final), and draws.
    pub wins: [Rate; 2],
    pub draws: Rate,
    /// Each game's wins per player, game 1 to the final.
    pub game_wins: Vec<[Rate; 2]>,
    /// Mean models each player fielded in the final.
    pub final_models: [f64; 2],
}

fn simulate(out: &Out, cat: &Catalogue, args: &CampaignSimulateArgs) -> u8 {
    let ai = DefaultAi::new();
    let policies = [args.policy_a, args.policy_b];
    for p in policies {
        if matches!(p, PolicyArg::Attack | PolicyArg::Defend | PolicyArg::Half) {
            out.error(&format!(
                "a campaign game is played on the table: use {}",
                super::simulate::TABLE_POLICIES
            ));
            return exit::USAGE;
        }
    }
    if let Some(n) = args.games {
        let c = match load(out, cat, &args.file) {
            Ok(c) => c,
            Err(code) => return code,
        };
        if n == 0 || n > 100_000 {
            out.error("--games is 1 to 100,000 campaigns");
            return exit::USAGE;
        }
        use rayon::prelude::*;
        let runs: Result<Vec<_>, String> = (0..n)
            .into_par_iter()
            .map(|run| {
                let mut copy = c.clone();
                let played = play_out(cat, &mut copy, args.seed, run, policies, &ai)?;
                let finals =
                    [0, 1].map(|k| copy.players[k].buntai(FINAL).map_or(0, |b| b.models.len()));
                let winners: Vec<(u32, Option<usize>)> = (1..=FINAL)
                    .map(|g| {
                        (
                            g,
                            copy.recorded(g)
                                .and_then(|r| r.winner.as_deref())
                                .and_then(|w| copy.player_index(w)),
                        )
                    })
                    .collect();
                let _ = played;
                Ok((winners, finals))
            })
            .collect();
        let runs = match runs {
            Ok(r) => r,
            Err(m) => {
                out.error(&m);
                return exit::PROBLEMS;
            }
        };
        let count = |g: u32, k: Option<usize>| -> u64 {
            runs.iter()
                .filter(|(w, _)| w.iter().any(|(x, win)| *x == g && *win == k))
                .count() as u64
        };
        let report = CampaignRunsJson {
            campaigns: n,
            seed: args.seed,
            players: [c.players[0].name.clone(), c.players[1].name.clone()],
            wins: [
                rate(count(FINAL, Some(0)), n),
                rate(count(FINAL, Some(1)), n),
            ],
            draws: rate(count(FINAL, None), n),
            game_wins: (1..=FINAL)
                .map(|g| [rate(count(g, Some(0)), n), rate(count(g, Some(1)), n)])
                .collect(),
            final_models: [0, 1]
                .map(|k| runs.iter().map(|(_, f)| f[k] as f64).sum::<f64>() / n as f64),
        };
        if args.format == ListFormat::Json {
            return print_json(&report);
        }
        let mut doc = Doc::new(format!(
            "{n} campaigns: {} against {} (seed {})",
            report.players[0], report.players[1], args.seed
        ));
        let show = |r: &Rate| {
            format!(
                "{} ({}-{})",
                pct(r.rate, r.count, n),
                crate::runs::bound(r.low),
                crate::runs::bound(r.high)
            )
        };
        let mut rows: Vec<Vec<String>> = (1..=FINAL)
            .map(|g| {
                let w = &report.game_wins[(g - 1) as usize];
                vec![game_label(cat, g), show(&w[0]), show(&w[1])]
            })
            .collect();
        rows.push(vec![
            "the campaign".to_owned(),
            show(&report.wins[0]),
            show(&report.wins[1]),
        ]);
        doc.table(&["Won", &report.players[0], &report.players[1]], rows);
        doc.para(format!(
            "Draws: {}. Models in the final: {:.1} and {:.1} on average. Rates with 95% intervals.",
            show(&report.draws),
            report.final_models[0],
            report.final_models[1]
        ));
        emit(&doc.to_text(out.text_style()));
        return exit::SUCCESS;
    }
    let result = edit(out, cat, &args.file, |c| {
        let played = play_out(cat, c, args.seed, 0, policies, &ai)?;
        let text: String = played
            .iter()
            .map(|(n, o)| outcome_text(cat, c, *n, o))
            .collect();
        Ok(text)
    });
    report_edit(out, cat, &args.file, args.format, result)
}

/// Kept for the sheet: each master-roster model's campaign line (XP, Rank, availability).
pub fn sheet_notes(cat: &Catalogue, c: &Campaign, player: usize) -> Vec<(String, String)> {
    let s = summary(cat, c);
    s.players[player]
        .models
        .iter()
        .map(|m| {
            let state = match m.availability {
                Availability::Available => "available",
                Availability::Recovering => "grievous (recovery roll due)",
                Availability::Unfit => "out (failed recovery)",
                Availability::Killed => "killed",
            };
            (
                m.name.clone(),
                format!("Rank {}, {} XP, {state}", m.rank, m.xp),
            )
        })
        .collect()
}
