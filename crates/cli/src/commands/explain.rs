//! `drawrules explain`: a game played through one implementation, shown as
//! a table or as status records.

use std::process::ExitCode;

use clap::Args;
use drawrules::explain::{Row, explain, render_table, verdict};
use drawrules::mating::DeadRule;
use drawrules::{Edition, StartPosition};
use shakmaty::CastlingMode;

use crate::engine::Engine;
use crate::output::{fail, print};

/// The arguments of `drawrules explain`.
#[derive(Args, Debug)]
pub struct ExplainArgs {
    /// Start position as FEN (default: the standard position).
    #[arg(long)]
    fen: Option<String>,
    /// The game is Chess960: castling rights by rook file (Shredder-FEN
    /// or X-FEN), castling written king-takes-rook in UCI (e1h1).
    #[arg(long)]
    chess960: bool,
    /// The edition of the Laws: fide-2018 (2017, 2018 and 2023 texts) or
    /// fide-2014.
    #[arg(long, default_value_t = Edition::Fide2018)]
    rules: Edition,
    /// Print one JSON status record per ply instead of the table.
    #[arg(long)]
    json: bool,
    /// Which implementation judges the game: the arbiter (fast) or the
    /// reference (the executable specification).
    #[arg(long, value_enum, default_value_t = Engine::Arbiter)]
    engine: Engine,
    /// Decide Article 5.2.2 (dead position) exactly at every ply, with the
    /// default budget, instead of by material alone; a ply decided neither
    /// way shows `dead-position undetermined` (JSON: `undetermined`). A
    /// search per ply: from microseconds to a few hundred milliseconds.
    /// (The arbiter searches only where the line of the ply before no
    /// longer replays to a mate.)
    #[arg(long)]
    exact_dead_position: bool,
    /// The moves, in UCI (g1f3, e1g1) or SAN (Nf3, O-O).
    #[arg(value_name = "MOVE")]
    moves: Vec<String>,
}

/// Runs the command: 0 when every move was played, 2 at the first FEN or
/// move that could not be (the plies before it are still shown).
pub fn run(args: &ExplainArgs) -> ExitCode {
    let mode = if args.chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    };
    let start = match args.fen.as_deref() {
        Some(fen) => match StartPosition::from_fen_in(fen, mode) {
            Ok(start) => start,
            Err(err) => return fail(&format!("ply 0, --fen {fen:?}: {err}")),
        },
        None if args.chess960 => StartPosition::chess960(518).expect("518 is the standard array"),
        None => StartPosition::standard(),
    };
    let mut rules = args.engine.rules();
    if args.exact_dead_position && !rules.set_dead_rule(DeadRule::exact()) {
        return fail("--exact-dead-position: this engine decides 5.2.2 by material only");
    }
    let explained = explain(rules.as_mut(), &start, args.rules, &args.moves);

    let mut out = if args.json {
        render_json(&explained.rows)
    } else {
        render_table(&explained.rows)
    };
    if let (false, None, Some(last)) = (args.json, &explained.error, explained.rows.last()) {
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

/// The status records as JSON, one line per ply.
fn render_json(rows: &[Row]) -> String {
    let mut out = String::new();
    for row in rows {
        // A `Status` holds only strings, numbers and plain enums: it always
        // serialises.
        let line = serde_json::to_string(&row.status).unwrap_or_default();
        out.push_str(&line);
        out.push('\n');
    }
    out
}
