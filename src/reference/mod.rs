//! The executable reference: the draw rules written to be read beside the
//! Laws, with clarity before speed.
//!
//! One file per article group:
//!
//! | file | articles |
//! |---|---|
//! | [`endings`] | 5.1.1 checkmate, 5.2.1 stalemate |
//! | [`dead_position`] | 5.2.2 dead position (material subset) |
//! | [`same_position`] | 9.2.3 when positions are the same |
//! | [`repetition`] | 9.2.1, 9.2.2 threefold; 9.6.1 fivefold |
//! | [`move_count`] | 9.3.1, 9.3.2 fifty moves; 9.6.2 seventy-five moves |
//!
//! The reference keeps only the [`Game`] record (start position and moves)
//! and derives every fact from it: no running clock, no hashes, no window of
//! recent positions. The facts of a ply that nothing later can change (its
//! position's identity and how often that position has stood so far) are
//! derived once, when the ply is played, by the same rule functions; the
//! rest is recomputed whenever it is asked. shakmaty tells it which moves
//! are legal and what a move does; everything the rules look at (position
//! identity, castling and en passant rights, the move count) is derived here.

pub mod dead_position;
pub mod endings;
pub mod fen;
mod game;
pub mod move_count;
mod record;
pub mod repetition;
pub mod same_position;

pub use game::Game;

use shakmaty::uci::UciMove;
use shakmaty::{Chess, Move};

use crate::laws::{Edition, Ending};
use crate::rules::{Rules, RulesError};
use crate::start::StartPosition;
use crate::status::Status;

/// The reference implementation of the draw rules.
///
/// # Examples
///
/// ```
/// use drawrules::{Edition, Ending, GameResult, Reference, Rules, StartPosition};
///
/// // Clock at 149; White mates with the 150th ply: checkmate takes
/// // precedence over the seventy-five-move rule (9.6.2).
/// let start: StartPosition = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 120".parse().unwrap();
/// let mut game = Reference::new(start, Edition::Fide2018);
/// game.play("a1a8".parse().unwrap()).unwrap();
/// let status = game.status();
/// assert_eq!(status.clock, 150);
/// assert_eq!(status.ended, vec![Ending::Checkmate]);
/// assert_eq!(status.result, GameResult::WhiteWins);
/// assert!(game.play("g8h8".parse().unwrap()).is_err(), "the game is over");
/// ```
#[derive(Clone, Debug, Default)]
pub struct Reference {
    edition: Edition,
    game: Game,
}

impl Reference {
    /// A new game from `start` under `edition`.
    pub fn new(start: StartPosition, edition: Edition) -> Reference {
        Reference {
            edition,
            game: Game::new(start),
        }
    }

    /// The edition whose rules apply.
    pub fn edition(&self) -> Edition {
        self.edition
    }

    /// The game record so far.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The current position.
    pub fn position(&self) -> &Chess {
        self.game.current()
    }

    /// The endings that hold now, in article order (empty while the game
    /// goes on).
    pub fn endings(&self) -> Vec<Ending> {
        record::endings(&self.game, self.edition)
    }

    /// Plays a move given as a shakmaty [`Move`].
    ///
    /// # Errors
    ///
    /// [`RulesError::GameOver`] once an ending holds, [`RulesError::IllegalMove`]
    /// if the move is not legal here.
    pub fn play_move(&mut self, mv: Move) -> Result<(), RulesError> {
        self.ensure_going_on()?;
        self.push_legal(mv)
    }

    /// Appends `mv` to the game if it is legal on the board.
    fn push_legal(&mut self, mv: Move) -> Result<(), RulesError> {
        if self.game.push(mv) {
            Ok(())
        } else {
            Err(RulesError::IllegalMove)
        }
    }

    /// A move may be played only while no ending holds.
    fn ensure_going_on(&self) -> Result<(), RulesError> {
        let ended = self.endings();
        if ended.is_empty() {
            Ok(())
        } else {
            Err(RulesError::GameOver { ended })
        }
    }
}

impl Rules for Reference {
    fn start(&mut self, start: &StartPosition, edition: Edition) -> Result<(), RulesError> {
        *self = Reference::new(start.clone(), edition);
        Ok(())
    }

    fn play(&mut self, mv: UciMove) -> Result<(), RulesError> {
        self.ensure_going_on()?;
        let mv = mv
            .to_move(self.game.current())
            .map_err(|_| RulesError::IllegalMove)?;
        self.push_legal(mv)
    }

    fn status(&self) -> Status {
        record::status(&self.game, self.edition)
    }
}

#[cfg(test)]
pub(crate) mod testing {
    //! Helpers for the per-article unit tests.

    use shakmaty::uci::UciMove;
    use shakmaty::{CastlingMode, Move};

    use super::Game;
    use crate::start::StartPosition;

    /// The game from `fen` with the space-separated UCI `moves` played.
    pub fn game(fen: &str, moves: &str) -> Game {
        game_in(fen, moves, CastlingMode::Standard)
    }

    /// The game from `fen` in standard chess or Chess960 (`mode`), with
    /// the UCI `moves` played (castling king-takes-rook in Chess960).
    pub fn game_in(fen: &str, moves: &str, mode: CastlingMode) -> Game {
        let mut game = Game::new(StartPosition::from_fen_in(fen, mode).expect("test FEN"));
        for text in moves.split_whitespace() {
            let uci: UciMove = text.parse().expect("test move is UCI");
            let mv = uci.to_move(game.current()).expect("test move is legal");
            assert!(game.push(mv), "{text} is legal");
        }
        game
    }

    /// Moves as UCI text, sorted.
    pub fn uci_list(moves: &[Move]) -> Vec<String> {
        let mut list: Vec<String> = moves
            .iter()
            .map(|&mv| UciMove::from_move(mv, CastlingMode::Standard).to_string())
            .collect();
        list.sort();
        list
    }
}
