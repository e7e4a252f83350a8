//! Article 5.2.2 proved without moving a man: a locked wall of pawns.
//!
//! Our argument, for one side (the "mater") at a time:
//!
//! 1. **No pawn can ever move.** Every pawn has a pawn on the square in
//!    front of it, no pawn attacks an enemy pawn, and no en passant capture
//!    is possible now. A pawn could then only move by capturing a piece,
//!    and (2) shows no piece ever stands where a pawn could take it.
//! 2. **Every other man stays in a region it cannot leave, and never meets
//!    a pawn.** From its square, a man steps as it moves (a king one
//!    square, a knight a jump, a bishop, rook or queen along its lines with
//!    only pawns in the way: other men can always step aside). A king never
//!    enters a square an enemy pawn attacks; it may take an enemy pawn only
//!    if no enemy pawn guards it, so an unguarded enemy pawn next to its
//!    region spoils the argument. Any other man spoils it if its region
//!    holds a square an enemy pawn attacks (the pawn could take it, and
//!    move) or an enemy pawn in its way (it could take the pawn). A king
//!    already in check from a pawn spoils it too.
//! 3. **No man of the mater can ever give check.** The mater's pawns never
//!    attack the other king's region (the king never enters such squares);
//!    the mater's king never gives check; and no square of any other man's
//!    region attacks, with only pawns in the way, a square of the other
//!    king's region.
//!
//! When all three hold, the mater can never give check, so never mate. The
//! regions only ever over-estimate where a man can go, so the argument never
//! proves a position dead that is not.

use shakmaty::{Bitboard, Board, Chess, Color, Position, Role, Square, attacks};

/// Whether the wall argument proves that `mater` can never checkmate in
/// `position`.
pub fn walled_off(position: &Chess, mater: Color) -> bool {
    let board = position.board();
    if !pawns_locked(position) {
        return false;
    }
    let Some(their_king) = board.king_of(!mater) else {
        return false;
    };
    let Some(their_region) = region(board, their_king, Role::King, !mater) else {
        return false;
    };
    let pawns = board.pawns();
    for square in board.occupied() & !board.pawns() {
        let Some(piece) = board.piece_at(square) else {
            continue;
        };
        let Some(reach) = region(board, square, piece.role, piece.color) else {
            return false;
        };
        if piece.color != mater || piece.role == Role::King {
            continue;
        }
        let gives_check = reach
            .into_iter()
            .any(|from| (piece_attacks(piece.role, from, pawns) & their_region).any());
        if gives_check {
            return false;
        }
    }
    true
}

/// Point 1: every pawn has a pawn in front of it, no pawn attacks an enemy
/// pawn (it could take it), and no en passant capture is possible now.
fn pawns_locked(position: &Chess) -> bool {
    let board = position.board();
    let blocked = board.pawns().into_iter().all(|pawn| {
        let color = board.color_at(pawn).unwrap_or(Color::White);
        let ahead = match color {
            Color::White => pawn.offset(8),
            Color::Black => pawn.offset(-8),
        };
        let enemy_pawns = board.by_color(!color) & board.pawns();
        ahead.is_some_and(|square| board.pawns().contains(square))
            && (attacks::pawn_attacks(color, pawn) & enemy_pawns).is_empty()
    });
    // The moves are generated only for a locked structure.
    blocked && !position.legal_moves().iter().any(|mv| mv.is_en_passant())
}

/// Point 2: the squares a man of `role` and `color` on `from` can ever
/// reach, or `None` when it could meet a pawn (take one, or be taken).
fn region(board: &Board, from: Square, role: Role, color: Color) -> Option<Bitboard> {
    let pawns = board.pawns();
    let own_pawns = board.by_color(color) & pawns;
    let enemy_pawns = board.by_color(!color) & pawns;
    // The squares the enemy pawns attack: a man there could be taken.
    let attacked = attacks_from(Role::Pawn, !color, enemy_pawns, pawns);
    if attacked.contains(from) {
        return None;
    }
    // Grown a step at a time (see [`attacks_from`]).
    let mut reach = Bitboard::from(from);
    let mut newest = reach;
    while newest.any() {
        let fresh = attacks_from(role, color, newest, pawns) & !reach & !own_pawns;
        if role == Role::King {
            // A guarded pawn or an attacked square: the king may not step
            // there; an unguarded pawn it could take.
            if (fresh & enemy_pawns & !attacked).any() {
                return None;
            }
            newest = fresh & !attacked;
        } else {
            if (fresh & (enemy_pawns | attacked)).any() {
                return None;
            }
            newest = fresh;
        }
        reach |= newest;
    }
    Some(reach)
}

/// The squares a man of `role` and `color` attacks from some square of
/// `squares`, with only `blockers` in the way (a pawn's captures for a
/// pawn). A reach is grown a step at a time with it: the squares first
/// reached at a step are the only ones whose moves can lead anywhere new.
pub(super) fn attacks_from(
    role: Role,
    color: Color,
    squares: Bitboard,
    blockers: Bitboard,
) -> Bitboard {
    squares.into_iter().fold(Bitboard::EMPTY, |all, square| {
        all | match role {
            Role::Pawn => attacks::pawn_attacks(color, square),
            role => piece_attacks(role, square, blockers),
        }
    })
}

/// The squares a man of `role` on `from` attacks, with only `blockers` in
/// the way (a king's and a knight's steps for those two).
pub(super) fn piece_attacks(role: Role, from: Square, blockers: Bitboard) -> Bitboard {
    match role {
        Role::King => attacks::king_attacks(from),
        Role::Knight => attacks::knight_attacks(from),
        Role::Bishop => attacks::bishop_attacks(from, blockers),
        Role::Rook => attacks::rook_attacks(from, blockers),
        Role::Queen => attacks::queen_attacks(from, blockers),
        Role::Pawn => Bitboard::EMPTY,
    }
}
