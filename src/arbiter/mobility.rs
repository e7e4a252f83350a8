//! Whether the player to move has a legal move (Articles 5.1.1 and 5.2.1
//! need to know when there is none), proved cheaply where a proof is
//! cheap; every legal move is generated only when none of the cheap
//! proofs holds. And whether a given move is legal, decided from the
//! board without generating the candidates.

use shakmaty::{Bitboard, Chess, Color, Move, Position, Rank, Role, Square, attacks};

/// Whether the player to move has a legal move, `checkers` being the
/// enemy men that give check (shakmaty's `checkers`).
pub(super) fn has_legal_move(position: &Chess, checkers: Bitboard) -> bool {
    cheaply_proved(position, checkers) || !position.legal_moves().is_empty()
}

/// Whether one of the cheap proofs shows that the player to move has a
/// legal move: out of check, a man off every line through its king that
/// can move, or a legal step of the king. `false` proves nothing (every
/// legal move is then generated).
fn cheaply_proved(position: &Chess, checkers: Bitboard) -> bool {
    position
        .board()
        .king_of(position.turn())
        .is_some_and(|king| {
            (checkers.is_empty() && has_free_move(position, king))
                || has_legal_king_step(position, king)
        })
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

/// Whether `mv` is legal in `position`, as shakmaty's `is_legal` answers.
///
/// A normal move (not castling, not en passant) is decided from the
/// board: the man the move names stands on its square and reaches the
/// target square (a pawn by its step, its double step from its first
/// rank or its capture), the target holds exactly what the move says it
/// takes, a pawn promotes on the last rank and only there, and no enemy
/// man but the one taken attacks its king once the man has moved. That
/// last test decides the check and the pins at once, since a normal move
/// changes no other square. Castling and en passant are asked of shakmaty.
pub(super) fn is_legal(position: &Chess, mv: Move) -> bool {
    let Move::Normal {
        role,
        from,
        capture,
        to,
        promotion,
    } = mv
    else {
        return position.is_legal(mv);
    };
    let board = position.board();
    let turn = position.turn();
    if capture == Some(Role::King) {
        return position.is_legal(mv);
    }
    if board.piece_at(from) != Some(role.of(turn))
        || board.piece_at(to) != capture.map(|taken| taken.of(!turn))
        || !reaches(position, role, from, to, capture.is_some())
        || !promotes_rightly(turn, role, to, promotion)
    {
        return false;
    }
    let king = match role {
        Role::King => to,
        _ => match board.king_of(turn) {
            Some(king) => king,
            None => return position.is_legal(mv),
        },
    };
    let after = board.occupied().without(from).with(to);
    board.attacks_to(king, !turn, after).without(to).is_empty()
}

/// Whether the man of kind `role` on `from` reaches `to` on the board as
/// it stands, capturing when `captures` says so (the caller has checked
/// what stands on both squares).
fn reaches(position: &Chess, role: Role, from: Square, to: Square, captures: bool) -> bool {
    let turn = position.turn();
    let occupied = position.board().occupied();
    if role != Role::Pawn {
        return attacks::attacks(from, role.of(turn), occupied).contains(to);
    }
    if captures {
        return attacks::pawn_attacks(turn, from).contains(to);
    }
    let forward = turn.fold_wb(8, -8);
    let Some(step) = from.offset(forward) else {
        return false;
    };
    step == to
        || (from.rank() == turn.fold_wb(Rank::Second, Rank::Seventh)
            && !occupied.contains(step)
            && step.offset(forward) == Some(to))
}

/// Whether a move of a man of kind `role` to `to` names the promotion it
/// must: none but a pawn's to the last rank, which must name a knight,
/// bishop, rook or queen.
fn promotes_rightly(turn: Color, role: Role, to: Square, promotion: Option<Role>) -> bool {
    let last_rank = role == Role::Pawn && to.rank() == turn.fold_wb(Rank::Eighth, Rank::First);
    match promotion {
        None => !last_rank,
        Some(Role::Knight | Role::Bishop | Role::Rook | Role::Queen) => last_rank,
        Some(_) => false,
    }
}

#[cfg(test)]
#[path = "mobility_tests.rs"]
mod tests;
