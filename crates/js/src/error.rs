//! The errors JavaScript sees: each crosses as a JSON object the
//! package's wrapper (js/src/api.js) throws as its own `Error` class
//! (`IllegalMoveError`, `GameOverError`, `InvalidFenError`,
//! `InvalidOptionError`).

use drawrules::{Refusal, RefusalKind, Status};
use serde_json::json;

/// Why a call judged nothing (further).
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// An option the package does not know, or of the wrong type.
    #[error("{message}")]
    InvalidOption {
        /// What was wrong.
        message: String,
    },
    /// A start position's FEN that cannot start a game.
    #[error("{message}")]
    InvalidFen {
        /// What was wrong with it.
        message: String,
        /// The FEN as given.
        fen: String,
    },
    /// A move that was not played, with the records of the plies before
    /// it.
    #[error("{refusal}")]
    Refused {
        /// The ply, the move's text and why.
        refusal: Refusal,
        /// The records up to the refused move.
        records: Vec<Status>,
    },
}

impl ApiError {
    /// The name of the JavaScript class the wrapper throws.
    pub fn class(&self) -> &'static str {
        match self {
            ApiError::InvalidOption { .. } => "InvalidOptionError",
            ApiError::InvalidFen { .. } => "InvalidFenError",
            ApiError::Refused { refusal, .. } if refusal.kind() == RefusalKind::GameOver => {
                "GameOverError"
            }
            ApiError::Refused { .. } => "IllegalMoveError",
        }
    }

    /// The error as the JSON object the wrapper reads: `error` (the
    /// class), `message`, and the class's own fields (`fen`; `ply`,
    /// `move`, `kind` and `records`).
    ///
    /// # Examples
    ///
    /// ```
    /// use drawrules_js::ApiError;
    ///
    /// let err = ApiError::InvalidOption { message: "unknown notation \"lan\"".into() };
    /// assert_eq!(
    ///     err.to_json(),
    ///     r#"{"error":"InvalidOptionError","message":"unknown notation \"lan\""}"#
    /// );
    /// ```
    pub fn to_json(&self) -> String {
        let message = self.to_string();
        let object = match self {
            ApiError::InvalidOption { .. } => json!({ "error": self.class(), "message": message }),
            ApiError::InvalidFen { fen, .. } => {
                json!({ "error": self.class(), "message": message, "fen": fen })
            }
            ApiError::Refused { refusal, records } => json!({
                "error": self.class(),
                "message": message,
                "ply": refusal.ply,
                "move": refusal.text.clone().unwrap_or_default(),
                "kind": refusal.kind().name(),
                "records": records,
            }),
        };
        object.to_string()
    }
}
