//! The cheap proofs of a legal move against shakmaty's move generation:
//! on every position of many random games and on named corner cases,
//! [`has_legal_move`] says a legal move exists exactly when shakmaty
//! generates one, and [`is_legal_quiet`] answers as shakmaty's
//! `is_legal` on every quiet piece move to an empty square.

use shakmaty::fen::Fen;
use shakmaty::{Bitboard, CastlingMode, Chess, Move, Position};

use super::{has_legal_move, is_legal_quiet};
use crate::testing::{Dice, position_in};

/// The position of a FEN (castling rights by rook file, as every start
/// of these tests writes them).
fn position(fen: &str) -> Chess {
    position_in(fen, CastlingMode::Chess960)
}

/// Whether the cheap proof agrees with the move generation on `position`;
/// returns whether the position has no legal move.
fn agrees(position: &Chess) -> bool {
    let stuck = position.legal_moves().is_empty();
    assert_eq!(
        has_legal_move(position, position.checkers()),
        !stuck,
        "{}",
        Fen::from_position(position, shakmaty::EnPassantMode::Legal)
    );
    stuck
}

#[test]
fn a_pinned_knight_is_no_proof_of_a_legal_move() {
    // Black's knight is pinned to its king by the bishop and its king
    // has no square: stalemate.
    assert!(agrees(&position("k7/1nK5/1P6/3B4/8/8/8/8 b - - 0 1")));
    // Without the bishop the knight may move.
    assert!(!agrees(&position("k7/1nK5/1P6/8/8/8/8/8 b - - 0 1")));
}

#[test]
fn a_free_man_proves_nothing_in_check() {
    // Mate: the rook gives check along the back rank and the knight,
    // off every line through the king, cannot cover it.
    assert!(agrees(&position("R5k1/5ppp/8/8/8/8/8/n5K1 b - - 0 1")));
    // Stalemate with only a king and a blocked pawn.
    assert!(agrees(&position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")));
    assert!(agrees(&position("8/8/8/8/8/5k2/5p2/5K2 w - - 0 1")));
    // A pawn off the king's lines with its square in front free.
    assert!(!agrees(&position("7k/5Q2/6K1/8/8/8/p7/8 b - - 0 1")));
}

/// Every quiet move of a piece of the player to move to an empty square,
/// whether it reaches it or not: the quick legality test of each against
/// shakmaty's; returns the answers.
fn quiet_moves_agree(position: &Chess) -> Vec<bool> {
    let board = position.board();
    let empty = !board.occupied();
    let pieces = position.us() & !board.pawns();
    let mut answers = Vec::new();
    for from in pieces {
        let role = board.role_at(from).expect("a man");
        for to in empty & !Bitboard::from(from) {
            let mv = Move::Normal {
                role,
                from,
                capture: None,
                to,
                promotion: None,
            };
            let legal = position.is_legal(mv);
            assert_eq!(is_legal_quiet(position, mv), legal, "{mv:?}");
            answers.push(legal);
        }
    }
    answers
}

#[test]
fn the_proof_agrees_with_move_generation_on_random_games() {
    let starts = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
        "8/8/4k3/8/8/2Q5/8/4K3 w - - 0 1",
        "6k1/6p1/8/8/8/8/1P6/R5K1 w - - 0 1",
        "3qk3/8/8/8/8/8/8/3QK2N w - - 0 1",
    ];
    let mut dice = Dice(0x5eed_cafe);
    let (mut positions, mut stuck, mut in_check) = (0, 0, 0);
    let mut quiet = [0usize; 2];
    for fen in starts {
        for _ in 0..60 {
            let mut game = position(fen);
            for _ in 0..120 {
                positions += 1;
                in_check += usize::from(game.is_check());
                for legal in quiet_moves_agree(&game) {
                    quiet[usize::from(legal)] += 1;
                }
                if agrees(&game) {
                    stuck += 1;
                    break;
                }
                let moves = game.legal_moves();
                game.play_unchecked(moves[dice.roll(moves.len())]);
            }
        }
    }
    // The comparisons ran on every position; these show that they met
    // both answers and positions in check.
    assert!(positions > 20_000, "{positions} positions");
    assert!(quiet[0] > 100_000 && quiet[1] > 100_000, "{quiet:?}");
    assert!(stuck > 10, "{stuck} positions without a legal move");
    assert!(in_check > 500, "{in_check} positions in check");
}
