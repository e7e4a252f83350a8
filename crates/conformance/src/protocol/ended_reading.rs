//! How many of the endings that hold at once an engine names (the
//! handshake's `ended`): every one, as the status record asks, or one, for
//! a library whose game-over API gives a single reason.

use serde::{Deserialize, Serialize};

/// How many of the endings that hold at once the engine's `ended` names.
///
/// # Examples
///
/// ```
/// use drawrules_conformance::protocol::{EndedReading, Hello};
///
/// let hello: Hello = serde_json::from_str(
///     r#"{"protocol":2,"name":"x","implements":["stalemate","dead-position"],"editions":["fide-2018"],"ended":"one"}"#,
/// ).unwrap();
/// assert_eq!(hello.ended, EndedReading::One);
/// assert!(serde_json::from_str::<Hello>(
///     r#"{"protocol":2,"name":"x","implements":[],"editions":["fide-2018"],"ended":"two"}"#,
/// ).is_err());
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EndedReading {
    /// Every ending that holds (`"all"`, the default): the record's own
    /// meaning.
    #[default]
    All,
    /// One of them (`"one"`): where several endings hold at a ply (a
    /// stalemate that is also a dead position, a stalemate on the 150th
    /// ply), naming any one of those the engine implements agrees; naming
    /// none, or one that does not hold, still diverges.
    One,
}

impl EndedReading {
    /// Whether this is the default, [`EndedReading::All`].
    pub fn is_all(&self) -> bool {
        *self == EndedReading::All
    }
}
