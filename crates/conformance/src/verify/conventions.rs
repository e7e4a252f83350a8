//! Published conventions of the formats the protocol speaks, where the Laws
//! have nothing to say: `verify` accepts each of them as written by its
//! standard and says which one a library follows.
//!
//! The FEN is the one format the status record carries. Its conventions
//! differ in two fields:
//!
//! * **The en passant field.** The original FEN standard (and the PGN
//!   standard that embeds it) names the square behind a pawn that has just
//!   advanced two squares, whether or not any capture there is possible;
//!   X-FEN and several engines name it only when an enemy pawn stands
//!   beside; our records name it only when an en passant capture is legal,
//!   the only case in which it changes the position (9.2.3). A FEN that
//!   names the square where ours writes `-` follows one of the first two,
//!   provided the square lies behind a pawn that has just advanced two
//!   squares (the move into the ply, or at the start a pawn the FEN places
//!   so that it may have).
//! * **The castling field.** Shredder-FEN names each castling rook by its
//!   file (`HAha`) where the original standard writes `KQkq`.
//!
//! Anything else that differs in a FEN is compared as before.

use std::fmt;

use shakmaty::{Color, File, Rank, Square};

/// A published convention of the FEN that differs from our records'.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Convention {
    /// The en passant field names the square behind every pawn that has
    /// just advanced two squares (the original FEN standard; X-FEN writes
    /// a subset of these).
    EnPassantAfterEveryDoubleStep,
    /// The castling field names each castling rook by its file
    /// (Shredder-FEN).
    CastlingByFile,
}

impl Convention {
    /// Every convention `verify` accepts beside ours.
    pub const ALL: [Convention; 2] = [
        Convention::EnPassantAfterEveryDoubleStep,
        Convention::CastlingByFile,
    ];

    /// The convention's name in reports.
    pub fn name(self) -> &'static str {
        match self {
            Convention::EnPassantAfterEveryDoubleStep => "fen-en-passant-after-double-step",
            Convention::CastlingByFile => "fen-castling-by-file",
        }
    }

    /// What it means, for a report's reader.
    pub fn explain(self) -> &'static str {
        match self {
            Convention::EnPassantAfterEveryDoubleStep => {
                "the FEN names the en passant square after a two-square pawn step even with no legal capture (original FEN standard, X-FEN)"
            }
            Convention::CastlingByFile => {
                "the FEN names castling rooks by their files, HAha (Shredder-FEN)"
            }
        }
    }
}

impl fmt::Display for Convention {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The conventions under which `theirs` is the FEN `ours` describes, or
/// `None` when they differ in anything a convention does not cover (or do
/// not differ at all: then the answer is an empty list).
///
/// # Examples
///
/// ```
/// use drawrules_conformance::verify::{Convention, fen_conventions};
///
/// // After 1. e4 no black pawn can take en passant: our FEN writes `-`.
/// let ours = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
/// let original = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
/// assert_eq!(
///     fen_conventions(ours, original),
///     Some(vec![Convention::EnPassantAfterEveryDoubleStep])
/// );
/// let shredder = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b HAha - 0 1";
/// assert_eq!(fen_conventions(ours, shredder), Some(vec![Convention::CastlingByFile]));
/// // A square behind no pawn that has just advanced is no convention.
/// let wrong = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq d3 0 1";
/// assert_eq!(fen_conventions(ours, wrong), None);
/// ```
pub fn fen_conventions(ours: &str, theirs: &str) -> Option<Vec<Convention>> {
    let ours: Vec<&str> = ours.split(' ').collect();
    let theirs: Vec<&str> = theirs.split(' ').collect();
    if ours.len() != 6 || theirs.len() != 6 {
        return None;
    }
    let mut followed = Vec::new();
    for (field, (&a, &b)) in ours.iter().zip(&theirs).enumerate() {
        if a == b {
            continue;
        }
        match field {
            2 if same_castling(a, b) => followed.push(Convention::CastlingByFile),
            3 if a == "-" && behind_a_double_step(ours[0], ours[1], b) => {
                followed.push(Convention::EnPassantAfterEveryDoubleStep);
            }
            _ => return None,
        }
    }
    Some(followed)
}

/// Whether the castling fields `ours` (`KQkq` letters, standard chess) and
/// `theirs` (file letters) name the same rights.
fn same_castling(ours: &str, theirs: &str) -> bool {
    let as_files = |field: &str| -> Option<Vec<char>> {
        let mut files: Vec<char> = field
            .chars()
            .map(|c| match c {
                'K' => Some('H'),
                'Q' => Some('A'),
                'k' => Some('h'),
                'q' => Some('a'),
                'A'..='H' | 'a'..='h' => Some(c),
                _ => None,
            })
            .collect::<Option<_>>()?;
        files.sort_unstable();
        Some(files)
    };
    ours != "-" && as_files(ours).is_some_and(|files| Some(files) == as_files(theirs))
}

/// Whether `square` lies behind a pawn that may just have advanced two
/// squares in the placement `board` with `turn` to move: the pawn of the
/// side that moved stands in front of it, and the square and the one the
/// pawn came from are empty.
fn behind_a_double_step(board: &str, turn: &str, square: &str) -> bool {
    let Ok(square) = square.parse::<Square>() else {
        return false;
    };
    let Ok(setup) = board.parse::<shakmaty::Board>() else {
        return false;
    };
    let mover = match turn {
        "w" => Color::Black,
        "b" => Color::White,
        _ => return false,
    };
    let (behind, pawn_rank, from_rank) = match mover {
        Color::White => (Rank::Third, Rank::Fourth, Rank::Second),
        Color::Black => (Rank::Sixth, Rank::Fifth, Rank::Seventh),
    };
    let file: File = square.file();
    square.rank() == behind
        && setup.piece_at(Square::from_coords(file, pawn_rank)) == Some(mover.pawn())
        && setup.piece_at(square).is_none()
        && setup
            .piece_at(Square::from_coords(file, from_rank))
            .is_none()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_black_double_step_is_recognised_with_white_to_move() {
        let ours = "4k3/8/8/3p4/8/8/8/4K3 w - - 0 2";
        let theirs = "4k3/8/8/3p4/8/8/8/4K3 w - d6 0 2";
        assert_eq!(
            fen_conventions(ours, theirs),
            Some(vec![Convention::EnPassantAfterEveryDoubleStep])
        );
        // The same square with Black to move: no pawn of White's in front.
        assert_eq!(
            fen_conventions(
                "4k3/8/8/3p4/8/8/8/4K3 b - - 0 2",
                "4k3/8/8/3p4/8/8/8/4K3 b - d6 0 2"
            ),
            None
        );
    }

    #[test]
    fn a_field_no_convention_covers_is_a_difference() {
        let ours = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
        assert_eq!(fen_conventions(ours, "4k3/8/8/8/8/8/8/4K3 w - - 5 1"), None);
        assert_eq!(fen_conventions(ours, "4k3/8/8/8/8/8/8/4K3 b - - 0 1"), None);
        assert_eq!(fen_conventions(ours, ours), Some(vec![]));
        // A right that is not there is not a Shredder spelling of one.
        let castling = "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1";
        assert_eq!(
            fen_conventions(castling, "r3k3/8/8/8/8/8/8/4K2R w Ha - 0 1"),
            Some(vec![Convention::CastlingByFile])
        );
        assert_eq!(
            fen_conventions(castling, "r3k3/8/8/8/8/8/8/4K2R w HAa - 0 1"),
            None
        );
        // Our square written as `-` is a departure, not a convention.
        let usable = "4k3/8/8/2Pp4/8/8/8/4K3 w - d6 0 2";
        assert_eq!(
            fen_conventions(usable, "4k3/8/8/2Pp4/8/8/8/4K3 w - - 0 2"),
            None
        );
    }
}
