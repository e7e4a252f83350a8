//! Article 5.2.2 by material alone: the men on the board, wherever they
//! stood, could never give checkmate.
//!
//! Each rule is argued on `spec/rules/5-endings.md`; here it is stated as
//! plainly as the code allows.

use shakmaty::{Chess, Color, Position, Role};

/// The men of `side` other than its king, by kind.
fn men_of(position: &Chess, side: Color) -> Vec<Role> {
    let board = position.board();
    board
        .by_color(side)
        .into_iter()
        .filter_map(|square| board.role_at(square))
        .filter(|role| *role != Role::King)
        .collect()
}

/// A lone king never gives check, so never mates.
pub fn lone_king(position: &Chess, side: Color) -> bool {
    men_of(position, side).is_empty()
}

/// Neither side can ever mate, whatever the placement: there is no pawn,
/// rook or queen, and the knights and bishops on the board are
///
/// * at most one in all: a king and one minor piece against a bare king
///   never mate (no placement is a checkmate), or
/// * bishops only, all on squares of one colour, whoever owns them: a king
///   on that colour has neighbours on the other colour that no bishop
///   covers and only a king could block, and a king never checks.
pub fn neither_side_can_ever_mate(position: &Chess) -> bool {
    let board = position.board();
    let mut minors = Vec::new();
    for square in board.occupied() {
        match board.role_at(square) {
            Some(Role::Pawn | Role::Rook | Role::Queen) => return false,
            Some(Role::Knight | Role::Bishop) => minors.push(square),
            Some(Role::King) | None => {}
        }
    }
    if minors.len() <= 1 {
        return true;
    }
    let all_bishops = minors
        .iter()
        .all(|&square| board.role_at(square) == Some(Role::Bishop));
    let first_is_light = minors[0].is_light();
    all_bishops
        && minors
            .iter()
            .all(|square| square.is_light() == first_is_light)
}

/// A lone minor piece never mates a king that has exactly one man beside
/// it when that man is a rook or a queen and the minor piece a bishop, or
/// the man a queen and the minor piece a knight.
///
/// The argument, in short (in full on the spec page): the minor piece
/// alone gives check, on squares of the checked king's colour; the king's
/// neighbours beside it (not diagonal) are of the other colour, so each
/// must be covered by the mating king (one at most) or blocked by the
/// king's own man (one at most): the king stands in a corner with its man
/// next to it, and from there a rook or queen can always take or block a
/// bishop's check, and a queen always takes a knight that checks.
pub fn minor_against_a_major(position: &Chess, side: Color) -> bool {
    let ours = men_of(position, side);
    let theirs = men_of(position, !side);
    matches!(
        (ours.as_slice(), theirs.as_slice()),
        ([Role::Bishop], [Role::Rook | Role::Queen]) | ([Role::Knight], [Role::Queen])
    )
}
