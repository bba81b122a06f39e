//! `buntai options FILE`: what a roster may still take, and what its rules leave free.

use std::path::PathBuf;

use clap::Args;

use crate::cli::ListFormat;
use crate::cli::output::{Out, emit, print_json};
use crate::diag::exit;
use crate::ronin::model::Catalogue;
use crate::ronin::options::slack;
use crate::ronin::print::Doc;
use crate::ronin::roster;

#[derive(Debug, Args)]
pub struct OptionsArgs {
    /// The roster file (`-` for standard input).
    pub roster: PathBuf,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ListFormat::Text)]
    pub format: ListFormat,
}

pub fn run(out: &Out, cat: &Catalogue, args: &OptionsArgs) -> u8 {
    let file = match crate::cli::output::read_input(out, &args.roster) {
        Ok(file) => file,
        Err(code) => return code,
    };
    let parsed = match roster::parse(&file) {
        Ok(parsed) => parsed,
        Err(problem) => {
            out.error(&format!(
                "`{}` is not a roster ({}); `buntai validate {}` shows where",
                file.name, problem.message, file.name
            ));
            return exit::PROBLEMS;
        }
    };
    let Some(slack) = slack(cat, &parsed) else {
        out.error(&format!(
            "`{}` names no faction this data knows (`buntai factions` lists them)",
            file.name
        ));
        return exit::PROBLEMS;
    };
    if args.format == ListFormat::Json {
        return print_json(&slack);
    }
    let mut doc = Doc::new(format!("What {} may still take", file.name));
    let points = match (slack.points_limit, slack.points_left) {
        (Some(limit), Some(left)) => {
            format!("{} of {limit} points used, {left} left", slack.points_total)
        }
        _ => format!(
            "{} points used (no limit: give the roster `points = N`)",
            slack.points_total
        ),
    };
    doc.para(format!(
        "{points}; {} models, {} more may join.",
        slack.models, slack.models_left
    ));
    doc.heading("What the rules leave free");
    doc.table(
        &["Rule", "More allowed"],
        slack
            .headroom
            .iter()
            .map(|h| vec![h.text.clone(), h.left.to_string()])
            .collect(),
    );
    doc.heading("Models that may join");
    if slack.additions.is_empty() {
        doc.para("None: no model fits the points and the rules as the roster stands.");
    }
    doc.table(
        &["Model", "Points", "Up to"],
        slack
            .additions
            .iter()
            .map(|a| {
                let mut what = a.name.clone();
                let mut extras: Vec<String> = a.weapons.clone();
                match a.armour {
                    Some(crate::ronin::model::Armour::None) => extras.push("no armour".to_owned()),
                    Some(armour) => extras.push(format!("{} armour", armour.id())),
                    None => {}
                }
                if !extras.is_empty() {
                    what = format!("{what} ({})", extras.join(", "));
                }
                vec![what, a.points.to_string(), a.up_to.to_string()]
            })
            .collect(),
    );
    doc.heading("Options for the models you have");
    if slack.upgrades.is_empty() {
        doc.para("None fits the points and the rules.");
    }
    doc.table(
        &["#", "Model", "buntai edit ... ", "Points"],
        slack
            .upgrades
            .iter()
            .map(|u| {
                vec![
                    u.entry.to_string(),
                    u.model.clone(),
                    u.change.clone(),
                    format!("{:+}", u.points),
                ]
            })
            .collect(),
    );
    emit(&doc.to_text(out.text_style()));
    exit::SUCCESS
}
