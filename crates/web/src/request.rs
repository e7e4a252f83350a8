//! What the page asks for.

use std::fmt;

use drawrules::Edition;
use serde::Deserialize;

/// A game to judge, as the page sends it.
///
/// Either `moves` (UCI or SAN, separated by spaces, move numbers allowed)
/// or `pgn` (a whole PGN; its first game is judged, from its `FEN` tag if
/// it has one); `fen` is the start position (default: the standard one),
/// and is refused beside a PGN that has its own.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Request {
    /// The start position, as FEN.
    pub fen: Option<String>,
    /// The start position is Chess960 (castling king takes rook in UCI).
    pub chess960: bool,
    /// The moves, in UCI or SAN.
    pub moves: String,
    /// A PGN, instead of `moves`.
    pub pgn: String,
    /// `fide-2018` (default) or `fide-2014`.
    pub edition: Option<String>,
    /// Decide Article 5.2.2 exactly at every ply (default: by material).
    pub exact: bool,
}

/// A request the page should never send.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RequestError {
    /// Not JSON, or not a request (an unknown field, a value of the wrong
    /// type): the JSON reader's words.
    Json(String),
    /// Both moves and a PGN.
    MovesAndPgn,
    /// A name that is no edition.
    Edition(String),
}

impl fmt::Display for RequestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the request: ")?;
        match self {
            RequestError::Json(why) => f.write_str(why),
            RequestError::MovesAndPgn => f.write_str("give the moves or a PGN, not both"),
            RequestError::Edition(name) => {
                write!(f, "no edition {name:?} (fide-2018 or fide-2014)")
            }
        }
    }
}

impl std::error::Error for RequestError {}

impl Request {
    /// Reads a request from JSON.
    ///
    /// # Errors
    ///
    /// [`RequestError`] naming what is wrong.
    ///
    /// # Examples
    ///
    /// ```
    /// use drawrules_web::{Request, RequestError};
    ///
    /// let request = Request::from_json(r#"{"moves": "e4 e5", "edition": "fide-2014"}"#).unwrap();
    /// assert_eq!(request.moves, "e4 e5");
    /// let both = Request::from_json(r#"{"moves": "e4", "pgn": "1. e4"}"#).unwrap_err();
    /// assert_eq!(both, RequestError::MovesAndPgn);
    /// assert_eq!(both.to_string(), "the request: give the moves or a PGN, not both");
    /// ```
    pub fn from_json(text: &str) -> Result<Request, RequestError> {
        let request: Request =
            serde_json::from_str(text).map_err(|err| RequestError::Json(err.to_string()))?;
        if !request.moves.trim().is_empty() && !request.pgn.trim().is_empty() {
            return Err(RequestError::MovesAndPgn);
        }
        request.edition()?;
        Ok(request)
    }

    /// The edition asked for.
    ///
    /// # Errors
    ///
    /// [`RequestError`] for a name that is no edition.
    pub fn edition(&self) -> Result<Edition, RequestError> {
        match self.edition.as_deref() {
            None | Some("") => Ok(Edition::default()),
            Some(name) => name
                .parse()
                .map_err(|_| RequestError::Edition(name.to_owned())),
        }
    }
}
