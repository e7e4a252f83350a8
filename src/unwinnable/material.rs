//! Article 5.2.2 by material alone: the cases where the men on the board,
//! wherever they stand, can never give mate.

use shakmaty::{Bitboard, Chess, Color, Position, Role, Square};

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

/// Whether `side` can never mate because it has its king and one minor
/// piece and nothing else, against a king and one rook or queen (a bishop)
/// or against a king and a queen (a knight), and nothing else.
///
/// The argument: only the minor piece can give check, and it attacks
/// squares of one colour only, the colour of the king it checks (a bishop
/// checks along a diagonal; a knight stands on the other colour and attacks
/// the king's). So the king's orthogonal neighbours, of the other colour,
/// must each be covered by the mating king or blocked by the king's own
/// man. The mating king, never next to the other king, covers at most one
/// of them, and the one man blocks at most one: the mated king must be in
/// a corner (two orthogonal neighbours), its man on one of them. That man,
/// a rook or queen, stands orthogonally next to the corner's diagonal
/// neighbour, where a bishop's check passes or stands: it takes the bishop
/// or steps between. A knight checks from one of two squares, which a
/// queen next to the corner always attacks: it takes the knight. Nothing
/// pins the man (the minor piece is the only one that moves far, and it is
/// giving check). No pawn can change the material, and a capture only
/// leaves less of it.
pub fn minor_against_a_major(position: &Chess, side: Color) -> bool {
    let board = position.board();
    let ours = board.by_color(side) & !board.kings();
    let theirs = board.by_color(!side) & !board.kings();
    if ours.count() != 1 || theirs.count() != 1 {
        return false;
    }
    let is = |men: Bitboard, role: Role| (men & board.by_role(role)).any();
    (is(ours, Role::Bishop) && (is(theirs, Role::Rook) || is(theirs, Role::Queen)))
        || (is(ours, Role::Knight) && is(theirs, Role::Queen))
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{CastlingMode, FromSetup, Piece, Setup};

    /// Whether any placement of a white king and a white `minor` against a
    /// black king and a black `major`, Black to move, is checkmate. The
    /// black king is placed on the ten squares of one eighth of the board:
    /// without pawns or castling rights every position is one of those by a
    /// symmetry of the board.
    fn some_mate(minor: Role, major: Role) -> Option<String> {
        let eighth = ["a1", "b1", "c1", "d1", "b2", "c2", "d2", "c3", "d3", "d4"];
        for black_king in eighth.map(|s| s.parse::<Square>().unwrap()) {
            for white_king in Square::ALL {
                for minor_square in Square::ALL {
                    for major_square in Square::ALL {
                        let squares = [black_king, white_king, minor_square, major_square];
                        if (1..4).any(|i| squares[..i].contains(&squares[i])) {
                            continue;
                        }
                        let mut setup = Setup::empty();
                        setup.turn = Color::Black;
                        for (square, piece) in squares.into_iter().zip([
                            Piece {
                                color: Color::Black,
                                role: Role::King,
                            },
                            Piece {
                                color: Color::White,
                                role: Role::King,
                            },
                            Piece {
                                color: Color::White,
                                role: minor,
                            },
                            Piece {
                                color: Color::Black,
                                role: major,
                            },
                        ]) {
                            setup.board.set_piece_at(square, piece);
                        }
                        let Ok(position) = Chess::from_setup(setup, CastlingMode::Standard) else {
                            continue;
                        };
                        if position.is_checkmate() {
                            return Some(format!("{}", position.board()));
                        }
                    }
                }
            }
        }
        None
    }

    #[test]
    fn no_placement_lets_a_bishop_mate_a_rook_or_queen_or_a_knight_mate_a_queen() {
        assert_eq!(some_mate(Role::Bishop, Role::Rook), None);
        assert_eq!(some_mate(Role::Bishop, Role::Queen), None);
        assert_eq!(some_mate(Role::Knight, Role::Queen), None);
        // The rule's limit: a knight does mate a king shut in by its rook.
        assert!(some_mate(Role::Knight, Role::Rook).is_some());
    }
}
