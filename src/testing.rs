//! Helpers shared by the unit tests of the arbiter and of the fast 5.2.2
//! decision (the reference keeps its own, `reference::testing`, so that
//! the two sides name no part of each other).

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Move, Position};

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

/// The position `line` reaches from `start`, each move asserted legal.
pub fn replayed(start: &Chess, line: &[Move]) -> Chess {
    let mut position = start.clone();
    for &mv in line {
        assert!(position.is_legal(mv), "{mv:?} in {line:?}");
        position.play_unchecked(mv);
    }
    position
}

/// A small deterministic generator (xorshift), so that the games a test
/// plays are the same on every run.
pub struct Dice(pub u64);

impl Dice {
    /// A number below `sides`.
    pub fn roll(&mut self, sides: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % sides as u64) as usize
    }
}
