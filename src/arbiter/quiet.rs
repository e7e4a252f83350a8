//! The legal moves that neither move a pawn nor capture (at a clock of 99
//! or more, each supports a fifty-move claim, Article 9.3.1), produced
//! from the board instead of by generating every legal move and dropping
//! the rest.

use shakmaty::{Bitboard, CastlingSide, Chess, Move, Position, Role, Square, attacks};

/// Every legal move of the player to move that neither moves a pawn nor
/// captures, in the order of shakmaty's `legal_moves`: the knights',
/// bishops', rooks' and queens' moves (each man's from its lowest target
/// square up, the men in that order), the king's steps, then castling on
/// the king's side and on the queen's side.
///
/// Out of check, such a man may go to any empty square it attacks, unless
/// it is pinned (the only man between its king and an enemy rook, bishop
/// or queen on one line), when it may only move along that line; the king
/// may step to an empty square no enemy man attacks; castling is asked of
/// shakmaty. In check the legal moves are generated and filtered.
pub(super) fn quiet_piece_moves(position: &Chess) -> Vec<Move> {
    let board = position.board();
    let turn = position.turn();
    let Some(king) = board
        .king_of(turn)
        .filter(|_| position.checkers().is_empty())
    else {
        return every_quiet_move(position);
    };
    let empty = !board.occupied();
    let pinned = pinned(position, king);
    let mut moves = Vec::with_capacity(64);
    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
        for from in board.by_piece(role.of(turn)) {
            let mut targets = attacks::attacks(from, role.of(turn), board.occupied()) & empty;
            if pinned.contains(from) {
                targets &= attacks::ray(king, from);
            }
            moves.extend(targets.into_iter().map(|to| quiet(role, from, to)));
        }
    }
    let safe = (attacks::king_attacks(king) & empty)
        .into_iter()
        .filter(|&to| board.attacks_to(to, !turn, board.occupied()).is_empty());
    moves.extend(safe.map(|to| quiet(Role::King, king, to)));
    for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
        if position.castles().has(turn, side) {
            moves.extend(position.castling_moves(side));
        }
    }
    moves
}

/// The quiet move of the man of kind `role` from `from` to `to`.
fn quiet(role: Role, from: Square, to: Square) -> Move {
    Move::Normal {
        role,
        from,
        capture: None,
        to,
        promotion: None,
    }
}

/// The men of the player to move that are pinned to its king at `king`:
/// each stands alone between the king and an enemy rook, bishop or queen
/// on the line that man moves along.
fn pinned(position: &Chess, king: Square) -> Bitboard {
    let board = position.board();
    let snipers = ((attacks::rook_attacks(king, Bitboard::EMPTY) & board.rooks_and_queens())
        | (attacks::bishop_attacks(king, Bitboard::EMPTY) & board.bishops_and_queens()))
        & position.them();
    let lone = snipers.into_iter().fold(Bitboard::EMPTY, |lone, sniper| {
        let between = attacks::between(king, sniper) & board.occupied();
        if between.more_than_one() {
            lone
        } else {
            lone | between
        }
    });
    lone & position.us()
}

/// The moves of [`quiet_piece_moves`] taken from every legal move.
fn every_quiet_move(position: &Chess) -> Vec<Move> {
    let legal = position.legal_moves();
    let mut moves = Vec::with_capacity(legal.len());
    moves.extend(legal.into_iter().filter(|mv| !mv.is_zeroing()));
    moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{Dice, position_in};
    use shakmaty::CastlingMode;
    use shakmaty::fen::Fen;

    /// The position of a FEN (castling rights by rook file).
    fn position(fen: &str) -> Chess {
        position_in(fen, CastlingMode::Chess960)
    }

    /// How one position was met: in check (the moves generated and
    /// filtered), with a pinned man, with castling among the moves.
    #[derive(Debug, Default)]
    struct Met {
        positions: usize,
        in_check: usize,
        pinned: usize,
        castling: usize,
    }

    /// Holds the list from the board to the one taken from every legal
    /// move, order included, on `position`; notes what it met.
    fn agrees(position: &Chess, met: &mut Met) {
        let expected = every_quiet_move(position);
        assert_eq!(
            quiet_piece_moves(position),
            expected,
            "{}",
            Fen::from_position(position, shakmaty::EnPassantMode::Legal)
        );
        met.positions += 1;
        let king = position.board().king_of(position.turn());
        if position.is_check() {
            met.in_check += 1;
        } else if king.is_some_and(|king| pinned(position, king).any()) {
            met.pinned += 1;
        }
        met.castling += usize::from(expected.iter().any(|mv| mv.is_castle()));
    }

    #[test]
    fn a_pinned_piece_moves_only_along_its_line() {
        // Pinned to the king by the rook on d8: a bishop on d2 has no
        // quiet move, a queen there moves along the file only. Pinned on
        // a diagonal: a rook has no move, nor has a knight.
        let mut met = Met::default();
        for fen in [
            "3r3k/8/8/8/8/8/3B4/3K4 w - - 99 80",
            "3r3k/8/8/8/8/8/3Q4/3K4 w - - 99 80",
            "7k/8/8/7b/8/8/4R3/3K4 w - - 99 80",
            "7k/8/8/b7/8/2N5/8/4K3 w - - 99 80",
        ] {
            agrees(&position(fen), &mut met);
        }
        assert_eq!(met.pinned, 4, "{met:?}");
    }

    #[test]
    fn the_moves_from_the_board_are_the_quiet_legal_moves_on_random_games() {
        let starts = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            "3qk3/8/8/8/8/8/8/3QK2N w - - 0 1",
            "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1",
            "4k3/8/8/2b1q3/8/8/3NB3/2R1K2R w H - 0 1",
        ];
        let mut dice = Dice(0xf1f7_4e11);
        let mut met = Met::default();
        for fen in starts {
            for _ in 0..60 {
                let mut game = position(fen);
                for _ in 0..120 {
                    agrees(&game, &mut met);
                    let moves = game.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    game.play_unchecked(moves[dice.roll(moves.len())]);
                }
            }
        }
        // The comparison ran on every position; these show how often it
        // met each branch.
        assert!(met.positions > 20_000, "{met:?}");
        assert!(met.in_check > 500, "{met:?}");
        assert!(met.pinned > 1_000, "{met:?}");
        assert!(met.castling > 500, "{met:?}");
    }
}
