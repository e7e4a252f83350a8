//! `drawrules verify`: the command-line layer over [`drawrules_conformance::verify`].

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Args, ValueEnum};

use crate::signals::{Received, StopRequest};
use drawrules_conformance::corpus::{built_in, load_dir};
use drawrules_conformance::protocol::{
    EngineError, EngineProcess, Profile, adopt_orphans, stop_all_engines,
};
use drawrules_conformance::verify::{
    KnownDivergences, OurArbiter, OurExactArbiter, Subject, VerifyOptions, VerifyReport, render,
    verify_parallel,
};

use crate::output::{BAD_INPUT, USAGE};

/// Report formats.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Format {
    /// For people.
    Text,
    /// One JSON object.
    Json,
    /// JUnit XML, for CI systems.
    Junit,
    /// A Markdown section for spec/CONFORMANCE.md (`drawrules docs
    /// conformance`).
    Markdown,
}

/// Verify an implementation against the reference: the conformance corpus
/// and generated games, compared on every ply, every distinct divergence
/// grouped by rule and cause and shrunk. Without --engine, verifies our
/// arbiter.
#[derive(Args, Debug)]
pub struct VerifyArgs {
    /// The engine to verify, a command speaking the engine protocol (run
    /// with `sh -c`), e.g. "python -m drawrules.adapters.python_chess" (the
    /// python-chess adapter the wheel installs) or "node test/adapter.mjs".
    /// Default: our arbiter, in this process.
    #[arg(long)]
    engine: Option<String>,
    /// Generated games to judge after the corpus.
    #[arg(long, default_value_t = 300)]
    games: usize,
    /// The seed of the generated games.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// A corpus directory to judge instead of the conformance corpus built
    /// into this program (spec/cases as it was when it was built).
    #[arg(long)]
    cases: Option<PathBuf>,
    /// Skip the corpus.
    #[arg(long, conflicts_with = "cases")]
    no_cases: bool,
    /// Known divergences (TOML: [[known]] rule = "...", cause = "...",
    /// kind = "..." where the rule's findings have kinds (the kind of
    /// input, illegal move, claim or ending; a part's direction: missed,
    /// extra, higher, ...),
    /// profile = "..." for an entry that holds only under one profile,
    /// why = "..."; one entry per group and cause, never a whole group); every
    /// entry must still diverge.
    #[arg(long)]
    known: Option<PathBuf>,
    /// Report format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Also write the report as JUnit XML to this file (for a CI system
    /// to show), whatever --format prints.
    #[arg(long, value_name = "FILE")]
    junit: Option<PathBuf>,
    /// How long the engine has for each request (reading it and answering),
    /// in milliseconds. 3 faults in a row, or a run of faults longer than
    /// twice this, make the engine broken: verify stops (exit status 3).
    /// The default holds for a Python engine on a machine loaded eight
    /// times over (`drawrules docs protocol`, "Faults").
    #[arg(long, default_value_t = 30_000)]
    timeout_ms: u64,
    /// Let games the engine refuses as `unsupported` pass (they are
    /// counted and listed either way).
    #[arg(long)]
    allow_unsupported: bool,
    /// Engine processes judging games at once (default: the machine's
    /// cores). The report is the same for any number.
    #[arg(long)]
    jobs: Option<usize>,
    /// Verify our arbiter with Article 5.2.2 decided exactly: it declares
    /// the exact reading and is held to the reference's exact rule (a
    /// search per ply of every game: ask for few games). An engine given
    /// with --engine says in its handshake which reading it follows.
    #[arg(long, conflicts_with = "engine")]
    exact_dead_position: bool,
    /// Judge by a profile's draw policies and editions
    /// (`drawrules docs profiles`) in place of those the handshake declares:
    /// fide-2018, fide-2014, lichess, chess-com or us-chess. The games
    /// sent name the profile's editions.
    #[arg(long)]
    profile: Option<Profile>,
    /// Divergences shrunk to a minimal game, per rule, cause and kind.
    /// 0 shrinks none: the findings and the exit status are the same, each
    /// shown with the command that replays its whole game, and the run
    /// spends no time replaying shortened games (for a campaign that needs
    /// only the verdict of many engines).
    #[arg(long, default_value_t = 1, value_name = "N")]
    shrink: usize,
}

/// Exit code when the engine diverges beyond its known divergences.
const DIVERGES: u8 = 1;
/// Exit code when the engine is broken and verify stopped early, or could
/// not be run at all (it did not start, exited or answered nothing usable
/// before its handshake).
const BROKEN: u8 = 3;
/// Exit code when nothing failed but some part the engine implements was
/// compared on fewer than the floor of one of its occasions: the run was
/// too small (or too narrowed) to say it agrees, which a gate must not
/// take for a PASS nor for a bug of the engine.
const NOT_EXERCISED: u8 = 4;

/// The number of engine processes: `asked`, or the machine's cores; at
/// least 1 and at most [`MOST_JOBS`].
fn jobs(asked: Option<usize>) -> Result<usize, String> {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    match asked {
        None => Ok(cores.min(MOST_JOBS)),
        Some(0) => Err("--jobs 0: at least one engine process is needed".to_owned()),
        Some(n) if n > MOST_JOBS => Err(format!("--jobs {n}: at most {MOST_JOBS}")),
        Some(n) => Ok(n),
    }
}

/// The most engine processes verify runs at once.
const MOST_JOBS: usize = 64;

/// Runs `drawrules verify`, in steps: the `--junit` file claimed first
/// (so that it is never left stale, and a path that cannot be written
/// costs no judging), the inputs, the subjects, the run, the reports and
/// the exit status. The JUnit file is written on every exit after its
/// claim: the report, or one failing test case that says why there is
/// none.
pub fn run(args: &VerifyArgs) -> ExitCode {
    let junit = match JunitFile::claim(args.junit.as_ref()) {
        Ok(junit) => junit,
        Err(message) => return fail(USAGE, &message),
    };
    let terminal = std::io::stderr().is_terminal();
    // Before anything else (loading the corpus takes seconds): the first
    // signal kills every engine at once (their answers are not waited
    // for) and stops the run; verify then reports what was judged.
    let stop = match StopRequest::install(terminal, stop_all_engines) {
        Ok(stop) => stop,
        Err(err) => return junit.fail(BROKEN, &format!("cannot handle signals: {err}")),
    };
    let (options, known, jobs) = match inputs(args, &stop) {
        Ok(inputs) => inputs,
        Err((code, message)) => return junit.fail(code, &message),
    };
    let mut subjects = match subjects(args, jobs) {
        Ok(subjects) => subjects,
        Err(message) => return junit.fail(BROKEN, &message),
    };
    let (verified, judged) = judge(&mut subjects, &options, known, terminal);
    // Nothing of the engines outlives a stop, whenever the signal came.
    let received = stop.received();
    if received.is_some() {
        stop_all_engines();
        if terminal {
            eprintln!();
        }
    }
    let report = match verified {
        Ok(report) => report,
        Err(_) if let Some(signal) = received => {
            return junit.fail(
                signal.status(),
                &format!(
                    "verify stopped by {} before the engine's handshake was done: no game was judged; every engine process was killed",
                    signal.name()
                ),
            );
        }
        // An engine that could not be run is broken; a handshake it gave
        // that cannot be judged fails the check.
        Err(fault) => {
            return junit.fail(
                if fault.failed_to_run() {
                    BROKEN
                } else {
                    DIVERGES
                },
                &format!("the engine failed its handshake: {fault}"),
            );
        }
    };
    if let Err(message) = write_reports(args.format, &report, &junit) {
        return fail(BAD_INPUT, &message);
    }
    status(&stop, &report, judged, args.engine.is_some())
}

/// Prints `error: message` and gives the exit code `code`.
fn fail(code: u8, message: &str) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::from(code)
}

/// The `--junit` file, claimed before anything is judged.
struct JunitFile(Option<PathBuf>);

impl JunitFile {
    /// Claims `path`: writes there, at once, a JUnit report with one
    /// failing test case saying that the run did not finish, which the
    /// run's own report replaces on every exit that gets to write it.
    /// A path that cannot be written is refused with a line saying why.
    fn claim(path: Option<&PathBuf>) -> Result<JunitFile, String> {
        if let Some(path) = path {
            let unfinished = render::junit_failure(
                "verify",
                "the run did not finish: verify was killed before it could write its report",
            );
            std::fs::write(path, unfinished).map_err(|err| {
                format!(
                    "--junit {}: cannot write there: {err}; nothing was judged",
                    path.display()
                )
            })?;
        }
        Ok(JunitFile(path.cloned()))
    }

    /// Writes `xml` to the file, if there is one.
    fn write(&self, xml: &str) -> Result<(), String> {
        match &self.0 {
            Some(path) => std::fs::write(path, xml).map_err(|err| {
                format!("--junit {}: cannot write the report: {err}", path.display())
            }),
            None => Ok(()),
        }
    }

    /// [`fail`], with the JUnit file saying why there is no report.
    fn fail(&self, code: u8, message: &str) -> ExitCode {
        let written = self.write(&render::junit_failure("verify", message));
        let status = fail(code, message);
        match written {
            Ok(()) => status,
            Err(err) => fail(BAD_INPUT, &err),
        }
    }
}

/// The run's options (the corpus, the known divergences, the number of
/// engine processes) from the command line.
fn inputs(
    args: &VerifyArgs,
    stop: &StopRequest,
) -> Result<(VerifyOptions, KnownDivergences, usize), (u8, String)> {
    let corpus = match (&args.cases, args.no_cases) {
        (_, true) => Ok(None),
        (Some(dir), false) => load_dir(dir).map(Some),
        (None, false) => built_in().map(Some),
    }
    .map_err(|err| (BAD_INPUT, format!("--cases: {err}")))?;
    let known = args
        .known
        .as_deref()
        .map(KnownDivergences::load)
        .transpose()
        .map_err(|err| (BAD_INPUT, format!("--known: {err}")))?
        .unwrap_or_default();
    let jobs = jobs(args.jobs).map_err(|message| (USAGE, message))?;
    let options = VerifyOptions {
        games: args.games,
        seed: args.seed,
        corpus,
        allow_unsupported: args.allow_unsupported,
        stop: Some(stop.flag()),
        profile: args.profile,
        shrink_per_group: args.shrink,
        ..VerifyOptions::default()
    };
    Ok((options, known, jobs))
}

/// What is verified: `jobs` processes of the engine, or our arbiter.
fn subjects(args: &VerifyArgs, jobs: usize) -> Result<Vec<Box<dyn Subject + Send>>, String> {
    let subject = || -> Box<dyn Subject + Send> {
        match &args.engine {
            Some(command) => Box::new(EngineProcess::new(
                command,
                Duration::from_millis(args.timeout_ms),
            )),
            None if args.exact_dead_position => Box::new(OurExactArbiter),
            None => Box::new(OurArbiter),
        }
    };
    if args.engine.is_some() {
        // Whatever the engine starts, and however verify ends, goes with
        // it: orphans are re-parented here (Linux), signals kill the
        // engines.
        adopt_orphans().map_err(|err| format!("cannot adopt the engine's orphans: {err}"))?;
    }
    Ok((0..jobs).map(|_| subject()).collect())
}

/// Runs the verification, showing progress on a terminal; with the
/// games judged and in all, as progress last heard them.
fn judge(
    subjects: &mut [Box<dyn Subject + Send>],
    options: &VerifyOptions,
    known: KnownDivergences,
    terminal: bool,
) -> (Result<VerifyReport, EngineError>, (usize, usize)) {
    let started = Instant::now();
    let mut last_shown = Instant::now();
    let mut judged = (0, 0);
    let mut progress = |done: usize, total: usize| {
        judged = (done, total);
        if terminal && (done == total || last_shown.elapsed() >= Duration::from_millis(100)) {
            last_shown = Instant::now();
            let rate = done as f64 / started.elapsed().as_secs_f64().max(1e-9);
            eprint!("\rverify: {done}/{total} games, {rate:.0} games/s ");
            if done == total {
                eprintln!();
            }
        }
    };
    let verified = verify_parallel(subjects, options, known, &mut progress);
    (verified, judged)
}

/// Prints the report in `format`, and writes the JUnit file; the JUnit
/// file is written even when standard output cannot be.
fn write_reports(format: Format, report: &VerifyReport, junit: &JunitFile) -> Result<(), String> {
    let out = match format {
        Format::Text => render::text(report),
        Format::Json => render::json(report),
        Format::Junit => render::junit(report),
        Format::Markdown => render::markdown(report),
    };
    let mut stdout = std::io::stdout().lock();
    let printed = stdout
        .write_all(out.as_bytes())
        .and_then(|()| stdout.flush())
        .map_err(|_| "could not write to standard output".to_owned());
    junit.write(&render::junit(report))?;
    printed
}

/// The exit status of a run that has its report: a signal's, broken,
/// diverges, or success.
fn status(
    stop: &StopRequest,
    report: &VerifyReport,
    judged: (usize, usize),
    engine: bool,
) -> ExitCode {
    // A signal that came after the last game still sets the status.
    if let Some(signal) = stop.received() {
        return fail(signal.status(), &stopped_by(signal, report, engine));
    }
    if let Some(broken) = &report.broken {
        let (done, total) = judged;
        return fail(BROKEN, &stopped(broken, done, total));
    }
    if report.failed() {
        ExitCode::from(DIVERGES)
    } else if report.passed() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(NOT_EXERCISED)
    }
}

/// The line that says that `signal` stopped verify, and how many games of
/// the report were judged (and, with `engines`, that they were killed).
fn stopped_by(signal: Received, report: &VerifyReport, engines: bool) -> String {
    let total = report.games();
    format!(
        "verify stopped by {} after {} of {total} games were judged ({} not judged){}",
        signal.name(),
        report.judged,
        total.saturating_sub(report.judged),
        if engines {
            "; every engine process was killed"
        } else {
            ""
        }
    )
}

/// The line that says why verify stopped after `done` of `total` games
/// were judged (a count: with several threads, the games judged need not
/// be the first ones).
fn stopped(broken: &EngineError, done: usize, total: usize) -> String {
    format!("verify stopped after {done} of {total} games were judged: {broken}")
}
