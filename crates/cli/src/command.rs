//! The command line's arguments and their dispatch to one file per
//! command under `commands/`.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::ExplainArgs;
use crate::commands::{adjudicate, cases, dead, docs, explain, verify};
use crate::output;

/// The FIDE Laws' draw rules, executable.
#[derive(Parser)]
#[command(name = "drawrules", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play a game and explain, ply by ply, which draws may be claimed and
    /// which endings hold.
    Explain(ExplainArgs),
    /// Whether a position is dead (Article 5.2.2): whether each side can
    /// still checkmate by some series of legal moves, with the evidence (a
    /// helpmate line, or why no mate exists).
    Dead(dead::DeadArgs),
    /// Run the conformance corpus (or list its cases): exit status 0 only
    /// if every case holds.
    Cases(cases::CasesArgs),
    /// Verify an implementation against the reference (our arbiter by
    /// default, or any engine speaking the protocol `drawrules docs
    /// protocol` prints): exit status 0
    /// only when it diverges nowhere beyond its known divergences; 130, 143
    /// or 129 when SIGINT, SIGTERM or SIGHUP stopped it (the report covers
    /// the games judged before, and says how many were not).
    Verify(verify::VerifyArgs),
    /// Replay every game of PGN files (plain, .xz, .zst, .gz) with the
    /// rules: claims, automatic endings, results that contradict them.
    /// Exit status 0 when every game was replayed, 1 when some game could
    /// not be, 2 when a file could not be read; 130, 143 or 129 when
    /// SIGINT, SIGTERM or SIGHUP stopped it (the games reported before are
    /// printed, and how many).
    Adjudicate(adjudicate::AdjudicateArgs),
    /// Print a page of the specification, as built into this command: the
    /// engine protocol, the profiles, adjudicate's report, the corpus's
    /// format, the situations, the peers' conformance. Without a page,
    /// list them.
    Docs(docs::DocsArgs),
}

/// Runs the command on the command line `args` (the program's name
/// first, as [`std::env::args_os`] gives it) and returns its exit status:
/// what the `drawrules` binary does, and what the Python package's
/// `drawrules` command runs in its own process.
///
/// Exit statuses shared by every command: 0 success; 1 the command's
/// check failed (a case, a game, a divergence); 2 bad input (a FEN, a
/// move, a file that cannot be read); 64 a usage error (an unknown option
/// or a value clap cannot parse, such as `--rules fide-1997`). `verify`
/// also exits with 3 when the engine is broken, and with 4 when nothing
/// failed but a part was not exercised (see
/// `drawrules_conformance::verify::FLOOR`). `verify` and `adjudicate` stop
/// cleanly on SIGINT, SIGTERM or SIGHUP (what was done is written, then
/// what was not) and exit with 128 plus the signal's number (130, 143,
/// 129); on Windows the console's events stand for them.
///
/// # Examples
///
/// ```
/// use std::process::ExitCode;
///
/// assert_eq!(drawrules_cli::run(["drawrules", "--version"]), ExitCode::SUCCESS);
/// assert_eq!(drawrules_cli::run(["drawrules", "--bogus"]), ExitCode::from(64));
/// ```
pub fn run<I, T>(args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(err) => return output::usage(&err),
    };
    match cli.command {
        Command::Explain(args) => explain::run(&args),
        Command::Dead(args) => dead::run(&args),
        Command::Cases(args) => cases::run(&args),
        Command::Verify(args) => verify::run(&args),
        Command::Adjudicate(args) => adjudicate::run(&args),
        Command::Docs(args) => docs::run(&args),
    }
}
