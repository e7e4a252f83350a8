//! # drawrules
//!
//! An executable reference of the FIDE Laws of Chess rules that end a game
//! without a result on the board, and of the endings that take precedence
//! over them.
//!
//! ## The rules in one page
//!
//! | article | what ends or may end the game | how |
//! |---|---|---|
//! | 5.1.1 | checkmate | at once; the mating side wins |
//! | 5.2.1 | stalemate | at once; drawn |
//! | 5.2.2 | dead position (we decide the material cases only) | at once; drawn |
//! | 9.2.1 | the position would stand a third time after a written move | claim by the player to move |
//! | 9.2.2 | the position stands for the third time | claim by the player to move |
//! | 9.3.1 | a written move would complete 50 moves each without pawn move or capture | claim |
//! | 9.3.2 | 50 moves each without pawn move or capture are complete | claim |
//! | 9.6.1 | the position stands for the fifth time (2014: in a four-ply rhythm) | at once; drawn |
//! | 9.6.2 | 75 moves each without pawn move or capture, unless the last move mated | at once; drawn |
//!
//! "The same position" (9.2.3) means the same player to move, the same men
//! on the same squares, the same castling rights (rights, not the present
//! ability to castle) and the same en passant right (only a capture that is
//! legal counts). The pages under `spec/rules/` give our reading of every
//! point the Laws leave open, with worked examples.
//!
//! ## The pieces
//!
//! * [`laws`]: the vocabulary ([`Edition`], [`Ending`], [`Claim`],
//!   [`GameResult`]); [`Status`], the record every implementation reports per
//!   ply; [`Rules`], the interface they offer; [`StartPosition`].
//! * [`reference`](mod@reference): the executable specification, one file per article
//!   group, written for reading.
//! * [`explain`]: play a game through any [`Rules`] and render the result.
//! * [`corpus`]: the conformance cases of `spec/cases/`, loaded and run
//!   against any [`Rules`].
//!
//! # Examples
//!
//! ```
//! use drawrules::{Claim, Edition, Reference, Rules, StartPosition};
//!
//! // Clock at 99: writing a quiet move lets White claim (9.3.1).
//! let start: StartPosition = "4k3/8/8/8/8/8/8/R3K3 w - - 99 80".parse().unwrap();
//! let mut game = Reference::new(start, Edition::Fide2018);
//! let status = game.status();
//! assert!(status.claims.is_empty());
//! assert!(status.claims_on_move.fifty_moves.contains(&"a1a2".to_string()));
//!
//! game.play("a1a2".parse().unwrap()).unwrap();
//! assert_eq!(game.status().claims, vec![Claim::FiftyMoves]);
//! ```

pub mod adjudicate;
mod arbiter;
pub mod corpus;
pub mod explain;
pub mod laws;
pub mod notation;
pub mod oracle;
pub mod pgn;
pub mod protocol;
pub mod reference;
mod rules;
pub mod scenario;
mod start;
mod status;
pub mod verify;

pub use arbiter::Arbiter;
pub use laws::{Claim, Edition, Ending, GameResult, ParseEditionError};
pub use reference::Reference;
pub use rules::{ReplayError, Rules, RulesError};
pub use start::{Chess960NumberError, FenError, StartPosition};
pub use status::{ClaimsOnMove, Status};

/// The README's Rust examples, compiled and run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
