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
use shakmaty::{
    Board, CastlingMode, Chess, Color, EnPassantMode, FromSetup, Piece, Position, Setup, Square,
};

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
///
/// # Examples
///
/// ```
/// use drawrules_scenario::positions::Placement;
///
/// let mut board = Placement::empty();
/// board.put(4, 'K');
/// board.put(60, 'k');
/// assert!(board.position(true).is_some());
/// board.put(59, 'Q');
/// // White to move while Black stands in check: not a legal position.
/// assert!(board.position(true).is_none());
/// ```
#[derive(Clone)]
pub struct Placement([char; 64]);

impl Placement {
    /// An empty board.
    pub fn empty() -> Placement {
        Placement([' '; 64])
    }

    /// Whether `square` is empty.
    pub fn is_empty(&self, square: usize) -> bool {
        self.0[square] == ' '
    }

    /// Puts `man` (a FEN letter, or `' '` to empty it) on `square`.
    pub fn put(&mut self, square: usize, man: char) {
        self.0[square] = man;
    }

    /// The position with `white_to_move`, if shakmaty accepts it as legal
    /// and the side to move has a legal move.
    pub fn position(&self, white_to_move: bool) -> Option<Chess> {
        let mut board = Board::empty();
        for (square, &man) in Square::ALL.iter().zip(&self.0) {
            if man != ' ' {
                board.set_piece_at(*square, Piece::from_char(man)?);
            }
        }
        let setup = Setup {
            board,
            turn: if white_to_move {
                Color::White
            } else {
                Color::Black
            },
            ..Setup::empty()
        };
        let position = Chess::from_setup(setup, CastlingMode::Standard).ok()?;
        (!position.legal_moves().is_empty()).then_some(position)
    }
}

/// Whether a square (index `rank * 8 + file`) is a light square.
pub(crate) fn is_light(square: usize) -> bool {
    (square / 8 + square % 8) % 2 == 1
}
