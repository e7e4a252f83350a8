//! The cheap proofs of a legal move against shakmaty's move generation:
//! on every position of many random games and on named corner cases,
//! [`has_legal_move`] says a legal move exists exactly when shakmaty
//! generates one, and [`is_legal`] answers as shakmaty's `is_legal` on
//! every legal move, on its variants with a wrong capture or promotion,
//! and on a move of every man to every other square.

use shakmaty::fen::Fen;
use shakmaty::{Bitboard, CastlingMode, Chess, Move, Position, Role};

use super::{cheaply_proved, has_legal_move, is_legal};
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

#[test]
fn each_cheap_proof_holds_without_the_move_generation() {
    // The cheap proofs are what keeps the arbiter from generating every
    // move at every ply: each must prove what it is there to prove.
    // White's king has no square (its own pawns on a2 and b2, b1 guarded
    // by Black's knight) but the knight on h3, off every line through it,
    // may jump.
    let free_man = position("4k3/8/8/8/8/7N/PP1n4/K7 w - - 0 1");
    assert!(
        free_man
            .legal_moves()
            .iter()
            .all(|mv| mv.role() != Role::King)
    );
    assert!(cheaply_proved(&free_man, free_man.checkers()));
    // No man but the king can move; the king may step.
    let king_step = position("k7/8/8/8/8/p7/P7/K7 w - - 0 1");
    assert!(
        king_step
            .legal_moves()
            .iter()
            .all(|mv| mv.role() == Role::King)
    );
    assert!(cheaply_proved(&king_step, king_step.checkers()));
    // In check, a free man proves nothing but the king's step does.
    let in_check = position("k7/8/8/8/8/8/7N/K6r w - - 0 1");
    assert!(cheaply_proved(&in_check, in_check.checkers()));
    // Stalemate: no proof holds.
    let stalemate = position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert!(!cheaply_proved(&stalemate, stalemate.checkers()));
}

/// What the legality comparisons met: the answers, and the legal moves
/// that captured, promoted or were played out of check.
#[derive(Debug, Default)]
struct Answers {
    legal: usize,
    illegal: usize,
    captures: usize,
    promotions: usize,
    out_of_check: usize,
}

/// The moves [`is_legal`] is tried on in `position`: every legal move,
/// each again with the wrong capture and with every promotion named, and
/// for every man of the player to move a move to every other square (with
/// what stands there as its capture, and a queen named for a pawn's move
/// to the last rank), whether it reaches that square or not.
fn tried_moves(position: &Chess) -> Vec<Move> {
    let mut tried = Vec::new();
    for mv in position.legal_moves() {
        tried.push(mv);
        if let Move::Normal {
            role,
            from,
            capture,
            to,
            ..
        } = mv
        {
            let wrong = if capture.is_some() {
                None
            } else {
                Some(Role::Pawn)
            };
            for promotion in [
                None,
                Some(Role::Knight),
                Some(Role::Queen),
                Some(Role::King),
            ] {
                tried.push(Move::Normal {
                    role,
                    from,
                    capture,
                    to,
                    promotion,
                });
            }
            tried.push(Move::Normal {
                role,
                from,
                capture: wrong,
                to,
                promotion: mv.promotion(),
            });
        }
    }
    let board = position.board();
    let last_rank = Bitboard::BACKRANKS;
    for from in position.us() {
        let role = board.role_at(from).expect("a man");
        for to in !Bitboard::from(from) {
            let promotion = (role == Role::Pawn && last_rank.contains(to)).then_some(Role::Queen);
            let capture = board.role_at(to);
            tried.push(Move::Normal {
                role,
                from,
                capture,
                to,
                promotion,
            });
        }
    }
    tried
}

/// [`is_legal`] against shakmaty's `is_legal` on the [`tried_moves`] of
/// `position`; notes the answers.
fn legality_agrees(position: &Chess, answers: &mut Answers) {
    for mv in tried_moves(position) {
        let legal = position.is_legal(mv);
        assert_eq!(
            is_legal(position, mv),
            legal,
            "{mv:?} in {}",
            Fen::from_position(position, shakmaty::EnPassantMode::Legal)
        );
        if !legal {
            answers.illegal += 1;
            continue;
        }
        answers.legal += 1;
        answers.captures += usize::from(mv.is_capture());
        answers.promotions += usize::from(mv.is_promotion());
        answers.out_of_check += usize::from(position.is_check());
    }
}

#[test]
fn a_move_that_exposes_or_leaves_the_king_in_check_is_illegal() {
    let mut answers = Answers::default();
    for fen in [
        // The bishop on d2 is pinned to its king by the rook on d8.
        "3r3k/8/8/8/8/8/3B4/3K4 w - - 0 1",
        // In check from the rook on e8: only a block, a capture of the
        // rook or a king step is legal.
        "4r2k/8/8/8/1B6/8/8/4K1R1 w - - 0 1",
        // A pawn about to promote, taking or not, with a knight on the
        // last rank.
        "1n5k/P7/8/8/8/8/8/K7 w - - 0 1",
        // A double step and an en passant capture that would expose the
        // king along the fifth rank.
        "8/8/8/K2pP2r/8/8/2P5/7k w - d6 0 1",
    ] {
        legality_agrees(&position(fen), &mut answers);
    }
    assert!(answers.illegal > 500, "{answers:?}");
    assert!(
        answers.captures > 0 && answers.promotions > 0 && answers.out_of_check > 0,
        "{answers:?}"
    );
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
    let mut answers = Answers::default();
    for fen in starts {
        for _ in 0..60 {
            let mut game = position(fen);
            for _ in 0..120 {
                positions += 1;
                in_check += usize::from(game.is_check());
                legality_agrees(&game, &mut answers);
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
    assert!(
        answers.legal > 100_000 && answers.illegal > 100_000,
        "{answers:?}"
    );
    assert!(
        answers.captures > 5_000 && answers.out_of_check > 2_000,
        "{answers:?}"
    );
    assert!(answers.promotions > 100, "{answers:?}");
    assert!(stuck > 10, "{stuck} positions without a legal move");
    assert!(in_check > 500, "{in_check} positions in check");
}
