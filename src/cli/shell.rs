//! `buntai completions <shell>` and `buntai man`.

use clap::CommandFactory;

use super::Cli;
use crate::diag::exit;

pub fn completions(shell: clap_complete::Shell) -> u8 {
    let mut cmd = Cli::command();
    clap_complete::generate(shell, &mut cmd, "buntai", &mut std::io::stdout());
    exit::SUCCESS
}

pub fn man() -> u8 {
    let cmd = Cli::command();
    match clap_mangen::Man::new(cmd).render(&mut std::io::stdout()) {
        Ok(()) => exit::SUCCESS,
        Err(err) => {
            eprintln!("error: cannot write the man page: {err}");
            exit::USAGE
        }
    }
}
