//! Article 5.2.2 proved without moving a man: a locked wall of pawns
//! behind which the side's men can never reach the other king.
//!
//! The argument, for one side (the mater):
//!
//! 1. **No pawn can ever move.** Each pawn has a pawn right in front of
//!    it, none attacks an enemy pawn, and no en passant capture is legal
//!    now. A pawn could then move only by taking a piece, and (2) shows no
//!    piece ever stands where a pawn attacks.
//! 2. **Every other man has a region it never leaves, and never meets a
//!    pawn.** A man's region is every square it could reach by its own
//!    moves, taken one after another, if the pawns were the only men on the
//!    board (the others can always step aside). A king never steps where an
//!    enemy pawn attacks and cannot take a guarded pawn; if it could take
//!    an unguarded one, the argument fails. Any other man fails it when its
//!    region holds an enemy pawn or a square an enemy pawn attacks. A king
//!    in check from a pawn, or any man attacked by a pawn now, fails it too.
//! 3. **The mater never gives check.** None of its pawns attacks the other
//!    king's region, and no square of the region of any of its other men
//!    (its king never checks) attacks a square of the other king's region,
//!    with only pawns in the way.
//!
//! Regions only ever over-estimate where a man can go, so the argument
//! never proves dead a position that is not.

use shakmaty::{Bitboard, Chess, Color, Position, Role, Square, attacks};

/// Whether the wall argument proves that `mater` can never checkmate.
pub fn walled_off(position: &Chess, mater: Color) -> bool {
    if !no_pawn_can_move(position) {
        return false;
    }
    let board = position.board();
    let Some(their_king) = board.king_of(!mater) else {
        return false;
    };
    let Some(their_region) = region(position, their_king) else {
        return false;
    };
    let mut men = Vec::new();
    for square in board.occupied() & !board.pawns() {
        let Some(reach) = region(position, square) else {
            return false;
        };
        men.push((square, reach));
    }
    let mater_pawns_attack = (board.pawns() & board.by_color(mater))
        .into_iter()
        .any(|pawn| (attacks::pawn_attacks(mater, pawn) & their_region).any());
    if mater_pawns_attack {
        return false;
    }
    men.into_iter().all(|(square, reach)| {
        let Some(piece) = board.piece_at(square) else {
            return true;
        };
        piece.color != mater
            || piece.role == Role::King
            || reach
                .into_iter()
                .all(|from| (steps(piece.role, from, board.pawns()) & their_region).is_empty())
    })
}

/// Point 1 of the argument.
fn no_pawn_can_move(position: &Chess) -> bool {
    let board = position.board();
    let each_pawn_stuck = board.pawns().into_iter().all(|pawn| {
        let Some(color) = board.color_at(pawn) else {
            return false;
        };
        let ahead = pawn.offset(if color == Color::White { 8 } else { -8 });
        let blocked = ahead.is_some_and(|square| board.pawns().contains(square));
        let enemy_pawns = board.pawns() & board.by_color(!color);
        blocked && (attacks::pawn_attacks(color, pawn) & enemy_pawns).is_empty()
    });
    each_pawn_stuck && !position.legal_moves().iter().any(|mv| mv.is_en_passant())
}

/// Point 2 of the argument: the region of the man on `from`, or `None`
/// when it could meet a pawn.
fn region(position: &Chess, from: Square) -> Option<Bitboard> {
    let board = position.board();
    let piece = board.piece_at(from)?;
    let pawns = board.pawns();
    let own_pawns = pawns & board.by_color(piece.color);
    let enemy_pawns = pawns & board.by_color(!piece.color);
    let attacked_by_a_pawn =
        |square: Square| (attacks::pawn_attacks(piece.color, square) & enemy_pawns).any();
    if attacked_by_a_pawn(from) {
        return None;
    }
    let mut reached = Bitboard::from(from);
    let mut to_visit = vec![from];
    while let Some(square) = to_visit.pop() {
        for next in steps(piece.role, square, pawns) {
            if reached.contains(next) || own_pawns.contains(next) {
                continue;
            }
            let guarded = attacked_by_a_pawn(next);
            match (piece.role, enemy_pawns.contains(next), guarded) {
                // A king stays off squares a pawn attacks and leaves a
                // guarded pawn alone.
                (Role::King, _, true) => continue,
                // Any man could take an enemy pawn in its way, and any man
                // but a king could be taken where a pawn attacks.
                (_, true, _) | (_, false, true) => return None,
                _ => {}
            }
            reached.add(next);
            to_visit.push(next);
        }
    }
    Some(reached)
}

/// The squares a man of kind `role` on `from` attacks, with only `pawns`
/// in the way.
fn steps(role: Role, from: Square, pawns: Bitboard) -> Bitboard {
    match role {
        Role::King => attacks::king_attacks(from),
        Role::Knight => attacks::knight_attacks(from),
        Role::Bishop => attacks::bishop_attacks(from, pawns),
        Role::Rook => attacks::rook_attacks(from, pawns),
        Role::Queen => attacks::queen_attacks(from, pawns),
        Role::Pawn => Bitboard::EMPTY,
    }
}
