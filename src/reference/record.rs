//! The status record of a ply, assembled from the rule functions: each field
//! is what one rule module says, written as the record writes it.

use shakmaty::Position;

use super::fen::fen;
use super::game::Game;
use super::move_count::clock;
use super::precedence::{Endings, claims, result};
use super::repetition::repetition_count;
use super::same_position::Identity;
use crate::notation::uci_sorted_in;
use crate::status::{ClaimsOnMove, Status};

/// The full status record of the last ply of `game`, whose history of
/// identities is `history` (as in [`repetition`](super::repetition)) and
/// whose endings are `endings` ([`endings`](super::precedence::endings));
/// `twice` as in [`claims`].
pub fn status(game: &Game, history: &[Identity], twice: &[Identity], endings: &Endings) -> Status {
    let ply = game.last_ply();
    let ended = endings.ended.clone();
    let claims = claims(game, history, &ended, twice);
    // Castling is written as the game's mode writes it (king takes rook in
    // Chess960).
    let mode = game.start().castling_mode();
    Status {
        ply: u32::try_from(ply).unwrap_or(u32::MAX),
        fen: fen(game, ply),
        clock: clock(game, ply),
        repetition: repetition_count(history, ply),
        result: result(&ended, game.current().turn()),
        ended,
        undetermined: endings.undetermined.clone(),
        claims: claims.now,
        claims_on_move: ClaimsOnMove {
            threefold_repetition: uci_sorted_in(claims.threefold_on_move, mode),
            fifty_moves: uci_sorted_in(claims.fifty_moves_on_move, mode),
        },
    }
}
