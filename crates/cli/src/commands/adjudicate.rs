//! `drawrules adjudicate`: the thin command line over
//! [`drawrules_pgn::adjudicate`]. The JSON lines it prints are documented
//! in `spec/ADJUDICATE.md`.

mod progress;

use std::io::{self, IsTerminal};
use std::num::NonZero;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use clap::Args;
use drawrules::Edition;
use drawrules_pgn::Limits;
use drawrules_pgn::adjudicate::{
    AdjudicateError, AdjudicateOptions, DeadCheck, GameFinding, Summary, adjudicate_source,
};
use progress::Progress;

use crate::flushing::FlushingStdout;
use crate::signals::StopRequest;
use crate::stoppable;

/// Exit code when some game could not be read or replayed.
const GAME_FAILED: u8 = 1;

/// Exit code when a file could not be read (to its end).
const FILE_FAILED: u8 = 2;

/// The arguments of `drawrules adjudicate`.
#[derive(Args)]
pub struct AdjudicateArgs {
    /// PGN files, plain or compressed with xz, zstd or gzip (recognised by
    /// their first bytes); `-` or none for standard input.
    #[arg(value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Print one JSON line per game instead of the summary table.
    #[arg(long)]
    json: bool,
    /// The edition of the Laws: fide-2018 or fide-2014.
    #[arg(long, default_value_t = Edition::Fide2018)]
    rules: Edition,
    /// Worker threads (default and most: the threads the machine offers).
    #[arg(long)]
    threads: Option<NonZero<usize>>,
    /// Example games listed per finding in the summary.
    #[arg(long, default_value_t = 3)]
    examples: usize,
    /// A game whose text (tags, moves, comments) is longer is reported as
    /// too long and skipped.
    #[arg(long, value_name = "BYTES", default_value_t = Limits::default().max_game_bytes)]
    max_game_bytes: usize,
    /// A game whose main line has more plies is reported as too long.
    #[arg(long, value_name = "PLIES", default_value_t = Limits::default().max_plies)]
    max_plies: usize,
    /// Also decide dead positions (5.2.2) exactly, over each whole game
    /// (locked pawn walls and the like, not only material), and search for
    /// the winner's mate in games won on time (6.9). Costs a search per
    /// game: a few milliseconds for most, up to about 3 s for a game whose
    /// last position no search settles, and at most 80 MB per thread.
    #[arg(long)]
    exact_dead_position: bool,
}

/// The worker threads: as asked, at most what the machine offers (more
/// only slows the run down), with a message when the request is cut.
fn threads(asked: Option<NonZero<usize>>) -> usize {
    let offered = std::thread::available_parallelism().map_or(1, NonZero::get);
    match asked {
        None => offered,
        Some(asked) if asked.get() > offered => {
            eprintln!(
                "warning: --threads {asked} is more than the {offered} this machine offers; using {offered}"
            );
            offered
        }
        Some(asked) => asked.get(),
    }
}

/// Runs the command: 0 when every game was replayed, 1 when some game could
/// not be read or replayed, 2 when a file could not be read, 128 plus the
/// signal's number when SIGINT, SIGTERM or SIGHUP stopped it.
pub fn run(args: &AdjudicateArgs) -> ExitCode {
    let stop = match StopRequest::install(io::stderr().is_terminal(), || {}) {
        Ok(stop) => stop,
        Err(err) => return crate::output::fail(&format!("cannot handle signals: {err}")),
    };
    let options = AdjudicateOptions {
        edition: args.rules,
        threads: threads(args.threads),
        json: args.json,
        dead: if args.exact_dead_position {
            DeadCheck::Exact
        } else {
            DeadCheck::Material
        },
        limits: Limits {
            max_game_bytes: args.max_game_bytes,
            max_plies: args.max_plies,
        },
        stop: Some(stop.flag()),
        ..AdjudicateOptions::default()
    };
    let files = if args.files.is_empty() {
        vec![PathBuf::from("-")]
    } else {
        args.files.clone()
    };
    let mut summary = Summary::new(args.examples);
    let mut progress = Progress::new(&files);
    let mut file_failed = false;
    // Every game's line is visible at most a tenth of a second after the
    // game was judged, and all of them when the run stops.
    let stdout = FlushingStdout::new();
    // Whether input was left unjudged by a stop.
    let mut cut = false;
    for path in &files {
        if stop.received().is_some() {
            cut = true;
            break;
        }
        let input = match stoppable::open(path, stop.flag()) {
            Ok(input) => input,
            Err(_) if stop.received().is_some() => {
                cut = true;
                break;
            }
            Err(err) => {
                progress.println(&format!("error: {err}"));
                file_failed = true;
                continue;
            }
        };
        progress.reading(Arc::clone(&input.bytes_read));
        let name = path.display().to_string();
        let outcome = adjudicate_source(&name, input, &options, |report, line| {
            summary.add(report);
            progress.tick(summary.games);
            if let Some(line) = line {
                stdout.write_line(line);
            } else if let Some(error) = report.error_line() {
                progress.println(&format!("error: {error}"));
            }
        });
        progress.finish_file();
        match outcome {
            Ok(()) => {}
            Err(AdjudicateError::Stopped { .. }) => {
                cut = true;
                break;
            }
            Err(err) => {
                progress.println(&format!("error: {err}"));
                file_failed = true;
            }
        }
    }
    progress.clear();
    let stopped = stop.received().map(|signal| {
        let rest = if cut {
            "; the rest of the input was not judged"
        } else {
            ""
        };
        (
            signal,
            format!(
                "stopped by {} after {} games were reported{rest}",
                signal.name(),
                summary.games
            ),
        )
    });
    if !args.json {
        stdout.write(&summary.table());
        if let Some((_, line)) = &stopped {
            stdout.write(&format!("\n{line}\n"));
        }
    }
    if stdout.finish().is_err() {
        eprintln!("error: could not write to standard output");
        return ExitCode::from(FILE_FAILED);
    }
    if let Some((signal, line)) = stopped {
        eprintln!("error: adjudicate {line}");
        ExitCode::from(signal.status())
    } else if file_failed {
        ExitCode::from(FILE_FAILED)
    } else if summary.count(GameFinding::ParseError) > 0 {
        ExitCode::from(GAME_FAILED)
    } else {
        ExitCode::SUCCESS
    }
}
