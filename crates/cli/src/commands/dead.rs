//! `drawrules dead`: the verdict of Article 5.2.2 on one position, with
//! each side's evidence; `drawrules dead -`: on every position of standard
//! input ([`batch`]).

mod batch;

use std::process::ExitCode;

use clap::Args;
use drawrules::mating::{Budget, Deadness};
use drawrules::notation::parse_move;
use drawrules::reference::Game;
use drawrules::reference::fen::fen;
use drawrules::unwinnable::can_ever_mate_in;
use drawrules::{ParseMoveError, ParseStartError, StartPosition};
use shakmaty::{CastlingMode, Color};
use thiserror::Error;

use crate::output::{fail, print};

/// The arguments of `drawrules dead`.
#[derive(Args, Debug)]
pub struct DeadArgs {
    /// The position as FEN (default: the standard position); the moves,
    /// if any, are played from it.
    #[arg(long)]
    fen: Option<String>,
    /// The position is Chess960: castling rights by rook file, castling
    /// written king-takes-rook in UCI (e1h1).
    #[arg(long)]
    chess960: bool,
    /// Print one JSON object: the FEN, the verdict and each side's answer
    /// in the library's serialised form.
    #[arg(long)]
    json: bool,
    /// Moves played before the verdict, in UCI (g1f3) or SAN (Nf3). Any
    /// legal move is played, even after the game would be over by rule:
    /// the verdict is on the position reached. `-` alone reads positions
    /// from standard input instead, one a line (a FEN, optionally followed
    /// by `white` or `black`), and prints one JSON object a line.
    #[arg(value_name = "MOVE")]
    moves: Vec<String>,
}

/// A position that could not be reached from the command line.
#[derive(Debug, Error)]
enum DeadInputError {
    /// The FEN is not a legal position.
    #[error("--fen {fen:?}: {source}")]
    Fen {
        /// The text given.
        fen: String,
        /// Why it was refused.
        source: ParseStartError,
    },
    /// A move is not legal (or not readable) where it is given.
    #[error("ply {ply}, move {text:?}: {source}")]
    Move {
        /// The ply the move would have made.
        ply: usize,
        /// The move as given.
        text: String,
        /// Why it was refused.
        source: ParseMoveError,
    },
}

/// Runs the command: 0 when the verdict was given (dead, alive or
/// undetermined), 2 for a FEN or move that cannot be used.
pub fn run(args: &DeadArgs) -> ExitCode {
    if args.moves.first().map(String::as_str) == Some("-") {
        return run_batch(args);
    }
    let game = match reach(args) {
        Ok(game) => game,
        Err(err) => return fail(&err.to_string()),
    };
    let position = game.current();
    let mode = game.start().castling_mode();
    let white = can_ever_mate_in(position, Color::White, mode, Budget::DEFAULT);
    let black = can_ever_mate_in(position, Color::Black, mode, Budget::DEFAULT);
    let verdict = Deadness::of(&white, &black);
    let fen = fen(&game, game.last_ply());
    let out = if args.json {
        // Built field by field to keep this order; each part is a string
        // or one of the library's plain serialisable enums, so it always
        // serialises.
        let part = |value: serde_json::Result<String>| value.unwrap_or_default();
        format!(
            "{{\"fen\":{},\"deadness\":{},\"white\":{},\"black\":{}}}\n",
            part(serde_json::to_string(&fen)),
            part(serde_json::to_string(&verdict)),
            part(serde_json::to_string(&white)),
            part(serde_json::to_string(&black)),
        )
    } else {
        format!(
            "fen: {fen}\nverdict: {}\nwhite: {white}\nblack: {black}\n",
            describe(&verdict)
        )
    };
    print(&out).err().unwrap_or(ExitCode::SUCCESS)
}

/// `drawrules dead -`: 0 when every line was answered with a verdict, 2
/// when some line could not be used (each says so in its own line) or the
/// arguments give a position too.
fn run_batch(args: &DeadArgs) -> ExitCode {
    if args.fen.is_some() || args.moves.len() > 1 {
        return fail(
            "`dead -` reads its positions from standard input: it takes no --fen and no moves",
        );
    }
    let mode = if args.chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    };
    let mut input = std::io::stdin().lock();
    let mut out = std::io::stdout().lock();
    match batch::answer_lines(&mut input, &mut out, mode) {
        Ok(done) if done.bad > 0 => ExitCode::from(crate::output::BAD_INPUT),
        Ok(_) => ExitCode::SUCCESS,
        Err(err) => fail(&format!("dead -: {err}")),
    }
}

/// The position the arguments name: the FEN, then the moves.
fn reach(args: &DeadArgs) -> Result<Game, DeadInputError> {
    let mode = if args.chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    };
    let start = match args.fen.as_deref() {
        Some(fen) => {
            StartPosition::from_fen_in(fen, mode).map_err(|source| DeadInputError::Fen {
                fen: fen.to_owned(),
                source,
            })?
        }
        None if args.chess960 => StartPosition::chess960(518).expect("518 is the standard array"),
        None => StartPosition::standard(),
    };
    let mut game = Game::new(start);
    for (index, text) in args.moves.iter().enumerate() {
        let refused = |source| DeadInputError::Move {
            ply: index + 1,
            text: text.clone(),
            source,
        };
        let mv = parse_move(text, game.current()).map_err(refused)?;
        if !game.push(mv) {
            return Err(refused(ParseMoveError::Illegal));
        }
    }
    Ok(game)
}

/// The verdict in one line, with its article.
fn describe(verdict: &Deadness) -> String {
    match verdict {
        Deadness::Dead { .. } => {
            "dead: neither side can ever checkmate, the game is drawn (5.2.2)".to_owned()
        }
        Deadness::Alive { side, .. } => {
            format!("alive: {side:?} can still checkmate, not a dead position (5.2.2)")
        }
        Deadness::Undetermined => "undetermined: neither a checkmate nor a proof that none \
                                   exists within the budget; the game goes on (5.2.2)"
            .to_owned(),
    }
}
