//! `buntai print`: the roster sheet as terminal text, Markdown, print-ready HTML or JSON.

use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::output::{Out, note, open_output, write_output};
use crate::diag::{SourceFile, exit, render};
use crate::model::Catalogue;
use crate::print::{View, build_sheet, render_cards, render_html, share_text, sheet_doc};
use crate::roster::{self, Rules};
use crate::rules::{self, Options};

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
    pub roster: PathBuf,
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
    let output = match open_output(
        out,
        args.output.as_deref(),
        args.force,
        &[args.roster.as_path()],
    ) {
        Ok(file) => file,
        Err(code) => return code,
    };
    let file = match super::output::read_input(out, &args.roster) {
        Ok(file) => file,
        Err(code) => return code,
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
    let sheet = build_sheet(cat, &parsed, &resolved, &report, view);
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
