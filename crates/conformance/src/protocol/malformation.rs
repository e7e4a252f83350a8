//! The kinds of malformed input `verify` sends in every run (move text
//! that is not a move, FEN variants the standard does not allow), named as
//! reports and handshakes write them. An engine that reads some kinds
//! leniently on purpose declares them in its handshake (`lenient`, for the
//! kinds that have one repair).

use std::fmt;

use serde::{Deserialize, Serialize};

/// A kind of malformed input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Malformation {
    /// A move to or from a square off the board (`b1i3`, `e2e9`).
    SquareOffTheBoard,
    /// A pawn promoting to a king (`a7a8k`).
    PromotionToAKing,
    /// A pawn promoting to a pawn (`a7a8p`).
    PromotionToAPawn,
    /// Move text of the wrong length (`e2e`, `e2e44`).
    WrongLength,
    /// A move in capital letters (`E2E4`).
    CapitalLetters,
    /// A move with text after it (`e2e4+`, `e2e4!`).
    TrailingText,
    /// A FEN of four fields, without the counters.
    FenFourFields,
    /// A FEN of three fields: placement, turn, castling.
    FenThreeFields,
    /// A FEN with a seventh field.
    FenExtraField,
    /// A FEN whose halfmove clock is negative.
    FenNegativeClock,
    /// A FEN whose halfmove clock is 2^31, past a signed 32-bit counter (a
    /// valid FEN: the game is over by seventy-five moves at its start).
    FenClockPast2To31,
    /// A FEN whose en passant square has a man on it: no two-square pawn
    /// step leaves one there (a capture onto it read as en passant would
    /// take two men).
    FenEnPassantSquareOccupied,
    /// A FEN with a castling right whose king is off its square.
    FenCastlingKingOffItsSquare,
    /// A FEN with a castling right whose rook is off its square.
    FenCastlingRookOffItsSquare,
    /// A FEN whose move number is 0: moves are counted from 1.
    FenMoveNumberZero,
}

impl Malformation {
    /// Every kind, in the order a run judges them.
    pub const ALL: [Malformation; 15] = [
        Malformation::SquareOffTheBoard,
        Malformation::PromotionToAKing,
        Malformation::PromotionToAPawn,
        Malformation::WrongLength,
        Malformation::CapitalLetters,
        Malformation::TrailingText,
        Malformation::FenFourFields,
        Malformation::FenThreeFields,
        Malformation::FenExtraField,
        Malformation::FenNegativeClock,
        Malformation::FenClockPast2To31,
        Malformation::FenEnPassantSquareOccupied,
        Malformation::FenCastlingKingOffItsSquare,
        Malformation::FenCastlingRookOffItsSquare,
        Malformation::FenMoveNumberZero,
    ];

    /// The kind's name in reports and handshakes.
    pub fn name(self) -> &'static str {
        match self {
            Malformation::SquareOffTheBoard => "square-off-the-board",
            Malformation::PromotionToAKing => "promotion-to-a-king",
            Malformation::PromotionToAPawn => "promotion-to-a-pawn",
            Malformation::WrongLength => "wrong-length",
            Malformation::CapitalLetters => "capital-letters",
            Malformation::TrailingText => "trailing-text",
            Malformation::FenFourFields => "fen-four-fields",
            Malformation::FenThreeFields => "fen-three-fields",
            Malformation::FenExtraField => "fen-extra-field",
            Malformation::FenNegativeClock => "fen-negative-clock",
            Malformation::FenClockPast2To31 => "fen-clock-past-2-to-31",
            Malformation::FenEnPassantSquareOccupied => "fen-en-passant-square-occupied",
            Malformation::FenCastlingKingOffItsSquare => "fen-castling-king-off-its-square",
            Malformation::FenCastlingRookOffItsSquare => "fen-castling-rook-off-its-square",
            Malformation::FenMoveNumberZero => "fen-move-number-zero",
        }
    }

    /// Whether an engine may declare the kind in `lenient`: it has one
    /// repair, the text the engine then reads.
    pub fn may_be_lenient(self) -> bool {
        matches!(
            self,
            Malformation::CapitalLetters | Malformation::TrailingText | Malformation::FenExtraField
        )
    }
}

impl fmt::Display for Malformation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
