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
//! | 5.2.2 | dead position: neither side can ever mate, both cooperating (decided exactly, with evidence, or reported undetermined) | at once; drawn |
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
//! ## The modules
//!
//! | module | what it holds | may use |
//! |---|---|---|
//! | `article` | [`Article`]: the single source of article numbers and our names for them | nothing |
//! | [`laws`] | the vocabulary: [`Edition`], [`Ending`], [`Claim`], [`GameResult`]; names only, no rules | nothing |
//! | [`mating`] | the vocabulary of 5.2.2: [`Mating`](mating::Mating), [`Deadness`](mating::Deadness), their evidence, the [`Budget`](mating::Budget) | nothing |
//! | `status` | [`Status`] and [`ClaimsOnMove`], the record every implementation reports per ply | laws |
//! | `partial` | [`PartialStatus`], some fields of a record (a case's expectation, an engine's answer), and its comparer | laws, status |
//! | `start` | [`StartPosition`]: a FEN, a Chess960 number, or the standard position | nothing |
//! | `rules` | [`Rules`], the interface every implementation offers, and its errors | laws, status, start |
//! | [`notation`] | move text (UCI, SAN) read and written | rules |
//! | `refusal` | [`Refusal`] and [`RefusalKind`]: why a game stopped before its last move | notation, rules, start |
//! | `judge` | [`judge`], the one judging pipeline: a start and moves through any [`Rules`], records or a located refusal | the above |
//! | [`reference`](mod@reference) | [`Reference`], the executable specification, one file per article group, written for reading | the above |
//! | [`unwinnable`] | 5.2.2 decided for speed: static proofs first, then tuned searches; the arbiter's decision | mating |
//! | `arbiter` | [`Arbiter`], the fast implementation, checked against the reference | the above but the reference |
//! | [`explain`] | a game played through any [`Rules`], a row per ply, and the table people read | the above |
//!
//! The library knows nothing of the command line, the conformance corpus,
//! PGN, test generators, the book or its web page: those are the
//! workspace's other crates (`drawrules-conformance`, `drawrules-pgn`,
//! `drawrules-scenario`, `drawrules-oracle`, `drawrules-cli`,
//! `drawrules-book`, `drawrules-web`), which depend on this one and never
//! the other way round, and `drawrules-board`, the boards the book and the
//! page draw, which depends on shakmaty alone.
//!
//! # Examples
//!
//! ```
//! use drawrules::{Claim, Edition, Reference, Rules, StartPosition};
//!
//! // Clock at 99: writing a quiet move lets White claim (9.3.1).
//! let start: StartPosition = "4k3/8/8/8/8/8/8/R3K3 w - - 99 80".parse().unwrap();
//! let mut game = Reference::new(&start, Edition::Fide2018);
//! let status = game.status();
//! assert!(status.claims.is_empty());
//! assert!(status.claims_on_move.fifty_moves.contains(&"a1a2".to_string()));
//!
//! game.play("a1a2".parse().unwrap()).unwrap();
//! assert_eq!(game.status().claims, vec![Claim::FiftyMoves]);
//! ```

mod arbiter;
mod article;
pub mod explain;
mod judge;
pub mod laws;
pub mod mating;
pub mod notation;
mod partial;
mod readings;
pub mod reference;
mod refusal;
mod rules;
mod start;
mod status;
#[cfg(test)]
mod testing;
pub mod unwinnable;

pub use arbiter::{Arbiter, DeadSearches, PlaySanError};
pub use article::{Article, ParseArticleError};
pub use judge::{Judgement, Judging, MoveInput, Notation, judge};
pub use laws::{Claim, Edition, Ending, GameResult, ParseEditionError};
pub use notation::ParseMoveError;
pub use partial::{Field, Mismatch, PartialClaimsOnMove, PartialStatus};
pub use readings::Reading;
pub use reference::Reference;
pub use refusal::{Refusal, RefusalKind, RefusalReason};
pub use rules::{Rules, RulesError};
pub use start::{Chess960NumberError, ParseStartError, StartPosition};
pub use status::{ClaimsOnMove, Status};

/// The README's Rust examples, compiled and run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
