//! The fields of a FEN as `verify` tells one FEN departure from another: a
//! FEN that differs from ours in two fields departs twice, once per field,
//! each with its own cause, minimal game and articles.
//!
//! * the placement of the men and the side to move (the first two fields,
//!   one departure: both follow from the moves played, Article 3);
//! * the castling field and the en passant field (the position's rights,
//!   9.2.3);
//! * the halfmove clock (the count of 9.3);
//! * the move number. No article is about it: it follows only from the
//!   moves played, so it is filed with them under 3.10, and nothing of the
//!   draw rules reads it.
//!
//! A FEN that is not six fields differs as a whole, in its placement.

use std::fmt;

use drawrules::Article;

/// A field of the FEN, as departures are told apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum FenField {
    /// The placement of the men and the side to move.
    Placement,
    /// The castling field.
    Castling,
    /// The en passant field.
    EnPassant,
    /// The halfmove clock.
    HalfmoveClock,
    /// The move number.
    MoveNumber,
}

impl FenField {
    /// Every field, in the FEN's order.
    pub const ALL: [FenField; 5] = [
        FenField::Placement,
        FenField::Castling,
        FenField::EnPassant,
        FenField::HalfmoveClock,
        FenField::MoveNumber,
    ];

    /// The field's name in reports.
    pub fn name(self) -> &'static str {
        match self {
            FenField::Placement => "placement",
            FenField::Castling => "castling",
            FenField::EnPassant => "en-passant",
            FenField::HalfmoveClock => "halfmove-clock",
            FenField::MoveNumber => "move-number",
        }
    }

    /// The index of the field's first part among the FEN's six.
    pub(crate) fn index(self) -> usize {
        self.indexes().start
    }

    /// The indexes of the FEN's space-separated fields it covers.
    fn indexes(self) -> std::ops::Range<usize> {
        match self {
            FenField::Placement => 0..2,
            FenField::Castling => 2..3,
            FenField::EnPassant => 3..4,
            FenField::HalfmoveClock => 4..5,
            FenField::MoveNumber => 5..6,
        }
    }

    /// The field's text in `fen` (placement and side to move joined by a
    /// space), or `None` when `fen` is not six fields.
    ///
    /// # Examples
    ///
    /// ```
    /// use drawrules_conformance::verify::FenField;
    ///
    /// let fen = "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1";
    /// assert_eq!(FenField::EnPassant.of(fen), Some("e3".to_owned()));
    /// assert_eq!(FenField::Placement.of(fen), Some("4k3/8/8/8/4P3/8/8/4K3 b".to_owned()));
    /// assert_eq!(FenField::Castling.of("4k3/8/8/8/8/8/8/4K3 w -"), None);
    /// ```
    pub fn of(self, fen: &str) -> Option<String> {
        let fields: Vec<&str> = fen.split(' ').collect();
        (fields.len() == 6).then(|| fields[self.indexes()].join(" "))
    }

    /// The articles a departure in the field concerns: the rights of
    /// 9.2.3, the count of 9.3.2, the moves of 3.10 (see the module docs).
    pub fn articles(self) -> &'static [Article] {
        match self {
            FenField::Placement | FenField::MoveNumber => &[Article::LegalMoves],
            FenField::Castling | FenField::EnPassant => &[Article::SamePosition],
            FenField::HalfmoveClock => &[Article::FiftyMovesNow],
        }
    }
}

impl fmt::Display for FenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The fields in which `theirs` differs from `ours`, in the FEN's order; a
/// FEN that is not six fields differs in its placement alone.
///
/// # Examples
///
/// ```
/// use drawrules_conformance::verify::{FenField, differing_fields};
///
/// let ours = "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1";
/// assert_eq!(
///     differing_fields(ours, "4k3/8/8/8/4P3/8/8/4K3 b - e3 7 1"),
///     [FenField::EnPassant, FenField::HalfmoveClock]
/// );
/// assert_eq!(differing_fields(ours, "4k3/8/8/8/4P3/8/8/4K3 b -"), [FenField::Placement]);
/// assert_eq!(differing_fields(ours, ours), []);
/// ```
pub fn differing_fields(ours: &str, theirs: &str) -> Vec<FenField> {
    if ours == theirs {
        return Vec::new();
    }
    FenField::ALL
        .into_iter()
        .filter(|field| match (field.of(ours), field.of(theirs)) {
            (Some(a), Some(b)) => a != b,
            _ => *field == FenField::Placement,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_field_is_told_apart_and_side_to_move_goes_with_the_placement() {
        let ours = "r3k3/8/8/8/8/8/8/4K2R w Kq - 3 9";
        let cases = [
            ("r3k3/8/8/8/8/8/8/4K2R b Kq - 3 9", FenField::Placement),
            ("r3k3/8/8/8/8/8/8/4K1R1 w Kq - 3 9", FenField::Placement),
            ("r3k3/8/8/8/8/8/8/4K2R w K - 3 9", FenField::Castling),
            ("r3k3/8/8/8/8/8/8/4K2R w Kq e6 3 9", FenField::EnPassant),
            ("r3k3/8/8/8/8/8/8/4K2R w Kq - 4 9", FenField::HalfmoveClock),
            ("r3k3/8/8/8/8/8/8/4K2R w Kq - 3 10", FenField::MoveNumber),
        ];
        for (theirs, field) in cases {
            assert_eq!(differing_fields(ours, theirs), [field], "{theirs}");
        }
        assert_eq!(
            differing_fields(ours, "r3k3/8/8/8/8/8/8/4K2R b - - 0 1"),
            FenField::ALL
                .into_iter()
                .filter(|&f| f != FenField::EnPassant)
                .collect::<Vec<_>>()
        );
    }
}
