//! Whether the player to move has a legal move (Articles 5.1.1 and 5.2.1
//! need to know when there is none), proved cheaply where a proof is
//! cheap; every legal move is generated only when none of the cheap
//! proofs holds.

use shakmaty::{Bitboard, Chess, Color, Move, Position, Role, Square, attacks};

/// Whether the player to move has a legal move, `checkers` being the
/// enemy men that give check (shakmaty's `checkers`).
pub(super) fn has_legal_move(position: &Chess, checkers: Bitboard) -> bool {
    let Some(king) = position.board().king_of(position.turn()) else {
        return !position.legal_moves().is_empty();
    };
    (checkers.is_empty() && has_free_move(position, king))
        || has_legal_king_step(position, king)
        || !position.legal_moves().is_empty()
}

/// Out of check, whether a man off every line through its king has a move.
///
/// Such a man cannot be pinned (a pin needs it between the king and an
/// enemy rook, bishop or queen on one line), so with the king not in check
/// its every ordinary move is legal: a pawn's step to the empty square in
/// front of it, or a knight's, bishop's, rook's or queen's move to any
/// square it attacks that holds no man of its own side (never the enemy
/// king, which cannot be attacked with this side to move).
fn has_free_move(position: &Chess, king: Square) -> bool {
    let board = position.board();
    let us = position.us();
    let free = us & !attacks::queen_attacks(king, Bitboard::EMPTY) & !board.kings();
    let pawns = free & board.pawns();
    let forward = match position.turn() {
        Color::White => pawns.shift(8),
        Color::Black => pawns.shift(-8),
    };
    if (forward & !board.occupied()).any() {
        return true;
    }
    (free & !board.pawns()).into_iter().any(|square| {
        board.role_at(square).is_some_and(|role| {
            let piece = role.of(position.turn());
            debug_assert_ne!(role, Role::Pawn);
            (attacks::attacks(square, piece, board.occupied()) & !us).any()
        })
    })
}

/// Whether the king at `king` can step to a neighbouring square that no
/// enemy man attacks once the king has left its own (castling is left to
/// the full move generation).
fn has_legal_king_step(position: &Chess, king: Square) -> bool {
    let board = position.board();
    let without_king = board.occupied().without(king);
    (attacks::king_attacks(king) & !position.us())
        .into_iter()
        .any(|to| {
            board
                .attacks_to(to, !position.turn(), without_king)
                .is_empty()
        })
}

/// Whether `mv`, a quiet move (no capture, no promotion) of a knight,
/// bishop, rook, queen or king to an empty square, is legal: the man
/// reaches the square on the board as it stands, and no enemy man attacks
/// its king once it has moved (nothing is taken, so the enemy men stay
/// where they are). Any other move is asked of shakmaty.
pub(super) fn is_legal_quiet(position: &Chess, mv: Move) -> bool {
    let Move::Normal {
        role,
        from,
        capture: None,
        to,
        promotion: None,
    } = mv
    else {
        return position.is_legal(mv);
    };
    let board = position.board();
    let turn = position.turn();
    let king = match role {
        Role::Pawn => return position.is_legal(mv),
        Role::King => Some(to),
        _ => board.king_of(turn),
    };
    let Some(king) = king else {
        return position.is_legal(mv);
    };
    let piece = role.of(turn);
    let occupied = board.occupied();
    if board.piece_at(from) != Some(piece)
        || occupied.contains(to)
        || !attacks::attacks(from, piece, occupied).contains(to)
    {
        return false;
    }
    let after = occupied ^ Bitboard::from(from) ^ Bitboard::from(to);
    board.attacks_to(king, !turn, after).is_empty()
}

#[cfg(test)]
#[path = "mobility_tests.rs"]
mod tests;
