//! What stops the book from building.

use thiserror::Error;

/// Why a page could not be built: each names where on the page, so that
/// the book never shows an example the reference does not bear out.
#[derive(Debug, Error)]
pub enum BookError {
    /// An example's command line the book cannot replay.
    #[error("the command {command:?} cannot be replayed: {why}")]
    Example {
        /// The command, as the page writes it.
        command: String,
        /// What is wrong with it.
        why: String,
    },
    /// A page shows something the reference does not say.
    #[error("{at}: {why}")]
    Disagrees {
        /// The page and line.
        at: String,
        /// What differs.
        why: String,
    },
    /// A block or directive written wrongly.
    #[error("{at}: {why}")]
    Malformed {
        /// The page and line.
        at: String,
        /// What is wrong.
        why: String,
    },
    /// The corpus could not be read.
    #[error("the corpus: {0}")]
    Corpus(String),
}
