//! `buntai completions <shell>` and `buntai man`.

use std::path::Path;

use clap::CommandFactory;
use clap::builder::PossibleValuesParser;

use super::Cli;
use super::output::{Out, emit};
use crate::diag::exit;
use crate::ronin::model::Catalogue;

/// What the top-level `--help` says after the commands, and the man page's EXIT STATUS.
pub const EXIT_STATUS: &str = "Exit status: 0 success; 1 a file you gave (roster or data) has \
problems, and the diagnostics were printed; 2 a usage error, a file that cannot be read or \
written, or standard output that failed.";

/// The completion script, with ids from the game data offered where a command takes one.
pub fn completions(cat: &Catalogue, shell: clap_complete::Shell) -> u8 {
    let mut cmd = with_ids(Cli::command(), cat);
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut cmd, "buntai", &mut script);
    emit(&String::from_utf8_lossy(&script));
    exit::SUCCESS
}

/// The command line with the data's faction, profile, weapon, attribute and ruling ids as the
/// values of the arguments that take them (for completion only: parsing stays open, so `--data`
/// may bring other ids).
fn with_ids(cmd: clap::Command, cat: &Catalogue) -> clap::Command {
    let factions: Vec<String> = cat.factions.iter().map(|f| f.id.clone()).collect();
    let mut profiles: Vec<String> = cat
        .factions
        .iter()
        .flat_map(|f| f.profiles.iter())
        .chain(cat.swords_for_hire.profiles.iter())
        .map(|p| p.id.clone())
        .collect();
    profiles.sort();
    profiles.dedup();
    let weapons: Vec<String> = cat.weapons.weapons.iter().map(|w| w.id.clone()).collect();
    let attributes: Vec<String> = cat
        .attributes
        .attributes
        .iter()
        .map(|a| a.id.clone())
        .collect();
    let rulings: Vec<String> = cat.rulings.rulings.iter().map(|r| r.id.clone()).collect();
    let values = |ids: &Vec<String>| PossibleValuesParser::new(ids.clone());
    cmd.mut_subcommand("new", |c| {
        c.mut_arg("faction", |a| a.value_parser(values(&factions)))
    })
    .mut_subcommand("suggest", |c| {
        c.mut_arg("faction", |a| a.value_parser(values(&factions)))
    })
    .mut_subcommand("faction", |c| {
        c.mut_arg("id", |a| a.value_parser(values(&factions)))
    })
    .mut_subcommand("rulings", |c| {
        c.mut_arg("id", |a| a.value_parser(values(&rulings)))
    })
    .mut_subcommand("add", |c| {
        c.mut_arg("profile", |a| a.value_parser(values(&profiles)))
            .mut_arg("weapons", |a| a.value_parser(values(&weapons)))
            .mut_arg("attributes", |a| a.value_parser(values(&attributes)))
            .mut_arg("disguise", |a| a.value_parser(values(&profiles)))
    })
    .mut_subcommand("edit", |c| {
        c.mut_arg("weapons", |a| a.value_parser(values(&weapons)))
            .mut_arg("attributes", |a| a.value_parser(values(&attributes)))
            .mut_arg("disguise", |a| a.value_parser(values(&profiles)))
    })
}

/// The man page, or with `dir` one page per command written there.
pub fn man(out: &Out, dir: Option<&Path>, force: bool) -> u8 {
    let mut cmd = Cli::command();
    cmd.build();
    let Some(dir) = dir else {
        return match top_page(&cmd) {
            Ok(page) => {
                emit(&page);
                exit::SUCCESS
            }
            Err(err) => {
                out.error(&format!("cannot write the man page: {err}"));
                exit::USAGE
            }
        };
    };
    let mut pages = vec![("buntai.1".to_owned(), top_page(&cmd))];
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        let man = clap_mangen::Man::new(sub.clone());
        let mut page = Vec::new();
        let rendered = man
            .render(&mut page)
            .map(|()| String::from_utf8_lossy(&page).into_owned());
        pages.push((man.get_filename(), rendered));
    }
    let options = crate::files::WriteOptions { force, inputs: &[] };
    for (name, page) in pages {
        let path = dir.join(&name);
        let written = page.map_err(|e| e.to_string()).and_then(|text| {
            crate::files::write_file(&path, &text, &options).map_err(|e| e.to_string())
        });
        if let Err(err) = written {
            out.error(&err);
            return exit::USAGE;
        }
        super::output::note(&format!("wrote {}\n", path.display()));
    }
    exit::SUCCESS
}

/// The top page: clap's sections, then EXIT STATUS, ENVIRONMENT, FILES and EXAMPLES.
fn top_page(cmd: &clap::Command) -> Result<String, std::io::Error> {
    let man = clap_mangen::Man::new(cmd.clone());
    let mut page = Vec::new();
    man.render_title(&mut page)?;
    man.render_name_section(&mut page)?;
    man.render_synopsis_section(&mut page)?;
    man.render_description_section(&mut page)?;
    man.render_options_section(&mut page)?;
    man.render_subcommands_section(&mut page)?;
    page.extend_from_slice(EXTRA_SECTIONS.as_bytes());
    man.render_version_section(&mut page)?;
    Ok(String::from_utf8_lossy(&page).into_owned())
}

const EXTRA_SECTIONS: &str = r#".SH "EXIT STATUS"
.TP
\fB0\fR
Success: every file checked is legal, the edit was made, the output was written.
.TP
\fB1\fR
A file you gave (roster or data) has problems; the diagnostics were printed.
.TP
\fB2\fR
A usage error, a file that cannot be read or written, or standard output that failed (a full disk).
A closed pipe is not an error.
.SH ENVIRONMENT
.TP
\fBNO_COLOR\fR
Any non-empty value turns colour off (as \fB\-\-color never\fR).
.TP
\fBTERM\fR
\fBdumb\fR turns colour off.
.TP
\fBCOLUMNS\fR
The width text output is laid out for when standard output is not a terminal (default 80).
.SH FILES
.TP
\fI.NAME.buntai\-tmp\fR
The one temporary file of an edit or output, beside the file written; reused by the next write.
.TP
\fI.NAME.buntai\-undo\fR
The text of a roster before its last edit, for \fBbuntai undo\fR.
.SH EXAMPLES
.TP
\fBbuntai validate examples/bushi\-sample\-100.toml\fR
Check a roster against every composition rule.
.TP
\fBbuntai new \-\-faction bushi \-\-points 100 \-o raiders.toml\fR
Start a roster; then \fBbuntai add raiders.toml ashigaru \-\-weapon yari\fR.
.TP
\fBbuntai print raiders.toml \-\-format html \-o raiders.html\fR
A print\-ready sheet to take to the table.
.TP
\fBbuntai print raiders.toml \-\-format share | buntai import \- \-o copy.toml\fR
Share a list as text, and read one back.
.TP
\fBbuntai simulate a.toml b.toml \-\-games 1000\fR
Play games between two rosters and report the results.
"#;
