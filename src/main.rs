//! The `drawrules` command line: a thin layer over the library.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use drawrules::explain::{explain, render_json, render_table, verdict};
use drawrules::{Arbiter, Edition, Reference, Rules, StartPosition};

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
}

/// Exit code for input the rules or the parsers refuse.
const BAD_INPUT: u8 = 2;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Explain {
            fen,
            rules,
            json,
            engine,
            moves,
        } => run_explain(fen.as_deref(), &rules, &engine, json, &moves),
    }
}

fn run_explain(
    fen: Option<&str>,
    rules: &str,
    engine: &str,
    json: bool,
    moves: &[String],
) -> ExitCode {
    let edition: Edition = match rules.parse() {
        Ok(edition) => edition,
        Err(err) => return fail(&format!("--rules: {err}")),
    };
    let mut implementation: Box<dyn Rules> = match engine {
        "arbiter" => Box::new(Arbiter::default()),
        "reference" => Box::new(Reference::default()),
        other => {
            return fail(&format!(
                "--engine: unknown engine {other:?} (expected arbiter or reference)"
            ));
        }
    };
    let start = match fen.map(StartPosition::from_fen).transpose() {
        Ok(start) => start.unwrap_or_default(),
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
    let mut stdout = io::stdout().lock();
    if stdout
        .write_all(out.as_bytes())
        .and_then(|()| stdout.flush())
        .is_err()
    {
        // Nothing more can be said on a closed stdout; stderr may still work.
        return fail("could not write to standard output");
    }
    match explained.error {
        Some(error) => fail(&error.to_string()),
        None => ExitCode::SUCCESS,
    }
}

fn fail(message: &str) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::from(BAD_INPUT)
}
