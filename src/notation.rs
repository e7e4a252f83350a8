//! Move text as people and programs write it: UCI (`g1f3`, `e1g1`, `e7e8q`)
//! or SAN (`Nf3`, `O-O`, `e8=Q+`).
//!
//! In Chess960 games UCI writes castling as the king taking its own rook
//! (`e1h1`, `b1a1`); [`uci_sorted_in`] takes the game's castling mode.

use std::borrow::Cow;

use shakmaty::san::{SanError, SanPlus};
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Move};
use thiserror::Error;

use crate::rules::RulesError;

/// Move text that does not name a legal move in the position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum ParseMoveError {
    /// The text is neither UCI nor SAN.
    #[error("not a move in UCI or SAN notation")]
    Unreadable,
    /// The text is not UCI, where only UCI is read.
    #[error("not a move in UCI notation")]
    NotUci,
    /// The text names a move that is not legal here.
    #[error("illegal move in this position")]
    Illegal,
    /// The SAN fits more than one legal move.
    #[error("ambiguous move in this position")]
    Ambiguous,
}

/// Moves as UCI text (`e1g1` for castling), sorted as strings: the form of
/// the status record's `claims_on_move` lists in standard chess.
pub fn uci_sorted(moves: impl IntoIterator<Item = Move>) -> Vec<String> {
    uci_sorted_in(moves, CastlingMode::Standard)
}

/// Moves as UCI text, sorted as strings, with castling written as `mode`
/// asks: `e1g1` in standard chess, the king taking its rook (`e1h1`) in
/// Chess960.
///
/// # Examples
///
/// ```
/// use drawrules::notation::uci_sorted_in;
/// use shakmaty::{CastlingMode, Move, Square};
///
/// let castle = Move::Castle { king: Square::E1, rook: Square::H1 };
/// assert_eq!(uci_sorted_in([castle], CastlingMode::Standard), ["e1g1"]);
/// assert_eq!(uci_sorted_in([castle], CastlingMode::Chess960), ["e1h1"]);
/// ```
pub fn uci_sorted_in(moves: impl IntoIterator<Item = Move>, mode: CastlingMode) -> Vec<String> {
    let mut uci: Vec<String> = moves
        .into_iter()
        .map(|mv| {
            // Written straight into a string of the right size, without
            // the formatting machinery (this runs for every ply's record).
            let mut text = String::with_capacity(5);
            UciMove::from_move(mv, mode).append_to_string(&mut text);
            text
        })
        .collect();
    uci.sort_unstable();
    uci
}

/// Why a move given as text could not be played.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PlayTextError {
    /// The text does not name a legal move.
    #[error(transparent)]
    Text(#[from] ParseMoveError),
    /// The rules refused the move (for instance, the game is over).
    #[error(transparent)]
    Rules(#[from] RulesError),
}

/// `text` with castling written with zeros (`0-0`, `0-0-0`, as PGN from
/// many sources writes it) in SAN's letters (`O-O`, `O-O-O`); any other
/// text as it is.
fn castling_in_letters(text: &str) -> Cow<'_, str> {
    for (zeros, letters) in [("0-0-0", "O-O-O"), ("0-0", "O-O")] {
        if let Some(rest) = text.strip_prefix(zeros)
            && !rest.starts_with('-')
        {
            return Cow::Owned(format!("{letters}{rest}"));
        }
    }
    Cow::Borrowed(text)
}

/// Reads `text` as a move in `position`: UCI first, then SAN. Castling
/// may be written with zeros (`0-0`, `0-0-0`) as well as with SAN's
/// letters: PGN from many sources writes it so, and both name the same
/// move; what this crate writes always uses the letters.
///
/// # Errors
///
/// [`ParseMoveError`] saying whether the text is unreadable, illegal or
/// ambiguous.
///
/// # Examples
///
/// ```
/// use drawrules::notation::{ParseMoveError, parse_move};
/// use shakmaty::Chess;
///
/// let start = Chess::default();
/// assert_eq!(parse_move("g1f3", &start), parse_move("Nf3", &start));
/// assert_eq!(parse_move("e2e5", &start), Err(ParseMoveError::Illegal));
/// assert_eq!(parse_move("hello", &start), Err(ParseMoveError::Unreadable));
/// ```
pub fn parse_move(text: &str, position: &Chess) -> Result<Move, ParseMoveError> {
    if let Ok(uci) = text.parse::<UciMove>() {
        return uci.to_move(position).map_err(|_| ParseMoveError::Illegal);
    }
    let san: SanPlus = castling_in_letters(text)
        .parse()
        .map_err(|_| ParseMoveError::Unreadable)?;
    san.san.to_move(position).map_err(|err| match err {
        SanError::AmbiguousSan => ParseMoveError::Ambiguous,
        SanError::IllegalSan => ParseMoveError::Illegal,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{Position, Role, Square};

    #[test]
    fn uci_and_san_name_the_same_moves() {
        let position: Chess = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
            .parse::<shakmaty::fen::Fen>()
            .unwrap()
            .into_position(shakmaty::CastlingMode::Standard)
            .unwrap();
        let castle = Move::Castle {
            king: Square::E1,
            rook: Square::H1,
        };
        assert_eq!(parse_move("e1g1", &position), Ok(castle));
        assert_eq!(parse_move("O-O", &position), Ok(castle));
        assert_eq!(
            parse_move("O-O-O-O", &position),
            Err(ParseMoveError::Unreadable)
        );
        // Castling with zeros, as PGN from many sources writes it.
        assert_eq!(parse_move("0-0", &position), Ok(castle));
        assert_eq!(parse_move("0-0+", &position), Ok(castle));
        assert_eq!(
            parse_move("0-0-0", &position),
            Ok(Move::Castle {
                king: Square::E1,
                rook: Square::A1,
            })
        );
        assert_eq!(
            parse_move("0-0-0-0", &position),
            Err(ParseMoveError::Unreadable)
        );
        assert_eq!(parse_move("0-", &position), Err(ParseMoveError::Unreadable));
        assert!(position.legal_moves().contains(&castle));
        assert_eq!(parse_move("Rb1", &position).unwrap().role(), Role::Rook);
        assert_eq!(
            parse_move("Rd1", &position),
            Ok(Move::Normal {
                role: Role::Rook,
                from: Square::A1,
                capture: None,
                to: Square::D1,
                promotion: None,
            })
        );
    }

    #[test]
    fn ambiguity_is_reported() {
        let position: Chess = "4k3/8/8/8/8/8/4K3/R6R w - - 0 1"
            .parse::<shakmaty::fen::Fen>()
            .unwrap()
            .into_position(shakmaty::CastlingMode::Standard)
            .unwrap();
        assert_eq!(parse_move("Rd1", &position), Err(ParseMoveError::Ambiguous));
        assert!(parse_move("Rhd1", &position).is_ok());
    }
}
