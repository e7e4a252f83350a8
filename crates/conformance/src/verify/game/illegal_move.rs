//! The kinds of illegal move every run asks (castling out of, through or
//! into check, after the right is lost or past a man, an en passant
//! capture that exposes the king, a pinned man moved off its line, a king
//! into check, a move from an empty square), each with its two games,
//! White's and Black's. A leaf: reports and groups name the kinds, and
//! [`illegal`](crate::verify::game::illegal) judges the games.

use std::fmt;

/// A kind of illegal move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum IllegalMove {
    /// Castling while in check (3.8.2).
    CastlingOutOfCheck,
    /// Castling across a square the opponent attacks (3.8.2).
    CastlingThroughCheck,
    /// Castling onto a square the opponent attacks (3.8.2, 3.9).
    CastlingIntoCheck,
    /// Castling after the king or that rook has moved and come back
    /// (3.8.2: the right is lost for good).
    CastlingAfterTheRightIsLost,
    /// Castling with a man between the king and the rook (3.8.2).
    CastlingPastAMan,
    /// An en passant capture that leaves the capturing side's king
    /// attacked along the rank both pawns leave (3.7.4, 3.9).
    EnPassantExposingTheKing,
    /// A pinned man moved off the line between its king and the pinner
    /// (3.9).
    PinnedManOffItsLine,
    /// The king onto a square the opponent attacks (3.9).
    KingIntoCheck,
    /// A move from a square with no man of the side to move (3.1).
    FromAnEmptySquare,
}

impl IllegalMove {
    /// Every kind, in the order a run judges them.
    pub const ALL: [IllegalMove; 9] = [
        IllegalMove::CastlingOutOfCheck,
        IllegalMove::CastlingThroughCheck,
        IllegalMove::CastlingIntoCheck,
        IllegalMove::CastlingAfterTheRightIsLost,
        IllegalMove::CastlingPastAMan,
        IllegalMove::EnPassantExposingTheKing,
        IllegalMove::PinnedManOffItsLine,
        IllegalMove::KingIntoCheck,
        IllegalMove::FromAnEmptySquare,
    ];

    /// The kind's name in reports.
    pub fn name(self) -> &'static str {
        match self {
            IllegalMove::CastlingOutOfCheck => "castling-out-of-check",
            IllegalMove::CastlingThroughCheck => "castling-through-check",
            IllegalMove::CastlingIntoCheck => "castling-into-check",
            IllegalMove::CastlingAfterTheRightIsLost => "castling-after-the-right-is-lost",
            IllegalMove::CastlingPastAMan => "castling-past-a-man",
            IllegalMove::EnPassantExposingTheKing => "en-passant-exposing-the-king",
            IllegalMove::PinnedManOffItsLine => "pinned-man-off-its-line",
            IllegalMove::KingIntoCheck => "king-into-check",
            IllegalMove::FromAnEmptySquare => "from-an-empty-square",
        }
    }

    /// The kind's two games, White's and Black's: a start and the moves,
    /// all legal but the last.
    pub(crate) fn games(self) -> [(&'static str, &'static [&'static str]); 2] {
        match self {
            IllegalMove::CastlingOutOfCheck => [
                ("4k3/8/8/8/4r3/8/8/R3K2R w KQ - 0 1", &["e1g1"]),
                ("r3k2r/8/8/4R3/8/8/8/4K3 b kq - 0 1", &["e8c8"]),
            ],
            IllegalMove::CastlingThroughCheck => [
                ("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1", &["e1g1"]),
                ("r3k2r/8/8/8/8/8/8/3RK3 b kq - 0 1", &["e8c8"]),
            ],
            IllegalMove::CastlingIntoCheck => [
                ("2r1k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", &["e1c1"]),
                ("r3k2r/8/8/8/8/8/8/4K1R1 b kq - 0 1", &["e8g8"]),
            ],
            IllegalMove::CastlingAfterTheRightIsLost => [
                (
                    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
                    &["e1f1", "e8f8", "f1e1", "f8e8", "e1g1"],
                ),
                (
                    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
                    &["a1a2", "h8h7", "a2a1", "h7h8", "a1a2", "e8g8"],
                ),
            ],
            IllegalMove::CastlingPastAMan => [
                ("r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1", &["e1c1"]),
                ("r3k1nr/8/8/8/8/8/8/R3K2R b KQkq - 0 1", &["e8g8"]),
            ],
            IllegalMove::EnPassantExposingTheKing => [
                ("4k3/2p5/8/KP5r/8/8/8/8 b - - 0 1", &["c7c5", "b5c6"]),
                ("8/8/8/8/kp5R/8/2P5/4K3 w - - 0 1", &["c2c4", "b4c3"]),
            ],
            IllegalMove::PinnedManOffItsLine => [
                ("4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1", &["e2c3"]),
                ("4k3/4n3/8/8/8/8/8/4R1K1 b - - 0 1", &["e7c6"]),
            ],
            IllegalMove::KingIntoCheck => [
                ("4k3/8/8/8/8/8/r7/4K3 w - - 0 1", &["e1e2"]),
                ("4k3/R7/8/8/8/8/8/4K3 b - - 0 1", &["e8e7"]),
            ],
            IllegalMove::FromAnEmptySquare => [
                (
                    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                    &["e3e4"],
                ),
                (
                    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                    &["e2e4", "e6e5"],
                ),
            ],
        }
    }
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
