//! Article 5.2.2 by material alone: the cases where the men on the board,
//! wherever they stand, can never give mate.

use shakmaty::{Bitboard, Chess, Color, Position, Role, Square};

/// Whether `side` can never mate because it has nothing but its king: a
/// king never gives check.
pub fn lone_king(position: &Chess, side: Color) -> bool {
    let board = position.board();
    (board.by_color(side) & !board.kings()).is_empty()
}

/// Whether `side` can never mate by its material and the other side's
/// alone, wherever the men stand: a lone king, material that never mates
/// for either side, or checks that are always answered. None of the three
/// leaves a pawn that could change it, so it holds in every later position
/// too.
pub fn never_mates(position: &Chess, side: Color) -> bool {
    lone_king(position, side)
        || insufficient_for_both(position)
        || checks_are_always_answered(position, side)
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

/// Whether `side` can never mate because its men are a king and minor
/// pieces that check from one colour only, against men that can always
/// answer such a check (no pawn on the board: a pawn could change the
/// material):
///
/// * a king and bishops, all on squares of one colour, against a king with
///   no knight and no bishop on the other colour (rooks, queens and
///   bishops of that colour, any number);
/// * a king and one knight against a king and queens only.
///
/// The arguments, in short (in full on `spec/rules/5-endings.md`): a check
/// by these men is a single check (a bishop that moves off another's line
/// moves along a line parallel to the king's other diagonal). The checked
/// king's four orthogonal neighbours are not attacked by the checking
/// colour; the mating king covers at most one of them, so the king's own
/// men must stand on the others. For a bishop's check, the two
/// orthogonal neighbours next to the diagonal neighbour on the line of
/// check are on the board, one of them holds a rook or queen (no bishop of
/// that colour can stand there), and it steps onto that diagonal square:
/// it takes the bishop or blocks the check. For a knight's check, a queen
/// on the orthogonal neighbour next to the knight takes it; if that square
/// is empty (covered by the mating king), a queen stands on the other
/// orthogonal neighbour on the knight's side and takes it, through the
/// diagonal neighbour between, or from it when a queen stands there. No
/// man of these mating sides can pin.
pub fn checks_are_always_answered(position: &Chess, side: Color) -> bool {
    let board = position.board();
    if board.pawns().any() {
        return false;
    }
    let ours = board.by_color(side) & !board.kings();
    let theirs = board.by_color(!side) & !board.kings();
    if ours.is_empty() {
        return false;
    }
    let light = Bitboard::LIGHT_SQUARES;
    if ours == ours & board.bishops() {
        let one_colour = if (ours & light).any() { light } else { !light };
        return (ours & !one_colour).is_empty()
            && (theirs & board.knights()).is_empty()
            && (theirs & board.bishops() & !one_colour).is_empty();
    }
    ours.count() == 1 && (ours & board.knights()).any() && theirs == theirs & board.queens()
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
