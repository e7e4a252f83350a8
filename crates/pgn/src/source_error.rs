//! The error that ends a stream of games: the source itself failed.

use std::io;

use thiserror::Error;

/// The source itself failed (an I/O error, a corrupt or truncated
/// compressed stream): no further game can be read from it. Every whole
/// game read before the failure has been returned before this error.
#[derive(Debug, Error)]
#[error("read error at line {line}, after game {after_game}: {source}")]
pub struct SourceError {
    /// The number of the last game read in full (0 if none).
    pub after_game: u64,
    /// The line of the text where the source failed.
    pub line: u64,
    /// The error.
    #[source]
    pub source: io::Error,
}
