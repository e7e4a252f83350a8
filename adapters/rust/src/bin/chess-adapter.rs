// SPDX-License-Identifier: GPL-3.0-or-later
//! An engine for `drawrules verify` around the Rust crate `chess`. It
//! reports the crate's own answers, through its public API only, and never
//! corrects them. Run it as
//!
//! ```sh
//! drawrules verify --engine adapters/rust/target/release/chess-adapter
//! ```
//!
//! The crate keeps a game in `Game` (a start `Board` and the moves):
//!
//! * `ended`: `checkmate` and `stalemate` from `Board::status()`. The crate
//!   has no dead position, fivefold repetition or seventy-five-move rule.
//! * `result`: `Game::result()` (checkmate and stalemate only).
//! * `fen`: the `Board`'s `Display` (its clock fields always read `0 1`).
//! * `draw_claimable`: `Game::can_declare_draw()`, the crate's one predicate
//!   for both claims (9.2 and 9.3). It has no clock and no repetition count
//!   of its own, and no claim on a written move: the handshake declares
//!   the part's meaning `on-the-board`, so verify judges it against the
//!   claims on the board (9.2.2, 9.3.2) alone.
//! * Moves: `ChessMove::from_str` reads the UCI string and
//!   `Game::make_move` plays it; it refuses illegal moves and any move once
//!   `Game::result()` is given (`game-over` then, `illegal-move` otherwise).
//!   A start FEN is refused (`invalid-fen`) when `Game::from_str` refuses it.

use std::str::FromStr;

use chess::{BoardStatus, ChessMove, Game, GameResult};
use drawrules_adapters::{Library, Refusal, object, serve};
use serde_json::{Map, Value, json};

struct Chess;

impl Library for Chess {
    type Game = Game;

    fn hello() -> Map<String, Value> {
        object(json!({
            "name": "chess",
            "version": "3.2.0",
            "implements": ["checkmate", "stalemate", "draw-claimable", "fen", "result", "moves"],
            // The editions differ only in 9.6.1, which the crate lacks.
            "editions": ["fide-2018", "fide-2014"],
            "draws": {"fivefold-repetition": "absent", "seventy-five-moves": "absent"},
            // can_declare_draw looks at the board alone: the crate has no
            // claim on a written move.
            "meanings": {"draw-claimable": "on-the-board"},
        }))
    }

    fn start(fen: &str) -> Result<Game, Refusal> {
        Game::from_str(fen)
            .map_err(|e| Refusal::new("invalid-fen", format!("chess refuses the fen: {e}")))
    }

    fn play(game: &mut Game, uci: &str) -> Result<(), Refusal> {
        let refused = |kind, why: &str| Refusal::new(kind, format!("{uci} refused: {why}"));
        let chess_move =
            ChessMove::from_str(uci).map_err(|e| refused("illegal-move", &e.to_string()))?;
        if game.make_move(chess_move) {
            Ok(())
        } else if game.result().is_some() {
            Err(refused("game-over", "the game has a result"))
        } else {
            Err(refused("illegal-move", "not legal here"))
        }
    }

    fn record(game: &Game) -> Map<String, Value> {
        let board = game.current_position();
        let ended = match board.status() {
            BoardStatus::Checkmate => vec!["checkmate"],
            BoardStatus::Stalemate => vec!["stalemate"],
            BoardStatus::Ongoing => vec![],
        };
        let result = match game.result() {
            None => "*",
            Some(GameResult::WhiteCheckmates | GameResult::BlackResigns) => "1-0",
            Some(GameResult::BlackCheckmates | GameResult::WhiteResigns) => "0-1",
            Some(GameResult::Stalemate | GameResult::DrawAccepted | GameResult::DrawDeclared) => {
                "1/2-1/2"
            }
        };
        object(json!({
            "fen": board.to_string(),
            "ended": ended,
            "result": result,
            "draw_claimable": game.can_declare_draw(),
        }))
    }
}

fn main() -> std::io::Result<()> {
    serve::<Chess>()
}
