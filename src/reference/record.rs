//! The status record of a ply, put together from the rule functions.

use shakmaty::{Color, Position};

use super::dead_position::dead_position;
use super::endings::{checkmate, stalemate};
use super::fen::fen;
use super::game::Game;
use super::move_count::{clock, fifty_moves_now, fifty_moves_on_move, seventy_five_moves};
use super::repetition::{fivefold, threefold_now, threefold_on_move};
use crate::laws::{Claim, Edition, Ending, GameResult};
use crate::notation::uci_sorted_in;
use crate::status::{ClaimsOnMove, Status};

/// The endings that hold at the last ply of `game`, in article order.
pub fn endings(game: &Game, edition: Edition) -> Vec<Ending> {
    let rules: [(Ending, bool); 5] = [
        (Ending::Checkmate, checkmate(game)),
        (Ending::Stalemate, stalemate(game)),
        (Ending::DeadPosition, dead_position(game)),
        (Ending::FivefoldRepetition, fivefold(game, edition)),
        (Ending::SeventyFiveMoves, seventy_five_moves(game)),
    ];
    rules
        .into_iter()
        .filter_map(|(ending, holds)| holds.then_some(ending))
        .collect()
}

/// The result the endings give: the player who delivered checkmate wins,
/// every other ending is a draw, and no ending leaves the game going on.
fn result(ended: &[Ending], turn: Color) -> GameResult {
    if ended.contains(&Ending::Checkmate) {
        match turn {
            Color::White => GameResult::BlackWins,
            Color::Black => GameResult::WhiteWins,
        }
    } else if ended.is_empty() {
        GameResult::Ongoing
    } else {
        GameResult::Draw
    }
}

/// The full status record of the last ply of `game`.
pub fn status(game: &Game, edition: Edition) -> Status {
    let ply = game.last_ply();
    let ended = endings(game, edition);
    let over = !ended.is_empty();

    // Claims exist only while the game goes on (Article 9 draws are claimed
    // in a game that is not yet over).
    let mut claims = Vec::new();
    let mut claims_on_move = ClaimsOnMove::default();
    if !over {
        if threefold_now(game) {
            claims.push(Claim::ThreefoldRepetition);
        }
        if fifty_moves_now(game) {
            claims.push(Claim::FiftyMoves);
        }
        // Castling is written as the game's mode writes it (king takes rook
        // in Chess960).
        let mode = game.start().castling_mode();
        claims_on_move.threefold_repetition = uci_sorted_in(threefold_on_move(game), mode);
        claims_on_move.fifty_moves = uci_sorted_in(fifty_moves_on_move(game), mode);
    }

    Status {
        ply: u32::try_from(ply).unwrap_or(u32::MAX),
        fen: fen(game, ply),
        clock: clock(game, ply),
        repetition: game.repetition(ply),
        result: result(&ended, game.current().turn()),
        ended,
        claims,
        claims_on_move,
    }
}
