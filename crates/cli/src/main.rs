//! The `drawrules` binary: the command line of this crate's library
//! ([`drawrules_cli::run`], which documents the exit statuses).

use std::process::ExitCode;

fn main() -> ExitCode {
    drawrules_cli::run(std::env::args_os())
}
