//! Whether a move gives check, read from the board before it is played.
//!
//! The searches look for a mating move at every position where the mating
//! side moves; a move that does not give check cannot mate, and most moves
//! do not. Playing each move on a copy of the position to ask costs far more
//! than reading the answer from the attack tables.

use shakmaty::attacks::{attacks, bishop_attacks, rook_attacks};
use shakmaty::{Bitboard, Chess, Move, Piece, Position};

/// Whether the legal move `mv` leaves the other king in check: exactly
/// `child.is_check()` for the position `child` after it.
///
/// For a move of one man (promotions and captures included): the man on
/// its new square attacks the king, or a rook, bishop or queen of the
/// mover attacks it along a line the move opened. Before the move the king
/// was not in check (it is not its side's turn), so no other man can.
/// Castling and en passant (which move two men or take a man off a square
/// the move does not reach) are played on a copy and asked.
pub fn gives_check(position: &Chess, mv: Move) -> bool {
    let Move::Normal {
        role,
        from,
        to,
        promotion,
        ..
    } = mv
    else {
        return played_gives_check(position, mv);
    };
    let board = position.board();
    let us = position.turn();
    let Some(king) = board.king_of(!us) else {
        return false;
    };
    let occupied = (board.occupied() & !Bitboard::from(from)) | Bitboard::from(to);
    let piece = Piece {
        color: us,
        role: promotion.unwrap_or(role),
    };
    if attacks(to, piece, occupied).contains(king) {
        return true;
    }
    // The square the man left is on none of these lines: had the line from
    // it to the king been open, the king would have been in check.
    let lines = (rook_attacks(king, occupied) & board.rooks_and_queens())
        | (bishop_attacks(king, occupied) & board.bishops_and_queens());
    (lines & board.by_color(us)).any()
}

/// The first of `moves`, legal moves in `position`, that checkmates the
/// other side, looked for among those that give check only.
pub fn mating_move(position: &Chess, moves: &[Move]) -> Option<Move> {
    moves.iter().copied().find(|&mv| {
        gives_check(position, mv) && {
            let mut child = position.clone();
            child.play_unchecked(mv);
            child.is_checkmate()
        }
    })
}

/// [`gives_check`] by playing the move on a copy.
fn played_gives_check(position: &Chess, mv: Move) -> bool {
    let mut child = position.clone();
    child.play_unchecked(mv);
    child.is_check()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{Dice, position};

    /// The answer from the board against the one from playing the move,
    /// for every legal move of every position of random games from
    /// positions rich in checks, promotions, castling and en passant.
    #[test]
    fn the_board_tells_a_check_as_playing_the_move_does() {
        let starts = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
            "4k3/8/8/2Q1B3/8/8/3R4/4K3 w - - 0 1",
        ];
        let mut dice = Dice(0x9e37_79b9_7f4a_7c15);
        let (mut moves, mut checks, mut special, mut discovered) = (0, 0, 0, 0);
        for fen in starts {
            for _game in 0..40 {
                let mut at = position(fen);
                for _ply in 0..80 {
                    let legal = at.legal_moves();
                    if legal.is_empty() {
                        break;
                    }
                    for &mv in &legal {
                        let expected = played_gives_check(&at, mv);
                        assert_eq!(gives_check(&at, mv), expected, "{mv:?} in {at:?}");
                        moves += 1;
                        checks += usize::from(expected);
                        let normal = matches!(mv, Move::Normal { .. });
                        special += usize::from(!normal);
                        discovered += usize::from(expected && normal && !direct_check(&at, mv));
                    }
                    at.play_unchecked(legal[dice.roll(legal.len())]);
                }
            }
        }
        // How often each kind of answer was compared.
        println!(
            "{moves} moves, {checks} checks ({discovered} discovered by a move of one man), \
             {special} castling or en passant"
        );
        assert!(checks > 5_000 && discovered > 100 && special > 500);
    }

    /// Whether the man `mv` moves attacks the other king from its new
    /// square (by playing it): a check by a move of one man that is not
    /// is a discovered one, opened along a line.
    fn direct_check(position: &Chess, mv: Move) -> bool {
        let mut child = position.clone();
        child.play_unchecked(mv);
        child.checkers().contains(mv.to())
    }
}
