//! What every entry point takes: the start position (a FEN, or a
//! Chess960 start's number), the edition of the Laws and the 5.2.2 rule,
//! read from Python's arguments with errors that say what was wrong.

use drawrules::mating::DeadRule;
use drawrules::{Edition, Notation, StartPosition};
use pyo3::prelude::*;
use pyo3::types::PyBool;
use shakmaty::CastlingMode;

use crate::errors;

/// The start position: the standard one; `fen`, read in standard castling
/// or, with `chess960=True`, in Chess960's; or Chess960 start number
/// `chess960` (0 to 959).
pub fn start(
    py: Python<'_>,
    fen: Option<&str>,
    chess960: Option<&Bound<'_, PyAny>>,
) -> PyResult<StartPosition> {
    let chess960 = chess960.filter(|value| !value.is_none());
    let mode = match chess960 {
        Some(value) if value.is_instance_of::<PyBool>() => {
            if value.extract::<bool>()? {
                CastlingMode::Chess960
            } else {
                CastlingMode::Standard
            }
        }
        Some(value) => {
            let Ok(number) = value.extract::<u32>() else {
                return Err(errors::invalid_option(
                    py,
                    format!(
                        "chess960 must be True, False or a start position's number from 0 to 959, not {}",
                        value.repr()?
                    ),
                ));
            };
            if fen.is_some() {
                return Err(errors::invalid_option(
                    py,
                    format!(
                        "give a fen or a Chess960 start's number ({number}), not both; \
                         chess960=True reads the fen in Chess960's castling"
                    ),
                ));
            }
            return StartPosition::chess960(number)
                .map_err(|err| errors::invalid_option(py, err.to_string()));
        }
        None => CastlingMode::Standard,
    };
    match fen {
        Some(fen) => StartPosition::from_fen_in(fen, mode)
            .map_err(|err| errors::invalid_fen(py, err.to_string(), fen)),
        None if mode == CastlingMode::Chess960 => {
            Ok(StartPosition::chess960(518).expect("518 is the standard array"))
        }
        None => Ok(StartPosition::standard()),
    }
}

/// The edition named `name` (`fide-2018` or `fide-2014`).
pub fn edition(py: Python<'_>, name: &str) -> PyResult<Edition> {
    name.parse()
        .map_err(|err: drawrules::ParseEditionError| errors::invalid_option(py, err.to_string()))
}

/// The 5.2.2 rule named `name`: `material` or `exact` (the default
/// budget).
pub fn dead_rule(py: Python<'_>, name: &str) -> PyResult<DeadRule> {
    match name {
        "material" => Ok(DeadRule::Material),
        "exact" => Ok(DeadRule::exact()),
        other => Err(errors::invalid_option(
            py,
            format!("unknown dead-position rule {other:?} (expected material or exact)"),
        )),
    }
}

/// The 5.2.2 rule's name.
pub fn dead_rule_name(rule: DeadRule) -> &'static str {
    match rule {
        DeadRule::Material => "material",
        DeadRule::Exact(_) => "exact",
    }
}

/// How moves are read: `uci-or-san` (the default: `g1f3` or `Nf3`) or
/// `uci` (only UCI, as the engine protocol sends them).
pub fn notation(py: Python<'_>, name: &str) -> PyResult<Notation> {
    match name {
        "uci-or-san" => Ok(Notation::UciOrSan),
        "uci" => Ok(Notation::Uci),
        other => Err(errors::invalid_option(
            py,
            format!("unknown notation {other:?} (expected uci-or-san or uci)"),
        )),
    }
}

/// The notation's name.
pub fn notation_name(notation: Notation) -> &'static str {
    match notation {
        Notation::UciOrSan => "uci-or-san",
        Notation::Uci => "uci",
    }
}
