//! What every command shares: exit codes, errors on standard error, output
//! on standard output.

use std::io::{self, Write};
use std::process::ExitCode;

/// Exit code when the command's check failed: a case does not hold, a game
/// could not be replayed, an engine diverges.
pub const CHECK_FAILED: u8 = 1;

/// Exit code for input that cannot be used: a FEN or move the rules refuse,
/// a file that cannot be read, standard output closed.
pub const BAD_INPUT: u8 = 2;

/// Exit code for a command line clap cannot parse (sysexits' `EX_USAGE`),
/// apart from every command's own codes.
pub const USAGE: u8 = 64;

/// Prints `error: {message}` on standard error; returns [`BAD_INPUT`].
pub fn fail(message: &str) -> ExitCode {
    fail_with(BAD_INPUT, message)
}

/// Prints `error: {message}` on standard error; returns `code`.
pub fn fail_with(code: u8, message: &str) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::from(code)
}

/// Reports a command line clap refused ([`USAGE`]), or prints the help or
/// version asked for (success).
pub fn usage(err: &clap::Error) -> ExitCode {
    // Help and version go to standard output; errors to standard error.
    let _ = err.print();
    if err.use_stderr() {
        ExitCode::from(USAGE)
    } else {
        ExitCode::SUCCESS
    }
}

/// Writes `out` to standard output.
///
/// # Errors
///
/// The exit code to return when standard output is closed.
pub fn print(out: &str) -> Result<(), ExitCode> {
    let mut stdout = io::stdout().lock();
    if stdout
        .write_all(out.as_bytes())
        .and_then(|()| stdout.flush())
        .is_err()
    {
        // Nothing more can be said on a closed stdout; stderr may still work.
        return Err(fail("could not write to standard output"));
    }
    Ok(())
}
