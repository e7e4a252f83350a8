//! `drawrules adjudicate`: the thin command line over
//! [`drawrules_pgn::adjudicate`]. The JSON lines it prints are documented
//! in `spec/ADJUDICATE.md`.

mod progress;

use std::io::{self, IsTerminal};
use std::num::NonZero;
use std::path::{Path, PathBuf};
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
use crate::signals::{Received, StopRequest};
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
    let options = options(args, &stop);
    let files = files(args);
    let mut judging = Judging {
        options: &options,
        stop: &stop,
        summary: Summary::new(args.examples),
        progress: Progress::new(&files),
        // Every game's line is visible at most a tenth of a second after
        // the game was judged, and all of them when the run stops.
        stdout: FlushingStdout::new(),
        file_failed: false,
        opened: 0,
        cut: false,
    };
    judging.all(&files);
    judging.finish(args.json)
}

/// The library's options as the arguments ask.
fn options(args: &AdjudicateArgs, stop: &StopRequest) -> AdjudicateOptions {
    AdjudicateOptions {
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
    }
}

/// The files to read: as given, or standard input (`-`) when none is.
fn files(args: &AdjudicateArgs) -> Vec<PathBuf> {
    if args.files.is_empty() {
        vec![PathBuf::from("-")]
    } else {
        args.files.clone()
    }
}

/// How reading one file ended.
enum FileOutcome {
    /// Every game of it was judged.
    Judged,
    /// It could not be opened or read to its end.
    Failed,
    /// A stop left it (or part of it) unjudged.
    Cut,
}

/// A run over the files: what it was asked, where it writes, and what it
/// found so far.
struct Judging<'a> {
    options: &'a AdjudicateOptions,
    stop: &'a StopRequest,
    summary: Summary,
    progress: Progress,
    stdout: FlushingStdout,
    /// Whether some file could not be read (to its end).
    file_failed: bool,
    /// The files opened (read, in part or whole).
    opened: usize,
    /// Whether input was left unjudged by a stop.
    cut: bool,
}

impl Judging<'_> {
    /// Judges `files` in order, until the end or a stop.
    fn all(&mut self, files: &[PathBuf]) {
        for path in files {
            if self.stop.received().is_some() {
                self.cut = true;
                break;
            }
            match self.file(path) {
                FileOutcome::Judged => {}
                FileOutcome::Failed => self.file_failed = true,
                FileOutcome::Cut => {
                    self.cut = true;
                    break;
                }
            }
        }
        self.progress.clear();
    }

    /// Judges the games of `path`, each reported as it is judged.
    fn file(&mut self, path: &Path) -> FileOutcome {
        let input = match stoppable::open(path, self.stop.flag()) {
            Ok(input) => input,
            Err(_) if self.stop.received().is_some() => return FileOutcome::Cut,
            Err(err) => {
                self.progress.println(&format!("error: {err}"));
                return FileOutcome::Failed;
            }
        };
        self.opened += 1;
        self.progress.reading(Arc::clone(&input.bytes_read));
        let name = path.display().to_string();
        let (summary, progress, stdout) = (&mut self.summary, &mut self.progress, &self.stdout);
        let outcome = adjudicate_source(&name, input, self.options, |report, line| {
            summary.add(report);
            progress.tick(summary.games);
            if let Some(line) = line {
                stdout.write_line(line);
            } else if let Some(error) = report.error_line() {
                progress.println(&format!("error: {error}"));
            }
        });
        self.progress.finish_file();
        match outcome {
            Ok(()) => FileOutcome::Judged,
            Err(AdjudicateError::Stopped { .. }) => FileOutcome::Cut,
            Err(err) => {
                self.progress.println(&format!("error: {err}"));
                FileOutcome::Failed
            }
        }
    }

    /// The signal that stopped the run, if one did, and the line that
    /// says so.
    fn stopped(&self) -> Option<(Received, String)> {
        self.stop.received().map(|signal| {
            let rest = if self.cut {
                "; the rest of the input was not judged"
            } else {
                ""
            };
            (
                signal,
                format!(
                    "stopped by {} after {} games were reported{rest}",
                    signal.name(),
                    self.summary.games
                ),
            )
        })
    }

    /// Writes the summary (unless `json`, or the files given could not be
    /// opened, not one: then there is nothing to sum up, and their errors
    /// alone are the answer) and gives the exit status.
    fn finish(self, json: bool) -> ExitCode {
        let stopped = self.stopped();
        let none_opened = self.opened == 0 && self.file_failed;
        if !json && !none_opened {
            self.stdout.write(&self.summary.table());
            if let Some((_, line)) = &stopped {
                self.stdout.write(&format!("\n{line}\n"));
            }
        }
        if self.stdout.finish().is_err() {
            eprintln!("error: could not write to standard output");
            return ExitCode::from(FILE_FAILED);
        }
        if let Some((signal, line)) = stopped {
            eprintln!("error: adjudicate {line}");
            ExitCode::from(signal.status())
        } else if self.file_failed {
            ExitCode::from(FILE_FAILED)
        } else if self.summary.count(GameFinding::ParseError) > 0 {
            ExitCode::from(GAME_FAILED)
        } else {
            ExitCode::SUCCESS
        }
    }
}
