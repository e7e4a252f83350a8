//! Article 9.2.3: when two positions of a game count as the same.
//!
//! Our reading: two positions are the same when all four of these agree:
//!
//! 1. the player who has the move;
//! 2. what stands on each of the 64 squares (kind and colour of piece, or
//!    nothing);
//! 3. the castling *rights*: which king-and-rook pairs may still castle some
//!    day. A right is granted by the start position and lasts until its king
//!    or its rook moves, or the rook is captured on its square. Whether
//!    castling is possible right now (pieces in between, squares attacked,
//!    the king in check) plays no part;
//! 4. the en passant *right*: which en passant capture, if any, is a legal
//!    move for the player to move. A pawn that has just advanced two squares
//!    creates no right when no capture of it is legal (no pawn beside it, or
//!    the capture would leave the capturer's king in check), and neither
//!    does an en passant square written in a FEN.
//!
//! Move numbers and the fifty-move clock are not part of a position.
//!
//! Every fact here is derived from the game record: the board and the legal
//! moves come from the position shakmaty played, the castling rights from
//! the start position's grant and the moves since.

use shakmaty::{Board, Chess, Color, Move, Position, Rank, Role, Square};

use super::game::Game;

/// Everything Article 9.2.3 looks at in one position, and nothing else.
///
/// Two plies hold the same position exactly when their identities are equal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Identity {
    /// The player who has the move.
    pub turn: Color,
    /// The piece on each square: shakmaty's board, which holds that and
    /// nothing else (two boards are equal when every square holds the same
    /// kind and colour of piece, or nothing).
    pub placement: Board,
    /// The castling rights that still exist, sorted by rook square.
    pub castling: Vec<CastlingRight>,
    /// The target square of the legal en passant capture, if there is one.
    pub en_passant: Option<Square>,
}

/// The right of one king to castle, some day, with one rook.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CastlingRight {
    /// Whose king.
    pub color: Color,
    /// The rook's square in the start position.
    pub rook: Square,
    /// The king's square in the start position.
    pub king: Square,
}

/// The identity of the position at `ply` (Article 9.2.3).
pub fn identity(game: &Game, ply: usize) -> Identity {
    identity_of(
        game.position(ply),
        castling_rights(game, ply),
        game.move_into(ply),
    )
}

/// The identities of plies 0 to the last, in order: the history the
/// repetition rules count in ([`repetition`](super::repetition)).
pub fn identities(game: &Game) -> Vec<Identity> {
    (0..=game.last_ply())
        .map(|ply| identity(game, ply))
        .collect()
}

/// The identity the position would have after the legal move `mv`, for a
/// move that is only written down (Article 9.2.1); `now` is the identity of
/// the current ply, as [`identity`] gives it. The rights are those of `now`
/// less any whose king or rook `mv` moves or captures: the same rule
/// [`castling_rights`] applies to the moves already played.
pub fn identity_after(game: &Game, now: &Identity, mv: Move) -> Identity {
    let mut after = game.current().clone();
    after.play_unchecked(mv);
    let castling = now
        .castling
        .iter()
        .copied()
        .filter(|right| !touches(mv, right.king) && !touches(mv, right.rook))
        .collect();
    identity_of(&after, castling, Some(mv))
}

/// The identity of `position`, reached by `last_move` (`None` at the start)
/// with the castling rights `castling`.
fn identity_of(
    position: &Chess,
    castling: Vec<CastlingRight>,
    last_move: Option<Move>,
) -> Identity {
    Identity {
        turn: position.turn(),
        placement: position.board().clone(),
        castling,
        en_passant: en_passant_in(position, last_move),
    }
}

/// The castling rights granted by the start position (its FEN's castling
/// field), each paired with the king it belongs to, sorted by rook square.
pub fn granted_castling_rights(game: &Game) -> Vec<CastlingRight> {
    let setup = game.start().setup();
    let mut rights: Vec<CastlingRight> = setup
        .castling_rights
        .into_iter()
        .filter_map(|rook| {
            let color = match rook.rank() {
                Rank::First => Color::White,
                Rank::Eighth => Color::Black,
                _ => return None,
            };
            let king = setup.board.king_of(color)?;
            Some(CastlingRight { color, rook, king })
        })
        .collect();
    rights.sort_by_key(|right| right.rook);
    rights
}

/// The castling rights that still exist at `ply`: those granted by the start
/// position whose king and rook have not left their squares by any of the
/// moves up to `ply` (a rook captured on its square has left it too).
pub fn castling_rights(game: &Game, ply: usize) -> Vec<CastlingRight> {
    let moves_so_far = &game.moves()[..ply];
    granted_castling_rights(game)
        .into_iter()
        .filter(|right| {
            !moves_so_far
                .iter()
                .any(|&mv| touches(mv, right.king) || touches(mv, right.rook))
        })
        .collect()
}

/// Whether a move starts from or lands on `square`. A piece standing on
/// `square` before the move has then moved or been captured there.
fn touches(mv: Move, square: Square) -> bool {
    match mv {
        Move::Castle { king, rook } => king == square || rook == square,
        other => other.from() == Some(square) || other.to() == square,
    }
}

/// The en passant right at `ply`: the target square of an en passant capture
/// that is among the legal moves of the player to move, if any.
pub fn en_passant_right(game: &Game, ply: usize) -> Option<Square> {
    en_passant_in(game.position(ply), game.move_into(ply))
}

/// The en passant right in `position`, reached by `last_move`.
///
/// An en passant capture takes a pawn that has just advanced two squares,
/// so after any other move there is none and the legal moves need not be
/// listed. At the start position (`last_move` is `None`) the FEN may say a
/// pawn has just advanced, so the legal moves decide.
fn en_passant_in(position: &Chess, last_move: Option<Move>) -> Option<Square> {
    if last_move.is_some_and(|mv| !is_double_pawn_step(mv)) {
        return None;
    }
    position.legal_moves().iter().find_map(|mv| match *mv {
        Move::EnPassant { to, .. } => Some(to),
        _ => None,
    })
}

/// Whether `mv` advances a pawn two squares.
fn is_double_pawn_step(mv: Move) -> bool {
    match mv {
        Move::Normal {
            role: Role::Pawn,
            from,
            to,
            ..
        } => from.rank().distance(to.rank()) == 2,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::testing::game;

    fn same(fen: &str, moves: &str, a: usize, b: usize) -> bool {
        let game = game(fen, moves);
        identity(&game, a) == identity(&game, b)
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn knight_shuffle_returns_to_the_same_position() {
        assert!(same(START, "g1f3 g8f6 f3g1 f6g8", 0, 4));
    }

    #[test]
    fn side_to_move_differs() {
        // A rook that returns in three moves instead of two hands the move
        // to the other player with the same men on the same squares.
        let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
        let game = game(fen, "a1a2 e8d8 a2a1 d8e8 e1d1 e8d8 d1e1 d8e8");
        assert!(identity(&game, 0) == identity(&game, 4));
        assert!(identity(&game, 0) == identity(&game, 8));
        let other = self::game(fen, "a1a2 e8d8 a2a3 d8e8 a3a1");
        // White to move at 0; Black to move at 5 with the same men.
        assert_eq!(other.position(0).board(), other.position(5).board());
        assert!(identity(&other, 0) != identity(&other, 5));
    }

    #[test]
    fn king_move_loses_both_rights_for_good() {
        let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        let game = game(fen, "e1f1 e8f8 f1e1 f8e8");
        assert_eq!(castling_rights(&game, 0).len(), 4);
        assert_eq!(castling_rights(&game, 4), vec![]);
        assert!(identity(&game, 0) != identity(&game, 4));
        assert_eq!(game.position(0).board(), game.position(4).board());
    }

    #[test]
    fn rook_move_loses_only_its_right() {
        let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        let game = game(fen, "h1h2 h8h7 h2h1 h7h8");
        let left: Vec<Square> = castling_rights(&game, 4).iter().map(|r| r.rook).collect();
        assert_eq!(left, vec![Square::A1, Square::A8]);
        assert!(identity(&game, 0) != identity(&game, 4));
        // From ply 4 on, the knight-free shuffle repeats with the same rights.
        let longer = self::game(fen, "h1h2 h8h7 h2h1 h7h8 h1h2 h8h7 h2h1 h7h8");
        assert!(identity(&longer, 4) == identity(&longer, 8));
    }

    #[test]
    fn rook_captured_on_its_square_takes_its_right() {
        // The black bishop takes the rook on h1: White's kingside right goes.
        let fen = "r3k2r/8/8/8/8/8/6b1/R3K2R b KQkq - 0 1";
        let game = game(fen, "g2h1");
        let left: Vec<Square> = castling_rights(&game, 1).iter().map(|r| r.rook).collect();
        assert_eq!(left, vec![Square::A1, Square::A8, Square::H8]);
    }

    #[test]
    fn a_right_that_cannot_be_used_still_counts() {
        // White's kingside right cannot be used (bishop on f1 in the way),
        // yet losing it by a king move changes the position.
        let fen = "4k3/8/8/8/8/8/8/4KB1R w K - 0 1";
        let game = game(fen, "e1d1 e8d8 d1e1 d8e8");
        assert_eq!(castling_rights(&game, 0).len(), 1);
        assert!(identity(&game, 0) != identity(&game, 4));
    }

    #[test]
    fn en_passant_right_only_when_the_capture_is_legal() {
        // Legal: the black pawn on d4 may take e3 en passant.
        let legal = game("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1", "e2e4");
        assert_eq!(en_passant_right(&legal, 1), Some(Square::E3));
        // No pawn beside the pushed one: no right.
        let lonely = game("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "e2e4");
        assert_eq!(en_passant_right(&lonely, 1), None);
        // Pinned capturer: the bishop on b2 pins the pawn on d4 to the king
        // on h8 along the long diagonal.
        let pinned = game("7k/8/8/8/3p4/8/1B2P3/4K3 w - - 0 1", "e2e4");
        assert_eq!(en_passant_right(&pinned, 1), None);
        // Horizontal pin across both pawns: rook a4, pawns d4 e4, king h4.
        let across = game("8/8/8/8/R2p3k/8/4P3/4K3 w - - 0 1", "e2e4");
        assert_eq!(en_passant_right(&across, 1), None);
        // A FEN ep field that no legal move can use makes no right.
        let paper = game("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1", "");
        assert_eq!(en_passant_right(&paper, 0), None);
        // The right lasts one ply only.
        let gone = game("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1", "e2e4 e8e7");
        assert_eq!(en_passant_right(&gone, 2), None);
    }

    #[test]
    fn pseudo_legal_en_passant_does_not_make_positions_differ() {
        // White pushes e2-e4 next to the black pawn on d4, but that pawn is
        // pinned: the position after e4 is the same as one reached later
        // with the pawn on e4 arriving by two single steps.
        let fen = "7k/8/8/8/3p4/8/1B2P3/4K3 w - - 0 1";
        let game = game(fen, "e2e4 h8g8 b2a1 g8h8 a1b2 h8g8 b2a1 g8h8 a1b2");
        assert!(identity(&game, 1) == identity(&game, 5));
        assert!(identity(&game, 1) == identity(&game, 9));
    }

    #[test]
    fn identity_after_a_written_move_is_the_identity_once_played() {
        // Castling, rook moves and captures on rook squares, double pushes
        // with and without a legal reply, promotions: every legal move of
        // every ply, written down, must give the identity it gets in play.
        let cases = [
            (
                "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
                "a2a4 h7h5 a4a5 b7b5 a5b6 g7g5 e1g1 e8c8",
            ),
            (
                "r3k2r/8/8/8/3p4/8/4P1b1/R3K2R w KQkq - 0 1",
                "e2e4 g2h1 a1a8",
            ),
            ("7k/8/8/8/3p4/8/1B2P3/4K3 w - - 0 1", "e2e4 h8g8 b2a1"),
            ("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "e1d1"),
        ];
        for (fen, moves) in cases {
            let game = game(fen, moves);
            for ply in 0..=game.last_ply() {
                let played: Vec<&str> = moves.split_whitespace().take(ply).collect();
                let so_far = self::game(fen, &played.join(" "));
                let now = identity(&so_far, ply);
                for mv in so_far.current().legal_moves() {
                    let mut after = so_far.clone();
                    assert!(after.push(mv));
                    assert_eq!(
                        identity_after(&so_far, &now, mv),
                        identity(&after, ply + 1),
                        "{fen} after {played:?} then {mv:?}"
                    );
                }
            }
        }
    }

    fn rooks(game: &Game, ply: usize) -> Vec<Square> {
        castling_rights(game, ply).iter().map(|r| r.rook).collect()
    }

    #[test]
    fn chess960_rights_belong_to_the_rook_named() {
        use crate::reference::testing::game_in;
        use shakmaty::CastlingMode::Chess960;

        // The right on g1 belongs to the inner rook: the outer rook on h1
        // moving loses nothing; the g1 rook moving loses the right.
        let fen = "4k1rr/8/8/8/8/8/8/4K1RR w Gg - 0 1";
        let outer = game_in(fen, "h1h2 h8h7", Chess960);
        assert_eq!(rooks(&outer, 2), vec![Square::G1, Square::G8]);
        let inner = game_in(fen, "g1f1", Chess960);
        assert_eq!(rooks(&inner, 1), vec![Square::G8]);

        // King on g1 already: short castling moves only the rook (h1 to
        // f1), yet it is a king move and loses both of White's rights.
        let fen = "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w BHbh - 0 1";
        let castled = game_in(fen, "g1h1", Chess960);
        assert_eq!(
            castled.position(1).board().king_of(Color::White),
            Some(Square::G1)
        );
        assert_eq!(rooks(&castled, 1), vec![Square::B8, Square::H8]);

        // King d1 and rook c1 swap squares on long castling.
        let fen = "2rk1r2/pppppppp/8/8/8/8/PPPPPPPP/2RK1R2 w CFcf - 0 1";
        let swapped = game_in(fen, "d1c1", Chess960);
        assert_eq!(
            swapped.position(1).board().king_of(Color::White),
            Some(Square::C1)
        );
        assert_eq!(rooks(&swapped, 1), vec![Square::C8, Square::F8]);

        // A rook already on its castling square (f1) keeps the right until
        // it moves.
        let fen = "rk3r2/8/8/8/8/8/8/RK3R2 w AFaf - 0 1";
        let moved = game_in(fen, "f1f2 f8f7 f2f1 f7f8", Chess960);
        assert_eq!(rooks(&moved, 4), vec![Square::A1, Square::A8]);
        assert!(identity(&moved, 0) != identity(&moved, 4));
    }

    #[test]
    fn chess960_written_moves_get_the_identity_they_get_in_play() {
        use crate::reference::testing::game_in;
        use shakmaty::CastlingMode::Chess960;

        for fen in [
            "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w BHbh - 0 1",
            "rk3r2/8/8/8/8/8/8/RK3R2 w AFaf - 0 1",
            "2rk1r2/pppppppp/8/8/8/8/PPPPPPPP/2RK1R2 w CFcf - 0 1",
            "4k1rr/8/8/8/8/8/8/4K1RR w Gg - 0 1",
        ] {
            let start = game_in(fen, "", Chess960);
            let now = identity(&start, 0);
            for mv in start.current().legal_moves() {
                let mut after = start.clone();
                assert!(after.push(mv));
                assert_eq!(
                    identity_after(&start, &now, mv),
                    identity(&after, 1),
                    "{fen} {mv:?}"
                );
            }
        }
    }

    #[test]
    fn legal_en_passant_makes_positions_differ() {
        let fen = "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1";
        let game = game(fen, "e2e4 e8d8 e1d1 d8e8 d1e1");
        assert_eq!(game.position(1).board(), game.position(5).board());
        assert!(identity(&game, 1) != identity(&game, 5));
    }
}
