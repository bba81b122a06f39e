//! `buntai completions <shell>` and `buntai man`.

use clap::CommandFactory;

use super::Cli;
use crate::diag::exit;

pub fn completions(shell: clap_complete::Shell) -> u8 {
    let mut cmd = Cli::command();
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut cmd, "buntai", &mut script);
    super::output::emit(&String::from_utf8_lossy(&script));
    exit::SUCCESS
}

pub fn man() -> u8 {
    let cmd = Cli::command();
    let mut page = Vec::new();
    match clap_mangen::Man::new(cmd).render(&mut page) {
        Ok(()) => {
            super::output::emit(&String::from_utf8_lossy(&page));
            exit::SUCCESS
        }
        Err(err) => {
            super::output::note(&format!("error: cannot write the man page: {err}\n"));
            exit::USAGE
        }
    }
}
