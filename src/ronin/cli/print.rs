//! `buntai print`: the roster sheet as terminal text, Markdown, print-ready HTML or JSON.

use std::path::PathBuf;

use clap::{Args, ValueEnum};

use crate::cli::output::{Out, note, open_output, write_output};
use crate::diag::{SourceFile, exit, render};
use crate::ronin::model::Catalogue;
use crate::ronin::print::{View, build_sheet, render_cards, render_html, share_text, sheet_doc};
use crate::ronin::roster::{self, Rules};
use crate::ronin::rules::{self, Options};

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SheetFormat {
    /// A table for the terminal.
    Text,
    /// GitHub-flavoured Markdown.
    Markdown,
    /// One print-ready, self-contained page with a quick-reference card.
    Html,
    /// The sheet as data (`buntai schema sheet`).
    Json,
    /// A compact plain-text list to paste in a chat or forum; `buntai import` reads it back.
    Share,
    /// One card per model to cut out (HTML, several per page).
    Cards,
}

fn card_place(place: CardPlace) -> &'static str {
    match place {
        CardPlace::Front => "front",
        CardPlace::Back => "back",
        CardPlace::None => "none",
    }
}

#[derive(Debug, Args)]
pub struct PrintArgs {
    /// The roster file.
    #[arg(required_unless_present = "campaign")]
    pub roster: Option<PathBuf>,
    /// Print a campaign player's master roster instead, each model with its experience, Rank
    /// and availability (`buntai campaign`).
    #[arg(
        long,
        value_name = "FILE",
        conflicts_with = "roster",
        requires = "player"
    )]
    pub campaign: Option<PathBuf>,
    /// The campaign player whose roster to print.
    #[arg(long, value_name = "NAME", requires = "campaign")]
    pub player: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = SheetFormat::Text)]
    pub format: SheetFormat,
    /// Write the sheet to this file instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Overwrite the output file if it exists.
    #[arg(long)]
    pub force: bool,
    /// Points limit (overrides the roster's `points`).
    #[arg(long, value_name = "N")]
    pub points: Option<u32>,
    /// The Fatigue advanced rule is in use.
    #[arg(long)]
    pub fatigue: bool,
    /// The opponent's copy: a disguised Ninja shows as the model it impersonates, and nothing the
    /// rules keep secret is printed.
    #[arg(long)]
    pub for_opponent: bool,
    /// Where the HTML sheet puts the quick-reference card: on the sheet's page, on a page of its
    /// own (to print on the back), or nowhere.
    #[arg(long, value_enum, default_value_t = CardPlace::Front)]
    pub card: CardPlace,
    /// An L5R battle sheet for the players: hidden zone effects show as "???" (L5R-27).
    #[arg(long)]
    pub players: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CardPlace {
    /// Below the models, on the same page.
    Front,
    /// On a second page, to print on the back.
    Back,
    /// Left out.
    None,
}

pub fn run(out: &Out, cat: &Catalogue, args: &PrintArgs) -> u8 {
    let input = match args.roster.as_deref().or(args.campaign.as_deref()) {
        Some(p) => p,
        None => {
            out.error("give a roster file, or --campaign FILE --player NAME");
            return exit::USAGE;
        }
    };
    let output = match open_output(out, args.output.as_deref(), args.force, &[input]) {
        Ok(file) => file,
        Err(code) => return code,
    };
    // A campaign's master roster, with its models' campaign lines.
    let campaign_cat;
    let mut notes: Vec<(String, String)> = Vec::new();
    let (cat, file) = match &args.campaign {
        Some(path) => {
            campaign_cat = crate::ronin::campaign::catalogue(cat);
            let c = match super::campaign::load(out, &campaign_cat, path) {
                Ok(c) => c,
                Err(code) => return code,
            };
            let who = args.player.as_deref().unwrap_or_default();
            let Some(k) = c.player_index(who) else {
                let names: Vec<&str> = c.players.iter().map(|p| p.name.as_str()).collect();
                out.error(&format!(
                    "no player `{who}` in this campaign (players: {})",
                    names.join(", ")
                ));
                return exit::USAGE;
            };
            notes = super::campaign::sheet_notes(&campaign_cat, &c, k);
            let mut roster = c.players[k].roster.clone();
            // Promotions may take a master roster past the agreed total.
            roster.points = None;
            roster.name = Some(format!(
                "{}: {}",
                c.players[k].name,
                roster
                    .name
                    .clone()
                    .unwrap_or_else(|| "master roster".to_owned())
            ));
            let text = toml::to_string(&roster).unwrap_or_default();
            (
                &campaign_cat,
                SourceFile::new(format!("{}: {who}'s master roster", path.display()), text),
            )
        }
        None => match crate::cli::output::read_input(out, input) {
            Ok(file) => (cat, file),
            Err(code) => return code,
        },
    };
    let rules = Rules {
        fatigue: args.fatigue,
    };
    let report = rules::validate(
        cat,
        &file,
        Options {
            points: args.points,
            rules,
        },
    );
    let (Ok(parsed), Some(faction)) = (roster::parse(&file), report.list(cat)) else {
        return cannot_print(out, &file, &report);
    };
    let resolved = roster::resolve(cat, faction, &parsed, rules, &mut Vec::new());
    let view = if args.for_opponent {
        View::Opponent
    } else {
        View::Own
    };
    let mut sheet = build_sheet(cat, &parsed, &resolved, &report, view);
    for e in &mut sheet.entries {
        e.campaign = e
            .name
            .as_ref()
            .and_then(|n| notes.iter().find(|(m, _)| m == n))
            .map(|(_, line)| line.clone());
    }
    let text = match args.format {
        SheetFormat::Text => sheet_doc(&sheet).to_text(out.text_style()),
        SheetFormat::Markdown => sheet_doc(&sheet).to_markdown(),
        SheetFormat::Share if args.for_opponent => {
            out.error(
                "the share text is the list itself, secrets included; give your opponent \
                 `--for-opponent` as text, markdown, html or cards",
            );
            return exit::USAGE;
        }
        SheetFormat::Share => share_text(cat, faction, &parsed, &report),
        SheetFormat::Cards => match render_cards(&sheet) {
            Ok(html) => html,
            Err(err) => {
                out.error(&format!("cannot render the model cards: {err}"));
                return exit::PROBLEMS;
            }
        },
        SheetFormat::Html => match render_html(&sheet, &cat.reference, card_place(args.card)) {
            Ok(html) => html,
            Err(err) => {
                out.error(&format!("cannot render the HTML sheet: {err}"));
                return exit::PROBLEMS;
            }
        },
        SheetFormat::Json => match serde_json::to_string_pretty(&sheet) {
            Ok(json) => json + "\n",
            Err(err) => {
                out.error(&format!("cannot write JSON: {err}"));
                return exit::PROBLEMS;
            }
        },
    };
    if let Err(code) = write_output(out, output, &text) {
        return code;
    }
    if let Some(path) = &args.output {
        note(&format!("wrote {}\n", path.display()));
    }
    if sheet.legal {
        exit::SUCCESS
    } else {
        exit::PROBLEMS
    }
}

/// The roster cannot even be resolved (syntax error, unknown faction): show why.
fn cannot_print(out: &Out, file: &SourceFile, report: &rules::Report) -> u8 {
    for v in &report.violations {
        note(&render(&v.to_problem(file), out.color, out.width()));
    }
    out.error(&format!(
        "cannot print `{}`: fix the problems above first",
        file.name
    ));
    exit::PROBLEMS
}
