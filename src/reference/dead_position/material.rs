//! Article 5.2.2 by material alone: the cases where the men on the board,
//! wherever they stand, can never give mate.

use shakmaty::{Chess, Color, Position, Role, Square};

/// Whether `side` can never mate because it has nothing but its king: a
/// king never gives check.
pub fn lone_king(position: &Chess, side: Color) -> bool {
    let board = position.board();
    (board.by_color(side) & !board.kings()).is_empty()
}

/// Whether neither side can ever mate whatever the placement: no pawn, rook
/// or queen is on the board, and the minor pieces are either
///
/// * at most one in all (king against king, king and knight against king,
///   king and bishop against king), or
/// * bishops only, all on squares of one colour, however many and whoever
///   owns them: such bishops never attack a square of the other colour, and
///   a king on a square of their colour has neighbours of the other colour
///   that nothing can cover or block but a king, which never checks.
pub fn insufficient_for_both(position: &Chess) -> bool {
    let board = position.board();
    let mut minors: Vec<(Role, Square)> = Vec::new();
    for square in Square::ALL {
        match board.role_at(square) {
            None | Some(Role::King) => {}
            Some(Role::Knight) => minors.push((Role::Knight, square)),
            Some(Role::Bishop) => minors.push((Role::Bishop, square)),
            Some(Role::Pawn | Role::Rook | Role::Queen) => return false,
        }
    }
    let lone_minor = minors.len() <= 1;
    let bishops_on_one_colour = minors.iter().all(|&(role, _)| role == Role::Bishop)
        && minors
            .windows(2)
            .all(|pair| pair[0].1.is_light() == pair[1].1.is_light());
    lone_minor || bishops_on_one_colour
}
