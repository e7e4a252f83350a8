//! Helpers shared by the unit tests of the arbiter and of the fast 5.2.2
//! decision (the reference keeps its own, `reference::testing`, so that
//! the two sides name no part of each other).

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

/// The position of a test's FEN, in standard chess.
pub fn position(fen: &str) -> Chess {
    position_in(fen, CastlingMode::Standard)
}

/// The position of a test's FEN, in standard chess or Chess960 (`mode`).
pub fn position_in(fen: &str, mode: CastlingMode) -> Chess {
    fen.parse::<Fen>()
        .expect("test FEN")
        .into_position(mode)
        .expect("test position")
}
