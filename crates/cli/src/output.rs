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
    if err.kind() == clap::error::ErrorKind::InvalidUtf8
        && let Some(message) = not_utf8(std::env::args_os())
    {
        return fail_with(USAGE, &message);
    }
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

/// The first argument of `args` (the program's name first) that is not
/// UTF-8, named by its position and the argument before it, with its bytes
/// shown escaped: clap's own message names neither.
fn not_utf8(args: impl Iterator<Item = std::ffi::OsString>) -> Option<String> {
    let args: Vec<_> = args.collect();
    let (at, arg) = args
        .iter()
        .enumerate()
        .skip(1)
        .find(|(_, arg)| arg.to_str().is_none())?;
    let after = match at {
        1 => String::new(),
        _ => format!(" (after {})", args[at - 1].to_string_lossy()),
    };
    Some(format!("argument {at}{after} is not UTF-8: {arg:?}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::OsString;

    /// `8/8`, a byte (Unix) or a code unit (Windows) that is not UTF-8,
    /// and ` w`; and how the message shows it.
    #[cfg(unix)]
    fn not_unicode() -> (OsString, &'static str) {
        use std::os::unix::ffi::OsStringExt;
        (OsString::from_vec(b"8/8\xff w".to_vec()), r#""8/8\xFF w""#)
    }

    #[cfg(windows)]
    fn not_unicode() -> (OsString, &'static str) {
        use std::os::windows::ffi::OsStringExt;
        let units = [0x38, 0x2f, 0x38, 0xd800, 0x20, 0x77];
        (OsString::from_wide(&units), r#""8/8\u{d800} w""#)
    }

    #[test]
    fn the_argument_that_is_not_utf8_is_named() {
        let (arg, shown) = not_unicode();
        let args = ["drawrules", "explain", "--fen"]
            .map(OsString::from)
            .into_iter()
            .chain([arg]);
        assert_eq!(
            not_utf8(args),
            Some(format!("argument 3 (after --fen) is not UTF-8: {shown}"))
        );
        let args = ["drawrules", "explain", "e4"]
            .map(OsString::from)
            .into_iter();
        assert_eq!(not_utf8(args), None);
    }
}
