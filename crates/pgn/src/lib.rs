//! Reading PGN game databases as a stream: plain text or `.xz`, `.zst` and
//! `.gz` compressed, game by game, main lines only.
//!
//! * [`open`] and [`decompressed`] turn a file or any reader into the PGN
//!   text, recognising the compression by its magic bytes;
//! * [`Games`] reads the text game by game, following the `pgn-reader`
//!   crate's grammar (a lexer over each game's text, held to `pgn-reader`
//!   by tests), into [`PgnGame`]s: the tags, the SAN moves of the main line (variations,
//!   comments and annotation glyphs are skipped) and the game termination
//!   marker. A game the parser cannot read is still returned, with its
//!   syntax error, so that the next game goes on; only a failing source
//!   (an unreadable or corrupt file) stops the stream;
//! * [`in_order_streamed`] runs work on a stream of items across threads,
//!   in batches, and hands the results back in input order: several
//!   results per item, each handed back as soon as its turn comes, and a
//!   flag that stops the run;
//! * [`adjudicate`](mod@adjudicate) replays each game with the arbiter,
//!   turning SAN into moves from the attack tables (with exactly
//!   shakmaty's answers, held to them by tests) instead of generating the
//!   legal moves.
//!
//! Note: like `pgn-reader`, the reader skips a movetext token that is not
//! SAN at all (`Nf9`, `e4x`); the game then fails at the first move that the
//! skipped token would have made legal, or not at all.

pub mod adjudicate;
mod chunks;
mod find;
mod game;
mod input;
mod lexer;
mod limits;
mod line_ends;
mod parallel;
mod parse;
mod reader;
mod san;
mod san_read;
mod scan;
mod source_error;
mod unit;
mod units;

pub use game::{GameError, PgnGame, Tags, Variant};
pub use input::{Compression, Input, InputError, decompressed, open};
pub use limits::Limits;
pub use parallel::{Ended, ParallelError, Sharing, in_order_streamed};
pub use reader::Games;
pub use source_error::SourceError;
