//! The `drawrules` command line: a thin layer over the library.

use std::io::{self, Write};
use std::process::ExitCode;

use std::path::PathBuf;

use clap::{Parser, Subcommand};
use drawrules::corpus::{Readings, load_dir, render_list, run_corpus, summary};
use drawrules::explain::{explain, render_json, render_table, verdict};
use drawrules::{Arbiter, Edition, Reference, Rules, StartPosition};
use shakmaty::CastlingMode;

mod adjudicate_command;
mod verify_command;

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
    Explain {
        /// Start position as FEN (default: the standard position).
        #[arg(long)]
        fen: Option<String>,
        /// The game is Chess960: castling rights by rook file (Shredder-FEN
        /// or X-FEN), castling written king-takes-rook in UCI (e1h1).
        #[arg(long)]
        chess960: bool,
        /// The edition of the Laws: fide-2018 (2017, 2018 and 2023 texts) or
        /// fide-2014.
        #[arg(long, default_value = "fide-2018")]
        rules: String,
        /// Print one JSON status record per ply instead of the table.
        #[arg(long)]
        json: bool,
        /// Which implementation judges the game: arbiter (fast, the default)
        /// or reference (the executable specification).
        #[arg(long, default_value = "arbiter")]
        engine: String,
        /// The moves, in UCI (g1f3, e1g1) or SAN (Nf3, O-O).
        #[arg(value_name = "MOVE")]
        moves: Vec<String>,
    },
    /// Run the conformance corpus (or list its cases): exit status 0 only
    /// if every case holds.
    Cases {
        /// The directory of case files.
        #[arg(long, default_value = "spec/cases")]
        dir: PathBuf,
        /// Which implementation runs the cases: arbiter (the default) or
        /// reference.
        #[arg(long, default_value = "arbiter")]
        engine: String,
        /// Only the cases whose full name (group/name) contains this text.
        #[arg(long, default_value = "")]
        filter: String,
        /// List the cases (name, articles, editions) instead of running them.
        #[arg(long)]
        list: bool,
    },
    /// Verify an implementation against the reference (our arbiter by
    /// default, or any engine speaking spec/PROTOCOL.md): exit status 0
    /// only when it diverges nowhere beyond its known divergences.
    Verify(verify_command::VerifyArgs),
    /// Replay every game of PGN files (plain, .xz, .zst, .gz) with the
    /// rules: claims, automatic endings, results that contradict them.
    /// Exit status 0 when every game was replayed, 1 when some game could
    /// not be, 2 when a file could not be read.
    Adjudicate(adjudicate_command::AdjudicateArgs),
}

/// Exit code for input the rules or the parsers refuse.
const BAD_INPUT: u8 = 2;

/// Exit code when some case of the corpus does not hold.
const CASES_FAIL: u8 = 1;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Explain {
            fen,
            chess960,
            rules,
            json,
            engine,
            moves,
        } => {
            let mode = if chess960 {
                CastlingMode::Chess960
            } else {
                CastlingMode::Standard
            };
            run_explain(fen.as_deref(), mode, &rules, &engine, json, &moves)
        }
        Command::Cases {
            dir,
            engine,
            filter,
            list,
        } => run_cases(&dir, &engine, &filter, list),
        Command::Verify(args) => verify_command::run(&args),
        Command::Adjudicate(args) => adjudicate_command::run(&args),
    }
}

fn engine_named(engine: &str) -> Result<Box<dyn Rules>, String> {
    match engine {
        "arbiter" => Ok(Box::new(Arbiter::default())),
        "reference" => Ok(Box::new(Reference::default())),
        other => Err(format!(
            "--engine: unknown engine {other:?} (expected arbiter or reference)"
        )),
    }
}

fn run_explain(
    fen: Option<&str>,
    mode: CastlingMode,
    rules: &str,
    engine: &str,
    json: bool,
    moves: &[String],
) -> ExitCode {
    let edition: Edition = match rules.parse() {
        Ok(edition) => edition,
        Err(err) => return fail(&format!("--rules: {err}")),
    };
    let mut implementation = match engine_named(engine) {
        Ok(implementation) => implementation,
        Err(message) => return fail(&message),
    };
    let start = match fen
        .map(|fen| StartPosition::from_fen_in(fen, mode))
        .transpose()
    {
        Ok(Some(start)) => start,
        Ok(None) if mode == CastlingMode::Chess960 => {
            StartPosition::chess960(518).expect("518 is the standard array")
        }
        Ok(None) => StartPosition::standard(),
        Err(err) => return fail(&format!("ply 0, --fen {:?}: {err}", fen.unwrap_or(""))),
    };
    let explained = explain(implementation.as_mut(), &start, edition, moves);

    let mut out = if json {
        render_json(&explained.rows)
    } else {
        render_table(&explained.rows)
    };
    if let (false, None, Some(last)) = (json, &explained.error, explained.rows.last()) {
        out.push_str(&verdict(last));
        out.push('\n');
    }
    if let Err(code) = print(&out) {
        return code;
    }
    match explained.error {
        Some(error) => fail(&error.to_string()),
        None => ExitCode::SUCCESS,
    }
}

fn run_cases(dir: &std::path::Path, engine: &str, filter: &str, list: bool) -> ExitCode {
    let mut implementation = match engine_named(engine) {
        Ok(implementation) => implementation,
        Err(message) => return fail(&message),
    };
    let corpus = match load_dir(dir) {
        Ok(corpus) => corpus,
        Err(err) => return fail(&err.to_string()),
    };
    if list {
        let listed = render_list(&corpus, filter);
        if listed.is_empty() {
            return fail(&format!("--filter: no case name contains {filter:?}"));
        }
        return print(&listed).err().unwrap_or(ExitCode::SUCCESS);
    }
    let runs = run_corpus(&corpus, implementation.as_mut(), filter, Readings::Ours);
    if runs.is_empty() {
        return fail(&format!("--filter: no case name contains {filter:?}"));
    }
    let mut out: String = runs
        .iter()
        .filter(|run| !run.holds())
        .map(|run| format!("FAIL {run}\n"))
        .collect();
    out.push_str(&summary(&runs, engine));
    out.push('\n');
    if let Err(code) = print(&out) {
        return code;
    }
    if runs.iter().all(|run| run.holds()) {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(CASES_FAIL)
    }
}

/// Writes `out` to standard output.
fn print(out: &str) -> Result<(), ExitCode> {
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

fn fail(message: &str) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::from(BAD_INPUT)
}
