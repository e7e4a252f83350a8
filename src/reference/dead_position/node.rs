//! What the searches of Article 5.2.2 keep per position: the position, its
//! identity (as in Article 9.2.3) and how it was reached.

use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Color, Move, Piece, Position, Role, Square};

/// The identity of a position met while searching: the player to move, the
/// man on each square, the castling rights (the rook squares shakmaty keeps
/// after each move) and the en passant right (only a legal capture counts).
/// Two positions with equal keys have exactly the same future.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Key {
    turn: Color,
    placement: [Option<Piece>; 64],
    castling: u64,
    en_passant: Option<Square>,
}

impl Key {
    /// The key of `position`, reached by `last_move` (`None`: unknown). An
    /// en passant capture is possible only after a pawn's double step, so
    /// the legal moves are listed only then (or when the move is unknown).
    pub fn after(position: &Chess, last_move: Option<Move>) -> Key {
        let double_step = last_move.is_none_or(|mv| {
            mv.role() == Role::Pawn
                && mv
                    .from()
                    .is_some_and(|from| from.rank().distance(mv.to().rank()) == 2)
        });
        let mut key = Key::of_board(position);
        if double_step {
            key.en_passant = en_passant(position);
        }
        key
    }

    /// The key of `position`.
    pub fn of(position: &Chess) -> Key {
        Key::after(position, None)
    }

    fn of_board(position: &Chess) -> Key {
        let mut placement = [None; 64];
        for (square, piece) in position.board() {
            placement[square as usize] = Some(piece);
        }
        Key {
            turn: position.turn(),
            placement,
            castling: position.castles().castling_rights().0,
            en_passant: None,
        }
    }
}

/// The target square of the legal en passant capture in `position`, if any.
fn en_passant(position: &Chess) -> Option<Square> {
    position.legal_moves().iter().find_map(|mv| match *mv {
        Move::EnPassant { to, .. } => Some(to),
        _ => None,
    })
}

/// Whether `mater` has checkmated the other side in `position`.
pub fn is_mate_by(position: &Chess, mater: Color) -> bool {
    position.turn() != mater && position.is_checkmate()
}

/// Whether `side` has any man besides its king.
pub fn has_more_than_a_king(position: &Chess, side: Color) -> bool {
    let board = position.board();
    (board.by_color(side) & !board.kings()).any()
}

/// Moves as UCI text.
pub fn uci_line(moves: &[Move], mode: CastlingMode) -> Vec<String> {
    moves
        .iter()
        .map(|&mv| UciMove::from_move(mv, mode).to_string())
        .collect()
}

/// The moves leading to node `index`, following the parent links of a
/// search tree (`parents[i]` is the node `i` came from and the move).
pub fn line_to(parents: &[Option<(usize, Move)>], mut index: usize) -> Vec<Move> {
    let mut line = Vec::new();
    while let Some((parent, mv)) = parents[index] {
        line.push(mv);
        index = parent;
    }
    line.reverse();
    line
}
