// SPDX-License-Identifier: GPL-3.0-or-later
//! An engine for `drawrules verify` around the Rust crate `cozy-chess`. It
//! reports the crate's own answers, through its public API only, and never
//! corrects them. Run it as
//!
//! ```sh
//! drawrules verify --engine adapters/rust/target/release/cozy-chess-adapter
//! ```
//!
//! The crate's `Board` keeps what a FEN says and no history, so the adapter
//! keeps the boards of the game:
//!
//! * `ended` and `result`: `Board::status()`, which says `Won` for
//!   checkmate and `Drawn` for stalemate *or* a halfmove clock of 100 (its
//!   fifty-move rule ends the game). `Drawn` with no legal move
//!   (`generate_moves`) is reported as `stalemate`; otherwise only the
//!   result says it. The crate has no dead position, repetition draw or
//!   seventy-five-move rule.
//! * `fen`: the `Board`'s `Display`; `clock`: `halfmove_clock()`.
//! * `repetition`: how many boards of the game are `same_position()` as the
//!   current one, the crate's documented identity for repetitions.
//! * Moves: `util::parse_uci_move` reads the UCI string (it turns `e1g1`
//!   into the crate's king-takes-rook castling) and `try_play` plays it; it
//!   refuses illegal moves only. A start FEN is refused (`invalid-fen`) when
//!   `Board::from_str` refuses it, except a clock above 100, which the crate
//!   cannot hold (`unsupported`).

use std::str::FromStr;

use cozy_chess::util::parse_uci_move;
use cozy_chess::{Board, FenParseError, GameStatus};
use drawrules_adapters::{Library, Refusal, object, serve};
use serde_json::{Map, Value, json};

struct CozyChess;

impl Library for CozyChess {
    /// Every board of the game, the start first; never empty.
    type Game = Vec<Board>;

    fn hello() -> Map<String, Value> {
        object(json!({
            "name": "cozy-chess",
            "version": "0.3.4",
            "implements": ["checkmate", "stalemate", "repetition", "clock", "fen", "result", "moves"],
            // The editions differ only in 9.6.1, which the crate lacks.
            "editions": ["fide-2018", "fide-2014"],
            "draws": {"threefold-repetition": "absent", "fifty-moves": "automatic",
                "fivefold-repetition": "absent", "seventy-five-moves": "absent"},
        }))
    }

    fn start(fen: &str) -> Result<Vec<Board>, Refusal> {
        match Board::from_str(fen) {
            Ok(board) => Ok(vec![board]),
            Err(FenParseError::InvalidHalfMoveClock)
                if fen
                    .split(' ')
                    .nth(4)
                    .is_some_and(|clock| clock.parse::<u64>().is_ok()) =>
            {
                Err(Refusal::new(
                    "unsupported",
                    "cozy-chess holds a halfmove clock of 100 at most",
                ))
            }
            Err(e) => Err(Refusal::new(
                "invalid-fen",
                format!("cozy-chess refuses the fen: {e}"),
            )),
        }
    }

    fn play(game: &mut Vec<Board>, uci: &str) -> Result<(), Refusal> {
        let refused = |why: &dyn std::fmt::Display| {
            Refusal::new("illegal-move", format!("{uci} refused: {why}"))
        };
        let mut board = game.last().expect("a game has a start").clone();
        let chess_move = parse_uci_move(&board, uci).map_err(|e| refused(&e))?;
        board.try_play(chess_move).map_err(|e| refused(&e))?;
        game.push(board);
        Ok(())
    }

    fn record(game: &Vec<Board>) -> Map<String, Value> {
        let board = game.last().expect("a game has a start");
        let (ended, result) = match board.status() {
            GameStatus::Won if board.side_to_move() == cozy_chess::Color::White => {
                (vec!["checkmate"], "0-1")
            }
            GameStatus::Won => (vec!["checkmate"], "1-0"),
            GameStatus::Drawn if !board.generate_moves(|_| true) => (vec!["stalemate"], "1/2-1/2"),
            GameStatus::Drawn => (vec![], "1/2-1/2"),
            GameStatus::Ongoing => (vec![], "*"),
        };
        object(json!({
            "fen": board.to_string(),
            "clock": board.halfmove_clock(),
            "repetition": game.iter().filter(|b| b.same_position(board)).count(),
            "ended": ended,
            "result": result,
        }))
    }
}

fn main() -> std::io::Result<()> {
    serve::<CozyChess>()
}
