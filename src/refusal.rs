//! Refusals: why a game stopped before its last move, in one vocabulary
//! that the judging pipeline, the conformance corpus and the engine
//! protocol all speak.

use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::notation::ParseMoveError;
use crate::rules::RulesError;
use crate::start::ParseStartError;

/// The kind of a refusal, as case files and engines name it.
///
/// The first four are what the rules give; the last two only an engine of
/// the protocol (`spec/PROTOCOL.md`) says, about itself or about a request.
///
/// # Examples
///
/// ```
/// use drawrules::RefusalKind;
///
/// assert_eq!(RefusalKind::GameOver.to_string(), "game-over");
/// assert!(RefusalKind::IllegalMove.is_given_by_the_rules());
/// assert!(!RefusalKind::Unsupported.is_given_by_the_rules());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RefusalKind {
    /// The start position is not FEN, or not a legal position.
    InvalidFen,
    /// The move text names no move in the notation spoken.
    UnreadableMove,
    /// The move is not legal in the position.
    IllegalMove,
    /// An ending already holds, so no move may follow, whatever the move
    /// is (this kind takes precedence over the other two move kinds).
    GameOver,
    /// Something the engine cannot do (protocol), or an implementation
    /// that stopped before the move ([`RulesError::Stopped`]).
    Unsupported,
    /// A line that was not a request (protocol only).
    BadRequest,
}

impl RefusalKind {
    /// Every kind.
    pub const ALL: [RefusalKind; 6] = [
        RefusalKind::InvalidFen,
        RefusalKind::UnreadableMove,
        RefusalKind::IllegalMove,
        RefusalKind::GameOver,
        RefusalKind::Unsupported,
        RefusalKind::BadRequest,
    ];

    /// The name in case files and the protocol, e.g. `illegal-move`.
    pub const fn name(self) -> &'static str {
        match self {
            RefusalKind::InvalidFen => "invalid-fen",
            RefusalKind::UnreadableMove => "unreadable-move",
            RefusalKind::IllegalMove => "illegal-move",
            RefusalKind::GameOver => "game-over",
            RefusalKind::Unsupported => "unsupported",
            RefusalKind::BadRequest => "bad-request",
        }
    }

    /// Whether the rules give this kind (the kinds a corpus case may
    /// expect), rather than an engine about itself.
    pub const fn is_given_by_the_rules(self) -> bool {
        !matches!(self, RefusalKind::Unsupported | RefusalKind::BadRequest)
    }
}

impl fmt::Display for RefusalKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why the start or a move was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RefusalReason {
    /// The start FEN.
    #[error(transparent)]
    Fen(#[from] ParseStartError),
    /// The move text.
    #[error(transparent)]
    Text(#[from] ParseMoveError),
    /// The rules refused the move (illegal, or the game is over), or the
    /// implementation refused to start.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// The implementation played a move that is not legal in the position.
    #[error("the implementation accepted a move that is not legal here")]
    AcceptedIllegal,
}

/// A located refusal: the ply the refused move would have made (0 for the
/// start), the move as written, and why.
///
/// # Examples
///
/// ```
/// use drawrules::{ParseMoveError, Refusal, RefusalKind};
///
/// let refusal = Refusal { ply: 2, text: Some("Nf6".into()), reason: ParseMoveError::NotUci.into() };
/// assert_eq!(refusal.kind(), RefusalKind::UnreadableMove);
/// assert_eq!(refusal.to_string(), "ply 2, move \"Nf6\": not a move in UCI notation");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub struct Refusal {
    /// The ply the refused move would have made; 0 when the start was
    /// refused.
    pub ply: u32,
    /// The move as given; `None` when the start was refused.
    pub text: Option<String>,
    /// Why.
    pub reason: RefusalReason,
}

impl Refusal {
    /// The ply of the refused move; `None` when the start was refused.
    pub fn move_ply(&self) -> Option<u32> {
        self.text.as_ref().map(|_| self.ply)
    }

    /// The kind of the refusal.
    pub fn kind(&self) -> RefusalKind {
        match &self.reason {
            RefusalReason::Fen(_) => RefusalKind::InvalidFen,
            RefusalReason::Text(ParseMoveError::Illegal | ParseMoveError::Ambiguous) => {
                RefusalKind::IllegalMove
            }
            RefusalReason::Text(ParseMoveError::Unreadable | ParseMoveError::NotUci) => {
                RefusalKind::UnreadableMove
            }
            RefusalReason::Rules(RulesError::GameOver { .. }) => RefusalKind::GameOver,
            RefusalReason::Rules(RulesError::Stopped { .. }) => RefusalKind::Unsupported,
            RefusalReason::Rules(_) | RefusalReason::AcceptedIllegal => RefusalKind::IllegalMove,
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.text {
            Some(text) => write!(f, "ply {}, move {text:?}: {}", self.ply, self.reason),
            None => write!(f, "ply {}: {}", self.ply, self.reason),
        }
    }
}
