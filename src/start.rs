//! Where a game begins: the standard position or a position given as FEN.

use std::fmt;
use std::str::FromStr;

use shakmaty::fen::{Fen, ParseFenError};
use shakmaty::{CastlingMode, Chess, FromSetup, PositionError, Setup};
use thiserror::Error;

/// A legal position from which a game is played, with the FEN fields that the
/// rules read: the castling rights granted, the halfmove clock and the move
/// number.
///
/// Nothing that happened before the start position is known: the rules count
/// repetitions from it and take its halfmove clock as given.
///
/// # Examples
///
/// ```
/// use drawrules::StartPosition;
///
/// let start: StartPosition = "8/8/8/4k3/8/8/4K3/4R3 w - - 99 80".parse().unwrap();
/// assert_eq!(start.setup().halfmoves, 99);
///
/// let err = "8/8/8/8/8/8/8/8 w - - 0 1".parse::<StartPosition>().unwrap_err();
/// assert_eq!(err.to_string(), "invalid fen: illegal position: empty board, missing king");
/// ```
#[derive(Clone, Debug)]
pub struct StartPosition {
    setup: Setup,
    position: Chess,
}

/// The text given as a start position is not a legal position in FEN.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FenError {
    /// The text is not FEN.
    #[error("invalid fen: {0}")]
    Syntax(#[from] ParseFenError),
    /// The text is FEN, but the position cannot arise in standard chess (no
    /// king, a castling right without its king and rook at home, an en
    /// passant square with no pawn that just moved, the side not to move in
    /// check, ...).
    #[error("invalid fen: {0}")]
    Position(String),
}

impl StartPosition {
    /// The standard starting position of chess.
    pub fn standard() -> StartPosition {
        StartPosition {
            setup: Setup::default(),
            position: Chess::default(),
        }
    }

    /// Parses and checks a FEN (standard chess; castling as `KQkq`).
    ///
    /// # Errors
    ///
    /// [`FenError`] when the text is not FEN or the position is not legal.
    pub fn from_fen(fen: &str) -> Result<StartPosition, FenError> {
        let setup = Fen::from_ascii(fen.trim().as_bytes())?.into_setup();
        let position = Chess::from_setup(setup.clone(), CastlingMode::Standard)
            .map_err(|err: PositionError<Chess>| FenError::Position(err.to_string()))?;
        Ok(StartPosition { setup, position })
    }

    /// The FEN fields as given (castling rights, en passant square, clocks).
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The start position, ready to play.
    pub fn position(&self) -> &Chess {
        &self.position
    }
}

impl Default for StartPosition {
    fn default() -> StartPosition {
        StartPosition::standard()
    }
}

impl FromStr for StartPosition {
    type Err = FenError;

    fn from_str(s: &str) -> Result<StartPosition, FenError> {
        StartPosition::from_fen(s)
    }
}

impl fmt::Display for StartPosition {
    /// The FEN as given (after parsing), not normalised.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match Fen::try_from_setup(self.setup.clone()) {
            Ok(fen) => fmt::Display::fmt(&fen, f),
            Err(lossy) => fmt::Display::fmt(&lossy.ignore(), f),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use shakmaty::Position;

    #[test]
    fn standard_is_the_default_fen() {
        let start = StartPosition::standard();
        assert_eq!(
            start.to_string(),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        );
        assert_eq!(start.position().legal_moves().len(), 20);
    }

    #[test]
    fn errors_say_what_is_wrong() {
        let cases = [
            ("", "invalid fen: invalid fen"),
            ("hello", "invalid fen: invalid board part in fen"),
            (
                "8/8/8/8/8/8/8/8 w - - 0 1",
                "invalid fen: illegal position: empty board, missing king",
            ),
            (
                "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
                "invalid fen: illegal position: invalid castling rights",
            ),
            (
                "4k3/8/8/8/8/8/8/4K3 w - e3 0 1",
                "invalid fen: illegal position: invalid ep square",
            ),
            (
                "4k3/8/8/8/8/8/8/4K3 w - - x 1",
                "invalid fen: invalid halfmove clock in fen",
            ),
        ];
        for (fen, message) in cases {
            let err = StartPosition::from_fen(fen).unwrap_err();
            assert_eq!(err.to_string(), message, "for {fen:?}");
        }
    }
}
