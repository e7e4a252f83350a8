//! What every entry point takes, as JavaScript passes it (an object, sent
//! as JSON): the start position (a FEN, or a Chess960 start's number), the
//! edition of the Laws, the 5.2.2 rule and the notation of moves.

use drawrules::mating::DeadRule;
use drawrules::{Edition, Notation, StartPosition};
use serde::Deserialize;
use serde_json::Value;
use shakmaty::CastlingMode;

use crate::error::ApiError;

/// The options object of `new Game(options)`, `judge(moves, options)` and
/// `dead(fen, moves, options)`; every key may be left out.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    /// The start position's FEN (default: the standard start).
    #[serde(default)]
    pub fen: Option<String>,
    /// `true` reads the FEN in Chess960's castling; a number from 0 to
    /// 959 is that Chess960 start.
    #[serde(default)]
    pub chess960: Option<Value>,
    /// `fide-2018` (the default) or `fide-2014`.
    #[serde(default)]
    pub edition: Option<String>,
    /// `material` (the default) or `exact`.
    #[serde(default)]
    pub dead: Option<String>,
    /// `uci-or-san` (the default) or `uci`.
    #[serde(default)]
    pub notation: Option<String>,
}

/// The options read and checked.
#[derive(Debug, Clone)]
pub struct Chosen {
    /// The start position.
    pub start: StartPosition,
    /// The edition of the Laws.
    pub edition: Edition,
    /// How 5.2.2 is decided.
    pub dead: DeadRule,
    /// How moves are read.
    pub notation: Notation,
}

impl Options {
    /// The options in `json` (an empty text: every default).
    ///
    /// # Errors
    ///
    /// [`ApiError::InvalidOption`] naming what was wrong.
    pub fn from_json(json: &str) -> Result<Options, ApiError> {
        if json.trim().is_empty() {
            return Ok(Options::default());
        }
        serde_json::from_str(json).map_err(|err| ApiError::InvalidOption {
            message: format!("bad options: {err}"),
        })
    }

    /// Each option read and checked.
    ///
    /// # Errors
    ///
    /// [`ApiError::InvalidFen`] for a FEN that cannot start a game,
    /// [`ApiError::InvalidOption`] for any other option.
    pub fn chosen(&self) -> Result<Chosen, ApiError> {
        Ok(Chosen {
            start: self.start()?,
            edition: edition(self.edition.as_deref().unwrap_or("fide-2018"))?,
            dead: dead_rule(self.dead.as_deref().unwrap_or("material"))?,
            notation: notation(self.notation.as_deref().unwrap_or("uci-or-san"))?,
        })
    }

    /// The start position: the standard one; `fen`, in standard castling
    /// or with `chess960: true` in Chess960's; or Chess960 start number
    /// `chess960`.
    fn start(&self) -> Result<StartPosition, ApiError> {
        let invalid = |message: String| ApiError::InvalidOption { message };
        let mode = match &self.chess960 {
            None | Some(Value::Null) | Some(Value::Bool(false)) => CastlingMode::Standard,
            Some(Value::Bool(true)) => CastlingMode::Chess960,
            Some(value) => {
                let Some(number) = value.as_u64().and_then(|n| u32::try_from(n).ok()) else {
                    return Err(invalid(format!(
                        "chess960 must be true, false or a start position's number from 0 to 959, not {value}"
                    )));
                };
                if self.fen.is_some() {
                    return Err(invalid(format!(
                        "give a fen or a Chess960 start's number ({number}), not both; \
                         chess960: true reads the fen in Chess960's castling"
                    )));
                }
                return StartPosition::chess960(number).map_err(|err| invalid(err.to_string()));
            }
        };
        match &self.fen {
            Some(fen) => {
                StartPosition::from_fen_in(fen, mode).map_err(|err| ApiError::InvalidFen {
                    message: err.to_string(),
                    fen: fen.clone(),
                })
            }
            None if mode == CastlingMode::Chess960 => {
                Ok(StartPosition::chess960(518).expect("518 is the standard array"))
            }
            None => Ok(StartPosition::standard()),
        }
    }
}

/// The edition named `name`.
fn edition(name: &str) -> Result<Edition, ApiError> {
    name.parse().map_err(
        |err: drawrules::ParseEditionError| ApiError::InvalidOption {
            message: err.to_string(),
        },
    )
}

/// The 5.2.2 rule named `name`: `material` or `exact` (the default
/// budget).
fn dead_rule(name: &str) -> Result<DeadRule, ApiError> {
    match name {
        "material" => Ok(DeadRule::Material),
        "exact" => Ok(DeadRule::exact()),
        other => Err(ApiError::InvalidOption {
            message: format!("unknown dead-position rule {other:?} (expected material or exact)"),
        }),
    }
}

/// How moves are read: `uci-or-san` or `uci`.
fn notation(name: &str) -> Result<Notation, ApiError> {
    match name {
        "uci-or-san" => Ok(Notation::UciOrSan),
        "uci" => Ok(Notation::Uci),
        other => Err(ApiError::InvalidOption {
            message: format!("unknown notation {other:?} (expected uci-or-san or uci)"),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(json: &str) -> String {
        match Options::from_json(json).and_then(|options| options.chosen()) {
            Ok(_) => panic!("{json} accepted"),
            Err(err) => err.to_string(),
        }
    }

    #[test]
    fn no_options_are_the_defaults() {
        let chosen = Options::from_json("").unwrap().chosen().unwrap();
        assert_eq!(
            chosen.start.to_string(),
            StartPosition::standard().to_string()
        );
        assert_eq!(chosen.edition, Edition::Fide2018);
        assert_eq!(chosen.dead, DeadRule::Material);
        assert_eq!(chosen.notation, Notation::UciOrSan);
    }

    #[test]
    fn a_chess960_number_is_that_start() {
        let chosen = Options::from_json(r#"{"chess960": 0}"#)
            .unwrap()
            .chosen()
            .unwrap();
        assert_eq!(
            chosen.start.to_string(),
            StartPosition::chess960(0).unwrap().to_string()
        );
    }

    #[test]
    fn each_bad_option_says_what_was_wrong() {
        assert_eq!(
            message(r#"{"edition": "fide-1990"}"#),
            "fide-1990".parse::<Edition>().unwrap_err().to_string()
        );
        assert_eq!(
            message(r#"{"dead": "guess"}"#),
            "unknown dead-position rule \"guess\" (expected material or exact)"
        );
        assert_eq!(
            message(r#"{"notation": "lan"}"#),
            "unknown notation \"lan\" (expected uci-or-san or uci)"
        );
        assert_eq!(
            message(r#"{"chess960": 960}"#),
            StartPosition::chess960(960).unwrap_err().to_string()
        );
        assert_eq!(
            message(r#"{"chess960": "yes"}"#),
            "chess960 must be true, false or a start position's number from 0 to 959, not \"yes\""
        );
        assert_eq!(
            message(r#"{"chess960": 3, "fen": "8/8/8/8/8/8/8/K6k w - - 0 1"}"#),
            "give a fen or a Chess960 start's number (3), not both; chess960: true reads the fen in Chess960's castling"
        );
        assert!(
            message(r#"{"editon": "fide-2014"}"#)
                .starts_with("bad options: unknown field `editon`")
        );
        assert!(message(r#"{"fen": 3}"#).starts_with("bad options: invalid type"));
        assert!(message("[1,").starts_with("bad options:"));
    }

    #[test]
    fn a_bad_fen_is_named() {
        let err = Options::from_json(r#"{"fen": "8/8 w - - 0 1"}"#)
            .unwrap()
            .chosen()
            .unwrap_err();
        assert!(matches!(&err, ApiError::InvalidFen { fen, .. } if fen == "8/8 w - - 0 1"));
    }
}
