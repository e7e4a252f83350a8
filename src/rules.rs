//! The interface every implementation of the draw rules offers.

use shakmaty::uci::UciMove;
use thiserror::Error;

use crate::laws::{Edition, Ending};
use crate::mating::DeadRule;
use crate::start::StartPosition;
use crate::status::Status;

/// An implementation of the draw rules: start a game, play moves, report the
/// [`Status`] record.
///
/// The reference, the arbiter and adapters for external engines implement
/// it, so that any of them can stand in wherever another is used.
///
/// # Examples
///
/// ```
/// use drawrules::{Claim, Edition, Reference, Rules, StartPosition};
///
/// let mut game = Reference::default();
/// game.start(&StartPosition::standard(), Edition::Fide2018).unwrap();
/// for uci in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"] {
///     game.play(uci.parse().unwrap()).unwrap();
/// }
/// let status = game.status();
/// assert_eq!(status.repetition, 3);
/// assert_eq!(status.claims, vec![Claim::ThreefoldRepetition]);
/// ```
pub trait Rules {
    /// Begins a new game from `start` under `edition`, forgetting any game
    /// played before.
    ///
    /// # Errors
    ///
    /// In-process implementations never fail here; an external engine may.
    fn start(&mut self, start: &StartPosition, edition: Edition) -> Result<(), RulesError>;

    /// Plays one move in the current position.
    ///
    /// # Errors
    ///
    /// [`RulesError::IllegalMove`] if the move is not legal, and
    /// [`RulesError::GameOver`] if an ending already holds. The game is
    /// unchanged after an error.
    fn play(&mut self, mv: UciMove) -> Result<(), RulesError>;

    /// The status record of the current ply.
    fn status(&self) -> Status;

    /// Decides Article 5.2.2 as `rule` says for every position judged from
    /// now on: after the next move, and in every game started afterwards.
    /// The current position keeps the verdict it has (so that setting the
    /// rule before [`Rules::start`] costs no search of a position about to
    /// be forgotten). Returns whether the implementation can; by default it
    /// decides by material alone and accepts only [`DeadRule::Material`].
    ///
    /// # Examples
    ///
    /// ```
    /// use drawrules::mating::DeadRule;
    /// use drawrules::{Edition, Ending, Reference, Rules, StartPosition};
    ///
    /// let mut game = Reference::default();
    /// assert!(game.set_dead_rule(DeadRule::exact()));
    /// let walled = "k7/8/8/p1p1p1p1/P1P1P1P1/8/8/K7 w - - 0 1".parse().unwrap();
    /// game.start(&walled, Edition::Fide2018).unwrap();
    /// assert_eq!(game.status().ended, [Ending::DeadPosition]);
    /// ```
    fn set_dead_rule(&mut self, rule: DeadRule) -> bool {
        rule == DeadRule::Material
    }
}

/// A move that the rules do not allow, or that an implementation did not
/// judge.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum RulesError {
    /// The move is not legal in the current position.
    #[error("illegal move in this position")]
    IllegalMove,
    /// The game is already over; no move may follow.
    #[error("the game is already over ({})", describe(.ended))]
    GameOver {
        /// The endings that hold.
        ended: Vec<Ending>,
    },
    /// The implementation stopped before this move for a reason of its
    /// own (a bound on the time it may take, say), which `reason` gives:
    /// the move and those after it were not judged. Neither the reference
    /// nor the arbiter ever stops so.
    #[error("{reason}")]
    Stopped {
        /// Why, in words a person reads.
        reason: String,
    },
}

fn describe(ended: &[Ending]) -> String {
    ended
        .iter()
        .map(|ending| format!("{ending}, {}", ending.article()))
        .collect::<Vec<_>>()
        .join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_over_lists_endings_with_articles() {
        let err = RulesError::GameOver {
            ended: vec![Ending::Stalemate, Ending::SeventyFiveMoves],
        };
        assert_eq!(
            err.to_string(),
            "the game is already over (stalemate, 5.2.1; seventy-five-moves, 9.6.2)"
        );
    }
}
