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

/// Minor pieces that check from one colour only never mate men that can
/// always answer their checks, when no pawn is on the board (a pawn could
/// change the material):
///
/// * the side has its king and bishops only, all on squares of one
///   colour, and the other side has no knight and no bishop on the other
///   colour;
/// * the side has its king and one knight only, and the other side its
///   king and queens only.
///
/// The argument, in short (in full on the spec page): the checked king's
/// four orthogonal neighbours are never attacked by these pieces, the
/// mating king covers at most one of them, and the king's own men stand
/// on the rest. Next to a bishop's line of check, one of them is a rook or
/// a queen that takes the bishop or steps into the line; next to a
/// knight, one of them is a queen that takes it. Nothing of the mating
/// side can pin, and no check is double.
pub fn checks_are_always_answered(position: &Chess, side: Color) -> bool {
    let board = position.board();
    if board.pawns().any() {
        return false;
    }
    let ours = men_of(position, side);
    let theirs = men_of(position, !side);
    if ours.is_empty() {
        return false;
    }
    if ours.iter().all(|role| *role == Role::Bishop) {
        let our_bishops = board.bishops() & board.by_color(side);
        let their_bishops = board.bishops() & board.by_color(!side);
        let colour_of = |square: shakmaty::Square| square.is_light();
        let first = our_bishops.into_iter().next().map(colour_of);
        let same_colour = |square| Some(colour_of(square)) == first;
        return our_bishops.into_iter().all(same_colour)
            && !theirs.contains(&Role::Knight)
            && their_bishops.into_iter().all(same_colour);
    }
    ours == [Role::Knight] && theirs.iter().all(|role| *role == Role::Queen)
}
