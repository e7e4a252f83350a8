//! The exceptions Python sees, defined in `drawrules/errors.py` (so that
//! each can be a `ValueError` or an `OSError` too, and carry the ply and
//! the move as attributes) and raised from here.

use drawrules::{Refusal, RefusalKind, Status};
use pyo3::prelude::*;

use crate::status;

/// An instance of `drawrules.errors.<name>` made with `args`.
fn raise<'py, A>(py: Python<'py>, name: &str, args: A) -> PyErr
where
    A: pyo3::call::PyCallArgs<'py>,
{
    let made = py
        .import("drawrules.errors")
        .and_then(|errors| errors.getattr(name))
        .and_then(|class| class.call1(args));
    match made {
        Ok(error) => PyErr::from_value(error),
        Err(err) => err,
    }
}

/// `InvalidFenError(message, fen)`.
pub fn invalid_fen(py: Python<'_>, message: String, fen: &str) -> PyErr {
    raise(py, "InvalidFenError", (message, fen.to_owned()))
}

/// `InvalidOptionError(message)`: an edition, dead rule or start the
/// package does not know.
pub fn invalid_option(py: Python<'_>, message: String) -> PyErr {
    raise(py, "InvalidOptionError", (message,))
}

/// The refusal of a move as `IllegalMoveError` or `GameOverError`, with
/// the records of the plies before it (those of the game so far, for a
/// game object).
pub fn refused(py: Python<'_>, refusal: &Refusal, records: &[Status]) -> PyErr {
    let name = match refusal.kind() {
        RefusalKind::GameOver => "GameOverError",
        _ => "IllegalMoveError",
    };
    let records = match status::records(py, records) {
        Ok(records) => records,
        Err(err) => return err,
    };
    raise(
        py,
        name,
        (
            refusal.to_string(),
            refusal.ply,
            refusal.text.clone().unwrap_or_default(),
            refusal.kind().name(),
            records,
        ),
    )
}

/// `SourceError(message, source)`: a PGN source that failed.
pub fn source(py: Python<'_>, message: String, source: &str) -> PyErr {
    raise(py, "SourceError", (message, source.to_owned()))
}
