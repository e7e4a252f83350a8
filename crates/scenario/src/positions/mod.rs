//! Positions for surveying Article 5.2.2 (dead position), built from a seed
//! and nothing else, so that a survey is reproducible and owes nothing to
//! the code that decides it.
//!
//! Three families ([`Family`]):
//!
//! * [`locked`]: interlocked pawn chains across the board (with or without
//!   a gap, with or without a pawn break or capture), kings on either side
//!   of the wall, sometimes bishops, knights or a rook;
//! * [`endgame`]: random placements of small material sets (bare kings,
//!   one or two minor pieces, a rook, a pawn, blocked pawns);
//! * [`plies`]: plies sampled from real games, late plies with little
//!   material preferred (reading the games is the caller's part; with the
//!   feature `pgn`, `plies::from_pgn` reads a PGN file).
//!
//! Every position is legal (shakmaty reads its FEN) and the game is not
//! over in it (the side to move has a legal move).

pub mod endgame;
pub mod locked;
pub mod plies;
mod rng;

use std::fmt;

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position};

pub use rng::Rng;

/// Where a surveyed position comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Family {
    /// Generated locked pawn structures ([`locked`]).
    Locked,
    /// Generated small endgames ([`endgame`]).
    Endgame,
    /// Plies of real games ([`plies`]).
    Games,
}

impl Family {
    /// The three families, in the order a survey reports them.
    pub const ALL: [Family; 3] = [Family::Locked, Family::Endgame, Family::Games];
}

impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Family::Locked => "locked",
            Family::Endgame => "endgame",
            Family::Games => "games",
        })
    }
}

/// One generated position.
#[derive(Debug, Clone)]
pub struct Sample {
    /// Its family.
    pub family: Family,
    /// What it is, in a few words (the material set, the structure, or
    /// the game and ply it comes from).
    pub label: String,
    /// The position.
    pub position: Chess,
}

impl Sample {
    /// The position's FEN.
    pub fn fen(&self) -> String {
        Fen::from_position(&self.position, EnPassantMode::Legal).to_string()
    }
}

/// A board being set up: one character per square (`' '` for empty, FEN
/// letters otherwise), index `rank * 8 + file`.
#[derive(Clone)]
pub(crate) struct Placement([char; 64]);

impl Placement {
    pub(crate) fn empty() -> Placement {
        Placement([' '; 64])
    }

    pub(crate) fn is_empty(&self, square: usize) -> bool {
        self.0[square] == ' '
    }

    pub(crate) fn put(&mut self, square: usize, man: char) {
        self.0[square] = man;
    }

    /// The position with `white_to_move`, if shakmaty accepts its FEN and
    /// the side to move has a legal move.
    pub(crate) fn position(&self, white_to_move: bool) -> Option<Chess> {
        let mut fen = String::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match self.0[rank * 8 + file] {
                    ' ' => empty += 1,
                    man => {
                        if empty > 0 {
                            fen.push_str(&empty.to_string());
                            empty = 0;
                        }
                        fen.push(man);
                    }
                }
            }
            if empty > 0 {
                fen.push_str(&empty.to_string());
            }
            if rank > 0 {
                fen.push('/');
            }
        }
        fen.push_str(if white_to_move {
            " w - - 0 1"
        } else {
            " b - - 0 1"
        });
        let position: Chess = fen
            .parse::<Fen>()
            .ok()?
            .into_position(CastlingMode::Standard)
            .ok()?;
        (!position.legal_moves().is_empty()).then_some(position)
    }
}

/// Whether a square (index `rank * 8 + file`) is a light square.
pub(crate) fn is_light(square: usize) -> bool {
    (square / 8 + square % 8) % 2 == 1
}
