//! What an oracle reports when the project misbehaved on an input.

use drawrules::laws::Edition;
use thiserror::Error;

/// Something the project did that it must never do on one input, as the
/// [`explain_input`](crate::explain_input), [`pgn_input`](crate::pgn_input),
/// [`corpus_file`](crate::corpus_file) and
/// [`protocol_answers`](crate::protocol_answers) oracles find it: engines
/// that disagree, a record that does not survive JSON, an error that does
/// not say where, rows that do not match the moves.
///
/// # Examples
///
/// ```
/// use drawrules::Edition;
/// use drawrules_oracle::InconsistencyError;
///
/// let err = InconsistencyError { edition: Edition::Fide2014, what: "rows differ".to_owned() };
/// assert_eq!(err.to_string(), "fide-2014: rows differ");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{edition}: {what}")]
pub struct InconsistencyError {
    /// The edition under which it happened.
    pub edition: Edition,
    /// What was wrong.
    pub what: String,
}
