//! `drawrules adjudicate`: the thin command line over
//! [`drawrules_pgn::adjudicate`].

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use clap::Args;
use drawrules::Edition;
use drawrules_pgn::adjudicate::{AdjudicateOptions, Summary, adjudicate_source, progress_line};
use drawrules_pgn::open;

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
    /// Worker threads (default: one per core).
    #[arg(long)]
    threads: Option<usize>,
    /// Example games listed per finding in the summary.
    #[arg(long, default_value_t = 3)]
    examples: usize,
}

/// Runs the command: 0 when every game was replayed, 1 when some game could
/// not be read or replayed, 2 when a file could not be read.
pub fn run(args: &AdjudicateArgs) -> ExitCode {
    let edition = args.rules;
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, std::num::NonZero::get));
    let options = AdjudicateOptions {
        edition,
        threads,
        json: args.json,
        ..AdjudicateOptions::default()
    };
    let files = if args.files.is_empty() {
        vec![PathBuf::from("-")]
    } else {
        args.files.clone()
    };
    let mut summary = Summary::new(args.examples);
    let mut progress = Progress::new();
    let mut file_failed = false;
    let mut stdout = io::BufWriter::new(io::stdout().lock());
    let mut closed = false;
    for path in &files {
        let input = match open(path) {
            Ok(input) => input,
            Err(err) => {
                eprintln!("error: {err}");
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
                closed |= writeln!(stdout, "{line}").is_err();
            } else if let Some(error) = report.error_line() {
                progress.clear();
                eprintln!("error: {error}");
            }
        });
        progress.finish_file();
        if let Err(err) = outcome {
            eprintln!("error: {err}");
            file_failed = true;
        }
    }
    progress.clear();
    if !args.json {
        closed |= write!(stdout, "{}", summary.table()).is_err();
    }
    if closed || stdout.flush().is_err() {
        eprintln!("error: could not write to standard output");
        return ExitCode::from(FILE_FAILED);
    }
    if file_failed {
        ExitCode::from(FILE_FAILED)
    } else if summary.count(drawrules_pgn::adjudicate::GameFinding::ParseError) > 0 {
        ExitCode::from(GAME_FAILED)
    } else {
        ExitCode::SUCCESS
    }
}

/// A progress line on standard error, only when it is a terminal.
struct Progress {
    shown: bool,
    started: Instant,
    last: Instant,
    bytes_before: u64,
    bytes: Option<Arc<AtomicU64>>,
    visible: bool,
}

impl Progress {
    fn new() -> Progress {
        let now = Instant::now();
        Progress {
            shown: io::stderr().is_terminal(),
            started: now,
            last: now,
            bytes_before: 0,
            bytes: None,
            visible: false,
        }
    }

    fn reading(&mut self, bytes: Arc<AtomicU64>) {
        self.bytes = Some(bytes);
    }

    fn bytes(&self) -> u64 {
        self.bytes_before
            + self
                .bytes
                .as_ref()
                .map_or(0, |bytes| bytes.load(Ordering::Relaxed))
    }

    fn finish_file(&mut self) {
        self.bytes_before = self.bytes();
        self.bytes = None;
    }

    fn tick(&mut self, games: u64) {
        if !self.shown || self.last.elapsed() < Duration::from_millis(250) {
            return;
        }
        self.last = Instant::now();
        let line = progress_line(games, self.started.elapsed(), self.bytes());
        eprint!("\r{line}\x1b[K");
        self.visible = true;
    }

    fn clear(&mut self) {
        if self.visible {
            eprint!("\r\x1b[K");
            self.visible = false;
        }
    }
}
