//! The game record the reference reads: the start position and every move.
//!
//! The record remembers what happened and judges nothing: every rule in the
//! reference is a function of it, stated in the rule's own module.

use shakmaty::{Chess, Move, Position};

use crate::start::StartPosition;

/// A game: its start position and the moves played from it.
///
/// Ply 0 is the start position; ply `i` is the position after the `i`-th
/// move. Alongside each move the record keeps the position it produced, as
/// shakmaty played it: that is what the move did, not a judgement about it.
///
/// # Examples
///
/// ```
/// use drawrules::StartPosition;
/// use drawrules::reference::Game;
/// use shakmaty::{Position, Square, Move, Role};
///
/// let mut game = Game::new(StartPosition::standard());
/// let e4 = Move::Normal { role: Role::Pawn, from: Square::E2, capture: None, to: Square::E4, promotion: None };
/// assert!(game.push(e4));
/// assert_eq!(game.last_ply(), 1);
/// assert_eq!(game.move_into(1), Some(e4));
/// assert!(!game.push(e4), "no white pawn on e2 any more");
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    start: StartPosition,
    moves: Vec<Move>,
    positions: Vec<Chess>,
}

impl Default for Game {
    /// A game from the standard starting position.
    fn default() -> Game {
        Game::new(StartPosition::standard())
    }
}

impl Game {
    /// A game that has not left its start position.
    pub fn new(start: StartPosition) -> Game {
        let positions = vec![start.position().clone()];
        Game {
            start,
            moves: Vec::new(),
            positions,
        }
    }

    /// The start position and its FEN fields.
    pub fn start(&self) -> &StartPosition {
        &self.start
    }

    /// The number of the current ply (0 before any move).
    pub fn last_ply(&self) -> usize {
        self.moves.len()
    }

    /// The position at `ply`.
    ///
    /// # Panics
    ///
    /// If `ply` is past the last ply.
    pub fn position(&self, ply: usize) -> &Chess {
        &self.positions[ply]
    }

    /// The current position.
    pub fn current(&self) -> &Chess {
        self.position(self.last_ply())
    }

    /// The move that produced `ply`, or `None` for ply 0 and plies not yet
    /// played.
    pub fn move_into(&self, ply: usize) -> Option<Move> {
        ply.checked_sub(1)
            .and_then(|index| self.moves.get(index).copied())
    }

    /// The moves played, in order (the move into ply `i` is at index `i - 1`).
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Plays `mv` if it is legal in the current position; returns whether it
    /// was. Whether the game is already over is not this record's business.
    pub fn push(&mut self, mv: Move) -> bool {
        let current = self.current();
        if !current.legal_moves().contains(&mv) {
            return false;
        }
        let mut next = current.clone();
        next.play_unchecked(mv);
        self.moves.push(mv);
        self.positions.push(next);
        true
    }
}
