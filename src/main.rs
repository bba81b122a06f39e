use std::process::ExitCode;

fn main() -> ExitCode {
    ExitCode::from(buntai::cli::main())
}
